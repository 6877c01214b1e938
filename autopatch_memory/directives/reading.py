"""Reading the user's words: :func:`read_sentence` (the verdict on one sentence),
:func:`directives_in` (every rule, cancel and fact of a text), :func:`rule_clauses`
and the summarization trigger's cheap check :func:`might_hold_directive`.

This is where the other modules meet: the checks of what is not a directive, the
segmenter, tasks and anaphora.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from functools import lru_cache
from typing import Any

from autopatch_memory import limits
from autopatch_memory.directives.cancels import _CANCEL, _CODE_REFERENT_ZH
from autopatch_memory.directives.facts import (
    _CORRECTION_LEAD,
    _REMEMBER_LEAD,
    _continues_fact,
    _fact_after_cancel,
    _fact_statement,
    _feedback,
    _has_fact_content,
    _norm_of_the_fact,
    _statement_naming_a_technology,
    _strip_lead,
)
from autopatch_memory.directives.instructions import (
    _ZH_VERB,
    _addressed,
    _imperative_start,
    _instructs,
    _rule_part,
    _strip_filler,
)
from autopatch_memory.directives.kinds import Directive, DirectiveKind, NotADirective, Reading
from autopatch_memory.directives.normalization import _CJK, _body_of, _norm, squash
from autopatch_memory.directives.not_a_directive import (
    _HYPOTHETICAL,
    _NEGATED,
    _carries_credential,
    _is_question,
    _one_off,
    _reported,
    _self_description,
)
from autopatch_memory.directives.shape_lexicon import (
    _DEFAULT_OBJECTS,
    _NEGATION_RE,
    _SHAPE_STOPWORDS_EN,
)
from autopatch_memory.directives.shapes import rule_shape, same_subject
from autopatch_memory.directives.tasks import _task
from autopatch_memory.directives.vocabulary import (
    _ARTIFACT_HEAD,
    _BARE_SENTIMENT,
    _FIRST_PERSON_SUBJECT_ZH,
    _IMPERATIVE_VERBS_EN,
    _NEGATIVE_LEAD_EN,
    _NEGATIVE_LEAD_ZH,
    _PREFERENCE_EN,
    _PREFERENCE_ZH,
    _SELF_SUBJECT,
    _STANDING,
    _STRONG_STANDING,
    _TEAM_SUBJECT,
)
from autopatch_memory.prose import prose_sentences
from autopatch_memory.signals import STOPWORDS_EN
from autopatch_memory.text import Language, detect_language, has_long_term_signal

# Parts of a sentence, each judged on its own ("我们已经切到 Gradle 了，不用再给我 Maven
# 命令了" holds a fact and a cancel). English "and" does not split: "skip the intro and
# get to the point" is one instruction.
_PART_BREAK = re.compile(
    r"\s*(?:[,，；]|(?<![Tt][Ll]);|\s[—–-]{1,2}\s|——|—)\s*|\s+and also\s+|并且|而且|同时|另外|以及"
)
# A part that only sets a condition for the next one ("Every time you show a Maven
# command, add -DskipTests", "写 Controller 的时候，…").
_CONDITION_PART = re.compile(
    r"^(?:every time|each time|whenever|when|if|once|after|before|for)\s+(?:you|i|we|there|it)\b"
    r"|^(?:in|for|across)\s+(?:anything|everything|all|any|every|each)\b"
    r"|^(?:when|whenever|if) (?:showing|giving|writing|explaining|answering)\b"
    r"|^(?:如果|假如|当|每当)[^，,]*$|(?:的时候|时|之前|之后)$"
    r"|^[^，,]*(?:涉及|关于|有关|遇到|碰到|针对)[^，,]*$"
    r"|^[^，,]{1,12}(?:里|中|里面|当中)$"
)
# "以后写分布式事务相关的代码，优先…": a Chinese part that ends on what it is about (…的代码)
# names the topic of the instruction that follows.
_TOPIC_END_ZH = re.compile(r"的[\u4e00-\u9fff]{1,4}$")


def _topic_part(folded: str) -> bool:
    """A part that only names what the next part is about: no choice, no negation."""
    body = _strip_filler(folded)
    if not _TOPIC_END_ZH.search(body) or _NEGATION_RE.search(body):
        return False
    return not rule_shape(body).choices


_ATTACHED_PART = re.compile(
    r"^(?:if|when|whenever|unless|except|even if|even when|especially|including|e\.g|"
    r"like|such as|so that|so i can|so we can|so it's|to make it easier|in order to|though|"
    r"although|otherwise|not|rather than|instead of|only|just the|"
    r"如果|当|即使|哪怕|除非|除了|尤其|特别是|包括|比如|例如|否则|不然|以便|而不是|而非|不是|只要|只给|只贴|"
    r"方便|好让|便于|以免|免得|这样我|这样方便|"
    # the next step of the same instruction: "先给调用链，再讲细节", "先说结论，接着给出依据"
    r"然后|接着|随后|其次|之后再|最后(?![一个次])|再(?!也|次))"
)


# "Change of plan: …", "Quick update: …", "Some context you should keep: …", "之前那个要求
# 恢复吧：…": a short head before a colon that only announces what follows. (A colon
# between digits or before a "//" is a time or a URL, not a head.)
_COLON_HEAD = re.compile(r"^([^:：]{1,48}?)\s*(?:(?<!\d):(?=\s|[\u4e00-\u9fff])|：)\s*(?=\S)")


def _lead_in_head(head: str) -> bool:
    """A colon head that announces what follows instead of saying something itself."""
    words = head.split()
    if _CJK.search(head):
        if len(squash(head)) > limits.DIRECTIVE_COLON_HEAD_CHARS:
            return False
    elif len(words) > limits.DIRECTIVE_COLON_HEAD_WORDS:
        return False
    first = re.match(r"[a-z][a-z']*", head)
    if first is not None and first.group(0) in _IMPERATIVE_VERBS_EN:
        return False  # "format every answer as: …" is the instruction
    return not _ARTIFACT_HEAD.match(head) and not _CONDITION_PART.search(head)


def _without_colon_head(text: str) -> str:
    """``text`` (folded or not) without a lead-in head before a colon."""
    found = _COLON_HEAD.match(text)
    if found is None or not _lead_in_head(_norm(found.group(1))):
        return text
    return text[found.end() :]


def _describes_the_rule(folded: str) -> bool:
    """A part after a rule that describes what the rule governs ("格式就是 …"), not the
    user's reason ("英文的我还得再翻一遍")."""
    text = _strip_filler(folded)
    if not _ARTIFACT_HEAD.match(text) or _FIRST_PERSON_SUBJECT_ZH.search(text):
        return False
    return not (_SELF_SUBJECT.match(text) or _is_question(text))


