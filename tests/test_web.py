"""The web page through Flask's test client, against the real embedded server: every page and JSON endpoint,
logins and CSRF, and every kind of rejected edit leaving the graph unchanged."""

from __future__ import annotations

import json
import re
import socket
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from gds_jobs import JOBS, run_jobs
from tests.conftest import snapshot
from tests.helpers import make_graph
from toolgraph.config import Settings, WebSettings
from toolgraph.db.store import GraphStore
from web import create_app, secret_key
from web.users import create_user

PASSWORD = "correct horse battery"
TOOLS: dict[str, dict[str, Any]] = {
    "search": {"name": "Search Movie", "description": "Find a movie by its title", "required": ["query"],
               "output_schema": {"results": [{"movie_id": "int"}]}},
    "credits": {"name": "Movie Credits", "description": "Cast and crew of a movie", "required": ["movie_id"]},
    "reviews": {"name": "Movie Reviews", "description": "Reviews of a movie", "required": ["movie_id"]},
    "weather": {"name": "Weather Now", "description": "Current weather in a city", "required": ["city"],
                "group": "w"},
}
EDGES = [("search", "credits", "STRONG_RESOURCE", {"resource": "movie_id", "weight": 0.9}),
         ("search", "reviews", "WEAK_RESOURCE", {"resource": "movie_id", "weight": 0.4}),
         ("credits", "reviews", "SEQUENTIAL", {})]
S, C, R, W = "c/g/search", "c/g/credits", "c/g/reviews", "c/w/weather"
HOSTILE = ["'}) MATCH (n) DETACH DELETE n //", "<script>alert('x')</script>", "\" OR 1=1 --", "$id} RETURN 1"]


# -- fixtures -------------------------------------------------------------------------------------------------------
@pytest.fixture
def graph(store: GraphStore) -> GraphStore:
    make_graph(store, TOOLS, edges=EDGES)
    create_user(store, "ann", PASSWORD, "editor")
    create_user(store, "bob", PASSWORD, "editor")
    create_user(store, "root", PASSWORD, "admin")
    return store


def make_app(store: GraphStore, tmp_path: Path, **web: Any) -> Flask:
    settings = Settings(home=tmp_path, web=WebSettings(**web))
    return create_app(settings, store=store, embedder=None, llm=None,
                      config={"TESTING": True, "SECRET_KEY": "test-secret"})


@pytest.fixture
def app(graph: GraphStore, tmp_path: Path) -> Flask:
    return make_app(graph, tmp_path)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def csrf(client: FlaskClient) -> str:
    return client.get("/api/session").get_json()["csrf_token"]


def login(client: FlaskClient, name: str = "ann") -> dict[str, str]:
    r = client.post("/api/login", json={"name": name, "password": PASSWORD}, headers={"X-CSRFToken": csrf(client)})
    assert r.status_code == 200, r.get_json()
    return {"X-CSRFToken": r.get_json()["csrf_token"]}


@pytest.fixture
def ann(client: FlaskClient) -> dict[str, str]:
    return login(client)


def edges(store: GraphStore) -> dict[tuple[str, str, str, str], dict[str, Any]]:
    out = {}
    for r in store.query("export_relationships"):
        if r["type"] in ("SEQUENTIAL", "STRONG_RESOURCE", "WEAK_RESOURCE"):
            out[(r["source"], r["target"], r["type"], r["props"].get("resource") or "")] = r["props"]
    return out


def labels(store: GraphStore, label: str) -> list[dict[str, Any]]:
    return [r["props"] for r in store.query("export_nodes") if label in r["labels"]]


# -- pages, offline, headers ----------------------------------------------------------------------------------------
PAGES = ["/explorer", "/explorer?q=movie", f"/explorer?id={S}&k=2", "/runs", "/editor", f"/editor?tool={S}",
         "/registry", "/login"]


@pytest.mark.parametrize("url", PAGES)
def test_pages_render_offline(client: FlaskClient, url: str) -> None:
    r = client.get(url)
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert "ToolGraph" in html
    for ref in re.findall(r"""(?:src|href)=["']([^"']+)""", html):
        assert not ref.startswith(("http:", "https:", "//")), ref  # nothing from a CDN or any other host
    assert "script-src 'self'" in r.headers["Content-Security-Policy"]
    assert r.headers["X-Content-Type-Options"] == "nosniff"


def test_root_redirects_and_unknown_paths_answer_in_kind(client: FlaskClient) -> None:
    assert client.get("/").headers["Location"].endswith("/explorer")
    r = client.get("/api/nope")
    assert r.status_code == 404 and r.get_json()["status"] == 404
    assert client.get("/nope").status_code == 404


def test_vis_network_is_served_from_the_pyvis_package(client: FlaskClient) -> None:
    r = client.get("/vendor/vis-network.min.js")
    assert r.status_code == 200 and b"vis-network" in r.data[:2000]
    assert client.get("/vendor/vis-network.css").status_code == 200
    assert client.get("/vendor/../../etc/passwd").status_code == 404
    assert client.get("/vendor/utils.js").status_code == 404
    assert client.get("/static/graph.js").status_code == 200 and client.get("/static/style.css").status_code == 200
    page = client.get(f"/explorer?id={S}").get_data(as_text=True)
    assert "/vendor/vis-network.min.js" in page and "/static/graph.js" in page


