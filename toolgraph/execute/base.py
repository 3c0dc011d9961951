"""The executor contract: what every kind of tool runner (HTTP, Python callable, MCP, recorded responses) takes and
gives back. The runner picks an executor by the tool's ``source`` and never knows how a call is made.

An executor raises :class:`toolgraph.errors.ToolCallError` (``retryable`` set for timeouts, 429, 5xx and dead
connections) and never returns a partial result; it must honour ``timeout_s`` itself."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from toolgraph.tool import Tool


class ExecTool(Tool):
    """A tool as an executor needs it, read from the graph (a ``tool_details`` row, :meth:`Tool.from_row`)."""

    @property
    def group_name(self) -> str | None:
        return self.group or None



class CallResult(BaseModel):
    """What one successful call gave: the parsed response, and whether it was simulated rather than real."""

    value: Any = None
    simulated: bool = False
    raw_size: int = Field(0, description="bytes (or characters) of the raw response before any cap")
    meta: dict[str, Any] = {}


@runtime_checkable
class Executor(Protocol):
    """Runs one kind of tool. ``kind`` names it in traces (``http``, ``python``, ``mcp``, ``recorded``)."""

    kind: str

    def handles(self, tool: ExecTool) -> bool:
        """Whether this executor can run the tool (by its ``source`` and what the source recorded)."""
        ...

    async def call(self, tool: ExecTool, arguments: dict[str, Any], *, timeout_s: float) -> CallResult:
        """Run the tool once with validated arguments; raise ToolCallError on failure."""
        ...
