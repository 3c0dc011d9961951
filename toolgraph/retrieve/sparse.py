"""Field-aware keyword scoring in memory (BM25F), the keyword half of the hybrid and graph methods.

Each tool has four fields: its API name, its tool group's name, its category, and its body (description and
parameters). For a term t and a tool d the pseudo term frequency is

    tf~(t, d) = sum over fields f of  w_f * tf_f(t, d) / (1 - b + b * len_f(d) / avglen_f)

and the score of a request is ``sum over its terms t of idf(t) * tf~ / (k1 + tf~)``, with
``idf(t) = ln(1 + (N - df + 0.5) / (df + 0.5))`` (Lucene's). The term weights do not depend on the request, so
they are computed once into a sparse tools x terms matrix; a request sums a few of its columns (the way bm25s
scores), which takes well under a millisecond per term whatever the corpus. Field weights, ``k1`` and ``b``:
:class:`FieldWeights`, their origin in docs/retrieval.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import sparse

from toolgraph.text.words import tokens
from toolgraph.tool import Tool

FIELDS = ("name", "group", "category", "body")
@dataclass(frozen=True)
class FieldWeights:
    """BM25F parameters (chosen on StableToolBench G1_instruction + G1_category, docs/retrieval.md)."""

    name: float = 3.0
    group: float = 2.0
    category: float = 0.5
    body: float = 1.0
    k1: float = 3.0
    b: float = 0.75

    def of(self, fld: str) -> float:
        return float(getattr(self, fld))


def tool_fields(row: dict[str, Any] | Tool) -> dict[str, str]:
    """The four fields of a tool (a row with ``name``, ``description``, ``group``, ``category``, ``*_params``)."""
    tool = Tool.of(row)
    params = [f"{p.name} {p.description}" for p in tool.params]
    return {"name": tool.name, "group": tool.group, "category": tool.category,
            "body": f"{tool.description} {' '.join(params)}"}


PLAIN_BM25 = FieldWeights(name=0.0, group=0.0, category=0.0, body=1.0, k1=1.2, b=0.75)


class SparseIndex:
    """BM25F over tools held in memory: ``score`` gives every tool's score for a request.

    ``plain=True`` is plain BM25 (k1 1.2, b 0.75, one field: the whole ``tool_text`` that is embedded), the
    baseline of ``toolgraph eval retrieval --baseline bm25``."""

    def __init__(self, rows: Iterable[dict[str, Any] | Tool], weights: FieldWeights | None = None, *,
                 plain: bool = False) -> None:
        self.weights = PLAIN_BM25 if plain else (weights or FieldWeights())
        tools = [Tool.of(r) for r in rows]
        self.plain = plain
        self.ids = [t.id for t in tools]
        self.categories = np.array([t.category for t in tools], dtype=object)
        self.position = {t: i for i, t in enumerate(self.ids)}
        self.group_of = {t.id: t.group for t in tools}
        if plain:
            per_field = [{"name": [], "group": [], "category": [], "body": tokens(t.embed_text())} for t in tools]
        else:
            per_field = [{f: tokens(v) for f, v in tool_fields(t).items()} for t in tools]
        vocab: dict[str, int] = {}
        for doc in per_field:
            for words in doc.values():
                for w in words:
                    vocab.setdefault(w, len(vocab))
        self.vocab = vocab
        n = len(tools)
        avg = {f: max(sum(len(d[f]) for d in per_field) / max(n, 1), 1.0) for f in FIELDS}
        w, b = self.weights, self.weights.b
        data: list[float] = []
        cols: list[int] = []
        rowptr = [0]
        df = np.zeros(len(vocab), dtype=np.float64)
        for doc in per_field:
            tf: dict[int, float] = {}
            for f in FIELDS:
                words = doc[f]
                if not words:
                    continue
                norm = w.of(f) / (1 - b + b * len(words) / avg[f])
                for word in words:
                    j = vocab[word]
                    tf[j] = tf.get(j, 0.0) + norm
            for j, value in tf.items():
                cols.append(j)
                data.append(value / (w.k1 + value))
                df[j] += 1
            rowptr.append(len(cols))
        idf = np.log(1 + (n - df + 0.5) / (df + 0.5))
        matrix = sparse.csr_matrix((np.array(data), np.array(cols, dtype=np.int64), np.array(rowptr)),
                                   shape=(n, len(vocab)))
        self.matrix = sparse.csc_matrix(matrix.multiply(idf[np.newaxis, :]))
        self.idf = idf

    def __len__(self) -> int:
        return len(self.ids)

    def score(self, text: str) -> np.ndarray:
        """Every tool's BM25F score for ``text`` (zeros when no term is known)."""
        cols = sorted({self.vocab[t] for t in tokens(text) if t in self.vocab})
        if not cols:
            return np.zeros(len(self.ids))
        # the columns' entries summed by row straight from the CSC arrays: scipy's column slicing costs ~12x more,
        # per search, than the sum itself
        ptr, rows, data = self.matrix.indptr, self.matrix.indices, self.matrix.data
        spans = [slice(ptr[c], ptr[c + 1]) for c in cols]
        return np.bincount(np.concatenate([rows[s] for s in spans]), weights=np.concatenate([data[s] for s in spans]),
                           minlength=len(self.ids)).astype(np.float64)

    def top(self, text: str, k: int, category: str | None = None) -> list[tuple[str, float]]:
        scores = self.score(text)
        if category is not None:
            scores = np.where(self.categories == category, scores, 0.0)
        return top_k(self.ids, scores, k)


def top_k(ids: list[str], scores: np.ndarray, k: int) -> list[tuple[str, float]]:
    """The ``k`` best positive scores, best first (ties by id)."""
    if k <= 0 or not len(ids):
        return []
    k = min(k, len(ids))
    part = np.argpartition(-scores, k - 1)[:k]
    best = sorted(((ids[i], float(scores[i])) for i in part if scores[i] > 0), key=lambda x: (-x[1], x[0]))
    return best

