"""Labels: the short names the summarizer and governance give a rule or a fact
(:func:`rule_label`, :func:`fact_label`, :func:`fact_text`), cut at a word boundary and
keeping the rule's negation.

Labels are written from clauses the grammar already read; they judge nothing.
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.directives.facts import (
    CORRECTION_LEAD,
    REMEMBER_LEAD,
    TOLD_LEAD,
    correction_topic,
)
from autopatch_memory.directives.normalization import pattern_text
from autopatch_memory.directives.vocabulary import LEAD_FILLER
from autopatch_memory.lang.chars import CJK_CLASS, CJK_RE
from autopatch_memory.prose import END_PUNCTUATION
from autopatch_memory.text import clip

_LABEL_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^i (?:really |much |always |generally |strongly )?(?:dislike|hate|don'?t like|"
                r"do not like|can'?t stand|cannot stand|don'?t want|do not want|never want)\s+"),
     "avoid "),
    (re.compile(r"^i (?:really |much |always |generally |strongly )?(?:prefer|like|love|want|"
                r"'d prefer|would prefer|'d rather|would rather|'d like|would like)\s+"),
     "prefer "),
    (re.compile(r"^我(?:很|真的|非常|特别|实在)*(?:不(?:太|怎么|大|是很|是太)?喜欢|讨厌|受不了|不希望|"
                r"不想看到)"), "避免"),
    (re.compile(r"^我(?:很|真的|比较|更|特别)*(?:喜欢|偏好|倾向于?|希望|宁愿)"), "偏好"),
)  # fmt: skip
_LABEL_DROP_ZH = re.compile(
    rf"(?<=[{CJK_CLASS}])[都请](?=[{CJK_CLASS}])|给我|帮我|一下|了$|吧$|哦$|呢$|"
    r"以后|今后|往后|从现在起|从现在开始|从今以后|每次都?"
)
_LABEL_ME = re.compile(r"\b(give|show|send|tell) me\b", re.I)
_BOUNDARY = re.compile(r"[\s,，、;；]")


_DANGLING = re.compile(
    r"(?:\s+(?:the|a|an|to|of|in|on|at|for|with|and|or|after|before|from|by|when|if|that|"
    r"which|your|my|our|its|their))+$|[的和与及或在把]+$",
    re.I,
)


def _shorten(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters at a word or clause boundary, without a
    dangling function word ("show a short code example after the" → "… example")."""
    text = text.strip(" ,，、;；:：")
    if len(text) <= limit:
        return text
    cut = text[:limit]
    boundary = max((m.start() for m in _BOUNDARY.finditer(cut)), default=-1)
    if boundary >= limit // 2:
        return _DANGLING.sub("", cut[:boundary].rstrip(" ,，、;；")) or cut[:boundary]
    return clip(text, limit)


def _body(clause: str, lead: re.Pattern[str]) -> str:
    """``clause`` without what ``lead`` matches at its start, in the user's own casing."""
    text = " ".join(clause.split()).rstrip(END_PUNCTUATION + " ")
    norm = pattern_text(text)
    found = lead.match(norm)
    if found is None or len(norm) != len(text):
        return text
    return text[found.end() :].strip(" ,，:：—–-")


def rule_label(clause: str) -> str:
    """A short label that names a rule's subject and keeps its negation.

    "以后回答都用中文" → "回答用中文"; "回答时不要一上来就铺垫" keeps 不要; "I really
    dislike field injection" → "avoid field injection"; "Always assume we run
    everything inside Docker" → "assume we run everything inside Docker".
    """
    body = _body(clause, LEAD_FILLER)
    folded = pattern_text(body)
    for pattern, replacement in _LABEL_REWRITES:
        found = pattern.match(folded)
        if found is not None and len(folded) == len(body):
            body = replacement + body[found.end() :]
            break
    if CJK_RE.search(body):
        body = _LABEL_DROP_ZH.sub("", body)
    body = _LABEL_ME.sub(lambda m: m.group(1), body)
    return _shorten(body, limits.DIRECTIVE_LABEL_CHARS) or clip(
        clause.strip(), limits.DIRECTIVE_LABEL_CHARS
    )


# "给你交代下背景：…", "Quick context: …": a short announcement before a colon. Only an
# announcing word makes it one: in "数据库：MySQL 8" the words before the colon are the subject.
_ANNOUNCEMENT_LEAD = re.compile(
    r"^[^:：。！？!?]{0,10}?(?:背景|上下文|前提|补充|说明|交代|介绍|科普|提醒|顺便说|先说|说一下|"
    r"提一下|讲一下)[^:：。！？!?]{0,6}[:：]"
    r"|^(?:(?:just |quick |some |a bit of |a little |a quick |for |for your |by the )?"
    r"(?:context|background|info|information|heads[- ]up|side note|note|ps|p\.s\.|record|"
    r"reference|way)(?: for you| first)?|for the record|just so you know)\s*:"
)


def fact_text(clause: str) -> str:
    """A project fact as a statement: without "不对，", "remember that", "FYI", "对了",
    "背景："."""
    body = clause
    for lead in (_ANNOUNCEMENT_LEAD, TOLD_LEAD, REMEMBER_LEAD, CORRECTION_LEAD, LEAD_FILLER,
                 REMEMBER_LEAD, CORRECTION_LEAD):  # fmt: skip
        body = _body(body, lead)
    # "超时那个我说错了，是 5 秒": the new value says what it is of only with its topic.
    topic = correction_topic(clause)
    if body and topic and not body.lower().startswith(topic.lower()):
        body = topic + ("" if CJK_RE.match(body) and CJK_RE.search(topic[-1]) else " ") + body
    return body or clause.strip()


def fact_label(clause: str) -> str:
    """A short label for a project fact: the statement without its lead-in."""
    return _shorten(fact_text(clause), limits.DIRECTIVE_LABEL_CHARS) or clip(
        clause.strip(), limits.DIRECTIVE_LABEL_CHARS
    )
