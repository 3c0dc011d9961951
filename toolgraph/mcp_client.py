"""Reaching an MCP server with the official ``mcp`` client: a :class:`ServerRef` says how (a stdio command, or a
streamable HTTP URL); :func:`open_client` connects, :func:`list_server_tools` lists its tools.

A ServerRef is what the graph keeps in ``source_ref.server`` so a later run can start or reach the server again.
It never holds secrets: environment variables are named (``env``), and their values read from this process's
environment when the server is started; ``${NAME}`` in an argument or the URL is replaced by the variable's value
then too. A URL with a user name or password in it is refused (the message never repeats it); the value of a
secret-named option (``--token X``, ``--api-key=X``) or query parameter (``?api_key=X``) is stored as ``***``
(:meth:`ServerRef.stored`), and messages show the server that way (:meth:`ServerRef.label`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, Literal
from urllib.parse import urlparse

from pydantic import BaseModel, Field, field_validator

from toolgraph.errors import ConfigError, InputFileError
from toolgraph.text.secrets import MASK, redact_args, redact_url

log = logging.getLogger(__name__)
#: ``tools/list`` pages read at most (``TOOLGRAPH_MCP_MAX_PAGES``); a listing cut there is said so in a warning
MAX_PAGES = 100
PLACEHOLDER = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


def expand(text: str) -> str:
    """``${NAME}`` replaced by the environment variable's value (a ConfigError names a missing one)."""

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in os.environ:
            raise ConfigError(f"the MCP server needs the environment variable {name} (${{{name}}}), which is unset")
        return os.environ[name]

    return PLACEHOLDER.sub(value, text)


#: after the transport reports a message it cannot read, how long a pending listing still waits for its answer
FAULT_GRACE_S = 2.0


