"""The bilingual vocabulary the program shares: what a text is about, in either language.

Each table maps one meaning to the phrases that say it in Chinese and English (lower
case, as :func:`~autopatch_memory.text.normalize` folds a text):

* :data:`CONCEPTS`: what a question and a project note can share without a shared word —
  the other language ("配置" / "configuration"), a short form ("config"), or what a term
  is an instance of (a JWT is a token) — for the memory context's relevance;
* :data:`ARTIFACTS`: what a rule of the user governs (answers, comments, commit messages…);
* :data:`CHOICES`: sets of interchangeable choices (Chinese or English, Maven or Gradle…);
* :data:`SYNONYMS`: other content words that mean the same in both languages;
* :data:`PLATFORMS`: the names of a platform in either language ("钉钉" / "DingTalk").

:func:`related_terms` gives every phrase that means what a term means (search matches
across languages with it); :func:`concepts_in` names the concepts a text mentions (the
context ranks by them). Patterns are compiled on first use, not on import.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

from autopatch_memory.lang.chars import is_cjk_char
from autopatch_memory.lang.fold import fold
from autopatch_memory.lang.lazy_pattern import LazyPattern, lazy_compile
from autopatch_memory.lang.phrases import phrase_alternation, phrase_pieces

__all__ = [
    "ARTIFACTS",
    "CHOICES",
    "CONCEPTS",
    "CONCEPT_TOKEN_PREFIX",
    "GENERIC_CONCEPTS",
    "GENERIC_CONCEPT_TOKENS",
    "JAVA_VERSION",
    "LANGUAGE_FEATURES",
    "PLATFORMS",
    "SYNONYMS",
    "chinese_concept_words",
    "concept_pattern",
    "concept_tokens",
    "concept_words",
    "concepts_in",
    "related_terms",
]

# Concepts a question and a note can share without a shared word: the other language
# ("配置" / "configuration"), a short form ("config"), or what a term is an instance of
# ("switch 表达式" is a question about the Java version; a JWT is a token).
CONCEPTS: dict[str, tuple[str, ...]] = {
    "config": ("config", "configs", "configuration", "configurations", "setting", "settings",
               "配置", "配置项", "配置文件", "配置中心"),
    "auth": ("auth", "authentication", "authorization", "login", "token", "tokens", "jwt",
             "jwts", "jwk", "jwks", "oauth", "oauth2", "认证", "鉴权", "授权", "登录", "令牌"),
    "transaction": ("transaction", "transactions", "transactional", "consistency",
                    "consistent", "seata", "saga", "tcc", "outbox", "事务", "一致性",
                    "分布式事务", "本地消息表"),
    "cache": ("cache", "caches", "caching", "cached", "缓存"),
    "messaging": ("mq", "message queue", "kafka", "rocketmq", "rabbitmq", "消息队列"),
    "database": ("db", "database", "databases", "mysql", "postgres", "postgresql",
                 "数据库"),
    "test": ("test", "tests", "testing", "unit test", "junit", "mockito", "测试", "单测",
             "单元测试"),
    "logging": ("log", "logs", "logging", "logger", "logback", "log4j", "日志"),
    "deploy": ("deploy", "deployed", "deployment", "replica", "replicas", "kubernetes",
               "k8s", "部署", "上线", "副本"),
    "schedule": ("schedule", "scheduled", "scheduler", "cron", "quartz", "定时", "定时任务",
                 "调度"),
    "rate_limit": ("rate limit", "rate limiting", "throttle", "throttling", "qps", "限流",
                   "熔断", "sentinel"),
    "timeout": ("timeout", "timeouts", "time out", "超时"),
    # A heartbeat is how an idle connection is detected ("心跳超时" / "reader idle").
    "heartbeat": ("heartbeat", "heartbeats", "idle", "keepalive", "keep-alive",
                  "idlestatehandler", "心跳", "空闲", "保活"),
    "callback": ("callback", "callbacks", "notify", "notification", "webhook", "回调",
                 "异步通知", "通知"),
    "idempotency": ("idempotent", "idempotency", "duplicate", "duplicates", "幂等", "重复"),
    "signature": ("signature", "signatures", "sign", "signing", "signed", "verify",
                  "certificate", "rsa", "rsa2", "签名", "验签", "证书"),
    "template": ("template", "templates", "velocity", "freemarker", "thymeleaf", "模板"),
    "gateway": ("gateway", "gateways", "route", "routes", "routing", "网关", "路由"),
    "discovery": ("discovery", "registry", "service registry", "注册中心", "服务发现"),
    "permission": ("permission", "permissions", "role", "roles", "rbac", "权限", "角色"),
    # A wire format is how messages are encoded ("how should X encode…" / "we use protobuf").
    "serialization": ("serializable", "serialization", "serialize", "deserialize",
                      "encode", "encoded", "encoding", "decode", "decoding", "protobuf",
                      "protocol buffers", "json", "序列化", "反序列化", "编码", "解码"),
    "pagination": ("page", "paging", "pagination", "分页"),
    "search": ("search", "elasticsearch", "full-text", "搜索", "检索", "全文"),
    # A queue that holds a message until its time ("订单超时关闭用延迟队列").
    "delay_queue": ("delay queue", "delay queues", "delayed queue", "delayed queues",
                    "delayed message", "delayed messages", "delay message", "delay level",
                    "延迟队列", "延时队列", "延迟消息", "延时消息"),
    "concurrency": ("thread", "threads", "concurrency", "concurrent", "lock", "locks",
                    "线程", "并发", "锁"),
    "id_generation": ("snowflake", "uuid", "auto-increment", "id generator", "雪花",
                      "自增", "订单号", "流水号"),
}  # fmt: skip
# Concepts nearly every note of a Java project touches: sharing one adds to a real
# match but is no match by itself ("配置" alone does not make a note about config
# profiles relevant to a question about the review module's XML).
GENERIC_CONCEPTS = frozenset(
    (
        "config", "test", "logging", "database", "cache", "deploy", "timeout", "pagination",
        "template", "concurrency", "search", "permission", "messaging",
        "gateway", "discovery", "callback",
    )
)  # fmt: skip

# The project's Java release is a concept of a note that names a release ("JDK 17"), and
# of a question that names one or asks what the language allows ("switch 表达式能用吗？");
# one language feature does not answer another.
JAVA_VERSION = "java_version"
JAVA_RELEASE = lazy_compile(r"(?<![\w.])(?:java|jdk)\s*-?\s*(?:1\.)?\d{1,2}(?![\w.])")
LANGUAGE_FEATURES = (
    "java version", "jdk version", "language feature", "language features",
    "switch expression", "switch expressions", "record", "records", "text block",
    "text blocks", "sealed", "pattern matching", "virtual thread", "virtual threads", "var",
    "新语法", "新特性", "语法", "switch 表达式", "文本块", "模式匹配", "虚拟线程",
)  # fmt: skip

# What a rule governs: canonical name → phrases.
ARTIFACTS: dict[str, tuple[str, ...]] = {
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
# Sets of interchangeable choices: class → value → phrases. (A rule's shape counts some
# classes only with a cue beside them: see directives.shape_lexicon.)
CHOICES: dict[str, dict[str, tuple[str, ...]]] = {
    "language": {
        "zh": ("中文", "汉语", "简体中文", "普通话", "chinese", "mandarin"),
        "en": ("英文", "英语", "english"),
        # other languages an answer may be asked in (a search for "language" finds them)
        "ja": ("日语", "日文", "japanese"),
        "ko": ("韩语", "韩文", "korean"),
        "de": ("德语", "德文", "german"),
        "fr": ("法语", "法文", "french"),
        "es": ("西班牙语", "西班牙文", "spanish"),
        "ru": ("俄语", "俄文", "russian"),
        "pt": ("葡萄牙语", "葡萄牙文", "portuguese"),
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
# Content words that mean the same in both languages: canonical → phrases.
SYNONYMS: dict[str, tuple[str, ...]] = {
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
# Platforms a user names in either language ("钉钉" in a note, "DingTalk" in a correction).
PLATFORMS: tuple[tuple[str, ...], ...] = (
    ("钉钉", "dingtalk", "dingding"),
    ("飞书", "feishu", "lark"),
    ("企业微信", "wecom", "wechat work"),
    ("微信", "wechat", "weixin"),
    ("支付宝", "alipay"),
    ("阿里云", "aliyun", "alibaba cloud"),
    ("腾讯云", "tencent cloud", "qcloud"),
    ("华为云", "huawei cloud"),
    ("七牛云", "七牛", "qiniu"),
    ("高德", "amap", "gaode"),
    ("达梦", "dameng", "dm8"),
    ("人大金仓", "金仓", "kingbase", "kingbasees"),
    ("金蝶", "kingdee"),
    ("用友", "yonyou"),
    ("码云", "gitee"),
    ("禅道", "zentao"),
)


def concept_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for ``phrases`` as the concepts are matched (folded text; a space
    matches any spacing or none; ``_`` joins two words: "timeout" is in wait_timeout)."""
    return re.compile(_concept_alternation(phrases))


