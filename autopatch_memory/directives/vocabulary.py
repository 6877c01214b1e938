"""The vocabulary of standing instructions: the words and patterns that make a
clause a rule.

Standing phrases ("from now on", "以后", a universal scope over the assistant's work,
a default, a revision), preferences ("I'd prefer…", "我希望…"), negative
instructions ("don't…", "不要…"), modal norms ("should", "必须"), the artifacts of the
assistant's work a norm can be about ("answers", "注释"), the lead-in words a clause
may open with, and who a clause is about (the team, the user). They are shared by
the readers of clauses, facts, tasks and anaphora, so they are kept apart from the
logic that reads them (docs/delta.md states the rules in prose).
"""

from __future__ import annotations

import re

from autopatch_memory.lang.phrases import any_of, phrase_alternation, phrase_pattern

# Phrases that make an instruction standing. Alone they are not enough: the clause
# must also be addressed to the assistant (see _addressed).
_STANDING_EN = (
    "from now on", "from here on", "from here on out", "going forward", "moving forward",
    "henceforth", "in future", "in the future", "future answers", "future replies",
    "future responses", "for all future", "from this point on", "from this point forward",
    "starting now", "starting today", "every time", "each time", "always", "never",
    "by default", "as a rule", "whenever", "any time", "anytime", "all answers",
    "all your answers", "all replies", "all responses", "every answer", "every reply",
    "every response", "no longer", "anymore", "any more", "ever again", "no more",
    "remember", "remember to", "remember that", "please remember", "keep in mind", "make sure to",
    "make sure you", "don't forget to", "do not forget to", "avoid", "for the rest of",
    "throughout this project", "for this project", "in this project", "for this repo",
    "in this repo", "for this codebase", "across the project",
    *(f"not {only} {when}" for only in ("only", "just") for when in ("today", "this time",
                                                                     "this once", "now")),
)  # fmt: skip
STANDING_ZH = (
    "以后", "今后", "往后", "此后", "之后都", "之后请", "之后回答", "之后的回答", "之后一律",
    "从现在起", "从现在开始", "从今天起", "从今天开始", "从今往后", "从今以后", "从此",
    "从这次开始", "从这次起", "这次以后", "这次之后", "接下来都", "每次", "每回", "每一次",
    "每个回答", "所有回答", "所有的回答", "一律", "一概", "统一", "始终", "永远", "总是",
    "一直", "记住", "记得", "别忘了", "不要忘了", "务必", "一定要", "必须", "尽量",
    "优先", "别再", "不要再", "不许再", "再也不要", "再也别", "不再", "不用再", "不必再",
    "无需再", "不需要再", "禁止", "不许", "不准", "请勿", "避免", "这个项目里", "这个项目中",
    "本项目里", "本项目中", "整个项目", "在这个项目里",
    # a one-off negated: "不只是这次", "不光今天"
    *(f"{only}{when}" for only in ("不只是", "不只", "不止", "不光是", "不光", "不仅是", "不仅")
      for when in ("这次", "这一次", "今天", "这回")),
)  # fmt: skip
# Three classes of standing meaning besides a time phrase:
# * a universal scope over the assistant's future work: "any Spring code you write for
#   me", "every Redis key you suggest", "the snippets you give me", "凡是…的代码";
# * a default: "default to constructor injection" (the verb, not only "by default");
# * a revision or a restatement of a rule: "I changed my mind: …", "change of plan:",
#   "again, keep it short", "as I said", "我改主意了", "再强调一遍" — what is revised or
#   repeated was a standing rule.
_OUR_WORK_EN = (
    r"(?:write|give|suggest|show|generate|produce|send|recommend|provide|propose|create|"
    r"output|paste|draft)s?"
)
UNIVERSAL_SCOPE = re.compile(
    rf"(?<![a-z])(?:any|every|all|each|whatever)\s+(?:[\w@.#<>-]+\s+){{0,4}}?"
    rf"(?:that\s+)?you(?:'ll| will)?\s+{_OUR_WORK_EN}\b"
    rf"|(?<![a-z])(?:code|snippets?|examples?|samples?|answers?|sql|quer(?:y|ies)|tests?|"
    rf"commands?|configs?|scripts?|comments?|suggestions?)\s+(?:that\s+)?you\s+"
    rf"{_OUR_WORK_EN}\s+(?:for\s+|to\s+)?(?:me|us)\b"
    rf"|(?<![a-z])(?:in|for|across|to)\s+(?:all|any|every|each)\s+(?:of\s+)?(?:the\s+|your\s+|my\s+)?"
    rf"(?:[\w-]+\s+)?(?:code|answers?|examples?|snippets?|samples?|tests?|sql|quer(?:y|ies)|"
    rf"commands?|classes|services?|endpoints?|responses?|replies|explanations?|methods?|"
    rf"projects?|files?|scripts?|dtos?|entities|controllers?|mappers?)\b"
    r"|(?<![a-z])(?:for|in) (?:anything|everything|whatever)\b"
    r"|凡是|任何时候|无论什么时候|不管什么时候|不论什么时候|你(?:以后)?给我的(?:所有|任何)|"
    r"(?:所有|任何)你(?:给我|写)的|(?:后面|后续|接下来|之后)的?(?:所有的?)?(?:回答|回复|答复|示例|代码)"
)
STANDING_VERB = re.compile(
    r"(?<![a-z])defaults?\s+to\b|\bmake it a (?:habit|rule|point)\b|\bas a habit\b"
    r"|养成习惯|习惯性地"
)
REVISION = re.compile(
    r"(?<![a-z])(?:(?:i(?:'ve| have)? )?changed my mind|change of plans?)\b"
    r"|^(?:again|once again|as i (?:said|told you)|like i said|i repeat|to repeat)\b"
    r"|(?<![a-z])bring(?=(?:\s+[\w'-]+){0,4}?\s+back\b)|(?<![a-z])(?:restore|reinstate)\b"
    # "commit message 那个还是改成中文吧": the rule on a thing, named and changed
    r"|(?:那个|那条)(?:规则|要求)?(?:还是|就|也)?(?:改成|改为|换成|改用)"
    r"|改主意|再强调一[遍次下]|重复一[遍次下]|想清楚了|想通了|考虑清楚了|再说一[遍次]|重申一下|我(?:都|已经)?说过了?|恢复(?:一下)?(?:之前|原来|那条|那个)"
)
# "When you answer about ES queries, …": a condition over a kind of the assistant's work
# (not "when you answer this") holds every time it is met.
_WORK_CONDITION_EN = re.compile(
    r"(?<![a-z])when you (?:answer|reply|talk|write|explain)\s+(?:anything\s+)?(?:about|on)\s+"
    r"(?!(?:this|that|it|the last|my last|the previous)\b)"
    # (a plural dropped, as non-native writers do: "when you give me command")
    r"|(?<![a-z])when you (?:show|write|give me|suggest)\s+(?:[\w-]+\s+)?(?:code|examples?|"
    r"snippets?|quer(?:y|ies)|endpoints?|sql|tests?|commands?|configs?|class(?:es)?)\b"
)
# 默认 as "by default" ("默认用 Gradle"), not "the default is" ("默认是同步刷盘" states a fact).
DEFAULT_ZH = re.compile(r"默认(?![是为值的])")
STANDING = re.compile(
    phrase_alternation((*_STANDING_EN, *STANDING_ZH))
    + f"|{DEFAULT_ZH.pattern}"
    + f"|{_WORK_CONDITION_EN.pattern}"
    + r"|(?<![a-z])(?:stop|quit|keep)\s+\w+ing\b|(?<![a-z])stick (?:to|with)\b"
    + r"|(?<![a-z])continue (?:to|using)\b"
    + f"|{UNIVERSAL_SCOPE.pattern}|{STANDING_VERB.pattern}|{REVISION.pattern}"
)
# Phrases of time and habit that make an instruction standing wherever they stand.
TIME_STANDING = (
    "from now on", "from here on", "going forward", "moving forward", "henceforth",
    "in future", "in the future", "future answers", "every time", "each time", "by default",
    "as a rule", "以后", "今后", "往后", "此后", "从现在起", "从现在开始", "从今往后", "从今以后",
    "每次", "每回", "一律", "别再", "不要再",
    "not only today", "not just today", "not only this time", "not just this time",
    "不只是这次", "不只这次", "不止这次", "不光是这次", "不光这次", "不仅是这次", "不只是今天",
)  # fmt: skip
# Standing wherever they are: a polite question carrying one ("能不能以后都用中文回答？",
# "could you always…") is a request, not a question.
STRONG_STANDING = any_of(
    phrase_pattern(*TIME_STANDING, "remember to", "please remember", "keep in mind", "记住"),
    DEFAULT_ZH,
    UNIVERSAL_SCOPE,
    STANDING_VERB,
)
POLITE_ALWAYS = re.compile(
    r"^(?:(?:hi|hello|hey)\W*\s*)?(?:can|could|would|will) you (?:please,? |mind )?"
    r"(?:always|never|stop \w+ing|not|avoid|quit|whenever|any ?time you|each time you)\b|"
    r"^(?:请|麻烦|能不能|可不可以|可以|你能|你可以|能否|你能不能)(?:你)?(?:总是|一直|永远|始终|每次|别再|不要再)"
)

