"""Acts: what a request asks the assistant to do, and the words that show a request.

:class:`Act` classes a request's verb (*change*, *create*, *inspect*, *explain*); the
lists below are the English and Chinese verbs of each act, the frames that open a
request ("could you…", 帮我…, 把 X 改成 Y, 给 X 加上 Y) and the forms that ask for no
change (a negation, a condition, the user's own plan, a quoted message). The reading of
clauses (:mod:`.clauses`) uses them; :mod:`.pointers`, :mod:`.reader` and :mod:`.rules`
consult a few.
"""

from __future__ import annotations

from enum import Enum

from .lexicon import CJK, Lexicon, rx


class Act(str, Enum):
    """The kind of a request's verb."""

    # change existing code: fix, rename, add to, 改, 换, 删
    CHANGE = "change"
    # make something new: write, implement, 写, 实现 (code of this repository only with a target)
    CREATE = "create"
    # look at code: check, review, 看看, 检查
    INSPECT = "inspect"
    # tell about it: explain, describe, 讲讲, 介绍
    EXPLAIN = "explain"


_EN_CHANGE = """
fix fixes patch revise repair refactor rename rewrite change modify replace swap switch add insert
append remove delete drop strip clean update upgrade bump downgrade migrate port convert turn
make move extract split merge combine inline simplify optimize optimise improve tighten loosen
harden secure protect sanitize sanitise escape encode encrypt hash salt mask redact restrict
limit throttle enable disable configure wire hook register introduce cover handle catch log
wrap unwrap guard reject block deny ensure enforce prevent avoid stop throw return use apply
adopt externalize externalise parameterize deduplicate dedupe consolidate unify standardize
reorganize restructure rework redo revert undo reduce shrink shorten trim extend support keep
preserve retain eliminate resolve address correct adjust tweak tune amend pin exclude annotate
document format release paginate batch retry parallelize cache close lock synchronize mock stub
lower raise increase decrease set put pass reuse centralize expose hide persist store emit
publish schedule debounce rate-limit null-check rollback localize translate touch cap bound
clamp expire evict invalidate rotate purge prune flush reset pad align offload defer decouple
isolate bind rebind relocate lint reformat squash collapse
""".split()
EN_CHANGE_PHRASES = (
    "clean up", "set up", "get rid of", "roll back", "speed up", "break up", "factor out",
    "pull out", "move out", "split out", "tidy up", "wire up", "hook up", "break down",
    "do away with", "swap out", "switch over", "fill in", "sort out", "sort it out",
    "sort this out", "sort that out", "sort them out", "take care of",
)  # fmt: skip
# Inspections that verify this code holds ("double check that…", "make sure that…").
EN_AUDIT_PHRASES = frozenset(
    {"double check", "sanity check", "make sure", "make certain", "security check", "code review"}
)
_EN_CREATE = "write implement create generate build design code draft produce scaffold".split()
_EN_INSPECT = """
audit review scan check inspect examine analyze analyse investigate debug diagnose look search
find spot detect identify flag verify assess evaluate double-check sanity-check vet test probe
hunt grep trace profile benchmark validate confirm see go
""".split()
_EN_EXPLAIN = """
explain describe tell show walk summarize summarise outline list give introduce clarify
elaborate teach compare recap remind map draw help point guide locate
""".split()
EN_VERBS: dict[str, Act] = {
    **{w: Act.CHANGE for w in (*_EN_CHANGE, *EN_CHANGE_PHRASES)},
    **{w: Act.CREATE for w in _EN_CREATE},
    **{w: Act.INSPECT for w in _EN_INSPECT},
    **{w: Act.EXPLAIN for w in _EN_EXPLAIN},
}
# "go" and "look" inspect only with a particle ("go through", "look at"); "help" explains
# only as "help me understand"; otherwise they open no request.
EN_PARTICLE_VERBS = {
    "go": ("over", "through", "into"),
    "look": ("at", "into", "for", "through", "over"),
}
# Words that open an English request before its verb.
EN_REQUEST_FRAME_RE = rx(
    # Fillers before a request: "ok, so…", "thanks! also…".
    r"^(?:(?:ok(?:ay)?|so|hey|hi|well|now|then|also|and|but|just|first|next|finally|lastly|alright"
    r"|great|good|cool|nice|thanks|thank you|sure|yes|yeah|btw|oh|hmm|pls|please|kindly|quickly"
    r"|again)\b[,!.:\s]*)*"
    # Polite and indirect frames: "could you (please)…", "would you mind…", "I'd appreciate it if
    # you could…", "is it possible to…", "let's…".
    r"(?:would you mind\s+|do you mind\s+"
    r"|(?:can|could|would|will) (?:you|u|we)(?: please| kindly| maybe| also| just| now"
    r"| be able to| be so kind as to)?\s+"
    r"|(?:i|we) (?:want|need|would like|'d like) you to\s+|i'd like you to\s+"
    r"|(?:i|we) (?:would|'d) (?:really )?(?:appreciate it|be grateful|love it|like it) if you"
    r" (?:could|would|can)\s+"
    r"|(?:i|we) (?:was|were) hoping you could\s+|(?:would|is) it (?:be )?possible to\s+"
    r"|are you able to\s+|help me(?: to)?\s+(?=fix|find|refactor|add|remove|check|review|make)"
    # A check passed on to the assistant: "my lead asked me to double-check that…" (not
    # "…asked me to document how X works": the user's own writing, for which they ask)
    r"|(?:my|our|the) (?:tech |team )?(?:lead|boss|manager|pm|reviewer|architect|cto)"
    r" (?:asked|wants|told|needs) (?:me|us) to\s+"
    r"(?=double[- ]check|check|verify|review|audit|scan|make sure|confirm|look (?:at|into))"
    r"|let's\s+|let us\s+|go ahead and\s+|try to\s+|make sure to\s+|please\s+|pls\s+)*"
)
EN_VERB_RE = rx(r"([a-z][a-z-]*)(?:\s+([a-z]+))?(?:\s+([a-z]+))?")
# A verb's word before a finite verb is its subject, a noun: "Patch looks big", "Fix seems off".
EN_FINITE_AFTER = frozenset(
    "looks seems is was has does isn't doesn't wasn't feels appears sounds touches changes adds "
    "removes breaks works".split()
)
# "The patch should not change the DTO", "OrderService should use constructor injection".
EN_MODAL_REQUEST_RE = rx(
    r"\b(?:should|must|needs? to|has to|ought to)\s+(?:not\s+|also\s+|only\s+|just\s+)?([a-z-]+)"
)
# A further verb in the same clause: "investigate and patch it", "look at X and tell me".
EN_AND_VERB_RE = rx(r"\b(?:and|then|also|&)\s+(?:please\s+|then\s+|also\s+)?([a-z-]+)")
# Words after a verb that make it a noun: "review module", "build file", "log level".
EN_NOUN_AFTER = frozenset(
    "module modules service services folder file files level levels process step stage phase "
    "tool tools script scripts config configuration plugin plugins job jobs page pages api "
    "output logic flow class classes method methods data table tables record records result "
    "results cases case coverage suite order".split()
)

