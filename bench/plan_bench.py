"""The graph-only planner (no LLM) against RestBench TMDB and the TaskBench sample, with a retrieval-only baseline
in the same run.

RestBench (``../shared/data/restbench``, 100 queries with gold call paths over the 54 TMDB operations):

- ``spec-only``: the graph is built from the OpenAPI spec alone (``read_openapi``), then every weight job (resource
  miner included, portable backend) and the offline embeddings. No gold path is in it: no call path, no
  ``SEQUENTIAL`` edge. All 100 queries are planned.
- held out: every RestBench-style set under ``bench/data/heldout/`` (a spec ``*_oas.json`` and its queries),
  written for this project blind to the planner (their READMEs); spec-only graphs, scored like TMDB. Nothing was
  tuned on them (``--heldout DIR ...`` picks others, ``--skip-heldout`` leaves them out);
- ``2-fold``: the even-index queries' gold paths are imported as call paths (so the transition job mines
  ``SEQUENTIAL`` edges from them) and the odd-index queries are planned, then the other way round; the two halves
  are pooled. A fresh server each fold.

Scores, per query, with the plan's execution order ``plan.tool_ids()`` mapped back to ``METHOD /path`` through each
tool's ``source_ref``: correct path (CP: the gold path is a subsequence of the plan), exact match (plan == gold),
gold covered (every gold call is in the plan, in any order) and Δ solution length (plan length − gold length).

TaskBench (``data_huggingface/graph_desc.json`` as the graph, with the weight jobs and embeddings; the gold tool
graphs of ``data_huggingface_sample/data.sample.jsonl``): node F1 (tool names through ``source_ref.node``) and
edge F1 (plan.edges source → target against ``task_links``), macro over requests, and by type single/chain/dag.

The planner runs with rules-based decomposition on and off, ``use_memory=False``, ``remember=False`` and
``save=False``, a fresh ``Planner`` for every query (as ``plan_request`` does). The baseline is the top k tools of
``Retriever`` (methods graph and hybrid, k = 1, 2, 3) in score order (TaskBench edges: consecutive pairs).

``--sweep`` also grid-searches the graph policy (``extend_ratio`` x ``extend_floor``, "never extend", and
``need_cost``) on the even-index RestBench queries (spec-only graph, decomposition on) and reports the default and the
best grid point on the odd-index ones. ``--torch-threads 1`` is what the documented runs used: on a 2-core VM torch's
default threads make each query embedding several times slower (docs/benchmarks.md, "Planner").

    .venv/bin/python bench/plan_bench.py --torch-threads 1 --out bench/results/plan_bench.json   # tables, JSON kept
    .venv/bin/python bench/plan_bench.py --json                                                 # the JSON object
    .venv/bin/python bench/plan_bench.py --torch-threads 1 --sweep --out bench/results/plan_bench_sweep.json

Progress goes to stderr. Figures: docs/benchmarks.md, section "Planner".
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from common import ROOT, SHARED_DATA, STARTED, Bench, arg_parser, bench_main, machine_info, private_server, progress
from plan_report import human
from plan_scoring import (
    aggregate_rest,
    aggregate_task,
    percentiles,
    restbench_queries,
    score_rest,
    score_task,
    taskbench_requests,
)
from tqdm import tqdm

from gds_jobs import JOBS, run_jobs
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.openapi import read_openapi, read_restbench
from toolgraph.ingest.taskbench import read_taskbench
from toolgraph.planner import Planner, PlannerConfig
from toolgraph.planner.graph import PlannerGraph
from toolgraph.planner.policy import GraphPolicy
from toolgraph.retrieve.embed import embed_tools
from toolgraph.retrieve.search import Retriever

GROUP, CATEGORY = "TMDB", "Movies"
RETRIEVAL_METHODS = ("graph", "hybrid", "keyword")  # keyword: BM25 alone
KS = (1, 2, 3)
# (label, rule decomposition, whole chains): the third is the step-by-step search of round 1, as a baseline
PLANNER_RUNS = (("planner, decomposition on", True, True), ("planner, decomposition off", False, True),
                ("planner, step by step (no chains)", True, False))
HELDOUT = Path(__file__).resolve().parent / "data" / "heldout"
SWEEP_RATIOS = (0.7, 0.8, 0.9, 1.0, 1.1)
SWEEP_FLOORS = (0.2, 0.3, 0.4, 0.5)
SWEEP_NEED_COSTS = (0.0, 0.1, 0.2, 0.3, 0.5)
NEVER_EXTEND = {"extend_floor": 1.01}  # no cosine reaches it: the policy never extends a path past its needs
# The graph policy's defaults, read from the code measured.
DEFAULT_POLICY = {k: getattr(GraphPolicy(), k) for k in ("extend_ratio", "extend_floor", "need_cost")
                  if hasattr(GraphPolicy(), k)}


def code_state() -> dict[str, Any]:
    """The commit measured, and whether the planner's code differed from it (other work goes on beside a run)."""
    def git(*argv: str) -> str:
        try:
            return subprocess.run(["git", *argv], cwd=ROOT, capture_output=True, text=True, timeout=20).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""

    dirty = git("status", "--porcelain", "--", "toolgraph", "gds_jobs", "cypher")
    return {"commit": git("rev-parse", "--short", "HEAD"), "dirty": dirty.splitlines() if dirty else []}


