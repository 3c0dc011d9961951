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
    """The ``custom.toolgraph.*`` procedures the server has: listed by SHOW PROCEDURES and declared in APOC
    Extended's store (Neo4j cannot unregister a procedure: a dropped one stays listed, answering "no procedure
    registered", until a restart). None on the embedded server."""
    if store.backend.kind != "neo4j":
        return []
    listed = _run(store, "list_procedures", store.database, prefix=PREFIX)
    try:
        declared = {r["name"].removeprefix("custom.")
                    for r in _run(store, "list_custom_procedures", store.database, prefix=f"{NAMESPACE}.")}
    except GraphStoreError:  # no APOC Extended: nothing of ours can be declared
        return []
    return [r for r in listed if r["name"].removeprefix("custom.") in declared]


# what APOC Extended (not APOC Core) brings for custom procedures in Neo4j 5
APOC_CUSTOM = ("apoc.custom.installProcedure", "apoc.custom.dropProcedure")


def require_apoc_extended(store: GraphStore, action: str = "install") -> None:
    """Refuse, saying what is missing, unless ``store`` is Neo4j 5 with APOC Extended's ``apoc.custom.*``."""
    if store.backend.kind != "neo4j":
        raise GraphStoreError(
            f"procedures {action} needs Neo4j 5 with APOC Extended; {store.uri} is the embedded server, which has "
            "neither apoc.custom nor SHOW PROCEDURES: run a body there with `toolgraph cypher NAME --param k=v`")
    have = {r["name"] for r in _run(store, "list_procedures", store.database, prefix="apoc.custom.")}
    missing = [name for name in APOC_CUSTOM if name not in have]
    if missing:
        found = "APOC Core but not APOC Extended" if store.backend.has_apoc else "no APOC at all"
        raise GraphStoreError(
            f"procedures {action} needs APOC Extended ({', '.join(missing)}); {store.uri} has {found}. In Neo4j 5 "
            "custom procedures moved from APOC Core to APOC Extended: install the apoc-extended jar of your Neo4j "
            "version into the plugins folder (docker: NEO4J_PLUGINS='[\"apoc\", \"apoc-extended\"]'), or use "
            "`toolgraph db neo4j start`, which has it")


def _wait(store: GraphStore, names: list[str], present: bool, timeout: float, what: str) -> None:
    """Until SHOW PROCEDURES lists every one of ``names`` (``present``) or none of them: APOC refreshes its
    registry from the system database asynchronously (``apoc.custom.procedures.refresh`` ms), and until a call
    answers (installed) or fails (removed)."""
    deadline = time.monotonic() + timeout
    while True:
        have = {r["name"] for r in installed(store)}
        pending = [n for n in names if (n in have) != present]
        if not pending and _callable(store) == present:
            return
        if time.monotonic() > deadline:
            raise GraphStoreError(f"{what}, but after {timeout:.0f} s SHOW PROCEDURES still "
                                  f"{'lacks' if present else 'lists'} {', '.join(pending)}")
        time.sleep(0.5)


def _callable(store: GraphStore) -> bool:
    """Whether custom.toolgraph.chain answers a call (registered by APOC's last refresh)."""
    try:
        _run(store, "probe_procedure", store.database, toolId="\u0000toolgraph-probe")
    except GraphStoreError:
        return False
    return True


def install(store: GraphStore, *, timeout: float = 90.0) -> list[str]:
    """Declare every procedure body on Neo4j (again: replacing it) and wait until SHOW PROCEDURES lists them all;
    their names."""
    require_apoc_extended(store, "install")
    wanted = []
    for body in default_catalog().procedures():
        _run(store, "install_procedure", "system", signature=f"{NAMESPACE}.{body.signature}", statement=body.text,
             database=store.database, mode=body.mode, description=body.description)
        wanted.append(f"{PREFIX}{body.name}")
    _wait(store, wanted, True, timeout, "installed")
    return wanted


def uninstall(store: GraphStore, *, timeout: float = 90.0) -> list[str]:
    """Remove every ``custom.toolgraph.*`` procedure the server lists and wait until SHOW PROCEDURES no longer
    does; the names removed (none when none were installed)."""
    require_apoc_extended(store, "uninstall")
    names = [r["name"] for r in installed(store)]
    for name in names:
        _run(store, "drop_procedure", "system", procedure=name.removeprefix("custom."), database=store.database)
    _wait(store, names, False, timeout, "removed")
    return names
