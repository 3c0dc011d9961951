"""Recorded responses for ToolBench-style tools whose real API cannot be reached here (StableToolBench's cache).

Recordings are ``(:Recording {tool_id, args_key, arguments, response, source})`` nodes, written by
``toolgraph import recordings`` from ToolBench DFS answer trees (every error-free call with its observation) and
``response_examples`` files (``args_key`` ``*``: an example that answers any arguments, marked simulated).
A call looks up the tool and its normalised arguments; a miss is a :class:`NoRecordingError`, or, with an LLM,
a response simulated from the tool's documentation and examples, marked simulated."""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from toolgraph.errors import NoRecordingError, ToolCallError
from toolgraph.execute.base import CallResult, ExecTool

RECORDED_SOURCES = ("toolbench",)


def args_key(arguments: dict[str, Any]) -> str:
    """The arguments normalised (names sorted, text trimmed and lower-cased, empty values dropped), hashed."""
    def norm(v: Any) -> Any:
        if isinstance(v, str):
            return " ".join(v.split()).lower()
        if isinstance(v, dict):
            return {k: norm(x) for k, x in sorted(v.items()) if x not in (None, "")}
        if isinstance(v, list):
            return [norm(x) for x in v]
        return v
    text = json.dumps(norm(arguments or {}), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _response(observation: Any) -> Any:
    """The response inside a ToolBench observation ``{"error": "", "response": ...}``; None when it is an error."""
    try:
        outer = json.loads(observation) if isinstance(observation, str) else observation
    except ValueError:
        return None
    if not isinstance(outer, dict) or outer.get("error"):
        return None
    response = outer.get("response")
    if isinstance(response, str):
        try:
            return json.loads(response)
        except ValueError:
            return response
    return response


def _walk(node: Any) -> Iterator[dict[str, Any]]:
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, dict):
            yield n
            stack.extend(n.get("children") or [])


def read_recordings(paths: list[Path]) -> list[dict[str, Any]]:
    """(function name or (tool, api), arguments, response) records from answer trees and response examples."""
    from toolgraph.models import toolbench_function_name

    out: list[dict[str, Any]] = []
    files = [f for p in paths for f in (sorted(p.rglob("*.json")) if p.is_dir() else [p])]
    for file in files:
        try:
            data = json.loads(file.read_text())
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and isinstance(data.get("api_list"), list):  # toolenv/response_examples/<cat>/<tool>
            for api in data["api_list"]:
                if isinstance(api, dict) and api.get("name") and api.get("schema") not in (None, "", {}):
                    out.append({"function": toolbench_function_name(file.stem, str(api["name"])), "arguments": None,
                                "response": api["schema"], "source": f"example:{file.name}"})
            continue
        holder = data.get("tree") if isinstance(data, dict) else None
        tree = holder.get("tree") if isinstance(holder, dict) else None
        for node in _walk(tree):
            if node.get("node_type") != "Action":
                continue
            for child in node.get("children") or []:
                if child.get("node_type") != "Action Input" or child.get("observation_code") not in (0, None):
                    continue
                response = _response(child.get("observation"))
                try:
                    arguments = json.loads(child.get("description") or "{}")
                except ValueError:
                    continue
                if response not in (None, "") and isinstance(arguments, dict):
                    out.append({"function": node.get("description"), "arguments": arguments, "response": response,
                                "source": f"answer:{file.name}"})
    return out


def import_recordings(store: Any, paths: list[Path]) -> dict[str, int]:
    """Write the recordings of ``paths`` for the tools the graph has (by ToolBench function name)."""
    records = read_recordings(paths)
    names = sorted({r["function"] for r in records if r["function"]})
    tools = {row["function_name"]: row["id"] for row in store.query("find_tools_by_function_name", names=names)}
    rows = {}
    for r in records:
        tool_id = tools.get(r["function"])
        if tool_id is None:
            continue
        key = "*" if r["arguments"] is None else args_key(r["arguments"])
        rows[(tool_id, key)] = {"tool_id": tool_id, "args_key": key, "source": r["source"],
                                "arguments": json.dumps(r["arguments"]), "response": json.dumps(r["response"])}
    written = sum(x["n"] for x in store.query("merge_recordings", rows=list(rows.values()))) if rows else 0
    return {"read": len(records), "unknown_tools": len({r["function"] for r in records} - set(tools)),
            "written": written}


class RecordedExecutor:
    kind = "recorded"

    def __init__(self, store: Any, *, llm: Any = None) -> None:
        self.store = store
        self.llm = llm

    def handles(self, tool: ExecTool) -> bool:
        return tool.source in RECORDED_SOURCES

    async def call(self, tool: ExecTool, arguments: dict[str, Any], *, timeout_s: float) -> CallResult:
        key = args_key(arguments)
        rows = await asyncio.wait_for(asyncio.to_thread(self.store.query, "find_recording", tool_id=tool.id,
                                                        args_key=key), timeout_s)
        if rows:
            value = json.loads(rows[0]["response"])
            exact = rows[0]["args_key"] == key
            return CallResult(value=value, simulated=not exact, raw_size=len(rows[0]["response"]),
                              meta={"recording": "exact" if exact else "example", "source": rows[0]["source"]})
        if self.llm is None:
            raise NoRecordingError(f"{tool.id}: no recording for these arguments ({json.dumps(arguments)[:200]}) "
                                   "and no LLM configured to simulate one")
        return await asyncio.wait_for(asyncio.to_thread(self._simulate, tool, arguments), timeout_s)

    def _simulate(self, tool: ExecTool, arguments: dict[str, Any]) -> CallResult:
        from toolgraph.llm import LLMError

        messages = [
            {"role": "system", "content": "You simulate a REST API. Answer with the JSON response only: realistic, "
                                          "consistent with the documentation and the output schema."},
            {"role": "user", "content": f"API: {tool.name}: {tool.description[:1000]}\nOutput schema: "
                                        f"{json.dumps(tool.output_schema)[:2000]}\nArguments: {json.dumps(arguments)}"}]
        try:
            text = self.llm.chat(messages)
            value = json.loads(text.strip().removeprefix("```json").removeprefix("```").removesuffix("```"))
        except (LLMError, ValueError) as exc:
            raise ToolCallError(f"{tool.id}: no recording, and the simulation failed: {exc}") from exc
        return CallResult(value=value, simulated=True, raw_size=len(text), meta={"recording": "simulated"})
