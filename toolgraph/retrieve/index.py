"""The in-memory search indexes of a graph's tools, shared by every :class:`~toolgraph.retrieve.search.Retriever`
on the same store.

- **keyword**: BM25F over the tools' fields (:class:`~toolgraph.retrieve.sparse.SparseIndex`);
- **dense**: every tool vector, L2-normalised, as one float32 matrix, so a query's cosine with every tool is one
  matrix-vector product (exact, ~1 ms for 16,000 tools of 384 dimensions) instead of a vector-index round trip;
- the tools' groups and categories, for the graph method's group terms and the category filter.

They are read from the graph once (two queries) and rebuilt when the graph's embeddings change: every
``toolgraph embed`` (and every tool added through the web registry, which embeds it) rewrites the
``EmbeddingModel`` record's ``updated``, and an import or a deletion changes the number of tools; :func:`tool_index`
compares that stamp (one query of about 1 ms, ``tool_catalog_stamp``) and reloads when it moved.
``Retriever.refresh()`` forces a reload (after an import that changed tool texts without re-embedding). A graph with
nothing embedded has no stamp: each ``Retriever`` then reads its own (keyword only).
"""

from __future__ import annotations

import threading
import weakref
from typing import Any

import numpy as np

from toolgraph.db.store import GraphStore
from toolgraph.retrieve.sparse import FieldWeights, SparseIndex, top_k
from toolgraph.tool import Tool

#: above this many tools the dense matrix is not built (memory: tools x dimensions x 4 bytes) and dense search
#: goes to the vector index
MAX_MEMORY_TOOLS = 250_000

Stamp = tuple[Any, ...]


class ToolIndex:
    """BM25F and the vector matrix of one snapshot of the graph's tools."""

    def __init__(self, rows: list[dict[str, Any]] | list[Tool], vectors: dict[str, list[float]],
                 weights: FieldWeights, stamp: Stamp) -> None:
        self.stamp = stamp
        self.vectors_read = bool(vectors)  # False: dense search goes to the vector index
        tools = [Tool.of(r) for r in rows]
        self.sparse = SparseIndex(tools, weights)
        self.ids = self.sparse.ids
        self.position = self.sparse.position
        self.categories = self.sparse.categories
        self.group_of = self.sparse.group_of
        # what a search hit shows of each tool (the parameters are not kept: the index holds every tool)
        self.cards = {t.id: Tool.model_construct(id=t.id, name=t.name, group=t.group, category=t.category,
                                                 source_ref=t.source_ref) for t in tools}
        names = sorted(set(self.group_of.values()))
        group_number = {g: i for i, g in enumerate(names)}
        self.groups = np.array([group_number[self.group_of[t]] for t in self.ids], dtype=np.int64)
        self.n_groups = len(names)
        # each tool's place in id order: ties in a ranking break by id without comparing strings
        self.id_rank = np.empty(len(self.ids), dtype=np.int64)
        self.id_rank[sorted(range(len(self.ids)), key=self.ids.__getitem__)] = np.arange(len(self.ids))
        dims = len(next(iter(vectors.values()))) if vectors else 0
        self.matrix = np.zeros((len(self.ids), dims), dtype=np.float32)
        self.embedded = np.zeros(len(self.ids), dtype=bool)
        for tid, vector in vectors.items():
            i = self.position.get(tid)
            if i is not None and vector is not None and len(vector) == dims:
                self.matrix[i] = vector
                self.embedded[i] = True
        norms = np.linalg.norm(self.matrix, axis=1)
        norms[norms == 0] = 1.0
        self.matrix /= norms[:, np.newaxis]
        self.dense_ready = bool(self.embedded.any())

    def __len__(self) -> int:
        return len(self.ids)

    def cosine(self, vector: list[float] | np.ndarray) -> np.ndarray:
        """Every tool's cosine with ``vector`` (-1 for a tool with no vector)."""
        return self.cosines([vector])[0]

    def cosines(self, vectors: list[list[float]] | list[np.ndarray]) -> np.ndarray:
        """Every tool's cosine with each of ``vectors`` (one row each; -1 for a tool with no vector), in one pass.

        ``einsum`` rather than ``@``: numpy's ``@`` goes to OpenBLAS, whose threads wait on each other when the
        cores are busy (measured at load average 3 on the 2-core VM: 8 ms p50 and 36 ms p95 for what one thread
        does in 0.3 ms); einsum's own loop is single-threaded and steady: 0.5 ms for 4 vectors over 2,202 tools,
        0.9 ms for one over 16,000."""
        q = np.asarray(vectors, dtype=np.float32).reshape(len(vectors), -1)
        out = np.full((len(vectors), len(self.ids)), -1.0)
        if not len(self.ids) or q.shape[1] != self.matrix.shape[1]:
            return out
        norms = np.linalg.norm(q, axis=1)
        ok = norms > 0
        if ok.any():
            scores = np.einsum("ij,kj->ki", self.matrix, q[ok] / norms[ok, np.newaxis]).astype(np.float64)
            scores[:, ~self.embedded] = -1.0
            out[ok] = scores
        return out

    def in_category(self, scores: np.ndarray, category: str | None, floor: float = 0.0) -> np.ndarray:
        return scores if category is None else np.where(self.categories == category, scores, floor)

    def dense(self, vector: list[float] | np.ndarray, k: int, category: str | None = None
              ) -> list[tuple[str, float]]:
        """The ``k`` tools of highest cosine (exact), best first."""
        scores = self.in_category(self.cosine(vector), category, -2.0)
        if k <= 0 or not len(self.ids):
            return []
        k = min(k, len(self.ids))
        part = np.argpartition(-scores, k - 1)[:k]
        return sorted(((self.ids[i], float(scores[i])) for i in part if scores[i] > -1.0),
                      key=lambda x: (-x[1], x[0]))

    def keyword(self, text: str, k: int, category: str | None = None) -> list[tuple[str, float]]:
        return top_k(self.ids, self.in_category(self.sparse.score(text), category), k)


