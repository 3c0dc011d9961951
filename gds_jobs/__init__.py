"""Weight and graph-analytics jobs: each declares what it reads and writes, and has a GDS and a portable
implementation that write the same result. ``JOBS`` lists them in their default order."""

from __future__ import annotations

from gds_jobs.availability import AvailabilityJob
from gds_jobs.base import Job, JobError, run_jobs
from gds_jobs.graph_jobs import CommunitiesJob, ImportanceJob
from gds_jobs.resources import ResourcesJob
from gds_jobs.substitutes import SubstitutesJob
from gds_jobs.transition import TransitionJob

JOBS: dict[str, Job] = {job.name: job for job in (
    TransitionJob(), AvailabilityJob(), ResourcesJob(), ImportanceJob(), SubstitutesJob(), CommunitiesJob())}

__all__ = ["JOBS", "Job", "JobError", "run_jobs"]
