"""What a tool takes and gives, as normalised names: the raw material of resource and substitute detection."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

from toolgraph.models import Param
from toolgraph.text.glossary import terse_id
from toolgraph.text.params import described_key, input_key
from toolgraph.text.schema import described_key_aliases, is_schema, schema_fields
from toolgraph.text.words import NAME_STOPWORDS, singular, split_case
from toolgraph.tool import Tool

# Names that identify something without saying what: matched only when qualified by their subject
# ("id" of a person -> "person_id").
IDENTITY = frozenset("id key code ref name title slug uid".split())  # (a booking's `ref`: booking_ref)
# Names of settings and envelopes, not resources: never matched.
NOISE = frozenset(
    "type value data text result item status message url link q query page limit offset size count total format "
    "lang language sort order field callback date time info detail response body output input param option mode "
    "version success error page_size per_page locale region".split()
)
AMBIGUOUS = IDENTITY | NOISE
MODALITIES = ("text", "image", "audio", "video", "url")
SCHEMA_DEPTH = 8  # how many fields deep an answer's fields are read
VERBS = frozenset("get search find list fetch retrieve create update delete add remove post put show lookup".split())


@dataclass(frozen=True)
class Output:
    key: str  # normalised resource name, e.g. "person_id" or "image"
    raw: str  # the field as written, with its path
    typed: bool = False  # a typed modality (TaskBench) rather than a named field
    qualified: bool = False  # an identity name ("id") qualified by its subject
    evidence: str = "schema"  # schema, observed (a real response), description (gds_jobs/evidence.py), path (REST)


@dataclass(frozen=True)
class Input:
    key: str
    raw: str
    required: bool
    typed: bool = False
    qualified: bool = False


# Two-letter words that name a thing a tool is about ("/tv/{tv_id}": a TV show's id is a tv_id).
SHORT_NOUNS = {"tv", "ip", "os", "pc", "ai"}


normalise = input_key  # ``movieIDs`` -> ``movie_id``; the planner keys its inputs the same way


def subjects(*texts: str) -> list[str]:
    """Nouns a tool is about, from its name or path: 'Search Person' -> ['person']."""
    out: list[str] = []
    for text in texts:
        for token in re.split(r"[^a-z0-9]+", split_case(text).lower()):
            token = singular(token)
            if (len(token) > 2 or token in SHORT_NOUNS) and token not in NAME_STOPWORDS and token not in VERBS \
                    and token not in AMBIGUOUS and not token.isdigit() and token not in out:
                out.append(token)
    return out


def content_tokens(text: str) -> set[str]:
    return {singular(t) for t in re.findall(r"[a-z][a-z0-9]{2,}", (text or "").lower()) if t not in NAME_STOPWORDS}




def context_of(path: list[str], subjects: list[str]) -> list[str]:
    """What a field's object is: its nearest enclosing field that says (``artists.items[].id``: artist; an envelope
    like ``items``, ``results`` or ``data`` says nothing), else the tool's subjects."""
    for name in reversed(path):
        parent = normalise(name)
        if parent and parent not in AMBIGUOUS:
            return [parent]
    return subjects


def qualified(name: str, context: list[str]) -> list[str]:
    """Resource keys for a field: itself when meaningful; an identity name qualified by its context; none for
    settings and envelopes."""
    key = normalise(name)
    if not key or key in NOISE:
        return []
    if key not in IDENTITY:
        return [key]
    return [f"{c}_{key}" for c in context if c and c not in AMBIGUOUS]


ToolLike = Tool | dict[str, Any]


def _tool(tool: ToolLike) -> Tool:
    """A tool row decoded (:class:`Tool`); a row without an id (a test's, a client's) is read too."""
    return Tool.of(tool, need_id=False)


def _subjects_of(tool: ToolLike) -> list[str]:
    tool = _tool(tool)
    path = urlparse(tool.url).path
    return subjects(tool.name, re.sub(r"\{[^}]*\}", " ", path))


def path_subject(tool: ToolLike, param: Param | dict[str, Any]) -> list[str]:
    """For a path parameter with an identity name, the path segment right before it: ``/artists/{id}/albums``
    -> ['artist'] (so its ``id`` is an ``artist_id``, not an ``album_id``). Empty when there is none."""
    from urllib.parse import urlparse

    param = param if isinstance(param, Param) else Param.model_validate(param)
    name = param.name
    if param.location not in (None, "path") or normalise(str(name)) not in IDENTITY:
        return []
    path = urlparse(_tool(tool).url).path
    m = re.search(r"([A-Za-z][A-Za-z0-9_-]*)/\{" + re.escape(str(name)) + r"\}", path)
    if not m:
        return []
    subject = normalise(m.group(1))
    return [subject] if subject and subject not in AMBIGUOUS else []


