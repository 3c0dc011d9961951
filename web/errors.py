"""The web errors: each is answered with an HTTP status and names the input at fault (``field``). Plain
:class:`~toolgraph.errors.ToolGraphError` subclasses (no Flask), so the page logic can raise them; the app turns
them into JSON or an error page."""

from __future__ import annotations

from typing import Any

from toolgraph.errors import ToolGraphError


class WebError(ToolGraphError):
    """An error answered with an HTTP status; ``field`` names the input at fault, where one is."""

    status = 400

    def __init__(self, message: str, field: str | None = None, *, status: int | None = None,
                 extra: dict[str, Any] | None = None, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.extra = extra or {}
        self.headers = headers or {}
        if status is not None:
            self.status = status

    def as_dict(self) -> dict[str, Any]:
        return {"error": str(self), "field": self.field, "status": self.status, **self.extra}


class ValidationFailed(WebError):
    """Input that fails validation: 400, naming the field; nothing is written."""


class LoginRequired(WebError):
    status = 401


class Forbidden(WebError):
    status = 403


class NotFound(WebError):
    status = 404


class Conflict(WebError):
    status = 409


class Unavailable(WebError):
    status = 503


class TooManyAttempts(WebError):
    """Too many wrong passwords: 429 with ``Retry-After``."""

    status = 429

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many wrong passwords: try again in {retry_after} s", "password",
                         extra={"retry_after": retry_after}, headers={"Retry-After": str(retry_after)})
