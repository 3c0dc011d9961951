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
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

# Run as a script (python bench/import_bench.py), the bench folder is on sys.path and `common` is this folder's.
from common import (
    DEFAULT_CHUNK,
    ORIGIN,
    SHARED_DATA,
    STARTED,
    Bench,
    Timing,
    add_graph_args,
    arg_parser,
    emit,
    machine_info,
    machine_line,
    print_notes,
    private_server,
    progress,
    rate,
    table,
    timed,
)
from generated import DEPENDENCY_MIX, generate

from toolgraph.db.store import GraphStore
from toolgraph.ingest.batch import KINDS, ImportBatch, ImportReport
from toolgraph.ingest.openapi import read_restbench
from toolgraph.ingest.paths import read_paths
from toolgraph.ingest.taskbench import read_taskbench
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.ingest.writer import MERGE_DEPENDENCY
from toolgraph.stats import graph_stats


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
    print(f"{machine_line(m)}; server start {result['server_start_s']} s")
    if "shared" in result:
        print_shared(result["shared"])
    if "generated" in result:
        print_generated(result["generated"])
    mem = result["memory"]
    print(f"\npeak RSS: client {mem['client_peak_rss_mib']} MiB, server {mem['server_peak_rss_mib']} MiB "
          f"(server now {mem['server_rss_mib']} MiB); total {result['total_s']} s")
    print_notes(result)


# -- main -----------------------------------------------------------------------------------------------------------
def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = arg_parser(__doc__, "2g")
    add_graph_args(p)
    p.add_argument("--chunk-sizes", type=int, nargs="*", default=[500, 2000],
                   help=f"chunk sizes to compare with {DEFAULT_CHUNK} on the generated graph (default 500 2000)")
    p.add_argument("--repeats", type=int, default=2, help="runs of each chunk size (default 2; 0 skips them)")
    p.add_argument("--baseline-tools", type=int, default=2000, help="tools in the per-row baseline (default 2000)")
    p.add_argument("--baseline-edges", type=int, default=5000, help="edges in the per-row baseline (default 5000)")
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


def run(args: argparse.Namespace) -> dict[str, Any]:
    result: dict[str, Any] = {"machine": machine_info(args.heap), "notes": [], "load_before": os.getloadavg()}
    with private_server(args.heap) as bench:
        result["server_start_s"] = bench.start_s
        run_parts(bench, args, result)
        result["memory"] = bench.memory()
    result["total_s"] = round(time.perf_counter() - STARTED, 1)
    return result


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    result = run(args)
    emit(result, as_json=args.json, out=args.out, human=print_human)
    shared_ok = result.get("shared", {}).get("idempotent", True)
    generated_ok = result.get("generated", {}).get("rewrite", {}).get("idempotent", True)
    return 0 if shared_ok and generated_ok else 1


if __name__ == "__main__":
    sys.exit(main())
