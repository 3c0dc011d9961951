"""``toolgraph search --batch FILE``: one JSON result line per JSON-lines query, the model loaded once."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from toolgraph.errors import InputFileError
from toolgraph.retrieve.search import Retriever


def run_batch(retriever: Retriever, path: Path, *, k: int, method: str, category: str | None,
              chains: bool) -> Iterator[str]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputFileError(f"{path}: cannot read: {exc}") from exc
    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record: Any = json.loads(line)
        except ValueError as exc:
            raise InputFileError(f"{path}: line {lineno}: not valid JSON: {exc}") from exc
        if not isinstance(record, dict) or not isinstance(record.get("query"), str) or not record["query"].strip():
            raise InputFileError(f'{path}: line {lineno}: query: expected {{"query": "..."}}')
        hits = retriever.search(record["query"], k=int(record.get("k", k)), method=method,  # type: ignore[arg-type]
                                category=record.get("category", category), chains=chains)
        yield json.dumps({"line": lineno, "query": record["query"], "id": record.get("id"),
                          "hits": [h.model_dump() for h in hits]}, ensure_ascii=False)
