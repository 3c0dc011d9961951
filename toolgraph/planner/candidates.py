"""What the search is offered at a step, and why: the retrieved seeds of a subtask, the best whole chain, the path's
unmet inputs, and the candidates (dependency neighbours, memories, seeds, the chain's next tool) with their scores.

See docs/planner.md for the scores.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolgraph.errors import ToolGraphError
from toolgraph.planner.chains import Chain, ChainFinder
from toolgraph.planner.config import PlannerConfig
from toolgraph.planner.graph import PlannerGraph, lexical_similarity, named_things
from toolgraph.planner.models import Candidate
from toolgraph.planner.run import SearchRun, Subsearch

if TYPE_CHECKING:
    from toolgraph.retrieve.search import Retriever

log = logging.getLogger(__name__)

# What a dependency edge adds to a candidate's similarity, by type and direction (times the edge's weight).
EDGE_BONUS: dict[tuple[str, str], float] = {
    ("STRONG_RESOURCE", "in"): 0.30, ("WEAK_RESOURCE", "in"): 0.15,
    ("STRONG_RESOURCE", "out"): 0.15, ("WEAK_RESOURCE", "out"): 0.10,
    ("SEQUENTIAL", "out"): 0.20, ("SEQUENTIAL", "in"): 0.10,
}
MEMORY_BONUS = 0.30
CHAIN_BONUS = 0.30  # the next tool of the best whole chain (planner/chains.py)
SAME_REQUEST = 0.97  # a memory this similar is of the same request: its path is the chain
GROUNDING_BONUS = 0.25  # the request names something (a title, a person) and the tool takes a name or query
IMPORTANCE_BONUS = 0.05
AVAILABILITY_PENALTY = 0.10


@dataclass
class Candidates:
    """The planner's source of candidates; what it retrieved and chained for one plan is kept in that plan's
    :class:`SearchRun`. ``retriever`` is None when the graph has no search indexes (tools are then scored by word
    overlap)."""

    graph: PlannerGraph
    config: PlannerConfig
    chain_finder: ChainFinder
    retriever: Retriever | None = None

    # -- chains and needs -----------------------------------------------------------------------------------------
    def chain(self, s: Subsearch, context: dict[int, list[str]],
              memories: list[dict[str, Any]] | None = None) -> Chain | None:
        """The best whole chain for the subtask without the tools ruled out so far (computed once per set); the
        path that solved the same request before (a memory of similarity ``SAME_REQUEST`` or more), while none of
        its tools is ruled out: what a run taught is not outscored by what it taught the weights (a learnt
        sequence had added a price quote to "how many electric cars are free ...")."""
        if not self.config.chains:
            return None
        blocked = frozenset(s.rejected | s.excluded | self.config.exclude)
        same = next((m for m in memories or [] if m["similarity"] >= SAME_REQUEST and m["tools"]
                     and not blocked & set(m["tools"])), None)
        if same is not None:
            return Chain(list(same["tools"]), score=1.0, parts={"remembered": round(float(same["similarity"]), 4)})
        key = (s.subtask.id, blocked)
        if key not in s.run.chains:
            goals = self.seeds(s.run, s.subtask.description, s.subtask.category, self.config.chain_goals)
            # ... and the tools that take what the best seeds give: a goal can be one step past what retrieval
            # finds ("the birthday of the director of X": the person details take the credits' person ids)
            nexts = [r["id"] for r in self.graph.neighbours(goals[: self.config.seeds], s.subtask.category)
                     if r["direction"] == "out" and r["type"] in ("STRONG_RESOURCE", "WEAK_RESOURCE")]
            goals = list(dict.fromkeys(goals + nexts))[: 2 * self.config.chain_goals]
            available = [t for tools in context.values() for t in tools]
            s.run.chains[key] = self.chain_finder.best(s.subtask.description, goals, blocked=blocked,
                                                       available=available)
        return s.run.chains[key]

    def chain_reason(self, chain: Chain) -> str:
        cards = self.graph.tools(chain.tools)
        names = " -> ".join(f"{t} ({cards[t].name})" if t in cards else t for t in chain.tools)
        parts = ", ".join(f"{k} {v:+.3f}" for k, v in chain.parts.items())
        return f"{names}; score {chain.score:.3f} ({parts})"

    def unmet(self, path: list[str], text: str, available: list[str] | tuple[str, ...] = ()
              ) -> dict[str, list[str]]:
        """Path tool -> the inputs it cannot run without that no tool on the path provides, nor a tool of the
        subtasks it follows (``available``: "who reported issue 301? i need their email": the issue gives the
        user id, so the follow-up's user lookup needs no user search)."""
        # with chains, the chains' view of needs (lookups of a kind provide it; a named segment nobody provides is
        # the user's), so a path that follows a chain is not told it lacks what the chain provides
        needs = (self.chain_finder.needs_of(path, text) if self.config.chains
                 else self.graph.needed_inputs(path, text))
        on_path = set(path) | set(available)
        unmet: dict[str, list[str]] = {}
        for tool in path:
            for resource, providers in needs.get(tool, {}).items():
                if not on_path & set(providers):
                    unmet.setdefault(tool, []).append(resource)
        return unmet

    # -- the candidates of a step ---------------------------------------------------------------------------------
    def offer(self, s: Subsearch, context: dict[int, list[str]], memories: list[dict[str, Any]],
              unmet: dict[str, list[str]], chain: Chain | None = None) -> list[Candidate]:
        """The best ``top_k`` candidates, by score, and the best few providers of an unmet input beyond them."""
        cfg = self.config
        text, category = s.subtask.description, s.subtask.category
        blocked = set(s.path) | s.rejected | s.excluded | cfg.exclude
        links: dict[str, dict[str, Any]] = {}  # candidate -> the link it is shown with
        bonuses: dict[str, dict[tuple[str, str], float]] = {}  # candidate -> (edge type, direction) -> best bonus

        def offer(tid: str, edge: str, bonus: float, direction: str = "", **link: Any) -> None:
            if tid in blocked:
                return
            kinds = bonuses.setdefault(tid, {})
            kinds[(edge, direction)] = max(kinds.get((edge, direction), 0.0), bonus)
            # Shown with its strongest link, a resource it provides to the path first (that is what fills an input).
            rank = (direction == "in" and edge in ("STRONG_RESOURCE", "WEAK_RESOURCE"), bonus)
            if edge == "CHAIN" and tid in links:  # a graph link says more than "the best chain goes on here"
                return
            if tid not in links or rank > links[tid]["rank"]:
                links[tid] = {"edge": edge, "rank": rank, "direction": direction or None, **link}

        anchors = list(s.path) or [t for tools in context.values() for t in tools]
        for row in self.graph.neighbours(anchors, category):
            key = (row["type"], row["direction"])
            weight = float(row["weight"] or 0.0)
            offer(row["id"], row["type"], EDGE_BONUS.get(key, 0.0) * weight, row["direction"], via=row["via"],
                  resource=row["resource"], weight=weight)
        if not s.path:
            for m in memories:
                for tid in m["tools"]:
                    offer(tid, "MEMORY", MEMORY_BONUS * m["similarity"], via=m["id"], weight=m["similarity"])
        for tid in self.seeds(s.run, text, category):
            offer(tid, "RETRIEVAL", 0.0)
        if chain and s.path == chain.tools[: len(s.path)] and len(s.path) < len(chain.tools):
            nxt = chain.tools[len(s.path)]
            offer(nxt, "CHAIN", CHAIN_BONUS, via=s.path[-1] if s.path else None, weight=chain.score)
        if not links:
            return []
        scored = self.score(text, links, bonuses)
        top = scored[: cfg.top_k]
        # Providers of an unmet input are offered however they score (the best few).
        extra = [c for c in scored[cfg.top_k:]
                 if c.edge in ("STRONG_RESOURCE", "WEAK_RESOURCE") and c.direction == "in" and c.via in unmet]
        top += extra[: cfg.max_providers]  # the best of them: a common id must not flood the prompt
        needs = self.graph.needed_inputs([c.id for c in top], text)
        for c in top:
            c.needs = sorted(needs.get(c.id, {}))
        return top

    def score(self, text: str, links: dict[str, dict[str, Any]], bonuses: dict[str, dict[tuple[str, str], float]]
              ) -> list[Candidate]:
        """The linked tools as candidates, best first: similarity to the subtask, plus their links' bonuses, plus
        grounding and importance, less unavailability."""
        sims = self.graph.similarity(text, list(links))
        cards = self.graph.tools(list(links))
        names = named_things(text)
        scored = []
        for tid, link in links.items():
            card = cards.get(tid)
            if card is None:
                continue
            sim = sims.get(tid, 0.0)
            grounded = bool(names) and card.takes_a_name()
            score = (sim + sum(bonuses[tid].values()) + (GROUNDING_BONUS if grounded else 0.0)
                     + IMPORTANCE_BONUS * card.importance - AVAILABILITY_PENALTY * (1.0 - card.availability))
            scored.append(Candidate(
                id=tid, name=card.name, score=round(score, 6), similarity=round(sim, 6), edge=link["edge"],
                via=link.get("via"), direction=link.get("direction"), resource=link.get("resource"),
                weight=None if link.get("weight") is None else round(link["weight"], 6),
                importance=round(card.importance, 6), availability=round(card.availability, 6),
                grounded=grounded))
        scored.sort(key=lambda c: (-c.score, c.id))
        return scored

    # -- seeds ----------------------------------------------------------------------------------------------------
    def seeds(self, run: SearchRun, text: str, category: str | None, k: int | None = None) -> list[str]:
        """The retrieved seeds for a subtask (the first ``k``, default ``PlannerConfig.seeds``), retrieved once per
        plan (the query embedded once)."""
        k = k or self.config.seeds
        key = (text, category)
        if key not in run.seeds or run.seeds[key][0] < k:
            run.seeds[key] = (k, self.retrieve(text, category, k))
        return run.seeds[key][1][:k]

    def retrieve(self, text: str, category: str | None, k: int) -> list[str]:
        vector = self.graph.query_vector(text)
        if self.retriever is not None:
            method = self.config.retrieval if self.graph.embedder is not None else "keyword"
            try:
                ids = self.retriever.ranked_ids(text, k=k, method=method, category=category, vector=vector)
                if not ids and category is not None:  # an empty category: look everywhere
                    ids = self.retriever.ranked_ids(text, k=k, method=method, vector=vector)
                if ids:
                    return ids
            except ToolGraphError as exc:  # no search index yet (before `toolgraph embed`): scan by words
                log.info("retrieval unavailable (%s); scoring tools by word overlap", exc)
                self.retriever = None
        rows = self.graph.scan_tools(category)
        if not rows and category is not None:
            rows = self.graph.scan_tools(None)
        scored = sorted(((lexical_similarity(text, r["text"]), r["id"]) for r in rows), key=lambda x: (-x[0], x[1]))
        return [tid for score, tid in scored[:k] if score > 0]
