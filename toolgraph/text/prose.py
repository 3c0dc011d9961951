"""Descriptions as an agent should read them: docstring indentation and reStructuredText / Markdown markup gone,
whitespace collapsed; and the one-line form (first sentence, bounded) that a search hit shows."""

from __future__ import annotations

import inspect
import re

# :func:`name`, :class:`~a.b.C`, :param x: ... roles; ``code`` and `code`; **bold**, *em*
ROLE = re.compile(r":[a-z]+(?::[a-z]+)?:`~?([^`<]*?)(?:\s*<[^>]*>)?`")
FIELD = re.compile(r"^\s*:(param|parameter|arg|argument|key|keyword|type|raises?|returns?|rtype|ivar|var)\b"
                   r"\s*([^:]*):\s*", re.MULTILINE)
LITERAL = re.compile(r"``([^`]+)``|`([^`]+)`_?")
EMPHASIS = re.compile(r"\*\*([^*]+)\*\*|(?<![\w*])\*([^*\s][^*]*)\*(?!\w)")
LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"'`])")


def plain(text: str | None) -> str:
    """``text`` without docstring indentation, reST roles and fields, literals' backquotes, emphasis and Markdown
    links (their words kept), on one line with single spaces."""
    if not text:
        return ""
    out = inspect.cleandoc(text)
    out = FIELD.sub(lambda m: f"{(m.group(2).split() or [m.group(1)])[-1]}: ", out)
    out = ROLE.sub(lambda m: m.group(1).strip().rsplit(".", 1)[-1] if "." in m.group(1) else m.group(1).strip(), out)
    out = LITERAL.sub(lambda m: m.group(1) or m.group(2), out)
    out = EMPHASIS.sub(lambda m: m.group(1) or m.group(2), out)
    out = LINK.sub(r"\1", out)
    return " ".join(out.split())


def one_line(text: str | None, limit: int = 120) -> str:
    """The first sentence of :func:`plain` ``text``, at most ``limit`` characters (cut at a word, with ``…``)."""
    flat = plain(text)
    first = SENTENCE_END.split(flat, maxsplit=1)[0] if flat else ""
    if len(first) <= limit:
        return first
    cut = first[: limit - 1].rsplit(" ", 1)[0] if " " in first[: limit - 1] else first[: limit - 1]
    return cut.rstrip(",;: ") + "…"
