"""Retrieval latency, on the generated graph (16,000 tools, 100,000 dependency edges by default) or on the shared
StableToolBench corpus of bench/peers_bench.py (``--corpus shared``, its queries).

- embeds every tool with the configured model (tool vectors cached in bench/results/ by model and text);
- measures the vector index's recall@10 against exact cosine over every vector;
- profiles a graph search (p50 of each part on its own: the query forward pass, BM25F, dense scoring, the edge
  step's round trip, the embedding-stamp check, the whole search), with the in-memory vectors and with the vector
  index;
- measures search latency (p50 / p95 / mean) per method and configuration, the configurations taking turns query
  by query, with the query vector given and (graph) with the query embedding included; exact dense search in
  Cypher and the graph method over the vector index are the same-run baselines; the load average is sampled.

    PYTHONPATH=. .venv/bin/python bench/retrieval_bench.py [--json] [--out FILE] [--corpus generated|shared]
        [--tools 16000 --edges 100000] [--queries 200] [--included 100] [--rounds 1] [--torch-threads 1]
        [--query-precision auto|float32|bfloat16]

Figures: docs/benchmarks.md, "Retrieval latency".
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from pathlib import Path
from typing import Any

from common import (
    LoadSampler,
    add_graph_args,
    arg_parser,
    bench_main,
    git_state,
    machine_info,
    machine_line,
    private_server,
    progress,
    table,
    timed,
)
from embedder import bench_embedder, embed_with_cache
from generated import WORDS, generate

from toolgraph.retrieve.evaluate import load_queries
from toolgraph.retrieve.index import embedding_stamp
from toolgraph.retrieve.search import Retriever, intents


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50_ms": round(1000 * ordered[len(ordered) // 2], 2),
            "p95_ms": round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], 2),
            "mean_ms": round(1000 * statistics.fmean(ordered), 2)}


def queries(n: int, seed: int) -> list[str]:
    rng = random.Random(seed + 1)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 8))) for _ in range(n)]


def profile(retriever: Retriever, texts: list[str]) -> dict[str, Any]:
    """Where a graph search's time goes, each part timed on its own over the same requests (p50, ms): the forward
    pass that embeds the request and its intents (one batch), BM25F scoring of each text, dense scoring of each
    vector, the edge step's round trip, and the whole search (query embedding included); "rest" is the whole minus
    the parts (fusion, group terms, Python)."""
    parts: dict[str, list[float]] = {"embed (one batch)": [], "bm25f": [], "dense": [], "edge step (Cypher)": [],
                                     "stamp check (Cypher)": [], "whole search": []}
    index = retriever.sync()
    for text in texts:
        batch = [text] + (intents(text) if len(intents(text)) > 1 else [])
        vectors, seconds = timed(lambda batch=batch: retriever.embedder.embed_queries(batch))
        parts["embed (one batch)"].append(seconds)
        _, seconds = timed(lambda batch=batch: [index.sparse.score(t) for t in batch])
        parts["bm25f"].append(seconds)
        _, seconds = timed(lambda vectors=vectors: [retriever.dense(v, 30) for v in vectors])
        parts["dense"].append(seconds)
        seeds = [t for t, _ in retriever.dense(vectors[0], 5)]
        _, seconds = timed(lambda seeds=seeds: retriever.store.query("graph_expand_edges", seeds=seeds))
        parts["edge step (Cypher)"].append(seconds)
        _, seconds = timed(lambda: embedding_stamp(retriever.store))
        parts["stamp check (Cypher)"].append(seconds)
        retriever._vectors.clear()
        _, seconds = timed(lambda text=text: retriever.search(text, k=10, method="graph"))
        parts["whole search"].append(seconds)
    out = {name: round(1000 * statistics.median(v), 2) for name, v in parts.items()}
    out["rest"] = round(out["whole search"] - sum(v for n, v in out.items() if n not in ("whole search",
                                                                                      "stamp check (Cypher)")), 2)
    return out


def latency_table(retrievers: dict[str, tuple[Retriever, str]], texts: list[str], vectors: list[list[float]],
                  included: int, rounds: int) -> dict[str, Any]:
    """p50 / p95 / mean per search configuration; the configurations take turns query by query (``rounds``
    passes), so a change in the machine's load touches all of them alike."""
    samples: dict[str, list[float]] = {label: [] for label in retrievers}
    samples.update({f"{label}, query embedding included": [] for label, (_, m) in retrievers.items()
                    if m == "graph"})
    for _ in range(rounds):
        for n, (text, v) in enumerate(zip(texts, vectors)):
            for label, (retriever, method) in retrievers.items():
                started = time.perf_counter()
                retriever.search(text, k=10, method=method, vector=v)  # type: ignore[arg-type]
                samples[label].append(time.perf_counter() - started)
                if method == "graph" and n < included:
                    retriever._vectors.clear()
                    started = time.perf_counter()
                    retriever.search(text, k=10, method="graph")
                    samples[f"{label}, query embedding included"].append(time.perf_counter() - started)
    return {label: percentiles(v) for label, v in samples.items() if v}