class ServerRef(BaseModel):
    """How to reach one MCP server."""

    transport: Literal["stdio", "http"]
    command: str | None = None
    args: list[str] = []
    cwd: str | None = None
    env: list[str] = Field([], description="names of environment variables passed to a stdio server")
    url: str | None = None

    @field_validator("url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        parsed = urlparse(value)
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise ValueError(f"not an http(s) URL: {redact_url(value)!r}")
        if parsed.username or parsed.password:
            raise ValueError("a URL with credentials (a user name or password) in it would be stored in the graph; "
                             "remove them (a token can come from the environment: ${NAME})")
        return value

    @classmethod
    def stdio(cls, command: list[str], *, cwd: str | None = None, env: list[str] | None = None) -> ServerRef:
        if not command:
            raise ConfigError("no MCP server command given (toolgraph import mcp -- COMMAND ARGS...)")
        return cls(transport="stdio", command=command[0], args=list(command[1:]), cwd=cwd, env=list(env or []))

    @classmethod
    def http(cls, url: str) -> ServerRef:
        try:
            return cls(transport="http", url=url)
        except ValueError as exc:  # pydantic's message repeats the input (a password): only the reason is said
            errors = getattr(exc, "errors", None)
            reason = errors()[0]["msg"].removeprefix("Value error, ") if callable(errors) else "not a usable URL"
            raise ConfigError(f"--url {redact_url(url)}: {reason}") from None

    def secret_names(self) -> list[str]:
        """The environment variables whose values the server is given (``env`` and ``${NAME}`` references)."""
        texts = [*self.args, self.url or "", self.command or ""]
        return list(dict.fromkeys([*self.env, *(m for t in texts for m in PLACEHOLDER.findall(t))]))

    def stored(self) -> dict[str, Any]:
        """What the graph keeps: this ref with secret-named option values and URL secrets masked (``***``)."""
        data = self.model_dump(exclude_defaults=True)
        if self.args:
            data["args"] = redact_args(self.args)[0]
        if self.url:
            data["url"] = redact_url(self.url)
        return data

    def masked(self) -> bool:
        """Whether a secret was masked out of this ref when it was stored (it cannot be started again as is)."""
        return any(MASK in a for a in self.args) or MASK in (self.url or "")

    def key(self) -> str:
        """One string per server, to share a session between its tools."""
        return self.model_dump_json()

    def label(self) -> str:
        """The server for messages: its URL, or its command line, secrets masked."""
        if self.url:
            return redact_url(self.url)
        return " ".join([self.command or "", *redact_args(self.args)[0]]).strip()

    def fallback_name(self) -> str:
        """A group name when the server does not say its own."""
        if self.url:
            return urlparse(self.url).netloc
        return os.path.basename(self.command or "mcp")


def root_cause(exc: BaseException) -> BaseException:
    """The first leaf of an exception group (anyio task groups wrap what a transport raised)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


@asynccontextmanager
async def open_client(ref: ServerRef, *, errlog: Any = None,
                      message_handler: Callable[[Any], Awaitable[None]] | None = None) -> AsyncIterator[Any]:
    """An initialised ``mcp.Client`` for the server (a stdio server's stderr goes to ``errlog``; server
    notifications and the transport's faults, such as a message it cannot read, to ``message_handler``)."""
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    if ref.masked():
        raise ConfigError(f"MCP server {ref.label()!r} was stored with a secret masked out (***): import it again "
                          "with the secret as ${NAME} from the environment")
    if ref.transport == "http":
        assert ref.url
        target: Any = expand(ref.url)
    else:
        assert ref.command
        missing = [name for name in ref.env if name not in os.environ]
        if missing:
            raise ConfigError(f"MCP server {ref.label()!r} needs the environment variable {missing[0]}, which is unset")
        params = StdioServerParameters(command=ref.command, args=[expand(a) for a in ref.args], cwd=ref.cwd,
                                       env={name: os.environ[name] for name in ref.env} or None)
        if errlog is None:
            errlog = _stderr_or_devnull()
        target = stdio_client(params, errlog=errlog)
    async with Client(target, message_handler=message_handler) as client:
        yield client


def _stderr_or_devnull() -> Any:
    """This process's stderr when it is a real file (a subprocess needs a descriptor), else /dev/null."""
    try:
        sys.stderr.fileno()
        return sys.stderr
    except (AttributeError, OSError, ValueError):
        return open(os.devnull, "w")  # noqa: SIM115 - lives as long as the server it silences


def max_pages() -> int:
    """``TOOLGRAPH_MCP_MAX_PAGES`` (at least 1), else :data:`MAX_PAGES`."""
    raw = os.environ.get("TOOLGRAPH_MCP_MAX_PAGES", "").strip()
    if not raw:
        return MAX_PAGES
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise ConfigError(f"TOOLGRAPH_MCP_MAX_PAGES={raw!r}: give a whole number of pages, 1 or more")
    return value


async def list_server_tools(ref: ServerRef, *, errlog: Any = None, pages: int | None = None
                            ) -> tuple[str, str, list[Any]]:
    """(server name, server description or instructions, every tool of ``tools/list``, all pages up to ``pages``,
    default :func:`max_pages`: a listing cut there is said so in a warning). A server whose answer the client
    cannot read (a schema nested past what the JSON parser takes, say) is an InputFileError at once, not a wait
    for the caller's timeout."""
    limit = pages or max_pages()
    faults: list[Exception] = []
    fault = asyncio.Event()

    async def on_message(message: Any) -> None:
        if isinstance(message, Exception):
            faults.append(message)
            fault.set()

    async with open_client(ref, errlog=errlog, message_handler=on_message) as client:
        info = client.server_info
        tools: list[Any] = []
        cursor = None
        for _ in range(limit):
            page = await _unless_fault(client.list_tools(cursor=cursor), fault, faults, ref)
            tools.extend(page.tools)
            cursor = page.next_cursor
            if not cursor:
                break
        if cursor:
            log.warning("MCP server %r: the tool listing was cut after %d pages (%d tools); the server has more "
                        "(raise TOOLGRAPH_MCP_MAX_PAGES to read them)", ref.label(), limit, len(tools))
        name = (info.name if info and info.name else "") or ref.fallback_name()
        description = (info.description if info and info.description else "") or client.instructions or ""
        return name, description, tools


async def _unless_fault(call: Awaitable[Any], fault: asyncio.Event, faults: list[Exception], ref: ServerRef) -> Any:
    """``call``'s result; InputFileError when the transport reported a message it cannot read and no answer came
    within :data:`FAULT_GRACE_S` after (that answer was the unreadable message)."""
    task = asyncio.ensure_future(call)
    watcher = asyncio.ensure_future(fault.wait())
    try:
        done, _ = await asyncio.wait({task, watcher}, return_when=asyncio.FIRST_COMPLETED)
        if task not in done:
            done, _ = await asyncio.wait({task}, timeout=FAULT_GRACE_S)
        if task in done:
            return task.result()
        task.cancel()
        cause = faults[0]
        detail = str(cause).splitlines()[1].strip() if len(str(cause).splitlines()) > 1 else str(cause)
        raise InputFileError(f"MCP server {ref.label()!r} sent an answer that cannot be read "
                             f"({type(cause).__name__}: {detail[:300]}); a tool schema nested too deep?") from cause
    finally:
        watcher.cancel()
