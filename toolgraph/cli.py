"""The ``toolgraph`` command line. Every command that prints results takes ``--json``."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from toolgraph.config import Settings
from toolgraph.errors import ImportRejectedError, ToolGraphError

log = logging.getLogger("toolgraph")


class Context:
    """Settings built once by the group callback; the store is opened on first use."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._store: Any = None

    def store(self, *, schema: bool = True) -> Any:
        if self._store is None:
            from toolgraph.store import open_store

            self._store = open_store(self.settings)
            if schema:
                self._store.apply_schema()
        return self._store

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None


pass_ctx = click.make_pass_decorator(Context)


def progress_enabled() -> bool:
    return sys.stderr.isatty()


def emit(data: Any, as_json: bool, human: Callable[[Any], None]) -> None:
    if as_json:
        click.echo(json.dumps(data, indent=2, default=str, ensure_ascii=False))
    else:
        human(data)


class ToolGraphGroup(click.Group):
    """Turns ToolGraph errors into a message and an exit code instead of a traceback."""

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


# -- db -----------------------------------------------------------------------------------------------------------
@main.group()
def db() -> None:
    """Start, stop and inspect the embedded graph server (or check the Neo4j connection)."""


def _server(obj: Context) -> Any:
    from toolgraph.store import embedded_server

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
    """Stop the embedded server."""
    stopped = _server(obj).stop()
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
        store = obj.store(schema=False)
        data = {"uri": store.uri, "database": store.database, "running": True, **store.backend.capabilities()}
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


# -- import -------------------------------------------------------------------------------------------------------
@main.group("import")
def import_() -> None:
    """Import tools, dependencies and call paths. Every import is one transaction: all of it or nothing."""


def import_options(f: Callable[..., Any]) -> Callable[..., Any]:
    f = click.option("--skip-invalid", is_flag=True,
                     help="Write the valid records and list the invalid ones (default: reject the whole import).")(f)
    f = click.option("--dry-run", is_flag=True, help="Validate and count, then roll back: nothing is written.")(f)
    return json_option(f)


def _run_import(obj: Context, batch: Any, skip_invalid: bool, dry_run: bool, as_json: bool) -> None:
    from toolgraph.ingest.writer import write_batch

    report = write_batch(obj.store(), batch, skip_invalid=skip_invalid, dry_run=dry_run,
                         chunk_size=obj.settings.batch_size, progress=progress_enabled())
    emit(report.as_dict(), as_json, print_report)


def print_report(d: dict[str, Any]) -> None:
    state = "dry run, nothing written" if d["dry_run"] else ("written" if d["written"] else "not written")
    click.echo(f"import {d['source']}: {d['files']} file(s), {d['records']} record(s) read; {state}")
    click.echo(f"  {'':<14}{'created':>9}{'updated':>9}{'unchanged':>11}")
    for kind in ("categories", "groups", "tools", "dependencies", "call_paths"):
        c = d[kind]
        click.echo(f"  {kind:<14}{c['created']:>9}{c['updated']:>9}{c['unchanged']:>11}")
    if d["transitions_added"]:
        click.echo(f"  transitions added to SEQUENTIAL counts: {d['transitions_added']}")
    if d["kept_manual_edges"]:
        click.echo(f"  analyst-edited edges left as they were: {d['kept_manual_edges']}")
    for reason, n in d["filtered"].items():
        click.echo(f"  filtered: {n} x {reason}")
    for note, n in d["notes"].items():
        click.echo(f"  note: {n} x {note}")
    if d["rejected"]:
        click.echo(f"  rejected: {len(d['rejected'])} record(s)")
        for p in d["rejected"][:20]:
            where = f"{p['file']}: {p['record']}" if p["record"] else p["file"]
            click.echo(f"    {where}: {p['field'] + ': ' if p['field'] else ''}{p['message']}")
        if len(d["rejected"]) > 20:
            click.echo(f"    ... and {len(d['rejected']) - 20} more (see --json)")


