"""Security of running tools (issue 22), each finding against real things: real local HTTP services on loopback
that record what reaches them, the real HTTP executor and runner, the real embedded server, and the web app through
Flask's test client.

- a group's credentials are bound to an origin (scheme, host, port): a registry tool elsewhere is refused;
- a redirect to another origin drops them; a secret a service echoes is masked wherever it is kept or shown;
- the call timeout reaches the HTTP client; deeply nested JSON is a failed call like any other;
- path and header parameters cannot change the path or set credentials;
- what anonymous users may do is an operator setting (``TOOLGRAPH_WEB_LOGIN_TO_RUN``).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.exec_helpers import GROUP, JsonHandler, http_tools, make_plan, serving
from toolgraph.config import ExecGroup, ExecSettings, Settings, WebSettings
from toolgraph.db.store import GraphStore
from toolgraph.errors import ToolCallError
from toolgraph.execute import RunConfig, execute_plan
from toolgraph.execute.http import HttpExecutor
from toolgraph.execute.runner import load_tool
from web import create_app
from web.users import create_user

SECRET = "sk-live-0123456789abcdef"
KEY = "key-9f8e7d6c5b4a"
CREDENTIALS = {"Authorization": f"Bearer {SECRET}", "X-Api-Key": KEY}
FAST = RunConfig(call_timeout_s=3.0, run_timeout_s=20.0, retries=0, backoff_s=0.05, substitutes=0, replans=0)
PASSWORD = "correct horse battery"


@dataclass
class Seen:
    """What a recording service received: one (method, path, headers (lower-case names), body) per request."""

    requests: list[tuple[str, str, dict[str, str], bytes]] = field(default_factory=list)

    def with_credentials(self) -> list[tuple[str, str]]:
        return [(m, p) for m, p, h, _ in self.requests
                if SECRET in h.get("authorization", "") or h.get("x-api-key") == KEY]

    def paths(self) -> list[str]:
        return [p for _, p, _, _ in self.requests]


@contextmanager
def recording_service() -> Iterator[tuple[str, Seen]]:
    """(base URL, what it saw) of a loopback service:

    /echo       answers the request's headers back (a service that echoes a key)
    /fail       HTTP 400 whose text holds the Authorization header
    /redirect   ?to=URL&code=302|307|308 redirects there
    /slow       answers after 6 s
    /deep       JSON nested 100,000 levels deep
    /nan        a JSON body with a bare NaN
    anything else: {"ok": true, "path": ...}"""
    seen = Seen()

    class Handler(JsonHandler):
        def _handle(self) -> None:
            parts = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(parts.query).items()}
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            headers = {k.lower(): v for k, v in self.headers.items()}
            seen.requests.append((self.command, parts.path, headers, body))
            path = parts.path
            if path == "/echo":
                return self._send(200, {"you_sent": headers, "note": f"your key is {headers.get('x-api-key')}"})
            if path == "/fail":
                return self._send(400, {"error": f"bad token {headers.get('authorization')}"})
            if path == "/redirect":
                return self._send(int(query.get("code", "302")), {}, {"Location": query["to"]})
            if path == "/slow":
                time.sleep(6)
                return self._send(200, {"late": True})
            if path == "/deep":
                return self._send(200, b"[" * 100_000 + b"]" * 100_000)
            if path == "/nan":
                return self._send(200, b'{"price": NaN, "name": "lamp"}')
            return self._send(200, {"ok": True, "path": path, "method": self.command,
                                    "body": json.loads(body) if body else None})

        do_GET = do_POST = do_PUT = _handle  # noqa: N815


    with serving(Handler) as base:
        yield base, seen


@pytest.fixture
def api() -> Iterator[tuple[str, Seen]]:
    """The group's own API."""
    with recording_service() as s:
        yield s


@pytest.fixture
def other() -> Iterator[tuple[str, Seen]]:
    """Another origin: same host (127.0.0.1), another port (an editor's server)."""
    with recording_service() as s:
        yield s


def executor(**group: Any) -> HttpExecutor:
    return HttpExecutor({GROUP: ExecGroup(allow_private=True, headers=CREDENTIALS, **group)})


def call(store: GraphStore, ex: HttpExecutor, key: str, arguments: dict[str, Any] | None = None,
         timeout_s: float = 5.0) -> Any:
    tool = load_tool(store, f"{GROUP}/{key}")
    assert tool is not None
    return asyncio.run(ex.call(tool, arguments or {}, timeout_s=timeout_s))


