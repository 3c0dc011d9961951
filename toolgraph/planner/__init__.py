"""The planner: task decomposition and a depth-first search with backtracking over the tool graph, driven by an
LLM or, with none configured, by a deterministic graph-only policy. See docs/planner.md."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolgraph.planner.config import PlannerConfig
from toolgraph.planner.models import Plan
from toolgraph.planner.search import Planner

if TYPE_CHECKING:
    from toolgraph.db.store import GraphStore
    from toolgraph.embeddings.base import Embedder
    from toolgraph.llm import ChatModel

__all__ = ["Plan", "Planner", "PlannerConfig", "plan_request"]


def plan_request(store: GraphStore, query: str, *, llm: ChatModel | None = None, embedder: Embedder | None = None,
                 save: bool = True,
                 config: PlannerConfig | None = None) -> Plan:
    """Plan ``query`` over the graph in ``store``; stored as a ``(:Run)`` node unless ``save`` is false."""
    return Planner(store, llm=llm, embedder=embedder, config=config).plan(query, save=save)
