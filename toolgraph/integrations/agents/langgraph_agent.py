"""LangGraph: an agent that starts with ``retrieve_tools`` (ToolGraph's search) and the pinned tools, and binds the
tools each retrieval returns, at most ``limit`` at a time (the newest retrieval first, older ones while they fit).

The shape of ``langgraph_bigtool.create_agent``, for LangGraph 1.x: langgraph-bigtool 0.0.3 retrieves with it (see
:mod:`.bigtool`) but cannot run a retrieved tool with ``langgraph-prebuilt`` 1.x (its router calls
``ToolNode.inject_tool_args``, which is gone). Tools run as LangChain tools (a plain function is wrapped with
``langchain_core.tools.tool``); a tool error, or a call of a tool that is not bound, goes back to the model as an
error ``ToolMessage``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.tools import BaseTool, StructuredTool
from langchain_core.tools import tool as as_tool
from langgraph.graph import END, START, MessagesState, StateGraph

from toolgraph.errors import ToolGraphError
from toolgraph.integrations.agents.bigtool import DESCRIPTION, bigtool_retriever
from toolgraph.retrieve.toolset import ToolSearch


class ToolSearchState(MessagesState):
    selected_tool_ids: list[str]  # registry keys bound besides the pinned ones, newest first


def create_agent(llm: Any, registry: Mapping[str, BaseTool | Callable[..., Any]], search: ToolSearch, *,
                 limit: int | None = None, pinned: Iterable[str] = ()) -> StateGraph:
    """The agent's graph (``.compile()`` it): ``llm`` a LangChain chat model with ``bind_tools``; ``registry`` the
    agent's tools by key (graph ids or the names they were imported under); ``limit`` the most tools bound besides
    ``retrieve_tools``, ``pinned`` (registry keys) included."""
    limit = search.limit if limit is None else limit
    pinned = list(dict.fromkeys(pinned))
    if len(pinned) > limit:
        raise ToolGraphError(f"pinned: {len(pinned)} tools do not fit under limit {limit}")
    retrieve, _ = bigtool_retriever(search, registry, limit=limit, pinned=pinned)
    tools = {key: t if isinstance(t, BaseTool) else as_tool(t) for key, t in registry.items()}
    key_of = {t.name: key for key, t in tools.items()}
    retrieve_tool = StructuredTool.from_function(func=retrieve, name="retrieve_tools", description=DESCRIPTION)

    def bound(state: ToolSearchState) -> list[str]:
        return list(dict.fromkeys([*pinned, *state.get("selected_tool_ids", [])]))[:limit]

    def call_model(state: ToolSearchState) -> dict[str, Any]:
        model = llm.bind_tools([retrieve_tool, *(tools[k] for k in bound(state))])
        return {"messages": [model.invoke(state["messages"])]}

    def run_tools(state: ToolSearchState) -> dict[str, Any]:
        selected = list(state.get("selected_tool_ids", []))
        can_call = set(bound(state))
        out: list[ToolMessage] = []
        for call in state["messages"][-1].tool_calls:
            name, call_id = call["name"], call["id"]
            if name == retrieve_tool.name:
                try:
                    keys = retrieve(str((call.get("args") or {}).get("query", "")))
                except ToolGraphError as exc:
                    out.append(ToolMessage(f"retrieve_tools: {exc}", tool_call_id=call_id, name=name,
                                           status="error"))
                    continue
                selected = list(dict.fromkeys([*keys, *selected]))[:limit]
                names = [tools[k].name for k in keys]
                out.append(ToolMessage(json.dumps({"available_tools": names}), tool_call_id=call_id, name=name))
                continue
            key = key_of.get(name)
            if key is None or key not in can_call:
                out.append(ToolMessage(f"{name}: not an available tool; find tools with retrieve_tools",
                                       tool_call_id=call_id, name=name, status="error"))
                continue
            try:
                out.append(tools[key].invoke(call))
            except Exception as exc:  # the tool's own failure goes back to the model
                out.append(ToolMessage(f"{name} failed: {type(exc).__name__}: {exc}", tool_call_id=call_id,
                                       name=name, status="error"))
        return {"messages": out, "selected_tool_ids": selected}

    def route(state: ToolSearchState) -> str:
        last = state["messages"][-1]
        return "tools" if isinstance(last, AIMessage) and last.tool_calls else END

    builder = StateGraph(ToolSearchState)
    builder.add_node("agent", call_model)
    builder.add_node("tools", run_tools)
    builder.add_edge(START, "agent")
    builder.add_conditional_edges("agent", route, ["tools", END])
    builder.add_edge("tools", "agent")
    return builder
