"""Scale benchmark, side by side: import (parsing included), search and planning on the embedded server and on
Neo4j 5.26 (APOC, GDS), in one run, at 16,000 tools / 100,000 edges and at 160,000 tools / 1,000,000 edges.

- The generated catalogue (``generated.catalogue_records``: the import benchmark's kind of graph) is written once
  per size as a JSON-lines file of ToolGraph records (not timed as the import).
- Import: ``toolgraph.ingest.stream``: the file read in parts of ``--part-size`` records, each part checked and
  MERGEd in its own transaction while a thread reads the next. It runs in a child process of its own, so its peak
  RSS (``VmHWM``: not ``ru_maxrss``, which a child inherits from its parent through exec) is the import's alone.
  Baseline in the same run, at the first size: the whole file read into
  one batch and written in one transaction (``write_batch``, how imports worked until now). With ``--before
  TREE`` (ToolGraph's code exported from an earlier commit), also the streamed import with that code, at the first
  size: before / after of the write path in one run.
- Search: keyword (the in-memory BM25F index: its load, then p50 / p95 per query) and the name search in Cypher
  (a scan on the server). Planning: the graph-only planner (no LLM, no embeddings: keyword seeds), p50 / p95.
- Each backend gets its own server in a temporary folder on free ports (Neo4j: the project's own, built from
  ``neo4j-launcher/``; or ``--neo4j-uri``), stopped at the end. The load average is sampled throughout.

    .venv/bin/python bench/scale_bench.py --out bench/results/scale_bench.json        # both sizes, both backends
    .venv/bin/python bench/scale_bench.py --sizes 4000:20000 --backends embedded      # a quick run

Progress goes to stderr. Figures: docs/results/scale_bench.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from common import (
    ROOT,
    LoadSampler,
    arg_parser,
    cpu_seconds,
    emit,
    free_port,
    git_state,
    machine_info,
    machine_line,
    print_notes,
    progress,
    rate,
    table,
    timed,
)
from generated import WORDS, write_catalogue

from toolgraph.db.store import GraphStore, routes
from toolgraph.ingest.batch import KINDS

GOAL_S = 60.0  # the goal at 160,000 tools: the import, parsing included, within a minute
GOAL_RSS_MIB = 2048.0  # ... with a client under 2 GB


# -- the import, in a child process -----------------------------------------------------------------------------------
def child_import(args: argparse.Namespace) -> int:
    """Run in the child: import ``args.file`` into the server named by the environment; print one JSON line."""
    from toolgraph.ingest.stream import read_records, write_parts
    from toolgraph.ingest.writer import write_batch

    store = GraphStore.connect(os.environ["SCALE_URI"], os.environ["SCALE_USER"], os.environ["SCALE_PASSWORD"],
                               os.environ["SCALE_DATABASE"])
    start, cpu = time.perf_counter(), time.process_time()
    if args.hold:  # the baseline: every record in memory, one transaction
        (batch,) = list(read_records(args.file, source="scale", part_size=10**12))
        read_s = time.perf_counter() - start
        report = write_batch(store, batch, chunk_size=args.chunk_size)
        parts = 1
    else:
        read_s = None
        seen = [0]

        def say(n: int, total: Any) -> None:
            seen[0] = n
            if n % 5 == 0:
                progress(f"    part {n}: {total.records:,} records so far")

        report = write_parts(store, read_records(args.file, source="scale", part_size=args.part_size),
                             source="scale", chunk_size=args.chunk_size, on_part=say, prefetch=args.prefetch)
        parts = seen[0]
    wall = time.perf_counter() - start
    store.close()
    print(json.dumps({
        "wall_s": round(wall, 2), "read_s": None if read_s is None else round(read_s, 2),
        "client_cpu_s": round(time.process_time() - cpu, 2),
        "client_peak_rss_mib": own_peak_rss_mib(),
        "records": report.records, "parts": parts, "rejected": len(report.rejected),
        "counts": {k: report.counts[k].as_dict() for k in KINDS},
    }))
    return 0


def own_peak_rss_mib() -> float:
    """This process's peak RSS since its exec (``VmHWM``). ``ru_maxrss`` would not do in a child: Linux carries the
    parent's peak over through exec, so a child of a benchmark holding 2.5 GB reported 2.5 GB whatever it used."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)  # not Linux: the best there is


