"""Services a Python tool gets injected by parameter type (as Chat2Graph does), never shown to the LLM.

A parameter annotated with one of these types (or a subclass) is left out of the tool's schema at import and filled
by the executor at call time. Types are named by their qualified names so this module imports nothing heavy.
``httpx2`` (the fork the ``mcp`` package installs) counts as ``httpx``.
"""

from __future__ import annotations

import inspect
from typing import Any

# service kind -> qualified names of the types that ask for it
INJECTABLE: dict[str, tuple[str, ...]] = {
    "graph_store": ("toolgraph.db.store.GraphStore",),
    "http_client": ("httpx.Client", "httpx2.Client"),
    "async_http_client": ("httpx.AsyncClient", "httpx2.AsyncClient"),
}


def service_kind(hint: Any) -> str | None:
    """The service kind a type annotation asks for, or None for an ordinary parameter."""
    if not inspect.isclass(hint):
        return None
    names = {f"{cls.__module__}.{cls.__qualname__}" for cls in inspect.getmro(hint)}
    return next((kind for kind, types in INJECTABLE.items() if names.intersection(types)), None)
