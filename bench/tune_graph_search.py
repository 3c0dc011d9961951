"""How the graph method's parameters (toolgraph/retrieve/search.py, GraphWeights) were chosen: a grid search of
NDCG@5 on StableToolBench G1_instruction and G1_category, with G1_tool and G2_category held out.

It needs a graph with the shared corpus imported, weighted and embedded (the commands in docs/benchmarks-history.md,
"Retrieval"), reached through the usual TOOLGRAPH_* settings. For every query it computes the hybrid list and the
graph neighbours of the top hits once, then scores every grid point in Python.

    .venv/bin/python bench/tune_graph_search.py [--json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from toolgraph.config import Settings
from toolgraph.db.store import open_store
from toolgraph.retrieve.evaluate import load_queries
from toolgraph.retrieve.search import Retriever

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT.parent / "shared" / "data" / "stabletoolbench" / "test_instruction"
FILES = ("G1_instruction.json", "G1_category.json", "G1_tool.json", "G2_category.json")
TUNE_ON = {"G1_instruction.json", "G1_category.json"}


def ndcg5(ranked: list[str], gold: set[str]) -> float:
    dcg = sum(1 / math.log2(i + 2) for i, t in enumerate(ranked[:5]) if t in gold)
    return dcg / sum(1 / math.log2(i + 2) for i in range(min(len(gold), 5)))


def collect(retriever: Retriever) -> list[dict[str, Any]]:
    queries, _ = load_queries([QUERIES / f for f in FILES])
    vectors = dict(zip([q.query for q in queries], retriever.embedder.embed_queries([q.query for q in queries])))
    data = []
    for q in queries:
        ranked, _ = retriever._hybrid(q.query, 10, None, vectors[q.query])  # as `eval retrieval` ranks (k=10)
        rows = retriever.store.query("graph_expand", seeds=[t for t, _ in ranked[:20]], category=None)
        data.append({"file": q.file, "gold": q.gold, "hybrid": ranked[:60], "rows": rows})
    return data


def rank(d: dict[str, Any], p: dict[str, Any]) -> list[str]:
    seeds = dict(d["hybrid"][: p["seeds"]])
    final = dict(d["hybrid"])
    bonus: dict[str, float] = defaultdict(float)
    for r in d["rows"]:
        if r["seed"] not in seeds:
            continue
        kind, direction = r["type"], r["direction"]
        if kind == "HAS_TOOL":
            beta = p["sibling"]
        elif kind == "SEQUENTIAL":
            beta = p["successor"] if direction == "out" else p["successor"] / 2
        elif direction == "in":
            beta = p["provider"]
        else:
            beta = p["provider"] / 2
        bonus[r["id"]] = max(bonus[r["id"]], p["strength"] * beta * float(r["weight"] or 0) * seeds[r["seed"]])
    for tid, gain in bonus.items():
        final[tid] = final.get(tid, 0.0) + gain
    return [t for t, _ in sorted(final.items(), key=lambda x: (-x[1], x[0]))]


def score(data: list[dict[str, Any]], p: dict[str, Any]) -> dict[str, float]:
    per: dict[str, list[float]] = defaultdict(list)
    for d in data:
        per[d["file"]].append(ndcg5(rank(d, p), d["gold"]))
    return {f: round(sum(v) / len(v), 4) for f, v in per.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    settings = Settings()
    data = collect(Retriever(open_store(settings), settings.embed.embedder()))
    grid = []
    for seeds, sibling, successor, provider, strength in itertools.product(
            (5, 10, 20), (0.0, 0.1, 0.3), (0.0, 0.2, 0.4), (0.0, 0.1, 0.2), (0.1, 0.25, 0.5, 1.0)):
        p = {"seeds": seeds, "sibling": sibling, "successor": successor, "provider": provider, "strength": strength}
        result = score(data, p)
        grid.append({"params": p, "tuned_on": round(sum(result[f] for f in TUNE_ON) / len(TUNE_ON), 4),
                     "per_file": result})
    grid.sort(key=lambda g: -g["tuned_on"])
    if args.json:
        print(json.dumps(grid[:20], indent=2))
        return
    for g in grid[:10]:
        print(g["tuned_on"], g["params"], g["per_file"])


if __name__ == "__main__":
    main()
