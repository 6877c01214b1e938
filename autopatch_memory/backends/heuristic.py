"""The heuristic backend (SPEC §10): a Memory Delta by rules, offline and deterministic.

It is the default when no model is configured, so memory works on a fresh
machine. It only ever restates what the user wrote — never what the assistant
answered (an answer may guess) — and it checks every label and summary against
the applier's own guards before proposing it, so its deltas are accepted whole:

* a turn summary for every turn, from the user's question (its first question
  sentence, plus key identifiers and paths), in the user's language;
* topics from salient terms shared by the turns; an existing topic whose label
  the turns match is updated instead of duplicated; at most two new topics;
* a durable preference from each sentence that states a lasting wish, the
  sentence itself as summary, grounded in its turn; the same kind of rule
  ("answer language", "回答语言") updates the existing item;
* a project note from each project-level ``code_explain`` turn: which module,
  folder, package or class the user focused on — never what the project is for.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from autopatch_memory import limits, signals
from autopatch_memory.backends.base import SummaryItem, SummaryRequest, SummaryTurn
from autopatch_memory.intents import IntentType
from autopatch_memory.model import (
    SOURCE_OF_TYPE,
    LongTermOp,
    LongTermType,
    MemoryDelta,
    Operation,
    TopicOp,
    TurnSummaryOp,
)
from autopatch_memory.privacy import is_only_redacted, redact
from autopatch_memory.text import (
    LONG_TERM,
    Language,
    SignalMatcher,
    clip,
    detect_language,
    has_long_term_signal,
    looks_like_code_or_log,
    normalize,
    same_label,
    tokenize,
)

# --- cleaning the user's text ------------------------------------------------------

_FENCE_RE = re.compile(r"```.*?(?:```|\Z)", re.S)
_INLINE_CODE_RE = re.compile(r"`([^`\n]*)`")
_CODE_LINE_RE = re.compile(
    r"""^\s*(?:
        [{}\[\]();,]+\s*$                       # lone brackets
      | (?://|/\*|\*/|\*\s|\#include|@@|\+\+\+\s|---\s|diff\s--git)  # comments, diffs
      | at\s+[\w$.<>]+\(                        # a stack frame
      | \$\s                                     # a shell prompt
      | [\w.$]+(?:Exception|Error)(?::|\s*$)     # an exception line
    )""",
    re.X,
)
_CODE_SYMBOLS = frozenset("{}[]();=<>|&")
_SPACES_RE = re.compile(r"\s+")
_AT_PATH_RE = re.compile(r"(?<![\w@])@(?=[\w./-])")
_SENTENCE_RE = re.compile(r"[^。！？!?；;\n]+[。！？!?；;]*")
_LATIN_END_RE = re.compile(r"(?<=[A-Za-z\)\]\"'])\.\s+(?=[A-Z\u4e00-\u9fff])")
_END_PUNCT = "。！？!?；;.,，、:："


def _is_code_line(line: str) -> bool:
    stripped = line.strip()
    if not stripped:
        return False
    if _CODE_LINE_RE.match(line) or looks_like_code_or_log(stripped):
        return True
    if stripped.endswith((";", "{", "}")):
        return True
    symbols = sum(1 for ch in stripped if ch in _CODE_SYMBOLS)
    return symbols / len(stripped) > limits.HEURISTIC_CODE_SYMBOL_RATIO


def _inline(match: re.Match[str]) -> str:
    # `Optional.get()` is a name worth keeping; `if (x) { y(); }` is not.
    inner = match.group(1).strip()
    if len(inner) <= limits.HEURISTIC_TERM_MAX_CHARS and not _is_code_line(inner):
        return inner
    return " "


def clean_prose(text: str) -> str:
    """The user's words without secrets, code blocks, code lines, logs or stack traces."""
    text = _FENCE_RE.sub("\n", redact(text))
    text = _INLINE_CODE_RE.sub(_inline, text)
    text = _AT_PATH_RE.sub("", text)
    lines = [line for line in text.splitlines() if not _is_code_line(line)]
    return "\n".join(_SPACES_RE.sub(" ", line).strip() for line in lines if line.strip())


def sentences(text: str) -> list[str]:
    """Sentences of cleaned text: split at Chinese/Latin end marks and line breaks
    (a dot ends a sentence only before a space, so ``Optional.get()`` stays whole)."""
    text = _LATIN_END_RE.sub(".\n", text)
    found = (m.group(0).strip() for m in _SENTENCE_RE.finditer(text))
    return [s for s in found if s.strip(_END_PUNCT + " ")]


def _one_line(text: str) -> str:
    return _SPACES_RE.sub(" ", text).strip()


def _safe(text: str, limit: int) -> str | None:
    """``text`` as the applier will accept it (one line, within ``limit``, not code), or None."""
    value = clip(_one_line(text), limit)
    if not value or looks_like_code_or_log(value):
        return None
    return value


def _extend(base: str, addition: str, joiner: str) -> str | None:
    """``base`` + ``joiner`` + ``addition`` when it fits a summary and stays prose, else None."""
    if not addition:
        return _safe(base, limits.MAX_SUMMARY_CHARS)
    joined = _one_line(f"{base}{joiner}{addition}")
    if len(joined) > limits.MAX_SUMMARY_CHARS:
        return None
    return _safe(joined, limits.MAX_SUMMARY_CHARS)


def _end(sentence: str, language: Language) -> str:
    """The sentence with one end mark of its language."""
    body = sentence.rstrip(_END_PUNCT + " ")
    if sentence.rstrip().endswith(("？", "?")):
        return body + ("？" if language is Language.ZH else "?")
    return body + ("。" if language is Language.ZH else ".")


# --- questions and wishes ------------------------------------------------------------

_STRONG_WISH = SignalMatcher(
    signals.PREFERENCE_STRONG_SIGNALS_ZH,
    signals.PREFERENCE_STRONG_SIGNALS_EN,
    zh_exceptions=signals.LONG_TERM_SIGNAL_EXCEPTIONS_ZH,
)
_ADDRESS = SignalMatcher(signals.PREFERENCE_ADDRESS_CUES_ZH, signals.PREFERENCE_ADDRESS_CUES_EN)
_ZH_QUESTION = SignalMatcher(signals.QUESTION_MARKERS_ZH, ())
_EN_WORD_RE = re.compile(r"[a-z']+")


def _first_words(sentence: str, count: int) -> str:
    return " ".join(_EN_WORD_RE.findall(normalize(sentence))[:count])


def is_question(sentence: str) -> bool:
    """A question rather than a statement or a request ("could you always…" is a request)."""
    norm = normalize(sentence).strip()
    lead = _first_words(sentence, 2)
    if lead.startswith(signals.POLITE_REQUEST_EN) or norm.startswith(signals.POLITE_REQUEST_ZH):
        return False
    if norm.rstrip().endswith(("?", "？")):
        return True
    first = lead.split(" ", 1)[0] if lead else ""
    if first in signals.QUESTION_WORDS_EN and detect_language(sentence) is Language.EN:
        return True
    return detect_language(sentence) is Language.ZH and _ZH_QUESTION.matches(sentence)


def is_wish(sentence: str) -> bool:
    """The sentence states a lasting wish: an explicit long-term signal that is not a
    question, and either a strong signal ("from now on", "以后"), a sentence that starts
    with its signal ("Always…", "不要…"), or one addressed to the assistant."""
    found = LONG_TERM.find(sentence)
    if not found:
        return False
    if _STRONG_WISH.matches(sentence):
        return not is_question(sentence) or normalize(sentence).startswith(tuple(found))
    if is_question(sentence):
        return False
    norm = normalize(sentence).lstrip(" \"'“「")
    starts = norm.startswith(tuple(found)) or _first_words(sentence, 1) == "please"
    return starts or _ADDRESS.matches(sentence)


# --- terms -----------------------------------------------------------------------------

_PATH_RE = re.compile(
    r"(?<![\w/.-])((?:[\w.-]+/)+[\w.-]*|[\w-]+\.(?:java|kt|groovy|xml|gradle|kts|properties|"
    r"ya?ml|toml|md|json|sql))(?![\w/])"
)
_IDENT_RE = re.compile(
    r"(?<![\w$.])(?:"
    r"[A-Za-z_$][\w$]+(?:\.[A-Za-z_$][\w$]+)+(?:\(\))?"  # dotted: Optional.get(), java.util.List
    r"|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+"  # UserServiceImpl
    r"|[a-z]+(?:[A-Z][a-z0-9]*)+(?:\(\))?"  # flatMap, orElseGet()
    r"|[A-Z]{2,}[a-z]*"  # JPA, JVM, DTOs
    r")(?![\w$])"
)
_LATIN_WORD_RE = re.compile(r"(?<![\w$.])[A-Za-z][\w$-]*[A-Za-z0-9](?![\w$])")
_CJK_RUN_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_ZH_NOISE_RE = re.compile(
    "|".join(
        re.escape(p)
        for p in sorted(
            {*signals.STOP_PHRASES_ZH, *signals.LONG_TERM_SIGNALS_ZH, *signals.SUBJECT_KINDS_ZH},
            key=len,
            reverse=True,
        )
    )
)


@dataclass
class _Term:
    """A candidate topic term and the turns that mention it."""

    key: str
    display: str
    strong: bool
    turns: list[str] = field(default_factory=list)
    order: int = 0


def _key(term: str) -> str:
    return normalize(term).rstrip("()")


def key_terms(text: str, scope_paths: Sequence[str] = ()) -> list[str]:
    """Identifiers and paths named by the turn, in order of appearance, de-duplicated."""
    found: list[str] = []
    seen: set[str] = set()
    for path in scope_paths:
        if path.strip():
            found.append(path.strip())
            seen.add(_key(path.strip()))
    for match in sorted(
        [*_PATH_RE.finditer(text), *_IDENT_RE.finditer(text)], key=lambda m: m.start()
    ):
        term = match.group(0).strip()
        if (
            term
            and _key(term) not in seen
            and len(term) <= limits.HEURISTIC_TERM_MAX_CHARS
            and not any(_key(term) in k for k in seen)
        ):
            found.append(term)
            seen.add(_key(term))
    return found


def _latin_terms(text: str, language: Language) -> list[tuple[str, bool]]:
    """(term, strong) pairs of the Latin-script terms of a text."""
    terms: list[tuple[str, bool]] = []
    strong_keys: set[str] = set()
    for term in key_terms(text):
        name = term.rstrip("/").rsplit("/", 1)[-1] if "/" in term else term
        name = re.sub(r"\.(?:java|kt|groovy)$", "", name)
        if len(name) >= limits.HEURISTIC_TERM_MIN_CHARS and _key(name) not in strong_keys:
            terms.append((name.rstrip("()") if name.endswith("()") else name, True))
            strong_keys.add(_key(name))
    for match in _LATIN_WORD_RE.finditer(text):
        word = match.group(0)
        key = _key(word)
        if (
            key in strong_keys
            or key in signals.STOPWORDS_EN
            or key in signals.GENERIC_TERMS_EN
            or len(word) > limits.HEURISTIC_TERM_MAX_CHARS
        ):
            continue
        # In Chinese text a Latin word is almost always a technical term
        # ("Optional 怎么用"); in English text a capitalised word inside a sentence
        # is a name ("Is Optional a good return type?"), other words are weak.
        before = text[: match.start()].rstrip()
        named = word[0].isupper() and bool(before) and before[-1] not in _END_PUNCT
        terms.append((word, language is Language.ZH or named))
        strong_keys.add(key)
    return terms


def _cjk_pieces(text: str) -> list[str]:
    pieces: list[str] = []
    for run in _CJK_RUN_RE.findall(text):
        pieces.extend(
            p for p in _ZH_NOISE_RE.split(run) if len(p) >= limits.HEURISTIC_TERM_MIN_CHARS
        )
    return pieces


def _longest_common(a: str, b: str) -> str:
    """The longest common substring of two short strings (first one on a tie)."""
    best_len, best_end = 0, 0
    previous = [0] * (len(b) + 1)
    for i in range(1, len(a) + 1):
        current = [0] * (len(b) + 1)
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                current[j] = previous[j - 1] + 1
                if current[j] > best_len:
                    best_len, best_end = current[j], i
        previous = current
    return a[best_end - best_len : best_end]


def _shared_cjk_terms(texts: Sequence[str]) -> list[str]:
    """Chinese terms two or more texts share (longest common pieces, not generic)."""
    pieces = [_cjk_pieces(t) for t in texts]
    found: list[str] = []
    for i in range(len(texts)):
        for j in range(i + 1, len(texts)):
            for a in pieces[i]:
                for b in pieces[j]:
                    common = _longest_common(a, b)[: limits.HEURISTIC_CJK_TERM_MAX_CHARS]
                    if (
                        len(common) >= limits.HEURISTIC_TERM_MIN_CHARS
                        and common not in signals.GENERIC_TERMS_ZH
                        and not has_long_term_signal(common)
                        and common not in found
                    ):
                        found.append(common)
    # "注入" inside "依赖注入" is the same term, less of it.
    return [t for t in found if not any(t != other and t in other for other in found)]


def _label_tokens(label: str) -> set[str]:
    tokens = set(tokenize(label))
    specific = {t for t in tokens if t not in signals.GENERIC_TERMS_EN}
    return specific or tokens


def _match_strength(label: str, text_tokens: set[str]) -> int:
    """How many of a label's tokens a text has, or 0 when too few to call it a match."""
    wanted = _label_tokens(label)
    if not wanted:
        return 0
    overlap = len(wanted & text_tokens)
    return overlap if overlap >= max(1, math.ceil(len(wanted) / 2)) else 0


# --- preferences -------------------------------------------------------------------------


def _category(sentence: str) -> tuple[str, str] | None:
    """(zh label, en label) of the kind of rule a sentence states, if it is a known kind."""
    norm = normalize(sentence)
    words = set(re.findall(r"[a-z][a-z;]*", norm))
    for zh_label, en_label, zh_cues, en_cues in signals.PREFERENCE_CATEGORIES:
        if any(cue in norm for cue in zh_cues if not cue.isascii()) or words & {
            c for c in (*zh_cues, *en_cues) if c.isascii()
        }:
            return zh_label, en_label
    return None


_REDACTED_RE = re.compile(r"\[REDACTED:[^\]]*\]")
_LABEL_WORD_RE = re.compile(r"(?<![\w$.])[A-Za-z][\w$.+#-]*[A-Za-z0-9+#]|(?<![\w$.])[A-Za-z]")


def _derived_label(sentence: str, language: Language) -> str:
    """A short label for a rule of no single-valued kind: the words that carry it
    ("Never use Lombok in examples" → "Lombok examples"), never a secret."""
    body = _REDACTED_RE.sub(" ", sentence)
    signal_words = {w for p in signals.LONG_TERM_SIGNALS_EN for w in p.split()}
    words = [
        w
        for w in _LABEL_WORD_RE.findall(body)
        if len(w) >= limits.HEURISTIC_TERM_MIN_CHARS
        and _key(w) not in signals.STOPWORDS_EN
        and _key(w) not in signal_words
        and not w.isdigit()
    ]
    if language is Language.EN:
        return " ".join(words[: limits.HEURISTIC_KEY_TERMS]) or "user rule"
    if words:
        return " ".join(words[: limits.HEURISTIC_KEY_TERMS - 1]) + " 规则"
    rest = "".join(p for run in _CJK_RUN_RE.findall(body) for p in _ZH_NOISE_RE.split(run) if p)
    return clip(rest, limits.HEURISTIC_ZH_LABEL_CHARS) if len(rest) >= 2 else "用户规则"


# --- project notes -----------------------------------------------------------------------

_FILE_RE = re.compile(r"\.[A-Za-z0-9]{1,8}$")
_ZH_SUBJECT_RE = re.compile(
    r"([A-Za-z][\w.-]*)\s*("
    + "|".join(sorted(signals.SUBJECT_KINDS_ZH, key=len, reverse=True))
    + ")(?![括含装])"  # 包括/包含 are verbs, not a package
)
_EN_SUBJECT_BEFORE_RE = re.compile(
    r"(?<![\w.-])([A-Za-z][\w.-]*)\s+(" + "|".join(signals.SUBJECT_KINDS_EN) + r")\b", re.I
)
_EN_SUBJECT_AFTER_RE = re.compile(
    r"\b(" + "|".join(signals.SUBJECT_KINDS_EN) + r")\s+([A-Za-z][\w.-]*[A-Za-z0-9])", re.I
)
_NAME_SHAPE_RE = re.compile(r"[A-Z._-]")
_CLASS_RE = re.compile(r"(?<![\w$.])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+(?![\w$])")


def is_project_level(turn: SummaryTurn) -> bool:
    """A ``code_explain`` turn with no specific file in scope (SPEC §3)."""
    if turn.intent is not IntentType.CODE_EXPLAIN:
        return False
    return not any(
        _FILE_RE.search(p.rstrip()) and not p.rstrip().endswith("/") for p in turn.scope_paths
    )


@dataclass(frozen=True)
class Subject:
    """What part of the project a project-level question is about."""

    name: str  # "" for the project as a whole
    kind: str  # module | folder | package | class | project


def _plain_name(name: str) -> bool:
    key = _key(name)
    return (
        len(name) >= limits.HEURISTIC_TERM_MIN_CHARS
        and key not in signals.STOPWORDS_EN
        and key not in signals.GENERIC_TERMS_EN
        and key not in signals.SUBJECT_KINDS_EN
    )


def _text_subject(text: str, module_names: Mapping[str, str]) -> Subject | None:
    """The subject the user's words name: the first "<name> 模块" / "the <name> module"
    / "module <name>", else the first module of the build mentioned by name."""
    candidates: list[tuple[int, Subject]] = []
    for match in _ZH_SUBJECT_RE.finditer(text):
        if _plain_name(match.group(1)):
            kind = signals.SUBJECT_KINDS_ZH[match.group(2)]
            candidates.append((match.start(), Subject(match.group(1), kind)))
    for match in _EN_SUBJECT_BEFORE_RE.finditer(text):
        if _plain_name(match.group(1)):
            kind = signals.SUBJECT_KINDS_EN[match.group(2).lower()]
            candidates.append((match.start(), Subject(match.group(1), kind)))
    for match in _EN_SUBJECT_AFTER_RE.finditer(text):
        # "module mall-admin", "class UserService"; but not "module handles orders".
        name = match.group(2)
        if _plain_name(name) and (_NAME_SHAPE_RE.search(name) or _key(name) in module_names):
            kind = signals.SUBJECT_KINDS_EN[match.group(1).lower()]
            candidates.append((match.start(), Subject(name, kind)))
    if not candidates:
        folded = normalize(text)
        for key, name in module_names.items():
            found = re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", folded)
            if found:
                candidates.append((found.start(), Subject(name, "module")))
    return min(candidates, key=lambda c: c[0])[1] if candidates else None


def note_subject(turn: SummaryTurn, modules: Sequence[str]) -> Subject:
    """The module, folder, package or class a project-level question is about.

    What the user named wins; then the folder in scope (a module when its path is
    one of the build's modules); then a class name; else the project as a whole.
    """
    module_paths = {m.strip().strip("/") for m in modules if m.strip()}
    module_names = {_key(m.rsplit("/", 1)[-1]): m.rsplit("/", 1)[-1] for m in module_paths}
    text = clean_prose(turn.user_text)
    named = _text_subject(text, module_names)
    if named is not None:
        return named
    for path in turn.scope_paths:
        folder = path.strip().strip("/")
        name = folder.rsplit("/", 1)[-1]
        if name and _plain_name(name):
            return Subject(name, "module" if folder in module_paths else "folder")
    found = _CLASS_RE.search(text)
    if found:
        return Subject(found.group(0), "class")
    return Subject("", "project")


def _subject_label(subject: Subject, language: Language) -> str:
    zh, en = signals.SUBJECT_LABELS[subject.kind]
    return (zh if language is Language.ZH else en).format(name=subject.name)


def _subject_phrase(subject: Subject, language: Language) -> str:
    if subject.kind == "project":
        return "项目的整体结构" if language is Language.ZH else "the overall project structure"
    if language is Language.ZH:
        return f" {_subject_label(subject, language)}"
    return f"the {_subject_label(subject, language)}"


# --- the backend -------------------------------------------------------------------------


@dataclass
class _TurnView:
    """One input turn, pre-digested."""

    turn: SummaryTurn
    language: Language
    prose: str
    sentences: list[str]
    wishes: list[str]
    tokens: set[str]

    @property
    def id(self) -> str:
        return self.turn.id

    @property
    def only_wishes(self) -> bool:
        """Every sentence states a rule: a turn about how to answer, not about a topic."""
        return bool(self.wishes) and len(self.wishes) == len(self.sentences)

    def question(self, limit: int) -> str:
        """The sentence that best states what the user asked, clipped to ``limit``."""
        asked = [s for s in self.sentences if s not in self.wishes] or self.sentences
        chosen = next((s for s in asked if is_question(s)), asked[0] if asked else "")
        return clip(_end(chosen, self.language), limit) if chosen else ""


def _view(turn: SummaryTurn) -> _TurnView:
    prose = clean_prose(turn.user_text)
    found = sentences(prose)
    grounded = has_long_term_signal(turn.user_text)
    wishes = [s for s in found if grounded and is_wish(s)]
    tokens = set(tokenize(f"{prose} {' '.join(turn.scope_paths)}"))
    # The language of the user's words, not of a pasted stack trace.
    language = detect_language(prose or turn.user_text)
    return _TurnView(turn, language, prose, found, wishes, tokens)


class HeuristicBackend:
    """Rule-based :class:`~autopatch_memory.backends.base.SummaryBackend`: no network, no model."""

    @property
    def name(self) -> str:
        """``heuristic`` (the journal's actor is ``summarizer:heuristic``)."""
        return "heuristic"

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        """The delta for ``request``; the same request always gives the same delta."""
        views = [_view(t) for t in request.turns]
        return MemoryDelta(
            turn_summaries=[self._turn_summary(v) for v in views],
            topic_operations=self._topic_operations(views, request),
            long_term_operations=[
                *self._preferences(views, request.long_term),
                *self._notes(views, request),
            ],
        )

    # -- turn summaries ---------------------------------------------------------------

    def _turn_summary(self, view: _TurnView) -> TurnSummaryOp:
        zh = view.language is Language.ZH
        question = view.question(limits.HEURISTIC_QUESTION_CHARS)
        if view.only_wishes:
            question = clip(_end(view.wishes[0], view.language), limits.HEURISTIC_QUESTION_CHARS)
        extras = [
            t
            for t in key_terms(view.prose, view.turn.scope_paths)
            if _key(t) not in normalize(question)
        ][: limits.HEURISTIC_KEY_TERMS]
        about = ""
        if extras:
            about = f"（涉及 {'、'.join(extras)}）" if zh else f" (about {', '.join(extras)})"
        if view.only_wishes:
            lead = "用户提出要求：" if zh else "The user set a rule: "
        elif question:
            lead = "用户询问：" if zh else "The user asked: "
        else:
            question = (
                "用户贴出了代码或日志并提问。"
                if zh
                else "The user shared code or a log and asked about it."
            )
            lead = ""
        for candidate in (lead + question + about, lead + question, question):
            summary = _safe(candidate, limits.MAX_SUMMARY_CHARS)
            if summary:
                return TurnSummaryOp(turn_id=view.id, summary=summary)
        fallback = "用户提出了一个问题。" if zh else "The user asked a question."
        return TurnSummaryOp(turn_id=view.id, summary=fallback)

    # -- topics -------------------------------------------------------------------------

    @staticmethod
    def _topic_summary(
        label: str, views: Sequence[_TurnView], previous: str | None = None
    ) -> str | None:
        """What the user asked about a topic; an existing summary is extended while it fits."""
        questions = [v.question(limits.HEURISTIC_TOPIC_QUESTION_CHARS) for v in views]
        asked = " ".join(q for q in questions if q)
        if previous:
            new = " ".join(q for q in questions if q and q not in previous)
            extended = _extend(previous, new, " ")
            if extended:
                return extended
        if detect_language(" ".join(v.prose for v in views)) is Language.ZH:
            text = f"用户近期关注 {label}：{asked}"
        else:
            text = f"The user is looking into {label}: {asked}"
        return _safe(text, limits.MAX_SUMMARY_CHARS)

    def _topic_operations(self, views: list[_TurnView], request: SummaryRequest) -> list[TopicOp]:
        topical = [v for v in views if not v.only_wishes]
        ops: list[TopicOp] = []
        # 1. Turns that continue an existing topic update it (the best match wins).
        updates: dict[str, list[_TurnView]] = {}
        unmatched: list[_TurnView] = []
        for view in topical:
            scored = [
                (_match_strength(t.label, view.tokens), -i, t) for i, t in enumerate(request.topics)
            ]
            best = max(scored, key=lambda s: (s[0], s[1]), default=None)
            if best is not None and best[0] > 0:
                updates.setdefault(best[2].id, []).append(view)
            else:
                unmatched.append(view)
        for topic in request.topics:
            matched = updates.get(topic.id)
            if not matched:
                continue
            summary = self._topic_summary(topic.label, matched, topic.summary)
            if summary:
                ops.append(
                    TopicOp(
                        operation=Operation.UPDATE_EXISTING,
                        target_id=topic.id,
                        summary=summary,
                        related_turn_ids=[v.id for v in matched],
                    )
                )
        # 2. Terms the other turns share become new topics (at most two).
        for term in self._new_topic_terms(unmatched):
            members = [v for v in unmatched if v.id in term.turns]
            label = _safe(term.display, limits.MAX_LABEL_CHARS)
            existing = next((t for t in request.topics if same_label(t.label, term.display)), None)
            previous = existing.summary if existing else None
            summary = self._topic_summary(term.display, members, previous)
            if not label or not summary:
                continue
            ops.append(
                TopicOp(
                    operation=Operation.UPDATE_EXISTING if existing else Operation.CREATE_NEW,
                    target_id=existing.id if existing else None,
                    label=None if existing else label,
                    summary=summary,
                    related_turn_ids=[v.id for v in members],
                )
            )
        return ops

    def _new_topic_terms(self, views: Sequence[_TurnView]) -> list[_Term]:
        terms: dict[str, _Term] = {}
        for view in views:
            found = _latin_terms(view.prose, view.language)
            for display, strong in found:
                key = _key(display)
                term = terms.setdefault(key, _Term(key, display, strong, order=len(terms)))
                term.strong = term.strong or strong
                if view.id not in term.turns:
                    term.turns.append(view.id)
        for cjk in _shared_cjk_terms([v.prose for v in views]):
            term = terms.setdefault(cjk, _Term(cjk, cjk, True, order=len(terms)))
            term.turns = [v.id for v in views if cjk in v.prose]
        shared = sorted(
            (t for t in terms.values() if len(t.turns) >= 2),
            key=lambda t: (-len(t.turns), not t.strong, t.order),
        )
        chosen: list[_Term] = []
        covered: list[set[str]] = []
        for term in shared:
            if len(chosen) >= limits.HEURISTIC_MAX_NEW_TOPICS:
                break
            if any(set(term.turns) <= c for c in covered):
                continue  # the same turns already have their topic
            chosen.append(term)
            covered.append(set(term.turns))
        if not chosen:
            # Nothing shared: the single most salient term of the batch, if any is strong.
            single = sorted((t for t in terms.values() if t.strong), key=lambda t: t.order)
            chosen = single[:1]
        return chosen

    # -- long-term memory -----------------------------------------------------------------

    def _preferences(
        self, views: Sequence[_TurnView], existing: Sequence[SummaryItem]
    ) -> list[LongTermOp]:
        preferences = [i for i in existing if i.type == LongTermType.DURABLE_PREFERENCE.value]
        proposals: dict[str, LongTermOp] = {}  # one operation per rule; the latest wins
        for view in views:
            if not has_long_term_signal(view.turn.user_text):
                continue  # the applier would call it ungrounded
            for wish in view.wishes:
                language = detect_language(wish)
                summary = _safe(_end(wish, language), limits.MAX_SUMMARY_CHARS)
                if summary is None or is_only_redacted(summary):
                    continue  # "以后 password=…" is a secret, not a rule
                category = _category(wish)
                names = list(category) if category else [_derived_label(wish, language)]
                label = category[0 if language is Language.ZH else 1] if category else names[0]
                label = _safe(label, limits.MAX_LABEL_CHARS) or ""
                if not label:
                    continue
                target = next(
                    (p for p in preferences if any(same_label(p.label, n) for n in names)), None
                )
                # Keyed by the kind of rule, so "用中文" and "in English" in one batch
                # make one item (the later wish wins), not one per language.
                key = target.id if target else normalize(names[-1])
                proposals[key] = _long_term_op(
                    LongTermType.DURABLE_PREFERENCE, target, label, summary, evidence=[view.id]
                )
        return list(proposals.values())

    def _notes(self, views: Sequence[_TurnView], request: SummaryRequest) -> list[LongTermOp]:
        notes = [i for i in request.long_term if i.type == LongTermType.PROJECT_NOTE.value]
        modules = request.repo_profile.modules if request.repo_profile is not None else []
        proposals: dict[str, LongTermOp] = {}
        for view in views:
            if not is_project_level(view.turn) or view.only_wishes:
                continue
            subject = note_subject(view.turn, modules)
            language = view.language
            label = _safe(_subject_label(subject, language), limits.MAX_LABEL_CHARS)
            if label is None:
                continue
            question = view.question(limits.HEURISTIC_QUESTION_CHARS)
            phrase = _subject_phrase(subject, language)
            if language is Language.ZH:
                fresh = f"用户关注{phrase}，问过：{question}" if question else f"用户关注{phrase}。"
            else:
                fresh = (
                    f"The user is interested in {phrase} and asked: {question}"
                    if question
                    else f"The user is interested in {phrase}."
                )
            target = self._matching_note(subject, notes)
            key = target.id if target else normalize(label)
            if key not in proposals and len(proposals) >= limits.HEURISTIC_MAX_NOTES:
                continue
            previous = proposals.get(key)
            base = (
                previous.summary if previous is not None else (target.summary if target else None)
            )
            summary = self._merged(base, question) or _safe(fresh, limits.MAX_SUMMARY_CHARS)
            if summary is None:
                continue
            proposals[key] = _long_term_op(LongTermType.PROJECT_NOTE, target, label, summary)
        return list(proposals.values())

    @staticmethod
    def _matching_note(subject: Subject, notes: Iterable[SummaryItem]) -> SummaryItem | None:
        for note in notes:
            if subject.kind == "project":
                if any(
                    same_label(note.label, label) for label in signals.SUBJECT_LABELS["project"]
                ):
                    return note
            elif _key(subject.name) in {_key(w) for w in note.label.split()}:
                return note
        return None

    @staticmethod
    def _merged(base: str | None, question: str) -> str | None:
        """An existing note extended with one more question, when it still fits
        (None: start afresh)."""
        if not base or not question:
            return None
        if question in base:
            return base
        joiner = "；又问：" if detect_language(base) is Language.ZH else "; also asked: "
        return _extend(base.rstrip(_END_PUNCT + " "), question, joiner)


def _long_term_op(
    kind: LongTermType,
    target: SummaryItem | None,
    label: str,
    summary: str,
    *,
    evidence: list[str] | None = None,
) -> LongTermOp:
    """Update ``target`` when there is one, else create a new item of ``kind``."""
    source = SOURCE_OF_TYPE[kind].value
    if target is not None:
        return LongTermOp(
            operation=Operation.UPDATE_EXISTING,
            target_id=target.id,
            summary=summary,
            source=source,
            evidence_turn_ids=evidence or [],
        )
    return LongTermOp(
        operation=Operation.CREATE_NEW,
        type=kind.value,
        label=label,
        summary=summary,
        source=source,
        evidence_turn_ids=evidence or [],
    )
