"""Every signal word list, in one place (Chinese and English side by side).

The lists are data; the matching lives in :mod:`autopatch_memory.text`. Tests
exercise each list in both languages.
"""

from __future__ import annotations

# An explicit long-term signal in the user's own words (SPEC §4). Only a turn whose
# user text carries one can ground a durable preference; it also triggers a
# summarization run so "from now on…" never stays only in short-term memory.
LONG_TERM_SIGNALS_ZH: tuple[str, ...] = (
    "以后",
    "今后",
    "从现在起",
    "从现在开始",
    "每次",
    "总是",
    "永远",
    "必须",
    "不要",
    "别再",
    "不许",
    "我希望",
    "我不喜欢",
    "我喜欢",
    "我偏好",
    "优先",
    "规则",
    "守则",
    "记住",
    "默认",
    "一律",
    "始终",
)
LONG_TERM_SIGNALS_EN: tuple[str, ...] = (
    "always",
    "never",
    "from now on",
    "going forward",
    "every time",
    "remember",
    "i prefer",
    "i'd prefer",
    "i would prefer",
    "i don't like",
    "i do not like",
    "please don't",
    "please do not",
    "don't ever",
    "do not ever",
    "by default",
    "make sure to",
)
# Phrases that contain a signal but are questions, not wishes ("要不要用 Optional?").
LONG_TERM_SIGNAL_EXCEPTIONS_ZH: tuple[str, ...] = ("要不要", "需不需要", "是不是必须", "必须吗")

# The question is about the project itself (SPEC §7): the repo profile is injected.
PROJECT_SIGNALS_ZH: tuple[str, ...] = (
    "项目",
    "仓库",
    "模块",
    "目录",
    "代码",
    "工程",
    "构建",
    "依赖",
    "框架",
    "子项目",
    "编译",
    "打包",
)
PROJECT_SIGNALS_EN: tuple[str, ...] = (
    "project",
    "repo",
    "repository",
    "module",
    "modules",
    "build",
    "builds",
    "dependency",
    "dependencies",
    "framework",
    "frameworks",
    "codebase",
    "maven",
    "gradle",
    "pom",
    "subproject",
    "subprojects",
    "compile",
    "package",
)

