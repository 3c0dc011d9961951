"""Logins, roles and CSRF protection.

- Viewing needs no login unless ``TOOLGRAPH_WEB_LOGIN_TO_VIEW`` is set; editing needs an ``editor`` or ``admin``.
- A login lives in the signed session cookie (HttpOnly, SameSite=Lax) with the time it was made; it expires after
  ``TOOLGRAPH_WEB_SESSION_MINUTES``, and a user deleted meanwhile is logged out on their next request.
- Every POST, PUT, PATCH and DELETE must carry the session's CSRF token, as the form field ``csrf_token`` or the
  header ``X-CSRFToken`` (``GET /api/session`` hands it to API clients); logging in starts a new session.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import Blueprint, current_app, g, jsonify, redirect, render_template, request, session, url_for

from web.context import json_body, state, wants_json
from web.errors import Forbidden, LoginRequired, WebError
from web.users import authenticate, get_user

bp = Blueprint("auth", __name__)

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
OPEN_ENDPOINTS = frozenset({"auth.login", "auth.api_login", "auth.api_session", "auth.logout", "auth.api_logout",
                            "static", "vendor"})
RANK = {"editor": 1, "admin": 2}


def csrf_token() -> str:
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(32)
    return token


def current_user() -> dict[str, Any] | None:
    """The logged-in user ({name, role}), checked against the graph once per request; None when there is none
    or the login has expired."""
    if "user_checked" in g:
        return g.user
    g.user_checked, g.user = True, None
    name = session.get("user")
    if not name:
        return None
    if time.time() - float(session.get("login_at", 0)) > current_app.permanent_session_lifetime.total_seconds():
        session.clear()
        return None
    row = get_user(state().store, name)
    if row is None:
        session.clear()
        return None
    g.user = {"name": row["name"], "role": row["role"]}
    return g.user


def require(role: str = "editor") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Only for a logged-in user of this role or above (admin > editor)."""

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @wraps(view)
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            user = current_user()
            if user is None:
                raise LoginRequired("log in to do this", "login")
            if RANK.get(user["role"], 0) < RANK[role]:
                raise Forbidden(f"this needs the {role} role", "role")
            return view(*args, **kwargs)

        return wrapped

    return decorate


@bp.before_app_request
def check_request() -> Any:
    if request.method in UNSAFE_METHODS:
        sent = request.headers.get("X-CSRFToken") or request.form.get("csrf_token") or ""
        expected = session.get("csrf") or ""
        if not expected or not hmac.compare_digest(str(sent), expected):
            raise WebError("the CSRF token is missing or wrong: reload the page (API: GET /api/session)",
                           "csrf_token")
    if current_app.config["TOOLGRAPH_LOGIN_TO_VIEW"] and request.endpoint not in OPEN_ENDPOINTS:
        if current_user() is None:
            if wants_json():
                raise LoginRequired("log in to view this", "login")
            return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))
    return None


@bp.app_context_processor
def template_globals() -> dict[str, Any]:
    return {"csrf_token": csrf_token, "current_user": current_user}


def _start_session(user: dict[str, Any]) -> None:
    session.clear()  # a new session on login: no fixation
    session.permanent = True
    session["user"], session["role"], session["login_at"] = user["name"], user["role"], time.time()
    csrf_token()


def safe_next(target: str | None) -> str:
    """Only a path on this site (no scheme, no host, no //) to go back to after logging in."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return url_for("explorer.page")


@bp.route("/login", methods=["GET", "POST"])
def login() -> Any:
    error = None
    if request.method == "POST":
        user = authenticate(state().store, request.form.get("name", ""), request.form.get("password", ""))
        if user is not None:
            _start_session(user)
            return redirect(safe_next(request.form.get("next")))
        error = "wrong user name or password"
    html = render_template("auth/login.html", error=error, next=request.values.get("next", ""))
    return html, (401 if error else 200)


@bp.post("/logout")
def logout() -> Any:
    session.clear()
    return redirect(url_for("explorer.page"))


@bp.get("/api/session")
def api_session() -> Any:
    user = current_user()
    return jsonify({"user": user and user["name"], "role": user and user["role"], "csrf_token": csrf_token(),
                    "login_to_view": current_app.config["TOOLGRAPH_LOGIN_TO_VIEW"],
                    "session_minutes": int(current_app.permanent_session_lifetime.total_seconds() // 60)})


@bp.post("/api/login")
def api_login() -> Any:
    data = json_body()
    user = authenticate(state().store, str(data.get("name") or ""), str(data.get("password") or ""))
    if user is None:
        raise LoginRequired("wrong user name or password", "password")
    _start_session(user)
    return jsonify({"user": user["name"], "role": user["role"], "csrf_token": csrf_token()})


@bp.post("/api/logout")
def api_logout() -> Any:
    session.clear()
    return jsonify({"user": None, "csrf_token": csrf_token()})
