"""Task decomposition: the user's request becomes subtasks ``{id, description, category, context}``, a DAG.

With an LLM: the thesis's prompt (steps with the ids of the steps whose results they need, a category taken from
the graph's categories), validated, with the exact error sent back on a cycle, a dangling reference or an unknown
category. Without one: the request is split at sentence and "then"-style boundaries, and a part that refers back
("it", "them", "the result"...) depends on the part before it.
"""

from __future__ import annotations

import json
import re
from typing import Any

from toolgraph.errors import ToolGraphError
from toolgraph.llm import ChatModel
from toolgraph.planner.models import Decomposition, Subtask
from toolgraph.text.lexicon import asks_for_change
from toolgraph.text.reading import read

SPLIT = re.compile(r"(?:[.;!?]\s+|,?\s+and then\s+|,?\s+then\s+|,\s*after that,?\s+|,?\s+finally,?\s+|\n+)",
                   re.IGNORECASE)
BACK_REFERENCE = re.compile(r"\b(it|its|them|their|they|that|those|this|these|the result|the results|the output|"
                            r"the same|there|he|she|him|her|his|hers)\b", re.IGNORECASE)
MIN_WORDS = 3
STATEMENT = re.compile(r"^(?:i|i'm|i've|i'd|we|we're|we've|my|our|there|this|these|it|it's|here)\b", re.IGNORECASE)
REQUEST = re.compile(r"\b(?:please|could|can|would|will|want|wish|need|like|help|assist|give|tell|show|find|get|"
                     r"make|create|generate|convert|list|recommend|translate|summari[sz]e|what|who|which|when|where|"
                     r"how|why)\b", re.IGNORECASE)
# ", and what's their email?": a second question joined to the first, which the first's chain may not answer
AND_ASK = re.compile(r",\s+and\s+(?=(?:what|what's|who|who's|whom|whose|when|where|which|how|is|are|does|do|did|can|"
                     r"will|tell|give|show|list|find)\b)|"  # ", and what ...", or without the comma a question:
                     r"(?<=\w)\s+and\s+(?=(?:what's|who's|where's|when's|(?:what|who|when|where|how)\s+"
                     r"(?:is|are|was|were|does|do|did|will|can|should)\b))", re.IGNORECASE)  # "... and what's their"
LEAD = re.compile(r"^(?:and|also|then|next|afterwards|finally|so)\b[,\s]*", re.IGNORECASE)

DECOMPOSE_PROMPT = """Decompose the user's request and plan its steps in a structured way.
1. Break the request down into subtasks, step by step; a simple request is one subtask. Each subtask is one thing a
   tool (or a short chain of tools) can do; keep the user's concrete values (names, ids, files) in its description.
2. If a subtask needs the result of another, list that subtask's id in its "context" (e.g. [1] for step 1's result).
   Subtasks with no shared context can run in parallel.
3. Give each subtask a "category" from this list, or null if none fits: {categories}
4. Answer with JSON only: {{"subtasks": [{{"id": 1, "description": "...", "category": "...", "context": []}}, ...]}}

Example request: What is the most popular travel destination in Europe? And what's the weather like there?
Example answer: {{"subtasks": [
 {{"id": 1, "description": "Identify the most popular travel destination in Europe.", "category": "travel",
   "context": []}},
 {{"id": 2, "description": "Fetch the current weather for the identified destination.", "category": "weather",
   "context": [1]}}]}}"""


def dag_problem(subtasks: list[Subtask], categories: set[str] | None = None) -> str | None:
    """What makes the subtasks not a DAG (or names an unknown category), or None."""
    ids = [s.id for s in subtasks]
    if len(set(ids)) != len(ids):
        return f"subtask ids must be unique, got {ids}"
    known = set(ids)
    for s in subtasks:
        dangling = [c for c in s.context if c not in known]
        if dangling:
            return f"subtask {s.id}'s context names subtasks that do not exist: {dangling}"
        if s.id in s.context:
            return f"subtask {s.id} depends on itself"
        if categories is not None and s.category is not None and s.category not in categories:
            return (f"subtask {s.id}'s category {s.category!r} is not one of the graph's categories; use one of the "
                    f"list or null")
    try:
        topological(subtasks)
    except ToolGraphError as exc:
        return str(exc)
    return None


def topological(subtasks: list[Subtask]) -> list[Subtask]:
    """The subtasks, each after the ones in its context (ties by id); a cycle is an error."""
    by_id = {s.id: s for s in subtasks}
    done: list[Subtask] = []
    placed: set[int] = set()
    while len(done) < len(subtasks):
        ready = sorted(s.id for s in subtasks if s.id not in placed and all(c in placed for c in s.context))
        if not ready:
            cycle = sorted(s.id for s in subtasks if s.id not in placed)
            raise ToolGraphError(f"the subtasks' context references form a cycle among subtasks {cycle}")
        for i in ready:
            placed.add(i)
            done.append(by_id[i])
    return done


def _parts(query: str) -> list[str]:
    """The request split at sentence ends and "then"-style boundaries, each part without its leading "and", "also"..."""
    parts = [LEAD.sub("", p.strip(" ,.;")) for p in SPLIT.split(query.strip()) if p and p.strip(" ,.;")]
    return [p for p in parts if p]


