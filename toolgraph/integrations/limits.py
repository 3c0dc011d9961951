"""Bounds and error answers of the doors to ToolGraph (the proxy, the MCP server's search tools).

Every failure of the proxy is an OpenAI-style JSON error (``{"error": {"message", "type", "param", "code"}}``) with
the right status: a body that is too big answers 413 (``request_too_large``), a malformed request 400
(``invalid_request_error``, ``param`` naming the field), a malformed upstream answer 502 (``upstream_malformed``),
anything unexpected 500 (``internal_error``) without a traceback. The checks here are shape and size only; which
tools are selected is ``toolgraph.retrieve.select``'s business.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException

log = logging.getLogger(__name__)

MIB = 1024 * 1024


@dataclass(frozen=True)
class ProxyLimits:
    """What one proxy request may hold at most (``toolgraph proxy --max-body-mb``, ``--max-messages``,
    ``--max-tools``). A request past any of them answers 413 before any work is done."""

    max_body_bytes: int = 4 * MIB
    max_messages: int = 2000
    max_tools: int = 512


@dataclass(frozen=True)
class SearchLimits:
    """What the MCP server's search and plan calls may hold: a query's characters (``TOOLGRAPH_MCP_MAX_QUERY_CHARS``)
    and how many of them run at once (``TOOLGRAPH_MCP_MAX_CONCURRENT``; the others wait their turn)."""

    max_query_chars: int = 4000
    max_concurrent: int = 16

    @classmethod
    def from_env(cls) -> SearchLimits:
        from pydantic import Field
        from pydantic_settings import BaseSettings, SettingsConfigDict

        class Env(BaseSettings):
            model_config = SettingsConfigDict(env_prefix="TOOLGRAPH_MCP_", extra="ignore")
            max_query_chars: int = Field(cls.max_query_chars, ge=1, le=10_000_000)
            max_concurrent: int = Field(cls.max_concurrent, ge=1, le=1024)

        env = Env()
        return cls(max_query_chars=env.max_query_chars, max_concurrent=env.max_concurrent)

    def query_problem(self, query: str, field: str = "query") -> str | None:
        """Why ``query`` is refused (too long), or None."""
        if len(query) > self.max_query_chars:
            return (f"{field}: {len(query):,} characters, more than the limit of {self.max_query_chars:,} "
                    "(TOOLGRAPH_MCP_MAX_QUERY_CHARS); describe the task in fewer words")
        return None


class RequestError(Exception):
    """A request the proxy refuses: its HTTP status, message, OpenAI error type, param and code."""

    def __init__(self, status: int, message: str, *, kind: str = "invalid_request_error", param: str | None = None,
                 code: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.kind, self.param, self.code = status, message, kind, param, code

    def response(self) -> Response:
        return error_response(self.status, self.message, self.kind, self.code, self.param)


def error_response(status: int, message: str, kind: str, code: str | None = None, param: str | None = None
                   ) -> Response:
    body = {"error": {"message": message, "type": kind, "param": param, "code": code}}
    return Response(json.dumps(body), status=status, mimetype="application/json")


def too_large(what: str, size: int, limit: int, unit: str, option: str, param: str | None = None) -> RequestError:
    return RequestError(413, f"{what} is {size:,} {unit}, more than the limit of {limit:,} {unit} ({option})",
                        kind="invalid_request_error", param=param, code="request_too_large")


# -- the request ----------------------------------------------------------------------------------------------
def read_body(limits: ProxyLimits) -> dict[str, Any]:
    """The request's JSON object, within the limits; RequestError (400 or 413) otherwise."""
    length = request.content_length
    if length is not None and length > limits.max_body_bytes:
        raise too_large("the request body", length, limits.max_body_bytes, "bytes", "--max-body-mb")
    raw = request.stream.read(limits.max_body_bytes + 1)
    if len(raw) > limits.max_body_bytes:  # chunked or a Content-Length that lied
        raise too_large("the request body", len(raw), limits.max_body_bytes, "bytes at least", "--max-body-mb")
    try:
        body = json.loads(raw)
    except RecursionError:
        raise RequestError(400, "the request body nests too deep to read") from None
    except ValueError:
        body = None
    if not isinstance(body, dict):
        raise RequestError(400, "the request body must be a JSON object")
    return body


def check_request(body: dict[str, Any], limits: ProxyLimits) -> None:
    """The shape the proxy relies on: ``messages`` a list of message objects whose ``tool_calls`` are calls with a
    function name and string arguments; ``tools`` a list of function tools with a name and object parameters."""
    messages = body.get("messages")
    if not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages):
        raise RequestError(400, "`messages` must be a list of message objects", param="messages")
    if len(messages) > limits.max_messages:
        raise too_large("`messages`", len(messages), limits.max_messages, "messages", "--max-messages", "messages")
    for i, message in enumerate(messages):
        _check_message(message, f"messages[{i}]")
    tools = body.get("tools")
    if tools is None:
        return
    if not isinstance(tools, list):
        raise RequestError(400, "`tools` must be a list of tool objects", param="tools")
    if len(tools) > limits.max_tools:
        raise too_large("`tools`", len(tools), limits.max_tools, "tools", "--max-tools", "tools")
    for i, tool in enumerate(tools):
        _check_tool(tool, f"tools[{i}]")


