"""``toolgraph mcp``: the graph as MCP tools (stdio or streamable HTTP), with the official ``mcp`` package.

Navigation (read-only, never writes the graph): ``search_tools``, ``get_tool``, ``tool_dependencies``,
``neighbourhood``, ``plan_request``. With a :class:`~toolgraph.integrations.gateway.Gateway` (``--allow-calls``) also
``call_tool`` (one tool, validated, run by ToolGraph's executors, its answer compressed) and ``run_request`` (plan,
run, answer, with the calls listed): one server through which an agent finds and calls every imported tool, those of
other MCP servers included. Tools that change data run only with ``--allow-writes``.

Answers are compact JSON text (no indentation, no duplicate structured copy). A wrong argument, an unknown tool id or
a refused call comes back as a tool error (``is_error``) that says what is wrong and, for ids, the closest valid
ones; the server keeps running. Closed choices and bounds are in the parameters' JSON Schema (``enum``, ``minimum``,
``maximum``), checked by ToolGraph so that a mistake gets its own message.
"""

from __future__ import annotations

import functools
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations
from pydantic import Field

from toolgraph.errors import ToolGraphError
from toolgraph.integrations.gateway import Gateway
from toolgraph.integrations.navigate import MAX_HOPS, MAX_K, METHODS, Navigator

INSTRUCTIONS = (
    "ToolGraph: a graph of tools (APIs) with their dependencies. Find tools with search_tools (each hit is one line: "
    "name(required parameters): what it does), read one in full with get_tool, see who provides its inputs with "
    "tool_dependencies, explore around it with neighbourhood, or get a whole tool chain for a request with "
    "plan_request. Tool ids look like 'category/group/tool'."
)
CALL_INSTRUCTIONS = (
    " Call a tool you found with call_tool {id, arguments}, or let ToolGraph plan, run and answer a whole request "
    "with run_request {query}."
)
READ = ToolAnnotations(read_only_hint=True, open_world_hint=False)


