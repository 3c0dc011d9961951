"""The dependency editor on the web page, against the real embedded server: edits are recorded and undone, and
every kind of rejected edit names its field and leaves the graph unchanged."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from gds_jobs import JOBS, run_jobs
from tests.conftest import ON_BOTH_BACKENDS, snapshot
from tests.helpers import make_graph
from tests.web_helpers import HOSTILE, TOOLS, C, R, S, edges, labels, login
from toolgraph.db.store import GraphStore


# -- the dependency editor ------------------------------------------------------------------------------------------
@ON_BOTH_BACKENDS
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


@ON_BOTH_BACKENDS
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


@ON_BOTH_BACKENDS
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
