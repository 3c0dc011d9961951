"""The MCP server's searches under abuse and load, against ``toolgraph mcp`` started as a subprocess: a query past
the limit is a quick tool error naming the limit (configurable), and 32 clients searching at once over streamable
HTTP get no error."""

from __future__ import annotations

import time
from typing import Any

import anyio
from mcp import ClientSession

from tests.test_mcp_server import graph, http_server, payload, run_session  # noqa: F401 - the graph fixture
from toolgraph.db.store import GraphStore

CLIENTS = 32


def test_a_huge_query_is_a_quick_tool_error(graph: GraphStore, env_for_cli: dict[str, str]) -> None:  # noqa: F811
    huge = "weather " * 125_000  # 1 MB
    start = time.perf_counter()
    _, results = run_session(env_for_cli, [
        ("search_tools", {"query": huge, "method": "dense"}),
        ("plan_request", {"query": huge}),
        ("search_tools", {"query": "weather forecast", "method": "keyword", "k": 2}),
    ])
    took = time.perf_counter() - start
    search, plan, fine = results
    for r in (search, plan):
        assert r.is_error and "1,000,000 characters, more than the limit of 4,000" in r.content[0].text, r.content
        assert "TOOLGRAPH_MCP_MAX_QUERY_CHARS" in r.content[0].text
    assert payload(fine)["hits"]
    assert took < 90
    _, (short,) = run_session({**env_for_cli, "TOOLGRAPH_MCP_MAX_QUERY_CHARS": "10"}, [
        ("search_tools", {"query": "weather forecast", "method": "keyword"})])
    assert short.is_error and "16 characters, more than the limit of 10" in short.content[0].text



def test_32_clients_search_at_once_over_http(graph: GraphStore, env_for_cli: dict[str, str]) -> None:  # noqa: F811
    from mcp.client.streamable_http import streamable_http_client

    subjects = ["weather forecast", "air pollution", "stock ticker price", "city from a postal code"]
    results: list[Any] = []

    async def client(url: str, i: int) -> None:
        async with streamable_http_client(url) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            for j in range(3):
                method = ("graph", "dense", "hybrid")[j]
                text = f"{subjects[(i + j) % len(subjects)]} request {i}-{j}"  # distinct: no cached vector
                results.append(await session.call_tool("search_tools", {"query": text, "method": method, "k": 3}))

    async def go(url: str) -> None:
        with anyio.fail_after(240):
            async with anyio.create_task_group() as tg:
                for i in range(CLIENTS):
                    tg.start_soon(client, url, i)

    with http_server(env_for_cli) as url:
        anyio.run(go, url)
    failed = [r.content[0].text[:200] for r in results if r.is_error]
    assert not failed, f"{len(failed)} of {len(results)} failed: {failed[:3]}"
    assert len(results) == CLIENTS * 3 and all(payload(r)["hits"] for r in results)