@import_.command("toolbench")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@import_options
@pass_ctx
def import_toolbench(obj: Context, paths: tuple[Path, ...], skip_invalid: bool, dry_run: bool, as_json: bool) -> None:
    """StableToolBench/ToolBench query files (api_list), tool files and response examples: FILE or DIR..."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.toolbench import read_toolbench

    batch = read_toolbench(paths, ImportBatch("toolbench"), progress=progress_enabled())
    _run_import(obj, batch, skip_invalid, dry_run, as_json)


@import_.command("paths")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--add-missing-tools", is_flag=True,
              help="Create tools that paths call but the graph lacks, from the paths' own function schemas.")
@import_options
@pass_ctx
def import_paths(obj: Context, paths: tuple[Path, ...], add_missing_tools: bool, skip_invalid: bool,
                 dry_run: bool, as_json: bool) -> None:
    """Call paths: ToolBench DFS/CoT answers, tooleval results, or JSON lines {query, calls, success}."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.paths import read_paths

    store = obj.store()
    batch = read_paths(paths, ImportBatch("paths"), store, add_missing_tools=add_missing_tools,
                       progress=progress_enabled())
    _run_import(obj, batch, skip_invalid, dry_run, as_json)


@import_.command("openapi")
@click.argument("spec", type=click.Path(path_type=Path))
@click.option("--group", help="Tool group name (default: the spec's info.title).")
@click.option("--category", help="Category name (default: OpenAPI).")
@import_options
@pass_ctx
def import_openapi(obj: Context, spec: Path, group: str | None, category: str | None, skip_invalid: bool,
                   dry_run: bool, as_json: bool) -> None:
    """An OpenAPI 3 / Swagger 2 spec (JSON or YAML): one tool per operation."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.openapi import read_openapi

    batch = ImportBatch("openapi")
    read_openapi(spec, batch, group=group, category=category)
    _run_import(obj, batch, skip_invalid, dry_run, as_json)


@import_.command("restbench")
@click.argument("queries", type=click.Path(path_type=Path))
@click.option("--spec", required=True, type=click.Path(path_type=Path), help="The OpenAPI spec the paths use.")
@click.option("--group", help="Tool group name (default: the spec's info.title).")
@click.option("--category", help="Category name (default: OpenAPI).")
@import_options
@pass_ctx
def import_restbench(obj: Context, queries: Path, spec: Path, group: str | None, category: str | None,
                     skip_invalid: bool, dry_run: bool, as_json: bool) -> None:
    """RestBench queries with gold solution paths, on top of their OpenAPI spec."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.openapi import read_restbench

    batch = read_restbench(queries, spec, ImportBatch("restbench"), group=group, category=category)
    _run_import(obj, batch, skip_invalid, dry_run, as_json)