# -- graphs ---------------------------------------------------------------------------------------------------------
def finish_graph(bench: Bench, batch: ImportBatch, embedder: Any) -> dict[str, Any]:
    """Write the batch, run every weight job (portable) and embed; what the graph then holds."""
    report, timing = bench.write(batch, skip_invalid=True)
    jobs = run_jobs(bench.store, JOBS, backend="portable")
    embedded = embed_tools(bench.store, embedder)
    relations = {r["type"]: r["n"] for r in bench.cypher("tool_relations_by_type")}
    return {"import_s": round(timing.wall_s, 2), "rejected": [str(p) for p in report.rejected],
            "jobs": {j["job"]: {"seconds": j["seconds"], "stats": j["stats"]} for j in jobs},
            "tools": embedded["tools"], "relations": relations,
            "call_paths": bench.cypher("count_call_paths")[0]["n"]}


def tool_names(bench: Bench, ids: Iterable[str], name: Callable[[dict[str, Any]], str]) -> dict[str, str]:
    """Tool id -> the benchmark's name for it, from each tool's stored ``source_ref``."""
    rows = bench.store.query("tool_cards", ids=list(ids))
    return {r["id"]: name(json.loads(r["source_ref"] or "{}")) for r in rows}


def restbench_graph(bench: Bench, embedder: Any, data: Path, paths_from: list[dict[str, Any]] | None
                    ) -> tuple[dict[str, str], dict[str, Any]]:
    """The TMDB spec, plus the gold paths of ``paths_from`` as call paths; (tool id -> "METHOD /path", stats)."""
    spec = data / "restbench" / "specs" / "tmdb_oas.json"
    batch = ImportBatch("restbench")
    if paths_from is None:
        index = read_openapi(spec, batch, group=GROUP, category=CATEGORY)
    else:
        with tempfile.TemporaryDirectory(prefix="plan-bench-") as tmp:
            half = Path(tmp) / "tmdb_half.json"
            half.write_text(json.dumps([{"query": q["query"], "solution": q["solution"]} for q in paths_from]),
                            encoding="utf-8")
            read_restbench(half, spec, batch, group=GROUP, category=CATEGORY)
        index = {(t.source_ref["method"], t.source_ref["path"]): t.id for t in batch.tools.values()}
    return operations_graph(bench, embedder, batch, index)


def spec_graph(bench: Bench, embedder: Any, spec: Path, group: str) -> tuple[dict[str, str], dict[str, Any]]:
    """Any RestBench-style spec alone (no gold path): (tool id -> "METHOD /path", stats)."""
    batch = ImportBatch("restbench")
    return operations_graph(bench, embedder, batch, read_openapi(spec, batch, group=group, category=group))


