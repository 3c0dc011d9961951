"""Every named query RUN (not only EXPLAINed) on the imported sample, on the embedded server and on Neo4j.

The bundled sample (``import/``) is imported once per backend with the weight jobs, tool embeddings (a 4-d hash
embedder) and the sample plan and run; a user, an edit and a recording are added. Each query then runs with
parameters filled from that graph: read from its header (``// params: name: description``), a Tool, ToolGroup,
CallPath, Run, Memory, Edit or User key as the description names it; the writes that take rows of their own get
them from ``ROWS``. A write runs in a transaction that is rolled back, so every query sees the same graph.

Every query must run without error and return rows whose keys are the columns its header's ``returns:`` names;
every query returns at least one row, and a write's count is at least one. The
benchmarks' own files (``cypher/bench``) run here too; the admin files run where the procedures are installed and
listed (tests/test_procedures.py), the GDS projection in the substitutes job on GDS (tests/test_neo4j.py).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, SAMPLE
from tests.test_embed_cache import HashEmbedder
from toolgraph.db.cypher import DECLARED_PARAM, NamedQuery, default_catalog, parse_query_file
from toolgraph.db.store import GraphStore, Tx
from toolgraph.demo import run_demo

NAMES = default_catalog().names()
BENCH = sorted((ROOT / "cypher" / "bench").glob("*.cypher"))
# the benchmarks' files: auto-commit, no rollback; the one write deletes the edges of a source the sample lacks
BENCH_PARAMS = {"delete_imported_weak_resources": {"source": "no-such-importer"},
                "mined_resource_edges": {"sources": ["import", "openapi", "rules", "llm", "taskbench"]}}
DEPENDENCIES = ("SEQUENTIAL", "STRONG_RESOURCE", "WEAK_RESOURCE")


@dataclass
class Sample:
    store: GraphStore
    facts: dict[str, Any]


class RolledBack(Exception):  # noqa: N818 - not an error: how a write's rows leave the transaction it undoes
    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__("rolled back")
        self.rows = rows


def run_rolled_back(store: GraphStore, name: str, params: dict[str, Any]) -> list[dict[str, Any]]:
    """Run a write query in a transaction that is rolled back; its rows."""

    def work(tx: Tx) -> None:
        raise RolledBack(tx.run(name, **params))

    with pytest.raises(RolledBack) as caught:
        store.write(work, what=f"query {name}")
    return caught.value.rows


@pytest.fixture(scope="module", params=[pytest.param("embedded", marks=pytest.mark.server),
                                        pytest.param("neo4j", marks=pytest.mark.neo4j)])
def sample(request: pytest.FixtureRequest) -> Iterator[Sample]:
    store: GraphStore = request.getfixturevalue("session_store" if request.param == "embedded"
                                                else "neo4j_session_store")
    store.query("clear_graph")
    store.drop_vector_index("Tool", "embedding")  # an earlier test's index of other dimensions outlives its graph
    try:
        run_demo(store, SAMPLE, jobs_backend="portable", embedder=HashEmbedder())
        facts = _facts(store)
        yield Sample(store, facts)
    finally:
        store.query("clear_graph")
        store.drop_vector_index("Tool", "embedding")


def _facts(store: GraphStore) -> dict[str, Any]:
    """Keys of the imported graph that the queries' parameters are filled from."""
    nodes = store.query("export_nodes")
    rels = store.query("export_relationships")

    def keys(label: str, key: str = "id") -> list[Any]:
        return sorted(n["props"][key] for n in nodes if label in n["labels"])

    tools = {n["props"]["id"]: n["props"] for n in nodes if "Tool" in n["labels"]}
    # the best-connected tool: the most kinds of edge (type and direction) touch it
    kinds: dict[str, set[tuple[str, bool]]] = {}
    for r in rels:
        if r["source"] in tools and r["target"] in tools:
            kinds.setdefault(r["source"], set()).add((r["type"], True))
            kinds.setdefault(r["target"], set()).add((r["type"], False))
    tool = max(sorted(kinds), key=lambda t: len(kinds[t]))
    around = [r for r in rels if r["type"] in DEPENDENCIES and tool in (r["source"], r["target"])]
    edge = next((r for r in around if r["type"] == "WEAK_RESOURCE"), around[0])
    neighbours = sorted({r["source"] for r in around} | {r["target"] for r in around} - {tool})
    group = next(r["source"] for r in rels if r["type"] == "HAS_TOOL" and r["target"] == tool)
    category = next(r["source"] for r in rels if r["type"] == "HAS_GROUP" and r["target"] == group)
    groups = {n["props"]["id"]: n["props"] for n in nodes if "ToolGroup" in n["labels"]}
    runs = keys("Run")
    user = {"name": "analyst-1", "role": "editor", "password_hash": "x", "created": "2026-01-01T00:00:00Z"}
    store.query("create_user", user=user)
    edit = {"id": "edit-1", "user": user["name"], "at": "2026-01-01T00:00:00Z", "action": "change",
            "type": edge["type"], "source_id": edge["source"], "target_id": edge["target"],
            "resource": edge["props"].get("resource"), "before": None, "after": "{}", "undone": False, "undoes": None}
    store.query("record_edit", edit=edit)
    store.query("merge_recordings", rows=[{"tool_id": tool, "args_key": "{}", "arguments": "{}",
                                           "response": '{"ok": true}', "source": "test"}])
    return {
        "tool": tool, "tools": [tool, *neighbours[:4]], "edge": edge, "group": group, "category": category,
        "group_source": groups[group].get("source"), "tool_source": tools[tool].get("source"),
        "function_name": tools[tool].get("function_name") or next(
            p["function_name"] for p in tools.values() if p.get("function_name")),
        "callpath": keys("CallPath")[0], "run": runs[0], "memory": keys("Memory")[0], "job": keys("JobRun", "job")[0],
        "edit": edit["id"], "user": user["name"], "search": tools[tool]["name"].lower(),
        "vector": tools[tool]["embedding"],  # the tool's own: it is its own nearest, in its own category
        "index": store.backend.vector_index_name("Tool", "embedding"),
        "text_index": store.backend.fulltext_index_name("Tool", "search_text"),
    }


