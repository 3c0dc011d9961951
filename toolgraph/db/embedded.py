"""The embedded default: the ArcadeDB server from the ``arcadedb-embedded`` wheel as a background process.

ToolGraph starts it with the wheel's own JRE and jars, bound to 127.0.0.1, with its Bolt plugin on, and keeps all
of its state under one folder (``TOOLGRAPH_HOME``)::

    home/
      server.json     pid, ports and database of the running server (removed on a clean stop)
      password        the generated root password (mode 0600)
      server.args     the server's settings, password included, as a Java @argfile (mode 0600)
      server.lock     held while a process starts or stops the server
      arcadedb/       the server's root path: databases, config, backups
      log/            the server's own logs and server.log, its standard output and error
"""

from __future__ import annotations

import fcntl
import importlib.util
import json
import logging
import os
import secrets
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from toolgraph.db.processes import pid_alive
from toolgraph.errors import EmbeddedServerError

log = logging.getLogger(__name__)

MAIN_CLASS = "com.arcadedb.server.ArcadeDBServer"
JVM_FLAGS = [
    "-XX:+UseCompactObjectHeaders",
    "--add-modules=jdk.incubator.vector",
    "--enable-native-access=ALL-UNNAMED",
    "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
    "--add-opens=java.base/java.nio.channels.spi=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "-Djava.awt.headless=true",
    "-Dfile.encoding=UTF8",
]
# Over Bolt, a message above the server's limit makes the client hang forever: raise it well above our batches.
BOLT_MAX_MESSAGE = 64 * 1024 * 1024


@dataclass(frozen=True)
class ServerInfo:
    pid: int
    bolt_port: int
    http_port: int
    database: str
    started: float

    @property
    def bolt_uri(self) -> str:
        return f"bolt://127.0.0.1:{self.bolt_port}"

    @property
    def http_url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"


def package_dir() -> Path:
    """The installed ``arcadedb_embedded`` folder, found without importing it (that would start a JVM)."""
    spec = importlib.util.find_spec("arcadedb_embedded")
    if spec is None or spec.origin is None:
        raise EmbeddedServerError(
            "the embedded graph server needs the 'arcadedb-embedded' package: pip install arcadedb-embedded"
        )
    return Path(spec.origin).parent


def _is_our_server(pid: int) -> bool:
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return pid_alive(pid)
    return MAIN_CLASS.encode() in cmdline


def _port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def _wait_port_free(port: int, seconds: float) -> bool:
    """True once the port can be bound; a server that was just killed may hold it for a moment."""
    deadline = time.monotonic() + seconds
    while not _port_free(port):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.2)
    return True


def _port_accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


