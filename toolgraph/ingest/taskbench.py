"""TaskBench tool graphs (``data_<domain>/graph_desc.json``): nodes -> tools, typed links -> resource edges.

A link ``{source, target, type}`` says the source outputs a ``type`` (text, image, audio, video, url) that the
target takes as input. Every such input can also come straight from the user, so links become
``WEAK_RESOURCE {resource: type, source: "taskbench"}``; STRONG_RESOURCE is kept for inputs only a tool can make.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolgraph.errors import InputFileError
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.files import load_json, missing
from toolgraph.models import CategorySpec, DependencySpec, GroupSpec, ToolSpec, id_part

SOURCE = "taskbench"


def _domain(folder: Path) -> str:
    name = folder.resolve().name
    return name[len("data_"):] if name.startswith("data_") else name


def _inputs(types: list[str]) -> list[dict[str, Any]]:
    seen: dict[str, int] = {}
    out = []
    for kind in types:
        seen[kind] = seen.get(kind, 0) + 1
        name = kind if seen[kind] == 1 else f"{kind}_{seen[kind]}"
        out.append({"name": name, "type": kind, "description": f"input {kind}"})
    return out


def read_taskbench(folder: str | Path, batch: ImportBatch, *, category: str | None = None) -> ImportBatch:
    folder = Path(folder)
    graph_file = folder / "graph_desc.json" if folder.is_dir() else folder
    if not graph_file.is_file():
        raise InputFileError(f"{folder}: no graph_desc.json there (expected a TaskBench data_<domain> folder)")
    domain = _domain(graph_file.parent)
    batch.report.files += 1
    file = str(graph_file)
    data = load_json(graph_file, batch)
    if missing(data):
        return batch
    if not isinstance(data, dict) or not isinstance(data.get("nodes"), list) or not isinstance(data.get("links"), list):
        batch.reject(file, "", "nodes", "expected {nodes: [...], links: [...]}")
        return batch
    category_name = category or f"TaskBench {domain}"
    gid = f"{id_part(category_name)}/{id_part(domain)}"
    cat = CategorySpec(name=category_name, description=f"TaskBench {domain} tools")
    group = batch.build(
        GroupSpec,
        {"id": gid, "name": f"taskbench-{domain}", "category": category_name,
         "description": f"The TaskBench {domain} tool graph", "source": SOURCE},
        file, "",
    )
    if group is None or not batch.add_category(cat, file, "") or not batch.add_group(group, file, ""):
        return batch
    ids: dict[str, str] = {}
    for i, node in enumerate(data["nodes"]):
        batch.report.records += 1
        record = f"nodes[{i}]"
        if not isinstance(node, dict) or not isinstance(node.get("id"), str) or not node["id"].strip():
            batch.reject(file, record, "id", "missing or empty")
            continue
        inputs, outputs = node.get("input-type", []), node.get("output-type", [])
        if not isinstance(inputs, list) or not all(isinstance(t, str) for t in inputs):
            batch.reject(file, record, "input-type", "must be a list of type names")
            continue
        if not isinstance(outputs, list) or not all(isinstance(t, str) for t in outputs):
            batch.reject(file, record, "output-type", "must be a list of type names")
            continue
        tool = batch.build(
            ToolSpec,
            {"id": f"{gid}/{id_part(node['id'])}", "name": node["id"], "group_id": gid,
             "description": node.get("desc") or "", "required_params": _inputs(inputs),
             "output_schema": {"outputs": outputs}, "source": SOURCE,
             "source_ref": {"domain": domain, "node": node["id"]}},
            file, record,
        )
        if tool is not None and batch.add_tool(tool, file, record):
            ids[node["id"]] = tool.id
    for i, link in enumerate(data["links"]):
        batch.report.records += 1
        record = f"links[{i}]"
        if not isinstance(link, dict):
            batch.reject(file, record, "", "expected an object")
            continue
        bad = next((f for f in ("source", "target") if not isinstance(link.get(f), str) or link[f] not in ids),
                   None)
        if bad:
            batch.reject(file, record, bad, f"unknown node {link.get(bad)!r}")
            continue
        if link["source"] == link["target"]:
            batch.reject(file, record, "target", f"a link from {link['source']!r} to itself (a tool cannot depend on "
                                                 "itself)")
            continue
        dep = batch.build(
            DependencySpec,
            {"source": ids[link["source"]], "target": ids[link["target"]], "type": "WEAK_RESOURCE",
             "resource": link.get("type") or "", "origin": SOURCE,
             "description": f"{link['source']} outputs {link.get('type')} that {link['target']} takes as input"},
            file, record,
        )
        if dep is not None:
            batch.add_dependency(dep, file, record)
    return batch
