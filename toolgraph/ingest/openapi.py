"""OpenAPI 3 (and Swagger 2) specs: one tool per operation; RestBench gold solution paths on top of a spec.

- group: ``--group`` (default: the spec's ``info.title``); category: ``--category`` (default ``OpenAPI``);
- tool id ``<category>/<group>/<operationId or method_path>``, ``source_ref`` ``{spec, method, path, operationId}``;
- parameters: path-level and operation-level (``$ref`` resolved), and a JSON request body's top-level properties
  (``location: body``); ``output_schema``: the JSON schema of the first 2xx (or default) response.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from toolgraph.errors import InputFileError
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.files import load_json, missing, too_big, too_deep
from toolgraph.ingest.limits import MAX_DEPTH, MAX_REF_NODES, MAX_YAML_NODES, LimitExceeded
from toolgraph.ingest.schema_params import local_ref
from toolgraph.models import CallPathSpec, CategorySpec, GroupSpec, ToolSpec, id_part

SOURCE = "openapi"
METHODS = ("get", "post", "put", "patch", "delete", "head", "options")
MAX_SCHEMA_DEPTH = 16  # JSON levels (a schema level is two: the object and its "properties")

OperationIndex = dict[tuple[str, str], str]


def _load_spec(path: Path, batch: ImportBatch) -> Any:
    if path.suffix.lower() in (".yaml", ".yml"):
        try:
            import yaml
        except ImportError as exc:  # pragma: no cover - pyyaml is a dependency
            raise InputFileError(f"{path}: reading YAML needs pyyaml") from exc
        if too_big(path, batch):
            return None
        try:
            with open(path, encoding="utf-8") as fh:
                data = _bounded_yaml(yaml, fh.read())
        except LimitExceeded as exc:
            batch.reject(str(path), "", "", str(exc))
            return None
        except RecursionError:
            batch.reject(str(path), "", "", f"nested deeper than {MAX_DEPTH} levels")
            return None
        except (yaml.YAMLError, OSError, UnicodeDecodeError) as exc:
            batch.reject(str(path), "", "", f"not valid YAML: {exc}")
            return None
        return None if too_deep(path, batch, data) else data
    data = load_json(path, batch)
    return None if missing(data) else data


def _bounded_yaml(yaml: Any, text: str) -> Any:
    """``yaml.safe_load``, refusing a document whose aliases expand it past ``MAX_YAML_NODES`` nodes (counted on
    the composed node graph, each alias at the size it stands for, before anything is built)."""
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        sizes: dict[int, int] = {}
        order, stack = [], [node]
        while stack:  # iterative post-order over the node graph (shared by aliases: each node once)
            n = stack.pop()
            if id(n) in sizes:
                continue
            sizes[id(n)] = -1
            order.append(n)
            if isinstance(n, yaml.SequenceNode):
                stack.extend(n.value)
            elif isinstance(n, yaml.MappingNode):
                stack.extend(x for pair in n.value for x in pair)
        for n in reversed(order):
            if isinstance(n, yaml.SequenceNode):
                total = 1 + sum(sizes[id(c)] for c in n.value)
            elif isinstance(n, yaml.MappingNode):
                total = 1 + sum(sizes[id(x)] for pair in n.value for x in pair)
            else:
                total = 1
            sizes[id(n)] = total
            if total > MAX_YAML_NODES:
                raise LimitExceeded(f"YAML aliases expand past {MAX_YAML_NODES} nodes (an alias bomb?)")
        return loader.construct_document(node)
    finally:
        loader.dispose()


class _Resolver:
    def __init__(self, spec: dict[str, Any], file: str = "") -> None:
        self.spec = spec
        self.file = file
        self.expanded = 0  # schema nodes made by inlining $refs, bounded by MAX_REF_NODES

    def ref(self, ref: str) -> Any:
        return local_ref(self.spec, ref)

    def deref(self, node: Any, seen: frozenset[str] = frozenset()) -> Any:
        while isinstance(node, dict) and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            if ref in seen:
                return {}
            seen = seen | {ref}
            node = self.ref(ref)
        return node

    def schema(self, node: Any, depth: int = 0, seen: frozenset[str] = frozenset()) -> Any:
        """A schema with local $refs inlined, cut at a depth and at cycles (left as {"$ref": ...})."""
        self.expanded += 1
        if self.expanded > MAX_REF_NODES:
            raise LimitExceeded(f"expanding $refs takes more than {MAX_REF_NODES} schema nodes")
        if isinstance(node, dict) and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            if ref in seen or depth >= MAX_SCHEMA_DEPTH:
                return {"$ref": ref}
            return self.schema(self.ref(ref), depth + 1, seen | {ref})
        if depth >= MAX_SCHEMA_DEPTH:
            return {}
        if isinstance(node, dict):
            return {k: self.schema(v, depth + 1, seen) for k, v in node.items() if k not in ("example", "examples")}
        if isinstance(node, list):
            return [self.schema(v, depth + 1, seen) for v in node]
        return node


def _param(res: _Resolver, raw: Any) -> dict[str, Any] | None:
    p = res.deref(raw)
    if not isinstance(p, dict) or not isinstance(p.get("name"), str):
        return None
    schema = res.deref(p.get("schema") or {}) or {}
    return {
        "name": p["name"],
        "location": p.get("in"),
        "type": schema.get("type") or p.get("type") or "string",
        "description": p.get("description") or "",
        "default": schema.get("default", p.get("default")),
        "enum": schema.get("enum") or p.get("enum"),
        "required": bool(p.get("required")) or p.get("in") == "path",
    }


def _output_schema(res: _Resolver, op: dict[str, Any]) -> Any:
    responses = {str(code): resp for code, resp in (op.get("responses") or {}).items()}
    codes = sorted(c for c in responses if c.startswith("2")) + ["default"]
    for code in codes:
        resp = res.deref(responses.get(code))
        if not isinstance(resp, dict):
            continue
        content = resp.get("content") or {}
        media = content.get("application/json") or next(iter(content.values()), None) if content else None
        schema = (media or {}).get("schema") if isinstance(media, dict) else resp.get("schema")
        if schema:
            return res.schema(schema)
    return None


def read_openapi(
    path: str | Path,
    batch: ImportBatch,
    *,
    group: str | None = None,
    category: str | None = None,
) -> OperationIndex:
    """Add the spec's operations as tools; returns ``(METHOD, path) -> tool id``."""
    path = Path(path)
    if not path.is_file():
        raise InputFileError(f"{path}: no such file")
    batch.report.files += 1
    file = str(path)
    spec = _load_spec(path, batch)
    if spec is None:
        return {}
    if not isinstance(spec, dict) or not ("openapi" in spec or "swagger" in spec):
        batch.reject(file, "", "openapi", "not an OpenAPI document (no 'openapi' or 'swagger' key)")
        return {}
    if not isinstance(spec.get("paths"), dict):
        batch.reject(file, "", "paths", "missing or not an object")
        return {}
    info = spec.get("info") if isinstance(spec.get("info"), dict) else {}
    group_name = group or str(info.get("title") or "").strip() or path.stem
    category_name = category or "OpenAPI"
    servers = spec.get("servers") if isinstance(spec.get("servers"), list) else []
    base = str(servers[0].get("url") or "").rstrip("/") if servers and isinstance(servers[0], dict) else ""
    if not base and spec.get("host"):
        base = f"{(spec.get('schemes') or ['https'])[0]}://{spec['host']}{spec.get('basePath') or ''}".rstrip("/")
    gid = f"{id_part(category_name)}/{id_part(group_name)}"
    cat = batch.build(CategorySpec, {"name": category_name}, file, "", "category.")
    grp = batch.build(
        GroupSpec,
        {"id": gid, "name": group_name, "category": category_name, "description": str(info.get("description") or ""),
         "home_url": base or None, "host": urlparse(base).netloc or None, "source": SOURCE},
        file, "info",
    )
    if cat is None or grp is None or not batch.add_category(cat, file, "") or not batch.add_group(grp, file, "info"):
        return {}
    res = _Resolver(spec, file)
    try:
        return _read_operations(batch, spec, res, file, gid, group_name, base)
    except LimitExceeded as exc:
        batch.reject(file, "", "", f"{exc} (the whole file is refused)")
        return {}


