"""The embedder interface. ``embed_query`` is what neo4j-graphrag's retrievers call, so an ``Embedder`` here can be
handed to them as is."""

from __future__ import annotations

from abc import ABC, abstractmethod

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
