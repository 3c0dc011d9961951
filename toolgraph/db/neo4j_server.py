"""A real Neo4j 5.26 with APOC Core, APOC Extended and GDS 2.13, built from Maven artifacts and run by ToolGraph.

For the Neo4j-only tests and for developers who have Java 17+ and Maven but no Neo4j install. The Maven project
``neo4j-launcher/`` (beside this package in the repository) holds one launcher class around ``neo4j-harness``;
building it downloads Neo4j, APOC and GDS from Maven Central once (into ``~/.m2``) and copies the jars into
``neo4j-launcher/target``.
Later builds run offline and are skipped while ``neo4j-launcher/pom.xml`` and the launcher are unchanged.

A running server keeps its state under one folder::

    home/
      server.json   pid and URIs of the running server (removed on a clean stop)
      password      the ``neo4j`` user's generated password (mode 0600)
      conf/         apoc.conf (APOC reads its settings there, not from Neo4j's)
      data/         the harness's working folder: databases and Neo4j's own logs, fresh on every start
      log/          neo4j.log (the launcher's output) and build.log (Maven's)

Bolt and HTTP listen on 127.0.0.1 only; authentication is on.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from toolgraph.db.processes import pid_alive
from toolgraph.errors import ToolGraphError

log = logging.getLogger(__name__)

PROJECT = Path(__file__).resolve().parents[2] / "neo4j-launcher"
MAIN_CLASS = "org.toolgraph.neo4j.ToolGraphNeo4j"
READY = "TOOLGRAPH_NEO4J "
USER = "neo4j"
# APOC Extended re-reads custom procedures from the system database this often (ms); its default is 60 s.
APOC_CONF = "apoc.custom.procedures.refresh=1000\n"
JVM_FLAGS = ["--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/java.lang=ALL-UNNAMED",
             "-XX:+UseG1GC", "-Djava.awt.headless=true", "-Dfile.encoding=UTF-8"]


class Neo4jServerError(ToolGraphError):
    """The project's Neo4j could not be built, started or stopped."""


@dataclass(frozen=True)
class Neo4jInfo:
    pid: int
    bolt_uri: str
    http_uri: str
    user: str
    password: str
    started: float

    def public(self) -> dict[str, object]:
        """What may be printed: everything but the password."""
        return {"pid": self.pid, "bolt_uri": self.bolt_uri, "http_uri": self.http_uri, "user": self.user}


def unavailable_reason(project: Path = PROJECT) -> str | None:
    """Why this machine cannot build and run the project's Neo4j (None when it can)."""
    if not (project / "pom.xml").is_file():
        return f"the Neo4j launcher project {project} is not here (a source checkout has it)"
    java = shutil.which("java")
    if java is None:
        return "no Java on PATH: the project's Neo4j needs Java 17 or newer"
    major = java_major(java)
    if major is None or major < 17:
        return f"{java} is Java {major or 'of an unknown version'}: Neo4j 5.26 needs Java 17 or newer"
    if shutil.which("mvn") is None:
        return "no Maven (mvn) on PATH: the project's Neo4j is built with Maven from Maven Central"
    return None


def java_major(java: str) -> int | None:
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=60, check=False)  # noqa: S603
    except (OSError, subprocess.TimeoutExpired):
        return None
    match = re.search(r'version "(\d+)(?:\.(\d+))?', out.stderr + out.stdout)
    if not match:
        return None
    major = int(match.group(1))
    return int(match.group(2) or 0) if major == 1 else major


