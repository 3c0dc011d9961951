"""What the benchmarks share: a private embedded server, measuring time and memory, the machine, table printing,
the command lines, the load average and the code measured. The generated tool graph is in ``generated.py``, the
retrieval benchmarks' embedder and vector cache in ``embedder.py``.

Every benchmark starts its own server in a temporary home on free ports (:func:`private_server`), so a run never
touches ``.toolgraph/`` or a server someone has running, and stops it at the end.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import platform
import resource
import socket
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import neo4j

from toolgraph.db.cypher import NamedQuery, cypher_root, parse_query_file
from toolgraph.db.embedded import EmbeddedServer
from toolgraph.db.store import GraphStore, Tx
from toolgraph.ingest.batch import ImportBatch, ImportReport
from toolgraph.ingest.writer import write_batch

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"
DEFAULT_CHUNK = 1000  # the default of TOOLGRAPH_BATCH_SIZE, what `toolgraph import` uses
ORIGIN = "bench"
T = TypeVar("T")
STARTED = time.perf_counter()


def progress(message: str) -> None:
    print(f"[{time.perf_counter() - STARTED:6.1f}s] {message}", file=sys.stderr, flush=True)


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def rate(rows: int, seconds: float) -> float:
    return round(rows / seconds, 1) if seconds > 0 else 0.0


# -- machine, memory, CPU -------------------------------------------------------------------------------------------
def _version(package: str) -> str | None:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return None


def _proc_field(path: str, key: str) -> str | None:
    try:
        with open(path, encoding="ascii", errors="replace") as fh:
            for line in fh:
                name, _, value = line.partition(":")
                if name.strip() == key:
                    return value.strip()
    except OSError:
        return None
    return None


def _kib_to_mib(value: str | None) -> float | None:
    return round(int(value.split()[0]) / 1024, 1) if value else None


def machine_info(heap: str) -> dict[str, Any]:
    return {
        "cpu": _proc_field("/proc/cpuinfo", "model name") or platform.processor() or platform.machine(),
        "cores": len(os.sched_getaffinity(0)),
        "ram_gib": round((_kib_to_mib(_proc_field("/proc/meminfo", "MemTotal")) or 0) / 1024, 1),
        "os": platform.platform(),
        "python": platform.python_version(),
        "neo4j_driver": _version("neo4j"),
        "neo4j_rust_ext": _version("neo4j-rust-ext"),
        "arcadedb_embedded": _version("arcadedb-embedded"),
        "server_heap": heap,
    }


def machine_line(m: dict[str, Any]) -> str:
    return (f"machine: {m['cpu']}, {m['cores']} cores, {m['ram_gib']} GiB; Python {m['python']}; neo4j driver "
            f"{m['neo4j_driver']} (rust ext {m['neo4j_rust_ext'] or 'not installed'}); arcadedb-embedded "
            f"{m['arcadedb_embedded']}, heap {m['server_heap']}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
            fields = fh.read().rsplit(")", 1)[-1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mib(pid: int | str = "self") -> float | None:
    """A process's peak resident memory (VmHWM) since it started or since :func:`reset_peak_rss`."""
    return _kib_to_mib(_proc_field(f"/proc/{pid}/status", "VmHWM"))


def reset_peak_rss(pid: int | str = "self") -> bool:
    """Reset VmHWM to the current RSS (Linux ``clear_refs`` 5), so the next peak is one phase's own."""
    try:
        with open(f"/proc/{pid}/clear_refs", "w", encoding="ascii") as fh:
            fh.write("5")
    except OSError:
        return False
    return True


@dataclass
class Timing:
    wall_s: float = 0.0
    client_cpu_s: float = 0.0
    server_cpu_s: float = 0.0
    commit_s: float = 0.0
    queries: dict[str, float] = field(default_factory=dict)  # seconds in each named query, results read

    def as_dict(self) -> dict[str, Any]:
        return {k: round(v, 3) if isinstance(v, float) else v for k, v in asdict(self).items()}


