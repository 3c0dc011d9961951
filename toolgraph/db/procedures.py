"""``custom.toolgraph.*``: the bodies in ``cypher/procedures`` declared as Neo4j procedures with APOC
(``apoc.custom.installProcedure`` in a session on the ``system`` database), so an analyst can ``CALL`` them from
Neo4j Browser. The installation statements are named files in ``cypher/admin`` (they need APOC and the system
database, so they are not among the queries every backend plans). The embedded server has no APOC: there the
same bodies run as named queries (``toolgraph cypher NAME``).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from toolgraph.db.cypher import NamedQuery, cypher_root, default_catalog, parse_query_file
from toolgraph.db.store import GraphStore
from toolgraph.errors import GraphStoreError

NAMESPACE = "toolgraph"
PREFIX = f"custom.{NAMESPACE}."


def admin_query(name: str, root: Path | None = None) -> NamedQuery:
    return parse_query_file((root or cypher_root()) / "admin" / f"{name}.cypher")


def _run(store: GraphStore, name: str, on: str, **params: Any) -> list[dict[str, Any]]:
    """Run the admin query ``name`` on database ``on`` (``params`` may have their own ``database``)."""
    return store.run_file(admin_query(name), on=on, **params)


def installed(store: GraphStore) -> list[dict[str, Any]]:
    """The ``custom.toolgraph.*`` procedures the server knows (none on the embedded server)."""
    if store.backend.kind != "neo4j":
        return []
    return _run(store, "list_procedures", store.database, prefix=PREFIX)


def install(store: GraphStore, *, timeout: float = 90.0) -> list[str]:
    """Declare every procedure body on Neo4j and wait until SHOW PROCEDURES lists them all; their names."""
    if store.backend.kind != "neo4j":
        raise GraphStoreError(
            f"procedures install needs Neo4j 5 with APOC; {store.uri} is the embedded server, which has neither "
            "apoc.custom nor SHOW PROCEDURES: run a body there with `toolgraph cypher NAME --param k=v`")
    if not store.backend.has_apoc:
        raise GraphStoreError(f"procedures install needs APOC (apoc.custom.installProcedure) on {store.uri}")
    wanted = []
    for body in default_catalog().procedures():
        _run(store, "install_procedure", "system", signature=f"{NAMESPACE}.{body.signature}", statement=body.text,
             database=store.database, mode=body.mode, description=body.description)
        wanted.append(f"{PREFIX}{body.name}")
    deadline = time.monotonic() + timeout
    while True:  # APOC refreshes the procedure registry asynchronously
        have = {r["name"] for r in installed(store)}
        missing = [n for n in wanted if n not in have]
        if not missing:
            return wanted
        if time.monotonic() > deadline:
            raise GraphStoreError(f"installed, but after {timeout:.0f} s SHOW PROCEDURES still lacks "
                                  f"{', '.join(missing)}")
        time.sleep(0.5)
