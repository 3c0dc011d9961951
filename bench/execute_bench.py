"""Execution benchmark: level-parallel vs sequential calls, response compression on recorded ToolBench
responses, and end to end (plan, bind, call, answer) with no LLM on a suite of multi-step requests.

1. parallel: the same hand-made plans over the RestBench TMDB tools, run against the local TMDB-shaped service
   with injected latency, once with all calls of a level at once and once one call at a time (per_host=1), in the
   same run; wall-time ratio against the ideal levels/calls.
2. compression: every tool response on the winning paths of the ToolBench DFS answer trees in ../shared/data
   (data_example/answer) and on the 600 tooleval call paths (tooleval_cot_paths), compressed to 1,024 characters
   by the rules; characters before/after and the share of
   the fields a later call of the same path used (a field whose value appears in a later call's arguments) kept.
3. suite: >= 30 requests (chains of 2-3 calls) over the TMDB-shaped service, planned by the graph-only policy on
   the imported RestBench TMDB spec and executed with the binder: success (the answer holds the expected facts),
   correct call path (the executed tools equal the gold chain), calls per request, latency.

    python bench/execute_bench.py [--json] [--out FILE] [--delay 0.2]
"""

from __future__ import annotations

import ast
import asyncio
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import (  # noqa: E402
    ROOT,
    SHARED_DATA,
    arg_parser,
    bench_main,
    machine_info,
    machine_line,
    private_server,
    progress,
    table,
)
from toolgraph.config import ExecGroup  # noqa: E402
from toolgraph.execute import RunConfig, execute_plan, run_request  # noqa: E402
from toolgraph.execute.compress import compress, dumps  # noqa: E402
from toolgraph.execute.demo_service import FILMS, PEOPLE, DemoService  # noqa: E402
from toolgraph.execute.http import HttpExecutor  # noqa: E402
from toolgraph.planner.models import DataFlow, Plan, PlannedTool, Subtask, SubtaskResult, Usage  # noqa: E402

T = "movies/tmdb/"
SEARCH_MOVIE, CREDITS, DETAILS = T + "get_search_movie", T + "get_movie_movie_id_credits", T + "get_movie_movie_id"
KEYWORDS, SIMILAR = T + "get_movie_movie_id_keywords", T + "get_movie_movie_id_similar"
SEARCH_PERSON, PERSON = T + "get_search_person", T + "get_person_person_id"
PERSON_MOVIES = T + "get_person_person_id_movie_credits"


def import_tmdb(store: Any) -> None:
    from gds_jobs import JOBS, run_jobs
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.openapi import read_restbench
    from toolgraph.ingest.writer import write_batch

    rb = ROOT / "import" / "restbench"
    write_batch(store, read_restbench(rb / "tmdb.json", rb / "tmdb_oas.json", ImportBatch("bench"), group="TMDB",
                                      category="Movies"), skip_invalid=True)
    run_jobs(store, JOBS)


def executors(service: DemoService) -> list[Any]:
    return [HttpExecutor({"movies/tmdb": ExecGroup(base_url=service.url, allow_private=True)})]


# -- 1. parallel vs sequential ------------------------------------------------------------------------------------
def hand_plan(movie_id: int) -> Plan:
    levels = [[DETAILS, CREDITS, KEYWORDS, SIMILAR], [PERSON_MOVIES]]
    ids = [t for level in levels for t in level]
    return Plan(id=f"bench-{movie_id}-{time.time_ns()}", query=f"Everything about movie {movie_id}", policy="graph",
                created="", status="success",
                subtasks=[SubtaskResult(subtask=Subtask(id=1, description="all"), tools=ids, status="success")],
                tools=[PlannedTool(id=t, name=t, subtask=1, level=d) for d, lv in enumerate(levels) for t in lv],
                edges=[DataFlow(source=CREDITS, target=PERSON_MOVIES, type="STRONG_RESOURCE", resource="person_id")],
                levels=levels, trace=[], usage=Usage())


