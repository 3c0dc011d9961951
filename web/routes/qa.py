"""The QA page: ask a request, watch the plan and each call's status live (polling ``/api/qa/<id>``), read the
answer; the executed run then opens in the path viewer. Pages and ``/api/qa`` over :mod:`web.qa`.

Asking needs a login when ``TOOLGRAPH_WEB_LOGIN_TO_PLAN`` or ``TOOLGRAPH_WEB_LOGIN_TO_RUN`` is set (the latter also
for reading a question); a plan with tools that change data runs only for an editor (or admin); anonymous askers
share at most ``MAX_ANONYMOUS_RUNNING`` of the running slots."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, flash, jsonify, redirect, render_template, request, url_for

from web.context import json_body, state
from web.errors import LoginRequired, ValidationFailed
from web.qa import QaJob, QaJobs
from web.routes.auth import RANK, current_user, require_login_for_runs
from web.runs import check_query

bp = Blueprint("qa", __name__)


def jobs() -> QaJobs:
    """The app's question jobs, made on first use with the executors, run and planner configurations the settings
    give."""
    found = current_app.extensions.get("toolgraph_qa")
    if found is None:
        from toolgraph import wiring

        settings = state().settings
        found = current_app.extensions["toolgraph_qa"] = QaJobs(
            lambda store, llm: wiring.executors(settings, store=store, llm=llm), run_config=wiring.run_config(settings),
            planner_config=lambda: wiring.planner_config(settings))
    return found


def _ask(data: dict[str, Any]) -> QaJob:
    user = current_user()
    if current_app.config["TOOLGRAPH_LOGIN_TO_PLAN"] and user is None:
        raise LoginRequired("log in to ask a question", "login")
    require_login_for_runs("ask a question (it runs tools)")
    query = check_query(data)
    web = state()
    may_mutate = user is not None and RANK.get(user["role"], 0) >= RANK["editor"]
    return jobs().start(web.store, query, user=user and user["name"], may_mutate=may_mutate, llm=web.llm(),
                        embedder=web.embedder())


def _view(job: QaJob) -> dict[str, Any]:
    require_login_for_runs("read a question's calls and answer")
    view = job.view()
    plan_id = (view.get("plan") or {}).get("id")
    view["run_url"] = url_for("runs.show", run_id=plan_id) if view["status"] == "done" and plan_id else None
    return view


@bp.get("/qa")
def page() -> Any:
    return render_template("qa/page.html", query=request.args.get("q", "")[:2000])


@bp.post("/qa")
def submit() -> Any:
    data = json_body()
    try:
        job = _ask(data)
    except ValidationFailed as exc:
        flash(str(exc), "error")
        return render_template("qa/page.html", query=data.get("query") or ""), exc.status
    return redirect(url_for("qa.show", job_id=job.id))


@bp.get("/qa/<job_id>")
def show(job_id: str) -> Any:
    return render_template("qa/show.html", job=_view(jobs().get(job_id)))


@bp.post("/api/qa")
def api_create() -> Any:
    job = _ask(json_body())
    return jsonify({"id": job.id, "status": job.status, "url": url_for("qa.show", job_id=job.id),
                    "poll": url_for("qa.api_show", job_id=job.id)}), 202


@bp.get("/api/qa/<job_id>")
def api_show(job_id: str) -> Any:
    return jsonify(_view(jobs().get(job_id)))