_shared: weakref.WeakKeyDictionary[GraphStore, dict[FieldWeights, ToolIndex]] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def stamp_of(row: dict[str, Any] | None) -> Stamp:
    row = row or {}
    return tuple(row.get(k) for k in ("name", "dimensions", "updated", "tools"))


def embedding_stamp(store: GraphStore) -> Stamp:
    """What the in-memory indexes depend on: the embedding model's record and the number of tools
    (``tool_catalog_stamp``)."""
    rows = store.read_kept("tool_catalog_stamp")  # (kept until the graph is written, where it has a write mark)
    return stamp_of(rows[0] if rows else None)


def tool_index(store: GraphStore, weights: FieldWeights, stamp: Stamp | None = None, *,
               vectors: bool = True) -> ToolIndex:
    """The shared index of ``store``'s tools, rebuilt when its stamp (:func:`embedding_stamp`) moved since it was
    built. ``vectors=False`` skips reading the vectors (keyword-only use)."""
    stamp = embedding_stamp(store) if stamp is None else stamp
    if stamp[0] is None:  # nothing embedded: no stamp tells one set of tools from another, so nothing is shared
        return ToolIndex(store.query("embed_tool_rows"), {}, weights, stamp)
    with _lock:
        cached = _shared.get(store, {}).get(weights)
    wanted = vectors and stamp[0] is not None
    if cached is not None and cached.stamp == stamp and (cached.vectors_read or not wanted):
        return cached
    rows = store.query("embed_tool_rows")
    vecs: dict[str, list[float]] = {}
    if wanted and len(rows) <= MAX_MEMORY_TOOLS:
        vecs = {r["id"]: r["embedding"] for r in store.query("tool_vectors")}
    index = ToolIndex(rows, vecs, weights, stamp)
    index.vectors_read = wanted
    with _lock:
        _shared.setdefault(store, {})[weights] = index
    return index


def forget(store: GraphStore) -> None:
    """Drop ``store``'s shared indexes (the next search rebuilds them)."""
    with _lock:
        _shared.pop(store, None)
