"""The rule-based, bilingual intent router of the command line.

The host's intents decide what memory may see: audit and patch turns stay isolated,
explanations and general questions read and write memory (``docs/cli.md``, "Intents").
The CLI has no model to route a question, so it uses transparent rules over three
questions any reader would ask of a message, in Chinese, English or a mix of both:

* **Does it ask me to act on code, or ask a question?** A request is found by its form
  (an imperative, "please", "could you / would you mind…", "we need…", 帮我/麻烦/能不能…,
  把 X 改成 Y, 给 X 加上 Y, a verb with a result: 改掉, 补上) and classed by its verb:
  *change* (fix, rename, add, 改, 换, 删…), *create* (write, implement, 写, 实现…),
  *inspect* (check, review, 看看, 检查…) or *explain* (explain, tell, 讲, 介绍…). A
  negated change ("不要改代码，只解释…"), a condition ("…的话") or the user's own plan
  ("我自己来写") asks for no change; "可以删吗" asks whether, "帮我删了" asks for it.
* **Does it point at this repository or at general knowledge?** Paths and files, the
  repository's own classes and modules, "this project", "we/our", "this class", "where
  is…", "is there anywhere…", the application's own nouns asked about as facts
  ("购物车数据存 Redis 还是数据库") point here; "what is", "how do I", "一般", "区别",
  indefinite objects ("a HashMap") and names of the Java world point at knowledge.
* **Does it refer to a pending patch** ("the patch", 补丁, "this fix", 这么改, "why did
  you…")?

Then, in this order:

1. while a patch awaits confirmation, a message that refers to it is ``patch_revise``
   when it asks for a change, sets a limit ("补丁里别动测试") or an adjustment ("补丁能再短一点
   吗"), and ``patch_explain`` otherwise; a follow-up change that names nothing new
   ("换成 switch 写法", "use a StringBuilder there instead", "只动 OrderService") revises
   the patch too, while a change with a subject of its own is a new audit;
2. ``code_audit``: patch words without a pending patch; an audit verb (audit, review,
   审计, 扫一下…); audit words (fix, 修复, 漏洞…) unless the message asks for knowledge
   ("什么是 SQL 注入？", "How do I fix a ConcurrentModificationException?") or where the
   code does it ("Where do we scan the classpath?"); a change request on code, whatever
   its verb, unless it is about the previous answer or a how-to in general; a problem (a
   bug, an injection, a leak, 越权, a missing check, a worry: "我担心 X 会算错") asked about
   this code; an inspection that looks for something, verifies a safeguard or judges this
   code ("这样有安全问题吗"). Words inside names ask for nothing: ``patches/``,
   ``data-fix``, ``AuditLogAspect``;
3. ``code_explain``: the message points at this repository;
4. otherwise ``general_chat`` (knowledge, practice, follow-ups, preferences).

Erring is asymmetric: an audit or patch request routed to a memory intent breaks the
isolation, while a question kept outside memory only loses context. So the audit rules
run before the explanation rules, a change request on code is an audit even when its
verb is not listed, and patch words never fall through to memory. The word lists are
this package's own; ``tests/intent_cases.py`` and ``tests/intent_holdout/`` measure
them. Reading is bounded and linear: a long paste is read by its head and tail, without
its log lines (``limits.CLASSIFIER_MAX_CHARS``), and every word list is one compiled regex.
The choice is always overridable (``--intent``, ``/intent``); the result says why.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from autopatch_memory import DirectiveKind, IntentType, directives_in, limits, normalize_text

from .classification import Classification, Rule
from .lexicon import _CJK, _HAS_CJK_RE, _all, _any_of, _Lexicon, _rx

__all__ = ["Classification", "Rule", "choose", "classify", "forced", "mentioned_paths"]


# --- acts: what a request asks the assistant to do -----------------------------------------


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
isolate bind rebind relocate lint reformat
""".split()
_EN_CHANGE_PHRASES = (
    "clean up", "set up", "get rid of", "roll back", "speed up", "break up", "factor out",
    "pull out", "move out", "split out", "tidy up", "wire up", "hook up", "break down",
    "do away with", "swap out", "switch over", "fill in",
)  # fmt: skip
# Inspections that verify this code holds ("double check that…", "make sure that…").
_EN_AUDIT_PHRASES = frozenset(
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
_EN_VERBS: dict[str, Act] = {
    **{w: Act.CHANGE for w in (*_EN_CHANGE, *_EN_CHANGE_PHRASES)},
    **{w: Act.CREATE for w in _EN_CREATE},
    **{w: Act.INSPECT for w in _EN_INSPECT},
    **{w: Act.EXPLAIN for w in _EN_EXPLAIN},
}
# "go" and "look" inspect only with a particle ("go through", "look at"); "help" explains
# only as "help me understand"; otherwise they open no request.
_EN_PARTICLE_VERBS = {
    "go": ("over", "through", "into"),
    "look": ("at", "into", "for", "through", "over"),
}
# Words that open an English request before its verb.
_EN_REQUEST_FRAME_RE = _rx(
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
    r"|let's\s+|let us\s+|go ahead and\s+|try to\s+|make sure to\s+|please\s+|pls\s+)*"
)
_EN_VERB_RE = _rx(r"([a-z][a-z-]*)(?:\s+([a-z]+))?(?:\s+([a-z]+))?")
# "The patch should not change the DTO", "OrderService should use constructor injection".
_EN_MODAL_REQUEST_RE = _rx(
    r"\b(?:should|must|needs? to|has to|ought to)\s+(?:not\s+|also\s+|only\s+|just\s+)?([a-z-]+)"
)
# A further verb in the same clause: "investigate and patch it", "look at X and tell me".
_EN_AND_VERB_RE = _rx(r"\b(?:and|then|also|&)\s+(?:please\s+|then\s+|also\s+)?([a-z-]+)")
# Words after a verb that make it a noun: "review module", "build file", "log level".
_EN_NOUN_AFTER = frozenset(
    "module modules service services folder file files level levels process step stage phase "
    "tool tools script scripts config configuration plugin plugins job jobs page pages api "
    "output logic flow class classes method methods data table tables record records result "
    "results cases case coverage suite order".split()
)

# Chinese verbs. Multi-character verbs match anywhere; the single characters of
# _ZH_CHANGE_HEADS only right after a request word or at the start of a clause.
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
    "判空", "用回", "改写", "收窄", "配置一个", "配一个", "配个", "配置成", "配成", "设置成",
    "设置为", "传过去", "传下去", "加进去", "挪过去",
)  # fmt: skip
_ZH_CHANGE_HEADS = "改换加删修补拆抽去配调关开升降挪移提留保存写"
# Words that start with one of those characters but are no verb of a request.
_ZH_HEAD_NOUNS = frozenset(
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
    "科普", "解读", "explain", "展开",
)  # fmt: skip
_ZH_VERB_LEXICONS: tuple[tuple[Act, _Lexicon], ...] = (
    (Act.EXPLAIN, _Lexicon(_ZH_EXPLAIN)),
    (Act.INSPECT, _Lexicon(_ZH_INSPECT)),
    (Act.CHANGE, _Lexicon(_ZH_CHANGE)),
    (Act.CREATE, _Lexicon(_ZH_CREATE)),
)
_ZH_CHANGE_LEX = _Lexicon(_ZH_CHANGE)
# Words that open a Chinese request: 帮我…, 麻烦…, 能不能…, 顺便….
_ZH_MARKER = (
    r"(?:你?帮我|帮忙|帮个忙|请(?!教|问|求|假|客)你?|麻烦你?|劳烦|劳驾|给我|你来|替我|能不能(?:帮我)?|能否(?:帮我)?"
    r"|可不可以(?:帮我)?|可以(?:帮我)?|是否可以|能(?:帮我)|顺便|顺手|另外|再|先|然后|接着|直接|记得"
    r"|尝试|试着|试试|我想让你|我要你|你去)"
)
_ZH_MARKER_RE = _rx(_ZH_MARKER)
# Request words that address the assistant: whatever verb follows is asked of it.
_ZH_PERSON_MARKER_RE = _rx(
    r"你?帮我|帮忙|帮个忙|请(?!教|问|求|假|客)你?|麻烦你?|劳烦|劳驾|你来|替我|能不能帮我|能否帮我"
    r"|可不可以帮我|可以帮我|能帮我|我想让你|我要你|你去"
)
# Verbs after such a word that ask for no change: "麻烦问一下", "帮我理解", "帮我想想".
_ZH_NOT_CHANGE_RE = _rx(
    r"\s*(?:[一下再先也都就只还]\s*)*(?:问|理解|了解|想|回答|解答|翻译|读|确认|判断|评估|推荐|对比|比较"
    r"|找|查|看|分析|讲|说|解释|介绍|总结|梳理|列|画|带|教)"
)
_ZH_MODAL_RE = _rx(r"能不能|能否|可不可以|可以|是否可以")
# After 把/将, a change verb: "把 Dubbo 服务的 version 改成 2.0.0", "把异常打印出来".
_ZH_BA_RE = _rx(
    r"(?<![一这那])(?:把|将)(?!握|关|手|柄|控)(.{1,40}?)(改|换|加|删|去|修|补|拆|抽|提|关|开|调|升"
    r"|降|挪|移|放|统一|替|打印|输出|写成|做成|弄成|合|挪|用(?!户|途|于|来|法|处|量)|转)"
)
# After 给/为: a change to a part ("给 X 加上校验", "为 Y 补上测试").
_ZH_GIVE_RE = _rx(
    r"(?<![交发回传送留分借卖还递带])(?:给|为|往)(?!我|你|他|她|什么|啥|何)(.{1,40}?)"
    r"(?:加|添加|补|写|配|设置|增加|新增|接|套)"
)
# "CAP 理论讲一下", "登录流程说说": the verb closes the request.
_ZH_TRAILING_EXPLAIN_RE = _rx(
    r"(?:讲一下|讲讲|讲下|说说|说一下|说下|介绍一下|介绍下|解释一下|解释下|聊聊|科普一下|展开讲讲"
    r"|展开说说)$"
)
_ZH_NOUN_AFTER_RE = _rx(
    r"\s*(?:模块|目录|服务|包|文件|型|module|service|folder|工具|插件|结果|报告|流程)"
)
# A verb that states what was done or is not done describes code, it asks for nothing:
# "改完密码", "把 CSRF 禁用了", "没设置过期时间", "新增的接口".
_ZH_DONE_BEFORE = ("没", "未", "已", "被", "刚", "不", "别人", "谁")
_ZH_DONE_AFTER_RE = _rx(r"^(?:了(?!吧)|过|完|的|好了|得(?!更|好一点))")

# How far after a request word or a clause start its verb may start ("帮我 再 看一下").
_ZH_VERB_MAX_OFFSET = 2
# Adverbs before a verb: "再加", "只改", "都删了", "直接写成".
_ZH_ADVERBS_RE = _rx(r"^[\s一下再先也都就只还全统直接别不要]+")
# After 能不能/可以, a verb asks only with a person or an object: "能不能帮我删", "可以把 X 删了";
# "可以删吗" asks whether.
_ZH_MODAL_ASKS_RE = _rx(r"\s*(?:帮|把|给|将|你|只|再|别|不要|都|全|直接)")
_ZH_PASSIVE_OR_ABILITY_RE = _rx(r"\s*(?:被|[\u4e00-\u9fff]{1,2}(?:到|得了|不了))")
_ZH_SUGGESTION_RE = _rx(r"吧$")  # "改成用 Optional 吧"
# 级别, 要不要, 需不需要: no negation.
_NOT_NEGATION = r"(?<![级区类特个性])(?<!要)(?<!需)"
# "不要改代码", "别用反射", "先不改": a limit on a change.
_ZH_NEG_VERB_RE = _rx(
    _NOT_NEGATION
    + r"(?:别|不要|不用|先别|先不|暂时不|不)(?:再)?(?:用|改|动|碰|加|删|引入|依赖)(?!不)"
)
_ZH_NEGATED_RE = _rx(_NOT_NEGATION + r"(?:不要|别|不用|无需|不需要|千万别|先别|暂时别)\s*$")
# "只动 OrderService": a change restricted to one part.
# "只捕获 DataIntegrityViolationException 就行", "加个判空就好": an instruction.
_ZH_ENOUGH_RE = _rx(r"[\u4e00-\u9fffa-z0-9]{2,}\s*(?:就行了?|就好了?|就可以了?|即可|就够了)$")
# "我想先了解一下再自己动手", "I'll write it myself": the user acts, nothing is asked of us.
_OWN_PLAN_RE = _rx(
    r"自己动手|自己来|我自己(?:写|改|加|做|实现)|\bi(?:'ll| will) (?:write|do|implement|change|fix"
    r"|add) (?:it|that|this|them)? ?myself\b|\bmyself\b"
)
_EN_YOU_RE = _rx(r"\b(?:you|please|pls)\b")
_ZH_ONLY_VERB_RE = _rx(r"只(?:改|动|保留|修改|修)")
# "这里需要加个判空", "应该改成异步": a wish about this code.
_ZH_WISH_RE = _rx(
    r"(?:需要|得|应该|应当|最好|希望能?)(?:再|先)?(?:加|改|换|删|去掉|拆|补|修|优化|重构|统一)"
)
# English requests said without an imperative.
_EN_FRAMING_WORD_RE = _rx(
    r"\b(?:you|u|we|please|pls|kindly|let's|let us|ahead|mind|help|to|possible)\b"
)
_EN_PLEASE_RE = _rx(r"\bplease\b|\bpls\b")
_EN_PLEASE_VERB_RE = _rx(r"\b(?:please|pls|kindly)\s+")
_EN_AND_EXPLAIN_VERBS = frozenset({"tell", "explain", "list", "show"})
_EN_MIN_ING_CHARS = 6  # "adding", not "king"
# "Don't change the method signature", "never touch the tests": a limit on a change.
_EN_NEGATIVE_RE = _rx(r"^(?:please\s+)?(?:don't|do not|dont|never|no need to|stop)\s+([a-z-]+)")
# "We need rate limiting on /login", "I need the register endpoint to reject…",
# "It would be great if OrderService used…": a wish about this code asks for a change.
_EN_WISH_RE = _rx(
    r"^(?:we|i) (?:really )?(?:need|want|would like|'d like)\b(?! to (?:know|understand|learn|see"
    r"|figure|find out|ask|check|make sure))|^it would be (?:great|nice|good|better) if\b"
    r"|^(?:we|i) (?:should|must) (?!ask|know|understand)\w+"
)
# "Can the patch be split so that…?": a change asked in the passive.
_EN_PASSIVE_REQUEST_RE = _rx(
    r"^(?:can|could|would)\s+(?:the|this|that|it|these)\b.{0,40}?\bbe\s+(?:split|made|moved|renamed"
    r"|removed|changed|reduced|simplified|rewritten|reverted|dropped|kept|limited|merged|extracted"
    r"|inlined|shortened|cleaned|updated|narrowed|scoped|restricted|reworked|redone)\b"
)
# A condition ("新增一个接口的话") or the user's own plan ("我自己来写") asks nothing of us.
_NO_REQUEST_RE = _rx(
    r"的话$|(?:以后|之后)$|^如果|^假如|^要是|我自己|我来|我想|我要|我打算|我准备|我们打算|我们准备|我在|我正在"
    r"|\bi(?:'m| am) (?:going|planning|trying) to\b|\bi (?:want|plan|need|will|would like) to\b"
    r"|\bif (?:i|we)\b|\bi'll\b|^when\b|^if\b"
)
# A quoted message is the program's words, not the user's request.
_QUOTED_RE = _rx(r"(?<![\w])'[^']{3,}'(?![\w])|\"[^\"]{3,}\"|`[^`]+`|“[^”]+”|‘[^’]{3,}’|「[^」]+」")

# --- question form ------------------------------------------------------------------------

# Clauses end at punctuation, a dash between words, or a colon before a space.
_CLAUSE_SPLIT_RE = _rx(r"([，,。;；!！?？\n：]|:(?=\s)|\.(?=\s|$)|…+|——|\s[-–—]\s)")
# A clause that continues the one before ("补丁为什么不用 Redis 锁，而是改成乐观锁") shares
# its form.
_CONTINUATION_RE = _rx(r"^(?:而是|而不是|而|反而|还是|或者|或是|以及|or|rather than|instead of)")

_ZH_QUESTION_RE = _any_of(
    r"吗|呢|什么|啥|干嘛|嘛|怎么|怎莫|咋|怎样|如何|为什么|为何|为啥|哪|是否|多少|多久|多大|多长",
    # An A-not-A question ("有没有", "会不会"), not a request ("能不能帮我…").
    r"有没有|会不会|是不是|要不要|能不能(?!帮)|可不可以(?!帮)|需不需要|对不对|好不好|行不行|够不够"
    r"|安不安全",
    # "JDK 几", "是几版本" (not "写几个单元测试").
    r"(?:是|有|要|用|第|装)几|几(?:版本|级|种|个版本)|几$",
    # A choice: "存 Redis 还是数据库" (not "还是有问题").
    r"还是(?!有|会|不|没|很|挺|比较|要|得|一样|旧|老|默认|原来|空|null|0|那样|这样)",
)
_EN_QUESTION_RE = _rx(
    r"^(?:what|what's|whats|why|how|how's|where|where's|which|who|whom|whose|when|is|are|was|were"
    r"|does|do|did|can|could|should|would|will|has|have|had|isn't|aren't|doesn't|don't|didn't"
    r"|can't|shouldn't|won't|may|might|am)\b"
)

