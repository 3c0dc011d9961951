"""The planner: decomposition, then a depth-first search with backtracking over the tool graph for each subtask
(in topological order), self-reflection, long-term memory, and the plan: a tool DAG with data flow and levels.

This module is the orchestration; the parts: the run's state (planner/run.py), the candidates and their scores
(planner/candidates.py), the search and reflection (planner/dfs.py), the plan's DAG and levels
(planner/assemble.py). See docs/planner.md for the algorithm and the scores.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from toolgraph.errors import ToolGraphError
from toolgraph.llm import ChatModel, LLMError
from toolgraph.planner.assemble import assemble, chosen
from toolgraph.planner.candidates import Candidates
from toolgraph.planner.chains import ChainFinder
from toolgraph.planner.config import PlannerConfig
from toolgraph.planner.decompose import decompose_llm, decompose_rules, second_question, topological
from toolgraph.planner.dfs import DepthFirst
from toolgraph.planner.graph import PlannerGraph, shared_reads
from toolgraph.planner.memory import LongTermMemory
from toolgraph.planner.models import Plan, Subtask, SubtaskResult
from toolgraph.planner.policy import GraphPolicy, LLMPolicy, Policy
from toolgraph.planner.run import SearchRun

if TYPE_CHECKING:
    from toolgraph.db.store import GraphStore
    from toolgraph.embeddings.base import Embedder
    from toolgraph.retrieve.search import Retriever

__all__ = ["Planner", "PlannerConfig"]

log = logging.getLogger(__name__)


class Planner:
    def __init__(self, store: GraphStore, *, llm: ChatModel | None = None, embedder: Embedder | None = None,
                 config: PlannerConfig | None = None) -> None:
        self.store = store
        self.llm = llm
        self.config = config or PlannerConfig()
        reads = shared_reads(store)  # the graph reads a long-lived process keeps across plans (the runtime)
        if reads is not None:
            reads.begin()
        self.graph = PlannerGraph(store, embedder if self._has_embeddings(embedder) else None, reads=reads)
        self.memory = LongTermMemory(self.graph, threshold=self.config.memory_threshold)
        self.graph_policy = GraphPolicy(graph=self.graph)
        self.chain_finder = ChainFinder(self.graph, max_len=self.config.max_chain)
        self.policy: Policy = (LLMPolicy(llm, self.graph, protocol=self.config.protocol,
                                         decoupled=self.config.decoupled) if llm is not None else self.graph_policy)
        retriever = self._retriever()
        if retriever is not None and self.graph.dense and retriever.index.dense_ready:
            self.graph.vector_of = memory_vectors(retriever, self.graph)  # (else the cards bring theirs)
        self.candidates = Candidates(self.graph, self.config, self.chain_finder, retriever)
        self._candidates = self.candidates.offer  # a step's candidates (a test may stand in for it)

    # -- set-up ---------------------------------------------------------------------------------------------------
    def _has_embeddings(self, embedder: Embedder | None) -> bool:
        if embedder is None:
            return False
        from toolgraph.retrieve.embed import check_model

        try:
            return check_model(self.store, embedder) is not None
        except ToolGraphError as exc:  # another model's vectors: plan without them, say why
            log.warning("planning without embeddings: %s", exc)
            return False

    def _retriever(self) -> Retriever | None:
        from toolgraph.retrieve.search import Retriever

        try:
            return Retriever(self.store, self.graph.embedder)
        except ToolGraphError as exc:
            log.warning("planning without the search indexes: %s", exc)
        return None

    # -- the public call ------------------------------------------------------------------------------------------
    def plan(self, query: str, *, save: bool = True) -> Plan:
        if not query or not query.strip():
            raise ToolGraphError("the request is empty")
        if len(query) > 4000:
            raise ToolGraphError(f"the request is {len(query)} characters long; at most 4000")
        run = SearchRun(query, self.llm, self.config.max_llm_calls)
        search = DepthFirst(run, self.config, self.policy, self.graph_policy, self.memory, self.candidates,
                            self._candidates)
        subtasks, by_rules = self._decompose(run, query)
        results: dict[int, SubtaskResult] = {}
        for subtask in topological(list(subtasks)):
            context = {c: results[c].tools for c in subtask.context}
            results[subtask.id] = search.solve(subtask, context)
            follow = self._second_question(run, search, subtask, results, len(subtasks) + 1) if by_rules else None
            if follow is not None:
                subtasks.append(follow.subtask)
                results[follow.subtask.id] = follow
        plan = self._plan(run, [results[s.id] for s in subtasks])
        if save:
            self._save(plan)
        return plan

    # -- decomposition --------------------------------------------------------------------------------------------
    def _decompose(self, run: SearchRun, query: str) -> tuple[list[Subtask], bool]:
        """The subtasks, and whether the rules made them (then a second question may be planned apart)."""
        if not self.config.decompose:
            subtasks = [Subtask(id=1, description=query.strip())]
            run.step("decompose", reason="decomposition off: the request is one subtask")
            return subtasks, False
        if run.llm_left():
            assert self.llm is not None
            mark = self.llm.usage.mark()
            try:
                subtasks = decompose_llm(self.llm, query, self.graph.categories())
                run.step("decompose", reason=json.dumps([s.model_dump() for s in subtasks], ensure_ascii=False),
                         llm=run.call("decompose", mark))
                return subtasks, False
            except LLMError as exc:
                run.step("decompose", reason=f"the LLM failed to decompose ({exc}); splitting by rules",
                         llm=run.call("decompose", mark))
        subtasks = decompose_rules(query)
        run.step("decompose", reason=json.dumps([s.model_dump() for s in subtasks], ensure_ascii=False))
        return subtasks, True

    def _second_question(self, run: SearchRun, search: DepthFirst, subtask: Subtask,
                         results: dict[int, SubtaskResult], next_id: int) -> SubtaskResult | None:
        """A second question joined by ", and" that the subtask's chain does not answer (no tool of it answers a
        word it asks: "what's their email address?" after the project's lead), planned as a subtask that follows
        it, kept when its chain answers something asked that the first does not."""
        tail = second_question(subtask.description)
        first = results[subtask.id]
        if tail is None or first.status != "success" or not first.tools:
            return None
        asked = self.chain_finder.request(tail).asked
        cards = self.graph.tools(first.tools)
        answered = set().union(*(self.chain_finder.facts(c).answer for c in cards.values()))
        if not asked or asked & answered:
            return None
        follow = Subtask(id=next_id, description=tail, category=subtask.category, context=[subtask.id])
        result = search.solve(follow, {subtask.id: first.tools})
        new = set().union(*(self.chain_finder.facts(c).answer for t, c in self.graph.tools(result.tools).items()
                            if t not in first.tools)) if result.tools else set()
        if result.status != "success" or not (asked & new):
            run.step("decompose", reason=f"the second question {tail!r} was not planned apart: no "
                     f"chain answers what it asks ({', '.join(sorted(asked))})")
            return None
        run.step("decompose", reason=f"the second question {tail!r} asks what subtask "
                 f"{subtask.id}'s tools do not answer ({', '.join(sorted(asked - answered))}): planned as subtask "
                 f"{next_id}, after it")
        return result

    # -- the plan -------------------------------------------------------------------------------------------------
    def _plan(self, run: SearchRun, results: list[SubtaskResult]) -> Plan:
        ids = list(chosen(results))
        cards = self.graph.tools(ids)
        parts = assemble(results, self.graph.flow(ids), cards)
        return Plan(id=run.id, query=run.query, policy="llm" if self.llm is not None else "graph",
                    model=self.llm.model if self.llm is not None else None,
                    created=datetime.now(UTC).isoformat(timespec="milliseconds"), status=parts.status,
                    subtasks=results, tools=parts.tools, edges=parts.edges, levels=parts.levels, trace=run.trace,
                    usage=run.close())

    def _save(self, plan: Plan) -> None:
        run = {"id": plan.id, "query": plan.query, "created": plan.created, "policy": plan.policy,
               "model": plan.model, "status": plan.status, "seconds": plan.usage.seconds,
               "tool_count": len(plan.tools), "plan": plan.model_dump_json()}
        self.graph.save_run(run, [t.id for t in plan.tools])


def memory_vectors(retriever: Retriever, graph: PlannerGraph) -> Callable[[str], Any]:
    """A tool's vector from the retriever's shared in-memory matrix (unit length: cosines are unchanged); read from
    the graph for a tool newer than the matrix."""

    def vector_of(tid: str) -> Any:
        index = retriever.index  # (the shared index, reloaded when the graph's embeddings change)
        i = index.position.get(tid)
        if i is not None:
            return index.matrix[i] if index.embedded[i] else None
        return graph.tool_vector(tid)

    return vector_of
