"""``toolgraph plan`` and ``toolgraph runs``."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from toolgraph.cli.base import Context, emit, json_option, main, pass_ctx
from toolgraph.errors import ToolGraphError

if TYPE_CHECKING:
    from toolgraph.db.store import GraphStore
    from toolgraph.embeddings.base import Embedder


# -- the main job -------------------------------------------------------------------------------------------------
# -- plan ---------------------------------------------------------------------------------------------------------
def print_plan(d: dict[str, Any]) -> None:
    u = d["usage"]
    click.echo(f"plan {d['id']} ({d['policy']}{', ' + d['model'] if d.get('model') else ''}): {d['status']}")
    for r in d["subtasks"]:
        st = r["subtask"]
        after = f" (after {', '.join(map(str, st['context']))})" if st["context"] else ""
        click.echo(f"  subtask {st['id']}{after}: {st['description']}")
        click.echo(f"    {r['status']} in {r['rounds']} round(s): {' -> '.join(r['tools']) or 'no tool'}")
    click.echo("execution levels (tools of one level can run in parallel):")
    for i, level in enumerate(d["levels"]):
        click.echo(f"  {i}: {', '.join(level)}")
    for e in d["edges"]:
        what = f" `{e['resource']}`" if e.get("resource") else ""
        click.echo(f"  {e['source']} -> {e['target']}  {e['type'].lower()}{what}")
    backtracks = sum(1 for s in d["trace"] if s["kind"] == "backtrack")
    click.echo(f"{len(d['trace'])} trace steps, {backtracks} backtrack(s); {u['llm_calls']} LLM call(s), "
               f"{u['prompt_tokens']} prompt + {u['completion_tokens']} completion tokens; {u['seconds']:.2f} s")


@main.command()
@click.argument("query")
@click.option("--no-llm", is_flag=True, help="Use the graph-only policy even when an LLM is configured.")
@click.option("--no-decompose", is_flag=True, help="Plan the whole request as one subtask.")
@click.option("--no-memory", is_flag=True, help="Neither recall nor store long-term memories.")
@click.option("--no-save", is_flag=True, help="Do not store the run as a (:Run) node.")
@click.option("--top-k", default=8, show_default=True, type=click.IntRange(1, 100), help="Candidates per step.")
@click.option("--max-depth", default=5, show_default=True, type=click.IntRange(1, 50), help="Tools per subtask.")
@click.option("--max-steps", default=16, show_default=True, type=click.IntRange(1, 1000),
              help="Search decisions per subtask.")
@click.option("--max-rounds", default=3, show_default=True, type=click.IntRange(1, 10), help="Reflection rounds.")
@click.option("--trace", "show_trace", is_flag=True, help="Print every search step.")
@json_option
@pass_ctx
def plan(obj: Context, query: str, no_llm: bool, no_decompose: bool, no_memory: bool, no_save: bool, top_k: int,
         max_depth: int, max_steps: int, max_rounds: int, show_trace: bool, as_json: bool) -> None:
    """Plan a request: subtasks, a depth-first search over the graph for each, and the tool DAG.

    With TOOLGRAPH_LLM_BASE_URL and TOOLGRAPH_LLM_MODEL set an LLM makes the choices; otherwise (or with --no-llm)
    the deterministic graph-only policy does."""
    from toolgraph import wiring
    from toolgraph.planner import plan_request

    settings = obj.settings
    llm = None if no_llm else settings.llm.client()
    store = obj.store()
    embedder = _plan_embedder(obj, store)
    config = wiring.planner_config(settings, top_k=top_k, max_depth=max_depth, max_steps=max_steps,
                                   max_rounds=max_rounds, use_memory=not no_memory, remember=not no_memory,
                                   decompose=not no_decompose)
    result = plan_request(store, query, llm=llm, embedder=embedder, save=not no_save, config=config)

    def human(d: dict[str, Any]) -> None:
        if show_trace:
            for s in d["trace"]:
                tool = f" {s['tool']}" if s.get("tool") else ""
                click.echo(f"  [{s['n']:>3}] subtask {s['subtask']} round {s['round']} {s['kind']}{tool}: "
                           f"{s['reason'][:200]}")
        print_plan(d)

    emit(result.model_dump(mode="json"), as_json, human)


def _plan_embedder(obj: Context, store: GraphStore) -> Embedder | None:
    """The embedding model, when the graph holds its vectors (else the planner scores by words)."""
    if not store.query("get_embedding_model"):
        return None
    return obj.embedder()


@main.command()
@click.argument("run_id", required=False)
@click.option("--limit", default=20, show_default=True, type=click.IntRange(1, 10000))
@json_option
@pass_ctx
def runs(obj: Context, run_id: str | None, limit: int, as_json: bool) -> None:
    """Past planner runs, newest first; with RUN_ID, that run's whole plan."""
    store = obj.store()
    if run_id is None:
        rows = store.query("list_runs", limit=limit)
        emit(rows, as_json, lambda rs: [click.echo(
            f"{r['created']}  {r['id']}  {r['policy']:<5} {r['status']:<8} {r['tool_count']} tool(s)  {r['query']}")
            for r in rs])
        return
    rows = store.query("get_run", id=run_id)
    if not rows:
        raise ToolGraphError(f"no run {run_id!r} in the graph (`toolgraph runs` lists them)")
    emit(json.loads(rows[0]["plan"]), as_json, print_plan)
