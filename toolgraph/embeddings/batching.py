"""One thread owns a model: concurrent query embeddings share its forward passes (micro-batching).

A Hugging Face fast tokenizer is not safe to use from several threads at once: two requests tokenizing together
fail with ``RuntimeError: Already borrowed`` (the web page, the proxy and the MCP server answer many clients from
threads). A lock would make them queue, one forward pass each. Instead, :class:`ModelWorker` runs every use of the
model on one background thread: a caller queues its query texts and waits; the thread takes the first waiting
request, every other one queued by then and those arriving within ``window_s`` more (up to ``max_texts`` texts),
embeds their distinct texts in one call and hands each caller its vectors. Under load the requests that queue while
one pass runs go together into the next, so 32 clients cost a few passes instead of 32. Other jobs (the tool
vectors of ``toolgraph embed``) run on the same thread, in their turn.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

#: how long the worker waits for more queries after the first of a batch (seconds); ``TOOLGRAPH_EMBED_BATCH_WINDOW_MS``
WINDOW_S = 0.002
#: texts embedded in one call at most (a batch stops growing there); ``TOOLGRAPH_EMBED_BATCH_MAX``
MAX_TEXTS = 64


@dataclass
class _Queries:
    texts: list[str]
    future: Future[list[list[float]]] = field(default_factory=Future)


@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: Future[Any] = field(default_factory=Future)


@dataclass
class BatchStats:
    """What the worker did: calls of the encoder (``passes``), the requests and texts they served, the largest."""

    passes: int = 0
    requests: int = 0
    texts: int = 0
    largest: int = 0

    def as_dict(self) -> dict[str, int]:
        return {"passes": self.passes, "requests": self.requests, "texts": self.texts, "largest": self.largest}


class ModelWorker:
    """The one thread that uses a model. ``encode(texts)`` embeds distinct query texts in one call (a forward pass
    or a few); it is only ever called from the worker thread, as is every function given to :meth:`call`."""

    def __init__(self, encode: Callable[[list[str]], list[list[float]]], *, window_s: float = WINDOW_S,
                 max_texts: int = MAX_TEXTS, name: str = "toolgraph-embed",
                 init: Callable[[], Any] | None = None) -> None:
        if window_s < 0 or max_texts < 1:
            raise ValueError("window_s must be >= 0 and max_texts >= 1")
        self.encode = encode
        self.window_s = window_s
        self.max_texts = max_texts
        self.name = name
        self.init = init  # run first on the thread (torch's thread count is kept per thread)
        self.stats = BatchStats()
        self._queue: queue.SimpleQueue[_Queries | _Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self._closed = False

    # -- callers ----------------------------------------------------------------------------------------------
    def queries(self, texts: list[str]) -> list[list[float]]:
        """The vectors of ``texts`` (in order), embedded on the worker thread together with other callers'."""
        if not texts:
            return []
        if self._on_worker():
            return self._encode_distinct(texts)
        item = _Queries(list(texts))
        self._put(item)
        return item.future.result()

    def call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` run on the worker thread (between query batches), its result or exception handed back."""
        if self._on_worker():
            return fn(*args)
        job = _Job(fn, args)
        self._put(job)
        return job.future.result()  # type: ignore[no-any-return]

    def close(self) -> None:
        """Stop the thread once the queued work is done (a later call starts it again)."""
        with self._start_lock:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._queue.put(None)
            thread.join(timeout=30)

    # -- the worker -------------------------------------------------------------------------------------------
    def _on_worker(self) -> bool:
        return self._thread is not None and threading.current_thread() is self._thread

    def _put(self, item: _Queries | _Job) -> None:
        if self._thread is None or not self._thread.is_alive():
            with self._start_lock:
                if self._thread is None or not self._thread.is_alive():
                    self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
                    self._thread.start()
        self._queue.put(item)

    def _loop(self) -> None:
        if self.init is not None:
            try:
                self.init()
            except Exception as exc:  # noqa: BLE001 - the work can still run with the defaults
                log.warning("%s: setting up the thread failed: %s", self.name, exc)
        held: _Queries | _Job | None = None  # taken from the queue but not part of the batch just run
        while True:
            item = held if held is not None else self._queue.get()
            held = None
            if item is None:
                return
            if isinstance(item, _Job):
                self._run_job(item)
                continue
            batch = [item]
            count = len(item.texts)
            deadline = time.monotonic() + self.window_s
            while count < self.max_texts:
                try:
                    wait = deadline - time.monotonic()
                    nxt = self._queue.get(timeout=wait) if wait > 0 else self._queue.get_nowait()
                except queue.Empty:
                    break
                if not isinstance(nxt, _Queries):
                    held = nxt  # a job or the stop sign: after this batch
                    break
                batch.append(nxt)
                count += len(nxt.texts)
            self._run_batch(batch)

    def _run_job(self, job: _Job) -> None:
        if not job.future.set_running_or_notify_cancel():
            return
        try:
            job.future.set_result(job.fn(*job.args))
        except BaseException as exc:  # noqa: BLE001 - handed to the caller, who raises it
            job.future.set_exception(exc)

    def _run_batch(self, batch: list[_Queries]) -> None:
        texts = [t for item in batch for t in item.texts]
        try:
            by_text = dict(zip(distinct := list(dict.fromkeys(texts)), self._encode(distinct), strict=True))
        except BaseException as exc:  # noqa: BLE001 - every waiting caller gets the failure
            for item in batch:
                item.future.set_exception(exc)
            return
        self.stats.requests += len(batch)
        self.stats.texts += len(distinct)
        self.stats.largest = max(self.stats.largest, len(distinct))
        for item in batch:
            item.future.set_result([list(by_text[t]) for t in item.texts])

    def _encode_distinct(self, texts: list[str]) -> list[list[float]]:
        distinct = list(dict.fromkeys(texts))
        by_text = dict(zip(distinct, self._encode(distinct), strict=True))
        return [list(by_text[t]) for t in texts]

    def _encode(self, texts: list[str]) -> list[list[float]]:
        self.stats.passes += 1
        return self.encode(texts)
