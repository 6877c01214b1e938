"""Rule shapes and how rules compare: :func:`rule_shape` reads what a rule is
about (objects, choices, rejected choices, content words, polarity);
:func:`same_subject` and :func:`restating` compare two shapes.

Two rules are on the **same subject** when they govern the same thing and choose from
the same set (or share their content); one with the same choice restates the other.
"Answer in Chinese" and "write Javadoc in English" share a word, not a subject. The
segmenter joins the parts of one rule by it, the context leaves out what restates a
dropped rule, and the offline reader and search compare texts by their shapes without
reading sentences, so shapes stand alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from autopatch_memory import limits
from autopatch_memory.directives.normalization import pattern_text
from autopatch_memory.directives.shape_lexicon import (
    CHOICE_CUES,
    COMBINED_VALUES,
    DEFAULT_OBJECTS,
    NEGATION_CUES,
    NEGATION_RE,
    REJECTED_ALTERNATIVE,
    SHAPE_FILLER_ZH,
    SHAPE_STOPWORDS_EN,
    SHAPE_TIME_EN,
    SUBSUMES,
)
from autopatch_memory.directives.vocabulary import BIE, STANDING_ZH
from autopatch_memory.lang.chars import CJK_RUN_RE
from autopatch_memory.lang.phrases import phrase_pattern
from autopatch_memory.lang.vocabulary import ARTIFACTS, CHOICES, SYNONYMS
from autopatch_memory.text import normalize

# Polarity is counted per part: an item's text is its label and its summary, each saying
# the rule once ("avoid X. I can't stand X." forbids X once, not twice), and a list of
# prohibitions ("no emojis, no filler") forbids each; inside one part two negations
# ask ("never skip the tests").
_SHAPE_PARTS = re.compile(r"[,，；、。!！?？\n]|(?<![Tt][Ll]);|\.(?:\s|$)|\s[—–-]{1,2}\s|——|—")
_LATIN_WORD = re.compile(r"[a-z][a-z0-9+#]*(?:[.-][a-z0-9+#]+)*")


def _pattern(phrases: Iterable[str]) -> re.Pattern[str]:
    """A lexicon entry's phrases; an English one also matches its plural ("whole files")."""
    return phrase_pattern(*(normalize(p) for p in phrases), plurals=True)


@dataclass(frozen=True)
class _Lexicon:
    """The lexicon compiled: built on first use, once (compiling it is most of the
    grammar's import time), and fetched once per :func:`rule_shape` call."""

    objects: dict[str, re.Pattern[str]]
    concepts: dict[str, re.Pattern[str]]
    choices: dict[str, dict[str, re.Pattern[str]]]
    cues: dict[str, re.Pattern[str]]
    lexicon: re.Pattern[str]  # every known phrase, cut out before content words are counted


@cache
def _lexicon() -> _Lexicon:
    return _Lexicon(
        objects={name: _pattern(words) for name, words in ARTIFACTS.items()},
        concepts={name: _pattern(words) for name, words in SYNONYMS.items()},
        choices={
            cls: {value: _pattern(words) for value, words in values.items()}
            for cls, values in CHOICES.items()
        },
        cues={cls: _pattern(words) for cls, words in CHOICE_CUES.items()},
        lexicon=re.compile(
            _pattern(
                [
                    *(w for words in ARTIFACTS.values() for w in words),
                    *(w for words in SYNONYMS.values() for w in words),
                    *(w for values in CHOICES.values() for ws in values.values() for w in ws),
                    *NEGATION_CUES,
                    *STANDING_ZH,
                    "默认",
                    *SHAPE_FILLER_ZH,
                    *SHAPE_TIME_EN,
                ]
            ).pattern
            + "|"
            + BIE
        ),
    )


