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

import re
import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel

from toolgraph.db.store import NO_MARK, GraphStore
from toolgraph.embeddings.base import Embedder, EmbeddingError
from toolgraph.errors import ToolGraphError
from toolgraph.retrieve.embed import LABEL, VECTOR, check_model
from toolgraph.retrieve.index import Stamp, ToolIndex, embedding_stamp, forget, stamp_of, tool_index
from toolgraph.retrieve.sparse import FieldWeights, SparseIndex
from toolgraph.text.words import QUERY_STOPWORDS, WORD
from toolgraph.tool import Tool

Method = Literal["keyword", "dense", "hybrid", "graph"]
METHODS: tuple[str, ...] = ("keyword", "dense", "hybrid", "graph")
RRF_K = 60
OVERFETCH = 5
VECTOR_CACHE = 1024
#: a graph with at most this many dependency edges keeps them all in memory for the graph search (about 100 MB at
#: the cap); a bigger one reads each search's seed edges
MAX_KEPT_EDGES = 500_000
TOO_MANY = object()  # kept in place of the adjacency of a graph with more than MAX_KEPT_EDGES edges
INTENT_SPLIT = re.compile(r"(?<=[.?!])\s+|;\s+|\b(?:additionally|also|furthermore|moreover|as well as|in addition)\b,?",
                          re.IGNORECASE)
LUCENE_WORDS = {"and", "or", "not", "to"}


@dataclass(frozen=True)
class GraphWeights:
    """The graph method's parameters (tuned on StableToolBench G1_instruction + G1_category, docs/benchmarks.md)."""

    alpha: float = 0.6  # keyword share of the fused score (the rest: dense)
    whole: float = 0.5  # share of the whole request in a multi-intent request (the rest: its best intent)
    group: float = 0.075  # a tool gains this times the best fused score of its tool group (siblings)
    seeds: int = 5  # how many fused hits are expanded along dependency edges
    strength: float = 0.25  # lambda: how much the graph may add to a hybrid score (at most 1)
    successor: float = 0.4  # a seed -SEQUENTIAL-> t, times P(t | seed)
    predecessor: float = 0.2  # t -SEQUENTIAL-> a seed
    strong_provider: float = 0.2  # t -STRONG_RESOURCE-> a seed
    weak_provider: float = 0.2  # t -WEAK_RESOURCE-> a seed
    consumer: float = 0.1  # a seed -RESOURCE-> t
    pool: int = 60  # candidates (best fused first) for the group term and the intent-aware order
    diversity: float = 0.2  # d: weight of uncovered intents in the order (0: by score alone)
    coverage: float = 0.5  # c: how much a placed tool covers each intent, times its fused score for it
    # what is embedded for a request with several intents: "all" (the request and each intent, in one forward
    # pass), "intents" (the request's vector is their normalised mean), "request" (intents reuse its vector)
    embed: Literal["all", "intents", "request"] = "all"
    depth: int = 30  # tools read from the vector index per text when the in-memory vectors are off


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


def _edge_order(edge: list[Any]) -> tuple[Any, ...]:
    """One order for a seed's edges, however they were read (the first of equal gains names why a tool ranked)."""
    return edge[1], edge[2], edge[3], -float(edge[4] or 0.0)


def keyword_query(text: str) -> str:
    """Plain terms for Lucene (its syntax characters and operators removed)."""
    tokens = [t for t in WORD.findall(text.lower()) if t not in LUCENE_WORDS and t not in QUERY_STOPWORDS]
    return " ".join(dict.fromkeys(tokens))


