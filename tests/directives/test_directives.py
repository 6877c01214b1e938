"""The directive grammar: what is a rule, a cancel, a fact — and what is none of them."""

from __future__ import annotations

import pytest

from autopatch_memory.directives import (
    DirectiveKind,
    NotADirective,
    RuleShape,
    directives_in,
    fact_label,
    fact_text,
    might_hold_directive,
    read_sentence,
    refers_to,
    restating,
    rule_label,
    rule_shape,
    same_subject,
    states_change_of,
)
from autopatch_memory.prose import split_sentences

RULE, CANCEL, FACT = DirectiveKind.RULE, DirectiveKind.CANCEL, DirectiveKind.FACT


def conflicting(a: RuleShape, b: RuleShape) -> bool:
    """``a`` replaces ``b``: the same subject with another choice or the other polarity."""
    return same_subject(a, b) and not restating(a, b)


Q = NotADirective.QUESTION
REP = NotADirective.REPORTED
HYP = NotADirective.HYPOTHETICAL
ONCE = NotADirective.ONE_OFF
SELF = NotADirective.SELF_DESCRIPTION
NEG = NotADirective.NEGATED
CRED = NotADirective.CREDENTIAL
NONE = NotADirective.NO_MARKER

# (sentence, what it is). Written to cover each class with several wordings, in
# Chinese, English and both; a grammar fitted to one wording fails the others.
SENTENCES: list[tuple[str, DirectiveKind | NotADirective]] = [
    # --- standing rules -----------------------------------------------------------
    ("以后回答都用中文。", RULE),
    ("今后所有回答先给结论，再讲原因。", RULE),
    ("往后示例代码统一用 Java 17 的写法。", RULE),
    ("从现在开始，代码注释一律用英文。", RULE),
    ("默认给我 Gradle Kotlin DSL 的写法。", RULE),
    ("每次给 SQL 的时候都带上索引建议。", RULE),
    ("别再给我贴整个类了，只贴改动的方法。", RULE),
    ("不要再用 System.out.println 举例了。", RULE),
    ("记住：回答里的命令都要能直接复制运行。", RULE),
    ("请记住，以后解释源码时先画调用链。", RULE),
    ("我更喜欢简短一点的回答。", RULE),
    ("我不喜欢回答里有太多客套话。", RULE),
    ("我希望你以后解释并发问题时附上时序图。", RULE),
    ("回答的时候不要一上来就铺垫。", RULE),
    ("代码示例里不要用 var。", RULE),
    ("From now on, answer in English.", RULE),
    ("Going forward, show Gradle commands instead of Maven ones.", RULE),
    ("In future answers, skip the intro.", RULE),
    ("Always include the import statements in code examples.", RULE),
    ("Never use field injection in examples.", RULE),
    ("Stop suggesting Lombok, we don't use it anymore.", RULE),
    ("Please stop adding emojis to your answers.", RULE),
    ("I really dislike field injection.", RULE),
    ("I prefer constructor injection over setters.", RULE),
    ("I'd rather you keep answers under 20 lines.", RULE),
    ("Please remember to mention the Spring Boot version an API needs.", RULE),
    ("By default, assume the code runs on Java 21.", RULE),
    ("Don't paste whole files, only the methods that change.", RULE),
    ("No more Lombok in examples, please.", RULE),
    ("Could you always put the conclusion first?", RULE),
    ("能不能以后都用中文回答？", RULE),
    ("Every time you show a Maven command, add -q.", RULE),
    ("Commit messages should always be in English.", RULE),
    ("Answers should be short and to the point from now on.", RULE),
    ("From now on 回答用中文，代码注释用英文。", RULE),
    ("以后讲 MyBatis 的时候，给 XML 映射的写法，不要注解。", RULE),
    ("Give me Gradle commands from now on.", RULE),
    ("Keep answers short from now on, I read them on my phone.", RULE),
    ("Keep using Maven in the examples.", RULE),
    ("For the rest of this project, assume PostgreSQL, not MySQL.", RULE),
    ("I'd appreciate it if you always linked the relevant source file.", RULE),
    ("回答控制在 200 字以内。", RULE),
    ("中文回答就行，以后都这样。", RULE),
    ("如果涉及 SQL，以后都给出执行计划怎么看。", RULE),
    ("以后遇到异常处理的问题，优先推荐自定义异常 + 全局处理器。", RULE),
    ("I told you to always use Gradle!", RULE),
    ("No emojis.", RULE),
    ("以后的回答里，代码块都标上语言。", RULE),
    ("咱们约定一下：以后所有示例都用 Spring Boot 3 的写法。", RULE),
    ("拜托以后别再推荐 Hibernate 了，我们组用 MyBatis。", RULE),
    ("每次给 SQL 都顺便说下索引怎么建。", RULE),
    ("你以后能不能别老是用英文回答？", RULE),
    ("I'd rather you not use Lombok in examples.", RULE),
    # --- cancels ------------------------------------------------------------------
    ("Forget what I said about the compatibility note.", CANCEL),
    ("不用再给我 Maven 命令了。", CANCEL),
    ("忘掉我之前说的先给结论那条。", CANCEL),
    ("取消之前关于 Javadoc 用英文的要求。", CANCEL),
    ("You don't need to add the Java 8 note anymore.", CANCEL),
    ("Ignore my earlier rule about tabs.", CANCEL),
    ("之前说的回答用英文那条作废。", CANCEL),
    ("No need to give me the full stack trace analysis anymore.", CANCEL),
    ("Lombok 那条规则可以删了。", CANCEL),
    ("总结要点那个不需要了，太啰嗦。", CANCEL),
    ("以后不用给我 Maven 命令了。", CANCEL),
    ("Actually, scratch the rule about tabs.", CANCEL),
    ("算了，之前那条先给结论的规则取消吧。", CANCEL),
    ("刚才说的 ruoyi-quartz 那条不用记了，我们其实还在用。", CANCEL),
    ("You can drop the Java 8 caveat now.", CANCEL),
    ("Disregard the earlier note about the cache TTL.", CANCEL),
    # --- project facts ------------------------------------------------------------
    ("Remember that mall-order calls mall-search via Feign.", FACT),
    ("我们 CI 一律加 -T 4。", FACT),
    ("不对，我们用的是 Spring Security，不是 Shiro。", FACT),
    ("mall-order calls mall-search via Feign.", FACT),
    ("We deploy order-service on Kubernetes with Helm.", FACT),
    ("我们的网关用的是 Spring Cloud Gateway。", FACT),
    ("记住我们线上用的是 MySQL 8.0。", FACT),
    ("Actually, we're on Spring Boot 3.2, not 2.7.", FACT),
    ("FYI our Redis runs in cluster mode.", FACT),
    ("payment-service 通过 RocketMQ 通知 order-service。", FACT),
    ("其实我们早就不用 Eureka 了，注册中心换成了 Nacos。", FACT),
    ("Note: the gateway strips the /api prefix before routing.", FACT),
    ("注意：网关会把 /api 前缀去掉再转发。", FACT),
    ("不是，消息存储用的是 HBase，MongoDB 只存会话列表。", FACT),
    ("We version the API in the URL path, like /api/v2/orders.", FACT),
    ("flow-admin 我们只给内部运营用，不对外开放。", FACT),
    ("Heads up: the orders table is partitioned by month.", FACT),
    ("Correction — the cache TTL is 10 minutes, not 5.", FACT),
    ("We deploy with Jib, not Dockerfiles.", FACT),
    # --- questions that carry a signal word ----------------------------------------
    ("记住密码功能在 Spring Security 里怎么实现？", Q),
    ("Why does the build always fail on CI?", Q),
    ("为什么每次启动都要重新下载依赖？", Q),
    ("Should I always close the stream?", Q),
    ("默认的隔离级别是什么？", Q),
    ("以后如果要升级到 Spring Boot 3，需要改哪些配置？", Q),
    ("Do you remember what Optional is for?", Q),
    ("要不要以后都用 record？", Q),
    ("Is it bad practice to never use checked exceptions?", Q),
    ("不要在循环里 new 对象吗？", Q),
    ("Can you explain why HashMap is never thread-safe?", Q),
    ("What happens if a bean is always created lazily?", Q),
    # --- quoted or reported speech -------------------------------------------------
    ("My colleague says always use tabs.", REP),
    ("我们组长说以后都要写单元测试。", REP),
    ("The docs say never block inside a reactive pipeline.", REP),
    ("听说以后 Spring 都要用构造器注入。", REP),
    ("According to the style guide, always use final for parameters.", REP),
    ("网上说“永远不要用 SELECT *”。", REP),
    ('"Never use field injection" is what our architect keeps repeating.', REP),
    # --- hypothetical ----------------------------------------------------------------
    ("If I said from now on answer in English, would that stick?", Q),
    ("如果我说以后都用英文回答，你会一直记得吗", Q),
    ("Suppose I told you to always use Kotlin examples.", HYP),
    ("假如我让你以后都不用 Lombok。", HYP),
    # --- limited to this once ---------------------------------------------------------
    ("Just this once, answer in Chinese.", ONCE),
    ("这次用英文回答吧。", ONCE),
    ("Please don't explain this one, just give the code.", ONCE),
    ("这个问题先别管性能。", ONCE),
    ("For now, skip the tests.", ONCE),
    ("这里不要用 Stream。", ONCE),
    # --- the user's own habits ------------------------------------------------------------
    ("I always forget the -DskipTests flag.", SELF),
    ("我每次都搞混 @Component 和 @Bean。", SELF),
    ("I never remember the argument order of Collectors.toMap.", SELF),
    ("我总是记不住 Maven 的生命周期。", SELF),
    ("I keep mixing up map and flatMap.", SELF),
    # --- negated away --------------------------------------------------------------------
    ("I'm not saying you should always use streams.", NEG),
    ("不是说以后都要用 Optional。", NEG),
    ("never mind", NEG),
    ("算了，当我没说。", NEG),
    ("No need to remember this, it's a one-time script.", NEG),
    # --- credentials -------------------------------------------------------------------------
    ("Remember my API key: [REDACTED:openai_key]", CRED),
    ("记住我的数据库密码是 [REDACTED:secret_value]", CRED),
    ("Please remember my GitHub token for later.", CRED),
    # --- nothing to remember ------------------------------------------------------------------
    ("谢谢！", NONE),
    ("Thanks, that helps.", NONE),
    ("HashMap is never thread-safe.", NONE),
    ("Spring always creates a proxy for @Transactional beans.", NONE),
    ("构建总是失败。", NONE),
    ("Use Gradle for this one.", ONCE),
    ("The build always takes ten minutes.", NONE),
    ("We have a problem with the order service.", NONE),
    ("我们想把订单服务拆成两个。", NONE),
    ("以后有空再聊 JVM 调优。", ONCE),
    ("The answers are too long.", NONE),
    ("Don't worry about backward compatibility.", NONE),
    ("never", NONE),
    ("我同事总说以后都要写 Javadoc。", REP),
    ("Someone on the team said never to use parallel streams.", REP),
    ("Do I always have to call flush()?", Q),
    ("今天先不讨论性能。", ONCE),
]


@pytest.mark.parametrize(("sentence", "expected"), SENTENCES, ids=[s for s, _ in SENTENCES])
def test_reading(sentence: str, expected: DirectiveKind | NotADirective) -> None:
    reading = read_sentence(sentence, known_names=("mall-order", "payment-service"))
    got = reading.kind if reading.kind is not None else reading.why_not
    assert got == expected


