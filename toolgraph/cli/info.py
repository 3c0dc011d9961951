"""``toolgraph stats`` and ``toolgraph queries``: what is in the graph and the named Cypher."""

from __future__ import annotations

from typing import Any

import click

from toolgraph.cli.base import Context, emit, json_option, main, pass_ctx


# -- stats / queries ------------------------------------------------------------------------------------------------
@main.command()
@click.option("--top", default=15, show_default=True, help="Categories to list (largest first).")
@json_option
@pass_ctx
def stats(obj: Context, top: int, as_json: bool) -> None:
    """Counts of nodes by label, relationships by type, and per category."""
    from toolgraph.stats import graph_stats, print_stats

    data = graph_stats(obj.store())
    emit(data, as_json, lambda d: print_stats(d, top))


@main.command("queries")
@click.option("--check", is_flag=True, help="EXPLAIN every named query against the database.")
@json_option
@pass_ctx
def queries(obj: Context, check: bool, as_json: bool) -> None:
    """List the named Cypher queries (cypher/queries/*.cypher)."""
    from toolgraph.db.cypher import default_catalog

    catalog = default_catalog()
    rows = []
    store = obj.store() if check else None
    for name in catalog.names():
        q = catalog[name]
        row: dict[str, Any] = {"name": name, "mode": q.mode, "params": list(q.params), "returns": q.returns,
                               "description": q.description, "file": str(q.path)}
        if store is not None:
            store.explain(name)
            row["explain"] = "ok"
        rows.append(row)
    emit(rows, as_json, lambda d: [click.echo(f"{r['name']:<32} {r['mode']:<6} {r['description']}") for r in d])
