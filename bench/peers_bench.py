"""Side-by-side retrieval on StableToolBench: ToolGraph's methods, BM25 (bm25s) and graph-tool-call, one run.

- builds the shared corpus in a private embedded server (the StableToolBench and ToolBench tools, the call paths as
  SEQUENTIAL edges), embeds every tool with the configured model (default: the offline all-MiniLM-L6-v2; tool
  vectors cached in bench/results/ by model and text);
- every method ranks every tool for each query of the StableToolBench ``test_instruction`` files; the gold set is
  the query's "relevant APIs" (the ``toolgraph eval retrieval`` protocol, toolgraph/retrieve/evaluate.py);
- peers get the same tools: bm25s indexes each tool's ``tool_text`` (what ToolGraph embeds), tokenised with its
  English stop words; graph-tool-call 0.47 gets each tool as an OpenAI function (name = the tool id, its
  description and parameters) through ``add_tools`` (its own dependency detection on) and ranks with
  ``retrieve(query, top_k)`` in its default ``basic`` mode. It takes about 2 s a query, so its rankings (with the
  time each took and the load average then) are cached per query in
  ``bench/results/peers_gtc-<version>-<corpus digest>.jsonl`` (git-ignored; resumable): a rerun of ToolGraph's
  side reads them. ``--peer-sample N`` runs it on the first N queries of each file only (and scores every method
  on that sample too);
- per file: NDCG@1/5/10, Recall@5/10, p50 / p95 latency (ToolGraph with the query embedding included: the query is
  embedded inside the timed call, as ``toolgraph search`` does); the load average is sampled along the run.

    PYTHONPATH=. .venv/bin/python bench/peers_bench.py [--json] [--out FILE] [--rankings FILE] [--no-gtc]
        [--peers-only] [--peer-sample N] [--methods keyword,dense,hybrid,graph] [--torch-threads 1]
        [--query-precision auto|float32|bfloat16]

Figures: docs/benchmarks.md, "Retrieval quality".
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from common import (
    LoadSampler,
    arg_parser,
    bench_main,
    git_state,
    machine_info,
    machine_line,
    private_server,
    progress,
    table,
)
from embedder import bench_embedder, embed_with_cache

from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.paths import read_paths
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.ingest.writer import write_batch
from toolgraph.retrieve.embed import tool_text
from toolgraph.retrieve.evaluate import EvalQuery, load_queries, ndcg_at, recall_at
from toolgraph.retrieve.search import Retriever
from toolgraph.tool import Tool

FILES = ("G1_instruction.json", "G1_category.json", "G1_tool.json", "G2_category.json")
TUNED_ON = ("G1_instruction.json", "G1_category.json")
METHODS = ("keyword", "dense", "hybrid", "graph")


def build(bench: Any, data: Path) -> None:
    batch = read_toolbench([data / "stabletoolbench/test_instruction", data / "toolbench/data_example/instruction",
                            data / "toolbench/data_example/toolenv"], ImportBatch("toolbench"))
    write_batch(bench.store, batch, skip_invalid=True)
    paths = read_paths([data / "stabletoolbench/answers", data / "toolbench/data_example/answer",
                        data / "toolbench/tooleval_cot_paths"], ImportBatch("paths"), bench.store,
                       add_missing_tools=True)
    write_batch(bench.store, paths, skip_invalid=True)


class Bm25sPeer:
    def __init__(self, rows: list[dict[str, Any]]) -> None:
        import bm25s

        self.bm25s, self.ids = bm25s, [r["id"] for r in rows]
        self.model = bm25s.BM25()
        self.model.index(bm25s.tokenize([tool_text(r) for r in rows], stopwords="en", show_progress=False),
                         show_progress=False)

    def rank(self, query: str, k: int) -> list[str]:
        docs, _ = self.model.retrieve(self.bm25s.tokenize([query], stopwords="en", show_progress=False), k=k,
                                      show_progress=False)
        return [self.ids[i] for i in docs[0]]


class GraphToolCallPeer:
    def __init__(self, rows: list[dict[str, Any]]) -> None:
        from graph_tool_call import ToolGraph

        self.graph = ToolGraph()
        tools = []
        for r in rows:
            tool = Tool.from_row(r)
            required = [p.name for p in tool.required_params]
            props = {p.name: {"type": "string", "description": p.description} for p in tool.params}
            description = f"{tool.description or tool.name} (tool {r.get('group')}, category {r.get('category')})"
            tools.append({"type": "function", "function": {
                "name": tool.id, "description": description,
                "parameters": {"type": "object", "properties": props, "required": required}}})
        self.graph.add_tools(tools)

    def rank(self, query: str, k: int) -> list[str]:
        return [t.name for t in self.graph.retrieve(query, top_k=k)]


def score(ranked: list[str], gold: set[str]) -> dict[str, float]:
    return {"ndcg@1": ndcg_at(ranked, gold, 1), "ndcg@5": ndcg_at(ranked, gold, 5),
            "ndcg@10": ndcg_at(ranked, gold, 10), "recall@5": recall_at(ranked, gold, 5),
            "recall@10": recall_at(ranked, gold, 10)}


def summarise(per: dict[tuple[str, str, str], list[dict[str, float]]]) -> list[dict[str, Any]]:
    out = []
    for (scope, file, method), samples in sorted(per.items()):
        row: dict[str, Any] = {"scope": scope, "file": file, "method": method, "queries": len(samples)}
        for key in ("ndcg@1", "ndcg@5", "ndcg@10", "recall@5", "recall@10"):
            row[key] = round(statistics.fmean(s[key] for s in samples), 4)
        ms = sorted(s["ms"] for s in samples)
        row["p50_ms"] = round(statistics.median(ms), 2)
        row["p95_ms"] = round(ms[min(len(ms) - 1, int(len(ms) * 0.95))], 2)
        out.append(row)
    return out


def corpus_key(rows: list[dict[str, Any]]) -> str:
    """A digest of the tools as the peers see them (ids and texts): a cached ranking is reused only for the same
    corpus."""
    digest = hashlib.sha1()
    for r in rows:
        digest.update(f"{r['id']}\x1f{tool_text(r)}\x1e".encode())
    return digest.hexdigest()[:12]


def query_key(q: EvalQuery) -> str:
    return hashlib.sha1(f"{q.file}\x1f{q.query_id}\x1f{q.query}".encode()).hexdigest()[:16]


class PeerCache:
    """A peer's rankings (and the time each took, and the load average then), one JSON line per query in
    ``bench/results/`` (git-ignored), so a rerun of ToolGraph's side does not redo a slow peer."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.rows: dict[str, dict[str, Any]] = {}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    row = json.loads(line)
                    self.rows[row["key"]] = row

    def add(self, key: str, ranked: list[str], ms: float) -> dict[str, Any]:
        row = {"key": key, "ranked": ranked, "ms": round(ms, 2), "load1": round(os.getloadavg()[0], 2)}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(row) + "\n")
        self.rows[key] = row
        return row


