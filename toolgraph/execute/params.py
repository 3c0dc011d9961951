"""A tool's parameters as JSON Schema, validation with errors that name the parameter, and the deterministic
binder that fills arguments without an LLM: from upstream outputs along the plan's edges (matching field names,
nested JSON included: ``movie_id`` <- ``results[0].id``), from the request read as a person would
(toolgraph.text.reading: quoted strings, names after cue words, possessives stripped, ids after a noun,
identifier-shaped tokens, dates, numbers with units and number words), enums the request names, and defaults."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlparse

from jsonschema import Draft202012Validator, FormatChecker

from toolgraph.errors import ArgumentError
from toolgraph.execute.base import ExecTool
from toolgraph.execute.outcome import superlative_pick
from toolgraph.models import Param
from toolgraph.text.lexicon import WRITE_NAME_VERBS, negated
from toolgraph.text.params import (
    LOOKUP_VERBS,
    PERSON_KINDS,
    described_key,
    input_key,
    is_identifier,
    is_lookup_param,
    is_person_id,
    names_part_of,
    other_kinds_ids,
    person_kind_id,
    role_ids,
    role_key,
    role_stem,
)
from toolgraph.text.params import VERB_WORDS as NAME_VERBS
from toolgraph.text.reading import bound_for, month_edge, pick, read, vocabulary_of
from toolgraph.text.schema import described_values, json_type_of
from toolgraph.text.words import READING_STOPWORDS as STOP
from toolgraph.text.words import field_root, singular, split_case

LABELS = ("name", "title", "original_title", "label")


def schema_of(tool: ExecTool) -> dict[str, Any]:
    """The JSON Schema of a tool's arguments (no unknown names allowed)."""
    props: dict[str, Any] = {}
    for p in tool.params:
        prop: dict[str, Any] = {}
        kind = json_type_of(p.type, None)
        if kind:
            prop["type"] = kind
        if p.description:
            prop["description"] = p.description[:500]
        if p.enum:
            prop["enum"] = p.enum
        if p.default is not None:
            prop["default"] = p.default
        props[p.name] = prop
    return {"type": "object", "properties": props, "required": [p.name for p in tool.required_params],
            "additionalProperties": False}


