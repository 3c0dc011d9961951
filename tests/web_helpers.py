"""What the web page's tests share: a small movie graph with three users, the Flask app and test client over the
session's embedded server, logging in with the CSRF token, and reading edges and nodes back. The fixtures here
(``graph``, ``app``, ``client``, ``ann``) reach every test module through ``pytest_plugins`` in tests/conftest.py; a
module that defines a fixture of the same name uses its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import make_graph
from toolgraph.config import Settings, WebSettings
from toolgraph.db.store import GraphStore
from web import create_app
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


# -- fixtures and helpers -----------------------------------------------------------------------------------------------------
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
