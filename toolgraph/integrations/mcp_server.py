"""``toolgraph mcp``: the graph as MCP navigation tools (stdio or streamable HTTP), with the official ``mcp`` package.

Tools: ``search_tools``, ``get_tool``, ``tool_dependencies``, ``neighbourhood``, ``plan_request``. A wrong argument
or an unknown tool id comes back as a tool error (``is_error``) that says what is wrong and suggests the closest
valid ids; the server keeps running. Read-only: ``allow_calls`` (running tools) needs the executors
(``toolgraph.execute.run_request``) wired in, which this build does not do yet; asking for it is refused with a
message saying so.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from toolgraph.errors import ToolGraphError
from toolgraph.integrations.navigate import Navigator

INSTRUCTIONS = (
    "ToolGraph: a graph of tools (APIs) with their dependencies. Find tools with search_tools, read one with "
    "get_tool, see who provides its inputs and what usually follows with tool_dependencies, explore around it with "
    "neighbourhood, or get a whole tool chain for a request with plan_request. Tool ids look like "
    "'category/group/tool'."
)

CALLS_NOT_WIRED = ("--allow-calls: running tools from MCP (run_plan, call_tool) is not wired in this build yet (it "
                   "needs toolgraph.execute.run_request); start without it for the read-only navigation tools")


def _feedback(fn: Callable[..., Any]) -> Callable[..., Any]:
    """ToolGraph errors become tool errors with their own message (the SDK would hide an unexpected one)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except ToolGraphError as exc:
            raise ToolError(str(exc)) from exc

    return wrapper


def build_server(navigator: Navigator, *, allow_calls: bool = False) -> MCPServer:
    server: MCPServer = MCPServer("toolgraph", instructions=INSTRUCTIONS)

    @server.tool()
    @_feedback
    def search_tools(query: str, method: str = "graph", k: int = 10, category: str | None = None
                     ) -> dict[str, Any]:
        """Tools for a task, best first, each with why it ranked. method: graph (default: hybrid plus the
        dependency graph), hybrid, dense or keyword; k: how many (1-100); category: only this category."""
        return {"hits": navigator.search(query, method=method, k=k, category=category)}

    @server.tool()
    @_feedback
    def get_tool(tool_id: str) -> dict[str, Any]:
        """One tool: description, required and optional parameters (its schema), output schema, group (with its
        service scores), category and node weights (importance, availability)."""
        return navigator.get_tool(tool_id)

    @server.tool()
    @_feedback
    def tool_dependencies(tool_id: str) -> dict[str, Any]:
        """What a tool needs and what goes with it: the providers of each input (strong and weak resource edges),
        the tools that usually follow and precede it (transition weights), and its substitutes."""
        return navigator.dependencies(tool_id)

    @server.tool()
    @_feedback
    def neighbourhood(tool_id: str, hops: int = 1, min_weight: float = 0.0) -> dict[str, Any]:
        """The tools within ``hops`` (1-3) of a tool over dependency edges whose weight is at least ``min_weight``
        (0-1), breadth first, with the edges between them."""
        return navigator.neighbourhood(tool_id, hops=hops, min_weight=min_weight)

    @server.tool()
    @_feedback
    def plan_request(query: str) -> dict[str, Any]:
        """A plan for a whole request: its subtasks, the tool chosen for each step, the data flow between tools
        and the execution levels (tools of one level can run in parallel)."""
        return navigator.plan(query)

    if allow_calls:  # refused, not ignored: a client that asked for calls must not get a read-only server silently
        raise ToolGraphError(CALLS_NOT_WIRED)
    return server


def serve(navigator: Navigator, *, http: bool = False, host: str = "127.0.0.1", port: int = 8765,
          allow_calls: bool = False) -> None:
    server = build_server(navigator, allow_calls=allow_calls)
    if http:
        server.run(transport="streamable-http", host=host, port=port)
    else:
        server.run(transport="stdio")
