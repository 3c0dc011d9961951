"""The OpenAI Agents SDK (``openai-agents``): the agent starts with a search tool and its pinned tools; the search
tool loads, by ToolGraph, the agent's other tools that a request needs (the best ones and the providers of their
inputs); each turn the model sees only the loaded ones (``FunctionTool.is_enabled``), at most ``limit`` of them.

- :meth:`AgentToolSearch.tools`: the search tool plus the agent's tools, for ``Agent(tools=...)``;
- :meth:`AgentToolSearch.select`: without a search tool, the tools for one request, to give an agent per turn
  (``agent.clone(tools=search.select(question))``).

Which tools a conversation has loaded lives in the run's context when it is a :class:`LoadedTools` (or has one as
``loaded_tools``): ``Runner.run(agent, question, context=LoadedTools())``, one per conversation; else in the
:class:`AgentToolSearch` itself (one conversation at a time).
"""

from __future__ import annotations

import copy
import inspect
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from agents import FunctionTool, RunContextWrapper

from toolgraph.errors import ToolGraphError
from toolgraph.retrieve.toolset import ToolSearch

SEARCH_DESCRIPTION = ("Search the tools you can load, by what you want to do. The best tools for the query, and the "
                      "tools that provide their inputs, become available to call on your next step.")


@dataclass
class LoadedTools:
    """The names of the tools a conversation has loaded, most recent first."""

    names: list[str] = field(default_factory=list)


class AgentToolSearch:
    """ToolGraph's tool search over an agent's ``tools`` (``FunctionTool``s whose names are graph tool ids or the
    function names they were imported under). ``limit``: the most tools one model request sees besides the search
    tool, pinned ones included; ``pinned``: tool names that are always there."""

    def __init__(self, search: ToolSearch, tools: Iterable[FunctionTool], *, limit: int | None = None,
                 pinned: Iterable[str] = (), name: str = "search_tools", description: str = SEARCH_DESCRIPTION
                 ) -> None:
        self.search = search
        self.by_name = {t.name: t for t in tools}
        self.limit = search.limit if limit is None else limit
        self.pinned = list(dict.fromkeys(pinned))
        unknown = [p for p in self.pinned if p not in self.by_name]
        if unknown:
            raise ToolGraphError(f"pinned: {', '.join(unknown)} not among the agent's tools")
        if len(self.pinned) > self.limit:
            raise ToolGraphError(f"pinned: {len(self.pinned)} tools do not fit under limit {self.limit}")
        found = search.resolve(self.by_name)
        missing = [n for n in self.by_name if n not in found and n not in self.pinned]
        if missing:
            raise ToolGraphError(f"tools not in the graph: {', '.join(missing)}; import them (toolgraph import "
                                 "openai-tools / python) or pin them")
        self.id_of = found
        self.name_of = {tid: n for n, tid in found.items()}
        self.state = LoadedTools()
        self.name = name
        self.search_tool = FunctionTool(
            name=name, description=description, on_invoke_tool=self._invoke,
            params_json_schema={"type": "object", "additionalProperties": False, "required": ["query"],
                                "properties": {"query": {"type": "string",
                                                         "description": "what the tools should do"}}})

    # -- the search ---------------------------------------------------------------------------------------------
    def find(self, query: str) -> list[tuple[str, str]]:
        """(tool name, why) for the tools ``query`` loads: the pinned ones, the best and their providers."""
        pinned_ids = [self.id_of.get(p, p) for p in self.pinned]
        found = self.search.find(query, limit=self.limit, pinned=pinned_ids, catalog=set(self.name_of))
        return [(self.name_of.get(p.id, p.id), p.reason) for p in found.picks]

    def select(self, query: str) -> list[FunctionTool]:
        """The agent's tools for ``query`` (no search tool): to give an agent per turn."""
        return [self.by_name[name] for name, _ in self.find(query)]

    def loaded(self, context: RunContextWrapper[Any] | Any = None) -> LoadedTools:
        value = getattr(context, "context", context)
        if isinstance(value, LoadedTools):
            return value
        inner = getattr(value, "loaded_tools", None)
        return inner if isinstance(inner, LoadedTools) else self.state

    async def _invoke(self, ctx: RunContextWrapper[Any], arguments: str) -> str:
        try:
            query = json.loads(arguments or "{}").get("query", "")
            found = self.find(query)
        except (ValueError, AttributeError, ToolGraphError) as exc:
            return json.dumps({"error": f"{self.name}: {exc}"})
        state = self.loaded(ctx)
        names = [n for n, _ in found]
        state.names[:] = list(dict.fromkeys([*names, *state.names]))[: self.limit]  # the newest first, capped
        return json.dumps({"loaded": [{"tool": n, "why": why} for n, why in found],
                           "note": "these tools are available now; call them"})

    # -- the agent's tools --------------------------------------------------------------------------------------
    def tools(self) -> list[FunctionTool]:
        """The search tool and a copy of each of the agent's tools that is enabled while it is loaded (or pinned)."""
        out: list[FunctionTool] = [self.search_tool]
        for name, tool in self.by_name.items():
            wrapped = copy.copy(tool)
            wrapped.is_enabled = self._enabled(name, tool.is_enabled)
            out.append(wrapped)
        return out

    def _enabled(self, name: str, own: Any) -> Any:
        if name in self.pinned:
            return own

        async def enabled(ctx: RunContextWrapper[Any], agent: Any) -> bool:
            if name not in self.loaded(ctx).names:
                return False
            if callable(own):
                result = own(ctx, agent)
                return bool(await result) if inspect.isawaitable(result) else bool(result)
            return bool(own)

        return enabled
