"""What an importer produces: an in-memory batch of validated records, the problems found, and the report.

Readers only parse and validate; :mod:`toolgraph.ingest.writer` writes a batch in one transaction.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from toolgraph.ingest.limits import MAX_FIELD_BYTES, MAX_RECORD_BYTES, not_finite, size_of
from toolgraph.models import CallPathSpec, CategorySpec, DependencySpec, GroupSpec, ToolSpec


@dataclass(frozen=True)
class Problem:
    """One rejected record: which file, which record in it, which field, and what is wrong."""

    file: str
    record: str
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}: {self.record}" if self.record else self.file
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"

    def as_dict(self) -> dict[str, str]:
        return {"file": self.file, "record": self.record, "field": self.field, "message": self.message}


@dataclass
class KindCounts:
    created: int = 0
    updated: int = 0
    unchanged: int = 0

    def as_dict(self) -> dict[str, int]:
        return {"created": self.created, "updated": self.updated, "unchanged": self.unchanged}


KINDS = ("categories", "groups", "tools", "dependencies", "call_paths")


@dataclass
class ImportReport:
    """What an import did. ``rejected`` records were not written; ``filtered`` ones were dropped by cleaning rules."""

    source: str
    files: int = 0
    records: int = 0
    counts: dict[str, KindCounts] = field(default_factory=lambda: {k: KindCounts() for k in KINDS})
    transitions_added: int = 0
    sequential_edges_touched: int = 0
    duplicates: int = 0
    kept_manual_edges: int = 0
    rejected: list[Problem] = field(default_factory=list)
    filtered: Counter[str] = field(default_factory=Counter)
    notes: Counter[str] = field(default_factory=Counter)
    written: bool = False
    dry_run: bool = False

    def reset_write_counts(self) -> None:
        """Forget what an earlier write of the same batch counted (what reading found stays)."""
        self.counts = {k: KindCounts() for k in KINDS}
        self.transitions_added = self.sequential_edges_touched = self.kept_manual_edges = 0
        self.written = self.dry_run = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "files": self.files,
            "records": self.records,
            "written": self.written,
            "dry_run": self.dry_run,
            **{kind: counts.as_dict() for kind, counts in self.counts.items()},
            "transitions_added": self.transitions_added,
            "sequential_edges_touched": self.sequential_edges_touched,
            "duplicates": self.duplicates,
            "kept_manual_edges": self.kept_manual_edges,
            "filtered": dict(sorted(self.filtered.items())),
            "notes": dict(sorted(self.notes.items())),
            "rejected": [p.as_dict() for p in self.rejected],
        }


def describe_validation_error(exc: ValidationError) -> tuple[str, str]:
    """(field, message) of the first error in a pydantic ValidationError."""
    err = exc.errors()[0]
    loc = ".".join(str(part) for part in err.get("loc", ())) or "(record)"
    return loc, err.get("msg", str(exc))


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def merge_specs(old: BaseModel, new: BaseModel) -> tuple[BaseModel, str | None]:
    """Merge two readings of one record: empty fields are filled from the other; two different non-empty values
    are a conflict, named by the field."""
    merged: dict[str, Any] = {}
    for name in type(old).model_fields:
        a, b = getattr(old, name), getattr(new, name)
        if a == b or _empty(b):
            merged[name] = a
        elif _empty(a):
            merged[name] = b
        else:
            return old, name
    return type(old).model_validate(merged), None


class ImportBatch:
    """Validated records keyed by identity, in first-seen order, plus the problems found while reading."""

    def __init__(self, source: str) -> None:
        self.report = ImportReport(source=source)
        self.categories: dict[str, CategorySpec] = {}
        self.groups: dict[str, GroupSpec] = {}
        self.tools: dict[str, ToolSpec] = {}
        self.dependencies: dict[tuple[str, str, str, str], DependencySpec] = {}
        self.call_paths: dict[str, CallPathSpec] = {}
        self.create_only: set[str] = set()  # tool ids written only if the graph lacks them
        self._origin: dict[tuple[str, str], str] = {}

    @property
    def problems(self) -> list[Problem]:
        return self.report.rejected

    def reject(self, file: str, record: str, field: str, message: str) -> None:
        self.report.rejected.append(Problem(file, record, field, message))

    def filter(self, reason: str) -> None:
        self.report.filtered[reason] += 1

    def build(self, model: type[BaseModel], data: dict[str, Any], file: str, record: str, prefix: str = "") -> Any:
        """Validate ``data`` as ``model``; on failure record a problem and return None. A field above
        ``MAX_FIELD_BYTES`` or a record above ``MAX_RECORD_BYTES`` is refused as too large first."""
        total = 0
        for key, value in data.items():
            size = len(value) + 3 if type(value) is str else size_of(value, MAX_FIELD_BYTES)  # (as size_of counts)
            if size > MAX_FIELD_BYTES:
                self.reject(file, record, prefix + key, f"record too large: the field holds more than "
                            f"{MAX_FIELD_BYTES} bytes")
                return None
            if type(value) is not str and not_finite(value):
                self.reject(file, record, prefix + key, "NaN or Infinity is not a number that can be stored")
                return None
            total += size
            if total > MAX_RECORD_BYTES:
                self.reject(file, record, prefix + key, f"record too large: more than {MAX_RECORD_BYTES} bytes")
                return None
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            loc, msg = describe_validation_error(exc)
            self.reject(file, record, prefix + loc, msg)
            return None

    def _add(self, kind: str, store: dict[Any, Any], key: Any, spec: BaseModel, file: str, record: str) -> bool:
        existing = store.get(key)
        if existing is None:
            store[key] = spec
            self._origin[(kind, str(key))] = f"{file}: {record}"
            return True
        merged, conflict = merge_specs(existing, spec)
        if conflict is None:
            store[key] = merged
            if kind not in ("category", "group"):  # those are named by every record of their tools
                self.report.duplicates += 1
            return True
        first = self._origin[(kind, str(key))]
        self.reject(file, record, conflict, f"{kind} {key!r} was already read with a different {conflict} at {first}")
        return False

    def add_category(self, spec: CategorySpec, file: str, record: str) -> bool:
        return self._add("category", self.categories, spec.name, spec, file, record)

    def add_group(self, spec: GroupSpec, file: str, record: str) -> bool:
        return self._add("group", self.groups, spec.id, spec, file, record)

    def add_tool(self, spec: ToolSpec, file: str, record: str) -> bool:
        return self._add("tool", self.tools, spec.id, spec, file, record)

    def add_dependency(self, spec: DependencySpec, file: str, record: str) -> bool:
        return self._add("dependency", self.dependencies, spec.key(), spec, file, record)

    def add_call_path(self, spec: CallPathSpec, file: str, record: str) -> bool:
        return self._add("call path", self.call_paths, spec.id, spec, file, record)

    def origin(self, kind: str, key: Any) -> tuple[str, str]:
        where = self._origin.get((kind, str(key)), ": ")
        file, _, record = where.partition(": ")
        return file, record
