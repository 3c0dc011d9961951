"""What the planner produces: subtasks, the search trace, and the plan (a tool DAG with data flow).

Everything is pydantic, so a plan is one JSON document: ``Plan.model_dump(mode="json")`` is what ``toolgraph plan
--json`` prints, what a ``(:Run)`` node stores in its ``plan`` property and what the web page draws.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from toolgraph.llm import Usage  # a plan's usage is the LLM client's kind, with its steps and wall time

EdgeKind = Literal["STRONG_RESOURCE", "WEAK_RESOURCE", "SEQUENTIAL", "RETRIEVAL", "MEMORY", "CHAIN"]
StepKind = Literal["decompose", "offer", "choose", "backtrack", "finish", "reflect", "restart", "resume", "memory",
                   "budget"]
Status = Literal["success", "partial", "failure"]
# Dependency types, strongest first: the order candidates are ranked in.
EDGE_RANK: dict[str, int] = {"STRONG_RESOURCE": 3, "WEAK_RESOURCE": 2, "SEQUENTIAL": 1, "MEMORY": 1,
                             "CHAIN": 1, "RETRIEVAL": 0}


class Subtask(BaseModel):
    """One step of the user's request. ``context`` lists the ids of the subtasks whose results it needs."""

    id: int = Field(ge=1)
    description: str = Field(min_length=1, max_length=2000)
    category: str | None = None
    context: list[int] = []


class Decomposition(BaseModel):
    subtasks: list[Subtask] = Field(min_length=1, max_length=20)


class Candidate(BaseModel):
    """A tool offered at a search step, and why."""

    id: str
    name: str
    score: float
    similarity: float
    edge: EdgeKind
    via: str | None = None  # the tool on the path (or memory id) it is connected to
    direction: Literal["in", "out"] | None = None  # in: it provides for ``via``; out: it follows/uses ``via``
    resource: str | None = None
    weight: float | None = None
    importance: float | None = None
    availability: float | None = None
    needs: list[str] = []  # inputs it cannot run without another tool (PlannerGraph.needed_inputs)
    grounded: bool = False  # the request names something and this tool takes a name or query to look it up


class LLMCall(BaseModel):
    purpose: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    prompt_chars: int = 0
    seconds: float = 0.0
    attempts: int = 1


class Step(BaseModel):
    """One event of the search. ``path`` is the subtask's tool path after the event."""

    n: int
    subtask: int | None = None
    kind: StepKind
    round: int = 1
    tool: str | None = None
    path: list[str] = []
    candidates: list[Candidate] = []
    reason: str = ""
    llm: LLMCall | None = None


class DataFlow(BaseModel):
    """An edge of the plan's tool DAG: ``source``'s output feeds ``target`` (resource edges), or ``target`` runs
    after ``source`` (sequential / subtask order)."""

    source: str
    target: str
    type: Literal["STRONG_RESOURCE", "WEAK_RESOURCE", "SEQUENTIAL", "ORDER"]
    resource: str | None = None
    weight: float | None = None


class PlannedTool(BaseModel):
    id: str
    name: str
    description: str = ""
    group: str = ""
    category: str = ""
    subtask: int
    level: int = 0  # dependency level: tools of one level can run in parallel


class SubtaskResult(BaseModel):
    subtask: Subtask
    tools: list[str] = []
    status: Status = "failure"
    rounds: int = 1
    reflection: str = ""


class Plan(BaseModel):
    id: str
    query: str
    policy: Literal["llm", "graph"]
    model: str | None = None
    created: str
    status: Status
    subtasks: list[SubtaskResult]
    tools: list[PlannedTool]
    edges: list[DataFlow]
    levels: list[list[str]]
    trace: list[Step]
    usage: Usage

    def tool_ids(self) -> list[str]:
        """The chosen tools, in execution order (level by level)."""
        return [t for level in self.levels for t in level]