def register(store: GraphStore, url: str, name: str = "Movie Gossip") -> str:
    """A tool added through the registry's own code path (as ``POST /api/tools`` does) into group c/faults."""
    from web.registry import register_tool

    data = {"category": "C", "group": "faults", "name": name, "method": "GET", "url": url,
            "description": "Celebrity gossip about a movie star"}
    return register_tool(store, data, "ann", lambda: None)["id"]


# -- HIGH: credentials bound to an origin ------------------------------------------------------------------------------
def test_a_registry_tool_on_another_port_never_gets_the_group_credentials(store, api, other) -> None:
    base, seen = api
    evil, evil_seen = other
    http_tools(store, base, {"ok": {"path": "/ok"}})
    tool_id = register(store, evil + "/gossip")
    for group in ({"base_url": base}, {}):  # with a base URL (host names matched before) and without one
        ex = executor(**group)
        assert call(store, ex, "ok").value["ok"] is True
        with pytest.raises(ToolCallError, match="not the origin its group's credentials are bound to"):
            asyncio.run(ex.call(load_tool(store, tool_id), {}, timeout_s=5))
    assert evil_seen.requests == []  # refused before anything was sent
    assert seen.with_credentials() == [("GET", "/ok"), ("GET", "/ok")]


def test_credentials_follow_scheme_host_and_port_not_the_host_name(store, api) -> None:
    base, seen = api
    http_tools(store, base, {"ok": {"path": "/ok"}})
    port = urlsplit(base).port
    # the same host over https, and over another port: neither is the base URL's origin
    for base_url in (f"https://127.0.0.1:{port}", "http://127.0.0.1:1"):
        tool = load_tool(store, f"{GROUP}/ok").model_copy(update={"source": "user", "source_ref": {}})
        with pytest.raises(ToolCallError, match="credentials are bound to"):
            asyncio.run(executor(base_url=base_url).call(tool, {}, timeout_s=5))
    assert seen.requests == []
    # an origin listed in credential_origins takes them
    tool = load_tool(store, f"{GROUP}/ok").model_copy(update={"source": "user", "source_ref": {}})
    asyncio.run(executor(base_url="http://127.0.0.1:1", credential_origins=[base]).call(tool, {}, timeout_s=5))
    assert seen.with_credentials() == [("GET", "/ok")]


def test_a_group_without_credentials_still_runs_a_registry_tool(store, other) -> None:
    evil, seen = other
    tool_id = register(store, evil + "/gossip")
    ex = HttpExecutor({GROUP: ExecGroup(allow_private=True)})
    assert asyncio.run(ex.call(load_tool(store, tool_id), {}, timeout_s=5)).value["ok"] is True
    assert seen.paths() == ["/gossip"]


# -- web: an anonymous user asks for the editor's tool on /api/qa ---------------------------------------------------------
def qa_app(store: GraphStore, tmp_path: Path, base: str, **web: Any) -> Flask:
    groups = {GROUP: ExecGroup(base_url=base, allow_private=True, headers=CREDENTIALS)}
    settings = Settings(home=tmp_path, web=WebSettings(**web), exec=ExecSettings(groups=groups, call_timeout_s=5))
    return create_app(settings, store=store, embedder=None, llm=None,
                      config={"TESTING": True, "SECRET_KEY": "test-secret"})


def csrf(client: FlaskClient) -> dict[str, str]:
    return {"X-CSRFToken": client.get("/api/session").get_json()["csrf_token"]}


def login(client: FlaskClient, name: str) -> dict[str, str]:
    r = client.post("/api/login", json={"name": name, "password": PASSWORD}, headers=csrf(client))
    assert r.status_code == 200, r.get_json()
    return {"X-CSRFToken": r.get_json()["csrf_token"]}


def ask(client: FlaskClient, query: str, headers: dict[str, str] | None = None, seconds: float = 60) -> dict[str, Any]:
    r = client.post("/api/qa", json={"query": query}, headers=headers or csrf(client))
    assert r.status_code == 202, r.get_json()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        job = client.get(r.get_json()["poll"]).get_json()
        if job["finished"]:
            return job
        time.sleep(0.1)
    raise AssertionError(f"the question did not finish: {job}")


