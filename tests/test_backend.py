"""What differs between backends, checked on the embedded server always and on Neo4j when one is configured."""

from __future__ import annotations

import math

import pytest

from toolgraph.db.backend import ARCADEDB, NEO4J, Backend, detect
from toolgraph.db.store import GraphStore, Tx
from toolgraph.errors import GraphStoreError


def test_capabilities_detected_at_connect(any_store: GraphStore) -> None:
    caps = any_store.backend.capabilities()
    if any_store.backend.kind == ARCADEDB:
        assert caps == {"backend": "arcadedb", "server": any_store.backend.agent, "gds": None, "apoc": None,
                        "algo": True}
        assert "ArcadeDB" in caps["server"]
    else:
        assert caps["backend"] == NEO4J and caps["gds"] and caps["apoc"]  # docker-compose.yml installs both


def test_cosine_scale_is_normalised(any_store: GraphStore) -> None:
    for a, b in (([1.0, 0.0], [0.0, 1.0]), ([1.0, 2.0], [2.0, 4.1]), ([1.0, 0.0], [-1.0, 0.5])):
        raw = sum(x * y for x, y in zip(a, b)) / (math.hypot(*a) * math.hypot(*b))
        score = any_store.query("similarity_cosine", a=a, b=b)[0]["score"]
        assert any_store.backend.cosine_from_function(score) == pytest.approx(raw, abs=1e-5)


def test_vector_index_create_query_and_drop(any_store: GraphStore) -> None:
    backend = any_store.backend

    def work(tx: Tx) -> None:
        tx.run("merge_categories", rows=[{"name": "C", "props": {}}])
        tx.run("merge_groups", rows=[{"id": "c/g", "category": "C", "props": {"name": "G"}}])
        tx.run("merge_tools", rows=[{"id": f"c/g/{i}", "group_id": "c/g", "props": {"name": str(i)}} for i in range(3)])

    any_store.write(work)
    any_store.drop_vector_index("Tool", "embedding")  # an earlier test's index of other dimensions outlives its graph
    name = any_store.ensure_vector_index("Tool", "embedding", 4)
    try:
        assert any_store.ensure_vector_index("Tool", "embedding", 4) == name  # idempotent
        any_store.query("set_tool_embeddings", rows=[
            {"id": "c/g/0", "embedding": [1.0, 0.0, 0.0, 0.0]},
            {"id": "c/g/1", "embedding": [0.0, 1.0, 0.0, 0.0]},
            {"id": "c/g/2", "embedding": [0.7, 0.7, 0.0, 0.0]}])
        import time

        deadline = time.monotonic() + 30  # Neo4j populates a new index asynchronously
        while True:
            hits = any_store.query("query_tool_vectors", index=name, k=2, vector=[1.0, 0.1, 0.0, 0.0], category=None)
            if len(hits) == 2 or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        assert [h["id"] for h in hits] == ["c/g/0", "c/g/2"]
        assert backend.cosine_from_index_score(hits[0]["score"]) == pytest.approx(1 / math.hypot(1, 0.1), abs=1e-4)
    finally:
        any_store.drop_vector_index("Tool", "embedding")


def test_index_ddl_refuses_unsafe_names() -> None:
    backend = Backend(kind=ARCADEDB, agent="x")
    with pytest.raises(GraphStoreError, match="not a valid label"):
        backend.create_vector_index(lambda s: None, "Tool) DETACH DELETE (n", "embedding", 4)
    with pytest.raises(GraphStoreError, match="dimensions"):
        Backend(kind=NEO4J, agent="x").create_vector_index(lambda s: None, "Tool", "embedding", 0)


def test_neo4j_vector_ddl_text() -> None:
    statements: list[str] = []
    name = Backend(kind=NEO4J, agent="Neo4j/5.26").create_vector_index(statements.append, "Tool", "embedding", 384)
    assert name == "tool_embedding"
    assert statements == ["CREATE VECTOR INDEX tool_embedding IF NOT EXISTS FOR (n:Tool) ON (n.embedding) OPTIONS "
                          "{indexConfig: {`vector.dimensions`: 384, `vector.similarity_function`: 'cosine', "
                          "`vector.quantization.enabled`: false}}"]


def test_only_neo4j_on_bolt_5_2_or_later_has_its_unknown_name_notifications_off() -> None:
    neo4j, arcadedb = Backend(kind=NEO4J, agent="Neo4j/5.26.18"), Backend(kind=ARCADEDB, agent="ArcadeDB/25")
    assert neo4j.driver_options((5, 8)) == {"notifications_disabled_classifications": ["UNRECOGNIZED"]}
    assert neo4j.driver_options((5, 1)) == neo4j.driver_options((4, 4)) == {}  # the driver would refuse the filter
    assert arcadedb.driver_options((5, 8)) == {}


def test_detect_reads_versions_and_kind() -> None:
    answers = {"RETURN gds.version() AS v": "2.13.2", "RETURN apoc.version() AS v": "5.26.0"}

    def run_single(statement: str) -> str:
        if statement not in answers:
            raise RuntimeError("Unknown function")
        return answers[statement]

    neo = detect(run_single, "Neo4j/5.26.0")
    assert (neo.kind, neo.gds_version, neo.apoc_version, neo.has_gds, neo.has_apoc) == (
        NEO4J, "2.13.2", "5.26.0", True, True)
    answers.clear()
    arcade = detect(run_single, "Neo4j/5.26.0 compatible (ArcadeDB 26.10.2)", http_url="http://x", database="d")
    assert (arcade.kind, arcade.has_gds, arcade.has_apoc, arcade.has_algo) == (ARCADEDB, False, False, True)
