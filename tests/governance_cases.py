"""Bilingual evaluation sets for the judgements of governing memory directly.

* ``SEARCH_ITEMS`` / ``SEARCH_QUERIES``: a Java repository's memory (rules, notes,
  topics, archived items; Chinese and English) and the words a developer would
  search it with, each with the items that answer it. ``search`` is measured on
  precision and recall over every query (tests/governance/test_governance.py holds the bar).
* ``CREDENTIAL_TEXTS``: what a user might ask to remember whose only point is a
  credential — nothing may be stored. ``MIXED_TEXTS``: a rule or note with a
  credential beside it — the rule is stored, the secret is not. ``LEGIT_TEXTS``:
  rules and notes *about* credentials (where they live, how to handle them) that
  hold none — they must be stored.

Written for this project; the items are typical of the repositories the tool is
used on (mall, nacos, halo, spring-petclinic style services).
"""

from __future__ import annotations

from typing import NamedTuple


class Item(NamedTuple):
    key: str
    kind: str  # "rule", "note", "topic"
    label: str
    summary: str
    active: bool = True


SEARCH_ITEMS: tuple[Item, ...] = (
    # rules
    Item("zh_answers", "rule", "回答用中文", "以后回答都用中文"),
    Item("ctor_injection", "rule", "constructor injection",
         "Always use constructor injection, never field injection with @Autowired"),
    Item("no_lombok", "rule", "示例不用 Lombok", "示例代码不要用 Lombok"),
    Item("gradle_cmds", "rule", "Gradle commands", "Use Gradle commands instead of Maven in examples"),
    Item("commit_format", "rule", "提交信息格式", "提交信息必须使用 <type>: <lowercase english phrase> 格式"),
    Item("javadoc", "rule", "Javadoc in English", "Write Javadoc for every public method in English"),
    Item("junit5", "rule", "测试框架", "单元测试统一用 JUnit 5 和 Mockito，不要用 PowerMock"),
    Item("optional_null", "rule", "Optional over null",
         "Prefer Optional over returning null from service methods"),
    Item("conclusion_first", "rule", "先给结论", "回答先给结论，再解释原因"),
    Item("java_config", "rule", "no XML config",
         "Don't suggest Spring XML configuration; we only use Java config"),
    Item("en_answers", "rule", "answer in English", "Answer in English", active=False),
    # notes
    Item("feign_search", "note", "mall-order 调用 mall-search", "mall-order 通过 Feign 调用 mall-search 查询商品"),
    Item("review_module", "note", "review module",
         "The review module manages the finding queue and patch confirmation"),
    Item("order_db", "note", "订单库", "订单服务的数据库是 MySQL 8，分库分表用 ShardingSphere"),
    Item("ci", "note", "CI", "CI runs on GitHub Actions with mvn -T 4 verify"),
    Item("auth", "note", "认证方式", "用户认证使用 Spring Security + JWT，token 有效期 2 小时"),
    Item("redis_cache", "note", "product cache", "Redis caches product details for 10 minutes"),
    Item("admin_login", "note", "后台登录", "mall-admin 的后台登录走 /admin/login 接口"),
    Item("kafka_events", "note", "order events",
         "Kafka topic order-events carries order state changes to mall-search"),
    Item("java_version", "note", "Java 版本", "项目的 Java 版本是 17，部分模块还在用 Java 8 的语法"),
    Item("rest_api", "note", "api module", "The api module exposes REST endpoints under /api/v1"),
    Item("old_db", "note", "订单库（旧）", "订单服务使用 PostgreSQL", active=False),
    # topics
    Item("optional_topic", "topic", "Java Optional", "用户近期关注 Optional 的正确用法和 orElseGet"),
    Item("hashmap_topic", "topic", "HashMap 并发",
         "用户询问 HashMap 在多线程下是否线程安全，以及 ConcurrentHashMap 的用法"),
    Item("feign_topic", "topic", "Feign timeouts",
         "The user asked how to configure Feign client timeouts and retries"),
)  # fmt: skip


class Query(NamedTuple):
    text: str
    expected: frozenset[str]
    include_archived: bool = False


def q(text: str, *keys: str, archived: bool = False) -> Query:
    return Query(text, frozenset(keys), archived)