def test_an_anonymous_question_never_sends_the_group_credentials_to_an_editors_server(store, tmp_path, api,
                                                                                      other) -> None:
    base, _ = api
    evil, evil_seen = other
    http_tools(store, base, {"ok": {"path": "/ok", "description": "weather report for a city"}})
    create_user(store, "ann", PASSWORD, "editor")
    client = qa_app(store, tmp_path, base).test_client()
    r = client.post("/api/tools", headers=login(client, "ann"), json={
        "category": "C", "group": "faults", "name": "Movie Gossip", "method": "GET", "url": evil + "/gossip",
        "description": "Celebrity gossip about a movie star"})
    assert r.status_code == 201, r.get_json()
    anonymous = qa_app(store, tmp_path, base).test_client()
    job = ask(anonymous, "celebrity gossip about a movie star")
    assert [c["tool"] for c in job["calls"]] == [r.get_json()["id"]]
    assert job["calls"][0]["status"] == "failed" and "credentials are bound to" in job["calls"][0]["error"]
    assert evil_seen.with_credentials() == [] and evil_seen.requests == []


# -- MEDIUM: redirects ------------------------------------------------------------------------------------------------
def test_a_redirect_to_another_origin_drops_the_credentials(store, api, other) -> None:
    base, seen = api
    elsewhere, elsewhere_seen = other
    http_tools(store, base, {
        "away": {"path": "/redirect", "required": [("to", "string", "query")]},
        "post": {"path": "/redirect", "method": "POST",
                 "required": [("to", "string", "query"), ("code", "integer", "query"), ("item", "string", "body")]}})
    ex = executor(base_url=base, allow_hosts=["127.0.0.1"])
    assert call(store, ex, "away", {"to": elsewhere + "/landing"}).value["path"] == "/landing"
    assert call(store, ex, "away", {"to": base + "/home"}).value["path"] == "/home"  # same origin: kept
    for code in (307, 308):  # the body goes on, without the credentials
        value = call(store, ex, "post", {"to": elsewhere + "/moved", "code": code, "item": "lamp"}).value
        assert value == {"ok": True, "path": "/moved", "method": "POST", "body": {"item": "lamp"}}
    assert elsewhere_seen.paths() == ["/landing", "/moved", "/moved"] and elsewhere_seen.with_credentials() == []
    assert ("GET", "/home") in seen.with_credentials()


# -- MEDIUM: secrets echoed back are masked -----------------------------------------------------------------------------
def test_secrets_a_service_echoes_are_masked_in_results_errors_and_the_stored_run(store, api) -> None:
    base, _ = api
    http_tools(store, base, {"echo": {"path": "/echo"}, "fail": {"path": "/fail"}})
    ex = executor(base_url=base)
    value = call(store, ex, "echo").value
    assert value["you_sent"]["authorization"] == "***" and value["note"] == "your key is ***"
    with pytest.raises(ToolCallError) as caught:
        call(store, ex, "fail")
    assert SECRET not in str(caught.value) and "bad token ***" in str(caught.value)
    result = asyncio.run(execute_plan(store, make_plan("echo", [["echo", "fail"]]), executors=[ex], config=FAST))
    dumped = result.model_dump_json()
    assert SECRET not in dumped and KEY not in dumped and "***" in dumped
    assert {c.status for c in result.calls} == {"ok", "failed"}
    stored = json.dumps(store.query("get_run", id=result.id), default=str)
    assert stored != "[]" and SECRET not in stored and KEY not in stored


def test_run_trace_and_anonymous_api_runs_show_no_echoed_secret(store, tmp_path, api, env_for_cli,
                                                                monkeypatch) -> None:
    from click.testing import CliRunner

    from toolgraph.cli import main

    base, _ = api
    http_tools(store, base, {"echo": {"path": "/echo", "description": "echo the request headers back"}})
    monkeypatch.setenv("TOOLGRAPH_EXEC_GROUPS", json.dumps(
        {GROUP: {"base_url": base, "allow_private": True, "headers": CREDENTIALS}}))
    out = CliRunner().invoke(main, ["run", "echo the request headers back", "--no-llm", "--trace"])
    assert out.exit_code == 0, out.output
    assert "you_sent" in out.output and SECRET not in out.output and KEY not in out.output
    run_id = out.output.split("\nrun ", 1)[1].split(":", 1)[0]
    anonymous = qa_app(store, tmp_path, base).test_client()
    shown = anonymous.get(f"/api/runs/{run_id}")
    assert shown.status_code == 200 and "you_sent" in shown.get_data(as_text=True)
    assert SECRET not in shown.get_data(as_text=True) and KEY not in shown.get_data(as_text=True)
    job = ask(anonymous, "echo the request headers back")
    assert job["status"] == "done" and SECRET not in json.dumps(job) and KEY not in json.dumps(job)


