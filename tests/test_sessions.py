"""Sessions end on the server (logout, password change, user deletion), wrong passwords are throttled per user and
address without locking a user out for good, and `next` only leads to paths on this site. Against the real
embedded server through Flask's test client."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import make_graph
from tests.web_helpers import EDGES, PASSWORD, TOOLS, C, S, csrf, login, make_app
from toolgraph.cli import main
from toolgraph.db.store import GraphStore
from web.throttle import FREE_PER_ADDRESS, FREE_PER_USER, MAX_DELAY_S, LoginThrottle
from web.users import create_user

COOKIE = "toolgraph_session"
EDIT = {"source": C, "target": S, "type": "SEQUENTIAL", "weight": 0.5}


@pytest.fixture
def app(store: GraphStore, tmp_path: Path) -> Flask:
    make_graph(store, TOOLS, edges=EDGES)
    create_user(store, "ann", PASSWORD, "editor")
    return make_app(store, tmp_path)


def _thief(app: Flask, victim: FlaskClient) -> FlaskClient:
    """A second client holding a copy of the victim's session cookie."""
    thief = app.test_client()
    cookie = victim.get_cookie(COOKIE)
    assert cookie is not None
    thief.set_cookie(COOKIE, cookie.value)
    return thief


def _wrong(client: FlaskClient, name: str = "ann", address: str = "10.0.0.1") -> int:
    r = client.post("/api/login", json={"name": name, "password": "wrong password"},
                    headers={"X-CSRFToken": csrf(client)}, environ_base={"REMOTE_ADDR": address})
    return r.status_code


def test_logout_ends_a_captured_session(app: Flask) -> None:
    ann = app.test_client()
    headers = login(ann)
    thief = _thief(app, ann)
    assert thief.post("/api/dependencies", json=EDIT, headers=headers).status_code == 201
    assert ann.post("/api/logout", headers=headers).status_code == 200
    r = thief.delete("/api/dependencies", json=EDIT, headers=headers)
    assert r.status_code == 401  # the stolen cookie is worth nothing after logout
    assert thief.get("/api/session").get_json()["user"] is None


def test_password_change_ends_other_sessions(app: Flask, store: GraphStore) -> None:
    ann = app.test_client()
    headers = login(ann)
    thief = _thief(app, ann)
    r = ann.post("/api/password", json={"password": "not it at all", "new_password": "a new secret 123"},
                 headers=headers)
    assert r.status_code == 401
    r = ann.post("/api/password", json={"password": PASSWORD, "new_password": "short"}, headers=headers)
    assert r.status_code == 400 and r.get_json()["field"] == "new_password"
    r = ann.post("/api/password", json={"password": PASSWORD, "new_password": "a new secret 123"}, headers=headers)
    assert r.status_code == 200
    fresh = {"X-CSRFToken": r.get_json()["csrf_token"]}
    assert ann.post("/api/dependencies", json=EDIT, headers=fresh).status_code == 201  # this session goes on
    assert thief.delete("/api/dependencies", json=EDIT, headers=headers).status_code == 401
    other = app.test_client()
    assert other.post("/api/login", json={"name": "ann", "password": PASSWORD},
                      headers={"X-CSRFToken": csrf(other)}).status_code == 401
    assert other.post("/api/login", json={"name": "ann", "password": "a new secret 123"},
                      headers={"X-CSRFToken": csrf(other)}).status_code == 200


def test_cli_passwd_and_user_deletion_end_sessions(app: Flask, store: GraphStore, env_for_cli: dict[str, str],
                                                   tmp_path: Path) -> None:
    ann = app.test_client()
    headers = login(ann)
    secret = tmp_path / "pw"
    secret.write_text("another secret 456\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["users", "passwd", "ann", "--password-file", str(secret), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["sessions_ended"] is True
    assert ann.post("/api/dependencies", json=EDIT, headers=headers).status_code == 401
    r = CliRunner().invoke(main, ["users", "passwd", "nobody", "--password-file", str(secret)])
    assert r.exit_code != 0 and "no user 'nobody'" in r.output


def test_wrong_passwords_are_throttled_per_user_and_address(app: Flask) -> None:
    client = app.test_client()
    assert [_wrong(client) for _ in range(FREE_PER_USER)] == [401] * FREE_PER_USER
    assert _wrong(client) == 401  # the first failure past the free ones closes the bucket ...
    r = client.post("/api/login", json={"name": "ann", "password": PASSWORD}, headers={"X-CSRFToken": csrf(client)},
                    environ_base={"REMOTE_ADDR": "10.0.0.1"})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1  # ... even for the right password
    assert r.get_json()["retry_after"] >= 1
    page = client.post("/login", data={"name": "ann", "password": PASSWORD, "csrf_token": csrf(client)},
                       environ_base={"REMOTE_ADDR": "10.0.0.1"})
    assert page.status_code == 429 and "Retry-After" in page.headers
    # the real user elsewhere is not locked out by the attacker
    r = client.post("/api/login", json={"name": "ann", "password": PASSWORD}, headers={"X-CSRFToken": csrf(client)},
                    environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert r.status_code == 200
    # one address guessing many names is slowed too
    spray = app.test_client()
    codes = [_wrong(spray, f"user{i}", "10.0.0.2") for i in range(FREE_PER_ADDRESS + 2)]
    assert codes[:FREE_PER_ADDRESS] == [401] * FREE_PER_ADDRESS and 429 in codes


def test_throttle_waits_are_capped_and_forgotten() -> None:
    now = [0.0]
    throttle = LoginThrottle(clock=lambda: now[0])
    for _ in range(200):
        throttle.failed("ann", "a")
    assert 0 < throttle.retry_after("ann", "a") <= MAX_DELAY_S
    now[0] += MAX_DELAY_S + 1
    assert throttle.retry_after("ann", "a") == 0  # never more than a few minutes
    throttle.failed("ann", "a")
    now[0] += 10_000
    assert throttle.retry_after("ann", "a") == 0
    throttle.failed("ann", "a")
    assert throttle.retry_after("ann", "a") == 0  # forgotten: the count started again


@pytest.mark.parametrize("target", ["/\t/evil.example", "/%09/evil.example", "/\n/evil.example", "/\r\nSet-Cookie: x",
                                    "//evil.example", "/\\evil.example", "https://evil.example/", " //evil.example",
                                    "/\u2028/evil.example", "javascript:alert(1)"])
def test_next_only_leads_to_this_site(app: Flask, target: str) -> None:
    client = app.test_client()
    r = client.post("/login", data={"name": "ann", "password": PASSWORD, "csrf_token": csrf(client), "next": target})
    assert r.status_code == 302 and r.headers["Location"] == "/explorer"


def test_next_from_the_query_string_is_decoded_and_checked(app: Flask) -> None:
    client = app.test_client()
    page = client.get("/login?next=/%09/evil.example")
    assert page.status_code == 200
    r = client.post("/login?next=/%09/evil.example", data={"name": "ann", "password": PASSWORD,
                                                          "csrf_token": csrf(client), "next": "/\t/evil.example"})
    assert r.headers["Location"] == "/explorer"
    r = client.post("/login", data={"name": "ann", "password": PASSWORD, "csrf_token": csrf(client),
                                    "next": f"/editor?tool={S}"})
    assert r.headers["Location"] == f"/editor?tool={S}"
