"""Evaluating whole runs on suites (``toolgraph eval run``): a suite is a spec, module or MCP server with requests
and the facts each answer must hold; each is imported into a fresh graph, run through plan + execute + answer, and
scored beside a retrieval top-k baseline. See docs/evaluation.md.

``suite`` reads and checks suites, ``serve`` runs a suite's local service, ``load`` imports it, ``harness`` runs the
requests, ``score`` scores them, ``report`` writes the summary and the Markdown / HTML report, ``run`` ties them."""

from toolgraph.evaluation.run import EvalOptions, evaluate_suites
from toolgraph.evaluation.suite import Request, Suite, SuiteError, load_suite

__all__ = ["EvalOptions", "Request", "Suite", "SuiteError", "evaluate_suites", "load_suite"]
