"""Anthropic's custom tool search: the client sends its tools with ``defer_loading: true`` (out of the context until
loaded) and one search tool of its own; when Claude calls that, ToolGraph answers with ``tool_reference`` blocks
for the best tools and for the providers of their required inputs, and the API loads those tools' definitions.

- :meth:`AnthropicToolSearch.tools`: the ``tools`` of ``client.messages.create``: the search tool, the pinned
  tools as they are (always loaded), every other tool deferred;
- :meth:`AnthropicToolSearch.answer`: the ``tool_result`` blocks for the search calls in Claude's message;
- :func:`graph_tools`: Anthropic tool definitions of graph tools, for a client whose tools are in the graph only.

Plain dicts in and out (the ``anthropic`` package's ``ToolParam`` and ``ToolResultBlockParam`` shapes); the
``anthropic`` package itself is not imported.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from toolgraph.errors import ToolGraphError
from toolgraph.retrieve.toolset import ToolSearch

SEARCH_DESCRIPTION = ("Search the deferred tools by what you want to do. Loads the best tools for the query and the "
                      "tools that provide their inputs.")


def _field(item: Any, name: str) -> Any:
    return item.get(name) if isinstance(item, Mapping) else getattr(item, name, None)


def graph_tools(search: ToolSearch, ids: Iterable[str]) -> list[dict[str, Any]]:
    """Anthropic tool definitions (``name``, ``description``, ``input_schema``) of graph tools."""
    return [{"name": d["name"], "description": d["description"], "input_schema": d["parameters"]}
            for d in search.definitions(ids)]


class AnthropicToolSearch:
    """ToolGraph as the custom tool search of a Messages API client. ``tools``: the client's tool definitions
    (named by graph id or by the function name they were imported under); ``limit``: the most tools one search
    loads, pinned ones included; ``pinned``: tool names never deferred."""

    def __init__(self, search: ToolSearch, tools: Iterable[Mapping[str, Any]], *, limit: int | None = None,
                 pinned: Iterable[str] = (), name: str = "search_tools", description: str = SEARCH_DESCRIPTION
                 ) -> None:
        self.search = search
        self.definitions = {str(t["name"]): dict(t) for t in tools}
        self.limit = search.limit if limit is None else limit
        self.pinned = list(dict.fromkeys(pinned))
        self.name, self.description = name, description
        unknown = [p for p in self.pinned if p not in self.definitions]
        if unknown:
            raise ToolGraphError(f"pinned: {', '.join(unknown)} not among the tools")
        if len(self.pinned) > self.limit:
            raise ToolGraphError(f"pinned: {len(self.pinned)} tools do not fit under limit {self.limit}")
        if name in self.definitions:
            raise ToolGraphError(f"the search tool's name {name!r} is the name of one of the tools; choose another")
        found = search.resolve(self.definitions)
        missing = [n for n in self.definitions if n not in found and n not in self.pinned]
        if missing:
            raise ToolGraphError(f"tools not in the graph: {', '.join(missing)}; import them (toolgraph import "
                                 "openai-tools / python) or pin them")
        self.id_of = found
        self.name_of = {tid: n for n, tid in found.items()}

    def tools(self) -> list[dict[str, Any]]:
        """The search tool (not deferred), the pinned tools, every other tool with ``defer_loading: true``."""
        search_tool = {"name": self.name, "description": self.description, "input_schema": {
            "type": "object", "required": ["query"],
            "properties": {"query": {"type": "string", "description": "what the tools should do"}}}}
        return [search_tool, *({**d, "defer_loading": n not in self.pinned} for n, d in self.definitions.items())]

    def find(self, query: str) -> list[tuple[str, str]]:
        """(tool name, why) for the tools a search for ``query`` loads, pinned ones first."""
        pinned_ids = [self.id_of.get(p, p) for p in self.pinned]
        found = self.search.find(query, limit=self.limit, pinned=pinned_ids, catalog=set(self.name_of))
        return [(self.name_of.get(p.id, p.id), p.reason) for p in found.picks]

    def tool_result(self, tool_use: Any) -> dict[str, Any]:
        """The ``tool_result`` for one call of the search tool (a ``ToolUseBlock`` or its dict): a
        ``tool_reference`` block per tool found that is deferred; an error result (``is_error``) for a bad query."""
        use_id = _field(tool_use, "id")
        query = (_field(tool_use, "input") or {}).get("query")
        try:
            found = self.find(query)
        except ToolGraphError as exc:
            return {"type": "tool_result", "tool_use_id": use_id, "is_error": True, "content": f"{self.name}: {exc}"}
        refs = [{"type": "tool_reference", "tool_name": name} for name, _ in found if name not in self.pinned]
        if not refs:
            return {"type": "tool_result", "tool_use_id": use_id,
                    "content": "no further tools found; the tools you have are all there is for this"}
        return {"type": "tool_result", "tool_use_id": use_id, "content": refs}

    def answer(self, message: Any) -> list[dict[str, Any]]:
        """The ``tool_result`` blocks for every call of the search tool in Claude's ``message`` (a ``Message``, or
        its ``content``), in order: put them in the next user turn beside the results of the other calls."""
        content = _field(message, "content") if not isinstance(message, list) else message
        return [self.tool_result(b) for b in content or []
                if _field(b, "type") == "tool_use" and _field(b, "name") == self.name]