# Words of the rule-based intent classifier (SPEC §1), used by the CLI (cli/classify.py).
# Order of the rules: patch words (only while a patch awaits confirmation) > audit
# words > code-explain words > general chat. Chinese phrases match as substrings,
# English ones as whole words (see text.SignalMatcher).
AUDIT_SIGNALS_ZH: tuple[str, ...] = (
    "审计",
    "检查",
    "修复",
    "漏洞",
    "扫描",
    "补丁",
    "打补丁",
    "修一下",
    "修掉",
    "修bug",
    "修 bug",
    "安全问题",
    "安全隐患",
    "找问题",
    "找出问题",
    "有没有问题",
    "有什么问题",
)
AUDIT_SIGNALS_EN: tuple[str, ...] = (
    "audit",
    "audits",
    "auditing",
    "fix",
    "fixes",
    "fixing",
    "patch",
    "patches",
    "patching",
    "vulnerability",
    "vulnerabilities",
    "vulnerable",
    "security issue",
    "security issues",
    "security hole",
    "scan",
    "find bugs",
    "find issues",
    "repair",
    "check for",
    "inspect",
)
# Phrases that contain an audit word but name a Java concept, not an audit:
# 受检异常 / checked exceptions, the HTTP PATCH method, "how do I check …" questions.
AUDIT_SIGNAL_EXCEPTIONS: tuple[str, ...] = (
    "检查型异常",
    "非检查异常",
    "检查异常",
    "受检异常",
    "如何检查",
    "怎么检查",
    "怎样检查",
    "http patch",
    "patch request",
    "patch requests",
    "patch method",
    "patch 请求",
    "patch 方法",
    "how do i check",
    "how to check",
    "how can i check",
)
PATCH_EXPLAIN_SIGNALS_ZH: tuple[str, ...] = (
    "解释补丁",
    "解释这个补丁",
    "解释一下补丁",
    "解释一下这个补丁",
    "补丁是什么意思",
    "这个补丁",
    "为什么这么改",
    "为什么这样改",
    "这个修改",
)
PATCH_EXPLAIN_SIGNALS_EN: tuple[str, ...] = (
    "explain the patch",
    "explain this patch",
    "explain the fix",
    "explain this fix",
    "what does the patch",
    "what does this patch",
    "why this patch",
    "why does the patch",
    "why this change",
)
PATCH_REVISE_SIGNALS_ZH: tuple[str, ...] = (
    "修改补丁",
    "改一下补丁",
    "重写补丁",
    "调整补丁",
    "补丁改成",
    "换一种改法",
)
PATCH_REVISE_SIGNALS_EN: tuple[str, ...] = (
    "revise the patch",
    "revise this patch",
    "change the patch",
    "rewrite the patch",
    "update the patch",
    "modify the patch",
    "adjust the patch",
)
# Words that alone make a question about this repository's code (code_explain).
EXPLAIN_SIGNALS_ZH: tuple[str, ...] = (
    *PROJECT_SIGNALS_ZH,
    "文件",
    "文件夹",
    "源码",
    "这段",
    "入口",
    "包结构",
)
EXPLAIN_SIGNALS_EN: tuple[str, ...] = (
    *PROJECT_SIGNALS_EN,
    "file",
    "files",
    "folder",
    "folders",
    "directory",
    "directories",
    "source code",
    "this code",
    "entry point",
    "codebase",
)
# Phrases that contain a project word but name a general concept.
EXPLAIN_SIGNAL_EXCEPTIONS: tuple[str, ...] = (
    "依赖注入",
    "依赖倒置",
    "dependency injection",
    "dependency inversion",
)
# Words about a code element ("class", "方法", "what does … do"): they make a question
# code_explain only together with a pointer to this code (a deictic word below or a
# Java identifier such as ReviewService) — "what is a class?" stays general chat.
CODE_ELEMENT_SIGNALS_ZH: tuple[str, ...] = (
    "类",
    "方法",
    "接口",
    "配置",
    "注解",
    "字段",
    "控制器",
    "负责",
    "作用",
    "做什么",
    "干什么",
    "是干嘛",
    "怎么实现",
    "如何实现",
    "实现的",
)
CODE_ELEMENT_SIGNALS_EN: tuple[str, ...] = (
    "class",
    "classes",
    "method",
    "methods",
    "interface",
    "config",
    "configuration",
    "annotation",
    "field",
    "controller",
    "bean",
    "endpoint",
    "what does",
    "responsible for",
    "implemented",
    "how does",
    "work",
    "works",
)
DEICTIC_SIGNALS_ZH: tuple[str, ...] = (
    "这个",
    "这些",
    "这里",
    "这边",
    "该类",
    "该方法",
    "我们的",
    "当前",
    "咱们",
)
DEICTIC_SIGNALS_EN: tuple[str, ...] = (
    "this",
    "these",
    "here",
    "our",
    "ours",
    "we have",
    "in the repo",
)
# A word ending with one of these is a file name: the question is about this repo.
CODE_FILE_SUFFIXES: tuple[str, ...] = (
    ".java",
    ".kt",
    ".kts",
    ".groovy",
    ".gradle",
    ".xml",
    ".properties",
    ".yml",
    ".yaml",
    ".toml",
    ".sql",
    ".md",
)

