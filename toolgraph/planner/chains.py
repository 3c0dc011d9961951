"""Whole call chains for the graph-only planner: where a request starts, what it asks for, and the tools between.

A request names what it starts from (a film, a person, a playlist, or nothing: "the most popular show") and asks
for something (a director, a birthday, reviews). A **chain** is a sequence of tools ``t1 -> ... -> tn`` in which
every input a tool cannot run without (``PlannerGraph.needed_inputs``: a mined resource edge, or an id parameter)
is provided by an earlier tool of the chain, and ``t1`` needs nothing the user does not give. Chains are built
backwards from goal candidates (the retrieved tools) through the providers of their needed inputs, up to
``max_len`` tools, and scored as a whole:

- **goal**: the last tool's similarity to the request (what is asked for), plus the share of the request's
  content words found in that tool's name, path and output fields (``birthday``, ``homepage``, ``genres``...);
- **cover**: the similarity of the request to the chain's tools taken together (the mean of their vectors), so an
  intermediate tool that belongs to the request's story pulls its chain up;
- **start**: a request that names something starts at a tool that looks a name up, and the *kind* of thing named
  (``the movie X``, ``directed by X``, ``X's latest show``, ``the collection X``) must fit what that tool finds
  (``search/person`` vs ``search/movie``); a request that names nothing starts at a tool that needs no input;
- **values**: a required value the user gives (``season_number``, ``episode_number``) is evidenced when the request
  mentions it ("the second season"); a tool that needs such a value the request never mentions is penalised;
- **history**: consecutive tools joined by a ``SEQUENTIAL`` edge (mined from call paths) gain its weight;
- **length**: each tool past the first costs a little, so the shortest chain that does the job wins.

Every parameter is in :class:`ChainWeights`, with where it comes from (docs/planner.md, "Chains").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from toolgraph.text.glossary import key_meanings
from toolgraph.text.lexicon import (
    ASKS,
    CLIENT_ROLES,
    KIND_OF,
    PERSON_KEYS,
    PICKS_ONE,
    WORKER_ASKED,
    WRITE_NAME_VERBS,
    Mention,
    asked_type_groups,
    asked_types,
    asks_for_change,
    asks_many,
    asks_to_change,
    kind_of_words,
    mentions,
    request_kinds,
)
from toolgraph.text.params import (
    GENERIC_PARAM_WORDS,
    IDENTIFIER,
    NAME_PARAMS,
    PERSON_KINDS,
    ROLE_WORDS,
    is_identifier,
    is_lookup_tool,
    is_person_id,
)
from toolgraph.text.reading import MONTHS, given_strongly, is_subject, pick, read, vocabulary_of
from toolgraph.text.schema import NUMERIC_TYPES, described_keys, described_output_text, json_type_of, schema_keys
from toolgraph.text.words import (
    BM25_STOPWORDS,
    WORD,
    content_words,
    expand_abbreviations,
    same_noun,
    singular,
    split_case,
    stem,
)

if TYPE_CHECKING:
    from toolgraph.planner.graph import PlannerGraph, ToolCard


_QUESTION = re.compile(r"\s*(?:when|what|what's|which|who|who's|whom|whose|where|where's|why|how|is|are|was|were|"
                       r"does|do|did|has|have)\b", re.IGNORECASE)


#: a person's pronoun: the lower-case name a request gives is a person's ("... and what's her locker number")
_PERSONAL = re.compile(r"\b(?:she|he|her|his|him|hers|herself|himself)\b", re.IGNORECASE)
ACRONYM = re.compile(r"[A-Z]{2,5}")  # one all-capital word: a field's name (IBAN, VIN, PIN) as often as a name
HANDED = ("email", "slug", "identifier", "noun_id", "isbn")  # values a request hands over by their shape
DATED = ("date", "month")  # a day or a month the request gives: some tool of the chain should take it


def bare_path(card: ToolCard) -> str:
    """The tool's URL with its ``{parameters}`` blanked: the nouns it is about."""
    return re.sub(r"\{[^}]*\}", " ", card.url or "")


def tool_kind(card: ToolCard) -> str | None:
    """The kind of thing a lookup tool finds, from the nouns of its name and URL path (its last noun first)."""
    words = WORD.findall(bare_path(card).lower())[::-1] + WORD.findall(card.name.lower())[::-1]
    return kind_of_words(words)


def tool_kinds(card: ToolCard) -> set[str]:
    """Every kind a tool's name and path speak of (``/tv/{tv_id}/credits``: show; ``Get Person Images``: person),
    and the kinds its answer's own fields hold (a movie's credits: ``cast``, ``crew``: people)."""
    return words_kinds(f"{bare_path(card)} {card.name} {' '.join(schema_keys(card.output_schema, depth=1))}")


def words_kinds(text: str) -> set[str]:
    """The kinds of thing a text's words name (``member_id``: person)."""
    return {k for w in WORD.findall(text.lower().replace("_", " ")) for k in (KIND_OF.get(w), KIND_OF.get(stem(w)))
            if k}


PEOPLE_WORDS = frozenset(PERSON_KINDS) | ROLE_WORDS
_PEOPLE = frozenset(PERSON_KINDS) - {"account", "profile"}  # the nouns of a lookup of people


def answer_words(card: ToolCard) -> set[str]:
    """Stems of what a tool's answer holds: its name, its path and its output fields' names; ``person`` when it
    holds a name and a kind or role of person (``get_patient``; a hotel's ``manager.name``)."""
    words = set(content_words(card.name)) | set(content_words(bare_path(card)))
    schema = card.output_schema or card.observed_schema
    for key in schema_keys(schema):
        words |= set(content_words(split_case(key)))
    for meaning in key_meanings(card.description, schema, schema_keys(schema)).values():  # nm (name), ph (phone)
        words |= set(meaning)
    if not schema_keys(schema):  # no schema says: what its description says it gives ("a customer's contact
        inputs = {w for p in card.params for w in content_words(split_case(p.name))}  # details: name, phone...")
        words |= {w for w in content_words(split_case(described_output_text(card.description[:600])))
                  if w not in inputs and len(w) > 2}
        for key, meaning in described_keys(card.description):  # "Keys: rst collecting rules; park parking"
            words |= {w for w in content_words(f"{split_case(key)} {meaning}".replace("_", " ")) if len(w) > 2}
    words = expand_abbreviations(words)  # (size_sqm: square metres)
    if "name" in words and {singular(w) for w in words} & PEOPLE_WORDS:  # a patient's record, or a hotel's with
        words.add("person")  # its manager's name, names a person: it answers "who" and "whose"
    return {stem(w) for w in words}


