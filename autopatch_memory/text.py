"""Text helpers shared by every layer: clipping, language detection, signal words,
the content guard (code and logs) and the cleaning of hostile text (docs/privacy.md).

Everything here is pure and works the same on Chinese and English text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from enum import Enum
from functools import lru_cache
from typing import Any, overload

from autopatch_memory import limits, signals
from autopatch_memory.lang import CJK_RE, lazy_compile
from autopatch_memory.lang.confusables import skeleton
from autopatch_memory.patterns import literal_first, one_of


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


_LATIN_WORD_RE = lazy_compile(r"[A-Za-z]{2,}")


def detect_language(text: str) -> Language:
    """Chinese when the text is mostly CJK (CJK characters outnumber Latin words)."""
    cjk = len(CJK_RE.findall(text))
    if cjk == 0:
        return Language.EN
    latin_words = len(_LATIN_WORD_RE.findall(text))
    return Language.ZH if cjk >= latin_words else Language.EN


def normalize(text: str) -> str:
    """NFKC-fold (full-width forms, curly quotes) and lowercase, for matching only."""
    folded = unicodedata.normalize("NFKC", text)
    return folded.replace("\u2019", "'").replace("\u2018", "'").lower()


# The package exports it under this name: beside its other names, "normalize" alone
# would not say what it normalizes.
normalize_text = normalize


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
        words = sorted({normalize(w) for w in en}, key=lambda w: (-len(w), w))
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


# --- tokenization for relevance (docs/context.md#the-tokenizer) -----------------

_TOKEN_RUN_RE = lazy_compile(
    r"(?P<cjk>[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)|(?P<word>[A-Za-z0-9_$]+)"
)
# An acronym's plural ("DTOs", "URLs") is one part, not "DT" + "Os".
_CAMEL_RE = lazy_compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_LONG_TERM_WORDS: frozenset[str] = frozenset(
    w for phrase in signals.LONG_TERM_SIGNALS_EN for w in re.findall(r"[a-z]+", phrase)
)


def _phrase_splitter(phrases: Iterable[str]) -> re.Pattern[str]:
    ordered = sorted(set(phrases), key=lambda p: (-len(p), p))
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


_COMPOUND_RE = lazy_compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?![\w-])")


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


# --- content guard (docs/design.md#content-checks) -------------------------------

_JAVA_FRAME = (
    r"at [\w$.<>/]+\((?:[\w$]+\.(?:java|kt|scala|groovy):\d+|Native Method|Unknown Source)\)"
)
_LOG_LEVEL = r"(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)"
_SQL_NAME = r"[A-Za-z0-9_.`\"]+"  # ASCII only: "create table 语句" is a sentence
_SHELL_COMMANDS = (
    "mvn|mvnw|gradle|gradlew|java|javac|jar|docker|docker-compose|kubectl|helm|git|curl|wget"
    "|npm|npx|yarn|pnpm|pip|pip3|python|python3|cd|export|ls|cat|grep|tail|head|rm|cp|mv|mkdir"
    "|chmod|chown|ssh|scp|sed|awk|kill|ps|systemctl|apt|apt-get|yum|brew|keytool|mysql|psql"
    "|redis-cli|nohup|source|tar|unzip|sudo|jps|jstack|jmap|netstat|lsof|top|find|echo|make"
)
# One of these alone marks a text as code, a diff, a stack trace, a log excerpt, a
# build/test console, a build file or configuration snippet, a shell command or SQL.
_STRONG_PATTERNS: tuple[str, ...] = (
    r"^[ \t]*(?:import|package)\s+[\w.*]+\s*;",  # Java import/package lines
    # an annotation with named arguments, a line of its own:
    # "@Retryable(retryFor = X.class, maxAttempts = 3, backoff = @Backoff(delay = 2000))"
    r"^[ \t]*@[A-Z]\w*\((?:[^()\n]|\([^()\n]{0,80}\)){0,200}?\b\w+\s*=\s*"
    r"(?:[^()\n]|\([^()\n]{0,80}\)){1,200}\)[ \t]*$",
    r"\b(?:public|private|protected)\s+(?:static\s+|final\s+|abstract\s+)*"
    r"(?:class|interface|enum|record|void|[\w<>\[\],]+\s+\w+\s*\()",
    # a field declaration on a line of its own: "@Autowired private Foo foo;"
    r"^[ \t]*(?:@\w+(?:\([^()\n]{0,80}\))?\s+)*(?:private|protected|public)\s+"
    r"(?:(?:static|final|volatile|transient)\s+)*[\w<>\[\],.? ]{1,80}\s\w+\s*"
    r"(?:=[^;\n]{0,200})?;[ \t]*$",
    r"^[ \t]*fun\s+\w+\s*\(",  # Kotlin function
    # a statement on a line of its own: a call chain, a return, a throw
    r"^[ \t]*(?:return\s+|throw\s+)?(?:new\s+)?[\w$.<>\[\]]{1,120}\([^;\n]{0,300}\)"
    r"[ \t]*;[ \t]*$",
    r"^[ \t]*(?:return|throw)\s+[^;\n]{1,200};[ \t]*$",
    # Gradle build scripts: a dependency line, a top-level block
    r"^[ \t]*(?:implementation|api|compileOnly|runtimeOnly|testImplementation"
    r"|testRuntimeOnly|annotationProcessor|kapt|classpath)\s*\(?\s*[\"'][\w.\-]+:[\w.\-]+",
    r"^[ \t]*(?:plugins|dependencies|repositories|allprojects|subprojects|buildscript"
    r"|dependencyManagement|sourceSets)\s*\{[ \t]*$",
    r"^[ \t]*@@ .* @@",  # unified diff hunk
    r"^diff --git ",
    r"^(?:---|\+\+\+) [ab]/",
    # stack traces: a frame anywhere ("… at com.acme.Foo.bar(Foo.java:12)"),
    # an exception line, "Caused by:", "... 12 more"
    r"\b" + _JAVA_FRAME,
    r"^[ \t]*(?:[a-z_$][\w$]*\.){2,}[A-Z][\w$]*(?:Exception|Error|Throwable)"
    r"(?::\s|[ \t]*$)",
    r"\bException in thread \"",
    r"^[ \t]*Caused by: [\w$.]+(?:Exception|Error)",
    r"^[ \t]*\.\.\. \d+ (?:more|common frames omitted)[ \t]*$",
    r"^Traceback \(most recent call last\)",
    r"^[ \t]*File \"[^\"\n]+\", line \d+",
    # log lines: a timestamp (date or time), then a level; Spring Boot's " --- ["
    r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\S*\s+\[?" + _LOG_LEVEL + r"\b",
    r"^\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\s+(?:\[[^\]\n]{1,60}\]\s+)?\[?" + _LOG_LEVEL + r"\b",
    r"^[ \t]*" + _LOG_LEVEL + r"\s+\d*\s*(?:---\s+)?\[[^\]\n]{1,60}\]\s+[\w.$]+\s*[-:]\s",
    r"\s---\s\[\s*[\w.\-]+\]\s+[\w.$]+\s*:\s",
    # build and test consoles: Maven, Gradle, Surefire, javac, npm, docker
    r"^[ \t]*\[(?:INFO|WARNING|WARN|ERROR|DEBUG)\]\s",
    r"\[ERROR\]\s+(?:Failed to execute goal|Tests run:|COMPILATION ERROR|/\S|\S+\.java)",
    r"\bFailed to execute goal [\w.\-]+:[\w.\-]+:",
    r"^[ \t]*> Task :[\w:.\-]*",
    r"\bBUILD (?:SUCCESSFUL|FAILED) in \d",
    r"^FAILURE: Build failed",
    r"^\* What went wrong:",
    r"\bExecution failed for task ':",
    r"\bTests run: \d+, Failures: \d+",
    r"(?<![\w/\\.\-])[\w/\\.\-]{1,200}\.(?:java|kt|groovy|scala):\[?\d+(?:,\d+)?\]?:?\s*"
    r"(?:error|warning)\b",
    r"\berror: cannot find symbol\b",
    r"^[ \t]*symbol:\s+(?:class|method|variable)\s",
    r"\bCould not (?:resolve|find|determine)\b[^\n]{0,120}"
    r"(?:configuration ':|[\w.\-]+:[\w.\-]+:[\w.\-]+)",
    r"^ERROR \d{3,5} \(\w{5}\):",  # MySQL client errors
    r"^Error: (?:Could not|Unable to|Invalid|A JNI error)",  # the java launcher
    r"^npm ERR!",
    r"^Step \d+/\d+ : ",
    r"^[ \t]*(?:def|fn|func)\s+\w+\s*\(.*\)\s*[:{]",
    r"^[ \t]*#include\s*[<\"]",
    # a call (not the name mentioned: "别用 System.out.println 调试")
    r"\bSystem\.(?:out|err)\.print\w*\s*\(",
    # a shell prompt, a script run, or a command line of its own with options
    r"^[ \t]*(?:\$|sudo|PS [A-Z]:\\[^>\n]{0,80}>|[A-Z]:\\[^>\n]{0,80}>)[ \t]+\S",
    r"^[ \t]*(?:\./|~/)[\w.\-/]+(?:\s|$)",
    # JSON objects and YAML/properties blocks
    r"^[ \t]*[{\[]\s*\"[\w.\-]+\"\s*:",
    r"^[\w.\-]+:[ \t]*\n[ \t]+[\w.\-]+:",
    r"^[ \t]*[a-z][\w.\-]*:[ \t]+\S[^\n]*\n[ \t]*[a-z][\w.\-]*:[ \t]+\S",
    r"^[a-z][\w\-]*(?:\.[\w\-]+)+[ \t]*=[^\n]*\n[a-z][\w\-]*(?:\.[\w\-]+)+[ \t]*=",
    # SQL statements
    r"\b(?i:select)\s+(?:\*|(?i:distinct)\s+" + _SQL_NAME + r"|(?i:count)\(\*\)"
    r"|"
    + _SQL_NAME
    + r"(?:\s*,\s*[A-Za-z0-9_.`\"()*]+)*)\s+(?i:from)\s+"
    + _SQL_NAME
    + r"(?:\s+[A-Za-z_]\w*)?\s*(?:;|$|\b(?i:where|join|left|inner|group|order|limit)\b)",
    r"\b(?i:insert\s+into)\s+" + _SQL_NAME + r"\s*(?:\(|(?i:values|select)\b)",
    r"\b(?i:update)\s+" + _SQL_NAME + r"\s+(?i:set)\s+" + _SQL_NAME + r"\s*=",
    r"\b(?i:delete\s+from)\s+" + _SQL_NAME + r"\s+(?i:where)\b",
    r"\b(?i:create\s+(?:table|index|unique\s+index|view))\s+"
    r"(?:(?i:if\s+not\s+exists)\s+)?" + _SQL_NAME,
    r"\b(?i:alter\s+table)\s+" + _SQL_NAME + r"\s+(?i:add|drop|modify|alter|rename)\b",
)


# Searched as one alternation, every position tried every pattern (0.5 us a character).
# Split instead, so that whether any matches is the same, at a twentieth of the cost:
# the patterns anchored at a line start are tried at line starts only; those that
# start at a word (``\b`` and a case-sensitive literal) as one alternation spelled to
# be searched fast (:mod:`~autopatch_memory.patterns`); the others as one alternation.
def _at_a_word(pattern: str) -> list[str] | None:
    """``\bword…`` as alternatives that start with a literal; ``None`` for another shape."""
    if not pattern.startswith(r"\b"):
        return None
    try:
        return literal_first(pattern.removeprefix(r"\b"))
    except ValueError:
        return None  # (?i:select)… : a case-insensitive first letter


_WORD_ALTERNATIVES = {p: _at_a_word(p) for p in _STRONG_PATTERNS}
_STRONG_AT_LINE_START_RE = lazy_compile(
    "|".join(p.removeprefix("^") for p in _STRONG_PATTERNS if p.startswith("^")), re.M
)
_STRONG_AT_A_WORD_RE = lazy_compile(
    one_of(
        (a for alts in _WORD_ALTERNATIVES.values() for a in alts or ()), after_first=r"(?<!\w.)"
    ),
    re.M,
)
_STRONG_ANYWHERE_RE = lazy_compile(
    "|".join(
        (
            # one word-boundary test for all the case-insensitive ones (SQL)
            r"\b(?:"
            + "|".join(
                p.removeprefix(r"\b")
                for p in _STRONG_PATTERNS
                if p.startswith(r"\b") and _WORD_ALTERNATIVES[p] is None
            )
            + ")",
            *(p for p in _STRONG_PATTERNS if not p.startswith(("^", r"\b"))),
        )
    ),
    re.M,
)


def _strong_code_or_log(text: str) -> bool:
    """Whether one of :data:`_STRONG_PATTERNS` matches somewhere in ``text``."""
    if _STRONG_AT_A_WORD_RE.search(text) or _STRONG_ANYWHERE_RE.search(text):
        return True
    at_line_start, start = _STRONG_AT_LINE_START_RE.match, 0
    while True:
        if at_line_start(text, start):
            return True
        start = text.find("\n", start) + 1
        if not start:
            return False


# A command line of its own: a known command, then options or a pipe, and no
# prose around it ("mvn -q clean install", not "mvn -T 4 is faster on CI").
_COMMAND_LINE_RE = lazy_compile(
    r"^[ \t]*(?:sudo\s+)?(?:" + _SHELL_COMMANDS + r")(?=\s)(?P<rest>[^\n]{1,300})$", re.M
)
_COMMAND_OPTION_RE = lazy_compile(r"\s(?:--?[A-Za-z][\w.\-]*|\||&&|>>?|<)(?=\s|=|$)")
_PROSE_WORDS = frozenset(
    """
    is are was were be the a an to over than before after when should we you use prefer
    instead always never because which that this it they our your please avoid rather
    faster slower better worse why how what does do not
    """.split()
)
_XML_TAG_RE = lazy_compile(r"</?[A-Za-z][\w.:\-]{0,60}(?:\s[^<>\n]{0,200})?/?>")
_XML_CLOSING_TAG_RE = lazy_compile(r"</[A-Za-z][\w.:\-]{0,60}\s*>")
_CJK_ANY_RE = lazy_compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def _is_command_line(text: str) -> bool:
    for m in _COMMAND_LINE_RE.finditer(text):
        line = m.group(0)
        if _CJK_ANY_RE.search(line) or not _COMMAND_OPTION_RE.search(m.group("rest")):
            continue
        words = {w.lower() for w in re.findall(r"[A-Za-z]+", line)}
        if not words & _PROSE_WORDS:
            return True
    return False


def _is_markup(text: str) -> bool:
    """A build file or XML snippet: several tags, one of them a closing tag."""
    return len(_XML_TAG_RE.findall(text)) >= limits.CODE_GUARD_MIN_XML_TAGS and bool(
        _XML_CLOSING_TAG_RE.search(text)
    )


_ADDED_LINE_RE = lazy_compile(r"^\+(?!\+)", re.M)
_REMOVED_LINE_RE = lazy_compile(r"^-(?!-)", re.M)


def _added_and_removed_lines(text: str) -> bool:
    return bool(_ADDED_LINE_RE.search(text) and _REMOVED_LINE_RE.search(text))


# Weak signs: one may appear in a summary ("Optional.orElse() 的用法"), several do not.
_WEAK_CODE_SIGNS: tuple[Callable[[str], object], ...] = (
    re.compile(r";\s*(?:$|\n|})", re.M).search,  # statement ends
    re.compile(r"\{[^{}]{0,500}\}").search,  # a braced block
    re.compile(r"\breturn\s+[^;\n]{1,200};").search,
    # assignments
    re.compile(r"\b\w+\s{0,8}(?:[+\-*/]?=)\s{0,8}(?:new\s+)?[\w.\"'(][^;\n]{0,200};").search,
    re.compile(r"\)\s*->\s*\{|\)\s*\{").search,  # lambda / method bodies
    _added_and_removed_lines,  # both added and removed lines
    re.compile(r"\b(?:if|for|while|switch|catch)\s*\([^)]{0,200}\)\s*\{").search,
    # a call on what a call returned, with arguments: "a.setScale(2, UP).compareTo(b)"
    re.compile(r"\w\.\w{1,64}\([^()\n]{1,200}\)\.\w{1,64}\(").search,
)


_QUOTED_RE = lazy_compile(r'"[^"\n]{0,200}"|\'[^\'\n]{0,200}\'')


def _is_chinese_prose(text: str) -> bool:
    """Chinese words outside string literals: a sentence that quotes a fragment."""
    return len(_CJK_ANY_RE.findall(_QUOTED_RE.sub("", text))) >= limits.CODE_GUARD_MIN_CJK_FOR_PROSE


def looks_like_code_or_log(text: str) -> bool:
    """True when ``text`` looks like source code, a diff, a stack trace, a log excerpt,
    build or test console output, a build/config file snippet, a shell command or SQL.

    Mentions of identifiers, a single call (``Optional.orElseGet()``) or a command inside
    a sentence ("run mvn -q before pushing") are fine; it takes a structural marker, a
    line that is only a command, or several weak signs together, to be code.
    """
    if _strong_code_or_log(text) or _is_command_line(text) or _is_markup(text):
        return True
    if _is_chinese_prose(text):
        return False  # "用户问 if (x) { } 里能不能省略大括号" talks about code
    return sum(1 for sign in _WEAK_CODE_SIGNS if sign(text)) >= limits.CODE_GUARD_WEAK_SIGNS


# --- hostile text: controls, escapes, invisible characters --------------------------

# Terminal escape sequences: CSI (colours, cursor moves, screen clears), OSC (window
# titles, OSC 52 clipboard writes, hyperlinks), DCS/SOS/PM/APC strings, and two-byte
# escapes; in 7-bit (ESC …) and 8-bit (C1) forms. Every quantifier is bounded. A
# string without its terminator loses only its introducer: its text is harmless
# once the control characters are gone, and may be the user's own words.
_ESCAPE_SEQUENCE_RE = lazy_compile(
    r"\x1b\[[0-?]{0,64}[ -/]{0,16}[@-~]?"
    r"|\x9b[0-?]{0,64}[ -/]{0,16}[@-~]?"
    r"|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]{0,4096}(?:\x07|\x1b\\|\x9c)"
    r"|(?:\x1b[PX^_]|[\x90\x98\x9e\x9f])[^\x1b\x9c]{0,4096}(?:\x1b\\|\x9c)"
    r"|\x1b[ -/]{0,4}[0-~]?"
)
# C0 controls except tab and the line breaks (LF, CR), DEL, and the C1 controls
# except NEL (a line break).
_CONTROL_EXCEPT_LINE_BREAKS_RE = lazy_compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f]")
_LINE_BREAK_RE = lazy_compile(r"\r\n?|[\x85\u2028\u2029]")
_LINE_BREAK_START_RE = lazy_compile("[\r\x85\u2028\u2029]")  # what a line break starts with
# Every Unicode format character (category Cf: zero-width spaces and joiners, bidi
# embeddings, overrides and isolates, the BOM, the soft hyphen, tag characters…) and a
# few invisible letters used to spoof text (Hangul fillers, the combining grapheme joiner).
INVISIBLE_CHARACTERS = (
    "\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
    "\U000e0020-\U000e007f"
    "\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0"
)
_INVISIBLE_RE = lazy_compile("[" + INVISIBLE_CHARACTERS + "]")


# Everything a terminal must never receive from memory or a repository: escape
# sequences, control characters but tab and newline (CR too: it rewrites a line),
# and invisible format characters. One pattern, so that cleaning stored text and
# printing it (the command line) agree, and a caller can map what it removes.
_UNSAFE_CHARACTER = "[\x00-\x08\x0b-\x1f\x7f-\x9f" + INVISIBLE_CHARACTERS + "]"
# Public (an API name): a compiled pattern, as it always was.
TERMINAL_UNSAFE_RE = re.compile(_ESCAPE_SEQUENCE_RE.pattern + "|" + _UNSAFE_CHARACTER)

# Every escape sequence starts with a character of that class (ESC, CSI, OSC…): a text
# without one has nothing to remove.
_UNSAFE_START_RE = lazy_compile(_UNSAFE_CHARACTER)


def has_control_characters(text: str) -> bool:
    """True when ``text`` holds a terminal escape sequence or a C0/C1 control character
    other than tab, line feed and carriage return (those are whitespace, not hostile)."""
    return bool(_CONTROL_EXCEPT_LINE_BREAKS_RE.search(text))


def clean_text(text: str, *, single_line: bool) -> str:
    """``text`` without terminal escape sequences, control characters and invisible
    format characters (zero-width, bidi controls, BOM, soft hyphen, tag characters).

    Line breaks (``\r\n``, ``\r``, U+2028/2029, NEL) become ``\n``; with
    ``single_line`` every run of whitespace, line breaks included, becomes one space
    and the ends are stripped; otherwise ``\n`` and ``\t`` are kept. Idempotent.
    """
    # Most text has nothing to remove: a scan for the characters every match starts
    # with is several times cheaper than the substitutions.
    if _LINE_BREAK_START_RE.search(text):
        text = _LINE_BREAK_RE.sub("\n", text)
    if _UNSAFE_START_RE.search(text):
        text = TERMINAL_UNSAFE_RE.sub("", text)
    if single_line:
        return " ".join(text.split())
    return text


@overload
def clean_output(value: str, *, single_line: bool = False) -> str: ...
@overload
def clean_output(value: Any, *, single_line: bool = False) -> Any: ...
def clean_output(value: Any, *, single_line: bool = False) -> Any:
    """``value`` as it may leave the library: a text, or JSON-shaped data (dicts, lists,
    tuples, strings, numbers), every string (keys too) cleaned by :func:`clean_text`.

    The one function the boundaries use where memory or a repository's text leaves for a
    terminal, a model or an MCP client (docs/privacy.md#hostile-text): no escape
    sequence, no C0/C1 control but ``\n`` and ``\t`` (a carriage return becomes a line
    break), no bidi override, isolate or mark, no invisible character. With
    ``single_line`` every string is also folded to one line (names, labels). Tuples come
    back as lists; anything else unchanged. Linear in the size of ``value``, and a
    string with nothing to remove costs two scans.
    """
    if isinstance(value, str):
        return clean_text(value, single_line=single_line)
    if isinstance(value, dict):
        return {
            clean_output(key, single_line=single_line): clean_output(item, single_line=single_line)
            for key, item in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [clean_output(item, single_line=single_line) for item in value]
    return value


def same_label(a: str, b: str) -> bool:
    """Labels are equal ignoring case, width, whitespace, invisible characters and look-alike
    letters ("Java Optional" == "java  optional" == "Java\u200bOptional"; "review" with a
    Cyrillic "е" == "review")."""
    return _label_key(a) == _label_key(b)


def _label_key(label: str) -> str:
    cleaned = clean_text(label, single_line=True)
    return re.sub(r"\s+", "", skeleton(cleaned))
