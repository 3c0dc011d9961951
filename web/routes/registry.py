"""The tool registry page and ``/api/tools``, ``/api/categories`` over :mod:`web.registry`. Adding a tool needs an
editor or admin login."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, jsonify, redirect, render_template, url_for

from web.context import json_body, state
from web.errors import ValidationFailed
from web.explore import categories
from web.registry import FIELDS, register_tool, user_tools
from web.routes.auth import current_user, require

bp = Blueprint("registry", __name__)


def _register(data: dict[str, Any]) -> dict[str, Any]:
    user = current_user()
    assert user is not None  # guarded by @require
    web = state()
    return register_tool(web.store, data, user["name"], web.embedder)


def _page(form: dict[str, Any], error_field: str | None = None) -> str:
    store = state().store
    return render_template("registry/page.html", form=form, error_field=error_field, tools=user_tools(store),
                           categories=categories(store))


@bp.get("/registry")
def page() -> Any:
    return _page({})


@bp.post("/registry")
@require("editor")
def submit() -> Any:
    data = {k: v for k, v in json_body().items() if k in FIELDS}
    try:
        result = _register(data)
    except ValidationFailed as exc:
        flash(str(exc), "error")
        return _page(data, exc.field), exc.status
    flash(f"added tool {result['id']}" + "".join(f"; {n}" for n in result["notes"]), "ok")
    return redirect(url_for("explorer.page", id=result["id"]))


@bp.get("/api/categories")
def api_categories() -> Any:
    return jsonify(categories(state().store))


@bp.get("/api/tools")
def api_user_tools() -> Any:
    return jsonify(user_tools(state().store))


@bp.post("/api/tools")
@require("editor")
def api_register() -> Any:
    return jsonify(_register(json_body())), 201
