"""The rule-based, bilingual intent classifier of the command line.

The host's intents decide what memory may see: audit and patch turns stay
isolated, explanations and general questions read and write memory (see
``docs/cli.md``, "Intents"). The CLI has no model to classify a question, so it
uses transparent rules. A question is first *read* (:class:`Reading`): what it
points at in this repository, which problem or change words it carries, whether it
is a request or a question, a concept question or a how-to. Then, in this order:

1. while a patch awaits confirmation, a question that refers to the patch ("the
   patch", 补丁, "this change", 这么改, "why did you change…") is ``patch_revise``
   when it asks for a change and ``patch_explain`` otherwise; a change request with
   no new target ("change it to use a switch") revises the patch too;
2. ``code_audit``: audit words (audit, fix, patch, vulnerability, scan, review…,
   审计, 修复, 漏洞, 扫描, 审查…); a problem (a bug, an SQL injection, a leak,
   空指针, 越权, a missing check…) looked for in this code; a request to change this
   code (refactor, rename, "add X to the Y", 改成, 重构, 给 X 加上…). Patch words
   without a pending patch land here too, so they stay outside memory. A knowledge
   question that points at nothing in this repository ("什么是 SQL 注入？", "How do
   I fix a ConcurrentModificationException?") is not an audit;
3. ``code_explain``: the question points at this repository: a path or file name,
   a class of its own (``ReviewService``, not ``HashMap``), a module or project
   name (``mall-admin``, "the api module", names from the repo profile), "this
   project", "our…", "we use/need", "where is … configured"; or it asks about the
   application's own domain in words that are not Java's ("会员等级是怎么计算的？");
4. otherwise ``general_chat``.

Erring matters asymmetrically: an audit or patch request sent to a memory intent
breaks the isolation, while a question kept outside memory only loses context; so
rule 2 runs before rule 3 and patch words never fall through to memory. The word
lists below are this module's own (nothing else uses them); the labelled set in
``tests/intent_cases.py`` measures them.

The choice is always overridable (``--intent``, ``/intent``); the result says why.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from pydantic import BaseModel, ConfigDict, Field

from autopatch_memory import limits
from autopatch_memory.intents import IntentType
from autopatch_memory.text import (
    Language,
    SignalMatcher,
    detect_language,
    has_long_term_signal,
    normalize,
)

__all__ = ["Classification", "Rule", "choose", "classify", "forced", "mentioned_paths"]


class Rule(str, Enum):
    """Which rule chose the intent."""

    FORCED = "forced"  # --intent / /intent
    PATCH_REVISE = "patch_revise_words"
    PATCH_EXPLAIN = "patch_explain_words"
    AUDIT = "audit_words"
    PROBLEM = "problem_in_code"
    CHANGE = "change_request"
    PATH = "path_in_question"
    EXPLAIN = "code_words"
    CODE_ELEMENT = "code_element_words"
    DOMAIN = "domain_question"
    DEFAULT = "default"

    def __str__(self) -> str:
        return self.value


class Classification(BaseModel):
    """The intent chosen for a question, and why."""

    model_config = ConfigDict(frozen=True)

    intent: IntentType
    rule: Rule
    matched: list[str] = Field(default_factory=list)

    @property
    def explanation(self) -> str:
        """A short human reason, e.g. ``audit words: "fix"``."""
        words = ", ".join(f'"{w}"' for w in self.matched)
        return {
            Rule.FORCED: "chosen by you",
            Rule.PATCH_REVISE: f"asks to change the pending patch: {words}",
            Rule.PATCH_EXPLAIN: f"asks about the pending patch: {words}",
            Rule.AUDIT: f"audit words: {words}",
            Rule.PROBLEM: f"looks for a problem in this code: {words}",
            Rule.CHANGE: f"asks to change this code: {words}",
            Rule.PATH: f"names a file or path: {words}",
            Rule.EXPLAIN: f"about this repository: {words}",
            Rule.CODE_ELEMENT: f"about code here: {words}",
            Rule.DOMAIN: "a question about this application's own domain",
            Rule.DEFAULT: "no audit, patch or repository words",
        }[self.rule]


# --- word lists (this module is their only consumer) -------------------------------------
# Chinese phrases match as substrings, English ones as whole words (text.SignalMatcher);
# both after NFKC folding and lower-casing.

# Words that ask for an audit or a fix by themselves.
_AUDIT_ZH = (
    "审计", "审查", "修复", "修一下", "修下", "修掉", "修好", "怎么修", "修一修", "修个",
    "修一个", "扫一遍", "扫一下漏洞", "漏洞", "扫描", "打补丁", "补丁", "排雷", "渗透测试",
    "加固",
)  # fmt: skip
_AUDIT_EN = (
    "audit", "audits", "auditing", "fix", "fixes", "fixing", "fixed", "patch", "patches",
    "patching", "vulnerability", "vulnerabilities", "vulnerable", "cve", "scan", "scanning",
    "code review", "security review", "security audit", "harden", "find bugs", "find bug",
    "exploit", "exploitable", "pentest", "diff", "hunk", "hunks", "repair",
)  # fmt: skip
# Concepts that contain an audit word but ask for none: Spring's package scan, the
# HTTP PATCH method (see also _is_http_patch).
_AUDIT_EXCEPTIONS = (
    "包扫描", "组件扫描", "注解扫描", "扫描包", "扫描路径", "component scan",
    "component scanning", "classpath scanning", "http patch", "patch request",
    "patch requests", "patch method", "patch endpoint", "patch mapping", "patch 请求",
    "patch 方法", "patch 接口",
)  # fmt: skip
# "review" is an audit only as a verb ("review X", "review 一下", "code review"); the
# demo repository has a module named review.
_REVIEW_VERB_RE = re.compile(
    r"\breview\s*(?:一下|下)"
    r"|^(?:please\s+|帮我\s*|请\s*)?review\b(?!\s*(?:模块|目录|服务|包|module|service|folder|app))"
)

# Problems an audit looks for. The specific ones (a bug, an injection, a leak) make a
# check an audit by themselves ("看看有没有 SQL 注入"); the broad ones ("safe", "风险",
# "问题") only when the question points at this code.
_PROBLEM_ZH = (
    "bug", "sql 注入", "sql注入", "命令注入", "注入攻击", "注入漏洞", "注入风险", "越权",
    "权限绕过", "路径穿越", "目录穿越", "反序列化漏洞", "内存泄漏", "内存泄露", "连接泄漏",
    "竞态", "竞争条件", "死锁", "线程安全", "并发问题", "空指针", "安全问题", "安全隐患",
    "安全风险", "隐患", "缺陷", "硬编码", "弱口令", "明文密码", "暴力破解", "被利用",
    "被攻击", "被绕过", "被篡改", "被破解", "明文", "敏感信息", "敏感数据", "个人信息",
    "吞异常", "吞掉异常", "丢数据", "数据丢失", "重复提交", "重复下单", "超卖", "任意文件",
    "会不会被", "能不能被", "是否会被", "弱加密", "不安全", "够不够安全", "够安全", "安全性",
)  # fmt: skip
_PROBLEM_EN = (
    "bug", "bugs", "buggy", "sql injection", "command injection", "code injection",
    "injection attack", "injection attacks", "injection vulnerability", "injection risk",
    "injection risks", "xss", "csrf", "ssrf", "rce", "xxe", "npe", "null pointer",
    "nullpointerexception", "memory leak", "memory leaks", "leak", "leaks", "leaking",
    "race condition", "race conditions", "deadlock", "deadlocks", "thread-safe",
    "thread safe", "thread safety", "thread-safety", "concurrency issue", "concurrency issues",
    "security issue", "security issues", "security hole", "security risk", "security risks",
    "security problem", "security problems", "hard-coded", "hardcoded", "path traversal",
    "insecure", "log4shell", "deserialization issue", "unsafe deserialization",
    "mass assignment", "open redirect", "brute force", "weak password", "plaintext password",
    "plaintext", "plain text", "cleartext", "missing validation", "missing authorization",
    "missing authentication", "missing auth", "missing check", "missing checks",
    "personal data", "sensitive data", "pii", "guessable", "predictable", "bypass",
    "bypassed", "swallow", "swallows", "swallowed", "overflow", "exposes stack traces",
    "expose stack traces", "exposes secrets", "exposed secrets", "empty catch", "ignore it",
    "ignores it", "ignored exceptions", "weak crypto",
    "weak encryption", "be exploited", "be abused", "dangerous", "safe enough", "secure enough",
    "replay attack", "replay attacks",
)  # fmt: skip
_BROAD_PROBLEM_ZH = (
    "风险", "有什么问题", "有没有问题", "有问题吗", "存在问题", "潜在问题", "什么问题",
    "安全吗", "是否安全", "安不安全", "对吗", "对不对", "副作用", "有没有考虑", "考虑了吗",
    "是否考虑", "考虑到", "正确吗", "合理吗", "是否正确", "是否合理",
)  # fmt: skip
_BROAD_PROBLEM_EN = (
    "wrong", "broken", "flaw", "flaws", "defect", "defects", "risk", "risks", "risky",
    "unsafe", "safe", "weakness", "weaknesses", "problem", "problems", "issue", "issues",
    "correctly", "properly", "best practices",
)  # fmt: skip
# Looking for something: with a problem word, an audit.
_CHECK_ZH = (
    "检查", "查一下", "查查", "看看", "看下", "看一下", "找找", "找出", "找一下", "有没有",
    "是否有", "是否存在", "存在", "会不会", "哪里可能", "可能", "有哪些", "排查", "分析",
    "解决", "审一下", "扫一下", "扫一扫", "扫扫", "确认",
)  # fmt: skip
_CHECK_EN = (
    "check", "inspect", "look for", "find", "search for", "detect", "identify", "spot",
    "is there", "are there", "any", "does", "do", "is", "are", "can", "could", "might",
    "what's wrong", "what is wrong", "solve", "resolve", "scan", "audit", "test for",
    "look through", "go through",
)  # fmt: skip
# Changing code: with a pointer to this code and asked for (not asked about), an audit.
_CHANGE_ZH = (
    "改成", "改为", "改用", "换成", "替换", "加上", "加个", "加一个", "添加", "增加", "删除",
    "删掉", "去掉", "移除", "优化", "重构", "重写", "升级", "迁移", "改一下", "改下", "调整",
    "抽取", "提取", "抽成", "合并", "挪到", "移到", "拆分", "拆成", "简化", "实现一下", "补上",
    "换个", "换一种", "换种", "改小", "改大", "改短", "改简单",
)  # fmt: skip
_CHANGE_EN = (
    "refactor", "rename", "rewrite", "change", "modify", "replace", "add", "remove", "delete",
    "update", "implement", "optimize", "optimise", "migrate", "upgrade", "convert", "make",
    "move", "extract", "split", "simplify", "clean up", "drop", "keep", "revise", "adjust",
    "undo", "revert", "shrink", "reduce", "use", "rework", "tweak", "redo", "amend",
    "restructure", "improve", "cover", "include", "wrap", "inline", "log", "limit", "restrict",
    "narrow", "secure", "protect", "sanitize", "validate", "escape", "encrypt",
)  # fmt: skip
# The verbs of _CHANGE_EN that ask for a change only when they open the sentence.
_IMPERATIVE_PREFIX_RE = re.compile(
    r"^(?:(?:please|pls|kindly|now|then|ok|okay|also|and)[,\s]+)*"
    r"(?:(?:can|could|would|will) you\s+(?:please\s+)?|help me\s+|i (?:want|need) you to\s+"
    r"|let's\s+|go ahead and\s+)?"
)
# "把所有 Controller 的返回值统一成 CommonResult", "把异常打印出来": the 把 structure changes.
_BA_CHANGE_RE = re.compile(r"把.{1,30}?(?:成|为|到|出来|进去|掉|一下)")
# The object of a change request: "the magic number", "给订单超时任务加上…". A request
# about the previous answer ("make the example shorter") is a chat follow-up instead.
_CHANGE_OBJECT_RE = re.compile(
    r"\bthe ([a-z][\w-]*)|(?:^|能不能|可不可以|能否|可以|帮我|请|麻烦)(给|把)\s*"
    r"([^，,。!！?？]{2,16}?)\s*(?:加|改|换|去|删|用|补|拆|抽|提)"
)
_ANSWER_OBJECTS = frozenset(
    "answer answers example examples reply response snippet above previous last 例子 示例 回答 "
    "答案 代码示例 上面 刚才 这个例子 它 我".split()
)
# A Chinese request: it opens with a request word or the verb, or uses 把 … 改成.
_ZH_REQUEST_RE = re.compile(
    r"^(?:帮我|帮忙|请|麻烦|给我|你|把|给|再|先|顺便)|把.{1,30}?(?:改|换|加|删|去)"
    r"|(?:能不能|可不可以|能否|可以)(?:帮我)?(?:再|只|换|改|不要|别|加|去|删|用|把)"
)

# The pending patch, named ("the patch", 补丁) or implied ("why did you change…").
_PATCH_REF_ZH = (
    "补丁", "这个修改", "这次修改", "这个改动", "这次改动", "改动", "这么改", "这样改",
    "这个改法", "改法", "你改的", "你的修改", "修改的地方", "这处修改",
)  # fmt: skip
_PATCH_REF_EN = (
    "the patch", "this patch", "that patch", "your patch", "the patches", "the diff",
    "this diff", "the change", "the changes", "this change", "these changes", "your change",
    "your changes", "the fix", "this fix", "your fix",
    "the hunk", "this hunk", "diff", "hunk", "hunks",
)  # fmt: skip
# "打个补丁", "write a patch", "Patch the…": a new patch is asked for (an audit).
_NEW_PATCH_RE = re.compile(r"打(?:个|一个)?补丁|(?:一|新|写个|写一)个?补丁|^(?:please\s+)?patch\b")
_PATCH_IMPLIED_RE = re.compile(
    r"\b(?:why|did|where) (?:did )?you (?:change|remove|add|drop|rename|move|use|touch)"
    r"|\bwhy (?:did|do|does) (?:it|this|the patch) (?:change|remove|add)"
    r"|你(?:为什么|为啥)要?(?:改|删|加|换|去掉|动|移除)|为什么要?(?:改|删掉|去掉|移除)"
    r"|\bwhy not\b|为什么不(?:直接|在|用|放|改)"
)
# "Can you …" / "please …" asks for something; the verb says whether to change or explain.
_POLITE_REQUEST_RE = re.compile(
    r"^(?:please |pls |(?:can|could|would|will) you (?:please )?)(?:also |just |then )?([a-z]+)"
)
# "Explain the change to X in the patch": an explanation, whatever words follow.
_EXPLAIN_FIRST_RE = re.compile(
    r"^(?:please |can you |could you )?(?:explain|describe|walk me through|tell me|clarify)\b"
    r"|^(?:请|麻烦)?(?:解释|说明|讲讲|讲一下|介绍)"
)
# A request about the answers, not the patch: "keep answers short from now on".
_ABOUT_ANSWERS = SignalMatcher(
    ("回答", "示例", "例子", "以后", "今后", "每次"),
    ("answer", "answers", "reply", "replies", "response", "responses", "example", "examples",
     "from now on", "every time"),
)  # fmt: skip
_WHY_RE = re.compile(r"为什么|为啥|\bwhy\b")
_EXPLAIN_VERBS = frozenset({"explain", "tell", "show", "describe", "clarify", "walk", "help"})
_REVISE_ZH = (
    *_CHANGE_ZH, "不要", "别", "保留", "再加", "只改", "不改", "缩小", "拆成", "修改补丁", "改小",
    "改短", "改简单", "改一改", "改改", "小一点", "短一点", "简单点", "改得",
)  # fmt: skip
_REVISE_EN = (*_CHANGE_EN, "don't", "do not", "only touch", "instead", "without")

# The question asks about a concept, compares or asks for practice: with nothing that
# points at this repository it is general chat, whatever words it holds.
_CONCEPT_ZH = (
    "什么是", "是什么意思", "原理", "区别", "对比", "比较", "哪个好", "怎么选", "如何选",
    "优缺点", "举个例子", "最佳实践", "一般", "通常", "为什么会", "怎么理解", "如何理解",
    "什么原因", "原因是什么", "你觉得", "你认为", "推荐", "建议", "想了解",
)  # fmt: skip
_CONCEPT_EN = (
    "what is a", "what is an", "what are", "what's a", "what's an", "difference between",
    "the difference", "vs", "versus", "compare", "pros and cons", "best practice",
    "best practices", "best way", "should i", "is it better", "when should", "in general",
    "in java", "explain the concept", "what do you think", "your opinion", "recommend",
    "any tips", "tips for", "usually", "generally",
)  # fmt: skip
# A question about a name of the Java world ("How does Spring resolve…", "MySQL 索引为什么…")
# asks for knowledge, like a concept question.
_SUBJECT_RE = re.compile(
    r"^(?:(?:how|why|when|what|where) (?:does|do|is|are|did|can|should)|does|is|can) "
    r"(?:the )?([a-z][\w.+-]*)"
    r"|^([a-z][\w.+-]*)(?: [a-z][\w.+-]*)?\s*(?:的|是|为什么|怎么|如何|里|中|有)"
)
# "How does XSS work?", "What causes a deadlock?", "为什么会死锁": knowledge, not a check.
_CONCEPT_RE = re.compile(
    r"^how (?:does|do) .+ work\b|^what causes\b|^why (?:does|do|would|is|are)\b"
    r"|是怎么产生的|怎么产生|的原因"
)
_HOW_TO_ZH = ("怎么", "如何", "怎样", "怎么样")
_HOW_TO_EN = ("how do i", "how to", "how can i", "how should i", "how would i")

# Words that make a question about this repository.
_PROJECT_ZH = (
    "项目", "仓库", "工程", "代码库", "子项目", "子模块", "本项目", "这个服务", "本服务",
    "系统里", "系统中", "本系统", "这个系统", "我们系统",
)  # fmt: skip
_PROJECT_EN = (
    "project",
    "repo",
    "repository",
    "codebase",
    "code base",
    "subproject",
    "subprojects",
)
# Weaker: they name parts of a build, but also Maven/Gradle concepts ("dependencies").
_PART_ZH = ("模块", "依赖", "构建", "目录", "文件夹", "文件", "子模块", "入口", "源码", "包结构")
_PART_EN = (
    "module", "modules", "build", "builds", "dependency", "dependencies", "folder", "folders",
    "directory", "directories", "file", "files", "entry point", "source code", "the code",
    "package layout",
)  # fmt: skip
# The general concepts that contain a project word.
_PART_EXCEPTIONS = ("依赖注入", "依赖倒置", "dependency injection", "dependency inversion")
# "a project", "一个项目", "Spring Boot 项目": a kind of project, not this one.
_GENERIC_PROJECT_RE = re.compile(
    r"(?:\b(?:a|an|one|my own|new|multi-module|spring boot|maven|gradle|java)\s+"
    r"(?:[\w-]+\s+){0,2}(?:project|repo|repository|codebase|module)s?\b)"
    r"|(?:一个|某个|新|多模块|任何|小|大|中型|个人|开源|企业级|微服务|普通|一般的?"
    r"|spring boot\s*|maven\s*|gradle\s*)(?:项目|工程|仓库|模块)"
)
_DEICTIC_ZH = (
    "这个",
    "这些",
    "这里",
    "这边",
    "这段",
    "该类",
    "该方法",
    "当前",
    "咱们",
    "我们",
    "本",
)
_DEICTIC_EN = ("this", "these", "here", "our", "ours", "we", "us")
# Deictic words that are themselves a strong pointer (the repository, our code).
_STRONG_DEICTIC_ZH = ("这里", "这边", "这段", "咱们", "我们的", "我们用", "我们项目")
_STRONG_DEICTIC_EN = ("here", "our", "ours")
# "we" counts when it states a fact about this repository, not when it asks for advice.
_WE_FACT_RE = re.compile(
    r"\b(?:do|does|did|are|have|can) we (?:need|use|have|handle|connect|store|run|deploy|"
    r"call|build|support|configure|depend|start|log|send|load)|\bwe (?:use|need|have)\b"
    r"|\bwhere do we\b|\bhow do we\b|\b(?:are|were) we (?:on|using|running)\b|\bwe're using\b"
    r"|我们(?:的|这边|现在|目前)?(?:用|需要|部署|依赖|配置|连|启动|项目|服务|系统)"
)
# A code element: with a deictic word or a class of this repository, about code here.
_ELEMENT_ZH = (
    "类", "方法", "接口", "配置", "注解", "字段", "控制器", "负责", "作用", "做什么", "干什么",
    "干嘛", "怎么实现", "如何实现", "实现的", "代码", "逻辑", "流程", "参数", "返回",
)  # fmt: skip
_ELEMENT_EN = (
    "class", "classes", "method", "methods", "interface", "config", "configuration",
    "annotation", "field", "controller", "bean", "endpoint", "endpoints", "what does",
    "responsible for", "implemented", "how does", "work", "works", "code", "logic", "flow",
    "app", "service", "application", "pipeline", "layer", "table", "tables", "api",
)  # fmt: skip
# Where-questions: a concept has no location, so they are about this repository.
_WHERE_RE = re.compile(
    r"\bwhere(?:'s|'re| is| are| do| does| did)\b"
    r"|\bwhich (?:class|file|module|package|service|controller|table|method|bean|component)"
    r"(?:es|s)?\b"
    r"|在哪|从哪|哪一?个(?:类|文件|模块|包|接口|表|服务|目录|方法|配置)"
    r"|(?:类|文件|模块|包|接口|表|服务|目录|方法|配置)是哪一?个"
)
# A fact of the repository's own choosing ("用的是", "有没有用到", "does it use").
_REPO_FACT_ZH = (
    "有没有单元测试", "有没有集成测试", "有没有测试", "有没有文档", "有没有接口文档", "有没有 ci",
    "用的是", "用的什么", "用了什么", "用了哪些", "有没有用到", "是否使用", "采用了", "有实现吗",
    "实现了吗", "有没有实现", "是否实现", "实现了没",
)  # fmt: skip
_APP_NOUN_RE = re.compile(
    r"\bthe (?:[\w-]+ ){0,3}(?:endpoint|controller|service|app|application|module|layer|page"
    r"|pipeline|table|job|scheduler|api|schema|database|flow|code|seed data|migration|script"
    r"|handler|mapper|dao|entity|templates?|lookup|frontend|backend|ui|client|server|build"
    r"|modules|dependencies|pom|menu|admin|cart|checkout|dashboard|screen|form)s?\b"
    r"|(?:[\u4e00-\u9fff]{2}|\b[a-z]+ ?)(?<![的个些和与或])(?:接口|页面|流程|后台|前台|菜单)"
    r"|(?:详情|列表|登录|注册|管理|结算|支付)页|首页|主页"
)

# The vocabulary of general Java and engineering questions. A question that uses none of
# it, and is no follow-up, asks about this application's own domain ("会员等级是怎么计算的？",
# "What happens when a finding is confirmed?"): that is this repository.
_TECH_ZH = (
    "java", "线程", "并发", "锁", "同步", "异步", "原子", "可见性", "内存", "垃圾回收", "堆", "栈",
    "缓存", "索引", "事务", "隔离", "算法", "排序", "查找", "二分", "哈希", "递归", "复杂度",
    "设计模式", "单例", "工厂", "代理", "反射", "泛型", "注解", "接口", "抽象", "继承", "多态",
    "封装", "类", "对象", "方法", "异常", "集合", "数组", "字符串", "枚举", "序列化", "编码",
    "时区", "正则", "微服务", "分布式", "消息", "限流", "熔断", "降级", "幂等", "分库", "分表",
    "分页", "部署", "容器", "调优", "性能", "日志", "测试", "框架", "中间件", "数据库", "协议",
    "网络", "加密", "认证", "鉴权", "语法", "关键字", "变量", "函数", "闭包", "原理", "生命周期",
    "自动配置", "自动装配", "注入", "控制反转", "切面", "注册中心", "配置中心", "网关", "负载均衡",
    "协程", "指标", "监控", "表单", "工具", "架构", "代码", "编程", "开发", "版本", "语言",
)  # fmt: skip
_TECH_EN = (
    "java", "jvm", "jdk", "spring", "kotlin", "http", "rest", "api", "apis", "json", "xml",
    "sql", "jdbc", "orm", "thread", "threads", "concurrency", "concurrent", "lock", "locks",
    "async", "stream", "streams", "lambda", "generics", "reflection", "annotation",
    "annotations", "interface", "inheritance", "composition", "polymorphism", "class",
    "classes", "object", "objects", "method", "methods", "exception", "exceptions", "garbage",
    "gc", "heap", "memory", "cache", "caching", "index", "transaction", "transactions",
    "algorithm", "sort", "sorting", "hash", "tree", "recursion", "complexity", "pattern",
    "patterns", "singleton", "proxy", "microservice", "microservices", "test", "tests",
    "testing", "mock", "regex", "idempotency", "idempotent", "serialization", "encoding",
    "timezone", "time zones", "string", "list", "map", "array", "collection", "record",
    "records", "enum", "sealed", "optional", "null", "performance", "logging", "framework",
    "library", "database", "code", "programming", "language", "version", "versioning",
    "docker", "git", "design", "architecture", "injection", "cpu", "cas", "npe", "type",
)  # fmt: skip
# A follow-up, thanks or a wish about the answers: conversation, not a question about code.
_CONVERSATION_ZH = (
    "例子", "举例", "详细", "展开", "继续", "谢谢", "明白", "好的", "简单点", "再说", "回答",
    "解释一遍", "换个说法", "什么意思", "这么改", "这样改", "改法", "改动", "修改", "你为什么",
)  # fmt: skip
_CONVERSATION_EN = (
    "example", "examples", "more", "continue", "elaborate", "thanks", "thank you", "got it",
    "ok", "okay", "that", "simpler", "again", "answer", "answers", "change", "changes",
    "why did you",
)  # fmt: skip

# Names of the Java world: a class or name on this list is not this repository's own.
_KNOWN_NAMES = frozenset(
    """
    arraylist linkedlist hashmap linkedhashmap treemap hashset treeset concurrenthashmap
    copyonwritearraylist arraydeque priorityqueue blockingqueue linkedblockingqueue
    arrayblockingqueue concurrentlinkedqueue stringbuilder stringbuffer threadlocal
    inheritablethreadlocal completablefuture executorservice threadpoolexecutor
    scheduledexecutorservice forkjoinpool countdownlatch cyclicbarrier reentrantlock
    readwritelock reentrantreadwritelock atomicinteger atomiclong atomicreference
    longadder classloader nullpointerexception illegalargumentexception
    illegalstateexception concurrentmodificationexception outofmemoryerror
    stackoverflowerror classcastexception runtimeexception ioexception optional
    bigdecimal biginteger localdate localdatetime zoneddatetime simpledateformat
    datetimeformatter hashcode tostring orelse orelsethrow orelseget ifpresent
    flatmap foreach parallelstream computeifabsent getordefault putifabsent substring
    indexof isempty valueof equalsignorecase resttemplate webclient jdbctemplate
    responseentity requestmapping getmapping postmapping putmapping patchmapping
    deletemapping restcontroller requestbody pathvariable requestparam autowired
    springboot springbootapplication springapplication applicationcontext beanfactory
    dispatcherservlet webmvcconfigurer componentscan enableautoconfiguration
    transactional dependencymanagement pluginmanagement webflux mybatis mybatisplus
    mybatis-plus sqlsession sqlsessionfactory
    hibernate jpa jparepository crudrepository entitymanager javascript typescript
    github gitlab intellij openjdk graalvm hotspot mysql postgresql sqlite mongodb
    redis redisson jedis lettuce elasticsearch zookeeper rabbitmq rocketmq activemq kafka
    netty dubbo nacos sentinel openfeign feign eureka consul springcloud springdoc
    swagger openapi jackson objectmapper gson fastjson lombok mapstruct junit junit4
    junit5 testng mockito assertj powermock slf4j logback log4j log4j2 quarkus micronaut
    vertx spring boot cloud java jdk jvm jre maven gradle kotlin groovy scala docker kubernetes
    nginx tomcat jetty undertow oauth oauth2 jwt graphql websocket restful json yaml
    xml http https grpc protobuf thread runnable callable future stream collectors
    collection iterator comparable comparator string integer object system record
    serialversionuid getclass notifyall
    enum interface abstract volatile synchronized final static transient finally finalize
    native strictfp instanceof
    """.split()
)
# Hyphenated English words and tech prefixes: "thread-safe" or "spring-boot-starter"
# is not a module of this repository.
_COMMON_HYPHENATED_PREFIXES = (
    "multi-", "non-", "re-", "pre-", "self-", "well-", "thread-", "type-", "hard-", "read-",
    "real-", "built-", "e-", "end-", "one-", "two-", "third-", "open-", "server-", "client-",
    "long-", "short-", "high-", "low-", "so-", "up-", "out-", "step-", "line-", "follow-",
    "sign-", "log-", "opt-", "de-", "co-", "cross-", "full-", "front-", "back-", "in-",
    "spring-", "jakarta-", "javax-", "junit-", "mybatis-", "log4j-", "slf4j-", "jackson-",
    "hibernate-", "maven-", "gradle-", "kotlin-", "apache-", "commons-", "lombok-",
    "micronaut-", "vertx-", "netty-", "kafka-", "redis-", "n-", "x-", "utf-", "iso-",
)  # fmt: skip
# Profile names this common are words, not pointers ("can you review this?").
_COMMON_WORDS = frozenset(
    """
    api app apps core common web service services server client test tests docs doc
    review admin model models util utils config configs base parent demo example
    examples starter impl portal search main src lib libs module modules project
    plugin plugins platform ui front backend frontend data domain user users order
    orders auth security gateway job jobs task tasks shared support tools tool build
    """.split()
)

_AUDIT = SignalMatcher(_AUDIT_ZH, _AUDIT_EN, zh_exceptions=_AUDIT_EXCEPTIONS)
_PROBLEM = SignalMatcher(_PROBLEM_ZH, _PROBLEM_EN)
_BROAD_PROBLEM = SignalMatcher(_BROAD_PROBLEM_ZH, _BROAD_PROBLEM_EN)
_CHECK = SignalMatcher(_CHECK_ZH, _CHECK_EN)
# "事务问题", "性能问题", "兼容问题": a kind of problem (not "一个问题", "这个问题", "的问题").
_ZH_PROBLEM_KIND_RE = re.compile(
    r"[\u4e00-\u9fff]{2}(?<![的个些])问题"
    # An injection, not dependency injection: "会不会有注入", "${} 注入".
    r"|(?<!依赖)(?<!构造器)(?<!构造函数)(?<!字段)(?<!属性)(?<!方法)(?<!setter )注入"
    # A missing safeguard: "没有做登录校验", "缺少参数校验", "漏了权限检查".
    r"|(?:没有?做?|缺少|缺失|漏了?|忘了?)[\u4e00-\u9fff]{0,4}(?:校验|鉴权|认证|权限|验证|检查|过滤"
    r"|转义|加密)"
    # Whether a safeguard is there: "有没有做权限控制", "是否做了参数校验".
    r"|(?:有没有|是否|有无)(?:做了?|加了?|进行)?[\u4e00-\u9fff]{0,4}(?:校验|鉴权|认证|权限控制|验证"
    r"|过滤|转义|加密|限流|防护|幂等)"
)
# A secret written to a log: "把密码打印到日志里", "do we log passwords".
_LOGGED_SECRET_RE = re.compile(
    r"(?:密码|口令|令牌|token|密钥|敏感信息|身份证|手机号).{0,12}(?:打印|输出|写|记录).{0,6}日志"
    r"|\blog(?:s|ged|ging)? (?:the |user |any )?(?:passwords?|tokens?|secrets?|credentials)\b"
)
# Whether a safeguard holds: "check whether the admin APIs are protected", "is X escaped".
_SAFEGUARD_RE = re.compile(
    r"\bcheck (?:whether|if|that)\b|检查.{0,12}(?:是否|有没有)"
    r"|\b(?:is|are)\b.{0,40}\b(?:protected|authenticated|authorized|validated|sanitized"
    r"|escaped|encrypted|hashed|salted|rate[- ]limited|idempotent)\b"
    r"|^(?:does|do)\b.{0,60}\b(?:validate|sanitize|escape|verify|hash|encrypt|authenticate"
    r"|authorize|rate-limit)s?\b"
)
# What a safeguard protects: asking about it is an audit even without naming the code.
_SENSITIVE = SignalMatcher(
    ("密码", "口令", "令牌", "密钥", "上传", "用户输入"),
    ("password", "passwords", "token", "tokens", "secret", "secrets", "credentials", "upload",
     "uploads", "user input", "session", "sessions", "cookie", "cookies"),
)  # fmt: skip
_CHANGE = SignalMatcher(_CHANGE_ZH, _CHANGE_EN)
# The user's own changes are not the pending patch.
_OWN_CHANGES = (
    "the changes i made", "the change i made", "changes i made", "my changes", "my change",
    "我的修改", "我改的",
)  # fmt: skip
_PATCH_REF = SignalMatcher(
    _PATCH_REF_ZH, _PATCH_REF_EN, zh_exceptions=(*_AUDIT_EXCEPTIONS, *_OWN_CHANGES)
)
_REVISE = SignalMatcher(_REVISE_ZH, _REVISE_EN)
_CONCEPT = SignalMatcher(_CONCEPT_ZH, _CONCEPT_EN)
_HOW_TO = SignalMatcher(_HOW_TO_ZH, _HOW_TO_EN)
_PROJECT = SignalMatcher(_PROJECT_ZH, _PROJECT_EN)
_PART = SignalMatcher(_PART_ZH, _PART_EN, zh_exceptions=_PART_EXCEPTIONS)
_DEICTIC = SignalMatcher(_DEICTIC_ZH, _DEICTIC_EN)
_STRONG_DEICTIC = SignalMatcher(_STRONG_DEICTIC_ZH, _STRONG_DEICTIC_EN)
_ELEMENT = SignalMatcher(_ELEMENT_ZH, _ELEMENT_EN)
_REPO_FACT = SignalMatcher(_REPO_FACT_ZH, ())
_TECH = SignalMatcher(_TECH_ZH, _TECH_EN)
_CONVERSATION = SignalMatcher(_CONVERSATION_ZH, _CONVERSATION_EN)

# --- what a question points at ------------------------------------------------------------

# `@path` puts a file in scope; the path ends at whitespace or at full-width
# (Chinese) punctuation, and trailing sentence punctuation ("看看 @pom.xml.") is
# not part of it.
_FULL_WIDTH_PUNCTUATION = "，。；：！？、（）【】《》「」"
_AT_PATH_RE = re.compile(r"(?<![\w@])@([^\s@" + _FULL_WIDTH_PUNCTUATION + r"]+)")
_TRAILING_PUNCTUATION = ".,;:!?)]}>'\"，。；：！？）】》、"
# `@Data`, `@Override`: a capitalised bare name after `@` is a Java annotation.
_ANNOTATION_RE = re.compile(r"[A-Z]\w*")
_CODE_FILE_SUFFIXES = (
    ".java", ".kt", ".kts", ".groovy", ".gradle", ".xml", ".properties", ".yml", ".yaml",
    ".toml", ".sql", ".md", ".json", ".sh", ".conf", ".html", ".js", ".ts", ".vue",
)  # fmt: skip
_FILE_NAME_RE = re.compile(
    r"(?<![\w.-])[\w-]+(?:" + "|".join(re.escape(s) for s in _CODE_FILE_SUFFIXES) + r")\b",
    re.IGNORECASE,
)
_KNOWN_FILE_RE = re.compile(
    r"\b(?:Dockerfile|Jenkinsfile|Makefile|README|gradlew|mvnw|docker-compose|buildSrc|"
    r"pom|settings\.gradle|build\.gradle)\b"
)
# A path: ASCII segments joined by "/" that look like a path, not "I/O" or "try/catch":
# rooted, three segments or more, a file name at the end, or a well-known folder first.
_SLASH_PATH_RE = re.compile(r"(?<![\w/:.{}~-])/?[\w.{}~-]+(?:/[\w.{}~-]+)+/?", re.ASCII)
_PATH_HEADS = frozenset({"src", "main", "test", "resources", "docs", "config", "conf", "scripts"})
# Java identifiers of this code: UserServiceImpl, findById, Foo.bar(), Class#method, pms_product.
_IDENTIFIER_RE = re.compile(
    r"(?<![\w@])(?:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z]+[A-Z]\w*|\w+\.\w+\(\)|\w+#\w+"
    r"|[a-z]+(?:_[a-z0-9]+)+)(?![\w])"
)
_EXCEPTION_NAME_RE = re.compile(r"(?:Exception|Error)$")
# The roles of an application's own classes: OrderServiceImpl, UserMapper, FindingQueue.
_APP_CLASS_RE = re.compile(
    r"(?:Service|Impl|Controller|Mapper|Dao|Repository|Entity|Dto|DTO|Vo|VO|Config"
    r"|Configuration|Properties|Handler|Utils?|Helper|Manager|Filter|Interceptor|Listener"
    r"|Job|Task|Client|Queue|Factory|Provider|Adapter|Resolver|Converter|Validator|Aspect"
    r"|Scheduler|Processor|Application|App|Request|Response|Form|Param|Query|Event|Command"
    r"|Model|Confirmation|Api|Endpoint|Resource|Store|Cache|Registry|Router|Gateway)$"
)
# mall-admin, nacos-server: a hyphenated lower-case name.
_BARE_CAMEL_RE = re.compile(r"[A-Z][A-Za-z0-9]*")
_KEBAB_RE = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")
# A named subject: "does mall use", "mall 的…", "the review module", "review 模块".
_NAMED_SUBJECT_RE = re.compile(
    r"\bdoes (?:the )?([a-z][\w-]*) (?:use|uses|need|have|support|depend|store|connect|load|handle"
    r"|run|start|deploy|call|send|manage|define|expose|persist|cache|log|read|write)\b"
    r"|\bthe ([a-z][\w-]*) (?:module|service|app|project|plugin|subproject)\b"
    r"|(?<![\w-])([a-z][a-z0-9_-]*)\s*(?:模块|服务|子项目|工程|插件)"
    r"|(?<![\w-])((?:[a-z][a-z0-9_-]* ){0,3}[a-z][a-z0-9_-]*) ?(?:的|里|中)"
)


def mentioned_paths(text: str) -> list[str]:
    """The ``@path`` mentions of ``text``, in order, without the ``@`` (de-duplicated).

    Java annotations (``@Data``, ``@Override``) are not paths and are left out.
    """
    found: list[str] = []
    for match in _AT_PATH_RE.finditer(text):
        path = match.group(1).rstrip(_TRAILING_PUNCTUATION)
        if path and path not in found and not _ANNOTATION_RE.fullmatch(path):
            found.append(path)
    return found


def _looks_like_path(word: str) -> bool:
    parts = [p for p in word.strip("/").split("/") if p]
    if len(parts) < 2 or not any(c.isalpha() for c in word):
        return False
    return (
        word.startswith(("/", "~"))
        or len(parts) >= 3
        or "." in parts[-1]
        or parts[0].lower() in _PATH_HEADS
    )


def _path_words(text: str) -> list[str]:
    words = [f"@{p}" for p in mentioned_paths(text)]
    candidates = [m.group(0) for m in _SLASH_PATH_RE.finditer(text)]
    candidates = [c for c in candidates if _looks_like_path(c)]
    candidates += [m.group(0) for m in _FILE_NAME_RE.finditer(text)]
    candidates += [m.group(0) for m in _KNOWN_FILE_RE.finditer(text)]
    for word in candidates:
        # "pom.xml" inside "@api/pom.xml" is the same mention, not a second one.
        if not any(word in seen for seen in words):
            words.append(word)
    # "http://…" is a URL, not a repository path.
    return [w for w in dict.fromkeys(words) if "://" not in w]


def _is_known_heavy(text: str) -> bool:
    """The text names something of the Java world (Redis, HashMap, Spring…)."""
    return any(_is_known(word) for word in re.findall(r"[A-Za-z][\w.+-]*", text))


def _is_known(name: str) -> bool:
    key = name.lower().rstrip("()")
    bare = key.replace("-", "").rstrip("0123456789.")  # jdk8, java17, log4j2, spring-boot
    return key in _KNOWN_NAMES or key.replace("-", "") in _KNOWN_NAMES or bare in _KNOWN_NAMES


_QUALIFIED_RE = re.compile(r"(?<!\w)(\w+)\.\w+")


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
        if _is_known(head) or _EXCEPTION_NAME_RE.search(head):
            continue
        found.append(word)
    return found


def _is_distinctive_name(name: str) -> bool:
    if _is_known(name) or name in _COMMON_WORDS or len(name) < 3:
        return False
    return not name.startswith(_COMMON_HYPHENATED_PREFIXES)


def _repo_names(norm: str, profile_names: Sequence[str]) -> list[str]:
    """Module and project names: hyphenated names, named subjects, the profile's names."""
    found = [m.group(0) for m in _KEBAB_RE.finditer(norm) if _is_distinctive_name(m.group(0))]
    for match in _NAMED_SUBJECT_RE.finditer(norm):
        name = next(g for g in match.groups() if g is not None)
        if any(_is_known(word) for word in name.split()):
            continue  # "spring bean 的生命周期": a name of the Java world
        name = name.split()[-1]
        # "the review module" names a module even though "review" is a common word.
        named_part = match.group(2) is not None or match.group(3) is not None
        if (named_part and not _is_known(name)) or _is_distinctive_name(name):
            found.append(name)
    for name in profile_names:
        key = normalize(name)
        if _is_distinctive_name(key) and re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", norm):
            found.append(name)
    return list(dict.fromkeys(found))