def param_descriptions(query: NamedQuery) -> dict[str, str]:
    """``{name: description}`` from the header's ``// params:`` line (and its continuation lines)."""
    header, reading = "", False
    for line in query.path.read_text(encoding="utf-8").splitlines():
        if line.startswith("// params:"):
            header, reading = line.split(":", 1)[1], True
        elif reading and line.startswith("//   "):
            header += " " + line[2:].strip()
        elif reading:
            break
    starts = list(DECLARED_PARAM.finditer(header))
    return {m.group(1): header[m.end(): starts[i + 1].start() if i + 1 < len(starts) else None].strip(" ,")
            for i, m in enumerate(starts)}


ENTITY = [("CallPath", "callpath"), ("ToolGroup", "group"), ("Run id", "run"), ("Memory id", "memory"),
          ("Edit id", "edit"), ("User.name", "user")]
BY_NAME: dict[str, Callable[[dict[str, Any]], Any]] = {
    "limit": lambda f: 10, "k": lambda f: 5, "topK": lambda f: 5, "hops": lambda f: 2,
    "min_weight": lambda f: 0.0, "minWeight": lambda f: 0.0, "alpha": lambda f: 0.1, "manual": lambda f: ["analyst"],
    "types": lambda f: list(DEPENDENCIES), "vector": lambda f: f["vector"], "a": lambda f: f["vector"],
    "b": lambda f: [1.0, 0.0, 0.0, 0.0], "vectors": lambda f: True, "job": lambda f: f["job"],
    "category": lambda f: f["category"], "tool": lambda f: f["tool"], "args_key": lambda f: "{}",
    "pairs": lambda f: [{"source": f["edge"]["source"], "target": f["edge"]["target"]}],
    "source": lambda f: f["edge"]["source"], "target": lambda f: f["edge"]["target"],
    "type": lambda f: f["edge"]["type"], "resource": lambda f: f["edge"]["props"].get("resource"),
    "fromId": lambda f: f["edge"]["source"], "toId": lambda f: f["edge"]["target"],
    "text": lambda f: f["search"], "at": lambda f: "2026-01-02T00:00:00Z", "updated": lambda f: "2026-01-02T00:00:00Z",
    "by": lambda f: "edit-2", "user": lambda f: f["user"], "password_hash": lambda f: "y", "run": lambda f: f["run"],
    "props": lambda f: {"weight": 0.5, "source": "analyst"}, "sources": lambda f: ["rules", "llm"],
    "default_sequential": lambda f: 0.1, "default_strong": lambda f: 1.0, "default_weak": lambda f: 0.5,
    "w_service": lambda f: 1.0, "w_success": lambda f: 1.0, "w_latency": lambda f: 1.0, "w_popularity": lambda f: 1.0,
    "latency_ref_ms": lambda f: 500.0, "popularity_max": lambda f: 100.0, "prior": lambda f: 0.5,
    "prior_strength": lambda f: 2.0, "name": lambda f: f["user"], "dimensions": lambda f: 4,
}
# parameters whose meaning is the query's own
BY_QUERY: dict[str, dict[str, Callable[[dict[str, Any]], Any]]] = {
    "list_groups_by_source": {"source": lambda f: f["group_source"]},
    "list_tools_by_source": {"source": lambda f: f["tool_source"]},
    "query_tool_vectors": {"index": lambda f: f["index"]},
    "search": {"index": lambda f: f["text_index"]},
    "set_embedding_model": {"name": lambda f: HashEmbedder.name},
    "job_transition_weights_for": {"sources": lambda f: f["tools"]},
    "find_tools_by_function_name": {"names": lambda f: [f["function_name"]]},
    "fetch_categories": {"names": lambda f: [f["category"]]},
    "job_tool_features_in_categories": {"categories": lambda f: [f["category"]]},
    # the sample's resource edge around the tool, by the source that mined it
    "job_clear_mined_resources_into": {
        "rows": lambda f: [{"target": f["edge"]["target"], "resource": f["edge"]["props"].get("resource")}],
        "sources": lambda f: [f["edge"]["props"].get("source")]},
    "save_memory": {"memory": lambda f: {"id": "memory-2", "text": "find a movie", "tools": "[]",
                                         "created": "2026-01-02T00:00:00Z", "run": f["run"], "embedding": None},
                    "tools": lambda f: f["tools"]},
    "save_run": {"run": lambda f: {"id": "run-2", "query": "find a movie", "created": "2026-01-02T00:00:00Z",
                                   "policy": "graph", "model": None, "status": "ok", "seconds": 0.1,
                                   "tool_count": 1, "plan": "{}"},
                 "tools": lambda f: f["tools"]},
    "create_user": {"user": lambda f: {"name": "analyst-2", "role": "viewer", "password_hash": "x",
                                       "created": "2026-01-02T00:00:00Z"}},
    "record_edit": {"edit": lambda f: {"id": "edit-2", "user": f["user"], "at": "2026-01-02T00:00:00Z",
                                       "action": "delete", "type": "SEQUENTIAL"}},
    "record_job_run": {"run": lambda f: {"id": "job-run-2", "job": "test", "backend": "portable", "seconds": 0.1}},
}
# rows of the writes that take rows
ROWS: dict[str, Callable[[dict[str, Any]], list[dict[str, Any]]]] = {
    "create_call_paths": lambda f: [{"id": "test/1", "props": {"source": "test"}, "steps": f["tools"][:2]}],
    "forget_tool_outcomes": lambda f: [{"id": f["tool"], "ok": 1, "failed": 0}],
    "record_tool_outcomes": lambda f: [{"id": f["tool"], "ok": 1, "failed": 1}],
    "increment_sequential": lambda f: [{"source": f["tools"][0], "target": f["tools"][1], "count": 1}],
    "job_write_community": lambda f: [{"id": f["tool"], "community": 7}],
    "job_write_importance": lambda f: [{"id": f["tool"], "pagerank": 0.2, "importance": 1.0}],
    "job_write_similar": lambda f: [{"a": f["tools"][0], "b": f["tools"][1], "score": 0.5, "io": 0.5, "text": 0.5,
                                     "neighbours": 0.5}],
    "merge_categories": lambda f: [{"name": "Test category", "props": {"description": "x"}}],
    "merge_groups": lambda f: [{"id": "test/g", "category": f["category"], "props": {"name": "g"}}],
    "merge_tools": lambda f: [{"id": "test/g/t", "group_id": f["group"], "props": {"name": "t"}}],
    "merge_recordings": lambda f: [{"tool_id": f["tool"], "args_key": "*", "arguments": "{}", "response": "{}",
                                    "source": "test"}],
    "merge_sequential": lambda f: [{"source": f["tools"][0], "target": f["tools"][1], "props": {"weight": 0.3}}],
    "merge_strong_resource": lambda f: [{"source": f["tools"][0], "target": f["tools"][1], "resource": "r",
                                         "props": {"weight": 1.0}}],
    "merge_weak_resource": lambda f: [{"source": f["tools"][0], "target": f["tools"][1], "resource": "r",
                                       "props": {"weight": 0.5}}],
    "set_observed_schemas": lambda f: [{"id": f["tool"], "schema": "{}"}],
    "set_tool_embeddings": lambda f: [{"id": f["tool"], "embedding": [0.5, 0.5, 0.5, 0.5], "hash": "h",
                                       "text": "t"}],
}


