"""The one seam to the database: named Cypher with parameters, through the official ``neo4j`` driver.

Only this module touches ``neo4j.Driver`` (held privately; client libraries that need it get it through
:meth:`GraphStore.client`). Driver errors become ToolGraph errors that name the query.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import random
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import neo4j
from neo4j import GraphDatabase
from neo4j import exceptions as nx

from toolgraph.config import Settings
from toolgraph.db.backend import Backend, detect
from toolgraph.db.cypher import NamedQuery, QueryCatalog, cypher_root, default_catalog, parse_query_file
from toolgraph.db.embedded import EmbeddedServer
from toolgraph.errors import DatabaseUnavailableError, GraphStoreError

if TYPE_CHECKING:
    from graphdatascience import GraphDataScience

log = logging.getLogger(__name__)

Row = dict[str, Any]
T = TypeVar("T")

RETRY_TIME_S = 15.0  # how long a write keeps being retried after transient failures
FIRST_DELAY_S = 0.02
MAX_DELAY_S = 1.0
MAX_CONSTRAINT_ATTEMPTS = 5  # a ConstraintError may also be a real violation: it is tried again only a few times
ROUTING_TABLE = "routing_table"  # cypher/admin/routing_table.cypher
ROUTING_SCHEMES = ("neo4j", "neo4j+s", "neo4j+ssc")  # URIs whose driver routes: reads to readers, writes to the leader


def routes(uri: str) -> bool:
    """Whether a URI's driver routes (``neo4j://``, ``neo4j+s://``, ``neo4j+ssc://``): it asks the server for a
    routing table and sends read transactions to readers, write transactions to the writer."""
    return uri.split("://", 1)[0].lower() in ROUTING_SCHEMES


def retryable(exc: BaseException | None) -> bool:
    """A failure that the same work may not meet again: a deadlock or other transient error, a lost connection,
    and ArcadeDB's ConstraintError on concurrent MERGE of one key (the driver does not retry that one)."""
    while exc is not None and not isinstance(exc, nx.Neo4jError | nx.DriverError):
        exc = exc.__cause__
    if exc is None:
        return False
    if isinstance(exc, nx.ConstraintError):
        return True
    if isinstance(exc, nx.Neo4jError):
        return exc.is_retryable() or (exc.code or "").startswith("Neo.TransientError.")
    return isinstance(exc, nx.SessionExpired | nx.ServiceUnavailable) or exc.is_retryable()


