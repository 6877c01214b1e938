"""Cancels: what revokes an earlier rule or note ("forget what I said about…",
"不用再给我 Maven 命令了"), what a cancel is about, and which stored item it refers to.

The patterns and the public helpers the offline reader uses on cancels
(:func:`cancel_content`, :func:`refers_to`).
"""

from __future__ import annotations

import re

from autopatch_memory import limits
from autopatch_memory.directives.normalization import pattern_text
from autopatch_memory.directives.shapes import rule_shape, same_subject
from autopatch_memory.lang.chars import CJK_CLASS
from autopatch_memory.prose import END_PUNCTUATION

# What a cancel can be about: something said before, not a thing in the code ("ignore the
# checkstyle warnings" is an instruction about code).
_MEMORY_NOUN = (
    r"(?:rule|rules|note|notes|preference|instruction|request|requirement|thing|bit|part|"
    r"caveat|reminder|restriction|constraint|convention|setting|one about)"
)
CANCEL = re.compile(
    r"^(?:please |ok,? |okay,? |actually,? |also,? |let'?s |let us |we can |)*(?:forget|"
    r"disregard|never ?mind)\s+(?:what i said|what i told you|"
    r"my (?:earlier|previous|old|last)|the (?:earlier|previous|old)|that|the|my|about|"
    r"everything i said)\b"
    # "Update: drop the no-var rule": a short announcement may come first
    r"|^(?:please |ok,? |okay,? |actually,? |also,? |let'?s |let us |we can |(?:quick )?update: ?|"
    r"btw,? |one more thing: ?|)*(?:ignore|drop|"
    r"scrap|cancel|remove|delete|undo|revoke|scratch)\s+(?:what i said|what i told you|"
    r"everything i said|my (?:earlier|previous|old|last)|the (?:earlier|previous|old)|"
    rf"(?:that|the|my|about)\b(?:\s+[^\s,;!?]+){{0,5}}?\s+{_MEMORY_NOUN}\b|about\b)"
    r"|\byou (?:don'?t|do not|no longer) (?:have|need) to\b.*\b(?:anymore|any more)\b"
    r"|\bno need (?:to|for)\b.*\b(?:anymore|any more)\b"
    r"|\bno longer (?:need|necessary|needed|required|applies)\b"
    r"|\b(?:rule|preference|request|instruction|note|thing|part|bit)\b.*"
    r"\b(?:no longer applies|is obsolete|"
    r"is cancelled|is canceled|doesn'?t apply anymore|does not apply anymore)\b"
    r"|\byou can (?:stop|drop|skip|forget|ignore|leave out|remove)\b"
    r"|^(?:请|好|好的|那|那就|另外|还有)?[，,]?(?:忘掉|忘了吧|忘记|请忘记|取消|撤销|删掉|删除|作废)"
    r"(?:我|之前|刚才|上次|那条|关于|这条|一下|掉)"
    r"|不用再|不必再|无需再|不需要再|可以不用再?|可以不必|不用继续|不必继续"
    r"|^(?:以后|今后|往后)?(?:就)?不用[^。，,？?]{1,20}了$"
    r"|(?:那条|这条|那个|之前的|之前说的|刚才说的|上次说的|规则)[^。]{0,20}(?:作废|不算|不用了|取消|不要了|删掉|"
    # "文档链接那条以后不用附了": the verb of the rule between 不用 and 了
    rf"(?:不用|不必|不需要)[{CJK_CLASS}]{{1,2}}了|"
    r"不需要了|去掉吧|可以去掉|省了吧|可以删了|删了吧|"
    # "那个 6.x 已经删了" tells what happened to a thing, it asks nothing
    r"(?<!已经)(?<!早就)(?<![早都])删了|"
    r"不用记|别记|不要记|不必记|忘掉|忘了吧|别管了|不管了|不用管了|不用理了|算了|撤了|撤回|收回|拿掉|"
    r"不作数|不算数)"
    r"|\b(?:what i (?:said|mentioned|told you)|the (?:thing|part|note|rule) i (?:said|mentioned))\b"
    r".{0,40}\b(?:don'?t remember|do not remember|no need to remember|forget|ignore|is wrong)\b"
    r"|(?:规则|规定|约定|要求|偏好|设定|限制)[^。]{0,6}(?:作废|取消了|不用了|不算了|不作数|不算数|"
    r"不用管了|可以去掉|删了吧)"
    r"|(?:取消|撤销|撤回|收回|作废|删掉|去掉)[^。？?]{0,30}(?:的要求|的规则|的设定|的约定|的偏好|那条|这条|的限制)"
)
# "把那个没用的方法删了": what goes is a thing of the code, not something said before.
CODE_REFERENT_ZH = re.compile(
    r"(?:这|那)(?:个|些|几个)[^，,。]{0,8}?(?:模块|类|方法|函数|文件|缓存|表|字段|接口|依赖|分支|"
    r"注解|索引)"
)
_CANCEL_STRIP = re.compile(
    r"^(?:please |ok,? |okay,? |actually,? |also,? )*(?:forget|ignore|disregard|drop|scrap|"
    r"cancel|remove|delete|undo|revoke|never ?mind|scratch)\s+(?:what i (?:said|told you)|"
    r"everything i said)?"
    r"\s*(?:about|regarding|on)?\s*|\byou (?:don'?t|do not|no longer) (?:have|need) to\b|"
    r"\bno need (?:to|for)\b|\b(?:anymore|any more)\b|\byou can stop\b|"
    r"\b(?:my|the) (?:earlier|previous|old|last)\b|\b(?:rule|preference|request|instruction)s?\b|"
    r"\bno longer (?:applies|needed|necessary|required)\b"
    r"|忘掉|忘了吧|忘记|请忘记|取消|撤销|删掉|删除|作废|不用再|不必再|无需再|不需要再|可以不用再?|"
    r"可以不必|不用继续|不必继续|之前说的|刚才说的|上次说的|之前的|我说的|关于|那条|这条|规则|要求|"
    r"偏好|设定|不算了|不算|不用了|不要了|了$|吧$"
)


def cancel_content(sentence: str) -> str:
    """What a cancel is about, without its cancelling words ("forget what I said about
    the compatibility note" → "the compatibility note"; "不用再给我 Maven 命令了" →
    "给我 maven 命令")."""
    norm = pattern_text(sentence).rstrip(END_PUNCTUATION + " ")
    return " ".join(_CANCEL_STRIP.sub(" ", norm).split()).strip(" ,，:：")


def _with_heads(terms: frozenset[str]) -> frozenset[str]:
    """``terms`` and the words of their hyphenated compounds: "the native thing" names a
    rule about "native-image" compatibility."""
    parts = {
        part
        for term in terms
        if "-" in term
        for part in term.split("-")
        if len(part) > limits.DIRECTIVE_COMPOUND_PART_CHARS
    }
    return terms | parts


def refers_to(clause: str, item_text: str) -> bool:
    """The user's clause is about an item: the same rule subject, or a shared content word."""
    mine, theirs = rule_shape(cancel_content(clause) or clause), rule_shape(item_text)
    if mine.choices and same_subject(mine, theirs):
        return True
    return bool(mine.terms & _with_heads(theirs.terms)) or bool(
        mine.choices & theirs.choices and mine.objects & theirs.objects
    )
