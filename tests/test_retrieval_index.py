"""The in-memory search indexes (BM25F and the tool-vector matrix) against the real embedded server: exact, shared,
reloaded when the graph's embeddings change; and the graph method's intent-aware order."""

from __future__ import annotations

import pytest

from tests.conftest import ON_BOTH_BACKENDS
from tests.helpers import hand_typed, make_graph
from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder
from toolgraph.retrieve.embed import embed_tools
from toolgraph.retrieve.search import GraphWeights, Retriever

TOOLS = {
    "track": {"name": "Track Package", "description": "Track a parcel by its tracking number", "group": "parcels",
              "required": ["tracking_number"]},
    "history": {"name": "Package History", "description": "Every scan event in a parcel's delivery history",
                "group": "parcels", "required": ["tracking_number"]},
    "location": {"name": "Package Location", "description": "Where a parcel is now", "group": "parcels",
                 "required": ["tracking_number"]},
    "carrier": {"name": "Detect Carrier", "description": "Which courier a tracking number belongs to",
                "group": "parcels", "required": ["tracking_number"]},
    "forecast": {"name": "Weather Forecast", "description": "Weather forecast for the next days in a city",
                 "group": "meteo", "required": ["city"]},
    "stock": {"name": "Stock Price", "description": "Latest price of a stock ticker symbol", "group": "markets",
              "required": ["symbol"]},
}


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    from toolgraph.embeddings.flag import FlagEmbedder

    return FlagEmbedder(threads=1)


@pytest.fixture
def graph(store: GraphStore, embedder: Embedder) -> GraphStore:
    make_graph(store, TOOLS)
    embed_tools(store, embedder, reset=True)
    return store


def test_in_memory_dense_is_exact(graph: GraphStore, embedder: Embedder) -> None:
    vector = embedder.embed_query("where is my parcel right now")
    memory = Retriever(graph, embedder).dense(vector, 6)
    exact = Retriever(graph, embedder, exact=True).dense(vector, 6)
    index = Retriever(graph, embedder, memory=False).dense(vector, 6)
    assert [t for t, _ in memory] == [t for t, _ in exact] == [t for t, _ in index]
    assert [s for _, s in memory] == pytest.approx([s for _, s in exact], abs=1e-4)
    assert Retriever(graph, embedder).dense(vector, 3, category="Nope") == []


@ON_BOTH_BACKENDS
def test_indexes_are_shared_and_follow_re_embedding(graph: GraphStore, embedder: Embedder) -> None:
    watching = Retriever(graph, embedder, recheck_s=0)  # looks at the model record before every search
    stale = Retriever(graph, embedder, recheck_s=3600)  # does not look again within this test
    query = "send an email message to a recipient"
    assert watching.search(query, k=1, method="dense")[0].id != "c/markets/stock"
    assert stale.search(query, k=1, method="keyword") == []
    assert Retriever(graph, embedder).index is watching.index  # one snapshot per store, not one per Retriever

    hand_typed(graph, "MATCH (t:Tool {id: 'c/markets/stock'}) SET t.name = 'Send Email', "
                      "t.description = 'Send an email message to a recipient'")
    assert embed_tools(graph, embedder)["embedded"] == 1

    for retriever in (watching, Retriever(graph, embedder)):
        assert retriever.search(query, k=1, method="dense")[0].id == "c/markets/stock"
        top = retriever.search(query, k=1, method="keyword")[0]
        assert top.id == "c/markets/stock" and top.name == "Send Email"  # the card is the new one too
    assert stale.search(query, k=1, method="keyword") == []  # its snapshot is the old one until it looks
    stale.refresh()
    assert stale.search(query, k=1, method="keyword")[0].id == "c/markets/stock"


def test_intent_aware_order_gives_each_ask_a_place(graph: GraphStore, embedder: Embedder) -> None:
    query = ("Track my parcel 1Z999 and show its delivery history, where it is now and which courier has it. "
             "Also, what is the weather forecast for Paris?")
    crowded = Retriever(graph, embedder, weights=GraphWeights(group=0.3, diversity=0.0))
    covered = Retriever(graph, embedder, weights=GraphWeights(group=0.3, diversity=0.5))
    before = [h.id for h in crowded.search(query, k=5)]
    after = [h.id for h in covered.search(query, k=5)]
    assert set(before) == set(after)  # the same tools, in another order
    assert after.index("c/meteo/forecast") < before.index("c/meteo/forecast")
    assert after.index("c/meteo/forecast") <= 1  # the second ask gets one of the first two places
    scores = [h.score for h in covered.search(query, k=5)]
    assert scores == sorted(scores, reverse=True)


def test_request_vector_from_its_intents(graph: GraphStore, embedder: Embedder) -> None:
    query = "Track my parcel 1Z999 please. Also, what is the weather forecast for Paris tomorrow?"
    calls: list[list[str]] = []

    class Counting(Embedder):
        name, dimensions = embedder.name, embedder.dimensions

        def embed_documents(self, texts: list[str]) -> list[list[float]]:
            return embedder.embed_documents(texts)

        def embed_queries(self, texts: list[str]) -> list[list[float]]:
            calls.append(list(texts))
            return embedder.embed_queries(texts)

    retriever = Retriever(graph, Counting(), weights=GraphWeights(embed="intents"))
    top = {h.id for h in retriever.search(query, k=2)}
    assert top == {"c/parcels/track", "c/meteo/forecast"}
    assert calls == [["Track my parcel 1Z999 please.", "what is the weather forecast for Paris tomorrow?"]]


def test_graphs_with_nothing_embedded_are_never_served_stale(store: GraphStore) -> None:
    make_graph(store, {"track": TOOLS["track"]})
    assert Retriever(store, None).search("parcel tracking number", k=1, method="keyword")[0].id == "c/parcels/track"
    store.query("clear_graph")
    make_graph(store, {"stock": TOOLS["stock"]})  # no embeddings either: the same (empty) stamp
    assert Retriever(store, None).search("parcel tracking number", k=1, method="keyword") == []
    assert Retriever(store, None).search("stock ticker price", k=1, method="keyword")[0].id == "c/markets/stock"


@ON_BOTH_BACKENDS
def test_a_tool_imported_after_embedding_is_searchable_by_keyword(graph: GraphStore, embedder: Embedder) -> None:
    retriever = Retriever(graph, embedder, recheck_s=0)
    assert retriever.search("currency exchange rate", k=1, method="keyword") == []
    make_graph(graph, {**TOOLS, "fx": {"name": "Exchange Rate", "description": "Convert between two currencies",
                                       "group": "markets", "required": ["from", "to"]}})  # no `toolgraph embed`
    assert retriever.search("currency exchange rate", k=1, method="keyword")[0].id == "c/markets/fx"
    assert {h.id for h in retriever.search("currency exchange rate", k=6, method="dense")} <= {
        f"c/{t.get('group', 'g')}/{k}" for k, t in TOOLS.items()}  # no vector yet: dense cannot find it