# Words that carry no topic for relevance ranking: question scaffolding, the
# stock phrases of summaries ("用户关注…", "the user asked…"), and the words every
# Java repository shares ("java", the src/main/com/org segments of its paths).
# Long-term signal words are removed from queries separately, so "from now on"
# never makes every item relevant.
STOPWORDS_EN: frozenset[str] = frozenset(
    """
    a an the is are was were be been being am do does did doing done have has had
    i me my we our you your he she it its they them their this that these those
    what which who whom whose when where why how
    to of in on at by for with from into onto about as than then so if or and but not no
    can could should would will shall may might must
    there here some any all each every both either neither more most other such only own same
    just also very too again further once please thanks thank ok okay hi hello
    use used using user users question questions answer answers ask asked asks asking
    tell explain explains explained show shows know want need like get got give
    s t d ll m re ve
    java src main com org
    """.split()
)
# Words ending in "s" that are not regular plurals: the relevance tokenizer keeps
# them as they are instead of folding them to a singular ("always" ≠ "alway").
NOT_PLURAL_EN: frozenset[str] = frozenset(
    {
        "always", "perhaps", "whereas", "sometimes", "besides", "towards", "afterwards",
        "series", "species", "news", "lens", "alias", "canvas", "atlas", "bias", "chaos",
        "yes", "thus", "kubernetes", "jenkins", "windows", "macos", "ios", "https",
    }
)  # fmt: skip
STOP_PHRASES_ZH: tuple[str, ...] = tuple(
    """
    怎么样 怎么 什么 如何 为何 为什么 哪些 哪个 一下 这个 那个 这些 那些 是否 可以 能否
    我们 你们 他们 用户 关注 问题 请问 一个 怎样 还是 就是 需要 进行 以及 或者 并且
    如果 因为 所以 但是 然后 现在 目前 近期 最近 相关 有关 的话 一些 有没有 没有
    告诉 解释 说明 介绍 讲讲 看看 帮我 我想 知道 了解 询问 提问 使用
    在哪里 在哪 哪里 哪儿 放在 位于 用来 用于 是谁 做什么 干什么 多久
    是 的 了 吗 呢 吧 啊 和 与 及 都 也 很 请 把 被 给 让 我 你 他 这 那
    """.split()
)

# --- the heuristic summary backend (SPEC §10) -----------------------------------
# A long-term signal alone does not make a wish: "Why does Java always box ints?"
# carries "always" but asks a question. These lists tell a stated rule from a
# question or a statement of fact.

# Long-term signals that only state a rule when aimed at the answers ("always",
# "每次", "必须": "Why does Java always box ints?" is a question, not a wish).
WEAK_LONG_TERM_SIGNALS: frozenset[str] = frozenset(
    {"always", "never", "every time", "by default"}
    | {"总是", "每次", "必须", "不要", "优先", "规则", "守则", "默认", "始终", "永远", "不许"}
)
# The rest state a lasting wish by themselves ("from now on…", "记住…"). Derived,
# so every strong signal is also a long-term signal (and can ground a preference).
PREFERENCE_STRONG_SIGNALS_ZH: tuple[str, ...] = tuple(
    w for w in LONG_TERM_SIGNALS_ZH if w not in WEAK_LONG_TERM_SIGNALS
)
PREFERENCE_STRONG_SIGNALS_EN: tuple[str, ...] = tuple(
    w for w in LONG_TERM_SIGNALS_EN if w not in WEAK_LONG_TERM_SIGNALS
)
# Words that aim a weaker signal ("always", "每次", "必须") at the assistant's answers.
PREFERENCE_ADDRESS_CUES_ZH: tuple[str, ...] = (
    "你",
    "请",
    "回答",
    "回复",
    "答复",
    "给我",
    "帮我",
    "解释",
    "说明",
    "输出",
    "先给",
    "用中文",
    "用英文",
)
PREFERENCE_ADDRESS_CUES_EN: tuple[str, ...] = (
    "you",
    "your",
    "me",
    "please",
    "answer",
    "answers",
    "reply",
    "replies",
    "respond",
    "response",
    "responses",
    "explain",
    "explanations",
    "give",
    "show",
    "write",
)
# A sentence that starts like this asks something (unless it is a polite request).
QUESTION_WORDS_EN: tuple[str, ...] = (
    "what",
    "why",
    "how",
    "when",
    "where",
    "which",
    "who",
    "whom",
    "whose",
    "is",
    "are",
    "was",
    "were",
    "do",
    "does",
    "did",
    "can",
    "could",
    "should",
    "would",
    "will",
    "shall",
    "may",
    "might",
    "must",
    "has",
    "have",
)
POLITE_REQUEST_EN: tuple[str, ...] = (
    "can you",
    "could you",
    "would you",
    "will you",
    "please",
)
QUESTION_MARKERS_ZH: tuple[str, ...] = (
    "吗",
    "呢",
    "什么",
    "怎么",
    "为什么",
    "为何",
    "如何",
    "哪",
    "是否",
    "是不是",
    "能不能",
    "可不可以",
    "有没有",
    "多少",
)
POLITE_REQUEST_ZH: tuple[str, ...] = ("请", "麻烦", "你能", "你可以", "能不能", "可以", "可不可以")

