"""What the explorer reads: tool search, a tool's details and weights, and its neighbourhood to k hops.

Plain functions of a store (no Flask), so the load benchmark can call them without HTTP as its baseline.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder, EmbeddingError
from toolgraph.errors import GraphStoreError
from toolgraph.models import DEPENDENCY_TYPES, MANUAL_SOURCES, clean_text
from toolgraph.retrieve.neighbourhood import walk_neighbourhood
from toolgraph.tool import Tool
from web.edits import edge_version
from web.errors import NotFound, ValidationFailed

log = logging.getLogger(__name__)

SEARCH_METHODS = ("auto", "graph", "hybrid", "dense", "keyword", "name")
EMBEDDING_METHODS = ("graph", "hybrid", "dense")
MAX_HOPS = 3
NODE_WEIGHTS = ("importance", "pagerank", "availability", "availability_static", "community", "exec_ok",
                "exec_failed")
# Which weight job wrote which node property (docs/weights.md).
WEIGHT_JOBS = {"importance": "importance", "pagerank": "importance", "availability": "availability",
               "availability_static": "availability", "community": "communities"}


def _loads(raw: Any, default: Any) -> Any:
    if raw is None or raw == "":
        return default
    try:
        return json.loads(raw) if isinstance(raw, str) else raw
    except ValueError:
        return raw


# -- search ---------------------------------------------------------------------------------------------------------
def search_tools(store: GraphStore, query: str, *, method: str = "auto", k: int = 10, category: str | None = None,
                 embedder: Embedder | None = None) -> dict[str, Any]:
    """Tools for a request. ``auto``: the graph method when the graph holds tool vectors and an embedding model is
    configured, keyword (BM25) when only the indexes exist, else a name search. Each hit says why it ranked."""
    text = clean_text(query or "")[:1000]
    if not text:
        raise ValidationFailed("the search query is empty", "q")
    if method not in SEARCH_METHODS:
        raise ValidationFailed(f"method must be one of {', '.join(SEARCH_METHODS)}", "method")
    # one read tells whether tools are embedded and gives the Retriever its stamp (tool_catalog_stamp)
    catalog = store.read_kept("tool_catalog_stamp")
    indexed = bool(catalog and catalog[0]["name"] is not None)
    notes: list[str] = []
    used = method
    if method == "auto":
        used = "graph" if indexed and embedder is not None else ("keyword" if indexed else "name")
        if used == "name":
            notes.append("no search indexes yet (run `toolgraph embed`): searching tool names")
    elif method in EMBEDDING_METHODS and (not indexed or embedder is None):
        raise ValidationFailed(f"the {method} method needs tool embeddings and an embedding model: run "
                               "`toolgraph embed` (and configure TOOLGRAPH_EMBED_*)", "method")
    elif method == "keyword" and not indexed:
        raise ValidationFailed("keyword search needs the full-text index: run `toolgraph embed`", "method")
    hits: list[dict[str, Any]] = []
    if used != "name":
        from toolgraph.retrieve.search import Retriever

        try:
            retriever = Retriever(store, embedder if used in EMBEDDING_METHODS else None, catalog=catalog)
            found = retriever.search(text, k=k, method=used, category=category)  # type: ignore[arg-type]
            hits = [h.model_dump() for h in found]
        except (EmbeddingError, GraphStoreError) as exc:
            if method != "auto":
                raise
            log.warning("search by %s failed, falling back to names: %s", used, exc)
            notes.append(f"{used} search failed ({exc}); searched tool names instead")
            used = "name"
    if used == "name":
        rows = store.query("search_tools_by_name", text=text.lower(), category=category or None, limit=k)
        hits = [{"id": r["id"], "name": r["name"], "group": r["group"] or "", "category": r["category"] or "",
                 "score": None, "why": {"name_match": ("exact", "prefix", "contains")[r["rank"]]}} for r in rows]
    return {"query": text, "method": used, "requested": method, "category": category, "k": k, "notes": notes,
            "hits": hits}


# -- one tool -------------------------------------------------------------------------------------------------------
def edge_view(props: dict[str, Any], kind: str) -> dict[str, Any]:
    """An edge's properties as shown: whether a person set it, and where its weight came from."""
    source = props.get("source")
    manual = source in MANUAL_SOURCES
    if manual:
        weight_from = f"set by {props.get('edited_by') or source}"
    elif kind == "SEQUENTIAL":
        weight_from = "transition job: P(B | A) from call-path counts"
    elif source in ("rules", "llm"):
        evidence = props.get("evidence") or ("llm" if source == "llm" else "schema")
        weight_from = f"resources job, evidence: {evidence}" + (" (checked by an LLM)" if source == "llm" else "")
    elif props.get("weight") is None:
        weight_from = "none (the graph methods use a default by type)"
    else:
        weight_from = f"import ({source or 'unknown'})"
    return {**props, "manual": manual, "weight_from": weight_from}


