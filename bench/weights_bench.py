"""Weights benchmark: the weight jobs (gds_jobs/) on a generated tool graph, portable backend.

It starts its own embedded graph server in a temporary home on free ports (never ``.toolgraph/``), imports the
generated graph of the import benchmark (16,000 tools, 100,000 dependency edges by default) with API-like tools
(names, paths, parameters and output schemas that name the entities they take and give) and call paths along its
SEQUENTIAL edges, then times each job: transition, availability, resources, importance, substitutes,
communities. Baselines in the same run:

- importance and communities: loading the edges, the pure-Python computation and the write, each on its own;
- transition: a full run against the incremental update an import does (a batch of new call paths written with
  ``write_batch``, and the time of the ``job_transition_weights_for`` statement inside it).

    .venv/bin/python bench/weights_bench.py                       # readable tables on stdout
    .venv/bin/python bench/weights_bench.py --json                # one JSON object on stdout
    .venv/bin/python bench/weights_bench.py --tools 4000 --edges 20000 --paths 1000

Progress goes to stderr. Figures: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import Any

from common import (
    ORIGIN,
    STARTED,
    Bench,
    add_graph_args,
    arg_parser,
    bench_main,
    cpu_seconds,
    machine_info,
    machine_line,
    print_notes,
    private_server,
    progress,
    rate,
    table,
    timed,
)
from generated import generate

from gds_jobs import JOBS, run_jobs
from gds_jobs.algorithms import louvain, pagerank
from gds_jobs.base import JobContext
from gds_jobs.graph_jobs import CommunitiesJob, ImportanceJob, load_graph
from toolgraph.ingest.batch import ImportBatch
from toolgraph.models import CallPathSpec, Param, ToolSpec

JOB_ORDER = ("transition", "availability", "resources", "importance", "substitutes", "communities")
INCREMENTAL = "job_transition_weights_for"  # the statement in which write_batch updates transition weights

# -- API-like tools -------------------------------------------------------------------------------------------------
# Nouns an API is about. Each tool group takes two (the groups of a category deal them from a shuffled deck, so
# within a category an entity comes back only once the deck is spent) and a brand name of its own. Its tools are
# endpoints about them (search, details, list, create, report) whose ids and names link them: the resources job's
# raw material. Some tools also take or give a resource shared in their category (user, location, ...).
NOUNS = (
    "person", "movie", "song", "album", "artist", "playlist", "flight", "airport", "airline", "hotel", "booking",
    "room", "city", "country", "restaurant", "recipe", "ingredient", "order", "invoice", "customer", "product",
    "review", "stock", "company", "currency", "exchange", "wallet", "transaction", "account", "team", "player",
    "match", "league", "season", "episode", "show", "channel", "podcast", "article", "author", "book", "library",
    "course", "student", "teacher", "patient", "doctor", "clinic", "drug", "vehicle", "driver", "route", "station",
    "ticket", "event", "venue", "photo", "video", "domain", "server", "repository", "issue", "job", "candidate",
    "property", "listing", "agent", "shipment", "parcel", "warehouse", "supplier", "coupon", "store", "brand",
    "device", "sensor", "forecast", "planet", "satellite", "game", "tournament", "quote", "lyric", "poem", "meme",
    "joke", "contact", "message", "meeting", "calendar", "task", "project", "document", "contract", "payment",
    "subscription", "plan", "vote", "election", "survey", "crypto", "token", "nft", "collection",
)
SHARED = ("user", "location", "language_code", "country_code", "timezone", "image_url", "audio_url", "file_id")
SYLLABLES = ("ka", "zo", "ri", "mu", "lex", "tor", "vi", "na", "qu", "bel", "dra", "fy", "po", "sen", "tri", "wa")
SHARED_IN, SHARED_OUT = 0.2, 0.05  # share of tools that take / give one of their category's shared resources
ATTRIBUTES = ("title", "status", "rating", "price", "created_at", "updated_at", "score", "summary", "tags",
              "duration", "year", "rank", "address", "phone", "email", "website", "popularity")


def _title(noun: str) -> str:
    return noun.replace("_", " ").title()


def _p(name: str, kind: str = "string", description: str = "") -> Param:
    return Param(name=name, type=kind, description=description or f"The {name.replace('_', ' ')}.")


def _brand(rng: random.Random, taken: set[str]) -> str:
    while True:
        name = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3)))
        if name not in taken:
            taken.add(name)
            return name


@dataclass(frozen=True)
class _Shape:
    kind: str
    name: str
    path: str
    method: str
    required: list[Param]
    optional: list[Param]
    output: dict[str, Any]
    says: str  # what the description says the tool does


def _shape(kind: int, e: str, o: str, brand: str, rng: random.Random) -> _Shape:
    """One of five endpoint shapes about entity ``e``, with a related entity ``o``."""
    attrs = rng.sample(ATTRIBUTES, 3)
    record = {"id": "string", "name": "string", **{a: "string" for a in attrs}}
    paging = [_p("page", "integer"), _p("limit", "integer")]
    if kind == 0:
        return _Shape("search", f"Search {_title(e)}", f"/{e}s/search", "GET",
                      [_p("query", description=f"Words to find {e}s")], [*paging, _p("lang")],
                      {"results": [record], "total": "integer"}, f"Search {brand} for {e} records matching a query")
    if kind == 1:
        return _Shape("details", f"Get {_title(e)} Details", f"/{e}s/{{{e}_id}}", "GET", [_p(f"{e}_id")],
                      [_p("lang")], {e: {"name": "string", **{a: "string" for a in attrs}, f"{o}_id": "string"}},
                      f"Get the details of one {e}: its {', '.join(attrs)} and related {o}")
    if kind == 2:
        return _Shape("list", f"List {_title(e)} {_title(o)}s", f"/{e}s/{{{e}_id}}/{o}s", "GET", [_p(f"{e}_id")],
                      paging, {f"{o}s": [{"id": "string", "name": "string", attrs[0]: "string"}]},
                      f"List the {o}s of a {e} on {brand}")
    if kind == 3:
        return _Shape("create", f"Create {_title(e)}", f"/{e}s", "POST", [_p("name"), _p(f"{o}_id")],
                      [_p("description"), _p("notes")], {"id": "string", "status": "string", "created_at": "string"},
                      f"Create a new {e} for a {o} in {brand}")
    return _Shape("report", f"{_title(e)} {_title(attrs[0])} Report", f"/{e}s/{{{e}_id}}/{attrs[0]}", "GET",
                  [_p(f"{e}_id")], [_p("format")], {"report": {attrs[0]: "string", "summary": "string"}},
                  f"Report the {attrs[0].replace('_', ' ')} of a {e} from {brand}")


def _deal(deck: list[str], rng: random.Random) -> str:
    """The next entity of a category: its groups go through a shuffled deck of nouns, so two groups of one
    category share an entity only once the deck is spent."""
    if not deck:
        deck.extend(rng.sample(NOUNS, len(NOUNS)))
    return deck.pop()


def api_like_tools(batch: ImportBatch, seed: int) -> dict[str, int]:
    """Give every tool of a generated batch a name, path, parameters, an output schema and a description that
    say which entities it takes and gives, in place (ids, groups and edges stay); returns the count of each
    endpoint shape. Deterministic."""
    rng = random.Random(seed)
    decks: dict[str, list[str]] = {cat: [] for cat in batch.categories}
    shared = {cat: rng.sample(SHARED, 3) for cat in batch.categories}
    tools_of: dict[str, list[str]] = {}
    for tid, tool in batch.tools.items():
        tools_of.setdefault(tool.group_id, []).append(tid)
    brands: set[str] = set()
    shapes: Counter[str] = Counter()
    for gid, tids in tools_of.items():
        cat = batch.groups[gid].category
        primary, secondary = _deal(decks[cat], rng), _deal(decks[cat], rng)
        brand = _brand(rng, brands)
        for j, tid in enumerate(tids):
            e, o = (primary, secondary) if j % 3 != 2 else (secondary, primary)
            shape = _shape(j % 5, e, o, brand.title(), rng)
            shapes[shape.kind] += 1
            optional, output = list(shape.optional), dict(shape.output)
            if rng.random() < SHARED_IN:  # a category-wide input (user, location, ...)
                optional.append(_p(rng.choice(shared[cat])))
            if rng.random() < SHARED_OUT:
                output[rng.choice(shared[cat])] = "string"
            old = batch.tools[tid]
            batch.tools[tid] = ToolSpec(
                id=tid, name=shape.name, group_id=gid, method=shape.method,
                url=f"https://{brand}.example.com/v1{shape.path}",
                description=f"{shape.says}. Part of the {brand.title()} {_title(e)} API.",
                required_params=shape.required, optional_params=optional, output_schema=output,
                source=ORIGIN, source_ref=old.source_ref, function_name=old.function_name,
            )
    return dict(shapes)


# -- call paths -----------------------------------------------------------------------------------------------------
def call_paths(batch: ImportBatch, n: int, seed: int, prefix: str) -> list[CallPathSpec]:
    """``n`` successful call paths of 2 to 6 calls: walks along the batch's SEQUENTIAL edges. Deterministic."""
    rng = random.Random(seed)
    successors: dict[str, list[str]] = {}
    for dep in batch.dependencies.values():
        if dep.type == "SEQUENTIAL":
            successors.setdefault(dep.source, []).append(dep.target)
    starts = sorted(successors)
    out = []
    for i in range(n):
        steps = [rng.choice(starts)]
        for _ in range(rng.randint(1, 5)):
            nxt = successors.get(steps[-1])
            if not nxt:
                break
            steps.append(rng.choice(nxt))
        out.append(CallPathSpec(id=f"{prefix}:{i:06d}", query=f"generated query {i}", success=True, source=ORIGIN,
                                steps=steps))
    return out


