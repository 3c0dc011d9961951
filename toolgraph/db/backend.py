"""Every difference between Neo4j and the embedded ArcadeDB server, in one place.

Both are spoken to with the same driver and the same Cypher. What differs:

| what | Neo4j 5 | embedded ArcadeDB |
|---|---|---|
| vector index DDL | ``CREATE VECTOR INDEX`` (Cypher) | SQL ``CREATE INDEX ... LSM_VECTOR`` over its HTTP API |
| vector index name | the name given | ``Label[property]`` |
| ``db.index.vector.queryNodes`` score | (1 + cos) / 2 | (1 + cos) / 2 |
| ``vector.similarity.cosine`` | (1 + cos) / 2 | raw cosine in [-1, 1] |
| graph algorithms | ``gds.*`` when the GDS plugin is installed | ``algo.*`` |
| APOC | when the plugin is installed | a subset (no apoc.create/periodic/custom/cypher.run) |
| ``algo.pagerank`` | (n/a) | ignores ``nodeLabels`` / ``relationshipTypes`` |
| concurrent MERGE on a unique key | retried by the driver | ``ConstraintError``, not retried: retry it yourself |
| notification filters (Bolt 5.2+) | ``UNRECOGNIZED`` off (``driver_options``), imports none | not offered |

``detect`` fills a :class:`Backend` at connect time from the server's own answers.
"""

from __future__ import annotations

import base64
import json
import logging
import re
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from toolgraph.errors import GraphStoreError

log = logging.getLogger(__name__)

