"""Selection among a client's own tools (the OpenAI ``tools`` a request carries), for ``toolgraph proxy``.

A client's tools carry no output schema and are seldom in the graph, so no dependency closure over resource edges
applies to them. Instead:

1. Rank: every tool by the cosine of the request vector and the tool's text, plus the share of the tool's name
   words the latest turn uses.
2. Size by the score gap, not a fixed k: keep the tools within ``band`` of the best score (at least ``min_tools``,
   at most ``max_tools``), then cut at the widest drop between neighbours when that drop is at least ``gap``.
3. Tools the conversation called before stay (the most recent ``recent`` of them): a conversation goes on with them.
4. Providers: each kept tool's required inputs that some other tool must produce (an identifier such as
   ``event_id``, an access token, a code) and the conversation does not hold yet get the tool that provides them,
   inferred from names and descriptions: ``event_id`` -> the tool whose name or description lists, finds, gets,
   searches or creates events; a person's role (``receiver_id``, ``assignee_id``) -> the tool that gets users;
   a token -> the tool that logs in. Recursively, up to ``depth``.
5. Pins: tools the client (``X-ToolGraph-Pin``) or the operator (``TOOLGRAPH_PROXY_PIN``) names are always sent.
6. Cap: at most ``cap`` tools in all (pins first, then by rank, a provider right after the tool that needs it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from toolgraph.text.params import PERSON_KINDS, ROLE_WORDS, is_identifier, is_lookup_key
from toolgraph.text.words import NAME_STOPWORDS, WORD, split_case, stem

# Verbs by which a tool hands out things of a kind: it lists, finds, reads or makes them.
PROVIDER_VERBS = frozenset(
    "get gets list lists find finds search searches lookup look retrieve retrieves fetch fetches show view query read "
    "describe browse discover resolve create creates add adds new make register open book post start generate "
    "issue login log signin authenticate auth obtain request".split())
# Verbs by which a tool uses up or changes a thing it is handed: such a tool is no provider of it.
CONSUMER_VERBS = frozenset(
    "delete remove cancel close update edit modify set send reply archive unfollow follow move rename resolve "
    "pay stop".split())
# The words an identifier parameter's name ends with; the words of a token or a secret, which a login provides.
ID_WORDS = frozenset("id ids key uuid guid code handle slug ref".split())
TOKEN_WORDS = frozenset("token session cookie bearer".split())
LOGIN_WORDS = frozenset("login logon signin authenticate authentication auth authorize token session".split())
# Person roles beyond the toolkit's (a message's receiver): their ids are a person's ids.
MORE_ROLES = frozenset("receiver recipient sender target invitee attendee participant assignee friend".split())
# "the current directory", "the current working directory": a tool that works in a state another tool sets.
CURRENT = re.compile(r"\bcurrent\s+(?:[a-z]+ing\s+)?([a-z]+)", re.IGNORECASE)
SETTER_VERBS = frozenset("change changes set sets switch switches select selects use uses navigate navigates enter "
                         "enters open opens choose chooses".split())
GENERIC = frozenset("id ids key uuid guid code name number num no value type list of the a".split())


@dataclass(frozen=True)
class ClientConfig:
    min_tools: int = 3  # always kept (when the client sends that many)
    max_tools: int = 24  # the gap-sized set's ceiling
    band: float = 0.25  # kept: within this of the best score
    gap: float = 0.1  # a drop this wide between neighbours ends the set
    threshold: float = 0.1  # never kept by rank below this cosine (the best tool always is)
    recent: int = 3  # tools called earlier in the conversation that stay
    depth: int = 2  # provider inference, recursively
    cap: int = 0  # tools per request at most, pins included (0: no cap)


@dataclass
class Pick:
    name: str
    reasons: list[str]
    score: float
    order: float  # where it goes when the cap cuts (lower first)


@dataclass
class ToolFacts:
    """What a client tool's name, description and parameters say."""

    name: str
    name_words: list[str]  # stemmed, in order
    text_words: set[str]  # stemmed words of name and description
    verb: str | None  # the verb its name (or description) starts with
    required: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    properties: set[str] = field(default_factory=set)
    in_context: set[str] = field(default_factory=set)  # "... in the current directory": works in a current thing
    sets_context: set[str] = field(default_factory=set)  # "Change the current working directory": sets it


def _words(text: str) -> list[str]:
    return WORD.findall(split_case(text).lower().replace("_", " "))


