"""Project facts: when a clause states or corrects a fact about the project ("we
deploy on Kubernetes", "mall-order calls mall-search via Feign", "不对，是 Spring
Security"), when a part after one goes on stating it, and when a new fact changes
what an older note says (:func:`states_change_of`).

Facts are read with their own patterns (subjects, verbs, problems, plans); the
correction and "remember" lead-ins that introduce them live here too.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from autopatch_memory import limits
from autopatch_memory.directives.instructions import imperative_start, strip_filler
from autopatch_memory.directives.normalization import body_of, pattern_text
from autopatch_memory.directives.not_a_directive import POLITE_LEAD, is_question
from autopatch_memory.directives.shapes import rule_shape
from autopatch_memory.directives.vocabulary import (
    ARTIFACT_HEAD,
    BARE_SENTIMENT,
    FIRST_PERSON_SUBJECT_ZH,
    MODAL_EN,
    MODAL_ZH,
    NEGATIVE_LEAD_EN,
    NEGATIVE_LEAD_ZH,
    SELF_SUBJECT,
    STRONG_STANDING,
    TEAM_SUBJECT,
    YOU_LEAD,
)
from autopatch_memory.lang.chars import CJK_CLASS, CJK_RE
from autopatch_memory.lang.fold import fold

# "超时那个我说错了", "滑动窗口那个记错了", "chunk 那个改了": a topic, 那个/那条, and what
# went wrong with what was said of it (the new value follows).
_TOPIC_CORRECTION_ZH = (
    r"(?P<topic>[^，,。:：？?！!]{1,12}?)\s*(?:那个|那条|那块|那里)\s*"
    r"(?:我|之前|刚才)?\s*(?:说错了|记错了|搞错了|写错了|弄错了|不对了?|改了|变了|换了)"
)
# "the tesseract thing is outdated", "the 16 part is no longer true".
_OUTDATED_EN = (
    r"(?:the )?[^,.:;]{1,40}? (?:thing|part|bit|one|info|note) (?:is|was) "
    r"(?:outdated|out of date|stale|wrong|no longer (?:true|accurate|valid|right))"
    r"(?=\s*[,，:：!！.;(]|$)"
)
_TOPIC_CORRECTION_RE = re.compile(
    r"^(?:(?:(?:哦|噢|喔|诶|欸|啊|呃)?对了|哦|噢|喔|啊|呃)\s*[,，]?\s*)?" + _TOPIC_CORRECTION_ZH
)


def correction_topic(clause: str) -> str | None:
    """What a topic-first correction is about ("超时那个我说错了，是 5 秒" → "超时"), in
    the user's own casing; ``None`` for any other clause."""
    found = _TOPIC_CORRECTION_RE.match(clause.strip())
    if found is None or _WHAT_WAS_SAID.match(found.group("topic")):
        return None  # "刚才说凌晨 2 点那个不对了" names the withdrawn value, not a topic
    return found.group("topic").strip()


_WHAT_WAS_SAID = re.compile(r"^\s*(?:刚才|之前|前面|上面|我)?说")


