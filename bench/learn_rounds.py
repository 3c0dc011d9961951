"""Does learning pay off? Each suite run twice with learning on (`toolgraph eval run --learn --repeat 2 --no-llm`):
round 1 (the graph as imported) is the baseline of round 2 (the graph after round 1 taught it outcome counts, call
paths, memories and observed output shapes, whose dependency edges are re-mined at once). Per suite and round:
passes, false successes (a run judged a success whose answer lacks an expected fact), correct paths (the calls that
succeeded hold the solution) and planned paths (the plan did, whatever its calls then did); the requests
that got better or worse; what round 1 taught (tools whose shape was learnt, edges re-mined, of them by a learnt
shape). The machine's load average is sampled before and after.

    python bench/learn_rounds.py bench/data/tuning/*/ --json > docs/results/eval_tuning_learn2_r3.json
    python bench/learn_rounds.py --from eval.json --json     # summarise an earlier `eval run --json` instead

Progress on stderr; the summary (and with --json the whole eval result) on stdout."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from datetime import UTC, datetime
from typing import Any


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def run_eval(suites: list[str]) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "toolgraph.cli", "eval", "run", *suites, "--no-llm", "--learn", "--repeat", "2",
           "--baseline", "none", "--json"]
    print("running: " + " ".join(cmd[1:]), file=sys.stderr)
    out = subprocess.run(cmd, stdout=subprocess.PIPE, text=True, check=False)  # its progress goes to our stderr
    if not out.stdout.strip():
        raise SystemExit(f"eval run printed nothing (exit {out.returncode})")
    return json.loads(out.stdout)


def summarise(result: dict[str, Any]) -> dict[str, Any]:
    suites = []
    for s in result["suites"]:
        if "error" in s:
            suites.append({"suite": s["suite"]["name"], "error": s["error"]})
            continue
        rows = s["methods"]["toolgraph"]["requests"]
        rounds = []
        for rep in (0, 1):
            rs = [r for r in rows if r["repeat"] == rep]
            rounds.append({"passed": sum(r["pass"] for r in rs), "requests": len(rs),
                           "false_successes": sum(r["status"] == "success" and not r["pass"] for r in rs),
                           "correct_paths": sum(bool(r["correct_path"]) for r in rs),
                           "planned_paths": sum(bool(r.get("planned_path")) for r in rs),
                           "with_solution": sum(r["correct_path"] is not None for r in rs)})
        first = {r["index"]: r for r in rows if r["repeat"] == 0}
        second = {r["index"]: r for r in rows if r["repeat"] == 1}
        taught = [r.get("learned") or {} for r in rows if r["repeat"] == 0]
        edges = [t.get("edges") or {} for t in taught]
        suites.append({
            "suite": s["suite"]["name"], "rounds": rounds,
            "better": sorted(i for i in second if second[i]["pass"] and not first[i]["pass"]),
            "worse": sorted(i for i in second if first[i]["pass"] and not second[i]["pass"]),
            "path_better": sorted(i for i in second if second[i]["correct_path"] and first[i]["correct_path"] is False),
            "plan_better": sorted(i for i in second if second[i].get("planned_path")
                                  and first[i].get("planned_path") is False),
            "plan_worse": sorted(i for i in second if first[i].get("planned_path")
                                 and second[i].get("planned_path") is False),
            "round1_taught": {"shapes_refreshed": sum(e.get("tools", 0) for e in edges),
                              "edges_removed": sum(e.get("removed", 0) for e in edges),
                              "edges_written": sum(e.get("written", 0) for e in edges),
                              "edges_by_learnt_shape": sum(e.get("observed", 0) for e in edges),
                              "call_paths": sum(bool(t.get("call_path")) for t in taught),
                              "memories": sum(int(t.get("memories") or 0) for t in taught)},
            "seconds": s.get("seconds")})
    total = [{k: sum(s["rounds"][i][k] for s in suites if "rounds" in s)
              for k in ("passed", "requests", "false_successes", "correct_paths", "planned_paths", "with_solution")}
             for i in (0, 1)]
    return {"suites": suites, "overall": total}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("suites", nargs="*", help="suite folders")
    ap.add_argument("--from", dest="source", help="an earlier `toolgraph eval run --json` output to summarise")
    ap.add_argument("--json", action="store_true", help="print the summary and the eval result as JSON")
    args = ap.parse_args()
    before = load()
    started = time.perf_counter()
    if args.source:
        with open(args.source, encoding="utf-8") as f:
            result = json.load(f)
    elif args.suites:
        result = run_eval(args.suites)
    else:
        ap.error("give suite folders or --from FILE")
    summary = summarise(result)
    summary["machine"] = {"cpus": os.cpu_count(), "load_before": before, "load_after": load(),
                          "seconds": round(time.perf_counter() - started, 1),
                          "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")}
    if args.json:
        print(json.dumps({"summary": summary, "eval": result}, indent=1))
        return
    for s in summary["suites"]:
        if "error" in s:
            print(f"{s['suite']:<10} error: {s['error']}")
            continue
        r1, r2 = s["rounds"]
        print(f"{s['suite']:<10} round 1 {r1['passed']}/{r1['requests']} (false successes {r1['false_successes']}),"
              f" round 2 {r2['passed']}/{r2['requests']} (false successes {r2['false_successes']}); planned paths "
              f"{r1['planned_paths']} -> {r2['planned_paths']}; better {s['better']}, worse {s['worse']}, plan better "
              f"{s['plan_better']}, plan worse {s['plan_worse']}; taught {s['round1_taught']}")
    o1, o2 = summary["overall"]
    print(f"overall    {o1['passed']}/{o1['requests']} -> {o2['passed']}/{o2['requests']}; load "
          f"{summary['machine']['load_before']} -> {summary['machine']['load_after']}")


if __name__ == "__main__":
    main()
