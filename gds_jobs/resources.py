"""resources: STRONG_RESOURCE / WEAK_RESOURCE edges found in the data itself.

Rules first (gds_jobs/fields.py): an output field of A whose normalised name equals an input parameter of B is a
candidate A -> B carrying that resource. Settings and envelopes (page, limit, format, ...) are never resources;
identity names (id, name, code, ...) count only qualified by their subject (``results[].id`` of "Search Person" is
``person_id``), which keeps "same name, different meaning" apart. Typed tools (TaskBench) match on type. With
``from_descriptions`` the typed inputs and outputs are guessed from the descriptions alone.

- strong: the parameter is required in B, the resource is not a typed modality a user could hand in, and every
  producer in scope is in one tool group (A's kind is the only producer); weak otherwise;
- weight (confidence): 0.8 for a meaningful name, 0.7 for a qualified identity, 0.6 for a type, +0.1 when the
  parameter is required;
- source: ``rules``, or ``llm`` once an LLM (when configured) confirmed the pair; pairs it rejects are dropped.
  Its answers are cached by content, so a re-run asks only about new pairs.

A run replaces the edges earlier runs made (source ``rules`` / ``llm``); edges from imports or people are never
touched, and no mined edge is written where one of those already links the pair with that resource, nor where a
person deleted such an edge in the dependency editor (a not-undone ``(:Edit)`` of it).
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from gds_jobs.base import Job, JobContext, JobParams
from gds_jobs.evidence import enrich
from gds_jobs.fields import Input, Output, io_from_description, normalise, shape_samples, tool_inputs, tool_outputs
from toolgraph.db.store import Tx, chunks
from toolgraph.llm import ChatModel
from toolgraph.text.lexicon import WRITE_NAME_VERBS
from toolgraph.text.params import ID_SUFFIXES, is_identifier, is_lookup_key, is_lookup_tool, role_key
from toolgraph.text.reading import DATE_PARTS, FREE_TEXT_PARTS, ID_PARTS, NAME_PARTS, PLACE_PARTS, SEARCH_PARTS
from toolgraph.text.schema import json_type_of
from toolgraph.text.words import split_case
from toolgraph.tool import Tool

log = logging.getLogger(__name__)


def _takes_words(tool: Tool, param: str) -> bool:
    """Whether a parameter of a lookup tool is words the user types (a city, an email), not an id or a number."""
    p = next((p for p in tool.params if p.name == param), None)
    return p is not None and not is_identifier(param) and role_key(param) is None and json_type_of(p.type) == "string"


def _writes(tool: Tool) -> bool:
    """A tool that changes data, by its HTTP method or the verb its name opens with (``scheduleMaintenance``)."""
    words = re.findall(r"[a-z]+", split_case(tool.name).lower())
    return (tool.method or "").upper() in ("POST", "PUT", "PATCH", "DELETE") or bool(
        words and words[0] in WRITE_NAME_VERBS)


#: the words of a string parameter a person fills with their own words
SAID_PARTS = frozenset(NAME_PARTS | PLACE_PARTS | SEARCH_PARTS | DATE_PARTS | FREE_TEXT_PARTS)
#: amounts a person says ("for ten people", "six servings", "8 ounces"): numbers no tool has to produce
AMOUNT_WORDS = frozenset("amount quantity qty count serving portion people person guest adult child night day week "
                         "month year hour minute seat copy unit size limit number total".split())


def _said(tool: Tool, param: str) -> bool:
    """Whether a required input is a value a person can say, so that no tool is the only source of it: words (a
    string named like a name, place, date, search text or free text: ``ingredient``, ``city``, ``start_date``) or
    an amount (``servings``, ``quantity``). A coordinate, a plate, a token or an id is not."""
    p = next((p for p in tool.params if p.name == param), None)
    if p is None or _identifies(param) or role_key(param) is not None:
        return False
    kind, words = json_type_of(p.type), set(normalise(param).split("_"))
    if kind == "string":
        return bool(words & SAID_PARTS) and not words & ID_PARTS
    return kind in ("integer", "number") and bool(words & AMOUNT_WORDS)


def _identifies(param: str) -> bool:
    """An id, code, key or number of something (``vehicle_id``, ``from_code``), not words a person writes."""
    return is_identifier(param) or normalise(param).rsplit("_", 1)[-1] in (*ID_SUFFIXES, "sku")


JOB_SOURCES = ("rules", "llm")
MERGE = {"STRONG_RESOURCE": "merge_strong_resource", "WEAK_RESOURCE": "merge_weak_resource"}


@dataclass(frozen=True)
class Candidate:
    source: str
    target: str
    resource: str
    strong: bool
    weight: float
    output: str
    param: str
    evidence: str = "schema"

    @property
    def type(self) -> str:
        return "STRONG_RESOURCE" if self.strong else "WEAK_RESOURCE"


class ResourceParams(JobParams):
    scope: Literal["group", "category", "all"] = Field("category", description="where producers are looked for")
    max_producers: int = Field(50, ge=1, description="a resource made by more tools than this is too common")
    from_descriptions: bool = Field(False, description="guess typed inputs/outputs from descriptions only")
    use_llm: bool = Field(True, description="let a configured LLM confirm candidates")
    llm_batch: int = Field(20, ge=1, le=200, description="candidate pairs per LLM call")


def _io(tool: Tool, from_descriptions: bool, samples: dict[str, list[frozenset[str]]] | None = None
        ) -> tuple[list[Input], list[Output]]:
    if from_descriptions:
        ins, outs = io_from_description(tool.description)
        return [Input(t, t, True, typed=True) for t in ins], [Output(t, t, typed=True) for t in outs]
    return tool_inputs(tool), tool_outputs(tool, samples)


def find_candidates(tools: list[Tool] | list[dict[str, Any]], params: ResourceParams
                    ) -> tuple[list[Candidate], dict[str, int]]:
    """Candidate edges from tools (``job_tool_features`` rows: id, name, url, description, source, group,
    category, params, schema)."""
    tools = [Tool.of(t) for t in tools]
    by_id = {t.id: t for t in tools}
    samples = None if params.from_descriptions else shape_samples(tools)  # what each kind's objects look like
    io = {t.id: _io(t, params.from_descriptions, samples) for t in tools}
    if not params.from_descriptions:
        io = enrich(tools, io, samples)  # observed outputs, entity aliases, outputs named by descriptions
    needs = {tid: {i.key for i in ins if i.required} for tid, (ins, _) in io.items()}

    def scope_of(tool: Tool) -> str:
        return {"group": tool.group_id or "", "category": tool.category, "all": ""}[params.scope]

    producers: dict[tuple[str, str], list[tuple[str, Output]]] = defaultdict(list)
    for tid, (_, outs) in io.items():
        for out in outs:
            producers[(scope_of(by_id[tid]), out.key)].append((tid, out))
    stats = {"tools": len(tools), "resources_too_common": 0, "inputs_matched": 0, "lookup_keys": 0, "echoes": 0}
    found: list[Candidate] = []
    for tid, (ins, _) in io.items():
        for inp in ins:
            if not inp.typed and (is_lookup_key(inp.raw, inp.key) or (
                    is_lookup_tool(by_id[tid].name) and _takes_words(by_id[tid], inp.raw)
                    and (inp.required or _said(by_id[tid], inp.raw)))):  # (a search's optional plate filter,
                # vrm, is no word a person types: a holder's record may give it)
                stats["lookup_keys"] += 1  # a name or search text: the user's to give
                continue
            makers = [(a, out) for a, out in producers.get((scope_of(by_id[tid]), inp.key), []) if a != tid]
            echoes = [a for a, _ in makers if inp.key in needs[a]]
            if echoes:  # a tool that needs the value itself only echoes it
                stats["echoes"] += len(echoes)
                makers = [(a, out) for a, out in makers if a not in echoes]
            if not makers:
                continue
            if len(makers) > params.max_producers:
                stats["resources_too_common"] += 1
                continue
            stats["inputs_matched"] += 1
            groups = {by_id[a].group_id for a, _ in makers}
            strong = inp.required and not inp.typed and len(groups) == 1 and not _said(by_id[tid], inp.raw) and (
                not _writes(by_id[tid]) or _identifies(inp.raw))  # a write's free text (service_type) is the user's
            for a, out in makers:
                base = 0.6 if out.typed else (0.7 if out.qualified or inp.qualified else 0.8)
                base = {"observed": base - 0.05, "description": 0.45, "path": 0.5}.get(out.evidence, base)
                weight = round(min(1.0, base + (0.1 if inp.required else 0.0)), 3)
                found.append(Candidate(a, tid, inp.key, strong, weight, out.raw, inp.raw, out.evidence))
    return found, stats


class _Verdict(BaseModel):
    index: int
    depends: bool
    strong: bool = False


class _Verdicts(BaseModel):
    decisions: list[_Verdict]


PROMPT = """You check dependencies between API tools. For each numbered pair, say whether tool B can take the \
named input from the output of tool A (depends), and whether B cannot run without it and A is the natural only \
source (strong). Watch for fields with the same name but a different meaning.
Answer with JSON only: {"decisions": [{"index": 0, "depends": true, "strong": false}, ...]}, one per pair.