# --- problems an audit looks for ----------------------------------------------------------

_PROBLEM_WORDS = (
    # Chinese ("bug" too: Chinese questions say it)
    "漏洞", "越权", "绕过", "泄漏", "泄露", "内存溢出", "溢出", "死锁", "竞态", "竞争条件",
    "并发问题", "线程安全", "线程不安全", "空指针", "超卖", "丢数据", "数据丢失", "丢消息",
    "消息丢失", "吞异常", "吞掉", "被吞", "吞了", "硬编码", "写死", "明文", "弱口令", "弱密码",
    "弱加密", "暴力破解", "被刷", "刷接口", "重放", "被利用", "被攻击", "被篡改", "被破解",
    "被绕过", "被注入", "任意文件", "路径穿越", "目录穿越", "反序列化漏洞", "敏感信息", "安全问题",
    "安全隐患", "安全风险", "隐患", "缺陷", "慢查询", "全表扫描", "性能问题", "性能瓶颈", "瓶颈",
    "没生效", "不生效", "失效", "写错", "错了", "有误", "报错", "崩溃", "卡死", "超时了", "会超时",
    "经常超时", "不兼容", "编译不过", "跑不过", "挂了", "挂掉", "内存泄漏", "连接泄漏", "重复下单",
    "重复支付", "重复扣款", "重复消费", "重复入账", "重复提交", "重复执行", "重复发送", "重复领取",
    "重复创建", "重复扣", "会重复", "重复了", "错乱", "不一致", "脏数据", "脏读", "幻读", "会丢",
    "丢了", "异常被", "安全漏洞", "不安全", "风险", "问题", "坑", "bug", "重复代码", "死代码",
    "没用到", "无用", "没用的", "阻塞", "死循环", "内存占用", "cpu 飙高", "慢sql", "算错", "算不对",
    "出错", "不对劲", "不正确", "不准",
    # English
    "bugs", "buggy", "vulnerability", "vulnerabilities", "vulnerable", "exploit", "exploitable",
    "injection", "injections", "injectable", "xss", "csrf", "ssrf", "rce", "xxe", "idor", "npe",
    "npes", "null pointer", "null pointers", "nullpointerexception", "leak", "leaks", "leaking",
    "leaked", "race condition", "race conditions", "racy", "deadlock", "deadlocks", "thread-safe",
    "thread safe", "thread safety", "thread-safety", "concurrency issue", "concurrency issues",
    "concurrency bug", "hard-coded", "hardcoded", "plaintext", "plain text", "cleartext",
    "path traversal", "insecure", "unsafe", "log4shell", "deserialization", "mass assignment",
    "open redirect", "brute force", "brute-force", "weak password", "weak crypto", "weak hash",
    "weak encryption", "missing validation", "missing authorization", "missing authentication",
    "missing check", "missing checks", "missing null check", "personal data", "sensitive data",
    "pii", "guessable", "predictable", "bypass", "bypassed", "bypassable", "swallow", "swallows",
    "swallowed", "overflow", "empty catch", "n+1", "slow query", "slow queries", "full table scan",
    "bottleneck", "bottlenecks", "times out", "crash", "crashes", "broken", "out of memory",
    "runs out of memory", "oom", "memory keeps growing", "being retained", "never freed",
    "not garbage collected", "off-by-one", "flaky", "replay", "dangerous", "misconfiguration",
    "misconfigurations", "misconfigured", "double charge", "duplicate orders", "duplicate payments",
    "oversell", "overselling", "lost update", "lost updates", "data loss", "stale", "unclosed",
    "not closed", "never closed", "not released", "resource leak", "memory leak", "memory leaks",
    "connection leak", "security issue", "security issues", "security hole", "security holes",
    "security risk", "security risks", "security problem", "security problems", "security flaw",
    "exposes secrets", "exposed secrets", "exposes credentials", "publicly exposed", "secrets",
    "credentials", "unused", "dead code", "duplicated", "deprecated", "typo", "typos",
    "error-prone", "fragile", "mistake", "mistakes", "incorrect", "incorrectly", "zip slip",
    "zipslip", "ssti", "template injection", "jndi injection", "clickjacking", "session fixation",
    "timing attack", "toctou", "denial of service", "dos", "redos", "billion laughs",
    "directory traversal", "arbitrary file", "unrestricted upload", "auth bypass",
    "authentication bypass", "privilege escalation", "broken access control",
    "information disclosure", "info leak", "stack trace", "stack traces", "default credentials",
    "weak random", "insecure random", "hole", "holes", "auth hole", "auth holes", "blocking call",
    "blocking calls", "blocks the event loop", "miscalculate", "miscalculates", "wrong result",
    # A worry about this code asks to look for the problem: "我有点担心 X 会算错".
    "担心", "怀疑", "不放心", "不太放心", "不是很放心", "有点慌", "worried", "worry", "suspect",
    "concerned", "afraid",
)  # fmt: skip
# Words that judge code: a problem only when the question points at this code.
_EVALUATIVE_WORDS = (
    "对不对", "对吗", "合理吗", "合不合理", "有没有问题", "有问题吗", "什么问题", "安全吗",
    "是否安全", "安不安全", "够不够", "靠谱吗", "稳吗", "正确吗", "是否正确", "是否合理",
    "有没有考虑", "考虑了吗", "太长", "太宽", "太大", "太多", "太深", "太松", "太久", "太慢",
    "太乱", "太复杂", "太重", "太短", "太小", "不够", "优化空间", "改进", "更好的写法", "副作用",
    "影响性能", "魔法数字", "魔法值", "坏味道", "冗余", "magic number", "magic numbers",
    "code smell", "code smells", "duplication", "乱", "混乱", "难看", "难读", "难维护", "臃肿",
    "冗长", "丑", "messy", "ugly", "bloated", "convoluted", "hard to read", "hard to maintain",
    "spaghetti", "correct", "correctly", "wrong", "safe", "secure", "properly", "good enough",
    "risky", "risk", "risks", "problem", "problems", "issue", "issues", "flaw", "flaws", "weakness",
    "weaknesses", "smell", "smells", "anti-pattern", "anti-patterns", "bad practice",
    "best practices", "break", "breaks", "fail", "fails", "failing", "go wrong", "too long",
    "too wide", "too big", "too many", "too complex", "too slow", "too permissive", "too broad",
    "improve", "improved", "improvements", "slow", "inefficient",
)  # fmt: skip
_NOT_PROBLEMS = (
    "依赖注入", "构造器注入", "构造函数注入", "字段注入", "属性注入", "setter 注入", "注入方式",
    "dependency injection", "constructor injection", "field injection", "setter injection",
    "问题排查", "常见问题", "这个问题", "那个问题", "一个问题", "的问题吗", "问个问题", "问题是",
    "解决问题", "解决什么问题", "解决了什么问题", "解决哪些问题", "解决的问题", "面试题",
    "异常处理", "处理异常", "漏洞扫描插件", "漏洞扫描工具", "扫描工具", "扫描插件", "防重复提交",
    "防重复下单", "防重复", "防重放", "防刷", "防注入", "防篡改", "防超卖", "防止重复提交",
    "防止重复", "防止注入", "防止越权", "防止超卖",
)  # fmt: skip
_PROBLEMS = _Lexicon(_PROBLEM_WORDS, exceptions=_NOT_PROBLEMS)
_EVALUATIVE = _Lexicon(_EVALUATIVE_WORDS, exceptions=_NOT_PROBLEMS)
# Problems said in more words than a list holds.
_PROBLEM_RE = _any_of(
    # An injection, not dependency injection: "会不会有注入", "${} 注入" (not "怎么注入的").
    r"(?<!依赖)(?<!构造器)(?<!构造函数)(?<!字段)(?<!属性)(?<!方法)(?<!setter )(?<!怎么)(?<!如何)"
    r"(?<!怎样)注入(?!方式|的方式|原理|进来|到|的[？?]?$|的$)",
    # A safeguard missing: "没有做登录校验", "缺少参数校验", "isn't closed", "doesn't trim",
    # "missing a permission check", "without a TTL".
    r"(?:没(?!有)|(?<!有)没有|缺少?|缺失|漏了?|漏掉|忘了?|未)(?:做|加|设置?|配置?|处理|进行|写)?"
    r"[\w\u4e00-\u9fff]{0,4}?(?:校验|验证|鉴权|认证|授权|权限|验签|判空|过滤|转义|加密|限制|限流|分页"
    r"|重试|超时|关闭?|释放|remove|回滚|幂等|防护|日志|过期|索引|事务|捕获|兜底)",
    r"\b(?:isn't|aren't|is not|are not|wasn't|weren't|never|not)\s+(?:being\s+|properly\s+"
    r"|always\s+)?(?:removed|closed|released|freed|cleaned|cleared|checked|validated|escaped"
    r"|sanitized|trimmed|handled|caught|rolled back|unsubscribed|shut down|encrypted|hashed"
    r"|authenticated|authorized|verified|limited|bounded)\b",
    r"\b(?:doesn't|does not|didn't|did not|never)\s+(?:check|validate|close|release|trim|remove"
    r"|escape|verify|handle|sanitize|free|clean|clear|encrypt|hash|limit|bound|authenticate"
    r"|authorize|roll back|shut down|unsubscribe)\b",
    r"\bmissing\s+(?:a\s+|an\s+|the\s+|any\s+)?@?[\w-]+",
    r"\b(?:lacks?|lacking)\b",
    r"\bwithout (?:a |an |any |proper )?(?:ttl|timeout|expiry|expiration|limit|check|checks"
    r"|validation|auth\w*|lock|locking|index|transaction|retry|escaping|sanitiz\w+)\b",
    # Whether a safeguard is there: "有没有做权限控制", "是否做了参数校验", "都做鉴权了吗".
    r"(?:有没有|是否|有无|都)(?:做了?|加了?|进行|有)?[\w\u4e00-\u9fff]{0,6}?(?:校验|鉴权|认证|权限控制"
    r"|验证|验签|过滤|转义|加密|限流|防护|幂等|脱敏|判空)",
    # An attack or an abuse, in any form: "replayed", "forged", "bypassing", "leaks".
    r"\b(?:replay|forg|tamper|spoof|hijack|brute[- ]?forc|exploit|bypass|inject|leak|overflow)\w*",
    # Data of others: "能查到别人的地址", "other users' files".
    r"(?:查到|看到|访问|修改|删除|拿到|操作|改)(?:了)?别人的",
    r"\bother users?'?s?\b",
    r"\bsomeone else'?s\b",
    # A secret written to a log: "把密码打印到日志里", "do we log passwords".
    r"(?:密码|口令|令牌|token|密钥|secret|appsecret|卡号|身份证|手机号|敏感).{0,12}"
    r"(?:打印|输出|写|记录|打).{0,6}(?:日志|log)",
    r"\blog(?:s|ged|ging)? (?:the |user |any |raw )?(?:passwords?|tokens?|secrets?|credentials"
    r"|card numbers?|personal data)\b",
    # An exception swallowed or shown: "catch 了 Exception 什么都不做", "returns stack traces to…".
    r"catch.{0,24}(?:什么都不做|啥也不做|啥都不做|不处理|没处理|直接吞|忽略)",
    r"空的?\s*catch",
    r"catch\s*块?是空的",
    r"\bcatch(?:es|ing)?\b.{0,30}\b(?:ignore|ignores|swallow|swallows|does nothing|do nothing)\b",
    r"\bignor(?:e|es|ed|ing) (?:it|them|the exception|exceptions|the error|errors)\b",
    r"(?:异常|堆栈|错误)(?:信息)?.{0,6}(?:返回|暴露|抛|透传)给?(?:前端|客户端|用户|调用方)",
    r"\breturn(?:s|ing|ed)? (?:the )?(?:raw )?(?:stack traces?|exception messages?"
    r"|internal errors?) to\b",
    # Input that reaches a query or a path: "SQL 是拼接的", "build SQL by string concatenation".
    r"(?:sql|query|queries|hql|jpql|语句).{0,30}(?:concatenat|拼接|拼进|拼到|\+\s*\w)",
    r"(?:concatenat\w*|拼接|拼进|拼到|string building).{0,20}(?:sql|query|queries|查询|语句)",
    r"\b(?:from|with|using|on) (?:raw |unsanitized |untrusted )?user(?:-supplied| supplied)?"
    r" input\b",
    r"\b(?:unsanitized|untrusted|user-controlled|attacker-controlled)\b",
    r"(?:拼接|直接拼|直接用)用户输入",
    # Identity taken from the client: "tenant id taken from the request body", "前端传的 memberId".
    r"\b(?:user|tenant|member|account|owner|customer)[ _-]?id\b.{0,40}\b(?:from|in) (?:the )?"
    r"(?:request|body|query|params?|parameters|client|url|header)",
    r"(?:用户|租户|会员|userid|memberid|tenantid|用户id|租户id).{0,10}前端传|前端传(?:过来|进来)?的.{0,6}id",
    # Blocking where nothing may block: "block() on an event loop thread".
    r"\bblock(?:s|ing)?(?:\(\))?\s+(?:on\s+)?(?:an?\s+|the\s+)?event[- ]?loop",
    # A mistake: "算错", "锁错对象", "配错了"; a duplicate effect: "double-refunds".
    r"(?:算|写|锁|传|用|配|判断|取|设|拼)错",
    r"\bdouble[- ](?:refund|charge|pay|spend|book|submit|count|process|send|deduct)\w*",
)
# What a safeguard protects: asking whether it is safe is an audit ("密码是用 MD5 存的吗？安全吗").
_SENSITIVE = _Lexicon(
    ("密码", "口令", "令牌", "密钥", "私钥", "身份证", "手机号", "银行卡", "卡号", "上传",
     "用户输入", "password", "passwords", "token", "tokens", "secret", "secrets", "credential",
     "credentials", "private key", "upload", "uploads", "user input", "session", "sessions",
     "cookie", "cookies", "api key", "api keys"),
)  # fmt: skip
# A choice between options: "存在数据库里还是写死在前端？".
_CHOICE_RE = _rx(r"是.{1,30}还是|\bor\b.{1,30}\??$")
# Whether a safeguard holds: "Are passwords hashed?", "check whether the admin APIs are protected".
_SAFEGUARD_RE = _any_of(
    # "check whether the admin APIs are protected", "确认一下是否做了鉴权".
    r"(?:\b(?:check|verify|confirm|see)\s+(?:whether|if|that)\b|(?:检查|确认|看看|看下|查一下)\s*"
    r"(?:是否|有没有|是不是)).{0,60}(?:protected|authenticated|authorized|validated|sanitized|escaped"
    r"|encrypted|hashed|secured|checked|verified|closed|released|idempotent|safe|校验|鉴权|认证|加密"
    r"|过滤|转义|幂等|权限|安全|脱敏|限流)",
    # "Are passwords hashed before they are stored?"
    r"^(?:is|are|was|were)\b.{0,40}\b(?:protected|authenticated|authorized|validated|sanitized"
    r"|escaped|encrypted|hashed|salted|rate[- ]limited|idempotent|checked|verified|closed|released"
    r"|guarded|secured|signed)\b",
    # "Does the upload handler validate file types?"
    r"^(?:does|do|did)\b.{0,60}\b(?:validate|sanitize|escape|verify|hash|encrypt|authenticate"
    r"|authorize|rate-limit|check|close|release|allow|permit|accept|trust)s?\b",
)
# Audit words: an audit, fix or patch, whatever form the message has.
_AUDIT_WORDS = (
    "审计", "审查", "代码审查", "修复", "修一下", "修下", "修掉", "修好", "怎么修", "修一修",
    "修个", "漏洞", "扫描", "打补丁", "排雷", "渗透测试", "加固", "安全检查", "安全审计",
    "code review", "audit", "audits", "auditing", "fix", "fixes", "fixing", "vulnerability",
    "vulnerabilities", "security review", "security audit", "harden", "hardening", "pentest",
    "repair", "find bugs", "find bug", "scan",
)  # fmt: skip
_NOT_AUDIT = (
    "包扫描", "组件扫描", "注解扫描", "扫描包", "扫描路径", "component scan", "component scanning",
    "classpath scanning", "扫描插件", "漏洞扫描插件", "fix version", "hotfix 分支", "hotfix branch",
)  # fmt: skip
_AUDIT = _Lexicon(_AUDIT_WORDS, exceptions=_NOT_AUDIT)

