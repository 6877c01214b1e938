"""The named redaction rule: what one pass over a text looks for, what it puts in place of
what it finds, and the examples that show it (docs/privacy.md#the-rule-catalogue).

A :class:`RedactionRule` is a :class:`~autopatch_memory.lang.Rule` that also carries a
pattern and a replacer: the pattern finds candidates, the replacer says what each
becomes (the match unchanged when it declines). ``rule.fires(text)`` is "this rule, run
alone, would redact something in ``text``". Every family module declares its rules; the
engine runs them in the order of one registry.

Rules match a folded view of the text (:func:`fold_for_matching`: full-width letters,
digits and symbols read as ASCII), of the same length, so a span found in the view is
the same span of the text, whose own characters are kept around the markers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from autopatch_memory import limits
from autopatch_memory.lang import Pattern, Rule, fold_compatible
from autopatch_memory.privacy.markers import MARKER_PREFIX, MARKER_RE
from autopatch_memory.privacy.repeats import removed_value
from autopatch_memory.privacy.replacing import Replacer

# Full-width punctuation that ends a Chinese clause: the rules read it as such (a value
# stops at it), so it is not folded to its ASCII form; nor is "…", which NFKC expands.
_KEPT_AS_TYPED = frozenset("，：；（）！？…")


# …unless it stands between two full-width letters or digits: then it is a character of a
# value typed in full width ("ｋ！ＬｙｌｂＮＮＫＷ２").
_INSIDE_FULL_WIDTH_RE = re.compile(r"(?<=[Ａ-Ｚａ-ｚ０-９])[，：；（）！？](?=[Ａ-Ｚａ-ｚ０-９])")


def fold_for_matching(text: str) -> str:
    """``text`` as the rules read it: each character NFKC maps to one other character
    folded (``ｐａｓｓｗｏｒｄ＝Ｋｑ９`` reads ``password=Kq9``), the clause punctuation of
    Chinese text kept (but inside a full-width value); offsets are those of ``text``.
    ``text`` itself when nothing folds."""
    folded = fold_compatible(text, _KEPT_AS_TYPED)
    if folded is text:
        return text
    inside = list(_INSIDE_FULL_WIDTH_RE.finditer(text))
    if not inside:
        return folded
    chars = list(folded)
    for m in inside:
        chars[m.start()] = chr(ord(m.group()) - 0xFEE0)  # the full-width block's ASCII twin
    return "".join(chars)


@dataclass(frozen=True, eq=False)
class RedactionRule(Rule):
    """A rule that redacts: ``pattern`` finds candidates, ``replace`` returns what a match
    becomes (the match itself to decline). ``keywords`` (lower case): one of them is in
    every match, and the rule is skipped on a text that holds none (a shortcut only);
    ``also``: a second such set, for a rule whose matches hold one of each."""

    pattern: Pattern = field(kw_only=True)
    replace: Replacer = field(kw_only=True)
    also: tuple[str, ...] = field(default=(), kw_only=True)

    def gated_out(self, lowered: str) -> bool:
        return super().gated_out(lowered) or (
            bool(self.also) and not any(n in lowered for n in self.also)
        )

    def apply(
        self,
        text: str,
        folded: str | None = None,
        removed: list[tuple[str, str]] | None = None,
    ) -> str:
        """One pass of this rule over ``text`` (matched in ``folded``, its
        :func:`fold_for_matching`, when given). Returns ``text`` itself when nothing was
        replaced. ``removed``: what each replacement took out, with its marker, is added to
        it (see :mod:`.repeats`)."""
        return substitute(self.pattern, self.replace, text, folded, removed)

    def fires(self, text: str) -> bool:
        folded = fold_for_matching(text)
        if self.gated_out(folded.lower()):
            return False
        return self.apply(text, folded) is not text


def substitute(
    pattern: Pattern,
    replace: Replacer,
    text: str,
    folded: str | None = None,
    removed: list[tuple[str, str]] | None = None,
) -> str:
    """``pattern.sub(replace, text)``, except that a match the replacer declines (returns
    unchanged) does not hide a match that starts inside its value: in 'the cache key
    "password": "V"', the key "key" with the value '"password"' is no secret, but
    '"password": "V"' is. The search resumes where the declined value began (past it
    when it is a marker), so each declined match reads its value once more.

    The pattern searches ``folded`` (``text`` when not given); what surrounds a marker
    in a replacement is written back with ``text``'s own characters."""
    searched = text if folded is None or folded is text else folded
    parts: list[str] = []
    pos = done = 0
    while (m := pattern.search(searched, pos)) is not None:
        replacement = replace(m)
        if replacement == m.group(0):
            pos = max(_resume_after_declined(m, searched), m.start() + 1)
            continue
        original = text[m.start() : m.end()]
        if searched is not text:
            replacement = _as_typed(replacement, m.group(0), original)
        parts += (text[done : m.start()], replacement)
        if removed is not None and (value := removed_value(original, replacement)):
            removed.append(value)
        done = m.end()
        pos = done if m.end() > m.start() else done + 1
    if not parts:
        return text
    parts.append(text[done:])
    return "".join(parts)


def _as_typed(replacement: str, matched: str, original: str) -> str:
    """``replacement`` (``matched`` with spans replaced by markers) with the characters
    around its markers taken from ``original``, the text as typed (``matched`` is its
    folded view, of the same length). As the rule wrote it when the pieces between the
    markers cannot be placed in order."""
    pieces = MARKER_RE.split(replacement)
    markers = MARKER_RE.findall(replacement)
    out: list[str] = []
    pos = 0
    for i, piece in enumerate(pieces):
        if i == 0:
            at = 0 if matched.startswith(piece) else -1
        elif i == len(pieces) - 1:
            at = len(matched) - len(piece)
            at = at if at >= pos and matched.endswith(piece) else -1
        else:
            at = matched.find(piece, pos + 1)
        if at < 0:
            return replacement
        out.append(original[at : at + len(piece)])
        pos = at + len(piece)
        if i < len(markers):
            out.append(markers[i])
    return "".join(out)


def _resume_after_declined(m: re.Match[str], text: str) -> int:
    """Where to search again after the declined match ``m``: after its keyword (at its
    value when it has none), unless the value is (or begins inside) a marker, whose text
    no rule may read."""
    start = next(
        (
            m.start(g)
            for g in ("value", "quoted")
            if g in m.re.groupindex and m.start(g) > m.start()
        ),
        -1,
    )
    if start < 0:
        return m.end()
    if m.end() - start > limits.SECRET_DECLINED_RESCAN_MAX_CHARS:
        # A long run declined whole ("password=ENC(password=ENC(…"): read again from
        # every keyword inside it, it would cost quadratic time; a secret is no such run.
        return m.end()
    reach = len(MARKER_PREFIX) + limits.REDACTION_MARKER_KIND_MAX_CHARS + 1
    for marked in MARKER_RE.finditer(text, max(0, start - reach), start + reach):
        if marked.start() <= start < marked.end():
            return m.end()
    # "the key my password is V": the declined keyword "key" took "my password" as its
    # qualifier, so the search resumes after that keyword, where another may begin.
    if "kw" in m.re.groupindex and m.start() < m.end("kw") < start:
        return m.end("kw")
    return start