def test_the_table_covers_every_class_in_both_languages() -> None:
    kinds = {expected for _, expected in SENTENCES}
    assert kinds == {*DirectiveKind, *NotADirective}
    for kind in (RULE, CANCEL, FACT, Q, REP, ONCE, SELF, NEG, CRED):
        texts = [s for s, e in SENTENCES if e is kind]
        assert any(any("\u4e00" <= c <= "\u9fff" for c in t) for t in texts), kind
        assert any(t.isascii() for t in texts), kind


# --- generalization: wordings written after the first blind set, not seen by the grammar --
#
# Each class the blind set exposed (a universal scope instead of a time phrase, a
# revision, a colon lead-in, an elaboration, a one-off in disguise, a concessive
# interrogative, a reassurance, a question with a standing word inside…) in wordings
# of our own, both languages. The modules these sentences may name:
KNOWN = (
    "order-service",
    "inventory-service",
    "billing",
    "report",
    "settle-job",
    "notify-service",
    "payment-gateway",
    "mall-order",
    "mall-search",
)
GENERALIZATION: list[tuple[str, DirectiveKind | NotADirective]] = [
    # rules EN
    ("Going forward, please keep code samples under 40 lines.", RULE),
    ("Whenever you write a DTO for me, make it a record.", RULE),
    ("For anything touching money, use BigDecimal.", RULE),
    ("Any SQL you give me should use named parameters.", RULE),
    ("All the examples you write should target Spring Boot 3.", RULE),
    ("Use AssertJ in every test you write for me.", RULE),
    ("Default to the Kotlin DSL for Gradle snippets.", RULE),
    ("I'd prefer you to skip the Lombok annotations from now on.", RULE),
    ("I want every answer to end with a one-line summary.", RULE),
    ("As a rule of thumb, give me the command before the explanation.", RULE),
    ("Please stop using wildcard imports in your examples.", RULE),
    ("No more System.out.println in examples, use a logger.", RULE),
    ("Never suggest field injection again.", RULE),
    ("From now on, treat this project as Java 11.", RULE),
    ("I'd like all answers in English from here on.", RULE),
    ("Could you always include the Maven coordinates when you suggest a library?", RULE),
    ("Prefer constructor injection in all examples.", RULE),
    ("Keep using JUnit 5 for tests.", RULE),
    ("Stick with Java 17 APIs, please.", RULE),
    ("In every answer, put the code first.", RULE),
    ("Make sure any REST endpoint you write validates its input.", RULE),
    ("Every snippet you give me needs its imports.", RULE),
    ("Going forward no Lombok, plain getters and setters.", RULE),
    ("Answers in Chinese from now on, please.", RULE),
    ("Stop explaining the basics of Spring, I know them.", RULE),
    ("I don't want to see field injection in any code you write.", RULE),
    ("Write all log messages in English, always.", RULE),
    # rules ZH
    ("以后给我写的 SQL 一律用大写关键字。", RULE),
    ("往后所有的代码示例都加上必要的 import。", RULE),
    ("每次回答最后都给个一句话总结。", RULE),
    ("以后别再推荐 fastjson 了。", RULE),
    ("你以后回答问题先说结论。", RULE),
    ("回答尽量控制在十行以内。", RULE),
    ("默认按 JDK 11 来写。", RULE),
    ("凡是涉及日期的代码都用 java.time。", RULE),
    ("记得以后写 Controller 都加上参数校验。", RULE),
    ("我希望以后的示例都用 Spring Boot 3。", RULE),
    ("我不喜欢回答里夹杂太多英文术语。", RULE),
    ("我比较讨厌那种一上来就贴一大段代码的回答。", RULE),
    ("别老是给我推荐 MyBatis-Plus 了，我们用的是原生 MyBatis。", RULE),
    ("以后日志都用 SLF4J 占位符，不要字符串拼接。", RULE),
    ("给我写单测的时候，统一用 AssertJ 断言。", RULE),
    ("不管什么时候，都别用 System.out 打印。", RULE),
    ("从现在开始，注释用中文写。", RULE),
    ("每次给 Maven 依赖的时候带上版本号。", RULE),
    ("以后回答用英文吧，我在练英语。", RULE),
    ("接下来的回答都尽量简短。", RULE),
    ("以后 code review 的建议请用 bullet list 列出来。", RULE),
    ("From now on 测试类都用 @DisplayName 写中文描述。", RULE),
    ("你给我的所有示例都要能直接编译。", RULE),
    ("我受不了回答里一堆 emoji，以后别加了。", RULE),
    ("后面的回答里，代码和解释分开写。", RULE),
    ("今后涉及并发的代码，都要说明线程安全性。", RULE),
    ("以后写 Mapper 的时候别用注解 SQL，统一写 XML。", RULE),
    # not rules
    ("以后如果项目升级到 JDK 21，虚拟线程要怎么用？", Q),
    ("Why does Maven always download the same snapshot again?", Q),
    ("每次部署完 Nacos 配置都不生效是为什么", Q),
    ("Is it OK to never close a Redis connection?", Q),
    ("能不能解释一下为什么 Spring 默认是单例？", Q),
    ("Can you explain why Hibernate always issues an extra select?", Q),
    ("Could you tell me what the default port is?", Q),
    ("From now on, what's the best way to manage versions, BOM or properties?", Q),
    ("默认情况下 Tomcat 的最大线程数是多少", Q),
    ("Do you always need @Repository on a JPA interface?", Q),
    ("Our architect insists that every service must expose a health endpoint.", REP),
    ("The Alibaba Java manual says never use Executors to create thread pools.", REP),
    ("技术经理要求以后所有接口都加签名。", REP),
    ("阿里巴巴开发手册里写着永远不要用 Executors 创建线程池。", REP),
    ("有篇文章说以后 Spring 都推荐用构造器注入。", REP),
    ("My lead wants us to always write integration tests first.", REP),
    ("If we ever migrate to Gradle, would you give me Gradle commands?", Q),
    ("假设以后都用 Kotlin 写，编译速度会受影响吗？", Q),
    ("要是我让你以后都别用 Lombok，你会怎么写实体类？", Q),
    ("Suppose every answer had to be in English.", HYP),
    ("假如以后所有接口都要加签名。", HYP),
    ("For this question only, answer in English.", ONCE),
    ("这次就不用写测试了。", ONCE),
    ("先别管异常处理，把主流程写出来。", ONCE),
    ("Skip the explanation this time.", ONCE),
    ("Just give me the code for now.", ONCE),
    ("Don't worry about tests for this one.", ONCE),
    ("这个类先别加注释。", ONCE),
    ("Answer this one in English, my manager will read it.", ONCE),
    ("今天先别讲原理了。", ONCE),
    ("I never know which scope to pick for test dependencies.", SELF),
    ("我每次写 SQL 都会忘记加索引。", SELF),
    ("I always write my commit messages in English.", SELF),
    ("我一直都用 IDEA 写代码。", SELF),
    ("I keep forgetting to close the stream.", SELF),
    ("I'm not asking you to always answer in English.", NEG),
    ("我没让你以后都用英文回答。", NEG),
    ("不是要求你每次都写测试。", NEG),
    ("记一下，测试环境的 Redis 密码是 abc123。", CRED),
    ("Save my API key for next time.", CRED),
    ("好的，明白了，谢谢！", NONE),
    ("Great, that fixed it.", NONE),
    ("哈哈，原来如此。", NONE),
    ("The tests always pass locally.", NONE),
    ("Spring Boot 3 always requires Java 17.", NONE),
    ("Nice, the build is green again.", NONE),
    ("升级做完了。", NONE),
    ("I read the docs yesterday.", NONE),
    # cancels
    ("Forget about the BigDecimal rule.", CANCEL),
    ("You can stop adding the imports now.", CANCEL),
    ("The English-answers thing doesn't apply anymore.", CANCEL),
    ("Never mind the Kotlin DSL rule.", CANCEL),
    ("那条 Lombok 的规则取消吧。", CANCEL),
    ("以后不用再加风险提示了。", CANCEL),
    ("之前说的用英文回答就算了。", CANCEL),
    ("撤销刚才关于 Javadoc 的要求。", CANCEL),
    ("Drop the rule about tabs.", CANCEL),
    ("I no longer need the Maven commands.", CANCEL),
    ("No need for the risk note anymore.", CANCEL),
    ("JDK 8 那个限制不用管了。", CANCEL),
    ("Please forget the note about the staging cluster.", CANCEL),
    ("关于 Seata 的那条记录删掉吧。", CANCEL),
    # facts
    ("order-service talks to inventory-service over gRPC.", FACT),
    ("We're on Spring Boot 2.7 and can't upgrade yet.", FACT),
    ("我们的消息队列用的是 RocketMQ 4.9。", FACT),
    ("生产环境的 MySQL 是 8.0，读写分离。", FACT),
    ("user-center 的缓存过期时间是 30 分钟。", FACT),
    ("Our CI runs on Jenkins, not GitHub Actions.", FACT),
    ("FYI the gateway strips the /api prefix.", FACT),
    ("补充一下，订单表按月分表了。", FACT),
    ("Heads up: payment-callback retries three times.", FACT),
    ("其实 report 模块已经废弃了。", FACT),
    ("mall-admin 现在接的是 Keycloak。", FACT),
    ("不对，缓存用的是 Caffeine，不是 Guava。", FACT),
    ("No, it's Kafka, not RabbitMQ.", FACT),
    ("That's wrong — we use Flyway, not Liquibase.", FACT),
    ("Just so you know, billing-job runs every hour.", FACT),
    ("顺便说一句，我们所有服务都部署在 K8s 上。", FACT),
    ("The whole repo is on Java 21 now.", FACT),
    ("现在整个项目都用 Gradle 构建了。", FACT),
    ("sms-sender 调的是阿里云短信。", FACT),
    ("In anything you write for me, log and rethrow instead.", RULE),
    ("Switch to JUnit 5 for any test you write.", RULE),
    ("I'd rather have shorter answers from now on.", RULE),
    ("接下来的回复都用英文。", RULE),
    ("我改主意了，还是给我 Maven 命令吧。", RULE),
    ("Don't suggest it anymore, plain Java or records.", RULE),
    ("Whenever I ask about SQL, show the execution plan too.", RULE),
    ("Whenever possible, prefer records over Lombok @Value.", RULE),
    ("Please make it a habit to mention thread-safety.", RULE),
    ("You should always cite the Spring docs.", RULE),
    ("Use tabs, not spaces, in every snippet.", RULE),
    ("Keep it brief from now on.", RULE),
    ("以后一律不要用 Lombok。", RULE),
    ("以后别用 var 了，团队不习惯。", RULE),
    ("回答里别带 emoji。", RULE),
    ("代码里不要出现魔法值。", RULE),
    ("请一直用简体中文回答。", RULE),
    ("以后所有新接口都加上 Swagger 注解。", RULE),
    ("From now on, whenever you touch a controller, add validation.", RULE),
    ("Moving forward, no more than one code block per answer.", RULE),
    ("Reply in English for the rest of this chat.", RULE),
    ("Please always use java.time instead of Date.", RULE),
    ("I need you to always check null before calling get().", RULE),
    ("以后的 SQL 都别用 select *。", RULE),
    ("今后一律用 LocalDateTime，别再用 Date 了。", RULE),
    ("能不能以后回答短一点？", RULE),
    ("以后都这样写吧，挺好。", RULE),
    ("I prefer you use Optional only as a return type.", RULE),
    ("Whenever I ask for a test, use Mockito.", RULE),
    ("Whenever I run mvn install, it fails on the enforcer plugin.", NONE),
    ("Every time I restart, the cache is empty.", NONE),
    ("From now on the project uses Gradle.", FACT),
    ("以后我们都用 Gradle 了。", FACT),
    ("Always the same error, no matter what I do.", NONE),
    ("Thanks, I'll always remember this trick.", SELF),
    ("Never thought about it that way.", NONE),
    ("No worries, I'll fix the test myself.", NONE),
    ("Don't you think records are nicer?", Q),
    ("不要紧，我自己改。", NONE),
    ("别提了，昨天又加班到半夜。", NONE),
    ("以后再说吧。", ONCE),
    ("Never use raw types — is that a good rule?", Q),
    ("我们组的规范是所有 DTO 都以 DTO 结尾。", FACT),
    ("公司规定所有接口都要走网关。", FACT),
    ("Our convention is that every DTO ends with Dto.", FACT),
    ("Ignore the earlier thing about Kotlin DSL.", CANCEL),
    ("Let's drop the emoji rule.", CANCEL),
    ("算了，那个风险提示不要了。", CANCEL),
    ("之前让你加的单元测试可以不用了。", CANCEL),
    ("取消 commit message 用英文的要求。", CANCEL),
    ("The settle-job reads from a read replica.", FACT),
    ("We pin all dependency versions in the parent POM.", FACT),
    ("CI 上跑的是 JDK 21。", FACT),
    ("notify-service 不对外暴露，只在内网调用。", FACT),
    ("Honestly I hate Lombok.", RULE),
    ("我讨厌 Lombok。", RULE),
    ("说实话我很反感在代码里看到 System.out。", RULE),
    ("Lombok is banned here.", NONE),
    ("Can you stop adding emojis?", RULE),
    ("Could you not use var in examples?", NONE),
    ("你能不能别每次都贴完整的类？", RULE),
    ("Why do you always paste the whole class?", Q),
    ("为什么你每次都贴完整的类？", Q),
    ("Please don't explain this one.", ONCE),
    ("Skip tests in this answer.", ONCE),
    ("I'll give you the stack trace next time.", ONCE),
    ("下次我把日志贴全。", NONE),
    ("以后有机会再优化吧。", ONCE),
    ("I always have to look this up.", SELF),
    ("我老是记不住这个注解的参数。", SELF),
    ("Remember my ssh key passphrase is hunter2.", CRED),
    ("帮我记住这个 token：ghp_xxx", CRED),
    # --- a third round: mixed languages, polite forms, restatements, asides
    # mixed language
    ("以后 answers 都用 English 吧。", RULE),
    ("From now on 请把 SQL 关键字大写。", RULE),
    ("Please 以后别再贴整个 pom.xml 了。", RULE),
    ("每次 review 的时候 please point out N+1 queries.", RULE),
    ("记住 always 用 UTF-8 编码。", RULE),
    # polite and indirect requests
    ("Would you mind always adding a short summary at the end?", RULE),
    ("It'd be great if you could always mention the Spring Boot version.", RULE),
    ("麻烦以后都把依赖的 groupId 写全。", RULE),
    ("劳驾以后回答别用表格。", RULE),
    ("希望你以后能先给出结论。", RULE),
    ("如果可以的话，以后尽量给出单元测试。", RULE),
    # restatements
    ("As I said, Chinese please.", RULE),
    ("I told you already: no Lombok.", RULE),
    ("我都说过了，别用 fastjson。", RULE),
    ("再说一遍，回答要简短。", RULE),
    # negatives in many forms
    ("Never ever use System.exit in examples.", RULE),
    ("Don't bother with Javadoc in examples.", RULE),
    ("No wildcard imports, please.", RULE),
    ("Avoid streams inside loops in the code you give me.", RULE),
    ("示例里不许出现 System.out。", RULE),
    ("以后不准用 Date，用 LocalDate。", RULE),
    ("别再给我推荐 Swagger 2 了，我们是 springdoc。", RULE),
    # questions and asides that look like rules
    ("Is it bad to always use @Transactional on the service class?", Q),
    ("Why is the default fetch type EAGER for ManyToOne?", Q),
    ("以后的版本里 Spring 还会支持 XML 配置吗？", Q),
    ("每次 mvn clean install 都要十分钟，正常吗？", Q),
    ("What should I never do inside a @Transactional method?", Q),
    ("Could you remind me what the default Tomcat port is?", Q),
    ("你能记住我们上次聊的 Redis 问题吗？", Q),
    ("为什么默认不开启二级缓存？", Q),
    ("Should answers always mention the Java version, do you think?", Q),
    # reported
    ("The team lead said from now on all PRs need two approvals.", REP),
    ("Our CTO keeps saying never use microservices for small apps.", REP),
    ("同事说以后 Controller 都不要写业务逻辑。", REP),
    ("听说 Spring 6 以后默认不再支持 Java 8。", REP),
    ("网上都说永远不要用 float 存金额，对吗？", Q),
    # hypotheticals
    ("Imagine we always deployed on Fridays.", HYP),
    ("What if I asked you to never use Optional?", Q),
    ("万一以后要支持多租户，现在的表结构要改吗？", Q),
    # one-offs
    ("Just for now, skip the tests.", ONCE),
    ("For this PR only, ignore the checkstyle warnings.", ONCE),
    ("Today I only need the SQL, no explanation.", ONCE),
    ("这个接口先别加鉴权，本地调试用。", ONCE),
    ("这一版先不做分页。", ONCE),
    ("Answer in English this time, it's for a colleague.", ONCE),
    # self descriptions
    ("I usually deploy on Fridays.", SELF),
    ("I never use Lombok in my side projects.", SELF),
    ("我平时都用 Postman 测接口。", NONE),
    ("我总是分不清 @Bean 和 @Component。", SELF),
    ("I'm always confused by Gradle configurations.", SELF),
    # negated
    ("That's not a rule, just this case.", NEG),
    ("我不是让你以后都这么写，只是这次。", NEG),
    ("Don't remember this, it's temporary.", NEG),
    ("别记这个，临时的。", NEG),
    # cancels
    ("Stop giving me Maven commands, we're on Gradle now.", RULE),
    ("No need to add tests anymore.", CANCEL),
    ("Forget the JUnit 4 thing, we migrated.", CANCEL),
    ("You don't have to answer in Chinese anymore.", CANCEL),
    ("不用再每次都加风险提示了。", CANCEL),
    ("回答用英文那个要求作废。", CANCEL),
    ("先前关于 Lombok 的规定不算了。", CANCEL),
    ("那条关于 Swagger 的笔记删了吧。", CANCEL),
    ("Please disregard my earlier note about the staging DB.", CANCEL),
    # facts
    ("We prefer constructor injection in this team.", FACT),
    ("Our services talk to each other over Dubbo.", FACT),
    ("Everything runs on Alibaba Cloud ACK.", FACT),
    ("我们的接口统一返回 CommonResult。", FACT),
    ("线上用的是 Redis Cluster，三主三从。", FACT),
    ("payment-gateway 只部署在杭州机房。", FACT),
    ("For the record, billing uses PostgreSQL 15.", FACT),
    ("实际上 order-service 已经拆成了两个服务。", FACT),
    ("Correction: the cron runs at 3am, not 2am.", FACT),
    ("我们的 CI 是 GitLab CI，流水线里会跑 SonarQube。", FACT),
    ("mall-order 和 mall-search 之间是通过 MQ 解耦的。", FACT),
    # --- after the held-out set C was measured once: its classes, in wordings of our own
    ("I'd rather keep my old test style, it's what the team knows.", SELF),
    ("I prefer to write the tests myself.", NONE),
    ("I'd rather you skip the Lombok annotations.", RULE),
    ("Logback in examples from now on.", RULE),
    ("JUnit 5 for all tests going forward.", RULE),
    ("From now on, structure how-to answers as numbered steps.", RULE),
    ("Bring the summary section back from now on.", RULE),
    ("我不喜欢回答里一上来就讲背景，直接说怎么改。", RULE),
    ("以后涉及缓存的回答，先说有没有一致性问题，再给方案。", RULE),
    ("Actually, the bullet lists feel cramped.", NONE),
    ("By the way, I wasn't complaining about your last answer.", ONCE),
    ("Sessions are kept in Redis for 30 minutes.", FACT),
    ("Spring Boot 3 requires Java 17.", NONE),
]


