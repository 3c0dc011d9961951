"""Long-term memory: subtasks that were solved, with their tool paths, as ``(:Memory)`` nodes linked to the tools
(``REMEMBERS``), recalled by similarity for new subtasks."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime

from toolgraph.planner.graph import PlannerGraph, cosine, lexical_similarity, loads


@dataclass(frozen=True)
class Recollection:
    id: str
    text: str
    tools: list[str]
    similarity: float


def memory_id(text: str) -> str:
    return "mem-" + hashlib.sha256(" ".join(text.lower().split()).encode()).hexdigest()[:16]


class LongTermMemory:
    def __init__(self, graph: PlannerGraph, *, threshold: float = 0.8, limit: int = 5000) -> None:
        self.graph = graph
        self.threshold = threshold  # the least similarity for a memory to be offered
        self.limit = limit

    def recall(self, text: str, k: int = 2) -> list[Recollection]:
        """The ``k`` most similar memories at or above the threshold whose tools all still exist."""
        rows = self.graph.memories(self.limit)
        if not rows:
            return []
        vector = self.graph.query_vector(text)
        scored = []
        for row in rows:
            if vector is not None and row["embedding"] is not None and len(row["embedding"]) == len(vector):
                sim = cosine(vector, list(row["embedding"]))
            else:
                sim = lexical_similarity(text, row["text"] or "")
                sim = min(sim, lexical_similarity(row["text"] or "", text))  # symmetric: both ways must match
            if sim >= self.threshold:
                scored.append((sim, row))
        scored.sort(key=lambda x: (-x[0], x[1]["id"]))
        out = []
        for sim, row in scored:
            tools = [t for t in loads(row["tools"], []) if isinstance(t, str)]
            if tools and len(self.graph.tools(tools)) == len(tools):
                out.append(Recollection(row["id"], row["text"], tools, round(sim, 6)))
            if len(out) == k:
                break
        return out

    def remember(self, text: str, tools: list[str], run_id: str) -> str:
        vector = self.graph.query_vector(text)
        memory = {"id": memory_id(text), "text": text, "tools": json.dumps(tools), "run": run_id,
                  "created": datetime.now(UTC).isoformat(timespec="milliseconds"), "embedding": vector}
        return self.graph.save_memory(memory, tools)

    def used(self, memory: str) -> None:
        self.graph.use_memory(memory)
