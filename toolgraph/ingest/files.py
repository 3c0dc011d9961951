"""Finding and reading input files; a file that cannot be read becomes a problem naming it, not a crash."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from toolgraph.errors import InputFileError
from toolgraph.ingest.batch import ImportBatch

_MISSING = object()


def expand(paths: Iterable[str | Path], suffixes: tuple[str, ...] = (".json", ".jsonl")) -> list[Path]:
    """Files named, and files with the given suffixes below folders named, sorted within each folder."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in suffixes)
            if not found:
                raise InputFileError(f"{path}: folder holds no {'/'.join(suffixes)} files")
            out.extend(found)
        elif path.is_file():
            out.append(path)
        else:
            raise InputFileError(f"{path}: no such file or folder")
    return list(dict.fromkeys(out))


def load_json(path: Path, batch: ImportBatch) -> Any:
    """The parsed file, or ``_MISSING`` after recording why it could not be read."""
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except json.JSONDecodeError as exc:
        batch.reject(str(path), f"line {exc.lineno} column {exc.colno}", "", f"not valid JSON: {exc.msg}")
    except UnicodeDecodeError as exc:
        batch.reject(str(path), f"byte {exc.start}", "", "not UTF-8 text")
    except OSError as exc:
        batch.reject(str(path), "", "", f"cannot read: {exc.strerror or exc}")
    return _MISSING


def iter_jsonl(path: Path, batch: ImportBatch) -> Iterator[tuple[int, Any]]:
    """(line number, parsed object) for each non-blank line; bad lines are recorded as problems."""
    try:
        fh = open(path, encoding="utf-8")
    except OSError as exc:
        batch.reject(str(path), "", "", f"cannot read: {exc.strerror or exc}")
        return
    with fh:
        try:
            for lineno, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                try:
                    yield lineno, json.loads(line)
                except json.JSONDecodeError as exc:
                    batch.reject(str(path), f"line {lineno}", "", f"not valid JSON: {exc.msg} (column {exc.colno})")
        except UnicodeDecodeError as exc:
            batch.reject(str(path), f"byte {exc.start}", "", "not UTF-8 text")


def missing(value: Any) -> bool:
    return value is _MISSING


def text_field(record: dict[str, Any], key: str) -> str | None:
    """A required non-empty string field, or None."""
    value = record.get(key)
    if isinstance(value, str) and value.strip():
        return value
    return None
