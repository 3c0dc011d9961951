"""The ``toolgraph`` command line, the composition root: settings are read here and the store, embedder and LLM
are built here and handed to the library. Every command that prints results takes ``--json``.

``base`` holds the group, the context and the output helpers; each other module registers one command group
(``commands`` imports them all). ``main`` is loaded on first use, so that ``python -m toolgraph.cli search ...``
can hand the command to the resident runtime (``forward``, ``runtime``) before click and the commands are imported.
"""

from __future__ import annotations

from typing import Any

__all__ = ["main"]


def __getattr__(name: str) -> Any:
    if name == "main":
        from toolgraph.cli.commands import main

        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
