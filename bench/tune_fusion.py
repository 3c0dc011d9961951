"""How the graph method's BM25F and fusion parameters (toolgraph/retrieve/sparse.py FieldWeights,
toolgraph/retrieve/search.py GraphWeights alpha / whole / group) were chosen: grids of NDCG@5 on StableToolBench
G1_instruction + G1_category (the tuning split), G1_tool and G2_category printed as held out.

It builds the corpus of bench/peers_bench.py in a private server, reads every tool and its vector once, then scores
each grid point in memory with exact cosine (so the vector index plays no part in the choice).

    .venv/bin/python bench/tune_fusion.py [--json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np
from common import private_server, progress
from peers_bench import FILES, TUNED_ON, build

from toolgraph.retrieve.embed import embed_tools, tool_text
from toolgraph.retrieve.evaluate import load_queries, ndcg_at
from toolgraph.retrieve.search import intents
from toolgraph.retrieve.sparse import FieldWeights, SparseIndex


def grid(rows: list[dict[str, Any]], vectors: np.ndarray, queries: list[Any], qv: dict[str, np.ndarray]
         ) -> list[dict[str, Any]]:
    ids = [r["id"] for r in rows]
    group_names = sorted({r["group"] or "" for r in rows})
    group = np.array([group_names.index(r["group"] or "") for r in rows])
    out = []

    def record(params: dict[str, Any], rank: Any) -> None:
        per: dict[str, list[float]] = defaultdict(list)
        for q in queries:
            per[q.file].append(ndcg_at([ids[i] for i in np.argsort(-rank(q))[:10]], q.gold, 5))
        files = {f: round(statistics.fmean(v), 4) for f, v in per.items()}
        out.append({"params": params, "tuned_on": round(statistics.fmean(files[f] for f in TUNED_ON), 4),
                    "per_file": files})
        progress(f"{params} {out[-1]['tuned_on']}")

    for weights in (FieldWeights(1, 1, 1, 1, k1=1.2), FieldWeights(3, 2, 0.5, 1, k1=1.2),
                    FieldWeights(2, 2, 0.5, 1, k1=1.2), FieldWeights(3, 3, 0, 1, k1=1.2),
                    FieldWeights(5, 3, 0.5, 1, k1=1.2), FieldWeights(3, 2, 0.5, 1, k1=1.2, b=0.5),
                    FieldWeights(3, 2, 0.5, 1, k1=2.0), FieldWeights(3, 2, 0.5, 1, k1=3.0)):
        index = SparseIndex(rows, weights)
        record({"bm25f": weights.__dict__}, lambda q, index=index: index.score(q.query))
    index = SparseIndex(rows)
    for alpha in (0.6, 0.7, 0.8):
        cache: dict[str, np.ndarray] = {}

        def fused(text: str, alpha: float = alpha, cache: dict[str, np.ndarray] = cache) -> np.ndarray:
            if text not in cache:
                s = index.score(text)
                d = vectors @ qv[text]
                f = alpha * s / (s.max() or 1) + (1 - alpha) * np.clip(d, 0, None) / max(d.max(), 1e-9)
                cache[text] = f / (f.max() or 1)
            return cache[text]

        for whole, beta in itertools.product((0.5, 0.7), (0.0, 0.1, 0.2)):
            def rank(q: Any, whole: float = whole, beta: float = beta) -> np.ndarray:
                parts = intents(q.query)
                score = fused(q.query)
                if len(parts) > 1:
                    score = whole * score + (1 - whole) * np.max([fused(p) for p in parts], axis=0)
                best = np.zeros(len(group_names))
                np.maximum.at(best, group, score)
                return score + beta * best[group] * (score < best[group])

            record({"alpha": alpha, "whole": whole, "group": beta}, rank)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    args = parser.parse_args()
    from toolgraph.config import Settings

    embedder = Settings().embed.embedder()
    queries, _ = load_queries([args.data / "stabletoolbench/test_instruction" / f for f in FILES])
    with private_server("1g") as bench:
        build(bench, args.data)
        embed_tools(bench.store, embedder)
        rows = bench.store.query("embed_tool_rows")
    vectors = np.array(embedder.embed_documents([tool_text(r) for r in rows]), dtype=np.float32)
    texts = sorted({q.query for q in queries} | {p for q in queries for p in intents(q.query)})
    qv = {t: np.array(v, dtype=np.float32) for t, v in zip(texts, embedder.embed_queries(texts))}
    result = grid(rows, vectors, queries, qv)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for g in sorted(result, key=lambda g: -g["tuned_on"]):
        print(g["tuned_on"], g["params"], g["per_file"])


if __name__ == "__main__":
    main()
