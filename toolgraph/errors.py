"""One root error, ``ToolGraphError``; the CLI prints its message on one line and exits non-zero."""

from __future__ import annotations


class ToolGraphError(Exception):
    """Root of every error ToolGraph raises on purpose."""

    exit_code = 1


class ConfigError(ToolGraphError):
    """A setting is missing or wrong."""


class EmbeddedServerError(ToolGraphError):
    """The embedded graph server could not be started, reached or stopped."""


class GraphStoreError(ToolGraphError):
    """A query failed in the database."""


class DatabaseUnavailableError(GraphStoreError):
    """The database cannot be reached."""


class QueryCatalogError(ToolGraphError):
    """A named Cypher file is missing or malformed."""


class ImportRejectedError(ToolGraphError):
    """Input failed validation; nothing was written. ``report`` lists every problem found."""

    exit_code = 2

    def __init__(self, message: str, report: object | None = None) -> None:
        super().__init__(message)
        self.report = report


class InputFileError(ToolGraphError):
    """A file could not be read or parsed at all."""

    exit_code = 2


class ToolCallError(ToolGraphError):
    """One tool call failed: the tool answered an error, timed out, or could not be reached.

    ``retryable`` says whether the same call may succeed if tried again (timeouts, 429, 5xx, a dead connection);
    a 4xx, a schema violation or an unknown tool is not."""

    def __init__(self, message: str, *, retryable: bool = False, status: int | None = None,
                 retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retryable = retryable
        self.status = status
        self.retry_after = retry_after  # seconds the tool asked to wait (Retry-After), if it said


class ArgumentError(ToolCallError):
    """Arguments for a tool do not match its schema; the message names the parameter and the rule."""


class NoRecordingError(ToolCallError):
    """A recorded-response tool has no recording for these arguments."""
