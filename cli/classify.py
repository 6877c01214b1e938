"""The rule-based, bilingual intent classifier of the command line (SPEC §1).

The host's intents decide what memory may see: audit and patch turns stay
isolated, explanations and general questions read and write memory. The CLI has
no model to classify a question, so it uses transparent rules, in this order:

1. while a patch awaits confirmation: "revise the patch" words → ``patch_revise``,
   "explain the patch" words → ``patch_explain`` (without a pending patch these
   words fall through to the next rules — a patch question never reaches memory);
2. audit words (audit, fix, vulnerability, 审计, 检查, 修复, 漏洞…) → ``code_audit``;
3. an ``@path``, a file name or path, or a project word (project, module, file,
   项目, 模块, 目录, 代码…) → ``code_explain``; a code-element word ("class",
   "what does", 方法…) counts only next to a pointer to this code ("this", "our",
   这个, or a Java identifier such as ``ReviewService``);
4. otherwise ``general_chat``.

The word lists live in :mod:`autopatch_memory.signals`. The choice is always
overridable (``--intent``, ``/intent``); the result says why it was made.
"""

from __future__ import annotations

import re
from enum import Enum

from pydantic import BaseModel, ConfigDict, Field

from autopatch_memory import signals
from autopatch_memory.intents import IntentType
from autopatch_memory.text import SignalMatcher

__all__ = ["Classification", "Rule", "choose", "classify", "forced", "mentioned_paths"]


class Rule(str, Enum):
    """Which rule chose the intent."""

    FORCED = "forced"  # --intent / /intent
    PATCH_REVISE = "patch_revise_words"
    PATCH_EXPLAIN = "patch_explain_words"
    AUDIT = "audit_words"
    PATH = "path_in_question"
    EXPLAIN = "code_words"
    CODE_ELEMENT = "code_element_words"
    DEFAULT = "default"

    def __str__(self) -> str:
        return self.value


class Classification(BaseModel):
    """The intent chosen for a question, and why."""

    model_config = ConfigDict(frozen=True)

    intent: IntentType
    rule: Rule
    matched: list[str] = Field(default_factory=list)

    @property
    def explanation(self) -> str:
        """A short human reason, e.g. ``audit word "fix"``."""
        words = ", ".join(f'"{w}"' for w in self.matched)
        return {
            Rule.FORCED: "chosen by you",
            Rule.PATCH_REVISE: f"revise-the-patch words: {words}",
            Rule.PATCH_EXPLAIN: f"explain-the-patch words: {words}",
            Rule.AUDIT: f"audit words: {words}",
            Rule.PATH: f"names a file or path: {words}",
            Rule.EXPLAIN: f"code words: {words}",
            Rule.CODE_ELEMENT: f"about code here: {words}",
            Rule.DEFAULT: "no audit, patch or code words",
        }[self.rule]


_PATCH_REVISE = SignalMatcher(signals.PATCH_REVISE_SIGNALS_ZH, signals.PATCH_REVISE_SIGNALS_EN)
_PATCH_EXPLAIN = SignalMatcher(signals.PATCH_EXPLAIN_SIGNALS_ZH, signals.PATCH_EXPLAIN_SIGNALS_EN)
# SignalMatcher applies its exceptions to the normalized text before matching
# both languages, so the English exceptions ("http patch") work there too.
_AUDIT = SignalMatcher(
    signals.AUDIT_SIGNALS_ZH,
    signals.AUDIT_SIGNALS_EN,
    zh_exceptions=signals.AUDIT_SIGNAL_EXCEPTIONS,
)
_EXPLAIN = SignalMatcher(
    signals.EXPLAIN_SIGNALS_ZH,
    signals.EXPLAIN_SIGNALS_EN,
    zh_exceptions=signals.EXPLAIN_SIGNAL_EXCEPTIONS,
)
_CODE_ELEMENT = SignalMatcher(signals.CODE_ELEMENT_SIGNALS_ZH, signals.CODE_ELEMENT_SIGNALS_EN)
_DEICTIC = SignalMatcher(signals.DEICTIC_SIGNALS_ZH, signals.DEICTIC_SIGNALS_EN)

