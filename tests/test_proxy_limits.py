"""The proxy under abuse and load, over HTTP (waitress) with the scripted model upstream: a body past the limit
answers 413 at once, malformed client requests 400 and malformed upstream answers 502, always as OpenAI-style JSON
errors (never an HTML page), and 32 concurrent clients get no error."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

try:
    import httpx
except ImportError:  # this machine's build of httpx is published as httpx2
    import httpx2 as httpx  # type: ignore[no-redef]
import pytest

from tests.helpers import make_graph
from tests.test_proxy import EDGES, TOOLS, proxy, upstream
from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder
from toolgraph.integrations.limits import ProxyLimits
from toolgraph.retrieve.select import SelectConfig, ToolSelector

CLIENTS = 32
USER = [{"role": "user", "content": "weather forecast for the next days"}]


@pytest.fixture(scope="module")
def embedder() -> Iterator[Embedder]:
    from toolgraph.embeddings.flag import FlagEmbedder

    model = FlagEmbedder(threads=1)
    yield model
    model.close()


@pytest.fixture
def selector(store: GraphStore, embedder: Embedder) -> ToolSelector:
    from toolgraph.retrieve.embed import embed_tools

    make_graph(store, TOOLS, edges=EDGES)
    embed_tools(store, embedder, reset=True)
    return ToolSelector(store, embedder, SelectConfig(k=2, threshold=0.3))


@contextmanager
def raw_upstream(answer: Any) -> Iterator[str]:
    """An upstream that answers every chat request with ``answer`` as JSON, HTTP 200."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers.get("Content-Length", 0)))
            data = json.dumps(answer).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def openai_error(r: httpx.Response, status: int) -> dict[str, Any]:
    assert r.status_code == status, (r.status_code, r.text[:300])
    assert r.headers["content-type"].startswith("application/json"), r.text[:300]
    err = r.json()["error"]
    assert set(err) == {"message", "type", "param", "code"} and err["message"]
    return err


