"""Historical call paths: ToolBench DFS answer trees, CoT answers, tooleval CoT results, and our own JSON lines.

Cleaning rules (the thesis, ch. 3):

1. keep only runs that finished with ``give_answer`` (``finish_type``, or the Finish call's ``return_type``);
2. in a DFS tree, follow only unpruned nodes, down to the Finish node that gave the answer: a linear path;
3. drop calls whose observation carries an error (``observation_code`` other than 0, or a non-empty ``error``),
   calls to ``Finish`` and calls to functions the run was not offered;
4. map each function name back to a tool (``Tool.function_name``); a name that matches no tool rejects the
   record, unless ``--add-missing-tools`` creates the tool from the run's own function schema.

Our own format, one JSON object a line (or a JSON list of them)::

    {"id": "optional-stable-id", "query": "...", "calls": ["tool id", ...], "success": true}

Consecutive calls of successful paths become ``SEQUENTIAL`` transitions (see the writer).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from toolgraph.db.store import GraphStore
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.files import expand, iter_jsonl, load_json, missing
from toolgraph.ingest.toolbench import SOURCE as TOOLBENCH
from toolgraph.models import CallPathSpec, CategorySpec, GroupSpec, ToolSpec, id_part

FINISH = "Finish"
UNCATEGORIZED = "Uncategorized"
TOOL_IN_DESCRIPTION = re.compile(r'subfunction for tool "([^"]+)"')
FUNCTION_DESCRIPTION = re.compile(r'The description of this function is: "(.*)"\s*$', re.DOTALL)
NAME_IN_MESSAGE = re.compile(r"""['"]name['"]:\s*['"]([^'"]+)['"]""")
ERROR_IN_MESSAGE = re.compile(r"""['"]error['"]:\s*(?:'([^']+)'|"([^"]+)")""")


@dataclass
class RawPath:
    """A cleaned run before its function names are mapped to tools."""

    id: str
    file: str
    record: str
    query: str
    success: bool
    source: str
    source_ref: dict[str, Any]
    functions: list[str] = field(default_factory=list)
    tool_ids: list[str] = field(default_factory=list)
    schemas: dict[str, dict[str, Any]] = field(default_factory=dict)


# -- the ToolBench formats -------------------------------------------------------------------------------------
def _gives_answer(node: dict[str, Any]) -> bool:
    if node.get("observation_code") == 3:
        return True
    return "give_answer" in str(node.get("description") or "")


def _observation_error(node: dict[str, Any]) -> bool:
    code = node.get("observation_code")
    if code not in (None, 0):
        return True
    observation = node.get("observation")
    if isinstance(observation, str) and observation.strip().startswith("{"):
        try:
            parsed = json.loads(observation)
        except ValueError:
            return False
        return isinstance(parsed, dict) and bool(parsed.get("error"))
    return False


def _winning_branch(root: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Root-to-leaf nodes along unpruned nodes to the Finish call that gave the answer (first found)."""
    stack: list[tuple[dict[str, Any], list[dict[str, Any]]]] = [(root, [])]
    while stack:
        node, trail = stack.pop()
        if not isinstance(node, dict) or node.get("pruned"):
            continue
        trail = trail + [node]
        if node.get("node_type") == "Action Input" and len(trail) >= 2 and trail[-2].get("description") == FINISH:
            if _gives_answer(node):
                return trail
            continue
        children = node.get("children") or []
        stack.extend((child, trail) for child in reversed(children))
    return None


def _calls_from_chain(chain: list[dict[str, Any]], offered: set[str] | None) -> tuple[list[str], bool]:
    """Function names of error-free calls along a linear chain, and whether it ends with give_answer."""
    calls, answered = [], False
    for i, node in enumerate(chain):
        if node.get("node_type") != "Action":
            continue
        name = str(node.get("description") or "")
        arg = chain[i + 1] if i + 1 < len(chain) and chain[i + 1].get("node_type") == "Action Input" else {}
        if name == FINISH:
            answered = answered or _gives_answer(arg)
            continue
        if not name or _observation_error(arg) or (offered is not None and name not in offered):
            continue
        calls.append(name)
    return calls, answered


def _function_schemas(functions: Any) -> dict[str, dict[str, Any]]:
    out = {}
    for fn in functions or []:
        if isinstance(fn, dict) and isinstance(fn.get("name"), str):
            out[fn["name"]] = fn
    return out


def _query_key(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def _read_answer_file(path: Path, data: dict[str, Any], batch: ImportBatch) -> RawPath | None:
    gen = data.get("answer_generation") or {}
    file, record = str(path), _query_key(path)
    schemas = _function_schemas(gen.get("function"))
    offered = set(schemas) or None
    if "tree" in data:
        source = "toolbench-dfs"
        if gen.get("finish_type") not in (None, "give_answer"):
            batch.filter(f"finish_type is {gen.get('finish_type')}")
            return None
        root = (data.get("tree") or {}).get("tree")
        branch = _winning_branch(root) if isinstance(root, dict) else None
        if branch is None:
            batch.filter("no unpruned path to a give_answer Finish")
            return None
        calls, answered = _calls_from_chain(branch, offered)
    else:
        source = "toolbench-cot"
        candidates = data.get("compare_candidates") or [t.get("chain") for t in data.get("trys") or []][-1:]
        chain = candidates[0] if candidates and isinstance(candidates[0], list) else None
        if chain is None:
            batch.reject(file, record, "compare_candidates", "no call chain in a CoT answer file")
            return None
        calls, answered = _calls_from_chain(chain, offered)
        if not answered:
            batch.filter("did not finish with give_answer")
            return None
    if not calls:
        batch.filter("no error-free tool call")
        return None
    return RawPath(
        id=f"{source}:{record}", file=file, record=record, query=str(gen.get("query") or ""), success=True,
        source=source, source_ref={"file": path.name, "query_id": path.stem.split("_")[0]},
        functions=calls, schemas=schemas,
    )


def _read_tooleval(path: Path, data: dict[str, Any], batch: ImportBatch) -> list[RawPath]:
    out = []
    for qid, item in data.items():
        batch.report.records += 1
        record = f"query_id={qid}"
        if not isinstance(item, dict) or not isinstance(item.get("answer"), dict):
            batch.reject(str(path), record, "answer", "missing or not an object")
            continue
        answer = item["answer"]
        if "give_answer" not in str(answer.get("final_answer") or ""):
            batch.filter("did not finish with give_answer")
            continue
        schemas = _function_schemas(item.get("available_tools"))
        details = answer.get("answer_details")
        node = details[0] if isinstance(details, list) and details else None
        calls, steps = [], 0
        while isinstance(node, dict) and steps < 10000:
            steps += 1
            if node.get("role") == "tool":
                message = str(node.get("message") or "")
                match = NAME_IN_MESSAGE.search(message)
                name = match.group(1) if match else None
                if name and name != FINISH and not ERROR_IN_MESSAGE.search(message):
                    if not schemas or name in schemas:
                        calls.append(name)
            nxt = node.get("next")
            node = nxt[0] if isinstance(nxt, list) and nxt else None
        if not calls:
            batch.filter("no error-free tool call")
            continue
        out.append(RawPath(
            id=f"tooleval:{path.stem}:{qid}", file=str(path), record=record, query=str(item.get("query") or ""),
            success=True, source="tooleval-cot", source_ref={"file": path.name, "query_id": str(qid)},
            functions=calls, schemas=schemas,
        ))
    return out


# -- our own format ------------------------------------------------------------------------------------------------
def _read_own(file: str, record: str, obj: Any, batch: ImportBatch) -> RawPath | None:
    batch.report.records += 1
    if not isinstance(obj, dict):
        batch.reject(file, record, "", f"expected an object, got {type(obj).__name__}")
        return None
    calls = obj.get("calls")
    if not isinstance(calls, list) or not calls:
        batch.reject(file, record, "calls", "missing, empty or not a list of tool ids")
        return None
    for i, call in enumerate(calls):
        if not isinstance(call, str) or not call.strip():
            batch.reject(file, record, f"calls[{i}]", "not a tool id string")
            return None
    success = obj.get("success", True)
    if not isinstance(success, bool):
        batch.reject(file, record, "success", "must be true or false")
        return None
    query = obj.get("query", "")
    if not isinstance(query, str):
        batch.reject(file, record, "query", "must be a string")
        return None
    pid = obj.get("id")
    if pid is not None and (not isinstance(pid, str) or not pid.strip()):
        batch.reject(file, record, "id", "must be a non-empty string")
        return None
    if pid is None:
        digest = hashlib.sha1(json.dumps([query, calls, success]).encode("utf-8")).hexdigest()[:16]
        pid = f"trace:{digest}"
    return RawPath(id=pid, file=file, record=record, query=query, success=success, source="trace",
                   source_ref={"file": Path(file).name}, tool_ids=list(calls))


# -- reading and resolving -----------------------------------------------------------------------------------------
def read_paths(
    paths: Iterable[str | Path],
    batch: ImportBatch,
    store: GraphStore,
    *,
    add_missing_tools: bool = False,
    progress: bool = False,
) -> ImportBatch:
    raw: list[RawPath] = []
    for path in tqdm(expand(paths), desc="reading paths", unit="file", disable=not progress):
        batch.report.files += 1
        file = str(path)
        if path.suffix.lower() == ".jsonl":
            raw.extend(p for n, obj in iter_jsonl(path, batch) if (p := _read_own(file, f"line {n}", obj, batch)))
            continue
        data = load_json(path, batch)
        if missing(data):
            continue
        if isinstance(data, list):
            raw.extend(p for i, obj in enumerate(data) if (p := _read_own(file, f"[{i}]", obj, batch)))
        elif isinstance(data, dict) and "answer_generation" in data:
            batch.report.records += 1
            if (p := _read_answer_file(path, data, batch)) is not None:
                raw.append(p)
        elif isinstance(data, dict) and data and all(isinstance(v, dict) and "answer" in v for v in data.values()):
            raw.extend(_read_tooleval(path, data, batch))
        else:
            batch.reject(file, "", "", "not a ToolBench answer, tooleval result or call-path list")
    _resolve(raw, batch, store, add_missing_tools)
    for item in raw:
        if not item.tool_ids:
            continue
        spec = batch.build(
            CallPathSpec,
            {"id": item.id, "query": item.query, "success": item.success, "source": item.source,
             "source_ref": item.source_ref, "steps": item.tool_ids},
            item.file, item.record,
        )
        if spec is not None:
            batch.add_call_path(spec, item.file, item.record)
    return batch


def _resolve(raw: list[RawPath], batch: ImportBatch, store: GraphStore, add_missing: bool) -> None:
    wanted = {n for p in raw for n in p.functions}
    variants = {v: n for n in wanted for v in _name_variants(n)}
    names = sorted(variants)
    found: dict[str, list[str]] = {}
    for start in range(0, len(names), 1000):
        for row in store.query("find_tools_by_function_name", names=names[start : start + 1000]):
            found.setdefault(variants[row["function_name"]], []).append(row["id"])
    groups: dict[str, list[dict[str, Any]]] = {}
    if add_missing:
        for row in store.query("list_groups_by_source", source=TOOLBENCH):
            groups.setdefault(id_part(row["name"]), []).append(row)
    created: dict[str, str] = {}
    for item in raw:
        if not item.functions:
            continue
        ids: list[str] = []
        for i, name in enumerate(item.functions):
            matches = sorted(set(found.get(name, [])))
            if len(matches) > 1:
                # RapidAPI lists some tools under several categories: the same API, so any will do. Take the
                # first id, and say so in the report.
                batch.report.notes[f"function name in {len(matches)} categories, first taken"] += 1
            if matches:
                ids.append(matches[0])
                continue
            if add_missing and name in item.schemas:
                tool_id = created.get(name) or _add_missing_tool(batch, item, name, groups)
                if tool_id:
                    created[name] = tool_id
                    ids.append(tool_id)
                    continue
            batch.reject(item.file, item.record, f"calls[{i}]",
                         f"unknown tool: function {name!r} matches no tool in the graph "
                         "(import its tools first, or pass --add-missing-tools)")
            ids = []
            break
        item.tool_ids = ids


def _name_variants(name: str) -> list[str]:
    """ToolBench prefixes ``get_`` to API names that start with a digit, but its recorded runs do not always."""
    if name[:1].isdigit():
        return [name, "get_" + name]
    if name.startswith("get_") and name[4:5].isdigit():
        return [name, name[4:]]
    return [name]


def _add_missing_tool(
    batch: ImportBatch, item: RawPath, name: str, groups: dict[str, list[dict[str, Any]]]
) -> str | None:
    schema = item.schemas[name]
    description = str(schema.get("description") or "")
    tool_match = TOOL_IN_DESCRIPTION.search(description)
    tool_slug = id_part(tool_match.group(1)) if tool_match else name.rpartition("_for_")[2] or "unknown"
    api_part = name[: -len("_for_" + tool_slug)] if name.endswith("_for_" + tool_slug) else name
    known = groups.get(tool_slug, [])
    if len(known) == 1:
        category, gid = known[0]["category"], known[0]["id"]
    else:
        category, gid = UNCATEGORIZED, f"{id_part(UNCATEGORIZED)}/{tool_slug}"
        group = batch.build(GroupSpec, {"id": gid, "name": tool_slug, "category": category, "source": TOOLBENCH},
                            item.file, item.record)
        cat = CategorySpec(name=category, description="ToolBench tools that were only seen in call paths")
        if group is None or not (batch.add_category(cat, item.file, item.record)
                                 and batch.add_group(group, item.file, item.record)):
            return None
    params = schema.get("parameters") or {}
    props = params.get("properties") or {}

    def plist(names: Any) -> list[dict[str, Any]]:
        out = []
        for pname in names or []:
            info = props.get(pname) or {}
            out.append({"name": pname, "type": info.get("type") or "string",
                        "description": info.get("description") or "", "default": info.get("example_value")})
        return out

    desc_match = FUNCTION_DESCRIPTION.search(description)
    spec = batch.build(
        ToolSpec,
        {
            "id": f"{gid}/{id_part(api_part)}", "name": api_part, "group_id": gid,
            "description": desc_match.group(1) if desc_match else description,
            "required_params": plist(params.get("required")), "optional_params": plist(params.get("optional")),
            "source": TOOLBENCH, "source_ref": {"function": name, "tool": tool_slug, "from": "call path"},
            "function_name": name,
        },
        item.file, item.record,
    )
    if spec is None or not batch.add_tool(spec, item.file, item.record):
        return None
    batch.create_only.add(spec.id)  # never overwrite a tool that has the same id already
    return spec.id
