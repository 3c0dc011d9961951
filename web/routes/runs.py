"""The path viewer: enter a request, run the planner, and see its subtasks, the DFS search tree (visited,
backtracked, chosen, with the reasons) and the final tool DAG; past runs are listed and reopened. Pages and
``/api/runs`` over :mod:`web.runs`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from flask import Blueprint, current_app, flash, jsonify, redirect, render_template, url_for

from web.context import arg_int, json_body, state
from web.errors import LoginRequired, ValidationFailed
from web.routes.auth import current_user, require_login_for_runs
from web.runs import check_query, list_runs, run_planner, run_view

if TYPE_CHECKING:
    from toolgraph.planner.models import Plan

bp = Blueprint("runs", __name__)


def _plan(data: dict[str, Any]) -> Plan:
    """Run the planner with the app's LLM and embedder; a login first where the settings ask for one."""
    if current_app.config["TOOLGRAPH_LOGIN_TO_PLAN"] and current_user() is None:
        raise LoginRequired("log in to run the planner", "login")
    from toolgraph import wiring

    query = check_query(data)
    web = state()
    return run_planner(web.store, query, llm=web.llm(), embedder=web.embedder(),
                       config=wiring.planner_config(web.settings))


def _view(run_id: str) -> dict[str, Any]:
    require_login_for_runs("read stored runs")
    return run_view(state().store, run_id, lambda tool_id: url_for("explorer.page", id=tool_id))


@bp.get("/runs")
def page() -> Any:
    require_login_for_runs("read stored runs")
    return render_template("runs/page.html", runs=list_runs(state().store), query="")


@bp.post("/runs")
def submit() -> Any:
    data = json_body()
    try:
        plan = _plan(data)
    except ValidationFailed as exc:
        flash(str(exc), "error")
        listed = list_runs(state().store) if current_user() or not current_app.config["TOOLGRAPH_LOGIN_TO_RUN"] else []
        html = render_template("runs/page.html", runs=listed, query=data.get("query") or "")
        return html, exc.status
    return redirect(url_for("runs.show", run_id=plan.id))


@bp.get("/runs/<run_id>")
def show(run_id: str) -> Any:
    return render_template("runs/show.html", run=_view(run_id))


@bp.get("/api/runs")
def api_list() -> Any:
    require_login_for_runs("read stored runs")
    return jsonify(list_runs(state().store, arg_int("limit", 50, 1, 500)))


@bp.get("/api/runs/<run_id>")
def api_show(run_id: str) -> Any:
    return jsonify(_view(run_id))


@bp.post("/api/runs")
def api_create() -> Any:
    plan = _plan(json_body())
    return jsonify({"id": plan.id, "status": plan.status, "url": url_for("runs.show", run_id=plan.id),
                    "plan": plan.model_dump(mode="json")}), 201
