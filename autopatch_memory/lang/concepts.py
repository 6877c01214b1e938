"""Concepts two texts can share without a shared word: the bilingual vocabulary that makes
a question in one language find a note written in the other.

``concept_tokens("订单超时关闭用的是延迟队列")`` and ``concept_tokens("Refunds go through
the delayed queue")`` both hold ``"#concept:delay_queue"``. The memory context adds these
tokens to what a question and a note are ranked on (:mod:`autopatch_memory.context`);
search matches on them too (:mod:`autopatch_memory.search`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from autopatch_memory import limits

__all__ = [
    "CONCEPTS",
    "GENERIC_CONCEPTS",
    "JAVA_VERSION_CONCEPT",
    "concept_pattern",
    "concept_tokens",
]

# Concepts a question and a note can share without a shared word: the other language
# ("配置" / "configuration"), a short form ("config"), or what a term is an instance
# of ("switch 表达式" is a question about the Java version; a JWT is a token). Each
# concept becomes one more token of the texts that mention it.
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
    # A queue that holds a message until its time ("订单超时关闭用延迟队列").
    "delay_queue": ("delay queue", "delay queues", "delayed queue", "delayed queues",
                    "delayed message", "delayed messages", "delay message", "delay level",
                    "延迟队列", "延时队列", "延迟消息", "延时消息"),
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
    "concurrency": ("thread", "threads", "concurrency", "concurrent", "lock", "locks",
                    "线程", "并发", "锁"),
    "id_generation": ("snowflake", "uuid", "auto-increment", "id generator", "雪花",
                      "自增", "订单号", "流水号"),
}  # fmt: skip
# A note that names the project's Java release answers any question about what the
# language allows ("switch 表达式能用吗？"); one language feature does not answer another.
_JAVA_RELEASE = re.compile(r"(?<![\w.])(?:java|jdk)\s*-?\s*(?:1\.)?\d{1,2}(?![\w.])")
_LANGUAGE_FEATURES = (
    "java version", "jdk version", "language feature", "language features",
    "switch expression", "switch expressions", "record", "records", "text block",
    "text blocks", "sealed", "pattern matching", "virtual thread", "virtual threads", "var",
    "新语法", "新特性", "语法", "switch 表达式", "文本块", "模式匹配", "虚拟线程",
)  # fmt: skip


def _normalize(text: str) -> str:
    # As autopatch_memory.text.normalize: NFKC (full width), curly quotes, lower case.
    folded = unicodedata.normalize("NFKC", text)
    return folded.replace("\u2019", "'").replace("\u2018", "'").lower()


def concept_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for ``phrases`` (folded text), longest first; an English phrase matches
    as a whole word, a space in a phrase matches any spacing (or none)."""
    parts = []
    for phrase in sorted(phrases, key=len, reverse=True):
        body = re.escape(phrase).replace(r"\ ", r"\s*")
        if phrase[:1].isascii():
            body = r"(?<![a-z0-9])" + body + r"(?![a-z0-9])"
        parts.append(body)
    return re.compile("|".join(parts))


# Concepts nearly every note of a Java project touches: sharing one adds to a real
# match but is no match by itself ("配置" alone does not make a note about config
# profiles relevant to a question about the review module's XML).
GENERIC_CONCEPTS = frozenset(
    f"#concept:{name}"
    for name in (
        "config", "test", "logging", "database", "cache", "deploy", "timeout", "pagination",
        "template", "concurrency", "search", "permission", "messaging",
        "gateway", "discovery", "callback",
    )
)  # fmt: skip
_CONCEPT_PATTERNS = {name: concept_pattern(words) for name, words in CONCEPTS.items()}
_FEATURE_PATTERN = concept_pattern(_LANGUAGE_FEATURES)
JAVA_VERSION_CONCEPT = "#concept:java_version"


@lru_cache(maxsize=limits.ITEM_TOKEN_CACHE_ENTRIES)
def concept_tokens(text: str, *, question: bool = False) -> tuple[str, ...]:
    """One token per concept ``text`` mentions (``"#concept:config"``), in both languages.

    The Java version is a concept of a note that names a release ("JDK 17"), and of a
    question that names a release or asks about a language feature (``question``)."""
    folded = _normalize(text)
    found = [f"#concept:{n}" for n, pattern in _CONCEPT_PATTERNS.items() if pattern.search(folded)]
    if _JAVA_RELEASE.search(folded) or (question and _FEATURE_PATTERN.search(folded)):
        found.append(JAVA_VERSION_CONCEPT)
    return tuple(found)
