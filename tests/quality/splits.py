"""The splits of the evaluation set, by the name the docs' tables use (docs/quality.md).

Every file of ``tests/data/conversations/`` is a split (``heldout_b.jsonl`` is "held-out B");
a split named ``sealed*`` is in ``SEALED``: measured and reported in aggregate, held to no bar.
"""

from __future__ import annotations

from corpora import conversations, display_name, is_sealed, splits
from gold import Conversation

SPLITS: dict[str, tuple[Conversation, ...]] = {
    display_name(split): conversations(split) for split in splits("conversations")
}
SEALED: frozenset[str] = frozenset(
    display_name(split) for split in splits("conversations") if is_sealed(split)
)
