"""Selecting the memory context of a turn (docs/context.md#what-is-selected).

A pure function over a document — no I/O — so the facade decides when to read the
file (never for a gated intent) and this module only selects; the items it chooses are
rendered by :mod:`~autopatch_memory.context.rendering`, whose size it keeps within the
budget.

Selection, in priority order (each section capped by :mod:`~autopatch_memory.limits`):

1. active durable preferences — the most relevant first, then the most recently
   updated; always included, even when nothing matches: they are rules;
2. the repo profile — for ``code_explain`` or a question with a project signal;
3. active project notes — only the ones that match the question, for every intent;
4. active topics — only matching ones;
5. summaries of ready recent turns — newest first;
6. the user text of pending recent turns — newest first, marked as raw clues, without
   pasted code, logs or secrets.

Words every module name shares (``mall`` of ``mall-order``/``mall-search``) and the
project's name carry no weight: they would make every note match. Relevance is BM25
over label + summary (:mod:`~autopatch_memory.relevance`), plus the bilingual concepts
of :mod:`~autopatch_memory.lang.vocabulary`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import islice
from operator import is_
from typing import TYPE_CHECKING

from autopatch_memory import limits
from autopatch_memory.context.items import (
    REPO_PROFILE_ITEM_ID,
    SECTION_PRIORITY,
    ContextItem,
    ContextSection,
    clean_text,
)
from autopatch_memory.context.rendering import MemoryContext, profile_text, render_items
from autopatch_memory.intents import IntentType, memory_access, parse_intent
from autopatch_memory.lang import is_cjk_char
from autopatch_memory.lang.vocabulary import (
    GENERIC_CONCEPT_TOKENS,
    chinese_concept_words,
    concept_tokens,
    concept_words,
)
from autopatch_memory.model import LongTermItem, MemoryDocument, RepoProfile, Topic, Turn
from autopatch_memory.prose import user_prose
from autopatch_memory.relevance import by_recency, rank
from autopatch_memory.text import (
    Language,
    anchor_tokens,
    detect_language,
    has_project_signal,
    normalize,
    tokenize,
)
from autopatch_memory.text import query_tokens as make_query_tokens

if TYPE_CHECKING:
    from autopatch_memory.directives import RuleShape

__all__ = ["build_context", "concept_tokens", "empty_context"]


@lru_cache(maxsize=limits.ITEM_TOKEN_CACHE_ENTRIES)
def _item_tokens(
    label: str, summary: str, *, concepts: bool = False
) -> tuple[tuple[str, ...], frozenset[str]]:
    """Relevance tokens and anchors of one item (label + summary), cached across calls;
    with ``concepts`` (project notes), also the concepts it states."""
    text = f"{label}\n{summary}"
    found = concept_tokens(text) if concepts else ()
    return (*tokenize(text), *found), anchor_tokens(text) | _specific(found)


# Concepts (:data:`~autopatch_memory.lang.vocabulary.CONCEPTS`) are one more token of the
# texts that mention them; those nearly every note touches add to a real match but are
# no match by themselves.
_GENERIC_CONCEPTS = GENERIC_CONCEPT_TOKENS
# Chinese words a note about any module may say ("接口", "数据"), and the grammar of a
# question ("怎么", "什么"): sharing one ties no two modules.
_GENERIC_WORDS_ZH = (
    "接口 服务 数据 配置 模块 代码 调用 问题 怎么 什么 时候 需要 处理 使用 实现 功能 方法 系统 "
    "项目 我们 咱们 这个 那个 一下 可以 现在 已经 统一 默认 要不 不要 是不 应该 哪里 哪些 东西 "
    "生成 支持 文件 信息 消息 请求 返回 结果 参数 字段 类型 报错 异常 失败 成功 逻辑 流程 业务 "
    "用户 里面 这边 那边 之后 以后 所有 每次 一个 直接 相关 对应 通过 进行 情况 还是 就是 都是 "
    "用的 的是 是用 那块 这块 一起 怎样 如何 为什么 多少 能不 不能 可能 设计 方案 修改 新增 增加"
)
_GENERIC_DEV_WORDS_ZH = frozenset(tokenize(_GENERIC_WORDS_ZH))


@cache
def _technique_zh() -> re.Pattern[str]:
    """The Chinese words of the concepts, longest first ("分布式事务" before "事务"), and
    the words of every project: what is left of a question names its domain (compiled
    on first use)."""
    words = chinese_concept_words() | {
        w for w in _GENERIC_WORDS_ZH.split() if len(w) >= 2 and all(map(is_cjk_char, w))
    }
    ordered = sorted(words, key=lambda w: (-len(w), w))
    return re.compile("|".join(re.escape(w) for w in ordered))


@cache
def _concept_words() -> frozenset[str]:
    """Every word of a concept, and the bigrams of its Chinese words ("幂等", "回调")."""
    return frozenset(t for w in concept_words() for t in (w, *tokenize(w)))


def _specific(concepts: Sequence[str]) -> frozenset[str]:
    return frozenset(concepts) - _GENERIC_CONCEPTS


def _relevant(ranked: Sequence[tuple[int, float]], offset: int, count: int) -> list[int]:
    """Indexes (relative to ``offset``) of one section's documents that match well enough.

    A document matches when its score is above zero and at least
    :data:`~autopatch_memory.limits.CONTEXT_MIN_RELATIVE_SCORE` of the section's best:
    one shared common word ("模块", "module") does not make a note relevant when
    others match the question's specific terms.
    """
    mine = [(index - offset, score) for index, score in ranked if offset <= index < offset + count]
    if not mine:
        return []
    floor = mine[0][1] * limits.CONTEXT_MIN_RELATIVE_SCORE
    return [index for index, score in mine if score >= floor]


def _fill(first: Sequence[int], then: Sequence[int], limit: int) -> list[int]:
    """``first`` followed by the members of ``then`` not in it, at most ``limit``."""
    chosen = list(dict.fromkeys(first))[:limit]
    seen = set(chosen)
    for index in then:
        if len(chosen) >= limit:
            break
        if index not in seen:
            chosen.append(index)
            seen.add(index)
    return chosen


def _long_term_item(section: ContextSection, item: LongTermItem, redacted: bool) -> ContextItem:
    return ContextItem(
        section=section,
        id=item.id,
        label=clean_text(item.label, limits.MAX_LABEL_CHARS, redacted),
        text=clean_text(item.summary, limits.MAX_SUMMARY_CHARS, redacted),
    )


def _topic_item(topic: Topic, redacted: bool) -> ContextItem:
    return ContextItem(
        section=ContextSection.TOPICS,
        id=topic.id,
        label=clean_text(topic.label, limits.MAX_LABEL_CHARS, redacted),
        text=clean_text(topic.summary, limits.MAX_SUMMARY_CHARS, redacted),
    )


def _has_text(*texts: str) -> bool:
    return any(text.strip() for text in texts)


def _newest_first(turns: Sequence[Turn]) -> list[Turn]:
    # Later in the list wins a tie: the list is in recording order.
    return sorted(reversed(turns), key=lambda t: t.created_at, reverse=True)


def _ranking(view: _View, user_text: str, asked: Sequence[str]) -> list[tuple[int, float]]:
    """BM25 ranking of every rankable item for the question (one corpus for all)."""
    # Words every module name shares ("mall" in mall-order, mall-search…) or the
    # project's name name no part of the project: they carry no weight.
    noise = view.noise | view.sibling_parts(asked) | _QUESTION_GRAMMAR_ZH
    concepts = concept_tokens(user_text, question=True)
    query = [t for t in (*make_query_tokens(user_text), *concepts) if t not in noise]
    if not query or not view.analyzed:
        return []
    return rank(
        query,
        view.tokens,
        view.recency,
        query_anchors=(anchor_tokens(user_text, query=True) | _specific(concepts)) - noise,
        docs_anchors=view.anchors,
        weights=dict.fromkeys(concepts, limits.CONTEXT_CONCEPT_WEIGHT),
    )


def _profile_items(
    view: _View, intent: IntentType, user_text: str, language: Language
) -> list[ContextItem]:
    """The profile, when the intent explains code or the question is about the project."""
    profile = view.doc.repo_profile
    if profile is None or profile.is_empty:
        return []
    if intent is not IntentType.CODE_EXPLAIN and not has_project_signal(user_text):
        return []
    return view.profile_items(language)


def _turn_items(
    turns: Sequence[Turn], prefs: Sequence[LongTermItem], redacted: bool = False
) -> list[ContextItem]:
    """Summaries of the newest ready turns, then the newest pending questions: only the
    user's own words, without pasted code, logs or secrets. A summary that restates a
    rule no longer in force is left out (see :class:`_DroppedRules`)."""
    newest = _newest_first(turns)
    dropped = _DroppedRules(prefs)
    ready = (t for t in newest if not t.is_pending and t.summary.strip())
    # Lazily: the rule grammar reads only the summaries that could be shown.
    shown = islice(
        (t for t in ready if not dropped.stated_in(t.summary)), limits.CONTEXT_READY_SUMMARIES
    )
    items = [
        ContextItem(
            section=ContextSection.RECENT_SUMMARIES,
            id=t.id,
            text=clean_text(t.summary, limits.MAX_SUMMARY_CHARS, redacted),
        )
        for t in shown
    ]
    pending = 0
    for turn in (t for t in newest if t.is_pending):
        if pending >= limits.CONTEXT_PENDING_QUESTIONS:
            break
        prose = _prose(turn.user_text, redacted)
        if prose.strip():
            pending += 1
            items.append(
                ContextItem(
                    section=ContextSection.PENDING_QUESTIONS,
                    id=turn.id,
                    # Prose whose lines folding joins is redacted again (see _clean).
                    text=clean_text(prose, limits.CONTEXT_PENDING_QUESTION_CHARS, redacted),
                )
            )
    return items


@lru_cache(maxsize=limits.ITEM_TOKEN_CACHE_ENTRIES)
def _prose(text: str, redacted: bool) -> str:
    """:func:`~autopatch_memory.prose.user_prose`, remembered (a pending question is shown
    turn after turn)."""
    return user_prose(text, redacted=redacted)


class _DroppedRules:
    """The rules the user forgot or replaced, to keep their echoes out of the context.

    A turn that set a rule is summarized as such ("The user set a rule: from now on,
    answer in English"). Once the rule is forgotten or superseded, replaying that
    summary would keep steering answers the user took back: the governed rules are
    the one voice of the user's rules, so such a summary is left out: one that states
    a rule restating a dropped one and no rule in force.
    """

    def __init__(self, prefs: Sequence[LongTermItem]) -> None:
        dropped = [p for p in prefs if not p.is_active and p.summary.strip()]
        self._dropped: list[RuleShape] = []
        self._active: list[RuleShape] = []
        if dropped:
            # The rule grammar is read (and imported) only when something was dropped:
            # the usual file pays nothing.
            from autopatch_memory.directives import rule_shape

            self._dropped = [rule_shape(p.text) for p in dropped]
            self._active = [rule_shape(p.text) for p in prefs if p.is_active]

    def stated_in(self, summary: str) -> bool:
        """``summary`` restates a dropped rule (and no rule in force)."""
        if not self._dropped:
            return False
        from autopatch_memory.directives import (
            DirectiveKind,
            directives_in,
            restating,
            rule_shape,
        )

        shapes = [
            rule_shape(d.clause) for d in directives_in(summary) if d.kind is DirectiveKind.RULE
        ]
        return any(
            any(restating(shape, old) for old in self._dropped)
            and not any(restating(shape, kept) for kept in self._active)
            for shape in shapes
        )


class _ProfileView:
    """What the selection needs of the repo profile alone: the module names and the
    words they share, the profile's own text. Kept while the profile is the same object
    (a write that does not store a new profile keeps it: copy on write)."""

    def __init__(self, profile: RepoProfile | None, redacted: bool) -> None:
        self.profile = profile
        self.redacted = redacted
        self.noise = _profile_noise(profile)
        names = [n.lower() for n in _module_names(profile)] if profile is not None else []
        self.names = names
        # The names a question can name (hyphenated: a bare "order" is a word).
        self.hyphenated = [n for n in names if "-" in n]
        self.name_patterns = [(n, _whole_name(n)) for n in self.hyphenated]
        self.name_tokens = {n: set(tokenize(n)) for n in names}
        self.module_words = {t for n in self.hyphenated for t in self.name_tokens[n]}
        self._items: dict[Language, list[ContextItem]] = {}

    def items(self, language: Language) -> list[ContextItem]:
        """The profile as the context shows it (``[]``: nothing to show)."""
        items = self._items.get(language)
        if items is None:
            profile = self.profile
            text = profile_text(profile, language, self.redacted) if profile else ""
            item = ContextItem(
                section=ContextSection.REPO_PROFILE, id=REPO_PROFILE_ITEM_ID, text=text
            )
            items = self._items[language] = [item] if text else []
        return items


# What a view works out from the rules, notes and topics alone (see _View).
_CORPUS = (
    "prefs",
    "notes",
    "topics",
    "per_element",
    "analyzed",
    "recency",
    "tokens",
    "anchors",
    "prefs_by_recency",
)


def _same_elements(
    now: tuple[tuple[object, ...], ...], before: tuple[tuple[object, ...], ...]
) -> bool:
    """Whether each list holds the same objects, in the same order."""
    return all(len(a) == len(b) and all(map(is_, a, b)) for a, b in zip(now, before, strict=True))


class _View:
    """What the selection needs of one document that does not depend on the question:
    the items that can be shown, their tokens and times, the module names, the profile's
    text, the turns' items. Worked out once per document: the store hands out the same
    document while the file is unchanged, so a host asking memory about every turn pays
    for the question alone. After a write, what concerns an element or a profile the
    write did not touch (the same object: the store copies on write) is taken from the
    view of the document before it."""

    def __init__(self, doc: MemoryDocument, redacted: bool, before: _View | None = None) -> None:
        self.doc = doc
        self.redacted = redacted  # every string of ``doc`` is known redacted
        ltm, wm = doc.long_term_memory, doc.working_memory
        # Per element (by identity; ``before`` holds its document, so an id is its own):
        # its tokens and anchors, and its time. An element known is one shown before: the
        # same object, active and with text then and now.
        known = before.per_element if before is not None and before.redacted == redacted else {}
        self.sources = (ltm.durable_preferences, ltm.project_notes, wm.active_topics)
        self.elements: tuple[tuple[object, ...], ...] = tuple(tuple(s) for s in self.sources)
        if known and before is not None and _same_elements(self.elements, before.elements):
            # No rule, note or topic changed (a recorded turn, a turn's summary): the
            # corpus, and what was found in it, is the one before.
            for name in _CORPUS:
                setattr(self, name, getattr(before, name))
            reused = True
        else:
            self._analyze(known)
            reused = False
        profile = doc.repo_profile
        self.profile: _ProfileView
        if before is not None and before.profile.profile is profile and before.redacted == redacted:
            self.profile = before.profile
        else:
            self.profile = _ProfileView(profile, redacted)
        self.noise = self.profile.noise
        self.names = self.profile.names
        self.module_words = self.profile.module_words
        # The module names each note mentions: the notes' and the profile's both, so kept
        # only while neither changed.
        self._named: dict[int, list[str]] = (
            before._named
            if reused and before is not None and before.profile is self.profile
            else {}
        )
        self._turn_items: list[ContextItem] | None = None

    def _analyze(
        self, known: dict[int, tuple[tuple[tuple[str, ...], frozenset[str]], float]]
    ) -> None:
        """The rankable items (active, with text) and their tokens, anchors and times."""
        prefs, notes, topics = self.sources
        self.prefs = [
            i for i in prefs if id(i) in known or (i.is_active and _has_text(i.label, i.summary))
        ]
        self.notes = [
            i for i in notes if id(i) in known or (i.is_active and _has_text(i.label, i.summary))
        ]
        self.topics = [t for t in topics if id(t) in known or _has_text(t.label, t.summary)]
        self.per_element: dict[int, tuple[tuple[tuple[str, ...], frozenset[str]], float]] = {}
        # One BM25 corpus over every rankable item gives steadier term statistics than
        # three tiny ones; the ranking is then split back into sections.
        self.analyzed: list[tuple[tuple[str, ...], frozenset[str]]] = []
        self.recency: list[float] = []
        for items, concepts in ((self.prefs, False), (self.notes, True), (self.topics, False)):
            for element in items:
                found = known.get(id(element))
                if found is None:
                    touched = (
                        element.last_touched_at
                        if isinstance(element, Topic)
                        else element.updated_at
                    )
                    found = (
                        _item_tokens(element.label, element.summary, concepts=concepts),
                        touched.timestamp(),
                    )
                self.per_element[id(element)] = found
                self.analyzed.append(found[0])
                self.recency.append(found[1])
        self.tokens = [tokens for tokens, _ in self.analyzed]
        self.anchors = [anchors for _, anchors in self.analyzed]
        self.prefs_by_recency = by_recency(self.recency[: len(self.prefs)])

    def names_in(self, text: str) -> list[str]:
        """The hyphenated module names ``text`` mentions as whole names."""
        patterns = self.profile.name_patterns
        if not patterns:
            return []
        folded = normalize(text)
        return [n for n, pattern in patterns if pattern.search(folded)]

    def named_by_note(self, index: int) -> list[str]:
        """The module names note ``index`` mentions."""
        found = self._named.get(index)
        if found is None:
            note = self.notes[index]
            found = self._named[index] = self.names_in(f"{note.label} {note.summary}")
        return found

    def sibling_parts(self, asked: Sequence[str]) -> frozenset[str]:
        """Words of a module the question names that other modules' names share: a
        question about pay-channel-alipay is not about pay-channel-wechat because both
        say "channel"."""
        name_tokens = self.profile.name_tokens
        parts: set[str] = set()
        for name in asked:
            mine = name_tokens.get(name) or set(tokenize(name))
            for other in self.names:
                if other != name:
                    parts |= mine & name_tokens[other]
        return frozenset(parts)

    def profile_items(self, language: Language) -> list[ContextItem]:
        return self.profile.items(language)

    def turn_items(self) -> list[ContextItem]:
        if self._turn_items is None:
            ltm, wm = self.doc.long_term_memory, self.doc.working_memory
            self._turn_items = _turn_items(wm.recent_turns, ltm.durable_preferences, self.redacted)
        return self._turn_items


# The view of the unchanging document asked about last (a host asks about the same one
# turn after turn; after a write, about the next document, which shares most of it).
_LAST_VIEW: list[_View] = []


def _view(doc: MemoryDocument, redacted: bool, unchanging: bool) -> _View:
    last = _LAST_VIEW[0] if _LAST_VIEW else None
    if unchanging and last is not None and last.doc is doc and last.redacted == redacted:
        return last
    view = _View(doc, redacted, before=last if unchanging else None)
    if unchanging:
        _LAST_VIEW[:] = [view]
    return view


def _whole_name(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")


def _select(
    doc: MemoryDocument,
    intent: IntentType,
    user_text: str,
    language: Language,
    redacted: bool = False,
    unchanging: bool = False,
) -> list[ContextItem]:
    view = _view(doc, redacted, unchanging)
    prefs, notes, topics, recency = view.prefs, view.notes, view.topics, view.recency
    asked = view.names_in(user_text)
    ranked = _ranking(view, user_text, asked)
    n_prefs, n_notes = len(prefs), len(notes)
    # 1. Preferences are rules: the relevant ones first, then the newest.
    pref_order = _fill(
        [i for i, _ in ranked if i < n_prefs],
        view.prefs_by_recency,
        limits.CONTEXT_PREFERENCES,
    )
    # Shown newest first: the program does not judge whether two rules disagree, so the
    # rendering says that the one listed first (the newer) holds when they do.
    pref_order.sort(key=lambda i: -recency[i])
    items = [_long_term_item(ContextSection.PREFERENCES, prefs[i], redacted) for i in pref_order]
    # 2. The profile, when the question is about the project.
    items.extend(_profile_items(view, intent, user_text, language))
    # 3. Notes: only the ones that match, for every intent (never padded by recency).
    note_order = [
        i
        for i in _relevant(ranked, n_prefs, n_notes)
        if not _about_others(view, i, asked, user_text)
    ][: limits.CONTEXT_NOTES]
    items.extend(
        _long_term_item(ContextSection.PROJECT_NOTES, notes[i], redacted) for i in note_order
    )
    # 4. Topics: only matching ones.
    topic_order = _relevant(ranked, n_prefs + n_notes, len(topics))[: limits.CONTEXT_TOPICS]
    items.extend(_topic_item(topics[i], redacted) for i in topic_order)
    # 5–6. What the last turns were about; then the questions not summarized yet.
    items.extend(view.turn_items())
    return [item for item in items if item.text or item.label]


# Words every note of a repository can contain: "the review module" is about review,
# not about modules, so "模块" alone makes no note relevant.
_STRUCTURE_WORDS = frozenset(
    tokenize(
        "模块 子模块 项目 工程 仓库 目录 代码 文件 module modules submodule project repo "
        "repository folder directory code file files"
    )
)


# The grammar of a Chinese question: "…的时候会不会…" asks about a moment and a maybe, so
# the bigrams of "时候", of an A-not-A question ("会不会", "是不是") and of the seam between
# them ("候会") name no subject.
_QUESTION_GRAMMAR_ZH = frozenset(
    t
    for t in tokenize(
        "的时候会不会 的时候是不是 的时候能不能 的时候要不要 的时候有没有 行不行 对不对"
    )
    if t not in tokenize("不是 不能 不要 不行 不对")
)


def _profile_noise(profile: RepoProfile | None) -> frozenset[str]:
    """Tokens that name no part of the project: structure words ("模块", "module"), the
    project's name, and words most module names share (a common prefix like ``mall-``
    or suffix like ``-service``)."""
    noise: set[str] = set(_STRUCTURE_WORDS)
    if profile is None:
        return frozenset(noise)
    noise.update(tokenize(profile.project_name or ""))
    names = _module_names(profile)
    if len(names) >= limits.CONTEXT_NOISE_MIN_MODULES:
        counts = Counter(t for name in names for t in set(tokenize(name)))
        # Shared by most names, and by two at least: with two modules, "api" of
        # inventory-api is not a prefix of inventory-core.
        least = max(
            limits.CONTEXT_NOISE_MIN_MODULES, limits.CONTEXT_NOISE_MODULE_SHARE * len(names)
        )
        noise.update(t for t, n in counts.items() if n >= least)
    return frozenset(noise)


def _module_names(profile: RepoProfile) -> list[str]:
    return [m.rstrip("/").rsplit("/", 1)[-1] for m in profile.modules]


def _about_others(view: _View, index: int, asked: Sequence[str], user_text: str) -> bool:
    """Note ``index`` is about other modules only, when the question names its module:
    what shipping-rate-fedex calls does not answer a question about shipping-rate-ups —
    unless both name the same code (member-consumer calling MemberQueryService, which
    member-provider exposes)."""
    if not asked or view.doc.repo_profile is None:
        return False
    named = view.named_by_note(index)
    if not named or set(named) & set(asked):
        return False
    note = view.notes[index]
    text = f"{note.label} {note.summary}"
    code = {m.group(0).lower() for m in _CODE_NAME.finditer(user_text)}
    if any(name in normalize(text) for name in code):
        return False
    if _names_the_module_of(named, asked, user_text):
        return False
    # A specific word both say still makes it relevant ("validity window" of coupons,
    # stored by coupon-template, asked about from coupon-customer); a word every module
    # has ("api", "service") or a word of the module names does not.
    # A technique each module does its own way ("回调幂等") ties nothing, not even by
    # the bigram across its words.
    domain = _technique_zh().sub(" ", normalize(user_text))
    shared = anchor_tokens(text) & anchor_tokens(domain, query=True)
    return not any(_specific_word(t, view.module_words) for t in shared)


def _specific_word(token: str, module_words: set[str]) -> bool:
    """A shared word that says what both are about: a long enough word or number that
    names no module and no common part of any project, or a Chinese word of the domain
    ("锁座", "条码", "考勤") that is no word of every project ("接口", "数据") and no
    technique ("幂等")."""
    if token in module_words or token in _GENERIC_DEV_WORDS:
        return False
    if is_cjk_char(token[0]):
        return token not in _GENERIC_DEV_WORDS_ZH and token not in _concept_words()
    if token.isdigit():
        return len(token) >= limits.CONTEXT_SPECIFIC_NUMBER_DIGITS
    return len(token) >= limits.CONTEXT_SPECIFIC_WORD_CHARS


def _names_the_module_of(named: Sequence[str], asked: Sequence[str], user_text: str) -> bool:
    """The question names the note's module by the word only its name has: "which OCR
    engine…" asks about kyc-ocr even from kyc-decision."""
    asked_words = {t for name in asked for t in tokenize(name)}
    question = set(tokenize(user_text))
    for name in named:
        own = set(tokenize(name)) - asked_words
        if any(len(t) >= limits.CONTEXT_MODULE_WORD_CHARS and t in question for t in own):
            return True
    return False


