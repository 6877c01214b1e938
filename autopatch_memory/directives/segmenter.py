"""Parts and clauses: the segmenter that cuts one sentence into its parts and
gathers its rules, cancels and facts, each with the user's own words.

Lead-ins ("From now on,", "不对，") and conditions join the next part; additions,
list items and descriptions join the previous one; adjacent rules on one subject are
one rule. What each part states is asked of the instruction, fact, cancel and task
readers; this module only walks and joins.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from autopatch_memory import limits
from autopatch_memory.directives.cancels import CANCEL, CODE_REFERENT_ZH
from autopatch_memory.directives.facts import (
    CORRECTION_LEAD,
    EXPERIENCE,
    FACT_VERB,
    REMEMBER_LEAD,
    continues_fact,
    fact_after_cancel,
    fact_statement,
    has_fact_content,
    is_feedback,
    norm_of_the_fact,
    statement_naming_a_technology,
    strip_lead,
)
from autopatch_memory.directives.instructions import (
    ZH_VERB,
    imperative_start,
    instructs,
    is_addressed,
    rule_part,
    strip_filler,
)
from autopatch_memory.directives.kinds import DirectiveKind
from autopatch_memory.directives.normalization import body_of, pattern_text
from autopatch_memory.directives.not_a_directive import is_question
from autopatch_memory.directives.shape_lexicon import DEFAULT_OBJECTS, NEGATION_RE
from autopatch_memory.directives.shapes import RuleShape, rule_shape, same_subject
from autopatch_memory.directives.tasks import is_task
from autopatch_memory.directives.vocabulary import (
    ARTIFACT_HEAD,
    BARE_SENTIMENT,
    FIRST_PERSON_SUBJECT_ZH,
    IMPERATIVE_VERBS_EN,
    MODAL_ZH,
    NEGATIVE_LEAD_EN,
    NEGATIVE_LEAD_ZH,
    PREFERENCE_EN,
    PREFERENCE_ZH,
    SELF_SUBJECT,
    STANDING,
    STRONG_STANDING,
    TEAM_SUBJECT,
)
from autopatch_memory.lang.chars import CJK_CLASS, CJK_RE
from autopatch_memory.lang.fold import fold

# Parts of a sentence, each judged on its own ("我们已经切到 Gradle 了，不用再给我 Maven
# 命令了" holds a fact and a cancel). English "and" does not split: "skip the intro and
# get to the point" is one instruction.
_PART_BREAK = re.compile(
    r"\s*(?:[,，；]|(?<![Tt][Ll]);|\s[—–-]{1,2}\s|——|—)\s*|\s+and also\s+|并且|而且|同时|另外|以及"
)
# A part that only sets a condition for the next one ("Every time you show a Maven
# command, add -DskipTests", "写 Controller 的时候，…").
_CONDITION_PART = re.compile(
    r"^(?:(?:please|pls|and|also|so)\s+)?"
    r"(?:every time|each time|whenever|when|if|once|after|before|for)\s+(?:you|i|we|there|it)\b"
    r"|^(?:when|whenever|once|after|before|while)\s+[a-z][a-z0-9]*(?:-[a-z0-9]+)+\s"
    r"|^(?:in|for|across)\s+(?:anything|everything|all|any|every|each)\b"
    r"|^(?:when|whenever|if) (?:showing|giving|writing|explaining|answering)\b"
    r"|^(?:如果|假如|当|每当)[^，,]*$|(?:的时候|时|之前|之后)$"
    r"|^[^，,]*(?:涉及|关于|有关|遇到|碰到|针对)[^，,]*$"
    # "Controller 里" sets where the next part applies; "直接写在 XML 里" says where to put it
    r"|^(?![^，,]*(?:写|放|存|加|配|定义|声明)(?:在|到))[^，,]{1,12}(?:里|中|里面|当中)$"
    # "以后凡是讲缓存，都…": 凡是 opens the scope, its 都 (the instruction) comes after
    r"|^[^，,]*凡是(?![^，,]*(?:都|一律|统一|一概|全部|就))[^，,]*$"
)
# "以后写分布式事务相关的代码，优先…": a Chinese part that ends on what it is about (…的代码)
# names the topic of the instruction that follows.
_TOPIC_END_ZH = re.compile(rf"的[{CJK_CLASS}]{{1,4}}$")


def _topic_part(folded: str) -> bool:
    """A part that only names what the next part is about: no choice, no negation."""
    body = strip_filler(folded)
    if not _TOPIC_END_ZH.search(body) or NEGATION_RE.search(body):
        return False
    if MODAL_ZH.search(body):
        return False  # "姓名什么的都用假数据": a norm of its own, not the topic of the next part
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
# A colon right after a Chinese word heads what follows too ("交代下背景:tos-yard 管…").
_COLON_HEAD = re.compile(
    rf"^([^:：]{{1,48}}?)\s*(?:(?<!\d):(?=\s|[{CJK_CLASS}])|(?<=[{CJK_CLASS}]):|：)\s*(?=\S)"
)


# A head that announces how many things follow, whatever scope it adds.
_ANNOUNCED_LIST = re.compile(
    r"^(?:(?:two|three|four|a few|a couple of|some|several)\s+(?:more\s+)?"
    r"(?:things|rules|requests|points|notes)\b"
    r"|(?:两|三|四|几)(?:点|条|个要求|件事))"
)


def _lead_in_head(head: str) -> bool:
    """A colon head that announces what follows instead of saying something itself."""
    if _ANNOUNCED_LIST.match(head):
        return True  # "Two things for the rest of this project: …", "两点要求："
    words = head.split()
    if CJK_RE.search(head):
        if len(fold(head)) > limits.DIRECTIVE_COLON_HEAD_CHARS:
            return False
    elif len(words) > limits.DIRECTIVE_COLON_HEAD_WORDS:
        return False
    first = re.match(r"[a-z][a-z']*", head)
    if first is not None and first.group(0) in IMPERATIVE_VERBS_EN:
        return False  # "format every answer as: …" is the instruction
    return not ARTIFACT_HEAD.match(head) and not _CONDITION_PART.search(head)


def _without_colon_head(text: str) -> str:
    """``text`` (folded or not) without a lead-in head before a colon."""
    found = _COLON_HEAD.match(text)
    if found is None or not _lead_in_head(pattern_text(found.group(1))):
        return text
    return text[found.end() :]


def _describes_the_rule(folded: str) -> bool:
    """A part after a rule that describes what the rule governs ("格式就是 …"), not the
    user's reason ("英文的我还得再翻一遍")."""
    text = strip_filler(folded)
    if not ARTIFACT_HEAD.match(text) or FIRST_PERSON_SUBJECT_ZH.search(text):
        return False
    if _AS_BEFORE.search(text):
        return False  # "…，注释照旧英文": an earlier rule kept, not this one described
    return not (SELF_SUBJECT.match(text) or is_question(text))


