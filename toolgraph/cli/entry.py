"""The ``toolgraph`` script and ``python -m toolgraph.cli``: a command the resident runtime answers goes to it
(:mod:`toolgraph.cli.forward`, standard library only), every other command line runs in-process."""

from __future__ import annotations

import sys

from toolgraph.cli.forward import forward


def entry() -> None:
    code = forward(sys.argv[1:])
    if code is not None:
        sys.exit(code)
    from toolgraph.cli.commands import main

    main()