# --- the pending patch ----------------------------------------------------------------------

_PATCH_WORDS = ("补丁", "patch", "patches", "diff", "diffs", "hunk", "hunks")
_PATCH_WORD = _Lexicon(_PATCH_WORDS)
_PATCH_REF_WORDS = (
    "这个修改", "这次修改", "这个改动", "这次改动", "改动", "这么改", "这样改", "这个改法", "改法",
    "你改的", "你的修改", "修改的地方", "改的地方", "这处修改", "这个修复", "这次修复", "你的修复",
    "这个方案", "这次的修改", "刚才的修改", "这个变更", "这次变更", "the change", "the changes",
    "this change", "these changes", "your change", "your changes", "that change", "the fix",
    "this fix", "your fix", "that fix", "the proposed change", "the proposed fix", "the new code",
    "this version",
)  # fmt: skip
_OWN_CHANGES = (
    "the changes i made", "the change i made", "changes i made", "my changes", "my change",
    "我的修改", "我改的", "我做的修改",
)  # fmt: skip
# "我昨天提交的 ReservationService 改动": the user's own change, not the pending patch.
_OWN_CHANGE_RE = _rx(r"我.{0,12}(?:提交|写|做|改|加|合)的.{0,24}(?:改动|修改|变更|代码|commit|pr)")
_PATCH_REF = _Lexicon(_PATCH_REF_WORDS, exceptions=_OWN_CHANGES)
# Patch words that name no pending patch: the HTTP method, a new patch asked for, git.
_NOT_PATCH_RE = _any_of(
    # The HTTP method: "http patch", "PATCH 接口", "PUT 和 PATCH", "@PatchMapping".
    r"\bhttp\s*patch\b",
    r"\bpatch\s*(?:request|requests|method|endpoint|endpoints|mapping|接口|请求|方法)",
    r"(?:put|get|post|delete)\s*(?:和|或|and|or|/|、|,)\s*patch",
    r"patch\s*(?:和|或|and|or|/|、)\s*(?:put|post)",
    r"@patchmapping|\bpatchmapping\b",
    # Patch files and versions of the world: "git format-patch", "a .patch file", "安全补丁".
    r"(?:一个|a|an)\s*patch\s*(?:文件|file)|git\s+(?:format-)?patch|\.patch\b|\bpatch files?\b",
    r"\bpatch\s*(?:version|release|level)\b|版本补丁|系统补丁|安全补丁",
)
# A patch named with a determiner: "the patch", "this diff", "patch 里", "hunk 2".
_PATCH_DETERMINED_RE = _any_of(
    r"\b(?:the|this|that|your|pending|proposed)\s+(?:patch|diff|hunk)",
    r"(?:patch|diff|hunk)\s*(?:里|中|\d)|(?:这个|这次|你的)\s*(?:patch|diff)|\bhunks?\b",
)
# "打个补丁", "write a patch", "Patch the…": a new patch, an audit.
_NEW_PATCH_RE = _any_of(
    r"打(?:个|一个)?补丁|(?:出|写|做|给|生成)(?:个|一个)补丁",
    r"^(?:please\s+)?patch\b(?!\s*(?:里|中|[:：]))",
    r"(?:\b(?:and|please|to|then|you|pls)\s+|(?:^|[,，;；]\s*))patch\s+(?:it|this|that|them|the)\b",
    r"\b(?:write|create|generate|propose|prepare|make)\s+(?:a|an)\s+(?:new\s+)?patch\b",
)
# "why did you change…", "你为什么要改返回值": what "you" changed is the patch.
_YOU_CHANGED_RE = _any_of(
    r"\bwhy (?:did|do|would) you\b|\b(?:where|how) did you\b",
    r"\byou (?:changed|removed|added|dropped|renamed|moved|touched|deleted|replaced|introduced)\b",
    r"你(?:为什么|为啥|咋)要?(?:改|删|加|换|去掉|动|移除|用)|你(?:改|删|加|换|去掉|动|移除)了",
)
# "为啥要加这个判断", "why not…": with a patch pending, the patch, implied.
_PATCH_IMPLIED_RE = _any_of(
    r"\bwhy (?:did|do|does|would) you\b|\b(?:where|how) did you\b",
    r"\bwhy (?:did|does|do|is|was) (?:it|this|the patch) (?:change|remove|add|use|drop|touch)",
    r"\bwhy not\b|为什么不(?:直接|在|放|改)",
    r"\byou (?:changed|removed|added|dropped|renamed|moved|used|touched)\b",
    r"你(?:为什么|为啥|咋)?要?(?:改|删|加|换|去掉|动|移除|用)",
    r"(?:为什么|为啥|咋)(?:要|你要?)(?:改|删掉?|去掉|移除|加|换|把|用|动)",
    r"(?:为什么|为啥)(?:改|删|加|换|去掉|移除)(?:了|成|掉|这|那)",
    r"这一行|这行|第\s*\d+\s*行|\bthis line\b|\bline \d+\b",
)
# A change to the previous *answer*, not to code: "上面那个例子改成 lambda", "make the example
# shorter".
_ANSWER_WORDS = _Lexicon(
    ("例子", "示例", "回答", "答案", "上面", "刚才", "你说的", "你上面", "解释一遍", "说法",
     "这段话", "demo", "example", "examples", "answer", "answers", "reply", "replies", "response",
     "responses", "explanation", "snippet above", "previous", "above"),
)  # fmt: skip
# Revising words: a patch sentence with one asks for a different patch.
_REVISE_WORDS = _Lexicon(
    ("不要", "别", "只改", "只保留", "只动", "不改", "保留", "再加", "改回", "换成", "改成",
     "小一点", "短一点", "简单点", "试试", "去掉", "instead", "without", "only touch",
     "only change", "don't", "do not", "rather than", "keep"),
)  # fmt: skip
# A change phrased as a continuation ("…instead", "改成…吧", "再加个…") or a restriction
# ("只动 X", "don't touch the tests"): with a patch pending, the patch's revision.
_FOLLOW_UP_CHANGE = _Lexicon(
    ("改成", "换成", "换个", "换种", "换一种", "改用", "再加", "也加", "顺便加", "写法", "吧",
     "一点", "一些", "instead", "rather", "also", "too", "there", "it", "that", "this", "smaller",
     "simpler", "shorter", "less", "more"),
)  # fmt: skip
# "再短一点", "更简单些", "smaller": an adjustment asked of the patch.
_ADJUST_RE = _rx(
    r"再?(?:短|小|简单|精简|少|清楚|干净|保守|通用)(?:一)?(?:点|些)|更(?:短|小|简单|精简|少)"
    r"|\b(?:shorter|smaller|simpler|leaner|less invasive|more minimal|more conservative)\b"
)
_RESTRICTIVE_RE = _any_of(
    r"只(?:改|动|保留|修改)|(?<![级区类特个性])(?<!要)(?:别|不要)(?:改|动|碰|用)",
    r"\bonly (?:touch|change|modify)\b|\b(?:don't|do not|never) (?:touch|change|modify)\b",
    r"\bleave\b.{1,30}\balone\b|\bkeep the\b",
)
# Not understanding the patch asks to have it explained.
_CONFUSED = _Lexicon(
    ("看不懂", "看不太懂", "没看懂", "不太懂", "不理解", "不明白", "没明白", "啥意思", "什么意思",
     "don't understand", "do not understand", "confused", "confusing", "not sure why", "unclear"),
)  # fmt: skip

# --- what a question points at: this repository --------------------------------------------

_PROJECT_WORDS = (
    "这个项目", "本项目", "该项目", "这个仓库", "本仓库", "这个工程", "代码库", "这个系统",
    "本系统", "这个服务", "本服务", "这个应用", "整个项目", "整个工程", "这个repo", "这个 repo",
    "this project", "the project", "this repo", "the repo", "this repository", "the repository",
    "the codebase", "this codebase", "our codebase", "our code", "our project", "our repo",
    "this code base", "the code base", "this app", "this application", "this service",
    "this system", "in here", "the whole project", "the entire project", "across the project",
    "across the codebase", "the source", "the sources",
)  # fmt: skip
_PROJECT = _Lexicon(_PROJECT_WORDS)
# "项目", "仓库", "工程" alone mean this one, except a kind: "一个项目", "电商项目", "maven 项目".
_BARE_PROJECT_RE = _any_of(
    # "系统里" of this system, not of a kind ("分布式系统里", "后台管理系统里").
    rf"(?<![{_CJK}a-z])系统(?:里|中)",
    r"(?<!一个)(?<!某个)(?<!新)(?<!小)(?<!大)(?<!个人)(?<!开源)(?<!电商)(?<!企业级)(?<!微服务)"
    r"(?<!普通)(?<!多模块)(?<!别的)(?<!其他)(?<!其它)(?<!老)(?<!web)(?<!实际)(?<!真实)(?<!生产)"
    r"(?<!一般)(?<!单体)(?<![a-z] )(?<![a-z])(?:项目|仓库|工程)(?!经理|管理|经验)",
    r"\brepo\b|\bcodebase\b",
)
_WE_RE = _any_of(
    r"咱们|我们(?:的|这边|这里|现在|目前|项目|服务|系统|用|需要|部署|依赖|配置|连|启动|是|有|在|怎么|哪)",
    r"\bour\b|\bours\b",
    r"\b(?:do|does|did|are|have|can|should) we (?:need|use|have|handle|connect|store|run|deploy"
    r"|call|build|support|configure|depend|start|log|send|load|expose|catch|validate|check|hash"
    r"|encrypt|persist|cache|read|write|generate|manage|define|get|set|keep|test)",
    r"\bwe (?:use|need|call|store|send|log|deploy|run|build|handle|keep|read|write)\b",
    r"\bwhere do we\b|\bhow do we\b|\bwe're using\b|\bwe are using\b|\bare we\b",
    r"\b(?:are|were) we (?:on|using|running|vulnerable|affected|exposed|safe)\b",
)
# "this class", "这段代码", "这里的 catch", "这些接口": code in front of the user.
_CODE_NOUNS_ZH = (
    "类|方法|接口|文件|函数|代码|逻辑|配置|模块|服务|写法|实现|字段|表|注解|判断|循环|查询|锁"
    "|事务|变量|常量|参数|返回值|页面|流程|功能|任务|sql|controller|service|mapper|dao|bean|catch"
    "|if|else|try|段|块|处|行|地方|定时任务|脚本|测试|单测|依赖|包|目录|请求"
)
_DEICTIC_RE = _any_of(
    r"(?:这个|这段|这里的?|这边的?|这些|该|此|这块|那个|那段|这几个|上面的?|下面的?)\s*"
    rf"(?:{_CODE_NOUNS_ZH})",
    r"这里|这边|此处|\bhere\b",
    r"\b(?:this|these|that|those) (?:class|classes|method|methods|file|files|function|code"
    r"|endpoint|endpoints|api|apis|module|service|controller|query|queries|config|configuration"
    r"|test|tests|logic|bean|table|lock|loop|handler|implementation|line|lines|snippet|sql|mapper"
    r"|repository|filter|job|task|script|check|call|field|constant|component|interceptor"
    r"|listener|request|transaction|dependency|package|folder|directory|page|flow)\b",
)
# Where something is (a concept has no location); anywhere in the code.
_WHERE_RE = _any_of(
    # Where something is: "Where is the JWT secret configured?", "在哪配的", "which class…".
    r"\bwhere(?:'s|'re| is| are| do(?! i (?:even )?(?:start|begin|learn))| does| did|abouts)\b",
    r"\band where\b",
    r"\bwhere\??$",
    r"\bsomewhere\b",
    r"\b(?:show|tell|find|see|know|point|explain|remind) (?:me |us )?(?:to )?where\b",
    r"\bwhich (?:[\w-]+ ){0,2}(?:class|file|module|package|service|controller|table|method|bean"
    r"|component|folder|directory|config|endpoint|api|job|mapper|dao|profile|property|properties"
    r"|handler|filter|interceptor|listener|test|tests)(?:es|s)?\b",
    r"(?<![现存实好处正所强])在哪|从哪|到哪|去哪|(?<![好强在])哪里|哪儿|什么地方",
    r"哪个(?:类|文件|模块|包|接口|表|服务|目录|方法|配置|controller|service|mapper|地方)",
    r"哪些(?:接口|类(?![型似别])|方法|表(?![达示])|模块|地方|服务|配置|文件|包|controller|service"
    r"|mapper|bean|定时任务|页面)",
    r"哪张表|哪些表|哪几张表|哪个表|(?:类|文件|模块|包|接口|表|服务|目录|方法|配置)是哪一?个",
    # Anywhere in the code: "有没有哪里…", "find places that…", "所有的 Controller", "the code".
    r"有没有(?:哪里|地方|哪些地方)|哪些地方|哪几处|有几处|的地方",
    r"\b(?:places|spots|callers|usages) (?:that|where|which)\b",
    r"\b(?:anywhere|any place|any places|all places|every place|every (?:endpoint|controller"
    r"|service|class|mapper|method|query))\b",
    r"(?:所有|全部|每个)(?:的)?\s*[\w\u4e00-\u9fff]{0,6}\s*(?:接口|地方|类|方法|controller|service"
    r"|mapper|dao|查询|依赖|配置|模块|文件|服务)",
    r"\b(?:the|this|our) code\b",
)
# A fact of this repository's own choosing: what it uses, how it was built.
_USAGE_RE = _any_of(
    # What it uses or has: "用的是", "有没有用到", "有接 ELK 吗", "does it use…", "is X used in…".
    r"用的是|用的(?:什么|啥|哪)|用了(?:什么|啥|哪)|有没有用到?|有用到|有没有接|有接|有没有配|有配"
    r"|配的是|配了|是否使用|采用了?(?:什么|哪)|对接的|接的是|走的是|存的是",
    r"有实现吗|实现了吗|有没有实现|是否实现",
    r"(?:有没有|是否有|有无)(?:单元测试|集成测试|单测|测试|文档|接口文档|ci|dockerfile|readme|swagger"
    r"|监控|健康检查|限流|缓存|定时任务|消息队列|多租户|国际化)",
    r"有(?:单元测试|集成测试|单测|测试|文档)吗",
    r"\bdoes (?:it|this|the app|the service|the project|the build) (?:use|need|have|support|run"
    r"|depend|call|store|handle|produce|ship)\b",
    r"\b(?:is|are) (?:there|\w+) (?:used|configured|defined|set|declared|stored|enabled"
    r"|registered|loaded|wired|mapped|deployed|started|implemented|generated|handled|computed"
    r"|calculated|persisted|cached) (?:in|by|at|for|on|here|anywhere)\b",
    r"\b(?:is|are) there (?:a |an |any )?(?:[\w-]+ ){0,2}(?:endpoint|test|tests|dockerfile|readme"
    r"|ci|job|jobs|migration|migrations|profile|health check|swagger|frontend|module|scheduler)\b",
    # Which one it chose: "存 Redis 还是数据库", "which database", "which version".
    r"(?:存|用|走|放|接|连|部署|跑)(?:的是)?\s*[\w\u4e00-\u9fff]{1,12}\s*还是",
    r"\bwhich version\b|\bwhat version\b|\bwhat port\b",
    r"\bwhich (?:database|db|queue|cache|broker|orm|framework|library|registry|profile|version|jdk"
    r"|java|redis|mq)\b",
    # Where a value is and what it is: "存在哪", "定义在", "端口是多少", "is set to what".
    r"存在哪|存哪|放在哪|放哪|定义在|配在|写在|声明在",
    r"是几版本|哪个版本|什么版本|版本是多少|版本号|端口是|端口多少",
    r"(?<!默认)(?:地址|端口|账号|密码|路径|url|链接|入口|超时时间|过期时间|前缀)(?:分别|都|各自|现在)?"
    r"(?:是|为|配的是|设的是)?(?:多少|什么|啥|几)",
    r"\bset to what\b|\bwhat (?:is|are) (?:the )?[\w -]{1,30} set to\b",
    # What building or running it needs: "required to build", "from source".
    r"\b(?:required|needed|need) to (?:build|run|compile|start)\b",
    r"\brequirements? for (?:building|running)\b|\bfrom source\b",
)
# How this application does something: "是怎么实现的", "How is X configured?",
# "What happens when…" (also said of the Java world: "Spring 是怎么解决循环依赖的").
_MANNER_RE = _any_of(
    r"是(?:怎么|如何|在哪)[\u4e00-\u9fff]{0,6}的|是在[\u4e00-\u9fff]{1,8}的|默认(?:是|用)",
    r"\bhow (?:is|are) (?:the |our |this |these )?[\w-]+(?: [\w-]+){0,3} (?:configured"
    r"|implemented|handled|stored|computed|calculated|generated|wired|mapped|registered|loaded"
    r"|defined|built|structured|organi[sz]ed|deployed|persisted|applied|validated|authenticated"
    r"|routed|cached|managed|tested|started)\b",
    r"\bhow (?:is|are) (?:the |our |this |these )?[\w-]+(?: [\w-]+){0,3} [\w-]+ed\b",
    r"\bwhat happens (?:when|if|after|before)\b",
)
# The application's parts named as such: "the login endpoint", "登录接口", "后台".
_APP_PART_RE = _any_of(
    # "帮我看下代码": the code here.
    r"(?:看|查|检查|审|扫|review|过)[一下看遍]{0,2}\s*(?:代码|源码)",
    # "the login endpoint", "the cart service", "the docs folder".
    r"\bthe (?:[\w/{}-]+ ){0,3}(?:endpoint|endpoints|controller|controllers|service|app|application"
    r"|module|layer|page|pipeline|table|job|scheduler|api|apis|schema|database|flow|seed data"
    r"|migration|migrations|script|handler|mapper|dao|entity|templates?|frontend|backend|ui|client"
    r"|server|build|modules|dependencies|pom|menu|admin|cart|checkout|dashboard|screen|form|config"
    r"|configuration|profile|profiles|entry point|main class|base package|job|jobs|tests"
    r"|test suite|startup|login|signup|registration|callback|webhook|queue|consumer|producer"
    r"|listener|filter|interceptor|gateway|repository|repositories|dto|dtos|folder|folders"
    r"|directory|dir|package|packages|resources|docs|scripts|sources|readme|changelog|makefile)\b",
    # "登录接口", "订单流程", "dubbo 接口", "后台", "详情页", "prod 环境".
    rf"(?:[{_CJK}]{{2}}|\b[a-z]+ ?)(?<![的个些和与或种类])"
    r"(?:接口|页面|流程|后台|前台|菜单|回调|模块|服务|子项目|工程|插件|定时任务|配置类|控制器)",
    r"(?:详情|列表|登录|注册|管理|结算|支付|确认)页|首页|主页|后台|前台|管理端|用户端|商家端",
)
# Parts of a build and a source tree: this repository's, unless the message asks for knowledge.
_PART_RE = _rx(
    r"模块|子模块|依赖|构建|打包|目录|入口|源码|包结构|启动类|配置文件|单元测试|集成测试"
    r"|\b(?:modules?|submodules?|build|dependencies|folders?|director(?:y|ies)|entry point"
    r"|source code|package (?:layout|structure)|config files?|integration tests|unit tests"
    r"|test suite)\b"
    r"|(?:prod|dev|test|uat|生产|测试|开发|预发|线上)\s*环境"
)
# Nouns of an application's own domain (shops, payments, blogs, clinics, registries).
_DOMAIN_WORDS = (
    "商品", "订单", "购物车", "会员", "优惠券", "库存", "支付", "退款", "回调", "管理员", "菜单",
    "角色", "积分", "秒杀", "物流", "收货", "地址", "评论", "文章", "博客", "主题", "商户", "账单",
    "发票", "租户", "宠物", "兽医", "预约", "品牌", "分类", "专题", "广告", "营销", "促销", "活动",
    "运费", "发货", "售后", "退货", "首页", "浏览记录", "收藏", "审核", "流水", "下单", "支付单",
    "订单号", "对账", "结算", "商家", "店铺", "门店", "客户", "员工", "部门", "工单", "考勤",
    "报表", "字典", "order", "orders", "product", "products", "cart", "carts", "coupon", "coupons",
    "member", "members", "inventory", "stock", "payment", "payments", "refund", "refunds",
    "callback", "admin", "menu", "role", "roles", "points", "shipping", "address", "comment",
    "comments", "article", "articles", "post", "posts", "theme", "themes", "merchant", "invoice",
    "tenant", "tenants", "owner", "owners", "pet", "pets", "vet", "vets", "visit", "visits",
    "checkout", "finding", "findings", "customer", "customers", "sku", "skus", "brand", "brands",
    "discount", "promotion", "wallet", "bill", "bills", "appointment", "appointments",
)  # fmt: skip
_DOMAIN = _Lexicon(_DOMAIN_WORDS)

