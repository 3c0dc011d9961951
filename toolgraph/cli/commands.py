"""Every command group, registered on ``main`` (importing this module is what registers them)."""

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
    runtime_commands,
    serve,
    weights,
)
from toolgraph.cli.base import main

__all__ = ["main"]
