"""The resident runtime (toolgraph/cli/runtime.py) and its thin client (toolgraph/cli/forward.py): the real CLI as
subprocesses against the session's real embedded server, with the real embedding model, the restbench TMDB tools
and the local TMDB-shaped service. A warm command must print what the same command prints in-process."""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, free_port
from tests.test_execute import QUERY, import_tmdb
from toolgraph.cli import forward
from toolgraph.db.embedded import EmbeddedServer
from toolgraph.db.store import GraphStore
from toolgraph.execute.demo_service import DemoService

pytestmark = pytest.mark.server
SEARCH = "search for a movie by title and show its cast and crew"
VOLATILE = {"id", "seconds", "latency_ms", "plan_s", "execute_s", "answer_s", "created", "started", "finished",
            "run_id", "duration_ms", "elapsed_s", "timings"}


@pytest.fixture(scope="module")
def tmdb_graph(session_store: GraphStore) -> Iterator[DemoService]:
    """The TMDB tools imported and embedded (through the CLI's own `embed`), and the local service they call."""
    session_store.query("clear_graph")
    import_tmdb(session_store)
    with DemoService() as service:
        yield service


@pytest.fixture(scope="module")
def env(server: EmbeddedServer, tmdb_graph: DemoService) -> Iterator[dict[str, str]]:
    """The environment of the CLI subprocesses; the runtime of the session's home is stopped at the end."""
    values = {k: v for k, v in os.environ.items() if not k.startswith("TOOLGRAPH_")}
    values.update({
        "PYTHONPATH": str(ROOT),
        "TOOLGRAPH_HOME": str(server.home),
        "TOOLGRAPH_EMBEDDED_BOLT_PORT": str(server.bolt_port),
        "TOOLGRAPH_EMBEDDED_HTTP_PORT": str(server.http_port),
        "TOOLGRAPH_EXEC_GROUPS": json.dumps({"TMDB": {"base_url": tmdb_graph.url, "allow_private": True}}),
        "TOOLGRAPH_RUNTIME_START_TIMEOUT_S": "300",
    })
    done = cli(values, "embed", runtime="off")
    assert done.returncode == 0, done.stderr
    try:
        yield values
    finally:
        forward.stop(server.home)


def cli(env: dict[str, str], *args: str, runtime: str = "auto", **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "toolgraph.cli", *args], env={**env, "TOOLGRAPH_RUNTIME": runtime,
                                                                              **extra},
                          cwd=ROOT, capture_output=True, text=True, timeout=600)


def info_of(home: Path) -> dict[str, Any]:
    data = forward.Files(home).read()
    assert data is not None, "no runtime.json"
    return data


def steady(data: Any) -> Any:
    """``data`` without what differs from one run to the next (ids, timings)."""
    if isinstance(data, dict):
        return {k: steady(v) for k, v in data.items() if k not in VOLATILE}
    if isinstance(data, list):
        return [steady(v) for v in data]
    return data


def steady_text(text: str) -> str:
    text = re.sub(r"\b(plan|run) run-[0-9a-f]+", r"\1 ID", text)
    return re.sub(r"\d+\.\d+ s\b|\d+ ms\b", "T", text)


def test_warm_commands_print_what_in_process_commands_print(env: dict[str, str], server: EmbeddedServer) -> None:
    forward.stop(server.home)
    cold = cli(env, "search", SEARCH, "--k", "5", runtime="off")
    assert cold.returncode == 0, cold.stderr
    started = time.monotonic()
    first = cli(env, "search", SEARCH, "--k", "5")  # starts the runtime
    first_s = time.monotonic() - started
    assert first.returncode == 0, first.stderr
    assert first.stdout == cold.stdout and "movies/tmdb/" in cold.stdout
    pid = info_of(server.home)["pid"]
    started = time.monotonic()
    warm = cli(env, "search", SEARCH, "--k", "5")
    warm_s = time.monotonic() - started
    assert (warm.returncode, warm.stdout, warm.stderr) == (0, cold.stdout, "")
    assert warm_s < first_s / 3, (warm_s, first_s)  # the model and the indexes were not loaded again
    assert info_of(server.home)["pid"] == pid
    # --json, options, and the same hits as the in-process command (byte for byte)
    args = ("search", SEARCH, "--k", "3", "--method", "hybrid", "--chains", "--json")
    cold_json, warm_json = cli(env, *args, runtime="off"), cli(env, *args)
    assert warm_json.stdout == cold_json.stdout and json.loads(warm_json.stdout)[0]["id"].startswith("movies/tmdb/")

    for args in (("plan", QUERY, "--no-save", "--no-memory", "--json"),
                 ("run", QUERY, "--no-llm", "--no-learn", "--json")):
        cold_out, warm_out = cli(env, *args, runtime="off"), cli(env, *args)
        assert (cold_out.returncode, warm_out.returncode) == (0, 0), (cold_out.stderr, warm_out.stderr)
        assert steady(json.loads(warm_out.stdout)) == steady(json.loads(cold_out.stdout))
    data = json.loads(warm_out.stdout)
    assert data["status"] == "success" and "Leonardo DiCaprio" in data["answer"]["text"]
    for args in (("plan", QUERY, "--no-save", "--no-memory"), ("run", QUERY, "--no-llm", "--no-learn", "--trace")):
        cold_out, warm_out = cli(env, *args, runtime="off"), cli(env, *args)
        assert steady_text(warm_out.stdout) == steady_text(cold_out.stdout) and "execution levels" in warm_out.stdout
    status = json.loads(cli(env, "runtime", "status", "--json").stdout)
    assert status["running"] and status["pid"] == pid and status["requests"] >= 7 and status["current_settings"]