@pytest.mark.parametrize(
    ("sentence", "expected"), GENERALIZATION, ids=[s for s, _ in GENERALIZATION]
)
def test_reading_generalizes(sentence: str, expected: DirectiveKind | NotADirective) -> None:
    reading = read_sentence(sentence, known_names=KNOWN)
    got = reading.kind if reading.kind is not None else reading.why_not
    assert got == expected


# --- clauses, labels --------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "clauses"),
    [
        ("以后回答都用中文，先给结论。", ["以后回答都用中文", "先给结论"]),
        ("Stop suggesting Lombok, we don't use it anymore.", ["Stop suggesting Lombok"]),
        (
            "我真的很不喜欢字段注入，以后示例都用构造器注入。",
            ["我真的很不喜欢字段注入，以后示例都用构造器注入"],
        ),
        (
            "Don't paste whole files, show only the lines that change.",
            ["Don't paste whole files, show only the lines that change"],
        ),
        (
            "Always answer in English, even if I ask in Chinese.",
            ["Always answer in English, even if I ask in Chinese"],
        ),
        ("Always put a TL;DR at the top.", ["Always put a TL;DR at the top"]),
        ("不要在回答里使用 Lombok，我不喜欢。", ["不要在回答里使用 Lombok"]),
    ],
)
def test_rule_clauses(sentence: str, clauses: list[str]) -> None:
    assert [d.clause for d in directives_in(sentence) if d.kind is RULE] == clauses


def test_facts_and_rules_of_one_sentence_are_told_apart() -> None:
    found = directives_in(
        "Actually we're still on JUnit 4 in payment-service, so from now on write tests with "
        "JUnit 4."
    )
    assert [(d.kind, d.clause) for d in found] == [
        (FACT, "Actually we're still on JUnit 4 in payment-service"),
        (RULE, "so from now on write tests with JUnit 4"),
    ]
    found = directives_in("Going forward, format every answer as: summary, details, then code.")
    # One rule with its list: "then code" is an item of it, not a rule of its own.
    assert [d.clause for d in found] == [
        "Going forward, format every answer as: summary, details, then code"
    ]
    found = directives_in("I hate wildcard imports, never use them in examples.")
    assert [d.clause for d in found] == ["I hate wildcard imports, never use them in examples"]


def test_a_sentence_with_a_fact_and_a_cancel_gives_both() -> None:
    found = directives_in("我们已经切到 Gradle 了，不用再给我 Maven 命令了。")
    assert [(d.kind, d.clause) for d in found] == [
        (FACT, "我们已经切到 Gradle 了"),
        (CANCEL, "不用再给我 Maven 命令了"),
    ]


def test_a_question_can_state_a_fact_before_it_asks() -> None:
    found = directives_in("我们用的是 MyBatis-Plus，分页插件怎么配？")
    assert [(d.kind, d.clause) for d in found] == [(FACT, "我们用的是 MyBatis-Plus")]


@pytest.mark.parametrize(
    "question",
    [
        "review 模块处理完 finding 之后，确认流程是怎么走的？",
        "mall-order 调用 mall-search 的时候，超时怎么设置？",
        "如果 Redis 挂了，库存扣减会怎样？",
        "After ReviewController rejects a finding, where does it go?",
        "When the queue is closed, what does next() return?",
    ],
)
def test_the_condition_of_a_question_states_no_fact(question: str) -> None:
    names = ("review", "api", "mall-order", "mall-search")
    assert clauses_of(question, names) == []


