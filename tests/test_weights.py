"""Weight jobs on small hand-built graphs, against the real embedded server: the exact numbers each job writes."""

from __future__ import annotations

import json

import pytest

from gds_jobs import JOBS, JobError, run_jobs
from gds_jobs.algorithms import louvain, pagerank
from tests.conftest import ON_BOTH_BACKENDS
from tests.helpers import hand_typed, make_graph
from toolgraph.db.store import GraphStore


def edge_props(store: GraphStore, kind: str) -> dict[tuple[str, str], dict]:
    return {(r["source"].split("/")[-1], r["target"].split("/")[-1]): r["props"]
            for r in store.query("export_relationships") if r["type"] == kind}


def tool_props(store: GraphStore) -> dict[str, dict]:
    return {json.loads(n)["props"]["id"].split("/")[-1]: json.loads(n)["props"]
            for n in (json.dumps(r, default=str) for r in store.query("export_nodes")) if "Tool" in json.loads(n)["labels"]}


def counts(store: GraphStore, pairs: dict[tuple[str, str], int]) -> None:
    store.query("increment_sequential", rows=[{"source": f"c/g/{a}", "target": f"c/g/{b}", "count": n}
                                              for (a, b), n in pairs.items()])


@pytest.fixture
def abc(store: GraphStore) -> GraphStore:
    make_graph(store, {"a": {}, "b": {}, "c": {}})
    counts(store, {("a", "b"): 3, ("a", "c"): 1, ("b", "c"): 2})
    return store


@ON_BOTH_BACKENDS
def test_transition_weights_exact(abc: GraphStore) -> None:
    run_jobs(abc, JOBS, ["transition"])  # default alpha 0.5
    w = {k: v["weight"] for k, v in edge_props(abc, "SEQUENTIAL").items()}
    assert w == pytest.approx({("a", "b"): 3.5 / 5, ("a", "c"): 1.5 / 5, ("b", "c"): 1.0})
    run_jobs(abc, JOBS, ["transition"], params={"transition": {"alpha": 0}})
    w = {k: v["weight"] for k, v in edge_props(abc, "SEQUENTIAL").items()}
    assert w == pytest.approx({("a", "b"): 0.75, ("a", "c"): 0.25, ("b", "c"): 1.0})


def test_transition_keeps_an_analysts_weight(abc: GraphStore) -> None:
    hand_typed(abc, "MATCH (:Tool {id: 'c/g/a'})-[r:SEQUENTIAL]->(:Tool {id: 'c/g/c'}) "
                    "SET r.weight = 0.9, r.source = 'analyst'")
    run_jobs(abc, JOBS, ["transition"], params={"transition": {"alpha": 0}})
    w = {k: v["weight"] for k, v in edge_props(abc, "SEQUENTIAL").items()}
    assert w[("a", "c")] == pytest.approx(0.9) and w[("a", "b")] == pytest.approx(0.75)


def test_imported_paths_update_weights_incrementally(store: GraphStore, tmp_path) -> None:
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.paths import read_paths
    from toolgraph.ingest.writer import write_batch

    make_graph(store, {"a": {}, "b": {}, "c": {}})
    traces = tmp_path / "t.jsonl"
    lines = [["a", "b"], ["a", "b"], ["a", "b"], ["a", "c"], ["b", "c"], ["b", "c"]]
    traces.write_text("\n".join(json.dumps({"query": f"q{i}", "calls": [f"c/g/{x}" for x in calls]})
                                for i, calls in enumerate(lines)))
    write_batch(store, read_paths([traces], ImportBatch("p"), store))
    imported = {k: v["weight"] for k, v in edge_props(store, "SEQUENTIAL").items()}
    assert imported == pytest.approx({("a", "b"): 0.7, ("a", "c"): 0.3, ("b", "c"): 1.0})
    run_jobs(store, JOBS, ["transition"])
    assert {k: v["weight"] for k, v in edge_props(store, "SEQUENTIAL").items()} == pytest.approx(imported)
    more = tmp_path / "more.jsonl"
    more.write_text(json.dumps({"query": "new", "calls": ["c/g/a", "c/g/c"]}))
    write_batch(store, read_paths([more], ImportBatch("p"), store))  # only a's out-edges are recomputed
    w = {k: v["weight"] for k, v in edge_props(store, "SEQUENTIAL").items()}
    assert w == pytest.approx({("a", "b"): 3.5 / 6, ("a", "c"): 2.5 / 6, ("b", "c"): 1.0})


def test_availability_formula(store: GraphStore) -> None:
    make_graph(store, {"full": {"group": "scored"}, "bare": {"group": "plain"}})
    hand_typed(
        store, "MATCH (g:ToolGroup {id: 'c/scored'}) SET g.avg_service_level = 0.9, g.avg_success_rate = 0.8, "
        "g.avg_latency_ms = 1000.0, g.popularity_score = 5.0")
    run_jobs(store, JOBS, ["availability"])
    props = tool_props(store)
    assert props["full"]["availability_static"] == pytest.approx(0.3 * 0.9 + 0.3 * 0.8 + 0.2 * 0.5 + 0.2 * 0.5)
    assert props["bare"]["availability_static"] == pytest.approx(0.5)
    assert props["full"]["availability"] == pytest.approx(0.71)  # no outcomes yet: the static value
    hand_typed(
        store, "MATCH (t:Tool {id: 'c/scored/full'}) SET t.exec_ok = 10, t.exec_failed = 0 "
        "WITH 1 AS x MATCH (g:ToolGroup {id: 'c/plain'}) SET g.avg_latency_ms = 3000.0, g.popularity_score = 25.0")
    run_jobs(store, JOBS, ["availability"])
    props = tool_props(store)
    assert props["full"]["availability"] == pytest.approx((10 * 0.71 + 10) / 20)
    # latency 3000 ms -> 0.25; popularity 25 is capped at 1: (0.2 * 0.25 + 0.2 * 1) / 0.4
    assert props["bare"]["availability_static"] == pytest.approx(0.625)


