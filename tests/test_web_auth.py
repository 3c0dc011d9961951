"""Logins, sessions, roles and CSRF on the web page, against the real embedded server."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.conftest import snapshot
from tests.web_helpers import PASSWORD, C, S, csrf, login, make_app
from toolgraph.db.store import GraphStore


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
