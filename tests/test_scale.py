"""Scale: streamed imports (read in parts, one transaction a part), reads sent as read transactions (what a routing
``neo4j://`` driver sends to readers), and a routing URI and a GDS server of its own against the real Neo4j."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import neo4j
import pytest
from click.testing import CliRunner

from toolgraph.cli import main
from toolgraph.db.cypher import cypher_root, parse_query_file
from toolgraph.db.store import GraphStore, routes
from toolgraph.errors import ImportRejectedError
from toolgraph.ingest.stream import read_records, write_parts


def records(n_groups: int = 3, tools_per_group: int = 4) -> list[dict[str, Any]]:
    """A small catalogue in the records format: categories, groups and tools first, then edges between tools of
    different groups (so an edge's part is usually not its tools' part)."""
    out: list[dict[str, Any]] = [{"kind": "category", "name": "Weather", "description": "forecasts"}]
    ids = []
    for g in range(n_groups):
        gid = f"weather/g{g}"
        out.append({"kind": "group", "id": gid, "name": f"group {g}", "category": "Weather", "source": "test"})
        for t in range(tools_per_group):
            tid = f"{gid}/t{t}"
            ids.append(tid)
            out.append({"kind": "tool", "id": tid, "name": f"forecast {g}.{t}", "group_id": gid,
                        "description": f"daily forecast number {t} of group {g}", "source": "test",
                        "source_ref": {"g": g, "t": t}, "required_params": [{"name": "city", "type": "string"}]})
    for i, a in enumerate(ids):
        b = ids[(i + tools_per_group + 1) % len(ids)]
        out.append({"kind": "dependency", "source": a, "target": b, "type": "WEAK_RESOURCE", "resource": "city",
                    "origin": "test"})
    out.append({"kind": "call_path", "id": "trace:1", "query": "forecast twice", "success": True, "source": "test",
                "steps": [ids[0], ids[len(ids) // 2], ids[-1]]})
    return out


def snapshot_counts(store: GraphStore) -> tuple[dict[str, int], dict[str, int]]:
    nodes = {r["label"]: r["count"] for r in store.query("count_nodes_by_label")}
    return nodes, {r["type"]: r["count"] for r in store.query("count_relationships_by_type")}


def write_lines(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path


def test_records_are_read_in_parts_with_each_problem_in_its_part(tmp_path: Path) -> None:
    rows = records()
    bad = ["{not json", {"kind": "spaceship", "id": "x"}, {"kind": "tool", "id": "t", "name": "no group"}]
    file = write_lines(tmp_path / "catalogue.jsonl", [*rows[:5], *bad, *rows[5:]])
    parts = list(read_records(file, part_size=4))
    total = len(rows) + len(bad) - 1  # the line that is not JSON is a problem, not a record
    assert [p.report.records for p in parts] == [4] * (total // 4) + ([total % 4] if total % 4 else [])
    assert sum(len(p.categories) + len(p.groups) + len(p.tools) + len(p.dependencies) + len(p.call_paths)
               for p in parts) == len(rows)
    problems = [(i, str(p)) for i, part in enumerate(parts) for p in part.problems]
    assert [i for i, _ in problems] == [1, 1, 1]  # lines 6-8: the second part
    assert "line 6" in problems[0][1] and "not valid JSON" in problems[0][1]
    assert "line 7: kind" in problems[1][1] and "spaceship" in problems[1][1]
    assert "line 8: group_id" in problems[2][1] or "line 8: source" in problems[2][1]
    with pytest.raises(ValueError):
        next(read_records(file, part_size=0))


def test_a_streamed_import_writes_every_part_and_a_second_run_writes_nothing(store: GraphStore,
                                                                               tmp_path: Path) -> None:
    rows = records()
    file = write_lines(tmp_path / "catalogue.jsonl", rows)
    seen: list[int] = []
    report = write_parts(store, read_records(file, part_size=5), source="records", on_part=lambda n, _: seen.append(n))
    assert seen == list(range(1, -(-len(rows) // 5) + 1))
    assert report.written and not report.rejected
    c = report.counts
    assert (c["categories"].created, c["groups"].created, c["tools"].created) == (1, 3, 12)
    assert (c["dependencies"].created, c["call_paths"].created) == (12, 1)
    assert report.transitions_added == 2
    assert snapshot_counts(store) == ({"Category": 1, "ToolGroup": 3, "Tool": 12, "CallPath": 1},
                                      {"HAS_GROUP": 3, "HAS_TOOL": 12, "WEAK_RESOURCE": 12, "SEQUENTIAL": 2, "STEP": 3})
    again = write_parts(store, read_records(file, part_size=7), source="records", prefetch=0)
    assert sum(k.created + k.updated for k in again.counts.values()) == 0
    assert again.counts["tools"].unchanged == 12 and again.counts["dependencies"].unchanged == 12


def test_a_part_with_problems_stops_the_import_after_the_parts_before_it(store: GraphStore, tmp_path: Path) -> None:
    rows = records()
    # the 14th record is an edge to a tool that exists nowhere: part 3 of 5-record parts
    rows.insert(13, {"kind": "dependency", "source": "weather/g0/t0", "target": "weather/nowhere", "type":
                     "SEQUENTIAL", "origin": "test"})
    file = write_lines(tmp_path / "catalogue.jsonl", rows)
    with pytest.raises(ImportRejectedError) as caught:
        write_parts(store, read_records(file, part_size=5), source="records")
    report = caught.value.report
    assert "parts written before part 3 failed: 2" in report.notes
    assert any("weather/nowhere" in str(p) for p in report.rejected)
    nodes, _ = snapshot_counts(store)
    assert nodes == {"Category": 1, "ToolGroup": 2, "Tool": 7}  # the 10 records of parts 1 and 2
    # with --skip-invalid the rest goes in, and the bad edge is listed
    done = write_parts(store, read_records(file, part_size=5), source="records", skip_invalid=True)
    assert [str(p) for p in done.rejected if "weather/nowhere" in str(p)]
    assert snapshot_counts(store)[0]["Tool"] == 12


def test_import_records_command_streams_a_file(store: GraphStore, env_for_cli: dict[str, str],
                                               tmp_path: Path) -> None:
    file = write_lines(tmp_path / "catalogue.jsonl", records(n_groups=2))
    result = CliRunner().invoke(main, ["import", "records", str(file), "--part-size", "6", "--json"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["written"] and data["tools"]["created"] == 8 and data["dependencies"]["created"] == 8
    assert data["notes"] == {"written in 4 part(s), one transaction each": 1}


# -- reads as read transactions, routing URIs --------------------------------------------------------------------
class SpyDriver:
    """The real driver, recording the access mode of every session and the routing of every execute_query."""

    def __init__(self, driver: neo4j.Driver) -> None:
        self.driver = driver
        self.modes: list[str] = []

    def session(self, **kwargs: Any) -> neo4j.Session:
        self.modes.append(str(kwargs.get("default_access_mode")))
        return self.driver.session(**kwargs)

    def execute_query(self, *args: Any, **kwargs: Any) -> Any:
        self.modes.append(str(kwargs.get("routing_")))
        return self.driver.execute_query(*args, **kwargs)


def test_reads_go_in_read_transactions_and_writes_in_write_ones(store: GraphStore) -> None:
    spy = store.client(lambda driver, _: SpyDriver(driver))
    spied = GraphStore(spy, database=store.database, backend=store.backend, uri=store.uri)  # type: ignore[arg-type]
    spied.query("merge_categories", rows=[{"name": "Maps", "props": {"description": "where"}}])
    assert spy.modes == [neo4j.WRITE_ACCESS]
    assert spied.query("fetch_categories", names=["Maps"])[0]["props"]["description"] == "where"
    assert spy.modes[-1] == neo4j.READ_ACCESS
    count = parse_query_file(cypher_root() / "bench" / "count_call_paths.cypher")  # mode: read
    spied.run_file(count)
    assert spy.modes[-1] == str(neo4j.RoutingControl.READ)
    spied.explain("fetch_tools")
    assert spy.modes[-1] == neo4j.READ_ACCESS
    write_parts(spied, iter([]), source="nothing")  # nothing to write: no session at all
    assert len(spy.modes) == 4


def test_routing_schemes_are_recognised() -> None:
    assert routes("neo4j://db.example:7687") and routes("neo4j+s://x.databases.neo4j.io") and routes("NEO4J+SSC://h")
    assert not routes("bolt://127.0.0.1:7687") and not routes("bolt+s://h:7687")


def _credentials(store: GraphStore) -> tuple[str, str]:
    if os.environ.get("TOOLGRAPH_TEST_NEO4J_URI"):
        return (os.environ.get("TOOLGRAPH_TEST_NEO4J_USER", "neo4j"),
                os.environ.get("TOOLGRAPH_TEST_NEO4J_PASSWORD", "toolgraph-dev"))
    # the session's own Neo4j: its generated password is only in the driver (the fixture does not hand it out)
    return store.client(lambda driver, _: driver._pool.pool_config.auth._auth)  # noqa: SLF001


@pytest.mark.neo4j
def test_a_routing_uri_works_against_the_single_server(neo4j_store: GraphStore) -> None:
    user, password = _credentials(neo4j_store)
    uri = "neo4j://" + neo4j_store.uri.split("://", 1)[1]
    with GraphStore.connect(uri, user, password, neo4j_store.database, gds_uri=neo4j_store.uri) as routed:
        assert routes(routed.uri)
        table = routed.routing_table()
        host = uri.split("://", 1)[1]
        assert table["ttl"] > 0
        assert {role: [a.split(":")[-1] for a in table[role]] for role in ("READ", "WRITE", "ROUTE")} == {
            role: [host.split(":")[-1]] for role in ("READ", "WRITE", "ROUTE")}
        routed.query("merge_categories", rows=[{"name": "Routed", "props": {"description": "via neo4j://"}}])
        assert routed.query("fetch_categories", names=["Routed"])[0]["props"]["description"] == "via neo4j://"
        # GDS on a server of its own (here: the same one, by its bolt:// address)
        assert routed.backend.has_gds
        version = routed.gds().run_cypher("RETURN gds.version() AS v")["v"][0]
        assert version == routed.backend.gds_version
