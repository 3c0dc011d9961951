"""``toolgraph procedures install|list`` (the ``custom.toolgraph.*`` procedures on Neo4j) and ``toolgraph cypher
NAME`` (any named query or procedure body, on any backend)."""

from __future__ import annotations

import difflib
import json
from typing import Any

import click

from toolgraph.cli.base import Context, emit, json_option, main, pass_ctx
from toolgraph.errors import ToolGraphError


@main.group()
def procedures() -> None:
    """Cypher procedures for Neo4j Browser: custom.toolgraph.search, .neighbours, .providers, .next, .chain, .path."""


@procedures.command("install")
@click.option("--timeout", default=90.0, show_default=True, type=click.FloatRange(1, 600),
              help="Seconds to wait for SHOW PROCEDURES to list them.")
@json_option
@pass_ctx
def procedures_install(obj: Context, timeout: float, as_json: bool) -> None:
    """Declare the procedures on Neo4j 5 with APOC (apoc.custom.installProcedure on the system database)."""
    from toolgraph.db.procedures import install

    names = install(obj.store(), timeout=timeout)
    emit(names, as_json, lambda ns: click.echo(f"installed {len(ns)} procedure(s): {', '.join(ns)}"))


@procedures.command("uninstall")
@click.option("--timeout", default=90.0, show_default=True, type=click.FloatRange(1, 600),
              help="Seconds to wait for SHOW PROCEDURES to stop listing them.")
@json_option
@pass_ctx
def procedures_uninstall(obj: Context, timeout: float, as_json: bool) -> None:
    """Remove the custom.toolgraph.* procedures from Neo4j (apoc.custom.dropProcedure on the system database)."""
    from toolgraph.db.procedures import uninstall

    names = uninstall(obj.store(), timeout=timeout)
    emit(names, as_json,
         lambda ns: click.echo(f"removed {len(ns)} procedure(s)" + (f": {', '.join(ns)}" if ns else "")))


@procedures.command("list")
@json_option
@pass_ctx
def procedures_list(obj: Context, as_json: bool) -> None:
    """The procedure bodies in cypher/procedures, their signatures, and whether the server has them installed."""
    from toolgraph.db.cypher import default_catalog
    from toolgraph.db.procedures import PREFIX, installed

    store = obj.store()
    have = {r["name"] for r in installed(store)}
    rows = [{"name": f"{PREFIX}{p.name}", "signature": p.signature, "mode": p.mode, "description": p.description,
             "installed": f"{PREFIX}{p.name}" in have} for p in default_catalog().procedures()]
    where = "" if store.backend.kind == "neo4j" else " (the embedded server cannot install them: use toolgraph cypher)"

    def human(rs: list[dict[str, Any]]) -> None:
        for r in rs:
            click.echo(f"{'installed' if r['installed'] else 'not installed':<14} {r['name']}")
            click.echo(f"    {r['signature']}")
        click.echo(f"{sum(r['installed'] for r in rs)} of {len(rs)} installed{where}")

    emit(rows, as_json, human)


def parse_param(text: str) -> tuple[str, Any]:
    """``k=v``: v as JSON (numbers, lists, true/false/null, quoted strings), otherwise the plain string."""
    if "=" not in text:
        raise ToolGraphError(f"--param {text!r}: expected NAME=VALUE")
    key, raw = text.split("=", 1)
    try:
        return key.strip(), json.loads(raw)
    except ValueError:
        return key.strip(), raw


@main.command("cypher")
@click.argument("name")
@click.option("--param", "params", multiple=True, metavar="NAME=VALUE",
              help="A parameter; VALUE is read as JSON when it parses (10, 0.5, [\"a\",\"b\"]), else as a string.")
@click.option("--write", is_flag=True, help="Allow a query whose header says mode: write.")
@json_option
@pass_ctx
def cypher_command(obj: Context, name: str, params: tuple[str, ...], write: bool, as_json: bool) -> None:
    """Run a named query (cypher/queries) or procedure body (cypher/procedures) with parameters."""
    from toolgraph.db.cypher import default_catalog

    catalog = default_catalog()
    bare = name.removeprefix("custom.toolgraph.")
    if bare not in catalog:
        close = difflib.get_close_matches(bare, catalog.names(), n=3)
        raise ToolGraphError(f"no named query or procedure {name!r}"
                             + (f"; did you mean {', '.join(close)}?" if close else "; `toolgraph procedures list`"))
    query = catalog[bare]
    if query.mode == "write" and not write:
        raise ToolGraphError(f"{bare} writes to the graph (mode: write): add --write to run it")
    values = dict(parse_param(p) for p in params)
    store = obj.store()
    if "index" in query.params and "index" not in values and bare in {p.name for p in catalog.procedures()}:
        values["index"] = store.backend.fulltext_index_name("Tool", "search_text")
    stray = sorted(set(values) - set(query.params))
    missing = [p for p in query.params if p not in values]
    if stray or missing:
        raise ToolGraphError(f"{bare} takes {', '.join(query.params) or 'no parameters'}"
                             + (f"; missing {', '.join(missing)}" if missing else "")
                             + (f"; unknown {', '.join(stray)}" if stray else ""))
    rows = store.query(bare, **values)

    def human(rs: list[dict[str, Any]]) -> None:
        for r in rs:
            click.echo("  ".join(f"{k}={json.dumps(v, default=str, ensure_ascii=False)}" for k, v in r.items()))
        click.echo(f"{len(rs)} row(s)")

    emit(rows, as_json, human)