def run_import(target: Target, file: Path, args: argparse.Namespace, *, hold: bool,
               code: Path | None = None) -> dict[str, Any]:
    """``code``: the import child runs ToolGraph from that source tree instead of this one (``--before``)."""
    env = {**os.environ, "SCALE_URI": target.uri, "SCALE_USER": target.user, "SCALE_PASSWORD": target.password,
           "SCALE_DATABASE": target.database, "PYTHONPATH": os.pathsep.join(
               p for p in (str(code or ROOT), os.environ.get("PYTHONPATH", "")) if p)}
    chunk = args.before_chunk_size if code else args.chunk_size
    argv = [sys.executable, __file__, "--child-import", str(file), "--part-size", str(args.part_size),
            "--chunk-size", str(chunk), "--prefetch", str(args.prefetch), *(["--hold"] if hold else [])]
    server_cpu = cpu_seconds(target.pid) if target.pid else None
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, stdout=subprocess.PIPE, text=True, timeout=args.import_timeout)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"the import child failed with exit code {done.returncode}")
    out = json.loads(done.stdout.strip().splitlines()[-1])
    out["process_s"] = round(elapsed, 2)
    if server_cpu is not None:
        out["server_cpu_s"] = round(cpu_seconds(target.pid) - server_cpu, 2)
    out["rows_per_s"] = rate(out["records"], out["wall_s"])
    return out


# -- search and planning --------------------------------------------------------------------------------------------
def requests(n: int, seed: int) -> list[str]:
    rng = random.Random(seed + 11)
    return [f"{rng.choice(WORDS)} the {rng.choice(WORDS)} {rng.choice(WORDS)} and then {rng.choice(WORDS)} it"
            for _ in range(n)]


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)

    def at(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * q))], 2)

    return {"n": len(ordered), "p50_ms": at(0.5), "p95_ms": at(0.95),
            "mean_ms": round(1000 * statistics.fmean(ordered), 2)}


def latencies(fn: Callable[[str], Any], texts: list[str]) -> dict[str, float]:
    samples = []
    for text in texts:
        start = time.perf_counter()
        fn(text)
        samples.append(time.perf_counter() - start)
    return percentiles(samples)


def search_and_plan(store: GraphStore, args: argparse.Namespace, load: LoadSampler) -> dict[str, Any]:
    from toolgraph.planner import Planner, PlannerConfig
    from toolgraph.retrieve.search import Retriever

    texts = requests(args.queries, args.seed)
    out: dict[str, Any] = {}
    retriever = Retriever(store, None)
    _, out["keyword_index_load_s"] = timed(retriever.sync)
    out["keyword_index_load_s"] = round(out["keyword_index_load_s"], 2)
    out["keyword"] = latencies(lambda t: retriever.search(t, k=10, method="keyword"), texts)
    load.sample()
    words = [t.split()[0] for t in texts]
    out["name_search"] = latencies(
        lambda w: store.query("search_tools_by_name", text=w, category=None, limit=10), words[: args.name_queries])
    load.sample()
    config = PlannerConfig(use_memory=False, remember=False)
    planner, out["planner_setup_s"] = timed(lambda: Planner(store, config=config))
    out["planner_setup_s"] = round(out["planner_setup_s"], 2)
    planner.plan(texts[0], save=False)  # its first plan loads the keyword index: counted above, not here
    plans: list[Any] = []
    out["plan"] = latencies(lambda t: plans.append(planner.plan(t, save=False)), texts[: args.plans])
    out["plan"]["tools_per_plan"] = round(statistics.fmean(len(p.tools) for p in plans), 2) if plans else 0
    load.sample()
    return out


# -- backends ---------------------------------------------------------------------------------------------------------
class Target:
    def __init__(self, name: str, uri: str, user: str, password: str, database: str, pid: int | None,
                 start_s: float | None) -> None:
        self.name, self.uri, self.user, self.password, self.database = name, uri, user, password, database
        self.pid, self.start_s = pid, start_s

    def connect(self) -> GraphStore:
        store = GraphStore.connect(self.uri, self.user, self.password, self.database)
        store.apply_schema()
        return store


@contextmanager
def embedded_target(heap: str) -> Iterator[Target]:
    from toolgraph.db.embedded import EmbeddedServer

    with tempfile.TemporaryDirectory(prefix="toolgraph-scale-") as home:
        server = EmbeddedServer(Path(home), heap=heap, bolt_port=free_port(), http_port=free_port())
        try:
            info, start_s = timed(server.start)
            yield Target("embedded", info.bolt_uri, "root", server.password(), info.database, info.pid,
                         round(start_s, 1))
        finally:
            server.stop()