def _part_kind(
    text: str, standing: bool, previous: DirectiveKind | None, known_names: Collection[str]
) -> DirectiveKind | None:
    """What one part of a sentence states (``previous``: the kind of the part before).

    A part with a lead-in head ("Change of plan: …", "Quick update: …") is judged
    without it when it says nothing as a whole ("we dropped X: …" says something).
    """
    kind = _whole_part_kind(text, standing, previous, known_names)
    if kind is None:
        body = _strip_filler(_norm(text))
        headless = _without_colon_head(body)
        if headless is not body:
            kind = _whole_part_kind(headless, standing, previous, known_names)
    return kind


def _whole_part_kind(
    text: str, standing: bool, previous: DirectiveKind | None, known_names: Collection[str]
) -> DirectiveKind | None:
    norm = _norm(text)
    if _CANCEL.search(norm) and not _CODE_REFERENT_ZH.search(norm):
        return DirectiveKind.CANCEL
    if _statement_naming_a_technology(text) and not standing:
        return DirectiveKind.FACT
    rest, lead = _strip_lead(norm)
    if _fact_statement(_strip_filler(rest), known_names) and not (
        standing and _addressed(rest) and not _TEAM_SUBJECT.match(_strip_filler(rest))
    ):
        return DirectiveKind.FACT
    correction = lead is not None and bool(_CORRECTION_LEAD.match(norm)) and bool(rest)
    if correction and not _addressed(rest) and _has_fact_content(rest) and not _feedback(rest):
        return DirectiveKind.FACT  # "不对，是 Spring Security"
    if lead is not None and _REMEMBER_LEAD.match(norm) and rest:
        stripped = _strip_filler(rest)
        if _rule_part(rest, True, False) or _STANDING.search(rest):
            return DirectiveKind.RULE
        if not _CJK.search(stripped[:1]) and _imperative_start(stripped):
            return DirectiveKind.RULE
        if not _SELF_SUBJECT.match(stripped) and _has_fact_content(stripped):
            return DirectiveKind.FACT  # "Note: the gateway strips /api", "注意：网关会…"
    if _rule_part(norm, standing, previous is DirectiveKind.RULE):
        return DirectiveKind.RULE
    return None


