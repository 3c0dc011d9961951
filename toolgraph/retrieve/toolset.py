"""Tool search for agents that load tools on demand: the tools for a request, under a hard cap, with the tools that
must always be there (pinned) and the providers of the found tools' required inputs. Framework-free; the adapters
for LangGraph, the OpenAI Agents SDK and Anthropic's tool search sit on it (``toolgraph.integrations.agents``).

How :meth:`ToolSearch.find` fills at most ``limit`` places:

1. the pinned tools, first and always (auth, list-before-act: what plain search tends to bury);
2. then the search hits, best first (``toolgraph.retrieve.search``, the graph method by default), each as a unit with
   its prerequisites: for every required input the caller does not hold yet (``held``), a provider of it (a
   STRONG_RESOURCE or WEAK_RESOURCE edge into the tool, strongest first), recursively up to ``closure_depth``. An
   input that a tool already in the set provides needs nothing more. A unit comes prerequisites first;
3. a unit that does not fit into the places left is skipped whole (``ToolSet.skipped``): a tool never comes without
   the providers the graph knows for its inputs; the next, smaller units may still fit.

``catalog`` limits hits and providers to the tools an agent actually has (their graph ids).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from toolgraph.embeddings.base import Embedder
from toolgraph.errors import ToolGraphError
from toolgraph.retrieve.search import METHODS, Method, Retriever, Why
from toolgraph.retrieve.select import SAFE_NAME, ToolSelector, safe_name
from toolgraph.tool import Tool

MAX_FETCH = 500  # search hits looked at, at most, to fill the places (without a catalog)


@dataclass(frozen=True)
class Pick:
    """One tool of a tool set and why it is there: ``pinned``, a search ``hit`` (with its rank and score), or a
    ``provider`` of an input of another tool in the set (``for_tool``, ``input``)."""

    id: str
    kind: str  # "pinned" | "hit" | "provider"
    reason: str
    rank: int | None = None
    score: float | None = None
    for_tool: str | None = None
    input: str | None = None


@dataclass
class ToolSet:
    query: str
    picks: list[Pick]
    limit: int
    skipped: list[str] = field(default_factory=list)  # hits whose unit (the hit and its providers) did not fit

    @property
    def ids(self) -> list[str]:
        return [p.id for p in self.picks]

    def as_dict(self) -> dict[str, Any]:
        return {"query": self.query, "limit": self.limit, "skipped": self.skipped,
                "tools": [{k: v for k, v in vars(p).items() if v is not None} for p in self.picks]}


def _hit_reason(rank: int, score: float, why: Why | None) -> str:
    parts = [f"search hit #{rank} (score {score:.2f}"]
    if why is not None and why.dense is not None:
        parts.append(f", similarity {why.dense:.2f}")
    if why is not None and why.keyword is not None:
        parts.append(", keyword match")
    reason = "".join(parts) + ")"
    if why is not None and why.via:
        reason += "; " + "; ".join(why.via)
    return reason


class _Facts:
    """Per search: the required inputs and the providers of tools, read in batches as they are needed."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.required: dict[str, list[str]] = {}  # tool -> required input names (lower case), in order
        self.providers: dict[str, list[dict[str, Any]]] = {}  # tool -> tool_providers rows, strongest first

    def load(self, ids: Iterable[str]) -> None:
        todo = [t for t in dict.fromkeys(ids) if t not in self.required]
        if not todo:
            return
        for row in self.store.query("agent_tools", ids=todo):
            self.required[row["id"]] = [p.name.lower() for p in Tool.from_row(row).required_params]
        for tid in todo:
            self.required.setdefault(tid, [])
            self.providers[tid] = []
        for row in self.store.query("tool_providers", ids=todo):
            self.providers[row["id"]].append(row)


