"""``import mcp`` and the MCP executor against a real MCP server subprocess (tests/fixtures/mcp_server.py), over
stdio and streamable HTTP, on the real embedded server."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import FIXTURES, free_port, snapshot
from toolgraph.cli import main
from toolgraph.db.store import GraphStore
from toolgraph.errors import ToolCallError
from toolgraph.execute.base import ExecTool
from toolgraph.execute.mcp_tools import McpExecutor

SERVER = str(FIXTURES / "mcp_server.py")
GROUP = "mcp/film_facts"


def cli_json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["import", "mcp", "--json", *args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def load(store: GraphStore, name: str, group: str = GROUP) -> ExecTool:
    rows = store.query("tool_details", id=f"{group}/{name}")
    assert rows, f"{group}/{name} not in the graph"
    return ExecTool.from_row(rows[0])


def run(calls: Any) -> Any:
    """Run ``calls(executor)`` on a fresh executor in a fresh loop, closing its sessions after."""

    async def go() -> Any:
        executor = McpExecutor(connect_timeout_s=30)
        try:
            return await calls(executor)
        finally:
            await executor.aclose()

    return asyncio.run(go())


@pytest.fixture
def imported(store: GraphStore, env_for_cli: dict[str, str]) -> GraphStore:
    report = cli_json("--env", "TOOLGRAPH_TEST_MCP_SECRET", "--", sys.executable, SERVER)
    assert report["tools"]["created"] == 6 and report["groups"]["created"] == 1
    return store


@pytest.fixture(autouse=True)
def _secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLGRAPH_TEST_MCP_SECRET", "s3cr3t-value")


def test_stdio_server_tools_become_tools(imported: GraphStore) -> None:
    ids = {t["id"] for t in imported.query("list_group_tools", group_id=GROUP)}
    assert ids == {f"{GROUP}/{n}" for n in
                   ("search_film", "film_director", "server_pid", "env_value", "die_now", "sleep_for")}
    director = load(imported, "film_director")
    assert director.group_name == "film-facts" and director.category == "MCP" and director.source == "mcp"
    assert director.description == "The director of a film, by its exact title."
    assert [p.name for p in director.required_params] == ["title"]
    style = director.optional_params[0]
    assert style.enum == ["short", "long"] and style.default == "short"
    server = director.source_ref["server"]
    assert server == {"transport": "stdio", "command": sys.executable, "args": [SERVER], "cwd": os.getcwd(),
                      "env": ["TOOLGRAPH_TEST_MCP_SECRET"]}
    assert director.source_ref["tool"] == "film_director" and director.mutating  # no readOnlyHint
    assert not load(imported, "server_pid").mutating
    assert load(imported, "search_film").optional_params[0].type == "integer"
    assert "s3cr3t-value" not in json.dumps(snapshot(imported))  # env names only, never values


def test_reimport_writes_nothing(imported: GraphStore) -> None:
    before = snapshot(imported)
    report = cli_json("--env", "TOOLGRAPH_TEST_MCP_SECRET", "--", sys.executable, SERVER)
    assert report["tools"]["unchanged"] == 6 and report["tools"]["created"] == report["tools"]["updated"] == 0
    assert snapshot(imported) == before


def test_calls_share_one_session_and_get_values(imported: GraphStore) -> None:
    search, director, pid, env = (load(imported, n) for n in ("search_film", "film_director", "server_pid",
                                                              "env_value"))

    async def calls(ex: McpExecutor) -> tuple[Any, ...]:
        films = await ex.call(search, {"query": "tit"}, timeout_s=10)
        pids = await asyncio.gather(*(ex.call(pid, {}, timeout_s=10) for _ in range(4)))
        long = await ex.call(director, {"title": "Alien", "style": "long"}, timeout_s=10)
        secret = await ex.call(env, {"name": "TOOLGRAPH_TEST_MCP_SECRET"}, timeout_s=10)
        return films, {p.value for p in pids}, long, secret

    films, pids, long, secret = run(calls)
    assert films.value == [{"title": "Titanic", "year": 1997, "director": "James Cameron"}]
    assert films.meta["tool"] == "search_film" and films.raw_size > 0
    assert len(pids) == 1  # one server process served every call of the run
    assert long.value == "Alien was directed by Ridley Scott"
    assert secret.value == "***"  # passed from this process's environment at start, and masked when echoed


def test_an_error_result_becomes_a_tool_call_error(imported: GraphStore) -> None:
    director = load(imported, "film_director")
    with pytest.raises(ToolCallError, match="no film titled 'Nope'") as info:
        run(lambda ex: ex.call(director, {"title": "Nope"}, timeout_s=10))
    assert not info.value.retryable


def test_a_server_that_dies_mid_call_is_retryable_and_restarted(imported: GraphStore) -> None:
    die, pid = load(imported, "die_now"), load(imported, "server_pid")

    async def calls(ex: McpExecutor) -> tuple[int, ToolCallError, int]:
        first = (await ex.call(pid, {}, timeout_s=10)).value
        try:
            await ex.call(die, {}, timeout_s=10)
        except ToolCallError as exc:
            error = exc
        else:
            raise AssertionError("die_now returned")
        second = (await ex.call(pid, {}, timeout_s=10)).value
        return first, error, second

    started = time.monotonic()
    first, error, second = run(calls)
    assert error.retryable and "went away during the call" in str(error) and "mcp/film_facts/die_now" in str(error)
    assert first != second  # the next call started the server again
    assert time.monotonic() - started < 30


def test_a_hanging_call_times_out(imported: GraphStore) -> None:
    sleepy = load(imported, "sleep_for")
    started = time.monotonic()
    with pytest.raises(ToolCallError, match="timed out after 0.5 s") as info:
        run(lambda ex: ex.call(sleepy, {"seconds": 5}, timeout_s=0.5))
    assert info.value.retryable and time.monotonic() - started < 15


def test_a_relative_command_runs_from_the_recorded_folder(store: GraphStore, env_for_cli: dict[str, str],
                                                         monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    monkeypatch.chdir(FIXTURES)
    cli_json("--group", "rel", "--", sys.executable, "mcp_server.py")
    monkeypatch.chdir(tmp_path)  # a run from elsewhere still finds mcp_server.py
    tool = load(store, "server_pid", group="mcp/rel")
    assert tool.source_ref["server"]["cwd"] == str(FIXTURES)
    assert isinstance(run(lambda ex: ex.call(tool, {}, timeout_s=10)).value, int)


def test_a_server_that_cannot_start_is_a_clear_error(imported: GraphStore) -> None:
    broken = load(imported, "server_pid").model_copy(update={"source_ref": {
        "server": {"transport": "stdio", "command": "/nonexistent/mcp-server"}, "tool": "server_pid"}})
    with pytest.raises(ToolCallError, match="cannot reach server '/nonexistent/mcp-server'"):
        run(lambda ex: ex.call(broken, {}, timeout_s=5))


@pytest.mark.parametrize(("args", "words"), [
    (["--", "/nonexistent/mcp-server"], "cannot list its tools"),
    ([], "give either a server command"),
    (["--url", "http://user:pw@127.0.0.1:1/mcp"], "credentials"),
    (["--url", "ftp://x"], "not an http(s) URL"),
    (["--env", "TOOLGRAPH_TEST_UNSET_VAR", "--", sys.executable, SERVER], "TOOLGRAPH_TEST_UNSET_VAR, which is unset"),
    (["--timeout", "1", "--", sys.executable, "-c", "import time; time.sleep(30)"], "within 1 s"),
])
def test_bad_servers_are_rejected_and_nothing_is_written(store: GraphStore, env_for_cli: dict[str, str],
                                                         args: list[str], words: str) -> None:
    result = CliRunner().invoke(main, ["import", "mcp", *args])
    assert result.exit_code != 0 and words in result.output, result.output
    assert snapshot(store) == ([], [])


@pytest.fixture
def http_server() -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, SERVER, "--http", str(port)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        else:
            raise AssertionError("the MCP HTTP server did not start")
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(10)


def test_streamable_http_server_import_and_call(store: GraphStore, env_for_cli: dict[str, str],
                                                http_server: str) -> None:
    report = cli_json("--url", http_server, "--category", "Films")
    assert report["tools"]["created"] == 6
    director = load(store, "film_director", group="films/film_facts")
    assert director.source_ref["server"] == {"transport": "http", "url": http_server}
    result = run(lambda ex: ex.call(director, {"title": "Titanic"}, timeout_s=10))
    assert result.value == "James Cameron"


def test_a_tool_with_an_unusable_input_schema_rejects_the_import(store: GraphStore) -> None:
    from mcp_types import Tool

    from toolgraph.errors import ImportRejectedError
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.mcp_tools import read_mcp_listing
    from toolgraph.ingest.writer import write_batch
    from toolgraph.mcp_client import ServerRef

    ref = ServerRef.http("http://127.0.0.1:1/mcp")
    tools = [Tool(name="fine", input_schema={"type": "object", "properties": {}}),
             Tool(name="bad", input_schema={"type": "object", "properties": {"a": {}}, "required": ["b"]})]
    batch = read_mcp_listing(ref, "srv", "", tools, ImportBatch("mcp"))
    with pytest.raises(ImportRejectedError) as info:
        write_batch(store, batch)
    problem = info.value.report.rejected[0]
    assert problem.file == "mcp server http://127.0.0.1:1/mcp" and problem.record == "tools[1] bad"
    assert problem.field == "inputSchema.required" and "'b'" in problem.message
    assert snapshot(store) == ([], [])


def test_a_request_runs_end_to_end_on_mcp_tools(imported: GraphStore) -> None:
    from toolgraph.execute import RunConfig, run_request
    from toolgraph.execute.extra import extra_executors

    result = run_request(imported, 'Search the film "Titanic"', executors=extra_executors(store=imported),
                         config=RunConfig(run_timeout_s=60))
    ok = [c for c in result.calls if c.status == "ok"]
    assert ok and ok[0].tool == f"{GROUP}/search_film" and ok[0].executor == "mcp", result.calls
    assert "James Cameron" in result.answer.text


def test_hostile_names_from_a_server_stay_data(store: GraphStore) -> None:
    from mcp_types import Tool

    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.mcp_tools import read_mcp_listing
    from toolgraph.ingest.writer import write_batch
    from toolgraph.mcp_client import ServerRef

    hostile = "'}) MATCH (n) DETACH DELETE n //"
    tools = [Tool(name=hostile, description="<script>alert('x')</script>\x00\x1b[31m",
                  input_schema={"type": "object", "properties": {"$id} RETURN 1": {"type": "string"}}})]
    report = write_batch(store, read_mcp_listing(ServerRef.http("http://127.0.0.1:1/mcp"), hostile, "", tools,
                                                 ImportBatch("mcp")))
    assert report.counts["tools"].created == 1
    tool_id = "mcp/match_n_detach_delete_n/match_n_detach_delete_n"
    tool = ExecTool.from_row(store.query("tool_details", id=tool_id)[0])
    assert tool.name == hostile and tool.function_name == hostile and tool.source_ref["tool"] == hostile
    assert tool.description == "<script>alert('x')</script>[31m"  # control characters stripped, text kept as data
    assert tool.optional_params[0].name == "$id} RETURN 1"
