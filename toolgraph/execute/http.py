"""The HTTP executor: OpenAPI / RestBench tools (``method``, ``url``, params with ``location``), with per-group
base URLs and credentials, a response size cap, and an SSRF guard.

SSRF rules: a call (and every redirect hop, followed by hand) must go to a host on the group's allow-list (by
default the host of its base URL, or of the tool's own URL), and every address the host resolves to must be public:
loopback, link-local (169.254.x.x), private, reserved, multicast and unspecified addresses are refused unless the
group is configured with ``allow_private``. Retries are the runner's: a 429 or 5xx raises a retryable
:class:`ToolCallError` carrying the Retry-After the server sent.

Credential rules: a group's ``headers`` are bound to its origins (scheme, host and port: the base URL's, those in
``credential_origins``, else for an imported tool the origin of its own URL). A call of a tool whose URL is another
origin is refused before anything is sent (a tool added in the registry keeps its own URL); a redirect to another
origin is followed without them (and they stay off for the rest of the chain). Tool parameters never set a
credential header, a path parameter never changes the path, and every configured header value is masked (``***``)
in responses and errors, so a service that echoes a key back does not get it stored or shown."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
import ssl
import threading
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
from toolgraph.text.secrets import Masker

HTTP_SOURCES = ("openapi", "restbench")
MAX_REDIRECTS = 5
# Headers a tool parameter may never set (nor any header the group configures): they carry credentials or route.
CREDENTIAL_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie", "x-api-key", "api-key",
                                "x-auth-token", "host"})
DEFAULT_PORTS = {"http": 80, "https": 443}
TOO_DEEP = "the response is JSON nested too deeply to read"
_tls: ssl.SSLContext | None = None
_tls_lock = threading.Lock()


def tls_context() -> ssl.SSLContext:
    """The TLS context of every pooled client, made once per process: httpx's default (certifi's CA bundle, or
    SSL_CERT_FILE / SSL_CERT_DIR), whose loading of the CA bundle costs ~0.3 s of CPU each time a client is made,
    that is on every `toolgraph run` answered by the resident runtime."""
    global _tls
    with _tls_lock:
        if _tls is None:
            make = getattr(httpx, "create_ssl_context", None)
            _tls = make() if make is not None else ssl.create_default_context()
        return _tls


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
    if group.base_url and tool.url and tool.url.startswith("/"):  # a registry tool's path on the group's API
        return group.base_url.rstrip("/") + tool.url
    if not tool.url:
        raise ToolCallError(f"{tool.id}: the tool has no URL and its group has no base_url configured")
    return tool.url


def allowed_hosts(tool: ExecTool, group: ExecGroup) -> set[str]:
    if group.allow_hosts:
        return {h.lower() for h in group.allow_hosts}
    url = group.base_url or tool.url or ""
    return {(urlsplit(url).hostname or "").lower()} - {""}


def origin(url: str) -> str:
    """``scheme://host:port`` of a URL (the default port written out); "" when it has no http(s) host."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return ""
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if scheme not in DEFAULT_PORTS or not host:
        return ""
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}:{port or DEFAULT_PORTS[scheme]}"


def credential_origins(tool: ExecTool, group: ExecGroup) -> set[str]:
    """Where the group's headers may go: the base URL's origin and those configured in ``credential_origins``;
    with neither, the origin of an imported tool's own URL (its spec's server). A tool added in the registry
    (source ``user``) never makes its own URL a credential origin."""
    found = {origin(u) for u in [group.base_url or "", *group.credential_origins]} - {""}
    if not found and tool.source != "user" and tool.url:
        found = {origin(tool.url)} - {""}
    return found


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


def path_value(tool: ExecTool, name: str, value: Any) -> str:
    """A path parameter's value, percent-encoded so that it stays one path segment; ``.``, ``..`` and an empty
    value (which would climb or drop a level of the path) are refused."""
    text = str(value)
    if text.strip() in ("", ".", ".."):
        raise ToolCallError(f"{tool.id}: the path parameter {name!r} is {text!r}, which would change the path; "
                            "refused")
    return quote(text, safe="")