# -- the run --------------------------------------------------------------------------------------------------------
def import_graph(bench: Bench, args: argparse.Namespace) -> tuple[list[CallPathSpec], dict[str, Any]]:
    """Build and write the graph; returns the call paths of the later incremental import (made from the same
    batch, which the caller need not keep) and what the import measured."""
    progress(f"generating {args.tools} tools and {args.edges} dependency edges (seed {args.seed})")
    batch, build_s = timed(lambda: generate(args.tools, args.edges, args.categories, args.seed))
    shapes, api_s = timed(lambda: api_like_tools(batch, args.seed))
    paths, paths_s = timed(lambda: call_paths(batch, args.paths, args.seed, "bench-path"))
    for path in paths:
        batch.add_call_path(path, ORIGIN, path.id)
    later = call_paths(batch, args.new_paths, args.seed + 1, "bench-new-path")
    # The tools whose transition weights the writer recomputes: sources of SEQUENTIAL rows and of transitions.
    sources = {d.source for d in batch.dependencies.values() if d.type == "SEQUENTIAL"}
    sources |= {a for p in paths for a, _ in p.transitions()}
    progress(f"built in {build_s + api_s + paths_s:.1f} s; writing it")
    report, timing = bench.write(batch)
    progress(f"written in {timing.wall_s:.1f} s")
    rels = {r["type"]: r["count"] for r in bench.store.query("count_relationships_by_type")}
    return later, {
        "tools": len(batch.tools), "groups": len(batch.groups), "categories": len(batch.categories),
        "dependencies": len(batch.dependencies), "call_paths": len(batch.call_paths), "tool_shapes": shapes,
        "build_s": round(build_s, 3), "api_like_s": round(api_s, 3), "paths_s": round(paths_s, 3),
        "written": sum(report.counts[k].created + report.counts[k].updated for k in report.counts),
        "transitions_added": report.transitions_added, "transition_sources": len(sources),
        "write_s": round(timing.wall_s, 3),
        "timing": timing.as_dict(), "relationships": rels, "data_mib": bench.data_mib(),
    }


