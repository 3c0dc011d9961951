"""What a parameter's name says: an identifier some tool must produce, a name the user's words fill, a number."""

from __future__ import annotations

import re

from toolgraph.text.words import singular

# The words of a parameter whose value is what the request names: a title, a person, a search text.
NAME_WORDS = frozenset("query q name title keyword keywords search term text person movie city location company "
                       "artist song".split())
# A lookup tool's parameter, by its whole name (the planner: a tool with one of these required looks a name up).
NAME_PARAMS = NAME_WORDS | {"search_query", "search_term", "address"}
# A parameter the binder fills with a name from the request: one of the words (or ``place``) anywhere in its name,
# between underscores (``movie_title``, ``search_text``).
NAMED_VALUE = re.compile(r"(^|_)(" + "|".join(sorted(NAME_WORDS | {"place"}, key=lambda w: (-len(w), w)))
                         + r")($|_)", re.IGNORECASE)
# Identifiers: users rarely know them, some tool must produce them.
IDENTIFIER = re.compile(r"(^|_)(id|ids|key|uuid|guid)$")
GENERIC_IDS = frozenset({"id", "ids", "key", "uuid", "guid"})
#: the words of a key that say it holds an id or a reference, and nothing of what (``hangar_id``, ``order_no``)
BARE_ID_WORDS = frozenset("id ids uuid key ref code no num number".split())
# A number the user may give (not an id): by its name.
NUMERIC_NAME = re.compile(r"(^|_)(number|num|no|year|count|page|index|season|episode|limit|size)$")
# Words of a parameter name that say nothing about what it is a value of (``season_number``: season).
GENERIC_PARAM_WORDS = frozenset("number num no id ids key uuid name value type index".split())


# Roles that name a direction, not a kind: ``from_code`` and ``to_code`` are two stations' codes, ``origin_id`` a
# place's id; which kind is said by the tool's words or the API's one kind of code.
DIRECTION_ROLES = frozenset("from to origin destination source target src dst dest departure arrival start end "
                            "pickup dropoff return outbound inbound".split())
ID_SUFFIXES = ("id", "code", "key", "number")


def input_key(name: str) -> str:
    """A parameter's or resource's name as the miner keys a resource (``gds_jobs.fields.normalise``) and the
    planner its inputs: lower case, words apart and singular, an identifier an id (``recipe_ids`` -> ``recipe_id``,
    ``servings`` -> ``serving``, ``movieIDs`` -> ``movie_id``, ``Person-Name`` -> ``person_name``)."""
    name = re.sub(r"IDS\b|IDs\b", "Ids", re.sub(r"ID\b", "Id", name))
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    tokens = [t for t in re.split(r"[^a-z0-9]+", name.lower()) if t]
    return "_".join("id" if t in ("identifier", "uuid") else singular(t) for t in tokens)


# Words before ``_id`` that name no kind of thing of their own (``parent_id``, ``object_id``): any id may be one.
UNKINDED_ID_WORDS = frozenset("user person people account profile contact parent object item record entity resource "
                              "target source ref reference related external linked primary".split())


def other_kinds_ids(a: str, b: str) -> bool:
    """Whether two ids name different kinds of things (``customer_id`` and ``branch_id``, ``patient_id`` and
    ``doctor_id``), so that one never fills the other; a role (``assignee_id``), a general word (``user_id``,
    ``parent_id``) or a bare ``id`` may be any kind's."""
    words = []
    for name in (a, b):
        key = input_key(name)
        if not key.endswith("_id"):
            return False
        parts = key[:-3].split("_")
        if not parts or parts[-1] in ROLE_WORDS or set(parts) & UNKINDED_ID_WORDS:
            return False
        words.append(set(parts))
    return not (words[0] <= words[1] or words[1] <= words[0])


def person_kind_id(name: str) -> bool:
    """An id named for a kind of person (``user_id``, ``engineer_id``)."""
    low = name.lower()
    return low.endswith("_id") and low[:-3] in PERSON_KINDS


def is_person_id(name: str) -> bool:
    """An id of a person, by kind or by role (``user_id``, ``engineer_id``, ``assignee_id``, ``owner_id``)."""
    low = name.lower()
    return person_kind_id(low) or low.endswith("_id") and low[:-3] in ROLE_WORDS


def role_key(name: str) -> tuple[str, str] | None:
    """(role, suffix) of a direction-role identifier (``from_code`` -> ("from", "code"), ``destinationId`` ->
    ("destination", "id")), or None."""
    words = [w for w in re.split(r"[_\-\s]+", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()) if w]
    if len(words) == 2 and words[0] in DIRECTION_ROLES and words[1] in ID_SUFFIXES:
        return words[0], words[1]
    return None


def is_identifier(name: str) -> bool:
    """An identifier parameter (``id``, ``issue_id``, ``userId``, ``api_key``): what users rarely know."""
    return bool(IDENTIFIER.search(re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()))


