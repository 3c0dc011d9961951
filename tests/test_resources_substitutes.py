"""The resources job (rules, and an LLM check through a scripted OpenAI-compatible server) and substitutes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gds_jobs import JOBS, run_jobs
from gds_jobs.fields import io_from_description, normalise, tool_inputs, tool_outputs
from tests.conftest import ON_BOTH_BACKENDS
from tests.fake_llm import fake_llm
from tests.helpers import hand_typed, make_graph
from tests.test_weights import edge_props
from toolgraph.db.store import GraphStore
from toolgraph.llm import ChatModel, LLMError


def results(*fields: str) -> dict:
    return {"type": "object", "properties": {"results": {"type": "array", "items": {
        "type": "object", "properties": {f: {"type": "string"} for f in fields}}}}}


TOOLS = {
    "search_person": {"name": "Search Person", "url": "https://api.example.org/3/search/person",
                      "description": "Search for people by name", "required": ["query"],
                      "output_schema": results("id", "name")},
    "person_credits": {"name": "Person Credits", "url": "https://api.example.org/3/person/{person_id}/credits",
                       "description": "The credits of a person", "required": ["person_id"], "optional": ["page"]},
    "search_flight": {"name": "Search Flight", "description": "Find flights", "required": ["origin"],
                      "output_schema": results("id", "price"), "group": "air"},
    "flight_status": {"name": "Flight Status", "description": "Status of a flight", "required": ["flight_id"],
                      "optional": ["person_id"], "group": "air"},
    "weather": {"name": "Weather", "description": "Weather for a city", "required": ["city"],
                "output_schema": {"city": "str", "temp": "float", "page": "int"}, "group": "air"},
    "city_by_ip": {"name": "City By IP", "description": "Where an IP is", "required": ["ip"],
                   "output_schema": {"city": "str", "country": "str"}, "group": "geo"},
    "geocode": {"name": "Geocode", "description": "Address to place", "required": ["address"],
                "output_schema": {"city": "str", "lat": "float"}, "group": "maps"},
}


@pytest.fixture
def tools(store: GraphStore) -> GraphStore:
    make_graph(store, TOOLS)
    return store


def mined(store: GraphStore) -> dict[tuple[str, str, str], tuple[str, float, str]]:
    out = {}
    for kind in ("STRONG_RESOURCE", "WEAK_RESOURCE"):
        for (a, b), p in edge_props(store, kind).items():
            out[(a, b, p["resource"])] = (kind, p["weight"], p["source"])
    return out


@ON_BOTH_BACKENDS
def test_rules_find_qualified_ids_and_named_fields(tools: GraphStore) -> None:
    [run] = run_jobs(tools, JOBS, ["resources"])
    assert mined(tools) == {
        # results[].id of "Search Person" is a person_id; person_credits requires it; one group makes it: strong
        ("search_person", "person_credits", "person_id"): ("STRONG_RESOURCE", 0.8, "rules"),
        # flight_status only takes person_id as an option: weak
        ("search_person", "flight_status", "person_id"): ("WEAK_RESOURCE", 0.7, "rules"),
        ("search_flight", "flight_status", "flight_id"): ("STRONG_RESOURCE", 0.8, "rules"),
        # two other groups make a city (geo, maps): weak even though Weather requires it
        ("city_by_ip", "weather", "city"): ("WEAK_RESOURCE", 0.9, "rules"),
        ("geocode", "weather", "city"): ("WEAK_RESOURCE", 0.9, "rules"),
    }  # never: "page" (a setting), "id" alone, Weather feeding itself
    assert run["stats"]["strong"] == 2 and run["stats"]["weak"] == 3


def test_rerun_replaces_its_own_edges_and_keeps_others(tools: GraphStore) -> None:
    run_jobs(tools, JOBS, ["resources"])
    hand_typed(  # an analyst corrects one mined edge...
        tools, "MATCH (:Tool {id: 'c/geo/city_by_ip'})-[r:WEAK_RESOURCE]->(:Tool {id: 'c/air/weather'}) "
        "SET r.source = 'analyst', r.weight = 0.3")
    [run] = run_jobs(tools, JOBS, ["resources"])
    edges = mined(tools)
    assert edges[("city_by_ip", "weather", "city")] == ("WEAK_RESOURCE", 0.3, "analyst")
    assert run["stats"]["removed_previous"] == 4 and run["stats"]["kept_existing"] == 1
    assert len(edges) == 5


def test_llm_confirms_and_is_cached(tools: GraphStore, tmp_path: Path) -> None:
    def judge(messages: list[dict]) -> str:
        import re

        pairs = re.findall(r"^(\d+)\. A = (.*?) \(.*?\n   B = (.*?) \(", messages[-1]["content"], re.M | re.S)
        # reject Search Person -> Flight Status; keep the rest; say City By IP is the strong source of a city
        return json.dumps({"decisions": [
            {"index": int(i), "depends": (a, b) != ("Search Person", "Flight Status"),
             "strong": a in ("City By IP", "Search Person", "Search Flight")} for i, a, b in pairs]})

    cache = tmp_path / "cache.json"
    with fake_llm(judge) as (fake, url):
        llm = ChatModel(base_url=url, model="judge")
        [run] = run_jobs(tools, JOBS, ["resources"], extras={"llm": llm, "llm_cache": cache},
                         params={"resources": {"llm_batch": 2}})
        assert run["stats"]["llm_asked"] == 5 and run["stats"]["llm_rejected"] == 1
        assert len(fake.requests) == 3  # 5 pairs, 2 a call
        edges = mined(tools)
        assert ("search_person", "flight_status", "person_id") not in edges
        assert edges[("city_by_ip", "weather", "city")] == ("STRONG_RESOURCE", 0.9, "llm")
        [again] = run_jobs(tools, JOBS, ["resources"], extras={"llm": llm, "llm_cache": cache})
        assert again["stats"]["llm_asked"] == 0 and again["stats"]["llm_cached"] == 5
        assert len(fake.requests) == 3 and mined(tools) == edges


def test_llm_bad_answers_get_feedback_then_fail_cleanly(tools: GraphStore, tmp_path: Path) -> None:
    answers = ["not json", '{"decisions": [{"index": 7, "depends": true}]}', "still not json"]
    with fake_llm(answers) as (fake, url):
        llm = ChatModel(base_url=url, model="m", max_retries=2)
        before = mined(tools)
        with pytest.raises(LLMError, match="no valid answer after 3 tries"):
            run_jobs(tools, JOBS, ["resources"], extras={"llm": llm, "llm_cache": tmp_path / "c.json"},
                     params={"resources": {"llm_batch": 50}})
        assert mined(tools) == before  # nothing half-written
        feedback = fake.requests[1]["messages"][-1]["content"]
        assert "Your answer was invalid" in feedback and "Invalid JSON" in feedback
        assert "exactly one decision for each index 0..4" in fake.requests[2]["messages"][-1]["content"]


def test_llm_down_is_a_clear_error(tools: GraphStore, tmp_path: Path) -> None:
    with fake_llm([]) as (fake, url):
        fake.fail_with = 500
        llm = ChatModel(base_url=url, model="m")
        with pytest.raises(LLMError, match=f"the LLM at {url}"):
            run_jobs(tools, JOBS, ["resources"], extras={"llm": llm, "llm_cache": tmp_path / "c.json"})


def test_field_normalisation() -> None:
    assert [normalise(x) for x in ("movieIDs", "movieId", "Person-Name", "identifier", "categories")] == [
        "movie_id", "movie_id", "person_name", "id", "category"]
    outs = tool_outputs({"name": "Songkick artist", "output_schema": json.dumps(
        {"name": "str", "events": [{"venue": "str", "id": "str", "_list_length": 3}]})})
    assert {o.key for o in outs} == {"songkick_name", "artist_name", "event", "venue", "event_id"}
    ins = tool_inputs({"name": "Get Movie", "required_params": json.dumps([{"name": "id"}, {"name": "limit"}])})
    assert [(i.key, i.required, i.qualified) for i in ins] == [("movie_id", True, True)]


@pytest.mark.parametrize(("description", "io"), [
    ("Downloads an image from a given URL.", (["url"], ["image"])),
    ("Extracts text from an input image using Optical Character Recognition (OCR).", (["image"], ["text"])),
    ("Generates a video based on a given text description.", (["text"], ["video"])),
    ("Summarizes a given text into a shorter version.", (["text"], ["text"])),
])
def test_io_from_description(description: str, io: tuple[list[str], list[str]]) -> None:
    assert io_from_description(description) == io


@ON_BOTH_BACKENDS
def test_substitutes_score_and_top_k(store: GraphStore) -> None:
    make_graph(store, {
        "weather_a": {"name": "Current Weather", "description": "current weather for a city",
                      "required": ["city"], "output_schema": {"temp": "float", "wind": "float"}},
        "weather_b": {"name": "Weather Now", "description": "current weather in a city",
                      "required": ["city"], "output_schema": {"temp": "float", "humidity": "float"}, "group": "h"},
        "stocks": {"name": "Stock Price", "description": "latest stock price", "required": ["symbol"],
                   "output_schema": {"price": "float"}},
    })
    [run] = run_jobs(store, JOBS, ["substitutes"])
    sims = edge_props(store, "SIMILAR_TO")
    assert list(sims) == [("weather_a", "weather_b")]
    s = sims[("weather_a", "weather_b")]
    io = 0.5 * 1.0 + 0.5 * (1 / 3)  # inputs {city} == {city}; outputs {temp, wind} vs {temp, humidity}
    text = 3 / 4  # words of name + description: {current, weather, city} vs {weather, now, current, city}
    assert s["io"] == pytest.approx(io, abs=1e-6) and s["neighbours"] == 0
    assert s["text"] == pytest.approx(text, abs=1e-6)
    assert s["score"] == pytest.approx(0.45 * s["io"] + 0.35 * s["text"], abs=1e-5)
    assert run["stats"]["pairs"] == 1
    run_jobs(store, JOBS, ["substitutes"], params={"substitutes": {"min_score": 0.99}})
    assert edge_props(store, "SIMILAR_TO") == {}  # a re-run replaces the edges


def test_two_letter_subjects_qualify_ids() -> None:
    """`/search/tv` returns results[].id: a TV show's id, the tv_id that `/tv/{tv_id}` needs."""
    from gds_jobs.fields import subjects, tool_outputs

    assert "tv" in subjects("Search TV Shows", "/search/tv")
    schema = {"properties": {"results": {"items": {"properties": {"id": {"type": "integer"}}}, "type": "array"}}}
    keys = {o.key for o in tool_outputs({"name": "Search TV Shows", "url": "https://x/search/tv",
                                         "output_schema": schema})}
    assert "tv_id" in keys
