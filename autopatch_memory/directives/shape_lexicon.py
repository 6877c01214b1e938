"""The lexicon of rule shapes: which artifact hides which, the cues a choice needs,
the words that carry no subject, and the negation cues that give a rule its polarity.
What a rule can govern, the sets of interchangeable choices and the bilingual synonyms
are the shared vocabulary's (:mod:`autopatch_memory.lang.vocabulary`).

Data only (and the negation pattern): :mod:`~autopatch_memory.directives.shapes`
compiles and compares; the lists are long and change on their own.
"""

from __future__ import annotations

import re

from autopatch_memory.directives.vocabulary import BIE
from autopatch_memory.lang.phrases import phrase_alternation

# A narrower object hides the wider one it names ("Javadoc 注释" is about Javadoc).
SUBSUMES: dict[str, tuple[str, ...]] = {
    "javadoc": ("comment", "doc", "code", "example"),
    "comment": ("code", "example"),
    "example": ("code",),
    "test": ("code",),
    "commit": ("doc",),
    "sql": ("code",),
    "log": ("code",),
}
# A rule that names no object is about the answers and the code they contain.
DEFAULT_OBJECTS = frozenset({"answer", "code"})

# Choices (lang.vocabulary.CHOICES) that name several others at once: "both Chinese and
# English" is not Chinese.
COMBINED_VALUES: dict[tuple[str, str], frozenset[str]] = {
    ("language", "both"): frozenset({"zh", "en"}),
}
CHOICE_CUES: dict[str, tuple[str, ...]] = {
    "injection": ("inject", "injection", "injected", "注入", "autowired"),
    "mapping_style": ("mapper", "mappers", "sql", "mybatis", "config", "configuration", "配置",
                      "映射", "bean", "beans", "dubbo", "spring"),
    "indentation": ("indent", "indentation", "缩进", "tab", "tabs"),
    "order": ("conclusion", "tl;dr", "tldr", "summary", "bottom line", "结论", "总结", "要点"),
}  # fmt: skip
# Words of a rule that carry no subject: instruction scaffolding, polarity, pronouns,
# and the third-person restatement of a model ("The user wants…", "用户要求…").
SHAPE_STOPWORDS_EN = frozenset(
    """
    a an the is are be been being am do does did to of in on at by for with from into
    about as than then so if or and but not no nor it its this that these those there
    i me my we our you your he she they them their user users wants want wanted prefer
    prefers preferred preference like likes liked love dislike dislikes hate hates please
    always never ever every each time times now here going forward give gives given
    show shows make makes use uses using used write writes written put add include includes
    should must need needs have has had will would could can may might shall just only also
    too very really much more most all any some one ones anymore longer stop stopping
    quit avoid skip don doesn didn won isn aren rule rules default remember keep
    mind sure new old instead rather other asks asked requires required whenever something
    anything everything thing things way ways assume assumed say says said tell tells told
    let lets start starting begin instead over when where while within without
    """.split()
)
SHAPE_FILLER_ZH = (
    "用户", "要求", "希望", "偏好", "喜欢", "讨厌", "不喜欢", "以后", "今后", "往后", "每次",
    "默认", "始终", "永远", "总是", "一直", "一律", "统一", "记住", "记得", "务必", "一定要",
    "必须", "尽量", "优先", "都", "请", "给我", "帮我", "告诉我", "你", "我", "的", "了", "地",
    "得", "时候", "时", "里", "中", "在", "要", "把", "用", "使用", "给", "写", "就", "一下",
    "所有", "全部", "任何", "一些", "这样", "那样", "这种", "那种", "规则", "规定", "一上来",
    "上来", "直接", "再", "也", "吧", "呢", "啊", "哦",
    # a revision names no subject: "想了想还是按 X 来吧" is about X
    "想了想", "还是", "改主意",
)  # fmt: skip
# Time phrases that carry a word that is also a thing of the code ("Future"): cut out whole
# before content words are counted, so "in the future" is no term and "Future" is one.
SHAPE_TIME_EN = (
    "in the future", "in future", "for all future", "future answers", "future replies",
    "future responses", "future code", "future examples",
)  # fmt: skip
NEGATION_CUES = (
    "don't", "do not", "dont", "never", "no longer", "not", "no more", "no", "stop", "quit",
    "avoid", "without", "dislike", "hate", "can't stand", "cannot stand", "skip", "omit",
    "leave out", "refrain", "不要", "不许", "不准", "禁止", "勿", "不再", "避免", "省略", "去掉",
    "少用", "不喜欢", "讨厌", "跳过", "不用", "不必", "无需", "不需要", "不想", "不希望", "受不了",
    "没必要",
)  # fmt: skip
# 没/未 negate ("还没迁到 JUnit 5"), but not in 没问题, 没关系, 未来.
NEGATION_RE = re.compile(
    phrase_alternation(NEGATION_CUES)
    + "|"
    + BIE
    + r"|没(?!问题|关系|事|必要)|(?<!尚)未(?!来|知|必)|尚未"
)
# Alternatives a rule rejects ("in English, not Chinese", "over field injection") are
# not part of its shape.
REJECTED_ALTERNATIVE = re.compile(
    r"[,，]\s*not\s+[^,，;；.。]+|\s+(?:rather than|instead of)\s+[^,，;；.。]+|"
    r"(?<=\bprefer\b)(?P<keep>[^,，;；.。]*?)\s+over\s+[^,，;；.。]+|"
    r"(?<=[^\s,，])\s*(?:而不是|而非)\s*[^,，;；.。]+|[,，]\s*(?:不是|不要用|别用)\s*[^,，;；.。]+$"
)
