"""One subtask's search: depth first over the tool graph with backtracking, bounded by depth, steps and the LLM call
budget; then self-reflection on the path, which may resume it before its first wrong tool or restart it without the
noise, for a few rounds. Long-term memory offers the tools of similar solved subtasks and keeps the new solutions.
See docs/planner.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from toolgraph.llm import LLMError
from toolgraph.planner.candidates import Candidates
from toolgraph.planner.chains import Chain
from toolgraph.planner.config import PlannerConfig
from toolgraph.planner.memory import LongTermMemory
from toolgraph.planner.models import Candidate, Subtask, SubtaskResult
from toolgraph.planner.policy import Decision, GraphPolicy, Policy, SearchState, Verdict
from toolgraph.planner.run import SearchRun, Subsearch

# The candidates of a step: (subsearch, context, memories, unmet inputs, the best chain) -> candidates.
Offer = Callable[[Subsearch, dict[int, list[str]], list[dict[str, Any]], dict[str, list[str]], Chain | None],
                 list[Candidate]]


@dataclass
class DepthFirst:
    """The search of one plan's subtasks. ``policy`` decides while the run has LLM calls left, ``fallback`` (the
    graph policy) after that and when the LLM fails; ``offer`` gives a step's candidates (``Candidates.offer``)."""

    run: SearchRun
    config: PlannerConfig
    policy: Policy
    fallback: GraphPolicy
    memory: LongTermMemory
    candidates: Candidates
    offer: Offer

    def solve(self, subtask: Subtask, context: dict[int, list[str]]) -> SubtaskResult:
        """Search, reflect, and search again (resumed or restarted) until the path is judged a success or the
        rounds or steps are spent."""
        s = Subsearch(self.run, subtask)
        memories = self.recall(subtask)
        verdict = Verdict(status="failure", reason="not searched")
        while True:
            exhausted = self.search(s, context, memories)
            verdict = self.reflect(s, context, memories, exhausted)
            if verdict.status == "success" or s.round >= self.config.max_rounds or s.steps >= self.config.max_steps:
                break
            s.round += 1
            if verdict.status == "partial" and verdict.first_wrong and s.path:
                i = max(0, min(verdict.first_wrong, len(s.path)) - 1)
                wrong = s.path[i]
                s.path, s.reasons, s.rejected = s.path[:i], s.reasons[:i], {wrong}
                self.run.step("resume", s, tool=wrong, reason=f"resume before {wrong}: {verdict.reason}")
            else:
                noise = [t for t in verdict.noise if t] or s.path[:1]
                s.excluded |= set(noise)
                s.path, s.reasons, s.rejected = [], [], set()
                self.run.step("restart", s,
                              reason=f"restart without {', '.join(noise) or 'nothing'}: {verdict.reason}")
        status = verdict.status
        if status == "success" and self.config.remember and s.path:
            self.memory.remember(subtask.description, s.path, "")
        return SubtaskResult(subtask=subtask, tools=list(s.path), status=status, rounds=s.round,
                             reflection=verdict.reason)

    def recall(self, subtask: Subtask) -> list[dict[str, Any]]:
        if not self.config.use_memory:
            return []
        found = self.memory.recall(subtask.description)
        for m in found:
            self.memory.used(m.id)
        if found:
            self.run.step("memory", Subsearch(self.run, subtask), reason="; ".join(
                f"{m.text!r} (similarity {m.similarity:.3f}) was solved with {' -> '.join(m.tools)}" for m in found))
        return [{"id": m.id, "text": m.text, "tools": m.tools, "similarity": m.similarity} for m in found]

    def current_policy(self) -> Policy:
        """The policy while LLM calls are left; the graph policy after (and with no LLM)."""
        return self.policy if self.run.llm_left() else self.fallback

    def search(self, s: Subsearch, context: dict[int, list[str]], memories: list[dict[str, Any]]) -> bool:
        """Search until the policy finishes; True when a budget stopped it."""
        cfg = self.config
        while True:
            if s.steps >= cfg.max_steps:
                self.run.step("budget", s, reason=f"step budget of {cfg.max_steps} spent for this subtask")
                return True
            state = self.state(s, context, memories)
            policy = self.current_policy()
            if policy is not self.policy and not any(st.kind == "budget" and "LLM" in st.reason
                                                     for st in self.run.trace):
                self.run.step("budget", s, reason=f"LLM call budget of {cfg.max_llm_calls} spent; the graph policy "
                                                  f"decides from here")
            decision = self.decide(policy, state)
            s.steps += 1
            if decision.action == "choose" and len(s.path) >= cfg.max_depth:
                self.run.step("budget", s, candidates=state.candidates,
                              reason=f"the path has reached the depth bound of {cfg.max_depth}")
                return True
            if decision.action == "choose":
                assert decision.tool
                s.path.append(decision.tool)
                s.reasons.append(decision.reason)
                self.run.step("choose", s, tool=decision.tool, candidates=state.candidates, reason=decision.reason,
                              llm=decision.llm)
            elif decision.action == "backtrack" and s.path:
                tool = decision.tool if decision.tool in s.path else s.path[-1]
                cut = s.path.index(tool)
                s.path, s.reasons = s.path[:cut], s.reasons[:cut]
                s.rejected.add(tool)
                self.run.usage.backtracks += 1
                self.run.step("backtrack", s, tool=tool, candidates=state.candidates, reason=decision.reason,
                              llm=decision.llm)
            else:
                self.run.step("finish", s, candidates=state.candidates, reason=decision.reason, llm=decision.llm)
                return False

    def decide(self, policy: Policy, state: SearchState) -> Decision:
        try:
            return policy.decide(state)
        except LLMError as exc:  # an LLM that keeps failing: the graph decides this step, and it is in the trace
            self.run.usage.invalid_answers += 1
            decision = self.fallback.decide(state)
            decision.reason = f"LLM failed ({exc}); graph policy: {decision.reason}"
            return decision

    def reflect(self, s: Subsearch, context: dict[int, list[str]], memories: list[dict[str, Any]],
                exhausted: bool) -> Verdict:
        state = self.state(s, context, memories, offer=False)
        policy = self.current_policy()
        try:
            verdict = policy.reflect(state, exhausted)
        except LLMError as exc:
            verdict = self.fallback.reflect(state, exhausted)
            verdict.reason = f"LLM failed ({exc}); graph judgement: {verdict.reason}"
        known = set(s.path) | {c for c in verdict.noise if c in self.candidates.graph.cards}
        verdict.noise = [t for t in verdict.noise if t in known]
        self.run.step("reflect", s, reason=f"{verdict.status}: {verdict.reason}", llm=verdict.llm)
        return verdict

    def state(self, s: Subsearch, context: dict[int, list[str]], memories: list[dict[str, Any]], *,
              offer: bool = True) -> SearchState:
        """What the policy sees: without candidates (``offer=False``) for a reflection."""
        unmet = self.candidates.unmet(s.path, s.subtask.description,
                                      [t for tools in context.values() for t in tools])
        chain = self.candidates.chain(s, context, memories) if offer else None
        candidates = self.offer(s, context, memories, unmet, chain) if offer else []
        return SearchState(subtask=s.subtask, path=list(s.path), reasons=list(s.reasons), candidates=candidates,
                           unmet=unmet, context_tools=context, memories=memories, round=s.round,
                           chain=list(chain.tools) if chain else [],
                           chain_reason=self.candidates.chain_reason(chain) if chain else "")
