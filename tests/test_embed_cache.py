"""The web page's query-embedding cache: a repeated query costs no model call, the cache stays bounded, and the
vectors are the model's own."""

from __future__ import annotations

import hashlib

from toolgraph.embeddings.base import CachedEmbedder, Embedder


class HashEmbedder(Embedder):
    """A deterministic 4-d embedder that counts the texts it is asked to embed."""

    name = "hash-4"
    dimensions = 4

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def _vec(self, text: str) -> list[float]:
        digest = hashlib.sha256(text.encode()).digest()
        return [b / 255 for b in digest[:4]]

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self._vec(t) for t in texts]

    def embed_queries(self, texts: list[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        return [self._vec("q:" + t) for t in texts]


def test_repeated_queries_are_served_from_the_cache() -> None:
    inner = HashEmbedder()
    cached = CachedEmbedder(inner, size=3)
    first = cached.embed_query("find a movie")
    assert cached.embed_query("find a movie") == first == inner.embed_queries(["find a movie"])[0]
    inner.calls.clear()
    assert cached.embed_queries(["find a movie", "weather", "weather"]) == [first, *inner.embed_queries(
        ["weather"]) * 2]
    assert inner.calls[0] == ["weather"]  # only the new text went to the model, once
    for text in ("a", "b", "c"):
        cached.embed_query(text)
    inner.calls.clear()
    cached.embed_query("find a movie")  # evicted: the cache holds 3
    assert inner.calls == [["find a movie"]]
    assert cached.name == "hash-4" and cached.describe()["query_cache"] == 3
