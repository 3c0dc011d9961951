"""Side-by-side retrieval on StableToolBench: ToolGraph's methods, BM25 (bm25s) and graph-tool-call, one run.

- builds the shared corpus in a private embedded server (the StableToolBench and ToolBench tools, the call paths as
  SEQUENTIAL edges), embeds every tool with the configured model (default: the offline all-MiniLM-L6-v2);
- every method ranks every tool for each query of the StableToolBench ``test_instruction`` files; the gold set is
  the query's "relevant APIs" (the ``toolgraph eval retrieval`` protocol, toolgraph/retrieve/evaluate.py);
- peers get the same tools: bm25s indexes each tool's ``tool_text`` (what ToolGraph embeds), tokenised with its
  English stop words; graph-tool-call 0.47 gets each tool as an OpenAI function (name = the tool id, its
  description and parameters) through ``add_tools`` (its own dependency detection on) and ranks with
  ``retrieve(query, top_k)`` in its default ``basic`` mode. graph-tool-call takes seconds a query, so it runs on
  the first ``--peer-sample`` queries of each file (the table says how many); the other methods are also scored
  on that same sample, for a fair comparison, next to their full-file figures;
- per file: NDCG@1/5/10, Recall@5/10, p50 latency (ToolGraph with the query embedding included: the query is
  embedded inside the timed call, as ``toolgraph search`` does).

    .venv/bin/python bench/peers_bench.py [--json] [--out FILE] [--peer-sample 15] [--no-gtc]

Figures: docs/benchmarks.md, "Retrieval side by side with the peers".
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from common import arg_parser, bench_main, machine_info, machine_line, private_server, progress, table

from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.paths import read_paths
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.ingest.writer import write_batch
from toolgraph.retrieve.embed import _params, embed_tools, tool_text
from toolgraph.retrieve.evaluate import EvalQuery, load_queries, ndcg_at, recall_at
from toolgraph.retrieve.search import Retriever

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
            params = _params(r.get("required_params")) + _params(r.get("optional_params"))
            required = [str(p.get("name")) for p in _params(r.get("required_params"))]
            props = {str(p.get("name")): {"type": "string", "description": str(p.get("description") or "")}
                     for p in params}
            description = f"{r.get('description') or r['name']} (tool {r.get('group')}, category {r.get('category')})"
            tools.append({"type": "function", "function": {
                "name": r["id"], "description": description,
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
        row["p50_ms"] = round(statistics.median(s["ms"] for s in samples), 2)
        out.append(row)
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    from toolgraph.config import Settings

    embedder = Settings().embed.embedder()
    queries, skipped = load_queries([args.data / "stabletoolbench/test_instruction" / f for f in FILES])
    result: dict[str, Any] = {"machine": machine_info(args.heap), "model": embedder.name, "queries": len(queries),
                              "skipped": skipped, "peer_sample": args.peer_sample, "tuned_on": list(TUNED_ON)}
    with private_server(args.heap) as bench:
        progress("importing the shared corpus")
        build(bench, args.data)
        progress("embedding every tool")
        embed_tools(bench.store, embedder, progress=True)
        rows = bench.store.query("embed_tool_rows")
        result["tools"] = len(rows)
        retriever = Retriever(bench.store, embedder)
        if hasattr(retriever, "sparse"):  # built once, outside the timed calls, as in a long-running process
            retriever.sparse  # noqa: B018
        peers: dict[str, Any] = {"bm25s": Bm25sPeer(rows)}
        if not args.no_gtc:
            progress("graph-tool-call: building its index")
            started = time.perf_counter()
            peers["graph-tool-call"] = GraphToolCallPeer(rows)
            result["gtc_build_s"] = round(time.perf_counter() - started, 1)
        per: dict[tuple[str, str, str], list[dict[str, float]]] = defaultdict(list)
        seen: dict[str, int] = defaultdict(int)
        for n, q in enumerate(queries):
            if n % 50 == 0:
                progress(f"query {n} of {len(queries)}")
            in_sample = seen[q.file] < args.peer_sample
            seen[q.file] += 1
            for method in METHODS:
                getattr(retriever, "_vectors", {}).clear()  # each query embedded inside its timed call
                started = time.perf_counter()
                ranked = retriever.ranked_ids(q.query, k=10, method=method)  # type: ignore[arg-type]
                record(per, q, method, ranked, time.perf_counter() - started, in_sample)
            for name, peer in peers.items():
                if name == "graph-tool-call" and not in_sample:
                    continue
                started = time.perf_counter()
                ranked = peer.rank(q.query, 10)
                record(per, q, name, ranked, time.perf_counter() - started, in_sample)
        result["results"] = summarise(per)
        result["memory"] = bench.memory()
    return result


def record(per: dict[tuple[str, str, str], list[dict[str, float]]], q: EvalQuery, method: str, ranked: list[str],
           seconds: float, in_sample: bool) -> None:
    s = {**score(ranked, q.gold), "ms": 1000 * seconds}
    scopes = ("all", "sample") if in_sample else ("all",)
    for scope in scopes:
        for file in (q.file, "ALL"):
            if method == "graph-tool-call" and scope == "all":
                continue
            per[(scope, file, method)].append(s)


def human(r: dict[str, Any]) -> None:
    print(machine_line(r["machine"]))
    print(f"{r['tools']} tools, {r['queries']} queries; model {r['model']}; tuned on {', '.join(r['tuned_on'])}")
    if "gtc_build_s" in r:
        print(f"graph-tool-call index built in {r['gtc_build_s']} s; it runs on the first {r['peer_sample']} "
              "queries of each file")
    keys = ["ndcg@1", "ndcg@5", "ndcg@10", "recall@5", "recall@10", "p50_ms"]
    for scope in ("all", "sample"):
        rows = [[x["file"], x["method"], x["queries"], *(x[k] for k in keys)] for x in r["results"]
                if x["scope"] == scope]
        print(f"\n{scope}:")
        print(table(["file", "method", "queries", *keys], rows))


def main() -> None:
    parser = arg_parser(__doc__, "1g")
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data"))
    parser.add_argument("--peer-sample", type=int, default=15)
    parser.add_argument("--no-gtc", action="store_true", help="leave graph-tool-call out")
    args = parser.parse_args()
    bench_main(args, run, human)


if __name__ == "__main__":
    main()