CORRECTION_LEAD = re.compile(
    # An interjection may open it ("哦不对", "oh wait, no").
    r"^(?:(?:(?:哦|噢|喔|诶|欸|啊|呃)?对了|哦|噢|喔|啊|呃|oh|ah|oops|hmm)\s*[,，]?\s*)?"
    # "刚才说凌晨 1 点那个不对了", "I was wrong about the port": what the user
    # said before is withdrawn; the new value follows.
    r"(?:(?:刚才|之前|前面|上面|我)?说的?[^，,。:：]{1,24}?(?:那个|那条|这个|那句)?"
    r"(?:不对了?|不准确了?|错了|有误)|"
    # "超时那个我说错了", "chunk 那个改了": the topic first, then what went wrong with it.
    + _TOPIC_CORRECTION_ZH
    + r"|(?:i was wrong|i misspoke|i got (?:it|that) wrong) (?:about|on) [^,.:;]{1,40}?"
    r"(?=\s*[,，:：!！.;]|$)"
    # "the tesseract thing is outdated": what was said no longer holds.
    r"|" + _OUTDATED_EN + r")\s*[,，:：!！.]?"
    r"|^(?:(?:哦|噢|喔|啊|呃|oh|ah|oops|hmm)\s*[,，]?\s*)?"
    r"(?:(?:不是的|说错了|我说错了|我记错了|记错了|我搞错了|搞错了|纠正一下|更正一下|更正|其实|实际上|准确地说|补充一下|顺便说一下|"
    r"说明一下|备注|actually|correction|to be clear|that's wrong|that is wrong|"
    r"that's not right|my bad|oops|whoops|my mistake|update|quick update|i misspoke|"
    r"i was wrong|i got that wrong|scratch that|"
    r"fyi|for the record|for your information|just so you know|note that|btw|"
    r"heads up|quick note|"
    r"by the way)\s*[,，:：!！.]?"
    r"|(?:no|nope|not quite|wrong|not really|不是|不对|错了)\s*(?:[,，:：!！.]|$))\s*"
)
REMEMBER_LEAD = re.compile(
    r"^(?:please |pls |also |and )*(?:remember|keep in mind|note|don't forget|do not forget)"
    r"(?!\s+to\b)"
    r"(?:\s+that)?\s*[,，:：]?\s*|^(?:请|也|还有|另外)*(?:记住|记一下|记得|别忘了|注意)\s*[,，:：]?\s*"
)
FACT_VERB = re.compile(
    r"\b(?:use|uses|used|are using|'re using|run|runs|deploy|deploys|deployed|build|builds|"
    r"call|calls|store|stores|keep|keeps|rely on|relies on|migrated|switched|moved|upgraded|"
    r"are on|'re on|is on|still on|still use|is|are|has|have|don'?t use|do not use|"
    r"no longer use|only use|"
    r"talk to|talks to|depend on|depends on|publish|publishes|consume|consumes|add|adds|"
    r"pass|passes|require|requires|target|targets|host|hosts|enable|enabled|disable|disabled|"
    r"come from|comes from|go through|goes through|live in|lives in|sit behind|sits behind|"
    r"point to|points to|issue|issues|serve|serves|served|handle|handles|generate|generates|"
    r"own|owns|expose|exposes|send|sends|read|reads|write|writes)\b"
    r"|用的是|用|使用|采用|统一|一律|都用|都是|部署|跑在|迁移|换成|换到|切到|切换到|改用|转到|升级|"
    r"不用|没用|不再用|只用|"
    r"是|在用|依赖|调用|通过|负责|存|放在|加|开启|关闭|禁用|要求"
)
_NAMED_SUBJECT = re.compile(r"^([a-z][\w.]*-[\w.-]+|[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*)$")
_MODULE_VERB = re.compile(
    r"\b(?:calls|uses|depends on|talks to|handles|is responsible for|owns|sends|publishes|"
    r"consumes|reads|writes|stores|exposes|wraps|is|runs|delegates to)\b|负责|调用|依赖|通过|处理|"
    r"管理|发送|消费|读取|写入|存储|暴露|封装|是|跑在|部署在|用的是|用|在"
)
# What may stand between a module's name and what is said of it ("mall-search 那边用的是…").
_NAME_LINK = re.compile(r"^\s*(?:'s\s+|的|里的?|中的?|那边的?|这边的?|模块的?|服务的?)?\s*")
# An English statement about a named thing goes on with a verb: an auxiliary or a
# finite form ("settle-job runs nightly", "shop-auth issues JWTs", "mall-admin was moved").
_VERB_AFTER_NAME_EN = re.compile(
    r"^(?:(?:still|now|also|already|only|mostly|currently|always|never|just|actually|no longer|"
    r"not|really)\s+)*(?:is|are|was|were|has|have|had|does|did|doesn'?t|don'?t|isn'?t|"
    r"aren'?t|wasn'?t|can'?t|cannot|can|will|won'?t|must|should|never|[a-z]+(?:s|ed))\b"
)
_YOU_SUBJECT = re.compile(r"^(?:you|you're|you'll|your)\b|^你")
_PROBLEM_WORDS = re.compile(
    # "issues" is a problem as a noun ("we have issues"), not as a verb ("shop-auth issues JWTs")
    r"\b(?:(?:an?|the|some|any|this|that|these|those|no|have|has|had|got|with|many|several|"
    r"known|same|weird|strange|big|real|there are|there is)\s+issues?)\b|"
    r"\b(?:problem|problems|error|errors|bug|bugs|fail|fails|failed|failing|"
    r"broken|slow|crash|crashes|crashed|exception|exceptions|stuck|hang|hangs|doesn'?t work|"
    r"does not work|not working|confused|trouble|struggl\w*|leak|leaks)\b|"
    # a timeout is a problem, not a setting ("a 30-second timeout", "超时已经改成 60 秒")
    r"(?<!second )(?<!seconds )(?<!\d )(?<!-)\btimeouts?\b(?!\s*(?:of|is|=|:|to|set)?\s*\d)|"
    r"问题|报错|错误|失败|异常|卡住|卡死|很慢|变慢|太慢|挂了|不行|不生效|没生效|不对劲|搞不懂|不懂|"
    r"超时(?=了|啦|报错|异常|错误|失败|$|[，,。？?])|泄漏|崩溃"
)
_TENTATIVE = re.compile(
    r"\b(?:should|could|might|may|will|would|'ll|'d|shall|can|must|going to|gonna)\b(?!'t|not)|"
    r"应该|可能|也许|或许|会不会|要不要|是不是|能不能|准备|将来|打算"
)
_DESIRE = re.compile(
    r"\b(?:want|wants|need|needs|would like|'d like|plan|planning|try|trying|hope|"
    # "…的堆存计划" is a plan of the project (a noun), not a wish
    r"thinking about|considering)\b|想|打算|准备|(?<!的)计划(?![的表书]|\W|$)|希望|需要|尝试|考虑"
)
# What a fact needs besides its subject and verb ("we don't use it anymore" says nothing).
_FACT_FILLER = re.compile(
    r"\b(?:we|we're|we've|our|the|this|that|it|its|them|they|is|are|was|were|be|use|uses|used|"
    r"using|don'?t|do|does|not|no|longer|anymore|any|more|still|now|already|also|just|only|"
    r"all|a|an|to|of|in|on|for|with|project|team|repo|codebase)\b"
    r"|我们|咱们|我们的|项目|这个|那个|它|用的是|在用|使用|不用|没用|不再用|都|也|了|的|是|用|已经|还|就|"
    r"其实|确实|真的|一直|现在|目前|约定好|商量好|说好|决定|约定|商量"
)


