"""ToolBench query files -> categories, groups and tools, against the real embedded server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import ON_BOTH_BACKENDS, snapshot
from tests.helpers import queries_file, write_json
from toolgraph.db.store import GraphStore
from toolgraph.errors import ImportRejectedError
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.ingest.writer import write_batch
from toolgraph.models import toolbench_function_name


def import_toolbench(store: GraphStore, *paths: Path, **kw: bool):
    return write_batch(store, read_toolbench(paths, ImportBatch("toolbench")), **kw)


@ON_BOTH_BACKENDS
def test_query_file_builds_categories_groups_and_tools(store: GraphStore, tmp_path: Path) -> None:
    report = import_toolbench(store, queries_file(tmp_path / "q.json"))
    assert report.written and not report.rejected
    assert report.counts["categories"].created == 2
    assert report.counts["groups"].created == 2
    assert report.counts["tools"].created == 3
    assert report.duplicates == 1  # Current Weather appears in both queries

    tool = store.query("fetch_tools", ids=["weather/open_meteo/current_weather"])[0]
    assert tool["groups"] == ["weather/open_meteo"]
    props = tool["props"]
    assert props["name"] == "Current Weather" and props["description"] == "Weather now"
    assert json.loads(props["required_params"])[0] == {"name": "city", "type": "STRING",
                                                       "description": "the city", "default": ""}
    assert json.loads(props["output_schema"]) == {"temp": "float", "city_id": "str"}
    assert json.loads(props["source_ref"]) == {"category": "Weather", "tool": "Open Meteo", "api": "Current Weather"}
    assert props["function_name"] == "current_weather_for_open_meteo"
    assert props["source"] == "toolbench" and props["method"] == "GET"
    group = store.query("fetch_groups", ids=["weather/open_meteo"])[0]
    assert group["categories"] == ["Weather"] and group["props"]["name"] == "Open Meteo"


@ON_BOTH_BACKENDS
def test_import_twice_changes_nothing(store: GraphStore, tmp_path: Path) -> None:
    path = queries_file(tmp_path / "q.json")
    import_toolbench(store, path)
    before = snapshot(store)
    again = import_toolbench(store, path)
    assert again.counts["tools"].as_dict() == {"created": 0, "updated": 0, "unchanged": 3}
    assert again.counts["groups"].unchanged == 2 and again.counts["categories"].unchanged == 2
    assert snapshot(store) == before


def test_changed_description_is_an_update(store: GraphStore, tmp_path: Path) -> None:
    path = queries_file(tmp_path / "q.json")
    import_toolbench(store, path)
    data = json.loads(path.read_text())
    data[0]["api_list"][1]["api_description"] = "Weather for the next days"
    write_json(path, data)
    report = import_toolbench(store, path)
    assert report.counts["tools"].as_dict() == {"created": 0, "updated": 1, "unchanged": 2}
    props = store.query("fetch_tools", ids=["weather/open_meteo/forecast"])[0]["props"]
    assert props["description"] == "Weather for the next days"


def test_same_tool_name_in_two_categories_gives_two_groups(store: GraphStore, tmp_path: Path) -> None:
    from tests.helpers import api

    path = write_json(tmp_path / "q.json", [{"query_id": 1, "api_list": [
        api("Sports", "Demo Project", "Get Order"), api("Media", "Demo Project", "Get Order")]}])
    import_toolbench(store, path)
    groups = store.query("fetch_groups", ids=["sports/demo_project", "media/demo_project"])
    assert sorted((g["id"], g["categories"][0]) for g in groups) == [
        ("media/demo_project", "Media"), ("sports/demo_project", "Sports")]


def test_conflicting_records_for_one_api_are_rejected(store: GraphStore, tmp_path: Path) -> None:
    from tests.helpers import api

    path = write_json(tmp_path / "q.json", [{"query_id": 7, "api_list": [
        api("A", "T", "X", desc="one"), api("A", "T", "X", desc="two")]}])
    with pytest.raises(ImportRejectedError) as err:
        import_toolbench(store, path)
    problem = err.value.report.rejected[0]
    assert problem.record == "[0] query_id=7 api_list[1]" and problem.field == "description"
    assert "already read with a different description" in problem.message
    assert store.query("count_nodes_by_label") == []


def test_response_examples_fill_missing_output_schema(store: GraphStore, tmp_path: Path) -> None:
    path = queries_file(tmp_path / "q.json")
    examples = write_json(tmp_path / "response_examples" / "Weather" / "open_meteo.json", {"api_list": [
        {"name": "Forecast", "schema": {"days": [{"t": "float"}]}},
        {"name": "Current Weather", "schema": {"ignored": "because the query file has a template"}},
        {"name": "Unknown", "schema": {}},
    ]})
    report = import_toolbench(store, path, examples)
    assert report.filtered == {"response example for a tool not in this import": 1}
    tools = {t["id"]: t["props"] for t in store.query(
        "fetch_tools", ids=["weather/open_meteo/forecast", "weather/open_meteo/current_weather"])}
    assert json.loads(tools["weather/open_meteo/forecast"]["output_schema"]) == {"days": [{"t": "float"}]}
    assert json.loads(tools["weather/open_meteo/current_weather"]["output_schema"]) == {
        "temp": "float", "city_id": "str"}


def test_toolbench_tool_file_sets_group_details(store: GraphStore, tmp_path: Path) -> None:
    path = write_json(tmp_path / "tools" / "Finance" / "coin_api.json", {
        "tool_name": "Coin API", "tool_description": "Crypto prices", "home_url": "https://example.org/coin",
        "host": "coin.example.org", "api_list": [
            {"name": "Price", "url": "https://coin.example.org/price", "description": "Price of a coin",
             "method": "GET", "required_parameters": [{"name": "symbol", "type": "STRING", "description": "",
                                                       "default": "BTC"}], "optional_parameters": []}]})
    report = import_toolbench(store, path)
    assert report.counts["tools"].created == 1
    group = store.query("fetch_groups", ids=["finance/coin_api"])[0]
    assert group["categories"] == ["Finance"]
    assert group["props"]["description"] == "Crypto prices" and group["props"]["host"] == "coin.example.org"
    tool = store.query("fetch_tools", ids=["finance/coin_api/price"])[0]["props"]
    assert tool["url"] == "https://coin.example.org/price"


def test_function_names_follow_toolbench() -> None:
    assert toolbench_function_name("TheClique", "Songkick concert") == "songkick_concert_for_theclique"
    assert toolbench_function_name("Open Meteo", "3 Day Forecast") == "get_3_day_forecast_for_open_meteo"
    long = toolbench_function_name("t" * 40, "a" * 40)
    assert len(long) == 64 and long.endswith("_for_" + "t" * 40)