@pytest.mark.parametrize(
    ("sentence", "rule"),
    [
        ("以后解释代码时先给调用链，再讲细节。", "以后解释代码时先给调用链，再讲细节"),
        ("以后回答先说结论，接着给出依据。", "以后回答先说结论，接着给出依据"),
        ("以后回答先给结论，然后列出步骤，最后给参考链接。",
         "以后回答先给结论，然后列出步骤，最后给参考链接"),
        ("以后 review 代码时先列问题，然后给修改建议。", "以后 review 代码时先列问题，然后给修改建议"),
        ("From now on, show the call chain first, then the details.",
         "From now on, show the call chain first, then the details"),
    ],
)  # fmt: skip
def test_the_next_step_of_an_instruction_is_the_same_rule(sentence: str, rule: str) -> None:
    assert clauses_of(sentence) == [(RULE, rule)]


@pytest.mark.parametrize(
    "sentence",
    [
        "When you show SQL, always format keywords in uppercase.",
        "Whenever you write a DTO, always use a record.",
        "我不太喜欢你每次都写那么长的总结。",
        "我不怎么喜欢回答里夹带表情。",
        "你以后能不能少用点感叹号",
        "以后能不能少用感叹号？",
        "今后可不可以把 SQL 关键字都大写？",
    ],
)
def test_a_condition_a_softened_dislike_or_a_polite_standing_request_is_a_rule(
    sentence: str,
) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize(
    "sentence",
    [
        "When is the release due?",
        "以后能不能解释一下为什么 Spring 默认是单例？",  # the standing word is inside the ask
        "我不太喜欢这个框架，它怎么这么慢？",
        "能不能少用点内存？",  # no standing phrase: a question about the code
    ],
)
def test_questions_stay_questions(sentence: str) -> None:
    assert read_sentence(sentence).kind is None


def test_a_softened_dislike_is_labelled_as_one() -> None:
    assert rule_label("我不太喜欢你每次都写那么长的总结") == "避免你写那么长的总结"
    assert rule_label("我不是很喜欢 Lombok") == "避免 Lombok"


def test_an_english_verb_before_a_bare_shi_is_the_condition_of_a_rule() -> None:
    assert clauses_of("以后 debug 时先看日志。") == [(RULE, "以后 debug 时先看日志")]
    assert clauses_of("review 代码时先列问题。") == []  # no standing marker
    assert clauses_of("及时回复我。") == []


def test_code_logs_and_secrets_never_become_directives() -> None:
    text = (
        "以后回答都用中文。\n```java\n// from now on always use tabs\nint x = 1;\n```\n"
        "at com.acme.Foo.always(Foo.java:12)\npassword=hunter2 remember it"
    )
    found = directives_in(text)
    assert [d.clause for d in found] == ["以后回答都用中文"]


@pytest.mark.parametrize(
    ("clause", "label"),
    [
        ("以后回答都用中文", "回答用中文"),
        ("回答的时候不要一上来就铺垫", "回答的时候不要一上来就铺垫"),
        ("I really dislike field injection", "avoid field injection"),
        ("Always assume we run everything inside Docker", "assume we run everything inside Docker"),
        ("Always put a TL;DR at the top", "put a TL;DR at the top"),
        ("Stop suggesting Lombok", "Stop suggesting Lombok"),
        ("From now on give me Gradle commands", "give Gradle commands"),
        ("我不喜欢回答里有太多客套话", "避免回答里有太多客套话"),
    ],
)
def test_labels_name_the_subject_and_keep_the_negation(clause: str, label: str) -> None:
    assert rule_label(clause) == label


def test_a_label_is_cut_at_a_word_without_a_dangling_word() -> None:
    label = rule_label("From now on, always show a short code example after the explanation of it")
    assert label == "show a short code example after the explanation"


@pytest.mark.parametrize(
    ("clause", "text"),
    [
        # an announcement before a colon is not part of the note...
        ("给你交代下背景：订单服务用的是 ShardingSphere 分库分表", "订单服务用的是 ShardingSphere 分库分表"),
        ("补充一下：我们的 Redis 是集群模式", "我们的 Redis 是集群模式"),
        ("Quick context: the gateway is Spring Cloud Gateway", "the gateway is Spring Cloud Gateway"),
        ("For the record: mall-order calls mall-search via Feign",
         "mall-order calls mall-search via Feign"),
        # ...but the subject before a colon is
        ("数据库：MySQL 8", "数据库：MySQL 8"),
        ("Java version: 17", "Java version: 17"),
    ],
)  # fmt: skip
def test_a_note_leaves_out_an_announcement_before_a_colon(clause: str, text: str) -> None:
    assert fact_text(clause) == text
    assert fact_label(clause) == text


# --- subjects: supersede, restate, coexist -----------------------------------------------

# (old rule, new rule, relation): "supersede" = same subject, the new one replaces the
# old; "restate" = the same rule again; "coexist" = different subjects.
PAIRS: list[tuple[str, str, str]] = [
    ("以后回答都用中文", "From now on answer in English", "supersede"),
    ("Always give me Maven commands", "From now on use Gradle", "supersede"),
    ("Always use Chinese", "以后 Javadoc 注释用英文写", "coexist"),
    ("Don't explain basic Java syntax", "基础语法不用解释", "restate"),
    ("别贴整个类，只贴改动的方法", "Don't paste whole files", "restate"),
    ("Always give me Maven commands", "From now on give me Gradle commands", "supersede"),
    ("I prefer short answers", "以后回答详细一点", "supersede"),
    ("Always suggest Lombok", "Stop suggesting Lombok", "supersede"),
    ("以后测试示例都用 JUnit 5", "from now on write tests with JUnit 4", "supersede"),
    ("Always assume Java 17", "From now on assume Java 21 features are available", "supersede"),
    ("先给结论再解释", "以后把结论放在最后", "supersede"),
    ("以后回答都用中文", "以后 Javadoc 注释用英文写", "coexist"),
    ("answer in Chinese", "write Javadoc in English", "coexist"),
    ("I prefer short answers", "以后回答用中文", "coexist"),
    ("不要一上来就铺垫", "先给结论", "coexist"),
    ("Commit messages in English", "以后回答用中文", "coexist"),
    ("代码注释用英文", "回答用中文", "coexist"),
    ("Never use Lombok in examples", "Keep examples under 30 lines", "coexist"),
    ("以后回答都用中文", "记住，用中文回答我", "restate"),
    ("Never use Lombok in examples", "示例代码里不要用 Lombok", "restate"),
    ("I really dislike field injection", "prefer constructor injection", "restate"),
    ("用构造器注入", "不要用字段注入", "restate"),
    ("回答的时候不要一上来就铺垫", "In future answers, skip the intro", "restate"),
    ("先给结论", "Put a TL;DR at the top", "restate"),
    ("The user wants all answers in Chinese.", "Answer in Chinese", "restate"),
    # Written after the first blind set: chains, bilingual answers, libraries, layout.
    ("Always answer in English", "以后都用中文回答", "supersede"),
    ("回答用中文", "commit message 用英文", "coexist"),
    ("Give me Maven commands", "我们换 Gradle 了，以后给 Gradle 命令", "supersede"),
    ("Use Lombok @Data in entities", "No more Lombok", "supersede"),
    ("不要用 Lombok", "以后实体类可以用 Lombok 了", "supersede"),
    ("Detailed answers please", "keep it short", "supersede"),
    ("Use constructor injection", "Field injection is fine from now on", "supersede"),
    ("Always include imports", "Skip the imports", "supersede"),
    ("以后示例带单元测试", "以后示例不用带测试了", "supersede"),
    ("SQL keywords uppercase", "SQL 关键字小写就行", "supersede"),
    ("Use tabs", "用空格缩进", "supersede"),
    ("Use Java 8 syntax in examples", "examples can use Java 17 features now", "supersede"),
    ("示例别用 var、record 这些新语法", "以后示例可以放开用 17 的语法了", "coexist"),
    ("Use Log4j2 for logging", "Switch to Logback for logging", "supersede"),
    ("回答用中文", "以后用中英双语回答", "supersede"),
    ("Answer in English", "Answer in both Chinese and English", "supersede"),
    ("用 TestNG 写测试", "测试改用 JUnit 4", "supersede"),
    ("Give numbered steps", "Write it as paragraphs instead", "supersede"),
    ("commit message 用英文", "commit message 还是用中文吧", "supersede"),
    ("Answer in Chinese", "Logs in English", "coexist"),
    ("Gradle commands", "Kotlin DSL for build scripts", "coexist"),
    ("Keep answers concise; bullet points are fine", "用中文回答", "coexist"),
    ("Use AssertJ assertions", "用 Hamcrest 断言", "supersede"),
    ("Use MyBatis XML mappers", "以后用注解写 SQL", "supersede"),
    ("Money in BigDecimal", "Answers in English", "coexist"),
    ("Don't paste whole files", "Show the whole class from now on", "supersede"),
    ("Use Mockito BDD style", "Use JUnit 5", "coexist"),
    ("No emoji in headings", "Emoji are fine again", "supersede"),
    ("Include a risk note at the end", "不用风险提示了", "supersede"),
    ("avoid @Autowired on fields. I can't stand @Autowired on fields.", "用构造器注入", "restate"),
    # A rule that agrees on a shared choice but chooses more is about something else…
    ("Give me Gradle commands", "Write Gradle build scripts in the Kotlin DSL", "coexist"),
    ("以后测试都用 JUnit 5", "以后测试都用 JUnit 5，断言用 AssertJ", "coexist"),
    # …one that says part of an older rule restates it, and a disagreement replaces it.
    ("以后回答用中文，先给结论", "以后回答用中文", "restate"),
    ("Maven commands please", "Write Gradle build scripts in the Kotlin DSL", "supersede"),
]


@pytest.mark.parametrize(("old", "new", "relation"), PAIRS, ids=[f"{a}|{b}" for a, b, _ in PAIRS])
def test_rule_subjects(old: str, new: str, relation: str) -> None:
    a, b = rule_shape(new), rule_shape(old)
    assert same_subject(a, b) is (relation != "coexist")
    assert (same_subject(a, b) and not restating(a, b)) is (relation == "supersede")
    assert restating(a, b) is (relation == "restate")


def test_a_cancel_refers_to_the_item_it_names() -> None:
    assert refers_to(
        "Forget what I said about the compatibility note.",
        "compatibility note. Add a note when an API needs Java 9+.",
    )
    assert refers_to("不用再给我 Maven 命令了。", "给 Maven 命令. 每次都给出完整的 Maven 命令。")
    assert not refers_to("不用再给我 Maven 命令了。", "回答用中文. 以后回答都用中文。")


@pytest.mark.parametrize(
    "text",
    [
        "以后回答用中文",
        "forget what I said about tabs",
        "不对，我们用的是 Gradle",
        "I dislike Lombok",
        "Remember that we use MyBatis",
        "不用再给我 Maven 命令了",
    ],
)
def test_the_trigger_check_sees_every_directive(text: str) -> None:
    assert might_hold_directive(text)


# --- classes of structure the first blind set exposed -----------------------------------


def clauses_of(text: str, known: tuple[str, ...] = ()) -> list[tuple[DirectiveKind, str]]:
    return [(d.kind, d.clause) for d in directives_in(text, known)]


def test_a_one_off_limits_every_unmarked_rule_of_its_sentence() -> None:
    assert directives_in("Just for this one, give me only the snippet, no explanation.") == []
    assert clauses_of("以后回答都用中文，这次先用英文。") == [(RULE, "以后回答都用中文")]