def facts(function: dict[str, Any]) -> ToolFacts:
    name = str(function.get("name") or "")
    description = str(function.get("description") or "")
    raw = _words(name)
    desc = _words(description)
    verb = raw[0] if raw and raw[0] in PROVIDER_VERBS | CONSUMER_VERBS else None
    if verb is None:
        own = _own_sentence(description)
        first = _words(own)[:1]
        verb = first[0] if first and (first[0] in PROVIDER_VERBS | CONSUMER_VERBS
                                      or stem(first[0]) in PROVIDER_VERBS | CONSUMER_VERBS) else None
        verb = stem(verb) if verb and verb not in PROVIDER_VERBS | CONSUMER_VERBS else verb
    params = function.get("parameters") or {}
    props = params.get("properties") if isinstance(params, dict) else None
    props = props if isinstance(props, dict) else {}
    required = params.get("required") if isinstance(params, dict) else None
    req = [(str(n), props.get(n) if isinstance(props.get(n), dict) else {}) for n in (required or [])
           if isinstance(n, str)]
    own = _own_sentence(description)
    texts = [own] + [str(v.get("description") or "") for v in props.values() if isinstance(v, dict)]
    in_context = {stem(m.group(1).lower()) for t in texts for m in CURRENT.finditer(t)}
    first = _words(own)[:1]
    sets = {stem(m.group(1).lower()) for m in CURRENT.finditer(own)} if first and (
        first[0] in SETTER_VERBS or stem(first[0]) in SETTER_VERBS) else set()
    return ToolFacts(name=name, name_words=[stem(w) for w in raw], text_words={stem(w) for w in raw + desc},
                     verb=verb, required=req, properties={str(p).lower() for p in props},
                     in_context=in_context - sets, sets_context=sets)


def _own_sentence(description: str) -> str:
    """The part of a description that says what this tool does: past a ``Tool description:``-style label when one
    is there, else the whole text."""
    m = re.search(r"(?:tool|function|endpoint) description\s*:\s*(.*)$", description, re.IGNORECASE | re.DOTALL)
    return m.group(1) if m else description


# "User ID of the user", "The zipcode of the first city": the thing a parameter's description says it identifies.
DESCRIBED_ID = re.compile(r"\b([a-z]+)[\s_-]+(?:id|ids|identifier|identifiers|code|codes|key|token)\b"
                          r"|\b(zipcode|zip|postcode|isbn|iata|uuid|guid)\b", re.IGNORECASE)


def _described(schema: dict[str, Any]) -> list[str]:
    """The words of a parameter's description that name what it identifies (``User ID of ...`` -> [user])."""
    text = str(schema.get("description") or "")[:300]
    m = DESCRIBED_ID.search(text)
    if not m:
        return []
    word = (m.group(1) or m.group(2)).lower()
    return [] if word in NAME_STOPWORDS or word in GENERIC or len(word) < 3 else [word]


def needs_provider(name: str, schema: dict[str, Any]) -> bool:
    """Whether an input is something a tool must produce (an identifier, a token, a code; by its name or by its
    description), not what a user says (a name, a text, a number, a choice)."""
    if isinstance(schema.get("enum"), list) or schema.get("type") in ("boolean", "number"):
        return False
    words = _words(name)
    if not words or is_lookup_key(name, name.lower()):
        return False
    return is_identifier(name) or words[-1] in ID_WORDS | TOKEN_WORDS or bool(_described(schema))


def entity(name: str, schema: dict[str, Any] | None = None) -> tuple[set[str], str]:
    """The kinds of thing an input identifies, as stemmed words, and how they were read: ``event_id`` ->
    ({event}, "noun"); ``receiver_id`` -> person words ("person"); ``access_token`` -> ({login words}, "login");
    ``cityA`` described as "The zipcode of the first city" -> ({zipcode}, "noun")."""
    words = _words(name)
    if words and words[-1] in TOKEN_WORDS:
        return {stem(w) for w in LOGIN_WORDS}, "login"
    described = _described(schema or {})
    nouns = described + [w for w in words if w not in GENERIC and w not in NAME_STOPWORDS]
    if any(w in ROLE_WORDS or w in MORE_ROLES for w in nouns):
        return {stem(w) for w in PERSON_KINDS} | {"user"}, "person"
    if not nouns:
        return set(), "none"
    return {stem(nouns[0] if described else nouns[-1])}, "noun"


