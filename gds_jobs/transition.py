"""transition: P(B | A) on every SEQUENTIAL edge, from the counts mined from call paths.

weight = (count(A->B) + alpha) / (count(A->*) + alpha * n(A)), n(A) = A's number of successors: additive
(Lidstone) smoothing over the successors seen, so the weights out of A sum to 1; alpha = 0 gives the plain ratio.
Imports recompute the out-edges of every tool whose counts they changed (incrementally, in the import's own
transaction), so a full run is only needed after changing alpha.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from gds_jobs.base import Job, JobContext, JobParams
from toolgraph.models import MANUAL_SOURCES, TRANSITION_ALPHA


class TransitionParams(JobParams):
    alpha: float = Field(TRANSITION_ALPHA, ge=0, le=100, description="additive smoothing per successor")


class TransitionJob(Job):
    name = "transition"
    description = "P(B | A) on SEQUENTIAL edges from call-path counts, smoothed"
    reads = ("SEQUENTIAL.count",)
    writes = ("SEQUENTIAL.weight",)
    Params = TransitionParams

    def run_portable(self, ctx: JobContext, params: Any) -> dict[str, Any]:
        rows = ctx.store.query("job_transition_weights", alpha=params.alpha, manual=sorted(MANUAL_SOURCES))
        return {"edges_weighted": rows[0]["n"] if rows else 0}
