"""The one language kernel every family of rules stands on (docs/architecture.md).

Folding text for comparison (:mod:`.fold`), the CJK character class (:mod:`.chars`),
turning phrase lists into patterns (:mod:`.phrases`), a pattern compiled at its first
use (:mod:`.lazy_pattern`), and the named rule with its
examples and the ordered registry of a family (:mod:`.rules`). Nothing here knows
what a secret, a rule of the user or an intent is: the families do.
"""

from __future__ import annotations

from autopatch_memory.lang.chars import (
    CJK_CLASS,
    CJK_RE,
    CJK_RUN_RE,
    cjk_count,
    is_ascii_word,
    is_cjk_char,
)
from autopatch_memory.lang.fold import fold, fold_compatible, fold_identity, same_text
from autopatch_memory.lang.lazy_pattern import LazyPattern, Pattern, lazy_compile
from autopatch_memory.lang.phrases import any_of, phrase_alternation, phrase_pattern, phrase_pieces
from autopatch_memory.lang.rules import FunctionRule, PatternRule, Registry, Rule, all_registries

__all__ = [
    "CJK_CLASS",
    "CJK_RE",
    "CJK_RUN_RE",
    "FunctionRule",
    "LazyPattern",
    "Pattern",
    "PatternRule",
    "Registry",
    "Rule",
    "all_registries",
    "any_of",
    "cjk_count",
    "fold",
    "fold_compatible",
    "fold_identity",
    "is_ascii_word",
    "is_cjk_char",
    "lazy_compile",
    "phrase_alternation",
    "phrase_pattern",
    "phrase_pieces",
    "same_text",
]
