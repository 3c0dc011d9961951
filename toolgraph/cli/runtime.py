"""The resident runtime: one process per ``TOOLGRAPH_HOME`` that holds the store's connection, the embedding model
and the in-memory search indexes, and answers ``toolgraph search``, ``plan`` and ``run`` for the thin client
(:mod:`toolgraph.cli.forward`; docs/runtime.md).

It runs the very click commands of the CLI, on a context whose store and model stay open, with the command's
standard output and error sent back to the client as they are written: so it prints what the command prints
in-process. Each connection is answered in a thread of its own; the model is used by one of them at a time
(:class:`LockedEmbedder`), the store's driver is thread-safe, and the search indexes are shared read-only snapshots.

It stops when ``toolgraph db stop`` (or ``toolgraph runtime stop``) asks, on SIGTERM, after
``TOOLGRAPH_RUNTIME_IDLE_S`` without a command, when the embedded server it uses stops, and when runtime.json no
longer names it (removed as corrupt, and another runtime started in its place).
"""

from __future__ import annotations

import hmac
import io
import json
import logging
import os
import secrets
import signal
import socket
import sys
import threading
import time
import traceback
from typing import TYPE_CHECKING, Any

from toolgraph.cli.base import Context
from toolgraph.cli.forward import COMMANDS, MAX_FRAME, UNIX_PATH_MAX, Files, fingerprint
from toolgraph.embeddings.base import Embedder

if TYPE_CHECKING:
    from toolgraph.config import Settings
    from toolgraph.db.store import GraphStore

log = logging.getLogger("toolgraph.runtime")
CHECK_S = 1.0  # how often the idle time and the embedded server are looked at


class LockedEmbedder(Embedder):
    """An embedder that one thread uses at a time."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name = inner.name
        self.dimensions = inner.dimensions
        self._lock = threading.Lock()

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        with self._lock:
            return self.inner.embed_documents(texts)

    def embed_queries(self, texts: list[str]) -> list[list[float]]:
        with self._lock:
            return self.inner.embed_queries(texts)

    def describe(self) -> dict[str, object]:
        return self.inner.describe()

    def __getattr__(self, name: str) -> Any:  # pooling, query_precision, ... of the model
        return getattr(self.inner, name)


class RuntimeContext(Context):
    """The CLI's context, kept for every command: the store and the model are opened once, and a command's end
    does not close them."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self._open = threading.Lock()

    def store(self, *, schema: bool = True) -> GraphStore:
        with self._open:
            fresh = self._store is None
            store = super().store(schema=schema)
            if fresh and self.settings.uses_embedded and self.settings.runtime_graph_cache:
                # the planner's graph reads are kept across commands while no ToolGraph process wrote the graph
                from toolgraph.db.store import read_mark, written_mark
                from toolgraph.planner.graph import keep_reads

                mark = written_mark(self.settings.home)
                keep_reads(store, lambda: read_mark(mark))
            return store

    def embedder(self) -> Embedder:
        with self._open:
            if self._embedder is None:
                self._embedder = LockedEmbedder(self.settings.embed.embedder())
            return self._embedder

    def close(self) -> None:
        """A command ended: keep everything open."""

    def shutdown(self) -> None:
        super().close()


class _Streams(io.TextIOBase):
    """``sys.stdout`` / ``sys.stderr`` of the runtime: what a command's thread writes goes to its client, the rest to
    the runtime's log."""

    def __init__(self, fallback: Any, key: str, local: threading.local) -> None:
        self.fallback = fallback
        self.key = key
        self.local = local

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        return "strict"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:  # type: ignore[override]
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        client = getattr(self.local, "client", None)
        if client is None:
            self.fallback.write(text)
            return len(text)
        if text:
            client.send({self.key: text})
        return len(text)

    def flush(self) -> None:
        if getattr(self.local, "client", None) is None:
            self.fallback.flush()

    def isatty(self) -> bool:
        client = getattr(self.local, "client", None)
        return bool(client.tty[0 if self.key == "o" else 1]) if client is not None else False

    def fileno(self) -> int:
        return int(self.fallback.fileno())


