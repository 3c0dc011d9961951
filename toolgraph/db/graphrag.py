"""neo4j-graphrag over ToolGraph's graph: its ``VectorRetriever``, ``HybridRetriever`` and ``VectorCypherRetriever``
(a tool with the providers of its inputs) on ToolGraph's indexes, with ToolGraph's embedder.

The indexes are the ones ``toolgraph embed`` made (``Backend.vector_index_name`` / ``fulltext_index_name``:
``Tool[embedding]`` and ``Tool[search_text]`` on the embedded server, ``tool_embedding`` and
``tool_search_text_text`` on Neo4j), in the store's database. Run ``toolgraph embed`` first. On the embedded
server the retrievers' searches work; neo4j-graphrag's index creation, ``upsert_vectors`` and filtered search do
not (docs/integrations.md).
"""

from __future__ import annotations

from typing import Any

from neo4j_graphrag.embeddings.base import Embedder as GraphRAGEmbedderBase
from neo4j_graphrag.retrievers import HybridRetriever, VectorCypherRetriever, VectorRetriever

from toolgraph.db.cypher import cypher_root, parse_query_file
from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder

RETURN_PROPERTIES = ["id", "name", "description"]
LABEL, VECTOR, TEXT = "Tool", "embedding", "search_text"


class GraphRAGEmbedder(GraphRAGEmbedderBase):
    """ToolGraph's embedder as a neo4j-graphrag ``Embedder`` (queries get the model's query instruction)."""

    def __init__(self, embedder: Embedder) -> None:
        super().__init__()
        self.embedder = embedder

    def embed_query(self, text: str) -> list[float]:
        return self.embedder.embed_query(text)


def _indexes(store: GraphStore) -> tuple[str, str]:
    return store.backend.vector_index_name(LABEL, VECTOR), store.backend.fulltext_index_name(LABEL, TEXT)


def retrieval_query(name: str = "tool_with_providers") -> str:
    """A retrieval query from ``cypher/graphrag`` (appended by neo4j-graphrag after its vector search)."""
    return parse_query_file(cypher_root() / "graphrag" / f"{name}.cypher").text


def vector_retriever(store: GraphStore, embedder: Embedder) -> VectorRetriever:
    return store.client(lambda driver, database: VectorRetriever(
        driver, _indexes(store)[0], GraphRAGEmbedder(embedder), return_properties=RETURN_PROPERTIES,
        neo4j_database=database))


def hybrid_retriever(store: GraphStore, embedder: Embedder) -> HybridRetriever:
    vector, text = _indexes(store)
    return store.client(lambda driver, database: HybridRetriever(
        driver, vector, text, GraphRAGEmbedder(embedder), return_properties=RETURN_PROPERTIES,
        neo4j_database=database))


def tool_with_providers_retriever(store: GraphStore, embedder: Embedder) -> VectorCypherRetriever:
    return store.client(lambda driver, database: VectorCypherRetriever(
        driver, _indexes(store)[0], retrieval_query(), GraphRAGEmbedder(embedder), neo4j_database=database))


def search(store: GraphStore, embedder: Embedder, text: str, *, k: int = 5, kind: str = "hybrid"
           ) -> list[dict[str, Any]]:
    """One search through neo4j-graphrag (``vector``, ``hybrid`` or ``providers``); the rows as dicts."""
    makers = {"vector": vector_retriever, "hybrid": hybrid_retriever, "providers": tool_with_providers_retriever}
    retriever = makers[kind](store, embedder)
    result = retriever.get_search_results(query_text=text, top_k=k)
    return [record.data() for record in result.records]