def _objects(node: Any, path: list[str], out: list[tuple[list[str], frozenset[str]]], depth: int = 0,
             lists: int = 0) -> None:
    """(path, normalised property names) of every object of a JSON schema or response template that sits in at
    most one list (the items a tool returns, not lists inside them, like a person's ``known_for``); each ``oneOf``
    alternative is an object of its own."""
    if depth > 8 or node is None or lists > 1:
        return
    if isinstance(node, list):
        for item in node[:1]:
            _objects(item, path, out, depth + 1, lists + 1)
        return
    if not isinstance(node, dict):
        return
    if is_schema(node):
        props = node.get("properties")
        if isinstance(props, dict) and props:
            out.append((path, frozenset(normalise(k) for k in props)))
            for key, sub in props.items():
                _objects(sub, path + [key], out, depth + 1, lists)
        if isinstance(node.get("items"), dict):
            _objects(node["items"], path, out, depth + 1, lists + 1)
        for combo in ("allOf", "oneOf", "anyOf"):
            for sub in node.get(combo) or []:
                _objects(sub, path, out, depth + 1, lists)
        return
    keys = [k for k in node if not k.startswith("_")]
    if keys:
        out.append((path, frozenset(normalise(k) for k in keys)))
    for key in keys:
        _objects(node[key], path + [key], out, depth + 1, lists)


# Shapes: what the objects of a kind look like. An object with an id that its tool qualifies by one subject (the
# results of ``Search Movies``, the details of a movie) is a sample of that kind; an id whose own context says
# nothing known (``cast[].id``, a collection's ``parts[].id``, ``Get Trending``'s results) takes the kind whose
# samples its object's fields overlap most: a cast member looks like a person, a collection's part like a movie.
SHAPE_MIN_SHARED = 3  # fields in common (besides the id)
SHAPE_MIN_OVERLAP = 0.4  # shared / the smaller object's fields


def shape_samples(tools: list[Tool] | list[dict[str, Any]]) -> dict[str, list[frozenset[str]]]:
    """kind -> the field sets of objects whose id is qualified as that kind (see above); kinds are those whose id
    some tool takes as an input."""
    tools = [_tool(t) for t in tools]
    consumed = {i.key[: -len("_id")] for tool in tools for i in tool_inputs(tool) if i.key.endswith("_id")}
    samples: dict[str, list[frozenset[str]]] = {}
    for tool in tools:
        subj = _subjects_of(tool)
        for path, keys in _objects_of(tool):
            if "id" not in keys:
                continue
            context = context_of(path, subj)
            if len(context) == 1 and context[0] in consumed:  # a kind some tool takes the id of
                samples.setdefault(context[0], []).append(keys)
    return samples


def _objects_of(tool: ToolLike) -> list[tuple[list[str], frozenset[str]]]:
    out: list[tuple[list[str], frozenset[str]]] = []
    _objects(_tool(tool).output_schema, [], out)
    return out


def shape_kind(keys: frozenset[str], samples: dict[str, list[frozenset[str]]]) -> str | None:
    """The kind whose samples ``keys`` overlaps most, if it overlaps enough."""
    best, best_score = None, 0.0
    mine = keys - {"id"}
    for kind, sets in samples.items():
        for other in sets:
            shared = len(mine & (other - {"id"}))
            if shared < SHAPE_MIN_SHARED:
                continue
            score = shared / max(1, min(len(mine), len(other - {"id"})))
            if score > best_score:
                best, best_score = kind, score
    return best if best_score >= SHAPE_MIN_OVERLAP else None


def tool_outputs(tool: ToolLike, samples: dict[str, list[frozenset[str]]] | None = None) -> list[Output]:
    """Outputs from ``output_schema`` (TaskBench ``{outputs: [types]}``, JSON schema or response template).
    An identity field is qualified by its parent object when that says what it is, else by the tool's subjects;
    with ``samples`` (:func:`shape_samples` of all tools), an id whose context names no known kind is also
    qualified by the kind its object looks like."""
    tool = _tool(tool)
    schema = tool.output_schema
    if isinstance(schema, dict) and isinstance(schema.get("outputs"), list):
        return [Output(t.lower(), t, typed=True) for t in schema["outputs"] if isinstance(t, str)]
    fields = schema_fields(schema, depth=SCHEMA_DEPTH)
    subj = _subjects_of(tool)
    out: dict[str, Output] = {}
    spelled = described_key_aliases(tool.description or "")  # "Short keys: reg (registration id)"
    for name, path in fields:
        context = context_of(path, subj)
        for key in qualified(name, context):
            out.setdefault(key, Output(key, ".".join(path + [name]), qualified=normalise(name) in IDENTITY))
        meant = spelled.get(name.lower()) or terse_id(tool.description or "", name)
        if meant:  # the short key is what its description spells out (reg: registration_id)
            key = normalise(meant)
            out.setdefault(key, Output(key, ".".join(path + [name]) + f" ({name}: {meant}, as the description "
                                       "says)", qualified=key.endswith("_id"), evidence="description"))
    if not fields and str(tool.method or "").upper() == "GET":  # GET /trainers with no schema: a REST collection
        # lists its items, so it gives their ids (the id GET /trainers/{trainer_id} takes)
        last = urlparse(tool.url or "").path.rstrip("/").rsplit("/", 1)[-1]
        subject = normalise(last) if last and not last.startswith("{") else ""
        if subject and "_" not in subject and subject not in AMBIGUOUS and last.lower().endswith("s"):
            key = f"{subject}_id"
            out.setdefault(key, Output(key, f"{last}[].id (a collection with no schema: its items' ids)",
                                       qualified=True, evidence="path"))
    if samples:
        for path, keys in _objects_of(tool):
            if "id" not in keys:
                continue
            context = context_of(path, subj)
            if any(c in samples for c in context):
                continue  # its context already names a known kind
            kind = shape_kind(keys, samples)
            if kind:
                key = f"{kind}_id"
                out.setdefault(key, Output(key, ".".join(path + ["id"]) + f" (looks like a {kind})", qualified=True))
    return list(out.values())


