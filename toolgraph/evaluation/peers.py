"""graph-tool-call's workflow planner as a baseline of ``toolgraph eval run`` (``--baseline gtc-workflow``).

The peer package (``graph-tool-call``, an optional dependency: ``toolgraph[dev]``) gets the suite's tools its own
way: an OpenAPI suite's spec through ``ToolGraph.ingest_openapi``, a Python or MCP suite's tools as OpenAI function
definitions (name, description, parameters as ToolGraph imported them) through ``add_tools``; its dependency
detection on, as by default. For each request ``ToolGraph.plan_workflow(query)`` gives an ordered chain of tools (a
primary tool found by its resource-first search, its prerequisites along REQUIRES / PRECEDES edges, topologically
sorted; with an LLM, the LLM may complete it). Each step is mapped back to the ToolGraph tool it names (``METHOD
/path`` for an operation, the tool's name otherwise); the harness then runs that chain with ToolGraph's binder and
executors, exactly as the top-k baseline runs its chain."""

from __future__ import annotations

import importlib
import importlib.metadata
import time
from typing import Any

from toolgraph.evaluation.suite import Suite
from toolgraph.tool import Tool

GTC = "gtc-workflow"
GTC_DIST = "graph-tool-call"
NOT_INSTALLED = (f"{GTC_DIST} is not installed (pip install 'graph-tool-call==0.47.*', or toolgraph's dev extra): "
                 f"the {GTC} baseline is skipped")


def gtc_version() -> str | None:
    """The installed graph-tool-call's version; None when it cannot be imported."""
    try:
        importlib.import_module("graph_tool_call")
    except ImportError:
        return None
    try:
        return importlib.metadata.version(GTC_DIST)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def openai_function(tool: Tool) -> dict[str, Any]:
    """A ToolGraph tool as the OpenAI function definition a user of graph-tool-call would give it."""
    props: dict[str, Any] = {}
    for p in tool.params:
        prop: dict[str, Any] = {"type": p.type or "string", "description": p.description}
        if p.enum:
            prop["enum"] = list(p.enum)
        props[p.name] = prop
    return {"type": "function", "function": {
        "name": tool.name or tool.id, "description": tool.description or tool.name or tool.id,
        "parameters": {"type": "object", "properties": props, "required": [p.name for p in tool.required_params]}}}


class _PeerLLM:
    """ToolGraph's chat model with the ``complete(prompt)`` graph-tool-call's workflow planner calls."""

    def __init__(self, llm: Any) -> None:
        self.llm = llm

    def complete(self, prompt: str) -> str:
        return str(self.llm.chat([{"role": "user", "content": prompt}]))


class GtcWorkflow:
    """graph-tool-call's graph of one suite's tools and the map from its tool names to ToolGraph's tool ids."""

    def __init__(self, suite: Suite, store: Any, labels: dict[str, dict[str, Any]], *, llm: Any = None,
                 max_steps: int = 8) -> None:
        from graph_tool_call import ToolGraph

        started = time.perf_counter()
        self.graph = ToolGraph()
        self.llm = _PeerLLM(llm) if llm is not None else None
        self.max_steps = max_steps
        self.ids: dict[str, str] = {}
        if suite.kind == "openapi":
            assert suite.spec is not None
            by_label = {v["label"]: tid for tid, v in labels.items()}
            for schema in self.graph.ingest_openapi(str(suite.spec)):
                meta = schema.metadata or {}
                tid = by_label.get(f"{str(meta.get('method', '')).upper()} {meta.get('path', '')}")
                if tid is not None:
                    self.ids[schema.name] = tid
            self.fed = "openapi spec (ingest_openapi)"
        else:
            tools = [Tool.from_row(r) for r in store.query("embed_tool_rows")]
            names = [t.name or t.id for t in tools]
            defs = []
            for tool, name in zip(tools, names):
                fn = openai_function(tool)
                if names.count(name) > 1:  # two tools of one name: each by its id
                    fn["function"]["name"] = name = tool.id
                self.ids[name] = tool.id
                defs.append(fn)
            self.graph.add_tools(defs)
            self.fed = "OpenAI function definitions (add_tools)"
        self.unmapped = sorted(set(self.graph.tools) - set(self.ids))
        self.build_s = round(time.perf_counter() - started, 3)

    def ordered_ids(self, query: str) -> list[str]:
        """The ToolGraph ids of the workflow graph-tool-call plans for ``query``, in its order (a step naming a tool
        ToolGraph did not import is left out)."""
        plan = self.graph.plan_workflow(query, llm=self.llm, max_steps=self.max_steps)
        out = [self.ids[s.tool.name] for s in plan.steps if s.tool.name in self.ids]
        return list(dict.fromkeys(out))

    def warm_up(self) -> None:
        """Untimed, before the requests (as ToolGraph's planner is warmed up): its searcher's first build; no LLM."""
        self.graph.plan_workflow("warm up", max_steps=self.max_steps)

    def describe(self) -> dict[str, Any]:
        return {"kind": "baseline", "peer": GTC_DIST, "version": gtc_version(), "feature": "ToolGraph.plan_workflow",
                "mode": "graph+llm" if self.llm is not None else "graph", "fed": self.fed,
                "tools": len(self.ids), "unmapped": self.unmapped, "build_s": self.build_s,
                "max_steps": self.max_steps}
