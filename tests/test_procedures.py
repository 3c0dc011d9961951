"""The procedure bodies of cypher/procedures, run as named queries on the embedded server with real expected rows;
``toolgraph cypher`` and ``toolgraph procedures`` on the CLI; the APOC installation on Neo4j (Neo4j-only suite)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tests.conftest import ON_BOTH_BACKENDS
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


@ON_BOTH_BACKENDS
def test_providers(graph: GraphStore) -> None:
    assert graph.query("providers", toolId=t("weather")) == [
        {"resource": "lat", "provider": t("geocode"), "name": "Geocode", "type": "STRONG_RESOURCE", "weight": 0.9}]
    assert [r["type"] for r in graph.query("providers", toolId=t("forecast"))] == ["WEAK_RESOURCE"]
    assert graph.query("providers", toolId=t("geocode")) == []


@ON_BOTH_BACKENDS
def test_chain_is_the_required_closure_in_execution_order(graph: GraphStore) -> None:
    rows = graph.query("chain", toolId=t("alerts"))
    assert [(r["id"], r["depth"]) for r in rows] == [(t("geocode"), 2), (t("region_of"), 1), (t("alerts"), 0)]


@ON_BOTH_BACKENDS
def test_next_by_transition_weight(graph: GraphStore) -> None:
    rows = graph.query("next", toolIds=[t("weather")])
    assert [(r["id"], r["score"], r["after"]) for r in rows] == [(t("forecast"), 0.6, [t("weather")]),
                                                                 (t("alerts"), 0.3, [t("weather")])]
    assert [r["id"] for r in graph.query("next", toolIds=[t("weather"), t("forecast")])] == [t("alerts")]


@ON_BOTH_BACKENDS
def test_neighbours_by_hops_and_min_weight(graph: GraphStore) -> None:
    near = graph.query("neighbours", toolId=t("geocode"), hops=1, minWeight=0.5)
    assert [(r["id"], r["hops"]) for r in near] == [(t("region_of"), 1), (t("weather"), 1)]
    far = graph.query("neighbours", toolId=t("geocode"), hops=2, minWeight=0.5)
    assert [(r["id"], r["hops"]) for r in far] == [(t("region_of"), 1), (t("weather"), 1), (t("alerts"), 2),
                                                   (t("forecast"), 2)]
    weak = graph.query("neighbours", toolId=t("geocode"), hops=1, minWeight=0.0)
    assert t("forecast") in [r["id"] for r in weak]


@ON_BOTH_BACKENDS
def test_path_is_the_heaviest(graph: GraphStore) -> None:
    [best] = graph.query("path", fromId=t("geocode"), toId=t("alerts"))
    assert best["tools"] == [t("geocode"), t("region_of"), t("alerts")]
    assert best["types"] == ["STRONG_RESOURCE", "STRONG_RESOURCE"] and best["weight"] == pytest.approx(0.56)
    assert graph.query("path", fromId=t("alerts"), toId=t("geocode")) == []


@ON_BOTH_BACKENDS
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


def _bodies_on(store: GraphStore) -> dict[str, tuple[dict[str, object], list[dict[str, object]]]]:
    """Each procedure's parameters for the test graph, with its rows when run as a named query."""
    index = store.backend.fulltext_index_name("Tool", "search_text")
    params: dict[str, dict[str, object]] = {
        "chain": {"toolId": t("alerts")},
        "neighbours": {"toolId": t("geocode"), "hops": 2, "minWeight": 0.5},
        "next": {"toolIds": [t("weather")]},
        "path": {"fromId": t("geocode"), "toId": t("alerts")},
        "providers": {"toolId": t("weather")},
        "search": {"text": "storm alerts", "topK": 3, "index": index},
    }
    assert sorted(params) == [p.name for p in default_catalog().procedures()]
    return {name: (ps, store.query(name, **ps)) for name, ps in params.items()}


def _call(store: GraphStore, name: str, params: dict[str, object]) -> list[dict[str, object]]:
    """``CALL custom.toolgraph.NAME(...)`` typed as in Neo4j Browser, arguments in the signature's order."""
    body = default_catalog()[name]
    args = ", ".join(f"${p}" for p in body.params)
    return hand_typed(store, f"CALL custom.toolgraph.{name}({args})", **{p: params[p] for p in body.params})


