"""``toolgraph demo``: the main job."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from toolgraph.cli.base import Context, emit, json_option, main, progress_enabled
from toolgraph.cli.plan import print_plan
from toolgraph.cli.retrieval import print_hits
from toolgraph.cli.run import print_run
from toolgraph.cli.weights import job_extras


@main.command()
@click.option("--sample", type=click.Path(path_type=Path), default=None,
              help="The sample folder to import (default: the import/ folder shipped with ToolGraph).")
@click.option("--no-embed", is_flag=True, help="Skip embedding and the sample search.")
@click.option("--serve", "serve_after", is_flag=True, help="Then serve the web page (until Ctrl-C).")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(1, 65535), help="The web page's port.")
@json_option
@click.pass_context
def demo(ctx: click.Context, sample: Path | None, no_embed: bool, serve_after: bool, port: int,
         as_json: bool) -> None:
    """The main job: start the database, import the bundled sample, compute the weights, embed, search and plan a
    sample request, show what is in the graph, and (with --serve) serve the web page."""
    obj: Context = ctx.obj
    from toolgraph import wiring
    from toolgraph.demo import run_demo
    from toolgraph.stats import print_stats

    result = run_demo(obj.store(), sample, progress=progress_enabled(), chunk_size=obj.settings.batch_size,
                      extras=job_extras(obj), embedder=None if no_embed else obj.settings.embed.embedder(),
                      llm=obj.settings.llm.client(), executors=wiring.executors(obj.settings),
                      run_config=wiring.run_config(obj.settings), planner_config=wiring.planner_config(obj.settings))

    def human(d: dict[str, Any]) -> None:
        click.echo(f"ToolGraph demo on {d['database']['backend']} ({d['database']['server']})")
        for step in d["imports"]:
            c = step["report"]
            click.echo(f"  imported {step['name']:<34} tools +{c['tools']['created']:<5} "
                       f"paths +{c['call_paths']['created']:<4} dependencies +{c['dependencies']['created']:<4}"
                       f"rejected {len(c['rejected'])}")
            for p in c["rejected"]:
                click.echo(f"      rejected {p['file']}: {p['record']}: {p['field']}: {p['message']}")
        click.echo("")
        for run in d["weights"]:
            stats = ", ".join(f"{k} {v}" for k, v in run["stats"].items() if not isinstance(v, dict))
            click.echo(f"  weights: {run['job']:<13} {run['seconds']:>6.2f} s  {stats}")
        click.echo("")
        print_stats(d["stats"], 10)
        click.echo("most important tools (PageRank over the weighted dependency graph):")
        for row in d["most_important"]:
            click.echo(f"  {row['importance']:.3f}  {row['id']}  (community {row['community']})")
        if "search" in d:
            e = d["embedding"]
            click.echo(f"\nembedded {e['embedded']} tool(s) with {e['model']} ({e['unchanged']} unchanged)")
            click.echo(f"search (graph method): {d['search']['query']}")
            print_hits(d["search"]["hits"])
        click.echo(f"\nplan: {d['plan']['query']}")
        print_plan(d["plan"])
        click.echo("(`toolgraph runs` lists stored plans; `toolgraph plan QUERY --trace` shows every search step)")
        click.echo(f"\nexecuted on the local TMDB-shaped demo service: {d['run']['query']}")
        print_run(d["run"])
        if serve_after:
            click.echo(f"\nthe sample plan's search tree: http://127.0.0.1:{port}/runs/{d['plan']['id']}")

    emit(result, as_json, human)
    if serve_after:
        from toolgraph.cli.serve import serve

        ctx.invoke(serve, host="127.0.0.1", port=port)
