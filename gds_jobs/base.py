"""What a weight job is, and the runner that runs jobs in dependency order and records each run.

A job declares what it reads and writes, its parameters (a pydantic model) and up to two implementations that
write the same result:

- ``run_gds``: through the ``graphdatascience`` client when the server has GDS (projections always dropped);
- ``run_portable``: plain Cypher, or Python over rows read with named Cypher and written back with UNWIND.

Every run becomes ``(:JobRun {id, job, started, finished, params, backend, stats})``.
"""

from __future__ import annotations

import json
import logging
import re
import time
import uuid
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from toolgraph.db.store import GraphStore, Tx, chunks
from toolgraph.errors import ToolGraphError

if TYPE_CHECKING:
    from graphdatascience import GraphDataScience

log = logging.getLogger(__name__)

Progress = Callable[[str], None]


class JobError(ToolGraphError):
    """A job could not run (unknown job, bad parameter, GDS asked for but absent)."""


class JobParams(BaseModel):
    model_config = ConfigDict(extra="forbid")


@dataclass
class JobContext:
    store: GraphStore
    backend: str  # "gds" or "portable": the implementation in use
    progress: Progress = field(default=lambda message: None)
    chunk_size: int = 1000
    extras: dict[str, Any] = field(default_factory=dict)  # e.g. an LLM client for the resource job
    _gds: GraphDataScience | None = None

    @property
    def gds(self) -> GraphDataScience:
        """The ``graphdatascience`` client, made on first use by the store."""
        if self._gds is None:
            self._gds = self.store.gds()
        return self._gds

    def write_rows(self, query: str, rows: Sequence[dict[str, Any]], tx: Tx | None = None) -> int:
        """Write rows with a named query in chunks, each in its own transaction or all in ``tx``; returns the sum
        of the query's ``n``."""
        run = tx.run if tx is not None else self.store.query
        return sum(int(r.get("n", 0)) for part in chunks(rows, self.chunk_size) for r in run(query, rows=list(part)))


class Job(ABC):
    name: ClassVar[str]
    description: ClassVar[str]
    reads: ClassVar[tuple[str, ...]]
    writes: ClassVar[tuple[str, ...]]
    depends_on: ClassVar[tuple[str, ...]] = ()
    Params: ClassVar[type[JobParams]] = JobParams
    has_gds: ClassVar[bool] = False  # whether run_gds differs from run_portable

    def params(self, raw: dict[str, Any] | None) -> JobParams:
        try:
            return self.Params.model_validate(raw or {})
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise JobError(f"job {self.name}: parameter {where}: {err['msg']}") from exc

    @abstractmethod
    def run_portable(self, ctx: JobContext, params: Any) -> dict[str, Any]:
        """Compute and write the result without GDS; returns stats."""

    def run_gds(self, ctx: JobContext, params: Any) -> dict[str, Any]:
        return self.run_portable(ctx, params)

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "reads": list(self.reads),
            "writes": list(self.writes),
            "depends_on": list(self.depends_on),
            "gds": self.has_gds,
            "params": {k: {"default": f.default, "description": f.description or ""}
                       for k, f in self.Params.model_fields.items()},
        }


def client_major() -> int:
    """The installed ``graphdatascience`` client's major version (1.x and 2.x name their endpoints differently)."""
    from graphdatascience import __version__

    return int(str(__version__).split(".", 1)[0])


def _snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def gds_stream(gds: GraphDataScience, algorithm: str, graph: Any, **config: Any) -> Any:
    """Stream ``algorithm`` (as GDS names it: ``pageRank``, ``louvain``, ``nodeSimilarity``) on a projection, with
    its configuration in GDS's own camelCase keys; a DataFrame. graphdatascience 2.x has one typed endpoint per
    algorithm in snake_case (``gds.page_rank.stream(G, damping_factor=...)``), 1.x mirrors the procedure names."""
    if client_major() >= 2:
        return getattr(gds, _snake(algorithm)).stream(graph, **{_snake(k): v for k, v in config.items()})
    return getattr(gds, algorithm).stream(graph, **config)


def as_nodes(gds: GraphDataScience, node_ids: list[int]) -> list[Any]:
    """The database nodes of GDS node ids (``gds.util.as_nodes`` in 2.x, ``asNodes`` in 1.x)."""
    util = gds.util
    return util.as_nodes(node_ids) if client_major() >= 2 else util.asNodes(node_ids)