def chunks(items: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    """``items`` in parts of at most ``size``: the batches a named query's list parameter is sent in."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _translate(exc: Exception, what: str, where: str) -> GraphStoreError:
    if isinstance(exc, (nx.ServiceUnavailable, nx.SessionExpired, ConnectionError, OSError)):
        return DatabaseUnavailableError(f"the graph database at {where} is unreachable ({what}): {exc}")
    if isinstance(exc, nx.AuthError):
        return DatabaseUnavailableError(f"the graph database at {where} refused the credentials: {exc.message}")
    if isinstance(exc, nx.Neo4jError):
        return GraphStoreError(f"{what} failed: {exc.code}: {exc.message}")
    return GraphStoreError(f"{what} failed: {exc}")


class Tx:
    """A write transaction that runs named queries; committed by :meth:`GraphStore.write` when the work returns."""

    def __init__(self, tx: neo4j.Transaction, catalog: QueryCatalog, where: str) -> None:
        self._tx = tx
        self._catalog = catalog
        self._where = where
        self.writes: list[str] = []  # the write queries run in it (what the after-write hooks are told)

    def run(self, name: str, /, **params: Any) -> list[Row]:
        query = self._catalog[name]
        if query.mode == "write":
            self.writes.append(name)
        try:
            return [record.data() for record in self._tx.run(query.text, params)]
        except Exception as exc:  # noqa: BLE001 - translated
            raise _translate(exc, f"query {name}", self._where) from exc


class GraphStore:
    def __init__(
        self,
        driver: neo4j.Driver,
        *,
        database: str,
        backend: Backend,
        uri: str,
        catalog: QueryCatalog | None = None,
    ) -> None:
        self._driver = driver
        self.database = database
        self.backend = backend
        self.uri = uri
        self.catalog = catalog or default_catalog()
        self.retry_time_s = RETRY_TIME_S
        #: a read query runs as one auto-commit statement (RUN and PULL, no BEGIN / COMMIT round trip): on the
        #: embedded server that halves a small read's CPU on both sides (get_embedding_model: 0.95 -> 0.50 ms
        #: client, 1.27 -> 0.73 ms server). A transient failure is retried as a managed read transaction.
        #: ``TOOLGRAPH_AUTOCOMMIT_READS=0`` goes back to a managed transaction for every read.
        self.autocommit_reads = os.environ.get("TOOLGRAPH_AUTOCOMMIT_READS", "1") != "0"
        self._gds_driver: neo4j.Driver | None = None  # GDS on an instance of its own (connect's gds_uri)
        #: called after every committed write (a write transaction, a DDL or admin statement) with the names of the
        #: write queries it ran (None: a statement that is not a named query); the embedded server's store marks
        #: its home (:func:`mark_written`), so that caches in other processes see the change
        self.on_write: list[Callable[[list[str] | None], None]] = []
        #: the write mark this store's graph is written under (open_store sets it for the embedded server): reads
        #: kept in memory (:attr:`kept`, :meth:`read_kept`) are valid while it reads the same
        self.written_mark: Path | None = None
        self.kept = KeptReads(self)

    def _written(self, names: list[str] | None = None) -> None:
        for hook in self.on_write:
            try:
                hook(names)
            except Exception as exc:  # noqa: BLE001 - a cache mark must never fail a committed write
                log.debug("after-write hook failed: %s", exc)

    # -- connecting --------------------------------------------------------------------------------------------
    @classmethod
    def connect(
        cls,
        uri: str,
        user: str,
        password: str,
        database: str,
        *,
        http_url: str | None = None,
        catalog: QueryCatalog | None = None,
        retry_time_s: float = RETRY_TIME_S,
        gds_uri: str | None = None,
    ) -> GraphStore:
        """Connect to ``uri`` (``bolt://`` one server; ``neo4j://`` routing: read transactions go to readers,
        write transactions to the writer). ``gds_uri``: a server of the same database that has the GDS plugin
        (a cluster's analytics secondary): graph algorithms project and compute there, their results are written
        through ``uri`` as usual."""
        options: dict[str, Any] = {
            "auth": (user, password),
            "connection_timeout": min(10.0, retry_time_s + 1),
            "connection_acquisition_timeout": min(30.0, retry_time_s + 2),
            "max_transaction_retry_time": retry_time_s,
        }
        driver = GraphDatabase.driver(uri, **options)
        try:
            driver.verify_connectivity()
            server = driver.get_server_info()
            agent = server.agent
        except Exception as exc:  # noqa: BLE001 - translated
            driver.close()
            raise _translate(exc, "connecting", uri) from exc

        def run_single(statement: str) -> Any:
            records, _, _ = driver.execute_query(statement, database_=database, routing_=neo4j.RoutingControl.READ)
            return records[0][0] if records else None

        backend = detect(run_single, agent, http_url=http_url, http_auth=(user, password), database=database)
        extra = backend.driver_options(tuple(server.protocol_version))
        if extra:  # settings only this server takes (Backend.driver_options): the same connection with them
            driver.close()
            driver = GraphDatabase.driver(uri, **options, **extra)
        gds_driver = None
        if gds_uri:
            gds_driver = GraphDatabase.driver(gds_uri, auth=(user, password),
                                              connection_timeout=min(10.0, retry_time_s + 1))

            def run_gds(statement: str) -> Any:
                records, _, _ = gds_driver.execute_query(statement, database_=database,
                                                         routing_=neo4j.RoutingControl.READ)
                return records[0][0] if records else None

            try:
                gds_driver.verify_connectivity()
                version = detect(run_gds, gds_driver.get_server_info().agent, database=database).gds_version
            except Exception as exc:  # noqa: BLE001 - translated
                gds_driver.close()
                driver.close()
                raise _translate(exc, "connecting to the GDS server", gds_uri) from exc
            if version is None:
                gds_driver.close()
                driver.close()
                raise DatabaseUnavailableError(f"the GDS server at {gds_uri} has no GDS plugin (gds.version())")
            backend = dataclasses.replace(backend, gds_version=version)
        log.info("connected to %s (%s)", uri, backend.agent)
        store = cls(driver, database=database, backend=backend, uri=uri, catalog=catalog)
        store.retry_time_s = retry_time_s
        store._gds_driver = gds_driver
        return store

    def close(self) -> None:
        if self._gds_driver is not None:
            self._gds_driver.close()
        self._driver.close()

    def __enter__(self) -> GraphStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- running named queries ---------------------------------------------------------------------------------
    def _session(self, write: bool, *, bulk: bool = False) -> neo4j.Session:
        mode = neo4j.WRITE_ACCESS if write else neo4j.READ_ACCESS
        options = self.backend.bulk_session_options() if bulk else {}
        return self._driver.session(database=self.database, default_access_mode=mode, **options)

    def query(self, name: str, /, **params: Any) -> list[Row]:
        """Run one named query in its own transaction (read or write, as its header says); a write is retried
        on transient failures (:meth:`write`)."""
        query = self.catalog[name]
        write = query.mode == "write"

        def work(tx: neo4j.ManagedTransaction) -> list[Row]:
            return [record.data() for record in tx.run(query.text, params)]

        if write:
            return self.write(lambda tx: tx.run(name, **params), what=f"query {name}")
        try:
            with self._session(False) as session:
                if self.autocommit_reads:
                    try:
                        return [record.data() for record in session.run(query.text, params)]
                    except Exception as exc:  # noqa: BLE001 - a transient failure goes the retried way below
                        if not retryable(exc):
                            raise
                return session.execute_read(work)
        except Exception as exc:  # noqa: BLE001 - translated
            raise _translate(exc, f"query {name}", self.uri) from exc

    def read_kept(self, name: str, /, **params: Any) -> list[Row]:
        """``query(name, **params)``, kept in memory until a ToolGraph process writes the graph (its write mark
        changes); on a store with no write mark (Neo4j, or a store not opened by :func:`open_store`) run each time.
        The rows are shared: do not change them."""
        key = (name, repr(sorted(params.items())))
        mark = self.kept.check()
        if mark is not NO_MARK:
            rows = self.kept.get(key)
            if rows is not None:
                return rows
        rows = self.query(name, **params)
        if mark is not NO_MARK:
            self.kept.put(key, rows, mark)
        return rows

    def write(self, work: Callable[[Tx], T], /, *, what: str = "a write transaction", bulk: bool = False) -> T:
        """Run ``work(tx)`` in one write transaction, committed when it returns; rolled back when it raises.

        Transient failures (deadlocks, concurrent modification, a dropped connection; see :func:`retryable`) roll
        back and run the *whole* ``work`` again after a growing, jittered delay, for up to ``RETRY_TIME_S``: so
        ``work`` must read what it depends on inside the transaction and have no effects outside it (a
        ``retry_time_s`` of the store's, 15 s unless it was connected with another). Any other
        error (a ToolGraphError raised by ``work`` among them) is not retried. ``bulk``: an import's transaction,
        run in a session without notifications where the backend offers that (:meth:`Backend.bulk_session_options`)."""
        deadline = time.monotonic() + self.retry_time_s
        delay = FIRST_DELAY_S
        attempt = 0
        while True:
            attempt += 1
            try:
                result, names = self._attempt(work, bulk)
                self._written(names)
                return result
            except GraphStoreError as exc:
                cause = exc.__cause__
                constraint = isinstance(cause, nx.ConstraintError)
                if (not retryable(cause) or time.monotonic() + delay > deadline
                        or (constraint and attempt >= MAX_CONSTRAINT_ATTEMPTS)):
                    if attempt > 1:
                        log.warning("%s failed after %d attempts: %s", what, attempt, exc)
                    raise
            log.debug("%s: transient failure, attempt %d, retrying in %.2f s", what, attempt, delay)
            time.sleep(delay * random.uniform(0.5, 1.5))
            delay = min(delay * 2, MAX_DELAY_S)

    def _attempt(self, work: Callable[[Tx], T], bulk: bool = False) -> tuple[T, list[str]]:
        try:
            session = self._session(True, bulk=bulk)
            tx = session.begin_transaction()
        except Exception as exc:  # noqa: BLE001 - translated
            raise _translate(exc, "opening a transaction", self.uri) from exc
        try:
            named = Tx(tx, self.catalog, self.uri)
            result = work(named)
            try:
                tx.commit()
            except Exception as exc:  # noqa: BLE001 - translated
                raise _translate(exc, "committing", self.uri) from exc
            return result, named.writes
        finally:
            if not tx.closed():
                try:
                    tx.rollback()
                except Exception as exc:  # noqa: BLE001 - the connection may be gone; nothing was committed
                    log.debug("rollback failed: %s", exc)
            session.close()

    def explain(self, name: str | NamedQuery) -> Any:
        """``EXPLAIN`` a named query (or a parsed query file outside the catalog) on the server: checks it parses
        and plans there, runs nothing."""
        query = self.catalog[name] if isinstance(name, str) else name
        try:
            with self._session(query.mode == "write") as session:
                return session.run("EXPLAIN " + query.text).consume().plan
        except Exception as exc:  # noqa: BLE001 - translated
            raise _translate(exc, f"EXPLAIN {query.name}", self.uri) from exc

    def run_file(self, query: NamedQuery, /, *, on: str | None = None, **params: Any) -> list[Row]:
        """Run a parsed query file that is not in the store's catalog, in one auto-commit transaction, on the
        database ``on`` (the store's unless given; ``params`` may hold a ``database`` of their own): the admin
        statements of :mod:`toolgraph.db.procedures` (on the ``system`` database) and a benchmark's own counts
        (``cypher/bench``). ToolGraph's own reads and writes are named queries (:meth:`query`, :meth:`write`).
        A file whose header says ``mode: read`` is routed to a reader (``neo4j://`` URIs), any other to the
        writer."""
        where = on or self.database
        routing = neo4j.RoutingControl.READ if query.mode == "read" else neo4j.RoutingControl.WRITE
        try:
            records, _, _ = self._driver.execute_query(query.text, params, database_=where, routing_=routing)
        except Exception as exc:  # noqa: BLE001 - translated
            raise _translate(exc, f"{query.name} on database {where}", self.uri) from exc
        if query.mode != "read":
            self._written()
        return [record.data() for record in records]

    def routing_table(self) -> dict[str, Any]:
        """The routing table the server gives this store's database (Neo4j only): ``{"ttl": seconds, "READ":
        [address, ...], "WRITE": [...], "ROUTE": [...]}``; what a ``neo4j://`` URI's driver routes by."""
        query = parse_query_file(cypher_root() / "admin" / f"{ROUTING_TABLE}.cypher")
        rows = self.run_file(query, database=self.database)
        out: dict[str, Any] = {"ttl": rows[0]["ttl"] if rows else None}
        for server in rows[0]["servers"] if rows else []:
            out.setdefault(server["role"], []).extend(server["addresses"])
        return out

    def apply_schema(self) -> int:
        """Run every statement in ``cypher/schema/`` (all idempotent); returns how many ran."""
        count = 0
        with self._session(True) as session:
            for filename, statement in self.catalog.schema_statements():
                try:
                    session.run(statement).consume()
                except Exception as exc:  # noqa: BLE001 - translated
                    raise _translate(exc, f"schema statement in {filename}", self.uri) from exc
                count += 1
        return count

    # -- indexes (DDL cannot take parameters: the backend checks the names and builds it) ----------------------
    def ensure_vector_index(self, label: str, prop: str, dimensions: int) -> str:
        """A cosine vector index on ``label.prop`` unless it exists; returns its name."""
        return self.backend.create_vector_index(self.run_ddl, label, prop, dimensions)

    def ensure_fulltext_index(self, label: str, prop: str) -> str:
        """A full-text (BM25) index on ``label.prop`` unless it exists; returns its name."""
        return self.backend.create_fulltext_index(self.run_ddl, label, prop)

    def drop_vector_index(self, label: str, prop: str) -> None:
        """Drop the vector index on ``label.prop`` if it exists (to re-embed with a model of other dimensions)."""
        self.backend.drop_vector_index(self.run_ddl, label, prop)

    def run_ddl(self, statement: str) -> None:
        """Run a DDL statement built by :mod:`toolgraph.db.backend` (index DDL cannot take parameters)."""
        try:
            with self._session(True) as session:
                session.run(statement).consume()
        except Exception as exc:  # noqa: BLE001 - translated
            raise _translate(exc, "DDL", self.uri) from exc
        self._written()

    # -- graph algorithms ----------------------------------------------------------------------------------------
    def gds(self) -> GraphDataScience:
        """A ``graphdatascience`` client on this store's connection (for servers with the GDS plugin), or on the
        GDS server's when the store was connected with a ``gds_uri``."""
        from graphdatascience import GraphDataScience

        def make(driver: neo4j.Driver, database: str) -> GraphDataScience:
            return GraphDataScience(driver, database=database, arrow=False, show_progress=False)

        if self._gds_driver is not None:  # GDS on its own instance (TOOLGRAPH_NEO4J_GDS_URI)
            return make(self._gds_driver, self.database)
        return self.client(make)

    def client(self, make: Callable[[neo4j.Driver, str], T], /) -> T:
        """A client library that speaks through the driver itself (graphdatascience, neo4j-graphrag's retrievers),
        made on this store's connection: ``make(driver, database)``."""
        return make(self._driver, self.database)


def open_store(settings: Settings, *, start: bool = True, retry_time_s: float = RETRY_TIME_S) -> GraphStore:
    """Connect as the settings say: Neo4j when ``TOOLGRAPH_NEO4J_URI`` is set, else the embedded server,
    which is started first (and waited for) when it is not running. ``retry_time_s``: how long transient
    failures are retried (the web page uses a short time: it answers 503 rather than keep a request waiting)."""
    if not settings.uses_embedded:
        n = settings.neo4j
        assert n.uri is not None
        return GraphStore.connect(n.uri, n.user, n.password.get_secret_value(), n.database,
                                  retry_time_s=retry_time_s, gds_uri=n.gds_uri)
    server = embedded_server(settings)
    # start() takes the lock on the home folder: a command that comes while another process starts the server
    # waits for that one to be ready instead of connecting too early.
    info = server.start() if start else server.running()
    if info is None:
        raise DatabaseUnavailableError("the embedded graph server is not running (start it: toolgraph db start)")
    store = GraphStore.connect(
        info.bolt_uri, "root", server.password(), info.database, http_url=info.http_url,
        retry_time_s=retry_time_s,
    )
    return mark_writes(store, settings.home, keep=settings.keep_reads)


def mark_writes(store: GraphStore, home: Path, *, keep: bool = True) -> GraphStore:
    """Have ``store`` rewrite the write mark of the embedded server in ``home`` after each committed write (but a
    run's record, :data:`UNMARKED_WRITES`), and, with ``keep``, keep reads until the mark moves
    (:meth:`GraphStore.read_kept`)."""
    mark = written_mark(home)
    store.on_write.append(lambda names: None if names and set(names) <= UNMARKED_WRITES else mark_written(mark))
    if keep:
        store.written_mark = mark
    return store


NO_MARK = object()  # a store with no write mark: nothing is kept


class KeptReads:
    """Rows of named reads (or anything derived from the graph) that a process keeps while the graph's write mark
    stays the same: a web search then costs no graph round trip for the catalog stamp and the seeds' edges. Every
    ToolGraph process that writes the embedded server's graph rewrites the mark after its commit."""

    def __init__(self, store: GraphStore) -> None:
        self.store = store
        self._mark: Any = NO_MARK
        self._rows: dict[Any, Any] = {}
        self._lock = threading.Lock()
        self._load_lock = threading.Lock()

    def check(self) -> Any:
        """The current mark (dropping what was kept under another), or NO_MARK when nothing can be kept."""
        path = self.store.written_mark
        if path is None:
            return NO_MARK
        mark = read_mark(path)
        with self._lock:
            if mark != self._mark:
                self._rows.clear()
                self._mark = mark
        return mark

    def get(self, key: Any) -> Any:
        with self._lock:
            return self._rows.get(key)

    def put(self, key: Any, value: Any, mark: Any) -> None:
        """Keep ``value``, read under ``mark`` (not if the mark moved meanwhile)."""
        with self._lock:
            if mark is not NO_MARK and mark == self._mark:
                self._rows[key] = value

    def once(self, key: Any, mark: Any, load: Callable[[], Any]) -> Any:
        """The value kept under ``key``, or ``load()``'s, kept under ``mark``: many threads that miss at once (the
        first searches after a write) wait for one load instead of each running it."""
        value = self.get(key)
        if value is not None:
            return value
        with self._load_lock:
            value = self.get(key)
            if value is None:
                value = load()
                self.put(key, value, mark)
        return value


WRITTEN_MARK = "graph-written"
#: write queries that change no tool, tool group, category or dependency edge (a run's record, a memory): they
#: leave the write mark as it is, so that `toolgraph run` (which stores each run) keeps the runtime's planner reads
UNMARKED_WRITES = frozenset({"save_run", "save_memory", "use_memory"})


def written_mark(home: Path) -> Path:
    """The file every ToolGraph process that writes to the embedded server of ``home`` rewrites after each
    committed write (:func:`open_store` sets it up): what the resident runtime's planner cache is checked against
    (one small file read instead of the graph reads it saves)."""
    return Path(home) / WRITTEN_MARK


def mark_written(path: Path) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # private, as everything in the home
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        fh.write(f"{time.time_ns()} {os.getpid()} {random.random()}")
    os.replace(tmp, path)


def read_mark(path: Path) -> str | None:
    """What :func:`mark_written` last wrote (None: no write marked yet)."""
    try:
        return path.read_text(encoding="ascii")
    except OSError:
        return None


def embedded_server(settings: Settings) -> EmbeddedServer:
    e = settings.embedded
    return EmbeddedServer(
        settings.home,
        heap=e.heap,
        bolt_port=e.bolt_port,
        http_port=e.http_port,
        database=e.database,
        start_timeout_s=e.start_timeout_s,
    )