def build_request(tool: ExecTool, arguments: dict[str, Any], group: ExecGroup) -> tuple[str, str, dict[str, Any]]:
    """(method, URL, httpx request keywords) from the validated arguments, by each parameter's location. The
    group's credential headers are not in them: :meth:`HttpExecutor.call` adds them where the origin allows."""
    url = tool_url(tool, group)
    locations = {p.name: (p.location or "") for p in tool.params}
    query: dict[str, Any] = {}
    headers: dict[str, str] = {}
    body: dict[str, Any] = {}
    guarded = CREDENTIAL_HEADERS | {h.lower() for h in group.headers}
    for name, value in arguments.items():
        where = locations.get(name, "")
        if where == "path" or "{" + name + "}" in url:
            url = url.replace("{" + name + "}", path_value(tool, name, value))
        elif where == "header":
            if name.lower() in guarded:
                raise ToolCallError(f"{tool.id}: the parameter {name!r} would set the credential header {name}: "
                                    "tool parameters never set credential headers (configure the group's headers)")
            headers[name] = str(value)
        elif where == "body":
            body[name] = value
        else:
            query[name] = json.dumps(value) if isinstance(value, dict | list) else value
    if "{" in urlsplit(url).path:
        raise ToolCallError(f"{tool.id}: the URL {url!r} still has an unfilled path parameter")
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
        self.masker = Masker(v.get_secret_value() for g in self.groups.values() for v in g.headers.values())

    def secret_values(self) -> list[str]:
        """Every configured header value, for masking (:class:`toolgraph.text.secrets.Masker`)."""
        return [v.get_secret_value() for g in self.groups.values() for v in g.headers.values()]

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
        try:
            return await self._call(tool, arguments, timeout_s=timeout_s)
        except ToolCallError as exc:  # an error text never shows a configured secret
            masked = self.masker.text(str(exc))
            if masked == str(exc):
                raise
            raise ToolCallError(masked, retryable=exc.retryable, status=exc.status,
                                retry_after=exc.retry_after) from None

    async def _call(self, tool: ExecTool, arguments: dict[str, Any], *, timeout_s: float) -> CallResult:
        group = group_of(tool, self.groups)
        method, url, kwargs = build_request(tool, arguments, group)
        hosts = allowed_hosts(tool, group)
        credentials = {k: v.get_secret_value() for k, v in group.headers.items()}
        bound = credential_origins(tool, group)
        if credentials and origin(url) not in bound:
            raise ToolCallError(f"{tool.id}: refused: its URL's origin {origin(url) or url!r} is not the origin its "
                                f"group's credentials are bound to ({', '.join(sorted(bound)) or 'none'}); a tool "
                                "of another origin runs only in a group without credentials (or add the origin to "
                                "the group's credential_origins)")
        client = self._client or self._pooled()
        try:
            async with asyncio.timeout(timeout_s):
                return await self._send(client, tool, method, url, kwargs, hosts, group.allow_private, credentials,
                                        bound, timeout_s)
        except TimeoutError as exc:
            raise ToolCallError(f"{tool.id}: no answer within {timeout_s:g} s", retryable=True) from exc
        except httpx.HTTPError as exc:
            raise ToolCallError(f"{tool.id}: {type(exc).__name__} calling {urlsplit(url).netloc}: {exc}",
                                retryable=True) from exc

    def _pooled(self) -> httpx.AsyncClient:
        """The client of the running event loop, so the calls of one run reuse connections."""
        key = id(asyncio.get_running_loop())
        if key not in self._loop_clients:
            self._loop_clients[key] = httpx.AsyncClient(follow_redirects=False, verify=tls_context())
        return self._loop_clients[key]

    async def aclose(self) -> None:
        """Close the running loop's client (the runner calls this when a run ends)."""
        client = self._loop_clients.pop(id(asyncio.get_running_loop()), None)
        if client is not None:
            await client.aclose()

    async def _send(self, client: httpx.AsyncClient, tool: ExecTool, method: str, url: str, kwargs: dict[str, Any],
                    hosts: set[str], allow_private: bool, credentials: dict[str, str], bound: set[str],
                    timeout_s: float) -> CallResult:
        trusted = True  # the credentials go along while every hop so far stayed on a credential origin
        for hop in range(MAX_REDIRECTS + 1):
            await check_target(url, hosts, allow_private, tool.id)
            trusted = trusted and origin(url) in bound
            headers = {**kwargs["headers"], **(credentials if trusted else {})}
            # the per-request timeout: the pooled client's default (5 s) must not cut a longer call short
            request = client.build_request(method, url, **{**kwargs, "headers": headers},
                                           timeout=httpx.Timeout(timeout_s))
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
            raise ToolCallError(f"{tool.id}: HTTP {status}: {self.masker.text(text)[:200]}", retryable=True,
                                status=status, retry_after=retry_after(response.headers.get("retry-after")))
        if status >= 400:
            raise ToolCallError(f"{tool.id}: HTTP {status}: {self.masker.text(text)[:200]}", status=status)
        ctype = response.headers.get("content-type", "")
        value: Any = text
        if "json" in ctype or text.lstrip()[:1] in ("{", "["):
            try:
                value = json.loads(text) if text.strip() else None
            except ValueError as exc:
                raise ToolCallError(f"{tool.id}: the response is not valid JSON ({exc})", status=status) from exc
            except RecursionError as exc:
                raise ToolCallError(f"{tool.id}: {TOO_DEEP}", status=status) from exc
        try:
            value = self.masker.value(value)
        except RecursionError as exc:
            raise ToolCallError(f"{tool.id}: {TOO_DEEP}", status=status) from exc
        return CallResult(value=value, raw_size=len(body),
                          meta={"status": status, "url": str(response.url.copy_with(query=None)),
                                "redirects": redirects})