def time_job(bench: Bench, name: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    """One job through ``run_jobs`` (portable), with the CPU both processes used and their memory peaks."""
    reset = bench.reset_peaks()
    client, server = time.process_time(), cpu_seconds(bench.pid)
    run = run_jobs(bench.store, JOBS, [name], params={name: params or {}}, backend="portable", progress=progress)[0]
    return {"job": name, "seconds": run["seconds"], "stats": run["stats"],
            "client_cpu_s": round(time.process_time() - client, 2),
            "server_cpu_s": round(cpu_seconds(bench.pid) - server, 2), "peaks_reset": reset, **bench.peaks()}


def _in_parts(ctx: JobContext, job: ImportanceJob | CommunitiesJob) -> dict[str, Any]:
    params = job.params(None)
    (nodes, edges), load_s = timed(partial(load_graph, ctx, params))
    if isinstance(job, ImportanceJob):
        scores, compute_s = timed(partial(pagerank, nodes, edges, damping=params.damping,
                                          max_iterations=params.max_iterations, tolerance=params.tolerance))
        _, write_s = timed(partial(job._write, ctx, scores))
    else:
        raw, compute_s = timed(partial(louvain, nodes, edges, resolution=params.resolution,
                                       max_levels=params.max_levels))
        _, write_s = timed(partial(job._write, ctx, nodes, raw))
    progress(f"{job.name} in parts: load {load_s:.2f} s, compute {compute_s:.2f} s, write {write_s:.2f} s")
    return {"job": job.name, "nodes": len(nodes), "edges": len(edges), "load_s": round(load_s, 3),
            "compute_s": round(compute_s, 3), "write_s": round(write_s, 3)}


def graph_breakdown(bench: Bench) -> list[dict[str, Any]]:
    """importance and communities in three timed parts: load the edges (named Cypher), compute (pure Python,
    gds_jobs/algorithms.py), write the result: what each job's ``run_portable`` does, one part at a time."""
    ctx = JobContext(store=bench.store, backend="portable")
    return [_in_parts(ctx, ImportanceJob()), _in_parts(ctx, CommunitiesJob())]


def transition_increment(bench: Bench, paths: list[CallPathSpec]) -> dict[str, Any]:
    """A batch of new call paths through ``write_batch``: the writer recomputes the transition weights of the
    tools whose counts changed, in the import's own transaction (the ``job_transition_weights_for`` statement)."""
    new = ImportBatch("new call paths")
    for path in paths:
        new.add_call_path(path, ORIGIN, path.id)
    sources = {a for p in new.call_paths.values() for a, _ in p.transitions()}
    report, timing = bench.write(new)
    update_s = timing.queries.get(INCREMENTAL, 0.0)
    progress(f"{len(new.call_paths)} new call paths written in {timing.wall_s:.2f} s, of which the transition "
             f"update {update_s:.2f} s ({len(sources)} source tools)")
    return {"call_paths": len(new.call_paths), "transitions_added": report.transitions_added,
            "source_tools": len(sources), "write_s": round(timing.wall_s, 3), "transition_update_s": update_s,
            "timing": timing.as_dict()}


def run(args: argparse.Namespace) -> dict[str, Any]:
    result: dict[str, Any] = {"machine": machine_info(args.heap), "notes": [], "load_before": os.getloadavg()}
    with private_server(args.heap) as bench:
        result["server_start_s"] = bench.start_s
        later, result["import"] = import_graph(bench, args)
        result["import"]["peaks"] = bench.peaks()  # since both processes started: building and writing the graph
        gc.collect()  # the generated batch is gone: the jobs' memory peaks are their own
        result["jobs"] = [time_job(bench, name) for name in JOB_ORDER]
        result["graph_breakdown"] = graph_breakdown(bench)
        result["transition_increment"] = transition_increment(bench, later)
        result["transition_full_again"] = time_job(bench, "transition")
        result["memory"] = {"server_rss_mib": bench.memory()["server_rss_mib"]}
        result["data_mib"] = bench.data_mib()
    result["load_after"] = os.getloadavg()
    result["total_s"] = round(time.perf_counter() - STARTED, 1)
    return result


# -- output ---------------------------------------------------------------------------------------------------------
def _stats_line(stats: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v:,}" if isinstance(v, int) else f"{k} {v:.4g}" if isinstance(v, float) else f"{k} {v}"
                     for k, v in stats.items() if not isinstance(v, (dict, list)))


