"""``import openai-tools``: OpenAI function/tool definitions on the real embedded server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import snapshot
from tests.helpers import write_json
from toolgraph.cli import main
from toolgraph.db.store import GraphStore
from toolgraph.errors import ImportRejectedError
from toolgraph.execute.base import ExecTool
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.openai_tools import read_openai_tools
from toolgraph.ingest.writer import write_batch

WEATHER = {"type": "function", "function": {
    "name": "get_weather", "description": "Current weather in a city",
    "parameters": {"type": "object", "properties": {
        "city": {"type": "string", "description": "the city"},
        "unit": {"type": ["string", "null"], "enum": ["celsius", "fahrenheit"], "default": "celsius"},
        "days": {"type": "array", "items": {"type": "integer"}}},
        "required": ["city"]}}}
BARE = {"name": "list-alerts", "description": "Weather alerts", "parameters": {"type": "object", "properties": {}}}
NO_PARAMS = {"type": "function", "function": {"name": "now"}}


def test_definitions_become_tools_and_reimport_writes_nothing(store: GraphStore, tmp_path: Path) -> None:
    file = write_json(tmp_path / "weather_agent.json", [WEATHER, BARE, NO_PARAMS])
    report = write_batch(store, read_openai_tools(file, ImportBatch("openai_tools")))
    assert report.counts["tools"].created == 3 and report.counts["groups"].created == 1 and not report.rejected
    row = store.query("tool_details", id="openai_tools/weather_agent/get_weather")[0]
    tool = ExecTool.from_row(row)
    assert tool.group_name == "weather_agent" and tool.category == "OpenAI tools"
    assert tool.function_name == "get_weather" and tool.source == "openai_tools"
    assert [p.name for p in tool.required_params] == ["city"]
    unit, days = tool.optional_params
    assert unit.type == "string" and unit.enum == ["celsius", "fahrenheit"] and unit.default == "celsius"
    assert days.type == "array"
    assert tool.source_ref["parameters"] == WEATHER["function"]["parameters"]
    assert store.query("tool_details", id="openai_tools/weather_agent/list_alerts")[0]["name"] == "list-alerts"
    before = snapshot(store)
    again = write_batch(store, read_openai_tools(file, ImportBatch("openai_tools")))
    assert again.counts["tools"].unchanged == 3 and again.counts["tools"].created == 0
    assert snapshot(store) == before


@pytest.mark.parametrize(("record", "field", "words"), [
    ({"type": "function", "function": {"description": "no name"}}, "function.name", "missing"),
    ({"type": "function", "function": {"name": "bad name!"}}, "function.name", "letters"),
    ({"type": "retrieval"}, "type", "only 'function'"),
    ({"name": "x", "parameters": {"type": "object", "properties": {"a": {}}, "required": ["b"]}},
     "parameters.required", "'b'"),
    ({"name": "x", "parameters": {"type": "array"}}, "parameters.type", "'object'"),
    ({"name": "x", "parameters": {"type": "object", "properties": {"a": "string"}}}, "parameters.properties.a",
     "JSON Schema"),
    ({"name": "x", "description": 5}, "description", "string"),
    ("just a string", "", "expected an object"),
])
def test_a_bad_record_rejects_the_whole_file(store: GraphStore, tmp_path: Path, record: object, field: str,
                                             words: str) -> None:
    file = write_json(tmp_path / "tools.json", [WEATHER, record])
    with pytest.raises(ImportRejectedError) as info:
        write_batch(store, read_openai_tools(file, ImportBatch("openai_tools")))
    problem = info.value.report.rejected[0]
    assert problem.file == str(file) and problem.record.startswith("[1]")
    assert problem.field == field and words in problem.message
    assert snapshot(store) == ([], [])


def test_two_names_that_collide_in_one_id_are_rejected(store: GraphStore, tmp_path: Path) -> None:
    file = write_json(tmp_path / "t.json", [{"name": "get-x", "description": "a"}, {"name": "get_x", "description": "b"}])
    with pytest.raises(ImportRejectedError) as info:
        write_batch(store, read_openai_tools(file, ImportBatch("openai_tools")))
    assert "different" in str(info.value)


def test_cli_imports_with_group_and_category_and_rejects_non_lists(store: GraphStore, env_for_cli: dict[str, str],
                                                                   tmp_path: Path) -> None:
    file = write_json(tmp_path / "tools.json", {"tools": [WEATHER]})
    cli = CliRunner()
    result = cli.invoke(main, ["import", "openai-tools", str(file), "--group", "Agent X", "--category", "Agents",
                               "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["tools"]["created"] == 1
    assert store.query("tool_details", id="agents/agent_x/get_weather")[0]["category"] == "Agents"
    bad = write_json(tmp_path / "bad.json", {"name": "x"})
    result = cli.invoke(main, ["import", "openai-tools", str(bad)])
    assert result.exit_code == 2 and "expected a JSON list" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text("[{", encoding="utf-8")
    result = cli.invoke(main, ["import", "openai-tools", str(broken)])
    assert result.exit_code == 2 and "not valid JSON" in result.output