def test_errors_and_exit_codes_are_the_in_process_ones(env: dict[str, str]) -> None:
    for args in (("search", "  "), ("search", SEARCH, "--k", "0"), ("plan", QUERY, "--bogus"),
                 ("run", QUERY, "--no-llm", "--max-depth")):
        cold, warm = cli(env, *args, runtime="off"), cli(env, *args)
        assert (warm.returncode, warm.stdout, warm.stderr) == (cold.returncode, cold.stdout, cold.stderr), args
        assert cold.returncode in (1, 2) and ("error" in cold.stderr.lower())


def test_files_are_private_and_no_secret_is_on_a_command_line(env: dict[str, str], server: EmbeddedServer) -> None:
    assert cli(env, "search", SEARCH, "--k", "1").returncode == 0
    data = info_of(server.home)
    files = forward.Files(server.home)
    assert stat.S_IMODE(files.info.stat().st_mode) == 0o600
    assert stat.S_IMODE(server.home.stat().st_mode) == 0o700
    assert stat.S_ISSOCK(files.socket.stat().st_mode) and not stat.S_IMODE(files.socket.stat().st_mode) & 0o077
    cmdline = Path(f"/proc/{data['pid']}/cmdline").read_bytes().decode()
    assert data["token"] not in cmdline and server.password() not in cmdline
    for key in ("TOOLGRAPH_EXEC_GROUPS",):  # a setting's value is hashed, never written down
        assert env[key] not in files.info.read_text()
    # a client without the token is refused
    bad = forward.ask({**data, "token": "guess"}, "ping")
    assert bad == {"refused": "token"}


def test_other_settings_start_another_runtime_which_stops_when_idle(env: dict[str, str],
                                                                    server: EmbeddedServer) -> None:
    assert cli(env, "search", SEARCH, "--k", "1").returncode == 0
    old = info_of(server.home)["pid"]
    out = cli(env, "search", SEARCH, "--k", "1", TOOLGRAPH_EXEC_RETRIES="3", TOOLGRAPH_RUNTIME_IDLE_S="3")
    assert out.returncode == 0 and out.stdout.startswith(" 1.")
    new = info_of(server.home)["pid"]
    assert new != old and not forward.is_runtime(old)
    deadline = time.monotonic() + 30
    while forward.is_runtime(new) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not forward.is_runtime(new) and not forward.Files(server.home).info.exists()


def test_stale_files_are_replaced(env: dict[str, str], server: EmbeddedServer) -> None:
    forward.stop(server.home)
    files = forward.Files(server.home)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    files.write({"pid": int(gone.stdout), "token": "stale", "fingerprint": forward.fingerprint(),
                 "socket": str(files.socket)})
    files.socket.write_text("not a socket")
    out = cli(env, "search", SEARCH, "--k", "2", "--json")
    assert out.returncode == 0 and len(json.loads(out.stdout)) == 2 and "note:" not in out.stderr
    data = info_of(server.home)
    assert data["token"] != "stale" and forward.is_runtime(data["pid"])
    assert stat.S_ISSOCK(files.socket.stat().st_mode)
    # a corrupt runtime.json of a live runtime's home: a fresh one answers, and the old one, whose file no longer
    # names it, stops by itself
    files.info.write_text("{not json")
    out = cli(env, "search", SEARCH, "--k", "2", "--json")
    assert out.returncode == 0 and len(json.loads(out.stdout)) == 2
    assert info_of(server.home)["pid"] != data["pid"]
    deadline = time.monotonic() + 30
    while forward.is_runtime(data["pid"]) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not forward.is_runtime(data["pid"]) and forward.is_runtime(info_of(server.home)["pid"])