_CONTACT = frozenset("email mail phone mobile tel telephone".split())
#: the words of a field naming a person by role or kind (``teacher``, ``composer``, ``instructor_name``)
_PERSON_FIELDS = PEOPLE_WORDS | (PERSON_KEYS - frozenset(
    "name user contact login username by full first last who".split()))
_WHO = frozenset(stem(x) for x in ASKS["who"])  # the answer words "who" asks for (lexicon.asked_type_groups)


#: nouns of tools that name no kind of thing ("phone number", "the status list")
_GENERIC_NOUNS = frozenset(stem(w) for w in "number name id code date time type status detail details info record "
                           "records list lists page result results value values".split())


def _before_noun(text: str, value: str, nouns: set[str]) -> bool:
    """Whether a word the tools do not use stands right before one of their nouns ("how many cowslip accessions":
    cowslip names what the accessions are of)."""
    m = re.search(rf"(?<![\w-]){re.escape(value.lower())}\s+([a-z]+)", text.lower())
    return bool(m) and stem(singular(m.group(1))) in nouns


_WHICH = re.compile(r"\b(?:which|what)\s+([a-z]{3,})\b")


def _which_nouns(text: str) -> set[str]:
    """Stems of the things a request asks which of ("which vault and shelf": vault)."""
    return {stem(singular(w)) for w in _WHICH.findall(text.lower()) if w not in BM25_STOPWORDS}


def _only_by_id(card: ToolCard, noun: str) -> bool:
    """Whether a tool's answer gives ``noun``'s thing by its id alone (``vault_id``, no vault's name or record)."""
    names = schema_keys(card.output_schema or card.observed_schema) or re.findall(  # (else the fields its
        r"\b[a-z]+(?:_[a-z]+)+\b", card.description[:600])  # description names: "storage (vault_id, shelf)")
    keys = [[stem(singular(w)) for w in content_words(split_case(k))] for k in names]
    ids = [k for k in keys if k and noun in k and k[-1] in ("id", "code")]
    return bool(ids) and not any(noun in k and k[-1] not in ("id", "code") for k in keys)


def _possessed(named: list[Mention], text: str) -> set[str]:
    """Stems of what the things a request names have, by the possessive: "irena ostrowski's dog" -> dog."""
    low = text.lower()
    out: set[str] = set()
    for m in named:
        at = low.find(m.text.lower())
        rest = low[at + len(m.text):] if at >= 0 else ""
        if rest.startswith(("'s ", "’s ")):
            out |= {stem(singular(x)) for x in WORD.findall(rest[3:])[:1] if x not in BM25_STOPWORDS
                    and not x.endswith(("ship", "ships"))}  # ("hartigan's membership": she is the member)
    return out


def answers_person(card: ToolCard) -> bool:
    """Whether a tool's answer names a person: a field for one that is no id (``teacher``, ``instructor_name``,
    ``composer``), or a record with a name that is a person's by the tool's noun (``find_employees``) or has a way
    to reach it (a beekeeper's: ``name``, ``phone``); read
    from its output schema (terse keys through its description: ``nm (name)``), else from what its description
    says it gives."""
    schema = card.output_schema or card.observed_schema
    keys = schema_keys(schema)
    meanings = key_meanings(card.description, schema, keys)
    if keys:
        fields = [[singular(w) for w in content_words(split_case(k))] + list(meanings.get(k, ())) for k in keys]
    else:  # (and the keys it names: '"host" (the host's name)')
        fields = [[singular(w)] for w in content_words(split_case(described_output_text(card.description[:600])))]
        fields += [[singular(w) for w in content_words(f"{split_case(k)} {m}".replace("_", " "))]
                   for k, m in described_keys(card.description)]
    fields = [f for f in fields if f and not {"id", "ids"} & set(f) and not IDENTIFIER.search("_".join(f))]
    if any(set(f) & _PERSON_FIELDS for f in fields):
        return True
    own = {singular(w) for w in content_words(split_case(f"{card.name} {bare_path(card)}"))}
    return any("name" in f for f in fields) and (bool(own & PEOPLE_WORDS) or any(set(f) & _CONTACT for f in fields))


def value_params(card: ToolCard) -> list[str]:
    """The words of the required values a user gives rather than a tool (numbers, not ids): ``season_number`` ->
    season. Names and queries are the mentions' business; enums have a value to choose."""
    out = []
    for p in card.required:
        name = str(p.get("name") or "").lower()
        if p.get("enum") or name in NAME_PARAMS:
            continue
        numeric = str(p.get("type") or "").lower() in NUMERIC_TYPES or re.search(r"(^|_)(number|num|no)$", name)
        if numeric and not IDENTIFIER.search(name):
            words = [w for w in WORD.findall(name.replace("_", " ")) if w not in GENERIC_PARAM_WORDS]
            out.extend(words)
    return out


#: plural words of a tool's name that say it gives one thing's record, not a list ("Booking details")
_ONE_RECORD = frozenset("details specifics particulars settings news".split())


def narrows(text: str, names: list[str]) -> bool:
    """Whether a chain's goal (the last name) fetches one thing of a kind an earlier tool lists while the request
    asks for those things in the plural: "which incidents ..." with list_incidents then get_incident (not when the
    goal lists things itself: "the top tracks of my top artists", "the songs of the first featured playlist")."""
    asked = set(WORD.findall(text.lower()))

    def words(name: str) -> set[str]:
        return set(WORD.findall(split_case(name).replace("_", " ").lower()))

    goal = words(names[-1])
    if any(w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3 and w not in _ONE_RECORD
           for w in goal):
        return False  # the goal lists things itself (the top tracks of my top artists, a playlist's tracks,
        # "Vaccination records of an animal"; not "Booking details")
    listed = set().union(*(words(n) for n in names[:-1]))
    many = asks_many(text)  # "what books does she have out": the things of the list, by another word
    return any(w.endswith("s") and (w in asked or many) and w in listed and w not in goal and singular(w) in goal and
               singular(w) not in asked for w in listed)


