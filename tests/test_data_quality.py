"""Values that used to slip in or be misreported: NaN / Infinity, duplicate keys, self-links, wrongly typed fields,
huge names, non-ASCII names that collapsed into one id, and a home folder open to others."""

from __future__ import annotations

import json
import stat
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import api, make_graph, write_json
from toolgraph.db.embedded import EmbeddedServer
from toolgraph.db.store import GraphStore
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.taskbench import read_taskbench
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.models import id_part
from web import create_app
from web.users import create_user


def problems(batch: ImportBatch) -> list[str]:
    return [f"{p.record} | {p.field}: {p.message}" for p in batch.report.rejected]


def toolbench_text(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "q.json"
    path.write_text(text, encoding="utf-8")
    batch = ImportBatch("t")
    read_toolbench([path], batch)
    return problems(batch)


def toolbench_api(tmp_path: Path, **fields: Any) -> list[str]:
    record = api("A", "T", "X") | fields
    return toolbench_text(tmp_path, json.dumps([{"query_id": 1, "api_list": [record]}]))


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused(tmp_path: Path, number: str) -> None:
    text = json.dumps([{"query_id": 1, "api_list": [api("A", "T", "X", template={"t": 1})]}])
    found = toolbench_text(tmp_path, text.replace('{"t": 1}', '{"t": ' + number + '}'))
    assert any("not valid JSON" in p and number.lstrip("-") in p for p in found), found


def test_duplicate_keys_are_refused(tmp_path: Path) -> None:
    found = toolbench_text(tmp_path, '[{"query_id": 1, "query_id": 2, "api_list": []}]')
    assert any("query_id" in p and "duplicate key" in p for p in found), found


def test_a_taskbench_self_link_is_refused(tmp_path: Path) -> None:
    write_json(tmp_path / "graph_desc.json", {"nodes": [
        {"id": "OCR", "desc": "d", "input-type": ["image"], "output-type": ["text"]}],
        "links": [{"source": "OCR", "target": "OCR", "type": "text"}, {"source": ["OCR"], "target": "OCR"}]})
    batch = ImportBatch("tb")
    read_taskbench(tmp_path, batch)
    found = problems(batch)
    assert any(p.startswith("links[0] | target:") and "to itself" in p for p in found), found
    assert any(p.startswith("links[1] | source:") for p in found), found  # not a crash on an unhashable id
    assert not batch.dependencies


def test_wrongly_typed_fields_are_named_as_such(tmp_path: Path) -> None:
    found = toolbench_api(tmp_path, method=["GET"])
    assert any("method: must be text" in p for p in found), found
    found = toolbench_api(tmp_path, tool_name=123)
    assert any("tool_name: must be text, not int" in p for p in found), found


def test_a_huge_api_name_is_blamed_on_api_name(tmp_path: Path) -> None:
    found = toolbench_api(tmp_path, api_name="x" * 1_000_000)
    assert any("| api_name: longer than 300 characters" in p for p in found), found
    assert not any("| id:" in p for p in found), found


def test_non_ascii_names_keep_distinct_ids(tmp_path: Path) -> None:
    assert id_part("Open Meteo") == "open_meteo" and id_part("Current Weather!") == "current_weather"  # unchanged
    first, second = id_part("検索 search"), id_part("搜索 search")
    assert first != second and first.startswith("search_") and second.startswith("search_")
    path = write_json(tmp_path / "q.json", [{"query_id": 1, "api_list": [
        api("A", "T", "検索 search"), api("A", "T", "搜索 search")]}])
    batch = ImportBatch("t")
    read_toolbench([path], batch)
    assert not batch.report.rejected and len(batch.tools) == 2


def test_an_open_home_folder_is_made_private(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir(mode=0o755)
    home.chmod(0o755)
    EmbeddedServer(home).password()
    assert stat.S_IMODE(home.stat().st_mode) == 0o700


def test_database_files_are_not_readable_by_others(server: EmbeddedServer) -> None:
    assert stat.S_IMODE(server.home.stat().st_mode) == 0o700
    files = [p for p in server.root_path.rglob("*") if p.is_file()]
    assert files
    assert [p for p in files if p.stat().st_mode & 0o077] == []


def test_web_refuses_nan_and_never_answers_it(store: GraphStore, tmp_path: Path) -> None:
    from toolgraph.config import Settings

    make_graph(store, {"a": {"name": "A", "description": "a"}, "b": {"name": "B", "description": "b"}})
    create_user(store, "ann", "correct horse battery", "editor")
    app = create_app(Settings(home=tmp_path), store=store, embedder=None, llm=None,
                     config={"TESTING": True, "SECRET_KEY": "k"})
    client = app.test_client()
    token = client.get("/api/session").get_json()["csrf_token"]
    r = client.post("/api/login", json={"name": "ann", "password": "correct horse battery"},
                    headers={"X-CSRFToken": token})
    headers = {"X-CSRFToken": r.get_json()["csrf_token"]}
    body = '{"source": "c/g/a", "target": "c/g/b", "type": "SEQUENTIAL", "weight": NaN}'
    r = client.post("/api/dependencies", data=body, content_type="application/json", headers=headers)
    assert r.status_code == 400 and r.get_json()["field"] == "body"
    with app.app_context():
        assert json.loads(app.json.dumps({"w": float("nan"), "x": [float("inf"), 1.5]})) == {"w": None,
                                                                                            "x": [None, 1.5]}