def test_a_lead_in_before_a_colon_is_read_past_only_when_it_says_nothing() -> None:
    assert read_sentence("Change of plan: keep answers concise from here on.").kind is RULE
    assert read_sentence("Quick update: we moved the whole repo to Gradle.").kind is FACT
    # "we dropped X" is a statement itself: the part after the colon is not its subject.
    assert clauses_of("We dropped the Nacos config center: config comes from Apollo.") == [
        (FACT, "We dropped the Nacos config center: config comes from Apollo")
    ]
    # The instruction is the head itself: its list follows the colon.
    assert clauses_of("Going forward, format every answer as: summary, details, code.") == [
        (RULE, "Going forward, format every answer as: summary, details, code")
    ]


def test_an_elaboration_joins_its_rule_and_a_reason_does_not_make_one() -> None:
    assert clauses_of("以后给我的代码示例都带上单元测试，用 JUnit 5。") == [
        (RULE, "以后给我的代码示例都带上单元测试，用 JUnit 5")
    ]
    assert clauses_of("以后帮我写 commit message 用英文，格式就是 feat: xxx 这种。") == [
        (RULE, "以后帮我写 commit message 用英文，格式就是 feat: xxx 这种")
    ]
    assert clauses_of("往后回答我都用中文吧，英文文档我看着太累了。") == [
        (RULE, "往后回答我都用中文吧")
    ]
    # Two instructions stay two rules; a prohibition list stays a list of rules.
    assert [c for _, c in clauses_of("以后回答都用中文，先给结论。")] == [
        "以后回答都用中文",
        "先给结论",
    ]
    assert [c for _, c in clauses_of("From now on: no emojis, no filler.")] == [
        "From now on: no emojis",
        "no filler",
    ]
    # ...unless the prohibitions only list what an instruction excludes.
    assert [c for _, c in clauses_of("From now on, use Java 8 syntax — no var, no records.")] == [
        "From now on, use Java 8 syntax — no var, no records"
    ]


def test_a_topic_before_a_rule_is_part_of_it() -> None:
    assert clauses_of("以后写分布式事务相关的代码，优先考虑本地消息表加 MQ 的方案。") == [
        (RULE, "以后写分布式事务相关的代码，优先考虑本地消息表加 MQ 的方案")
    ]
    assert clauses_of("In anything you write for me, log and rethrow.") == [
        (RULE, "In anything you write for me, log and rethrow")
    ]


def test_one_sentence_states_one_fact_with_its_continuations() -> None:
    known = ("im-gateway", "admin-quartz", "seckill-service")
    assert clauses_of(
        "im-gateway 用 Netty 的 IdleStateHandler 做心跳，读空闲 60 秒就断开。", known
    ) == [(FACT, "im-gateway 用 Netty 的 IdleStateHandler 做心跳，读空闲 60 秒就断开")]
    assert clauses_of("我们生产上是两台机器，admin-quartz 没开集群模式。", known) == [
        (FACT, "我们生产上是两台机器，admin-quartz 没开集群模式")
    ]
    assert clauses_of(
        "shop-auth issues JWTs signed with RS256, and the key is served from /oauth/jwks."
    ) == [(FACT, "shop-auth issues JWTs signed with RS256, and the key is served from /oauth/jwks")]
    # A reason about the user or a request to the assistant does not continue it.
    assert clauses_of("seckill-service 限流用的是 Sentinel，你照着写就行。", known) == [
        (FACT, "seckill-service 限流用的是 Sentinel")
    ]


def test_what_a_fact_says_its_subject_must_do_is_part_of_the_fact() -> None:
    known = ("loan-repay", "loan-account", "mall-order")
    assert clauses_of(
        "记住：loan-repay 绝不能直接调 loan-account，必须走 loan-core 的接口。", known
    ) == [(FACT, "记住：loan-repay 绝不能直接调 loan-account，必须走 loan-core 的接口")]
    # An instruction to the assistant after a fact is still a rule.
    assert clauses_of("我们用的是 MyBatis，不要给我 JPA 的写法。") == [
        (FACT, "我们用的是 MyBatis"),
        (RULE, "不要给我 JPA 的写法"),
    ]


def test_a_relative_clause_and_a_description_belong_to_what_they_follow() -> None:
    assert clauses_of("order-sync consumes the orders topic, which has 6 partitions.") == [
        (FACT, "order-sync consumes the orders topic, which has 6 partitions")
    ]
    # A description of what a cancel was about is no rule of its own.
    assert clauses_of("-Pfast 那个不用再加了，构建现在跑得很快。") == [
        (CANCEL, "-Pfast 那个不用再加了")
    ]


def test_a_cancel_can_be_followed_by_the_new_state_of_things() -> None:
    assert clauses_of("刚才说的 Seata 那条不用记了，下个版本就把 Seata 去掉，改成本地消息表。") == [
        (CANCEL, "刚才说的 Seata 那条不用记了"),
        (FACT, "下个版本就把 Seata 去掉，改成本地消息表"),
    ]
    assert clauses_of("算了，XML 那条忘了吧，老模块的 dubbo 还是 XML 配的。") == [
        (CANCEL, "XML 那条忘了吧"),
        (FACT, "老模块的 dubbo 还是 XML 配的"),
    ]
    # A change of the project counts without a named technology…
    assert clauses_of("夜间同步那条删掉吧，上周改成实时推送了。") == [
        (CANCEL, "夜间同步那条删掉吧"),
        (FACT, "上周改成实时推送了"),
    ]
    # …but the user's reason is none.
    assert clauses_of("单元测试那条先不用了，最近赶工期。") == [(CANCEL, "单元测试那条先不用了")]


def test_a_named_module_states_a_fact_whatever_its_verb() -> None:
    known = ("pay-notify", "im-router")
    for sentence in (
        "shop-auth issues JWTs signed with RS256.",
        "im-router keeps the mapping in Redis with a 5-minute TTL.",
        "mall-admin was moved to Spring Security months ago.",
        "mall-portal 不直接连商品库。",
        "im-router 的映射 TTL 已经改成 10 分钟了。",
        "回调的幂等是靠 pay-notify 里 notify_record 表的唯一索引保证的。",
    ):
        assert read_sentence(sentence, known).kind is FACT, sentence
    # Not a fact: a problem, what the user pastes next, a request about a module.
    assert read_sentence("mall-order 启动报错，调用超时了。", known).kind is None
    assert read_sentence("his-outpatient 挂号接口偶尔报这个：", known).kind is None
    assert read_sentence("Explain how pay-notify talks to im-router.", known).kind is None


def test_an_emoji_ends_a_sentence() -> None:
    found = directives_in("pay-core 迁到 JUnit 5 了 🎉 以后测试都按 Jupiter 写。", ["pay-core"])
    assert [(d.kind, d.clause) for d in found] == [
        (FACT, "pay-core 迁到 JUnit 5 了"),
        (RULE, "以后测试都按 Jupiter 写"),
    ]


@pytest.mark.parametrize(
    ("new", "old", "changes"),
    [
        ("现在整个项目都跑在 JDK 17 上", "我们项目还在 JDK 8 上", True),
        (
            "im-router 的映射 TTL 已经改成 10 分钟了",
            "im-router keeps the mapping with a 5-minute TTL",
            True,
        ),
        ("pay-core 迁到 JUnit 5 了", "pay-core 还没迁到 JUnit 5", True),
        # another module, or the same module without a change of what the note says
        ("mall-search 的超时改成 5 秒了", "mall-order 的超时是 3 秒", False),
        (
            "im-router 现在用 Redis Cluster",
            "im-router keeps the mapping with a 5-minute TTL",
            False,
        ),
        ("我们还在用 JDK 17", "我们项目在 JDK 17 上", False),
    ],
)
def test_a_fact_changes_the_note_that_held_the_old_value(new: str, old: str, changes: bool) -> None:
    assert states_change_of(new, old) is changes


# --- a task on a specific thing is no rule -------------------------------------------------
#
# An imperative that edits one thing of the code is work for now; only a standing marker
# or a preference of its own makes it a rule ("from now on", "always", "by default",
# "以后", "每次", "默认", "别再", "I prefer", "我希望"…). An obligation ("make sure to",
# "记得", "不要") does not: it also asks for one-off work.
TASK_NAMES = ("mall-demo", "mall-order", "api", "order-service")
TASKS: list[tuple[str, DirectiveKind | NotADirective]] = [
    # one-off tasks
    ("Remove the unused imports in the api module.", ONCE),
    ("Delete the mall-demo module.", ONCE),
    ("Drop the logging changes from the patch.", ONCE),
    ("Make sure to add a TTL to this cache.", ONCE),
    ("Don't touch the logging changes in the patch.", ONCE),
    ("Please rename OrderDto to OrderView.", ONCE),
    ("Also bump the timeout in the feign config to 5 seconds.", ONCE),
    ("Don't change the public API of order-service.", ONCE),
    ("把 mall-demo 模块删掉。", ONCE),
    ("给这个缓存加个过期时间。", ONCE),
    ("记得把 OrderMapper 里那个没用的方法删了。", ONCE),
    ("不要动 mall-order 模块的 pom。", ONCE),
    ("顺便把日志级别调成 debug 吧。", ONCE),
    ("别忘了给 user 表加个索引。", ONCE),
    ("mall-demo 模块删掉吧，没人用了。", ONCE),
    ("Remember to add the migration script for this table.", ONCE),
    ("Just delete OrderServiceImpl.", ONCE),
    ("帮我把 application.yml 里的超时时间改成 5 秒。", ONCE),
    # the same edits with a standing marker or a preference are rules
    ("From now on, remove unused imports in any code you give me.", RULE),
    ("Always add a TTL when you write a cache.", RULE),
    ("Never touch the generated mappers.", RULE),
    ("Don't add Lombok to any class you write for me.", RULE),
    ("By default, add a TTL to every Redis key you suggest.", RULE),
    ("以后给缓存都加个过期时间。", RULE),
    ("每次改完代码都把没用的 import 删掉。", RULE),
    ("默认给新表加上 create_time 字段。", RULE),
    ("我希望你以后改代码时别动 pom 文件。", RULE),
    ("别再把 mall-demo 模块加回来了。", RULE),
    ("Going forward, delete unused imports.", RULE),
    ("Remember to add a migration script whenever you change an entity.", RULE),
    # what the team did is a fact; a prohibition that edits nothing stays a rule
    ("我们把 mall-demo 模块删掉了。", FACT),
    ("We deleted the mall-demo module last month.", FACT),
    ("Don't use this library.", RULE),
    # a cancel of something said before is still a cancel
    ("夜间同步那条删掉吧。", CANCEL),
    ("把刚才那条规则删掉。", CANCEL),
]


@pytest.mark.parametrize(("sentence", "expected"), TASKS, ids=[s for s, _ in TASKS])
def test_a_task_on_a_specific_thing_is_no_rule(
    sentence: str, expected: DirectiveKind | NotADirective
) -> None:
    reading = read_sentence(sentence, known_names=TASK_NAMES)
    got = reading.kind if reading.kind is not None else reading.why_not
    assert got == expected


