"""BFCL multi-turn turns as a client sends them to ``toolgraph proxy``: every function of the eight BFCL v3 API
classes (128 OpenAI tools, no output schema), the conversation so far (earlier user turns, the gold calls of earlier
turns as the assistant's tool calls), and the functions the turn's gold answer calls.

The data is the Berkeley Function Calling Leaderboard's ``multi_turn_base`` set (Apache-2.0), read from the
``bfcl-eval`` package's data folder: ``pip install --no-deps bfcl-eval`` (into any environment; ``--bfcl DIR`` names
the folder), or the folder of the unpacked wheel. Nothing of it is copied into this repository.
"""

from __future__ import annotations

import ast
import importlib.util
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# The eight API classes of BFCL v3's multi-turn sets (the memory and web-search classes came with v4's agentic sets).
CLASSES = ["gorilla_file_system", "math_api", "message_api", "posting_api", "ticket_api", "trading_bot",
           "travel_booking", "vehicle_control"]


@dataclass
class Turn:
    conversation: str  # BFCL entry id
    index: int  # the turn's position in its conversation
    messages: list[dict[str, Any]]
    gold: set[str]  # function names the turn's gold answer calls


def data_dir(given: str | None = None) -> Path:
    """The ``bfcl_eval/data`` folder: ``given``, else the installed ``bfcl_eval`` package's."""
    if given:
        path = Path(given)
        return path / "bfcl_eval" / "data" if (path / "bfcl_eval" / "data").is_dir() else path
    spec = importlib.util.find_spec("bfcl_eval")
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("the BFCL data is not installed: `pip install --no-deps bfcl-eval`, or --bfcl DIR "
                         "(the unpacked wheel or its bfcl_eval/data folder)")
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def _schema(node: Any) -> Any:
    """BFCL's schema dialect (``dict``, ``float``, ``tuple``, ``any``) as JSON schema, the way its OpenAI handler
    renders it."""
    if isinstance(node, dict):
        out = {k: _schema(v) for k, v in node.items()}
        kind = out.get("type")
        if kind == "dict":
            out["type"] = "object"
        elif kind == "float":
            out["type"] = "number"
        elif kind == "tuple":
            out["type"] = "array"
        elif kind == "any":
            out.pop("type")
        return out
    if isinstance(node, list):
        return [_schema(v) for v in node]
    return node


def functions(data: Path) -> list[dict[str, Any]]:
    """Every function of the eight classes as an OpenAI tool (the ``response`` schema dropped: clients send none)."""
    out = []
    for name in CLASSES:
        for line in (data / "multi_turn_func_doc" / f"{name}.json").read_text().splitlines():
            if line.strip():
                doc = json.loads(line)
                out.append({"type": "function", "function": {"name": doc["name"], "description": doc["description"],
                                                             "parameters": _schema(doc["parameters"])}})
    return out


def _calls(answer: list[str]) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for text in answer:
        try:
            call = ast.parse(text.strip(), mode="eval").body
        except SyntaxError:
            continue
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name):
            args = {}
            for kw in call.keywords:
                try:
                    args[kw.arg or "_"] = ast.literal_eval(kw.value)
                except ValueError:
                    args[kw.arg or "_"] = ast.unparse(kw.value)
            out.append((call.func.id, args))
    return out


def turns(data: Path) -> list[Turn]:
    """Every turn of ``multi_turn_base`` whose gold answer calls a function, with the conversation before it."""
    questions = [json.loads(x) for x in (data / "BFCL_v4_multi_turn_base.json").read_text().splitlines() if x]
    answers = {a["id"]: a["ground_truth"] for a in
               map(json.loads, (data / "possible_answer" / "BFCL_v4_multi_turn_base.json").read_text().splitlines())}
    out = []
    for q in questions:
        messages: list[dict[str, Any]] = []
        for i, (said, gold) in enumerate(zip(q["question"], answers[q["id"]], strict=False)):
            messages.extend({"role": m["role"], "content": m["content"]} for m in said)
            calls = _calls(gold)
            if calls:
                out.append(Turn(q["id"], i, [dict(m) for m in messages], {name for name, _ in calls}))
            for j, (name, args) in enumerate(calls):  # the turn's calls and their results, as the model made them
                cid = f"call_{i}_{j}"
                messages.append({"role": "assistant", "content": None, "tool_calls": [
                    {"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}]})
                messages.append({"role": "tool", "tool_call_id": cid, "content": "ok"})
            messages.append({"role": "assistant", "content": "Done."})
    return out


def split(all_turns: list[Turn]) -> tuple[list[Turn], list[Turn]]:
    """(tuning, held-out): by conversation, even-numbered BFCL entries to tune on, odd-numbered held out."""
    tune = [t for t in all_turns if int(t.conversation.rsplit("_", 1)[1]) % 2 == 0]
    held = [t for t in all_turns if int(t.conversation.rsplit("_", 1)[1]) % 2 == 1]
    return tune, held
