"""``python -m toolgraph.cli``: the same as the ``toolgraph`` command."""

from toolgraph.cli.entry import entry

entry()
