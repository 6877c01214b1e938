"""Characters that look like Latin letters (Cyrillic, Greek and Armenian homoglyphs,
small capitals, full-width forms): :func:`skeleton` maps a text to what it looks like,
so that "rеview" written with a Cyrillic "е" is the label "review", and an instruction
spelled with homoglyphs is read as the words it shows.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Letters of other scripts that render like a Latin letter (lower case after casefold).
_HOMOGLYPHS = {
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "һ": "h",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ɩ": "i", "ʏ": "y",
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ϲ": "c", "ϳ": "j",
    # Latin small capitals and look-alikes NFKC leaves alone ("ɪɢɴᴏʀᴇ"), Armenian letters.
    "ᴀ": "a", "ʙ": "b", "ᴄ": "c", "ᴅ": "d", "ᴇ": "e", "ғ": "f", "ɢ": "g", "ʜ": "h", "ɪ": "i",
    "ᴊ": "j", "ᴋ": "k", "ʟ": "l", "ᴍ": "m", "ɴ": "n", "ᴏ": "o", "ᴘ": "p", "ʀ": "r", "ꜱ": "s",
    "ᴛ": "t", "ᴜ": "u", "ᴠ": "v", "ᴡ": "w", "ᴢ": "z", "ı": "i", "ɑ": "a",
    "օ": "o", "ս": "u", "ց": "g", "հ": "h", "ո": "n",
}  # fmt: skip
_TABLE = str.maketrans(_HOMOGLYPHS)
_INVISIBLE_CATEGORIES = ("Cf", "Mn")
# Characters none of which is a control, invisible or combining one (printable ASCII,
# CJK ideographs and punctuation, dashes and quotes; ``tests/text`` checks each range):
# a text made of them only is kept as it is, without a look at each character.
PLAIN_RANGES = (
    (0x20, 0x7E),
    (0x2010, 0x2027),
    (0x3000, 0x3029),
    (0x3030, 0x303F),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
)
_NOT_PLAIN = "[^" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in PLAIN_RANGES) + "]"


@lru_cache(maxsize=1)
def _not_plain() -> re.Pattern[str]:
    return re.compile(_NOT_PLAIN)  # on first use, never on import


@lru_cache(maxsize=4096)
def skeleton(text: str) -> str:
    """``text`` as it looks: NFKC, case-folded, homoglyphs as the Latin letters they
    imitate, invisible characters and combining marks dropped, control characters as
    spaces."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text)).casefold()
    if _not_plain().search(folded) is None:
        return unicodedata.normalize("NFKC", folded).translate(_TABLE)
    # Invisible characters go; a control character (a line break, a tab) still parts words.
    kept = "".join(
        " " if unicodedata.category(ch) == "Cc" else ch
        for ch in folded
        if unicodedata.category(ch) not in _INVISIBLE_CATEGORIES
    )
    return unicodedata.normalize("NFKC", kept).translate(_TABLE)