def operations_graph(bench: Bench, embedder: Any, batch: ImportBatch, index: dict[tuple[str, str], str]
                     ) -> tuple[dict[str, str], dict[str, Any]]:
    """The batch written and finished (finish_graph); (tool id -> "METHOD /path", stats with the dead ends)."""
    stats = finish_graph(bench, batch, embedder)
    names = tool_names(bench, index.values(), lambda ref: f"{ref.get('method')} {ref.get('path')}")
    stats["mapping_ok"] = all(names.get(tid) == f"{m} {p}" for (m, p), tid in index.items())
    stats["dead_ends"] = sorted(names[t] for t in dead_ends(bench, list(names)))
    return names, stats


def heldout_sets(dirs: list[Path]) -> list[tuple[str, Path, Path]]:
    """(name, spec, queries) for each folder holding one ``*_oas.json`` spec and its RestBench-format queries."""
    out = []
    for d in dirs:
        specs = sorted(d.glob("*_oas.json"))
        queries = [p for p in sorted(d.glob("*.json")) if p not in specs]
        if len(specs) != 1 or len(queries) != 1:
            raise ValueError(f"{d}: a held-out set folder holds one *_oas.json spec and one queries .json file; "
                             f"found specs {[p.name for p in specs]}, other .json {[p.name for p in queries]}")
        out.append((d.name, specs[0], queries[0]))
    return out


def heldout(args: argparse.Namespace, embedder: Any) -> dict[str, Any]:
    """The RestBench-style sets nothing was tuned on: each spec alone, every method, as for TMDB."""
    out: dict[str, Any] = {}
    for name, spec, qfile in heldout_sets(args.heldout):
        queries = restbench_queries(qfile)
        gold = {q["i"]: q["gold"] for q in queries}
        with private_server(args.heap) as bench:
            names, stats = spec_graph(bench, embedder, spec, name)
            progress(f"held-out {name}: {stats['tools']} tools, relations {stats['relations']}")
            runs = runs_on(bench, embedder, queries, names, name)
        shown = spec.resolve()
        out[name] = {"spec": str(shown.relative_to(ROOT) if shown.is_relative_to(ROOT) else shown),
                     "queries": len(queries),
                     "gold_lengths": dict(sorted(Counter(len(q["gold"]) for q in queries).items())),
                     "gold_in_spec": sum(all(g in names.values() for g in q["gold"]) for q in queries),
                     "graph": stats, "runs": score_rest_runs(runs, gold, stats["dead_ends"])}
    return out


def dead_ends(bench: Bench, ids: list[str]) -> set[str]:
    """Tools with an input the planner counts as needed (PlannerGraph.needed_inputs, for a request with no id in
    it) that no tool of the graph provides: the graph-only policy can never keep them on a path."""
    needs = PlannerGraph(bench.store).needed_inputs(ids)
    return {t for t, inputs in needs.items() if any(not providers for providers in inputs.values())}


def taskbench_graph(bench: Bench, embedder: Any, data: Path) -> tuple[dict[str, str], dict[str, Any]]:
    batch = read_taskbench(data / "taskbench" / "data_huggingface", ImportBatch("taskbench"))
    stats = finish_graph(bench, batch, embedder)
    return tool_names(bench, batch.tools, lambda ref: str(ref.get("node"))), stats