def _fingerprint(project: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted([project / "pom.xml", *(project / "src").rglob("*.java")]):
        digest.update(path.relative_to(project).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def build(project: Path = PROJECT, *, log_file: Path | None = None,
          progress: Callable[[str], None] | None = None) -> Path:
    """Build the launcher and copy the jars unless an up-to-date build is there; the ``target`` folder.

    Offline first (everything in ``~/.m2``); online when that fails, which downloads ~200 MB once.
    """
    say = progress or log.info
    reason = unavailable_reason(project)
    if reason:
        raise Neo4jServerError(reason)
    target = project / "target"
    stamp = target / "toolgraph-build.stamp"
    with _locked(project / ".build.lock"):
        wanted = _fingerprint(project)
        if stamp.is_file() and stamp.read_text(encoding="ascii").strip() == wanted and (target / "lib").is_dir():
            return target
        log_path = log_file or project / "build.log"
        log_path.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(target / "lib", ignore_errors=True)
        shutil.rmtree(target / "plugins", ignore_errors=True)
        started = time.monotonic()
        base = ["mvn", "-B", "-ntp", "-f", str(project / "pom.xml"), "process-classes"]
        with open(log_path, "w", encoding="utf-8") as out:
            code = subprocess.run([*base, "-o", "-q"], stdout=out, stderr=subprocess.STDOUT, check=False).returncode  # noqa: S603
        if code != 0:
            say("building the project's Neo4j (Neo4j 5.26, APOC, GDS 2.13) from Maven Central: the first build "
                f"downloads ~200 MB into ~/.m2 and takes a few minutes; progress in {log_path}")
            with open(log_path, "a", encoding="utf-8") as out:
                proc = subprocess.Popen(  # noqa: S603 - fixed argv
                    [s for s in base if s != "-ntp"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                assert proc.stdout is not None
                downloaded = 0
                for line in proc.stdout:
                    out.write(line)
                    if line.startswith("Downloaded from"):
                        downloaded += 1
                        if downloaded % 50 == 0:
                            say(f"  {downloaded} artifacts downloaded ({time.monotonic() - started:.0f} s)")
                code = proc.wait()
        if code != 0:
            tail = "\n".join(log_path.read_text(encoding="utf-8", errors="replace").splitlines()[-25:])
            raise Neo4jServerError(f"building the project's Neo4j failed (exit {code}); end of {log_path}:\n{tail}")
        stamp.write_text(wanted + "\n", encoding="ascii")
        say(f"the project's Neo4j is built ({time.monotonic() - started:.0f} s)")
        return target


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="ascii") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _is_ours(pid: int) -> bool:
    try:
        return MAIN_CLASS.encode() in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return pid_alive(pid)


def _port_accepts(uri: str) -> bool:
    host, _, port = uri.rstrip("/").rsplit("/", 1)[-1].rpartition(":")
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=0.5):
            return True
    except (OSError, ValueError):
        return False



def _free_port() -> int:
    """A free port on 127.0.0.1 for Bolt: known before the start, so the routing table can advertise it."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Neo4jServer:
    """Build, start, stop and inspect the project's Neo4j that keeps its state under ``home``."""

    def __init__(self, home: Path, *, heap: str = "1g", pagecache_mb: int = 256, bolt_port: int = 0,
                 http_port: int = 0, start_timeout_s: float = 900.0, project: Path = PROJECT) -> None:
        self.home = Path(home).resolve()
        self.heap = heap
        self.pagecache_mb = pagecache_mb
        self.bolt_port = bolt_port
        self.http_port = http_port
        self.start_timeout_s = start_timeout_s
        self.project = project
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def info_file(self) -> Path:
        return self.home / "server.json"

    @property
    def log_file(self) -> Path:
        return self.home / "log" / "neo4j.log"

    def password(self) -> str:
        """The ``neo4j`` user's password, generated on first use into a file only the user can read."""
        self.home.mkdir(parents=True, exist_ok=True, mode=0o700)
        path = self.home / "password"
        if path.exists():
            return path.read_text(encoding="utf-8").strip()
        secret = secrets.token_urlsafe(24)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(secret + "\n")
        return secret

    def running(self) -> Neo4jInfo | None:
        """The running server, or None; a stale ``server.json`` is removed."""
        try:
            raw = json.loads(self.info_file.read_text(encoding="utf-8"))
            info = Neo4jInfo(password=self.password(), user=USER, **raw)
        except FileNotFoundError:
            return None
        except (ValueError, TypeError) as exc:
            log.warning("ignoring unreadable %s: %s", self.info_file, exc)
            self.info_file.unlink(missing_ok=True)
            return None
        if pid_alive(info.pid) and _is_ours(info.pid):
            return info
        self.info_file.unlink(missing_ok=True)
        return None

    def status(self) -> dict[str, object]:
        info = self.running()
        out: dict[str, object] = {"home": str(self.home), "running": info is not None, "log": str(self.log_file)}
        if info is not None:
            out.update(info.public(), ready=_port_accepts(info.bolt_uri), uptime_s=round(time.time() - info.started))
        return out

    def start(self, *, watch_stdin: bool = False, progress: Callable[[str], None] | None = None) -> Neo4jInfo:
        """Build if needed, start the server unless it runs, and wait until Bolt answers.

        ``watch_stdin``: the server also stops when this process dies (its standard input is a pipe from us);
        for test sessions. Without it the server outlives this process until :meth:`stop`.
        """
        say = progress or log.info
        target = build(self.project, log_file=self.home / "log" / "build.log", progress=progress)
        with _locked(self.home / "server.lock"):
            info = self.running()
            if info is not None:
                return info
            password = self.password()
            conf = self.home / "conf"
            conf.mkdir(parents=True, exist_ok=True)
            (conf / "apoc.conf").write_text(APOC_CONF, encoding="utf-8")
            data = self.home / "data"
            shutil.rmtree(data, ignore_errors=True)  # the harness makes a fresh folder inside on every start
            self.log_file.parent.mkdir(parents=True, exist_ok=True)
            argv = [
                "java", f"-Xms{self.heap}", f"-Xmx{self.heap}", *JVM_FLAGS,
                "-cp", f"{target / 'classes'}{os.pathsep}{target / 'lib' / '*'}", MAIN_CLASS,
                str(data), str(target / "plugins"), str(self.bolt_port or _free_port()), str(self.http_port),
                str(self.pagecache_mb * 1024 * 1024), *(["--watch-stdin"] if watch_stdin else []),
            ]
            env = {**os.environ, "TOOLGRAPH_NEO4J_PASSWORD": password, "NEO4J_CONF": str(conf)}
            say(f"starting Neo4j 5.26 with APOC and GDS (heap {self.heap}); log: {self.log_file}")
            started = time.monotonic()
            with open(self.log_file, "wb") as out:
                proc = subprocess.Popen(  # noqa: S603 - fixed argv, no shell
                    argv, cwd=self.home, env=env, stdout=out, stderr=subprocess.STDOUT,
                    stdin=subprocess.PIPE if watch_stdin else subprocess.DEVNULL,
                    start_new_session=not watch_stdin, umask=0o077)
            self._proc = proc
            try:
                ready = self._wait_ready(proc)
            except Neo4jServerError:
                self._terminate(proc.pid)
                raise
            info = Neo4jInfo(pid=proc.pid, bolt_uri=ready["bolt_uri"], http_uri=ready["http_uri"], user=USER,
                             password=password, started=time.time())
            tmp = self.info_file.with_suffix(".tmp")
            tmp.write_text(json.dumps({k: v for k, v in info.__dict__.items() if k not in ("user", "password")}),
                           encoding="utf-8")
            tmp.replace(self.info_file)
            say(f"Neo4j ready at {info.bolt_uri} after {time.monotonic() - started:.0f} s (pid {info.pid})")
            return info

    def _wait_ready(self, proc: subprocess.Popen[bytes]) -> dict[str, str]:
        deadline = time.monotonic() + self.start_timeout_s
        while time.monotonic() < deadline:
            for line in self.log_file.read_text(encoding="utf-8", errors="replace").splitlines():
                if line.startswith(READY):
                    ready = {k: str(v).rstrip("/") for k, v in json.loads(line[len(READY):]).items()}
                    if _port_accepts(ready["bolt_uri"]):
                        return ready
            if proc.poll() is not None:
                raise Neo4jServerError(f"Neo4j exited with code {proc.returncode} while starting; end of "
                                       f"{self.log_file}:\n{self.log_tail()}")
            time.sleep(0.5)
        raise Neo4jServerError(f"Neo4j did not answer within {self.start_timeout_s:.0f} s; end of {self.log_file}:\n"
                               f"{self.log_tail()}")

    def stop(self, timeout_s: float = 60.0) -> bool:
        """Stop the server if it runs; True when one was stopped."""
        with _locked(self.home / "server.lock"):
            info = self.running()
            if info is None:
                return False
            self._terminate(info.pid, timeout_s)
            self.info_file.unlink(missing_ok=True)
            return True

    def _terminate(self, pid: int, timeout_s: float = 60.0) -> None:
        proc = self._proc if self._proc is not None and self._proc.pid == pid else None
        if proc is not None and proc.stdin is not None:
            proc.stdin.close()  # --watch-stdin: the launcher closes Neo4j and exits
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if (proc.poll() is not None) if proc is not None else not pid_alive(pid):
                return
            time.sleep(0.2)
        log.warning("Neo4j (pid %d) did not stop within %.0f s; killing it", pid, timeout_s)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        if proc is not None:
            proc.wait(10)

    def log_tail(self, lines: int = 25) -> str:
        try:
            text = self.log_file.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return "(no log)"
        kept = [line for line in text.splitlines() if not line.lstrip().startswith("at ")]
        return "\n".join(kept[-lines:])