def run(args: argparse.Namespace) -> dict[str, Any]:
    import torch

    embedder = bench_embedder(args.torch_threads, args.query_precision)
    queries, skipped = load_queries([args.data / "stabletoolbench/test_instruction" / f for f in FILES])
    load = LoadSampler()
    result: dict[str, Any] = {"machine": machine_info(args.heap), "model": embedder.name, "queries": len(queries),
                              "skipped": skipped, "peer_sample": args.peer_sample, "tuned_on": list(TUNED_ON),
                              "torch_threads": torch.get_num_threads(),
                              "query_precision": getattr(embedder, "query_precision", None),
                              "load_before": os.getloadavg(),
                              "code": git_state("toolgraph", "cypher", "bench")}
    methods = [m for m in args.methods.split(",") if m] if not args.peers_only else []
    with private_server(args.heap) as bench:
        progress("importing the shared corpus")
        build(bench, args.data)
        progress("embedding every tool (vectors cached in bench/results/)")
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in embedder.name)
        result["embed"] = embed_with_cache(bench.store, embedder, args.cache_dir / f"peers_vectors-{safe}.npz")
        rows = bench.store.query("embed_tool_rows")
        result["tools"] = len(rows)
        result["corpus"] = corpus_key(rows)
        retriever = Retriever(bench.store, embedder)
        retriever.rank("warm up", k=10, method="graph")  # indexes built once, outside the timed calls
        peers: dict[str, Any] = {"bm25s": Bm25sPeer(rows)}
        gtc_cache = None
        if not args.no_gtc:
            version = importlib.metadata.version("graph-tool-call")
            gtc_cache = PeerCache(args.cache_dir / f"peers_gtc-{version}-{result['corpus']}.jsonl")
            result["gtc_version"] = version
            result["gtc_cache"] = str(gtc_cache.path)
        per: dict[tuple[str, str, str], list[dict[str, float]]] = defaultdict(list)
        seen: dict[str, int] = defaultdict(int)
        gtc: GraphToolCallPeer | None = None
        rankings: dict[str, dict[str, list[str]]] = {}
        for n, q in enumerate(queries):
            if n % 50 == 0:
                progress(f"query {n} of {len(queries)} (load {load.sample():.2f})")
            in_sample = seen[q.file] < args.peer_sample if args.peer_sample else None
            seen[q.file] += 1
            key = query_key(q)
            rankings[key] = {}
            for method in methods:
                getattr(retriever, "_vectors", {}).clear()  # each query embedded inside its timed call
                started = time.perf_counter()
                ranked = retriever.ranked_ids(q.query, k=10, method=method)  # type: ignore[arg-type]
                record(per, q, method, ranked, time.perf_counter() - started, in_sample)
                rankings[key][method] = ranked
            if not args.peers_only:
                started = time.perf_counter()
                ranked = peers["bm25s"].rank(q.query, 10)
                record(per, q, "bm25s", ranked, time.perf_counter() - started, in_sample)
                rankings[key]["bm25s"] = ranked
            if gtc_cache is not None and in_sample is not False:
                row = gtc_cache.rows.get(key)
                if row is None:
                    if gtc is None:
                        progress("graph-tool-call: building its index")
                        started = time.perf_counter()
                        gtc = GraphToolCallPeer(rows)
                        result["gtc_build_s"] = round(time.perf_counter() - started, 1)
                    started = time.perf_counter()
                    ranked = gtc.rank(q.query, 10)
                    row = gtc_cache.add(key, ranked, 1000 * (time.perf_counter() - started))
                    result["gtc_ranked_now"] = result.get("gtc_ranked_now", 0) + 1
                record(per, q, "graph-tool-call", row["ranked"], row["ms"] / 1000, in_sample)
                rankings[key]["graph-tool-call"] = row["ranked"]
        result["results"] = summarise(per)
        if gtc_cache is not None:
            loads = [r["load1"] for r in gtc_cache.rows.values()]
            result["gtc_load_when_ranked"] = {"min": min(loads), "max": max(loads),
                                              "mean": round(statistics.fmean(loads), 2)} if loads else None
        result["load"] = load.summary()
        result["memory"] = bench.memory()
        if args.rankings:
            args.rankings.parent.mkdir(parents=True, exist_ok=True)
            args.rankings.write_text(json.dumps({query_key(q): {"file": q.file, "query": q.query,
                                                                "gold": sorted(q.gold), **rankings[query_key(q)]}
                                                 for q in queries}), encoding="utf-8")
    return result


