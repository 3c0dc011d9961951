"""Inputs built to make the importer expand without end: each is refused early with a message naming the file and
the limit, and nothing is written. The attack files are generated here."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from tests.conftest import snapshot
from tests.helpers import api
from toolgraph.db.store import GraphStore
from toolgraph.errors import ImportRejectedError
from toolgraph.ingest import files
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.limits import MAX_DEPTH, MAX_FIELD_BYTES, MAX_REF_NODES, MAX_YAML_NODES, byte_chunks
from toolgraph.ingest.openapi import read_openapi
from toolgraph.ingest.paths import read_paths
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.ingest.writer import write_batch

BILLION_LAUGHS = """openapi: 3.0.0
info: {title: lol}
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
paths:
  /x:
    get:
      responses:
        "200": {description: ok, content: {application/json: {schema: {example: *i}}}}
"""


def fan_out_spec() -> dict[str, object]:
    """300 properties that each point at a schema of 300 properties, answered by 60 operations."""
    leaf = {"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(300)}}
    top = {"type": "object", "properties": {f"q{i}": {"$ref": "#/components/schemas/L"} for i in range(300)}}
    ok = {"200": {"description": "ok", "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/T"}}}}}
    return {"openapi": "3.0.0", "info": {"title": "Fan"}, "components": {"schemas": {"L": leaf, "T": top}},
            "paths": {f"/r{i}": {"get": {"operationId": f"op{i}", "responses": ok}} for i in range(60)}}


def refused(store: GraphStore, batch: ImportBatch, path: Path) -> list[str]:
    before = snapshot(store)
    with pytest.raises(ImportRejectedError) as err:
        write_batch(store, batch)
    assert snapshot(store) == before and str(path) in str(err.value)
    return [f"{p.file} | {p.record} | {p.field}: {p.message}" for p in err.value.report.rejected]


def test_ref_fan_out_is_refused_early(store: GraphStore, tmp_path: Path) -> None:
    path = tmp_path / "fan.json"
    path.write_text(json.dumps(fan_out_spec(), separators=(",", ":")))
    assert path.stat().st_size < 40_000
    started = time.monotonic()
    batch = ImportBatch("o")
    read_openapi(path, batch)
    assert time.monotonic() - started < 60  # a bound against the 18 s / 1.8 GB of expanding it all, not a figure
    problems = refused(store, batch, path)
    assert any(f"more than {MAX_REF_NODES} schema nodes" in p and str(path) in p for p in problems), problems


def test_yaml_alias_bomb_is_refused(store: GraphStore, tmp_path: Path) -> None:
    path = tmp_path / "lol.yaml"
    path.write_text(BILLION_LAUGHS)
    assert path.stat().st_size < 1000
    batch = ImportBatch("o")
    read_openapi(path, batch)
    problems = refused(store, batch, path)
    assert any(f"expand past {MAX_YAML_NODES} nodes" in p for p in problems), problems


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_deep_nesting_is_refused_naming_the_file(store: GraphStore, tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"deep{suffix}"
    depth = 200_000 if suffix == ".json" else 5_000
    path.write_text("[" * depth + "]" * depth)
    batch = ImportBatch("t")
    if suffix == ".json":
        read_toolbench([path], batch)
    else:
        read_openapi(path, batch)
    problems = refused(store, batch, path)
    assert any(f"nested deeper than {MAX_DEPTH} levels" in p and str(path) in p for p in problems), problems


def test_deep_but_parseable_jsonl_line_is_refused(store: GraphStore, tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_text('{"query": "q", "calls": ["a/b/c"], "deep": ' + "[" * 150 + "]" * 150 + "}\n")
    batch = ImportBatch("p")
    read_paths([path], batch, store)
    problems = refused(store, batch, path)
    assert any("line 1" in p and "nested deeper" in p for p in problems), problems


def test_huge_template_response_is_a_record_too_large(store: GraphStore, tmp_path: Path) -> None:
    path = tmp_path / "q.json"
    head = json.dumps([{"query_id": 7, "api_list": [api("A", "T", "Big") | {"template_response": "@"}]}])
    prefix, suffix = head.split('"@"')
    with open(path, "w", encoding="utf-8") as fh:  # 25 million elements, about 50 MB
        fh.write(prefix + "[")
        fh.write("0," * (25_000_000 - 1) + "0")
        fh.write("]" + suffix)
    batch = ImportBatch("t")
    read_toolbench([path], batch)
    problems = refused(store, batch, path)
    assert any("[0] query_id=7 api_list[0]" in p and "output_schema" in p and "record too large" in p
               and str(MAX_FIELD_BYTES) in p for p in problems), problems


def test_an_overlong_jsonl_line_is_refused(store: GraphStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(files, "MAX_LINE_BYTES", 1000)
    path = tmp_path / "t.jsonl"
    path.write_text(json.dumps({"query": "q" * 5000, "calls": ["a/b/c"]}) + "\n")
    batch = ImportBatch("p")
    read_paths([path], batch, store)
    problems = refused(store, batch, path)
    assert any("line 1" in p and "record too large" in p for p in problems), problems


def test_statements_are_cut_by_bytes() -> None:
    rows = [{"id": str(i), "text": "x" * 3_000_000} for i in range(5)] + [{"id": "s"}] * 10
    parts = list(byte_chunks(rows, 1000, max_bytes=8_000_000))
    assert [len(p) for p in parts] == [2, 2, 11]
    assert sum(len(p) for p in parts) == len(rows)
    assert [len(p) for p in byte_chunks([{"a": 1}] * 5, 2)] == [2, 2, 1]
