"""CPU per search request, by process and by stage (issue 22): where a web ``/api/search`` (graph method) spends.

On a shared 2-core machine latency swings with the load; CPU-seconds per request do not (much), and p99 with 32
clients is about 32 x (CPU per request) / 2 cores. So this measures the CPU:

- writes the generated graph (2,000 tools / 10,000 edges by default, the load benchmark's) into a private embedded
  server and embeds it (tool vectors cached in ``bench/results/load_vectors.npz``, shared with load_bench.py);
- builds the web app in this process on that store and sends ``--requests`` distinct ``/api/search?method=graph``
  requests through Flask's test client, one at a time, then ``--clients`` at once (threads);
- per request: this process's CPU (``time.process_time``: the request thread and the encoder's thread), the
  database server's CPU (``/proc/PID/stat``), and by stage, as thread CPU where the stage runs: the encoder's
  tokenizer and forward pass (on its worker thread), each named Cypher query (driver side; count per request),
  the BM25F scoring, the cosines, the rest of the graph method, the web layer (Flask routing and JSON).

    PYTHONPATH=. .venv/bin/python bench/search_cpu.py [--requests 200] [--clients 32] [--json] [--out FILE]

Run it with another tree first on ``PYTHONPATH`` (``PYTHONPATH=/work/main``) for that tree's figures; the stage
hooks that tree lacks are skipped. Figures: docs/results/load_bench_r3.md.
"""

from __future__ import annotations

import argparse
import os
import threading
import time
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from common import (
    add_graph_args,
    arg_parser,
    bench_main,
    cpu_seconds,
    git_state,
    machine_info,
    private_server,
    progress,
    table,
)
from embedder import embed_with_cache
from generated import generate
from load_bench import _qs, queries

ROOT = Path(__file__).resolve().parent.parent


class Stages:
    """Thread CPU and wall seconds, and calls, of each hooked stage (nested stages are not subtracted)."""

    def __init__(self) -> None:
        self.cpu: dict[str, float] = defaultdict(float)
        self.wall: dict[str, float] = defaultdict(float)
        self.calls: dict[str, int] = defaultdict(int)
        self.lock = threading.Lock()
        self.undo: list[tuple[Any, str, Any]] = []

    def wrap(self, owner: Any, attr: str, stage: str | None = None, *, by_name: bool = False) -> bool:
        fn = getattr(owner, attr, None)
        if fn is None:
            return False

        def timed(*args: Any, **kwargs: Any) -> Any:
            name = stage or attr
            if by_name:
                name = f"cypher {args[1] if len(args) > 1 else kwargs.get('name')}"
            c, w = time.thread_time(), time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                with self.lock:
                    self.cpu[name] += time.thread_time() - c
                    self.wall[name] += time.perf_counter() - w
                    self.calls[name] += 1

        self.undo.append((owner, attr, fn))
        setattr(owner, attr, timed)
        return True

    def restore(self) -> None:
        for owner, attr, fn in reversed(self.undo):
            setattr(owner, attr, fn)
        self.undo.clear()

    def reset(self) -> None:
        self.cpu.clear()
        self.wall.clear()
        self.calls.clear()

    def per_request(self, n: int) -> dict[str, dict[str, float]]:
        return {k: {"cpu_ms": round(1000 * self.cpu[k] / n, 3), "wall_ms": round(1000 * self.wall[k] / n, 3),
                    "calls": round(self.calls[k] / n, 3)} for k in sorted(self.cpu)}


def hook(stages: Stages, embedder: Any) -> None:
    """Wrap the stages this tree has."""
    from toolgraph.db.store import GraphStore
    from toolgraph.retrieve import search
    from toolgraph.retrieve.index import ToolIndex
    from toolgraph.retrieve.sparse import SparseIndex

    stages.wrap(GraphStore, "query", by_name=True)
    stages.wrap(SparseIndex, "score", "bm25f score")
    stages.wrap(ToolIndex, "cosines", "cosines")
    stages.wrap(search.Retriever, "_graph", "graph method (all)")
    stages.wrap(search.Retriever, "__post_init__", "Retriever() setup")
    try:
        import web.explore as explore

        stages.wrap(explore, "search_tools", "search_tools (all)")
    except ImportError:
        pass
    inner = getattr(embedder, "inner", embedder)
    stages.wrap(inner, "_encode_queries", "encoder (all, worker thread)")
    model = getattr(inner, "_model", None)
    if model is not None and hasattr(model, "tokenizer"):
        tok = model.tokenizer
        lock = stages.lock

        class Tokenizer:  # the fast tokenizer, timed
            def __call__(self, *args: Any, **kwargs: Any) -> Any:
                c = time.thread_time()
                try:
                    return tok(*args, **kwargs)
                finally:
                    with lock:
                        stages.cpu["encoder tokenize"] += time.thread_time() - c
                        stages.calls["encoder tokenize"] += 1

            def __getattr__(self, name: str) -> Any:
                return getattr(tok, name)

        model.tokenizer = Tokenizer()
        stages.undo.append((model, "tokenizer", tok))
    query_model = getattr(inner, "_query_model", None)
    if query_model is not None:
        stages.wrap(query_model, "forward", "encoder forward")
    for name in ("_forward_batch", "_forward"):  # the numpy encoder, where it is the one used
        if hasattr(inner, name) and not hasattr(inner, "_model"):
            stages.wrap(inner, name, "encoder forward")
    tokenizer = getattr(inner, "tokenizer", None)
    if tokenizer is not None and not hasattr(inner, "_model"):
        stages.wrap(tokenizer, "encode_batch", "encoder tokenize")


