"""The short deny-list of a model's proposed rule (docs/design.md#grounding-is-mechanical).

A model that proposes a durable preference quotes the user's sentence; the quote is
found mechanically, and the sentence must have a standing or request form
(:mod:`.lexicon`). Then these vetoes, and only these, may still refuse it: each is a
named, high-precision rule with the examples it must and must not match. Nothing else
is judged — no sentence grammar, no subject matching: what passes is the model's call.

The same vetoes keep the offline reader (:mod:`.explicit`) from taking a question,
a quote of someone else, a hypothetical… for a rule.
"""

from __future__ import annotations

import re

from autopatch_memory.lang import CJK_CLASS
from autopatch_memory.lang.phrases import phrase_alternation
from autopatch_memory.lang.rules import FunctionRule, Registry
from autopatch_memory.standing.lexicon import (
    IMPERATIVE_RE,
    PREFERENCE_RE,
    REQUEST_RE,
    STANDING_RE,
    folded_words,
    has_request_form,
)
from autopatch_memory.text import looks_like_code_or_log

# -- questions that request nothing ------------------------------------------------------

_OPENERS = r"^(?:(?:ok|so|and|but|also|hmm|hey|hi|btw|quick question|one question)\W*\s+)*"
# A wh-word opens a question with or without its mark; an auxiliary only with the mark
# ("Don't ever suggest System.exit" is a request).
_WH_QUESTION = re.compile(
    _OPENERS
    # (not "what I want from you: …", a wish announced)
    + r"(?:what(?! (?:i|we) (?:want|need|'d like|would like|prefer|expect)\b)|why|how|when|where"
    r"|which|who|whom|whose)\b"
)
_AUX_QUESTION = re.compile(
    _OPENERS
    + r"(?:is|are|was|were|do|does|did|should|shall|may|might|has|have|had|can|could|would|"
    r"will|isn't|aren't|doesn't|don't|didn't|won't|wouldn't|shouldn't|am)\b"
)
_QUESTION_END_ZH = re.compile(r"(?:吗|呢|(?<![什怎这那多])么|嘛)\W*$")
_QUESTION_HEAD_ZH = re.compile(
    r"^\W*(?:请问|问一下|想问下?)?(?:为什么|为何|怎么|怎样|如何|是不是|是否|有没有|要不要|需不需要|"
    r"会不会|对不对|行不行|哪个|哪些|哪里|哪种|多少|啥)"
)
# A tag that asks for agreement ends a question ("这招永远是第一招是吧"): not "…吧" alone,
# which asks the assistant to do something ("以后都用中文吧").
_TAG_QUESTION_ZH = re.compile(r"(?:是吧|对吧|是不是|对不对|没错吧|是伐)\W*$")
# "业界有没有统一的规矩": whether-or-not in the middle of a sentence asks, unless it is
# "whether or not, always…" ("以后不管有没有改动都跑一遍", "有没有问题都先跑测试") or what
# to check or tell (_INDIRECT: "每次检查有没有空指针").
_A_NOT_A_ZH = re.compile(r"(?<!不管)(?<!无论)(?<!不论)(?:有没有|是不是|会不会|要不要|需不需要)")
_ALL_THE_SAME_ZH = re.compile(r"(?<!每次)(?<!每回)(?<!每个)(?<!一直)(?:都|也)")
# A sentence that opens with a standing word is a rule whose whether-or-not is what to
# heed ("以后 review 时多关注是不是有注入", "以后命名 boolean 方法都用 isXxx 表示是不是").
_OPENS_WITH_STANDING_ZH = re.compile(
    r"^\W*(?:@\S+\s*)?(?:另外|还有|然后|对了|那)?\s*(?:以后|今后|往后|从现在开始|从今以后|每次|每回)"
)


def _last_clause(words: str) -> str:
    """The part after the sentence's last semicolon ("…下周再说；另外以后 review 时看…对不对"):
    a rule there opens its own clause."""
    return re.split(r"[；;]", words)[-1]


# "不管参数是不是可能为 null": the concession a few words before it.
_WHETHER_OR_NOT_ZH = re.compile(r"(?:不管|无论|不论)[^，,。]{0,10}$")
# "记住密码功能怎么实现": the interrogative and its verb end the sentence.
# (not "啥的"/"什么的", "and such": "虚拟线程啥的都先别提")
_QUESTION_TAIL_ZH = re.compile(
    r"(?:怎么|如何|怎样|为什么|为何|啥(?!的)|什么(?!的))[\u4e00-\u9fff\w]{0,6}\W*$"
)
# An interrogative after one of these is what the assistant should say, not a question
# ("先说有没有竞态", "直接说怎么做", "告诉我要不要重启").
_INDIRECT = re.compile(
    r"\b(?:explain|tell me|say|show|mention|note|describe|list|ask me|check|point out)\s+"
    r"(?:\w+\s+){0,2}(?:why|how|what|which|whether|if)\b"
    r"|(?:^|[，,：:]|先|再|要|都|请|帮我|并|然后|顺便)"
    r"(?:说明|解释|讲清楚|写明|注明|告诉我|说一下|讲一下|列出|说|讲|问我|问清|确认一下|确认|标注|分析|判断|写)"
    r"[^，,。？?]{0,8}(?:为什么|怎么|如何|哪|是否|有没有|要不要|是不是|会不会|需不需要|多少)"
)
# What to check or tell, one of the assistant's tasks: "每次都检查一下有没有空指针",
# "顺带说一下要不要重启服务".
_CHECKS_WHETHER = re.compile(
    r"(?:检查|看|查|核对|确认|判断|留意|注意|提醒|说|讲|告诉|写|标|列|问|分析)[^，,。？?]{0,8}"
    r"(?:有没有|是不是|会不会|要不要|需不需要)"
)
# A polite request phrased as a question asks for something ("Could you always…?",
# "能不能以后都…？", "以后改配置时可以顺便告诉我…吗").
_POLITE_REQUEST = re.compile(
    _OPENERS + r"(?:can|could|would|will) (?:you|u)\b|\bwould you mind\b|\bplease\b|\bplz\b|\bpls\b"
    r"|\bhow about you\b|\bwhy don'?t you\b|\bi(?:'d| would) like you to\b"
    r"|能不能|能否|可不可以|你可以|你能|麻烦|请(?!问)|帮我|给我|好吗|好不好|行吗|可以.{0,40}吗"
    # "你以后写 SQL 的时候能把关键字都大写吗", "可以每次给代码的时候都标一下文件路径不"
    r"|你[^，,。？?]{0,20}?(?:能|可以)[^。？?]{0,40}吗|(?:可以|能)[^，,。？?]{0,40}不[？?]?[^\w\n]{0,16}$"
)


# Which of two, asked: "你能记住以后的对话吗，还是每次都重新开始？", "Do you keep this, or is
# every chat fresh?" — never a request, whatever form its first half has.
_EITHER_OR = re.compile(
    r"[，,]\s*还是[^，,。！!]*[？?]\W*$"
    r"|,\s*or\s+(?:do|does|is|are|was|will|would|can|could|should|just|only|does)\b[^,.!]*\?\W*$"
)
# What the assistant will remember, asked: "Will you remember this conversation next time?"
_ASKS_WHAT_IT_REMEMBERS = re.compile(
    r"\b(?:will|would|can|could|do|does) you (?:still |even )?(?:remember|recall|keep)\s+"
    r"(?:this|that|our|the|what we|anything|everything|me)\b(?:\s+(?:conversation|chat|session"
    r"|discussion|thread|talk))?[^.!]*\?\W*$"
)


# A request that ends asking for agreement: "from now on use var only when…, ok?"
_AGREEMENT_TAG = re.compile(
    r"[,，]\s*(?:ok|okay|alright|all right|right|yeah|deal|got it|k|行不|成不|可以不|ok不)"
    r"\s*[?？][^\w\n]{0,16}$"
)


# "When you explain X, always…": a condition, then what to do (no question).
_CONDITION_FIRST = re.compile(r"^(?:when|whenever|once|after|before|if)\b[^?,]{1,80},\s*\S")


def _called_by_name(sentence: str) -> bool:
    """The sentence opens by calling someone by name ("Tom, …"; not "Also, …")."""
    return _CALLED_BY_NAME.match(sentence) is not None


def _asks_without_requesting(sentence: str) -> bool:
    words = folded_words(sentence)
    # (not when a lasting request besides "remember" is in it: "Could you always include the
    # imports, or is that too much to ask?", "Can you remember this going forward: …")
    either = _EITHER_OR.search(words)
    asked = either or _ASKS_WHAT_IT_REMEMBERS.search(words)
    first = words[: either.start()] if either else words
    if asked and not STANDING_RE.search(re.sub(r"记住|\bremember\b", " ", first)):
        return True
    if _POLITE_REQUEST.search(words):
        return False
    tag = _AGREEMENT_TAG.search(words)
    if tag is not None and asks_by_itself(words[: tag.start()]) and not _called_by_name(sentence):
        return False  # "…, ok?" asks to agree to the request, not about a fact
    if _CONDITION_FIRST.search(words) and not words.rstrip().endswith("?"):
        return False
    marked = words.rstrip(" ~～…").endswith(("?", "？"))
    if _WH_QUESTION.search(words) or (marked and _AUX_QUESTION.search(words)):
        return True
    if _QUESTION_END_ZH.search(words) or _QUESTION_HEAD_ZH.search(words):
        return True
    if _TAG_QUESTION_ZH.search(words) and not _OPENS_WITH_STANDING_ZH.match(_last_clause(words)):
        return True
    whether = _A_NOT_A_ZH.search(words)
    if (
        whether is not None
        and not _OPENS_WITH_STANDING_ZH.match(_last_clause(words[: whether.start()]))
        and not _WHETHER_OR_NOT_ZH.search(words, 0, whether.start())
        and not _ALL_THE_SAME_ZH.search(words, whether.end())
        and not _INDIRECT.search(words)
        and not _CHECKS_WHETHER.search(words)
    ):
        return True
    # An interrogative tail asks only in a sentence not closed as a statement ("…，直接说
    # 怎么做。" tells the assistant what to say).
    stated = words.rstrip(" ~～").endswith(("。", ".", "!", "！"))
    if _QUESTION_TAIL_ZH.search(words) and not stated and not _INDIRECT.search(words):
        return True
    return marked and not _INDIRECT.search(words)


# -- someone else's words ------------------------------------------------------------------

_REPORTED = re.compile(
    # not inside a name ("insurance-claims"), nor the assistant told to stop ("stop telling me")
    r"(?<![\w.\-])(?<!stop )(?<!quit )(?<!don't )(?<!do not )"
    r"(?:says|said|claims?|claimed|told me|tells me|told us|telling|recommends|recommended|"
    # "a blog post saying" (not "a line saying which files changed": what to write)
    r"(?<!line )(?<!comment )(?<!note )(?<!sentence )(?<!message )(?<!messages )(?<!before )saying|"
    r"suggests|suggested|insists|insisted|argues|argued|wrote|writes|mentioned|"
    r"keeps? saying|keeps? telling|used to say|according to)(?![\w\-]|\.\w)|\ba rule saying\b"
    r"|\bthat'?s what (?:\w+\s+){0,4}(?:says|tells|telling|keeps|said)\b"
    # (not a manner: "按…的顺序讲，…", "这样讲")
    r"|(?<![我你再])(?<!就是)(?<!是)(?<!顺序)(?<!的)(?<!样)(?<!地)(?<!着)(?:说|讲)(?:过|了)?\s*(?:[，,:：]"
    r"|要|不要|以后|永远|别|应该|一定|必须"
    r"|from now on|always|never|every)"
    # a team's word: "QA 那边说…", "运维团队要求…" (not "数组要求", "分组规定")
    r"|(?:那边|那儿|那里|团队|部门)(?:的人)?(?:说|讲|要求|规定|建议)"
    # a group or its head has spoken: "架构组发话了：…", "领导拍板了：…"
    r"|(?:[组部]|团队|部门|公司|上面|领导|老板|甲方|客户)(?:那边)?(?:发话|下令|拍板|定了|发通知)(?:了)?"
    r"|(?:他|她|他们|同事|领导|老板|组长|架构师|文章|博客|书|文档|网上|有人|大家|面试官|老师|"
    r"规约|规范|手册|指南|标准)(?:里|上|中)?(?:说|讲|建议|推荐|提到|要求|认为|写着|写的|规定)"
    r"|听说|据说|看到.{0,12}说"
    # told to the user by someone: "老周跟我说每次上线前都…", "外包的哥们告诉我…" (not "以后跟我
    # 说话用中文", "告诉我…", said to the assistant)
    r"|(?:老["
    + CJK_CLASS
    + r"]|小["
    + CJK_CLASS
    + r"]|哥们|同事|他|她|他们|领导|组长|经理|架构师|外包|前辈|大佬)"
    r"[^，,。]{0,4}?(?:跟|和|对)?(?:我|我们)?(?:说|讲|提|告诉我)(?:过|了)?(?=[^话明]|$)"
    # called out to a group: "小林刚在群里喊：以后谁再…"
    r"|在[\u4e00-\u9fff]{0,4}群里?(?:喊|嚷|吼|吐槽|说|强调|发)(?:了|过)?(?:一句|一条|一下)?\s*[：:]"
    r"(?![^。！？\n]*你)"
    # what a document says, quoted after it: "PR template 里写的是：…", "wiki 上写着："
    r"|(?:里|里面|上|上面)(?:写的是|写着)\s*[：:](?![^。！？\n]*你)"
    # a line of a file, quoted: "application.yml 里有一行 # 注意：以后不要改这个超时"
    r"|(?:里|里面|中|上)有一(?:行|句|段|条)(?=\s*(?:注释|代码|配置|话|备注|[#/`\"“'：:]))"
)
# A text pasted after its announcement: "上线 checklist 贴一下：1. …", "here's our checklist:",
# a document to edit ("帮我润色一下团队规范草稿：…", "tighten this README section: …"): what
# follows is the text's, not the user's word (the offline reader skips the rest of the line).
_DOC_ZH = r"(?:规范|规则|文档|章节|readme|指南|约定|守则|wiki|模板|草稿|清单|checklist)"
_DOC_EN = (
    r"(?:checklist|runbook|template|guide|guidelines|policy|doc|docs|document|readme|wiki"
    r"|handbook|playbook|notes|list|section|draft|contributing)"
)
# A message for others, or the rules file of another tool (what the assistant writes for
# them, not what it keeps)
# A tool's configuration file ("renovate.json", ".editorconfig"): its settings, not rules.
_CONFIG_FILE = (
    r"[\w\-]*\.(?:json5?|ya?ml|toml|xml|properties|conf|ini|cfg)\b|\.[a-z]+(?:rc|config|ignore)\b"
)
_MESSAGE_ZH = (
    r"(?:话|消息|通知|邮件|回复|公告|文案|提示词|prompt|rules|规则文件|群公告|留言|私信|配置文件"
    rf"|{_CONFIG_FILE})"
)
_MESSAGE_EN = (
    r"(?:msg|message|email|mail|note|announcement|post|reply|dm|memo|prompt|\.?cursorrules"
    rf"|rules file|system prompt|copilot instructions|config file|{_CONFIG_FILE})"
)
# A tool set up to do something each time: "set up the Spotless config so it always…"
_TOOL_SET_UP = re.compile(
    r"\b(?:set up|setup|configure|write|tweak|update|change|add|create)\s+(?:the|our|a|an|my)\s+"
    r"[\w.\-]+\s+(?:config|configuration|settings|plugin|rules?|checks?|task|job|hook)s?\s+"
    r"(?:so\s+(?:that\s+)?it|that|which)\b"
    r"|把\s*[\w.\-]+\s*(?:的)?(?:配置|插件|规则|任务|钩子)(?:改|配|设)成"
)
# The document named first, then how to edit it: "把这段代码评审规则改得正式一点".
_DOC_NAMED_FIRST_ZH = (
    rf"把[^，,。；;：:]{{0,20}}?{_DOC_ZH}(?:改得|改成|改一下|改改|润色|精简|翻译|整理)"
)
ANNOUNCED_PASTE = re.compile(
    r"(?:(?<!我的规矩)(?<!我的要求)(?<!我的规则)(?<!我的偏好)"
    rf"(?:贴一下|贴给你|贴出来|贴上来|原文如下|内容如下"
    r"|这是[^，,。：:]{0,16}(?:的一部分|片段|的内容|配置|代码|日志|输出))"
    rf"|\bhere(?:'s| is) (?:our|the|my team's) (?:[\w-]+\s){{0,3}}{_DOC_EN}"
    # a document to edit, asked at the head of the sentence (not "以后帮我翻译文档：…")
    r"|^\W*(?:帮我|请|麻烦|can you\s+|could you\s+|please\s+)?"
    rf"(?:(?:润色|修改|改改|改一下|校对|精简|优化|翻译|审一下|看看)(?:一下)?[^，,。；;：:]{{0,12}}?{_DOC_ZH}"
    rf"|{_DOC_NAMED_FIRST_ZH}"
    rf"|\s*(?:起草|草拟|draft)\s*(?:一份|一个|一篇|个)?[^，,。；;：:]{{0,20}}?{_DOC_ZH})"
    r"|^\W*(?:can you\s+|could you\s+|please\s+)?"
    r"(?:tighten|polish|proofread|edit|rewrite|review|translate|clean up|improve|shorten)\s+"
    rf"(?:up\s+)?(?:this|the|our|my)\s+(?:[\w-]+\s){{0,3}}{_DOC_EN}"
    # a message to write for someone, or another tool's rules file: "帮我给小刘写段话：…",
    # "帮我写个 .cursorrules，内容就是：…", "draft a Slack msg to the team: …"
    rf"|^\W*(?:帮我|请|麻烦|替我)?(?:给[^，,。；;：:]{{1,12}}(?:写|起草|草拟|拟|编)(?:一)?"
    rf"(?:段|条|封|个|份|篇|句)?|(?:写|起草|草拟|拟|编)(?:一)?(?:段|条|封|个|份|篇|句))"
    rf"[^，,。；;：:]{{0,16}}?(?:{_MESSAGE_ZH}|{_DOC_ZH}|须知|手册)[^，,。；;：:]{{0,12}}"
    r"(?:[，,]\s*(?:内容|正文|里面)(?:就)?(?:是|为|写|要有一条|有一条|加一条|写一条))?"
    r"|^\W*(?:can you\s+|could you\s+|please\s+|pls\s+)?(?:draft|write|compose|type up)\s+"
    rf"(?:me\s+)?(?:a|an|one)\s+(?:[\w.-]+\s+){{0,3}}?{_MESSAGE_EN}\b"
    # (not a way of writing: "…in this format:", "at the top of every answer:")
    r"(?:(?!\b(?:every|each|all|always|whenever|this way|like this|this format)\b)[^:：]){0,40})"
    r"\s*[：:]"
)
_QUOTE_ENDS = re.compile(r"^[^'\"“‘]*[.!?。！？]['\"”’](?:\s|$)")
# (an apostrophe inside a word is none: "don't … we're")
_QUOTED_SPAN = re.compile(r"[\"“「『][^\"”」』]{3,}[\"”」』]|(?<![a-z0-9])'[^']{3,}'(?![a-z0-9])")