# A part that is only a courtesy belongs to the part before it ("Gradle commands, please").
_COURTESY_PART = re.compile(r"^(?:please|pls|plz|thanks|thank you|thx|谢谢|拜托|麻烦了)$")


def _spans(sentence: str) -> list[tuple[int, int]]:
    """Where each part of a sentence's body starts and ends."""
    body = _body_of(sentence)
    spans: list[tuple[int, int]] = []
    start = 0
    for match in [*_PART_BREAK.finditer(body), None]:
        end = match.start() if match is not None else len(body)
        piece = body[start:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            span = (start + lead, start + len(piece.rstrip()))
            if spans and _COURTESY_PART.match(_norm(body[span[0] : span[1]])):
                span = (spans.pop()[0], span[1])
            spans.append(span)
        if match is not None:
            start = match.end()
    return spans


def _parts(sentence: str) -> list[str]:
    body = _body_of(sentence)
    return [body[a:b] for a, b in _spans(sentence)]


def _list_item(part: str, previous: DirectiveKind, before: str) -> bool:
    """A short part without a verb after a rule: an item of its list ("format every answer
    as: summary, details, then code"; "Java 8 syntax — no var, no records"). ``before``:
    the rule it would join."""
    stripped = _strip_filler(_norm(part))
    if previous is not DirectiveKind.RULE or _STANDING.search(stripped):
        return False
    if _CJK.search(stripped):
        short = len(stripped) <= limits.DIRECTIVE_LIST_ITEM_CHARS
        return short and not _NEGATIVE_LEAD_ZH.match(stripped) and not _ZH_VERB.search(stripped)
    words = stripped.split()
    if _NEGATIVE_LEAD_EN.match(stripped) and _NEGATIVE_LEAD_EN.match(_strip_filler(_norm(before))):
        return False  # "no emojis, no filler": a prohibition of its own, like the rule before
    return len(words) <= limits.DIRECTIVE_LIST_ITEM_WORDS and not _imperative_start(stripped)


def _empty_part(part: str) -> bool:
    rest, _ = _strip_lead(_norm(part))
    return not _strip_filler(rest)


class _Segmenter:
    """Walks the parts of one sentence and gathers its rules, cancels and facts."""

    def __init__(self, sentence: str, known_names: Collection[str]) -> None:
        self.body = _body_of(sentence)
        self.spans = _spans(sentence)
        self.known_names = known_names
        folded = _norm(sentence)
        self.standing = bool(
            _STANDING.search(folded)
            or _PREFERENCE_EN.search(folded)
            or _PREFERENCE_ZH.search(folded)
        )
        self.segments: list[list[Any]] = []  # [kind, start, end]
        self.lead: int | None = None  # where a pending lead-in or condition starts
        self.judged_from: int | None = None  # lead-ins are judged with their part, conditions not
        self.previous: DirectiveKind | None = None

    def run(self) -> list[tuple[DirectiveKind, str]]:
        for index, (start, end) in enumerate(self.spans):
            self._part(index, start, end)
        if self.lead is not None and self.segments:
            self.segments[-1][2] = len(self.body)
        return [(kind, self.body[a:b]) for kind, a, b in self.segments]

    def _held(self, part: str, folded: str, index: int) -> bool:
        """A lead-in or a condition: kept for the next part."""
        if _empty_part(part):
            here = self.spans[index][0]
            self.judged_from = here if self.judged_from is None else self.judged_from
            self.lead = here if self.lead is None else self.lead
            return True
        followed = index + 1 < len(self.spans)
        condition = _CONDITION_PART.search(folded) or (self.standing and _topic_part(folded))
        # "修一下 OrderService 的空指针，以后…": a task is work of its own, no topic.
        if (
            followed
            and condition
            and not _CANCEL.search(folded)
            and not _task(part, self.known_names)
        ):
            here = self.spans[index][0]
            self.lead = here if self.lead is None else self.lead
            self.judged_from = None
            return True
        return False

    def _part(self, index: int, start: int, end: int) -> None:
        part = self.body[start:end]
        folded = _norm(part)
        if self._held(part, folded, index):
            return
        begin = self.lead if self.lead is not None else start
        judged = self.body[self.judged_from if self.judged_from is not None else start : end]
        # After a condition of a standing sentence ("以后遇到异常的时候，…") an instruction
        # needs no standing phrase of its own.
        after_condition = self.lead is not None and self.judged_from is None and self.standing
        self.lead = self.judged_from = None
        if _BARE_SENTIMENT.match(_strip_filler(folded)):
            return
        last = self.segments[-1] if self.segments else None
        if last is not None and (
            _ATTACHED_PART.match(folded) or _list_item(part, last[0], self.body[last[1] : last[2]])
        ):
            last[2] = end
            return
        context = DirectiveKind.RULE if after_condition else self.previous
        if self.previous is DirectiveKind.FACT and _norm_of_the_fact(judged):
            kind = None  # "loan-repay 绝不能直接调 loan-account，必须走 loan-core 的接口"
        else:
            kind = _part_kind(judged, self.standing, context, self.known_names)
        before, self.previous = self.previous, kind
        if kind is None:
            self._statement(folded, before, end)
            return
        if kind is DirectiveKind.RULE and index and _BACK_REFERENCE.match(_strip_filler(folded)):
            begin = min(begin, self.spans[index - 1][0])  # "中文回答就行，以后都这样"
        rules = last is not None and kind is last[0] is DirectiveKind.RULE
        if (
            last is not None
            and rules
            and _one_rule(self.body[last[1] : last[2]], self.body[begin:end])
            and not _task(self.body[last[1] : last[2]], self.known_names)
            and not _task(self.body[begin:end], self.known_names)
        ):
            last[2] = end
            return
        if last is not None and kind is last[0] is before is DirectiveKind.FACT:
            last[2] = end  # one sentence, one fact: "我们生产上两台机器，admin-quartz 没开集群"
            return
        self.segments.append([kind, begin, end])

    def _statement(self, folded: str, before: DirectiveKind | None, end: int) -> None:
        """A part that is no directive of its own may go on with the fact before it, or
        state the new fact after a cancel."""
        last = self.segments[-1] if self.segments else None
        if last is None:
            return
        if before is DirectiveKind.FACT is last[0] and _continues_fact(folded):
            last[2] = end
            self.previous = DirectiveKind.FACT
        elif before is DirectiveKind.RULE is last[0] and _describes_the_rule(folded):
            last[2] = end  # "commit message 用英文，格式就是 feat: xxx 这种"
            self.previous = DirectiveKind.RULE
        elif before is DirectiveKind.CANCEL and _fact_after_cancel(folded):
            start = self.spans[[b for _, b in self.spans].index(end)][0]
            self.segments.append([DirectiveKind.FACT, start, end])
            self.previous = DirectiveKind.FACT


def _segments(sentence: str, known_names: Collection[str]) -> list[tuple[DirectiveKind, str]]:
    """The rules, cancels and facts of one sentence, each with the text that states it
    (the user's own words, punctuation kept).

    Lead-ins ("From now on,", "不对，") and conditions ("Every time you show a Maven
    command,") join the next part; additions ("even if I ask in Chinese", "不是 Shiro")
    and list items join the previous one; adjacent rules on the same subject ("用构造器
    注入，不要用字段注入") are one rule; reasons and bare sentiments are dropped.
    """
    body = _body_of(sentence)
    if _CANCEL.search(_norm(sentence)) and not any(
        _CANCEL.search(_norm(body[a:b])) for a, b in _spans(sentence)
    ):
        # "我说的每次给 Maven 命令那条，现在不用了": one cancel over several parts.
        return [(DirectiveKind.CANCEL, body)]
    return _Segmenter(sentence, known_names).run()


_BACK_REFERENCE = re.compile(
    r"^(?:这样|如此|照此|照这样|这么做|这么办|that way|like this|like that)\W*$"
)
_PRONOUN_OBJECT = re.compile(
    r"\b(?:them|it|those|these|that one|this one)\b|它们?|这些|那些|这个|那个"
)


def _one_rule(first: str, second: str) -> bool:
    """Two adjacent rule parts state one rule: the same subject ("用构造器注入，不要用
    字段注入"), or a prohibition and its alternative ("don't paste whole files, show
    only the lines that change") where the second part has no standing phrase of its own."""
    a, b = rule_shape(first), rule_shape(second)
    if same_subject(a, b) or _PRONOUN_OBJECT.search(_norm(second)):
        return True  # "I hate wildcard imports, never use them in examples"
    if _STRONG_STANDING.search(_norm(second)):
        return False  # a standing phrase of its own: a rule of its own
    if not _instructs(second):
        return True  # it describes the first: "commit message 用英文，格式就是 feat: xxx 这种"
    # The second part says how to do what the first asks, on nothing else: "代码示例都带上
    # 单元测试，用 JUnit 5" (a choice for a rule that made none, naming no other object).
    if b.choices and not a.choices and b.objects == _DEFAULT_OBJECTS:
        return True
    return a.negative != b.negative


@lru_cache(maxsize=limits.DIRECTIVE_CACHE_ENTRIES)
def _read(sentence: str, known_names: frozenset[str]) -> tuple[Reading, tuple[Directive, ...]]:
    norm = _norm(sentence)
    checks: tuple[tuple[Callable[[str], bool], NotADirective], ...] = (
        (_is_question, NotADirective.QUESTION),
        (_carries_credential, NotADirective.CREDENTIAL),
        (lambda n: bool(_NEGATED.search(n)), NotADirective.NEGATED),
        (_reported, NotADirective.REPORTED),
        (lambda n: bool(_HYPOTHETICAL.search(n)), NotADirective.HYPOTHETICAL),
        (_self_description, NotADirective.SELF_DESCRIPTION),
    )
    language = detect_language(sentence)
    for check, why_not in checks:
        if why_not is NotADirective.NEGATED and _CANCEL.search(norm):
            continue  # "算了，之前那条规则取消吧": a cancel, not a retraction
        if check(norm):
            facts: tuple[Directive, ...] = ()
            if why_not is NotADirective.QUESTION:
                facts = _facts_before_question(sentence, known_names, language)
            return Reading(sentence, why_not=why_not), facts
    # A one-off anywhere in the sentence ("Just for this one, …, no explanation") also
    # limits the rules that have no standing phrase of their own.
    once = any(_one_off(p) for p in _parts(sentence))
    segments = [
        (kind, text)
        for kind, text in _segments(sentence, known_names)
        if kind is DirectiveKind.CANCEL
        or (kind is DirectiveKind.FACT and not _task(text, known_names))
        or (
            not _one_off(text)
            and _has_content(text)
            and not (once and not _STANDING.search(_norm(text)))
            and not _task(text, known_names)
        )
    ]
    if not segments:
        all_one_off = any(_one_off(p) or _task(p, known_names) for p in _parts(sentence))
        why = NotADirective.ONE_OFF if all_one_off else NotADirective.NO_MARKER
        return Reading(sentence, why_not=why), ()
    if sentence.rstrip().endswith((":", "：")):
        # "his-outpatient 挂号接口偶尔报这个：" introduces what was pasted: no fact of its own.
        segments = [(kind, text) for kind, text in segments if kind is not DirectiveKind.FACT]
    if not segments:
        return Reading(sentence, why_not=NotADirective.NO_MARKER), ()
    kinds = {kind for kind, _ in segments}
    strongest = next(
        k for k in (DirectiveKind.CANCEL, DirectiveKind.RULE, DirectiveKind.FACT) if k in kinds
    )
    found = tuple(Directive(kind, sentence, text, language) for kind, text in segments)
    return Reading(sentence, kind=strongest), found


def _facts_before_question(
    sentence: str, known_names: Collection[str], language: Language
) -> tuple[Directive, ...]:
    """Leading parts of a question that state a fact ("我们用的是 MyBatis-Plus，分页怎么配？")."""
    parts = _parts(sentence)
    norm = _norm(sentence)
    if _HYPOTHETICAL.search(norm):
        return ()  # "Suppose we moved X to Pulsar, would…?" states nothing
    if _carries_credential(norm):
        return ()  # a credential never becomes a note, not even redacted
    return tuple(
        Directive(DirectiveKind.FACT, sentence, part, language)
        for part in parts[:-1]
        if not _is_question(_norm(part))
        and not _premise(_norm(part))
        and _fact_statement(_strip_filler(_norm(part)), known_names)
    )


# "review 模块处理完 finding 之后，…？", "When the queue is closed, …?": a time or
# condition clause sets up the question; the user asks about it, they state nothing.
_PREMISE = re.compile(
    r"(?:的时候|时|之前|之后|以后|以前|的话|期间|过程中)$"
    r"|^(?:如果|假如|要是|当|每当|万一|after|before|when|whenever|once|if|while|until)\b"
)


def _premise(norm: str) -> bool:
    """A part of a question that only states the question's condition or moment."""
    return bool(_PREMISE.search(_strip_filler(norm)))


def read_sentence(sentence: str, known_names: Iterable[str] = ()) -> Reading:
    """The grammar's verdict on one sentence of the user's prose.

    A sentence that holds several directives gets the strongest kind (a cancel, then
    a rule, then a fact). ``known_names`` are the project's module names: a sentence
    that starts with one ("mall-order calls mall-search via Feign") can state a fact.
    """
    return _read(sentence.strip(), frozenset(known_names))[0]


def rule_clauses(sentence: str) -> list[str]:
    """The parts of a sentence that each state one rule ("以后回答都用中文，先给结论"
    has two; "Stop suggesting Lombok, we don't use it anymore" has one)."""
    return [text for kind, text in _segments(sentence, ()) if kind is DirectiveKind.RULE]


def _has_content(clause: str) -> bool:
    """Something is asked besides the standing phrase and the negation ("never" alone is
    no rule)."""
    content = _strip_filler(_norm(clause)).strip("。.!！")
    content = _NEGATION_RE.sub(" ", _STANDING.sub(" ", content)).strip()
    if _BARE_SENTIMENT.match(content):
        return False
    return len(squash(content)) >= limits.DIRECTIVE_MIN_CLAUSE_CHARS


def directives_in(text: str, known_names: Iterable[str] = ()) -> list[Directive]:
    """Every rule, cancel and fact the user states in ``text``, one per clause.

    ``text`` is cleaned first (:func:`~autopatch_memory.prose.user_prose`): code,
    logs and secrets never become directives.
    """
    names = frozenset(known_names)
    found: list[Directive] = []
    previous: tuple[str, tuple[Directive, ...]] | None = None
    for sentence in prose_sentences(text):
        directives = _read(sentence.strip(), names)[1]
        for directive in directives:
            rule = directive.kind is DirectiveKind.RULE and previous is not None
            if rule and previous and _anaphoric(directive.clause):
                resolved = _resolve_anaphor(directive, *previous)
                if resolved is not None:
                    found.append(resolved)
                continue
            before = _rule_of(previous[1]) if rule and previous else None
            if before is not None and _ALTERNATIVE.search(_norm(directive.clause)):
                # "I dislike catch blocks that swallow exceptions. … log and rethrow
                # instead.": the alternative to the rule before is the same rule.
                found[found.index(before)] = _joined(before, directive)
                continue
            found.append(directive)
        previous = (sentence.strip(), directives)
    return found


# A rule that gives the alternative to the one before it: "… log and rethrow instead",
# "…，改为用 Logback".
_ALTERNATIVE = re.compile(r"\binstead\W*$|^(?:改为|改成|换成|而是)")


def _rule_of(directives: Sequence[Directive]) -> Directive | None:
    return next((d for d in reversed(directives) if d.kind is DirectiveKind.RULE), None)


def _joined(first: Directive, second: Directive) -> Directive:
    separator = "；" if first.language is Language.ZH else "; "
    clause = first.clause + separator + second.clause
    return Directive(first.kind, first.sentence, clause, first.language)


# A rule whose object is a pronoun for what the sentence before said: "I really don't
# like Optional as a parameter. Don't do that in code you write for me."; "Lombok 我们
# 早就不用了。以后别再推荐它了。"
_ANAPHOR_EN = re.compile(r"\b(?:that|it|this|them|those|these)\b", re.I)
_ANAPHOR_ZH = re.compile(r"它们?|这样|那样|这么|那么|这个|那个|这些|那些")
_ANAPHOR_SCAFFOLD = re.compile(
    r"\b(?:in|for|to|me|us|my|our|you|your|any|the|code|snippets?|examples?|answers?|"
    r"replies|write|give|show|anymore|any more|again|either|too|please|ever)\b"
    r"|代码|示例|回答|里|中|给我|我|你|了|吧|啊|都|也|再"
)


def _anaphoric(clause: str) -> bool:
    """The rule's first part says nothing but "do that": its object is a pronoun."""
    first = _strip_filler(_norm(_parts(clause)[0] if _parts(clause) else clause))
    if not (_ANAPHOR_EN.search(first) or _ANAPHOR_ZH.search(first)):
        return False
    rest = _STANDING.sub(" ", first)
    rest = _NEGATION_RE.sub(" ", rest)
    rest = _ANAPHOR_ZH.sub(" ", _ANAPHOR_EN.sub(" ", rest))
    rest = _ANAPHOR_SCAFFOLD.sub(" ", rest)
    words = [w for w in re.findall(r"[a-z']+", rest) if w not in _IMPERATIVE_VERBS_EN]
    return not words and len(_CJK.findall(rest)) <= limits.DIRECTIVE_ANAPHOR_VERB_CHARS


def _resolve_anaphor(
    directive: Directive, before: str, directives: Sequence[Directive]
) -> Directive | None:
    """The rule with what its pronoun stands for: nothing new when the sentence before
    already states the rule; its name in place of the pronoun when the sentence before
    names one thing ("We ripped Lombok out. Don't suggest it anymore" → "Don't suggest
    Lombok anymore"); otherwise the rule, then that sentence."""
    if any(d.kind is DirectiveKind.RULE for d in directives):
        return None
    referent = _referent(before)
    if referent is not None:
        pronoun = _ANAPHOR_EN.search(directive.clause) or _ANAPHOR_ZH.search(directive.clause)
        if pronoun is not None:
            a, b = pronoun.span()
            name = f" {referent} " if directive.language is Language.ZH else referent
            clause = " ".join(f"{directive.clause[:a]}{name}{directive.clause[b:]}".split())
            return Directive(directive.kind, directive.sentence, clause, directive.language)
    separator = "；" if directive.language is Language.ZH else "; "
    clause = directive.clause + separator + _body_of(before)
    return Directive(directive.kind, directive.sentence, clause, directive.language)


_NAME_IN_TEXT = re.compile(r"(?<![\w@.-])@?[A-Z][A-Za-z0-9]*(?:[.-][A-Za-z0-9]+)*")


def _referent(sentence: str) -> str | None:
    """The one name a sentence is about ("Lombok"), if it names exactly one thing that is
    no common word."""
    names = []
    for found in _NAME_IN_TEXT.finditer(sentence):
        word = found.group(0)
        common = word.lower() in _SHAPE_STOPWORDS_EN or word.lower() in STOPWORDS_EN
        if common or word.isupper():
            continue  # "We", "Why"; "JDK", "CI" (an acronym is a setting, not the thing)
        if word not in names:
            names.append(word)
    return names[0] if len(names) == 1 else None


def might_hold_directive(text: str) -> bool:
    """A cheap check for the summarization trigger: the text has a standing phrase, a
    preference, a negative instruction, a cancel, a correction or a "remember" — or
    one of its first sentences states a project fact, so that the note exists before
    a later turn corrects or cancels it."""
    norm = _norm(text)
    if has_long_term_signal(text) or bool(
        _STANDING.search(norm)
        or _PREFERENCE_EN.search(norm)
        or _PREFERENCE_ZH.search(norm)
        or _CANCEL.search(norm)
        or _CORRECTION_LEAD.match(norm)
        or _REMEMBER_LEAD.match(norm)
        or _NEGATIVE_LEAD_EN.match(norm)
        or _NEGATIVE_LEAD_ZH.match(norm)
    ):
        return True
    sentences = prose_sentences(text[: limits.DIRECTIVE_TRIGGER_CHARS])
    return any(
        _read(s.strip(), frozenset())[0].kind is DirectiveKind.FACT
        for s in sentences[: limits.DIRECTIVE_TRIGGER_SENTENCES]
    )


def find_quote(quote: str, text: str) -> list[str]:
    """The sentences of ``text`` (the user's prose) that ``quote`` covers, compared
    without case, width, spaces or punctuation; ``[]`` when the quote is not there.

    A quote of part of a sentence gives the whole sentence, so "回答用中文" quoted
    from "以后回答用中文" is judged with its "以后".
    """
    wanted = squash(quote)
    if not wanted:
        return []
    sentences = prose_sentences(text)
    squashed = [squash(s) for s in sentences]
    exact = [s for s, q in zip(sentences, squashed, strict=True) if wanted == q]
    if exact:
        return exact
    inside = [s for s, q in zip(sentences, squashed, strict=True) if wanted in q]
    if inside:
        return inside
    # A quote across sentences ("We migrated to Gradle. From now on…").
    position = "".join(squashed).find(wanted)
    if position < 0:
        return []
    covered: list[str] = []
    offset = 0
    for sentence, folded in zip(sentences, squashed, strict=True):
        if offset < position + len(wanted) and offset + len(folded) > position:
            covered.append(sentence)
        offset += len(folded)
    return covered