# -- MEDIUM: the call timeout reaches the HTTP client ---------------------------------------------------------------------
def test_a_call_timeout_above_five_seconds_is_honoured(store, api) -> None:
    base, _ = api
    http_tools(store, base, {"slow": {"path": "/slow"}})
    started = time.monotonic()
    assert call(store, executor(base_url=base), "slow", timeout_s=10).value == {"late": True}
    assert 5.9 <= time.monotonic() - started < 10


# -- MEDIUM: deeply nested JSON -----------------------------------------------------------------------------------------
def test_deeply_nested_json_is_a_failed_call_counted_and_substituted(store, api) -> None:
    base, _ = api
    http_tools(store, base, {"deep": {"path": "/deep", "description": "price of an item"},
                             "ok": {"path": "/ok", "description": "price of an item"}})
    asked: list[str] = []

    def replan(text: str, avoid: set[str]) -> list[str]:
        asked.append(text)
        return [f"{GROUP}/ok"]

    config = RunConfig(call_timeout_s=5.0, run_timeout_s=20.0, retries=0, substitutes=0, replans=1)
    result = asyncio.run(execute_plan(store, make_plan("price", [["deep"]]), executors=[executor(base_url=base)],
                                      config=config, replan=replan))
    deep = result.calls[0]
    assert "nested too deeply" in deep.error and deep.attempts == 2  # one failed try, one re-planned call
    assert asked and deep.status == "ok" and deep.tool == f"{GROUP}/ok"  # re-planned as for any failure
    counts = {r["id"].rsplit("/", 1)[1]: (r["ok"], r["failed"]) for r in result.learned["outcomes"]}
    assert counts["deep"] == (0, 1)
    alone = asyncio.run(execute_plan(store, make_plan("price", [["deep"]]), executors=[executor(base_url=base)],
                                     config=FAST))
    assert alone.calls[0].status == "failed" and "nested too deeply" in alone.calls[0].error
    assert alone.usage["failed"] == 1 and alone.usage["skipped"] == 0


def test_deep_values_from_any_executor_fail_the_call(store) -> None:
    from toolgraph.execute.base import CallResult

    class Deep:
        kind = "python"

        def handles(self, tool: Any) -> bool:
            return True

        async def call(self, tool: Any, arguments: dict[str, Any], *, timeout_s: float) -> CallResult:
            value: Any = []
            for _ in range(5000):
                value = [value]
            return CallResult(value=value)

    http_tools(store, "http://127.0.0.1:9", {"deep": {"path": "/deep"}})
    result = asyncio.run(execute_plan(store, make_plan("x", [["deep"]]), executors=[Deep()], config=FAST))
    assert result.calls[0].status == "failed" and "nested too deeply" in result.calls[0].error
    assert result.usage["failed"] == 1


# -- LOW: path and header parameters ----------------------------------------------------------------------------------
def test_a_path_parameter_cannot_climb_and_a_header_parameter_cannot_set_credentials(store, api) -> None:
    base, seen = api
    http_tools(store, base, {
        "item": {"path": "/items/{item_id}/detail", "required": [("item_id", "string", "path")]},
        "hdr": {"path": "/ok", "required": [("authorization", "string", "header")]},
        "key": {"path": "/ok", "required": [("x-api-key", "string", "header")]}})
    ex = executor(base_url=base)
    for value in ("..", ".", ""):
        with pytest.raises(ToolCallError, match="would change the path"):
            call(store, ex, "item", {"item_id": value})
    assert call(store, ex, "item", {"item_id": "../admin"}).value["path"] == "/items/..%2Fadmin/detail"
    with pytest.raises(ToolCallError, match="never set credential headers"):
        call(store, ex, "hdr", {"authorization": "Bearer attacker"})
    with pytest.raises(ToolCallError, match="never set credential headers"):
        call(store, ex, "key", {"x-api-key": "attacker"})
    assert seen.paths() == ["/items/..%2Fadmin/detail"]
    assert all(h.get("authorization") == f"Bearer {SECRET}" for _, _, h, _ in seen.requests)