"""


def _describe(tool: Tool) -> str:
    return f"{tool.name} ({tool.id}): {tool.description[:300]}"


class _Cache:
    """LLM verdicts by content hash, in a JSON file, so a re-run asks only about new pairs."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.data: dict[str, dict[str, bool]] = {}
        if path and path.exists():
            try:
                self.data = json.loads(path.read_text(encoding="utf-8"))
            except ValueError:
                log.warning("ignoring unreadable LLM cache %s", path)

    @staticmethod
    def key(model: str, cand: Candidate, a: Tool, b: Tool) -> str:
        text = json.dumps([model, cand.source, cand.target, cand.resource, cand.output, cand.param,
                           a.description, b.description])
        return hashlib.sha1(text.encode("utf-8")).hexdigest()

    def save(self) -> None:
        if self.path:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(json.dumps(self.data), encoding="utf-8")
            tmp.replace(self.path)


def confirm_with_llm(llm: ChatModel, cands: list[Candidate], tools: dict[str, Tool], batch: int,
                     cache_path: Path | None) -> tuple[list[Candidate], dict[str, int]]:
    cache = _Cache(cache_path)
    keys = [cache.key(llm.model, c, tools[c.source], tools[c.target]) for c in cands]
    todo = [i for i, k in enumerate(keys) if k not in cache.data]
    for start in range(0, len(todo), batch):
        part = todo[start : start + batch]
        lines = [f"{n}. A = {_describe(tools[cands[i].source])}\n   output field: {cands[i].output}\n"
                 f"   B = {_describe(tools[cands[i].target])}\n   input: {cands[i].param}"
                 for n, i in enumerate(part)]

        def check(answer: _Verdicts, size: int = len(part)) -> str | None:
            seen = sorted(d.index for d in answer.decisions)
            return None if seen == list(range(size)) else f"give exactly one decision for each index 0..{size - 1}"

        verdicts = llm.complete_json([{"role": "user", "content": PROMPT + "\n".join(lines)}], _Verdicts,
                                     check=check)
        for d in verdicts.decisions:
            cache.data[keys[part[d.index]]] = {"depends": d.depends, "strong": d.strong}
        cache.save()
    kept = []
    for cand, key in zip(cands, keys):
        verdict = cache.data[key]
        if verdict["depends"]:
            kept.append(Candidate(cand.source, cand.target, cand.resource, verdict["strong"], cand.weight,
                                  cand.output, cand.param, f"{cand.evidence}+llm"))
    return kept, {"llm_asked": len(todo), "llm_cached": len(cands) - len(todo), "llm_rejected": len(cands) - len(kept)}


