"""JSON Schema ``object`` schemas (OpenAI ``parameters``, MCP ``inputSchema``) to ToolGraph parameter lists.

Only the top level becomes parameters; a nested object or array keeps its type (``object`` / ``array``) and the
whole schema stays in the tool's ``source_ref`` for whoever needs the full shape.
"""

from __future__ import annotations

import json
from typing import Any

from toolgraph.text.schema import value_type

MAX_SCHEMA_CHARS = 20000


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


def bounded_schema(schema: Any) -> Any:
    """The schema to keep in ``source_ref``, or None when it is too large to store."""
    if schema is None:
        return None
    return schema if len(json.dumps(schema, default=str)) <= MAX_SCHEMA_CHARS else None
