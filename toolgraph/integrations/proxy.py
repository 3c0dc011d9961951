"""``toolgraph proxy``: an OpenAI-compatible endpoint in front of any OpenAI-compatible LLM that hands the model
the tools the graph selects for the conversation (``toolgraph.retrieve.select``).

- ``POST /v1/chat/completions`` (streaming or not): select, inject the chosen tools (graph tools under safe
  function names; the client's own tools narrowed to the relevant ones), forward upstream with the client's
  ``Authorization`` header, return the upstream answer as it came, except that a tool call of a graph tool names the
  graph tool id again. The ids of the chosen tools are in the ``X-ToolGraph-Tools`` header. Tools named in the
  request's ``X-ToolGraph-Pin`` header (comma-separated) or the operator's pins are always sent; ``cap`` bounds the
  tools of one request (``toolgraph.retrieve.client_tools`` says how the client's own tools are chosen).
- ``GET /v1/models``: forwarded.
- ``POST /v1/tools/select``: only the selection, with the reasons.

A dead, slow or garbled upstream gives the client an OpenAI-style error (502 or 504) that says which; an
upstream error answer is passed on with its status. Headers and bodies are never logged.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

try:
    import httpx
except ImportError:  # this machine's build of httpx is published as httpx2
    import httpx2 as httpx  # type: ignore[no-redef]
from flask import Flask, Response, request

from toolgraph.errors import ToolGraphError
from toolgraph.integrations.limits import (
    ProxyLimits,
    RequestError,
    check_answer,
    check_request,
    install_json_errors,
    read_body,
)
from toolgraph.retrieve.select import SAFE_NAME, Selection, ToolSelector, conversation, safe_name

log = logging.getLogger(__name__)
HOP_HEADERS = ("authorization", "openai-organization", "openai-project")
PIN_HEADER = "X-ToolGraph-Pin"


def split_pins(value: str | None) -> list[str]:
    """``"a, b,,c"`` -> [a, b, c]: the tool names of a pin header or setting."""
    return [p.strip() for p in (value or "").split(",") if p.strip()]


def error(status: int, message: str, kind: str, code: str | None = None) -> Response:
    body = {"error": {"message": message, "type": kind, "param": None, "code": code}}
    return Response(json.dumps(body), status=status, mimetype="application/json")


def _rename_calls(message: dict[str, Any] | None, mapping: dict[str, str]) -> None:
    for call in (message or {}).get("tool_calls") or []:
        fn = call.get("function") or {}
        if fn.get("name") in mapping:
            fn["name"] = mapping[fn["name"]]


class Proxy:
    def __init__(self, selector: ToolSelector, upstream: str, *, timeout: float = 120.0,
                 limits: ProxyLimits | None = None, pins: list[str] | None = None, cap: int | None = None) -> None:
        self.selector = selector
        self.limits = limits or ProxyLimits()
        self.pins = list(pins or [])
        self.cap = cap
        self.upstream = upstream.rstrip("/")
        self.client = httpx.Client(timeout=httpx.Timeout(timeout, connect=min(10.0, timeout)))

    def _headers(self) -> dict[str, str]:
        out = {k: v for k, v in request.headers.items() if k.lower() in HOP_HEADERS}
        out["Content-Type"] = "application/json"
        return out

    def _failure(self, exc: Exception) -> Response:
        if isinstance(exc, httpx.TimeoutException):
            return error(504, f"the upstream model at {self.upstream} did not answer in time "
                              f"({type(exc).__name__})", "upstream_timeout", "upstream_timeout")
        return error(502, f"the upstream model at {self.upstream} could not be reached ({type(exc).__name__}: "
                          f"{exc})", "upstream_unreachable", "upstream_unreachable")

    # -- selection --------------------------------------------------------------------------------------------
    def select(self, body: dict[str, Any]) -> Selection | None:
        messages = body.get("messages")
        if not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages):
            raise ValueError("`messages` must be a list of message objects")
        tools = body.get("tools")
        if tools is not None and not isinstance(tools, list):
            raise ValueError("`tools` must be a list of tool objects")
        if not conversation(messages)[0].strip():
            return None  # nothing to select for: the request goes on as it is
        pins = list(dict.fromkeys(self.pins + split_pins(request.headers.get(PIN_HEADER))))
        return self.selector.select(messages, tools or None, pins=pins, cap=self.cap)

    def inject(self, body: dict[str, Any], selection: Selection | None) -> dict[str, str]:
        """Put the selection into ``body``; the function name -> tool id map to undo on the way back."""
        if selection is None:
            return {}
        body["tools"] = [t.openai() for t in selection.tools]
        if selection.source != "graph":
            return {}
        back = {name: tid for name, tid in selection.names().items() if name != tid}
        for m in body["messages"]:  # earlier calls of graph tools, named by id here, by safe name to the model
            for call in m.get("tool_calls") or []:
                fn = call.get("function") or {}
                if isinstance(fn.get("name"), str) and not SAFE_NAME.match(fn["name"]):
                    back[safe_name(fn["name"])] = fn["name"]
                    fn["name"] = safe_name(fn["name"])
        return back

    # -- forwarding -------------------------------------------------------------------------------------------
    def _selected(self) -> Response | tuple[dict[str, Any], Any]:
        """The request's JSON body and the tools selected for it, or the OpenAI-style error answer."""
        try:
            body = read_body(self.limits)
            check_request(body, self.limits)
            return body, self.select(body)
        except RequestError as exc:
            return exc.response()
        except ValueError as exc:
            return error(400, str(exc), "invalid_request_error")
        except ToolGraphError as exc:
            return error(500, f"tool selection failed: {exc}", "toolgraph_error")

    def chat(self) -> Response:
        selected = self._selected()
        if isinstance(selected, Response):
            return selected
        body, selection = selected
        back = self.inject(body, selection)
        chosen = ",".join(t.id for t in selection.tools) if selection else ""
        url = f"{self.upstream}/chat/completions"
        if body.get("stream"):
            return self._stream(url, body, back, chosen)
        try:
            upstream = self.client.post(url, json=body, headers=self._headers())
        except httpx.HTTPError as exc:
            return self._failure(exc)
        try:
            answer = upstream.json()
        except ValueError:
            return error(502, f"the upstream model answered HTTP {upstream.status_code} with a body that is not "
                              f"JSON ({upstream.text[:200]!r})", "upstream_malformed", "upstream_malformed")
        if upstream.status_code >= 400 or not isinstance(answer, dict):
            if isinstance(answer, dict) and "error" in answer:
                return Response(json.dumps(answer), status=upstream.status_code, mimetype="application/json")
            return error(502, f"the upstream model answered HTTP {upstream.status_code} without an OpenAI error",
                         "upstream_malformed", "upstream_malformed")
        problem = check_answer(answer)
        if problem is not None:
            return error(502, problem, "upstream_malformed", "upstream_malformed")
        for choice in answer.get("choices") or []:
            _rename_calls(choice.get("message"), back)
        resp = Response(json.dumps(answer), status=upstream.status_code, mimetype="application/json")
        resp.headers["X-ToolGraph-Tools"] = chosen
        return resp

    def _stream(self, url: str, body: dict[str, Any], back: dict[str, str], chosen: str) -> Response:
        try:
            upstream = self.client.send(self.client.build_request("POST", url, json=body, headers=self._headers()),
                                        stream=True)
        except httpx.HTTPError as exc:
            return self._failure(exc)
        if upstream.status_code >= 400:
            text = upstream.read().decode("utf-8", "replace")
            upstream.close()
            try:
                payload = json.loads(text)
                if isinstance(payload, dict) and "error" in payload:
                    return Response(text, status=upstream.status_code, mimetype="application/json")
            except ValueError:
                pass
            return error(502, f"the upstream model answered HTTP {upstream.status_code} ({text[:200]!r})",
                         "upstream_malformed", "upstream_malformed")

        def lines() -> Iterator[str]:
            try:
                for line in upstream.iter_lines():
                    if back and line.startswith("data:") and line[5:].strip() not in ("", "[DONE]"):
                        try:
                            chunk = json.loads(line[5:])
                            for choice in chunk.get("choices") or []:
                                _rename_calls(choice.get("delta"), back)
                            line = "data: " + json.dumps(chunk)
                        except (ValueError, AttributeError):
                            pass
                    yield line + "\n"
            except httpx.HTTPError as exc:
                kind = "upstream_timeout" if isinstance(exc, httpx.TimeoutException) else "upstream_unreachable"
                payload = {"error": {"message": f"the upstream stream broke off ({type(exc).__name__})",
                                     "type": kind, "param": None, "code": kind}}
                yield f"data: {json.dumps(payload)}\n\n"
            finally:
                upstream.close()

        resp = Response(lines(), status=upstream.status_code,
                        mimetype=upstream.headers.get("content-type", "text/event-stream").split(";")[0])
        resp.headers["X-ToolGraph-Tools"] = chosen
        return resp

    def models(self) -> Response:
        try:
            upstream = self.client.get(f"{self.upstream}/models", headers=self._headers())
        except httpx.HTTPError as exc:
            return self._failure(exc)
        return Response(upstream.content, status=upstream.status_code,
                        mimetype=upstream.headers.get("content-type", "application/json").split(";")[0])

    def select_only(self) -> Response:
        selected = self._selected()
        if isinstance(selected, Response):
            return selected
        body, selection = selected
        if selection is None:
            return error(400, "the conversation has no user turn to select tools for", "invalid_request_error")
        return Response(json.dumps(selection.as_dict()), mimetype="application/json")


