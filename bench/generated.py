"""The generated tool graph the import, weights, web and retrieval benchmarks share: deterministic for a seed,
groups laid out category by category, most dependency edges inside a category."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from common import ORIGIN

from toolgraph.ingest.batch import ImportBatch
from toolgraph.models import CategorySpec, DependencySpec, GroupSpec, Param, ToolSpec

WORDS = ("search", "convert", "fetch", "translate", "summarize", "detect", "classify", "render", "resize", "geocode",
         "weather", "stock", "image", "audio", "video", "text", "user", "order", "invoice", "flight", "hotel", "news",
         "email", "calendar", "map", "price", "review", "recipe", "movie", "song", "document", "entity")
RESOURCES = ("text", "image", "audio", "video", "url", "json", "file", "location", "date", "user_id")
DEPENDENCY_MIX = (("SEQUENTIAL", 0.5), ("WEAK_RESOURCE", 0.35), ("STRONG_RESOURCE", 0.15))
LOCAL_EDGES = 0.7  # share of edges whose two tools are in the same category


def _sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def _params(rng: random.Random, low: int, high: int) -> list[Param]:
    return [Param(name=f"{rng.choice(WORDS)}_{i}", type=rng.choice(("string", "number", "boolean")),
                  description=_sentence(rng, 6)) for i in range(rng.randint(low, high))]


def _group_sizes(rng: random.Random, n_tools: int) -> Iterator[int]:
    left = n_tools
    while left > 0:
        size = min(left, rng.randint(5, 11))  # about 8 tools a group
        left -= size
        yield size


def generate(n_tools: int, n_edges: int, n_categories: int, seed: int) -> ImportBatch:
    """A deterministic tool graph. Groups are laid out category by category and most edges stay inside a
    category, so the first tools of the batch, with the edges between them, are a connected subset."""
    rng = random.Random(seed)
    batch = ImportBatch("generated")
    categories = [CategorySpec(name=f"Category {c:02d}", description=_sentence(rng, 8)) for c in range(n_categories)]
    for cat in categories:
        batch.add_category(cat, ORIGIN, cat.name)
    sizes = list(_group_sizes(rng, n_tools))
    tool_category: list[int] = []
    for g, size in enumerate(sizes):
        c = g * n_categories // len(sizes)
        group = GroupSpec(id=f"bench/g{g:05d}", name=f"group {g:05d}", category=categories[c].name,
                          description=_sentence(rng, 12), source=ORIGIN, popularity_score=round(rng.random(), 3))
        batch.add_group(group, ORIGIN, group.id)
        for _ in range(size):
            t = len(tool_category)
            tool_category.append(c)
            tool = ToolSpec(
                id=f"{group.id}/t{t:06d}", name=f"tool {t:06d}", group_id=group.id,
                description=_sentence(rng, 20), method=rng.choice(("GET", "POST")),
                url=f"https://api.example.com/g{g}/t{t}", required_params=_params(rng, 1, 3),
                optional_params=_params(rng, 0, 3), output_schema={"result": rng.choice(RESOURCES)},
                source=ORIGIN, source_ref={"index": t}, function_name=f"t{t:06d}_for_g{g:05d}",
            )
            batch.add_tool(tool, ORIGIN, tool.id)
    _add_edges(batch, rng, tool_category, n_edges)
    return batch


def _add_edges(batch: ImportBatch, rng: random.Random, tool_category: list[int], n_edges: int) -> None:
    ids = list(batch.tools)
    by_category: dict[int, list[int]] = {}
    for t, c in enumerate(tool_category):
        by_category.setdefault(c, []).append(t)
    types, weights = zip(*DEPENDENCY_MIX)
    possible = len(ids) * (len(ids) - 1) * (1 + 2 * len(RESOURCES))  # distinct (source, target, type, resource)
    while len(batch.dependencies) < min(n_edges, possible):
        a = rng.randrange(len(ids))
        b = rng.choice(by_category[tool_category[a]] if rng.random() < LOCAL_EDGES else range(len(ids)))
        if a == b:
            continue
        kind = rng.choices(types, weights)[0]
        dep = DependencySpec(
            source=ids[a], target=ids[b], type=kind, origin=ORIGIN,
            resource=None if kind == "SEQUENTIAL" else rng.choice(RESOURCES),
            weight=round(rng.random(), 3) if kind == "SEQUENTIAL" else None,
        )
        if dep.key() not in batch.dependencies:
            batch.add_dependency(dep, ORIGIN, f"edge {len(batch.dependencies)}")


# -- the same kind of catalogue, streamed (the scale benchmark) -----------------------------------------------------
def catalogue_records(n_tools: int, n_edges: int, n_categories: int, seed: int) -> Iterator[dict[str, Any]]:
    """The generated graph as ToolGraph records (``toolgraph import records``), one at a time: categories, then
    each group with its tools, then the dependency edges ordered by source. Nothing is held but each tool's
    category and group number, so a million edges cost no more memory than a thousand. Edges: each tool gets
    its share of ``n_edges`` to distinct targets (so no two are the same key), most inside its category."""
    rng = random.Random(seed)
    categories = [f"Category {c:02d}" for c in range(n_categories)]
    for name in categories:
        yield {"kind": "category", "name": name, "description": _sentence(rng, 8)}
    sizes = list(_group_sizes(rng, n_tools))
    tool_group: list[int] = []
    by_category: dict[int, list[int]] = {}
    for g, size in enumerate(sizes):
        c = g * n_categories // len(sizes)
        gid = f"bench/g{g:05d}"
        yield {"kind": "group", "id": gid, "name": f"group {g:05d}", "category": categories[c],
               "description": _sentence(rng, 12), "source": ORIGIN, "popularity_score": round(rng.random(), 3)}
        for _ in range(size):
            t = len(tool_group)
            tool_group.append(g)
            by_category.setdefault(c, []).append(t)
            yield {"kind": "tool", "id": f"{gid}/t{t:06d}", "name": f"tool {t:06d}", "group_id": gid,
                   "description": _sentence(rng, 20), "method": rng.choice(("GET", "POST")),
                   "url": f"https://api.example.com/g{g}/t{t}",
                   "required_params": [p.as_dict() for p in _params(rng, 1, 3)],
                   "optional_params": [p.as_dict() for p in _params(rng, 0, 3)],
                   "output_schema": {"result": rng.choice(RESOURCES)}, "source": ORIGIN, "source_ref": {"index": t},
                   "function_name": f"t{t:06d}_for_g{g:05d}"}
    n = len(tool_group)
    category_of = [g * n_categories // len(sizes) for g in tool_group]
    types, weights = zip(*DEPENDENCY_MIX)

    def tool_id(t: int) -> str:
        return f"bench/g{tool_group[t]:05d}/t{t:06d}"

    for a in range(n):
        want = min(n - 1, (a + 1) * n_edges // n - a * n_edges // n)
        local = by_category[category_of[a]]
        targets: set[int] = set()
        while len(targets) < want:
            b = rng.choice(local) if rng.random() < LOCAL_EDGES and len(local) > want + 1 else rng.randrange(n)
            if b != a:
                targets.add(b)
        for b in sorted(targets):
            kind = rng.choices(types, weights)[0]
            record: dict[str, Any] = {"kind": "dependency", "source": tool_id(a), "target": tool_id(b), "type": kind,
                                      "origin": ORIGIN}
            if kind == "SEQUENTIAL":
                record["weight"] = round(rng.random(), 3)
            else:
                record["resource"] = rng.choice(RESOURCES)
            yield record


def write_catalogue(path: Path, n_tools: int, n_edges: int, n_categories: int, seed: int) -> dict[str, int]:
    """The streamed catalogue written as JSON lines; returns how many records of each kind."""
    counts: dict[str, int] = {}
    with open(path, "w", encoding="utf-8") as fh:
        for record in catalogue_records(n_tools, n_edges, n_categories, seed):
            counts[record["kind"]] = counts.get(record["kind"], 0) + 1
            fh.write(json.dumps(record, separators=(",", ":")) + "\n")
    return counts