def _text(value: Any) -> str:
    """Compact JSON: what the agent reads costs tokens."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def _feedback(fn: Callable[..., Any]) -> Callable[..., Any]:
    """ToolGraph errors become tool errors with their own message (the SDK would hide an unexpected one); the
    answer becomes compact JSON text."""

    if _is_async(fn):
        @functools.wraps(fn)
        async def awrapper(*args: Any, **kwargs: Any) -> str:
            try:
                return _text(await fn(*args, **kwargs))
            except ToolGraphError as exc:
                raise ToolError(str(exc)) from exc

        return awrapper

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> str:
        try:
            return _text(fn(*args, **kwargs))
        except ToolGraphError as exc:
            raise ToolError(str(exc)) from exc

    return wrapper


def _is_async(fn: Callable[..., Any]) -> bool:
    import inspect

    return inspect.iscoroutinefunction(fn)


ToolId = Annotated[str, Field(description="A tool id, 'category/group/tool' (the id of a search_tools hit).")]


def build_server(navigator: Navigator, *, gateway: Gateway | None = None) -> MCPServer:
    """The MCP server: the navigation tools, and with ``gateway`` the tools that run tools."""

    @asynccontextmanager
    async def lifespan(_: MCPServer) -> AsyncIterator[None]:
        try:
            yield
        finally:  # the sessions call_tool opened (an imported MCP server started once, reused by every call)
            if gateway is not None:
                await gateway.aclose()

    server: MCPServer = MCPServer("toolgraph", instructions=INSTRUCTIONS + (CALL_INSTRUCTIONS if gateway else ""),
                                  lifespan=lifespan)

    @server.tool(description="Tools for a task, best first. Each hit: id, a line 'Name(required: type, +N "
                             "optional): what it does', marked [changes data] for tools that write, and a score.",
                 annotations=READ, structured_output=False)
    @_feedback
    def search_tools(
        query: Annotated[str, Field(description="What the tool should do, in plain words.")],
        method: Annotated[str, Field(description="graph: hybrid plus the dependency graph (best); hybrid: words "
                                                 "and meaning; dense: meaning; keyword: words.",
                                     json_schema_extra={"enum": list(METHODS)})] = "graph",
        k: Annotated[int, Field(description="How many hits.", json_schema_extra={"minimum": 1, "maximum": MAX_K})
                     ] = 10,
        category: Annotated[str | None, Field(description="Only tools of this category.")] = None,
        explain: Annotated[bool, Field(description="Add each method's score to each hit.")] = False,
    ) -> Any:
        return {"hits": navigator.search(query, method=method, k=k, category=category, explain=explain)}

    @server.tool(description="One tool in full: description, required and optional parameters (name, type, "
                             "description, enum, default), output schema, whether it changes data, its group "
                             "(with service scores), category and node weights.",
                 annotations=READ, structured_output=False)
    @_feedback
    def get_tool(tool_id: ToolId) -> Any:
        return navigator.get_tool(tool_id)

    @server.tool(description="What a tool needs and what goes with it: the tools that provide each of its "
                             "parameters (strong and weak resource edges), the tools that usually follow and "
                             "precede it, and tools that could stand in for it.",
                 annotations=READ, structured_output=False)
    @_feedback
    def tool_dependencies(tool_id: ToolId) -> Any:
        return navigator.dependencies(tool_id)

    @server.tool(description="The tools (id, name, hops away) within some hops of a tool over dependency edges "
                             "of at least a minimum weight, breadth first, with the edges between them.",
                 annotations=READ, structured_output=False)
    @_feedback
    def neighbourhood(
        tool_id: ToolId,
        hops: Annotated[int, Field(description="How far to go.",
                                   json_schema_extra={"minimum": 1, "maximum": MAX_HOPS})] = 1,
        min_weight: Annotated[float, Field(description="Skip weaker edges (weights are 0-1).",
                                           json_schema_extra={"minimum": 0, "maximum": 1})] = 0.0,
    ) -> Any:
        return navigator.neighbourhood(tool_id, hops=hops, min_weight=min_weight)

    @server.tool(description="A plan for a whole request: its subtasks, the tool chosen for each step, the data "
                             "flow between tools and the execution levels (tools of one level can run in "
                             "parallel). Plans only: nothing runs and nothing is stored.",
                 annotations=READ, structured_output=False)
    @_feedback
    def plan_request(query: Annotated[str, Field(description="The whole request, in plain words.")]) -> Any:
        return navigator.plan(query)

    if gateway is not None:
        _add_call_tools(server, gateway)
    return server


def _add_call_tools(server: MCPServer, gateway: Gateway) -> None:
    writes = gateway.allow_writes
    scope = ("Tools that change data run too (this server was started with --allow-writes)." if writes else
             "Only tools that only read run here; a tool marked [changes data] is refused.")
    calls = ToolAnnotations(read_only_hint=not writes, destructive_hint=writes, open_world_hint=True)

    @server.tool(description="Call one tool by its id with its arguments (checked against its parameters first: "
                             "a mistake names the parameter). The tool runs where it lives (an HTTP API, a Python "
                             "function, another MCP server); the answer is its response, compressed when long. "
                             + scope, annotations=calls, structured_output=False)
    @_feedback
    async def call_tool(
        id: ToolId,  # noqa: A002 - the name agents see
        arguments: Annotated[dict[str, Any] | None, Field(
            description="The tool's parameters by name, e.g. {\"city\": \"Paris\"} (search_tools shows the "
                        "required ones; get_tool all).")] = None,
    ) -> Any:
        return await gateway.call(id, arguments)

    @server.tool(description="Plan a whole request, run the planned tools (level by level, each call's arguments "
                             "taken from the request and earlier results), and answer it; the calls made are "
                             "listed with their status. " + scope, annotations=calls, structured_output=False)
    @_feedback
    async def run_request(query: Annotated[str, Field(description="The whole request, in plain words.")]) -> Any:
        return await gateway.run(query)


def serve(navigator: Navigator, *, http: bool = False, host: str = "127.0.0.1", port: int = 8765,
          gateway: Gateway | None = None) -> None:
    server = build_server(navigator, gateway=gateway)
    if http:
        server.run(transport="streamable-http", host=host, port=port)
    else:
        server.run(transport="stdio")
