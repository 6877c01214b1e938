"""Reading the user's words: :func:`read_sentence` (the verdict on one sentence),
:func:`directives_in` (every rule, cancel and fact of a text), :func:`rule_clauses`
and the summarization trigger's cheap check :func:`might_hold_directive`.

This is where the other modules meet: the checks of what is not a directive, the
segmenter, tasks and anaphora.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from functools import lru_cache
from typing import Any

from autopatch_memory import limits
from autopatch_memory.directives.kinds import Directive, DirectiveKind, NotADirective, Reading
from autopatch_memory.directives.normalization import (
    _CJK,
    _any,
    _body_of,
    _norm,
    _rx,
    _words,
    squash,
)
from autopatch_memory.directives.shape_lexicon import (
    _DEFAULT_OBJECTS,
    _NEGATION_RE,
    _SHAPE_STOPWORDS_EN,
)
from autopatch_memory.directives.shapes import rule_shape, same_subject
from autopatch_memory.directives.vocabulary import (
    _ARTIFACT_HEAD,
    _BARE_SENTIMENT,
    _DESCRIPTIVE_START,
    _ELLIPTICAL_EN,
    _FIRST_PERSON_SUBJECT_ZH,
    _IMPERATIVE_VERBS_EN,
    _INSTRUCTION_START_ZH,
    _LEAD_FILLER,
    _MODAL_EN,
    _MODAL_ZH,
    _NEGATIVE_INSIDE_ZH,
    _NEGATIVE_LEAD_EN,
    _NEGATIVE_LEAD_ZH,
    _NEGATIVE_VERBS_EN,
    _POLITE_ALWAYS,
    _PREFERENCE_EN,
    _PREFERENCE_ZH,
    _REQUEST_END,
    _REVISION,
    _SELF_SUBJECT,
    _SELF_WISH_EN,
    _STANDING,
    _STANDING_VERB,
    _STRONG_STANDING,
    _TEAM_SUBJECT,
    _TIME_STANDING,
    _UNIVERSAL_SCOPE,
    _YOU_LEAD,
)
from autopatch_memory.privacy import MARKER_PREFIX
from autopatch_memory.prose import END_PUNCTUATION, prose_sentences
from autopatch_memory.signals import STOPWORDS_EN
from autopatch_memory.text import Language, clip, detect_language, has_long_term_signal

_QUESTION_LEAD_EN = re.compile(
    r"^(?:what|why|how|when|where|which|who|whom|whose|is|are|was|were|do|does|did|can|could|"
    r"should|would|will|shall|may|might|has|have|isn't|aren't|doesn't|didn't|won't|wouldn't|"
    r"shouldn't|any idea|anyone know)\b"
)
_REMEMBER_WORD = re.compile(r"记住|记得|remember")
_EMBEDDED_QUESTION = re.compile(
    r"\b(?:why|what|how|which|whether)\b|为什么|为何|什么|怎么|怎样|如何|哪"
)
_POLITE_LEAD = re.compile(
    r"^(?:can you|could you|would you|will you|please|would you mind)\b|"
    r"^(?:请(?!问)|麻烦|能不能|可不可以|可以|你能|你可以|能否|你能不能)"
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
    r"什么|(?<!不)怎么|怎样|为什么|为何|如何|哪个|哪些|哪里|哪儿|哪种|是否|是不是|能不能|有没有|多少|"
    r"要不要|需不需要|可不可以|对不对|行不行|会不会|啥"
)
# "说明为什么…", "解释怎么…": an interrogative after these is part of an instruction.
_INDIRECT_ZH = re.compile(
    r"说明|解释|讲清楚|讲明|写明|注明|标注|告诉我|指出|列出|讲讲|说清楚|写清楚|给出|写出|说出|附上|带上|"
    r"说下|说一下|讲下|讲一下|提一下|说说|顺便说|(?<![你他她们])说|(?<![你他她们])讲"
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
    r"claims|wrote|insists|argues|mentioned)\b"
    r"|\b(?!i\b|you\b|we\b)[a-z][\w-]*\s+(?:says|insists|recommends|suggests|claims|states|"
    r"mandates|warns|argues|keeps saying|keeps telling us|tells us|told us)\b(?!\s+(?:me|you)\b)"
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

_HYPOTHETICAL = re.compile(
    r"^(?:what if|suppose|supposing|imagine|hypothetically|let's say|say)\b"
    r"|\b(?:if|in case|even if)\s+(?:i|we)\s+(?:said|say|told|tell|were to|asked you to|"
    r"want you to|wanted you to|had said)\b"
    r"|(?:如果|假如|假设|要是|万一|倘若|假使|比如说)\s*(?:我|我们)?\s*(?:说|讲|让你|要求你|告诉你|想让你|叫你)"
    r"|^(?:假设|假如|比方说)"
)

_ONE_OFF_EN = re.compile(
    r"\b(?:just this once|this once|only this once|this time|for now|for this question|"
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
    r"(?:这次|这一次|这回|本次|这一回|这一轮|暂时|先这样|这个问题|这道题|今天|就这一次|只这一次|"
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

_NEGATED = re.compile(
    r"\bnot from now on\b|\bi'?m not saying\b|\bi am not saying\b|\bi didn'?t say\b|"
    r"\bi did not say\b|\bi don'?t mean\b|\bi do not mean\b|\bno need to remember\b|"
    r"\b(?:don'?t|do not|you don'?t have to|no need to) (?:remember|memorize|save) "
    r"(?:this|that|it)\b|^never ?mind[.!,]?$|^never ?mind,|^forget it\b|\bnot a rule\b|"
    r"\bdoesn'?t have to be a rule\b|\bnot always\b|\bdon'?t always\b|\bjust kidding\b|"
    r"\bonly joking\b|\bi'?m not (?:asking|telling|saying|requiring)\b|"
    r"\bi am not (?:asking|telling)\b|\bi (?:didn'?t|did not|never) (?:ask|tell|say)\b|"
    r"\bthat doesn'?t mean\b|\bthis doesn'?t mean\b"
    r"|不是说以后|我没(?:让|要|叫|要求|说)你?|不是(?:要求|让|叫|要)你|并不是要|没让你|没要求你|"
    r"我不是说|我没说|不用记|不必记|不需要记|别记|不要记|^算了|当我没说|随便说说|开玩笑|"
    r"不一定每次|并不总是|不总是|不是每次|不是规则|不算规则"
)

_CREDENTIAL_WORDS = (
    "password", "passwd", "passphrase", "secret", "token", "api key", "apikey", "api-key",
    "access key", "private key", "credential", "credentials", "key", "ssh key", "pin",
    "密码", "口令", "密钥", "秘钥", "私钥", "令牌", "凭证", "凭据",
)  # fmt: skip
_CREDENTIAL_STORE = re.compile(
    r"\b(?:remember|save|store|keep|note|memorize)\b[^.?!]{0,40}?\b(?:my|our|the|this)\b"
    r"[^.?!]{0,30}?" + _words(*_CREDENTIAL_WORDS) + r"|(?:记住|记下|保存|存一下|记一下)"
    r"[^。？！]{0,30}?" + _words(*_CREDENTIAL_WORDS)
)
_REDACTION_MARK = MARKER_PREFIX.lower().rstrip(":")  # compared with folded text
# A password in a URL ("redis://:pass@host", "https://user:pass@host"), should it have
# reached the grammar unredacted: the sentence carries a credential.
_URL_PASSWORD = re.compile(r"[a-z][\w+.-]*://[^\s:/?#@]*:[^\s/@]+@[\w.-]")


def _carries_credential(norm: str) -> bool:
    return _REDACTION_MARK in norm or bool(
        _CREDENTIAL_STORE.search(norm) or _URL_PASSWORD.search(norm)
    )


# What a cancel can be about: something said before, not a thing in the code ("ignore the
# checkstyle warnings" is an instruction about code).
_MEMORY_NOUN = (
    r"(?:rule|rules|note|notes|preference|instruction|request|requirement|thing|bit|part|"
    r"caveat|reminder|restriction|constraint|convention|setting|one about)"
)
_CANCEL = re.compile(
    r"^(?:please |ok,? |okay,? |actually,? |also,? |let'?s |let us |we can |)*(?:forget|"
    r"disregard|never ?mind)\s+(?:what i said|what i told you|"
    r"my (?:earlier|previous|old|last)|the (?:earlier|previous|old)|that|the|my|about|"
    r"everything i said)\b"
    r"|^(?:please |ok,? |okay,? |actually,? |also,? |let'?s |let us |we can |)*(?:ignore|drop|"
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
    r"不需要了|去掉吧|可以去掉|省了吧|可以删了|删了吧|删了|"
    r"不用记|别记|不要记|不必记|忘掉|忘了吧|别管了|不管了|不用管了|不用理了|算了|撤了|撤回|收回|拿掉|"
    r"不作数|不算数)"
    r"|\b(?:what i (?:said|mentioned|told you)|the (?:thing|part|note|rule) i (?:said|mentioned))\b"
    r".{0,40}\b(?:don'?t remember|do not remember|no need to remember|forget|ignore|is wrong)\b"
    r"|(?:规则|规定|约定|要求|偏好|设定|限制)[^。]{0,6}(?:作废|取消了|不用了|不算了|不作数|不算数|"
    r"不用管了|可以去掉|删了吧)"
    r"|(?:取消|撤销|撤回|收回|作废|删掉|去掉)[^。？?]{0,30}(?:的要求|的规则|的设定|的约定|的偏好|那条|这条|的限制)"
)
# "把那个没用的方法删了": what goes is a thing of the code, not something said before.
_CODE_REFERENT_ZH = re.compile(
    r"(?:这|那)(?:个|些|几个)[^，,。]{0,8}?(?:模块|类|方法|函数|文件|缓存|表|字段|接口|依赖|分支|"
    r"注解|索引)"
)
# A cancel that only points at something said earlier (no instruction of its own).
_META_CANCEL = re.compile(
    r"\bwhat i (?:said|told you)\b|\b(?:rule|preference|request|instruction|note)s?\b|"
    r"\beverything i said\b|我说的|之前说的|刚才说的|上次说的|那条|这条|规则|要求|偏好|设定|笔记"
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

_CORRECTION_LEAD = re.compile(
    r"^(?:(?:不是的|说错了|纠正一下|更正一下|更正|其实|实际上|准确地说|补充一下|顺便说一下|"
    r"说明一下|备注|actually|correction|to be clear|that's wrong|that is wrong|"
    r"that's not right|fyi|for the record|for your information|just so you know|note that|btw|"
    r"heads up|quick note|"
    r"by the way)\s*[,，:：!！.]?"
    r"|(?:no|nope|not quite|wrong|not really|不是|不对|错了)\s*(?:[,，:：!！.]|$))\s*"
)
_REMEMBER_LEAD = re.compile(
    r"^(?:please |pls |also |and )*(?:remember|keep in mind|note|don't forget|do not forget)"
    r"(?!\s+to\b)"
    r"(?:\s+that)?\s*[,，:：]?\s*|^(?:请|也|还有|另外)*(?:记住|记一下|记得|别忘了|注意)\s*[,，:：]?\s*"
)
_FACT_VERB = re.compile(
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
_CONTRAST = re.compile(r"[，,]\s*(?:而?不是|而非|not)\s+\S")
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
    r"thinking about|considering)\b|想|打算|准备|计划|希望|需要|尝试|考虑"
)
# What the assistant does, at the start of a Chinese instruction's content ("给我…",
# "提醒我…", "用英文", "加注释").
_ACTION_START_ZH = re.compile(
    r"(?:给|提醒|用|加|写|贴|发|输出|回答|回复|解释|说明|讲|列|带|附|提供|标注|翻译|生成|展示|"
    r"显示|打印|推荐|建议|问我|告诉|附上|补充|总结|举例|画)"
)
# "以后", "from now on": a cancel that speaks of the future (the time is not its content).
_FUTURE = r"以后|今后|往后|从现在起|从今往后|from now on|going forward|in (?:the )?future"
_FUTURE_RE = re.compile(_FUTURE)
_FUTURE_LEAD = re.compile(rf"^(?:{_FUTURE})[\s,，]*")


# Parts of a sentence, each judged on its own ("我们已经切到 Gradle 了，不用再给我 Maven
# 命令了" holds a fact and a cancel). English "and" does not split: "skip the intro and
# get to the point" is one instruction.
_PART_BREAK = re.compile(
    r"\s*(?:[,，；]|(?<![Tt][Ll]);|\s[—–-]{1,2}\s|——|—)\s*|\s+and also\s+|并且|而且|同时|另外|以及"
)
# A part that only sets a condition for the next one ("Every time you show a Maven
# command, add -DskipTests", "写 Controller 的时候，…").
_CONDITION_PART = re.compile(
    r"^(?:every time|each time|whenever|when|if|once|after|before|for)\s+(?:you|i|we|there|it)\b"
    r"|^(?:in|for|across)\s+(?:anything|everything|all|any|every|each)\b"
    r"|^(?:when|whenever|if) (?:showing|giving|writing|explaining|answering)\b"
    r"|^(?:如果|假如|当|每当)[^，,]*$|(?:的时候|时|之前|之后)$"
    r"|^[^，,]*(?:涉及|关于|有关|遇到|碰到|针对)[^，,]*$"
    r"|^[^，,]{1,12}(?:里|中|里面|当中)$"
)
# "以后写分布式事务相关的代码，优先…": a Chinese part that ends on what it is about (…的代码)
# names the topic of the instruction that follows.
_TOPIC_END_ZH = re.compile(r"的[\u4e00-\u9fff]{1,4}$")


def _topic_part(folded: str) -> bool:
    """A part that only names what the next part is about: no choice, no negation."""
    body = _strip_filler(folded)
    if not _TOPIC_END_ZH.search(body) or _NEGATION_RE.search(body):
        return False
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
# What a fact needs besides its subject and verb ("we don't use it anymore" says nothing).
_FACT_FILLER = re.compile(
    r"\b(?:we|we're|we've|our|the|this|that|it|its|them|they|is|are|was|were|be|use|uses|used|"
    r"using|don'?t|do|does|not|no|longer|anymore|any|more|still|now|already|also|just|only|"
    r"all|a|an|to|of|in|on|for|with|project|team|repo|codebase)\b"
    r"|我们|咱们|我们的|项目|这个|那个|它|用的是|在用|使用|不用|没用|不再用|都|也|了|的|是|用|已经|还|就|"
    r"其实|确实|真的|一直|现在|目前|约定好|商量好|说好|决定|约定|商量"
)


# "Change of plan: …", "Quick update: …", "Some context you should keep: …", "之前那个要求
# 恢复吧：…": a short head before a colon that only announces what follows. (A colon
# between digits or before a "//" is a time or a URL, not a head.)
_COLON_HEAD = re.compile(r"^([^:：]{1,48}?)\s*(?:(?<!\d):(?=\s|[\u4e00-\u9fff])|：)\s*(?=\S)")


def _lead_in_head(head: str) -> bool:
    """A colon head that announces what follows instead of saying something itself."""
    words = head.split()
    if _CJK.search(head):
        if len(squash(head)) > limits.DIRECTIVE_COLON_HEAD_CHARS:
            return False
    elif len(words) > limits.DIRECTIVE_COLON_HEAD_WORDS:
        return False
    first = re.match(r"[a-z][a-z']*", head)
    if first is not None and first.group(0) in _IMPERATIVE_VERBS_EN:
        return False  # "format every answer as: …" is the instruction
    return not _ARTIFACT_HEAD.match(head) and not _CONDITION_PART.search(head)


def _without_colon_head(text: str) -> str:
    """``text`` (folded or not) without a lead-in head before a colon."""
    found = _COLON_HEAD.match(text)
    if found is None or not _lead_in_head(_norm(found.group(1))):
        return text
    return text[found.end() :]


def _strip_filler(norm: str) -> str:
    return _LEAD_FILLER.sub("", norm).strip(" ,，:：")


def _strip_lead(norm: str) -> tuple[str, re.Match[str] | None]:
    """``norm`` without a correction or "remember" lead-in (and the dash or colon after
    it), and that lead-in."""
    lead = _CORRECTION_LEAD.match(norm) or _REMEMBER_LEAD.match(norm)
    if lead is None:
        return norm, None
    return norm[lead.end() :].lstrip(" ,，:：!！.—–-"), lead


def _is_question(norm: str) -> bool:
    """A question rather than a statement or a request ("could you always…" is a request)."""
    body = _TAG_QUESTION_RE.sub("", norm).strip()
    polite = (
        _POLITE_LEAD.match(body)
        or _YOU_POLITE.match(body)
        or _STANDING_POLITE_ZH.match(body)
        or body != norm
    )
    # "你能记住我们上次聊的问题吗": "remember" alone asks about memory, not for a rule.
    standing = [m.group(0) for m in _STRONG_STANDING.finditer(body)]
    standing = [w for w in standing if not _REMEMBER_WORD.fullmatch(w)]
    request = bool(polite and (standing or _POLITE_ALWAYS.match(body)))
    # "能不能解释一下为什么 Spring 默认是单例": the standing word is inside what is asked.
    request = request and not _EMBEDDED_QUESTION.search(body)
    if body.rstrip(" .。!！").endswith(("?", "？")):
        return not request
    if not _CJK.search(body):
        return (
            bool(_QUESTION_LEAD_EN.match(body))
            and not _POLITE_LEAD.match(body)
            and not _SUBORDINATE_LEAD_EN.match(body)
        )
    if _QUESTION_PARTICLE_ZH.search(body):
        return not request
    return not request and any(
        not _INDIRECT_ZH.search(body[: found.start()])
        and not _CONCESSIVE_ZH.search(body[max(0, found.start() - 2) : found.start()])
        for found in _INTERROGATIVE_ZH.finditer(body)
    )


def _reported(norm: str) -> bool:
    if _REPORTED_EN.search(norm) or _REPORTED_ZH.search(norm):
        return True
    # A standing phrase inside quotation marks is someone else's words.
    return any(
        _STANDING.search(a or b) or _PREFERENCE_EN.search(a or b) for a, b in _QUOTED.findall(norm)
    )


def _self_description(norm: str) -> bool:
    if _SELF_EN.match(norm):
        return not _SELF_PREFERENCE_EN.search(norm)
    return bool(_SELF_ZH.match(norm)) and not _SELF_PREFERENCE_ZH.search(norm[:12])


def _imperative_start(text: str, *, strict: bool = False) -> bool:
    """The text starts like an instruction: an English verb, or a Chinese clause that
    does not open with a subject ("我们…", "项目…") and has no "我" as its subject
    ("英文文档我看着太累了" is how the user feels). ``strict``: a Chinese clause must
    also open with an instruction verb ("用…", "先…", "带上…") — for a part with no
    standing phrase of its own."""
    if not text:
        return False
    first = re.match(r"[a-z][a-z']*", text)
    if first is not None:
        if first.group(0) in _NEGATIVE_VERBS_EN:
            return bool(_NEGATIVE_LEAD_EN.match(text))  # "never use…", not "never thought…"
        return first.group(0) in _IMPERATIVE_VERBS_EN
    if _DESCRIPTIVE_START.match(text) or _FIRST_PERSON_SUBJECT_ZH.search(text):
        return False
    return not strict or bool(_INSTRUCTION_START_ZH.match(text))


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


def _modal_norm(text: str) -> bool:
    """A norm ("…都用 X", "… must …") about something that is not the team, the user or a
    named module (those state facts: "我们都用 Gradle", "loan-repay must not call…")."""
    if not (_MODAL_ZH.search(text) or _MODAL_EN.search(text)):
        return False
    head = re.match(r"[\w.-]+", text)
    named = head is not None and "-" in head.group(0)
    return not (named or _TEAM_SUBJECT.match(text) or _SELF_SUBJECT.match(text))


def _addressed(clause: str) -> bool:
    """The clause instructs the assistant: an imperative after a standing phrase,
    "you…", a preference, a negative instruction, or a norm about an artifact of its
    work ("answers should…", "注释要…")."""
    norm = _norm(clause).strip(" ,，:：")
    if _SELF_WISH_EN.search(norm):
        return False
    if _PREFERENCE_EN.match(norm) or _PREFERENCE_ZH.match(norm):
        return True
    if _NEGATIVE_LEAD_EN.match(norm) or _NEGATIVE_LEAD_ZH.match(norm) or _YOU_LEAD.match(norm):
        return True
    # "(每次) review 的时候 please point out…": the condition before the instruction.
    stripped = _strip_filler(_CONDITION_PREFIX_ZH.sub("", _strip_filler(norm)))
    if not stripped:
        return False
    head = _ARTIFACT_HEAD.match(stripped)
    rest = stripped[head.end() :] if head is not None else ""
    if (
        head is not None
        and len(squash(rest)) >= limits.DIRECTIVE_MIN_CLAUSE_CHARS
        and (_ARTIFACT_NORM_ZH.match(rest) if _CJK.search(rest) else _ARTIFACT_NORM_EN.match(rest))
    ):
        return True  # "answers should be short", not the bare word "code"
    if _PREFERENCE_EN.match(stripped) or _PREFERENCE_ZH.match(stripped):
        return True
    if _NEGATIVE_LEAD_EN.match(stripped) or _NEGATIVE_LEAD_ZH.match(stripped):
        return True
    if _REQUEST_END.search(stripped) or _ELLIPTICAL_EN.match(stripped):
        return True  # "Gradle commands please", "中文回答就行", "Logback in examples"
    if _modal_norm(stripped):
        return True  # "(再强调一遍，)Controller 的返回值都用 AjaxResult 包一层"
    if not _CJK.search(stripped[:1]):
        return _imperative_start(stripped)  # "give me Gradle commands from now on"
    # "以后用中文回答": an instruction after the standing phrase.
    return stripped != norm and _imperative_start(stripped)


def _has_fact_content(norm: str) -> bool:
    """Something is said besides the subject and the verb ("we don't use it" says nothing)."""
    return len(squash(_FACT_FILLER.sub(" ", norm))) >= limits.DIRECTIVE_MIN_FACT_CHARS


def _fact_statement(norm: str, known_names: Collection[str]) -> bool:
    """A statement about the project: who uses, runs, calls or is what, with content."""
    if _PROBLEM_WORDS.search(norm) or _DESIRE.search(norm[: limits.DIRECTIVE_DESIRE_WINDOW]):
        return False
    if not _has_fact_content(norm):
        return False
    if _TEAM_SUBJECT.match(norm):
        # "we version the API in the URL path": any statement, but not a plan or a maybe.
        return not _TENTATIVE.search(norm)
    if _SELF_SUBJECT.match(norm) or _YOU_SUBJECT.match(norm):
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
    if _imperative_start(norm, strict=True) or _POLITE_LEAD.match(norm):
        return False
    return _names_project_part(norm, names) and bool(_FACT_VERB.search(norm))


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


def _statement_naming_a_technology(text: str) -> bool:
    body = _body_of(text)
    if _CJK.search(body) or not _COMMON_SUBJECT_EN.match(body):
        return False
    norm = _norm(body)
    if _PROBLEM_WORDS.search(norm) or _is_question(norm) or _SELF_SUBJECT.match(norm):
        return False
    verb = _PLACE_VERB_EN.search(norm)
    return verb is not None and bool(_PROPER_NOUN.search(body[verb.end() :]))


def _said_of_name(rest: str) -> bool:
    """What follows a module's name states something about it (not "我…", not a request)."""
    rest = _NAME_LINK.sub("", rest, count=1)
    if _CJK.search(rest):
        return len(_CJK.findall(rest)) >= 2 and not _FIRST_PERSON_SUBJECT_ZH.search(rest)
    return bool(_VERB_AFTER_NAME_EN.match(rest) or _MODULE_VERB.search(rest))


