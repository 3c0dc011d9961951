"""Running plans: executors per kind of tool, parameters, level-parallel execution, compression, the answer.
See docs/execution.md."""

from toolgraph.execute.models import RunConfig, RunResult
from toolgraph.execute.run import execute_plan, run_request

__all__ = ["RunConfig", "RunResult", "execute_plan", "run_request"]
