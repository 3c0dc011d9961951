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
from toolgraph.errors import DatabaseUnavailableError, ToolGraphError
from toolgraph.ingest.files import DuplicateKeyError, parse_json
from toolgraph.llm import ChatModel
from web.errors import ValidationFailed
from web.throttle import LoginThrottle

log = logging.getLogger(__name__)

AUTO = "auto"
Auto = Literal["auto"]  # made from the settings when first needed
RETRY_TIME_S = 2.0  # how long the web page retries a transient database failure before answering 503


@dataclass
class WebState:
    """The app's long-lived parts. The store is opened on first use when not given; ``embedder`` and ``llm`` are
    objects, None (none), or ``"auto"``: made from the settings when first needed (the embedder only when the graph
    holds tool vectors)."""

    settings: Settings
    store_: GraphStore | None = None
    embedder_: Embedder | Auto | None = AUTO
    llm_: ChatModel | Auto | None = AUTO
    throttle: LoginThrottle = field(default_factory=LoginThrottle)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _recovering: threading.Event = field(default_factory=threading.Event)
    owns_store: bool = False

    def __post_init__(self) -> None:
        self.owns_store = self.store_ is None  # a store handed in is the caller's to mend

    @property
    def store(self) -> GraphStore:
        if self._recovering.is_set():
            raise DatabaseUnavailableError("the graph database is being reconnected (restarted if it is the "
                                           "embedded server): try again in a few seconds")
        if self.store_ is None:
            with self._lock:
                if self.store_ is None:
                    self.store_ = self._open()
        return self.store_

    def _open(self) -> GraphStore:
        from toolgraph.db.store import open_store

        store = open_store(self.settings, retry_time_s=RETRY_TIME_S)
        store.apply_schema()
        return store

    def recover(self) -> bool:
        """After the database was found unreachable: reconnect in the background (starting the embedded server
        again when it is gone), so requests meanwhile answer 503 at once. False when the store is not ours."""
        if not self.owns_store:
            return False
        with self._lock:
            if self._recovering.is_set():
                return True
            self._recovering.set()
        threading.Thread(target=self._reconnect, name="toolgraph-reconnect", daemon=True).start()
        return True

    def _reconnect(self) -> None:
        try:
            old, self.store_ = self.store_, None
            if old is not None:
                try:
                    old.close()
                except Exception as exc:  # noqa: BLE001 - the old connections are dead anyway
                    log.debug("closing the old store: %s", exc)
            self.store_ = self._open()
            log.warning("reconnected to the graph database at %s", self.store_.uri)
        except ToolGraphError as exc:
            log.error("reconnecting to the graph database failed (tried again on the next request): %s", exc)
        finally:
            self._recovering.clear()

    def embedder(self) -> Embedder | None:
        """The embedding model, or None when none is configured or the graph holds no tool vectors yet."""
        if self.embedder_ != AUTO:
            return self.embedder_
        if not self.store.query("get_embedding_model"):
            return None  # nothing to search with yet; asked again next time (someone may run `toolgraph embed`)
        with self._lock:
            if self.embedder_ == AUTO:
                try:
                    from toolgraph.embeddings.base import CachedEmbedder

                    self.embedder_ = CachedEmbedder(self.settings.embed.embedder())
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
        try:
            data = parse_json(request.get_data(as_text=True))
        except DuplicateKeyError as exc:
            raise ValidationFailed(f"the body names {exc} twice", "body") from None
        except (ValueError, RecursionError):  # not JSON, NaN / Infinity, or nested past what can be parsed
            raise ValidationFailed("the body must be a JSON object (no NaN or Infinity)", "body") from None
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
