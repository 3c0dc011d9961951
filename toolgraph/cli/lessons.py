"""``toolgraph forget RUN_ID`` (take back what one run taught) and ``toolgraph memories`` (list and forget the
planner's long-term memories)."""

from __future__ import annotations

import click

from toolgraph.cli.base import Context, emit, json_option, main, pass_ctx


@main.command("forget")
@click.argument("run_id")
@json_option
@pass_ctx
def forget(obj: Context, run_id: str, as_json: bool) -> None:
    """Take back what run RUN_ID taught: the call outcome counts it added, the call path it stored (its SEQUENTIAL
    counts and transition weights) and the memories it wrote. The run itself stays, marked forgotten."""
    from toolgraph.execute.lessons import forget_run

    report = forget_run(obj.store(), run_id)
    emit(report, as_json, lambda r: click.echo(
        f"run {r['run']} ({r['status']}): took back {len(r['outcomes'])} tool outcome count(s), "
        f"call path {r['call_path'] or '(none)'}, {r['memories']} memory(ies)"))


@main.group()
def memories() -> None:
    """The planner's long-term memories: solved subtasks and the tools that solved them."""


@memories.command("list")
@click.option("--limit", default=50, show_default=True, type=click.IntRange(1, 100000))
@json_option
@pass_ctx
def memories_list(obj: Context, limit: int, as_json: bool) -> None:
    """Memories, newest first."""
    from toolgraph.execute.lessons import list_memories

    emit(list_memories(obj.store(), limit), as_json, lambda rows: [click.echo(
        f"{r['created']}  {r['id']}  uses {r['uses'] or 0}  run {r['run']}  {r['text'][:80]!r} -> "
        f"{' -> '.join(r['tools'])}") for r in rows] or click.echo("no memories"))


@memories.command("forget")
@click.argument("memory_id", nargs=-1, required=True)
@json_option
@pass_ctx
def memories_forget(obj: Context, memory_id: tuple[str, ...], as_json: bool) -> None:
    """Forget the memories MEMORY_ID... (ids from `toolgraph memories list`)."""
    from toolgraph.execute.lessons import forget_memory

    for m in memory_id:
        forget_memory(obj.store(), m)
    emit({"forgotten": list(memory_id)}, as_json, lambda d: click.echo(f"forgot {len(d['forgotten'])} memory(ies)"))
