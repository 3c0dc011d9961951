"""The English a request is read with: the kinds of things it names and the words that say which, the names it
gives (quoted, capitalised) and the cue around each, what its question words ask for, the values it states (numbers,
ids, literals spelled out).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from toolgraph.text.words import QUERY_STOPWORDS, WORD, stem

# Kinds of things a request names, and the words that say which kind. A lookup tool's kind comes from the nouns
# of its name and path (``Search People`` -> people -> person); a mention's from the words around it.
KINDS: dict[str, frozenset[str]] = {
    "person": frozenset("person people actor actress director artist singer author writer user creator composer "
                        "producer musician celebrity star player member owner developer contributor cast crew "
                        "host band rapper drummer guitarist novelist poet username login handle account "
                        "follower".split()),
    "film": frozenset("movie film picture cinema".split()),
    "show": frozenset("tv television series sitcom programme".split()),  # ("show" is a verb too often)
    "collection": frozenset("collection franchise saga trilogy".split()),
    "organisation": frozenset("company studio organization organisation org network label brand publisher "
                              "team corporation".split()),
    "track": frozenset("song track single tune".split()),
    "album": frozenset("album record ep lp".split()),
    "playlist": frozenset("playlist mix".split()),
    "place": frozenset("city place location country venue region town".split()),
    "repository": frozenset("repository repo project package library".split()),
    "book": frozenset("book novel title edition".split()),
}
KIND_OF = {w: kind for kind, ws in KINDS.items() for w in ws}
# "directed by X", "starring X": X is a person.
AGENT_VERBS = frozenset("directed written starring starred featuring played sung performed composed authored "
                        "hosted narrated created made produced maintained owned developed".split())
SKIP_BEFORE = frozenset("the a an called named titled entitled".split())
# "the second season of X": X is a show. (A part, and the kind of the whole it belongs to.)
PART_OF = {"season": "show", "episode": "show", "seasons": "show", "episodes": "show"}

# Quoted text; a single quote only where it opens and closes (no apostrophes: "What's ... Asante's" quotes nothing)
QUOTED = re.compile(r"[\"“«]([^\"”»]{2,80})[\"”»]|(?:(?<=[\s(:])|^)'([^']{2,80})'(?=[\s.,;:!?)]|$)")
CAPITALISED = re.compile(r"\b([A-Z][\w'’.-]*(?:\s+(?:of|the|de|von|van|la|le|del)?\s*[A-Z][\w'’.-]*)*)")
NOT_NAMES = {"I", "I'm", "I've", "TV", "OK", "Please", "Who", "What", "When", "Where", "Which", "How", "Why", "Give",
             "Tell", "Show", "Find", "Get", "List", "Can", "Could", "Would", "The", "A", "An", "And", "Then", "Also",
             "Is", "Are", "Do", "Does", "My", "Me", "In", "On", "For", "Of", "To", "It", "This", "That", "Some", "Any"}
# A value the user spells out for a path segment: owner/name pairs, quoted strings, @handles, version tags,
# code-like tokens (letters with digits, dots, dashes or underscores inside: "release-1.30", "octo-labs").
# Not literals: an email's parts, a date's slashes ("3/14/2027"), a quote that is an apostrophe ("Asante's ... it's"),
# a decimal ("a 13.5 m boat"; a version has a v or three parts).
LITERAL = re.compile(r"(?<![\w.@-])(?:(?=[\w.-]*[A-Za-z])[\w.-]+/(?=[\w.-]*[A-Za-z])[\w.-]+\b(?![@/])|"
                     r"[\"“‘][^\"”’]{1,80}[\"”’]|'[^']{1,80}'(?![\w])|@\w+|(?:v\d+(?:\.\d+)+|\d+\.\d+\.\d+)\b(?![@.]\w)|"
                     r"[a-z]+[-_.][a-z0-9]+(?:[-_.][a-z0-9]+)*\b(?![@.-]\w))")
# A parameter named for a code or reference (``booking_ref``, ``sku``, ``registration``): a literal in the request
# fills it only in the code's own shape ("BK-27188"), never because the request spells out something else.
CODE_NAME = re.compile(r"(^|_)(ref|reference|code|sku|reg|registration|serial|barcode|locode|isbn|plate|pnr|"
                       r"confirmation)$")
#: words by which a request picks one of several listed (the binder orders them so: by_recency, superlative_pick)
PICKS_ONE = re.compile(r"\b(?:last|latest|newest|most recent|first|earliest|oldest|next|previous|biggest|largest|"
                       r"smallest|highest|lowest|cheapest|priciest|most|least|best|worst|top)\b")
ID_VALUE = re.compile(r"\b(?=[a-z0-9-]*\d)[a-z0-9-]{6,}\b|\b\d{3,}\b", re.IGNORECASE)
# A number the user states: digits, or a cardinal / ordinal word ("the third episode of the second season").
NUMBER_VALUE = re.compile(r"\b(?:\d+(?:st|nd|rd|th)?|one|two|three|four|five|six|seven|eight|nine|ten|first|second|"
                          r"third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|latest)\b", re.IGNORECASE)


def named_things(text: str) -> list[str]:
    """What the request names: quoted strings and capitalised word runs that are not the sentence's first word
    ("the movie The Dark Knight" -> The Dark Knight; "directed by Sofia Coppola" -> Sofia Coppola)."""
    found = [(m.group(1) or m.group(2)).strip() for m in QUOTED.finditer(text)]
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        for m in CAPITALISED.finditer(sentence):
            span = m.group(1).strip(" .'’")
            if m.start() == 0:  # the first word is capitalised anyway: drop it, keep the rest
                span = " ".join(span.split()[1:])
            if span and span not in NOT_NAMES and not (span.isupper() and len(span) <= 3):
                found.append(span)
    return list(dict.fromkeys(found))


@dataclass(frozen=True)
class Mention:
    """A thing the request names, and the kind the words around it give (None: unknown)."""

    text: str
    kind: str | None
    cue: str | None = None


def kind_of_words(words: list[str]) -> str | None:
    for w in words:
        k = KIND_OF.get(w) or KIND_OF.get(stem(w))
        if k:
            return k
    return None


#: words after which a word that also names a kind is a verb ("please book X", "to order X")
_BEFORE_A_VERB = frozenset("please kindly to you i we and then also can could".split())


def mentions(text: str) -> list[Mention]:
    """The request's named things, each typed by its cue: a kind noun right before it ("the movie X", "TV show
    called X", "actor X"), an agent verb before it ("directed by X", "starring X"), a kind noun right after it
    ("the Star Wars collection"), or a possessive ("X's latest movie": X owns a film, so X is a person)."""
    low = text.lower()
    out: list[Mention] = []
    for name in named_things(text):
        name = re.sub(r"['’]s$", "", name)
        start = low.find(name.lower())
        if start < 0:
            out.append(Mention(name, None))
            continue
        before = WORD.findall(low[:start])
        after_text = low[start + len(name):]
        after = WORD.findall(after_text)
        kind, cue = None, None
        prev = [w for w in before[-4:]]
        while prev and prev[-1] in SKIP_BEFORE:
            prev.pop()
        owner = after_text.startswith(("'s", "’s"))
        if owner and kind_of_words(after[1:3]) not in (None, "person"):
            kind, cue = "person", f"'s {after[1]}"  # "X's latest movie": X has films, so X is a person
        elif len(prev) >= 2 and prev[-1] == "of" and prev[-2] in PART_OF:
            kind, cue = PART_OF[prev[-2]], f"{prev[-2]} of"
        elif prev and prev[-1] == "by" and len(prev) >= 2 and prev[-2] in AGENT_VERBS:
            kind, cue = "person", f"{prev[-2]} by"
        elif prev and prev[-1] in ("starring", "featuring", "feat", "ft", "with"):
            kind, cue = "person", prev[-1]
        elif len(prev) >= 2 and prev[-1] in ("of", "for", "from", "in", "behind") \
                and kind_of_words(prev[-2:-1]) == "person":
            # "the lead actor of Titanic": Titanic *has* an actor, so it is not a person (a kind it is not)
            kind, cue = None, "!person"
        elif prev and kind_of_words(prev[-1:]) and not (prev[-1] in WRITE_NAME_VERBS and (
                len(prev) < 2 or prev[-2] in _BEFORE_A_VERB)):  # ("please book Ilse Brandauer": a verb, no book)
            kind, cue = kind_of_words(prev[-1:]), prev[-1]
        elif len(prev) >= 2 and prev[-1] in ("show", "series") and kind_of_words(prev[-2:-1]):
            kind, cue = "show", " ".join(prev[-2:])
        elif after and kind_of_words(after[:1]) in ("collection", "organisation", "playlist", "album"):
            kind, cue = kind_of_words(after[:1]), after[0]
        out.append(Mention(name, kind, cue))
    return out


def request_kinds(text: str) -> set[str]:
    """The kinds of things a request speaks of, in its own words outside the names it gives ("the lead actor of
    today's most trending TV show": person, show)."""
    low = text.lower()
    for m in mentions(text):
        low = low.replace(m.text.lower(), " ")
    return {k for w in WORD.findall(low) for k in (KIND_OF.get(w), KIND_OF.get(stem(w))) if k}


# What a question word asks for, as words an answer's fields carry ("Who ...?": cast, crew, director; "When
# ...?": date, birthday, air_date).
ASKS: dict[str, frozenset[str]] = {
    "who": KINDS["person"],
    "whom": KINDS["person"],
    "whose": KINDS["person"],
    "when": frozenset("date day year time birthday birth air release released first_air_date founded".split()),
    "where": frozenset("place location country city address headquarter headquarters origin birth".split()),
    "many": frozenset("count total number".split()),
}


AUXILIARY_VERBS = frozenset("do does did is was are were be has have had will would can could should shall may "
                            "might must".split())


def asked_types(text: str) -> set[str]:
    """The answer words the request's question words ask for (``who`` -> people words)."""
    return set().union(*asked_type_groups(text))


def asked_type_groups(text: str) -> list[frozenset[str]]:
    """The answer words each of the request's question words asks for, one set per distinct question ("who looks
    after hive HV-172, and where is its apiary?": the people words, then the place words)."""
    words = WORD.findall(text.lower())
    out: list[frozenset[str]] = []
    for i, w in enumerate(words):
        group: frozenset[str] = frozenset()
        if w in ASKS and (w != "many" or (i and words[i - 1] == "how")):
            group = frozenset(stem(x) for x in ASKS[w])
        if w in ("many", "much") and i and words[i - 1] == "how" and i + 1 < len(words) \
                and words[i + 1] not in QUERY_STOPWORDS and words[i + 1] not in AUXILIARY_VERBS:  # "how many
            # calories": calories; "how much did the insurer pay": no "did"
            group = group | {stem(words[i + 1])}
        if group and group not in out:
            out.append(group)
    person = frozenset(stem(x) for x in ASKS["who"])
    if person not in out and WORKER_ASKED.search(text.lower()):  # "which locksmith is coming": a person too
        out.append(person)
    return out


# Words by which a request asks to change something (book, cancel, renew...): only then may a plan hold a tool that
# changes data.
WRITE_WORDS = frozenset(
    "acknowledge add approve archive assign book borrow cancel change check checkout close comment create delete "
    "edit enrol enroll file freeze lend refund reject rent restore unfreeze "
    "log make mark move open order pay place post publish put register remove rename renew reorder replace "
    "reschedule reserve return schedule send set sign start stop submit subscribe transfer unsubscribe update upload "
    "write join".split())


def asks_for_change(text: str) -> bool:
    """Whether a request asks to change something (a write-intent verb: "renew my loan", "book two tickets")."""
    return any(w in WRITE_WORDS for w in re.findall(r"[a-z]+", text.lower()))


_CHANGE_VERBS = WRITE_WORDS - {"open", "close", "check", "log", "make", "start", "stop", "order", "set", "mark"}
_POLITE = re.compile(r"^(?:please|kindly|now|also|and|then|so|can you|could you|would you|will you|i want to|"
                     r"i'd like to|i would like to|i need to|i wish to|help me|let's|go ahead and)\b[\s,]*")


def asks_to_change(query: str) -> str | None:
    """The verb by which a request tells the system to change something ("Acknowledge the open incident ...",
    "please renew my loan", "check out the dispossessed"), read only where an order stands: at the start of a
    sentence, after "please", "can you", "i want to"... ("which issues are open" asks to change nothing); or None."""
    for clause in re.split(r"[.!?;:,]+|\s-\s", query.lower()):
        clause = clause.strip(" ,")
        while (m := _POLITE.match(clause)) and m.end():
            clause = clause[m.end():]
        if clause.startswith("check out") or clause.startswith("check in"):
            return " ".join(clause.split()[:2])
        first = re.match(r"[a-z]+", clause)
        if first and first.group() in _CHANGE_VERBS:
            return first.group()
    return None


_WH_PLURAL = re.compile(r"\s*(?:(?:what|which)\s+(?:[a-z0-9]+\s+){0,3}?([a-z]{3,}s)\s+"
                        r"(?:do|does|did|are|were|have|has|is)\b|"
                        r"which\s+([a-z]{3,}s)\s+(?!of\b)[a-z]+|"  # "which cardiologists work at the clinic"
                        r"(?:what|which)\s+of\s+(?:the|your|our|their|my|these|those)\s+([a-z]{3,}s)\b)")  # "which
# of your hotels are in kelderby"


#: a request for every one of the things: "who teaches each one", "when does each of them renew"
_EACH = re.compile(r"\b(?:each|every)\s+(?:one|of\s+(?:them|those|these))\b|\ball\s+of\s+them\b")


def asks_many(text: str) -> bool:
    """A question for things in the plural ("what books does she have checked out", "which year 11 science groups
    are there", "which open issues are ...", "... and who teaches each one")."""
    m = _WH_PLURAL.match(text.lower())
    return m is not None and not (m.group(1) or m.group(2) or m.group(3)).endswith(("ss", "us", "is")) or \
        _EACH.search(text.lower()) is not None


# The verbs that open the name of a tool that changes data (``cancel_booking``, ``addReview``); reads such as
# ``check_availability`` or ``open_issues`` are not among them.
WRITE_NAME_VERBS = frozenset(
    "acknowledge add apply approve archive assign book cancel claim create delete edit enrol enroll file freeze join "
    "lend log move pay place post publish put redeem refund register reject remove rename renew rent report request "
    "restore sign unfreeze reschedule reserve schedule send set submit subscribe transfer unsubscribe update upload "
    "write".split())


#: words by which a request asks to find things, not to learn about one it names ("is there a ...", "which ...")
FINDING = re.compile(r"\b(?:find|search|look(?:ing)? (?:up|for)|is there|are there|do you have|have you got|"
                     r"which|list|show me|any|exists?|where)\b")

# "don't count cancelled ones", "not cancelled", "excluding refunds", "other than drafts": the value is excluded
_NEGATION = re.compile(r"(?:\b(?:not|no|don'?t|doesn'?t|isn'?t|aren'?t|wasn'?t|weren'?t|never|without|except|"
                       r"excluding|exclude|ignore|ignoring|besides|minus|skip|skipping|leave out|leaving out|"
                       r"other than|rather than|instead of)|n't)\s+(?:[a-z]+\s+){0,2}$")


#: an order to leave things out reaches further: "leave out any that were cancelled", "not counting the ones marked
#: cancelled"
_LEAVING_OUT = re.compile(r"\b(?:leave out|leaving out|exclude|excluding|ignore|ignoring|skip|skipping|except|"
                          r"don'?t count|do not count|not counting|without)\s+(?:[a-z]+\s+){0,4}$")


def negated(text: str, start: int) -> bool:
    """Whether the words just before ``start`` (at most three; five after an order to leave out) negate what
    stands there: "don't count cancelled bookings", "excluding refunds", "bookings that aren't cancelled", "leave
    out any that were cancelled"."""
    before = re.sub(r"[’']", "'", text[max(0, start - 60):start].lower())
    return bool(_NEGATION.search(before[-40:]) or _LEAVING_OUT.search(before))


#: "who's been assigned to job J-40288", "who's handling claim CL-7", "who's running it": the one doing the work
WORKER_ASKED = re.compile(r"\b(?:who(?:'s|’s| is| was| will be|'ll be| are)?|which\s+[a-z]+(?:'s|’s|\s+is|\s+was|"
                          r"\s+will\s+be))\s+(?:been\s+|being\s+|the\s+one\s+)?(assigned|handling|handles|handled|"
                          r"working|running|runs|teaching|teaches|presenting|chairing|leading|coaching|instructing|"
                          r"treating|servicing|coming|attending to|driving|drove|delivering|delivered|repairing|"
                          r"repaired|fixing|fixed|cleaning|cleaned|tuning|tuned|flying|flew|taught|coached|inspecting|"
                          r"inspected|operating|operated|performing|performed|"
                          r"looking after|looks after|in charge)\b")
#: the parties work is done for: a record got by their id answers no "who is working on it"
CLIENT_ROLES = frozenset("customer customers client clients patient patients guest guests passenger passengers "
                         "buyer tenant policyholder applicant requester".split())

#: the key words of fields that name a person (``author``, ``teacher``, ``full_name``)
PERSON_KEYS = frozenset("name author owner assignee user person director creator reporter manager contact customer "
                        "patient doctor driver artist member employee username login by lead organizer organiser host "
                        "agent seller buyer teacher student full first last surname actor composer writer who".split())
