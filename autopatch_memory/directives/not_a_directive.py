"""What is not a directive, whatever its words: a question, quoted or reported
speech, a hypothetical, something limited to this once, a description of the user's
own habits, something negated away, or a credential (:class:`NotADirective`).

Each check is a pattern and, where one pattern is not enough, a small predicate; the
reader of a sentence runs them before it looks for rules, cancels or facts.
"""

from __future__ import annotations

import re

from autopatch_memory.directives.normalization import pattern_text
from autopatch_memory.directives.vocabulary import (
    POLITE_ALWAYS,
    PREFERENCE_EN,
    STANDING,
    STRONG_STANDING,
)
from autopatch_memory.lang.chars import CJK_RE
from autopatch_memory.lang.phrases import phrase_alternation
from autopatch_memory.privacy import MARKER_PREFIX

_QUESTION_LEAD_EN = re.compile(
    r"^(?:what|why|how|when|where|which|who|whom|whose|is|are|was|were|do|does|did|can|could|"
    r"should|would|will|shall|may|might|has|have|isn't|aren't|doesn't|didn't|won't|wouldn't|"
    r"shouldn't|any idea|anyone know)\b"
)
_REMEMBER_WORD = re.compile(r"记住|记得|remember")
_EMBEDDED_QUESTION = re.compile(
    r"\b(?:why|what|how|which|whether)\b|为什么|为何|什么|怎么|怎样|如何|哪"
)
# A greeting may open a polite request: "你好，能不能以后…", "Hi, could you always…".
_GREETING = r"(?:(?:hi|hello|hey|你好|您好|嗨|哈喽)\W*\s*)?"
POLITE_LEAD = re.compile(
    rf"^{_GREETING}(?:can you|could you|would you|will you|please|would you mind)\b|"
    rf"^{_GREETING}(?:(?:另外|还有|对了|然后)[，,\s]*)?"
    r"(?:请(?!问)|麻烦|能不能|可不可以|可以|你能|你可以|能否|你能不能)"
)
_YOU_POLITE = re.compile(r"^你[^，,。？?]{0,6}?(?:能不能|可不可以|能否|可以|能)")
# "以后能不能少用感叹号？": the request after a standing phrase.
_STANDING_POLITE_ZH = re.compile(
    r"^(?:以后|今后|往后|之后|从现在开始|从今以后|接下来)[，,\s]*(?:能不能|可不可以|能否|可以|麻烦|请)"
)
# "When you show SQL, always …": a clause of time or condition before a statement.
_SUBORDINATE_LEAD_EN = re.compile(r"^(?:when|whenever|where|once|if)\b[^,?]*,")
_TAG_QUESTION_RE = re.compile(
    r"[,，]\s*(?:ok|okay|alright|right|please|好吗|好不好|可以吗|行吗|行不行|可好|成吗|好么|可以么)"
    r"\s*[?？]*\s*$"
)
# A sentence-final particle; the 么 of 什么/怎么 ends an indirect clause ("说明…影响什么").
_QUESTION_PARTICLE_ZH = re.compile(r"(?:吗|呢|(?<![什怎这那多])么|嘛)\s*[?？!！。.]*$")
# (不怎么 is a degree, "not much": "我不怎么喜欢…" asks nothing.)
_INTERROGATIVE_ZH = re.compile(
    # "姓名身份证什么的都用假数据": 什么的 after a list means "and so on", no question
    r"什么(?!的(?:都|也|全|一律|统一|，|,|、))|(?<=[干做用是叫为])什么的|"
    r"(?<!不)怎么|怎样|为什么|为何|如何|哪个|哪些|哪里|哪儿|哪种|是否|是不是|能不能|有没有|多少|"
    r"要不要|需不需要|可不可以|对不对|行不行|会不会|啥"
)
# "说明为什么…", "解释怎么…": an interrogative after these is part of an instruction.
_INDIRECT_ZH = re.compile(
    r"说明|解释|讲清楚|讲明|写明|注明|标注|告诉我|指出|列出|讲讲|说清楚|写清楚|给出|写出|说出|附上|带上|"
    r"说下|说一下|讲下|讲一下|提一下|说说|顺便说|(?<![你他她们])说|(?<![你他她们])讲|"
    # "先问我是哪个链路", "先确认用的是哪个版本": what the assistant should ask or check
    r"问我|问清|问一下|问问|确认|核实|弄清|搞清|查清"
)
# "不管什么时候", "无论哪种": an interrogative after these means "whatever", not a question.
_CONCESSIVE_ZH = re.compile(r"不管|无论|不论")