def _check_message(message: dict[str, Any], where: str) -> None:
    content = message.get("content")
    if content is not None and not isinstance(content, str | list):
        raise RequestError(400, f"`{where}.content` must be a string, a list of content parts or null",
                           param=f"{where}.content")
    calls = message.get("tool_calls")
    if calls is None:
        return
    if not isinstance(calls, list):
        raise RequestError(400, f"`{where}.tool_calls` must be a list of tool calls", param=f"{where}.tool_calls")
    for j, call in enumerate(calls):
        at = f"{where}.tool_calls[{j}]"
        if not isinstance(call, dict) or not isinstance(call.get("function"), dict):
            raise RequestError(400, f"`{at}` must be a tool call object with a `function` object", param=at)
        fn = call["function"]
        if not isinstance(fn.get("name"), str) or not fn["name"]:
            raise RequestError(400, f"`{at}.function.name` must be a non-empty string", param=f"{at}.function.name")
        if fn.get("arguments") is not None and not isinstance(fn["arguments"], str):
            raise RequestError(400, f"`{at}.function.arguments` must be a string (JSON text)",
                               param=f"{at}.function.arguments")


def _check_tool(tool: Any, where: str) -> None:
    if not isinstance(tool, dict) or not isinstance(tool.get("function"), dict):
        raise RequestError(400, f"`{where}` must be a tool object with a `function` object", param=where)
    fn = tool["function"]
    if not isinstance(fn.get("name"), str) or not fn["name"].strip():
        raise RequestError(400, f"`{where}.function.name` must be a non-empty string", param=f"{where}.function.name")
    if fn.get("description") is not None and not isinstance(fn["description"], str):
        raise RequestError(400, f"`{where}.function.description` must be a string",
                           param=f"{where}.function.description")
    params = fn.get("parameters")
    if params is not None:
        if not isinstance(params, dict):
            raise RequestError(400, f"`{where}.function.parameters` must be a JSON Schema object",
                               param=f"{where}.function.parameters")
        props = params.get("properties")
        if props is not None and (not isinstance(props, dict) or not all(isinstance(v, dict) for v in props.values())):
            raise RequestError(400, f"`{where}.function.parameters.properties` must map names to schema objects",
                               param=f"{where}.function.parameters.properties")


# -- the upstream answer --------------------------------------------------------------------------------------
def check_answer(answer: dict[str, Any]) -> str | None:
    """What is wrong with a non-streamed upstream answer the proxy has to read (its choices, their messages and
    tool calls), or None."""
    choices = answer.get("choices")
    if not isinstance(choices, list):
        return "the upstream answer's `choices` is not a list" if "choices" in answer else \
            "the upstream answer has no `choices`"
    for i, choice in enumerate(choices):
        if not isinstance(choice, dict):
            return f"the upstream answer's `choices[{i}]` is not an object"
        message = choice.get("message")
        if message is None:
            continue
        if not isinstance(message, dict):
            return f"the upstream answer's `choices[{i}].message` is not an object"
        calls = message.get("tool_calls")
        if calls is not None and (not isinstance(calls, list) or not all(
                isinstance(c, dict) and isinstance(c.get("function", {}), dict) for c in calls)):
            return f"the upstream answer's `choices[{i}].message.tool_calls` is not a list of tool calls"
    return None


# -- whatever else goes wrong ---------------------------------------------------------------------------------
def install_json_errors(app: Flask) -> None:
    """Every error the app answers is OpenAI-style JSON: HTTP errors (404, 405, 413) with their status, any other
    exception a 500 that names its type only (the traceback goes to the log)."""

    def http_error(exc: HTTPException) -> Response:
        code = exc.code or 500
        if code == 413:
            return error_response(413, f"the request body is larger than the limit of "
                                       f"{app.config.get('MAX_CONTENT_LENGTH') or 0:,} bytes (--max-body-mb)",
                                  "invalid_request_error", "request_too_large")
        kind = "invalid_request_error" if code < 500 else "internal_error"
        return error_response(code, f"{exc.name}: {exc.description}", kind, exc.name.lower().replace(" ", "_"))

    def unexpected(exc: Exception) -> Response:
        if isinstance(exc, HTTPException):
            return http_error(exc)
        if isinstance(exc, RequestError):
            return exc.response()
        log.exception("the proxy failed on %s %s", request.method, request.path)
        return error_response(500, f"the proxy failed ({type(exc).__name__}); see its log", "internal_error",
                              "internal_error")

    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(Exception, unexpected)