# After what someone says, the user's own wish: "…but I don't care — for me, always 2 spaces",
# "…，不过我这边以后都用 4 个空格"
_OWN_WISH_AFTER = re.compile(
    r"(?:\bbut\b|\bhowever\b|—|–|\s-\s|;|；|不过|但是|可是)[^.!?。！？]{0,60}?"
    r"(?:\bfor me\b|\bwhat i want\b|\bi want you to\b|\bi'd like you to\b"
    r"|对我来说|我这边|我要你|我希望你)"
)


def _reports_someone(sentence: str) -> bool:
    words = folded_words(sentence)
    if re.search(r"(?:^|\W)(?:i|we)\s+(?:said|told you|say|mentioned)\b", words):
        return False  # the user's own earlier word: "like I said, always…"
    own = re.search(r"(?<![跟和对给])(?:我|我们)(?:之前|刚才|上次)?(?:说|讲)", words)
    if own and not re.search(r"(?:他|她|他们|同事|文章|博客|有人)(?:说|讲)", words):
        return False
    if _OWN_WISH_AFTER.search(words):
        return False  # "X says A, but — for me, always B": the user's own rule follows
    if _REPORTED.search(words) or ANNOUNCED_PASTE.search(words) or _TOOL_SET_UP.search(words):
        return True
    # The end of a quotation opened in a sentence before: "…imports.' That's what CI says."
    if _QUOTE_ENDS.search(words):
        return True
    # A standing word only inside quotation marks: a quote of someone's rule.
    outside = _QUOTED_SPAN.sub(" ", words)
    return outside != words and bool(STANDING_RE.search(words)) and not STANDING_RE.search(outside)


# -- hypotheticals ----------------------------------------------------------------------------

_HYPOTHETICAL = re.compile(
    # (not a concession: "never return them, even if we ever add a partner API")
    r"(?<!even )\bif we (?:ever|ever do|someday|one day|later|eventually|decide|end up|were to"
    r"|moved?|"
    r"switch(?:ed)?|migrate[ds]?|go|change[ds]?)\b|\bif i (?:said|told you|asked|say|tell you)\b"
    r"|\bsuppose\b|\bsupposing\b|\bimagine\b|\bhypothetically\b|\bwhat if\b"
    r"|\bin case we ever\b|\bassuming we\b|\bif you were me\b|\bin a world where\b"
    r"|假如|假设|万一|倘若|设想|要是.{0,30}的话|如果.{0,30}的话"
    r"|(?:如果|要是)[^，,。]{0,20}(?:以后|将来|哪天|有一天|某天|真的|到时候|later|someday|one day"
    r"|eventually)"
)
# A condition of today only ("今天下午要是回调又超时，你就…", "If the deploy breaks tonight,
# …"), unless a standing word comes before it ("以后晚上如果有告警…": a standing condition).
_TODAY_CONDITION = re.compile(
    r"(?:今天|今晚|今早)[^，,。]{0,8}(?:要是|如果|万一)|(?:要是|如果|万一)[^，,。]{0,30}(?:今天|今晚)"
    r"|\bif\b[^,.;]{0,60}\b(?:today|tonight|this (?:morning|afternoon|evening))\b"
)


def _hypothetical(sentence: str) -> bool:
    words = folded_words(sentence)
    if _HYPOTHETICAL.search(words):
        return True
    today = _TODAY_CONDITION.search(words)
    return today is not None and STANDING_RE.search(words, 0, today.start()) is None


# -- this once ------------------------------------------------------------------------------------

_ONCE = re.compile(
    r"\bjust this once\b|\bthis (?:one )?time\b|\bjust (?:for )?(?:this|now|today)\b"
    r"|\bfor (?:this|that) (?:one|answer|question|file|class|method|pr|change|case|test)\b"
    r"|\b(?:on|with|in) this one\b|\bthis one\W*$|\b(?:keep|make) this one\b|\bfor now\b"
    r"|\bright now\b|\btoday\b"
    r"|\bthis answer\b"
    r"|这次|这一次|这回|本次|这一回|这个回答|暂时|今天先|先这样|这一个"
    r"|就这个(?:类|文件|方法|接口|模块|服务)|只改这个|\bonly (?:this|that) (?:class|file|method)\b"
    r"|\bthis particular (?:answer|one|time|file|class|reply)\b"
)


_NOT_ONLY_ONCE = re.compile(
    r"\bnot (?:only|just) (?:today|this time|this once|now|for this)\b"
    r"|不(?:只|止|光|仅)(?:是)?(?:这次|今天|这一次)|(?:从)?(?:这次|今天)(?:开始|起)"
)


# What lasts: a rule said beside a one-off keeps its standing.
_LASTING_RE = re.compile(
    r"以后|今后|往后|从今|每次|一律|默认|记住|不要再|别再|不再"
    r"|\b(?:from now on|going forward|from today on|always|every time|never|by default"
    r"|remember)\b"
)
# 不要 said for now: "先不要", "不要…了" (不要再 lasts).
_FOR_NOW_PROHIBITION_RE = re.compile(r"(?<!要)(?:先)?不要(?!再|紧)")
# Put off to later: "明天补", "回头再加", "add them tomorrow" — what is skipped now comes back.
_DEFERRED = re.compile(
    r"明天补|回头补|之后补|后面补|以后再补|回头再|明天再|晚点补"
    r"|\b(?:tomorrow|later today|next sprint)\b"
)


# A Chinese clause that opens (after a time or frequency word) with a verb is an imperative.
_ZH_TIME_HEAD = (
    r"(?:以后|今后|往后|从现在起|从现在开始|从今以后|每次|每回|一律|统一|默认|都|先|也|就|再)*"
)
_ZH_IMPERATIVE = re.compile(
    r"(?:^|[，,。；;：:！!])\s*"
    + _ZH_TIME_HEAD
    + r"(?:用|使用|采用|写|给|加|把|改|按|别|不要|不许|禁止|不准|避免|保持|务必|必须|只(?!能|是|有)"
    r"|说|讲|列|标|附|带|选|输出|返回|注明|提供|补充|遵守|遵循|优先|统一用|一律用|记得|注意|考虑|检查)"
)


# Where a clause of a one-off's reason starts: "…，他们每次都看不懂中文", "…and the vendor
# never reads Chinese".
_REASON_BREAK = re.compile(
    r"[，,；;：:]|\s(?:and|but|because|since|as|so|cause|'cause)\s|因为|所以|但是|不过|而且"
)
# A clause that opens with a standing word asks by itself: "…, but always add tests".
_OPENS_STANDING = re.compile(
    r"^\W*(?:(?:but|and|so|then|also|though|但是?|不过|那|然后|还有|以后也)\W*\s*)?"
    r"(?:以后|今后|往后|从现在起|从今以后|从现在开始|每次|每回|一律|统一|永远|总是|始终"
    r"|每当|from now on|going forward|always|never|every time|each time|whenever|in future"
    r"|in the future)"
)


_NORM_WORD = re.compile(r"必须|一律|务必|\b(?:required|mandatory|must)\b")


def _asking_part(words: str) -> str:
    """The clauses of ``words`` that ask something of the assistant (a request form, an
    imperative, or a standing word at their head), joined: a standing word in any other
    clause tells of someone or something else — the reason given for a one-off ("这个回答
    先用英文写，他们每次都看不懂中文", "Keep this one short, the signal always drops")."""
    clauses = (c.strip() for c in _REASON_BREAK.split(words))
    return "，".join(
        c
        for c in clauses
        if c
        and (
            has_request_form(c)
            or _OPENS_STANDING.search(c)
            or _ZH_IMPERATIVE.search(c)
            or PREFERENCE_RE.search(c)
            # a topic, then what it must be: "单测以后必须写", "tests are always required"
            or (STANDING_RE.search(c) and _NORM_WORD.search(c))
        )
    )


_JUST_THIS_ONCE = re.compile(
    r"\bjust this once\b|\bonly this once\b|仅此一次|就这一次|只此一次|下不为例"
)
# A standing word that describes the thing named ("那个每次都超时的方法"): no rule's.
_DESCRIBED_THING = re.compile(
    r"(?:那个|这个|哪个|那些|这些)[^，,。]{0,12}(?:每次|总是|一直|永远|老是)[^，,。]{0,12}的"
)


def _only_this_once(sentence: str) -> bool:
    words = folded_words(sentence)
    if _NOT_ONLY_ONCE.search(words):
        return False
    if not _ONCE.search(words):
        return False
    if _JUST_THIS_ONCE.search(words) and not _NORM_WORD.search(_ONCE.sub("，", words)):
        return True  # said outright, whatever the reason beside it says
    # A marker outside the limit, in a clause that asks, makes a rule, unless what is
    # skipped is put off to later and nothing outside the limit lasts ("以后每次都先跑测试，
    # 这次的 CI 明天再修" is a rule).
    outside = _asking_part(_DESCRIBED_THING.sub(" ", _ONCE.sub("，", words)))
    # A prohibition for now outside it ("这次先不要跑端到端测试了") is still this once; any
    # other standing marker there makes a rule ("这次算了，永远不要在日志里打印密码").
    if not STANDING_RE.search(_FOR_NOW_PROHIBITION_RE.sub("，", outside)):
        return True
    return bool(_DEFERRED.search(words)) and not _LASTING_RE.search(outside)


# -- the user's own habits ------------------------------------------------------------------------

_HABIT = re.compile(
    r"\bi\s+(?:always|never|usually|often|sometimes|tend to|keep|normally|typically)\s+"
    r"(?!want|need|prefer|like|expect|ask|hate|dislike|love|appreciate|mean|wish|say|said)\w+"
    r"|\bi (?:can never|can't ever|never can) (?:remember|recall|find)\b"
    r"|\b(?:always|never|every time)\b[^.]{0,30}\b(?:confuses|confused|trips|tripped|bites|"
    r"annoys|drives|scares|puzzles|gets) (?:me|us)\b"
    r"|我(?:每次|总是|老是|经常|一般|通常|一直|常常|平时|平常|向来|一向)(?:都)?(?:是)?(?:会|要|得)?"
    r"(?!要你|希望|想要|让你|需要你|要求|请你)"
    r"(?:忘|记不住|记不清|搞错|弄错|写错|搞混|弄混|漏|不记得|自己|习惯|手写|手动|用|跑|写|调试|打印|先|默认"
    r"|开(?!发|会|始|启)"
    r"|重新|重启|去)"
    r"|我(?:这人|这个人)?(?:记性|老忘|总忘)|总是(?:把我)?(?:搞混|搞晕|记不住)"
    # what the user will do next: a plan of theirs, not a rule for the assistant
    r"|\blet me (?:talk|check|think|ask|look|see|try|discuss|sync|confirm|get back)\b"
    r"|\bi(?:'ll| will) (?:talk|check|think|ask|look|see|try|discuss|sync|confirm|get back)\b"
    r"|我先(?:问问|看看|想想|确认|商量|去问|去看|去确认|跟.{1,6}(?:商量|确认|聊))"
)


# "我自己每次提交前都会跑…", "我 usually 每次 deploy 前都先…": what the user does each time,
# in a sentence said to no one ("你以后先给结论，我每次都要翻到最后" asks for something).
_OWN_ROUTINE = re.compile(
    r"我(?:自己|平时|一般|通常|\s*(?:usually|always|often|normally))*"
    r"\s*(?:每次|every time|each time)"
    r"(?:(?!答案|回答|代码|示例|例子|你)[^，,。；;！!？?]){0,32}?都(?:会|先|要|得|习惯|手动|自己)"
)
# What the user will do themselves from now on: "好的我记住了，以后我自己发版前先跑…",
# "I'll always double-check the migration myself" (said to no one, as above).
_OWN_PLAN = re.compile(
    r"(?:以后|今后|往后|下次)\s*[，,]?\s*我(?:自己)?(?:\s*(?:每天|每次|都|也|就|会|先))*\s*"
    r"(?!问|说|让|要你|需要|想要|希望|发你|贴|给你|们|的)"
    r"|我自己(?:以后|今后|往后)|给自己(?:定|立)了?个?规矩|\bnote to self\b|\blesson learned\b"
    r"|(?:from now on|going forward|以后|今后)\s*[,，]?\s*我自己\s*"
    r"(?:never|always|都|也|不再|再也不|绝不)"
    # a routine of the user's: "我以后每天早上都先看一下 Grafana"
    r"|我\s*(?:以后|今后|往后)\s*(?:每天|每周|每晚|每早|每个?(?:星期|礼拜|月)|早上|晚上|上班|下班"
    r"|争取|尽量|尽可能)"
    # what the user will do themselves: "我以后写 consumer 一律先自己画个时序图"
    r"|我\s*(?:以后|今后|往后)[^，,。]{0,20}自己(?!来)"
    # the user's own decision or lesson: "我决定以后每天…", "这个 trick 我记住了，以后…"
    r"|我(?:决定|打算|准备|计划|想好了)\s*(?:以后|今后|往后|从现在开始|从今天起)"
    r"|我(?:记住|记下|学到|学会)了\s*[，,]?\s*(?:以后|今后|往后|下次)"
    r"|\bi(?:'ll| will) (?:always|never) (?!be\b|need\b|want\b|ask\b|expect\b)\w+"
    r"|\bfrom now on,? i(?:'m| am) (?:going to|gonna)\b"
    # a promise after thanks: "好的，以后注意", "以后长记性"
    r"|以后(?:注意|长记性|小心点?)\W*$"
)
# ...said to no one, and withdrawing nothing ("以后我自己写 DTO，不用再帮忙生成了" cancels).
_PLAN_SAID_TO_SOMEONE = re.compile(
    r"你|您|请|帮我|帮忙|给我|不用|别|不要|\b(?:you|your|please|plz|so|no need|don'?t|stop)\b"
)
_SAID_TO_SOMEONE = re.compile(r"你|您|请|帮我|给我|\b(?:you|your|please|plz)\b")