NEO4J = "neo4j"
ARCADEDB = "arcadedb"
IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class Backend:
    kind: str
    agent: str
    gds_version: str | None = None
    apoc_version: str | None = None
    http_url: str | None = None
    http_auth: tuple[str, str] | None = field(default=None, repr=False)
    database: str | None = None

    @property
    def has_gds(self) -> bool:
        return self.gds_version is not None

    @property
    def has_apoc(self) -> bool:
        return self.apoc_version is not None

    @property
    def has_algo(self) -> bool:
        return self.kind == ARCADEDB

    def capabilities(self) -> dict[str, Any]:
        return {
            "backend": self.kind,
            "server": self.agent,
            "gds": self.gds_version,
            "apoc": self.apoc_version,
            "algo": self.has_algo,
        }

    def driver_options(self, bolt_version: tuple[int, ...]) -> dict[str, Any]:
        """Driver settings for this server, beyond the connection's own. Neo4j notifies of every label, type or
        property a query names that the database does not hold (yet), so a fresh or partly filled graph floods the
        log with them on every named query: that category alone is turned off. Deprecations, performance hints and
        the rest still come (logger ``neo4j.notifications``). Servers before Bolt 5.2 cannot filter."""
        if self.kind != NEO4J or tuple(bolt_version) < (5, 2):
            return {}
        return {"notifications_disabled_classifications": ["UNRECOGNIZED"]}

    # -- sessions --------------------------------------------------------------------------------------------------
    def bulk_session_options(self) -> dict[str, Any]:
        """Session options for bulk writes (imports): on Neo4j, no notifications. An import's first part plans
        its statements against relationship types that do not exist yet, and every statement of every part would
        otherwise carry notices (unknown relationship type, cartesian product) that the driver logs one by one.
        The embedded server's Bolt has no notification filters (the driver refuses them there)."""
        return {} if self.kind == ARCADEDB else {"notifications_min_severity": "OFF"}

    # -- vectors -----------------------------------------------------------------------------------------------
    def vector_index_name(self, label: str, prop: str) -> str:
        _check_identifier(label, prop)
        return f"{label}[{prop}]" if self.kind == ARCADEDB else f"{label.lower()}_{prop.lower()}"

    def cosine_from_function(self, value: float) -> float:
        """Raw cosine from what ``vector.similarity.cosine`` returned on this backend."""
        return value if self.kind == ARCADEDB else 2.0 * value - 1.0

    @staticmethod
    def cosine_from_index_score(score: float) -> float:
        """Raw cosine from a ``db.index.vector.queryNodes`` score; both backends return (1 + cos) / 2."""
        return 2.0 * score - 1.0

    def create_vector_index(self, run_cypher: Callable[[str], Any], label: str, prop: str, dimensions: int) -> str:
        """Create a cosine vector index on ``label.prop`` unless it exists; returns its name.

        ``run_cypher`` runs a statement on the store (used for Neo4j only). Label, property and dimensions are
        checked here because index DDL cannot take them as parameters on either backend.
        """
        _check_identifier(label, prop)
        if not isinstance(dimensions, int) or not 1 <= dimensions <= 8192:
            raise GraphStoreError(f"vector dimensions must be an integer in 1..8192, got {dimensions!r}")
        name = self.vector_index_name(label, prop)
        if self.kind == ARCADEDB:
            self.arcadedb_sql(f"CREATE PROPERTY {label}.{prop} IF NOT EXISTS ARRAY_OF_FLOATS")
            # Wider graph and beam than the defaults: measured recall@10 against exact search rose from ~0.77 on
            # 16k look-alike tools (docs/benchmarks.md); build time roughly doubles.
            metadata = json.dumps({"dimensions": dimensions, "similarity": "COSINE", "maxConnections": 32,
                                   "beamWidth": 200, "efSearch": 200})
            self.arcadedb_sql(f"CREATE INDEX IF NOT EXISTS ON {label} ({prop}) LSM_VECTOR METADATA {metadata}")
        else:
            run_cypher(
                f"CREATE VECTOR INDEX {name} IF NOT EXISTS FOR (n:{label}) ON (n.{prop}) "
                f"OPTIONS {{indexConfig: {{`vector.dimensions`: {dimensions}, "
                # Quantized vectors (5.26's default) give scores ~3e-4 off the exact cosine the embedded server
                # returns: keep full precision on both.
                "`vector.similarity_function`: 'cosine', `vector.quantization.enabled`: false}}"
            )
        return name

    def fulltext_index_name(self, label: str, prop: str) -> str:
        _check_identifier(label, prop)
        return f"{label}[{prop}]" if self.kind == ARCADEDB else f"{label.lower()}_{prop.lower()}_text"

    def create_fulltext_index(self, run_cypher: Callable[[str], Any], label: str, prop: str) -> str:
        """A full-text (BM25, Lucene query syntax) index on ``label.prop`` unless it exists; returns its name."""
        name = self.fulltext_index_name(label, prop)
        if self.kind == ARCADEDB:
            self.arcadedb_sql(f"CREATE PROPERTY {label}.{prop} IF NOT EXISTS STRING")
            self.arcadedb_sql(f"CREATE INDEX IF NOT EXISTS ON {label} ({prop}) FULL_TEXT")
        else:
            run_cypher(f"CREATE FULLTEXT INDEX {name} IF NOT EXISTS FOR (n:{label}) ON EACH [n.{prop}]")
        return name

    def drop_vector_index(self, run_cypher: Callable[[str], Any], label: str, prop: str) -> None:
        """Drop the vector index on ``label.prop`` if it exists (to re-embed with a model of other dimensions)."""
        name = self.vector_index_name(label, prop)
        if self.kind == ARCADEDB:
            self.arcadedb_sql(f"DROP INDEX `{name}` IF EXISTS")
        else:
            run_cypher(f"DROP INDEX {name} IF EXISTS")

    # -- ArcadeDB's HTTP API (index DDL only) ------------------------------------------------------------------
    def arcadedb_sql(self, command: str) -> Any:
        if self.kind != ARCADEDB or not self.http_url or not self.http_auth or not self.database:
            raise GraphStoreError("ArcadeDB SQL is only available on the embedded server")
        body = json.dumps({"language": "sql", "command": command}).encode()
        token = base64.b64encode(f"{self.http_auth[0]}:{self.http_auth[1]}".encode()).decode()
        request = urllib.request.Request(
            f"{self.http_url}/api/v1/command/{self.database}",
            data=body,
            headers={"Content-Type": "application/json", "Authorization": f"Basic {token}"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=300) as resp:
                return json.loads(resp.read() or b"null")
        except urllib.error.HTTPError as exc:
            detail = exc.read().decode("utf-8", "replace")[:500]
            raise GraphStoreError(f"embedded server rejected SQL {command!r}: HTTP {exc.code} {detail}") from exc
        except (urllib.error.URLError, OSError) as exc:
            raise GraphStoreError(f"cannot reach the embedded server's HTTP API at {self.http_url}: {exc}") from exc


def _check_identifier(*names: str) -> None:
    for name in names:
        if not IDENTIFIER.match(name):
            raise GraphStoreError(f"{name!r} is not a valid label or property name")


def detect(
    run_single: Callable[[str], Any],
    agent: str,
    *,
    http_url: str | None = None,
    http_auth: tuple[str, str] | None = None,
    database: str | None = None,
) -> Backend:
    """Work out which server this is and what it offers.

    ``run_single(statement)`` returns the first value of the first row, or raises on an unknown function.
    """
    kind = ARCADEDB if "arcadedb" in agent.lower() else NEO4J
    versions: dict[str, str | None] = {}
    for name, statement in (("gds", "RETURN gds.version() AS v"), ("apoc", "RETURN apoc.version() AS v")):
        try:
            value = run_single(statement)
            versions[name] = str(value) if value is not None else None
        except Exception as exc:  # noqa: BLE001 - an unknown function is the expected answer
            log.debug("%s not available: %s", name, exc)
            versions[name] = None
    return Backend(
        kind=kind,
        agent=agent,
        gds_version=versions["gds"],
        apoc_version=versions["apoc"],
        http_url=http_url if kind == ARCADEDB else None,
        http_auth=http_auth if kind == ARCADEDB else None,
        database=database,
    )
