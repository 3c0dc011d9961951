"""Schemas: the walker that lists the fields of a JSON schema or a response template, and the type map.

A tool's output is described either by a JSON schema (``{"type": "object", "properties": {...}}``, with ``items``,
``allOf``, ``oneOf``, ``anyOf``) or by a response template, an example of the answer with types for values
(ToolBench: ``{"results": [{"id": "int", "name": "str"}]}``). :func:`schema_fields` reads both.
"""

from __future__ import annotations

import re
from typing import Any

SCHEMA_TYPES = frozenset({"object", "array", "string", "integer", "number", "boolean", "null"})
COMBINATIONS = ("allOf", "oneOf", "anyOf")

# Type names as tools write them (JSON schema's, Python's, ToolBench's upper-case ones lowered) -> JSON schema's.
JSON_TYPES = {"string": "string", "str": "string", "integer": "integer", "int": "integer", "number": "number",
              "float": "number", "boolean": "boolean", "bool": "boolean", "array": "array", "list": "array",
              "object": "object", "dict": "object"}
NUMERIC_TYPES = frozenset(k for k, v in JSON_TYPES.items() if v in ("integer", "number"))
# Python types -> JSON schema's (a type hint, or the type of an example value).
PYTHON_TYPES: dict[type, str] = {str: "string", int: "integer", float: "number", bool: "boolean", bytes: "string",
                                 type(None): "null"}


def json_type_of(name: Any, default: str | None = "string") -> str | None:
    """The JSON schema type of a type name (``int`` -> ``integer``, ``STRING`` -> ``string``); ``default`` when
    it is none of :data:`JSON_TYPES`."""
    return JSON_TYPES.get(str(name or "").lower(), default)


def value_type(value: Any, default: str = "string") -> str:
    """The JSON schema type of a Python value (``3`` -> ``integer``); ``default`` for other types."""
    return PYTHON_TYPES.get(type(value), default)


def is_schema(node: dict[str, Any]) -> bool:
    """A JSON schema node, rather than a response template (whose keys are the answer's fields)."""
    kind = node.get("type")
    return (isinstance(node.get("properties"), dict) or isinstance(node.get("items"), dict)
            or (isinstance(kind, str) and kind in SCHEMA_TYPES) or isinstance(node.get("$ref"), str)
            or any(isinstance(node.get(c), list) for c in COMBINATIONS))


def schema_fields(node: Any, depth: int = 8, limit: int | None = None) -> list[tuple[str, list[str]]]:
    """(field name, the names of the fields it sits in) for every named field of a JSON schema or response
    template, down to ``depth`` fields deep (0: the top object's own fields only). A list stands for its first item;
    ``items`` and the combinations (``allOf``...) add no depth; template keys that start with ``_`` are left out.
    ``limit``: go no deeper once more than that many fields are found (a bound on the work for a huge schema)."""
    out: list[tuple[str, list[str]]] = []
    _walk(node, [], out, depth, limit)
    return out


def schema_descriptions(node: Any, depth: int = 8) -> dict[str, str]:
    """Field name -> the description a JSON schema gives it (the first one met, outermost first), for every field
    :func:`schema_fields` lists that has one (a response template describes none)."""
    described: dict[str, str] = {}
    _walk(node, [], [], depth, None, described)
    return described


def _walk(node: Any, path: list[str], out: list[tuple[str, list[str]]], depth: int, limit: int | None,
          described: dict[str, str] | None = None) -> None:
    if len(path) > depth or node is None or (limit is not None and len(out) > limit):
        return
    if isinstance(node, list):
        for item in node[:1]:
            _walk(item, path, out, depth, limit, described)
        return
    if not isinstance(node, dict):
        return
    if is_schema(node):
        props = node.get("properties")
        for key, sub in (props.items() if isinstance(props, dict) else ()):
            out.append((str(key), path))
            if described is not None and isinstance(sub, dict) and isinstance(sub.get("description"), str):
                described.setdefault(str(key), sub["description"])
            _walk(sub, path + [str(key)], out, depth, limit, described)
        if isinstance(node.get("items"), dict):
            _walk(node["items"], path, out, depth, limit, described)
        for combo in COMBINATIONS:
            subs = node.get(combo)
            for sub in subs if isinstance(subs, list) else ():
                _walk(sub, path, out, depth, limit, described)
        return
    for key, sub in node.items():
        if str(key).startswith("_"):
            continue
        out.append((str(key), path))
        _walk(sub, path + [str(key)], out, depth, limit, described)


def schema_keys(node: Any, depth: int = 3, limit: int | None = 400) -> set[str]:
    """The field names of a JSON schema or response template, down to ``depth`` fields deep (see
    :func:`schema_fields`)."""
    return {name for name, _ in schema_fields(node, depth, limit)}


