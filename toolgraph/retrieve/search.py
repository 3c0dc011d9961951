"""Tool search: dense (vector index), keyword (BM25 full-text index), hybrid (both, fused) and graph (hybrid seeds
expanded along dependency edges). Every hit says why it ranked.

Scores:
- dense: cosine similarity of query and tool vectors (raw cosine in [-1, 1]);
- keyword: the full-text index's BM25 score;
- hybrid: reciprocal-rank fusion of the two lists, ``sum 1 / (60 + rank)`` (rank from 1), then divided by the
  best hit's value, so the top hit has 1.0;
- graph: ``hybrid(t) + strength * max over edges (s, t) of beta(edge) * weight(edge) * hybrid(s)``, for the
  edges between t and the top ``seeds`` hybrid hits s: same tool group 0.3 (weight 1); t follows s over SEQUENTIAL
  0.4 (weight P(t | s)); t precedes s 0.2; t provides an input of s over STRONG_RESOURCE or WEAK_RESOURCE 0.2
  (weight = confidence); t uses an output of s 0.1; strength 0.25. So a tool that provides what a good hit needs, or
  usually follows it, is pulled up or in. The parameters were tuned on StableToolBench G1_instruction and
  G1_category (G1_tool and G2_category held out): docs/benchmarks.md.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel

from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder, EmbeddingError
from toolgraph.errors import ToolGraphError
from toolgraph.retrieve.embed import LABEL, TEXT, VECTOR, check_model
from toolgraph.retrieve.sparse import FieldWeights, SparseIndex, top_k

Method = Literal["keyword", "dense", "hybrid", "graph"]
METHODS: tuple[str, ...] = ("keyword", "dense", "hybrid", "graph")
RRF_K = 60
OVERFETCH = 5
VECTOR_CACHE = 1024
INTENT_SPLIT = re.compile(r"(?<=[.?!])\s+|;\s+|\b(?:additionally|also|furthermore|moreover|as well as|in addition)\b,?",
                          re.IGNORECASE)
LUCENE_WORDS = {"and", "or", "not", "to"}
QUERY_STOPWORDS = {"a", "an", "the", "of", "for", "to", "in", "on", "and", "or", "is", "are", "be", "me", "my", "i",
                   "you", "your", "can", "could", "please", "with", "about", "from", "what", "which", "that", "this",
                   "it", "its", "also", "want", "would", "like", "need", "some", "get", "give", "provide", "find"}


@dataclass(frozen=True)
class GraphWeights:
    """The graph method's parameters (tuned on StableToolBench G1_instruction + G1_category, docs/benchmarks.md)."""

    alpha: float = 0.6  # keyword share of the fused score (the rest: dense)
    whole: float = 0.5  # share of the whole request in a multi-intent request (the rest: its best intent)
    group: float = 0.1  # a tool gains this times the best fused score of its tool group (siblings)
    seeds: int = 5  # how many fused hits are expanded along dependency edges
    strength: float = 0.25  # lambda: how much the graph may add to a hybrid score (at most 1)
    successor: float = 0.4  # a seed -SEQUENTIAL-> t, times P(t | seed)
    predecessor: float = 0.2  # t -SEQUENTIAL-> a seed
    strong_provider: float = 0.2  # t -STRONG_RESOURCE-> a seed
    weak_provider: float = 0.2  # t -WEAK_RESOURCE-> a seed
    consumer: float = 0.1  # a seed -RESOURCE-> t


class Why(BaseModel):
    dense: float | None = None
    dense_rank: int | None = None
    keyword: float | None = None
    keyword_rank: int | None = None
    hybrid: float | None = None
    graph: float | None = None
    via: list[str] = []


class Hit(BaseModel):
    id: str
    name: str
    group: str
    category: str
    source_ref: dict[str, Any]
    score: float
    why: Why
    chain: list[str] | None = None