@import_.command("taskbench")
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--category", help="Category name (default: 'TaskBench <domain>').")
@import_options
@pass_ctx
def import_taskbench(obj: Context, folder: Path, category: str | None, skip_invalid: bool, dry_run: bool,
                     as_json: bool) -> None:
    """A TaskBench data_<domain> folder: its tool graph (nodes -> tools, typed links -> resource edges)."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.taskbench import read_taskbench

    batch = read_taskbench(folder, ImportBatch("taskbench"), category=category)
    _run_import(obj, batch, skip_invalid, dry_run, as_json)


# -- weights ------------------------------------------------------------------------------------------------------
@main.group()
def weights() -> None:
    """Weights and graph analytics: transition, availability, resources, importance, substitutes, communities."""


def _job_extras(obj: Context) -> dict[str, Any]:
    """What jobs may use beyond the store: the configured LLM (if any) and where its answers are cached."""
    extras: dict[str, Any] = {"llm_cache": obj.settings.home / "cache" / "resource_llm.json"}
    llm = obj.settings.llm.client()
    if llm is not None:
        extras["llm"] = llm
    return extras


def _parse_params(items: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        job, dot, name = key.partition(".")
        if not sep or not dot or not job or not name:
            raise ToolGraphError(f"--param {item!r}: expected JOB.NAME=VALUE, e.g. transition.alpha=0.5")
        try:
            value: Any = json.loads(raw)
        except ValueError:
            value = raw
        out.setdefault(job, {})[name] = value
    return out


@weights.command("run")
@click.argument("jobs", nargs=-1)
@click.option("--backend", type=click.Choice(["auto", "gds", "portable"]), default="auto", show_default=True,
              help="GDS where the server has it (auto), or force one implementation.")
@click.option("--param", "params", multiple=True, metavar="JOB.NAME=VALUE", help="A job parameter (repeatable).")
@json_option
@pass_ctx
def weights_run(obj: Context, jobs: tuple[str, ...], backend: str, params: tuple[str, ...], as_json: bool) -> None:
    """Run weight jobs (all by default) in dependency order; each run is recorded as a JobRun node."""
    from gds_jobs import JOBS, run_jobs

    store = obj.store()
    extras = _job_extras(obj)
    say = (lambda m: click.echo(m, err=True)) if progress_enabled() and not as_json else None
    runs = run_jobs(store, JOBS, jobs or None, params=_parse_params(params), backend=backend, progress=say,
                    extras=extras)

    def human(rows: list[dict[str, Any]]) -> None:
        for run in rows:
            stats = ", ".join(f"{k} {v}" for k, v in run["stats"].items() if not isinstance(v, dict))
            click.echo(f"{run['job']:<13} {run['backend']:<9} {run['seconds']:>8.2f} s  {stats}")

    emit(runs, as_json, human)


@weights.command("list")
@json_option
def weights_list(as_json: bool) -> None:
    """The jobs: what each reads and writes, its parameters and defaults."""
    from gds_jobs import JOBS

    rows = [job.describe() for job in JOBS.values()]

    def human(d: list[dict[str, Any]]) -> None:
        for job in d:
            click.echo(f"{job['name']}: {job['description']}")
            click.echo(f"  reads:  {', '.join(job['reads'])}")
            click.echo(f"  writes: {', '.join(job['writes'])}")
            click.echo(f"  gds:    {'yes' if job['gds'] else 'no (plain Cypher on both backends)'}")
            for name, p in job["params"].items():
                click.echo(f"  --param {job['name']}.{name}={p['default']}  {p['description']}")

    emit(rows, as_json, human)


@weights.command("history")
@click.option("--job", default=None, help="Only this job.")
@click.option("--limit", default=20, show_default=True)
@json_option
@pass_ctx
def weights_history(obj: Context, job: str | None, limit: int, as_json: bool) -> None:
    """Recent job runs (JobRun nodes), newest first."""
    rows = obj.store().query("list_job_runs", job=job, limit=limit)
    for row in rows:
        row["params"], row["stats"] = json.loads(row["params"] or "{}"), json.loads(row["stats"] or "{}")
    emit(rows, as_json, lambda d: [click.echo(f"{r['started']}  {r['job']:<13} {r['backend']:<9} "
                                              f"{r['seconds']:>8.2f} s") for r in d])


# -- retrieval ----------------------------------------------------------------------------------------------------
@main.command()
@click.option("--reset", is_flag=True, help="Drop every vector and the index, and embed every tool anew.")
@json_option
@pass_ctx
def embed(obj: Context, reset: bool, as_json: bool) -> None:
    """Embed every tool (only those whose text changed) and create the vector and full-text indexes."""
    from toolgraph.retrieve.embed import embed_tools

    store = obj.store()
    stats = embed_tools(store, obj.settings.embed.embedder(), reset=reset, progress=progress_enabled())
    emit(stats, as_json, lambda d: click.echo(
        f"embedded {d['embedded']} tool(s) with {d['model']} ({d['dimensions']} dims); {d['unchanged']} unchanged; "
        f"indexes {d['vector_index']}, {d['text_index']}"))


def _retriever(obj: Context, method: str, exact: bool = False) -> Any:
    from toolgraph.retrieve.search import Retriever

    embedder = None if method == "keyword" else obj.settings.embed.embedder()
    return Retriever(obj.store(), embedder, exact=exact)


def _print_hits(hits: list[dict[str, Any]]) -> None:
    for i, h in enumerate(hits, start=1):
        why = h["why"]
        parts = [f"dense {why['dense']:.3f}" if why.get("dense") is not None else "",
                 f"bm25 {why['keyword']:.2f}" if why.get("keyword") is not None else "",
                 f"graph +{why['graph']:.3f}" if why.get("graph") else ""]
        click.echo(f"{i:>2}. {h['score']:.3f}  {h['id']}  [{h['category']} / {h['group']}]  "
                   f"{' '.join(p for p in parts if p)}")
        for via in why.get("via") or []:
            click.echo(f"        {via}")
        if h.get("chain") and len(h["chain"]) > 1:
            click.echo(f"        chain: {' -> '.join(h['chain'])}")


@main.command()
@click.argument("query", required=False)
@click.option("--k", default=10, show_default=True, type=click.IntRange(1, 1000))
@click.option("--category", default=None, help="Only tools of this category.")
@click.option("--method", type=click.Choice(["keyword", "dense", "hybrid", "graph"]), default="graph",
              show_default=True)
@click.option("--chains", is_flag=True, help="Return each tool with the providers of its required inputs.")
@click.option("--exact", is_flag=True, help="Exact cosine over every vector instead of the vector index.")
@click.option("--batch", "batch_file", type=click.Path(path_type=Path, dir_okay=False),
              help='JSON lines {"query": ...} in; one JSON result line per query out (model loaded once).')
@json_option
@pass_ctx
def search(obj: Context, query: str | None, k: int, category: str | None, method: str, chains: bool, exact: bool,
           batch_file: Path | None, as_json: bool) -> None:
    """Search tools for a request: graph (default), hybrid, dense or keyword."""
    if (query is None) == (batch_file is None):
        raise ToolGraphError("give either a QUERY or --batch FILE")
    if query is not None and not query.strip():
        raise ToolGraphError("the search query is empty")
    retriever = _retriever(obj, method, exact)
    if batch_file is not None:
        from toolgraph.retrieve.batch import run_batch

        for line in run_batch(retriever, batch_file, k=k, method=method, category=category, chains=chains):
            click.echo(line)
        return
    assert query is not None
    hits = [h.model_dump() for h in retriever.search(query, k=k, method=method, category=category, chains=chains)]  # type: ignore[arg-type]
    emit(hits, as_json, _print_hits)


@main.group("eval")
def eval_() -> None:
    """Evaluate retrieval (and, later, planning) against gold data."""


@eval_.command("retrieval")
@click.option("--queries", "files", multiple=True, required=True, type=click.Path(path_type=Path, exists=True),
              help="StableToolBench-format query file (repeatable).")
@click.option("--k", "ks", default="1,3,5,10", show_default=True, help="Cut-offs, comma-separated.")
@click.option("--methods", default="keyword,dense,hybrid,graph", show_default=True)
@click.option("--exact", is_flag=True, help="Exact cosine instead of the vector index.")
@json_option
@pass_ctx
def eval_retrieval(obj: Context, files: tuple[Path, ...], ks: str, methods: str, exact: bool, as_json: bool) -> None:
    """Recall@k, NDCG@k and mAP@10 per file and per method, side by side."""
    from toolgraph.retrieve.evaluate import evaluate, load_queries
    from toolgraph.retrieve.search import METHODS

    try:
        cutoffs = sorted({int(x) for x in ks.split(",") if x.strip()})
    except ValueError as exc:
        raise ToolGraphError(f"--k {ks!r}: expected numbers like 1,3,5,10") from exc
    chosen = [m.strip() for m in methods.split(",") if m.strip()]
    bad = [m for m in chosen if m not in METHODS]
    if bad or not chosen or not cutoffs or min(cutoffs) < 1:
        raise ToolGraphError(f"--methods takes {', '.join(METHODS)}; --k positive numbers")
    queries, skipped = load_queries(list(files))
    if not queries:
        raise ToolGraphError("no query with a gold tool in the given files")
    retriever = _retriever(obj, "keyword" if chosen == ["keyword"] else "dense", exact)
    result = evaluate(retriever, queries, ks=cutoffs, methods=chosen, progress=progress_enabled())
    result["skipped_queries"] = skipped

    def human(d: dict[str, Any]) -> None:
        cols = [f"recall@{k}" for k in d["ks"]] + [f"ndcg@{k}" for k in d["ks"]] + ["map@10"]
        click.echo(f"{'file':<22}{'method':<9}{'n':>5}" + "".join(f"{c:>10}" for c in cols))
        for r in d["results"]:
            click.echo(f"{r['file'][:21]:<22}{r['method']:<9}{r['queries']:>5}"
                       + "".join(f"{r[c]:>10.4f}" for c in cols))
        click.echo("ms per query: " + ", ".join(f"{m} {v}" for m, v in d["ms_per_query"].items()))

    emit(result, as_json, human)


@main.group()
def retriever() -> None:
    """The retriever's embedding model: fine-tune it on query files."""