_EXAMPLE_PARENS = re.compile(r"\((?:e\.g\.|i\.e\.|eg|for example|such as)[^)]*\)", re.IGNORECASE)
_ASKED_ABOUT = re.compile(r"\b(?:for|given|by|from|using|based on|of an?|in an?|within)\b")
_COLON_LIST = re.compile(r":\s*([^.;:]+)")
_RETURNS = re.compile(r"\b(?:returns?|gives?|provides?)\b([^.;]*)")
_RETURNS_WITH = re.compile(r"\b(?:returns?|gives?|provides?|with (?:its|their|the))\b([^.;]*)")


def described_output_text(description: str, *, with_clauses: bool = False) -> str:
    """What a description says its tool gives, lower case, when no schema says: the head of its first sentence up
    to what it is asked about ("Find the latitude and longitude | of a city") and every "returns ..." clause.
    Examples in parentheses are dropped (they end no sentence). ``with_clauses``: "with its ..." clauses too
    (what a record comes with; also "use them with the forecast tools", so only for matching known inputs)."""
    text = _EXAMPLE_PARENS.sub(" ", (description or "").lower())
    if not text.strip():
        return ""
    first = re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]
    head = _ASKED_ABOUT.split(first, maxsplit=1)[0]
    listed = [m for m in _COLON_LIST.findall(first) if "," in m or " and " in m]  # "Depots in a city: depot_id,
    return " ".join([head, *listed, *(_RETURNS_WITH if with_clauses else _RETURNS).findall(text)])  # name and ..."


_ID_ALIAS = re.compile(r"\b([a-z][a-z0-9]*(?:_[a-z0-9]+)*_id)\b\s*(?:\(|,|:|-|—)?\s*(?:is|=|being|which is)?\s*"
                       r"(?:the|a|an)\s+([a-z]+)(?:'s)?\s+(?:id|identifier)\b")


def described_id_aliases(description: str) -> dict[str, str]:
    """Ids a description says are another kind's: "advisor_id is the teacher id", "owner_id (the engineer's
    id)", "manager_id: an employee id" -> {advisor_id: teacher_id, ...}; a field named for the kind already is
    left out."""
    out: dict[str, str] = {}
    for field, kind in _ID_ALIAS.findall((description or "").lower()):
        key = f"{kind}_id"
        if field != key and not field.endswith(f"_{key}"):
            out.setdefault(field, key)
    return out


_KEY_MEANING = re.compile(r"\b([a-z][a-z0-9_]{0,7})\s*(?:\(|=\s*)([a-z][a-z -]{1,40}?)\s*(?:[),:;]|$)")
#: a key quoted as a docstring or a Markdown description lists it: '`pc` piano id;', '"gr" grade;', '"n": number'
_QUOTED_KEY_MEANING = re.compile(r"([`\"'])([A-Za-z][A-Za-z0-9_]{0,7})\1\s*(?::\s*|=\s*|\s)\s*([a-z][a-z -]{1,40}?)\s*"
                                 r"(?:[(),:;.]|$)")
_KEYS_SAID = re.compile(r"\b(?:short|terse|abbreviated|compact)\s+(?:keys|fields|names)\b|\bkeys\s*:", re.IGNORECASE)


def quoted_key_meanings(text: str) -> list[tuple[str, str]]:
    """(key, what the text says it is) for each key a text quotes as a docstring or Markdown lists it:
    '`pc` piano id;', '"gr" grade;', '"n": number of ascents returned,' (the key as written, the meaning raw)."""
    return [(k, m) for _, k, m in _QUOTED_KEY_MEANING.findall(text)]


_LIST_ITEM = re.compile(r"^[`\"']?([a-z][a-z0-9_]{0,11})[`\"']?(?:\s*\(([^()]{1,60})\)|"
                        r"(?:\s*[=:\u2014-]\s*|\s+(?:is\s+|means\s+)?)([a-z][a-z0-9_'’ /-]{1,60}?))?\s*$")