def print_human(result: dict[str, Any]) -> None:
    print("# ToolGraph weights benchmark\n")
    print(f"{machine_line(result['machine'])}; server start {result['server_start_s']} s; "
          f"load average before {', '.join(f'{x:.2f}' for x in result['load_before'])}")
    g = result["import"]
    t = g["timing"]
    print(f"\n## The graph\n\n{g['tools']:,} tools in {g['groups']:,} groups and {g['categories']} categories, "
          f"{g['dependencies']:,} dependency edges, {g['call_paths']:,} call paths ({g['transitions_added']:,} "
          f"transitions); tool shapes: " + ", ".join(f"{k} {v:,}" for k, v in g["tool_shapes"].items()))
    print(f"built in {g['build_s']:.2f} + {g['api_like_s']:.2f} + {g['paths_s']:.2f} s; written in one transaction "
          f"in {g['write_s']:.2f} s ({rate(g['written'], g['write_s']):,.0f} rows/s), of which the transition "
          f"update {t['queries'].get(INCREMENTAL, 0.0):.2f} s; data on disk {g['data_mib']} MiB")
    spent = sorted(t["queries"].items(), key=lambda kv: -kv[1])
    print("  where the write's time went: " + ", ".join(f"{name} {sec:.2f}" for name, sec in spent if sec >= 0.3)
          + f", commit {t['commit_s']:.2f} s; CPU: client {t['client_cpu_s']:.2f} s, server {t['server_cpu_s']:.2f} s")
    print("relationships: " + ", ".join(f"{k} {v:,}" for k, v in g["relationships"].items()))
    print("\n## The jobs (portable backend, one after the other)\n")
    print(table(["job", "seconds", "client CPU s", "server CPU s", "client peak MiB", "server peak MiB"],
                [[j["job"], j["seconds"], j["client_cpu_s"], j["server_cpu_s"], j["client_peak_rss_mib"],
                  j["server_peak_rss_mib"]] for j in result["jobs"]]))
    print()
    for j in result["jobs"]:
        print(f"  {j['job']}: {_stats_line(j['stats'])}")
    if not all(j["peaks_reset"] for j in result["jobs"]):
        print("  (peaks could not be reset: they are peaks since each process started)")
    print("\n## Where the graph jobs spend their time (each part timed on its own)\n")
    seconds = {j["job"]: j["seconds"] for j in result["jobs"]}
    print(table(["job", "edges", "load edges s", "compute (Python) s", "write s", "whole job s"],
                [[b["job"], b["edges"], b["load_s"], b["compute_s"], b["write_s"], seconds[b["job"]]]
                 for b in result["graph_breakdown"]]))
    inc = result["transition_increment"]
    print("\n## transition: full run against the incremental update of an import\n")
    print(table(["what", "seconds"], [
        ["full `transition` job (first run)", seconds["transition"]],
        ["full `transition` job (after the new paths)", result["transition_full_again"]["seconds"]],
        [f"import of {inc['call_paths']} new call paths (whole write_batch)", inc["write_s"]],
        [f"  its transition update ({inc['source_tools']:,} source tools)", inc["transition_update_s"]],
        [f"the graph's own import: its transition update ({g['transition_sources']:,} source tools)",
         t["queries"].get(INCREMENTAL, 0.0)],
    ]))
    edges = result["transition_full_again"]["stats"].get("edges_weighted")
    print(f"\nthe full run weighs {edges:,} SEQUENTIAL edges; the new paths added {inc['transitions_added']} "
          f"transitions")
    peaks = g["peaks"]
    print(f"\npeak RSS while building and importing the graph: client {peaks['client_peak_rss_mib']} MiB, server "
          f"{peaks['server_peak_rss_mib']} MiB; server RSS at the end {result['memory']['server_rss_mib']} MiB; data "
          f"on disk {result['data_mib']} MiB; load average after {', '.join(f'{x:.2f}' for x in result['load_after'])}"
          f"; total {result['total_s']} s")
    print_notes(result)


# -- main -----------------------------------------------------------------------------------------------------------
def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = arg_parser(__doc__, "2g")
    add_graph_args(p)
    p.add_argument("--paths", type=int, default=2000, help="call paths imported with the graph (default 2000)")
    p.add_argument("--new-paths", type=int, default=100,
                   help="call paths in the incremental import (default 100)")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    return bench_main(parse_args(argv), run, print_human)


if __name__ == "__main__":
    sys.exit(main())
