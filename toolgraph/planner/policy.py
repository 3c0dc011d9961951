"""Who makes the search's choices: the graph-only policy (deterministic, no LLM) or an LLM.

Both see the same :class:`SearchState` (the subtask, the path with the reasons given, the candidates with scores
and edge types, the tools' unmet strong inputs) and answer with a :class:`Decision`; both judge a finished path
with a :class:`Verdict` (self-reflection). A decision or verdict the LLM gave carries what its call cost (``llm``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field
from pydantic.json_schema import SkipJsonSchema

from toolgraph.llm import ChatModel, act
from toolgraph.planner.graph import PlannerGraph
from toolgraph.planner.models import Candidate, LLMCall, Subtask


@dataclass
class SearchState:
    subtask: Subtask
    path: list[str]
    reasons: list[str]
    candidates: list[Candidate]
    unmet: dict[str, list[str]]  # path tool -> resources it cannot run without that no path tool provides
    context_tools: dict[int, list[str]]  # predecessor subtask -> its tools
    memories: list[dict[str, Any]] = field(default_factory=list)
    round: int = 1
    chain: list[str] = field(default_factory=list)  # the best whole chain the graph offers (planner/chains.py)
    chain_reason: str = ""


@dataclass
class Decision:
    action: Literal["choose", "backtrack", "finish"]
    tool: str | None = None
    reason: str = ""
    llm: LLMCall | None = None  # the LLM call that made it (None: the graph decided)


class Verdict(BaseModel):
    """Self-reflection on a subtask's tool path."""

    status: Literal["success", "partial", "failure"]
    first_wrong: int | None = Field(None, description="partial: 1-based position of the first wrong tool")
    noise: list[str] = Field([], description="failure: tool ids (seeds) to leave out on the restart")
    reason: str = ""
    # the LLM call that gave it (None: the graph judged); not part of the answer the LLM is asked for
    llm: SkipJsonSchema[LLMCall | None] = Field(None, exclude=True)


class Policy:
    name = "graph"

    def decide(self, state: SearchState) -> Decision:
        raise NotImplementedError

    def reflect(self, state: SearchState, exhausted: bool) -> Verdict:
        raise NotImplementedError


@dataclass
class GraphPolicy(Policy):
    """Deterministic choices from the candidates' scores (similarity, dependency type and weight, importance,
    availability):

    0. while the path is a prefix of the best whole chain (``SearchState.chain``, planner/chains.py), take its next
       tool, and finish when the chain is complete;
    1. a path tool has a needed input (PlannerGraph.needed_inputs) nobody on the path provides: choose its best
       provider (one of the same tool group that needs no other tool itself first), or backtrack (drop that tool)
       when none is left;
    2. an empty path: choose the best candidate;
    3. otherwise extend with the best dependency neighbour if it is about as similar to the subtask as the path's
       best tool (``extend_ratio``; at least as similar when it is of another tool group) and similar enough at
       all (``extend_floor``); else finish.
    """

    extend_ratio: float = 0.9
    extend_floor: float = 0.3
    need_cost: float = 0.2  # a provider's score drops this much for each input it needs from yet another tool
    graph: PlannerGraph | None = None
    name = "graph"

    def decide(self, state: SearchState) -> Decision:
        cands = state.candidates
        chain = state.chain
        if chain and state.path == chain[: len(state.path)]:  # follow the best chain while the path is its prefix
            if len(state.path) < len(chain):
                nxt = chain[len(state.path)]
                return Decision("choose", nxt, f"step {len(state.path) + 1} of {len(chain)} of the best chain: "
                                               f"{state.chain_reason}")
            if not state.unmet:
                return Decision("finish", None, f"the chain is complete: {state.chain_reason}")
        if state.unmet:
            for tool, resources in state.unmet.items():
                providers = [c for c in cands if c.edge in ("STRONG_RESOURCE", "WEAK_RESOURCE") and c.direction == "in"
                             and c.via == tool and (c.resource or "") in resources]
                if providers:  # one of the same tool group first; each input it needs itself costs
                    best = min(providers, key=lambda c: (not self.same_group(c.id, tool),
                                                         -(c.score - self.need_cost * len(c.needs)), c.id))
                    return Decision("choose", best.id, f"{best.name} provides `{best.resource}`, which {tool} cannot "
                                                       f"run without (score {best.score:.3f})")
            tool, resources = next(iter(state.unmet.items()))
            return Decision("backtrack", tool, f"{tool} needs {', '.join(f'`{r}`' for r in resources)} and no "
                                               f"remaining tool provides it")
        if not state.path:
            if not cands:
                return Decision("finish", None, "no candidate tools")
            best = max(cands, key=lambda c: (c.score, c.id))
            return Decision("choose", best.id, f"best match for the subtask (score {best.score:.3f}, "
                                               f"{best.edge.lower()})")
        # Inputs are met: only what uses the path's outputs or follows it moves the task forward.
        neighbours = [c for c in cands if c.edge == "MEMORY" or (
            c.edge in ("STRONG_RESOURCE", "WEAK_RESOURCE", "SEQUENTIAL") and c.direction == "out")]
        on_path = self.path_similarity(state)
        floor = max(self.extend_floor, self.extend_ratio * on_path)
        groups = {self.group(t) for t in state.path}
        # Leaving the path's tool groups needs more: at least the path's own similarity.
        fitting = [c for c in neighbours
                   if c.similarity >= (floor if self.group(c.id) in groups else max(floor, on_path))]
        if fitting:
            best = max(fitting, key=lambda c: (c.score, c.id))
            link = f"{best.edge.lower()} {'from' if best.direction == 'out' else 'to'} {best.via}"
            return Decision("choose", best.id, f"{best.name} continues the path ({link}), similarity "
                                               f"{best.similarity:.3f} >= {floor:.3f}")
        return Decision("finish", None, f"the path's inputs are met and no neighbour is similar enough "
                                        f"(>= {floor:.3f}) to add")

    def group(self, tool: str) -> str | None:
        card = self.graph.tools([tool]).get(tool) if self.graph is not None else None
        return card.group if card else None

    def same_group(self, a: str, b: str) -> bool:
        return self.group(a) is not None and self.group(a) == self.group(b)

    def path_similarity(self, state: SearchState) -> float:
        if self.graph is None or not state.path:
            return 0.0
        return max(self.graph.similarity(state.subtask.description, state.path).values(), default=0.0)

    def reflect(self, state: SearchState, exhausted: bool) -> Verdict:
        if not state.path:
            return Verdict(status="failure", reason="no tool was found for the subtask")
        if state.unmet:
            tool = next(iter(state.unmet))
            return Verdict(status="partial", first_wrong=state.path.index(tool) + 1,
                           reason=f"{tool} still lacks {', '.join(state.unmet[tool])}")
        return Verdict(status="success", reason="every tool on the path has its strong inputs provided")