# --- reading a question ----------------------------------------------------------------------


@dataclass
class Reading:
    """What the classifier saw in one question (every list holds the words found)."""

    text: str
    norm: str
    paths: list[str] = field(default_factory=list)
    identifiers: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    project: list[str] = field(default_factory=list)  # "this project", 项目…
    parts: list[str] = field(default_factory=list)  # modules, build, dependencies…
    deictic: list[str] = field(default_factory=list)
    strong_deictic: list[str] = field(default_factory=list)
    elements: list[str] = field(default_factory=list)
    where: list[str] = field(default_factory=list)
    audit: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    broad_problems: list[str] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)
    concept: list[str] = field(default_factory=list)
    how_to: list[str] = field(default_factory=list)
    is_question: bool = False
    is_request: bool = False
    zh_request: bool = False  # opens with 帮我, 请, 麻烦…
    objects: list[str] = field(default_factory=list)  # "the X", "把 X 改成": what it changes
    targets: list[str] = field(default_factory=list)  # "给 X 加上…": a part to change

    @property
    def strong_pointers(self) -> list[str]:
        """Words that by themselves point at this repository."""
        return [
            *self.paths, *self.identifiers, *self.names, *self.project, *self.strong_deictic,
            *self.where,
        ]  # fmt: skip

    @property
    def pointers(self) -> list[str]:
        """Anything that points at this code, the weak kinds too."""
        return [*self.strong_pointers, *self.deictic, *self.parts]

    @property
    def how_to_generic(self) -> bool:
        """An English how-to question ("How do I…"): asks for know-how, not about this app."""
        return any(w.startswith("how") for w in self.how_to)

    @property
    def generic(self) -> bool:
        """A concept or how-to question that points at nothing in this repository."""
        return bool(self.concept or self.how_to) and not self.strong_pointers

    def weaken_library_names(self) -> None:
        """In a concept or how-to question, a CamelCase name without an application
        role ("How do I configure HikariCP?") is a library, not a class of this code."""
        if self.concept or self.how_to:
            self.identifiers = [
                w
                for w in self.identifiers
                if not _BARE_CAMEL_RE.fullmatch(w) or _APP_CLASS_RE.search(w)
            ]


