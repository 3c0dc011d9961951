"""Truthful outcomes: a run succeeds only when its goal tools ran and the answer holds what the request asks.

What a request asks is read from its words (``asks``): a date or time for "when", a person for "who", a count for
"how many", and the attributes it names that the goal tools return (``email``, ``isbn``, ``due`` ...). The judge
(``judge``) looks at the goal calls' parsed responses: an empty list or an empty envelope is no answer, a goal tool
that failed or never ran is no answer, and each ask must be met by a value of the right shape. Anything short of that
is ``partial`` (something ran) or ``failure`` (nothing did), with the reasons, so that nothing false is learned.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from toolgraph.execute.compress import dumps, record_label
from toolgraph.execute.models import CallRecord
from toolgraph.planner.decompose import remarks
from toolgraph.planner.models import Plan
from toolgraph.text.glossary import meaning_of
from toolgraph.text.lexicon import (
    AUXILIARY_VERBS,
    CLIENT_ROLES,
    FINDING,
    PERSON_KEYS,
    WORKER_ASKED,
    WRITE_NAME_VERBS,
    asks_many,
    asks_to_change,
)
from toolgraph.text.params import BARE_ID_WORDS, VERB_WORDS
from toolgraph.text.reading import MEASURES, NUMBER_WORDS, TITLES, UNIT_OF, is_subject, read, vocabulary_of
from toolgraph.text.schema import schema_fields
from toolgraph.text.words import (
    ATTRIBUTE_STOPWORDS,
    QUERY_STOPWORDS,
    READING_STOPWORDS,
    expand_abbreviations,
    same_noun,
    singular,
    stem,
)

AskKind = Literal["time", "person", "count", "problem", "place", "attribute"]
#: ``kin(word, words)``: whether the word is near in meaning to one of the words (toolgraph.embeddings.kinship)
Kinship = Callable[[str, Iterable[str]], bool]

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_KEY_PART = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
TIME_WORDS = ("when", "what date", "what time", "which date", "which day", "what day", "how long ago", "deadline",
              "due", "scheduled", "until when")
PERSON_WORDS = ("who", "whom", "whose", "which person", "which user", "which employee", "which author")
COUNT_WORDS = ("how many", "number of", "count of", "how much", "total number", "count the")
NAMED_NUMBERS = ("phone", "telephone", "mobile", "account", "tracking", "reference", "order", "room", "flight",
                 "serial", "house", "flat", "seat", "confirmation", "case", "ticket", "member", "card", "invoice",
                 "booking", "model", "part", "contact", "fax", "policy", "registration", "license", "licence")
PROBLEM_WORDS = ("what's wrong", "what is wrong", "what went wrong", "what's the problem", "what is the problem",
                 "what's the issue", "what is the issue", "what happened", "why was", "why were", "why is", "why are",
                 "why did", "why does", "why do", "why has", "why have", "why's")  # (a reason: a note, a cause)
PROBLEM_KEYS = {"problem", "issue", "issues", "exception", "error", "errors", "reason", "note", "notes", "remark",
                "comment", "comments", "description", "message", "delay", "fault", "damage", "alert", "warning",
                "incident", "failure", "cause", "details", "event", "events", "history"}
#: "where is its apiary", "and where's the bay": a question of place (not "the branch where I booked")
_WHERE_OF = re.compile(r"\s*(?:exactly\s+|abouts\s+)?(?:is|are|was|were|will|do|does|did)?\s*(?:the|its|his|her|"
                       r"their|my|our|this|that|your)?\s*([a-z]{3,})\b", re.IGNORECASE)
_WHERE_ASKED = re.compile(r"(?:^|[,;?.!:(]\s*|\b(?:and|also|or|but|then)\s+)where(?:'s|’s)?\b", re.IGNORECASE)
PLACE_KEYS = {"address", "location", "city", "town", "street", "room", "building", "floor", "shelf", "site", "venue",
              "lat", "latitude", "lon", "lng", "longitude", "grid", "region", "country", "postcode", "zip", "dock",
              "gate", "berth", "bay", "aisle", "hall", "ward", "station", "platform", "terminal", "pier", "hangar",
              "where", "place", "area", "zone", "locker", "desk", "coordinates", "directions", "county", "state",
              "suburb", "district", "pitch", "stand", "vault", "cabinet", "section", "stall", "branch", "office",
              "depot", "warehouse", "premises", "campus", "yard", "port", "destination", "origin", "rack", "bin",
              "lot", "unit", "wing", "block", "quay", "harbour", "harbor", "airport", "route", "map", "meet",
              "meeting", "point", "spot", "base", "stop", "entrance"}
TIME_KEYS = {"date", "time", "at", "on", "due", "deadline", "start", "end", "day", "year", "when", "scheduled",
             "until", "from", "to", "created", "updated", "timestamp", "datetime", "published", "release", "born",
             "birthday", "expires", "expiry", "arrival", "departure", "eta", "delivered", "shipped", "opened",
             "closed", "modified", "starts", "ends", "begins"}
COUNT_KEYS = {"count", "total", "number", "size", "length", "quantity", "qty", "amount", "n", "results", "hits",
              "stock", "available", "level", "on_hand"}
MONEY_KEYS = {"price", "cost", "fee", "fees", "charge", "charges", "paid", "balance", "subtotal", "fare", "due",
              "owed", "outstanding", "amt", "gbp", "usd", "eur", "chf", "cad", "aud", "nzd", "jpy", "sek", "nok",
              "dkk", "inr", "zar",  # (and a price's currency: ``full_gbp``)
              "premium", "deductible", "excess", "deposit", "refund", "rent", "salary", "wage", "pension", "tax",
              "duty", "surcharge", "tariff", "contribution"}
#: fields that hold a measured amount ("how many grams is 8 ounces": ``value: 226.8; unit: g``)
MEASURED_KEYS = frozenset("value amount result quantity qty converted".split())
HOW_MANY_UNIT = re.compile(r"\bhow\s+(?:many|much)\s+([a-z]+)\b")  # "how many grams": an amount in grams


def unit_of(word: str) -> str | None:
    """The unit of measure a word names, in the singular or plural ("litres": litre), or None."""
    return UNIT_OF.get(word) or UNIT_OF.get(singular(word))


PAGING_KEYS = {"page", "pages", "total", "total_results", "total_pages", "count", "limit", "offset", "next",
               "previous", "prev", "cursor", "per_page", "page_size", "has_more", "next_page", "status", "ok",
               "success", "message", "href", "links", "_links", "meta"}
_MONTHS = ("january|february|march|april|may|june|july|august|september|october|november|december|"
           "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec")
_CLOCK = re.compile(r"\b\d{1,2}:\d{2}\b")
_DATE = re.compile(rf"\b\d{{4}}-\d{{1,2}}-\d{{1,2}}|\b\d{{1,2}}[/.]\d{{1,2}}[/.]\d{{2,4}}\b|{_CLOCK.pattern}|"
                   rf"\b(?:{_MONTHS})\.? \d{{1,2}}\b|\b\d{{1,2}} (?:{_MONTHS})\b|"
                   r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|yesterday)\b",
                   re.IGNORECASE)
_NAME_PART = r"[A-Z][a-z'\.]*(?:[-'][A-Z]?[a-z'\.]+|[A-Z][a-z]+)*"  # Okafor-Price, O'Connor, McBride
_PERSONISH = re.compile(rf"^(?:(?:{'|'.join(sorted(TITLES | {'Sir', 'Dame'}))})\.? )?{_NAME_PART}"
                        rf"(?: {_NAME_PART}){{1,3}}$")  # (a title first: reading's, and Sir, Dame)


@dataclass(frozen=True)
class Ask:
    kind: AskKind
    word: str = ""  # the attribute (for kind "attribute"), or the cue that raised the ask

    def describe(self) -> str:
        return {"time": "a date or time", "person": "a person", "count": "a count",
                "problem": "what is wrong or why (a problem, a cause, a note)", "place": "a place"}.get(
            self.kind, f"the {self.word}")


@dataclass
class Outcome:
    status: Literal["success", "partial", "failure"]
    reasons: list[str] = field(default_factory=list)
    goals: list[str] = field(default_factory=list)  # call ids of the goal calls
    asked: list[Ask] = field(default_factory=list)


def key_parts(key: str) -> list[str]:
    """``dueDate`` / ``due_date`` / ``Due-Date`` -> ``['due', 'date']``; a terse key with a meaning in the run's
    glossary (toolgraph.text.glossary) has its words too: ``bal`` -> ``['bal', 'amount', 'owed', 'now']``."""
    parts = _own_parts(key)
    meaning = meaning_of(str(key))
    return parts + list(meaning) if meaning else parts


def _own_parts(key: str) -> list[str]:
    """The words of a key itself, without its glossary meaning (:func:`key_parts`)."""
    return [p.lower() for chunk in re.split(r"[_\-\s.]+", str(key)) for p in _KEY_PART.findall(chunk)]


def asks(query: str) -> list[Ask]:
    """What the request asks for, by its words (kinds time, person, count; attributes are matched against the
    goal results by :func:`judge`)."""
    q = " " + re.sub(r"\s+", " ", query.lower()) + " "
    out: list[Ask] = []
    for kind, cues in (("time", TIME_WORDS), ("person", PERSON_WORDS), ("count", COUNT_WORDS),
                       ("problem", PROBLEM_WORDS)):
        for cue in cues:
            if re.search(rf"(?<![a-z]){re.escape(cue)}(?![a-z])", q) and not (
                    cue == "number of" and re.search(rf"\b(?:{'|'.join(NAMED_NUMBERS)}) number of\b", q)):
                out.append(Ask(kind, cue))  # type: ignore[arg-type]
                break
    if _MADE_OF.search(q):  # "what's it made of": its material or composition
        out.append(Ask("attribute", "material"))
    where = _WHERE_ASKED.search(query)
    if where:  # "where exactly is its apiary": the apiary's place
        subject = _WHERE_OF.match(query[where.end():])
        noun = subject.group(1).lower() if subject else ""
        out.append(Ask("place", noun if noun and noun not in ATTRIBUTE_STOPWORDS else "where"))
    return out


_MADE_OF = re.compile(r"\b(?:made (?:of|from|out of)|what material)\b")


def about_place(ask: Ask, call: CallRecord) -> bool:
    """Whether a call is about the thing a "where" ask names (``getapiary`` for "where is its apiary"); every call
    is, for a bare "where"."""
    return ask.word == "where" or stem(ask.word)[:6] in call.tool.rsplit("/", 1)[-1].lower().replace("_", "")


def place_pool(ask: Ask, answered: list[CallRecord], passed: list[tuple[CallRecord, Any]]) -> list[Any]:
    """What may answer a "where" ask: the goal results and the records on the way, those of calls about the thing
    it names first (the apiary's address, not its keeper's home, for "who keeps it, and where is its apiary")."""
    pairs = [(c, _value(c)) for c in answered] + passed
    return [v for c, v in pairs if about_place(ask, c)] or [v for _, v in pairs]


def request_words(query: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(query) if len(w) > 1 and w.lower() not in ATTRIBUTE_STOPWORDS}


# -- walking a response -------------------------------------------------------------------------------------------
def leaves(value: Any, path: tuple[str, ...] = (), depth: int = 0) -> Iterator[tuple[tuple[str, ...], Any]]:
    """(key path, scalar value) pairs of a JSON value, lists walked (at most 50 items a list, 8 levels)."""
    if depth > 8:
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, (*path, str(k)), depth + 1)
    elif isinstance(value, list):
        for v in value[:50]:
            yield from leaves(v, path, depth + 1)
    elif value is not None and value != "":
        yield path, value


def is_empty(value: Any) -> bool:
    """No answer: nothing, an empty list or map, or an envelope whose every field is empty or paging metadata."""
    if value is None or value == "" or value == [] or value == {}:
        return True
    if isinstance(value, dict):
        real = {k: v for k, v in value.items() if str(k).lower() not in PAGING_KEYS}
        if not real:  # only metadata: empty when it counts nothing, or holds nothing
            return any(str(k).lower() in ("total", "count", "total_results") and v == 0 for k, v in value.items()) \
                or all(v is None or v == "" or v == [] or v == {} for v in value.values())
        return all(v is None or v == "" or v == [] or v == {} for v in real.values())
    return False


def _looks_time(key: tuple[str, ...], v: Any) -> bool:
    if isinstance(v, str) and _DATE.search(v):
        return True
    parts = set(key_parts(key[-1])) if key else set()
    return bool(parts & TIME_KEYS) and isinstance(v, str | int) and not isinstance(v, bool)


_ID_PARTS = {"id", "ids", "uuid", "key", "ref", "code"}


def _looks_person(key: tuple[str, ...], v: Any) -> bool:
    if not isinstance(v, str) or not v.strip() or len(v) > 80 or not re.search(r"[A-Za-z]{2}", v):
        return False  # (``last_tuned: 2027-05-28`` is no last name)
    if not key:  # a bare answer ("Ridley Scott"): its shape alone says
        return bool(_PERSONISH.match(v.strip()))
    parts = set(key_parts(key[-1]))
    if parts & _ID_PARTS:  # owner_id: ENG-3 names nobody
        return False
    context = {p for k in key[:-1] for p in key_parts(k)}
    if parts & PERSON_KEYS and ((parts - {"name"}) & PERSON_KEYS or context & PERSON_KEYS or
                                _PERSONISH.match(v.strip())):  # author_name, not project_name: Payments
        return True
    return bool(_PERSONISH.match(v.strip())) and bool((parts | context) & PERSON_KEYS or _AGENT.fullmatch(
        str(key[-1]).lower()))  # (``arbiter: Hesketh Moorcroft``: one who arbitrates; not ``venue``)


#: a key that is an agent noun (one who does something: arbiter, tuner, instructor, florist, physician)
_AGENT = re.compile(r"(?!(?:number|order|center|centre|paper|water|floor|filter|letter|parameter|meter|layer|folder|"
                    r"header|marker|counter|register|quarter|cover|chapter|poster|timer|winter|summer|color|colour|"
                    r"error|sector|factor|vector|motor|monitor|calendar|sensor|trailer|container|server|manufacturer|"
                    r"supplier|vendor|carrier|operator|provider|partner|sponsor|member)$)[a-z]{3,}(?:er|or|ist|ian)")


def _has_count(value: Any) -> bool:
    if isinstance(value, list):
        return True  # the answer counts the list
    if isinstance(value, int | float) and not isinstance(value, bool):
        return True
    for key, v in leaves(value):
        if _is_number(v) and key and set(key_parts(key[-1])) & (COUNT_KEYS | MONEY_KEYS):
            return True
    return isinstance(value, dict) and any(isinstance(v, list) for v in value.values())


#: "how many are left, still free, in stock; have we got": a number each record holds, not how many records
_REMAINING = re.compile(r"\b(?:left|remaining|free|available|spare|in stock|still|(?:have|has) (?:we|you|i|they|it) "
                        r"got|do (?:we|you|they) have)\b")
_STOCK_KEYS = frozenset("available avl avail left remaining free spare stock qty quantity onhand spaces places seats "
                        "vacancies".split())


def _per_record_counts(value: Any, query: str) -> bool:
    """"How many pairs of size 9 hockey skates are still free" over the hire stock, one record a size, each with
    its own count of what is free (``avl: 15``): the count asked is one record's, not how many records there are."""
    if not _REMAINING.search(query.lower()):
        return False
    lists = lists_in(value)
    said = set(_WORD.findall(query.lower()))

    def named(record: dict) -> bool:  # most of a text's words said ("Gold leaf 23.5ct, loose": 23.5ct gold leaf)
        for v in record.values():
            words = set(_WORD.findall(v.lower())) if isinstance(v, str) else set()
            if len(words & said) >= 2 and 2 * len(words & said) >= len(words):
                return True
        return False

    return any(len(records) > 1 and all(isinstance(r, dict) and any(
        _is_number(v) and set(key_parts(str(k))) & _STOCK_KEYS for k, v in r.items()) for r in records) and
        not any(named(r) for r in records) for records in lists)  # (unless the request names one of them)


