"""Load benchmark: 32 concurrent clients on every surface that embeds a query, before and after (issue 22).

- writes a generated graph (2,000 tools by default) into a private embedded server and embeds it (float32 tool
  vectors, cached in ``bench/results/load_vectors.npz``);
- a scripted OpenAI-compatible upstream in this process answers the proxy's chat requests at once;
- for each code tree (``--baseline DIR``, e.g. /work/main, measured as "before"; this checkout as "after"), one at a
  time, it starts the real ``toolgraph serve``, ``toolgraph proxy`` and ``toolgraph mcp --http`` in their own
  processes with that tree first on ``PYTHONPATH`` and fires ``--requests`` requests from ``--clients`` threads
  (one keep-alive connection, or one MCP session, each) at: the web page's ``/api/search`` (the graph method, which
  embeds the query), the proxy's ``/v1/tools/select`` and ``/v1/chat/completions``, and MCP ``search_tools``
  (graph method) over streamable HTTP. Every query is distinct, so no answer comes from a query cache.
- reports the errors (any answer but 200, an MCP tool error, a dropped connection; with their first messages),
  p50 / p99 / mean latency and throughput, the CPU milliseconds per request of the serving process and of the
  graph server (``/proc/PID/stat`` before and after; on a loaded machine the steadier figure: p99 at 32 clients is
  about 32 x that / the cores), and the 1-minute load average before and after each surface. ``--warmup`` web
  searches go first, so that the graph server's JIT has settled for both trees.

    PYTHONPATH=. .venv/bin/python bench/load_bench.py --baseline /work/main [--json] [--out FILE]
        [--clients 32] [--requests 320] [--tools 2000 --edges 10000]

Figures: docs/results/load_bench.md.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from common import (
    Bench,
    add_graph_args,
    arg_parser,
    bench_main,
    cpu_seconds,
    free_port,
    git_state,
    machine_info,
    machine_line,
    private_server,
    progress,
    table,
)
from embedder import bench_embedder, embed_with_cache
from generated import WORDS, generate
from web_load import percentiles

ROOT = Path(__file__).resolve().parent.parent
SURFACES = ("search", "select", "chat", "mcp")


# -- the scripted upstream ------------------------------------------------------------------------------------------
@contextmanager
def scripted_upstream() -> Iterator[str]:
    """An OpenAI-compatible chat endpoint that answers every request with one short text at once."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:
            pass

        def _send(self, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:  # noqa: N802
            self._send({"object": "list", "data": [{"id": "scripted", "object": "model", "owned_by": "bench"}]})

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            self._send({"id": "c1", "object": "chat.completion", "created": 0, "model": "scripted",
                        "choices": [{"index": 0, "finish_reason": "stop",
                                     "message": {"role": "assistant", "content": "ok"}}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


# -- the servers under test -----------------------------------------------------------------------------------------
@contextmanager
def cli_server(bench: Bench, code: Path, argv: list[str], port: int, probe: Callable[[int], bool]) -> Iterator[int]:
    """``toolgraph ARGV`` from the code tree ``code`` in its own process, on the bench's graph server."""
    env = {**os.environ, "TOOLGRAPH_HOME": str(bench.server.home),
           "TOOLGRAPH_EMBEDDED_BOLT_PORT": str(bench.server.bolt_port),
           "TOOLGRAPH_EMBEDDED_HTTP_PORT": str(bench.server.http_port),
           "TOOLGRAPH_WEB_SECRET_KEY": "bench", "TOOLGRAPH_EMBED_THREADS": "1", "PYTHONPATH": str(code)}
    env.pop("TOOLGRAPH_NEO4J_URI", None)
    log = bench.server.home / f"{argv[0]}-{port}.log"
    with open(log, "wb") as sink:
        proc = subprocess.Popen([sys.executable, "-c", "from toolgraph.cli import main; main()", *argv],
                                env=env, cwd=str(code), stdout=sink, stderr=sink)
    try:
        deadline = time.monotonic() + 120
        while not probe(port):
            if proc.poll() is not None:
                tail = log.read_text(encoding="utf-8", errors="replace")[-2000:]
                raise RuntimeError(f"toolgraph {argv[0]} exited with {proc.returncode}:\n{tail}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"toolgraph {argv[0]} did not answer within 120 s")
            time.sleep(0.3)
        yield proc.pid
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def http_probe(path: str, method: str = "GET", body: dict[str, Any] | None = None) -> Callable[[int], bool]:
    def probe(port: int) -> bool:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            conn.request(method, path, body=json.dumps(body) if body is not None else None,
                         headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            return response.status < 500 or path == "/mcp"
        except OSError:
            return False

    return probe


# -- the clients ----------------------------------------------------------------------------------------------------
class Outcomes:
    """Latencies of the answers that succeeded, and the failures with their first messages."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self.errors: dict[str, int] = {}
        self.lock = threading.Lock()

    def add(self, seconds: float, failure: str | None) -> None:
        with self.lock:
            self.samples.append(seconds)
            if failure is not None:
                self.errors[failure[:160]] = self.errors.get(failure[:160], 0) + 1

    def summary(self, wall: float) -> dict[str, Any]:
        out = percentiles(self.samples, wall) if self.samples else {"requests": 0}
        failed = sum(self.errors.values())
        worst = sorted(self.errors.items(), key=lambda kv: -kv[1])[:5]
        return {**out, "errors": failed, "error_rate": round(failed / max(len(self.samples), 1), 4),
                "error_kinds": dict(worst)}


def http_clients(port: int, clients: int, work: list[tuple[str, str, dict[str, Any] | None]]) -> dict[str, Any]:
    """Each of ``clients`` threads sends its share of (method, path, JSON body) over one keep-alive connection."""
    outcomes = Outcomes()
    shares = [work[i::clients] for i in range(clients)]
    barrier = threading.Barrier(clients)

    def client(items: list[tuple[str, str, dict[str, Any] | None]]) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
        barrier.wait()
        for method, path, body in items:
            start = time.perf_counter()
            failure = None
            try:
                conn.request(method, path, body=json.dumps(body) if body is not None else None,
                             headers={"Content-Type": "application/json"})
                response = conn.getresponse()
                data = response.read()
                if response.status != 200:
                    failure = f"HTTP {response.status}: {data[:120].decode('utf-8', 'replace')}"
            except (OSError, http.client.HTTPException) as exc:
                failure = f"{type(exc).__name__}: {exc}"
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
            outcomes.add(time.perf_counter() - start, failure)

    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(client, shares))
    return outcomes.summary(time.perf_counter() - start)


def mcp_clients(port: int, clients: int, queries: list[str]) -> dict[str, Any]:
    """``clients`` MCP sessions over streamable HTTP, each calling ``search_tools`` for its share of the queries."""
    import anyio
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    outcomes = Outcomes()
    shares = [queries[i::clients] for i in range(clients)]
    url = f"http://127.0.0.1:{port}/mcp"

    async def client(items: list[str]) -> None:
        done = 0
        try:
            async with streamable_http_client(url) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                for q in items:
                    start = time.perf_counter()
                    failure = None
                    try:
                        result = await session.call_tool("search_tools", {"query": q, "method": "graph", "k": 10})
                        if result.is_error:
                            failure = f"tool error: {result.content[0].text if result.content else ''}"
                    except Exception as exc:  # noqa: BLE001 - counted as a failure
                        failure = f"{type(exc).__name__}: {exc}"
                    outcomes.add(time.perf_counter() - start, failure)
                    done += 1
        except Exception as exc:  # noqa: BLE001 - a session that broke off fails the calls it had left
            for _ in items[done:]:
                outcomes.add(0.0, f"session: {type(exc).__name__}: {exc}")

    async def go() -> None:
        async with anyio.create_task_group() as tg:
            for items in shares:
                tg.start_soon(client, items)

    start = time.perf_counter()
    anyio.run(go)
    return outcomes.summary(time.perf_counter() - start)


# -- the run --------------------------------------------------------------------------------------------------------
def queries(n: int, seed: int, tag: str) -> list[str]:
    """``n`` distinct search requests in the generated graph's vocabulary."""
    rng = random.Random(seed)
    return [f"{' '.join(rng.choice(WORDS) for _ in range(rng.randint(4, 10)))} ({tag} {i})" for i in range(n)]


def measure(bench: Bench, code: Path, upstream: str, args: argparse.Namespace, load: list[float]
            ) -> dict[str, Any]:
    out: dict[str, Any] = {}
    n, clients = args.requests, args.clients
    tag = code.name

    def run(name: str, fn: Callable[[], dict[str, Any]], pid: int) -> None:
        before = os.getloadavg()[0]
        cpu, db = cpu_seconds(pid), cpu_seconds(bench.pid)
        result = fn()
        cpu, db = cpu_seconds(pid) - cpu, cpu_seconds(bench.pid) - db
        after = os.getloadavg()[0]
        load.extend([before, after])
        served = max(result.get("requests", 0), 1)
        result["cpu_ms_per_request"] = {"serving_process": round(1000 * cpu / served, 2),
                                        "db_server": round(1000 * db / served, 2),
                                        "total": round(1000 * (cpu + db) / served, 2)}
        out[name] = {**result, "load_1min": [round(before, 2), round(after, 2)]}
        progress(f"  {name}: {result.get('errors')} errors, p50 {result.get('p50_ms')} ms, "
                 f"p99 {result.get('p99_ms')} ms, CPU ms/request {result['cpu_ms_per_request']} "
                 f"(load {before:.1f} -> {after:.1f})")

    if "search" in args.surfaces:
        port = free_port()
        with cli_server(bench, code, ["serve", "--host", "127.0.0.1", "--port", str(port)], port,
                        http_probe("/api/session")) as pid:
            warm = [("GET", "/api/search?" + _qs({"q": q, "method": "graph", "k": "10"}), None)
                    for q in queries(args.warmup, args.seed + 97, f"warm {tag}")]
            http_clients(port, 4, warm)
            work = [("GET", "/api/search?" + _qs({"q": q, "method": "graph", "k": "10"}), None)
                    for q in queries(n, args.seed, f"web {tag}")]
            run("web /api/search (graph)", lambda: http_clients(port, clients, work), pid)
    if {"select", "chat"} & set(args.surfaces):
        port = free_port()
        user = {"messages": [{"role": "user", "content": "warm up"}]}
        with cli_server(bench, code, ["proxy", "--upstream", upstream, "--host", "127.0.0.1", "--port", str(port)],
                        port, http_probe("/v1/tools/select", "POST", user)) as pid:
            http_clients(port, 2, [("POST", "/v1/tools/select", user)] * 4)
            if "select" in args.surfaces:
                work = [("POST", "/v1/tools/select", {"messages": [{"role": "user", "content": q}]})
                        for q in queries(n, args.seed + 1, f"select {tag}")]
                run("proxy /v1/tools/select", lambda: http_clients(port, clients, work), pid)
            if "chat" in args.surfaces:
                work = [("POST", "/v1/chat/completions", {"model": "scripted", "messages": [
                    {"role": "user", "content": q}]}) for q in queries(n, args.seed + 2, f"chat {tag}")]
                run("proxy /v1/chat/completions", lambda: http_clients(port, clients, work), pid)
    if "mcp" in args.surfaces:
        port = free_port()
        with cli_server(bench, code, ["mcp", "--http", "--host", "127.0.0.1", "--port", str(port)], port,
                        http_probe("/mcp")) as pid:
            mcp_clients(port, 2, ["warm up one", "warm up two"])
            work_q = queries(n, args.seed + 3, f"mcp {tag}")
            run("MCP search_tools over HTTP (graph)", lambda: mcp_clients(port, clients, work_q), pid)
    return out


def _qs(params: dict[str, str]) -> str:
    import urllib.parse

    return urllib.parse.urlencode(params)


def run(args: argparse.Namespace) -> dict[str, Any]:
    result: dict[str, Any] = {"machine": machine_info(args.heap), "code": git_state("toolgraph", "web"),
                              "tools": args.tools, "edges": args.edges, "clients": args.clients,
                              "requests": args.requests, "surfaces": args.surfaces, "runs": {}}
    trees = ([("before", Path(args.baseline))] if args.baseline else []) + [("after", ROOT)]
    if args.baseline:
        result["baseline"] = {"path": args.baseline, **_commit(Path(args.baseline))}
    load: list[float] = [os.getloadavg()[0]]
    with private_server(args.heap) as bench, scripted_upstream() as upstream:
        progress(f"generating and writing {args.tools} tools / {args.edges} edges")
        bench.write(generate(args.tools, args.edges, args.categories, args.seed))
        progress("embedding the tools (cached in bench/results/load_vectors.npz)")
        embedder = bench_embedder(threads=1, query_precision="float32")
        result["embed"] = embed_with_cache(bench.store, embedder, ROOT / "bench" / "results" / "load_vectors.npz",
                                           progress_bar=False)
        del embedder
        for round_ in range(args.rounds):
            for label, code in trees:
                progress(f"{label} ({code}), round {round_ + 1}")
                result["runs"].setdefault(label, []).append(measure(bench, code, upstream, args, load))
    result["load_1min"] = {"min": round(min(load), 2), "max": round(max(load), 2),
                           "mean": round(sum(load) / len(load), 2)}
    return result


def _commit(path: Path) -> dict[str, str]:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=path, capture_output=True, text=True,
                             timeout=20).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        out = ""
    return {"commit": out}


def human(r: dict[str, Any]) -> None:
    print(machine_line(r["machine"]))
    print(f"\n{r['tools']} tools / {r['edges']} edges; {r['clients']} clients, {r['requests']} requests per surface; "
          f"load average (1 min) {r['load_1min']}\n")
    rows = []
    for label, rounds in r["runs"].items():
        for i, measured in enumerate(rounds):
            for name, v in measured.items():
                c = v.get("cpu_ms_per_request", {})
                rows.append([name, f"{label} #{i + 1}", v.get("errors"), v.get("p50_ms"), v.get("p99_ms"),
                             v.get("mean_ms"), v.get("per_s"), c.get("serving_process"), c.get("db_server"),
                             c.get("total"), f"{v['load_1min'][0]}-{v['load_1min'][1]}"])
    print(table(["surface", "code", "errors", "p50 ms", "p99 ms", "mean ms", "req/s", "CPU ms/req serving",
                 "CPU ms/req DB", "CPU ms/req", "load"], rows))
    for label, rounds in r["runs"].items():
        for measured in rounds:
            for name, v in measured.items():
                if v.get("error_kinds"):
                    print(f"{label} {name}: {v['error_kinds']}")


def main() -> None:
    parser = arg_parser(__doc__, "2g")
    add_graph_args(parser)
    parser.set_defaults(tools=2000, edges=10000)
    parser.add_argument("--clients", type=int, default=32, help="concurrent clients (default 32)")
    parser.add_argument("--requests", type=int, default=320, help="requests per surface (default 320)")
    parser.add_argument("--warmup", type=int, default=64,
                        help="web searches before measuring (default 64: the graph server's JIT settles)")
    parser.add_argument("--rounds", type=int, default=1, help="before/after rounds, alternating (default 1)")
    parser.add_argument("--baseline", help="a code tree measured as 'before' in the same run (e.g. /work/main)")
    parser.add_argument("--surfaces", nargs="+", default=list(SURFACES), choices=SURFACES)
    args = parser.parse_args()
    bench_main(args, run, human)


if __name__ == "__main__":
    main()
