"""Keeping secrets out of what is stored, printed or logged.

- :class:`Masker`: every configured secret value (a group's header values, an MCP server's environment values)
  replaced by ``***`` wherever it appears in a text or a parsed response (a service that echoes a key back);
- :func:`redact_url` and :func:`redact_args`: a URL's password and secret-named query parameters, and the values of
  secret-named command-line options, replaced by ``***`` before they are stored or echoed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

MASK = "***"
SECRET_WORDS = ("key", "token", "secret", "password", "passwd", "pwd", "auth", "credential", "signature", "cookie",
                "bearer")
NOT_SECRET = ("author", "keyword", "keyboard", "monkey", "turkey", "donkey")
MIN_SECRET = 4  # shorter values are not masked (they would mask every "1" and "abc" of a response)
_SCHEMES = re.compile(r"(?i)^(bearer|basic|token|apikey|api-key|digest)\s+")
_PLACEHOLDER = re.compile(r"\$\{[A-Za-z_][A-Za-z0-9_]*\}")  # ${NAME}: read from the environment, not a secret


def _hidden(value: str) -> str:
    return value if _PLACEHOLDER.fullmatch(value) else MASK


def is_secret_name(name: str) -> bool:
    """Whether a parameter, option or variable name says it holds a secret (``api_key``, ``--token``...)."""
    flat = re.sub(r"[^a-z]", "", name.lower())
    for word in NOT_SECRET:
        flat = flat.replace(word, "")
    return any(word in flat for word in SECRET_WORDS)


def secret_parts(value: str) -> set[str]:
    """A configured secret and what a service may echo of it: the whole value and, for ``Bearer xyz``, ``xyz``."""
    value = value.strip()
    parts = {value}
    bare = _SCHEMES.sub("", value).strip()
    parts.add(bare)
    return {p for p in parts if len(p) >= MIN_SECRET}


class Masker:
    """Replaces every secret value given (and the credential part of ``Bearer xyz``) with ``***``."""

    def __init__(self, values: Iterable[str] = ()) -> None:
        parts: set[str] = set()
        for value in values:
            if isinstance(value, str):
                parts |= secret_parts(value)
        self.parts = sorted(parts, key=len, reverse=True)  # the longest first: "Bearer xyz" before "xyz"
        self._pattern = re.compile("|".join(re.escape(p) for p in self.parts)) if self.parts else None

    def __bool__(self) -> bool:
        return self._pattern is not None

    def text(self, text: str) -> str:
        return self._pattern.sub(MASK, text) if self._pattern is not None and text else text

    def value(self, value: Any) -> Any:
        """A parsed value with every secret masked in its strings (keys too); other values as they are."""
        if self._pattern is None:
            return value
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, dict):
            return {(self.text(k) if isinstance(k, str) else k): self.value(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.value(v) for v in value]
        return value


def redact_url(url: str) -> str:
    """The URL with its user name and password and the values of secret-named query parameters masked."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return MASK if "@" in url else url
    netloc = parts.netloc
    if parts.username is not None or parts.password is not None:
        host = parts.hostname or ""
        netloc = f"{MASK}@{host}" + (f":{port}" if port else "")
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        if any(is_secret_name(k) for k, _ in pairs):
            query = urlencode([(k, _hidden(v) if is_secret_name(k) else v) for k, v in pairs], safe="*${}")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def redact_args(args: Iterable[str]) -> tuple[list[str], bool]:
    """A command line with the values of secret-named options masked (``--token X``, ``--api-key=X``,
    ``API_KEY=X``) and URLs in it redacted; and whether anything was masked."""
    out: list[str] = []
    changed = False
    hide_next = False
    for arg in args:
        new = arg
        if hide_next and not arg.startswith("-"):
            new = _hidden(arg)
        elif "=" in arg and is_secret_name(arg.split("=", 1)[0]):
            new = arg.split("=", 1)[0] + "=" + _hidden(arg.split("=", 1)[1])
        elif "://" in arg:
            new = redact_url(arg)
        hide_next = arg.startswith("-") and "=" not in arg and is_secret_name(arg)
        changed = changed or new != arg
        out.append(new)
    return out, changed