def test_a_task_beside_a_rule_does_not_share_its_standing_marker() -> None:
    assert clauses_of("以后回答用中文，把 mall-demo 模块删掉。", TASK_NAMES) == [
        (RULE, "以后回答用中文")
    ]
    assert clauses_of(
        "From now on answer in Chinese, and remove the unused imports in the api module.",
        TASK_NAMES,
    ) == [(RULE, "From now on answer in Chinese")]
    assert clauses_of(
        "Remove the unused imports in the api module, and always keep imports sorted.",
        TASK_NAMES,
    ) == [(RULE, "and always keep imports sorted")]
    assert clauses_of("我希望回答短一点，另外把那个 mall-order 的 bug 修一下。", TASK_NAMES) == [
        (RULE, "我希望回答短一点")
    ]
    assert clauses_of("Always answer in Chinese, and fix the typo in the README.") == [
        (RULE, "Always answer in Chinese")
    ]
    assert clauses_of("记得给这个缓存加个过期时间。") == []
    assert clauses_of("修一下 OrderService 的空指针，以后别再写这种代码。") == [
        (RULE, "以后别再写这种代码")
    ]
    # An edit verb before 的 describes what to show, it is no task.
    assert clauses_of("以后别再把整个类贴出来，给改动的方法就行。") == [
        (RULE, "以后别再把整个类贴出来，给改动的方法就行")
    ]


def test_a_credential_in_a_question_states_no_fact() -> None:
    # Redacted or not, a credential never becomes a note.
    assert (
        clauses_of(
            "Our Redis is at redis://[REDACTED:url_credentials]10.2.3.4:6379, can you write "
            "the Lettuce config for it?",
            ("seckill-service",),
        )
        == []
    )
    assert clauses_of("Our Redis is at redis://:Sk1ll-pass@10.2.3.4:6379, can you help?") == []
    assert read_sentence("订单库是 jdbc:mysql://root:Rootpw1@db:3306/order。").why_not is CRED
    assert clauses_of("Our Redis is at 10.2.3.4:6379, can you write the Lettuce config?") == [
        (FACT, "Our Redis is at 10.2.3.4:6379")
    ]


# --- blind D, notes: classes of missed facts (wordings of our own) ---------------------


def test_a_correction_may_open_with_an_interjection_and_an_admission() -> None:
    """ "哦不对，我记错了，…" / "Oh no, my bad, …": the admission is part of the lead-in."""
    assert clauses_of("哦不对，我记错了，结算那块没用 RocketMQ，是靠数据库轮询做的。") == [
        (FACT, "哦不对，我记错了，结算那块没用 RocketMQ，是靠数据库轮询做的")
    ]
    assert clauses_of("Oh no, my bad, the export path never used Kafka, it polls the table.") == [
        (FACT, "Oh no, my bad, the export path never used Kafka, it polls the table")
    ]


def test_a_withdrawn_statement_followed_by_the_new_value_is_a_fact() -> None:
    assert clauses_of("刚才说每周一发版那个不对了，上个季度已经改到周四了。") == [
        (FACT, "刚才说每周一发版那个不对了，上个季度已经改到周四了")
    ]
    assert clauses_of("I was wrong about the 5 replicas, the chart now deploys 8 replicas.") == [
        (FACT, "I was wrong about the 5 replicas, the chart now deploys 8 replicas")
    ]


def test_a_named_module_that_is_a_named_technology_states_a_fact() -> None:
    known = ("shop-edge",)
    assert read_sentence("shop-edge 是 Kong，不走 Nginx。", known).kind is FACT
    assert read_sentence("shop-edge 用 Envoy。", known).kind is FACT
    # the user about themselves is none
    assert read_sentence("shop-edge 我不熟。", known).kind is None


def test_a_change_of_a_technology_or_one_made_at_a_time_is_a_fact() -> None:
    for sentence in (
        "上个月我们把整个仓库升级到 Kotlin 1.9 了。",
        "Last week we moved every service to Java 21.",
        "Maven 升级了，现在是 3.9.6。",
        "Hibernate 也上了 6.4。",
        "Jackson was bumped to 2.17 across the repo.",
    ):
        assert read_sentence(sentence).kind is FACT, sentence
    for sentence in (
        "Maven 升级了吗？",  # a question
        "Hibernate 升级到 6 之后启动报错。",  # a problem
        "it was upgraded yesterday.",  # a pronoun says nothing of its own
    ):
        assert read_sentence(sentence).kind is None, sentence


def test_words_inside_a_module_name_are_not_the_sentence_s_words() -> None:
    """ "order-plan" states no plan, "claims-api" reports no one's claim, "pay-error-log"
    is no error."""
    known = ("order-plan", "claims-api", "pay-error-log")
    assert read_sentence("order-plan only computes tomorrow's picking waves.", known).kind is FACT
    assert read_sentence("We're on Flowable 6.8, embedded in claims-api.", known).kind is FACT
    assert read_sentence("pay-error-log 把日志写到 ClickHouse。", known).kind is FACT
    assert read_sentence("mall-core 只跑第二天的补货计划。", ("mall-core",)).kind is FACT
    # a wish is still a wish
    assert read_sentence("我们计划把 order-plan 拆成两个服务。", known).kind is None


def test_a_background_head_before_a_colon_is_read_past() -> None:
    known = ("wms-stock", "wms-pick")
    assert clauses_of("先说下背景：wms-stock 管实时库存，wms-pick 只管拣货。", known) == [
        (FACT, "先说下背景：wms-stock 管实时库存，wms-pick 只管拣货")
    ]


def test_a_clause_after_a_semicolon_goes_on_stating_the_fact() -> None:
    known = ("pay-bank", "wms-gate", "wms-yard")
    [fact] = directives_in(
        "pay-bank is the only service that talks to the acquirer; it runs in its own VPC.", known
    )
    assert (fact.kind, fact.clause) == (
        FACT,
        "pay-bank is the only service that talks to the acquirer; it runs in its own VPC.",
    )
    [fact] = directives_in("wms-gate 通过 gRPC 调 wms-yard 分配车位；超时是 500ms。", known)
    assert fact.kind is FACT and "500ms" in fact.clause
    # After a full stop, or when the next clause is about the user, it does not.
    found = directives_in("pay-bank talks to the acquirer. It is slow today.", known)
    assert [d.clause for d in found] == ["pay-bank talks to the acquirer"]
    found = directives_in("pay-bank talks to the acquirer; I wrote most of it.", known)
    assert [d.clause for d in found] == ["pay-bank talks to the acquirer"]


def test_a_setting_of_a_part_of_the_code_or_what_the_repo_lacks_is_a_fact() -> None:
    for sentence in (
        "HikariPool is set to 40 connections in production.",
        "RetryTemplate 的重试次数配的是 3 次。",
        "There's no Kafka anywhere in this repo.",
        "There are only two Gradle subprojects in the codebase.",
    ):
        assert read_sentence(sentence).kind is FACT, sentence
    for sentence in (
        "Is HikariPool set to 40?",
        "There's no way to test this in this repo.",
        "Is there no Kafka in this repo?",
    ):
        assert read_sentence(sentence).kind is None, sentence


def test_a_statement_after_a_condition_naming_a_module_is_a_fact_about_it() -> None:
    known = ("hr-salary", "hr-core")
    assert clauses_of("hr-salary 算社保的时候，缴费基数是存在 t_base 表里的。", known) == [
        (FACT, "hr-salary 算社保的时候，缴费基数是存在 t_base 表里的")
    ]
    assert clauses_of(
        "When hr-salary closes a month, its totals are written to t_month_total.", known
    ) == [(FACT, "When hr-salary closes a month, its totals are written to t_month_total")]
    # A request or a problem after the condition is no fact.
    for sentence in (
        "hr-salary 算社保的时候，帮忙看下这段代码。",
        "hr-salary 算社保的时候，你帮我用 Redis 改写一下。",
        "hr-salary 算社保的时候，老是超时。",
        "When hr-salary closes a month, please explain the flow.",
    ):
        assert clauses_of(sentence, known) == [], sentence


def test_an_experience_given_as_the_reason_for_a_rule_is_no_fact() -> None:
    assert clauses_of("以后 JSON 序列化都用 Jackson，我们踩过 Fastjson 的坑。") == [
        (RULE, "以后 JSON 序列化都用 Jackson")
    ]
    assert clauses_of("Never load a whole table in examples, we were bitten by OOMs before.") == [
        (RULE, "Never load a whole table in examples")
    ]
    # An experience with the state it led to, on its own, is still a fact.
    assert clauses_of("我们踩过 Fastjson 的坑，现在统一用 Jackson。") == [
        (FACT, "我们踩过 Fastjson 的坑，现在统一用 Jackson")
    ]


def test_remember_to_do_something_is_a_rule_or_nothing_never_a_fact() -> None:
    assert clauses_of("每次写定时任务的时候，记得加上分布式锁。") == [
        (RULE, "每次写定时任务的时候，记得加上分布式锁")
    ]
    assert clauses_of("记得加上日志。") == []
    # "记得" before a statement still introduces a fact.
    assert clauses_of("记得我们用的是 Redis 7。") == [(FACT, "记得我们用的是 Redis 7")]


# --- blind D, rules: classes of missed and false rules (wordings of our own) ------------


@pytest.mark.parametrize(
    "sentence",
    [
        # chat spellings of standing words and verbs
        "from now on gimme the maven wrapper commands, not plain mvn",
        "whenver you write a controller, add the validation annotations pls",
        "frm now on pls answer in english",
        # a polite question with a standing scope is a request
        "Could you please, whenever you write a repository, add the @Repository annotation?",
        "Would you please, any time you show a DTO, use a Java record?",
        "另外能不能别每次都把完整的 pom 贴出来？",
        "还有，能不能别每次都在结尾加一段总结？",
        # a condition with 每次…的时候, then the instruction (记得 / 顺手 …)
        "每次写 Feign 客户端的时候，记得加上超时配置。",
        "每次给我写 Mapper 的时候，顺手把 resultMap 也写上。",
        "以后写定时任务的时候，记得加上分布式锁，不然会重复跑。",
        # 什么的 after a list means "and so on"; an embedded "是哪个" after 问我/确认
        "以后示例里手机号、邮箱什么的都用假的。",
        "以后凡是聊消息队列，都先确认是哪个集群，不要默认是 Kafka。",
        "以后凡是涉及缓存，都先问我用的是哪个 Redis 集群。",
    ],
)
def test_rules_in_wordings_blind_d_exposed(sentence: str) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize(
    "sentence",
    [
        # a statement that something is absent is no prohibition
        "report-export runs on its own worker pool, no Kafka involved.",
        "The admin module is a plain servlet app, no Redis needed.",
    ],
)
def test_no_x_involved_is_no_rule(sentence: str) -> None:
    assert not any(d.kind is RULE for d in directives_in(sentence))


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        # 凡是…，都…: the scope and its instruction are one rule; 别默认 X is its other half
        (
            "以后凡是讲消息幂等，都先问我是哪个消费组，别默认 RocketMQ。",
            ["以后凡是讲消息幂等，都先问我是哪个消费组，别默认 RocketMQ"],
        ),
        # what the user will do with the answers is no rule
        ("以后回答我要拿去发给客户，所以别用缩写。", ["所以别用缩写"]),
        ("还是别用表情了，以后回答我要贴进周报里。", ["还是别用表情了"]),
        # a prohibition, then "only …就行" in the next sentence: one rule
        (
            "以后别给我贴完整的类了。只给改动的方法就好。",
            ["以后别给我贴完整的类了；只给改动的方法就好"],
        ),
        (
            "Please stop pasting the whole pom every time. Just the dependency block is fine.",
            ["Please stop pasting the whole pom every time; Just the dependency block is fine"],
        ),
        # …but not after a positive rule on another subject
        ("以后回答用中文。只要结论就行。", ["以后回答用中文"]),
    ],
)
def test_the_parts_of_one_rule(text: str, clauses: list[str]) -> None:
    assert [d.clause for d in directives_in(text) if d.kind is RULE] == clauses