def is_lookup_param(name: str) -> bool:
    """A parameter a user's words can fill, by its whole name (``query``, ``title``; not ``movie_id``)."""
    return name.lower() in NAME_PARAMS


def takes_a_named_value(name: str) -> bool:
    """A parameter the binder may fill with a name the request gives (``movie_title``, ``place``)."""
    return bool(NAMED_VALUE.search(name))


# Inputs that hold what the user says (names, titles, search text): never fed by another tool's output.
LOOKUP_KEYS = frozenset("name title query q keyword keywords search term text label phrase".split())
LOOKUP_SUFFIXES = ("_name", "_title", "_query", "_keyword", "_term", "_text")


def is_lookup_key(param_name: str, normalised: str) -> bool:
    """Whether an input is a lookup key (a name, title or search text), by its name as written and normalised."""
    raw = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", param_name).lower()
    return raw in LOOKUP_KEYS or normalised in LOOKUP_KEYS or raw.endswith(LOOKUP_SUFFIXES) or \
        normalised.endswith(LOOKUP_SUFFIXES)


# Verbs a tool's name starts with when it looks things up by what the user says (``find_depot(city)``): its
# required words (not ids) are the user's to give, never another tool's output.
LOOKUP_VERBS = frozenset("find search lookup locate query match resolve geocode".split())
#: words of a tool's name that name no thing it reads about (``get_customer``: customer; ``listHotels``: hotel); with
#: lexicon.WRITE_NAME_VERBS, those of a tool that changes things
VERB_WORDS = LOOKUP_VERBS | frozenset("get list fetch retrieve show read api v1 v2".split())


def is_lookup_tool(tool_name: str) -> bool:
    """A tool named for looking things up by the user's words (``find_depot``, ``searchProjects``)."""
    first = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", tool_name).replace("_", " ").replace("-", " ").lower().split()
    return bool(first) and first[0] in LOOKUP_VERBS


# Words naming the role a person plays towards a thing: their id is a person's id.
ROLE_WORDS = frozenset(
    "assignee author owner reporter creator submitter reviewer requester approver maintainer member lead manager "
    "sender recipient organizer organiser host buyer seller uploader editor commenter follower watcher "
    "assigned created updated modified closed opened requested approved reviewed".split())
# The kinds an API may call a person by, most specific last: the first one the API has is used.
PERSON_KINDS = ("user", "person", "member", "employee", "account", "customer", "contact", "profile", "staff",
                "agent", "people", "player", "patient", "driver", "student", "engineer", "developer", "teacher",
                "instructor", "doctor", "physician", "nurse", "trainer", "coach", "guest", "passenger", "tenant",
                "client", "technician", "volunteer", "adopter", "grower", "farmer", "referee", "chef", "tutor",
                "dentist", "vet", "mechanic", "pilot", "resident", "attendee", "speaker", "applicant", "visitor")


def names_part_of(part: str, word: str) -> bool:
    """Whether ``part`` is the end of ``word``, or a start of four letters or more: ``keeper`` of beekeeper,
    ``tech`` of technician (an id named by a part of its kind's word)."""
    return len(part) >= 3 and len(word) > len(part) and (
        word.endswith(part) or len(part) >= 4 and word.startswith(part))


def role_stem(word: str) -> str:
    """``assignee`` / ``assigned`` -> assign, ``reporter`` / ``reported`` -> report, ``owner`` / ``owns`` -> own: a
    role and its verb alike."""
    from toolgraph.text.words import stem

    w = word.lower()
    if w.endswith("ee") and len(w) > 5:
        return stem(w[:-2])
    for suffix in ("ing", "ed", "er", "or", "s"):  # owns / owned / owner -> own, created / creator -> creat
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            return stem(w[: -len(suffix)])
    return stem(w)


def role_ids(request: str) -> list[str]:
    """The ``<role>_id`` fields that may hold a person's id, those whose role the request names first
    ("who reported issue 301" -> reporter_id first)."""
    said = {role_stem(w) for w in re.findall(r"[a-z]+", request.lower())}
    roles = sorted(ROLE_WORDS, key=lambda r: (role_stem(r) not in said, r))
    return [f"{r}_id" for r in roles]


#: the identifying fields a parameter's short description may say it takes ("vessel: registration", "the
#: customer's email", "Plate number of the car")
_IDENTIFYING = ("registration", "email", "reference", "slug", "sku", "isbn", "plate", "callsign", "username",
                "handle", "code", "number", "id")


def described_key(description: str) -> str | None:
    """The identifying field a short parameter description names (its first of ``_IDENTIFYING``), or None: a
    parameter ``vessel`` described as "registration" takes what a search's ``registration`` gives."""
    words = re.findall(r"[a-z]+", (description or "").lower())
    if not words or len(words) > 8:
        return None
    return next((w for w in _IDENTIFYING if w in words), None)
