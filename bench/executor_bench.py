"""Python and MCP executors: what a call costs through ToolGraph's executor against calling the same thing
directly, and what reusing one MCP session per server saves against starting the server for every call.

    python bench/executor_bench.py [--calls 200] [--fresh 10] [--json] [--out bench/results/executors.json]

MCP: the test server tests/fixtures/mcp_server.py over stdio; the peer is the official ``mcp`` client's own
``call_tool`` on one open session (no ToolGraph). Python: ``toolgraph.examples.films``; the peer is a direct call.
No graph server is needed: the tools are built in memory as the importers would build them.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import arg_parser, bench_main, machine_info, table  # noqa: E402
from toolgraph.execute.base import ExecTool  # noqa: E402
from toolgraph.execute.mcp_tools import McpExecutor  # noqa: E402
from toolgraph.execute.python_tools import PythonExecutor  # noqa: E402

SERVER = {"transport": "stdio", "command": sys.executable, "args": [str(ROOT / "tests/fixtures/mcp_server.py")]}


def stats(samples: list[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in samples)
    return {"calls": len(ms), "median_ms": round(statistics.median(ms), 3),
            "p95_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.95))], 3), "total_s": round(sum(ms) / 1000, 3)}


async def timed_calls(n: int, call: Any) -> list[float]:
    out = []
    for _ in range(n):
        started = time.perf_counter()
        await call()
        out.append(time.perf_counter() - started)
    return out


async def mcp_rows(calls: int, fresh: int) -> dict[str, Any]:
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    tool = ExecTool(id="bench/film_facts/search_film", name="search_film", source="mcp",
                    source_ref={"server": SERVER, "tool": "search_film"})
    args = {"query": "tit"}
    devnull = open("/dev/null", "w")  # noqa: SIM115 - the servers' logs
    out: dict[str, Any] = {}
    params = StdioServerParameters(command=SERVER["command"], args=SERVER["args"])
    async with Client(stdio_client(params, errlog=devnull)) as client:
        await client.call_tool("search_film", args)  # warm
        out["mcp client, one session (peer)"] = stats(await timed_calls(calls, lambda: client.call_tool(
            "search_film", args)))
    executor = McpExecutor(errlog=devnull)
    await executor.call(tool, args, timeout_s=30)  # starts the server once
    out["McpExecutor, session reused"] = stats(await timed_calls(calls, lambda: executor.call(tool, args,
                                                                                             timeout_s=30)))
    started = time.perf_counter()
    await asyncio.gather(*(executor.call(tool, args, timeout_s=30) for _ in range(calls)))
    wall = time.perf_counter() - started
    out["McpExecutor, session reused, all at once"] = {"calls": calls, "median_ms": None, "p95_ms": None,
                                                         "total_s": round(wall, 3)}
    await executor.aclose()

    async def one_fresh() -> None:
        ex = McpExecutor(errlog=devnull)
        try:
            await ex.call(tool, args, timeout_s=30)
        finally:
            await ex.aclose()

    out["McpExecutor, a new server per call"] = stats(await timed_calls(fresh, one_fresh))
    return out


async def python_rows(calls: int) -> dict[str, Any]:
    from toolgraph.examples import films

    executor = PythonExecutor()
    sync_tool = ExecTool(id="bench/films/search_movie", name="search_movie", source="python",
                         source_ref={"module": "toolgraph.examples.films", "qualname": "search_movie"})
    async_tool = ExecTool(id="bench/films/movie_director", name="movie_director", source="python",
                          source_ref={"module": "toolgraph.examples.films", "qualname": "movie_director"})

    async def direct() -> None:
        films.search_movie("tit")

    return {
        "direct call (peer)": stats(await timed_calls(calls, direct)),
        "PythonExecutor, sync tool (thread)": stats(await timed_calls(calls, lambda: executor.call(
            sync_tool, {"query": "tit"}, timeout_s=5))),
        "PythonExecutor, async tool": stats(await timed_calls(calls, lambda: executor.call(
            async_tool, {"movie_id": 597}, timeout_s=5))),
    }


def run(args: Any) -> dict[str, Any]:
    return {"machine": machine_info("n/a"), "calls": args.calls, "fresh": args.fresh,
            "mcp": asyncio.run(mcp_rows(args.calls, args.fresh)), "python": asyncio.run(python_rows(args.calls))}


def human(result: dict[str, Any]) -> None:
    m = result["machine"]
    print(f"machine: {m['cpu']}, {m['cores']} cores, Python {m['python']} (shared, noisy)")
    for kind in ("mcp", "python"):
        rows = [[name, r["calls"], r["median_ms"] if r["median_ms"] is not None else "-",
                 r["p95_ms"] if r["p95_ms"] is not None else "-", r["total_s"]] for name, r in result[kind].items()]
        print(f"\n{kind}")
        print(table(["how", "calls", "median ms", "p95 ms", "total s"], rows))


if __name__ == "__main__":
    p = arg_parser(__doc__, "n/a")
    p.add_argument("--calls", type=int, default=200, help="calls per row (default 200)")
    p.add_argument("--fresh", type=int, default=10, help="calls that each start a new MCP server (default 10)")
    raise SystemExit(bench_main(p.parse_args(), run, human))