# --- general knowledge, conversation --------------------------------------------------------

# Words of a knowledge question: a concept, a comparison, practice, a how-to in general.
_GENERIC_WORDS = (
    "什么是", "啥是", "什么叫", "原理", "区别", "差别", "差异", "对比", "哪个好", "哪个更好",
    "怎么选", "如何选", "选哪个", "优缺点", "优劣", "利弊", "一般", "通常", "常见", "常用", "通用",
    "有哪些方案", "哪些方式", "有什么办法", "解决办法", "解决方案", "怎么设计", "如何设计",
    "最佳实践", "值得", "怎么理解", "如何理解", "底层", "为什么会", "到底", "一定要", "面试",
    "学习", "入门", "教程", "举个例子", "举例", "有什么坑", "有哪些坑", "怎么排查", "如何排查",
    "怎么定位", "如何定位", "怎么避免", "如何避免", "怎么防止", "如何防止", "怎么保证", "如何保证",
    "比较好", "比较靠谱", "靠谱吗", "好不好", "有必要", "能不能用", "行不行", "科普", "你觉得",
    "你认为", "什么场景", "哪些场景", "使用场景", "应用场景", "应该怎么", "该怎么", "最好怎么",
    "有啥区别", "有什么区别", "怎么区分", "为什么说", "都说", "听说", "网上说", "据说", "看重什么",
    "最看重", "注意什么", "注意哪些", "的时候要注意", "优势在哪", "优势主要在哪", "好在哪",
    "强在哪", "区别在哪", "不同在哪", "差异在哪", "优点在哪", "哪个更成熟", "更成熟", "哪几步",
    "几个步骤", "什么情况下", "哪些情况", "什么时候会", "what is a", "what is an", "what's a",
    "what's an", "what are the differences", "what does it mean", "define", "definition",
    "difference", "differences", "differ", "vs", "versus", "compare", "comparison", "pros and cons",
    "trade-offs", "tradeoffs", "trade-off", "advantages", "disadvantages", "best practice",
    "best practices", "best way", "good way", "right way", "recommended", "recommend", "should i",
    "is it better", "when should", "when to", "when would", "how do i", "how do you", "how to",
    "how can i", "how should i", "how would i", "in general", "in java", "in spring", "typically",
    "usually", "generally", "commonly", "idiomatic", "tips", "explain the concept",
    "under the hood", "internals", "what causes", "why do people", "is it safe to", "is it ok to",
    "is it good", "any good", "worth it", "your opinion", "what do you think", "a good", "a book",
    "books", "tutorial", "which one", "which is better", "when do i", "when do you", "in practice",
    "in real life", "how do people", "what do people", "how do teams", "in most projects",
    "where do i start", "where do i even start", "still relevant", "actually possible",
)  # fmt: skip
_GENERIC = _Lexicon(_GENERIC_WORDS)
_COMPARISON_WORDS = frozenset(
    {"区别", "差别", "差异", "对比", "有啥区别", "有什么区别", "怎么区分", "difference",
     "differences", "differ", "vs", "versus", "compare", "comparison", "what are the differences"}
)  # fmt: skip
# "用 Redis 还是 ZooKeeper 好？": an advice between alternatives.
_ADVICE_RE = _rx(
    r"还是[^，,。？?]{1,24}(?:好|合适|更好|靠谱|快)|哪个(?:好|更好|合适|快|更快|慢|高效)"
    r"|谁(?:更)?(?:快|好)|\bor\b.{1,30}\b(?:better|faster)\b"
)
# Words of a knowledge question that a question about this application uses too
# ("排序规则是什么", "What are the main dependencies?"): knowledge only with nothing specific.
_GENERIC_WEAK_WORDS = (
    "是什么", "是啥", "有哪些", "有哪几种", "什么方式", "怎么实现", "如何实现", "怎么优化",
    "如何优化", "怎么解决", "如何解决", "适合", "适用", "推荐", "建议", "怎么用", "如何使用",
    "用法", "写法", "怎么做", "如何做", "怎么写", "如何写", "应该", "最好", "合适", "有什么用",
    "有啥用", "什么作用", "啥作用", "what is", "what are", "what's", "common", "should", "什么意思",
    "啥意思", "what does it mean", "mean",
)  # fmt: skip
_GENERIC_WEAK = _Lexicon(_GENERIC_WEAK_WORDS)
# "是怎么实现的", "是如何配置的": how it was done here, not how to do it.
_FACT_FORM_RE = _rx(
    r"是(?:怎么|如何|怎样|咋)[^，,。？?；;]{0,14}?的|(?:怎么|如何|怎样|咋)[^，,。？?；;]{0,14}?的(?=[？?]|$)"
)
_HOW_TO_RE = _rx(
    r"(?<!会)(?:怎么|如何|怎样|咋)(?!样|回事)|\bhow (?:to|do i|do you|can i|should i|would i"
    r"|could i)\b|(?:^|[,，]\s*)how\??$"
)
# Chinese terms of the Java world that open a knowledge question ("线程池的核心参数怎么设置").
_ZH_TECH_TOPICS = (
    "线程池", "线程", "锁", "分布式锁", "事务", "索引", "缓存", "消息队列", "死信队列", "延迟队列",
    "雪花算法", "布隆过滤器", "单例", "设计模式", "反射", "泛型", "注解", "动态代理", "垃圾回收",
    "内存模型", "类加载", "序列化", "乐观锁", "悲观锁", "读写锁", "自旋锁", "哈希", "红黑树",
    "链表", "数组", "队列", "算法", "快排", "排序", "二分", "递归", "动态规划", "限流", "熔断",
    "降级", "负载均衡", "注册中心", "配置中心", "网关", "微服务", "分库分表", "读写分离",
    "主从复制", "幂等", "分布式事务", "最终一致性", "充血模型", "贫血模型", "领域驱动", "协程",
    "虚拟线程", "异步", "同步", "并发", "死锁", "原子性", "可见性", "依赖注入", "控制反转", "切面",
    "拦截器", "过滤器", "正则", "时区", "检查型异常", "非检查型异常", "运行时异常", "异常",
    "深拷贝", "浅拷贝", "值传递", "引用传递", "接口", "抽象类", "内部类", "匿名类", "枚举", "集合",
    "字符串", "包装类", "自动装箱", "函数式", "响应式", "长连接", "短连接", "跨域", "缓存穿透",
    "缓存击穿", "缓存雪崩", "双写一致", "限流算法", "令牌桶", "漏桶", "灰度发布", "蓝绿部署",
)  # fmt: skip
# The topic a message opens with: "HashMap 为什么线程不安全", "How does Spring resolve…".
_TOPIC_RE = _any_of(
    # A Latin name opening a Chinese question (after a polite opener): "HashMap 为什么…".
    r"^(?:请问|问下|问一下|想问下|想问一下|那|那么|所以|关于|说说|讲讲|聊聊|介绍一下|介绍下"
    r"|解释一下|解释下|讲一下|说一下|可以讲讲|能讲讲|能不能讲讲)?\s*"
    r"(@?[a-z][a-z0-9.+#-]*(?:\s?[a-z0-9.+#-]+){0,2}\s?(?=[\u4e00-\u9fff]|$))",
    # A Chinese term of the Java world opening the question: "线程池的核心参数怎么设置".
    r"^(?P<zh_term>" + "|".join(_ZH_TECH_TOPICS) + ")",
    # The subject of an English question: "How does Spring resolve…", "Is HashMap…".
    r"^(?:how|why|when|what|where|which) (?:does|do|is|are|did|can|should|would|will|could)"
    r" (?:the |a |an )?(@?[a-z][\w.+#-]*(?: [a-z][\w.+#-]*)?)",
    r"^(?:is|are|does|do|can|should|could|will|would) (?:the |a |an )?"
    r"(@?[a-z][\w.+#-]*(?: [a-z][\w.+#-]*)?)",
    r"^(?:what is|what's|what are|explain|describe) (?:the |a |an )?"
    r"(@?[a-z][\w.+#-]*(?: [a-z][\w.+#-]*)?)",
)
# A clause that only greets or asks politely: "您好", "麻烦问一下", "Good morning!".
_COURTESY_RE = _rx(
    r"(?:您好|你好|hi|hello|hey|嗨|早上好|下午好|晚上好|good (?:morning|afternoon|evening)|请问"
    r"|问一下|问下|想问下|想问一下|麻烦问一下|麻烦问下|请教一下|请教|打扰了|打扰一下|不好意思"
    r"|谢谢|多谢|thanks|thank you|sorry|excuse me|quick question)[!！.。 ]*"
)
_ZH_TECH = _Lexicon(
    ("线程", "锁", "事务", "索引", "缓存", "队列", "算法", "模式", "注解", "异常", "反射", "泛型")
)
_EXISTENCE_RE = _rx(
    r"有没有|是否有|是否存在|有无|存不存在|哪里|哪些地方|什么地方|\bany\b|\bare there\b"
    r"|\bis there\b|\banywhere\b|\bany place\b"
)
# An indefinite object is a kind of thing, not a thing here: "a HashMap", "一个线程池".
_INDEFINITE_RE = _rx(r"一个|一种|\ban?\b(?! (?:lot|bit|few)\b)|\bany kind of\b|\bsome kind of\b")
_CONVERSATION_WORDS = (
    "例子", "举例", "详细", "展开", "继续", "接着说", "接着讲", "谢谢", "多谢", "感谢", "明白",
    "懂了", "好的", "简单点", "再说", "回答", "解释一遍", "换个说法", "你好", "您好", "嗯", "哦",
    "那么", "还有吗", "还有呢", "然后呢", "第二种", "第一种", "上面说的", "你说的", "刚才说的",
    "example", "examples", "more", "continue", "elaborate", "thanks", "thank you", "got it", "ok",
    "okay", "simpler", "again", "answer", "answers", "hello", "hi", "go on", "what about",
    "and what about", "how about", "tell me more", "that", "it", "cool", "great", "nice",
)  # fmt: skip
_CONVERSATION = _Lexicon(_CONVERSATION_WORDS)
# A lasting wish about the answers ("以后回答用中文", "from now on…"): conversation.
_PREFERENCE = _Lexicon(
    ("从现在起", "从现在开始", "记住", "一律", "每次都", "每次回答", "我喜欢", "我偏好", "我习惯",
     "我不喜欢", "我希望你", "from now on", "going forward", "from here on", "in future",
     "in the future", "remember", "i prefer", "i'd prefer", "i would prefer", "i like",
     "i don't like", "i do not like", "every time", "each time", "keep answers",
     "keep your answers"),
)  # fmt: skip
# "Always answer in English.", "始终用中文": a wish when it opens the message.
_PREFERENCE_OPENING_RE = _rx(
    r"^(?:please\s+)?(?:always|never)\b|^(?:那|好的|另外|还有|对了)?\s*(?:以后|今后|往后|始终|总是|永远)"
)
# A follow-up that names a new subject: "那 Java 17 里还是这样吗？", "And what about Kotlin?".
_FOLLOW_UP_RE = _rx(r"^(?:那|那么|and|so|but|then|what about|how about)\b|^那")