def _holds_remaining(query: str, pairs: Iterable[tuple[Any, Any]]) -> bool:
    """"How many visits are left on pass P-20771": a (key, value) pair holds how many are left (``left: 13``)."""
    return bool(_REMAINING.search(query.lower())) and any(
        _is_number(v) and set(key_parts(str(k))) & _STOCK_KEYS for k, v in pairs)


#: how many records a search found (``count: 1`` beside the customers it found): no amount "how much" asks for
_RESULT_COUNTS = frozenset({"count", "results", "hits", "n"})
_HOW_MUCH_OF = re.compile(r"\bhow much\s+(?:(?:a|an|per|each|every)\s+)?([a-z]{3,})")  # "how much water", "how much
# feta", "how much a night" (per_night)


def _has_amount(value: Any, query: str = "") -> bool:
    """"How much": a number, or one under a field for a count, a quantity or money (``total: "597.24"``), in a
    unit of measure (``water_litres_per_plant``) or named for what the request measures ("how much water")."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return True
    measured = {stem(m.group(1)) for m in _HOW_MUCH_OF.finditer(query.lower())
                if m.group(1) not in AUXILIARY_VERBS and m.group(1) not in QUERY_STOPWORDS}
    units = {form for m in HOW_MANY_UNIT.finditer(query.lower()) if (unit := unit_of(m.group(1)))
             for form in MEASURES[unit]}  # "how many litres": ``capacity_l`` too

    def amount_key(key: str) -> bool:
        parts = set(key_parts(key))
        return bool(parts & (COUNT_KEYS - _RESULT_COUNTS | MONEY_KEYS | MEASURED_KEYS | units) or {
            singular(p) for p in parts} & set(UNIT_OF) or {stem(p) for p in parts} & measured)

    def priced(record: Any) -> bool:  # a record that names its currency holds money (fares by class)
        return isinstance(record, dict) and any(str(k).lower().endswith("currency") for k in record)

    return any(_is_number(v) and key and (amount_key(key[-1]) or priced(r)) for r in _records(value)
               for key, v in leaves(r))


_NUMERIC = re.compile(r"[$€£¥]?\s?-?\d[\d,]*(?:\.\d+)?")


def _is_number(v: Any) -> bool:
    """A number, or text that is one ("597.24", "€1,200.00": money is often sent as text)."""
    if isinstance(v, bool):
        return False
    return isinstance(v, int | float) or isinstance(v, str) and bool(_NUMERIC.fullmatch(v.strip()))


_VERB_STEMS = frozenset(stem(w) for w in AUXILIARY_VERBS | {"are", "got"})


def _counted_field(value: Any, query: str) -> bool:
    """"how many points does he have": a number under a field named for what is counted (``points``,
    ``spots_left`` for "how many spots are left")."""
    counted = {stem(w) for m in _COUNTED.finditer(query.lower()) for w in m.groups() if w} - _VERB_STEMS | \
        counted_words(query)
    return bool(counted) and any(isinstance(v, int | float) and not isinstance(v, bool) and key and
                                 {stem(p) for p in key_parts(key[-1])} & counted for key, v in leaves(value))


def asked_fields(query: str, value: Any) -> list[tuple[str, ...]]:
    """Key paths of ``value`` whose last key names a word of the request (``email``, ``due_date`` for "due")."""
    words = request_words(query)
    seen: list[tuple[str, ...]] = []
    for key, _v in leaves(value):
        if key and key not in seen and {stem(p) for p in key_parts(key[-1])} & words:
            seen.append(key)
    return seen


#: "when should it arrive", "when does her pass expire": the time of an event a record names by its own words
_WHEN_EVENT = re.compile(r"\b(?:when|(?:what|which) (?:date|day))"
                         r"(?:'s|’s|\s+(?:will|should|does|do|did|is|are|was|were|would|can))\s+"
                         r"(?:[\w.@'’-]+\s+){0,5}?(arrive|arriving|expire|expiring|run out|runs out|due)\b|"
                         r"\b(until|by) when\b")
_EVENT_KEYS: dict[str, tuple[str, ...]] = {
    "arriv": ("arriv", "eta", "expect", "estimat", "due", "deliver"),
    "expir": ("expir", "exp", "valid", "until", "end", "due"),
    "run": ("expir", "exp", "valid", "until", "end", "due", "run"),
    "until": ("until", "till", "end", "expir", "exp", "valid", "to", "frozen", "resum", "due"),
    "by": ("due", "deadline", "by", "until", "till", "end", "expir", "complet", "action", "fix", "resolv"),
    "due": ("due", "deadline", "return", "back", "expir", "end", "until", "renew", "next", "nxt")}  # ("when is
# her hire due back", "when is it next due for renewal": not the day it was taken out)
_WHEN_IT = re.compile(r"\bwhen (?:does|did|will|is|was|do) (?:it|this|that)\b", re.IGNORECASE)


def _records(value: Any) -> list[Any]:
    """The records of an answer: its items when it is a list, else itself."""
    return list(value) if isinstance(value, list) else [value]


def _record_words(value: Any) -> list[str]:
    """The words a record says: the parts of its keys and the words of its text values, lower case."""
    return [w for key, v in leaves(value) for w in
            [*(p for k in key for p in key_parts(k)), *(_WORD.findall(v.lower()) if isinstance(v, str) else ())]]


def lists_in(value: Any) -> list[list[Any]]:
    """The lists an answer holds: itself when it is one, else those directly under its keys (an envelope's)."""
    if isinstance(value, list):
        return [value]
    return [v for v in value.values() if isinstance(v, list)] if isinstance(value, dict) else []


def _is_person_record(record: Any) -> bool:
    """A record about a person: its own name reads as one (``name: Dr. Esther Okwu``; not ``teacher_name``, which
    a course record holds)."""
    return isinstance(record, dict) and any(
        isinstance(v, str) and str(k).lower() in ("name", "full_name", "fullname", "display_name") and
        _looks_person((str(k),), v) for k, v in record.items())


def _time_named(query: str, record: Any) -> bool:
    """A record holds a date or time under a field the request names ("when was it published": ``published``)."""
    words = request_words(query)
    return any(_looks_time(k, v) and k and {stem(p) for p in key_parts(k[-1])} & words for k, v in leaves(record))


#: a vocabulary that leaves every word run of a request to the reader's residuals (names it may give in lower case)
_NO_TOOL_WORDS = frozenset({"_"})


def _plain(text: str) -> str:
    """A name as words, lower case, without its title ("Mr. Haruto Sato" is the Haruto Sato a request names)."""
    return " ".join(w for w in re.findall(r"[a-z]+", text.lower()) if w not in HONORIFICS)


def _named_plainly(query: str) -> set[str]:
    """The names a request gives (capitalised or not: "amara osei"), as :func:`_plain` words."""
    return {_plain(str(o.value)) for o in read(query, _NO_TOOL_WORDS)
            if o.kind in ("name", "cue", "quoted") or o.kind.startswith("residual")}


def meets(ask: Ask, value: Any, query: str = "") -> bool:
    """Whether a goal call's parsed response meets one ask."""
    if ask.kind == "count" and (ask.word == "how much" or any(  # an amount, not how many items a list holds
            unit_of(m.group(1)) for m in HOW_MANY_UNIT.finditer(query.lower()))):  # (also "how many grams")
        return _has_amount(value, query) or _counted_field(value, query)
    if ask.kind == "count":
        if _per_record_counts(value, query):
            return _counted_field(value, query)
        return _has_count(value) or _counted_field(value, query) or _holds_remaining(
            query, ((key[-1], v) for key, v in leaves(value) if key))
    pairs = list(leaves(value))
    if ask.kind == "time":
        event = _WHEN_EVENT.search(query.lower())
        if event:  # "when should it arrive": a time named for arriving (eta, expected_delivery), not any date
            keys = _EVENT_KEYS[(event.group(1) or event.group(2)).split()[0][:5]]
            return any(_looks_time(k, v) and any(p.startswith(keys) for x in k for p in key_parts(x))
                       for k, v in pairs)
        if _WHEN_IT.search(query):  # "when does it meet": a time of a thing, not a person's (office_hours)
            return any(_looks_time(k, v) for r in _records(value) if not _is_person_record(r) for k, v in leaves(r))
        return any(_looks_time(k, v) for k, v in pairs)
    if ask.kind == "person":  # someone other than the people the request names ("who approved Ama's leave")
        named = _named_plainly(query)
        return any(_looks_person(k, v) and _plain(v) not in named for k, v in pairs)
    if ask.kind == "place":  # "where": an address, a room, a shelf, coordinates
        return any({p.lower() for x in k for p in key_parts(x)} & PLACE_KEYS for k, v in pairs
                   if v not in (None, "") and not isinstance(v, bool))
    if ask.kind == "problem":  # "what's wrong": a field for a problem, an exception, a note, an event
        return any(isinstance(v, str) and {p.lower() for x in k for p in key_parts(x)} & PROBLEM_KEYS
                   for k, v in pairs)
    if ask.word == "date" and any(_looks_time(k, v) for k, v in pairs) or ask.word == "time" and any(
            isinstance(v, str) and _CLOCK.search(v) for _, v in pairs):
        return True  # "what time is check-out": check_out: "10:30"
    return any(ask.word in {stem(p) for k in key for p in expand_abbreviations(set(key_parts(k)))} or
               _clipped(ask.word, key[-1]) for key, _ in pairs if key)  # (``booking_ref`` holds the reference)


def _clipped(word: str, key: str) -> bool:
    """Whether a terse key is the word clipped: ``prem`` for premium, ``temp`` for temperature (three to five
    letters the word starts with, two or more left off)."""
    k = key.lower()
    return 3 <= len(k) <= 5 and k.isalpha() and word.startswith(k) and len(word) >= len(k) + 2


_ASKED_NOUNS = re.compile(
    r"\b(?:what(?:'s| is| are|'re| was| were)|how(?:'s| is| are)|how much (?:is|was|are|were)(?= the\b)|"
    r"who(?:'s| is| was)(?= the\b)|give me|tell me|show me|get me|"
    r"find me|send me|i need|i want|"
    r"i'd like|and(?!\s+"
    r"(?:what|how|when|who|where"
    r"|which|is|are|does|do)\b))\s+(?:every\s+|each\s+|all\s+(?:the\s+)?)?(?:the\s+|their\s+|its\s+|his\s+"
    r"|her\s+|my\s+|that\s+|this\s+)?(?:[a-z]+(?:[\s-][a-z]+)?'s\s+)?([a-z]+(?:\s+(?:and\s+)?[a-z]+){0,3})")


_POSSESSED = re.compile(r"(?:'s|’s)\s+([a-z]{3,})(?:\s+([a-z]{3,}))?\s*(?=[?.!,;]|$)")
_WHICH_NOUN = re.compile(r"\b(?:what|which)\s+([a-z]{3,})\s+(?:is|are|was|were|does|do|did|has|have|went|go|goes|"
                         r"came|come|comes|got|gets|made|need|needs|needed|used|took|takes|left)\b")
# "which mechanic worked on it", "which train stations are there"
_WHICH_DOES = re.compile(r"\bwhich\s+(?!one\b|ones\b)([a-z]{3,})(?:\s+(?!of\b|is\b|are\b|was\b|were\b|does\b|do\b|"
                         r"did\b|has\b|have\b)([a-z]{2,})(?:\s+([a-z]+))?|\s*[?.!]|$)")  # ("from which gate?")


def which_nouns(query: str) -> set[str]:
    """Stems of the thing a "which X <verb>" question asks for ("which mechanic worked on it": mechanic; "which
    train stations are there": station, the head of the noun)."""
    out = set()
    for a, b, c in _WHICH_DOES.findall(query.lower()):  # (a plural then "are": the noun goes on)
        head = b if b.endswith("s") and c in ("are", "were", "is", "was", "have", "has", "do", "does") else a
        if head not in ATTRIBUTE_STOPWORDS:
            out.add(stem(head))
    return out


def noun_modifiers(query: str) -> dict[str, set[str]]:
    """For each head noun :func:`asked_nouns` reads after an asking phrase that names an aspect of something
    (conditions, terms, rules, details...), the stems of the words before it in the same noun phrase ("what are
    the access conditions": conditions <- access): a field of that name answers it."""
    out: dict[str, set[str]] = {}
    for phrase in _ASKED_NOUNS.findall(query.lower()):
        item: list[str] = []
        for w in phrase.split():
            if w == "and" or w in ATTRIBUTE_STOPWORDS or len(w) < 3:
                break
            item.append(stem(w))
        if len(item) > 1 and item[-1] in _ASPECTS:
            out.setdefault(item[-1], set()).update(item[:-1])
    return out


#: nouns for an aspect of the thing the word before them names ("access conditions", "payment terms")
_ASPECTS = frozenset(stem(w) for w in "condition conditions term terms rule rules detail details info information "
                     "note notes policy policies instruction instructions restriction restrictions requirement "
                     "requirements arrangement arrangements setting settings option options".split())


def asked_nouns(query: str) -> set[str]:
    """Stems of the words in asking position: what follows "what's the / their / that X's", "how's the", "give
    me", "and" ("what's that depot's address" -> address; "give me sunrise and sunset" -> sunrise, sunset)."""
    out: set[str] = set()
    for phrase in _ASKED_NOUNS.findall(query.lower()):
        said: list[list[str]] = [[]]
        for w in phrase.split():
            if w == "and":
                said.append([])
                continue
            if w in ATTRIBUTE_STOPWORDS or len(w) < 3:
                break  # the noun phrase ends at the first word that is no attribute ("... of the depot")
            said[-1].append(stem(w))
        for item in said:  # each item's head noun, its last word: "driving licence number" asks for the licence
            # (a generic word says which of the thing is meant, not what: "phone number" asks for the phone)
            heads = [w for w in item if w not in _GENERIC_NOUNS] or item
            out |= set(heads[-1:])
    out |= {stem(w) for w in _WHICH_NOUN.findall(query.lower()) if w not in ATTRIBUTE_STOPWORDS}
    out |= which_nouns(query)
    for pair in _POSSESSED.findall(query.lower()):  # "... Mateo Ruiz's email?": what is owned, at a clause's end
        heads = [w for w in pair if w and w not in ATTRIBUTE_STOPWORDS]
        heads = [w for w in heads if stem(w) not in _GENERIC_NOUNS] or heads
        out |= {stem(w) for w in heads[-1:]}
    return out


_GENERIC_NOUNS = frozenset(stem(w) for w in "number name id value code detail details info data list".split())


def nearby_asks(query: str, field_words: set[str], goal_schemas: Iterable[Any]) -> list[Ask]:
    """Attributes the request asks for (:func:`asked_nouns`) that no goal tool declares but a tool next to the
    plan does (``field_words``: stems of those tools' field names): "what's that depot's address" answered by the
    shipment's tracking alone lacks the address."""
    declared = {stem(p) for schema in goal_schemas for name, _ in schema_fields(schema) for p in key_parts(name)}
    return [Ask("attribute", w) for w in sorted(asked_nouns(query) & field_words - declared)
            if w not in PERSON_KEYS - {"email"}]


def attribute_asks(query: str, schemas: Iterable[Any]) -> list[Ask]:
    """Attributes the request names that a goal tool's output schema has a field for (``email``, ``isbn``)."""
    words = request_words(query)
    found: list[Ask] = []
    for schema in schemas:
        for name, _ in schema_fields(schema):
            for part in key_parts(name):
                w = stem(part)
                if w in words and len(w) > 2 and w not in PERSON_KEYS - {"email"} and \
                        not any(a.word == w for a in found):
                    found.append(Ask("attribute", w))
    return found


# -- the judge ----------------------------------------------------------------------------------------------------
def goal_calls(plan: Plan, calls: list[CallRecord]) -> list[CallRecord]:
    """The calls of the plan's goal tools: each subtask's last tool that feeds no other tool of the plan (else each
    subtask's last tool; else the plan's sinks)."""
    feeding = {e.source for e in plan.edges if e.type in ("STRONG_RESOURCE", "WEAK_RESOURCE")}
    ends = [sub.tools[-1] for sub in plan.subtasks if sub.tools]
    goals = [t for t in ends if t not in feeding] or ends
    if not goals:
        sources = {e.source for e in plan.edges}
        goals = [t for t in plan.tool_ids() if t not in sources]
    out: list[CallRecord] = []
    for g in dict.fromkeys(goals):
        match = next((c for c in calls if (c.substitute_for or c.tool) == g), None)
        if match is not None and match not in out:
            out.append(match)
    return out


def _value(call: CallRecord) -> Any:
    return call.raw_value if call.raw_value is not None else call.result


_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def value_at(value: Any, path: str) -> Any:
    """The value at a binding path (``loans[0].book_id``), or None."""
    for key, index in _STEP.findall(path):
        if index:
            value = value[int(index)] if isinstance(value, list) and int(index) < len(value) else None
        else:
            value = value.get(key) if isinstance(value, dict) else None
        if value is None:
            return None
    return value


def via_records(calls: list[CallRecord], goal_ids: set[str]) -> list[tuple[CallRecord, dict[str, Any], str]]:
    """The records a run went through on its way to its goals: (call, the record, the field it handed on), for
    each value a later call bound from a record of an earlier one that is no goal (``bookings[0]`` of a guest's
    bookings, whose ``booking_id`` the invoice took)."""
    flat = [r for c in calls for r in ([c] + list(c.replanned))]
    by_id = {c.id: c for c in flat}
    out: list[tuple[CallRecord, dict[str, Any], str]] = []
    for c in flat:
        for source in c.bound_from.values():
            found = bound_record(source, by_id)
            if found is None or found[0].id in goal_ids:
                continue
            up, record, name = found
            if value_at(record, name) is not None and \
                    not any(o[0] is up and o[1] is record and o[2] == name for o in out):
                out.append((up, record, name))
    return out


def bound_record(source: str, by_id: dict[str, CallRecord]) -> tuple[CallRecord, dict[str, Any], str] | None:
    """The record a bound value came from (a ``bound_from`` entry ``c1:bookings[0].booking_id``): (the successful
    call, the record, the field taken), or None when it came from no record of a call."""
    cid, _, path = source.partition(":")
    up = by_id.get(cid)
    if up is None or up.status != "ok" or not path:
        return None
    head, _, name = path.rpartition(".")
    record = value_at(_value(up), head) if head else _value(up)
    return (up, record, name) if isinstance(record, dict) else None


def _stand_in(query: str, call: CallRecord, planned_schema: Any) -> str | None:
    """Why a substitute's answer does not stand in for the goal tool it replaced: it holds none of the fields the
    planned tool declares, or (none declared) none that the request names."""
    keys = {k for key, _ in leaves(_value(call)) for k in key}
    declared = {name for name, _ in schema_fields(planned_schema)} if planned_schema else set()
    if declared:
        if keys & declared:
            return None
        return (f"goal call [{call.id}]: substitute {call.tool} gives none of {call.substitute_for}'s outputs "
                f"({', '.join(sorted(declared)[:6])})")
    if asked_fields(query, _value(call)):
        return None
    return (f"goal call [{call.id}]: substitute {call.tool} for {call.substitute_for} answered, but with nothing the "
            f"request names")


NAMING_KINDS = ("quoted", "cue", "name", "noun_id", "identifier", "slug", "email", "isbn", "month", "date", "season",
                "residual_owner", "residual_place")
HONORIFICS = {"dr", "mr", "mrs", "ms", "miss", "prof", "sir", "dame", "the"}


def unused_names(query: str, plan: Plan, calls: list[CallRecord]) -> list[str]:
    """The things the request names (names, ids, codes, emails; toolgraph.text.reading) that no call took as an
    argument or gave back: a run that never touched them did not answer this request."""
    vocabulary = _tool_words(plan)
    for said in remarks(query):  # ("... I don't want to get anyone in trouble": no trouble to look up)
        query = query.replace(said, " ")
    every = [r for c in calls for r in (*c.replanned, c)]  # the calls of re-planned paths too
    seen = " ".join((dumps(c.arguments) if not is_empty(_value(c)) else "") + " " + dumps(_value(c))
                    for c in every if c.status == "ok").lower()  # (a lookup that found nothing used no name)
    seen_words = set(re.findall(r"[a-z0-9]+", seen))
    seen_words |= {singular(w) for w in seen_words}
    together: list[set[str]] | None = None  # the words of each record the calls gave, read when a name needs them
    out: list[str] = []
    for o in read(query, vocabulary):
        if o.kind not in NAMING_KINDS and not is_subject(query, o) or str(o.value) in out:
            continue  # (a question's subject is a name: "what has priya nataraj got booked")
        words = [w for w in re.findall(r"[a-z0-9]+", str(o.value).lower()) if w not in HONORIFICS]
        if words and not all(w in seen_words or singular(w) in seen_words for w in words):  # (IPAs: an IPA)
            out.append(str(o.value))
        elif len(words) > 1 and o.kind in ("name", "residual_owner"):
            if together is None:
                together = [_words_with(w) for w in _record_texts(every)]
            name = [w for w in re.findall(r"[a-z0-9]+", _folded(str(o.value))) if w not in HONORIFICS]
            if not any(all(w in t or singular(w) in t for w in name) for t in together):
                out.append(str(o.value))  # a person's name, its words in no one record a call gave ("Iris
                # Pennock": Idris Pennock's record, and a boat named Iris)
    return out


def _record_texts(calls: list[CallRecord]) -> Iterator[str]:
    """The text of each record the calls gave: each object's own scalar values (a name a call took is not found
    by it: ``listlocks(name="hetty marlow")`` answering with every lock)."""
    def walk(value: Any, depth: int = 0) -> Iterator[str]:
        if depth > 8:
            return
        if isinstance(value, dict):
            yield " ".join(str(v) for v in value.values() if isinstance(v, str | int | float))
            for v in value.values():
                if isinstance(v, dict | list):
                    yield from walk(v, depth + 1)
        elif isinstance(value, list):
            for v in value:
                yield from walk(v, depth + 1)
        elif isinstance(value, str):
            yield value
    for c in calls:
        if c.status == "ok":
            yield from walk(_value(c))


def _words_with(text: str) -> set[str]:
    words = set(re.findall(r"[a-z0-9]+", _folded(text)))
    return words | {singular(w) for w in words}


def _folded(text: str) -> str:
    """Lower case without accents ("Pádraig" as "padraig" is written)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(ch))




#: who a request is for, counted ("for ten people", "4 guests", "six servings"): an amount scales with them
PARTY_NOUNS = frozenset("people person persons guest guests adult adults serving servings portion portions diner "
                        "diners".split())


_FOR_PARTY = re.compile(r"\b(?:for|feeds?|serves?|serving)\s+([a-z0-9]+)\s+(" + "|".join(sorted(PARTY_NOUNS)) + r")\b|"
                        r"\b(?:a|the)\s+(party|group|table)\s+of\s+([a-z0-9]+)\b")  # ("a party of 2")


def unused_party(query: str, calls: list[CallRecord]) -> list[tuple[int, str]]:
    """The counts of people or servings the request is for that no call took ("shakshuka for ten people. How much
    feta?" answered with the recipe's own amount, for four)."""
    taken = {str(v).strip().lower() for c in calls for r in (*c.replanned, c) if r.status == "ok"
             for v in r.arguments.values()}
    out = []
    for m in _FOR_PARTY.finditer(query.lower()):
        count, noun = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), "people")
        n = int(count) if count.isdigit() else NUMBER_WORDS.get(count)
        if n is not None and n >= 2 and str(n) not in taken:
            out.append((n, noun))
    return out


