"""Check the held-out suites against their own services, modules and MCP servers.

For every folder here with a suite.json, this starts what the suite names (the openapi `serve` command on a free
port, the python module, the MCP server over stdio), replays each request's gold solution with the hand-written
arguments of gold_args.json (a list parallel to requests.json) and checks that

  * the gold calls are the request's `solution`, call for call, and every call exists (spec path / function / tool);
  * every call succeeds (HTTP < 400, no exception, no MCP error) and, for openapi, the response matches its
    declared schema when the spec gives one;
  * every `expect` string appears (case-insensitively) in the concatenated responses of that request;
  * the requests pass both in order and in reverse order on a fresh instance (writes don't break other requests).

It also lists gold arguments whose value is neither in the query nor in an earlier response of the same chain
("unsourced": a reader must derive them, e.g. a month from "October 2026") so they can be reviewed.

Usage: python verify_suites.py [--dir FOLDER] [suite ...]      (exit status 0 when every suite passes; FOLDER:
another folder of suites, by default this one)
"""
from __future__ import annotations

import asyncio
import collections
import copy
import importlib
import inspect
import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


class CheckError(Exception):
    pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def as_text(value) -> str:
    return value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)


# ---------------------------------------------------------------- openapi
def load_spec(path: Path) -> dict:
    text = path.read_text()
    if path.suffix in (".yaml", ".yml"):
        import yaml
        return yaml.safe_load(text)
    return json.loads(text)


def resolve_refs(node, spec, depth=0):
    if depth > 40:
        raise CheckError("$ref nesting too deep")
    if isinstance(node, dict):
        if "$ref" in node:
            target = spec
            for part in node["$ref"].lstrip("#/").split("/"):
                target = target[part]
            return resolve_refs(target, spec, depth + 1)
        return {k: resolve_refs(v, spec, depth + 1) for k, v in node.items()}
    if isinstance(node, list):
        return [resolve_refs(v, spec, depth + 1) for v in node]
    return node


def spec_operations(spec: dict) -> dict:
    ops = {}
    for path, item in spec.get("paths", {}).items():
        for method, op in item.items():
            if method.lower() in ("get", "post", "put", "patch", "delete"):
                ops[f"{method.upper()} {path}"] = op
    return ops


def response_schema(op: dict, status: int, spec: dict):
    responses = op.get("responses", {})
    resp = responses.get(str(status)) or responses.get(f"{str(status)[0]}XX") or responses.get("default")
    if resp is None:
        return None
    resp = resolve_refs(resp, spec)
    schema = resp.get("content", {}).get("application/json", {}).get("schema")
    return schema


def check_schema(value, schema, where):
    import jsonschema
    schema = copy.deepcopy(schema)

    def strip(node):  # OpenAPI 3.0 keywords jsonschema doesn't know are harmless; drop 'example'
        if isinstance(node, dict):
            node.pop("example", None)
            if node.get("nullable"):
                node.pop("nullable")
                if "type" in node:
                    node["type"] = [node["type"], "null"]
            for v in node.values():
                strip(v)
        elif isinstance(node, list):
            for v in node:
                strip(v)
    strip(schema)
    try:
        jsonschema.validate(value, schema)
    except jsonschema.ValidationError as exc:
        raise CheckError(f"{where}: response does not match its schema: {exc.message}") from None