def test_oversized_bodies_are_refused(client: FlaskClient, graph: GraphStore, ann: dict[str, str]) -> None:
    before = snapshot(graph)
    r = client.post("/api/tools", headers=ann, data=b"{" + b" " * (2 * 1024 * 1024) + b"}",
                    content_type="application/json")
    assert r.status_code == 413 and r.get_json()["status"] == 413 and snapshot(graph) == before
    r = client.post("/api/dependencies", headers=ann, data="[1, 2]", content_type="application/json")
    assert r.status_code == 400 and r.get_json()["field"] == "body"


def test_secret_key_is_generated_once_with_mode_0600(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path / "home")
    key = secret_key(settings)
    path = tmp_path / "home" / "web_secret_key"
    assert len(key) == 64 and path.stat().st_mode & 0o777 == 0o600
    assert secret_key(settings) == key
    assert secret_key(Settings(home=tmp_path, web=WebSettings(secret_key="given"))) == "given"


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


# -- logins, roles, CSRF --------------------------------------------------------------------------------------------
def test_api_login_session_and_logout(client: FlaskClient) -> None:
    anon = client.get("/api/session").get_json()
    assert anon["user"] is None and anon["csrf_token"] and anon["login_to_view"] is False
    bad = client.post("/api/login", json={"name": "ann", "password": "nope"}, headers={"X-CSRFToken": csrf(client)})
    assert bad.status_code == 401 and bad.get_json()["field"] == "password"
    old_token = csrf(client)
    headers = login(client)
    assert headers["X-CSRFToken"] != old_token  # a new session on login
    me = client.get("/api/session").get_json()
    assert me["user"] == "ann" and me["role"] == "editor"
    assert client.post("/api/logout", headers=headers).status_code == 200
    assert client.get("/api/session").get_json()["user"] is None


def test_html_login_form_and_logout(client: FlaskClient) -> None:
    page = client.get(f"/login?next=/editor?tool={S}").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    wrong = client.post("/login", data={"name": "ann", "password": "x", "csrf_token": token, "next": "/editor"})
    assert wrong.status_code == 401 and "wrong user name or password" in wrong.get_data(as_text=True)
    ok = client.post("/login", data={"name": "ann", "password": PASSWORD, "csrf_token": token, "next": "/editor"})
    assert ok.status_code == 302 and ok.headers["Location"] == "/editor"
    assert "ann (editor)" in client.get("/explorer").get_data(as_text=True)
    token = csrf(client)
    assert client.post("/logout", data={"csrf_token": token}).status_code == 302
    assert "Log in" in client.get("/explorer").get_data(as_text=True)


def test_login_refuses_to_send_you_elsewhere(client: FlaskClient) -> None:
    token = csrf(client)
    for target in ("https://evil.example/", "//evil.example/", "/\\evil.example"):
        r = client.post("/login", data={"name": "ann", "password": PASSWORD, "csrf_token": token, "next": target})
        assert r.headers["Location"] == "/explorer"
        token = csrf(client)


def test_sessions_expire_and_deleted_users_are_logged_out(client: FlaskClient, graph: GraphStore,
                                                          ann: dict[str, str]) -> None:
    body = {"source": C, "target": S, "type": "SEQUENTIAL", "weight": 0.5}
    with client.session_transaction() as sess:
        sess["login_at"] = time.time() - 481 * 60  # default lifetime: 480 minutes
    before = snapshot(graph)
    r = client.post("/api/dependencies", json=body, headers=ann)
    assert r.status_code == 401 and snapshot(graph) == before
    headers = login(client, "bob")
    graph.query("delete_user", name="bob")
    before = snapshot(graph)
    r = client.post("/api/dependencies", json=body, headers=headers)
    assert r.status_code == 401 and snapshot(graph) == before
    assert client.get("/api/session").get_json()["user"] is None


def test_login_to_view_guards_pages_and_api(graph: GraphStore, tmp_path: Path) -> None:
    client = make_app(graph, tmp_path, login_to_view=True).test_client()
    assert client.get("/api/search?q=movie").status_code == 401
    page = client.get("/explorer?q=movie")
    assert page.status_code == 302 and "/login?next=/explorer?q%3Dmovie" in page.headers["Location"]
    assert client.get("/login").status_code == 200 and client.get("/api/session").get_json()["login_to_view"]
    login(client)
    assert client.get("/api/search?q=movie").status_code == 200


@pytest.mark.parametrize("token", [None, "", "wrong-token"])
def test_csrf_token_is_required_on_every_change(client: FlaskClient, graph: GraphStore, ann: dict[str, str],
                                                token: str | None) -> None:
    headers = {} if token is None else {"X-CSRFToken": token}
    before = snapshot(graph)
    body = {"source": C, "target": S, "type": "SEQUENTIAL", "weight": 0.5}
    calls = [client.post("/api/dependencies", json=body, headers=headers),
             client.put("/api/dependencies", json={**body, "weight": 0.1}, headers=headers),
             client.delete("/api/dependencies", json=body, headers=headers),
             client.post("/api/tools", json={"category": "C", "group": "g", "name": "x"}, headers=headers),
             client.post("/api/runs", json={"query": "find a movie"}, headers=headers),
             client.post("/api/logout", headers=headers)]
    for r in calls:
        assert r.status_code == 400 and r.get_json()["field"] == "csrf_token", r.get_data(as_text=True)
    form = client.post("/editor/add", data={**body, **({"csrf_token": token} if token is not None else {})})
    assert form.status_code == 400 and "csrf_token: the CSRF token is missing or wrong" in form.get_data(as_text=True)
    assert snapshot(graph) == before
    assert client.get("/api/session").get_json()["user"] == "ann"  # the failed logout did nothing