# -- LOW: MCP servers' secrets and error texts --------------------------------------------------------------------------
def test_a_refused_url_with_a_password_never_echoes_it(store, env_for_cli) -> None:
    from click.testing import CliRunner

    from toolgraph.cli import main
    from toolgraph.errors import ConfigError
    from toolgraph.mcp_client import ServerRef

    with pytest.raises(ConfigError, match="credentials") as caught:
        ServerRef.http("http://ann:hunter2-pass@127.0.0.1:1/mcp")
    assert "hunter2-pass" not in str(caught.value)
    out = CliRunner().invoke(main, ["import", "mcp", "--url", "http://ann:hunter2-pass@127.0.0.1:1/mcp"])
    assert out.exit_code != 0 and "credentials" in out.output and "hunter2-pass" not in out.output


def test_secrets_in_mcp_server_arguments_and_urls_are_not_stored_or_shown(store, env_for_cli, monkeypatch) -> None:
    import sys

    from tests.test_mcp_tools import SERVER, cli_json, load
    from tests.test_mcp_tools import run as mcp_run
    from toolgraph.mcp_client import ServerRef

    ref = ServerRef.http("http://127.0.0.1:1/mcp?api_key=abc123secret&page=2")
    assert "abc123secret" not in ref.label() and "abc123secret" not in json.dumps(ref.stored())
    assert ref.stored()["url"] == "http://127.0.0.1:1/mcp?api_key=***&page=2"
    report = cli_json("--group", "literal", "--", sys.executable, SERVER, "--token", "tok-literal-secret",
                      "--api-key=key-literal-secret")
    assert any("${NAME}" in note for note in report["notes"])
    graph = json.dumps(store.query("export_nodes"), default=str)
    assert "tok-literal-secret" not in graph and "key-literal-secret" not in graph
    tool = load(store, "server_pid", group="mcp/literal")
    assert tool.source_ref["server"]["args"][-3:] == ["--token", "***", "--api-key=***"]
    with pytest.raises(ToolCallError, match="stored with a secret masked out") as caught:
        mcp_run(lambda ex: ex.call(tool, {}, timeout_s=10))
    assert "tok-literal-secret" not in str(caught.value)
    # the way to pass one: ${NAME}, read from the environment when the server starts, masked when echoed
    monkeypatch.setenv("TOOLGRAPH_TEST_MCP_TOKEN", "tok-from-env-123")
    monkeypatch.setenv("TOOLGRAPH_TEST_MCP_SECRET", "s3cr3t-value")
    cli_json("--group", "placeholder", "--env", "TOOLGRAPH_TEST_MCP_SECRET", "--", sys.executable, SERVER, "--token",
             "${TOOLGRAPH_TEST_MCP_TOKEN}")
    tool = load(store, "env_value", group="mcp/placeholder")
    assert tool.source_ref["server"]["args"][-1] == "${TOOLGRAPH_TEST_MCP_TOKEN}"
    value = mcp_run(lambda ex: ex.call(tool, {"name": "TOOLGRAPH_TEST_MCP_SECRET"}, timeout_s=10)).value
    assert value == "***"  # the server got the environment's secret; the echo is masked
    monkeypatch.delenv("TOOLGRAPH_TEST_MCP_TOKEN")
    with pytest.raises(ToolCallError, match="TOOLGRAPH_TEST_MCP_TOKEN"):
        mcp_run(lambda ex: ex.call(tool, {"name": "x"}, timeout_s=10))


def test_mcp_error_texts_do_not_echo_a_whole_large_input(store, env_for_cli) -> None:
    import sys

    from tests.test_mcp_tools import SERVER, cli_json, load
    from tests.test_mcp_tools import run as mcp_run

    cli_json("--", sys.executable, SERVER)
    director = load(store, "film_director")
    with pytest.raises(ToolCallError, match="no film titled") as caught:
        mcp_run(lambda ex: ex.call(director, {"title": "x" * 1_000_000}, timeout_s=30))
    assert len(str(caught.value)) < 2000 and "characters in all" in str(caught.value)


def test_navigation_errors_do_not_echo_a_whole_large_input(store) -> None:
    from toolgraph.integrations.navigate import NavigationError, Navigator

    http_tools(store, "http://127.0.0.1:9", {"ok": {"path": "/ok"}})
    navigator = Navigator(store)
    for call_it in (lambda: navigator.get_tool("x" * 1_000_000),
                    lambda: navigator.search("weather", method="m" * 1_000_000),
                    lambda: navigator.search("weather", method="keyword", category="c" * 1_000_000)):
        with pytest.raises(NavigationError) as caught:
            call_it()
        assert len(str(caught.value)) < 1000 and "1000000 characters" in str(caught.value)