class OpenApiRunner:
    def __init__(self, folder: Path, suite: dict):
        self.folder, self.suite = folder, suite
        self.spec = load_spec(folder / suite["spec"])
        self.ops = spec_operations(self.spec)
        self.proc = None

    def operation_count(self):
        return len(self.ops)

    def known(self, op):
        return op in self.ops

    def start(self):
        import httpx
        port = free_port()
        cmd = [sys.executable if (i == 0 and w == "python") else w.replace("{port}", str(port))
               for i, w in enumerate(self.suite["serve"])]
        self.proc = subprocess.Popen(cmd, cwd=self.folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.base = self.suite["base_url"].replace("{port}", str(port)).rstrip("/")
        self.client = httpx.Client(timeout=10)
        deadline = time.time() + 15
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise CheckError(f"service exited: {self.proc.stderr.read().decode()[-500:]}")
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.1)
        raise CheckError("service did not start listening in 15 s")

    def stop(self):
        if self.proc:
            self.client.close()
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    def call(self, call: dict):
        method, template = call["op"].split(" ", 1)
        path_params = call.get("path", {})
        names = re.findall(r"\{(\w+)\}", template)
        if sorted(names) != sorted(path_params):
            raise CheckError(f"{call['op']}: path parameters {sorted(path_params)} != {sorted(names)}")
        path = template
        for name in names:
            path = path.replace("{" + name + "}", str(path_params[name]))
        resp = self.client.request(method, self.base + path, params=call.get("query"),
                                   json=call.get("body") if "body" in call else None)
        if resp.status_code >= 400:
            raise CheckError(f"{method} {path} -> HTTP {resp.status_code}: {resp.text[:300]}")
        data = resp.json()
        schema = response_schema(self.ops[call["op"]], resp.status_code, self.spec)
        if schema is not None:
            check_schema(data, resolve_refs(schema, self.spec), f"{method} {path}")
        return data

    def args_of(self, call):
        return {**call.get("path", {}), **call.get("query", {}), **call.get("body", {})}

    def schema_coverage(self):
        with_schema = sum(1 for op in self.ops.values()
                          if any(response_schema(op, int(s), self.spec) for s in op.get("responses", {})
                                 if s.isdigit() and int(s) < 300))
        return f"{with_schema}/{len(self.ops)} operations declare a success response schema"


# ---------------------------------------------------------------- python
class PythonRunner:
    def __init__(self, folder: Path, suite: dict):
        self.folder, self.suite = folder, suite
        sys.path.insert(0, str((folder / suite.get("path", ".")).resolve()))
        self.module = importlib.import_module(suite["module"])
        self.functions = {n: f for n, f in inspect.getmembers(self.module, inspect.isfunction)
                          if f.__module__ == self.module.__name__ and not n.startswith("_")}

    def operation_count(self):
        return len(self.functions)

    def known(self, op):
        return op in self.functions

    def start(self):
        self.module = importlib.reload(self.module)  # fresh in-memory state
        self.functions = {n: getattr(self.module, n) for n in self.functions}

    def stop(self):
        pass

    def call(self, call):
        try:
            return self.functions[call["op"]](**call.get("args", {}))
        except Exception as exc:  # noqa: BLE001 - reported as a failed check
            raise CheckError(f"{call['op']}({call.get('args')}) raised {type(exc).__name__}: {exc}") from None

    def args_of(self, call):
        return call.get("args", {})

    def schema_coverage(self):
        untyped = [n for n, f in self.functions.items()
                   if inspect.signature(f).return_annotation in (dict, "dict", list, "list")]
        return f"{len(untyped)}/{len(self.functions)} functions return a bare dict/list ({', '.join(sorted(untyped))})"


# ---------------------------------------------------------------- mcp
class McpRunner:
    def __init__(self, folder: Path, suite: dict):
        self.folder, self.suite = folder, suite
        self.tools = None

    def _params(self):
        from mcp import StdioServerParameters
        cmd = list(self.suite["command"])
        if cmd[0] == "python":
            cmd[0] = sys.executable
        return StdioServerParameters(command=cmd[0], args=cmd[1:], cwd=str(self.folder))

    async def run_all(self, jobs):
        """jobs: list of lists of calls; returns list of list of results (or CheckError)."""
        from mcp import ClientSession, stdio_client
        out = []
        with open(os.devnull, "w") as devnull:
            async with stdio_client(self._params(), errlog=devnull) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    listed = await session.list_tools()
                    self.tools = {t.name: t for t in listed.tools}
                    for calls in jobs:
                        results = []
                        try:
                            for call in calls:
                                if call["op"] not in self.tools:
                                    raise CheckError(f"no tool named {call['op']}")
                                res = await session.call_tool(call["op"], call.get("args", {}))
                                texts = [getattr(c, "text", "") for c in res.content]
                                if res.is_error if hasattr(res, "is_error") else res.isError:
                                    raise CheckError(f"{call['op']}({call.get('args')}) -> tool error: {texts}")
                                structured = getattr(res, "structured_content", None) or \
                                    getattr(res, "structuredContent", None)
                                results.append(structured if structured is not None else "\n".join(texts))
                        except CheckError as exc:
                            results = exc
                        out.append(results)
        return out

    def args_of(self, call):
        return call.get("args", {})


