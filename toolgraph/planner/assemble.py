"""The plan from the subtasks' tool paths: the tool DAG (data flow between the chosen tools) and its execution
levels. Pure: it takes the graph's dependency edges among the chosen tools (``PlannerGraph.flow``) and their cards,
and reads nothing itself, so it is tested without a database (tests/test_plan_assembly.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolgraph.planner.models import DataFlow, PlannedTool, Status, SubtaskResult

if TYPE_CHECKING:
    from toolgraph.planner.graph import ToolCard

FLOW_ORDER = {"STRONG_RESOURCE": 0, "WEAK_RESOURCE": 1, "ORDER": 2, "SEQUENTIAL": 3}


@dataclass
class Assembly:
    tools: list[PlannedTool]
    edges: list[DataFlow]
    levels: list[list[str]]
    status: Status


def chosen(results: list[SubtaskResult]) -> dict[str, int]:
    """Each chosen tool -> the subtask that chose it first, in the order they were chosen."""
    owner: dict[str, int] = {}
    for r in results:
        for t in r.tools:
            owner.setdefault(t, r.subtask.id)
    return owner


def assemble(results: list[SubtaskResult], flow: list[dict[str, Any]], cards: Mapping[str, ToolCard]) -> Assembly:
    """The plan's tools, edges, levels and status. ``flow``: the graph's dependency edges among the chosen tools
    (source, target, type, resource, weight); ``cards``: the chosen tools' cards (a tool without one is shown by
    its id)."""
    owner = chosen(results)
    ids = list(owner)
    edges = data_flow(results, owner, flow)
    levels = layers(ids, edges)
    level_of = {t: i for i, level in enumerate(levels) for t in level}
    tools = [PlannedTool(id=t, name=cards[t].name if t in cards else t,
                         description=cards[t].description if t in cards else "",
                         group=cards[t].group if t in cards else "",
                         category=cards[t].category if t in cards else "", subtask=owner[t], level=level_of[t])
             for t in ids]
    statuses = {r.status for r in results}
    status: Status = "success" if statuses == {"success"} else "failure" if not ids else "partial"
    return Assembly(tools=tools, edges=edges, levels=levels, status=status)


def data_flow(results: list[SubtaskResult], owner: dict[str, int], flow: list[dict[str, Any]]) -> list[DataFlow]:
    """The plan's edges: the graph's edges that go with the subtasks' order, and an ``ORDER`` edge from a subtask's
    last tools to the first tools of a subtask that uses its result with no edge between them; strongest first, no
    cycle, no pair twice."""
    ids = list(owner)
    by_id = {r.subtask.id: r for r in results}
    upstream = ancestors({r.subtask.id: r.subtask.context for r in results})
    proposals: list[DataFlow] = []
    for row in flow:  # a graph edge against the subtasks' order is no data flow of this plan
        if owner[row["target"]] in upstream[owner[row["source"]]]:
            continue
        proposals.append(DataFlow(source=row["source"], target=row["target"], type=row["type"],
                                  resource=row["resource"], weight=row["weight"]))

    def ends(tools: list[str]) -> tuple[list[str], list[str]]:
        """A subtask's first tools (nothing of its own feeds them) and last ones (they feed none of its own)."""
        inner = [e for e in proposals if e.source in tools and e.target in tools]
        return ([t for t in tools if not any(e.target == t for e in inner)],
                [t for t in tools if not any(e.source == t for e in inner)])

    for r in results:  # a subtask that uses another's result and has no edge from it: its first tools after
        for c in r.subtask.context:  # the other's last ones
            before = set(by_id[c].tools)
            if not before or not r.tools:
                continue
            if not any(e.source in before and e.target in r.tools for e in proposals):
                proposals += [DataFlow(source=a, target=b, type="ORDER")
                              for a in ends(by_id[c].tools)[1] for b in ends(r.tools)[0]]
    return acyclic(ids, sorted(proposals, key=flow_order(ids)))


def flow_order(ids: list[str]) -> Any:
    """Sort key for proposed plan edges: strongest type first; between opposite edges of one type, the one from the
    tool chosen first (ids are in choice order)."""
    turn = {t: i for i, t in enumerate(ids)}
    return lambda e: (FLOW_ORDER[e.type], turn[e.source] > turn[e.target], turn[e.source], turn[e.target])


def ancestors(context: dict[int, list[int]]) -> dict[int, set[int]]:
    """Each subtask's transitive predecessors."""
    out: dict[int, set[int]] = {}

    def up(i: int) -> set[int]:
        if i not in out:
            out[i] = set()
            for c in context.get(i, []):
                out[i] |= {c} | up(c)
        return out[i]

    for i in context:
        up(i)
    return out


def acyclic(ids: list[str], proposals: list[DataFlow]) -> list[DataFlow]:
    """The proposed edges, in order, skipping any that would close a cycle (or repeat a pair)."""
    succ: dict[str, set[str]] = {t: set() for t in ids}
    kept = []
    for e in proposals:
        if e.target in succ[e.source] or reaches(succ, e.target, e.source):
            continue
        succ[e.source].add(e.target)
        kept.append(e)
    return kept


def reaches(succ: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, stack = set(), [start]
    while stack:
        node = stack.pop()
        if node == goal:
            return True
        if node not in seen:
            seen.add(node)
            stack.extend(succ[node])
    return False


def layers(ids: list[str], edges: list[DataFlow]) -> list[list[str]]:
    """Dependency levels (longest path from a source): the tools of one level can run in parallel."""
    preds: dict[str, set[str]] = {t: set() for t in ids}
    for e in edges:
        preds[e.target].add(e.source)
    level: dict[str, int] = {}

    def depth(t: str) -> int:
        if t not in level:
            level[t] = 1 + max((depth(p) for p in preds[t]), default=-1)
        return level[t]

    for t in ids:
        depth(t)
    out: list[list[str]] = [[] for _ in range(max(level.values(), default=-1) + 1)]
    for t in ids:  # first-chosen order within a level
        out[level[t]].append(t)
    return out
