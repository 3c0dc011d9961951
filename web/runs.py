"""What the path viewer reads and runs: the request checked, the real planner run and stored as a ``(:Run)`` node,
past runs listed and reopened, and a run's views (its search tree, tool DAG and steps). Plain functions of a store
(no Flask)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolgraph.db.store import GraphStore
from toolgraph.models import clean_text
from web.errors import NotFound, Unavailable, ValidationFailed, WebError
from web.graphs import plan_dag, search_tree, trace_rows

if TYPE_CHECKING:
    from toolgraph.embeddings.base import Embedder
    from toolgraph.llm import ChatModel
    from toolgraph.planner import PlannerConfig
    from toolgraph.planner.models import Plan

log = logging.getLogger(__name__)

MAX_QUERY = 2000


def list_runs(store: GraphStore, limit: int = 50) -> list[dict[str, Any]]:
    return store.query("list_runs", limit=limit)


def _run_row(store: GraphStore, run_id: str) -> dict[str, Any]:
    rows = store.query("get_run", id=run_id)
    if not rows:
        raise NotFound(f"no run {run_id!r}", "id")
    return rows[0]


def load_plan(store: GraphStore, run_id: str, row: dict[str, Any] | None = None) -> Plan:
    from toolgraph.planner.models import Plan

    row = row or _run_row(store, run_id)
    try:
        return Plan.model_validate_json(row["plan"] or "")
    except ValueError as exc:  # pydantic's ValidationError: stored by a planner whose Plan differs
        raise WebError(f"run {run_id!r} cannot be read by this version of the planner: {exc}", "id",
                       status=500) from None


def execution_view(row: dict[str, Any]) -> dict[str, Any] | None:
    """An executed run's outcome: {status, answer, calls, outcomes: {planned tool id: ok | failed | skipped}}; a
    planned tool replaced by a substitute that answered counts as ``substituted``. None for a plan only."""
    if not row.get("executed"):
        return None
    try:
        calls = json.loads(row.get("calls") or "[]")
        answer = json.loads(row.get("answer") or "null")
    except ValueError:
        return None
    outcomes: dict[str, str] = {}
    for call in calls:
        if call.get("substitute_for"):
            if call.get("status") == "ok":
                outcomes[call["substitute_for"]] = "substituted"
        else:
            outcomes.setdefault(call.get("tool", ""), call.get("status", ""))
    return {"status": row.get("run_status"), "answer": answer, "calls": calls, "outcomes": outcomes}


def run_view(store: GraphStore, run_id: str, link: Callable[[str], str]) -> dict[str, Any]:
    """The run as the page shows it; ``link(tool_id)`` gives the URL a click on a tool opens. An executed run
    also carries its outcome, and its DAG is coloured by each call's."""
    row = _run_row(store, run_id)
    plan = load_plan(store, run_id, row)
    execution = execution_view(row)
    outcomes = execution["outcomes"] if execution else None
    return {"plan": plan.model_dump(mode="json"), "tree": search_tree(plan), "dag": plan_dag(plan, link, outcomes),
            "steps": trace_rows(plan), "execution": execution}


def check_query(data: dict[str, Any]) -> str:
    """The request text of a form or JSON body, cleaned: 400 when missing, empty or too long."""
    raw = data.get("query")
    if raw is not None and not isinstance(raw, str):
        raise ValidationFailed("query must be text", "query")
    query = clean_text(raw or "")
    if not query:
        raise ValidationFailed("the request is empty", "query")
    if len(query) > MAX_QUERY:
        raise ValidationFailed(f"the request is longer than {MAX_QUERY} characters", "query")
    return query


def run_planner(store: GraphStore, query: str, *, llm: ChatModel | None, embedder: Embedder | None,
                config: PlannerConfig | None = None) -> Plan:
    """Plan a request with the real planner (``llm``, else the graph-only policy; ``config`` as the settings say,
    ``toolgraph.wiring.planner_config``) and store the run."""
    try:
        from toolgraph.planner import plan_request
    except ImportError as exc:
        raise Unavailable(f"the planner is not available in this installation ({exc})", "query") from None
    return plan_request(store, query, llm=llm, embedder=embedder, save=True, config=config)