@dataclass(frozen=True)
class RuleShape:
    """What a rule is about: the objects it governs, the choices it makes (and those it
    rejects: "不喜欢字段注入"), its other content words, and whether it forbids."""

    objects: frozenset[str]
    choices: frozenset[tuple[str, str]]
    terms: frozenset[str]
    negative: bool
    rejected: frozenset[tuple[str, str]] = frozenset()
    scope: str | None = None  # the one module the rule is for ("lift-app-api 的接口…")

    @property
    def choice_classes(self) -> frozenset[str]:
        """The sets of alternatives the rule chooses from ("language", "build_tool")."""
        return frozenset(cls for cls, _ in self.choices)


def _without_rejected(norm: str) -> str:
    def keep(match: re.Match[str]) -> str:
        return match.group("keep") or ""

    return REJECTED_ALTERNATIVE.sub(keep, norm)


def _terms(norm: str, lexicon: re.Pattern[str]) -> set[str]:
    """Content words left once every known phrase (``lexicon``) is cut out: Latin words,
    CJK bigrams."""
    rest = lexicon.sub(" ", norm)
    terms: set[str] = set()
    for word in _LATIN_WORD.findall(rest):
        if len(word) < 2 or word in SHAPE_STOPWORDS_EN:
            continue
        if word.endswith("ing") and len(word) > limits.DIRECTIVE_GERUND_MIN_CHARS:
            word = word[:-3]
        terms.add(word[:-1] if word.endswith("s") and len(word) > 3 else word)
    for run in CJK_RUN_RE.findall(rest):
        if len(run) == 1:
            continue
        terms.update(run[i : i + 2] for i in range(len(run) - 1))
    return terms


# A Java release named by its number alone, before what it brings: "放开用 17 的语法",
# "use 21 features".
_BARE_JAVA_VERSION = re.compile(
    r"(?<![\w.])(8|11|17|21)\s*(的?\s*(?:新?语法|新?特性|写法|syntax|features?|language features?))"
)


# A limit on length in words or characters ("200 字以内", "under 150 words"): its number is
# the choice, so "放宽到 500 字" replaces "控制在 200 字以内" and "the word limit" names both.
_WORD_LIMIT = re.compile(r"(?<![\w.])(\d+)\s*(?:个)?(?:字|words?|characters?|chars?)(?![a-z])")
_WORD_LIMIT_CLASS = "word_limit"


# A rule that opens with a module's name is for that module ("lift-app-api 的接口返回…",
# "for order-api, …"): an exception beside a rule for every module, not its replacement.
_SCOPE_HEAD = re.compile(
    r"^\W*(?:for |in |对于|在)?([a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?=\s|的|里|中|[,，:：])"
)


@lru_cache(maxsize=limits.DIRECTIVE_CACHE_ENTRIES)
def rule_shape(text: str) -> RuleShape:
    """The shape of the rule stated in ``text`` (a user's clause, or an item's label
    and summary as any backend wrote them)."""
    lex = _lexicon()
    object_patterns, choice_patterns, cue_patterns = lex.objects, lex.choices, lex.cues
    norm = _BARE_JAVA_VERSION.sub(r"java \1 \2", _without_rejected(pattern_text(text)))
    objects = {name for name, pattern in object_patterns.items() if pattern.search(norm)}
    for narrow, wide in SUBSUMES.items():
        if narrow in objects:
            objects.difference_update(wide)
    choices = {
        (cls, value)
        for cls, values in choice_patterns.items()
        if cls not in cue_patterns or cue_patterns[cls].search(norm)
        for value, pattern in values.items()
        if pattern.search(norm)
    }
    for (cls, value), parts in COMBINED_VALUES.items():
        if (cls, value) in choices:
            choices -= {(cls, part) for part in parts}
    limits_named = {(_WORD_LIMIT_CLASS, found.group(1)) for found in _WORD_LIMIT.finditer(norm)}
    # A choice is rejected when the part that names it is negative: "不喜欢字段注入，用构造器
    # 注入" rejects one choice and makes the other (parity: "never skip" asks).
    rejected: set[tuple[str, str]] = set()
    for part in filter(str.strip, _SHAPE_PARTS.split(norm)) if choices else ():
        if len(NEGATION_RE.findall(part)) % 2 == 1:
            rejected.update(c for c in choices if choice_patterns[c[0]][c[1]].search(part))
    choices |= limits_named
    terms = {name for name, pattern in lex.concepts.items() if pattern.search(norm)}
    if limits_named:
        terms.add(_WORD_LIMIT_CLASS)
    terms |= _terms(norm, lex.lexicon)
    negative = any(len(NEGATION_RE.findall(part)) % 2 == 1 for part in _SHAPE_PARTS.split(norm))
    scope = _SCOPE_HEAD.match(norm)
    return RuleShape(
        frozenset(objects or DEFAULT_OBJECTS),
        frozenset(choices),
        frozenset(terms),
        negative,
        frozenset(rejected),
        scope.group(1) if scope else None,
    )


