"""The path viewer: enter a request, run the planner, and see its subtasks, the DFS search tree (visited,
backtracked, chosen, with the reasons) and the final tool DAG; past runs are ``(:Run)`` nodes, listed and reopened
from the graph."""

from __future__ import annotations

import logging
from typing import Any

from flask import Blueprint, current_app, flash, jsonify, redirect, render_template, url_for

from toolgraph.models import clean_text
from web.auth import LoginRequired, current_user
from web.context import NotFound, Unavailable, ValidationFailed, WebError, arg_int, json_body, state
from web.graphs import plan_dag, search_tree, trace_rows

log = logging.getLogger(__name__)

bp = Blueprint("runs", __name__)

MAX_QUERY = 2000


def list_runs(limit: int = 50) -> list[dict[str, Any]]:
    return state().store.query("list_runs", limit=limit)


def load_plan(run_id: str) -> Any:
    from toolgraph.planner.models import Plan

    rows = state().store.query("get_run", id=run_id)
    if not rows:
        raise NotFound(f"no run {run_id!r}", "id")
    try:
        return Plan.model_validate_json(rows[0]["plan"] or "")
    except ValueError as exc:  # pydantic's ValidationError: stored by a planner whose Plan differs
        raise WebError(f"run {run_id!r} cannot be read by this version of the planner: {exc}", "id",
                       status=500) from None


def run_view(run_id: str) -> dict[str, Any]:
    plan = load_plan(run_id)

    def link(tool_id: str) -> str:
        return url_for("explorer.page", id=tool_id)

    return {"plan": plan.model_dump(mode="json"), "tree": search_tree(plan), "dag": plan_dag(plan, link),
            "steps": trace_rows(plan)}


def run_planner(data: dict[str, Any]) -> Any:
    """Plan a request with the real planner (the configured LLM, else the graph-only policy) and store the run."""
    if current_app.config["TOOLGRAPH_LOGIN_TO_PLAN"] and current_user() is None:
        raise LoginRequired("log in to run the planner", "login")
    raw = data.get("query")
    if raw is not None and not isinstance(raw, str):
        raise ValidationFailed("query must be text", "query")
    query = clean_text(raw or "")
    if not query:
        raise ValidationFailed("the request is empty", "query")
    if len(query) > MAX_QUERY:
        raise ValidationFailed(f"the request is longer than {MAX_QUERY} characters", "query")
    try:
        from toolgraph.planner import plan_request
    except ImportError as exc:
        raise Unavailable(f"the planner is not available in this installation ({exc})", "query") from None
    web = state()
    return plan_request(web.store, query, llm=web.llm(), embedder=web.embedder(), save=True)


@bp.get("/runs")
def page() -> Any:
    return render_template("runs.html", runs=list_runs(), query="")


@bp.post("/runs")
def submit() -> Any:
    data = json_body()
    try:
        plan = run_planner(data)
    except ValidationFailed as exc:
        flash(str(exc), "error")
        return render_template("runs.html", runs=list_runs(), query=data.get("query") or ""), exc.status
    return redirect(url_for("runs.show", run_id=plan.id))


@bp.get("/runs/<run_id>")
def show(run_id: str) -> Any:
    return render_template("run.html", run=run_view(run_id))


@bp.get("/api/runs")
def api_list() -> Any:
    return jsonify(list_runs(arg_int("limit", 50, 1, 500)))


@bp.get("/api/runs/<run_id>")
def api_show(run_id: str) -> Any:
    return jsonify(run_view(run_id))


@bp.post("/api/runs")
def api_create() -> Any:
    plan = run_planner(json_body())
    return jsonify({"id": plan.id, "status": plan.status, "url": url_for("runs.show", run_id=plan.id),
                    "plan": plan.model_dump(mode="json")}), 201
