"""``import python`` and the Python executor: the example film tools, imported into the real embedded server and
called through :class:`PythonExecutor` (real threads, a real local HTTP server for the injected client)."""

from __future__ import annotations

import asyncio
import http.server
import json
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import ON_BOTH_BACKENDS, ROOT, snapshot
from toolgraph.cli import main
from toolgraph.db.store import GraphStore
from toolgraph.errors import ArgumentError, InputFileError, ToolCallError
from toolgraph.execute.base import ExecTool
from toolgraph.execute.python_tools import PythonExecutor
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.python_tools import read_python
from toolgraph.ingest.writer import write_batch

GROUP = "python/toolgraph_examples_films"


def load(store: GraphStore, tool_id: str) -> ExecTool:
    rows = store.query("tool_details", id=tool_id)
    assert rows, f"{tool_id} not in the graph"
    return ExecTool.from_row(rows[0])


def call(executor: PythonExecutor, tool: ExecTool, timeout_s: float = 5.0, **arguments: object) -> object:
    async def go() -> object:
        try:
            return (await executor.call(tool, arguments, timeout_s=timeout_s)).value
        finally:
            await executor.aclose()

    return asyncio.run(go())


@pytest.fixture
def films(store: GraphStore) -> GraphStore:
    report = write_batch(store, read_python("toolgraph.examples.films", ImportBatch("python")))
    assert not report.rejected
    return store


def test_public_functions_become_tools_with_schema_from_hints_and_docstrings(films: GraphStore) -> None:
    ids = {t["id"] for t in films.query("list_group_tools", group_id=GROUP)}
    assert ids == {f"{GROUP}/{name}" for name in
                   ("search_movie", "movie_credits", "movie_director", "count_tools", "fetch_status", "slow_answer")}
    search = load(films, f"{GROUP}/search_movie")
    assert search.description == "Find films whose title contains the query."
    assert search.category == "Python" and search.group_name == "toolgraph.examples.films"
    assert [(p.name, p.type, p.description) for p in search.required_params] == [
        ("query", "string", "words of the title, e.g. Titanic.")]
    year, limit = search.optional_params
    assert (year.type, year.default, limit.type, limit.default) == ("integer", None, "integer", 5)
    assert search.source == "python" and search.source_ref["module"] == "toolgraph.examples.films"
    assert search.source_ref["qualname"] == "search_movie"
    assert search.output_schema == {"type": "array", "items": {"type": "object", "properties": {
        "id": {"type": "integer"}, "title": {"type": "string"}, "year": {"type": "integer"}}}}
    credits = load(films, f"{GROUP}/movie_credits")  # NumPy style, Literal enum
    assert credits.required_params[0].description == "The film's id, as search_movie gives it."
    assert credits.optional_params[0].enum == ["cast", "crew", "all"]
    director = load(films, f"{GROUP}/movie_director")  # reST style, async
    assert director.required_params[0].description == "the film's id." and director.source_ref["async"] is True
    count = load(films, f"{GROUP}/count_tools")  # the store is injected, never in the schema
    assert [p.name for p in count.params] == ["category"] and count.source_ref["inject"] == {"store": "graph_store"}
    fetch = load(films, f"{GROUP}/fetch_status")
    assert [p.name for p in fetch.params] == ["url"] and fetch.source_ref["inject"] == {"client": "http_client"}


@ON_BOTH_BACKENDS
def test_reimport_is_idempotent(films: GraphStore) -> None:
    before = snapshot(films)
    report = write_batch(films, read_python("toolgraph.examples.films", ImportBatch("python")))
    assert report.counts["tools"].unchanged == 6 and report.counts["tools"].created == 0
    assert snapshot(films) == before


def test_sync_async_and_injected_tools_run(films: GraphStore) -> None:
    executor = PythonExecutor(store=films)
    found = call(executor, load(films, f"{GROUP}/search_movie"), query="titanic")
    assert found == [{"id": 597, "title": "Titanic", "year": 1997}]
    credits = call(executor, load(films, f"{GROUP}/movie_credits"), movie_id=597, department="cast")
    assert credits["cast"][0] == "Leonardo DiCaprio" and "crew" not in credits
    assert call(executor, load(films, f"{GROUP}/movie_director"), movie_id=348) == "Ridley Scott"
    assert call(executor, load(films, f"{GROUP}/count_tools"), category="Python") == {"Python": 6}


@pytest.fixture
def http_url() -> Iterator[str]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            self.send_response(204 if self.path == "/empty" else 404)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()


