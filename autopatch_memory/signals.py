"""Word lists shared by several consumers (Chinese and English side by side).

The lists are data; the matching lives in :mod:`autopatch_memory.text`. A list
with one consumer lives in that consumer's module: the directive grammar's words
in :mod:`autopatch_memory.directives`, the heuristic summarizer's in
:mod:`autopatch_memory.backends.heuristic`. Tests exercise each list in both
languages.
"""

from __future__ import annotations

# An explicit long-term signal in the user's own words (docs/design.md#triggers): a turn
# whose user text carries one triggers a summarization run, so "from now on…" never stays
# only in short-term memory. (Whether it grounds a rule is the directive grammar's call.)
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

# The question is about the project itself: the repo profile is injected
# (docs/context.md#what-is-selected).
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
    new old
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