@contextmanager
def projected(gds: GraphDataScience, name: str, nodes: Any, relationships: Any) -> Iterator[Any]:
    """A GDS native projection that is dropped afterwards, whatever happens."""
    found = gds.graph.exists(name)
    if hasattr(found, "keys"):  # graphdatascience 1.x answers a Series, 2.x a bool
        found = found["exists"]
    if found:
        gds.graph.drop(name)
    if client_major() >= 2:  # one endpoint per kind of projection
        graph, _ = gds.graph.project.native(name, nodes, relationships)
    else:
        graph, _ = gds.graph.project(name, nodes, relationships)
    try:
        yield graph
    finally:
        graph.drop()


@contextmanager
def projected_by_query(ctx: JobContext, query: str, name: str) -> Iterator[Any]:
    """A GDS graph made by the Cypher projection ``cypher/gds/<query>.cypher`` (parameter ``graph``: its name),
    dropped afterwards whatever happens."""
    from toolgraph.db.cypher import cypher_root, parse_query_file

    gds = ctx.gds
    found = gds.graph.exists(name)
    if hasattr(found, "keys"):
        found = found["exists"]
    if found:
        gds.graph.drop(name)
    ctx.store.run_file(parse_query_file(cypher_root() / "gds" / f"{query}.cypher"), graph=name)
    graph = gds.graph.get(name)
    try:
        yield graph
    finally:
        graph.drop()


def order_jobs(jobs: dict[str, Job], names: Iterable[str] | None) -> list[Job]:
    """The named jobs (all when None) in dependency order; unknown names are an error."""
    wanted = list(names or jobs)
    unknown = [n for n in wanted if n not in jobs]
    if unknown:
        raise JobError(f"unknown job(s) {', '.join(unknown)}; known: {', '.join(jobs)}")
    ordered: list[Job] = []

    def visit(name: str) -> None:
        if any(j.name == name for j in ordered):
            return
        for dep in jobs[name].depends_on:
            if dep in wanted:
                visit(dep)
        ordered.append(jobs[name])

    for name in jobs:  # registry order breaks ties
        if name in wanted:
            visit(name)
    return ordered


def choose_backend(store: GraphStore, job: Job, requested: str) -> str:
    if requested == "portable" or not job.has_gds:
        return "portable"
    if requested == "gds" and not store.backend.has_gds:
        raise JobError(f"job {job.name}: --backend gds asked for, but {store.uri} has no GDS")
    return "gds" if store.backend.has_gds else "portable"


def run_jobs(
    store: GraphStore,
    jobs: dict[str, Job],
    names: Iterable[str] | None = None,
    *,
    params: dict[str, dict[str, Any]] | None = None,
    backend: str = "auto",
    progress: Progress | None = None,
    extras: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Run jobs in dependency order; record each as a JobRun node; return one result dict per job."""
    if backend not in ("auto", "gds", "portable"):
        raise JobError(f"backend must be auto, gds or portable, not {backend!r}")
    params = params or {}
    stray = [k for k in params if k not in jobs]
    if stray:
        raise JobError(f"parameters given for unknown job(s): {', '.join(stray)}")
    ordered = order_jobs(jobs, names)
    checked = {job.name: job.params(params.get(job.name)) for job in ordered}  # all checked before any runs
    results = []
    for job in ordered:
        chosen = choose_backend(store, job, backend)
        ctx = JobContext(store=store, backend=chosen, progress=progress or (lambda m: None),
                         extras=dict(extras or {}))
        started = datetime.now(UTC)
        clock = time.perf_counter()
        (ctx.progress)(f"{job.name}: running ({chosen})")
        stats = job.run_gds(ctx, checked[job.name]) if chosen == "gds" else job.run_portable(ctx, checked[job.name])
        seconds = round(time.perf_counter() - clock, 3)
        run = {
            "id": f"{job.name}:{started.strftime('%Y%m%dT%H%M%S')}:{uuid.uuid4().hex[:8]}",
            "job": job.name,
            "backend": chosen,
            "started": started.isoformat(),
            "finished": datetime.now(UTC).isoformat(),
            "seconds": seconds,
            "params": checked[job.name].model_dump(),
            "stats": stats,
        }
        store.query("record_job_run", run={**run, "params": json.dumps(run["params"]),
                                           "stats": json.dumps(stats, default=str)})
        (ctx.progress)(f"{job.name}: done in {seconds:.2f} s")
        results.append(run)
    return results