def test_an_injected_http_client_reaches_a_real_server(films: GraphStore, http_url: str) -> None:
    tool = load(films, f"{GROUP}/fetch_status")
    assert call(PythonExecutor(), tool, url=f"{http_url}/empty") == 204


def test_faults_become_tool_call_errors(films: GraphStore) -> None:
    executor = PythonExecutor()  # no store: a tool that needs one says so
    with pytest.raises(ToolCallError, match=r"movie_credits raised KeyError: .no film with id 1"):
        call(executor, load(films, f"{GROUP}/movie_credits"), movie_id=1)
    with pytest.raises(ToolCallError, match="needs the graph store"):
        call(executor, load(films, f"{GROUP}/count_tools"))
    with pytest.raises(ArgumentError, match=r"unknown argument 'title' \(it takes: query, year, limit\)"):
        call(executor, load(films, f"{GROUP}/search_movie"), title="x")
    with pytest.raises(ArgumentError, match="missing a required argument: 'query'"):
        call(executor, load(films, f"{GROUP}/search_movie"))
    with pytest.raises(ArgumentError, match="injected service"):
        call(PythonExecutor(store=films), load(films, f"{GROUP}/count_tools"), store="x")
    started = time.monotonic()
    with pytest.raises(ToolCallError, match="timed out after 0.2 s") as info:
        call(executor, load(films, f"{GROUP}/slow_answer"), timeout_s=0.2, seconds=30.0)
    assert info.value.retryable
    assert time.monotonic() - started < 10  # the hung thread does not hold the run (or its event loop) open
    gone = load(films, f"{GROUP}/search_movie").model_copy(
        update={"source_ref": {"module": "toolgraph.examples.films", "qualname": "vanished"}})
    with pytest.raises(ToolCallError, match="has no 'vanished' any more"):
        call(executor, gone)


def test_a_class_gives_its_public_methods(store: GraphStore) -> None:
    write_batch(store, read_python("toolgraph.examples.films:Watchlist", ImportBatch("python"), category="Lists"))
    gid = "lists/toolgraph_examples_films_watchlist"
    ids = {t["id"] for t in store.query("list_group_tools", group_id=gid)}
    assert ids == {f"{gid}/add", f"{gid}/known_ids"}
    add = load(store, f"{gid}/add")
    assert [p.name for p in add.params] == ["movie_id"] and add.mutating
    assert add.group_name == "toolgraph.examples.films.Watchlist"
    assert not load(store, f"{gid}/known_ids").mutating

    async def twice() -> list[int]:
        executor = PythonExecutor()
        await executor.call(add, {"movie_id": 597}, timeout_s=5)
        return (await executor.call(add, {"movie_id": 348}, timeout_s=5)).value

    assert asyncio.run(twice()) == [597, 348]  # one instance per executor
    assert call(PythonExecutor(), load(store, f"{gid}/known_ids")) == [348, 597, 603]


@pytest.mark.parametrize(("target", "words"), [
    ("no_such_module_xyz", "cannot import"),
    ("toolgraph.examples.films:Nope", "has no attribute 'Nope'"),
    ("toolgraph.examples.films:FILMS", "neither a class nor a function"),
    ("not a module", "not a module name"),
    ("toolgraph.examples", "no public functions"),
])
def test_bad_targets_are_rejected_clearly(store: GraphStore, target: str, words: str) -> None:
    with pytest.raises(InputFileError, match=words):
        read_python(target, ImportBatch("python"))
    assert snapshot(store) == ([], [])


