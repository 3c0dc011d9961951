"""Importing a suite into its own (empty) graph as a user would: ``import openapi | python | mcp``, then every weight
job and, with an embedder, the tool embeddings. Returns how to reach the suite's tools (the HTTP groups' base URLs)
and what the graph holds."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from toolgraph.config import ExecGroup
from toolgraph.errors import InputFileError, ToolGraphError
from toolgraph.evaluation.suite import Suite, command_line


def read_suite_tools(suite: Suite, batch: Any, *, timeout_s: float = 60.0) -> Any:
    """The suite's tools into ``batch`` (an ``ImportBatch``), by its kind."""
    if suite.kind == "openapi":
        from toolgraph.ingest.openapi import read_openapi

        assert suite.spec is not None
        read_openapi(suite.spec, batch, group=suite.group, category=suite.category)
        return batch
    if suite.kind == "python":
        from toolgraph.ingest.python_tools import read_python

        assert suite.module is not None
        try:
            return read_python(suite.module, batch, group=suite.group, category=suite.category,
                               search_path=str(suite.path or suite.folder))
        except InputFileError as exc:
            raise InputFileError(f"{suite.folder / 'suite.json'}: field 'module': {suite.module!r} (searched first "
                                 f"in {suite.path or suite.folder}): {exc}") from exc
    return _read_mcp(suite, batch, timeout_s)


def _read_mcp(suite: Suite, batch: Any, timeout_s: float) -> Any:
    from toolgraph.ingest.mcp_tools import read_mcp_listing
    from toolgraph.mcp_client import ServerRef, list_server_tools, root_cause

    assert suite.command is not None
    ref = ServerRef.stdio(command_line(suite.command), cwd=str(suite.folder))
    try:
        name, description, tools = asyncio.run(asyncio.wait_for(list_server_tools(ref), timeout_s))
    except Exception as exc:  # the server could not be started or spoke nonsense: say which and why
        cause = root_cause(exc)
        if isinstance(cause, ToolGraphError):
            raise cause from exc
        what = (f"did not list its tools within {timeout_s:g} s" if isinstance(cause, TimeoutError)
                else f"cannot list its tools: {type(cause).__name__}: {cause}")
        raise InputFileError(f"{suite.folder / 'suite.json'}: field 'command': MCP server {ref.label()!r} "
                             f"{what}") from exc
    return read_mcp_listing(ref, name, description, tools, batch, group=suite.group, category=suite.category)


def exec_groups(suite: Suite, group_names: set[str], port: int | None) -> dict[str, ExecGroup]:
    """Where the suite's HTTP calls go: its ``base_url`` (``{port}`` replaced), or the local service itself; local
    addresses allowed, since the suite names its own service."""
    if suite.kind != "openapi":
        return {}
    base = suite.base_url
    if base is None and port is not None:
        base = f"http://127.0.0.1:{port}"
    if base is None:
        return {}
    if port is not None:
        base = base.replace("{port}", str(port))
    return {name: ExecGroup(base_url=base, allow_private=True) for name in group_names}


def import_suite(store: Any, suite: Suite, *, embedder: Any = None, job_extras: dict[str, Any] | None = None
                 ) -> dict[str, Any]:
    """Import the suite's tools into ``store``, run every weight job, embed (with ``embedder``); the graph's
    figures: tools, groups, dependencies by type, rejected records, seconds."""
    from gds_jobs import JOBS, run_jobs
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.writer import write_batch

    started = time.perf_counter()
    batch = read_suite_tools(suite, ImportBatch(suite.kind))
    report = write_batch(store, batch, skip_invalid=True)
    if not batch.tools:
        raise InputFileError(f"{suite.folder}: the {suite.kind} import gave no tool"
                             + (f" ({len(report.rejected)} rejected: {report.rejected[0]})" if report.rejected else ""))
    imported = time.perf_counter()
    jobs = run_jobs(store, JOBS, extras=job_extras or {})
    weighted = time.perf_counter()
    embedded = None
    if embedder is not None:
        from toolgraph.retrieve.embed import embed_tools

        embedded = embed_tools(store, embedder)
    cards = store.query("tool_cards", ids=list(batch.tools))
    return {"tools": len(batch.tools), "tool_ids": list(batch.tools),
            "groups": sorted({c["group"] for c in cards if c["group"]}),
            "rejected": [str(p) for p in report.rejected],
            "jobs": {j["job"]: j["seconds"] for j in jobs},
            "embedding_model": embedded["model"] if embedded else None,
            "seconds": {"import": round(imported - started, 2), "weights": round(weighted - imported, 2),
                        "embed": round(time.perf_counter() - weighted, 2)},
            "labels": tool_labels(cards)}


def tool_label(card: dict[str, Any]) -> tuple[str, list[str]]:
    """How a suite names a tool: ``METHOD /path`` for an OpenAPI operation, else the tool's name; and the other
    names a ``solution`` may use for it (the function or MCP tool name, the last part of its id)."""
    try:
        ref = json.loads(card.get("source_ref") or "{}")
    except ValueError:
        ref = {}
    if isinstance(ref, dict) and ref.get("method") and ref.get("path"):
        return f"{str(ref['method']).upper()} {ref['path']}", []
    name = str(card.get("name") or card["id"])
    aliases = [str(a) for a in (ref.get("tool") if isinstance(ref, dict) else None,
                                (ref.get("qualname") or "").rsplit(".", 1)[-1] if isinstance(ref, dict) else None,
                                card["id"].rsplit("/", 1)[-1]) if a]
    return name, [a for a in dict.fromkeys(aliases) if a != name]


def tool_labels(cards: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out = {}
    for card in cards:
        label, aliases = tool_label(card)
        out[card["id"]] = {"label": label, "aliases": aliases}
    return out
