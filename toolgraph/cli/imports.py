"""``toolgraph import ...``: one command per source format."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from toolgraph.cli.base import Context, emit, json_option, main, pass_ctx, progress_enabled


# -- import -------------------------------------------------------------------------------------------------------
@main.group("import")
def import_() -> None:
    """Import tools, dependencies and call paths. Every import is one transaction: all of it or nothing (but
    `import records`, which streams a large file in parts, one transaction a part)."""


def import_options(f: Callable[..., Any]) -> Callable[..., Any]:
    f = click.option("--skip-invalid", is_flag=True,
                     help="Write the valid records and list the invalid ones (default: reject the whole import).")(f)
    f = click.option("--dry-run", is_flag=True, help="Validate and count, then roll back: nothing is written.")(f)
    return json_option(f)


def _run_import(obj: Context, batch: Any, skip_invalid: bool, dry_run: bool, as_json: bool) -> None:
    from toolgraph.ingest.writer import write_batch

    report = write_batch(obj.store(), batch, skip_invalid=skip_invalid, dry_run=dry_run,
                         chunk_size=obj.settings.batch_size, progress=progress_enabled())
    emit(report.as_dict(), as_json, print_report)


def print_report(d: dict[str, Any]) -> None:
    state = "dry run, nothing written" if d["dry_run"] else ("written" if d["written"] else "not written")
    click.echo(f"import {d['source']}: {d['files']} file(s), {d['records']} record(s) read; {state}")
    click.echo(f"  {'':<14}{'created':>9}{'updated':>9}{'unchanged':>11}")
    for kind in ("categories", "groups", "tools", "dependencies", "call_paths"):
        c = d[kind]
        click.echo(f"  {kind:<14}{c['created']:>9}{c['updated']:>9}{c['unchanged']:>11}")
    if d["transitions_added"]:
        click.echo(f"  transitions added to SEQUENTIAL counts: {d['transitions_added']}")
    if d["kept_manual_edges"]:
        click.echo(f"  analyst-edited edges left as they were: {d['kept_manual_edges']}")
    for reason, n in d["filtered"].items():
        click.echo(f"  filtered: {n} x {reason}")
    for note, n in d["notes"].items():
        click.echo(f"  note: {n} x {note}")
    if d["rejected"]:
        click.echo(f"  rejected: {len(d['rejected'])} record(s)")
        for p in d["rejected"][:20]:
            where = f"{p['file']}: {p['record']}" if p["record"] else p["file"]
            click.echo(f"    {where}: {p['field'] + ': ' if p['field'] else ''}{p['message']}")
        if len(d["rejected"]) > 20:
            click.echo(f"    ... and {len(d['rejected']) - 20} more (see --json)")


@import_.command("toolbench")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@import_options
@pass_ctx
def import_toolbench(obj: Context, paths: tuple[Path, ...], skip_invalid: bool, dry_run: bool, as_json: bool) -> None:
    """StableToolBench/ToolBench query files (api_list), tool files and response examples: FILE or DIR..."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.toolbench import read_toolbench

    batch = read_toolbench(paths, ImportBatch("toolbench"), progress=progress_enabled())
    _run_import(obj, batch, skip_invalid, dry_run, as_json)


@import_.command("paths")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--add-missing-tools", is_flag=True,
              help="Create tools that paths call but the graph lacks, from the paths' own function schemas.")