def _rule_beside(words: str, found: re.Match[str]) -> bool:
    """A clause other than the one holding ``found`` asks for something lasting: ``found``
    is its reason ("always name the queue when you explain a listener, i never know where
    msgs come from")."""
    starts = [m.end() for m in _REASON_BREAK.finditer(words, 0, found.start())]
    after = _REASON_BREAK.search(words, found.end())
    rest = words[: starts[-1] if starts else 0] + "，" + (words[after.start() :] if after else "")
    # (or a request said politely beside it: "我平时都用 Gradle，给命令请用 Gradle 的写法")
    return STANDING_RE.search(_asking_part(rest)) is not None or bool(
        re.search(r"请(?!问)|麻烦|(?<![特区分识类级个])别|不要|\b(?:please|plz|don'?t)\b", rest)
    )


def _describes_own_habit(sentence: str) -> bool:
    words = folded_words(sentence)
    habit = _HABIT.search(words)
    if habit is not None and not _rule_beside(words, habit):
        return True
    if _OWN_ROUTINE.search(words) and not _SAID_TO_SOMEONE.search(words):
        return True
    return bool(_OWN_PLAN.search(words) and not _PLAN_SAID_TO_SOMEONE.search(words))


# -- negated away ---------------------------------------------------------------------------------

_NEGATED = re.compile(
    r"\b(?:that|this|it) (?:doesn'?t|does not) mean (?:you|that you|we)\b"
    r"|\bnot that you should\b|\bi(?:'m| am) not saying\b|\b(?:i'?m |i am )?not asking (?:you )?"
    r"(?:to|for)\b"
    r"|\bi (?:didn'?t|did not|never) (?:say|ask|tell|mean|want)\b.{0,30}\b(?:always|never"
    r"|from now on|every)\b"
    r"|\bno need to always\b|\byou don'?t (?:have|need) to always\b|\blet'?s not\b"
    r"|\bi (?:don'?t|do not) (?:want|need) you to (?:always|every time)\b"
    r"|(?:不用|不必|不需要|没必要)(?:以后|每次)(?:都)?"
    r"|\b(?:this|it|that)\s+(?:isn'?t|is\s+not)\s+(?:something|a\s+thing)\s+(?:to\s+do\s+)?"
    r"(?:every\s+time|always)\b"
    r"|\b(?:don'?t|do not|no need to|not) (?:make|turn|keep) (?:that|this|it) (?:into )?a rule\b"
    r"|我没(?:有)?(?:让|叫|要|说|要求)你.{0,12}(?:以后|都|每次|总是|一直|永远)"
    # "…问问 Kotlin，没让你以后都用 Kotlin 写啊"
    r"|(?:^|[，,。；;\s])没(?:有)?(?:让|叫|要求)你.{0,12}(?:以后|都|每次|总是|一直|永远)"
    # "我又没说结算代码里永远别用 stream"
    r"|我(?:又|也|可|并)没(?:有)?(?:说|讲|让|叫|要求)(?:过)?.{0,16}(?:以后|都|每次|总是|一直|永远|别"
    r"|不要)|我没(?:有)?要求.{0,16}(?:以后|都|每次|总是|一直|永远|every|always)"
    r"|我(?:倒|也|并)?不是(?:说|要|让|要求)(?:你)?[^，,。]{0,16}(?:以后|都|每次|总是|一直|永远|必须|一定要)"
    r"|并不是说|不是让你以后"
    # "倒也不是每次都要跑全量测试": not every time (the rule is what comes after, if anything)
    r"|^\W{0,2}(?:倒|也|倒也|并|可)?不是(?:说|必须|一定|非得|非要)?(?:每次|总是|一直|永远)"
    r"|不代表.{0,8}(?:都|每次|以后|总是)|不一定(?:每次|都|总是)要?|不用(?:记|当成?规则)|别记"
    r"|(?:^|[，,。；;])\W*(?:也|倒)?不是说.{0,10}(?:以后|都|每次|总是|一直|永远)"
)


_CONTRAST_BREAK = re.compile(r"[，,；;：:—–]|\s-\s|\s(?:but|however|instead)\s|但是|不过|可是|只是")


def _negated_away(sentence: str) -> bool:
    """Negated, unless what follows the negated clause asks for something lasting ("I don't
    want you to always add Lombok, use plain getters from now on", "倒也不是说每次都要写注释，
    不过公共方法必须写 Javadoc")."""
    words = folded_words(sentence)
    found = _NEGATED.search(words)
    if found is None:
        return False
    after = _CONTRAST_BREAK.search(words, found.end())
    rest = words[after.end() :] if after is not None else ""
    return not (STANDING_RE.search(rest) and (_asking_part(rest) or _NORM.search(rest)))


# -- a statement about the project -----------------------------------------------------------------

# What the sentence says is about: the team, the project or one of its parts ("我们 CI 一律…",
# "loan-risk 的规则引擎用的是…", "it never touches the database", "默认是同步刷盘").
_LEAD = (
    r"^(?:(?:btw|also|and|so|fyi|note that|remember(?: that)?|keep in mind(?: that)?|"
    r"ok|well|actually|just so you know|for context|background|oh|oh no|no|my bad|sorry|"
    r"hmm|ah|oops|wait|hold on)(?:\W*\s+|\W*$))*"
    # where it holds: "In ops we always deploy on Tuesdays" (the team's, not a rule)
    r"(?:(?:in|at|on)\s+(?!the\s+(?:answers?|examples?|code\s+you)\b)[\w-]+(?:\s+team)?\s*,?\s+"
    r"(?=(?:we|our|us)\b))?"
    r"(?:(?:记住|记一下|提醒一下|顺便说一下?|跟你说一下|跟你交代下?|交代一下|我先说一下?背景|说一下背景|背景是|"
    r"另外|对了|还有|补充一下|顺便|对不起|抱歉|哦|噢|啊|呃|等下|等等)"
    r"(?:[，,:：\s]+|$|(?=以后|今后|往后|每次|从现在)))*"
    # how things stand now: "现在 emr-service 里…", "currently the gateway…"
    r"(?:(?:现在|目前|如今|当前|currently|these days)(?:[，,:：\s]+|(?=[\u4e00-\u9fff])))?"
)
_SUBJECT = re.compile(
    _LEAD + r"(?:only |just |also )?(?:"
    r"we\b|our\b|us\b|it\b|they\b|this (?:project|repo|service|module|app|codebase|system)\b|"
    r"the (?:project|team|service|module|app|codebase|system|ci|build|default|database|db|"
    r"cluster|pipeline|gateway|backend|frontend)\b|[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+\b|"
    r"(?:the |all |every |each |both |other |the other )+(?:\w+[ -]){0,2}(?:modules?|services?|"
    r"apps?|jobs?|tables?|queues?|topics?|apis?|endpoints?|clients?|servers?|handlers?|"
    r"controllers?|consumers?|producers?|workers?|clusters?|databases?|caches?|repos?)\b|"
    r"[a-z]+\d\w*\b|"
    r"我们|咱们|咱这|咱那|我司|公司|团队|组里|我们组|我们团队|项目|这个项目|本项目|系统|线上|生产|"
    r"[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+|默认是|默认用的是|它"
    # a part named by one word, then where: "billing 这边…", "gateway 里的…", "行李追踪那块…"
    r"|[a-z][a-z0-9]{2,}\s*(?:这边|那边|里|里面|那里|模块|服务)"
    r"|[" + CJK_CLASS + r"]{2,8}(?:那块|这块|那边|这边|模块))"
)
# Anything addressed to the assistant, or the user's own wish, makes it a request.
_ADDRESSED = re.compile(
    r"\b(?:you|your|please|plz|pls|i want|i'd like|i would like|i prefer|i need|let'?s)\b"
    r"|\b(?:give|show|tell|send|write|remind|ping) me\b"
    r"|你|您|请|麻烦|帮我|给我|我希望|我想要|我要你|我需要|告诉我"
    # a prohibition opening a clause is said to someone: "…，别插中间", "…, don't log it"
    r"|(?:^|[，,；;：:]\s*)(?:and |but |so |也|就|都|千万)?(?:don'?t|do not|别|不要(?!紧))"
    # a prohibition with its verb: "订单这块的异常别吞掉", "…一律用 BigDecimal，不许用 double"
    r"|别(?:再)?(?:吞|用|删|改|动|加|打|写|碰|忘|把|让|给|传|返回|抛)|(?:不许|不准)(?:再)?用"
    # typed without commas: "…一律用 LocalDateTime 别用 Date 了"; asked with 呗
    r"|(?<=\S)\s+(?:也|就|都|千万)?(?:别(?!名|人|的|处|称)|不要(?!紧))|呗"
    # "checkin-api 那块 don't use magic numbers" (not "we don't use Lombok", a statement)
    r"|(?<=\S)(?<!we)(?<!they)(?<!\bi)(?<!it)(?<!you)\s+(?:don't|do not)\s"
)


_CLAUSE_BREAK = re.compile(
    r"[，,；;]|\s[-—–]+\s|(?<=了)\s+|[\U0001F300-\U0001FAFF\u2600-\u27BF]+"
    r"|(?<=了)(?=以后|今后|往后|从现在|从今|每次)"
)
_ONLY_LEAD = re.compile(_LEAD + r"\W*$")
_LEAD_RE = re.compile(_LEAD)


_GOES_ON = re.compile(
    r"^(?:and|but|also|or|then|并且|而且|也|又|但|但是|还|并)\b|^(?:并且|而且|也|又|但|还|并)"
)


def _clauses(sentence: str) -> list[str]:
    """The clauses of a sentence, without the ones that are only a lead-in ("记住，…"); a
    clause that goes on with a conjunction ("…, and never the other way") is one with the
    clause before it."""
    clauses: list[str] = []
    for part in _CLAUSE_BREAK.split(folded_words(sentence)):
        part = part.strip()
        if not part or _ONLY_LEAD.match(part):
            continue
        if clauses and _GOES_ON.match(part):
            clauses[-1] = f"{clauses[-1]}, {part}"
        else:
            clauses.append(part)
    return clauses


def _states_the_project(clause: str) -> bool:
    return bool(_SUBJECT.search(clause)) and not _ADDRESSED.search(clause)


# A clause that opens with a time of its own speaks of what comes next, not of how the
# project is: "我们迁到 Gradle 了，以后命令都给 gradle 的".
_TIME_HEAD = re.compile(
    r"^(?:(?:所以|因此|那就|那|so|therefore)[ ,，]*)?"
    r"(?:以后|今后|往后|从现在起|从现在开始|从今以后|从今往后|从此|每次|每回"
    r"|from now on|going forward|from here on|moving forward|in future|in the future|henceforth)"
)
# A later clause that opens with a rule, after a connective or not: "…, so never log…",
# "…，所以以后别…" (a clause that goes on with "and never…" is one with the clause before).
_RULE_HEAD = re.compile(
    r"^(?:(?:so|therefore|hence|thus|所以|因此|那就|那)[ ,，]*)?"
    r"(?:never|always|don'?t|do not|please|from now on|going forward"
    r"|以后|今后|每次|别|不要|一律|务必)"
)
# "以后都/一律…" after the subject: the user sets how it goes from now on.
# "以后别再…", "一律要…": a prohibition from now on, or what must be done, is asked for.
_FROM_NOW_ALL = re.compile(
    r"(?:以后|今后|往后|从现在起|从现在开始)[^，,。；;]{0,12}?(?:都|一律|统一|全部|全都|别|不要|不再|不准|禁止)"
    r"|(?:一律|统一|全都)(?:要|必须|得)"
)
# "the default is…": a setting of the project, whatever it is about.
_DEFAULT_IS = re.compile(
    r"默认(?:是|为|用的是|值是)|\bthe default (?:is|was)\b|\bdefaults to\b|\b(?:is"
    r"|are) the default\b"
)


def _asks_after(clause: str) -> bool:
    """A later clause that opens with a rule's word and asks for something (not "…, never
    on Fridays": the same statement going on)."""
    if not _RULE_HEAD.match(clause):
        return False
    bare = STANDING_RE.sub(" ", clause)
    return bool(
        IMPERATIVE_RE.search(bare)
        or _ZH_IMPERATIVE.search(clause)
        or has_request_form(bare)
        or re.search(r"[\u4e00-\u9fff]", clause)  # (Chinese: the old reading)
    )


# What follows is announced as how things are: "说下 message-push 的现状：…", "Quick
# background: live-class always reconnects…", "FYI:", "背景："
_DESCRIPTION_ANNOUNCED = re.compile(
    r"^\W*(?:(?:quick|some|a bit of|a little|for)\s+)?(?:background|context|fyi)\s*[:：]"
    r"|^\W*(?:说下|说一下|讲下|介绍下|补充下)?[^，,。：:]{0,20}?(?:现状|背景|现在的情况|目前的情况)\s*[:：]"
    # what a named part does by default: "By default message-push batches notifications…"
    r"|^\W*by default,?\s+(?:the\s+)?[a-z]\w*(?:-\w+)+\s+[a-z]+s\b"
    # a heads-up: "heads up, the ops-console never shows… — that's by design"
    r"|^\W*(?:heads up|fyi|just so you know|for your information|btw fyi)\b[,:：]?"
)


_SO_FROM_NOW_ON = re.compile(
    r"(?:所以|因此|那就|\bso\b|\btherefore\b)[ ,，]*(?:以后|今后|往后|from now on|going forward)"
)


def _describes_the_project(sentence: str) -> bool:
    """The sentence opens with something the project is or does (its subject is the team,
    the project or a part of it; or it says what a default is), and nothing in it is
    said to the assistant or about what comes next."""
    words = folded_words(sentence)
    clauses = _clauses(sentence)
    announced = _DESCRIPTION_ANNOUNCED.search(words)
    if announced is not None:
        # …unless a rule follows it: "背景：我们在迁 Gradle，所以以后命令都给 gradle 的"
        rest = words[announced.end() :]
        return not (
            _ADDRESSED.search(rest)
            or _SO_FROM_NOW_ON.search(rest)
            or _TIME_HEAD.match(rest.strip(" ,，:："))
            or IMPERATIVE_RE.search(STANDING_RE.sub(" ", rest).strip())
        )
    if any(_TIME_HEAD.match(_LEAD_RE.sub("", c)) for c in clauses):
        return False
    if not clauses or _ADDRESSED.search(words):
        return False
    if any(_asks_after(_LEAD_RE.sub("", c)) for c in clauses[1:]):
        return False  # "We're in PCI scope, so never log card numbers": the reason, then the rule
    if _FROM_NOW_ALL.search(folded_words(sentence)):
        return False  # "咱们这边的分页以后都用插件": a change the user makes, not how things are
    return _states_the_project(clauses[0]) or any(_DEFAULT_IS.search(c) for c in clauses)


# A judgement of a tool that asks for nothing: "还是 Maven 好用一点", "Gradle 配置太绕了",
# "X 比手写清楚多了", "AssertJ reads way nicer than Hamcrest" (not "用中文回答更好", a wish
# said as what is better).
_OPINION = re.compile(
    r"好用|难用|太[" + CJK_CLASS + r"]{1,3}了|\b(?:is|are)\s+(?:a\s+)?(?:mess|pain)\b"
    r"|比[^，,。]{1,20}?(?:清楚|靠谱|好|快|简单|方便|强)(?:多了|得多|好多|很多)"
    r"|\b(?:reads?|looks?|is|are)\s+(?:way\s+|much\s+|a\s+lot\s+)?(?:nicer|cleaner|clearer|better"
    r"|easier)\s+than\b"
)
# "the fare-engine build uses Maven now": a part of the project named, then what it does.
_THE_NAMED_PART = re.compile(_LEAD + r"the\s+[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+\b")


# A thing named, then what it does: "The brine loop runs at minus eight degrees." (only for
# a sentence with no form: "The answers are in Chinese from now on" has one, and is a rule)
_THING_DOES = re.compile(
    _LEAD + r"the (?!(?:reply|replies|answers?|responses?|format|language|output|tone|style)\b)"
    r"(?:[a-z][\w-]*\s+){1,2}(?:is|are|was|were|has|have|runs|uses|lives|sits"
    r"|calls|reads|writes|stores|sends|holds|keeps|takes|talks|depends|owns|handles|starts"
    r"|stops)\b"
)


def looks_like_statement(sentence: str) -> bool:
    """Whether the sentence is shaped as a statement about the project, or as an opinion
    (for a sentence with neither a standing marker nor a request form: a model's rule is
    then refused)."""
    words = folded_words(sentence)
    return (
        _describes_the_project(sentence)
        or bool(_OPINION.search(words))
        or (_THE_NAMED_PART.search(words) is not None and not _ADDRESSED.search(words))
        or (_THING_DOES.search(words) is not None and not _ADDRESSED.search(words))
    )


# -- asking for an explanation

_EXPLAIN = re.compile(
    r"\b(?:explain|tell me|describe|walk me through|show me)\s+(?:\w+\s+){0,2}"
    r"(?:why|how|what|whether)\b"
    r"|(?:解释|说明|讲讲|讲一下|介绍一下|说说|分析一下)(?:一下)?[^，,。]{0,4}(?:为什么|为何|怎么|如何|什么)"
)


