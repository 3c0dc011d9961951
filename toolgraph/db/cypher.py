"""The catalog of named Cypher: ``cypher/queries/*.cypher`` (one statement each), ``cypher/procedures/*.cypher``
(procedure bodies: named queries too, with a ``// signature:`` line for ``apoc.custom.installProcedure``) and
``cypher/schema/*.cypher``.

Each query file opens with a header of ``//`` comments::

    // Merge tools and attach each to its group.
    // mode: write
    // params: rows: list of {id, group_id, props}
    // returns: n (rows written)

Python refers to queries by file stem and never assembles Cypher itself. The same files are what an analyst
pastes into Neo4j Browser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from toolgraph.errors import QueryCatalogError

WRITE_CLAUSE = re.compile(r"\b(CREATE|MERGE|SET|DELETE|DETACH|REMOVE|DROP|FOREACH)\b", re.IGNORECASE)
PARAM = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
HEADER_FIELD = re.compile(r"^//\s*(mode|params|returns|signature):\s*(.*)$")
DECLARED_PARAM = re.compile(r"(?:^|,)\s*([A-Za-z_][A-Za-z0-9_]*)\s*:")


def cypher_root() -> Path:
    """The ``cypher/`` folder: beside the package in a checkout, inside it (``_cypher``) in a wheel."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package.parent / "cypher", package / "_cypher"):
        if (candidate / "queries").is_dir():
            return candidate
    raise QueryCatalogError(f"no cypher/queries folder next to {package}")


def strip_comments_and_strings(text: str) -> str:
    """The statement with string literals blanked and comments removed, for keyword checks."""
    out = re.sub(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|`[^`]*`", "''", text)
    out = re.sub(r"//[^\n]*", "", out)
    return re.sub(r"/\*.*?\*/", "", out, flags=re.DOTALL)


def split_statements(text: str) -> list[str]:
    """Split a schema file on ``;`` outside strings and comments."""
    statements, current, i = [], [], 0
    quote: str | None = None
    while i < len(text):
        ch = text[i]
        if quote:
            current.append(ch)
            if ch == "\\" and i + 1 < len(text):
                current.append(text[i + 1])
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "'\"`":
            quote = ch
            current.append(ch)
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif ch == ";":
            statements.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
        i += 1
    statements.append("".join(current).strip())
    return [s for s in statements if s]


@dataclass(frozen=True)
class NamedQuery:
    name: str
    path: Path
    text: str
    mode: str
    params: tuple[str, ...]
    returns: str
    description: str
    signature: str = ""  # procedures only: ``name(arg :: TYPE, ...) :: (col :: TYPE, ...)``

    @property
    def used_params(self) -> set[str]:
        return set(PARAM.findall(strip_comments_and_strings(self.text)))


def parse_query_file(path: Path) -> NamedQuery:
    text = path.read_text(encoding="utf-8")
    header: dict[str, str] = {}
    description: list[str] = []
    last = ""
    for line in text.splitlines():
        if not line.startswith("//"):
            break
        match = HEADER_FIELD.match(line)
        if match:
            last = match.group(1)
            header[last] = match.group(2).strip()
        elif header and line.startswith("//   "):  # a header field continued on the next line
            header[last] += " " + line[2:].strip()
        elif not header:
            description.append(line[2:].strip())
    where = f"{path.name}"
    for field in ("mode", "params", "returns"):
        if field not in header:
            raise QueryCatalogError(f"{where}: header has no '// {field}:' line")
    mode = header["mode"]
    if mode not in ("read", "write"):
        raise QueryCatalogError(f"{where}: mode must be read or write, not {mode!r}")
    statements = split_statements(text)
    if len(statements) != 1:
        raise QueryCatalogError(f"{where}: holds {len(statements)} statements, a query file holds exactly one")
    body = strip_comments_and_strings(statements[0])
    if mode == "read" and WRITE_CLAUSE.search(body):
        raise QueryCatalogError(f"{where}: declared read but has a write clause ({WRITE_CLAUSE.search(body)[0]})")
    params_text = header["params"]
    declared = () if params_text.lower() in ("none", "-", "") else tuple(DECLARED_PARAM.findall(params_text))
    query = NamedQuery(
        name=path.stem,
        path=path,
        text=statements[0],
        mode=mode,
        params=declared,
        returns=header["returns"],
        description=" ".join(description).strip(),
        signature=header.get("signature", ""),
    )
    if query.used_params != set(declared):
        raise QueryCatalogError(
            f"{where}: header declares params {sorted(declared)} but the statement uses {sorted(query.used_params)}"
        )
    return query


class QueryCatalog:
    """All named queries, parsed and checked once."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root or cypher_root()
        self._queries = {p.stem: parse_query_file(p) for p in sorted((self.root / "queries").glob("*.cypher"))}
        self._procedures: dict[str, NamedQuery] = {}
        for path in sorted((self.root / "procedures").glob("*.cypher")):
            query = parse_query_file(path)
            if path.stem in self._queries:
                raise QueryCatalogError(f"procedures/{path.name}: a named query has the same name")
            if not query.signature.startswith(f"{path.stem}("):
                raise QueryCatalogError(f"procedures/{path.name}: needs a '// signature: {path.stem}(...) :: (...)' "
                                        "line")
            self._procedures[path.stem] = query
        self._queries.update(self._procedures)

    def __getitem__(self, name: str) -> NamedQuery:
        try:
            return self._queries[name]
        except KeyError:
            raise QueryCatalogError(f"no named query {name!r} in {self.root / 'queries'}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._queries

    def names(self) -> list[str]:
        return sorted(self._queries)

    def procedures(self) -> list[NamedQuery]:
        """The procedure bodies of ``cypher/procedures``, by name."""
        return [self._procedures[n] for n in sorted(self._procedures)]

    def schema_statements(self) -> list[tuple[str, str]]:
        """``(file name, statement)`` for every statement in ``cypher/schema/*.cypher``, in file order."""
        out = []
        for path in sorted((self.root / "schema").glob("*.cypher")):
            out.extend((path.name, stmt) for stmt in split_statements(path.read_text(encoding="utf-8")))
        return out


@lru_cache(maxsize=1)
def default_catalog() -> QueryCatalog:
    return QueryCatalog()
