"""What runs taught, and taking it back: ``forget_run`` undoes one executed run's lessons (the outcome counts it
added, the call path it stored with its SEQUENTIAL counts and transition weights, the memories it wrote);
``list_memories`` / ``forget_memory`` show and drop long-term memories one by one. Each is one transaction."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from toolgraph.db.store import Tx
from toolgraph.errors import ToolGraphError
from toolgraph.models import MANUAL_SOURCES, TRANSITION_ALPHA


def forget_run(store: Any, run_id: str) -> dict[str, Any]:
    """Take back what run ``run_id`` taught. Raises ToolGraphError for an unknown run or one forgotten already."""
    rows = store.query("get_run_lessons", id=run_id)
    if not rows:
        raise ToolGraphError(f"no run {run_id!r} in the graph (toolgraph runs list shows the stored runs)")
    run = rows[0]
    if run["forgotten"]:
        raise ToolGraphError(f"run {run_id!r}: what it taught was forgotten already, at {run['forgotten']}")
    outcomes = json.loads(run["outcomes"]) if run["outcomes"] else []

    def work(tx: Tx) -> dict[str, Any]:
        report: dict[str, Any] = {"run": run_id, "status": run["run_status"], "outcomes": outcomes,
                                  "call_path": None, "memories": 0}
        if outcomes:
            tx.run("forget_tool_outcomes", rows=outcomes)
        path = tx.run("forget_call_path", id=f"execution/{run_id}")
        if path:
            report["call_path"] = f"execution/{run_id}"
            sources = sorted(set(path[0]["sources"] or []))
            if sources:
                tx.run("job_transition_weights_for", sources=sources, alpha=TRANSITION_ALPHA,
                       manual=sorted(MANUAL_SOURCES))
        report["memories"] = tx.run("forget_run_memories", run=run_id)[0]["n"]
        tx.run("mark_run_forgotten", id=run_id, at=datetime.now(UTC).isoformat(timespec="seconds"))
        return report

    return store.write(work, what=f"forgetting run {run_id}")


def list_memories(store: Any, limit: int = 100) -> list[dict[str, Any]]:
    """Long-term memories, newest first: id, text, tools, run, uses, created."""
    return [{"id": r["id"], "text": r["text"], "tools": json.loads(r["tools"] or "[]"), "run": r.get("run"),
             "uses": r["uses"], "created": r["created"]} for r in store.query("list_memories", limit=limit)]


def forget_memory(store: Any, memory_id: str) -> None:
    if not store.write(lambda tx: tx.run("forget_memory", id=memory_id), what=f"forgetting memory {memory_id}")[0]["n"]:
        raise ToolGraphError(f"no memory {memory_id!r} (toolgraph memories list shows them)")