def _asks_for_an_explanation(sentence: str) -> bool:
    words = folded_words(sentence)
    found = _EXPLAIN.search(words)
    return found is not None and not STANDING_RE.search(words[: found.start()])


# -- only pointing back

_BACK = re.compile(
    r"\b(?:that|this|it|them|those|these|the same|so|that way|like that|what you said|"
    r"your suggestion|your idea)\b|这样|那样|这么做|那么做|这么办|就这么|照这个|按你说的|按这个|"
    r"你说的|就按|同样|也这样"
)
_EMPTY_WORDS = re.compile(
    r"\b(?:ok(?:ay)?|yes|yeah|yep|sure|good|great|fine|sounds good|let'?s|do|make|go with|"
    r"a|an|the|rule|from now on|always|never|every time|please|and|then|with|on|we'll|will)\b"
    r"|好的?|行|可以|嗯|那|就|以后|今后|都|这么|吧|了|照|做|办|规则|定成|定为|当成"
)


def _only_points_back(sentence: str) -> bool:
    words = folded_words(sentence)
    if not _BACK.search(words):
        return False
    rest = _EMPTY_WORDS.sub(" ", _BACK.sub(" ", words))
    return not re.sub(r"\W+", "", rest)


# -- credentials, code, logs ----------------------------------------------------------------------

_CREDENTIAL_WORDS = phrase_alternation(
    (
        "password", "passwd", "api key", "apikey", "api-key", "secret", "token", "access key",
        "private key", "credential", "credentials", "密码", "口令", "密钥", "秘钥", "令牌",
        "私钥", "凭证", "账号密码",
    )
)  # fmt: skip
_STORE_CREDENTIAL = re.compile(
    r"(?:remember|save|store|keep|note|memori[sz]e|记住|记下|记一下|保存|存一下|存下)\s*"
    r"(?:that\s+)?(?:my|our|the|this|我的|我们的|这个|那个)\s*\S{0,12}?\s*" + _CREDENTIAL_WORDS
    + r"(?!\s*(?:功能|选项|框|按钮|页面|策略|规则|policy|feature|checkbox|option|field|strength))"
    + r"|" + _CREDENTIAL_WORDS + r"\s{0,2}(?:都是|就是|是|为|改成|=|:|：|\bis\b|\bare\b)\s*"
      r"(?![\s?？])"
    + r"|" + _CREDENTIAL_WORDS + r"\s*\S{0,4}\s*(?=\S*[a-z])(?=\S*\d)\S{6,}"
    # "always use this AWS key for the sandbox: AKIA…": a key handed over after a colon
    + r"|\bkeys?\b[^:：\n]{0,40}[:：]\s*(?=\S*\d)[a-z0-9/+=_\-]{16,}"
)  # fmt: skip


def _holds_credential(sentence: str) -> bool:
    if "[REDACTED:" in sentence:
        return True
    from autopatch_memory import privacy  # the rules load at the first use

    if privacy.contains_secret(sentence):
        return True
    return bool(_STORE_CREDENTIAL.search(folded_words(sentence)))


# Code a quote may be, too short for the log/code guard: an annotation call, an element
# with its closing tag, a lone call or statement.
_CODE_SHAPED = re.compile(
    r"@[A-Za-z]\w*\(|<([A-Za-z][\w.-]*)>[^<]{0,80}</\1>|^\s*[\w.$]+\([^)]*\)\s*;?\s*$"
    r"|;\s*$|\{\s*$|^\s*\}|\b\w{1,64}\s*=\s*\w{1,64}\s*;|->\s*\{|\)\s*\{"
)


# A comment of source code: "// always validate the IBAN", "# never retry here".
# (not "* " or "- ": Markdown's bullets)
_CODE_COMMENT = re.compile(r"^\s*(?://|/\*|#\s)")
# An item of a pasted checklist (a PR template): "- [ ] 必须自测"; a commit's subject line
# ("feat(grade): 以后…", from a pasted git log); an SQL comment ("-- 注意：一律不要…").
_CHECKLIST_ITEM = re.compile(
    r"^\s*[-*]\s+\[[ xX]\]\s"
    r"|^\s*(?:feat|fix|refactor|chore|docs|test|perf|style|build|ci)(?:\([\w-]{1,30}\))?!?:\s"
    r"|^\s*--\s"
)


# A line of a log or a stack trace inside a sentence: "报错：Caused by: java.lang.X: …".
_LOG_LINE = re.compile(
    r"\bCaused\s+by:|^\W{0,3}(?:[a-z_]\w{0,30}\.){2,10}[A-Z]\w{0,60}(?:Exception|Error)\s*:"
)


def _code_or_log(sentence: str) -> bool:
    return (
        looks_like_code_or_log(sentence)
        or bool(_LOG_LINE.search(sentence))
        or bool(_CHECKLIST_ITEM.search(sentence))
        or bool(_CODE_SHAPED.search(sentence))
        or bool(_CODE_COMMENT.match(sentence))
    )


# -- role-play -------------------------------------------------------------------------------------

# A game set up: "假装你是一个永远只说'可以'的产品经理", "你扮演一个每次都拒绝上线的 DBA", "Let's
# role-play: you're a pharmacist who never trusts the robot" — the role's habits, not rules.
_ROLE_PLAY = re.compile(
    r"假装你是|假设你是|你(?:来)?扮演|扮演一个|角色扮演|(?:来|做)个?(?:测试|游戏)[：:，,]\s*你"
    r"|模拟面试|来模拟|你(?:来)?当[^，,。]{1,8}(?:官|角色)"
    r"|\brole[- ]?play\b|\bpretend\s+(?:you'?re|you\s+are|to\s+be)\b|\bact\s+as\s+(?:a|an)\b"
    r"|\bplay\s+the\s+role\s+of\b|\bimagine\s+you'?re\b"
)


def _role_play(sentence: str) -> bool:
    words = folded_words(sentence)
    # (a rule about a role it takes from now on: "以后你扮演 code reviewer 的时候，先…")
    return _ROLE_PLAY.search(words) is not None and _OPENS_STANDING.search(words) is None


# -- sarcasm ---------------------------------------------------------------------------------------

# What marks a sentence as meant the other way round: an eye-roll or an upside-down face,
# "干脆…得了", "that'll fix everything", "yeah right".
_SARCASM = re.compile(
    # a mocking tail: the user gives up, or says what will go wrong (not the emoji alone,
    # nor "干脆…得了", which rules are said with too: "以后干脆都用 Gradle 得了")
    r"我(?:就|直接|干脆)?(?:下班|回家|躺平|去喝茶|去睡觉|去摸鱼)|复制粘贴就行了?呗?|就行了呗"
    r"|真有你的|\b(?:that'?ll|that will) (?:fix|solve) everything\b"
    r"|\bi have nothing better to do\b|\bnot like i have (?:a|any) deadlines?\b"
    r"|\bwhat could (?:possibly )?go wrong\b|就是[^，,。]{1,20}而已\W*$"
)


# Endless time claimed ("反正我有的是时间查", "I have all day") is sarcasm only beside a cue:
# an eye-roll or an upside-down face, "反正", "行行行", "oh great" (said plainly, it is leave
# to go into detail: "以后回答详细一点，我有的是时间看").
_TIME_CLAIMED = re.compile(
    r"我?有的是时间|我时间多的是|我闲得很|\bi(?:'ve| have) (?:got )?all day\b"
)
_SARCASM_CUE = re.compile(
    r"[\U0001F644\U0001F643\U0001F612]|反正|行行行|好好好|\boh (?:great|sure)\b|\byeah right\b"
)


def _sarcastic(sentence: str) -> bool:
    words = folded_words(sentence)
    if _SARCASM.search(words) is not None:
        return True
    return _TIME_CLAIMED.search(words) is not None and _SARCASM_CUE.search(words) is not None


# -- a remark on the assistant -----------------------------------------------------------------

# What the assistant does, told back to it: "you always give me…", "你每次都…".
# "你怎么每次都…", "每次问你 X 你都…": what the assistant does each time, in Chinese.
_YOU_ALWAYS_ZH = (
    r"你(?:怎么|咋|为什么|为啥|是不是)*\s*(?:每次|总是|老是|一直|永远|every time|always|never)"
)
_EACH_TIME_YOU_ZH = r"(?:每次|每回)(?:问你|让你|叫你|找你)[^，,。！!？?]{0,20}你"
_ASSISTANT_DOES = re.compile(
    r"\byou\s+(?:always|never|keep|constantly)\b"
    # how it has been: "you've been great every time I've asked", "you're always so wordy"
    r"|\byou(?:'ve| have|'re| are| were)\s+(?:been\s+)?(?:\w+\s+){0,3}?"
    r"(?:every time|each time|always|never)\b(?! (?:allowed|supposed|meant|required|expected) to)"
    rf"|{_YOU_ALWAYS_ZH}"
    rf"|{_EACH_TIME_YOU_ZH}(?:都|总|就)"
    # "Every time I ask about Kafka you give me a wall of text", "you say that every time"
    r"|\b(?:every time|whenever) i ask\b[^.!?]{0,40}\byou\b"
    r"|\byou\s+(?:\w+\s+){1,3}(?:every time|each time|all the time)\b"
    # what an answer manages each time: "这个回答太好了，每次都能说到点子上"
    r"|(?<!保证)(?<!确保)(?<!要)(?<!必须)(?:每次|每回|总是)都能"
    # praise of what it does each time: "每次问你 Gradle 的问题都很靠谱"
    r"|(?:每次|每回)(?:问你|让你|找你)[^，,。！!？?]{0,20}都(?:很|挺|特别|非常|蛮|超|相当)"
    # what the assistant makes, said to be so: "the tests you write are always green" (not
    # "…are never allowed to use field injection": a rule)
    r"|\byou (?:write|give|generate|suggest|make)\b[^.!?]{0,20}\b(?:are|is) (?:always|never)\b"
    r"(?! (?:allowed|supposed|meant|required|expected) to)"
)


_WHAT_IT_DOES_FOR_ME = re.compile(
    rf"{_YOU_ALWAYS_ZH}\s*(?:都|就)?(?:给我?|帮我|跟我)"
    rf"|{_EACH_TIME_YOU_ZH}(?:(?:都|总|就)(?:给我?|帮我|跟我))?"
)


# A rule's time to come, said after a remark or a background ("…，以后给 Gradle 的").
_FROM_NOW_ON = r"以后|今后|往后|from now on|going forward"
# "你总是给我 Maven 命令，以后给 Gradle 的": the remark is the reason for a rule after it.
_THEN_FROM_NOW_ON = re.compile(
    rf"(?:[，,;；.!?！？]|\s[\U0001F300-\U0001FAFF]).*(?:{_FROM_NOW_ON})"
)
_FROM_NOW_ON_RE = re.compile(_FROM_NOW_ON)


# "你每次讲之前先说清楚版本", "你每次改完的时候都跑一下测试": each time, at a moment of the
# work, what to do then — an instruction, however it opens.
_EACH_TIME_THEN_DO = re.compile(
    r"(?:每次|每回)[^，,。！!？?]{0,16}?(?:之前|以前|前|之后|以后|后|的时候|时)[，,]?\s*"
    r"(?:都|也)?(?:先|要|得|务必|记得|顺便)"
)


# Thanks ask for nothing by themselves ("谢谢，你每次都解释得很清楚", "Thanks, that always
# helps"), though a rule may end with them.
_THANKS = re.compile(r"谢谢|多谢|感谢|\b(?:thanks|thank you|thx|ty)\b")


_THANKS_LAST = re.compile(r"[，,]\s*(?:谢谢|多谢|thanks|thank you|thx)\W*$")


def _asks_beyond_thanks(sentence: str) -> bool:
    return has_request_form(_THANKS.sub(" ", folded_words(sentence)))


def _remark_on_the_assistant(sentence: str) -> bool:
    """A remark on what the assistant does that asks for nothing ("lol you always
    apologize", "你是不是永远都不会说我不知道啊", "谢谢，你每次都解释得很清楚"): a complaint or
    praise, not a rule."""
    # what it says, quoted, asks nothing: "反正你每次都说 'just add an index'"
    words = _QUOTED_SPAN.sub(" ", _THANKS.sub(" ", folded_words(sentence)))
    if _ASSISTANT_DOES.search(words) is None or _THEN_FROM_NOW_ON.search(words):
        return False
    # "你每次讲之前先说清楚…": what to do each time, before or while doing it
    if _EACH_TIME_THEN_DO.search(words):
        return False
    # "你怎么老是给我 X": the 给我 of what the assistant does is no request
    rest = _WHAT_IT_DOES_FOR_ME.sub(" ", words)
    if has_request_form(rest):
        return False
    return IMPERATIVE_RE.search(STANDING_RE.sub(" ", rest)) is None


# A requirement given, labelled so: "需求：调度指令下发以后，…必须总是在 2 秒内回执", "Acceptance
# criteria: the job always…" — what the code must do.
_REQUIREMENT_FIRST = re.compile(
    r"^\W*(?:产品|业务|客户)?(?:需求|需求是|验收标准|业务规则)\s*[：:]"
    r"|^\W*(?:(?:business|product|functional|customer|client|compliance)\s+)?"
    r"(?:requirements?|acceptance criteria|business rules?)"
    r"(?:\s+from\s+[\w-]+(?:\s+[\w-]+){0,2})?\s*[：:]"
    # the work it is, named: "…，这个需求今天要做完"
    r"|(?:这个|该|此)?需求(?:今天|明天|这周|本周|下周)(?:要|得)?(?:做完|完成|上线|交付)"
)


def _requirement_given(sentence: str) -> bool:
    words = folded_words(sentence)
    # (not "需求：以后你写的代码都要带单元测试", said to the assistant)
    return (
        _REQUIREMENT_FIRST.search(words) is not None
        and _ADDRESSED_TO_ASSISTANT.search(words) is None
    )


# -- a decision put off ----------------------------------------------------------------------

# "先别急着定规则，我再想想", "not sure we should make that a rule yet": the user puts the
# decision off (a rule, or an adoption of the assistant's suggestion, is not made).
_DEFERRED_DECISION = re.compile(
    r"先(?:别|不)(?:急着|忙着)?(?:定|决定|拍板|下结论|定规则|当成规则|写进规则)|再想想|我再考虑"
    r"|我还没想好|(?:以后|回头|改天)再说(?:吧|了)?(?=\W|$)|再议"
    r"|\bnot sure (?:we|i|if|whether) (?:should|want|need)\b|\blet me think(?: about it)?\b"
    r"|\bi'?ll think about it\b|\bmaybe later\b|\blet'?s revisit\b"
    r"|\brevisit (?:it |this |that )?later\b"
    r"|\bnot (?:a rule )?(?:just )?yet[^\w\n]{0,16}$"
)


_WHETHER = re.compile(r"要不要|是否|该不该|\bwhether\b|\bshould we\b")


def _defers_the_decision(sentence: str) -> bool:
    words = folded_words(sentence)
    deferred = _DEFERRED_DECISION.search(words)
    if deferred is None:
        return False
    # "以后排查问题先别急着下结论" is a rule; "以后要不要都用 record 回头再说" puts off a whether
    before = words[: deferred.start()]
    return STANDING_RE.search(before) is None or _WHETHER.search(before) is not None


# A sigh about how things go, asking nothing: "唉，Maven 每次构建都要十分钟，烦死了".
_COMPLAINT_MARK = re.compile(
    r"烦死了|真烦|烦人|气死|无语|醉了|服了|崩溃了|受不了了?|受够了|\bugh\b|\bsigh\b|so annoying"
    r"|drives me (?:crazy|nuts)|\bi'?m so done\b|\bfed up\b|\U0001F624|\U0001F621|\U0001F620"
)
_ASKS_HERE = re.compile(
    r"你|您|请|帮我|给我|麻烦|别|不要|以后|今后|往后"
    r"|\b(?:you|please|plz|pls|don'?t|from now on|going forward|always use|never use)\b"
)


def _complaint_marked(sentence: str) -> bool:
    words = folded_words(sentence)
    return _COMPLAINT_MARK.search(words) is not None and _ASKS_HERE.search(words) is None


# Banter marked as a joke: laughter, a laughing face — and the rule speaks to no one
# ("哈哈哈以后谁再把 settlement 搞挂就请全组喝奶茶 😂", "every outage is the intern's fault lol").
_LAUGHTER = re.compile(
    # (not "我没开玩笑", "I'm not kidding")
    r"哈{3,}|笑死|狗头|(?<![没不])(?<!不是)(?<!没有)开(?:个|了个)?玩笑|\blol\b|\blmao\b|\brofl\b"
    r"|\bjk\b|(?<!not )(?<!no )\bkidding\b"
    r"|[\U0001F602\U0001F923\U0001F606\U0001F639]"
)


