"""Query embeddings from many threads at once: one thread uses the model (the fast tokenizer fails with "Already
borrowed" when two threads use it together), concurrent queries share its forward passes, every caller gets its own
vectors, in order, and a failure reaches every caller of its batch."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import numpy as np
import pytest

from toolgraph.embeddings.base import CachedEmbedder
from toolgraph.embeddings.batching import ModelWorker

if TYPE_CHECKING:
    from toolgraph.embeddings.flag import FlagEmbedder

CLIENTS = 32


class Recorder:
    """An encoder that notes its thread and batches, and takes a little time like a forward pass."""

    def __init__(self, delay: float = 0.005) -> None:
        self.threads: set[str] = set()
        self.batches: list[list[str]] = []
        self.delay = delay
        self.busy = threading.Lock()

    def __call__(self, texts: list[str]) -> list[list[float]]:
        if not self.busy.acquire(blocking=False):  # two calls at once would be the bug
            raise AssertionError("the encoder was entered from two threads at once")
        try:
            self.threads.add(threading.current_thread().name)
            self.batches.append(list(texts))
            time.sleep(self.delay)
            return [[float(len(t)), float(sum(map(ord, t)))] for t in texts]
        finally:
            self.busy.release()


def expected(text: str) -> list[float]:
    return [float(len(text)), float(sum(map(ord, text)))]


def test_many_threads_share_forward_passes_on_one_thread() -> None:
    enc = Recorder()
    worker = ModelWorker(enc, window_s=0.002, max_texts=64, name="test-embed")
    barrier = threading.Barrier(CLIENTS)

    def client(i: int) -> list[list[list[float]]]:
        barrier.wait()
        out = []
        for j in range(20):
            texts = [f"query {i} {j}", f"shared {j % 3}", f"query {i} {j}"]
            out.append(worker.queries(texts))
        return out

    with ThreadPoolExecutor(CLIENTS) as pool:
        results = list(pool.map(client, range(CLIENTS)))
    worker.close()
    for i, rounds in enumerate(results):
        for j, vectors in enumerate(rounds):
            assert vectors == [expected(f"query {i} {j}"), expected(f"shared {j % 3}"), expected(f"query {i} {j}")]
    assert enc.threads == {"test-embed"}  # never the callers' threads
    assert all(len(b) == len(set(b)) for b in enc.batches)  # distinct texts only
    assert all(len(b) <= 64 + 3 for b in enc.batches)
    assert len(enc.batches) < CLIENTS * 20 / 4  # shared passes, not one per request
    assert worker.stats.requests == CLIENTS * 20 and worker.stats.largest > 3


def test_a_failure_reaches_every_caller_of_its_batch_and_the_worker_goes_on() -> None:
    calls = []

    def encode(texts: list[str]) -> list[list[float]]:
        calls.append(texts)
        time.sleep(0.01)
        if any("boom" in t for t in texts):
            raise RuntimeError("model failed")
        return [[1.0] for _ in texts]

    worker = ModelWorker(encode, window_s=0.02)
    with ThreadPoolExecutor(4) as pool:
        futures = [pool.submit(worker.queries, ["boom" if i == 0 else f"ok {i}"]) for i in range(4)]
        outcomes = []
        for f in futures:
            try:
                outcomes.append(f.result())
            except RuntimeError as exc:
                outcomes.append(str(exc))
    assert outcomes[0] == "model failed"
    assert worker.queries(["fine"]) == [[1.0]]  # the thread survived
    worker.close()


def test_jobs_run_on_the_worker_thread_between_batches() -> None:
    enc = Recorder(delay=0.0)
    worker = ModelWorker(enc, name="test-jobs")
    assert worker.call(lambda: threading.current_thread().name) == "test-jobs"
    with pytest.raises(ValueError, match="bad"):
        worker.call(lambda: (_ for _ in ()).throw(ValueError("bad")))
    assert worker.queries([]) == []
    worker.close()
    assert worker.queries(["again"]) == [expected("again")]  # started again after close
    worker.close()


@pytest.fixture(scope="module")
def embedder() -> Iterator[FlagEmbedder]:
    from toolgraph.embeddings.flag import FlagEmbedder

    model = FlagEmbedder(query_precision="float32", threads=1)  # torch's default is slow on a busy 2-core machine
    yield model
    model.close()


def test_the_real_model_from_32_threads_gives_the_sequential_vectors(embedder: FlagEmbedder) -> None:
    """The model FlagEmbedding loads, hammered from 32 threads (through the query cache as the web page uses it):
    no "Already borrowed", and each vector is the one the text gets alone."""
    model = embedder
    texts = [f"weather forecast for city number {i}" if i % 2 else f"convert {i} dollars to euros"
             for i in range(CLIENTS * 2)]
    alone = np.array([model.embed_query(t) for t in texts])
    cached = CachedEmbedder(model)
    barrier = threading.Barrier(CLIENTS)

    def client(i: int) -> list[list[float]]:
        barrier.wait()
        mine = [texts[i], texts[CLIENTS + i]]
        return model.embed_queries(mine) + cached.embed_queries(mine[:1]) + [model.embed_query(texts[i])]

    with ThreadPoolExecutor(CLIENTS) as pool:
        results = list(pool.map(client, range(CLIENTS)))
    for i, vectors in enumerate(results):
        got = np.array(vectors)
        want = alone[[i, CLIENTS + i, i, i]]
        assert np.allclose(got, want, atol=1e-4), i
    stats = model.batch_stats()
    assert stats["passes"] < stats["requests"]  # requests shared passes
    assert stats["largest"] > 2
    docs = model.embed_documents(texts[:3])  # the tool vectors go through the same thread
    assert np.allclose(np.linalg.norm(docs, axis=1), 1.0, atol=1e-5)