def parallel(store: Any, delay: float) -> dict[str, Any]:
    out: dict[str, Any] = {"delay_s": delay, "runs": []}
    with DemoService(delay_s=delay) as service:
        for f in FILMS:
            row: dict[str, Any] = {"movie": f["title"]}
            for label, per_host in (("parallel", 8), ("sequential", 1)):
                config = RunConfig(per_host=per_host, learn=False, save=False, substitutes=0)
                started = time.perf_counter()
                result = asyncio.run(execute_plan(store, hand_plan(f["id"]), executors=executors(service),
                                                  config=config))
                row[label + "_s"] = round(time.perf_counter() - started, 3)
                row[label + "_ok"] = sum(c.status == "ok" for c in result.calls)
            row["calls"], row["levels"] = 5, 2
            out["runs"].append(row)
    par = sum(r["parallel_s"] for r in out["runs"])
    seq = sum(r["sequential_s"] for r in out["runs"])
    out |= {"parallel_s": round(par, 3), "sequential_s": round(seq, 3), "ratio": round(par / seq, 3),
            "ideal_ratio": 2 / 5}
    return out


# -- 2. compression -----------------------------------------------------------------------------------------------
def _parse(observation: Any) -> Any:
    try:
        outer = json.loads(observation) if isinstance(observation, str) else observation
        response = outer.get("response", outer) if isinstance(outer, dict) else outer
    except ValueError:
        return None
    if isinstance(response, str):
        for parse in (json.loads, ast.literal_eval):
            try:
                return parse(response)
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                continue
        return None
    return response


def _leaves(value: Any, key: str = "") -> list[tuple[str, str]]:
    if isinstance(value, dict):
        return [leaf for k, v in value.items() for leaf in _leaves(v, str(k))]
    if isinstance(value, list):
        return [leaf for v in value[:50] for leaf in _leaves(v, key)]
    return [(key, str(value))] if key and value not in (None, "") and len(str(value)) >= 3 else []


def compression(limit: int, data: Path) -> dict[str, Any]:
    from toolgraph.ingest.paths import _winning_branch

    paths: list[tuple[str, list[tuple[str, Any]]]] = []  # (query, [(arguments, parsed response)])
    trees = [*sorted((data / "toolbench" / "data_example" / "answer").glob("G*_answer/*.json")),
             *sorted((data / "stabletoolbench" / "answers").glob("*/*/*.json"))]
    for path in trees:
        record = json.loads(path.read_text())
        tree = record.get("tree", {}).get("tree") if isinstance(record.get("tree"), dict) else None
        chain = _winning_branch(tree) if tree else []
        chain = chain or []
        paths.append((record.get("answer_generation", {}).get("query", ""), [
            (chain[i + 1].get("description") or "", _parse(chain[i + 1].get("observation")))
            for i, n in enumerate(chain[:-1])
            if n.get("node_type") == "Action" and chain[i + 1].get("node_type") == "Action Input"]))
    for path in sorted((data / "toolbench" / "tooleval_cot_paths").glob("*.json")):
        for record in json.loads(path.read_text()).values():
            node, calls = (record["answer"]["answer_details"] or [None])[0], []
            while node:
                m = node.get("message")
                if node.get("role") == "tool" and isinstance(m, str):
                    try:
                        m = ast.literal_eval(m)
                    except (ValueError, SyntaxError, MemoryError, RecursionError):
                        m = None  # the dataset cut long messages: their responses cannot be read
                if node.get("role") == "tool" and isinstance(m, dict) and m.get("name") != "Finish":
                    calls.append((str(m.get("arguments") or ""), _parse(m.get("response"))))
                node = (node.get("next") or [None])[0]
            paths.append((record.get("query", ""), calls))
    rows = []
    for query, calls in paths:
        for i, (_, value) in enumerate(calls):
            if value is None or isinstance(value, str | int | float):
                continue
            later = " ".join(args for args, _ in calls[i + 1:])
            needed = {(k, v) for k, v in _leaves(value) if v in later}
            small = compress(value, keep={k for k, _ in needed}, request=query, limit=limit)
            blind = compress(value, request=query, limit=limit)  # without knowing what later calls need
            text, blind_text = dumps(small), dumps(blind)
            rows.append({"before": len(dumps(value)), "after": len(text), "needed": len(needed),
                         "kept": sum(1 for _, v in needed if v in text),
                         "kept_blind": sum(1 for _, v in needed if v in blind_text)})
    needing = [r for r in rows if r["needed"]]
    over = [r for r in rows if r["before"] > limit]
    return {"limit": limit, "responses": len(rows), "over_limit": len(over),
            "chars_before": sum(r["before"] for r in rows), "chars_after": sum(r["after"] for r in rows),
            "median_before_over": statistics.median([r["before"] for r in over]) if over else 0,
            "median_after_over": statistics.median([r["after"] for r in over]) if over else 0,
            "responses_with_needed_fields": len(needing),
            "needed_fields": sum(r["needed"] for r in needing), "kept": sum(r["kept"] for r in needing),
            "kept_blind": sum(r["kept_blind"] for r in needing),
            "kept_share": round(sum(r["kept"] for r in needing) / max(1, sum(r["needed"] for r in needing)), 3),
            "kept_share_blind": round(sum(r["kept_blind"] for r in needing)
                                      / max(1, sum(r["needed"] for r in needing)), 3)}