class ToolSearch:
    """Tool search over one graph for agents (see the module's docstring). ``embedder``: the model the graph was
    embedded with (``toolgraph embed``); without one, the search is by keyword. ``limit``, ``pinned``,
    ``catalog``: defaults for :meth:`find`."""

    def __init__(self, store: Any, embedder: Embedder | None = None, *, method: Method | None = None,
                 limit: int = 8, pinned: Iterable[str] = (), catalog: Collection[str] | None = None,
                 closure_depth: int = 2) -> None:
        method = method or ("graph" if embedder is not None else "keyword")
        if method not in METHODS:
            raise ToolGraphError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
        if method != "keyword" and embedder is None:
            raise ToolGraphError(f"the {method} search needs the embedding model the graph was embedded with")
        if limit < 1:
            raise ToolGraphError(f"limit: {limit} is not a number of tools (at least 1)")
        self.store = store
        self.embedder = embedder
        self.method: Method = method
        self.limit = limit
        self.pinned = list(pinned)
        self.catalog = set(catalog) if catalog is not None else None
        self.closure_depth = closure_depth
        self.retriever = Retriever(store, embedder)
        self.owns_store = False  # True: close() closes the store (one that was opened for this search)

    def close(self) -> None:
        if self.owns_store:
            self.store.close()

    def __enter__(self) -> ToolSearch:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- the search ---------------------------------------------------------------------------------------------
    def find(self, query: str, *, limit: int | None = None, pinned: Iterable[str] | None = None,
             held: Iterable[str] = (), catalog: Collection[str] | None = None) -> ToolSet:
        """At most ``limit`` tools for ``query``: ``pinned`` first, then the best hits, each with the providers of
        its required inputs that are not in ``held`` (input names the agent already has)."""
        limit = self.limit if limit is None else limit
        pinned = list(dict.fromkeys(self.pinned if pinned is None else pinned))
        allowed = set(catalog) if catalog is not None else self.catalog
        if limit < 1:
            raise ToolGraphError(f"limit: {limit} is not a number of tools (at least 1)")
        if len(pinned) > limit:
            raise ToolGraphError(f"pinned: {len(pinned)} tools do not fit under limit {limit}; raise the limit "
                                 "or pin fewer")
        if not isinstance(query, str) or not query.strip():
            raise ToolGraphError("query: empty; describe what the tool should do")
        picks = [Pick(id=p, kind="pinned", reason="pinned: always available") for p in pinned]
        chosen = set(pinned)
        skipped: list[str] = []
        held_inputs = {h.lower() for h in held}
        if len(chosen) < limit:
            hits, why = self._hits(query, limit, chosen, allowed)
            facts = _Facts(self.store)
            facts.load([tid for tid, _ in hits[: limit * 2]])
            for rank, (tid, score) in enumerate(hits, start=1):
                if len(chosen) >= limit:
                    break
                if tid in chosen:  # came in as a provider of an earlier hit
                    continue
                unit = self._unit(tid, chosen, held_inputs, allowed, facts)
                if len(chosen) + len(unit) + 1 > limit:
                    skipped.append(tid)
                    continue
                picks += unit
                picks.append(Pick(id=tid, kind="hit", reason=_hit_reason(rank, score, why.get(tid)), rank=rank,
                                  score=round(score, 4)))
                chosen.update([tid, *(p.id for p in unit)])
        return ToolSet(query=query, picks=picks, limit=limit, skipped=skipped)

    def _hits(self, query: str, limit: int, chosen: set[str], allowed: set[str] | None
              ) -> tuple[list[tuple[str, float]], dict[str, Why]]:
        """The ranked hits that may be picked; among a catalog, read deeper (4 times as deep each round, up to every
        tool) until there are twice ``limit`` of them or none is left."""
        fetch, total = max(limit * 5, 50), len(self.retriever.sync())
        while True:
            ranked, why = self.retriever.rank(query, k=min(fetch, MAX_FETCH if allowed is None else total),
                                              method=self.method)
            hits = [(t, s) for t, s in ranked if t not in chosen and (allowed is None or t in allowed)]
            if allowed is None or len(hits) >= min(2 * limit, len(allowed)) or fetch >= total:
                return hits, why
            fetch *= 4

    def retrieve_tools(self, query: str, *, limit: int | None = None, pinned: Iterable[str] | None = None,
                       held: Iterable[str] = ()) -> list[str]:
        """The ids of :meth:`find`: the pinned tools, the best tools for ``query`` and their prerequisites."""
        return self.find(query, limit=limit, pinned=pinned, held=held).ids

    def _unit(self, tid: str, chosen: set[str], held: set[str], allowed: set[str] | None, facts: _Facts
              ) -> list[Pick]:
        """The providers ``tid`` needs (breadth first, up to ``closure_depth``), prerequisites first."""
        added: list[Pick] = []
        have = set(chosen) | {tid}
        frontier = [tid]
        for _ in range(self.closure_depth):
            facts.load(frontier)
            nxt: list[str] = []
            for tool in frontier:
                for need in facts.required.get(tool, []):
                    if need in held:
                        continue
                    rows = [r for r in facts.providers.get(tool, []) if str(r["resource"] or "").lower() == need
                            and (allowed is None or r["provider"] in allowed)]
                    if not rows or any(r["provider"] in have for r in rows):
                        continue
                    best = rows[0]
                    added.append(Pick(id=best["provider"], kind="provider", for_tool=tool, input=best["resource"],
                                      reason=f"provides `{best['resource']}` for {tool} ({best['type'].lower()}, "
                                             f"weight {float(best['weight']):.2f})"))
                    have.add(best["provider"])
                    nxt.append(best["provider"])
            if not nxt:
                break
            frontier = nxt
        return added[::-1]

    # -- names and definitions for clients ----------------------------------------------------------------------
    def tools(self, ids: Iterable[str]) -> dict[str, Tool]:
        """The graph's tools among ``ids`` (name, description, function name, parameters), by id."""
        rows = self.store.query("agent_tools", ids=list(dict.fromkeys(ids)))
        return {t.id: t for t in map(Tool.from_row, rows)}

    def definitions(self, ids: Iterable[str]) -> list[dict[str, Any]]:
        """OpenAI-style function definitions (``{"name", "description", "parameters"}``) of graph tools, in the
        order of ``ids``: named by their ``function_name`` (what they were imported as) where it is a valid and
        distinct function name, else by a safe form of the id. Unknown ids raise."""
        ids = list(dict.fromkeys(ids))
        found = self.tools(ids)
        missing = [t for t in ids if t not in found]
        if missing:
            raise ToolGraphError(f"no tool {', '.join(map(repr, missing))} in the graph")
        shaper = ToolSelector(self.store, self.embedder)  # type: ignore[arg-type]
        out, names = [], set()
        for tid in ids:
            tool = found[tid]
            function = shaper.graph_tool(tid, tool, [], None, None).function
            fname = tool.function_name
            name = fname if fname and SAFE_NAME.match(fname) and fname not in names else safe_name(tid)
            names.add(name)
            out.append({**function, "name": name})
        return out

    def resolve(self, names: Iterable[str]) -> dict[str, str]:
        """Graph ids for a framework's tool names: a name that is a tool id, else a tool's ``function_name`` (one
        tool only), else the safe form of an id (:func:`safe_name`). Names not found are left out."""
        names = list(dict.fromkeys(names))
        out = {r["id"]: r["id"] for r in self.store.query("find_tool_ids", ids=names)}
        rest = [n for n in names if n not in out]
        if rest:
            by_function: dict[str, list[str]] = {}
            for row in self.store.query("find_tools_by_function_name", names=rest):
                by_function.setdefault(row["function_name"], []).append(row["id"])
            ambiguous = {n: sorted(ids) for n, ids in by_function.items() if len(ids) > 1}
            if ambiguous:
                name, ids = next(iter(ambiguous.items()))
                raise ToolGraphError(f"tool name {name!r} is the function name of several tools ({', '.join(ids)}); "
                                     "name the tool by its graph id")
            out.update({n: ids[0] for n, ids in by_function.items()})
            rest = [n for n in rest if n not in out]
        if rest:
            wanted = set(rest)
            for row in self.store.query("list_tool_names"):
                name = safe_name(row["id"])
                if name in wanted and name not in out:
                    out[name] = row["id"]
        return {n: out[n] for n in names if n in out}
