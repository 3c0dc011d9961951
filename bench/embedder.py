"""The retrieval benchmarks' embedder (torch threads and the query pass's precision set for the run) and their
tool-vector cache (``bench/results/*.npz``, keyed by model and text)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolgraph.db.store import GraphStore


def embed_with_cache(store: GraphStore, embedder: Any, cache: Path | None, *, progress_bar: bool = True
                     ) -> dict[str, Any]:
    """``embed_tools``, with the tool vectors kept in ``cache`` (an ``.npz`` keyed by ``Tool.embedding_hash``, so
    by model and text): a rerun on the same corpus writes the cached vectors back and embeds only what is new."""
    import numpy as np

    from toolgraph.retrieve.embed import embed_tools, tool_text

    known: dict[str, list[float]] = {}
    if cache is not None and cache.exists():
        with np.load(cache) as data:
            known = dict(zip(data["hashes"].tolist(), data["vectors"].tolist()))
    rows, restored = store.query("embed_tool_rows"), []
    for row in rows:
        text = tool_text(row)
        digest = _embedding_hash(embedder.name, text)
        if digest in known and row["embedding_hash"] != digest:
            restored.append({"id": row["id"], "text": text, "hash": digest, "embedding": known[digest]})
    for start in range(0, len(restored), 500):
        store.query("set_tool_embeddings", rows=restored[start:start + 500])
    stats = embed_tools(store, embedder, progress=progress_bar)
    if cache is not None:
        fresh = store.query("embed_tool_rows")
        vectors = {r["id"]: r["embedding"] for r in store.query("tool_vectors")}
        hashes = [r["embedding_hash"] for r in fresh if vectors.get(r["id"]) is not None]
        cache.parent.mkdir(parents=True, exist_ok=True)
        np.savez(cache, hashes=np.array(hashes), vectors=np.array(
            [vectors[r["id"]] for r in fresh if vectors.get(r["id"]) is not None], dtype=np.float32))
    return {**stats, "restored_from_cache": len(restored)}


def _embedding_hash(model: str, text: str) -> str:
    import hashlib

    return hashlib.sha1(f"{model}\x1f{text}".encode()).hexdigest()


def bench_embedder(threads: int = 1, query_precision: str = "auto") -> Any:
    """The configured embedder (TOOLGRAPH_EMBED_*), with torch's threads and, for a local model, the precision of
    the query forward pass set for the benchmark (the tool vectors are float32 either way)."""
    from toolgraph.config import Settings
    from toolgraph.embeddings.flag import FlagEmbedder, set_torch_threads

    settings = Settings().embed
    set_torch_threads(threads)
    if settings.provider != "flag":
        return settings.embedder()
    return FlagEmbedder(settings.model, pooling=settings.pooling, query_instruction=settings.query_instruction,
                        batch_size=settings.batch_size, query_precision=query_precision)
