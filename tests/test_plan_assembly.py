"""Plan assembly (toolgraph/planner/assemble.py) without a database: the subtasks' tool paths and the graph's edges
among the chosen tools make the plan's DAG (edges with the subtasks' order, ORDER edges between dependent subtasks,
no cycle, no pair twice) and its execution levels."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from toolgraph.planner.assemble import acyclic, ancestors, assemble, chosen, data_flow, flow_order, layers
from toolgraph.planner.models import DataFlow, Subtask, SubtaskResult


def result(sid: int, tools: list[str], *, context: list[int] | None = None, status: str = "success"
           ) -> SubtaskResult:
    return SubtaskResult(subtask=Subtask(id=sid, description=f"subtask {sid}", context=context or []), tools=tools,
                         status=status)


def row(source: str, target: str, kind: str, resource: str | None = None, weight: float | None = 1.0
        ) -> dict[str, Any]:
    """An edge as ``PlannerGraph.flow`` returns it."""
    return {"source": source, "target": target, "type": kind, "resource": resource, "weight": weight}


def cards(*ids: str) -> dict[str, Any]:
    """What assembly reads of a tool card: name, description, group, category."""
    return {t: SimpleNamespace(name=t.upper(), description=f"does {t}", group="g", category="c") for t in ids}


def pairs(edges: list[DataFlow]) -> list[tuple[str, str, str]]:
    return [(e.source, e.target, e.type) for e in edges]


def test_a_chain_becomes_one_level_per_tool() -> None:
    # chosen in the order credits, search (the search provides the credits' movie_id)
    results = [result(1, ["credits", "search"])]
    parts = assemble(results, [row("search", "credits", "STRONG_RESOURCE", "movie_id", 0.9)],
                     cards("credits", "search"))
    assert parts.levels == [["search"], ["credits"]]
    assert pairs(parts.edges) == [("search", "credits", "STRONG_RESOURCE")]
    assert parts.edges[0].resource == "movie_id" and parts.edges[0].weight == 0.9
    assert [(t.id, t.name, t.subtask, t.level) for t in parts.tools] == [("credits", "CREDITS", 1, 1),
                                                                        ("search", "SEARCH", 1, 0)]
    assert parts.tools[0].description == "does credits" and parts.tools[0].group == "g"
    assert parts.status == "success"


def test_a_tool_without_a_card_is_shown_by_its_id() -> None:
    parts = assemble([result(1, ["known", "gone"])], [], cards("known"))
    assert [(t.id, t.name, t.description, t.category) for t in parts.tools] == [
        ("known", "KNOWN", "does known", "c"), ("gone", "gone", "", "")]
    assert parts.levels == [["known", "gone"]]  # no edge: one level, in the order chosen


def test_cycles_and_repeated_pairs_are_dropped_strongest_first() -> None:
    results = [result(1, ["a", "b", "c"])]
    flow = [row("b", "a", "WEAK_RESOURCE"),  # against the strong edge a -> b: would close a cycle
            row("a", "b", "SEQUENTIAL"),  # the pair a -> b again, weaker
            row("a", "b", "STRONG_RESOURCE", "x"),
            row("c", "a", "SEQUENTIAL"),  # a -> b -> c -> a: a cycle through three tools
            row("b", "c", "WEAK_RESOURCE", "y")]
    parts = assemble(results, flow, cards("a", "b", "c"))
    assert pairs(parts.edges) == [("a", "b", "STRONG_RESOURCE"), ("b", "c", "WEAK_RESOURCE")]
    assert parts.levels == [["a"], ["b"], ["c"]]


def test_between_opposite_edges_of_one_type_the_first_chosen_tool_leads() -> None:
    ids = ["early", "late"]  # the order chosen
    both = [DataFlow(source="late", target="early", type="SEQUENTIAL"),
            DataFlow(source="early", target="late", type="SEQUENTIAL")]
    kept = acyclic(ids, sorted(both, key=flow_order(ids)))
    assert pairs(kept) == [("early", "late", "SEQUENTIAL")]
    ranked = sorted([DataFlow(source="early", target="late", type="SEQUENTIAL"),
                     DataFlow(source="late", target="early", type="ORDER"),
                     DataFlow(source="late", target="early", type="WEAK_RESOURCE"),
                     DataFlow(source="early", target="late", type="STRONG_RESOURCE")], key=flow_order(ids))
    assert [e.type for e in ranked] == ["STRONG_RESOURCE", "WEAK_RESOURCE", "ORDER", "SEQUENTIAL"]


def test_a_dependent_subtask_runs_after_the_one_it_uses() -> None:
    # subtask 2 uses subtask 1's result; the graph has no edge between them, so ORDER edges join 1's last tool to
    # 2's first tools; a graph edge from 2 back into 1 goes against the subtasks' order and is no data flow
    results = [result(1, ["find", "details"]), result(2, ["weather", "forecast"], context=[1])]
    flow = [row("find", "details", "STRONG_RESOURCE", "id"), row("weather", "find", "SEQUENTIAL")]
    parts = assemble(results, flow, cards("find", "details", "weather", "forecast"))
    assert pairs(parts.edges) == [("find", "details", "STRONG_RESOURCE"), ("details", "weather", "ORDER"),
                                  ("details", "forecast", "ORDER")]
    assert parts.levels == [["find"], ["details"], ["weather", "forecast"]]
    assert [t.subtask for t in parts.tools] == [1, 1, 2, 2]


def test_no_order_edge_where_the_graph_joins_the_subtasks() -> None:
    results = [result(1, ["search"]), result(2, ["credits"], context=[1])]
    flow = [row("search", "credits", "STRONG_RESOURCE", "movie_id")]
    assert pairs(data_flow(results, chosen(results), flow)) == [("search", "credits", "STRONG_RESOURCE")]
    # an empty predecessor adds nothing
    results = [result(1, []), result(2, ["credits"], context=[1])]
    assert data_flow(results, chosen(results), []) == []


def test_a_tool_chosen_twice_belongs_to_the_first_subtask() -> None:
    results = [result(1, ["a", "b"]), result(2, ["b", "c"], context=[1])]
    assert chosen(results) == {"a": 1, "b": 1, "c": 2}
    parts = assemble(results, [], cards("a", "b", "c"))
    assert [t.id for t in parts.tools] == ["a", "b", "c"]  # b once
    # b is both subtask 1's last tool and subtask 2's first: no self-loop, a and b run before c
    assert ("b", "b", "ORDER") not in pairs(parts.edges)
    assert parts.levels[-1] == ["c"]


def test_the_plan_status() -> None:
    assert assemble([result(1, ["a"]), result(2, ["b"])], [], cards("a", "b")).status == "success"
    assert assemble([result(1, ["a"]), result(2, [], status="failure")], [], cards("a")).status == "partial"
    assert assemble([result(1, [], status="failure")], [], {}).status == "failure"
    empty = assemble([result(1, [], status="failure")], [], {})
    assert empty.tools == [] and empty.edges == [] and empty.levels == []


def test_ancestors_are_transitive() -> None:
    assert ancestors({1: [], 2: [1], 3: [2], 4: [1, 3]}) == {1: set(), 2: {1}, 3: {1, 2}, 4: {1, 2, 3}}


def test_levels_are_longest_paths() -> None:
    # a -> b -> d and a -> d: d waits for b (longest path), c has no edge and runs first
    edges = [DataFlow(source="a", target="b", type="STRONG_RESOURCE"),
             DataFlow(source="a", target="d", type="WEAK_RESOURCE"),
             DataFlow(source="b", target="d", type="SEQUENTIAL")]
    assert layers(["d", "c", "b", "a"], edges) == [["c", "a"], ["b"], ["d"]]
    assert layers([], []) == []
