"""What every blueprint shares: the app's state (store, settings, embedder, LLM) and the request helpers (the
errors they raise are in :mod:`web.errors`)."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any, Literal

from flask import current_app, request

from toolgraph.config import Settings
from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder
from toolgraph.errors import ToolGraphError
from toolgraph.llm import ChatModel
from web.errors import ValidationFailed

log = logging.getLogger(__name__)

AUTO = "auto"
Auto = Literal["auto"]  # made from the settings when first needed


@dataclass
class WebState:
    """The app's long-lived parts. The store is opened on first use when not given; ``embedder`` and ``llm`` are
    objects, None (none), or ``"auto"``: made from the settings when first needed (the embedder only when the graph
    holds tool vectors)."""

    settings: Settings
    store_: GraphStore | None = None
    embedder_: Embedder | Auto | None = AUTO
    llm_: ChatModel | Auto | None = AUTO
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def store(self) -> GraphStore:
        if self.store_ is None:
            with self._lock:
                if self.store_ is None:
                    from toolgraph.db.store import open_store

                    store = open_store(self.settings)
                    store.apply_schema()
                    self.store_ = store
        return self.store_

    def embedder(self) -> Embedder | None:
        """The embedding model, or None when none is configured or the graph holds no tool vectors yet."""
        if self.embedder_ != AUTO:
            return self.embedder_
        if not self.store.query("get_embedding_model"):
            return None  # nothing to search with yet; asked again next time (someone may run `toolgraph embed`)
        with self._lock:
            if self.embedder_ == AUTO:
                try:
                    self.embedder_ = self.settings.embed.embedder()
                except ToolGraphError as exc:
                    log.warning("no embedding model for the web page: %s", exc)
                    self.embedder_ = None
        return self.embedder_

    def llm(self) -> ChatModel | None:
        if self.llm_ == AUTO:
            self.llm_ = self.settings.llm.client()
        return self.llm_


def state() -> WebState:
    return current_app.extensions["toolgraph"]


def wants_json() -> bool:
    """API paths answer JSON; so does any request that prefers it."""
    if request.path.startswith("/api/"):
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


def json_body() -> dict[str, Any]:
    """The request's JSON object (or its form fields): 400 when it is neither."""
    if request.is_json:
        data = request.get_json(silent=True)
        if not isinstance(data, dict):
            raise ValidationFailed("the body must be a JSON object", "body")
        return data
    return request.form.to_dict()


def arg_int(name: str, default: int, low: int, high: int) -> int:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValidationFailed(f"{name} must be a whole number", name) from None
    if not low <= value <= high:
        raise ValidationFailed(f"{name} must be between {low} and {high}", name)
    return value


def arg_float(name: str, default: float, low: float, high: float) -> float:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ValidationFailed(f"{name} must be a number", name) from None
    if not low <= value <= high:  # also refuses nan
        raise ValidationFailed(f"{name} must be between {low} and {high}", name)
    return value
