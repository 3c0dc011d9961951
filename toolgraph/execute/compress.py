"""Response compression (thesis 4.3.3.4) and the answer without an LLM.

Rules: a response that fits the limit (1,024 characters of JSON by default) is kept whole; otherwise it is cut in
steps until it fits: lists shortened, long strings cut, then only the fields that matter kept: the fields named by
downstream tools' inputs, the ``id``/``name``/``title`` labels, and fields whose name is a word of the request
(``cast``, ``crew``). The last resort cuts the JSON text itself. With an LLM, the model names the fields to keep
and the same rules apply around them."""

from __future__ import annotations

import json
from typing import Any

from toolgraph.text.words import WORD

LABEL_KEYS = ("id", "name", "title", "original_title", "character", "job", "department", "release_date",
              "known_for_department")
# (longest list, longest string, keep only important fields, deepest level)
STEPS = [(10, 400, False, 6), (5, 200, False, 4), (5, 120, True, 4), (3, 80, True, 3), (2, 60, True, 3),
         (1, 40, True, 2)]


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def important_keys(keep: set[str], request: str) -> tuple[set[str], set[str]]:
    """(exact keys to keep, request words a key may contain)."""
    words = {w for w in WORD.findall(request.lower()) if len(w) > 2}
    return {k.lower() for k in keep} | set(LABEL_KEYS), words


def _important(key: str, keys: set[str], words: set[str]) -> bool:
    k = key.lower()
    return k in keys or any(w == part for part in k.split("_") for w in words)


def _prune(value: Any, step: tuple[int, int, bool, int], keys: set[str], words: set[str], depth: int = 0) -> Any:
    max_list, max_str, only_important, max_depth = step
    if isinstance(value, str):
        return value if len(value) <= max_str else value[:max_str] + "…"
    if depth >= max_depth and isinstance(value, dict | list):
        return None
    if isinstance(value, list):
        return [_prune(v, step, keys, words, depth + 1) for v in value[:max_list]]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if v is None or v == "" or v == [] or v == {}:
                continue
            if only_important and not _important(str(k), keys, words):
                continue
            pruned = _prune(v, step, keys, words, depth + 1)
            if pruned is not None:
                out[k] = pruned
        return out
    return value


def compress(value: Any, *, keep: set[str] | None = None, request: str = "", limit: int = 1024) -> Any:
    """``value`` cut until its JSON is at most ``limit`` characters (see the module's rules)."""
    if len(dumps(value)) <= limit:
        return value
    keys, words = important_keys(keep or set(), request)
    for step in STEPS:
        pruned = _prune(value, step, keys, words)
        if pruned not in (None, {}, []) and len(dumps(pruned)) <= limit:
            return pruned
    return dumps(value)[: max(0, limit - 1)] + "…"


def field_names(value: Any, limit: int = 200) -> list[str]:
    """The distinct keys of a JSON value, breadth first (what an LLM may pick from)."""
    names: list[str] = []
    queue = [value]
    while queue and len(names) < limit:
        v = queue.pop(0)
        if isinstance(v, dict):
            names += [str(k) for k in v if str(k) not in names]
            queue += list(v.values())
        elif isinstance(v, list):
            queue += v[:3]
    return names[:limit]


def llm_fields(llm: Any, request: str, tool: str, value: Any, keep: set[str]) -> set[str]:
    """The fields of a response the model says the request and the next tools need (only names that exist)."""
    from pydantic import BaseModel

    class Picked(BaseModel):
        fields: list[str]

    names = field_names(value)
    messages = [{"role": "system", "content": "Pick the response fields needed to answer the request or to call "
                                              'the next tools. Answer with JSON only: {"fields": ["..."]}'},
                {"role": "user", "content": f"Request: {request}\nTool: {tool}\nNext tools need: "
                                            f"{', '.join(sorted(keep)) or 'nothing'}\nFields: {', '.join(names)}"}]

    def check(answer: Picked) -> str | None:
        wrong = [f for f in answer.fields if f not in names]
        return f"no such field(s): {', '.join(wrong[:10])}" if wrong else None

    return set(llm.complete_json(messages, Picked, check=check).fields)


def kept_share(raw: Any, compressed: Any, needed: set[str]) -> float | None:
    """The share of ``needed`` field names present in ``raw`` that ``compressed`` still holds (None: none there)."""
    present = {k for k in needed if f'"{k}":' in dumps(raw)}
    if not present:
        return None
    text = dumps(compressed)
    return sum(1 for k in present if f'"{k}":' in text or f'\\"{k}\\":' in text) / len(present)


# -- the answer without an LLM ------------------------------------------------------------------------------------
def record_label(item: dict[str, Any]) -> str | None:
    for k in ("name", "title", "original_title", "label"):
        if isinstance(item.get(k), str | int | float):
            return str(item[k])
    return None


def render(value: Any, *, items: int = 8, indent: str = "  ") -> list[str]:
    """Readable lines for a (compressed) value: scalars as ``key: value``, lists of records by their labels with
    a few short details in brackets."""
    lines: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(v, dict | list):
                sub = render(v, items=items, indent=indent)
                if sub:
                    lines.append(f"{k}:")
                    lines += [indent + s for s in sub]
            elif v not in (None, ""):
                lines.append(f"{k}: {v}")
    elif isinstance(value, list):
        for v in value[:items]:
            if isinstance(v, dict):
                label = record_label(v)
                extra = [f"{k}: {x}" for k, x in v.items() if isinstance(x, str | int | float)
                         and str(x) != label and k not in ("id", "name", "title") and len(str(x)) < 60][:2]
                lines.append((label or dumps(v)[:80]) + (f" ({'; '.join(extra)})" if extra else ""))
            else:
                lines.append(str(v)[:200])
        if len(value) > items:
            lines.append(f"… {len(value) - items} more")
    elif value not in (None, ""):
        lines.append(str(value)[:500])
    return lines
