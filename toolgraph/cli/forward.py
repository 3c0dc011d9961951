"""The thin client of the resident runtime (:mod:`toolgraph.cli.runtime`; docs/runtime.md).

``toolgraph search``, ``plan`` and ``run`` spend seconds loading torch, the embedding model, the driver and the
in-memory indexes before 20 ms of work. With ``TOOLGRAPH_RUNTIME=auto`` (the default) this module sends the command
line to a process that holds all of them, started on the first such command, and prints what it answers: the same
text, ``--json`` included, and the same exit code. It imports nothing but the standard library, so a warm command
costs the interpreter's start and a round trip.

Files, in ``TOOLGRAPH_HOME`` (0700)::

    runtime.json   pid, socket, token and settings fingerprint of the running runtime (mode 0600)
    runtime.sock   its unix socket (or, when that path is too long for one, a loopback port in runtime.json)
    runtime.lock   held while a command starts or stops the runtime
    log/runtime.log  its output

A request carries the token (a client that cannot read runtime.json cannot ask) and a fingerprint of the client's
``TOOLGRAPH_*`` settings and of the installed code: a runtime started with other settings or older code is stopped
and a fresh one started, so the answer is the one this command would give in-process. When the runtime cannot start
or dies before answering, the command runs in-process after a one-line note on stderr (``run`` is not repeated when
the runtime died in the middle of it: its calls may have been made).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: the commands the runtime answers; every other command runs in-process
COMMANDS = frozenset({"search", "plan", "run"})
#: options after which a command stays in-process: --batch reads a file relative to the caller's folder
LOCAL_OPTIONS = frozenset({"--batch", "--help"})
#: environment variables besides ``TOOLGRAPH_*`` that change an answer (the model's files and threads)
FINGERPRINT_ENV = ("HF_HOME", "HF_HUB_OFFLINE", "TRANSFORMERS_CACHE", "CUDA_VISIBLE_DEVICES", "OMP_NUM_THREADS")
MAX_FRAME = 64 * 1024 * 1024
RUNTIME_MARK = "toolgraph.cli.runtime"  # in the runtime's command line: how a pid is recognised as one
UNIX_PATH_MAX = 100  # sun_path holds 108 bytes on Linux; longer paths use a loopback port

_tried = False


class Unavailable(Exception):
    """The runtime cannot answer; the message says why (printed before the command runs in-process)."""


# -- settings (read as toolgraph.config's Settings reads them, without importing pydantic) --------------------------
def env_setting(name: str, default: str) -> str:
    return os.environ.get(f"TOOLGRAPH_{name}", default).strip()


def home_dir() -> Path:
    return Path(os.path.realpath(env_setting("HOME", ".toolgraph") or ".toolgraph"))


def float_setting(name: str, default: float) -> float:
    try:
        value = float(env_setting(name, str(default)))
    except ValueError:
        return default
    return value if value > 0 else default


def eligible(argv: list[str]) -> bool:
    """Whether ``argv`` is a command the runtime answers: it starts with the command (no global option such as
    ``-v``, whose logging setup is the process's) and reads no file of the caller's."""
    if not argv or argv[0] not in COMMANDS:
        return False
    return not any(a in LOCAL_OPTIONS or a.split("=", 1)[0] in LOCAL_OPTIONS for a in argv[1:])


def fingerprint(env: dict[str, str] | None = None) -> str:
    """A digest of what decides an answer besides the command line: the ``TOOLGRAPH_*`` variables (values hashed,
    never sent), a few model variables, the interpreter, and the installed code (paths, sizes and times of the
    package's and the Cypher folder's files)."""
    env = dict(os.environ if env is None else env)
    digest = hashlib.sha256()
    keys = [k for k in env if (k.upper().startswith("TOOLGRAPH_") and not k.upper().startswith("TOOLGRAPH_RUNTIME"))
            or k in FINGERPRINT_ENV]  # the runtime's own settings change no answer
    for key in sorted(keys):
        digest.update(f"{key}={env[key]}\0".encode("utf-8", "surrogateescape"))
    digest.update(sys.executable.encode("utf-8", "surrogateescape"))
    package = Path(__file__).resolve().parent.parent
    for root in (package, package.parent / "cypher", package / "_cypher"):
        for path, size, mtime in _files(root):
            digest.update(f"{path}\0{size}\0{mtime}\0".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def _files(root: Path) -> Iterator[tuple[str, int, int]]:
    if not root.is_dir():
        return
    stack = [str(root)]
    while stack:
        folder = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for e in entries:
            if e.is_dir(follow_symlinks=False):
                if e.name != "__pycache__":
                    stack.append(e.path)
            elif e.name.endswith((".py", ".cypher")):
                st = e.stat()
                yield e.path, st.st_size, st.st_mtime_ns


# -- the runtime's files -------------------------------------------------------------------------------------------
class Files:
    def __init__(self, home: Path) -> None:
        self.home = home
        self.info = home / "runtime.json"
        self.socket = home / "runtime.sock"
        self.lock_file = home / "runtime.lock"
        self.log = home / "log" / "runtime.log"

    def private_home(self) -> None:
        """The home folder, 0700 (as the embedded server makes it): the socket and the token live there."""
        self.home.mkdir(parents=True, exist_ok=True, mode=0o700)
        mode = self.home.stat().st_mode & 0o777
        if mode & 0o077:
            try:
                os.chmod(self.home, 0o700)
            except OSError as exc:
                raise Unavailable(f"{self.home} is open to other users and cannot be made private: {exc}") from exc

    @contextmanager
    def lock(self) -> Iterator[None]:
        self.private_home()
        fd = os.open(self.lock_file, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # releases the lock

    def read(self) -> dict[str, Any] | None:
        """runtime.json, or None when it is missing or unreadable (a half-written or corrupt file is stale)."""
        try:
            data = json.loads(self.info.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or not isinstance(data.get("pid"), int):
            return None
        if data.get("state") != "starting" and not isinstance(data.get("token"), str):
            return None
        return data

    def write(self, data: dict[str, Any]) -> None:
        tmp = self.info.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        tmp.replace(self.info)

    def remove(self, pid: int | None = None) -> None:
        """Forget the runtime described by runtime.json (only if it is ``pid``'s, when given)."""
        info = self.read()
        if pid is not None and (info is None or info.get("pid") != pid):
            return  # another runtime's files, or none to trust: the next runtime replaces them
        self.info.unlink(missing_ok=True)
        if info is None or info.get("socket") == str(self.socket):
            self.socket.unlink(missing_ok=True)


def is_runtime(pid: int) -> bool:
    """Whether ``pid`` is a live ToolGraph runtime (its command line names the runtime module; not a zombie)."""
    if pid <= 0:
        return False
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        state = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace").rsplit(")", 1)[-1].split()
    except OSError:
        return False
    return RUNTIME_MARK.encode() in cmdline and bool(state) and state[0] != "Z"


def live(files: Files) -> dict[str, Any] | None:
    """The running runtime's runtime.json; a file whose process is gone is removed (stale)."""
    info = files.read()
    if info is None:
        if files.info.exists():
            files.remove()
        return None
    if not is_runtime(info["pid"]):
        files.remove()
        return None
    return info


# -- talking to it -------------------------------------------------------------------------------------------------
def connect(info: dict[str, Any], timeout: float | None = 5.0) -> socket.socket:
    if info.get("socket"):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        address: Any = info["socket"]
    else:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        address = ("127.0.0.1", int(info["port"]))
    sock.settimeout(timeout)
    try:
        sock.connect(address)
    except OSError:
        sock.close()
        raise
    return sock


def frames(sock: socket.socket) -> Iterator[dict[str, Any]]:
    """The JSON lines the runtime sends, until it closes the connection."""
    reader = sock.makefile("rb")
    for line in reader:
        if len(line) > MAX_FRAME:
            raise Unavailable("the runtime sent an oversized frame")
        yield json.loads(line)


def send(sock: socket.socket, message: dict[str, Any]) -> None:
    sock.sendall(json.dumps(message).encode() + b"\n")


def ask(info: dict[str, Any], op: str, timeout: float = 5.0) -> dict[str, Any]:
    """One small request (``ping``, ``stop``): the runtime's one answer frame."""
    with connect(info, timeout) as sock:
        send(sock, {"op": op, "token": info["token"]})
        for frame in frames(sock):
            return frame
    raise Unavailable("the runtime closed the connection without an answer")


def stop(home: Path | None = None, timeout_s: float = 30.0) -> int | None:
    """Stop the runtime of ``home`` (the settings' when None) if one runs: it finishes the commands it is answering
    first. Returns its pid, or None when none ran."""
    files = Files(home or home_dir())
    if not files.home.is_dir():
        return None
    with files.lock():
        info = live(files)
        if info is None:
            return None
        _stop(files, info, timeout_s)
        return int(info["pid"])


def _stop(files: Files, info: dict[str, Any], timeout_s: float) -> None:
    pid = int(info["pid"])
    try:
        if info.get("state") == "starting":
            raise Unavailable("still starting")  # it has no socket yet: a signal stops it
        ask(info, "stop")
    except (OSError, ValueError, KeyError, Unavailable):
        _signal(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout_s
    while is_runtime(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    if is_runtime(pid):
        _signal(pid, signal.SIGKILL)
        while is_runtime(pid) and time.monotonic() < deadline + 5:
            time.sleep(0.05)
    files.remove(pid)


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def status(home: Path | None = None) -> dict[str, Any]:
    """Whether a runtime runs for ``home``, its pid, address, age and the commands it answered."""
    files = Files(home or home_dir())
    info = live(files) if files.home.is_dir() else None
    out: dict[str, Any] = {"running": info is not None, "home": str(files.home), "log": str(files.log)}
    if info is not None:
        out.update(pid=info["pid"], socket=info.get("socket"), port=info.get("port"),
                   uptime_s=round(time.time() - float(info.get("started", time.time())), 1),
                   current_settings=info.get("fingerprint") == fingerprint())
        try:
            answer = ask(info, "ping")
            out.update({k: v for k, v in answer.items() if k in ("requests", "active", "idle_s", "model")})
        except (OSError, ValueError, Unavailable) as exc:
            out["answers"] = f"no ({exc})"
    return out


def start(files: Files) -> dict[str, Any]:
    """Start a runtime (the caller holds the lock) and wait until it is ready."""
    files.log.parent.mkdir(parents=True, exist_ok=True)
    with open(files.log, "ab") as log:
        proc = subprocess.Popen(  # noqa: S603 - fixed argv, no shell; the token is made by the runtime itself
            [sys.executable, "-c", f"from {RUNTIME_MARK} import serve; serve()"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            umask=0o077)
    return wait_ready(files, proc.pid, proc)


def wait_ready(files: Files, pid: int, proc: subprocess.Popen[bytes] | None = None) -> dict[str, Any]:
    """runtime.json of runtime ``pid`` once it is ready; Unavailable when it exits or takes longer than
    ``TOOLGRAPH_RUNTIME_START_TIMEOUT_S``."""
    timeout = float_setting("RUNTIME_START_TIMEOUT_S", 120.0)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise Unavailable(f"the runtime exited with code {proc.returncode} while starting (see {files.log})")
        if proc is None and not is_runtime(pid):
            raise Unavailable(f"the runtime (pid {pid}) exited while starting (see {files.log})")
        info = files.read()
        if info is not None and info.get("pid") == pid and info.get("state") == "ready":
            return info
        time.sleep(0.05)
    raise Unavailable(f"the runtime did not start within {timeout:g} s (TOOLGRAPH_RUNTIME_START_TIMEOUT_S; it goes "
                      f"on starting in the background, see {files.log})")


def ready_runtime(files: Files, fp: str) -> dict[str, Any]:
    """A runtime with this command's settings: the running one, one that is starting, or a fresh one (one with
    other settings is stopped first)."""
    info = live(files)
    if info is not None and info.get("fingerprint") == fp and info.get("state") == "ready":
        return info
    with files.lock():
        info = live(files)  # another command may have started one meanwhile
        if info is not None and info.get("fingerprint") == fp:
            return info if info.get("state") == "ready" else wait_ready(files, int(info["pid"]))
        if info is not None:
            _stop(files, info, 30.0)
        return start(files)


def forward(argv: list[str]) -> int | None:
    """Answer ``argv`` through the runtime and return the exit code; None: run it in-process (not a command the
    runtime answers, the runtime is off, or it could not answer; then a note says why on stderr)."""
    global _tried
    if _tried:
        return None
    _tried = True
    if not eligible(argv) or env_setting("RUNTIME", "auto").lower() != "auto":
        return None
    files = Files(home_dir())
    fp = fingerprint()
    request = {"op": "cli", "argv": argv, "prog": _prog_name(), "fingerprint": fp,
               "tty": [_isatty(sys.stdout), _isatty(sys.stderr)]}
    output = False
    try:
        for attempt in range(2):
            info = ready_runtime(files, fp)
            try:
                sock = connect(info)
            except OSError as exc:  # the process lives but does not listen: stop it, then once more
                if attempt:
                    raise Unavailable(f"the runtime (pid {info['pid']}) does not answer: {exc}") from exc
                with files.lock():
                    _stop(files, info, 10.0)
                continue
            with sock:
                sock.settimeout(None)
                send(sock, {**request, "token": info["token"]})
                for frame in frames(sock):
                    if "o" in frame:
                        output = True
                        sys.stdout.write(frame["o"])
                        sys.stdout.flush()
                    elif "e" in frame:
                        sys.stderr.write(frame["e"])
                        sys.stderr.flush()
                    elif "exit" in frame:
                        return int(frame["exit"])
                    elif frame.get("refused") in ("settings", "stopping") and not attempt:
                        break  # it was started with other settings, or is stopping: start a fresh one
                    elif "refused" in frame:
                        raise Unavailable(f"the runtime refused the command ({frame['refused']})")
                else:
                    raise Died(f"the runtime (pid {info['pid']}) stopped before it answered (see {files.log})")
                with files.lock():
                    current = live(files)
                    if current is not None and current["pid"] == info["pid"]:
                        _stop(files, current, 30.0)
        raise Unavailable("the runtime kept refusing the command")
    except Died as exc:
        if argv[0] == "run":
            sys.stderr.write(f"error: {exc}; the run is not repeated: its calls may have been made "
                             "(run it again to retry)\n")
            return 1
        if output:
            sys.stderr.write(f"error: {exc}; what it printed above is incomplete\n")
            return 1
        _note(exc)
    except (Unavailable, OSError, ValueError) as exc:
        _note(exc)
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return 130
    return None


class Died(Unavailable):
    """The runtime's connection closed in the middle of a command."""


def _note(exc: Exception) -> None:
    sys.stderr.write(f"note: {exc}; answering in-process (TOOLGRAPH_RUNTIME=off skips the runtime)\n")
    sys.stderr.flush()


def _prog_name() -> str:
    """What click calls the program in usage lines (its ``_detect_program_name``): ``python -m toolgraph.cli`` or the
    script's name."""
    main = sys.modules.get("__main__")
    path = sys.argv[0] if sys.argv and sys.argv[0] else "toolgraph"
    package = getattr(main, "__package__", None)
    if not package:
        return os.path.basename(path)
    name = os.path.splitext(os.path.basename(path))[0]
    module = package if name == "__main__" else f"{package}.{name}"
    return f"python -m {module.lstrip('.')}"


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
