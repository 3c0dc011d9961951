"""The planner: decomposition, then a depth-first search with backtracking over the tool graph for each subtask
(in topological order), self-reflection, long-term memory, and the plan: a tool DAG with data flow and levels.

See docs/planner.md for the algorithm and the scores.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from toolgraph.errors import ToolGraphError
from toolgraph.llm import ChatModel, LLMError
from toolgraph.planner.chains import Chain, ChainFinder
from toolgraph.planner.decompose import decompose_llm, decompose_rules, topological
from toolgraph.planner.graph import PlannerGraph, lexical_similarity, named_things
from toolgraph.planner.memory import LongTermMemory
from toolgraph.planner.models import (
    Candidate,
    DataFlow,
    LLMCall,
    Plan,
    PlannedTool,
    Step,
    Subtask,
    SubtaskResult,
    Usage,
)
from toolgraph.planner.policy import Decision, GraphPolicy, LLMPolicy, Policy, SearchState, Verdict

if TYPE_CHECKING:
    from toolgraph.db.store import GraphStore
    from toolgraph.embeddings.base import Embedder
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
GROUNDING_BONUS = 0.25  # the request names something (a title, a person) and the tool takes a name or query
IMPORTANCE_BONUS = 0.05
AVAILABILITY_PENALTY = 0.10
FLOW_ORDER = {"STRONG_RESOURCE": 0, "WEAK_RESOURCE": 1, "ORDER": 2, "SEQUENTIAL": 3}


@dataclass
class PlannerConfig:
    top_k: int = 8  # candidates offered per step
    max_providers: int = 4  # providers of still-needed inputs offered beyond top_k
    seeds: int = 10  # retrieved tools a subtask with an empty path starts from
    max_depth: int = 5  # tools on one subtask's path
    max_steps: int = 16  # search decisions per subtask, all rounds together
    max_rounds: int = 3  # reflection rounds per subtask (1 = no second try)
    max_llm_calls: int = 60  # per plan; past it the graph policy decides
    use_memory: bool = True
    memory_threshold: float = 0.85
    remember: bool = True  # store successful subtasks as memories
    retrieval: str = "graph"  # the search method for seeds (keyword, dense, hybrid, graph)
    protocol: str = "json"  # the LLM's action format: json, function_call or native
    decoupled: bool = False  # think, then act in a separate short call
    decompose: bool = True  # False: the whole request is one subtask
    exclude: frozenset[str] = frozenset()  # tools never offered (execution re-plans without the tools that failed)
    chains: bool = True  # build whole chains (planner/chains.py); the graph policy follows the best one
    chain_goals: int = 20  # retrieved tools a chain may end at
    max_chain: int = 4  # tools in one chain


@dataclass
class _Subsearch:
    """One subtask's search: its state across rounds."""

    subtask: Subtask
    path: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    rejected: set[str] = field(default_factory=set)  # backtracked out of in this round
    excluded: set[str] = field(default_factory=set)  # noise named by a reflection
    steps: int = 0
    round: int = 1


