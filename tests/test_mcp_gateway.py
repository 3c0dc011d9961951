"""ToolGraph as the one MCP server an agent needs: a real MCP server (tests/fixtures/library_mcp_server.py) imported
with ``toolgraph import mcp``, then ``toolgraph mcp --allow-calls`` started as a subprocess and driven by the official
``mcp`` client, over stdio and over streamable HTTP: search, one call reached again through the imported server, a
whole request run; tools that change data refused without ``--allow-writes``; mistakes as tool errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from click.testing import CliRunner
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.conftest import FIXTURES, ROOT, free_port
from toolgraph.cli import main
from toolgraph.db.store import GraphStore
from toolgraph.integrations.navigate import hit_line, param_for
from toolgraph.text.prose import one_line, plain
from toolgraph.tool import Tool

SERVER = str(FIXTURES / "library_mcp_server.py")
GROUP = "mcp/city_library"
FIND, LOANS, LEND = f"{GROUP}/find_book", f"{GROUP}/book_loans", f"{GROUP}/lend_book"


@pytest.fixture
def library(store: GraphStore, env_for_cli: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
            ) -> dict[str, str]:
    """The library server imported (its weights computed, its tools embedded); the environment ``toolgraph mcp``
    runs with."""
    from gds_jobs import JOBS, run_jobs
    from toolgraph.embeddings.flag import FlagEmbedder
    from toolgraph.retrieve.embed import embed_tools

    log = tmp_path / "calls.jsonl"
    monkeypatch.setenv("LIBRARY_CALL_LOG", str(log))
    out = CliRunner().invoke(main, ["import", "mcp", "--json", "--env", "LIBRARY_CALL_LOG", "--", sys.executable,
                                    SERVER], catch_exceptions=False)
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["tools"]["created"] == 3
    log.unlink(missing_ok=True)  # the import listed the tools; calls start now
    run_jobs(store, JOBS, extras={})  # the dependency edges: find_book gives the book_id book_loans takes
    embed_tools(store, FlagEmbedder(), reset=True)
    # an MCP client passes only a safe subset of the environment: the settings are given explicitly
    return {**env_for_cli, "PYTHONPATH": str(ROOT), "LIBRARY_CALL_LOG": str(log), "PATH": os.environ["PATH"]}


def calls_made(env: dict[str, str]) -> list[dict[str, Any]]:
    path = Path(env["LIBRARY_CALL_LOG"])
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


async def session_calls(session: ClientSession, calls: list[tuple[str, dict[str, Any]]]) -> tuple[list[str], list]:
    await session.initialize()
    tools = (await session.list_tools()).tools
    return [t.name for t in tools], [await session.call_tool(name, args) for name, args in calls]


def over_stdio(env: dict[str, str], flags: list[str], calls: list[tuple[str, dict[str, Any]]]) -> tuple[list, list]:
    params = StdioServerParameters(command=sys.executable, args=["-m", "toolgraph.cli", "mcp", *flags], env=env,
                                   cwd=str(ROOT))

    async def go() -> tuple[list[str], list]:
        with anyio.fail_after(240):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                return await session_calls(session, calls)

    return anyio.run(go)


def over_http(env: dict[str, str], flags: list[str], calls: list[tuple[str, dict[str, Any]]]) -> tuple[list, list]:
    from mcp.client.streamable_http import streamable_http_client

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "toolgraph.cli", "mcp", "--http", "--port", str(port), *flags],
                            env=env, cwd=str(ROOT), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        import socket

        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else proc.returncode
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.3)

        async def go() -> tuple[list[str], list]:
            with anyio.fail_after(240):
                async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (read, write), \
                        ClientSession(read, write) as session:
                    return await session_calls(session, calls)

        return anyio.run(go)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def payload(result: Any) -> Any:
    assert not result.is_error, result.content
    assert result.structured_content is None  # one compact copy of the answer, not two
    return json.loads(result.content[0].text)


def error(result: Any) -> str:
    assert result.is_error, result.content
    return str(result.content[0].text)


def test_an_agent_finds_and_calls_an_imported_servers_tool_through_toolgraph_alone(library: dict[str, str]) -> None:
    names, results = over_stdio(library, ["--allow-calls", "--no-learn"], [
        ("search_tools", {"query": "who borrowed a book, loans and due date", "k": 3}),
        ("call_tool", {"id": FIND, "arguments": {"title": "Dune"}}),
        ("call_tool", {"id": LOANS, "arguments": {"book_id": "bk-2041", "status": "open"}}),
        ("run_request", {"query": "Show the loans of the book titled Dune"}),
        # refused: a tool that changes data (no --allow-writes), alone or in a plan
        ("call_tool", {"id": LEND, "arguments": {"book_id": "bk-2041", "member": "Ada Moreau"}}),
        ("run_request", {"query": "Lend the book Dune to the member Ada Moreau"}),
        # mistakes, each a tool error that says what to change
        ("call_tool", {"id": FIND, "arguments": {"titel": "Dune"}}),
        ("call_tool", {"id": LOANS, "arguments": {"book_id": "bk-2041", "status": "late"}}),
        ("call_tool", {"id": LOANS, "arguments": {}}),
        ("call_tool", {"id": f"{GROUP}/find_bok", "arguments": {"title": "Dune"}}),
        ("call_tool", {"id": FIND, "arguments": {"title": "Necronomicon"}}),
        ("get_tool", {"tool_id": FIND}),  # and the server is still there
    ])
    assert {"search_tools", "get_tool", "tool_dependencies", "neighbourhood", "plan_request", "call_tool",
            "run_request"} <= set(names)
    search, found, loans, run = (payload(r) for r in results[:4])
    hits = {h["id"]: h for h in search["hits"]}
    assert search["hits"][0]["id"] == LOANS and set(search["hits"][0]) == {"id", "line", "score"}
    assert hits[LOANS]["line"].startswith("book_loans(book_id: string, +1 optional): The loans of a book")
    if LEND in hits:
        assert hits[LEND]["line"].endswith("[changes data]")
    assert found == {"id": FIND, "result": {"book_id": "bk-2041", "title": "Dune", "author": "Frank Herbert",
                                            "year": 1965}, "chars": 73, "compressed": False}
    assert loans["result"] == [{"member": "Ada Moreau", "due": "2026-12-03", "status": "open"}]

    assert run["status"] == "success", run
    assert "Ada Moreau" in run["answer"] and "2026-12-03" in run["answer"]
    assert [c["tool"] for c in run["calls"]] == [FIND, LOANS] and all(c["status"] == "ok" for c in run["calls"])
    assert run["calls"][0]["arguments"] == {"title": "Dune"} and "run" not in run  # --no-learn: nothing stored

    lend, lend_plan = error(results[4]), error(results[5])
    assert f"{LEND} changes data" in lend and "--allow-writes" in lend
    assert "nothing was run" in lend_plan and LEND in lend_plan and "--allow-writes" in lend_plan

    unknown_param, bad_enum, missing, unknown_id, tool_error = (error(r) for r in results[6:11])
    assert "unknown parameter(s) titel; the tool takes title" in unknown_param
    assert "parameter status: 'late' is not one of ['open', 'returned', 'all']" in bad_enum
    assert "'book_id' is a required property" in missing
    assert f"no tool '{GROUP}/find_bok'" in unknown_id and f"did you mean {FIND}" in unknown_id
    assert "no book titled 'Necronomicon'" in tool_error
    assert payload(results[-1])["id"] == FIND

    made = calls_made(library)
    assert "lend_book" not in {c["tool"] for c in made}  # refused before it reached the server
    assert [c["tool"] for c in made] == ["find_book", "book_loans", "find_book", "book_loans", "find_book"]
    # call_tool's calls share one session with the imported server: started once, then reused
    direct = [made[0], made[1], made[4]]
    assert len({c["pid"] for c in direct}) == 1


def test_writes_over_streamable_http_with_allow_writes(library: dict[str, str], store: GraphStore) -> None:
    runs_before = store.query("count_nodes_by_label")
    _, results = over_http(library, ["--allow-calls", "--allow-writes"], [
        ("call_tool", {"id": LEND, "arguments": {"book_id": "bk-3310", "member": "Tom Reyes"}}),
        ("run_request", {"query": "Find the book titled Solaris"}),
    ])
    lent, run = payload(results[0]), payload(results[1])
    assert lent["result"] == {"book_id": "bk-3310", "member": "Tom Reyes", "due": "2026-12-24"}
    assert run["status"] == "success" and "Stanislaw Lem" in run["answer"]
    assert [c["tool"] for c in run["calls"]] == [FIND]
    assert run["run"]  # learning on (the default): the run is stored, and `toolgraph forget` takes it back
    labels = {r["label"]: r["count"] for r in store.query("count_nodes_by_label")}
    assert labels.get("Run", 0) == {r["label"]: r["count"] for r in runs_before}.get("Run", 0) + 1
    assert [c["tool"] for c in calls_made(library)] == ["lend_book", "find_book"]


def test_navigation_never_writes_the_graph(library: dict[str, str], store: GraphStore) -> None:
    before = store.query("count_nodes_by_label"), store.query("count_relationships_by_type")
    _, results = over_stdio(library, [], [
        ("plan_request", {"query": "Show the loans of the book titled Dune"}),
        ("neighbourhood", {"tool_id": FIND, "hops": 2}),
        ("call_tool", {"id": FIND, "arguments": {"title": "Dune"}}),
    ])
    plan, near = payload(results[0]), payload(results[1])
    assert plan["status"] == "success" and FIND in [t["id"] for t in plan["tools"]]
    assert {"id": FIND, "name": "find_book", "hop": 0} in near["tools"]
    assert "Unknown tool: call_tool" in error(results[2])  # without --allow-calls there is no such tool
    assert (store.query("count_nodes_by_label"), store.query("count_relationships_by_type")) == before
    assert calls_made(library) == []


def test_flags_that_need_allow_calls_are_refused() -> None:
    for flag in ("--allow-writes", "--no-learn"):
        out = CliRunner().invoke(main, ["mcp", flag])
        assert out.exit_code == 1 and f"{flag} needs --allow-calls" in out.output


def test_hit_lines_and_descriptions_read_plainly() -> None:
    tool = Tool.from_row({"id": "c/g/list", "name": "List Issues", "method": "POST", "description": """Issues.

        List the issues of a project, with :func:`filters <x.filters>` and ``state``.

        :param project_id: the project
        """, "required_params": [{"name": "project_id", "type": "int"}],
        "optional_params": [{"name": "state", "enum": ["open", "closed"]}]})
    assert plain(tool.description) == ("Issues. List the issues of a project, with filters and state. project_id: "
                                       "the project")
    assert hit_line(tool) == "List Issues(project_id: integer, +1 optional): Issues. [changes data]"
    assert one_line("A " + "very " * 40 + "long line.", 30) == "A very very very very very…"
    assert param_for("statu", ["project_id", "status"]) == "status"
    assert param_for("project_id", ["id", "state"]) == "id"
    assert param_for("order_item", ["sku"]) == "order_item"


def test_an_imported_servers_nested_output_types_are_read_through_their_refs(library: dict[str, str],
                                                                             store: GraphStore) -> None:
    """book_loans returns ``list[Loan]``: the server sends ``{"result": {"items": {"$ref": "#/$defs/Loan"}}}``; the
    stored schema has the Loan fields in place, so the miner and the answer see ``member`` and ``due``."""
    rows = [r for r in store.query("fetch_tools", ids=[
        r["id"] for r in store.query("list_tool_ids") if r["id"].endswith("/book_loans")])]
    assert len(rows) == 1
    stored = rows[0]["props"]["output_schema"]
    schema = json.loads(stored) if isinstance(stored, str) else stored
    assert schema is not None and "$ref" not in json.dumps(schema) and "$defs" not in schema
    assert set(schema["properties"]["result"]["items"]["properties"]) == {"member", "due", "status"}


def test_local_refs_are_inlined_cycles_kept_and_huge_schemas_left_alone() -> None:
    from toolgraph.ingest.schema_params import MAX_INLINED_NODES, inline_refs, schema_params

    schema = {"type": "object", "properties": {"kind": {"$ref": "#/$defs/Kind", "description": "which"},
                                               "node": {"$ref": "#/$defs/Node"}},
              "required": ["kind"],
              "$defs": {"Kind": {"enum": ["home", "car"], "type": "string"},
                        "Node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/Node"}}}}}
    out = inline_refs(schema)
    assert out["properties"]["kind"] == {"enum": ["home", "car"], "type": "string", "description": "which"}
    assert out["properties"]["node"]["properties"]["next"] == {"$ref": "#/$defs/Node"}  # a cycle stays a ref
    required, _ = schema_params(out, "inputSchema")
    assert required == [{"name": "kind", "type": "string", "description": "which", "default": None,
                         "enum": ["home", "car"]}]
    wide = {"$defs": {"A": {"properties": {f"p{i}": {"type": "string"} for i in range(MAX_INLINED_NODES)}}},
            "properties": {"a": {"$ref": "#/$defs/A"}}}
    assert inline_refs(wide) is wide  # past the cap: kept as it came
    assert inline_refs({"properties": {"x": {"type": "string"}}}) == {"properties": {"x": {"type": "string"}}}
