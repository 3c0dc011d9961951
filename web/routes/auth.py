"""Logins, roles and CSRF protection.

- Viewing needs no login unless ``TOOLGRAPH_WEB_LOGIN_TO_VIEW`` is set; editing needs an ``editor`` or ``admin``.
  ``TOOLGRAPH_WEB_LOGIN_TO_RUN`` asks a login to run tools (QA) and to read stored runs and questions
  (:func:`require_login_for_runs`).
- A login lives in the signed session cookie (HttpOnly, SameSite=Lax) with the time it was made and the user's
  session epoch; it expires after ``TOOLGRAPH_WEB_SESSION_MINUTES`` and is checked against the graph on every
  request: logging out or changing the password (which move the epoch on) and deleting the user end it at once,
  everywhere (a captured cookie is worthless afterwards).
- Wrong passwords are throttled per (user, client address) and per client address (web.throttle): 429 with
  ``Retry-After``.
- Every POST, PUT, PATCH and DELETE must carry the session's CSRF token, as the form field ``csrf_token`` or the
  header ``X-CSRFToken`` (``GET /api/session`` hands it to API clients); logging in starts a new session.
"""

from __future__ import annotations

import hmac
import secrets
import time
import unicodedata
from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import unquote

from flask import Blueprint, current_app, g, jsonify, redirect, render_template, request, session, url_for

from web.context import json_body, state, wants_json
from web.errors import Forbidden, LoginRequired, TooManyAttempts, ValidationFailed, WebError
from web.users import UserError, authenticate, get_user, revoke_sessions, set_password

bp = Blueprint("auth", __name__)

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
OPEN_ENDPOINTS = frozenset({"auth.login", "auth.api_login", "auth.api_session", "auth.logout", "auth.api_logout",
                            "auth.api_password", "static", "vendor"})
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
    if row is None or session.get("epoch") != row["session_epoch"]:  # deleted, logged out or password changed
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


def require_login_for_runs(doing: str) -> None:
    """A 401 for an anonymous user when the operator set ``TOOLGRAPH_WEB_LOGIN_TO_RUN``."""
    if current_app.config.get("TOOLGRAPH_LOGIN_TO_RUN") and current_user() is None:
        raise LoginRequired(f"log in to {doing}", "login")


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
    session["epoch"] = user["session_epoch"]
    csrf_token()


def safe_next(target: str | None) -> str:
    """Only a path on this site to go back to after logging in: it starts with one ``/`` and holds no backslash,
    no whitespace or control character (browsers drop tabs and newlines, so ``/<tab>/evil`` would be ``//evil``),
    neither as given nor percent-decoded."""

    def bad(text: str, spaces: bool) -> bool:
        return (not text.startswith("/") or text.startswith("//") or "\\" in text
                or any((spaces and c.isspace()) or unicodedata.category(c)[0] in "CZ" and not (c == " " and not spaces)
                       for c in text))

    if target and len(target) <= 2000 and not bad(target, True) and not bad(unquote(target), False):
        return target
    return url_for("explorer.page")


def _authenticate(name: str, password: str) -> dict[str, Any] | None:
    """Check a password, throttled per (user, client address) and per address: 429 while a bucket is closed."""
    throttle, address = state().throttle, request.remote_addr or "?"
    wait = throttle.retry_after(name, address)
    if wait:
        raise TooManyAttempts(wait)
    user = authenticate(state().store, name, password)
    if user is None:
        throttle.failed(name, address)
    else:
        throttle.succeeded(name, address)
    return user


@bp.route("/login", methods=["GET", "POST"])
def login() -> Any:
    error = None
    if request.method == "POST":
        try:
            user = _authenticate(request.form.get("name", ""), request.form.get("password", ""))
        except TooManyAttempts as exc:
            html = render_template("auth/login.html", error=str(exc), next=safe_next(request.form.get("next")))
            return html, exc.status, exc.headers
        if user is not None:
            _start_session(user)
            return redirect(safe_next(request.form.get("next")))
        error = "wrong user name or password"
    html = render_template("auth/login.html", error=error, next=request.values.get("next", ""))
    return html, (401 if error else 200)


def _end_session() -> None:
    """Log out: every session of this user ends (the epoch moves on), not only this cookie."""
    user = current_user()
    if user is not None:
        revoke_sessions(state().store, user["name"])
    session.clear()


@bp.post("/logout")
def logout() -> Any:
    _end_session()
    return redirect(url_for("explorer.page"))


@bp.get("/api/session")
def api_session() -> Any:
    user = current_user()
    return jsonify({"user": user and user["name"], "role": user and user["role"], "csrf_token": csrf_token(),
                    "login_to_view": current_app.config["TOOLGRAPH_LOGIN_TO_VIEW"],
                    "login_to_run": current_app.config.get("TOOLGRAPH_LOGIN_TO_RUN", False),
                    "session_minutes": int(current_app.permanent_session_lifetime.total_seconds() // 60)})


@bp.post("/api/login")
def api_login() -> Any:
    data = json_body()
    user = _authenticate(str(data.get("name") or ""), str(data.get("password") or ""))
    if user is None:
        raise LoginRequired("wrong user name or password", "password")
    _start_session(user)
    return jsonify({"user": user["name"], "role": user["role"], "csrf_token": csrf_token()})


@bp.post("/api/logout")
def api_logout() -> Any:
    _end_session()
    return jsonify({"user": None, "csrf_token": csrf_token()})


@bp.post("/api/password")
def api_password() -> Any:
    """Change your own password: ``{password, new_password}``. Every session of yours ends; this one starts anew."""
    user = current_user()
    if user is None:
        raise LoginRequired("log in to change your password", "login")
    data = json_body()
    if _authenticate(user["name"], str(data.get("password") or "")) is None:
        raise LoginRequired("the current password is wrong", "password")
    try:
        epoch = set_password(state().store, user["name"], str(data.get("new_password") or ""))
    except UserError as exc:
        raise ValidationFailed(str(exc), "new_password") from None
    _start_session({"name": user["name"], "role": user["role"], "session_epoch": epoch})
    return jsonify({"user": user["name"], "role": user["role"], "csrf_token": csrf_token()})
