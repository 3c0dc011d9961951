"""Shared fixtures: a real embedded graph server for the whole session, and a clean graph per test; the fast tier.

The server starts when the first test that needs it asks for it (``server``, or a fixture built on it such as
``store``), never before. Tests that need neither a graph server nor an embedding model get the ``fast`` marker
here, so ``pytest -m fast`` (``make test-fast``) runs them in seconds without starting one: a test is not fast when
it asks, directly or through other fixtures, for one of ``NOT_FAST_FIXTURES``, or carries the ``server`` marker (set
here for the session's server; set it by hand on a test that starts a server of its own) or the ``neo4j`` marker. A
fast test that starts a server or loads a model all the same fails, naming itself.

Neo4j-only tests (marked ``neo4j``) run against ``TOOLGRAPH_TEST_NEO4J_URI`` when it is set (user and password
from ``TOOLGRAPH_TEST_NEO4J_USER`` / ``..._PASSWORD``, database ``..._DATABASE``, its HTTP address (Neo4j Browser)
``..._HTTP_URI``), e.g. docker-compose.yml; else
against the project's own Neo4j 5.26 with APOC and GDS, built with Maven and started for the session (skipped
without Java 17+ and Maven, or with ``TOOLGRAPH_TEST_NEO4J=off``).
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toolgraph.db.embedded import EmbeddedServer
from toolgraph.db.store import GraphStore, mark_writes
from toolgraph.embeddings.flag import FlagEmbedder

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"
SAMPLE = ROOT / "import"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
pytest_plugins = ["tests.web_helpers"]  # the web page's fixtures (graph, app, client, ann)
# fixtures that start a graph server or load an embedding model (``embedder``: each module that needs one has it)
NOT_FAST_FIXTURES = frozenset({"server", "neo4j_connection", "embedder", "store"})
# ``@ON_BOTH_BACKENDS`` on a test runs it twice: with ``store`` (and every fixture built on it: ``graph``, ``app``,
# ``client``...) on the embedded server, and on Neo4j (marker ``neo4j``). ``any_store`` is the same as a fixture.
BACKENDS = [pytest.param("embedded", id="embedded"), pytest.param("neo4j", id="neo4j", marks=pytest.mark.neo4j)]
ON_BOTH_BACKENDS = pytest.mark.parametrize("store", BACKENDS, indirect=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        needs = set(getattr(item, "fixturenames", ()))
        callspec = getattr(item, "callspec", None)
        on_neo4j = callspec is not None and callspec.params.get("store", callspec.params.get("any_store")) == "neo4j"
        if "server" in needs or (needs & {"store", "any_store"} and not on_neo4j):
            item.add_marker(pytest.mark.server)
        if not (needs & NOT_FAST_FIXTURES or item.get_closest_marker("server") or item.get_closest_marker("neo4j")):
            item.add_marker(pytest.mark.fast)


@pytest.fixture(autouse=True)
def _fast_tests_start_no_server(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fast test that starts a graph server or loads a model fails: it belongs in the full tier."""
    if request.node.get_closest_marker("fast") is None:
        return

    def refuse(what: str) -> Any:
        def refused(*_: object, **__: object) -> None:
            raise AssertionError(f"{request.node.nodeid} is in the fast tier but {what}: give it the `server` "
                                 "marker or the fixture it needs (tests/conftest.py)")
        return refused

    monkeypatch.setattr(EmbeddedServer, "start", refuse("starts a graph server"))
    monkeypatch.setattr(FlagEmbedder, "__init__", refuse("loads an embedding model"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedServer]:
    home = tmp_path_factory.mktemp("toolgraph-home")
    srv = EmbeddedServer(home, heap="1g", bolt_port=free_port(), http_port=free_port())
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def session_store(server: EmbeddedServer) -> Iterator[GraphStore]:
    info = server.running()
    assert info is not None
    store = GraphStore.connect(info.bolt_uri, "root", server.password(), info.database, http_url=info.http_url)
    # its writes mark the home as every ToolGraph process's do, so that a runtime or a server started on it sees
    # them; it keeps no reads itself (keep=False), so in-process tests read the graph every time
    yield from _with_schema(mark_writes(store, server.home, keep=False))


def _with_schema(store: GraphStore) -> Iterator[GraphStore]:
    """The store with the schema applied, closed when the session ends."""
    store.apply_schema()
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
def store(request: pytest.FixtureRequest) -> GraphStore:
    """The embedded store, emptied before the test; Neo4j's under ``@ON_BOTH_BACKENDS`` (parameter ``neo4j``)."""
    backend = getattr(request, "param", "embedded")
    if backend == "neo4j":
        return request.getfixturevalue("neo4j_store")
    session: GraphStore = request.getfixturevalue("session_store")
    session.query("clear_graph")
    return session


@pytest.fixture(params=BACKENDS)
def any_store(request: pytest.FixtureRequest) -> GraphStore:
    """The store of each backend in turn (emptied): the embedded server, then Neo4j (marker ``neo4j``)."""
    return request.getfixturevalue("neo4j_store" if request.param == "neo4j" else "store")


@pytest.fixture
def env_for_cli(server: EmbeddedServer, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Environment that points the CLI at the session's embedded server."""
    env = {
        "TOOLGRAPH_HOME": str(server.home),
        "TOOLGRAPH_EMBEDDED_BOLT_PORT": str(server.bolt_port),
        "TOOLGRAPH_EMBEDDED_HTTP_PORT": str(server.http_port),
    }
    monkeypatch.delenv("TOOLGRAPH_NEO4J_URI", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return env


@pytest.fixture(scope="session")
def neo4j_connection(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Neo4j for the tests marked ``neo4j`` (uri, user, password, database): the server at TOOLGRAPH_TEST_NEO4J_URI
    when set, else the project's own Neo4j 5.26 with APOC Core, APOC Extended and GDS 2.13
    (toolgraph/db/neo4j_server.py), built from Maven Central on first use, started for this session only and
    stopped at its end. Skipped without Java 17+ and Maven, or with TOOLGRAPH_TEST_NEO4J=off."""
    uri = os.environ.get("TOOLGRAPH_TEST_NEO4J_URI")
    if uri:
        yield {"uri": uri, "user": os.environ.get("TOOLGRAPH_TEST_NEO4J_USER", "neo4j"),
               "password": os.environ.get("TOOLGRAPH_TEST_NEO4J_PASSWORD", "toolgraph-dev"),
               "database": os.environ.get("TOOLGRAPH_TEST_NEO4J_DATABASE", "neo4j"),
               "http_uri": os.environ.get("TOOLGRAPH_TEST_NEO4J_HTTP_URI", "")}
        return
    from toolgraph.db.neo4j_server import Neo4jServer, unavailable_reason

    if os.environ.get("TOOLGRAPH_TEST_NEO4J", "").lower() in ("off", "0", "no"):
        pytest.skip("TOOLGRAPH_TEST_NEO4J=off: the Neo4j-only tests are switched off")
    reason = unavailable_reason()
    if reason:
        pytest.skip(f"the Neo4j-only tests need Java 17+ and Maven to build the project's Neo4j: {reason}")
    neo4j = Neo4jServer(tmp_path_factory.mktemp("neo4j-home"))
    info = neo4j.start(watch_stdin=True)
    try:
        yield {"uri": info.bolt_uri, "user": info.user, "password": info.password, "database": "neo4j",
               "http_uri": info.http_uri}
    finally:
        neo4j.stop()


@pytest.fixture(scope="session")
def neo4j_session_store(neo4j_connection: dict[str, str]) -> Iterator[GraphStore]:
    c = neo4j_connection
    yield from _with_schema(GraphStore.connect(c["uri"], c["user"], c["password"], c["database"]))


@pytest.fixture
def env_for_neo4j_cli(neo4j_connection: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Environment that points the CLI at the session's Neo4j."""
    env = {"TOOLGRAPH_NEO4J_URI": neo4j_connection["uri"], "TOOLGRAPH_NEO4J_USER": neo4j_connection["user"],
           "TOOLGRAPH_NEO4J_PASSWORD": neo4j_connection["password"],
           "TOOLGRAPH_NEO4J_DATABASE": neo4j_connection["database"]}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return env


@pytest.fixture
def neo4j_store(neo4j_session_store: GraphStore) -> GraphStore:
    neo4j_session_store.query("clear_graph")
    return neo4j_session_store


def snapshot(store: GraphStore, digits: int | None = None) -> tuple[list[str], list[str]]:
    """Every node and relationship with all properties, sorted: equal snapshots mean an unchanged graph.
    ``digits``: floats rounded to that many significant digits (two servers sum in their own order)."""
    import json

    def rounded(value: object) -> object:
        if isinstance(value, float) and digits is not None:
            return float(f"{value:.{digits}g}")
        if isinstance(value, dict):
            return {k: rounded(v) for k, v in value.items()}
        if isinstance(value, list):
            return [rounded(v) for v in value]
        return value

    def dump(rows: list[dict[str, object]]) -> list[str]:
        return sorted(json.dumps(rounded(r), sort_keys=True, default=str) for r in rows)

    return dump(store.query("export_nodes")), dump(store.query("export_relationships"))