class ResourcesJob(Job):
    name = "resources"
    description = "STRONG/WEAK_RESOURCE edges from output fields matched to input parameters (+ LLM check)"
    reads = ("Tool.output_schema", "Tool.observed_schema", "Tool.required_params", "Tool.optional_params",
             "Tool.description")
    writes = ("STRONG_RESOURCE {resource, weight, source, evidence, description}", "WEAK_RESOURCE {...}")
    Params = ResourceParams

    def run_portable(self, ctx: JobContext, params: Any) -> dict[str, Any]:
        tools = [Tool.from_row(r) for r in ctx.store.query("job_tool_features")]
        candidates, stats = find_candidates(tools, params)
        by_id = {t.id: t for t in tools}
        llm = ctx.extras.get("llm") if params.use_llm else None
        source = "rules"
        if llm is not None and candidates:
            candidates, llm_stats = confirm_with_llm(llm, candidates, by_id, params.llm_batch,
                                                     ctx.extras.get("llm_cache"))
            stats.update(llm_stats)
            source = "llm"
        taken = _taken(ctx.store.query, candidates, ctx.chunk_size)
        rows = _edge_rows(candidates, taken, by_id, source)
        def work(tx: Tx) -> tuple[list[dict[str, Any]], dict[str, int]]:  # the old mined edges give way at once
            removed = tx.run("job_clear_mined_resources", sources=list(JOB_SOURCES))
            return removed, {t: ctx.write_rows(MERGE[t], rows[t], tx) for t in rows}

        removed, written = ctx.store.write(work, what="writing the mined resource edges")
        stats.update(
            removed_previous=removed[0]["n"] if removed else 0,
            kept_existing=sum(1 for c in candidates if (c.source, c.target, c.resource) in taken),
            strong=written["STRONG_RESOURCE"],
            weak=written["WEAK_RESOURCE"],
        )
        return stats


