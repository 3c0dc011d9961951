"""The QA page's logic (Flask-free): ask a request, plan it, run the plan, answer. Each question is a job run in a
background thread; its state (the plan once made, each call's live status, the answer) is read by polling.

Tools that change data (``ExecTool.mutating``: HTTP methods other than GET, Python tools marked so, MCP tools without
``readOnlyHint``) run only for an editor: a plan that needs one is refused before any call is made for anyone else,
and every call is checked again as it starts (a substitute may be chosen mid-run). Jobs live in this process's
memory (the most recent ``MAX_JOBS``); the executed run itself is stored in the graph as a ``(:Run)``.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from toolgraph.errors import ToolCallError, ToolGraphError
from toolgraph.execute.base import CallResult, ExecTool, Executor
from web.errors import NotFound, Unavailable

log = logging.getLogger(__name__)

MAX_JOBS = 100
MAX_RUNNING = 4
MAX_ANONYMOUS_RUNNING = 2  # anonymous askers never take every slot: a logged-in user always finds one


@dataclass
class QaJob:
    id: str
    query: str
    user: str | None
    may_mutate: bool
    status: str = "planning"  # planning -> running -> done | failed | refused
    plan: dict[str, Any] | None = None
    calls: dict[str, dict[str, Any]] = field(default_factory=dict)  # tool id -> live status
    result: dict[str, Any] | None = None
    error: str | None = None
    created: float = field(default_factory=time.time)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def update_call(self, tool_id: str, **values: Any) -> None:
        with self.lock:
            self.calls.setdefault(tool_id, {"tool": tool_id, "status": "waiting"}).update(values)

    def view(self) -> dict[str, Any]:
        with self.lock:
            return {"id": self.id, "query": self.query, "user": self.user, "status": self.status,
                    "finished": self.status in ("done", "failed", "refused"), "plan": self.plan,
                    "calls": [dict(c) for c in self.calls.values()], "result": self.result, "error": self.error,
                    "created": self.created}


class _Watched:
    """An executor that reports each call's start and end to the job, and refuses a data-changing tool when the
    asker may not run one."""

    def __init__(self, inner: Executor, job: QaJob) -> None:
        self.inner, self.job, self.kind = inner, job, inner.kind

    def handles(self, tool: ExecTool) -> bool:
        return self.inner.handles(tool)

    def secret_values(self) -> list[str]:
        return list(getattr(self.inner, "secret_values", lambda: [])())

    async def call(self, tool: ExecTool, arguments: dict[str, Any], *, timeout_s: float) -> CallResult:
        if tool.mutating and not self.job.may_mutate:
            self.job.update_call(tool.id, status="failed", error="changes data: an editor must run it")
            raise ToolCallError(f"{tool.id} changes data: log in as an editor to run it")
        self.job.update_call(tool.id, status="running", executor=self.kind, started=time.time())
        started = time.perf_counter()
        try:
            result = await self.inner.call(tool, arguments, timeout_s=timeout_s)
        except ToolCallError as exc:
            self.job.update_call(tool.id, status="retrying" if exc.retryable else "failed", error=str(exc)[:500],
                                 latency_ms=round((time.perf_counter() - started) * 1000, 1))
            raise
        self.job.update_call(tool.id, status="ok", error=None,
                             latency_ms=round((time.perf_counter() - started) * 1000, 1))
        return result

    async def aclose(self) -> None:
        close = getattr(self.inner, "aclose", None)
        if close is not None:
            await close()


def plan_view(plan: Any) -> dict[str, Any]:
    return {"id": plan.id, "status": plan.status, "policy": plan.policy,
            "levels": plan.levels, "tools": [t.model_dump() for t in plan.tools],
            "edges": [e.model_dump() for e in plan.edges],
            "subtasks": [s.subtask.model_dump() for s in plan.subtasks]}


class QaJobs:
    """The jobs of this process. ``executors(store, llm)`` makes a fresh executor list per job."""

    def __init__(self, executors: Callable[[Any, Any], Sequence[Executor]], run_config: Any = None,
                 planner_config: Callable[[], Any] | None = None) -> None:
        self._executors = executors
        self._run_config = run_config
        self._planner_config = planner_config
        self._jobs: OrderedDict[str, QaJob] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, job_id: str) -> QaJob:
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None:
            raise NotFound(f"no question {job_id!r} here (questions are kept while the server runs)", "id")
        return job

    def start(self, store: Any, query: str, *, user: str | None, may_mutate: bool, llm: Any = None,
              embedder: Any = None) -> QaJob:
        with self._lock:
            running = sum(j.status in ("planning", "running") for j in self._jobs.values())
            if running >= MAX_RUNNING:
                raise Unavailable(f"{running} questions are being answered already: try again in a moment")
            anonymous = sum(j.status in ("planning", "running") and j.user is None for j in self._jobs.values())
            if user is None and anonymous >= MAX_ANONYMOUS_RUNNING:
                raise Unavailable(f"{anonymous} questions of anonymous users are being answered already (the most "
                                  "at once): try again in a moment, or log in")
            job = QaJob(id=uuid.uuid4().hex[:12], query=query, user=user, may_mutate=may_mutate)
            self._jobs[job.id] = job
            while len(self._jobs) > MAX_JOBS:
                self._jobs.popitem(last=False)
        threading.Thread(target=self._answer, args=(job, store, llm, embedder), name=f"qa-{job.id}",
                         daemon=True).start()
        return job

    def _answer(self, job: QaJob, store: Any, llm: Any, embedder: Any) -> None:
        try:
            self._run(job, store, llm, embedder)
        except ToolGraphError as exc:
            with job.lock:
                job.status, job.error = "failed", str(exc)
        except Exception as exc:  # a bug must still end the job, with a message
            log.exception("QA job %s failed", job.id)
            with job.lock:
                job.status, job.error = "failed", f"{type(exc).__name__}: {exc}"

    def _run(self, job: QaJob, store: Any, llm: Any, embedder: Any) -> None:
        from toolgraph.execute.run import execute_plan
        from toolgraph.execute.runner import load_tool
        from toolgraph.planner import PlannerConfig, plan_request

        pconfig = self._planner_config() if self._planner_config else PlannerConfig()
        pconfig.remember = False  # memories come from executed subtasks
        started = time.perf_counter()
        plan = plan_request(store, job.query, llm=llm, embedder=embedder, save=False, config=pconfig)
        plan_s = time.perf_counter() - started
        tools = {tid: load_tool(store, tid) for tid in plan.tool_ids()}
        changing = [tid for tid, tool in tools.items() if tool is not None and tool.mutating]
        with job.lock:
            job.plan = plan_view(plan)
            for tid in plan.tool_ids():
                job.calls[tid] = {"tool": tid, "status": "waiting", "mutating": tid in changing}
            if not plan.tool_ids():
                job.status, job.error = "failed", "the planner found no tools for this request"
                return
            if changing and not job.may_mutate:
                job.status = "refused"
                job.error = (f"the plan calls {len(changing)} tool(s) that change data ({', '.join(changing[:5])}): "
                             "log in as an editor to run it")
                return
            job.status = "running"
        executors = [_Watched(e, job) for e in self._executors(store, llm)]

        async def go() -> Any:
            try:
                return await execute_plan(store, plan, executors=executors, llm=llm, embedder=embedder,
                                          config=self._run_config, protocol=pconfig.protocol, plan_s=plan_s)
            finally:
                for executor in executors:
                    await executor.aclose()

        result = asyncio.run(go())
        with job.lock:
            job.result = result.model_dump(mode="json", exclude={"plan"})
            for call in result.calls:  # the runner's final word on each call (skips, substitutes, tries)
                job.calls.setdefault(call.tool, {"tool": call.tool}).update(
                    status=call.status, error=call.error, attempts=call.attempts, latency_ms=call.latency_ms,
                    call=call.id, substitute_for=call.substitute_for)
            job.status = "done"
