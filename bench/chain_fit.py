"""Fitting the planner's chain weights on the tuned-on suites, cross-checked across suite sets.

The graph-only planner ranks whole chains by a weighted sum of parts (``toolgraph/planner/chains.py``,
``ChainWeights``): similarity, evidence, kinds, start, writes, length ... Those weights were first chosen on RestBench
TMDB alone. This script plans every request of the given suites (no execution: the plan is the planner's choice
alone), records every chain the planner scored with its parts and whether it is the request's gold path, then fits a
multiplier per part by coordinate ascent to put the gold chain first, and reports the fit on every suite set left out
of the fit (leave-one-set-out), so a change of weights is kept only when it helps on sets it was not fitted on.

    python bench/chain_fit.py dump OUT.jsonl SUITE_DIR...     # plan each request, record the scored chains
    python bench/chain_fit.py fit OUT.jsonl... [--json]       # fit multipliers; leave-one-set-out figures

Held-out suites (bench/data/heldout3..5) are never given to it: they measure, they do not fit.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def _norm(label: str) -> str:
    method, sep, route = label.strip().partition(" ")
    if sep and method.isalpha() and route.strip().startswith("/"):
        return f"{method.upper()} {''.join(route.split())}"
    return label.strip().casefold()


def _gold(solution: list[str]) -> list[str]:
    """The gold path as a chain can hold it: each tool once, first call first (a chain repeats no tool)."""
    return list(dict.fromkeys(_norm(s) for s in solution))


def dump(out: Path, dirs: list[str]) -> None:
    from toolgraph import wiring
    from toolgraph.config import Settings
    from toolgraph.db.scratch import scratch_store
    from toolgraph.evaluation import load_suite
    from toolgraph.evaluation.load import import_suite
    from toolgraph.planner import chains as chains_mod
    from toolgraph.planner import plan_request

    settings = Settings()
    embedder = settings.embed.embedder()
    pconfig = wiring.planner_config(settings)
    seen: list[tuple[str, list[Any], Any]] = []
    original = chains_mod.ChainFinder.best

    def best(self: Any, text: str, goals: list[str], **kw: Any) -> Any:  # record what the planner scored
        scored: list[Any] = []
        score = self.score

        def keep(t: str, c: Any) -> Any:
            c = score(t, c)
            scored.append(c)
            return c
        self.score = keep
        try:
            chosen = original(self, text, goals, **kw)
        finally:
            del self.score
        seen.append((text, scored, chosen))
        return chosen

    chains_mod.ChainFinder.best = best  # type: ignore[method-assign]
    with out.open("w", encoding="utf-8") as fh:
        for d in dirs:
            suite = load_suite(d)
            with scratch_store(settings, f"fit_{suite.name}") as store:
                graph = import_suite(store, suite, embedder=embedder)
                labels = graph["labels"]
                name = {t: _norm(v["label"]) for t, v in labels.items()}
                for i, req in enumerate(suite.requests):
                    seen.clear()
                    plan = plan_request(store, req.query, embedder=embedder, save=False, config=pconfig)
                    planned = [name.get(t, t) for t in plan.tool_ids()]
                    rows = [{"text": text, "chosen": [name.get(t, t) for t in c.tools] if c else None,
                             "chains": [{"tools": [name.get(t, t) for t in s.tools], "parts": s.parts}
                                        for s in scored]} for text, scored, c in seen]
                    gold = _gold(req.solution) if req.solution else None
                    fh.write(json.dumps({"set": Path(d).resolve().parent.name, "suite": suite.name, "index": i,
                                         "query": req.query, "gold": gold, "planned": planned,
                                         "subtasks": rows}) + "\n")
                    fh.flush()
            print(f"{suite.name}: {len(suite.requests)} request(s)", file=sys.stderr)


# -- fitting --------------------------------------------------------------------------------------------------------
GRID = (0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0)


def _examples(files: list[str]) -> list[dict[str, Any]]:
    """One example per request planned as a single subtask whose gold path is among the scored chains."""
    out = []
    for f in files:
        for line in Path(f).read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            if not r["gold"] or len(r["subtasks"]) != 1:
                continue
            sub = r["subtasks"][0]
            cands = [c for c in sub["chains"]]
            gold = [k for k, c in enumerate(cands) if c["tools"] == r["gold"]]
            r["n_chains"] = len(cands)
            r["gold_at"] = gold
            r["cands"] = cands
            out.append(r)
    return out


def _pick(ex: dict[str, Any], mult: dict[str, float]) -> int:
    best, at = None, -1
    for k, c in enumerate(ex["cands"]):
        s = sum(mult.get(p, 1.0) * v for p, v in c["parts"].items())
        key = (round(s, 9), -len(c["tools"]))
        if best is None or key > best:
            best, at = key, k
    return at


def hits(exs: list[dict[str, Any]], mult: dict[str, float]) -> int:
    return sum(_pick(e, mult) in e["gold_at"] for e in exs if e["gold_at"])


def fit(exs: list[dict[str, Any]], parts: list[str], rounds: int = 3) -> dict[str, float]:
    mult = {p: 1.0 for p in parts}
    best = hits(exs, mult)
    for _ in range(rounds):
        changed = False
        for p in parts:
            for g in GRID:
                trial = {**mult, p: g}
                h = hits(exs, trial)
                if h > best or (h == best and abs(g - 1.0) < abs(mult[p] - 1.0)):
                    changed |= h > best
                    best, mult = h, trial
        if not changed:
            break
    return mult


def report(files: list[str], as_json: bool) -> None:
    exs = _examples(files)
    parts = sorted({p for e in exs for c in e["cands"] for p in c["parts"]})
    sets = sorted({e["set"] for e in exs})
    reach = [e for e in exs if e["gold_at"]]
    out: dict[str, Any] = {"requests": len(exs), "gold_among_chains": len(reach),
                           "now": hits(exs, {}), "parts": parts, "per_set": {}}
    whole = fit(exs, parts)
    out["fit_all"] = {"mult": {p: v for p, v in whole.items() if v != 1.0}, "hits": hits(exs, whole)}
    for s in sets:
        train = [e for e in exs if e["set"] != s]
        test = [e for e in exs if e["set"] == s]
        m = fit(train, parts)
        out["per_set"][s] = {"n": len(test), "reachable": sum(bool(e["gold_at"]) for e in test),
                             "now": hits(test, {}), "fitted_elsewhere": hits(test, m),
                             "mult": {p: v for p, v in m.items() if v != 1.0}}
    if as_json:
        print(json.dumps(out, indent=1))
        return
    print(f"{out['requests']} single-subtask requests with a gold path; gold among the scored chains: "
          f"{out['gold_among_chains']}; gold ranked first now: {out['now']}")
    print(f"fitted on all: {out['fit_all']['hits']}  {out['fit_all']['mult']}")
    for s, v in out["per_set"].items():
        print(f"  {s:10s} n={v['n']:3d} reachable={v['reachable']:3d} now={v['now']:3d} "
              f"fitted-on-the-others={v['fitted_elsewhere']:3d}  {v['mult']}")
    tot_now = sum(v["now"] for v in out["per_set"].values())
    tot_fit = sum(v["fitted_elsewhere"] for v in out["per_set"].values())
    print(f"leave-one-set-out: {tot_now} -> {tot_fit}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out", type=Path)
    d.add_argument("dirs", nargs="+")
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.cmd == "dump":
        dump(a.out, a.dirs)
    else:
        report(a.files, a.json)


if __name__ == "__main__":
    main()
