"""``toolgraph eval run SUITE_DIR...``: whole runs scored on suites (docs/evaluation.md), registered on the ``eval``
group of :mod:`toolgraph.cli.retrieval`. Each suite gets a scratch database of the embedded server, so suites never
mix with each other or with the user's graph."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from toolgraph.cli.base import Context, emit, json_option, pass_ctx
from toolgraph.cli.retrieval import eval_

REPORT_SUFFIXES = (".md", ".markdown", ".html", ".htm")


@eval_.command("run")
@click.argument("suite_dirs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--baseline", "baseline", type=click.Choice(["topk", "gtc-workflow", "none"]), multiple=True,
              default=("topk",), show_default=True,
              help="Baselines run in the same graph with the same binder and executors (repeat the option for "
                   "several): topk, the retrieval top-k tools; gtc-workflow, graph-tool-call's plan_workflow "
                   "chain (skipped when graph-tool-call is not installed); none.")
@click.option("--k", "k", default=3, show_default=True, type=click.IntRange(1, 20), help="The top-k baseline's k.")
@click.option("--learn/--no-learn", default=False, show_default=True,
              help="Let runs learn (outcome counts, call paths, memories) so later requests of a suite use them.")
@click.option("--repeat", default=1, show_default=True, type=click.IntRange(1, 100),
              help="Run every request this many times (with --learn: does a suite improve on itself?).")
@click.option("--no-llm", is_flag=True, help="Plan, bind and answer without the LLM even if one is set.")
@click.option("--embed/--no-embed", default=True, show_default=True,
              help="Embed each suite's tools (else the planner and the baseline score by words).")
@click.option("--report", "report_path", type=click.Path(path_type=Path, dir_okay=False),
              help="Also write a report with a chart: Markdown (.md) or HTML (.html).")
@click.option("--serve-timeout", default=30.0, show_default=True, type=click.FloatRange(1, 600),
              help="Seconds a suite's service has to start listening.")
@click.option("--quiet", is_flag=True, help="No progress lines on stderr.")
@json_option
@pass_ctx
def eval_run(obj: Context, suite_dirs: tuple[Path, ...], baseline: tuple[str, ...], k: int, learn: bool, repeat: int,
             no_llm: bool, embed: bool, report_path: Path | None, serve_timeout: float, quiet: bool,
             as_json: bool) -> None:
    """Score whole runs (plan, execute, answer) on suites: a spec, Python module or MCP server with requests and the
    facts each answer must hold (folder format: docs/evaluation.md). Pass rate, correct path, calls per request and
    latency per suite and overall, beside the retrieval top-k baseline (and graph-tool-call's workflow with
    --baseline gtc-workflow)."""
    from toolgraph import wiring
    from toolgraph.cli.weights import job_extras
    from toolgraph.db.scratch import scratch_store
    from toolgraph.errors import ConfigError
    from toolgraph.evaluation import EvalOptions, evaluate_suites, load_suite
    from toolgraph.evaluation.report import human_text, write_report

    if "none" in baseline and len(set(baseline)) > 1:
        raise click.UsageError("--baseline none runs no baseline: do not give it with another one")
    chosen = tuple(dict.fromkeys(b for b in baseline if b != "none"))
    if report_path is not None and report_path.suffix.lower() not in REPORT_SUFFIXES:
        raise ConfigError(f"--report {report_path}: name a .md (Markdown) or .html (HTML) file")
    suites = [load_suite(d) for d in suite_dirs]  # every suite checked before anything runs
    settings = obj.settings
    if not settings.uses_embedded:
        raise ConfigError("eval run imports each suite into a scratch database of the embedded server: unset "
                          "TOOLGRAPH_NEO4J_URI for this command (your Neo4j graph is never touched)")
    llm = None if no_llm else settings.llm.client()
    embedder = settings.embed.embedder() if embed else None
    extras = job_extras(obj)
    if llm is None:
        extras.pop("llm", None)
    pconfig = wiring.planner_config(settings)
    say = None if quiet else (lambda m: click.echo(m, err=True))

    try:
        configured = settings.exec.all_groups()
    except ValueError as exc:
        raise ConfigError(str(exc)) from exc

    def executors(groups: dict[str, Any], store: Any) -> list[Any]:
        # a group configured in TOOLGRAPH_EXEC_GROUPS keeps its headers; the suite says where its calls go
        merged = {name: configured[name].model_copy(update={"base_url": g.base_url, "allow_private": True})
                  if name in configured else g for name, g in groups.items()}
        return wiring.executors(settings, store=store, llm=llm, groups=merged)

    opts = EvalOptions(fresh_store=lambda label: scratch_store(settings, f"eval_{label}"), executors=executors,
                       run_config=replace(wiring.run_config(settings), learn=learn, save=learn), planner_config=pconfig,
                       llm=llm, embedder=embedder, job_extras=extras, baseline=chosen,
                       k=k, repeat=repeat, serve_timeout_s=serve_timeout, progress=say)
    result = evaluate_suites(suites, opts)
    result["settings"] = {"date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
                          "llm": getattr(llm, "model", None) if llm is not None else None,
                          "embeddings": getattr(embedder, "name", None) if embedder is not None else None,
                          "learn": learn, "repeat": repeat,
                          "baseline": ", ".join(f"top{k}" if b == "topk" else b for b in chosen) or None}
    if report_path is not None:
        kind = write_report(result, report_path)
        result["report"] = {"path": str(report_path), "format": kind}
        if say:
            say(f"report ({kind}) written to {report_path}")
    emit(result, as_json, lambda d: click.echo(human_text(d)))
    if result["errors"]:
        click.echo(f"error: {result['errors']} suite(s) could not be evaluated (see above)", err=True)
        click.get_current_context().exit(1)
