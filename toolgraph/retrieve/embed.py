"""``toolgraph embed``: vectors for every tool, in ``Tool.embedding``, with a vector and a full-text index.

The text embedded is the tool's name, description, parameters, group and category (``tool_text``); a hash of it
and the model name is kept in ``Tool.embedding_hash``, so a re-run embeds only tools whose text changed. The model
is recorded in ``(:EmbeddingModel {key: 'tools', name, dimensions})``; vectors of another model are an error until
``--reset`` re-embeds everything.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

from tqdm import tqdm

from toolgraph.db.store import GraphStore, chunks
from toolgraph.embeddings.base import Embedder, EmbeddingError
from toolgraph.tool import Tool

LABEL, VECTOR, TEXT = "Tool", "embedding", "search_text"


def tool_text(row: dict[str, Any] | Tool) -> str:
    """The text a tool is embedded and keyword-searched by (:meth:`Tool.embed_text`)."""
    return Tool.of(row, need_id=False).embed_text()  # no id: a tool not in the graph (a client's function)


def check_model(store: GraphStore, embedder: Embedder, rows: list[dict[str, Any]] | None = None
                ) -> dict[str, Any] | None:
    """The recorded model; an error when it is not the configured one. ``rows``: the model record already read
    (any query returning its ``name`` and ``dimensions``; a row whose ``name`` is null means none)."""
    rows = store.query("get_embedding_model") if rows is None else [r for r in rows if r.get("name") is not None]
    if rows and (rows[0]["name"] != embedder.name or rows[0]["dimensions"] != embedder.dimensions):
        raise EmbeddingError(
            f"the graph holds tool vectors of model {rows[0]['name']!r} ({rows[0]['dimensions']} dimensions), but "
            f"the configured model is {embedder.name!r} ({embedder.dimensions}); run `toolgraph embed --reset` to "
            "re-embed every tool, or configure the recorded model (TOOLGRAPH_EMBED_MODEL)")
    return rows[0] if rows else None


def embed_tools(store: GraphStore, embedder: Embedder, *, reset: bool = False, chunk_size: int = 500,
                progress: bool = False) -> dict[str, Any]:
    if reset:
        store.drop_vector_index(LABEL, VECTOR)
        store.query("clear_tool_embeddings")
    else:
        check_model(store, embedder)
    rows = store.query("embed_tool_rows")
    todo = []
    for row in rows:
        text = tool_text(row)
        digest = hashlib.sha1(f"{embedder.name}\x1f{text}".encode()).hexdigest()
        if reset or row["embedding_hash"] != digest:
            todo.append({"id": row["id"], "text": text, "hash": digest})
    with tqdm(total=len(todo), desc="embedding tools", unit="tool", disable=not progress) as bar:
        for part in chunks(todo, chunk_size):
            vectors = embedder.embed_documents([r["text"] for r in part])
            store.query("set_tool_embeddings", rows=[{**r, "embedding": v} for r, v in zip(part, vectors)])
            bar.update(len(part))
    store.query("set_embedding_model", name=embedder.name, dimensions=embedder.dimensions,
                updated=datetime.now(UTC).isoformat())
    vector_index = store.ensure_vector_index(LABEL, VECTOR, embedder.dimensions)
    text_index = store.ensure_fulltext_index(LABEL, TEXT)
    return {"model": embedder.name, "dimensions": embedder.dimensions, "tools": len(rows), "embedded": len(todo),
            "unchanged": len(rows) - len(todo), "vector_index": vector_index, "text_index": text_index}
