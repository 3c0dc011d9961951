"""``toolgraph weights ...``: the weight jobs in gds_jobs/."""

from __future__ import annotations

import json
from typing import Any

import click

from toolgraph.cli.base import Context, emit, json_option, main, pass_ctx, progress_enabled
from toolgraph.errors import ToolGraphError


# -- weights ------------------------------------------------------------------------------------------------------
@main.group()
def weights() -> None:
    """Weights and graph analytics: transition, availability, resources, importance, substitutes, communities."""


def job_extras(obj: Context) -> dict[str, Any]:
    """What jobs may use beyond the store: the configured LLM (if any) and where its answers are cached."""
    extras: dict[str, Any] = {"llm_cache": obj.settings.home / "cache" / "resource_llm.json"}
    llm = obj.settings.llm.client()
    if llm is not None:
        extras["llm"] = llm
    return extras


def _parse_params(items: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        job, dot, name = key.partition(".")
        if not sep or not dot or not job or not name:
            raise ToolGraphError(f"--param {item!r}: expected JOB.NAME=VALUE, e.g. transition.alpha=0.5")
        try:
            value: Any = json.loads(raw)
        except ValueError:
            value = raw
        out.setdefault(job, {})[name] = value
    return out


@weights.command("run")
@click.argument("jobs", nargs=-1)
@click.option("--backend", type=click.Choice(["auto", "gds", "portable"]), default="auto", show_default=True,
              help="GDS where the server has it (auto), or force one implementation.")
@click.option("--param", "params", multiple=True, metavar="JOB.NAME=VALUE", help="A job parameter (repeatable).")
@json_option
@pass_ctx
def weights_run(obj: Context, jobs: tuple[str, ...], backend: str, params: tuple[str, ...], as_json: bool) -> None:
    """Run weight jobs (all by default) in dependency order; each run is recorded as a JobRun node."""
    from gds_jobs import JOBS, run_jobs

    store = obj.store()
    extras = job_extras(obj)
    say = (lambda m: click.echo(m, err=True)) if progress_enabled() and not as_json else None
    runs = run_jobs(store, JOBS, jobs or None, params=_parse_params(params), backend=backend, progress=say,
                    extras=extras)

    def human(rows: list[dict[str, Any]]) -> None:
        for run in rows:
            stats = ", ".join(f"{k} {v}" for k, v in run["stats"].items() if not isinstance(v, dict))
            click.echo(f"{run['job']:<13} {run['backend']:<9} {run['seconds']:>8.2f} s  {stats}")
        if any(r["job"] == "resources" for r in rows):
            from gds_jobs.evidence import suspicious_edges

            found = suspicious_edges(store)
            if found:
                click.echo(f"\n{len(found)} suspicious resource edge(s), worst first (all: toolgraph weights audit):")
                print_suspicious(found[:5])

    emit(runs, as_json, human)


def print_suspicious(found: list[dict[str, Any]]) -> None:
    for f in found:
        click.echo(f"  {f['source']} -[{f['type']} {f['resource']}]-> {f['target']}  "
                   f"(weight {f['weight']}, {f['evidence']}): {f['why']}")


@weights.command("audit")
@click.option("--limit", type=click.IntRange(1, 100000), default=None, help="At most this many, worst first.")
@json_option
@pass_ctx
def weights_audit(obj: Context, limit: int | None, as_json: bool) -> None:
    """Suspicious resource edges, worst first: cycles of strong edges (no tool of one can start), pairs that depend
    both ways, strong edges into a tool that takes a name or search text, a producer that itself needs the value,
    and low confidence; each with its evidence. Fix one in the web page's editor or in Neo4j Browser."""
    from gds_jobs.evidence import suspicious_edges

    found = suspicious_edges(obj.store(), limit)
    emit(found, as_json, lambda rows: print_suspicious(rows) if rows else click.echo("no suspicious resource edges"))


@weights.command("list")
@json_option
def weights_list(as_json: bool) -> None:
    """The jobs: what each reads and writes, its parameters and defaults."""
    from gds_jobs import JOBS

    rows = [job.describe() for job in JOBS.values()]

    def human(d: list[dict[str, Any]]) -> None:
        for job in d:
            click.echo(f"{job['name']}: {job['description']}")
            click.echo(f"  reads:  {', '.join(job['reads'])}")
            click.echo(f"  writes: {', '.join(job['writes'])}")
            click.echo(f"  gds:    {'yes' if job['gds'] else 'no (plain Cypher on both backends)'}")
            for name, p in job["params"].items():
                click.echo(f"  --param {job['name']}.{name}={p['default']}  {p['description']}")

    emit(rows, as_json, human)


@weights.command("history")
@click.option("--job", default=None, help="Only this job.")
@click.option("--limit", default=20, show_default=True)
@json_option
@pass_ctx
def weights_history(obj: Context, job: str | None, limit: int, as_json: bool) -> None:
    """Recent job runs (JobRun nodes), newest first."""
    rows = obj.store().query("list_job_runs", job=job, limit=limit)
    for row in rows:
        row["params"], row["stats"] = json.loads(row["params"] or "{}"), json.loads(row["stats"] or "{}")
    emit(rows, as_json, lambda d: [click.echo(f"{r['started']}  {r['job']:<13} {r['backend']:<9} "
                                              f"{r['seconds']:>8.2f} s") for r in d])