@dataclass
class Retriever:
    """Search over one store. ``exact``: dense search by exact cosine in Cypher (the reference); ``memory`` (the
    default): dense search by exact cosine over the in-memory vector matrix (:mod:`toolgraph.retrieve.index`);
    neither: the vector index. ``recheck_s``: how often (seconds) a search checks that the graph's embeddings did
    not change (one small query; 0: before every search). A new Retriever checks once, when it is made."""

    store: GraphStore
    embedder: Embedder | None = None
    exact: bool = False
    weights: GraphWeights = field(default_factory=GraphWeights)
    field_weights: FieldWeights = field(default_factory=FieldWeights)
    memory: bool = True
    recheck_s: float = 1.0
    #: the ``tool_catalog_stamp`` rows when the caller has just read them (so the Retriever does not read them again)
    catalog: list[dict[str, Any]] | None = field(default=None, repr=False)
    _index: ToolIndex | None = field(default=None, init=False, repr=False)
    _checked: float = field(default=0.0, init=False, repr=False)
    _vectors: dict[str, list[float]] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        backend = self.store.backend
        self.vector_index = backend.vector_index_name(LABEL, VECTOR)
        self._stamp: Stamp | None = None
        rows, self.catalog = self.catalog, None
        if rows is not None and self.embedder is None:
            self._stamp = stamp_of(rows[0] if rows else None)
        if self.embedder is not None:  # one query checks the model and gives the first search its stamp
            rows = self.store.read_kept("tool_catalog_stamp") if rows is None else rows
            if check_model(self.store, self.embedder, rows) is None:
                raise EmbeddingError("no tool embeddings in the graph yet: run `toolgraph embed` first")
            self._stamp = stamp_of(rows[0])

    # -- the in-memory indexes -----------------------------------------------------------------------------------
    def sync(self) -> ToolIndex:
        """The shared in-memory index, reloaded if the graph's embeddings changed (checked at most every
        ``recheck_s`` seconds)."""
        now = time.monotonic()
        if self._index is None or now - self._checked >= self.recheck_s:
            stamp, self._stamp = self._stamp, None
            stamp = embedding_stamp(self.store) if stamp is None else stamp
            wanted = self.memory and not self.exact and self.embedder is not None
            held = self._index
            if held is None or held.stamp != stamp or (wanted and not held.vectors_read and stamp[0] is not None):
                self._index = tool_index(self.store, self.field_weights, stamp, vectors=wanted)
            self._checked = now
        return self._index

    @property
    def index(self) -> ToolIndex:
        return self._index if self._index is not None else self.sync()

    @property
    def sparse(self) -> SparseIndex:
        """The in-memory BM25F index of every tool."""
        return self.index.sparse

    def refresh(self) -> None:
        """Forget the in-memory indexes and cached query vectors (after an import that changed tool texts)."""
        forget(self.store)
        self._index, self._stamp = None, None
        self._vectors.clear()

    # -- the ranked lists ----------------------------------------------------------------------------------------
    def dense(self, query: str | list[float], k: int, category: str | None = None) -> list[tuple[str, float]]:
        if self.embedder is None:
            raise EmbeddingError("dense search needs an embedding model")
        vector = self.vectors([query])[0] if isinstance(query, str) else query
        backend = self.store.backend
        if self.exact:
            rows = self.store.query("exact_tool_vectors", k=k, vector=vector, category=category)
            return [(r["id"], backend.cosine_from_function(r["score"])) for r in rows]
        index = self.index
        if self.memory and index.dense_ready:
            return index.dense(vector, k, category)
        # Over-fetch: an approximate index finds more of the true top k among its top 5k (and a category filter
        # drops most of what the index ranks over every tool).
        fetch = max(k * OVERFETCH, 50) if category is None else max(k * 10, 100)
        rows = self.store.query("query_tool_vectors", index=self.vector_index, k=fetch, vector=vector,
                                category=category)
        return [(r["id"], backend.cosine_from_index_score(r["score"])) for r in rows[:k]]

    def keyword(self, query: str, k: int, category: str | None = None) -> list[tuple[str, float]]:
        if not keyword_query(query):
            return []
        return self.index.keyword(query, k, category)

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

    def _fused(self, text: str, vector: list[float], category: str | None, cosine: np.ndarray | None = None
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``alpha * bm25f / best bm25f + (1 - alpha) * cos / best cos`` for the tools in the top ``depth`` of
        either list (0 for the others; a tool not in the dense top ``depth`` gets the lowest cosine that made it),
        scaled so the best is 1; with every tool's BM25F and cosine arrays (``cosine``: every tool's, if known)."""
        a, depth = self.weights.alpha, self.weights.depth
        index = self.index
        n = len(index)
        keyword = index.in_category(index.sparse.score(text), category)
        if cosine is not None:
            cosine = index.in_category(cosine, category, -2.0)
        elif self.memory and not self.exact and index.dense_ready:
            cosine = index.in_category(index.cosine(vector), category, -2.0)
        else:
            cosine = np.full(n, -2.0)
            for tid, cos in self.dense(vector, depth, category):
                if tid in index.position:
                    cosine[index.position[tid]] = cos
        d = min(depth, n)
        top_kw = np.argpartition(-keyword, d - 1)[:d]
        top_kw = top_kw[keyword[top_kw] > 0]
        top_cos = np.argpartition(-cosine, d - 1)[:d]
        top_cos = top_cos[cosine[top_cos] > -1.0]
        best_kw = float(keyword[top_kw].max()) if len(top_kw) else 0.0
        best_cos = max(float(cosine[top_cos].max()), 1e-9) if len(top_cos) else 1.0
        floor = max(float(cosine[top_cos].min()), 0.0) if len(top_cos) else 0.0
        dense_part = np.full(n, floor)
        dense_part[top_cos] = np.clip(cosine[top_cos], 0.0, None)
        fused = np.zeros(n)
        members = np.union1d(top_kw, top_cos)
        fused[members] = (1 - a) * dense_part[members] / best_cos
        if best_kw > 0:
            fused[members] += a * keyword[members] / best_kw
        top = float(fused.max()) if n else 0.0
        return (fused / top if top > 0 else fused), keyword, cosine

    def _graph(self, query: str, k: int, category: str | None, vector: list[float] | None = None
               ) -> tuple[list[tuple[str, float]], dict[str, Why]]:
        w = self.weights
        index = self.index
        if not len(index):
            return [], {}
        parts = intents(query)
        texts = [query] + (parts if len(parts) > 1 else [])
        if len(texts) > 1 and w.embed == "request":  # the parts' dense half uses the request's vector
            vectors = [vector if vector is not None else self.vectors(texts[:1])[0]] * len(texts)
        elif vector is None and len(texts) > 1 and w.embed == "intents":
            # the intents only: the request's vector is their normalised mean
            found = self.vectors(texts[1:])
            mean = np.mean(np.asarray(found, dtype=np.float64), axis=0)
            vectors = [list(mean / (np.linalg.norm(mean) or 1.0)), *found]
        else:
            vectors = self.vectors(texts) if vector is None else [vector, *self.vectors(texts[1:])]
        rows: list[np.ndarray | None] = [None] * len(texts)
        if self.memory and not self.exact and index.dense_ready:
            rows = list(index.cosines(vectors))  # every text's cosines in one pass
        score, keyword, cosine = self._fused(query, vectors[0], category, rows[0])
        per_intent = np.array([self._fused(t, v, category, c)[0]
                               for t, v, c in zip(texts[1:], vectors[1:], rows[1:])])
        if len(per_intent):  # several intents: each intent's best tools count, whatever the rest of the request
            score = w.whole * score + (1 - w.whole) * per_intent.max(axis=0)
        if category is not None:
            score = index.in_category(score, category)
        candidates = np.flatnonzero(score > 0)
        candidates = candidates[np.lexsort((index.id_rank[candidates], -score[candidates]))]
        bonus = np.zeros(len(index))  # what the graph adds to each tool; only the top k get a Why
        group_seed: dict[int, int] = {}
        if w.group > 0 and len(candidates):  # a tool gains a share of its tool group's best score
            groups = index.groups[candidates]
            kinds, first = np.unique(groups, return_index=True)  # best first: a group's first is its best
            seed = candidates[first[np.searchsorted(kinds, groups)]]
            gets = seed != candidates
            bonus[candidates[gets]] = w.group * score[seed[gets]]
            group_seed = dict(zip(candidates[gets].tolist(), seed[gets].tolist()))
        seeds = {index.ids[i]: float(score[i]) for i in candidates[: w.seeds]}
        position = index.position
        via: dict[int, str] = {}
        for s, n, kind, direction, weight in self._edges(list(seeds)) if seeds and w.strength > 0 else []:
            j = position.get(n)
            if j is None or (category is not None and index.categories[j] != category):
                continue
            if kind == "SEQUENTIAL":
                beta, label = (w.successor, "follows") if direction == "out" else (w.predecessor, "precedes")
            elif direction == "in":
                beta = w.strong_provider if kind == "STRONG_RESOURCE" else w.weak_provider
                label = "provides input of"
            else:
                beta, label = w.consumer, "uses output of"
            gain = w.strength * beta * float(weight or 0.0) * seeds[s]
            if gain > 0 and gain > bonus[j]:
                bonus[j] = gain
                via[j] = f"{label} {s} ({kind.lower()}, weight {float(weight):.2f})"
        members = np.union1d(candidates, np.flatnonzero(bonus > 0))
        final = np.maximum(score[members], 0.0) + bonus[members]
        order = np.lexsort((index.id_rank[members], -final))
        cover = w.diversity > 0 and len(per_intent) > 0
        ranked = [(int(members[i]), float(final[i])) for i in order[:max(w.pool, 2 * k) if cover else max(k, 1)]]
        if cover:
            ranked = self._cover(ranked, per_intent, k)
        out = [(index.ids[i], s) for i, s in ranked]
        why: dict[str, Why] = {}
        for i, _ in ranked[: max(k, 1)]:
            tid = index.ids[i]
            why[tid] = reason = Why()
            if i in via:
                reason.via = [via[i]]
            elif i in group_seed:
                reason.via = [f"same group as {index.ids[group_seed[i]]} (has_tool, weight 1.00)"]
            if bonus[i] > 0:
                reason.graph = round(float(bonus[i]), 6)
            reason.hybrid = round(float(score[i]), 6)
            if keyword[i] > 0:
                reason.keyword = round(float(keyword[i]), 6)
                reason.keyword_rank = int((keyword > keyword[i]).sum()) + 1
            if cosine[i] >= -1:
                reason.dense = round(float(cosine[i]), 6)
                reason.dense_rank = int((cosine > cosine[i]).sum()) + 1
        return out, why

    def _edges(self, seeds: list[str]) -> list[list[Any]]:
        """The seeds' dependency edges, each ``[seed, other, type, 'in'|'out', weight]``. Where the store has a write
        mark (a long-lived server on the embedded graph), every edge is read once (``graph_edge_lists``) and kept
        until the graph is written (:meth:`GraphStore.read_kept`), so a search makes no graph round trip; a graph
        with more than ``MAX_KEPT_EDGES`` edges, or a store with no mark, reads its seeds' (``graph_expand_edges``)."""
        kept = self.store.kept
        mark = kept.check()
        if mark is not NO_MARK:
            adjacency = kept.once("graph_edge_lists", mark, self._adjacency)
            if adjacency is not TOO_MANY:
                return [edge for s in seeds for edge in adjacency.get(s, ())]
        rows = self.store.query("graph_expand_edges", seeds=seeds)
        found: dict[str, list[list[Any]]] = defaultdict(list)
        for edge in rows[0]["edges"] if rows else []:
            found[edge[0]].append(edge)
        return [edge for s in seeds for edge in sorted(found.get(s, ()), key=_edge_order)]

    def _adjacency(self) -> dict[str, list[list[Any]]] | object:
        rows = self.store.query("graph_edge_lists", limit=MAX_KEPT_EDGES + 1)
        edges = rows[0]["edges"] if rows else []
        if len(edges) > MAX_KEPT_EDGES:
            return TOO_MANY
        adjacency: dict[str, list[list[Any]]] = defaultdict(list)
        for a, b, kind, weight in edges:
            adjacency[a].append([a, b, kind, "out", weight])
            adjacency[b].append([b, a, kind, "in", weight])
        for listed in adjacency.values():
            listed.sort(key=_edge_order)
        return dict(adjacency)

    def _cover(self, ranked: list[tuple[int, float]], per_intent: np.ndarray, k: int) -> list[tuple[int, float]]:
        """Intent-aware order (xQuAD): the next tool maximises ``(1 - d) * score + d * mean over intents i of
        fused_i(t) * uncovered_i``, where ``uncovered_i`` starts at 1 and is multiplied by ``1 - c * fused_i(s)``
        for each tool s placed; so once an intent has its tool, the next places go to the intents still
        uncovered, whichever tool collection they need. ``d`` = ``diversity``, ``c`` = ``coverage``."""
        d, c = self.weights.diversity, self.weights.coverage
        ids = np.array([i for i, _ in ranked])
        base = np.array([s for _, s in ranked])
        relevance = np.clip(per_intent[:, ids], 0.0, 1.0)  # intents x candidates
        uncovered = np.ones(len(per_intent))
        left = np.ones(len(ids), dtype=bool)
        out: list[tuple[int, float]] = []
        for _ in range(min(k, len(ids))):
            gain = (1 - d) * base + d * (uncovered @ relevance) / len(per_intent)
            gain[~left] = -np.inf
            j = int(np.argmax(gain))
            out.append((int(ids[j]), float(gain[j])))
            left[j] = False
            uncovered *= 1 - c * relevance[:, j]
        last = out[-1][1] if out else 0.0
        rest = [(int(ids[j]), min(float((1 - d) * base[j]), last)) for j in np.flatnonzero(left)]
        return out + rest

    # -- the public call -----------------------------------------------------------------------------------------
    def rank(self, query: str, *, k: int, method: Method, category: str | None = None,
             vector: list[float] | None = None) -> tuple[list[tuple[str, float]], dict[str, Why]]:
        """The top ``k`` (id, score) by ``method``, and why each ranked."""
        if not query.strip():
            raise ToolGraphError("the search query is empty")
        self.sync()
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
        known = self.index.cards
        cards = {t: known[t] for t in ids if t in known}
        missing = [t for t in ids if t not in cards]  # not in the in-memory snapshot (added since it was read)
        if missing:
            cards.update({r["id"]: Tool.from_row(r) for r in self.store.query("tool_cards", ids=missing)})
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
                id=tid, name=card.name, group=card.group, category=card.category, source_ref=card.source_ref,
                score=round(score, 6), why=why.get(tid, Why()),
                chain=(providers[tid][:1] + [tid]) if chains else None,
            ))
        return hits
