"""Navigation over the tool graph for an agent (the Middleware paper's navigation tools): search, one tool's card,
its dependencies, a neighbourhood by hops and minimum weight, a plan. Shared by the MCP server and anything else
that lets an LLM find its own way.

Every mistake the caller can make (an unknown tool id, a bad method, hops out of range) raises ``NavigationError``
whose message says what is wrong and, for ids, the closest valid ones, so an agent can correct itself."""

from __future__ import annotations

import difflib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from toolgraph.errors import ToolGraphError
from toolgraph.integrations.limits import SearchLimits
from toolgraph.tool import Tool

METHODS = ("keyword", "dense", "hybrid", "graph")
EDGE_TYPES = ("SEQUENTIAL", "STRONG_RESOURCE", "WEAK_RESOURCE")
MAX_HOPS = 3
MAX_K = 100
MAX_NODES = 200
NAMES_TTL_S = 60.0


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
        keys = difflib.get_close_matches(text.lower(), list(by_key), n=n * 3, cutoff=0.4)
        return list(dict.fromkeys(by_key[k] for k in keys))[:n]

    def unknown(self, tool_id: str, what: str = "tool_id") -> NavigationError:
        close = self.closest_ids(tool_id)
        hint = f"; did you mean {', '.join(close)}?" if close else "; search_tools finds tools by what they do"
        return NavigationError(f"{what}: no tool {tool_id!r} in the graph{hint}")

    def _details(self, tool_id: str) -> dict[str, Any]:
        if not isinstance(tool_id, str) or not tool_id.strip():
            raise NavigationError("tool_id: give a tool id such as the `id` of a search_tools hit")
        rows = self.store.query("tool_details", id=tool_id)
        if not rows:
            raise self.unknown(tool_id)
        return rows[0]

    # -- the navigation calls -----------------------------------------------------------------------------------
    def search(self, query: str, *, method: str = "graph", k: int = 10, category: str | None = None
               ) -> list[dict[str, Any]]:
        from toolgraph.retrieve.search import Retriever

        query = self._bounded(query, "what the tool should do")
        if method not in METHODS:
            close = difflib.get_close_matches(method, METHODS, n=1)
            raise NavigationError(f"method: {method!r} is not one of {', '.join(METHODS)}"
                                  + (f"; did you mean {close[0]!r}?" if close else ""))
        if not 1 <= k <= MAX_K:
            raise NavigationError(f"k: {k} is out of range 1..{MAX_K}")
        known = self.categories() if category is not None else []
        if category is not None and category not in known:
            close = difflib.get_close_matches(category, known, n=3, cutoff=0.3)
            raise NavigationError(f"category: no category {category!r}"
                                  + (f"; did you mean {', '.join(close)}?" if close else ""))
        embedder = None if method == "keyword" else self.embedder()
        retriever = Retriever(self.store, embedder)
        with self._slot():
            hits = retriever.search(query, k=k, method=method, category=category)  # type: ignore[arg-type]
        return [h.model_dump(exclude={"source_ref", "chain"}) for h in hits]

    def categories(self) -> list[str]:
        return [r["name"] for r in self.store.query("planner_categories", limit=10000)]

    def get_tool(self, tool_id: str) -> dict[str, Any]:
        d = self._details(tool_id)
        tool = Tool.from_row(d)
        out = {k: v for k, v in d.items() if v is not None}
        decoded = {"required_params": tool.param_dicts(required=True), "source_ref": tool.source_ref,
                   "optional_params": tool.param_dicts(required=False), "output_schema": tool.output_schema}
        out.update({k: v for k, v in decoded.items() if k in out})
        if isinstance(out.get("group"), dict):
            out["group"] = {k: v for k, v in out["group"].items() if v is not None}
        return out

    def dependencies(self, tool_id: str, *, limit: int = 20) -> dict[str, Any]:
        """Who provides each input, what usually follows (and precedes), and what could stand in for it."""
        self._details(tool_id)
        providers: dict[str, list[dict[str, Any]]] = {}
        for r in self.store.query("tool_providers", ids=[tool_id]):
            providers.setdefault(r["resource"] or "(any input)", []).append(
                {"tool": r["provider"], "type": r["type"], "weight": r["weight"]})
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
        return {"centre": tool_id, "hops": hops, "min_weight": min_weight, "capped": walk.capped,
                "tools": [{"id": t, "hop": h} for t, h in walk.hops.items()], "edges": walk.edges}

    def plan(self, query: str) -> dict[str, Any]:
        from dataclasses import replace

        from toolgraph.planner import PlannerConfig, plan_request

        query = self._bounded(query, "the whole request to plan")
        embedder = self.embedder() if self.store.query("get_embedding_model") else None
        config = replace(self.planner_config) if self.planner_config is not None else PlannerConfig()
        with self._slot():
            plan = plan_request(self.store, query, llm=self.llm, embedder=embedder, save=False, config=config)
        return plan.model_dump(mode="json", exclude={"trace"})
