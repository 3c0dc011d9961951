"""Server processes the store starts (the embedded server, a test Neo4j): whether one is still alive."""

from __future__ import annotations

import os


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` runs: our own child that exited is reaped (and is not), a zombie is not, one we may
    not signal is."""
    try:  # reap it if it is our own child that has exited (a server started by this process)
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False
    except ChildProcessError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie (our own child that exited) still answers kill(0): look at its state.
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
            return fh.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return True
