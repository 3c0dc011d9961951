"""The embedded server's life cycle, run for real: start, restart, stale pid files, taken ports, a dead database."""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
from pathlib import Path

import pytest

from tests.conftest import free_port
from toolgraph.config import EmbeddedSettings
from toolgraph.db.embedded import EmbeddedServer
from toolgraph.db.store import GraphStore, Tx
from toolgraph.errors import DatabaseUnavailableError, EmbeddedServerError
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.writer import write_batch
from toolgraph.models import CategorySpec, GroupSpec, ToolSpec


def new_server(tmp_path: Path) -> EmbeddedServer:
    return EmbeddedServer(tmp_path / "home", heap="512m", bolt_port=free_port(), http_port=free_port())


def connect(server: EmbeddedServer) -> GraphStore:
    info = server.running()
    assert info is not None
    return GraphStore.connect(info.bolt_uri, "root", server.password(), info.database, http_url=info.http_url)


def test_password_is_generated_once_and_private(tmp_path: Path) -> None:
    server = new_server(tmp_path)
    first = server.password()
    assert len(first) >= 24
    assert server.password() == first
    assert stat.S_IMODE(server.password_file.stat().st_mode) == 0o600


def test_command_uses_bundled_java_and_keeps_the_password_off_the_command_line(tmp_path: Path) -> None:
    server = new_server(tmp_path)
    server.home.mkdir(parents=True)
    secret = server.password()
    argv = server.command(secret)
    assert argv[0].endswith("jre/bin/java") and Path(argv[0]).exists()
    assert "-Xmx512m" in argv
    assert argv[-1] == "com.arcadedb.server.ArcadeDBServer"
    assert not any(secret in arg for arg in argv)
    argfile = Path(next(a for a in argv if a.startswith("@"))[1:])
    assert stat.S_IMODE(argfile.stat().st_mode) == 0o600
    text = argfile.read_text()
    assert secret in text and f"arcadedb.bolt.port={server.bolt_port}" in text
    assert "arcadedb.bolt.host=127.0.0.1" in text and "httpIncomingHost=127.0.0.1" in text


def test_stale_pid_file_is_removed(tmp_path: Path) -> None:
    server = new_server(tmp_path)
    server.home.mkdir(parents=True)
    dead = subprocess.Popen(["true"])
    dead.wait()
    server.info_file.write_text(json.dumps(
        {"pid": dead.pid, "bolt_port": 1, "http_port": 2, "database": "toolgraph", "started": 0.0}))
    assert server.running() is None
    assert not server.info_file.exists()
    assert server.status()["running"] is False


def test_pid_file_of_another_program_is_stale(tmp_path: Path) -> None:
    server = new_server(tmp_path)
    server.home.mkdir(parents=True)
    server.info_file.write_text(json.dumps(
        {"pid": os.getpid(), "bolt_port": 1, "http_port": 2, "database": "toolgraph", "started": 0.0}))
    assert server.running() is None  # this pytest process is alive, but it is not the server


@pytest.mark.server  # starts a server of its own
def test_taken_port_is_a_clear_error(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        server = EmbeddedServer(tmp_path / "home", bolt_port=port, http_port=free_port())
        with pytest.raises(EmbeddedServerError, match=rf"port {port} .*taken.*TOOLGRAPH_EMBEDDED_BOLT_PORT"):
            server.start()
    assert server.running() is None


def test_bad_settings_are_named() -> None:
    with pytest.raises(ValueError, match="heap must look like"):
        EmbeddedSettings(heap="lots")
    with pytest.raises(ValueError, match="database name"):
        EmbeddedSettings(database="x; DROP")


def test_unreachable_database_is_a_clear_error() -> None:
    port = free_port()
    with pytest.raises(DatabaseUnavailableError, match=f"127.0.0.1:{port}.*unreachable"):
        GraphStore.connect(f"bolt://127.0.0.1:{port}", "root", "x", "toolgraph")


def _small_batch(n: int) -> ImportBatch:
    batch = ImportBatch("test")
    batch.add_category(CategorySpec(name="C"), "f", "r")
    batch.add_group(GroupSpec(id="c/g", name="G", category="C", source="test"), "f", "r")
    for i in range(n):
        batch.add_tool(ToolSpec(id=f"c/g/t{i}", name=f"T{i}", group_id="c/g", source="test", source_ref={}), "f", "r")
    return batch


@pytest.mark.server  # starts a server of its own
def test_life_cycle_restart_and_a_crash_mid_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = new_server(tmp_path)
    info = server.start()
    try:
        assert server.start().pid == info.pid  # already running: same process
        status = server.status()
        assert status["running"] and status["ready"] and status["bolt_uri"] == info.bolt_uri
        store = connect(server)
        store.apply_schema()
        write_batch(store, _small_batch(3))
        store.close()

        assert server.stop() is True
        assert server.stop() is False
        assert server.running() is None
        server.start()
        store = connect(server)
        assert {r["id"] for r in store.query("fetch_tools", ids=["c/g/t0", "c/g/t1", "c/g/t2"])} == {
            "c/g/t0", "c/g/t1", "c/g/t2"}

        # The database dies after the first statement of an import: nothing of it may be committed.
        real_run = Tx.run
        calls = {"n": 0}

        def dying_run(self: Tx, name: str, **params: object) -> list[dict[str, object]]:
            calls["n"] += 1
            if calls["n"] == 9:  # 5 reads, categories, groups, one chunk of tools written: then it dies
                os.kill(server.running().pid, signal.SIGKILL)  # type: ignore[union-attr]
            return real_run(self, name, **params)

        monkeypatch.setattr(Tx, "run", dying_run)
        with pytest.raises(DatabaseUnavailableError):
            write_batch(store, _small_batch(50), chunk_size=10)
        monkeypatch.setattr(Tx, "run", real_run)
        store.close()
        assert server.running() is None  # the pid file of the killed server is recognised as stale
        server.start()
        store = connect(server)
        ids = [f"c/g/t{i}" for i in range(50)]
        assert sorted(r["id"] for r in store.query("fetch_tools", ids=ids)) == ["c/g/t0", "c/g/t1", "c/g/t2"]
        store.close()
    finally:
        server.stop()
