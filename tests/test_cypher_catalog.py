"""Every named Cypher file is well formed, every name Python uses exists, and every query plans on the server."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ON_BOTH_BACKENDS
from tests.helpers import hand_typed
from toolgraph.db.cypher import QueryCatalog, default_catalog, parse_query_file, split_statements
from toolgraph.db.store import GraphStore
from toolgraph.errors import GraphStoreError, QueryCatalogError

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "toolgraph"
CYPHER = ROOT / "cypher"
QUERIES = CYPHER / "queries"
# Every folder of Python that runs Cypher: the package, the web app, the weight jobs and the benchmarks.
CODE_ROOTS = [PACKAGE, ROOT / "web", ROOT / "gds_jobs", ROOT / "bench"]
NAME_USE = re.compile(r"""(?:\.query|\.run|_fetch\(tx,)\(?\s*["']([a-z_]+)["']""")
BENCH_USE = re.compile(r"""\.cypher\(\s*["']([a-z_]+)["']""")  # bench/common.py Bench.cypher: cypher/bench/NAME
LITERAL = re.compile(r"""["']([a-z_]+)["']""")
INLINE_CYPHER = re.compile(r"""["']\s*(?:MATCH|OPTIONAL MATCH|MERGE|UNWIND|CREATE|CALL|SHOW|DETACH DELETE|RETURN|WITH)[\s(]""")
# Named queries that only the tests run: they look at one thing a test set up.
USED_BY_TESTS_ONLY = {"list_group_tools", "similarity_cosine"}  # export_*: bench/gds_compare.py too


def code_files() -> list[Path]:
    files = [path for root in CODE_ROOTS for path in sorted(root.rglob("*.py"))]
    assert {root.name for root in CODE_ROOTS} <= {path.relative_to(ROOT).parts[0] for path in files}
    return files


def stems(folder: str) -> set[str]:
    return {path.stem for path in (CYPHER / folder).glob("*.cypher")}


def test_every_query_file_parses_with_header() -> None:
    catalog = default_catalog()
    assert len(catalog.names()) >= 20
    for name in catalog.names():
        q = catalog[name]
        assert q.mode in ("read", "write")
        assert q.returns, name
        assert q.description, f"{name} has no description line"
        assert set(q.params) == q.used_params, name
    for folder in ("admin", "graphrag", "bench"):  # query files outside the catalog, checked the same way
        for path in sorted((CYPHER / folder).glob("*.cypher")):
            assert parse_query_file(path).description, f"{folder}/{path.name} has no description line"


def test_names_used_in_python_exist() -> None:
    catalog = default_catalog()
    used: set[str] = set()
    bench_used: set[str] = set()
    for path in code_files():
        text = path.read_text(encoding="utf-8")
        used.update(NAME_USE.findall(text))
        bench_used.update(BENCH_USE.findall(text))
    from toolgraph.ingest.writer import MERGE_DEPENDENCY

    used.update(MERGE_DEPENDENCY.values())
    assert used and bench_used, "found no query names in the code"
    missing = sorted(n for n in used if n not in catalog)
    assert not missing, f"Python uses queries with no .cypher file: {missing}"
    assert sorted(bench_used - stems("bench")) == [], "bench uses queries with no file in cypher/bench"


def test_every_query_file_is_used() -> None:
    """A query file that no code names is dead; procedure bodies are all installed (and run by
    ``toolgraph cypher NAME``), so they count as used."""
    named: dict[str, set[str]] = {}
    for path in code_files():
        named.setdefault(path.relative_to(ROOT).parts[0], set()).update(
            LITERAL.findall(path.read_text(encoding="utf-8")))
    code = set().union(*named.values())
    unused = sorted(stems("queries") - code - USED_BY_TESTS_ONLY)
    assert unused == [], f"no code runs these cypher/queries files: {unused}"
    assert sorted(USED_BY_TESTS_ONLY & code) == [], "used by the code now: take it off USED_BY_TESTS_ONLY"
    tests = set()
    for path in Path(__file__).parent.glob("*.py"):
        tests.update(LITERAL.findall(path.read_text(encoding="utf-8")))
    assert USED_BY_TESTS_ONLY <= tests
    assert sorted((stems("admin") | stems("graphrag")) - named["toolgraph"]) == []
    assert sorted(stems("bench") - named["bench"]) == []
    assert sorted(stems("gds") - named["gds_jobs"]) == []  # GDS projections: explained on Neo4j (test_neo4j.py)


def test_no_cypher_strings_assembled_in_python() -> None:
    offenders = []
    for path in code_files():
        if path == PACKAGE / "db" / "backend.py":  # index DDL cannot take parameters: the one documented exception
            continue
        if INLINE_CYPHER.search(path.read_text(encoding="utf-8")):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == [], offenders


def test_inline_cypher_is_recognised() -> None:
    for text in ('"MATCH (n) RETURN n"', "'  CALL db.labels()'", '"OPTIONAL MATCH (a)"', "'UNWIND $rows AS r'"):
        assert INLINE_CYPHER.search(text), text
    assert not INLINE_CYPHER.search('"matched tools" "Return to the list"')


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
    files = [*QUERIES.glob("*.cypher"), *(QUERIES.parent / "procedures").glob("*.cypher")]
    assert len(plans) == len(names) == len(files)
    assert [name for name, plan in plans.items() if not plan] == []
    bench = [parse_query_file(path) for path in sorted((CYPHER / "bench").glob("*.cypher"))]
    assert bench and [q.name for q in bench if not store.explain(q)] == []


@ON_BOTH_BACKENDS
@pytest.mark.parametrize(("label", "key"), [("Category", "name"), ("ToolGroup", "id"), ("Tool", "id"), ("CallPath", "id")])
def test_schema_enforces_unique_keys(store: GraphStore, label: str, key: str) -> None:
    assert store.apply_schema() == store.apply_schema()  # idempotent
    from neo4j.exceptions import ConstraintError

    # Raw Cypher on purpose: the named queries only MERGE, so they cannot even try to make a duplicate.
    hand_typed(store, f"CREATE (:{label} {{{key}: 'dup'}})")
    with pytest.raises(GraphStoreError) as duplicate:
        hand_typed(store, f"CREATE (:{label} {{{key}: 'dup'}})")
    assert isinstance(duplicate.value.__cause__, ConstraintError)