def test_editing_needs_a_login(client: FlaskClient, graph: GraphStore) -> None:
    token = {"X-CSRFToken": csrf(client)}
    before = snapshot(graph)
    body = {"source": C, "target": S, "type": "SEQUENTIAL", "weight": 0.5}
    assert client.post("/api/dependencies", json=body, headers=token).status_code == 401
    assert client.put("/api/dependencies", json=body, headers=token).status_code == 401
    assert client.delete("/api/dependencies", json=body, headers=token).status_code == 401
    assert client.post("/api/tools", json={"category": "C", "group": "g", "name": "x"}, headers=token).status_code == 401
    assert client.post("/api/edits/x/undo", headers=token).status_code == 401
    form = client.post("/editor/add", data={**body, "csrf_token": token["X-CSRFToken"]})
    assert form.status_code == 302 and "/login" in form.headers["Location"]
    assert snapshot(graph) == before


# -- the dependency editor ------------------------------------------------------------------------------------------
def test_add_change_delete_are_recorded_and_undone(client: FlaskClient, graph: GraphStore,
                                                   ann: dict[str, str]) -> None:
    original = edges(graph)
    r = client.post("/api/dependencies", headers=ann,
                    json={"source": C, "target": S, "type": "weak_resource", "resource": "cast", "weight": "0.25",
                          "description": "cast lists feed searches"})
    assert r.status_code == 201
    added = r.get_json()
    assert added["action"] == "add" and added["user"] == "ann" and added["before"] is None
    edge = edges(graph)[(C, S, "WEAK_RESOURCE", "cast")]
    assert edge["weight"] == 0.25 and edge["source"] == "analyst" and edge["edited_by"] == "ann"
    assert added["after"] == {"type": "WEAK_RESOURCE", "props": edge}
    [recorded] = labels(graph, "Edit")
    assert recorded["id"] == added["id"] and json.loads(recorded["after"])["props"] == edge

    # change the weight of an imported edge: it becomes the analyst's, and remembers where it came from
    r = client.put("/api/dependencies", headers=ann,
                   json={"source": S, "target": C, "type": "STRONG_RESOURCE", "resource": "movie_id", "weight": 0.6})
    changed = r.get_json()
    assert r.status_code == 200 and changed["before"]["props"]["source"] == "test"
    edge = edges(graph)[(S, C, "STRONG_RESOURCE", "movie_id")]
    assert edge["weight"] == 0.6 and edge["source"] == "analyst" and edge["original_source"] == "test"

    # change the type: WEAK_RESOURCE -> SEQUENTIAL (the resource goes, a count comes)
    r = client.patch("/api/dependencies", headers=ann,
                     json={"source": S, "target": R, "type": "WEAK_RESOURCE", "resource": "movie_id",
                           "new_type": "SEQUENTIAL"})
    retyped = r.get_json()
    assert r.status_code == 200 and retyped["new_type"] == "SEQUENTIAL"
    now = edges(graph)
    assert (S, R, "WEAK_RESOURCE", "movie_id") not in now
    assert now[(S, R, "SEQUENTIAL", "")]["weight"] == 0.4 and now[(S, R, "SEQUENTIAL", "")]["count"] == 0

    r = client.delete("/api/dependencies", headers=ann, json={"source": C, "target": R, "type": "SEQUENTIAL"})
    deleted = r.get_json()
    assert r.status_code == 200 and deleted["after"] is None and (C, R, "SEQUENTIAL", "") not in edges(graph)

    listed = client.get("/api/edits").get_json()
    assert [e["action"] for e in listed] == ["delete", "change", "change", "add"]
    assert [e["id"] for e in client.get(f"/api/edits?tool={R}").get_json()] == [deleted["id"], retyped["id"]]

    for edit in (deleted, retyped, changed, added):  # newest first
        r = client.post(f"/api/edits/{edit['id']}/undo", headers=ann)
        assert r.status_code == 200, r.get_json()
        assert r.get_json()["undoes"] == edit["id"] and r.get_json()["action"] == "undo"
    assert edges(graph) == original  # every property exactly as before
    listed = client.get("/api/edits?limit=100").get_json()
    assert len(listed) == 8 and all(e["undone"] for e in listed if e["action"] != "undo")


def test_undo_rules(client: FlaskClient, graph: GraphStore, ann: dict[str, str]) -> None:
    body = {"source": C, "target": S, "type": "SEQUENTIAL", "weight": 0.5}
    first = client.post("/api/dependencies", json=body, headers=ann).get_json()
    second = client.put("/api/dependencies", json={**body, "weight": 0.7}, headers=ann).get_json()
    before = snapshot(graph)
    r = client.post(f"/api/edits/{first['id']}/undo", headers=ann)  # the edge changed since
    assert r.status_code == 409 and "changed since" in r.get_json()["error"]
    assert client.post("/api/edits/nope/undo", headers=ann).status_code == 404
    bob = login(client, "bob")
    r = client.post(f"/api/edits/{second['id']}/undo", headers=bob)
    assert r.status_code == 403 and snapshot(graph) == before
    root = login(client, "root")
    undo = client.post(f"/api/edits/{second['id']}/undo", headers=root).get_json()
    assert undo["user"] == "root" and edges(graph)[(C, S, "SEQUENTIAL", "")]["weight"] == 0.5
    after_undo = snapshot(graph)
    again = client.post(f"/api/edits/{second['id']}/undo", headers=root)
    assert again.status_code == 400 and "already" in again.get_json()["error"]
    redo = client.post(f"/api/edits/{undo['id']}/undo", headers=root)
    assert redo.status_code == 400 and "cannot be undone" in redo.get_json()["error"]
    assert snapshot(graph) == after_undo