@retriever.command("train")
@click.option("--queries", "files", multiple=True, required=True, type=click.Path(path_type=Path, exists=True),
              help="StableToolBench-format query file to learn from (repeatable); part is held out.")
@click.option("--out", type=click.Path(path_type=Path, file_okay=False), required=True,
              help="Folder for the fine-tuned model (then TOOLGRAPH_EMBED_MODEL=that folder).")
@click.option("--base", default=None, help="Model to start from (default: the configured / offline model).")
@click.option("--epochs", default=1, show_default=True, type=click.IntRange(1, 100))
@click.option("--batch-size", default=8, show_default=True, type=click.IntRange(1, 1024))
@click.option("--negatives", default=3, show_default=True, type=click.IntRange(1, 64))
@click.option("--holdout", default=0.2, show_default=True, type=click.FloatRange(0.05, 0.9))
@click.option("--lr", default=2e-5, show_default=True, type=float)
@click.option("--seed", default=7, show_default=True)
@json_option
@pass_ctx
def retriever_train(obj: Context, files: tuple[Path, ...], out: Path, base: str | None, epochs: int,
                    batch_size: int, negatives: int, holdout: float, lr: float, seed: int, as_json: bool) -> None:
    """Fine-tune with FlagEmbedding on (query, relevant tools, simple/hard/generated negatives); report held-out
    Recall@k and NDCG@k of dense search before and after."""
    from toolgraph.embeddings.flag import FlagEmbedder, offline_model_path
    from toolgraph.retrieve.evaluate import load_queries
    from toolgraph.retrieve.train import TrainConfig, train

    queries, _ = load_queries(list(files))
    if not queries:
        raise ToolGraphError("no query with a gold tool in the given files")
    model = base or obj.settings.embed.model
    embedder = FlagEmbedder(model, pooling=obj.settings.embed.pooling)
    base_path = str(offline_model_path()) if model in (None, "", "all-MiniLM-L6-v2") else model
    cfg = TrainConfig(out=out, base_model=model, epochs=epochs, batch_size=batch_size, learning_rate=lr,
                      negatives=negatives, holdout=holdout, seed=seed)
    report = train(obj.store(), embedder, queries, cfg, base_path=base_path, pooling=embedder.pooling,
                   llm=obj.settings.llm.client())

    def human(d: dict[str, Any]) -> None:
        click.echo(f"fine-tuned {d['base_model']} -> {d['model_dir']} on {d['train_queries']} queries "
                   f"({d['examples']} examples, negatives {d['negatives']}) in {d['train_seconds']} s")
        click.echo(f"held-out queries: {d['heldout_queries']} (dense search, exact cosine over every tool)")
        for name in d["heldout_before"]:
            click.echo(f"  {name:<10} {d['heldout_before'][name]:.4f} -> {d['heldout_after'][name]:.4f}")
        click.echo(f"use it: TOOLGRAPH_EMBED_MODEL={d['model_dir']} toolgraph embed --reset")

    emit(report, as_json, human)


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
    from toolgraph.cypher import default_catalog

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


