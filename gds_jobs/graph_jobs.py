"""importance (PageRank) and communities (Louvain) over the tool dependency graph.

Both read every SEQUENTIAL / STRONG_RESOURCE / WEAK_RESOURCE edge between tools with its ``weight`` (SEQUENTIAL:
the transition weight; resource edges: their confidence, else 1.0 for strong and 0.5 for weak). The GDS
implementations stream the algorithm's result from a projection (dropped afterwards); the portable ones compute
the same definitions in Python (gds_jobs/algorithms.py); both write through the same named queries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import Field

from gds_jobs.algorithms import louvain, pagerank
from gds_jobs.base import Job, JobContext, JobParams, as_nodes, gds_stream, projected

if TYPE_CHECKING:
    from graphdatascience import GraphDataScience

DEPENDENCY_TYPES = ("SEQUENTIAL", "STRONG_RESOURCE", "WEAK_RESOURCE")


class EdgeDefaults(JobParams):
    default_sequential: float = Field(0.0, ge=0, description="weight of a SEQUENTIAL edge with none")
    default_strong: float = Field(1.0, ge=0, description="weight of a STRONG_RESOURCE edge with none")
    default_weak: float = Field(0.5, ge=0, description="weight of a WEAK_RESOURCE edge with none")


def load_graph(ctx: JobContext, params: EdgeDefaults) -> tuple[list[str], list[tuple[str, str, float]]]:
    nodes = [r["id"] for r in ctx.store.query("list_tool_ids")]
    rows = ctx.store.query("job_dependency_edges", default_sequential=params.default_sequential,
                           default_strong=params.default_strong, default_weak=params.default_weak)
    return nodes, [(r["source"], r["target"], float(r["weight"])) for r in rows]


def _projection(params: EdgeDefaults, orientation: str) -> dict[str, Any]:
    defaults = {"SEQUENTIAL": params.default_sequential, "STRONG_RESOURCE": params.default_strong,
                "WEAK_RESOURCE": params.default_weak}
    return {t: {"orientation": orientation,
                "properties": {"weight": {"property": "weight", "defaultValue": float(defaults[t])}}}
            for t in DEPENDENCY_TYPES}


def _stream_ids(gds: GraphDataScience, frame: Any, column: str) -> dict[str, Any]:
    """Map a GDS stream (nodeId, column) to tool ids."""
    ids = as_nodes(gds, [int(i) for i in frame["nodeId"]])
    return {node["id"]: value for node, value in zip(ids, frame[column])}


class ImportanceParams(EdgeDefaults):
    damping: float = Field(0.85, gt=0, lt=1, description="PageRank damping factor")
    max_iterations: int = Field(20, ge=1, le=1000)
    tolerance: float = Field(1e-7, gt=0)


class ImportanceJob(Job):
    name = "importance"
    description = "PageRank over the dependency graph, weighted by transition weights"
    reads = ("SEQUENTIAL.weight", "STRONG_RESOURCE.weight", "WEAK_RESOURCE.weight")
    writes = ("Tool.pagerank", "Tool.importance")
    depends_on = ("transition", "resources")
    Params = ImportanceParams
    has_gds = True

    def _write(self, ctx: JobContext, scores: dict[str, float]) -> dict[str, Any]:
        top = max(scores.values(), default=0.0)
        rows = [{"id": k, "pagerank": v, "importance": v / top if top > 0 else 0.0} for k, v in scores.items()]
        ctx.write_rows("job_write_importance", rows)
        best = max(scores, key=lambda k: scores[k]) if scores else None
        return {"tools": len(rows), "max_pagerank": round(top, 6), "most_important": best}

    def run_portable(self, ctx: JobContext, params: Any) -> dict[str, Any]:
        nodes, edges = load_graph(ctx, params)
        scores = pagerank(nodes, edges, damping=params.damping, max_iterations=params.max_iterations,
                          tolerance=params.tolerance)
        return self._write(ctx, scores)

    def run_gds(self, ctx: JobContext, params: Any) -> dict[str, Any]:
        gds = ctx.gds
        with projected(gds, "toolgraph_importance", "Tool", _projection(params, "NATURAL")) as graph:
            frame = gds_stream(gds, "pageRank", graph, relationshipWeightProperty="weight",
                               dampingFactor=params.damping, maxIterations=params.max_iterations,
                               tolerance=params.tolerance)
            scores = {k: float(v) for k, v in _stream_ids(gds, frame, "score").items()}
        return self._write(ctx, scores)


class CommunityParams(EdgeDefaults):
    resolution: float = Field(1.0, gt=0, description="Louvain resolution (higher: smaller communities)")
    max_levels: int = Field(10, ge=1, le=100)


class CommunitiesJob(Job):
    name = "communities"
    description = "Louvain communities of the undirected dependency graph"
    reads = ImportanceJob.reads
    writes = ("Tool.community",)
    depends_on = ("transition", "resources")
    Params = CommunityParams
    has_gds = True

    def _write(self, ctx: JobContext, nodes: list[str], raw: dict[str, int]) -> dict[str, Any]:
        # Number communities 0.. in order of their first tool id, so both implementations write the same ids.
        first: dict[int, int] = {}
        for node in nodes:
            first.setdefault(raw[node], len(first))
        rows = [{"id": n, "community": first[raw[n]]} for n in nodes]
        ctx.write_rows("job_write_community", rows)
        sizes: dict[int, int] = {}
        for row in rows:
            sizes[row["community"]] = sizes.get(row["community"], 0) + 1
        return {"tools": len(rows), "communities": len(sizes), "largest": max(sizes.values(), default=0),
                "singletons": sum(1 for s in sizes.values() if s == 1)}

    def run_portable(self, ctx: JobContext, params: Any) -> dict[str, Any]:
        nodes, edges = load_graph(ctx, params)
        return self._write(ctx, nodes, louvain(nodes, edges, resolution=params.resolution,
                                               max_levels=params.max_levels))

    def run_gds(self, ctx: JobContext, params: Any) -> dict[str, Any]:
        if params.resolution != 1.0:
            from gds_jobs.base import JobError

            raise JobError("communities: GDS Louvain has no resolution parameter; use --backend portable")
        gds = ctx.gds
        nodes = [r["id"] for r in ctx.store.query("list_tool_ids")]
        with projected(gds, "toolgraph_communities", "Tool", _projection(params, "UNDIRECTED")) as graph:
            frame = gds_stream(gds, "louvain", graph, relationshipWeightProperty="weight", tolerance=1e-7,
                               maxLevels=params.max_levels, concurrency=1)
            raw = {k: int(v) for k, v in _stream_ids(gds, frame, "communityId").items()}
        return self._write(ctx, nodes, raw)
