"""The main job on the bundled sample (``import/``): import everything, then report what the graph holds."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder
from toolgraph.errors import InputFileError
from toolgraph.execute.base import Executor
from toolgraph.execute.models import RunConfig
from toolgraph.ingest.batch import ImportBatch
from toolgraph.ingest.openapi import read_restbench
from toolgraph.ingest.paths import read_paths
from toolgraph.ingest.taskbench import read_taskbench
from toolgraph.ingest.toolbench import read_toolbench
from toolgraph.ingest.writer import write_batch
from toolgraph.llm import ChatModel
from toolgraph.stats import graph_stats

if TYPE_CHECKING:
    from toolgraph.planner import PlannerConfig


def default_sample() -> Path:
    return Path(__file__).resolve().parent.parent / "import"


SAMPLE_PLAN = "Find the movie Titanic and show its cast and crew"
SAMPLE_REQUEST = "search for a movie by title and show its cast and crew"


def run_demo(store: GraphStore, sample: Path | None = None, *, progress: bool = False,
             chunk_size: int = 1000, extras: dict[str, Any] | None = None,
             embedder: Embedder | None = None, llm: ChatModel | None = None,
             executors: Sequence[Executor] | None = None, run_config: RunConfig | None = None,
             planner_config: PlannerConfig | None = None, jobs_backend: str = "auto") -> dict[str, Any]:
    """Import the sample, run the weight jobs, embed and search (with an embedder), then plan and execute a sample
    request (with ``llm`` when one is configured, else the graph-only policy and the binder) against the local
    TMDB-shaped service, started here on a free loopback port; ``store`` has its schema. ``executors`` run the
    tools of other groups; ``planner_config`` is how the planner asks the LLM; ``jobs_backend`` is the weight jobs'
    ``--backend`` (auto: GDS where the server has it)."""
    root = Path(sample) if sample else default_sample()
    if not (root / "toolbench").is_dir():
        raise InputFileError(f"{root}: not a ToolGraph sample folder (no toolbench/ inside); pass --sample")
    steps: list[tuple[str, Any, bool]] = [
        ("toolbench tools", lambda b: read_toolbench([root / "toolbench" / "queries"], b, progress=progress), False),
        # Most tooleval paths call tools that no sample query lists: create those from the paths' own schemas.
        ("toolbench call paths", lambda b: read_paths([root / "toolbench" / "answers"], b, store,
                                                      add_missing_tools=True), False),
        ("user traces (JSON lines)", lambda b: read_paths([root / "traces"], b, store), False),
        # One gold path of RestBench names an operation the spec lacks: the import lists it and goes on.
        ("restbench TMDB + gold paths", lambda b: read_restbench(
            root / "restbench" / "tmdb.json", root / "restbench" / "tmdb_oas.json", b,
            group="TMDB", category="Movies"), True),
        ("taskbench huggingface graph", lambda b: read_taskbench(root / "taskbench" / "data_huggingface", b), False),
    ]
    imports = []
    for name, read, skip_invalid in steps:
        batch = read(ImportBatch(name))
        report = write_batch(store, batch, skip_invalid=skip_invalid, chunk_size=chunk_size, progress=progress)
        imports.append({"name": name, "report": report.as_dict()})
    from gds_jobs import JOBS, run_jobs

    runs = run_jobs(store, JOBS, extras=extras, backend=jobs_backend)
    result: dict[str, Any] = {"imports": imports, "weights": runs}
    if embedder is not None:
        from toolgraph.retrieve.embed import embed_tools
        from toolgraph.retrieve.search import Retriever

        result["embedding"] = embed_tools(store, embedder, progress=progress)
        hits = Retriever(store, embedder).search(SAMPLE_REQUEST, k=5, method="graph", chains=True)
        result["search"] = {"query": SAMPLE_REQUEST, "hits": [h.model_dump() for h in hits]}
    from toolgraph.config import ExecGroup
    from toolgraph.execute import run_request
    from toolgraph.execute.demo_service import DemoService
    from toolgraph.execute.http import HttpExecutor

    with DemoService() as service:  # only the TMDB group may reach the loopback service
        tmdb = HttpExecutor({"movies/tmdb": ExecGroup(base_url=service.url, allow_private=True)},
                            only_configured=True)
        run = run_request(store, SAMPLE_PLAN, llm=llm, embedder=embedder, executors=[tmdb, *(executors or [])],
                          config=run_config, planner_config=planner_config)
    result["run"] = run.model_dump(mode="json")
    result["plan"] = result["run"]["plan"]
    stats = graph_stats(store)
    return {"database": stats["database"], **result, "stats": stats,
            "most_important": store.query("top_tools_by_importance", limit=5)}