_QUESTION_RE = re.compile(
    r"[?？]|吗|呢|什么|为什么|怎么|如何|哪|是否|有没有|几|多少"
    r"|^(?:what|why|how|where|which|who|when|is|are|does|do|did|can|could|should|would|will)\b"
)


def _is_http_patch(text: str) -> bool:
    # Upper-case PATCH is the HTTP method ("Explain the PATCH endpoint").
    return "PATCH" in text and not re.search(r"\bpatch(?:es|ing)?\b", text)


def _is_request(norm: str, changes: Sequence[str], question: bool) -> bool:
    """The user asks for a change (imperative), not about one."""
    if not changes:
        return False
    if _ZH_REQUEST_RE.search(norm) or any(re.search(r"[\u4e00-\u9fff]", c) for c in changes):
        return not question or bool(_ZH_REQUEST_RE.search(norm))
    rest = norm[_IMPERATIVE_PREFIX_RE.match(norm).end() :]  # type: ignore[union-attr]
    first = re.match(r"[a-z']+(?: up)?", rest)
    return first is not None and first.group(0) in changes


# Lines of a pasted stack trace or log: their class names and exception words are the
# program's, not the user's ("NullPointerException" in a trace is not an audit request).
_LOG_LINE_RE = re.compile(
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
    """The part of ``text`` the classifier reads: log lines out, a long paste cut to its
    head and tail (where a pasted trace carries the question)."""
    text = _without_log_lines(text)
    half = limits.CLASSIFIER_MAX_CHARS // 2
    if len(text) > 2 * half:
        text = f"{text[:half]}\n{text[-half:]}"
    return text


def _read_pointers(reading: Reading, names: Sequence[str]) -> None:
    text, norm = reading.text, reading.norm
    reading.paths = _path_words(text)
    reading.identifiers = _own_identifiers(text)
    reading.names = _repo_names(norm, names)
    generic_project = bool(_GENERIC_PROJECT_RE.search(norm))
    reading.project = [] if generic_project else _PROJECT.find(norm)
    reading.parts = [] if generic_project else _PART.find(norm)
    reading.deictic = _DEICTIC.find(norm)
    reading.strong_deictic = _STRONG_DEICTIC.find(norm) + _all(_WE_FACT_RE, norm)
    reading.elements = _ELEMENT.find(norm)
    reading.where = _all(_WHERE_RE, norm) + _REPO_FACT.find(norm) + _all(_APP_NOUN_RE, norm)


def _read_audit(reading: Reading) -> None:
    text, norm = reading.text, reading.norm
    audit = _AUDIT.find(norm)
    if _is_http_patch(text):
        audit = [w for w in audit if w not in ("patch", "patches", "patching")]
    if _REVIEW_VERB_RE.search(norm):
        audit.append("review")
    reading.audit = audit
    reading.problems = (
        _PROBLEM.find(norm) + _all(_ZH_PROBLEM_KIND_RE, norm) + _all(_LOGGED_SECRET_RE, norm)
    )
    reading.broad_problems = _BROAD_PROBLEM.find(norm)
    reading.checks = _CHECK.find(norm)


def _read_form(reading: Reading) -> None:
    """Question or request, concept or how-to, and what a request changes."""
    norm = reading.norm
    reading.concept = _CONCEPT.find(norm) + _all(_CONCEPT_RE, norm)
    subject = _SUBJECT_RE.search(norm)
    if subject is not None:
        name = next(g for g in subject.groups() if g is not None)
        if _is_known(name):
            reading.concept.append(name)
    reading.how_to = _HOW_TO.find(norm)
    reading.is_question = bool(_QUESTION_RE.search(norm))
    reading.zh_request = bool(_ZH_REQUEST_RE.match(norm))
    reading.changes = _CHANGE.find(norm) + _all(_BA_CHANGE_RE, norm)
    reading.is_request = _is_request(norm, reading.changes, reading.is_question)
    if not reading.is_request:
        return
    for match in _CHANGE_OBJECT_RE.finditer(norm):
        definite, particle, named = match.groups()
        if definite is not None and definite not in _ANSWER_OBJECTS:
            reading.objects.append(definite)
        if named is not None and named not in _ANSWER_OBJECTS:
            (reading.targets if particle == "给" else reading.objects).append(named)


def _all(pattern: re.Pattern[str], text: str) -> list[str]:
    return [m.group(0) for m in pattern.finditer(text)]


def read(text: str, *, names: Sequence[str] = ()) -> Reading:
    """Read ``text`` for the classifier (see :class:`Reading`)."""
    text = _questioned_text(text)
    reading = Reading(text=text, norm=normalize(text).strip())
    _read_pointers(reading, names)
    _read_audit(reading)
    _read_form(reading)
    reading.weaken_library_names()
    return reading


# --- the rules --------------------------------------------------------------------------------


def _result(intent: IntentType, rule: Rule, matched: Iterable[str]) -> Classification:
    return Classification(intent=intent, rule=rule, matched=list(dict.fromkeys(matched)))


def _patch_refs(reading: Reading) -> list[str]:
    """The words that refer to the pending patch."""
    refs = _PATCH_REF.find(reading.norm)
    if _is_http_patch(reading.text):
        refs = [r for r in refs if "patch" not in r]
    if _NEW_PATCH_RE.search(reading.norm):
        refs = [r for r in refs if r != "补丁"]
    return refs + [m.group(0) for m in _PATCH_IMPLIED_RE.finditer(reading.norm)]


def _patch_rule(reading: Reading) -> Classification | None:
    refs = _patch_refs(reading)
    if not refs:
        # "change it to use a switch instead": a change with no new target is the patch's
        # ("给订单超时任务加上…" names a new target: an audit).
        new_target = reading.strong_pointers or reading.targets or reading.audit
        about_answers = _ABOUT_ANSWERS.find(reading.norm)
        if reading.is_request and not new_target and not about_answers:
            return _result(IntentType.PATCH_REVISE, Rule.PATCH_REVISE, reading.changes)
        return None
    if _EXPLAIN_FIRST_RE.match(reading.norm) or _WHY_RE.search(reading.norm):
        return _result(IntentType.PATCH_EXPLAIN, Rule.PATCH_EXPLAIN, refs)
    polite = _POLITE_REQUEST_RE.match(reading.norm)
    if polite is not None:
        # "Can you also cover X in the patch?" asks for a change; "can you explain…" does not.
        if polite.group(1) in _EXPLAIN_VERBS:
            return _result(IntentType.PATCH_EXPLAIN, Rule.PATCH_EXPLAIN, refs)
        return _result(IntentType.PATCH_REVISE, Rule.PATCH_REVISE, [*refs, polite.group(1)])
    revise = _REVISE.find(reading.norm) + _all(_BA_CHANGE_RE, reading.norm)
    asks = not reading.is_question or bool(_ZH_REQUEST_RE.search(reading.norm))
    if revise and asks and not _PATCH_IMPLIED_RE.search(reading.norm):
        return _result(IntentType.PATCH_REVISE, Rule.PATCH_REVISE, [*refs, *revise])
    return _result(IntentType.PATCH_EXPLAIN, Rule.PATCH_EXPLAIN, refs)


_CHECK_FOR_RE = re.compile(
    r"^(?:please |can you |could you )?(?:check|scan|inspect|review|test|audit|search)\b.* for\b"
)
# Words of the patch workflow: even a question with them is about a patch (gated).
_PATCH_WORDS = frozenset(
    {"补丁", "打补丁", "patch", "patches", "patching", "diff", "hunk", "hunks"}
)


def _audit_rule(reading: Reading) -> Classification | None:
    if patch_words := [w for w in reading.audit if w in _PATCH_WORDS]:
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, patch_words)
    if reading.generic and not reading.is_request:
        return None  # "什么是 SQL 注入？", "How do I fix a ConcurrentModificationException?"
    if reading.audit:
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, reading.audit)
    pointed = [*reading.strong_pointers, *reading.deictic, *reading.parts]
    looking = reading.checks or reading.is_request or reading.is_question or reading.zh_request
    if reading.problems and (looking or pointed):
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*reading.problems, *pointed])
    if _SAFEGUARD_RE.search(reading.norm) and (pointed or _SENSITIVE.find(reading.norm)):
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, pointed)
    if reading.broad_problems and looking and pointed:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*reading.broad_problems, *pointed])
    objects = [*reading.objects, *reading.targets]
    if reading.is_request and (pointed or objects):
        return _result(IntentType.CODE_AUDIT, Rule.CHANGE, [*reading.changes, *pointed, *objects])
    if found := _CHECK_FOR_RE.findall(reading.norm):
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, found)
    return None


