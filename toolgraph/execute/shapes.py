"""Observed output schemas: the shape of what a tool really answered, as a small JSON Schema, merged over calls and
size-capped. Learning stores it on the tool (``observed_schema``), and the dependency job reads it where the tool
declares no output schema, so one successful call of ``geocode_city`` lets its ``latitude`` feed a forecast tool.

Only shapes are kept: property names and types, never values (a response may hold secrets or personal data)."""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 6
MAX_PROPERTIES = 60  # per object
MAX_CHARS = 8000  # the whole schema's JSON; past it the deepest levels are dropped


def shape(value: Any, depth: int = 0) -> dict[str, Any]:
    """A JSON Schema describing ``value`` (lists by their first items, objects by their first properties)."""
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, float):
        return {"type": "number"}
    if isinstance(value, str):
        return {"type": "string"}
    if value is None:
        return {}
    if depth >= MAX_DEPTH:
        return {"type": "object" if isinstance(value, dict) else "array"}
    if isinstance(value, list):
        items: dict[str, Any] = {}
        for item in value[:5]:
            items = merge(items, shape(item, depth + 1))
        return {"type": "array", "items": items} if items else {"type": "array"}
    if isinstance(value, dict):
        props = {str(k): shape(v, depth + 1) for k, v in list(value.items())[:MAX_PROPERTIES]}
        return {"type": "object", "properties": props}
    return {"type": "string"}


def merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """Both shapes in one: properties united, item shapes merged; differing types keep the first seen."""
    if not a:
        return dict(b)
    if not b:
        return dict(a)
    out = dict(a)
    if a.get("type") != b.get("type"):
        return out
    if "properties" in a or "properties" in b:
        props = dict(a.get("properties") or {})
        for k, v in (b.get("properties") or {}).items():
            if k in props:
                props[k] = merge(props[k], v)
            elif len(props) < MAX_PROPERTIES:
                props[k] = v
        out["properties"] = props
    if "items" in a or "items" in b:
        out["items"] = merge(a.get("items") or {}, b.get("items") or {})
    return out


def _cut(schema: dict[str, Any], depth: int) -> dict[str, Any]:
    if depth <= 0:
        return {"type": schema["type"]} if "type" in schema else {}
    out = dict(schema)
    if "properties" in schema:
        out["properties"] = {k: _cut(v, depth - 1) for k, v in schema["properties"].items()}
    if "items" in schema:
        out["items"] = _cut(schema["items"], depth - 1)
    return out


def capped(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with its deepest levels dropped until its JSON fits MAX_CHARS."""
    for depth in range(MAX_DEPTH, 0, -1):
        cut = _cut(schema, depth)
        if len(json.dumps(cut)) <= MAX_CHARS:
            return cut
    return {"type": schema.get("type", "object")}


def merged_into(previous: Any, seen: dict[str, Any]) -> dict[str, Any]:
    """The stored observed schema (JSON text or a map, or nothing) with a newly seen shape merged in, capped."""
    if isinstance(previous, str):
        try:
            previous = json.loads(previous)
        except ValueError:
            previous = None
    return capped(merge(previous if isinstance(previous, dict) else {}, seen))


def observe(previous: Any, value: Any) -> dict[str, Any]:
    """The stored observed schema with one more response's shape merged in."""
    return merged_into(previous, shape(value))
