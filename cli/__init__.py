"""The ``autopatch-memory`` command line: chat about a Java repository with memory,
and see and govern what it remembers. Built on the :mod:`autopatch_memory` library,
which itself never imports this package, typer or anything terminal."""

from __future__ import annotations