def _names_project_part(norm: str, names: Collection[str]) -> bool:
    return any(
        re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", norm)
        for name in names
        if len(name) >= limits.DIRECTIVE_MIN_NAME_ANYWHERE_CHARS
    )


def _continues_fact(folded: str) -> bool:
    """A part after a fact that goes on stating it ("…用的是 Sentinel，QPS 阈值配的 2000",
    "…, and the public key is served from /oauth/jwks"): a statement, not about the user
    or the assistant."""
    text = _strip_filler(folded)
    relative = _RELATIVE_LEAD.match(text) and not text.rstrip().endswith(("?", "？"))
    if not text or _BARE_SENTIMENT.match(text) or (_is_question(text) and not relative):
        return False
    if any(_SELF_SUBJECT.match(t) or _YOU_SUBJECT.match(t) for t in (text, folded.strip())):
        return False
    if _FIRST_PERSON_SUBJECT_ZH.search(text) or _DESIRE.search(text):
        return False
    return _has_fact_content(text)


def _feedback(text: str) -> bool:
    """What the user thinks of their own doing or of the assistant's answers, not a fact
    about the project: "I wasn't complaining…", "numbered steps feel robotic"."""
    text = _strip_filler(text)
    if _SELF_SUBJECT.match(text) or _YOU_SUBJECT.match(text):
        return True
    return bool(_ARTIFACT_HEAD.match(text) or _FORMAT_WORDS.match(text))