SEARCH_QUERIES: tuple[Query, ...] = (
    q("中文", "zh_answers"),
    q("回答用中文", "zh_answers"),
    q("Lombok", "no_lombok"),
    q("constructor injection", "ctor_injection"),
    q("@Autowired", "ctor_injection"),
    q("field injection", "ctor_injection"),
    q("Gradle", "gradle_cmds"),
    q("提交信息", "commit_format"),
    q("Javadoc", "javadoc"),
    q("单元测试", "junit5"),
    q("Mockito", "junit5"),
    q("PowerMock", "junit5"),
    q("JUnit", "junit5"),
    q("Optional", "optional_null", "optional_topic"),
    q("orElseGet", "optional_topic"),
    q("null", "optional_null"),
    q("结论", "conclusion_first"),
    q("XML 配置", "java_config"),
    q("Feign", "feign_search", "feign_topic"),
    q("mall-search", "feign_search", "kafka_events"),
    q("finding queue", "review_module"),
    q("review 模块", "review_module"),
    q("数据库", "order_db"),
    q("MySQL", "order_db"),
    q("分库分表", "order_db"),
    q("ShardingSphere", "order_db"),
    q("GitHub Actions", "ci"),
    q("JWT", "auth"),
    q("token 有效期", "auth"),
    q("Spring Security", "auth"),
    q("Redis", "redis_cache"),
    q("登录接口", "admin_login"),
    q("admin login", "admin_login"),
    q("Kafka", "kafka_events"),
    q("order-events", "kafka_events"),
    q("Java 17", "java_version"),
    q("REST endpoints", "rest_api"),
    q("/api/v1", "rest_api"),
    q("HashMap", "hashmap_topic"),
    q("ConcurrentHashMap", "hashmap_topic"),
    q("线程安全", "hashmap_topic"),
    q("timeout", "feign_topic"),
    q("retries", "feign_topic"),
    q("English", "javadoc", "commit_format", "en_answers", archived=True),
    q("English", "javadoc", "commit_format"),
    q("PostgreSQL", "old_db", archived=True),
    q("PostgreSQL"),  # archived: found only on request
    # another language's words for what an item says
    q("commit message", "commit_format"),
    q("unit tests", "junit5"),
    q("缓存", "redis_cache"),
    q("Chinese answers", "zh_answers"),
    q("英文", "javadoc", "commit_format"),
    q("构造器注入", "ctor_injection"),
    q("database", "order_db"),
    q("并发", "hashmap_topic"),
    q("Vue 前端"),  # nothing in memory is about it
    q("Dubbo"),
)


# --- questions are neither rules nor facts -----------------------------------------------------

# Refused (ungrounded): only questions.
QUESTION_TEXTS: tuple[str, ...] = (
    "Optional 怎么用？",
    "记住密码功能怎么实现？",
    "Why does the build always fail on CI?",
    "What Java version do we need?",
    "mall-admin 怎么登录？",
    "Is HashMap thread-safe?",
)
# Stored: requests and statements, even when they end with a question mark.
REQUEST_TEXTS: tuple[str, ...] = (
    "Can you always answer in Chinese?",
    "Could you use Gradle commands from now on?",
    "你能以后都先给结论吗？",
    "Always use constructor injection. Why? It makes tests easier.",
)


# --- what `remember` stores when a credential is involved ------------------------------------

# The point is a credential: nothing may be stored (not even redacted).
CREDENTIAL_TEXTS: tuple[str, ...] = (
    "my password is hunter2",
    "remember my OpenAI key sk-proj-Q8x3hLw0aT5vN2kE7rJ9mB4cY6dF1gH0",
    "记住我的密码是 Tr0ub4dor&3",
    "token 是 ghp_4f9X2kLmN8pQ7rS6tU5vW3xY1zA0bC2dE4fG",
    "The staging database URL is jdbc:mysql://admin:S3cretPw@10.0.0.5:3306/mall",
    "Save my AWS key AKIAIOSFODNN7EXAMPLE for later",
    "password=hunter2",
    "remember my GitHub token",
    "把我的 API key 记下来：sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123",
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\n-----END RSA PRIVATE KEY-----",
)

# (text, secret): the secret's sentence is left out, the rest is stored.
MIXED_TEXTS: tuple[tuple[str, str], ...] = (
    ("Always run the integration tests against the staging profile. My password is hunter2.",
     "hunter2"),
    ("以后回答都用中文。我的 token 是 ghp_4f9X2kLmN8pQ7rS6tU5vW3xY1zA0bC2dE4fG。",
     "ghp_4f9X2kLmN8pQ7rS6tU5vW3xY1zA0bC2dE4fG"),
    ("The order service uses MySQL 8. password=Tr0ub4dor&3", "Tr0ub4dor&3"),
)  # fmt: skip

# About credentials, holding none: stored as they are.
LEGIT_TEXTS: tuple[str, ...] = (
    "Never log passwords or tokens",
    "不要在代码里硬编码密钥，一律从环境变量读取",
    "Always read the API key from the environment, never hard-code it",
    "密码必须用 BCrypt 加密存储",
    "The JWT signing key lives in Vault under secret/mall",
    "token 有效期是 2 小时",
    "Use tokenService to validate tokens in the gateway",
    "password policy: at least 12 characters, checked by PasswordValidator",
    "用户注册时密码统一用 BCrypt 加密",
    "Rotate the database credentials every 90 days",
)
