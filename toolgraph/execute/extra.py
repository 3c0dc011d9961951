"""The executors for tools imported from Python modules and MCP servers, for the runner's executor list:
``executors = [http, recorded, *extra_executors(settings, store=store)]``, and :func:`executors_for`, every
executor the settings give (what ``toolgraph run`` and the web page's QA page use). Tools imported with ``import
openai-tools`` have no executor: the client that defined them runs them."""

from __future__ import annotations

from typing import Any

from toolgraph.execute.base import Executor
from toolgraph.execute.mcp_tools import McpExecutor
from toolgraph.execute.python_tools import PythonExecutor


def extra_executors(settings: Any = None, *, store: Any = None, connect_timeout_s: float = 30.0) -> list[Executor]:
    """[PythonExecutor, McpExecutor]. ``store`` is what Python tools asking for the graph store get injected;
    ``settings`` is accepted for the composition root's convenience (nothing in it is needed yet). Close both with
    ``await executor.aclose()`` when the run ends."""
    del settings
    return [PythonExecutor(store=store), McpExecutor(connect_timeout_s=connect_timeout_s)]


def executors_for(settings: Any, *, store: Any = None, groups: dict[str, Any] | None = None,
                  llm: Any = None) -> list[Executor]:
    """Recorded responses (with ``store``; simulated by ``llm`` on a miss, when given), HTTP (the settings' group
    configurations, ``groups`` over them), Python and MCP executors, in that order: the first whose
    ``handles(tool)`` is true runs a tool. A bad group configuration is a ConfigError."""
    from toolgraph.errors import ConfigError
    from toolgraph.execute.http import HttpExecutor
    from toolgraph.execute.recorded import RecordedExecutor

    try:
        configured = settings.exec.all_groups()
    except ValueError as exc:
        raise ConfigError(str(exc)) from exc
    executors: list[Executor] = [RecordedExecutor(store, llm=llm)] if store is not None else []
    executors.append(HttpExecutor({**configured, **(groups or {})},
                                  max_response_bytes=settings.exec.max_response_bytes))
    return [*executors, *extra_executors(settings, store=store)]


def run_config_for(settings: Any) -> Any:
    """The runner's configuration from ``TOOLGRAPH_EXEC_*`` (deadlines, retries, caps)."""
    from toolgraph.execute.models import RunConfig

    e = settings.exec
    return RunConfig(call_timeout_s=e.call_timeout_s, run_timeout_s=e.run_timeout_s, retries=e.retries,
                     max_retry_after_s=e.max_retry_after_s, per_host=e.per_host, compress_chars=e.compress_chars,
                     substitutes=e.substitutes, replans=e.replans)