# Names of the Java world: a name on this list is not this repository's own.
_KNOWN_NAMES = frozenset(
    """
    arraylist linkedlist hashmap linkedhashmap treemap hashset treeset concurrenthashmap
    copyonwritearraylist arraydeque priorityqueue blockingqueue linkedblockingqueue
    arrayblockingqueue concurrentlinkedqueue delayqueue synchronousqueue stringbuilder
    stringbuffer threadlocal inheritablethreadlocal completablefuture executorservice executors
    threadpoolexecutor scheduledexecutorservice forkjoinpool countdownlatch cyclicbarrier
    semaphore reentrantlock readwritelock reentrantreadwritelock stampedlock atomicinteger
    atomiclong atomicreference longadder classloader nullpointerexception
    illegalargumentexception illegalstateexception concurrentmodificationexception
    outofmemoryerror stackoverflowerror classcastexception runtimeexception ioexception
    duplicatekeyexception optional bigdecimal biginteger localdate localdatetime zoneddatetime
    instant duration simpledateformat datetimeformatter hashcode tostring equals orelse
    orelsethrow orelseget ifpresent flatmap foreach parallelstream computeifabsent
    getordefault putifabsent substring indexof isempty valueof equalsignorecase resttemplate
    webclient jdbctemplate responseentity requestmapping getmapping postmapping putmapping
    patchmapping deletemapping restcontroller controlleradvice restcontrolleradvice
    exceptionhandler requestbody responsebody pathvariable requestparam autowired resource
    qualifier primary value component service repository configuration bean springboot
    springbootapplication springapplication applicationcontext beanfactory beanpostprocessor
    factorybean dispatcherservlet handlerinterceptor webmvcconfigurer componentscan
    enableautoconfiguration conditionalonproperty configurationproperties transactional async
    scheduled cacheable dependencymanagement pluginmanagement webflux mybatis mybatisplus
    mybatis-plus sqlsession sqlsessionfactory resultmap resulttype parametertype pagehelper
    pageinfo beanutils copyproperties mapstruct hutool guava commons-lang3 stringutils
    collectionutils objectutils objects arrays collections easyexcel poi jasypt knife4j
    springfox springdoc swagger shiro sa-token xxl-job quartz elastic-job seata sentinel
    hystrix resilience4j ribbon loadbalancer zuul gateway nacos apollo consul etcd canal flink
    spark hadoop hive clickhouse tidb oracle sqlserver h2 hikaricp hikari druid c3p0 dbcp
    flyway liquibase jooq querydsl thymeleaf freemarker velocity jsp servlet tomcat jetty
    undertow netty vert.x vertx reactor rxjava okhttp httpclient feign openfeign retrofit
    jsoup fastjson fastjson2 gson jackson objectmapper protobuf thrift avro kafka rabbitmq
    rocketmq pulsar activemq redis redisson jedis lettuce redistemplate stringredistemplate
    memcached caffeine ehcache mongodb mongo mongotemplate elasticsearch es solr lucene neo4j
    hbase cassandra mysql postgresql postgres pg mariadb sqlite arthas jstack jmap jstat jcmd
    jconsole visualvm jprofiler async-profiler idea intellij eclipse vscode git svn github
    gitlab gitee jenkins sonar sonarqube checkstyle spotbugs pmd jacoco junit junit4 junit5
    testng mockito powermock assertj hamcrest testcontainers wiremock jmeter gatling docker
    k8s kubernetes kubectl helm istio prometheus grafana skywalking zipkin jaeger elk logstash
    kibana filebeat logback log4j log4j2 slf4j lombok bcrypt md5 sha1 sha256 aes rsa hmac des
    oauth oauth2 jwt jwts saml ldap keycloak spring spring-boot spring-cloud springcloud
    springmvc jpa hibernate jparepository crudrepository entitymanager ibatis quarkus
    micronaut dubbo grpc zookeeper javascript typescript node nodejs vue react angular
    graalvm openjdk hotspot jdk jre jvm java javac javadoc kotlin groovy scala python golang
    go rust c++ maven mvn gradle ant npm yarn nginx apache linux windows mac macos centos
    ubuntu http https tcp udp ip dns cdn ssl tls websocket restful rest graphql json yaml yml
    xml toml csv html css sql nosql orm jdbc odbc api apis sdk cli ide gc g1 zgc cms
    shenandoah jit aot aop ioc di dto vo po bo ddd cqrs tcc saga xa acid cap base mvcc lru lfu
    rpc mq dlq sso cas aqs jmm juc nio bio aio tps qps rt oom cpu io uuid snowflake ci cd
    devops sre thread runnable callable future stream streams collectors collection iterator
    iterable comparable comparator string integer long double float boolean character byte
    short object system record records enum enums interface abstract volatile synchronized
    final static transient finally finalize native strictfp instanceof lambda generics
    var void null true false class main override deprecated functionalinterface data
    builder getter setter slf4j allargsconstructor noargsconstructor requiredargsconstructor
    tostring equalsandhashcode sneakythrows cloneable serializable serialversionuid
    getclass notifyall wait notify sleep yield join interrupt start run
    try-with-resources happens-before copy-on-write double-checked read-write
    if-else switch-case try-catch b+ b-tree hashtable vector stack queue deque list map set
    cherry-pick rebase squash commits exactly-once at-least-once at-most-once write-ahead
    round-robin cache-aside read-through write-through write-behind zero-copy back-pressure
    backpressure fail-fast fail-safe long-polling end-to-end blue-green single-threaded
    multi-threaded lock-free wait-free non-blocking thread-safe type-safe null-safe event-driven
    domain-driven test-driven raft paxos zab gossip pecs semver mat cglib javassist bytebuddy
    metaspace jndi bytebuf eventloop panache envoy eureka mqtt sse zset lua openresty
    cronjob crontab cron aspectj spel ognl mvel jolokia actuator micrometer opentelemetry
    jib buildpacks podman containerd jmh junit-jupiter gradlew mvnw checkstyle spotless
    errorprone archunit pitest owasp snyk dependabot renovate trivy semgrep codeql findbugs
    tlab safepoint stw biased escape-analysis inline jit-compiler c1 c2 graal g1gc parallelgc
    serialgc epsilon xmx xms xss metaspacesize heapdump jfr jmc vavr reactor-netty mono flux
    rsocket r2dbc jdbi spring-data vault consul-template shardingsphere mycat otter debezium
    xxl elasticjob powerjob sharding dynamic-tp hippo4j transmittable-thread-local ttl
    excel pdf csv poi itext freemarker alibaba aliyun tencent huawei baidu wechat alipay
    dijkstra floyd kruskal prim kmp bfs dfs a-star topological
    exists having union distinct properties yaml-config bytebuffer filechannel socketchannel
    selector inputstream outputstream
    bufferedreader bufferedwriter printstream scanner path paths files resourceleakdetector
    channelpipeline channelhandler channelfuture niosocketchannel nioeventloopgroup
    """.split()
)
# Short English words a Chinese question uses as words, not as a repository's names.
_COMMON_WORDS = frozenset(
    """
    api app apps core common web service services server client test tests docs doc review
    admin model models util utils config configs base parent demo example examples starter
    impl portal search main src lib libs module modules project plugin plugins platform ui
    front backend frontend data domain user users order orders auth security gateway job jobs
    task tasks shared support tools tool build list map set key value token session cookie
    header headers body request response url uri id ids sku spu prod dev uat staging debug log
    logs bug bugs code table index cache item items page size type status info error warn name
    version host port path file files jar war class method field bean controller mapper dao
    entity query param params result bo po vo dto mac windows linux local remote online
    offline master slave primary replica the a an and or of to in on for with is are it this
    that these those my our your their id key sql db pom readme license ci cd qa ok yes no
    flow logic case cases bean beans dao entity filter filters handler handlers event events
    message messages queue queues topic topics timeout retry retries limit limits lock locks
    patch diff hunk fix review check scan audit explain module package packages endpoint
    endpoints interface interfaces work works flow string query public private protected
    static void default select update insert delete where from join group by offset count sum
    max min avg like new super extends implements import throws throw try catch finally const
    function async await promise callback listener thread process memory disk network proxy
    buffer pipeline batch worker partition consumer producer broker cluster node leader
    follower replica shard document mapping schema column row hash tree graph array stack heap
    pool connection transaction mutex latch barrier fallback circuit breaker rate bucket window
    counter metric metrics trace tracing span level fatal release snapshot tag branch commit
    merge rebase push pull fetch clone checkout stash reset revert blame main master dev feature
    hotfix bean beans case switch loop for while do if else return break continue null true
    false int char byte short float date time timestamp zone locale random math file files
    path paths scanner reader writer input output print println printf format parse cast
    convert copy clone compare sort filter reduce collect group distinct limit skip peek match
    any all none first last next prev get put add remove contains size empty clear equals
    lock unlock wait notify sleep join start stop run submit execute invoke call apply accept
    supply test assert mock spy verify when then given expect should must can will also just
    only still even yet again more less most least much many some every each other another
    same different new old good bad best worst high low fast slow big small long short full
    half true yes no not and but or nor so because since though although however therefore
    what which who whom whose when where why how there here this that these those it its
    they them their we us our you your he she him her i me my mine a an the to of in on at
    by with without within about above below under over into onto upon via per vs etc
    please thanks thank hello hi hey ok okay cool nice great sure right wrong fine done
    day days week weeks hour hours minute minutes second seconds ms
    general practice short detail details production theory real life total brief english
    chinese advance particular principle summary overview example case people purpose
    meaning difference question answer idea reason way thing stuff part parts kind sort type
    level step steps point points option options approach pattern patterns strategy solution
    design system systems application applications software hardware platform framework
    library libraries tool language languages version versions feature features concept
    concepts rule rules method technique technical performance security safety quality
    speed scale size cost time times place places area team teams company project's code's
    depth range list lists number numbers string strings object objects instance instances
    value values field fields variable variables constant constants parameter parameters
    argument arguments return returns result results output input class classes interface
    """.split()
)
# English word endings: a word with one is a word, not a project's name.
_WORD_ENDING_RE = _rx(
    r"(?:tion|sion|ing|ment|able|ible|ness|ity|ed|ly|ance|ence|ize|ise|ous|ive|al|ure|ful|less)$"
)

# --- reading one message --------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    """One request found in a message: its kind and the verb that shows it."""

    act: Act
    verb: str
    targeted: bool = False  # 把 X 改成 Y, 给 X 加上 Y: the request names what it changes
    negative: bool = False  # "don't change…", "不要改…": a limit on a change, no change by itself


@dataclass
class Clause:
    """One clause of a message (split at punctuation), normalized."""

    norm: str
    question: bool


@dataclass
class Reading:
    """What the router saw in one message (every list holds the words found)."""

    text: str
    norm: str
    clauses: list[Clause] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)
    is_question: bool = False
    # this repository
    paths: list[str] = field(default_factory=list)
    identifiers: list[str] = field(default_factory=list)
    dotted: list[str] = field(default_factory=list)  # com.macro.mall, jwt.tokenhead
    names: list[str] = field(default_factory=list)
    project: list[str] = field(default_factory=list)
    we: list[str] = field(default_factory=list)
    deictic: list[str] = field(default_factory=list)
    where: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    usage: list[str] = field(default_factory=list)  # "用的是", "does it use": what this repo chose
    app_parts: list[str] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)  # modules, build, dependencies, 目录…
    domain: list[str] = field(default_factory=list)
    # statements about code: "@Transactional 加在 private 方法上了"
    describes: list[str] = field(default_factory=list)
    snippet: bool = False
    definite: list[str] = field(default_factory=list)  # "the decoder", "the password reset token"
    # general knowledge and conversation
    generic: list[str] = field(default_factory=list)
    generic_weak: list[str] = field(default_factory=list)
    how_to: list[str] = field(default_factory=list)
    known_topic: str = ""  # the message is about a name of the Java world ("HashMap 为什么…")
    indefinite: bool = False
    conversation: list[str] = field(default_factory=list)
    answer_words: list[str] = field(default_factory=list)
    preference: bool = False
    # problems and the patch
    audit: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    evaluative: list[str] = field(default_factory=list)
    existence: bool = False  # "有没有…", "are there any…"
    safeguards: list[str] = field(default_factory=list)  # "Are passwords hashed?"
    patch_words: list[str] = field(default_factory=list)
    patch_refs: list[str] = field(default_factory=list)
    new_patch: bool = False

    @property
    def strong(self) -> list[str]:
        """Words that by themselves point at this repository."""
        return [
            *self.paths, *self.identifiers, *self.dotted, *self.names, *self.project, *self.we,
            *self.deictic, *self.where,
        ]  # fmt: skip

    @property
    def weak(self) -> list[str]:
        """Words that point at this repository unless the message asks for knowledge."""
        snippet = ["<code>"] if self.snippet else []
        return [
            *self.usage, *self.facts, *self.app_parts, *self.parts, *self.domain, *self.describes,
            *snippet,
        ]  # fmt: skip

    @property
    def asks_knowledge(self) -> bool:
        """Words that ask for general knowledge: a concept, a comparison, practice."""
        specific = self.app_parts or self.domain or self.usage
        weak_generic = self.generic_weak or self.known_topic
        return bool(self.generic or (weak_generic and not specific))

    @property
    def knowledge(self) -> bool:
        """The message asks for general knowledge rather than about this repository."""
        if self.strong:
            return False
        return self.asks_knowledge or (bool(self.how_to or self.indefinite) and not self.weak)

    @property
    def here(self) -> list[str]:
        """What makes the message about this repository, if anything.

        Strong pointers always do; the application's parts and facts unless the message
        asks for knowledge; bare nouns of a build or a domain, and statements, not in a
        how-to either ("单元测试里怎么 mock 静态方法？").
        """
        if self.strong:
            return self.strong
        if self.asks_knowledge:
            return []
        snippet = ["<code>"] if self.snippet else []
        firm = [*self.usage, *self.facts, *self.app_parts, *snippet]
        loose = [*self.parts, *self.domain, *self.describes]
        if firm:
            return [*firm, *loose]
        return [] if self.how_to else loose

    def acts(self, *kinds: Act) -> list[Request]:
        """The requests of the given kinds (a "don't change…" is no change by itself)."""
        return [r for r in self.requests if r.act in kinds and not r.negative]


# --- reading: clauses, questions and requests -----------------------------------------------


def _clauses(norm: str) -> list[Clause]:
    """``norm`` split at punctuation, each clause marked question or not."""
    parts = _CLAUSE_SPLIT_RE.split(norm)
    found: list[Clause] = []
    for i in range(0, len(parts), 2):
        text = parts[i].strip()
        mark = parts[i + 1] if i + 1 < len(parts) else ""
        if not text:
            continue
        question = _is_question(text, mark in ("?", "？"))
        if found and _CONTINUATION_RE.match(text):
            question = question or found[-1].question
        found.append(Clause(text, question))
    return found


def _is_question(clause: str, marked: bool) -> bool:
    if marked:
        return True
    if _HAS_CJK_RE.search(clause):
        return bool(_ZH_QUESTION_RE.search(clause))
    return bool(_EN_QUESTION_RE.match(_strip_en_frame(clause)[1]))


def _strip_en_frame(clause: str) -> tuple[bool, str]:
    """(whether a request frame opened the clause, the rest after it)."""
    match = _EN_REQUEST_FRAME_RE.match(clause)
    end = match.end() if match else 0
    framed = bool(_EN_FRAMING_WORD_RE.search(clause[:end]) or _EN_PLEASE_RE.search(clause))
    return framed, clause[end:]


def _clause_requests(clause: Clause) -> list[Request]:
    """The requests of one clause; a quoted error message ("'Address already in use'")
    is the program's words, a condition or the user's own plan asks nothing of us."""
    clause = Clause(_QUOTED_RE.sub(" ", clause.norm).strip(), clause.question)
    if not clause.norm or _NO_REQUEST_RE.search(clause.norm):
        return []
    if _HAS_CJK_RE.search(clause.norm):
        return _negated(_zh_requests(clause), clause.norm)
    return _en_requests(clause)


def _en_requests(clause: Clause) -> list[Request]:
    framed, rest = _strip_en_frame(clause.norm)
    found = _en_indirect_requests(clause, rest)
    head = _en_verb_at(rest)
    if head is None and (please := _EN_PLEASE_VERB_RE.search(rest)):
        head = _en_verb_at(rest[please.end() :])  # "@…/OrderController.java please add @Valid"
    # "Could you fix it?" asks, though it ends with a question mark.
    if head is not None and (not clause.question or framed):
        found.append(head)
    if found or not clause.question:
        # "investigate and patch it", "look at X and tell me…": a further verb.
        for match in _EN_AND_VERB_RE.finditer(rest):
            follow = _en_verb_at(rest[match.start(1) :])
            if follow is not None and (
                follow.act is not Act.EXPLAIN or follow.verb in _EN_AND_EXPLAIN_VERBS
            ):
                found.append(follow)
    return found


def _en_indirect_requests(clause: Clause, rest: str) -> list[Request]:
    """Wishes ("We need rate limiting on /login"), passive asks ("can the patch be
    split…?"), negated ones ("Don't change the signature") and "X should use Y"."""
    found: list[Request] = []
    if not clause.question and (wish := _EN_WISH_RE.match(clause.norm)):
        found.append(Request(Act.CHANGE, wish.group(0)))
    if passive := _EN_PASSIVE_REQUEST_RE.search(clause.norm):
        found.append(Request(Act.CHANGE, passive.group(0)))
    negative = _EN_NEGATIVE_RE.match(clause.norm)
    if negative is not None and negative.group(1) in _EN_VERBS:
        found.append(Request(Act.CHANGE, negative.group(0), negative=True))
    if not clause.question:
        for match in _EN_MODAL_REQUEST_RE.finditer(rest):
            if match.start() > 0 and _EN_VERBS.get(match.group(1)) is Act.CHANGE:
                found.append(Request(Act.CHANGE, match.group(0)))
    return found


def _en_stem(word: str) -> str:
    """The bare verb of an -ing form ("removing" → "remove", "adding" → "add")."""
    if not word.endswith("ing") or len(word) < _EN_MIN_ING_CHARS:
        return word
    stem = word[:-3]
    for candidate in (stem, stem + "e", stem[:-1]):
        if candidate in _EN_VERBS:
            return candidate
    return word


