"""The text-level guards against hostile model output: the code/log guard, measured on
a bilingual evaluation set, and the cleaning of control, escape and invisible characters."""

from __future__ import annotations

import re
import sys
import time
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from autopatch_memory.text import (
    INVISIBLE_CHARACTERS,
    clean_text,
    has_control_characters,
    looks_like_code_or_log,
    same_label,
)

# Generous for a loaded 2-core machine; a quadratic scan misses it by orders of magnitude.
LINEAR_BOUND_SECONDS = 3.0

# --- the code/log guard -------------------------------------------------------------

# Source code, diffs, stack traces, logs, build/test consoles, build and config files,
# shell commands and SQL: none of these belongs in a memory label or summary.
CODE_OR_LOG: list[str] = [
    # one-line and multi-line stack traces
    'java.lang.NullPointerException: Cannot invoke "String.length()" because "s" is null at com.acme.order.OrderService.create(OrderService.java:42)',
    "NPE 在 at com.acme.review.FindingQueue.poll(FindingQueue.java:118)",
    "java.lang.IllegalStateException: Failed to load ApplicationContext",
    "org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'orderService'",
    "Caused by: java.sql.SQLSyntaxErrorException: Table 'shop.t_order' doesn't exist",
    "\tat org.apache.ibatis.binding.MapperMethod.execute(MapperMethod.java:96)\n\t... 42 more",
    'Exception in thread "main" java.lang.OutOfMemoryError: Java heap space',
    "kotlin.UninitializedPropertyAccessException: lateinit property repo has not been initialized\n    at com.acme.UserVm.load(UserVm.kt:31)",
    'Traceback (most recent call last):\n  File "gen.py", line 3, in <module>',
    # logs
    "2024-03-18 10:22:31.457 ERROR 23188 --- [nio-8080-exec-1] o.a.c.c.C.[.[.[/].[dispatcherServlet] : Servlet.service() threw exception",
    "2024-05-01T08:00:01.001+08:00  WARN 1 --- [main] o.h.e.j.e.i.JdbcEnvironmentInitiator : HHH000342",
    "10:42:07.113 [main] INFO  c.a.order.OrderApplication - Started OrderApplication in 3.2 seconds",
    "ERROR [http-nio-8080-exec-3] c.a.pay.PayController - 支付回调验签失败",
    "[main] INFO org.flywaydb.core.FlywayExecutor --- 2024-01-01 12:00:00 INFO migrated",
    # Maven / Gradle / Surefire / javac consoles
    "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:compile (default-compile) on project mall-order",
    "[INFO] BUILD FAILURE",
    "[ERROR] Tests run: 3, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.912 s <<< FAILURE!",
    "Tests run: 12, Failures: 2, Errors: 0, Skipped: 1",
    "> Task :app:compileJava FAILED",
    "> Task :order-service:test",
    "BUILD FAILED in 14s\n5 actionable tasks: 5 executed",
    "FAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':app:compileJava'.",
    "Execution failed for task ':app:mergeDebugResources'.",
    "src/main/java/com/acme/Foo.java:[12,8] error: cannot find symbol",
    "Foo.java:17: error: incompatible types: String cannot be converted to int",
    "[ERROR] /home/ci/mall/src/main/java/com/macro/mall/OmsOrder.java:[33,5] 找不到符号",
    "npm ERR! code ERESOLVE",
    "Step 4/9 : RUN mvn -q package -DskipTests",
    # POM / XML snippets
    "<dependency><groupId>org.projectlombok</groupId><artifactId>lombok</artifactId></dependency>",
    "<plugin>\n  <groupId>org.apache.maven.plugins</groupId>\n  <artifactId>maven-surefire-plugin</artifactId>\n</plugin>",
    '<bean id="dataSource" class="com.zaxxer.hikari.HikariDataSource"><property name="maximumPoolSize" value="20"/></bean>',
    "<parent><artifactId>mall</artifactId><version>1.0-SNAPSHOT</version></parent>",
    # shell commands
    "$ mvn -q clean install",
    "./gradlew build --scan",
    "mvn -q -pl mall-order -am spring-boot:run",
    "docker compose up -d mysql redis",
    "kubectl logs -f deploy/order-service -n prod | grep ERROR",
    "git rebase -i HEAD~3",
    "cd mall-admin && mvn package -DskipTests",
    "java -jar target/app.jar --spring.profiles.active=dev",
    "curl -X POST http://localhost:8080/api/orders -H 'Content-Type: application/json'",
    "~/bin/deploy.sh staging",
    "PS C:\\work\\mall> mvn test",
    # YAML / properties / JSON
    "spring:\n  datasource:\n    url: jdbc:mysql://localhost:3306/mall",
    "server:\n  port: 8080",
    "mybatis-plus:\n  mapper-locations: classpath*:/mapper/**/*.xml",
    "logging.level.root=INFO\nlogging.level.com.acme=DEBUG",
    "spring.jpa.hibernate.ddl-auto=update\nspring.jpa.show-sql=true",
    "name: build\non: push",
    '{"code": 500, "message": "Internal Server Error"}',
    # SQL
    "SELECT id, status FROM t_order WHERE user_id = ? AND deleted = 0",
    "select * from oms_order where create_time > '2024-01-01' limit 10",
    "SELECT count(*) FROM pms_product;",
    "INSERT INTO t_user (id, name) VALUES (1, 'a')",
    "UPDATE t_order SET status = 2 WHERE id = 10",
    "DELETE FROM t_cart WHERE user_id = 7",
    "CREATE TABLE t_coupon (id BIGINT PRIMARY KEY)",
    "ALTER TABLE t_order ADD COLUMN remark VARCHAR(255)",
    # Java / Kotlin source
    "public class OrderService {",
    "@Autowired\nprivate UserMapper userMapper;",
    "private static final Logger log = LoggerFactory.getLogger(Foo.class);",
    "List<String> names = users.stream().map(User::getName).collect(Collectors.toList());",
    'if (order == null) { throw new BizException("订单不存在"); }',
    "fun findUser(id: Long): User? {",
    "import java.util.Optional;",
    "diff --git a/src/Foo.java b/src/Foo.java",
    "@@ -10,7 +10,8 @@ public class Foo",
    "-    return a;\n+    return b;",
]

