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


@import_.command("python")
@click.argument("target", metavar="MODULE[:ATTR]")
@click.option("--group", help="Tool group name (default: the module, or module.Class).")
@click.option("--category", help="Category name (default: 'Python').")
@import_options
@pass_ctx
def import_python(obj: Context, target: str, group: str | None, category: str | None, skip_invalid: bool,
                  dry_run: bool, as_json: bool) -> None:
    """Every public function of a module (or the public methods of MODULE:Class) becomes a tool. The module is
    imported (its top-level code runs), from the installed packages or the current folder."""
    import os
    import sys

    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.python_tools import read_python

    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    batch = read_python(target, ImportBatch("python"), group=group, category=category)
    _run_import(obj, batch, skip_invalid, dry_run, as_json)
