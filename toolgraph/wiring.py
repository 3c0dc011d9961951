"""Settings into the parts that plan and run: the planner's configuration, the runner's configuration and the
executors. The one place that turns ``TOOLGRAPH_LLM_*`` and ``TOOLGRAPH_EXEC_*`` into them; the CLI, the web app and
the MCP server all use it, so a setting reaches every surface or none."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from toolgraph.errors import ConfigError
from toolgraph.execute.base import Executor
from toolgraph.execute.extra import extra_executors
from toolgraph.execute.models import RunConfig
from toolgraph.planner import PlannerConfig

if TYPE_CHECKING:
    from toolgraph.config import Settings
    from toolgraph.db.store import GraphStore
    from toolgraph.llm import ChatModel

# The ExecSettings fields the executors take rather than the runner.
EXECUTOR_SETTINGS = frozenset({"groups", "groups_file", "max_response_bytes"})


def planner_config(settings: Settings, **overrides: Any) -> PlannerConfig:
    """The planner's configuration: how it asks the LLM (``protocol``, ``decoupled``) and how often at most
    (``max_calls``) from the settings; ``overrides`` (a command's options) over them. A fresh object per call: the
    runner changes the one it is given."""
    llm = settings.llm
    return PlannerConfig(**{"max_llm_calls": llm.max_calls, "protocol": llm.protocol, "decoupled": llm.decoupled,
                            **overrides})


def run_config(settings: Settings) -> RunConfig:
    """The runner's configuration: every ``TOOLGRAPH_EXEC_*`` setting the runner has a field for (deadlines,
    retries, caps); the others (:data:`EXECUTOR_SETTINGS`) go to :func:`executors`."""
    fields = {f.name for f in dataclasses.fields(RunConfig)}
    return RunConfig(**{name: getattr(settings.exec, name) for name in type(settings.exec).model_fields
                        if name in fields})


def executors(settings: Settings, *, store: GraphStore | None = None, llm: ChatModel | None = None,
              groups: dict[str, Any] | None = None) -> list[Executor]:
    """Recorded responses (with ``store``; simulated by ``llm`` on a miss, when given), HTTP (the settings' group
    configurations, ``groups`` over them; their response cap), Python (given ``store`` when a tool asks for the graph
    store) and MCP executors, in that order: the first whose ``handles(tool)`` is true runs a tool. A bad group
    configuration is a ConfigError. Close them with ``await executor.aclose()`` when the run ends."""
    from toolgraph.execute.http import HttpExecutor
    from toolgraph.execute.recorded import RecordedExecutor

    try:
        configured = settings.exec.all_groups()
    except ValueError as exc:
        raise ConfigError(str(exc)) from exc
    found: list[Executor] = [RecordedExecutor(store, llm=llm)] if store is not None else []
    found.append(HttpExecutor({**configured, **(groups or {})}, max_response_bytes=settings.exec.max_response_bytes))
    return [*found, *extra_executors(store=store)]