BAD_EDITS = [
    ({"source": C, "target": S, "type": "FOLLOWS", "weight": 0.5}, "type"),
    ({"source": C, "target": S, "weight": 0.5}, "type"),
    ({"source": "c/g/nope", "target": S, "type": "SEQUENTIAL", "weight": 0.5}, "source"),
    ({"source": C, "target": "c/g/nope", "type": "SEQUENTIAL", "weight": 0.5}, "target"),
    ({"source": "", "target": S, "type": "SEQUENTIAL", "weight": 0.5}, "source"),
    ({"source": C, "target": C, "type": "SEQUENTIAL", "weight": 0.5}, "target"),
    ({"source": C, "target": S, "type": "SEQUENTIAL", "weight": 1.5}, "weight"),
    ({"source": C, "target": S, "type": "SEQUENTIAL", "weight": -0.1}, "weight"),
    ({"source": C, "target": S, "type": "SEQUENTIAL", "weight": "nan"}, "weight"),
    ({"source": C, "target": S, "type": "SEQUENTIAL", "weight": "heavy"}, "weight"),
    ({"source": C, "target": S, "type": "SEQUENTIAL", "weight": True}, "weight"),
    ({"source": C, "target": S, "type": "SEQUENTIAL"}, "weight"),
    ({"source": C, "target": S, "type": "STRONG_RESOURCE", "weight": 0.5}, "resource"),
    ({"source": C, "target": S, "type": "SEQUENTIAL", "resource": "x", "weight": 0.5}, "resource"),
    ({"source": S, "target": C, "type": "STRONG_RESOURCE", "resource": "movie_id", "weight": 0.5}, "type"),  # duplicate
    ({"source": ["c/g/a"], "target": S, "type": "SEQUENTIAL", "weight": 0.5}, "source"),
    ({"source": C, "target": S, "type": "SEQUENTIAL", "weight": 0.5, "description": "x" * 2001}, "description"),
    *[({"source": h, "target": S, "type": "SEQUENTIAL", "weight": 0.5}, "source") for h in HOSTILE],
    *[({"source": C, "target": S, "type": h, "weight": 0.5}, "type") for h in HOSTILE],
]


@pytest.mark.parametrize(("body", "field"), BAD_EDITS)
def test_rejected_additions_name_the_field_and_change_nothing(client: FlaskClient, graph: GraphStore,
                                                              ann: dict[str, str], body: dict, field: str) -> None:
    before = snapshot(graph)
    r = client.post("/api/dependencies", json=body, headers=ann)
    assert r.status_code == 400 and r.get_json()["field"] == field, r.get_json()
    assert snapshot(graph) == before


BAD_CHANGES = [
    ({"source": C, "target": R, "type": "SEQUENTIAL"}, "weight", 400),  # nothing to change
    ({"source": C, "target": R, "type": "SEQUENTIAL", "weight": 2}, "weight", 400),
    ({"source": C, "target": R, "type": "SEQUENTIAL", "new_type": "STRONG_RESOURCE"}, "new_resource", 400),
    ({"source": C, "target": R, "type": "SEQUENTIAL", "new_type": "BOGUS"}, "new_type", 400),
    ({"source": S, "target": R, "type": "WEAK_RESOURCE", "resource": "movie_id", "new_type": "SEQUENTIAL",
      "new_resource": "x"}, "new_resource", 400),
    ({"source": S, "target": C, "type": "SEQUENTIAL", "weight": 0.3}, "type", 404),  # no such edge
    ({"source": S, "target": R, "type": "WEAK_RESOURCE", "resource": "movie_id", "new_type": "STRONG_RESOURCE",
      "new_resource": "movie_id", "weight": 0.1}, None, 200),
]


@pytest.mark.parametrize(("body", "field", "status"), BAD_CHANGES)
def test_changes_are_validated(client: FlaskClient, graph: GraphStore, ann: dict[str, str], body: dict,
                               field: str | None, status: int) -> None:
    before = snapshot(graph)
    r = client.put("/api/dependencies", json=body, headers=ann)
    assert r.status_code == status, r.get_json()
    if status != 200:
        assert r.get_json()["field"] == field and snapshot(graph) == before


def test_a_change_onto_an_existing_edge_is_refused(client: FlaskClient, graph: GraphStore,
                                                   ann: dict[str, str]) -> None:
    client.post("/api/dependencies", headers=ann,
                json={"source": S, "target": R, "type": "STRONG_RESOURCE", "resource": "movie_id", "weight": 0.2})
    before = snapshot(graph)
    r = client.put("/api/dependencies", headers=ann, json={
        "source": S, "target": R, "type": "WEAK_RESOURCE", "resource": "movie_id", "new_type": "STRONG_RESOURCE"})
    assert r.status_code == 400 and r.get_json()["field"] == "new_type" and snapshot(graph) == before
    r = client.delete("/api/dependencies", headers=ann, json={"source": S, "target": R, "type": "SEQUENTIAL"})
    assert r.status_code == 404 and snapshot(graph) == before