# What the team went through, told as the reason for a rule: "我们吃过 OOM 的亏",
# "we got burned by N+1 queries" — an experience, not the state of the project.
EXPERIENCE = re.compile(
    r"吃过[^，,。]{0,16}亏|踩过[^，,。]{0,16}坑|被[^，,。]{0,16}坑过|"
    r"\b(?:been|got|were|was) (?:burned|burnt|bitten)\b|\bthe hard way\b"
)


def _without_names(norm: str) -> str:
    """``norm`` with its module names masked: "tos-yard-plan" states no plan, and
    "order-error-handler" no error."""
    return _NAMED_PART.sub("module", norm)


# "我跟你说一下…", "跟你交代下…": what follows is told for the assistant to know. Unlike
# "记住", it asks for nothing: it makes no rule of what follows.
TOLD_LEAD = re.compile(
    r"^(?:另外|还有|对了)?\s*我?(?:跟你|给你|和你)(?:说|讲|交代|提|介绍)一?下(?:背景|情况)?"
    r"(?=\s*[,，:：]|\s*我们|\s*咱们|\s*[a-z])\s*[,，:：]?\s*"
)


def strip_lead(norm: str) -> tuple[str, re.Match[str] | None]:
    """``norm`` without its correction, "remember" or "let me tell you" lead-ins (and the
    dash or colon after them: "不对，我记错了，…" has two), and the first of them."""
    first = lead = CORRECTION_LEAD.match(norm) or REMEMBER_LEAD.match(norm) or TOLD_LEAD.match(norm)
    while lead is not None and lead.end() > 0:
        norm = norm[lead.end() :].lstrip(" ,，:：!！.—–-")
        lead = CORRECTION_LEAD.match(norm) or REMEMBER_LEAD.match(norm)
    return norm, first