def tool_details(store: GraphStore, tool_id: str, *, edge_limit: int = 200) -> dict[str, Any]:
    rows = store.query("tool_details", id=tool_id)
    if not rows:
        raise NotFound(f"no tool {tool_id!r}", "id")
    t = rows[0]
    tool = {key: t[key] for key in ("id", "name", "description", "method", "url", "source", "function_name",
                                    "category", "embedded")}
    tool["group"] = t["group"] or {}
    decoded = Tool.from_row(t)
    tool["required_params"] = decoded.param_dicts(required=True)
    tool["optional_params"] = decoded.param_dicts(required=False)
    tool["output_schema"] = decoded.output_schema
    tool["source_ref"] = decoded.source_ref
    weights = {key: t[key] for key in NODE_WEIGHTS if t[key] is not None}
    computed: dict[str, Any] = {}
    latest: dict[str, dict[str, Any]] = {}
    for run in store.query("list_job_runs", job=None, limit=200):
        latest.setdefault(run["job"], run)
    for key in weights:
        run = latest.get(WEIGHT_JOBS.get(key, ""))
        if run is not None:
            computed[key] = {"job": run["job"], "backend": run["backend"], "at": run["finished"],
                             "params": _loads(run["params"], {})}
    dependencies = [
        {"direction": r["direction"], "type": r["type"], "other": r["other"], "other_name": r["other_name"],
         **edge_view(r["props"], r["type"]), "version": edge_version(r["type"], r["props"])}
        for r in store.query("tool_dependencies", id=tool_id, limit=edge_limit)
    ]
    return {"tool": tool, "weights": weights, "weights_from": computed, "dependencies": dependencies,
            "dependencies_capped": len(dependencies) >= edge_limit}


# -- neighbourhood --------------------------------------------------------------------------------------------------
def parse_types(raw: str | list[str] | None) -> list[str]:
    if raw is None or raw == "" or raw == []:
        return list(DEPENDENCY_TYPES)
    items = raw.split(",") if isinstance(raw, str) else list(raw)
    types = [str(t).strip().upper() for t in items if str(t).strip()]
    bad = [t for t in types if t not in DEPENDENCY_TYPES]
    if bad or not types:
        raise ValidationFailed(f"types must be among {', '.join(DEPENDENCY_TYPES)}", "types")
    return list(dict.fromkeys(types))


def neighbourhood(store: GraphStore, tool_id: str, *, k: int = 1, category: str | None = None,
                  types: list[str] | None = None, min_weight: float = 0.0, max_nodes: int = 300) -> dict[str, Any]:
    """The tools within ``k`` hops of a tool (any direction) over the chosen edge types of at least ``min_weight``,
    only through tools of ``category`` when given, and the edges between them. Hops are capped at 3 and tools at
    ``max_nodes`` (the strongest links are kept first); ``capped`` and ``notes`` say when that cut anything."""
    notes = []
    if k < 1:
        raise ValidationFailed("k must be at least 1", "k")
    if k > MAX_HOPS:
        notes.append(f"k capped at {MAX_HOPS} hops (asked for {k})")
        k = MAX_HOPS
    types = types or list(DEPENDENCY_TYPES)
    rows = store.query("tool_details", id=tool_id)
    if not rows:
        raise NotFound(f"no tool {tool_id!r}", "id")
    centre = rows[0]
    walk = walk_neighbourhood(store, tool_id, hops=k, types=types, max_nodes=max_nodes, min_weight=min_weight,
                              category=category)
    capped = walk.capped
    nodes: dict[str, dict[str, Any]] = {tool_id: {
        "id": tool_id, "name": centre["name"], "group": (centre["group"] or {}).get("name") or "",
        "category": centre["category"] or "", "importance": centre["importance"], "hop": 0}}
    for other, r in walk.rows.items():
        nodes[other] = {"id": other, "name": r["name"], "group": r["group"] or "", "category": r["category"] or "",
                        "importance": r["importance"], "hop": walk.hops[other]}
    if capped:
        notes.append(f"showing {max_nodes} tools, the most strongly linked first: raise the minimum weight, "
                     "filter by category or edge type, or lower k to see the rest")
    ids = list(nodes)
    edges = [{**edge_view(r["props"], r["type"]), "from": r["source"], "to": r["target"], "type": r["type"]}
             for r in store.query("edges_among", ids=ids, types=types, min_weight=min_weight)]
    return {"centre": tool_id, "k": k, "category": category, "types": types, "min_weight": min_weight,
            "max_nodes": max_nodes, "capped": capped, "notes": notes, "nodes": list(nodes.values()), "edges": edges}


def categories(store: GraphStore) -> list[dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for r in store.query("list_categories_groups"):
        cat = out.setdefault(r["category"], {"name": r["category"], "groups": []})
        if r["group_id"] is not None:
            cat["groups"].append({"id": r["group_id"], "name": r["group_name"]})
    return list(out.values())