# -- runs -----------------------------------------------------------------------------------------------------------
def plan_queries(bench: Bench, embedder: Any, queries: list[dict[str, Any]], names: dict[str, str], *,
                 decompose: bool, policy: dict[str, float] | None = None, desc: str = "", chains: bool = True
                 ) -> list[dict[str, Any]]:
    """Plan each query with a fresh graph-only Planner; the plan as names, with its edges, time and trace counts."""
    config = PlannerConfig(decompose=decompose, use_memory=False, remember=False, chains=chains)
    rows = []
    for q in tqdm(queries, desc=desc, unit="query", file=sys.stderr, leave=False):
        started = time.perf_counter()
        planner = Planner(bench.store, embedder=embedder, config=config)
        for key, value in (policy or {}).items():
            setattr(planner.graph_policy, key, value)
        plan = planner.plan(q["query"], save=False)
        seconds = time.perf_counter() - started
        ids = plan.tool_ids()
        rows.append({
            "i": q["i"], "query": q["query"], "pred": [names.get(t, t) for t in ids],
            "edges": [[names.get(e.source, e.source), names.get(e.target, e.target), e.type] for e in plan.edges],
            "seconds": round(seconds, 4), "status": plan.status, "subtasks": len(plan.subtasks),
            "steps": plan.usage.steps, "backtracks": plan.usage.backtracks,
            "unmapped": [t for t in ids if t not in names]})
    return rows


def retrieve_queries(retriever: Retriever, queries: list[dict[str, Any]], names: dict[str, str], *, method: str,
                     k: int) -> list[dict[str, Any]]:
    rows = []
    for q in queries:
        started = time.perf_counter()
        ids = retriever.ranked_ids(q["query"], k=k, method=method)  # type: ignore[arg-type]
        seconds = time.perf_counter() - started
        pred = [names.get(t, t) for t in ids]
        rows.append({"i": q["i"], "query": q["query"], "pred": pred, "seconds": round(seconds, 4),
                     "edges": [[a, b, "ORDER"] for a, b in zip(pred, pred[1:])]})
    return rows


def runs_on(bench: Bench, embedder: Any, queries: list[dict[str, Any]], names: dict[str, str], label: str
            ) -> dict[str, list[dict[str, Any]]]:
    """Every method on ``queries``: the planner (decomposition on, off), then the retrieval baselines."""
    out: dict[str, list[dict[str, Any]]] = {}
    warm = Planner(bench.store, embedder=embedder, config=PlannerConfig(use_memory=False, remember=False))
    warm.plan("warm up the embedding model and the server's caches", save=False)  # not timed
    for run_label, decompose, chains in PLANNER_RUNS:
        out[run_label] = plan_queries(bench, embedder, queries, names, decompose=decompose, chains=chains,
                                      desc=f"{label}: {run_label}")
    retriever = Retriever(bench.store, embedder)
    for method in RETRIEVAL_METHODS:
        for k in KS:
            out[f"retrieval {method}, top {k}"] = retrieve_queries(retriever, queries, names, method=method, k=k)
    progress(f"{label}: {len(queries)} queries, {len(out)} methods done")
    return out


def score_rest_runs(runs: dict[str, list[dict[str, Any]]], gold: dict[int, list[str]], dead: list[str]
                    ) -> dict[str, Any]:
    out = {}
    for label, rows in runs.items():
        for r in rows:
            r["gold"] = gold[r["i"]]
            r.update(score_rest(r["pred"], r["gold"]))
            r["dead_end"] = any(g in dead for g in r["gold"])
        out[label] = {"metrics": aggregate_rest(rows), "latency": percentiles([r["seconds"] for r in rows]),
                      "queries": sorted(rows, key=lambda r: r["i"])}
    return out


