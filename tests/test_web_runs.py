"""The path viewer on the web page, against the real embedded server: it runs the real planner and draws the
search tree and the plan."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from gds_jobs import JOBS, run_jobs
from tests.conftest import snapshot
from tests.web_helpers import csrf, make_app
from toolgraph.db.store import GraphStore


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
