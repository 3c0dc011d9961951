"""Gold data and scores of ``plan_bench.py``: the RestBench queries and TaskBench requests with their gold paths,
and the scores of a plan against them (correct path, exact match, coverage, Δ length; node and edge F1), with the
latency percentiles. Pure functions, no server."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

from toolgraph.ingest.openapi import normalise_call


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