def _part_kind(
    text: str, standing: bool, previous: DirectiveKind | None, known_names: Collection[str]
) -> DirectiveKind | None:
    """What one part of a sentence states (``previous``: the kind of the part before).

    A part with a lead-in head ("Change of plan: …", "Quick update: …") is judged
    without it when it says nothing as a whole ("we dropped X: …" says something).
    """
    kind = _whole_part_kind(text, standing, previous, known_names)
    if kind is None:
        # In the user's casing: a named technology is told by its capital ("…: spend
        # counters live in Redis").
        headless = _without_colon_head(text)
        if headless is text:
            body = strip_filler(pattern_text(text))
            headless = _without_colon_head(body)
            if headless is body:
                return None
        kind = _whole_part_kind(headless, standing, previous, known_names)
    return kind


def _whole_part_kind(
    text: str, standing: bool, previous: DirectiveKind | None, known_names: Collection[str]
) -> DirectiveKind | None:
    norm = pattern_text(text)
    if CANCEL.search(norm) and not CODE_REFERENT_ZH.search(norm):
        return DirectiveKind.CANCEL
    if statement_naming_a_technology(text) and not standing:
        return DirectiveKind.FACT
    rest, lead = strip_lead(norm)
    if fact_statement(strip_filler(rest), known_names) and not (
        standing and is_addressed(rest) and not TEAM_SUBJECT.match(strip_filler(rest))
    ):
        return DirectiveKind.FACT
    correction = lead is not None and bool(CORRECTION_LEAD.match(norm)) and bool(rest)
    addressed = is_addressed(rest) and not _DEFAULT_VALUE.match(rest)
    if correction and not addressed and has_fact_content(rest) and not is_feedback(rest):
        return DirectiveKind.FACT  # "不对，是 Spring Security"
    if lead is not None and REMEMBER_LEAD.match(norm) and rest:
        stripped = strip_filler(rest)
        if rule_part(rest, True, False) or STANDING.search(rest):
            return DirectiveKind.RULE
        if not CJK_RE.search(stripped[:1]) and imperative_start(stripped):
            return DirectiveKind.RULE
        if imperative_start(stripped, strict=True) and not SELF_SUBJECT.match(stripped):
            # "(每次…的时候，)记得加上 traceId 的埋点" asks for an action: a rule when it
            # stands, never a fact.
            return DirectiveKind.RULE if standing else None
        if not SELF_SUBJECT.match(stripped) and has_fact_content(stripped):
            return DirectiveKind.FACT  # "Note: the gateway strips /api", "注意：网关会…"
    if _COMPLAINT_ZH.search(norm):
        return None  # "TCC 一个操作要写三个接口太累了": why, not what to do
    if rule_part(norm, standing, previous is DirectiveKind.RULE):
        return DirectiveKind.RULE
    return None


