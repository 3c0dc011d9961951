"""The drawings, built with pyvis: a tool's neighbourhood, a planner run's search tree, and its final tool DAG.

pyvis builds the nodes, edges and vis-network options (``Network.get_network_data``); the page hands them to the
vis-network script that ships inside the pyvis package, served by this app (``/vendor/...``). pyvis's own HTML
template is not used: it loads Bootstrap from a CDN, and the page must work offline. Every label and tooltip is
plain text (vis-network shows a string tooltip as text, never as HTML).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from pyvis.network import Network

EDGE_COLOURS = {"SEQUENTIAL": "#1f77b4", "STRONG_RESOURCE": "#d62728", "WEAK_RESOURCE": "#ff7f0e",
                "ORDER": "#9a9a9a"}
PALETTE = ("#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5", "#d9d9d9",
           "#bc80bd", "#ccebc5", "#ffed6f")
STATUS_COLOURS = {"chosen": "#2ca02c", "backtracked": "#d62728", "visited": "#1f77b4", "offered": "#d0d0d0",
                  "subtask": "#9467bd", "request": "#333333"}
MAX_OFFERED = 5  # offered-but-not-chosen candidates drawn per offer


def colour_of(name: str) -> str:
    return PALETTE[int(hashlib.sha1(name.encode("utf-8")).hexdigest(), 16) % len(PALETTE)]


def edge_width(weight: float | None) -> float:
    return 1.0 if weight is None else round(1.0 + 6.0 * max(0.0, min(1.0, float(weight))), 2)


def short(text: str, n: int = 40) -> str:
    text = " ".join(str(text or "").split())
    return text if len(text) <= n else text[: n - 1] + "…"


def _data(net: Network) -> dict[str, Any]:
    nodes, edges, _heading, _height, _width, options = net.get_network_data()
    return {"nodes": nodes, "edges": edges, "options": json.loads(options) if isinstance(options, str) else options}


def _fmt(value: Any) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


# -- the explorer ---------------------------------------------------------------------------------------------------
def neighbourhood_graph(hood: dict[str, Any], link: Any) -> dict[str, Any]:
    """``hood`` from :func:`web.explore.neighbourhood`; ``link(tool_id)`` gives the URL a click on a tool opens."""
    net = Network(directed=True)
    net.options = {
        "physics": {"enabled": True, "solver": "forceAtlas2Based", "stabilization": {"iterations": 200}},
        "edges": {"smooth": {"enabled": True, "type": "dynamic"},
                  "arrows": {"to": {"enabled": True, "scaleFactor": 0.5}}},
        "interaction": {"hover": True, "tooltipDelay": 150},
    }
    for n in hood["nodes"]:
        centre = n["id"] == hood["centre"]
        importance = n.get("importance")
        net.add_node(
            n["id"], label=short(n["name"], 32), shape="star" if centre else "dot",
            size=28 if centre else round(10 + 18 * float(importance or 0.0), 1),
            color=colour_of(n["category"] or ""), borderWidth=3 if centre else 1,
            title=f"{n['name']}\n{n['id']}\n{n['group']} / {n['category']}"
                  + (f"\nimportance {importance:.3f}" if isinstance(importance, float) else "")
                  + f"\n{n['hop']} hop(s) away",
            url=link(n["id"]),
        )
    for e in hood["edges"]:
        weight = e.get("weight")
        title = (f"{e['type']}" + (f" ({e['resource']})" if e.get("resource") else "")
                 + f": {e['from']} -> {e['to']}\nweight {_fmt(weight) if weight is not None else 'none'} "
                 + f"({e.get('weight_from')}), made by {e.get('source') or 'call paths'}")
        net.add_edge(
            e["from"], e["to"], id=f"{e['type']}|{e['from']}|{e['to']}|{e.get('resource') or ''}",
            color=EDGE_COLOURS[e["type"]], width=edge_width(weight), dashes=bool(e.get("manual")), title=title,
        )
    return _data(net)


# -- the path viewer ------------------------------------------------------------------------------------------------
class _Tree:
    """The DFS search tree of a plan's trace: each ``choose`` adds the tool under the previous path's last tool
    (or under its subtask); ``backtrack`` and ``restart`` mark what they pop; offered candidates that were not
    chosen hang greyed under the node they were offered at; the final tools are marked chosen."""

    def __init__(self, plan: Any) -> None:
        self.plan = plan
        self.names: dict[str, str] = {t.id: t.name for t in plan.tools}
        for step in plan.trace:
            for c in step.candidates:
                self.names.setdefault(c.id, c.name)
        self.nodes: dict[str, dict[str, Any]] = {}
        self.edges: list[tuple[str, str, str]] = []
        self.stacks: dict[int | None, list[str]] = {}
        self.pending: dict[int | None, tuple[str, Any]] = {}

    def name(self, tool: str) -> str:
        return self.names.get(tool) or tool.rsplit("/", 1)[-1]

    def root_of(self, subtask: int | None) -> str:
        return f"s{subtask}" if subtask is not None and f"s{subtask}" in self.nodes else "request"

    def parent(self, subtask: int | None) -> str:
        stack = self.stacks.setdefault(subtask, [])
        return stack[-1] if stack else self.root_of(subtask)

    def add(self, tool: str, parent: str, status: str, step: Any, reason: str) -> str:
        node = f"n{len(self.nodes)}"
        self.nodes[node] = {"tool": tool, "status": status, "step": step.n, "round": step.round,
                            "reasons": [f"step {step.n} ({step.kind}): {reason}"] if reason else []}
        self.edges.append((parent, node, reason))
        return node

    def sync(self, subtask: int | None, path: list[str], step: Any, popped_status: str | None) -> None:
        """Make the subtask's stack follow ``path``: pop what differs (marking it), add what is new."""
        stack = self.stacks.setdefault(subtask, [])
        i = 0
        while i < len(stack) and i < len(path) and self.nodes[stack[i]]["tool"] == path[i]:
            i += 1
        for node in stack[i:]:
            if popped_status and self.nodes[node]["status"] != "backtracked":
                self.nodes[node]["status"] = popped_status
                self.nodes[node]["reasons"].append(f"step {step.n} ({step.kind}): {step.reason}")
        del stack[i:]
        for tool in path[len(stack):]:
            stack.append(self.add(tool, self.parent(subtask), "visited", step, step.reason or step.kind))

    def offered(self, parent: str, step: Any, exclude: set[str]) -> None:
        """Hang the candidates of ``step`` that were not taken, greyed, under ``parent``."""
        for c in [c for c in step.candidates if c.id not in exclude][:MAX_OFFERED]:
            node = self.add(c.id, parent, "offered", step, "")
            self.nodes[node]["reasons"] = [f"offered at step {step.n} ({step.kind}): score {c.score:.3f}, {c.edge}"
                                           + (f" via {self.name(c.via)}" if c.via else "")]

    def flush(self, subtask: int | None, chosen: str | None = None) -> None:
        pending = self.pending.pop(subtask, None)
        if pending is not None:
            self.offered(pending[0], pending[1], {chosen} if chosen else set())

    def build(self) -> None:
        plan = self.plan
        self.nodes["request"] = {"tool": None, "status": "request", "label": short(plan.query, 50), "reasons": []}
        for result in plan.subtasks:
            sid = f"s{result.subtask.id}"
            self.nodes[sid] = {"tool": None, "status": "subtask", "reasons": [],
                               "label": f"{result.subtask.id}. {short(result.subtask.description, 40)}"}
            self.edges.append(("request", sid, ""))
        for step in plan.trace:
            sub = step.subtask
            if step.kind == "offer":
                self.flush(sub)
                self.sync(sub, step.path, step, None)
                self.pending[sub] = (self.parent(sub), step)
            elif step.kind == "choose" and step.tool:
                before = step.path[:-1] if step.path and step.path[-1] == step.tool else step.path
                self.sync(sub, before, step, "backtracked")
                parent = self.parent(sub)
                if sub in self.pending and self.pending[sub][0] == parent:
                    self.flush(sub, chosen=step.tool)
                else:
                    self.flush(sub)
                    self.offered(parent, step, {step.tool, *before})
                self.stacks[sub].append(self.add(step.tool, parent, "visited", step, step.reason))
            elif step.kind in ("backtrack", "restart"):
                self.flush(sub)
                self.sync(sub, step.path, step, "backtracked")
            elif step.kind in ("resume", "memory", "finish"):
                self.flush(sub)
                self.sync(sub, step.path, step, None)
                if step.kind == "finish":
                    self.offered(self.parent(sub), step, set(step.path))
        for sub in list(self.pending):
            self.flush(sub)
        for result in plan.subtasks:
            stack = self.stacks.get(result.subtask.id, [])
            final = set(result.tools)
            for node in stack:
                if self.nodes[node]["tool"] in final:
                    self.nodes[node]["status"] = "chosen"


