"""What running a plan produces: one record per call, the answer, and the run result (pydantic, one JSON)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field

from toolgraph.planner.models import Plan
from toolgraph.text.secrets import MASK, is_secret_name

CallStatus = Literal["ok", "failed", "skipped"]


def mask(arguments: dict[str, Any]) -> dict[str, Any]:
    """Arguments with the values of secret-looking names replaced, for traces and the graph."""
    return {k: MASK if is_secret_name(k) else v for k, v in arguments.items()}


class CallRecord(BaseModel):
    id: str  # c1, c2, ... in start order
    tool: str
    level: int
    executor: str | None = None
    arguments: dict[str, Any] = {}
    bound_from: dict[str, str] = {}  # parameter -> where its value came from (call:path, request, llm, ...)
    status: CallStatus = "skipped"
    attempts: int = 0
    latency_ms: float = 0.0
    result: Any = None  # compressed
    result_chars: int = 0
    raw: str | None = None  # the raw response, size-capped (trace only)
    raw_chars: int = 0
    simulated: bool = False
    pages: int = 1  # pages of a paginated list read (the records of every page are in the result)
    error: str | None = None
    substitute_for: str | None = None  # the planned tool this call replaced
    replanned: list[CallRecord] = []  # the calls of the re-planned path that stood in for this one
    raw_value: Any = Field(None, exclude=True)  # the parsed response, for downstream binding (not serialised)


class Citation(BaseModel):
    fact: str
    call: str


class Answer(BaseModel):
    text: str
    citations: list[Citation] = []
    data: dict[str, Any] = {}  # call id -> compressed result of the calls the answer rests on
    by: Literal["llm", "rules"] = "rules"


class RunTimings(BaseModel):
    plan_s: float = 0.0
    execute_s: float = 0.0
    answer_s: float = 0.0
    total_s: float = 0.0


class RunResult(BaseModel):
    id: str
    query: str
    status: Literal["success", "partial", "failure"]
    reasons: list[str] = []  # why the run is not a success (toolgraph.execute.outcome)
    plan: Plan
    levels: list[list[str]]  # call ids by level, as executed
    calls: list[CallRecord]
    answer: Answer
    usage: dict[str, Any] = {}
    timings: RunTimings = RunTimings()
    learned: dict[str, Any] = {}


@dataclass
class RunConfig:
    call_timeout_s: float = 20.0
    run_timeout_s: float = 120.0
    retries: int = 2  # extra tries after a retryable error
    backoff_s: float = 0.25  # first wait; doubled each try
    max_retry_after_s: float = 10.0
    per_host: int = 4
    compress_chars: int = 1024
    raw_chars: int = 20_000  # the raw response kept in the trace
    substitutes: int = 2
    replans: int = 1  # re-planning of a failed call's subtask (0: never); needs a re-planner
    replan_depth: int = 3  # tools of a re-planned path
    second_looks: int = 1  # whole plans tried again without a lookup that found nothing for the request's name
    pages: int = 10  # pages of a paginated list read at most (1: the first only), up to 500 records
    follow: bool = True  # a partial run follows an id its answer holds to the lookup of that thing (execute/follow)
    learn: bool = True  # teach: outcome counts, and for a successful run its call path and memories
    save: bool = True  # store the (:Run) (with what it taught, so that it can be forgotten)
