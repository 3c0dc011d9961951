"""The executor contract: what every kind of tool runner (HTTP, Python callable, MCP, recorded responses) takes and
gives back. The runner picks an executor by the tool's ``source`` and never knows how a call is made.

An executor raises :class:`toolgraph.errors.ToolCallError` (``retryable`` set for timeouts, 429, 5xx and dead
connections) and never returns a partial result; it must honour ``timeout_s`` itself."""

from __future__ import annotations

import json
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from toolgraph.models import Param


class ExecTool(BaseModel):
    """A tool as an executor needs it, read from the graph (``tool_details``)."""

    id: str
    name: str
    description: str = ""
    group_id: str | None = None
    group_name: str | None = None
    category: str | None = None
    method: str | None = None
    url: str | None = None
    source: str = ""
    source_ref: dict[str, Any] = {}
    function_name: str | None = None
    required_params: list[Param] = []
    optional_params: list[Param] = []
    output_schema: Any = None

    @property
    def params(self) -> list[Param]:
        return [*self.required_params, *self.optional_params]

    @property
    def mutating(self) -> bool:
        """A tool that may change data somewhere: an HTTP method other than GET/HEAD/OPTIONS, or a tool whose
        source marks it so (``source_ref.mutating``). Running it needs an editor in the web page."""
        if self.source_ref.get("mutating") is not None:
            return bool(self.source_ref["mutating"])
        return bool(self.method) and self.method.upper() not in ("GET", "HEAD", "OPTIONS")

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> ExecTool:
        """From a ``tool_details`` row (JSON strings for params, schema and source_ref)."""

        def loads(value: Any, default: Any) -> Any:
            if value is None:
                return default
            return json.loads(value) if isinstance(value, str) else value

        group = row.get("group") or {}
        return cls(
            id=row["id"], name=row.get("name") or row["id"], description=row.get("description") or "",
            group_id=group.get("id"), group_name=group.get("name"), category=row.get("category"),
            method=row.get("method"), url=row.get("url"), source=row.get("source") or "",
            source_ref=loads(row.get("source_ref"), {}), function_name=row.get("function_name"),
            required_params=[Param(**p) for p in loads(row.get("required_params"), [])],
            optional_params=[Param(**p) for p in loads(row.get("optional_params"), [])],
            output_schema=loads(row.get("output_schema"), None),
        )


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