# -- RestBench --------------------------------------------------------------------------------------------------------
def restbench(args: argparse.Namespace, embedder: Any) -> dict[str, Any]:
    queries = restbench_queries(args.data / "restbench" / "datasets" / "tmdb.json")
    if args.limit:
        queries = queries[: args.limit]
    gold = {q["i"]: q["gold"] for q in queries}
    out: dict[str, Any] = {"queries": len(queries),
                           "gold_lengths": dict(sorted(Counter(len(q["gold"]) for q in queries).items()))}
    with private_server(args.heap) as bench:
        names, stats = restbench_graph(bench, embedder, args.data, None)
        out["gold_in_spec"] = sum(all(g in names.values() for g in q["gold"]) for q in queries)
        progress(f"spec-only graph: {stats['tools']} tools, relations {stats['relations']}, "
                 f"{stats['call_paths']} call paths")
        runs = runs_on(bench, embedder, queries, names, "spec-only")
        out["spec_only"] = {"graph": stats, "runs": score_rest_runs(runs, gold, stats["dead_ends"])}
        if args.sweep:
            out["sweep"] = sweep(bench, embedder, queries, names, gold)
    folds: list[dict[str, Any]] = []
    pooled: dict[str, list[dict[str, Any]]] = {}
    for fold, (train_parity, test_parity) in enumerate(((0, 1), (1, 0)), start=1):
        train = [q for q in queries if q["i"] % 2 == train_parity]
        test = [q for q in queries if q["i"] % 2 == test_parity]
        with private_server(args.heap) as bench:
            names, stats = restbench_graph(bench, embedder, args.data, train)
            progress(f"fold {fold}: {len(train)} gold paths imported, relations {stats['relations']}")
            runs = runs_on(bench, embedder, test, names, f"fold {fold}")
        scored = score_rest_runs(runs, gold, stats["dead_ends"])
        folds.append({"fold": fold, "paths_from": "even" if train_parity == 0 else "odd",
                      "evaluated": "odd" if test_parity == 1 else "even", "graph": stats,
                      "metrics": {label: r["metrics"] for label, r in scored.items()}})
        for label, r in scored.items():
            pooled.setdefault(label, []).extend(r["queries"])
    out["two_fold"] = {"folds": folds, "runs": {
        label: {"metrics": aggregate_rest(rows), "latency": percentiles([r["seconds"] for r in rows]),
                "queries": sorted(rows, key=lambda r: r["i"])} for label, rows in pooled.items()}}
    return out


def sweep_points() -> list[dict[str, float]]:
    """extend_ratio x extend_floor, "never extend", and need_cost (where the policy has it) at the other defaults."""
    points = [{**DEFAULT_POLICY, "extend_ratio": r, "extend_floor": f} for r in SWEEP_RATIOS for f in SWEEP_FLOORS]
    points.append({**DEFAULT_POLICY, **NEVER_EXTEND})
    if "need_cost" in DEFAULT_POLICY:
        points += [{**DEFAULT_POLICY, "need_cost": c} for c in SWEEP_NEED_COSTS if c != DEFAULT_POLICY["need_cost"]]
    return points


def sweep(bench: Bench, embedder: Any, queries: list[dict[str, Any]], names: dict[str, str],
          gold: dict[int, list[str]]) -> dict[str, Any]:
    """The graph policy's parameters on the even-index queries (decomposition on); default and best on the odd."""
    tune = [q for q in queries if q["i"] % 2 == 0]
    held = [q for q in queries if q["i"] % 2 == 1]

    def evaluate(qs: list[dict[str, Any]], policy: dict[str, float]) -> dict[str, Any]:
        rows = plan_queries(bench, embedder, qs, names, decompose=True, policy=policy,
                            desc="sweep " + " ".join(f"{k}={v}" for k, v in policy.items()))
        for r in rows:
            r.update(score_rest(r["pred"], gold[r["i"]]))
        return aggregate_rest(rows)

    def key(g: dict[str, Any]) -> tuple[float, float, float, bool]:
        m = g["tune"]
        return (m["cp_pct"], m["exact_pct"], -abs(m["delta_mean"]), g["policy"] == DEFAULT_POLICY)

    grid = [{"policy": policy, "tune": evaluate(tune, policy)} for policy in sweep_points()]
    best = max(grid, key=key)
    default_tune = next(g["tune"] for g in grid if g["policy"] == DEFAULT_POLICY)
    progress(f"sweep: best on the tune split {best['policy']}: {best['tune']}")
    return {"tune_split": "even-index queries", "held_out_split": "odd-index queries", "criterion":
            "CP%, then exact match %, then |mean delta| (ties: the default)", "grid": grid,
            "default": {"policy": DEFAULT_POLICY, "tune": default_tune, "held_out": evaluate(held, DEFAULT_POLICY)},
            "best": {"policy": best["policy"], "tune": best["tune"], "held_out": evaluate(held, best["policy"])}}


