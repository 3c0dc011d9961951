"""Retrieval benchmark on the generated graph (16,000 tools, 100,000 dependency edges by default).

- embeds every tool with the configured model (default: the offline all-MiniLM-L6-v2), timing throughput and the
  vector / full-text index build;
- measures the vector index's recall@10 against exact cosine search over every vector, on generated queries;
- measures search latency (p50 / p95 / mean) per method, with the query embedding excluded (vector given) and
  included, against exact brute-force search as the baseline.

    .venv/bin/python bench/retrieval_bench.py [--json] [--tools 16000 --edges 100000] [--queries 200]

Figures: docs/benchmarks.md, section "Retrieval".
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from common import (
    WORDS,
    add_graph_args,
    arg_parser,
    bench_main,
    generate,
    machine_info,
    machine_line,
    private_server,
    progress,
    table,
    timed,
)

from toolgraph.retrieve.embed import embed_tools
from toolgraph.retrieve.search import Retriever


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50_ms": round(1000 * ordered[len(ordered) // 2], 2),
            "p95_ms": round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))], 2),
            "mean_ms": round(1000 * statistics.fmean(ordered), 2)}


def queries(n: int, seed: int) -> list[str]:
    rng = random.Random(seed + 1)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 8))) for _ in range(n)]


def run(args: argparse.Namespace) -> dict[str, Any]:
    from toolgraph.config import Settings

    embedder = Settings().embed.embedder()
    result: dict[str, Any] = {"machine": machine_info(args.heap), "tools": args.tools, "edges": args.edges,
                              "model": embedder.name, "queries": args.queries}
    with private_server(args.heap) as bench:
        progress(f"generating and writing {args.tools} tools / {args.edges} edges")
        batch = generate(args.tools, args.edges, args.categories, args.seed)
        bench.write(batch)
        progress("embedding every tool")
        stats, seconds = timed(lambda: embed_tools(bench.store, embedder, progress=True))
        result["embed"] = {**stats, "seconds": round(seconds, 1), "tools_per_s": round(stats["embedded"] / seconds, 1)}
        progress("waiting for the vector index to settle")
        time.sleep(args.settle)
        texts = queries(args.queries, args.seed)
        vectors, embed_s = timed(lambda: embedder.embed_queries(texts))
        result["query_embedding_ms"] = round(1000 * embed_s / len(texts), 2)
        indexed, exact = Retriever(bench.store, embedder), Retriever(bench.store, embedder, exact=True)
        progress("recall@10 of the vector index against exact search")
        recalls = []
        for v in vectors:
            truth = {t for t, _ in exact.dense(v, 10)}
            got = {t for t, _ in indexed.dense(v, 10)}
            recalls.append(len(truth & got) / 10)
        result["index_recall_at_10"] = {"mean": round(statistics.fmean(recalls), 4), "min": min(recalls)}
        progress("latency per method")
        latency: dict[str, Any] = {}
        for label, retriever, method in (("exact dense (baseline)", exact, "dense"), ("dense", indexed, "dense"),
                                         ("keyword", indexed, "keyword"), ("hybrid", indexed, "hybrid"),
                                         ("graph", indexed, "graph")):
            samples = []
            for text, v in zip(texts, vectors):
                started = time.perf_counter()
                retriever.search(text, k=10, method=method, vector=v)  # type: ignore[arg-type]
                samples.append(time.perf_counter() - started)
            latency[label] = percentiles(samples)
        included = []
        for text in texts[: max(20, len(texts) // 4)]:
            started = time.perf_counter()
            indexed.search(text, k=10, method="graph")
            included.append(time.perf_counter() - started)
        latency["graph, query embedding included"] = percentiles(included)
        result["latency"] = latency
        result["memory"] = bench.memory()
    return result


def human(r: dict[str, Any]) -> None:
    print(machine_line(r["machine"]))
    e = r["embed"]
    print(f"\n{r['tools']} tools / {r['edges']} edges; model {r['model']} ({e['dimensions']} dims)")
    print(f"embedding: {e['embedded']} tools in {e['seconds']} s ({e['tools_per_s']} tools/s), indexes included")
    print(f"query embedding: {r['query_embedding_ms']} ms a query")
    rc = r["index_recall_at_10"]
    print(f"vector index recall@10 vs exact, {r['queries']} queries: mean {rc['mean']}, min {rc['min']}\n")
    rows = [[name, v["p50_ms"], v["p95_ms"], v["mean_ms"]] for name, v in r["latency"].items()]
    print(table(["search (k=10)", "p50 ms", "p95 ms", "mean ms"], rows))
    print(f"\nmemory: {r['memory']}")


def main() -> None:
    parser = arg_parser(__doc__, "2g")
    add_graph_args(parser)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--settle", type=float, default=30.0, help="seconds to let the index rebuild after loading")
    args = parser.parse_args()
    bench_main(args, run, human)


if __name__ == "__main__":
    main()