def _explain_rule(reading: Reading) -> Classification | None:
    if reading.paths:
        return _result(IntentType.CODE_EXPLAIN, Rule.PATH, reading.paths)
    strong = [*reading.identifiers, *reading.names, *reading.project, *reading.strong_deictic]
    strong += reading.where
    if strong:
        return _result(IntentType.CODE_EXPLAIN, Rule.EXPLAIN, strong)
    if reading.parts and not (reading.concept or reading.how_to):
        return _result(IntentType.CODE_EXPLAIN, Rule.EXPLAIN, reading.parts)
    if reading.elements and reading.deictic:
        return _result(
            IntentType.CODE_EXPLAIN, Rule.CODE_ELEMENT, [*reading.elements, *reading.deictic]
        )
    return _domain_rule(reading)


_INDEFINITE_RE = re.compile(r"一个|一种|\ban?\b")
# A name that is not a word of the domain: "Raft", "ZGC" in a Chinese question, an
# acronym in an English one.
_FOREIGN_TERM_RE = re.compile(r"\b[A-Z]{2,}[A-Za-z0-9]*\b")


def _names_a_term(text: str) -> bool:
    if detect_language(text) is Language.ZH and re.search(r"[A-Za-z]{2,}", text):
        return True
    return bool(_FOREIGN_TERM_RE.search(text))


