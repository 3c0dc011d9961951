"""The executor for Python tools (``toolgraph import python``): imports the callable named by ``source_ref``
(``module`` + ``qualname``), injects the services its parameters ask for by type (:mod:`toolgraph.injection`), and
calls it: async functions directly, sync ones in a daemon thread of their own, both under the timeout.

Arguments are only bound here (an unknown or missing name is an :class:`ArgumentError`); validation against the
schema is the runner's job. An exception in the tool becomes a :class:`ToolCallError` naming the tool and the
exception. A sync function that runs past its timeout cannot be killed: its thread finishes in the background, but
the run does not wait for it.
An instance method's class is built once per executor, with no arguments other than injected services.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import enum
import importlib
import inspect
import json
import os
import sys
import threading
from collections.abc import Mapping
from typing import Any

try:
    import httpx
except ImportError:  # the mcp package brings httpx2, the same API under another name
    import httpx2 as httpx  # type: ignore[no-redef]

from toolgraph.errors import ArgumentError, ToolCallError
from toolgraph.execute.base import CallResult, ExecTool
from toolgraph.injection import service_kind

#: nesting a tool's return value may have; deeper parts are kept as their text
MAX_DEPTH = 100


def to_jsonable(value: Any, depth: int = 0) -> Any:
    """A JSON-ready copy of a tool's return value, at any depth: pydantic models, dataclasses and named tuples become
    objects (a list of dataclass records stays a list of records, not of their ``repr``), enums their values,
    dates ISO text, sets and tuples lists, mapping keys text; anything else its ``str()``."""
    if depth > MAX_DEPTH:
        return str(value)
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if value == value and value not in (float("inf"), float("-inf")) else None
    if hasattr(value, "model_dump") and not isinstance(value, type):
        return value.model_dump(mode="json")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name), depth + 1) for f in dataclasses.fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_asdict"):  # a named tuple
        return {str(k): to_jsonable(v, depth + 1) for k, v in value._asdict().items()}
    if isinstance(value, enum.Enum):
        return to_jsonable(value.value, depth + 1)
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_jsonable(v, depth + 1) for v in value]
    return str(value)


def in_thread(fn: Any, *args: Any, **kwargs: Any) -> asyncio.Future[Any]:
    """Run ``fn`` in a daemon thread of its own and await it. Unlike ``asyncio.to_thread`` (the loop's default
    executor, which ``asyncio.run`` waits for at exit), a call abandoned at its timeout cannot hold the run open."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[Any] = loop.create_future()

    def settle(value: Any, error: BaseException | None) -> None:
        if future.done():  # cancelled at its timeout
            return
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(value)

    def work() -> None:
        try:
            value, error = fn(*args, **kwargs), None
        except BaseException as exc:  # noqa: BLE001 - handed to the awaiting task
            value, error = None, exc
        try:
            loop.call_soon_threadsafe(settle, value, error)
        except RuntimeError:  # the loop has closed: nobody is waiting any more
            pass

    threading.Thread(target=work, name=f"python-tool {getattr(fn, '__qualname__', fn)}", daemon=True).start()
    return future