def has_fact_content(norm: str) -> bool:
    """Something is said besides the subject and the verb ("we don't use it" says nothing)."""
    return len(fold(_FACT_FILLER.sub(" ", norm))) >= limits.DIRECTIVE_MIN_FACT_CHARS


# When a change happened, before who made it ("上周末我们全量升级到了…", "last month we…").
_TIME_LEAD = re.compile(
    r"^(?:上周末?|上个?月|上半年|去年|今年|前几天|前阵子|昨天|前天|最近|刚刚|年初|月初|"
    r"(?:last|this) (?:week|weekend|month|quarter|year)|yesterday|recently)\s*[,，]?\s*"
)
# A technology of the project that changed: "Gradle 升级了", "Spring Boot 也上了 3.1",
# "Kotlin was bumped to 1.9". A pronoun or a question is no such statement.
_TECHNOLOGY_CHANGED = re.compile(
    r"^(?!(?:it|this|that|they|which|what|who)\b)[a-z][\w.+-]*(?:\s[a-z][\w.+-]*){0,2}\s*"
    r"(?:(?:也|已经|都|全部|刚|刚刚|终于)\s*)*(?:升级到|升到|升级了|换成|改成|迁到|迁移到|切到|上了)"
    r"|^(?!(?:it|this|that|they|which|what|who)\b)[a-z][\w.+-]*(?:\s[a-z][\w.+-]*){0,2}\s+"
    r"(?:was|were|has been|have been|got)\s+(?:upgraded|bumped|moved|migrated|switched)\b"
)


# A part of the code set to a value: "HikariPool is set to 40 connections", "RetryTemplate
# 配的是 3 次".
_CONFIGURED = re.compile(
    r"^[a-z][\w.-]*\s+(?:is|are|was|were)\s+(?:set|configured|tuned|capped|limited)\s+"
    r"(?:to|at)\s+\d"
    rf"|^[a-z][\w.-]*\s*(?:的[{CJK_CLASS}]{{0,6}})?\s*"
    r"(?:设置为|设置成|设为|设成|配的是|配成|配置为|配置成|设的是|配了)\s*\d"
)
# A thing of the project and its value, with a common noun as the subject: "报文是 XML
# 格式", "路由用的是 Apache Camel", "排班的时段是 30 分钟一格", "p99 latency budget is
# 80ms". The value is a named technology or a number (with its unit, in English); a
# word about the talk itself ("问题是…", "the answer is 42") or a pointer ("这个是…")
# is no such subject.
_VALUE_OF_A_THING = re.compile(
    r"^(?!(?:这|那|它|我|你|他|她|问题|原因|区别|答案|结论|意思|关键|重点|目的|想法|需求|感觉|"
    r"理由|前提|情况|结果|好处|坏处|缺点|优点|难点|建议|办法|方法)"
    rf")[{CJK_CLASS}]{{1,7}}[{CJK_CLASS}](?<![就还也都只才又倒])(?:的[{CJK_CLASS}]{{1,6}})?\s*"
    r"(?:用的是|走的是|采用的是|是|为|基于)\s*(?:[a-z][\w./+-]*|\d+(?:\.\d+)?\s*\S)"
    r"|^(?!(?:it|this|that|they|which|what|who|my|your|the answer|the question|the problem|"
    r"the reason|the difference|the point)\b)"
    r"[a-z0-9][\w-]*(?:\s+(?!is\b|are\b)[\w-]+){0,5}\s+(?:is|are)\s+"
    r"(?:about |around |under |below |at most |at least |capped at |set to )?\d+(?:\.\d+)?\s*"
    r"(?:ms|s|sec|secs|seconds|min|mins|minutes|h|hours|mb|gb|kb|tb|%|qps|tps|rps|k)\b"
)