# Words a note about any module may say: sharing one says nothing about relevance.
_GENERIC_DEV_WORDS = frozenset(
    """
    api apis service services interface interfaces endpoint endpoints request requests
    response responses data client clients server servers call calls method methods class
    classes module modules code config file files handle handler value values field fields
    type types version versions default error errors result results support
    """.split()
)


# A name from the code: CamelCase, snake_case or dotted ("MemberQueryService", "notify_record").
_CODE_NAME = re.compile(r"\b[A-Za-z]*[a-z][A-Z]\w*|\b[a-z]\w*_\w+|\b[a-z]\w*\.[a-z]\w*")


def _fit(items: list[ContextItem], language: Language) -> list[ContextItem]:
    """Drop items, lowest priority first, until the rendering fits the byte budget.

    Within a section the last item is the lowest ranked, so it goes first.
    """
    kept = list(items)
    while kept and len(render_items(kept, language).encode("utf-8")) > limits.CONTEXT_MAX_BYTES:
        for section in reversed(SECTION_PRIORITY):
            last = max(
                (pos for pos, item in enumerate(kept) if item.section is section), default=None
            )
            if last is not None:
                del kept[last]
                break
    return kept


def empty_context(intent: IntentType | str, language: Language = Language.EN) -> MemoryContext:
    """The context of a gated intent (or an empty memory): nothing to inject.

    Raises :class:`~autopatch_memory.errors.UnknownIntentError` for an unknown intent.
    """
    return MemoryContext(intent=parse_intent(intent), items=[], language=language)


def build_context(
    doc: MemoryDocument,
    intent: IntentType | str,
    user_text: str,
    *,
    redacted: bool = False,
    unchanging: bool = False,
) -> MemoryContext:
    """Select and render the memory context of ``doc`` for a turn
    (docs/context.md#what-is-selected).

    Pure: ``doc`` is not modified and nothing is read or written. Gated intents
    (``code_audit``, ``patch_explain``, ``patch_revise``) get an empty context;
    an unknown intent raises :class:`~autopatch_memory.errors.UnknownIntentError`.
    ``redacted``: every string of ``doc`` is known to have passed redaction under the
    rules this program runs (a file it wrote): what it shows as stored is not redacted
    again. Otherwise everything shown is. ``unchanging``: nobody changes ``doc`` (a
    store's document): what the selection works out from it alone is kept for the next
    call about the same document.
    """
    parsed = parse_intent(intent)
    language = detect_language(user_text)
    if not memory_access(parsed).reads:
        return empty_context(parsed, language)
    items = _fit(_select(doc, parsed, user_text, language, redacted, unchanging), language)
    return MemoryContext(intent=parsed, items=items, language=language)