def _coerce(value: Any, kind: str | None) -> Any:
    """Strings the binder or a model gave for numbers and booleans, turned into them when they parse."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    try:
        if kind == "integer" and re.fullmatch(r"-?\d+", text):
            return int(text)
        if kind == "number" and re.fullmatch(r"-?\d+(\.\d+)?", text):
            return float(text)
    except ValueError:
        return value
    if kind == "boolean" and text.lower() in ("true", "false"):
        return text.lower() == "true"
    return value


def validate(tool: ExecTool, arguments: dict[str, Any]) -> dict[str, Any]:
    """The arguments checked against the tool's schema (numbers and booleans given as text coerced), or an
    :class:`ArgumentError` that names the parameter and the rule."""
    schema = schema_of(tool)
    props = schema["properties"]
    unknown = sorted(set(arguments) - set(props))
    if unknown:
        raise ArgumentError(f"{tool.id}: unknown parameter(s) {', '.join(unknown)}; the tool takes "
                            f"{', '.join(props) or 'no parameters'}")
    args = {k: _coerce(v, props[k].get("type")) for k, v in arguments.items() if v is not None}
    errors = sorted(Draft202012Validator(schema, format_checker=FormatChecker()).iter_errors(args),
                    key=lambda e: list(e.path))
    if errors:
        e = errors[0]
        where = ".".join(map(str, e.path)) or "arguments"
        if e.validator == "required":
            where = "arguments"
        raise ArgumentError(f"{tool.id}: parameter {where}: {e.message}")
    return args


# -- the binder ---------------------------------------------------------------------------------------------------
@dataclass
class Upstream:
    """A result an earlier call gave: which tool, along which resource (if the edge named one), the value."""

    call: str
    tool: str
    value: Any
    resource: str | None = None
    direct: bool = True  # a plan edge leads from it to the tool being bound
    inputs: tuple[str, ...] = ()  # the upstream call's own argument values: an echo of them is no new fact
    aliases: dict[str, str] = field(default_factory=dict)  # its ids another kind's, as its description says
    #                                                         ("advisor_id is the teacher id": advisor_id -> teacher_id)


def find_field(value: Any, names: list[str], depth: int = 0, skip: tuple[str, ...] = ()) -> tuple[Any, str] | None:
    """The first scalar under one of ``names`` (in that order of preference), breadth first, the first item of
    lists, leaving out values in ``skip``; returns (value, JSON path)."""
    if depth > 6:
        return None
    wanted = [n.lower() for n in names]
    if isinstance(value, dict):
        lowered = {str(k).lower(): k for k in value}
        for n in wanted:
            k = lowered.get(n)
            if (k is not None and isinstance(value[k], str | int | float) and not isinstance(value[k], bool)
                    and str(value[k]) not in skip):
                return value[k], str(k)
            if k is not None and isinstance(value[k], list) and value[k] and isinstance(value[k][0], str | int) \
                    and not isinstance(value[k][0], bool) and str(value[k][0]) not in skip:  # workshop_ids: [...]
                return value[k][0], f"{k}[0]"
        for k, v in value.items():
            if isinstance(v, dict | list):
                hit = find_field(v, names, depth + 1, skip)
                if hit:
                    return hit[0], f"{k}.{hit[1]}" if not hit[1].startswith("[") else f"{k}{hit[1]}"
    elif isinstance(value, list):
        for i, item in enumerate(value[:3]):
            hit = find_field(item, names, depth + 1, skip)
            if hit:
                return hit[0], f"[{i}].{hit[1]}" if not hit[1].startswith("[") else f"[{i}]{hit[1]}"
    return None


_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
def _parts(key: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", split_case(str(key)).lower().replace("_", " "))


_ID_SHAPED = re.compile(r"(?=[A-Za-z0-9-]*\d)[A-Za-z0-9][A-Za-z0-9_.:/-]{1,40}")  # D-2Q-04, 1042, ab12


def role_keys(value: Any, param: str, depth: int = 0) -> list[str]:
    """Keys in ``value`` that name ``param`` with a role before it (``current_depot_id``, ``homeDepotId`` for
    ``depot_id``; ``home_desk`` holding an id-shaped value for ``desk_id``), the first list item's included, in
    the order met."""
    want = _parts(param)
    out: list[str] = []
    if depth > 6 or len(want) < 2:
        return out
    items = value.items() if isinstance(value, dict) else (("", v) for v in value[:3]) if isinstance(value, list) \
        else ()
    for k, v in items:
        parts = _parts(k) if k else []
        if len(parts) > len(want) and parts[-len(want):] == want and k not in out:
            out.append(k)
        elif want[-1] == "id" and len(parts) >= len(want) and parts[-len(want) + 1:] == want[:-1] and \
                isinstance(v, str) and _ID_SHAPED.fullmatch(v) and k not in out:
            out.append(k)  # home_desk: "D-2Q-04" for desk_id (a role and the thing, holding its id)
        if isinstance(v, dict | list):
            out += [x for x in role_keys(v, param, depth + 1) if x not in out]
    return out


def short_keys(value: Any, param: str) -> list[str]:
    """Top-level keys of ``value`` (or of its first record) naming ``param``'s kind by a part of its word: the end
    (``keeper_id`` for ``beekeeper_id``) or a start of four letters or more (``tech_id`` for ``technician_id``)."""
    want = _parts(param)
    if len(want) != 2 or want[-1] != "id":
        return []
    record = value[0] if isinstance(value, list) and value else value
    out = []
    for k in record if isinstance(record, dict) else ():
        parts = _parts(k)
        if len(parts) == 2 and parts[-1] == "id" and names_part_of(parts[0], want[0]):
            out.append(k)
    return out


LABEL_KEYS = ("name", "title", "label", "full_name", "fullname", "display_name", "username", "email", "code")


#: a route's two ends in one value ("Inchbrae - Carrickmoor", "LHR → JFK"), and in two fields
_LEG = re.compile(r"\s+(?:-|–|—|→|->|to)\s+")
_LEG_KEYS = ("origin", "destination")


def exact_first(value: Any, wanted: set[str], depth: int = 0, request: str = "",
                days: frozenset[str] | None = None) -> Any:
    """``value`` with, in each list of records, the records labelled exactly as ``wanted`` (what the upstream
    call searched for) first, then those whose label the request names as a phrase, the longest first: "the apollo
    mobile project" in a list of Apollo and Apollo Mobile means Apollo Mobile; then those whose short values the
    request's words name, the most first, a whole value ("his standard delivery": ``service: standard``) counting
    twice a word within one ("apollo's audit log issue": "Audit log missing user agent"). Quoted text is what to
    send, not which record. A record holding a day the request gives ("her booking arriving 8/14/2027":
    ``arrive: 2027-08-14``; a stay from the 12th to the 16th for "staying on the 14th") counts as a whole value the
    request names."""
    if days is None:  # the days the request gives, once at the top
        days = frozenset(str(o.value) for o in read(request) if o.kind in ("date", "month")) if request and \
            not request.startswith(" ") else frozenset()  # (a month as YYYY-MM: "the course that starts in April")
    # the request's words, spaced, once at the top (the nested calls get it ready: it starts with a space)
    text = request if request.startswith(" ") else (
        f" {' '.join(re.findall(r'[a-z0-9]+', _QUOTED.sub(' ', request).lower()))} " if request else "")
    if not (wanted or text) or depth > 3:
        return value
    if isinstance(value, list):
        said_words = {w for w in text.split() if len(w) > 2 and w not in STOP}

        def rank(item: Any) -> tuple[int, int, int]:
            if not isinstance(item, dict):
                return (3, 0, 0)
            score = 0  # (also between records of one label: "bramble the rabbit" of two called Bramble)
            dated = sorted(v[:10] for v in item.values() if isinstance(v, str) and _ISO_DAY.match(v))
            if days and dated and any(d in dated or len(dated) > 1 and dated[0] <= d <= dated[-1] for d in days
                                      if len(d) == 10):
                score += 2  # the day, or a stay that spans it
            elif days and dated and any(x[:7] == d for x in dated for d in days if len(d) == 7):
                score += 2  # a day of the month
            for v in item.values():
                if not isinstance(v, str) or len(v) > 80 or _ISO_DAY.match(v):
                    continue
                every = re.findall(r"[a-z0-9]+", v.lower())
                hits = {w for w in every if len(w) > 2 and w not in STOP} & said_words
                ends = [" ".join(re.findall(r"[a-z0-9]+", e.lower())) for e in _LEG.split(v)]
                score += 2 * len(hits) if hits and (f" {' '.join(every)} " in text or len(ends) == 2 and all(ends) and
                                                    f" {ends[0]} to {ends[1]} " in text) else len(hits)
                # ("inchbrae to carrickmoor": the route "Inchbrae - Carrickmoor", not the one back)
            leg = [" ".join(re.findall(r"[a-z0-9]+", str(item.get(k, "")).lower())) for k in _LEG_KEYS if k in item]
            if len(leg) == 2 and all(leg) and f" {leg[0]} to {leg[1]} " in text:
                score += 3  # (``origin: Inchbrae, destination: Carrickmoor``)
            labels = [str(item.get(k, "")).strip().lower() for k in LABEL_KEYS if item.get(k) not in (None, "")]
            if any(label in wanted for label in labels):
                return (0, 0, -score)
            said = [len(p) for p in (" ".join(re.findall(r"[a-z0-9]+", label)) for label in labels)
                    if p and f" {p} " in text]
            if said:
                return (1, -max(said), -score)
            return (2, 0, -score) if score else (3, 0, 0)
        keyed = sorted(((rank(r), r) for r in by_recency(value, text)), key=lambda kr: kr[0])
        ordered = [r for _, r in keyed]
        top = superlative_pick(request or text, ordered) if not any(  # "her priciest listing": the
            k[0] == 0 for k, _ in keyed) else None  # (unless one is the record searched for)
        return [top[2], *(r for r in ordered if r is not top[2])] if top else ordered  # top price first
    if isinstance(value, dict):  # the keys the request names first: "its destination port" takes the route's
        said = set(text.split())  # destination's locode, not its origin's
        items = sorted(value.items(), key=lambda kv: not set(_parts(kv[0])) & said)
        return {k: exact_first(v, wanted, depth + 1, text, days) if isinstance(v, list | dict) else v
                for k, v in items}
    return value


#: "the latest inspection", "her most recent booking": the newest record first; "the earliest", "oldest": the oldest
_NEWEST = re.compile(r" (?:latest|newest|most recent|last|current) ")
_OLDEST = re.compile(r" (?:earliest|oldest|very first) ")  # ("her very first club shipment"; a bare "first" is
# often no time: "first class", "first name")
_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def _recency(text: str) -> str | None:
    """"newest" when the request (``text``, spaced lower-case words) asks for the latest or most recent one,
    "oldest" for the earliest, else None (or both)."""
    newest, oldest = bool(_NEWEST.search(text)), bool(_OLDEST.search(text))
    return None if newest == oldest else "newest" if newest else "oldest"


def by_recency(records: list[Any], text: str) -> list[Any]:
    """``records`` newest first when the request (``text``, spaced lower-case words) asks for the latest or most
    recent one, oldest first for the earliest; by the records' first field holding a date in each (as listed
    otherwise, and always where no field does: a list's own order is no order of time). Ties keep their order."""
    wanted = _recency(text)
    if wanted is None or len(records) < 2 or not all(isinstance(r, dict) for r in records):
        return records
    key = next((k for k in records[0] if all(isinstance(r.get(k), str) and _ISO_DAY.match(r[k]) for r in records)),
               None)
    return sorted(records, key=lambda r: r[key], reverse=wanted == "newest") if key else records