def search_tree(plan: Any) -> dict[str, Any]:
    """The search tree of a :class:`toolgraph.planner.models.Plan` as a hierarchical pyvis graph."""
    tree = _Tree(plan)
    tree.build()
    net = Network(directed=True)
    net.options = {
        "layout": {"hierarchical": {"enabled": True, "direction": "UD", "sortMethod": "directed",
                                    "levelSeparation": 90, "nodeSpacing": 130}},
        "physics": {"enabled": False},
        "edges": {"smooth": {"enabled": True, "type": "cubicBezier", "forceDirection": "vertical"}},
        "interaction": {"hover": True, "tooltipDelay": 150},
    }
    for node_id, node in tree.nodes.items():
        status = node["status"]
        if node["tool"] is None:
            net.add_node(node_id, label=node["label"], shape="box", color=STATUS_COLOURS[status],
                         font={"color": "#ffffff"}, title=node["label"])
            continue
        mark = {"backtracked": " ✗", "chosen": " ✓"}.get(status, "")
        net.add_node(node_id, label=short(tree.name(node["tool"]), 28) + mark, shape="dot",
                     size=8 if status == "offered" else 14, color=STATUS_COLOURS[status],
                     title="\n".join([tree.name(node["tool"]), node["tool"], status, *node["reasons"]]))
    for parent, child, reason in tree.edges:
        offered = tree.nodes[child]["status"] == "offered"
        net.add_edge(parent, child, title=reason or " ", dashes=offered, color="#bbbbbb" if offered else "#666666")
    return _data(net)


