"""How the instruction-like rules read a text (docs/privacy.md#instruction-like-text).

Three readings, each computed once per text and cached:

* :func:`looks` — the text as it *looks*: its skeleton (NFKC, case folded, homoglyphs
  as the Latin letters they imitate, invisible characters dropped), letters spelled
  out with a space or a separator joined ("i g n o r e", "d-i-s-r-e-g-a-r-d",
  "忽 略"), digits written for letters read as letters ("1gn0re"), one space between
  words, one line a line (a marker such as ``SYSTEM:`` is known by its place).
* :func:`said` — what the text *says* to whoever reads it: :func:`looks` without its
  questions ("How do we build the system prompt?" asks, it does not instruct — but
  "Can you …?" is a request and stays) and without the examples a sentence quotes
  while it talks about attacks ('the filter blocks "ignore previous instructions"').
* :func:`squeezed` — :func:`said` with everything but letters and Chinese
  characters removed, so that a name written as one token ("IgnorePreviousInstructions",
  "ignore_previous_instructions") or a phrase cut at random ("ign ore prev ious") reads
  as the words it joins. Only long, unambiguous compounds are looked for there.

Every pattern here is linear (no nested quantifiers, bounded gaps) and compiled on
first use (:func:`compiled`), never on import.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache

from autopatch_memory.lang import prefilter
from autopatch_memory.lang.confusables import skeleton
from autopatch_memory.lang.pattern_cache import compile_pattern
from autopatch_memory.lang.rules import Rule


@cache
def compiled(source: str) -> re.Pattern[str]:
    """``source`` compiled once, on first use (``^`` and ``$`` at each line)."""
    return compile_pattern(source, re.MULTILINE)


def found(source: str, text: str) -> bool:
    """Whether the pattern ``source`` matches somewhere in ``text``, as
    ``compiled(source).search(text)`` says, but trying only the branches of ``source``
    whose needed words ``text`` holds (:mod:`autopatch_memory.lang.prefilter`): most
    texts hold none of a rule's words, and a pattern not tried costs nothing."""
    return prefilter.found(source, text, compiled)


def may_match(source: str, text: str) -> bool:
    """``False`` only when ``source`` cannot match anywhere in ``text``."""
    return prefilter.may_match(source, text)


_HAN = "\u3400-\u4dbf\u4e00-\u9fff"
# Single letters joined by one repeated separator: "d-i-s-r-e-g-a-r-d", "i.g.n.o.r.e".
_SEPARATED_LETTERS = r"(?<![a-z0-9])[a-z]( ?[-._*|·~+•/\\] ?)[a-z](?:\1[a-z]){2,}(?![a-z0-9])"
# Single letters joined by single spaces ("i g n o r e"); words spelled out this way are
# parted by two spaces or more ("a l l   p r e v i o u s"), so the lines are read before
# their spaces are collapsed.
_SPACED_LETTERS = r"(?<![a-z0-9])[a-z](?: [a-z]){2,}(?![a-z0-9])"
_SPACED_HAN = rf"(?<=[{_HAN}]) +(?=[{_HAN}])"
# Digits and signs written for letters inside a word ("1gn0re", "y0u 4r3"): read as the
# letters — never inside an address, a path or a version ("s3://", "v1.2", "a@b.io").
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "$": "s"})
_LEET_WORD = r"(?<![\w$./:@-])(?=[a-z0-9$]*[a-z])(?=[a-z0-9$]*[0-9$])[a-z0-9$]{3,}(?![\w$/:@]|\.\w)"
# "!" and "|" inside a word or opening one stand for "i" and "l" ("pr!nt", "!gnore").
_SIGN_IN_WORD = r"(?<=[a-z0-9])[!|](?=[a-z0-9])|(?<![a-z0-9])!(?=[a-z0-9]{2})"
_NOT_LETTER = rf"[^a-z{_HAN}]+"

# A sentence ends at a full stop followed by a space, at Chinese end punctuation, at a
# line break: an address ("https://x.example/p") is never cut.
_SENTENCE_END = r"(?<=[.!?;])\s+|(?<=[。！？；])|\n"
_EN_QUESTION = (
    r"^(?:[\"'“(\[]\s*)?(?:how|why|what|which|who|whom|whose|whether|is|are|was|were|does|did|"
    r"should|could|would|can|do(?! not\b|n'?t\b)|(?:when|where) (?=to|do|does|did|is|are|was|"
    r"were|should|can|could|will|would)\b)\b"
)
_ZH_QUESTION = (
    r"^(?:请问)?(?:怎么|怎样|如何|为什么|为何|是否|能否|有没有|哪|什么|要不要|该不该|"
    r"可不可以)|[吗呢][。.]?$"
)
# A question that asks the assistant to do something is a request, not a question.
_REQUEST = (
    r"\b(?:can|could|would|will|won'?t) you\b|\byou (?:can|could|should|must|will)\b|\bplease\b"
    r"|你(?:能|可以|能不能|可不可以|要|必须|应该)|请你|麻烦你"
)
# A quoted example inside a sentence that talks about it (an attack, a test, a filter).
_QUOTED = (
    r"\"[^\"\n]{1,200}\"|“[^”\n]{1,200}”|「[^」\n]{1,200}」|‘[^’\n]{1,200}’"
    r"|(?<![a-z0-9])'[^'\n]{3,200}'(?![a-z0-9])"
)
_TALKS_ABOUT = (
    r"\b(?:attacks?|attackers?|injections?|jailbreaks?|payloads?|examples?|e\.g\.|such as|"
    r"phrases?|strings?|detects?|detected|detector|blocks?|blocked|filters?|filtered|resists?|"
    r"refuses?|tests?|tested|testing|red team|eval|malicious|adversarial|defen[cs]e|strips?|"
    r"stripped|removes?|removed|rejects?|rejected|match(?:es|ing)?|flags?|"
    r"flagged|escapes?|escaped|sanitiz\w+|guardrails?|tokens?|prompts?|cases?|samples?|"
    r"classif\w+|(?:tells|told|instructs|asks) the (?:model|bot|llm))\b"
    r"|注入|越狱|攻击|例如|比如|拦截|检测|过滤|测试|防御|防止|恶意|提示词|包含"
)


