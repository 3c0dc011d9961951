"""``run_request``: plan, execute level by level, answer, learn. See docs/execution.md."""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from toolgraph.embeddings.kinship import WordKinship
from toolgraph.execute.answer import llm_answer, rules_answer
from toolgraph.execute.base import Executor
from toolgraph.execute.follow import extended, lookups, to_follow
from toolgraph.execute.learn import learn
from toolgraph.execute.models import CallRecord, RunConfig, RunResult, RunTimings
from toolgraph.execute.outcome import Outcome, goal_calls, judge, leaves
from toolgraph.execute.runner import Runner
from toolgraph.planner.models import Plan
from toolgraph.text.glossary import glossed, key_meanings
from toolgraph.tool import Tool

log = logging.getLogger(__name__)


async def execute_plan(store: Any, plan: Plan, *, executors: Sequence[Executor], llm: Any = None,
                       embedder: Any = None, config: RunConfig | None = None, protocol: str = "json",
                       plan_s: float = 0.0, replan: Callable[[str, set[str]], list[str]] | None = None) -> RunResult:
    """Run a plan that was made already, answer, and learn from it (``config.learn``). ``replan(subtask text,
    tools to avoid)`` gives a new tool path for the subtask of a call that failed (see :func:`planner_replan`)."""
    config = config or RunConfig()
    started = time.perf_counter()
    mark = llm.usage.mark() if llm is not None else None
    runner = Runner(store, executors, llm=llm, config=config, protocol=protocol, replan=replan)
    try:
        levels, calls = await runner.run(plan, plan.query, close=False)
        executed = time.perf_counter()
        answer, outcome = await _answer_and_judge(store, runner, plan, levels, calls, llm, embedder)
        answered = time.perf_counter()
        if outcome.status == "partial" and config.follow:  # one lookup short of what was asked: follow an id
            plan, levels, calls, answer, outcome = await _followed(store, runner, plan, levels, calls, answer,
                                                                   outcome, llm, embedder)
            answered = time.perf_counter()
    finally:
        await runner.close()
    ok = sum(c.status == "ok" for c in calls)
    usage = {"calls": len(calls), "ok": ok, "failed": sum(c.status == "failed" for c in calls),
             "skipped": sum(c.status == "skipped" for c in calls), "attempts": sum(c.attempts for c in calls),
             "llm": llm.usage.since(mark) if mark is not None else None, "plan": plan.usage.model_dump()}
    result = RunResult(id=plan.id if plan.id else uuid.uuid4().hex[:12], query=plan.query, status=outcome.status,
                       reasons=outcome.reasons, plan=plan, levels=levels, calls=calls, answer=answer, usage=usage,
                       timings=RunTimings(plan_s=round(plan_s, 3), execute_s=round(executed - started, 3),
                                          answer_s=round(answered - executed, 3),
                                          total_s=round(plan_s + answered - started, 3)))
    if config.learn or config.save:
        result.learned = await asyncio.to_thread(learn, store, result, embedder=embedder, save=config.save,
                                                 teach=config.learn)
    return result


async def _answer_and_judge(store: Any, runner: Runner, plan: Plan, levels: list[list[str]], calls: list[CallRecord],
                            llm: Any, embedder: Any) -> tuple[str, Outcome]:
    """The answer (the LLM's summary, else the rules') and the judge's outcome of a run's calls."""
    goals = goal_calls(plan, calls)
    schemas = runner.output_schemas()
    with glossed(response_meanings(plan, calls, schemas)):  # ("bal": the amount owed)
        answer = (await asyncio.to_thread(llm_answer, llm, plan.query, levels, calls) if llm is not None
                  else rules_answer(plan.query, levels, calls, goals))
        nearby = await asyncio.to_thread(nearby_field_words, store, plan.tool_ids())
        outcome = await asyncio.to_thread(judge, plan.query, plan, calls, schemas, nearby,
                                          runner.changing_tools(), word_kinship(embedder))
    return answer, outcome


