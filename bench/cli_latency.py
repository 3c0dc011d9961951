"""Wall time and memory of `toolgraph search`, `plan` and `run` as a person at a terminal meets them (issue 22),
the options side by side, in one run on one graph:

- in-process: TOOLGRAPH_RUNTIME=off, every command loads torch, the model, the driver and the indexes (the baseline,
  what every command did before the runtime);
- light encoder: the same in-process commands with the torch-free numpy encoder (toolgraph.embeddings.minilm) in
  place of FlagEmbedding (option b);
- runtime: TOOLGRAPH_RUNTIME=auto, the commands answered by the resident runtime (option a): its start (the first
  command) and warm commands; and N `run` commands at once.

Each command is the real CLI as a subprocess (`python -m toolgraph.cli ...`), on the restbench TMDB tools imported
into a private embedded server and embedded, `run` calling the local TMDB-shaped service. Wall time is measured
around the subprocess; peak RSS is the command process's own (GNU time's %M), and for the runtime also its
process's peak (VmHWM).
`--baseline DIR` measures the runtime of another code tree (e.g. /work/main) first, as "before", on the same graph,
with the CPU seconds the runtime and the graph server spend per warm command; `--skip-in-process` leaves out the
cold in-process and light-encoder commands (the outputs are then compared with the baseline's).
Progress on stderr; `--json` prints one JSON object.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench.common import (
    ROOT,
    LoadSampler,
    arg_parser,
    emit,
    git_state,
    machine_info,
    machine_line,
    peak_rss_mib,
    private_server,
    progress,
    table,
)
from toolgraph.cli import forward
from toolgraph.execute.demo_service import DemoService

SEARCH = "search for a movie by title and show its cast and crew"
QUERY = "Find the movie Titanic and show its cast and crew"
COMMANDS: dict[str, list[str]] = {
    "search": ["search", SEARCH, "--k", "5"],
    "plan": ["plan", QUERY, "--no-save", "--no-memory"],
    "run": ["run", QUERY, "--no-llm", "--no-learn"],
}
# the light encoder in place of FlagEmbedding, in the real CLI: Context.embedder() is what search/plan/run call
LIGHT = """import sys
from toolgraph.cli import base
from toolgraph.embeddings.minilm import MiniLMEncoder

def light(self):
    if self._embedder is None:
        self._embedder = MiniLMEncoder()
    return self._embedder

base.Context.embedder = light
from toolgraph.cli.commands import main
main(sys.argv[1:], prog_name="toolgraph")
"""


def run_cli(env: dict[str, str], argv: list[str], *, light: bool = False, cwd: Any = None) -> dict[str, Any]:
    """One command as a subprocess: wall seconds, its peak RSS (MiB), exit code, output. The peak RSS is GNU time's
    (``%M``): the command is exec'd from /usr/bin/time's small process, whereas a child forked from this process
    reports this process's pages as its own peak."""
    cmd = [sys.executable, "-c", LIGHT, *argv] if light else [sys.executable, "-m", "toolgraph.cli", *argv]
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss:
        if os.path.exists(GNU_TIME):
            cmd = [GNU_TIME, "-f", "%M", "-o", rss.name, *cmd]
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env, cwd=cwd or ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        out, err = proc.communicate()  # no timeout: a timed wait polls, adding up to 50 ms
        wall = time.perf_counter() - started
        kib = rss.read().strip().splitlines()
    return {"wall_s": round(wall, 3), "rss_mib": round(int(kib[-1]) / 1024, 1) if kib and kib[-1].isdigit() else None,
            "code": proc.returncode, "stdout": out, "stderr": err[-2000:]}


GNU_TIME = "/usr/bin/time"



def summary(samples: list[dict[str, Any]]) -> dict[str, Any]:
    walls = [s["wall_s"] for s in samples]
    rss = [s["rss_mib"] for s in samples if s["rss_mib"] is not None]
    out = {"n": len(walls), "wall_p50_s": round(statistics.median(walls), 3), "wall_min_s": round(min(walls), 3),
           "wall_max_s": round(max(walls), 3), "rss_peak_mib": max(rss) if rss else None,
           "failed": sum(1 for s in samples if s["code"] != 0)}
    for key in ("runtime_cpu_s", "db_cpu_s"):  # CPU seconds per command of the runtime and of the graph server
        values = [s[key] for s in samples if key in s]
        if values:
            out[key] = round(statistics.median(values), 3)
    return out


