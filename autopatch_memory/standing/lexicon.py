"""The one bilingual lexicon of how a user states a standing rule, asks for something,
cancels a rule or names what a new rule replaces (docs/design.md#grounding-is-mechanical).

These are *forms*, not a grammar: the program checks that a quoted sentence has one,
never what it means. Phrases are matched on :func:`folded_words` text (NFKC, lower
case, single spaces); English phrases as whole words.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from autopatch_memory.lang.phrases import phrase_alternation
from autopatch_memory.lang.traditional import as_mandarin

# Standing markers: the sentence speaks of every later answer or piece of work. The offline
# reader stores a rule only with one of these (the seed's list and its closest kin).
STANDING_ZH = (
    "今后", "往后", "此后", "从今往后", "从今以后", "从现在起", "从现在开始", "从此",
    "每次", "每回", "每一次", "总是", "始终", "永远", "必须", "务必", "一律", "统一", "默认",
    "不许", "禁止", "不准", "别再", "不要再", "我希望", "我不喜欢", "我喜欢", "我更喜欢",
    "我偏好", "优先", "守则", "记住", "长期", "一直都", "不只是这次", "不止这次", "不光这次",
    # made the team's norm: "这个写进规范里"
    "写进规范", "写入规范", "加到规范", "加进规范",
)  # fmt: skip
STANDING_EN = (
    "from now on", "going forward", "from here on", "moving forward", "henceforth",
    "in future", "in the future", "future answers", "all future", "always", "never",
    "every time", "each time", "whenever", "by default", "as a rule", "remember",
    "make sure to", "make sure you", "the rule is", "from today", "not only today",
    "not just today", "not only this time", "not just this time", "don't ever", "do not ever",
    # the English of 规则 as a word: "let's make that the rule"
    "make that the rule", "make it the rule", "make this the rule", "make that a rule",
    "make it a rule", "make this a rule", "add that to our conventions",
    "add it to our conventions", "add this to our conventions", "make it a convention",
    # the word itself, as 规则: "Rule for you: no SELECT *"
    "rule for you", "new rule:",
    # "Please default to English variable names", "Every answer."
    "default to", "every answer", "every reply", "each answer", "all answers", "all replies",
    # "…for every commit message you draft for me"
    "for every", "for each", "on every", "in every",
    "make that a convention", "make it our convention", "make that our convention",
)  # fmt: skip
# The user's own likes and dislikes about answers, with "I" as their subject.
_PREFERENCE = (
    r"|\bi(?:'d| would)? (?:really |honestly |just |truly |much |strongly |generally )?"
    r"(?:prefer|dislike|hate|can'?t stand|cannot stand|don'?t like|do not like|like|love)\b"
    r"|我(?:真的|很|特别|实在|非常|最|比较|一向)*(?:不喜欢|喜欢|偏好|烦|反感|讨厌|受不了|看不惯|不想看到|不爱看)"
)
# 以后 and 之后 are standing only near the head of a clause ("以后回答…", "你以后…", "行，以后…",
# "ok 以后…": an interjection typed without its comma); deeper in, after what happens
# first, they are "after" ("发药完成以后会…"), and before 再/有空 "later" ("以后有空再说",
# "以后有问题再来问你").
_LATER_ZH = (
    r"|(?:^|(?<=[，,。；;：:！!？?]))(?:(?:ok|okay|好的?|行|嗯|那|对|yes|yeah|sure|fine|plz|pls|please)\s+)?"
    r"[^，,。；;：:！!？?\s]{0,3}(?:以后|之后|往后)"
    # "以后有问题再来问你": later, when something comes up — the user's plan
    r"(?!再|有空|有时间|有机会|再说|的事"
    r"|[^，,。！!？?]{0,12}?有(?:问题|需要|事|疑问|不懂的)[^，,。！!？?]{0,10}再(?:来)?(?:问你|找你|聊)"
    r"(?!的时候))"
)
# 不要 is written apart: 要不要 asks, 不要紧 reassures. 规则 and 规矩 only as the word
# itself, not 规则引擎.
_DONT_ZH = r"|(?<!要)不要(?!紧)"
_RULE_ZH = r"|规[则矩](?!引擎|库|中心|配置|文件|表|集|脚本|服务|管理|树|链)"

# Request forms: the sentence asks the assistant for something.
REQUEST_ZH = (
    "请", "麻烦", "帮我", "给我", "能不能", "能否", "可不可以", "你可以", "你能", "不用",
    "不需要", "都要", "都用", "都给", "都写", "都别", "都不要", "都加", "都先", "都按", "都改",
    "就行", "就好", "即可", "希望", "需要你", "你要", "要用", "一定要", "记得", "改成", "换成",
    "改用", "还是用", "统一用", "提醒一下", "强调一下", "再强调", "再提醒", "再说一遍", "谢谢",
    "我的意思是",
)  # fmt: skip
REQUEST_EN = (
    "please", "plz", "pls", "could you", "can you", "would you", "will you", "can u", "could u",
    "i want you",
    "i'd like you", "i would like you", "i need you", "i want", "i'd like", "i need", "let's",
    "let us", "don't", "do not", "dont", "stop", "avoid", "no more", "no need", "make it",
    "should", "thanks", "thank you", "i expect", "i meant", "what i meant",
)  # fmt: skip
# A clause that opens with one of these verbs is an imperative: a request.
IMPERATIVE_EN = (
    "use", "answer", "reply", "respond", "write", "give", "show", "keep", "add", "put",
    "include", "skip", "omit", "list", "explain", "mention", "switch", "stick", "go", "default",
    "prefer", "start", "end", "format", "name", "call", "follow", "speak", "talk", "limit",
    "mark", "quote", "cite", "link", "print", "run", "test", "comment", "document", "leave",
    "drop", "remove", "avoid", "stop", "quit", "ask", "check", "tell", "make", "be", "treat",
    "assume", "suggest", "recommend", "return", "wrap", "sort", "prefix", "suffix", "spell",
    "log", "catch", "throw", "rethrow", "go through", "inject", "prefer", "pick", "choose",
    "no", "only", "just", "lead", "open", "close", "reply", "point", "show", "note",
)  # fmt: skip
# Cancel forms: the user withdraws a rule or a note, or corrects one, or says it changed.
CANCEL_ZH = (
    "忘掉", "忘了", "忘记", "不用再", "不用了", "不需要了", "不用管", "别管", "取消", "作废",
    "删掉", "删了", "去掉", "算了", "不要了", "不用记", "不算数", "撤销", "撤了", "废弃", "不再",
    "别再", "不适用", "过时", "不对", "说错", "记错", "更正", "纠正", "改了", "调成", "换成",
    "改成", "升级到", "迁到", "迁移到", "现在", "已经", "停一下", "先停", "暂停", "停了", "不是",
)  # fmt: skip
CANCEL_EN = (
    "forget", "never mind", "nevermind", "scrap", "scratch", "cancel", "drop", "remove",
    "delete", "ignore", "no need", "no longer", "not anymore", "anymore", "stop", "disregard",
    "withdraw", "retract", "obsolete", "outdated", "wrong", "correction", "correct that",
    "oops", "actually", "moved off", "moved to", "switched to", "upgraded to", "migrated to",
    "now", "not needed", "on second thought", "instead",
)  # fmt: skip

_ZH_SPACES_RE = re.compile(r"(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])")


# Every veto reads the sentence through this (a dozen times for one quote): folded once.
@lru_cache(maxsize=1024)
def folded_words(text: str) -> str:
    """``text`` as the lexicon reads it: Traditional characters and written Cantonese as
    Mandarin, NFKC, lower case, curly quotes straight, single spaces, none between two
    Chinese characters (voice input's pauses)."""
    folded = unicodedata.normalize("NFKC", as_mandarin(text)).casefold()
    folded = folded.replace("\u2019", "'").replace("\u2018", "'")
    folded = folded.replace("\u201c", '"').replace("\u201d", '"')
    return _ZH_SPACES_RE.sub("", " ".join(folded.split()))


STANDING_RE = re.compile(
    phrase_alternation((*STANDING_ZH, *STANDING_EN)) + _PREFERENCE + _LATER_ZH + _DONT_ZH + _RULE_ZH
)
# A clause of its own opens after these (a request may follow a lead-in: "For unit tests,
# use AssertJ", "另外，把字数放宽到 500 字吧").
_CLAUSE_START = r"(?:^|[,:;，：；]\s*)"
_FILLERS = (
    r"(?:(?:ok(?:ay)?|also|and|so|then|actually|btw|oh|hey|hi|hello|well|yes|yeah|no|just|"
    r"pls|plz|please|honestly|hmm|like i said|as i said|again)\W*\s+)*"
)
IMPERATIVE_RE = re.compile(_CLAUSE_START + _FILLERS + phrase_alternation(IMPERATIVE_EN))
REQUEST_RE = re.compile(
    phrase_alternation((*REQUEST_ZH, *REQUEST_EN))
    + _DONT_ZH
    + r"|(?<![区特分识类级个])别(?![的人处])"
    # (not a shrug: "行吧", "好吧")
    + r"|(?<![行好罢])吧(?=\W|$)|可以.{0,40}吗"
    + r"|(?:^|[，,：:；;]\s*)(?:另外|还有|然后|对了)?[，,\s]*把"
)
CANCEL_RE = re.compile(phrase_alternation((*CANCEL_ZH, *CANCEL_EN)))
PREFERENCE_RE = re.compile(_PREFERENCE[1:])  # the user's own likes, "I" or 我 the subject


# Idioms that hold a standing word but mean something else ("never mind", "不要紧").
_IDIOMS = re.compile(r"\bnever ?mind\b|\bas always\b|\balways welcome\b|不要紧|没关系")


def has_standing_marker(sentence: str) -> bool:
    """The sentence carries an explicit standing marker (以后, 每次, from now on, always…)."""
    return STANDING_RE.search(_IDIOMS.sub(" ", folded_words(sentence))) is not None


def has_request_form(sentence: str) -> bool:
    """The sentence asks for something: a request form or an imperative clause."""
    words = folded_words(sentence)
    return REQUEST_RE.search(words) is not None or IMPERATIVE_RE.search(words) is not None


def has_cancel_form(sentence: str) -> bool:
    """The sentence withdraws, corrects or updates something (忘掉, 不对, forget, now…)."""
    return CANCEL_RE.search(folded_words(sentence)) is not None
