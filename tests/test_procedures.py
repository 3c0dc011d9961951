"""The procedure bodies of cypher/procedures, run as named queries on the embedded server with real expected rows;
``toolgraph cypher`` and ``toolgraph procedures`` on the CLI; the APOC installation on Neo4j (Neo4j-only suite)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tests.helpers import hand_typed, make_graph
from toolgraph.cli import main
from toolgraph.db.cypher import default_catalog
from toolgraph.db.store import GraphStore

TOOLS = {
    "geocode": {"name": "Geocode", "description": "Latitude and longitude of an address", "required": ["address"]},
    "weather": {"name": "Current Weather", "description": "Weather now at a latitude", "required": ["lat"]},
    "forecast": {"name": "Forecast", "description": "Weather forecast at a latitude", "required": ["lat"]},
    "region_of": {"name": "Region Of", "description": "The region of a latitude", "required": ["lat"]},
    "alerts": {"name": "Storm Alerts", "description": "Storm alerts of a region", "required": ["region"]},
}
EDGES = [
    ("geocode", "weather", "STRONG_RESOURCE", {"resource": "lat", "weight": 0.9}),
    ("geocode", "region_of", "STRONG_RESOURCE", {"resource": "lat", "weight": 0.8}),
    ("region_of", "alerts", "STRONG_RESOURCE", {"resource": "region", "weight": 0.7}),
    ("geocode", "forecast", "WEAK_RESOURCE", {"resource": "lat", "weight": 0.4}),
    ("weather", "forecast", "SEQUENTIAL", {"weight": 0.6}),
    ("weather", "alerts", "SEQUENTIAL", {"weight": 0.3}),
]


def t(key: str) -> str:
    return f"c/g/{key}"


@pytest.fixture
def graph(store: GraphStore) -> GraphStore:
    make_graph(store, TOOLS, edges=EDGES)
    for target, weight in (("forecast", 0.6), ("alerts", 0.3)):  # transition weights as the weights job sets them
        store.query("set_sequential_edge", source=t("weather"), target=t(target), props={"weight": weight, "count": 1})
    return store


def test_every_procedure_has_a_signature_naming_its_params() -> None:
    procs = default_catalog().procedures()
    assert [p.name for p in procs] == ["chain", "neighbours", "next", "path", "providers", "search"]
    for p in procs:
        assert p.mode == "read" and p.description
        head = p.signature.split(")", 1)[0]
        assert all(f"{name} " in head or f"{name} =" in head for name in p.params), p.signature


def test_providers(graph: GraphStore) -> None:
    assert graph.query("providers", toolId=t("weather")) == [
        {"resource": "lat", "provider": t("geocode"), "name": "Geocode", "type": "STRONG_RESOURCE", "weight": 0.9}]
    assert [r["type"] for r in graph.query("providers", toolId=t("forecast"))] == ["WEAK_RESOURCE"]
    assert graph.query("providers", toolId=t("geocode")) == []


def test_chain_is_the_required_closure_in_execution_order(graph: GraphStore) -> None:
    rows = graph.query("chain", toolId=t("alerts"))
    assert [(r["id"], r["depth"]) for r in rows] == [(t("geocode"), 2), (t("region_of"), 1), (t("alerts"), 0)]


def test_next_by_transition_weight(graph: GraphStore) -> None:
    rows = graph.query("next", toolIds=[t("weather")])
    assert [(r["id"], r["score"], r["after"]) for r in rows] == [(t("forecast"), 0.6, [t("weather")]),
                                                                 (t("alerts"), 0.3, [t("weather")])]
    assert [r["id"] for r in graph.query("next", toolIds=[t("weather"), t("forecast")])] == [t("alerts")]


def test_neighbours_by_hops_and_min_weight(graph: GraphStore) -> None:
    near = graph.query("neighbours", toolId=t("geocode"), hops=1, minWeight=0.5)
    assert [(r["id"], r["hops"]) for r in near] == [(t("region_of"), 1), (t("weather"), 1)]
    far = graph.query("neighbours", toolId=t("geocode"), hops=2, minWeight=0.5)
    assert [(r["id"], r["hops"]) for r in far] == [(t("region_of"), 1), (t("weather"), 1), (t("alerts"), 2),
                                                   (t("forecast"), 2)]
    weak = graph.query("neighbours", toolId=t("geocode"), hops=1, minWeight=0.0)
    assert t("forecast") in [r["id"] for r in weak]


def test_path_is_the_heaviest(graph: GraphStore) -> None:
    [best] = graph.query("path", fromId=t("geocode"), toId=t("alerts"))
    assert best["tools"] == [t("geocode"), t("region_of"), t("alerts")]
    assert best["types"] == ["STRONG_RESOURCE", "STRONG_RESOURCE"] and best["weight"] == pytest.approx(0.56)
    assert graph.query("path", fromId=t("alerts"), toId=t("geocode")) == []


def test_search_expands_hits_along_the_graph(graph: GraphStore) -> None:
    from toolgraph.embeddings.flag import FlagEmbedder
    from toolgraph.retrieve.embed import embed_tools

    embed_tools(graph, FlagEmbedder(), reset=True)  # the full-text index
    index = graph.backend.fulltext_index_name("Tool", "search_text")
    rows = graph.query("search", text="storm alerts", topK=2, index=index)
    assert rows[0]["id"] == t("alerts") and rows[0]["providers"] == [t("region_of")] and rows[0]["next"] == []
    weather = graph.query("search", text="current weather", topK=1, index=index)[0]
    assert weather["id"] == t("weather") and weather["providers"] == [t("geocode")]
    assert sorted(weather["next"]) == [t("alerts"), t("forecast")]


def test_cypher_command_runs_bodies_and_queries(graph: GraphStore, env_for_cli: dict[str, str]) -> None:
    cli = CliRunner()
    out = cli.invoke(main, ["cypher", "custom.toolgraph.chain", "--param", f"toolId={t('alerts')}", "--json"],
                     catch_exceptions=False)
    assert out.exit_code == 0, out.output
    assert [r["id"] for r in json.loads(out.stdout)] == [t("geocode"), t("region_of"), t("alerts")]
    out = cli.invoke(main, ["cypher", "neighbours", "--param", f"toolId={t('geocode')}", "--param", "hops=2",
                            "--param", "minWeight=0.5", "--json"])
    assert len(json.loads(out.stdout)) == 4
    out = cli.invoke(main, ["cypher", "next", "--param", f'toolIds=["{t("weather")}"]'])
    assert out.exit_code == 0 and "2 row(s)" in out.output
    bad = cli.invoke(main, ["cypher", "neighbors", "--param", "toolId=x"])
    assert bad.exit_code == 1 and "did you mean neighbours" in bad.output
    missing = cli.invoke(main, ["cypher", "path", "--param", "fromId=x"])
    assert missing.exit_code == 1 and "missing toId" in missing.output
    write = cli.invoke(main, ["cypher", "clear_graph"])
    assert write.exit_code == 1 and "add --write" in write.output
    assert graph.query("providers", toolId=t("weather"))  # nothing was cleared


def test_procedures_on_the_embedded_server_say_what_to_do(graph: GraphStore, env_for_cli: dict[str, str]) -> None:
    cli = CliRunner()
    out = cli.invoke(main, ["procedures", "install"])
    assert out.exit_code == 1 and "embedded server" in out.output and "toolgraph cypher" in out.output
    listed = cli.invoke(main, ["procedures", "list", "--json"], catch_exceptions=False)
    rows = json.loads(listed.stdout)
    assert [r["name"] for r in rows][0] == "custom.toolgraph.chain" and not any(r["installed"] for r in rows)


@pytest.mark.neo4j
def test_install_on_neo4j(neo4j_store: GraphStore) -> None:
    from toolgraph.db.procedures import install

    make_graph(neo4j_store, TOOLS, edges=EDGES)
    names = install(neo4j_store)
    assert "custom.toolgraph.chain" in names
    records = hand_typed(neo4j_store, "CALL custom.toolgraph.chain($id) YIELD id RETURN id", id=t("alerts"))
    assert [r["id"] for r in records] == [t("geocode"), t("region_of"), t("alerts")]
