"""The planner's view of the graph: tool cards, dependency neighbours, data flow and similarity, all through named
Cypher queries, with the cards cached for one planning run."""

from __future__ import annotations

import json
import math
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from toolgraph.db.store import GraphStore
from toolgraph.embeddings.base import Embedder
from toolgraph.text.lexicon import CODE_NAME, LITERAL
from toolgraph.text.lexicon import named_things as named_things  # (re-exported: the planner's search reads it here)
from toolgraph.text.params import (
    GENERIC_IDS,
    IDENTIFIER,
    NUMERIC_NAME,
    described_key,
    input_key,
    is_identifier,
    is_lookup_param,
    is_person_id,
    person_kind_id,
    role_key,
)
from toolgraph.text.reading import given_strongly, pick, read, vocabulary_of
from toolgraph.text.schema import NUMERIC_TYPES, json_type_of
from toolgraph.text.words import lexical_similarity
from toolgraph.tool import Tool


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


class ToolCard(Tool):
    """The planner's view of a tool (a ``planner_tools`` row): parameters as plain maps, a brief for prompts."""

    @cached_property
    def required(self) -> list[dict[str, Any]]:
        return self.param_dicts(required=True)

    @cached_property
    def optional(self) -> list[dict[str, Any]]:
        return self.param_dicts(required=False)

    def text(self) -> str:
        return f"{self.name} {self.description} {self.group}"

    def takes_a_name(self) -> bool:
        """A required parameter a user's words can fill (query, name, title...): a lookup tool; or, for a tool
        that requires nothing, such an optional one (``find_customer(name=None, email=None)``: the binder gives
        it the name or email the request names)."""
        if any(is_lookup_param(str(p.get("name") or "")) for p in self.required):
            return True
        return not self.required and any(is_lookup_param(str(p.get("name") or "")) or
                                         str(p.get("name") or "").lower() in ("email", "e_mail", "mail")
                                         for p in self.optional)

    def brief(self, limit: int = 240) -> dict[str, Any]:
        """What a prompt shows of the tool."""
        desc = self.description if len(self.description) <= limit else self.description[: limit - 1] + "…"
        return {"id": self.id, "name": self.name, "group": self.group, "category": self.category,
                "description": desc, "required": [p.get("name") for p in self.required],
                "optional": [p.get("name") for p in self.optional][:8]}


class GraphReads:
    """The planner's per-tool graph reads (cards, dependency neighbours, providers, outgoing edges), kept across
    plans by a long-lived process (the resident runtime) and dropped whenever ``stamp()`` changes: the runtime's
    stamp is the embedded server's write mark (toolgraph.db.store.written_mark), which every ToolGraph process
    rewrites after each committed write. A plan checks the stamp once (:meth:`begin`); the rows are those the
    named queries return, per tool, so a plan gets what it would read from the graph."""

    def __init__(self, stamp: Callable[[], Any]) -> None:
        self.stamp = stamp
        self._seen: Any = object()
        self._rows: dict[tuple[str, Any, str], list[dict[str, Any]]] = {}
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def begin(self) -> None:
        """Drop everything when the graph was written since the rows were read (once per plan)."""
        now = self.stamp()
        with self._lock:
            if now != self._seen:
                self._rows.clear()
                self._seen = now

    def per_tool(self, store: GraphStore, name: str, key: str, ids: list[str], variant: Any = None,
                 **params: Any) -> list[dict[str, Any]]:
        """The rows of the named query ``name`` (UNWIND over ``$ids``, each row naming its tool in ``key``) for
        ``ids``: the known tools' rows from memory, the others read in one query; in the order of ``ids``."""
        with self._lock:
            seen = self._seen
            missing = [i for i in dict.fromkeys(ids) if (name, variant, i) not in self._rows]
            self.hits += len(set(ids)) - len(missing)
            self.misses += len(missing)
        if missing:
            fresh: dict[str, list[dict[str, Any]]] = {i: [] for i in missing}
            for row in store.query(name, ids=missing, **params):
                fresh.setdefault(row[key], []).append(row)
            with self._lock:
                if self._seen == seen:  # (not dropped meanwhile)
                    for i, rows in fresh.items():
                        self._rows[(name, variant, i)] = rows
            found = fresh
        else:
            found = {}
        with self._lock:
            return [row for i in ids for row in (found.get(i) if i in found else self._rows.get((name, variant, i),
                                                                                                   []))]


_shared_reads: weakref.WeakKeyDictionary[GraphStore, GraphReads] = weakref.WeakKeyDictionary()


def keep_reads(store: GraphStore, stamp: Callable[[], Any]) -> GraphReads:
    """Keep the planner's graph reads on ``store`` across plans, checked against ``stamp`` (the runtime)."""
    reads = _shared_reads.get(store)
    if reads is None:
        reads = _shared_reads[store] = GraphReads(stamp)
    return reads


