"""The tables ``plan_bench.py`` prints from its result (``--json`` prints the result itself)."""

from __future__ import annotations

from typing import Any

from common import machine_line, print_notes, table


# -- output ---------------------------------------------------------------------------------------------------------
def rest_breakdown(runs: dict[str, Any]) -> str:
    rows = [[label, *r["metrics"]["cp_by_gold_len"].values(), r["metrics"]["cp_gold_reachable"],
             r["metrics"]["cp_gold_has_dead_end"]] for label, r in runs.items()]
    lengths = list(next(iter(runs.values()))["metrics"]["cp_by_gold_len"])
    return table(["correct paths", *(f"gold of {k}" for k in lengths), "gold without dead end",
                  "gold with a dead end"], rows)


def rest_table(runs: dict[str, Any]) -> str:
    rows = []
    for label, r in runs.items():
        m, lat = r["metrics"], r["latency"]
        rows.append([label, m["n"], m["cp_pct"], m["exact_pct"], m["covered_pct"], m["first_in_pct"],
                     m["last_in_pct"], m["delta_mean"],
                     "–" if m["delta_mean_cp"] is None else m["delta_mean_cp"], m["plan_len_mean"], lat["mean_ms"],
                     lat["p50_ms"], lat["p95_ms"]])
    return table(["method", "queries", "CP %", "exact %", "covered %", "1st in %", "last in %", "Δ len",
                  "Δ len (CP)", "tools",
                  "mean ms", "p50 ms", "p95 ms"], rows)


def task_table(runs: dict[str, Any]) -> str:
    rows = []
    for label, r in runs.items():
        m, lat = r["metrics"], r["latency"]

        def cell(value: Any) -> Any:
            return "–" if value is None else value

        rows.append([label, m["all"]["node_f1"], cell(m["all"]["edge_f1"]),
                     *(cell(m[t]["node_f1"]) for t in ("single", "chain", "dag")),
                     *(cell(m[t]["edge_f1"]) for t in ("chain", "dag")), m["single"]["single_with_edges"],
                     lat["mean_ms"], lat["p95_ms"]])
    return table(["method", "node F1", "edge F1", "node F1 single", "node F1 chain", "node F1 dag",
                  "edge F1 chain", "edge F1 dag", "single w/ edges", "mean ms", "p95 ms"], rows)


def human(r: dict[str, Any]) -> None:
    print("# The graph-only planner against RestBench TMDB and the TaskBench sample\n")
    print(machine_line(r["machine"]))
    print(f"code: commit {r['code']['commit']}, uncommitted changes under toolgraph/ gds_jobs/ cypher/: "
          f"{len(r['code']['dirty'])}")
    print(f"embedding model {r['model']}, torch threads {r['torch_threads']}; load average before "
          f"{', '.join(f'{x:.2f}' for x in r['load_before'])}, "
          f"after {', '.join(f'{x:.2f}' for x in r['load_after'])}")
    rb = r["restbench"]
    g = rb["spec_only"]["graph"]
    print(f"\n## RestBench TMDB: {rb['queries']} queries (gold lengths {rb['gold_lengths']}), "
          f"{rb['gold_in_spec']} with every gold call in the spec\n")
    print(f"spec-only graph: {g['tools']} tools, relations {g['relations']}, {g['call_paths']} call paths; "
          f"id -> METHOD /path mapping checked: {g['mapping_ok']}\n")
    print(f"dead ends (a needed input no tool provides): {len(g['dead_ends'])}: {', '.join(g['dead_ends'])}\n")
    print(rest_table(rb["spec_only"]["runs"]))
    print()
    print(rest_breakdown(rb["spec_only"]["runs"]))
    print("\n2-fold (gold paths of one half imported as call paths, the other half planned; pooled):")
    for f in rb["two_fold"]["folds"]:
        print(f"  fold {f['fold']}: paths from the {f['paths_from']} queries, {f['evaluated']} evaluated; "
              f"relations {f['graph']['relations']}, {f['graph']['call_paths']} call paths, "
              f"{len(f['graph']['rejected'])} rejected")
    print()
    print(rest_table(rb["two_fold"]["runs"]))
    print()
    print(rest_breakdown(rb["two_fold"]["runs"]))
    if "sweep" in rb:
        s = rb["sweep"]
        print(f"\n## GraphPolicy sweep: tuned on the {s['tune_split']}, held out: {s['held_out_split']} "
              f"(spec-only graph, decomposition on; {s['criterion']})\n")
        params = list(s["default"]["policy"])
        rows = [[*(g["policy"][k] for k in params), g["tune"]["cp_pct"], g["tune"]["exact_pct"],
                 g["tune"]["delta_mean"]] for g in s["grid"]]
        print(table([*params, "tune CP %", "tune exact %", "tune Δ len"], rows))
        print()
        rows = [[name, *(s[name]["policy"][k] for k in params), s[name]["tune"]["cp_pct"],
                 s[name]["held_out"]["cp_pct"], s[name]["held_out"]["exact_pct"], s[name]["held_out"]["delta_mean"]]
                for name in ("default", "best")]
        print(table(["", *params, "tune CP %", "held-out CP %", "held-out exact %", "held-out Δ len"], rows))
    for name, h in r.get("heldout", {}).items():
        print(f"\n## Held out: {name} ({h['spec']}): {h['queries']} queries (gold lengths {h['gold_lengths']}), "
              f"{h['gold_in_spec']} with every gold call in the spec\n")
        print(f"graph: {h['graph']['tools']} tools, relations {h['graph']['relations']}; "
              f"mapping checked: {h['graph']['mapping_ok']}; dead ends: {len(h['graph']['dead_ends'])}\n")
        print(rest_table(h["runs"]))
        print()
        print(rest_breakdown(h["runs"]))
    if "taskbench" in r:
        t = r["taskbench"]
        print(f"\n## TaskBench huggingface sample: {t['requests']} requests {t['types']}\n")
        print(f"graph: {t['graph']['tools']} tools, relations {t['graph']['relations']}\n")
        print(task_table(t["runs"]))
    print(f"\ntotal {r['total_s']} s")
    print_notes(r)
