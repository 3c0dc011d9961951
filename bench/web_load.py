"""Web load benchmark: latency of the web page's JSON endpoints under concurrent clients, on the generated graph
(16,000 tools, 100,000 dependency edges by default).

- writes the generated graph, a few hundred stored planner runs, into a private embedded server;
- starts the real ``toolgraph serve`` (werkzeug, threaded) in its own process on a free port;
- for each endpoint (search, neighbourhood at 1 and 2 hops with its pyvis drawing, tool details, runs list) and
  each client count, fires requests from that many threads (one keep-alive connection each) and reports p50 / p99 /
  mean latency and throughput;
- as the baseline, the same work without HTTP: the functions the endpoints call (web/explore.py), or the named
  query itself (``list_runs``), called through ``GraphStore`` from as many threads.

    .venv/bin/python bench/web_load.py [--json] [--clients 1 8] [--requests 400] [--tools 16000 --edges 100000]

Figures: docs/benchmarks.md, section "Web".
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from common import (
    Bench,
    add_graph_args,
    arg_parser,
    bench_main,
    free_port,
    machine_info,
    machine_line,
    private_server,
    progress,
    table,
)
from generated import generate

from web.explore import neighbourhood, search_tools, tool_details
from web.graphs import neighbourhood_graph

MAX_NODES = 300  # the default TOOLGRAPH_WEB_MAX_NODES


def percentiles(samples: list[float], wall: float) -> dict[str, float]:
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * q))], 2)

    return {"requests": len(ordered), "p50_ms": at(0.50), "p99_ms": at(0.99), "mean_ms":
            round(1000 * statistics.fmean(ordered), 2), "per_s": round(len(ordered) / wall, 1) if wall else 0.0}


def save_runs(bench: Bench, tool_ids: list[str], n: int, seed: int) -> None:
    """Stored planner runs for the runs list (plans of 2-4 tools; the list reads no plan)."""
    rng = random.Random(seed + 2)
    for i in range(n):
        tools = rng.sample(tool_ids, rng.randint(2, 4))
        plan = {"id": f"run-bench-{i:04d}", "query": f"bench request {i}", "tools": tools}
        bench.store.query("save_run", tools=tools, run={
            "id": plan["id"], "query": plan["query"], "created": f"2025-01-01T00:{i // 60:02d}:{i % 60:02d}+00:00",
            "policy": "graph", "model": None, "status": "success", "seconds": 0.1, "tool_count": len(tools),
            "plan": json.dumps(plan)})


def start_web(bench: Bench, port: int) -> subprocess.Popen[bytes]:
    """``toolgraph serve`` in its own process, pointed at the bench's server through the usual settings."""
    env = {**os.environ, "TOOLGRAPH_HOME": str(bench.server.home),
           "TOOLGRAPH_EMBEDDED_BOLT_PORT": str(bench.server.bolt_port),
           "TOOLGRAPH_EMBEDDED_HTTP_PORT": str(bench.server.http_port),
           "TOOLGRAPH_WEB_SECRET_KEY": "bench"}
    env.pop("TOOLGRAPH_NEO4J_URI", None)
    log = bench.server.home / "serve.log"  # its access log; removed with the bench's home
    with open(log, "wb") as sink:
        proc = subprocess.Popen([sys.executable, "-c", "from toolgraph.cli import main; main()", "serve", "--host",
                                 "127.0.0.1", "--port", str(port)], env=env, stdout=sink, stderr=sink)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/api/session")
            if conn.getresponse().status == 200:
                return proc
        except OSError:
            time.sleep(0.3)
        if proc.poll() is not None:
            tail = log.read_text(encoding="utf-8", errors="replace")[-2000:]
            raise RuntimeError(f"toolgraph serve exited with {proc.returncode}:\n{tail}")
    proc.kill()
    raise RuntimeError("toolgraph serve did not answer within 60 s")


def fire(clients: int, work: list[Any], call: Callable[[Any, Any], None], make: Callable[[], Any]) -> dict[str, float]:
    """Run ``call(state, item)`` for every item from ``clients`` threads (each with its own ``make()`` state)."""
    shares = [work[i::clients] for i in range(clients)]
    samples: list[float] = []
    lock = threading.Lock()

    def client(items: list[Any]) -> None:
        state = make()
        mine = []
        for item in items:
            start = time.perf_counter()
            call(state, item)
            mine.append(time.perf_counter() - start)
        with lock:
            samples.extend(mine)

    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(client, shares))
    return percentiles(samples, time.perf_counter() - start)


def http_get(port: int) -> tuple[Callable[[], Any], Callable[[Any, str], None]]:
    def make() -> Any:
        return http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def call(conn: Any, path: str) -> None:
        conn.request("GET", path)
        response = conn.getresponse()
        body = response.read()
        if response.status != 200:
            raise RuntimeError(f"GET {path}: {response.status} {body[:200]!r}")

    return make, call


