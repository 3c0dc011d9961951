"""Navigation over the tool graph for an agent (the Middleware paper's navigation tools): search, one tool's card,
its dependencies, a neighbourhood by hops and minimum weight, a plan. Shared by the MCP server and anything else
that lets an LLM find its own way.

Every mistake the caller can make (an unknown tool id, a bad method, hops out of range) raises ``NavigationError``
whose message says what is wrong and, for ids, the closest valid ones, so an agent can correct itself."""

from __future__ import annotations

import difflib
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from toolgraph.errors import ToolGraphError
from toolgraph.integrations.limits import SearchLimits
from toolgraph.text.prose import one_line, plain
from toolgraph.text.schema import json_type_of
from toolgraph.text.words import singular, split_case
from toolgraph.tool import Tool

METHODS = ("keyword", "dense", "hybrid", "graph")
EDGE_TYPES = ("SEQUENTIAL", "STRONG_RESOURCE", "WEAK_RESOURCE")
MAX_HOPS = 3
MAX_K = 100
MAX_NODES = 200
NAMES_TTL_S = 60.0
MAX_ECHO = 120  # characters of a caller's input repeated in an error message


def echo(value: Any) -> str:
    """A caller's input as an error message repeats it: quoted, and cut to MAX_ECHO characters (an agent may send
    a megabyte)."""
    text = str(value)
    if len(text) <= MAX_ECHO:
        return repr(text)
    return f"{text[:MAX_ECHO]!r}... ({len(text)} characters)"


LINE_CHARS = 120  # a search hit's description, at most


def hit_line(tool: Tool) -> str:
    """One line that says how to call a tool: ``Name(required: type, +N optional): first sentence`` and, for a tool
    that changes data, ``[changes data]``."""
    params = [f"{p.name}: {json_type_of(p.type)}" for p in tool.required_params]
    if tool.optional_params:
        params.append(f"+{len(tool.optional_params)} optional")
    line = f"{tool.name}({', '.join(params)})"
    description = one_line(tool.description, LINE_CHARS)
    if description:
        line += f": {description}"
    return line + (" [changes data]" if tool.mutating else "")


def _norm(name: str) -> str:
    """A parameter name as resource keys are written: lower case, words singular, joined by ``_``."""
    return "_".join(singular(t) for t in re.split(r"[^a-z0-9]+", split_case(name).lower()) if t)


def param_for(resource: str, names: list[str]) -> str:
    """The parameter (of ``names``) a resource edge feeds: the one whose name is the resource, or that the resource
    qualifies (``movie_id`` for ``id``), or that starts alike (a stem such as ``statu``); else the resource."""
    key = resource.lower()
    normed = [(n, _norm(n)) for n in names]
    for test in (lambda n: n == key, lambda n: key.endswith("_" + n), lambda n: n.startswith(key) or
                 key.startswith(n)):
        hits = [name for name, n in normed if n and test(n)]
        if hits:
            return max(hits, key=len)
    return resource


class NavigationError(ToolGraphError):
    """A navigation call's arguments are wrong; the message says how to fix them."""


