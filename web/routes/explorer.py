"""The explorer: search tools, open a tool's neighbourhood to k hops (edges coloured by type, width by weight,
filtered by category, edge type and minimum weight) and read its details, weights and where they came from. The
page and ``/api/search``, ``/api/tool``, ``/api/neighbourhood`` over :mod:`web.explore`."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for

from web.context import arg_float, arg_int, state
from web.errors import ValidationFailed, WebError
from web.explore import categories, neighbourhood, parse_types, search_tools, tool_details
from web.graphs import neighbourhood_graph

bp = Blueprint("explorer", __name__)


def _filters() -> dict[str, Any]:
    raw_types = request.args.getlist("types")
    types = parse_types(",".join(raw_types) if raw_types else None)
    return {"k": arg_int("k", 1, 1, 100), "category": request.args.get("category") or None, "types": types,
            "min_weight": arg_float("min_weight", 0.0, 0.0, 1.0)}


def _search(k: int) -> dict[str, Any]:
    return search_tools(state().store, request.args.get("q", ""), method=request.args.get("method", "auto"),
                        k=k, category=request.args.get("category") or None, embedder=state().embedder())


def _hood(tool_id: str, filters: dict[str, Any]) -> dict[str, Any]:
    hood = neighbourhood(state().store, tool_id, max_nodes=current_app.config["TOOLGRAPH_MAX_NODES"], **filters)

    def link(other: str) -> str:
        return url_for("explorer.page", id=other, k=hood["k"], category=filters["category"],
                       types=filters["types"], min_weight=filters["min_weight"] or None)

    hood["graph"] = neighbourhood_graph(hood, link)
    return hood


@bp.get("/")
def index() -> Any:
    return redirect(url_for("explorer.page"))


@bp.get("/explorer")
def page() -> Any:
    errors: list[str] = []
    status = 200
    search = details = hood = None
    filters: dict[str, Any] = {"k": 1, "category": None, "types": [], "min_weight": 0.0}
    try:
        filters = _filters()
        if request.args.get("q"):
            search = _search(20)
        tool_id = request.args.get("id")
        if tool_id:
            details = tool_details(state().store, tool_id)
            hood = _hood(tool_id, filters)
    except WebError as exc:
        errors.append(f"{exc.field}: {exc}" if exc.field else str(exc))
        status = exc.status
    return render_template("explorer/page.html", search=search, details=details, hood=hood, filters=filters,
                           errors=errors, categories=categories(state().store)), status


@bp.get("/api/search")
def api_search() -> Any:
    return jsonify(_search(arg_int("k", 10, 1, 100)))


@bp.get("/api/tool")
def api_tool() -> Any:
    tool_id = request.args.get("id") or ""
    if not tool_id:
        raise ValidationFailed("id is required", "id")
    return jsonify(tool_details(state().store, tool_id))


@bp.get("/api/neighbourhood")
def api_neighbourhood() -> Any:
    tool_id = request.args.get("id") or ""
    if not tool_id:
        raise ValidationFailed("id is required", "id")
    hood = _hood(tool_id, _filters())
    if request.args.get("graph") == "0":
        hood.pop("graph")
    return jsonify(hood)