def decompose_rules(query: str) -> list[Subtask]:
    """The graph-only decomposition (deterministic)."""
    parts = _parts(query)
    merged: list[str] = []
    for part in parts:  # a fragment too short to be a task joins the part before it
        if merged and len(part.split()) < MIN_WORDS:
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    joined: list[str] = []
    for part in merged:  # a statement ("I have a photo 'a.jpg'") is context for the request after it
        if joined and STATEMENT.match(joined[-1]) and not REQUEST.search(joined[-1]):
            joined[-1] = f"{joined[-1]}: {part}"
        elif joined and asks_of_the_last(part):  # "does BR-120 have sesame in it? And what do you charge for a
            joined[-1] = f"{joined[-1]}, and {part}"  # case?": a question of the same thing (a second question)
        elif joined and remark(part, query):  # "... in march 2027? planning a trip up it": context, no task
            joined[-1] = f"{joined[-1]} ({part})"
        else:
            joined.append(part)
    if len(joined) > 1 and STATEMENT.match(joined[-1]) and not REQUEST.search(joined[-1]):
        joined[-2:] = [f"{joined[-2]} ({joined[-1]})"]
    merged = joined
    if not merged:
        raise ToolGraphError("the request is empty")
    subtasks = []
    for i, text in enumerate(merged, start=1):
        context = [i - 1] if i > 1 and BACK_REFERENCE.search(text) else []
        subtasks.append(Subtask(id=i, description=text, category=None, context=context))
    return subtasks


_ASKING = re.compile(r"(?:what|what's|which|who|who's|whose|when|where|how|is|are|was|were|does|do|did|has|have)\b|"
                     r"(?:(?:i|we)\s+(?:need|want|would like|'d like)|"
                     r"(?:please\s+)?(?:give|tell|show|send)\s+(?:me|us))"
                     r"\s+(?:the|those|these|both)\b",  # "I need the refs and arrival dates" (not "I need their
                     # email": it refers back, and is planned after the part it refers to)
                     re.IGNORECASE)
#: what a question names by itself: a name, a quoted title, an id, an email, a date...
_OWN_VALUES = ("name", "quoted", "identifier", "noun_id", "email", "isbn", "slug", "date", "month", "place", "cue",
               "url", "phone")


#: how an order or a request to a system starts: "book ...", "please ...", "can you ...", "I need ..."
_ORDERING = re.compile(r"(?:(?:i|we)(?:\s+(?:need|want|would like|would love)|\s*['’]d (?:like|love))|"
                       r"please|kindly|can|could|would|will|let|"
                       r"make|find|search|look|show|list|give|tell|get|send|check|book|cancel|add|put|move|renew|"
                       r"create|update|delete|remove|set|change|order|reserve|"
                       r"sign|register|schedule|arrange|email|call|compare|convert|calculate|translate|summari[sz]e)\b",
                       re.IGNORECASE)


def remark(part: str, query: str) -> bool:
    """A part after the first that asks and orders nothing and names nothing of its own ("planning a trip up it",
    "I don't want to get anyone in trouble"): what the user says about the request, no task of its own."""
    at = query.find(part)
    after = query[at + len(part):].lstrip(" )\"'") if at >= 0 else ""
    return not after.startswith("?") and "?" not in part and not _QUESTION_WORD.search(part) and \
        not _ORDERING.match(part) and not asks_for_change(part) and not any(o.kind in _OWN_VALUES for o in read(part))


_QUESTION_WORD = re.compile(r"\b(?:what|what's|which|who|who's|whose|when|where|how|why)\b", re.IGNORECASE)


def remarks(query: str) -> list[str]:
    """The parts of a request that are remarks (:func:`remark`): what it names there is no thing to look up."""
    return [p for p in _parts(query)[1:] if len(p.split()) >= MIN_WORDS and remark(p, query)]


def asks_of_the_last(part: str) -> bool:
    """A question that names nothing of its own (no name, id, date or other value; no change asked): it asks
    about what the sentence before it named ("... DS-214? And how many calories is one portion?")."""
    return bool(_ASKING.match(part)) and not asks_for_change(part) and \
        not any(o.kind in _OWN_VALUES for o in read(part))


def second_question(text: str) -> str | None:
    """The question a subtask joins to its first with ", and ..." ("Who leads the apollo mobile project, and what's
    their email address?" -> "what's their email address?"), or None. The planner plans it apart only when the first
    question's chain does not answer it (toolgraph.planner.search.Planner)."""
    parts = AND_ASK.split(text.strip())
    tail = parts[-1].strip(" ,.;") if len(parts) > 1 else ""
    return tail if len(tail.split()) >= MIN_WORDS else None


def decompose_llm(model: ChatModel, query: str, categories: list[dict[str, Any]]) -> list[Subtask]:
    names = [c["name"] for c in categories]
    messages = [{"role": "system", "content": DECOMPOSE_PROMPT.format(categories=json.dumps(names))},
                {"role": "user", "content": query}]
    known = set(names)
    answer = model.complete_json(messages, Decomposition, check=lambda d: dag_problem(d.subtasks, known))
    return answer.subtasks