# What an answer looks like: feedback about these is about the assistant's answers.
_FORMAT_WORDS = re.compile(
    r"^(?:the )?(?:numbered )?(?:steps|bullets?|bullet points|lists?|paragraphs|headings|tables|"
    r"emojis?|code blocks?)\b|^(?:步骤|编号|列表|段落|标题|表格|表情)"
)


def _norm_of_the_fact(part: str) -> bool:
    """A part after a fact that says what its subject must or must not do, without a
    subject or a standing phrase of its own: it goes on with the fact, it is no rule."""
    norm = _norm(part)
    text = _strip_filler(norm)
    if not (_MODAL_ZH.search(text) or _MODAL_EN.search(text)) or _STRONG_STANDING.search(norm):
        return False
    return not (
        _YOU_LEAD.match(text)
        or _NEGATIVE_LEAD_EN.match(text)
        or _NEGATIVE_LEAD_ZH.match(text)
        or _imperative_start(text, strict=True)
    )


def _describes_the_rule(folded: str) -> bool:
    """A part after a rule that describes what the rule governs ("格式就是 …"), not the
    user's reason ("英文的我还得再翻一遍")."""
    text = _strip_filler(folded)
    if not _ARTIFACT_HEAD.match(text) or _FIRST_PERSON_SUBJECT_ZH.search(text):
        return False
    return not (_SELF_SUBJECT.match(text) or _is_question(text))


