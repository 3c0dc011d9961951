"""Call paths: cleaning ToolBench trees, mapping function names to tools, and SEQUENTIAL counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import snapshot
from tests.helpers import answer_file, api, call, finish, write_json
from toolgraph.db.store import GraphStore
from toolgraph.errors import ImportRejectedError
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.paths import read_paths
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.ingest.writer import write_batch

TOOLS = ["Search", "Details", "Reviews", "Photos"]


def ids(*names: str) -> list[str]:
    return [f"travel/hotels/{n.lower()}" for n in names]


def fn(name: str) -> str:
    return f"{name.lower()}_for_hotels"


@pytest.fixture
def hotels(store: GraphStore, tmp_path: Path) -> GraphStore:
    path = write_json(tmp_path / "tools.json", [{"query_id": 1, "api_list": [api("Travel", "Hotels", n) for n in TOOLS]}])
    write_batch(store, read_toolbench([path], ImportBatch("t")))
    return store


def import_paths(store: GraphStore, *paths: Path, add_missing: bool = False, **kw: bool):
    batch = read_paths(paths, ImportBatch("paths"), store, add_missing_tools=add_missing)
    return write_batch(store, batch, **kw)


def sequential(store: GraphStore) -> dict[tuple[str, str], int]:
    rows = store.query("export_relationships")
    return {(r["source"], r["target"]): r["props"]["count"] for r in rows if r["type"] == "SEQUENTIAL"}


def steps(store: GraphStore, path_id: str) -> list[str]:
    rows = [r for r in store.query("export_relationships") if r["type"] == "STEP" and r["source"] == path_id]
    return [r["target"] for r in sorted(rows, key=lambda r: r["props"]["order"])]


def test_dfs_tree_is_cleaned_to_its_winning_linear_path(hotels: GraphStore, tmp_path: Path) -> None:
    tree = [
        call(fn("Photos"), finish(), pruned=True),  # a pruned branch, even though it finishes
        call(fn("Search"), call(fn("Details"), call(fn("Reviews"), finish(), error="rate limited"),
                                code=0)),
    ]
    # Search -> Details -> Reviews(error) -> Finish: Reviews is dropped.
    path = answer_file(tmp_path / "G1_answer" / "10_ChatGPT_DFS_woFilter_w2.json", tree,
                       functions=[fn(n) for n in TOOLS])
    report = import_paths(hotels, path)
    assert report.counts["call_paths"].created == 1 and not report.rejected
    assert steps(hotels, "toolbench-dfs:G1_answer/10_ChatGPT_DFS_woFilter_w2") == ids("Search", "Details")
    assert sequential(hotels) == {tuple(ids("Search", "Details")): 1}
    assert report.transitions_added == 1


def test_give_up_and_unfinished_trees_are_filtered(hotels: GraphStore, tmp_path: Path) -> None:
    a = answer_file(tmp_path / "a" / "1_x.json", [call(fn("Search"), finish())], finish_type="give_up")
    b = answer_file(tmp_path / "b" / "2_x.json", [call(fn("Search"), finish(answer=False))])
    c = answer_file(tmp_path / "c" / "3_x.json", [call(fn("Search"), finish(), code=6)])  # only call failed
    report = import_paths(hotels, a, b, c)
    assert report.filtered == {"finish_type is give_up": 1, "no unpruned path to a give_answer Finish": 1,
                               "no error-free tool call": 1}
    assert report.counts["call_paths"].created == 0


def test_own_jsonl_traces_count_transitions_of_successful_paths(hotels: GraphStore, tmp_path: Path) -> None:
    s, d, r = ids("Search", "Details", "Reviews")
    traces = tmp_path / "traces.jsonl"
    traces.write_text("\n".join(json.dumps(x) for x in [
        {"query": "q1", "calls": [s, d, d, r], "success": True},  # repeated call: no self-loop
        {"query": "q2", "calls": [s, d]},  # success defaults to true
        {"query": "q3", "calls": [s, r], "success": False},  # stored, not counted
    ]) + "\n\n")
    report = import_paths(hotels, traces)
    assert report.counts["call_paths"].created == 3
    assert sequential(hotels) == {(s, d): 2, (d, r): 1}
    assert report.transitions_added == 3

    before = snapshot(hotels)
    again = import_paths(hotels, traces)
    assert again.counts["call_paths"].as_dict() == {"created": 0, "updated": 0, "unchanged": 3}
    assert again.transitions_added == 0 and snapshot(hotels) == before

    more = tmp_path / "more.jsonl"
    more.write_text(json.dumps({"id": "mine-1", "query": "q4", "calls": [s, d]}) + "\n")
    import_paths(hotels, more)  # incremental: only the new path is counted
    assert sequential(hotels)[(s, d)] == 3


def test_tooleval_results_are_walked_and_mapped(hotels: GraphStore, tmp_path: Path) -> None:
    def msg(name: str, error: str = "") -> str:
        return str({"name": name, "arguments": "{}", "response": str({"error": error, "response": "ok"})})

    def chain(*messages: str) -> dict:
        node: dict = {"role": "tool", "message": messages[-1], "next": []}
        for m in reversed(messages[:-1]):
            node = {"role": "tool", "message": m, "next": [node]}
        return {"role": "system", "message": "", "next": [{"role": "user", "message": "q", "next": [node]}]}

    data = {
        "100": {"query": "find and review", "available_tools": [{"name": fn(n)} for n in TOOLS],
                "answer": {"final_answer": '{"return_type": "give_answer"}', "answer_details": [chain(
                    msg(fn("Search")), msg(fn("Photos"), error="500"), msg(fn("Reviews")), msg("Finish"))]}},
        "101": {"query": "gave up", "available_tools": [],
                "answer": {"final_answer": "", "answer_details": [chain(msg(fn("Search")))]}},
    }
    path = write_json(tmp_path / "G1_instruction.json", data)
    report = import_paths(hotels, path)
    assert report.filtered == {"did not finish with give_answer": 1}
    assert steps(hotels, "tooleval:G1_instruction:100") == ids("Search", "Reviews")


def test_unknown_function_rejects_and_names_file_record_field(hotels: GraphStore, tmp_path: Path) -> None:
    good = answer_file(tmp_path / "G1" / "1_a.json", [call(fn("Search"), call(fn("Details"), finish()))],
                       functions=[fn("Search"), fn("Details")])
    bad = answer_file(tmp_path / "G1" / "2_b.json", [call(fn("Search"), call("ghost_for_nowhere", finish()))],
                      functions=[fn("Search"), "ghost_for_nowhere"])
    before = snapshot(hotels)
    with pytest.raises(ImportRejectedError) as err:
        import_paths(hotels, good, bad)
    assert snapshot(hotels) == before
    problem = err.value.report.rejected[0]
    assert (problem.file, problem.record, problem.field) == (str(bad), "G1/2_b", "calls[1]")
    assert "'ghost_for_nowhere' matches no tool" in problem.message

    report = import_paths(hotels, good, bad, skip_invalid=True)
    assert report.counts["call_paths"].created == 1 and len(report.rejected) == 1

    added = import_paths(hotels, bad, add_missing=True)
    assert added.counts["tools"].created == 1 and added.counts["call_paths"].created == 1
    tool = hotels.query("find_tools_by_function_name", names=["ghost_for_nowhere"])[0]
    assert tool["id"] == "uncategorized/nowhere/ghost" and tool["group_id"] == "uncategorized/nowhere"


def test_missing_tool_joins_its_known_group(hotels: GraphStore, tmp_path: Path) -> None:
    path = answer_file(tmp_path / "G1" / "3_c.json", [call(fn("Search"), call(fn("Map"), finish()))],
                       functions=[fn("Search"), fn("Map")])
    import_paths(hotels, path, add_missing=True)
    tool = hotels.query("find_tools_by_function_name", names=[fn("Map")])[0]
    assert tool == {"function_name": "map_for_hotels", "id": "travel/hotels/map", "group_id": "travel/hotels"}
    props = hotels.query("fetch_tools", ids=["travel/hotels/map"])[0]["props"]
    assert props["description"] == "does map_for_hotels"
    assert json.loads(props["required_params"])[0]["name"] == "q"


def test_cot_answer_file_uses_its_chain(hotels: GraphStore, tmp_path: Path) -> None:
    chain = [
        {"node_type": "Action", "description": fn("Details")},
        {"node_type": "Action Input", "description": "{}", "observation": '{"error": "", "response": "x"}'},
        {"node_type": "Action", "description": fn("Photos")},
        {"node_type": "Action Input", "description": "{}", "observation": '{"error": "", "response": "y"}'},
        {"node_type": "Action", "description": "Finish"},
        {"node_type": "Action Input", "description": '{"return_type": "give_answer", "final_answer": "z"}'},
    ]
    path = write_json(tmp_path / "G1_instruction" / "5_CoT@1.json", {
        "win": True, "trys": [{"chain": chain}], "compare_candidates": [chain],
        "answer_generation": {"query": "q", "function": [{"name": fn("Details")}, {"name": fn("Photos")}]}})
    import_paths(hotels, path)
    assert steps(hotels, "toolbench-cot:G1_instruction/5_CoT@1") == ids("Details", "Photos")