# Rules a user has one of at a time: (zh label, en label, zh cues, en cues). A new
# wish of such a kind replaces the old one ("以后回答都用中文" and later "from now on
# answer in English" update the same item). Other wishes coexist, each its own item.
PREFERENCE_CATEGORIES: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...] = (
    (
        "回答语言",
        "answer language",
        ("中文", "英文", "英语", "汉语", "语言"),
        ("chinese", "english", "language", "mandarin"),
    ),
    (
        "提交信息格式",
        "commit message format",
        ("提交信息", "提交说明", "commit"),
        ("commit",),
    ),
)

# Words that name what a project-level question is about ("review 模块", "the api module").
SUBJECT_KINDS_ZH: dict[str, str] = {
    "模块": "module",
    "子模块": "module",
    "子项目": "module",
    "目录": "folder",
    "文件夹": "folder",
    "包": "package",
    "类": "class",
}
SUBJECT_KINDS_EN: dict[str, str] = {
    "module": "module",
    "submodule": "module",
    "subproject": "module",
    "folder": "folder",
    "directory": "folder",
    "package": "package",
    "class": "class",
}
# Labels of project notes per subject kind, "{name}" replaced by the subject.
SUBJECT_LABELS: dict[str, tuple[str, str]] = {
    "module": ("{name} 模块", "{name} module"),
    "folder": ("{name} 目录", "{name} folder"),
    "package": ("{name} 包", "{name} package"),
    "class": ("{name} 类", "{name} class"),
    "project": ("项目结构", "project structure"),
}
# Latin words too generic to be a topic of a Java-repo conversation.
GENERIC_TERMS_EN: frozenset[str] = frozenset(
    (
        "java",
        "code",
        "program",
        "project",
        "repo",
        "repository",
        "module",
        "modules",
        "file",
        "files",
        "folder",
        "class",
        "classes",
        "method",
        "methods",
        "function",
        "functions",
        "way",
        "ways",
        "thing",
        "things",
        "example",
        "examples",
        "difference",
        "differences",
        "between",
        "work",
        "works",
        "working",
        "good",
        "bad",
        "best",
        "better",
        "problem",
        "problems",
        "issue",
        "issues",
        "error",
        "errors",
        "case",
        "cases",
        "time",
        "times",
        "part",
        "parts",
        "kind",
        "type",
        "types",
        "something",
        "anything",
        "answer",
        "answers",
        "question",
        "questions",
        "always",
        "never",
        "remember",
        "prefer",
        "default",
        "everything",
        "now",
        "from",
        "first",
        "make",
        "sure",
        "don",
        "like",
        "every",
        "going",
        "forward",
        "usage",
        "usages",
        "mean",
        "means",
    )
)
# Chinese words too generic to be a topic on their own.
GENERIC_TERMS_ZH: frozenset[str] = frozenset(
    (
        "代码",
        "项目",
        "工程",
        "仓库",
        "模块",
        "目录",
        "方法",
        "函数",
        "问题",
        "区别",
        "用法",
        "作用",
        "原理",
        "回答",
        "例子",
        "示例",
        "文件",
        "类型",
        "东西",
        "情况",
        "时候",
        "一般",
        "好处",
        "坏处",
        "优点",
        "缺点",
        "场景",
        "意思",
        "实现",
        "配置",
        "推荐",
        "建议",
    )
)
