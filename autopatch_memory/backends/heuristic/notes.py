"""Project notes: what the user gave the assistant to keep about the project, or corrected.

A new note only from a fact given to keep ("记一下：…", "FYI, …": ``standing/told.py``);
a fact said in passing is the model's to read (docs/quality.md#the-offline-reader).

"mall-order calls mall-search via Feign", "我们 CI 一律加 -T 4", "不对，我们用的是
Spring Security，不是 Shiro". Never a question the user asked, never what the
assistant answered. A correction ("…, not Y") rewrites the note that said Y, and a
change ("JDK 8" → "现在整个项目都跑在 JDK 17 上", "TTL 已经改成 10 分钟了") rewrites the
note that held the old value: what it said about other things is kept, what the
new fact replaces is not.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from itertools import pairwise

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryItem
from autopatch_memory.directives import (
    Directive,
    DirectiveKind,
    cancel_content,
    correction_topic,
    fact_label,
    fact_text,
    rule_shape,
    states_change_of,
)
from autopatch_memory.lang.vocabulary import PLATFORMS
from autopatch_memory.model import SOURCE_OF_TYPE, LongTermOp, LongTermType, Operation
from autopatch_memory.prose import END_PUNCTUATION
from autopatch_memory.standing.told import (
    TOLD_TO_KEEP,
    only_a_marker,
    plain_statement,
    without_marker,
)
from autopatch_memory.standing.vetoes import VETOES
from autopatch_memory.text import Language, anchor_tokens, detect_language, normalize

from .note_vetoes import GUESS, JOKE, JOKE_TAIL_CHARS, NEW_NOTE_VETOES, TAKEN_BACK
from .summaries import safe
from .turns import TurnView, end_with, is_question, quotable

_NOTE = LongTermType.PROJECT_NOTE
# The deny-list rules of a model's rules that keep a sentence from being a note as well:
# what someone else said, a hypothetical, a credential, code or a log.
_SHARED_VETOES = tuple(
    VETOES.get(rule_id)
    for rule_id in ("reported-speech", "hypothetical", "credential", "code-or-log")
)
# The alternative a correction rejects: "…，不是 Shiro", "…, not Shiro", "it's not Y, …".
_REJECTED_RE = re.compile(
    r"(?:(?:^|[,，]\s*|\s)(?:not|(?:it'?s|it is|that'?s) not)\s*|而?不是|而非)\s*([^,，。.;；]+)",
    re.I,
)
# The earlier value a correction withdraws: "刚才说凌晨 1 点那个不对了" (what the user
# said), "…没上 Kafka，是…", "we never used Kafka, it's…" (what is not in the project).
_WITHDRAWN_RE = re.compile(
    r"^(?:\W*(?:哦|噢|喔|啊|呃|oh|ah|oops|hmm)\W*)?(?:刚才|之前|前面|上面|我)?说的?"
    r"([^，,。:：]{1,24}?)(?:那个|那条|这个|那句)?(?:不对了?|不准确了?|错了|有误)"
    r"|(?:i was wrong|i misspoke|i got (?:it|that) wrong) (?:about|on) ([^,.:;]{1,40})"
    r"|(?:没|没有|并没有?|从没|从来没)(?:上|用|引入?|接入?|走)过?\s*([a-z][\w.+-]*)"
    r"|\b(?:never|didn'?t|did not) (?:used?|adopt(?:ed)?|introduced?|go with|went with) "
    r"([a-z][\w.+-]*)"
    # "we moved off DingTalk in March", "已经不用钉钉了", "去年下掉了 Kafka"
    r"|\b(?:moved|migrated|switched|went) (?:off|away from) (?:of )?([a-z][\w.+-]*)"
    r"|(?:不再用|已经不用|弃用了?|下掉了?|换掉了?|迁出了?|停用了?)\s*"
    r"([a-z][\w.+-]*|[\u4e00-\u9fff]{2,6}?)\s*(?:了|$|[，,。])",
    re.I,
)
# A rejected value also names its other spellings ("钉钉" in the note, "DingTalk" in the
# correction).
_OTHER_NAMES: dict[str, tuple[str, ...]] = {
    name: tuple(other for other in names if other != name) for names in PLATFORMS for name in names
}
# What the fact reader leaves of a marker it cut through ("顺便说一下，X" read as "一下，X").
_MARKER_REMNANT_RE = re.compile(r"^(?:一下|下|一句|一声)[，,：:]\s*")
# Where a note's text divides into statements.
_PARTS_RE = re.compile(r"\s*(?:[,，;；。]|\.(?:\s|$)|\s+and\s+)\s*", re.I)


def _rejected(clause: str) -> str | None:
    """The value a correction rejects or withdraws, if it names one."""
    found = _REJECTED_RE.search(clause) or _WITHDRAWN_RE.search(clause)
    if found is None:
        # "刷盘那个我记错了，默认是同步刷盘": what was said of the topic is withdrawn.
        topic = correction_topic(clause)
        return normalize(topic) if topic and len(topic) >= limits.HEURISTIC_TERM_MIN_CHARS else None
    wrong = normalize(next(g for g in found.groups() if g is not None)).strip()
    return wrong if len(wrong) >= limits.HEURISTIC_TERM_MIN_CHARS else None


def _target(clause: str, notes: Sequence[SummaryItem]) -> SummaryItem | None:
    """The note a fact rewrites: the one naming the alternative a correction rejects, or
    the one holding the value the fact changes."""
    wrong = _rejected(clause)
    if wrong is not None:
        named = [n for n in notes if _names(f"{n.label} {n.summary}", wrong)]
        if named:
            return named[0]
    return next((n for n in notes if states_change_of(clause, f"{n.label}. {n.summary}")), None)


def _names(text: str, wrong: str) -> bool:
    """``text`` says the rejected value: as a whole word ("12" is not "2012"); a number
    with its unit ("12 个") also by the number alone."""
    folded = normalize(text)
    number = re.fullmatch(r"(\d+(?:\.\d+)?)\s*\S{0,3}", wrong)
    for value in (wrong, number.group(1) if number else None, *_OTHER_NAMES.get(wrong, ())):
        if not value:
            continue
        # A word or a number stands whole; a Chinese edge needs no boundary ("10 点全量").
        before = r"(?<!\w)(?<!\w\.)" if value[0].isascii() else ""
        after = r"(?!\w)(?!\.\w)" if value[-1].isascii() else ""
        if re.search(before + re.escape(value) + after, folded):
            return True
    return False


def _replaced_part(part: str, new: str, wrong: str | None) -> bool:
    """A statement of the old note that the new fact replaces: it names the rejected
    value, or the new fact says most of what it says."""
    if wrong is not None and _names(part, wrong):
        return True
    # Whole words only: "PostgreSQL" shares its parts "sql" and "postgre" with itself.
    old_terms = set(anchor_tokens(part))
    if not old_terms:
        return True
    shared = old_terms & anchor_tokens(new)
    return len(shared) >= limits.HEURISTIC_REPLACED_SHARE * len(old_terms)


def _rewrite(
    note: SummaryItem,
    new: str,
    language: Language,
    cancelled: frozenset[str] = frozenset(),
    wrong: str | None = None,
) -> str:
    """The note's text after the fact: its other statements (not those naming ``wrong``,
    the value the user rejected or withdrew, nor those about what they cancelled,
    ``cancelled`` content words), then the new one in the user's words ("不是 Shiro"
    included: it says what no longer holds)."""
    old = [p for p in _PARTS_RE.split(note.summary.rstrip(END_PUNCTUATION)) if p.strip()]
    kept = [
        p for p in old if not _replaced_part(p, new, wrong) and not cancelled & rule_shape(p).terms
    ]
    separator = "; " if language is Language.EN else "；"
    return separator.join([*kept, new.rstrip(END_PUNCTUATION)])


def _note_op(
    directive: Directive,
    notes: Sequence[SummaryItem],
    view: TurnView,
    cancelled: Mapping[str, SummaryItem],
) -> LongTermOp | None:
    text = fact_text(_MARKER_REMNANT_RE.sub("", without_marker(directive.clause)))
    target = cancelled.get(directive.sentence) or _target(directive.clause, notes)
    if target is not None:
        about: frozenset[str] = frozenset()
        if directive.sentence in cancelled:
            about = _cancelled_terms([view], directive.sentence)
        text = _rewrite(target, text, directive.language, about, _rejected(directive.clause))
    label = safe(fact_label(text), limits.MAX_LABEL_CHARS)
    summary = safe(end_with(text, directive.language), limits.MAX_SUMMARY_CHARS)
    if not label or not summary:
        return None
    return LongTermOp(
        operation=Operation.UPDATE_EXISTING if target else Operation.CREATE_NEW,
        type=None if target else _NOTE.value,
        target_id=target.id if target else None,
        label=label,
        summary=summary,
        source=SOURCE_OF_TYPE[_NOTE].value,
        evidence_turn_ids=[view.id],
        evidence_quote=quotable(directive.sentence, view),
    )


def _cancelled_terms(views: Sequence[TurnView], sentence: str | None) -> frozenset[str]:
    """The content words of what the cancels of ``sentence`` are about."""
    return frozenset(
        t
        for v in views
        for c in v.of_kind(DirectiveKind.CANCEL)
        if c.sentence == sentence
        for t in rule_shape(cancel_content(c.clause)).terms
    )


# A part that opens with a time or an adverb, not a subject: it goes on with the part
# before it ("明年才迁 Nacos", "then it retries", "which is why…").
_GOES_ON = re.compile(
    r"^\s*(?:才|还|也|就|再|又|然后|之后|后来|随后|明年|今年|下个?月|下周|年底|回头|等|"
    r"(?:and |but |then |which |so |until |after that )\b)",
    re.I,
)


def partly_cancelled(
    archive: LongTermOp, note: SummaryItem, views: Sequence[TurnView]
) -> LongTermOp | None:
    """An update instead of ``archive`` when its cancel is about one statement of a note
    that says several ("刚说 X 用 MongoDB 那条先别记" of "X 用 MongoDB，其他模块用 Oracle"):
    the other statements stay. ``None`` when the cancel is about the whole note."""
    about = _cancelled_terms(views, archive.evidence_quote)
    parts = [p for p in _PARTS_RE.split(note.summary.rstrip(END_PUNCTUATION)) if p.strip()]
    kept = []
    for index, part in enumerate(parts):
        gone = bool(about & rule_shape(part).terms)
        # "…还在 ZooKeeper 上，明年才迁 Nacos": a part that goes on without a subject of
        # its own goes with the statement before it.
        if not gone and index and parts[index - 1] not in kept and _GOES_ON.match(part):
            gone = True
        if not gone:
            kept.append(part)
    # The cancel names a statement (its subject and what it says of it: "X 用 MongoDB
    # 那条"), not just a topic ("ruoyi-quartz 那条" is about all that was said of it).
    named = any(len(about & rule_shape(p).terms) >= 2 for p in parts if p not in kept)
    if not named or not kept or len(kept) == len(parts):
        return None
    language = detect_language(note.summary)
    text = ("；" if language is Language.ZH else "; ").join(kept)
    label = safe(fact_label(text), limits.MAX_LABEL_CHARS)
    summary = safe(end_with(text, language), limits.MAX_SUMMARY_CHARS)
    if not label or not summary:
        return None
    return archive.model_copy(
        update={
            "operation": Operation.UPDATE_EXISTING,
            "type": None,
            "label": label,
            "summary": summary,
            "source": SOURCE_OF_TYPE[_NOTE].value,
        }
    )


def _marked_as_joke(sentence: str | None, view: TurnView) -> bool:
    """The sentence, or a short one right after it ("Kidding."), marks it as a joke."""
    if sentence is None:
        return False
    if JOKE.fires(sentence):
        return True
    wanted = sentence.strip()
    after = next((b for a, b in pairwise(view.sentences) if a.strip() == wanted), None)
    # (read after the sentence: laughter alone, "哈哈哈", marks only what it follows)
    return (
        after is not None
        and len(after.strip()) <= JOKE_TAIL_CHARS
        and JOKE.fires(f"{wanted} {after.strip()}")
    )


_POINTS_BACK_RE = re.compile(
    r"这个|那个|这条|那条|刚才|前面|上面|\b(?:that|this|it|never\s*mind|ignore)\b", re.IGNORECASE
)


def _taken_back_after(sentence: str, view: TurnView) -> bool:
    """A sentence after ``sentence`` in the turn takes it back or says not to keep it
    ("…in pawcare-config... wait, that repo was archived. never mind"); the sentence itself
    is read by the vetoes."""
    wanted = sentence.strip()
    index = next((i for i, s in enumerate(view.sentences) if s.strip() == wanted), None)
    if index is None or index + 1 >= len(view.sentences):
        return False
    after = view.sentences[index + 1]
    # (the next sentence, pointing back: not "另外帮我看看这个 NPE，算了，我自己先查")
    return TAKEN_BACK.fires(after) and _POINTS_BACK_RE.search(after) is not None


def _told_to_keep(sentence: str | None, view: TurnView) -> bool:
    """The sentence says it is for the assistant to keep, or stands next to a short
    sentence that says only that ("记一下。订单服务用 PG 14。", "… Please keep that in mind.")."""
    if sentence is None:
        return False
    if TOLD_TO_KEEP.fires(sentence):
        return True
    wanted = sentence.strip()
    for before, after in pairwise(view.sentences):
        other = after if before.strip() == wanted else before if after.strip() == wanted else None
        if other is not None and only_a_marker(other):
            return True
    return False


def note_ops(
    views: Sequence[TurnView],
    items: Sequence[SummaryItem],
    cancelled: Mapping[str, SummaryItem] | None = None,
) -> list[LongTermOp]:
    """A create (or, for a correction or a change, an update) per fact the user stated.

    ``cancelled``: notes that a cancel in a sentence is about, by sentence; a fact in
    that sentence rewrites the note ("Ignore what I said about 12 partitions, we bumped
    the topic to 24"): what the note said about the cancelled thing goes, the rest stays.
    """
    notes = [i for i in items if i.type == _NOTE.value]
    ops: list[LongTermOp] = []
    for view in views:
        for directive in [*view.of_kind(DirectiveKind.FACT), *_told_facts(view)]:
            if GUESS.fires(directive.sentence) or _marked_as_joke(directive.sentence, view):
                continue
            op = _note_op(directive, notes, view, cancelled or {})
            if op is None:
                continue
            sentence = directive.sentence or ""
            if op.operation is Operation.CREATE_NEW and (
                not _told_to_keep(sentence, view)
                or _taken_back_after(sentence, view)
                or any(rule.fires(sentence) for rule in _SHARED_VETOES)
                or any(rule.fires(without_marker(sentence)) for rule in NEW_NOTE_VETOES)
            ):
                continue  # no new note; it could only have revised one
            ops.append(op)
    return ops


def _told_facts(view: TurnView) -> list[Directive]:
    """The sentences the user gives the assistant to keep that the fact reader did not
    take and that are no rule or cancel either: read as facts, marker left out. The
    marker says what they are; no grammar has to."""
    taken = {s.strip() for s in view.directive_sentences}
    told = []
    for sentence in view.sentences:
        fact = without_marker(sentence).strip()
        if (
            sentence.strip() in taken
            or len(fact) < limits.TOLD_FACT_MIN_CHARS
            or not _told_to_keep(sentence, view)
            or not plain_statement(fact)
            or is_question(sentence)
            or is_question(fact)
        ):
            continue
        told.append(Directive(DirectiveKind.FACT, sentence, fact, detect_language(fact)))
    return told