def _look_line(line: str) -> str:
    shown = skeleton(line)
    shown = compiled(_SEPARATED_LETTERS).sub(lambda m: m.group(0).replace(m.group(1), ""), shown)
    shown = compiled(_SPACED_LETTERS).sub(lambda m: m.group(0).replace(" ", ""), shown)
    shown = " ".join(shown.split())
    shown = compiled(_SPACED_HAN).sub("", shown)
    shown = compiled(_SIGN_IN_WORD).sub(lambda m: "i" if m.group(0) == "!" else "l", shown)
    return compiled(_LEET_WORD).sub(lambda m: m.group(0).translate(_LEET), shown)


@lru_cache(maxsize=1024)
def looks(text: str) -> str:
    """``text`` as the rules read it: each line's skeleton, spelled-out letters joined,
    digits for letters read as letters, single spaces; empty lines dropped."""
    lines = (_look_line(line) for line in text.splitlines())
    return "\n".join(line for line in lines if line)


def _is_question(sentence: str) -> bool:
    if compiled(_REQUEST).search(sentence):
        return False
    if sentence.endswith(("?", "？")):
        return True
    return bool(compiled(_EN_QUESTION).match(sentence) or compiled(_ZH_QUESTION).search(sentence))


def _without_quoted_examples(sentence: str) -> str:
    outside = compiled(_QUOTED).sub(" ", sentence)
    if outside != sentence and compiled(_TALKS_ABOUT).search(outside):
        return outside
    return sentence


@lru_cache(maxsize=1024)
def said(text: str) -> str:
    """:func:`looks` without its questions and without the examples a sentence quotes
    while it talks about them; one sentence a line."""
    kept = []
    for sentence in compiled(_SENTENCE_END).split(looks(text)):
        sentence = sentence.strip()
        if sentence and not _is_question(sentence):
            kept.append(_without_quoted_examples(sentence))
    return "\n".join(kept)


@lru_cache(maxsize=1024)
def squeezed(text: str) -> str:
    """:func:`said` with only its letters and Chinese characters."""
    return compiled(_NOT_LETTER).sub("", said(text))


@dataclass(frozen=True, eq=False)
class InstructionRule(Rule):
    """A rule of the instruction-like family, read on the three readings of a text:
    ``anywhere`` on :func:`looks`, ``in_said`` on :func:`said`, ``in_squeezed`` on
    :func:`squeezed`, ``test`` (a function) on :func:`said`. Patterns are compiled on
    first use: importing the family costs nothing."""

    anywhere: str = field(default="", kw_only=True)
    in_said: str = field(default="", kw_only=True)
    in_squeezed: str = field(default="", kw_only=True)
    test: Callable[[str], bool] | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        # One index of needed words covers every rule of the family (one pass a text).
        prefilter.expect(self.anywhere, self.in_said, self.in_squeezed)

    def may_fire(self, shown: frozenset[str], words: frozenset[str], bare: frozenset[str]) -> bool:
        """``False`` only when :meth:`fires` is ``False``: given the patterns that may match
        the three readings of a text (``shown``, ``words``, ``bare``: :func:`live_in`), none
        of this rule's can, and it has no ``test``."""
        return (
            self.test is not None
            or self.anywhere in shown
            or self.in_said in words
            or self.in_squeezed in bare
        )

    def fires(self, text: str) -> bool:
        shown = looks(text)
        if self.gated_out(shown):
            return False
        if self.anywhere and found(self.anywhere, shown):
            return True
        if self.in_said or self.test is not None:
            words = said(text)
            if self.in_said and found(self.in_said, words):
                return True
            if self.test is not None and self.test(words):
                return True
        return bool(self.in_squeezed) and found(self.in_squeezed, squeezed(text))


def live_in(text: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The family's patterns that may match :func:`looks`, :func:`said` and
    :func:`squeezed` of ``text`` (one pass over each reading for every rule of the family:
    most texts hold none of a rule's words, and a rule none of whose patterns may match
    is not asked, see :meth:`InstructionRule.may_fire`)."""
    return prefilter.live(looks(text)), prefilter.live(said(text)), prefilter.live(squeezed(text))