def provider_score(candidate: ToolFacts, consumer: ToolFacts, param: str, kinds: set[str], how: str) -> float:
    """How well ``candidate`` provides ``param`` of ``consumer`` (0: not at all): the kind named in its name (2) or
    only in its text (1); a providing verb (+1; a login verb for a token: +1 more); the input's own words in its name
    (``get_user_id`` for ``user_id``: +1), ids in its name for an id (+0.5); no required inputs (a lister: +0.5);
    the share of words it has in common with the consumer (its kin: a tool of the same API, up to +0.5)."""
    if candidate.verb in CONSUMER_VERBS or any(p.lower() == param.lower() for p, _ in candidate.required):
        return 0.0  # it changes such things, or needs the thing itself
    hit = 2.0 if set(candidate.name_words) & kinds else (1.0 if candidate.text_words & kinds else 0.0)
    if not hit:
        return 0.0
    score = hit
    if candidate.verb in PROVIDER_VERBS:
        score += 1.0
    if how == "login" and candidate.verb in LOGIN_WORDS | {"log", "sign"}:
        score += 1.0
    param_words = [stem(w) for w in _words(param)]
    if len(param_words) > 1 and all(w in candidate.name_words for w in param_words):
        score += 1.0
    elif how != "login" and param_words and param_words[-1] in ID_WORDS and "id" in candidate.name_words:
        score += 0.5
    if how != "login" and candidate.name_words and candidate.name_words[-1] in kinds:
        score += 0.5  # the kind is its name's head noun: what it hands out (``get_user_tickets``)
    if not candidate.required:
        score += 0.5
    union = candidate.text_words | consumer.text_words
    return score + 0.5 * len(candidate.text_words & consumer.text_words) / max(len(union), 1)


def providers(tool: ToolFacts, everything: dict[str, ToolFacts], held: set[str]) -> list[tuple[str, str, str]]:
    """(input, provider, why) for each input of ``tool`` that another tool must provide and the conversation does
    not hold: the best provider of each."""
    out = []
    for param, schema in tool.required:
        if param.lower() in held or not needs_provider(param, schema):
            continue
        kinds, how = entity(param, schema)
        if not kinds:
            continue
        best, best_score = None, 0.0
        for other in everything.values():
            if other.name == tool.name:
                continue
            s = provider_score(other, tool, param, kinds, how)
            if s > best_score:
                best, best_score = other.name, s
        if best is not None and best_score >= 2.0:
            what = {"login": "logs in (a token)", "person": "gives people's ids"}.get(
                how, f"names {'/'.join(sorted(kinds))}")
            out.append((param, best, what))
    for noun in sorted(tool.in_context):  # the tool that sets the current thing it works in, the nearest kin first
        setters = [o for o in everything.values() if noun in o.sets_context and o.name != tool.name]
        if setters:
            best = max(setters, key=lambda o: (len(o.text_words & tool.text_words), o.name))
            out.append((f"the current {noun}", best.name, f"sets the current {noun}"))
    return out


def size_by_gap(scores: list[float], cfg: ClientConfig) -> int:
    """How many of the descending ``scores`` to keep: within ``band`` of the best, at least ``min_tools``, at most
    ``max_tools``, cut at the widest drop after ``min_tools`` when it is at least ``gap``."""
    if not scores:
        return 0
    n = 1
    while n < len(scores) and n < cfg.max_tools and scores[n] >= scores[0] - cfg.band:
        n += 1
    n = max(n, min(cfg.min_tools, len(scores)))
    drops = [(scores[i - 1] - scores[i], i) for i in range(cfg.min_tools, n)]
    if drops:
        width, at = max(drops)
        if width >= cfg.gap:
            n = at
    return n


def select(scored: list[tuple[float, float, dict[str, Any]]], held: set[str], called: list[str],
           cfg: ClientConfig, pins: Iterable[str] = ()) -> list[Pick]:
    """The client tools to send. ``scored``: (score, cosine, function) for every tool, best first; ``called``: the
    function names the conversation called, oldest first; ``pins``: names always sent."""
    by_name = {str(f.get("name")): f for _, _, f in scored}
    known = {name: facts(f) for name, f in by_name.items()}
    picks: dict[str, Pick] = {}
    for name in pins:
        if name in by_name and name not in picks:
            picks[name] = Pick(name, ["pinned"], 0.0, -1.0)
    ranked = [(s, c, f) for s, c, f in scored if c >= cfg.threshold] or scored[:1]
    n = size_by_gap([s for s, _, _ in ranked], cfg)
    for i, (score, cos, f) in enumerate(ranked[:n]):
        name = str(f.get("name"))
        if name not in picks:
            picks[name] = Pick(name, [f"similarity {cos:.2f}"], round(score, 4), float(i))
    recent = list(dict.fromkeys(reversed(called)))[: cfg.recent]
    for j, name in enumerate(recent):
        if name in by_name and name not in picks:
            picks[name] = Pick(name, ["called earlier in the conversation"], 0.0, n + j + 0.5)
    frontier = list(picks)
    for _ in range(cfg.depth):
        new = []
        for name in frontier:
            for param, provider, why in providers(known[name], known, held):
                if provider in picks:
                    continue
                picks[provider] = Pick(provider, [f"provides `{param}` for {name} (its name and description: "
                                                  f"{why})"], 0.0, picks[name].order + 0.01)
                new.append(provider)
        frontier = new
    out = sorted(picks.values(), key=lambda p: p.order)
    if cfg.cap > 0:
        out = out[: cfg.cap]
    return out