# Chinese verbs. Multi-character verbs match anywhere; the single characters of
# ZH_CHANGE_HEADS only right after a request word or at the start of a clause.
_ZH_CHANGE = (
    "改成", "改为", "改掉", "改回", "改名", "改一下", "改下", "改改", "改一改", "改造", "修改",
    "修正", "更改", "变更", "换成", "换掉", "换一下", "换个", "换用", "换一种", "换种", "替换",
    "替掉", "加上", "加个", "加一个", "加一下", "加点", "加些", "加一些", "加几个", "加入", "加锁",
    "添加", "新增", "增加", "补上", "补一下", "补充", "补个", "补几个", "补齐", "补全", "删除",
    "删掉", "删了吧", "删一下", "去掉", "去除", "移除", "拿掉", "干掉", "剔除", "重构", "优化",
    "重写", "升级", "升到", "降级", "降到", "迁移", "调整", "调成", "调大", "调小", "调低", "调高",
    "抽成", "抽取", "抽出", "提取", "提成", "拆成", "拆分", "拆一下", "拆开", "拆小", "合并",
    "简化", "精简", "统一", "规范一下", "整理", "清理", "封装", "接入", "集成", "引入", "适配",
    "收紧", "放开", "关掉", "禁用", "禁掉", "启用", "开启", "转义", "脱敏", "回滚", "撤销", "还原",
    "修复", "修掉", "修好", "修一下", "修下", "修一修", "修个", "格式化", "挪到", "移到", "放到",
    "挪一下", "打个补丁", "打补丁", "改小", "改大", "改短", "改长", "改简单", "改得", "替我改",
    "加一层", "包一层", "改用", "用上", "换回", "恢复成", "处理掉", "干掉", "去重", "补个判空",
    "拾掇", "拾掇拾掇", "收拾收拾",
    "判空", "用回", "改写", "收窄", "配置一个", "配一个", "配个", "配置成", "配成", "设置成",
    "设置为", "传过去", "传下去", "加进去", "挪过去", "写成",
    # Exceptions passed up rather than swallowed: "往上抛", "直接抛出去".
    "往上抛", "向上抛", "抛出去", "直接抛",
    # The change the assistant proposed, taken: "就按你说的改".
    "按你说的改", "照你说的改", "按你的改", "按你的方案改", "按这个方案改",
    # Closing a hole: "赶紧堵上", "把这个口子封住".
    "堵上", "堵住", "封堵", "堵一下", "封住", "封掉",
    # A change measured in lines: "加一行注释", "删两行".
    "加一行", "加两行", "加几行", "删一行", "删两行", "删几行", "改一行", "改两行", "改几行",
)  # fmt: skip
ZH_CHANGE_HEADS = "改换加删修补拆抽去配调关开升降挪移提留保存写"
# Words that start with one of those characters but are no verb of a request.
ZH_HEAD_NOUNS = frozenset(
    """
    补丁 改动 加密 加载 用户 用的 用于 用来 用到 存在 存储 存的 配置 配的 提供 开发 开始 开关
    开源 开放 开头 调用 调试 调度 写的 写法 保证 保持 保存 关于 关系 关注 关联 移动 留言 去年
    提示 提交 修饰 降低 升序 降序 加班 修改 改了 加了 删了 用了 去了 写了 配了 调了 关了 开了
    存了 保留 提到 提问 配合 升级 移除 去哪
    """.split()
)
_ZH_CREATE = (
    "写", "实现", "生成", "设计", "手写", "编写", "做一个", "搞一个", "来一个", "出一个", "造一个",
)  # fmt: skip
_ZH_INSPECT = (
    "检查", "检测", "查一下", "查查", "查下", "查一查", "查看", "看看", "看下", "看一下", "看一看",
    "瞅瞅", "瞧瞧", "排查", "审一下", "审下", "审计", "审查", "扫一下", "扫描", "扫扫", "扫一扫",
    "扫一遍", "过一遍", "过一下", "确认", "评估", "评审", "诊断", "分析", "找找", "找出", "找一下",
    "找到", "定位", "核对", "核查", "验证", "测一下", "走查", "把关", "review", "audit", "check",
    "scan", "帮忙看", "帮我看",
)  # fmt: skip
_ZH_EXPLAIN = (
    "讲讲", "讲一下", "讲下", "讲解", "讲", "解释", "介绍", "说明", "说说", "说一下", "说下",
    "聊聊", "梳理", "总结", "概括", "列出", "列一下", "列举", "画", "描述", "告诉我", "带我",
    # Sorting out how it runs: "帮我捋一下调用链" (not 理一下: 处理一下, 管理一下 hold it).
    "捋一下", "捋捋", "捋一捋", "捋下",
    "科普", "解读", "explain", "展开",
)  # fmt: skip
ZH_VERB_LEXICONS: tuple[tuple[Act, Lexicon], ...] = (
    (Act.EXPLAIN, Lexicon(_ZH_EXPLAIN)),
    # "审计日志和业务日志…": an audit log, a thing, not the verb.
    (Act.INSPECT, Lexicon(_ZH_INSPECT, exceptions=("审计日志", "审计表", "审计字段", "审计记录"))),
    (Act.CHANGE, Lexicon(_ZH_CHANGE)),
    (Act.CREATE, Lexicon(_ZH_CREATE)),
)
ZH_CHANGE_LEX = Lexicon(_ZH_CHANGE)
# Words that open a Chinese request: 帮我…, 麻烦…, 能不能…, 顺便….
_ZH_MARKER = (
    r"(?:你?帮我|帮忙|帮个忙|请(?!教|问|求|假|客)你?|麻烦你?|劳烦|劳驾|给我|你来|替我|能不能(?:帮我)?|能否(?:帮我)?"
    r"|可不可以(?:帮我)?|可以(?:帮我)?|是否可以|能(?:帮我)|顺便|顺手|另外|再|先|然后|接着|直接|记得"
    r"|尝试|试着|试试|我想让你|我要你|你去|赶紧|赶快|尽快|马上|立刻|立即)"
)
ZH_MARKER_RE = rx(_ZH_MARKER)
# Request words that address the assistant: whatever verb follows is asked of it.
ZH_PERSON_MARKER_RE = rx(
    r"你?帮我|帮忙|帮个忙|请(?!教|问|求|假|客)你?|麻烦你?|劳烦|劳驾|你来|替我|能不能帮我|能否帮我"
    r"|可不可以帮我|可以帮我|能帮我|我想让你|我要你|你去"
)
# Verbs after such a word that ask for no change: "麻烦问一下", "帮我理解", "帮我想想".
ZH_NOT_CHANGE_RE = rx(
    r"\s*(?:[一下再先也都就只还]\s*)*(?:问|理解|了解|想|回答|解答|翻译|读|确认|判断|评估|推荐|对比|比较"
    r"|找|查|看|分析|讲|说|解释|介绍|总结|梳理|列|画|带|教)"
)
ZH_MODAL_RE = rx(r"能不能|能否|可不可以|可以|是否可以")
# After 把/将, a change verb: "把 Dubbo 服务的 version 改成 2.0.0", "把异常打印出来"; or
# any verb that moves or turns it into something ("把业务逻辑下沉到 service 层", "把 X 迁到
# Java 17"), except a way of seeing it ("把 X 理解成 Y", "把 X 当成 Y").
ZH_BA_RE = rx(
    r"(?<![一这那])(?:把|将)(?!握|关|手|柄|控)(.{1,40}?)(改|换|加|删|去|修|补|拆|抽|提|关|开|调|升"
    r"|降|挪|移|放|统一|替|打印|输出|写成|做成|弄成|合|挪|用(?!户|途|于|来|法|处|量)|转"
    r"|(?![的了里中在是和与看当视理认称叫想听读算])[" + CJK + r"]{1,2}(?:到|成|为|进|至)(?!了))"
)
# After 给/为: a change to a part ("给 X 加上校验", "为 Y 补上测试").
ZH_GIVE_RE = rx(
    r"(?<![交发回传送留分借卖还递带])(?:给|为|往)(?!我|你|他|她|什么|啥|何)(.{1,40}?)"
    r"(?:加|添加|补|写|配|设置|增加|新增|接|套)"
)
# "CAP 理论讲一下", "登录流程说说": the verb closes the request.
ZH_TRAILING_EXPLAIN_RE = rx(
    r"(?:讲一下|讲讲|讲下|说说|说一下|说下|介绍一下|介绍下|解释一下|解释下|聊聊|科普一下|展开讲讲"
    r"|展开说说)$"
)
# "@X.java review 一下", "OrderService 审一下": the object first, the inspection after it.
ZH_TRAILING_INSPECT_RE = rx(
    r"(?P<verb>review|audit|scan|check|审计|审查|审|扫|检查|排查|走查|评审)\s*(?:一下|下|一遍|一轮)"
    r"(?:吧|呗|哈)?$"
)
# An English verb in a Chinese clause, with 一下: "把 X 的 retry 逻辑 refactor 一下", "帮我 double
# check 一下 X 的校验" (anywhere in the clause).
ZH_MIXED_VERB_RE = rx(
    r"(?<![a-z])(?P<verb>refactor|fix|optimi[sz]e|rewrite|clean up|tidy up|simplify|rename"
    r"|restructure|double check|double-check|sanity check|audit|review)\s*(?:一下|下)"
)
# A review pass over changed code: "帮我过一遍最近改的 X" (not "过一遍 X 的流程", a walk-through).
ZH_REVIEW_PASS_RE = rx(
    r"过一遍(?=[^，,。？?]{0,6}(?:改的|改动|修改|提交|新代码|\bpr\b|\bmr\b|\bdiff\b))"
)
# A change made where the code already is: "直接在原来的方法里改".
ZH_IN_PLACE_CHANGE_RE = rx(r"(?:直接|就)在[^，,。]{1,20}?(?:里|中|上)(?:改|加|删|修)")
ZH_MIXED_INSPECT_VERBS = frozenset(
    {"double check", "double-check", "sanity check", "audit", "review"}
)
ZH_NOUN_AFTER_RE = rx(
    r"\s*(?:模块|目录|服务|包|文件|型|module|service|folder|工具|插件|结果|报告|流程)"
)
# A verb that states what was done or is not done describes code, it asks for nothing:
# "改完密码", "把 CSRF 禁用了", "没设置过期时间", "新增的接口".
ZH_DONE_BEFORE = ("没", "未", "已", "被", "刚", "不", "别人", "谁")
ZH_DONE_AFTER_RE = rx(r"^(?:了(?!吧)|过|完|的|好了|得(?!更|好一点))")
# A 把 clause with nothing before it but a filler, and nothing after its verb but 了 (and
# 吧/啊): an order ("把那个 TODO 删了"), not a report of what was done.
ZH_IMPERATIVE_OPENING_RE = rx(r"(?:那|那就|就|先|直接|再|顺便|赶紧|然后|好|行|ok)?")
ZH_IMPERATIVE_CLOSING_RE = rx(r"(?:掉|了|掉了)?(?:了)?(?:吧|啊|呗|哈)?[。.!！]?")