def sort_values(values: list[Any], text: str) -> list[Any]:
    """The value of a sort order that puts the newest first ("desc", "newest", "date_desc") when the request asks
    for the latest one, the oldest first when it asks for the earliest; else none."""
    wanted = _recency(text)
    if wanted is None:
        return []
    want = r"desc|newest|latest|recent" if wanted == "newest" else r"asc|oldest|earliest"
    return [v for v in values if re.search(want, str(v).lower())][:1]


_PATH_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _original_path(original: Any, reordered: Any, path: str) -> str:
    """``path`` (found in ``exact_first``'s reordering of ``original``) with each list index pointing into the
    original order, so that the binding names the record that was really used."""
    out: list[str] = []
    for key, index in _PATH_STEP.findall(path):
        if index:
            i = int(index)
            item = reordered[i] if isinstance(reordered, list) and i < len(reordered) else None
            j = next((k for k, x in enumerate(original) if x is item), i) if isinstance(original, list) else i
            out.append(f"[{j}]")
            original = original[j] if isinstance(original, list) and j < len(original) else None
            reordered = item
        else:
            out.append(f".{key}" if out else key)
            original = original.get(key) if isinstance(original, dict) else None
            reordered = reordered.get(key) if isinstance(reordered, dict) else None
    return "".join(out)