def test_hostile_strings_are_plain_data_and_escaped(client: FlaskClient, graph: GraphStore,
                                                    ann: dict[str, str]) -> None:
    nodes_before = len(graph.query("export_nodes"))
    for text in HOSTILE:
        r = client.post("/api/dependencies", headers=ann,
                        json={"source": C, "target": S, "type": "WEAK_RESOURCE", "resource": text,
                              "weight": 0.1, "description": text})
        assert r.status_code == 201, r.get_json()
        assert edges(graph)[(C, S, "WEAK_RESOURCE", text)]["description"] == text
    assert len(graph.query("export_nodes")) == nodes_before + len(HOSTILE)  # just the Edit records
    page = client.get(f"/editor?tool={S}").get_data(as_text=True)
    assert "<script>alert" not in page and "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in page
    hood = client.get(f"/explorer?id={S}").get_data(as_text=True)
    assert "<script>alert" not in hood and "\\u003cscript\\u003e" in hood  # the graph data block is escaped JSON
    api = client.get(f"/api/tool?id={S}")
    assert api.mimetype == "application/json" and any(d.get("resource") == HOSTILE[1]
                                                      for d in api.get_json()["dependencies"])


def test_editor_forms(client: FlaskClient, graph: GraphStore, ann: dict[str, str]) -> None:
    token = ann["X-CSRFToken"]
    r = client.post("/editor/add", data={"csrf_token": token, "source": C, "target": S, "type": "SEQUENTIAL",
                                         "resource": "", "weight": "0.35", "description": "", "back": S})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/editor?tool={S}")
    assert edges(graph)[(C, S, "SEQUENTIAL", "")]["weight"] == 0.35
    page = client.get(f"/editor?tool={S}").get_data(as_text=True)
    assert "added SEQUENTIAL" in page and "Undo" in page
    before = snapshot(graph)
    bad = client.post("/editor/add", data={"csrf_token": token, "source": C, "target": S, "type": "SEQUENTIAL",
                                           "weight": "7", "back": S})
    assert bad.status_code == 400 and "weight: weight must be a number from 0 to 1" in bad.get_data(as_text=True)
    assert snapshot(graph) == before
    r = client.post("/editor/change", data={"csrf_token": token, "source": C, "target": S, "type": "SEQUENTIAL",
                                            "resource": "", "new_type": "SEQUENTIAL", "new_resource": "",
                                            "weight": "0.45", "back": S})
    assert r.status_code == 302 and edges(graph)[(C, S, "SEQUENTIAL", "")]["weight"] == 0.45
    change_id = client.get("/api/edits").get_json()[0]["id"]
    r = client.post("/editor/undo", data={"csrf_token": token, "id": change_id, "back": S})
    assert r.status_code == 302 and edges(graph)[(C, S, "SEQUENTIAL", "")]["weight"] == 0.35
    r = client.post("/editor/change", data={"csrf_token": token, "source": S, "target": R, "type": "WEAK_RESOURCE",
                                            "resource": "movie_id", "new_type": "SEQUENTIAL",
                                            "new_resource": "movie_id", "weight": "0.4", "back": S})
    assert r.status_code == 302 and (S, R, "SEQUENTIAL", "") in edges(graph)  # the form's resource is ignored
    r = client.post("/editor/delete", data={"csrf_token": token, "source": C, "target": S, "type": "SEQUENTIAL",
                                            "resource": "", "back": S})
    assert r.status_code == 302 and (C, S, "SEQUENTIAL", "") not in edges(graph)
    assert client.post("/editor/bogus", data={"csrf_token": token}).status_code == 404
    listed = client.get(f"/api/dependencies?tool={S}").get_json()
    assert {(d["direction"], d["type"], d["other"]) for d in listed} == {
        ("out", "STRONG_RESOURCE", C), ("out", "SEQUENTIAL", R)}
    assert client.get("/api/dependencies").status_code == 400


def test_delete_takes_query_parameters_too(client: FlaskClient, graph: GraphStore, ann: dict[str, str]) -> None:
    r = client.delete(f"/api/dependencies?source={C}&target={R}&type=SEQUENTIAL", headers=ann)
    assert r.status_code == 200 and (C, R, "SEQUENTIAL", "") not in edges(graph)


