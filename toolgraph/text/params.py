"""What a parameter's name says: an identifier some tool must produce, a name the user's words fill, a number."""

from __future__ import annotations

import re

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
# A number the user may give (not an id): by its name.
NUMERIC_NAME = re.compile(r"(^|_)(number|num|no|year|count|page|index|season|episode|limit|size)$")
# Words of a parameter name that say nothing about what it is a value of (``season_number``: season).
GENERIC_PARAM_WORDS = frozenset("number num no id ids key uuid name value type index".split())


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