def _same_value(param: str, resource: str) -> bool:
    """Whether a plan edge's resource can fill ``param``: both ids of one kind (``user_id`` for ``assignee_id``, not
    ``branch_id`` for ``customer_id``), or one's words
    hold the other's (``city`` and ``city_name``); an edge for ``longitude`` fills no ``date``."""
    if is_identifier(param) and is_identifier(resource):
        return not other_kinds_ids(param, resource)
    role = role_key(param)  # from_code along an edge carrying station_code
    if role and resource.lower().endswith(f"_{role[1]}"):
        return True
    a, b = (set(re.findall(r"[a-z0-9]+", split_case(x).lower().replace("_", " "))) for x in (param, resource))
    return bool(a and b and (a <= b or b <= a))


def _named_role(param: str, request: str) -> list[str]:
    """For a person's id (``engineer_id``), the ``<role>_id`` fields whose role the request names ("who owns ..."
    -> ``owner_id``; "who approved ..." -> ``approved_id``, ``approver_id``), or none."""
    low = param.lower()
    if not person_kind_id(low):
        return []
    said = {role_stem(w) for w in re.findall(r"[a-z]+", request.lower())}
    return [r for r in role_ids(request) if role_stem(r[:-3]) in said]


def _names_for(param: str, resource: str | None, request: str = "") -> list[str]:
    """Upstream fields that fill ``param``, best first: itself, the plan edge's resource, for a person's id the
    ids of people by their role (``reporter_id`` for ``user_id``, the role the request names first), a bare id."""
    names = [param]
    if resource and resource not in names and _same_value(param, resource):
        names.append(resource)
    low = param.lower()
    if person_kind_id(low):
        names += [r for r in role_ids(request) if r not in names]
    if low.endswith("_id") and len(low) > 4:  # a player's ``teams: ["TM-301"]`` holds team ids
        names += [f"{low[:-3]}_ids", f"{low[:-3]}s"]
    for bare in ("ref", "code", "key"):  # a booking's bare ``ref`` for ``booking_ref`` (as the miner reads it)
        if low.endswith("_" + bare) and len(low) > len(bare) + 1:
            names.append(bare)
    if low.endswith("_id") or low == "id":
        names.append("id")
    return names