class _Client:
    def __init__(self, conn: socket.socket, tty: list[bool]) -> None:
        self.conn = conn
        self.tty = tty
        self.gone = False

    def send(self, frame: dict[str, Any]) -> None:
        if self.gone:
            return
        try:
            self.conn.sendall(json.dumps(frame, ensure_ascii=False).encode("utf-8", "surrogateescape") + b"\n")
        except OSError:
            self.gone = True  # the client went away (Ctrl-C): the command finishes, its output is dropped


class Runtime:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.files = Files(settings.home.resolve())
        self.token = secrets.token_urlsafe(32)
        self.fingerprint = fingerprint()
        self.ctx = RuntimeContext(settings)
        self.local = threading.local()
        self.lock = threading.Lock()
        self.active = 0
        self.requests = 0
        self.last_used = time.monotonic()
        self.stopping = threading.Event()
        self.listener: socket.socket | None = None

    # -- start ----------------------------------------------------------------------------------------------------
    def warm(self) -> None:
        """Open the store and, when the graph holds tool vectors, load the model and the search indexes, so the
        first command is as quick as the next."""
        store = self.ctx.store()
        if not store.query("get_embedding_model"):
            return
        from toolgraph.retrieve.search import Retriever

        started = time.monotonic()
        embedder = self.ctx.embedder()
        try:
            retriever = Retriever(store, embedder)
            retriever.sync()
            embedder.embed_queries(["warm up"])
            from toolgraph import wiring
            from toolgraph.planner import plan_request

            # the planner's first request reads and caches what it keeps of the graph: a plan that stores nothing
            plan_request(store, "find a movie by its title", embedder=embedder, save=False,
                         config=wiring.planner_config(self.settings, use_memory=False, remember=False))
        except Exception as exc:  # noqa: BLE001 - a graph the commands cannot search yet: they will say so
            log.warning("warming the search indexes failed: %s", exc)
        log.info("warm in %.1f s", time.monotonic() - started)

    def listen(self) -> dict[str, Any]:
        path = self.files.socket
        info: dict[str, Any] = {"pid": os.getpid(), "state": "ready", "token": self.token,
                                "fingerprint": self.fingerprint, "started": time.time(), "home": str(self.files.home)}
        if len(os.fsencode(path)) <= UNIX_PATH_MAX:
            path.unlink(missing_ok=True)
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            old = os.umask(0o177)
            try:
                sock.bind(str(path))
            finally:
                os.umask(old)
            info.update(socket=str(path), port=None)
        else:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind(("127.0.0.1", 0))
            info.update(socket=None, port=sock.getsockname()[1])
        sock.listen(64)
        sock.settimeout(CHECK_S)
        self.listener = sock
        return info

    # -- serve ----------------------------------------------------------------------------------------------------
    def serve_forever(self) -> None:
        assert self.listener is not None
        while not self.stopping.is_set():
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                self.check()
                continue
            except OSError:
                if self.stopping.is_set():
                    break
                raise
            with self.lock:
                self.active += 1
                self.last_used = time.monotonic()
            threading.Thread(target=self.handle, args=(conn,), daemon=True).start()
        deadline = time.monotonic() + 60
        while self.active and time.monotonic() < deadline:  # finish the commands under way
            time.sleep(0.05)

    def check(self) -> None:
        with self.lock:
            idle = not self.active and time.monotonic() - self.last_used > self.settings.runtime_idle_s
        info = self.files.read()
        if idle:
            log.info("idle for %.0f s: stopping", self.settings.runtime_idle_s)
            self.stopping.set()
        elif info is None or info.get("pid") != os.getpid():
            log.info("%s no longer names this runtime (another took its place): stopping", self.files.info)
            self.stopping.set()
        elif self.settings.uses_embedded and not self._server_alive():
            log.info("the embedded graph server stopped: stopping")
            self.stopping.set()

    def _server_alive(self) -> bool:
        from toolgraph.db.processes import pid_alive
        from toolgraph.db.store import embedded_server

        info = embedded_server(self.settings).read_info()
        return info is not None and pid_alive(info.pid)

    def handle(self, conn: socket.socket) -> None:
        try:
            with conn:
                conn.settimeout(30)
                line = conn.makefile("rb").readline(MAX_FRAME)
                try:
                    request = json.loads(line)
                except ValueError:
                    return
                client = _Client(conn, list(request.get("tty") or [False, False]))
                conn.settimeout(None)
                self.answer(request, client)
        except OSError as exc:
            log.info("a connection failed: %s", exc)
        finally:
            with self.lock:
                self.active -= 1
                self.last_used = time.monotonic()

    def answer(self, request: dict[str, Any], client: _Client) -> None:
        if not isinstance(request, dict) or not hmac.compare_digest(str(request.get("token", "")), self.token):
            client.send({"refused": "token"})
            return
        op = request.get("op")
        if op == "ping":
            with self.lock:
                client.send({"ok": True, "pid": os.getpid(), "requests": self.requests, "active": self.active - 1,
                             "idle_s": self.settings.runtime_idle_s,
                             "model": getattr(self.ctx._embedder, "name", None)})
            return
        if op == "stop":
            client.send({"ok": True})
            self.stop()
            return
        if self.stopping.is_set():
            client.send({"refused": "stopping"})
            return
        if request.get("fingerprint") != self.fingerprint:
            client.send({"refused": "settings"})
            return
        argv = request.get("argv")
        if op != "cli" or not isinstance(argv, list) or not argv or argv[0] not in COMMANDS or not all(
                isinstance(a, str) for a in argv):
            client.send({"refused": "command"})
            return
        with self.lock:
            self.requests += 1
        client.send({"exit": self.run_command(argv, str(request.get("prog") or "toolgraph"), client)})

    def run_command(self, argv: list[str], prog: str, client: _Client) -> int:
        """The click command, as ``toolgraph ARGV`` runs it, its output going to ``client``; its exit code."""
        from toolgraph.cli.commands import main

        self.local.client = client
        try:
            main.main(args=argv, prog_name=prog, obj=self.ctx, standalone_mode=True)
            return 0
        except SystemExit as exc:
            code = exc.code
            if code is None:
                return 0
            if isinstance(code, int):
                return code
            sys.stderr.write(f"{code}\n")
            return 1
        except BaseException:  # noqa: BLE001 - as the interpreter would: the traceback, exit code 1
            sys.stderr.write(traceback.format_exc())
            return 1
        finally:
            self.local.client = None

    def stop(self, *_: object) -> None:
        self.stopping.set()

    def signalled(self, *_: object) -> None:
        """SIGTERM: a runtime still starting stops at once; a ready one finishes the commands under way."""
        self.stopping.set()
        if self.listener is None:
            raise SystemExit(0)

    def close(self) -> None:
        if self.listener is not None:
            self.listener.close()
        self.files.remove(os.getpid())
        self.ctx.shutdown()