@contextmanager
def query_clock() -> Iterator[Timing]:
    """Time each named query run in a write transaction (``Tx.run``) and the commits, by wrapping both while
    active; the writer itself is left as it is."""
    timing = Timing()
    spent: Counter[str] = Counter()
    run, commit = Tx.run, neo4j.Transaction.commit

    def timed_run(self: Tx, name: str, **params: Any) -> list[dict[str, Any]]:
        start = time.perf_counter()
        try:
            return run(self, name, **params)
        finally:
            spent[name] += time.perf_counter() - start

    def timed_commit(self: neo4j.Transaction) -> None:
        start = time.perf_counter()
        try:
            commit(self)
        finally:
            timing.commit_s += time.perf_counter() - start

    Tx.run, neo4j.Transaction.commit = timed_run, timed_commit  # type: ignore[method-assign]
    try:
        yield timing
    finally:
        Tx.run, neo4j.Transaction.commit = run, commit  # type: ignore[method-assign]
        timing.queries = {name: round(s, 3) for name, s in spent.items()}


# -- the server -----------------------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Bench:
    """The benchmark's own server and a store connected to it."""

    server: EmbeddedServer
    store: GraphStore
    pid: int
    start_s: float

    @classmethod
    def connect(cls, server: EmbeddedServer) -> Bench:
        """Start the server, connect, apply the schema."""
        info, start_s = timed(server.start)
        store = GraphStore.connect(info.bolt_uri, "root", server.password(), info.database, http_url=info.http_url)
        store.apply_schema()
        return cls(server, store, info.pid, round(start_s, 2))

    def data_mib(self) -> float:
        return round(int(self.server.status()["data_bytes"]) / 2**20, 1)

    def memory(self) -> dict[str, float | None]:
        """Peak resident memory so far (MiB) of this process and of the server process (since :meth:`reset_peaks`,
        where that was called: the kernel resets the peak behind ``ru_maxrss`` too)."""
        status = f"/proc/{self.pid}/status"
        return {
            "client_peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            "server_peak_rss_mib": _kib_to_mib(_proc_field(status, "VmHWM")),
            "server_rss_mib": _kib_to_mib(_proc_field(status, "VmRSS")),
        }

    def reset_peaks(self) -> bool:
        """Start a new memory phase for both processes; False where the kernel does not allow it."""
        return reset_peak_rss() and reset_peak_rss(self.pid)

    def peaks(self) -> dict[str, float | None]:
        """Peak RSS (MiB) of this process and of the server since :meth:`reset_peaks`."""
        return {"client_peak_rss_mib": peak_rss_mib(), "server_peak_rss_mib": peak_rss_mib(self.pid)}

    def cypher(self, name: str, /, **params: Any) -> list[dict[str, Any]]:
        """One of the benchmarks' own queries, ``cypher/bench/NAME.cypher`` (not one of ToolGraph's named
        queries): counts and clean-ups that only a benchmark needs."""
        return self.store.run_file(bench_query(name), **params)

    def clear(self) -> float:
        _, seconds = timed(lambda: self.store.query("clear_graph"))
        return round(seconds, 2)

    def write(self, batch: ImportBatch, *, skip_invalid: bool = False,
              chunk_size: int = DEFAULT_CHUNK) -> tuple[ImportReport, Timing]:
        """``write_batch``, measured (it resets the write counts of a batch written before)."""
        client, server = time.process_time(), cpu_seconds(self.pid)
        with query_clock() as timing:
            report, timing.wall_s = timed(lambda: write_batch(self.store, batch, skip_invalid=skip_invalid,
                                                              chunk_size=chunk_size))
        timing.client_cpu_s = time.process_time() - client
        timing.server_cpu_s = cpu_seconds(self.pid) - server
        return report, timing