def record(per: dict[tuple[str, str, str], list[dict[str, float]]], q: EvalQuery, method: str, ranked: list[str],
           seconds: float, in_sample: bool | None) -> None:
    s = {**score(ranked, q.gold), "ms": 1000 * seconds}
    for file in (q.file, "ALL"):
        per[("all", file, method)].append(s)
        if in_sample is not None and in_sample:
            per[("sample", file, method)].append(s)


def human(r: dict[str, Any]) -> None:
    print(machine_line(r["machine"]))
    print(f"{r['tools']} tools (corpus {r['corpus']}), {r['queries']} queries; model {r['model']}, torch threads "
          f"{r['torch_threads']}; tuned on {', '.join(r['tuned_on'])}; code {r['code']}")
    print(f"load average (1 min): before {r['load_before'][0]:.2f}, during {r['load']}")
    if "gtc_version" in r:
        print(f"graph-tool-call {r['gtc_version']}: rankings from {r['gtc_cache']} ({r.get('gtc_ranked_now', 0)} "
              f"ranked in this run; load when ranked {r.get('gtc_load_when_ranked')})")
    keys = ["ndcg@1", "ndcg@5", "ndcg@10", "recall@5", "recall@10", "p50_ms", "p95_ms"]
    for scope in ("all", "sample"):
        rows = [[x["file"], x["method"], x["queries"], *(x[k] for k in keys)] for x in r["results"]
                if x["scope"] == scope]
        if rows:
            print(f"\n{scope}:")
            print(table(["file", "method", "queries", *keys], rows))


def main() -> None:
    parser = arg_parser(__doc__, "1g")
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    parser.add_argument("--peer-sample", type=int, default=0,
                        help="graph-tool-call on the first N queries of each file only (default 0: all)")
    parser.add_argument("--no-gtc", action="store_true", help="leave graph-tool-call out")
    parser.add_argument("--peers-only", action="store_true",
                        help="only fill graph-tool-call's ranking cache (no ToolGraph methods, no bm25s)")
    parser.add_argument("--methods", default=",".join(METHODS), help="ToolGraph's methods to score")
    parser.add_argument("--query-precision", default="auto", choices=("float32", "bfloat16", "auto"),
                        help="the query forward pass (FlagEmbedder query_precision; tool vectors are float32)")
    parser.add_argument("--torch-threads", type=int, default=1,
                        help="torch intra-op threads for the query embeddings (default 1; 0: torch's own)")
    parser.add_argument("--cache-dir", type=Path, default=Path(__file__).resolve().parent / "results",
                        help="where tool vectors and peer rankings are cached (default bench/results/)")
    parser.add_argument("--rankings", type=Path, help="also write every method's top 10 per query to this file")
    args = parser.parse_args()
    bench_main(args, run, human)


if __name__ == "__main__":
    main()
