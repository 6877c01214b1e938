"""How the grammar folds a sentence before matching it.

``pattern_text`` folds a sentence for the patterns (lower case, width-folded, straight quotes,
single spaces, chat spellings spelled out); ``body_of`` is a sentence without its
trailing punctuation and emoji. Folding for comparison, the CJK class and phrase
patterns are the language kernel's (:mod:`autopatch_memory.lang`).
"""

from __future__ import annotations

import re

from autopatch_memory.prose import END_PUNCTUATION
from autopatch_memory.text import normalize

# Chat spellings of the words the patterns look for ("gimme", "whenver", "frm now on"):
# users type fast, and a rule typed fast is still a rule.
_CHAT_SPELLINGS = {
    "gimme": "give me",
    "lemme": "let me",
    "wanna": "want to",
    "plz": "please",
    "whenver": "whenever",
    "whenevr": "whenever",
    "frm": "from",
    "fron now": "from now",
    "alwys": "always",
    "nvr": "never",
}
# Words typed fast lose, swap or double one letter ("alwyas", "allways", "whenevr"): one
# slip in a long standing word still spells it. Only words no slip turns into another
# English word are listed, and slips that are words are left out ("ever" from "never").
_SLIP_TOLERANT = ("always", "whenever", "forward", "anymore", "remember", "everything")
_REAL_WORDS = frozenset({"alway", "aways", "forwad", "fraward", "member"})


def _slips(word: str) -> set[str]:
    """Every spelling of ``word`` with one letter dropped, doubled or swapped with the next."""
    found = {word[:i] + word[i + 1 :] for i in range(len(word))}
    found |= {word[:i] + word[i] + word[i:] for i in range(len(word))}
    found |= {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    return found - {word} - _REAL_WORDS


for _word in _SLIP_TOLERANT:
    for _slip in _slips(_word):
        _CHAT_SPELLINGS.setdefault(_slip, _word)
_CHAT_SPELLING = re.compile(
    r"(?<![a-z0-9_])(?:" + "|".join(map(re.escape, _CHAT_SPELLINGS)) + r")(?![a-z0-9_])"
)


def pattern_text(text: str) -> str:
    """Lower case, width-folded, straight quotes, single spaces, chat spellings spelled
    out (for pattern matching)."""
    folded = normalize(text).replace("\u201c", '"').replace("\u201d", '"')
    folded = _CHAT_SPELLING.sub(lambda m: _CHAT_SPELLINGS[m.group(0)], folded)
    return " ".join(folded.split())


_TRAILING_EMOJI = re.compile(r"[\s\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F\u200D]+$")


def body_of(sentence: str) -> str:
    return _TRAILING_EMOJI.sub("", sentence.strip()).rstrip(END_PUNCTUATION + " ")
