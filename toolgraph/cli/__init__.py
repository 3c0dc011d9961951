"""The ``toolgraph`` command line, the composition root: settings are read here and the store, embedder and LLM
are built here and handed to the library. Every command that prints results takes ``--json``.

``base`` holds the group, the context and the output helpers; each other module registers one command group."""

from toolgraph.cli import (  # noqa: F401 - registers commands
    db,
    demo,
    evaluate,
    imports,
    imports_agents,
    info,
    integrations,
    lessons,
    plan,
    procedures,
    retrieval,
    run,
    serve,
    weights,
)
from toolgraph.cli.base import main

__all__ = ["main"]