@contextmanager
def neo4j_target(args: argparse.Namespace) -> Iterator[Target]:
    if args.neo4j_uri:
        yield Target("neo4j", args.neo4j_uri, args.neo4j_user, os.environ.get("TOOLGRAPH_NEO4J_PASSWORD", ""),
                     "neo4j", None, None)
        return
    from toolgraph.db.neo4j_server import Neo4jServer

    wait_for_other_neo4j(args.neo4j_wait)
    with tempfile.TemporaryDirectory(prefix="toolgraph-scale-neo4j-") as home:
        server = Neo4jServer(Path(home), heap=args.neo4j_heap, pagecache_mb=args.neo4j_pagecache_mb)
        try:
            info, start_s = timed(lambda: server.start(progress=progress))
            uri = info.bolt_uri
            if args.routing:  # the routing scheme against the single server: reads go to its reader role
                uri = routing_or_direct(uri, info.user, info.password)
            yield Target("neo4j", uri, info.user, info.password, "neo4j", info.pid, round(start_s, 1))
        finally:
            server.stop()


def routing_or_direct(bolt_uri: str, user: str, password: str) -> str:
    """``neo4j://`` for the server at ``bolt_uri`` when a read through it works, else ``bolt_uri`` (said why)."""
    uri = "neo4j://" + bolt_uri.split("://", 1)[1]
    try:
        with GraphStore.connect(uri, user, password, "neo4j", retry_time_s=5.0) as store:
            store.query("count_nodes_by_label")
    except Exception as exc:  # noqa: BLE001 - reported, and the run goes on over bolt://
        progress(f"the routing scheme failed against the single server ({exc}); using {bolt_uri}")
        return bolt_uri
    return uri


def other_neo4j() -> list[int]:
    """Pids of ToolGraph Neo4j servers already running on this machine (someone else's tests)."""
    from toolgraph.db.neo4j_server import MAIN_CLASS

    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if MAIN_CLASS.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def wait_for_other_neo4j(limit_s: float) -> None:
    """One Neo4j at a time on a shared machine: wait (up to ``limit_s``) for another to stop before starting ours.
    A negative ``limit_s``: start ours beside them (others' test servers, small and mostly idle)."""
    if limit_s < 0:
        if pids := other_neo4j():
            progress(f"other Neo4j servers run here (pid {pids}): starting ours beside them")
        return
    deadline = time.monotonic() + limit_s
    while pids := other_neo4j():
        if time.monotonic() > deadline:
            raise RuntimeError(f"another Neo4j (pid {pids}) still runs after {limit_s:.0f} s: not starting a second")
        progress(f"another Neo4j runs here (pid {pids}): waiting for it to stop")
        time.sleep(30)


def server_rss_mib(pid: int | None) -> dict[str, float | None]:
    if pid is None:
        return {}

    def field(key: str) -> float | None:
        try:
            with open(f"/proc/{pid}/status", encoding="ascii") as fh:
                for line in fh:
                    if line.startswith(key + ":"):
                        return round(int(line.split()[1]) / 1024, 1)
        except OSError:
            return None
        return None

    return {"server_rss_mib": field("VmRSS"), "server_peak_rss_mib": field("VmHWM")}