_RELATIVE_LEAD = re.compile(r"^(?:which|who|where|whose|that)\b")


def _fact_after_cancel(folded: str) -> bool:
    """A Chinese part after a cancel that names a technology: the new state of things
    ("Seata 那条不用记了，下个版本就把 Seata 去掉")."""
    named = _CJK.search(folded) and _LATIN_TECH.search(folded)
    return bool(named or _CHANGE_VERB.search(folded)) and _continues_fact(folded)


# A change of the project, not of the moment ("改成实时推送了", not "现在跑得很快").
_CHANGE_VERB = re.compile(
    r"\b(?:changed to|moved to|switched to|migrated to|upgraded to|replaced|bumped)\b"
    r"|改成|改为|换成|换到|升到|升级到|迁到|迁回|迁移到|切到|切换到"
)


_LATIN_TECH = re.compile(r"[a-z][a-z0-9]+")


def _rule_part(norm: str, standing: bool, after_rule: bool) -> bool:
    """A part of a sentence that instructs the assistant."""
    stripped = _strip_filler(norm)
    if standing and _addressed(norm):
        return True
    if (
        after_rule
        and stripped
        and _imperative_start(stripped, strict=True)
        and not _FACT_VERB_START.match(stripped)
    ):
        return True  # "以后回答都用中文，先给结论"
    negative = any(
        _NEGATIVE_LEAD_EN.match(text) or _NEGATIVE_LEAD_ZH.match(text) for text in (norm, stripped)
    )
    if negative and _addressed(norm):
        return True
    return bool(_ARTIFACT_HEAD.match(stripped)) and bool(
        _MODAL_EN.search(norm) or _MODAL_ZH.search(norm) or _NEGATIVE_INSIDE_ZH.search(norm)
    )


