"""A scripted OpenAI-compatible chat server on 127.0.0.1, so tests run the real ``openai`` client code."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

# An answer is the message's text, or {"tool_call": {"name": ..., "arguments": {...}}} for a native tool call.
Answer = str | dict[str, Any]
Script = Callable[[list[dict[str, Any]]], Answer] | list[Answer]


class FakeLLM:
    def __init__(self, script: Script) -> None:
        self.script = script
        self.requests: list[dict[str, Any]] = []
        self.fail_with: int | None = None  # answer every request with this HTTP status instead

    def answer(self, body: dict[str, Any]) -> Answer:
        self.requests.append(body)
        if callable(self.script):
            return self.script(body["messages"])
        if not self.script:
            raise AssertionError("the fake LLM ran out of scripted answers")
        return self.script.pop(0)


def embed_text(text: str, dims: int = 16) -> list[float]:
    """A deterministic bag-of-words vector: texts that share words point the same way."""
    import hashlib

    vector = [0.0] * dims
    for word in text.lower().split():
        vector[int(hashlib.md5(word.encode()).hexdigest(), 16) % dims] += 1.0
    return vector


def _handler(fake: FakeLLM) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # quiet
            pass

        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            if fake.fail_with is not None:
                self._send(fake.fail_with, {"error": {"message": "scripted failure", "type": "server_error"}})
                return
            if self.path.endswith("/embeddings"):
                fake.requests.append(body)
                texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
                self._send(200, {"object": "list", "model": body.get("model"), "data": [
                    {"object": "embedding", "index": i, "embedding": embed_text(t)} for i, t in enumerate(texts)],
                    "usage": {"prompt_tokens": 1, "total_tokens": 1}})
                return
            if not self.path.endswith("/chat/completions"):
                self._send(404, {"error": {"message": f"no route {self.path}"}})
                return
            answer = fake.answer(body)
            if isinstance(answer, dict):
                call = answer["tool_call"]
                content = ""
                message = {"role": "assistant", "content": None, "tool_calls": [{
                    "id": f"call_{len(fake.requests)}", "type": "function",
                    "function": {"name": call["name"], "arguments": json.dumps(call.get("arguments", {}))}}]}
            else:
                content = answer
                message = {"role": "assistant", "content": content}
            prompt = sum(len(m.get("content") or "") for m in body.get("messages", [])) // 4
            self._send(200, {
                "id": f"chatcmpl-{len(fake.requests)}", "object": "chat.completion", "created": 0,
                "model": body.get("model", "fake"),
                "choices": [{"index": 0, "finish_reason": "tool_calls" if isinstance(answer, dict) else "stop",
                             "message": message}],
                "usage": {"prompt_tokens": prompt, "completion_tokens": len(content) // 4,
                          "total_tokens": prompt + len(content) // 4},
            })

        def _send(self, status: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler


@contextmanager
def fake_llm(script: Script) -> Iterator[tuple[FakeLLM, str]]:
    """(the fake, its base URL ending in /v1) while the server runs."""
    fake = FakeLLM(script)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake, f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
