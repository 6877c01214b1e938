"""The user's own words in a turn: prose without secrets, code, logs or stack traces.

Every consumer that reads what the user *said* — the directive grammar, the
heuristic summarizer, the pending questions of the memory context — starts from
:func:`user_prose`, so a pasted log, a code block or a secret never becomes a
rule, a note, a topic or a line of injected context. :func:`split_sentences`
is the one sentence splitter they share (Chinese and English end marks; a dot
inside ``Optional.get()``, ``1.8`` or ``e.g.`` and the ``;`` of ``TL;DR`` are
not sentence breaks).
"""

from __future__ import annotations

import re
from functools import lru_cache

# privacy as a module: its rules load at the first redaction, and reading memory never redacts.
from autopatch_memory import limits, privacy
from autopatch_memory.lang import CJK_CLASS, lazy_compile
from autopatch_memory.text import looks_like_code_or_log

__all__ = [
    "END_PUNCTUATION",
    "after_pause",
    "is_code_line",
    "prose_sentences",
    "split_sentences",
    "user_prose",
]

END_PUNCTUATION = "。！？!?；;.,，、:：…"
"""Marks a sentence or clause may end with (stripped when a text is restated)."""

_FENCE_RE = lazy_compile(r"```.*?(?:```|\Z)", re.S)
_INLINE_CODE_RE = lazy_compile(r"`([^`\n]*)`")
_CODE_LINE_RE = lazy_compile(
    r"""^\s*(?:
        [{}\[\]();,]+\s*$                                   # lone brackets
      | (?://|/\*|\*/|\*\s|\#include|@@|\+\+\+\s|---\s|diff\s--git)   # comments, diffs
      | at\s+[\w$.<>]+\(                                    # a stack frame
      | \.{3}\s*\d+\s+more                                  # "... 12 more"
      | \$\s                                                # a shell prompt
      | [\w.$]+(?:Exception|Error)(?::|\s*$)                # an exception line
      | Caused\sby:                                         # a cause line
      | \[(?:INFO|WARNING|WARN|ERROR|DEBUG)\]               # Maven console output
      | >\s*Task\s+:                                        # Gradle console output
      | <[/?]?[A-Za-z][\w.-]*(?:\s[^<>]*)?>                 # an XML/POM tag line
    )""",
    re.X,
)
# One stack frame anywhere in a line: a pasted one-line trace ("NPE at com.x.Y(Y.java:3)").
_FRAME_RE = lazy_compile(r"\bat\s+[\w$.<>]+\([\w$]+\.(?:java|kt|scala|groovy):\d+\)")
_CODE_SYMBOLS = frozenset("{}[]();=<>|&")
_SPACES_RE = lazy_compile(r"[ \t\u3000]+")
# "@review/Finding.java", "@pom.xml", "@src/": a file the host attached (its path
# goes to scope_paths); "@Data", "@Transactional": a Java annotation, kept.
_AT_PATH_RE = lazy_compile(r"(?<![\w@])@(?=[\w.-]*[/.][\w./-]*|[a-z][\w-]*(?:$|[\s,，。]))")

_TERMINATOR_RE = lazy_compile(
    r"""(?:
        [。！？!?]+[”"'’」)）]*            # Chinese and Latin end marks
      | (?<![Tt][Ll])[;；]                # a semicolon, except the one of TL;DR
      | \n+                              # a line break
      | (?<=[A-Za-z0-9)\]"'”’`])\.(?=\s)   # a dot followed by a space
      | …+(?=\s)                         # an ellipsis before a space
      | [\U0001F300-\U0001FAFF\u2600-\u27BF][\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F\u200D]*
        (?=\s)                           # an emoji before a space ("迁完了 🎉 以后…")
    )""",
    re.X,
)
# A dot after one of these words does not end a sentence ("e.g. Gradle", "vs. Maven").
_ABBREVIATIONS = frozenset({"e.g", "i.e", "etc", "vs", "cf", "approx", "mr", "mrs", "dr", "no"})
_LAST_WORD_RE = lazy_compile(r"([A-Za-z][A-Za-z.]*)$")


def is_code_line(line: str) -> bool:
    """True for a line of code, a diff, a stack trace, console output or a log."""
    stripped = line.strip()
    if not stripped:
        return False
    if _CODE_LINE_RE.match(line) or _FRAME_RE.search(stripped):
        return True
    if looks_like_code_or_log(stripped):
        return True
    if stripped.endswith((";", "{", "}")) and not stripped.endswith("；"):
        return True
    symbols = sum(1 for ch in stripped if ch in _CODE_SYMBOLS)
    return symbols / len(stripped) > limits.PROSE_CODE_SYMBOL_RATIO


def _inline(match: re.Match[str]) -> str:
    # `Optional.get()` is a name worth keeping; `if (x) { y(); }` is not.
    inner = match.group(1).strip()
    if len(inner) <= limits.PROSE_INLINE_CODE_CHARS and not is_code_line(inner):
        return inner
    return " "


