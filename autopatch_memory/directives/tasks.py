"""A task on a specific thing is no rule: "Remove the unused imports in the api
module", "把 mall-demo 模块删掉" ask for work now, even beside a standing phrase.

The edit verbs, the things of the code they act on, and the markers that make even
such a task standing; the segmenter and the reader of a sentence ask ``is_task``.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from autopatch_memory.directives.instructions import LIMIT_CHANGE, strip_filler
from autopatch_memory.directives.normalization import pattern_text
from autopatch_memory.directives.vocabulary import (
    DEFAULT_ZH,
    PREFERENCE_EN,
    PREFERENCE_ZH,
    REVISION,
    STANDING_VERB,
    TIME_STANDING,
    UNIVERSAL_SCOPE,
)
from autopatch_memory.lang.chars import CJK_CLASS, CJK_RE
from autopatch_memory.lang.phrases import any_of, phrase_pattern

# "Remove the unused imports in the api module", "把 mall-demo 模块删掉", "给这个缓存加个
# 过期时间": an edit of one thing of the code is work to do now. Without a standing
# marker of its own (a time, a universal scope, a preference: "from now on", "always",
# "by default", "以后", "每次", "I prefer"…) it is no rule, even in a sentence that has
# one, and even after an obligation ("make sure to", "记得", "不要": those also ask for
# one-off work). What generic objects ("remove unused imports") and answers are told
# stays as the rest of the grammar reads it.
_EDIT_VERB_EN = (
    r"(?:remove|delete|drop|add|rename|move|split|merge|fix|change|update|refactor|rewrite|"
    r"extract|revert|roll back|bump|upgrade|downgrade|replace|clean up|get rid of|touch|modify|"
    r"edit|comment out|uncomment|insert|convert|inline|set|raise|lower|increase|decrease|"
    r"put|wrap|make)"
)
_TASK_EN = re.compile(
    r"^(?:(?:please|pls|also|then|and|now|just|ok|okay|so|but|first|next)\b\W*)*"
    r"(?:(?:don'?t|do not|make sure(?: to| you)?|be sure to|remember to|don'?t forget to|"
    r"go ahead and|can you|could you)\s+)?"
    # "Update: the X thing is outdated": a verb before a colon heads news, it asks nothing.
    rf"{_EDIT_VERB_EN}\b(?!\s*:)"
)
# What an edit works on: a part of the code, not of an answer.
_CODE_UNIT_EN = (
    r"(?:modules?|class(?:es)?|methods?|functions?|files?|caches?|patch(?:es)?|prs?|diffs?|"
    r"branch(?:es)?|commits?|tables?|columns?|fields?|endpoints?|controllers?|services?|beans?|"
    r"dependenc(?:y|ies)|imports?|ttls?|index(?:es)?|changes?|logging|configs?|properties|"
    r"property|jobs?|queues?|topics?|scripts?|poms?|mappers?|entit(?:y|ies)|dtos?|keys?|"
    r"timeouts?|annotations?|constructors?|variables?|packages?|folders?|directory|readme|"
    r"changelog|typos?|bugs?)"
)
_SPECIFIC_EN = re.compile(
    r"\b(?:this|that|these|those)\b(?!\s+(?:project|repo|repository|codebase|team|chat|"
    r"conversation|session|way|one)\b)|\b(?:here|there|it)\b"
    rf"|\b(?:the|a|an|its|our)\s+(?:[\w.-]+\s+){{0,3}}?{_CODE_UNIT_EN}\b"
)
_EDIT_VERB_ZH = (
    r"(?:删|去掉|移除|加|添加|增加|改|修改|拆|合并|重命名|挪|移到|修|还原|回滚|注释掉|动|换成|"
    r"升级|降级|调大|调小|调成|补上|补个)"
)
_ATTRIBUTIVE_EDIT_ZH = re.compile(rf"{_EDIT_VERB_ZH}[动过了掉上好]?的")
# A Chinese request: 把/给/帮我… or a verb first, or a topic and its verb ending in 吧/掉.
_TASK_ZH = re.compile(
    r"^(?:请|麻烦|帮我|帮忙|你|先|再|然后|顺便|另外|也|记得|别忘了|务必|一定要|不要|别|不用)*"
    rf"(?:(?:把|将|给|帮)[^，,。；;]*?{_EDIT_VERB_ZH}|{_EDIT_VERB_ZH})"
    rf"|^[^，,。；;我你他她]{{1,24}}?{_EDIT_VERB_ZH}[^，,。；;]{{0,4}}?(?:掉|吧|一下)"
)
_SPECIFIC_ZH = re.compile(
    rf"(?:这|那)(?:个|段|些|块|里|几|边|行|条|张|类|份)|该(?=[{CJK_CLASS}])|上面的?|刚才的?"
    r"|(?:模块|类|方法|函数|文件|缓存|补丁|分支|提交|表|字段|接口|配置|依赖|日志|索引|注解|"
    r"过期时间|超时时间)"
)
_CODE_NAME_IN_TEXT = re.compile(
    r"(?<![\w.-])(?:[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|[a-z]+_[a-z_]+|\w+\.(?:java|xml|yml|yaml|"
    r"properties|sql|gradle|kts))(?![\w-])"
)
# Markers that make even such a task standing ("from now on, remove unused imports"):
# a time, a universal scope, a default, a revision — not "remember to" or "记住",
# which also ask for work on one thing ("remember to add the migration for this table").
_TASK_STANDING = any_of(
    phrase_pattern(
        *TIME_STANDING, "always", "never", "whenever", "anymore", "any more", "no longer",
        "ever again", "总是", "始终", "永远", "不再", "再也", "统一", "一概", "所有", "凡是",
    ),
    UNIVERSAL_SCOPE,
    STANDING_VERB,
    REVISION,
    DEFAULT_ZH,
    LIMIT_CHANGE,
)  # fmt: skip


def is_task(clause: str, known_names: Collection[str]) -> bool:
    """The clause asks for an edit of one specific thing of the code, with no standing
    marker or preference of its own (see the block above)."""
    norm = pattern_text(clause)
    if _TASK_STANDING.search(norm) or PREFERENCE_EN.search(norm) or PREFERENCE_ZH.search(norm):
        return False
    text = strip_filler(norm)
    if CJK_RE.search(text):
        # "给改动的方法就行": an edit verb before 的 describes a thing, it asks for nothing.
        text = _ATTRIBUTIVE_EDIT_ZH.sub("", text)
        if not _TASK_ZH.search(text):
            return False
        specific = _SPECIFIC_ZH.search(text)
    else:
        if not _TASK_EN.match(text):
            return False
        specific = _SPECIFIC_EN.search(text)
    named = any(name in text for name in known_names) or _CODE_NAME_IN_TEXT.search(clause)
    return bool(specific or named)