@import_options
@pass_ctx
def import_paths(obj: Context, paths: tuple[Path, ...], add_missing_tools: bool, skip_invalid: bool,
                 dry_run: bool, as_json: bool) -> None:
    """Call paths: ToolBench DFS/CoT answers, tooleval results, or JSON lines {query, calls, success}."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.paths import read_paths

    store = obj.store()
    batch = read_paths(paths, ImportBatch("paths"), store, add_missing_tools=add_missing_tools,
                       progress=progress_enabled())
    _run_import(obj, batch, skip_invalid, dry_run, as_json)


@import_.command("openapi")
@click.argument("spec", type=click.Path(path_type=Path))
@click.option("--group", help="Tool group name (default: the spec's info.title).")
@click.option("--category", help="Category name (default: OpenAPI).")
@import_options
@pass_ctx
def import_openapi(obj: Context, spec: Path, group: str | None, category: str | None, skip_invalid: bool,
                   dry_run: bool, as_json: bool) -> None:
    """An OpenAPI 3 / Swagger 2 spec (JSON or YAML): one tool per operation."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.openapi import read_openapi

    batch = ImportBatch("openapi")
    read_openapi(spec, batch, group=group, category=category)
    _run_import(obj, batch, skip_invalid, dry_run, as_json)


@import_.command("restbench")
@click.argument("queries", type=click.Path(path_type=Path))
@click.option("--spec", required=True, type=click.Path(path_type=Path), help="The OpenAPI spec the paths use.")
@click.option("--group", help="Tool group name (default: the spec's info.title).")
@click.option("--category", help="Category name (default: OpenAPI).")
@import_options
@pass_ctx
def import_restbench(obj: Context, queries: Path, spec: Path, group: str | None, category: str | None,
                     skip_invalid: bool, dry_run: bool, as_json: bool) -> None:
    """RestBench queries with gold solution paths, on top of their OpenAPI spec."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.openapi import read_restbench

    batch = read_restbench(queries, spec, ImportBatch("restbench"), group=group, category=category)
    _run_import(obj, batch, skip_invalid, dry_run, as_json)


@import_.command("taskbench")
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--category", help="Category name (default: 'TaskBench <domain>').")
@import_options
@pass_ctx
def import_taskbench(obj: Context, folder: Path, category: str | None, skip_invalid: bool, dry_run: bool,
                     as_json: bool) -> None:
    """A TaskBench data_<domain> folder: its tool graph (nodes -> tools, typed links -> resource edges)."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.taskbench import read_taskbench

    batch = read_taskbench(folder, ImportBatch("taskbench"), category=category)
    _run_import(obj, batch, skip_invalid, dry_run, as_json)


@import_.command("records")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--part-size", type=click.IntRange(1, 1_000_000), default=50_000, show_default=True,
              help="Records a transaction: the file is read and written part by part, never held whole.")
@import_options
@pass_ctx
def import_records(obj: Context, file: Path, part_size: int, skip_invalid: bool, dry_run: bool,
                   as_json: bool) -> None:
    """ToolGraph's own records, one JSON object a line ({"kind": "category" | "group" | "tool" | "dependency" |
    "call_path", ...}), streamed: each part of --part-size records is one transaction (a failure leaves the parts
    before it written; running the import again writes only what is missing). Records before those naming them."""
    from toolgraph.ingest.stream import read_records, write_parts

    def say(n: int, total: Any) -> None:
        if progress_enabled():
            click.echo(f"part {n}: {total.records} records read so far", err=True)

    report = write_parts(obj.store(), read_records(file, source="records", part_size=part_size), source="records",
                         skip_invalid=skip_invalid, dry_run=dry_run, chunk_size=obj.settings.batch_size,
                         on_part=say)
    emit(report.as_dict(), as_json, print_report)


@import_.command("recordings")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, path_type=Path))
@json_option
@pass_ctx
def import_recordings_cmd(obj: Context, paths: tuple[Path, ...], as_json: bool) -> None:
    """Recorded responses for ToolBench tools (so `toolgraph run` can answer without their APIs): every error-free
    call in DFS answer trees, and response_examples files; tools must be imported first."""
    from toolgraph.execute.recorded import import_recordings

    emit(import_recordings(obj.store(), list(paths)), as_json,
         lambda d: click.echo(f"recordings: {d['read']} read, {d['written']} written; "
                              f"{d['unknown_tools']} function(s) name no tool in the graph"))