def _read_operations(batch: ImportBatch, spec: dict[str, Any], res: _Resolver, file: str, gid: str,
                     group_name: str, base: str) -> OperationIndex:
    index: OperationIndex = {}
    for route, item in spec["paths"].items():
        item = res.deref(item)
        if not isinstance(item, dict):
            batch.reject(file, f"paths[{route!r}]", "", "not an object")
            continue
        shared = [p for p in map(lambda r: _param(res, r), item.get("parameters") or []) if p]
        for method in METHODS:
            op = item.get(method)
            if op is None:
                continue
            batch.report.records += 1
            record = f"{method.upper()} {route}"
            if not isinstance(op, dict):
                batch.reject(file, record, "", "operation is not an object")
                continue
            params = {(p["name"], p["location"]): p for p in shared}
            for raw in op.get("parameters") or []:
                p = _param(res, raw)
                if p is None:
                    batch.reject(file, record, "parameters", f"unreadable parameter {json.dumps(raw)[:120]}")
                    continue
                params[(p["name"], p["location"])] = p
            body = res.deref(op.get("requestBody") or {})
            if isinstance(body, dict) and isinstance(body.get("content"), dict):
                media = body["content"].get("application/json") or {}
                schema = res.deref(media.get("schema") or {}) or {}
                required = set(schema.get("required") or [])
                for name, prop in (schema.get("properties") or {}).items():
                    prop = res.deref(prop) or {}
                    params[(name, "body")] = {
                        "name": name, "location": "body", "type": prop.get("type") or "object",
                        "description": prop.get("description") or "", "default": prop.get("default"),
                        "enum": prop.get("enum"), "required": name in required,
                    }
            op_id = op.get("operationId") if isinstance(op.get("operationId"), str) else None
            tool = batch.build(
                ToolSpec,
                {
                    "id": f"{gid}/{id_part(op_id or f'{method}_{route}')}",
                    "name": str(op.get("summary") or op_id or record),
                    "group_id": gid,
                    "description": str(op.get("description") or op.get("summary") or ""),
                    "method": method.upper(),
                    "url": base + route,
                    "required_params": [p for p in params.values() if p["required"]],
                    "optional_params": [p for p in params.values() if not p["required"]],
                    "output_schema": _output_schema(res, op),
                    "source": SOURCE,
                    "source_ref": {"spec": group_name, "method": method.upper(), "path": route, "operationId": op_id},
                },
                file, record,
            )
            if tool is not None and batch.add_tool(tool, file, record):
                index[(method.upper(), route)] = tool.id
    return index


