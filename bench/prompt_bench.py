"""Prompt size: the LLM planner's prompts on RestBench TMDB against one prompt that lists every tool.

The graph is the spec-only TMDB graph of ``plan_bench.py`` (54 operations, weight jobs, offline embeddings; no
gold path). The planner runs its LLM policy through the real ``openai`` client against a scripted
OpenAI-compatible server on 127.0.0.1 in this process, which answers:

- decomposition: one subtask, the query itself;
- selection: while the path is empty, the first offered candidate (the first line ``- <id> | ...`` of the
  prompt), then ``finish`` (script ``one``, what the issue asks). Script ``gold`` goes on choosing the first
  offered candidate until the path is as long as the query's gold path, a closer stand-in for a model that builds
  whole paths;
- reflection: success.

Like the scripted server of the tests, it reports ``prompt_tokens`` = the characters of the messages' contents / 4
(integer division). Every call's characters and tokens are recorded per purpose (decompose, select, reflect), and
the planner's total per query is compared with the baseline: one selection prompt (the same ``SELECT_PROMPT`` and
JSON action instructions) whose candidate list is every tool of the graph, each rendered as the planner renders a
candidate (``describe_candidate``, with the tool's card, needs and a retrieval link), measured the same way.

It also renders every tool of the StableToolBench corpus the shared data holds (the ``toolbench`` import of
docs/benchmarks-history.md, "Retrieval"; read into a batch, nothing written) the same way, to show how the
baseline grows with the graph while the planner's prompts stay bounded by ``top_k``.

    .venv/bin/python bench/prompt_bench.py --torch-threads 1 --out bench/results/prompt_bench.json   # tables, JSON
    .venv/bin/python bench/prompt_bench.py --json                                                   # the JSON object

Figures: docs/benchmarks.md, section "Prompt size".
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from common import (
    SHARED_DATA,
    STARTED,
    arg_parser,
    bench_main,
    machine_info,
    machine_line,
    print_notes,
    private_server,
    progress,
    table,
)
from plan_bench import code_state, restbench_graph
from plan_scoring import restbench_queries
from tqdm import tqdm

from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.llm import ChatModel, action_instructions
from toolgraph.planner import Planner, PlannerConfig
from toolgraph.planner.graph import PlannerGraph, ToolCard
from toolgraph.planner.models import Candidate
from toolgraph.planner.policy import ACTIONS, SELECT_PROMPT, describe_candidate

CANDIDATE = re.compile(r"^- (\S+) \|", re.MULTILINE)
PATH_STEP = re.compile(r"^  \d+\. ", re.MULTILINE)
SCRIPTS = ("one", "gold")
STB_PATHS = ("stabletoolbench/test_instruction", "toolbench/data_example/instruction",
             "toolbench/data_example/toolenv")


def tokens(chars: int) -> int:
    """The estimate both sides are measured with: characters / 4, as the scripted server reports usage."""
    return chars // 4


def stats(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"mean": round(statistics.fmean(ordered), 1), "p50": ordered[len(ordered) // 2], "max": ordered[-1],
            "min": ordered[0]}


# -- the scripted server ----------------------------------------------------------------------------------------
class Script:
    """The scripted model: what to answer, and every request it saw (purpose, characters, tokens)."""

    def __init__(self) -> None:
        self.mode = "one"
        self.target = 1  # path length to reach in mode "gold"
        self.calls: list[dict[str, Any]] = []

    def answer(self, messages: list[dict[str, Any]]) -> str:
        system = str(messages[0].get("content") or "")
        user = str(messages[1].get("content") or "") if len(messages) > 1 else ""
        chars = sum(len(str(m.get("content") or "")) for m in messages)
        if system.startswith("Decompose"):
            purpose = "decompose"
            answer = json.dumps({"subtasks": [{"id": 1, "description": user, "category": None, "context": []}]})
        elif system.startswith("You select"):
            purpose = "select"
            path = 0 if "Path so far: empty" in user else len(PATH_STEP.findall(user))
            offered = CANDIDATE.findall(user)
            goal = 1 if self.mode == "one" else self.target
            if path < goal and offered:
                answer = json.dumps({"name": "choose_tool", "call_objective": "the first offered candidate",
                                     "args": {"tool": offered[0]}})
            else:
                answer = json.dumps({"name": "finish", "call_objective": "done", "args": {}})
        elif system.startswith("Judge whether"):
            purpose = "reflect"
            answer = json.dumps({"status": "success", "reason": "scripted"})
        else:
            purpose = "other"
            answer = "{}"
        self.calls.append({"purpose": purpose, "chars": chars, "tokens": tokens(chars), "messages": len(messages),
                           "candidates": len(CANDIDATE.findall(user)) if purpose == "select" else 0})
        return answer


@contextmanager
def scripted_server(script: Script) -> Iterator[str]:
    """The base URL (ending in /v1) of the tests' scripted OpenAI-compatible server (tests/fake_llm.py: the same
    chars // 4 token count), answering with ``script``, while it runs."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.fake_llm import fake_llm

    with fake_llm(script.answer) as (_fake, url):
        yield url


