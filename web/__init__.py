"""The ToolGraph web page: a Flask app (factory + blueprints) over the graph store.

- ``explorer``: search tools, open a tool's neighbourhood, read its details and weights;
- ``runs``: the path viewer (run the planner, see its search tree and tool DAG, reopen past runs);
- ``qa``: ask a request and watch it planned, run and answered (live call status by polling);
- ``editor``: the dependency editor (recorded, undoable edits);
- ``registry``: add a custom tool;
- ``auth``: logins, roles, CSRF.

Every page works offline: the scripts and styles are served by the app itself (vis-network from the pyvis
package). Every action is also a JSON endpoint under ``/api/``. Start it with ``toolgraph serve``.
"""

from __future__ import annotations

import logging
import math
import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, jsonify, redirect, render_template, request, send_from_directory, url_for
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException

from toolgraph.config import Settings
from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder
from toolgraph.errors import DatabaseUnavailableError
from toolgraph.llm import ChatModel
from web.context import AUTO, Auto, WebState, wants_json
from web.errors import Unavailable, WebError

log = logging.getLogger(__name__)

SECRET_FILE = "web_secret_key"
VIS_FILES = ("vis-network.min.js", "vis-network.css")
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")


def secret_key(settings: Settings) -> str:
    """The configured key, else one generated once into ``$TOOLGRAPH_HOME/web_secret_key`` (mode 0600)."""
    if settings.web.secret_key is not None and settings.web.secret_key.get_secret_value():
        return settings.web.secret_key.get_secret_value()
    path = Path(settings.home) / SECRET_FILE
    try:
        return path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process wrote it first
        return path.read_text(encoding="ascii").strip()
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(key)
    return key


class FiniteJSON(DefaultJSONProvider):
    """JSON answers are always JSON: a NaN or an infinity (from an old import) is answered as null."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        try:
            return super().dumps(obj, **kwargs, allow_nan=False)
        except ValueError:
            return super().dumps(_finite(obj), **kwargs)


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(v) for v in value]
    return value


def vis_folder() -> Path:
    """The newest vis-network build that ships inside the pyvis package (``pyvis/lib/vis-<version>/``)."""
    import pyvis

    def version(path: Path) -> tuple[int, ...]:
        return tuple(int(x) for x in path.parent.name.removeprefix("vis-").split(".") if x.isdigit())

    builds = sorted((Path(pyvis.__file__).resolve().parent / "lib").glob("vis-*/vis-network.min.js"), key=version)
    if not builds:
        raise Unavailable("the pyvis package has no vis-network build in pyvis/lib/")
    return builds[-1].parent


def _back() -> str:
    """Where to return after logging in: this page, or for a form post the page the form was on."""
    if request.method == "GET":
        return request.full_path.rstrip("?")
    ref = urlsplit(request.referrer or "")
    if ref.netloc == request.host and ref.path.startswith("/"):
        return ref.path + (f"?{ref.query}" if ref.query else "")
    return url_for("explorer.page")


def create_app(settings: Settings | None = None, *, store: GraphStore | None = None,
               embedder: Embedder | Auto | None = AUTO, llm: ChatModel | Auto | None = AUTO,
               config: dict[str, Any] | None = None) -> Flask:
    """The app. ``store``: an open store (else one is opened from ``settings`` on first use); ``embedder`` /
    ``llm``: objects, None, or ``"auto"`` (from the settings when needed); ``config``: Flask config overrides."""
    settings = settings or Settings()
    app = Flask(__name__)
    app.json = FiniteJSON(app)
    web = settings.web
    app.config.update(
        SECRET_KEY=None,
        PERMANENT_SESSION_LIFETIME=timedelta(minutes=web.session_minutes),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=web.secure_cookies,
        SESSION_COOKIE_NAME="toolgraph_session",
        MAX_CONTENT_LENGTH=1024 * 1024,
        JSON_SORT_KEYS=False,
        TOOLGRAPH_LOGIN_TO_VIEW=web.login_to_view,
        TOOLGRAPH_LOGIN_TO_PLAN=web.login_to_plan,
        TOOLGRAPH_LOGIN_TO_RUN=web.login_to_run,
        TOOLGRAPH_MAX_NODES=web.max_nodes,
    )
    app.config.update(config or {})
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = secret_key(settings)
    app.extensions["toolgraph"] = WebState(settings=settings, store_=store, embedder_=embedder, llm_=llm)

    from web.routes import auth, editor, explorer, qa, registry, runs

    for module in (auth, explorer, runs, qa, editor, registry):
        app.register_blueprint(module.bp)

    @app.get("/vendor/<name>")
    def vendor(name: str) -> Any:
        if name not in VIS_FILES:
            return jsonify({"error": "not found"}), 404
        return send_from_directory(vis_folder(), name, max_age=86400)

    @app.after_request
    def headers(response: Any) -> Any:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        if request.path.startswith("/api/"):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    @app.errorhandler(Exception)
    def toolgraph_error(exc: Exception) -> Any:
        if isinstance(exc, HTTPException):
            return http_error(exc)
        if isinstance(exc, WebError):
            body, status = exc.as_dict(), exc.status
        else:  # the details (driver messages, server internals) go to the log only, under an id to quote
            error_id = secrets.token_hex(6)
            if isinstance(exc, DatabaseUnavailableError):
                log.error("request %s %s failed (error id %s): %s", request.method, request.path, error_id, exc)
                doing = ("reconnecting (and restarting the embedded server if it is gone)"
                         if app.extensions["toolgraph"].recover() else "try again shortly")
                body, status = {"error": f"the graph database is unavailable: {doing} (error id {error_id})",
                                "field": None, "status": 503, "error_id": error_id}, 503
            else:
                log.error("request %s %s failed (error id %s)", request.method, request.path, error_id,
                          exc_info=exc)
                body, status = {"error": f"internal error (error id {error_id}, in the server log)", "field": None,
                                "status": 500, "error_id": error_id}, 500
        headers = exc.headers if isinstance(exc, WebError) else {}
        if wants_json():
            return jsonify(body), status, headers
        if status == 401:
            return redirect(url_for("auth.login", next=_back()))
        return render_template("error.html", error=body), status, headers

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        body = {"error": exc.description, "field": None, "status": exc.code}
        if wants_json():
            return jsonify(body), exc.code
        return render_template("error.html", error=body), exc.code

    return app