def runtime_series(args: Any, env: dict[str, str], code: Any, db_pid: int, load: LoadSampler, label: str
                   ) -> tuple[dict[str, Any], dict[str, str]]:
    """The runtime of the code tree ``code``: its start (the first search), ``--repeats`` warm commands each with
    the CPU seconds the runtime and the graph server spent on it, and ``--concurrent`` runs at once."""
    from bench.common import cpu_seconds

    env = {**env, "PYTHONPATH": str(code), "TOOLGRAPH_RUNTIME": "auto"}
    forward.stop(env_home(env))
    progress(f"{label}: runtime start (the first search, load {load.sample():.1f})")
    first = run_cli(env, COMMANDS["search"], cwd=code)
    assert first["code"] == 0, first["stderr"]
    runtime_pid = forward.Files(env_home(env)).read()["pid"]  # type: ignore[index]
    options: dict[str, Any] = {"start (first search)": summary([first])}
    outputs: dict[str, str] = {}
    for name, argv in COMMANDS.items():
        run_cli(env, argv, cwd=code)  # the first of each kind warms what is left
        samples = []
        for i in range(args.repeats):
            progress(f"{label}: runtime {name} ({i + 1}/{args.repeats}, load {load.sample():.1f})")
            cpu, db = cpu_seconds(runtime_pid), cpu_seconds(db_pid)
            sample = run_cli(env, argv, cwd=code)
            sample.update(runtime_cpu_s=cpu_seconds(runtime_pid) - cpu, db_cpu_s=cpu_seconds(db_pid) - db)
            samples.append(sample)
        options[name] = summary(samples)
        outputs[name] = samples[-1]["stdout"]
    if args.concurrent > 1:
        progress(f"{label}: runtime {args.concurrent} runs at once (load {load.sample():.1f})")
        with ThreadPoolExecutor(args.concurrent) as pool:
            at_once = list(pool.map(lambda _: run_cli(env, COMMANDS["run"], cwd=code), range(args.concurrent)))
        options[f"run x{args.concurrent} at once"] = summary(at_once)
    options["process peak RSS (MiB)"] = {"rss_peak_mib": peak_rss_mib(runtime_pid)}
    forward.stop(env_home(env))
    return options, outputs


def env_home(env: dict[str, str]) -> Any:
    return Path(env["TOOLGRAPH_HOME"])


