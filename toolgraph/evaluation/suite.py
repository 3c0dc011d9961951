"""Reading an evaluation suite (the folder format of /work/shared/SUITES.md, docs/evaluation.md): ``suite.json``
says what to import and how to serve it, ``requests.json`` the requests, the facts each answer must hold and the gold
call path when known. Every problem is named by its file and field, before anything runs."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolgraph.errors import InputFileError

KINDS = ("openapi", "python", "mcp")


class SuiteError(InputFileError):
    """A suite folder, ``suite.json`` or ``requests.json`` is missing or malformed."""


@dataclass(frozen=True)
class Request:
    query: str
    expect: list[str]
    solution: list[str] | None = None
    index: int = 0


@dataclass(frozen=True)
class Suite:
    name: str
    folder: Path
    kind: str
    requests: list[Request]
    spec: Path | None = None  # openapi
    group: str | None = None
    category: str | None = None
    serve: list[str] | None = None  # a command with {port}
    base_url: str | None = None  # with {port} when served
    module: str | None = None  # python
    path: Path | None = None
    command: list[str] | None = None  # mcp
    raw: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "folder": str(self.folder), "kind": self.kind, "requests": len(self.requests),
                "with_solution": sum(r.solution is not None for r in self.requests)}


def command_line(argv: list[str], port: int | None = None) -> list[str]:
    """A suite's command as run: ``{port}`` replaced, a first word ``python`` is the Python running ToolGraph."""
    out = [a.replace("{port}", str(port)) if port is not None else a for a in argv]
    if out and out[0] == "python":
        out[0] = sys.executable
    return out


def _read_json(path: Path) -> Any:
    if not path.is_file():
        raise SuiteError(f"{path}: no such file (a suite folder holds suite.json and requests.json)")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise SuiteError(f"{path}: not valid JSON: {exc}") from exc


def _text(data: dict[str, Any], key: str, where: str, *, required: bool = False) -> str | None:
    value = data.get(key)
    if value is None:
        if required:
            raise SuiteError(f"{where}: field {key!r} is missing")
        return None
    if not isinstance(value, str) or not value.strip():
        raise SuiteError(f"{where}: field {key!r} must be a non-empty string, got {value!r}")
    return value


def _argv(data: dict[str, Any], key: str, where: str, *, required: bool = False) -> list[str] | None:
    value = data.get(key)
    if value is None:
        if required:
            raise SuiteError(f"{where}: field {key!r} is missing (a command as a list of words)")
        return None
    if not isinstance(value, list) or not value or not all(isinstance(a, str) and a for a in value):
        raise SuiteError(f"{where}: field {key!r} must be a non-empty list of strings (a command), got {value!r}")
    return value


def _file(folder: Path, rel: str, where: str, key: str) -> Path:
    path = (folder / rel).resolve()
    if not path.exists():
        raise SuiteError(f"{where}: field {key!r}: {rel!r} does not exist in {folder}")
    return path


def read_requests(path: Path) -> list[Request]:
    data = _read_json(path)
    if not isinstance(data, list) or not data:
        raise SuiteError(f"{path}: expected a non-empty JSON list of {{query, expect, solution?}} objects")
    out = []
    for i, item in enumerate(data):
        where = f"{path}: request {i}"
        if not isinstance(item, dict):
            raise SuiteError(f"{where}: expected an object, got {type(item).__name__}")
        query = _text(item, "query", where, required=True)
        expect = item.get("expect")
        if expect is None:
            raise SuiteError(f"{where}: field 'expect' is missing (the strings the answer must hold; [] for none)")
        if not isinstance(expect, list) or not all(isinstance(e, str) and e.strip() for e in expect):
            raise SuiteError(f"{where}: field 'expect' must be a list of non-empty strings, got {expect!r}")
        solution = item.get("solution")
        if solution is not None and (not isinstance(solution, list)
                                     or not all(isinstance(s, str) and s.strip() for s in solution)):
            raise SuiteError(f"{where}: field 'solution' must be a list of non-empty strings (\"METHOD /path\" or "
                             f"tool names), got {solution!r}")
        assert query is not None
        out.append(Request(query=query, expect=list(expect), solution=list(solution) if solution else None,
                           index=i))
    return out


def load_suite(folder: str | Path) -> Suite:
    """The suite in ``folder``, checked: every field of ``suite.json`` and every request of ``requests.json``."""
    folder = Path(folder).resolve()
    if not folder.is_dir():
        raise SuiteError(f"{folder}: not a folder (a suite is a folder with suite.json and requests.json)")
    path = folder / "suite.json"
    data = _read_json(path)
    if not isinstance(data, dict):
        raise SuiteError(f"{path}: expected a JSON object")
    where = str(path)
    kind = _text(data, "kind", where, required=True)
    if kind not in KINDS:
        raise SuiteError(f"{where}: field 'kind' must be one of {', '.join(KINDS)}, got {kind!r}")
    requests = read_requests(folder / "requests.json")
    common: dict[str, Any] = {"name": folder.name, "folder": folder, "kind": kind, "requests": requests, "raw": data,
                              "group": _text(data, "group", where), "category": _text(data, "category", where)}
    if kind == "openapi":
        spec = _file(folder, _text(data, "spec", where, required=True) or "", where, "spec")
        serve = _argv(data, "serve", where)
        base_url = _text(data, "base_url", where)
        if serve and not any("{port}" in a for a in serve):
            raise SuiteError(f"{where}: field 'serve' must hold {{port}} (the free port the service listens on)")
        if base_url and not base_url.startswith(("http://", "https://")):
            raise SuiteError(f"{where}: field 'base_url' must be an http(s) URL, got {base_url!r}")
        if base_url and "{port}" in base_url and not serve:
            raise SuiteError(f"{where}: field 'base_url' holds {{port}} but there is no 'serve' command")
        return Suite(**common, spec=spec, serve=serve, base_url=base_url)
    if kind == "python":
        module = _text(data, "module", where, required=True)
        rel = _text(data, "path", where)
        path_dir = _file(folder, rel, where, "path") if rel else folder
        return Suite(**common, module=module, path=path_dir)
    return Suite(**common, command=_argv(data, "command", where, required=True))
