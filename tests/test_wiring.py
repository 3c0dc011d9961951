"""Settings reach every surface through ``toolgraph.wiring``: a plan asked for on the web page (the path viewer and
the QA page) and through the MCP server's ``plan_request`` tool follows ``TOOLGRAPH_LLM_*`` (the LLM played by the
scripted OpenAI-compatible server, over HTTP, on the real embedded server); the runner and the executors get every
``TOOLGRAPH_EXEC_*`` setting."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.fake_llm import fake_llm
from tests.helpers import make_graph, write_json
from tests.test_mcp_server import EDGES, TOOLS, payload, run_session
from tests.test_planner import SUCCESS, one_subtask
from tests.test_web_qa import csrf, wait
from toolgraph import wiring
from toolgraph.config import ExecSettings, Settings
from toolgraph.db.store import GraphStore
from toolgraph.execute.http import HttpExecutor
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.python_tools import read_python
from toolgraph.ingest.writer import write_batch
from web import create_app

FORECAST, CITY = "c/g/forecast", "c/g/city_lookup"
WEATHER = "weather forecast for the city of postal code 10001"
ADD = "python/toolgraph_examples_films_watchlist/add"
ACTIONS = ["choose_tool", "backtrack", "finish"]


def native(name: str, **arguments: Any) -> dict[str, Any]:
    """A native tool call, as the scripted server answers one."""
    return {"tool_call": {"name": name, "arguments": arguments}}


def llm_env(monkeypatch: pytest.MonkeyPatch, url: str, **more: str) -> dict[str, str]:
    env = {"TOOLGRAPH_LLM_BASE_URL": url, "TOOLGRAPH_LLM_MODEL": "scripted", "TOOLGRAPH_LLM_PROTOCOL": "native",
           **more}
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return env


def asked_natively(fake: Any) -> None:
    """Every choice the planner asked for was a native tool call (the non-default protocol), none a JSON text."""
    selections = [r for r in fake.requests if "tools" in r]
    assert selections, [r["messages"][0]["content"][:80] for r in fake.requests]
    assert all([t["function"]["name"] for t in r["tools"]] == ACTIONS and r["tool_choice"] == "required"
               for r in selections)


def web_client(store: GraphStore, tmp_path: Path) -> Any:
    app = create_app(Settings(home=tmp_path), store=store, embedder=None,
                     config={"TESTING": True, "SECRET_KEY": "test-secret"})
    return app.test_client()


def test_the_path_viewer_plans_with_the_llm_settings(store: GraphStore, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    make_graph(store, TOOLS, edges=EDGES)
    script = [one_subtask(WEATHER), native("choose_tool", tool=FORECAST), native("choose_tool", tool=CITY),
              native("finish"), SUCCESS]
    with fake_llm(script) as (fake, url):
        llm_env(monkeypatch, url)
        client = web_client(store, tmp_path)
        r = client.post("/api/runs", json={"query": WEATHER}, headers=csrf(client))
    assert r.status_code == 201, r.get_json()
    plan = r.get_json()["plan"]
    assert plan["policy"] == "llm" and plan["model"] == "scripted" and plan["status"] == "success"
    assert plan["subtasks"][0]["tools"] == [FORECAST, CITY] and plan["levels"] == [[CITY], [FORECAST]]
    asked_natively(fake)
    assert len(fake.requests) == 5  # decomposition, three choices, the reflection: the script, no more


def test_the_path_viewer_keeps_to_the_llm_call_budget_and_decoupled_mode(store: GraphStore, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    make_graph(store, TOOLS, edges=EDGES)
    # decoupled: think first (plain text), then act (natively); after three calls the graph policy decides alone
    script = [one_subtask(WEATHER), "The forecast tool answers it.", native("choose_tool", tool=FORECAST)]
    with fake_llm(script) as (fake, url):
        llm_env(monkeypatch, url, TOOLGRAPH_LLM_MAX_CALLS="3", TOOLGRAPH_LLM_DECOUPLED="true")
        client = web_client(store, tmp_path)
        r = client.post("/api/runs", json={"query": WEATHER}, headers=csrf(client))
    assert r.status_code == 201, r.get_json()
    plan = r.get_json()["plan"]
    assert len(fake.requests) == 3 and plan["usage"]["llm_calls"] == 3
    think, act = fake.requests[1], fake.requests[2]
    assert "Do not answer with the action yet" in think["messages"][-1]["content"] and "tools" not in think
    assert act["messages"][0]["content"].startswith("Turn the reasoning into one action")
    asked_natively(fake)
    assert any(s["kind"] == "budget" and "LLM call budget of 3 spent" in s["reason"] for s in plan["trace"])
    assert plan["subtasks"][0]["tools"][0] == FORECAST


def test_the_qa_page_plans_with_the_llm_settings(store: GraphStore, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    write_batch(store, read_python("toolgraph.examples.films:Watchlist", ImportBatch("python")))
    query = "Add the film 597 to my watchlist"
    subtask = {"id": 1, "description": query, "category": None, "context": []}
    script = [json.dumps({"subtasks": [subtask]}), native("choose_tool", tool=ADD), native("finish"), SUCCESS]
    with fake_llm(script) as (fake, url):
        llm_env(monkeypatch, url)
        client = web_client(store, tmp_path)
        r = client.post("/api/qa", json={"query": query}, headers=csrf(client))
        assert r.status_code == 202, r.get_json()
        job = wait(client, r.get_json()["poll"])
    # the plan changes data and nobody is logged in: refused before any call, after the LLM planned it natively
    assert job["status"] == "refused", job
    assert job["plan"]["policy"] == "llm" and job["plan"]["levels"] == [[ADD]]
    asked_natively(fake)
    assert len(fake.requests) == 4


def test_the_mcp_plan_tool_plans_with_the_llm_settings(store: GraphStore, env_for_cli: dict[str, str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    make_graph(store, TOOLS, edges=EDGES)
    script = [one_subtask(WEATHER), native("choose_tool", tool=FORECAST), native("choose_tool", tool=CITY),
              native("finish"), SUCCESS]
    with fake_llm(script) as (fake, url):
        env = {**env_for_cli, **llm_env(monkeypatch, url)}
        _, results = run_session(env, [("plan_request", {"query": WEATHER})])
    plan = payload(results[0])
    assert plan["policy"] == "llm" and plan["model"] == "scripted" and plan["status"] == "success"
    assert plan["subtasks"][0]["tools"] == [FORECAST, CITY] and plan["levels"] == [[CITY], [FORECAST]]
    asked_natively(fake)
    assert len(fake.requests) == 5


def test_planner_config_takes_the_llm_settings_and_overrides(monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in {"PROTOCOL": "function_call", "DECOUPLED": "1", "MAX_CALLS": "7"}.items():
        monkeypatch.setenv(f"TOOLGRAPH_LLM_{key}", value)
    settings = Settings()
    config = wiring.planner_config(settings, top_k=3, decompose=False)
    assert (config.protocol, config.decoupled, config.max_llm_calls) == ("function_call", True, 7)
    assert (config.top_k, config.decompose) == (3, False)
    again = wiring.planner_config(settings)
    assert again is not config and again.top_k == 8  # a fresh object each time: the runner changes the one it gets


def test_every_exec_setting_reaches_the_runner_or_the_executors(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    groups_file = write_json(tmp_path / "groups.json", {"from/file": {"base_url": "http://file.example"}})
    values: dict[str, Any] = {
        "groups": {"from/env": {"base_url": "http://env.example", "allow_private": True}},
        "groups_file": groups_file, "call_timeout_s": 3.5, "run_timeout_s": 45.0, "retries": 5,
        "max_retry_after_s": 2.5, "per_host": 9, "max_response_bytes": 4096, "compress_chars": 333,
        "substitutes": 4, "replans": 0, "pages": 3, "second_looks": 0, "follow": False,
    }
    assert set(values) == set(ExecSettings.model_fields), "a new TOOLGRAPH_EXEC_* setting: wire it and test it here"
    for name, value in values.items():
        monkeypatch.setenv(f"TOOLGRAPH_EXEC_{name.upper()}", json.dumps(value) if name == "groups" else str(value))
    settings = Settings()
    defaults = ExecSettings.model_construct()
    run = wiring.run_config(settings)
    http = next(e for e in wiring.executors(settings) if isinstance(e, HttpExecutor))
    for name, value in values.items():
        assert getattr(defaults, name) != value, f"{name}: pick a value other than the default"
        if name in wiring.EXECUTOR_SETTINGS:
            continue
        assert getattr(run, name) == value, name
    assert wiring.EXECUTOR_SETTINGS == {"groups", "groups_file", "max_response_bytes"}
    assert http.max_response_bytes == 4096
    assert http.groups["from/env"].base_url == "http://env.example" and http.groups["from/env"].allow_private
    assert http.groups["from/file"].base_url == "http://file.example"
