"""Resource-dependency extraction measured against the typed links of the TaskBench tool graphs.

For each domain (``../shared/data/taskbench/data_huggingface`` and ``data_multimedia``) it starts a fresh embedded
server in a temporary home on free ports (never ``.toolgraph/``), imports ``graph_desc.json`` with
``read_taskbench`` and ``write_batch``, keeps the imported links as the gold standard ``(source, target, type)``,
deletes the imported ``WEAK_RESOURCE`` edges, and runs the ``resources`` job (portable, no LLM):

- ``descriptions``: ``from_descriptions``: the job guesses each tool's input and output modalities from its
  description alone, the case of tools without typed inputs and outputs;
- ``typed``: the typed inputs and outputs TaskBench gives (a reference: the gold links were made from them).

It reports precision, recall and F1 per run, at edge level ``(source, target, resource)`` and at pair level
``(source, target)``, next to a trivial baseline (every ordered pair of tools, resource ``text``), and how often
the description guesses match the typed modalities of each tool.

    .venv/bin/python bench/resource_eval.py            # per-domain tables on stdout
    .venv/bin/python bench/resource_eval.py --json     # one JSON object on stdout

Progress goes to stderr. Figures: docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from common import (
    SHARED_DATA,
    STARTED,
    Bench,
    arg_parser,
    bench_main,
    machine_info,
    machine_line,
    print_notes,
    private_server,
    progress,
    table,
)

from gds_jobs import JOBS, run_jobs
from gds_jobs.fields import io_from_description
from gds_jobs.resources import JOB_SOURCES
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.taskbench import SOURCE, read_taskbench

DOMAINS = ("huggingface", "multimedia")
RUNS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("descriptions", "rules on descriptions only", {"from_descriptions": True, "scope": "all", "use_llm": False}),
    ("typed", "typed inputs/outputs (reference)", {"from_descriptions": False, "scope": "all", "use_llm": False}),
)
Edge = tuple[str, str, str]



# -- scoring --------------------------------------------------------------------------------------------------------
def prf(found: set[Any], gold: set[Any]) -> dict[str, Any]:
    tp = len(found & gold)
    precision = tp / len(found) if found else 0.0
    recall = tp / len(gold) if gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"found": len(found), "gold": len(gold), "tp": tp, "fp": len(found) - tp, "fn": len(gold) - tp,
            "precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4)}


def score(found: set[Edge], gold: set[Edge]) -> dict[str, Any]:
    """Edge level (source, target, resource), pair level (source, target), and edge level per resource."""
    resources = sorted({r for *_, r in gold | found})
    return {
        "edges": prf(found, gold),
        "pairs": prf({(a, b) for a, b, _ in found}, {(a, b) for a, b, _ in gold}),
        "by_resource": {r: prf({e for e in found if e[2] == r}, {e for e in gold if e[2] == r}) for r in resources},
    }


def modality_guesses(nodes: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """How the modalities guessed from each description compare with the node's typed ones (lower-cased):
    exact set matches, and micro precision/recall over (tool, modality)."""
    out: dict[str, Any] = {"tools": 0, "wrong": []}
    guessed: dict[str, set[tuple[str, str]]] = {"inputs": set(), "outputs": set()}
    typed: dict[str, set[tuple[str, str]]] = {"inputs": set(), "outputs": set()}
    exact: Counter[str] = Counter()
    for node in nodes:
        out["tools"] += 1
        ins, outs = io_from_description(node.get("desc") or "")
        sides = {"in": (sorted(ins), sorted(t.lower() for t in node["input-type"])),
                 "out": (sorted(outs), sorted(t.lower() for t in node["output-type"]))}
        if any(set(g) != set(t) for g, t in sides.values()):
            out["wrong"].append({"tool": node["id"], **{f"{k}_guessed": g for k, (g, _) in sides.items()},
                                 **{f"{k}_typed": t for k, (_, t) in sides.items()}})
        for side, guess, truth in (("inputs", ins, node["input-type"]), ("outputs", outs, node["output-type"])):
            g, t = {m.lower() for m in guess}, {m.lower() for m in truth}
            exact[side] += g == t
            guessed[side] |= {(node["id"], m) for m in g}
            typed[side] |= {(node["id"], m) for m in t}
    for side in ("inputs", "outputs"):
        out[side] = {"exact": exact[side], **prf(guessed[side], typed[side])}
    return out


# -- one domain -----------------------------------------------------------------------------------------------------
def mined(bench: Bench) -> tuple[set[Edge], Counter[str]]:
    rows = bench.cypher("mined_resource_edges", sources=list(JOB_SOURCES))
    return {(r["source"], r["target"], str(r["resource"]).lower()) for r in rows}, Counter(r["type"] for r in rows)


def evaluate_domain(folder: Path, heap: str) -> dict[str, Any]:
    domain = folder.name.removeprefix("data_")
    graph = json.loads((folder / "graph_desc.json").read_text(encoding="utf-8"))
    batch = read_taskbench(folder, ImportBatch(f"taskbench {domain}"))
    gold = {(d.source, d.target, (d.resource or "").lower()) for d in batch.dependencies.values()}
    tools = sorted(batch.tools)
    progress(f"{domain}: {len(tools)} tools, {len(graph['links'])} links in the file, {len(gold)} gold edges")
    out: dict[str, Any] = {
        "domain": domain, "folder": str(folder), "tools": len(tools), "links_in_file": len(graph["links"]),
        "gold": len(gold), "gold_by_resource": dict(Counter(r for *_, r in gold).most_common()),
        "rejected": [str(p) for p in batch.report.rejected], "runs": [],
    }
    with private_server(heap) as bench:
        report, timing = bench.write(batch)
        out["import_s"] = round(timing.wall_s, 3)
        out["deleted_imported"] = bench.cypher("delete_imported_weak_resources", source=SOURCE)[0]["n"]
        out["left_after_delete"] = len(bench.cypher("resource_edge_sources"))
        progress(f"{domain}: imported in {timing.wall_s:.2f} s; deleted {out['deleted_imported']} imported edges")
        for name, label, params in RUNS:
            run = run_jobs(bench.store, JOBS, ["resources"], params={"resources": params}, backend="portable",
                           progress=progress)[0]
            found, types = mined(bench)
            result = score(found, gold)
            progress(f"{domain} {name}: {len(found)} edges, edge F1 {result['edges']['f1']:.3f}, "
                     f"pair F1 {result['pairs']['f1']:.3f}")
            out["runs"].append({"name": name, "label": label, "params": params, "seconds": run["seconds"],
                                "stats": run["stats"], "types": dict(types), **result})
    every_pair = {(a, b, "text") for a in tools for b in tools if a != b}
    out["runs"].append({"name": "all_pairs_text", "label": "every ordered pair, text (baseline)", "params": {},
                        "seconds": 0.0, "stats": {}, "types": {}, **score(every_pair, gold)})
    out["guesses"] = modality_guesses(graph["nodes"])
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    result: dict[str, Any] = {"machine": machine_info(args.heap), "notes": [], "load_before": os.getloadavg(),
                              "domains": []}
    for domain in args.domains:
        folder = args.data / "taskbench" / f"data_{domain}"
        if not (folder / "graph_desc.json").is_file():
            message = f"{domain} skipped: no {folder / 'graph_desc.json'}"
            progress(message)
            result["notes"].append(message)
            continue
        result["domains"].append(evaluate_domain(folder, args.heap))
    result["load_after"] = os.getloadavg()
    result["total_s"] = round(time.perf_counter() - STARTED, 1)
    return result


# -- output ---------------------------------------------------------------------------------------------------------
def print_domain(d: dict[str, Any]) -> None:
    gold = ", ".join(f"{k} {v}" for k, v in d["gold_by_resource"].items())
    print(f"\n## {d['domain']}: {d['tools']} tools, {d['gold']} gold links ({gold})\n")
    print(f"imported in {d['import_s']:.2f} s; {d['deleted_imported']} imported WEAK_RESOURCE edges deleted, "
          f"{d['left_after_delete']} resource edges left; {len(d['rejected'])} records rejected\n")
    rows = []
    for r in d["runs"]:
        e, p = r["edges"], r["pairs"]
        rows.append([r["label"], e["found"], e["tp"], e["precision"], e["recall"], e["f1"],
                     p["found"], p["tp"], p["precision"], p["recall"], p["f1"]])
    print(table(["method", "edges", "correct", "P", "R", "F1", "pairs", "correct", "P (pairs)", "R (pairs)",
                 "F1 (pairs)"], rows))
    print()
    resources = sorted({k for r in d["runs"] for k in r["by_resource"]})
    runs = [r for r in d["runs"] if r["name"] != "all_pairs_text"]
    print(table(["resource", "gold", *(f"{r['name']}: found / correct" for r in runs)],
                [[res, d["gold_by_resource"].get(res, 0),
                  *(f"{r['by_resource'].get(res, {}).get('found', 0)} / {r['by_resource'].get(res, {}).get('tp', 0)}"
                    for r in runs)] for res in resources]))
    g = d["guesses"]
    print(f"\nmodalities guessed from the descriptions, against the typed ones ({g['tools']} tools):")
    for side in ("inputs", "outputs"):
        s = g[side]
        print(f"  {side}: exact set for {s['exact']} of {g['tools']} tools; per (tool, modality) precision "
              f"{s['precision']:.2f}, recall {s['recall']:.2f} ({s['tp']} of {s['found']} guesses right, "
              f"{s['gold']} typed)")
    for w in g["wrong"]:
        print(f"    {w['tool']}: in {'+'.join(w['in_typed'])} -> guessed {'+'.join(w['in_guessed'])}; "
              f"out {'+'.join(w['out_typed'])} -> guessed {'+'.join(w['out_guessed'])}")
    for r in runs:
        print(f"  job run '{r['name']}': {r['seconds']:.2f} s; " + ", ".join(f"{k} {v}" for k, v in r["stats"].items()))


def print_human(result: dict[str, Any]) -> None:
    print("# ToolGraph resource-dependency extraction against TaskBench\n")
    print(f"{machine_line(result['machine'])}; load average before "
          f"{', '.join(f'{x:.2f}' for x in result['load_before'])}")
    print("edge = (source, target, resource); pair = (source, target); P precision, R recall")
    for d in result["domains"]:
        print_domain(d)
    print(f"\ntotal {result['total_s']} s")
    print_notes(result)


# -- main -----------------------------------------------------------------------------------------------------------
def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = arg_parser(__doc__, "1g")
    p.add_argument("--data", type=Path, default=SHARED_DATA, help=f"the shared data (default {SHARED_DATA})")
    p.add_argument("--domains", nargs="+", default=list(DOMAINS), help="TaskBench domains (default: both)")
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    return bench_main(parse_args(argv), run, print_human)


if __name__ == "__main__":
    sys.exit(main())