def normalise_call(text: str) -> tuple[str, str]:
    """``"GET /person/{person_id} "`` -> ``("GET", "/person/{person_id}")``."""
    method, _, route = text.strip().partition(" ")
    return method.upper(), "".join(route.split())


def read_restbench(
    queries: str | Path,
    spec: str | Path,
    batch: ImportBatch,
    *,
    group: str | None = None,
    category: str | None = None,
) -> ImportBatch:
    """The spec's operations, plus each query's gold ``solution`` as a successful call path."""
    index = read_openapi(spec, batch, group=group, category=category)
    path = Path(queries)
    if not path.is_file():
        raise InputFileError(f"{path}: no such file")
    batch.report.files += 1
    data = load_json(path, batch)
    if missing(data):
        return batch
    file = str(path)
    if not isinstance(data, list):
        batch.reject(file, "", "", "expected a JSON list of {query, solution} objects")
        return batch
    for i, item in enumerate(data):
        batch.report.records += 1
        record = f"[{i}]"
        if not isinstance(item, dict) or not isinstance(item.get("query"), str):
            batch.reject(file, record, "query", "missing or not a string")
            continue
        solution = item.get("solution")
        if not isinstance(solution, list) or not solution or not all(isinstance(s, str) for s in solution):
            batch.reject(file, record, "solution", "missing or not a list of 'METHOD /path' strings")
            continue
        steps = []
        for j, call in enumerate(solution):
            key = normalise_call(call)
            if key not in index:
                batch.reject(file, record, f"solution[{j}]", f"no operation {key[0]} {key[1]} in {spec}")
                steps = []
                break
            steps.append(index[key])
        if not steps:
            continue
        digest = hashlib.sha1(json.dumps([item["query"], solution]).encode("utf-8")).hexdigest()[:16]
        spec_obj = batch.build(
            CallPathSpec,
            {"id": f"restbench:{digest}", "query": item["query"], "success": True, "source": "restbench",
             "source_ref": {"file": path.name, "index": i, "solution": solution}, "steps": steps},
            file, record,
        )
        if spec_obj is not None:
            batch.add_call_path(spec_obj, file, record)
    return batch
