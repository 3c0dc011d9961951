"""ToolBench / StableToolBench tools: query files (``api_list``), tool files and response examples.

Data model mapping (ToolBench -> ToolGraph):

- ``category_name``         -> ``(:Category {name})``
- ``tool_name`` (a RapidAPI tool, a collection of APIs) -> ``(:ToolGroup {id: "<category>/<tool>"})``
- ``api_name``              -> ``(:Tool {id: "<category>/<tool>/<api>"})`` with ``function_name`` as ToolBench
  called it (``standardize(api)_for_standardize(tool)``), so call paths map back to tools.

A group's id includes its category: RapidAPI lists some tools under several categories, and each group sits in
exactly one category here.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tqdm import tqdm

from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.files import expand, load_json, missing, text_field
from toolgraph.models import CategorySpec, GroupSpec, ToolSpec, id_part, toolbench_function_name

SOURCE = "toolbench"
MAX_NAME = 300  # as models.Name


def group_id(category: str, tool: str) -> str:
    return f"{id_part(category)}/{id_part(tool)}"


def tool_id(category: str, tool: str, api: str) -> str:
    return f"{group_id(category, tool)}/{id_part(api)}"


def _params(value: Any) -> Any:
    return [] if value is None else value


def add_api(batch: ImportBatch, api: Any, file: str, record: str, *, group_extra: dict[str, Any] | None = None) -> None:
    """One ToolBench API record -> category, group and tool in the batch."""
    if not isinstance(api, dict):
        batch.reject(file, record, "", f"expected an object, got {type(api).__name__}")
        return
    for field in ("category_name", "tool_name", "api_name"):
        value = api.get(field)
        if value is not None and not isinstance(value, str):
            batch.reject(file, record, field, f"must be text, not {type(value).__name__}")
            return
        if text_field(api, field) is None:
            batch.reject(file, record, field, "missing or empty")
            return
        if len(value) > MAX_NAME:  # checked here, before the id made of it is blamed
            batch.reject(file, record, field, f"longer than {MAX_NAME} characters")
            return
    method = api.get("method")
    if method is not None and not isinstance(method, str):
        batch.reject(file, record, "method", f"must be text such as \"GET\", not {type(method).__name__}")
        return
    category, tool, name = api["category_name"], api["tool_name"], api["api_name"]
    cat = batch.build(CategorySpec, {"name": category}, file, record, "category_name.")
    group = batch.build(
        GroupSpec,
        {"id": group_id(category, tool), "name": tool, "category": category, "source": SOURCE, **(group_extra or {})},
        file,
        record,
    )
    spec = batch.build(
        ToolSpec,
        {
            "id": tool_id(category, tool, name),
            "name": name,
            "group_id": group_id(category, tool),
            "description": api.get("api_description") or api.get("description") or "",
            "method": api.get("method"),
            "url": api.get("url"),
            "required_params": _params(api.get("required_parameters")),
            "optional_params": _params(api.get("optional_parameters")),
            "output_schema": api.get("template_response"),
            "source": SOURCE,
            "source_ref": {"category": category, "tool": tool, "api": name},
            "function_name": toolbench_function_name(tool, name),
        },
        file,
        record,
    )
    if cat is None or group is None or spec is None:
        return
    if batch.add_category(cat, file, record) and batch.add_group(group, file, record):
        batch.add_tool(spec, file, record)


def _is_response_examples(data: Any) -> bool:
    return (
        isinstance(data, dict)
        and isinstance(data.get("api_list"), list)
        and "tool_name" not in data
        and all(isinstance(a, dict) and "schema" in a for a in data["api_list"])
    )


def read_toolbench(paths: Iterable[str | Path], batch: ImportBatch, *, progress: bool = False) -> ImportBatch:
    """Read query files, ToolBench tool files (``toolenv/tools/<Category>/<tool>.json``) and response examples
    (``toolenv/response_examples/<Category>/<tool>.json``). Response examples fill ``output_schema`` of tools
    read in the same import that have none."""
    files = expand(paths, (".json",))
    examples: list[tuple[Path, Any]] = []
    for path in tqdm(files, desc="reading toolbench", unit="file", disable=not progress):
        batch.report.files += 1
        data = load_json(path, batch)
        if missing(data):
            continue
        file = str(path)
        if isinstance(data, list):
            for i, query in enumerate(data):
                batch.report.records += 1
                label = f"[{i}]"
                if isinstance(query, dict) and "query_id" in query:
                    label += f" query_id={query['query_id']}"
                if not isinstance(query, dict):
                    batch.reject(file, label, "", f"expected a query object, got {type(query).__name__}")
                    continue
                apis = query.get("api_list")
                if apis is None and "query" in query:
                    batch.filter("query without api_list")
                    continue
                if not isinstance(apis, list):
                    batch.reject(file, label, "api_list", "missing or not a list")
                    continue
                for j, api in enumerate(apis):
                    add_api(batch, api, file, f"{label} api_list[{j}]")
        elif _is_response_examples(data):
            examples.append((path, data))
        elif isinstance(data, dict) and isinstance(data.get("api_list"), list) and text_field(data, "tool_name"):
            _read_tool_file(batch, path, data)
        else:
            batch.reject(file, "", "", "not a ToolBench query list, tool file or response-example file")
    for path, data in examples:
        _apply_response_examples(batch, path, data)
    return batch


def _read_tool_file(batch: ImportBatch, path: Path, data: dict[str, Any]) -> None:
    category = data.get("category_name") or path.parent.name
    extra = {
        "description": data.get("tool_description") or data.get("description") or "",
        "home_url": data.get("home_url") or None,
        "host": data.get("host") or None,
        "pricing": data.get("pricing") or None,
    }
    for j, api in enumerate(data["api_list"]):
        batch.report.records += 1
        if not isinstance(api, dict):
            batch.reject(str(path), f"api_list[{j}]", "", "expected an API object")
            continue
        record = {"category_name": category, "tool_name": data["tool_name"], "api_name": api.get("name"), **api}
        add_api(batch, record, str(path), f"api_list[{j}]", group_extra=extra)


def _apply_response_examples(batch: ImportBatch, path: Path, data: dict[str, Any]) -> None:
    prefix = f"{id_part(path.parent.name)}/{id_part(path.stem)}/"
    for j, example in enumerate(data["api_list"]):
        batch.report.records += 1
        name = example.get("name") if isinstance(example, dict) else None
        if not isinstance(name, str) or not name.strip():
            batch.reject(str(path), f"api_list[{j}]", "name", "missing or empty")
            continue
        tool = batch.tools.get(prefix + id_part(name))
        if tool is None:
            batch.filter("response example for a tool not in this import")
            continue
        if tool.output_schema is None and example.get("schema") is not None:
            batch.tools[tool.id] = tool.model_copy(update={"output_schema": example["schema"]})
