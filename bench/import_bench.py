"""Import benchmark: the real shared corpus and a generated tool graph, through ToolGraph's own import path.

It starts its own embedded graph server in a temporary home on free ports (never ``.toolgraph/``), and stops it
at the end.

- Part A: every shared data set (``../shared/data``) read into an ImportBatch and written with ``write_batch``,
  then everything a second time, which must write nothing.
- Part B: a generated graph (16,000 tools, 100,000 dependency edges by default) written in one transaction; the
  same batch again (all unchanged); the graph rewritten at several chunk sizes; and a subset written one
  auto-commit statement per row, against the same subset batched: the naive baseline.

    .venv/bin/python bench/import_bench.py                        # readable tables on stdout
    .venv/bin/python bench/import_bench.py --json                 # one JSON object on stdout
    .venv/bin/python bench/import_bench.py --tools 4000 --edges 20000 --skip-shared

Progress goes to stderr; the exit code is 1 when a repeated import wrote anything. Figures: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import platform
import random
import resource
import socket
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import neo4j

from toolgraph.embedded import EmbeddedServer
from toolgraph.ingest.batch import KINDS, ImportBatch, ImportReport
from toolgraph.ingest.openapi import read_restbench
from toolgraph.ingest.paths import read_paths
from toolgraph.ingest.taskbench import read_taskbench
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.ingest.writer import MERGE_DEPENDENCY, write_batch
from toolgraph.models import CategorySpec, DependencySpec, GroupSpec, Param, ToolSpec
from toolgraph.stats import graph_stats
from toolgraph.store import GraphStore, Tx

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


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
            fields = fh.read().rsplit(")", 1)[-1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
        """Peak resident memory so far (MiB) of this process and of the server process."""
        status = f"/proc/{self.pid}/status"
        return {
            "client_peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            "server_peak_rss_mib": _kib_to_mib(_proc_field(status, "VmHWM")),
            "server_rss_mib": _kib_to_mib(_proc_field(status, "VmRSS")),
        }

    def clear(self) -> float:
        _, seconds = timed(lambda: self.store.query("clear_graph"))
        return round(seconds, 2)

    def write(self, batch: ImportBatch, *, skip_invalid: bool = False,
              chunk_size: int = DEFAULT_CHUNK) -> tuple[ImportReport, Timing]:
        """``write_batch``, measured. The writer adds its counts to ``batch.report``: a batch written before gets
        a fresh report, or it would count twice."""
        if batch.report.written:
            batch.report = ImportReport(source=batch.report.source)
        client, server = time.process_time(), cpu_seconds(self.pid)
        with query_clock() as timing:
            report, timing.wall_s = timed(lambda: write_batch(self.store, batch, skip_invalid=skip_invalid,
                                                              chunk_size=chunk_size))
        timing.client_cpu_s = time.process_time() - client
        timing.server_cpu_s = cpu_seconds(self.pid) - server
        return report, timing


# -- import results -------------------------------------------------------------------------------------------------
@dataclass
class ImportResult:
    name: str
    read_s: float
    timing: Timing
    files: int
    records: int
    created: int
    updated: int
    unchanged: int
    rejected: list[str]
    filtered: int
    transitions_added: int
    counts: dict[str, dict[str, int]]

    @property
    def written(self) -> int:
        return self.created + self.updated

    @property
    def rows(self) -> int:
        return self.written + self.unchanged

    def changes(self) -> list[str]:
        """What the import changed; a repeated import must change nothing."""
        out = [f"{kind}: {c['created']} created, {c['updated']} updated"
               for kind, c in self.counts.items() if c["created"] or c["updated"]]
        if self.transitions_added:
            out.append(f"{self.transitions_added} transitions added")
        return out

    def as_dict(self) -> dict[str, Any]:
        out = {k: v for k, v in asdict(self).items() if k != "timing"}
        return {**out, "read_s": round(self.read_s, 3), "write_s": round(self.timing.wall_s, 3),
                "written": self.written, "rows": self.rows, "rows_per_s": rate(self.written, self.timing.wall_s),
                "timing": self.timing.as_dict()}


def summarize(name: str, report: ImportReport, read_s: float, timing: Timing) -> ImportResult:
    total = {key: sum(getattr(report.counts[kind], key) for kind in KINDS)
             for key in ("created", "updated", "unchanged")}
    return ImportResult(
        name=name, read_s=read_s, timing=timing, files=report.files, records=report.records,
        rejected=[str(p) for p in report.rejected], filtered=sum(report.filtered.values()),
        transitions_added=report.transitions_added,
        counts={kind: report.counts[kind].as_dict() for kind in KINDS}, **total,
    )


# -- Part A: the shared corpus --------------------------------------------------------------------------------------
Reader = Callable[[ImportBatch], ImportBatch]


def shared_steps(data: Path, store: GraphStore) -> list[tuple[str, Reader, bool]]:
    """(name, reader, skip_invalid) for each source, in the order an import must run (tools before paths)."""
    stb, tb, rb, tk = data / "stabletoolbench", data / "toolbench", data / "restbench", data / "taskbench"
    return [
        # skip_invalid: one response-example file is empty.
        ("toolbench", lambda b: read_toolbench(
            [stb / "test_instruction", tb / "data_example" / "instruction", tb / "data_example" / "toolenv"], b), True),
        # Reading paths queries the graph (function name -> tool), so its read time includes those round trips.
        ("paths", lambda b: read_paths(
            [stb / "answers", tb / "data_example" / "answer", tb / "tooleval_cot_paths"], b, store,
            add_missing_tools=True), True),
        # skip_invalid: one gold path names an operation the spec lacks.
        ("restbench", lambda b: read_restbench(
            rb / "datasets" / "tmdb.json", rb / "specs" / "tmdb_oas.json", b, group="TMDB", category="Movies"), True),
        ("taskbench", lambda b: read_taskbench(tk / "data_multimedia", read_taskbench(tk / "data_huggingface", b)),
         False),
    ]


def import_pass(bench: Bench, steps: list[tuple[str, Reader, bool]], label: str) -> list[ImportResult]:
    results = []
    for name, reader, skip_invalid in steps:
        batch, read_s = timed(partial(reader, ImportBatch(name)))
        report, timing = bench.write(batch, skip_invalid=skip_invalid)
        result = summarize(name, report, read_s, timing)
        progress(f"{label} {name}: read {read_s:.2f} s, write {timing.wall_s:.2f} s, {result.written} rows written, "
                 f"{result.unchanged} unchanged, {len(result.rejected)} rejected")
        results.append(result)
    return results


def part_shared(bench: Bench, data: Path) -> dict[str, Any]:
    steps = shared_steps(data, bench.store)
    progress(f"part A: importing the shared corpus from {data}")
    first = import_pass(bench, steps, "first import:")
    progress("part A: importing it all a second time (must write nothing)")
    second = import_pass(bench, steps, "re-import:")
    failures = [f"{r.name}: {line}" for r in second for line in r.changes()]
    for line in failures:
        progress(f"IDEMPOTENCY FAILURE {line}")
    stats = graph_stats(bench.store)
    return {
        "data": str(data),
        "first": [r.as_dict() for r in first],
        "second": [r.as_dict() for r in second],
        "idempotent": not failures,
        "idempotency_failures": failures,
        "graph": {k: stats[k] for k in ("nodes", "relationships", "transitions")},
        "data_mib": bench.data_mib(),
        "memory": bench.memory(),
    }


# -- Part B: a generated graph --------------------------------------------------------------------------------------
WORDS = ("search", "convert", "fetch", "translate", "summarize", "detect", "classify", "render", "resize", "geocode",
         "weather", "stock", "image", "audio", "video", "text", "user", "order", "invoice", "flight", "hotel", "news",
         "email", "calendar", "map", "price", "review", "recipe", "movie", "song", "document", "entity")
RESOURCES = ("text", "image", "audio", "video", "url", "json", "file", "location", "date", "user_id")
DEPENDENCY_MIX = (("SEQUENTIAL", 0.5), ("WEAK_RESOURCE", 0.35), ("STRONG_RESOURCE", 0.15))
LOCAL_EDGES = 0.7  # share of edges whose two tools are in the same category


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def _params(rng: random.Random, low: int, high: int) -> list[Param]:
    return [Param(name=f"{rng.choice(WORDS)}_{i}", type=rng.choice(("string", "number", "boolean")),
                  description=_sentence(rng, 6)) for i in range(rng.randint(low, high))]


def _group_sizes(rng: random.Random, n_tools: int) -> Iterator[int]:
    left = n_tools
    while left > 0:
        size = min(left, rng.randint(5, 11))  # about 8 tools a group
        left -= size
        yield size


def generate(n_tools: int, n_edges: int, n_categories: int, seed: int) -> ImportBatch:
    """A deterministic tool graph. Groups are laid out category by category and most edges stay inside a
    category, so the first tools of the batch, with the edges between them, are a connected subset."""
    rng = random.Random(seed)
    batch = ImportBatch("generated")
    categories = [CategorySpec(name=f"Category {c:02d}", description=_sentence(rng, 8)) for c in range(n_categories)]
    for cat in categories:
        batch.add_category(cat, ORIGIN, cat.name)
    sizes = list(_group_sizes(rng, n_tools))
    tool_category: list[int] = []
    for g, size in enumerate(sizes):
        c = g * n_categories // len(sizes)
        group = GroupSpec(id=f"bench/g{g:05d}", name=f"group {g:05d}", category=categories[c].name,
                          description=_sentence(rng, 12), source=ORIGIN, popularity_score=round(rng.random(), 3))
        batch.add_group(group, ORIGIN, group.id)
        for _ in range(size):
            t = len(tool_category)
            tool_category.append(c)
            tool = ToolSpec(
                id=f"{group.id}/t{t:06d}", name=f"tool {t:06d}", group_id=group.id,
                description=_sentence(rng, 20), method=rng.choice(("GET", "POST")),
                url=f"https://api.example.com/g{g}/t{t}", required_params=_params(rng, 1, 3),
                optional_params=_params(rng, 0, 3), output_schema={"result": rng.choice(RESOURCES)},
                source=ORIGIN, source_ref={"index": t}, function_name=f"t{t:06d}_for_g{g:05d}",
            )
            batch.add_tool(tool, ORIGIN, tool.id)
    _add_edges(batch, rng, tool_category, n_edges)
    return batch


def _add_edges(batch: ImportBatch, rng: random.Random, tool_category: list[int], n_edges: int) -> None:
    ids = list(batch.tools)
    by_category: dict[int, list[int]] = {}
    for t, c in enumerate(tool_category):
        by_category.setdefault(c, []).append(t)
    types, weights = zip(*DEPENDENCY_MIX)
    possible = len(ids) * (len(ids) - 1) * (1 + 2 * len(RESOURCES))  # distinct (source, target, type, resource)
    while len(batch.dependencies) < min(n_edges, possible):
        a = rng.randrange(len(ids))
        b = rng.choice(by_category[tool_category[a]] if rng.random() < LOCAL_EDGES else range(len(ids)))
        if a == b:
            continue
        kind = rng.choices(types, weights)[0]
        dep = DependencySpec(
            source=ids[a], target=ids[b], type=kind, origin=ORIGIN,
            resource=None if kind == "SEQUENTIAL" else rng.choice(RESOURCES),
            weight=round(rng.random(), 3) if kind == "SEQUENTIAL" else None,
        )
        if dep.key() not in batch.dependencies:
            batch.add_dependency(dep, ORIGIN, f"edge {len(batch.dependencies)}")


def subset(batch: ImportBatch, n_tools: int, n_edges: int) -> ImportBatch:
    """The first tools of a batch with their groups and categories, and the first edges between them."""
    out = ImportBatch(f"{batch.report.source} subset")
    for tool in list(batch.tools.values())[:n_tools]:
        group = batch.groups[tool.group_id]
        out.add_category(batch.categories[group.category], ORIGIN, group.category)
        out.add_group(group, ORIGIN, group.id)
        out.add_tool(tool, ORIGIN, tool.id)
    for dep in batch.dependencies.values():
        if len(out.dependencies) >= n_edges:
            break
        if dep.source in out.tools and dep.target in out.tools:
            out.add_dependency(dep, ORIGIN, f"{dep.source} -> {dep.target}")
    return out


def single_rows(batch: ImportBatch) -> list[tuple[str, dict[str, Any]]]:
    """Every record of a batch as (named query, row): the rows the writer sends, in its order, one at a time."""

    def props(spec: Any) -> dict[str, Any]:
        return {k: v for k, v in spec.props().items() if v is not None and v != ""}

    rows: list[tuple[str, dict[str, Any]]] = []
    rows += [("merge_categories", {"name": c.name, "props": props(c)}) for c in batch.categories.values()]
    rows += [("merge_groups", {"id": g.id, "category": g.category, "props": props(g)}) for g in batch.groups.values()]
    rows += [("merge_tools", {"id": t.id, "group_id": t.group_id, "props": props(t)}) for t in batch.tools.values()]
    for dep in batch.dependencies.values():
        row = {"source": dep.source, "target": dep.target, "props": props(dep)}
        if dep.type != "SEQUENTIAL":
            row["resource"] = dep.resource
        rows.append((MERGE_DEPENDENCY[dep.type], row))
    return rows


def per_row_write(store: GraphStore, rows: list[tuple[str, dict[str, Any]]]) -> float:
    """One auto-commit transaction per row, through the same named queries; returns seconds."""
    start = time.perf_counter()
    for i, (name, row) in enumerate(rows, start=1):
        store.query(name, rows=[row])
        if i % 2000 == 0:
            progress(f"  per-row: {i}/{len(rows)} rows, {i / (time.perf_counter() - start):.0f} rows/s so far")
    return time.perf_counter() - start


def part_generated(bench: Bench, args: argparse.Namespace) -> dict[str, Any]:
    progress(f"part B: generating {args.tools} tools and {args.edges} dependency edges (seed {args.seed})")
    batch, build_s = timed(lambda: generate(args.tools, args.edges, args.categories, args.seed))
    records = sum(len(getattr(batch, kind)) for kind in KINDS)
    progress(f"built {records} records in {build_s:.2f} s; clearing the graph")
    out: dict[str, Any] = {
        "tools": len(batch.tools), "groups": len(batch.groups), "categories": len(batch.categories),
        "dependencies": len(batch.dependencies), "records": records, "build_s": round(build_s, 3),
        "dependency_types": {t: sum(d.type == t for d in batch.dependencies.values()) for t, _ in DEPENDENCY_MIX},
        "clear_before_s": bench.clear(),
    }

    def write_once(label: str, chunk_size: int) -> dict[str, Any]:
        report, timing = bench.write(batch, chunk_size=chunk_size)
        result = summarize(label, report, build_s, timing)
        progress(f"{label}: {timing.wall_s:.2f} s, {result.written} rows written "
                 f"({rate(result.written, timing.wall_s):.0f} rows/s), {result.unchanged} unchanged")
        return {**result.as_dict(), "chunk_size": chunk_size, "changes": result.changes()}

    out["write"] = write_once("first write", DEFAULT_CHUNK)
    out["rewrite"] = write_once("same batch again", DEFAULT_CHUNK)
    out["rewrite"]["idempotent"] = not out["rewrite"]["changes"]
    out["data_mib"] = bench.data_mib()
    out["chunks"] = []
    sizes = sorted({DEFAULT_CHUNK, *args.chunk_sizes})
    for run in range(1, args.repeats + 1):  # sizes interleaved, so drift hits them alike
        for size in sizes:
            clear_s = bench.clear()
            out["chunks"].append({**write_once(f"chunk {size}, run {run}", size), "run": run, "clear_s": clear_s})
    out["chunk_summary"] = chunk_summary(out["chunks"], records)
    out["baseline"] = baseline(bench, batch, args.baseline_tools, args.baseline_edges)
    out["memory"] = bench.memory()
    return out


def chunk_summary(runs: list[dict[str, Any]], records: int) -> list[dict[str, Any]]:
    """Per chunk size: the write seconds of each run, their median, and rows/s at the median."""
    by_size: dict[int, list[float]] = {}
    for r in runs:
        by_size.setdefault(r["chunk_size"], []).append(r["write_s"])
    out = []
    for size, seconds in sorted(by_size.items()):
        median = round(statistics.median(seconds), 3)
        out.append({"chunk_size": size, "write_s": seconds, "median_s": median, "rows_per_s": rate(records, median)})
    return out


def baseline(bench: Bench, batch: ImportBatch, n_tools: int, n_edges: int) -> dict[str, Any]:
    """The same subset written batched (one transaction) and one auto-commit statement per row, each into a
    clean graph."""
    part = subset(batch, n_tools, n_edges)
    rows = single_rows(part)
    progress(f"baseline subset: {len(part.tools)} tools, {len(part.dependencies)} edges, {len(rows)} rows")
    bench.clear()
    _, timing = bench.write(part)
    batched_s = timing.wall_s
    progress(f"  batched, one transaction: {batched_s:.2f} s ({rate(len(rows), batched_s):.0f} rows/s)")
    bench.clear()
    per_row_s = per_row_write(bench.store, rows)
    progress(f"  one statement per row: {per_row_s:.2f} s ({rate(len(rows), per_row_s):.0f} rows/s)")
    return {
        "tools": len(part.tools), "groups": len(part.groups), "categories": len(part.categories),
        "dependencies": len(part.dependencies), "rows": len(rows),
        "batched_s": round(batched_s, 3), "batched_rows_per_s": rate(len(rows), batched_s),
        "per_row_s": round(per_row_s, 3), "per_row_rows_per_s": rate(len(rows), per_row_s),
        "per_row_ms": round(1000 * per_row_s / max(len(rows), 1), 2),
        "speedup": round(per_row_s / batched_s, 1) if batched_s > 0 else None,
    }


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


def _total(rows: list[list[Any]], columns: range) -> list[Any]:
    return ["total", *(sum(r[i] for r in rows) for i in columns)]


def print_shared(a: dict[str, Any]) -> None:
    print(f"\n## Part A: the shared corpus ({a['data']})\n")
    rows = [[r["name"], r["files"], r["records"], r["read_s"], r["write_s"], r["written"], len(r["rejected"]),
             r["filtered"]] for r in a["first"]]
    total = _total(rows, range(1, 8))
    rows = [r[:6] + [rate(r[5], r[4])] + r[6:] for r in [*rows, total]]
    print(table(["first import", "files", "records", "read s", "write s", "rows written", "rows/s", "rejected",
                 "filtered"], rows))
    for r in a["first"]:
        for problem in r["rejected"]:
            print(f"  rejected ({r['name']}): {problem}")
    print()
    rows = [[r["name"], r["read_s"], r["write_s"], r["rows"], r["created"], r["updated"], r["unchanged"]]
            for r in a["second"]]
    print(table(["re-import", "read s", "write s", "rows checked", "created", "updated", "unchanged"],
                [*rows, _total(rows, range(1, 7))]))
    verdict = "every record unchanged" if a["idempotent"] else "FAILED: " + "; ".join(a["idempotency_failures"])
    print(f"\nidempotency: {verdict}")
    g = a["graph"]
    print("graph: " + ", ".join(f"{k} {v:,}" for k, v in g["nodes"].items()))
    print("       " + ", ".join(f"{k} {v:,}" for k, v in g["relationships"].items()))
    print(f"       transitions {g['transitions']:,}; data on disk {a['data_mib']} MiB")


def _breakdown(run: dict[str, Any]) -> str:
    t = run["timing"]
    queries = sorted(t["queries"].items(), key=lambda kv: -kv[1])
    client = t["wall_s"] - sum(t["queries"].values()) - t["commit_s"]
    parts = [f"{name} {s:.2f}" for name, s in queries if s >= 0.05]
    return (f"  {run['name']} ({t['wall_s']:.2f} s): " + ", ".join(parts) + f", commit {t['commit_s']:.2f}, "
            f"the rest (Python: check, classify, encode) {client:.2f}; CPU: client {t['client_cpu_s']:.2f} s, "
            f"server {t['server_cpu_s']:.2f} s")


def print_generated(b: dict[str, Any]) -> None:
    print(f"\n## Part B: generated graph ({b['tools']:,} tools, {b['groups']:,} groups, {b['categories']} categories, "
          f"{b['dependencies']:,} edges: " + ", ".join(f"{k} {v:,}" for k, v in b["dependency_types"].items()) + ")\n")
    print(f"build the batch (pydantic models): {b['build_s']:.2f} s for {b['records']:,} records\n")
    runs = [b["write"], b["rewrite"], *b["chunks"]]
    print(table(["one transaction", "clear s", "write s", "rows written", "unchanged", "rows/s"],
                [[r["name"], r.get("clear_s", ""), r["write_s"], r["written"], r["unchanged"], r["rows_per_s"]]
                 for r in runs]))
    print("\nwhere the time went:")
    print(_breakdown(b["write"]))
    print(_breakdown(b["rewrite"]))
    if b["chunk_summary"]:
        print()
        print(table(["chunk size", "runs (write s)", "median s", "rows/s"],
                    [[s["chunk_size"], " / ".join(f"{x:.2f}" for x in s["write_s"]), s["median_s"], s["rows_per_s"]]
                     for s in b["chunk_summary"]]))
    print(f"\nsame batch again: {'every record unchanged' if b['rewrite']['idempotent'] else 'FAILED'}; "
          f"data on disk after the write {b['data_mib']} MiB")
    s = b["baseline"]
    print(f"\nbaseline on a subset ({s['tools']:,} tools, {s['groups']} groups, {s['categories']} categories, "
          f"{s['dependencies']:,} edges = {s['rows']:,} rows), each into a clean graph:\n")
    print(table(["method", "seconds", "rows/s"], [
        ["batched UNWIND, one transaction", s["batched_s"], s["batched_rows_per_s"]],
        ["one auto-commit statement per row", s["per_row_s"], s["per_row_rows_per_s"]],
    ]))
    print(f"\nbatched is {s['speedup']}x faster ({s['per_row_ms']} ms per row when written one by one)")


def print_human(result: dict[str, Any]) -> None:
    m = result["machine"]
    print("# ToolGraph import benchmark\n")
    print(f"machine: {m['cpu']}, {m['cores']} cores, {m['ram_gib']} GiB; Python {m['python']}; neo4j driver "
          f"{m['neo4j_driver']} (rust ext {m['neo4j_rust_ext'] or 'not installed'}); arcadedb-embedded "
          f"{m['arcadedb_embedded']}, heap {m['server_heap']}; server start {result['server_start_s']} s")
    if "shared" in result:
        print_shared(result["shared"])
    if "generated" in result:
        print_generated(result["generated"])
    mem = result["memory"]
    print(f"\npeak RSS: client {mem['client_peak_rss_mib']} MiB, server {mem['server_peak_rss_mib']} MiB "
          f"(server now {mem['server_rss_mib']} MiB); total {result['total_s']} s")
    for note in result["notes"]:
        print(f"note: {note}")


# -- main -----------------------------------------------------------------------------------------------------------
def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    p.add_argument("--out", type=Path, help="also write the JSON object to this file (e.g. bench/results/...)")
    p.add_argument("--tools", type=int, default=16000, help="generated tools (default 16000)")
    p.add_argument("--edges", type=int, default=100000, help="generated dependency edges (default 100000)")
    p.add_argument("--categories", type=int, default=40, help="generated categories (default 40)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--chunk-sizes", type=int, nargs="*", default=[500, 2000],
                   help=f"chunk sizes to compare with {DEFAULT_CHUNK} on the generated graph (default 500 2000)")
    p.add_argument("--repeats", type=int, default=2, help="runs of each chunk size (default 2; 0 skips them)")
    p.add_argument("--baseline-tools", type=int, default=2000, help="tools in the per-row baseline (default 2000)")
    p.add_argument("--baseline-edges", type=int, default=5000, help="edges in the per-row baseline (default 5000)")
    p.add_argument("--heap", default="2g", help="the server's JVM heap (default 2g)")
    p.add_argument("--data", type=Path, default=SHARED_DATA, help=f"the shared data (default {SHARED_DATA})")
    p.add_argument("--skip-shared", action="store_true", help="skip part A (the shared corpus)")
    p.add_argument("--skip-generated", action="store_true", help="skip part B (the generated graph)")
    return p.parse_args(argv)


def run_parts(bench: Bench, args: argparse.Namespace, result: dict[str, Any]) -> None:
    if args.skip_shared:
        result["notes"].append("part A skipped (--skip-shared)")
    elif not args.data.is_dir():
        message = f"part A skipped: no shared data at {args.data}"
        progress(message)
        result["notes"].append(message)
    else:
        result["shared"] = part_shared(bench, args.data)
    if args.skip_generated:
        result["notes"].append("part B skipped (--skip-generated)")
    else:
        result["generated"] = part_generated(bench, args)


def run(args: argparse.Namespace, home: Path) -> dict[str, Any]:
    result: dict[str, Any] = {"machine": machine_info(args.heap), "notes": [], "load_before": os.getloadavg()}
    progress(f"starting an embedded server in {home}")
    server = EmbeddedServer(home, heap=args.heap, bolt_port=free_port(), http_port=free_port())
    try:
        bench = Bench.connect(server)
        try:
            result["server_start_s"] = bench.start_s
            run_parts(bench, args, result)
            result["memory"] = bench.memory()
        finally:
            bench.store.close()
    finally:
        server.stop()
        progress("server stopped")
    result["total_s"] = round(time.perf_counter() - STARTED, 1)
    return result


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="toolgraph-bench-") as home:
        result = run(args, Path(home))
    text = json.dumps(result, indent=2, default=str)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text + "\n", encoding="utf-8")
    if args.json:
        print(text)
    else:
        print_human(result)
    shared_ok = result.get("shared", {}).get("idempotent", True)
    generated_ok = result.get("generated", {}).get("rewrite", {}).get("idempotent", True)
    return 0 if shared_ok and generated_ok else 1


if __name__ == "__main__":
    sys.exit(main())