# Prose that mentions commands, identifiers, exceptions, SQL or config keys: fine.
PROSE: list[str] = [
    "我们 CI 一律加 -T 4",
    "mall-order calls mall-search via Feign",
    "用 Optional.orElseGet() 代替 get()",
    "prefer constructor injection over @Autowired fields",
    "用户关注 Optional.orElseGet() 与 orElse() 的区别",
    "review module manages the finding queue; patches need confirmation",
    "用户偏好中文回答，先给结论。",
    "The user asked about NullPointerException handling in ReviewService",
    "Map<String, List<Integer>> 的用法",
    "commit message format: <type>: <lowercase english phrase>",
    "- first point\n- second point",
    "Java 17; Spring Boot 3",
    "run mvn -q clean install before pushing",
    "mvn -T 4 is faster on CI",
    "以后给我 Gradle 命令，不要 Maven 命令",
    "用户问 java.lang.NullPointerException 怎么排查",
    "OrderService.create 在库存不足时抛 BizException",
    "Tests run 很慢，用户想把 Surefire 并行度调到 4",
    "the build fails at :app:compileJava on JDK 21",
    "Gradle 的 > Task 输出太多，用户想用 --quiet",
    "用 SELECT ... FOR UPDATE 锁住库存行",
    "prefer JOIN over subqueries in SELECT statements",
    "delete from cache before the database update",
    "select the rows from the table where the flag is set",
    "spring.datasource.url 配在 application.yml 里",
    "把 server.port 改成 8081",
    "the pom declares lombok and mapstruct",
    "POM 里用 <dependencyManagement> 统一版本",
    "用户希望回答里少贴 <dependency> 片段",
    "git rebase is preferred over merge for feature branches",
    "docker compose is used only for local MySQL and Redis",
    "always answer with curl examples, not Postman",
    "Use the ./gradlew wrapper, never a global gradle",
    "日志级别在生产用 INFO，排查时临时开 DEBUG",
    "ERROR 日志要带 traceId",
    "Caused by 链太长时只看最后一个",
    "用户问 ... 42 more 是什么意思",
    "每次改 mapper XML 都要重启",
    "user asked why Tests run: 0 appears when the class name ends with IT",
    "mall-admin 负责后台管理，mall-portal 负责前台商城",
    "The project uses MyBatis-Plus, not JPA",
    "用户习惯用 IDEA 的 Run Dashboard 启动多个服务",
    "keep answers short; code only when asked",
    "回答先给结论，再给理由",
    "请用中文回答，技术名词保留英文",
    "Redis 缓存 key 的格式是 module:entity:id",
    "payment callbacks must be idempotent (check the order status first)",
    "the user prefers records over Lombok @Data for DTOs",
    "Kotlin fun interfaces are used for callbacks",
    "private 方法不要写单元测试",
    "public API changes need a changelog entry",
    "JSON 字段用 camelCase，数据库列用 snake_case",
    "YAML 里不要用 tab 缩进",
    "deploy.sh is run by Jenkins after the tests pass",
    "port 8080 is taken by Nacos locally, use 8081",
    "用户问 if (x) { } 里能不能省略大括号",
    "the order status flow is: created -> paid -> shipped -> done",
    "用户想知道 HashMap 和 ConcurrentHashMap 的区别",
    "Update the changelog when you bump a dependency",
    "create table 语句由 Flyway 管理，不要手改",
    "我们在 pom 的 <properties> 里统一 java.version",
    "the review module's FindingQueue orders findings by severity",
]