# `@path` puts a file in scope; the path ends at whitespace or at full-width
# (Chinese) punctuation, and trailing sentence punctuation ("看看 @pom.xml.") is
# not part of it.
_FULL_WIDTH_PUNCTUATION = "，。；：！？、（）【】《》「」"
_AT_PATH_RE = re.compile(r"(?<![\w@])@([^\s@" + _FULL_WIDTH_PUNCTUATION + r"]+)")
_TRAILING_PUNCTUATION = ".,;:!?)]}>'\"，。；：！？）】》、"
# A word with a slash between two names (src/main/java, /src/main, review/pom.xml).
_SLASH_PATH_RE = re.compile(r"(?<![\w/:])/?[\w.-]+(?:/[\w.-]+)+/?")
_FILE_NAME_RE = re.compile(
    r"(?<![\w.])[\w-]+(?:" + "|".join(re.escape(s) for s in signals.CODE_FILE_SUFFIXES) + r")\b",
    re.IGNORECASE,
)
# Java identifiers that name a thing of the code: UserServiceImpl, findById, Foo.bar().
_IDENTIFIER_RE = re.compile(
    r"(?<![\w])(?:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z]+[A-Z]\w*|\w+\.\w+\(\)|\w+\(\))"
)


# `@Data`, `@Override`: a capitalised bare name after `@` is a Java annotation.
_ANNOTATION_RE = re.compile(r"[A-Z]\w*")


def mentioned_paths(text: str) -> list[str]:
    """The ``@path`` mentions of ``text``, in order, without the ``@`` (de-duplicated).

    Java annotations (``@Data``, ``@Override``) are not paths and are left out.
    """
    found: list[str] = []
    for match in _AT_PATH_RE.finditer(text):
        path = match.group(1).rstrip(_TRAILING_PUNCTUATION)
        if path and path not in found and not _ANNOTATION_RE.fullmatch(path):
            found.append(path)
    return found


def _path_words(text: str) -> list[str]:
    words = [f"@{p}" for p in mentioned_paths(text)]
    for regex in (_SLASH_PATH_RE, _FILE_NAME_RE):
        for match in regex.finditer(text):
            # "pom.xml" inside "@api/pom.xml" is the same mention, not a second one.
            if not any(match.group(0) in word for word in words):
                words.append(match.group(0))
    # "http://…" is a URL, not a repository path.
    return [w for w in dict.fromkeys(words) if "://" not in w]


def classify(text: str, *, patch_pending: bool = False) -> Classification:
    """Choose the intent of ``text`` by the rules of the module docstring.

    ``patch_pending``: a patch awaits the user's confirmation, so "explain/revise
    the patch" mean that patch; without one, those words fall through.
    """
    if patch_pending:
        if found := _PATCH_REVISE.find(text):
            return Classification(
                intent=IntentType.PATCH_REVISE, rule=Rule.PATCH_REVISE, matched=found
            )
        if found := _PATCH_EXPLAIN.find(text):
            return Classification(
                intent=IntentType.PATCH_EXPLAIN, rule=Rule.PATCH_EXPLAIN, matched=found
            )
    if found := _AUDIT.find(text):
        return Classification(intent=IntentType.CODE_AUDIT, rule=Rule.AUDIT, matched=found)
    if found := _path_words(text):
        return Classification(intent=IntentType.CODE_EXPLAIN, rule=Rule.PATH, matched=found)
    if found := _EXPLAIN.find(text):
        return Classification(intent=IntentType.CODE_EXPLAIN, rule=Rule.EXPLAIN, matched=found)
    element = _CODE_ELEMENT.find(text)
    if element:
        pointer = _DEICTIC.find(text) or [m.group(0) for m in _IDENTIFIER_RE.finditer(text)]
        if pointer:
            return Classification(
                intent=IntentType.CODE_EXPLAIN,
                rule=Rule.CODE_ELEMENT,
                matched=[*element, *pointer],
            )
    return Classification(intent=IntentType.GENERAL_CHAT, rule=Rule.DEFAULT)


def forced(intent: IntentType) -> Classification:
    """The classification of an intent the user chose explicitly."""
    return Classification(intent=intent, rule=Rule.FORCED)


def choose(
    text: str, intent: IntentType | None = None, *, patch_pending: bool = False
) -> Classification:
    """The intent the user forced (``--intent``, ``/intent``), else the classifier's choice."""
    if intent is not None:
        return forced(intent)
    return classify(text, patch_pending=patch_pending)
