"""Text helpers shared by every layer: clipping, language detection, signal words.

Everything here is pure and works the same on Chinese and English text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from enum import Enum
from functools import lru_cache

from autopatch_memory import limits, signals


class Language(str, Enum):
    """The conversation's language, as far as rendering and prompts care."""

    ZH = "zh"
    EN = "en"


def clip(text: str, limit: int) -> str:
    """Clip ``text`` to ``limit`` characters, marking the cut with ``…`` (newlines kept)."""
    if len(text) <= limit:
        return text
    if limit <= len(limits.CLIP_MARK):
        return limits.CLIP_MARK[:limit]
    return text[: limit - len(limits.CLIP_MARK)].rstrip() + limits.CLIP_MARK


_CJK_RE = re.compile(
    r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ebef\u3040-\u30ff\uac00-\ud7af]"
)
_LATIN_WORD_RE = re.compile(r"[A-Za-z]{2,}")


def is_cjk_char(ch: str) -> bool:
    """True for a Chinese/Japanese/Korean ideograph or syllable."""
    return bool(_CJK_RE.fullmatch(ch))


def detect_language(text: str) -> Language:
    """Chinese when the text is mostly CJK (CJK characters outnumber Latin words)."""
    cjk = len(_CJK_RE.findall(text))
    if cjk == 0:
        return Language.EN
    latin_words = len(_LATIN_WORD_RE.findall(text))
    return Language.ZH if cjk >= latin_words else Language.EN


def normalize(text: str) -> str:
    """NFKC-fold (full-width forms, curly quotes) and lowercase, for matching only."""
    folded = unicodedata.normalize("NFKC", text)
    return folded.replace("\u2019", "'").replace("\u2018", "'").lower()


class SignalMatcher:
    """Finds phrases of a bilingual word list in a text.

    Chinese phrases match as substrings (Chinese has no spaces); English phrases
    match as whole words, so "never" does not fire inside "nevertheless".
    """

    def __init__(
        self,
        zh: Iterable[str],
        en: Iterable[str],
        *,
        zh_exceptions: Iterable[str] = (),
    ) -> None:
        self._zh = tuple(normalize(w) for w in zh)
        self._zh_exceptions = tuple(normalize(w) for w in zh_exceptions)
        words = sorted({normalize(w) for w in en}, key=len, reverse=True)
        self._en = (
            re.compile(
                r"(?<![a-z0-9_])(?:" + "|".join(re.escape(w) for w in words) + r")(?![a-z0-9_])"
            )
            if words
            else None
        )

    def find(self, text: str) -> list[str]:
        """The phrases of the list present in ``text`` (normalized, in list order)."""
        norm = normalize(text)
        for exception in self._zh_exceptions:
            norm = norm.replace(exception, " ")
        found = [w for w in self._zh if w in norm]
        if self._en is not None:
            found.extend(m.group(0) for m in self._en.finditer(norm))
        return found

    def matches(self, text: str) -> bool:
        """True when at least one phrase of the list is in ``text``."""
        return bool(self.find(text))


LONG_TERM = SignalMatcher(
    signals.LONG_TERM_SIGNALS_ZH,
    signals.LONG_TERM_SIGNALS_EN,
    zh_exceptions=signals.LONG_TERM_SIGNAL_EXCEPTIONS_ZH,
)
PROJECT = SignalMatcher(signals.PROJECT_SIGNALS_ZH, signals.PROJECT_SIGNALS_EN)


@lru_cache(maxsize=limits.SIGNAL_CACHE_ENTRIES)
def has_long_term_signal(text: str) -> bool:
    """The user's text states an explicit long-term wish ("from now on", "以后"...)."""
    return LONG_TERM.matches(text)


def has_project_signal(text: str) -> bool:
    """The text is about the project itself (its build, modules, dependencies...)."""
    return PROJECT.matches(text)


# --- tokenization for relevance (SPEC §7) --------------------------------------

_TOKEN_RUN_RE = re.compile(
    r"(?P<cjk>[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)|(?P<word>[A-Za-z0-9_$]+)"
)
# An acronym's plural ("DTOs", "URLs") is one part, not "DT" + "Os".
_CAMEL_RE = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_LONG_TERM_WORDS: frozenset[str] = frozenset(
    w for phrase in signals.LONG_TERM_SIGNALS_EN for w in re.findall(r"[a-z]+", phrase)
)


def _phrase_splitter(phrases: Iterable[str]) -> re.Pattern[str]:
    ordered = sorted(set(phrases), key=len, reverse=True)
    return re.compile("|".join(re.escape(p) for p in ordered))


