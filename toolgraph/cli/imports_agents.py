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

    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.python_tools import read_python

    batch = read_python(target, ImportBatch("python"), group=group, category=category, search_path=os.getcwd())
    _run_import(obj, batch, skip_invalid, dry_run, as_json)


@import_.command("mcp", context_settings={"ignore_unknown_options": True})
@click.argument("command", nargs=-1, type=click.UNPROCESSED)
@click.option("--url", help="A streamable HTTP MCP server, instead of a command to start.")
@click.option("--env", "env_names", multiple=True, metavar="NAME",
              help="An environment variable the stdio server needs (its name is recorded, never its value).")
@click.option("--cwd", type=click.Path(file_okay=False, exists=True),
              help="Folder to start the stdio server in (default: this one; recorded, so a run starts it there too).")
@click.option("--group", help="Tool group name (default: the server's name).")
@click.option("--category", help="Category name (default: 'MCP').")
@click.option("--timeout", "timeout_s", type=float, default=60.0, show_default=True,
              help="Seconds to start the server and list its tools.")
@import_options
@pass_ctx
def import_mcp(obj: Context, command: tuple[str, ...], url: str | None, env_names: tuple[str, ...],
               cwd: str | None, group: str | None, category: str | None, timeout_s: float, skip_invalid: bool,
               dry_run: bool, as_json: bool) -> None:
    """A live MCP server's tools: `import mcp -- COMMAND ARGS...` (stdio) or `import mcp --url URL` (HTTP)."""
    import asyncio

    from toolgraph.errors import ConfigError, InputFileError, ToolGraphError
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.mcp_tools import read_mcp_listing
    from toolgraph.mcp_client import ServerRef, list_server_tools, root_cause

    if bool(command) == bool(url):
        raise ConfigError("give either a server command (import mcp -- COMMAND ARGS...) or --url URL, not both")
    if command:
        import os

        cwd = os.path.abspath(cwd or os.getcwd())
    ref = ServerRef.http(url) if url else ServerRef.stdio(list(command), cwd=cwd, env=list(env_names))
    try:
        name, description, tools = asyncio.run(asyncio.wait_for(list_server_tools(ref), timeout_s))
    except Exception as exc:  # the server could not be started or spoke nonsense: say which and why
        cause = root_cause(exc)
        if isinstance(cause, ToolGraphError):
            raise cause from exc
        if isinstance(cause, TimeoutError):
            raise InputFileError(f"MCP server {ref.label()!r} did not list its tools within {timeout_s:g} s") from exc
        raise InputFileError(f"MCP server {ref.label()!r}: cannot list its tools: {type(cause).__name__}: "
                             f"{cause}") from exc
    batch = read_mcp_listing(ref, name, description, tools, ImportBatch("mcp"), group=group, category=category)
    _run_import(obj, batch, skip_invalid, dry_run, as_json)