def _overlap(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / min(len(a), len(b))


# What an answer contains: a rule about answers also governs their code and examples.
_ANSWER_FAMILY = frozenset({"answer", "code", "example"})


def _objects_meet(a: frozenset[str], b: frozenset[str]) -> bool:
    return bool(a & b) or bool(a & _ANSWER_FAMILY and b & _ANSWER_FAMILY)


# Choices made for the whole project, whatever artifact a rule names: "from now on use
# Gradle" replaces "always give me Maven commands".
_PROJECT_WIDE = frozenset(
    {"build_tool", "java_version", "test_framework", "orm", "json_library", "config_format",
     "gradle_dsl", "injection", "logging_library", "assertion_library", "mapping_style",
     "naming_style", "transaction_mode"}
)  # fmt: skip


def same_subject(a: RuleShape, b: RuleShape) -> bool:
    """The rule ``a`` (the newer one) governs what ``b`` governs and chooses from the same
    set (or shares its content).

    A rule that agrees with ``b`` on every set they share but also chooses from a set
    ``b`` does not is about something else: "write Gradle build scripts in the Kotlin
    DSL" does not restate "give me Gradle commands". A rule for one module is an
    exception to a rule for all of them, neither its restatement nor its replacement."""
    if _adds_a_choice(a, b) or (a.scope is not None and a.scope != b.scope):
        return False
    if not _objects_meet(a.objects, b.objects):
        shared = a.choice_classes & b.choice_classes & _PROJECT_WIDE
        unnamed = a.objects == DEFAULT_OBJECTS or b.objects == DEFAULT_OBJECTS
        return bool(shared) and unnamed
    if a.choice_classes & b.choice_classes:
        return True
    if a.choices and b.choices:
        return False  # both choose, from different sets: answer language vs answer length
    if not (a.terms or b.terms or a.choices or b.choices):
        # Nothing but what they govern: "示例带单元测试" / "示例不用带测试了".
        return a.objects == b.objects != DEFAULT_OBJECTS
    return _overlap(a.terms, b.terms) >= limits.DIRECTIVE_SUBJECT_OVERLAP


def _adds_a_choice(a: RuleShape, b: RuleShape) -> bool:
    shared = a.choice_classes & b.choice_classes
    if not shared or a.choice_classes <= b.choice_classes:
        return False
    return all(_preferred(a, cls) & _preferred(b, cls) for cls in shared)


def _preferred(shape: RuleShape, cls: str) -> frozenset[str]:
    """The values of ``cls`` a rule accepts: those it asks for, else every one it does
    not reject ("不要用字段注入" accepts constructor and setter injection)."""
    asked = frozenset(v for c, v in shape.choices if c == cls and (c, v) not in shape.rejected)
    if asked:
        return asked
    return frozenset(CHOICES.get(cls, ())) - frozenset(v for c, v in shape.rejected if c == cls)


def restating(a: RuleShape, b: RuleShape) -> bool:
    """``a`` says what ``b`` says: the same subject, compatible choices, same polarity
    (or, for a choice, the same accepted values: "不要用字段注入" ≈ "用构造器注入")."""
    if not same_subject(a, b):
        return False
    shared = a.choice_classes & b.choice_classes
    if not shared:
        return a.negative == b.negative
    return all(_preferred(a, cls) & _preferred(b, cls) for cls in shared)