# -- the main job -------------------------------------------------------------------------------------------------
# -- plan ---------------------------------------------------------------------------------------------------------
def _print_plan(d: dict[str, Any]) -> None:
    u = d["usage"]
    click.echo(f"plan {d['id']} ({d['policy']}{', ' + d['model'] if d.get('model') else ''}): {d['status']}")
    for r in d["subtasks"]:
        st = r["subtask"]
        after = f" (after {', '.join(map(str, st['context']))})" if st["context"] else ""
        click.echo(f"  subtask {st['id']}{after}: {st['description']}")
        click.echo(f"    {r['status']} in {r['rounds']} round(s): {' -> '.join(r['tools']) or 'no tool'}")
    click.echo("execution levels (tools of one level can run in parallel):")
    for i, level in enumerate(d["levels"]):
        click.echo(f"  {i}: {', '.join(level)}")
    for e in d["edges"]:
        what = f" `{e['resource']}`" if e.get("resource") else ""
        click.echo(f"  {e['source']} -> {e['target']}  {e['type'].lower()}{what}")
    backtracks = sum(1 for s in d["trace"] if s["kind"] == "backtrack")
    click.echo(f"{len(d['trace'])} trace steps, {backtracks} backtrack(s); {u['llm_calls']} LLM call(s), "
               f"{u['prompt_tokens']} prompt + {u['completion_tokens']} completion tokens; {u['seconds']:.2f} s")


@main.command()
@click.argument("query")
@click.option("--no-llm", is_flag=True, help="Use the graph-only policy even when an LLM is configured.")
@click.option("--no-decompose", is_flag=True, help="Plan the whole request as one subtask.")
@click.option("--no-memory", is_flag=True, help="Neither recall nor store long-term memories.")
@click.option("--no-save", is_flag=True, help="Do not store the run as a (:Run) node.")
@click.option("--top-k", default=8, show_default=True, type=click.IntRange(1, 100), help="Candidates per step.")
@click.option("--max-depth", default=5, show_default=True, type=click.IntRange(1, 50), help="Tools per subtask.")
@click.option("--max-steps", default=16, show_default=True, type=click.IntRange(1, 1000),
              help="Search decisions per subtask.")