def test_weight_jobs_and_imports_keep_analyst_edits(client: FlaskClient, graph: GraphStore,
                                                    ann: dict[str, str]) -> None:
    make_graph(graph, {"lookup": {"name": "City Lookup", "output_schema": {"city": "str"}, "group": "geo"},
                       "forecast": {"name": "Forecast", "required": ["city"], "group": "geo"},
                       "hotel": {"name": "Hotels", "required": ["city"], "group": "geo"}})
    run_jobs(graph, JOBS, ["resources"])
    mined = {k: v for k, v in edges(graph).items() if v.get("source") == "rules"}
    lookup, forecast, hotel = "c/geo/lookup", "c/geo/forecast", "c/geo/hotel"
    kinds = {(a, b): t for (a, b, t, _) in mined}
    assert {(lookup, forecast), (lookup, hotel)} <= set(kinds)
    # a person re-weights one mined edge and deletes the other; a SEQUENTIAL weight is set by hand too
    client.put("/api/dependencies", headers=ann, json={"source": lookup, "target": forecast,
                                                       "type": kinds[(lookup, forecast)], "resource": "city",
                                                       "weight": 0.11})
    client.delete("/api/dependencies", headers=ann, json={"source": lookup, "target": hotel,
                                                          "type": kinds[(lookup, hotel)], "resource": "city"})
    client.put("/api/dependencies", headers=ann, json={"source": C, "target": R, "type": "SEQUENTIAL",
                                                       "weight": 0.05})
    run_jobs(graph, JOBS, ["transition", "resources", "importance"])
    graph.query("increment_sequential", rows=[{"source": C, "target": R, "count": 5}])
    run_jobs(graph, JOBS, ["transition"], params={"transition": {"alpha": 0}})
    make_graph(graph, TOOLS, edges=[("credits", "reviews", "SEQUENTIAL", {"weight": 0.99})])  # an import
    now = edges(graph)
    assert now[(lookup, forecast, kinds[(lookup, forecast)], "city")]["weight"] == 0.11
    assert not any(a == lookup and b == hotel for (a, b, _, _) in now)  # not written back
    assert now[(C, R, "SEQUENTIAL", "")]["weight"] == 0.05 and now[(C, R, "SEQUENTIAL", "")]["count"] == 5
    # once the deletion is undone, the job may mine the edge again
    delete_edit = next(e for e in client.get("/api/edits").get_json() if e["action"] == "delete")
    assert client.post(f"/api/edits/{delete_edit['id']}/undo", headers=ann).status_code == 200
    run_jobs(graph, JOBS, ["resources"])
    assert any(a == lookup and b == hotel for (a, b, _, _) in edges(graph))


# -- the tool registry ----------------------------------------------------------------------------------------------
NEW_TOOL = {"category": "Finance", "group": "FX Rates", "group_description": "Exchange rates",
            "name": "Currency Converter", "description": "Convert money between currencies", "method": "get",
            "url": "https://api.example.com/convert",
            "required_params": [{"name": "amount", "type": "number", "description": "how much"},
                                {"name": "to", "type": "string"}],
            "optional_params": "[{\"name\": \"date\"}]", "output_schema": {"result": "number"}}


def test_registry_adds_a_tool_that_search_and_the_explorer_see(client: FlaskClient, graph: GraphStore,
                                                               ann: dict[str, str]) -> None:
    r = client.post("/api/tools", json=NEW_TOOL, headers=ann)
    data = r.get_json()
    assert r.status_code == 201 and data["id"] == "finance/fx_rates/currency_converter" and data["created_group"]
    assert data["embedded"] is False and "toolgraph embed" in data["notes"][0]
    details = client.get(f"/api/tool?id={data['id']}").get_json()["tool"]
    assert details["category"] == "Finance" and details["group"]["name"] == "FX Rates"
    assert details["method"] == "GET" and details["source"] == "user"
    assert [p["name"] for p in details["required_params"]] == ["amount", "to"]
    assert details["optional_params"] == [{"name": "date", "type": "string", "description": ""}]
    assert details["output_schema"] == {"result": "number"} and details["source_ref"]["created_by"] == "ann"
    assert client.get("/api/search?q=currency").get_json()["hits"][0]["id"] == data["id"]
    assert [t["id"] for t in client.get("/api/tools").get_json()] == [data["id"]]
    second = client.post("/api/tools", headers=ann, json={**NEW_TOOL, "name": "Rates", "group_description": ""})
    assert second.status_code == 201 and not second.get_json()["created_group"]
    assert "Currency Converter" in client.get("/registry").get_data(as_text=True)


BAD_TOOLS = [
    ({**NEW_TOOL, "name": ""}, "name"),
    ({**NEW_TOOL, "category": "  "}, "category"),
    ({**NEW_TOOL, "group": ""}, "group"),
    ({**NEW_TOOL, "method": "FETCH"}, "method"),
    ({**NEW_TOOL, "url": "javascript:alert(1)"}, "url"),
    ({**NEW_TOOL, "required_params": "[{\"name\": "}, "required_params"),
    ({**NEW_TOOL, "required_params": [{"type": "string"}]}, "required_params[0].name"),
    ({**NEW_TOOL, "required_params": [{"name": "a"}, {"name": "a"}]}, "required_params"),
    ({**NEW_TOOL, "optional_params": {"name": "a"}}, "optional_params"),
    ({**NEW_TOOL, "output_schema": "{nope"}, "output_schema"),
    ({**NEW_TOOL, "name": "x" * 301}, "name"),
    ({**NEW_TOOL, "category": "c", "group": "g"}, "group"),  # group c/g exists, in category "C"
    ({**NEW_TOOL, "category": "C", "group": "g", "name": "Search"}, "name"),  # c/g/search exists already
    ({**NEW_TOOL, "description": 5}, "description"),
]


@pytest.mark.parametrize(("body", "field"), BAD_TOOLS)
def test_registry_rejections_name_the_field(client: FlaskClient, graph: GraphStore, ann: dict[str, str],
                                            body: dict, field: str) -> None:
    before = snapshot(graph)
    r = client.post("/api/tools", json=body, headers=ann)
    assert r.status_code == 400 and r.get_json()["field"] == field, r.get_json()
    assert snapshot(graph) == before


