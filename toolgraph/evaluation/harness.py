"""Running a suite's requests through ToolGraph's own run path (plan, execute, answer: ``run_request``) and through
the baselines: retrieval top-k (the top k retrieved tools called in rank order) and graph-tool-call's workflow (the
chain its ``plan_workflow`` orders), each called with the same binder and executors; each request scored as it
ends."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from toolgraph.evaluation.peers import GTC, GTC_DIST, GtcWorkflow, gtc_version
from toolgraph.evaluation.score import aggregate, score_request
from toolgraph.evaluation.suite import Request, Suite

ANSWER_CHARS = 2000
Progress = Callable[[str], None]


@dataclass
class RunSetup:
    """What every run of one suite uses: the suite's store, the LLM (None: no LLM), the embedder (None: the planner
    scores by words), a fresh executor list per run, the runner's and the planner's configuration."""

    store: Any
    make_executors: Callable[[], list[Any]]
    run_config: Any
    planner_config: Any
    llm: Any = None
    embedder: Any = None


def call_rows(result: Any, labels: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The run's calls in execution order, a re-planned call as the calls of its new path; each with its label."""
    by_id = {c.id: c for c in result.calls}
    rows = []
    for level in result.levels:
        for cid in level:
            call = by_id[cid]
            for c in call.replanned or [call]:
                known = labels.get(c.tool) or {"label": c.tool, "aliases": []}
                rows.append({"tool": c.tool, "label": known["label"], "aliases": known["aliases"],
                             "status": c.status, "attempts": c.attempts, "error": (c.error or None) and c.error[:300],
                             "substitute_for": c.substitute_for, "arguments": c.arguments,
                             "bound_from": c.bound_from})
    return rows