# What the project does when something happens, told of a common noun: "药房发药完成以后
# 会发一条 RocketMQ 消息", "订单关闭之后都会写一条 binlog 给 canal". A named technology
# follows the verb; 以后 here means "after", no standing phrase.
_WHAT_HAPPENS_ZH = re.compile(
    rf"^(?!(?:这|那|它|我|你|他|她|如果|假如|要是|万一))[{CJK_CLASS}]{{2,12}}"
    r"(?:完成|结束|成功|失败|之后|以后|后)+\s*(?:都|就)?会\s*"
    r"(?:发|推|写|存|调|走|用|通过|订阅|通知)[^，,。？?]{0,8}?[a-z][\w.+-]{2,}"
)


# What the repository has or lacks: "there's no Kafka anywhere in this repo".
_EXISTS_IN_REPO = re.compile(
    r"^there(?:'s| is| are)\s+(?!(?:no\s+|only\s+)?(?:way|need|point|reason|time|chance)\b)"
    r"(?:no\s+|only\s+)?"
    r"[^,;]{1,60}?\b(?:in|across)\s+"
    r"(?:this|the|our)\s+(?:repo|repository|project|codebase|code base)\b"
)


# The people around the project as the subject: "Our PM reads these too", "我们医院这边
# 好几个同事英文不太行" — who reads the answers and what they can do is the reason for a
# rule, not a fact of the project.
_PEOPLE_SUBJECT = re.compile(
    r"^(?:(?:our|my|the|some of our|most of our|a few of our|all our)\s+)?(?:\w+\s+)?"
    r"(?:pms?|product managers?|managers?|boss|bosses|leads?|teammates?|colleagues?|"
    r"coworkers?|co-workers?|juniors?|new hires|newcomers|testers?|users of these)\b"
    rf"|^(?:我们|咱们|我)?[{CJK_CLASS}]{{0,6}}?(?:这边|那边)?的?(?:好几个|几个|很多|有些|一些|不少|大部分)?"
    r"(?:同事|同学|领导|老板|新人|新同事|产品经理|测试同学|运维同学|组长|主管)"
)


def fact_statement(norm: str, known_names: Collection[str]) -> bool:
    """A statement about the project: who uses, runs, calls or is what, with content."""
    if _PEOPLE_SUBJECT.match(norm):
        return False
    words = _without_names(norm)
    if _PROBLEM_WORDS.search(words) or _DESIRE.search(words[: limits.DIRECTIVE_DESIRE_WINDOW]):
        return False
    if not has_fact_content(norm):
        return False
    norm = _TIME_LEAD.sub("", norm, count=1)
    if (
        _TECHNOLOGY_CHANGED.match(norm)
        or _CONFIGURED.match(norm)
        or _EXISTS_IN_REPO.match(norm)
        or (_VALUE_OF_A_THING.match(norm) and not ARTIFACT_HEAD.match(norm))
        or _WHAT_HAPPENS_ZH.match(norm)
    ):
        return not is_question(norm) and not _TENTATIVE.search(norm)
    if TEAM_SUBJECT.match(norm):
        # "we version the API in the URL path": any statement, but not a plan or a maybe.
        return not _TENTATIVE.search(_without_names(norm))
    if SELF_SUBJECT.match(norm) or _YOU_SUBJECT.match(norm):
        return False
    norm = re.sub(r"^the\s+", "", norm)
    head = re.match(r"[\w.-]+", norm)
    if head is None:
        return False
    name = head.group(0)
    names = {n.lower() for n in known_names if len(n) >= limits.DIRECTIVE_MIN_NAME_CHARS}
    named = name in names or ("-" in name and name[0].isalpha()) or bool(_NAMED_SUBJECT.match(name))
    if named:
        return _said_of_name(norm[len(name) :])
    # "回调的幂等是靠 pay-notify 里 notify_record 表保证的", "Order ids in seckill come
    # from id-gen": a statement that names a part of the project further in (not a
    # request about it: "Explain the order module and how it talks to review").
    if imperative_start(norm, strict=True) or POLITE_LEAD.match(norm):
        return False
    return _names_project_part(norm, names) and bool(FACT_VERB.search(norm))