# -- 3. the suite -------------------------------------------------------------------------------------------------
def suite() -> list[dict[str, Any]]:
    """Requests with their gold chain and the facts the answer must hold."""
    out = []
    for f in FILMS:
        director = next(n for _, n, j, _ in f["crew"] if j == "Director")
        out += [
            {"q": f"Find the movie {f['title']} and show its cast and crew", "gold": [SEARCH_MOVIE, CREDITS],
             "facts": [f["cast"][0][1], director]},
            {"q": f"Who directed the movie {f['title']}?", "gold": [SEARCH_MOVIE, CREDITS], "facts": [director]},
            {"q": f"What are the keywords of the movie {f['title']}?", "gold": [SEARCH_MOVIE, KEYWORDS],
             "facts": [f["keywords"][0]]},
            {"q": f"Give me the runtime and genres of the movie {f['title']}", "gold": [SEARCH_MOVIE, DETAILS],
             "facts": [str(f["runtime"]), f["genres"][0]]},
        ]
    actors = {(pid, name) for f in FILMS for pid, name, _ in f["cast"][:1]}
    for pid, name in sorted(actors):
        titles = [f["title"] for f in FILMS if any(p == pid for p, *_ in f["cast"])]
        out.append({"q": f"Which movies has {name} acted in?", "gold": [SEARCH_PERSON, PERSON_MOVIES],
                    "facts": titles})
    for pid, info in sorted(PEOPLE.items()):
        name = next(n for f in FILMS for p, n, *_ in [*f["cast"], *f["crew"]] if p == pid)
        out.append({"q": f"When was {name} born?", "gold": [SEARCH_PERSON, PERSON], "facts": [info["birthday"]]})
    for title, other in (("Titanic", "Avatar"), ("The Dark Knight", "Inception")):
        out.append({"q": f"What other movies has the director of {title} made?",
                    "gold": [SEARCH_MOVIE, CREDITS, PERSON_MOVIES], "facts": [other]})
    return out


def end_to_end(store: Any, embedder: Any) -> dict[str, Any]:
    cases = []
    with DemoService() as service:
        for case in suite():
            started = time.perf_counter()
            result = run_request(store, case["q"], executors=executors(service), embedder=embedder,
                                 config=RunConfig(run_timeout_s=30, learn=False, save=False))
            seconds = time.perf_counter() - started
            path = [c.tool for level in result.levels for c in result.calls if c.id in level and c.status == "ok"]
            cases.append({"q": case["q"], "gold": case["gold"], "path": path,
                          "planned": [t for level in result.plan.levels for t in level],
                          "success": all(f.lower() in result.answer.text.lower() for f in case["facts"]),
                          "correct_path": path == case["gold"], "calls": len(result.calls),
                          "failed": [c.error for c in result.calls if c.status != "ok"],
                          "seconds": round(seconds, 3), "execute_s": result.timings.execute_s})
    n = len(cases)
    gold_plans = [c for c in cases if c["planned"] == c["gold"]]
    return {"requests": n, "success": round(sum(c["success"] for c in cases) / n, 3),
            "correct_path": round(sum(c["correct_path"] for c in cases) / n, 3),
            "planned_gold": len(gold_plans),
            "success_given_gold_plan": round(sum(c["success"] for c in gold_plans) / max(1, len(gold_plans)), 3),
            "calls_per_request": round(sum(c["calls"] for c in cases) / n, 2),
            "median_s": round(statistics.median(c["seconds"] for c in cases), 3),
            "median_execute_s": round(statistics.median(c["execute_s"] for c in cases), 3),
            "by_length": {str(k): round(sum(c["success"] for c in cases if len(c["gold"]) == k)
                                        / max(1, sum(1 for c in cases if len(c["gold"]) == k)), 3) for k in (2, 3)},
            "cases": cases}