def user_prose(text: str, *, redacted: bool = False) -> str:
    """The user's words without secrets, code blocks, code lines, logs or stack traces.

    Lines are kept (one per line, inner whitespace folded); inline code that is a
    name (`` `Optional.get()` ``) keeps its text; ``@path`` attachments lose
    their ``@`` while ``@Data``-style annotations keep it. ``redacted``: ``text`` is
    known to have passed redaction (stored by this program): not redacted again.
    """
    text = _FENCE_RE.sub("\n", text if redacted else privacy.redact(text))
    text = _INLINE_CODE_RE.sub(_inline, text)
    text = _AT_PATH_RE.sub("", text)
    lines = [line for line in _without_config_blocks(text.splitlines()) if not is_code_line(line)]
    return "\n".join(_SPACES_RE.sub(" ", line).strip() for line in lines if line.strip())


# A line of pasted configuration: "spring:", "  server-addr: host:8848  # 测试环境",
# "a.b.c=value", "DB_URL=…", "- name: x" — a key as configuration names them (lower case,
# or joined by . _ -), then nothing or one word of no Chinese (a comment may hold some).
# "order-center: 下单和拆单", "Owner: alice", "JDK: 21" and "技术栈:" are the user's words.
_CONFIG_LINE_RE = lazy_compile(
    r"^[ \t]*(?:-[ \t]+)?[\"']?(?:[a-z][A-Za-z0-9_.\-\[\]]*|[A-Za-z0-9]+[._\-][A-Za-z0-9_.\-\[\]]*)"
    r"[\"']?[ \t]*[:=](?:[ \t]*[^\s#" + CJK_CLASS + r"]+)?[ \t]*(?:#.*)?$"
)


def _without_config_blocks(lines: list[str]) -> list[str]:
    """``lines`` without runs of ``CONFIG_BLOCK_MIN_LINES`` or more configuration lines
    (a pasted YAML, properties or TOML block shows the project, it states nothing)."""
    kept: list[str] = []
    run: list[str] = []
    for line in [*lines, ""]:
        short = len(line) <= limits.CONFIG_LINE_MAX_CHARS
        if line.strip() and short and _CONFIG_LINE_RE.match(line):
            run.append(line)
            continue
        if len(run) < limits.CONFIG_BLOCK_MIN_LINES:
            kept.extend(run)
        run = []
        kept.append(line)
    return kept[:-1]


def _ends_with_abbreviation(head: str) -> bool:
    found = _LAST_WORD_RE.search(head)
    return found is not None and found.group(1).lower().rstrip(".") in _ABBREVIATIONS


def split_sentences(text: str) -> list[str]:
    """Sentences of a (cleaned) text, each with its end mark, in order.

    Breaks at Chinese and Latin end marks, semicolons and line breaks. A dot ends
    a sentence only before whitespace and not after an abbreviation, so
    ``Optional.get()``, ``Java 1.8`` and ``e.g. Gradle`` stay whole; the
    semicolon of ``TL;DR`` is not a break. An emoji before a space ends a sentence
    the way a full stop would ("pay-core 迁到 JUnit 5 了 🎉 以后测试都按 Jupiter 写"). In
    text without any punctuation (voice input writes its pauses as spaces), a space
    between two Chinese characters ends a sentence too ("这个类是怎么做的 另外以后注释都写
    中文"); with punctuation, such a space only sets a term apart ("按 仓库+库位 三个维度").
    """
    found: list[str] = []
    start = 0
    for match in _TERMINATOR_RE.finditer(text):
        end = match.end()
        if match.group(0) == "." and _ends_with_abbreviation(text[start : match.start()]):
            continue
        found.append(text[start:end])
        start = end
    found.append(text[start:])
    sentences = (p.strip() for s in found for p in _voice_pauses(s))
    return [s for s in sentences if s.strip(END_PUNCTUATION + " \n")]


_HAN = "\u3400-\u9fff"
_VOICE_PAUSE = lazy_compile(rf"(?<=[{_HAN}])[ \t\u3000]+(?=[{_HAN}])")
_INNER_PUNCTUATION = lazy_compile(r"[。！？!?；;，,、：:…]|\.(?=\s)")
_HAN_CHAR = lazy_compile(rf"[{_HAN}]")


def after_pause(before: str, sentence: str) -> bool:
    """Whether ``sentence`` follows the sentence ``before`` across a pause (voice input:
    no mark between them, only a space between two Chinese characters), as
    :func:`split_sentences` cuts an unpunctuated run."""
    return bool(_HAN_CHAR.fullmatch(before[-1:]) and _HAN_CHAR.fullmatch(sentence[:1]))


def _voice_pauses(sentence: str) -> list[str]:
    """An unpunctuated sentence cut at the spaces between Chinese characters."""
    if _INNER_PUNCTUATION.search(sentence.strip().rstrip(END_PUNCTUATION + " \n")):
        return [sentence]
    return _VOICE_PAUSE.split(sentence)


@lru_cache(maxsize=limits.DIRECTIVE_CACHE_ENTRIES)
def prose_sentences(text: str) -> tuple[str, ...]:
    """The sentences of the user's words in ``text`` (:func:`user_prose`, then
    :func:`split_sentences`), cached: the grammar, the applier's grounding and the
    trigger check read the same turn texts again and again."""
    return tuple(split_sentences(user_prose(text)))
