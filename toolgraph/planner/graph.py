"""The planner's view of the graph: tool cards, dependency neighbours, data flow and similarity, all through named
Cypher queries, with the cards cached for one planning run."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder

NAME_PARAMS = {"query", "q", "name", "title", "keyword", "keywords", "search", "term", "text", "search_query",
               "search_term", "person", "movie", "city", "location", "address", "company", "artist", "song"}
QUOTED = re.compile(r"[\"“«']([^\"”»']{2,80})[\"”»']")
CAPITALISED = re.compile(r"\b([A-Z][\w'’.-]*(?:\s+(?:of|the|de|von|van|la|le|del)?\s*[A-Z][\w'’.-]*)*)")
NOT_NAMES = {"I", "I'm", "I've", "TV", "OK", "Please", "Who", "What", "When", "Where", "Which", "How", "Why", "Give",
             "Tell", "Show", "Find", "Get", "List", "Can", "Could", "Would", "The", "A", "An", "And", "Then", "Also",
             "Is", "Are", "Do", "Does", "My", "Me", "In", "On", "For", "Of", "To", "It", "This", "That", "Some", "Any"}
# A value the user spells out for a path segment: owner/name pairs, quoted strings, @handles, version tags,
# code-like tokens (letters with digits, dots, dashes or underscores inside: "release-1.30", "octo-labs").
LITERAL = re.compile(r"\b[\w.-]+/[\w.-]+\b|[\"“'‘][^\"”'’]{1,80}[\"”'’]|@\w+|\bv?\d+\.\d+(?:\.\d+)?\b|"
                     r"\b[a-z]+[-_.][a-z0-9]+(?:[-_.][a-z0-9]+)*\b")
ID_VALUE = re.compile(r"\b(?=[a-z0-9-]*\d)[a-z0-9-]{6,}\b|\b\d{3,}\b", re.IGNORECASE)
GENERIC_IDS = {"id", "ids", "key", "uuid", "guid"}
IDENTIFIER = re.compile(r"(^|_)(id|ids|key|uuid|guid)$")
WORD = re.compile(r"[a-z0-9]+")
# A number the user states: digits, or a cardinal / ordinal word ("the third episode of the second season").
NUMBER_VALUE = re.compile(r"\b(?:\d+(?:st|nd|rd|th)?|one|two|three|four|five|six|seven|eight|nine|ten|first|second|"
                          r"third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|latest)\b", re.IGNORECASE)
NUMERIC_TYPES = {"integer", "number", "int", "float"}
NUMERIC_NAME = re.compile(r"(^|_)(number|num|no|year|count|page|index|season|episode|limit|size)$")
STOP = {"a", "an", "the", "of", "for", "to", "in", "on", "and", "or", "is", "are", "be", "me", "my", "i", "you",
        "your", "can", "could", "please", "with", "about", "from", "what", "which", "that", "this", "it", "its",
        "also", "want", "would", "like", "need", "some", "give", "by", "as", "at", "all", "then", "get", "do"}


def stem(word: str) -> str:
    """A crude English stem (plural, -ing, -ed, -er endings), enough to match ``movies`` and ``movie``,
    ``directed`` and ``director``."""
    w = word.lower()
    if len(w) > 6 and w.endswith("ies"):  # categories -> category (but movies -> movie, below)
        return w[:-3] + "y"
    for suffix in ("ings", "ing", "ers", "ed", "er", "s"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix) and not w.endswith("ss"):
            return w[: -len(suffix)]
    if len(w) > 6 and w.endswith("or"):  # director -> direct, like directed; creator -> creat, like created
        return w[:-2]
    return w


def words(text: str) -> set[str]:
    return {w for w in WORD.findall(text.lower().replace("_", " ")) if w not in STOP}


def lexical_similarity(query: str, text: str) -> float:
    """Share of the query's words (stemmed) found in the text, in [0, 1]: the similarity used when no embeddings
    exist."""
    q = {stem(w) for w in words(query)}
    return len(q & {stem(w) for w in words(text)}) / len(q) if q else 0.0


def named_things(text: str) -> list[str]:
    """What the request names: quoted strings and capitalised word runs that are not the sentence's first word
    ("the movie The Dark Knight" -> The Dark Knight; "directed by Sofia Coppola" -> Sofia Coppola)."""
    found = [m.group(1).strip() for m in QUOTED.finditer(text)]
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        for m in CAPITALISED.finditer(sentence):
            span = m.group(1).strip(" .'’")
            if m.start() == 0:  # the first word is capitalised anyway: drop it, keep the rest
                span = " ".join(span.split()[1:])
            if span and span not in NOT_NAMES and not (span.isupper() and len(span) <= 3):
                found.append(span)
    return list(dict.fromkeys(found))


def cosine(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b))
    na, nb = math.sqrt(sum(x * x for x in a)), math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na and nb else 0.0


def loads(raw: Any, default: Any) -> Any:
    if not isinstance(raw, str):
        return raw if raw is not None else default
    try:
        return json.loads(raw)
    except ValueError:
        return default


@dataclass
class ToolCard:
    id: str
    name: str
    description: str
    group: str
    category: str
    required: list[dict[str, Any]]
    optional: list[dict[str, Any]]
    output_schema: Any
    importance: float
    availability: float
    embedding: list[float] | None
    url: str = ""
    method: str = ""

    def text(self) -> str:
        return f"{self.name} {self.description} {self.group}"

    def takes_a_name(self) -> bool:
        """A required parameter a user's words can fill (query, name, title...): a lookup tool."""
        return any(str(p.get("name") or "").lower() in NAME_PARAMS for p in self.required)

    def brief(self, limit: int = 240) -> dict[str, Any]:
        """What a prompt shows of the tool."""
        desc = self.description if len(self.description) <= limit else self.description[: limit - 1] + "…"
        return {"id": self.id, "name": self.name, "group": self.group, "category": self.category,
                "description": desc, "required": [p.get("name") for p in self.required],
                "optional": [p.get("name") for p in self.optional][:8]}