# A preference about answers or work stated by the user: a rule by itself.
PREFERENCE_EN = re.compile(
    r"\b(?:i(?:'d| would) appreciate it if you|it(?:'d| would) (?:help|be (?:great|nice|better)) "
    r"if (?:you|answers|the answers|your answers)|i(?:'d| would) love it if you)\b|"
    r"\bi(?: really| much| generally| strongly| always| usually)?(?: |'d |’d | would )"
    r"(?:prefer|like|love|dislike|"
    r"hate|can'?t stand|cannot stand|don'?t like|do not like|don'?t want|do not want|"
    r"never want|want you to|need you to|rather|"
    r"like (?:you to|the|answers|replies|responses|explanations|shorter|longer|"
    r"more|less|fewer|code|examples)|"
    r"(?:want|need|like) (?:every|all|each|any|your|the|my) (?:[\w-]+ ){0,3}?"
    r"(?:to|in|with|without)\b|"
    r"want (?:the |my |shorter |longer |more |less )?"
    r"(?:answers|replies|responses|explanations|examples))\b"
    r"(?! (?:to know|to ask|to understand|to learn|to see how|to see if|to check|to confirm|"
    r"it|this|that)\b)"
)
# "I'd rather stay consistent with my older tests", "I prefer to write tests first": what
# the user would rather do themselves, not what they want from the assistant.
SELF_WISH_EN = re.compile(
    r"\bi(?:'d| would)? (?:rather|prefer to|like to|love to)\s+(?!you\b|have\b|see\b|get\b|"
    r"receive\b|read\b|hear\b)[a-z]+"
)
PREFERENCE_ZH = re.compile(
    r"我(?:很|真的|比较|更|非常|特别|实在|一直|向来|挺|有点)*(?:希望|喜欢|偏好|倾向|讨厌|受不了|想要你|要你|"
    r"不想看到|不希望|宁愿|反感|烦|厌烦|看不惯|不爱看|"
    # a degree between the negation and the verb: 不太喜欢, 不怎么喜欢, 不是很喜欢
    r"不(?:太|怎么|大|是很|是太|是特别)?(?:喜欢|爱看|想看到))|希望你"
)
# A negative instruction at the start of a clause: standing unless limited to once.
NEGATIVE_LEAD_EN = re.compile(
    r"^(?:please |pls |and |also |but |so |just |oh,? )*(?:(?:don'?t|do not)(?! (?:worry|"
    r"bother(?! with| to| \w+ing)|mind|know|understand|get|see|care|think)\b)|"
    r"never(?! ?mind|\s+(?:\w+ed|thought|knew|heard|"
    r"saw|seen|been|had|got|went|did|said|told|felt|understood|found)\b)|(?:stop|quit) \w+ing|"
    r"avoid|no more|no longer|refrain from|"
    r"no (?!problem|worries|idea|need|way|thanks|luck|doubt|matter|"
    r"longer|more|one|body|thing|clue|wonder|offense)[a-z][\w-]*"
    # "no ES involved", "no Redis needed here": a statement of how things are
    r"(?!\s+(?:[\w-]+\s+)?(?:involved|needed|required|used|in use|at all|anywhere|yet|left)\b))\b"
)
BIE = r"(?<![区特类级个差识告分派性鉴])别(?![人的处])"  # 别 = "don't", not 区别/特别/别人
NEGATIVE_LEAD_ZH = re.compile(
    rf"^(?:请|麻烦|并且|而且|还有|另外|也)*(?:不要|{BIE}|不许|禁止|请勿|勿|避免|少用|不准)"
    # reassurance, not an instruction: 不要紧, 别提了, 别客气, 别担心
    r"(?!紧|提了|说了|客气|急|着急|担心|介意|在意|谢)"
)
# A negative instruction after the thing it governs ("回答的时候不要一上来就铺垫").
NEGATIVE_INSIDE_ZH = re.compile(rf"不要|{BIE}|不许|禁止|请勿|避免|不准")
# Modal norms about an artifact of the assistant's work ("answers should be short").
MODAL_EN = re.compile(r"\b(?:should|must|need to|needs to|has to|have to|ought to)\b")
MODAL_ZH = re.compile(
    r"必须|应该|应当|一律|都用|都要|都得|统一|要用|要写|要加|要先|不能|控制在|保持|限制在|不超过|不要超过"
)
TEAM_SUBJECT = re.compile(
    r"^(?:(?:now|currently|today|these days|nowadays)\s*,?\s*)?"
    r"(?:we|we're|we've|our\s+[\w.-]+(?:\s+[\w.-]+)?|the project|this project|the repo|"
    r"this repo|the codebase|our codebase|the team|our team|the company|ci|our ci|the ci|"
    r"the whole (?:project|repo|codebase|team)|all (?:of )?(?:our|the) services)\b"
    r"|^(?:现在|目前|如今|眼下)?(?:我们|咱们|我们的|咱们的|项目|这个项目|本项目|该项目|整个项目|全项目|"
    r"所有服务|全部服务|公司|团队|我们组|我们团队|仓库|这个仓库|线上|生产环境|ci)"
)