class PythonExecutor:
    """Runs ``source: python`` tools. ``store`` is injected where a tool asks for the graph store; the httpx
    clients are made on first use and closed by :meth:`aclose`."""

    kind = "python"

    def __init__(self, *, store: Any = None, http_timeout_s: float = 30.0) -> None:
        self._store = store
        self._http_timeout_s = http_timeout_s
        self._services: dict[str, Any] = {}
        self._instances: dict[tuple[str, str], Any] = {}

    def handles(self, tool: ExecTool) -> bool:
        return tool.source == "python" and bool(tool.source_ref.get("module")) and bool(tool.source_ref.get("qualname"))

    def _service(self, kind: str, tool: ExecTool) -> Any:
        if kind == "graph_store":
            if self._store is None:
                raise ToolCallError(f"python tool {tool.id} needs the graph store injected, but none was given")
            return self._store
        if kind not in self._services:
            if kind == "http_client":
                self._services[kind] = httpx.Client(timeout=self._http_timeout_s)
            elif kind == "async_http_client":
                self._services[kind] = httpx.AsyncClient(timeout=self._http_timeout_s)
            else:
                raise ToolCallError(f"python tool {tool.id} asks for an unknown service {kind!r}")
        return self._services[kind]

    def _injected(self, fn: Any, tool: ExecTool, skip_first: bool = False) -> dict[str, Any]:
        """Services for the parameters that ask for one: as recorded at import, and by type now."""
        wanted = dict(tool.source_ref.get("inject") or {})
        try:
            hints = inspect.get_annotations(fn, eval_str=True)
        except Exception:  # unresolvable annotations: rely on what the import recorded
            hints = {}
        params = list(inspect.signature(fn).parameters)
        for name in params[1:] if skip_first else params:
            kind = service_kind(hints.get(name))
            if kind:
                wanted[name] = kind
        return {name: self._service(kind, tool) for name, kind in wanted.items()}

    def _resolve(self, tool: ExecTool) -> Any:
        module_name, qualname = tool.source_ref["module"], tool.source_ref["qualname"]
        path = tool.source_ref.get("path")
        if path and path not in sys.path and os.path.isdir(path):  # a module imported from a folder, not installed
            sys.path.append(path)
        try:
            module = importlib.import_module(module_name)
        except Exception as exc:
            raise ToolCallError(f"python tool {tool.id}: cannot import {module_name}: {type(exc).__name__}: {exc}") \
                from exc
        obj: Any = module
        owner: Any = None
        for part in qualname.split("."):
            owner, obj = obj, getattr(obj, part, None)
            if obj is None:
                raise ToolCallError(f"python tool {tool.id}: {module_name} has no {qualname!r} any more")
        if inspect.isclass(owner) and inspect.isfunction(inspect.getattr_static(owner, qualname.split(".")[-1])):
            key = (module_name, owner.__qualname__)
            if key not in self._instances:
                try:
                    self._instances[key] = owner(**self._injected(owner.__init__, tool, skip_first=True))
                except ToolCallError:
                    raise
                except Exception as exc:
                    raise ToolCallError(f"python tool {tool.id}: cannot create {owner.__qualname__}(): "
                                        f"{type(exc).__name__}: {exc}") from exc
            obj = getattr(self._instances[key], qualname.split(".")[-1])
        if not callable(obj):
            raise ToolCallError(f"python tool {tool.id}: {module_name}.{qualname} is not callable")
        return obj

    async def call(self, tool: ExecTool, arguments: dict[str, Any], *, timeout_s: float) -> CallResult:
        fn = self._resolve(tool)
        injected = self._injected(fn, tool)
        clash = sorted(set(arguments) & set(injected))
        if clash:
            raise ArgumentError(f"python tool {tool.id}: {clash[0]!r} is an injected service, not an argument")
        signature = inspect.signature(fn)
        takes = [n for n, p in signature.parameters.items() if n not in injected and p.kind != p.VAR_KEYWORD]
        if not any(p.kind == p.VAR_KEYWORD for p in signature.parameters.values()):
            unknown = sorted(set(arguments) - set(takes))
            if unknown:
                raise ArgumentError(f"python tool {tool.id}: unknown argument {unknown[0]!r} "
                                    f"(it takes: {', '.join(takes) or 'nothing'})")
        try:
            bound = signature.bind(**arguments, **injected)
        except TypeError as exc:
            raise ArgumentError(f"python tool {tool.id}: {exc}") from exc
        try:
            if inspect.iscoroutinefunction(fn):
                value = await asyncio.wait_for(fn(*bound.args, **bound.kwargs), timeout_s)
            else:
                value = await asyncio.wait_for(in_thread(fn, *bound.args, **bound.kwargs), timeout_s)
        except TimeoutError as exc:
            raise ToolCallError(f"python tool {tool.id} timed out after {timeout_s:g} s", retryable=True) from exc
        except Exception as exc:
            raise ToolCallError(f"python tool {tool.id} raised {type(exc).__name__}: {exc}") from exc
        value = to_jsonable(value)
        return CallResult(value=value, raw_size=len(json.dumps(value, ensure_ascii=False)),
                          meta={"module": tool.source_ref["module"], "qualname": tool.source_ref["qualname"]})

    async def aclose(self) -> None:
        for client in self._services.values():
            if isinstance(client, httpx.AsyncClient):
                await client.aclose()
            else:
                client.close()
        self._services.clear()