def bench_query(name: str) -> NamedQuery:
    """``cypher/bench/NAME.cypher``, parsed and checked like a named query."""
    return parse_query_file(cypher_root() / "bench" / f"{name}.cypher")


@contextmanager
def private_server(heap: str) -> Iterator[Bench]:
    """A fresh embedded server in a temporary home on free ports, connected, with the schema applied; stopped
    and its home removed afterwards, whatever happens."""
    with tempfile.TemporaryDirectory(prefix="toolgraph-bench-") as home:
        progress(f"starting an embedded server in {home}")
        server = EmbeddedServer(Path(home), heap=heap, bolt_port=free_port(), http_port=free_port())
        try:
            bench = Bench.connect(server)
            try:
                yield bench
            finally:
                bench.store.close()
        finally:
            server.stop()
            progress("server stopped")


# -- output ---------------------------------------------------------------------------------------------------------
def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def table(headers: list[str], rows: list[list[Any]]) -> str:
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(headers)]

    def line(values: list[str]) -> str:
        return "  ".join(v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(values, widths)))

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, cells)])


def emit(result: dict[str, Any], *, as_json: bool, out: Path | None, human: Callable[[dict[str, Any]], None]) -> None:
    """The result as one JSON object (``--json``) or readable tables on stdout; the JSON also to ``out``."""
    text = json.dumps(result, indent=2, default=str)
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text + "\n", encoding="utf-8")
    if as_json:
        print(text)
    else:
        human(result)


# -- command lines ----------------------------------------------------------------------------------------------------
def arg_parser(doc: str | None, heap: str) -> argparse.ArgumentParser:
    """The options every benchmark takes: --json, --out, --heap."""
    p = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    p.add_argument("--out", type=Path, help="also write the JSON object to this file (e.g. bench/results/...)")
    p.add_argument("--heap", default=heap, help=f"the server's JVM heap (default {heap})")
    return p


def add_graph_args(p: argparse.ArgumentParser) -> None:
    """The size and seed of the generated graph."""
    p.add_argument("--tools", type=int, default=16000, help="generated tools (default 16000)")
    p.add_argument("--edges", type=int, default=100000, help="generated dependency edges (default 100000)")
    p.add_argument("--categories", type=int, default=40, help="generated categories (default 40)")
    p.add_argument("--seed", type=int, default=7)


def print_notes(result: dict[str, Any]) -> None:
    for note in result.get("notes", []):
        print(f"note: {note}")


def bench_main(args: argparse.Namespace, run: Callable[[argparse.Namespace], dict[str, Any]],
               human: Callable[[dict[str, Any]], None]) -> int:
    emit(run(args), as_json=args.json, out=args.out, human=human)
    return 0


# -- load and code state (retrieval benchmarks) ----------------------------------------------------------------------
class LoadSampler:
    """The 1-minute load average, sampled when asked (``sample``), with the range and mean at the end: what a
    latency figure measured on a shared machine has to be read against."""

    def __init__(self) -> None:
        self.samples: list[float] = [os.getloadavg()[0]]

    def sample(self) -> float:
        self.samples.append(os.getloadavg()[0])
        return self.samples[-1]

    def summary(self) -> dict[str, float]:
        self.sample()
        return {"min": round(min(self.samples), 2), "max": round(max(self.samples), 2),
                "mean": round(sum(self.samples) / len(self.samples), 2), "samples": len(self.samples)}


def git_state(*paths: str) -> dict[str, Any]:
    """The commit measured, and the files under ``paths`` that differed from it when the run started."""
    import subprocess

    def git(*argv: str) -> str:
        try:
            return subprocess.run(["git", *argv], cwd=ROOT, capture_output=True, text=True, timeout=20).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""

    dirty = git("status", "--porcelain", "--", *paths)
    return {"commit": git("rev-parse", "--short", "HEAD"), "dirty": dirty.splitlines() if dirty else []}