def measure(app: Any, work: list[str], clients: int, server_pid: int, stages: Stages, embedder: Any
            ) -> dict[str, Any]:
    stages.reset()
    passes0 = _passes(embedder)
    lock = threading.Lock()
    spent: list[float] = []
    local = threading.local()

    def one(url: str) -> None:
        client = getattr(local, "client", None)
        if client is None:
            client = local.client = app.test_client()
        c, w = time.thread_time(), time.perf_counter()
        response = client.get(url)
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        response.get_json()
        with lock:
            spent.append(time.perf_counter() - w)
            stages.cpu["request thread (all)"] += time.thread_time() - c
            stages.calls["request thread (all)"] += 1

    proc0, server0, wall0, load0 = time.process_time(), cpu_seconds(server_pid), time.perf_counter(), os.getloadavg()
    if clients == 1:
        for url in work:
            one(url)
    else:
        with ThreadPoolExecutor(clients) as pool:
            list(pool.map(one, work))
    n = len(work)
    wall = time.perf_counter() - wall0
    proc, server = time.process_time() - proc0, cpu_seconds(server_pid) - server0
    spent.sort()
    return {
        "clients": clients, "requests": n, "wall_s": round(wall, 2),
        "cpu_ms_per_request": {"serving_process": round(1000 * proc / n, 2), "db_server": round(1000 * server / n, 2),
                               "total": round(1000 * (proc + server) / n, 2)},
        "latency_ms": {"p50": round(1000 * spent[n // 2], 1), "p99": round(1000 * spent[min(n - 1, int(n * .99))], 1)},
        "encoder_passes": _passes(embedder) - passes0,
        "stages": stages.per_request(n),
        "load_1min": [round(load0[0], 2), round(os.getloadavg()[0], 2)],
    }


def _passes(embedder: Any) -> int:
    stats = getattr(getattr(embedder, "inner", embedder), "batch_stats", None)
    return int(stats()["passes"]) if stats else 0


def run(args: argparse.Namespace) -> dict[str, Any]:
    from toolgraph.config import Settings
    from toolgraph.embeddings.base import CachedEmbedder

    os.environ.setdefault("TOOLGRAPH_EMBED_THREADS", "1")
    result: dict[str, Any] = {"machine": machine_info(args.heap), "code": git_state("toolgraph", "web"),
                              "pythonpath": os.environ.get("PYTHONPATH", ""), "tools": args.tools,
                              "edges": args.edges, "runs": []}
    import toolgraph

    result["toolgraph_from"] = str(Path(toolgraph.__file__).parent.parent)
    with private_server(args.heap) as bench:
        progress(f"generating and writing {args.tools} tools / {args.edges} edges")
        bench.write(generate(args.tools, args.edges, args.categories, args.seed))
        settings = Settings()
        embedder = CachedEmbedder(settings.embed.embedder())  # what the web page makes
        progress("embedding the tools (cached in bench/results/load_vectors.npz)")
        result["embed"] = embed_with_cache(bench.store, embedder.inner, ROOT / "bench" / "results"
                                           / "load_vectors.npz", progress_bar=False)
        from web import create_app

        if hasattr(bench.store, "written_mark"):  # what open_store sets up for the web page's own store
            from toolgraph.db.store import mark_written, written_mark

            mark = written_mark(bench.server.home)
            bench.store.written_mark = mark
            bench.store.on_write.append(lambda names: mark_written(mark))

        app = create_app(settings, store=bench.store, embedder=embedder, llm=None,
                         config={"SECRET_KEY": "bench", "TESTING": True})
        progress(f"warming up ({args.warmup} requests: the indexes, the encoder, the server's JIT)")
        warm = ["/api/search?" + _qs({"q": q, "method": "graph", "k": "10"})
                for q in queries(args.warmup, args.seed + 99, "warm")]
        with ThreadPoolExecutor(8) as pool:
            list(pool.map(lambda url: app.test_client().get(url), warm))
        stages = Stages()
        hook(stages, embedder)
        try:
            for clients in args.concurrency:
                work = ["/api/search?" + _qs({"q": q, "method": "graph", "k": "10"})
                        for q in queries(args.requests, args.seed + clients, f"cpu {clients}")]
                progress(f"{args.requests} requests from {clients} client(s)")
                measured = measure(app, work, clients, bench.pid, stages, embedder)
                progress(f"  {measured['cpu_ms_per_request']} ms CPU per request, p50 {measured['latency_ms']}")
                result["runs"].append(measured)
        finally:
            stages.restore()
    return result


def human(r: dict[str, Any]) -> None:
    print(f"toolgraph from {r['toolgraph_from']}; {r['tools']} tools / {r['edges']} edges")
    for m in r["runs"]:
        c = m["cpu_ms_per_request"]
        print(f"\n{m['clients']} client(s), {m['requests']} requests, {m['encoder_passes']} encoder passes, "
              f"load {m['load_1min']}: CPU ms/request serving {c['serving_process']}, DB server {c['db_server']}, "
              f"total {c['total']}; p50 {m['latency_ms']['p50']} ms, p99 {m['latency_ms']['p99']} ms")
        print(table(["stage", "CPU ms / req", "wall ms / req", "calls / req"],
                    [[k, v["cpu_ms"], v["wall_ms"], v["calls"]] for k, v in m["stages"].items()]))


def main() -> None:
    parser = arg_parser(__doc__, "2g")
    add_graph_args(parser)
    parser.set_defaults(tools=2000, edges=10000)
    parser.add_argument("--requests", type=int, default=200, help="requests per concurrency (default 200)")
    parser.add_argument("--warmup", type=int, default=200, help="requests before measuring (default 200)")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 32], help="clients (default 1 32)")
    args = parser.parse_args()
    bench_main(args, run, human)


if __name__ == "__main__":
    main()