_IF_AMOUNT = re.compile(r"\b(?:if|were|suppose|supposing)\b[^?.!;]*?([$£€]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s?"
                        r"(?:%|percent\b))")


def unused_conditions(query: str, calls: list[CallRecord]) -> list[str]:
    """The amounts of a what-if no call took ("how much would it cost if she raised her deductible to $1,000"
    answered with the policy as it is)."""
    def number(text: str) -> float | None:
        digits = re.sub(r"[^\d.]", "", text.replace(",", ""))
        try:
            return float(digits)
        except ValueError:
            return None

    taken = {n for c in calls for r in (*c.replanned, c) if r.status == "ok" for v in r.arguments.values()
             if (n := number(str(v))) is not None}
    return [m.group(1) for m in _IF_AMOUNT.finditer(query) if number(m.group(1)) not in taken]


_DET = r"(?:the|that|this|their|his|her|its|my|our|your)"
_OWNER = re.compile(rf"\b{_DET}\s+(?:[a-z]+\s+)?([a-z]{{3,}})'s\s+([a-z]{{3,}})|"  # the (biology) teacher's email
                    rf"\b([a-z]{{3,}})\s+of\s+(?:{_DET}\s+|[a-z]+(?:\s[a-z]+)?'s\s+)(?:[a-z]+\s+)?([a-z]{{3,}})"
                    r"(?=\s*(?:[?.!,;](?![\w@])|$)|\s+(?:and|in|on|at|for|with|from|please|that|which|who|where|whose|"
                    r"she|he|they|it|i|we|you)\b|\s+[\w.@+-]+(?:'s|’s)\s)")  # the email of X's teacher; the phone
