"""The splits of the evaluation set, by the name the docs' tables use (docs/quality.md).

Every file of ``tests/data/conversations/`` is a split (``heldout_b.jsonl`` is "held-out B").
A split named ``sealed*`` is in ``SEALED``: measured and reported in aggregate, held to no
bar, and read only when it is measured (``conversations_of``), so that a sealed file that
does not load fails its own measurement and nothing else.
"""

from __future__ import annotations

from corpora import conversations, display_name, is_sealed, splits
from gold import Conversation

# Every split, display name -> file stem, in report order.
NAMES: dict[str, str] = {display_name(split): split for split in splits("conversations")}
SEALED: frozenset[str] = frozenset(name for name, split in NAMES.items() if is_sealed(split))


def conversations_of(name: str) -> tuple[Conversation, ...]:
    """The conversations of the split the docs call ``name``."""
    return conversations(NAMES[name])


# The open splits, loaded.
SPLITS: dict[str, tuple[Conversation, ...]] = {
    name: conversations_of(name) for name in NAMES if name not in SEALED
}
