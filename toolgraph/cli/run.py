"""``toolgraph run`` (plan, execute, answer) and ``toolgraph tools call`` (one validated call, for debugging)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import click

from toolgraph.cli.base import Context, emit, json_option, main, pass_ctx
from toolgraph.errors import ToolGraphError


def print_run(d: dict[str, Any], *, trace: bool = False) -> None:
    click.echo(d["answer"]["text"])
    calls = {c["id"]: c for c in d["calls"]}
    t = d["timings"]
    click.echo(f"\nrun {d['id']}: {d['status']} (plan {t['plan_s']:.2f} s, execute {t['execute_s']:.2f} s, "
               f"answer {t['answer_s']:.2f} s)")
    for why in d.get("reasons") or []:
        click.echo(f"  not a success: {why}")
    edges = (d.get("learned") or {}).get("edges") or {}
    if edges.get("tools"):
        click.echo(f"learnt new output fields of {edges['tools']} tool(s): {edges['written']} dependency edge(s) "
                   f"re-mined ({edges['observed']} from a learnt shape, {edges['removed']} replaced); "
                   "`toolgraph weights run` re-checks them with a configured LLM and refreshes the other weights")
    click.echo("execution levels (calls of one level ran in parallel):")
    for i, level in enumerate(d["levels"]):
        for cid in level:
            c = calls[cid]
            args = json.dumps(c["arguments"], ensure_ascii=False)
            sub = f" (substitute for {c['substitute_for']})" if c.get("substitute_for") else ""
            click.echo(f"  {i}: [{cid}] {c['tool']}{sub} {args} -> {c['status']} in {c['latency_ms']:.0f} ms"
                       f"{', ' + str(c['attempts']) + ' tries' if c['attempts'] > 1 else ''}")
            if c.get("error"):
                click.echo(f"       {c['error'][:300]}")
            for r in c.get("replanned") or []:
                click.echo(f"       re-planned [{r['id']}] {r['tool']} -> {r['status']}")
            if trace:
                click.echo(f"       bound from: {json.dumps(c['bound_from'])}")
                click.echo(f"       result ({c['result_chars']} of {c['raw_chars']} chars): "
                           f"{json.dumps(c['result'], ensure_ascii=False)[:1200]}")


def execute_request(obj: Context, query: str, *, no_llm: bool = False, learn: bool = True) -> Any:
    """Plan and run ``query`` with the settings' LLM (unless ``no_llm``), embedder and executors."""
    from toolgraph import wiring
    from toolgraph.cli.plan import _plan_embedder
    from toolgraph.execute import run_request

    settings = obj.settings
    llm = None if no_llm else settings.llm.client()
    store = obj.store()
    rconfig = wiring.run_config(settings)
    rconfig.learn = rconfig.learn and learn
    try:
        return run_request(store, query, llm=llm, embedder=_plan_embedder(obj, store),
                           executors=wiring.executors(settings, store=store, llm=llm),
                           config=rconfig, planner_config=wiring.planner_config(settings))
    except KeyboardInterrupt as exc:
        raise ToolGraphError("run cancelled (Ctrl-C): the calls in flight were stopped, nothing was stored") from exc


@main.command("run")
@click.argument("query")
@click.option("--no-llm", is_flag=True, help="Plan, bind arguments and answer without the LLM even if one is set.")
@click.option("--trace", "show_trace", is_flag=True, help="Also print each call's bindings and compressed result.")
@click.option("--no-learn", is_flag=True,
              help="Store the run but teach nothing: no outcome counts, call path or memories.")
@json_option
@pass_ctx
def run_cmd(obj: Context, query: str, no_llm: bool, show_trace: bool, no_learn: bool, as_json: bool) -> None:
    """Answer a request: plan it, run the planned tools level by level (calls of one level in parallel), and
    answer from their results. Tool groups are reached as TOOLGRAPH_EXEC_GROUPS says (see docs/execution.md).
    A run is a success only when its goal tools ran and the answer holds what was asked; only a success teaches
    (`toolgraph forget RUN_ID` takes back what a run taught)."""
    result = execute_request(obj, query, no_llm=no_llm, learn=not no_learn)
    emit(result.model_dump(mode="json"), as_json, lambda d: print_run(d, trace=show_trace))


@main.group()
def tools() -> None:
    """Single tools: call one for debugging."""


@tools.command("call")
@click.argument("tool_id")
@click.option("--arg", "args", multiple=True, metavar="NAME=VALUE",
              help="An argument; VALUE is parsed as JSON when it parses (numbers, true), else taken as text.")
@json_option
@pass_ctx
def tools_call(obj: Context, tool_id: str, args: tuple[str, ...], as_json: bool) -> None:
    """Call one tool with validated arguments and print its response."""
    from toolgraph import wiring
    from toolgraph.execute.params import validate
    from toolgraph.execute.runner import load_tool

    tool = load_tool(obj.store(), tool_id)
    if tool is None:
        raise ToolGraphError(f"no tool {tool_id!r} in the graph (`toolgraph search` finds tools)")
    arguments: dict[str, Any] = {}
    for item in args:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise ToolGraphError(f"--arg {item!r}: expected NAME=VALUE")
        try:
            arguments[name] = json.loads(value)
        except ValueError:
            arguments[name] = value
    arguments = validate(tool, arguments)
    executors = wiring.executors(obj.settings, store=obj.store(), llm=obj.settings.llm.client())
    executor = next((e for e in executors if e.handles(tool)), None)
    if executor is None:
        raise ToolGraphError(f"{tool_id}: no executor runs tools of source {tool.source!r}")
    async def once() -> Any:
        try:
            return await executor.call(tool, arguments, timeout_s=obj.settings.exec.call_timeout_s)
        finally:
            if hasattr(executor, "aclose"):
                await executor.aclose()

    result = asyncio.run(once())
    from toolgraph.execute.models import mask

    out = {"tool": tool_id, "executor": executor.kind, "arguments": mask(arguments), "simulated": result.simulated,
           "raw_size": result.raw_size, "meta": result.meta, "value": result.value}
    emit(out, as_json, lambda d: click.echo(json.dumps(d["value"], indent=2, ensure_ascii=False)[:20000]))