def test_a_huge_body_is_refused_with_413_before_any_work(selector: ToolSelector) -> None:
    huge = {"model": "m", "messages": [{"role": "user", "content": "weather " * (20 * 1024 * 1024 // 8)}]}
    data = json.dumps(huge).encode()
    with upstream([]) as (fake, url), proxy(selector, url) as base:
        start = time.perf_counter()
        r = httpx.post(f"{base}/chat/completions", content=data, headers={"Content-Type": "application/json"},
                       timeout=60)
        took = time.perf_counter() - start
        err = openai_error(r, 413)
        r2 = httpx.post(f"{base}/tools/select", content=data, headers={"Content-Type": "application/json"},
                        timeout=60)
    assert err["code"] == "request_too_large" and "limit of 4,194,304 bytes" in err["message"], err
    assert openai_error(r2, 413)["code"] == "request_too_large"
    assert took < 10 and fake.requests == []


def test_the_limits_are_configurable(selector: ToolSelector) -> None:
    from waitress.server import create_server

    from tests.conftest import free_port
    from toolgraph.integrations.proxy import create_app

    limits = ProxyLimits(max_body_bytes=2000, max_messages=3, max_tools=2)
    tools = [{"type": "function", "function": {"name": f"t{i}", "parameters": {"type": "object"}}}
             for i in range(3)]
    with upstream(["ok"] * 3) as (_, url):
        server = create_server(create_app(selector, url, limits=limits), host="127.0.0.1", port=free_port())
        threading.Thread(target=server.run, daemon=True).start()
        base = f"http://127.0.0.1:{server.effective_port}/v1"
        try:
            big = httpx.post(f"{base}/tools/select", json={"messages": [{"role": "user", "content": "x" * 3000}]})
            many = httpx.post(f"{base}/tools/select", json={"messages": USER * 4})
            tooled = httpx.post(f"{base}/tools/select", json={"messages": USER, "tools": tools})
            fine = httpx.post(f"{base}/tools/select", json={"messages": USER * 3, "tools": tools[:2]})
        finally:
            server.close()
    assert "limit of 2,000 bytes" in openai_error(big, 413)["message"]
    assert "4 messages, more than the limit of 3" in openai_error(many, 413)["message"]
    assert openai_error(tooled, 413)["param"] == "tools"
    assert fine.status_code == 200, fine.text


BAD_REQUESTS = [
    ({"messages": [*USER, {"role": "assistant", "tool_calls": "call it"}]}, "messages[1].tool_calls"),
    ({"messages": [*USER, {"role": "assistant", "tool_calls": ["x"]}]}, "messages[1].tool_calls[0]"),
    ({"messages": [*USER, {"role": "assistant", "tool_calls": [{"id": "c", "function": "f"}]}]},
     "messages[1].tool_calls[0]"),
    ({"messages": [*USER, {"role": "assistant", "tool_calls": [{"id": "c", "function": {"arguments": "{}"}}]}]},
     "messages[1].tool_calls[0].function.name"),
    ({"messages": [*USER, {"role": "assistant", "tool_calls": [{"function": {"name": "f", "arguments": {}}}]}]},
     "messages[1].tool_calls[0].function.arguments"),
    ({"messages": USER, "tools": [{"type": "function", "function": {"description": "no name"}}]},
     "tools[0].function.name"),
    ({"messages": USER, "tools": [{"type": "function", "function": {"name": "f", "parameters": "object"}}]},
     "tools[0].function.parameters"),
    ({"messages": USER, "tools": [{"type": "function", "function": {"name": "f", "parameters": {
        "type": "object", "properties": {"a": "string"}}}}]}, "tools[0].function.parameters.properties"),
    ({"messages": USER, "tools": ["f"]}, "tools[0]"),
    ({"messages": [{"role": "user", "content": {"text": "hi"}}]}, "messages[0].content"),
]


@pytest.mark.parametrize("path", ["chat/completions", "tools/select"])
def test_malformed_client_requests_answer_400_json(selector: ToolSelector, path: str) -> None:
    with upstream(lambda _m: "ok") as (fake, url), proxy(selector, url) as base:
        answers = [(httpx.post(f"{base}/{path}", json={"model": "m", **body}), param) for body, param in BAD_REQUESTS]
        deep = httpx.post(f"{base}/{path}", content=b'{"messages": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
                          headers={"Content-Type": "application/json"})
        not_json = httpx.post(f"{base}/{path}", content=b"<xml/>", headers={"Content-Type": "application/json"})
    for r, param in answers:
        err = openai_error(r, 400)
        assert err["type"] == "invalid_request_error" and err["param"] == param, (param, err)
    assert "too deep" in openai_error(deep, 400)["message"]
    assert "JSON object" in openai_error(not_json, 400)["message"]
    assert fake.requests == []


@pytest.mark.parametrize("answer, says", [
    ({"id": "x", "choices": None}, "`choices` is not a list"),
    ({"id": "x", "choices": "junk"}, "`choices` is not a list"),
    ({"id": "x", "choices": ["junk"]}, "`choices[0]` is not an object"),
    ({"id": "x", "choices": [{"index": 0, "message": "hello"}]}, "`choices[0].message` is not an object"),
    ({"id": "x", "choices": [{"index": 0, "message": {"role": "assistant", "tool_calls": "f()"}}]},
     "tool_calls` is not a list"),
    ({"id": "x", "choices": [{"index": 0, "message": {"role": "assistant", "tool_calls": [1, 2]}}]},
     "tool_calls` is not a list"),
    ({"id": "x"}, "has no `choices`"),
])
def test_malformed_upstream_answers_give_502_json(selector: ToolSelector, answer: Any, says: str) -> None:
    with raw_upstream(answer) as url, proxy(selector, url) as base:
        r = httpx.post(f"{base}/chat/completions", json={"model": "m", "messages": USER})
    err = openai_error(r, 502)
    assert err["code"] == "upstream_malformed" and says in err["message"], err


def test_other_http_errors_are_json_too(selector: ToolSelector) -> None:
    with upstream([]) as (_, url), proxy(selector, url) as base:
        missing = httpx.post(f"{base}/nothing/here", json={})
        wrong = httpx.get(f"{base}/chat/completions")
    assert openai_error(missing, 404)["type"] == "invalid_request_error"
    assert openai_error(wrong, 405)["code"] == "method_not_allowed"


def test_32_concurrent_clients_get_no_error(selector: ToolSelector) -> None:
    """Selection and chat from 32 threads at once (distinct requests, so no answer comes from a cache)."""
    subjects = ["weather forecast", "stock price", "exchange rate", "translate a sentence", "city of a postal code"]
    with upstream(lambda _m: "ok") as (fake, url), proxy(selector, url) as base:
        barrier = threading.Barrier(CLIENTS)

        def client(i: int) -> list[tuple[int, str]]:
            out = []
            with httpx.Client(base_url=base, timeout=120) as http:
                barrier.wait()
                for j in range(4):
                    text = f"{subjects[(i + j) % len(subjects)]} number {i * 10 + j}"
                    path = "/tools/select" if j % 2 else "/chat/completions"
                    r = http.post(path, json={"model": "m", "messages": [{"role": "user", "content": text}]})
                    out.append((r.status_code, r.text[:200]))
            return out

        with ThreadPoolExecutor(CLIENTS) as pool:
            results = [a for answers in pool.map(client, range(CLIENTS)) for a in answers]
    failed = [a for a in results if a[0] != 200]
    assert not failed, f"{len(failed)} of {len(results)} failed: {failed[:3]}"
    assert len(fake.requests) == CLIENTS * 2
