"""Eight editors changing and undoing one dependency edge at once, through the web API against the real embedded
server: no answer is a 500, no update is lost (the recorded Edits form one unbroken chain of states), every Edit
matches a success answer, and every undo restores the state its Edit recorded. Stale edits answer 409 with the
current state."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.conftest import ON_BOTH_BACKENDS
from tests.helpers import make_graph
from tests.web_helpers import EDGES, PASSWORD, TOOLS, C, S, csrf, login, make_app
from toolgraph.db.store import GraphStore
from web.edits import edge_version
from web.users import create_user

EDITORS = 8
ROUNDS = 50
EDGE = {"source": S, "target": C, "type": "STRONG_RESOURCE", "resource": "movie_id"}


@pytest.fixture
def graph(store: GraphStore) -> GraphStore:
    make_graph(store, TOOLS, edges=EDGES)
    for name in ("ann", "bob"):
        create_user(store, name, PASSWORD, "editor")
    return store


def _current(client: FlaskClient) -> dict[str, Any]:
    deps = client.get(f"/api/dependencies?tool={S}").get_json()
    return next(d for d in deps if d["other"] == C and d["type"] == "STRONG_RESOURCE" and d["direction"] == "out")


@ON_BOTH_BACKENDS
def test_a_stale_change_is_refused_with_the_current_state(graph: GraphStore, tmp_path: Path) -> None:
    app = make_app(graph, tmp_path)
    ann, bob = app.test_client(), app.test_client()
    ha, hb = login(ann, "ann"), login(bob, "bob")
    seen = _current(ann)["version"]
    assert _current(bob)["version"] == seen
    r = ann.put("/api/dependencies", json=EDGE | {"weight": 0.5, "version": seen}, headers=ha)
    assert r.status_code == 200, r.get_json()
    after = r.get_json()
    r = bob.put("/api/dependencies", json=EDGE | {"weight": 0.7, "version": seen}, headers=hb)
    assert r.status_code == 409
    body = r.get_json()
    assert body["field"] == "version" and body["current"]["version"] == after["after_version"]
    assert body["current"]["props"]["weight"] == 0.5
    r = bob.delete("/api/dependencies", json=EDGE | {"version": seen}, headers=hb)
    assert r.status_code == 409 and _current(ann)["weight"] == 0.5
    # the form: a stale version is refused too, and the page says so
    r = bob.post("/editor/change", data=EDGE | {"weight": "0.8", "version": seen, "csrf_token": csrf(bob),
                                                "back": S})
    assert r.status_code == 409 and "changed since you saw it" in r.get_data(as_text=True)
    assert _current(ann)["weight"] == 0.5


def _edit_at_once(app: Any, names: list[str], rounds: int) -> tuple[list[int], dict[str, dict[str, Any]], list[Any]]:
    """Each editor changes the edge and undoes its change ``rounds`` times, all at once: (statuses, the success
    answers by Edit id, what went wrong)."""
    statuses: list[int] = []
    successes: dict[str, dict[str, Any]] = {}
    bad: list[Any] = []
    lock = threading.Lock()

    def editor(name: str) -> None:
        client = app.test_client()
        headers = login(client, name)
        rng = random.Random(name)
        for _ in range(rounds):
            seen = _current(client)["version"]
            r = client.put("/api/dependencies", headers=headers,
                           json=EDGE | {"weight": round(rng.random(), 6), "version": seen})
            answers = [r]
            if r.status_code == 200:
                edit = r.get_json()
                if edit["before_version"] != seen:
                    bad.append(("change made on another state than the one sent", edit))
                answers.append(client.post(f"/api/edits/{edit['id']}/undo", headers=headers))
            with lock:
                for a in answers:
                    statuses.append(a.status_code)
                    if a.status_code == 200:
                        successes[a.get_json()["id"]] = a.get_json()
                    elif a.status_code != 409:
                        bad.append((a.status_code, a.get_json()))

    threads = [threading.Thread(target=editor, args=(n,)) for n in names]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses, successes, bad


@ON_BOTH_BACKENDS
def test_eight_editors_lose_nothing(graph: GraphStore, tmp_path: Path) -> None:
    names = [f"ed{i}" for i in range(EDITORS)]
    for name in names:
        create_user(graph, name, PASSWORD, "editor")
    app = make_app(graph, tmp_path)
    initial = _current(app.test_client())["version"]
    statuses, successes, bad = _edit_at_once(app, names, ROUNDS)
    assert not bad, bad[:5]
    assert 500 not in statuses and len(statuses) >= EDITORS * ROUNDS
    assert any(s == 200 for s in statuses)

    edits = app.test_client().get(f"/api/edits?tool={S}&limit=1000").get_json()
    assert {e["id"] for e in edits} == set(successes)  # every Edit matches a success answer, and no more
    for e in edits:
        answered = successes[e["id"]]
        assert (e["before"], e["after"], e["action"]) == (answered["before"], answered["after"], answered["action"])
    # no lost update: in commit order each Edit starts from the state the previous one left
    chain = sorted(edits, key=lambda e: e["at"])
    state = initial
    for e in chain:
        assert e["before_version"] == state, "an edit overwrote a change it did not see"
        state = e["after_version"]
    assert state == _current(app.test_client())["version"]
    # every undo put back exactly the state its Edit recorded
    by_id = {e["id"]: e for e in edits}
    undos = [e for e in edits if e["action"] == "undo"]
    assert undos
    for u in undos:
        assert u["after"] == by_id[u["undoes"]]["before"] and by_id[u["undoes"]]["undone"]
    assert edge_version("STRONG_RESOURCE", graph.query("get_dependency", **EDGE)[0]["props"]) == state


def test_a_collision_past_the_retries_is_a_409_not_a_500(graph: GraphStore, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """With no time to retry (as on a machine so loaded that the retry time runs out), edits that collide in the
    database answer 409 "try again" with nothing written, never 500; the Edits still form one chain."""
    names = [f"ed{i}" for i in range(EDITORS)]
    for name in names:
        create_user(graph, name, PASSWORD, "editor")
    monkeypatch.setattr(graph, "retry_time_s", 0.0)
    app = make_app(graph, tmp_path)
    initial = _current(app.test_client())["version"]
    statuses, successes, bad = _edit_at_once(app, names, 15)
    assert not bad, bad[:5]
    assert 500 not in statuses and any(s == 200 for s in statuses)
    edits = app.test_client().get(f"/api/edits?tool={S}&limit=1000").get_json()
    assert {e["id"] for e in edits} == set(successes)
    state = initial
    for e in sorted(edits, key=lambda e: e["at"]):
        assert e["before_version"] == state
        state = e["after_version"]