def run_backend(name: str, target_cm: Any, files: dict[str, tuple[Path, dict[str, int]]], args: argparse.Namespace,
                load: LoadSampler) -> dict[str, Any]:
    out: dict[str, Any] = {"sizes": {}}
    try:
        with target_cm as target:
            out["server_start_s"] = target.start_s
            store = target.connect()
            progress(f"{name}: connected ({store.backend.agent})")
            out["agent"] = store.backend.agent
            out["uri_scheme"] = target.uri.split("://", 1)[0]
            if routes(target.uri):
                out["routing_table"] = store.routing_table()
                progress(f"{name}: routing table {out['routing_table']}")
            for i, (label, (file, counts)) in enumerate(files.items()):
                size: dict[str, Any] = {"records": counts, "load_before": os.getloadavg()[0]}
                out["sizes"][label] = size
                if i:
                    progress(f"{name} {label}: clearing the graph")
                    size["clear_s"] = round(timed(lambda: store.query("clear_graph"))[1], 1)
                if i == 0 and not args.skip_baseline:
                    progress(f"{name} {label}: baseline: the whole file in one batch, one transaction")
                    size["hold_all"] = run_import(target, file, args, hold=True)
                    progress(f"  {size['hold_all']['wall_s']} s, client peak {size['hold_all']['client_peak_rss_mib']}"
                             " MiB; clearing the graph")
                    store.query("clear_graph")
                if i == 0 and args.before:
                    progress(f"{name} {label}: streamed import with the code of {args.before} (before)")
                    size["import_before"] = run_import(target, file, args, hold=False, code=args.before)
                    progress(f"  {size['import_before']['wall_s']} s, server CPU "
                             f"{size['import_before'].get('server_cpu_s')} s; clearing the graph")
                    store.query("clear_graph")
                progress(f"{name} {label}: streamed import of {file.name}")
                try:
                    size["import"] = run_import(target, file, args, hold=False)
                except (RuntimeError, subprocess.TimeoutExpired) as exc:
                    size["import"] = {"error": str(exc)}
                    progress(f"  FAILED: {exc}")
                    load.sample()
                    break
                imp = size["import"]
                progress(f"  {imp['wall_s']} s ({imp['rows_per_s']:,.0f} records/s, {imp['parts']} parts), client peak "
                         f"{imp['client_peak_rss_mib']} MiB, server CPU {imp.get('server_cpu_s')} s")
                size.update(server_rss_mib(target.pid))
                load.sample()
                progress(f"{name} {label}: search and planning")
                size.update(search_and_plan(store, args, load))
                progress(f"  keyword p50 {size['keyword']['p50_ms']} ms, name search p50 "
                         f"{size['name_search']['p50_ms']} ms, plan p50 {size['plan']['p50_ms']} ms")
                size["load_after"] = os.getloadavg()[0]
            store.close()
    except Exception as exc:  # noqa: BLE001 - one backend failing is reported, the other still runs
        progress(f"{name}: FAILED: {exc!r}")
        out["error"] = repr(exc)
    return out


# -- output ---------------------------------------------------------------------------------------------------------
def print_human(result: dict[str, Any]) -> None:
    print("# ToolGraph scale benchmark\n")
    print(machine_line(result["machine"]))
    print(f"load (1 min): {result['load']}; part size {result['part_size']}, chunk {result['chunk_size']}\n")
    rows = []
    for backend, b in result["backends"].items():
        for label, s in b.get("sizes", {}).items():
            imp = s.get("import", {})
            rows.append([backend, label, imp.get("wall_s", imp.get("error", "")), imp.get("client_peak_rss_mib", ""),
                         imp.get("server_cpu_s", ""), s.get("keyword_index_load_s", ""),
                         s.get("keyword", {}).get("p50_ms", ""), s.get("name_search", {}).get("p50_ms", ""),
                         s.get("plan", {}).get("p50_ms", ""), s.get("plan", {}).get("p95_ms", ""),
                         s.get("load_before", "")])
            if "import_before" in s:
                h = s["import_before"]
                rows.append([backend, f"{label} streamed, code before", h["wall_s"], h["client_peak_rss_mib"],
                             h.get("server_cpu_s", ""), "", "", "", "", "", ""])
            if "hold_all" in s:
                h = s["hold_all"]
                rows.append([backend, f"{label} one tx (baseline)", h["wall_s"], h["client_peak_rss_mib"],
                             h.get("server_cpu_s", ""), "", "", "", "", "", ""])
    print(table(["backend", "size", "import s", "client MiB", "server CPU s", "kw index s", "keyword p50 ms",
                 "name p50 ms", "plan p50 ms", "plan p95 ms", "load"], rows))
    print(f"\ngoal at the largest size: import within {GOAL_S:.0f} s, client under {GOAL_RSS_MIB:.0f} MiB")
    for backend, b in result["backends"].items():
        if "error" in b:
            print(f"{backend}: {b['error']}")
    print_notes(result)


def before_commit(tree: Path) -> str | None:
    """The commit a ``--before`` tree was exported from: ``git archive`` writes it into the tar's comment, which
    we keep as ``COMMIT`` beside the code; else None."""
    mark = tree / "COMMIT"
    return mark.read_text(encoding="utf-8").strip() if mark.is_file() else None


