"""Sentences of a text as spans of the original, for what must point back into it (a
quote found in a user's turn is judged with the whole sentence around it).

A sentence ends at a Chinese or Latin end mark (a Latin "!" or "?" not inside a word:
``r3d!s_T3st`` is one token), a line break, a dot before a space (not
after an abbreviation: "e.g. Gradle" and ``Optional.get()`` stay whole) or an ellipsis
before a space. A semicolon or a comma does not end one: "if we ever move to Gradle;
always give both commands" is one sentence, and its first half still speaks for its
second. Text dictated without any punctuation writes its pauses as spaces between
Chinese characters; there, each such space ends a sentence (not the one after a
leading ``@mention`` or a verb of saying: what follows belongs to it).
"""

from __future__ import annotations

from autopatch_memory.lang.chars import CJK_CLASS
from autopatch_memory.lang.lazy_pattern import lazy_compile

_END_RE = lazy_compile(
    r"(?:[。！？]+|[!?]+(?![A-Za-z0-9_]))[”\"'’」)）]*"
    # every line break str.splitlines knows, as the prose reader splits lines
    r"|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]+"
    r"|(?<=[A-Za-z0-9)\]\"'”’`])\.(?=\s)"
    r"|…+(?=\s)"
)
_ABBREVIATIONS = frozenset({"e.g", "i.e", "etc", "vs", "cf", "approx", "mr", "mrs", "dr", "no"})
_LAST_WORD_RE = lazy_compile(r"([A-Za-z][A-Za-z.]*)$")
_ANY_MARK_RE = lazy_compile(r"[。！？!?；;，,、：:…]|\.(?=\s)")
_PAUSE_RE = lazy_compile(f"(?<=[{CJK_CLASS}])[ \t\u3000]+(?=[{CJK_CLASS}])")
# "@胖虎 以后…": a mention names who the words after it are said to, not a sentence;
# "老板开会说了 以后…": what follows a verb of saying is what was said.
_MENTION_ONLY_RE = lazy_compile(r"\s*@\S+\s*")
_I_SAID_RE = lazy_compile(r"\s*我(?!们)")
_SAID_RE = lazy_compile(r"(?:(?<!别)(?<!不)(?:说|讲)(?:了|过)|提到|强调|要求|规定)(?:了|过)?\s*$")


def _after_abbreviation(head: str) -> bool:
    found = _LAST_WORD_RE.search(head)
    return found is not None and found.group(1).lower().rstrip(".") in _ABBREVIATIONS


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence of ``text``, in order, without surrounding spaces."""
    pieces: list[tuple[int, int]] = []
    start = 0
    for match in _END_RE.finditer(text):
        if match.group(0) == "." and _after_abbreviation(text[start : match.start()]):
            continue
        pieces.append((start, match.end()))
        start = match.end()
    pieces.append((start, len(text)))
    if not _ANY_MARK_RE.search(text):
        pieces = [part for span in pieces for part in _paused(text, span)]
    spans = []
    for begin, end in pieces:
        chunk = text[begin:end]
        stripped = chunk.strip()
        if stripped:
            offset = begin + (len(chunk) - len(chunk.lstrip()))
            spans.append((offset, offset + len(stripped)))
    return spans


def _paused(text: str, span: tuple[int, int]) -> list[tuple[int, int]]:
    begin, end = span
    parts = []
    for match in _PAUSE_RE.finditer(text, begin, end):
        if _MENTION_ONLY_RE.fullmatch(text, begin, match.start()):
            continue  # the mention stays with what is said to its addressee
        if _SAID_RE.search(text, begin, match.start()) and not _I_SAID_RE.match(text, begin):
            continue  # what was said stays with who said it (not "我说过 以后…": a rule)
        parts.append((begin, match.start()))
        begin = match.end()
    parts.append((begin, end))
    return parts


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` (see :func:`sentence_spans`)."""
    return [text[a:b] for a, b in sentence_spans(text)]
