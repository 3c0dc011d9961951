"""A tool's parameters as JSON Schema, validation with errors that name the parameter, and the deterministic
binder that fills arguments without an LLM: from upstream outputs along the plan's edges (matching field names,
nested JSON included: ``movie_id`` <- ``results[0].id``), from the request read as a person would
(toolgraph.text.reading: quoted strings, names after cue words, possessives stripped, ids after a noun,
identifier-shaped tokens, dates, numbers with units and number words), enums the request names, and defaults."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker

from toolgraph.errors import ArgumentError
from toolgraph.execute.base import ExecTool
from toolgraph.text.params import PERSON_KINDS, is_identifier, role_ids
from toolgraph.text.reading import pick, read, vocabulary_of
from toolgraph.text.schema import json_type_of

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


def qualified_keys(value: Any, name: str, depth: int = 0) -> set[str]:
    """The keys of ``value`` (nested, lists by their first items) that qualify ``name`` by a role:
    ``current_depot_id`` for ``depot_id``."""
    if depth > 6:
        return set()
    if isinstance(value, list):
        return set().union(*(qualified_keys(v, name, depth + 1) for v in value[:3])) if value else set()
    if not isinstance(value, dict):
        return set()
    found = {str(k) for k in value if str(k).lower().endswith("_" + name)}
    for v in value.values():
        if isinstance(v, dict | list):
            found |= qualified_keys(v, name, depth + 1)
    return found


LABEL_KEYS = ("name", "title", "label", "full_name", "fullname", "display_name", "username", "email", "code")


def exact_first(value: Any, wanted: set[str], depth: int = 0, request: str = "") -> Any:
    """``value`` with, in each list of records, the records labelled exactly as ``wanted`` (what the upstream
    call searched for) first, then those whose label the request names as a phrase, the longest first: "the apollo
    mobile project" in a list of Apollo and Apollo Mobile means Apollo Mobile."""
    # the request's words, spaced, once at the top (the nested calls get it ready: it starts with a space)
    text = request if request.startswith(" ") else (f" {' '.join(re.findall(r'[a-z0-9]+', request.lower()))} "
                                                     if request else "")
    if not (wanted or text) or depth > 3:
        return value
    if isinstance(value, list):
        def rank(item: Any) -> tuple[int, int]:
            if not isinstance(item, dict):
                return (2, 0)
            labels = [str(item.get(k, "")).strip().lower() for k in LABEL_KEYS if item.get(k) not in (None, "")]
            if any(label in wanted for label in labels):
                return (0, 0)
            said = [len(p) for p in (" ".join(re.findall(r"[a-z0-9]+", label)) for label in labels)
                    if p and f" {p} " in text]
            return (1, -max(said)) if said else (2, 0)
        return sorted(value, key=rank)
    if isinstance(value, dict):
        return {k: exact_first(v, wanted, depth + 1, text) if isinstance(v, list | dict) else v
                for k, v in value.items()}
    return value


def _names_for(param: str, resource: str | None, request: str = "") -> list[str]:
    """Upstream fields that fill ``param``, best first: itself, the plan edge's resource, for a person's id the
    ids of people by their role (``reporter_id`` for ``user_id``, the role the request names first), a bare id."""
    names = [param]
    if resource and resource not in names:
        names.append(resource)
    low = param.lower()
    if low.endswith("_id") and low[:-3] in PERSON_KINDS:
        names += [r for r in role_ids(request) if r not in names]
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
    offered = read(request, vocabulary | _words_of(tool))
    used: set[int] = set()
    args: dict[str, Any] = {}
    sources: dict[str, str] = {}
    required = {p.name for p in tool.required_params}
    ordered = sorted(upstream, key=lambda u: not u.direct)
    own = {q.name.lower() for q in tool.params}
    for p in tool.params:
        kind = json_type_of(p.type)
        if is_identifier(p.name):  # 0. an id the request names by its noun ("issue 102") beats any upstream
            hit = pick(p.name, kind, "", [o for o in offered if o.kind == "noun_id"], used, p.name in required)
            if hit is not None:
                args[p.name], sources[p.name] = hit[0], f"request ({hit[1]})"
                continue
        for up in ordered:  # 1. an upstream output with a matching field
            if p.name not in required and not up.direct:
                continue
            # the edge's resource fills the parameter it names, no other (`longitude` never stands in for `date`)
            resource = up.resource if up.direct and (up.resource or "").lower() not in own - {p.name.lower()} else None
            names = _names_for(p.name, resource, request)
            if p.name not in required:
                names = [p.name]  # optional: only an exact field along a plan edge
            elif not up.direct and names[-1] == "id" and p.name.lower() != "id":
                names = names[:-1]  # a bare `id` only along a plan edge
            value = exact_first(up.value, {v.lower() for v in up.inputs}, request=request)  # named as asked first
            hit = find_field(value, names[:-1] if names[-1] == "id" and len(names) > 1 else names)
            if hit is None and names[-1] == "id":  # a bare `id`, but not the upstream call's own input echoed
                hit = find_field(value, names, skip=up.inputs)
            if hit is None and (up.resource or "").lower() == p.name.lower() and up.direct and is_identifier(p.name):
                # along a plan edge that carries this id, the one field that qualifies it by a role
                # (`current_depot_id` for `depot_id`: the miner's entity aliases, read back)
                keys = qualified_keys(value, p.name.lower())
                hit = find_field(value, sorted(keys)) if len(keys) == 1 else None
            if hit is not None:
                args[p.name], sources[p.name] = hit[0], f"{up.call}:{hit[1]}"
                break
        if p.name in args:
            continue
        if p.enum:  # 2. an enum value the request mentions (as a word; "in_progress" as "in progress" too)
            said = [v for v in p.enum if re.search(rf"(?<![\w-]){re.escape(str(v).lower().replace('_', ' '))}(?![\w-])",
                                                    request.lower().replace("_", " "))]
            if len(said) > 1:  # "cast and crew": the value that means all of them, else the tool's default
                said = [v for v in p.enum if str(v).lower() in ("all", "both", "any", "every")] or \
                    (said[:1] if p.name in required else [])
            if said:
                args[p.name], sources[p.name] = said[0], "request (enum)"
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
    return Binding(args, sources)
