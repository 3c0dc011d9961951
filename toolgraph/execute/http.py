"""The HTTP executor: OpenAPI / RestBench tools (``method``, ``url``, params with ``location``), with per-group
base URLs and credentials, a response size cap, and an SSRF guard.

SSRF rules: a call (and every redirect hop, followed by hand) must go to a host on the group's allow-list (by
default the host of its base URL, or of the tool's own URL), and every address the host resolves to must be public:
loopback, link-local (169.254.x.x), private, reserved, multicast and unspecified addresses are refused unless the
group is configured with ``allow_private``. Retries are the runner's: a 429 or 5xx raises a retryable
:class:`ToolCallError` carrying the Retry-After the server sent."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
from email.utils import parsedate_to_datetime
from typing import Any
from urllib.parse import quote, urljoin, urlsplit

try:
    import httpx
except ImportError:  # the shared environment ships the API-compatible fork under this name
    import httpx2 as httpx  # type: ignore[no-redef]

from toolgraph.config import ExecGroup
from toolgraph.errors import ToolCallError
from toolgraph.execute.base import CallResult, ExecTool

HTTP_SOURCES = ("openapi", "restbench")
MAX_REDIRECTS = 5


def group_of(tool: ExecTool, groups: dict[str, ExecGroup]) -> ExecGroup:
    """The tool's group configuration, by group id, then group name; an empty one when none is configured."""
    for key in (tool.group_id, tool.group_name):
        if key and key in groups:
            return groups[key]
    return ExecGroup()


def tool_url(tool: ExecTool, group: ExecGroup) -> str:
    """The URL template: the group's base URL + the spec's path when configured, else the tool's own URL."""
    route = tool.source_ref.get("path")
    if group.base_url and isinstance(route, str):
        return group.base_url.rstrip("/") + route
    if not tool.url:
        raise ToolCallError(f"{tool.id}: the tool has no URL and its group has no base_url configured")
    return tool.url


def allowed_hosts(tool: ExecTool, group: ExecGroup) -> set[str]:
    if group.allow_hosts:
        return {h.lower() for h in group.allow_hosts}
    url = group.base_url or tool.url or ""
    return {(urlsplit(url).hostname or "").lower()} - {""}


def is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return not (ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_reserved or ip.is_multicast
                or ip.is_unspecified)


async def check_target(url: str, hosts: set[str], allow_private: bool, tool_id: str) -> None:
    """Refuse a URL whose scheme is not http(s), whose host is not allowed, or that resolves to a non-public
    address (unless ``allow_private``)."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if parts.scheme not in ("http", "https") or not host:
        raise ToolCallError(f"{tool_id}: refused {url!r}: only http(s) URLs with a host")
    if host not in hosts:
        listed = ", ".join(sorted(hosts)) or "none"
        raise ToolCallError(f"{tool_id}: refused {host!r}: not on the group's allowed hosts ({listed}); "
                            "set allow_hosts for the group")
    if allow_private:
        return
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(host, parts.port or 443, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise ToolCallError(f"{tool_id}: cannot resolve {host!r}: {exc}", retryable=True) from exc
    for info in infos:
        address = str(info[4][0])
        if not is_public(address):
            raise ToolCallError(f"{tool_id}: refused {host!r}: it resolves to the non-public address {address} "
                                f"(loopback, link-local or private); allow_private is off for this group")


def build_request(tool: ExecTool, arguments: dict[str, Any], group: ExecGroup) -> tuple[str, str, dict[str, Any]]:
    """(method, URL, httpx request keywords) from the validated arguments, by each parameter's location."""
    url = tool_url(tool, group)
    locations = {p.name: (p.location or "") for p in tool.params}
    query: dict[str, Any] = {}
    headers: dict[str, str] = {}
    body: dict[str, Any] = {}
    for name, value in arguments.items():
        where = locations.get(name, "")
        if where == "path" or "{" + name + "}" in url:
            url = url.replace("{" + name + "}", quote(str(value), safe=""))
        elif where == "header":
            headers[name] = str(value)
        elif where == "body":
            body[name] = value
        else:
            query[name] = json.dumps(value) if isinstance(value, dict | list) else value
    if "{" in urlsplit(url).path:
        raise ToolCallError(f"{tool.id}: the URL {url!r} still has an unfilled path parameter")
    headers.update({k: v.get_secret_value() for k, v in group.headers.items()})
    kwargs: dict[str, Any] = {"params": query, "headers": headers}
    if body:
        kwargs["json"] = body
    return (tool.method or "GET").upper(), url, kwargs


def retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds from a Retry-After header (delta seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        import time

        return max(0.0, parsedate_to_datetime(value).timestamp() - (now or time.time()))
    except (TypeError, ValueError):
        return None


class HttpExecutor:
    kind = "http"

    def __init__(self, groups: dict[str, ExecGroup] | None = None, *, max_response_bytes: int = 2_000_000,
                 client: httpx.AsyncClient | None = None, only_configured: bool = False) -> None:
        self.groups = groups or {}
        self.only_configured = only_configured  # handle only tools of the configured groups
        self._loop_clients: dict[int, httpx.AsyncClient] = {}  # one pooled client per event loop (per run)
        self.max_response_bytes = max_response_bytes
        self._client = client

    def handles(self, tool: ExecTool) -> bool:
        if self.only_configured and not ({tool.group_id, tool.group_name} & set(self.groups)):
            return False
        return bool(tool.method) and (tool.source in HTTP_SOURCES or bool(tool.url)
                                      or group_of(tool, self.groups).base_url is not None)

    def host(self, tool: ExecTool) -> str:
        """The host a call goes to, for the runner's per-host concurrency bound."""
        try:
            return urlsplit(tool_url(tool, group_of(tool, self.groups))).netloc
        except ToolCallError:
            return tool.group_id or tool.id

    async def call(self, tool: ExecTool, arguments: dict[str, Any], *, timeout_s: float) -> CallResult:
        group = group_of(tool, self.groups)
        method, url, kwargs = build_request(tool, arguments, group)
        hosts = allowed_hosts(tool, group)
        client = self._client or self._pooled()
        try:
            async with asyncio.timeout(timeout_s):
                return await self._send(client, tool, method, url, kwargs, hosts, group.allow_private)
        except TimeoutError as exc:
            raise ToolCallError(f"{tool.id}: no answer within {timeout_s:g} s", retryable=True) from exc
        except httpx.HTTPError as exc:
            raise ToolCallError(f"{tool.id}: {type(exc).__name__} calling {urlsplit(url).netloc}: {exc}",
                                retryable=True) from exc

    def _pooled(self) -> httpx.AsyncClient:
        """The client of the running event loop, so the calls of one run reuse connections."""
        key = id(asyncio.get_running_loop())
        if key not in self._loop_clients:
            self._loop_clients[key] = httpx.AsyncClient(follow_redirects=False)
        return self._loop_clients[key]

    async def aclose(self) -> None:
        """Close the running loop's client (the runner calls this when a run ends)."""
        client = self._loop_clients.pop(id(asyncio.get_running_loop()), None)
        if client is not None:
            await client.aclose()

    async def _send(self, client: httpx.AsyncClient, tool: ExecTool, method: str, url: str, kwargs: dict[str, Any],
                    hosts: set[str], allow_private: bool) -> CallResult:
        for hop in range(MAX_REDIRECTS + 1):
            await check_target(url, hosts, allow_private, tool.id)
            request = client.build_request(method, url, **kwargs)
            response = await client.send(request, stream=True)
            try:
                if response.is_redirect and "location" in response.headers:
                    url = urljoin(str(response.url), response.headers["location"])
                    if response.status_code in (301, 302, 303) and method != "HEAD":
                        method = "GET"
                        kwargs = {k: v for k, v in kwargs.items() if k != "json"}
                    kwargs = {**kwargs, "params": None}  # the Location carries its own query
                    continue
                body = await self._read(response, tool)
            finally:
                await response.aclose()
            return self._result(response, body, tool, hop)
        raise ToolCallError(f"{tool.id}: more than {MAX_REDIRECTS} redirects")

    async def _read(self, response: httpx.Response, tool: ExecTool) -> bytes:
        declared = response.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > self.max_response_bytes:
            raise ToolCallError(f"{tool.id}: the response is {int(declared)} bytes, over the cap of "
                                f"{self.max_response_bytes}")
        chunks, size = [], 0
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > self.max_response_bytes:
                raise ToolCallError(f"{tool.id}: the response is over the cap of {self.max_response_bytes} bytes")
            chunks.append(chunk)
        return b"".join(chunks)

    def _result(self, response: httpx.Response, body: bytes, tool: ExecTool, redirects: int) -> CallResult:
        status = response.status_code
        text = body.decode(response.encoding or "utf-8", errors="replace")
        if status == 429 or status >= 500:
            raise ToolCallError(f"{tool.id}: HTTP {status}: {text[:200]}", retryable=True, status=status,
                                retry_after=retry_after(response.headers.get("retry-after")))
        if status >= 400:
            raise ToolCallError(f"{tool.id}: HTTP {status}: {text[:200]}", status=status)
        ctype = response.headers.get("content-type", "")
        value: Any = text
        if "json" in ctype or text.lstrip()[:1] in ("{", "["):
            try:
                value = json.loads(text) if text.strip() else None
            except ValueError as exc:
                raise ToolCallError(f"{tool.id}: the response is not valid JSON ({exc})", status=status) from exc
        return CallResult(value=value, raw_size=len(body),
                          meta={"status": status, "url": str(response.url.copy_with(query=None)),
                                "redirects": redirects})