def tool_inputs(tool: ToolLike) -> list[Input]:
    tool = _tool(tool)
    typed = tool.source == "taskbench"
    subj = _subjects_of(tool)
    out: dict[str, Input] = {}
    for params, required in ((tool.required_params, True), (tool.optional_params, False)):
        for param in params:
            if typed:
                key = param.type.lower()
                if key:
                    out.setdefault(key, Input(key, param.name, required, typed=True))
                continue
            context = path_subject(tool, param) or subj
            for key in qualified(param.name, context):
                if key not in out or (required and not out[key].required):
                    out[key] = Input(key, param.name, required, qualified=normalise(param.name) in IDENTITY)
            said = described_key(param.description)  # "vessel: registration": the vessel's registration
            own = normalise(param.name)
            if said and own and own not in NOISE and not own.endswith(said):
                key = f"{own}_{said}" if said in ("code", "number", "id") else said  # ("vessel number")
                out.setdefault(key, Input(key, param.name, required, qualified=True))
    return list(out.values())


# -- descriptions only -------------------------------------------------------------------------------------------
MODALITY_WORDS = {
    "image": ("image", "images", "photo", "photos", "picture", "pictures", "panorama", "collage", "spectrogram",
              "waveform", "depth map", "mask"),
    "audio": ("audio", "speech", "sound", "voice", "music", "voiceover", "recording", "spoken"),
    "video": ("video", "videos", "slideshow", "clip", "footage"),
    "url": ("url", "urls", "link", "links", "web page", "website"),
    "text": ("text", "texts", "sentence", "sentences", "keyword", "keywords", "summary", "caption", "transcript",
             "question", "answer", "article", "document", "label", "labels", "language", "script", "topic",
             "topics", "words", "query", "description", "paragraph", "translation"),
}
INPUT_MARKERS = re.compile(r"\b(from|given|input|based on|using|of an?|in an?|for an?|on an?|with an?)\b")
OUTPUT_MARKERS = re.compile(
    r"\b(into|to produce|producing|to create|to generate|outputs?|returns?|generat\w+|creat\w+)\b")


def _modalities(text: str) -> list[str]:
    found: list[tuple[int, str]] = []
    lower = f" {text.lower()} "
    for modality, words in MODALITY_WORDS.items():
        positions = [m.start() for w in words for m in re.finditer(rf"\b{re.escape(w)}\b", lower)]
        if positions:
            found.append((min(positions), modality))
    return [m for _, m in sorted(found)]


def io_from_description(description: str) -> tuple[list[str], list[str]]:
    """(input modalities, output modalities) guessed from a one-line tool description, for tools whose inputs
    and outputs are not typed. A heuristic: what follows 'from / given / input / based on' is input, what
    follows 'into / to produce / generates' or precedes the first input marker is output."""
    text = description.strip().split(". ")[0]
    lower = text.lower()
    inputs: list[str] = []
    outputs: list[str] = []
    out_match = OUTPUT_MARKERS.search(lower)
    in_match = INPUT_MARKERS.search(lower)
    if in_match:
        head, tail = lower[: in_match.start()], lower[in_match.end():]
        into = re.search(r"\b(into|to produce|to create|to generate)\b", tail)
        if into:
            outputs += _modalities(tail[into.end():])
            tail = tail[: into.start()]
        inputs += _modalities(tail)
        outputs += [m for m in _modalities(head) if m not in outputs]
    elif out_match:
        outputs += _modalities(lower[out_match.end():])
        inputs += [m for m in _modalities(lower[: out_match.start()]) if m not in outputs]
    else:
        inputs += _modalities(lower)
    if not inputs:
        inputs = ["text"]  # what the user can always say
    if not outputs:
        outputs = inputs[:1]
    return list(dict.fromkeys(inputs)), list(dict.fromkeys(outputs))
