"""Tool selection for a conversation (the RA tool selector): which tools to hand an LLM for the latest user turn.

1. Rank: the latest user turn, its vector nudged toward the earlier user turns (``context_weight``), searched with
   the graph method over the graph's tools, or by cosine (plus word overlap) over the client's own tools.
2. Threshold and top-k: keep hits whose cosine is at least ``threshold``, at most ``k`` (the best hit always).
3. Dependency closure: for every kept tool, each required input the conversation does not hold yet (no earlier
   tool call argument or tool result field of that name) gets its strongest provider (resource edges), recursively
   up to ``closure_depth``; among client tools, a provider counts when it is one of the client's tools.
4. Enum narrowing: a parameter whose enum is longer than ``max_enum`` keeps the ``max_enum`` values nearest the
   request (cosine of the value's text and the request, values named in the request first).

Every selected tool carries its reasons. The result is plain OpenAI ``tools`` entries plus the id <-> name map.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

from toolgraph.embeddings.base import Embedder
from toolgraph.retrieve import client_tools
from toolgraph.retrieve.client_tools import ClientConfig
from toolgraph.retrieve.embed import tool_text
from toolgraph.retrieve.search import Retriever
from toolgraph.text.schema import json_type_of
from toolgraph.text.words import WORD
from toolgraph.tool import Tool

SAFE_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


@dataclass(frozen=True)
class SelectConfig:
    k: int = 6
    threshold: float = 0.25  # cosine of request and tool text
    context_weight: float = 0.3  # how far earlier user turns pull the request vector
    closure_depth: int = 2
    max_enum: int = 8
    client: ClientConfig = field(default_factory=ClientConfig)  # among the client's own tools
    cap: int = 0  # tools per request at most, pins included (0: no cap)


@dataclass
class Selected:
    id: str  # graph tool id, or the client's function name
    name: str  # the function name the model sees
    reasons: list[str]
    function: dict[str, Any]  # OpenAI {"name", "description", "parameters"}
    score: float | None = None

    def openai(self) -> dict[str, Any]:
        return {"type": "function", "function": self.function}


@dataclass
class Selection:
    query: str
    tools: list[Selected]
    source: str  # "graph" or "client"
    held: list[str] = field(default_factory=list)

    def names(self) -> dict[str, str]:
        """function name -> tool id."""
        return {t.name: t.id for t in self.tools}

    def as_dict(self) -> dict[str, Any]:
        return {"query": self.query, "source": self.source, "held_inputs": self.held,
                "tools": [{"id": t.id, "name": t.name, "score": t.score, "reasons": t.reasons,
                           "function": t.function} for t in self.tools]}


def safe_name(tool_id: str) -> str:
    """An OpenAI function name for a tool id (``^[a-zA-Z0-9_-]{1,64}$``), stable and distinct per id."""
    if SAFE_NAME.match(tool_id):
        return tool_id
    name = re.sub(r"[^a-zA-Z0-9_-]+", "_", tool_id).strip("_") or "tool"
    if len(name) > 64 or name != tool_id:
        digest = hashlib.sha1(tool_id.encode()).hexdigest()[:6]
        name = f"{name[-57:]}_{digest}"
    return name


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content parts
        return " ".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return ""


def conversation(messages: list[dict[str, Any]]) -> tuple[str, str, set[str]]:
    """(latest user turn, earlier user turns, input names the conversation already holds)."""
    users = [_text(m.get("content")) for m in messages if m.get("role") == "user"]
    held: set[str] = set()
    for m in messages:
        for call in m.get("tool_calls") or []:
            try:
                held.update(json.loads((call.get("function") or {}).get("arguments") or "{}"))
            except (ValueError, TypeError):
                pass
        if m.get("role") == "tool":
            try:
                value = json.loads(_text(m.get("content")))
            except ValueError:
                continue
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, dict):
                    held.update(item)
    latest = users[-1] if users else ""
    return latest, " ".join(users[:-1]), {h.lower() for h in held if isinstance(h, str)}


def _cos(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=False))


def _nudge(v: list[float], c: list[float] | None, weight: float) -> list[float]:
    if c is None or weight <= 0:
        return v
    mixed = [x + weight * y for x, y in zip(v, c, strict=False)]
    norm = math.sqrt(sum(x * x for x in mixed)) or 1.0
    return [x / norm for x in mixed]


class ToolSelector:
    def __init__(self, store: Any, embedder: Embedder, config: SelectConfig | None = None,
                 cache_size: int = 64) -> None:
        self.store = store
        self.embedder = embedder
        self.config = config or SelectConfig()
        self._client_cache: OrderedDict[str, list[list[float]]] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._cache_size = cache_size
        self._retriever: Retriever | None = None

    # -- the request vector -------------------------------------------------------------------------------------
    def _vectors(self, messages: list[dict[str, Any]]) -> tuple[str, list[float], set[str]]:
        latest, earlier, held = conversation(messages)
        if not latest.strip():
            from toolgraph.errors import ToolGraphError

            raise ToolGraphError("the conversation has no user turn with text to select tools for")
        texts = [latest] + ([earlier] if earlier.strip() else [])
        vecs = self.embedder.embed_queries(texts)
        return latest, _nudge(vecs[0], vecs[1] if len(vecs) > 1 else None, self.config.context_weight), held

    def select(self, messages: list[dict[str, Any]], client_tools: list[dict[str, Any]] | None = None,
               *, pins: list[str] | tuple[str, ...] = (), cap: int | None = None) -> Selection:
        """The tools for the conversation's latest user turn: among ``client_tools`` when given, else the graph's.
        ``pins``: function names (graph tool ids) always sent; ``cap``: tools at most (None: the config's)."""
        query, vector, held = self._vectors(messages)
        cap = self.config.cap if cap is None else cap
        if client_tools:
            return self._select_client(query, vector, held, client_tools, messages, list(pins), cap)
        return self._pin_and_cap(self._select_graph(query, vector, held), pins, cap)

    def _pin_and_cap(self, selection: Selection, pins: list[str] | tuple[str, ...], cap: int) -> Selection:
        """Pinned graph tools (by id) first, then the selection, cut to ``cap`` when set."""
        chosen = {t.id for t in selection.tools}
        wanted = [p for p in dict.fromkeys(pins) if p not in chosen]
        cards = self.cards(wanted) if wanted else {}
        pinned = [self.graph_tool(t, cards[t], ["pinned"], None, selection.query) for t in wanted if t in cards]
        pinned_ids = {t.id for t in pinned}
        for t in selection.tools:
            if t.id in pins or t.name in pins:
                t.reasons.insert(0, "pinned")
        tools = pinned + [t for t in selection.tools if t.id not in pinned_ids]
        if cap > 0:
            tools = sorted(tools, key=lambda t: "pinned" not in t.reasons)[:cap]
        selection.tools = tools
        return selection

    # -- over the graph -----------------------------------------------------------------------------------------
    def _select_graph(self, query: str, vector: list[float], held: set[str]) -> Selection:
        cfg = self.config
        if self._retriever is None:
            self._retriever = Retriever(self.store, self.embedder)
        ranked, why = self._retriever.rank(query, k=max(cfg.k * 3, 20), method="graph", vector=vector)
        kept: dict[str, list[str]] = {}
        scores: dict[str, float] = {}
        for tid, score in ranked:
            w = why.get(tid)
            cos = w.dense if w is not None and w.dense is not None else None
            if kept and (cos is None or cos < cfg.threshold):  # below it, only as a provider (closure)
                continue
            reasons = [f"similarity {cos:.2f}" if cos is not None else "keyword match"]
            if w is not None and w.via:
                reasons += w.via
            kept[tid], scores[tid] = reasons, round(score, 4)
            if len(kept) >= cfg.k:
                break
        cards = self.cards(list(kept))
        self._closure(kept, cards, held)
        tools = [self.graph_tool(tid, cards[tid], kept[tid], scores.get(tid), query) for tid in kept if tid in cards]
        return Selection(query=query, tools=tools, source="graph", held=sorted(held))

    def cards(self, ids: list[str]) -> dict[str, Tool]:
        return {t.id: t for t in map(Tool.from_row, self.store.query("planner_tools", ids=ids, vectors=False))}

    def _closure(self, kept: dict[str, list[str]], cards: dict[str, Tool], held: set[str]) -> None:
        frontier = list(kept)
        for _ in range(self.config.closure_depth):
            need = [t for t in frontier if t in cards]
            if not need:
                return
            frontier = []
            required = {t: {p.name.lower() for p in cards[t].required_params} for t in need}
            seen: set[tuple[str, str]] = set()
            for row in self.store.query("tool_providers", ids=need):  # strongest first
                tid, res = row["id"], str(row["resource"] or "").lower()
                if not res or res in held or (tid, res) in seen or res not in required.get(tid, {res}):
                    continue
                seen.add((tid, res))
                provider = row["provider"]
                if provider in kept:
                    continue
                kept[provider] = [f"provides `{row['resource']}` for {tid} ({row['type'].lower()}, "
                                  f"weight {float(row['weight']):.2f})"]
                frontier.append(provider)
            cards.update(self.cards([p for p in frontier if p not in cards]))

    def graph_tool(self, tid: str, card: Tool, reasons: list[str], score: float | None,
                   query: str | None) -> Selected:
        """A graph tool (a ``planner_tools`` row) as an OpenAI function; enums narrowed for ``query`` if given."""
        props: dict[str, Any] = {}
        required = []
        for p, is_req in [(p, True) for p in card.required_params] + [(p, False) for p in card.optional_params]:
            name = p.name
            schema: dict[str, Any] = {"type": json_type_of(p.type)}
            if p.description:
                schema["description"] = p.description[:300]
            if isinstance(p.enum, list):
                schema["enum"] = p.enum
            props[name] = schema
            if is_req:
                required.append(name)
        parameters = {"type": "object", "properties": props, "required": required}
        notes = self._narrow(parameters, query) if query else []
        description = (card.description or card.name)[:600]
        function = {"name": safe_name(tid), "description": description, "parameters": parameters}
        return Selected(id=tid, name=function["name"], reasons=reasons + notes, function=function, score=score)

    # -- over the client's own tools ----------------------------------------------------------------------------
    def _select_client(self, query: str, vector: list[float], held: set[str], tools: list[dict[str, Any]],
                       messages: list[dict[str, Any]], pins: list[str], cap: int) -> Selection:
        functions = [t.get("function", t) for t in tools if isinstance(t, dict)]
        functions = [f for f in functions if isinstance(f, dict) and isinstance(f.get("name"), str)]
        key = hashlib.sha256(json.dumps(functions, sort_keys=True).encode()).hexdigest()
        with self._cache_lock:  # (requests run in threads: the LRU's moves and evictions under one lock)
            vectors = self._client_cache.get(key)
            if vectors is not None:
                self._client_cache.move_to_end(key)
        if vectors is None:
            texts = [tool_text({"name": f.get("name"), "description": f.get("description"),
                                "required_params": _schema_params(f)}) for f in functions]
            vectors = self.embedder.embed_documents(texts)
            with self._cache_lock:
                self._client_cache[key] = vectors
                while len(self._client_cache) > self._cache_size:
                    self._client_cache.popitem(last=False)
        words = set(WORD.findall(query.lower()))
        scored = []
        for f, v in zip(functions, vectors, strict=True):
            cos = _cos(vector, v)
            name_words = set(WORD.findall(str(f.get("name", "")).lower().replace("_", " ")))
            overlap = len(words & name_words) / max(len(name_words), 1)
            scored.append((cos + 0.1 * overlap, cos, f))
        scored.sort(key=lambda x: -x[0])
        called = [str((c.get("function") or {}).get("name")) for m in messages for c in m.get("tool_calls") or []
                  if isinstance(c, dict)]
        cfg = replace(self.config.client, cap=cap)
        picks = client_tools.select(scored, held, called, cfg, pins)
        kept = {p.name: (next(f for f in functions if f["name"] == p.name), p.reasons, p.score) for p in picks}
        self._client_closure(kept, {f["name"]: f for f in functions}, held)
        if cap > 0:
            kept = dict(list(kept.items())[:cap])
        out = []
        for name, (f, reasons, score) in kept.items():
            fn = json.loads(json.dumps(f))
            notes = self._narrow(fn.get("parameters") or {}, query)
            out.append(Selected(id=name, name=name, reasons=reasons + notes, function=fn, score=score))
        return Selection(query=query, tools=out, source="client", held=sorted(held))

    def _client_closure(self, kept: dict[str, tuple[dict[str, Any], list[str], float]],
                        by_name: dict[str, dict[str, Any]], held: set[str]) -> None:
        """Providers among the client's tools, from the graph: client tools known to the graph by function name."""
        rows = self.store.query("find_tools_by_function_name", names=list(by_name))
        id_of = {r["function_name"]: r["id"] for r in rows}
        name_of = {v: k for k, v in id_of.items()}
        if not id_of:
            return
        frontier = [n for n in kept if n in id_of]
        for _ in range(self.config.closure_depth):
            if not frontier:
                return
            new = []
            for row in self.store.query("tool_providers", ids=[id_of[n] for n in frontier]):
                res = str(row["resource"] or "").lower()
                provider = name_of.get(row["provider"])
                if not res or res in held or provider is None or provider in kept:
                    continue
                tid = name_of[row["id"]]
                kept[provider] = (by_name[provider], [f"provides `{row['resource']}` for {tid} "
                                                      f"({row['type'].lower()}, weight {float(row['weight']):.2f})"],
                                  0.0)
                new.append(provider)
            frontier = new

    # -- enum narrowing -----------------------------------------------------------------------------------------
    def _narrow(self, parameters: dict[str, Any], query: str) -> list[str]:
        notes = []
        words = set(WORD.findall(query.lower()))
        qv: list[float] | None = None
        for name, schema in (parameters.get("properties") or {}).items():
            values = schema.get("enum") if isinstance(schema, dict) else None
            if not isinstance(values, list) or len(values) <= self.config.max_enum:
                continue
            qv = qv or self.embedder.embed_query(query)
            vecs = self.embedder.embed_documents([f"{name}: {v}" for v in values])
            named = [bool(set(WORD.findall(str(v).lower())) & words) for v in values]
            ranked = sorted(range(len(values)), key=lambda i: (not named[i], -_cos(qv, vecs[i]), i))
            keep = sorted(ranked[: self.config.max_enum])
            schema["enum"] = [values[i] for i in keep]
            notes.append(f"enum `{name}` narrowed from {len(values)} to {len(keep)} values")
        return notes


def _schema_params(function: dict[str, Any]) -> list[dict[str, Any]]:
    props = (function.get("parameters") or {}).get("properties") or {}
    return [{"name": n, "description": str((s or {}).get("description") or "")[:20000]} for n, s in props.items()
            if (isinstance(s, dict) or s is None) and str(n).strip()]