@dataclass
class Navigator:
    """``embedder`` is built on first need (loading a model takes seconds; keyword search needs none);
    ``planner_config`` is what each plan starts from (``toolgraph.wiring.planner_config``: how it asks the LLM)."""

    store: Any
    embedder_factory: Callable[[], Any] | None = None
    llm: Any = None
    planner_config: Any = None
    limits: SearchLimits = field(default_factory=SearchLimits)
    _embedder: Any = field(default=None, init=False)
    _embedder_lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)
    _slots: threading.BoundedSemaphore | None = field(default=None, init=False, repr=False)
    _names: list[tuple[str, str]] | None = field(default=None, init=False)
    _names_at: float = field(default=0.0, init=False)

    # -- helpers ------------------------------------------------------------------------------------------------
    def embedder(self) -> Any:
        if self._embedder is None and self.embedder_factory is not None:
            with self._embedder_lock:  # concurrent first calls load the model once
                if self._embedder is None:
                    self._embedder = self.embedder_factory()
        return self._embedder

    def _bounded(self, query: Any, what: str) -> str:
        """``query`` checked against the limits: a string, not blank, not too long."""
        if not isinstance(query, str) or not query.strip():
            raise NavigationError(f"query: empty; describe {what}")
        problem = self.limits.query_problem(query)
        if problem:
            raise NavigationError(problem)
        return query

    def _slot(self) -> threading.BoundedSemaphore:
        """At most ``limits.max_concurrent`` searches and plans at once; the others wait their turn."""
        if self._slots is None:
            with self._embedder_lock:
                if self._slots is None:
                    self._slots = threading.BoundedSemaphore(self.limits.max_concurrent)
        return self._slots

    def closest_ids(self, text: str, n: int = 5) -> list[str]:
        """The valid tool ids nearest to ``text`` by id or by name (difflib ratio)."""
        if self._names is None or time.monotonic() - self._names_at > NAMES_TTL_S:  # a long-lived server sees imports
            self._names = [(r["id"], r["name"] or "") for r in self.store.query("list_tool_names")]
            self._names_at = time.monotonic()
        by_key: dict[str, str] = {}
        for tid, name in self._names:
            by_key.setdefault(tid.lower(), tid)
            by_key.setdefault(tid.rsplit("/", 1)[-1].lower(), tid)
            if name:
                by_key.setdefault(name.lower(), tid)
        keys = difflib.get_close_matches(text[:MAX_ECHO].lower(), list(by_key), n=n * 3, cutoff=0.4)
        return list(dict.fromkeys(by_key[k] for k in keys))[:n]

    def unknown(self, tool_id: str, what: str = "tool_id") -> NavigationError:
        close = self.closest_ids(tool_id)
        hint = f"; did you mean {', '.join(close)}?" if close else "; search_tools finds tools by what they do"
        return NavigationError(f"{what}: no tool {echo(tool_id)} in the graph{hint}")

    def tools(self, ids: list[str]) -> dict[str, Tool]:
        """The tools of ``ids`` that are in the graph (name, description, parameters, what marks a change)."""
        if not ids:
            return {}
        return {r["id"]: Tool.from_row(r) for r in self.store.query("tool_lines", ids=list(dict.fromkeys(ids)))}

    def names(self, ids: list[str]) -> dict[str, str]:
        return {tid: t.name for tid, t in self.tools(ids).items()}

    def _details(self, tool_id: str) -> dict[str, Any]:
        if not isinstance(tool_id, str) or not tool_id.strip():
            raise NavigationError("tool_id: give a tool id such as the `id` of a search_tools hit")
        rows = self.store.query("tool_details", id=tool_id)
        if not rows:
            raise self.unknown(tool_id)
        return rows[0]

    # -- the navigation calls -----------------------------------------------------------------------------------
    def search(self, query: str, *, method: str = "graph", k: int = 10, category: str | None = None,
               explain: bool = False) -> list[dict[str, Any]]:
        """The hits, best first: ``{id, line, score}`` (:func:`hit_line`: enough to call the tool), with ``why``
        (each method's score) when ``explain``."""
        from toolgraph.retrieve.search import Retriever

        query = self._bounded(query, "what the tool should do")
        if method not in METHODS:
            close = difflib.get_close_matches(str(method)[:MAX_ECHO], METHODS, n=1)
            raise NavigationError(f"method: {echo(method)} is not one of {', '.join(METHODS)}"
                                  + (f"; did you mean {close[0]!r}?" if close else ""))
        if not 1 <= k <= MAX_K:
            raise NavigationError(f"k: {k} is out of range 1..{MAX_K}")
        known = self.categories() if category is not None else []
        if category is not None and category not in known:
            close = difflib.get_close_matches(category[:MAX_ECHO], known, n=3, cutoff=0.3)
            raise NavigationError(f"category: no category {echo(category)}"
                                  + (f"; did you mean {', '.join(close)}?" if close else ""))
        embedder = None if method == "keyword" else self.embedder()
        retriever = Retriever(self.store, embedder)
        with self._slot():
            hits = retriever.search(query, k=k, method=method, category=category)  # type: ignore[arg-type]
        tools = self.tools([h.id for h in hits])
        out = []
        for h in hits:
            tool = tools.get(h.id)
            hit: dict[str, Any] = {"id": h.id, "line": hit_line(tool) if tool is not None else h.name,
                                   "score": round(h.score, 4)}
            if explain:
                hit["why"] = h.why.model_dump()
            out.append(hit)
        return out

    def categories(self) -> list[str]:
        return [r["name"] for r in self.store.query("planner_categories", limit=10000)]

    def get_tool(self, tool_id: str) -> dict[str, Any]:
        d = self._details(tool_id)
        tool = Tool.from_row(d)
        out = {k: v for k, v in d.items() if v is not None}
        if out.get("description"):
            out["description"] = plain(out["description"])
        out["changes_data"] = tool.mutating
        decoded = {"required_params": tool.param_dicts(required=True), "source_ref": tool.source_ref,
                   "optional_params": tool.param_dicts(required=False), "output_schema": tool.output_schema}
        out.update({k: v for k, v in decoded.items() if k in out})
        if isinstance(out.get("group"), dict):
            out["group"] = {k: v for k, v in out["group"].items() if v is not None}
        return out

    def dependencies(self, tool_id: str, *, limit: int = 20) -> dict[str, Any]:
        """Who provides each input, what usually follows (and precedes), and what could stand in for it."""
        tool = Tool.from_row(self._details(tool_id))
        params = [p.name for p in tool.params]
        rows = self.store.query("tool_providers", ids=[tool_id])
        names = self.names([r["provider"] for r in rows])
        providers: dict[str, list[dict[str, Any]]] = {}
        for r in rows:  # keyed by the parameter the edge feeds, as the tool names it (the edge keeps a stem)
            key = param_for(r["resource"], params) if r["resource"] else "(any input)"
            providers.setdefault(key, []).append({"tool": r["provider"], "name": names.get(r["provider"]),
                                                  "type": r["type"], "weight": r["weight"]})
        follows, precedes = [], []
        for r in self.store.query("tool_dependencies", id=tool_id, limit=limit * 4):
            if r["type"] != "SEQUENTIAL":
                continue
            item = {"tool": r["other"], "name": r["other_name"], "weight": r["props"].get("weight"),
                    "count": r["props"].get("count")}
            (follows if r["direction"] == "out" else precedes).append(item)
        substitutes = self.store.query("tool_substitutes", id=tool_id, limit=limit)
        return {"tool": tool_id, "providers": providers, "usually_followed_by": follows[:limit],
                "usually_preceded_by": precedes[:limit],
                "substitutes": [{"tool": s["id"], "name": s["name"], "score": s["score"]} for s in substitutes]}

    def neighbourhood(self, tool_id: str, *, hops: int = 1, min_weight: float = 0.0,
                      types: list[str] | None = None) -> dict[str, Any]:
        """Breadth-first from a tool over dependency edges of at least ``min_weight``, up to ``hops`` (Chat2Graph's
        ``hops`` and ``threshold``); at most ``MAX_NODES`` tools, strongest links first."""
        if not 1 <= hops <= MAX_HOPS:
            raise NavigationError(f"hops: {hops} is out of range 1..{MAX_HOPS}")
        if not 0.0 <= min_weight <= 1.0:
            raise NavigationError(f"min_weight: {min_weight} is out of range 0..1 (edge weights are in 0..1)")
        types = types or list(EDGE_TYPES)
        bad = [t for t in types if t not in EDGE_TYPES]
        if bad:
            raise NavigationError(f"types: {bad} are not edge types; use {', '.join(EDGE_TYPES)}")
        self._details(tool_id)
        from toolgraph.retrieve.neighbourhood import walk_neighbourhood

        walk = walk_neighbourhood(self.store, tool_id, hops=hops, types=types, max_nodes=MAX_NODES,
                                  min_weight=min_weight, edges=True)
        names = self.names(list(walk.hops))
        return {"centre": tool_id, "hops": hops, "min_weight": min_weight, "capped": walk.capped,
                "tools": [{"id": t, "name": names.get(t), "hop": h} for t, h in walk.hops.items()],
                "edges": walk.edges}

    def plan(self, query: str) -> dict[str, Any]:
        """A plan for ``query``; nothing is written to the graph (no plan, no memory)."""
        from dataclasses import replace

        from toolgraph.planner import PlannerConfig, plan_request

        query = self._bounded(query, "the whole request to plan")
        embedder = self.embedder() if self.store.query("get_embedding_model") else None
        config = replace(self.planner_config) if self.planner_config is not None else PlannerConfig()
        config.remember = False  # navigation never writes: a plan made here stores no memory
        with self._slot():
            plan = plan_request(self.store, query, llm=self.llm, embedder=embedder, save=False, config=config)
        return plan.model_dump(mode="json", exclude={"trace"})
