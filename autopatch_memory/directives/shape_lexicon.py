"""The lexicon of rule shapes: what a rule can govern (answers, Javadoc, commit
messages…), the sets of interchangeable choices (Chinese or English, Maven or
Gradle…) and the cues they need, bilingual concepts, the words that carry no subject,
and the negation cues that give a rule its polarity.

Data only (and the negation pattern): :mod:`~autopatch_memory.directives.shapes`
compiles and compares; the lists are long and change on their own.
"""

from __future__ import annotations

import re

from autopatch_memory.directives.vocabulary import BIE
from autopatch_memory.lang.phrases import phrase_alternation

# What a rule governs: canonical name → phrases.
OBJECTS: dict[str, tuple[str, ...]] = {
    "answer": ("answer", "answers", "reply", "replies", "response", "responses", "respond",
               "explanation", "explanations", "explain", "回答", "回复", "答复", "作答", "答案",
               "解释"),
    "comment": ("comment", "comments", "注释"),
    "javadoc": ("javadoc", "javadocs", "文档注释"),
    "commit": ("commit", "commits", "commit message", "commit messages", "提交信息", "提交说明",
               "提交记录", "提交消息"),
    "command": ("command", "commands", "cli", "shell", "命令", "指令"),
    "example": ("example", "examples", "sample", "samples", "snippet", "snippets", "示例",
                "例子", "样例", "举例"),
    "test": ("test", "tests", "unit test", "unit tests", "testing", "测试", "单元测试", "单测",
             "测试用例"),
    "log": ("log", "logs", "logging", "logger", "日志"),
    "name": ("naming", "variable name", "variable names", "method name", "method names",
             "命名", "变量名", "方法名", "类名"),
    "sql": ("sql", "query", "queries", "查询"),
    "code": ("code", "代码", "implementation"),
    "doc": ("doc", "docs", "documentation", "readme", "文档"),
    "pr": ("pull request", "pull requests", "merge request", "合并请求"),
    "dependency": ("dependency", "dependencies", "依赖"),
    "config": ("config", "configuration", "配置", "配置文件"),
}  # fmt: skip
# A narrower object hides the wider one it names ("Javadoc 注释" is about Javadoc).
SUBSUMES: dict[str, tuple[str, ...]] = {
    "javadoc": ("comment", "doc", "code", "example"),
    "comment": ("code", "example"),
    "example": ("code",),
    "test": ("code",),
    "commit": ("doc",),
    "sql": ("code",),
    "log": ("code",),
}
# A rule that names no object is about the answers and the code they contain.
DEFAULT_OBJECTS = frozenset({"answer", "code"})

