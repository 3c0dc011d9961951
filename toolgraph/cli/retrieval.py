"""``toolgraph embed``, ``search``, ``eval retrieval`` and ``retriever train``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from toolgraph.cli.base import Context, emit, json_option, main, pass_ctx, progress_enabled
from toolgraph.errors import ToolGraphError

if TYPE_CHECKING:
    from toolgraph.retrieve.search import Retriever


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


def _retriever(obj: Context, method: str, exact: bool = False) -> Retriever:
    from toolgraph.retrieve.search import Retriever

    embedder = None if method == "keyword" else obj.embedder()
    return Retriever(obj.store(), embedder, exact=exact)


def print_hits(hits: list[dict[str, Any]]) -> None:
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
@click.option("--exact", is_flag=True,
              help="Dense scores by exact cosine in a Cypher query on the server (the slow reference) instead of "
                   "the in-memory vectors.")
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
    emit(hits, as_json, print_hits)


@main.group("eval")
def eval_() -> None:
    """Evaluate retrieval (and, later, planning) against gold data."""


@eval_.command("retrieval")
@click.option("--queries", "files", multiple=True, required=True, type=click.Path(path_type=Path, exists=True),
              help="StableToolBench-format query file (repeatable).")
@click.option("--k", "ks", default="1,3,5,10", show_default=True, help="Cut-offs, comma-separated.")
@click.option("--methods", default="keyword,dense,hybrid,graph", show_default=True)
@click.option("--exact", is_flag=True,
              help="Dense scores by exact cosine in a Cypher query on the server (the slow reference) instead of "
                   "the in-memory vectors.")
@click.option("--baseline", type=click.Choice(["bm25"]), default=None,
              help="Add plain BM25 over the same tools (in memory, no extra package) as method bm25.")
@json_option
@pass_ctx
def eval_retrieval(obj: Context, files: tuple[Path, ...], ks: str, methods: str, exact: bool, baseline: str | None,
                   as_json: bool) -> None:
    """Recall@k, NDCG@k and mAP@10 per file and per method, side by side (and against plain BM25)."""
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
    result = evaluate(retriever, queries, ks=cutoffs, methods=chosen, progress=progress_enabled(), baseline=baseline)
    result["skipped_queries"] = skipped

    def human(d: dict[str, Any]) -> None:
        cols = [f"recall@{k}" for k in d["ks"]] + [f"ndcg@{k}" for k in d["ks"]] + ["map@10"]
        versus = bool(d.get("baseline")) and 5 in d["ks"]
        click.echo(f"{'file':<22}{'method':<9}{'n':>5}" + "".join(f"{c:>10}" for c in cols)
                   + (f"{'nDCG@5 vs bm25':>16}" if versus else ""))
        for r in d["results"]:
            click.echo(f"{r['file'][:21]:<22}{r['method']:<9}{r['queries']:>5}"
                       + "".join(f"{r[c]:>10.4f}" for c in cols)
                       + (f"{r['ndcg@5_vs_bm25']:>+16.4f}" if versus else ""))
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
