"""A scripted Anthropic Messages API (``POST /v1/messages``) on 127.0.0.1, so tests run the real ``anthropic`` client.

It checks what the real API would refuse about tool search: a ``tool_reference`` must name a tool of the request
that is deferred (``defer_loading: true``), and the model calls only loaded tools: those not deferred, and those a
``tool_reference`` in the conversation loaded. A refusal is an HTTP 400 ``invalid_request_error``."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# An answer: the text of the reply, or {"tool_use": {"name": ..., "input": {...}}}.
Answer = str | dict[str, Any]


def references(body: dict[str, Any]) -> list[str]:
    """The tool names the conversation's tool results reference, in order."""
    out = []
    for message in body.get("messages", []):
        for block in message.get("content") if isinstance(message.get("content"), list) else []:
            if block.get("type") == "tool_result" and isinstance(block.get("content"), list):
                out += [c["tool_name"] for c in block["content"] if c.get("type") == "tool_reference"]
    return out


class FakeClaude:
    def __init__(self, script: list[Answer]) -> None:
        self.script = script
        self.requests: list[dict[str, Any]] = []

    def refusal(self, body: dict[str, Any], answer: Answer) -> str | None:
        tools = {t["name"]: t for t in body.get("tools", [])}
        refs = references(body)
        for name in refs:
            if name not in tools or not tools[name].get("defer_loading"):
                return f"tool_reference {name!r} names no deferred tool of the request"
        if isinstance(answer, dict):
            name = answer["tool_use"]["name"]
            loaded = {n for n, t in tools.items() if not t.get("defer_loading")} | set(refs)
            if name not in loaded:
                return f"the scripted model called {name!r}, which is not loaded"
        return None

    def reply(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        self.requests.append(body)
        if not self.script:
            raise AssertionError("the fake Messages API ran out of scripted answers")
        answer = self.script.pop(0)
        problem = self.refusal(body, answer)
        if problem:
            return 400, {"type": "error", "error": {"type": "invalid_request_error", "message": problem}}
        n = len(self.requests)
        if isinstance(answer, dict):
            content = [{"type": "tool_use", "id": f"toolu_{n:02d}", "name": answer["tool_use"]["name"],
                        "input": answer["tool_use"].get("input", {})}]
            stop = "tool_use"
        else:
            content, stop = [{"type": "text", "text": answer}], "end_turn"
        return 200, {"id": f"msg_{n:02d}", "type": "message", "role": "assistant", "model": body.get("model"),
                     "content": content, "stop_reason": stop, "stop_sequence": None,
                     "usage": {"input_tokens": 10, "output_tokens": 5}}


@contextmanager
def fake_claude(script: list[Answer]) -> Iterator[tuple[FakeClaude, str]]:
    """(the fake, its base URL) while the server runs."""
    fake = FakeClaude(script)

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            if self.path.rstrip("/").endswith("/v1/messages"):
                status, payload = fake.reply(body)
            else:
                status, payload = 404, {"type": "error", "error": {"type": "not_found_error", "message": self.path}}
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield fake, f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
