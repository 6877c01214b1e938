"""A secret split into pieces that a program or a file joins again: string literals
concatenated in code (``"sk_live_51Nq" +⏎ "Qa9Zk2"``, Python's adjacent literals in
brackets, ``new StringBuilder("…").append("…")``) and a ``.properties`` value continued
on the next line with a backslash.

No piece need look like a secret: the pieces are joined, the joined value is put back
where the first piece stood (``String stripeKey = "<joined>";``), and the other rules
judge that line. Every piece that falls inside what they redact is redacted. The engine
supplies the judge (the rules without this one), as it does for base64
(docs/privacy.md#the-rule-catalogue).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from autopatch_memory import limits
from autopatch_memory.lang import lazy_compile
from autopatch_memory.privacy.markers import MARKER_PREFIX, MARKER_RE, SecretKind, marker
from autopatch_memory.privacy.rule import RedactionRule
from autopatch_memory.privacy.spelling import compile_bounded
from autopatch_memory.privacy.surroundings import line_after, line_before

_PIECES = limits.SECRET_JOINED_MAX_PIECES
# A literal runs to its closing quote (an escaped quote in a split secret is too rare to
# pay for: with escapes, a run of \" would be read again from every quote, in
# quadratic time; without, each quote's read ends at the next quote).
_DOUBLE = r'"[^"\n]{0,256}"'
_SINGLE = r"'[^'\n]{0,256}'"
# Between two literals: "+" (either side of a line break), a line break or blanks alone
# (adjacent literals in brackets), or ").append(" / ".concat(".
_JOIN = (
    r"(?:[ \t]{0,8}\+[ \t]{0,8}(?:\r?\n[ \t]{0,64}(?:\+[ \t]{0,8})?)?"
    r"|[ \t]{0,8}\r?\n[ \t]{0,64}(?:\+[ \t]{0,8})?"
    r"|[ \t]{1,8}"
    r"|\)\.append\(|\.concat\("
    # a builder's or a concat's call on the next line: "…"⏎    .concat("…")
    r"|\)?[ \t]{0,8}\r?\n[ \t]{0,64}\.(?:append|concat)\()"
)
# A properties value continued on the next line: "key=abc\" then "    def". Read from
# the start of its line, so each line is tried once.
_CONTINUED = r"[^\s\\\"']{1,256}"
_JOINED_RE = compile_bounded(
    rf"(?P<literals>{_DOUBLE}(?:{_JOIN}{_DOUBLE}){{1,{_PIECES - 1}}}"
    rf"|{_SINGLE}(?:{_JOIN}{_SINGLE}){{1,{_PIECES - 1}}})"
    rf"|(?m:^)[ \t]{{0,32}}[\w.\-]{{1,128}}[ \t]{{0,8}}[=:][ \t]{{0,8}}(?P<continued>{_CONTINUED}"
    rf"(?:\\\r?\n[ \t]{{0,64}}{_CONTINUED}){{1,{_PIECES - 1}}})"
)
_LITERAL_RE = lazy_compile(rf"{_DOUBLE}|{_SINGLE}")
_CONTINUATION_RE = lazy_compile(r"\\\r?\n[ \t]*")


def _pieces(m: re.Match[str]) -> list[tuple[int, int]]:
    """Where each piece's text (without quotes) is in ``m.string``."""
    if m.group("literals") is not None:
        return [
            (lit.start() + 1, lit.end() - 1)
            for lit in _LITERAL_RE.finditer(m.string, m.start("literals"), m.end("literals"))
        ]
    spans, pos = [], m.start("continued")
    for cont in _CONTINUATION_RE.finditer(m.string, pos, m.end("continued")):
        spans.append((pos, cont.start()))
        pos = cont.end()
    spans.append((pos, m.end("continued")))
    return spans


def _worth_judging(joined: str, pieces: list[str]) -> bool:
    """A joined value that could hold a secret: long enough, no piece already redacted
    (the rule for a literal added to a marker takes those), and either no blank in it
    and a digit or a symbol, or one piece of the kind ("Bearer " + "eyQ8…"); a message or
    a query built from parts ("select … " + "where id = ?") is none."""
    if not limits.SECRET_JOINED_MIN_CHARS <= len(joined) <= limits.SECRET_JOINED_MAX_CHARS:
        return False
    if any(MARKER_PREFIX in piece for piece in pieces):
        return False
    return any(
        not any(c.isspace() for c in candidate) and any(not c.isalpha() for c in candidate)
        for candidate in (joined, *(p for p in pieces if len(p) >= limits.SECRET_JOINED_MIN_CHARS))
    )


def joined_rule(judge: Callable[[str], str]) -> RedactionRule:
    """The rule, given ``judge``: the other rules run once over a text."""

    def replace(m: re.Match[str]) -> str:
        text = m.string
        spans = _pieces(m)
        pieces = [text[a:b] for a, b in spans]
        joined = "".join(pieces)
        if not _worth_judging(joined, pieces):
            return m.group(0)
        quote = text[spans[0][0] - 1] if m.group("literals") is not None else ""
        head = line_before(text, spans[0][0] - len(quote)) + quote
        line = head + joined + quote + line_after(text, spans[-1][1] + len(quote))
        judged = judge(line)
        if judged == line or (quote + joined + quote) in judged:
            return m.group(0)
        # What the judge changed, between the parts it left as they were.
        prefix = 0
        while prefix < min(len(line), len(judged)) and line[prefix] == judged[prefix]:
            prefix += 1
        suffix = 0
        while (
            suffix < min(len(line), len(judged)) - prefix
            and line[-1 - suffix] == judged[-1 - suffix]
        ):
            suffix += 1
        changed = (prefix - len(head), len(line) - suffix - len(head))
        found = MARKER_RE.search(judged, prefix)
        put = found.group(0) if found is not None else marker(SecretKind.ASSIGNMENT)
        out: list[str] = []
        cursor, offset = m.start(), 0
        for (a, b), piece in zip(spans, pieces, strict=True):
            if offset < changed[1] and offset + len(piece) > changed[0]:
                out += (text[cursor:a], put)
                cursor = b
            offset += len(piece)
        out.append(text[cursor : m.end()])
        return "".join(out)

    return RedactionRule(
        id="joined-secret",
        description=(
            "A secret split into concatenated literals or continued lines, judged joined "
            '("sk_live_…" + "…", key=abc\\ then def)'
        ),
        examples_match=(
            'String stripeKey = "sk_live_51NqAb3Cd" +\n        "Ef5Gh7Ij9Kl1Mn";',
            'String ak = "AKIA576NCB14" + "E2HLCBMF";',
            "jwt.secret=73m4x92lft74eqgpx86d\\\n    eias2whu1ukr071xrfi0",
        ),
        examples_no_match=(
            'String url = "https://api.example.com/" + "v2/token";',
            'String key = "order:" + "1001";',
            "app.description=the token service\\\n    that spans two lines",
        ),
        keywords=('"', "'", "\\"),
        pattern=_JOINED_RE,
        replace=replace,
    )
