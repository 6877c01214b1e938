"""When a clause instructs the assistant: it is addressed to it (an imperative
after a standing phrase, a "you…", a preference, a negative instruction, a norm about
an artifact of its work) rather than saying something about the project or the user.

The segmenter asks this of every part of a sentence, and the reader of facts asks it
to tell a request from a statement; it is kept apart from both.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.directives.normalization import pattern_text
from autopatch_memory.directives.vocabulary import (
    ARTIFACT_HEAD,
    DESCRIPTIVE_START,
    ELLIPTICAL_EN,
    FIRST_PERSON_SUBJECT_ZH,
    IMPERATIVE_VERBS_EN,
    INSTRUCTION_START_ZH,
    LEAD_FILLER,
    MODAL_EN,
    MODAL_ZH,
    NEGATIVE_INSIDE_ZH,
    NEGATIVE_LEAD_EN,
    NEGATIVE_LEAD_ZH,
    NEGATIVE_VERBS_EN,
    PREFERENCE_EN,
    PREFERENCE_ZH,
    REQUEST_END,
    SELF_SUBJECT,
    SELF_WISH_EN,
    TEAM_SUBJECT,
    YOU_LEAD,
)
from autopatch_memory.lang.chars import CJK_RE
from autopatch_memory.lang.fold import fold


def strip_filler(norm: str) -> str:
    return LEAD_FILLER.sub("", norm).strip(" ,，:：")


def imperative_start(text: str, *, strict: bool = False) -> bool:
    """The text starts like an instruction: an English verb, or a Chinese clause that
    does not open with a subject ("我们…", "项目…") and has no "我" as its subject
    ("英文文档我看着太累了" is how the user feels). ``strict``: a Chinese clause must
    also open with an instruction verb ("用…", "先…", "带上…") — for a part with no
    standing phrase of its own."""
    if not text:
        return False
    first = re.match(r"[a-z][a-z']*", text)
    if first is not None:
        if first.group(0) in NEGATIVE_VERBS_EN:
            return bool(NEGATIVE_LEAD_EN.match(text))  # "never use…", not "never thought…"
        return first.group(0) in IMPERATIVE_VERBS_EN
    if DESCRIPTIVE_START.match(text) or FIRST_PERSON_SUBJECT_ZH.search(text):
        return False
    return not strict or bool(INSTRUCTION_START_ZH.match(text))


# What follows an artifact in an English norm: a modal or a description of how it should
# be ("answers should…", "commit messages in English", "answers short and to the point"),
# not what it does ("the tests always pass locally").
_ARTIFACT_NORM_EN = re.compile(
    r"^\s*(?:(?:that\s+)?you\s+[a-z]+(?:\s+(?:me|us|for me|for us|to me))?\s+)?"  # "…you give me"
    r"(?:(?:always|never|all|generally|also|still|now|from now on|going forward)\s+)*"
    r"(?:should|must|need|needs|have to|has to|ought|shall|are to|is to|can'?t|cannot|"
    r"shouldn'?t|mustn'?t|may|be|in|with|without|under|over|at|on|as|to|first|last|only|no|"
    r"not|short|shorter|brief|concise|longer|detailed|plain|simple|please)\b|^\s*[,:;]"
)


# "以后 review 代码时先列问题": a bare 时 counts when an instruction follows it at once.
_CONDITION_PREFIX_ZH = re.compile(
    r"^[^，,。]{1,24}?(?:的时候|时候|"
    r"时(?=\s*(?:先|要|请|都|别|不要|不用|一律|优先|记得|务必|必须|尽量|只|给|用|把)))\s*(?=\S)"
)


# The same in Chinese: how it should be ("注释用英文", "回答控制在 200 字以内", "SQL 关键字一律
# 大写"), not what it does now ("测试现在跑得很快").
_ARTIFACT_NORM_ZH = re.compile(
    r"^[^，。,]{0,12}?(?:用|要|都|一律|统一|别|不要|不用|不许|不准|禁止|必须|应该|尽量|控制|保持|写|加|带|附|"
    r"给|放|改|换|标|列|先|最后|以|按|只|不超过|少于|大写|小写|中文|英文|简短|简洁|详细|短|长|分开|"
    r"包|封装|返回|遵循|避免|省略|去掉|跳过|里(?:不|别)|中(?:不|别))"
)


# "（以后的）回答我要贴进方案里": what the user will do with the answers, not a norm of them.
_USER_PLAN_ZH = re.compile(r"^\s*我(?:要(?!你)|会|得|打算|准备|拿去|还要)")


# An object-fronted prohibition addressed to the assistant ("Lombok 就别再给我推荐了").
_FRONTED_PROHIBITION_ZH = re.compile(
    r"^[\w.@+# -]{1,30}?\s*(?:还是|就|也)?(?:别|不要)(?:再)?(?:给我|跟我|向我|帮我)"
)


# After a condition or a rule, an instruction may put its object first: "（每次写 producer
# 的时候，）acks 都设成 all", "复杂查询别再用 Wrapper 拼了", "幂等也打开".
_FRONTED_INSTRUCTION_ZH = re.compile(
    r"^[^，,。；;我你他她]{1,16}?(?:都|也|就|一律|统一|全部|全都|一概)?"
    r"(?:别再?|不要再?|不许再?|不准再?|不用再?|设成|设为|设置成|配成|配置成|改成|改为|打开|开启|"
    r"关掉|关闭|写成|写在|放在|放到|加上|配上|带上)"
)


def _fronted_instruction(stripped: str) -> bool:
    """An instruction with its object first, not a statement by the team or about a module
    ("我们都设成 3 秒", "order-api 也打开了")."""
    found = _FRONTED_INSTRUCTION_ZH.match(stripped)
    if found is None or DESCRIPTIVE_START.match(stripped):
        return False
    head = re.match(r"[\w.-]+", stripped)
    named = head is not None and "-" in head.group(0)
    # "…也打开了" tells what was done; "…别再用 X 了" still forbids
    done = stripped.endswith("了") and not NEGATIVE_INSIDE_ZH.search(found.group(0))
    return not named and not TEAM_SUBJECT.match(stripped) and not done


def _modal_norm(text: str) -> bool:
    """A norm ("…都用 X", "… must …") about something that is not the team, the user or a
    named module (those state facts: "我们都用 Gradle", "loan-repay must not call…")."""
    if not (MODAL_ZH.search(text) or MODAL_EN.search(text)):
        return False
    head = re.match(r"[\w.-]+", text)
    named = head is not None and "-" in head.group(0)
    return not (named or TEAM_SUBJECT.match(text) or SELF_SUBJECT.match(text))


# "For test method names I prefer …", "In the DTOs I'd like …": what it is about, then the
# preference.
_TOPIC_THEN_PREFERENCE = re.compile(
    r"^(?:for|in|with|on|about|regarding|as for)\s+(?:[\w@.#-]+\s+){0,4}?"
    r"(?:names?|tests?|class(?:es)?|methods?|dtos?|code|answers?|examples?|snippets?|comments?|"
    r"commits?|commit messages|logs?|quer(?:y|ies)|sql|variables?|fields?|endpoints?|"
    r"controllers?|services?|entit(?:y|ies)|beans?|configs?|javadocs?|docs?)\s*,?\s+"
    r"i(?:'d like|'d prefer| would like| would prefer| prefer| want)\b"
)


def is_addressed(clause: str) -> bool:
    """The clause instructs the assistant: an imperative after a standing phrase,
    "you…", a preference, a negative instruction, or a norm about an artifact of its
    work ("answers should…", "注释要…")."""
    norm = pattern_text(clause).strip(" ,，:：")
    if SELF_WISH_EN.search(norm):
        return False
    if PREFERENCE_EN.match(norm) or PREFERENCE_ZH.match(norm):
        return True
    if _TOPIC_THEN_PREFERENCE.match(norm):
        return True  # "For test names I prefer snake_case"
    if NEGATIVE_LEAD_EN.match(norm) or NEGATIVE_LEAD_ZH.match(norm) or YOU_LEAD.match(norm):
        return True
    if _FRONTED_PROHIBITION_ZH.match(norm):
        return True  # "Drools 还是别给我推荐了": the thing first, then the prohibition
    # "(每次) review 的时候 please point out…": the condition before the instruction.
    stripped = strip_filler(_CONDITION_PREFIX_ZH.sub("", strip_filler(norm)))
    if not stripped:
        return False
    head = ARTIFACT_HEAD.match(stripped)
    rest = stripped[head.end() :] if head is not None else ""
    if (
        head is not None
        and len(fold(rest)) >= limits.DIRECTIVE_MIN_CLAUSE_CHARS
        and not _USER_PLAN_ZH.match(rest)
        and (
            _ARTIFACT_NORM_ZH.match(rest) if CJK_RE.search(rest) else _ARTIFACT_NORM_EN.match(rest)
        )
    ):
        return True  # "answers should be short", not the bare word "code"
    if PREFERENCE_EN.match(stripped) or PREFERENCE_ZH.match(stripped):
        return True
    if NEGATIVE_LEAD_EN.match(stripped) or NEGATIVE_LEAD_ZH.match(stripped):
        return True
    if REQUEST_END.search(stripped) or ELLIPTICAL_EN.match(stripped):
        return True  # "Gradle commands please", "中文回答就行", "Logback in examples"
    if _modal_norm(stripped):
        return True  # "(再强调一遍，)Controller 的返回值都用 AjaxResult 包一层"
    if not CJK_RE.search(stripped[:1]):
        return imperative_start(stripped)  # "give me Gradle commands from now on"
    # "以后用中文回答": an instruction after the standing phrase.
    return stripped != norm and imperative_start(stripped)


# A limit on length moved to a new number: "放宽到 500 字吧", "bump it to 300 words" revise a
# standing limit (the limit itself is what makes it standing).
LIMIT_CHANGE = re.compile(
    r"(?:放宽|放到|提高|提到|增加|加到|降低|降到|缩短|减少|减到|收紧|调整|调|改)(?:到|成|为|至)\s*\d+\s*"
    r"(?:个)?字"
    r"|\b(?:raise|bump|increase|lower|reduce|cut|change|relax|loosen|tighten|up|drop)\s+"
    r"(?:it|that|this|the (?:word |length )?limit)\s+to\s+\d+\s+(?:words|characters)\b"
)


def rule_part(norm: str, standing: bool, after_rule: bool) -> bool:
    """A part of a sentence that instructs the assistant."""
    stripped = strip_filler(norm)
    if LIMIT_CHANGE.search(stripped) and not TEAM_SUBJECT.match(stripped):
        return True
    if standing and is_addressed(norm):
        return True
    if (
        after_rule
        and stripped
        and imperative_start(stripped, strict=True)
        and not _FACT_VERB_START.match(stripped)
    ):
        return True  # "以后回答都用中文，先给结论"
    if after_rule and _fronted_instruction(stripped):
        return True  # "每次写 producer 的时候，acks 都设成 all"
    negative = any(
        NEGATIVE_LEAD_EN.match(text) or NEGATIVE_LEAD_ZH.match(text) for text in (norm, stripped)
    )
    if negative and is_addressed(norm):
        return True
    return bool(ARTIFACT_HEAD.match(stripped)) and bool(
        MODAL_EN.search(norm) or MODAL_ZH.search(norm) or NEGATIVE_INSIDE_ZH.search(norm)
    )


_FACT_VERB_START = re.compile(r"^(?:is|are|was|were|it|it's|that|this)\b")


ZH_VERB = re.compile(r"[用给写加放讲说标附带列画举]")


def instructs(part: str) -> bool:
    """The part gives an instruction of its own: a verb, a prohibition, a modal norm."""
    norm = pattern_text(part)
    text = strip_filler(norm)
    return bool(
        imperative_start(text, strict=True)
        or NEGATIVE_LEAD_EN.match(text)
        or NEGATIVE_LEAD_ZH.match(text)
        or NEGATIVE_INSIDE_ZH.search(text)
        or MODAL_EN.search(norm)
        or MODAL_ZH.search(norm)
        or PREFERENCE_EN.search(norm)
        or PREFERENCE_ZH.search(norm)
        or REQUEST_END.search(text)
        or YOU_LEAD.match(text)
        # a norm about an artifact with a verb of its own: "但是代码注释用英文"
        or (ARTIFACT_HEAD.match(text) and ZH_VERB.search(text))
    )