def measure(args: Any) -> dict[str, Any]:
    load = LoadSampler()
    result: dict[str, Any] = {"machine": machine_info(args.heap), "code": git_state("toolgraph", "bench"),
                              "repeats": args.repeats, "concurrent": args.concurrent, "commands": COMMANDS}
    with private_server(args.heap) as bench, DemoService() as service:
        from gds_jobs import JOBS, run_jobs
        from toolgraph.ingest.batch import ImportBatch
        from toolgraph.ingest.openapi import read_restbench
        from toolgraph.ingest.writer import write_batch

        sample = ROOT / "import" / "restbench"
        batch = read_restbench(sample / "tmdb.json", sample / "tmdb_oas.json", ImportBatch("bench"), group="TMDB",
                               category="Movies")
        write_batch(bench.store, batch, skip_invalid=True)
        run_jobs(bench.store, JOBS)
        home = bench.server.home
        env = {k: v for k, v in os.environ.items() if not k.startswith("TOOLGRAPH_")}
        env.update({"PYTHONPATH": str(ROOT), "TOOLGRAPH_HOME": str(home),
                    "TOOLGRAPH_EMBEDDED_BOLT_PORT": str(bench.server.bolt_port),
                    "TOOLGRAPH_EMBEDDED_HTTP_PORT": str(bench.server.http_port),
                    "TOOLGRAPH_EXEC_GROUPS": json.dumps({"TMDB": {"base_url": service.url, "allow_private": True}}),
                    "TOOLGRAPH_RUNTIME_START_TIMEOUT_S": "600"})
        off = {**env, "TOOLGRAPH_RUNTIME": "off"}
        progress("embedding the tools (toolgraph embed)")
        embedded = run_cli(off, ["embed", "--json"])
        assert embedded["code"] == 0, embedded["stderr"]
        result["tools_embedded"] = json.loads(embedded["stdout"])["embedded"]

        options: dict[str, dict[str, Any]] = {"in-process": {}, "light encoder": {}}
        outputs: dict[str, dict[str, str]] = {name: {} for name in options}
        for name, argv in COMMANDS.items() if not args.skip_in_process else ():
            for option, kwargs in (("in-process", {"light": False}), ("light encoder", {"light": True})):
                if option == "light encoder" and args.skip_light:
                    continue
                samples = []
                for i in range(args.repeats):
                    progress(f"{option}: {name} ({i + 1}/{args.repeats}, load {load.sample():.1f})")
                    samples.append(run_cli(off, argv, **kwargs))
                options[option][name] = summary(samples)
                outputs[option][name] = samples[-1]["stdout"]

        if args.baseline:
            options["runtime (baseline)"], outputs["runtime (baseline)"] = runtime_series(
                args, env, Path(args.baseline), bench.pid, load, "baseline")
            result["baseline"] = {"path": args.baseline, **git_commit(Path(args.baseline))}
        options["runtime"], outputs["runtime"] = runtime_series(args, env, ROOT, bench.pid, load, "this tree")

        reference = "runtime (baseline)" if args.skip_in_process else "in-process"

        def same(option: str, name: str) -> bool | None:
            if name not in outputs.get(option, {}) or name not in outputs.get(reference, {}):
                return None
            mask = re.compile(r"\b(plan|run) run-[0-9a-f]+|\d+\.\d+ s\b|\d+ ms\b")
            return mask.sub("T", outputs[option][name]) == mask.sub("T", outputs[reference][name])

        result["same_output_as"] = reference
        result["same_output_as_in_process"] = {o: {n: same(o, n) for n in COMMANDS} for o in outputs
                                               if o != reference}
    result["options"] = options
    result["load"] = load.summary()
    return result


def human(r: dict[str, Any]) -> None:
    print(machine_line(r["machine"]))
    print(f"load average (1 min) during the run: {r['load']}")
    rows = []
    for option, cases in r["options"].items():
        for case, s in cases.items():
            rows.append([option, case, s.get("n", ""), s.get("wall_p50_s", ""), s.get("wall_min_s", ""),
                         s.get("wall_max_s", ""), s.get("runtime_cpu_s", ""), s.get("db_cpu_s", ""),
                         s.get("rss_peak_mib", "")])
    print(table(["option", "command", "n", "p50 s", "min s", "max s", "runtime CPU s", "DB CPU s", "peak RSS MiB"],
                rows))
    print(f"same output as {r.get('same_output_as', 'in-process')} (ids and timings masked): "
          f"{r['same_output_as_in_process']}")


def git_commit(path: Any) -> dict[str, str]:
    out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=path, capture_output=True, text=True).stdout
    return {"commit": out.strip()}


def main() -> int:
    p = arg_parser(__doc__, "1g")
    p.add_argument("--repeats", type=int, default=3, help="runs of each command per option (default 3)")
    p.add_argument("--concurrent", type=int, default=8, help="`run` commands at once against the runtime (0: skip)")
    p.add_argument("--skip-light", action="store_true", help="leave out the light-encoder option")
    p.add_argument("--skip-in-process", action="store_true",
                   help="leave out the in-process and light-encoder commands (outputs compared with the baseline's)")
    p.add_argument("--baseline", help="another code tree (e.g. /work/main) whose runtime is measured first, as "
                                      "'before', in the same run on the same graph")
    args = p.parse_args()
    emit(measure(args), as_json=args.json, out=args.out, human=human)
    return 0


if __name__ == "__main__":
    sys.exit(main())
