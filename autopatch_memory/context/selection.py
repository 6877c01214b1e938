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

from autopatch_memory import limits
from autopatch_memory.context.items import (
    REPO_PROFILE_ITEM_ID,
    SECTION_PRIORITY,
    ContextItem,
    ContextSection,
    clean_text,
)
from autopatch_memory.context.rendering import MemoryContext, profile_text, render_items
from autopatch_memory.directives import DirectiveKind, directives_in, restating, rule_shape
from autopatch_memory.intents import IntentType, memory_access, parse_intent
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
    is_cjk_char,
    normalize,
    tokenize,
)
from autopatch_memory.text import query_tokens as make_query_tokens

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
    return re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))


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


def _long_term_item(section: ContextSection, item: LongTermItem) -> ContextItem:
    return ContextItem(
        section=section,
        id=item.id,
        label=clean_text(item.label, limits.MAX_LABEL_CHARS),
        text=clean_text(item.summary, limits.MAX_SUMMARY_CHARS),
    )


def _topic_item(topic: Topic) -> ContextItem:
    return ContextItem(
        section=ContextSection.TOPICS,
        id=topic.id,
        label=clean_text(topic.label, limits.MAX_LABEL_CHARS),
        text=clean_text(topic.summary, limits.MAX_SUMMARY_CHARS),
    )


def _has_text(*texts: str) -> bool:
    return any(text.strip() for text in texts)


def _newest_first(turns: Sequence[Turn]) -> list[Turn]:
    # Later in the list wins a tie: the list is in recording order.
    return sorted(reversed(turns), key=lambda t: t.created_at, reverse=True)


def _ranking(
    doc: MemoryDocument,
    user_text: str,
    analyzed: Sequence[tuple[tuple[str, ...], frozenset[str]]],
    recency: Sequence[float],
) -> list[tuple[int, float]]:
    """BM25 ranking of every rankable item for the question (one corpus for all)."""
    # Words every module name shares ("mall" in mall-order, mall-search…) or the
    # project's name name no part of the project: they carry no weight.
    noise = (
        _profile_noise(doc.repo_profile)
        | _sibling_parts(doc.repo_profile, user_text)
        | _QUESTION_GRAMMAR_ZH
    )
    concepts = concept_tokens(user_text, question=True)
    query = [t for t in (*make_query_tokens(user_text), *concepts) if t not in noise]
    if not query or not analyzed:
        return []
    return rank(
        query,
        [tokens for tokens, _ in analyzed],
        recency,
        query_anchors=(anchor_tokens(user_text, query=True) | _specific(concepts)) - noise,
        docs_anchors=[anchors for _, anchors in analyzed],
        weights=dict.fromkeys(concepts, limits.CONTEXT_CONCEPT_WEIGHT),
    )


def _profile_items(
    doc: MemoryDocument, intent: IntentType, user_text: str, language: Language
) -> list[ContextItem]:
    """The profile, when the intent explains code or the question is about the project."""
    profile = doc.repo_profile
    if profile is None or profile.is_empty:
        return []
    if intent is not IntentType.CODE_EXPLAIN and not has_project_signal(user_text):
        return []
    text = profile_text(profile, language)
    if not text:
        return []
    return [ContextItem(section=ContextSection.REPO_PROFILE, id=REPO_PROFILE_ITEM_ID, text=text)]


def _turn_items(turns: Sequence[Turn], prefs: Sequence[LongTermItem]) -> list[ContextItem]:
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
            text=clean_text(t.summary, limits.MAX_SUMMARY_CHARS),
        )
        for t in shown
    ]
    pending = 0
    for turn in (t for t in newest if t.is_pending):
        if pending >= limits.CONTEXT_PENDING_QUESTIONS:
            break
        prose = user_prose(turn.user_text)
        if prose.strip():
            pending += 1
            items.append(
                ContextItem(
                    section=ContextSection.PENDING_QUESTIONS,
                    id=turn.id,
                    text=clean_text(prose, limits.CONTEXT_PENDING_QUESTION_CHARS),
                )
            )
    return items


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
        # Shapes are read only when something was dropped: the usual file pays nothing.
        self._dropped = [rule_shape(p.text) for p in dropped]
        self._active = [rule_shape(p.text) for p in prefs if p.is_active] if dropped else []

    def stated_in(self, summary: str) -> bool:
        """``summary`` restates a dropped rule (and no rule in force)."""
        if not self._dropped:
            return False
        shapes = [
            rule_shape(d.clause) for d in directives_in(summary) if d.kind is DirectiveKind.RULE
        ]
        return any(
            any(restating(shape, old) for old in self._dropped)
            and not any(restating(shape, kept) for kept in self._active)
            for shape in shapes
        )