def changes_data(card: ToolCard) -> bool:
    """A tool that changes data, for planning: an HTTP method other than GET; for other tools, named for a change
    (``cancel_booking``, ``addReview``, ``create_reservation``) unless declared read-only (Python's flag set to
    False, MCP's read-only hint): an MCP server that annotates nothing would otherwise make every tool a write, and
    a Python module that marks nothing none."""
    if card.method:
        return card.mutating
    ref = card.source_ref if isinstance(card.source_ref, dict) else {}
    if ref.get("mutating") is False:
        return False
    first = content_words(split_case(card.name).replace("_", " "))[:1]
    return bool(first) and first[0] in WRITE_NAME_VERBS


@dataclass(frozen=True)
class ChainWeights:
    """The chain score's parameters. Chosen on the even-index RestBench TMDB queries (odd ones and the other
    RestBench-style sets held out): docs/benchmarks.md, "Planner"."""

    goal: float = 0.5  # the last tool's similarity to the request
    best: float = 0.5  # the best similarity of any of the chain's tools to the request
    kinds: float = 0.3  # times the share of the kinds of things the request speaks of that the chain's tools handle
    evidence: float = 0.8  # times the share of the request's content words found in the goal's answer
    answer_type: float = 0.15  # the goal's answer holds what the question word asks for (who: people, when: dates)
    cover: float = 0.5  # the similarity of the request to the chain's mean vector
    grounding: float = 0.15  # the request names something and the chain starts by looking a name up
    kind: float = 0.25  # that name's kind fits (+) or contradicts (-) what the first tool finds
    unneeded_lookup: float = 0.15  # the chain starts with a lookup but the request names nothing
    value: float = 0.1  # each user-given value a tool takes that the request mentions (+), or not (-)
    write: float = 1.0  # each tool that changes data, in a chain for a request that asks to change nothing; a
    # chain that ends in none, for a request that orders a change
    given: float = 0.25  # each required parameter of the chain's tools the request gives by shape or noun
    # ("issue 102" for issue_id, a tracking number, an email): a chain that uses what the user handed over
    sequential: float = 0.1  # times the weight of a SEQUENTIAL edge between consecutive tools
    length: float = 0.08  # each tool past the first
    ungiven: float = 0.3  # each required word a tool takes that neither the request nor the chain gives
    undated: float = 0.1  # the request gives a date or a month that no tool of the chain takes
    idle: float = 0.15  # a last step that adds nothing asked for over the chain without it (ChainFinder.idle_steps)
    narrow: float = 0.3  # the goal fetches one of the things an earlier tool lists, and the request asks for them
    # all ("list all open sev1 incidents": list_incidents, then get_incident of one of them)


#: a noun before one of these and a name is not the name's kind ("kegs of Gorse Bloom", "orders from Oakmere")
_CALENDAR = re.compile(r"(?:(?:" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r"|monday|tuesday|wednesday|"
                       r"thursday|friday|saturday|sunday)\.?[\s,]*(?:\d{1,4}(?:st|nd|rd|th)?[\s,]*)*)+")
_NOT_ITS_KIND = frozenset("of from for with by to about".split())
@dataclass
class Chain:
    tools: list[str]
    score: float = 0.0
    parts: dict[str, float] = field(default_factory=dict)
    answers: set[str] = field(default_factory=set)  # the request's asked words any of its tools' answers hold
    questions: int = 0  # how many of the request's question words (who, when, where) its tools' answers meet

    def describe(self, names: dict[str, str]) -> str:
        return " -> ".join(names.get(t, t) for t in self.tools)


