"""``toolgraph runtime ...``: the resident process that answers ``search``, ``plan`` and ``run`` (docs/runtime.md)."""

from __future__ import annotations

from typing import Any

import click

from toolgraph.cli.base import Context, emit, json_option, main, pass_ctx


@main.group("runtime")
def runtime_group() -> None:
    """The resident runtime: it holds the model and the connection so that `search`, `plan` and `run` answer in
    well under a second. It starts on the first of them (TOOLGRAPH_RUNTIME=auto) and stops with `toolgraph db stop`,
    after TOOLGRAPH_RUNTIME_IDLE_S unused, or when the embedded server stops."""


@runtime_group.command("status")
@json_option
@pass_ctx
def runtime_status(obj: Context, as_json: bool) -> None:
    """Whether the runtime of this TOOLGRAPH_HOME runs, its pid, and the commands it answered."""
    from toolgraph.cli.forward import status

    data = status(obj.settings.home.resolve())
    data["mode"] = obj.settings.runtime

    def human(d: dict[str, Any]) -> None:
        for key, value in d.items():
            click.echo(f"{key:>16}: {value}")

    emit(data, as_json, human)


@runtime_group.command("stop")
@json_option
@pass_ctx
def runtime_stop(obj: Context, as_json: bool) -> None:
    """Stop the runtime (it finishes the commands it is answering first)."""
    from toolgraph.cli.forward import stop

    pid = stop(obj.settings.home.resolve())
    emit({"stopped": pid is not None, "pid": pid}, as_json,
         lambda d: click.echo(f"runtime {d['pid']} stopped" if d["stopped"] else "the runtime was not running"))