def _words_of(tool: ExecTool) -> set[str]:
    """The words of a tool's name, description and parameters (what is not a name in a request to it)."""
    return vocabulary_of(tool.name, tool.description[:600], *(f"{p.name} {p.description or ''}" for p in tool.params))


@dataclass
class Binding:
    arguments: dict[str, Any]
    sources: dict[str, str]  # parameter -> where its value came from


def bind(tool: ExecTool, request: str, upstream: list[Upstream], vocabulary: frozenset[str] | set[str] = frozenset()
         ) -> Binding:
    """Arguments for ``tool`` without an LLM; an unbindable required parameter raises ArgumentError naming it.
    ``vocabulary``: the words of the tools at hand, so that what else the request says reads as names."""
    offered = _for_tool(read(request, vocabulary | _words_of(tool)), tool, vocabulary)
    looked_up = {v.lower() for up in upstream for v in up.inputs}  # a name an earlier lookup took is its kind's
    offered = [replace(o, kind="residual") if o.kind in ("name", "place", "cue") and isinstance(o.value, str)
               and o.value.lower() in looked_up else o for o in offered]  # ("assigned to Maria Lopez in Apollo")
    used: set[int] = set()
    args: dict[str, Any] = {}
    sources: dict[str, str] = {}
    required = {p.name for p in tool.required_params}
    own_params = {p.name for p in tool.params}

    def fits(p: Param, value: Any) -> bool:  # an optional filter with an enum takes one of its values or nothing
        return p.name in required or not p.enum or _in_enum(value, p.enum)
    ordered = sorted(upstream, key=lambda u: not u.direct)
    kept: dict[int, Any] = {}

    def ranked(up: Upstream) -> Any:  # an upstream result with its records named as asked first (exact_first),
        if id(up) not in kept:  # worked out once for all the parameters
            kept[id(up)] = exact_first(up.value, {v.lower() for v in up.inputs}, request=request)
        return kept[id(up)]

    def source(up: Upstream, path: str) -> str:  # where a value was found, in the upstream's own order
        return f"{up.call}:{_original_path(up.value, ranked(up), path)}"
    for p in tool.params:  # a name right before a parameter's noun is that parameter's ("the Mathematics department")
        if json_type_of(p.type) == "string" and not is_identifier(p.name):
            trial = set(used)
            hit = pick(p.name, "string", "", [o for o in offered if o.head], trial, False)
            if hit is not None and hit[1].startswith("name before"):
                args[p.name], sources[p.name] = hit[0], f"request ({hit[1]})"
                used |= trial
    for p in tool.params:
        if p.name in args:
            continue
        kind = json_type_of(p.type)
        if is_identifier(p.name):  # 0. an id the request names by its noun ("issue 102") beats any upstream
            hit = pick(p.name, kind, "", [o for o in offered if o.kind == "noun_id"], used, p.name in required)
            if hit is not None:
                args[p.name], sources[p.name] = hit[0], f"request ({hit[1]})"
                continue
        named_role = _named_role(p.name, request) if p.name in required else []
        if named_role:  # "who owns the server ... their email": the owner's id, from whichever result has it
            for fields in (named_role, [p.name]):  # the role's id in any result first (the approver's, not the
                for up in ordered:  # employee's own), then the parameter's own name
                    hit = find_field(ranked(up), fields)
                    if hit is not None:
                        args[p.name], sources[p.name] = hit[0], source(up, hit[1])
                        break
                if p.name in args:
                    break
            if p.name in args:
                continue
        # its enum, or a string's values the descriptions list ("filtered by status (open, investigating, ...)")
        values = p.enum or (described_values(p.name, p.description or "", tool.description) if kind == "string"
                            else [])
        if not is_identifier(p.name) and p.name not in required:  # 1a. a filter's value the request says in
            # words ("unpaid parking tickets": status unpaid) over the same field of an upstream record of another
            # kind (the permit's status "expired")
            said = _said_values(values, request) if values else []
            if len(said) == 1:
                args[p.name], sources[p.name] = said[0], "request (enum)" if p.enum else "request (a listed value)"
                continue
        said_by_user = is_lookup_param(p.name)  # a search's name or text is the user's ("find_customer(name)"
        # after list_branches along a learnt sequence takes "Claire Moreau", not the branch's name), unless an
        # edge carries that very value
        for up in (u for u in ordered if u.direct and not (said_by_user and u.resource != p.name) and not (
                p.name not in required and not _carries(u, p))):  # 1. an upstream output with the
            # parameter's own field, along a plan edge (an optional filter only along the edge that carries it: a
            # permit's zone_code narrows no search of a van's tickets): before another edge's looser
            hit = find_field(ranked(up), [p.name])  # match (customer_id from find_customer, not the
            if hit is not None and fits(p, hit[0]):  # (branch_id of the branches before it; a listing's
                args[p.name], sources[p.name] = hit[0], source(up, hit[1])  # status "available" is no offer's)
                break
        if p.name in args:
            continue
        for up in ordered:  # then an upstream output with a field of a matching name
            if p.name not in required and not (up.direct and _carries(up, p) or up.direct and
                                               is_person_id(p.name)) or said_by_user and up.resource != p.name:
                continue
            names = _names_for(p.name, up.resource if up.direct else None, request)
            if p.name not in required:  # optional: only an exact field along a plan edge, or the edge's person id
                names = [p.name] + ([up.resource] if up.resource and up.resource != p.name and
                                    is_person_id(p.name) and is_person_id(up.resource) and
                                    up.resource not in own_params else [])  # (a student's id is for
                # student_id, never for the tutor_id beside it)
                if up.direct and up.resource and up.resource == described_key(p.description or ""):
                    names.append(up.resource)  # ("vessel: registration" along an edge for the registration)
            elif not up.direct and names[-1] == "id" and p.name.lower() != "id":
                names = names[:-1]  # a bare `id` only along a plan edge
            value = ranked(up)  # named as asked first
            hit = find_field(value, names[:-1] if names[-1] == "id" and len(names) > 1 else names)
            if hit is None and names[-1] == "id":  # a bare `id`, but not the upstream call's own input echoed
                hit = find_field(value, names, skip=up.inputs)
            if hit is None and up.direct and up.resource and is_identifier(p.name) and \
                    _same_value(p.name, up.resource):  # along an edge carrying an id, current_depot_id (with two
                roles = role_keys(value, p.name)  # roles, origin_ and current_, which one is not for us to guess)
                hit = find_field(value, roles, skip=up.inputs) if len(roles) == 1 else None
                if hit is None:  # keeper_id for beekeeper_id, tech_id for technician_id (as the miner reads them)
                    parts = short_keys(value, p.name)
                    hit = find_field(value, parts, skip=up.inputs) if len(parts) == 1 else None
            if hit is None and up.direct and is_identifier(p.name):  # its description's word: advisor_id is
                said = [f for f, key in up.aliases.items() if key == p.name.lower()]  # the teacher id
                hit = find_field(value, said, skip=up.inputs) if said else None
            if hit is not None and fits(p, hit[0]):
                args[p.name], sources[p.name] = hit[0], source(up, hit[1])
                break
        if p.name in args:
            continue
        # 2. an enum value the request mentions (as a word; "in_progress" as "in progress" too); a string's values
        # listed by the descriptions count as its enum (``values``, above)
        if values:
            said = _said_values(values, request)  # IPAs; "don't count cancelled ones" names no status
            if not said:  # "our dermatologist" names the value Dermatology; "pediatrician", Pediatrics
                roots = {field_root(m.group()) for m in re.finditer(r"[a-z]{6,}", request.lower())
                         if not negated(request, m.start())}
                said = [v for v in values if re.fullmatch(r"[A-Za-z]{6,}", str(v)) and field_root(str(v)) in roots]
            if not said and set(_parts(p.name)) & {"order", "sort", "direction", "dir", "sorting"}:  # "the latest
                said = sort_values(values, f" {' '.join(re.findall(r'[a-z0-9]+', request.lower()))} ")  # one"
            if len(said) > 1:  # "cast and crew": the value that means all of them, else the tool's default
                said = [v for v in values if str(v).lower() in ("all", "both", "any", "every")] or \
                    (said[:1] if p.name in required else [])
            if said:
                args[p.name], sources[p.name] = said[0], "request (enum)" if p.enum else "request (a listed value)"
                continue
        bound = bound_for(p.name, request) if kind in ("number", "integer") else None
        if bound is not None:  # "stronger than 6.5%" for abv_min, "under 120" for max_price
            args[p.name], sources[p.name] = int(bound) if kind == "integer" and bound.is_integer() else bound, \
                "request (a bound)"
            continue
        # 3. what the request names, read as a person would (toolgraph.text.reading)
        hit = pick(p.name, kind, p.description or "", offered, used, p.name in required)
        if hit is not None:
            args[p.name], sources[p.name] = hit[0], f"request ({hit[1]})"
            continue
        if p.default is not None and p.name in required:  # 4. defaults (only needed ones: the tool has its own)
            args[p.name], sources[p.name] = p.default, "default"
            continue
        if p.enum and p.name in required:
            args[p.name], sources[p.name] = p.enum[0], "enum (first)"
            continue
        if p.name in required:
            raise ArgumentError(f"{tool.id}: cannot bind the required parameter {p.name!r}: no upstream result has "
                                f"a field {p.name!r} and the request names no value for it")
    for p in tool.params:  # an optional filter holds one of its values or nothing (not sent)
        if p.name in args and not fits(p, args[p.name]):
            del args[p.name], sources[p.name]
    ranged = [n for n, how in sources.items() if how == "request (date)" and month_edge(set(_parts(n)), set())]
    if len(ranged) >= 2:  # "between 3/15/2027 and 3/21/2027" for date_from and date_to: a single day's `date`
        for n in [n for n, how in sources.items() if how == "request (date)" and n not in ranged and
                  n not in required]:  # would narrow the range to its first day
            del args[n], sources[n]
    if not required and not args:  # a search whose every filter is optional still needs one ("name or email")
        hit = _lookup_filter(tool, offered, used, request)
        if hit is not None:
            args[hit[0]], sources[hit[0]] = hit[1], f"request ({hit[2]}, the lookup's one filter)"
    return Binding({k: _as_type(v, _param_type(tool, k)) for k, v in args.items()}, sources)


