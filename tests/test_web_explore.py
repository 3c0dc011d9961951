"""The explorer through Flask's test client, against the real embedded server: search, tool details, the
neighbourhood and its drawing, categories."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from gds_jobs import JOBS, run_jobs
from tests.web_helpers import C, R, S, W, login, make_app
from toolgraph.config import Settings
from toolgraph.db.store import GraphStore
from web import create_app


# -- explorer -------------------------------------------------------------------------------------------------------
def test_search_falls_back_to_names_and_filters(client: FlaskClient) -> None:
    r = client.get("/api/search?q=movie")
    data = r.get_json()
    assert r.status_code == 200 and data["method"] == "name" and data["requested"] == "auto" and data["notes"]
    assert [h["id"] for h in data["hits"]] == [C, R, S]  # names containing "movie", by name
    exact = client.get("/api/search?q=weather now").get_json()
    assert exact["hits"][0]["id"] == W and exact["hits"][0]["why"] == {"name_match": "exact"}
    assert client.get("/api/search?q=movie&category=Nope").get_json()["hits"] == []
    assert client.get("/api/search?q=movie&k=1").get_json()["hits"] == data["hits"][:1]
    page = client.get("/explorer?q=movie").get_data(as_text=True)
    assert page.index("Movie Credits") < page.index("Movie Reviews") and "searching tool names" in page


@pytest.mark.parametrize(("query", "field"), [("q=", "q"), ("q=%20%20", "q"), ("q=x&method=magic", "method"),
                                              ("q=x&method=dense", "method"), ("q=x&method=keyword", "method"),
                                              ("q=x&k=0", "k")])
def test_bad_searches_name_the_field(client: FlaskClient, query: str, field: str) -> None:
    r = client.get(f"/api/search?{query}")
    assert r.status_code == 400 and r.get_json()["field"] == field


def test_search_uses_retrieval_when_the_graph_is_embedded(graph: GraphStore, tmp_path: Path,
                                                          ann_embedder: Any) -> None:
    from toolgraph.retrieve.embed import embed_tools

    embed_tools(graph, ann_embedder, reset=True)
    app = create_app(Settings(home=tmp_path), store=graph, embedder=ann_embedder, llm=None,
                     config={"TESTING": True, "SECRET_KEY": "k"})
    client = app.test_client()
    data = client.get("/api/search?q=who played in the film").get_json()
    assert data["method"] == "graph" and data["hits"][0]["why"]["dense"] is not None
    keyword = client.get("/api/search?q=weather city&method=keyword").get_json()
    assert keyword["method"] == "keyword" and keyword["hits"][0]["id"] == W
    # A tool added in the registry is embedded at once, so semantic search finds it.
    headers = login(client)
    r = client.post("/api/tools", headers=headers, json={
        "category": "Finance", "group": "FX", "name": "Currency Converter",
        "description": "Convert an amount of money from one currency to another"})
    assert r.status_code == 201 and r.get_json()["embedded"] is True
    hits = client.get("/api/search?q=change dollars into euros&method=dense").get_json()["hits"]
    assert hits[0]["id"] == "finance/fx/currency_converter"


@pytest.fixture(scope="module")
def ann_embedder() -> Any:
    from toolgraph.embeddings.flag import FlagEmbedder

    return FlagEmbedder()  # the offline all-MiniLM-L6-v2


def test_tool_details_show_params_weights_and_their_origin(client: FlaskClient, graph: GraphStore) -> None:
    run_jobs(graph, JOBS, ["transition", "availability", "importance"])
    r = client.get(f"/api/tool?id={S}")
    data = r.get_json()
    tool = data["tool"]
    assert tool["name"] == "Search Movie" and tool["category"] == "C" and tool["group"]["id"] == "c/g"
    assert tool["required_params"] == [{"name": "query", "type": "string", "description": ""}]
    assert tool["output_schema"] == {"results": [{"movie_id": "int"}]}
    assert {"importance", "pagerank", "availability"} <= set(data["weights"])
    assert data["weights_from"]["importance"]["job"] == "importance"
    assert data["weights_from"]["availability"]["params"]["prior"] == 0.5
    deps = {(d["direction"], d["type"], d["other"]): d for d in data["dependencies"]}
    assert deps[("out", "STRONG_RESOURCE", C)]["weight"] == 0.9
    strong = deps[("out", "STRONG_RESOURCE", C)]
    assert strong["source"] == "test" and not strong["manual"] and strong["weight_from"] == "import (test)"
    credits = client.get(f"/api/tool?id={C}").get_json()["dependencies"]
    assert next(d for d in credits if d["type"] == "SEQUENTIAL")["weight_from"].startswith("transition job")
    page = client.get(f"/explorer?id={S}").get_data(as_text=True)
    assert "job importance" in page and "Movie Credits" in page
    assert client.get("/api/tool?id=c/g/nope").status_code == 404
    assert client.get("/api/tool").get_json()["field"] == "id"
    assert client.get("/explorer?id=c/g/nope").status_code == 404


def test_neighbourhood_hops_filters_and_drawing(client: FlaskClient, graph: GraphStore) -> None:
    one = client.get(f"/api/neighbourhood?id={R}&k=1").get_json()
    assert {n["id"] for n in one["nodes"]} == {R, S, C} and not one["capped"]
    weak = client.get(f"/api/neighbourhood?id={R}&types=WEAK_RESOURCE").get_json()
    assert {n["id"] for n in weak["nodes"]} == {R, S} and [e["type"] for e in weak["edges"]] == ["WEAK_RESOURCE"]
    heavy = client.get(f"/api/neighbourhood?id={S}&min_weight=0.5").get_json()
    assert {(e["from"], e["to"]) for e in heavy["edges"]} == {(S, C)}
    none = client.get(f"/api/neighbourhood?id={S}&category=Nope").get_json()
    assert [n["id"] for n in none["nodes"]] == [S] and none["edges"] == []
    graph_data = one["graph"]
    by_type = {e["title"].split(":")[0].split(" ")[0]: e for e in graph_data["edges"]}
    assert by_type["STRONG_RESOURCE"]["color"] == "#d62728" and by_type["WEAK_RESOURCE"]["color"] == "#ff7f0e"
    assert by_type["STRONG_RESOURCE"]["width"] > by_type["WEAK_RESOURCE"]["width"]
    assert all(n["url"].startswith("/explorer?id=") for n in graph_data["nodes"])
    assert "graph" not in client.get(f"/api/neighbourhood?id={S}&graph=0").get_json()
    capped = client.get(f"/api/neighbourhood?id={S}&k=9").get_json()
    assert capped["k"] == 3 and "capped at 3" in capped["notes"][0]


def test_neighbourhood_caps_the_node_count(graph: GraphStore, tmp_path: Path) -> None:
    app = make_app(graph, tmp_path)
    app.config["TOOLGRAPH_MAX_NODES"] = 2
    data = app.test_client().get(f"/api/neighbourhood?id={S}").get_json()
    assert data["capped"] and len(data["nodes"]) == 2 and "showing 2 tools" in data["notes"][0]
    assert {n["id"] for n in data["nodes"]} == {S, C}  # the strongest link first


@pytest.mark.parametrize(("query", "field", "status"), [("", "id", 400), ("id=c/g/nope", "id", 404),
                                                        (f"id={S}&k=0", "k", 400), (f"id={S}&types=FOO", "types", 400),
                                                        (f"id={S}&min_weight=2", "min_weight", 400),
                                                        (f"id={S}&min_weight=nan", "min_weight", 400)])
def test_bad_neighbourhood_requests(client: FlaskClient, query: str, field: str, status: int) -> None:
    r = client.get(f"/api/neighbourhood?{query}")
    assert r.status_code == status and r.get_json()["field"] == field


def test_categories(client: FlaskClient) -> None:
    assert client.get("/api/categories").get_json() == [
        {"name": "C", "groups": [{"id": "c/g", "name": "g"}, {"id": "c/w", "name": "w"}]}]