@click.option("--max-rounds", default=3, show_default=True, type=click.IntRange(1, 10), help="Reflection rounds.")
@click.option("--trace", "show_trace", is_flag=True, help="Print every search step.")
@json_option
@pass_ctx
def plan(obj: Context, query: str, no_llm: bool, no_decompose: bool, no_memory: bool, no_save: bool, top_k: int,
         max_depth: int, max_steps: int, max_rounds: int, show_trace: bool, as_json: bool) -> None:
    """Plan a request: subtasks, a depth-first search over the graph for each, and the tool DAG.

    With TOOLGRAPH_LLM_BASE_URL and TOOLGRAPH_LLM_MODEL set an LLM makes the choices; otherwise (or with --no-llm)
    the deterministic graph-only policy does."""
    from toolgraph.planner import PlannerConfig, plan_request

    settings = obj.settings
    llm = None if no_llm else settings.llm.client()
    store = obj.store()
    embedder = _plan_embedder(obj, store)
    config = PlannerConfig(top_k=top_k, max_depth=max_depth, max_steps=max_steps, max_rounds=max_rounds,
                           max_llm_calls=settings.llm.max_calls, use_memory=not no_memory, remember=not no_memory,
                           protocol=settings.llm.protocol, decoupled=settings.llm.decoupled,
                           decompose=not no_decompose)
    result = plan_request(store, query, llm=llm, embedder=embedder, save=not no_save, config=config)

    def human(d: dict[str, Any]) -> None:
        if show_trace:
            for s in d["trace"]:
                tool = f" {s['tool']}" if s.get("tool") else ""
                click.echo(f"  [{s['n']:>3}] subtask {s['subtask']} round {s['round']} {s['kind']}{tool}: "
                           f"{s['reason'][:200]}")
        _print_plan(d)

    emit(result.model_dump(mode="json"), as_json, human)


def _plan_embedder(obj: Context, store: Any) -> Any:
    """The embedding model, when the graph holds its vectors (else the planner scores by words)."""
    if not store.query("get_embedding_model"):
        return None
    return obj.settings.embed.embedder()


@main.command()
@click.argument("run_id", required=False)
@click.option("--limit", default=20, show_default=True, type=click.IntRange(1, 10000))
@json_option
@pass_ctx
def runs(obj: Context, run_id: str | None, limit: int, as_json: bool) -> None:
    """Past planner runs, newest first; with RUN_ID, that run's whole plan."""
    store = obj.store()
    if run_id is None:
        rows = store.query("list_runs", limit=limit)
        emit(rows, as_json, lambda rs: [click.echo(
            f"{r['created']}  {r['id']}  {r['policy']:<5} {r['status']:<8} {r['tool_count']} tool(s)  {r['query']}")
            for r in rs])
        return
    rows = store.query("get_run", id=run_id)
    if not rows:
        raise ToolGraphError(f"no run {run_id!r} in the graph (`toolgraph runs` lists them)")
    emit(json.loads(rows[0]["plan"]), as_json, _print_plan)


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
    from toolgraph.demo import run_demo
    from toolgraph.stats import print_stats

    result = run_demo(obj.store(), sample, progress=progress_enabled(), chunk_size=obj.settings.batch_size,
                      extras=_job_extras(obj), embedder=None if no_embed else obj.settings.embed.embedder(),
                      llm=obj.settings.llm.client())

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
            _print_hits(d["search"]["hits"])
        click.echo(f"\nplan: {d['plan']['query']}")
        _print_plan(d["plan"])
        click.echo("(`toolgraph runs` lists stored plans; `toolgraph plan QUERY --trace` shows every search step)")
        if serve_after:
            click.echo(f"\nthe sample plan's search tree: http://127.0.0.1:{port}/runs/{d['plan']['id']}")

    emit(result, as_json, human)
    if serve_after:
        from web.commands import serve

        ctx.invoke(serve, host="127.0.0.1", port=port)


# -- the web page (web/commands.py) ---------------------------------------------------------------------------------
from web.commands import serve, users  # noqa: E402 - registered last: the web package builds on this module

main.add_command(serve)
main.add_command(users)


if __name__ == "__main__":  # pragma: no cover
    main()
