"""What a terse response key means, as the tool says: its output schema's property description, or its own
description's glossary ("qy (year the queen was born)", "fid flight id, fno flight number", "n is the number of
hives listed"). The outcome judge and the answer read a key through its meaning (:func:`glossed`): ``bal`` "amount
owed now, GBP" holds money, ``qy`` a year.

The meanings hold for one run (a context variable: each thread and task of many users sees its own)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from toolgraph.text.schema import quoted_key_meanings, schema_descriptions
from toolgraph.text.words import singular

#: a key short enough to need saying what it means (``qy``, ``bal``, ``brth``, ``dues_m``, ``px``; not ``date``
#: or ``type``, words of their own)
_TERSE = re.compile(r"[A-Za-z][A-Za-z0-9]{0,2}|[B-DF-HJ-NP-TV-Zb-df-hj-np-tv-z0-9]{4,5}|"
                    r"[A-Za-z][A-Za-z0-9]{0,5}_[A-Za-z0-9]{1,2}|[A-Za-z]{1,2}_[A-Za-z0-9]{1,6}")
_VALUES = re.compile(r"[\w-]+(?:\s*(?:,|/|\bor\b)\s*[\w-]+)+")  # "ok, repair", "a/b/c", "open or closed"
_FILLER = frozenset("the a an of is are was were its their his her for in on at to by with and or".split())
_MEANINGS: ContextVar[dict[str, tuple[str, ...]] | None] = ContextVar("toolgraph_key_meanings", default=None)


def meaning_of(key: str) -> tuple[str, ...]:
    """The words the run's glossary gives ``key`` (empty when none)."""
    meanings = _MEANINGS.get()
    return meanings.get(key, ()) if meanings else ()


@contextmanager
def glossed(meanings: dict[str, tuple[str, ...]]) -> Iterator[None]:
    """Read keys through ``meanings`` (key -> words) inside the block."""
    token = _MEANINGS.set(meanings)
    try:
        yield
    finally:
        _MEANINGS.reset(token)


def _words(text: str) -> tuple[str, ...]:
    words = [w for w in re.findall(r"[a-z]+", re.sub(r"['’]s\b", "", text.lower())) if w not in _FILLER]
    return tuple(words[:8])  # ("holder's name": holder, name)


def described(text: str, key: str) -> tuple[str, ...]:
    """What ``text`` (a tool's description) says ``key`` is: "qy (year the queen was born; null ...)", "fno
    flight number," or "n is the number of hives listed"; empty when it says nothing of it."""
    k = re.escape(key)
    text = " ".join(text.split())  # (a docstring's lines run on: "amount per month in\n    pence")
    q = "[`\"']*"  # (a key written as code: ``mr``, "gr")
    m = re.search(rf"(?<![\w./-]){q}{k}{q}\s*\(([^()]{{2,80}})\)", text)
    if m and not _VALUES.fullmatch(m.group(1).strip()):  # ("st (ok, repair)" lists the values, not the meaning)
        return _words(re.split(r"[;:,]", m.group(1))[0])
    if len(key) <= 5:  # ("fid flight id, fno flight number", "n is the number of ...": only a key too short to be
        m = re.search(rf"(?:^|[\s,;:({{\[]){q}{k}{q}(?:\s*[:=]\s*|\s+(?:is\s+|means\s+)?)([a-z][a-z_'’ ]{{1,40}}?)\s*"
                      r"(?=[,;.)(}\]]|$)", text)  # a word the description uses for itself)
        if m:
            return _words(m.group(1))
        quoted = next((meaning for k2, meaning in quoted_key_meanings(text) if k2 == key), None)
        if quoted:  # a key quoted: '"gr" grade;', '"n": number of ascents returned,'
            return _words(quoted)
    if _TERSE.fullmatch(key):  # the meaning first, the key after it in brackets: "safety briefing id (``sb``)"
        m = re.search(rf"([A-Za-z][A-Za-z' -]{{1,40}}?)\s*\(\s*([`\"']*){k}\2\s*\)", text)
        if m:
            words = [w for w in re.findall(r"[a-z]+", m.group(1).lower()) if w not in _FILLER]
            return tuple(words[-3:])
    return ()


def key_meanings(description: str, schema: Any, keys: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The meanings of the terse ones of ``keys`` (those a response has), from ``schema``'s property descriptions
    or ``description``; of any key the description quotes as code and glosses ("`home` home mooring id")."""
    props = schema_descriptions(schema)
    out: dict[str, tuple[str, ...]] = {}
    for key in dict.fromkeys(keys):
        if not _TERSE.fullmatch(key):
            words = quoted_gloss(description, key)
            if words:
                out[key] = words
            continue
        words = _words(props[key]) if key in props else ()
        words = words or described(description or "", key)
        words = tuple(w for w in words if w != key.lower())
        if words:
            out[key] = words
    return out


def quoted_gloss(description: str, key: str) -> tuple[str, ...]:
    """What a description says a key it quotes as code is, when more than the key said again ("`home` home mooring
    id": mooring, id); a key that is a word (``home``) has a meaning only so."""
    quoted = {k: m for k, m in quoted_key_meanings(" ".join((description or "").split()))}
    words = tuple(w for w in _words(quoted.get(key, "")) if w != key.lower())
    return words if len(words) > 1 else ()


def terse_id(description: str, key: str) -> str | None:
    """The id a terse response key holds, as its tool's description glosses it: "``mr`` home mooring id",
    "safety briefing id (``sb``)", "trn (course id needed before use)" -> mooring_id, briefing_id, course_id (the
    word before "id", singular); None when the description says nothing of the key or no id."""
    words = described(description, key) if _TERSE.fullmatch(key) else quoted_gloss(description, key)
    if "id" not in words[1:] or key.lower() == "id":
        return None
    return f"{singular(words[words.index('id') - 1])}_id"


def terse_id_aliases(description: str, keys: Iterable[str]) -> dict[str, str]:
    """{terse key: the id it holds} for the keys of a response (:func:`terse_id`): an upstream record's ``trn``
    is the course id a later call takes."""
    return {k: i for k in sorted(set(keys)) if (i := terse_id(description, k))}