class EmbeddedServer:
    """Start, stop and inspect the embedded server that keeps its state under ``home``."""

    def __init__(
        self,
        home: Path,
        *,
        heap: str = "2g",
        bolt_port: int = 17687,
        http_port: int = 12480,
        database: str = "toolgraph",
        start_timeout_s: float = 90.0,
    ) -> None:
        self.home = Path(home).resolve()
        self.heap = heap
        self.bolt_port = bolt_port
        self.http_port = http_port
        self.database = database
        self.start_timeout_s = start_timeout_s
        self.info_problem: str | None = None  # why server.json could not be read, when it could not

    # -- files -------------------------------------------------------------------------------------------------
    @property
    def info_file(self) -> Path:
        return self.home / "server.json"

    @property
    def password_file(self) -> Path:
        return self.home / "password"

    @property
    def log_file(self) -> Path:
        return self.home / "log" / "server.log"  # beside the server's own log (it writes ./log)

    @property
    def root_path(self) -> Path:
        return self.home / "arcadedb"

    def _database_exists(self) -> bool:
        return (self.root_path / "databases" / self.database).is_dir()

    def password(self) -> str:
        """The root password, generated on first use into a file only the user can read."""
        if self.home.exists():
            self.private_home()
        if self.password_file.exists():
            mode = self.password_file.stat().st_mode & 0o777
            if mode & 0o077:
                os.chmod(self.password_file, 0o600)
            return self.password_file.read_text(encoding="utf-8").strip()
        if self.root_path.exists() and any(self.root_path.iterdir()):
            raise EmbeddedServerError(
                f"{self.password_file} is missing but {self.root_path} holds a database created with it; "
                "restore the file, or remove the folder to start afresh"
            )
        self.private_home()
        secret = secrets.token_urlsafe(24)
        fd = os.open(self.password_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(secret + "\n")
        return secret

    def read_info(self) -> ServerInfo | None:
        self.info_problem = None
        try:
            raw = json.loads(self.info_file.read_text(encoding="utf-8"))
            info = ServerInfo(**raw)
            if not all(isinstance(getattr(info, k), int) for k in ("pid", "bolt_port", "http_port")):
                raise TypeError("pid and ports must be whole numbers")
            return info
        except FileNotFoundError:
            return None
        except (ValueError, TypeError, UnicodeDecodeError) as exc:
            self.info_problem = f"{self.info_file} is corrupted ({exc})"
            log.warning("ignoring unreadable %s: %s", self.info_file, exc)
            return None

    def private_home(self) -> None:
        """Create the home folder 0700, or tighten one that others may read (it holds the password, the server's
        settings and the database with the users' password hashes)."""
        self.home.mkdir(parents=True, exist_ok=True, mode=0o700)
        mode = self.home.stat().st_mode & 0o777
        if mode & 0o077:
            try:
                os.chmod(self.home, 0o700)
            except OSError as exc:
                raise EmbeddedServerError(
                    f"{self.home} is open to other users (mode {mode:o}) and cannot be made private: {exc}; "
                    "chmod 700 it or choose another TOOLGRAPH_HOME") from exc
            log.warning("%s was open to other users (mode %o): made it 0700", self.home, mode)

    @contextmanager
    def _lock(self) -> Iterator[None]:
        self.private_home()
        with open(self.home / "server.lock", "w", encoding="ascii") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    # -- state -------------------------------------------------------------------------------------------------
    def running(self) -> ServerInfo | None:
        """The running server's info, or None. A stale pid file (process gone, or not ours) is removed."""
        info = self.read_info()
        if info is None:
            return None
        if info.pid > 0 and pid_alive(info.pid) and _is_our_server(info.pid):
            return info
        log.warning("removing stale pid file %s: process %d is not running", self.info_file, info.pid)
        self.info_file.unlink(missing_ok=True)
        return None

    def ready(self, info: ServerInfo) -> bool:
        try:
            with urllib.request.urlopen(f"{info.http_url}/api/v1/ready", timeout=2) as resp:
                http_ok = resp.status in (200, 204)
        except (urllib.error.URLError, OSError):
            return False
        return http_ok and _port_accepts(info.bolt_port)

    def status(self) -> dict[str, object]:
        info = self.running()
        files = self.root_path.rglob("*") if self.root_path.exists() else ()
        data_bytes = sum(p.stat().st_size for p in files if p.is_file())
        out: dict[str, object] = {
            "home": str(self.home),
            "running": info is not None,
            "data_bytes": data_bytes,
            "log": str(self.log_file),
        }
        if info is not None:
            out.update(
                pid=info.pid,
                bolt_uri=info.bolt_uri,
                http_url=info.http_url,
                database=info.database,
                ready=self.ready(info),
                uptime_s=round(time.time() - info.started, 1),
            )
        return out

    # -- start / stop ------------------------------------------------------------------------------------------
    def command(self, password: str) -> list[str]:
        pkg = package_dir()
        java = pkg / "jre" / "bin" / "java"
        if not java.exists():
            raise EmbeddedServerError(f"the arcadedb-embedded package has no bundled Java at {java}")
        props = {
            "arcadedb.server.rootPath": str(self.root_path),
            "arcadedb.server.databaseDirectory": str(self.root_path / "databases"),
            "arcadedb.server.rootPassword": password,
            "arcadedb.server.httpIncomingHost": "127.0.0.1",
            "arcadedb.server.httpIncomingPort": str(self.http_port),
            "arcadedb.server.plugins": "Bolt:com.arcadedb.bolt.BoltProtocolPlugin",
            "arcadedb.bolt.host": "127.0.0.1",
            "arcadedb.bolt.port": str(self.bolt_port),
            "arcadedb.bolt.maxMessageSize": str(BOLT_MAX_MESSAGE),
            # ':admin' is required: without it root may not change that database's schema.
            "arcadedb.server.defaultDatabases": f"{self.database}[root:{password}:admin]",
        }
        # The settings (the password among them) go into a Java @argfile only the user can read, so the
        # password never shows in the process list.
        argfile = self.home / "server.args"
        fd = os.open(argfile, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            for key, value in props.items():
                fh.write(_argfile_quote(f"-D{key}={value}") + "\n")
        return [
            str(java),
            f"-Xms{min(256, _heap_mb(self.heap))}m",
            f"-Xmx{self.heap}",
            *JVM_FLAGS,
            f"@{argfile}",
            "-cp",
            str(pkg / "jars" / "*"),
            MAIN_CLASS,
        ]

    def start(self) -> ServerInfo:
        """Start the server unless it already runs, and wait until it answers on HTTP and Bolt."""
        with self._lock():
            info = self.running()
            if info is not None:
                if info.bolt_port != self.bolt_port or info.http_port != self.http_port:
                    log.info("embedded server already runs on bolt %d / http %d", info.bolt_port, info.http_port)
                self._wait_ready(info, None)
                return info
            for port, name in ((self.bolt_port, "BOLT_PORT"), (self.http_port, "HTTP_PORT")):
                if not _wait_port_free(port, 5.0):
                    if self.info_problem:
                        raise EmbeddedServerError(
                            f"{self.info_problem}, and port {port} on 127.0.0.1 is in use, perhaps by the embedded "
                            f"server it described: stop that java process (ps -ef | grep ArcadeDBServer) and "
                            f"remove {self.info_file}, or restore the file"
                        )
                    raise EmbeddedServerError(
                        f"port {port} on 127.0.0.1 is taken by another program, and no embedded server of "
                        f"{self.home} runs there; choose another with TOOLGRAPH_EMBEDDED_{name}"
                    )
            password = self.password()
            self.log_file.parent.mkdir(parents=True, exist_ok=True)
            self.root_path.mkdir(parents=True, exist_ok=True)
            log.info("starting embedded graph server (heap %s, bolt %d)", self.heap, self.bolt_port)
            with open(self.log_file, "ab") as logfh:
                proc = subprocess.Popen(  # noqa: S603 - fixed argv, no shell
                    self.command(password),
                    cwd=self.home,
                    stdin=subprocess.DEVNULL,
                    stdout=logfh,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                    umask=0o077,  # the database files: the user's only
                )
            info = ServerInfo(proc.pid, self.bolt_port, self.http_port, self.database, time.time())
            tmp = self.info_file.with_suffix(".tmp")
            tmp.write_text(json.dumps(info.__dict__), encoding="utf-8")
            tmp.replace(self.info_file)
            try:
                self._wait_ready(info, proc)
            except EmbeddedServerError:
                self._terminate(info.pid, proc)
                self.info_file.unlink(missing_ok=True)
                raise
            log.info("embedded graph server ready at %s (pid %d)", info.bolt_uri, info.pid)
            return info

    def _wait_ready(self, info: ServerInfo, proc: subprocess.Popen[bytes] | None) -> None:
        deadline = time.monotonic() + self.start_timeout_s
        while time.monotonic() < deadline:
            if proc is not None and proc.poll() is not None:
                raise EmbeddedServerError(
                    f"the embedded graph server exited with code {proc.returncode} while starting; "
                    f"last lines of {self.log_file}:\n{self.log_tail()}"
                )
            if proc is None and not pid_alive(info.pid):
                raise EmbeddedServerError(f"the embedded graph server (pid {info.pid}) died; see {self.log_file}")
            if self.ready(info):
                return
            time.sleep(0.2)
        raise EmbeddedServerError(
            f"the embedded graph server did not become ready within {self.start_timeout_s:.0f} s; "
            f"last lines of {self.log_file}:\n{self.log_tail()}"
        )

    def stop(self, timeout_s: float = 30.0) -> bool:
        """Stop the server if it runs; True when one was stopped."""
        with self._lock():
            info = self.running()
            if info is None:
                return False
            self._terminate(info.pid, None, timeout_s)
            self.info_file.unlink(missing_ok=True)
            return True

    def _terminate(self, pid: int, proc: subprocess.Popen[bytes] | None, timeout_s: float = 30.0) -> None:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if proc is not None and proc.poll() is not None:
                return
            if not pid_alive(pid):
                return
            time.sleep(0.1)
        log.warning("embedded graph server (pid %d) did not stop within %.0f s; killing it", pid, timeout_s)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        if proc is not None:
            proc.wait(5)

    def log_tail(self, lines: int = 20) -> str:
        try:
            text = self.log_file.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])


def _argfile_quote(arg: str) -> str:
    return '"' + arg.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _heap_mb(heap: str) -> int:
    number, unit = int(heap[:-1]), heap[-1].lower()
    return {"k": number // 1024, "m": number, "g": number * 1024}[unit] or 1
