"""``toolgraph eval retrieval``: Recall@k, NDCG@k and mAP@10 on StableToolBench-format query files.

The ToolLLM protocol: each query's gold set is its "relevant APIs" (relevance 1 each, mapped to tool ids through
the query's own ``api_list``); every tool in the graph competes. Each query is embedded once and every method
ranks with that vector, so methods are compared on equal terms in one run.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from toolgraph.errors import InputFileError
from toolgraph.ingest.toolbench import tool_id
from toolgraph.retrieve.search import Retriever
from toolgraph.retrieve.sparse import SparseIndex

BASELINES = ("bm25",)


@dataclass
class EvalQuery:
    file: str
    query_id: str
    query: str
    gold: set[str]


def load_queries(paths: list[Path]) -> tuple[list[EvalQuery], int]:
    """Queries with at least one gold tool; also how many records had none that could be mapped."""
    out, skipped = [], 0
    for path in paths:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise InputFileError(f"{path}: cannot read a query file: {exc}") from exc
        if not isinstance(data, list):
            raise InputFileError(f"{path}: expected a JSON list of query records")
        for i, record in enumerate(data):
            if not isinstance(record, dict) or not isinstance(record.get("query"), str):
                raise InputFileError(f"{path}: [{i}]: query: missing or not a string")
            apis = {(a.get("tool_name"), a.get("api_name")): a for a in record.get("api_list") or []
                    if isinstance(a, dict)}
            gold = set()
            for pair in record.get("relevant APIs") or []:
                api = apis.get(tuple(pair)) if isinstance(pair, list) and len(pair) == 2 else None
                if api is not None:
                    gold.add(tool_id(api["category_name"], api["tool_name"], api["api_name"]))
            if gold:
                out.append(EvalQuery(Path(path).name, str(record.get("query_id", i)), record["query"], gold))
            else:
                skipped += 1
    return out, skipped


def recall_at(ranked: list[str], gold: set[str], k: int) -> float:
    return len(set(ranked[:k]) & gold) / len(gold)


def ndcg_at(ranked: list[str], gold: set[str], k: int) -> float:
    dcg = sum(1.0 / math.log2(i + 2) for i, t in enumerate(ranked[:k]) if t in gold)
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(len(gold), k)))
    return dcg / ideal


def average_precision_at(ranked: list[str], gold: set[str], k: int = 10) -> float:
    hits, total = 0, 0.0
    for i, t in enumerate(ranked[:k], start=1):
        if t in gold:
            hits += 1
            total += hits / i
    return total / min(len(gold), k)


def evaluate(retriever: Retriever, queries: list[EvalQuery], *, ks: list[int], methods: list[str],
             progress: bool = False, baseline: str | None = None) -> dict[str, Any]:
    """Every method's scores per file and over all; ``baseline="bm25"`` adds plain BM25 (one field, k1 1.2,
    b 0.75) over the same tools, computed in memory (no extra package), as the method ``bm25``."""
    depth = max(max(ks), 10)
    plain = SparseIndex(retriever.store.query("embed_tool_rows"), plain=True) if baseline == "bm25" else None
    if plain is not None:
        methods = ["bm25", *methods]
    sums: dict[tuple[str, str], dict[str, float]] = {}
    counts: dict[str, int] = {}
    seconds: dict[str, float] = {m: 0.0 for m in methods}
    vectors = {}
    needs_vectors = any(m != "keyword" for m in methods)
    if needs_vectors and retriever.embedder is not None:
        texts = [q.query for q in queries]
        vectors = dict(zip(texts, retriever.embedder.embed_queries(texts)))
    for q in tqdm(queries, desc="evaluating", unit="query", disable=not progress):
        counts[q.file] = counts.get(q.file, 0) + 1
        for method in methods:
            started = time.perf_counter()
            if method == "bm25" and plain is not None:
                ranked = [t for t, _ in plain.top(q.query, depth)]
            else:
                ranked = retriever.ranked_ids(q.query, k=depth, method=method,  # type: ignore[arg-type]
                                              vector=vectors.get(q.query))
            seconds[method] += time.perf_counter() - started
            for key in ((q.file, method), ("ALL", method)):
                acc = sums.setdefault(key, {})
                for k in ks:
                    acc[f"recall@{k}"] = acc.get(f"recall@{k}", 0.0) + recall_at(ranked, q.gold, k)
                    acc[f"ndcg@{k}"] = acc.get(f"ndcg@{k}", 0.0) + ndcg_at(ranked, q.gold, k)
                acc["map@10"] = acc.get("map@10", 0.0) + average_precision_at(ranked, q.gold, 10)
    counts["ALL"] = len(queries)
    table = []
    for (file, method), acc in sums.items():
        table.append({"file": file, "method": method, "queries": counts[file],
                      **{name: round(value / counts[file], 4) for name, value in acc.items()}})
    table.sort(key=lambda r: (r["file"] == "ALL", r["file"], methods.index(r["method"])))
    if plain is not None:
        for row in table:
            base = next(r for r in table if r["file"] == row["file"] and r["method"] == "bm25")
            row["ndcg@5_vs_bm25"] = round(row.get("ndcg@5", 0.0) - base.get("ndcg@5", 0.0), 4) if 5 in ks else None
    return {"queries": len(queries), "ks": ks, "methods": methods, "baseline": baseline, "results": table,
            "ms_per_query": {m: round(1000 * s / max(len(queries), 1), 2) for m, s in seconds.items()}}