_FOR_ME = re.compile(r"\b(?:give|show|tell|send|write|remind|ping) me\b")
# A penalty for whoever does it: "谁再…就请全组喝奶茶", "whoever breaks it buys lunch"
_WHOEVER = re.compile(r"谁(?:再|要是|敢|要)[^，,。]{1,30}就|\bwhoever\b|\banyone who\b")


def _banter(sentence: str) -> bool:
    words = folded_words(sentence)
    return (
        _LAUGHTER.search(words) is not None
        and _ADDRESSED_TO_ASSISTANT.search(words) is None
        and _FOR_ME.search(words) is None
        and (_WHOEVER.search(words) is not None or not has_request_form(words))
    )


VETOES: Registry[FunctionRule] = Registry(
    "proposal-vetoes",
    [
        FunctionRule(
            "question-requests-nothing",
            "a question that asks about something rather than asking the assistant to do it",
            examples_match=(
                "你能记住以后的对话吗，还是每次都重新开始？",
                "Will you remember this conversation next time?",
                "why does the build always fail?",
                "should I always use Optional?",
                "以后这个接口还会变吗？",
                "记住密码功能怎么实现",
                "Is it OK to always use var here?",
                "好家伙，又让我清缓存重启，这招永远是第一招是吧",
                "一般 commit message 业界有没有统一的规矩",
                "我们的定时任务以后会不会每次都全量扫表",
                "the nightly job always runs at 2am, right?",
                "Tom, always run the smoke tests before you hand a build to QA, ok?",
            ),
            examples_no_match=(
                "Could you always include the imports, or is that too much to ask?",
                "Can you remember this going forward: always use AssertJ?",
                "bug 先放着，下周再说；另外以后 review 代码的时候优先看事务边界用得对不对。",
                "Will you remember to add tests from now on?",
                "Could you always include the imports?",
                "能不能以后都用中文回答？",
                "when you explain the pricing, always go in the order the code runs",
                "以后麻烦先给结论，好吗？",
                "Don't ever suggest System.exit in the batch jobs",
                "以后涉及并发的回答，先说有没有竞态，再给方案。",
                "以后改配置的时候可以顺便告诉我要不要重启服务吗",
                "我不喜欢回答里绕弯子，直接说怎么改。",
                "以后都用中文回答吧",
                "以后不管有没有改动，提交前都跑一遍单测",
                "以后 review 的时候每次都检查一下有没有 N+1 查询",
                "以后有没有把握都先说明一下",
                "往后涉及库存的改动，都先说清楚并发下会不会出问题，再给代码",
                "每次建议改 Nacos 配置的时候，顺带说一下要不要重启服务",
                "以后改接口的时候先想想要不要兼容老版本",
                "以后写判空都别省，不管参数是不是可能为 null",
                "以后 boolean 字段的 getter 都用 isXxx 表示是不是",
                "from now on use var only when the type is obvious from the right-hand side,ok?",
                "你以后写 SQL 的时候能把关键字都大写吗？DBA 那边 review 看着顺眼点",
                "另外可以每次给代码的时候都标一下文件路径不？",
                "以后接口文档都用中文写，行不？",
                "我们线上是 JDK 17，所以你给的代码别用 21 的新特性，虚拟线程啥的都先别提",
                "What I want from you: explain the data flow before the class structure, every"
                " time.",
            ),
            test=_asks_without_requesting,
        ),
        FunctionRule(
            "negated-away",
            "a rule the sentence itself denies: 'that doesn't mean you should always…'",
            examples_match=(
                "倒也不是必须每次都给 unit test，简单的 getter 改动就算了。",
                "你理解错了，我并不是要你每次都画时序图",
                "别误会，我不是说写接口的时候必须加缓存",
                "That doesn't mean you should always add Javadoc.",
                "我没让你以后都用英文",
                "我刚才只是问问 Kotlin，没让你以后都用 Kotlin 写啊，还是 Java",
                "I'm not asking you to always inject a Clock.",
                "no, let's not make that a rule",
                "我倒不是要求你以后都用英文回答哈",
                "我又没说导出代码里永远别用 stream",
                "倒也不是每次都要重建索引，改了 mapping 才需要",
            ),
            examples_no_match=(
                "I don't want you to always add Lombok, use plain getters from now on.",
                "倒也不是说每次都要写注释，不过公共方法必须写 Javadoc",
                "I don't want you to ever suggest field injection again.",
                "以后回答简短点，不是每次都要列出所有方案",
                "我不是要否定你之前的回答，不过以后涉及金额必须用 BigDecimal",
                "Never use Lombok.",
                "以后都用英文",
                "Don't always add Javadoc, only on public APIs.",
            ),
            test=_negated_away,
        ),
        FunctionRule(
            "reported-speech",
            "someone else's words, reported or quoted: a blog, a colleague, a tool, a style guide",
            examples_match=(
                "这个 application.yml 里有一行 # 注意：以后不要改这个超时，帮我看看",
                "帮我润色一下团队规范草稿：“1. 以后所有 PR 必须附测试",
                'Can you tighten this README section: "Always run ./gradlew check before pushing.',
                "老周在运维群发了：以后上线统一周二",
                "Always use explicit imports.' That's what the linter prints.",
                "阿杰在群里喊：以后谁再提交 .env 就请喝咖啡",
                "部署手册上写着：每次上线前必须先备份",
                "A blog post says never use field injection.",
                "My lead keeps telling everyone 'never return null from a provider'.",
                "他说以后都要写单测",
                "阿里规约里写着禁止使用 Executors 创建线程池",
                "Never call the DB in a loop, the architect said.",
                '"Always make fields final" — that\'s what our linter keeps telling me.',
                "运维那边说 from now on 发版都要走审批",
                "组长跟我说每次合并前都必须先跑一遍冒烟",
                "之前那个外包的哥们告诉我，每次发版前必须跑全量回归",
                "架构组发话了：以后新服务一律上 Kotlin。",
                "帮我写个 renovate.json：每周一早上跑，只自动合并 patch 版本，minor 以上都要人工审",
                "Write me a .editorconfig for the repo: always insert a final newline, indent 4"
                " spaces.",
                "Can you set up the Spotless config so it always removes unused imports and never"
                " touches the generated sources?",
                "Can you write a Checkstyle rule that always flags System.out.println in main"
                " code?",
                "帮我给小刘写段话：以后提 PR 必须挂 Jira 号，不挂的一律打回，语气客气点",
                "帮我写个 .cursorrules，内容就是：以后生成的代码都要加中文注释",
                "帮我给实习生写一段入职须知，里面要有一条：以后提交代码前必须先跑 mvn"
                " spotless:apply",
                "can you draft a Slack msg to the team: from now on, nobody merges to main without"
                " a green pipeline",
            ),
            examples_no_match=(
                "我的约定如下：以后回答先给结论",
                "以后生成的 SQL 先给我看一眼，我确认了再说，别直接塞进 Flyway 迁移脚本里",
                "以后帮我翻译文档：专有名词一律保留英文",
                "以后 SQL 里有条件拼接的地方一律用参数绑定",
                "Don't ever recommend H2 for tests again, we're Postgres-only.",
                "以后回答格式如下：先给结论，再给代码",
                "Always end with a line saying which files you changed.",
                "Here's my team's preference: always use constructor injection.",
                "我的规矩贴一下：以后回答先给结论，再给代码",
                "以后回答都要能直接往群里发，别用 markdown",
                "我们的 README 里写的是：接口都要有单测，以后你写代码也照这个来",
                "以后群里说的需求你也帮我整理成列表",
                "Like I said, always answer in Chinese.",
                "Whenever you touch insurance-claims, add the audit log.",
                "Stop telling me to avoid Lombok, we use it now.",
                "以后别用 fastjson，之前出过反序列化漏洞",
                "我之前说过以后都用中文回答",
                "以后讲排班规则时，都按照法规、政策、偏好的顺序讲，每条配一个例子",
                "以后跟我说话用中文",
                "告诉我每次改配置要不要重启",
                "From now on, never suggest Lombok.",
                "以后返回数组要求按 id 排序",
                "也就是说 always 先给结论",
                "Raj's style guide says 4-space indent but I don't care about that here — for me,"
                " always 2 spaces in YAML examples.",
                "以后帮我写 commit message：一律用英文",
                "From now on, when you write a commit message: always use the imperative mood.",
                "写代码注释的时候：一律用中文",
                "以后改 application.yml 的时候：一律把敏感值放到环境变量里",
                "From now on, when you write a Dockerfile, always pin the base image digest.",
                "写邮件时：一律用正式语气",
                "写回复时：先给结论再解释",
                "Write a short note at the top of every answer: which files you read.",
                "Please write the commit msg in this format: type(scope): subject",
            ),
            test=_reports_someone,
        ),
        FunctionRule(
            "hypothetical",
            "a rule for a situation that may never happen: 'if we ever…', '假如…的话'",
            examples_match=(
                "如果 later 要上 K8s，每次都得改 Helm chart",
                "If we ever move to Gradle, always give me both commands.",
                "假如以后换成 Kotlin 的话，示例都用 Kotlin",
                "要是哪天上了 k8s，配置就都改用 ConfigMap 管理",
                "If I said from now on answer in English, would you remember it?",
                "In a world where we had no legacy, always use records.",
                "今天下午要是 payment-bridge 的回调又超时，你就直接给我回滚到 2.3.1 的步骤，"
                "别分析了",
                "If the staging deploy breaks tonight, never touch the Flyway migrations",
            ),
            examples_no_match=(
                "If the answer is long, put the conclusion first.",
                "Never expose internal ids in the public API, even if we ever add a partner one.",
                "如果回答很长，先给结论",
                "Whenever you show SQL, format it.",
                "以后都用 Gradle 的命令",
                "以后如果构建失败，先贴出失败的测试名",
                "If a test fails, always show me the assertion first.",
                "以后晚上如果有告警，先帮我看 Grafana 面板",
                "From now on, if I ask what's deployed today, check the release branch first.",
                "Always ask me if a change should ship today or wait for the release train.",
            ),
            test=_hypothetical,
        ),
        FunctionRule(
            "only-this-once",
            "limited to this once, with no standing marker outside the limit",
            examples_match=(
                "这个回答短一点，我在缆车上用手机看，信号总是断",
                "Give me the answer in English this time, the vendor never reads Chinese.",
                "Keep this one short, the signal always drops up here.",
                "这次先别写注释了，明天补",
                "Just this once, skip the tests.",
                "这次先别写注释",
                "这一次用英文回答",
                "For this file, use tabs.",
                "For now, answer in English.",
                "这次先不要打 javadoc 包了，仓库在迁移",
            ),
            examples_no_match=(
                "今天先这样，单测以后必须写",
                "Just this once skip the tests; tests are mandatory every time after this.",
                "This time is fine, but from now on answer in English.",
                "今天先这样，我希望以后都有单测",
                "以后每次都先跑测试，这次的 CI 明天再修",
                "从这次开始，不要再生成 javadoc 了",
                "这次算了，永远不要在日志里打印密码",
                "Skip it this time, but whenever you touch the DB layer run the tests.",
                "这次开始以后都用中文",
                "Not just this time: always use the wrapper.",
                "From now on, skip the preamble.",
                "以后每次都先给结论",
            ),
            test=_only_this_once,
        ),
        FunctionRule(
            "own-habit",
            "the user describing their own habits, not asking the assistant for anything",
            examples_match=(
                "我平时都默认开 IntelliJ 的 Save Actions 自动格式化。",
                "我每次都忘了加 @Override，你提醒我一下",
                "我以后每天早上都先看一下 Grafana 再开工",
                "以后我每天下班前都把分支推上去，怕电脑蓝屏",
                "我自己以后写 mapper 都先写 XML",
                "Note to self: never deploy on a Friday again.",
                "好的，以后注意",
                "好的明白，以后我自己提交前先跑一遍 checkstyle",
                "I'll always rebase before pushing, lesson learned.",
                "我 every time 发版前都会手动清一遍缓存",
                "I never remember to run spotless before pushing.",
                "i always debug with println first, old habit",
                "我自己每次发版前都会手动清一遍 CDN 缓存",
                "let me talk to the team first",
                "我每次都会忘记加 @Transactional",
                "我每次都要手动重启网关，很烦。",
                "Surefire vs failsafe always confuses me.",
                "我一般都是先看网关日志再去翻代码",
                "我每次改完 RinkSensorPoller 都会先在测试机上跑一遍",
                "我 usually 每次 release 之前都手动 dump 一下 ice config",
            ),
            examples_no_match=(
                "我平时开发都在 Windows 上，给命令请用 PowerShell 的写法",
                "always name the queue when you explain a listener, i never know where msgs"
                " come from",
                "以后我写的 SQL 都帮忙检查一下注入",
                "以后我说上线都是指发到预发环境",
                "以后我问数据库的问题，先给结论再解释",
                "I'll always be on JDK 11 here, so keep examples JDK 11 compatible.",
                "我每次问事务相关的问题答案都要带上源码位置",
                "以后我问 SQL 的问题你都附上执行计划",
                "以后我们的回答都用中文",
                "Always remind me to run spotless.",
                "以后每次都提醒我加 @Transactional",
                "I always want the conclusion first.",
                "我每次都要你先给结论",
                "你以后先给结论，我每次都要翻到最后才看到",
            ),
            test=_describes_own_habit,
        ),
        FunctionRule(
            "defers-the-decision",
            "the user puts the decision off ('先别急着定规则，我再想想', 'not sure we should make"
            " that a rule yet'): no rule is made, nor a suggestion adopted",
            examples_match=(
                "先别急着定规则，JSON 日志本地看着太难受了，我再想想",
                "hmm, not sure we should make that a rule yet, half the team is still on old"
                " Jackson",
                "以后要不要都用 record 回头再说",
            ),
            examples_no_match=(
                "以后回答先别急着给代码，先给方案",
                "以后遇到不确定的地方，先说你还没想好的部分",
                "From now on, when you're not sure, say so.",
                "以后再说到事务的时候，先讲隔离级别",
                "以后排查问题先别急着下结论，先看日志",
                "以后遇到设计问题先列利弊，我再考虑选哪个",
                "Always list the trade-offs first; I'll think about it and pick one.",
            ),
            test=_defers_the_decision,
        ),
        FunctionRule(
            "complaint-marked",
            "a sigh about how things go (烦死了, 无语, ugh) with nothing asked of the assistant",
            examples_match=(
                "唉，Maven 每次构建都要十分钟，永远在下载依赖，烦死了。",
                "CI 每次都卡在 settlement 的集成测试上，烦死了😤 一跑就二十分钟",
                "The vendor SDK never returns the plate color, I'm so done with these people 😤",
                "ugh, Gradle always re-downloads the whole world after I switch branches. so"
                " annoying",
            ),
            examples_no_match=(
                "每次都给我写 Lombok，烦死了，以后别写了",
                "ugh, please always add imports",
                "pls always use constructor injection in the examples, field injection drives me"
                " nuts",
            ),
            test=_complaint_marked,
        ),
        FunctionRule(
            "banter",
            "a message marked as a joke (laughter, a laughing face) whose rule speaks to no one:"
            " the team's banter, not a rule for the assistant",
            examples_match=(
                "哈哈哈以后谁再把 settlement 搞挂就请全组喝奶茶 🧋😂 今天又挂了一次",
                "from now on every outage is officially the intern's fault lol 😂",
            ),
            examples_no_match=(
                "以后别给我写 XML 配置了 😂",
                "lol ok, from now on give me the Gradle command too",
                "以后回答都先给结论，哈哈哈",
                "以后实体类都别用 Lombok 了，我没开玩笑",
                "每次给出的代码记得带上 import，不然我老得自己补 😂",
            ),
            test=_banter,
        ),
        FunctionRule(
            "role-play",
            "a role or a game set up for the assistant ('假装你是…', '你扮演…', 'let's role-play:"
            " you're…'): the role's habits, not the user's rules",
            examples_match=(
                "假装你是一个永远只说可以的产品经理，我来演开发",
                "我们来做个测试：你扮演一个每次都拒绝上线的 DBA。",
                "Let's role-play: you're a pharmacist who never trusts the robot.",
                "来模拟面试吧，你当面试官，规则是：每道题我答完你都要追问两层，答不上来就扣分",
            ),
            examples_no_match=(
                "以后你扮演 code reviewer 的时候，先指出最严重的问题",
                "Always act on the latest message first.",
            ),
            test=_role_play,
        ),
        FunctionRule(
            "sarcasm",
            "a sentence marked as meant the other way round (an eye-roll, '干脆…得了', 'that'll"
            " fix everything'): no rule, whatever its words",
            examples_match=(
                "好吧，以后全用你写的代码，我 just 复制粘贴就行了呗 🙄",
                "好啊，以后干脆所有代码都让你写，我直接下班得了",
                "Sure, let's always deploy on Fridays, what could possibly go wrong.",
                "Sure, let's just always add another microservice, that'll fix everything.",
                "行行行，以后你就接着给我编不存在的 Spring 注解吧，反正我有的是时间查 🙃",
                "please, always do that, I have all day 🙄",
            ),
            examples_no_match=(
                "以后全用你写的代码风格，别混用 tab",
                "Sure, from now on always add a test for each fix.",
                "以后干脆都用 Gradle 得了",
                "以后别再用 fastjson 了 🙄",
                "Sure, let's just always use records for DTOs then.",
                "以后回答慢一点没关系，我有时间看",
                "Take your time with the analysis, always check the logs first.",
                "以后回答详细一点，把原理讲透，我有的是时间看",
                "Always explain the root cause in full — I've got all day for this kind of thing.",
            ),
            test=_sarcastic,
        ),
        FunctionRule(
            "remark-on-the-assistant",
            "what the assistant does, told back to it, asking for nothing ('you always…',"
            " '你是不是永远都…啊'): a complaint, not a rule",
            examples_match=(
                "行吧，反正你每次都说 'just add an index'，加了也没快啊 😅",
                "Oh great, you always find a way to suggest Kafka, love that for us 🙃",
                "你每次都给我一大坨 XML 配置，真是太“贴心”了 🙄",
                "Sometimes I feel like you never read the logs I paste.",
                "你是不是永远都不会说不知道啊",
                "你怎么老是给我 Hibernate 的写法啊 我们用的是 jOOQ",
                "每次问你 Redis 的问题你都能扯到 Memcached 上去",
                "每回让你写 SQL 你都给我 MySQL 的方言",
                "lol the examples you give are always way too long",
                "Cheers, you've been great every time I've asked about Kafka.",
                "谢谢，你每次都解释得很清楚 👍",
                "你怎么 every time 都给 Maven 的 pom.xml 啊",
            ),
            examples_no_match=(
                "你给的代码要保证每次都能编译通过",
                "You always give me Maven commands, give me Gradle ones from now on.",
                "你以后回答能不能先给结论",
                "以后每次回答你都先给结论",
                "The snippets you write are always too long, keep them under 20 lines.",
                "每次改完代码你都跑一遍 mvn verify",
                "你总是给我 Maven 命令，以后给 Gradle 的",
                "The DTOs you generate are always supposed to be immutable.",
                "rx-verify 里的处方校验逻辑你每次讲之前先说清楚走的是哪个校验规则版本",
                "lol you keep calling me 'dear user' 😂 just call me Mei from now on",
            ),
            test=_remark_on_the_assistant,
        ),
        FunctionRule(
            "describes-the-project",
            "a statement about the team, the project or one of its parts, addressed to no one:"
            " a project note, not a rule",
            examples_match=(
                "我们 CI 一律加 -T 4 跑 Maven 构建。",
                "记住，我们这个项目的验证码是关着的。",
                "Remember that mall-order calls mall-search via Feign, not via MQ.",
                "It gets the cart and never touches the database.",
                "默认是同步刷盘。",
                "scm-portal calls scm-purchase over OpenFeign, and never the other way.",
                "咱们这边 Dubbo 接口的超时统一是 3 秒，清算相关的接口一律不允许重试。",
                "刷盘默认是异步刷盘。",
                "payments 这边用的是 PostgreSQL 15，时区是 UTC。",
                "目前 order-api 里的缓存都是 Caffeine 在做。",
                "订单同步那块现在是小李在维护",
                "说下 message-push 的现状：默认走极光推送，极光失败了才会切到个推，每次切换都会打"
                "一条 WARN",
                "By default message-push batches notifications every 5 seconds, and every batch is"
                " capped at 500 devices.",
                "heads up, the ops-console never shows robots that haven't sent a heartbeat in 60s"
                " — that's by design, it's how the map stays clean.",
                "Quick background: live-class always reconnects the WebSocket after 30s and never"
                " retries more than 5 times.",
            ),
            examples_no_match=(
                "We're in PCI scope, so never log full card numbers.",
                "以后回答都用中文",
                "咱们这 Dubbo 接口以后加字段一律加在最后面，别插中间",
                "我们项目以后都用 Gradle，你给命令也用 gradle",
                "order 模块里以后别再用 fastjson 了",
                "记住，cart 服务的缓存 key 一律要带 cart 前缀",
                "pay-core 迁到 JUnit 5 了 以后测试都按 Jupiter 写",
                "咱们这边 Redis 的 key 以后都用冒号分层哈",
                "Always use constructor injection.",
                "From now on, answer in English please.",
                "咱们以后讲 order-core 的时候都带上包路径呗",
                "记住：咱们所有金额字段一律用 BigDecimal，不许用 double",
                "我们 plate-recognition 那边调用方特别多，所以往后动 DTO 的时候先提醒我兼容性问题",
                "order-core 以后 tests 都用 JUnit 5 吧",
                "checkout 那块 don't use magic numbers for the fee codes",
                "所有金额字段一律用 BigDecimal 别用 double 了",
                "订单这块的异常别吞掉",
                "the fare-engine build should always skip flaky tests",
                "背景：我们在迁 Gradle，所以以后命令都给 gradle 的",
                "heads up, from now on answer in English, the reviewers are in Berlin",
                "fyi: always give me the Gradle command too",
            ),
            test=_describes_the_project,
        ),
        FunctionRule(
            "requirement-given",
            "a requirement labelled so ('需求：…', 'Acceptance criteria: …'): what the code must"
            " do, not how the assistant should answer",
            examples_match=(
                "需求：调度指令下发以后，信号监控模块必须总是在 2 秒内回执，超时就告警。",
                "Acceptance criteria: the export always includes the depot ID.",
                "退款接口必须校验：处方药一律不能退，非处方药 7 天内可以退，这个需求今天要做完",
                "requirement from compliance: order-service must never ship a controlled substance"
                " without a verified rx id",
            ),
            examples_no_match=(
                "需求：以后你写的代码都要带单元测试",
                "以后写需求文档都用中文",
                "From now on, when I paste requirements, list the open questions first.",
                "以后我说的需求你都先复述一遍再写代码",
                "My requirement: always answer in English from now on.",
                "以后分析这个需求相关的代码时，先看 order-service",
                "Coding requirements: always use final for local variables.",
                "Code style spec: always 4 spaces, never tabs.",
            ),
            test=_requirement_given,
        ),
        FunctionRule(
            "asks-for-an-explanation",
            "asks to explain why or how something is, not for a way of working",
            examples_match=(
                "Could you explain why MyBatis always caches within a session by default?",
                "能不能解释一下为什么 Spring 默认是单例？",
            ),
            examples_no_match=(
                "From now on, explain why a test fails before fixing it.",
                "以后每次都解释一下为什么这么改",
            ),
            test=_asks_for_an_explanation,
        ),
        FunctionRule(
            "only-points-back",
            "a sentence that says only 'that', 'the same', '这样': the rule is what it points "
            "at (a model proposes it as adopted, quoting what it points at)",
            examples_match=("好 以后都这样", "ok, let's make that the rule", "就这么办吧"),
            examples_no_match=(
                "好，以后都先给结论",
                "Let's make constructor injection the rule.",
            ),
            test=_only_points_back,
        ),
        FunctionRule(
            "credential",
            "a secret, or the wish to keep one: memory never stores credentials",
            examples_match=(
                "Remember my OpenAI key sk-proj-9f8e7d6c5b4a39281726354433221100aa.",
                "以后数据库密码都是 Xy7#kq2L9",
                "记住我的 GitHub token",
                "以后连测试环境 Redis 就用这个密码 r3d!s_T3st_2026",
                "always use this storage key for the sandbox bucket: 7Hq2Lm9Xv4Rt8Kw3Np6Z",
            ),
            examples_no_match=(
                "Never put passwords in code examples.",
                "以后密码相关的示例都用 BCrypt",
                "Always mask tokens in logs you show me.",
            ),
            test=_holds_credential,
        ),
        FunctionRule(
            "code-or-log",
            "source code, a diff, a stack trace or a log pasted as the rule",
            examples_match=(
                "feat(order): 以后订单统一走新流程",
                "-- 注意：一律不要在 prod 执行 DROP",
                "报错 Caused by: java.lang.IllegalStateException: 请记住配置数据源",
                "- [ ] 每次提交前必须自测",
                "at com.example.OrderService.create(OrderService.java:42)",
                "public void save(Order o) { repo.save(o); }",
                "2026-05-01 12:00:01 ERROR [main] o.s.b.SpringApplication - failed",
                "@Transactional(rollbackFor = Exception.class)",
                "<skipTests>true</skipTests>",
                "// always close the stream before returning",
            ),
            examples_no_match=(
                "以后遇到 org.hibernate.LazyInitializationException: no session 先告诉我原因",
                "以后 PR 描述都按这个模板写：- [ ] 自测 - [ ] 更新文档",
                "Always use constructor injection.",
                "以后 SQL 都格式化一下",
            ),
            test=_code_or_log,
        ),
    ],
)
"""The deny-list, in the order it is checked (the first that fires is reported)."""