Query = Callable[..., list[dict[str, Any]]]  # a named query's runner: GraphStore.query or Tx.run


def _taken(query: Query, candidates: list[Candidate], chunk_size: int = 1000) -> set[tuple[str, str, str]]:
    """(source, target, resource) of every pair an import or a person already linked with that resource, and of
    every resource edge a person deleted (or re-keyed) in the dependency editor: mined edges are never written
    there."""
    pairs = sorted({(c.source, c.target) for c in candidates})
    taken: set[tuple[str, str, str]] = set()
    for part in chunks(pairs, chunk_size):
        for row in query("fetch_dependencies", pairs=[{"source": a, "target": b} for a, b in part]):
            if row["type"] != "SEQUENTIAL" and row["props"].get("source") not in JOB_SOURCES:
                taken.add((row["source"], row["target"], row["props"].get("resource") or ""))
    for row in query("deleted_dependencies"):
        if row["type"] != "SEQUENTIAL":
            taken.add((row["source"], row["target"], row["resource"]))
    return taken


def _edge_rows(candidates: list[Candidate], taken: set[tuple[str, str, str]], by_id: dict[str, Tool], source: str
               ) -> dict[str, list[dict[str, Any]]]:
    rows: dict[str, list[dict[str, Any]]] = {"STRONG_RESOURCE": [], "WEAK_RESOURCE": []}
    for c in candidates:
        if (c.source, c.target, c.resource) in taken:
            continue
        seen = " (seen in its responses)" if c.evidence == "observed" else ""
        rows[c.type].append({"source": c.source, "target": c.target, "resource": c.resource, "props": {
            "weight": c.weight, "source": source, "evidence": c.evidence, "param": c.param,
            "description": f"{by_id[c.source].name} outputs {c.output}{seen}, which "
                           f"{by_id[c.target].name} takes as {c.param}"}})
    return rows


def refresh_edges_of(tx: Tx, tool_ids: Iterable[str], params: ResourceParams | None = None) -> dict[str, int]:
    """Re-mine, inside ``tx``, the resource edges that learning may have changed: those out of ``tool_ids`` (tools
    whose observed output schema just gained fields) and, for each resource they now provide, the edges into its
    consumers (a new producer can make another producer's edge weak). By the rules only (source ``rules``,
    evidence ``observed`` where a learnt shape made the edge), among the tools of the changed tools' categories (all
    tools with ``scope='all'``). Edges from imports or people, edges a person deleted, and pairs an LLM already
    judged (source ``llm``) are left as they are; ``toolgraph weights run`` re-mines everything (and asks a
    configured LLM). Returns removed / written counts."""
    params = params or ResourceParams(use_llm=False)
    changed = sorted(set(tool_ids))
    if not changed:
        return {"tools": 0, "removed": 0, "written": 0, "observed": 0}
    if params.scope == "all":
        rows = tx.run("job_tool_features")
    else:  # producers are looked for in a tool's group or category: the categories' tools are all it takes
        own = sorted({r["category"] for r in tx.run("tool_cards", ids=changed) if r.get("category")})
        rows = tx.run("job_tool_features_in_categories", categories=own)
    tools = [Tool.from_row(r) for r in rows]
    by_id = {t.id: t for t in tools}
    found, _ = find_candidates(tools, params)
    mine = {c.source for c in found} & set(changed)
    into = {(c.target, c.resource) for c in found if c.source in mine}
    kept = [c for c in found if c.source in changed or (c.target, c.resource) in into]
    taken = _taken(tx.run, kept)
    judged = {(r["source"], r["target"], r["props"].get("resource") or "")
              for r in tx.run("fetch_dependencies", pairs=[{"source": c.source, "target": c.target} for c in kept])
              if r["props"].get("source") == "llm"}
    removed = sum(int(r["n"]) for r in tx.run("job_clear_mined_resources_from", ids=changed, sources=["rules"]))
    removed += sum(int(r["n"]) for r in tx.run("job_clear_mined_resources_into", sources=["rules"],
                                               rows=[{"target": t, "resource": res} for t, res in sorted(into)]))
    rows_by_type = _edge_rows([c for c in kept if (c.source, c.target, c.resource) not in judged], taken, by_id,
                              "rules")
    written = sum(int(r.get("n", 0)) for t, part in rows_by_type.items() if part for r in tx.run(MERGE[t], rows=part))
    observed = sum(1 for part in rows_by_type.values() for r in part if r["props"]["evidence"] == "observed")
    return {"tools": len(changed), "removed": removed, "written": written, "observed": observed}
