"""``toolgraph db ...``: the embedded graph server (or the Neo4j connection)."""

from __future__ import annotations

from typing import Any

import click

from toolgraph.cli.base import Context, emit, json_option, main, pass_ctx
from toolgraph.errors import ToolGraphError


# -- db -----------------------------------------------------------------------------------------------------------
@main.group()
def db() -> None:
    """Start, stop and inspect the embedded graph server (or check the Neo4j connection)."""


def _server(obj: Context) -> Any:
    from toolgraph.db.store import embedded_server

    if not obj.settings.uses_embedded:
        raise ToolGraphError("TOOLGRAPH_NEO4J_URI is set: the embedded server is not in use")
    return embedded_server(obj.settings)


@db.command("start")
@json_option
@pass_ctx
def db_start(obj: Context, as_json: bool) -> None:
    """Start the embedded server (if it is not running) and wait until it is ready."""
    info = _server(obj).start()
    emit({"pid": info.pid, "bolt_uri": info.bolt_uri, "http_url": info.http_url, "database": info.database},
         as_json, lambda d: click.echo(f"embedded graph server running: {d['bolt_uri']} (pid {d['pid']})"))


@db.command("stop")
@json_option
@pass_ctx
def db_stop(obj: Context, as_json: bool) -> None:
    """Stop the embedded server (and the resident runtime, which uses it)."""
    from toolgraph.cli.forward import stop

    server = _server(obj)
    stop(server.home)
    stopped = server.stop()
    message = "embedded graph server stopped" if stopped else "embedded graph server was not running"
    emit({"stopped": stopped}, as_json, lambda d: click.echo(message))


@db.command("status")
@json_option
@pass_ctx
def db_status(obj: Context, as_json: bool) -> None:
    """Where the database is and whether it answers."""
    if obj.settings.uses_embedded:
        data = _server(obj).status()
    else:
        from toolgraph.db.store import routes

        store = obj.store(schema=False)
        data = {"uri": store.uri, "database": store.database, "running": True, **store.backend.capabilities()}
        if routes(store.uri):  # neo4j://: the table reads and writes are routed by
            data["routing"] = store.routing_table()
    if data.get("running") and obj.settings.uses_embedded and data.get("ready"):
        store = obj.store(schema=False)
        data.update(store.backend.capabilities())

    def human(d: dict[str, Any]) -> None:
        for key, value in d.items():
            click.echo(f"{key:>10}: {value}")

    emit(data, as_json, human)


@db.command("reset")
@click.option("--yes", is_flag=True, help="Really delete every node and relationship.")
@json_option
@pass_ctx
def db_reset(obj: Context, yes: bool, as_json: bool) -> None:
    """Delete everything in the graph (the schema stays)."""
    if not yes:
        raise ToolGraphError("refusing to delete the graph without --yes")
    rows = obj.store().query("clear_graph")
    emit({"deleted_nodes": rows[0]["n"] if rows else 0}, as_json,
         lambda d: click.echo(f"deleted {d['deleted_nodes']} nodes"))


# -- db neo4j -----------------------------------------------------------------------------------------------------
@db.group("neo4j")
def db_neo4j() -> None:
    """A real Neo4j 5.26 with APOC and GDS, built from Maven Central (needs Java 17+ and Maven).

    Its state lives under TOOLGRAPH_HOME/neo4j; the database is fresh on every start. Point ToolGraph at it with
    the URI and the password that `start` prints (TOOLGRAPH_NEO4J_URI, TOOLGRAPH_NEO4J_PASSWORD).
    """


def _neo4j_server(obj: Context) -> Any:
    from toolgraph.db.neo4j_server import Neo4jServer

    return Neo4jServer(obj.settings.home / "neo4j")


@db_neo4j.command("start")
@click.option("--show-password", is_flag=True, help="Print the neo4j user's password too.")
@json_option
@pass_ctx
def db_neo4j_start(obj: Context, show_password: bool, as_json: bool) -> None:
    """Build it if needed (the first build downloads ~200 MB), start it and wait until Bolt answers."""
    server = _neo4j_server(obj)
    info = server.start(progress=lambda msg: click.echo(msg, err=True))
    data = {**info.public(), "password": info.password if show_password else f"(in {server.home / 'password'})"}
    emit(data, as_json, lambda d: click.echo(f"Neo4j running: {d['bolt_uri']} user {d['user']} password "
                                            f"{d['password']} (pid {d['pid']}); Neo4j Browser at "
                                            f"{d['http_uri']}/browser/"))


@db_neo4j.command("stop")
@json_option
@pass_ctx
def db_neo4j_stop(obj: Context, as_json: bool) -> None:
    """Stop the project's Neo4j."""
    stopped = _neo4j_server(obj).stop()
    emit({"stopped": stopped}, as_json,
         lambda d: click.echo("Neo4j stopped" if stopped else "Neo4j was not running"))


@db_neo4j.command("status")
@json_option
@pass_ctx
def db_neo4j_status(obj: Context, as_json: bool) -> None:
    """Whether the project's Neo4j runs, where, and whether this machine can build it."""
    from toolgraph.db.neo4j_server import unavailable_reason

    data = _neo4j_server(obj).status()
    data["unavailable"] = unavailable_reason()

    def human(d: dict[str, Any]) -> None:
        for key, value in d.items():
            click.echo(f"{key:>12}: {value}")

    emit(data, as_json, human)
