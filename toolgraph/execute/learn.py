"""Learning from a run: each call's outcome is added to its tool's ``exec_ok`` / ``exec_failed`` counts (read by
the availability job), the shape of every real successful response is merged into its tool's ``observed_schema``
(a shape with new fields re-mines, in the same transaction, the dependency edges that tool feeds:
``gds_jobs.resources.refresh_edges_of``), the run is stored as a ``(:Run)`` with its calls and what it taught, and
only a run judged a success (toolgraph.execute.outcome) becomes a call path (``source: execution``, through the
importer so its transitions count) and memories of its solved subtasks. ``forget_run`` takes back what one run
taught."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from toolgraph.db.store import Tx
from toolgraph.execute.models import RunResult
from toolgraph.execute.shapes import merge, merged_into, shape
from toolgraph.text.schema import schema_fields


def learn(store: Any, result: RunResult, *, embedder: Any = None, save: bool = True,
          teach: bool = True) -> dict[str, Any]:
    """Record the run (``save``) and, with ``teach``, what it teaches (see the module)."""
    ok: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    for c in result.calls:  # the calls of re-planned paths (the last one's outcome is the call's own)
        for r in (c.replanned[:-1] if c.status == "ok" else c.replanned):
            if r.status == "ok":
                ok[r.tool] += 1
            elif r.attempts:
                failed[r.tool] += 1
    for c in result.calls:
        if c.status == "ok":
            ok[c.tool] += 1
            if c.substitute_for:  # the planned tool failed before its substitute answered
                failed[c.substitute_for] += 1
        elif c.status == "failed" and c.attempts:
            failed[c.substitute_for or c.tool] += 1
    rows = [{"id": t, "ok": ok[t], "failed": failed[t]} for t in sorted(set(ok) | set(failed))] if teach else []
    plan = result.plan
    calls = [c.model_dump(mode="json", exclude={"raw"}) for c in result.calls]
    run = {"id": result.id, "query": result.query, "created": plan.created, "policy": plan.policy,
           "model": plan.model, "status": plan.status, "seconds": result.timings.total_s,
           "tool_count": len(plan.tools), "plan": plan.model_dump_json(), "executed": True,
           "run_status": result.status, "answer": result.answer.model_dump_json(), "calls": json.dumps(calls),
           "reasons": json.dumps(result.reasons), "outcomes": json.dumps(rows), "taught": teach}
    seen = _shapes(result) if teach else {}

    def work(tx: Tx) -> dict[str, int]:  # counts, shapes, the edges they re-mine and the run together, or none
        if rows:
            tx.run("record_tool_outcomes", rows=rows)
        edges: dict[str, int] = {}
        if seen:
            stored = {r["id"]: r["observed_schema"] for r in tx.run("get_observed_schemas", ids=sorted(seen))}
            schemas = {t: merged_into(stored[t], v) for t, v in sorted(seen.items()) if t in stored}
            tx.run("set_observed_schemas", rows=[{"id": t, "schema": json.dumps(s)} for t, s in schemas.items()])
            grown = [t for t, s in schemas.items() if _fields(s) - _fields(stored[t])]
            if grown:  # a tool answered fields it was not known to: the dependency edges it feeds, re-mined
                from gds_jobs.resources import refresh_edges_of

                edges = refresh_edges_of(tx, grown)
        if save:
            tx.run("save_run", run=run, tools=[t.id for t in plan.tools])
        return edges

    edges = store.write(work, what="recording the run")
    learned: dict[str, Any] = {"outcomes": rows, "call_path": None, "memories": [], "shapes": sorted(seen),
                               "edges": edges}
    by_tool = {c.substitute_for or c.tool: c for c in result.calls}
    if teach and result.status == "success":
        steps = [t for level in result.levels for c in result.calls if c.id in level and c.status == "ok"
                 for t in ([r.tool for r in c.replanned] or [c.tool])]
        learned["call_path"] = _store_path(store, result.id, result.query, steps)
        from toolgraph.planner.graph import PlannerGraph
        from toolgraph.planner.memory import LongTermMemory

        memory = LongTermMemory(PlannerGraph(store, embedder))
        for sub in plan.subtasks:
            if sub.tools and all(t in by_tool and by_tool[t].status == "ok" for t in sub.tools):
                tools = [by_tool[t].tool for t in sub.tools]
                learned["memories"].append(memory.remember(sub.subtask.description, tools, result.id))
    return learned


def _shapes(result: RunResult) -> dict[str, Any]:
    """Tool id -> the shape of its real responses in this run (merged), for the observed output schemas."""
    seen: dict[str, Any] = {}
    for c in result.calls:
        for r in [*c.replanned, c]:
            if r.status == "ok" and not r.simulated and r.raw_value not in (None, "", [], {}):
                seen[r.tool] = merge(seen.get(r.tool) or {}, shape(r.raw_value))
    return seen


def _fields(schema: Any) -> set[tuple[str, ...]]:
    """The field paths of an observed schema (JSON text or a map; nothing: none)."""
    if isinstance(schema, str):
        try:
            schema = json.loads(schema)
        except ValueError:
            return set()
    return {(*path, name) for name, path in schema_fields(schema)} if isinstance(schema, dict) else set()


def _store_path(store: Any, run_id: str, query: str, steps: list[str]) -> str | None:
    if not steps:
        return None
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.writer import write_batch
    from toolgraph.models import CallPathSpec

    batch = ImportBatch("execution")
    spec = CallPathSpec(id=f"execution/{run_id}", query=query[:2000], success=True, source="execution",
                        source_ref={"run": run_id}, steps=steps)
    batch.add_call_path(spec, "run", run_id)
    write_batch(store, batch)
    return spec.id