# -- the LLM policy ---------------------------------------------------------------------------------------------
class ChooseTool(BaseModel):
    """Add a candidate tool to the path."""

    tool: str = Field(description="the id of one offered candidate")


class Backtrack(BaseModel):
    """Remove the last tool from the path: it was a wrong turn."""


class Finish(BaseModel):
    """The path solves the subtask (or nothing offered can)."""


ACTIONS: dict[str, type[BaseModel]] = {"choose_tool": ChooseTool, "backtrack": Backtrack, "finish": Finish}

SELECT_PROMPT = """You select the tools that solve one subtask by walking a tool graph, depth first. At each step you
see the path chosen so far (with your reasons), and candidate tools: for an empty path, tools retrieved for the
subtask; afterwards, the path tools' neighbours in the graph. Prefer, in this order: strong dependency (the candidate
produces a value a path tool cannot run without) > weak dependency (it can supply an input) > sequential dependency
(it usually runs right before/after) > retrieved only. Choose one candidate to add, backtrack if the last tool was a
wrong turn, or finish when the path solves the subtask. Keep paths short: add a tool only if the subtask needs it."""

REFLECT_PROMPT = """Judge whether a tool path solves a subtask. Answer with JSON only:
{"status": "success" | "partial" | "failure", "first_wrong": <1-based position of the first wrong tool, for
partial>, "noise": [<ids of starting tools that were noise, for failure>], "reason": "<one sentence>"}
success: the tools, run in dependency order, accomplish the subtask. partial: the path went wrong at one tool;
the search resumes from there. failure: it is wrong from the start; the search restarts without the noise tools."""


def describe_candidate(c: Candidate, card: dict[str, Any]) -> str:
    if c.edge == "RETRIEVAL":
        link = "retrieved for the subtask"
    elif c.edge == "MEMORY":
        link = "used for a similar past subtask"
    elif c.edge == "CHAIN":
        link = "next tool of the best whole chain the graph offers (see the note above)"
    elif c.edge == "SEQUENTIAL":
        link = (f"sequential: usually runs after {c.via}" if c.direction == "out"
                else f"sequential: usually runs before {c.via}")
    else:
        kind = "strong" if c.edge == "STRONG_RESOURCE" else "weak"
        link = (f"{kind} dependency: provides `{c.resource}` to {c.via}" if c.direction == "in"
                else f"{kind} dependency: uses `{c.resource}` from {c.via}")
    weight = f", weight {c.weight:.2f}" if c.weight is not None else ""
    params = ", ".join(card.get("required") or []) or "none"
    needs = f" (from another tool: {', '.join(c.needs)})" if c.needs else ""
    return (f"- {c.id} | {card.get('name')}: {card.get('description')} | required: {params}{needs} | {link}{weight} "
            f"| score {c.score:.3f}")