@pytest.mark.parametrize(
    "sentence",
    [
        "这个类是干什么的",
        "你确认一下是哪个版本？",
        "为什么每次都报错？",
    ],
)
def test_questions_are_read_as_questions(sentence: str) -> None:
    assert read_sentence(sentence).why_not is NotADirective.QUESTION


def test_a_fact_after_remember_stays_a_fact() -> None:
    assert read_sentence("记住：网关会把 /api 前缀去掉。").kind is FACT


@pytest.mark.parametrize(
    "sentence",
    [
        # a part with a norm of its own (…都用…) is no topic, even when a reason follows
        "每次举例涉及用户信息的时候，手机号什么的都用假号码，我要截图发群里。",
        "以后写订单相关的示例，金额字段都用 BigDecimal 的写法，我们财务很敏感。",
        # a condition over a kind of the assistant's work
        "When you answer about Kafka consumers, please use the new KafkaConsumer API.",
        "When you write about caching, please mention the eviction policy.",
        # 算了 before a new standing instruction revises, it does not retract
        "算了，以后还是给我 Maven 命令吧。",
        "算了，中文看着也累，往后还是用英文回答。",
    ],
)
def test_rules_with_a_condition_or_a_revision(sentence: str) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize(
    ("sentence", "why_not"),
    [
        ("When you answer about this error, please use English.", NotADirective.ONE_OFF),
        ("算了，以后再说吧。", NotADirective.NEGATED),
        ("算了，不问了。", NotADirective.NEGATED),
    ],
)
def test_a_condition_on_this_once_or_a_bare_retraction_is_no_rule(
    sentence: str, why_not: NotADirective
) -> None:
    assert read_sentence(sentence).why_not is why_not


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        ("算了，往后还是用英文回答，注释照旧中文。", ["往后还是用英文回答", "注释照旧中文"]),
        (
            "Change of plan: from now on answer in Chinese, commit messages in English as before.",
            [
                "Change of plan: from now on answer in Chinese",
                "commit messages in English as before",
            ],
        ),
    ],
)
def test_a_rule_kept_as_before_is_no_part_of_the_new_one(text: str, clauses: list[str]) -> None:
    assert [d.clause for d in directives_in(text) if d.kind is RULE] == clauses


@pytest.mark.parametrize(
    "sentence",
    [
        "单测那条以后不用加了，太占篇幅。",
        "时序图那个以后不必画了。",
        "Update: drop the no-Lombok rule, we allow it again.",
        "Quick update: scrap the rule about Javadoc on getters.",
    ],
)
def test_cancels_blind_d_exposed(sentence: str) -> None:
    assert read_sentence(sentence).kind is DirectiveKind.CANCEL


@pytest.mark.parametrize(
    ("text", "count"),
    [
        (
            "Two things for this whole repo: always show the imports, and don't use Optional "
            "fields, the team dislikes them.",
            2,
        ),
        ("A couple of things for every answer here: add Javadoc, and never use Lombok.", 2),
    ],
)
def test_an_announced_list_holds_rules_of_their_own(text: str, count: int) -> None:
    assert len([d for d in directives_in(text) if d.kind is RULE]) == count


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "以后示例都按 Java 8 写，别用 Optional 和 stream 以外的新东西。",
            "往后示例可以用文本块和 switch 表达式了。",
        ),
        (
            "Keep every example on Java 8 syntax, please.",
            "From now on examples may use text blocks and sealed classes.",
        ),
    ],
)
def test_a_permission_naming_new_java_features_replaces_a_java_8_rule(old: str, new: str) -> None:
    assert conflicting(rule_shape(new), rule_shape(old))


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        # under one condition, the instruction and the prohibition of the old way are one rule
        (
            "以后写 HTTP 客户端的时候，统一用 WebClient，不要再出现 RestTemplate 了。",
            ["以后写 HTTP 客户端的时候，统一用 WebClient，不要再出现 RestTemplate 了"],
        ),
        (
            "When you show Kafka code, use the new consumer API, and never use the old "
            "ZooKeeper-based one anymore.",
            [
                "When you show Kafka code, use the new consumer API, and never use the old "
                "ZooKeeper-based one anymore"
            ],
        ),
        # …but two rules without a condition stay two
        ("以后回答用中文，不要再加 emoji 了。", ["以后回答用中文", "不要再加 emoji 了"]),
        # a dislike and an instruction in two sentences are read one sentence at a time
        (
            "I hate long answers. Always answer in Chinese.",
            ["I hate long answers", "Always answer in Chinese"],
        ),
        # a rule said again in several parts is one rule
        ("再重复一遍：先给结论，别铺垫。", ["再重复一遍：先给结论，别铺垫"]),
        ("重复一下：注释用英文，别写拼音。", ["重复一下：注释用英文，别写拼音"]),
    ],
)
def test_one_rule_or_two(text: str, clauses: list[str]) -> None:
    assert [d.clause for d in directives_in(text) if d.kind is RULE] == clauses


@pytest.mark.parametrize(
    "sentence",
    [
        # an object-fronted prohibition addressed to the assistant; a revision after thinking
        "想通了，MyBatis-Plus 还是别给我推荐了。",
        "Lombok 就别再给我推荐了。",
        "考虑清楚了，Kafka Streams 还是别给我推荐了，太重。",
    ],
)
def test_a_fronted_prohibition_is_a_rule(sentence: str) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize("sentence", ["那个 3.x 已经删了。", "这个参数早就删了。"])
def test_what_was_removed_is_no_cancel(sentence: str) -> None:
    assert read_sentence(sentence).kind is not DirectiveKind.CANCEL


# --- blind E, rules: classes of missed and false rules (wordings of our own) ------------


@pytest.mark.parametrize(
    "sentence",
    [
        # one slipped letter in a standing word
        "pls allways put the DTOs in the api package",
        "alwyas give me the curl command next to the endpoint",
        "whenevr you write a listener, log the message key",
        # a one-off word negated widens the scope
        "And generally, not just today, answer in English.",
        "Not only this time: keep the examples runnable.",
        "不只是这次，示例都用 JUnit 5 写。",
        # a greeting before a polite request with a standing scope
        "您好，能不能以后给我写 SQL 的时候，关键字都写成大写",
        "Hi, could you always add the imports to the snippets?",
        # "please" before a condition over a kind of work; a plural dropped
        "Please when you show me query, format it on several lines.",
        "Also when you write test, use the given/when/then layout.",
        # after a condition, an instruction with its object first
        "每次给我写 Redis 缓存的时候，过期时间都设成 10 分钟。",
        "以后写 Feign 接口的时候，重试别再打开了。",
    ],
)
def test_rules_in_wordings_blind_e_exposed(sentence: str) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize(
    "sentence",
    [
        # 默认是 states what the default is: no "by default"
        "缓存的淘汰策略默认是 LRU",
        "网关的超时默认是 30 秒。",
        # a one-off word stays a one-off without the negation
        "Just for today, skip the tests in the examples.",
        "这次先只给代码，不用解释。",
        # a fronted statement of what was done is no instruction
        "每次发版的时候，order-api 也打开了灰度。",
        # a slip that is another word changes nothing
        "I was a member of the platform team.",
    ],
)
def test_no_rule_in_look_alikes(sentence: str) -> None:
    assert read_sentence(sentence).kind is not RULE


def test_a_fronted_addition_under_one_condition_is_the_same_rule() -> None:
    rules = [
        d.clause
        for d in directives_in(
            "每次给我写线程池的时候，核心线程数都设成 CPU 核数，拒绝策略也配上。"
        )
        if d.kind is RULE
    ]
    assert len(rules) == 1 and "拒绝策略" in rules[0]


def test_where_to_put_it_is_no_condition_of_the_next_part() -> None:
    rules = [
        d.clause
        for d in directives_in(
            "以后写 Mapper 的时候，动态 SQL 别再拼字符串了，直接写在 XML 里，好维护。"
        )
        if d.kind is RULE
    ]
    assert len(rules) == 1 and "XML" in rules[0]


def test_a_named_way_and_the_old_way_no_longer_are_one_rule() -> None:
    rules = [
        d.clause
        for d in directives_in(
            "以后写异步代码统一用 CompletableFuture 的写法，别再给我写 Callback 了。"
        )
        if d.kind is RULE
    ]
    assert len(rules) == 1 and "Callback" in rules[0]


def test_future_is_a_content_word_and_in_the_future_is_none() -> None:
    assert "future" in rule_shape("以后一律用 Future 组合").terms
    assert "future" not in rule_shape("In the future, answer in English.").terms


def test_revision_words_carry_no_subject() -> None:
    assert rule_shape("想了想还是按 Future 来吧").terms == rule_shape("按 Future 来").terms


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        # voice input: no punctuation, its pauses written as spaces between Chinese words
        (
            "帮我看下这个接口是怎么鉴权的 另外以后回答都用中文",
            ["帮我看下这个接口是怎么鉴权的", "另外以后回答都用中文"],
        ),
        # with punctuation a space only sets a term apart
        (
            "库存按 仓库+批次 两个维度记，表叫 stock。",
            ["库存按 仓库+批次 两个维度记，表叫 stock。"],
        ),
        # a space between Chinese and Latin words is no pause
        ("我们用 redis 做缓存", ["我们用 redis 做缓存"]),
    ],
)
def test_voice_pauses_end_sentences_only_in_unpunctuated_text(
    text: str, sentences: list[str]
) -> None:
    assert split_sentences(text) == sentences


def test_a_rule_after_a_question_in_voice_input() -> None:
    found = directives_in("这个定时任务是怎么触发的 对了以后代码注释都写英文 谢谢")
    assert [d.kind for d in found] == [RULE]
    assert "注释" in found[0].clause


@pytest.mark.parametrize(
    "sentence",
    [
        # the artifact with its choice, then the time, no verb
        "So Maven commands from now on.",
        "Chinese comments going forward",
        # a limit on length moved to a new number revises a standing limit
        "100 字太短了，放宽到 300 字吧",
        "150 words is too tight, bump it to 300 words.",
    ],
)
def test_verbless_and_revised_rules(sentence: str) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize(
    "sentence",
    [
        "The tests from now on run on CI.",
        "Bump the timeout to 300 seconds.",
        "我们把线程池改成 300 了",
    ],
)
def test_statements_and_tasks_near_those_rules(sentence: str) -> None:
    assert read_sentence(sentence).kind is not RULE


def test_a_new_word_limit_replaces_the_old_and_the_word_limit_names_both() -> None:
    old, new = rule_shape("以后回答控制在 150 字以内"), rule_shape("放宽到 400 字吧")
    assert conflicting(new, old)
    assert not conflicting(rule_shape("answers under 150 words please"), old)
    assert refers_to("forget the word limit", "以后回答控制在 150 字以内")
    assert refers_to("字数那条不用管了", "keep answers under 200 words")


def test_a_cancel_names_a_rule_by_a_word_of_its_compound() -> None:
    assert refers_to("scratch the reactive thing", "Assume reactive-stack answers.")
    assert refers_to("取消 native 那条", "以后的方案都要兼容 native-image")
    assert not refers_to("scratch the native thing", "Use the reactor pattern.")


@pytest.mark.parametrize(
    "sentence",
    [
        "For test method names I prefer snake_case, like should_save_when_valid.",
        "For the DTO classes I'd like Java records.",
        # a rule on a thing, named and changed
        "Javadoc 那个还是改成英文吧",
        "注释那条就改成中文吧",
    ],
)
def test_more_rules_blind_e_exposed(sentence: str) -> None:
    assert read_sentence(sentence).kind is RULE