# Taking back what was just said: a clause of nothing but such words (and an interjection
# or "还是" before them): "……啊不行", "还是算了", "— nah", "forget it", "😹 jk jk" — not
# "Maven 那套算了" (something else given up), nor "这不是开玩笑的".
_TAKE_BACK = (
    r"(?:算了|不用了|不要了|当我没说|开玩笑(?:的|呢|啦)|开个玩笑|逗你(?:玩)?的|说着玩的|不行"
    r"|别当真|不要当真|don'?t take (?:it|that|me) seriously"
    r"|jk|just kidding|kidding|never\s*mind|nvm|forget (?:it|that|about it|i said that)"
    r"|scratch that|ignore (?:that|me)|nah|no wait)"
)
_TAKE_BACK_CLAUSE = re.compile(
    r"^\W*(?:(?:啊|嗯|哦|噢|呃|哎|唉|em+|oh|hmm+|wait|well|no|还是|那|那就|哈{2,}|lol|haha+)\W*)*"
    + _TAKE_BACK
    + r"(?:\W*"
    + _TAKE_BACK
    + r")*\W*$",
    re.IGNORECASE,
)
_CLAUSES = re.compile(r"[，,。.;；!！?？—–…\n（）()]+")


def takes_back(after: str) -> bool:
    """A clause of ``after`` (the rest of the quote's sentence, then the next sentence's
    first clause) takes the rule back."""
    return any(_TAKE_BACK_CLAUSE.match(c.strip()) for c in _CLAUSES.split(after) if c.strip())


TAKEN_BACK = FunctionRule(
    "taken-back",
    "the rest of the rule's sentence, or the first clause after it, takes it back (算了不用了,"
    " 当我没说, 开玩笑的; never mind, forget it, jk, scratch that)",
    examples_match=(
        "……啊不行，咱们还有服务在用老版本 Jackson，算了不用了",
        "，嗯……还是算了，链接经常是错的，不用附",
        " — nah, forget it, springdoc picks them up automatically",
        " 😹 jk jk. anyway, where's the retry config in payment-bridge?",
        "，开玩笑的，别当真",
        "哈哈哈哈，开玩笑的别当真 😂",
        "哈哈哈（开个玩笑）说正事，这个 NPE 咋回事",
    ),
    examples_no_match=(
        "，不然上线后排查很麻烦",
        "，超过 3 次重试就算了，直接进死信队列",
        "，代码注释就不用加英文了",
        " — it keeps the diffs small.",
        "，谢谢！",
        "，Maven 那套算了",
        "，这不是开玩笑的",
        "。刚才那个问题算了，我自己查到了",
        "; never mind the style nits.",
        "，jk 是 Jackson 的缩写别翻译",
        ".\nThe earlier question about Kafka",
    ),
    test=takes_back,
)
# What the next message points back at: "刚才那条不算", "scratch that", "当我没说".
_POINTS_BACK = re.compile(
    r"刚才|刚刚|那条|这条|前面|上面|之前|我说的|当我没说|那个要求|"
    r"\b(?:that|this|it|what i (?:said|told you)|scratch that|never ?mind)\b",
    re.IGNORECASE,
)


# The notes' words for taking back, as the next message says them ("刚才那条不算").
_TAKEN_BACK_WORDS = re.compile(
    r"(?<![就也])算了|不算数?|作废|当我没说|\bnever\s*mind\b|\bscratch that\b"
    r"|\bforget (?:it|that|what i said)\b|\bignore (?:that|it|the)\b",
    re.IGNORECASE,
)


def _taken_back_next(head: str) -> bool:
    return _TAKEN_BACK_WORDS.search(head) is not None and _POINTS_BACK.search(head) is not None


TAKEN_BACK_NEXT = FunctionRule(
    "taken-back-next",
    "the user's next message opens by taking the rule back, pointing at it (算了，刚才那条不算;"
    " 当我没说; scratch that; never mind, ignore that)",
    examples_match=(
        "算了，刚才那条不算，还是按 REST 的状态码来",
        "嗯…当我没说，风格问题还是提吧，放最后面就行",
        "Wait, scratch that — the JDBC driver pins carrier threads.",
        "never mind, the release bot can't parse scopes yet. ignore the commit format thing",
    ),
    examples_no_match=(
        "算了，这个 bug 我自己查",
        "ok, and what about the settlement export job?",
        "好的，谢谢",
    ),
    test=_taken_back_next,
)
AFTER_QUOTE_VETOES: Registry[FunctionRule] = Registry("after-the-quote-vetoes", [TAKEN_BACK])
"""Read in the user's words right after a quoted rule (limits.QUOTE_TAKEN_BACK_CHARS)."""
NEXT_TURN_VETOES: Registry[FunctionRule] = Registry("next-turn-vetoes", [TAKEN_BACK_NEXT])
"""Read in the head of the user's next message (limits.QUOTE_TAKEN_BACK_CHARS)."""

ADOPTION_VETOES = frozenset({"only-points-back"})
CANCEL_VETOES = frozenset(
    {
        "question-requests-nothing",
        "reported-speech",
        "hypothetical",
        "only-this-once",
        "own-habit",
        "credential",
        "code-or-log",
    }
)
"""The vetoes a cancel is checked against: a withdrawal is often a statement ("TTL 已经改成
10 分钟了"), a negation ("那条不用记了") or a pointer ("forget that"), which the rule
vetoes would refuse."""
"""Vetoes that an adopted proposal (``adopted_from`` found in the answer before) lifts:
what the user's "以后都这样" points at is the assistant's suggestion, quoted."""


# -- the offline reader's own vetoes

# Where a standing word tells only what a change will bring ("把 double 换成 BigDecimal，
# 这样以后就不会有精度问题了", "Add a check so the job never runs twice"), or what the code
# must do ("make sure the refund flow always rolls back"): a task, not a rule for the
# assistant ("make sure the examples always compile" is one).
_RESULT_CLAUSE = re.compile(
    r"(?:^|[，,；;])\s*(?:这样|那样)(?!的|写|做|用)|以免|免得|省得|防止|好让"
    # "so the job never…" (not "so write Jupiter tests from now on": "so" as "therefore")
    r"|\bso(?: that)?\s+(?:the|it|its|our|this|that|nothing|no|we)\b"
    r"|\b(?:make sure|ensure)\s+(?:that\s+)?(?:the|our|this|its?)\s+"
    r"(?!answers?\b|examples?\b|snippets?\b|code\b|tests?\b|unit tests\b|sql\b|javadocs?\b"
    r"|commit messages?\b)"
)
_CLAUSE_END = re.compile(r"[，,。；;！!？?—]|\s-\s|$")


