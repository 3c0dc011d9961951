"""neo4j-graphrag's retrievers over ToolGraph's indexes with ToolGraph's embedder, on the embedded server."""

from __future__ import annotations

import pytest

from tests.conftest import ON_BOTH_BACKENDS
from tests.helpers import make_graph
from toolgraph.db.graphrag import (
    GraphRAGEmbedder,
    hybrid_retriever,
    search,
    tool_with_providers_retriever,
    vector_retriever,
)
from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder

TOOLS = {
    "city_lookup": {"name": "City Lookup", "description": "Find the city of a postal code", "required": ["zip"]},
    "forecast": {"name": "Weather Forecast", "description": "Weather forecast for the next days in a city",
                 "required": ["city"]},
    "stock_price": {"name": "Stock Price", "description": "Latest price of a stock ticker symbol",
                    "required": ["symbol"], "group": "markets"},
}


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    from toolgraph.embeddings.flag import FlagEmbedder

    return FlagEmbedder()


@pytest.fixture
def graph(store: GraphStore, embedder: Embedder) -> GraphStore:
    from toolgraph.retrieve.embed import embed_tools

    make_graph(store, TOOLS, edges=[("city_lookup", "forecast", "STRONG_RESOURCE",
                                     {"resource": "city", "weight": 0.9})])
    embed_tools(store, embedder, reset=True)
    return store


def test_embedder_wrapper_is_a_graphrag_embedder(embedder: Embedder) -> None:
    from neo4j_graphrag.embeddings.base import Embedder as Base

    wrapped = GraphRAGEmbedder(embedder)
    assert isinstance(wrapped, Base) and wrapped.embed_query("weather") == embedder.embed_query("weather")


@ON_BOTH_BACKENDS
def test_vector_and_hybrid_retrievers(graph: GraphStore, embedder: Embedder) -> None:
    items = vector_retriever(graph, embedder).search(query_text="weather forecast", top_k=2).items
    assert len(items) == 2 and "c/g/forecast" in items[0].content
    rows = search(graph, embedder, "stock ticker price", k=2, kind="hybrid")
    assert rows[0]["node"]["id"] == "c/markets/stock_price" and "embedding" not in rows[0]["node"]
    assert hybrid_retriever(graph, embedder).search(query_text="postal code city", top_k=1).items


@ON_BOTH_BACKENDS
def test_vector_cypher_retriever_returns_the_tool_with_its_providers(graph: GraphStore, embedder: Embedder) -> None:
    rows = search(graph, embedder, "weather forecast for the next days", k=1, kind="providers")
    assert rows[0]["id"] == "c/g/forecast"
    assert rows[0]["providers"] == [{"id": "c/g/city_lookup", "name": "City Lookup", "resource": "city",
                                     "type": "STRONG_RESOURCE", "weight": 0.9}]
    assert tool_with_providers_retriever(graph, embedder).search(query_text="stock", top_k=1).items


@pytest.mark.neo4j
def test_the_docs_example_runs_on_neo4js_own_indexes(neo4j_store: GraphStore, embedder: Embedder,
                                                    env_for_neo4j_cli: dict[str, str],
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The neo4j-graphrag example of docs/neo4j.md, run as written against the session's Neo4j."""
    import re

    from tests.conftest import ROOT
    from toolgraph.retrieve.embed import embed_tools

    make_graph(neo4j_store, TOOLS, edges=[("city_lookup", "forecast", "STRONG_RESOURCE",
                                           {"resource": "city", "weight": 0.9})])
    embed_tools(neo4j_store, embedder, reset=True)
    doc = (ROOT / "docs" / "neo4j.md").read_text(encoding="utf-8")
    [example] = [b for b in re.findall(r"```python\n(.*?)```", doc, re.S) if "vector_retriever" in b]
    scope: dict[str, object] = {}
    exec(compile(example, "docs/neo4j.md", "exec"), scope)  # noqa: S102 - the repository's own documentation
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "tool_embedding"
    assert "c/g/forecast" in printed[1]
    scope["store"].close()  # type: ignore[attr-defined]