def params_for(query: NamedQuery, facts: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, description in param_descriptions(query).items():
        own = BY_QUERY.get(query.name, {})
        if name in own:
            out[name] = own[name](facts)
        elif name == "rows":
            out[name] = ROWS[query.name](facts)
        elif name in ("id", "ids", "seeds", "toolId", "toolIds", "tool_id", "group_id"):
            entity = next((key for word, key in ENTITY if word in description), "tool")
            if name == "group_id":
                entity = "group"
            one = facts[entity]
            out[name] = facts["tools"] if entity == "tool" and name.endswith("s") else (
                [one] if name.endswith("s") else one)
        else:
            out[name] = BY_NAME[name](facts)
    assert set(out) == set(query.params), query.name
    return out


def columns(query: NamedQuery) -> set[str]:
    """The column names of the header's ``returns:``: the first word of each top-level, comma-separated part."""
    depth, parts, current = 0, [], ""
    for ch in query.returns:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    parts.append(current)
    return {re.match(r"\s*(\w+)", part).group(1) for part in parts if part.strip()}


def counts(store: GraphStore) -> tuple[Counter[str], Counter[str]]:
    return (Counter({r["label"]: r["count"] for r in store.query("count_nodes_by_label")}),
            Counter({r["type"]: r["count"] for r in store.query("count_relationships_by_type")}))


@pytest.mark.parametrize("name", NAMES)
def test_every_named_query_runs_on_the_sample(sample: Sample, name: str) -> None:
    store = sample.store
    query = store.catalog[name]
    params = params_for(query, sample.facts)
    if query.mode == "read":
        rows = store.query(name, **params)
    else:
        before = counts(store)
        rows = run_rolled_back(store, name, params)
        assert counts(store) == before, "the rolled back write changed the graph"
    expected = columns(query)
    assert [sorted(row) for row in rows if set(row) != expected] == [], f"columns are not {sorted(expected)}"
    assert rows, f"{name} returned no row with {params}"
    if expected == {"n"}:
        assert rows[0]["n"] >= 1, f"{name} touched nothing with {params}"


@pytest.mark.parametrize("path", BENCH, ids=[p.stem for p in BENCH])
def test_every_benchmark_query_runs_on_the_sample(sample: Sample, path: Path) -> None:
    query = parse_query_file(path)
    before = counts(sample.store)
    rows = sample.store.run_file(query, **BENCH_PARAMS.get(query.name, {}))
    assert counts(sample.store) == before
    expected = columns(query)
    assert rows and [sorted(row) for row in rows if set(row) != expected] == []


def test_every_query_has_parameters_here() -> None:
    """Each query's parameters are filled by ``params_for`` (checked without a graph: every fact is a stand-in)."""
    facts = {key: "x" for key in ("tool", "group", "category", "callpath", "run", "memory", "edit", "user", "job",
                                  "index", "text_index", "search", "group_source", "tool_source", "function_name")}
    facts |= {"tools": ["x", "y"], "vector": [1.0, 0.0, 0.0, 0.0], "edge": {"source": "x", "target": "y",
                                                                           "type": "SEQUENTIAL", "props": {}}}
    catalog = default_catalog()
    assert {name: sorted(params_for(catalog[name], facts)) for name in NAMES} == {
        name: sorted(catalog[name].params) for name in NAMES}
    assert sorted(set(ROWS) - set(NAMES)) == [] and sorted(set(BY_QUERY) - set(NAMES)) == []
    assert {name: sorted(params) for name, params in BENCH_PARAMS.items()} == {
        p.stem: sorted(parse_query_file(p).params) for p in BENCH if parse_query_file(p).params}