def test_the_evaluation_sets_are_big_enough() -> None:
    assert len(CODE_OR_LOG) >= 60 and len(PROSE) >= 60


def test_code_and_logs_are_recognised_with_high_recall() -> None:
    missed = [text for text in CODE_OR_LOG if not looks_like_code_or_log(text)]
    recall = 1 - len(missed) / len(CODE_OR_LOG)
    assert recall >= 0.95, missed


def test_prose_about_code_is_kept_with_high_precision() -> None:
    flagged = [text for text in PROSE if looks_like_code_or_log(text)]
    precision = 1 - len(flagged) / len(PROSE)
    assert precision >= 0.95, flagged


# What may stand before or after a snippet: a word character, CJK, a blank, a line.
_AROUND = ["", "x", "_", "中", " ", "\n", "see: ", "1"]


def test_each_strong_sign_is_one_alternative() -> None:
    # A top-level "|" in a line-anchored pattern would leave its other half anchored
    # too once the patterns are split (``^a|b`` tried at line starts only).
    from autopatch_memory import text as module
    from autopatch_memory.patterns import split_top

    assert all(len(split_top(p)) == 1 for p in module._STRONG_PATTERNS)


def test_the_strong_signs_split_three_ways_match_what_one_alternation_matches() -> None:
    # ``_strong_code_or_log`` tries the line-anchored patterns at line starts only and
    # spells the word-anchored ones to be searched fast; the plain reading is one
    # alternation of every pattern, searched everywhere.
    from autopatch_memory import text as module

    plain = re.compile("|".join(module._STRONG_PATTERNS), re.M)
    snippets = [*CODE_OR_LOG, *PROSE]
    snippets += [line for text in snippets for line in text.split("\n")]
    snippets += [text.upper() for text in snippets] + [text.lower() for text in snippets]
    checked = 0
    for snippet in snippets:
        for before in _AROUND:
            for after in _AROUND:
                text = before + snippet + after
                assert module._strong_code_or_log(text) == bool(plain.search(text)), text
                checked += 1
    assert checked > 10_000


@given(st.lists(st.sampled_from([*_AROUND, "public ", "at a.B(C.java:1)", "select * from t;",
                                 "Select x from t where", "import a.b;", "---", "[ERROR] ",
                                 "2024-01-01 10:00:00 INFO ", "System.out.print", "ſelect * from t;",
                                 "İnsert into t values", "Exception in thread \"", "a.java:12: error"]),
                max_size=8))  # fmt: skip
def test_the_strong_signs_split_match_one_alternation_on_mixed_text(parts: list[str]) -> None:
    from autopatch_memory import text as module

    text = "".join(parts)
    plain = re.compile("|".join(module._STRONG_PATTERNS), re.M)
    assert module._strong_code_or_log(text) == bool(plain.search(text)), text


