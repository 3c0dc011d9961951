"""A simple docstring reader: the summary, and parameter descriptions in Google (``Args:``), NumPy
(``Parameters`` / ``----------``) or reST (``:param name:``) style. Unknown layouts give the whole text as summary."""

from __future__ import annotations

import inspect
import re

GOOGLE_HEADERS = {"args", "arguments", "parameters", "params", "keyword args", "keyword arguments"}
SECTION = re.compile(r"^([A-Z][A-Za-z ]*):\s*$")
GOOGLE_ENTRY = re.compile(r"^\*{0,2}(\w+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$")
NUMPY_ENTRY = re.compile(r"^(\w+)\s*(?::\s*(.*))?$")
REST_PARAM = re.compile(r"^:param\s+(?:[^:]*\s)?(\w+):\s*(.*)$")
REST_FIELD = re.compile(r"^:\w+")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def parse_docstring(doc: str | None) -> tuple[str, dict[str, str]]:
    """(summary, {parameter: description})."""
    if not doc:
        return "", {}
    lines = inspect.cleandoc(doc).splitlines()
    params: dict[str, str] = {}
    summary_end = len(lines)
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        header = SECTION.match(stripped)
        numpy = i + 1 < len(lines) and re.fullmatch(r"-{3,}", lines[i + 1].strip() or "x") is not None
        if header and header.group(1).lower() in GOOGLE_HEADERS:
            summary_end = min(summary_end, i)
            i = _google(lines, i + 1, _indent(line), params)
            continue
        if numpy and stripped:
            summary_end = min(summary_end, i)
            if stripped.lower() in ("parameters", "other parameters"):
                i = _numpy(lines, i + 2, params)
                continue
        elif header and stripped.lower().rstrip(":") in ("returns", "raises", "yields", "examples", "example",
                                                        "note", "notes", "see also"):
            summary_end = min(summary_end, i)
        if REST_FIELD.match(stripped):
            summary_end = min(summary_end, i)
            rest = REST_PARAM.match(stripped)
            if rest:
                text = [rest.group(2)]
                while i + 1 < len(lines) and lines[i + 1].strip() and not REST_FIELD.match(lines[i + 1].strip()):
                    i += 1
                    text.append(lines[i].strip())
                params[rest.group(1)] = " ".join(t for t in text if t)
        i += 1
    summary = " ".join(" ".join(lines[:summary_end]).split())
    return summary, params


def _google(lines: list[str], i: int, base: int, params: dict[str, str]) -> int:
    name: str | None = None
    entry_indent = None
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if _indent(line) <= base:
            break
        if entry_indent is None:
            entry_indent = _indent(line)
        match = GOOGLE_ENTRY.match(line.strip())
        if _indent(line) == entry_indent and match:
            name = match.group(1)
            params[name] = match.group(3).strip()
        elif name:
            params[name] = f"{params[name]} {line.strip()}".strip()
        i += 1
    return i


def _numpy(lines: list[str], i: int, params: dict[str, str]) -> int:
    name: str | None = None
    while i < len(lines):
        line = lines[i]
        if i + 1 < len(lines) and re.fullmatch(r"-{3,}", lines[i + 1].strip() or "x"):
            break  # the next section
        if line.strip() and _indent(line) == 0:
            match = NUMPY_ENTRY.match(line.strip().split(",")[0].strip() if ":" not in line else line.strip())
            if match:
                name = match.group(1)
                params[name] = ""
        elif line.strip() and name:
            params[name] = f"{params[name]} {line.strip()}".strip()
        i += 1
    return i


def inline_description(doc: str | None, name: str) -> str:
    """A parameter's description written inline in a docstring's prose ("vessel: registration; date_from ..."),
    for a docstring in none of the known layouts; "" when it says none."""
    m = re.search(rf"(?<![\w/]){re.escape(name)}\s*:\s*([^;:\n]+?)\s*(?:;|\.(?:\s|$)|\n|$)", doc or "")
    return m.group(1).strip() if m else ""