_REPORTED_EN = re.compile(
    r"\b(?:my|our|the|a|his|her|their|some|one|another)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:colleague|coworker|co-worker|teammate|boss|manager|lead|architect|senior|friend|"
    r"teacher|mentor|reviewer|docs|documentation|book|article|blog|guide|style guide|linter|"
    r"team|company|tutorial|course|interviewer|professor|cto|senior dev|senior developer)s?\s+"
    r"(?:says|say|said|told|tells|thinks|thought|recommends|recommended|suggests|suggested|"
    r"insists|insisted|claims|claimed|wrote|writes|mentioned|argues|argued|believes|"
    r"keeps saying|wants us|wanted us|asked us|requires|require|wants|expects|insists on)\b"
    r"|\b(?:he|she|they|someone|somebody|people|everyone|everybody|sonar|sonarqube|checkstyle|"
    r"stackoverflow|chatgpt|copilot)\s+(?:says|say|said|told|tells|thinks|recommends|suggests|"
    r"claims|wrote|insists|argues|mentioned)\b(?!-)"
    r"|\b(?!i\b|you\b|we\b)[a-z][\w-]*\s+(?:says|insists|recommends|suggests|claims|states|"
    # "…in claims-api": a word of a module's name reports nobody's words
    r"mandates|warns|argues|keeps saying|keeps telling us|tells us|told us)\b(?!-)"
    r"(?!\s+(?:me|you)\b)"
    r"|\baccording to\b|\bi (?:heard|read) (?:that|somewhere|online|on|in)\b|\bthey say\b|"
    r"\bpeople say\b|\bsupposedly\b"
)
_REPORTED_ZH = re.compile(
    r"(?:同事|组长|领导|老板|老大|经理|架构师|前辈|朋友|老师|别人|有人|大家|他们|(?<!其)他|她|网上|"
    r"文档里?|书上|文章|博客|规范里|面试官|导师|师兄|师姐|主管|技术负责人|leader|手册|规约|指南|教程)"
    r"[^，。,]{0,2}?(?:说|讲|提到|认为|觉得|建议|告诉我|要求我们|要求|写着|说过|强调|坚持)"
    r"|据说|听说|有人说|按照[^，,。]*的说法|人家说|(?:里|上|中)写着"
)
_QUOTED = re.compile(r"[\"“「『]([^\"”」』]{2,})[\"”」』]|(?<![a-z])'([^']{2,})'(?![a-z])")

HYPOTHETICAL = re.compile(
    r"^(?:what if|suppose|supposing|imagine|hypothetically|let's say|say)\b"
    r"|\b(?:if|in case|even if)\s+(?:i|we)\s+(?:said|say|told|tell|were to|asked you to|"
    r"want you to|wanted you to|had said)\b"
    r"|(?:如果|假如|假设|要是|万一|倘若|假使|比如说)\s*(?:我|我们)?\s*(?:说|讲|让你|要求你|告诉你|想让你|叫你)"
    r"|^(?:假设|假如|比方说)"
)

