"""A value once redacted is redacted wherever else it occurs in the same text.

A rule that recognises a secret by its key ("MYSQL_ROOT_PASSWORD: V") cannot see the
same value where nothing names it ("mysqladmin ping -pV" in the healthcheck below it,
"V" quoted again in a later sentence). The engine records what each replacement
removed (:func:`removed_value`) and replaces the other occurrences
(:func:`redact_repeats`) — written the same way or another way: typed full-width with a
Chinese IME, base64-encoded (a Kubernetes Secret's ``data``, "base64 -d 一下"), or
URL-encoded (a connection URI).
"""

from __future__ import annotations

import base64
from urllib.parse import quote, quote_plus

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import MARKER_PREFIX, MARKER_RE
from autopatch_memory.privacy.values import plausible_in_prose


def removed_value(original: str, replacement: str) -> tuple[str, str] | None:
    """The text a replacement removed and the marker that took its place, when the
    replacement is ``original`` with one span replaced by one marker; else ``None``."""
    limit = min(len(original), len(replacement))
    head = 0
    while head < limit and original[head] == replacement[head]:
        head += 1
    tail = 0
    while tail < limit - head and original[-1 - tail] == replacement[-1 - tail]:
        tail += 1
    put = replacement[head : len(replacement) - tail]
    if not MARKER_RE.fullmatch(put):
        return None  # a table's cells, a value that began like a marker: not recorded
    return original[head : len(original) - tail], put


def _repeatable(value: str) -> bool:
    """Long and credential-like enough that another occurrence is the same secret, not a
    common word that happened to be the value ("nacos", "admin")."""
    return (
        len(value) >= limits.SECRET_REPEAT_MIN_CHARS
        and MARKER_PREFIX not in value
        and "REDACTED" not in value
        and not value.isspace()
        and plausible_in_prose(value, min_chars=limits.SECRET_REPEAT_MIN_CHARS)
    )


def redact_repeats(text: str, removed: list[tuple[str, str]]) -> str:
    """``text`` with every further occurrence of a value in ``removed`` replaced by its
    marker (longest values first, so a value that holds another goes whole)."""
    seen: dict[str, str] = {}
    for value, put in removed:
        if value not in seen and _repeatable(value):
            seen[value] = put
        if len(seen) >= limits.SECRET_REPEAT_MAX_VALUES:
            break
    for value in sorted(seen, key=len, reverse=True):
        for spelling in spellings(value):
            if spelling in text:
                text = _replace_between_markers(text, spelling, seen[value])
    return text


# Full-width forms of the printable ASCII characters are at a fixed distance from them.
_FULL_WIDTH = {code: code + 0xFEE0 for code in range(0x21, 0x7F)}


_BASE64_RE = lazy_compile(r"[A-Za-z0-9+/]{12,}={0,2}")
_PRINTABLE_RE = lazy_compile(r"[\x21-\x7e]{8,}")


def _decoded(value: str) -> str | None:
    """What a value in base64 says, when it says a printable secret ("a8Qx…" of a
    Kubernetes Secret's ``data``, "decoded it's …" written beside it)."""
    if not _BASE64_RE.fullmatch(value) or len(value) % 4:
        return None
    try:
        text = base64.b64decode(value, validate=True).decode("ascii")
    except (ValueError, UnicodeDecodeError):
        return None
    return text if _PRINTABLE_RE.fullmatch(text) else None


def spellings(value: str) -> list[str]:
    """``value`` as it is written, and the other ways a text may hold the same secret: its
    full-width form, its base64 (standard and URL-safe, padded or not), its URL encoding,
    and what it says when it is itself base64; each once, the value itself first."""
    raw = value.encode("utf-8")
    standard = base64.b64encode(raw).decode("ascii")
    url_safe = base64.urlsafe_b64encode(raw).decode("ascii")
    forms = [
        value,
        value.translate(_FULL_WIDTH),
        standard,
        standard.rstrip("="),
        url_safe.rstrip("="),
        quote(value, safe=""),
        quote_plus(value, safe=""),
    ]
    decoded = _decoded(value)
    if decoded is not None:
        forms.append(decoded)
    return list(dict.fromkeys(forms))


def _replace_between_markers(text: str, value: str, put: str) -> str:
    """``text`` with ``value`` replaced by ``put`` outside the markers already in it: a
    value that is also a word of a marker's kind ('secret_value') must not nest a
    marker inside another."""
    parts = MARKER_RE.split(text)
    markers = [*MARKER_RE.findall(text), ""]
    return "".join(
        part.replace(value, put) + marker for part, marker in zip(parts, markers, strict=True)
    )