# An artifact of the assistant's work at the head of a clause makes it a norm.
ARTIFACT_HEAD = re.compile(
    r"^(?:the |all |your |any |every |each |other |all other |general )?"
    r"(?:answers?|repl(?:y|ies)|responses?|"
    r"explanations?|code examples?|examples?|snippets?|samples?|code|comments?|code comments?|"
    r"javadocs?|commit messages?|commits?|commands?|tests?|unit tests?|log messages?|"
    r"variable names?|names?|sql|queries|pr descriptions?)\b"
    r"|^(?:所有的?|全部|你的|其他的?|其余的?|别的|一般的?|平时的?)?"
    r"(?:回答|回复|答复|解释|说明|示例代码|代码示例|示例|例子|样例|代码|注释|"
    r"代码注释|javadoc|文档注释|提交信息|提交说明|commit|命令|指令|测试|单元测试|单测|日志|变量名|"
    r"方法名|类名|命名|sql|输出|格式|标题|开头|结尾|结论|篇幅|语气|措辞|术语)"
)
YOU_LEAD = re.compile(
    r"^(?:you|you'll|you should|you must|you need|you can|please)\b"
    # "回答我要贴进文档里": the answers are what 我 (the subject) will do something with
    r"|^(?:你|请|麻烦|帮我|给我|回答我(?!要|会|得|打算|准备|拿去)|告诉我)"
)
# Words that may open a clause before the part that carries its meaning.
LEAD_FILLER = re.compile(
    r"^(?:(?:and|also|so|but|ok|okay|alright|hey|hi|oh|well|then|plus|one more thing|"
    r"another thing|actually|honestly|seriously|really|just|please|pls|kindly|again|"
    r"once again|once more|as i said|to repeat|i repeat|let me repeat|one more time|"
    r"(?:can|could|would|will) you|from now on|from here on(?: out)?|going forward|"
    r"moving forward|henceforth|in (?:the )?future(?: answers| replies| responses)?|"
    r"for all future (?:answers|replies)|from this point (?:on|forward)|starting (?:now|today)|"
    r"for the rest of (?:this|the) (?:project|repo|conversation|chat|session)|"
    r"(?:for|in|throughout|across) (?:this|the) (?:project|repo|codebase)|"
    r"by default|as a rule|in (?:all|every) (?:your )?(?:answers?|repl(?:y|ies)|responses?)|"
    r"always|every time|each time|whenever you (?:answer|reply|respond)|remember(?: to)?|"
    r"please remember(?: to)?|make sure (?:to|you)|keep in mind to|don't forget to|"
    r"do not forget to|i want you to|i'd like you to|i would like you to|i need you to|"
    r"i told you(?: to)?|i said(?: to)?|as i (?:said|told you)|like i said|"
    r"i(?:'ve| have)? changed my mind|changed my mind|on second thought)"
    r"(?:\s*[,，:：]\s*|\s+|$))+"
    r"|^(?:(?:你好|您好|另外|还有|而且|并且|然后|也|对了|哦|嗯|好|好的|那|那就|就|还是|请|麻烦|记住|请记住|"
    r"说实话|老实说|坦白说|讲真|"
    r"能不能|可不可以|能否|你能不能|你能|你可以|我说过|我说了|我已经说过|我都说了|说过了|"
    r"我改主意了|改主意了|想了想|咱们约定一下|我们约定一下|约定一下|拜托|求你了?|劳驾|"
    r"记得|别忘了|以后|今后|往后|此后|之后|从现在起|从现在开始|从今天起|从今天开始|从今往后|"
    r"从今以后|从此|接下来|每次|每回|每一次|默认|一律|统一|始终|永远|总是|一直|务必|一定要|尽量|尽可能|"
    r"我希望你?|希望你|我想要你|我要你|你|都|但是|但|不过|可是|所以|因此|"
    r"再(?:强调|说|重复|提醒)一?[遍次下]|重申一下|强调一下|重复一遍|再次强调)\s*[,，:：]?\s*)+"
)
# "我" as a subject, not an object ("给我", "帮我", "回答我"): a statement about the user.
FIRST_PERSON_SUBJECT_ZH = re.compile(
    r"(?<![给帮替为跟对和让叫教问诉答醒])我(?!们|的|希望|想要|要你|需要你|更喜欢|喜欢|不喜欢|讨厌|偏好)"
    r"|(?<=答)我(?=要(?!你)|会|得|打算|准备|拿去)"
)
# How a Chinese instruction opens: its verb (or an adverb of manner before it).
INSTRUCTION_START_ZH = re.compile(
    r"(?:请|麻烦|顺便|同时|并且?|也|都|还是|一律|统一|尽量|尽可能|务必|直接|只|仅|先|再|多|少|"
    r"别|不要|不用|不必|用|使用|采用|改用|换成|给|写|加|添加|附|带|标|注明|列|讲|说|解释|举|画|贴|"
    r"放|保持|保留|改|换|提供|补充|优先|考虑|按|以|遵循|去掉|省略|跳过|避免|禁止|输出|返回|生成|包|"
    r"封装|抛|打印|记录|配置|检查|确认|告诉|提醒|注意|说明|给出|写出|展开|简化|精简|控制|限制|拆|"
    r"合并|把|将|记得|每|所有|全部|附上|带上|一并|顺带|顺手)"
)
# A choice for an artifact, without a verb: "(…from now on,) Logback in examples", "JUnit 5
# for all tests".
ELLIPTICAL_EN = re.compile(
    r"^[\w@.+#/-]+(?:\s+[\w@.+#/-]+){0,3}?\s+(?:in|for|across)\s+(?:all\s+|every\s+|the\s+|"
    r"your\s+|my\s+|any\s+)?(?:[\w-]+\s+)?(?:answers?|examples?|snippets?|samples?|code|tests?|"
    r"comments?|javadocs?|commit messages?|commands?|logs?|sql|queries|scripts?)\b"
    # "(So) Gradle commands from now on": the artifact named with its choice, then the time
    r"|^[\w@.+#/-]+(?:\s+[\w@.+#/-]+){0,2}?\s+(?:answers?|examples?|snippets?|code|tests?|"
    r"comments?|javadocs?|commit messages?|commands?|logs?|sql|queries|scripts?)\s+"
    r"(?:from now on|from here on(?: out)?|going forward|moving forward|by default)\W*$"
)
# A request without a verb: "(From here on,) Gradle commands please", "中文回答就行".
REQUEST_END = re.compile(r"(?:\bplease|\bpls|就行|就好|即可|就可以了?|就够了)\W*$")
DESCRIPTIVE_START = re.compile(
    r"^(?:我们|咱们|我|他|她|它|这个|那个|这些|那些|项目|程序|有些|大部分|很多|大家|别人|线上)"
)
# An English instruction starts with its verb ("give me…", "use…", "keep…").
IMPERATIVE_VERBS_EN = frozenset(
    """
    give use answer write show put add include keep assume explain reply respond start end
    mention prefer avoid list provide follow suggest recommend make tell format wrap mark
    label skip omit leave stick default go try run call name cite link quote translate speak
    talk stay be focus highlight point break split limit cap lead open close return test
    check verify compare cover consider note drop remove replace prefix suffix sort group
    summarize summarise describe document comment annotate print log throw handle validate
    stop quit refrain never don't do reply send post paste attach generate produce let use
    target assume treat ask warn remind respect mind pick choose favor favour default
    switch change move migrate convert rewrite refactor rethrow catch inject declare define
    extract rename reuse upgrade pin bump indent align capitalize uppercase lowercase escape
    encode mock stub assert measure trace deploy tag squash rebase commit wrap prepend append
    spell cut trim shorten expand elaborate clarify illustrate draw diagram number
    bring structure organize organise arrange present outline phrase lay restore reinstate
    resume revert enable disable set turn reply flag highlight warn delete fix update clean
    edit modify insert inline uncomment touch merge raise lower increase decrease
    """.split()
)

NEGATIVE_VERBS_EN = frozenset({"never", "don't", "dont", "do"})
BARE_SENTIMENT = re.compile(
    r"^(?:i (?:really )?(?:don'?t like it|hate it|dislike it|like it|love it|prefer it|"
    r"like this|love this)|thanks?|thank you|谢谢|我(?:真的|很)?(?:不喜欢|讨厌|喜欢)|真的|拜托|"
    r"please|ok|okay|好的|好)[.!。！]*$"
)


SELF_SUBJECT = re.compile(r"^(?:i|i'm|i am|i've|my|me)\b|^我(?!们)")
