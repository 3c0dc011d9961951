"""Imports too large to hold: read in parts, each part written in its own transaction.

:func:`write_batch` holds a whole import in memory and writes it in one transaction (all of it or nothing). A
catalogue of a hundred thousand tools and a million edges does not fit that way on a small client: here a reader
yields :class:`ImportBatch` parts of at most ``part_size`` records, and :func:`write_parts` writes each one with
``write_batch`` (checked, classified and MERGEd as usual) and lets it go before reading the next. A later part is
checked against what the earlier ones committed, so records must come before those that name them (categories,
groups, tools, then dependencies and call paths). The price: a failure leaves the parts before it written, and
a re-run writes only what is missing (imports are idempotent).

The format (``toolgraph import records FILE.jsonl``): ToolGraph's own records, one JSON object a line, each
``{"kind": "category" | "group" | "tool" | "dependency" | "call_path", ...the fields of its model}``
(:mod:`toolgraph.models`: CategorySpec, GroupSpec, ToolSpec, DependencySpec, CallPathSpec).
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from toolgraph.ingest.batch import KINDS, ImportBatch, ImportReport
from toolgraph.ingest.files import iter_jsonl
from toolgraph.ingest.writer import DEFAULT_CHUNK, write_batch
from toolgraph.models import CallPathSpec, CategorySpec, DependencySpec, GroupSpec, ToolSpec

log = logging.getLogger(__name__)

DEFAULT_PART = 50_000  # records a part: a few hundred MB of client memory at most, whatever the file's size

RECORD_KINDS: dict[str, tuple[type[BaseModel], Callable[[ImportBatch, Any, str, str], bool]]] = {
    "category": (CategorySpec, ImportBatch.add_category),
    "group": (GroupSpec, ImportBatch.add_group),
    "tool": (ToolSpec, ImportBatch.add_tool),
    "dependency": (DependencySpec, ImportBatch.add_dependency),
    "call_path": (CallPathSpec, ImportBatch.add_call_path),
}


def read_records(path: str | Path, *, source: str = "records", part_size: int = DEFAULT_PART,
                 ) -> Iterator[ImportBatch]:
    """Parts of at most ``part_size`` records of a JSON-lines file of ToolGraph records, read as they are needed
    (the file is never held whole). Problems (bad lines, unknown kinds, invalid records) go to the part being
    read."""
    if part_size < 1:
        raise ValueError("part_size must be at least 1")
    path = Path(path)
    lines = ImportBatch(source)  # where iter_jsonl puts the problems of unreadable lines
    part = ImportBatch(source)
    part.report.files = 1
    file = str(path)
    for lineno, obj in iter_jsonl(path, lines):
        part.report.rejected.extend(lines.report.rejected)
        lines.report.rejected.clear()
        part.report.records += 1
        record = f"line {lineno}"
        kind = obj.get("kind") if isinstance(obj, dict) else None
        if kind not in RECORD_KINDS:
            part.reject(file, record, "kind", f"expected one of {', '.join(RECORD_KINDS)}, got {kind!r}")
        else:
            model, add = RECORD_KINDS[kind]
            spec = part.build(model, {k: v for k, v in obj.items() if k != "kind"}, file, record)
            if spec is not None:
                add(part, spec, file, record)
        if part.report.records >= part_size:
            yield part
            part = ImportBatch(source)
    part.report.rejected.extend(lines.report.rejected)
    if part.report.records or part.report.rejected or part.report.files:
        yield part


def merge_report(total: ImportReport, part: ImportReport) -> None:
    """Add what one part's import did to the whole import's report."""
    total.files += part.files
    total.records += part.records
    for kind in KINDS:
        for key in ("created", "updated", "unchanged"):
            setattr(total.counts[kind], key, getattr(total.counts[kind], key) + getattr(part.counts[kind], key))
    total.transitions_added += part.transitions_added
    total.sequential_edges_touched += part.sequential_edges_touched
    total.duplicates += part.duplicates
    total.kept_manual_edges += part.kept_manual_edges
    total.rejected.extend(part.rejected)
    total.filtered.update(part.filtered)
    total.notes.update(part.notes)


def prefetched(parts: Iterable[ImportBatch], depth: int = 1) -> Iterator[ImportBatch]:
    """``parts``, read by a thread of their own up to ``depth`` parts ahead: the next part is parsed while this
    one is written (the writer mostly waits on the server). At most ``depth + 2`` parts are in memory."""
    if depth < 1:
        yield from parts
        return
    box: queue.Queue[tuple[str, Any]] = queue.Queue(maxsize=depth)
    stop = threading.Event()

    def read() -> None:
        try:
            for part in parts:
                while not stop.is_set():
                    try:
                        box.put(("part", part), timeout=0.2)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
            box.put(("end", None))
        except BaseException as exc:  # noqa: BLE001 - handed to the consumer, raised there
            box.put(("error", exc))

    thread = threading.Thread(target=read, name="toolgraph-import-reader", daemon=True)
    thread.start()
    try:
        while True:
            what, item = box.get()
            if what == "end":
                return
            if what == "error":
                raise item
            yield item
    finally:
        stop.set()
        thread.join(timeout=5)


def write_parts(
    store: Any,
    parts: Iterable[ImportBatch],
    *,
    source: str,
    skip_invalid: bool = False,
    dry_run: bool = False,
    chunk_size: int = DEFAULT_CHUNK,
    on_part: Callable[[int, ImportReport], None] | None = None,
    prefetch: int = 1,
) -> ImportReport:
    """Write each part with :func:`write_batch`, one transaction a part, and return one report for them all.

    A part with problems rejects the import from there on unless ``skip_invalid`` (the parts before it stay
    written: the error's report says how many). ``dry_run`` checks each part and rolls it back: later parts are
    then checked without the earlier ones' records, so references across parts show as unknown. ``on_part(n,
    report)`` is called after each part (progress). ``prefetch``: parts read ahead by a thread while one is
    written (0: read each part only when the last one is written)."""
    total = ImportReport(source=source, dry_run=dry_run)
    n = 0
    for n, part in enumerate(prefetched(parts, prefetch), start=1):
        try:
            report = write_batch(store, part, skip_invalid=skip_invalid, dry_run=dry_run, chunk_size=chunk_size)
        except Exception as exc:
            note = f"parts written before part {n} failed: {n - 1}"
            total.notes[note] += 1
            report = getattr(exc, "report", None)
            if isinstance(report, ImportReport):
                merge_report(total, report)
                exc.report = total  # type: ignore[attr-defined]
            raise
        merge_report(total, report)
        if on_part is not None:
            on_part(n, total)
        log.debug("part %d of %s written: %d records", n, source, report.records)
    total.notes[f"written in {n} part(s), one transaction each"] += 1
    total.written = not dry_run
    return total
