"""The Neo4j-only suite: the same schema, queries and imports against a real Neo4j 5 with APOC and GDS.

Run with ``docker compose up -d`` and ``TOOLGRAPH_TEST_NEO4J_URI=bolt://localhost:7687 make test``.
Without that variable every test here is skipped.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT, SAMPLE, snapshot
from toolgraph.demo import run_demo
from toolgraph.store import GraphStore

pytestmark = pytest.mark.neo4j


def test_every_query_explains_on_neo4j(neo4j_store: GraphStore) -> None:
    for name in neo4j_store.catalog.names():
        neo4j_store.explain(name)


def test_gds_and_apoc_are_there(neo4j_store: GraphStore) -> None:
    backend = neo4j_store.backend
    assert backend.kind == "neo4j" and backend.has_gds and backend.has_apoc and not backend.has_algo


def test_sample_imports_to_the_same_graph_on_both_backends(neo4j_store: GraphStore, store: GraphStore) -> None:
    on_neo4j = run_demo(neo4j_store, SAMPLE)["stats"]
    on_embedded = run_demo(store, SAMPLE)["stats"]
    for key in ("nodes", "relationships", "transitions", "categories"):
        assert on_neo4j[key] == on_embedded[key], key
    assert snapshot(neo4j_store) == snapshot(store)
    again = run_demo(neo4j_store, SAMPLE)
    assert all(step["report"]["tools"]["created"] == step["report"]["tools"]["updated"] == 0
               for step in again["imports"])


def test_schema_constraints_exist_on_neo4j(neo4j_store: GraphStore) -> None:
    records, _, _ = neo4j_store.driver.execute_query("SHOW CONSTRAINTS YIELD name RETURN collect(name) AS names",
                                                     database_=neo4j_store.database)
    assert {"category_name", "toolgroup_id", "tool_id", "callpath_id"} <= set(records[0]["names"])


@pytest.mark.filterwarnings("ignore")
def test_compose_file_runs_neo4j5_with_apoc_and_gds() -> None:
    # Reads the file only: it documents what the suite above expects of the server.
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    neo4j = compose["services"]["neo4j"]
    assert neo4j["image"].startswith("neo4j:5.")
    assert "apoc" in neo4j["environment"]["NEO4J_PLUGINS"] and "graph-data-science" in neo4j["environment"]["NEO4J_PLUGINS"]
    assert {"7474:7474", "7687:7687"} <= set(neo4j["ports"])
    assert any(v.startswith("./import:/import") for v in neo4j["volumes"])
    assert "healthcheck" in neo4j
    assert Path(ROOT / "import").is_dir()
