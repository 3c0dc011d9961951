"""Evidence for dependencies beyond matching names: what makes the resources job right on an API it has never seen.

- **Entities and roles.** An id is typed by the entity it identifies: ``assignee_id``, ``author_id`` and
  ``owner_id`` identify a person, so they are also the API's ``user_id`` (or ``person_id``, ``member_id``: whichever
  kind of person the API has); ``parent_issue_id`` is an ``issue_id`` (:func:`entity_aliases`).
- **Lookup keys belong to the user.** The name, title or text a search or lookup takes is what the user says: no
  tool's output feeds it (:func:`is_lookup_key`), so a search can always start a chain.
- **Descriptions.** A tool with no output schema (an MCP tool returning ``dict``, a Python function without a typed
  return, a client's OpenAI tool) provides what its description names among the inputs other tools need: "Find the
  latitude and longitude of a city" provides ``latitude`` and ``longitude`` (:func:`described_outputs`).
- **Observed responses.** What a tool really answered (``observed_schema``, learnt from runs) counts like a schema;
  for a tool without one, what its description names and no response showed still counts as described.
- **Direction.** A tool that itself requires a value does not provide it (an echo is no source).

Every mined edge carries its ``evidence`` (schema, observed, description; llm when a model confirmed it) and a
``weight`` read as confidence. :func:`audit` lists the edges an analyst should look at first.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from toolgraph.text.params import (
    DIRECTION_ROLES,
    ID_SUFFIXES,
    PERSON_KINDS,
    ROLE_WORDS,
    is_lookup_key,
    names_part_of,
    role_key,
)
from toolgraph.text.schema import described_output_text, listed_keys, quoted_key_meanings, schema_fields
from toolgraph.text.words import singular, split_case


def entity_kinds(keys: Iterable[str]) -> set[str]:
    """The kinds of thing an API identifies: ``X`` of every ``X_id`` its tools take or give."""
    return {k[: -len("_id")] for k in keys if k.endswith("_id") and len(k) > 3}


def entity_aliases(key: str, kinds: set[str]) -> list[str]:
    """Other names for an id key, by the entity it identifies (see the module); empty when it is a kind itself."""
    if not key.endswith("_id"):
        return []
    stem = key[: -len("_id")]
    if stem in kinds or not stem:
        return []
    tokens = stem.split("_")
    if tokens[-1] in kinds:
        return [f"{tokens[-1]}_id"]
    part = _part_of_kind(tokens[-1], kinds)
    if part is not None:
        return [f"{part}_id"]
    if any(t in ROLE_WORDS for t in tokens):
        person = next((k for k in PERSON_KINDS if k in kinds), None)
        return [f"{person}_id"] if person else []
    return []


def _part_of_kind(word: str, kinds: set[str]) -> str | None:
    """The one kind a word is the end or the start of: ``keeper_id`` beside beekeepers is a ``beekeeper_id``,
    ``tech_id`` beside technicians a ``technician_id``; none when no kind or several fit."""
    fits = [k for k in kinds if "_" not in k and names_part_of(word, k)]
    return fits[0] if len(fits) == 1 else None


def coded_kinds(io: dict[str, tuple[list[Any], list[Any]]]) -> dict[str, set[str]]:
    """Per identifier suffix (id, code, key, number), the kinds of thing the API identifies that way: ``station``
    of every ``station_code`` its tools take or give."""
    out: dict[str, set[str]] = defaultdict(set)
    for ins, outs in io.values():
        for x in (*ins, *outs):
            stem, _, suffix = x.key.rpartition("_")
            if suffix in ID_SUFFIXES and stem and "_" not in stem and stem not in DIRECTION_ROLES:
                out[suffix].add(stem)
    return out


def direction_aliases(key: str, coded: dict[str, set[str]], text: str) -> list[str]:
    """The keys a direction-role identifier stands for (``from_code`` of "Direct trains from one station to
    another" -> ``station_code``): the kinds coded so that the tool's own words name, else the API's only one."""
    role = role_key(key)
    if role is None:
        return []
    kinds = coded.get(role[1], set())
    words = {singular(w) for w in re.findall(r"[a-z]+", split_case(text).lower())}
    named = sorted(k for k in kinds if k in words)
    return [f"{k}_{role[1]}" for k in (named or (sorted(kinds) if len(kinds) == 1 else []))]


def _mentions(text: str, key: str) -> bool:
    """Whether a description mentions a resource: its words in order (``user_id``: "user id", "user's id",
    "id of the user"; ``latitude``)."""
    words = key.split("_")
    if words[-1] == "id" and len(words) > 1:
        noun = r"[\s_-]+".join(map(re.escape, words[:-1]))  # ("customer_id" as written in a field list too)
        return bool(re.search(rf"(?<![a-z0-9]){noun}(?:'s)?[\s_-]+(?:id|ids|identifier)s?\b|"
                              rf"\b(?:id|identifier)s?\s+of\s+(?:the\s+|a\s+|an\s+)?{noun}\b", text))
    return bool(re.search(r"\b" + r"[\s_-]+".join(map(re.escape, words)) + r"s?\b", text))


#: a return shape a docstring writes out, holding a bare ``id`` key: 'Returns {"results": [{"id", "nm"}]}'
_SHAPE_ID = re.compile(r"""[{\[,]\s*(["'`])id\1\s*[,:}\]]""")


#: a key a description glosses as an id: "cust (customer id)", "spon: sponsor id", "show = show id", "trn (course id
#: needed before use)"
_GLOSSED_ID = re.compile(r"(?<![\w-])[`\"']*[a-z][a-z0-9_]{0,11}[`\"']*\s*(?:\(|=|:)\s*(?:the\s+|a\s+|an\s+)?"
                         r"(?:[a-z]+\s+)?([a-z]+)(?:'s)?\s+id\b")


#: an id a key's meaning names: "member id of the person offering it", "the yarn id on offer"
_MEANT_ID = re.compile(r"\b([a-z]+)(?:'s)?\s+id\b")


def described_outputs(description: str, own_inputs: set[str], wanted: set[str], name: str = "") -> list[str]:
    """Resources (among ``wanted``: what other tools take) that a description says its tool gives. What the tool
    itself takes is not an output, nor what follows 'for', 'by', 'of a' or 'given' (what it is asked about).
    A return shape written out with a bare ``id`` key ('Returns {"results": [{"id", "nm", "em"}]}') gives the id
    of the thing the tool's name is about (``search_bowlers``: ``bowler_id``), as a bare ``{id}`` path segment
    takes the segment before it; a key glossed as an id gives that id ("Keys: rental_id, cust (customer id)")."""
    said = described_output_text(re.sub(r"[`\"]", "", description or ""), with_clauses=True)  # ("``boat`` id")
    found = {k for k in wanted if k not in own_inputs and _mentions(said, k)} if said.strip() else set()
    text = " ".join((description or "").lower().split())
    listed = [m for _, m in listed_keys(description or "") + quoted_key_meanings(text)]  # ('"by" member id of
    kinds = _GLOSSED_ID.findall(text) + [k for m in listed for k in _MEANT_ID.findall(m)]  # the person offering it')
    for kind in kinds:  # "Keys: cust (customer id), spon: sponsor id, show = show id"
        if f"{kind}_id" in wanted and f"{kind}_id" not in own_inputs:
            found.add(f"{kind}_id")
    if name and _SHAPE_ID.search(description or ""):
        nouns = [singular(w) for w in split_case(name).lower().replace("_", " ").replace("-", " ").split()]
        key = next((f"{n}_id" for n in reversed(nouns) if f"{n}_id" in wanted), None)
        if key and key not in own_inputs:
            found.add(key)
    return sorted(found)


# -- the audit ----------------------------------------------------------------------------------------------------
LOW_CONFIDENCE = 0.6


def audit(edges: list[dict[str, Any]], lookups: dict[str, bool] | None = None) -> list[dict[str, Any]]:
    """Suspicious resource edges, worst first: strong cycles, reversed pairs, strong edges into a tool that takes a
    lookup key (a search: such an edge stops every chain from starting there), an edge whose producer needs the
    resource itself, and low confidence. ``edges``: rows of {source, target, type, resource, weight, evidence,
    source_needs (resources the producer requires)}; ``lookups``: tool id -> whether it takes a lookup key."""
    found: list[dict[str, Any]] = []

    def flag(e: dict[str, Any], why: str, severity: int) -> None:
        found.append({"source": e["source"], "target": e["target"], "type": e["type"], "resource": e.get("resource"),
                      "weight": e.get("weight"), "evidence": e.get("evidence"), "why": why, "severity": severity})

    strong = [e for e in edges if e["type"] == "STRONG_RESOURCE"]
    for cycle in _cycles({(e["source"], e["target"]) for e in strong}):
        members = set(cycle)
        for e in strong:
            if e["source"] in members and e["target"] in members:
                shown = [*cycle, cycle[0]] if len(cycle) <= 4 else [*cycle[:3], f"... ({len(cycle)} tools)"]
                ring = " -> ".join(shown)
                flag(e, f"strong edges form a cycle ({ring}): none of its tools can start without another", 3)
    pairs = {(e["source"], e["target"]) for e in edges}
    for e in edges:
        if (e["target"], e["source"]) in pairs and e["source"] < e["target"]:
            flag(e, "the pair depends both ways: one direction is probably wrong", 2)
        if e["type"] == "STRONG_RESOURCE" and (lookups or {}).get(e["target"]):
            flag(e, "strong edge into a tool that takes a name or search text: check it can still start a chain", 2)
        if e.get("resource") and e["resource"] in (e.get("source_needs") or []):
            flag(e, f"{e['source']} itself requires {e['resource']}: it echoes the value rather than providing it", 2)
        weight = e.get("weight")
        if isinstance(weight, int | float) and weight < LOW_CONFIDENCE:
            flag(e, f"low confidence {weight:g} ({e.get('evidence') or 'unknown evidence'})", 1)
    found.sort(key=lambda f: (-f["severity"], f["source"], f["target"]))
    return found


def _cycles(edges: set[tuple[str, str]]) -> list[list[str]]:
    """Strongly connected components of more than one node (Tarjan, iterative)."""
    graph: dict[str, list[str]] = defaultdict(list)
    for a, b in sorted(edges):
        graph[a].append(b)
        graph.setdefault(b, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on.add(node)
            nexts = graph[node]
            if i < len(nexts):
                work.append((node, i + 1))
                nxt = nexts[i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            for nxt in nexts:
                if nxt in on:
                    low[node] = min(low[node], low[nxt])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def enrich(tools: list[Any], io: dict[str, tuple[list[Any], list[Any]]],
           samples: dict[str, list[frozenset[str]]] | None) -> dict[str, tuple[list[Any], list[Any]]]:
    """Each tool's (inputs, outputs) with the evidence above added: observed outputs, entity aliases of ids, and
    for a tool with no output schema at all, the outputs its description names."""
    from dataclasses import replace

    from gds_jobs.fields import Output, tool_outputs

    by_id = {t.id: t for t in tools}
    # the kinds of thing the API identifies: ids its tools qualify by a subject, and ids in their paths
    keys = {o.key for _, outs in io.values() for o in outs if o.qualified}
    keys |= {i.key for tid, (ins, _) in io.items() for i in ins
             if i.qualified or "{" + i.raw + "}" in (by_id[tid].url or "")}
    keys |= {i.key for ins, _ in io.values() for i in ins  # (an MCP tool's engineer_id is a kind too; a role
             if i.key.endswith("_id") and not any(t in ROLE_WORDS for t in i.key[:-3].split("_"))}  # id is none)
    kinds = entity_kinds(keys)
    coded = coded_kinds(io)
    out: dict[str, tuple[list[Any], list[Any]]] = {}
    for tool in tools:
        ins, outs = io[tool.id]
        ins, outs = list(ins), list(outs)
        for i in list(ins):  # from_code / to_code: the codes of the kind the tool's words name (a station's)
            for alias in direction_aliases(i.key, coded, f"{tool.name} {tool.description}"):
                if alias not in {x.key for x in ins}:
                    ins.append(replace(i, key=alias, qualified=True))
        if tool.observed_schema:
            have = {o.key for o in outs}
            for o in tool_outputs(tool.model_copy(update={"output_schema": tool.observed_schema}), samples):
                if o.key not in have:
                    outs.append(replace(o, evidence="observed"))
        have_in, have_out = {i.key for i in ins}, {o.key for o in outs}
        for i in list(ins):
            for alias in entity_aliases(i.key, kinds):
                if alias not in have_in:
                    ins.append(replace(i, key=alias, qualified=True))
                    have_in.add(alias)
        for o in list(outs):
            for alias in entity_aliases(o.key, kinds):
                if alias not in have_out:
                    outs.append(replace(o, key=alias, raw=f"{o.raw} (a {alias[:-3]})", qualified=True))
                    have_out.add(alias)
        out[tool.id] = (ins, outs)
    wanted = {i.key for ins, _ in out.values() for i in ins if not i.typed}
    for tool in tools:
        ins, outs = out[tool.id]
        # only a tool with no output schema (a bare `dict`: none); what its responses showed does not silence its
        # description: a learnt shape adds to what the description names, never takes it away
        if any(o.evidence != "observed" for o in outs) or schema_fields(tool.output_schema) \
                or tool.source == "taskbench":
            continue
        have = {o.key for o in outs}
        for key in described_outputs(tool.description, {i.key for i in ins}, wanted, tool.name):
            if key not in have:
                outs.append(Output(key, f"(its description names {key.replace('_', ' ')})", evidence="description"))
    return out


def suspicious_edges(store: Any, limit: int | None = None) -> list[dict[str, Any]]:
    """:func:`audit` of every resource edge in the graph (toolgraph weights audit; printed after weights run)."""
    from gds_jobs.fields import tool_inputs

    rows = store.query("audit_resource_edges")
    tools = {r["source"]: r["source_tool"] for r in rows} | {r["target"]: r["target_tool"] for r in rows}
    needs = {tid: {i.key for i in tool_inputs(t) if i.required} for tid, t in tools.items()}
    lookups = {tid: any(i.required and is_lookup_key(i.raw, i.key) for i in tool_inputs(t)) for tid, t in tools.items()}
    edges = [{**r, "evidence": r["evidence"] or r["origin"], "source_needs": needs[r["source"]]} for r in rows]
    found = audit(edges, lookups)
    return found[:limit] if limit else found