# A complaint about how things are, the reason for a rule beside it: "…太累了", "…太乱了".
_COMPLAINT_ZH = re.compile(rf"太[{CJK_CLASS}]{{1,3}}了$|(?:看着|看得)?头疼$|烦死了$")


# After a fact, a norm whose subject is a part of the system, with nobody addressed and no
# time of its own: "（咱们 Dubbo 超时统一是 3 秒，）清算相关的接口一律不允许重试" says how the
# system is, no instruction to the assistant.
_SYSTEM_NORM_ZH = re.compile(
    r"^[^，,。你我]{0,16}?(?:接口|服务|模块|任务|请求|消息|队列|表|字段|调用|节点|集群)"
    r"(?:都|也)?(?:一律|统一|一概|全部)(?:都)?(?:不允许|不能|不得|禁止|不可以|必须|只能|只允许|是|走|用)"
)
_ADDRESSEE_ZH = re.compile(r"你|给我|帮我|以后|往后|今后|每次|从现在")


def _norm_of_the_system(part: str) -> bool:
    """A norm about a part of the system, after a fact (see the block above)."""
    text = strip_filler(pattern_text(part))
    return bool(_SYSTEM_NORM_ZH.match(text)) and not _ADDRESSEE_ZH.search(pattern_text(part))


# "默认是同步刷盘", "the default is 5": what the default *is* states a value (a correction
# gives it), unlike "默认用中文回答", which asks for one.
_DEFAULT_VALUE = re.compile(r"^(?:默认(?:值|配置|设置)?(?:是|为)|(?:the )?default (?:is|was)\b)")


# A part that is only a courtesy belongs to the part before it ("Gradle commands, please").
_COURTESY_PART = re.compile(r"^(?:please|pls|plz|thanks|thank you|thx|谢谢|拜托|麻烦了)$")