def test_registry_form(client: FlaskClient, graph: GraphStore, ann: dict[str, str]) -> None:
    token = ann["X-CSRFToken"]
    form = {**NEW_TOOL, "name": "<img src=x onerror=alert(1)>", "csrf_token": token,
            "required_params": json.dumps(NEW_TOOL["required_params"]), "output_schema": "{\"result\": 1}"}
    r = client.post("/registry", data=form)
    assert r.status_code == 302 and "/explorer?id=finance" in r.headers["Location"]
    tool_id = "finance/fx_rates/img_src_x_onerror_alert_1"
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "<img src=x" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page
    assert any(t["id"] == tool_id and t["name"] == form["name"] for t in labels(graph, "Tool"))
    before = snapshot(graph)
    bad = client.post("/registry", data={**form, "name": "Other", "required_params": "not json"})
    assert bad.status_code == 400 and "required_params is not valid JSON" in bad.get_data(as_text=True)
    assert snapshot(graph) == before


# -- the path viewer ------------------------------------------------------------------------------------------------
@pytest.fixture
def movies(graph: GraphStore) -> GraphStore:
    """The RestBench TMDB sample (54 tools, the gold paths give SEQUENTIAL counts), weights computed."""
    from tests.conftest import SAMPLE
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.openapi import read_restbench
    from toolgraph.ingest.writer import write_batch

    batch = read_restbench(SAMPLE / "restbench" / "tmdb.json", SAMPLE / "restbench" / "tmdb_oas.json",
                           ImportBatch("restbench"), group="TMDB", category="Movies")
    write_batch(graph, batch, skip_invalid=True)
    run_jobs(graph, JOBS, ["transition", "resources", "importance"])
    return graph


def test_path_viewer_runs_the_real_planner(client: FlaskClient, movies: GraphStore) -> None:
    query = "Find the movie Titanic, then show its cast and crew"
    r = client.post("/api/runs", json={"query": query}, headers={"X-CSRFToken": csrf(client)})
    assert r.status_code == 201, r.get_json()
    created = r.get_json()
    plan = created["plan"]
    assert plan["policy"] == "graph" and plan["tools"] and created["url"] == f"/runs/{created['id']}"
    runs = client.get("/api/runs").get_json()
    assert runs[0]["id"] == created["id"] and runs[0]["query"] == query
    view = client.get(f"/api/runs/{created['id']}").get_json()
    assert view["plan"] == plan
    tree = view["tree"]
    statuses = {n["id"]: n["color"] for n in tree["nodes"]}
    chosen = [n for n in tree["nodes"] if n["color"] == "#2ca02c"]
    assert {n["title"].split("\n")[1] for n in chosen} == {t["id"] for t in plan["tools"]}
    assert statuses["request"] and tree["options"]["layout"]["hierarchical"]["enabled"]
    assert {n["id"] for n in view["dag"]["nodes"]} == {t["id"] for t in plan["tools"]}
    assert [s["kind"] for s in view["steps"]] == [s["kind"] for s in plan["trace"]]
    page = client.get(created["url"]).get_data(as_text=True)
    assert query in page and "tree-graph-data" in page and "dag-graph-data" in page
    # the form: plan, then land on the run's page
    token = csrf(client)
    form = client.post("/runs", data={"query": "search for a person and list their movies", "csrf_token": token})
    assert form.status_code == 302 and form.headers["Location"].startswith("/runs/run-")
    assert "search for a person" in client.get("/runs").get_data(as_text=True)


def test_the_planner_sees_a_registered_tool(client: FlaskClient, graph: GraphStore, ann: dict[str, str]) -> None:
    client.post("/api/tools", headers=ann, json={
        "category": "Finance", "group": "FX", "name": "Currency Converter",
        "description": "Convert an amount of money from one currency to another currency"})
    plan = client.post("/api/runs", json={"query": "convert an amount of money to another currency"},
                       headers=ann).get_json()["plan"]
    assert "finance/fx/currency_converter" in [t["id"] for t in plan["tools"]]


@pytest.mark.parametrize(("body", "field"), [({"query": ""}, "query"), ({"query": "  "}, "query"),
                                             ({"query": "x" * 2001}, "query"), ({"query": 5}, "query"),
                                             ({}, "query")])
def test_bad_plan_requests(client: FlaskClient, graph: GraphStore, body: dict, field: str) -> None:
    before = snapshot(graph)
    r = client.post("/api/runs", json=body, headers={"X-CSRFToken": csrf(client)})
    assert r.status_code == 400 and r.get_json()["field"] == field and snapshot(graph) == before
    form = client.post("/runs", data={"query": "", "csrf_token": csrf(client)})
    assert form.status_code == 400 and "the request is empty" in form.get_data(as_text=True)


def test_unknown_run_and_login_to_plan(client: FlaskClient, graph: GraphStore, tmp_path: Path) -> None:
    assert client.get("/api/runs/run-nope").status_code == 404
    graph.query("save_run", tools=[], run={"id": "run-old", "query": "q", "created": "2020", "plan": "{\"id\": 1}"})
    broken = client.get("/api/runs/run-old")
    assert broken.status_code == 500 and "cannot be read" in broken.get_json()["error"]
    assert client.get("/runs/run-nope").status_code == 404
    assert client.get("/api/runs?limit=0").get_json()["field"] == "limit"
    guarded = make_app(graph, tmp_path, login_to_plan=True).test_client()
    r = guarded.post("/api/runs", json={"query": "find a movie"}, headers={"X-CSRFToken": csrf(guarded)})
    assert r.status_code == 401


