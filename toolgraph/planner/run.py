"""One planning run's state, in one object: its trace, its usage and LLM call budget, and what it retrieved or
chained once (:class:`SearchRun`); and one subtask's search across its reflection rounds (:class:`Subsearch`)."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from toolgraph.planner.models import Candidate, LLMCall, Step, Subtask, Usage

if TYPE_CHECKING:
    from toolgraph.llm import ChatModel
    from toolgraph.planner.chains import Chain


@dataclass
class SearchRun:
    """A plan in the making. One client may serve many plans (the web app keeps one): usage and the LLM call budget
    count from the run's start (``mark``)."""

    query: str
    llm: ChatModel | None = None
    max_llm_calls: int = 0
    started: float = field(default_factory=time.perf_counter)
    id: str = field(default_factory=lambda: "run-" + uuid.uuid4().hex[:12])
    trace: list[Step] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    # (text, category) -> (how many were retrieved, the ranked tool ids): a subtask's query is embedded once
    seeds: dict[tuple[str, str | None], tuple[int, list[str]]] = field(default_factory=dict)
    # (subtask id, the tools ruled out) -> the best whole chain
    chains: dict[tuple[int, frozenset[str]], Chain | None] = field(default_factory=dict)
    mark: tuple[int, int, int, float, int] = (0, 0, 0, 0.0, 0)
    invalid_mark: int = 0

    def __post_init__(self) -> None:
        if self.llm is not None:
            self.mark = self.llm.usage.mark()
            self.invalid_mark = self.llm.usage.invalid_answers

    def llm_left(self) -> bool:
        """An LLM is configured and this run has not spent its call budget."""
        return self.llm is not None and self.llm.usage.llm_calls - self.mark[0] < self.max_llm_calls

    def call(self, purpose: str, mark: tuple[int, int, int, float, int]) -> LLMCall:
        """What the LLM calls since ``mark`` cost, for the trace."""
        assert self.llm is not None
        return LLMCall(purpose=purpose, **self.llm.usage.since(mark))

    def step(self, kind: str, s: Subsearch | None = None, *, tool: str | None = None,
             candidates: list[Candidate] | None = None, reason: str = "", llm: LLMCall | None = None) -> None:
        self.trace.append(Step(n=len(self.trace) + 1, subtask=s.subtask.id if s else None, kind=kind,
                               round=s.round if s else 1, tool=tool, path=list(s.path) if s else [],
                               candidates=candidates or [], reason=reason, llm=llm))

    def close(self) -> Usage:
        """The run's usage, complete: its wall time, its steps and what its LLM calls cost."""
        self.usage.seconds = round(time.perf_counter() - self.started, 3)
        self.usage.steps = len(self.trace)
        if self.llm is not None:
            u = self.llm.usage.since(self.mark)
            self.usage.llm_calls, self.usage.prompt_tokens = u["attempts"], u["prompt_tokens"]
            self.usage.completion_tokens, self.usage.llm_seconds = u["completion_tokens"], u["seconds"]
            self.usage.invalid_answers += self.llm.usage.invalid_answers - self.invalid_mark
        return self.usage


@dataclass
class Subsearch:
    """One subtask's search: its state across rounds."""

    run: SearchRun
    subtask: Subtask
    path: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    rejected: set[str] = field(default_factory=set)  # backtracked out of in this round
    excluded: set[str] = field(default_factory=set)  # noise named by a reflection
    steps: int = 0
    round: int = 1
