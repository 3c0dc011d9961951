"""GDS against portable: the weight jobs that have both implementations (importance = PageRank, communities =
Louvain, substitutes = node similarity), run on the same Neo4j graph with ``--backend gds`` and
``--backend portable``, their results compared.

It starts the project's Neo4j 5.26 with APOC and GDS 2.13 (toolgraph/db/neo4j_server.py; Java 17+ and Maven) in a
temporary folder, or uses the server at ``TOOLGRAPH_NEO4J_URI`` (user, password, database from the usual
``TOOLGRAPH_NEO4J_*``; its graph is replaced), and stops what it started. Graphs:

- ``sample``: the repository's sample (import/), as ``toolgraph demo`` imports it, with the portable jobs run first;
- ``generated``: the import benchmark's generated graph (``--tools``, ``--edges``), transition weights run first.

Figures per graph and job: seconds of each implementation (the JobRun's), and
- importance: the top 10 tools by PageRank of each (same set, same order), the largest absolute and relative
  difference of a score;
- communities: the number of communities of each, the adjusted Rand index and the share of tools in a community of
  the same members;
- substitutes: SIMILAR_TO pairs in both / only one, their Jaccard, the largest score difference of a shared pair.

    PYTHONPATH=. .venv/bin/python bench/gds_compare.py --out docs/results/gds_vs_portable.json

Progress on stderr; the tables (or ``--json``) on stdout.
"""

from __future__ import annotations

import logging
import os
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from math import comb
from pathlib import Path
from typing import Any

from common import LoadSampler, arg_parser, bench_main, git_state, machine_info, machine_line, progress, table

from gds_jobs import JOBS, run_jobs
from toolgraph.db.store import GraphStore
from toolgraph.ingest.writer import write_batch
from toolgraph.stats import graph_stats

ROOT = Path(__file__).resolve().parent.parent
JOBS_COMPARED = ("importance", "communities", "substitutes")
TOP = 10
# what "the same" means here: the jobs' docs and the tests state these tolerances
TOLERANCE = {"pagerank_rel": 1e-3, "top_overlap": TOP, "ari": 0.9, "similar_jaccard": 0.95, "score_abs": 1e-6}


@contextmanager
def neo4j_store(heap: str) -> Iterator[tuple[GraphStore, str]]:
    uri = os.environ.get("TOOLGRAPH_NEO4J_URI")
    if uri:
        store = GraphStore.connect(uri, os.environ.get("TOOLGRAPH_NEO4J_USER", "neo4j"),
                                   os.environ["TOOLGRAPH_NEO4J_PASSWORD"],
                                   os.environ.get("TOOLGRAPH_NEO4J_DATABASE", "neo4j"))
        try:
            store.apply_schema()
            yield store, store.backend.agent
        finally:
            store.close()
        return
    from toolgraph.db.neo4j_server import Neo4jServer

    with tempfile.TemporaryDirectory(prefix="toolgraph-gds-compare-") as home:
        server = Neo4jServer(Path(home), heap=heap)
        info = server.start(watch_stdin=True, progress=progress)
        try:
            store = GraphStore.connect(info.bolt_uri, info.user, info.password, "neo4j")
            try:
                store.apply_schema()
                yield store, f"{store.backend.agent} (the project's Neo4j, heap {heap})"
            finally:
                store.close()
        finally:
            server.stop()


def tool_values(store: GraphStore, prop: str) -> dict[str, Any]:
    return {r["props"]["id"]: r["props"].get(prop) for r in store.query("export_nodes") if "Tool" in r["labels"]}


def similar(store: GraphStore) -> dict[tuple[str, str], float]:
    return {(r["source"], r["target"]): r["props"]["score"] for r in store.query("export_relationships")
            if r["type"] == "SIMILAR_TO"}


def adjusted_rand(a: dict[str, int], b: dict[str, int]) -> float:
    keys = sorted(a)
    pairs = Counter((a[k], b[k]) for k in keys)
    rows, cols = Counter(a[k] for k in keys), Counter(b[k] for k in keys)
    index = sum(comb(n, 2) for n in pairs.values())
    sum_a, sum_b = sum(comb(n, 2) for n in rows.values()), sum(comb(n, 2) for n in cols.values())
    expected = sum_a * sum_b / comb(len(keys), 2) if len(keys) > 1 else 0.0
    top = (sum_a + sum_b) / 2
    return 1.0 if top == expected else (index - expected) / (top - expected)


def same_community_share(a: dict[str, int], b: dict[str, int]) -> float:
    """The share of tools whose community has exactly the same members under both."""
    members_a, members_b = defaultdict(set), defaultdict(set)
    for k in a:
        members_a[a[k]].add(k)
        members_b[b[k]].add(k)
    return sum(members_a[a[k]] == members_b[b[k]] for k in a) / len(a) if a else 1.0


