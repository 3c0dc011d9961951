"""Embedders behind one small interface (compatible with neo4j-graphrag's ``Embedder``: ``embed_query``)."""

from toolgraph.embeddings.base import Embedder, EmbeddingError

__all__ = ["Embedder", "EmbeddingError"]