def _concept_alternation(phrases: tuple[str, ...]) -> str:
    return phrase_alternation(phrases, optional_spaces=True, word_chars="a-z0-9")


@dataclass(frozen=True)
class _Phrases:
    """A concept's phrases, matched as :func:`concept_pattern` does; the pattern is
    compiled only once a text holds one of their pieces (a command that reads one
    question compiles the few concepts it could name, not all of them)."""

    pieces: tuple[str, ...]
    pattern: LazyPattern

    @classmethod
    def of(cls, phrases: tuple[str, ...]) -> _Phrases:
        return cls(phrase_pieces(phrases), lazy_compile(_concept_alternation(phrases)))

    def in_text(self, folded: str) -> bool:
        return any(p in folded for p in self.pieces) and self.pattern.search(folded) is not None


@cache
def _concept_phrases() -> dict[str, _Phrases]:
    return {name: _Phrases.of(words) for name, words in CONCEPTS.items()}


@cache
def _feature_phrases() -> _Phrases:
    return _Phrases.of(LANGUAGE_FEATURES)


def concepts_in(folded: str, *, question: bool = False) -> tuple[str, ...]:
    """The names of the :data:`CONCEPTS` a text mentions (``folded``: lower-cased and
    NFKC-folded), in table order, then :data:`JAVA_VERSION` when the text names a Java
    release — or, for a ``question``, asks about a language feature."""
    found = [name for name, phrases in _concept_phrases().items() if phrases.in_text(folded)]
    if JAVA_RELEASE.search(folded) or (question and _feature_phrases().in_text(folded)):
        found.append(JAVA_VERSION)
    return tuple(found)