@ON_BOTH_BACKENDS
def test_importance_is_weighted_pagerank(abc: GraphStore) -> None:
    run_jobs(abc, JOBS, ["transition", "importance"], params={"transition": {"alpha": 0}})
    props = tool_props(abc)
    pr_a = 0.15
    pr_b = 0.15 + 0.85 * pr_a * 0.75
    pr_c = 0.15 + 0.85 * (pr_a * 0.25 + pr_b * 1.0)
    assert [props[k]["pagerank"] for k in "abc"] == pytest.approx([pr_a, pr_b, pr_c])
    assert [props[k]["importance"] for k in "abc"] == pytest.approx([pr_a / pr_c, pr_b / pr_c, 1.0])


def test_pagerank_matches_gds_definition_on_a_cycle() -> None:
    # On a cycle every score tends to 1 (GDS's unnormalised form); 20 iterations from 0.15 get close.
    scores = pagerank(["a", "b", "c"], [("a", "b", 1.0), ("b", "c", 1.0), ("c", "a", 1.0)], max_iterations=200)
    assert list(scores.values()) == pytest.approx([1.0, 1.0, 1.0], abs=1e-6)


@ON_BOTH_BACKENDS
def test_communities_split_two_cliques(store: GraphStore) -> None:
    tools = {k: {} for k in "abcdef"}
    edges = [(x, y, "WEAK_RESOURCE", {"resource": "r", "weight": 1.0})
             for x, y in [("a", "b"), ("b", "c"), ("a", "c"), ("d", "e"), ("e", "f"), ("d", "f")]]
    edges.append(("c", "d", "WEAK_RESOURCE", {"resource": "r", "weight": 0.1}))
    make_graph(store, tools, edges=edges)
    [run] = run_jobs(store, JOBS, ["communities"])
    assert {k: v["community"] for k, v in tool_props(store).items()} == {
        "a": 0, "b": 0, "c": 0, "d": 1, "e": 1, "f": 1}
    assert run["stats"] == {"tools": 6, "communities": 2, "largest": 3, "singletons": 0}


def test_louvain_merges_levels() -> None:
    # Four triangles in a ring: level one finds the triangles, level two may join neighbours; every triangle
    # stays whole and the result is the same on every run.
    nodes = [f"n{i}" for i in range(12)]
    edges = []
    for t in range(4):
        a, b, c = (f"n{3 * t + i}" for i in range(3))
        edges += [(a, b, 1.0), (b, c, 1.0), (a, c, 1.0), (c, f"n{(3 * t + 3) % 12}", 0.2)]
    first = louvain(nodes, edges)
    assert first == louvain(nodes, edges)
    for t in range(4):
        assert len({first[f"n{3 * t + i}"] for i in range(3)}) == 1


@ON_BOTH_BACKENDS
def test_job_runs_are_recorded(abc: GraphStore) -> None:
    runs = run_jobs(abc, JOBS, ["transition", "availability"], params={"transition": {"alpha": 1}})
    assert [r["job"] for r in runs] == ["transition", "availability"]
    stored = abc.query("list_job_runs", job="transition", limit=5)
    assert len(stored) == 1 and stored[0]["backend"] == "portable"
    assert json.loads(stored[0]["params"]) == {"alpha": 1.0}
    assert json.loads(stored[0]["stats"]) == {"edges_weighted": 3}


def test_bad_job_requests_are_named(abc: GraphStore) -> None:
    with pytest.raises(JobError, match="unknown job"):
        run_jobs(abc, JOBS, ["nope"])
    with pytest.raises(JobError, match="transition: parameter alpha"):
        run_jobs(abc, JOBS, ["transition"], params={"transition": {"alpha": -1}})
    with pytest.raises(JobError, match="transition: parameter beta"):
        run_jobs(abc, JOBS, ["transition"], params={"transition": {"beta": 1}})
    with pytest.raises(JobError, match="no GDS"):
        run_jobs(abc, JOBS, ["importance"], backend="gds")
    assert abc.query("list_job_runs", job=None, limit=5) == []  # nothing ran


def test_jobs_run_in_dependency_order(abc: GraphStore) -> None:
    runs = run_jobs(abc, JOBS, ["communities", "importance", "transition"])
    assert [r["job"] for r in runs] == ["transition", "importance", "communities"]


@ON_BOTH_BACKENDS
def test_imported_sequential_weights_are_derived_unless_a_person_set_them(store: GraphStore) -> None:
    from tests.conftest import snapshot

    edges = [("a", "b", "SEQUENTIAL", {"weight": 0.3}), ("a", "c", "SEQUENTIAL", {"weight": 0.9, "origin": "analyst"})]
    make_graph(store, {"a": {}, "b": {}, "c": {}}, edges=edges)
    w = {k: v["weight"] for k, v in edge_props(store, "SEQUENTIAL").items()}
    # count 0 on both: a->b gets the smoothed share of a's successors that are not protected; a->c keeps 0.9
    assert w == pytest.approx({("a", "b"): 0.5, ("a", "c"): 0.9})
    before = snapshot(store)
    make_graph(store, {"a": {}, "b": {}, "c": {}}, edges=edges)  # importing again changes nothing
    assert snapshot(store) == before