_FACT_VERB_START = re.compile(r"^(?:is|are|was|were|it|it's|that|this)\b")


def _part_kind(
    text: str, standing: bool, previous: DirectiveKind | None, known_names: Collection[str]
) -> DirectiveKind | None:
    """What one part of a sentence states (``previous``: the kind of the part before).

    A part with a lead-in head ("Change of plan: …", "Quick update: …") is judged
    without it when it says nothing as a whole ("we dropped X: …" says something).
    """
    kind = _whole_part_kind(text, standing, previous, known_names)
    if kind is None:
        body = _strip_filler(_norm(text))
        headless = _without_colon_head(body)
        if headless is not body:
            kind = _whole_part_kind(headless, standing, previous, known_names)
    return kind


def _whole_part_kind(
    text: str, standing: bool, previous: DirectiveKind | None, known_names: Collection[str]
) -> DirectiveKind | None:
    norm = _norm(text)
    if _CANCEL.search(norm) and not _CODE_REFERENT_ZH.search(norm):
        return DirectiveKind.CANCEL
    if _statement_naming_a_technology(text) and not standing:
        return DirectiveKind.FACT
    rest, lead = _strip_lead(norm)
    if _fact_statement(_strip_filler(rest), known_names) and not (
        standing and _addressed(rest) and not _TEAM_SUBJECT.match(_strip_filler(rest))
    ):
        return DirectiveKind.FACT
    correction = lead is not None and bool(_CORRECTION_LEAD.match(norm)) and bool(rest)
    if correction and not _addressed(rest) and _has_fact_content(rest) and not _feedback(rest):
        return DirectiveKind.FACT  # "不对，是 Spring Security"
    if lead is not None and _REMEMBER_LEAD.match(norm) and rest:
        stripped = _strip_filler(rest)
        if _rule_part(rest, True, False) or _STANDING.search(rest):
            return DirectiveKind.RULE
        if not _CJK.search(stripped[:1]) and _imperative_start(stripped):
            return DirectiveKind.RULE
        if not _SELF_SUBJECT.match(stripped) and _has_fact_content(stripped):
            return DirectiveKind.FACT  # "Note: the gateway strips /api", "注意：网关会…"
    if _rule_part(norm, standing, previous is DirectiveKind.RULE):
        return DirectiveKind.RULE
    return None


# A part that is only a courtesy belongs to the part before it ("Gradle commands, please").
_COURTESY_PART = re.compile(r"^(?:please|pls|plz|thanks|thank you|thx|谢谢|拜托|麻烦了)$")


def _spans(sentence: str) -> list[tuple[int, int]]:
    """Where each part of a sentence's body starts and ends."""
    body = _body_of(sentence)
    spans: list[tuple[int, int]] = []
    start = 0
    for match in [*_PART_BREAK.finditer(body), None]:
        end = match.start() if match is not None else len(body)
        piece = body[start:end]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            span = (start + lead, start + len(piece.rstrip()))
            if spans and _COURTESY_PART.match(_norm(body[span[0] : span[1]])):
                span = (spans.pop()[0], span[1])
            spans.append(span)
        if match is not None:
            start = match.end()
    return spans


def _parts(sentence: str) -> list[str]:
    body = _body_of(sentence)
    return [body[a:b] for a, b in _spans(sentence)]


def _list_item(part: str, previous: DirectiveKind, before: str) -> bool:
    """A short part without a verb after a rule: an item of its list ("format every answer
    as: summary, details, then code"; "Java 8 syntax — no var, no records"). ``before``:
    the rule it would join."""
    stripped = _strip_filler(_norm(part))
    if previous is not DirectiveKind.RULE or _STANDING.search(stripped):
        return False
    if _CJK.search(stripped):
        short = len(stripped) <= limits.DIRECTIVE_LIST_ITEM_CHARS
        return short and not _NEGATIVE_LEAD_ZH.match(stripped) and not _ZH_VERB.search(stripped)
    words = stripped.split()
    if _NEGATIVE_LEAD_EN.match(stripped) and _NEGATIVE_LEAD_EN.match(_strip_filler(_norm(before))):
        return False  # "no emojis, no filler": a prohibition of its own, like the rule before
    return len(words) <= limits.DIRECTIVE_LIST_ITEM_WORDS and not _imperative_start(stripped)


_ZH_VERB = re.compile(r"[用给写加放讲说标附带列画举]")


def _empty_part(part: str) -> bool:
    rest, _ = _strip_lead(_norm(part))
    return not _strip_filler(rest)


class _Segmenter:
    """Walks the parts of one sentence and gathers its rules, cancels and facts."""

    def __init__(self, sentence: str, known_names: Collection[str]) -> None:
        self.body = _body_of(sentence)
        self.spans = _spans(sentence)
        self.known_names = known_names
        folded = _norm(sentence)
        self.standing = bool(
            _STANDING.search(folded)
            or _PREFERENCE_EN.search(folded)
            or _PREFERENCE_ZH.search(folded)
        )
        self.segments: list[list[Any]] = []  # [kind, start, end]
        self.lead: int | None = None  # where a pending lead-in or condition starts
        self.judged_from: int | None = None  # lead-ins are judged with their part, conditions not
        self.previous: DirectiveKind | None = None

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
            and not _CANCEL.search(folded)
            and not _task(part, self.known_names)
        ):
            here = self.spans[index][0]
            self.lead = here if self.lead is None else self.lead
            self.judged_from = None
            return True
        return False

    def _part(self, index: int, start: int, end: int) -> None:
        part = self.body[start:end]
        folded = _norm(part)
        if self._held(part, folded, index):
            return
        begin = self.lead if self.lead is not None else start
        judged = self.body[self.judged_from if self.judged_from is not None else start : end]
        # After a condition of a standing sentence ("以后遇到异常的时候，…") an instruction
        # needs no standing phrase of its own.
        after_condition = self.lead is not None and self.judged_from is None and self.standing
        self.lead = self.judged_from = None
        if _BARE_SENTIMENT.match(_strip_filler(folded)):
            return
        last = self.segments[-1] if self.segments else None
        if last is not None and (
            _ATTACHED_PART.match(folded) or _list_item(part, last[0], self.body[last[1] : last[2]])
        ):
            last[2] = end
            return
        context = DirectiveKind.RULE if after_condition else self.previous
        if self.previous is DirectiveKind.FACT and _norm_of_the_fact(judged):
            kind = None  # "loan-repay 绝不能直接调 loan-account，必须走 loan-core 的接口"
        else:
            kind = _part_kind(judged, self.standing, context, self.known_names)
        before, self.previous = self.previous, kind
        if kind is None:
            self._statement(folded, before, end)
            return
        if kind is DirectiveKind.RULE and index and _BACK_REFERENCE.match(_strip_filler(folded)):
            begin = min(begin, self.spans[index - 1][0])  # "中文回答就行，以后都这样"
        rules = last is not None and kind is last[0] is DirectiveKind.RULE
        if (
            last is not None
            and rules
            and _one_rule(self.body[last[1] : last[2]], self.body[begin:end])
            and not _task(self.body[last[1] : last[2]], self.known_names)
            and not _task(self.body[begin:end], self.known_names)
        ):
            last[2] = end
            return
        if last is not None and kind is last[0] is before is DirectiveKind.FACT:
            last[2] = end  # one sentence, one fact: "我们生产上两台机器，admin-quartz 没开集群"
            return
        self.segments.append([kind, begin, end])

    def _statement(self, folded: str, before: DirectiveKind | None, end: int) -> None:
        """A part that is no directive of its own may go on with the fact before it, or
        state the new fact after a cancel."""
        last = self.segments[-1] if self.segments else None
        if last is None:
            return
        if before is DirectiveKind.FACT is last[0] and _continues_fact(folded):
            last[2] = end
            self.previous = DirectiveKind.FACT
        elif before is DirectiveKind.RULE is last[0] and _describes_the_rule(folded):
            last[2] = end  # "commit message 用英文，格式就是 feat: xxx 这种"
            self.previous = DirectiveKind.RULE
        elif before is DirectiveKind.CANCEL and _fact_after_cancel(folded):
            start = self.spans[[b for _, b in self.spans].index(end)][0]
            self.segments.append([DirectiveKind.FACT, start, end])
            self.previous = DirectiveKind.FACT