@dataclass
class LLMPolicy(Policy):
    model: ChatModel
    graph: PlannerGraph
    protocol: str = "json"
    decoupled: bool = False
    name = "llm"

    def _state_text(self, state: SearchState) -> str:
        lines = [f"Subtask {state.subtask.id}: {state.subtask.description}"]
        for sid, tools in state.context_tools.items():
            lines.append(f"It uses the results of subtask {sid}, solved with: {', '.join(tools) or 'nothing'}")
        for m in state.memories:
            lines.append(f"A similar past subtask ({m['text']!r}) was solved with: {' -> '.join(m['tools'])}")
        if state.path:
            lines.append("Path so far:")
            for i, (tool, reason) in enumerate(zip(state.path, state.reasons), start=1):
                lines.append(f"  {i}. {tool} (because: {reason})")
        else:
            lines.append("Path so far: empty")
        if state.chain:
            lines.append(f"The graph's best whole chain for this subtask: {state.chain_reason}")
        for tool, resources in state.unmet.items():
            lines.append(f"Note: {tool} cannot run without {', '.join(resources)}, which no path tool provides.")
        cards = self.graph.tools([c.id for c in state.candidates])
        lines.append("Candidates:" if state.candidates else "Candidates: none")
        lines += [describe_candidate(c, cards[c.id].brief() if c.id in cards else {}) for c in state.candidates]
        return "\n".join(lines)

    def _check(self, state: SearchState):
        ids = {c.id for c in state.candidates}

        def check(name: str, args: Any) -> str | None:
            if name == "choose_tool" and args.tool not in ids:
                offered = ", ".join(sorted(ids)) or "none"
                return f"unknown tool {args.tool!r}: choose one of the offered candidate ids ({offered})"
            if name == "backtrack" and not state.path:
                return "the path is empty: there is nothing to backtrack; choose a tool or finish"
            return None

        return check

    def decide(self, state: SearchState) -> Decision:
        mark = self.model.usage.mark()
        text = self._state_text(state)
        reasoning = ""
        if self.decoupled:
            reasoning = self.model.chat([
                {"role": "system", "content": SELECT_PROMPT},
                {"role": "user", "content": text + "\nThink in at most 80 words about which action is right. Do "
                                                   "not answer with the action yet."}], max_tokens=200)
            legal = ", ".join(c.id for c in state.candidates) or "none"
            messages = [{"role": "system", "content": "Turn the reasoning into one action. Legal tools: " + legal},
                        {"role": "user", "content": f"Subtask: {state.subtask.description}\nReasoning: {reasoning}"}]
        else:
            messages = [{"role": "system", "content": SELECT_PROMPT}, {"role": "user", "content": text}]
        name, args, objective = act(self.model, messages, ACTIONS, protocol=self.protocol, check=self._check(state))
        call = LLMCall(purpose="search", **self.model.usage.since(mark))
        reason = objective or reasoning[:300] or name
        if name == "choose_tool":
            return Decision("choose", args.tool, reason, llm=call)
        if name == "backtrack":
            return Decision("backtrack", state.path[-1], reason, llm=call)
        return Decision("finish", None, reason, llm=call)

    def reflect(self, state: SearchState, exhausted: bool) -> Verdict:
        mark = self.model.usage.mark()
        cards = self.graph.tools(state.path)
        lines = [f"Subtask: {state.subtask.description}", "Path:"]
        for i, (tool, reason) in enumerate(zip(state.path, state.reasons), start=1):
            lines.append(f"  {i}. {json.dumps(cards[tool].brief() if tool in cards else {'id': tool})} "
                         f"(chosen because: {reason})")
        if not state.path:
            lines.append("  (empty)")
        if exhausted:
            lines.append("The search budget ran out before the path was finished.")

        def check(v: Verdict) -> str | None:
            if v.status == "partial" and not (v.first_wrong and 1 <= v.first_wrong <= len(state.path)):
                return f"partial needs first_wrong between 1 and {len(state.path)}"
            return None

        verdict = self.model.complete_json([{"role": "system", "content": REFLECT_PROMPT},
                                            {"role": "user", "content": "\n".join(lines)}], Verdict, check=check)
        verdict.llm = LLMCall(purpose="search", **self.model.usage.since(mark))
        return verdict