# "Seat locks live in Redis with a 10 minute expiry": a thing of the project (a common
# noun, lower case after the first word) said to live in, come from or run on a named
# technology (capitalized further in). A proper noun as the subject states general
# knowledge instead ("Spring Boot 3 requires Java 17").
_COMMON_SUBJECT_EN = re.compile(r"^[A-Za-z][a-z]+(?:\s+[a-z][a-z-]*){0,3}\s+")
_PLACE_VERB_EN = re.compile(
    r"\b(?:live|lives|are kept|is kept|are stored|is stored|come from|comes from|go through|"
    r"goes through|run on|runs on|sit in|sits in|are in|is in|are cached in|is cached in)\b"
)
_PROPER_NOUN = re.compile(r"(?<=\s)(?:[A-Z][a-z]+[A-Z0-9]?\w*|[A-Z]{2,}[a-z]*\w*)\b")


def statement_naming_a_technology(text: str) -> bool:
    body = body_of(text)
    if CJK_RE.search(body) or not _COMMON_SUBJECT_EN.match(body):
        return False
    norm = pattern_text(body)
    if _PROBLEM_WORDS.search(norm) or is_question(norm) or SELF_SUBJECT.match(norm):
        return False
    verb = _PLACE_VERB_EN.search(norm)
    return verb is not None and bool(_PROPER_NOUN.search(body[verb.end() :]))


_LINK_TO_TECHNOLOGY_ZH = re.compile(r"^(?:是|用|走|接)\s*[a-z]")


def _said_of_name(rest: str) -> bool:
    """What follows a module's name states something about it (not "我…", not a request)."""
    rest = _NAME_LINK.sub("", rest, count=1)
    if FIRST_PERSON_SUBJECT_ZH.search(rest):
        return False
    if CJK_RE.search(rest):
        # "trade-web 是 Spring Cloud Gateway": one linking verb before a named technology.
        return len(CJK_RE.findall(rest)) >= 2 or bool(_LINK_TO_TECHNOLOGY_ZH.match(rest))
    return bool(_VERB_AFTER_NAME_EN.match(rest) or _MODULE_VERB.search(rest))


def _names_project_part(norm: str, names: Collection[str]) -> bool:
    return any(
        re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", norm)
        for name in names
        if len(name) >= limits.DIRECTIVE_MIN_NAME_ANYWHERE_CHARS
    )


def continues_fact(folded: str) -> bool:
    """A part after a fact that goes on stating it ("…用的是 Sentinel，QPS 阈值配的 2000",
    "…, and the public key is served from /oauth/jwks"): a statement, not about the user
    or the assistant."""
    text = strip_filler(folded)
    relative = _RELATIVE_LEAD.match(text) and not text.rstrip().endswith(("?", "？"))
    if not text or BARE_SENTIMENT.match(text) or (is_question(text) and not relative):
        return False
    if any(SELF_SUBJECT.match(t) or _YOU_SUBJECT.match(t) for t in (text, folded.strip())):
        return False
    if FIRST_PERSON_SUBJECT_ZH.search(text) or _DESIRE.search(_without_names(text)):
        return False
    return has_fact_content(text) and not _PEOPLE_SUBJECT.match(text)


def is_feedback(text: str) -> bool:
    """What the user thinks of their own doing or of the assistant's answers, not a fact
    about the project: "I wasn't complaining…", "numbered steps feel robotic"."""
    text = strip_filler(text)
    if SELF_SUBJECT.match(text) or _YOU_SUBJECT.match(text) or _SLIP.match(text):
        return True
    return bool(ARTIFACT_HEAD.match(text) or _FORMAT_WORDS.match(text))