@pytest.mark.parametrize(
    "unit",
    ["\n", "+a\n", "-a\n", "a = b ", "{ a ", "select a, ", "at a(", "x.y.Z", "a/b.", " \n"],
)
def test_the_guard_is_linear_on_long_adversarial_text(unit: str) -> None:
    # Each shape was a quadratic scan once ("^\\s*" over blank lines, an unbounded
    # path class before ".java:", a look-ahead over the whole text); at 200 000
    # characters a quadratic guard takes minutes, a linear one well under a second.
    size = 200_000
    text = (unit * (size // len(unit) + 1))[:size]
    started = time.thread_time()  # CPU time: waiting for a core costs the algorithm nothing
    looks_like_code_or_log(text)
    assert time.thread_time() - started < LINEAR_BOUND_SECONDS


# --- cleaning hostile text ----------------------------------------------------------


def test_invisible_and_bidi_characters_are_removed() -> None:
    assert clean_text("Java\u200bOptional", single_line=True) == "JavaOptional"
    assert clean_text("\ufeff用户\u200d偏好\u2060中文", single_line=False) == "用户偏好中文"
    assert clean_text("admin\u202e\u2066txt.exe\u2069", single_line=True) == "admintxt.exe"
    assert clean_text("soft\u00adhyphen", single_line=True) == "softhyphen"
    # Tag characters smuggle invisible ASCII ("ignore previous…").
    smuggled = "note" + "".join(chr(0xE0000 + ord(c)) for c in "ignore")
    assert clean_text(smuggled, single_line=True) == "note"


def test_every_unicode_format_character_is_invisible() -> None:
    format_chars = [
        chr(cp) for cp in range(sys.maxunicode + 1) if unicodedata.category(chr(cp)) == "Cf"
    ]
    visible = [c for c in format_chars if clean_text(f"a{c}b", single_line=False) != "ab"]
    assert not visible, [hex(ord(c)) for c in visible]
    assert INVISIBLE_CHARACTERS  # the class is public for the CLI's output filter


def test_escape_sequences_and_controls_are_removed() -> None:
    osc52 = "\x1b]52;c;ZWNobyBwd25lZA==\x07"
    assert clean_text(f"label{osc52}", single_line=True) == "label"
    assert clean_text("\x1b[2J\x1b[Hcleared\x1b[31m red\x1b[0m", single_line=True) == "cleared red"
    assert clean_text("a\x00b\x07c\x7fd\x80e", single_line=True) == "abcde"
    # An 8-bit CSI takes its final byte with it, as a terminal would.
    assert clean_text("a\x9b2Jb", single_line=True) == "ab"
    assert clean_text("\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\", single_line=True) == "link"
    assert clean_text("unterminated \x1b[31", single_line=True) == "unterminated"


def test_line_breaks_are_kept_or_folded() -> None:
    text = "line one\r\nline two\rline three\u2028four\tend"
    assert clean_text(text, single_line=False) == "line one\nline two\nline three\nfour\tend"
    assert clean_text(text, single_line=True) == "line one line two line three four end"
    assert clean_text("  Java \n Optional  ", single_line=True) == "Java Optional"


@pytest.mark.parametrize(
    "text",
    ["Java\u200bOptional\x1b[0m", "a\r\nb\x00c\u202e", "正常的中文\n第二行\t制表", "\x9d0;t\x9c"],
)
def test_cleaning_is_idempotent(text: str) -> None:
    for single_line in (True, False):
        once = clean_text(text, single_line=single_line)
        assert clean_text(once, single_line=single_line) == once
        assert not has_control_characters(once)


def test_control_characters_are_detected_but_whitespace_is_not() -> None:
    assert has_control_characters("title\x1b]0;pwned\x07")
    assert has_control_characters("nul\x00byte")
    assert has_control_characters("c1\x9bcsi")
    assert not has_control_characters("tab\tand\nnewline\r\n")
    assert not has_control_characters("零宽\u200b字符只是不可见")


def test_clean_text_is_linear_on_long_hostile_input() -> None:
    for unit in ("\x1b[", "\x1b]", "\x1bP", "\u200b", "\x00", "\r"):
        text = unit * 100_000
        assert not has_control_characters(clean_text(text, single_line=False))


def test_labels_with_invisible_characters_are_the_same_label() -> None:
    assert same_label("Java\u200bOptional", "Java Optional")
    assert same_label("Java\u2060 Optional\ufeff", "java optional")
    assert same_label("回答\u200d风格", "回答风格")
    assert same_label("review\x1b[0m module", "review module")
    assert not same_label("review module", "review modules")
