"""Everything in ../shared/data imported for real: counts match the sources, and a second import changes nothing."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.conftest import SHARED_DATA, snapshot
from toolgraph.db.store import GraphStore
from toolgraph.ingest.batch import ImportBatch, ImportReport
from toolgraph.ingest.openapi import read_restbench
from toolgraph.ingest.paths import read_paths
from toolgraph.ingest.taskbench import read_taskbench
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.ingest.writer import write_batch

pytestmark = pytest.mark.skipif(not SHARED_DATA.is_dir(), reason="../shared/data is not there")

QUERY_FILES = [SHARED_DATA / "stabletoolbench" / "test_instruction", SHARED_DATA / "toolbench" / "data_example" /
               "instruction"]
TOOLENV = SHARED_DATA / "toolbench" / "data_example" / "toolenv"
PATH_FILES = [SHARED_DATA / "stabletoolbench" / "answers", SHARED_DATA / "toolbench" / "data_example" / "answer",
              SHARED_DATA / "toolbench" / "tooleval_cot_paths"]
RESTBENCH = (SHARED_DATA / "restbench" / "datasets" / "tmdb.json", SHARED_DATA / "restbench" / "specs" / "tmdb_oas.json")
TASKBENCH = [SHARED_DATA / "taskbench" / "data_huggingface", SHARED_DATA / "taskbench" / "data_multimedia"]


def source_apis() -> set[tuple[str, str, str]]:
    """Every API of every api_list, read straight from the files."""
    apis = set()
    for folder in QUERY_FILES:
        for path in folder.glob("*.json"):
            for query in json.loads(path.read_text()):
                for a in query.get("api_list", []):
                    apis.add((a["category_name"], a["tool_name"], a["api_name"]))
    return apis


def import_all(store: GraphStore) -> list[ImportReport]:
    reports = [
        write_batch(store, read_toolbench([*QUERY_FILES, TOOLENV], ImportBatch("toolbench")), skip_invalid=True),
        write_batch(store, read_paths(PATH_FILES, ImportBatch("paths"), store, add_missing_tools=True)),
        write_batch(store, read_restbench(*RESTBENCH, ImportBatch("restbench"), group="TMDB", category="Movies"),
                    skip_invalid=True),
    ]
    reports += [write_batch(store, read_taskbench(folder, ImportBatch("taskbench"))) for folder in TASKBENCH]
    return reports


def counts(store: GraphStore) -> dict[str, int]:
    return {r["label"]: r["count"] for r in store.query("count_nodes_by_label")} | {
        r["type"]: r["count"] for r in store.query("count_relationships_by_type")}


def test_whole_shared_corpus(store: GraphStore) -> None:
    toolbench, paths, restbench, *taskbench = import_all(store)

    apis = source_apis()
    # Every API once; the only file rejected is an empty response-example file.
    assert toolbench.counts["tools"].created == len(apis) == 1935
    assert toolbench.counts["groups"].created == len({(c, t) for c, t, _ in apis})
    assert toolbench.counts["categories"].created == len({c for c, _, _ in apis})
    assert [p.file.endswith("acrosuite_oauther.json") for p in toolbench.rejected] == [True]
    tool_rows = store.query("fetch_tools", ids=[f"x{i}" for i in range(1)])  # the query works on misses too
    assert tool_rows == []

    # Every cleaned path stored, and every one of its transitions counted.
    tooleval_answered = sum(
        "give_answer" in (item["answer"].get("final_answer") or "")
        for f in (SHARED_DATA / "toolbench" / "tooleval_cot_paths").glob("*.json")
        for item in json.loads(f.read_text()).values())
    assert paths.counts["call_paths"].created > tooleval_answered // 2
    assert not paths.rejected
    restbench_rows = json.loads(RESTBENCH[0].read_text())
    assert restbench.counts["call_paths"].created == len(restbench_rows) - 1 == 99
    assert restbench.counts["tools"].created == 54

    rels = store.query("export_relationships")
    steps: dict[str, list[tuple[int, str]]] = {}
    for r in rels:
        if r["type"] == "STEP":
            steps.setdefault(r["source"], []).append((r["props"]["order"], r["target"]))
    success = {json.loads(n)["props"]["id"]: json.loads(n)["props"]["success"] for n in snapshot(store)[0]
               if json.loads(n)["labels"] == ["CallPath"]}
    expected: Counter[tuple[str, str]] = Counter()
    for pid, items in steps.items():
        order = [t for _, t in sorted(items)]
        if success[pid]:
            expected.update((a, b) for a, b in zip(order, order[1:]) if a != b)
    seq = {(r["source"], r["target"]): r["props"]["count"] for r in rels if r["type"] == "SEQUENTIAL"}
    assert seq == dict(expected)
    assert sum(seq.values()) == paths.transitions_added + restbench.transitions_added

    assert sum(t.counts["tools"].created for t in taskbench) == 23 + 40
    assert sum(t.counts["dependencies"].created for t in taskbench) == 225 + 449

    # A second import of everything changes nothing.
    before_counts, before = counts(store), snapshot(store)
    again = import_all(store)
    for report in again:
        for kind, c in report.counts.items():
            assert c.created == 0 and c.updated == 0, (report.source, kind, c)
        assert report.transitions_added == 0
    assert counts(store) == before_counts
    assert snapshot(store) == before


def test_weights_run_on_the_whole_corpus(store: GraphStore) -> None:
    from gds_jobs import JOBS, run_jobs

    import_all(store)
    runs = {r["job"]: r for r in run_jobs(store, JOBS)}
    assert set(runs) == set(JOBS)
    stats = {r["type"]: r["count"] for r in store.query("count_relationships_by_type")}
    assert runs["transition"]["stats"]["edges_weighted"] == stats["SEQUENTIAL"]
    assert runs["importance"]["stats"]["tools"] == {r["label"]: r["count"]
                                                   for r in store.query("count_nodes_by_label")}["Tool"]
    assert runs["resources"]["stats"]["strong"] + runs["resources"]["stats"]["weak"] > 100
    assert stats["SIMILAR_TO"] == runs["substitutes"]["stats"]["pairs"] > 0
    # Transition weights out of every tool sum to 1.
    sums: dict[str, float] = {}
    for r in store.query("export_relationships"):
        if r["type"] == "SEQUENTIAL":
            sums[r["source"]] = sums.get(r["source"], 0.0) + r["props"]["weight"]
    assert all(abs(v - 1.0) < 1e-9 for v in sums.values())
