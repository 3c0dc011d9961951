"""``toolgraph import openai-tools | python | mcp``: tools agents already have (function definitions, Python
callables, live MCP servers). Registered on the ``import`` group of :mod:`toolgraph.cli.imports`."""

from __future__ import annotations

from pathlib import Path

import click

from toolgraph.cli.base import Context, pass_ctx
from toolgraph.cli.imports import _run_import, import_, import_options


@import_.command("openai-tools")
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--group", help="Tool group name (default: the file's stem).")
@click.option("--category", help="Category name (default: 'OpenAI tools').")
@import_options
@pass_ctx
def import_openai_tools(obj: Context, file: Path, group: str | None, category: str | None, skip_invalid: bool,
                        dry_run: bool, as_json: bool) -> None:
    """A JSON list of OpenAI tool/function definitions (as agents send them in `tools`)."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.openai_tools import read_openai_tools

    batch = read_openai_tools(file, ImportBatch("openai_tools"), group=group, category=category)
    _run_import(obj, batch, skip_invalid, dry_run, as_json)
