"""Finding and reading input files; a file that cannot be read becomes a problem naming it, not a crash."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from toolgraph.errors import InputFileError
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.limits import MAX_DEPTH, MAX_FILE_BYTES, MAX_LINE_BYTES, depth_exceeds

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


def too_big(path: Path, batch: ImportBatch) -> bool:
    """Record a problem and say True when the file is above ``MAX_FILE_BYTES`` (checked before reading it)."""
    try:
        size = path.stat().st_size
    except OSError:
        return False  # reading it will say why
    if size > MAX_FILE_BYTES:
        batch.reject(str(path), "", "", f"file too large: {size} bytes, the limit is {MAX_FILE_BYTES}")
        return True
    return False


def too_deep(path: Path, batch: ImportBatch, data: Any, where: str = "") -> bool:
    if depth_exceeds(data):
        batch.reject(str(path), where, "", f"nested deeper than {MAX_DEPTH} levels")
        return True
    return False


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKeyError(key)
        out[key] = value
    return out


class DuplicateKeyError(ValueError):
    """A JSON object names the same key twice (which value was meant?)."""


def _bad_number(text: str) -> Any:
    raise ValueError(f"{text} is not a number JSON allows")


def parse_json(text: str) -> Any:
    """Strict JSON: no NaN / Infinity, no duplicate keys."""
    return json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_bad_number)


def load_json(path: Path, batch: ImportBatch) -> Any:
    """The parsed file, or ``_MISSING`` after recording why it could not be read."""
    if too_big(path, batch):
        return _MISSING
    try:
        with open(path, encoding="utf-8") as fh:
            data = parse_json(fh.read())
        return _MISSING if too_deep(path, batch, data) else data
    except RecursionError:
        batch.reject(str(path), "", "", f"nested deeper than {MAX_DEPTH} levels")
    except DuplicateKeyError as exc:
        batch.reject(str(path), "", str(exc), "duplicate key in a JSON object")
    except json.JSONDecodeError as exc:
        batch.reject(str(path), f"line {exc.lineno} column {exc.colno}", "", f"not valid JSON: {exc.msg}")
    except UnicodeDecodeError as exc:
        batch.reject(str(path), f"byte {exc.start}", "", "not UTF-8 text")
    except ValueError as exc:  # NaN / Infinity
        batch.reject(str(path), "", "", f"not valid JSON: {exc}")
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
            lineno = 0
            while line := fh.readline(MAX_LINE_BYTES + 1):
                lineno += 1
                if len(line) > MAX_LINE_BYTES:
                    batch.reject(str(path), f"line {lineno}", "", f"record too large: the line is longer than "
                                 f"{MAX_LINE_BYTES} characters")
                    while line and not line.endswith("\n"):  # skip the rest of it
                        line = fh.readline(MAX_LINE_BYTES + 1)
                    continue
                if not line.strip():
                    continue
                where = f"line {lineno}"
                try:
                    obj = parse_json(line)
                except RecursionError:
                    batch.reject(str(path), where, "", f"nested deeper than {MAX_DEPTH} levels")
                    continue
                except DuplicateKeyError as exc:
                    batch.reject(str(path), where, str(exc), "duplicate key in a JSON object")
                    continue
                except json.JSONDecodeError as exc:
                    batch.reject(str(path), where, "", f"not valid JSON: {exc.msg} (column {exc.colno})")
                    continue
                except ValueError as exc:
                    batch.reject(str(path), where, "", f"not valid JSON: {exc}")
                    continue
                if not too_deep(path, batch, obj, where):
                    yield lineno, obj
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
