"""The executor for MCP tools (``toolgraph import mcp``): starts (stdio) or reaches (streamable HTTP) the server
recorded in ``source_ref.server`` with the official ``mcp`` client and calls ``tools/call``.

One session per server is opened on first use and shared by every call of that executor on the same event loop (a
run); :meth:`McpExecutor.aclose` closes them (and so does the end of the loop). Each session lives in its own task,
since the ``mcp`` client must be entered and left in one task while calls come from many.

- a call past ``timeout_s`` (or a server that does not start within ``connect_timeout_s``) -> retryable
  ToolCallError; a server that dies mid-call -> retryable ToolCallError, and the next call starts it again;
- a result with ``isError`` -> ToolCallError with the server's text (not retryable);
- the value: ``structuredContent`` (unwrapped from ``{"result": ...}``), else the text parsed as JSON when it is
  JSON, else the text; images and other blocks are described, not inlined.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from typing import Any

from toolgraph.errors import ToolCallError, ToolGraphError
from toolgraph.execute.base import CallResult, ExecTool
from toolgraph.mcp_client import ServerRef, open_client, root_cause
from toolgraph.text.secrets import Masker

log = logging.getLogger(__name__)

MAX_ERROR_TEXT = 1000  # a server's error text is cut to this (some echo the whole input back)


class _Session:
    """An open client owned by one task; ``ready`` once connected (or failed), closed when ``stop`` is set."""

    def __init__(self, ref: ServerRef, errlog: Any) -> None:
        self.ref = ref
        self.client: Any = None
        self.error: BaseException | None = None
        self.ready = asyncio.Event()
        self.stop = asyncio.Event()
        self.task = asyncio.create_task(self._own(errlog), name=f"mcp session {ref.label()}")

    async def _own(self, errlog: Any) -> None:
        try:
            async with open_client(self.ref, errlog=errlog) as client:
                self.client = client
                self.ready.set()
                await self.stop.wait()
        except BaseException as exc:  # noqa: BLE001 - reported to whoever waits on the session
            self.error = root_cause(exc)
            if isinstance(exc, (KeyboardInterrupt, SystemExit)):
                raise
        finally:
            self.client = None
            self.ready.set()

    @property
    def alive(self) -> bool:
        return not self.task.done() and self.error is None

    async def close(self) -> None:
        self.stop.set()
        try:
            await asyncio.wait_for(asyncio.shield(self.task), 10)
        except (TimeoutError, asyncio.CancelledError):
            self.task.cancel()
        except Exception as exc:  # closing a dead server: nothing left to do
            log.debug("closing MCP session %s: %s", self.ref.label(), exc)


def _value(result: Any) -> Any:
    structured = result.structured_content
    if structured is not None:
        if isinstance(structured, dict) and list(structured) == ["result"]:
            return structured["result"]
        return structured
    parts: list[Any] = []
    for block in result.content:
        if getattr(block, "type", None) == "text":
            try:
                parts.append(json.loads(block.text))
            except ValueError:
                parts.append(block.text)
        else:
            parts.append({"type": getattr(block, "type", "unknown"), "mime_type": getattr(block, "mime_type", None)})
    return parts[0] if len(parts) == 1 else parts


def _error_text(result: Any) -> str:
    texts = [b.text for b in result.content if getattr(b, "type", None) == "text"]
    text = " ".join(texts).strip() or "the tool reported an error and gave no text"
    if len(text) > MAX_ERROR_TEXT:
        text = f"{text[:MAX_ERROR_TEXT]}... ({len(text)} characters in all)"
    return text


class McpExecutor:
    """Runs ``source: mcp`` tools. ``errlog``: where stdio servers' stderr goes (default: this process's)."""

    kind = "mcp"

    def __init__(self, *, connect_timeout_s: float = 30.0, errlog: Any = None) -> None:
        self.connect_timeout_s = connect_timeout_s
        self.errlog = errlog
        self._sessions: dict[str, _Session] = {}
        self._lock: asyncio.Lock | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def handles(self, tool: ExecTool) -> bool:
        server = tool.source_ref.get("server")
        return tool.source == "mcp" and isinstance(server, dict) and bool(tool.source_ref.get("tool"))

    def _ref(self, tool: ExecTool) -> ServerRef:
        try:
            return ServerRef.model_validate(tool.source_ref["server"])
        except ValueError as exc:
            raise ToolCallError(f"mcp tool {tool.id}: the recorded server is unusable: {exc}") from exc

    async def _session(self, ref: ServerRef, tool: ExecTool) -> _Session:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # a new run on a new loop: the old sessions died with their loop
            self._loop, self._sessions, self._lock = loop, {}, asyncio.Lock()
        assert self._lock is not None
        async with self._lock:
            session = self._sessions.get(ref.key())
            if session is None or not session.alive:
                session = self._sessions[ref.key()] = _Session(ref, self.errlog)
        try:
            await asyncio.wait_for(session.ready.wait(), self.connect_timeout_s)
        except TimeoutError as exc:
            await session.close()
            raise ToolCallError(f"mcp tool {tool.id}: server {ref.label()!r} did not start within "
                                f"{self.connect_timeout_s:g} s", retryable=True) from exc
        if session.client is None:
            err = session.error
            if isinstance(err, ToolGraphError):
                raise ToolCallError(f"mcp tool {tool.id}: {err}") from err
            raise ToolCallError(f"mcp tool {tool.id}: cannot reach server {ref.label()!r}: "
                                f"{type(err).__name__}: {err}", retryable=True) from err
        return session

    def secret_values(self) -> list[str]:
        """The values of the environment variables the servers started so far were given, for masking."""
        return [os.environ[n] for s in self._sessions.values() for n in s.ref.secret_names() if n in os.environ]

    async def call(self, tool: ExecTool, arguments: dict[str, Any], *, timeout_s: float) -> CallResult:
        ref = self._ref(tool)
        masker = Masker(os.environ[n] for n in ref.secret_names() if n in os.environ)
        try:
            result = await self._call(ref, tool, arguments, timeout_s=timeout_s)
            return result.model_copy(update={"value": masker.value(result.value)}) if masker else result
        except ToolCallError as exc:  # a server that echoes its key in an error does not get it shown
            if not masker or masker.text(str(exc)) == str(exc):
                raise
            raise ToolCallError(masker.text(str(exc)), retryable=exc.retryable, status=exc.status) from None

    async def _call(self, ref: ServerRef, tool: ExecTool, arguments: dict[str, Any], *,
                    timeout_s: float) -> CallResult:
        from mcp.shared.exceptions import MCPError

        name = tool.source_ref["tool"]
        session = await self._session(ref, tool)
        try:
            result = await asyncio.wait_for(session.client.call_tool(name, arguments), timeout_s)
        except TimeoutError as exc:
            raise ToolCallError(f"mcp tool {tool.id} timed out after {timeout_s:g} s", retryable=True) from exc
        except MCPError as exc:
            closed = "closed" in exc.message.lower()
            if closed:
                await self._drop(session)
            what = f"server {ref.label()!r} went away during the call" if closed else exc.message[:MAX_ERROR_TEXT]
            raise ToolCallError(f"mcp tool {tool.id}: {what}", retryable=closed) from exc
        except Exception as exc:  # transport failures (a dropped HTTP connection, a broken pipe)
            await self._drop(session)
            raise ToolCallError(f"mcp tool {tool.id}: {type(exc).__name__}: {exc}", retryable=True) from exc
        if result.is_error:
            raise ToolCallError(f"mcp tool {tool.id} answered an error: {_error_text(result)}")
        value = _value(result)
        return CallResult(value=value, raw_size=len(json.dumps(value, default=str, ensure_ascii=False)),
                          meta={"server": ref.label(), "tool": name})

    async def _drop(self, session: _Session) -> None:
        """Forget a broken session, so the next call starts the server again."""
        if self._sessions.get(session.ref.key()) is session:
            del self._sessions[session.ref.key()]
        await session.close()

    async def aclose(self) -> None:
        sessions, self._sessions = list(self._sessions.values()), {}
        for session in sessions:
            await session.close()
