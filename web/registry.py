"""The tool registry: an editor adds a custom tool, validated by the import models and written by the importer's
own writer (source ``user``), so search and the planner see it at once. Ids follow the OpenAPI scheme:
``<category>/<group>/<name>``, each part slugged. When the graph holds tool vectors, the new tool is embedded too
(or the answer says to run ``toolgraph embed``)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder
from toolgraph.errors import ImportRejectedError, ToolGraphError
from toolgraph.ingest.batch import ImportBatch, describe_validation_error
from toolgraph.models import CategorySpec, GroupSpec, Param, ToolSpec, clean_text, id_part
from toolgraph.tool import Tool
from web.errors import ValidationFailed

log = logging.getLogger(__name__)

SOURCE = "user"
METHODS = ("", "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")
FIELDS = ("category", "group", "group_description", "name", "description", "method", "url", "required_params",
          "optional_params", "output_schema")


def _json_field(data: dict[str, Any], field: str, default: Any) -> Any:
    raw = data.get(field)
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return default
    if isinstance(raw, str):
        try:
            return json.loads(raw)
        except ValueError as exc:
            raise ValidationFailed(f"{field} is not valid JSON: {exc}", field) from None
    return raw


def _params(data: dict[str, Any], field: str) -> list[Param]:
    value = _json_field(data, field, [])
    if not isinstance(value, list) or len(value) > 100:
        raise ValidationFailed(f"{field} must be a JSON list of at most 100 {{name, type, description}}", field)
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            raise ValidationFailed(f"{field}[{i}] must be an object with a name", f"{field}[{i}]")
        try:
            out.append(Param.model_validate(item))
        except ValidationError as exc:
            loc, msg = describe_validation_error(exc)
            raise ValidationFailed(f"{field}[{i}].{loc}: {msg}", f"{field}[{i}].{loc}") from None
    names = [p.name for p in out]
    if len(set(names)) != len(names):
        raise ValidationFailed(f"{field} names a parameter twice", field)
    return out


def _text(data: dict[str, Any], field: str) -> str:
    raw = data.get(field)
    if raw is not None and not isinstance(raw, str):
        raise ValidationFailed(f"{field} must be text", field)
    return clean_text(raw or "")


def _spec(model: type, rename: dict[str, str], **values: Any) -> Any:
    """Validate with an import model; a failure names the form's field (``rename``: model field -> form field)."""
    try:
        return model.model_validate(values)
    except ValidationError as exc:
        loc, msg = describe_validation_error(exc)
        field = rename.get(loc.split(".")[0], loc)
        raise ValidationFailed(f"{field}: {msg}", field) from None


def build_tool(data: dict[str, Any], user: str) -> tuple[ToolSpec, GroupSpec, CategorySpec]:
    if not _text(data, "category"):
        raise ValidationFailed("category is required", "category")
    category = _spec(CategorySpec, {"name": "category"}, name=_text(data, "category"))
    group_name = _text(data, "group")
    if not group_name:
        raise ValidationFailed("group is required", "group")
    method = _text(data, "method").upper()
    if method not in METHODS:
        raise ValidationFailed(f"method must be one of {', '.join(m for m in METHODS if m)} or empty", "method")
    url = _text(data, "url")
    if url and not url.lower().startswith(("http://", "https://", "/")):
        raise ValidationFailed("url must start with http://, https:// or /", "url")
    group = _spec(GroupSpec, {"id": "group", "name": "group", "description": "group_description"},
                  id=f"{id_part(category.name)}/{id_part(group_name)}", name=group_name, category=category.name,
                  description=_text(data, "group_description"), source=SOURCE)
    name = _text(data, "name")
    if not name:
        raise ValidationFailed("name is required", "name")
    schema = _json_field(data, "output_schema", None)
    if schema is not None and len(json.dumps(schema)) > 20000:
        raise ValidationFailed("output_schema is larger than 20,000 characters", "output_schema")
    tool = _spec(
        ToolSpec, {"id": "name", "group_id": "group"}, id=f"{group.id}/{id_part(name)}", name=name, group_id=group.id,
        description=_text(data, "description"), method=method or None, url=url or None,
        required_params=_params(data, "required_params"), optional_params=_params(data, "optional_params"),
        output_schema=schema, source=SOURCE,
        source_ref={"created_by": user, "created": datetime.now(UTC).isoformat(timespec="seconds"), "via": "web"},
    )
    return tool, group, category


def register_tool(store: GraphStore, data: dict[str, Any], user: str,
                  embedder: Callable[[], Embedder | None]) -> dict[str, Any]:
    """Validate and write a custom tool; embed it when the graph holds vectors and a model is at hand
    (``embedder()`` gives it, asked only then)."""
    from toolgraph.ingest.writer import write_batch

    tool, group, category = build_tool(data, user)
    if store.query("find_tool_ids", ids=[tool.id]):
        raise ValidationFailed(f"a tool with id {tool.id!r} exists already: choose another name", "name")
    existing = store.query("fetch_groups", ids=[group.id])
    batch = ImportBatch(SOURCE)
    if existing:
        if existing[0]["categories"] and existing[0]["categories"] != [category.name]:
            raise ValidationFailed(f"group {group.name!r} belongs to category {existing[0]['categories'][0]!r}",
                                   "group")
    else:
        batch.add_group(group, "web", "tool registry")
        if not store.query("fetch_categories", names=[category.name]):
            batch.add_category(category, "web", "tool registry")
    batch.add_tool(tool, "web", "tool registry")
    try:
        report = write_batch(store, batch)
    except ImportRejectedError as exc:
        problem = batch.problems[0] if batch.problems else None
        raise ValidationFailed(str(problem or exc), problem.field if problem else None) from None
    result: dict[str, Any] = {"id": tool.id, "group": group.id, "category": category.name,
                              "created_group": not existing, "report": report.as_dict(), "embedded": False,
                              "notes": []}
    if store.query("get_embedding_model"):
        model = embedder()
        if model is None:
            result["notes"].append("the graph holds tool vectors but no embedding model is configured here: run "
                                   "`toolgraph embed` so dense and graph search find this tool")
        else:
            from toolgraph.retrieve.embed import embed_tools

            try:
                stats = embed_tools(store, model)
                result["embedded"] = stats["embedded"] > 0
            except ToolGraphError as exc:
                log.warning("embedding the new tool failed: %s", exc)
                result["notes"].append(f"embedding failed ({exc}): run `toolgraph embed`")
    else:
        result["notes"].append("name search finds it now; `toolgraph embed` adds it to keyword and semantic search")
    return result


def user_tools(store: GraphStore, limit: int = 100) -> list[dict[str, Any]]:
    rows = store.query("list_tools_by_source", source=SOURCE, limit=limit)
    for row in rows:
        row["source_ref"] = Tool.from_row(row).source_ref
    return rows
