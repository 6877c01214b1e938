"""The splits of the evaluation set, by the name the docs' tables use (docs/quality.md)."""

from __future__ import annotations

from conversations_adversarial import ADVERSARIAL
from conversations_blind_a import BLIND_A
from conversations_blind_c import BLIND_C
from conversations_blind_d import BLIND_D
from conversations_blind_e import BLIND_E
from conversations_dev import DEV
from conversations_heldout import HELDOUT
from conversations_heldout_b import HELDOUT_B
from gold import Conversation

SPLITS: dict[str, tuple[Conversation, ...]] = {
    "dev": DEV,
    "held-out": HELDOUT,
    "held-out B": HELDOUT_B,
    "blind A": BLIND_A,
    "blind C": BLIND_C,
    "blind D": BLIND_D,
    "blind E": BLIND_E,
    "adversarial": ADVERSARIAL,
}