def intents(query: str) -> list[str]:
    """The parts of a request that ask for different things: its sentences, and clauses after "also",
    "additionally", "as well as", ... (parts of fewer than 3 words are dropped)."""
    return [p.strip() for p in INTENT_SPLIT.split(query) if p and len(p.split()) >= 3]


def keyword_query(text: str) -> str:
    """Plain terms for Lucene (its syntax characters and operators removed)."""
    tokens = [t for t in re.findall(r"[a-z0-9]+", text.lower()) if t not in LUCENE_WORDS and t not in QUERY_STOPWORDS]
    return " ".join(dict.fromkeys(tokens))


@dataclass
class Retriever:
    store: GraphStore
    embedder: Embedder | None = None
    exact: bool = False
    weights: GraphWeights = field(default_factory=GraphWeights)
    field_weights: FieldWeights = field(default_factory=FieldWeights)
    _sparse: SparseIndex | None = field(default=None, init=False, repr=False)
    _vectors: dict[str, list[float]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        backend = self.store.backend
        self.vector_index = backend.vector_index_name(LABEL, VECTOR)
        self.text_index = backend.fulltext_index_name(LABEL, TEXT)
        if self.embedder is not None:
            if check_model(self.store, self.embedder) is None:
                raise EmbeddingError("no tool embeddings in the graph yet: run `toolgraph embed` first")

    # -- the ranked lists ----------------------------------------------------------------------------------------
    def dense(self, query: str | list[float], k: int, category: str | None = None) -> list[tuple[str, float]]:
        if self.embedder is None:
            raise EmbeddingError("dense search needs an embedding model")
        vector = self.embedder.embed_query(query) if isinstance(query, str) else query
        backend = self.store.backend
        if self.exact:
            rows = self.store.query("exact_tool_vectors", k=k, vector=vector, category=category)
            return [(r["id"], backend.cosine_from_function(r["score"])) for r in rows]
        # Over-fetch: an approximate index finds more of the true top k among its top 5k (and a category filter
        # drops most of what the index ranks over every tool).
        fetch = max(k * OVERFETCH, 50) if category is None else max(k * 10, 100)
        rows = self.store.query("query_tool_vectors", index=self.vector_index, k=fetch, vector=vector,
                                category=category)
        return [(r["id"], backend.cosine_from_index_score(r["score"])) for r in rows[:k]]

    @property
    def sparse(self) -> SparseIndex:
        """The in-memory BM25F index of every tool, read from the graph on first use (:meth:`refresh` rereads)."""
        if self._sparse is None:
            self._sparse = SparseIndex(self.store.query("embed_tool_rows"), self.field_weights)
        return self._sparse

    def refresh(self) -> None:
        """Forget the in-memory keyword index and cached query vectors (after an import or `embed`)."""
        self._sparse = None
        self._vectors.clear()

    def keyword(self, query: str, k: int, category: str | None = None) -> list[tuple[str, float]]:
        if not keyword_query(query):
            return []
        return self.sparse.top(query, k, category)

    def vectors(self, texts: list[str]) -> list[list[float]]:
        """Query vectors, embedded in one batch and cached (the last 1,024 texts)."""
        if self.embedder is None:
            raise EmbeddingError("dense search needs an embedding model")
        todo = [t for t in dict.fromkeys(texts) if t not in self._vectors]
        if todo:
            for text, vector in zip(todo, self.embedder.embed_queries(todo)):
                self._vectors[text] = vector
            while len(self._vectors) > VECTOR_CACHE:
                self._vectors.pop(next(iter(self._vectors)))
        return [self._vectors[t] for t in texts]

    def _hybrid(self, query: str, k: int, category: str | None, vector: list[float] | None = None
                ) -> tuple[list[tuple[str, float]], dict[str, Why]]:
        depth = max(k * 3, 30)
        dense = self.dense(vector if vector is not None else query, depth, category)
        keyword = self.keyword(query, depth, category)
        why: dict[str, Why] = defaultdict(Why)
        fused: dict[str, float] = defaultdict(float)
        for rank, (tid, score) in enumerate(dense, start=1):
            why[tid].dense, why[tid].dense_rank = round(score, 6), rank
            fused[tid] += 1.0 / (RRF_K + rank)
        for rank, (tid, score) in enumerate(keyword, start=1):
            why[tid].keyword, why[tid].keyword_rank = round(score, 6), rank
            fused[tid] += 1.0 / (RRF_K + rank)
        top = max(fused.values(), default=1.0)
        ranked = sorted(((t, s / top) for t, s in fused.items()), key=lambda x: (-x[1], x[0]))
        for tid, score in ranked:
            why[tid].hybrid = round(score, 6)
        return ranked, why

    def _fused(self, text: str, vector: list[float], depth: int, category: str | None,
               why: dict[str, Why] | None = None) -> dict[str, float]:
        """``alpha * keyword / best keyword + (1 - alpha) * cosine / best cosine`` over the top ``depth`` of either
        list (a tool the vector index did not return gets the lowest cosine it did), scaled so the best is 1."""
        a = self.weights.alpha
        scores = self.sparse.score(text)
        if category is not None:
            scores = np.where(self.sparse.categories == category, scores, 0.0)
        keyword = top_k(self.sparse.ids, scores, depth)
        dense = self.dense(vector, depth, category)
        if why is not None:
            for rank, (tid, score) in enumerate(keyword, start=1):
                why[tid].keyword, why[tid].keyword_rank = round(score, 6), rank
            for rank, (tid, score) in enumerate(dense, start=1):
                why[tid].dense, why[tid].dense_rank = round(score, 6), rank
        best_kw = keyword[0][1] if keyword else 0.0
        cosine = dict(dense)
        best_cos = max(dense[0][1], 1e-9) if dense else 1.0
        floor = max(dense[-1][1], 0.0) if dense else 0.0
        position = self.sparse.position
        fused = {}
        for tid in dict.fromkeys([t for t, _ in keyword] + [t for t, _ in dense]):
            kw = float(scores[position[tid]]) / best_kw if best_kw and tid in position else 0.0
            fused[tid] = a * kw + (1 - a) * max(cosine.get(tid, floor), 0.0) / best_cos
        top = max(fused.values(), default=0.0) or 1.0
        return {t: v / top for t, v in fused.items()}

    def _graph(self, query: str, k: int, category: str | None, vector: list[float] | None = None
               ) -> tuple[list[tuple[str, float]], dict[str, Why]]:
        w = self.weights
        depth = max(k * 3, 30)
        parts = intents(query)
        texts = [query] + (parts if len(parts) > 1 else [])
        vectors = self.vectors(texts) if vector is None else [vector, *self.vectors(texts[1:])]
        why: dict[str, Why] = defaultdict(Why)
        scores = self._fused(query, vectors[0], depth, category, why)
        if len(texts) > 1:  # a request with several intents: each intent's best tools count, whatever the rest
            per_intent = [self._fused(t, v, depth, category) for t, v in zip(texts[1:], vectors[1:])]
            candidates = set(scores).union(*per_intent)
            scores = {t: w.whole * scores.get(t, 0.0) + (1 - w.whole) * max(p.get(t, 0.0) for p in per_intent)
                      for t in candidates}
        for tid, score in scores.items():
            why[tid].hybrid = round(score, 6)
        ranked = sorted(scores.items(), key=lambda x: (-x[1], x[0]))
        bonus: dict[str, float] = {}
        group_of = self.sparse.group_of
        best_in_group: dict[str, tuple[float, str]] = {}
        for tid, score in ranked:  # best first, so the first seen is a group's best
            best_in_group.setdefault(group_of.get(tid, ""), (score, tid))
        for tid, _ in ranked:
            best, seed = best_in_group[group_of.get(tid, "")]
            if seed != tid and w.group * best > 0:
                bonus[tid] = w.group * best
                why[tid].via = [f"same group as {seed} (has_tool, weight 1.00)"]
        seeds = dict(ranked[: w.seeds])
        for row in self.store.query("graph_expand", seeds=list(seeds), category=category):
            s, n, kind, direction, weight = row["seed"], row["id"], row["type"], row["direction"], row["weight"]
            if kind == "HAS_TOOL":
                continue  # the group term above
            if kind == "SEQUENTIAL":
                beta, label = (w.successor, "follows") if direction == "out" else (w.predecessor, "precedes")
            elif direction == "in":
                beta = w.strong_provider if kind == "STRONG_RESOURCE" else w.weak_provider
                label = "provides input of"
            else:
                beta, label = w.consumer, "uses output of"
            gain = w.strength * beta * float(weight or 0.0) * seeds[s]
            if gain > 0 and gain > bonus.get(n, 0.0):
                bonus[n] = gain
                why[n].via = [f"{label} {s} ({kind.lower()}, weight {float(weight):.2f})"]
        final = dict(scores)
        for tid, gain in bonus.items():
            final[tid] = final.get(tid, 0.0) + gain
            why[tid].graph = round(gain, 6)
        return sorted(final.items(), key=lambda x: (-x[1], x[0])), why

    # -- the public call -----------------------------------------------------------------------------------------
    def rank(self, query: str, *, k: int, method: Method, category: str | None = None,
             vector: list[float] | None = None) -> tuple[list[tuple[str, float]], dict[str, Why]]:
        """The top ``k`` (id, score) by ``method``, and why each ranked."""
        if not query.strip():
            raise ToolGraphError("the search query is empty")
        if method == "keyword":
            ranked = self.keyword(query, k, category)
            why = {t: Why(keyword=round(s, 6), keyword_rank=i) for i, (t, s) in enumerate(ranked, start=1)}
        elif method == "dense":
            ranked = self.dense(vector if vector is not None else query, k, category)
            why = {t: Why(dense=round(s, 6), dense_rank=i) for i, (t, s) in enumerate(ranked, start=1)}
        elif method == "hybrid":
            ranked, why = self._hybrid(query, k, category, vector)
        elif method == "graph":
            ranked, why = self._graph(query, k, category, vector)
        else:
            raise ToolGraphError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
        return ranked[:k], why

    def search(self, query: str, *, k: int = 10, method: Method = "graph", category: str | None = None,
               chains: bool = False, vector: list[float] | None = None) -> list[Hit]:
        ranked, why = self.rank(query, k=k, method=method, category=category, vector=vector)
        return self._hits(ranked, why, chains)

    def ranked_ids(self, query: str, *, k: int, method: Method, category: str | None = None,
                   vector: list[float] | None = None) -> list[str]:
        """Only the ids, for evaluation."""
        return [t for t, _ in self.rank(query, k=k, method=method, category=category, vector=vector)[0]]

    def _hits(self, ranked: list[tuple[str, float]], why: dict[str, Why], chains: bool) -> list[Hit]:
        ids = [t for t, _ in ranked]
        cards = {r["id"]: r for r in self.store.query("tool_cards", ids=ids)}
        providers: dict[str, list[str]] = defaultdict(list)
        if chains and ids:  # a tool with the strongest provider of its required input (rows come strongest first)
            for row in self.store.query("tool_providers", ids=ids):
                if row["type"] == "STRONG_RESOURCE" and row["provider"] not in providers[row["id"]]:
                    providers[row["id"]].append(row["provider"])
        hits = []
        for tid, score in ranked:
            card = cards.get(tid)
            if card is None:
                continue
            hits.append(Hit(
                id=tid, name=card["name"], group=card["group"] or "", category=card["category"] or "",
                source_ref=json.loads(card["source_ref"] or "{}"), score=round(score, 6), why=why.get(tid, Why()),
                chain=(providers[tid][:1] + [tid]) if chains else None,
            ))
        return hits