# -- TaskBench --------------------------------------------------------------------------------------------------------
def taskbench(args: argparse.Namespace, embedder: Any) -> dict[str, Any]:
    requests = taskbench_requests(args.data / "taskbench" / "data_huggingface_sample" / "data.sample.jsonl")
    by_i = {r["i"]: r for r in requests}
    with private_server(args.heap) as bench:
        names, stats = taskbench_graph(bench, embedder, args.data)
        progress(f"taskbench graph: {stats['tools']} tools, relations {stats['relations']}")
        runs = runs_on(bench, embedder, requests, names, "taskbench")
    scored = {}
    for label, rows in runs.items():
        for r in rows:
            req = by_i[r["i"]]
            r.update({"type": req["type"], "gold_nodes": req["gold_nodes"], "gold_links": req["gold_links"]})
            r.update(score_task(r["pred"], [e[:2] for e in r["edges"]], req))
        scored[label] = {"metrics": aggregate_task(rows), "latency": percentiles([r["seconds"] for r in rows]),
                         "queries": rows}
    return {"requests": len(requests), "types": dict(Counter(r["type"] for r in requests)), "graph": stats,
            "runs": scored}


# -- the run --------------------------------------------------------------------------------------------------------
def run(args: argparse.Namespace) -> dict[str, Any]:
    import torch

    from toolgraph.config import EmbedSettings

    if args.torch_threads:
        torch.set_num_threads(args.torch_threads)
    embedder = EmbedSettings().embedder()
    result: dict[str, Any] = {"machine": machine_info(args.heap), "model": embedder.name, "notes": [],
                              "code": code_state(), "torch_threads": torch.get_num_threads(),
                              "load_before": os.getloadavg(), "policy_defaults": DEFAULT_POLICY,
                              "planner_config": {k: v for k, v in vars(PlannerConfig()).items()}}
    result["restbench"] = restbench(args, embedder)
    if not args.skip_heldout:
        result["heldout"] = heldout(args, embedder)
    if not args.skip_taskbench:
        result["taskbench"] = taskbench(args, embedder)
    result["load_after"] = os.getloadavg()
    result["total_s"] = round(time.perf_counter() - STARTED, 1)
    unreachable = result["restbench"]["queries"] - result["restbench"]["gold_in_spec"]
    if unreachable:
        result["notes"].append(f"{unreachable} RestBench gold path(s) name an operation missing from the spec "
                               f"(no method can get them right); they are scored like the rest")
    return result


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = arg_parser(__doc__, "1g")
    p.add_argument("--data", type=Path, default=SHARED_DATA, help=f"the shared data (default {SHARED_DATA})")
    p.add_argument("--sweep", action="store_true", help="also grid-search the graph policy's extend parameters")
    p.add_argument("--limit", type=int, default=0, help="only the first N RestBench queries (a quick check)")
    p.add_argument("--skip-taskbench", action="store_true")
    p.add_argument("--heldout", type=Path, nargs="*",
                   default=sorted(d for d in HELDOUT.iterdir() if d.is_dir() and any(d.glob("*_oas.json")))
                   if HELDOUT.is_dir() else [],
                   help="held-out RestBench-style set folders (default: the folders of bench/data/heldout/ holding a "
                        "*_oas.json spec; the whole-run suites there are `toolgraph eval run`'s)")
    p.add_argument("--skip-heldout", action="store_true")
    p.add_argument("--torch-threads", type=int, default=0,
                   help="torch intra-op threads for the query embeddings (default: torch's own, the core count)")
    args = p.parse_args(argv)
    if not args.skip_heldout:
        try:
            heldout_sets(args.heldout)  # a wrong folder is named before anything runs
        except ValueError as exc:
            p.error(str(exc))
    return args


def main(argv: list[str] | None = None) -> int:
    return bench_main(parse_args(argv), run, human)


if __name__ == "__main__":
    sys.exit(main())