# "not only today", "不只是这次": a one-off word negated widens the scope instead.
_NOT_ONLY_EN = r"(?<!not only )(?<!not just )(?<!not merely )(?<!not simply )(?<!not )"
_NOT_ONLY_ZH = (
    r"(?<!不只是)(?<!不仅是)(?<!不光是)(?<!不单是)(?<!不止是)(?<!不只)(?<!不仅)(?<!不光)(?<!不止)"
)
_ONE_OFF_EN = re.compile(
    _NOT_ONLY_EN
    + r"\b(?:just this once|this once|only this once|this time|for now|for this question|"
    r"for this one|this one|for this answer|in this answer|right now|for the moment|"
    r"for today|just for this|only for this|this particular|in this case|for this case|"
    r"for this file|in this file|for this class|in this snippet|for this snippet|here only|"
    r"temporarily|this answer|that answer|your last answer|the last answer|the previous answer|"
    r"this approach|this solution|this part|that part|this section|this step|this method|"
    r"this bug|this error|this issue|next time|some other time|another time|later on|"
    r"(?:for |in )?this (?:pr|mr|commit|branch|release|sprint|ticket|task|demo|prototype)|"
    r"(?<!starting )(?<!from )today)\b"
)
_ONE_OFF_ZH = re.compile(
    _NOT_ONLY_ZH
    + r"(?:这次|这一次|这回|本次|这一回|这一轮|暂时|先这样|这个问题|这道题|今天|就这一次|只这一次|"
    r"这段代码|这个文件|这个类|这个方法|这里|这儿|刚才的回答|上一个回答|这个回答|这条回答|眼下|目前先|"
    r"这部分|这一步|这个报错|这个错误|这个bug|有空再|回头再|改天|下次再|以后有空|以后再说|以后再聊|"
    r"(?:^|(?<![以后每次]))先(?:别|不要|不用|不做|不加|不管|不写|甭)|"
    r"这(?:个|段|一?版|次的?)(?:接口|方法|类|文件|函数|页面|需求|功能|pr|提交|分支|版本|sql|查询|脚本)|"
    r"(?:以后|回头|改天|下次|有空|有机会|有时间)[^，。,别不]{0,6}再"
    r"(?:说|聊|看|弄|优化|处理|讨论|研究|改|搞|补|考虑|细说|展开))"
    r"(?!以后|之后|开始|起|往后)"
)

_SELF_EN = re.compile(
    r"^(?:and |but |so |thanks,? |honestly,? |tbh,? )?(?:i|i'm|i am|i've|i have|i'll|i will|i'd|"
    r"i would)\s+(?:\w+\s+)?"
    r"(?:always|never|usually|often|sometimes|keep|every time|constantly|still)\b"
)
_SELF_PREFERENCE_EN = re.compile(
    r"\b(?:always|never|usually|often|every time|generally)\s+(?:want|prefer|like|need|"
    r"would like|'d like|would prefer|'d prefer|hate|dislike)\b"
)
_SELF_ZH = re.compile(
    r"^(?:但是|可是|而且|其实|说实话)?我(?:自己)?(?:总是|老是|每次|经常|一直|从来|常常|总|每回|时常|"
    r"还是|都会|都)(?!说过|讲过|提过|强调过|说了)"
)
_SELF_PREFERENCE_ZH = re.compile(r"希望|想要|喜欢|偏好|要求|想看|需要你|讨厌|不喜欢")

NEGATED = re.compile(
    r"\bnot from now on\b|\bi'?m not saying\b|\bi am not saying\b|\bi didn'?t say\b|"
    r"\bi did not say\b|\bi don'?t mean\b|\bi do not mean\b|\bno need to remember\b|"
    r"\b(?:don'?t|do not|you don'?t have to|no need to) (?:remember|memorize|save) "
    r"(?:this|that|it)\b|^never ?mind[.!,]?$|^never ?mind,|^forget it\b|\bnot a rule\b|"
    r"\bdoesn'?t have to be a rule\b|\bnot always\b|\bdon'?t always\b|\bjust kidding\b|"
    r"\bonly joking\b|\bi'?m not (?:asking|telling|saying|requiring)\b|"
    r"\bi am not (?:asking|telling)\b|\bi (?:didn'?t|did not|never) (?:ask|tell|say)\b|"
    r"\bthat doesn'?t mean\b|\bthis doesn'?t mean\b"
    r"|不是说以后|我没(?:让|要|叫|要求|说)你?|不是(?:要求|让|叫|要)你|并不是要|没让你|没要求你|"
    r"我不是说|我没说|不用记|不必记|不需要记|别记|不要记|当我没说|"
    # "算了，不问了" retracts; "算了，往后还是用中文回答" revises: a new standing instruction
    r"^算了(?!.*(?:以后|往后|今后|从现在起|从现在开始)(?!再说|再看))|随便说说|开玩笑|"
    r"不一定每次|并不总是|不总是|不是每次|不是规则|不算规则"
)