# How far after a request word or a clause start its verb may start ("帮我 再 看一下").
ZH_VERB_MAX_OFFSET = 2
# Adverbs before a verb: "再加", "只改", "都删了", "直接写成".
ZH_ADVERBS_RE = rx(r"^[\s一下再先也都就只还全统直接别不要]+")
# After 能不能/可以, a verb asks only with a person or an object: "能不能帮我删", "可以把 X 删了";
# "可以删吗" asks whether.
ZH_MODAL_ASKS_RE = rx(r"\s*(?:帮|把|给|将|你|只|再|别|不要|都|全|直接)")
ZH_PASSIVE_OR_ABILITY_RE = rx(r"\s*(?:被|[" + CJK + r"]{1,2}(?:到|得了|不了))")
ZH_SUGGESTION_RE = rx(r"吧$")  # "改成用 Optional 吧"
# 级别, 要不要, 需不需要: no negation.
_NOT_NEGATION = r"(?<![级区类特个性])(?<!要)(?<!需)"
# "不要改代码", "别用反射", "先不改": a limit on a change.
ZH_NEG_VERB_RE = rx(
    _NOT_NEGATION
    + r"(?:别|不要|不用|先别|先不|暂时不|不)(?:再)?(?:用|改|动|碰|加|删|引入|依赖|吞)(?!不)"
)
# "不要再改", "不再加": 再 after the negation, as in ZH_NEG_VERB_RE.
ZH_NEGATED_RE = rx(
    _NOT_NEGATION + r"(?:(?:不要|别|不用|无需|不需要|千万别|先别|暂时别)再?|不再)\s*$"
)
# "只动 OrderService": a change restricted to one part.
# "只捕获 DataIntegrityViolationException 就行", "加个判空就好": an instruction.
ZH_ENOUGH_RE = rx(r"[" + CJK + r"a-z0-9]{2,}\s*(?:就行了?|就好了?|就可以了?|即可|就够了)$")
# A clause that is only the answer's form: "文字版就行", "简单说说就好" (not "注释写中文就行",
# which says how to change code).
ZH_ANSWER_FORM_ENOUGH_RE = rx(
    r"\s*(?:给我|用|来个|出个|给个|给点)?\s*(?:文字版|纯文字|文字描述|简单(?:点|些)?|大概|一句话|几句话|伪代码"
    r"|口头|思路|方向|想法|建议|大纲)\s*(?:说说?|讲讲?|描述|解释)?\s*(?:就行了?|就好了?|就可以了?|即可"
    r"|就够了)\s*"
)
# "我想先了解一下再自己动手", "I'll write it myself": the user acts, nothing is asked of us.
OWN_PLAN_RE = rx(
    r"自己动手|自己来|我自己(?:写|改|加|做|实现)|\bi(?:'ll| will) (?:write|do|implement|change|fix"
    r"|add) (?:it|that|this|them)? ?myself\b|\bmyself\b"
)
EN_YOU_RE = rx(r"\b(?:you|please|pls)\b")
ZH_ONLY_VERB_RE = rx(r"只(?:改|动|保留|修改|修)")
# "这里需要加个判空", "应该改成异步": a wish about this code.
ZH_WISH_RE = rx(
    r"(?:需要|得|应该|应当|最好|希望能?)(?:再|先)?(?:加|改|换|删|去掉|拆|补|修|优化|重构|统一)"
)
# English requests said without an imperative.
EN_FRAMING_WORD_RE = rx(
    r"\b(?:you|u|we|please|pls|kindly|let's|let us|ahead|mind|help|to|possible)\b"
)
EN_PLEASE_RE = rx(r"\bplease\b|\bpls\b")
EN_PLEASE_VERB_RE = rx(r"\b(?:please|pls|kindly)\s+")
EN_AND_EXPLAIN_VERBS = frozenset({"tell", "explain", "list", "show"})
EN_MIN_ING_CHARS = 6  # "adding", not "king"
# "Don't change the method signature", "never touch the tests": a limit on a change.
EN_NEGATIVE_RE = rx(r"^(?:please\s+)?(?:don't|do not|dont|never|no need to|stop)\s+([a-z-]+)")
# "We need rate limiting on /login", "I need the register endpoint to reject…",
# "It would be great if OrderService used…": a wish about this code asks for a change.
EN_WISH_RE = rx(
    r"^(?:we|i) (?:really )?(?:need|want|would like|'d like)\b(?! to (?:know|understand|learn|see"
    r"|figure|find out|ask|check|make sure))"
    # (not what an answer gives: "I need a list for an architecture diagram")
    r"(?! (?:a|an|the)?\s*(?:list|overview|summary|diagram|explanation|rundown|breakdown"
    r"|description|answer|picture)\s+(?:of|for|on|about)\b)|^it would be (?:great|nice|good|better)"
    r" if\b"
    r"|^(?:we|i) (?:should|must) (?!ask|know|understand)\w+"
)
# "Can the patch be split so that…?": a change asked in the passive.
EN_PASSIVE_REQUEST_RE = rx(
    r"^(?:can|could|would)\s+(?:the|this|that|it|these)\b.{0,40}?\bbe\s+(?:split|made|moved|renamed"
    r"|removed|changed|reduced|simplified|rewritten|reverted|dropped|kept|limited|merged|extracted"
    r"|inlined|shortened|cleaned|updated|narrowed|scoped|restricted|reworked|redone)\b"
)
# A condition ("新增一个接口的话") or the user's own plan ("我自己来写") asks nothing of us.
NO_REQUEST_RE = rx(
    # (not "我想让你帮我…", "我要你…": said to the assistant)
    r"的话$|(?:以后|之后)$|^如果|^假如|^要是|我自己|我来|我想(?!让你|请你|麻烦你)|我要(?!你)|我打算|我准备"
    r"|我们打算|我们准备|我在|我正在"
    # The user's own next step or reluctance: "那我先去开会了", "我不想再写一个了".
    r"|(?<![帮让给替叫请])(?:我先去|我去(?![掉除])|我得去|我回头再|我不想再(?:写|弄|搞|造))"
    r"|\bi(?:'m| am) (?:going|planning|trying) to\b|\bi (?:want|plan|need|will|would like) to\b"
    r"|\bif (?:i|we)\b|\bi'll\b|^when\b|^if\b"
)
# A quoted message is the program's words, not the user's request.
QUOTED_RE = rx(r"(?<![\w])'[^']{3,}'(?![\w])|\"[^\"]{3,}\"|`[^`]+`|“[^”]+”|‘[^’]{3,}’|「[^」]+」")
