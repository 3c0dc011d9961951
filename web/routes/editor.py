"""The dependency editor for analysts: pages and JSON endpoints over :mod:`web.edits`. Editing needs an editor
or admin login; every change is recorded and can be undone."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for

from toolgraph.models import DEPENDENCY_TYPES
from web.context import arg_int, json_body, state
from web.edits import add_dependency, change_dependency, delete_dependency, list_edits, undo_edit
from web.errors import ValidationFailed, WebError
from web.explore import tool_details
from web.routes.auth import current_user, require

bp = Blueprint("editor", __name__)

ACTIONS = {"add": add_dependency, "change": change_dependency, "delete": delete_dependency}
DONE = {"add": "added", "change": "changed", "delete": "deleted"}


def _user() -> dict[str, Any]:
    user = current_user()
    assert user is not None  # guarded by @require
    return user


def _page(tool: str | None, form: dict[str, Any] | None = None, status: int = 200) -> Any:
    details = None
    errors: list[str] = []
    if tool:
        try:
            details = tool_details(state().store, tool)
        except WebError as exc:
            errors.append(str(exc))
    html = render_template("editor/page.html", tool=tool, details=details, edits=list_edits(state().store, tool),
                           form=form or {"source": tool or ""}, types=DEPENDENCY_TYPES, errors=errors)
    return html, status


def _summary(edit: dict[str, Any]) -> str:
    resource = f" ({edit['resource']})" if edit.get("resource") else ""
    return f"{edit['type']}{resource} {edit['source_id']} -> {edit['target_id']}"


@bp.get("/editor")
def page() -> Any:
    return _page(request.args.get("tool") or None)


@bp.post("/editor/<action>")
@require("editor")
def submit(action: str) -> Any:
    data = json_body()
    back = data.get("back") or data.get("source") or None
    try:
        if action == "undo":
            edit = undo_edit(state().store, str(data.get("id") or ""), _user()["name"], _user()["role"])
            flash(f"undid edit {edit['undoes']}: {_summary(edit)}", "ok")
        elif action in ACTIONS:
            edit = ACTIONS[action](state().store, data, _user()["name"])
            flash(f"{DONE[action]} {_summary(edit)} (edit {edit['id']})", "ok")
        else:
            raise WebError(f"no editor action {action!r}", "action", status=404)
    except WebError as exc:
        flash(f"{exc.field}: {exc}" if exc.field else str(exc), "error")
        return _page(back, form=data if action == "add" else None, status=exc.status)
    return redirect(url_for("editor.page", tool=back))


@bp.get("/api/dependencies")
def api_list() -> Any:
    tool = request.args.get("tool") or ""
    if not tool:
        raise ValidationFailed("tool is required", "tool")
    return jsonify(tool_details(state().store, tool, edge_limit=arg_int("limit", 200, 1, 2000))["dependencies"])


@bp.post("/api/dependencies")
@require("editor")
def api_add() -> Any:
    return jsonify(add_dependency(state().store, json_body(), _user()["name"])), 201


@bp.route("/api/dependencies", methods=["PUT", "PATCH"])
@require("editor")
def api_change() -> Any:
    return jsonify(change_dependency(state().store, json_body(), _user()["name"]))


@bp.delete("/api/dependencies")
@require("editor")
def api_delete() -> Any:
    data = json_body() if (request.is_json or request.form) else request.args.to_dict()
    return jsonify(delete_dependency(state().store, data, _user()["name"]))


@bp.get("/api/edits")
def api_edits() -> Any:
    return jsonify(list_edits(state().store, request.args.get("tool") or None, arg_int("limit", 50, 1, 1000)))


@bp.post("/api/edits/<edit_id>/undo")
@require("editor")
def api_undo(edit_id: str) -> Any:
    user = _user()
    return jsonify(undo_edit(state().store, edit_id, user["name"], user["role"]))