@pytest.mark.parametrize(
    "sentence",
    ["In my spare time I like hiking.", "For this class I want to know why it fails."],
)
def test_a_topic_then_a_wish_about_no_artifact_is_no_rule(sentence: str) -> None:
    assert read_sentence(sentence).kind is not RULE


def test_naming_styles_and_transaction_modes_are_choices() -> None:
    assert conflicting(rule_shape("测试方法名以后用驼峰"), rule_shape("test names in snake_case"))
    assert conflicting(
        rule_shape("以后给我 Saga 的方案"), rule_shape("默认按 Seata TCC 给我，别给 AT 模式")
    )
    assert not conflicting(rule_shape("以后给我 TCC 的方案"), rule_shape("别给 AT 模式"))


@pytest.mark.parametrize(
    "text",
    [
        "English comments.",
        "Forget the Chinese comments rule. English is hard for the new hires.",
        "Thanks for the answer. English comments.",
    ],
)
def test_a_bare_choice_without_a_cancel_before_it_is_no_rule(text: str) -> None:
    assert [d for d in directives_in(text) if d.kind is RULE] == []


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (
            "以后 commit message 用英文写，按 conventional commits 的格式，feat: 那种",
            "conventional",
        ),
        (
            "From now on write commit messages in English, commit messages should follow "
            "the Conventional Commits format.",
            "Conventional",
        ),
    ],
)
def test_how_to_do_the_same_thing_is_the_same_rule(text: str, kept: str) -> None:
    rules = [d.clause for d in directives_in(text) if d.kind is RULE]
    assert len(rules) == 1 and kept in rules[0]


def test_a_complaint_beside_a_rule_is_its_reason() -> None:
    rules = [
        d.clause
        for d in directives_in("XA 模式每个库都要配代理太麻烦了，以后给我 TCC 的方案。")
        if d.kind is RULE
    ]
    assert rules == ["以后给我 TCC 的方案"]


@pytest.mark.parametrize(
    "text",
    [
        "我们这边 HTTP 接口的超时统一是 5 秒，对账相关的任务一律不允许并发跑。",
        "咱们 MQ 都是 RocketMQ，支付相关的消息一律必须走事务消息。",
    ],
)
def test_a_norm_of_the_system_after_a_fact_is_no_rule(text: str) -> None:
    assert [d.kind for d in directives_in(text)] == [FACT]


def test_a_norm_addressed_to_the_assistant_after_a_fact_stays_a_rule() -> None:
    found = directives_in("我们的网关超时是 5 秒，以后写 Feign 调用的时候一律不允许重试。")
    assert [d.kind for d in found] == [FACT, RULE]


@pytest.mark.parametrize(
    ("general", "exception"),
    [
        (
            "以后写接口返回值统一包一层 Result。",
            "order-app-api 的接口返回统一用 AppResult，不套 Result。",
        ),
        ("Log messages in English.", "for billing-batch, log messages in Chinese."),
    ],
)
def test_a_rule_for_one_module_is_an_exception_not_a_replacement(
    general: str, exception: str
) -> None:
    new, old = rule_shape(exception), rule_shape(general)
    assert not conflicting(new, old)
    assert not restating(new, old)


def test_the_same_rule_for_every_module_still_replaces() -> None:
    assert conflicting(
        rule_shape("Log messages in Chinese."), rule_shape("Log messages in English.")
    )
    same_module = rule_shape("for billing-batch, log messages in English.")
    assert conflicting(rule_shape("for billing-batch, log messages in Chinese."), same_module)


# --- blind E, notes: a correction that names its topic first ---------------------------------


def kinds(text: str, names: tuple[str, ...] = ()) -> list[tuple[DirectiveKind, str]]:
    return [(d.kind, d.clause) for d in directives_in(text, names)]


@pytest.mark.parametrize(
    ("clause", "text"),
    [
        ("哦对了，重试次数那个我说错了，是 5 次不是 2 次", "重试次数是 5 次不是 2 次"),
        ("窗口大小那个说错了，是 64", "窗口大小是 64"),
        ("不对，是 Spring Security", "是 Spring Security"),  # no topic: unchanged
    ],
)
def test_the_new_value_of_a_topic_first_correction_keeps_its_topic(clause: str, text: str) -> None:
    assert fact_text(clause) == text


@pytest.mark.parametrize(
    "text",
    [
        "登录那个我说错了。",  # an admission alone states nothing
        "那个类我改了一下，你再看看？",  # a question about the user's own change
        "Update: I'm still looking into it.",
        "oops, wrong file",
    ],
)
def test_an_admission_or_an_update_with_no_fact_is_no_note(text: str) -> None:
    assert [k for k, _ in kinds(text)] == []


# --- blind E, notes: dictated Chinese: spaces part the clauses -------------------------------


def test_a_dictated_question_then_facts_then_a_rule_are_read_apart() -> None:
    said = (
        "帮我看下库存扣减是怎么防超卖的 我们这边是用 lua 脚本在 redis 里扣 "
        "脚本放在 stock-core 里面 另外以后你给我写代码的时候日志都打英文"
    )
    found = kinds(said, ("stock-core",))
    assert [k for k, _ in found] == [FACT, RULE]
    assert "lua" in found[0][1] and "stock-core" in found[0][1]
    assert "日志都打英文" in found[1][1]


def test_a_dictated_fact_goes_on_for_several_clauses() -> None:
    said = "我跟你说一下我们 msg-store 是自己实现的索引文件 每个文件 512M 用 mmap 读 刷盘默认异步"
    [(kind, clause)] = kinds(said, ("msg-store",))
    assert kind is FACT
    for piece in ("msg-store", "512M", "mmap", "刷盘默认异步"):
        assert piece in clause
    assert "跟你说" not in fact_text(clause)


def test_a_dictated_rule_goes_on_without_a_standing_phrase_of_its_own() -> None:
    said = "以后你给我写 service 的时候异常统一包成 BizException 别直接抛 RuntimeException"
    [(kind, clause)] = kinds(said)
    assert kind is RULE
    assert "BizException" in clause and "RuntimeException" in clause


def test_a_dictated_reason_that_points_back_is_no_note() -> None:
    said = "以后别老拿 Kafka 举例子了 我们这个虽然是照着它设计的但是差别挺大"
    assert [k for k, _ in kinds(said)] == [RULE]


def test_a_punctuated_sentence_is_not_cut_at_its_spaces() -> None:
    said = "我们 order-api 用的是 Spring Cloud Gateway 前面的 nginx，不走 Dubbo。"
    [(kind, clause)] = kinds(said, ("order-api",))
    assert kind is FACT and "nginx" in clause


# --- blind E, notes: the people around the project are no fact of it -------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Our QA lead reads these answers as well.",
        "My teammates are mostly new to Kotlin.",
        "我们组好几个新同事没写过 Spring Boot。",
        "我们这边的产品经理也会看这些回答。",
    ],
)
def test_who_reads_the_answers_is_no_note(text: str) -> None:
    assert [k for k, _ in kinds(text)] == []


@pytest.mark.parametrize(
    "text",
    [
        "Our build runs on Jenkins, not GitHub Actions.",
        "我们这边的审批流是自己写的状态机。",
    ],
)
def test_a_statement_of_the_team_about_the_project_is_still_a_note(text: str) -> None:
    assert [k for k, _ in kinds(text)] == [FACT]


# --- blind E, notes: a common noun and its value ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "piece"),
    [
        ("消息体是 JSON 格式，通过 MQTT 推给设备。", "MQTT"),
        ("对账文件用的是 SFTP 拉取。", "SFTP"),
        ("号段的长度是 12 位。", "12"),
        ("The p95 latency target for checkout is 150ms.", "150ms"),
        ("Idle sessions are capped at 30 minutes.", "30"),
        # a head before a colon names what the statement is about
        (
            "ledger-sync notes: snapshots live in Elasticsearch, refreshed every 5 min",
            "ledger-sync",
        ),
    ],
)
def test_a_thing_of_the_project_and_its_value_is_a_note(text: str, piece: str) -> None:
    [(kind, clause)] = kinds(text, ("ledger-sync",))
    assert kind is FACT and piece in clause


@pytest.mark.parametrize(
    "text",
    [
        "原因是 GC 太频繁吧。",
        "这个是 Java 8 的写法。",
        "The answer is 42.",
        "My commute is 40 min, so I read answers on the train.",
        "问题是 Kafka 消费不到消息。",
    ],
)
def test_a_word_about_the_talk_or_the_user_and_a_value_is_no_note(text: str) -> None:
    assert FACT not in [k for k, _ in kinds(text)]


def test_a_norm_of_an_answer_after_a_rule_stays_with_the_rule() -> None:
    said = "以后提交信息用中文写，格式还是 angular 那一套。"
    assert [k for k, _ in kinds(said)] == [RULE]


def test_a_value_after_a_semicolon_goes_on_with_the_fact_before() -> None:
    said = "pay-core calls risk-api over gRPC before each capture; the deadline is 300ms."
    [(kind, clause)] = kinds(said, ("pay-core", "risk-api"))
    assert kind is FACT and "gRPC" in clause and "300ms" in clause


# --- blind E, notes: what the user meant is no new fact --------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "btw the cache thing: per-tenant keys, yeah, that's what I meant.",
        "我的意思是 order-api 那边只读缓存，不写。",
        "fyi what I meant was Redis for sessions only.",
    ],
)
def test_a_clarification_of_what_was_said_is_no_note(text: str) -> None:
    assert FACT not in [k for k, _ in kinds(text, ("order-api",))]


# --- blind E, notes: what the project does after an event: 以后 as "after" ---------------------


@pytest.mark.parametrize(
    ("text", "piece"),
    [
        ("订单支付成功以后会发一条 Kafka 消息，积分服务订阅它加积分。", "Kafka"),
        ("退款完成之后都会写一条记录到 ClickHouse。", "ClickHouse"),
    ],
)
def test_what_the_project_does_after_an_event_is_a_note(text: str, piece: str) -> None:
    found = kinds(text)
    assert [k for k, _ in found] == [FACT] and piece in found[0][1]


@pytest.mark.parametrize(
    "text",
    [
        "如果下单以后会发 Kafka 消息，你怎么保证顺序？",
        "支付完成以后会不会发 MQ 消息？",
    ],
)
def test_a_question_or_a_condition_about_an_event_is_no_note(text: str) -> None:
    assert FACT not in [k for k, _ in kinds(text)]


# --- blind E, notes: a plain noun described right after a fact -------------------------------


def test_a_part_described_after_a_fact_goes_on_with_it() -> None:
    said = "fyi audit-log ships events to Kafka, not RabbitMQ. payloads are gzip-compressed."
    [(kind, clause)] = kinds(said, ("audit-log",))
    assert kind is FACT and "Kafka" in clause and "gzip-compressed" in clause


def test_a_sentence_after_a_fact_that_describes_nothing_stays_out() -> None:
    said = "audit-log ships events to Kafka. Can you explain consumer groups?"
    [(kind, clause)] = kinds(said, ("audit-log",))
    assert kind is FACT and "consumer" not in clause


def test_a_fact_about_another_module_after_a_semicolon_is_a_note_of_its_own() -> None:
    said = "shop-api is the only public module; shop-admin sits behind the VPN."
    assert [k for k, _ in kinds(said, ("shop-api", "shop-admin"))] == [FACT, FACT]


def test_a_withdrawn_value_is_no_topic_of_the_new_fact() -> None:
    assert not fact_text("刚才说晚上 11 点那个不对了，上周已经改到 1 点了").startswith("刚才")