# ---------------------------------------------------------------- checks
def scalar_values(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from scalar_values(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from scalar_values(v)
    elif value is not None:
        yield value


def unsourced(query, calls, results, args_of):
    """Argument values found neither in the query nor in earlier responses of the chain."""
    notes = []
    seen = query.lower()
    for call, result in zip(calls, results):
        for v in scalar_values(args_of(call)):
            s = str(v).lower()
            if s not in seen:
                notes.append(f"{call['op']}: {v!r}")
        seen += "\n" + as_text(result).lower()
    return notes


def run_suite(folder: Path) -> tuple[bool, list[str]]:
    suite = json.loads((folder / "suite.json").read_text())
    requests = json.loads((folder / "requests.json").read_text())
    gold = json.loads((folder / "gold_args.json").read_text())
    lines, ok = [], True
    if len(gold) != len(requests):
        return False, [f"gold_args.json has {len(gold)} entries for {len(requests)} requests"]
    for i, (req, g) in enumerate(zip(requests, gold)):
        if g.get("query") != req["query"]:
            return False, [f"request {i}: gold_args.json query differs from requests.json"]
        if [c["op"] for c in g["calls"]] != req.get("solution"):
            return False, [f"request {i}: gold calls {[c['op'] for c in g['calls']]} != solution {req.get('solution')}"]
        if not req.get("expect") or any(len(e.strip()) < 2 and not e.strip().isdigit() for e in req["expect"]):
            return False, [f"request {i}: empty or one-character (non-count) expect"]

    kind = suite["kind"]
    runner = {"openapi": OpenApiRunner, "python": PythonRunner, "mcp": McpRunner}[kind](folder, suite)
    orders = {"in order": list(range(len(requests))), "reversed": list(reversed(range(len(requests))))}
    failures = collections.defaultdict(list)
    all_results = {}
    for label, order in orders.items():
        if kind == "mcp":
            outcome = asyncio.run(runner.run_all([gold[i]["calls"] for i in order]))
            per_request = dict(zip(order, outcome))
        else:
            runner.start()
            per_request = {}
            try:
                for i in order:
                    results = []
                    try:
                        for call in gold[i]["calls"]:
                            if not runner.known(call["op"]):
                                raise CheckError(f"unknown operation {call['op']}")
                            results.append(runner.call(call))
                    except CheckError as exc:
                        results = exc
                    per_request[i] = results
            finally:
                runner.stop()
        for i in order:
            results = per_request[i]
            if isinstance(results, CheckError):
                failures[i].append(f"[{label}] {results}")
                continue
            blob = "\n".join(as_text(r) for r in results).lower()
            missing = [e for e in requests[i]["expect"] if e.lower() not in blob]
            if missing:
                failures[i].append(f"[{label}] expect not in responses: {missing}")
            if label == "in order":
                all_results[i] = results
    op_count = runner.operation_count() if kind != "mcp" else len(runner.tools or {})
    lengths = collections.Counter(len(r["solution"]) for r in requests)
    used = {op for r in requests for op in r["solution"]}
    lines.append(f"kind={kind} operations={op_count} requests={len(requests)} "
                 f"chain lengths={dict(sorted(lengths.items()))} operations used by gold paths={len(used)}")
    if kind != "mcp":
        lines.append(runner.schema_coverage())
    for i, req in enumerate(requests):
        status = "FAIL" if failures[i] else "ok"
        lines.append(f"  {status:4} #{i + 1:<2} ({len(req['solution'])} calls) {req['query'][:80]}")
        for f in failures[i]:
            ok = False
            lines.append(f"         {f}")
        if i in all_results:
            notes = unsourced(req["query"], gold[i]["calls"], all_results[i], runner.args_of)
            if notes:
                lines.append(f"         unsourced args (derived by the reader): {'; '.join(notes)}")
    return ok, lines


def main(argv):
    here = HERE
    if argv[:1] == ["--dir"] and len(argv) > 1:  # another folder of suites (heldout2/, tuning2/ call this script)
        here, argv = Path(argv[1]).resolve(), argv[2:]
    names = argv or sorted(p.name for p in here.iterdir() if (p / "suite.json").is_file())
    all_ok = True
    summary = []
    for name in names:
        try:
            ok, lines = run_suite(here / name)
        except CheckError as exc:
            ok, lines = False, [f"error: {exc}"]
        all_ok &= ok
        summary.append(f"{name}: {'PASS' if ok else 'FAIL'}")
        print(f"== {name}: {'PASS' if ok else 'FAIL'}")
        for line in lines:
            print(line)
    print("\nsummary: " + ", ".join(summary))
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