def _en_verb_at(text: str) -> Request | None:
    """The request whose verb opens ``text``, if its first word is a verb used as one."""
    match = _EN_VERB_RE.match(text)
    if match is None:
        return None
    verb, second, third = match.group(1), match.group(2) or "", match.group(3) or ""
    two, three = f"{verb} {second}".strip(), f"{verb} {second} {third}".strip()
    for phrase in (three, two):
        if phrase in _EN_CHANGE_PHRASES:
            return Request(Act.CHANGE, phrase)
        if phrase in _EN_AUDIT_PHRASES:
            return Request(Act.INSPECT, phrase)
    if verb in _EN_PARTICLE_VERBS:
        return Request(Act.INSPECT, two) if second in _EN_PARTICLE_VERBS[verb] else None
    if verb == "help":
        return Request(Act.EXPLAIN, "help me understand") if "understand" in text[:40] else None
    if verb == "do" and second in ("a", "an", "the", "some"):
        return Request(Act.INSPECT, two)  # "do a security review of…"
    act = _EN_VERBS.get(verb) or _EN_VERBS.get(_en_stem(verb))
    if act is None or second in _EN_NOUN_AFTER or _HAS_CJK_RE.match(text[len(verb) :].lstrip()[:1]):
        return None  # "review module", "review 模块": a noun
    return Request(act, verb)


def _zh_requests(clause: Clause) -> list[Request]:
    """Requests in a Chinese (or mixed) clause."""
    norm = clause.norm
    marker = _ZH_MARKER_RE.search(norm)
    found = [] if marker is None else _zh_marked_request(norm[marker.end() :], marker.group(0))
    opening = _zh_first_verb(norm, head=True, at_start=True)
    # "review 代码的时候你最看重什么": the verb opens a time clause, it asks for nothing.
    in_time_clause = marker is None and "的时候" in norm
    asked = opening is not None and (not clause.question or opening.act is not Act.CHANGE)
    if opening is not None and asked and not in_time_clause:
        found.append(opening)
    # A 把/给 change asks unless the clause asks something else ("为什么把 X 改成 Y？").
    asks = not clause.question or marker is not None or bool(_ZH_SUGGESTION_RE.search(norm))
    for pattern in (_ZH_BA_RE, _ZH_GIVE_RE):
        for match in pattern.finditer(norm):
            # "帮我把…都删了" asks; "把 CSRF 禁用了，这样有问题吗" tells what was done.
            if asks and (marker is not None or not _is_done(norm, match.end())):
                found.append(Request(Act.CHANGE, match.group(0).strip("，, "), targeted=True))
    if asks:  # "补丁里别动测试" limits; "补丁为什么不用 Redis 锁" asks why
        found += [
            Request(Act.CHANGE, m.group(0), negative=True) for m in _ZH_NEG_VERB_RE.finditer(norm)
        ]
    found += [Request(Act.CHANGE, m.group(0)) for m in _ZH_ONLY_VERB_RE.finditer(norm)]
    if enough := _ZH_ENOUGH_RE.search(norm):
        found.append(Request(Act.CHANGE, enough.group(0)))  # "只捕获 X 就行"
    if trailing := _ZH_TRAILING_EXPLAIN_RE.search(norm):
        found.append(Request(Act.EXPLAIN, trailing.group(0)))
    if not clause.question:
        found += _zh_statement_changes(norm)
    return found


def _zh_marked_request(rest: str, marker: str) -> list[Request]:
    """The request after a request word: 帮我…, 麻烦…, 能不能…."""
    # "可以删吗" asks whether; "可以帮我删掉吗", "能不能只改 X" ask for it.
    modal = _ZH_MODAL_RE.fullmatch(marker) is not None
    heads = not modal or bool(_ZH_MODAL_ASKS_RE.match(rest))
    verb = _zh_first_verb(rest, head=heads)
    if _ZH_PASSIVE_OR_ABILITY_RE.match(rest):
        return []  # "能不能被绕过", "能不能查到别人的": what can happen, no request
    if (
        verb is None
        and _ZH_PERSON_MARKER_RE.fullmatch(marker)
        and not _ZH_NOT_CHANGE_RE.match(rest)
    ):
        # "帮我收窄", "帮我配置一个有界的线程池": a verb no list holds, asked of the
        # assistant, acts on code (the safe side).
        return [Request(Act.CHANGE, marker + rest[: limits.ROUTER_UNKNOWN_VERB_CHARS].strip())]
    return [] if verb is None else [verb]


def _zh_statement_changes(norm: str) -> list[Request]:
    """Change verbs in a clause that is no question: "订单状态的魔法数字换成枚举"."""
    found = []
    if wish := _ZH_WISH_RE.search(norm):
        found.append(Request(Act.CHANGE, wish.group(0)))
    for word in _ZH_CHANGE_LEX.find(norm):
        start = norm.find(word)
        if not _is_done(norm, start + len(word), start):
            found.append(Request(Act.CHANGE, word))
    return found


def _zh_first_verb(text: str, *, head: bool, at_start: bool = False) -> Request | None:
    """The first verb of ``text`` (at its very start with ``at_start``); with ``head``,
    a one-character change verb at the start counts too ("修一下", "改成 X")."""
    text = _ZH_ADVERBS_RE.sub("", text, count=1)
    best: tuple[int, Request] | None = None
    for act, lexicon in _ZH_VERB_LEXICONS:
        for word in lexicon.find(text[: limits.ROUTER_ZH_VERB_WINDOW_CHARS]):
            start = text.find(word)
            if _ZH_NOUN_AFTER_RE.match(text[start + len(word) :]):
                continue  # "review 模块", "检查型异常": a noun, not a verb
            if (best is None or start < best[0]) and (not at_start or start == 0):
                best = (start, Request(act, word))
    if best is not None and (best[0] <= _ZH_VERB_MAX_OFFSET or not at_start):
        return best[1]
    starts_with_head = head and text[:1] != "" and text[0] in _ZH_CHANGE_HEADS
    if (
        starts_with_head
        and text[:2] not in _ZH_HEAD_NOUNS
        and not _ZH_DONE_AFTER_RE.match(text[1:])
    ):
        return Request(Act.CHANGE, text[:2].strip())
    return None


def _is_done(norm: str, end: int, start: int | None = None) -> bool:
    """The verb ending at ``end`` (starting at ``start``) states a fact, asks for nothing."""
    if _ZH_DONE_AFTER_RE.match(norm[end:]):
        return True
    before = norm[max(0, start - 2) : start] if start else ""
    return before.endswith(_ZH_DONE_BEFORE)


def _negated(requests: list[Request], norm: str) -> list[Request]:
    """Mark the Chinese requests whose verb follows 不要/别 ("不要改代码")."""
    marked = []
    for request in requests:
        start = norm.find(request.verb)
        negative = start > 0 and bool(_ZH_NEGATED_RE.search(norm[:start]))
        marked.append(
            Request(request.act, request.verb, request.targeted, negative or request.negative)
        )
    return marked


# --- reading: what the message points at ----------------------------------------------------

# `@path` puts a file in scope; the path ends at whitespace or at full-width
# (Chinese) punctuation, and trailing sentence punctuation ("看看 @pom.xml.") is
# not part of it.
_FULL_WIDTH_PUNCTUATION = "，。；：！？、（）【】《》「」"
_AT_PATH_RE = _rx(r"(?<![\w@])@([^\s@" + _FULL_WIDTH_PUNCTUATION + r"]+)")
_TRAILING_PUNCTUATION = ".,;:!?)]}>'\"，。；：！？）】》、"
# `@Data`, `@Override`: a capitalised bare name after `@` is a Java annotation.
_ANNOTATION_RE = _rx(r"[A-Z]\w*(?:\(.*)?")
_CODE_FILE_SUFFIXES = (
    ".java", ".kt", ".kts", ".groovy", ".gradle", ".xml", ".properties", ".yml", ".yaml", ".toml",
    ".sql", ".md", ".json", ".sh", ".conf", ".html", ".js", ".ts", ".vue", ".ftl", ".jsp", ".env",
    ".cfg", ".ini", ".txt", ".lock", ".proto",
)  # fmt: skip
_FILE_NAME_RE = _rx(
    r"(?<![\w.-])[\w-]+(?:" + "|".join(re.escape(s) for s in _CODE_FILE_SUFFIXES) + r")\b",
    re.IGNORECASE,
)
_KNOWN_FILE_RE = _rx(
    r"\b(?:Dockerfile|Jenkinsfile|Makefile|README|gradlew|mvnw|docker-compose|buildSrc|"
    r"pom|settings\.gradle|build\.gradle|\.gitlab-ci|\.github)\b",
    re.IGNORECASE,
)
# A path: ASCII segments joined by "/" that look like a path, not "I/O" or "try/catch":
# rooted, three segments or more, a file name at the end, or a well-known folder first.
_SLASH_PATH_RE = _any_of(
    r"(?<![\w/:.{}~-])/?[\w.{}~-]+(?:/[\w.{}~-]+)+/?",
    r"(?<![\w/:.{}~-])[a-z][\w.-]*/(?=\s|$|[^\x00-\x7f])",  # "ui/ 下面", "under application/"
)
_INDEFINITE_BEFORE_RE = _rx(r"(?:\ban?\s+(?:\w+\s+){0,2}|一个\s*|一份\s*)$")
_PATH_HEADS = frozenset(
    {"src", "main", "test", "resources", "docs", "config", "conf", "scripts", "deploy", "sql", "db"}
)
# Java identifiers of this code: UserServiceImpl, findById, Foo.bar(), Class#method, pms_product.
_IDENTIFIER_RE = _rx(
    r"(?<![\w@.:+])(?:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[A-Z]{2,}[a-z]+[A-Za-z0-9]*|[a-z]+[A-Z]\w*"
    r"|\w+\.\w+\(\)|\w+#\w+|[a-z]+(?:_[a-z0-9]+)+)(?![\w])"
)
# A package or property key of this code: com.macro.mall, mall.jwt.expiration, jwt.tokenHead.
_DOTTED_RE = _rx(r"(?<![\w.-])[a-z][\w-]*(?:\.[a-zA-Z][\w-]*){1,}(?![\w(])")
_STANDARD_DOTTED = (
    "java.", "javax.", "jakarta.", "org.springframework", "spring.", "server.", "logging.",
    "management.", "org.apache", "com.fasterxml", "com.alibaba", "io.netty", "org.hibernate",
    "lombok.", "kotlin.", "sun.", "jdk.", "e.g", "i.e", "vs.", "www.", "system.out", "log.",
)  # fmt: skip
_EXCEPTION_NAME_RE = _rx(r"(?:Exception|Error)$")
# The roles of an application's own classes: OrderServiceImpl, UserMapper, FindingQueue.
_APP_CLASS_RE = _rx(
    r"(?:Service|Impl|Controller|Mapper|Dao|Repository|Entity|Dto|DTO|Vo|VO|Config"
    r"|Configuration|Properties|Handler|Utils?|Helper|Manager|Filter|Interceptor|Listener"
    r"|Job|Task|Client|Queue|Factory|Provider|Adapter|Resolver|Converter|Validator|Aspect"
    r"|Scheduler|Processor|Application|App|Request|Response|Form|Param|Query|Event|Command"
    r"|Model|Confirmation|Api|Endpoint|Resource|Store|Cache|Registry|Router|Gateway|Sender"
    r"|Receiver|Consumer|Producer|Enum|Constant|Constants|Result|Page|Test|Tests|Source|Item)$"
)
_BARE_CAMEL_RE = _rx(r"[A-Z][A-Za-z0-9]*")
# mall-admin, nacos-server: a hyphenated lower-case name.
_KEBAB_RE = _rx(r"(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")
# Segments of hyphenated English words ("thread-safe", "try-with-resources"), not modules.
_PHRASE_SEGMENTS = frozenset(
    """
    with before after of to in on by for the and or not non only safe free based level time side
    third party end way first last up down out off case style like aware driven oriented
    friendly ready native world hello else if try catch resources write read through behind back
    front key value one two many self multi cross pre re post sub co de un well hard soft real
    built long short high low full half open close double single checked unchecked lock thread
    type e n x utf iso http www copy on happens dead left right top bottom end-to-end peer all
    any every once pick threaded blocking polling robin aside ahead pressure fast green least
    most exactly zero wait based grained coarse fine
    """.split()
)
# Common English prefixes of hyphenated technical names: "spring-boot-starter" is no module here.
_TECH_PREFIXES = (
    "spring-", "jakarta-", "javax-", "junit-", "mybatis-", "log4j-", "slf4j-", "jackson-",
    "hibernate-", "maven-", "gradle-", "kotlin-", "apache-", "commons-", "lombok-", "micronaut-",
    "vertx-", "netty-", "kafka-", "redis-", "dependency-",
)  # fmt: skip
# A named subject: "does mall use", "mall 的…", "the review module", "review 模块".
_NAMED_SUBJECT_RE = _any_of(
    r"\b(?:does|do|did) (?:the )?(?P<subject>(?<![\w-])[a-z][\w-]*) (?:use|uses|need|have"
    r"|support|depend"
    r"|store|connect|load|handle|run|start|deploy|call|send|manage|define|expose|persist|cache|log"
    r"|read|write|talk|register|generate|build|compile|target|ship|include|provide|work|query"
    r"|index|sync|back|serve|route|authenticate|validate|parse|render|schedule|retry|publish"
    r"|consume)\b",
    # "is halo webflux or servlet"
    r"\bis (?P<choice>(?<![\w-])[a-z][\w-]*) (?:a |an )?[\w-]+ or [\w-]+",
    r"(?<![\w-])(?:the )?(?P<module>(?<![\w-])[a-z][\w-]*) (?:module|modules|plugin|subproject|repo"
    r"|codebase)\b",
    r"(?<![\w-])(?P<zh_module>[a-z][a-z0-9_-]*)\s*(?:模块|子项目|子模块|工程|插件|项目|仓库)",
    r"(?<![\w-])(?P<zh_part>[a-z][a-z0-9_-]*)\s*(?:服务|后台|前台|系统)",
    r"(?<![\w-])(?P<owner>[a-z][\w-]*)'s\b",  # "halo's backup/restore"
    r"(?<![\w-])(?P<on>[a-z][\w-]*) (?:is|was) (?:on|using|running|built)\b",  # "halo is on"
)
# "explain the extension mechanism in halo": a name at the end, weaker than a subject's.
_TAIL_NAME_RE = _rx(
    r"\b(?:in|of|from|inside|for|about) ([a-z][\w-]*)(?=\s*(?:$|[?,.;:]|\s[-–—]\s))"
)
# A Latin word in a Chinese sentence: a name of the Java world, a word, or a name here.
_LATIN_NEIGHBOUR_BEFORE_RE = _rx(r"[a-z]\s+$")
_LATIN_NEIGHBOUR_AFTER_RE = _rx(r"\s+[a-z]")
_LATIN_IN_ZH_RE = _rx(r"(?<![\w.@#$-])([a-z][a-z0-9]*(?:[-_][a-z0-9]+)*)(?![\w.(-])")


def mentioned_paths(text: str) -> list[str]:
    """The ``@path`` mentions of ``text``, in order, without the ``@`` (de-duplicated).

    Java annotations (``@Data``, ``@Override``) are not paths and are left out.
    """
    found: list[str] = []
    for match in _AT_PATH_RE.finditer(text):
        path = match.group(1).rstrip(_TRAILING_PUNCTUATION)
        code = _ANNOTATION_RE.fullmatch(path) or "(" in path  # "@myBean.check(...)": an expression
        if path and path not in found and not code:
            found.append(path)
    return found


def _looks_like_path(word: str) -> bool:
    parts = [p for p in word.strip("/").split("/") if p]
    if not any(c.isalpha() for c in word):
        return False
    if len(parts) == 1:
        return word.endswith("/") and len(parts[0]) >= 2  # "ui/", "application/"
    return (
        word.startswith(("/", "~"))
        or len(parts) >= 3
        or "." in parts[-1]
        or parts[0].lower() in _PATH_HEADS
        or _is_name_like(parts[0].lower())
        or word.endswith("/")
    )


def _path_words(text: str) -> list[str]:
    words = [f"@{p}" for p in mentioned_paths(text)]
    candidates = [m.group(0) for m in _SLASH_PATH_RE.finditer(text)]
    candidates = [c for c in candidates if _looks_like_path(c)]
    candidates += [m.group(0) for m in _FILE_NAME_RE.finditer(text)]
    candidates += [
        m.group(0)
        for m in _KNOWN_FILE_RE.finditer(text)
        if not _INDEFINITE_BEFORE_RE.search(text[: m.start()])  # "a good README": a kind of file
    ]
    for word in candidates:
        # "pom.xml" inside "@api/pom.xml" is the same mention, not a second one.
        if not any(word in seen for seen in words):
            words.append(word)
    # "http://…" is a URL, not a repository path.
    return [w for w in dict.fromkeys(words) if "://" not in w]


def _is_known(name: str) -> bool:
    key = name.lower().rstrip("()")
    bare = key.replace("-", "").rstrip("0123456789.")  # jdk8, java17, log4j2, spring-boot
    return key in _KNOWN_NAMES or key.replace("-", "") in _KNOWN_NAMES or bare in _KNOWN_NAMES


@lru_cache(maxsize=limits.ROUTER_NAME_CACHE_ENTRIES)
def _is_known_or_typo(name: str) -> bool:
    """A known name, or one letter away from a long one ("Elasticsearh")."""
    if _is_known(name):
        return True
    key = name.lower()
    if len(key) < limits.ROUTER_TYPO_MIN_CHARS:
        return False
    return any(
        abs(len(known) - len(key)) <= 1 and known[0] == key[0] and _one_edit(known, key)
        for known in _KNOWN_NAMES
        if len(known) >= limits.ROUTER_TYPO_MIN_CHARS
    )


