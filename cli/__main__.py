"""``python -m autopatch_memory_cli``: the same as the ``autopatch-memory`` console script."""

from __future__ import annotations

from .app import main

if __name__ == "__main__":
    main()