def _spans(sentence: str) -> list[tuple[int, int]]:
    """Where each part of a sentence's body starts and ends."""
    body = body_of(sentence)
    spans: list[tuple[int, int]] = []
    start = 0
    for match in [*_PART_BREAK.finditer(body), None]:
        end = match.start() if match is not None else len(body)
        piece = body[start:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            span = (start + lead, start + len(piece.rstrip()))
            if spans and _COURTESY_PART.match(pattern_text(body[span[0] : span[1]])):
                span = (spans.pop()[0], span[1])
            spans.append(span)
        if match is not None:
            start = match.end()
    return spans


def sentence_parts(sentence: str) -> list[str]:
    body = body_of(sentence)
    return [body[a:b] for a, b in _spans(sentence)]


def _list_item(part: str, previous: DirectiveKind, before: str) -> bool:
    """A short part without a verb after a rule: an item of its list ("format every answer
    as: summary, details, then code"; "Java 8 syntax — no var, no records"). ``before``:
    the rule it would join."""
    stripped = strip_filler(pattern_text(part))
    if previous is not DirectiveKind.RULE or STANDING.search(stripped):
        return False
    if _AS_BEFORE.search(stripped):
        return False  # "…，注释照旧英文": an earlier rule kept, no item of this one
    if CJK_RE.search(stripped):
        short = len(stripped) <= limits.DIRECTIVE_LIST_ITEM_CHARS
        return short and not NEGATIVE_LEAD_ZH.match(stripped) and not ZH_VERB.search(stripped)
    words = stripped.split()
    if NEGATIVE_LEAD_EN.match(stripped) and NEGATIVE_LEAD_EN.match(
        strip_filler(pattern_text(before))
    ):
        return False  # "no emojis, no filler": a prohibition of its own, like the rule before
    return len(words) <= limits.DIRECTIVE_LIST_ITEM_WORDS and not imperative_start(stripped)


def _empty_part(part: str) -> bool:
    rest, _ = strip_lead(pattern_text(part))
    return not strip_filler(rest)


class _Segmenter:
    """Walks the parts of one sentence and gathers its rules, cancels and facts."""

    def __init__(self, sentence: str, known_names: Collection[str]) -> None:
        self.body = body_of(sentence)
        self.spans = _spans(sentence)
        self.known_names = known_names
        folded = pattern_text(sentence)
        self.standing = bool(
            STANDING.search(folded) or PREFERENCE_EN.search(folded) or PREFERENCE_ZH.search(folded)
        )
        self.segments: list[list[Any]] = []  # [kind, start, end]
        self.lead: int | None = None  # where a pending lead-in or condition starts
        self.judged_from: int | None = None  # lead-ins are judged with their part, conditions not
        self.previous: DirectiveKind | None = None
        # "Two things: …, and …": the items announced are rules of their own.
        head = _COLON_HEAD.match(folded)
        self.listed = head is not None and bool(_ANNOUNCED_LIST.match(head.group(1)))
        self.scoped: int | None = None  # the rule segment that opened with a condition
        # "重复一遍：先给结论，别绕弯子": a rule said again, in as many parts as it takes.
        self.restated = bool(_RESTATEMENT.search(folded))

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
            and not CANCEL.search(folded)
            and not is_task(part, self.known_names)
        ):
            here = self.spans[index][0]
            self.lead = here if self.lead is None else self.lead
            self.judged_from = None
            return True
        return False

    def _part(self, index: int, start: int, end: int) -> None:
        part = self.body[start:end]
        folded = pattern_text(part)
        if self._held(part, folded, index):
            return
        begin = self.lead if self.lead is not None else start
        judged = self.body[self.judged_from if self.judged_from is not None else start : end]
        # After a condition of a standing sentence ("以后遇到异常的时候，…") an instruction
        # needs no standing phrase of its own.
        after_condition = self.lead is not None and self.judged_from is None and self.standing
        self.lead = self.judged_from = None
        if BARE_SENTIMENT.match(strip_filler(folded)):
            return
        last = self.segments[-1] if self.segments else None
        if last is not None and (
            _ATTACHED_PART.match(folded) or _list_item(part, last[0], self.body[last[1] : last[2]])
        ):
            last[2] = end
            return
        context = DirectiveKind.RULE if after_condition else self.previous
        if self.previous is DirectiveKind.FACT and (
            norm_of_the_fact(judged) or _norm_of_the_system(judged)
        ):
            kind = None  # "loan-repay 绝不能直接调 loan-account，必须走 loan-core 的接口"
        else:
            kind = _part_kind(judged, self.standing, context, self.known_names)
        kind = self._reconsidered(kind, folded, (begin, start, end), after_condition, context)
        before, self.previous = self.previous, kind
        if kind is None:
            self._statement(folded, before, end)
            return
        if kind is DirectiveKind.RULE and index and _BACK_REFERENCE.match(strip_filler(folded)):
            begin = min(begin, self.spans[index - 1][0])  # "中文回答就行，以后都这样"
        rules = last is not None and kind is last[0] is DirectiveKind.RULE
        # "以后涉及安全配置的示例，都按 A 写，不要再出现 B 了": under one condition, the
        # instruction and the prohibition of its old alternative are one rule.
        scoped = (
            last is not None
            and rules
            and not after_condition
            and self.scoped == len(self.segments) - 1
            and _opposite(self.body[last[1] : last[2]], self.body[begin:end])
        )
        if (
            last is not None
            and rules
            and not self.listed
            and (
                scoped
                or self.restated
                or _one_rule(self.body[last[1] : last[2]], self.body[begin:end])
            )
            and not is_task(self.body[last[1] : last[2]], self.known_names)
            and not is_task(self.body[begin:end], self.known_names)
        ):
            last[2] = end
            return
        if last is not None and kind is last[0] is before is DirectiveKind.FACT:
            last[2] = end  # one sentence, one fact: "我们生产上两台机器，admin-quartz 没开集群"
            return
        if kind is DirectiveKind.RULE and after_condition:
            self.scoped = len(self.segments)
        self.segments.append([kind, begin, end])

    def _reconsidered(
        self,
        kind: DirectiveKind | None,
        folded: str,
        where: tuple[int, int, int],
        after_condition: bool,
        context: DirectiveKind | None,
    ) -> DirectiveKind | None:
        """The kind of a part read with what comes before it: the module of a condition
        before a statement, the rule before an experience."""
        begin, start, end = where  # with its lead-in or condition, itself, its end
        if (
            kind is None
            and begin < start
            and not after_condition
            and continues_fact(folded)
            and FACT_VERB.search(folded)
            and not is_addressed(folded)
            and not imperative_start(strip_filler(folded), strict=True)
        ):
            # "pay-calc 算税的时候，累计数据存在 t_tax 表里": the module named in the
            # condition is the subject of the statement after it.
            whole = _part_kind(self.body[begin:end], False, context, self.known_names)
            return DirectiveKind.FACT if whole is DirectiveKind.FACT else None
        if kind is DirectiveKind.FACT and self.previous is DirectiveKind.RULE:
            # "…，别一次性全查出来，我们吃过 OOM 的亏": the rule's reason, no fact.
            return None if EXPERIENCE.search(folded) else kind
        return kind

    def _statement(self, folded: str, before: DirectiveKind | None, end: int) -> None:
        """A part that is no directive of its own may go on with the fact before it, or
        state the new fact after a cancel."""
        last = self.segments[-1] if self.segments else None
        if last is None:
            return
        if before is DirectiveKind.FACT is last[0] and continues_fact(folded):
            last[2] = end
            self.previous = DirectiveKind.FACT
        elif before is DirectiveKind.RULE is last[0] and _describes_the_rule(folded):
            last[2] = end  # "commit message 用英文，格式就是 feat: xxx 这种"
            self.previous = DirectiveKind.RULE
        elif before is DirectiveKind.CANCEL and fact_after_cancel(folded):
            start = self.spans[[b for _, b in self.spans].index(end)][0]
            self.segments.append([DirectiveKind.FACT, start, end])
            self.previous = DirectiveKind.FACT


