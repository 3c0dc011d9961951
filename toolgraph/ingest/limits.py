"""How much one input may make the importer expand, and the checks that keep it there.

Every reader rejects, naming the file (and the record and field where there is one) and the limit:

- a file larger than ``MAX_FILE_BYTES`` (a JSONL line larger than ``MAX_LINE_BYTES``), before reading it;
- nesting deeper than ``MAX_DEPTH`` (also what Python's parser cannot take: no RecursionError traceback);
- a YAML document whose aliases would expand to more than ``MAX_YAML_NODES`` nodes (a "billion laughs");
- an OpenAPI spec whose ``$ref`` expansion takes more than ``MAX_REF_NODES`` schema nodes;
- a record field above ``MAX_FIELD_BYTES`` or a record above ``MAX_RECORD_BYTES`` ("record too large");

and the writer cuts every statement's rows at ``MAX_STATEMENT_BYTES``, far below the Bolt message limit.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_LINE_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 100
MAX_YAML_NODES = 1_000_000
MAX_REF_NODES = 500_000
MAX_FIELD_BYTES = 1024 * 1024
MAX_RECORD_BYTES = 4 * 1024 * 1024
MAX_STATEMENT_BYTES = 8 * 1024 * 1024


class LimitExceeded(Exception):
    """An input goes past one of the limits; the message says which."""


def depth_exceeds(value: Any, limit: int = MAX_DEPTH) -> bool:
    """True when lists/objects nest deeper than ``limit`` (iterative: safe on any depth)."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def size_of(value: Any, limit: int) -> int:
    """About how many bytes ``value`` takes as JSON; stops counting (and returns more than ``limit``) as soon as
    it passes ``limit``, so a huge value costs no more than the limit to measure."""
    total = 0
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            total += len(node) + 3
        elif isinstance(node, dict):
            total += 2 + sum(len(str(k)) + 4 for k in node)
            stack.extend(node.values())
        elif isinstance(node, list | tuple):
            total += 2 + len(node)
            stack.extend(node)
        elif isinstance(node, float) and not math.isfinite(node):
            total += 9
        else:
            total += len(str(node)) + 1
        if total > limit:
            return total
    return total


def not_finite(value: Any, limit: int = 1_000_000) -> bool:
    """True when a NaN or an infinity is anywhere in ``value`` (looked at up to ``limit`` nodes)."""
    stack, seen = [value], 0
    while stack and seen < limit:
        node = stack.pop()
        seen += 1
        if isinstance(node, float) and not math.isfinite(node):
            return True
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list | tuple):
            stack.extend(node)
    return False


def byte_chunks(rows: Sequence[Any], size: int, max_bytes: int = MAX_STATEMENT_BYTES) -> Iterator[list[Any]]:
    """``rows`` in parts of at most ``size`` rows and about ``max_bytes`` each (a bigger row goes alone)."""
    part: list[Any] = []
    used = 0
    for row in rows:
        cost = size_of(row, max_bytes)
        if part and (len(part) >= size or used + cost > max_bytes):
            yield part
            part, used = [], 0
        part.append(row)
        used += cost
    if part:
        yield part