@dataclass
class ChainFinder:
    """Builds and scores the chains for one request over the planner's graph view."""

    graph: PlannerGraph
    weights: ChainWeights = field(default_factory=ChainWeights)
    max_len: int = 4
    providers_per_input: int = 8
    chains_per_goal: int = 40
    _request: RequestFacts | None = field(default=None, init=False, repr=False)
    _lookups: tuple[int, set[str], set[str]] = field(default_factory=lambda: (-1, set(), set()), init=False,
                                                     repr=False)
    _facts: dict[str, ToolFacts] = field(default_factory=dict, init=False, repr=False)
    _given: dict[tuple[str, str], int] = field(default_factory=dict, init=False, repr=False)
    _handed: dict[tuple[str, str, tuple[str, ...]], bool] = field(default_factory=dict, init=False, repr=False)
    _ungiven: dict[tuple[str, str, frozenset[str]], int] = field(default_factory=dict, init=False, repr=False)
    _seq: dict[tuple[str, str], float] | None = field(default=None, init=False, repr=False)

    def best(self, text: str, goals: list[str], *, blocked: set[str] | frozenset[str] = frozenset(),
             available: list[str] | None = None) -> Chain | None:
        """The best chain ending at one of ``goals`` (``available``: tools whose results the subtask already has,
        from the subtasks it depends on; they provide inputs for free)."""
        chains = self.chains(text, goals, blocked=blocked, available=available or [])
        if not chains:
            return None
        self._seq = self.graph.sequential_weights(sorted({t for c in chains for t in c.tools}))  # one query for all
        try:
            scored = [self.score(text, c) for c in chains]
        finally:
            self._seq = None
        self.idle_steps(scored)
        return self.answering(text, max(scored, key=self._rank), scored)

    @staticmethod
    def _rank(c: Chain) -> tuple[float, int, list[int]]:
        return round(c.score, 9), -len(c.tools), [-ord(ch) for ch in c.tools[-1]]

    def answering(self, text: str, best: Chain, scored: list[Chain]) -> Chain:
        """The best chain, carried on when it leaves what the request asks unanswered, to the best of the chains
        that start with it and answer it:

        - the request asks who and no tool of it answers with a person: "who looks after hive HV-172?" is not
          answered by the hive's record alone, though it scores best (the keeper's id is on the apiary's); a chain
          that reaches a person's record (or a field naming one), not a client's for "who's been assigned to job
          J-40288";
        - the request asks which thing and its tools give that thing only by its id ("which vault is accession
          NMS-2016-0044 in": ``storage.vault_id``): a chain that reaches a tool about that thing."""
        req = self.request(text)
        cards = self.graph.tools(best.tools)
        worker = WORKER_ASKED.search(text.lower()) is not None
        who = _WHO in req.wanted_groups and not any(self.facts(c).person for c in cards.values())
        by_id = {n for n in _which_nouns(text) if any(_only_by_id(c, n) for c in cards.values()) and not any(
            same_noun(n, self._nouns(c)) for c in cards.values())}
        if not who and not by_id:
            return best
        longer = []
        for c in scored:
            if len(c.tools) <= len(best.tools) or c.tools[: len(best.tools)] != best.tools:
                continue
            added = [card for t, card in self.graph.tools(c.tools).items() if t not in best.tools]
            if who and any(self.facts(a).person and not (worker and any(stem(r) in self.facts(a).said
                                                                        for r in CLIENT_ROLES)) for a in added):
                longer.append(c)
            elif by_id and any(same_noun(n, self._nouns(a)) for n in by_id for a in added):
                longer.append(c)
        return max(longer, key=self._rank) if longer else best

    def idle_steps(self, scored: list[Chain]) -> None:
        """A last step that adds nothing the request asks for costs what it would have saved: a chain whose goal
        answers no asked word, answer type or kind that no tool of the same chain without it answers (the loans
        listed, then one book of them fetched, for "when are the books due back?") scores ``idle`` less; one that
        takes a value the request hands over (a code, a month) that the shorter chain leaves unused, or answers
        one more of its questions ("who looks after it, and where is its apiary?"), is not idle."""
        by_tools = {tuple(c.tools): c for c in scored}
        for c in scored:
            shorter = by_tools.get(tuple(c.tools[:-1]))
            if shorter is None:
                continue
            if c.answers <= shorter.answers and c.questions <= shorter.questions and all(
                    c.parts.get(k, 0.0) <= shorter.parts.get(k, 0.0) + 1e-9
                    for k in ("answer_type", "kinds", "unused", "undated")):
                c.parts["idle"] = -self.weights.idle
                c.score = round(c.score - self.weights.idle, 6)

    # -- building -------------------------------------------------------------------------------------------------
    def chains(self, text: str, goals: list[str], *, blocked: set[str] | frozenset[str],
               available: list[str]) -> list[Chain]:
        needs: dict[str, dict[str, list[str]]] = {}
        goals = [g for g in dict.fromkeys(goals) if g not in blocked]
        self._grow_needs(needs, goals, text, blocked)
        req = self.request(text)  # a request that names someone (capitalised, or a possessive; or by email)
        people = bool(req.mentions) or any(o.kind == "email" for o in req.offers)
        filters = {g: self._value_filters(g, text, blocked) for g in goals} if people else {}
        self._grow_needs(needs, [p for fs in filters.values() for ps in fs.values() for p in ps], text, blocked)
        have = set(available)
        out: list[Chain] = []
        seen: set[tuple[str, ...]] = set()

        def met(chain: list[str]) -> bool:
            return all(have & set(ps) or set(chain[:i]) & set(ps)
                       for i, t in enumerate(chain) for ps in needs.get(t, {}).values())

        def minimal(chain: list[str]) -> bool:
            """No tool but the goal can go with every need still met: "getloan -> getmember -> findmemberbyemail
            -> listmemberloans" is not kept, the loan gives the member id the loans need."""
            return not any(met(chain[:i] + chain[i + 1:]) for i in range(len(chain) - 1))

        def grow(chain: list[str], open_needs: list[tuple[str, str]]) -> None:
            while open_needs:  # a need is met by a tool the subtask already has, or one earlier in the chain
                tool, resource = open_needs[0]
                providers = set(needs.get(tool, {}).get(resource, []))
                if have & providers or set(chain[: chain.index(tool)]) & providers:
                    open_needs = open_needs[1:]
                    continue
                break
            else:
                key = tuple(chain)
                if key not in seen and minimal(chain):
                    seen.add(key)
                    out.append(Chain(list(chain)))
                return
            if len(chain) >= self.max_len:
                return
            tool, resource = open_needs[0]
            for p in needs.get(tool, {}).get(resource, []):
                if p in chain or p not in needs or resource in needs[p] or p not in self.graph.cards:
                    continue  # (a tool that needs the value itself only echoes it: no origin of it)
                grow([p, *chain], [(p, r) for r in needs[p]] + open_needs[1:])

        for g in goals:
            if g in needs and g in self.graph.tools([g]):  # (a goal the graph no longer holds is skipped)
                before = len(out)
                grow([g], [(g, r) for r in needs[g]])
                own = needs[g]
                for r, ps in filters.get(g, {}).items():  # the goal's value filter as a need, once each
                    needs[g] = {**own, r: ps}
                    grow([g], [(g, x) for x in needs[g]])
                needs[g] = own
                del out[before + self.chains_per_goal:]  # providers are tried best first: keep the first found
                out += self._filtered_by_lookup(g, out[before:], blocked, seen, people)
        return out

    def _grow_needs(self, needs: dict[str, dict[str, list[str]]], frontier: list[str], text: str,
                    blocked: set[str] | frozenset[str]) -> None:
        """The needs of ``frontier``, their providers', theirs...: one query per layer, into ``needs``."""
        for _ in range(self.max_len):
            todo = [t for t in dict.fromkeys(frontier) if t not in needs]
            if not todo:
                break
            found = self.needs_of(todo, text, blocked)
            nxt = []
            for t in todo:
                needs[t] = found.get(t, {})
                for r, ps in needs[t].items():
                    needs[t][r] = self.rank_providers(text, r, ps)[: self.providers_per_input]
                    nxt += needs[t][r]
            frontier = nxt

    def _value_filters(self, goal: str, text: str, blocked: set[str] | frozenset[str]) -> dict[str, list[str]]:
        """The goal's optional filters that are no ids and that the request gives no value for, with their providers
        (graph.value_filters), best first."""
        card = self.graph.tools([goal]).get(goal)
        if card is None or not is_lookup_tool(split_case(card.name).lower().replace(" ", "_")):
            return {}  # (a search's code filter: search_penalty_notices(vrm); not a listing's words)
        offers = self.request(text).offers
        given = {str(p.get("name") or "") for p in card.optional
                 if pick(str(p.get("name") or ""), json_type_of(p.get("type")), str(p.get("description") or ""),
                         offers, set(), False) is not None}
        out = {}
        for r, ps in self.graph.value_filters(goal).items():
            known = self.graph.tools(ps)  # (read from the graph when not read yet)
            ps = [p for p in ps if p not in blocked and p in known]
            if ps and not any(r.endswith(g) or g.endswith(r) for g in given):
                out[r] = self.rank_providers(text, r, ps)[: self.providers_per_input]
        return out

    def _filtered_by_lookup(self, goal: str, found: list[Chain], blocked: set[str] | frozenset[str],
                            seen: set[tuple[str, ...]], people: bool) -> list[Chain]:
        """"Which open issues are assigned to Maria Lopez", "any full kegs of gorse bloom": each chain to a goal
        with an optional id filter (``assignee_id``, ``beer_id``), started instead at a lookup that provides it
        and needs nothing (``GET /users?name=``, ``search_beers(query=)``); likewise a chain whose first tool lists
        things with such a filter ("how much did wendeline marsh pay for the rekey": her jobs listed by her
        customer id, then the job, then its invoice); a person's filter only when the request names someone."""
        lookups: dict[tuple[str, bool], list[str]] = {}

        def of(tool: str, first: bool = False) -> list[str]:
            """The lookups that feed ``tool``'s id filters; for a chain's first tool, only those that find the
            kind of thing the filter identifies (its clients by the client's id, never by the client's home
            branch: the salon's appointments there are everyone's)."""
            if (tool, first) not in lookups:
                filters = self.graph.id_filters(tool) if people else {
                    r: ps for r, ps in self.graph.id_filters(tool).items() if not is_person_id(r)}
                lookups[(tool, first)] = list(dict.fromkeys(
                    p for r, ps in filters.items() for p in ps if p not in blocked and p in self.graph.tools([p])
                    and self.graph.cards[p].takes_a_name() and not self.graph.needed_inputs([p])
                    and (not first or self._finds(self.graph.cards[p], r))))
            return lookups[(tool, first)]

        out = []
        for chain in found:
            for p in dict.fromkeys(of(goal) + (of(chain.tools[0], True) if len(chain.tools) > 1 else [])):
                tools = [p, *chain.tools]
                if p not in chain.tools and len(tools) <= self.max_len and tuple(tools) not in seen:
                    seen.add(tuple(tools))
                    out.append(Chain(tools))
        return out

    def _finds(self, lookup: ToolCard, resource: str) -> bool:
        """Whether a lookup finds the kind of thing ``resource`` identifies (``client_id``: a search of clients; a
        person's id, ``assignee_id``: a search of people)."""
        kind = stem(singular(resource.lower().removesuffix("_id").rsplit("_", 1)[-1]))
        return kind in self._nouns(lookup) or is_person_id(resource) and (
            "person" in tool_kinds(lookup) or self.facts(lookup).person)

    def needs_of(self, ids: list[str], text: str, blocked: set[str] | frozenset[str] = frozenset()
                 ) -> dict[str, dict[str, list[str]]]:
        """``PlannerGraph.needed_inputs``, as chains see them: the providers of a value also include the lookup
        tools of its kind, and a named path segment (``username``, ``branch``) that nothing provides is the user's
        to give (an id nothing provides stays a dead end: users rarely know ids)."""
        out: dict[str, dict[str, list[str]]] = {}
        for t, inputs in self.graph.needed_inputs(ids, text).items():
            kept = {}
            for r, ps in inputs.items():
                providers = list(dict.fromkeys([p for p in ps if p not in blocked] + self.kind_providers(r, blocked)))
                if providers or IDENTIFIER.search(r):
                    kept[r] = providers
            if kept:
                out[t] = kept
        return out

    def kind_providers(self, resource: str, blocked: set[str] | frozenset[str]) -> list[str]:
        """For a needed value (``repo`` of ``/repos/{owner}/{repo}``), besides the tools mined edges name: the
        lookup tools known so far that find that kind of thing (``Search Repositories``)."""
        kind = kind_of_words(WORD.findall(resource.replace("_", " ")))
        if not kind:
            return []
        return sorted(t for t, card in self.graph.cards.items()
                      if t not in blocked and card.takes_a_name() and tool_kind(card) == kind)

    def rank_providers(self, text: str, resource: str, providers: list[str]) -> list[str]:
        """Providers most worth trying first: similar to the request, and good places to start (they look up
        what the request names, or need nothing). A tool that takes the value itself (``tv_id`` in, ``tv_id``
        out) only echoes it and is left out."""
        sims = self.graph.similarity(text, providers)
        cards = self.graph.tools(providers)
        named = mentions(text)
        kept = [p for p in providers if p in cards and resource not in {
            str(q.get("name") or "").lower() for q in cards[p].required}]
        return sorted(kept, key=lambda p: (-(sims.get(p, 0.0) + self.start(cards[p], named, text)
                                             + (0.1 if not cards[p].required else 0.0)), p))

    def start(self, first: ToolCard, named: list[Mention], text: str = "") -> float:
        """What starting a chain at ``first`` is worth, given what the request (``text``) names."""
        w = self.weights
        lookup = first.takes_a_name()
        if text and self._takes_handed(text, first):
            return w.grounding  # an email, a host name or a code is handed over to the tool that finds by it
        if not named:
            return -w.unneeded_lookup if lookup else 0.0
        near = self._name_nouns(named, text)
        if not lookup and not first.required and near & self._nouns(first) - self._lookup_nouns(by_name=True):
            return w.grounding + w.kind  # "trainer Mateo Ruiz" from the list of trainers (no trainer search)
        if not lookup:
            return -w.grounding  # the request names something the chain never looks up
        kinds = {m.kind for m in named if m.kind}
        nots = {m.cue[1:] for m in named if m.cue and m.cue.startswith("!")}
        mine = tool_kind(first) or ("person" if "person" in tool_kinds(first) or _PEOPLE & {
            singular(x) for x in WORD.findall(split_case(f"{first.name} {bare_path(first)}").lower())}
            or self.facts(first).person else None)  # (find_members, find_instructors: their records hold
        # people; so do the records of permit holders, with a name and an email)
        fit = (w.kind if mine in kinds else -w.kind) if kinds and mine else 0.0
        if mine and mine in nots and mine not in kinds:
            fit = -w.kind
        beside = near & self._lookup_nouns()  # "trainer Mateo Ruiz", "the glasgow depot"
        if beside:  # the API's own word for what is named decides, over the lexicon's coarse kinds
            fit = w.kind if beside & self._nouns(first) else -w.kind
        elif _possessed(named, text) & {stem(singular(n)) for n in self._nouns(first)}:  # "irena ostrowski's
            # dog": she has a dog, so she
            fit = -w.kind  # is none (find_dogs is not where to look her up)
        return w.grounding + fit

    def _nouns(self, card: ToolCard) -> set[str]:
        """Stems of the words of a tool's name and URL path (``/trainers`` -> trainer, ``find_depot`` -> depot)."""
        return {stem(x) for x in WORD.findall(split_case(f"{card.name} {bare_path(card)}").lower().replace("_", " "))
                if len(x) > 2} - {stem(v) for v in ("get", "find", "search", "list", "lookup", "query", "api")}

    def _lookup_nouns(self, by_name: bool = False) -> set[str]:
        """The nouns of the graph's lookup tools and of the tools that need nothing (lists): the kinds of things
        its API finds by name (``by_name``: of the lookups alone)."""
        key = len(self.graph.cards)
        if self._lookups[0] != key:
            cards = self.graph.cards.values()
            self._lookups = (key, set().union(*(self._nouns(c) for c in cards if c.takes_a_name())),
                             set().union(*(self._nouns(c) for c in cards if c.takes_a_name() or not c.required)))
        return self._lookups[1] if by_name else self._lookups[2]

    def _name_nouns(self, named: list[Mention], text: str) -> set[str]:
        """Stems of the words right before and right after each thing the request names ("trainer Mateo Ruiz",
        "the Riverside club"; not what follows a possessive: "okonkwo's home club" is not the member's kind; nor
        a noun before "of", "from", "for"...: "kegs of Gorse Bloom" are no kind of Gorse Bloom)."""
        text = text.lower()
        out: set[str] = set()
        for m in named:
            words = WORD.findall(m.text.lower())
            at = text.find(m.text.lower())
            if at < 0 or not words or len(words[0]) < 2 or any(x in BM25_STOPWORDS for x in words):
                continue  # (not a name: "s that depot" read from "what's that depot's")
            apposed = re.match(r"\s+the\s+([a-z]{3,})\b", text[at + len(m.text):])
            if apposed:  # "is clementine the cat in": a cat (not a kennel called clementine)
                out.add(stem(apposed.group(1)))
                continue
            raw = WORD.findall(text[:at])[-2:]
            before = [] if raw[-1:] and raw[-1] in _NOT_ITS_KIND else [x for x in raw[-1:] if x not in BM25_STOPWORDS]
            # (right before it: "plans did tobiah renwick file" names no plan)
            rest = text[at + len(m.text):]
            after = [] if rest.startswith(("'s", "’s")) else WORD.findall(rest)[:1]
            after = [x for x in after if singular(x) == x]  # ("cowslip accessions" are of cowslip, no accession)
            out |= {stem(x) for x in before[-1:] + after if x not in BM25_STOPWORDS}
        return out

    # -- scoring --------------------------------------------------------------------------------------------------
    def score(self, text: str, chain: Chain) -> Chain:
        w = self.weights
        req = self.request(text)
        cards = self.graph.tools(chain.tools)
        goal, first = cards[chain.tools[-1]], cards[chain.tools[0]]
        sims = {t: float(v) for t, v in self.graph.similarity(text, chain.tools).items()}
        facts = [self.facts(cards[t]) for t in chain.tools]
        needs = self.graph.needed_inputs(chain.tools, text)
        covered, echoed = [], []  # per tool: stems of the inputs an earlier tool provides; of those not ids (a
        for i, t in enumerate(chain.tools):  # record got by its id is about that thing; an email it echoes is not)
            earlier = set(chain.tools[:i])
            fed = [r for r, ps in needs.get(t, {}).items() if earlier & set(ps)]
            covered.append({stem(x) for r in fed for x in WORD.findall(r.lower().replace("_", " "))})
            echoed.append({stem(x) for r in fed if not is_identifier(r)
                           for x in WORD.findall(r.lower().replace("_", " "))})
        parts: dict[str, float] = {}
        parts["goal"] = w.goal * sims.get(goal.id, 0.0)
        parts["best"] = w.best * max(sims.values(), default=0.0)
        if req.kinds:
            handled = set().union(*(f.kinds for f in facts))
            for t in chain.tools:  # a tool that takes the member id the request hands over ("member MB-10231")
                if self.given(text, cards[t]):  # handles members
                    handled |= words_kinds(" ".join(str(p.get("name") or "") for p in cards[t].required))
            if facts[-1].person:  # ("who's hosting the circle": a meetup's ``host``, the host's name)
                handled.add("person")
            parts["kinds"] = w.kinds * len(req.kinds & handled) / len(req.kinds)
        # what the chain's tools say they are about: names and paths, the goal's fields; an input an earlier tool
        # provides is no evidence ("find member by email" after the member's record says nothing new of email)
        said = set(facts[-1].answer) - echoed[-1]
        for f, c in zip(facts[:-1], echoed[:-1], strict=True):
            said |= f.said - c
        parts["evidence"] = w.evidence * (len(req.asked & said) / len(req.asked) if req.asked else 0.0)
        answered = set().union(*(f.answer - e for f, e in zip(facts, echoed, strict=True)))
        chain.answers = req.asked & answered
        chain.questions = sum(bool(g & answered) for g in req.wanted_groups)  # ("who ..., and where ...?": 2)
        parts["answer_type"] = w.answer_type if req.wanted & facts[-1].answer and not (  # "who's been assigned
            WORKER_ASKED.search(text.lower()) and any(stem(r) in facts[-1].said for r in CLIENT_ROLES)) and not (
            len(chain.tools) == 1 and _COUNT_ASKED.search(text) and self._takes_handed(text, goal)) else 0.0
        # to job J-40288": the one doing the work, not the client's record; "how many times has kwame@... been
        # out picking": the lookup of the one handed over counts none of what is asked
        parts["cover"] = w.cover * self.cover(req, [cards[t] for t in chain.tools])
        parts["start"] = self.start(first, req.mentions, text)
        if first.required and self.given(text, first) == len(first.required):  # the user handed over its inputs
            parts["start"] = max(parts["start"], 0.0)
        if any(o.kind in HANDED for o in req.offers) and not any(self._takes_handed(text, cards[t])
                                                                 for t in chain.tools):
            parts["unused"] = -w.grounding  # the request hands over an email or a code no tool of the chain takes
        if any(o.kind in DATED for o in req.offers) and not any(self._takes_handed(text, cards[t], DATED)
                                                                for t in chain.tools):
            parts["undated"] = -w.undated  # "what's on at Salle Boreale in December 2026": a tool takes the month
        value = 0.0
        for f, c in zip(facts, covered, strict=True):  # a value an earlier tool provides is no user's
            value += sum(w.value if v in req.words else -w.value for v in f.values if v not in c)
        parts["value"] = value
        parts["given"] = w.given * sum(self.given(text, cards[t]) for t in chain.tools)
        parts["ungiven"] = -w.ungiven * sum(self.ungiven(text, cards[t], c) for t, c in zip(chain.tools, covered,
                                                                                            strict=True))
        if not req.change or not req.order and _QUESTION.match(text):  # a question never runs a tool that changes
            # data ("which book is it": no booking)
            parts["write"] = -w.write * sum(changes_data(cards[t]) for t in chain.tools)
        elif req.order and not changes_data(goal):  # an order ("Book a tyre rotation") ends in a change
            parts["write"] = -w.write
        seq = self._seq if self._seq is not None else self.graph.sequential_weights(chain.tools)
        parts["sequential"] = w.sequential * sum(seq.get((a, b), 0.0) for a, b in zip(chain.tools, chain.tools[1:]))
        parts["length"] = -w.length * (len(chain.tools) - 1)
        if len(chain.tools) > 1 and (narrows(text, [cards[t].name for t in chain.tools]) or
                                     self._one_of_many(text, goal)):
            parts["narrow"] = -w.narrow
        chain.parts = {k: round(v, 4) for k, v in parts.items() if v}
        chain.score = round(sum(parts.values()), 6)
        return chain

    @staticmethod
    def _one_of_many(text: str, goal: ToolCard) -> bool:
        """Whether the goal fetches one thing by its id (``GET /lessons/{lesson_id}``) of a kind the request asks
        for in the plural and picks none of ("which lessons is she booked on": her record's bookings, then one
        lesson; not "her first lesson", nor a flight's seat map for "which seats are free")."""
        if len(goal.required) != 1 or PICKS_ONE.search(text.lower()):
            return False
        name = str(goal.required[0].get("name") or "").lower()
        if not IDENTIFIER.search(name):
            return False
        kind = [x for x in WORD.findall(name.replace("_", " ")) if x not in GENERIC_PARAM_WORDS][-1:]
        return bool(kind) and any(singular(a) == kind[0] != a for a in WORD.findall(text.lower()))

    def _takes_handed(self, text: str, card: ToolCard, kinds: tuple[str, ...] = ()) -> bool:
        """Whether a tool takes a value the request hands over by its shape (an email, ``api-gw-03``, ``INC-4420``,
        an id after its noun; or one of ``kinds``: a date, a month), as the binder would read it
        (toolgraph.text.reading.pick)."""
        kinds = kinds or HANDED
        key = (text, card.id, kinds)
        if key not in self._handed:
            offers = [o for o in self.request(text).offers if o.kind in kinds]
            self._handed[key] = bool(offers) and any(
                pick(str(p.get("name") or ""), json_type_of(p.get("type")), str(p.get("description") or ""),
                     offers, set(), needed) is not None
                for ps, needed in ((card.required, True), (card.optional, False)) for p in ps)
        return self._handed[key]

    def given(self, text: str, card: ToolCard) -> int:
        """How many of a tool's required parameters the request gives strongly (toolgraph.text.reading)."""
        key = (text, card.id)
        if key not in self._given:
            offers = self.request(text).offers
            self._given[key] = sum(given_strongly(str(p.get("name") or ""), json_type_of(p.get("type")),
                                                  str(p.get("description") or ""), offers) for p in card.required)
        return self._given[key]

    def ungiven(self, text: str, card: ToolCard, fed: set[str]) -> int:
        """How many required words a tool takes (an email, a city; not ids, choices or names to look up) that
        neither the request gives nor an earlier tool of the chain (``fed``: stems of what they provide): a chain
        that starts at "find member by email" for a request that names no email cannot bind it."""
        key = (text, card.id, frozenset(fed))
        if key in self._ungiven:  # (scored once per tool and what feeds it, not once per chain)
            return self._ungiven[key]
        offers = self.request(text).offers
        missing = 0
        for p in card.required:
            name = str(p.get("name") or "")
            kind = json_type_of(p.get("type"))
            if p.get("enum") or p.get("default") is not None or is_identifier(name) or kind != "string" \
                    or name.lower() in NAME_PARAMS or {stem(x) for x in WORD.findall(split_case(name).lower())} & fed:
                continue
            if pick(name, kind, str(p.get("description") or ""), offers, set(), True) is None:
                missing += 1
        self._ungiven[key] = missing
        return missing

    def request(self, text: str) -> RequestFacts:
        if self._request is None or self._request.text != text:
            self._request = RequestFacts.of(text, self.graph.query_vector(text))
            if not self._request.mentions:  # lowercase names: what the tools' words leave of the request
                vocabulary = vocabulary_of(*(f"{c.name} {c.description[:400]} {' '.join(p.name for p in c.params)}"
                                             for c in self.graph.cards.values()))
                person = "person" if _PERSONAL.search(text) else None  # "where does aoife brennan sit, and
                offers = read(text, vocabulary)  # what's her locker number": a person (other leftovers are too weak
                ends = _route_ends(text, offers)  # a sign: "the lead actor"); "from carrickmoor to inchbrae
                nouns = {stem(singular(n)) for n in self._lookup_nouns()} - _GENERIC_NOUNS
                self._request.mentions = [  # north", "inchbrae to carrickmoor sailings": places, no customer's name
                    Mention(o.value, "place" if o.value in ends else None if o.kind == "residual_place" else
                            "person" if o.kind == "residual_owner" else person)  # ("matteo villani's car": he
                    # has a car, so is someone)
                    for o in offers if o.kind in ("residual_place", "residual_owner") or is_subject(text, o)
                    or o.value in ends or o.kind == "residual" and _before_noun(text, str(o.value), nouns)]
        return self._request

    def facts(self, card: ToolCard) -> ToolFacts:
        if card.id not in self._facts:
            self._facts[card.id] = ToolFacts.of(card)
        return self._facts[card.id]

    def cover(self, req: RequestFacts, cards: list[ToolCard]) -> float:
        """The similarity of the request to the chain's tools together (the cosine with their mean vector)."""
        if req.vector is None or any(c.embedding is None for c in cards):  # no vectors: the mean word overlap
            sims = self.graph.similarity(req.text, [c.id for c in cards])
            return sum(sims.values()) / len(cards) if cards else 0.0
        mean = np.mean([self.facts(c).vector for c in cards], axis=0)
        norm = float(np.linalg.norm(mean))
        return float(mean @ req.vector) / norm if norm else 0.0  # (plain floats: plans are JSON)


