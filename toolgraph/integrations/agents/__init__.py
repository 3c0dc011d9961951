"""Graph tool search where agents are built: LangGraph (:mod:`.bigtool`: a ``retrieve_tools`` function for
``langgraph-bigtool``), the OpenAI Agents SDK (:mod:`.openai_agents`: a search tool that loads the agent's tools per
turn) and Anthropic's custom tool search (:mod:`.anthropic_search`: ``tool_reference`` blocks for deferred tools).

All three sit on :class:`toolgraph.retrieve.toolset.ToolSearch`: the best tools for a request under a hard cap, the
pinned tools always, and the providers of the found tools' required inputs (the graph's resource edges). The
framework packages are the ``agents`` extra (``pip install 'toolgraph[agents]'``); this module imports none of them.
docs/frameworks.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolgraph.retrieve.toolset import Pick, ToolSearch, ToolSet

if TYPE_CHECKING:
    from toolgraph.config import Settings

__all__ = ["Pick", "ToolSearch", "ToolSet", "connect"]


def connect(settings: Settings | None = None, **options: Any) -> ToolSearch:
    """A :class:`ToolSearch` on the graph the settings name (``TOOLGRAPH_*``: Neo4j, else the embedded server,
    started if need be), with the embedding model the graph was embedded with when it has embeddings (else keyword
    search). ``options``: :class:`ToolSearch`'s (``limit``, ``pinned``, ``method``, ...)."""
    from toolgraph.config import Settings
    from toolgraph.db.store import open_store

    settings = settings or Settings()
    store = open_store(settings)
    try:
        embedder = settings.embed.embedder() if store.query("get_embedding_model") else None
        search = ToolSearch(store, embedder, **options)
    except BaseException:
        store.close()
        raise
    search.owns_store = True  # search.close() closes it
    return search
