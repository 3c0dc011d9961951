"""Whole runs with no LLM (``toolgraph eval run --no-llm``) on suites, ToolGraph beside two baselines in the same run
and the same graphs: retrieval top 3 (``--baseline topk``) and graph-tool-call's workflow planner
(``--baseline gtc-workflow``: its ``plan_workflow`` chain run with ToolGraph's binder and executors). The command runs
as a subprocess against a private embedded server; the load average is sampled every few seconds along it.

    PYTHONPATH=. .venv/bin/python bench/eval_gtc_workflow.py --out docs/results/eval_gtc_workflow.json \
        [--report docs/results/eval_gtc_workflow_report.md] [SUITE_DIR ...]

Default suites: the tuning suites (bench/data/tuning/{tracker,parcels,weather,bookshelf}).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import (  # noqa: E402
    LoadSampler,
    arg_parser,
    bench_main,
    git_state,
    machine_info,
    machine_line,
    private_server,
    progress,
    table,
)

TUNING = [ROOT / "bench" / "data" / "tuning" / n for n in ("tracker", "parcels", "weather", "bookshelf")]
ANSWER_KEEP = 400  # characters of each answer kept in the JSON


def run_eval(args: Any) -> dict[str, Any]:
    suites = [str(Path(s).resolve()) for s in (args.suites or TUNING)]
    command = [sys.executable, "-m", "toolgraph.cli", "eval", "run", *suites, "--no-llm", "--baseline", "topk",
               "--baseline", "gtc-workflow", "--json"]
    if args.report:
        command += ["--report", str(Path(args.report).resolve())]
    load = LoadSampler()
    done = threading.Event()

    def sample() -> None:
        while not done.wait(5.0):
            load.sample()

    with private_server(args.heap) as bench:
        env = {k: v for k, v in os.environ.items() if k != "TOOLGRAPH_NEO4J_URI"}
        env.update({"TOOLGRAPH_HOME": str(bench.server.home), "TOOLGRAPH_RUNTIME": "off",
                    "TOOLGRAPH_EMBEDDED_BOLT_PORT": str(bench.server.bolt_port),
                    "TOOLGRAPH_EMBEDDED_HTTP_PORT": str(bench.server.http_port),
                    "PYTHONPATH": os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)})
        progress("running: " + " ".join(command[1:]))
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        started = time.perf_counter()
        try:
            proc = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=None, text=True)
        finally:
            done.set()
        seconds = round(time.perf_counter() - started, 1)
    if not proc.stdout.strip():
        raise SystemExit(f"eval run exited with status {proc.returncode} and printed nothing")
    result = json.loads(proc.stdout)
    for suite in result["suites"]:
        for method in suite.get("methods", {}).values():
            for row in method["requests"]:
                row["answer"] = row["answer"][:ANSWER_KEEP]
    rel = [os.path.relpath(s, ROOT) for s in suites]
    return {"what": "toolgraph eval run --no-llm: ToolGraph, retrieval top 3 and graph-tool-call's workflow, same run",
            "command": "toolgraph eval run " + " ".join(rel) + " --no-llm --baseline topk --baseline gtc-workflow "
                       "--json", "exit_code": proc.returncode, "seconds": seconds,
            "machine": machine_info(args.heap), "load_1min": load.summary(), "code": git_state("toolgraph", "bench"),
            "overall": result["overall"], "skipped": result.get("skipped", {}), "eval": result}


def human(result: dict[str, Any]) -> None:
    print(machine_line(result["machine"]))
    print(f"load (1 min): {result['load_1min']}; {result['seconds']} s; code {result['code']['commit']}")
    rows = []
    for suite in result["eval"]["suites"]:
        for label, m in suite.get("methods", {}).items():
            s = m["summary"]
            rows.append([suite["suite"]["name"], label, f"{s['passed']}/{s['requests']}",
                         f"{s['correct_paths']}/{s['with_solution']}", s["false_successes"], s["calls_per_request"],
                         s["latency_p50_s"], s["latency_p95_s"]])
    for label, s in result["overall"].items():
        rows.append(["all", label, f"{s['passed']}/{s['requests']}", f"{s['correct_paths']}/{s['with_solution']}",
                     s["false_successes"], s["calls_per_request"], s["latency_p50_s"], s["latency_p95_s"]])
    print(table(["suite", "method", "passed", "correct path", "false successes", "calls/request", "p50 s", "p95 s"],
                rows))
    for name, why in result["skipped"].items():
        print(f"skipped: {name}: {why}")


def main() -> int:
    p = arg_parser(__doc__, "2g")
    p.add_argument("suites", nargs="*", help="suite folders (default: the four tuning suites)")
    p.add_argument("--report", help="also write eval run's Markdown / HTML report here")
    return bench_main(p.parse_args(), run_eval, human)


if __name__ == "__main__":
    raise SystemExit(main())
