"""The runner: a plan's levels one after another, all calls of a level at once (asyncio), each call bound (LLM or
binder), validated, run by the first executor that handles its tool, retried on retryable errors, replaced by a
similar tool when it still fails, and compressed. Everything is bounded: tries, substitutes, a deadline per call
and one per run, so a run always ends; calls downstream of a failed call are skipped with the reason."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from toolgraph.errors import ArgumentError, ToolCallError, ToolGraphError
from toolgraph.execute.base import ExecTool, Executor
from toolgraph.execute.compress import compress, dumps, llm_fields
from toolgraph.execute.models import CallRecord, RunConfig, mask
from toolgraph.execute.outcome import is_empty, leaves
from toolgraph.execute.pages import merge_page, next_page
from toolgraph.execute.params import Binding, Upstream, bind, find_field, schema_of, validate
from toolgraph.planner.models import Plan
from toolgraph.text.glossary import terse_id_aliases
from toolgraph.text.params import is_identifier, role_key
from toolgraph.text.reading import read, vocabulary_of
from toolgraph.text.schema import described_aliases
from toolgraph.text.secrets import Masker

log = logging.getLogger(__name__)

NARROW_TRIES = 4  # calls at most to look a name of several words up by fewer of them (Runner._narrowed)
TOO_DEEP = "the response is nested too deeply to read (RecursionError)"


def load_tool(store: Any, tool_id: str) -> ExecTool | None:
    rows = store.query("tool_details", id=tool_id)
    return ExecTool.from_row(rows[0]) if rows else None


def shorter(value: str) -> list[str]:
    """A name's shorter forms, most words first: its leading words, then its last words ('lyon airport' ->
    'lyon', 'airport'; 'new york city' -> 'new york', 'new', 'york city', 'city'); words of one letter left out."""
    words = value.split()
    out = [" ".join(words[:n]) for n in range(len(words) - 1, 0, -1)] + \
        [" ".join(words[n:]) for n in range(1, len(words))]
    return [w for w in dict.fromkeys(out) if len(w) > 1]


def action_name(tool: ExecTool) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", tool.function_name or tool.name)[:64] or "call"


def args_model(tool: ExecTool) -> type[BaseModel]:
    """A pydantic model that takes any arguments and shows the tool's JSON Schema (for native tool calling)."""
    schema = schema_of(tool)

    class Args(BaseModel):
        model_config = ConfigDict(extra="allow")

        @classmethod
        def model_json_schema(cls, *args: Any, **kwargs: Any) -> dict[str, Any]:  # noqa: ARG003
            return schema

    Args.__doc__ = tool.description[:500] or tool.name
    return Args


_PAGING = frozenset("page per_page page_size limit offset cursor sort order order_by sort_by direction".split())


def _retries(tool: ExecTool, binding: Binding, names: Sequence[str] = ()) -> Iterator[tuple[dict[str, Any],
                                                                                        dict[str, str]]]:
    """The arguments to ask a lookup again with, and where they came from, when it found nothing (Runner._narrowed):
    the words its one filter took in each of its other text filters, then the request's other names in its one
    filter (``names``: "the Ultimate Shine at the maple ridge north location" looked up as a site: 'maple ridge
    north'), then a name of several words by fewer."""
    for name, value in binding.arguments.items():
        how = binding.sources.get(name, "")
        if isinstance(value, str) and "the lookup's one filter" in how and len(binding.arguments) == 1:
            for p in _other_filters(tool, name):  # "who does coptic stitch": not a binder's name, maybe a skill
                yield {p: value}, {p: f"request (the lookup's other filter: {name} {value!r} found nothing)"}
            for other in [n for n in names if n.lower() not in value.lower() and value.lower() not in n.lower()][:2]:
                for words in [other, *shorter(other)[:1]]:  # ("maple ridge north location": its leading words too)
                    yield {name: words}, {name: f"request (the lookup's one filter: another name, {value!r} found "
                                                "nothing)"}
    for name, value in binding.arguments.items():
        how = binding.sources.get(name, "")
        if isinstance(value, str) and how.startswith("request (") and how.endswith(("place)", "name)")):
            for fewer in shorter(value):
                yield {**binding.arguments, name: fewer}, {
                    **binding.sources, name: f"{how} narrowed to {fewer!r}: {value!r} found nothing"}


