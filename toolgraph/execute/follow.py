"""Following an id one step further: the plan stopped one lookup short of what the request asks.

A request asks about a thing ("which puzzle", "the door on that hangar", "what's on the standing order") and the
plan's goal calls answered with a record that holds the thing's id (``pz: PZ-132``, ``hangar_id: H4``) or a
summary of it (a listed order, its ``order_id``, without its lines), so the judge found the answer partial. When the
API has a lookup of that thing by its id (one required parameter, an id of the kind: ``get_puzzle(puzzle_id)``,
``GET /standing-orders/{order_id}``) that the plan did not call, the run calls it with the id the answer holds and
judges again (``toolgraph.execute.run``). The lookup is kept only when the run then answers what was asked; it never
writes (``changes_data``), its name must say it gives that thing, and it is tried for a thing the request names or
the goal listed, never to guess among several listed the request does not pick from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from toolgraph.execute.models import CallRecord
from toolgraph.execute.outcome import goal_calls, ids_of, key_parts, lists_in, tool_names_kind
from toolgraph.planner.models import DataFlow, Plan, PlannedTool, Subtask, SubtaskResult
from toolgraph.text.lexicon import PICKS_ONE
from toolgraph.text.params import BARE_ID_WORDS, is_identifier
from toolgraph.text.words import singular, stem
from toolgraph.tool import Tool

FOLLOW_AT_MOST = 2  # lookups tried after a partial run
_VERBS = {"get", "show", "fetch", "read", "retrieve", "describe", "lookup", "look", "find", "view", "one", "detail",
          "details", "info", "by"}
_WORD = re.compile(r"[a-z]+")
#: words for a thing's record after the thing in a lookup's name ("a boater's contact details", "entry")
_RECORD_WORDS = frozenset("details detail info information record entry profile summary contact card page".split())


@dataclass(frozen=True)
class Lookup:
    """A tool that looks one thing up by its id: ``param`` is the id it takes, ``kinds`` the stems naming the thing."""

    tool: Tool
    param: str
    kinds: frozenset[str]


def lookups(tools: Iterable[Tool], writes: Callable[[Tool], bool]) -> list[Lookup]:
    """The lookups among ``tools`` (``writes(tool)``: whether a tool may change data; those are never followed)."""
    out = []
    for t in tools:
        if len(t.required_params) != 1 or writes(t) or (t.method and t.method.upper() != "GET"):
            continue
        param = t.required_params[0].name
        if not is_identifier(param) and not set(key_parts(param)[-1:]) & BARE_ID_WORDS:  # (fabric_code, order_no)
            continue
        name = [p for p in key_parts(re.sub(r"\{[^}]*\}", " ", t.name).split(" by ")[0].split("By")[0])
                if p not in _VERBS and p not in BARE_ID_WORDS and p != t.method.lower() and len(p) > 1]
        head = stem(singular(name[-1])) if name else ""  # the thing the tool's name says it gives
        kinds = {stem(singular(p)) for p in key_parts(param) if p not in BARE_ID_WORDS and len(p) > 1} or {head}
        at = max((i for i, p in enumerate(name) if stem(singular(p)) in kinds), default=None)
        if head and head in kinds or at is not None and all(  # (or the thing, then a word of its record:
                w in _RECORD_WORDS or singular(w) == w for w in name[at + 1:]):  # "Get a mooring site", "a
            # boater's contact details")
            out.append(Lookup(t, param, frozenset(kinds)))  # a lookup of the thing by its id: getFlightPlan(plan_id),
            # GET /fabrics/{id}; not get_nutrition(recipe_id), listSitePackages
    return out


def to_follow(query: str, plan: Plan, calls: list[CallRecord], found: list[Lookup]) -> list[tuple[Lookup, CallRecord]]:
    """The lookups worth a try after a partial run, best first: not planned or called yet, of a thing whose id a
    goal call's answer holds, and which the request names or that goal listed (a search's hits, then the lookup
    of one); none where a call on the way holds another id of that kind."""
    said = {stem(singular(w)) for w in _WORD.findall(query.lower())}
    called = set(plan.tool_ids()) | {c.tool for c in calls} | {c.substitute_for for c in calls if c.substitute_for}
    ran = [c for c in calls if c.status == "ok" and not c.simulated]
    goals = [c for c in goal_calls(plan, calls) if c in ran]
    out: list[tuple[Lookup, CallRecord]] = []
    for lookup in found:
        if lookup.tool.id in called:
            continue
        held = {c.id: ids_of(_value(c), lookup.kinds, c.tool.rsplit("/", 1)[-1]) for c in ran}
        goal = next((g for g in goals if held[g.id] and (lookup.kinds & said or tool_names_kind(
            g.tool.rsplit("/", 1)[-1], lookup.kinds))), None)  # (the request names the thing, or the goal
        # listed things of that kind: searchfabrics, then getfabric for "which mill weaves the navy twill")
        if goal is None or set().union(*(v for k, v in held.items() if k != goal.id)) - held[goal.id]:
            continue  # (another on the way: the stylist of the appointment, or the client's favourite?)
        if len(held[goal.id]) > 1 and not PICKS_ONE.search(query.lower()) and not _one_named(query, _value(goal)):
            continue  # (several listed, and the request picks none by order, rank or name: which one is meant?)
        out.append((lookup, goal))
    return out[:FOLLOW_AT_MOST]


def _one_named(query: str, value: Any) -> bool:
    """Whether the request names, as a phrase, a value only one listed record holds ("the Hillcrest branch")."""
    text = f" {' '.join(_WORD.findall(query.lower()))} "
    for listed in lists_in(value):
        records = [r for r in listed if isinstance(r, dict)]
        named = [r for r in records if any(
            isinstance(v, str) and len(v) <= 60 and len(words := " ".join(_WORD.findall(v.lower()))) >= 4
            and f" {words} " in text for v in r.values())]
        if len(named) == 1 and len(records) > 1:
            return True
    return False


def _value(call: CallRecord) -> Any:
    return call.raw_value if call.raw_value is not None else call.result


def extended(plan: Plan, lookup: Lookup, goal: CallRecord) -> Plan:
    """The plan with the lookup after the goal's tool, as a subtask of its own (both stay goals of the run)."""
    grown = plan.model_copy(deep=True)
    n = max((s.subtask.id for s in grown.subtasks), default=0) + 1
    source = goal.substitute_for or goal.tool
    t = lookup.tool
    grown.tools.append(PlannedTool(id=t.id, name=t.name, description=t.description, group=t.group,
                                   category=t.category, subtask=n, level=len(grown.levels)))
    grown.levels.append([t.id])
    grown.edges.append(DataFlow(source=source, target=t.id, type="SEQUENTIAL", resource=lookup.param))
    grown.subtasks.append(SubtaskResult(subtask=Subtask(id=n, description=f"look up the {lookup.param} that "
                                                        f"{goal.tool} gave", context=[]),
                                        tools=[t.id], status="success"))
    return grown