def test_a_runtime_that_dies_or_cannot_start_leaves_the_command_to_the_process(env: dict[str, str],
                                                                               server: EmbeddedServer,
                                                                               tmdb_graph: DemoService) -> None:
    expected = cli(env, "search", SEARCH, "--k", "3")  # what the in-process command prints (the first test)
    assert expected.returncode == 0
    tmdb_graph.requests = 0
    tmdb_graph.delay_s = 3.0  # a slow tool: the runtime is killed while the run waits for it
    try:
        proc = subprocess.Popen([sys.executable, "-m", "toolgraph.cli", "run", QUERY, "--no-llm", "--no-learn"],
                                env={**env, "TOOLGRAPH_RUNTIME": "auto"}, cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 60
        while tmdb_graph.requests == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        pid = info_of(server.home)["pid"]  # the runtime answering the run, waiting for the service
        os.kill(pid, signal.SIGKILL)
        out, err = proc.communicate(timeout=60)
    finally:
        tmdb_graph.delay_s = 0.0
    assert proc.returncode == 1 and out == ""
    assert f"the runtime (pid {pid}) stopped before it answered" in err and "the run is not repeated" in err
    # a search is repeated in-process when the runtime cannot start in time, with a note saying so
    forward.stop(server.home)
    out = cli(env, "search", SEARCH, "--k", "3", TOOLGRAPH_RUNTIME_START_TIMEOUT_S="0.01")
    assert out.returncode == 0 and out.stdout == expected.stdout
    assert "note: the runtime did not start within 0.01 s" in out.stderr and "answering in-process" in out.stderr
    starting = forward.Files(server.home).read()  # the one that went on starting (ready by now, on a slow machine)
    assert starting is not None and starting["state"] in ("starting", "ready")
    forward.stop(server.home)
    assert not forward.is_runtime(starting["pid"]) and not forward.Files(server.home).info.exists()


def test_db_stop_stops_the_runtime_and_a_stopped_server_ends_it(env: dict[str, str], tmp_path: Path) -> None:
    """A home of its own: `db stop` stops its server, which the other tests share."""
    home = tmp_path / "home"
    own = {**env, "TOOLGRAPH_HOME": str(home), "TOOLGRAPH_EMBEDDED_BOLT_PORT": str(free_port()),
           "TOOLGRAPH_EMBEDDED_HTTP_PORT": str(free_port()), "TOOLGRAPH_EMBEDDED_HEAP": "512m"}
    try:
        assert cli(own, "db", "start").returncode == 0
        out = cli(own, "search", "movie", "--method", "keyword", "--k", "1", "--json")  # an empty graph
        assert out.returncode == 0 and json.loads(out.stdout) == []
        pid = info_of(home)["pid"]
        stopped = cli(own, "db", "stop")
        assert stopped.returncode == 0 and "stopped" in stopped.stdout
        assert not forward.is_runtime(pid) and not forward.Files(home).info.exists()
        # the server stopped behind its back: the runtime notices and ends
        assert cli(own, "search", "movie", "--method", "keyword", "--k", "1").returncode == 0
        pid = info_of(home)["pid"]
        EmbeddedServer(home, bolt_port=int(own["TOOLGRAPH_EMBEDDED_BOLT_PORT"]),
                       http_port=int(own["TOOLGRAPH_EMBEDDED_HTTP_PORT"])).stop()
        deadline = time.monotonic() + 20
        while forward.is_runtime(pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not forward.is_runtime(pid)
    finally:
        forward.stop(home)
        cli(own, "db", "stop", runtime="off")


def test_the_runtime_can_be_switched_off(env: dict[str, str], server: EmbeddedServer) -> None:
    forward.stop(server.home)
    out = cli(env, "search", SEARCH, "--k", "1", runtime="off")
    assert out.returncode == 0 and not forward.Files(server.home).info.exists()
    assert not forward.eligible(["-v", "search", "x"]) and not forward.eligible(["search", "--batch", "f"])
    assert not forward.eligible(["embed"]) and forward.eligible(["run", "x", "--json"])


@pytest.fixture(scope="module")
def embedder() -> Any:
    from toolgraph.embeddings.flag import FlagEmbedder

    return FlagEmbedder(query_precision="float32")  # the float32 forward pass the graph's vectors come from


def test_the_torch_free_encoder_gives_flagembedding_vectors(embedder: Any) -> None:
    """Option (b) of docs/runtime.md: the numpy encoder of the offline model, against FlagEmbedding."""
    import numpy as np

    from toolgraph.embeddings.minilm import MiniLMEncoder

    light = MiniLMEncoder()
    assert (light.name, light.dimensions) == (embedder.name, embedder.dimensions) == ("all-MiniLM-L6-v2", 384)
    texts = [SEARCH, QUERY, "x", "Wetter in München; also the café's opening hours?", "long request " * 200]
    ours = np.array(light.embed_queries(texts))
    theirs = np.array(embedder.embed_queries(texts))
    documents = np.array(embedder.embed_documents(texts))
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    assert (ours * theirs).sum(axis=1).min() > 0.9999
    assert (ours * documents).sum(axis=1).min() > 0.9999
    assert light.embed_queries([]) == []