def _other_filters(tool: ExecTool, name: str) -> list[str]:
    """The optional text filters of a lookup besides ``name`` (``skill`` beside a binder's ``name``): no ids, no
    choices, no paging, no dates."""
    return [p.name for p in tool.optional_params if p.name != name and not p.enum
            and str(p.type or "string").lower() in ("string", "str") and not is_identifier(p.name)
            and p.name.lower() not in _PAGING and not re.search(r"date|_from$|_to$|^from$|^to$|since|until|email",
                                                                p.name.lower())]


class Runner:
    def __init__(self, store: Any, executors: Sequence[Executor], *, llm: Any = None,
                 config: RunConfig | None = None, protocol: str = "json",
                 replan: Callable[[str, set[str]], list[str]] | None = None) -> None:
        self.store = store
        self.replan = replan  # (subtask text, tools to avoid) -> a new tool path, in call order
        self.executors = list(executors)
        self.llm = llm
        self.config = config or RunConfig()
        self.protocol = protocol
        self._hosts: dict[str, asyncio.Semaphore] = {}
        self._n = 0
        self._tools: dict[str, ExecTool | None] = {}
        self._words: tuple[tuple[str, ...], set[str]] | None = None  # (plan's tool ids, its API's words)
        self._page_notes: dict[str, str] = {}  # call id -> why a page of its list was not read
        self._late: set[str] = set()  # calls bound again after their level (see _late_binding)
        self._levels: list[list[str]] = []  # the run's call ids by level (Runner._run)
        self._deadline = float("inf")  # the run's deadline (Runner._run): a followed call keeps to it too
        # every secret value the executors were configured with: masked in what a call record keeps
        self.masker = Masker(v for e in self.executors for v in getattr(e, "secret_values", lambda: [])())

    # -- the plan ---------------------------------------------------------------------------------------------------
    async def run(self, plan: Plan, query: str, close: bool = True) -> tuple[list[list[str]], list[CallRecord]]:
        """Run the plan's levels; (call ids by level, every call record). ``close=False``: the executors stay
        open for :meth:`follow`; the caller then calls :meth:`close`."""
        try:
            return await self._run(plan, query)
        finally:
            if close:
                await self.close()

    async def close(self) -> None:
        """Close the executors' pooled connections (they belong to this run's event loop)."""
        for executor in self.executors:
            aclose = getattr(executor, "aclose", None)
            if aclose is not None:
                await aclose()

    def forget_level(self, call: CallRecord) -> None:
        """Take a followed call's level back out of the run's levels (it was not kept)."""
        if self._levels and self._levels[-1] == [call.id]:
            self._levels.pop()

    async def follow(self, plan: Plan, query: str, calls: list[CallRecord], tool_id: str) -> CallRecord:
        """One more call after the plan's levels (``plan``: the plan with the tool added, toolgraph.execute.follow),
        bound like any other from the request and the calls before it, within the run's deadline; no substitute,
        no re-planning."""
        records = {(c.substitute_for or c.tool): c for c in calls}
        call = self._record(tool_id, max((c.level for c in calls), default=-1) + 1)
        self._levels.append([call.id])
        started = time.perf_counter()
        tool = await self._tool(tool_id)
        if tool is None:
            call.status, call.error = "failed", f"unknown tool {tool_id!r}: not in the graph"
            return call
        deadline = min(self._deadline, time.monotonic() + self.config.call_timeout_s * (1 + self.config.retries))
        try:
            await self._try(call, tool, plan, query, records, {t.id: t.subtask for t in plan.tools}, deadline)
        finally:
            call.latency_ms = round((time.perf_counter() - started) * 1000, 1)
        return call

    async def _run(self, plan: Plan, query: str) -> tuple[list[list[str]], list[CallRecord]]:
        records: dict[str, CallRecord] = {}  # planned tool id -> its call
        levels: list[list[str]] = []
        self._levels = levels  # (a second lookup joins its first's level: Runner._second_lookup)
        deadline = self._deadline = time.monotonic() + self.config.run_timeout_s
        subtask_of = {t.id: t.subtask for t in plan.tools}
        # Every planned tool read once, up front: later levels start without a round trip, and compression knows
        # what the downstream tools take.
        await asyncio.gather(*(self._tool(t) for t in dict.fromkeys(plan.tool_ids())))
        for depth, level in enumerate(plan.levels):
            calls = [self._record(tool_id, depth) for tool_id in level]
            records.update({c.tool: c for c in calls})
            levels.append([c.id for c in calls])
            todo = []
            for call in calls:
                failed = [records[e.source] for e in plan.edges
                          if e.target == call.tool and e.source in records and records[e.source].status != "ok"]
                if failed:
                    call.error = f"skipped: upstream call {failed[0].id} ({failed[0].tool}) did not succeed"
                elif time.monotonic() >= deadline:
                    call.error = f"skipped: the run's deadline of {self.config.run_timeout_s:g} s had passed"
                else:
                    todo.append(call)
            if not todo:
                continue
            tasks = [asyncio.create_task(self._call(c, plan, query, records, subtask_of, deadline)) for c in todo]
            done, pending = await asyncio.wait(tasks, timeout=max(0.0, deadline - time.monotonic()))
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            for call, task in zip(todo, tasks):
                if task in pending:
                    call.status = "failed"
                    call.error = f"the run's deadline of {self.config.run_timeout_s:g} s expired during the call"
            await self._late_binding(todo, plan, query, records, subtask_of, deadline)
        return levels, list(records.values())

    async def _late_binding(self, calls: list[CallRecord], plan: Plan, query: str, records: dict[str, CallRecord],
                            subtask_of: dict[str, int], deadline: float) -> None:
        """Calls of a level that could not bind a required value, tried once more, one by one, now that the
        level's other calls have answered (a plan without the data-flow edge between two of its tools still runs:
        the member's id comes from the loan looked up beside it)."""
        ok = [c for c in calls if c.status == "ok"]
        late = [c for c in calls if c.status == "failed" and not c.attempts and "cannot bind" in (c.error or "")]
        if not ok or not late:
            return
        for call in late:
            if time.monotonic() >= deadline:
                return
            first_error = call.error
            call.status, call.error, call.substitute_for, call.replanned = "skipped", None, None, []
            self._late.add(call.id)
            await self._call(call, plan, query, records, subtask_of, deadline)
            if call.status != "ok":
                call.error = call.error or first_error

    def _record(self, tool_id: str, level: int) -> CallRecord:
        self._n += 1
        return CallRecord(id=f"c{self._n}", tool=tool_id, level=level)

    def output_schemas(self) -> dict[str, Any]:
        """Tool id -> declared output schema, else the one observed in its earlier responses (learnt from runs), of
        the tools this runner loaded (for judging the outcome)."""
        return {i: t.output_schema or t.observed_schema for i, t in self._tools.items()
                if t is not None and (t.output_schema or t.observed_schema)}

    def changing_tools(self) -> dict[str, str]:
        """The tools this runner loaded that may change data: id -> "" for those that surely do (an HTTP write, a
        tool marked so and named for a change: toolgraph.planner.chains.changes_data), else their name and
        description (not declared read-only: an MCP tool without the hint, a Python function that says nothing);
        the judge then looks for the request's verb in them."""
        from toolgraph.planner.chains import changes_data

        out: dict[str, str] = {}
        for i, t in self._tools.items():
            if t is None:
                continue
            if changes_data(t):
                out[i] = ""
            elif not t.method and t.source_ref.get("mutating") is not False:  # not declared read-only (a Python
                out[i] = f"{t.name} {t.description[:400]}"  # function says nothing; an MCP tool without the hint)
        return out

    async def _vocabulary(self, plan: Plan) -> set[str]:
        """The words of the plan's tools and of every other tool of their groups (``group_vocabulary``): words of
        the API are not names the request gives ("how many calories are in ... the mushroom risotto": calories is
        a word of get_nutrition, planned or not). Read once per run."""
        ids = tuple(sorted(dict.fromkeys(plan.tool_ids())))
        if self._words is None or self._words[0] != ids:
            texts = [f"{t.name} {t.description[:600]}" for t in plan.tools]
            if self.store is not None:
                try:
                    rows = await asyncio.to_thread(self.store.query, "group_vocabulary", ids=list(ids))
                    texts += [f"{r['name']} {str(r['description'])[:600]}" for r in rows]
                except Exception as exc:  # noqa: BLE001 - the plan's own words still serve
                    log.warning("reading the tool groups' words failed: %s", exc)
            self._words = (ids, vocabulary_of(*texts))
        return self._words[1]

    async def _tool(self, tool_id: str) -> ExecTool | None:
        if tool_id not in self._tools:
            self._tools[tool_id] = await asyncio.to_thread(load_tool, self.store, tool_id)
        return self._tools[tool_id]

    def _upstream(self, call: CallRecord, plan: Plan, records: dict[str, CallRecord]) -> list[Upstream]:
        direct = {e.source: e.resource for e in plan.edges if e.target == call.tool}
        out = []
        for tool_id, rec in records.items():
            same_level = call.id in self._late and rec.level == call.level and rec is not call
            if rec.status == "ok" and (rec.level < call.level or same_level):
                known = self._tools.get(rec.tool)
                out.append(Upstream(rec.id, rec.tool, rec.raw_value, direct.get(tool_id), tool_id in direct,
                                    tuple(str(v) for v in rec.arguments.values()),
                                    _aliases(known.description, rec.raw_value) if known else {}))
        return out

    # -- one call ---------------------------------------------------------------------------------------------------
    async def _call(self, call: CallRecord, plan: Plan, query: str, records: dict[str, CallRecord],
                    subtask_of: dict[str, int], deadline: float) -> None:
        started = time.perf_counter()
        try:
            candidates = [call.tool]
            tool = await self._tool(call.tool)
            if tool is None:
                call.status, call.error = "failed", f"unknown tool {call.tool!r}: not in the graph"
                return
            errors: list[str] = []
            subs: list[ExecTool] | None = None
            attempt_tool: ExecTool | None = tool
            while attempt_tool is not None:
                if attempt_tool.id != call.tool:
                    call.substitute_for = call.tool
                    candidates.append(attempt_tool.id)
                if await self._try(call, attempt_tool, plan, query, records, subtask_of, deadline):
                    missing = self._gives_needed(call, candidates[0], plan) if attempt_tool is not tool else None
                    if missing is None:
                        call.tool = attempt_tool.id
                        note = self._page_notes.pop(call.id, None)  # a page of a list not read
                        call.error = "; ".join([*errors, *([note] if note else [])]) or None
                        return
                    call.status, call.error = "failed", missing
                errors.append(call.error or "failed")
                if subs is None:
                    subs = await self._substitutes(tool)
                attempt_tool = subs.pop(0) if subs and time.monotonic() < deadline else None
            call.tool, call.substitute_for = candidates[0], None
            if await self._replanned(call, set(candidates), plan, query, records, subtask_of, deadline, errors):
                return
            call.status, call.error = "failed", "; ".join(errors)
        except asyncio.CancelledError:
            call.status, call.error = "failed", "cancelled (the run's deadline expired or the user stopped it)"
            raise
        finally:
            call.latency_ms = round((time.perf_counter() - started) * 1000, 1)

    async def _replanned(self, call: CallRecord, tried: set[str], plan: Plan, query: str,
                         records: dict[str, CallRecord], subtask_of: dict[str, int], deadline: float,
                         errors: list[str]) -> bool:
        """Re-plan the failed call's subtask without the tools tried, and run the new path as a chain; the last
        call's result stands in for this call's. True if every call of the new path succeeded."""
        if self.replan is None or self.config.replans <= 0 or time.monotonic() >= deadline:
            return False
        subtask = subtask_of.get(call.tool)
        text = next((r.subtask.description for r in plan.subtasks if r.subtask.id == subtask), query)
        try:
            path = await asyncio.to_thread(self.replan, text, tried)
        except ToolGraphError as exc:
            errors.append(f"re-planning failed: {exc}")
            return False
        path = [t for t in path if t not in tried][: self.config.replan_depth]
        if not path:
            errors.append("re-planning found no other tools")
            return False
        tools = [await self._tool(t) for t in path]
        writer = next((t for t in tools if t is not None and self._writes(t)), None)
        if writer is not None:  # another change than the one planned (a damage report for a reservation)
            errors.append(f"re-planned path holds {writer.id}, which changes data: not a change that was planned")
            return False
        chain: list[Upstream] = []
        for i, tool_id in enumerate(path):
            sub = CallRecord(id=f"{call.id}.{i + 1}", tool=tool_id, level=call.level)
            call.replanned.append(sub)
            tool = await self._tool(tool_id)
            ok = tool is not None and await self._try(sub, tool, plan, query, records, subtask_of, deadline, chain)
            if not ok:
                errors.append(f"re-planned {tool_id}: {sub.error or 'unknown tool'}")
                sub.status = "failed"
                return False
            chain.append(Upstream(sub.id, tool_id, sub.raw_value, None, True,
                                  tuple(str(v) for v in sub.arguments.values()),
                                  _aliases(tool.description, sub.raw_value) if tool else {}))
        last = call.replanned[-1]
        planned, stand_in = await self._tool(call.tool), await self._tool(last.tool)
        if planned is not None and stand_in is not None and self._writes(planned):
            errors.append(f"re-planned path ends in {last.tool}, which only reads data where {call.tool} changes "
                          "it: not the same effect")
            return False
        for name in ("status", "executor", "arguments", "bound_from", "result", "result_chars", "raw", "raw_chars",
                     "simulated", "raw_value"):
            setattr(call, name, getattr(last, name))
        call.substitute_for, call.tool = call.tool, last.tool
        call.attempts += sum(r.attempts for r in call.replanned)
        call.error = "; ".join(errors) + f"; re-planned: {' -> '.join(path)}"
        return True

    @staticmethod
    def _gives_needed(call: CallRecord, planned: str, plan: Plan) -> str | None:
        """Why a substitute's answer cannot stand in for ``planned``: it holds none of the values the next calls
        take from ``planned`` (None: it holds one, or nothing is needed)."""
        needed = {e.resource for e in plan.edges if e.source == planned and e.resource}
        if not needed:
            return None
        keys = {k.lower() for key, _ in leaves(call.raw_value) for k in key}
        if any(n.lower() in keys or n.lower().split("_")[-1] in keys for n in needed):
            return None
        return (f"substitute {call.tool} answered but gives none of what the next calls need from {planned}: "
                f"{', '.join(sorted(needed))}")

    async def _substitutes(self, tool: ExecTool) -> list[ExecTool]:
        """Similar tools that may stand in for a failed read; none for a write (another write is another change:
        a damage report is no reservation) and never a write for a read."""
        if self.config.substitutes <= 0 or self._writes(tool):
            return []
        rows = await asyncio.to_thread(self.store.query, "similar_tools", id=tool.id, limit=self.config.substitutes)
        out = []
        for row in rows:
            sub = await self._tool(row["id"])
            if sub is not None and not self._writes(sub):
                out.append(sub)
        return out

    async def _try(self, call: CallRecord, tool: ExecTool, plan: Plan, query: str, records: dict[str, CallRecord],
                   subtask_of: dict[str, int], deadline: float, chain: Sequence[Upstream] = ()) -> bool:
        """One tool (planned or substitute): bind, validate, call with retries. Sets the record; True if ok."""
        executor = next((e for e in self.executors if e.handles(tool)), None)
        if executor is None:
            call.status, call.error = "failed", f"{tool.id}: no executor runs tools of source {tool.source!r}"
            return False
        call.executor = executor.kind
        upstream = [*chain[::-1], *self._upstream(call, plan, records)]
        try:
            binding = await self._arguments(tool, plan, query, upstream, subtask_of.get(call.tool))
        except ToolGraphError as exc:
            call.status, call.error = "failed", str(exc)
            return False
        host = executor.host(tool) if hasattr(executor, "host") else (tool.group_id or tool.id)
        semaphore = self._hosts.setdefault(host, asyncio.Semaphore(self.config.per_host))
        if self.llm is None:
            binding = await self._second_lookup(call, tool, binding, plan, query, records, deadline)
        call.arguments, call.bound_from = self.masker.value(mask(binding.arguments)), binding.sources
        for attempt in range(1 + self.config.retries):
            call.attempts += 1
            left = min(self.config.call_timeout_s, deadline - time.monotonic())
            if left <= 0:
                call.status, call.error = "failed", f"{tool.id}: the run's deadline expired before the call"
                return False
            try:
                async with semaphore:
                    result = await asyncio.wait_for(executor.call(tool, binding.arguments, timeout_s=left),
                                                    timeout=left + 1.0)
            except TimeoutError:
                error: ToolCallError = ToolCallError(f"{tool.id}: no answer within {left:g} s", retryable=True)
            except ToolCallError as exc:
                error = exc
            except RecursionError:  # a parser deep inside the executor gave up: a failed call like any other
                error = ToolCallError(f"{tool.id}: {TOO_DEEP}")
            else:
                try:
                    value, simulated = result.value, result.simulated
                    if is_empty(value) and not self._writes(tool):  # a name read too widely: fewer of its words
                        narrowed = await self._narrowed(tool, executor, binding, semaphore, deadline,
                                                        await self._names(plan, query))
                        if narrowed is not None:
                            (value, simulated), binding = narrowed
                            call.arguments, call.bound_from = self.masker.value(mask(binding.arguments)), \
                                binding.sources
                    note = None
                    if not simulated and self.config.pages > 1 and not self._writes(tool):
                        value, note = await self._more_pages(call, tool, executor, binding.arguments, value,
                                                             semaphore, deadline)
                    await self._succeeded(call, tool, value, simulated, query, plan)
                    if note:
                        self._page_notes[call.id] = note
                    return True
                except RecursionError:
                    call.raw_value = call.raw = call.result = None
                    call.raw_chars = call.result_chars = 0
                    error = ToolCallError(f"{tool.id}: {TOO_DEEP}")
            call.status, call.error = "failed", self.masker.text(str(error))
            if not error.retryable or attempt == self.config.retries:
                return False
            wait = self.config.backoff_s * 2 ** attempt
            if error.retry_after is not None:
                wait = min(error.retry_after, self.config.max_retry_after_s)
            if time.monotonic() + wait >= deadline:
                call.error += " (no time left to retry)"
                return False
            await asyncio.sleep(wait)
        return False

    async def _more_pages(self, call: CallRecord, tool: ExecTool, executor: Executor, arguments: dict[str, Any],
                          value: Any, semaphore: asyncio.Semaphore, deadline: float) -> tuple[Any, str | None]:
        """A paginated list read to its end (at most ``RunConfig.pages`` pages, ``MAX_PAGED`` records): while the
        response says there is more (``has_more``, a next cursor or link, a page below ``total_pages``, fewer
        records than its ``total``) and the tool takes a page, offset or cursor parameter, the next page is asked
        for and its records appended to the first page's list, so that "how many" and a record on page 3 are
        answered. A page that fails ends the reading with what was read (noted in the call's error)."""
        note = None
        for _ in range(self.config.pages - 1):
            nxt = next_page(tool, arguments, value, call.pages)
            left = min(self.config.call_timeout_s, deadline - time.monotonic())
            if nxt is None or left <= 1.0:
                break
            try:
                async with semaphore:
                    page = await asyncio.wait_for(executor.call(tool, nxt, timeout_s=left), timeout=left + 1.0)
            except (TimeoutError, ToolCallError) as exc:
                note = self.masker.text(f"page {call.pages + 1} not read: {exc}")
                break
            merged = merge_page(value, page.value)
            if merged is None:
                break
            value, arguments = merged, nxt
            call.pages += 1
        return value, note

    @staticmethod
    def _writes(tool: ExecTool) -> bool:
        from toolgraph.planner.chains import changes_data

        return changes_data(tool)  # (an MCP tool with no read-only hint is marked mutating: its name says)

    async def _names(self, plan: Plan, query: str) -> list[str]:
        """The names the request gives (quoted, capitalised, before a kind's noun, a place), in its order."""
        return [str(o.value) for o in read(query, await self._vocabulary(plan))
                if o.kind in ("quoted", "name", "cue", "place", "residual_place", "residual_named", "residual")
                and isinstance(o.value, str) and o.noun != "'s"]

    async def _narrowed(self, tool: ExecTool, executor: Executor, binding: Binding, semaphore: asyncio.Semaphore,
                        deadline: float, names: Sequence[str] = ()) -> tuple[tuple[Any, bool], Binding] | None:
        """A lookup that found nothing by its one filter is asked again by its other text filters ("coptic
        stitch": no binder's name, a skill), and one that found nothing for a name of several words read from the
        request ("the lyon airport branch" -> city 'lyon airport') with fewer of its words ('lyon', then
        'airport'), at most ``NARROW_TRIES`` calls: the first that finds something stands (the binding says which
        words), and the words left out still pick among its records downstream (the binder prefers records the
        request names)."""
        tried = 0
        for args, sources in _retries(tool, binding, names):
            if tried >= NARROW_TRIES or deadline - time.monotonic() <= 0:
                return None
            tried += 1
            try:
                args = validate(tool, args)
                async with semaphore:
                    left = min(self.config.call_timeout_s, deadline - time.monotonic())
                    result = await asyncio.wait_for(executor.call(tool, args, timeout_s=left), timeout=left + 1.0)
            except (ToolGraphError, TimeoutError):
                continue
            if not is_empty(result.value):
                return (result.value, result.simulated), Binding(args, sources)
        return None

    async def _second_lookup(self, call: CallRecord, tool: ExecTool, binding: Binding, plan: Plan, query: str,
                             records: dict[str, CallRecord], deadline: float) -> Binding:
        """Two parameters of two roles bound from one lookup ("from Ravensholm Central to Port Elsin": ``from_code``
        and ``to_code`` both the first station's code): the lookup is made once more for the other name the request
        gives, and the parameter whose role comes second in the request takes its answer. The extra call is
        recorded before ``call``; when anything is missing the binding stands as it was."""
        shared: dict[str, list[str]] = {}
        for name, how in binding.sources.items():
            if role_key(name) and re.match(r"c\d+:", how):
                shared.setdefault(how, []).append(name)
        for how, names in shared.items():
            if len(names) != 2 or deadline - time.monotonic() <= 0:
                continue
            up = next((r for r in records.values() if r.id == how.split(":", 1)[0] and r.status == "ok"), None)
            looked = [(a, v) for a, v in (up.arguments.items() if up else ()) if isinstance(v, str)
                      and re.match(r"request \((name|place|quoted|cue)", up.bound_from.get(a, ""))]
            up_tool = await self._tool(up.tool) if up and len(looked) == 1 else None
            executor = next((e for e in self.executors if up_tool and e.handles(up_tool)), None)
            if up is None or up_tool is None or executor is None:
                continue
            arg, first = looked[0]
            taken = {str(v).lower() for v in binding.arguments.values()} | {first.lower()}
            offers = [o for o in read(query, vocabulary_of(up_tool.name, up_tool.description[:600]))
                      if o.kind in ("place", "name", "quoted", "residual_place") and isinstance(o.value, str)
                      and o.value.lower() not in taken and o.value.lower() not in first.lower()
                      and first.lower() not in o.value.lower()]
            if not offers:
                continue
            other = offers[0]
            try:
                args = validate(up_tool, {**up.arguments, arg: other.value})
                left = min(self.config.call_timeout_s, deadline - time.monotonic())
                result = await asyncio.wait_for(executor.call(up_tool, args, timeout_s=left), timeout=left + 1.0)
            except (ToolGraphError, TimeoutError):
                continue
            field = [k for k in re.split(r"[.\[\]]+", how.split(":", 1)[1]) if k and not k.isdigit()][-1:]
            hit = find_field(result.value, field) if field else None
            if hit is None:
                continue
            extra = self._record(up.tool, up.level)
            extra.executor, extra.attempts = executor.kind, 1
            extra.arguments = self.masker.value(mask(args))
            extra.bound_from = {**up.bound_from, arg: f"request (the second of two {names[0]!r}/{names[1]!r})"}
            await self._succeeded(extra, up_tool, result.value, result.simulated, query, plan)
            items = list(records.items())  # the lookup made before the call that needs it
            at = next(i for i, (_, r) in enumerate(items) if r is call)
            records.clear()
            records.update([*items[:at], (f"{up.tool}#{extra.id}", extra), *items[at:]])
            level = self._levels[up.level] if up.level < len(self._levels) else []
            level.insert(level.index(up.id) + 1 if up.id in level else len(level), extra.id)
            later = query.lower().find(other.value.lower()) > query.lower().find(first.lower())
            second = names[1] if later else names[0]  # the role the request says second takes the second name
            arguments = {**binding.arguments, second: hit[0]}
            sources = {**binding.sources, second: f"{extra.id}:{hit[1]}"}
            binding = Binding(validate(tool, arguments), sources)
        return binding

    async def _succeeded(self, call: CallRecord, tool: ExecTool, value: Any, simulated: bool, query: str,
                         plan: Plan) -> None:
        value = self.masker.value(value)
        downstream = {e.target for e in plan.edges if e.source == call.tool}
        keep = {e.resource for e in plan.edges if e.source == call.tool and e.resource}
        for tid in downstream:
            t = self._tools.get(tid)
            keep |= {p.name for p in t.params} if t else set()
        raw = dumps(value)
        call.status, call.simulated = "ok", simulated
        call.raw_value = value
        call.raw_chars = len(raw)
        call.raw = raw[: self.config.raw_chars]
        if self.llm is not None and len(raw) > self.config.compress_chars:  # the model picks the fields to keep
            from toolgraph.llm import LLMError

            try:
                keep |= await asyncio.to_thread(llm_fields, self.llm, query, tool.name, value, keep)
            except LLMError as exc:  # the rules alone still compress
                call.error = f"field choice by the LLM failed, rules used: {exc}"
        call.result = compress(value, keep=keep, request=query, limit=self.config.compress_chars)
        call.result_chars = len(dumps(call.result))

    # -- arguments --------------------------------------------------------------------------------------------------
    async def _arguments(self, tool: ExecTool, plan: Plan, query: str, upstream: list[Upstream],
                         subtask: int | None) -> Binding:
        if self.llm is None:
            vocabulary = await self._vocabulary(plan)
            binding = bind(tool, query, upstream, vocabulary)
            return Binding(validate(tool, binding.arguments), binding.sources)
        return await asyncio.to_thread(self._llm_arguments, tool, plan, query, upstream, subtask)

    def _llm_arguments(self, tool: ExecTool, plan: Plan, query: str, upstream: list[Upstream],
                       subtask: int | None) -> Binding:
        from toolgraph.llm import LLMError, act

        text = next((r.subtask.description for r in plan.subtasks if r.subtask.id == subtask), query)
        results = {f"{u.call} ({u.tool})": compress(u.value, request=query, limit=self.config.compress_chars)
                   for u in upstream}
        name = action_name(tool)
        system = (f"You fill in the arguments of one call of the tool {name!r}: {tool.description[:800]}\n"
                  f"Its arguments (JSON Schema): {json.dumps(schema_of(tool))}\n"
                  "Take values from the request and the results of earlier calls; never invent identifiers.")
        user = (f"Request: {query}\nThis step: {text}\nEarlier results: {dumps(results)[:4000]}\n"
                f"Call {name} with its arguments.")
        validated: dict[str, Any] = {}

        def check(_: str, args: BaseModel) -> str | None:
            try:
                validated.update(validate(tool, args.model_dump()))
            except ArgumentError as exc:
                return str(exc)
            return None

        try:
            _, args, _ = act(self.llm, [{"role": "system", "content": system}, {"role": "user", "content": user}],
                             {name: args_model(tool)}, protocol=self.protocol, check=check)
        except LLMError as exc:
            raise ArgumentError(f"{tool.id}: no valid arguments from the LLM: {exc}") from exc
        return Binding(validated, {k: "llm" for k in validated})


def _aliases(description: str, value: Any) -> dict[str, str]:
    """A response's fields that are ids of another name, as its tool's description says: "advisor_id is the
    teacher id", short keys spelled out, terse keys glossed as ids ("trn (course id needed before use)")."""
    return {**terse_id_aliases(description, (k for key, _ in leaves(value) for k in key)),
            **described_aliases(description)}
