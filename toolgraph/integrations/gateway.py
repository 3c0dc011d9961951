"""Running tools for an agent that reached them through ToolGraph (``toolgraph mcp --allow-calls``): one tool
(``call``) or a whole request (``run``), with ToolGraph's executors and their rules: arguments validated against the
tool's schema (an error names the parameter), retries on retryable errors, a deadline per call and per run, the
HTTP executor's address checks and response cap; the answer compressed like a run's.

Tools imported from MCP servers are reached again through their servers (the MCP executor), so an agent that talks
to ToolGraph alone still calls every imported server's tools. Tools that change data (:attr:`Tool.mutating`: HTTP
methods other than GET, Python tools marked so, MCP tools without ``readOnlyHint``) are refused unless
``allow_writes``: a plan that needs one is refused before any call, and every call is checked again as it starts (a
substitute or a re-planned path may be chosen mid-run)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from toolgraph.errors import ToolCallError, ToolGraphError
from toolgraph.execute.base import CallResult, ExecTool, Executor
from toolgraph.execute.compress import compress, dumps
from toolgraph.execute.models import RunConfig, mask
from toolgraph.integrations.navigate import NavigationError, Navigator

WRITES_FLAG = "--allow-writes"
ERROR_CHARS = 300


class CallRefused(ToolGraphError):
    """A call the gateway will not make as it was started (a tool that changes data without ``--allow-writes``)."""


def refusal(tool_ids: Sequence[str]) -> str:
    shown = ", ".join(tool_ids[:5]) + (f" and {len(tool_ids) - 5} more" if len(tool_ids) > 5 else "")
    return (f"{shown} change{'s' if len(tool_ids) == 1 else ''} data: this ToolGraph server runs read-only tools "
            f"only; start `toolgraph mcp --allow-calls {WRITES_FLAG}` to run tools that change data")


class ReadOnlyGuard:
    """An executor that refuses a tool that changes data, then lets the inner executor run the rest."""

    def __init__(self, inner: Executor) -> None:
        self.inner, self.kind = inner, inner.kind

    def handles(self, tool: ExecTool) -> bool:
        return self.inner.handles(tool)

    def host(self, tool: ExecTool) -> str:
        host = getattr(self.inner, "host", None)
        return host(tool) if host is not None else (tool.group_id or tool.id)

    async def call(self, tool: ExecTool, arguments: dict[str, Any], *, timeout_s: float) -> CallResult:
        if tool.mutating:
            raise ToolCallError(refusal([tool.id]))
        return await self.inner.call(tool, arguments, timeout_s=timeout_s)

    async def aclose(self) -> None:
        close = getattr(self.inner, "aclose", None)
        if close is not None:
            await close()


@dataclass
class Gateway:
    """``make_executors()`` gives a fresh executor list (``toolgraph.wiring.executors``); ``run_config`` the runner's
    configuration (``toolgraph.wiring.run_config``). ``learn``: a run is stored as a ``(:Run)`` and teaches, as
    with ``toolgraph run``; without it the graph is never written."""

    navigator: Navigator
    make_executors: Callable[[], list[Executor]]
    run_config: RunConfig = field(default_factory=RunConfig)
    allow_writes: bool = False
    learn: bool = True
    _executors: list[Executor] | None = field(default=None, init=False)

    @property
    def store(self) -> Any:
        return self.navigator.store

    def _guarded(self, executors: list[Executor]) -> list[Executor]:
        return executors if self.allow_writes else [ReadOnlyGuard(e) for e in executors]

    # -- one tool -----------------------------------------------------------------------------------------------
    async def call(self, tool_id: str, arguments: dict[str, Any] | None) -> dict[str, Any]:
        """Call one tool: ``{id, result, chars, compressed}`` (``result`` the response compressed to
        ``run_config.compress_chars``, ``chars`` its size before). Every mistake is a ToolGraphError that says
        what to change."""
        from toolgraph.execute.params import validate
        from toolgraph.execute.runner import load_tool

        if not isinstance(tool_id, str) or not tool_id.strip():
            raise NavigationError("id: give a tool id, such as the `id` of a search_tools hit")
        if arguments is None:
            arguments = {}
        if not isinstance(arguments, dict):
            raise NavigationError(f"arguments: an object of parameter names to values, not {type(arguments).__name__}")
        tool = await asyncio.to_thread(load_tool, self.store, tool_id)
        if tool is None:
            raise await asyncio.to_thread(self.navigator.unknown, tool_id, "id")
        if tool.mutating and not self.allow_writes:
            raise CallRefused(refusal([tool.id]))
        args = validate(tool, arguments)  # ArgumentError: "<id>: parameter <name>: <rule>"
        if self._executors is None:
            self._executors = self.make_executors()
        executor = next((e for e in self._executors if e.handles(tool)), None)
        if executor is None:
            raise ToolCallError(f"{tool.id}: no executor runs tools of source {tool.source!r} (tools imported with "
                                "`import openai-tools` are run by the client that defined them)")
        result = await self._call_with_retries(executor, tool, args)
        text = dumps(result.value)
        value = compress(result.value, limit=self.run_config.compress_chars)
        out: dict[str, Any] = {"id": tool.id, "result": value, "chars": len(text),
                               "compressed": len(text) > self.run_config.compress_chars}
        if result.simulated:
            out["simulated"] = True
        return out

    async def _call_with_retries(self, executor: Executor, tool: ExecTool, args: dict[str, Any]) -> CallResult:
        config = self.run_config
        deadline = time.monotonic() + config.run_timeout_s
        for attempt in range(1 + config.retries):
            left = min(config.call_timeout_s, deadline - time.monotonic())
            try:
                return await asyncio.wait_for(executor.call(tool, args, timeout_s=left), timeout=left + 1.0)
            except TimeoutError:
                error = ToolCallError(f"{tool.id}: no answer within {left:g} s", retryable=True)
            except ToolCallError as exc:
                error = exc
            wait = config.backoff_s * 2 ** attempt
            if error.retry_after is not None:
                wait = min(error.retry_after, config.max_retry_after_s)
            if not error.retryable or attempt == config.retries or time.monotonic() + wait >= deadline:
                raise error
            await asyncio.sleep(wait)
        raise ToolCallError(f"{tool.id}: no tries left")  # not reached: the last try raises

    # -- a whole request ----------------------------------------------------------------------------------------
    async def run(self, query: str) -> dict[str, Any]:
        """Plan ``query``, run the plan, answer: ``{run, status, answer, reasons, calls}`` (each call: id, tool,
        status, arguments, error). A plan that needs a tool that changes data is refused without ``allow_writes``."""
        from toolgraph.execute.run import execute_plan, planner_replan
        from toolgraph.execute.runner import load_tool
        from toolgraph.planner import PlannerConfig, plan_request

        if not isinstance(query, str) or not query.strip():
            raise NavigationError("query: empty; describe the whole request to run")
        nav = self.navigator
        embedder = await asyncio.to_thread(
            lambda: nav.embedder() if self.store.query("get_embedding_model") else None)
        pconfig = replace(nav.planner_config) if nav.planner_config is not None else PlannerConfig()
        pconfig.remember = False  # memories come from executed subtasks (the run teaches them), not planned ones
        started = time.perf_counter()
        plan = await asyncio.to_thread(plan_request, self.store, query, llm=nav.llm, embedder=embedder, save=False,
                                       config=pconfig)
        plan_s = time.perf_counter() - started
        if not self.allow_writes:
            tools = await asyncio.to_thread(lambda: [load_tool(self.store, t) for t in plan.tool_ids()])
            changing = [t.id for t in tools if t is not None and t.mutating]
            if changing:
                raise CallRefused(f"the plan calls {len(changing)} tool(s) that change data, so nothing was run: "
                                  + refusal(changing))
        config = replace(self.run_config, learn=self.learn, save=self.learn)
        replan = planner_replan(self.store, llm=nav.llm, embedder=embedder, config=pconfig)
        result = await execute_plan(self.store, plan, executors=self._guarded(self.make_executors()), llm=nav.llm,
                                    embedder=embedder, config=config, protocol=pconfig.protocol, plan_s=plan_s,
                                    replan=replan)
        by_id = {c.id: c for c in result.calls}
        calls = []
        for level in result.levels:
            for cid in level:
                call = by_id[cid]
                for c in call.replanned or [call]:  # a re-planned call: the calls of its new path
                    row: dict[str, Any] = {"id": c.id, "tool": c.tool, "status": c.status,
                                           "arguments": mask(c.arguments)}
                    if c.substitute_for:
                        row["instead_of"] = c.substitute_for
                    if c.error:
                        row["error"] = c.error[:ERROR_CHARS]
                    calls.append(row)
        out: dict[str, Any] = {"status": result.status, "answer": result.answer.text, "calls": calls}
        if result.reasons:
            out["reasons"] = result.reasons
        if self.learn:
            out["run"] = result.id  # `toolgraph forget RUN` takes back what it taught
        return out

    async def aclose(self) -> None:
        executors, self._executors = self._executors or [], None
        for executor in executors:
            close = getattr(executor, "aclose", None)
            if close is not None:
                await close()
