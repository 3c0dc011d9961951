"""Ten-plus kinds of bad input: each is refused with a message naming file, record and field, and each leaves
the graph exactly as it was (compared property by property)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import snapshot
from tests.helpers import api, queries_file, write_json
from toolgraph.db.store import GraphStore
from toolgraph.errors import ImportRejectedError, InputFileError, ToolGraphError
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.openapi import read_openapi, read_restbench
from toolgraph.ingest.paths import read_paths
from toolgraph.ingest.taskbench import read_taskbench
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.ingest.writer import write_batch

SPEC = {"openapi": "3.0.0", "info": {"title": "Pets"}, "paths": {
    "/pets/{id}": {"get": {"operationId": "getPet", "parameters": [{"name": "id", "in": "path", "required": True}],
                           "responses": {"200": {"description": "ok"}}}}}}


@pytest.fixture
def populated(store: GraphStore, tmp_path: Path) -> GraphStore:
    write_batch(store, read_toolbench([queries_file(tmp_path / "base.json")], ImportBatch("t")))
    traces = tmp_path / "base.jsonl"
    traces.write_text(json.dumps({"id": "base", "query": "q", "calls": [
        "weather/open_meteo/current_weather", "weather/open_meteo/forecast"]}) + "\n")
    write_batch(store, read_paths([traces], ImportBatch("p"), store))
    return store


def toolbench(store: GraphStore, path: Path) -> None:
    write_batch(store, read_toolbench([path], ImportBatch("t")))


def paths(store: GraphStore, path: Path) -> None:
    write_batch(store, read_paths([path], ImportBatch("p"), store))


def openapi(store: GraphStore, path: Path) -> None:
    batch = ImportBatch("o")
    read_openapi(path, batch)
    write_batch(store, batch)


def restbench(store: GraphStore, path: Path) -> None:
    write_batch(store, read_restbench(path, path.parent / "spec.json", ImportBatch("r"), group="Pets"))


def taskbench(store: GraphStore, path: Path) -> None:
    write_batch(store, read_taskbench(path.parent, ImportBatch("tb")))


def jsonl(*lines: object) -> str:
    return "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"


CASES: list[tuple[str, str, str | bytes, Callable[[GraphStore, Path], None], str, str]] = [
    # (id, file name, content, importer, expected record, expected field + message fragment)
    ("truncated-json", "q.json", '[{"query_id": 1, "api_list": [', toolbench, "line 1 column 31",
     "not valid JSON"),
    ("not-utf8", "q.json", b'[{"query": "\xff\xfe"}]', toolbench, "byte", "not UTF-8"),
    ("missing-api-name", "q.json", json.dumps([{"query_id": 3, "api_list": [
        api("A", "T", "ok"), {"category_name": "A", "tool_name": "T"}]}]), toolbench,
     "[0] query_id=3 api_list[1]", "api_name: missing or empty"),
    ("api-list-not-a-list", "q.json", json.dumps([{"query_id": 4, "query": "x", "api_list": "nope"}]), toolbench,
     "[0] query_id=4", "api_list: missing or not a list"),
    ("params-wrong-type", "q.json", json.dumps([{"query_id": 5, "api_list": [
        {**api("A", "T", "X"), "required_parameters": "city"}]}]), toolbench,
     "[0] query_id=5 api_list[0]", "required_params"),
    ("wrong-shape", "q.json", "42", toolbench, "", "not a ToolBench query list"),
    ("unknown-tool-in-trace", "t.jsonl", jsonl({"query": "q", "calls": ["weather/open_meteo/forecast",
                                                                        "nowhere/ghost"]}), paths,
     "line 1", "steps[1]: unknown tool 'nowhere/ghost'"),
    ("bad-jsonl-line", "t.jsonl", jsonl({"calls": ["weather/open_meteo/forecast"]}, "{oops"), paths, "line 2",
     "not valid JSON"),
    ("trace-bad-fields", "t.jsonl", jsonl({"query": "q", "calls": ["weather/open_meteo/forecast"],
                                           "success": "yes"}), paths, "line 1", "success: must be true or false"),
    ("not-openapi", "spec.json", json.dumps({"swagger_like": True, "paths": {}}), openapi, "",
     "openapi: not an OpenAPI document"),
    ("openapi-no-paths", "spec.json", json.dumps({"openapi": "3.0.0", "info": {"title": "X"}}), openapi, "",
     "paths: missing or not an object"),
    ("restbench-unknown-operation", "queries.json", json.dumps([
        {"query": "a pet", "solution": ["GET /pets/{id}"]},
        {"query": "all pets", "solution": ["GET /pets/{id}", "GET /pets"]}]), restbench, "[1]",
     "solution[1]: no operation GET /pets"),
    ("taskbench-unknown-node", "graph_desc.json", json.dumps({"nodes": [
        {"id": "OCR", "desc": "d", "input-type": ["image"], "output-type": ["text"]}],
        "links": [{"source": "OCR", "target": "Ghost", "type": "text"}]}), taskbench, "links[0]",
     "target: unknown node 'Ghost'"),
    ("name-too-long", "q.json", json.dumps([{"query_id": 9, "api_list": [api("A", "T", "x" * 400)]}]), toolbench,
     "[0] query_id=9 api_list[0]", "api_name: longer than 300 characters"),
]


@pytest.mark.parametrize(("file_name", "content", "importer", "record", "expected"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_is_named_and_changes_nothing(populated: GraphStore, tmp_path: Path, file_name: str,
                                                content: str | bytes, importer: Callable[[GraphStore, Path], None],
                                                record: str, expected: str) -> None:
    path = tmp_path / "in" / file_name
    path.parent.mkdir()
    (path.write_bytes if isinstance(content, bytes) else path.write_text)(content)  # type: ignore[operator]
    write_json(path.parent / "spec.json", SPEC) if file_name != "spec.json" else None
    before = snapshot(populated)
    with pytest.raises(ImportRejectedError) as err:
        importer(populated, path)
    assert snapshot(populated) == before
    problems = err.value.report.rejected
    assert any(p.file == str(path) and p.record.startswith(record) and expected in f"{p.field}: {p.message}"
               for p in problems), [str(p) for p in problems]
    assert "nothing was written" in str(err.value) and str(path) in str(err.value)


def test_missing_file_is_a_clear_error(populated: GraphStore, tmp_path: Path) -> None:
    before = snapshot(populated)
    with pytest.raises(InputFileError, match="no-such.json: no such file or folder"):
        toolbench(populated, tmp_path / "no-such.json")
    assert snapshot(populated) == before


def test_skip_invalid_writes_the_valid_records_and_lists_the_rest(populated: GraphStore, tmp_path: Path) -> None:
    path = write_json(tmp_path / "q.json", [{"query_id": 3, "api_list": [
        api("Music", "Tunes", "Play"), {"category_name": "Music", "tool_name": "Tunes"}]}])
    report = write_batch(populated, read_toolbench([path], ImportBatch("t")), skip_invalid=True)
    assert report.written and report.counts["tools"].created == 1
    assert [(p.record, p.field) for p in report.rejected] == [("[0] query_id=3 api_list[1]", "api_name")]


def test_hostile_strings_are_stored_as_data(populated: GraphStore, tmp_path: Path) -> None:
    hostile = "x'}) DETACH DELETE n //\x00\x07 $param `tick` \"quote\" ; MATCH (m) DELETE m"
    path = write_json(tmp_path / "q.json", [{"query_id": 1, "api_list": [
        api("Evil", hostile, hostile, desc=hostile, required=[hostile])]}])
    before_nodes = len(snapshot(populated)[0])
    report = write_batch(populated, read_toolbench([path], ImportBatch("t")))
    assert report.counts["tools"].created == 1
    nodes = snapshot(populated)[0]
    assert len(nodes) == before_nodes + 3  # category, group, tool: nothing deleted
    cleaned = hostile.replace("\x00", "").replace("\x07", "")
    tool = next(json.loads(n)["props"] for n in nodes if cleaned in json.loads(n)["props"].get("description", ""))
    assert tool["name"] == cleaned and json.loads(tool["required_params"])[0]["name"] == cleaned


def test_dry_run_validates_counts_and_writes_nothing(populated: GraphStore, tmp_path: Path) -> None:
    path = write_json(tmp_path / "q.json", [{"query_id": 1, "api_list": [api("Music", "Tunes", "Play")]}])
    before = snapshot(populated)
    report = write_batch(populated, read_toolbench([path], ImportBatch("t")), dry_run=True)
    assert report.dry_run and not report.written and report.counts["tools"].created == 1
    assert snapshot(populated) == before


def test_errors_share_one_root() -> None:
    assert issubclass(ImportRejectedError, ToolGraphError) and issubclass(InputFileError, ToolGraphError)
