"""The embedder interface. ``embed_query`` is what neo4j-graphrag's retrievers call, so an ``Embedder`` here can be
handed to them as is."""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections import OrderedDict

from toolgraph.errors import ToolGraphError


class EmbeddingError(ToolGraphError):
    """An embedding model could not be loaded or used, or the graph holds vectors of another model."""


class Embedder(ABC):
    #: what is recorded in the graph next to the vectors; a different name means different vectors
    name: str
    dimensions: int

    @abstractmethod
    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """Vectors for tool texts (no query instruction), L2-normalised."""

    @abstractmethod
    def embed_queries(self, texts: list[str]) -> list[list[float]]:
        """Vectors for user queries (with the model's query instruction, if any), L2-normalised."""

    def embed_query(self, text: str) -> list[float]:
        return self.embed_queries([text])[0]

    def describe(self) -> dict[str, object]:
        return {"name": self.name, "dimensions": self.dimensions, "kind": type(self).__name__}


class CachedEmbedder(Embedder):
    """An embedder whose query vectors are remembered (least recently used first out): a repeated query costs
    no model call. Document vectors are not cached."""

    def __init__(self, inner: Embedder, size: int = 2048) -> None:
        self.inner = inner
        self.name = inner.name
        self.dimensions = inner.dimensions
        self.size = size
        self._cache: OrderedDict[str, list[float]] = OrderedDict()
        self._lock = threading.Lock()

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.inner.embed_documents(texts)

    def embed_queries(self, texts: list[str]) -> list[list[float]]:
        with self._lock:
            known = {t: self._cache[t] for t in texts if t in self._cache}
            for t in known:
                self._cache.move_to_end(t)
        missing = list(dict.fromkeys(t for t in texts if t not in known))
        if missing:
            fresh = dict(zip(missing, self.inner.embed_queries(missing)))
            with self._lock:
                for t, v in fresh.items():
                    self._cache[t] = v
                while len(self._cache) > self.size:
                    self._cache.popitem(last=False)
            known.update(fresh)
        return [list(known[t]) for t in texts]

    def describe(self) -> dict[str, object]:
        return self.inner.describe() | {"query_cache": self.size}
