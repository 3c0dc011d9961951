"""LangGraph: a ``retrieve_tools`` function of the shape ``langgraph-bigtool`` takes (``create_agent(...,
retrieve_tools_function=..., retrieve_tools_coroutine=...)``): a query in, the keys of the tool registry out: the
pinned tools, the best tools for the query and the providers of their required inputs, at most ``limit``.

The registry's keys may be graph tool ids, or the tools' names as they were imported into the graph (their function
names: ``toolgraph import openai-tools`` / ``python``). Imports nothing of LangGraph.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any

from toolgraph.errors import ToolGraphError
from toolgraph.retrieve.toolset import ToolSearch

DESCRIPTION = ("Retrieve tools to use, given a search query that describes what you want to do. Returns the best "
               "tools, together with the tools that provide their inputs.")


def tool_name(tool: Any) -> str | None:
    """The name a LangChain tool (``.name``) or a plain function (``__name__``) goes by."""
    name = getattr(tool, "name", None)
    return name if isinstance(name, str) else getattr(tool, "__name__", None)


def registry_ids(search: ToolSearch, registry: Mapping[str, Any], *, pinned: Iterable[str] = ()) -> dict[str, str]:
    """Graph id -> registry key, for every key that is a graph id, a function name in the graph or whose tool's name
    is one. A key found in no way raises, unless it is pinned (a pinned tool need not be in the graph)."""
    keys = list(registry)
    by_name = {key: tool_name(registry[key]) or key for key in keys}
    found = search.resolve([*keys, *by_name.values()])
    out: dict[str, str] = {}
    missing = []
    for key in keys:
        tid = found.get(key) or found.get(by_name[key])
        if tid is None:
            missing.append(key)
        else:
            out.setdefault(tid, key)
    missing = [k for k in missing if k not in set(pinned)]
    if missing:
        raise ToolGraphError(f"tools not in the graph: {', '.join(missing)}; import them (toolgraph import "
                             "openai-tools / python) or key them by their graph ids")
    return out


def bigtool_retriever(search: ToolSearch, registry: Mapping[str, Any], *, limit: int | None = None,
                      pinned: Iterable[str] = ()) -> tuple[Callable[[str], list[str]],
                                                           Callable[[str], Awaitable[list[str]]]]:
    """``(retrieve_tools, aretrieve_tools)`` for ``langgraph_bigtool.create_agent``: each takes the model's query
    and returns at most ``limit`` registry keys (``pinned``: registry keys always returned first)."""
    pinned = list(pinned)
    unknown = [p for p in pinned if p not in registry]
    if unknown:
        raise ToolGraphError(f"pinned: {', '.join(unknown)} not in the tool registry")
    key_of = registry_ids(search, registry, pinned=pinned)
    id_of = {key: tid for tid, key in key_of.items()}
    pinned_ids = [id_of.get(p, p) for p in pinned]

    def retrieve_tools(query: str) -> list[str]:
        found = search.find(query, limit=limit, pinned=pinned_ids, catalog=set(key_of))
        return [key_of.get(tid, tid) for tid in found.ids]

    async def aretrieve_tools(query: str) -> list[str]:
        return await asyncio.to_thread(retrieve_tools, query)

    retrieve_tools.__doc__ = aretrieve_tools.__doc__ = DESCRIPTION
    aretrieve_tools.__name__ = "retrieve_tools"
    return retrieve_tools, aretrieve_tools