def _carries(up: Upstream, p: Param) -> bool:
    """Whether the plan edge from ``up`` carries the value of parameter ``p`` (an edge that names no resource may
    carry any; one for the field its description names: "vessel: registration")."""
    return not up.resource or input_key(up.resource) == input_key(p.name) or \
        up.resource.lower() in (p.name.lower(), described_key(p.description or ""))


def _said_values(values: list[Any], request: str) -> list[Any]:
    """The values the request says as words ("in_progress" as "in progress" too, a plural too), not negated."""
    text = request.lower().replace("_", " ")
    return [v for v in values if any(not negated(request, m.start()) for m in re.finditer(
        rf"(?<![\w-]){re.escape(str(v).lower().replace('_', ' '))}(?:e?s)?(?![\w-])", text))]


def _in_enum(value: Any, enum: list[Any]) -> bool:
    """Whether a value is one of an enum's (as text, case aside; a list: all of its items)."""
    allowed = {str(v).lower() for v in enum}
    items = value if isinstance(value, list) else [value]
    return all(str(v).lower() in allowed for v in items)


AGENT_PARTS = {"author", "artist", "creator", "director", "writer", "composer", "owner", "organizer", "organiser",
               "publisher", "by"}
_BY_NAME = re.compile(r"\b(?:by|from|written by|directed by|made by)\s+[A-Za-z]", re.IGNORECASE)
_SAYING = re.compile(r"(?:saying|says|that reads|reading|with the (?:text|message|body|note|comment|description)|"
                     r"message|note|comment|description|text)\s*:?\s*$", re.IGNORECASE)