def test_a_module_that_fails_to_import_names_the_error(store: GraphStore, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "broken_tools_mod.py").write_text("raise RuntimeError('config missing')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(InputFileError, match="broken_tools_mod: importing it failed: RuntimeError: config missing"):
        read_python("broken_tools_mod", ImportBatch("python"))
    sys.modules.pop("broken_tools_mod", None)


def test_cli_imports_a_module_from_the_current_folder(store: GraphStore, env_for_cli: dict[str, str],
                                                     tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_cli_tools.py").write_text(
        'def greet(name: str, shout: bool = False) -> str:\n    """Say hello.\n\n    Args:\n'
        '        name: who.\n    """\n    return f"hello {name}"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    result = CliRunner().invoke(main, ["import", "python", "my_cli_tools", "--category", "Mine", "--json"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["tools"]["created"] == 1
    tool = load(store, "mine/my_cli_tools/greet")
    assert tool.required_params[0].description == "who." and tool.optional_params[0].type == "boolean"
    assert tool.source_ref["path"] == str(tmp_path)  # found in the current folder: recorded
    sys.modules.pop("my_cli_tools", None)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.chdir(ROOT)  # a run from elsewhere still imports it
    assert call(PythonExecutor(), tool, name="ann") == "hello ann"
    sys.modules.pop("my_cli_tools", None)
    bad = CliRunner().invoke(main, ["import", "python", "nope_nope_mod"])
    assert bad.exit_code == 2 and "cannot import" in bad.output



def test_extra_executors_pick_their_tools(films: GraphStore) -> None:
    from toolgraph.execute.base import Executor
    from toolgraph.execute.extra import extra_executors

    python, mcp = extra_executors(store=films)
    assert isinstance(python, Executor) and isinstance(mcp, Executor)
    assert (python.kind, mcp.kind) == ("python", "mcp")
    tool = load(films, f"{GROUP}/count_tools")
    assert python.handles(tool) and not mcp.handles(tool)
    other = tool.model_copy(update={"source": "mcp", "source_ref": {"server": {"transport": "stdio",
                                                                               "command": "x"}, "tool": "t"}})
    assert mcp.handles(other) and not python.handles(other)
    assert call(python, tool) == {"Python": 6}  # the store handed over is the one injected


def test_tools_call_runs_a_python_tool_from_the_cli(films: GraphStore, env_for_cli: dict[str, str]) -> None:
    result = CliRunner().invoke(main, ["tools", "call", f"{GROUP}/movie_credits", "--arg", "movie_id=348",
                                       "--arg", "department=crew", "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["executor"] == "python" and out["value"]["crew"] == ["Ridley Scott", "Jerry Goldsmith"]
    counted = CliRunner().invoke(main, ["tools", "call", f"{GROUP}/count_tools", "--json"], catch_exceptions=False)
    assert counted.exit_code == 0, counted.output  # the CLI hands its store to the tools that ask for it
    assert json.loads(counted.stdout)["value"] == {"Python": 6}


def test_python_tools_answer_a_two_step_request_end_to_end(films: GraphStore) -> None:
    """The output schema from the return annotation lets the resources job link search -> credits (movie_id), so
    the planner chains them and the binder feeds the found id to the second call."""
    from gds_jobs import JOBS, run_jobs
    from toolgraph.execute import RunConfig, run_request
    from toolgraph.execute.extra import extra_executors

    run_jobs(films, JOBS)
    result = run_request(films, 'Find the movie "Titanic" and show its cast and crew',
                         executors=extra_executors(store=films), config=RunConfig(run_timeout_s=30))
    assert [c.tool for c in result.calls] == [f"{GROUP}/search_movie", f"{GROUP}/movie_credits"]
    assert result.calls[1].arguments["movie_id"] == 597 and result.status == "success"
    assert "Leonardo DiCaprio" in result.answer.text
    assert films.query("tool_details", id=f"{GROUP}/movie_credits")[0]["exec_ok"] == 1


def test_records_of_any_kind_come_back_as_json_objects_at_any_depth(store: GraphStore, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A function that returns a list of dataclass records (or named tuples, enums, dates inside a dict) answers with
    objects whose fields the binder and the judge can read, not with each record's ``repr``."""
    (tmp_path / "club_records_mod.py").write_text(
        "import datetime, enum\nfrom dataclasses import dataclass\nfrom typing import NamedTuple\n\n"
        "class Kind(enum.Enum):\n    GYM = 'gym'\n\n"
        "@dataclass\nclass CheckIn:\n    checkin_id: str\n    day: datetime.date\n    kind: Kind\n\n"
        "class Slot(NamedTuple):\n    start: str\n    spaces: int\n\n"
        "def list_checkins(member_id: str) -> list[CheckIn]:\n    \"\"\"A member's check-ins.\"\"\"\n"
        "    return [CheckIn('CI-1', datetime.date(2027, 2, 2), Kind.GYM), CheckIn('CI-2', datetime.date(2027, 2, 5),"
        " Kind.GYM)]\n\n"
        "def club_day(club_id: str) -> dict:\n    \"\"\"A club's day: its slots.\"\"\"\n"
        "    return {'club_id': club_id, 'slots': (Slot('06:00', 4), Slot('18:15', 0)), 'tags': frozenset({'pool'}),"
        " 'rate': float('nan')}\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    write_batch(store, read_python("club_records_mod", ImportBatch("python"), category="Clubs"))
    gid = "clubs/club_records_mod"
    assert call(PythonExecutor(), load(store, f"{gid}/list_checkins"), member_id="MB-1") == [
        {"checkin_id": "CI-1", "day": "2027-02-02", "kind": "gym"},
        {"checkin_id": "CI-2", "day": "2027-02-05", "kind": "gym"}]
    assert call(PythonExecutor(), load(store, f"{gid}/club_day"), club_id="CL-3") == {
        "club_id": "CL-3", "slots": [{"start": "06:00", "spaces": 4}, {"start": "18:15", "spaces": 0}],
        "tags": ["pool"], "rate": None}
    sys.modules.pop("club_records_mod", None)


def test_a_name_no_lookup_finds_is_looked_up_as_another_kind_of_thing(store: GraphStore, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The first plan looks "henrietta calloway" up among the boats (the request calls her a boat) and finds
    nothing: a second plan, without that lookup, finds her among the owners and answers; only the run that stands
    is stored and teaches. Asked of "henrietta calloway's boat", she has a boat, so is none: the owners at once."""
    from gds_jobs import JOBS, run_jobs
    from toolgraph.execute import RunConfig, run_request
    from toolgraph.execute.extra import extra_executors

    (tmp_path / "berth_owners_mod.py").write_text(
        "from typing import TypedDict\n\n"
        "class BoatHit(TypedDict):\n    boat_id: str\n    name: str\n\n"
        "class OwnerHit(TypedDict):\n    owner_id: str\n    name: str\n\n"
        "class Owner(TypedDict):\n    owner_id: str\n    name: str\n    email: str\n    berth: str\n\n"
        "def find_boats(query: str) -> list[BoatHit]:\n    \"\"\"Find boats by name; each boat's berth.\"\"\"\n"
        "    return [b for b in [{'boat_id': 'BT-1', 'name': 'Kittiwake'}] if query.lower() in b['name'].lower()]\n\n"
        "def find_owners(query: str) -> list[OwnerHit]:\n    \"\"\"Find boat owners by name.\"\"\"\n"
        "    return [o for o in [{'owner_id': 'OW-7', 'name': 'Henrietta Calloway'}]"
        " if query.lower() in o['name'].lower()]\n\n"
        "def get_owner(owner_id: str) -> Owner:\n    \"\"\"An owner's record: email and the berth of their boat.\"\"\"\n"
        "    return {'owner_id': owner_id, 'name': 'Henrietta Calloway', 'email': 'hc@example.org', 'berth': 'B-14'}\n",
        encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    write_batch(store, read_python("berth_owners_mod", ImportBatch("python"), category="Marina"))
    run_jobs(store, JOBS)
    gid = "marina/berth_owners_mod"
    result = run_request(store, "which berth is the boat henrietta calloway on?", executors=extra_executors(store=store),
                         config=RunConfig(run_timeout_s=30))
    assert result.status == "success", result.reasons
    assert result.usage["second_look"]["passed_over"] == [f"{gid}/find_boats"]
    assert [c.tool for c in result.calls] == [f"{gid}/find_owners", f"{gid}/get_owner"] and "B-14" in result.answer.text
    runs = store.query("list_runs", limit=10)
    assert [r["id"] for r in runs] == [result.id]  # the first run was neither stored nor taught
    owned = run_request(store, "which berth is henrietta calloway's boat on?", executors=extra_executors(store=store),
                        config=RunConfig(run_timeout_s=30, learn=False, save=False))
    assert owned.status == "success" and "second_look" not in owned.usage
    assert [c.tool for c in owned.calls] == [f"{gid}/find_owners", f"{gid}/get_owner"]
    sys.modules.pop("berth_owners_mod", None)


def test_a_parameter_documented_inline_in_the_prose_gets_its_description(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """"vessel: registration; date_from/date_to inclusive": no Args section, the prose says what vessel takes."""
    (tmp_path / "inline_docs_fishery.py").write_text(
        'def list_inspections(vessel: str | None = None, date_from: str | None = None) -> list:\n'
        '    """Fishery inspections, newest first. vessel: registration; date_from/date_to inclusive.\n'
        '    """\n    return []\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    batch = read_python("inline_docs_fishery", ImportBatch("python"))
    (tool,) = batch.tools.values()
    described = {p.name: p.description for p in tool.optional_params}
    assert described == {"vessel": "registration", "date_from": ""}