# The user's own slip, after "oops": "wrong file", "typo", "ignore that" state nothing.
_SLIP = re.compile(
    r"^(?:wrong|typo|ignore (?:that|this|it)|sorry|never ?mind|nvm|pasted|sent)\b"
    r"|^(?:发错了?|贴错了?|打错字?了?|手滑|忽略(?:这个|那个|上面))"
)


# What an answer looks like: feedback about these is about the assistant's answers.
_FORMAT_WORDS = re.compile(
    r"^(?:the )?(?:numbered )?(?:steps|bullets?|bullet points|lists?|paragraphs|headings|tables|"
    r"emojis?|code blocks?)\b|^(?:步骤|编号|列表|段落|标题|表格|表情)"
)


def norm_of_the_fact(part: str) -> bool:
    """A part after a fact that says what its subject must or must not do, without a
    subject or a standing phrase of its own: it goes on with the fact, it is no rule."""
    norm = pattern_text(part)
    text = strip_filler(norm)
    if not (MODAL_ZH.search(text) or MODAL_EN.search(text)) or STRONG_STANDING.search(norm):
        return False
    return not (
        YOU_LEAD.match(text)
        or NEGATIVE_LEAD_EN.match(text)
        or NEGATIVE_LEAD_ZH.match(text)
        or imperative_start(text, strict=True)
    )


_RELATIVE_LEAD = re.compile(r"^(?:which|who|where|whose|that)\b")


def fact_after_cancel(folded: str) -> bool:
    """A Chinese part after a cancel that names a technology: the new state of things
    ("Seata 那条不用记了，下个版本就把 Seata 去掉")."""
    named = CJK_RE.search(folded) and _LATIN_TECH.search(folded)
    return bool(named or _CHANGE_VERB.search(folded)) and continues_fact(folded)


# A change of the project, not of the moment ("改成实时推送了", not "现在跑得很快").
_CHANGE_VERB = re.compile(
    r"\b(?:changed to|moved to|switched to|migrated to|upgraded to|replaced|bumped)\b"
    r"|改成|改为|换成|换到|升到|升级到|迁到|迁回|迁移到|切到|切换到"
)


_LATIN_TECH = re.compile(r"[a-z][a-z0-9]+")


# A fact that says what is the case *now*: "改成 10 分钟了", "迁到 JUnit 5 了", "was moved to".
_CHANGE_MARKER = re.compile(
    r"\b(?:now|no longer|anymore|any more|changed to|moved to|switched to|migrated to|"
    r"upgraded to|replaced|has been|have been|was moved|were moved|these days)\b"
    r"|改成|改为|换成|换到|升到|升级到|迁到|迁移到|切到|切换到|已经|现在|不再|如今"
)
_NAMED_PART = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")


def states_change_of(new_fact: str, old_text: str) -> bool:
    """``new_fact`` gives a new value for what ``old_text`` (an older note) says: another
    choice from the same set ("JDK 8" → "整个项目都跑在 JDK 17 上"), or a change to an
    attribute of the same named part ("im-router 的映射 TTL 已经改成 10 分钟了" after
    "im-router keeps the mapping in Redis with a 5-minute TTL")."""
    new_norm, old_norm = pattern_text(new_fact), pattern_text(old_text)
    new_names = set(_NAMED_PART.findall(new_norm))
    old_names = set(_NAMED_PART.findall(old_norm))
    if not new_names <= old_names:
        return False  # about another module
    new, old = rule_shape(new_fact), rule_shape(old_text)
    for cls in new.choice_classes & old.choice_classes:
        mine = {v for c, v in new.choices if c == cls}
        theirs = {v for c, v in old.choices if c == cls}
        if not mine & theirs:
            return True
    changed = _CHANGE_MARKER.search(new_norm) or CORRECTION_LEAD.match(new_norm)
    shared = (new.terms & old.terms) - new_names
    if not changed or not shared:
        return False
    if new_names:
        return True
    # Nothing named: a correction of a number ("Correction: the topic has 24 partitions").
    new_numbers, old_numbers = set(_NUMBER.findall(new_norm)), set(_NUMBER.findall(old_norm))
    return bool(new_numbers and old_numbers) and not new_numbers & old_numbers


_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")