def run(args: argparse.Namespace) -> dict[str, Any]:
    result: dict[str, Any] = {"machine": machine_info(args.heap), "tools": args.tools, "edges": args.edges,
                              "requests": args.requests, "clients": args.clients, "endpoints": {}}
    rng = random.Random(args.seed + 3)
    with private_server(args.heap) as bench:
        progress(f"generating and writing {args.tools} tools / {args.edges} edges")
        batch = generate(args.tools, args.edges, args.categories, args.seed)
        report, timing = bench.write(batch)
        result["write_s"] = round(timing.wall_s, 2)
        ids = list(batch.tools)
        save_runs(bench, ids, args.runs, args.seed)
        port = free_port()
        progress(f"starting toolgraph serve on port {port}")
        web = start_web(bench, port)
        try:
            store = bench.store
            n = args.requests
            picks = [rng.choice(ids) for _ in range(n)]
            words = [f"tool {rng.randrange(args.tools):06d}"[:-1] for _ in range(n)]  # a prefix: up to 10 hits

            def q(value: str) -> str:
                return urllib.parse.quote(value, safe="")

            def hood(tool: str, k: int) -> None:
                data = neighbourhood(store, tool, k=k, max_nodes=MAX_NODES)
                neighbourhood_graph(data, lambda t: f"/explorer?id={t}")

            endpoints: dict[str, tuple[list[str], list[Any], Callable[[Any, Any], None]]] = {
                "search (name, k=10)": ([f"/api/search?q={q(w)}&k=10" for w in words], words,
                                        lambda _s, w: search_tools(store, w, k=10)),
                "neighbourhood k=1 + drawing": ([f"/api/neighbourhood?id={q(t)}&k=1" for t in picks], picks,
                                                lambda _s, t: hood(t, 1)),
                "neighbourhood k=2 + drawing": ([f"/api/neighbourhood?id={q(t)}&k=2" for t in picks], picks,
                                                lambda _s, t: hood(t, 2)),
                "tool details": ([f"/api/tool?id={q(t)}" for t in picks], picks,
                                 lambda _s, t: tool_details(store, t)),
                "runs list (20)": (["/api/runs?limit=20"] * n, [20] * n,
                                   lambda _s, limit: store.query("list_runs", limit=limit)),
            }
            make, call = http_get(port)
            sizes = {}
            for name, (paths, items, direct) in endpoints.items():
                fire(2, paths[:20], call, make)  # warm up both paths
                fire(2, items[:20], direct, lambda: None)
                conn = make()
                conn.request("GET", paths[0])
                sizes[name] = len(conn.getresponse().read())
                rows = {}
                for clients in args.clients:
                    progress(f"{name}: {clients} client(s), {n} requests over HTTP, then direct")
                    rows[f"http, {clients} client(s)"] = fire(clients, paths, call, make)
                    rows[f"direct, {clients} client(s)"] = fire(clients, items, direct, lambda: None)
                result["endpoints"][name] = rows
            result["response_bytes"] = sizes
            hood_sizes = [len(neighbourhood(store, t, k=2, max_nodes=MAX_NODES)["nodes"]) for t in picks[:50]]
            result["k2_nodes"] = {"median": statistics.median(hood_sizes), "max": max(hood_sizes),
                                  "capped_at": MAX_NODES}
        finally:
            web.terminate()
            web.wait(10)
        result["memory"] = bench.memory()
    return result


def human(r: dict[str, Any]) -> None:
    print(machine_line(r["machine"]))
    print(f"\n{r['tools']} tools / {r['edges']} edges; {r['requests']} requests per endpoint and client count; "
          f"k=2 neighbourhoods: median {r['k2_nodes']['median']} tools, max {r['k2_nodes']['max']} "
          f"(cap {r['k2_nodes']['capped_at']})\n")
    rows = []
    for name, results in r["endpoints"].items():
        for how, v in results.items():
            rows.append([name, how, v["p50_ms"], v["p99_ms"], v["mean_ms"], v["per_s"]])
    print(table(["endpoint", "how", "p50 ms", "p99 ms", "mean ms", "req/s"], rows))
    print(f"\nresponse sizes (bytes): {r['response_bytes']}")
    print(f"memory: {r['memory']}")


def main() -> None:
    parser = arg_parser(__doc__, "2g")
    add_graph_args(parser)
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8], help="concurrent clients (default 1 8)")
    parser.add_argument("--requests", type=int, default=400, help="requests per endpoint and client count")
    parser.add_argument("--runs", type=int, default=300, help="stored planner runs (default 300)")
    args = parser.parse_args()
    bench_main(args, run, human)


if __name__ == "__main__":
    main()