VERB_WORDS = LOOKUP_VERBS | WRITE_NAME_VERBS | NAME_VERBS
_NAMEISH = ("quoted", "cue", "name", "place", "residual_place", "residual_named", "residual_owner", "residual")


def own_nouns(tool: ExecTool) -> set[str]:
    """The kinds of thing a tool is about, singular: the words of its name and of its URL path other than verbs
    and parameters (``listHotels`` -> hotel; ``GET /guests/{guest_id}/bookings`` -> guest, booking)."""
    path = re.sub(r"\{[^}]*\}", " ", urlparse(tool.url or "").path)
    words = re.findall(r"[a-z]+", f"{split_case(tool.name)} {path}".replace("_", " ").lower())
    return {singular(w) for w in words if len(w) > 2 and w not in VERB_WORDS}


def _for_tool(offered: list[Any], tool: ExecTool, vocabulary: frozenset[str] | set[str]) -> list[Any]:
    """The request's names in the order this tool takes them: first those that name its own kind of thing ("Hotel
    Miradouro" for a hotel lookup, a name then, never a city), then those made of no word of the tools ("Sean
    Gallagher"), then names holding other words of the tools ("Hotel Miradouro" for a guest lookup)."""
    own = own_nouns(tool)
    tools_words = {singular(v) for v in vocabulary}

    def rank(o: Any) -> int:
        if o.kind not in _NAMEISH or not isinstance(o.value, str):
            return 1
        words = {singular(w) for w in re.findall(r"[a-z]+", o.value.lower())}
        return 0 if words & own else 2 if words & tools_words else 1

    ranked = sorted(((rank(o), o) for o in offered), key=lambda pair: pair[0])
    people = bool(own & (set(PERSON_KINDS) - {"account", "profile"}))
    places = {str(o.value).lower() for o in offered if o.kind == "place"}

    def as_read(r: int, o: Any) -> Any:
        if r == 0 and o.kind in ("place", "residual_place"):
            return replace(o, kind="name")
        if not people:  # an owner is not the thing looked up ("Marta Quinlan's copy of ...": the title)
            return replace(o, kind="residual_owner") if o.kind == "name" and o.noun == "'s" else o
        if o.kind == "name" and o.noun == "'s" or o.kind == "residual_owner":
            return replace(o, kind="cue")  # a person lookup: the owner is who ("dominic achebe's copy of ...")
        if o.kind == "quoted" and any(x.kind == "name" for x in offered) or o.kind == "place" or \
                o.kind == "name" and str(o.value).lower() in places:  # ... never a title or a place ("at Riverside")
            return replace(o, kind="residual")
        if o.kind in ("residual_named", "slug") or o.kind == "residual_place" and \
                str(o.value).lower() in places:  # nor "the spin class", "vehicle VH-12" ("assigned to lena vogt"
            return replace(o, kind="topic")  # is a person, after "to")
        return o

    return [as_read(r, o) for r, o in ranked]


