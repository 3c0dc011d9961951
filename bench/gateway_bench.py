"""ToolGraph as the one MCP server an agent needs (``toolgraph mcp --allow-calls``), on the held-out suites
(bench/data/heldout/*: three HTTP services, a Python module, an MCP server), each imported into its own graph.

1. Tokens an agent spends reaching one tool: through the gateway (its tool definitions once, one ``search_tools``
   answer of hit lines, the ``call_tool`` arguments and its compressed answer) against every tool's JSON definition
   in context (the suite's own tools, and all five suites' tools as for an agent connected to every server) plus
   the arguments and the tool's full answer. The tool and its arguments are each request's first gold call
   (``gold_args.json``); whether the search's hits held that tool is reported. Tokens are estimated as characters
   // 4 (as in proxy_bench.py), the same rule on both sides.
2. ``run_request`` through the gateway (the real ``mcp`` client over stdio against a ``toolgraph mcp --allow-calls
   --allow-writes --no-learn`` subprocess) against the same requests run as ``toolgraph eval run --no-llm
   --no-learn --baseline none`` runs them (``toolgraph.evaluation.harness.toolgraph_run``), in the same graph,
   scored by the same rule (``score_request``). No LLM on either side.

    PYTHONPATH=. .venv/bin/python bench/gateway_bench.py --out docs/results/gateway_bench.json
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.common import (  # noqa: E402
    LoadSampler,
    arg_parser,
    bench_main,
    git_state,
    machine_info,
    private_server,
    progress,
    table,
)

SUITES = ROOT / "bench" / "data" / "heldout"
HIT_K = 5


def tokens(value: Any) -> int:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return len(text) // 4


def tool_json(tool: Any) -> dict[str, Any]:
    """A tool as an agent connected to its server directly has it in context: name, description, input schema."""
    from toolgraph.execute.params import schema_of

    return {"name": tool.function_name or tool.name, "description": tool.description, "inputSchema": schema_of(tool)}


def gold_calls(suite_dir: Path, labels: dict[str, dict[str, Any]]) -> list[tuple[str, str, dict[str, Any]]]:
    """(query, tool id, arguments) of each request's first gold call."""
    by_label: dict[str, str] = {}
    for tid, known in labels.items():
        for name in [known["label"], *known["aliases"]]:
            by_label.setdefault(name, tid)
    out = []
    for row in json.loads((suite_dir / "gold_args.json").read_text()):
        first = row["calls"][0]
        args: dict[str, Any] = {}
        for key, value in first.items():
            if key != "op" and isinstance(value, dict):
                args.update(value)
        if first["op"] in by_label:
            out.append((row["query"], by_label[first["op"]], args))
    return out