def _select(
    doc: MemoryDocument, intent: IntentType, user_text: str, language: Language
) -> list[ContextItem]:
    ltm, wm = doc.long_term_memory, doc.working_memory
    prefs = [i for i in ltm.durable_preferences if i.is_active and _has_text(i.label, i.summary)]
    notes = [i for i in ltm.project_notes if i.is_active and _has_text(i.label, i.summary)]
    topics = [t for t in wm.active_topics if _has_text(t.label, t.summary)]
    # One BM25 corpus over every rankable item gives steadier term statistics than
    # three tiny ones; the ranking is then split back into sections.
    analyzed = [
        *(_item_tokens(i.label, i.summary) for i in prefs),
        *(_item_tokens(i.label, i.summary, concepts=True) for i in notes),
        *(_item_tokens(t.label, t.summary) for t in topics),
    ]
    recency = [
        *(i.updated_at.timestamp() for i in prefs),
        *(i.updated_at.timestamp() for i in notes),
        *(t.last_touched_at.timestamp() for t in topics),
    ]
    ranked = _ranking(doc, user_text, analyzed, recency)
    n_prefs, n_notes = len(prefs), len(notes)
    # 1. Preferences are rules: the relevant ones first, then the newest.
    pref_order = _fill(
        [i for i, _ in ranked if i < n_prefs],
        by_recency(recency[:n_prefs]),
        limits.CONTEXT_PREFERENCES,
    )
    # Shown newest first: the program does not judge whether two rules disagree, so the
    # rendering says that the one listed first (the newer) holds when they do.
    pref_order.sort(key=lambda i: -recency[i])
    items = [_long_term_item(ContextSection.PREFERENCES, prefs[i]) for i in pref_order]
    # 2. The profile, when the question is about the project.
    items.extend(_profile_items(doc, intent, user_text, language))
    # 3. Notes: only the ones that match, for every intent (never padded by recency).
    asked = _asked_modules(doc.repo_profile, user_text)
    note_order = [
        i
        for i in _relevant(ranked, n_prefs, n_notes)
        if not _about_others(notes[i], asked, doc, user_text)
    ][: limits.CONTEXT_NOTES]
    items.extend(_long_term_item(ContextSection.PROJECT_NOTES, notes[i]) for i in note_order)
    # 4. Topics: only matching ones.
    topic_order = _relevant(ranked, n_prefs + n_notes, len(topics))[: limits.CONTEXT_TOPICS]
    items.extend(_topic_item(topics[i]) for i in topic_order)
    # 5–6. What the last turns were about; then the questions not summarized yet.
    items.extend(_turn_items(wm.recent_turns, ltm.durable_preferences))
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


def _names_in(text: str, names: Sequence[str]) -> list[str]:
    """The module names ``text`` mentions as whole names."""
    folded = normalize(text)
    return [n for n in names if re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", folded)]


def _asked_modules(profile: RepoProfile | None, user_text: str) -> list[str]:
    """The modules a question names (hyphenated names: a bare "order" is a word)."""
    if profile is None:
        return []
    names = [n.lower() for n in _module_names(profile) if "-" in n]
    return _names_in(user_text, names)


def _about_others(
    note: LongTermItem, asked: Sequence[str], doc: MemoryDocument, user_text: str
) -> bool:
    """A note about other modules only, when the question names its module: what
    shipping-rate-fedex calls does not answer a question about shipping-rate-ups —
    unless both name the same code (member-consumer calling MemberQueryService, which
    member-provider exposes)."""
    if not asked or doc.repo_profile is None:
        return False
    text = f"{note.label} {note.summary}"
    names = [n.lower() for n in _module_names(doc.repo_profile) if "-" in n]
    named = _names_in(text, names)
    if not named or set(named) & set(asked):
        return False
    code = {m.group(0).lower() for m in _CODE_NAME.finditer(user_text)}
    if any(name in normalize(text) for name in code):
        return False
    if _names_the_module_of(named, asked, user_text):
        return False
    # A specific word both say still makes it relevant ("validity window" of coupons,
    # stored by coupon-template, asked about from coupon-customer); a word every module
    # has ("api", "service") or a word of the module names does not.
    module_words = {t for n in names for t in tokenize(n)}
    # A technique each module does its own way ("回调幂等") ties nothing, not even by
    # the bigram across its words.
    domain = _technique_zh().sub(" ", normalize(user_text))
    shared = anchor_tokens(text) & anchor_tokens(domain, query=True)
    return not any(_specific_word(t, module_words) for t in shared)


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


def _sibling_parts(profile: RepoProfile | None, user_text: str) -> frozenset[str]:
    """Words of a module the question names that other modules' names share: a question
    about pay-channel-alipay is not about pay-channel-wechat because both say "channel"."""
    if profile is None:
        return frozenset()
    names = [n.lower() for n in _module_names(profile)]
    asked = _asked_modules(profile, user_text)
    parts: set[str] = set()
    for name in asked:
        mine = set(tokenize(name))
        for other in names:
            if other != name:
                parts |= mine & set(tokenize(other))
    return frozenset(parts)


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


def build_context(doc: MemoryDocument, intent: IntentType | str, user_text: str) -> MemoryContext:
    """Select and render the memory context of ``doc`` for a turn
    (docs/context.md#what-is-selected).

    Pure: ``doc`` is not modified and nothing is read or written. Gated intents
    (``code_audit``, ``patch_explain``, ``patch_revise``) get an empty context;
    an unknown intent raises :class:`~autopatch_memory.errors.UnknownIntentError`.
    """
    parsed = parse_intent(intent)
    language = detect_language(user_text)
    if not memory_access(parsed).reads:
        return empty_context(parsed, language)
    items = _fit(_select(doc, parsed, user_text, language), language)
    return MemoryContext(intent=parsed, items=items, language=language)
