"""How the graph method's parameters (toolgraph/retrieve/search.py GraphWeights, toolgraph/retrieve/sparse.py
FieldWeights) were chosen: grids of NDCG@5 through the real ``Retriever`` on the tuning split only.

- the corpus of bench/peers_bench.py in a private server (tool vectors from its cache in bench/results/);
- the tuning split: StableToolBench G1_instruction + G1_category, and **pairs**: multi-tool requests composed from
  the same two files (a request of one tool group and one of another group of the same category, joined into one
  request; gold = both golds; seeded), because the tuning files have one tool group per request and a multi-tool
  request set is needed to choose anything about diversity without looking at a held-out file;
- the objective: the mean NDCG@5 of G1_instruction, G1_category and pairs;
- G1_tool and G2_category are scored and printed as held out: never used to choose (``--no-heldout`` hides them).

Every request and intent is embedded once up front; each grid point then ranks through ``Retriever.rank`` (the
in-memory indexes and the edge step's Cypher), so what is chosen is what ships.

    PYTHONPATH=. .venv/bin/python bench/tune_fusion.py --grid '{"diversity": [0, 0.3, 0.5]}' \\
        [--fields '{"k1": [2, 3]}'] [--base '{"alpha": 0.6}'] [--json] [--out FILE]
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import random
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from common import private_server, progress
from embedder import bench_embedder, embed_with_cache
from peers_bench import FILES, TUNED_ON, build

from toolgraph.embeddings.base import Embedder
from toolgraph.retrieve.evaluate import EvalQuery, load_queries, ndcg_at, recall_at
from toolgraph.retrieve.search import GraphWeights, Retriever, intents
from toolgraph.retrieve.sparse import FieldWeights

PAIRS = "pairs (from the tuning split)"
HELD_OUT = tuple(f for f in FILES if f not in TUNED_ON)


def compose_pairs(queries: list[EvalQuery], n: int, seed: int) -> list[EvalQuery]:
    """Multi-tool requests from single-tool ones: two requests whose gold APIs are in different tool groups of
    one category (any category when a request has no partner), joined with a space; gold = the union."""
    rng = random.Random(seed)
    group = {id(q): {g.rsplit("/", 1)[0] for g in q.gold} for q in queries}
    by_category: dict[str, list[EvalQuery]] = defaultdict(list)
    for q in queries:
        by_category[next(iter(q.gold)).split("/", 1)[0]].append(q)
    out = []
    order = list(queries)
    rng.shuffle(order)
    for q in order[:n]:
        pool = [p for p in by_category[next(iter(q.gold)).split("/", 1)[0]] if not group[id(p)] & group[id(q)]]
        if not pool:
            pool = [p for p in queries if not group[id(p)] & group[id(q)]]
        other = rng.choice(pool)
        out.append(EvalQuery(PAIRS, f"{q.query_id}+{other.query_id}", f"{q.query} {other.query}",
                             q.gold | other.gold))
    return out


class LookupEmbedder(Embedder):
    """The real embedder's query vectors, computed once for every text the grid will ask for."""

    def __init__(self, inner: Embedder, texts: list[str], cache: Path | None = None) -> None:
        import numpy as np

        self.inner, self.name, self.dimensions = inner, inner.name, inner.dimensions
        self.known: dict[str, list[float]] = {}
        if cache is not None and cache.exists():
            with np.load(cache) as data:
                self.known = dict(zip(data["texts"].tolist(), data["vectors"].tolist()))
        todo = sorted(set(texts) - set(self.known))
        if todo:
            self.known.update(zip(todo, inner.embed_queries(todo)))
            if cache is not None:
                cache.parent.mkdir(parents=True, exist_ok=True)
                np.savez(cache, texts=np.array(list(self.known)), vectors=np.array(list(self.known.values()),
                                                                                    dtype=np.float32))

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.inner.embed_documents(texts)

    def embed_queries(self, texts: list[str]) -> list[list[float]]:
        missing = [t for t in texts if t not in self.known]
        if missing:
            self.known.update(zip(missing, self.inner.embed_queries(missing)))
        return [self.known[t] for t in texts]


def points(spec: dict[str, list[Any]], base: dict[str, Any]) -> list[dict[str, Any]]:
    keys = sorted(spec)
    return [{**base, **dict(zip(keys, values))} for values in itertools.product(*(spec[k] for k in keys))]