# Said to a colleague in the same chat: "@Kevin from now on please…", "阿杰你以后改…",
# "Kevin, going forward, never…".
# (not a word anyone is called by, the assistant too: 老铁, 大哥, 老师, 小哥, 老板)
_NAMED_ZH = (
    r"(?!老铁|大哥|老哥|老师|小哥|老板|老兄|小伙|老大|老弟|兄弟|大佬|亲)"
    r"(?:[老小阿][\u4e00-\u9fff]|[\u4e00-\u9fff]{1,2}(?:姐|哥|总|工|老师))"
)
_TO_A_COLLEAGUE = re.compile(
    r"^\W*@\S{1,20}"
    rf"|^\W*(?!小心|小结|老实|老是|老样|小白|小问|小改|小建){_NAMED_ZH}\s*[,，]?\s*你(?!们)"
    # a name called, then the rule: "小周，以后值班的时候…" (not "小心，以后…", "老实说，…")
    rf"|^\W*(?!小心|小结|老实|老是|老样|小白|小问|小改|小建)"
    rf"{_NAMED_ZH}\s*[,，]\s*(?:以后|今后|往后|每次|下次)"
)
# "Kevin, going forward, never…": a capitalised name, a comma (not "Also, going forward…").
_NOT_A_NAME = (
    r"(?!(?:Also|And|So|Ok|Okay|Plz|Pls|Please|Hey|Hi|Hello|Btw|Well|Now|Then|But|Oh|Yes"
    r"|Yeah|Alright|Right|Sure|Fine|Thanks|Again|Guys|Team|Folks|Everyone|Anyway|Actually"
    r"|Honestly|Seriously|Finally|First|Second|Lastly|Note|Remember|Ps|Ok so|Sorry|Great|Cool"
    r"|Good|Nice|Perfect|Noted|Understood|Got it|Look|Listen|Mate|Dude|Buddy|Claude|Copilot"
    r"|Assistant|Bot|Gpt|Chatgpt"
    # a topic before a colon or a dash is a heading, not a name: "Tests: always…"
    r"|Tests?|Testing|Logging|Security|Style|Answers?|Replies|Dependencies|Reviews?|Commits?"
    r"|Formatting|Naming|Docs|Javadoc|Java|Kotlin|Gradle|Maven|Spring|Background|Context|Build"
    r"|Git|Code|Comments|Imports|Performance|Concurrency|Rule|Rules|Format|Language)\b)"
)
_NAMED_FIRST = re.compile(
    r"^\W*" + _NOT_A_NAME + r"[A-Z][a-z]{1,15}"
    r"(?:\s*,\s*(?:going forward|from now on)\b"
    # "Priya — always rebase…", "Mike: from now on…": a name set off by a dash or a colon
    r"|\s*(?:—|–|--|:)\s*(?:please\s+)?(?:always|never|from now on|going forward)\b)"
)


# "Claude, from now on…", "assistant, …" name the assistant itself.
_NAMES_THE_ASSISTANT = re.compile(
    r"^\W*@?(?:assistant|ai|bot|claude|gpt|copilot|助手)(?![a-z0-9_])"
)


# A sentence that opens by calling someone: "Tom, always run…, ok?" asks Tom to agree.
_CALLED_BY_NAME = re.compile(r"^\W*" + _NOT_A_NAME + r"[A-Z][a-z]{1,15}\s*,")


def _said_to_a_colleague(sentence: str) -> bool:
    words = folded_words(sentence)
    if _TO_A_COLLEAGUE.search(words) is None and _NAMED_FIRST.search(sentence) is None:
        return False
    return _NAMES_THE_ASSISTANT.match(words) is None


# A task for now, whose standing word tells what the thing made will do: "帮我写个 listener，
# 每次入库后都发消息", "改一下 XController，保证永远不返回 null", "给 X 加个配置，…一律报警"
# (not "以后帮我写代码都用构造器注入": the standing word comes first).
_TASK_FIRST = re.compile(
    r"^\W*(?:帮我|请|麻烦)?(?:写|加|配|建|改|新建|实现|弄)(?:一下|个|一个)\s*[^，,。；;]{0,30}?"
    r"(?:listener|hook|插件|配置|接口|脚本|job|filter|过滤器|拦截器|controller|service|定时任务|测试"
    r"|单测|方法|类|组件|切面|注解|checkstyle)"
    r"|^\W*(?:帮我|请|麻烦)?(?:改一下|改下)\s*[a-z]\w+"
    r"|^\W*(?:帮我|请|麻烦)?(?:给|在)\s*[a-z][a-z0-9._-]{1,40}\s*(?:里|上)?\s*(?:加|配)个?"
    r"|^\W*(?:帮我|请|麻烦)?把\s*[a-z]\w*\s*改成"
    # a thing to make, named by what it is: "帮我写个 MQ 消费者，每次…", "写一个校验器…"
    r"|^\W*(?:帮我|请|麻烦)?(?:写|加|建|实现|弄)(?:一下|个|一个)\s*[^，,。；;]{0,30}?"
    r"(?:器|者|类|方法|函数|接口|任务|脚本|服务|组件|约束|规则引擎|consumer|producer|handler"
    r"|validator|listener|interceptor|scheduler)"
    r"|^\W*(?:帮我|请|麻烦)?给(?![^，,。]{0,8}(?:回答|答案|回复|示例|例子|输出|我))"
    r"[^，,。；;：:]{1,20}?加(?:个|一个|条|一条)"
    # "Write a validator that always rejects…", "I need a method that always returns…",
    # "Make the retry policy never retry more than 3 times" (not the assistant's answers,
    # examples or code: "Make the examples always compile" is a rule)
    r"|^\W*(?:please\s+|can you\s+|could you\s+)?(?:write|create|add|implement|build|generate)"
    r"\s+(?:me\s+)?(?:a|an)\s+[\w\s-]{1,40}?\s+(?:that|which|so that|to)\b"
    r"|^\W*i need (?:a|an)\s+[\w\s-]{1,30}?\s+(?:that|which)\b"
    r"|^\W*make (?:the|our|this)\s+(?!answers?\b|examples?\b|snippets?\b|code\b|tests?\b"
    r"|javadoc\b|docs?\b|documentation\b|output\b|sql\b|logging\b)"
    r"[\w\s-]{1,40}?\s+(?:always|never)\b"
)


# A thing to make each time, not once: "Write a unit test that reproduces the bug, from
# now on", "Make the commit messages always…" (a plural: what the assistant writes).
_EACH_TIME_EN = re.compile(
    r"from now on|going forward|\bevery\b|\beach\b|whenever|\byou (?:write|suggest|generate|give)\b"
)
_MAKE_THE_PLURAL = re.compile(r"^\W*make (?:the|our|this)\s+[\w\s-]*?[a-z]s\s+(?:always|never)\b")
_TASK_EN = re.compile(
    r"^\W*(?:please\s+|can you\s+|could you\s+)?(?:write|create|add|implement|build|generate"
    r"|i need|make)\b"
)
# "给新写的接口都加个限流注解": every such thing, not one thing now; "…，以后都这么干": this,
# from now on.
_EVERY_SUCH_ZH = re.compile(r"每个|所有|新写的|新建的|都")
_LIKE_THIS_FROM_NOW_ON = re.compile(r"(?:以后|今后|往后)[^，,。]{0,10}?(?:这么|这样|按这个|照这个)")


def _task_for_now(sentence: str) -> bool:
    words = folded_words(sentence)
    found = _TASK_FIRST.search(words)
    if found is None:
        return False
    if _TASK_EN.match(found.group(0)):
        return not (_EACH_TIME_EN.search(words) or _MAKE_THE_PLURAL.match(words))
    named = re.split(r"[，,：:]", words[: found.end() + 6])[0]
    return _EVERY_SUCH_ZH.search(named) is None and not _LIKE_THIS_FROM_NOW_ON.search(words)


# A thing to make or change now, asked in a clause of its own: "…，帮我写一下 producer", "写个
# Bean Validation 注解", "帮我在 GateService 里加这个校验", "帮我把 X 的 retry 改成…", "add
# paging params" (not what the assistant writes: "write your answers…").
_TASK_CLAUSE = re.compile(
    r"^\W*(?:然后|再|那|and|then)?\s*(?:帮我|请|麻烦|please\s+|can you\s+|could you\s+)?"
    r"(?:(?:写|加|改|建|新建|实现|弄|补|配)(?:一下|个|一个|上)"
    r"|(?:在|给)\s*\S[^，,。]{0,30}?(?:里|上)?\s*加"
    r"|把(?![^，,。]{0,8}(?:回答|答案|回复|示例|例子|注释))[^，,。]{1,40}?"
    r"(?:改成|换成|改为|改了|改一下|改掉|换掉)"
    # what to look at or design now: "帮我看看 DisplayConfig 怎么改", "帮我 review 一下这段"
    r"|(?<=帮我)\s*(?:看看|看下|看一下|review|设计|检查|查一下|查查|查下|修一下|修下|找一下)"
    r"|(?:add|create|implement|generate|build)\s+"
    r"(?!(?:your|answers?|examples?|comments?|the answers?)\b))"
)
# A clause that lasts although it holds the task: "Add a test for every fix from now on".
_FROM_NOW_ON_OR_EACH = re.compile(
    r"以后|今后|往后|每次|每回|\b(?:from now on|going forward|every time|whenever|each time)\b"
)


def _marker_clause_asks(clause: str) -> bool:
    """A clause with a standing word speaks to the assistant: it names it or what it
    writes, opens with the standing word, is an imperative once that word is out, or
    says what the user likes — not "the endpoint should return 20 items by default"."""
    bare = " ".join(STANDING_RE.sub(" ", clause).split())
    return bool(
        _ADDRESSED_TO_ASSISTANT.search(clause)
        or _OPENS_STANDING.search(clause)
        or re.search(r"(?:一律|统一|都)用", clause)  # "DTO 一律用 record": a choice for the answers
        or _ZH_IMPERATIVE.search(clause)
        or IMPERATIVE_RE.search(bare)
        or PREFERENCE_RE.search(clause)
        or _POLITE_REQUEST.search(clause)
    )


def asks_by_itself(sentence: str) -> bool:
    """The sentence speaks to the assistant: a request form, an opening standing word, an
    imperative, the assistant or its answers named ("以后回答都用中文。帮我看看。" is a rule
    followed by a task, not a task's spec)."""
    words = folded_words(sentence)
    # ("should" asks for nothing of the assistant by itself: "the dispatcher should never…")
    return bool(
        has_request_form(re.sub(r"\bshould\b", " ", words))
        or _ZH_IMPERATIVE.search(words)
        or _ADDRESSED_TO_ASSISTANT.search(words)
        or IMPERATIVE_RE.search(" ".join(STANDING_RE.sub(" ", words).split()))
    )


def _spec_of_a_task(sentence: str) -> bool:
    """A task asked for now, and every standing word is in what the thing must do: in a
    clause beside the task that speaks to no one ("季卡过期以后必须禁止过闸，帮我在 GateService
    里加这个校验"), or inside the task itself without a time to come ("帮我把 retry 改成
    always 重试 3 次")."""
    clauses: list[str] = []
    lead_only = False  # the last clause is a standing word and nothing else
    for part in re.split(r"[，,；;：:]", folded_words(sentence)):
        part = part.strip()
        if clauses and lead_only:
            clauses[-1] = f"{clauses[-1]} {part}"  # "By default, write…": one clause
        elif part:
            clauses.append(part)
        else:
            continue
        lead_only = not re.sub(r"\W", "", STANDING_RE.sub("", part))
    if not any(_TASK_CLAUSE.search(c) for c in clauses):
        return False
    for clause in clauses:
        if not STANDING_RE.search(clause):
            continue
        if _TASK_CLAUSE.search(clause):
            if _FROM_NOW_ON_OR_EACH.search(clause):
                return False
        elif _marker_clause_asks(clause):
            return False
    return True


# How it was, said beside how it is: "以前我们每次发版都要停机两小时，现在用滚动发布了".
_WAS_THEN_IS_NOW = re.compile(
    r"^\W*(?:以前|之前|过去|原来|当初|早先)[^。]{0,40}(?:现在|如今|后来)"
    r"|^\W*(?:we|it|they)\s+used\s+to\b|^\W*(?:back then|previously|in the past)\b"
)
# What holds in Java or by a standard, cited so: "HTTP PUT should always be idempotent,
# that's per the spec", "在 Java 里 equals 和 hashCode 必须 always 一起 override，这是 contract".
_GENERAL_FACT = re.compile(
    r"\bper\s+(?:the\s+)?(?:spec|specification|rfc|jls|jvm\s+spec|standard|contract)\b"
    r"|\bthat'?s\s+(?:how|what)\s+(?:the\s+)?(?:spec|jls|rfc)\b"
    r"|这是\s*(?:contract|规范(?:要求)?|约定俗成|java\s*的?规定|jls)|(?:jls|rfc\s*\d+)\s*(?:规定|要求|里)"
    r"|^\W*(?:在\s*)?java\s*(?:里|中|里面)[，,]?"
)
# A standing word only in the reason given ("因为药剂师每次都要手动核对，所以…能不能少点弹窗",
# "Because ops never reads the wiki, I need to…").
_REASON_CLAUSE = re.compile(r"(?:因为|由于|\bbecause\b|\bsince\b)[^，,。；;]*")


def _history_told(sentence: str) -> bool:
    return _WAS_THEN_IS_NOW.search(folded_words(sentence)) is not None


def _general_fact(sentence: str) -> bool:
    words = folded_words(sentence)
    return _GENERAL_FACT.search(words) is not None and _ADDRESSED_TO_ASSISTANT.search(words) is None


def _marker_only_in_a_reason(sentence: str) -> bool:
    words = folded_words(sentence)
    if not _REASON_CLAUSE.search(words) or not STANDING_RE.search(words):
        return False
    return STANDING_RE.search(_REASON_CLAUSE.sub(" ", words)) is None


# Waiting for an event: "等 Spring Boot 3.3 出来以后我们统一升级" — a plan for then.
_WAITS_FOR_AN_EVENT = re.compile(
    r"^\W*等(?!待|级|等|于|号|同|价|效|一下|我)[^，,。]{0,30}?(?:以后|之后|的时候)"
    r"|^\W*later\s+(?:this|next|today)\b|\bnot\s+now\b"
)


def _waits_for_an_event(sentence: str) -> bool:
    return _WAITS_FOR_AN_EVENT.search(folded_words(sentence)) is not None


# A document to draft, whose content is rules: "帮我起草一份团队代码规范，第一条：…", "draft a
# CONTRIBUTING section saying…" (the rules are the team's, for the document).
_DRAFTS_A_DOCUMENT = re.compile(
    # the request opens the sentence ("以后帮我写个 README 都要…" is a rule about READMEs)
    r"^\W*(?:帮我|请|麻烦|please\s+|can you\s+|could you\s+|help\s+me\s+)?"
    r"(?:(?:(?:起草|拟|整理|draft)\s*(?:一份|一个|一篇|个|一下)?|(?:写|出)(?:一份|一个|一篇|个))"
    rf"[^，,。；;]{{0,24}}?(?:{_DOC_ZH}|说明书|制度)"
    r"|(?:(?:draft|put together|prepare)\s+(?:me\s+)?(?:a|an|the|our)"
    r"|write\s+(?:me\s+)?(?:a|an|the|our))"
    r"\s+[\w\s'-]{0,30}?"
    r"(?:section|guides?|guidelines?|document|doc|readme|contributing|policy|template|wiki|handbook)\b"
    # or to edit one: "帮我润色一下团队规范草稿：…", "Can you tighten this README section: …"
    rf"|(?:润色|修改|校对|精简|优化|翻译)(?:一下)?[^，,。；;]{{0,12}}?{_DOC_ZH}(?![^，,。]{{0,6}}(?:的时候|时))"
    rf"|{_DOC_NAMED_FIRST_ZH}"
    r"|(?:tighten|polish|proofread|edit|rewrite|translate|clean up|shorten)\s+(?:up\s+)?"
    rf"(?:this|the|our|my)\s+(?:[\w-]+\s){{0,3}}{_DOC_EN}\b)"
)


def _drafts_a_document(sentence: str) -> bool:
    return _DRAFTS_A_DOCUMENT.search(folded_words(sentence)) is not None


# Background given before the question: "背景：我们所有表必须…", "Context: every reading must
# be kept…", "顺便说下背景，…": how the project is, stated for the question to come.
_BACKGROUND_FIRST = re.compile(
    r"^\W*(?:(?:顺便|先)?(?:说下|说一下|交代下|交代一下|补充下|补充一下)?背景(?:是|一下|信息)?\s*[：:，,]"
    r"|(?:for )?context\s*[:：,]|background\s*[:：]|fyi\s*[:：,])"
)


# "背景：我们用 Spring Boot 3，以后回答都按这个版本来", "FYI: always use AssertJ": a rule
# after the background is the user's (_FROM_NOW_ON_RE).
_ASKS_RIGHT_AWAY = re.compile(r"\s*(?:always|never|please|别|不要)")


def _background_given(sentence: str) -> bool:
    words = folded_words(sentence)
    found = _BACKGROUND_FIRST.search(words)
    if found is None or _FROM_NOW_ON_RE.search(words):
        return False
    return _ASKS_RIGHT_AWAY.match(words, found.end()) is None


