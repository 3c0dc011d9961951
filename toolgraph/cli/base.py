"""The command line's base: the context (settings, the store opened on first use), ``emit``, the ``--json``
option and the mapping of ToolGraph errors to a message and an exit code. The command modules register on ``main``."""

from __future__ import annotations

import json
import logging
import math
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from toolgraph.errors import ImportRejectedError, ToolGraphError

if TYPE_CHECKING:  # settings and the store are imported when a command runs: `--help` and the runtime's thin
    # client (toolgraph.cli.forward) need neither pydantic nor the driver
    from toolgraph.config import Settings
    from toolgraph.db.store import GraphStore
    from toolgraph.embeddings.base import Embedder

log = logging.getLogger("toolgraph")


class Context:
    """Settings built once by the group callback; the store is opened on first use."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._store: GraphStore | None = None
        self._embedder: Embedder | None = None

    def store(self, *, schema: bool = True) -> GraphStore:
        if self._store is None:
            from toolgraph.db.store import open_store

            self._store = open_store(self.settings)
            if schema:
                self._store.apply_schema()
        return self._store

    def embedder(self) -> Embedder:
        """The settings' embedding model, loaded on first use (the runtime's context keeps one for every command)."""
        if self._embedder is None:
            self._embedder = self.settings.embed.embedder()
        return self._embedder

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


pass_ctx = click.make_pass_decorator(Context)


def progress_enabled() -> bool:
    return sys.stderr.isatty()


def finite(value: Any) -> Any:
    """``value`` with every NaN and infinity as null: ``--json`` output is always valid JSON."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [finite(v) for v in value]
    return value


def emit(data: Any, as_json: bool, human: Callable[[Any], None]) -> None:
    if as_json:
        try:
            text = json.dumps(data, indent=2, default=str, ensure_ascii=False, allow_nan=False)
        except ValueError:  # a NaN or an infinity (a tool answered one): null, as JSON has no such numbers
            text = json.dumps(finite(data), indent=2, default=str, ensure_ascii=False)
        click.echo(text)
    else:
        human(data)


class ToolGraphGroup(click.Group):
    """Turns ToolGraph errors into a message and an exit code instead of a traceback."""

    def main(self, args: Any = None, *a: Any, **kw: Any) -> Any:
        """From the command line (``args`` not given): ``search``, ``plan`` and ``run`` go to the resident runtime
        when it is on (toolgraph.cli.forward), which prints what the command would; otherwise, and when the runtime
        cannot answer, the command runs here."""
        if args is None and not kw.get("obj"):
            from toolgraph.cli.forward import forward

            code = forward(sys.argv[1:])
            if code is not None:
                sys.exit(code)
        return super().main(args, *a, **kw)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except ImportRejectedError as exc:
            if ctx.meta.get("toolgraph_json") and exc.report is not None:
                click.echo(json.dumps(exc.report.as_dict(), indent=2, default=str, ensure_ascii=False))
            click.echo(f"error: {exc}", err=True)
            ctx.exit(exc.exit_code)
        except ToolGraphError as exc:
            click.echo(f"error: {exc}", err=True)
            ctx.exit(exc.exit_code)


@click.group(cls=ToolGraphGroup)
@click.option("-v", "--verbose", count=True, help="More log output (-vv for debug).")
@click.pass_context
def main(ctx: click.Context, verbose: int) -> None:
    """ToolGraph: a tool knowledge graph for LLM agents, in Neo4j or the embedded graph server."""
    level = logging.WARNING - 10 * min(verbose, 2)
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    if ctx.obj is not None:  # the runtime's context (toolgraph.cli.runtime): its store and model stay open
        return
    from toolgraph.config import Settings

    try:
        settings = Settings()
    except Exception as exc:  # pydantic ValidationError: name the setting
        raise click.ClickException(f"bad setting: {exc}") from exc
    ctx.obj = Context(settings)
    ctx.call_on_close(ctx.obj.close)


def json_option(f: Callable[..., Any]) -> Callable[..., Any]:
    def remember(ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
        ctx.find_root().meta["toolgraph_json"] = value
        return value

    return click.option("--json", "as_json", is_flag=True, callback=remember, expose_value=True,
                        help="Print the result as JSON.")(f)
