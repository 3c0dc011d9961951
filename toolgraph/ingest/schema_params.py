"""JSON Schema ``object`` schemas (OpenAI ``parameters``, MCP ``inputSchema``) to ToolGraph parameter lists.

Only the top level becomes parameters; a nested object or array keeps its type (``object`` / ``array``) and the
whole schema stays in the tool's ``source_ref`` for whoever needs the full shape.
"""

from __future__ import annotations

import json
from typing import Any

from toolgraph.text.schema import value_type

MAX_SCHEMA_CHARS = 20000
MAX_INLINED_NODES = 5000  # a schema whose refs expand to more is kept as it came
MAX_INLINED_DEPTH = 12


class SchemaProblem(ValueError):
    """The schema is not a usable ``object`` schema; ``field`` names where (``parameters.properties.x``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def json_type(schema: dict[str, Any]) -> str:
    """The parameter type: ``type`` (the first non-null of a list), else guessed from enum/anyOf, else string."""
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), None)
    if isinstance(kind, str) and kind:
        return kind
    for key in ("anyOf", "oneOf"):
        options = schema.get(key)
        if isinstance(options, list):
            kinds = [json_type(o) for o in options if isinstance(o, dict) and o.get("type") != "null"]
            if kinds:
                return kinds[0]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        first = schema["enum"][0]
        kind = value_type(first)
        return kind if kind != "null" else "string"
    if "properties" in schema:
        return "object"
    if "items" in schema:
        return "array"
    return "string"


def schema_params(schema: Any, where: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(required, optional) parameter dicts of an object schema; ``None`` or ``{}`` means no parameters.

    Raises :class:`SchemaProblem` naming the field (prefixed by ``where``) when the schema cannot be read."""
    if schema is None or schema == {}:
        return [], []
    if not isinstance(schema, dict):
        raise SchemaProblem(where, "must be a JSON Schema object")
    if schema.get("type") not in (None, "object"):
        raise SchemaProblem(f"{where}.type", f"must be 'object', got {schema.get('type')!r}")
    props = schema.get("properties", {})
    if not isinstance(props, dict):
        raise SchemaProblem(f"{where}.properties", "must be an object mapping names to schemas")
    required = schema.get("required", [])
    if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
        raise SchemaProblem(f"{where}.required", "must be a list of property names")
    unknown = [r for r in required if r not in props]
    if unknown:
        raise SchemaProblem(f"{where}.required", f"names {unknown[0]!r}, which is not in properties")
    req: list[dict[str, Any]] = []
    opt: list[dict[str, Any]] = []
    for name, prop in props.items():
        if not isinstance(prop, dict):
            raise SchemaProblem(f"{where}.properties.{name}", "must be a JSON Schema object")
        enum = prop.get("enum")
        if enum is not None and not isinstance(enum, list):
            raise SchemaProblem(f"{where}.properties.{name}.enum", "must be a list")
        if enum is None and isinstance(prop.get("items"), dict) and isinstance(prop["items"].get("enum"), list):
            enum = prop["items"]["enum"]
        param = {"name": name, "type": json_type(prop), "description": str(prop.get("description") or ""),
                 "default": prop.get("default"), "enum": enum}
        (req if name in required else opt).append(param)
    return req, opt


class _TooBig(Exception):
    """A schema's references expand past MAX_INLINED_NODES (inline_refs keeps the schema as it came)."""


def local_ref(root: Any, ref: str) -> Any:
    """What a local JSON pointer (``#/$defs/Loan``, ``#/components/schemas/Pet``) points to in ``root``, or None."""
    if not ref.startswith("#/"):
        return None
    node: Any = root
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def inline_refs(schema: Any) -> Any:
    """``schema`` with its local references (``{"$ref": "#/$defs/CustomerSummary"}``, ``#/definitions/...``, any
    ``#/`` pointer into itself) replaced by what they point to, and its ``$defs`` / ``definitions`` dropped, so that
    the fields of nested objects are read like any other (MCP servers built on pydantic send list items this way).
    A cycle stays a ``$ref``; a schema that would expand past MAX_INLINED_NODES nodes, or that is not an object, is
    returned unchanged."""
    if not isinstance(schema, dict) or not any(k in schema for k in ("$defs", "definitions")):
        return schema
    count = 0

    def walk(node: Any, depth: int, seen: frozenset[str]) -> Any:
        nonlocal count
        count += 1
        if count > MAX_INLINED_NODES:
            raise _TooBig
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/"):
                target = local_ref(schema, ref)
                if ref in seen or depth >= MAX_INLINED_DEPTH or not isinstance(target, dict):
                    return {k: v for k, v in node.items() if k != "$ref"} | {"$ref": ref}
                merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
                return walk(merged, depth + 1, seen | {ref})
            return {k: walk(v, depth + 1, seen) for k, v in node.items() if not (depth == 0 and k in (
                "$defs", "definitions"))}
        if isinstance(node, list):
            return [walk(v, depth + 1, seen) for v in node]
        return node

    try:
        return walk(schema, 0, frozenset())
    except (_TooBig, RecursionError):
        return schema


def bounded_schema(schema: Any) -> Any:
    """The schema to keep in ``source_ref``, or None when it is too large to store."""
    if schema is None:
        return None
    return schema if len(json.dumps(schema, default=str)) <= MAX_SCHEMA_CHARS else None