@pytest.mark.neo4j
def test_install_call_every_procedure_reinstall_uninstall_on_neo4j(neo4j_store: GraphStore) -> None:
    from toolgraph.db.procedures import install, installed, uninstall
    from toolgraph.embeddings.flag import FlagEmbedder
    from toolgraph.retrieve.embed import embed_tools

    make_graph(neo4j_store, TOOLS, edges=EDGES)
    for target, weight in (("forecast", 0.6), ("alerts", 0.3)):
        neo4j_store.query("set_sequential_edge", source=t("weather"), target=t(target),
                          props={"weight": weight, "count": 1})
    embed_tools(neo4j_store, FlagEmbedder(), reset=True)  # the full-text index custom.toolgraph.search reads
    uninstall(neo4j_store)  # a clean start, whatever an earlier run left in the system database
    names = install(neo4j_store)
    assert names == [f"custom.toolgraph.{p.name}" for p in default_catalog().procedures()]
    listed = installed(neo4j_store)
    assert [r["name"] for r in listed] == names and all(r["description"] for r in listed)
    expected = _bodies_on(neo4j_store)
    # every procedure, called with Cypher, answers what its body answers as a named query
    for name, (params, rows) in expected.items():
        assert _call(neo4j_store, name, params) == rows, name
    assert [r["id"] for r in expected["chain"][1]] == [t("geocode"), t("region_of"), t("alerts")]
    assert expected["path"][1][0]["tools"] == [t("geocode"), t("region_of"), t("alerts")]
    assert expected["search"][1][0]["id"] == t("alerts")
    assert [r["id"] for r in expected["next"][1]] == [t("forecast"), t("alerts")]
    # installing again replaces, never duplicates
    assert install(neo4j_store) == names and [r["name"] for r in installed(neo4j_store)] == names
    assert _call(neo4j_store, "chain", expected["chain"][0]) == expected["chain"][1]
    # uninstall removes them all and is idempotent; a reinstall brings them back
    assert uninstall(neo4j_store) == names and installed(neo4j_store) == []
    assert uninstall(neo4j_store) == []
    with pytest.raises(Exception, match="custom.toolgraph.chain"):
        _call(neo4j_store, "chain", expected["chain"][0])
    assert install(neo4j_store) == names
    assert _call(neo4j_store, "providers", expected["providers"][0]) == expected["providers"][1]


@pytest.mark.neo4j
def test_procedures_cli_on_neo4j(neo4j_store: GraphStore, env_for_neo4j_cli: dict[str, str]) -> None:
    make_graph(neo4j_store, TOOLS, edges=EDGES)
    cli = CliRunner()
    out = cli.invoke(main, ["procedures", "install", "--json"], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    assert len(json.loads(out.stdout)) == 6
    rows = json.loads(cli.invoke(main, ["procedures", "list", "--json"], catch_exceptions=False).stdout)
    assert all(r["installed"] for r in rows) and len(rows) == 6
    assert hand_typed(neo4j_store, "CALL custom.toolgraph.providers($id) YIELD provider RETURN provider",
                      id=t("weather")) == [{"provider": t("geocode")}]
    out = cli.invoke(main, ["procedures", "uninstall"], catch_exceptions=False)
    assert out.exit_code == 0 and "removed 6 procedure(s)" in out.output
    listed = cli.invoke(main, ["procedures", "list"], catch_exceptions=False)
    assert "0 of 6 installed" in listed.output


@pytest.mark.neo4j
def test_without_apoc_extended_the_message_says_so(neo4j_store: GraphStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's own SHOW PROCEDURES, asked for APOC Extended procedures it does not have (a name no APOC has
    stands in for a server with APOC Core only: one Neo4j runs per test session)."""
    from toolgraph.db import procedures
    from toolgraph.errors import GraphStoreError

    monkeypatch.setattr(procedures, "APOC_CUSTOM", ("apoc.custom.installProcedure", "apoc.custom.notInApocAtAll"))
    with pytest.raises(GraphStoreError) as err:
        procedures.install(neo4j_store)
    message = str(err.value)
    assert "APOC Extended" in message and "apoc.custom.notInApocAtAll" in message
    assert "APOC Core but not APOC Extended" in message and "apoc-extended" in message