# -- main -----------------------------------------------------------------------------------------------------------
def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = arg_parser(__doc__, "4g")
    p.add_argument("--sizes", nargs="+", default=["16000:100000", "160000:1000000"],
                   help="TOOLS:EDGES per size (default 16000:100000 160000:1000000)")
    p.add_argument("--backends", nargs="+", default=["embedded", "neo4j"], choices=["embedded", "neo4j"])
    p.add_argument("--categories", type=int, default=40)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--part-size", type=int, default=50_000, help="records a transaction (default 50000)")
    p.add_argument("--chunk-size", type=int, default=10_000, help="rows a statement (default 10000)")
    p.add_argument("--before-chunk-size", type=int, default=1000,
                   help="rows a statement for the --before import (default 1000, what imports used until now)")
    p.add_argument("--prefetch", type=int, default=1, help="parts read ahead while one is written (default 1)")
    p.add_argument("--queries", type=int, default=100, help="keyword searches per size (default 100)")
    p.add_argument("--name-queries", type=int, default=20, help="name searches per size (default 20)")
    p.add_argument("--plans", type=int, default=20, help="plans per size (default 20)")
    p.add_argument("--skip-baseline", action="store_true", help="skip the one-transaction baseline")
    p.add_argument("--before", type=Path,
                   help="a source tree of ToolGraph (e.g. a `git archive` of an earlier commit): at the first size, "
                        "the streamed import also runs with its code, in the same run (before / after)")
    p.add_argument("--import-timeout", type=float, default=1800.0, help="seconds an import may take (default 1800)")
    p.add_argument("--neo4j-uri", help="an external Neo4j (password in TOOLGRAPH_NEO4J_PASSWORD) instead of our own")
    p.add_argument("--neo4j-user", default="neo4j")
    p.add_argument("--neo4j-heap", default="4g", help="heap of the Neo4j the benchmark starts (default 4g)")
    p.add_argument("--neo4j-pagecache-mb", type=int, default=1024)
    p.add_argument("--neo4j-wait", type=float, default=1800.0,
                   help="seconds to wait for another Neo4j on this machine to stop before starting ours (default 1800; "
                        "negative: do not wait)")
    p.add_argument("--no-routing", dest="routing", action="store_false",
                   help="connect to our Neo4j with bolt:// (default: the routing scheme, neo4j://)")
    p.add_argument("--workdir", type=Path, help="where the catalogue files go (default: a temporary folder)")
    p.add_argument("--child-import", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--hold", action="store_true", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def run(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    load = LoadSampler()
    result: dict[str, Any] = {"machine": machine_info(args.heap), "notes": [], "load_before": os.getloadavg(),
                              "code": git_state("toolgraph", "cypher", "bench"), "part_size": args.part_size,
                              "chunk_size": args.chunk_size, "prefetch": args.prefetch, "backends": {}}
    if args.before:
        result["code_before"] = {"tree": str(args.before), "commit": before_commit(args.before),
                                 "chunk_size": args.before_chunk_size}
    files: dict[str, tuple[Path, dict[str, int]]] = {}
    for spec in args.sizes:
        tools, edges = (int(x) for x in spec.split(":"))
        label = f"{tools:,} tools / {edges:,} edges"
        path = workdir / f"catalogue-{tools}-{edges}-{args.seed}.jsonl"
        kept = path.with_suffix(".counts.json")
        if path.exists() and kept.exists():  # a --workdir of an earlier run: the same file for the same arguments
            progress(f"reusing {path}")
            counts, seconds = json.loads(kept.read_text(encoding="utf-8")), 0.0
        else:
            progress(f"generating {label} into {path}")
            counts, seconds = timed(partial(write_catalogue, path, tools, edges, args.categories, args.seed))
            kept.write_text(json.dumps(counts), encoding="utf-8")
        files[label] = (path, counts)
        result.setdefault("generate", {})[label] = {"seconds": round(seconds, 1), "records": counts,
                                                    "file_mib": round(path.stat().st_size / 2**20, 1)}
        load.sample()
    for backend in args.backends:
        cm = embedded_target(args.heap) if backend == "embedded" else neo4j_target(args)
        result["backends"][backend] = run_backend(backend, cm, files, args, load)
        if args.out:  # what is done so far, in case the run is stopped later
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps({**result, "partial": True}, indent=2, default=str) + "\n",
                                encoding="utf-8")
    result["load"] = load.summary()
    return result


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.child_import:
        args.file = args.child_import
        return child_import(args)
    # stopped with SIGTERM, the servers this run started are stopped too (the context managers' finally blocks)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = time.perf_counter()
    if args.workdir:
        args.workdir.mkdir(parents=True, exist_ok=True)
        result = run(args, args.workdir)
    else:
        with tempfile.TemporaryDirectory(prefix="toolgraph-scale-data-") as work:
            result = run(args, Path(work))
    result["total_s"] = round(time.perf_counter() - started, 1)
    emit(result, as_json=args.json, out=args.out, human=print_human)
    return 0


if __name__ == "__main__":
    sys.exit(main())
