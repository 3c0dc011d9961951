"""The executors for tools imported from Python modules and MCP servers, for the runner's executor list:
``executors = [http, recorded, *extra_executors(store=store)]`` (:func:`toolgraph.wiring.executors` builds the whole
list from the settings). Tools imported with ``import openai-tools`` have no executor: the client that defined them
runs them."""

from __future__ import annotations

from typing import Any

from toolgraph.execute.base import Executor
from toolgraph.execute.mcp_tools import McpExecutor
from toolgraph.execute.python_tools import PythonExecutor


def extra_executors(*, store: Any = None, connect_timeout_s: float = 30.0) -> list[Executor]:
    """[PythonExecutor, McpExecutor]. ``store`` is what Python tools asking for the graph store get injected. Close
    both with ``await executor.aclose()`` when the run ends."""
    return [PythonExecutor(store=store), McpExecutor(connect_timeout_s=connect_timeout_s)]
