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
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from common import (
    ROOT,
    SHARED_DATA,
    STARTED,
    Bench,
    arg_parser,
    bench_main,
    machine_info,
    machine_line,
    print_notes,
    private_server,
    progress,
    table,
)
from tqdm import tqdm

from gds_jobs import JOBS, run_jobs
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.openapi import normalise_call, read_openapi, read_restbench
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


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    if not ordered:
        return {"mean_ms": 0.0, "p50_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    return {"mean_ms": round(1000 * statistics.fmean(ordered), 1),
            "p50_ms": round(1000 * ordered[len(ordered) // 2], 1),
            "p95_ms": round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], 1),
            "max_ms": round(1000 * ordered[-1], 1)}


# -- data -----------------------------------------------------------------------------------------------------------
def restbench_queries(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [{"i": i, "query": q["query"], "solution": q["solution"],
             "gold": [" ".join(normalise_call(c)) for c in q["solution"]]} for i, q in enumerate(data)]


def taskbench_requests(path: Path) -> list[dict[str, Any]]:
    out = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if line.strip():
            r = json.loads(line)
            out.append({"i": i, "id": r["id"], "query": r["instruction"], "type": r["type"],
                        "gold_nodes": [n["task"] for n in r["task_nodes"]],
                        "gold_links": [[link["source"], link["target"]] for link in r["task_links"]]})
    return out


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


# -- scoring --------------------------------------------------------------------------------------------------------
def is_subsequence(gold: list[str], seq: list[str]) -> bool:
    it = iter(seq)
    return all(any(x == g for x in it) for g in gold)


def score_rest(pred: list[str], gold: list[str]) -> dict[str, Any]:
    return {"gold": gold, "cp": is_subsequence(gold, pred), "exact": pred == gold, "covered": set(gold) <= set(pred),
            "delta": len(pred) - len(gold)}


def aggregate_rest(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    cp = [r for r in rows if r["cp"]]
    return {"n": n, "cp_pct": round(100 * len(cp) / n, 1) if n else 0.0,
            "exact_pct": round(100 * sum(r["exact"] for r in rows) / n, 1) if n else 0.0,
            "covered_pct": round(100 * sum(r["covered"] for r in rows) / n, 1) if n else 0.0,
            "first_in_pct": round(100 * sum(r["gold"][0] in r["pred"] for r in rows) / n, 1) if n else 0.0,
            "last_in_pct": round(100 * sum(r["gold"][-1] in r["pred"] for r in rows) / n, 1) if n else 0.0,
            "delta_mean": round(statistics.fmean(r["delta"] for r in rows), 2) if n else 0.0,
            "delta_mean_cp": round(statistics.fmean(r["delta"] for r in cp), 2) if cp else None,
            "plan_len_mean": round(statistics.fmean(len(r["pred"]) for r in rows), 2) if n else 0.0,
            "empty": sum(not r["pred"] for r in rows),
            "cp_by_gold_len": {str(k): f"{sum(r['cp'] for r in rows if len(r['gold']) == k)}/"
                                       f"{sum(len(r['gold']) == k for r in rows)}"
                               for k in sorted({len(r["gold"]) for r in rows})},
            "cp_gold_has_dead_end": f"{sum(r['cp'] for r in rows if r.get('dead_end'))}/"
                                    f"{sum(bool(r.get('dead_end')) for r in rows)}",
            "cp_gold_reachable": f"{sum(r['cp'] for r in rows if not r.get('dead_end'))}/"
                                 f"{sum(not r.get('dead_end') for r in rows)}"}


def f1(pred: set[Any], gold: set[Any]) -> float:
    tp = len(pred & gold)
    if not tp:
        return 1.0 if not pred and not gold else 0.0
    p, r = tp / len(pred), tp / len(gold)
    return 2 * p * r / (p + r)


def score_task(nodes: list[str], edges: list[list[str]], req: dict[str, Any]) -> dict[str, Any]:
    gold_edges = {tuple(e) for e in req["gold_links"]}
    pred_edges = {tuple(e) for e in edges}
    return {"node_f1": f1(set(nodes), set(req["gold_nodes"])),
            "edge_f1": f1(pred_edges, gold_edges) if gold_edges else None,
            "spurious_edges": len(pred_edges) if not gold_edges else 0}


def aggregate_task(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def block(part: list[dict[str, Any]]) -> dict[str, Any]:
        edged = [r["edge_f1"] for r in part if r["edge_f1"] is not None]
        return {"n": len(part), "node_f1": round(statistics.fmean(r["node_f1"] for r in part), 3) if part else None,
                "edge_f1": round(statistics.fmean(edged), 3) if edged else None, "edge_n": len(edged),
                "single_with_edges": sum(r["spurious_edges"] > 0 for r in part)}

    return {"all": block(rows), **{t: block([r for r in rows if r["type"] == t]) for t in ("single", "chain", "dag")}}


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


# -- output ---------------------------------------------------------------------------------------------------------
def rest_breakdown(runs: dict[str, Any]) -> str:
    rows = [[label, *r["metrics"]["cp_by_gold_len"].values(), r["metrics"]["cp_gold_reachable"],
             r["metrics"]["cp_gold_has_dead_end"]] for label, r in runs.items()]
    lengths = list(next(iter(runs.values()))["metrics"]["cp_by_gold_len"])
    return table(["correct paths", *(f"gold of {k}" for k in lengths), "gold without dead end",
                  "gold with a dead end"], rows)


def rest_table(runs: dict[str, Any]) -> str:
    rows = []
    for label, r in runs.items():
        m, lat = r["metrics"], r["latency"]
        rows.append([label, m["n"], m["cp_pct"], m["exact_pct"], m["covered_pct"], m["first_in_pct"],
                     m["last_in_pct"], m["delta_mean"],
                     "–" if m["delta_mean_cp"] is None else m["delta_mean_cp"], m["plan_len_mean"], lat["mean_ms"],
                     lat["p50_ms"], lat["p95_ms"]])
    return table(["method", "queries", "CP %", "exact %", "covered %", "1st in %", "last in %", "Δ len",
                  "Δ len (CP)", "tools",
                  "mean ms", "p50 ms", "p95 ms"], rows)


def task_table(runs: dict[str, Any]) -> str:
    rows = []
    for label, r in runs.items():
        m, lat = r["metrics"], r["latency"]

        def cell(value: Any) -> Any:
            return "–" if value is None else value

        rows.append([label, m["all"]["node_f1"], cell(m["all"]["edge_f1"]),
                     *(cell(m[t]["node_f1"]) for t in ("single", "chain", "dag")),
                     *(cell(m[t]["edge_f1"]) for t in ("chain", "dag")), m["single"]["single_with_edges"],
                     lat["mean_ms"], lat["p95_ms"]])
    return table(["method", "node F1", "edge F1", "node F1 single", "node F1 chain", "node F1 dag",
                  "edge F1 chain", "edge F1 dag", "single w/ edges", "mean ms", "p95 ms"], rows)


def human(r: dict[str, Any]) -> None:
    print("# The graph-only planner against RestBench TMDB and the TaskBench sample\n")
    print(machine_line(r["machine"]))
    print(f"code: commit {r['code']['commit']}, uncommitted changes under toolgraph/ gds_jobs/ cypher/: "
          f"{len(r['code']['dirty'])}")
    print(f"embedding model {r['model']}, torch threads {r['torch_threads']}; load average before "
          f"{', '.join(f'{x:.2f}' for x in r['load_before'])}, "
          f"after {', '.join(f'{x:.2f}' for x in r['load_after'])}")
    rb = r["restbench"]
    g = rb["spec_only"]["graph"]
    print(f"\n## RestBench TMDB: {rb['queries']} queries (gold lengths {rb['gold_lengths']}), "
          f"{rb['gold_in_spec']} with every gold call in the spec\n")
    print(f"spec-only graph: {g['tools']} tools, relations {g['relations']}, {g['call_paths']} call paths; "
          f"id -> METHOD /path mapping checked: {g['mapping_ok']}\n")
    print(f"dead ends (a needed input no tool provides): {len(g['dead_ends'])}: {', '.join(g['dead_ends'])}\n")
    print(rest_table(rb["spec_only"]["runs"]))
    print()
    print(rest_breakdown(rb["spec_only"]["runs"]))
    print("\n2-fold (gold paths of one half imported as call paths, the other half planned; pooled):")
    for f in rb["two_fold"]["folds"]:
        print(f"  fold {f['fold']}: paths from the {f['paths_from']} queries, {f['evaluated']} evaluated; "
              f"relations {f['graph']['relations']}, {f['graph']['call_paths']} call paths, "
              f"{len(f['graph']['rejected'])} rejected")
    print()
    print(rest_table(rb["two_fold"]["runs"]))
    print()
    print(rest_breakdown(rb["two_fold"]["runs"]))
    if "sweep" in rb:
        s = rb["sweep"]
        print(f"\n## GraphPolicy sweep: tuned on the {s['tune_split']}, held out: {s['held_out_split']} "
              f"(spec-only graph, decomposition on; {s['criterion']})\n")
        params = list(s["default"]["policy"])
        rows = [[*(g["policy"][k] for k in params), g["tune"]["cp_pct"], g["tune"]["exact_pct"],
                 g["tune"]["delta_mean"]] for g in s["grid"]]
        print(table([*params, "tune CP %", "tune exact %", "tune Δ len"], rows))
        print()
        rows = [[name, *(s[name]["policy"][k] for k in params), s[name]["tune"]["cp_pct"],
                 s[name]["held_out"]["cp_pct"], s[name]["held_out"]["exact_pct"], s[name]["held_out"]["delta_mean"]]
                for name in ("default", "best")]
        print(table(["", *params, "tune CP %", "held-out CP %", "held-out exact %", "held-out Δ len"], rows))
    for name, h in r.get("heldout", {}).items():
        print(f"\n## Held out: {name} ({h['spec']}): {h['queries']} queries (gold lengths {h['gold_lengths']}), "
              f"{h['gold_in_spec']} with every gold call in the spec\n")
        print(f"graph: {h['graph']['tools']} tools, relations {h['graph']['relations']}; "
              f"mapping checked: {h['graph']['mapping_ok']}; dead ends: {len(h['graph']['dead_ends'])}\n")
        print(rest_table(h["runs"]))
        print()
        print(rest_breakdown(h["runs"]))
    if "taskbench" in r:
        t = r["taskbench"]
        print(f"\n## TaskBench huggingface sample: {t['requests']} requests {t['types']}\n")
        print(f"graph: {t['graph']['tools']} tools, relations {t['graph']['relations']}\n")
        print(task_table(t["runs"]))
    print(f"\ntotal {r['total_s']} s")
    print_notes(r)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = arg_parser(__doc__, "1g")
    p.add_argument("--data", type=Path, default=SHARED_DATA, help=f"the shared data (default {SHARED_DATA})")
    p.add_argument("--sweep", action="store_true", help="also grid-search the graph policy's extend parameters")
    p.add_argument("--limit", type=int, default=0, help="only the first N RestBench queries (a quick check)")
    p.add_argument("--skip-taskbench", action="store_true")
    p.add_argument("--heldout", type=Path, nargs="*",
                   default=sorted(d for d in HELDOUT.iterdir() if d.is_dir()) if HELDOUT.is_dir() else [],
                   help="held-out RestBench-style set folders (default: bench/data/heldout/*)")
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
