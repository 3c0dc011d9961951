"""A tool's neighbourhood: breadth first from one tool over its dependency edges (either direction) of the given
types and at least a minimum weight, up to a number of hops and of tools, the strongest links first. What the web
page's explorer draws and the MCP server's ``neighbourhood`` tool returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Neighbourhood:
    hops: dict[str, int] = field(default_factory=dict)  # tool id -> hops from the centre (0), in the order found
    rows: dict[str, dict[str, Any]] = field(default_factory=dict)  # tool id -> the ``neighbour_edges`` row that
    # reached it first (its name, group, category, importance); every found tool but the centre
    edges: list[dict[str, Any]] = field(default_factory=list)  # with ``edges``: {from, to, type, weight} walked
    capped: bool = False  # ``max_nodes`` left tools out


def walk_neighbourhood(store: Any, tool_id: str, *, hops: int, types: list[str], max_nodes: int,
                       min_weight: float = 0.0, category: str | None = None, edges: bool = False) -> Neighbourhood:
    """The tools within ``hops`` of ``tool_id`` (which the caller has checked exists), only through tools of
    ``category`` when given; each hop takes the strongest links first (then by tool id), and at ``max_nodes`` tools
    no more are added. With ``edges``, also the edges walked between found tools; the walk then goes on through the
    remaining hops after the cap (adding edges, no tools), else it stops there."""
    found = Neighbourhood(hops={tool_id: 0})
    walked: dict[tuple[Any, ...], dict[str, Any]] = {}
    frontier = [tool_id]
    for hop in range(1, hops + 1):
        rows = store.query("neighbour_edges", ids=frontier, types=types, min_weight=min_weight,
                           category=category or None)
        rows.sort(key=lambda r: (-(r["weight"] or 0.0), r["other"], r["id"]))
        frontier = []
        for r in rows:
            if edges:
                src, dst = (r["id"], r["other"]) if r["out"] else (r["other"], r["id"])
                walked.setdefault((src, dst, r["type"], r["weight"]),
                                  {"from": src, "to": dst, "type": r["type"], "weight": r["weight"]})
            if r["other"] in found.hops:
                continue
            if len(found.hops) >= max_nodes:
                found.capped = True
                if not edges:
                    break
                continue
            found.hops[r["other"]] = hop
            found.rows[r["other"]] = r
            frontier.append(r["other"])
        if not frontier or (found.capped and not edges):
            break
    found.edges = [e for e in walked.values() if e["from"] in found.hops and e["to"] in found.hops]
    return found