# Stop phrases and signal phrases are cut out of a CJK run before it is split into
# bigrams, so "用户关注" leaves no stray "户关" behind.
_ZH_STOP_SPLIT = _phrase_splitter(signals.STOP_PHRASES_ZH)
_ZH_STOP_AND_SIGNAL_SPLIT = _phrase_splitter(
    (*signals.STOP_PHRASES_ZH, *signals.LONG_TERM_SIGNALS_ZH)
)


# English plural endings that stay as they are: "class", "status", "redis", "focus".
_KEEP_S_ENDINGS = ("ss", "us", "is")
_ES_ENDINGS = ("sses", "xes", "ches", "shes", "zes")
_MIN_PLURAL_LEN = 4


def _singular(word: str) -> str:
    """Fold a regular English plural to its singular, so "modules" finds "module".

    Deliberately tiny (plurals only, no stemming): the same fold is applied to the
    question and to the items, so an imperfect fold ("aliases" → "aliase") still
    matches itself, while a real stemmer would merge unrelated Java terms.
    """
    if len(word) < _MIN_PLURAL_LEN or not word.endswith("s") or not word.isalpha():
        return word
    if word in signals.NOT_PLURAL_EN:
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(_ES_ENDINGS):
        return word[:-2]
    if word.endswith(_KEEP_S_ENDINGS):
        return word
    return word[:-1]


# Long words and the short forms developers write for them are one token: a note about
# "configuration" answers a question about "config".
_SHORT_FORMS = {
    "configuration": "config", "configurations": "config", "configs": "config",
    "authentication": "auth", "authorization": "auth", "database": "db", "databases": "db",
    "application": "app", "applications": "app", "implementation": "impl",
    "environment": "env", "environments": "env", "parameter": "param", "parameters": "param",
    "argument": "arg", "arguments": "arg", "specification": "spec", "documentation": "doc",
    "synchronization": "sync", "asynchronous": "async", "information": "info",
}  # fmt: skip


def _word_tokens(word: str) -> list[str]:
    """``UserServiceImpl`` → userserviceimpl, user, service, impl; ``user_id`` → user_id, user, id.

    Stopwords only drop standalone words: the parts of an identifier are kept.
    Plain words and identifier parts are folded to their singular; the whole
    identifier is kept exactly (``UserServices`` → userservices, user, service).
    """
    whole = word.lower().strip("_$")
    whole = _SHORT_FORMS.get(whole, whole)
    if whole in _SHORT_FORMS.values() and whole != word.lower():
        return [whole]
    parts: list[str] = []
    for chunk in word.split("_"):
        parts.extend(_singular(p.lower()) for p in _CAMEL_RE.findall(chunk))
    if len(parts) == 1 and parts[0] in (whole, _singular(whole)):
        stop = whole in signals.STOPWORDS_EN or parts[0] in signals.STOPWORDS_EN
        return [] if stop else parts
    return [whole, *(p for p in parts if p != whole)] if whole else parts


def _cjk_tokens(run: str, splitter: re.Pattern[str]) -> list[str]:
    tokens: list[str] = []
    pieces = splitter.split(run)
    for piece in pieces:
        if len(piece) == 1:
            # A lone character left over by a cut stop phrase is noise ("怎么用" → "用").
            if len(pieces) == 1:
                tokens.append(piece)
        else:
            tokens.extend(piece[i : i + 2] for i in range(len(piece) - 1))
    return tokens


@lru_cache(maxsize=limits.TOKEN_CACHE_ENTRIES)
def _analyze(text: str, drop_signals: bool) -> tuple[tuple[str, ...], frozenset[str]]:
    """Tokens of ``text`` and its anchors (the tokens that stand on their own)."""
    folded = unicodedata.normalize("NFKC", text)
    splitter = _ZH_STOP_AND_SIGNAL_SPLIT if drop_signals else _ZH_STOP_SPLIT
    tokens: list[str] = []
    anchors: set[str] = set()
    for match in _TOKEN_RUN_RE.finditer(folded):
        run = match.group("cjk")
        if run is not None:
            bigrams = _cjk_tokens(run, splitter)
            tokens.extend(bigrams)
            anchors.update(bigrams)
            continue
        for position, token in enumerate(_word_tokens(match.group("word"))):
            if len(token) < 2 and not token.isdigit():
                continue
            if drop_signals and token in _LONG_TERM_WORDS:
                continue
            tokens.append(token)
            if position == 0:
                # A plain word or a whole identifier; later positions are parts.
                anchors.add(token)
    # A hyphenated name ("shop-user", "pay-channel-alipay") is also one token: a module
    # keeps its identity even when its parts are common words ("user" is a stopword).
    for compound in _COMPOUND_RE.findall(folded):
        token = compound.lower()
        tokens.append(token)
        anchors.add(token)
    return tuple(tokens), frozenset(anchors)