def run(args: Any) -> dict[str, Any]:
    result: dict[str, Any] = {"machine": machine_info(args.heap)}
    progress("compression on the ToolBench answer trees")
    result["compression"] = compression(args.limit, args.data)
    with private_server(args.heap) as bench:
        progress("importing the RestBench TMDB spec and computing the weights")
        import_tmdb(bench.store)
        embedder = None
        if not args.no_embed:
            from toolgraph.config import EmbedSettings
            from toolgraph.retrieve.embed import embed_tools

            embedder = EmbedSettings().embedder()
            embed_tools(bench.store, embedder)
            result["embedder"] = embedder.name
        progress("parallel vs sequential")
        result["parallel"] = parallel(bench.store, args.delay)
        progress("the end-to-end suite (no LLM)")
        result["suite"] = end_to_end(bench.store, embedder)
    return result


def human(r: dict[str, Any]) -> None:
    print(machine_line(r["machine"]) + f"; planner embeddings: {r.get('embedder') or 'none'}")
    p = r["parallel"]
    print(f"\nparallel vs sequential ({p['delay_s']} s per call, 6 plans of 5 calls in 2 levels):")
    print(table(["plan", "parallel s", "sequential s", "ok"],
                [[x["movie"], x["parallel_s"], x["sequential_s"], x["parallel_ok"]] for x in p["runs"]]))
    print(f"total {p['parallel_s']} s vs {p['sequential_s']} s: ratio {p['ratio']} (ideal {p['ideal_ratio']})")
    c = r["compression"]
    print(f"\ncompression to {c['limit']} chars: {c['responses']} responses ({c['over_limit']} over the limit), "
          f"{c['chars_before']} -> {c['chars_after']} chars; median of those over: {c['median_before_over']} -> "
          f"{c['median_after_over']}; fields later calls used kept: {c['kept']}/{c['needed_fields']} "
          f"({c['kept_share']}) vs {c['kept_blind']} ({c['kept_share_blind']}) without the downstream hint")
    s = r["suite"]
    print(f"\nsuite: {s['requests']} requests: success {s['success']}, correct path {s['correct_path']}, "
          f"{s['calls_per_request']} calls/request, median {s['median_s']} s ({s['median_execute_s']} s executing); "
          f"success by chain length {s['by_length']}; the planner chose the gold chain for {s['planned_gold']}, "
          f"and of those the execution answered {s['success_given_gold_plan']}")
    for case in s["cases"]:
        if not case["success"]:
            print(f"  missed: {case['q']}: path {case['path']} (planned {case['planned']}) {case['failed'][:1]}")


def main(argv: list[str] | None = None) -> int:
    p = arg_parser(__doc__, "1g")
    p.add_argument("--delay", type=float, default=0.2, help="injected latency per call, seconds (default 0.2)")
    p.add_argument("--limit", type=int, default=1024, help="the compression limit (default 1024)")
    p.add_argument("--data", type=Path, default=SHARED_DATA, help=f"the shared data (default {SHARED_DATA})")
    p.add_argument("--no-embed", action="store_true", help="plan without the embedding model (words only)")
    return bench_main(p.parse_args(argv), run, human)


if __name__ == "__main__":
    sys.exit(main())
