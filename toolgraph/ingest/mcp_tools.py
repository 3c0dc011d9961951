"""A live MCP server's ``tools/list``: one tool per MCP tool.

- category ``--category`` (default ``MCP``); group: the server's name (its ``serverInfo``), ``--group`` to rename;
- tool id ``<category>/<group>/<tool name>``, ``function_name`` the MCP tool's name, ``source: mcp``, ``source_ref``
  ``{server: ServerRef (command + args + cwd + env names, or url), tool, input_schema, mutating}``;
- parameters from ``inputSchema`` (required list, enums, defaults, descriptions); ``outputSchema`` kept;
- ``mutating`` follows the MCP annotations: a tool is assumed to change things unless it says ``readOnlyHint``.

Listing the server is the CLI's job (:func:`toolgraph.mcp_client.list_server_tools`); this reader takes the listing.
"""

from __future__ import annotations

from typing import Any

from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.schema_params import SchemaProblem, bounded_schema, inline_refs, schema_params
from toolgraph.mcp_client import ServerRef
from toolgraph.models import CategorySpec, GroupSpec, ToolSpec, id_part

SOURCE = "mcp"
DEFAULT_CATEGORY = "MCP"


def read_mcp_listing(
    ref: ServerRef,
    server_name: str,
    server_description: str,
    tools: list[Any],
    batch: ImportBatch,
    *,
    group: str | None = None,
    category: str | None = None,
) -> ImportBatch:
    where = f"mcp server {ref.label()}"
    batch.report.files += 1
    category_name = category or DEFAULT_CATEGORY
    group_name = group or server_name
    gid = f"{id_part(category_name)}/{id_part(group_name)}"
    cat = batch.build(CategorySpec, {"name": category_name}, where, "", "category.")
    grp = batch.build(GroupSpec, {"id": gid, "name": group_name, "category": category_name,
                                  "description": server_description, "home_url": ref.stored().get("url"),
                                  "source": SOURCE},
                      where, "", "group.")
    if cat is None or grp is None or not batch.add_category(cat, where, "") or not batch.add_group(grp, where, ""):
        return batch
    server = ref.stored()  # secret option values and URL secrets masked: never stored
    if ServerRef.model_validate(server).masked():
        batch.report.notes["a secret in the server's command line or URL is stored as ***: give it as ${NAME} "
                           "from the environment so that runs can start the server"] += 1
    for i, tool in enumerate(tools):
        batch.report.records += 1
        name = getattr(tool, "name", None)
        record = f"tools[{i}] {name}" if name else f"tools[{i}]"
        if not isinstance(name, str) or not name.strip():
            batch.reject(where, record, "name", "missing")
            continue
        schema = inline_refs(tool.input_schema)
        try:
            required, optional = schema_params(schema, "inputSchema")
        except SchemaProblem as exc:
            batch.reject(where, record, exc.field, str(exc))
            continue
        notes = tool.annotations
        read_only = bool(notes and notes.read_only_hint)
        spec = batch.build(
            ToolSpec,
            {"id": f"{gid}/{id_part(name)}", "name": name, "group_id": gid,
             "description": tool.description or "", "required_params": required, "optional_params": optional,
             "output_schema": bounded_schema(inline_refs(tool.output_schema)), "function_name": name, "source": SOURCE,
             "source_ref": {"server": server, "tool": name, "input_schema": bounded_schema(schema),
                            "mutating": not read_only}},
            where, record,
        )
        if spec is not None:
            batch.add_tool(spec, where, record)
    return batch
