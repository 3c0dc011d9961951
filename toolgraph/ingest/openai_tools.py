"""OpenAI function/tool definitions, as agents send them in ``tools``: a JSON list of
``{"type": "function", "function": {name, description, parameters}}`` or of bare ``{name, description, parameters}``
objects (a ``{"tools": [...]}`` or ``{"functions": [...]}`` wrapper is accepted too).

- category ``--category`` (default ``OpenAI tools``), group ``--group`` (default: the file's stem);
- tool id ``<category>/<group>/<name>``, ``function_name`` the function's name, ``source: openai_tools``,
  ``source_ref`` ``{file, name, parameters}`` (the full JSON Schema, when under 20,000 characters).

These tools have no executor in ToolGraph: the client that sent them (an agent, the proxy's caller) runs them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from toolgraph.errors import InputFileError
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.files import load_json, missing
from toolgraph.ingest.schema_params import SchemaProblem, bounded_schema, inline_refs, schema_params
from toolgraph.models import CategorySpec, GroupSpec, ToolSpec, id_part

SOURCE = "openai_tools"
DEFAULT_CATEGORY = "OpenAI tools"
NAME = re.compile(r"^[A-Za-z0-9_.\-]{1,64}$")  # OpenAI's rule for function names (dots allowed by some clients)


def _function(item: Any) -> tuple[dict[str, Any] | None, str, str]:
    """(function object, field prefix, problem): unwraps ``{"type": "function", "function": {...}}``."""
    if not isinstance(item, dict):
        return None, "", "expected an object"
    if "function" in item:
        if item.get("type", "function") != "function":
            return None, "type", f"only 'function' tools are supported, got {item.get('type')!r}"
        fn = item["function"]
        if not isinstance(fn, dict):
            return None, "function", "expected an object"
        return fn, "function.", ""
    if item.get("type") not in (None, "function"):
        return None, "type", f"only 'function' tools are supported, got {item.get('type')!r}"
    return item, "", ""


def read_openai_tools(
    path: str | Path,
    batch: ImportBatch,
    *,
    group: str | None = None,
    category: str | None = None,
) -> ImportBatch:
    path = Path(path)
    if not path.is_file():
        raise InputFileError(f"{path}: no such file")
    batch.report.files += 1
    file = str(path)
    data = load_json(path, batch)
    if missing(data):
        return batch
    if isinstance(data, dict):
        data = data.get("tools", data.get("functions"))
    if not isinstance(data, list):
        batch.reject(file, "", "", "expected a JSON list of OpenAI tool/function definitions")
        return batch
    if not data:  # no category and no group of nothing, whatever --skip-invalid says
        raise InputFileError(f"{path}: the list of tools is empty: nothing to import")
    category_name = category or DEFAULT_CATEGORY
    group_name = group or path.stem
    gid = f"{id_part(category_name)}/{id_part(group_name)}"
    cat = batch.build(CategorySpec, {"name": category_name}, file, "", "category.")
    grp = batch.build(GroupSpec, {"id": gid, "name": group_name, "category": category_name,
                                  "description": f"OpenAI tool definitions from {path.name}", "source": SOURCE},
                      file, "", "group.")
    if cat is None or grp is None or not batch.add_category(cat, file, "") or not batch.add_group(grp, file, ""):
        return batch
    for i, item in enumerate(data):
        batch.report.records += 1
        record = f"[{i}]"
        fn, prefix, problem = _function(item)
        if fn is None:
            batch.reject(file, record, prefix, problem)
            continue
        name = fn.get("name")
        if not isinstance(name, str) or not NAME.match(name):
            batch.reject(file, record, prefix + "name",
                         "missing, or not 1-64 letters, digits, '_', '-' or '.'" if name else "missing")
            continue
        record = f"[{i}] {name}"
        description = fn.get("description", "")
        if not isinstance(description, str):
            batch.reject(file, record, prefix + "description", "must be a string")
            continue
        parameters = inline_refs(fn.get("parameters"))
        try:
            required, optional = schema_params(parameters, prefix + "parameters")
        except SchemaProblem as exc:
            batch.reject(file, record, exc.field, str(exc))
            continue
        tool = batch.build(
            ToolSpec,
            {"id": f"{gid}/{id_part(name)}", "name": name, "group_id": gid, "description": description,
             "required_params": required, "optional_params": optional, "function_name": name, "source": SOURCE,
             "source_ref": {"file": path.name, "name": name, "parameters": bounded_schema(parameters)}},
            file, record,
        )
        if tool is not None:
            batch.add_tool(tool, file, record)
    return batch