def _marker_only_in_a_result(sentence: str) -> bool:
    """Every standing word of the sentence is in a clause of what a change brings about."""
    words = folded_words(sentence)
    if not STANDING_RE.search(words) or not _RESULT_CLAUSE.search(words):
        return False
    if re.search(r"\byou\b|你", words):
        return False  # "Ensure the SQL you suggest never uses SELECT *": said to the assistant
    kept, position = [], 0
    for match in _RESULT_CLAUSE.finditer(words):
        if match.start() < position:
            continue
        kept.append(words[position : match.start()])
        end = _CLAUSE_END.search(words, match.end())
        position = end.start() if end is not None else len(words)
    kept.append(words[position:])
    return not STANDING_RE.search(" ".join(kept))


_REFERS_BACK = re.compile(
    r"\b(?:do|use|write|say|add|make|touch|try|suggest|recommend|include|put|give me|show me|"
    r"mention)\s+(?:that|this|it|them|those|these|such (?:things|code))\b"
    r"|(?:这样|那样|这么做|那么做|这么写|那么写|用它|用这个|用那个|那个|这个)(?:了|吧|哈)?\W*$"
)


# A clause that gives a reason: "…，我们组禁用它", "…, since we ban it".
_REASON_HEAD = re.compile(r"^\W*(?:因为|我们|咱们|我司|公司|团队|\b(?:because|since|as|we|our)\b)")
# A clause before the pronoun that names what it points at: a condition ("Whenever you give
# me a shell command, put it in…") or the user's liking ("I prefer X — use that every time").
_NAMES_IT_FIRST = re.compile(
    r"^\W*(?:whenever|when|every time|each time|if|每次|每当|凡是)[^，,;；—–]{3,}[，,;；—–]"
    r"|^\W*(?:i (?:really )?(?:prefer|like|love|want)|我(?:更)?(?:喜欢|偏好|希望))"
    r"[^，,;；—–]{3,}[，,;；—–]"
)


def _refers_back(sentence: str) -> bool:
    """What the pronoun points at is outside the sentence, unless a clause before it
    names it: a condition, the user's liking, or a request of its own ("优先用 RestClient，
    不要再引 OkHttp 了，以后都这样")."""
    words = folded_words(sentence)
    found = _REFERS_BACK.search(words)
    if found is None:
        return False
    before = words[: found.start()]
    if _NAMES_IT_FIRST.search(before):
        return False
    # The clauses closed before the one that hold the pronoun name it when that one asks to
    # do "that" from now on ("…，以后都这样", "— use that every time", "so always write them
    # that way") or gives the reason for them ("…Lombok，我们组禁用它"); not "…，每次都这样".
    closed = re.split(r"[，,;；:：—–](?=[^，,;；:：—–]*$)", before)
    if len(closed) < 2:
        return True
    own = words[len(closed[0]) :]
    asks = _FROM_NOW_ON_RE.search(own) or IMPERATIVE_RE.search(STANDING_RE.sub(" ", own))
    if asks:
        return False
    reason = _REASON_HEAD.match(own)
    return reason is None or not _asking_part(_QUOTED_SPAN.sub(" ", closed[0]))


def _says_nothing_else(sentence: str) -> bool:
    """Nothing is left once the standing and request words are taken out ("以后。")."""
    words = folded_words(sentence)
    rest = REQUEST_RE.sub(" ", STANDING_RE.sub(" ", words))
    content = re.sub(r"[\W_\d]+", "", rest)
    return len(content) < 2 or (content.isascii() and len(content) < 3)


# What makes a sentence speak *to* the assistant: a request or an imperative clause, the
# assistant named ("you", "你"), what the assistant produces (answers, examples, comments,
# commit messages), or the user's own likes. A standing word alone ("always", "每次")
# also describes how the project goes: "the login page always shows a captcha".
_ADDRESSED_TO_ASSISTANT = re.compile(
    r"\b(?:you|your|yours|u)\b|你|您"
    r"|\b(?:answers?|repl(?:y|ies)|responses?|explanations?|examples?|samples?|snippets?|"
    r"comments?|javadocs?|commit messages?|code you|for me)\b"
    r"|回答|回复|答复|作答|解释|示例|例子|样例|举例|注释|提交信息|提交说明|给我|帮我|我的代码"
    # what it tells, reminds or asks the user: "…之前先告诉我版本号"
    r"|告诉我|提醒我|问我|建议我|推荐我|\b(?:remind|tell|ask|warn|suggest to|recommend to) me\b"
)
# A forward time word with a prediction or a plan speaks of what will happen ("以后这个接口
# 会迁到新网关", "from now on the job will run hourly"), not of what the assistant does.
_FORWARD = re.compile(
    r"以后|今后|往后|从现在起|从现在开始|从今以后|从此"
    r"|\b(?:from now on|from here on|going forward|moving forward|henceforth|in future)\b"
)
_PREDICTS = re.compile(
    r"会|将|打算|准备|计划|预计|要.{0,12}了"
    r"|\b(?:will|'ll|going to|plan(?:s|ned)? to|is to|are to|expected to)\b"
)
# Words of a norm: "SQL 关键字一律大写", "logs must be in English".
_NORM = re.compile(r"一律|统一|必须|务必|只能|只用|\b(?:must|should|only)\b")


def _not_addressed(sentence: str) -> bool:
    """No request, imperative, addressee, norm or preference, and the standing word is a
    frequency ("每次部署都要十分钟", "the nightly job always fails on Mondays") or a time
    to come with a prediction ("以后这个接口会迁到新网关"): it says how things are or will
    be. A time to come alone stays a rule ("JUnit 5 from here on")."""
    words = folded_words(sentence)
    if _asks_beyond_thanks(sentence) or _NORM.search(words) or _THANKS_LAST.search(words):
        return False  # (a rule said with thanks: "默认 Java 17 语法，谢谢。")
    if _ADDRESSED_TO_ASSISTANT.search(words) or _ZH_IMPERATIVE.search(words):
        return False
    # "Always keep the methods short": the imperative opens once the standing word is out.
    bare = " ".join(STANDING_RE.sub(" ", words).split())
    if IMPERATIVE_RE.search(words) or IMPERATIVE_RE.search(bare) or PREFERENCE_RE.search(words):
        return False
    if _FORWARD.search(words):
        return bool(_PREDICTS.search(words))
    return True


OFFLINE_VETOES: Registry[FunctionRule] = Registry(
    "offline-reader-vetoes",
    [
        FunctionRule(
            "refers-back",
            "a rule whose object is 'that' or 'them': without a model, what it points at is"
            " unknown, so no rule is stored (the user can remember it in full)",
            examples_match=(
                "Never do that in my code.",
                "Please never use them in anything you write for me.",
                "以后别再这样了",
            ),
            examples_no_match=(
                "Never use field injection in my code.",
                "以后别再用 fastjson 了",
                "Whenever you give me a shell command, put it in its own code block.",
                "I prefer constructor injection — use that every time you write a Spring bean.",
            ),
            test=_refers_back,
        ),
        FunctionRule(
            "not-addressed",
            "a standing or frequency word in a sentence that says how things are, not what"
            " the assistant should do: no request, imperative, addressee, or the user's likes",
            examples_match=(
                "The staging deploy always takes about ten minutes.",
                "The login page always shows a captcha after three failures.",
                "以后这个接口会迁到新网关。",
                "每次发版都得等运维审批。",
            ),
            examples_no_match=(
                "每次建议加依赖之前先告诉我版本号和许可证",
                "默认按 Java 21 来写",
                "Whenever something touches Keycloak, remind me to check the realm export.",
                "以后回答都用中文。",
                "每次回答先给结论。",
                "Always answer in Chinese.",
                "以后都用 Gradle 的命令。",
                "不要在示例里用 Lombok。",
                "I prefer Gradle over Maven.",
                "From now on, you should use AssertJ.",
                "Always keep the methods under 30 lines.",
                "SQL 关键字一律大写。",
                "Change of plan: JUnit 5 from here on, Jupiter only.",
                "以后构建问题都按 8.10 来答。",
            ),
            test=_not_addressed,
        ),
        FunctionRule(
            "said-to-a-colleague",
            "said to a colleague in the same chat (an @mention or a name first): not a rule"
            " for the assistant",
            examples_match=(
                "小周，以后值班的时候告警别直接静音",
                "@Lena from now on please rebase before you open an MR.",
                "小李你以后改 order-api 先跟我说一声",
                "Marco, going forward, never push to main directly.",
                "Tomas — always squash your commits before the MR goes in.",
                "Ines: from now on tag me on every schema change.",
            ),
            examples_no_match=(
                "老铁，以后回答都简短点",
                "小心，以后别在生产库上跑 DDL",
                "Also, going forward please assume WebFlux in your answers.",
                "Tests: always use AssertJ from now on.",
                "@助手 以后回答都带上 import",
                "plz from now on check a lib's license before you suggest it",
                "From now on please answer in English.",
                "以后你回答先给结论",
                "Claude, from now on answer in Chinese.",
            ),
            test=_said_to_a_colleague,
        ),
        FunctionRule(
            "task-for-now",
            "a request for a thing made now whose standing word tells what the thing will do"
            " ('帮我写个 hook，以后…一律拒绝', '改一下 XController，保证永远不返回 null')",
            examples_match=(
                "帮我写个 listener，每次订单入库后都发一条消息",
                "改一下 RefundController，保证这个接口永远不返回 null",
                "给 gate-api 加个配置，超时默认 3 秒",
                "帮我在 pom 里配个插件，以后每次打包都跑 spotless",
                "帮我写个 Kafka 消费者，每次收到退款消息就更新订单状态",
                "写一个校验器，永远不允许负数金额",
                "给订单状态机加个约束：已取消的订单永远不能再支付",
                "Write a scheduler that always skips public holidays.",
                "I need a helper that never returns null for missing keys.",
                "Make the retry policy never retry more than twice.",
            ),
            examples_no_match=(
                "给每个回答加个总结，以后都这样",
                "给异常日志加个请求 id，以后打日志都这么来",
                "给新写的 Controller 都加个统一的异常处理",
                "Make the examples always compile.",
                "Make the Javadoc always name the exceptions a method throws.",
                "Write a regression test that fails first, from now on.",
                "Make the builders always validate their inputs.",
                "Write your answers in English from now on.",
                "Always write a test that covers the null case.",
                "在回答里加个总结，以后都这样",
                "加个规则：以后回答都用中文",
                "以后帮我写代码都用构造器注入",
                "帮我记住，以后回答先给结论",
                "以后写 listener 都加上重试",
            ),
            test=_task_for_now,
        ),
        FunctionRule(
            "spec-of-a-task",
            "a task asked for now whose standing words tell what the thing must do, in a"
            " clause beside it that speaks to no one ('季卡过期以后必须禁止过闸，帮我加这个校验')",
            examples_match=(
                "ticket-sale 下单以后一律发一条 Kafka 消息，帮我写一下 producer",
                "雪况接口默认返回摄氏度，帮我加个参数可以切华氏",
                "押金永远不能是负数，写个 Bean Validation 注解",
                "By default the rental endpoint should return 20 items per page; add paging"
                " params.",
                "帮我把 lift-gate 的 retry 改成 always 重试 3 次，用 Spring Retry",
                "写个 unit test，assert 季卡过期以后 gate 每次都返回 DENIED",
            ),
            examples_no_match=(
                "DTO 一律用 record，帮我把 OrderDto 改成 record",
                "以后写代码都用 Lombok，帮我把这个类也改一下",
                "给每个回答加个总结，以后都这样",
                "Add a unit test for every bug fix from now on.",
                "Always write a test that covers the null case.",
                "帮我写个 README，以后都按这个格式",
                "Write your answers in English from now on.",
                "我希望你每次都先给结论，帮我把上面那段重写一下",
            ),
            test=_spec_of_a_task,
        ),
        FunctionRule(
            "history-told",
            "how it was, said beside how it is ('以前我们每次…，现在…', 'we used to always…'): the"
            " project's history, not a rule",
            examples_match=(
                "以前我们每次发版都要停机两小时，现在用滚动发布了。",
                "We used to always deploy on Fridays.",
            ),
            examples_no_match=(
                "以前的写法别再用了，以后都用 record",
                "Always deploy with the script.",
            ),
            test=_history_told,
        ),
        FunctionRule(
            "general-fact",
            "what holds in Java or by a standard, cited so ('per the spec', '这是 contract',"
            " '在 Java 里…'), said to no one",
            examples_match=(
                "HTTP PUT should always be idempotent, that's per the spec.",
                "在 Java 里 equals 和 hashCode 必须 always 一起 override，这是 contract。",
            ),
            examples_no_match=(
                "在 Java 里写代码的时候，你以后都用 record 表示 DTO",
                "Always follow the spec in the examples you give me.",
            ),
            test=_general_fact,
        ),
        FunctionRule(
            "marker-in-a-reason",
            "every standing word is in the reason given ('因为药剂师每次都要…', 'because ops never"
            " reads…'), none in what is asked",
            examples_match=(
                "因为药剂师每次都要手动核对，所以他们很讨厌系统弹窗，这个页面能不能少点弹窗？",
                "Because ops never reads the wiki, I need to put the runbook in the repo.",
            ),
            examples_no_match=(
                "因为我们组禁用 Lombok，以后别给我写 Lombok",
                "Always add imports, because I keep guessing packages.",
            ),
            test=_marker_only_in_a_reason,
        ),
        FunctionRule(
            "waits-for-an-event",
            "what will be done once something happens ('等 3.3 出来以后我们统一升级'): a plan"
            " for then, not a rule for now",
            examples_match=(
                "等 Spring Boot 3.3 出来以后我们统一升级",
                "等新网关上线之后，所有接口一律走 OAuth2",
            ),
            examples_no_match=(
                "等我确认之后再改代码，每次都先给方案",
                "等待超时以后一律重试三次的写法，以后别再给我了",
                "以后等我说开始再写代码",
            ),
            test=_waits_for_an_event,
        ),
        FunctionRule(
            "drafts-a-document",
            "a request to draft a document whose content holds rules (a team style guide, a"
            " README section): the rules are the document's, not the assistant's",
            examples_match=(
                "帮我润色一下团队规范草稿，第一条以后所有 PR 必须附测试",
                "帮我起草一份前端组的编码规范，第一条：永远不要用 var",
                "帮我写个 wiki 里的发布约定：以后周五不发版",
                "Draft a CONTRIBUTING section that says every MR needs a linked ticket.",
            ),
            examples_no_match=(
                "翻译文档的时候，专有名词一律保留英文",
                "以后写文档都用中文",
                "以后帮我写个 README 都要有启动步骤",
                "Whenever you write a design doc, put the rollback plan in its own section.",
                "From now on always write the README examples in Kotlin.",
                "以后回答里别贴整份规范，给链接就行",
            ),
            test=_drafts_a_document,
        ),
        FunctionRule(
            "background-given",
            "background given before a question ('背景：…', 'Context: …'): how the project is,"
            " a note, not a rule",
            examples_match=(
                "背景：我们所有接口必须返回统一的 Result 包装",
                "Context: every invoice must be kept for ten years, we never delete them.",
                "顺便交代下背景，我们的 Redis 一律走哨兵模式",
            ),
            examples_no_match=(
                "以后解释背景的时候简短点",
                "背景：我们用 Java 17，以后给的代码都按这个版本",
                "FYI: always use AssertJ in tests.",
                "Always give me the context first, then the code.",
                "以后先说背景：再给方案",
            ),
            test=_background_given,
        ),
        FunctionRule(
            "marker-in-a-result",
            "the standing word only tells what a change will bring about or what the code must"
            " do ('so the job never runs twice', '这样以后就不会…'): a task, not a rule",
            examples_match=(
                "Add a guard so the sync job never runs twice on one day.",
                "把 FeeCalculator 里的 float 换成 BigDecimal，这样以后就不会丢精度了",
                "Please make sure the export always closes its stream - fix ReportWriter.",
                "给下单接口加个幂等校验，免得以后重复扣款",
            ),
            examples_no_match=(
                "像这样的空 catch 以后一律不要写",
                "Make sure the code always targets Java 8.",
                "Ensure the SQL you suggest never uses SELECT *.",
                "Always add a test so the coverage never drops.",
                "以后回答要简短，这样我看得快",
                "Please make sure the examples always compile.",
                "We moved to JUnit 5, so write Jupiter tests from now on.",
            ),
            test=_marker_only_in_a_result,
        ),
        FunctionRule(
            "says-nothing-else",
            "nothing but a standing or request word ('以后。', 'always!'): no rule to store",
            examples_match=("以后。", "Always!", "以后\x1e0"),
            examples_no_match=("以后回答用中文", "Always use tabs."),
            test=_says_nothing_else,
        ),
    ],
)
"""Vetoes the offline reader adds: what a model resolves from the conversation and the
program alone cannot."""