_COMPOUND_RE = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?![\w-])")


def tokenize(text: str) -> list[str]:
    """Relevance tokens of ``text``: CJK character bigrams, Java identifiers (whole and
    split on camelCase/snake_case), hyphenated names (whole and split), path segments
    and English words, lowercased, with stopwords removed. Paths need no special case:
    ``/`` and ``.`` separate words.
    """
    return list(_analyze(text, False)[0])


def query_tokens(text: str) -> list[str]:
    """Like :func:`tokenize`, minus long-term signal words ("always", "以后"…), so that
    saying "from now on" in a question does not make every rule look relevant.
    """
    return list(_analyze(text, True)[0])


def anchor_tokens(text: str, *, query: bool = False) -> frozenset[str]:
    """The tokens of ``text`` that stand on their own: words, whole identifiers and
    CJK bigrams — everything :func:`tokenize` (or :func:`query_tokens` with
    ``query=True``) yields except the camelCase/snake_case parts of an identifier.

    Relevance uses it to tell a real match from a shared fragment: ``HashMap`` and
    ``MapStruct`` share "map", ``ReviewService`` and ``OrderService`` share
    "service", yet neither pair is about the same thing.
    """
    return _analyze(text, query)[1]


# --- content guard (SPEC §5) ----------------------------------------------------

# One of these alone marks a text as code, a diff, a stack trace or a log excerpt.
_STRONG_CODE_OR_LOG = re.compile(
    r"|".join(
        (
            r"^\s*(?:import|package)\s+[\w.*]+\s*;",  # Java import/package lines
            r"\b(?:public|private|protected)\s+(?:static\s+|final\s+|abstract\s+)*"
            r"(?:class|interface|enum|record|void|[\w<>\[\],]+\s+\w+\s*\()",
            r"^\s*@@ .* @@",  # unified diff hunk
            r"^diff --git ",
            r"^(?:---|\+\+\+) [ab]/",
            # a stack frame: "at com.acme.Foo.bar(Foo.java:12)"
            r"^\s*at [\w$.<>]+\("
            r"(?:[\w$]+\.(?:java|kt|scala|groovy):\d+|Native Method|Unknown Source)\)",
            r"\bException in thread \"",
            r"^\s*Caused by: [\w$.]+(?:Exception|Error)",
            r"^Traceback \(most recent call last\)",
            # a log line: a timestamp, then a level
            r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\S*\s+"
            r"\[?(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\b",
            r"^\s*\[(?:INFO|WARNING|WARN|ERROR|DEBUG)\]\s",  # Maven console output
            r"^\s*(?:def|fn|func)\s+\w+\s*\(.*\)\s*[:{]",
            r"^\s*#include\s*[<\"]",
            r"\bSystem\.(?:out|err)\.print",
        )
    ),
    re.M,
)
# Weak signs: one may appear in a summary ("Optional.orElse() 的用法"), several do not.
_WEAK_CODE_SIGNS: tuple[re.Pattern[str], ...] = (
    re.compile(r";\s*(?:$|\n|})", re.M),  # statement ends
    re.compile(r"\{[^{}]*\}"),  # a braced block
    re.compile(r"\breturn\s+[^;\n]+;"),
    re.compile(r"\b\w+\s*(?:[+\-*/]?=)\s*(?:new\s+)?[\w.\"'(][^;\n]*;"),  # assignments
    re.compile(r"\)\s*->\s*\{|\)\s*\{"),  # lambda / method bodies
    re.compile(r"(?=[\s\S]*^\+(?!\+))[\s\S]*^-(?!-)", re.M),  # both added and removed lines
    re.compile(r"\b(?:if|for|while|switch|catch)\s*\([^)]*\)\s*\{"),
)
_WEAK_SIGNS_FOR_CODE = 2


def looks_like_code_or_log(text: str) -> bool:
    """True when ``text`` looks like source code, a diff, a stack trace or a log excerpt.

    Mentions of identifiers or a single call (``Optional.orElseGet()``) are fine;
    it takes a structural marker, or several weak signs together, to be code.
    """
    if _STRONG_CODE_OR_LOG.search(text):
        return True
    return sum(1 for sign in _WEAK_CODE_SIGNS if sign.search(text)) >= _WEAK_SIGNS_FOR_CODE


def same_label(a: str, b: str) -> bool:
    """Labels are equal ignoring case, width and whitespace ("Java Optional" == "java optional")."""
    return _label_key(a) == _label_key(b)


def _label_key(label: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", label)).casefold()