def compare_job(store: GraphStore, job: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    values: dict[str, Any] = {}
    for backend in ("portable", "gds"):
        [run] = run_jobs(store, JOBS, [job], backend=backend)
        out[f"{backend}_s"] = run["seconds"]
        if job == "importance":
            values[backend] = {k: v for k, v in tool_values(store, "pagerank").items() if v is not None}
        elif job == "communities":
            values[backend] = tool_values(store, "community")
        else:
            values[backend] = similar(store)
    p, g = values["portable"], values["gds"]
    if job == "importance":
        top_p = sorted(p, key=lambda k: (-p[k], k))[:TOP]
        top_g = sorted(g, key=lambda k: (-g[k], k))[:TOP]
        out.update(tools=len(p), top_portable=top_p, top_same_set=set(top_p) == set(top_g),
                   top_same_order=top_p == top_g, top_overlap=len(set(top_p) & set(top_g)),
                   max_abs_diff=max(abs(p[k] - g[k]) for k in p),
                   max_rel_diff=max(abs(p[k] - g[k]) / max(abs(p[k]), 1e-12) for k in p))
        out["within_tolerance"] = out["top_overlap"] == TOP and out["max_rel_diff"] <= TOLERANCE["pagerank_rel"]
    elif job == "communities":
        out.update(tools=len(p), communities_portable=len(set(p.values())), communities_gds=len(set(g.values())),
                   adjusted_rand=round(adjusted_rand(p, g), 4), same_members=round(same_community_share(p, g), 4),
                   identical=p == g)
        out["within_tolerance"] = out["adjusted_rand"] >= TOLERANCE["ari"]
    else:
        both = set(p) & set(g)
        union = set(p) | set(g)
        out.update(pairs_portable=len(p), pairs_gds=len(g), pairs_both=len(both), only_portable=len(set(p) - set(g)),
                   only_gds=len(set(g) - set(p)), jaccard=round(len(both) / len(union), 4) if union else 1.0,
                   max_score_diff=max((abs(p[k] - g[k]) for k in both), default=0.0),
                   examples_only_portable=sorted(set(p) - set(g))[:3], examples_only_gds=sorted(set(g) - set(p))[:3])
        out["within_tolerance"] = (out["jaccard"] >= TOLERANCE["similar_jaccard"]
                                   and out["max_score_diff"] <= TOLERANCE["score_abs"])
    return out


def load_sample(store: GraphStore) -> None:
    from toolgraph.demo import run_demo

    store.query("clear_graph")
    run_demo(store, ROOT / "import", jobs_backend="portable")


def load_generated(store: GraphStore, tools: int, edges: int) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from generated import generate

    store.query("clear_graph")
    write_batch(store, generate(tools, edges, max(2, tools // 400), 7), chunk_size=5000)
    run_jobs(store, JOBS, ["transition"], backend="portable")


def run(args: Any) -> dict[str, Any]:
    # Neo4j notifies of every label or property a query names that the fresh database does not have yet
    logging.getLogger("neo4j.notifications").setLevel(logging.ERROR)
    load = LoadSampler()
    started = time.time()
    graphs: dict[str, Any] = {}
    with neo4j_store(args.heap) as (store, server):
        for name in args.graphs:
            progress(f"{name}: loading")
            if name == "sample":
                load_sample(store)
            else:
                load_generated(store, args.tools, args.edges)
            stats = graph_stats(store)
            graphs[name] = {"size": {k: stats[k] for k in ("nodes", "relationships") if k in stats}, "jobs": {}}
            for job in JOBS_COMPARED:
                progress(f"{name}: {job} on portable and on GDS")
                graphs[name]["jobs"][job] = compare_job(store, job)
                load.sample()
    return {
        "what": "the weight jobs on GDS against their portable implementations, same Neo4j graph",
        "server": server, "machine": machine_info(args.heap), "load_1min": load.summary(),
        "code": git_state("gds_jobs", "toolgraph"), "seconds": round(time.time() - started, 1),
        "tolerance": TOLERANCE, "graphs": graphs,
        "command": "PYTHONPATH=. .venv/bin/python bench/gds_compare.py " + " ".join(sys.argv[1:]),
    }


def human(result: dict[str, Any]) -> None:
    print(f"{result['server']}; {machine_line(result['machine'])}; load {result['load_1min']}")
    for name, graph in result["graphs"].items():
        jobs = graph["jobs"]
        imp, com, sub = jobs["importance"], jobs["communities"], jobs["substitutes"]
        print(f"\n{name}: {imp['tools']} tools")
        print(table(["job", "portable s", "GDS s", "agreement", "within tolerance"], [
            ["importance", imp["portable_s"], imp["gds_s"],
             f"top {TOP}: {imp['top_overlap']}/{TOP} shared, same order {imp['top_same_order']}; "
             f"max rel diff {imp['max_rel_diff']:.2e}", imp["within_tolerance"]],
            ["communities", com["portable_s"], com["gds_s"],
             f"{com['communities_portable']} vs {com['communities_gds']} communities; ARI {com['adjusted_rand']}; "
             f"same members {com['same_members']:.1%}", com["within_tolerance"]],
            ["substitutes", sub["portable_s"], sub["gds_s"],
             f"{sub['pairs_portable']} vs {sub['pairs_gds']} pairs, Jaccard {sub['jaccard']}; "
             f"max score diff {sub['max_score_diff']:.2e}", sub["within_tolerance"]],
        ]))


if __name__ == "__main__":
    parser = arg_parser(__doc__, "2g")
    parser.add_argument("--graphs", nargs="+", default=["sample", "generated"], choices=["sample", "generated"])
    parser.add_argument("--tools", type=int, default=4000, help="generated tools (default 4000)")
    parser.add_argument("--edges", type=int, default=20000, help="generated dependency edges (default 20000)")
    sys.exit(bench_main(parser.parse_args(), run, human))
