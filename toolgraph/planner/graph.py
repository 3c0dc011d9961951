"""The planner's view of the graph: tool cards, dependency neighbours, data flow and similarity, all through named
Cypher queries, with the cards cached for one planning run."""

from __future__ import annotations

import json
import math
import re
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
ID_VALUE = re.compile(r"\b(?=[a-z0-9-]*\d)[a-z0-9-]{6,}\b|\b\d{3,}\b", re.IGNORECASE)
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


def words(text: str) -> set[str]:
    return {w for w in WORD.findall(text.lower().replace("_", " ")) if w not in STOP}


def lexical_similarity(query: str, text: str) -> float:
    """Share of the query's words found in the text, in [0, 1]: the similarity used when no embeddings exist."""
    q = words(query)
    return len(q & words(text)) / len(q) if q else 0.0


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
    _query_vectors: dict[str, list[float]] = field(default_factory=dict)

    @property
    def dense(self) -> bool:
        return self.embedder is not None

    def tools(self, ids: list[str]) -> dict[str, ToolCard]:
        missing = [i for i in dict.fromkeys(ids) if i not in self.cards]
        if missing:
            for row in self.store.query("planner_tools", ids=missing, vectors=self.dense):
                self.cards[row["id"]] = ToolCard(
                    id=row["id"], name=row["name"] or row["id"], description=row["description"] or "",
                    group=row["group"] or "", category=row["category"] or "",
                    required=[p for p in loads(row["required_params"], []) if isinstance(p, dict)],
                    optional=[p for p in loads(row["optional_params"], []) if isinstance(p, dict)],
                    output_schema=loads(row["output_schema"], None),
                    importance=float(row["importance"] or 0.0), availability=float(
                        row["availability"] if row["availability"] is not None else 1.0),
                    embedding=list(row["embedding"]) if row["embedding"] is not None else None)
        return {i: self.cards[i] for i in ids if i in self.cards}

    def categories(self, limit: int = 200) -> list[dict[str, Any]]:
        return self.store.query("planner_categories", limit=limit)

    def neighbours(self, ids: list[str], category: str | None) -> list[dict[str, Any]]:
        return self.store.query("planner_neighbours", ids=ids, category=category) if ids else []

    def flow(self, ids: list[str]) -> list[dict[str, Any]]:
        return self.store.query("planner_flow", ids=ids) if ids else []

    def needed_inputs(self, ids: list[str], text: str = "") -> dict[str, dict[str, list[str]]]:
        """tool -> input -> the tools that provide it, for the inputs a tool cannot run without another tool:
        every STRONG_RESOURCE, and every required identifier parameter (``id``, ``*_id``, ``*_key``, ``*_uuid``):
        users rarely know ids, so some tool must produce them (fed by a WEAK_RESOURCE, or by nobody: then the
        tool is a dead end). Unless ``text`` (the request) itself holds an id-like value. A required number that is
        not an id (integer type, or a name like ``*_number``, ``year``, ``page``) is the user's to give when the
        request states a number (digits, "third", "second"): it is not needed from another tool."""
        needs: dict[str, dict[str, list[str]]] = {}
        cards = self.tools(ids)
        ids_in_text = bool(ID_VALUE.search(text))
        numbers_in_text = bool(NUMBER_VALUE.search(text))
        supplied: dict[str, set[str]] = {}  # tool -> numeric, non-id inputs whose value the request states
        for tid, card in cards.items():
            for p in card.required:
                name = str(p.get("name") or "").lower()
                numeric = str(p.get("type") or "").lower() in NUMERIC_TYPES or NUMERIC_NAME.search(name)
                if numbers_in_text and numeric and not IDENTIFIER.search(name):
                    supplied.setdefault(tid, set()).add(name)
        for tid, card in cards.items():
            for p in card.required:
                name = str(p.get("name") or "").lower()
                if IDENTIFIER.search(name) and not ids_in_text:
                    needs.setdefault(tid, {}).setdefault(name, [])
        for row in self.store.query("planner_inputs", ids=ids) if ids else []:
            resource = row["resource"] or ""
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
        """Cosine of the text's and each tool's embeddings (raw, in [-1, 1]); word overlap when either is missing."""
        cards = self.tools(ids)
        vector = self.query_vector(text)
        out = {}
        for tid, card in cards.items():
            if vector is not None and card.embedding is not None:
                out[tid] = cosine(vector, card.embedding)
            else:
                out[tid] = lexical_similarity(text, card.text())
        return out