async def _followed(store: Any, runner: Runner, plan: Plan, levels: list[list[str]], calls: list[CallRecord],
                    answer: str, outcome: Outcome, llm: Any, embedder: Any
                    ) -> tuple[Plan, list[list[str]], list[CallRecord], str, Outcome]:
    """A partial run whose answer holds the id of a thing the request asks about, followed to the API's lookup of
    that thing (toolgraph.execute.follow); the lookup is kept only when the run then answers what was asked."""
    if store is None or any(c.status != "ok" for c in goal_calls(plan, calls)):
        return plan, levels, calls, answer, outcome
    from toolgraph.planner.chains import changes_data

    with glossed(response_meanings(plan, calls, runner.output_schemas())):  # (``pz``: the puzzle id)
        try:
            rows = await asyncio.to_thread(store.query, "follow_lookups", ids=plan.tool_ids())
            found = lookups([Tool.from_row({**r["props"], "id": r["id"]}) for r in rows], changes_data)
        except Exception as exc:  # noqa: BLE001 - the partial run stands as it is
            log.warning("reading the lookups beside the plan failed: %s", exc)
            return plan, levels, calls, answer, outcome
        tries = to_follow(plan.query, plan, calls, found)
    for lookup, goal in tries:
        grown = extended(plan, lookup, goal)
        call = await runner.follow(grown, plan.query, calls, lookup.tool.id)
        if call.status != "ok":
            runner.forget_level(call)
            continue
        grown_calls = [*calls, call]
        grown_answer, grown_outcome = await _answer_and_judge(store, runner, grown, levels, grown_calls, llm,
                                                              embedder)
        if grown_outcome.status == "success":
            return grown, levels, grown_calls, grown_answer, grown_outcome
        runner.forget_level(call)
    return plan, levels, calls, answer, outcome


_KINSHIPS: dict[int, WordKinship] = {}