def _one_edit(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by at most one inserted, deleted or replaced character."""
    if len(a) < len(b):
        a, b = b, a
    i = 0
    while i < len(b) and a[i] == b[i]:
        i += 1
    return a[i + 1 :] == b[i + 1 :] if len(a) == len(b) else a[i + 1 :] == b[i:]


_QUALIFIED_RE = _rx(r"(?<!\w)(\w+)\.\w+")


def _own_identifiers(text: str) -> list[str]:
    """Class, method and table names that are not names of the Java world."""
    # `CompletableFuture.allOf`: a member of a known class is known too.
    known_spans = [m.span() for m in _QUALIFIED_RE.finditer(text) if _is_known(m.group(1))]
    found = []
    for match in _IDENTIFIER_RE.finditer(text):
        if any(start <= match.start() < end for start, end in known_spans):
            continue
        word = match.group(0)
        head = re.split(r"[.#(]", word)[0]
        if (
            _is_known_or_typo(head)
            or _EXCEPTION_NAME_RE.search(head)
            or re.fullmatch(r"[A-Z]{2,}s", head)
        ):
            continue  # a name of the Java world, an exception, an acronym's plural ("DTOs")
        found.append(word)
    return found


def _dotted_names(norm: str) -> list[str]:
    """Packages and property keys of this code (``com.macro.mall``, ``jwt.tokenhead``)."""
    found = []
    for match in _DOTTED_RE.finditer(norm):
        word = match.group(0)
        if word.startswith(_STANDARD_DOTTED) or _FILE_NAME_RE.fullmatch(word):
            continue
        if re.fullmatch(r"[\d.]+", word.split(".", 1)[1]) or _is_known(word.split(".")[0]):
            continue  # a version number, "vert.x", "Spring.xxx"
        found.append(word)
    return found


def _is_module_name(name: str) -> bool:
    segments = name.split("-")
    if any(s.isdigit() for s in segments):
        return False  # "jsr-380", "utf-8": a standard's number
    if _is_known(name) or name.startswith(_TECH_PREFIXES) or len(name) < 4:
        return False
    return not any(s in _PHRASE_SEGMENTS for s in segments) and not all(
        _is_known(s) for s in segments
    )


def _is_name_like(word: str) -> bool:
    """An unknown lower-case word that can be a project or module name."""
    return (
        len(word) >= 3
        and word not in _COMMON_WORDS
        and not _WORD_ENDING_RE.search(word)
        and not _is_known_or_typo(word)
        and word not in _EN_VERBS
    )


def _is_acronym(name: str, text: str) -> bool:
    # "IM 系统", "ERP 项目": an upper-case acronym names a kind of system, not this one.
    return bool(re.search(rf"\b{re.escape(name.upper())}\b", text, re.ASCII))


def _repo_names(text: str, norm: str, profile_names: Sequence[str]) -> list[str]:
    """Module and project names: hyphenated names, named subjects, the profile's names."""
    found = [m.group(0) for m in _KEBAB_RE.finditer(norm) if _is_module_name(m.group(0))]
    for match in _NAMED_SUBJECT_RE.finditer(norm):
        name = next(g for g in match.groups() if g is not None)
        # "the review module", "istio module", "review 模块" name a module, whatever the word.
        named_part = match.group("module") is not None or match.group("zh_module") is not None
        plugin = "plugin" in match.group(0) or "插件" in match.group(0)
        if named_part and (_is_acronym(name, text) or (_is_known_or_typo(name) and plugin)):
            continue  # "OWASP plugin", "maven plugin": a plugin of the world
        if (named_part and name not in ("the", "a", "an", "this", "each", "every", "which")) or (
            "-" not in name and _is_name_like(name) and not _is_acronym(name, text)
        ):
            found.append(name)
    for name in profile_names:
        key = normalize_text(name)
        if key in _COMMON_WORDS or len(key) < 3 or _is_known(key):
            continue  # a module called "example" or "api" is no pointer by itself
        if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", norm, re.ASCII):
            found.append(name)
    return list(dict.fromkeys(found))


# "the decoder", "the password reset token": a thing of this code (not "the difference").
_DEFINITE_RE = _rx(r"\bthe ([a-z][\w-]*)(?: [a-z][\w-]*){0,3}")
_NOT_DEFINITE = frozenset(
    """
    difference differences best same following above previous last first next other way ways
    right wrong end beginning start idea concept point reason reasons benefit benefits
    purpose meaning answer answers example examples question questions jvm jdk java world
    internet web cloud future past main general common most least whole patch diff change
    changes fix pros cons use usage case cases time problem issue thing things one
    """.split()
)
_SNIPPET_RE = _rx(
    r";\s*(?:$|\n|\})|\{\s*\n|\)\s*\{|\b(?:if|for|while)\s*\(.*\)|\bnew [A-Z]\w*\(|\breturn\b.*;"
    r"|=\s*\"[^\"]*\"\s*\+|\bselect\b.+\bfrom\b|\bpublic (?:class|void|static)\b|^\s*@\w+\s*$",
    re.MULTILINE | re.IGNORECASE,
)


def _read_pointers(reading: Reading, names: Sequence[str]) -> None:
    text, norm = reading.text, reading.norm
    reading.paths = _path_words(text)
    reading.identifiers = _own_identifiers(text)
    reading.dotted = _dotted_names(norm)
    reading.names = _repo_names(text, norm, names)
    # "…'Checked exception is invalid for this method!' mean?": a quoted message's words
    # are the program's, "this method" is not code here.
    said = _QUOTED_RE.sub(" ", norm)
    reading.project = _PROJECT.find(said) + _all(_BARE_PROJECT_RE, said)
    reading.we = _all(_WE_RE, said)
    reading.deictic = _all(_DEICTIC_RE, said)
    reading.where = _all(_WHERE_RE, said)
    reading.facts = _all(_MANNER_RE, norm) + [
        m.group(1) for m in _TAIL_NAME_RE.finditer(norm) if _is_name_like(m.group(1))
    ]
    reading.usage = _all(_USAGE_RE, norm)
    reading.parts = _all(_PART_RE, norm)
    reading.app_parts = [part for part in _all(_APP_PART_RE, norm) if _is_app_part(part)]
    reading.domain = _DOMAIN.find(re.sub(r"<[^<>]*>", " ", norm))  # not List<Order>
    reading.snippet = bool(_SNIPPET_RE.search(text))
    reading.definite = [
        m.group(0) for m in _DEFINITE_RE.finditer(norm) if m.group(1) not in _NOT_DEFINITE
    ]


def _is_app_part(part: str) -> bool:
    """ "dubbo 接口", "order 模块" are parts of this application; "mapper 接口" (a kind of
    interface) and "lombok 插件" (a plugin of the world) are not."""
    word = re.match(r"[a-z]+", part)
    if part.startswith("the ") or word is None:
        return True
    world_plugin = _is_known_or_typo(word.group(0)) and re.search("插件|工程|子项目", part)
    return word.group(0) not in _COMMON_WORDS and not world_plugin


def _latin_names(reading: Reading) -> list[str]:
    """Unknown words in a Chinese question that is not a knowledge question: names here.

    "mall 用的 Spring Boot 版本是多少", "要装哪些中间件才能把 mall 跑起来".
    """
    if not _HAS_CJK_RE.search(reading.norm) or reading.generic or reading.how_to:
        return []
    if reading.answer_words or (reading.acts(Act.CREATE) and reading.indefinite):
        return []  # "给我写一个读取 properties 文件的工具类示例"
    if reading.known_topic:
        return []
    found = []
    for match in _LATIN_IN_ZH_RE.finditer(reading.norm):
        word, before, after = (
            match.group(1),
            reading.norm[: match.start()],
            reading.norm[match.end() :],
        )
        if _LATIN_NEIGHBOUR_BEFORE_RE.search(before) or _LATIN_NEIGHBOUR_AFTER_RE.match(after):
            continue  # "refresh token 轮换", "Structured concurrency 现在…": a term, not a name
        plain = "-" not in word and "_" not in word
        if plain and _is_name_like(word) and not _is_acronym(word, reading.text):
            found.append(word)
    return found


def _read_knowledge(reading: Reading) -> None:
    norm = reading.norm
    unfact = _FACT_FORM_RE.sub(" ", norm)  # "是怎么实现的" asks how it was done here
    reading.generic = _GENERIC.find(unfact) + _all(_ADVICE_RE, unfact)
    reading.generic_weak = _GENERIC_WEAK.find(unfact)
    reading.how_to = _all(_HOW_TO_RE, unfact)
    reading.known_topic = _known_topic(reading)
    question_text = " ".join(c.norm for c in reading.clauses if c.question)
    create_text = norm if reading.acts(Act.CREATE) else ""
    reading.indefinite = bool(_INDEFINITE_RE.search(f"{question_text} {create_text}"))
    reading.conversation = _CONVERSATION.find(norm)
    reading.answer_words = _ANSWER_WORDS.find(norm)
    # "以后回答用中文" wishes; "改了字典以后" is "after".
    opening = any(_PREFERENCE_OPENING_RE.search(c.norm) for c in reading.clauses)
    reading.preference = bool(_PREFERENCE.find(norm)) or opening
    reading.identifiers = [w for w in reading.identifiers if not _library_name(reading, w)]


def _library_name(reading: Reading, word: str) -> bool:
    """In a knowledge question, a name without an application role is not this code's.

    A how-to's or a concept question's CamelCase name is a library's ("How do I configure
    HikariCP?"), a lower-case one an example's or a library's member ("怎么把 List<Order> 按
    userId 分组", "线程池 keepAliveTime 有啥用"); but two names of its own are compared
    ("UmsAdmin 和 UmsMember 有什么区别").
    """
    if re.search(rf"(?:一个|一种|\ban?|\bcustom)\s*{re.escape(word)}\b", reading.text, re.ASCII):
        return True  # "自定义一个 ConstraintValidator": a kind of class, not one here
    if _APP_CLASS_RE.search(word):
        return False
    if re.search(rf"[a-z0-9]\s*(?:的|'s)?\s+{re.escape(word)}\b", reading.text, re.I | re.ASCII):
        owner = re.findall(rf"([a-z][\w-]*)\s*(?:的|'s)?\s+{re.escape(word)}\b", reading.text, re.I)
        if any(_is_known_or_typo(o) for o in owner):
            return True  # "Spring 的 ApplicationEvent": a member of a name of the Java world
    lower = bool(re.match(r"[a-z]", word))
    if not (reading.generic or reading.how_to or reading.indefinite or reading.generic_weak):
        return bool(reading.known_topic) and lower  # "线程池 keepAliveTime 是干嘛的"
    if lower:
        return True
    # A comparison or a "what is" of names of its own stays this repository's ("UmsAdmin 和
    # UmsMember 有什么区别", "What is CouponCalculator for?"), unless the question names
    # the Java world ("ScopedValue 和 ThreadLocal 有什么区别", "What is ArC in Quarkus?").
    comparison = all(w in _COMPARISON_WORDS for w in reading.generic)
    if comparison and not (reading.how_to or reading.indefinite):
        return bool(reading.known_topic) or _names_the_world(reading.norm)
    return True


def _names_the_world(norm: str) -> bool:
    """``norm`` names something of the Java world (a known name, not a common word)."""
    words = re.findall(r"[a-z][\w.+#-]*", norm)
    return any(_is_known_or_typo(w.rstrip(".")) for w in words if w not in _COMMON_WORDS)


def _known_topic(reading: Reading) -> str:
    """The name of the Java world the message is about, if it opens with one (after a
    greeting: "您好，请问 Gradle 的 build cache 解决什么问题")."""
    content = [c.norm for c in reading.clauses if not _COURTESY_RE.fullmatch(c.norm)]
    match = _TOPIC_RE.match(content[0] if content else reading.norm)
    if match is None:
        return ""
    topic = next((g for g in match.groups() if g), "")
    words = [w.strip("@.") for w in topic.split()]
    known = any(_is_known_or_typo(w) for w in words if w and w not in _COMMON_WORDS)
    return topic if known or match.group("zh_term") or _ZH_TECH.find(topic) else ""


def _is_statement(norm: str) -> bool:
    """Long enough to say something about code (not a bare topic: "semver: …")."""
    if _HAS_CJK_RE.search(norm):
        return len(norm) >= limits.ROUTER_MIN_STATEMENT_CHARS
    return len(norm.split()) >= limits.ROUTER_MIN_STATEMENT_WORDS


def _descriptions(reading: Reading) -> list[str]:
    """Statements about code ("@Transactional 加在 private 方法上了"), not asks or chat."""
    if not (reading.is_question or reading.requests) or len(reading.clauses) < 2:
        return []
    found = []
    for clause in reading.clauses:
        if clause.question or _clause_requests(clause) or not _is_statement(clause.norm):
            continue
        wish = _PREFERENCE.find(clause.norm) or _PREFERENCE_OPENING_RE.search(clause.norm)
        if _CONVERSATION.find(clause.norm) or wish:
            continue
        found.append(clause.norm[:24])
    return found


def _prose(text: str, reading: Reading) -> str:
    """``text`` (normalized) without the names read in it: "patches/", "data-fix",
    "/fix-stock" are names, their words ask for no audit or patch. (CamelCase and
    snake_case names need nothing: a word matches only as a whole word.)"""
    names = [*reading.paths, *reading.dotted, *(n for n in reading.names if "-" in n)]
    for name in sorted({normalize_text(n).lstrip("@") for n in names}, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def _read_problems(reading: Reading) -> None:
    norm = _prose(reading.norm, reading)
    reading.audit = _AUDIT.find(norm)
    # "存在数据库里还是写死在前端？": the options of a choice are no problems.
    unchoice = " ".join(
        _prose(c.norm, reading)
        for c in reading.clauses
        if not (c.question and _CHOICE_RE.search(c.norm))
    )
    for phrase in _NOT_PROBLEMS:  # "constructor injection", "防重复提交": no problem said
        unchoice = unchoice.replace(normalize_text(phrase), " ")
    reading.problems = _PROBLEMS.find(unchoice) + _all(_PROBLEM_RE, unchoice)
    reading.evaluative = _EVALUATIVE.find(norm)
    reading.existence = bool(_EXISTENCE_RE.search(norm))
    reading.safeguards = [
        m.group(0) for c in reading.clauses if (m := _SAFEGUARD_RE.search(c.norm))
    ]
    words = _PATCH_WORD.find(_NOT_PATCH_RE.sub(" ", norm))
    if _is_http_patch(reading.text):
        words = [w for w in words if w not in ("patch", "patches")]
    reading.new_patch = bool(_NEW_PATCH_RE.search(norm))
    reading.patch_words = words
    if reading.generic and not reading.strong and not _PATCH_DETERMINED_RE.search(norm):
        words = [w for w in words if w == "补丁"]  # "Is it good practice to patch jars?"
    refs = _PATCH_REF.find(_OWN_CHANGE_RE.sub(" ", norm))
    reading.patch_refs = ([] if reading.new_patch else words) + refs + _all(_YOU_CHANGED_RE, norm)


def _is_http_patch(text: str) -> bool:
    # Upper-case PATCH is the HTTP method ("Explain the PATCH endpoint").
    return "PATCH" in text and not re.search(r"\bpatch(?:es|ing)?\b", text)


# Lines of a pasted stack trace or log: their class names and exception words are the
# program's, not the user's ("NullPointerException" in a trace is not an audit request).
_LOG_LINE_RE = _rx(
    r"^\s*(?:at [\w$.<>]+\(|caused by:|exception in thread|\.\.\. \d+ (?:more|common)"
    r"|[\w$.]+(?:exception|error)(?::|$)|\d{4}-\d{2}-\d{2}[ t]\d"
    r"|\[?(?:error|warn|info|debug)\]?\s)",
    re.IGNORECASE,
)


def _without_log_lines(text: str) -> str:
    lines = text.splitlines()
    kept = [line for line in lines if not _LOG_LINE_RE.match(line)]
    return "\n".join(kept) if kept else text


def _questioned_text(text: str) -> str:
    """The part of ``text`` the router reads: log lines out, a long paste cut to its
    head and tail (where a pasted trace carries the question)."""
    text = _without_log_lines(text)
    half = limits.CLASSIFIER_MAX_CHARS // 2
    if len(text) > 2 * half:
        text = f"{text[:half]}\n{text[-half:]}"
    return text


def read(text: str, *, names: Sequence[str] = ()) -> Reading:
    """Read ``text`` for the router (see :class:`Reading`)."""
    text = _questioned_text(text)
    norm = normalize_text(text).strip()
    # A quoted message ("'Address already in use'") is read as words, not as clauses.
    reading = Reading(text=text, norm=norm, clauses=_clauses(_QUOTED_RE.sub(" ", norm)))
    reading.is_question = any(c.question for c in reading.clauses)
    reading.requests = [r for clause in reading.clauses for r in _clause_requests(clause)]
    asked_of_us = _ZH_PERSON_MARKER_RE.search(norm) or _EN_YOU_RE.search(norm)
    if _OWN_PLAN_RE.search(norm) and not asked_of_us:
        reading.requests = [r for r in reading.requests if r.act not in (Act.CHANGE, Act.CREATE)]
    _read_pointers(reading, names)
    _read_knowledge(reading)
    _read_problems(reading)
    reading.describes = _descriptions(reading)
    reading.names = list(dict.fromkeys([*reading.names, *_latin_names(reading)]))
    return reading


# --- the rules --------------------------------------------------------------------------------

# Inspection verbs that are an audit by themselves ("帮我 review 一下 X", "审一下 pom 依赖").
_AUDIT_VERBS = frozenset(
    {
        "audit", "review", "scan", "vet", "pentest", "double-check", "sanity-check",
        *_EN_AUDIT_PHRASES, "审计", "审查", "审一下", "审下", "扫描", "扫一下", "扫扫", "扫一扫",
        "扫一遍", "走查", "评审", "把关",
    }
)  # fmt: skip
# Audit words that are verbs: in a where-question they say what the code does.
_AUDIT_VERB_WORDS = frozenset(
    {"scan", "fix", "fixes", "fixing", "audit", "audits", "auditing", "repair", "harden",
     "hardening", "扫描", "修复", "审计", "审查"}
)  # fmt: skip
# Tools whose own patches a question may be about ("git 怎么导出一个 patch 文件").
_TOOLS = frozenset(
    {"git", "svn", "idea", "intellij", "eclipse", "vscode", "gitlab", "github", "gerrit"}
)
# "check the upload handler for path traversal": looking for something.
_CHECK_FOR_RE = _rx(
    r"\b(?:check|scan|inspect|review|audit|test)\b.{1,60}\bfor\b(?!\s+(?:me|us|you)\b)"
)
# A yes-or-no question or a confirmation ("没有校验文件类型吧").
_CONFIRMATION_RE = _rx(r"吧\s*[。.!！]?$")
_ZH_YES_NO_RE = _rx(r"吗|会不会|能不能|是不是|有没有|是否|可不可能|有无|存不存在|对不对|可能")
_EN_YES_NO_RE = _rx(
    r"^(?:is|are|was|were|does|do|did|can|could|will|would|has|have|any|isn't|aren't|doesn't)\b"
)
# "怎么改比较好", "how should we refactor…": advice on changing code; about this code, an audit.
_HOW_TO_CHANGE_RE = _any_of(
    r"(?:怎么|如何|怎样)(?:改|修改|重构|优化|拆|修|调整|改进|简化)",
    r"\bhow (?:should|would|can|could|do) (?:i|we|you) (?:refactor|improve|fix|change|rewrite"
    r"|simplify|split|clean up|optimi[sz]e)\b",
)
# An inspection that verifies a condition, or one that looks something up.
_YES_NO_RE = _rx(r"有没有|是否|是不是|有无|会不会|能不能|\bwhether\b|\bif\b|\bany\b")
_LOOKUP_RE = _rx(r"哪|什么|啥|几|多少|\b(?:which|what|where|how many|how much|list)\b")
# "把锁的粒度改小一点", "make it smaller": an adjustment of something already there.
_COMPARATIVE_RE = _rx(r"一点|一些|\b(?:smaller|simpler|shorter)\b")


def _result(intent: IntentType, rule: Rule, matched: Iterable[str]) -> Classification:
    unique: dict[str, str] = {}
    for word in matched:
        unique.setdefault(word.lower(), word)  # "ReviewController" once, as written
    return Classification(intent=intent, rule=rule, matched=list(unique.values()))


def _about_answer(reading: Reading) -> bool:
    """A request about the previous answer or the conversation, not about code."""
    return bool(reading.answer_words or reading.preference) and not reading.strong


def _patch_rule(reading: Reading) -> Classification | None:
    """With a patch pending: a message about it, or a change that continues it."""
    # "Maven Wrapper 有什么用？为什么要把 .mvn 目录提交上去？": a knowledge question's "why"
    # is not about the patch.
    implied = [] if reading.knowledge else _all(_PATCH_IMPLIED_RE, reading.norm)
    refs = reading.patch_refs + implied
    if not refs:
        if follow_up := _revises_unnamed(reading):
            return _result(IntentType.PATCH_REVISE, Rule.PATCH_REVISE, follow_up)
        return None
    # A limit ("补丁里别动测试") or an adjustment ("补丁能再短一点吗") revises it too.
    changes = reading.acts(Act.CHANGE, Act.CREATE) + [r for r in reading.requests if r.negative]
    if adjust := _ADJUST_RE.search(reading.norm):
        changes.append(Request(Act.CHANGE, adjust.group(0)))
    explains = reading.acts(Act.EXPLAIN) or _CONFUSED.find(reading.norm)
    if changes and not (explains and _explain_first(reading)):
        words = [*refs, *(r.verb for r in changes)]
        return _result(IntentType.PATCH_REVISE, Rule.PATCH_REVISE, words)
    if explains or reading.is_question:
        return _result(IntentType.PATCH_EXPLAIN, Rule.PATCH_EXPLAIN, refs)
    if revise := _REVISE_WORDS.find(reading.norm):
        return _result(IntentType.PATCH_REVISE, Rule.PATCH_REVISE, [*refs, *revise])
    return _result(IntentType.PATCH_EXPLAIN, Rule.PATCH_EXPLAIN, refs)


def _revises_unnamed(reading: Reading) -> list[str]:
    """A change request that continues the pending patch without naming it.

    "换成 switch 写法", "use a StringBuilder there instead", "只动 OrderService": a follow-up
    phrasing with nothing new to change. A change that names its own subject ("upgrade
    jackson", "add a check to the decoder", "把 Swagger 换成 SpringDoc") or fixes a
    problem is a new audit.
    """
    restrictive = _all(_RESTRICTIVE_RE, reading.norm)
    if restrictive and not reading.acts(Act.EXPLAIN) and not _about_answer(reading):
        return restrictive
    changes = reading.acts(Act.CHANGE)
    if not changes or reading.audit or reading.problems or _about_answer(reading):
        return []
    follow_up = _FOLLOW_UP_CHANGE.find(reading.norm)
    targeted = any(r.targeted for r in changes) and not _COMPARATIVE_RE.search(reading.norm)
    named = reading.strong or reading.weak or reading.definite or targeted
    return [*follow_up, *(r.verb for r in changes)] if follow_up and not named else []


def _explain_first(reading: Reading) -> bool:
    """The first request explains ("Explain the change to X in the patch")."""
    return bool(reading.requests) and reading.requests[0].act is Act.EXPLAIN


def _audit_rule(reading: Reading) -> Classification | None:
    """An audit: patch words, audit verbs and words, a change request on code, a problem
    looked for here, an inspection that verifies or judges this code."""
    if reading.patch_refs and not _tool_question(reading):
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, reading.patch_refs)
    if reading.new_patch:
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, reading.patch_words or ["patch"])
    audits = [r.verb for r in reading.acts(Act.INSPECT) if r.verb in _AUDIT_VERBS]
    if audits and not reading.knowledge:
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, audits)
    if reading.audit and _asks_for_audit(reading):
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, reading.audit)
    return _change_request(reading) or _problem_rule(reading) or _inspection_rule(reading)


