"""What is in the graph: counts by label, by relationship type, and per category."""

from __future__ import annotations

from typing import Any

import click

from toolgraph.db.store import GraphStore


def graph_stats(store: GraphStore) -> dict[str, Any]:
    labels = {r["label"]: r["count"] for r in store.query("count_nodes_by_label")}
    types = {r["type"]: r["count"] for r in store.query("count_relationships_by_type")}
    seq = store.query("sum_sequential_counts")
    return {
        "database": {"uri": store.uri, "database": store.database, **store.backend.capabilities()},
        "nodes": labels,
        "relationships": types,
        "transitions": seq[0]["transitions"] if seq else 0,
        "categories": store.query("count_by_category"),
        "top_transitions": store.query("top_transitions", limit=5),
    }


def print_stats(d: dict[str, Any], top: int = 15) -> None:
    click.echo("nodes:         " + ", ".join(f"{k} {v}" for k, v in d["nodes"].items()) or "(empty graph)")
    click.echo("relationships: " + ", ".join(f"{k} {v}" for k, v in d["relationships"].items()))
    click.echo(f"transitions mined from call paths: {d['transitions']}")
    if d.get("top_transitions"):
        click.echo("most frequent transitions:")
        for row in d["top_transitions"]:
            click.echo(f"  {row['count']:>4} x {row['source']} -> {row['target']}")
    cats = d["categories"]
    if cats:
        click.echo(f"\n{'category':<40}{'groups':>8}{'tools':>8}{'deps':>8}")
        for row in cats[:top]:
            click.echo(f"{row['category'][:39]:<40}{row['groups']:>8}{row['tools']:>8}{row['dependencies']:>8}")
        if len(cats) > top:
            click.echo(f"... and {len(cats) - top} more categories (--top, --json)")
