"""Helpers for the execution tests: a local HTTP service that misbehaves on purpose, tools that point at it
(written through the real importer), and plans built by hand."""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from toolgraph.planner.models import DataFlow, Plan, PlannedTool, Subtask, SubtaskResult, Usage

GROUP = "c/faults"


class JsonHandler(BaseHTTPRequestHandler):
    """A quiet loopback handler that answers JSON (or bytes as given): the test services' common part."""

    def log_message(self, *args: Any) -> None:
        pass

    def _send(self, status: int, body: Any, headers: dict[str, str] | None = None) -> None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        try:
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """The base URL of ``handler`` served on a free loopback port, stopped at the end."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def fault_server() -> Iterator[tuple[str, Counter[str]]]:
    """(base URL, hits per path) of a service with one route per fault."""
    hits: Counter[str] = Counter()

    class Handler(JsonHandler):
        def do_GET(self) -> None:  # noqa: N802
            parts = urlsplit(self.path)
            path, query = parts.path, {k: v[0] for k, v in parse_qs(parts.query).items()}
            hits[path] += 1
            n = hits[path]
            if path == "/hang":
                time.sleep(5)
                return self._send(200, {"late": True})
            if path == "/flaky":
                return self._send(500, {"error": "boom"}) if n == 1 else self._send(200, {"ok": n})
            if path == "/limited":
                if n == 1:
                    return self._send(429, {"error": "slow down"}, {"Retry-After": "1"})
                return self._send(200, {"ok": n})
            if path == "/malformed":
                return self._send(200, b'{"results": [1, 2,', {})
            if path == "/huge":
                return self._send(200, {"blob": "x" * 10_000_000})
            if path == "/redirect":
                return self._send(302, {}, {"Location": query.get("to", "http://169.254.169.254/latest/meta-data")})
            if path == "/big":
                return self._send(200, {"records": [{"id": i, "name": f"n{i}", "price": i * 1.5, "blurb": "x" * 200}
                                                    for i in range(30)], "page": 1})
            if path == "/missing":
                return self._send(404, {"error": "not here"})
            if path == "/shops":  # an exact city only: "lyon airport" finds nothing, "lyon" two shops
                shops = [{"shop_id": 7, "name": "Lyon Centre", "city": "Lyon"},
                         {"shop_id": 8, "name": "Lyon Airport", "city": "Lyon"}]
                return self._send(200, [x for x in shops if x["city"].lower() == query.get("city", "").lower()])
            if path.startswith("/shops/"):
                return self._send(200, {"shop_id": int(path.rsplit("/", 1)[1]), "opening_hours": "06:00-23:30"})
            if path == "/binders":  # by name or by skill: "coptic stitch" is a skill, nobody's name
                binders = [{"binder_id": "BD-03", "name": "Matthias Brenning", "skills": ["coptic stitch"]}]
                name, skill = query.get("name", "").lower(), query.get("skill", "").lower()
                return self._send(200, {"binders": [b for b in binders if name and name in b["name"].lower() or
                                                    skill and any(skill in k for k in b["skills"])]})
            if path == "/item":
                return self._send(200, {"results": [{"item_id": 41, "name": query.get("name")}], "page": 1})
            if path.startswith("/item/"):
                return self._send(200, {"item_id": int(path.rsplit("/", 1)[1]), "price": 12.5, "stock": 3})
            return self._send(200, {"ok": True, "path": path, "query": query})

        def do_POST(self) -> None:  # noqa: N802 - echoes what it got
            parts = urlsplit(self.path)
            hits[parts.path] += 1
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length) or b"null")
            self._send(200, {"method": "POST", "path": parts.path,
                             "query": {k: v[0] for k, v in parse_qs(parts.query).items()},
                             "trace": self.headers.get("X-Trace"), "body": body})

    with serving(Handler) as base:
        yield base, hits


def http_tools(store: Any, base: str, tools: dict[str, dict[str, Any]]) -> None:
    """Tools ``c/faults/<key>`` (GET ``base + path``), written through the real importer.
    A tool entry: {path, method, required: [(name, type, location)], optional: [...]}."""
    from toolgraph.ingest.batch import ImportBatch
    from toolgraph.ingest.writer import write_batch
    from toolgraph.models import CategorySpec, GroupSpec, ToolSpec

    batch = ImportBatch("test")
    batch.add_category(CategorySpec(name="C"), "t", "")
    batch.add_group(GroupSpec(id=GROUP, name="faults", category="C", source="openapi"), "t", "")
    for key, t in tools.items():
        def params(specs: list[tuple[str, str, str]]) -> list[dict[str, Any]]:
            return [{"name": n, "type": ty, "location": loc} for n, ty, loc in specs]

        batch.add_tool(ToolSpec(
            id=f"{GROUP}/{key}", name=key, group_id=GROUP, description=t.get("description", key), method=t.get("method", "GET"),
            url=base + t["path"], required_params=params(t.get("required", [])),
            optional_params=params(t.get("optional", [])), source="openapi",
            source_ref={"path": t["path"], "method": t.get("method", "GET")}), "t", "")
    write_batch(store, batch)


def make_plan(query: str, levels: list[list[str]], edges: list[tuple[str, str, str | None]] = ()) -> Plan:
    """A plan over tools ``c/faults/<key>``: one subtask per tool, ``edges`` (source, target, resource)."""
    ids = [t for level in levels for t in level]
    full = {k: f"{GROUP}/{k}" for k in ids}
    return Plan(
        id=f"run-{time.time_ns()}", query=query, policy="graph", created=datetime.now(UTC).isoformat(),
        status="success",
        subtasks=[SubtaskResult(subtask=Subtask(id=i + 1, description=f"use {k}"), tools=[full[k]], status="success")
                  for i, k in enumerate(ids)],
        tools=[PlannedTool(id=full[k], name=k, subtask=i + 1, level=d)
               for d, level in enumerate(levels) for i, k in enumerate(ids) if k in level],
        edges=[DataFlow(source=full[a], target=full[b], type="STRONG_RESOURCE" if r else "ORDER", resource=r)
               for a, b, r in edges],
        levels=[[full[k] for k in level] for level in levels], trace=[], usage=Usage())