@dataclass
class PlannerGraph:
    store: GraphStore
    embedder: Embedder | None = None
    cards: dict[str, ToolCard] = field(default_factory=dict)
    vector_of: Callable[[str], Any] | None = None  # tool id -> its vector, from memory (None: read from the graph)
    _query_vectors: dict[str, list[float]] = field(default_factory=dict)
    _similarities: dict[str, dict[str, float]] = field(default_factory=dict)
    _needs: dict[tuple[str, tuple[bool, bool, bool]], dict[str, list[str]]] = field(default_factory=dict)
    _sequential: dict[tuple[str, str], float] = field(default_factory=dict)
    _sequential_seen: set[str] = field(default_factory=set)

    @property
    def dense(self) -> bool:
        return self.embedder is not None

    def tools(self, ids: list[str]) -> dict[str, ToolCard]:
        missing = [i for i in dict.fromkeys(ids) if i not in self.cards]
        if missing:
            # With a vector source (the retriever's in-memory matrix) the vectors do not travel over Bolt again.
            from_graph = self.dense and self.vector_of is None
            for row in self.store.query("planner_tools", ids=missing, vectors=from_graph):
                vector = row["embedding"] if from_graph else (
                    self.vector_of(row["id"]) if self.vector_of is not None and self.dense else None)
                self.cards[row["id"]] = ToolCard(
                    id=row["id"], name=row["name"] or row["id"], description=row["description"] or "",
                    group=row["group"] or "", category=row["category"] or "",
                    required=[p for p in loads(row["required_params"], []) if isinstance(p, dict)],
                    optional=[p for p in loads(row["optional_params"], []) if isinstance(p, dict)],
                    output_schema=loads(row["output_schema"], None),
                    importance=float(row["importance"] or 0.0), availability=float(
                        row["availability"] if row["availability"] is not None else 1.0),
                    embedding=list(vector) if vector is not None else None,
                    url=row.get("url") or "", method=row.get("method") or "")
        return {i: self.cards[i] for i in ids if i in self.cards}

    def categories(self, limit: int = 200) -> list[dict[str, Any]]:
        return self.store.query("planner_categories", limit=limit)

    def neighbours(self, ids: list[str], category: str | None) -> list[dict[str, Any]]:
        return self.store.query("planner_neighbours", ids=ids, category=category) if ids else []

    def flow(self, ids: list[str]) -> list[dict[str, Any]]:
        return self.store.query("planner_flow", ids=ids) if ids else []

    def sequential_weights(self, ids: list[str]) -> dict[tuple[str, str], float]:
        """(a, b) -> the weight of a ``SEQUENTIAL`` edge a -> b (P(b | a), from call paths) among ``ids``; cached
        for the tools already asked about."""
        if not set(ids) <= self._sequential_seen:
            known = sorted(self._sequential_seen | set(ids))
            for row in self.flow(known):
                if row["type"] == "SEQUENTIAL":
                    self._sequential[(row["source"], row["target"])] = float(row["weight"] or 0.0)
            self._sequential_seen = set(known)
        return {(a, b): w for (a, b), w in self._sequential.items() if a in ids and b in ids}

    def needed_inputs(self, ids: list[str], text: str = "") -> dict[str, dict[str, list[str]]]:
        """tool -> input -> the tools that provide it, for the inputs a tool cannot run without another tool:
        every STRONG_RESOURCE, and every required identifier parameter (``id``, ``*_id``, ``*_key``, ``*_uuid``):
        users rarely know ids, so some tool must produce them (fed by a WEAK_RESOURCE, or by nobody: then the
        tool is a dead end). Unless ``text`` (the request) itself holds an id-like value. A required number that is
        not an id (integer type, or a name like ``*_number``, ``year``, ``page``) is the user's to give when the
        request states a number (digits, "third", "second"): it is not needed from another tool. Nor is a required
        parameter with an enum or a default (``media_type: movie | tv``): there is a value to choose."""
        ids_in_text = bool(ID_VALUE.search(text))
        numbers_in_text = bool(NUMBER_VALUE.search(text))
        literals = bool(LITERAL.search(text))
        flags = (ids_in_text, numbers_in_text, literals)
        missing = [t for t in dict.fromkeys(ids) if (t, flags) not in self._needs]
        if missing:
            found = self._needed_inputs(missing, ids_in_text, numbers_in_text, literals)
            for t in missing:
                self._needs[(t, flags)] = found.get(t, {})
        return {t: {r: list(ps) for r, ps in self._needs[(t, flags)].items()} for t in ids
                if self._needs.get((t, flags))}

    def _needed_inputs(self, ids: list[str], ids_in_text: bool, numbers_in_text: bool, literals: bool
                       ) -> dict[str, dict[str, list[str]]]:
        needs: dict[str, dict[str, list[str]]] = {}
        cards = self.tools(ids)
        supplied: dict[str, set[str]] = {}  # tool -> inputs the user or the binder gives, not another tool
        for tid, card in cards.items():
            for p in card.required:
                name = str(p.get("name") or "").lower()
                numeric = str(p.get("type") or "").lower() in NUMERIC_TYPES or NUMERIC_NAME.search(name)
                if numbers_in_text and numeric and not IDENTIFIER.search(name):
                    supplied.setdefault(tid, set()).add(name)
                elif p.get("enum") or p.get("default") is not None:  # a value to choose, not to fetch
                    supplied.setdefault(tid, set()).add(name)
                elif literals and p.get("location") == "path" and not numeric \
                        and str(p.get("type") or "string").lower() == "string" and not IDENTIFIER.search(name):
                    supplied.setdefault(tid, set()).add(name)  # spelled out in the request ("rust-lang/cargo")
        for tid, card in cards.items():
            for p in card.required:
                name = str(p.get("name") or "").lower()
                if IDENTIFIER.search(name) and not ids_in_text:
                    needs.setdefault(tid, {}).setdefault(name, [])
                elif (p.get("location") == "path" and name not in supplied.get(tid, set()) and not literals
                      and str(p.get("type") or "string").lower() == "string"):
                    # a path segment names a thing (`/repos/{owner}/{repo}`): the user gives it literally
                    # ("rust-lang/cargo", "'main'"), or another tool finds it
                    needs.setdefault(tid, {}).setdefault(name, [])
        for row in self.store.query("planner_inputs", ids=ids) if ids else []:
            resource = row["resource"] or ""
            generic = [g for g in needs.get(row["id"], {}) if g in GENERIC_IDS and resource.lower().endswith("_" + g)]
            if generic:  # a bare `{id}` parameter: the miner qualified it (`artist_id`); providers of that fill it
                needs[row["id"]][generic[0]].append(row["provider"])
                continue
            if row["type"] == "WEAK_RESOURCE" and resource.lower() not in needs.get(row["id"], {}):
                continue
            if resource.lower() in supplied.get(row["id"], set()):
                continue  # the user gives this number: no tool needs to provide it
            needs.setdefault(row["id"], {}).setdefault(resource.lower(), []).append(row["provider"])
        return needs

    def query_vector(self, text: str) -> list[float] | None:
        if self.embedder is None:
            return None
        if text not in self._query_vectors:
            self._query_vectors[text] = self.embedder.embed_query(text)
        return self._query_vectors[text]

    def similarity(self, text: str, ids: list[str]) -> dict[str, float]:
        """Cosine of the text's and each tool's embeddings (raw, in [-1, 1]); word overlap when either is missing.
        Remembered per (text, tool) for the planning run."""
        cache = self._similarities.setdefault(text, {})
        missing = [t for t in dict.fromkeys(ids) if t not in cache]
        if missing:
            cards = self.tools(missing)
            vector = self.query_vector(text)
            for tid, card in cards.items():
                if vector is not None and card.embedding is not None:
                    cache[tid] = cosine(vector, card.embedding)
                else:
                    cache[tid] = lexical_similarity(text, card.text())
        return {t: cache[t] for t in ids if t in cache}

    # -- the planner's other reads and its one write ----------------------------------------------------------------
    def tool_vector(self, tid: str) -> Any:
        """One tool's stored embedding (None: no such tool, or none stored)."""
        rows = self.store.query("planner_tools", ids=[tid], vectors=True)
        return rows[0]["embedding"] if rows else None

    def scan_tools(self, category: str | None, limit: int = 100000) -> list[dict[str, Any]]:
        """Every tool (of ``category``, or all) with the text that is scored by word overlap when there is no search
        index yet: rows of id, text."""
        return self.store.query("planner_scan_tools", category=category, limit=limit)

    def save_run(self, run: dict[str, Any], tools: list[str]) -> None:
        """Store a planner run (its plan as JSON) linked to the tools it chose."""
        self.store.query("save_run", run=run, tools=tools)

    def memories(self, limit: int) -> list[dict[str, Any]]:
        """The long-term memories (solved subtasks), newest first: rows of id, text, tools (JSON), embedding, uses,
        created."""
        return self.store.query("list_memories", limit=limit)

    def save_memory(self, memory: dict[str, Any], tools: list[str]) -> str:
        """Store (or refresh) a memory linked to its tools; its id."""
        return self.store.query("save_memory", memory=memory, tools=tools)[0]["id"]

    def use_memory(self, memory: str) -> None:
        """Count a memory's use."""
        self.store.query("use_memory", id=memory)