# -- the baseline: every tool in one prompt ----------------------------------------------------------------------
def render(card: dict[str, Any], tid: str, needs: list[str]) -> str:
    return describe_candidate(Candidate(id=tid, name=card.get("name") or tid, score=0.0, similarity=0.0,
                                        edge="RETRIEVAL", needs=needs), card)


def all_tools_prompt(query: str, lines: list[str]) -> int:
    """Characters of one selection prompt listing ``lines`` as the candidates, built as LLMPolicy builds one."""
    system = f"{SELECT_PROMPT}\n\n{action_instructions(ACTIONS, 'json')}"
    user = "\n".join([f"Subtask 1: {query}", "Path so far: empty", "Candidates:", *lines])
    return len(system) + len(user)


def graph_lines(store: Any) -> list[str]:
    """Every tool of the graph, as the planner renders a candidate (card brief, needs, retrieval link)."""
    graph = PlannerGraph(store)
    ids = [r["id"] for r in store.query("planner_scan_tools", category=None, limit=100000)]
    cards = graph.tools(ids)
    needs = graph.needed_inputs(ids)
    return [render(cards[t].brief(), t, sorted(needs.get(t, {}))) for t in sorted(cards)]


def corpus_lines(data: Path) -> tuple[list[str], list[str]]:
    """Every StableToolBench/ToolBench tool the shared data holds, rendered the same way (no needs: no graph)."""
    paths = [data / p for p in STB_PATHS if (data / p).exists()]
    batch = read_toolbench(paths, ImportBatch("toolbench"))
    lines = []
    for tool in batch.tools.values():
        group = batch.groups.get(tool.group_id)
        card = ToolCard(id=tool.id, name=tool.name, description=tool.description,
                        group=group.name if group else "", category=group.category if group else "",
                        required_params=tool.required_params, optional_params=tool.optional_params)
        lines.append(render(card.brief(), tool.id, []))
    return lines, [str(p) for p in paths]


# -- the run ----------------------------------------------------------------------------------------------------
def plan_all(store: Any, embedder: Any, url: str, script: Script, queries: list[dict[str, Any]],
             mode: str, on_query: Callable[[], None]) -> list[dict[str, Any]]:
    config = PlannerConfig(use_memory=False, remember=False)
    rows = []
    for q in queries:
        script.mode, script.target = mode, len(q["gold"])
        first = len(script.calls)
        model = ChatModel(base_url=url, model="scripted")  # a fresh model: usage counted for this query alone
        started = time.perf_counter()
        plan = Planner(store, llm=model, embedder=embedder, config=config).plan(q["query"], save=False)
        seconds = time.perf_counter() - started
        calls = script.calls[first:]
        traced = [s.llm for s in plan.trace if s.llm is not None]
        rows.append({
            "i": q["i"], "query": q["query"], "seconds": round(seconds, 3), "tools": len(plan.tool_ids()),
            "calls": len(calls), "tokens": sum(c["tokens"] for c in calls), "chars": sum(c["chars"] for c in calls),
            "by_purpose": {p: sum(c["tokens"] for c in calls if c["purpose"] == p)
                           for p in ("decompose", "select", "reflect")},
            "max_call_tokens": max((c["tokens"] for c in calls), default=0),
            "select_candidates": [c["candidates"] for c in calls if c["purpose"] == "select"],
            "plan_usage_tokens": plan.usage.prompt_tokens, "trace_tokens": sum(c.prompt_tokens for c in traced),
            "trace_chars": sum(c.prompt_chars for c in traced), "invalid_answers": plan.usage.invalid_answers})
        on_query()
    return rows