def run(args: argparse.Namespace) -> dict[str, Any]:
    import torch

    embedder = bench_embedder(args.torch_threads, args.query_precision)
    load = LoadSampler()
    result: dict[str, Any] = {"machine": machine_info(args.heap), "corpus": args.corpus, "model": embedder.name,
                              "queries": args.queries, "torch_threads": torch.get_num_threads(),
                              "query_precision": getattr(embedder, "query_precision", None),
                              "load_before": os.getloadavg(), "code": git_state("toolgraph", "cypher", "bench")}
    with private_server(args.heap) as bench:
        if args.corpus == "shared":
            from peers_bench import FILES, build

            progress("importing the shared corpus")
            build(bench, args.data)
            found, _ = load_queries([args.data / "stabletoolbench/test_instruction" / f for f in FILES])
            texts = [q.query for q in found][:: max(1, len(found) // args.queries)][: args.queries]
        else:
            progress(f"generating and writing {args.tools} tools / {args.edges} edges")
            bench.write(generate(args.tools, args.edges, args.categories, args.seed))
            texts = queries(args.queries, args.seed)
        result.update(tools=len(bench.store.query("embed_tool_rows")), edges=args.edges)
        progress("embedding every tool (vectors cached in bench/results/)")
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in embedder.name)
        stats, seconds = timed(lambda: embed_with_cache(
            bench.store, embedder, args.cache_dir / (f"peers_vectors-{safe}.npz" if args.corpus == "shared"
                                                     else f"generated_vectors-{safe}-{args.tools}-{args.seed}.npz")))
        result["embed"] = {**stats, "seconds": round(seconds, 1)}
        progress("waiting for the vector index to settle")
        time.sleep(args.settle)
        result["texts"] = len(texts)
        vectors, embed_s = timed(lambda: embedder.embed_queries(texts))
        result["query_embedding_ms"] = round(1000 * embed_s / len(texts), 2)
        indexed = Retriever(bench.store, embedder, memory=False)
        memory = Retriever(bench.store, embedder)
        exact = Retriever(bench.store, embedder, exact=True)
        _, seconds = timed(memory.sync)
        result["index_load_s"] = round(seconds, 2)
        progress("recall@10 of the vector index against exact search")
        recalls = []
        for v in vectors:
            truth = {t for t, _ in memory.dense(v, 10)}
            got = {t for t, _ in indexed.dense(v, 10)}
            recalls.append(len(truth & got) / 10)
        result["index_recall_at_10"] = {"mean": round(statistics.fmean(recalls), 4), "min": min(recalls)}
        progress("where a graph search's time goes")
        load.sample()
        result["profile"] = {"in-memory dense (default)": profile(memory, texts),
                             "vector index": profile(indexed, texts)}
        load.sample()
        progress("latency per method")
        retrievers = {"exact dense in Cypher (baseline)": (exact, "dense"),
                      "dense, vector index": (indexed, "dense"), "dense, in memory": (memory, "dense"),
                      "keyword (BM25F)": (memory, "keyword"), "hybrid": (memory, "hybrid"),
                      "graph, vector index": (indexed, "graph"), "graph (default)": (memory, "graph")}
        result["latency"] = latency_table(retrievers, texts, vectors, args.included, args.rounds)
        result["load"] = load.summary()
        result["memory"] = bench.memory()
    return result


def human(r: dict[str, Any]) -> None:
    print(machine_line(r["machine"]))
    e = r["embed"]
    print(f"\n{r['corpus']} corpus: {r['tools']} tools; model {r['model']} ({e['dimensions']} dims), torch threads "
          f"{r['torch_threads']}; code {r['code']}")
    print(f"load average (1 min): before {r['load_before'][0]:.2f}, during {r['load']}")
    print(f"embedding: {e['embedded']} tools embedded, {e['restored_from_cache']} from the cache, {e['seconds']} s")
    print(f"query embedding: {r['query_embedding_ms']} ms a query (all {r['texts']} in one batch); in-memory index "
          f"loaded in {r['index_load_s']} s")
    rc = r["index_recall_at_10"]
    print(f"vector index recall@10 vs exact, {r['texts']} queries: mean {rc['mean']}, min {rc['min']}\n")
    names = list(next(iter(r["profile"].values())))
    print(table(["graph search, p50 ms", *r["profile"]], [[n, *(p[n] for p in r["profile"].values())]
                                                          for n in names]))
    print()
    rows = [[name, v["p50_ms"], v["p95_ms"], v["mean_ms"]] for name, v in r["latency"].items()]
    print(table(["search (k=10)", "p50 ms", "p95 ms", "mean ms"], rows))
    print(f"\nmemory: {r['memory']}")


def main() -> None:
    parser = arg_parser(__doc__, "2g")
    add_graph_args(parser)
    parser.add_argument("--corpus", choices=("generated", "shared"), default="generated",
                        help="the generated graph (--tools, --edges) or the StableToolBench corpus of peers_bench.py")
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--included", type=int, default=100,
                        help="how many of the queries also time the graph search with the query embedding included")
    parser.add_argument("--rounds", type=int, default=1, help="passes over the queries")
    parser.add_argument("--settle", type=float, default=30.0, help="seconds to let the index rebuild after loading")
    parser.add_argument("--query-precision", default="auto", choices=("float32", "bfloat16", "auto"),
                        help="the query forward pass (FlagEmbedder query_precision; tool vectors are float32)")
    parser.add_argument("--torch-threads", type=int, default=1,
                        help="torch intra-op threads for the query embeddings (default 1; 0: torch's own)")
    parser.add_argument("--cache-dir", type=Path, default=Path(__file__).resolve().parent / "results",
                        help="where tool vectors are cached (default bench/results/)")
    args = parser.parse_args()
    bench_main(args, run, human)


if __name__ == "__main__":
    main()
