"""Evaluating suites end to end: each suite in a fresh graph of its own (imported, weighted, embedded), its service
up while its requests run, ToolGraph and the baseline scored side by side, per suite and overall."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from toolgraph.errors import ToolGraphError
from toolgraph.evaluation.harness import Progress, RunSetup, baselines, evaluate_suite
from toolgraph.evaluation.load import exec_groups, import_suite
from toolgraph.evaluation.peers import GTC, NOT_INSTALLED, gtc_version
from toolgraph.evaluation.score import aggregate
from toolgraph.evaluation.serve import serving
from toolgraph.evaluation.suite import Suite


@dataclass
class EvalOptions:
    """How to evaluate: ``fresh_store(label)`` gives an empty graph for one suite (a context manager);
    ``executors(groups, store)`` the executors of one run, with the suite's HTTP groups; the runner's and the
    planner's configurations; the LLM and embedder (None: without); ``job_extras`` what the weight jobs may use;
    ``baseline`` one baseline or several (``topk``, ``gtc-workflow``), or None."""

    fresh_store: Callable[[str], AbstractContextManager[Any]]
    executors: Callable[[dict[str, Any], Any], list[Any]]
    run_config: Any
    planner_config: Any
    llm: Any = None
    embedder: Any = None
    job_extras: dict[str, Any] | None = None
    baseline: str | tuple[str, ...] | None = "topk"
    k: int = 3
    repeat: int = 1
    serve_timeout_s: float = 30.0
    progress: Progress | None = None


def evaluate_one(suite: Suite, opts: EvalOptions) -> dict[str, Any]:
    say = opts.progress or (lambda _m: None)
    started = time.perf_counter()
    out: dict[str, Any] = {"suite": suite.describe()}
    with opts.fresh_store(suite.name) as store:
        say(f"{suite.name}: importing ({suite.kind})")
        graph = import_suite(store, suite, embedder=opts.embedder, job_extras=opts.job_extras)
        labels = graph.pop("labels")
        graph.pop("tool_ids")
        out["graph"] = graph
        say(f"{suite.name}: {graph['tools']} tools imported; running {len(suite.requests)} request(s)")
        service: AbstractContextManager[int | None] = (
            serving(suite.serve, suite.folder, timeout_s=opts.serve_timeout_s, name=suite.name) if suite.serve
            else nullcontext(None))
        with service as port:
            groups = exec_groups(suite, set(graph["groups"]), port)
            setup = RunSetup(store=store, make_executors=lambda: opts.executors(groups, store),
                             run_config=opts.run_config, planner_config=opts.planner_config, llm=opts.llm,
                             embedder=opts.embedder)
            out["methods"] = evaluate_suite(setup, suite, labels, baseline=opts.baseline, k=opts.k,
                                            repeat=opts.repeat, progress=opts.progress)
    out["seconds"] = round(time.perf_counter() - started, 2)
    return out


def evaluate_suites(suites: list[Suite], opts: EvalOptions) -> dict[str, Any]:
    """Every suite (one that cannot be imported or served is reported with its error, the others still run);
    the figures per suite and, per method, over every request of every suite; ``skipped``: each baseline left out,
    with why (graph-tool-call not installed)."""
    skipped: dict[str, str] = {}
    if GTC in baselines(opts.baseline) and gtc_version() is None:  # an optional peer: said once, not a crash
        skipped[GTC] = NOT_INSTALLED
        if opts.progress:
            opts.progress(f"warning: {NOT_INSTALLED}")
    results = []
    for suite in suites:
        try:
            results.append(evaluate_one(suite, opts))
        except (ToolGraphError, OSError) as exc:  # this suite cannot run: say why, and go on with the others
            if opts.progress:
                opts.progress(f"{suite.name}: error: {exc}")
            results.append({"suite": suite.describe(), "error": str(exc)})
    rows: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        for label, m in r.get("methods", {}).items():
            rows.setdefault(label, []).extend(m["requests"])
    return {"suites": results, "overall": {label: aggregate(rs) for label, rs in rows.items()},
            "errors": sum("error" in r for r in results), "skipped": skipped}