def planned_rows(plan: Any, labels: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The plan's tools in level order, each with its label: what the planner chose, before anything ran."""
    order = {t: i for i, level in enumerate(plan.levels) for t in level}
    tools = sorted(plan.tools, key=lambda t: (order.get(t.id, len(order)), t.level))
    return [{"tool": t.id, **(labels.get(t.id) or {"label": t.id, "aliases": []})} for t in tools]


def run_row(result: Any, labels: dict[str, dict[str, Any]], seconds: float, *, status: str | None = None
            ) -> dict[str, Any]:
    usage = result.usage or {}
    llm = usage.get("llm")  # None without an LLM; the calls of execution and answer, the plan's are apart
    llm_calls = None if llm is None else int(llm.get("attempts", 0)) + int((usage.get("plan") or {}).get(
        "llm_calls", 0))
    return {"run_id": result.id, "status": status or result.status, "reasons": list(result.reasons)[:5],
            "answer": result.answer.text[:ANSWER_CHARS],
            "answer_by": result.answer.by, "calls": call_rows(result, labels),
            "planned": planned_rows(result.plan, labels), "seconds": round(seconds, 3),
            "llm_calls": llm_calls, "learned": {"call_path": result.learned.get("call_path"),
                                                "memories": len(result.learned.get("memories") or []),
                                                "shapes": result.learned.get("shapes") or [],
                                                "edges": result.learned.get("edges") or {}}
            if result.learned else None,
            **({"second_look": usage["second_look"]} if usage.get("second_look") else {})}


def toolgraph_run(setup: RunSetup, query: str, labels: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """One request through ``run_request``, as ``toolgraph run`` runs it."""
    from toolgraph.execute import run_request

    started = time.perf_counter()
    result = run_request(setup.store, query, llm=setup.llm, embedder=setup.embedder,
                         executors=setup.make_executors(), config=setup.run_config,
                         planner_config=replace(setup.planner_config))
    return run_row(result, labels, time.perf_counter() - started)


def topk_plan(query: str, ids: list[str], cards: dict[str, dict[str, Any]]) -> Any:
    """The top-k tools as a chain: one per level in rank order, each after the one before (so the chain stops at the
    first call that does not succeed), each able to bind from every earlier result."""
    from toolgraph.planner.models import DataFlow, Plan, PlannedTool, Subtask, SubtaskResult, Usage

    return Plan(
        id=f"topk-{uuid.uuid4().hex[:12]}", query=query, policy="graph", created=datetime.now(UTC).isoformat(),
        status="success" if ids else "failure",
        subtasks=[SubtaskResult(subtask=Subtask(id=1, description=query), tools=ids, status="success")],
        tools=[PlannedTool(id=t, name=str(cards.get(t, {}).get("name") or t), subtask=1, level=i)
               for i, t in enumerate(ids)],
        edges=[DataFlow(source=a, target=b, type="ORDER") for a, b in zip(ids, ids[1:])],
        levels=[[t] for t in ids], trace=[], usage=Usage())


def chain_run(setup: RunSetup, query: str, labels: dict[str, dict[str, Any]], *,
              choose: Callable[[str], list[str]]) -> dict[str, Any]:
    """A baseline's run: the tools ``choose(query)`` gives, called in that order as a chain as far as it binds (the
    choice is timed with the run). The run succeeds when at least one call was made and every call made succeeded (a
    call whose arguments could not be bound is not made, and ends the chain); its answer is the summariser's over
    the calls made."""
    from toolgraph.execute import execute_plan

    started = time.perf_counter()
    ids = choose(query)
    cards = {c["id"]: c for c in setup.store.query("tool_cards", ids=ids)}
    plan = topk_plan(query, ids, cards)
    config = replace(setup.run_config, learn=False, save=False)
    result = asyncio.run(execute_plan(setup.store, plan, executors=setup.make_executors(), llm=setup.llm,
                                      embedder=setup.embedder, config=config,
                                      protocol=getattr(setup.planner_config, "protocol", "json"),
                                      plan_s=time.perf_counter() - started))
    by_id = {c.id: c for c in result.calls}
    made = []
    for level in result.levels:
        call = by_id[level[0]]
        if call.attempts == 0 and call.status != "ok":  # not bindable (or skipped): the chain ends here
            break
        made.append(call)
    status = "success" if made and all(c.status == "ok" for c in made) else "partial" if made else "failure"
    return run_row(result, labels, time.perf_counter() - started, status=status)


def topk_run(setup: RunSetup, query: str, labels: dict[str, dict[str, Any]], *, k: int, retriever: Any,
             method: str) -> dict[str, Any]:
    """The top-k baseline: the top ``k`` tools by ``method``, called as a chain in rank order (:func:`chain_run`)."""
    return chain_run(setup, query, labels, choose=lambda q: retriever.ranked_ids(q, k=k, method=method))


def run_requests(name: str, requests: list[Request], run: Callable[[str], dict[str, Any]], *, repeat: int = 1,
                 progress: Progress | None = None) -> dict[str, Any]:
    """Every request ``repeat`` times through ``run``; the scored rows and their figures."""
    rows = []
    total = len(requests) * repeat
    for rep in range(repeat):
        for request in requests:
            try:
                out = run(request.query)
            except Exception as exc:  # noqa: BLE001 - one request's crash is that request's failure, with the reason
                out = {"run_id": None, "status": "failure", "answer": "", "answer_by": None, "calls": [],
                       "seconds": 0.0, "llm_calls": None, "learned": None, "error": f"{type(exc).__name__}: {exc}"}
            row = {"index": request.index, "repeat": rep, "query": request.query, "expect": request.expect,
                   "solution": request.solution, **out}
            row.update(score_request(request, out))
            rows.append(row)
            if progress is not None:
                verdict = "pass" if row["pass"] else "FAIL"
                path = "" if row["correct_path"] is None else (", path ok" if row["correct_path"] else ", path wrong")
                progress(f"{name}: {len(rows)}/{total} {verdict}{path} in {row['seconds']:.2f} s: "
                         f"{request.query[:70]}" + (f" ({row['reason'][:120]})" if row["reason"] else ""))
    summary = aggregate(rows)
    if repeat > 1:  # with learning on: is a later round ever worse than the first? (the thesis's learning check)
        rounds = [[r for r in rows if r["repeat"] == rep] for rep in range(repeat)]
        summary["by_repeat"] = [aggregate(rs) for rs in rounds]
        first = {r["index"]: r["pass"] for r in rounds[0]}
        summary["worse_later"] = sorted({r["index"] for rs in rounds[1:] for r in rs
                                         if first.get(r["index"]) and not r["pass"]})
    return {"summary": summary, "requests": rows}


def warm_up(setup: RunSetup) -> None:
    """Untimed: the embedding model's first query and the planner's first read of the graph, so neither method's
    first request pays for loading them."""
    from toolgraph.planner import plan_request

    if setup.embedder is not None:
        setup.embedder.embed_query("warm up")
    cfg = replace(setup.planner_config, use_memory=False, remember=False)
    plan_request(setup.store, "warm up the planner", llm=None, embedder=setup.embedder, save=False, config=cfg)


def evaluate_suite(setup: RunSetup, suite: Suite, labels: dict[str, dict[str, Any]], *,
                   baseline: str | Sequence[str] | None, k: int = 3, repeat: int = 1,
                   progress: Progress | None = None) -> dict[str, Any]:
    """ToolGraph's runs of the suite and each baseline's, in the same graph: ``topk`` (the top-k retrieved tools)
    and ``gtc-workflow`` (graph-tool-call's workflow, :mod:`toolgraph.evaluation.peers`; left out when it is not
    installed). The baselines run first and never learn, so the ToolGraph runs start from the graph as imported."""
    methods: dict[str, Any] = {}
    warm_up(setup)
    chosen = baselines(baseline)
    if "topk" in chosen:
        from toolgraph.retrieve.search import Retriever

        retriever = Retriever(setup.store, setup.embedder)
        method = "hybrid" if setup.embedder is not None else "keyword"
        label = f"top{k}-{method}"
        methods[label] = run_requests(
            f"{suite.name} [{label}]", suite.requests,
            lambda q: topk_run(setup, q, labels, k=k, retriever=retriever, method=method),
            repeat=repeat, progress=progress)
        methods[label]["method"] = {"kind": "baseline", "retrieval": method, "k": k}
    if GTC in chosen and gtc_version() is not None:
        choose, info = gtc_chooser(setup, suite, labels)
        methods[GTC] = run_requests(f"{suite.name} [{GTC}]", suite.requests,
                                    lambda q: chain_run(setup, q, labels, choose=choose),
                                    repeat=repeat, progress=progress)
        methods[GTC]["method"] = info
    tg = run_requests(f"{suite.name} [toolgraph]", suite.requests, lambda q: toolgraph_run(setup, q, labels),
                      repeat=repeat, progress=progress)
    tg["method"] = {"kind": "toolgraph", "policy": "llm" if setup.llm is not None else "graph",
                    "learn": bool(getattr(setup.run_config, "learn", False))}
    return {"toolgraph": tg, **methods}


def gtc_chooser(setup: RunSetup, suite: Suite, labels: dict[str, dict[str, Any]]
                ) -> tuple[Callable[[str], list[str]], dict[str, Any]]:
    """graph-tool-call's workflow for each request, and what the method was. A suite the peer cannot read fails
    each of its requests with the peer's reason (the other methods still run)."""
    try:
        peer = GtcWorkflow(suite, setup.store, labels, llm=setup.llm)
        peer.warm_up()
    except Exception as exc:  # noqa: BLE001 - a peer's failure to read the suite is its result, not a crash
        reason = f"{GTC_DIST} could not read the suite: {type(exc).__name__}: {exc}"

        def refuse(_query: str) -> list[str]:
            raise RuntimeError(reason)

        return refuse, {"kind": "baseline", "peer": GTC_DIST, "version": gtc_version(), "error": reason}
    return peer.ordered_ids, peer.describe()


def baselines(baseline: str | Sequence[str] | None) -> tuple[str, ...]:
    """The baselines asked for: one name, several, or none (None, ``"none"`` or empty)."""
    if baseline is None:
        return ()
    names = (baseline,) if isinstance(baseline, str) else tuple(baseline)
    return tuple(dict.fromkeys(n for n in names if n and n != "none"))