class Planner:
    def __init__(self, store: GraphStore, *, llm: ChatModel | None = None, embedder: Embedder | None = None,
                 config: PlannerConfig | None = None) -> None:
        self.store = store
        self.llm = llm
        self.config = config or PlannerConfig()
        self.graph = PlannerGraph(store, embedder if self._has_embeddings(embedder) else None)
        self.memory = LongTermMemory(self.graph, threshold=self.config.memory_threshold)
        self.graph_policy = GraphPolicy(graph=self.graph)
        self.chain_finder = ChainFinder(self.graph, max_len=self.config.max_chain)
        self.policy: Policy = (LLMPolicy(llm, self.graph, protocol=self.config.protocol,
                                         decoupled=self.config.decoupled) if llm is not None else self.graph_policy)
        self.retriever = self._retriever()
        if self.retriever is not None and self.graph.dense and self.retriever.index.dense_ready:
            self.graph.vector_of = self._memory_vector  # (else the cards bring their vectors, in one query)

    def _memory_vector(self, tid: str) -> Any:
        """A tool's vector from the retriever's shared in-memory matrix (unit length: cosines are unchanged); read
        from the graph for a tool newer than the matrix."""
        assert self.retriever is not None
        index = self.retriever.index
        i = index.position.get(tid)
        if i is not None:
            return index.matrix[i] if index.embedded[i] else None
        rows = self.store.query("planner_tools", ids=[tid], vectors=True)
        return rows[0]["embedding"] if rows else None

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
        started = time.perf_counter()
        self.trace: list[Step] = []
        self.usage = Usage()
        run_id = "run-" + uuid.uuid4().hex[:12]
        # One client may serve many plans (the web app keeps one): usage and the call budget count from here.
        self._mark = self.llm.usage.mark() if self.llm is not None else (0, 0, 0, 0.0, 0)
        self._invalid_mark = self.llm.usage.invalid_answers if self.llm is not None else 0
        self._seed_cache: dict[tuple[str, str | None], tuple[int, list[str]]] = {}
        self._chain_cache: dict[tuple[int, frozenset[str]], Chain | None] = {}
        subtasks = self._decompose(query)
        results: dict[int, SubtaskResult] = {}
        for subtask in topological(subtasks):
            context = {c: results[c].tools for c in subtask.context}
            results[subtask.id] = self._solve(subtask, context)
        plan = self._assemble(run_id, query, [results[s.id] for s in subtasks], started)
        if save:
            self._save(plan)
        return plan

    # -- decomposition --------------------------------------------------------------------------------------------
    def _decompose(self, query: str) -> list[Subtask]:
        if not self.config.decompose:
            subtasks = [Subtask(id=1, description=query.strip())]
            self._step("decompose", reason="decomposition off: the request is one subtask")
            return subtasks
        if self._llm_left():
            mark = self.llm.usage.mark()
            try:
                subtasks = decompose_llm(self.llm, query, self.graph.categories())
                self._step("decompose", reason=json.dumps([s.model_dump() for s in subtasks], ensure_ascii=False),
                           llm=self._call("decompose", mark))
                return subtasks
            except LLMError as exc:
                self._step("decompose", reason=f"the LLM failed to decompose ({exc}); splitting by rules",
                           llm=self._call("decompose", mark))
        subtasks = decompose_rules(query)
        self._step("decompose", reason=json.dumps([s.model_dump() for s in subtasks], ensure_ascii=False))
        return subtasks

    # -- one subtask ----------------------------------------------------------------------------------------------
    def _solve(self, subtask: Subtask, context: dict[int, list[str]]) -> SubtaskResult:
        s = _Subsearch(subtask)
        memories = self._recall(subtask)
        verdict = Verdict(status="failure", reason="not searched")
        while True:
            exhausted = self._dfs(s, context, memories)
            verdict = self._reflect(s, context, memories, exhausted)
            if verdict.status == "success" or s.round >= self.config.max_rounds or s.steps >= self.config.max_steps:
                break
            s.round += 1
            if verdict.status == "partial" and verdict.first_wrong and s.path:
                i = max(0, min(verdict.first_wrong, len(s.path)) - 1)
                wrong = s.path[i]
                s.path, s.reasons, s.rejected = s.path[:i], s.reasons[:i], {wrong}
                self._step("resume", s, tool=wrong, reason=f"resume before {wrong}: {verdict.reason}")
            else:
                noise = [t for t in verdict.noise if t] or s.path[:1]
                s.excluded |= set(noise)
                s.path, s.reasons, s.rejected = [], [], set()
                self._step("restart", s, reason=f"restart without {', '.join(noise) or 'nothing'}: {verdict.reason}")
        status = verdict.status
        if status == "success" and self.config.remember and s.path:
            self.memory.remember(subtask.description, s.path, "")
        return SubtaskResult(subtask=subtask, tools=list(s.path), status=status, rounds=s.round,
                             reflection=verdict.reason)

    def _recall(self, subtask: Subtask) -> list[dict[str, Any]]:
        if not self.config.use_memory:
            return []
        found = self.memory.recall(subtask.description)
        for m in found:
            self.memory.used(m.id)
        if found:
            self._step("memory", _Subsearch(subtask), reason="; ".join(
                f"{m.text!r} (similarity {m.similarity:.3f}) was solved with {' -> '.join(m.tools)}" for m in found))
        return [{"id": m.id, "text": m.text, "tools": m.tools, "similarity": m.similarity} for m in found]

    def _dfs(self, s: _Subsearch, context: dict[int, list[str]], memories: list[dict[str, Any]]) -> bool:
        """Search until the policy finishes; True when a budget stopped it."""
        cfg = self.config
        while True:
            if s.steps >= cfg.max_steps:
                self._step("budget", s, reason=f"step budget of {cfg.max_steps} spent for this subtask")
                return True
            state = self._state(s, context, memories)
            policy = self.policy
            if isinstance(policy, LLMPolicy) and not self._llm_left():
                policy = self.graph_policy
                if not any(st.kind == "budget" and "LLM" in st.reason for st in self.trace):
                    self._step("budget", s, reason=f"LLM call budget of {cfg.max_llm_calls} spent; the graph "
                                                   f"policy decides from here")
            decision = self._decide(policy, state)
            s.steps += 1
            if decision.action == "choose" and len(s.path) >= cfg.max_depth:
                self._step("budget", s, candidates=state.candidates,
                           reason=f"the path has reached the depth bound of {cfg.max_depth}")
                return True
            if decision.action == "choose":
                assert decision.tool
                s.path.append(decision.tool)
                s.reasons.append(decision.reason)
                self._step("choose", s, tool=decision.tool, candidates=state.candidates, reason=decision.reason,
                           llm=self._last_call(policy))
            elif decision.action == "backtrack" and s.path:
                tool = decision.tool if decision.tool in s.path else s.path[-1]
                cut = s.path.index(tool)
                s.path, s.reasons = s.path[:cut], s.reasons[:cut]
                s.rejected.add(tool)
                self.usage.backtracks += 1
                self._step("backtrack", s, tool=tool, candidates=state.candidates, reason=decision.reason,
                           llm=self._last_call(policy))
            else:
                self._step("finish", s, candidates=state.candidates, reason=decision.reason,
                           llm=self._last_call(policy))
                return False

    def _decide(self, policy: Policy, state: SearchState) -> Decision:
        try:
            return policy.decide(state)
        except LLMError as exc:  # an LLM that keeps failing: the graph decides this step, and it is in the trace
            self.usage.invalid_answers += 1
            decision = self.graph_policy.decide(state)
            decision.reason = f"LLM failed ({exc}); graph policy: {decision.reason}"
            return decision

    def _reflect(self, s: _Subsearch, context: dict[int, list[str]], memories: list[dict[str, Any]],
                 exhausted: bool) -> Verdict:
        state = self._state(s, context, memories, offer=False)
        policy = self.policy if self._llm_left() else self.graph_policy
        try:
            verdict = policy.reflect(state, exhausted)
        except LLMError as exc:
            verdict = self.graph_policy.reflect(state, exhausted)
            verdict.reason = f"LLM failed ({exc}); graph judgement: {verdict.reason}"
        known = set(s.path) | {c for c in verdict.noise if c in self.graph.cards}
        verdict.noise = [t for t in verdict.noise if t in known]
        self._step("reflect", s, reason=f"{verdict.status}: {verdict.reason}", llm=self._last_call(policy))
        return verdict

    # -- candidates -----------------------------------------------------------------------------------------------
    def _state(self, s: _Subsearch, context: dict[int, list[str]], memories: list[dict[str, Any]], *,
               offer: bool = True) -> SearchState:
        unmet = self._unmet(s.path, s.subtask.description)
        chain = self._chain(s, context) if offer else None
        candidates = self._candidates(s, context, memories, unmet, chain) if offer else []
        return SearchState(subtask=s.subtask, path=list(s.path), reasons=list(s.reasons), candidates=candidates,
                           unmet=unmet, context_tools=context, memories=memories, round=s.round,
                           chain=list(chain.tools) if chain else [],
                           chain_reason=self._chain_reason(chain) if chain else "")

    def _chain(self, s: _Subsearch, context: dict[int, list[str]]) -> Chain | None:
        """The best whole chain for the subtask without the tools ruled out so far (computed once per set)."""
        if not self.config.chains:
            return None
        blocked = frozenset(s.rejected | s.excluded | self.config.exclude)
        key = (s.subtask.id, blocked)
        if key not in self._chain_cache:
            goals = self._seeds(s.subtask.description, s.subtask.category, self.config.chain_goals)
            # ... and the tools that take what the best seeds give: a goal can be one step past what retrieval
            # finds ("the birthday of the director of X": the person details take the credits' person ids)
            nexts = [r["id"] for r in self.graph.neighbours(goals[: self.config.seeds], s.subtask.category)
                     if r["direction"] == "out" and r["type"] in ("STRONG_RESOURCE", "WEAK_RESOURCE")]
            goals = list(dict.fromkeys(goals + nexts))[: 2 * self.config.chain_goals]
            available = [t for tools in context.values() for t in tools]
            self._chain_cache[key] = self.chain_finder.best(s.subtask.description, goals, blocked=blocked,
                                                            available=available)
        return self._chain_cache[key]

    def _chain_reason(self, chain: Chain) -> str:
        cards = self.graph.tools(chain.tools)
        names = " -> ".join(f"{t} ({cards[t].name})" if t in cards else t for t in chain.tools)
        parts = ", ".join(f"{k} {v:+.3f}" for k, v in chain.parts.items())
        return f"{names}; score {chain.score:.3f} ({parts})"

    def _unmet(self, path: list[str], text: str) -> dict[str, list[str]]:
        # with chains, the chains' view of needs (lookups of a kind provide it; a named segment nobody provides is
        # the user's), so a path that follows a chain is not told it lacks what the chain provides
        needs = (self.chain_finder.needs_of(path, text) if self.config.chains
                 else self.graph.needed_inputs(path, text))
        on_path = set(path)
        unmet: dict[str, list[str]] = {}
        for tool in path:
            for resource, providers in needs.get(tool, {}).items():
                if not on_path & set(providers):
                    unmet.setdefault(tool, []).append(resource)
        return unmet

    def _candidates(self, s: _Subsearch, context: dict[int, list[str]], memories: list[dict[str, Any]],
                    unmet: dict[str, list[str]], chain: Chain | None = None) -> list[Candidate]:
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
        for tid in self._seeds(text, category):
            offer(tid, "RETRIEVAL", 0.0)
        if chain and s.path == chain.tools[: len(s.path)] and len(s.path) < len(chain.tools):
            nxt = chain.tools[len(s.path)]
            offer(nxt, "CHAIN", CHAIN_BONUS, via=s.path[-1] if s.path else None, weight=chain.score)
        if not links:
            return []
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
        top = scored[: cfg.top_k]
        # Providers of an unmet input are offered however they score (the best few).
        extra = [c for c in scored[cfg.top_k:]
                 if c.edge in ("STRONG_RESOURCE", "WEAK_RESOURCE") and c.direction == "in" and c.via in unmet]
        top += extra[: cfg.max_providers]  # the best of them: a common id must not flood the prompt
        needs = self.graph.needed_inputs([c.id for c in top], text)
        for c in top:
            c.needs = sorted(needs.get(c.id, {}))
        return top

    def _seeds(self, text: str, category: str | None, k: int | None = None) -> list[str]:
        """The retrieved seeds for a subtask (the first ``k``, default ``PlannerConfig.seeds``), retrieved once per
        plan (the query embedded once)."""
        k = k or self.config.seeds
        key = (text, category)
        if key not in self._seed_cache or self._seed_cache[key][0] < k:
            self._seed_cache[key] = (k, self._retrieve(text, category, k))
        return self._seed_cache[key][1][:k]

    def _retrieve(self, text: str, category: str | None, k: int) -> list[str]:
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
        rows = self.store.query("planner_scan_tools", category=category, limit=100000)
        if not rows and category is not None:
            rows = self.store.query("planner_scan_tools", category=None, limit=100000)
        scored = sorted(((lexical_similarity(text, r["text"]), r["id"]) for r in rows), key=lambda x: (-x[0], x[1]))
        return [tid for score, tid in scored[:k] if score > 0]

    # -- the plan -------------------------------------------------------------------------------------------------
    def _assemble(self, run_id: str, query: str, results: list[SubtaskResult], started: float) -> Plan:
        owner: dict[str, int] = {}
        for r in results:
            for t in r.tools:
                owner.setdefault(t, r.subtask.id)
        ids = list(owner)
        cards = self.graph.tools(ids)
        by_id = {r.subtask.id: r for r in results}
        upstream = ancestors({r.subtask.id: r.subtask.context for r in results})
        proposals: list[DataFlow] = []
        for row in self.graph.flow(ids):  # a graph edge against the subtasks' order is no data flow of this plan
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
        edges = acyclic(ids, sorted(proposals, key=flow_order(ids)))
        levels = layers(ids, edges)
        level_of = {t: i for i, level in enumerate(levels) for t in level}
        tools = [PlannedTool(id=t, name=cards[t].name if t in cards else t,
                             description=cards[t].description if t in cards else "",
                             group=cards[t].group if t in cards else "",
                             category=cards[t].category if t in cards else "", subtask=owner[t], level=level_of[t])
                 for t in ids]
        statuses = {r.status for r in results}
        status = ("success" if statuses == {"success"} else "failure" if not ids else "partial")
        self.usage.seconds = round(time.perf_counter() - started, 3)
        self.usage.steps = len(self.trace)
        if self.llm is not None:
            u = self.llm.usage.since(self._mark)
            self.usage.llm_calls, self.usage.prompt_tokens = u["attempts"], u["prompt_tokens"]
            self.usage.completion_tokens, self.usage.llm_seconds = u["completion_tokens"], u["seconds"]
            self.usage.invalid_answers += self.llm.usage.invalid_answers - self._invalid_mark
        return Plan(id=run_id, query=query, policy="llm" if self.llm is not None else "graph",
                    model=self.llm.model if self.llm is not None else None,
                    created=datetime.now(UTC).isoformat(timespec="milliseconds"), status=status, subtasks=results,
                    tools=tools, edges=edges, levels=levels, trace=self.trace, usage=self.usage)

    def _save(self, plan: Plan) -> None:
        run = {"id": plan.id, "query": plan.query, "created": plan.created, "policy": plan.policy,
               "model": plan.model, "status": plan.status, "seconds": plan.usage.seconds,
               "tool_count": len(plan.tools), "plan": plan.model_dump_json()}
        self.store.query("save_run", run=run, tools=[t.id for t in plan.tools])

    # -- bookkeeping ----------------------------------------------------------------------------------------------
    def _llm_left(self) -> bool:
        return self.llm is not None and self.llm.usage.calls - self._mark[0] < self.config.max_llm_calls

    def _call(self, purpose: str, mark: tuple[int, int, int, float, int]) -> LLMCall:
        assert self.llm is not None
        return LLMCall(purpose=purpose, **self.llm.usage.since(mark))

    def _last_call(self, policy: Policy) -> LLMCall | None:
        if not isinstance(policy, LLMPolicy) or not policy.last_call:
            return None
        call, policy.last_call = policy.last_call, {}
        return LLMCall(purpose="search", **call)

    def _step(self, kind: str, s: _Subsearch | None = None, *, tool: str | None = None,
              candidates: list[Candidate] | None = None, reason: str = "", llm: LLMCall | None = None) -> None:
        self.trace.append(Step(n=len(self.trace) + 1, subtask=s.subtask.id if s else None, kind=kind,
                               round=s.round if s else 1, tool=tool, path=list(s.path) if s else [],
                               candidates=candidates or [], reason=reason, llm=llm))


def flow_order(ids: list[str]) -> Any:
    """Sort key for proposed plan edges: strongest type first; between opposite edges of one type, the one from the
    tool chosen first (ids are in choice order)."""
    chosen = {t: i for i, t in enumerate(ids)}
    return lambda e: (FLOW_ORDER[e.type], chosen[e.source] > chosen[e.target], chosen[e.source], chosen[e.target])


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