def _route_ends(text: str, offers: list[Any]) -> set[str]:
    """The two names of a route the request gives ("from carrickmoor to inchbrae north", "the inchbrae to
    carrickmoor sailings"): a leftover name right before "to" and the place right after it."""
    out: set[str] = set()
    for o in offers:
        if o.kind != "residual_place" or not re.search(r"\bto\s+$", text[:o.start].lower()):
            continue
        before = text[:o.start].lower().rstrip()[:-2].rstrip()
        other = next((x for x in offers if x is not o and x.kind.startswith("residual") and
                      before.endswith(str(x.value).lower())), None)
        if other is not None:
            out |= {str(o.value), str(other.value)}
    return out


_COUNT_ASKED = re.compile(r"\b(?:how many|number of|count of)\b", re.IGNORECASE)
_TIMES = re.compile(r"\b(?:how many|number of|count of)\s+times\b", re.IGNORECASE)


@dataclass
class RequestFacts:
    """What the chain score reads of a request, computed once."""

    text: str
    mentions: list[Mention]
    asked: set[str]  # stems of its content words outside the names it gives
    words: set[str]  # stems of all its words
    kinds: set[str]  # the kinds of things it speaks of
    wanted: set[str]  # answer words its question words ask for
    wanted_groups: list[frozenset[str]]  # the same, one set per question word (lexicon.asked_type_groups)
    vector: Any = None  # unit vector, or None
    offers: list[Any] = field(default_factory=list)  # the values it gives (toolgraph.text.reading)
    change: bool = False  # it asks to change something (toolgraph.text.lexicon.asks_for_change)
    order: bool = False  # it orders a change where an order stands ("Book a tyre rotation ...": asks_to_change)

    @classmethod
    def of(cls, text: str, vector: list[float] | None) -> RequestFacts:
        named = mentions(text)
        asked = {stem(x) for x in content_words(text) if len(x) > 1 and x not in BM25_STOPWORDS} - \
            {stem(x) for m in named if not ACRONYM.fullmatch(m.text)  # (an IBAN, a VIN is asked, not named)
             for x in content_words(m.text)}  # (question words: ``wanted`` reads them)
        if _TIMES.search(text):  # "how many times was it hired": occurrences counted, no time asked
            asked.discard(stem("times"))
        unit = None
        if vector is not None:
            v = np.asarray(vector, dtype=np.float32)
            n = float(np.linalg.norm(v))
            unit = v / n if n else v
        offers = read(text)
        codes = {str(o.value).lower() for o in offers if o.kind in ("identifier", "noun_id", "email", "isbn")}
        named = [m for m in named if m.text.lower() not in codes and not _CALENDAR.fullmatch(m.text.lower())]  # a
        # tracking number is handed over, not looked up; "March", "Friday" are dates, no names
        return cls(text, named, asked, {stem(x) for x in WORD.findall(text.lower())}, request_kinds(text),
                   asked_types(text), asked_type_groups(text), unit, offers, asks_for_change(text),
                   asks_to_change(text) is not None)


@dataclass
class ToolFacts:
    """What the chain score reads of a tool, computed once per tool."""

    answer: set[str]  # stems of its name, path and output fields
    said: set[str]  # stems of its name and path
    kinds: set[str]
    values: list[str]  # stems of the user-given values it needs
    vector: Any = None
    person: bool = False  # its answer names a person (answers_person)

    @classmethod
    def of(cls, card: ToolCard) -> ToolFacts:
        said = {stem(x) for x in content_words(f"{card.name} {bare_path(card)}")}
        return cls(answer_words(card), said, tool_kinds(card), [stem(v) for v in value_params(card)],
                   np.asarray(card.embedding, dtype=np.float32) if card.embedding is not None else None,
                   answers_person(card))