def _domain_rule(reading: Reading) -> Classification | None:
    """A question in the application's own words, with no Java-world vocabulary."""
    if not reading.is_question or reading.concept or reading.how_to_generic:
        return None
    if reading.how_to and _INDEFINITE_RE.search(reading.norm):
        return None  # "怎么实现一个令牌桶？": know-how
    if _names_a_term(reading.text):
        return None
    if _TECH.find(reading.norm) or _CONVERSATION.find(reading.norm):
        return None
    if has_long_term_signal(reading.text) or _is_known_heavy(reading.text):
        return None
    return _result(IntentType.CODE_EXPLAIN, Rule.DOMAIN, [])


def classify(
    text: str, *, patch_pending: bool = False, names: Sequence[str] = ()
) -> Classification:
    """Choose the intent of ``text`` by the rules of the module docstring.

    ``patch_pending``: a patch awaits the user's confirmation, so "explain/revise
    the patch" mean that patch; without one, patch words stay outside memory
    (``code_audit``). ``names``: the repository's own names (project and module
    names from its profile), which make a question about this repository.
    """
    reading = read(text, names=names)
    rules: list[Callable[[Reading], Classification | None]] = [_audit_rule, _explain_rule]
    if patch_pending:
        rules.insert(0, _patch_rule)
    for rule in rules:
        found = rule(reading)
        if found is not None:
            return found
    return Classification(intent=IntentType.GENERAL_CHAT, rule=Rule.DEFAULT)


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
