"""Every named Cypher file is well formed, every name Python uses exists, and every query plans on the server."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from toolgraph.db.cypher import QueryCatalog, default_catalog, parse_query_file, split_statements
from toolgraph.db.store import GraphStore
from toolgraph.errors import QueryCatalogError

PACKAGE = Path(__file__).resolve().parent.parent / "toolgraph"
QUERIES = PACKAGE.parent / "cypher" / "queries"
NAME_USE = re.compile(r"""(?:\.query|\.run|_fetch\(tx,)\(?\s*["']([a-z_]+)["']""")


def test_every_query_file_parses_with_header() -> None:
    catalog = default_catalog()
    assert len(catalog.names()) >= 20
    for name in catalog.names():
        q = catalog[name]
        assert q.mode in ("read", "write")
        assert q.returns, name
        assert q.description, f"{name} has no description line"
        assert set(q.params) == q.used_params, name


def test_names_used_in_python_exist() -> None:
    catalog = default_catalog()
    used: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        used.update(NAME_USE.findall(path.read_text(encoding="utf-8")))
    from toolgraph.ingest.writer import MERGE_DEPENDENCY

    used.update(MERGE_DEPENDENCY.values())
    assert used, "found no query names in the package"
    missing = sorted(n for n in used if n not in catalog)
    assert not missing, f"Python uses queries with no .cypher file: {missing}"


def test_no_cypher_strings_assembled_in_python() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "backend.py":  # index DDL cannot take parameters: the one documented exception
            continue
        text = path.read_text(encoding="utf-8")
        if re.search(r"""["']\s*(MATCH|MERGE|UNWIND|CREATE)\s*\(""", text):
            offenders.append(path.name)
    assert offenders == [], offenders


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("// x\n// mode: read\n// params: none\nMATCH (n) RETURN n", "returns"),
        ("// x\n// mode: maybe\n// params: none\n// returns: n\nMATCH (n) RETURN n", "mode must be"),
        ("// x\n// mode: read\n// params: none\n// returns: n\nMATCH (n) SET n.a = 1 RETURN n", "write clause"),
        ("// x\n// mode: read\n// params: none\n// returns: n\nMATCH (n) RETURN n; MATCH (m) RETURN m", "2 statements"),
        ("// x\n// mode: read\n// params: a: x\n// returns: n\nMATCH (n {id: $b}) RETURN n", "declares params"),
    ],
)
def test_malformed_query_files_are_refused(tmp_path: Path, body: str, message: str) -> None:
    path = tmp_path / "bad.cypher"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(QueryCatalogError, match=message):
        parse_query_file(path)


def test_read_check_ignores_keywords_inside_strings(tmp_path: Path) -> None:
    path = tmp_path / "ok.cypher"
    path.write_text("// x\n// mode: read\n// params: none\n// returns: n\nMATCH (n) WHERE n.a = 'SET; CREATE' RETURN n")
    assert parse_query_file(path).mode == "read"


def test_split_statements_respects_strings_and_comments() -> None:
    text = "CREATE INDEX a IF NOT EXISTS FOR (n:A) ON (n.x); // a comment; with semicolon\nRETURN 'a;b';"
    assert split_statements(text) == ["CREATE INDEX a IF NOT EXISTS FOR (n:A) ON (n.x)", "RETURN 'a;b'"]


def test_unknown_query_name_is_a_clear_error() -> None:
    with pytest.raises(QueryCatalogError, match="no named query 'nope'"):
        default_catalog()["nope"]


def test_catalog_from_another_root(tmp_path: Path) -> None:
    (tmp_path / "queries").mkdir()
    (tmp_path / "schema").mkdir()
    (tmp_path / "queries" / "one.cypher").write_text("// One.\n// mode: read\n// params: k: key\n// returns: n\nMATCH (n {k: $k}) RETURN n")
    (tmp_path / "schema" / "s.cypher").write_text("CREATE INDEX i IF NOT EXISTS FOR (n:A) ON (n.k);\n")
    catalog = QueryCatalog(tmp_path)
    assert catalog.names() == ["one"]
    assert catalog["one"].params == ("k",)
    assert [s for _, s in catalog.schema_statements()] == ["CREATE INDEX i IF NOT EXISTS FOR (n:A) ON (n.k)"]


def test_every_query_explains_on_the_embedded_server(store: GraphStore) -> None:
    names = store.catalog.names()
    # explain() raises GraphStoreError naming the query if the server cannot plan it
    plans = {name: store.explain(name) for name in names}
    assert len(plans) == len(names) == len(list(QUERIES.glob("*.cypher")))
    assert [name for name, plan in plans.items() if not plan] == []


@pytest.mark.parametrize(("label", "key"), [("Category", "name"), ("ToolGroup", "id"), ("Tool", "id"), ("CallPath", "id")])
def test_schema_enforces_unique_keys(store: GraphStore, label: str, key: str) -> None:
    assert store.apply_schema() == store.apply_schema()  # idempotent
    from neo4j.exceptions import ConstraintError

    # Raw Cypher on purpose: the named queries only MERGE, so they cannot even try to make a duplicate.
    store.driver.execute_query(f"CREATE (:{label} {{{key}: 'dup'}})", database_=store.database)
    with pytest.raises(ConstraintError):
        store.driver.execute_query(f"CREATE (:{label} {{{key}: 'dup'}})", database_=store.database)
