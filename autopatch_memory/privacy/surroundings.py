"""Reading the text around a match, always within a bounded window.

A rule's callback may look back for the start of a name or a key, at the rest of the
line, or whether a position sits inside a marker. Every such look is bounded: an
unbounded one would make a text of many matches cost quadratic time.
"""

from __future__ import annotations

from autopatch_memory import limits
from autopatch_memory.lang import Pattern, lazy_compile
from autopatch_memory.privacy.markers import MARKER_PREFIX


def walk_back(text: str, pos: int, chars: Pattern, limit: int) -> int:
    """Where a run of ``chars`` that ends at ``pos`` starts, looking back ``limit`` at most."""
    floor = max(0, pos - limit)
    while pos > floor and chars.match(text[pos - 1]):
        pos -= 1
    return pos


def line_before(text: str, pos: int) -> str:
    """The text before ``pos`` on its line, at most a bounded window of it (every look
    around a match is bounded, or a text of many matches would cost quadratic time)."""
    window = text[max(0, pos - limits.SECRET_CONTEXT_CHARS) : pos]
    return window[window.rfind("\n") + 1 :]


def line_after(text: str, pos: int) -> str:
    """The text after ``pos`` on its line, within the same bounded window."""
    window = text[pos : pos + limits.SECRET_CONTEXT_CHARS]
    end = window.find("\n")
    return window if end == -1 else window[:end]


def inside_marker(text: str, pos: int) -> bool:
    """``pos`` is inside a redaction marker: "[REDACTED:password]" names no key."""
    start = text.rfind(
        MARKER_PREFIX,
        max(0, pos - len(MARKER_PREFIX) - limits.REDACTION_MARKER_KIND_MAX_CHARS),
        pos,
    )
    return start != -1 and "]" not in text[start:pos]


# The head of an AWS resource name, up to its resource type ("…:123456789012:secret:")
_ARN_HEAD_RE = lazy_compile(r"(?<![\w\-])arn:aws[\w\-]{0,20}:[\w\-]{1,40}:[\w\-]{0,30}:\d{0,12}:$")


def resource_type_of_arn(text: str, pos: int) -> bool:
    """The word at ``pos`` is the resource type of an AWS resource name
    ("arn:aws:secretsmanager:…:secret:app/db"): a public name, not a key."""
    return bool(_ARN_HEAD_RE.search(text, max(0, pos - limits.SECRET_ARN_HEAD_CHARS), pos))