def shared_reads(store: GraphStore) -> GraphReads | None:
    return _shared_reads.get(store)


def merge_roles(inputs: dict[str, list[str]]) -> dict[str, list[str]]:
    """One tool's needs with each direction-role input (``from_code``, ``to_code``) folded into the kind it is a
    code of (``station_code``), in place: one need, met by any of their providers (a reservation that learnt to
    answer ``from_code`` must not make the station code a second need)."""
    roles = {r: role_key(r) for r in inputs}
    for r, role in roles.items():
        kind = role and next((a for a in inputs if roles.get(a) is None and a.endswith("_" + role[1])), None)
        if kind:
            inputs[kind] = list(dict.fromkeys(inputs[kind] + inputs.pop(r)))
    return inputs


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
    reads: GraphReads | None = None  # the reads kept across plans (the resident runtime), else None

    def _read(self, name: str, key: str, ids: list[str], variant: Any = None, **params: Any) -> list[dict[str, Any]]:
        if self.reads is None:
            return self.store.query(name, ids=ids, **params)
        return self.reads.per_tool(self.store, name, key, ids, variant, **params)

    @property
    def dense(self) -> bool:
        return self.embedder is not None

    def tools(self, ids: list[str]) -> dict[str, ToolCard]:
        missing = [i for i in dict.fromkeys(ids) if i not in self.cards]
        if missing:
            # With a vector source (the retriever's in-memory matrix) the vectors do not travel over Bolt again.
            from_graph = self.dense and self.vector_of is None
            for row in self._read("planner_tools", "id", missing, from_graph, vectors=from_graph):
                card = ToolCard.from_row(row if from_graph else {**row, "embedding": (
                    self.vector_of(row["id"]) if self.vector_of is not None and self.dense else None)})
                self.cards[card.id] = card
        return {i: self.cards[i] for i in ids if i in self.cards}

    def categories(self, limit: int = 200) -> list[dict[str, Any]]:
        return self.store.query("planner_categories", limit=limit)

    def neighbours(self, ids: list[str], category: str | None) -> list[dict[str, Any]]:
        return self._read("planner_neighbours", "via", ids, category, category=category) if ids else []

    def flow(self, ids: list[str]) -> list[dict[str, Any]]:
        if not ids:
            return []
        if self.reads is None:
            return self.store.query("planner_flow", ids=ids)
        among = set(ids)  # planner_flow's rows: each tool's outgoing edges to the others of ids
        return [r for r in self.reads.per_tool(self.store, "planner_out_edges", "source", ids) if r["target"] in among]

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

    def id_filters(self, tool_id: str, people: bool = False) -> dict[str, list[str]]:
        """A tool's optional id filters (``beer_id`` of ``list_kegs``; with ``people``, only a person's:
        ``assignee_id``, ``owner_id``, ``engineer_id``) -> the tools a resource edge says provide them (a weak edge:
        the filter is optional): "full kegs of gorse bloom" looks the beer up first, "the issues assigned to Maria
        Lopez" looks her up first."""
        card = self.tools([tool_id]).get(tool_id)
        if card is None:
            return {}
        wanted = {str(p.get("name") or "").lower() for p in card.optional}
        wanted = {w for w in wanted if (is_person_id(w) if people else is_identifier(w))}
        wanted |= {input_key(w) for w in wanted}  # (as the miner keys it: recipe_ids -> recipe_id)
        if not people:  # a filter its description says takes an identifying field ("vessel: registration")
            wanted |= {k for p in card.optional if (k := described_key(str(p.get("description") or "")))
                       and k not in ("code", "number", "id")}
        if not wanted:
            return {}
        out: dict[str, list[str]] = {}
        for row in self._read("planner_inputs", "id", [tool_id]):
            resource = str(row["resource"] or "").lower()
            if resource in wanted or person_kind_id(resource) and any(is_person_id(w) for w in wanted):
                out.setdefault(resource, []).append(row["provider"])
        return out

    def value_filters(self, tool_id: str) -> dict[str, list[str]]:
        """A tool's optional filters that are no ids (``plate`` of ``search_penalty_notices``) -> the tools a
        resource edge says provide them (edges that name the parameter they fill): "how many penalty notices did
        matteo villani's car pick up" finds his car's plate through his permit record first."""
        card = self.tools([tool_id]).get(tool_id)
        if card is None:
            return {}
        optional = {str(p.get("name") or "") for p in card.optional}
        optional = {n for n in optional if n and not is_identifier(n.lower())}
        out: dict[str, list[str]] = {}
        for row in self._read("planner_inputs", "id", [tool_id]) if optional else []:
            if row.get("param") in optional and row["provider"] != tool_id:
                out.setdefault(str(row["resource"] or ""), []).append(row["provider"])
        return out

    def needed_inputs(self, ids: list[str], text: str = "") -> dict[str, dict[str, list[str]]]:
        """tool -> input -> the tools that provide it, for the inputs a tool cannot run without another tool:
        every STRONG_RESOURCE, and every required identifier parameter (``id``, ``*_id``, ``*_key``, ``*_uuid``):
        users rarely know ids, so some tool must produce them (fed by a WEAK_RESOURCE, or by nobody: then the
        tool is a dead end). Unless the request itself gives that parameter a value, read as the binder reads it
        (toolgraph.text.reading: "issue 102" gives ``issue_id``, "two-day" gives ``days``, "35.01, 135.77" gives
        numbers, a tracking number gives ``tracking_number``; "three days" gives no ``latitude``). Nor is a
        required parameter with an enum or a default (``media_type: movie | tv``): there is a value to choose."""
        missing = [t for t in dict.fromkeys(ids) if (t, text) not in self._needs]
        if missing:
            found = self._needed_inputs(missing, text)
            for t in missing:
                self._needs[(t, text)] = found.get(t, {})
        return {t: {r: list(ps) for r, ps in self._needs[(t, text)].items()} for t in ids
                if self._needs.get((t, text))}

    def _needed_inputs(self, ids: list[str], text: str) -> dict[str, dict[str, list[str]]]:
        needs: dict[str, dict[str, list[str]]] = {}
        cards = self.tools(ids)
        literals = bool(LITERAL.search(text))
        offers = read(text, vocabulary_of(*(f"{c.name} {c.description[:400]} {' '.join(p.name for p in c.params)}"
                                            for c in self.cards.values())))
        supplied: dict[str, set[str]] = {}  # tool -> inputs the user or the binder gives, not another tool
        for tid, card in cards.items():
            for p in card.required:
                name = str(p.get("name") or "").lower()
                numeric = str(p.get("type") or "").lower() in NUMERIC_TYPES or NUMERIC_NAME.search(name)
                # its declared type, and for a number-like name (season_number) also as a number
                kinds = [json_type_of(p.get("type"))] + (["integer"] if numeric and not IDENTIFIER.search(name) else [])
                given = given_strongly if p.get("location") == "path" else _picked
                if p.get("enum") or p.get("default") is not None:  # a value to choose, not to fetch
                    supplied.setdefault(tid, set()).add(input_key(name))
                elif any(given(str(p.get("name") or ""), k, str(p.get("description") or ""), offers) for k in kinds):
                    # the request gives it (a path segment only by its shape: a name is looked up first)
                    supplied.setdefault(tid, set()).add(input_key(name))
                elif literals and p.get("location") == "path" and not numeric and not CODE_NAME.search(name) \
                        and str(p.get("type") or "string").lower() == "string" and not IDENTIFIER.search(name):
                    supplied.setdefault(tid, set()).add(input_key(name))  # spelled out ("rust-lang/cargo")
        for tid, card in cards.items():
            for p in card.required:
                name = str(p.get("name") or "").lower()
                if input_key(name) in supplied.get(tid, set()):
                    continue
                if IDENTIFIER.search(name):
                    needs.setdefault(tid, {}).setdefault(input_key(name), [])
                elif (p.get("location") == "path" and (not literals or CODE_NAME.search(name))
                      and str(p.get("type") or "string").lower() == "string"):
                    # a path segment names a thing (`/repos/{owner}/{repo}`): the user gives it literally
                    # ("rust-lang/cargo", "'main'"), or another tool finds it
                    needs.setdefault(tid, {}).setdefault(input_key(name), [])
        for row in self._read("planner_inputs", "id", ids) if ids else []:
            resource = input_key(row["resource"] or "")
            generic = [g for g in needs.get(row["id"], {}) if g in GENERIC_IDS and resource.lower().endswith("_" + g)]
            if generic:  # a bare `{id}` parameter: the miner qualified it (`artist_id`); providers of that fill it
                needs[row["id"]][generic[0]].append(row["provider"])
                continue
            if row["type"] == "WEAK_RESOURCE" and resource not in needs.get(row["id"], {}):
                continue
            if resource in supplied.get(row["id"], set()) or input_key(row.get("param") or "") in supplied.get(
                    row["id"], set()):  # (the edge's gift_card_code fills the parameter `code` the request gives)
                continue  # the user gives this value: no tool needs to provide it
            needs.setdefault(row["id"], {}).setdefault(resource, []).append(row["provider"])
        for inputs in needs.values():
            merge_roles(inputs)
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


def _picked(name: str, kind: str | None, description: str, offers: list[Any]) -> bool:
    """Whether the binder would fill the parameter from the request (toolgraph.text.reading.pick)."""
    return pick(name, kind or "string", description, offers, set(), True) is not None