def summarise(rows: list[dict[str, Any]], baseline: dict[int, int]) -> dict[str, Any]:
    ratios = [r["tokens"] / baseline[r["i"]] for r in rows]
    select = [n for r in rows for n in r["select_candidates"]]
    return {
        "queries": len(rows), "tokens": stats([r["tokens"] for r in rows]),
        "calls": stats([r["calls"] for r in rows]), "max_call_tokens": stats([r["max_call_tokens"] for r in rows]),
        "by_purpose_mean": {p: round(statistics.fmean(r["by_purpose"][p] for r in rows), 1)
                            for p in ("decompose", "select", "reflect")},
        "ratio_to_baseline": {
            "mean": round(statistics.fmean(ratios), 3), "p50": round(sorted(ratios)[len(ratios) // 2], 3),
            "max": round(max(ratios), 3),
            "of_means": round(statistics.fmean(r["tokens"] for r in rows) / statistics.fmean(baseline.values()), 3)},
        "candidates_per_select": stats(select) if select else None,
        "usage_matches_server": all(r["plan_usage_tokens"] == r["tokens"] for r in rows),
        "trace_matches_server": all(r["trace_tokens"] == r["tokens"] for r in rows),
        "invalid_answers": sum(r["invalid_answers"] for r in rows),
        "latency_ms": stats([round(1000 * r["seconds"], 1) for r in rows])}


def run(args: argparse.Namespace) -> dict[str, Any]:
    import torch

    from toolgraph.config import EmbedSettings

    if args.torch_threads:
        torch.set_num_threads(args.torch_threads)
    embedder = EmbedSettings().embedder()
    queries = restbench_queries(args.data / "restbench" / "datasets" / "tmdb.json")
    if args.limit:
        queries = queries[: args.limit]
    config = PlannerConfig()
    result: dict[str, Any] = {"machine": machine_info(args.heap), "model": embedder.name, "notes": [],
                              "code": code_state(), "torch_threads": torch.get_num_threads(),
                              "load_before": os.getloadavg(), "top_k": config.top_k, "queries": len(queries),
                              "estimate": "prompt tokens = characters of the messages' contents // 4"}
    script = Script()
    with private_server(args.heap) as bench, scripted_server(script) as url:
        _, graph = restbench_graph(bench, embedder, args.data, None)
        lines = graph_lines(bench.store)
        per_line = [tokens(len(line) + 1) for line in lines]
        baseline = {q["i"]: tokens(all_tools_prompt(q["query"], lines)) for q in queries}
        fixed = tokens(all_tools_prompt("", []))
        result["graph"] = {"tools": graph["tools"], "relations": graph["relations"], "call_paths": graph["call_paths"]}
        result["baseline"] = {"tools": len(lines), "tokens": stats(list(baseline.values())),
                              "fixed_tokens": fixed, "line_tokens": stats(per_line),
                              "example_lines": lines[:3]}
        result["runs"] = {}
        with tqdm(total=len(queries) * len(SCRIPTS), desc="planning with the scripted LLM", unit="query",
                  file=sys.stderr) as bar:
            for mode in SCRIPTS:
                rows = plan_all(bench.store, embedder, url, script, queries, mode, lambda: bar.update(1))
                result["runs"][mode] = {**summarise(rows, baseline), "per_query": rows}
    progress("rendering the StableToolBench corpus")
    stb, paths = corpus_lines(args.data)
    if stb:
        stb_tokens = [tokens(len(line) + 1) for line in stb]
        result["corpus"] = {"paths": paths, "tools": len(stb), "line_tokens": stats(stb_tokens),
                            "prompt_tokens": tokens(all_tools_prompt("", stb)) + round(statistics.fmean(
                                tokens(len(q["query"])) for q in queries))}
    mean_line = statistics.fmean(per_line)
    result["projection"] = {
        "top_k_lines": fixed + round(statistics.fmean(tokens(len(q["query"])) for q in queries))
        + round(config.top_k * mean_line),
        "all_tools_at": {n: fixed + round(n * mean_line) for n in (54, 500, 2256, 16000)},
        "mean_line_tokens": round(mean_line, 1)}
    result["load_after"] = os.getloadavg()
    result["total_s"] = round(time.perf_counter() - STARTED, 1)
    return result


# -- output -----------------------------------------------------------------------------------------------------
def human(r: dict[str, Any]) -> None:
    print("# Prompt size: the LLM planner against every tool in one prompt (RestBench TMDB)\n")
    print(machine_line(r["machine"]))
    print(f"code: commit {r['code']['commit']}, uncommitted changes under toolgraph/ gds_jobs/ cypher/: "
          f"{len(r['code']['dirty'])}; torch threads {r['torch_threads']}")
    print(f"{r['queries']} queries; {r['estimate']}; top_k {r['top_k']}\n")
    b = r["baseline"]
    print(f"baseline: {b['tools']} tools in one selection prompt: {b['tokens']['mean']} tokens a query "
          f"(p50 {b['tokens']['p50']}, max {b['tokens']['max']}); fixed part {b['fixed_tokens']}, a tool line "
          f"{b['line_tokens']['mean']} tokens (max {b['line_tokens']['max']})\n")
    rows = []
    for mode, s in r["runs"].items():
        t = s["tokens"]
        rows.append([mode, t["mean"], t["p50"], t["max"], s["calls"]["mean"], s["max_call_tokens"]["mean"],
                     s["max_call_tokens"]["max"], s["ratio_to_baseline"]["of_means"], s["ratio_to_baseline"]["p50"],
                     s["ratio_to_baseline"]["max"]])
    rows.append(["all tools, one prompt", b["tokens"]["mean"], b["tokens"]["p50"], b["tokens"]["max"], 1,
                 b["tokens"]["mean"], b["tokens"]["max"], 1.0, 1.0, 1.0])
    print(table(["script", "tokens/query mean", "p50", "max", "calls", "largest call mean", "largest call max",
                 "ratio (means)", "ratio p50", "ratio max"], rows))
    print()
    for mode, s in r["runs"].items():
        c = s["candidates_per_select"] or {}
        print(f"{mode}: mean tokens by purpose {s['by_purpose_mean']}; candidates per selection prompt mean "
              f"{c.get('mean')}, max {c.get('max')}; plan.usage matches the server: {s['usage_matches_server']}, "
              f"trace matches: {s['trace_matches_server']}; invalid answers {s['invalid_answers']}; "
              f"latency ms {s['latency_ms']}")
    p = r["projection"]
    print(f"\na selection prompt with top_k candidate lines and an empty path (fixed + mean query + top_k x mean "
          f"line): {p['top_k_lines']} tokens; unmet-input providers come on top of top_k (max per prompt above)")
    print("all tools in one prompt, projected at the TMDB mean line of "
          f"{p['mean_line_tokens']} tokens: " + ", ".join(f"{n} tools {v:,}" for n, v in p["all_tools_at"].items()))
    if "corpus" in r:
        c = r["corpus"]
        print(f"StableToolBench corpus ({c['tools']} tools, rendered): a line {c['line_tokens']['mean']} tokens "
              f"(max {c['line_tokens']['max']}); one prompt with all of them {c['prompt_tokens']:,} tokens")
    print(f"\ntotal {r['total_s']} s")
    print_notes(r)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = arg_parser(__doc__, "1g")
    p.add_argument("--data", type=Path, default=SHARED_DATA, help=f"the shared data (default {SHARED_DATA})")
    p.add_argument("--limit", type=int, default=0, help="only the first N RestBench queries (a quick check)")
    p.add_argument("--torch-threads", type=int, default=0,
                   help="torch intra-op threads for the query embeddings (default: torch's own, the core count)")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    return bench_main(parse_args(argv), run, human)


if __name__ == "__main__":
    sys.exit(main())
