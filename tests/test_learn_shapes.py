"""Learning output shapes pays off: a tool that declares no output schema answers once, its observed schema is
stored, the dependency edges it feeds are re-mined at once (evidence ``observed``), and the next plan chains
through it. Against a real local HTTP service and the real embedded server."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.exec_helpers import JsonHandler, make_plan, serving
from toolgraph.config import ExecGroup
from toolgraph.execute import RunConfig, run_request
from toolgraph.execute.http import HttpExecutor
from toolgraph.execute.run import execute_plan
from toolgraph.planner import PlannerConfig

GROUP = "c/faults"  # (make_plan's tool ids)
FAST = RunConfig(retries=0, backoff_s=0.01, call_timeout_s=5, run_timeout_s=20, replans=0)
FORECAST = {"type": "object", "properties": {"days": {"type": "array", "items": {"type": "object", "properties": {
    "date": {"type": "string"}, "condition": {"type": "string"}}}}}}


@pytest.fixture
def weather() -> Iterator[tuple[str, dict[str, Any]]]:
    """A geocoder (whose answer no schema describes) and a forecast by coordinates; ``state['down']`` breaks the
    geocoder."""
    state: dict[str, Any] = {"down": False}

    class Handler(JsonHandler):
        def do_GET(self) -> None:  # noqa: N802
            parts = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(parts.query).items()}
            if parts.path == "/geocode":
                if state["down"]:
                    return self._send(503, {"error": "geocoder down"})
                return self._send(200, {"name": query.get("city"), "country": "France", "latitude": 48.85,
                                        "longitude": 2.35})
            if parts.path == "/forecast" and "latitude" in query and "longitude" in query:
                return self._send(200, {"days": [{"date": "2026-11-26", "condition": f"rain at {query['latitude']}"}]})
            return self._send(400, {"error": "latitude and longitude are required"})

    with serving(Handler) as base:
        yield base, state


def import_tools(store: Any, base: str) -> None:
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.writer import write_batch
    from toolgraph.models import CategorySpec, GroupSpec, ToolSpec

    batch = ImportBatch("test")
    batch.add_category(CategorySpec(name="Weather"), "t", "")
    batch.add_group(GroupSpec(id=GROUP, name="skies", category="Weather", source="openapi"), "t", "")
    specs = {
        "geocode": ("/geocode", "Look up a city by its name", [("city", "string")], None),
        "forecast": ("/forecast", "Daily weather forecast for a place", [("latitude", "number"),
                                                                          ("longitude", "number")], FORECAST),
    }
    for key, (path, description, required, output) in specs.items():
        batch.add_tool(ToolSpec(
            id=f"{GROUP}/{key}", name=key, group_id=GROUP, description=description, method="GET", url=base + path,
            required_params=[{"name": n, "type": t, "location": "query"} for n, t in required], optional_params=[],
            output_schema=output, source="openapi", source_ref={"path": path, "method": "GET"}), "t", "")
    write_batch(store, batch)


def executors() -> list[Any]:
    return [HttpExecutor({GROUP: ExecGroup(allow_private=True)})]


def geocode_once(store: Any) -> Any:
    plan = make_plan('where is the city "Paris"?', [["geocode"]])
    return asyncio.run(execute_plan(store, plan, executors=executors(), config=FAST))


def feeds(store: Any) -> dict[str, dict[str, Any]]:
    """resource -> the props of the geocoder's edge into the forecast carrying it."""
    rows = store.query("fetch_dependencies", pairs=[{"source": f"{GROUP}/geocode", "target": f"{GROUP}/forecast"}])
    return {r["props"]["resource"]: {**r["props"], "type": r["type"]} for r in rows if r["type"] != "SEQUENTIAL"}