def _asks_for_audit(reading: Reading) -> bool:
    """Audit words ask for an audit unless the question asks for knowledge, or asks where
    the code does it ("Where do we scan the classpath for plugins?", "哪个类负责修复…")."""
    if reading.acts(Act.CHANGE, Act.INSPECT):
        return True
    if reading.knowledge:
        return False
    nouns = [w for w in reading.audit if w not in _AUDIT_VERB_WORDS]
    return bool(nouns or reading.problems or not reading.where)


def _tool_question(reading: Reading) -> bool:
    # "git 怎么导出一个 patch 文件": a question about a tool, no patch of this code.
    tools = _TOOLS.intersection(re.findall(r"[a-z]+", reading.norm))
    return bool(tools) and reading.knowledge and not reading.requests


def _change_request(reading: Reading) -> Classification | None:
    """A request to change code, or to write code for this repository.

    A change request is an audit unless it is about the previous answer ("上面那个例子改成
    lambda") or asks how to do something in general: whatever its verb or object, acting
    on code outside the audit flow would break the isolation.
    """
    changes = reading.acts(Act.CHANGE)
    creates = reading.acts(Act.CREATE)
    if changes and not (_about_answer(reading) and not reading.problems):
        targets = [*reading.strong, *reading.weak, *reading.problems, *reading.audit]
        targets += [r.verb for r in changes if r.targeted]
        if targets or not (reading.generic or reading.how_to):
            words = [*(r.verb for r in changes), *targets[:3]]
            return _result(IntentType.CODE_AUDIT, Rule.CHANGE, words)
    targets = [*reading.strong, *reading.app_parts, *reading.definite]
    if creates and targets and not reading.answer_words and not reading.generic:
        return _result(
            IntentType.CODE_AUDIT, Rule.CHANGE, [*(r.verb for r in creates), *targets[:3]]
        )
    return None


def _problem_rule(reading: Reading) -> Classification | None:
    """A problem (a bug, an injection, a leak, a missing check…) asked about this code."""
    problems, knowledge = reading.problems, reading.knowledge
    if not problems:
        return None
    inspects = [r.verb for r in reading.acts(Act.INSPECT)]
    if here := reading.here:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*problems, *here[:3]])
    if inspects and not reading.generic:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*problems, *inspects])
    if reading.existence and not knowledge:  # "有没有地方把密码打印到日志里？"
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, problems)
    if reading.describes and not reading.generic:  # "用户输入是直接拼进去的，会不会被注入"
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*problems, *reading.describes[:1]])
    if not knowledge and not reading.conversation and _asks_or_confirms(reading):
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, problems)
    if reading.definite and reading.is_question and not knowledge:  # "Is the token guessable?"
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*problems, *reading.definite[:1]])
    return None


def _inspection_rule(reading: Reading) -> Classification | None:
    """An inspection that looks for something, verifies a safeguard or judges this code."""
    here, inspects = reading.here, [r.verb for r in reading.acts(Act.INSPECT)]
    if inspects and _CHECK_FOR_RE.search(reading.norm) and not reading.knowledge:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, inspects)
    if reading.safeguards and not reading.knowledge:  # "Are passwords hashed?"
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, reading.safeguards)
    sensitive = _SENSITIVE.find(reading.norm)  # "密码是用 MD5 存的吗？安全吗"
    if sensitive and reading.evaluative and reading.is_question and not reading.generic:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*reading.evaluative, *sensitive])
    if reading.strong and (change := _all(_HOW_TO_CHANGE_RE, reading.norm)):
        return _result(IntentType.CODE_AUDIT, Rule.CHANGE, [*change, *reading.strong[:3]])
    if inspects and here and _verifies(reading):
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*inspects, *here[:3]])
    # Judging code here ("SecurityConfig 里把 CSRF 禁用了，这样有安全问题吗"), not a design of
    # the Java world ("JWT 里放租户 id 安全吗").
    judged = reading.strong or (here and not reading.known_topic)
    if reading.evaluative and judged and (inspects or reading.is_question):
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*reading.evaluative, *here[:3]])
    return None


def _asks_or_confirms(reading: Reading) -> bool:
    """A yes-or-no question or a confirmation about a problem: "会不会被利用？", "没有校验文件
    类型吧", "Could it deadlock?" (not "How do static analysis tools find bugs?", "金额用
    double 存有什么问题")."""
    if _CONFIRMATION_RE.search(reading.norm):
        return True
    return any(
        c.question and (_ZH_YES_NO_RE.search(c.norm) or _EN_YES_NO_RE.match(c.norm))
        for c in reading.clauses
    )


def _verifies(reading: Reading) -> bool:
    """An inspection that verifies a condition of this code ("检查一下 X 有没有把 debug 打开"),
    not one that looks something up ("检查一下 X 依赖了些啥", "check which version…")."""
    norm = reading.norm
    return bool(_YES_NO_RE.search(norm)) and not _LOOKUP_RE.search(norm) and not reading.usage


def _explain_rule(reading: Reading) -> Classification | None:
    """A question about this repository."""
    if reading.preference and not reading.requests:
        return None  # "以后涉及命令行的地方都给两个版本": a wish about the answers
    if reading.paths:
        return _result(IntentType.CODE_EXPLAIN, Rule.PATH, reading.paths)
    if reading.strong:
        return _result(IntentType.CODE_EXPLAIN, Rule.EXPLAIN, reading.strong)
    here = reading.here
    if not here or _is_conversation(reading):
        return None
    if here == reading.domain:
        return _result(IntentType.CODE_EXPLAIN, Rule.DOMAIN, here)
    return _result(IntentType.CODE_EXPLAIN, Rule.CODE_ELEMENT, here)


def _is_conversation(reading: Reading) -> bool:
    """A follow-up, thanks or a wish about the answers, with nothing firm of this repository."""
    if reading.preference:
        return True
    firm = reading.usage or reading.facts or reading.app_parts or reading.parts
    if len(reading.norm) < limits.ROUTER_SHORT_MESSAGE_CHARS:
        return not firm  # "还有吗？"
    return bool(reading.conversation or _FOLLOW_UP_RE.search(reading.norm)) and not firm


def classify(
    text: str, *, patch_pending: bool = False, names: Sequence[str] = ()
) -> Classification:
    """Choose the intent of ``text`` by the rules of the module docstring.

    ``patch_pending``: a patch awaits the user's confirmation, so "explain/revise
    the patch" mean that patch; without one, patch words stay outside memory
    (``code_audit``). ``names``: the repository's own names (project and module
    names from its profile), which make a question about this repository.
    """
    # "补充一下：…" adds information; without its colon it is a request ("补充一下测试用例").
    text = _ADDING_LEAD_RE.sub("", text, count=1)
    reading = read(text, names=names)
    rules: list[Callable[[Reading], Classification | None]] = [_audit_rule, _explain_rule]
    if patch_pending:
        rules.insert(0, _patch_rule)
    for rule in rules:
        found = rule(reading)
        if found is not None:
            if found.intent is IntentType.CODE_AUDIT and _only_a_standing_wish(text, names):
                return _result(IntentType.GENERAL_CHAT, Rule.STANDING_WISH, found.matched)
            return found
    return Classification(intent=IntentType.GENERAL_CHAT, rule=Rule.DEFAULT)


# A lead-in that announces added information ("补充一下：", "顺便说一下，", "另外补充一点："):
# its verb asks for no change.
_ADDING_LEAD_RE = _rx(
    r"^\s*(?:另外|顺便|再|我)?(?:补充(?:一下|一点|一句|说明)?|说明一下|顺便说一下|说一下|提一下"
    r"|顺带一提|备注)\s*[：:，,]\s*"
)


# What makes a wish *standing* (future answers, every time) rather than a request to act
# now: "delete the module" is a request; "以后别再…", "stop suggesting X" are wishes.
_STANDING_MARKER_RE = _rx(
    r"以后|今后|往后|从现在|从今|每次|每回|默认|一律|别再|不要再|不用再|总是|始终|永远"
    r"|\b(?:from now on|going forward|in (?:the )?future|always|never|every time|by default"
    r"|no longer|any ?more|stop \w+ing)\b"
)


def _only_a_standing_wish(text: str, names: Sequence[str]) -> bool:
    """``text`` is a standing rule or cancel about the answers and nothing else ("请以后先给
    结论", "Stop suggesting Lombok, we don't use it anymore"): the memory's own directive
    grammar decides what a rule is, so a wish that merely sounds like a change request is
    remembered, not gated. What is left once its clauses are removed must ask for no
    audit ("修一下 X 的空指针，以后别再写这种代码" stays an audit)."""
    wishes = [
        d
        for d in directives_in(text)
        if d.kind in (DirectiveKind.RULE, DirectiveKind.CANCEL)
        and _STANDING_MARKER_RE.search(normalize_text(d.clause))
    ]
    if not wishes:
        return False
    rest = text
    for wish in wishes:
        rest = rest.replace(wish.clause, " ")
    rest_reading = read(rest, names=names)
    return _audit_rule(rest_reading) is None and not rest_reading.patch_refs


def forced(intent: IntentType) -> Classification:
    """The classification of an intent the user chose explicitly."""
    return Classification(intent=intent, rule=Rule.FORCED)


def choose(
    text: str,
    intent: IntentType | None = None,
    *,
    patch_pending: bool = False,
    names: Sequence[str] = (),
) -> Classification:
    """The intent the user forced (``--intent``, ``/intent``), else the classifier's choice."""
    if intent is not None:
        return forced(intent)
    return classify(text, patch_pending=patch_pending, names=names)