def test_search_tree_marks_backtracked_offered_and_chosen() -> None:
    from toolgraph.planner.models import Candidate, Plan, PlannedTool, Step, Subtask, SubtaskResult, Usage
    from web.graphs import search_tree, trace_rows

    def cand(tool: str) -> Candidate:
        return Candidate(id=tool, name=tool.upper(), score=0.5, similarity=0.5, edge="RETRIEVAL")

    trace = [
        Step(n=1, kind="decompose", reason="one subtask"),
        Step(n=2, subtask=1, kind="offer", candidates=[cand("a"), cand("b"), cand("x")]),
        Step(n=3, subtask=1, kind="choose", tool="a", path=["a"], reason="best"),
        Step(n=4, subtask=1, kind="choose", tool="c", path=["a", "c"], reason="follows a"),
        Step(n=5, subtask=1, kind="backtrack", tool="c", path=["a"], reason="c needs a key nobody gives"),
        Step(n=6, subtask=1, kind="choose", tool="d", path=["a", "d"], reason="provides for a"),
        Step(n=7, subtask=1, kind="restart", path=[], round=2, reason="reflection: wrong start"),
        Step(n=8, subtask=1, kind="choose", tool="b", path=["b"], round=2, reason="second best"),
        Step(n=9, subtask=1, kind="finish", path=["b"], round=2, reason="done"),
    ]
    plan = Plan(id="run-t", query="q", policy="graph", created="now", status="success",
                subtasks=[SubtaskResult(subtask=Subtask(id=1, description="do it"), tools=["b"], status="success")],
                tools=[PlannedTool(id="b", name="B", subtask=1)], edges=[], levels=[["b"]], trace=trace,
                usage=Usage())
    tree = search_tree(plan)
    by_label = {}
    for n in tree["nodes"]:
        by_label.setdefault(n["label"].split(" ")[0], []).append(n["color"])
    red, green, grey = "#d62728", "#2ca02c", "#d0d0d0"
    assert by_label["A"] == [red] and by_label["c"] == [red] and by_label["d"] == [red]  # popped
    assert by_label["B"] == [grey, green]  # offered at step 2 (not taken then), chosen in round 2
    assert by_label["X"] == [grey]  # offered, never taken
    parents = {e["to"]: e["from"] for e in tree["edges"]}
    ids = {n["id"]: n["label"].split(" ")[0] for n in tree["nodes"]}
    assert ids[parents[next(i for i, label in ids.items() if label == "c")]] == "A"
    assert [r["kind"] for r in trace_rows(plan)][:3] == ["decompose", "offer", "choose"]


# -- CLI ------------------------------------------------------------------------------------------------------------
def test_users_cli(store: GraphStore, env_for_cli: dict[str, str], tmp_path: Path) -> None:
    from toolgraph.cli import main

    cli = CliRunner()
    secret = tmp_path / "pw"
    secret.write_text(PASSWORD + "\n")
    r = cli.invoke(main, ["users", "add", "carol", "--role", "admin", "--password-file", str(secret), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["role"] == "admin"
    r = cli.invoke(main, ["users", "add", "dave", "--role", "editor"], input=f"{PASSWORD}\n{PASSWORD}\n")
    assert r.exit_code == 0 and "created editor dave" in r.output
    [user] = [u for u in labels(store, "User") if u["name"] == "carol"]
    assert user["password_hash"].startswith("scrypt:") and PASSWORD not in json.dumps(user)
    listed = json.loads(cli.invoke(main, ["users", "list", "--json"]).stdout)
    assert [u["name"] for u in listed] == ["carol", "dave"] and "password_hash" not in listed[0]
    for args, message in [(["users", "add", "carol", "--role", "admin", "--password-file", str(secret)], "exists"),
                          (["users", "add", "bad name", "--role", "admin", "--password-file", str(secret)], "user name"),
                          (["users", "delete", "nobody"], "no user")]:
        r = cli.invoke(main, args)
        assert r.exit_code == 1 and message in r.output
    short = tmp_path / "short"
    short.write_text("abc")
    r = cli.invoke(main, ["users", "add", "erin", "--role", "editor", "--password-file", str(short)])
    assert r.exit_code == 1 and "8 to 1024 characters" in r.output
    assert cli.invoke(main, ["users", "add", "erin", "--role", "boss", "--password-file", str(secret)]).exit_code == 2
    assert cli.invoke(main, ["users", "delete", "dave"]).exit_code == 0
    assert [u["name"] for u in json.loads(cli.invoke(main, ["users", "list", "--json"]).stdout)] == ["carol"]


def test_serve_names_a_taken_port(store: GraphStore, env_for_cli: dict[str, str]) -> None:
    from toolgraph.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        r = CliRunner().invoke(main, ["serve", "--port", str(taken.getsockname()[1])])
    assert r.exit_code == 1 and "cannot listen on 127.0.0.1" in r.output
    assert "--host" in CliRunner().invoke(main, ["serve", "--help"]).output


# -- the code itself ------------------------------------------------------------------------------------------------
WEB = Path(__file__).resolve().parent.parent / "web"


def test_web_uses_only_named_queries_that_exist() -> None:
    from toolgraph.db.cypher import default_catalog

    used: set[str] = set()
    for path in WEB.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        used.update(re.findall(r"""\.(?:query|run)\(\s*["']([a-z_]+)["']""", text))
        used.update(re.findall(r"""["'](set_[a-z_]+_edge)["']""", text))
        assert not re.search(r"""["']\s*(MATCH|MERGE|UNWIND|CREATE)\s*\(""", text), path.name
    assert len(used) > 15
    assert sorted(n for n in used if n not in default_catalog()) == []


def test_templates_never_disable_escaping() -> None:
    for path in (WEB / "templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert "|safe" not in text and "autoescape false" not in text, path.name