def sentence_segments(
    sentence: str, known_names: Collection[str]
) -> list[tuple[DirectiveKind, str]]:
    """The rules, cancels and facts of one sentence, each with the text that states it
    (the user's own words, punctuation kept).

    Lead-ins ("From now on,", "不对，") and conditions ("Every time you show a Maven
    command,") join the next part; additions ("even if I ask in Chinese", "不是 Shiro")
    and list items join the previous one; adjacent rules on the same subject ("用构造器
    注入，不要用字段注入") are one rule; reasons and bare sentiments are dropped.
    """
    body = body_of(sentence)
    if CANCEL.search(pattern_text(sentence)) and not any(
        CANCEL.search(pattern_text(body[a:b])) for a, b in _spans(sentence)
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


# A part that keeps an earlier rule as it was: "注释照旧英文", "commit messages stay as before".
_AS_BEFORE = re.compile(
    r"照旧|照常|不变|保持原样|还是老样子|跟以前一样|和以前一样"
    r"|\b(?:as before|as usual|unchanged|same as before|stays? the same|still stands?)\b"
)
# "别默认 Seata": 默认 as a verb ("assume") after a negation is no standing phrase.
_ASSUME_ZH = re.compile(r"(?:别|不要|不用|不必|勿)默认")


_RESTATEMENT = re.compile(
    r"^\W*(?:重复一[遍次下]|再说一[遍次]|再强调一[遍次下]|重申一下|(?:like|as) i said\b|"
    r"i repeat\b|to repeat\b|once again\b)"
)


def _opposite(first: str, second: str) -> bool:
    """A positive instruction and a prohibition, in either order."""
    return rule_shape(first).negative != rule_shape(second).negative


# "统一用 A 的写法，别再给我写 B 了": a way to do something, then the old way no longer.
_WAY_ZH = re.compile(
    r"(?:统一|一律|都|全部)?(?:用|按|改用|换成|采用)[^，,]*(?:写法|方式|风格|模式|的形式)"
)
_NO_LONGER_ZH = re.compile(
    r"^(?:也|就)?(?:别再|不要再|不许再|不准再)(?:给我|帮我|跟我)?(?:写|用|搞|出现)"
)


def _old_way_dropped(first: str, second: str) -> bool:
    """``second`` forbids, with 别再 and nothing more standing, the old way of doing what
    ``first`` asks to do in a named way."""
    if not (
        _WAY_ZH.search(pattern_text(first))
        and _NO_LONGER_ZH.match(strip_filler(pattern_text(second)))
    ):
        return False
    return not rule_shape(first).negative and rule_shape(second).negative


def _same_thing_how(first: RuleShape, second: RuleShape) -> bool:
    """``second`` says how to do the same specific thing as ``first`` (a commit message,
    a log line…), choosing nothing ("…用英文写，按 conventional commits 的格式")."""
    named = first.objects - DEFAULT_OBJECTS
    return bool(named) and second.objects == first.objects and not second.choices


def _one_rule(first: str, second: str) -> bool:
    """Two adjacent rule parts state one rule: the same subject ("用构造器注入，不要用
    字段注入"), or a prohibition and its alternative ("don't paste whole files, show
    only the lines that change") where the second part has no standing phrase of its own."""
    if _AS_BEFORE.search(pattern_text(second)):
        return False  # "…，注释照旧英文": the earlier rule on comments, said again
    a, b = rule_shape(first), rule_shape(second)
    if same_subject(a, b) or _PRONOUN_OBJECT.search(pattern_text(second)):
        return True  # "I hate wildcard imports, never use them in examples"
    if _old_way_dropped(first, second):
        return True  # "统一用 Future 组合的写法，别再给我写回调嵌套了"
    if STRONG_STANDING.search(_ASSUME_ZH.sub(" ", pattern_text(second))):
        return False  # a standing phrase of its own: a rule of its own
    if _same_thing_how(a, b):
        return True  # "commit message 用英文写，按 conventional commits 的格式"
    if not instructs(second):
        return True  # it describes the first: "commit message 用英文，格式就是 feat: xxx 这种"
    # The second part says how to do what the first asks, on nothing else: "代码示例都带上
    # 单元测试，用 JUnit 5" (a choice for a rule that made none, naming no other object).
    if b.choices and not a.choices and b.objects == DEFAULT_OBJECTS:
        return True
    return a.negative != b.negative