def _segments(sentence: str, known_names: Collection[str]) -> list[tuple[DirectiveKind, str]]:
    """The rules, cancels and facts of one sentence, each with the text that states it
    (the user's own words, punctuation kept).

    Lead-ins ("From now on,", "不对，") and conditions ("Every time you show a Maven
    command,") join the next part; additions ("even if I ask in Chinese", "不是 Shiro")
    and list items join the previous one; adjacent rules on the same subject ("用构造器
    注入，不要用字段注入") are one rule; reasons and bare sentiments are dropped.
    """
    body = _body_of(sentence)
    if _CANCEL.search(_norm(sentence)) and not any(
        _CANCEL.search(_norm(body[a:b])) for a, b in _spans(sentence)
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


def _instructs(part: str) -> bool:
    """The part gives an instruction of its own: a verb, a prohibition, a modal norm."""
    norm = _norm(part)
    text = _strip_filler(norm)
    return bool(
        _imperative_start(text, strict=True)
        or _NEGATIVE_LEAD_EN.match(text)
        or _NEGATIVE_LEAD_ZH.match(text)
        or _NEGATIVE_INSIDE_ZH.search(text)
        or _MODAL_EN.search(norm)
        or _MODAL_ZH.search(norm)
        or _PREFERENCE_EN.search(norm)
        or _PREFERENCE_ZH.search(norm)
        or _REQUEST_END.search(text)
        or _YOU_LEAD.match(text)
        # a norm about an artifact with a verb of its own: "但是代码注释用英文"
        or (_ARTIFACT_HEAD.match(text) and _ZH_VERB.search(text))
    )


def _one_rule(first: str, second: str) -> bool:
    """Two adjacent rule parts state one rule: the same subject ("用构造器注入，不要用
    字段注入"), or a prohibition and its alternative ("don't paste whole files, show
    only the lines that change") where the second part has no standing phrase of its own."""
    a, b = rule_shape(first), rule_shape(second)
    if same_subject(a, b) or _PRONOUN_OBJECT.search(_norm(second)):
        return True  # "I hate wildcard imports, never use them in examples"
    if _STRONG_STANDING.search(_norm(second)):
        return False  # a standing phrase of its own: a rule of its own
    if not _instructs(second):
        return True  # it describes the first: "commit message 用英文，格式就是 feat: xxx 这种"
    # The second part says how to do what the first asks, on nothing else: "代码示例都带上
    # 单元测试，用 JUnit 5" (a choice for a rule that made none, naming no other object).
    if b.choices and not a.choices and b.objects == _DEFAULT_OBJECTS:
        return True
    return a.negative != b.negative


def _one_off(clause: str) -> bool:
    norm = _norm(clause)
    return bool(_ONE_OFF_EN.search(norm) or _ONE_OFF_ZH.search(norm))


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
    rf"{_EDIT_VERB_EN}\b"
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
    r"(?:这|那)(?:个|段|些|块|里|几|边|行|条|张|类|份)|该(?=[\u4e00-\u9fff])|上面的?|刚才的?"
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
_TASK_STANDING = _any(
    _rx(
        *_TIME_STANDING, "always", "never", "whenever", "anymore", "any more", "no longer",
        "ever again", "总是", "始终", "永远", "不再", "再也", "统一", "一概", "所有", "凡是",
    ),
    _UNIVERSAL_SCOPE,
    _STANDING_VERB,
    _REVISION,
)  # fmt: skip


def _task(clause: str, known_names: Collection[str]) -> bool:
    """The clause asks for an edit of one specific thing of the code, with no standing
    marker or preference of its own (see the block above)."""
    norm = _norm(clause)
    if _TASK_STANDING.search(norm) or _PREFERENCE_EN.search(norm) or _PREFERENCE_ZH.search(norm):
        return False
    text = _strip_filler(norm)
    if _CJK.search(text):
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


@lru_cache(maxsize=limits.DIRECTIVE_CACHE_ENTRIES)
def _read(sentence: str, known_names: frozenset[str]) -> tuple[Reading, tuple[Directive, ...]]:
    norm = _norm(sentence)
    checks: tuple[tuple[Callable[[str], bool], NotADirective], ...] = (
        (_is_question, NotADirective.QUESTION),
        (_carries_credential, NotADirective.CREDENTIAL),
        (lambda n: bool(_NEGATED.search(n)), NotADirective.NEGATED),
        (_reported, NotADirective.REPORTED),
        (lambda n: bool(_HYPOTHETICAL.search(n)), NotADirective.HYPOTHETICAL),
        (_self_description, NotADirective.SELF_DESCRIPTION),
    )
    language = detect_language(sentence)
    for check, why_not in checks:
        if why_not is NotADirective.NEGATED and _CANCEL.search(norm):
            continue  # "算了，之前那条规则取消吧": a cancel, not a retraction
        if check(norm):
            facts: tuple[Directive, ...] = ()
            if why_not is NotADirective.QUESTION:
                facts = _facts_before_question(sentence, known_names, language)
            return Reading(sentence, why_not=why_not), facts
    # A one-off anywhere in the sentence ("Just for this one, …, no explanation") also
    # limits the rules that have no standing phrase of their own.
    once = any(_one_off(p) for p in _parts(sentence))
    segments = [
        (kind, text)
        for kind, text in _segments(sentence, known_names)
        if kind is DirectiveKind.CANCEL
        or (kind is DirectiveKind.FACT and not _task(text, known_names))
        or (
            not _one_off(text)
            and _has_content(text)
            and not (once and not _STANDING.search(_norm(text)))
            and not _task(text, known_names)
        )
    ]
    if not segments:
        all_one_off = any(_one_off(p) or _task(p, known_names) for p in _parts(sentence))
        why = NotADirective.ONE_OFF if all_one_off else NotADirective.NO_MARKER
        return Reading(sentence, why_not=why), ()
    if sentence.rstrip().endswith((":", "：")):
        # "his-outpatient 挂号接口偶尔报这个：" introduces what was pasted: no fact of its own.
        segments = [(kind, text) for kind, text in segments if kind is not DirectiveKind.FACT]
    if not segments:
        return Reading(sentence, why_not=NotADirective.NO_MARKER), ()
    kinds = {kind for kind, _ in segments}
    strongest = next(
        k for k in (DirectiveKind.CANCEL, DirectiveKind.RULE, DirectiveKind.FACT) if k in kinds
    )
    found = tuple(Directive(kind, sentence, text, language) for kind, text in segments)
    return Reading(sentence, kind=strongest), found


def _facts_before_question(
    sentence: str, known_names: Collection[str], language: Language
) -> tuple[Directive, ...]:
    """Leading parts of a question that state a fact ("我们用的是 MyBatis-Plus，分页怎么配？")."""
    parts = _parts(sentence)
    norm = _norm(sentence)
    if _HYPOTHETICAL.search(norm):
        return ()  # "Suppose we moved X to Pulsar, would…?" states nothing
    if _carries_credential(norm):
        return ()  # a credential never becomes a note, not even redacted
    return tuple(
        Directive(DirectiveKind.FACT, sentence, part, language)
        for part in parts[:-1]
        if not _is_question(_norm(part))
        and not _premise(_norm(part))
        and _fact_statement(_strip_filler(_norm(part)), known_names)
    )


# "review 模块处理完 finding 之后，…？", "When the queue is closed, …?": a time or
# condition clause sets up the question; the user asks about it, they state nothing.
_PREMISE = re.compile(
    r"(?:的时候|时|之前|之后|以后|以前|的话|期间|过程中)$"
    r"|^(?:如果|假如|要是|当|每当|万一|after|before|when|whenever|once|if|while|until)\b"
)


def _premise(norm: str) -> bool:
    """A part of a question that only states the question's condition or moment."""
    return bool(_PREMISE.search(_strip_filler(norm)))


def read_sentence(sentence: str, known_names: Iterable[str] = ()) -> Reading:
    """The grammar's verdict on one sentence of the user's prose.

    A sentence that holds several directives gets the strongest kind (a cancel, then
    a rule, then a fact). ``known_names`` are the project's module names: a sentence
    that starts with one ("mall-order calls mall-search via Feign") can state a fact.
    """
    return _read(sentence.strip(), frozenset(known_names))[0]


def rule_clauses(sentence: str) -> list[str]:
    """The parts of a sentence that each state one rule ("以后回答都用中文，先给结论"
    has two; "Stop suggesting Lombok, we don't use it anymore" has one)."""
    return [text for kind, text in _segments(sentence, ()) if kind is DirectiveKind.RULE]


def _has_content(clause: str) -> bool:
    """Something is asked besides the standing phrase and the negation ("never" alone is
    no rule)."""
    content = _strip_filler(_norm(clause)).strip("。.!！")
    content = _NEGATION_RE.sub(" ", _STANDING.sub(" ", content)).strip()
    if _BARE_SENTIMENT.match(content):
        return False
    return len(squash(content)) >= limits.DIRECTIVE_MIN_CLAUSE_CHARS


def directives_in(text: str, known_names: Iterable[str] = ()) -> list[Directive]:
    """Every rule, cancel and fact the user states in ``text``, one per clause.

    ``text`` is cleaned first (:func:`~autopatch_memory.prose.user_prose`): code,
    logs and secrets never become directives.
    """
    names = frozenset(known_names)
    found: list[Directive] = []
    previous: tuple[str, tuple[Directive, ...]] | None = None
    for sentence in prose_sentences(text):
        directives = _read(sentence.strip(), names)[1]
        for directive in directives:
            rule = directive.kind is DirectiveKind.RULE and previous is not None
            if rule and previous and _anaphoric(directive.clause):
                resolved = _resolve_anaphor(directive, *previous)
                if resolved is not None:
                    found.append(resolved)
                continue
            before = _rule_of(previous[1]) if rule and previous else None
            if before is not None and _ALTERNATIVE.search(_norm(directive.clause)):
                # "I dislike catch blocks that swallow exceptions. … log and rethrow
                # instead.": the alternative to the rule before is the same rule.
                found[found.index(before)] = _joined(before, directive)
                continue
            found.append(directive)
        previous = (sentence.strip(), directives)
    return found


# A rule that gives the alternative to the one before it: "… log and rethrow instead",
# "…，改为用 Logback".
_ALTERNATIVE = re.compile(r"\binstead\W*$|^(?:改为|改成|换成|而是)")


def _rule_of(directives: Sequence[Directive]) -> Directive | None:
    return next((d for d in reversed(directives) if d.kind is DirectiveKind.RULE), None)


def _joined(first: Directive, second: Directive) -> Directive:
    separator = "；" if first.language is Language.ZH else "; "
    clause = first.clause + separator + second.clause
    return Directive(first.kind, first.sentence, clause, first.language)


# A rule whose object is a pronoun for what the sentence before said: "I really don't
# like Optional as a parameter. Don't do that in code you write for me."; "Lombok 我们
# 早就不用了。以后别再推荐它了。"
_ANAPHOR_EN = re.compile(r"\b(?:that|it|this|them|those|these)\b", re.I)
_ANAPHOR_ZH = re.compile(r"它们?|这样|那样|这么|那么|这个|那个|这些|那些")
_ANAPHOR_SCAFFOLD = re.compile(
    r"\b(?:in|for|to|me|us|my|our|you|your|any|the|code|snippets?|examples?|answers?|"
    r"replies|write|give|show|anymore|any more|again|either|too|please|ever)\b"
    r"|代码|示例|回答|里|中|给我|我|你|了|吧|啊|都|也|再"
)


def _anaphoric(clause: str) -> bool:
    """The rule's first part says nothing but "do that": its object is a pronoun."""
    first = _strip_filler(_norm(_parts(clause)[0] if _parts(clause) else clause))
    if not (_ANAPHOR_EN.search(first) or _ANAPHOR_ZH.search(first)):
        return False
    rest = _STANDING.sub(" ", first)
    rest = _NEGATION_RE.sub(" ", rest)
    rest = _ANAPHOR_ZH.sub(" ", _ANAPHOR_EN.sub(" ", rest))
    rest = _ANAPHOR_SCAFFOLD.sub(" ", rest)
    words = [w for w in re.findall(r"[a-z']+", rest) if w not in _IMPERATIVE_VERBS_EN]
    return not words and len(_CJK.findall(rest)) <= limits.DIRECTIVE_ANAPHOR_VERB_CHARS


def _resolve_anaphor(
    directive: Directive, before: str, directives: Sequence[Directive]
) -> Directive | None:
    """The rule with what its pronoun stands for: nothing new when the sentence before
    already states the rule; its name in place of the pronoun when the sentence before
    names one thing ("We ripped Lombok out. Don't suggest it anymore" → "Don't suggest
    Lombok anymore"); otherwise the rule, then that sentence."""
    if any(d.kind is DirectiveKind.RULE for d in directives):
        return None
    referent = _referent(before)
    if referent is not None:
        pronoun = _ANAPHOR_EN.search(directive.clause) or _ANAPHOR_ZH.search(directive.clause)
        if pronoun is not None:
            a, b = pronoun.span()
            name = f" {referent} " if directive.language is Language.ZH else referent
            clause = " ".join(f"{directive.clause[:a]}{name}{directive.clause[b:]}".split())
            return Directive(directive.kind, directive.sentence, clause, directive.language)
    separator = "；" if directive.language is Language.ZH else "; "
    clause = directive.clause + separator + _body_of(before)
    return Directive(directive.kind, directive.sentence, clause, directive.language)


_NAME_IN_TEXT = re.compile(r"(?<![\w@.-])@?[A-Z][A-Za-z0-9]*(?:[.-][A-Za-z0-9]+)*")


def _referent(sentence: str) -> str | None:
    """The one name a sentence is about ("Lombok"), if it names exactly one thing that is
    no common word."""
    names = []
    for found in _NAME_IN_TEXT.finditer(sentence):
        word = found.group(0)
        common = word.lower() in _SHAPE_STOPWORDS_EN or word.lower() in STOPWORDS_EN
        if common or word.isupper():
            continue  # "We", "Why"; "JDK", "CI" (an acronym is a setting, not the thing)
        if word not in names:
            names.append(word)
    return names[0] if len(names) == 1 else None


def might_hold_directive(text: str) -> bool:
    """A cheap check for the summarization trigger: the text has a standing phrase, a
    preference, a negative instruction, a cancel, a correction or a "remember" — or
    one of its first sentences states a project fact, so that the note exists before
    a later turn corrects or cancels it."""
    norm = _norm(text)
    if has_long_term_signal(text) or bool(
        _STANDING.search(norm)
        or _PREFERENCE_EN.search(norm)
        or _PREFERENCE_ZH.search(norm)
        or _CANCEL.search(norm)
        or _CORRECTION_LEAD.match(norm)
        or _REMEMBER_LEAD.match(norm)
        or _NEGATIVE_LEAD_EN.match(norm)
        or _NEGATIVE_LEAD_ZH.match(norm)
    ):
        return True
    sentences = prose_sentences(text[: limits.DIRECTIVE_TRIGGER_CHARS])
    return any(
        _read(s.strip(), frozenset())[0].kind is DirectiveKind.FACT
        for s in sentences[: limits.DIRECTIVE_TRIGGER_SENTENCES]
    )


def is_meta_cancel(sentence: str) -> bool:
    """A cancel that only points at something said earlier ("forget what I said about
    X", "那条规则作废"), as opposed to one that is itself an instruction ("不用再给我
    Maven 命令了")."""
    return bool(_META_CANCEL.search(_norm(sentence)))


def cancels_an_action(sentence: str) -> bool:
    """A cancel of something the assistant does, said of the future ("以后不用再给我
    Maven 命令了", "from now on, no need to remind me"): when nothing stored matches,
    it is a rule from now on. Without the future it may be about this answer alone
    ("不用再写测试了，这个类很简单"); "never mind the offshore folks" names no action."""
    if is_meta_cancel(sentence) or not _FUTURE_RE.search(_norm(sentence)):
        return False
    content = _FUTURE_LEAD.sub("", cancel_content(sentence)).strip()
    first = re.match(r"[a-z']+", content)
    if first is not None:
        return first.group(0) in _IMPERATIVE_VERBS_EN
    return bool(_ACTION_START_ZH.match(content))


def find_quote(quote: str, text: str) -> list[str]:
    """The sentences of ``text`` (the user's prose) that ``quote`` covers, compared
    without case, width, spaces or punctuation; ``[]`` when the quote is not there.

    A quote of part of a sentence gives the whole sentence, so "回答用中文" quoted
    from "以后回答用中文" is judged with its "以后".
    """
    wanted = squash(quote)
    if not wanted:
        return []
    sentences = prose_sentences(text)
    squashed = [squash(s) for s in sentences]
    exact = [s for s, q in zip(sentences, squashed, strict=True) if wanted == q]
    if exact:
        return exact
    inside = [s for s, q in zip(sentences, squashed, strict=True) if wanted in q]
    if inside:
        return inside
    # A quote across sentences ("We migrated to Gradle. From now on…").
    position = "".join(squashed).find(wanted)
    if position < 0:
        return []
    covered: list[str] = []
    offset = 0
    for sentence, folded in zip(sentences, squashed, strict=True):
        if offset < position + len(wanted) and offset + len(folded) > position:
            covered.append(sentence)
        offset += len(folded)
    return covered


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
    new_norm, old_norm = _norm(new_fact), _norm(old_text)
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
    changed = _CHANGE_MARKER.search(new_norm) or _CORRECTION_LEAD.match(new_norm)
    shared = (new.terms & old.terms) - new_names
    if not changed or not shared:
        return False
    if new_names:
        return True
    # Nothing named: a correction of a number ("Correction: the topic has 24 partitions").
    new_numbers, old_numbers = set(_NUMBER.findall(new_norm)), set(_NUMBER.findall(old_norm))
    return bool(new_numbers and old_numbers) and not new_numbers & old_numbers


_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")


def cancel_content(sentence: str) -> str:
    """What a cancel is about, without its cancelling words ("forget what I said about
    the compatibility note" → "the compatibility note"; "不用再给我 Maven 命令了" →
    "给我 maven 命令")."""
    norm = _norm(sentence).rstrip(END_PUNCTUATION + " ")
    return " ".join(_CANCEL_STRIP.sub(" ", norm).split()).strip(" ,，:：")


def refers_to(clause: str, item_text: str) -> bool:
    """The user's clause is about an item: the same rule subject, or a shared content word."""
    mine, theirs = rule_shape(cancel_content(clause) or clause), rule_shape(item_text)
    if mine.choices and same_subject(mine, theirs):
        return True
    return bool(mine.terms & theirs.terms) or bool(
        mine.choices & theirs.choices and mine.objects & theirs.objects
    )


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
    r"(?<=[\u4e00-\u9fff])[都请](?=[\u4e00-\u9fff])|给我|帮我|一下|了$|吧$|哦$|呢$|"
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
    norm = _norm(text)
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
    body = _body(clause, _LEAD_FILLER)
    folded = _norm(body)
    for pattern, replacement in _LABEL_REWRITES:
        found = pattern.match(folded)
        if found is not None and len(folded) == len(body):
            body = replacement + body[found.end() :]
            break
    if _CJK.search(body):
        body = _LABEL_DROP_ZH.sub("", body)
    body = _LABEL_ME.sub(lambda m: m.group(1), body)
    return _shorten(body, limits.DIRECTIVE_LABEL_CHARS) or clip(
        clause.strip(), limits.DIRECTIVE_LABEL_CHARS
    )


def fact_text(clause: str) -> str:
    """A project fact as a statement: without "不对，", "remember that", "FYI", "对了"."""
    body = clause
    for lead in (_REMEMBER_LEAD, _CORRECTION_LEAD, _LEAD_FILLER, _REMEMBER_LEAD, _CORRECTION_LEAD):
        body = _body(body, lead)
    return body or clause.strip()


def fact_label(clause: str) -> str:
    """A short label for a project fact: the statement without its lead-in."""
    return _shorten(fact_text(clause), limits.DIRECTIVE_LABEL_CHARS) or clip(
        clause.strip(), limits.DIRECTIVE_LABEL_CHARS
    )
