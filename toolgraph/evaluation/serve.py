"""A suite's local service: started on a free port before the requests, stopped after. A service that exits early
or never listens is an error that quotes the tail of its output."""

from __future__ import annotations

import logging
import os
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from toolgraph.errors import ToolGraphError
from toolgraph.evaluation.suite import command_line

log = logging.getLogger(__name__)
TAIL_CHARS = 2000


class ServeError(ToolGraphError):
    """A suite's service did not start."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def _tail(path: Path) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return text[-TAIL_CHARS:].strip()


def _stop(proc: subprocess.Popen[bytes], grace_s: float = 5.0) -> None:
    if proc.poll() is not None:
        return
    try:  # the service's own process group: a shell script's children stop too
        os.killpg(proc.pid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        proc.terminate()
    try:
        proc.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            proc.kill()
        proc.wait(timeout=grace_s)


@contextmanager
def serving(argv: list[str], cwd: Path, *, timeout_s: float = 30.0, name: str = "service") -> Iterator[int]:
    """Run ``argv`` (``{port}`` replaced by a free port) in ``cwd`` until it accepts connections on that port; the
    port. Stopped (its process group) when the block ends."""
    port = free_port()
    command = command_line(argv, port)
    with tempfile.TemporaryDirectory(prefix="toolgraph-serve-") as tmp:
        out = Path(tmp) / "output.log"
        with open(out, "wb") as fh:
            try:
                proc = subprocess.Popen(command, cwd=cwd, stdout=fh, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, start_new_session=True)
            except OSError as exc:
                raise ServeError(f"{name}: cannot start {' '.join(command)!r} in {cwd}: {exc}") from exc
        try:
            deadline = time.monotonic() + timeout_s
            while not _accepts(port):
                code = proc.poll()
                if code is not None:
                    raise ServeError(f"{name}: the serve command {' '.join(argv)!r} exited with status {code} "
                                     f"before listening on port {port}; its output ends:\n{_tail(out)}")
                if time.monotonic() >= deadline:
                    raise ServeError(f"{name}: the serve command {' '.join(argv)!r} did not listen on port {port} "
                                     f"within {timeout_s:g} s; its output ends:\n{_tail(out)}")
                time.sleep(0.1)
            log.info("%s: serving on port %d (pid %d)", name, port, proc.pid)
            yield port
        finally:
            _stop(proc)
