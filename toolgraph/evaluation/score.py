"""Scoring whole runs as SUITES.md says: a request passes when its run ends successfully and the answer holds every
``expect`` string (case-insensitive); the path is correct when the gold ``solution`` is a subsequence of the calls
made. Figures per suite and overall: pass rate, correct-path rate, calls per request, latency p50 / p95."""

from __future__ import annotations

import re
import statistics
from typing import Any


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def _label_norm(label: str) -> str:
    """``get  /a/{id} `` and ``GET /a/{id}`` name the same call; names compare case-insensitively."""
    method, sep, route = label.strip().partition(" ")
    if sep and method.isalpha() and route.strip().startswith("/"):
        return f"{method.upper()} {''.join(route.split())}"
    return label.strip().casefold()


def missing_facts(answer: str, expect: list[str]) -> list[str]:
    """The expected strings the answer does not hold (case- and whitespace-insensitive)."""
    text = _norm(answer)
    return [e for e in expect if _norm(e) not in text]


def is_subsequence(gold: list[str], made: list[list[str]]) -> bool:
    """``made`` is each call's names (its label and aliases), in call order."""
    names = [{_label_norm(n) for n in call} for call in made]
    it = iter(names)
    return all(any(_label_norm(g) in call for call in it) for g in gold)


def score_request(request: Any, run: dict[str, Any]) -> dict[str, Any]:
    """``run``: status, answer, calls ([{label, aliases, status}]) and seconds of one run of ``request``."""
    made = [c for c in run["calls"] if c["status"] == "ok"]
    missing = missing_facts(run["answer"], request.expect)
    passed = run["status"] == "success" and not missing
    reason = None
    if run.get("error"):
        reason = f"error: {run['error']}"
    elif run["status"] != "success":
        failed = next((c for c in run["calls"] if c["status"] != "ok" and c.get("error")), None)
        reason = f"run {run['status']}" + (f": {failed['label']}: {failed['error']}" if failed else
                                            f": {run['reasons'][0]}" if run.get("reasons") else "")
    elif missing:
        reason = "answer lacks " + ", ".join(repr(m) for m in missing)
    correct = planned = None
    if request.solution is not None:
        correct = is_subsequence(request.solution, [[c["label"], *c.get("aliases", [])] for c in made])
        if "planned" in run:  # the plan alone: did the planner choose the path, whatever the calls then did
            planned = is_subsequence(request.solution, [[t["label"], *t.get("aliases", [])] for t in run["planned"]])
    return {"pass": passed, "correct_path": correct, "planned_path": planned, "reason": reason, "missing": missing,
            "call_count": sum(1 for c in run["calls"] if c["status"] == "ok" or c.get("attempts", 1) > 0),
            "path": [c["label"] for c in made]}


def percentile(samples: list[float], q: float) -> float:
    """The nearest-rank percentile (q in 0..100) of ``samples``."""
    if not samples:
        return 0.0
    ordered = sorted(samples)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def aggregate(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Figures over scored request rows (each with ``pass``, ``correct_path``, ``call_count``, ``seconds``)."""
    n = len(rows)
    gold = [r for r in rows if r["correct_path"] is not None]
    seconds = [r["seconds"] for r in rows]
    return {"requests": n, "passed": sum(r["pass"] for r in rows),
            "pass_rate": round(sum(r["pass"] for r in rows) / n, 4) if n else 0.0,
            "with_solution": len(gold), "correct_paths": sum(bool(r["correct_path"]) for r in gold),
            "correct_path_rate": round(sum(bool(r["correct_path"]) for r in gold) / len(gold), 4) if gold else None,
            "planned_paths": sum(bool(r.get("planned_path")) for r in gold),  # the plan held the solution
            # a run that said "success" without the facts asked: what must never happen (it would be learned)
            "false_successes": sum(r.get("status") == "success" and not r["pass"] for r in rows),
            "calls_per_request": round(statistics.fmean(r["call_count"] for r in rows), 2) if n else 0.0,
            "latency_p50_s": round(percentile(seconds, 50), 3), "latency_p95_s": round(percentile(seconds, 95), 3)}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"
