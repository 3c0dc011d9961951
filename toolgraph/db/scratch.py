"""Scratch databases on the embedded server: a fresh, empty database beside the user's graph, for work that must not
mix with it or with each other (``toolgraph eval run`` imports each suite into one). Created over the server's HTTP
API, used over Bolt like any other, dropped afterwards."""

from __future__ import annotations

import base64
import json
import logging
import os
import re
import secrets
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from toolgraph.db.processes import pid_alive
from toolgraph.db.store import GraphStore, embedded_server
from toolgraph.errors import ConfigError, GraphStoreError

if TYPE_CHECKING:
    from toolgraph.config import Settings

log = logging.getLogger(__name__)


def scratch_name(label: str) -> str:
    """A database name from ``label`` that no other process picks: letters, digits and _ only."""
    slug = re.sub(r"[^A-Za-z0-9]+", "_", label).strip("_")[:24] or "x"
    return f"scratch_{slug}_{os.getpid()}_{secrets.token_hex(3)}"


SCRATCH = re.compile(r"scratch_\w*?_(\d+)_[0-9a-f]{6}")


def _http(http_url: str, password: str, route: str, command: str | None = None) -> object:
    token = base64.b64encode(f"root:{password}".encode()).decode()
    request = urllib.request.Request(
        f"{http_url}/api/v1/{route}", data=json.dumps({"command": command}).encode() if command else None,
        headers={"Content-Type": "application/json", "Authorization": f"Basic {token}"},
        method="POST" if command else "GET")
    what = repr(command) if command else route
    try:
        with urllib.request.urlopen(request, timeout=60) as resp:
            return json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode("utf-8", "replace")[:300]
        raise GraphStoreError(f"embedded server refused {what}: HTTP {exc.code} {detail}") from exc
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise GraphStoreError(f"cannot reach the embedded server's HTTP API at {http_url}: {exc}") from exc


def _server_command(http_url: str, password: str, command: str) -> None:
    _http(http_url, password, "server", command)


def drop_orphans(http_url: str, password: str) -> list[str]:
    """Drop the scratch databases of processes that are gone (killed before they could drop their own)."""
    answer = _http(http_url, password, "databases")
    names = answer.get("result", []) if isinstance(answer, dict) else []
    dropped = []
    for name in names:
        m = SCRATCH.fullmatch(str(name))
        if m and int(m.group(1)) != os.getpid() and not pid_alive(int(m.group(1))):
            _server_command(http_url, password, f"drop database {name}")
            dropped.append(str(name))
    if dropped:
        log.warning("dropped %d scratch database(s) left by processes that are gone: %s", len(dropped),
                    ", ".join(dropped))
    return dropped


@contextmanager
def scratch_store(settings: Settings, label: str) -> Iterator[GraphStore]:
    """A store on a new, empty database of the embedded server (started if it is not running), with the schema
    applied; the database is dropped when the block ends, whatever happens. Neo4j is refused: a database of one's
    own there needs the Enterprise edition."""
    if not settings.uses_embedded:
        raise ConfigError("a scratch database needs the embedded graph server: unset TOOLGRAPH_NEO4J_URI "
                          "(the user's Neo4j graph is never used for this)")
    server = embedded_server(settings)
    info = server.start()
    password = server.password()
    name = scratch_name(label)
    drop_orphans(info.http_url, password)
    _server_command(info.http_url, password, f"create database {name}")
    try:
        store = GraphStore.connect(info.bolt_uri, "root", password, name, http_url=info.http_url)
        try:
            store.apply_schema()
            yield store
        finally:
            store.close()
    finally:
        try:
            _server_command(info.http_url, password, f"drop database {name}")
        except GraphStoreError as exc:  # the work's own error matters more; say what is left behind
            log.warning("scratch database %s was not dropped: %s", name, exc)
