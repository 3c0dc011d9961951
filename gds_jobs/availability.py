"""availability: a tool's static weight in [0, 1] from its group's scores, blended with execution outcomes.

static = weighted mean of the components the group has: service level and success rate (in [0, 1]), a latency
score 1 / (1 + latency_ms / latency_ref_ms) (1000 ms -> 0.5 by default), popularity min(score / max, 1); a group
with none of them gets the prior. Observed outcomes (``Tool.exec_ok`` / ``exec_failed``, counted when tools run)
move it like a Beta posterior: (k * static + ok) / (k + ok + failed) with k = prior_strength.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from gds_jobs.base import Job, JobContext, JobParams


class AvailabilityParams(JobParams):
    w_service: float = Field(0.3, ge=0, description="weight of avg_service_level")
    w_success: float = Field(0.3, ge=0, description="weight of avg_success_rate")
    w_latency: float = Field(0.2, ge=0, description="weight of the latency score")
    w_popularity: float = Field(0.2, ge=0, description="weight of the popularity score")
    latency_ref_ms: float = Field(1000.0, gt=0, description="latency that scores 0.5")
    popularity_max: float = Field(10.0, gt=0, description="popularity that scores 1 (RapidAPI: 0-10)")
    prior: float = Field(0.5, ge=0, le=1, description="static value for a group with no scores")
    prior_strength: float = Field(10.0, gt=0, description="pseudo-count of the static value against outcomes")


class AvailabilityJob(Job):
    name = "availability"
    description = "tool availability in [0, 1] from group scores and execution outcomes"
    reads = ("ToolGroup.avg_service_level", "ToolGroup.avg_success_rate", "ToolGroup.avg_latency_ms",
             "ToolGroup.popularity_score", "Tool.exec_ok", "Tool.exec_failed")
    writes = ("Tool.availability_static", "Tool.availability")
    Params = AvailabilityParams

    def run_portable(self, ctx: JobContext, params: Any) -> dict[str, Any]:
        rows = ctx.store.query("job_availability", **params.model_dump())
        return {"tools_written": rows[0]["n"] if rows else 0}