def score(retriever: Retriever, queries: list[EvalQuery]) -> dict[str, dict[str, float]]:
    per: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for q in queries:
        ranked = retriever.ranked_ids(q.query, k=10, method="graph")
        per[q.file]["ndcg@5"].append(ndcg_at(ranked, q.gold, 5))
        per[q.file]["ndcg@10"].append(ndcg_at(ranked, q.gold, 10))
        per[q.file]["recall@10"].append(recall_at(ranked, q.gold, 10))
    return {f: {m: round(statistics.fmean(v), 4) for m, v in ms.items()} for f, ms in per.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--grid", default="{}", help="GraphWeights fields -> lists of values (JSON)")
    parser.add_argument("--fields", default="{}", help="FieldWeights fields -> lists of values (JSON)")
    parser.add_argument("--base", default="{}", help="GraphWeights fields held fixed (JSON)")
    parser.add_argument("--pairs", type=int, default=150, help="composed multi-tool requests (default 150)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--weights", action="store_true",
                        help="run the weight jobs after the import (resource edges for the edge step)")
    parser.add_argument("--no-heldout", action="store_true", help="do not score the held-out files")
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    parser.add_argument("--cache-dir", type=Path, default=Path(__file__).resolve().parent / "results")
    parser.add_argument("--query-precision", default="auto", choices=("float32", "bfloat16", "auto"),
                        help="the query forward pass (FlagEmbedder query_precision)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    embedder = bench_embedder(1, args.query_precision)
    queries, _ = load_queries([args.data / "stabletoolbench/test_instruction" / f for f in FILES])
    tuning = [q for q in queries if q.file in TUNED_ON]
    pairs = compose_pairs(tuning, args.pairs, args.seed)
    scored = tuning + pairs + ([] if args.no_heldout else [q for q in queries if q.file in HELD_OUT])
    grid = points(json.loads(args.grid), json.loads(args.base))
    fields = points(json.loads(args.fields), {})
    results = []
    with private_server("1g") as bench:
        build(bench, args.data)
        if args.weights:
            from gds_jobs import JOBS, run_jobs

            progress("weights: every job (resource edges, transitions, substitutes, ...)")
            run_jobs(bench.store, JOBS, backend="portable")
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in embedder.name)
        embed_with_cache(bench.store, embedder, args.cache_dir / f"peers_vectors-{safe}.npz", progress_bar=False)
        texts = [t for q in scored for t in [q.query, *intents(q.query)]]
        progress(f"embedding {len(set(texts))} requests and intents once")
        precision = getattr(embedder, "query_precision", "float32")
        lookup = LookupEmbedder(embedder, texts, args.cache_dir / f"query_vectors-{safe}-{precision}.npz")
        for fw, gw in itertools.product(fields, grid):
            weights = GraphWeights(**gw)
            field_weights = FieldWeights(**fw)
            retriever = Retriever(bench.store, lookup, weights=weights, field_weights=field_weights)
            started = time.perf_counter()
            per_file = score(retriever, scored)
            objective = round(statistics.fmean(per_file[f]["ndcg@5"] for f in (*TUNED_ON, PAIRS)), 4)
            results.append({"graph": gw, "fields": fw, "objective": objective, "per_file": per_file,
                            "seconds": round(time.perf_counter() - started, 1)})
            progress(f"{gw} {fw}: objective {objective} " + " ".join(
                f"{f.split('.')[0][:14]}={v['ndcg@5']}" for f, v in per_file.items()))
    output = {"query_precision": getattr(embedder, "query_precision", None),
              "defaults": {"graph": dataclasses.asdict(GraphWeights()), "fields": dataclasses.asdict(FieldWeights())},
              "pairs": len(pairs), "seed": args.seed, "objective": f"mean NDCG@5 of {', '.join(TUNED_ON)}, pairs",
              "held_out": [] if args.no_heldout else list(HELD_OUT), "results": results}
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(output, indent=2) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(output, indent=2))
        return
    files = [*TUNED_ON, PAIRS, *output["held_out"]]
    print("objective  " + "  ".join(f.split(".")[0][:14].ljust(14) for f in files) + "  parameters")
    for r in sorted(results, key=lambda r: -r["objective"]):
        print(f"{r['objective']:.4f}     " + "  ".join(f"{r['per_file'][f]['ndcg@5']:<14}" for f in files)
              + f"  {r['graph']} {r['fields']}")


if __name__ == "__main__":
    main()
