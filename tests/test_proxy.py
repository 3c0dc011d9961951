"""The OpenAI-compatible proxy: the real ``openai`` client against ``toolgraph.integrations.proxy`` served by
waitress, with the scripted OpenAI-compatible model (tests/fake_llm.py, plus streaming and /models) upstream."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import ThreadingHTTPServer
from typing import Any

try:
    import httpx
except ImportError:  # this machine's build of httpx is published as httpx2
    import httpx2 as httpx  # type: ignore[no-redef]
import openai
import pytest

from tests.conftest import free_port
from tests.fake_llm import FakeLLM, _handler
from tests.helpers import make_graph
from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder
from toolgraph.retrieve.select import SelectConfig, ToolSelector, safe_name

TOOLS = {
    "city_lookup": {"name": "City Lookup", "description": "Find the city of a postal code", "required": ["zip"]},
    "forecast": {"name": "Weather Forecast", "description": "Weather forecast for the next days in a city",
                 "required": ["city"], "optional": ["days"]},
    "stock_price": {"name": "Stock Price", "description": "Latest price of a stock ticker symbol",
                    "required": ["symbol"], "group": "markets"},
    "exchange_rate": {"name": "Exchange Rate", "description": "Convert an amount of money between two currencies",
                      "required": ["from", "to"], "group": "markets"},
    "translate": {"name": "Translate Text", "description": "Translate a sentence into another language",
                  "required": ["text", "target"], "group": "language"},
}
EDGES = [("city_lookup", "forecast", "STRONG_RESOURCE", {"resource": "city", "weight": 0.9})]
FORECAST = safe_name("c/g/forecast")


class Upstream(FakeLLM):
    """The scripted model, also streaming, answering /models, recording headers, slow or garbled on demand."""

    def __init__(self, script: Any) -> None:
        super().__init__(script)
        self.headers: list[dict[str, str]] = []
        self.delay = 0.0
        self.garbled = False


def _upstream_handler(fake: Upstream) -> type:
    base = _handler(fake)

    class Handler(base):  # type: ignore[misc, valid-type]
        def do_GET(self) -> None:  # noqa: N802
            self._send(200, {"object": "list", "data": [{"id": "fake-model", "object": "model", "owned_by": "t"}]})

        def do_POST(self) -> None:  # noqa: N802
            fake.headers.append(dict(self.headers))
            time.sleep(fake.delay)
            if fake.garbled:
                data = b"<html>bad gateway</html>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                return
            length = int(self.headers.get("Content-Length", 0))
            raw = self.rfile.read(length)
            body = json.loads(raw or b"{}")
            if not body.get("stream"):
                self.rfile = __import__("io").BytesIO(raw)
                super().do_POST()
                return
            answer = fake.answer(body)
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            if isinstance(answer, dict):
                call = answer["tool_call"]
                deltas = [{"role": "assistant", "tool_calls": [{"index": 0, "id": "call_s", "type": "function",
                                                                "function": {"name": call["name"], "arguments": ""}}]},
                          {"tool_calls": [{"index": 0, "function": {"arguments": json.dumps(call["arguments"])}}]}]
            else:
                deltas = [{"role": "assistant", "content": ""}] + [{"content": w} for w in re.findall(r"\S+\s*", answer)]
            for d in deltas:
                chunk = {"id": "s1", "object": "chat.completion.chunk", "created": 0, "model": "fake",
                         "choices": [{"index": 0, "delta": d, "finish_reason": None}]}
                self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            self.wfile.write(b"data: [DONE]\n\n")

    return Handler


@contextmanager
def upstream(script: Any) -> Iterator[tuple[Upstream, str]]:
    fake = Upstream(script)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _upstream_handler(fake))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield fake, f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def proxy(selector: ToolSelector, upstream_url: str, timeout: float = 30.0, **app_options: Any) -> Iterator[str]:
    """The proxy app served by waitress on a free port (``app_options``: pins, cap, limits); its /v1 base URL."""
    from waitress.server import create_server

    from toolgraph.integrations.proxy import create_app

    server = create_server(create_app(selector, upstream_url, timeout=timeout, **app_options), host="127.0.0.1",
                           port=free_port())
    def run() -> None:
        try:
            server.run()
        except OSError:  # the socket closed under the loop when the test ends
            pass

    threading.Thread(target=run, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}/v1"
    finally:
        server.close()


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    from toolgraph.embeddings.flag import FlagEmbedder

    return FlagEmbedder()


@pytest.fixture
def selector(store: GraphStore, embedder: Embedder) -> ToolSelector:
    from toolgraph.retrieve.embed import embed_tools

    make_graph(store, TOOLS, edges=EDGES)
    embed_tools(store, embedder, reset=True)
    return ToolSelector(store, embedder, SelectConfig(k=2, threshold=0.3))


def client(base_url: str, timeout: float = 30.0) -> openai.OpenAI:
    return openai.OpenAI(base_url=base_url, api_key="sk-client-key", max_retries=0, timeout=timeout)


def test_graph_tools_injected_with_their_providers_and_calls_mapped_back(selector: ToolSelector) -> None:
    script = [{"tool_call": {"name": FORECAST, "arguments": {"city": "New York"}}}]
    with upstream(script) as (fake, url), proxy(selector, url) as base:
        answer = client(base).chat.completions.create(model="fake", messages=[
            {"role": "user", "content": "What will the weather be like in the next days at postal code 10001?"}])
    sent = fake.requests[0]
    names = [t["function"]["name"] for t in sent["tools"]]
    assert FORECAST in names and safe_name("c/g/city_lookup") in names  # the provider of `city`, by closure
    assert safe_name("c/markets/stock_price") not in names and safe_name("c/language/translate") not in names
    assert all(t["type"] == "function" and len(t["function"]["name"]) <= 64 for t in sent["tools"])
    forecast = next(t for t in sent["tools"] if t["function"]["name"] == FORECAST)["function"]
    assert forecast["parameters"]["required"] == ["city"] and "days" in forecast["parameters"]["properties"]
    assert fake.headers[0]["Authorization"] == "Bearer sk-client-key"
    call = answer.choices[0].message.tool_calls[0]
    assert call.function.name == "c/g/forecast" and json.loads(call.function.arguments) == {"city": "New York"}


def test_streaming_passes_the_upstream_events_through(selector: ToolSelector) -> None:
    with upstream(["It will be sunny", {"tool_call": {"name": FORECAST, "arguments": {"city": "Paris"}}}]) as (
            fake, url), proxy(selector, url) as base:
        messages = [{"role": "user", "content": "weather forecast for Paris this week"}]
        chunks = list(client(base).chat.completions.create(model="fake", messages=messages, stream=True))
        text = "".join(c.choices[0].delta.content or "" for c in chunks)
        calls = [tc for c in list(client(base).chat.completions.create(model="fake", messages=messages,
                                                                         stream=True))
                 for tc in c.choices[0].delta.tool_calls or []]
    assert text == "It will be sunny" and fake.requests[0]["stream"] is True
    assert FORECAST in [t["function"]["name"] for t in fake.requests[0]["tools"]]
    assert calls[0].function.name == "c/g/forecast"


def test_client_tools_are_selected_among_and_long_enums_narrowed(selector: ToolSelector) -> None:
    countries = ["Argentina", "Brazil", "Canada", "Denmark", "Egypt", "France", "Germany", "Hungary", "India",
                 "Japan", "Kenya", "Mexico"]
    tools = [{"type": "function", "function": {
        "name": "get_holidays", "description": "Public holidays of a country in a year",
        "parameters": {"type": "object", "properties": {"country": {"type": "string", "enum": countries},
                                                        "year": {"type": "integer"}}, "required": ["country"]}}}]
    tools += [{"type": "function", "function": {"name": n, "description": d, "parameters": {"type": "object",
                                                                                            "properties": {}}}}
              for n, d in [("send_email", "Send an email message"), ("play_music", "Play a song by an artist"),
                           ("book_taxi", "Book a taxi ride to an address"), ("set_alarm", "Set an alarm clock")]]
    with upstream(["ok"]) as (fake, url), proxy(selector, url) as base:
        client(base).chat.completions.create(model="fake", tools=tools, messages=[
            {"role": "user", "content": "Which public holidays does Japan have next year?"}])
        picked = httpx.post(f"{base}/tools/select", json={"tools": tools, "messages": [
            {"role": "user", "content": "Which public holidays does Japan have next year?"}]}).json()
    sent = fake.requests[0]["tools"]
    assert [t["function"]["name"] for t in sent][0] == "get_holidays" and len(sent) < len(tools)
    narrowed = sent[0]["function"]["parameters"]["properties"]["country"]["enum"]
    assert "Japan" in narrowed and len(narrowed) == 8 and set(narrowed) <= set(countries)
    assert picked["source"] == "client" and picked["tools"][0]["id"] == "get_holidays"
    assert any("narrowed from 12 to 8" in r for r in picked["tools"][0]["reasons"])


def test_tools_select_gives_reasons(selector: ToolSelector) -> None:
    with upstream([]) as (_, url), proxy(selector, url) as base:
        picked = httpx.post(f"{base}/tools/select", json={"messages": [
            {"role": "user", "content": "weather forecast for the days ahead"}]}).json()
        bad = httpx.post(f"{base}/tools/select", json={"messages": "hello"})
    by_id = {t["id"]: t for t in picked["tools"]}
    assert by_id["c/g/forecast"]["reasons"][0].startswith("similarity ")
    assert any("provides `city` for c/g/forecast" in r for r in by_id["c/g/city_lookup"]["reasons"])
    assert bad.status_code == 400 and "`messages` must be a list" in bad.json()["error"]["message"]


def test_held_inputs_need_no_provider(selector: ToolSelector) -> None:
    messages = [
        {"role": "user", "content": "Where is postal code 10001?"},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
            "name": "c/g/city_lookup", "arguments": json.dumps({"zip": "10001"})}}]},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"city": "New York"})},
        {"role": "user", "content": "And the weather forecast there for the next days?"},
    ]
    with upstream(["sunny"]) as (fake, url), proxy(selector, url) as base:
        picked = httpx.post(f"{base}/tools/select", json={"messages": messages}).json()
        client(base).chat.completions.create(model="fake", messages=messages)
    assert "city" in picked["held_inputs"]
    assert not any("provides `city`" in r for t in picked["tools"] for r in t["reasons"])
    # the earlier call of a graph tool reaches the model under its safe name
    assert fake.requests[0]["messages"][1]["tool_calls"][0]["function"]["name"] == safe_name("c/g/city_lookup")


def test_models_are_forwarded(selector: ToolSelector) -> None:
    with upstream([]) as (_, url), proxy(selector, url) as base:
        models = client(base).models.list()
    assert [m.id for m in models.data] == ["fake-model"]


def test_bad_upstreams_give_openai_errors(selector: ToolSelector) -> None:
    messages = [{"role": "user", "content": "weather forecast"}]
    with proxy(selector, f"http://127.0.0.1:{free_port()}/v1") as base:  # nothing listens there
        with pytest.raises(openai.APIStatusError) as down:
            client(base).chat.completions.create(model="fake", messages=messages)
        with pytest.raises(openai.APIStatusError) as down_stream:
            client(base).chat.completions.create(model="fake", messages=messages, stream=True)
    assert down.value.status_code == 502 and "could not be reached" in down.value.message
    assert down_stream.value.status_code == 502
    with upstream(["late"]) as (fake, url), proxy(selector, url, timeout=0.5) as base:
        fake.delay = 2.0
        with pytest.raises(openai.APIStatusError) as slow:
            client(base).chat.completions.create(model="fake", messages=messages)
        fake.delay, fake.garbled = 0.0, True
        with pytest.raises(openai.APIStatusError) as garbled:
            client(base).chat.completions.create(model="fake", messages=messages)
        fake.garbled, fake.fail_with = False, 429
        with pytest.raises(openai.RateLimitError) as limited:
            client(base).chat.completions.create(model="fake", messages=messages)
    assert slow.value.status_code == 504 and "did not answer in time" in slow.value.message
    assert garbled.value.status_code == 502 and "not JSON" in garbled.value.message
    assert limited.value.status_code == 429 and "scripted failure" in limited.value.message


def test_proxy_command_refuses_a_bad_upstream() -> None:
    from click.testing import CliRunner

    from toolgraph.cli import main

    out = CliRunner().invoke(main, ["proxy", "--upstream", "api.openai.com/v1"])
    assert out.exit_code == 1 and "give an http(s) base URL" in out.output


def test_a_graph_without_embeddings_is_a_clear_error(store: GraphStore, embedder: Embedder) -> None:
    make_graph(store, TOOLS)  # imported, never embedded
    with upstream(["never asked"]) as (fake, url), proxy(ToolSelector(store, embedder), url) as base:
        with pytest.raises(openai.InternalServerError) as err:
            client(base).chat.completions.create(model="fake", messages=[{"role": "user", "content": "weather"}])
    assert "run `toolgraph embed` first" in err.value.message and fake.requests == []
