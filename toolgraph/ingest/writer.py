"""Write an :class:`ImportBatch` to the graph in one transaction: all of it, or (on any error) none of it.

1. Problems found while reading reject the whole import unless ``skip_invalid`` is set.
2. Inside the transaction, records are checked against what the graph already holds (a group moving to another
   category, a tool moving to another group, a dependency or path naming a tool that exists nowhere); such records
   are problems too, and records that depend on a rejected one are dropped with it.
3. Each record is classified created / updated / unchanged; only created and updated ones are written, with MERGE
   (so importing the same data twice writes nothing the second time).
4. Call paths not seen before add their transitions to ``SEQUENTIAL.count``.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable
from typing import Any

from tqdm import tqdm

from toolgraph.db.store import GraphStore, Tx, chunks
from toolgraph.errors import ImportRejectedError
from toolgraph.ingest.batch import ImportBatch, ImportReport
from toolgraph.ingest.limits import byte_chunks
from toolgraph.models import MANUAL_SOURCES, TRANSITION_ALPHA

log = logging.getLogger(__name__)

DEFAULT_CHUNK = 10_000  # rows a statement (TOOLGRAPH_BATCH_SIZE): see toolgraph.config.Settings.batch_size

MERGE_DEPENDENCY = {
    "STRONG_RESOURCE": "merge_strong_resource",
    "WEAK_RESOURCE": "merge_weak_resource",
    "SEQUENTIAL": "merge_sequential",
}


class _DryRun(Exception):
    """Raised to roll back a dry run after classification."""


def _fetch(tx: Tx, name: str, key: str, values: Iterable[Any], size: int) -> list[dict[str, Any]]:
    values = list(values)
    rows: list[dict[str, Any]] = []
    for part in chunks(values, size):
        rows.extend(tx.run(name, **{key: list(part)}))
    return rows


def _nonempty(props: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in props.items() if v is not None and v != ""}


def _changed(new: dict[str, Any], old: dict[str, Any]) -> bool:
    return any(old.get(k) != v for k, v in new.items())


def rejection_message(report: ImportReport, limit: int = 20) -> str:
    lines = [f"import rejected, nothing was written: {len(report.rejected)} invalid record(s)"]
    lines += [f"  {p}" for p in report.rejected[:limit]]
    if len(report.rejected) > limit:
        lines.append(f"  ... and {len(report.rejected) - limit} more (see --json)")
    lines.append("fix the input, or pass --skip-invalid to write the valid records and list the rest")
    return "\n".join(lines)


def write_batch(
    store: GraphStore,
    batch: ImportBatch,
    *,
    skip_invalid: bool = False,
    dry_run: bool = False,
    chunk_size: int = DEFAULT_CHUNK,
    progress: bool = False,
) -> ImportReport:
    report = batch.report
    report.reset_write_counts()  # the same batch may be written again (a retry, a benchmark)
    report.dry_run = dry_run
    if batch.problems and not skip_invalid:
        raise ImportRejectedError(rejection_message(report), report)

    def work(tx: Tx) -> None:
        report.reset_write_counts()  # a retried transaction runs everything again
        report.dry_run = dry_run
        existing = _Existing.load(tx, batch, chunk_size)
        _check_against_graph(batch, existing)
        if batch.problems and not skip_invalid:
            raise ImportRejectedError(rejection_message(report), report)
        plan = _classify(batch, existing, report)
        if dry_run:
            raise _DryRun
        total = sum(len(rows) for name, rows in plan if name != "job_transition_weights_for")
        with tqdm(total=total, desc=f"writing {report.source}", unit="row", disable=not progress) as bar:
            for name, rows in plan:
                if name == "job_transition_weights_for":
                    for part in chunks(rows[0]["sources"], chunk_size):
                        tx.run(name, sources=list(part), alpha=TRANSITION_ALPHA, manual=sorted(MANUAL_SOURCES))
                    continue
                for part in byte_chunks(rows, chunk_size):  # no statement near the Bolt message limit
                    result = tx.run(name, rows=part)
                    if name == "increment_sequential":
                        report.sequential_edges_touched += sum(r["n"] for r in result)
                    bar.update(len(part))

    try:
        store.write(work, what=f"importing {report.source}", bulk=True)
    except _DryRun:
        return report
    report.written = True
    return report


class _Existing:
    """What the graph holds already for the records of a batch."""

    def __init__(self) -> None:
        self.categories: dict[str, dict[str, Any]] = {}
        self.groups: dict[str, dict[str, Any]] = {}
        self.tools: dict[str, dict[str, Any]] = {}
        self.call_paths: set[str] = set()
        self.dependencies: dict[tuple[str, str, str, str], dict[str, Any]] = {}

    @classmethod
    def load(cls, tx: Tx, batch: ImportBatch, size: int) -> _Existing:
        out = cls()
        category_names = set(batch.categories) | {g.category for g in batch.groups.values()}
        for row in _fetch(tx, "fetch_categories", "names", sorted(category_names), size):
            out.categories[row["name"]] = row["props"]
        group_ids = set(batch.groups) | {t.group_id for t in batch.tools.values()}
        for row in _fetch(tx, "fetch_groups", "ids", sorted(group_ids), size):
            out.groups[row["id"]] = {**row["props"], "__categories": row["categories"]}
        for row in _fetch(tx, "fetch_tools", "ids", sorted(batch.tools), size):
            out.tools[row["id"]] = {**row["props"], "__groups": row["groups"]}
        named: set[str] = set()  # tools only named by an edge or a path: whether they exist is all that matters
        for dep in batch.dependencies.values():
            named.update((dep.source, dep.target))
        for path in batch.call_paths.values():
            named.update(path.steps)
        for row in _fetch(tx, "find_tool_ids", "ids", sorted(named - set(batch.tools)), size):
            out.tools[row["id"]] = {}
        out.call_paths = {r["id"] for r in _fetch(tx, "fetch_call_paths", "ids", batch.call_paths, size)}
        pairs = sorted({(d.source, d.target) for d in batch.dependencies.values()})
        rows = _fetch(tx, "fetch_dependencies", "pairs", [{"source": a, "target": b} for a, b in pairs], size)
        for row in rows:
            resource = "" if row["type"] == "SEQUENTIAL" else (row["props"].get("resource") or "")
            out.dependencies[(row["source"], row["target"], row["type"], resource)] = row["props"]
        return out


def _check_against_graph(batch: ImportBatch, existing: _Existing) -> None:
    """Reject records that contradict the graph or name something that exists nowhere; cascade the drops."""

    def drop(kind: str, store: dict[Any, Any], key: Any, field: str, message: str) -> None:
        file, record = batch.origin(kind, key)
        batch.reject(file, record, field, message)
        del store[key]

    for gid, group in list(batch.groups.items()):
        cats = existing.groups.get(gid, {}).get("__categories") or []
        if cats and cats != [group.category]:
            drop("group", batch.groups, gid, "category",
                 f"tool group {gid!r} belongs to category {cats[0]!r} in the graph, not {group.category!r}")
        elif group.category not in batch.categories and group.category not in existing.categories:
            drop("group", batch.groups, gid, "category", f"category {group.category!r} does not exist")
    for tid, tool in list(batch.tools.items()):
        groups = existing.tools.get(tid, {}).get("__groups") or []
        if groups and groups != [tool.group_id]:
            drop("tool", batch.tools, tid, "group_id",
                 f"tool {tid!r} belongs to group {groups[0]!r} in the graph, not {tool.group_id!r}")
        elif tool.group_id not in batch.groups and tool.group_id not in existing.groups:
            drop("tool", batch.tools, tid, "group_id", f"tool group {tool.group_id!r} does not exist")

    def known(tool_id: str) -> bool:
        return tool_id in batch.tools or tool_id in existing.tools

    for key, dep in list(batch.dependencies.items()):
        for field in ("source", "target"):
            if not known(getattr(dep, field)):
                drop("dependency", batch.dependencies, key, field, f"unknown tool {getattr(dep, field)!r}")
                break
    for pid, path in list(batch.call_paths.items()):
        missing = [(i, s) for i, s in enumerate(path.steps) if not known(s)]
        if missing:
            i, step = missing[0]
            drop("call path", batch.call_paths, pid, f"steps[{i}]", f"unknown tool {step!r}")


def _classify(batch: ImportBatch, existing: _Existing, report: ImportReport) -> list[tuple[str, list[dict[str, Any]]]]:
    def sort(kind: str, key: Any, new: dict[str, Any], old: dict[str, Any] | None) -> bool:
        counts = report.counts[kind]
        if old is None:
            counts.created += 1
            return True
        if _changed(new, old):
            counts.updated += 1
            return True
        counts.unchanged += 1
        return False

    plan: list[tuple[str, list[dict[str, Any]]]] = []
    rows = []
    for name, cat in batch.categories.items():
        props = _nonempty(cat.props())
        if sort("categories", name, props, existing.categories.get(name)):
            rows.append({"name": name, "props": props})
    plan.append(("merge_categories", rows))
    rows = []
    for gid, group in batch.groups.items():
        props = _nonempty(group.props())
        if sort("groups", gid, props, existing.groups.get(gid)):
            rows.append({"id": gid, "category": group.category, "props": props})
    plan.append(("merge_groups", rows))
    rows = []
    for tid, tool in batch.tools.items():
        props = _nonempty(tool.props())
        if tid in batch.create_only and tid in existing.tools:
            report.counts["tools"].unchanged += 1
            continue
        if sort("tools", tid, props, existing.tools.get(tid)):
            rows.append({"id": tid, "group_id": tool.group_id, "props": props})
    plan.append(("merge_tools", rows))
    by_type: dict[str, list[dict[str, Any]]] = {t: [] for t in MERGE_DEPENDENCY}
    for key, dep in batch.dependencies.items():
        old = existing.dependencies.get(key)
        if old is not None and old.get("source") in MANUAL_SOURCES and dep.origin not in MANUAL_SOURCES:
            report.kept_manual_edges += 1
            continue
        props = _nonempty(dep.props())
        if sort("dependencies", key, props, old):
            row: dict[str, Any] = {"source": dep.source, "target": dep.target, "props": props}
            if dep.type != "SEQUENTIAL":
                row["resource"] = dep.resource
            by_type[dep.type].append(row)
    plan.extend((MERGE_DEPENDENCY[t], by_type[t]) for t in MERGE_DEPENDENCY)
    rows = []
    transitions: Counter[tuple[str, str]] = Counter()
    for pid, path in batch.call_paths.items():
        if pid in existing.call_paths:
            report.counts["call_paths"].unchanged += 1
            continue
        report.counts["call_paths"].created += 1
        rows.append({"id": pid, "props": path.props(), "steps": list(path.steps)})
        if path.success:
            transitions.update(path.transitions())
    plan.append(("create_call_paths", rows))
    report.transitions_added = sum(transitions.values())
    plan.append((
        "increment_sequential",
        [{"source": a, "target": b, "count": n} for (a, b), n in sorted(transitions.items())],
    ))
    plan = [(name, rows) for name, rows in plan if rows]
    # Transition weights of every tool whose out-edges changed, in the same transaction (no full recompute).
    sources = sorted({a for a, _ in transitions} | {r["source"] for r in by_type["SEQUENTIAL"]})
    if sources:
        plan.append(("job_transition_weights_for", [{"sources": sources}]))
    return plan