def serve() -> None:
    """The runtime's process (started by :func:`toolgraph.cli.forward.start`)."""
    local = threading.local()
    real_err = sys.stderr
    sys.stdout = _Streams(sys.stdout, "o", local)  # type: ignore[assignment]
    sys.stderr = _Streams(sys.stderr, "e", local)  # type: ignore[assignment]
    # the commands' log records (WARNING and up, as the CLI's) go to the stderr of the command that made them
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    log.setLevel(logging.INFO)
    from toolgraph.config import Settings

    runtime = Runtime(Settings())
    runtime.local = local
    signal.signal(signal.SIGTERM, runtime.signalled)
    signal.signal(signal.SIGINT, runtime.signalled)
    try:
        # "starting": a command that comes meanwhile waits for this one; `toolgraph db stop` can stop it
        runtime.files.write({"pid": os.getpid(), "state": "starting", "fingerprint": runtime.fingerprint,
                             "started": time.time()})
        runtime.warm()
        info = runtime.listen()
        runtime.files.write(info)
        real_err.write(f"toolgraph runtime {os.getpid()} ready on {info['socket'] or info['port']}\n")
        real_err.flush()
        runtime.serve_forever()
    finally:
        runtime.close()
        real_err.write(f"toolgraph runtime {os.getpid()} stopped after {runtime.requests} command(s)\n")
        real_err.flush()