def test_one_successful_call_teaches_the_edge_and_the_next_plan_uses_it(store, weather) -> None:
    from gds_jobs import JOBS, run_jobs

    base, _ = weather
    import_tools(store, base)
    run_jobs(store, JOBS, ["resources"])
    assert feeds(store) == {}  # nothing says what the geocoder answers
    query = 'the weather forecast for the city "Paris"'
    before = run_request(store, query, executors=executors(), config=FAST, planner_config=PlannerConfig())
    assert not any(e.source == f"{GROUP}/geocode" and e.target == f"{GROUP}/forecast" for e in before.plan.edges)
    assert before.status != "success"

    taught = geocode_once(store)
    assert taught.status == "success" and taught.learned["shapes"] == [f"{GROUP}/geocode"]
    assert taught.learned["edges"]["tools"] == 1 and taught.learned["edges"]["observed"] == 2
    edges = feeds(store)
    assert set(edges) == {"latitude", "longitude"}
    for props in edges.values():
        assert props["evidence"] == "observed" and props["source"] == "rules" and props["type"] == "STRONG_RESOURCE"
        assert "seen in its responses" in props["description"] and props["weight"] > 0.6

    after = run_request(store, query, executors=executors(), config=FAST, planner_config=PlannerConfig())
    flow = {(e.source, e.target): e.resource for e in after.plan.edges}
    assert flow.get((f"{GROUP}/geocode", f"{GROUP}/forecast")) in {"latitude", "longitude"}
    assert after.status == "success", after.reasons
    call = next(c for c in after.calls if c.tool == f"{GROUP}/forecast")
    assert call.arguments == {"latitude": 48.85, "longitude": 2.35}

    again = geocode_once(store)  # a shape already known re-mines nothing
    assert again.learned["edges"] == {}
    # a full run of the job writes the same edges (the refresh is that job, narrowed to what changed)
    run_jobs(store, JOBS, ["resources"])
    assert {k: (v["evidence"], v["type"], v["weight"]) for k, v in feeds(store).items()} == {
        k: (v["evidence"], v["type"], v["weight"]) for k, v in edges.items()}


def test_a_failed_call_teaches_no_shape_and_no_edge(store, weather) -> None:
    base, state = weather
    import_tools(store, base)
    state["down"] = True
    result = geocode_once(store)
    assert result.status != "success"
    assert result.learned["shapes"] == [] and result.learned["edges"] == {}
    assert feeds(store) == {}
    stored = store.query("get_observed_schemas", ids=[f"{GROUP}/geocode"])[0]["observed_schema"]
    assert stored is None


def test_the_refresh_leaves_edges_people_deleted_or_an_llm_judged(store, weather) -> None:
    base, _ = weather
    import_tools(store, base)
    geo, fc = f"{GROUP}/geocode", f"{GROUP}/forecast"
    # an LLM judged the latitude pair already; a person deleted the longitude one in the editor
    store.query("merge_weak_resource", rows=[{"source": geo, "target": fc, "resource": "latitude", "props": {
        "weight": 0.5, "source": "llm", "evidence": "description+llm", "description": "judged"}}])
    store.query("record_edit", edit={"id": "e-1", "action": "delete", "type": "STRONG_RESOURCE", "source_id": geo,
                                     "target_id": fc, "resource": "longitude", "user": "ana", "at": "2026-11-25",
                                     "before": "{}", "after": "{}", "undone": False, "undoes": None})
    result = geocode_once(store)
    assert result.learned["edges"]["observed"] == 0
    edges = feeds(store)
    assert set(edges) == {"latitude"} and edges["latitude"]["source"] == "llm"


def test_toolgraph_run_says_what_a_learnt_shape_re_mined(store, weather, env_for_cli, monkeypatch) -> None:
    from click.testing import CliRunner

    from toolgraph.cli import main

    base, _ = weather
    import_tools(store, base)
    monkeypatch.setenv("TOOLGRAPH_EXEC_GROUPS", json.dumps({"skies": {"allow_private": True}}))
    out = CliRunner().invoke(main, ["run", 'where is the city "Paris"?', "--no-llm"])
    assert out.exit_code == 0, out.output
    assert "learnt new output fields of 1 tool(s): 2 dependency edge(s) re-mined (2 from a learnt shape" in out.output
    assert "toolgraph weights run" in out.output
    quiet = CliRunner().invoke(main, ["run", 'where is the city "Paris"?', "--no-llm"])
    assert quiet.exit_code == 0 and "learnt new output fields" not in quiet.output
