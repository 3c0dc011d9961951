"""The MCP server: the real ``mcp`` client against ``toolgraph mcp`` started as a subprocess over stdio, on the
session's embedded server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.conftest import ROOT, free_port
from tests.helpers import make_graph
from toolgraph.db.store import GraphStore

TOOLS = {
    "city_lookup": {"name": "City Lookup", "description": "Find a city from a postal code", "required": ["zip"]},
    "forecast": {"name": "Weather Forecast", "description": "Weather forecast for the next days in a city",
                 "required": ["city"], "optional": ["days"]},
    "air_quality": {"name": "Air Quality", "description": "Air pollution index of a city", "required": ["city"]},
    "stock_price": {"name": "Stock Price", "description": "Latest price of a stock ticker symbol",
                    "required": ["symbol"], "group": "markets"},
}
EDGES = [
    ("city_lookup", "forecast", "STRONG_RESOURCE", {"resource": "city", "weight": 0.9}),
    ("forecast", "air_quality", "SEQUENTIAL", {"weight": 0.6}),
    ("city_lookup", "air_quality", "WEAK_RESOURCE", {"resource": "city", "weight": 0.4}),
]


@pytest.fixture
def graph(store: GraphStore) -> GraphStore:
    from toolgraph.embeddings.flag import FlagEmbedder
    from toolgraph.retrieve.embed import embed_tools

    make_graph(store, TOOLS, edges=EDGES)
    embed_tools(store, FlagEmbedder(), reset=True)  # creates the full-text index keyword search uses
    return store


def run_session(env: dict[str, str], calls: list[tuple[str, dict[str, Any]]]) -> tuple[list[str], list[Any]]:
    """Start ``toolgraph mcp`` over stdio, list its tools, make the calls; (tool names, results)."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "toolgraph.cli", "mcp"],
                                   env={**os.environ, **env, "PYTHONPATH": str(ROOT)}, cwd=str(ROOT))

    async def go() -> tuple[list[str], list[Any]]:
        with anyio.fail_after(120):
            return await session_calls()

    async def session_calls() -> tuple[list[str], list[Any]]:
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            names = [t.name for t in (await session.list_tools()).tools]
            results = [await session.call_tool(name, args) for name, args in calls]
            return names, results

    return anyio.run(go)


def payload(result: Any) -> Any:
    assert not result.is_error, result.content
    return json.loads(result.content[0].text)


def test_navigation_tools_over_stdio(graph: GraphStore, env_for_cli: dict[str, str]) -> None:
    names, results = run_session(env_for_cli, [
        ("search_tools", {"query": "weather forecast", "method": "keyword", "k": 3, "explain": True}),
        ("get_tool", {"tool_id": "c/g/forecast"}),
        ("tool_dependencies", {"tool_id": "c/g/forecast"}),
        ("neighbourhood", {"tool_id": "c/g/city_lookup", "hops": 2, "min_weight": 0.5}),
        ("neighbourhood", {"tool_id": "c/g/city_lookup", "hops": 1, "min_weight": 0.0}),
        ("plan_request", {"query": "weather forecast for the city of postal code 10001"}),
    ])
    assert {"search_tools", "get_tool", "tool_dependencies", "neighbourhood", "plan_request"} <= set(names)
    search, tool, deps, far, near, plan = (payload(r) for r in results)
    hits = search["hits"]
    assert hits[0]["id"] == "c/g/forecast" and hits[0]["why"]["keyword"] > 0
    assert hits[0]["line"].startswith("Weather Forecast(city: string, +1 optional): Weather forecast for the next")
    assert tool["name"] == "Weather Forecast" and tool["group"]["name"] == "g" and tool["category"] == "C"
    assert [p["name"] for p in tool["required_params"]] == ["city"]
    assert deps["providers"] == {"city": [{"tool": "c/g/city_lookup", "name": "City Lookup", "type": "STRONG_RESOURCE",
                                           "weight": 0.9}]}
    assert [f["tool"] for f in deps["usually_followed_by"]] == ["c/g/air_quality"]
    # min_weight 0.5: city_lookup -0.9-> forecast -0.6-> air_quality (the 0.4 weak edge is cut), two hops
    assert {t["id"]: t["hop"] for t in far["tools"]} == {"c/g/city_lookup": 0, "c/g/forecast": 1,
                                                          "c/g/air_quality": 2}
    assert {t["id"]: t["name"] for t in far["tools"]}["c/g/air_quality"] == "Air Quality"
    assert {(e["from"], e["to"], e["type"]) for e in far["edges"]} == {
        ("c/g/city_lookup", "c/g/forecast", "STRONG_RESOURCE"), ("c/g/forecast", "c/g/air_quality", "SEQUENTIAL")}
    assert {t["id"]: t["hop"] for t in near["tools"]} == {"c/g/city_lookup": 0, "c/g/forecast": 1,
                                                           "c/g/air_quality": 1}
    assert plan["status"] == "success" and "c/g/forecast" in [t["id"] for t in plan["tools"]]


def test_wrong_arguments_come_back_as_tool_errors_with_suggestions(graph: GraphStore,
                                                                  env_for_cli: dict[str, str]) -> None:
    _, results = run_session(env_for_cli, [
        ("get_tool", {"tool_id": "c/g/forcast"}),
        ("tool_dependencies", {"tool_id": "Weather Forecst"}),
        ("neighbourhood", {"tool_id": "c/g/forecast", "hops": 9}),
        ("search_tools", {"query": "weather", "method": "magic"}),
        ("get_tool", {}),
        ("search_tools", {"query": "weather", "method": "keyword", "category": "Wether"}),
        ("get_tool", {"tool_id": "c/g/forecast"}),  # the server is still there after all that
    ])
    texts = [r.content[0].text for r in results]
    assert all(r.is_error for r in results[:-1]), texts
    assert "no tool 'c/g/forcast'" in texts[0] and "did you mean c/g/forecast" in texts[0]
    assert "c/g/forecast" in texts[1]
    assert "hops: 9 is out of range 1..3" in texts[2]
    assert "'magic' is not one of keyword, dense, hybrid, graph" in texts[3]
    assert "tool_id" in texts[4]
    assert "no category 'Wether'" in texts[5]
    assert payload(results[-1])["id"] == "c/g/forecast"


@contextmanager
def http_server(env: dict[str, str]) -> Iterator[str]:
    """The URL of `toolgraph mcp --http` started as a subprocess with ``env``, once it answers; stopped at the end."""
    try:
        import httpx
    except ImportError:  # this machine's build of httpx is published as httpx2
        import httpx2 as httpx  # type: ignore[no-redef]

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "toolgraph.cli", "mcp", "--http", "--port", str(port)],
                            env={**os.environ, **env, "PYTHONPATH": str(ROOT)}, cwd=str(ROOT),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                httpx.get(f"http://127.0.0.1:{port}/mcp", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_streamable_http(graph: GraphStore, env_for_cli: dict[str, str]) -> None:
    from mcp.client.streamable_http import streamable_http_client

    with http_server(env_for_cli) as url:
        async def go() -> Any:
            async with streamable_http_client(url) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                return await session.call_tool("tool_dependencies", {"tool_id": "c/g/forecast"})

        result = anyio.run(go)
    assert payload(result)["providers"]["city"][0]["tool"] == "c/g/city_lookup"
