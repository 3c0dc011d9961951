"""substitutes: tools that can stand in for each other, as (:Tool)-[:SIMILAR_TO {score, io, text, neighbours}]-(:Tool).

score = w_io * io + w_text * text + w_neighbours * neighbours, each a Jaccard similarity in [0, 1]:
- io: half the Jaccard of the inputs (normalised parameter names / types) plus half that of the outputs
  (normalised output fields / types); outputs unknown on either side add nothing, since the same inputs alone
  (every stock endpoint takes a symbol) say little;
- text: of the content words of name and description;
- neighbours: of the tools each is linked to by dependency edges (either direction); GDS node similarity computes
  this one where present, the same Jaccard.
Pairs are found through shared features (frequent ones skipped), kept when score >= min_score, at most top_k per
tool. Edges are stored once per pair (from the smaller id); what the planner tries when a tool fails.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations
from typing import Any

from pydantic import Field

from gds_jobs.base import Job, JobContext, JobParams, as_nodes, gds_stream, projected_by_query
from gds_jobs.fields import content_tokens, tool_inputs, tool_outputs
from toolgraph.db.store import Tx
from toolgraph.tool import Tool


class SubstituteParams(JobParams):
    w_io: float = Field(0.45, ge=0, description="weight of input/output similarity")
    w_text: float = Field(0.35, ge=0, description="weight of name/description similarity")
    w_neighbours: float = Field(0.2, ge=0, description="weight of shared-neighbour similarity")
    min_score: float = Field(0.45, ge=0, le=1, description="smallest score kept")
    top_k: int = Field(5, ge=1, le=100, description="most substitutes kept per tool")
    max_feature_tools: int = Field(200, ge=2, description="a feature shared by more tools finds no pairs")


def jaccard(a: set[Any], b: set[Any]) -> float:
    return len(a & b) / len(a | b) if a or b else 0.0


def _features(tool: Tool) -> tuple[set[str], set[str], set[str]]:
    inputs = {i.key for i in tool_inputs(tool)}
    outputs = {o.key for o in tool_outputs(tool)}
    text = content_tokens(f"{tool.name} {tool.description}")
    return inputs, outputs, text


def neighbour_sets(edges: list[dict[str, Any]]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = defaultdict(set)
    for e in edges:
        if e["source"] != e["target"]:
            out[e["source"]].add(e["target"])
            out[e["target"]].add(e["source"])
    return out


def score_pairs(tools: list[Tool] | list[dict[str, Any]], neighbours: dict[str, set[str]] | None,
                neighbour_sim: dict[tuple[str, str], float] | None, params: SubstituteParams) -> list[dict[str, Any]]:
    """Scored pairs (a < b), ``top_k`` per tool. Neighbour similarity comes from ``neighbour_sim`` (GDS) when
    given, else is computed from ``neighbours``."""
    feats = {t.id: _features(t) for t in map(Tool.of, tools)}
    index: dict[str, list[str]] = defaultdict(list)
    for tid, (ins, outs, text) in feats.items():
        for f in {f"i:{x}" for x in ins} | {f"o:{x}" for x in outs} | {f"t:{x}" for x in text}:
            index[f].append(tid)
    for tid, nbrs in (neighbours or {}).items():
        for n in nbrs:
            index[f"n:{n}"].append(tid)
    pairs: set[tuple[str, str]] = set()
    for members in index.values():
        if 2 <= len(members) <= params.max_feature_tools:
            pairs.update(combinations(sorted(set(members)), 2))
    pairs.update(neighbour_sim or {})
    total = params.w_io + params.w_text + params.w_neighbours or 1.0
    scored = []
    for a, b in pairs:
        (ia, oa, ta), (ib, ob, tb) = feats[a], feats[b]
        # Inputs and outputs count half each; unknown outputs (no schema) count as no evidence of sameness.
        io = 0.5 * jaccard(ia, ib) + (0.5 * jaccard(oa, ob) if oa and ob else 0.0)
        text = jaccard(ta, tb)
        if neighbour_sim is not None:
            nb = neighbour_sim.get((a, b), 0.0)
        else:
            nb = jaccard((neighbours or {}).get(a, set()), (neighbours or {}).get(b, set()))
        score = (params.w_io * io + params.w_text * text + params.w_neighbours * nb) / total
        if score >= params.min_score:
            scored.append({"a": a, "b": b, "score": round(score, 6), "io": round(io, 6), "text": round(text, 6),
                           "neighbours": round(nb, 6)})
    scored.sort(key=lambda r: (-r["score"], r["a"], r["b"]))
    kept, per_tool = [], defaultdict(int)
    for row in scored:
        if per_tool[row["a"]] < params.top_k and per_tool[row["b"]] < params.top_k:
            per_tool[row["a"]] += 1
            per_tool[row["b"]] += 1
            kept.append(row)
    return kept


class SubstitutesJob(Job):
    name = "substitutes"
    description = "SIMILAR_TO edges between tools that can stand in for each other"
    reads = ("Tool.required_params", "Tool.optional_params", "Tool.output_schema", "Tool.description",
             "dependency edges")
    writes = ("SIMILAR_TO {score, io, text, neighbours}",)
    depends_on = ("resources",)
    Params = SubstituteParams
    has_gds = True

    def _write(self, ctx: JobContext, rows: list[dict[str, Any]]) -> dict[str, Any]:
        def work(tx: Tx) -> list[dict[str, Any]]:
            removed = tx.run("job_clear_similar")
            ctx.write_rows("job_write_similar", rows, tx)
            return removed

        removed = ctx.store.write(work, what="writing SIMILAR_TO edges")
        return {"pairs": len(rows), "removed_previous": removed[0]["n"] if removed else 0,
                "best": rows[0] if rows else None}

    def run_portable(self, ctx: JobContext, params: Any) -> dict[str, Any]:
        tools = ctx.store.query("job_tool_features")
        edges = ctx.store.query("job_dependency_edges", default_sequential=1.0, default_strong=1.0,
                                default_weak=1.0)
        return self._write(ctx, score_pairs(tools, neighbour_sets(edges), None, params))

    def run_gds(self, ctx: JobContext, params: Any) -> dict[str, Any]:
        gds = ctx.gds
        tools = ctx.store.query("job_tool_features")
        # one relationship per linked pair (cypher/gds/project_tool_neighbours.cypher): GDS counts parallel
        # relationships of different types as a neighbour each time, the portable job's neighbour sets do not
        with projected_by_query(ctx, "project_tool_neighbours", "toolgraph_substitutes") as graph:
            frame = gds_stream(gds, "nodeSimilarity", graph, topK=len(tools) or 1, similarityCutoff=1e-9,
                               degreeCutoff=1, concurrency=1)
        node_ids = sorted({int(i) for i in frame["node1"]} | {int(i) for i in frame["node2"]})
        name = {nid: node["id"] for nid, node in zip(node_ids, as_nodes(gds, node_ids))}
        sim = {}
        for n1, n2, s in zip(frame["node1"], frame["node2"], frame["similarity"]):
            a, b = sorted((name[int(n1)], name[int(n2)]))
            sim[(a, b)] = float(s)
        return self._write(ctx, score_pairs(tools, None, sim, params))