CONCEPT_TOKEN_PREFIX = "#concept:"
GENERIC_CONCEPT_TOKENS = frozenset(CONCEPT_TOKEN_PREFIX + name for name in GENERIC_CONCEPTS)
"""The tokens of :data:`GENERIC_CONCEPTS`: sharing one alone ties no two texts."""


@lru_cache(maxsize=4096)
def concept_tokens(text: str, *, question: bool = False) -> tuple[str, ...]:
    """One token per concept ``text`` mentions (``"#concept:config"``), in both languages,
    for ranking beside its words (``question``: a language feature asked about is the
    Java version)."""
    folded = unicodedata.normalize("NFKC", text).replace("\u2019", "'").lower()
    return tuple(CONCEPT_TOKEN_PREFIX + n for n in concepts_in(folded, question=question))


def concept_words() -> frozenset[str]:
    """Every phrase of every concept."""
    return frozenset(w for words in CONCEPTS.values() for w in words)


def chinese_concept_words() -> frozenset[str]:
    """The Chinese words of the concepts (two characters or more, all CJK)."""
    return frozenset(w for w in concept_words() if len(w) >= 2 and all(is_cjk_char(c) for c in w))


def _groups() -> list[tuple[str, ...]]:
    return [
        *CONCEPTS.values(),
        *ARTIFACTS.values(),
        *(words for values in CHOICES.values() for words in values.values()),
        *SYNONYMS.values(),
        *PLATFORMS,
    ]


@cache
def _index() -> dict[str, frozenset[str]]:
    """Each folded phrase → every phrase of every group it is in."""
    index: dict[str, set[str]] = {}
    for group in _groups():
        for phrase in group:
            index.setdefault(fold(phrase), set()).update(group)
    return {key: frozenset(words) for key, words in index.items()}


@lru_cache(maxsize=1024)
def related_terms(term: str) -> frozenset[str]:
    """The phrases that mean what ``term`` means, in either language, ``term`` among them:
    ``related_terms("缓存")`` holds ``"cache"``; ``related_terms("DingTalk")`` holds
    ``"钉钉"``. Compared folded (case, width, spaces and punctuation set aside); a term
    no table knows gives only itself."""
    found = _index().get(fold(term))
    return found | {term} if found else frozenset({term})
