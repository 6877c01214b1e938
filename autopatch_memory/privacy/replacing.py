"""How a rule's match is replaced: the whole of it, or the one group that holds the
value, when that value is judged a secret.

Most rules end with one of these replacers; they keep what surrounds the value (its
key, its quotes, the punctuation that ends a sentence).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from autopatch_memory import limits
from autopatch_memory.privacy.markers import MARKER_PREFIX, SecretKind, marker
from autopatch_memory.privacy.values import not_a_value, plausible_in_prose

Replacer = Callable[["re.Match[str]"], str]


def requote(value: str, replacement: str) -> str:
    """Replace a possibly quoted value, keeping its quotes and the punctuation that ends
    a sentence ("password=hunter2." keeps the full stop; "Sup3r!" loses its "!", which
    is more often part of a password than an exclamation)."""
    if len(value) >= 2 and value[0] in "\"'`“" and value[-1] in "\"'`”":
        return value[0] + replacement + value[-1]
    stripped = value.rstrip(".,:;…")
    return replacement + value[len(stripped) :]


def replace_whole(kind: SecretKind) -> Replacer:
    return lambda _m: marker(kind)


def replace_span(m: re.Match[str], group: str, replacement: str) -> str:
    """The whole match with ``group`` replaced by ``replacement``."""
    start, end = m.span(group)
    whole, offset = m.group(0), m.start()
    return whole[: start - offset] + replacement + whole[end - offset :]


def replace_spans(text: str, spans: Iterable[tuple[int, int]], replacement: str) -> str:
    """``text`` with each of ``spans`` (start, end: in order, not overlapping) replaced by
    ``replacement``: the values a rule found inside one group of its match."""
    out: list[str] = []
    cursor = 0
    for start, end in spans:
        out += (text[cursor:start], replacement)
        cursor = end
    out.append(text[cursor:])
    return "".join(out)


def replace_lines(
    m: re.Match[str], group: str, kind: SecretKind, is_secret: Callable[[str], bool]
) -> str:
    """The whole match with each line of ``group`` that ``is_secret`` (given the line
    without its indentation) replaced by a marker, its indentation kept: a secret written
    over several lines (a YAML block scalar, a key file printed whole)."""
    lines = m.group(group).split("\n")
    kept = [
        line[: len(line) - len(line.lstrip())] + marker(kind) if is_secret(line.strip()) else line
        for line in lines
    ]
    return replace_span(m, group, "\n".join(kept))


def value_group(kind: SecretKind, *, check: Callable[[str], bool] | None = None) -> Replacer:
    """Replace group ``value`` (keeping everything around it) when it is a secret."""

    def replace(m: re.Match[str]) -> str:
        # A pattern may hold its value in a second group, "quoted", for another form.
        group = "value" if m.group("value") is not None else "quoted"
        value = m.group(group)
        if value.startswith(MARKER_PREFIX) or not_a_value(value):
            return m.group(0)
        if check is not None and not check(value):
            return m.group(0)
        return replace_span(m, group, requote(value, marker(kind)))

    return replace


# The replacer most rules end with, built once (it runs on every recorded turn).
replace_password = value_group(SecretKind.PASSWORD)


def replace_plausible(m: re.Match[str]) -> str:
    """Replace group ``value`` when it looks like a credential (a sentence said it)."""
    if not plausible_in_prose(m.group("value"), min_chars=limits.SECRET_MIN_CHARS_IN_PROSE):
        return m.group(0)
    return replace_password(m)
