"""The Neo4j-only suite: the same schema, queries and imports against a real Neo4j 5.26 with APOC and GDS 2.13,
and the weight jobs on GDS against their portable implementations.

The server is the project's own (tests/conftest.py starts it for the session: Java 17+ and Maven), or the one at
``TOOLGRAPH_TEST_NEO4J_URI`` (e.g. ``docker compose up -d``); ``make test-neo4j`` runs only these.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT, SAMPLE, snapshot
from tests.helpers import hand_typed
from toolgraph.db.cypher import parse_query_file
from toolgraph.db.store import GraphStore
from toolgraph.demo import run_demo
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.writer import write_batch
from toolgraph.models import CategorySpec, DependencySpec, GroupSpec, ToolSpec

pytestmark = pytest.mark.neo4j


def test_every_query_explains_on_neo4j(neo4j_store: GraphStore) -> None:
    names = neo4j_store.catalog.names()
    # explain() raises GraphStoreError naming the query if Neo4j cannot plan it
    plans = {name: neo4j_store.explain(name) for name in names}
    files = [*(ROOT / "cypher" / "queries").glob("*.cypher"), *(ROOT / "cypher" / "procedures").glob("*.cypher")]
    assert len(plans) == len(names) == len(files)
    assert [name for name, plan in plans.items() if not plan] == []
    # and the files only Neo4j plans: the GDS projections (cypher/graphrag holds a fragment the retrievers complete)
    extra = [parse_query_file(p) for p in sorted((ROOT / "cypher" / "gds").glob("*.cypher"))]
    assert extra and [q.name for q in extra if not neo4j_store.explain(q)] == []


def test_unknown_names_are_not_notified_but_deprecations_are(neo4j_store: GraphStore,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    """The store turns off Neo4j's notifications of labels, types and properties the graph does not hold (every
    named query on an empty graph had them); a real warning, here a deprecated function, still comes."""
    with caplog.at_level(logging.INFO, logger="neo4j.notifications"):
        neo4j_store.query("fetch_tools", ids=["nope"])
        hand_typed(neo4j_store, "MATCH (n:NoSuchLabel)-[:NO_SUCH_TYPE]->(m) WHERE n.no_such_key = 1 RETURN m")
        assert [r.getMessage()[:120] for r in caplog.records if r.name == "neo4j.notifications"] == []
        hand_typed(neo4j_store, "MATCH (n) RETURN id(n) AS i LIMIT 1")
    notified = [r.getMessage() for r in caplog.records if r.name == "neo4j.notifications"]
    assert len(notified) == 1 and "deprecated" in notified[0]


def test_gds_and_apoc_are_there(neo4j_store: GraphStore) -> None:
    backend = neo4j_store.backend
    assert backend.kind == "neo4j" and backend.has_gds and backend.has_apoc and not backend.has_algo


def test_sample_imports_to_the_same_graph_on_both_backends(neo4j_store: GraphStore, store: GraphStore) -> None:
    # the weight jobs' portable implementations on both (GDS against portable: test_gds_* and bench/gds_compare.py)
    neo4j_demo = run_demo(neo4j_store, SAMPLE, jobs_backend="portable")
    embedded_demo = run_demo(store, SAMPLE)
    on_neo4j, on_embedded = neo4j_demo["stats"], embedded_demo["stats"]
    for key in ("nodes", "relationships", "transitions", "categories"):
        assert on_neo4j[key] == on_embedded[key], key
    # The sample plan runs on Neo4j too; plans carry ids and times, so they are left out of the comparison.
    assert neo4j_demo["plan"]["tools"] and neo4j_demo["plan"]["policy"] == "graph"
    for s in (neo4j_store, store):  # runs, job runs and the run's call path carry ids and times of their own
        hand_typed(s, "MATCH (n) WHERE n:Run OR n:Memory OR n:JobRun OR (n:CallPath AND n.source = 'execution') "
                      "DETACH DELETE n")
    # the weights are summed in each server's row order: equal to 12 significant digits
    (nodes_a, rels_a), (nodes_b, rels_b) = snapshot(neo4j_store, digits=12), snapshot(store, digits=12)
    assert len(nodes_a) == len(nodes_b) and len(rels_a) == len(rels_b)
    assert sorted(set(nodes_a) ^ set(nodes_b))[:6] == []
    assert sorted(set(rels_a) ^ set(rels_b))[:6] == []
    again = run_demo(neo4j_store, SAMPLE, jobs_backend="portable")
    assert all(step["report"]["tools"]["created"] == step["report"]["tools"]["updated"] == 0
               for step in again["imports"])


def test_imports_run_without_notifications(neo4j_store: GraphStore, caplog: pytest.LogCaptureFixture) -> None:
    # The import's edge MERGE (two keyed MATCHes) draws Neo4j's "cartesian product" notice on every statement, the
    # driver logs each: an ordinary write still gets them, an import's bulk session asks for none.
    caplog.set_level(logging.INFO, logger="neo4j.notifications")
    batch = ImportBatch("test")
    batch.add_category(CategorySpec(name="C"), "f", "r")
    batch.add_group(GroupSpec(id="c/g", name="G", category="C", source="test"), "f", "r")
    for i in range(3):
        batch.add_tool(ToolSpec(id=f"c/g/t{i}", name=f"T{i}", group_id="c/g", source="test", source_ref={}), "f", "r")
    batch.add_dependency(DependencySpec(source="c/g/t0", target="c/g/t1", type="WEAK_RESOURCE", resource="r",
                                        description="d", origin="test"), "f", "r")
    report = write_batch(neo4j_store, batch)
    assert report.counts["dependencies"].created == 1 and report.counts["tools"].created == 3
    assert [r.getMessage()[:80] for r in caplog.records if r.name == "neo4j.notifications"] == []
    rows = [{"source": "c/g/t1", "target": "c/g/t2", "resource": "r", "props": {"description": "e"}}]
    neo4j_store.write(lambda tx: tx.run("merge_weak_resource", rows=rows))
    assert any("cartesian product" in r.getMessage() for r in caplog.records if r.name == "neo4j.notifications")


def test_schema_constraints_exist_on_neo4j(neo4j_store: GraphStore) -> None:
    records = hand_typed(neo4j_store, "SHOW CONSTRAINTS YIELD name RETURN collect(name) AS names")
    assert {"category_name", "toolgroup_id", "tool_id", "callpath_id"} <= set(records[0]["names"])


@pytest.mark.filterwarnings("ignore")
def test_compose_file_runs_neo4j5_with_apoc_and_gds() -> None:
    # Reads the file only: it documents what the suite above expects of the server.
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    neo4j = compose["services"]["neo4j"]
    # the same Neo4j as the project's own (neo4j-launcher/pom.xml), with the plugins the tests use
    pom = (ROOT / "neo4j-launcher" / "pom.xml").read_text(encoding="utf-8")
    version = re.search(r"<neo4j.version>([^<]+)</neo4j.version>", pom).group(1)
    assert version.startswith("5.26.") and neo4j["image"] == f"neo4j:{version}-community"
    assert json.loads(neo4j["environment"]["NEO4J_PLUGINS"]) == ["apoc", "apoc-extended", "graph-data-science"]
    assert neo4j["environment"]["NEO4J_apoc_custom_procedures_refresh"]
    assert {"7474:7474", "7687:7687"} <= set(neo4j["ports"])
    assert any(v.startswith("./import:/import") for v in neo4j["volumes"])
    assert "healthcheck" in neo4j
    assert Path(ROOT / "import").is_dir()


def _tool_values(store: GraphStore, prop: str) -> dict[str, object]:
    return {r["props"]["id"]: r["props"].get(prop) for r in store.query("export_nodes") if "Tool" in r["labels"]}


@pytest.mark.parametrize(("job", "prop"), [("importance", "pagerank"), ("communities", "community")])
def test_gds_and_portable_write_the_same(neo4j_store: GraphStore, job: str, prop: str) -> None:
    from gds_jobs import JOBS, run_jobs
    from tests.helpers import make_graph

    tools = {k: {} for k in "abcdef"}
    edges = [(x, y, "WEAK_RESOURCE", {"resource": "r", "weight": w})
             for x, y, w in [("a", "b", 1.0), ("b", "c", 1.0), ("a", "c", 0.5), ("d", "e", 1.0), ("e", "f", 1.0),
                             ("d", "f", 0.7), ("c", "d", 0.1)]]
    make_graph(neo4j_store, tools, edges=edges)
    run_jobs(neo4j_store, JOBS, [job], backend="gds")
    via_gds = _tool_values(neo4j_store, prop)
    run_jobs(neo4j_store, JOBS, [job], backend="portable")
    portable = _tool_values(neo4j_store, prop)
    assert via_gds.keys() == portable.keys()
    for key, value in portable.items():
        assert via_gds[key] == pytest.approx(value, rel=1e-4), key


def test_gds_substitutes_match_portable(neo4j_store: GraphStore) -> None:
    from gds_jobs import JOBS, run_jobs
    from tests.helpers import make_graph

    make_graph(neo4j_store, {
        "a": {"description": "current weather for a city", "required": ["city"], "output_schema": {"temp": "f"}},
        "b": {"description": "weather now in a city", "required": ["city"], "output_schema": {"temp": "f"}},
        "c": {"description": "stock price", "required": ["symbol"]},
        "d": {"description": "stock price history", "required": ["symbol"]},
    }, edges=[("c", "a", "WEAK_RESOURCE", {"resource": "x"}), ("c", "b", "WEAK_RESOURCE", {"resource": "x"}),
              # parallel edges of other types and directions: one neighbour each, on both implementations
              ("c", "a", "SEQUENTIAL", {"weight": 0.5}), ("a", "c", "SEQUENTIAL", {"weight": 0.5}),
              ("d", "a", "STRONG_RESOURCE", {"resource": "y"}), ("d", "c", "WEAK_RESOURCE", {"resource": "z"}),
              ("a", "a", "SEQUENTIAL", {"weight": 0.1})])

    def similar() -> dict[tuple[str, str, str], float]:
        return {(r["source"], r["target"], part): r["props"][part] for r in neo4j_store.query("export_relationships")
                if r["type"] == "SIMILAR_TO" for part in ("score", "neighbours")}

    run_jobs(neo4j_store, JOBS, ["substitutes"], backend="gds")
    via_gds = similar()
    run_jobs(neo4j_store, JOBS, ["substitutes"], backend="portable")
    assert via_gds and similar() == pytest.approx(via_gds)
    assert any(v > 0 for (_, _, part), v in via_gds.items() if part == "neighbours")
    assert neo4j_store.backend.has_gds
    records = hand_typed(neo4j_store, "CALL gds.graph.list() YIELD graphName RETURN count(*) AS n")
    assert records[0]["n"] == 0  # every projection was dropped