def create_app(selector: ToolSelector, upstream: str, *, timeout: float = 120.0,
               limits: ProxyLimits | None = None, pins: list[str] | None = None, cap: int | None = None) -> Flask:
    """The proxy's app. ``limits``: request sizes refused with 413; ``pins``: tools always sent (the operator's);
    ``cap``: tools per request at most (None: the selector's own setting, 0: none)."""
    proxy = Proxy(selector, upstream, timeout=timeout, limits=limits, pins=pins, cap=cap)
    app = Flask("toolgraph-proxy")
    app.config["MAX_CONTENT_LENGTH"] = proxy.limits.max_body_bytes
    install_json_errors(app)  # every failure an OpenAI-style JSON error (toolgraph.integrations.limits)
    app.add_url_rule("/v1/chat/completions", "chat", proxy.chat, methods=["POST"])
    app.add_url_rule("/v1/models", "models", proxy.models, methods=["GET"])
    app.add_url_rule("/v1/tools/select", "select", proxy.select_only, methods=["POST"])
    app.extensions["toolgraph_proxy"] = proxy
    return app


def serve(app: Flask, *, host: str = "127.0.0.1", port: int = 8787) -> None:
    from waitress import serve as waitress_serve

    waitress_serve(app, host=host, port=port, threads=8)
