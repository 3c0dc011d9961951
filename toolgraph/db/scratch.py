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

from toolgraph.db.store import GraphStore, embedded_server
from toolgraph.errors import ConfigError, GraphStoreError

if TYPE_CHECKING:
    from toolgraph.config import Settings

log = logging.getLogger(__name__)


def scratch_name(label: str) -> str:
    """A database name from ``label`` that no other process picks: letters, digits and _ only."""
    slug = re.sub(r"[^A-Za-z0-9]+", "_", label).strip("_")[:24] or "x"
    return f"scratch_{slug}_{os.getpid()}_{secrets.token_hex(3)}"


def _server_command(http_url: str, password: str, command: str) -> None:
    token = base64.b64encode(f"root:{password}".encode()).decode()
    request = urllib.request.Request(
        f"{http_url}/api/v1/server", data=json.dumps({"command": command}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Basic {token}"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as resp:
            resp.read()
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode("utf-8", "replace")[:300]
        raise GraphStoreError(f"embedded server refused {command!r}: HTTP {exc.code} {detail}") from exc
    except (urllib.error.URLError, OSError) as exc:
        raise GraphStoreError(f"cannot reach the embedded server's HTTP API at {http_url}: {exc}") from exc


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