# -- LOW: --json output is JSON; an empty OpenAI list writes nothing ---------------------------------------------------
def test_tools_call_json_prints_null_for_nan(store, api, env_for_cli, monkeypatch) -> None:
    from click.testing import CliRunner

    from toolgraph.cli import main

    base, _ = api
    http_tools(store, base, {"nan": {"path": "/nan"}})
    monkeypatch.setenv("TOOLGRAPH_EXEC_GROUPS", json.dumps({GROUP: {"base_url": base, "allow_private": True}}))
    out = CliRunner().invoke(main, ["tools", "call", f"{GROUP}/nan", "--json"])
    assert out.exit_code == 0, out.output
    assert "NaN" not in out.stdout
    assert json.loads(out.stdout, parse_constant=lambda c: pytest.fail(f"not JSON: {c}"))["value"] == {
        "price": None, "name": "lamp"}


def test_an_empty_openai_tools_list_is_a_clear_error_and_writes_nothing(store, env_for_cli, tmp_path) -> None:
    from click.testing import CliRunner

    from tests.conftest import snapshot
    from toolgraph.cli import main

    before = snapshot(store)
    for content in ([], {"tools": []}):
        file = tmp_path / "empty.json"
        file.write_text(json.dumps(content), encoding="utf-8")
        for extra in ([], ["--skip-invalid"]):
            out = CliRunner().invoke(main, ["import", "openai-tools", str(file), *extra])
            assert out.exit_code != 0 and "the list of tools is empty" in out.output, out.output
    assert snapshot(store) == before


# -- anonymous users: what they may do is the operator's choice ----------------------------------------------------------
def test_login_to_run_keeps_anonymous_users_from_running_tools_and_reading_runs(store, tmp_path, api) -> None:
    base, seen = api
    http_tools(store, base, {"echo": {"path": "/echo", "description": "echo the request headers back"}})
    create_user(store, "ann", PASSWORD, "editor")
    app = qa_app(store, tmp_path, base, login_to_run=True)
    member = app.test_client()
    headers = login(member, "ann")
    job = ask(member, "echo the request headers back", headers)
    assert job["status"] == "done" and seen.paths() == ["/echo"]
    run_id = job["plan"]["id"]
    anonymous = app.test_client()
    assert anonymous.get("/api/session").get_json()["login_to_run"] is True
    r = anonymous.post("/api/qa", json={"query": "echo the request headers back"}, headers=csrf(anonymous))
    assert r.status_code == 401 and r.get_json()["field"] == "login"
    for path in ("/api/runs", f"/api/runs/{run_id}", f"/api/qa/{job['id']}"):
        assert anonymous.get(path).status_code == 401, path
    for path in ("/runs", f"/runs/{run_id}", f"/qa/{job['id']}"):
        page = anonymous.get(path)
        assert page.status_code == 302 and "/login" in page.headers["Location"], path
    assert seen.paths() == ["/echo"]  # nothing ran for the anonymous user
    assert member.get(f"/api/runs/{run_id}").status_code == 200
    assert [r["id"] for r in member.get("/api/runs").get_json()] == [run_id]
    # the default stays open (documented): anonymous users run read-only tools and read runs
    open_client = qa_app(store, tmp_path, base).test_client()
    assert open_client.get(f"/api/runs/{run_id}").status_code == 200


def test_anonymous_questions_never_take_every_running_slot(store) -> None:
    from web.errors import Unavailable
    from web.qa import MAX_ANONYMOUS_RUNNING, MAX_RUNNING, QaJobs

    gate = threading.Event()

    class Blocking(QaJobs):
        def _answer(self, job: Any, store: Any, llm: Any, embedder: Any) -> None:  # holds its slot until released
            gate.wait(30)
            job.status = "done"

    jobs = Blocking(lambda store, llm: [])
    try:
        started = [jobs.start(store, f"q{i}", user=None, may_mutate=False) for i in range(MAX_ANONYMOUS_RUNNING)]
        with pytest.raises(Unavailable, match="anonymous users"):
            jobs.start(store, "one more", user=None, may_mutate=False)
        member = [jobs.start(store, f"m{i}", user="ann", may_mutate=True)
                  for i in range(MAX_RUNNING - MAX_ANONYMOUS_RUNNING)]
        assert len(started) + len(member) == MAX_RUNNING
    finally:
        gate.set()