def trace_rows(plan: Any) -> list[dict[str, Any]]:
    """The trace as readable rows: what happened at each step, and why."""
    names = {t.id: t.name for t in plan.tools}
    for step in plan.trace:
        for c in step.candidates:
            names.setdefault(c.id, c.name)

    def name(tool: str | None) -> str:
        return "" if tool is None else names.get(tool) or tool

    return [{"n": s.n, "subtask": s.subtask, "round": s.round, "kind": s.kind, "tool": name(s.tool),
             "tool_id": s.tool, "path": [name(t) for t in s.path], "reason": s.reason,
             "candidates": [{"name": c.name, "id": c.id, "score": c.score, "edge": c.edge} for c in s.candidates[:5]],
             "more_candidates": max(0, len(s.candidates) - 5)} for s in plan.trace]


OUTCOME_COLOURS = {"ok": "#2ca02c", "substituted": "#bcbd22", "failed": "#d62728", "skipped": "#d0d0d0"}


def plan_dag(plan: Any, link: Any, outcomes: dict[str, str] | None = None) -> dict[str, Any]:
    """The final tool DAG, left to right by dependency level (tools of one level can run in parallel); with
    ``outcomes`` (an executed run: tool id -> ok, substituted, failed, skipped) nodes are coloured by outcome
    instead of by subtask."""
    net = Network(directed=True)
    net.options = {
        "layout": {"hierarchical": {"enabled": True, "direction": "LR", "levelSeparation": 220,
                                    "nodeSpacing": 110}},
        "physics": {"enabled": False},
        "interaction": {"hover": True, "tooltipDelay": 150},
    }
    for t in plan.tools:
        outcome = None if outcomes is None else outcomes.get(t.id, "not run")
        colour = PALETTE[(t.subtask - 1) % len(PALETTE)] if outcome is None else OUTCOME_COLOURS.get(outcome, "#f0f0f0")
        net.add_node(t.id, label=short(t.name, 30), shape="box", level=t.level, color=colour, url=link(t.id),
                     title=f"{t.name}\n{t.id}\n{t.group} / {t.category}\nsubtask {t.subtask}, level {t.level}\n"
                           f"{'outcome: ' + outcome + chr(10) if outcome else ''}{short(t.description, 200)}")
    known = {t.id for t in plan.tools}
    for e in plan.edges:
        if e.source in known and e.target in known:
            resource = f" ({e.resource})" if e.resource else ""
            net.add_edge(e.source, e.target, color=EDGE_COLOURS.get(e.type, "#666666"),
                         width=edge_width(e.weight), dashes=e.type == "ORDER", title=f"{e.type}{resource}")
    return _data(net)