class GatewayClient:
    """One ``toolgraph mcp`` subprocess over stdio, driven by the official client."""

    def __init__(self, env: dict[str, str], flags: list[str]) -> None:
        self.env, self.flags = env, flags

    async def __aenter__(self) -> GatewayClient:
        from contextlib import AsyncExitStack

        from mcp import ClientSession, StdioServerParameters
        from mcp.client.stdio import stdio_client

        self.stack = AsyncExitStack()
        params = StdioServerParameters(command=sys.executable, args=["-m", "toolgraph.cli", "mcp", *self.flags],
                                       env=self.env, cwd=str(ROOT))
        devnull = self.stack.enter_context(open(os.devnull, "w"))
        read, write = await self.stack.enter_async_context(stdio_client(params, errlog=devnull))
        self.session = await self.stack.enter_async_context(ClientSession(read, write))
        await self.session.initialize()
        listed = (await self.session.list_tools()).tools
        self.definitions = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in listed]
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stack.aclose()

    async def call(self, name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
        result = await self.session.call_tool(name, arguments)
        return not result.is_error, result.content[0].text if result.content else ""


async def gateway_side(env: dict[str, str], calls: list[tuple[str, str, dict[str, Any]]], requests: list[Any],
                       labels: dict[str, dict[str, Any]]) -> dict[str, Any]:
    from toolgraph.evaluation.score import score_request

    reach, rows = [], []
    async with GatewayClient(env, ["--allow-calls", "--allow-writes", "--no-learn"]) as gw:
        fixed = tokens(gw.definitions)
        for query, tool_id, args in calls:
            ok, search = await gw.call("search_tools", {"query": query, "k": HIT_K})
            hit_ids = [h["id"] for h in json.loads(search)["hits"]] if ok else []
            request = {"id": tool_id, "arguments": args}
            called, answer = await gw.call("call_tool", request)
            reach.append({"query": query, "tool": tool_id, "found_in_hits": tool_id in hit_ids,
                          "rank": hit_ids.index(tool_id) + 1 if tool_id in hit_ids else None, "called": called,
                          "error": None if called else answer[:200], "search_tokens": tokens(search),
                          "call_tokens": tokens(request) + tokens(answer)})
        for request in requests:
            started = time.perf_counter()
            ok, text = await gw.call("run_request", {"query": request.query})
            seconds = time.perf_counter() - started
            run = json.loads(text) if ok else {"status": "failure", "answer": "", "calls": []}
            out = {"status": run["status"], "answer": run["answer"], "seconds": round(seconds, 3),
                   "calls": [{**c, "label": labels.get(c["tool"], {}).get("label", c["tool"]),
                              "aliases": labels.get(c["tool"], {}).get("aliases", [])} for c in run["calls"]]}
            if not ok:
                out["error"] = text[:300]
            rows.append({"query": request.query, "seconds": out["seconds"], **score_request(request, out)})
    return {"definitions_tokens": fixed, "definitions": len(gw.definitions), "reach": reach, "runs": rows}


def eval_side(setup: Any, requests: list[Any], labels: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    from toolgraph.evaluation.harness import toolgraph_run
    from toolgraph.evaluation.score import score_request

    rows = []
    for request in requests:
        out = toolgraph_run(setup, request.query, labels)
        rows.append({"query": request.query, "seconds": out["seconds"], **score_request(request, out)})
    return rows


def direct_answers(store: Any, calls: list[tuple[str, str, dict[str, Any]]], groups: dict[str, Any]) -> list[int]:
    """Tokens of each gold call's full answer, called directly with ToolGraph's executor (no compression)."""
    from toolgraph import wiring
    from toolgraph.config import Settings
    from toolgraph.execute.runner import load_tool

    async def go() -> list[int]:
        executors = wiring.executors(Settings(), store=store, groups=groups)
        out = []
        try:
            for _, tool_id, args in calls:
                tool = load_tool(store, tool_id)
                executor = next(e for e in executors if e.handles(tool))
                try:
                    result = await executor.call(tool, args, timeout_s=20)
                    out.append(tokens(result.value))
                except Exception as exc:  # noqa: BLE001 - a refused call still costs its error text
                    out.append(tokens(str(exc)))
        finally:
            for e in executors:
                if hasattr(e, "aclose"):
                    await e.aclose()
        return out

    return asyncio.run(go())


def run(args: Any) -> dict[str, Any]:
    from contextlib import nullcontext

    from toolgraph import wiring
    from toolgraph.config import Settings
    from toolgraph.embeddings.flag import FlagEmbedder
    from toolgraph.evaluation.harness import RunSetup, warm_up
    from toolgraph.evaluation.load import exec_groups, import_suite
    from toolgraph.evaluation.score import aggregate
    from toolgraph.evaluation.serve import serving
    from toolgraph.evaluation.suite import load_suite
    from toolgraph.execute.runner import load_tool

    load = LoadSampler()
    settings = Settings()
    embedder = FlagEmbedder()
    suites = [load_suite(d) for d in sorted(SUITES.iterdir()) if (d / "suite.json").exists()]
    if args.suites:
        suites = [s for s in suites if s.name in args.suites]
    results: dict[str, Any] = {}
    all_tools_tokens = 0
    with private_server(args.heap) as bench:
        store, server = bench.store, bench.server
        env = {**{k: v for k, v in os.environ.items() if not k.startswith("TOOLGRAPH_")},
               "TOOLGRAPH_HOME": str(server.home), "TOOLGRAPH_EMBEDDED_BOLT_PORT": str(server.bolt_port),
               "TOOLGRAPH_EMBEDDED_HTTP_PORT": str(server.http_port), "PYTHONPATH": str(ROOT)}
        for suite in suites:
            store.query("clear_graph")
            progress(f"{suite.name}: importing ({suite.kind})")
            graph = import_suite(store, suite, embedder=embedder)
            labels = graph["labels"]
            tools = [load_tool(store, t) for t in graph["tool_ids"]]
            suite_tokens = tokens([tool_json(t) for t in tools if t is not None])
            all_tools_tokens += suite_tokens
            service = (serving(suite.serve, suite.folder, name=suite.name) if suite.serve else nullcontext(None))
            with service as port:
                groups = exec_groups(suite, set(graph["groups"]), port)
                calls = gold_calls(suite.folder, labels)
                progress(f"{suite.name}: {len(tools)} tools; eval run path, {len(suite.requests)} requests")
                setup = RunSetup(store=store, make_executors=lambda g=groups: wiring.executors(
                    settings, store=store, groups=g), run_config=replace(wiring.run_config(settings), learn=False,
                                                                         save=False),
                                 planner_config=wiring.planner_config(settings), embedder=embedder)
                warm_up(setup)
                peer = eval_side(setup, suite.requests, labels)
                direct = direct_answers(store, calls, groups)
                progress(f"{suite.name}: through the gateway")
                gw_env = {**env, "TOOLGRAPH_EXEC_GROUPS": json.dumps(
                    {name: g.model_dump(mode="json", exclude_none=True) for name, g in groups.items()})}
                gateway = asyncio.run(gateway_side(gw_env, calls, suite.requests, labels))
            load.sample()
            for row, full in zip(gateway["reach"], direct):
                row["direct_answer_tokens"] = full
                row["direct_call_tokens"] = tokens({"name": row["tool"]}) + full
            results[suite.name] = {"kind": suite.kind, "tools": len(tools), "tools_json_tokens": suite_tokens,
                                   "gateway": gateway, "eval_run": peer,
                                   "summary": {"gateway": aggregate([{**r, "latency_s": r["seconds"]}
                                                                     for r in gateway["runs"]]),
                                               "eval_run": aggregate(peer)}}
            progress(f"{suite.name}: gateway {results[suite.name]['summary']['gateway']['passed']} / eval run "
                     f"{results[suite.name]['summary']['eval_run']['passed']} of {len(suite.requests)} passed")
    return {"suites": results, "figures": figures(results, all_tools_tokens), "machine": machine_info(args.heap),
            "load_1min": load.summary(), "code": git_state("toolgraph", "bench/gateway_bench.py"),
            "settings": {"llm": None, "embeddings": embedder.name, "learn": False, "hits_k": HIT_K,
                         "token_estimate": "characters of the JSON text // 4"}}


def figures(results: dict[str, Any], all_tools_tokens: int) -> dict[str, Any]:
    reach = [(name, r) for name, s in results.items() for r in s["gateway"]["reach"]]
    per_suite = []
    for name, s in results.items():
        rows = s["gateway"]["reach"]
        n = len(rows) or 1
        gw = s["gateway"]["definitions_tokens"] + sum(r["search_tokens"] + r["call_tokens"] for r in rows) / n
        direct_own = s["tools_json_tokens"] + sum(r["direct_call_tokens"] for r in rows) / n
        direct_all = all_tools_tokens + sum(r["direct_call_tokens"] for r in rows) / n
        per_suite.append({"suite": name, "tools": s["tools"], "requests": len(rows),
                          "found_in_hits": sum(r["found_in_hits"] for r in rows),
                          "called_ok": sum(r["called"] for r in rows),
                          "gateway_tokens_per_reach": round(gw, 1), "direct_tokens_own_tools": round(direct_own, 1),
                          "direct_tokens_all_suites": round(direct_all, 1),
                          "gateway_pass": s["summary"]["gateway"]["passed"],
                          "eval_run_pass": s["summary"]["eval_run"]["passed"], "requests_run": len(s["eval_run"])})
    n = len(reach) or 1
    defs = next(iter(results.values()))["gateway"]["definitions_tokens"] if results else 0
    return {
        "per_suite": per_suite,
        "reach": {"requests": len(reach), "found_in_hits": sum(r["found_in_hits"] for _, r in reach),
                  "called_ok": sum(r["called"] for _, r in reach),
                  "gateway_definitions_tokens": defs,
                  "gateway_search_tokens_mean": round(sum(r["search_tokens"] for _, r in reach) / n, 1),
                  "gateway_call_tokens_mean": round(sum(r["call_tokens"] for _, r in reach) / n, 1),
                  "direct_call_tokens_mean": round(sum(r["direct_call_tokens"] for _, r in reach) / n, 1),
                  "all_suites_tools_json_tokens": all_tools_tokens},
        "pass": {"gateway": sum(p["gateway_pass"] for p in per_suite),
                 "eval_run": sum(p["eval_run_pass"] for p in per_suite),
                 "requests": sum(p["requests_run"] for p in per_suite)},
    }


def human(result: dict[str, Any]) -> None:
    f = result["figures"]
    print(table(["suite", "tools", "found in top5", "called ok", "gateway tok/reach", "direct tok (own tools)",
                 "direct tok (all suites)", "gateway pass", "eval run pass"],
                [[p["suite"], p["tools"], f"{p['found_in_hits']}/{p['requests']}", f"{p['called_ok']}/{p['requests']}",
                  p["gateway_tokens_per_reach"], p["direct_tokens_own_tools"], p["direct_tokens_all_suites"],
                  f"{p['gateway_pass']}/{p['requests_run']}", f"{p['eval_run_pass']}/{p['requests_run']}"]
                 for p in f["per_suite"]]))
    r, p = f["reach"], f["pass"]
    print(f"\ngateway: {r['gateway_definitions_tokens']} tokens of tool definitions once, then per reach "
          f"{r['gateway_search_tokens_mean']} (search) + {r['gateway_call_tokens_mean']} (call); direct: "
          f"{r['all_suites_tools_json_tokens']} tokens of every suite's tools + {r['direct_call_tokens_mean']} "
          f"(call). run_request pass: gateway {p['gateway']}/{p['requests']}, eval run {p['eval_run']}/"
          f"{p['requests']}. load {result['load_1min']}")


def main() -> int:
    p = arg_parser(__doc__, "1g")
    p.add_argument("--suites", nargs="*", help="only these held-out suites (by folder name)")
    return bench_main(p.parse_args(), run, human)


if __name__ == "__main__":
    raise SystemExit(main())