# of the branch she ...; the phone number of the site ana@example.com's membership is based at


#: "who is rhys's form tutor, and what's their email": the tutor's email
_WHO_THEIR = re.compile(r"\bwho(?:'s| is| are| was)\s+(?:[a-z0-9'’-]+\s+){0,4}?([a-z]{3,})\s*,?\s+and\s+"
                        r"what(?:'s| is| are| was)\s+(?:their|his|her)\s+([a-z]{3,})|"
                        r"\bwho(?:'s| is| are| was)\s+the\s+(?:[a-z]+\s+)?([a-z]{3,})\s+(?:for|of|on|at|in|behind|"
                        r"where|that|which)\b[^?.!]*?"
                        r"\band\s+what(?:'s| is| are| was)\s+(?:their|his|her)\s+([a-z]{3,})")


def _wrong_owner(query: str, plan: Plan, answered: list[CallRecord], nearby: set[str],
                 calls: list[CallRecord] = ()) -> list[str]:  # type: ignore[assignment]
    """"What's the email of Mei Lin's biology teacher?" answered by a student's record: an attribute asked of a
    kind of thing the tools know (teacher, depot, author: a word of the plan's tools or of the fields of the tools
    next to them, ``nearby``) that no goal tool is about (its name or fields, or the words of the record it was
    got by: nutrition fetched by the recipe id of "Mushroom Risotto" is about the risotto)."""
    if not answered:
        return []
    known = {stem(w) for t in plan.tools for w in key_parts(f"{t.name} {t.description[:600]}")} | nearby
    vocabulary = _tool_words(plan)
    names = {str(o.value).lower() for o in read(query, vocabulary)
             if o.kind in NAMING_KINDS and not o.kind.startswith("residual")}  # (a kind word may be left over)
    lowered = query.lower()
    owners: set[str] = set()
    attrs: dict[str, str] = {}
    owned = [(m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3)) for m in _OWNER.finditer(lowered)]
    owned += [(m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
              for m in _WHO_THEIR.finditer(lowered)]
    for owner, attr in owned:
        if owner in ATTRIBUTE_STOPWORDS or attr in ATTRIBUTE_STOPWORDS or any(owner in n.split() for n in names) \
                or stem(owner) not in known:
            continue
        owners.add(owner)
        before = re.search(rf"([a-z0-9]+)\s+{re.escape(attr)}\s+of\b", lowered)  # "email address of": email
        if before is not None and (before.group(1) in NUMBER_WORDS or before.group(1).isdigit()):
            continue  # "one serving of the risotto", "two cups of milk": a quantity, not an attribute
        if before is not None and before.group(1) not in ATTRIBUTE_STOPWORDS:
            attrs[owner] = f"{before.group(1)} {attr}"  # (the phone number of the site: a phone)
        elif stem(attr) not in _GENERIC_NOUNS:
            attrs[owner] = attr
    if not owners:
        return []
    tools = {t.id: t for t in plan.tools}
    about: set[str] = set()
    for c in answered:  # (a re-planned goal is about what its new path ended in: get_customer for get_branch)
        t = None if c.replanned else tools.get(c.substitute_for or c.tool)
        text = f"{_answered_by(c)} {t.name if t else ''}"  # (a description may name other kinds)
        about |= {stem(w) for w in key_parts(text)}
        about |= {stem(p) for key, _ in leaves(_value(c)) for k in key for p in key_parts(k)
                  if not set(key_parts(k)[-1:]) & _ID_PARTS}  # (home_club_id points at a club; it is none)
        about |= _via_fields(c)  # (the teacher got by the student's advisor_id is the advisor)
    by_id = {c.id: c for c in calls}
    for c in answered:  # a record got by an id is about the thing the id came from
        for found in filter(None, (bound_record(source, by_id) for source in c.bound_from.values())):
            about |= {stem(w) for _, v in leaves(found[1]) if isinstance(v, str) for w in _WORD.findall(v.lower())}
    out = [f"the request asks about the {o}, but no goal call is about one" for o in sorted(owners)
           if stem(o) not in about]
    return out + [f"the request asks the {o}'s {a}; no goal call gave one" for o, a in sorted(attrs.items())
                  if stem(o) in about and not _holds(o, {stem(w) for w in a.split()}, answered,
                                                     request_words(query))]  # "the address
    #   of his home club": not the member's; "email address": an email will do; "their email": the tutor's


#: words beside an attribute in a key that name no other holder (``email_address``, ``work_phone``)
_SAME_HOLDER = frozenset(stem(w) for w in "address primary secondary work home mobile main personal office business "
                         "contact direct alt alternate public preferred full".split())


def _answered_by(call: CallRecord) -> str:
    """The bare name of the tool whose answer a call holds: a re-planned call's, its new path's last tool."""
    return (call.replanned[-1].tool if call.replanned else call.tool).rsplit("/", 1)[-1]


def _tool_words(plan: Plan) -> set[str]:
    """The vocabulary of the plan's tools (names, descriptions): what the reader leaves out of the request's names."""
    return vocabulary_of(*(f"{t.name} {t.description[:600]}" for t in plan.tools))


def _via_fields(call: CallRecord) -> set[str]:
    """Stems of the fields a call's ids came from (``advisor_id``; not the list they sat in)."""
    return {stem(p) for src in call.bound_from.values() if ":" in src
            for p in key_parts(re.split(r"[.\[\]]+", src.split(":", 1)[1].rstrip("]0123456789["))[-1])}


def _holds(owner: str, attr: set[str], answered: list[CallRecord], said: set[str] = frozenset()) -> bool:
    """Whether a goal call gave a record with the attribute (a word of ``attr`` in a key) that is the owner's: the
    owner's word in the record's keys or text, or in its tool's name (the tutor's email, not a guardian's). A key
    that names another holder (``viewer_email`` for "the agent ... their email"; words the request, ``said``, does
    not use) is not the owner's."""
    for c in answered:  # (a record got by the owner's id is the owner's: advisor_id for "the advisor's hours")
        named = {stem(p) for p in key_parts(_answered_by(c))}
        named |= _via_fields(c)
        for record in _records(_value(c)):
            keys = {stem(p) for key, _ in leaves(record) for k in key for p in key_parts(k)}
            if not any(attr & (parts := {stem(p) for p in expand_abbreviations(set(key_parts(key[-1])))}) and (
                    stem(owner) in parts or not _other_words(key[-1], attr) - said - _GENERIC_NOUNS - _SAME_HOLDER)
                       for key, _ in leaves(record) if key):
                continue
            text = {stem(w) for _, v in leaves(record) if isinstance(v, str) for w in _WORD.findall(v.lower())}
            if stem(owner) in text | named or stem(owner) in keys and not (
                    _names_other_kind(c, owner) and not _owner_in_path(owner, attr, record)):
                return True
    return False


def _other_words(key: str, attr: set[str]) -> set[str]:
    """Stems of the words of a key other than the attribute's (``viewer_email``: viewer; ``phone`` for a
    mobile: none, a phone field is one)."""
    return {stem(p) for p in key_parts(key) if not {stem(w) for w in expand_abbreviations({p})} & attr}


def _names_other_kind(call: CallRecord, owner: str) -> bool:
    """Whether the tool whose answer a call holds is named for a kind of thing, not the owner (``getCustomer``
    for "the phone of the site"): its record's own fields are that thing's, though a key names the owner
    (``home_site_name``, a reference)."""
    words = {stem(singular(w)) for w in key_parts(_answered_by(call)) if len(w) > 2} - \
        {stem(w) for w in VERB_WORDS | WRITE_NAME_VERBS}
    return bool(words) and stem(owner) not in words


def _owner_in_path(owner: str, attr: set[str], record: Any) -> bool:
    """Whether the owner's word is on the key path of one of the record's fields for the attribute
    (``site.phone``, ``site_phone``), or names a field beside it that is no id (``harbour_master: Shona
    Abernethy`` beside ``phone``; not ``membership.home_site_name`` two levels off, nor ``home_site_id``)."""
    pairs = [(key, v) for key, v in leaves(record) if key]
    for key, _ in pairs:
        if not attr & {stem(p) for p in key_parts(key[-1])}:
            continue
        if stem(owner) in {stem(p) for k in key for p in key_parts(k)}:
            return True
        if any(k[:-1] == key[:-1] and stem(owner) in {stem(p) for p in key_parts(k[-1])} and
               not set(key_parts(k[-1])) & BARE_ID_WORDS and not (isinstance(v, str) and _CODE.match(v))
               for k, v in pairs):
            return True
    return False


def _other_unit(query: str, answered: list[CallRecord]) -> list[str]:
    """"how many cups of milk" answered by 720 ml: an amount asked in a unit of measure that no goal call's answer
    gives in that unit (a key or a value naming it: ``unit: cup``, ``calories_kcal``)."""
    out = []
    for m in HOW_MANY_UNIT.finditer(query.lower()):
        unit = unit_of(m.group(1))
        if unit is None or not answered:
            continue
        words = {w.lower() for c in answered for key, v in leaves(_value(c))
                 for w in _WORD.findall(" ".join([*key, v if isinstance(v, str) else ""]).replace("_", " "))}
        if not (words | {singular(w) for w in words}) & MEASURES[unit]:  # (``metres_needed``: metres)
            out.append(f"the request asks how many {m.group(1)}; no goal call gave an amount in {unit}s")
    return out


_IN_MONEY = re.compile(r"\bin\s+(pounds|sterling|dollars|euros|gbp|usd|eur)\b")
_SUB_UNITS = frozenset("pence penny pennies cents cent".split())


def _other_currency(query: str, answered: list[CallRecord]) -> list[str]:
    """"How much a month is the deal worth, in pounds?" answered by ``amt: 22500`` whose key its description
    glosses "amount per month in pence": the amount is not in the unit asked."""
    m = _IN_MONEY.search(query.lower())
    if m is None:
        return []
    for c in answered:
        for key, v in leaves(_value(c)):
            cents = set(key_parts(key[-1])) & _SUB_UNITS if key and _is_number(v) else set()
            if cents:
                return [f"the request asks for the amount in {m.group(1)}; goal call [{c.id}] gives it in "
                        f"{sorted(cents)[0]} ({key[-1]})"]
    return []


def selected(query: str, records: list[Any]) -> tuple[str, str | bool, list[dict[str, Any]]] | None:
    """The records a request picks out of a list by a short value it names (``region: eu-west-1`` for "how many
    servers ... in eu-west-1", ``category: groceries``) or by a yes/no field it names, plainly or negated
    ("unauthorised absences": ``authorised: false``): (field, value, those records), when some but not all of
    the records hold it; else None. The answer without an LLM counts and totals those (answer.py)."""
    if len(records) < 2 or not all(isinstance(r, dict) for r in records):
        return None
    words = request_words(query)
    low = query.lower()
    keys = sorted({k for r in records for k, v in r.items() if isinstance(v, str) and 0 < len(v) <= 30})
    for key in keys:
        hits = [r for r in records if isinstance(r.get(key), str) and ((found := {
            stem(w) for w in _WORD.findall(r[key])}) and found <= words or re.search(  # (or the whole value: q-cell)
                rf"(?<![\w-]){re.escape(r[key].lower())}(?![\w-])", low) and len(r[key]) >= 3)]
        if hits and len(hits) < len(records):
            return key, hits[0][key], hits
    for key in sorted({k for r in records for k, v in r.items() if isinstance(v, bool)}):  # "unauthorised
        # absences": ``authorised: false``; "paid invoices": ``paid: true``
        parts = [p for p in key_parts(key) if p not in ("is", "has")]
        if len(parts) != 1 or len(parts[0]) < 4:
            continue
        wanted = {w == parts[0] for w in _WORD.findall(low)  # (said plainly, or with a negating prefix)
                  if re.fullmatch(rf"(?:un|non|in|im|dis)?{re.escape(parts[0])}", w)}
        if re.search(rf"\b(?:not|never|isn't|aren't|wasn't|weren't)\s+(?:been\s+|yet\s+)?{re.escape(parts[0])}\b", low):
            wanted = {False}
        if len(wanted) != 1:
            continue
        value = wanted.pop()
        hits = [r for r in records if r.get(key) is value]
        if hits and len(hits) < len(records):
            return key, value, hits
    return None


#: words a request says a yes/no field with: "still free" asks for ``available: true``
_TRUE_WORDS = {"free": {"available", "free", "vacant", "open"}, "available": {"available", "free", "vacant"},
               "vacant": {"available", "free", "vacant"}, "open": {"open", "available"}}
_PICKING = re.compile(r"\b(?:any|which|are there|is there|what)\b", re.IGNORECASE)


_SIZED = re.compile(r"\b(\d{1,3})(?:-|\s)([a-z]{3,})\b")


def matching(query: str, records: list[Any]) -> tuple[list[str], list[dict[str, Any]]] | None:
    """The records a question picks out of a list by every condition it names ("any aisle seats with extra
    legroom still free": ``position: aisle``, ``extra_legroom: true``, ``available: true``): (the conditions, the
    records meeting all of them), when there are two conditions or more and some but not all records meet them;
    else None. A short value named by the request's words, a yes/no field whose name's words the request says (or
    says "free" / "available" for)."""
    if len(records) < 2 or not all(isinstance(r, dict) for r in records) or not _PICKING.search(query):
        return None
    words = request_words(query)
    said = {w.lower() for w in _WORD.findall(query)}
    conditions: list[tuple[str, Any]] = []
    keys = sorted({k for r in records for k in r})
    sized = {stem(w): int(n) for n, w in _SIZED.findall(query.lower())}  # "4-berth cabins": berths 4
    strong = False
    for key in keys:
        values = [r.get(key) for r in records]
        size = next((sized[stem(p)] for p in key_parts(key) if stem(p) in sized), None)
        if size is not None and all(isinstance(v, int | float) and not isinstance(v, bool) for v in values
                                    if v is not None) and size in values:
            conditions.append((key, size))
            strong = True
            continue
        if all(isinstance(v, bool) for v in values if v is not None) and any(isinstance(v, bool) for v in values):
            every = key_parts(key)
            parts = [p for p in every if p not in ("is", "has")]
            named = bool(parts) and {stem(p) for p in parts} <= words
            truthy = bool(every) and any(every[-1] in _TRUE_WORDS.get(w, ()) for w in said)
            if named or truthy:
                conditions.append((key, True))
            continue
        strings = {v for v in values if isinstance(v, str) and 0 < len(v) <= 20}
        named_values = [v for v in strings if {stem(w) for w in _WORD.findall(v)} <= words and _WORD.findall(v)]
        if len(named_values) == 1 and len(strings) > 1:
            conditions.append((key, named_values[0]))
    if len(conditions) < 2 and not strong:
        return None
    hits = [r for r in records if all(r.get(k) == v for k, v in conditions)]
    if not hits or len(hits) == len(records):
        return None
    return [f"{k}: {str(v).lower() if isinstance(v, bool) else v}" for k, v in conditions], hits


_CODE = re.compile(r"^(?=.*\d)[A-Za-z0-9]+(?:[-_/.][A-Za-z0-9]+)*$")  # an identifier-shaped value (BBT-1, H4)


def _names_kind(key: str, kinds: frozenset[str]) -> bool:
    """Whether a key names one of the kinds (stems): ``brite_tank``, ``tanks``."""
    return bool({stem(singular(p)) for p in key_parts(key)} & kinds)


def tool_names_kind(name: str, kinds: frozenset[str]) -> bool:
    """Whether a tool's bare name names one of the kinds, its words run together or not (``gettank``)."""
    return _names_kind(name, kinds) or any(len(k) > 3 and k in name.lower() for k in kinds)


def ids_of(value: Any, kinds: frozenset[str], listed_as: str = "") -> set[str]:
    """The ids of the thing a response holds: under a key naming it and an id (``hangar_id``, ``pz`` when the
    glossary reads it as the puzzle id), under a key naming it with a code for a value (``brite_tank: BBT-1``), or a
    record's own ``id`` in a list of such things (``standing_orders[].id``; ``listed_as``: the tool's bare name,
    for a record at the top)."""
    out: set[str] = set()
    for key, v in leaves(value):
        if not key or v in (None, "") or isinstance(v, bool | dict | list):
            continue
        last = key_parts(key[-1])
        if _id_of_kind(key[-1], kinds) and (set(last) & BARE_ID_WORDS or isinstance(v, str) and _CODE.match(v)):
            out.add(str(v))
        elif last in (["id"], ["code"]):  # a record's own id: of the thing when its list or tool names it
            owner = next((k for k in reversed(key[:-1]) if not k.isdigit()), None)
            if owner and _names_kind(owner, kinds) or owner is None and tool_names_kind(listed_as, kinds):
                out.add(str(v))
    return out


def _id_of_kind(key: str, kinds: frozenset[str]) -> bool:
    """Whether a key holds an id of one of the kinds: it names one (``hangar_id``), or its gloss names one right
    before an id word ("`home` home mooring id"; not "`wway` waterway code of the home mooring": a waterway's)."""
    meaning = meaning_of(key)
    at = next((i for i, w in enumerate(meaning) if w in BARE_ID_WORDS), None) if meaning else None
    if not at:
        return _names_kind(key, kinds)
    return bool({stem(singular(p)) for p in [*_own_parts(key), meaning[at - 1]]} & kinds)


def holds_id(value: Any, kinds: frozenset[str], listed_as: str = "") -> bool:
    """Whether a response holds an id of the thing (:func:`ids_of`)."""
    return bool(ids_of(value, kinds, listed_as))


#: "how many litres does that tank hold", "the door on that hangar": a thing named again, to ask about it
_THAT_THING = re.compile(r"\b(?:of|on|in|at|for|does|do|did|is|was|are|were|has|have|had|from|to|with|by|about|"
                         r"and|what|whats|what's)\s+(?:that|this)\s+([a-z]{3,})\b")
_NOT_THINGS = frozenset("one ones time times day days week weeks month months year years season morning evening "
                        "afternoon night weekend much many far long".split())


def _record_of(value: Any, kinds: frozenset[str]) -> bool:
    """Whether a response holds a record of the thing, not only its id: an object or a list of them under a key
    naming it (``room: {room_id, name}``)."""
    def walk(v: Any, depth: int = 0) -> bool:
        if depth > 6:
            return False
        if isinstance(v, dict):
            for k, x in v.items():
                if _names_kind(str(k), kinds) and (isinstance(x, dict) and len(x) > 1 or isinstance(x, list) and x
                                                    and isinstance(x[0], dict)):
                    return True
                if walk(x, depth + 1):
                    return True
        elif isinstance(v, list):
            return any(walk(x, depth + 1) for x in v[:50])
        return False
    return walk(value)


def _only_referenced(query: str, calls: list[CallRecord], answered: list[CallRecord]) -> list[str]:
    """"Which tank is it in, and how many litres does that tank hold?" answered by the batch's ``brite_tank:
    BBT-1``: the request names a thing again ("that tank", "this hangar") to ask about it, and the answer holds
    only its id: no call about the thing (its tool named for it) ran, no record of it came back."""
    out = []
    for noun in dict.fromkeys(_THAT_THING.findall(query.lower())):
        if noun in ATTRIBUTE_STOPWORDS or noun in NUMBER_WORDS or noun in _NOT_THINGS:
            continue
        kinds = frozenset({stem(singular(noun))})
        ok = [c for c in calls if c.status == "ok" and not c.simulated]
        if any(tool_names_kind(_answered_by(c), kinds) for c in ok) or any(_record_of(_value(c), kinds) for c in ok):
            continue
        if any(holds_id(_value(c), kinds, _answered_by(c)) for c in answered):
            out.append(f"the request asks about that {noun}, and the answer holds only its id: no call looked it up")
    return out


#: "the branch where odalys's preferred stylist works", "that line on the order": a thing the request speaks of
_DETERMINED = re.compile(r"(?:\b(?:the|that|this|his|her|their|its|my|our|your)|[a-z](?:'s|’s))\s+(?:([a-z]{3,})\s+)?"
                         r"([a-z]{3,})\b")


def _skipped_step(query: str, calls: list[CallRecord], answered: list[CallRecord]) -> list[str]:
    """"Who manages the branch where odalys ferreira-monk's preferred stylist works" answered by the client's
    home branch: the request goes through a thing it names (her stylist) whose id a record of the run holds
    (``preferred_stylist_id``), and no call looked that thing up (none took the id, none is named for the thing,
    no other call gave the id back: the branch's list of its stylists' names is no lookup of her stylist), nor
    does a record name it otherwise (``preferred_stylist_name``): the answer is reached some other way, about
    something else."""
    ok = [c for c in calls if c.status == "ok" and not c.simulated]
    goals = {c.id for c in answered}
    if not answered or len(ok) < 2:
        return []
    answers = " ".join(dumps(_value(c)) for c in answered)
    others = {c.id: dumps(_value(c)) for c in ok if c.id not in goals}  # (each dumped once)
    names = {w for o in read(query, frozenset({"_"})) if o.kind in NAMING_KINDS for w in
             _WORD.findall(str(o.value).lower())}
    taken = {str(v) for c in calls for _, v in leaves(c.arguments)}
    reported: set[str] = set()
    out = []
    for noun in dict.fromkeys(w for pair in _DETERMINED.findall(query.lower()) for w in pair if w):
        if noun in ATTRIBUTE_STOPWORDS or noun in NUMBER_WORDS or noun in _NOT_THINGS or noun in names or \
                stem(noun) in _GENERIC_NOUNS:
            continue
        kinds = frozenset({stem(singular(noun))})
        if any(tool_names_kind(_answered_by(c), kinds) or singular(noun) in _answered_by(c).lower() for c in ok):
            continue  # (a tool named for it, its words run together: ``getlandingfee`` for the fee)
        refs = {(key[-1], str(v)) for c in ok if c.id not in goals for key, v in leaves(_value(c))
                if key and isinstance(v, str | int) and not isinstance(v, bool) and _CODE.match(str(v)) and
                not _looks_time(key, v) and set(key_parts(key[-1])) & BARE_ID_WORDS and str(v) not in answers and
                [stem(singular(p)) for p in key_parts(key[-1]) if p not in BARE_ID_WORDS][-1:] == [*kinds]}
        held = {v for _, v in refs}
        if not held:
            continue
        holders = [c for c in ok if c.id in others and any(v in others[c.id] for v in held)]
        if len(holders) > 1:  # (no goal call holds it: ``answers`` does not)
            continue  # another call gave it too (a record of it, a list holding it)
        named = any(key and _names_kind(key[-1], kinds) and isinstance(v, str) and not _CODE.match(v)
                    and not set(key_parts(key[-1])) & BARE_ID_WORDS for c in holders for key, v in leaves(_value(c)))
        if not named and not held & (taken | reported):
            reported |= {v for _, v in refs}
            key, value = sorted(refs)[0]
            out.append(f"the request goes through the {noun} ({key}: {value}), which no call looked up: the answer "
                       "was reached another way")
    return out


def _other_of_kind(query: str, plan: Plan, answered: list[CallRecord]) -> list[str]:
    """"When is order FL-3044 being delivered" answered by the delivery of order FL-2877: the request names a
    thing by its id ("order FL-3044"), and a goal call's records each hold another id of that kind (``order:
    FL-2877``) and the one asked nowhere."""
    out = []
    for o in read(query, _tool_words(plan)):
        if o.kind != "noun_id" or not o.noun:
            continue
        kinds = frozenset({stem(singular(o.noun))})
        asked = str(o.value).lower()
        for c in answered:
            if asked in {str(v).lower() for _, v in leaves(c.arguments)}:
                continue  # a call made for the thing may answer with another of its kind (its manager's record)
            value = _value(c)
            records = [r for r in _records(value) if isinstance(r, dict)]
            held = [{str(v) for key, v in leaves(r) if key and str(v) in ids_of({key[-1]: v}, kinds) and
                     [stem(singular(p)) for p in key_parts(key[-1]) if p not in BARE_ID_WORDS] == [*kinds]}
                    for r in records]  # (under a key for the thing alone: ``order``, ``order_id``; a
            # ``manager_employee_id`` names another role)
            if not records or not all(held) or asked in dumps(value).lower():
                continue
            other = sorted(set().union(*held))[0]
            out.append(f"the request names {o.noun} {o.value}, and goal call [{c.id}] is about {o.noun} {other}")
    return out


def _only_found(query: str, answered: list[CallRecord]) -> list[str]:
    """"What goes into the Caprese salad?" answered by the search that found the Caprese Salad: the only goal
    looked up what the request names (by the name the request gave, one record found, labelled so), and nothing
    the request asks about it (its words besides the name) is a field of the answer; unless the request asks to
    find it ("is there a ...", "find ...", "which ...")."""
    if len(answered) != 1 or FINDING.search(query.lower()):
        return []
    c = answered[0]
    names = [str(v) for k, v in c.arguments.items() if isinstance(v, str) and c.bound_from.get(k, "").startswith(
        "request")]
    records = _records(_value(c))
    if not names or len(records) != 1 or not isinstance(records[0], dict):
        return []
    name_words = {stem(w) for n in names for w in _WORD.findall(n.lower())}
    label = " ".join(str(v) for k, v in records[0].items() if isinstance(v, str) and
                     set(key_parts(str(k))) & {"name", "title", "label"}).lower()
    label_words = {stem(w) for w in _WORD.findall(label)}
    if not name_words or not name_words <= label_words or len(label_words - name_words) > 1:
        return []  # (a record the name is only part of, "Chickpea and Spinach Stew" for chickpeas, is an answer)
    asked = request_words(query) - label_words
    keys = {stem(p) for key, _ in leaves(records[0]) for k in key for p in key_parts(k)}
    if asked and not asked & keys and not any(meets(a, records[0], query) for a in asks(query)):
        return [f"goal call [{c.id}] only found what the request names ({names[0]!r}); it answers nothing asked "
                "about it"]
    return []


_OTHER = re.compile(r"\b(?:another|other|different)\s+(?!than\b)([a-z]+)")


def _same_thing(query: str, calls: list[CallRecord], answered: list[CallRecord]) -> list[str]:
    """"What other event is at the same venue as booking BK-4F7Q2?" answered by the booking's own event: the
    request asks for another thing, and a goal call gave one record got by an id straight from the first calls
    (those that looked up what the request names), so it is that thing's, not another one's. A list of several
    may hold the others ("what other books did her author write")."""
    m = _OTHER.search(query.lower())
    if m is None:
        return []
    by_id = {c.id: c for c in calls}
    out = []
    for c in answered:
        value = _value(c)
        if not (isinstance(value, dict) or isinstance(value, list) and len(value) == 1) or not c.bound_from:
            continue
        sources = [by_id.get(how.partition(":")[0]) for how in c.bound_from.values()]
        if all(s is not None and s is not c and s.level == 0 for s in sources):
            out.append(f"the request asks for another {m.group(1)}, but goal call [{c.id}] gave the record of the "
                       f"one it names (got by an id from [{sources[0].id}])")  # type: ignore[union-attr]
    return out


_AGAINST = re.compile(r"\b(?:against|opponents?|opposing|versus|vs\.?|beat|beaten)\b")


def _own_side(query: str, answered: list[CallRecord]) -> list[str]:
    """"Which team was she bowling against", "who did they beat": the other side, never the record of the one the
    request names (her own record gives her own team)."""
    if not _AGAINST.search(query.lower()):
        return []
    named = _named_plainly(query) - {""}
    out = []
    for c in answered:
        for r in _records(_value(c)):
            own = [_plain(v) for k, v in r.items() if isinstance(v, str)
                   and str(k).lower() in _OWN_NAME_KEYS] if isinstance(r, dict) else []  # (a game's bowler is no
            hit = next((t for t in own if t.count(" ") >= 1 and any(t in n for n in named)), None)  # record's name)
            if hit:
                out.append(f"the request asks about the other side, but goal call [{c.id}] gave the record of the "
                           f"one it names ({hit})")
                break
    return out


_OWN_NAME_KEYS = frozenset("name nm full_name fullname display_name".split())


def _narrowed(query: str, calls: list[CallRecord], answered: list[CallRecord]) -> list[str]:
    """"list all open sev1 incidents" answered by one incident fetched from the list: the request asks for the
    things (a plural the listing call is named or keyed for), and the goal gives one of them."""
    words = {w.lower() for w in _WORD.findall(query)}
    out: list[str] = []
    for c in answered:
        taken = {how.split(":", 1)[0] for how in c.bound_from.values() if re.match(r"c[\d.]+:.*\[0\]", how)}
        if (not isinstance(_value(c), dict) or any(isinstance(v, list) and v for v in _value(c).values())) \
                and not taken:  # (a list of one item's things: the cards of the first of her accounts)
            continue
        for up in calls:  # (the calls before it: a sibling goal's list is its own answer)
            value = _value(up)
            if up is c or up in answered or up.level >= c.level or up.status != "ok" or \
                    not isinstance(value, dict | list) or not isinstance(_value(c), dict) and up.id not in taken:
                continue
            lists = [("", value)] if isinstance(value, list) else [(k, v) for k, v in value.items()
                                                                    if isinstance(v, list)]
            for key, items in lists:
                plural = {w for w in key_parts(f"{key} {up.tool.rsplit('/', 1)[-1]}") if w.endswith("s")}
                one = {singular(w) for w in plural} & words  # "the open job": one of them, whatever else is many
                if len(items) > 1 and (plural & words or plural and asks_many(query) and not one):
                    asked = sorted(plural & words or plural)[0]
                    out.append(f"the request asks for {asked}; the goal call [{c.id}] gave one of the {len(items)} "
                               f"that [{up.id}] listed")
                    return out
    return out


_COUNTED = re.compile(r"\bhow many\s+(?:([a-z]{3,})\s+)?([a-z]{3,})")  # how many (electric) cars
#: "how many dusty pink spray roses have we got", "how many pairs of size 9 hockey skates are free": what is counted
_COUNTED_PHRASE = re.compile(r"\bhow many\s+((?:[a-z0-9.-]+\s+){0,6}?[a-z]{3,})(?=\s+(?:have|has|had|are|is|were|was|"
                             r"do|does|did|can|could|will|would|should|left|there|still|got|go|goes|went|come|"
                             r"comes|came|fit|fits|need|needs|make|makes|use|uses|used|remain|remains)"
                             r"\b|\s*[?.!,;]|$)")


def _counted_phrase(query: str) -> list[str]:
    """The words of what a "how many" request counts (:data:`_COUNTED_PHRASE`; both words :data:`_COUNTED` reads
    where the phrase is not found; brackets and quotes left out: "how many upcoming (scheduled) appointments")."""
    text = re.sub(r"[()\[\]\"“”]", " ", query.lower())
    m = _COUNTED_PHRASE.search(text)
    found = _COUNTED.search(text)
    return m.group(1).split() if m else [w for w in found.groups() if w] if found else []


def counted_words(query: str) -> set[str]:
    """Stems of the words of what a "how many" request counts (:func:`_counted_phrase`)."""
    words = [w for w in _counted_phrase(query) if len(w) > 2 and w not in QUERY_STOPWORDS]
    return {stem(w) for w in words} | {stem(singular(w)) for w in words}  # (leaves: leaf)


#: the keys an envelope lists its things under, whatever they are
_LISTED = frozenset("items results data records rows entries list hits matches page values".split())
_DURATIONS = frozenset("seconds secs minutes mins hours hrs days nights weeks months years".split())


def counted_head(query: str) -> str | None:
    """The stem of the head noun of what a "how many" request counts, the phrase's last word ("how many league
    games": game; "how many pairs of size 9 hockey skates": skate); None for a pronoun ("how many of them")."""
    words = _counted_phrase(query)
    head = words[-1] if words else None
    if head is None or head in ATTRIBUTE_STOPWORDS or head in QUERY_STOPWORDS or unit_of(words[0]) or \
            words[0] in _DURATIONS:
        return None  # (and "how many cups of milk", "how many grams", "how many minutes": an amount, no things)
    return stem(singular(head))


# Changes of one kind each: a tool named for one of them makes no other change ("renew_loan" checks nothing out).
SPECIFIC_CHANGES = [frozenset(g.split()) for g in (
    "cancel delete remove void", "renew extend", "refund", "freeze block lock suspend", "unfreeze unblock unlock",
    "approve accept", "reject decline deny", "acknowledge ack", "archive", "restore")]


_PICKS = re.compile(r"\b(?:first|any|latest|newest|most recent|last|oldest|top|one of|some|random|earliest|next|"
                    r"biggest|largest|smallest|cheapest|highest|lowest|best|worst)\b", re.IGNORECASE)


_ALL_OF = re.compile(r"\b(?:total|totals|altogether|in all|all|combined|sum|overall|each|every)\b")


def one_of_listed(query: str, call: CallRecord) -> str | None:
    """The kind of the records a call listed when the request speaks of one of them ("how much is still owed on
    the invoice for ...", "on her crown claim": ``invoice``, ``claim``; the singular of the list's key or of the
    tool's name, its plural not said, no total or "each" asked); else None."""
    value = _value(call)
    lists = [(k, v) for k, v in value.items() if isinstance(v, list)] if isinstance(value, dict) else [("", value)]
    q = query.lower()
    if len(lists) != 1 or not isinstance(lists[0][1], list) or len(lists[0][1]) < 2 or _ALL_OF.search(q) or \
            asks_many(query):
        return None
    words = set(_WORD.findall(q))
    for w in key_parts(f"{lists[0][0]} {call.tool.rsplit('/', 1)[-1]}"):
        one = singular(w)
        if w.endswith("s") and len(w) > 3 and one != w and one in words and w not in words:
            return one
    return None


_SUPERLATIVE = re.compile(r"\b(best|highest|lowest|biggest|largest|smallest|cheapest|priciest|dearest|top|"
                          r"most expensive|least expensive)\s+([a-z]{3,})\b")


_MOST = frozenset("best highest biggest largest priciest dearest top most".split())
_RANKED = frozenset("amount price offer score mark marks value total rating points bid grade cost fee sum".split())


def superlative_pick(query: str, records: list[Any]) -> tuple[str, str, dict[str, Any]] | None:
    """"the highest offer", "the cheapest room": (the words, the field ranked, the record that tops the list) when
    the records carry a number to rank them by (a field named for money, a score, a mark, or for the noun itself;
    else their one number that is no id); None otherwise."""
    found = list(_SUPERLATIVE.finditer(query.lower()))
    if not found or len(records) < 2 or not all(isinstance(r, dict) for r in records):
        return None
    parts = {stem(singular(p)) for k in records[0] for p in key_parts(k)}  # the superlative of these records'
    m = next((x for x in found if stem(singular(x.group(2))) in parts), found[0])  # kind ("the best offer")
    noun = stem(singular(m.group(2)))
    numbers = [k for k in records[0] if _is_number(records[0][k]) and not set(key_parts(k)) & _ID_PARTS]
    ranked = [k for k in numbers if {stem(singular(p)) for p in key_parts(k)} & ({noun} | {stem(w) for w in _RANKED})]
    key = ranked[0] if ranked else numbers[0] if len(numbers) == 1 else None
    if key is None or not all(_is_number(r.get(key)) for r in records):
        return None
    most = m.group(1).split()[0] in _MOST
    top = (max if most else min)(records, key=lambda r: float(r[key]))
    return m.group(0), key, top


def _unpicked(query: str, answered: list[CallRecord]) -> list[str]:
    """"Who's made the best offer on it", "who got the top mark in her class" answered by every offer, every
    mark: the request asks for the one that stands out, and the answer lists them all (unless they carry the
    number to rank them by: then the answer picks it, :func:`superlative_pick`)."""
    out = []
    low = query.lower()
    if re.search(r"\b(?:each|every|all|rank|ranked|ranking|list)\b", low):
        return out
    for m in _SUPERLATIVE.finditer(low):
        noun = stem(singular(m.group(2)))
        for c in answered:
            value = _value(c)
            for records in lists_in(value):
                if len(records) > 1 and all(isinstance(r, dict) for r in records) and \
                        superlative_pick(query, records) is None and (
                        noun in {stem(singular(p)) for p in key_parts(c.tool.rsplit("/", 1)[-1])} or any(
                        noun in {stem(singular(p)) for p in key_parts(k)} for k in records[0])):
                    out.append(f"the request asks for the {m.group(1)} {m.group(2)}, and goal call [{c.id}] gave "
                               f"{len(records)} without picking one")
                    return out
    return out


#: "how much monkfish quota has ...", "how much water is there": the thing measured, then its verb
_HOW_MUCH_THING = re.compile(r"\bhow much\s+((?:[a-z]+\s+){0,2}?[a-z]{3,})\s+(?:has|have|had|is|are|was|were|do|"
                             r"does|did|will|would|can|could|should)\b")
#: what "how much" measures with no thing of its own: money, time, room
_ANY_AMOUNT = frozenset("money cash time space room more less extra longer altogether total".split())


def measured_thing(query: str) -> tuple[str, set[str]] | None:
    """The words of the thing a "how much" request measures when it names one before its verb ("how much monkfish
    quota has he got left": monkfish quota), with their stems; None for money, time, a unit ("how much per hour
    is it") or none named ("how much is it")."""
    for m in _HOW_MUCH_THING.finditer(query.lower()):
        words = m.group(1).split()
        if words[0] in ("a", "an", "per", "each", "every", "of", "the", "that", "this", "it") or any(
                w in _ANY_AMOUNT or w in MONEY_KEYS or unit_of(w) or w in AUXILIARY_VERBS for w in words):
            continue
        stems = {stem(w) for w in words if w not in QUERY_STOPWORDS}
        if stems:
            return m.group(1), stems
    return None


def _amount_of_other(query: str, answered: list[CallRecord], passed: list[Any]) -> list[str]:
    """"How much monkfish quota has the skipper of the Silver Harvest got left" answered by the vessel's length:
    the request names what it measures, and no amount the run gave is of it (a record naming the thing in a key
    or a value, ``species: Monkfish``, or got by a tool named for it, ``get_quota``)."""
    thing = measured_thing(query)
    if thing is None or not answered:
        return []
    phrase, stems = thing
    if any({stem(singular(p)) for p in key_parts(_answered_by(c))} & stems for c in answered):
        return []
    said = {stem(w) for w in _WORD.findall(query.lower())} - stems
    for record in [r for c in answered for r in _records(_value(c))] + passed:
        if {stem(w) for w in _record_words(record)} & stems and _has_amount(record, query):
            return []
        if isinstance(record, dict) and any(_is_number(v) and any(unit_of(p) for p in key_parts(str(k))) and {
                stem(p) for p in key_parts(str(k)) if not unit_of(p)} & said for k, v in record.items()):
            return []  # "how much yarn do I need": ``metres_needed``, a measure named for what the request says
    return [f"the request asks how much {phrase}, and no amount the goal calls gave is of it"]


def _one_amount(query: str, answered: list[CallRecord]) -> list[str]:
    """"How much is still owed on the invoice for his 60th birthday party" answered by his two invoices, each with
    its amounts: the request asks about one of the records, and the answer does not say which (the run never got
    to the one: its record, by its id)."""
    if "how much" not in query.lower():
        return []
    out = []
    for c in answered:
        kind = one_of_listed(query, c)
        if kind is None:
            continue
        value = _value(c)
        records = value if isinstance(value, list) else next(v for v in value.values() if isinstance(v, list))
        if not all(isinstance(r, dict) and any(_is_number(v) and set(key_parts(k)) & (MONEY_KEYS | COUNT_KEYS)
                                                for k, v in r.items()) for r in records):
            continue
        q = " ".join(_WORD.findall(query.lower()))
        named = [r for r in records if (label := record_label(r)) and
                 f" {' '.join(_WORD.findall(label.lower()))} " in f" {q} "]
        if len(named) == 1:
            continue  # "how much is a scale and polish": the treatment named so, of the price list
        out.append(f"the request asks about one {kind}, but goal call [{c.id}] gave {len(records)}, each with its "
                   "own amount, and none picked out")
    return out


def _arbitrary(query: str, calls: list[CallRecord], vocabulary: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """A value taken from the first of several records that a call listed with no filter at all, when that record
    holds nothing the request names and the request asks for no first, latest or best one: the first driver of
    the fleet answers no "who did the maintenance"."""
    picked = {stem(w) for m in _PICKS.finditer(query.lower())  # "the most recent maintenance": of maintenance
              for w in re.findall(r"[a-z]+", query.lower()[m.end():])[:3]}
    every = {r.id: r for c in calls for r in (*c.replanned, c)}
    named = [[w for w in re.findall(r"[a-z0-9]+", str(o.value).lower()) if w not in HONORIFICS]
             for o in read(query, vocabulary) if o.kind in NAMING_KINDS]
    words = {w for w in re.findall(r"[a-z0-9]+", query.lower()) if len(w) > 2 and w not in READING_STOPWORDS}
    for c in every.values():
        if c.status != "ok":
            continue
        for how in c.bound_from.values():
            m = re.match(r"(c[\d.]+):(.*?)\[0\]", how)
            up = every.get(m.group(1)) if m else None
            if up is None or up.status != "ok" or \
                    {stem(w) for w in key_parts(f"{up.tool.rsplit('/', 1)[-1]} {m.group(2)}")} & picked:
                continue  # (the first one of those was asked for)
            listed = value_at(_value(up), m.group(2)) if m.group(2) else _value(up)
            if not isinstance(listed, list) or len(listed) < 2:
                continue
            texts = [_words_of(r) for r in listed]
            if not up.arguments and not any(words and all(w in texts[0] for w in words) for words in named):
                return [f"[{c.id}] took the first of the {len(listed)} records [{up.id}] listed with no filter, "
                        "and it is none the request names: an arbitrary pick"]
            if up.arguments and all(str(how).startswith("request") for how in up.bound_from.values()) and \
                    _listing(_value(up), listed) and \
                    not _told_apart(listed, texts, words, query):  # (found by the request's words alone; a
                # patient's prescriptions, listed newest first, are a collection of their own)
                return [f"[{c.id}] took the first of the {len(listed)} records [{up.id}] listed, which the request "
                        "names no more than the others: an arbitrary pick"]
    return []


def _listing(value: Any, listed: list[Any]) -> bool:
    """Whether ``listed`` is what a call found (its result, or the one list of an envelope with paging), not a
    list inside one record it fetched (a project's machines)."""
    if value is listed:
        return True
    return isinstance(value, dict) and any(v is listed for v in value.values()) and \
        sum(isinstance(v, str) and str(k).lower() not in PAGING_KEYS for k, v in value.items()) <= 1


def _words_of(record: Any) -> set[str]:
    values = " ".join(str(v) for _, v in leaves(record) if isinstance(v, str | int | float)).lower()
    return set(re.findall(r"[a-z0-9]+", values))


def _told_apart(listed: list[Any], texts: list[set[str]], words: set[str], query: str) -> bool:
    """Whether the request's words pick out the first of the records: a value of it is a phrase of the request
    longer than any other's ("Amara Osei" before "Amara Osei-Bonsu"), or it holds more of the request's words than
    any other (the binder ranks records so, toolgraph.execute.params.exact_first; a tie leaves the list's order to
    choose). Teams found by their division all hold the division: the first is no more the one meant."""
    spaced = f" {' '.join(re.findall(r'[a-z0-9]+', query.lower()))} "

    def score(record: Any, text: set[str]) -> tuple[int, int]:
        phrases = [len(w) for _, v in leaves(record) if isinstance(v, str) and
                   (w := re.findall(r"[a-z0-9]+", v.lower())) and f" {' '.join(w)} " in spaced]
        return max(phrases, default=0), len(text & words)

    scores = [score(r, t) for r, t in zip(listed, texts, strict=True)]
    return scores[0] > max(scores[1:], default=(-1, -1))


def _counts_other(query: str, call: CallRecord, tools: dict[str, Any], kin: Kinship | None = None) -> bool:
    """"How many units are on hand at each" answered by the list of locations, "how many league games has she
    bowled" by the bowlers found, "how many guests are expected" by the customer's record: things other than the
    ones counted (the tool is not about the head noun counted, no field counts them; a record holding a list may
    count what it lists)."""
    counted = _COUNTED.search(query.lower())
    value = _value(call)
    head = counted_head(query)
    if counted is None or head is None or not isinstance(value, list | dict) or _counted_field(value, query) or \
            "times" in counted.groups():
        return False  # ("how many times did she check in": the list of what happened counts it)
    if isinstance(value, dict) and _holds_remaining(query, value.items()):
        return False  # (the pass's ``left: 13``)
    lists = [k for k, v in value.items() if isinstance(v, list)] if isinstance(value, dict) else []
    if any(head in {stem(singular(p)) for p in key_parts(k)} for k in lists):
        return False  # a record listing the things counted counts them ("how many stems": its ``stems``)
    own_id = isinstance(value, dict) and any(key_parts(k)[-1:] == ["id"] for k in value)
    about = {stem(singular(w)) for w in _about(call, tools)} | _about(call, tools)

    def kindred() -> bool:  # a word near in meaning ("climbs": ascents); asked only when nothing else tells
        return kin is not None and kin(_counted_phrase(query)[-1], sorted(about)[:200])

    if isinstance(value, list) or lists and (not own_id or any(set(key_parts(k)) & _LISTED for k in lists)):
        # a list or a page of them, of things any word of what is counted names ("electric cars": a search
        # described by its electric category; "unpaid tickets": notices filtered unpaid), whose records name the
        # things counted ("leaves of gold leaf": materials whose ``uom`` is leaves), or near in meaning
        records = value if isinstance(value, list) else [r for k in lists for r in value[k]]
        said = {stem(singular(w)) for r in records[:50] for w in _record_words(r)}
        return not counted_words(query) & about and head not in said and not kindred()
    return head not in about and not kindred()  # a record of another kind ("guests": a customer's record)


def _one_counted(query: str, call: CallRecord, tools: dict[str, Any]) -> bool:
    """"How many cowslip accessions were collected in 2019" answered by one accession's record (its
    ``seed_count`` counts seeds): one of the things counted is no count of them."""
    counted = _COUNTED.search(query.lower())
    value = _value(call)
    if counted is None or not isinstance(value, dict) or any(isinstance(v, list) for v in value.values()):
        return False
    noun = counted.group(2)
    return noun.endswith("s") and stem(noun) in _about(call, tools) and not _counted_field(value, query)


def _about(call: CallRecord, tools: dict[str, Any]) -> set[str]:
    """Stems of what a called tool is about: its operation, name and description (the planned tool's, for a
    substitute)."""
    t = tools.get(call.substitute_for or call.tool)
    return {stem(w) for w in key_parts(f"{call.tool.rsplit('/', 1)[-1]} {t.name} {t.description[:400]}"
                                       if t else call.tool)}


def _changed(call: CallRecord, verb: str, writers: dict[str, str]) -> bool:
    """Whether a successful call changed data: a tool that surely does, or one marked as maybe changing data whose
    name holds the request's verb or whose description opens with it ("send a copy of the transcript":
    ``request_transcript_copy``, "Send a copy of a student's transcript"; "on file" in a record's description is
    no filing)."""
    text = writers.get(call.tool)
    if text is None:
        return False
    segment = call.tool.rsplit("/", 1)[-1].lower()  # (an operation id: "renewloan", "cancel_booking")
    own = next((g for g in SPECIFIC_CHANGES if any(segment.startswith(w) for w in g)), None)
    if own is not None and not set(verb.split()) & own:
        return False  # a renewal is no "check out", a cancellation no booking: another change than the one ordered
    if text == "":
        return True
    name, _, description = text.partition(" ")
    said = {stem(w) for w in key_parts(name)} | {stem(w) for w in key_parts(description)[:1]}  # its name, or the
    return bool({stem(w) for w in verb.split()} & said)  # verb its description opens with ("Send a copy of ...")


def judge(query: str, plan: Plan, calls: list[CallRecord], output_schemas: dict[str, Any] | None = None,
          nearby_fields: set[str] | None = None, writers: dict[str, str] | None = None,
          kin: Kinship | None = None) -> Outcome:
    """The run's status and reasons (see the module). ``output_schemas``: tool id -> declared output schema;
    ``nearby_fields``: stems of the field names of the tools next to the plan's (:func:`nearby_asks`);
    ``writers``: the tools that may change data (``Runner.changing_tools``; a request that asks for a change needs
    a successful call of one); ``kin``: whether a word is near in meaning to one of others (:func:`_untraced`;
    without it, only words of the same stem or first letters count)."""
    if not calls:
        why = "the planner found no tool for the request" if not plan.tools else "no tool was called"
        return Outcome("failure", [why])
    ok = [c for c in calls if c.status == "ok"]
    goals = goal_calls(plan, calls) or calls[-1:]
    outcome = Outcome("success", goals=[c.id for c in goals])
    for c in goals:
        if c.status != "ok":
            outcome.reasons.append(f"goal call [{c.id}] {c.substitute_for or c.tool} {c.status}"
                                   + (f": {c.error}" if c.error else ""))
    answered = [c for c in goals if c.status == "ok"]
    counting = any(a.kind == "count" for a in asks(query))
    tools = {t.id: t for t in plan.tools}
    for c in answered:
        if counting and _value(c) == [] and not c.simulated:  # "how many": an empty list counts 0, of its things
            counted = _COUNTED.search(query.lower())
            if counted and not {stem(w) for w in counted.groups() if w} & _about(c, tools):
                outcome.reasons.append(f"goal call [{c.id}] {c.tool} counted nothing, and it is not about the "
                                       f"{counted.group(2)} asked")
            continue
        if c.simulated:
            continue
        if is_empty(_value(c)):
            outcome.reasons.append(f"goal call [{c.id}] {c.tool} returned nothing (an empty result answers nothing)")
    for c in answered:
        if c.substitute_for and not c.simulated and not is_empty(_value(c)):
            why = _stand_in(query, c, (output_schemas or {}).get(c.substitute_for))
            if why:
                outcome.reasons.append(why)
    if ok:  # what the request names must be what the run was about
        for value in unused_names(query, plan, calls):
            outcome.reasons.append(f"the request names {value!r}, which no call took or returned: the run answered "
                                   "about something else")
        for value in unused_conditions(query, calls):
            outcome.reasons.append(f"the request asks what happens at {value}, which no call took: the answer is "
                                   "not for it")
        for count, noun in unused_party(query, calls):
            outcome.reasons.append(f"the request is for {count} {noun}, which no call took: the answer is not for "
                                   "them")
    values = [_value(c) for c in answered if not is_empty(_value(c)) or (counting and _value(c) == [])]
    schemas = [(output_schemas or {}).get(c.tool) for c in answered]
    outcome.asked = asks(query) + attribute_asks(query, [s for s in schemas if s])
    outcome.asked += [a for a in nearby_asks(query, nearby_fields or set(), [s for s in schemas if s])
                      if not any(a.word == b.word for b in outcome.asked)]
    verb = asks_to_change(query) if ok else None
    if verb and not any(_changed(c, verb, writers or {}) for c in ok):
        outcome.reasons.append(f"the request asks to change something ({verb!r}), but no call changed anything")
    via = via_records(calls, {c.id for c in answered})
    passed = [r for _, r, _ in via]  # the records on the way there
    for why in _wrong_owner(query, plan, answered, nearby_fields or set(), calls) + \
            _narrowed(query, calls, answered) + _other_unit(query, answered) + _other_currency(query, answered) + \
            _same_thing(query, calls, answered) + _own_side(query, answered) + \
            _arbitrary(query, calls, _tool_words(plan)) + \
            _only_found(query, answered) + _one_amount(query, answered) + _only_by_id(query, answered) + \
            _unpicked(query, answered) + _only_referenced(query, calls, answered) + \
            _skipped_step(query, calls, answered) + _other_of_kind(query, plan, answered) + \
            _client_for_worker(query, answered) + (_amount_of_other(query, answered, passed) if values else []):
        outcome.reasons.append(why)
    named = {stem(p) for c in answered for p in key_parts(c.tool.rsplit("/", 1)[-1])}  # air_quality: "the air"
    which = which_nouns(query)
    about = {stem(w) for c in answered if c.tool in tools
             for w in re.findall(r"[a-z]+", tools[c.tool].description[:300].lower())} if which else set()
    via_fields = set().union(*(_via_fields(c) for c in answered))  # the fields the goal calls' ids came from
    modifiers = noun_modifiers(query)
    if values:  # an amount one holds answers "how much" too (the invoice, then the hotel's address), no other ask
        for ask in outcome.asked:
            if ask.kind == "attribute" and ask.word in named:
                continue  # the goal tool is named for what was asked, and it answered
            if ask.kind == "attribute" and ask.word in which and ask.word in about:
                continue  # "which company operates it" answered by a tool about "a train operating company"
            if ask.kind == "attribute" and ask.word in via_fields:
                continue  # "who is the advisor": the teacher record got by the student's advisor_id
            if ask.kind == "attribute" and any(meets(Ask("attribute", m), v, query) for m in modifiers.get(
                    ask.word, ()) for v in values):
                continue  # "what are the access conditions": the series' `access` field
            pool = [_value(c) for c in answered if not _counts_other(query, c, tools, kin) and
                    not _one_counted(query, c, tools)] + [r for r in passed if _counted_field(r, query)] \
                if ask.word == "how many" else values + (passed if ask.word == "how much" else [])  # (a count on
            # the way, under a field named for what is counted: the binder's ``active_jobs`` for "how many jobs")
            if ask.kind == "time":  # "who wrote it, when was it published": a date on the way, named by the request
                pool += [r for r in passed if _time_named(query, r)]
            if ask.kind == "place":  # "who looks after hive HV-172, and where is its apiary": the apiary on the way
                pool = place_pool(ask, answered, [(up, r) for up, r, _ in via])
            if not any(meets(ask, v, query) for v in pool if not is_empty(v) or (counting and v == [])):
                outcome.reasons.append(f"the answer lacks {ask.describe()} (the request asks {ask.word!r}): "
                                       "no goal call returned one")
    if values:
        for noun in _untraced(query, plan, answered, passed, {a.word for a in outcome.asked} | via_fields, kin):
            outcome.reasons.append(f"the request asks for the {noun}, which nothing the goal calls gave or are about "
                                   "names")
        outcome.reasons += _unreached(query, answered, passed, kin)
    if outcome.reasons:
        outcome.status = "partial" if ok else "failure"
    return outcome


def _only_by_id(query: str, answered: list[CallRecord]) -> list[str]:
    """"Which wine did those grapes end up in" answered by ``wine_ids: WN-308``: the thing asked is named in the
    answer only by its id (no other key, no value, no goal tool's name speaks of it)."""
    out = []
    nouns = which_nouns(query) | {stem(w) for w in _WHICH_NOUN.findall(query.lower()) if w not in ATTRIBUTE_STOPWORDS}
    for noun in sorted(nouns):
        by_id = other = False
        for c in answered:
            if noun in _answered_by(c).lower():
                other = True  # (listtrainers: trainers)
            value = _value(c)
            inner = [(x, k) for k, v in value.items() if isinstance(v, list) for x in v] \
                if isinstance(value, dict) else []
            for record, listed in [(r, "") for r in _records(value)] + inner:
                own = next((k for k in record if key_parts(k)[-1:] in (["id"], ["code"], ["no"])), None) \
                    if isinstance(record, dict) else None
                if own is not None and noun in {stem(p) for p in key_parts(own)} and (
                        not listed or same_noun(noun, {stem(p) for p in key_parts(listed)})):
                    other = True  # (a trainer's record, trainer_id first, is a trainer; so is each shelf listed;
                    # not a hint listed under ``hints`` whose first id, ``pz``, is the puzzle's)
            for key, v in leaves(value):
                for k in key:  # (talks[].title: talks; room.name: a room)
                    parts = key_parts(k)
                    if noun in {stem(p) for p in parts}:
                        by_id, other = by_id or bool(set(parts) & _ID_PARTS), other or not set(parts) & _ID_PARTS
                if isinstance(v, str) and noun in {stem(w) for w in _WORD.findall(v.lower())}:
                    other = True
        if by_id and not other:
            out.append(f"the request asks which {noun}, and the answer names it only by its id")
    return out


_ORDINAL = re.compile(r"\b(?:last|latest|first|earliest|newest|oldest|most\s+recent|next|previous|upcoming)\s+"
                      r"(?!(?:class|name|names|aid|floor|light|thing|things|half|quarter)\b)"
                      r"((?:[a-z]+\s+){0,3}?[a-z]{3,})(?=\s*(?:[?.!,;]|$|\b(?:and|of|for|at|in|on|from|to|with|"
                      r"that|which|she|he|they|we|is|was|were|did|does|do|has|had)\b))")


#: the order a request picks by, and the words a date field of that one is named with
_ORDER_WORDS = ((r"\b(?:last|latest|most recent|previous)\b", frozenset("last latest recent previous prev".split())),
                (r"\b(?:next|upcoming)\b", frozenset("next nxt upcoming".split())),
                (r"\b(?:first|earliest)\b", frozenset("first earliest".split())))


def _unreached(query: str, answered: list[CallRecord], passed: list[Any], kin: Kinship | None = None) -> list[str]:
    """"What was in her very first club shipment" answered by the member's record (``bottles_per_shipment``): the
    request picks one thing of a kind (the first, last, latest, next ...), and no call's answer holds a thing of
    that kind: no record with its own id of it, no list or object under a key naming it, no goal tool named for it
    (a word of the same stem or first letters, or with ``kin`` near in meaning, counts)."""
    words = _WORD.findall(query.lower())
    nouns = []
    for phrase in _ORDINAL.findall(query.lower()):
        said = phrase.split()
        while len(said) > 1 and re.search(r"(?:ing|ed)$", said[-1]):
            said.pop()  # ("her next flight leaving from ...": a flight)
        head = said[-1]
        if head not in ATTRIBUTE_STOPWORDS and head not in NUMBER_WORDS and not re.fullmatch(_MONTHS, head) and \
                head not in ("one", "ones", "time", "times", "day", "days", "week", "month", "year") and \
                head in words and not (head.endswith("ed") and _keyed(head, answered, passed)):
            nouns.append(head)  # ("when was lane 7 last resurfaced": ``resurfaced: 2026-10-27`` says when)
    if not nouns:
        return []
    kinds: set[str] = set()  # the words of the kinds of thing the answers hold
    objects: set[str] = set()
    for c in answered:
        kinds |= set(key_parts(_answered_by(c)))
    for value in [_value(c) for c in answered] + list(passed):
        records = _records(value)
        for record in records + [value]:
            if not isinstance(record, dict):
                continue
            for k, v in record.items():
                parts = key_parts(k)
                if len(records) > 1 and record is not value:  # "which of his hives has the oldest queen": the
                    objects |= set(parts)  # pick is among the records listed, by a field of theirs (``qy``)
                if parts[-1:] and parts[-1] in _ID_PARTS | {"no"} or isinstance(v, list) and v:
                    kinds |= set(parts)
                elif isinstance(v, dict) and v:
                    objects |= set(parts)  # (an address object, ``shipping_address``: by its stem alone)
                if isinstance(v, list):
                    for x in v:
                        if isinstance(x, dict):
                            kinds |= {p for k2 in x if key_parts(k2)[-1:] and key_parts(k2)[-1] in _ID_PARTS
                                      for p in key_parts(k2)}
    stems = {stem(w) for w in kinds | objects}
    low = query.lower()
    order = next((words for cue, words in _ORDER_WORDS if re.search(cue, low)), frozenset())
    dated = {stem(p) for value in [_value(c) for c in answered] for key, v in leaves(value)
             if key and _looks_time(key, v) and order & set(key_parts(key[-1])) for p in key_parts(key[-1])}
    # ("when did she last do the safety briefing": ``sb``, the date of her last safety briefing; not
    # ``next_service_due`` for "when was it last serviced")
    out = []
    for noun in dict.fromkeys(nouns):
        n = stem(noun)
        if n in stems or n in dated or len(n) >= 5 and any(t[:5] == n[:5] for t in stems) or \
                kin is not None and kin(singular(noun), sorted(kinds)[:400]):
            continue
        out.append(f"the request asks about one {singular(noun)} (the {noun} it picks), and no call gave any")
    return out


def _keyed(word: str, answered: list[CallRecord], passed: list[Any]) -> bool:
    """Whether a field of the goal calls' answers or of the records on the way is named for the word
    (``resurfaced``, ``last_resurfaced``)."""
    return any(word in key_parts(k) for value in [_value(c) for c in answered] + list(passed)
               for key, _ in leaves(value) for k in key)


def _client_for_worker(query: str, answered: list[CallRecord]) -> list[str]:
    """"Who's been assigned to job J-40288" answered by the customer's record (got by the job's
    ``customer_id``, or from a tool for customers): the request asks who does the work, not who it is for."""
    m = WORKER_ASKED.search(query.lower())
    if m is None:
        return []
    for c in answered:  # (the fields its ids came from, else its tool's name)
        said = _via_fields(c) or {stem(p) for p in key_parts(c.tool.rsplit("/", 1)[-1])}
        role = next((r for r in sorted(CLIENT_ROLES) if stem(r) in said), None)
        if role is not None:
            return [f"the request asks who is {m.group(1)}, but goal call [{c.id}] answered with the {role} the "
                    "work is for"]
    return []


_DATED = {"year", "month", "day", "date", "time"}
#: a clause of a description that points elsewhere: "for delays and gates use GET /status", "see get_invoice"
_ELSEWHERE = re.compile(r"[^.;]*\b(?:use|see|instead|does not|doesn't|not included)\b[^.;]*", re.IGNORECASE)


_HIS_THING = re.compile(r"\b(?:on|in|for|from|at|with|about|under|during)\s+(?:his|her|their|my)\s+"
                        r"(?:(?:[a-z]+|\d{4})\s+){0,3}?([a-z]{4,})(?=\s*(?:[?.!,;]|$)|\s+"
                        r"(?:and|for|from|on|in|at|with|to|is|was|been|has|have|had|due|come|came)\b)")


def possessed_nouns(query: str) -> set[str]:
    """Stems of the things a request says someone has, after a preposition ("on his February 2027 invoice", "for
    her current hire"; not "who is my advisor"): the run must have been about them, as about a thing asked."""
    return {stem(m.group(1)) for m in _HIS_THING.finditer(query.lower())
            if m.group(1) not in ATTRIBUTE_STOPWORDS and m.group(1) not in VERB_WORDS}


def _untraced(query: str, plan: Plan, answered: list[CallRecord], passed: list[Any], known: set[str],
              kin: Kinship | None = None) -> list[str]:
    """Nouns in asking position (:func:`asked_nouns`: "which form is her daughter in", "which primary schools are
    there") of which the answer holds no trace: no key or value of the goal calls' results or of the records on
    the way names one or a word of the same stem or first letters ("cardiologists": ``cardiology``), nor the goal
    tools' names or descriptions, nor (with ``kin``, the embedder's :class:`WordKinship`) a word of the results
    near in meaning ("which car": ``vehicle``; a description's words are not asked: it speaks of what it does not
    give). A guardian's record answers no form; a neighbourhood's id and postcode name no
    school."""
    nouns = (asked_nouns(query) | possessed_nouns(query)) - known
    if not nouns:
        return []
    tools = {t.id: t for t in plan.tools}
    names = {stem(w) for o in read(query, _tool_words(plan))
             if o.kind in NAMING_KINDS or is_subject(query, o)
             for w in _WORD.findall(str(o.value).lower())}  # (a name the request gives is no thing asked)
    said: set[str] = set()  # the words of the answer's keys and values
    for value in [_value(c) for c in answered] + list(passed):
        for key, v in leaves(value):
            if _looks_time(key, v):
                said |= _DATED  # ("what year did she join": joined 2016-09-12)
            said |= {p for k in key for p in key_parts(k)}
            if isinstance(v, str) and len(v) < 200:
                said |= {w for w in _WORD.findall(v.lower()) if len(w) > 2}
    about: set[str] = set()  # and of the goal tools' names and descriptions
    for c in answered:
        tool = tools.get(c.substitute_for or c.tool)
        text = f"{_answered_by(c)} " + \
            (f"{tool.name} {_ELSEWHERE.sub(' ', tool.description[:600])}" if tool else "")
        about |= set(key_parts(text))
    trace = {stem(w) for w in said | about}
    cues = {stem(w) for a in asks(query) for w in _WORD.findall(a.word)}  # ("what's wrong": a problem is asked)
    words = _WORD.findall(query.lower())
    out = []
    for n in sorted(nouns - trace - names - cues - _GENERIC_NOUNS):
        at = [i for i, w in enumerate(words) if stem(w) == n]
        if len(n) < 3 or n in NUMBER_WORDS or re.fullmatch(_MONTHS, n) or \
                any(i and stem(words[i - 1]) in trace for i in at) or \
                len(n) >= 5 and any(t[:5] == n[:5] for t in trace):
            continue  # (an "email address" is an email; a "seal number" a seal)
        word = words[at[0]] if at else n
        if stem(singular(word)) in trace:
            continue  # ("the refs": ``ref``)
        one = singular(word)
        kept = sorted(w for w in said if not (w.startswith(one) and len(w) > len(one) + 2 and singular(w) != one))
        if kin is not None and kin(one, kept[:400]):  # (what the data says: a description speaks of much it does
            # not give, "for gates use ..." near in meaning to a "route" it mentions; a word made from the noun
            # is another thing: a boater is no boat)
            continue
        out.append(word)
    return out