# Sets of interchangeable choices: class → value → phrases. A class with a cue
# counts only when the cue is in the text ("constructor" is an injection style only
# in a sentence about injection).
CHOICES: dict[str, dict[str, tuple[str, ...]]] = {
    "language": {
        "zh": ("中文", "汉语", "简体中文", "普通话", "chinese", "mandarin"),
        "en": ("英文", "英语", "english"),
        "both": ("双语", "中英文", "中英双语", "中英对照", "bilingual", "both languages",
                 "both chinese and english", "both english and chinese"),
    },
    "build_tool": {
        "maven": ("maven", "mvn", "mvnw", "pom.xml"),
        "gradle": ("gradle", "gradlew", "build.gradle"),
    },
    "gradle_dsl": {"kotlin": ("kotlin dsl", "kts"), "groovy": ("groovy dsl", "groovy")},
    "test_framework": {
        "junit5": ("junit 5", "junit5", "junit jupiter", "jupiter"),
        "junit4": ("junit 4", "junit4"),
        "testng": ("testng",),
    },
    "injection": {
        "constructor": ("constructor", "constructors", "构造器", "构造函数", "构造方法"),
        "field": ("field", "fields", "字段", "属性", "@autowired"),
        "setter": ("setter", "setters"),
    },
    "length": {
        "short": ("short", "shorter", "brief", "briefly", "concise", "concisely", "terse",
                  "succinct", "简短", "简洁", "精简", "简明", "短一点", "少一点", "简单点"),
        "long": ("detailed", "in detail", "long", "longer", "verbose", "thorough", "in depth",
                 "in-depth", "详细", "具体", "详尽", "长一点", "展开讲"),
    },
    "indentation": {"tabs": ("tab", "tabs", "制表符"), "spaces": ("space", "spaces", "空格")},
    "config_format": {"yaml": ("yaml", "yml"), "properties": ("properties",)},
    "orm": {
        "mybatis": ("mybatis", "mybatis-plus", "mybatis plus", "mapper xml"),
        "jpa": ("jpa", "hibernate", "spring data jpa"),
    },
    "json_library": {"jackson": ("jackson",), "gson": ("gson",), "fastjson": ("fastjson",)},
    "order": {
        "first": ("first", "up front", "upfront", "at the top", "at the start",
                  "at the beginning", "先", "首先", "放在前面", "放在最前", "开头"),
        "last": ("at the end", "last", "最后", "放在最后", "结尾"),
    },
    "java_version": {
        "8": ("java 8", "jdk 8", "java8", "jdk8", "1.8"),
        "11": ("java 11", "jdk 11", "java11", "jdk11"),
        # the features a permission names instead of the version ("可以放开用 switch 表达式、
        # 文本块") are those of the first LTS that has them all
        "17": ("java 17", "jdk 17", "java17", "jdk17", "switch 表达式", "switch expression",
               "switch expressions", "文本块", "text block", "text blocks", "sealed class",
               "sealed classes", "密封类", "java records", "record 类"),
        "21": ("java 21", "jdk 21", "java21", "jdk21"),
    },
    "letter_case": {
        "upper": ("uppercase", "upper case", "upper-case", "capital letters", "all caps", "大写"),
        "lower": ("lowercase", "lower case", "lower-case", "小写"),
    },
    "logging_library": {
        "log4j": ("log4j", "log4j2"),
        "logback": ("logback",),
        "jul": ("java.util.logging", "jul"),
    },
    "assertion_library": {
        "assertj": ("assertj",),
        "hamcrest": ("hamcrest",),
        "junit_asserts": ("assertequals", "junit assertions", "junit 断言"),
    },
    "layout": {
        "numbered": ("numbered steps", "numbered list", "numbered", "分步骤", "编号"),
        "prose": ("paragraph", "paragraphs", "prose", "段落", "成段", "整段"),
    },
    # Seata's modes of a distributed transaction
    "transaction_mode": {
        "at": ("at 模式", "at mode"),
        "tcc": ("tcc",),
        "saga": ("saga",),
        "xa": ("xa 模式", "xa mode"),
    },
    "naming_style": {
        "snake": ("snake_case", "snake case", "snake-case", "下划线命名", "蛇形"),
        "camel": ("camelcase", "camel case", "camel-case", "驼峰", "小驼峰", "驼峰命名"),
        "pascal": ("pascalcase", "pascal case", "大驼峰"),
        "kebab": ("kebab-case", "kebab case", "中划线命名"),
    },
    "mapping_style": {
        "xml": ("xml",),
        "annotation": ("annotation", "annotations", "注解"),
    },
}  # fmt: skip
# Values that name several others at once: "both Chinese and English" is not Chinese.
COMBINED_VALUES: dict[tuple[str, str], frozenset[str]] = {
    ("language", "both"): frozenset({"zh", "en"}),
}
CHOICE_CUES: dict[str, tuple[str, ...]] = {
    "injection": ("inject", "injection", "injected", "注入", "autowired"),
    "mapping_style": ("mapper", "mappers", "sql", "mybatis", "config", "configuration", "配置",
                      "映射", "bean", "beans", "dubbo", "spring"),
    "indentation": ("indent", "indentation", "缩进", "tab", "tabs"),
    "order": ("conclusion", "tl;dr", "tldr", "summary", "bottom line", "结论", "总结", "要点"),
}  # fmt: skip
# Content words that mean the same in both languages: canonical → phrases.
CONCEPTS: dict[str, tuple[str, ...]] = {
    "intro": ("intro", "introduction", "preamble", "opening", "filler", "pleasantries",
              "small talk", "铺垫", "开场白", "开场", "客套", "寒暄", "引言", "废话", "套话"),
    "conclusion": ("conclusion", "conclusions", "tl;dr", "tldr", "bottom line", "summary",
                   "结论", "总结", "要点"),
    "injection": ("injection", "inject", "injected", "注入"),
    "emoji": ("emoji", "emojis", "emoticon", "emoticons", "表情", "表情符号"),
    "source": ("source", "sources", "reference", "references", "link", "links", "出处",
               "来源", "链接", "参考"),
    "version": ("version", "versions", "版本", "版本号"),
    "step": ("step by step", "steps", "步骤", "分步"),
    "docker": ("docker", "container", "containers", "容器"),
    "diagram": ("diagram", "diagrams", "示意图"),
    "table": ("table", "tables", "表格"),
    "comparison": ("comparison", "compare", "对比", "比较"),
    "translation": ("translate", "translation", "翻译"),
    "annotation": ("annotation", "annotations", "注解"),
    "exception": ("exception", "exceptions", "异常"),
    "syntax": ("syntax", "语法"),
    "basics": ("basic", "basics", "fundamentals", "基础", "基本概念"),
    "performance": ("performance", "性能"),
    "security": ("security", "安全"),
    "transaction": ("transaction", "transactions", "事务"),
    "thread": ("thread", "threads", "threading", "线程"),
    "concurrency": ("concurrency", "concurrent", "并发"),
    "database": ("database", "databases", "数据库"),
    "index": ("index", "indexes", "indices", "索引"),
    "cache": ("cache", "caching", "缓存"),
    "interface": ("interface", "interfaces", "接口"),
    "generics": ("generic", "generics", "泛型"),
    "reflection": ("reflection", "反射"),
    "pagination": ("pagination", "paging", "分页"),
    "abbreviation": ("abbreviation", "abbreviations", "缩写"),
    "full_code": ("full code", "complete code", "whole file", "entire file", "whole class",
                  "entire class", "full class", "complete class", "完整代码", "整个文件",
                  "完整的类", "整个类", "完整类"),
    "risk": ("risk", "risks", "risk note", "风险", "风险提示"),
    "import": ("import", "imports", "导入", "导包"),
    "validation": ("validation", "validate", "校验", "参数校验"),
    "null_check": ("null check", "null checks", "判空", "空指针"),
    "thread_safety": ("thread safety", "thread-safe", "thread safe", "线程安全"),
    "execution_plan": ("execution plan", "explain plan", "执行计划"),
    "money": ("money", "amount", "amounts", "金额", "钱"),
    "date_time": ("date", "dates", "time", "java.time", "日期", "时间"),
    "keyword": ("keyword", "keywords", "关键字"),
    "next_steps": ("next steps", "next step", "next-steps", "what to check next", "what to do next",
                   "checklist", "check list", "下一步", "后续步骤", "检查清单"),
    # settings a fact can change ("TTL 已经改成 10 分钟", "the timeout is now 60s")
    "timeout": ("timeout", "timeouts", "超时", "超时时间"),
    "expiry": ("ttl", "expiry", "expiration", "expire", "expires", "过期", "过期时间", "有效期"),
    "retry": ("retry", "retries", "重试"),
    "port": ("port", "ports", "端口"),
    "pool": ("pool size", "connection pool", "thread pool", "连接池", "线程池"),
    "bullet": ("bullet", "bullets", "bullet points", "列表", "要点列表"),
    "code_block": ("code block", "code blocks", "代码块"),
    # a limit on length (a number of words also names it: see shapes._WORD_LIMIT)
    "word_limit": ("word limit", "word limits", "word count", "length limit", "character limit",
                   "字数", "字数限制"),
}  # fmt: skip
# Words of a rule that carry no subject: instruction scaffolding, polarity, pronouns,
# and the third-person restatement of a model ("The user wants…", "用户要求…").
SHAPE_STOPWORDS_EN = frozenset(
    """
    a an the is are be been being am do does did to of in on at by for with from into
    about as than then so if or and but not no nor it its this that these those there
    i me my we our you your he she they them their user users wants want wanted prefer
    prefers preferred preference like likes liked love dislike dislikes hate hates please
    always never ever every each time times now here going forward give gives given
    show shows make makes use uses using used write writes written put add include includes
    should must need needs have has had will would could can may might shall just only also
    too very really much more most all any some one ones anymore longer stop stopping
    quit avoid skip don doesn didn won isn aren rule rules default remember keep
    mind sure new old instead rather other asks asked requires required whenever something
    anything everything thing things way ways assume assumed say says said tell tells told
    let lets start starting begin instead over when where while within without
    """.split()
)
SHAPE_FILLER_ZH = (
    "用户", "要求", "希望", "偏好", "喜欢", "讨厌", "不喜欢", "以后", "今后", "往后", "每次",
    "默认", "始终", "永远", "总是", "一直", "一律", "统一", "记住", "记得", "务必", "一定要",
    "必须", "尽量", "优先", "都", "请", "给我", "帮我", "告诉我", "你", "我", "的", "了", "地",
    "得", "时候", "时", "里", "中", "在", "要", "把", "用", "使用", "给", "写", "就", "一下",
    "所有", "全部", "任何", "一些", "这样", "那样", "这种", "那种", "规则", "规定", "一上来",
    "上来", "直接", "再", "也", "吧", "呢", "啊", "哦",
    # a revision names no subject: "想了想还是按 X 来吧" is about X
    "想了想", "还是", "改主意",
)  # fmt: skip
# Time phrases that carry a word that is also a thing of the code ("Future"): cut out whole
# before content words are counted, so "in the future" is no term and "Future" is one.
SHAPE_TIME_EN = (
    "in the future", "in future", "for all future", "future answers", "future replies",
    "future responses", "future code", "future examples",
)  # fmt: skip
NEGATION_CUES = (
    "don't", "do not", "dont", "never", "no longer", "not", "no more", "no", "stop", "quit",
    "avoid", "without", "dislike", "hate", "can't stand", "cannot stand", "skip", "omit",
    "leave out", "refrain", "不要", "不许", "不准", "禁止", "勿", "不再", "避免", "省略", "去掉",
    "少用", "不喜欢", "讨厌", "跳过", "不用", "不必", "无需", "不需要", "不想", "不希望", "受不了",
    "没必要",
)  # fmt: skip
# 没/未 negate ("还没迁到 JUnit 5"), but not in 没问题, 没关系, 未来.
NEGATION_RE = re.compile(
    phrase_alternation(NEGATION_CUES)
    + "|"
    + BIE
    + r"|没(?!问题|关系|事|必要)|(?<!尚)未(?!来|知|必)|尚未"
)
# Alternatives a rule rejects ("in English, not Chinese", "over field injection") are
# not part of its shape.
REJECTED_ALTERNATIVE = re.compile(
    r"[,，]\s*not\s+[^,，;；.。]+|\s+(?:rather than|instead of)\s+[^,，;；.。]+|"
    r"(?<=\bprefer\b)(?P<keep>[^,，;；.。]*?)\s+over\s+[^,，;；.。]+|"
    r"(?<=[^\s,，])\s*(?:而不是|而非)\s*[^,，;；.。]+|[,，]\s*(?:不是|不要用|别用)\s*[^,，;；.。]+$"
)