def response_meanings(plan: Plan, calls: list[CallRecord], schemas: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """What the terse keys of the calls' responses mean, as each called tool's output schema or description says
    (toolgraph.text.glossary)."""
    tools = {t.id: t for t in plan.tools}
    out: dict[str, tuple[str, ...]] = {}
    for c in (r for call in calls for r in (*call.replanned, call)):
        tool = tools.get(c.tool)
        value = c.raw_value if c.raw_value is not None else c.result
        if c.status != "ok" or value is None:
            continue
        keys = [k for key, _ in leaves(value) for k in key]
        for key, words in key_meanings(tool.description if tool else "", schemas.get(c.tool), keys).items():
            out.setdefault(key, words)
    return out


def word_kinship(embedder: Any) -> WordKinship | None:
    """The embedder's word kinship for the judge (one per embedder, its vectors cached); None without one."""
    if embedder is None:
        return None
    kinship = _KINSHIPS.get(id(embedder))
    if kinship is None or kinship.embedder is not embedder:
        kinship = _KINSHIPS[id(embedder)] = WordKinship(embedder)
    return kinship


def nearby_field_words(store: Any, tool_ids: list[str]) -> set[str]:
    """Stems of the field names of the tools next to the plan's (declared or observed schemas; for a tool without,
    what its description says it gives): what the outcome judge checks asked attributes against."""
    from toolgraph.execute.outcome import key_parts
    from toolgraph.text.schema import described_output_text, schema_fields
    from toolgraph.text.words import WORD, stem
    from toolgraph.tool import Tool

    words: set[str] = set()
    for row in store.query("judge_nearby_outputs", ids=tool_ids) if tool_ids else []:
        tool = Tool.from_row(row)  # (the one decoder of stored schemas; a malformed one is named)
        named = [(schema, [name for name, _ in schema_fields(schema)])
                 for schema in (tool.output_schema, tool.observed_schema)]
        if any(fields for _, fields in named):
            for schema, fields in named:  # each key's words, and a terse key's meaning too: gt (gate)
                words |= {stem(p) for name in fields for p in key_parts(name)}
                for meaning in key_meanings(tool.description, schema, fields).values():
                    words |= {stem(w) for w in meaning}
        else:
            words |= {stem(w) for w in WORD.findall(described_output_text(tool.description)) if len(w) > 2}
    return words


def planner_replan(store: Any, *, llm: Any = None, embedder: Any = None,
                   config: Any = None) -> Callable[[str, set[str]], list[str]]:
    """A re-planner: the planner on one subtask's text, without decomposition or memories, never offering the
    tools that failed; the new path's tools in call order."""

    from toolgraph.planner import PlannerConfig, plan_request

    base = config or PlannerConfig()

    def replan(text: str, avoid: set[str]) -> list[str]:
        cfg = replace(base, decompose=False, remember=False, use_memory=False, exclude=frozenset(avoid))
        return plan_request(store, text, llm=llm, embedder=embedder, save=False, config=cfg).tool_ids()

    return replan


def run_request(store: Any, query: str, *, llm: Any = None, embedder: Any = None,
                executors: Sequence[Executor] = (), config: RunConfig | None = None,
                planner_config: Any = None) -> RunResult:
    """Plan ``query`` (toolgraph.planner), run the plan with ``executors`` (the first whose ``handles`` is true
    runs a tool), answer, and learn. The run is stored once, executed, as a ``(:Run)``."""
    from toolgraph.planner import PlannerConfig, plan_request

    pconfig = planner_config or PlannerConfig()
    pconfig.remember = False  # memories come from executed subtasks, not planned ones
    config = config or RunConfig()
    started = time.perf_counter()
    plan = plan_request(store, query, llm=llm, embedder=embedder, save=False, config=pconfig)
    plan_s = time.perf_counter() - started
    replan = planner_replan(store, llm=llm, embedder=embedder, config=pconfig)
    quiet = replace(config, learn=False, save=False)  # only the run that stands teaches and is stored
    result = asyncio.run(execute_plan(store, plan, executors=executors, llm=llm, embedder=embedder, config=quiet,
                                      protocol=pconfig.protocol, plan_s=plan_s, replan=replan))
    passed: list[str] = []
    for _ in range(config.second_looks):
        missed = None if result.status == "success" else found_nothing(result)
        if missed is None:
            break
        lookup, names = missed
        passed.append(lookup)
        again = time.perf_counter()
        other = plan_request(store, query, llm=llm, embedder=embedder, save=False,
                             config=replace(pconfig, exclude=pconfig.exclude | frozenset(passed)))
        if not other.tools or other.tool_ids() == result.plan.tool_ids():
            break
        second = asyncio.run(execute_plan(store, other, executors=executors, llm=llm, embedder=embedder,
                                          config=quiet, protocol=pconfig.protocol,
                                          plan_s=time.perf_counter() - again, replan=replan))
        if _RANK[second.status] <= _RANK[result.status] or not finds(second, names) or \
                found_nothing(second) is not None or not same_goal(result, second, lookup):
            break  # (a better run that never found the name, looked a name up in vain again, or ends in another
            # goal, answers another question)
        second.usage["second_look"] = {"passed_over": list(passed), "first_status": result.status,
                                       "first_reasons": result.reasons}
        second.timings.total_s = round(time.perf_counter() - started, 3)
        result = second
    if config.learn or config.save:
        result.learned = learn(store, result, embedder=embedder, save=config.save, teach=config.learn)
    return result


_RANK = {"failure": 0, "partial": 1, "success": 2}


def found_nothing(result: RunResult) -> tuple[str, set[str]] | None:
    """The lookup of a run which found nothing for a name the request gave (``find_boats`` for "henrietta
    calloway's yacht"), and that name: the request may name another kind of thing (an owner), which another plan,
    without that lookup, looks up (``RunConfig.second_looks``). None when no such lookup."""
    from toolgraph.execute.outcome import is_empty

    for call in result.calls:
        named = {str(call.arguments.get(k)).lower() for k, how in call.bound_from.items()
                 if how.startswith("request (name") and call.arguments.get(k) is not None}
        if call.status == "ok" and named and not call.simulated and is_empty(call.raw_value):
            return call.substitute_for or call.tool, named
    return None


def same_goal(first: RunResult, second: RunResult, lookup: str) -> bool:
    """Whether the second run ends where the first plan meant to (one goal tool in common): only the way to the thing
    asked changed, not what is asked; or the first plan's only goal was the lookup that found nothing."""
    from toolgraph.execute.outcome import goal_calls

    def goals(run: RunResult) -> set[str]:
        return {c.substitute_for or c.tool for c in goal_calls(run.plan, run.calls)}

    meant = goals(first)
    return bool(meant & goals(second)) or meant <= {lookup}


def finds(result: RunResult, names: set[str]) -> bool:
    """Whether a call of the run took one of ``names`` and found something."""
    from toolgraph.execute.outcome import is_empty

    return any(c.status == "ok" and not is_empty(c.raw_value) and
               names & {str(v).lower() for v in c.arguments.values()} for c in result.calls)