_CREDENTIAL_WORDS = (
    "password", "passwd", "passphrase", "secret", "token", "api key", "apikey", "api-key",
    "access key", "private key", "credential", "credentials", "key", "ssh key", "pin",
    "密码", "口令", "密钥", "秘钥", "私钥", "令牌", "凭证", "凭据",
)  # fmt: skip
_CREDENTIAL_STORE = re.compile(
    r"\b(?:remember|save|store|keep|note|memorize)\b[^.?!]{0,40}?\b(?:my|our|the|this)\b"
    r"[^.?!]{0,30}?" + phrase_alternation(_CREDENTIAL_WORDS) + r"|(?:记住|记下|保存|存一下|记一下)"
    r"[^。？！]{0,30}?" + phrase_alternation(_CREDENTIAL_WORDS)
)
_REDACTION_MARK = MARKER_PREFIX.lower().rstrip(":")  # compared with folded text
# A password in a URL ("redis://:pass@host", "https://user:pass@host"), should it have
# reached the grammar unredacted: the sentence carries a credential.
_URL_PASSWORD = re.compile(r"[a-z][\w+.-]*://[^\s:/?#@]*:[^\s/@]+@[\w.-]")


def carries_credential(norm: str) -> bool:
    return _REDACTION_MARK in norm or bool(
        _CREDENTIAL_STORE.search(norm) or _URL_PASSWORD.search(norm)
    )


def is_question(norm: str) -> bool:
    """A question rather than a statement or a request ("could you always…" is a request)."""
    body = _TAG_QUESTION_RE.sub("", norm).strip()
    polite = (
        POLITE_LEAD.match(body)
        or _YOU_POLITE.match(body)
        or _STANDING_POLITE_ZH.match(body)
        or body != norm
    )
    # "你能记住我们上次聊的问题吗": "remember" alone asks about memory, not for a rule.
    standing = [m.group(0) for m in STRONG_STANDING.finditer(body)]
    standing = [w for w in standing if not _REMEMBER_WORD.fullmatch(w)]
    request = bool(polite and (standing or POLITE_ALWAYS.match(body)))
    # "能不能解释一下为什么 Spring 默认是单例": the standing word is inside what is asked.
    request = request and not _EMBEDDED_QUESTION.search(body)
    if body.rstrip(" .。!！").endswith(("?", "？")):
        return not request
    if not CJK_RE.search(body):
        return (
            bool(_QUESTION_LEAD_EN.match(body))
            and not POLITE_LEAD.match(body)
            and not _SUBORDINATE_LEAD_EN.match(body)
        )
    if _QUESTION_PARTICLE_ZH.search(body):
        return not request
    return not request and any(
        not _INDIRECT_ZH.search(body[: found.start()])
        and not _CONCESSIVE_ZH.search(body[max(0, found.start() - 2) : found.start()])
        for found in _INTERROGATIVE_ZH.finditer(body)
    )


def is_reported(norm: str) -> bool:
    if _REPORTED_EN.search(norm) or _REPORTED_ZH.search(norm):
        return True
    # A standing phrase inside quotation marks is someone else's words.
    return any(
        STANDING.search(a or b) or PREFERENCE_EN.search(a or b) for a, b in _QUOTED.findall(norm)
    )


def is_self_description(norm: str) -> bool:
    if _SELF_EN.match(norm):
        return not _SELF_PREFERENCE_EN.search(norm)
    return bool(_SELF_ZH.match(norm)) and not _SELF_PREFERENCE_ZH.search(norm[:12])


def is_one_off(clause: str) -> bool:
    norm = pattern_text(clause)
    return bool(_ONE_OFF_EN.search(norm) or _ONE_OFF_ZH.search(norm))
