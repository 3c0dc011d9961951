"""Starting the embedded server under contention, a corrupted server.json, and the web page mending a dead
database: all with the real server (and real CLI subprocesses)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, free_port
from toolgraph.config import EmbeddedSettings, Settings
from toolgraph.db.embedded import EmbeddedServer
from toolgraph.errors import EmbeddedServerError
from web import create_app

pytestmark = pytest.mark.server  # every test here starts a server (the session's, or its own)

HEAP = "512m"


def test_concurrent_commands_wait_for_the_one_server_being_started(tmp_path: Path) -> None:
    home = tmp_path / "home"
    bolt, http = free_port(), free_port()
    env = os.environ | {"TOOLGRAPH_HOME": str(home), "TOOLGRAPH_EMBEDDED_BOLT_PORT": str(bolt),
                        "TOOLGRAPH_EMBEDDED_HTTP_PORT": str(http), "TOOLGRAPH_EMBEDDED_HEAP": HEAP,
                        "PYTHONPATH": str(ROOT)}
    env.pop("TOOLGRAPH_NEO4J_URI", None)
    server = EmbeddedServer(home, heap=HEAP, bolt_port=bolt, http_port=http)
    try:
        procs = [subprocess.Popen([sys.executable, "-m", "toolgraph.cli", "stats", "--json"], env=env, cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(6)]
        results = [(p.wait(timeout=300), p.stdout.read(), p.stderr.read()) for p in procs]  # type: ignore[union-attr]
        for code, out, err in results:
            assert code == 0, err[-2000:]
            assert json.loads(out)["database"]["backend"] == "arcadedb"
        info = server.running()
        assert info is not None and server.ready(info)
    finally:
        server.stop()


def test_a_corrupted_server_json_is_named(server: EmbeddedServer) -> None:
    saved = server.info_file.read_bytes()
    try:
        server.info_file.write_text('{"pid": 12, "bolt_po', encoding="utf-8")
        again = EmbeddedServer(server.home, heap=server.heap, bolt_port=server.bolt_port,
                               http_port=server.http_port)
        try:
            again.start()
            raise AssertionError("started a second server over a running one")
        except EmbeddedServerError as exc:
            message = str(exc)
        assert "server.json is corrupted" in message and "taken by another program" not in message
    finally:
        server.info_file.write_bytes(saved)
    assert server.running() is not None


def test_the_web_page_restarts_the_embedded_server_it_owns(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path / "home",
                        embedded=EmbeddedSettings(heap=HEAP, bolt_port=free_port(), http_port=free_port()))
    app = create_app(settings, embedder=None, llm=None, config={"TESTING": True, "SECRET_KEY": "x"})
    client = app.test_client()
    server = EmbeddedServer(settings.home, heap=HEAP, bolt_port=settings.embedded.bolt_port,
                            http_port=settings.embedded.http_port)
    try:
        assert client.get("/api/edits").status_code == 200  # opens the store, starting the server
        info = server.running()
        assert info is not None
        os.kill(info.pid, signal.SIGKILL)
        started = time.monotonic()
        r = client.get("/api/edits")
        waited = time.monotonic() - started
        assert r.status_code == 503 and "reconnecting" in r.get_json()["error"]
        assert "bolt" not in r.get_json()["error"].lower()  # no driver internals for the client
        assert waited < 12, waited  # a bound against hanging, not a speed figure
        deadline = time.monotonic() + 180
        while True:
            r = client.get("/api/edits")
            if r.status_code == 200 or time.monotonic() > deadline:
                break
            assert r.status_code == 503
            time.sleep(1)
        assert r.status_code == 200
        restarted = server.running()
        assert restarted is not None and restarted.pid != info.pid
    finally:
        server.stop()


def test_serve_uses_waitress_by_default(env_for_cli: dict[str, str]) -> None:
    import urllib.request

    port = free_port()
    env = os.environ | env_for_cli | {"PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "toolgraph.cli", "serve", "--port", str(port)], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/session", timeout=5) as resp:
                    assert resp.status == 200 and resp.headers["Server"] == "ToolGraph"  # waitress's ident
                    assert "csrf_token" in json.loads(resp.read())
                    break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "toolgraph serve did not answer"
                time.sleep(0.5)
    finally:
        proc.terminate()
        proc.wait(10)