def _top_level(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside brackets."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += ch == "(" or -(ch == ")")
        if ch == sep and depth <= 0:
            out.append(text[start:i])
            start = i + 1
    return [*out, text[start:]]


def listed_keys(description: str) -> list[tuple[str, str]]:
    """(key, meaning) for each key a description lists after "Keys:" (or short / terse keys): "Keys: nm name; grid
    OS grid reference; rst collecting rules and restrictions", "hid = holder's member_id, hn = holder's name",
    "id, dt (date), kind" (a bare key's meaning is empty); the items split at semicolons (or at commas when no
    semicolon separates them), outside brackets."""
    said = _KEYS_SAID.search(description or "")
    if not said:
        return []
    tail = " ".join(description[said.end():].split()).lower()
    tail = re.split(r"\.\s+(?=[a-z])|\.$", tail, maxsplit=1)[0]
    items = _top_level(tail, ";") if ";" in tail else _top_level(tail, ",")
    out = []
    for item in items:
        m = _LIST_ITEM.match(item.strip(" .:")) or _LIST_ITEM.match(re.sub(r"\([^()]*\)", " ", item).strip(" .:"))
        if m:  # ("typ = pass type (S10 ten-visit sauna, ...)": its examples dropped)
            meaning = (m.group(2) or m.group(3) or "").strip()
            out.append((m.group(1), "" if meaning == m.group(1) else meaning))
    return out


#: a key written as code with its meaning in brackets after it: '"host" (the host's name)', '`addr` (street address)'
_QUOTED_KEY_BRACKETED = re.compile(r"([`\"'])([A-Za-z][A-Za-z0-9_]{0,15})\1\s*\(([^()]{2,60})\)")


def described_keys(description: str) -> list[tuple[str, str]]:
    """(key, meaning) for every key a description of a tool without an output schema names: its "Keys:" list
    (:func:`listed_keys`), and keys written as code with a meaning after them ('"nm" name;', '"host" (the host's
    name)'); the meaning may be empty."""
    text = " ".join((description or "").split())
    out = listed_keys(text) + [(k, m) for k, m in quoted_key_meanings(text)]
    out += [(k, m) for _, k, m in _QUOTED_KEY_BRACKETED.findall(text)]
    return list(dict.fromkeys(out))


def described_key_aliases(description: str) -> dict[str, str]:
    """Short response keys a description spells out: "Short keys: reg (registration id), nm (name), cap (seats)"
    -> {reg: registration_id, nm: name, cap: seat} (what the key is, as a field would be named: its first two
    words, an id's kind and ``_id``). Only in a description that says it uses short keys; the key itself has at
    most eight letters."""
    text = description or ""
    said = _KEYS_SAID.search(text)
    if not said:
        return {}
    out: dict[str, str] = {}
    tail = text[said.start():].lower()
    for key, meaning in _KEY_MEANING.findall(tail) + quoted_key_meanings(tail):
        words = [w for w in re.findall(r"[a-z]+", meaning) if w not in ("the", "a", "an", "of", "its", "in")][:3]
        if not words or key in words:
            continue
        if "id" in words or "ids" in words:  # "registration id" -> registration_id; "workshop ids booked"
            cut = words.index("id") if "id" in words else words.index("ids")
            words = words[max(0, cut - 1):cut] + ["id"] if cut else []
        else:
            words = words[:2]
        if words:
            out.setdefault(key, "_".join(words))
    return out


def described_aliases(description: str) -> dict[str, str]:
    """A response's fields as its description names them: its short keys spelled out, its ids of another kind."""
    return {**described_key_aliases(description), **described_id_aliases(description)}


_RANGE = re.compile(r"^([a-z]+)(\d+)\s*(?:\.\.|\.\.\.|-|to|–)\s*\1?(\d+)$")


def described_values(name: str, *descriptions: str) -> list[str]:
    """The values a description lists for a parameter, as an enum it did not declare: "filtered by status (open,
    investigating, resolved), severity (sev1..sev4)" -> status: open, investigating, resolved; severity: sev1,
    sev2, sev3, sev4. Only a list of two or more short words in parentheses right after the parameter's name
    (or its words: ``due_status`` as "due status"), or, in the parameter's own description, a list of two or more
    values of one to three words after "such as", "e.g.", "for example" or "one of" (their case kept)."""
    spoken = r"[\s_]+".join(map(re.escape, name.lower().split("_")))
    for text in descriptions:
        m = re.search(rf"(?<![\w-]){spoken}\s*\(([^()]{{1,120}})\)", (text or "").lower())
        if not m:
            continue
        inside = re.sub(r"^(?:one of|either|e\.g\.|eg|such as|i\.e\.)\s*:?\s*", "", m.group(1).strip())
        items = [i.strip(" '\"`") for i in re.split(r",|/|\bor\b|\|", inside)]
        values: list[str] = []
        for item in items:
            r = _RANGE.match(item)
            if r and int(r.group(2)) < int(r.group(3)) <= int(r.group(2)) + 20:
                values += [f"{r.group(1)}{n}" for n in range(int(r.group(2)), int(r.group(3)) + 1)]
            elif re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,30}", item):
                values.append(item)
            else:
                break  # prose, not a list of values
        else:
            if len(values) >= 2:
                return values
    own = re.search(r"(?:such as|e\.g\.|\beg\b|for example|one of|either)\s*:?\s*([^.;:()]{3,160})",
                    descriptions[0] if descriptions else "", re.IGNORECASE)
    if own:  # the parameter's own description: "Specialty name such as Cardiology, Dermatology, General Practice."
        items = [i.strip(" '\"`") for i in re.split(r",|/|\bor\b|\||\band\b", own.group(1))]
        if len(items) >= 2 and all(re.fullmatch(r"(?!(?:a|an|the|your|its) )[A-Za-z0-9][\w-]*(?: [\w-]+){0,2}", i,
                                                re.IGNORECASE) for i in items if i):  # values, not prose
            return [i for i in items if i]
    return []