def _lookup_filter(tool: ExecTool, offered: list[Any], used: set[int], request: str) -> tuple[str, Any, str] | None:
    """For a tool with only optional parameters, the one a lookup takes (an email if the request gives one, else a
    name, title or query) with the value the request names for it, as if it were required. Quoted text that is
    what to write (``saying "blocked on ..."``) names nothing to look up."""
    offered = [o for o in offered if o.kind != "quoted" or not _SAYING.search(request[:max(o.start, 0)])]
    from toolgraph.text.reading import KIND_PARTS, NAME_PARTS, param_parts

    by = bool(_BY_NAME.search(request))  # "books by ursula le guin": the author's name
    ranked = sorted(tool.params, key=lambda p: (not param_parts(p.name) & KIND_PARTS["email"],
                                                not (by and param_parts(p.name) & AGENT_PARTS),
                                                not param_parts(p.name) & NAME_PARTS))
    for p in ranked:
        parts = param_parts(p.name)
        if not parts & (NAME_PARTS | KIND_PARTS["email"] | AGENT_PARTS) or json_type_of(p.type) != "string":
            continue
        named = [o for o in offered if o.kind != "topic" and (o.kind != "residual" or len(str(o.value).split()) > 1)]
        # (a name: a single leftover word such as "everything" is none)
        hit = pick(p.name, "string", p.description or "", named, used, True)
        if hit is not None:
            return p.name, hit[0], hit[1]
    return None


def _param_type(tool: ExecTool, name: str) -> str:
    return next((json_type_of(p.type) for p in tool.params if p.name == name), "")


def _as_type(value: Any, kind: str) -> Any:
    """A value read as a number for a string parameter ("booking 5521" for ``booking_id: string``) as text, and
    digits for an integer parameter as a number; anything else as it is (the schema check names a mismatch)."""
    if kind == "string" and isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    if kind == "integer" and isinstance(value, str) and re.fullmatch(r"-?\d{1,18}", value.strip()):
        return int(value.strip())
    return value
