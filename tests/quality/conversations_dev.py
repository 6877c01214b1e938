"""The development split: conversations the judgement was built and tuned against.

Written for this project (never copied): realistic turns of Chinese-speaking Java
developers, in Chinese, English and both, about Maven/Gradle multi-module Spring
projects. Each class of the issue appears several times — rules and their
supersession, cancels, one-offs, questions carrying signal words, reported
speech, self-descriptions, paraphrased repeats, facts and corrections, chit-chat,
credentials — so that a rule fitted to one wording fails on the others.
"""

from __future__ import annotations

from gold import Conversation, FollowUp, Project, Turn, fact, rule

MALL = Project()
PETCLINIC = Project(
    name="spring-petclinic",
    build_tool="maven",
    java_version="17",
    modules=(),
    frameworks=("spring boot", "jpa"),
)
HALO = Project(
    name="halo",
    build_tool="gradle",
    java_version="21",
    modules=("application", "api", "platform/plugin", "platform/theme"),
    frameworks=("spring boot", "spring security"),
)
NACOS = Project(
    name="nacos",
    build_tool="maven",
    java_version="8",
    modules=("nacos-config", "nacos-naming", "nacos-console", "nacos-client", "nacos-core"),
    frameworks=("spring boot",),
)
ORDERS = Project(
    name="order-platform",
    build_tool="gradle",
    java_version="17",
    modules=("order-service", "payment-service", "user-service", "gateway"),
    frameworks=("spring boot", "spring cloud"),
)

NEGATIVE = "don't|do not|never|stop|no longer|not |avoid|不要|别|不用|不再|禁止"

DEV: tuple[Conversation, ...] = (
    Conversation(
        "zh-answer-language-switch",
        project=MALL,
        turns=(
            Turn("Optional 怎么用？什么时候该用 orElseGet？"),
            Turn(
                "以后回答都用中文，先给结论。",
                rules=(
                    rule(
                        "zh",
                        ("中文|chinese",),
                        "回答用中文",
                        "以后回答都用中文。",
                        "以后回答都用中文，先给结论。",
                        unless=("英文|english",),
                    ),
                    rule(
                        "conclusion",
                        ("结论|conclusion",),
                        "先给结论",
                        "回答时先给结论。",
                        "以后回答都用中文，先给结论。",
                    ),
                ),
            ),
            Turn("Optional 作为方法参数合适吗？"),
            Turn("谢谢"),
            Turn(
                "From now on answer in English, my teammates will read these answers too.",
                rules=(
                    rule(
                        "en",
                        ("english|英文",),
                        "answer in English",
                        "From now on, answer in English.",
                        "From now on answer in English, my teammates will read these answers too.",
                        unless=("中文|chinese",),
                    ),
                ),
                supersedes=("zh",),
            ),
        ),
        followups=(FollowUp("Can Optional be serialized?", relevant=("optional",)),),
    ),
    Conversation(
        "en-maven-to-gradle-commands",
        project=ORDERS,
        turns=(
            Turn("How do I run only the tests of order-service?", intent="code_explain"),
            Turn(
                "Always give me Maven commands, I copy them straight into the terminal.",
                rules=(
                    rule(
                        "maven",
                        ("maven|mvn",),
                        "give Maven commands",
                        "Always give Maven commands.",
                        "Always give me Maven commands, I copy them straight into the terminal.",
                        unless=("gradle", NEGATIVE),
                    ),
                ),
            ),
            Turn("What's the difference between dependencyManagement and dependencies?"),
            Turn(
                "We migrated to Gradle last week. From now on give me Gradle commands.",
                rules=(
                    rule(
                        "gradle",
                        ("gradle",),
                        "give Gradle commands",
                        "From now on, give Gradle commands.",
                        "From now on give me Gradle commands.",
                        unless=("maven|mvn",),
                    ),
                ),
                supersedes=("maven",),
                facts=(
                    fact(
                        "migrated",
                        ("gradle", "migrat|迁移|切"),
                        "migrated to Gradle",
                        "The project migrated from Maven to Gradle.",
                        "We migrated to Gradle last week.",
                    ),
                ),
            ),
            Turn("How do I skip the integration tests then?"),
        ),
        followups=(FollowUp("How do I build just payment-service?", relevant=("gradle|payment",)),),
    ),
    Conversation(
        "zh-javadoc-english-answers-chinese",
        project=MALL,
        turns=(
            Turn(
                "以后回答用中文。",
                rules=(
                    rule(
                        "zh",
                        ("回答|answer", "中文|chinese"),
                        "回答用中文",
                        "以后回答用中文。",
                        "以后回答用中文。",
                    ),
                ),
            ),
            Turn("mall-order 里的 OrderService 是怎么处理超时订单的？", intent="code_explain"),
            Turn(
                "以后 Javadoc 注释用英文写。",
                rules=(
                    rule(
                        "javadoc",
                        ("javadoc", "英文|english"),
                        "Javadoc 用英文",
                        "以后 Javadoc 注释用英文写。",
                        "以后 Javadoc 注释用英文写。",
                    ),
                ),
            ),
            Turn("OrderTimeoutJob 为什么要加分布式锁？"),
        ),
    ),
    Conversation(
        "en-questions-carrying-signal-words",
        project=PETCLINIC,
        turns=(
            Turn("Why does the build always fail on the first run after a clean checkout?"),
            Turn("Is it true that you should never catch Exception directly?"),
            Turn("What does 'always' mean for the retry policy in @Retryable?"),
            Turn("Should repositories always return Optional?"),
            Turn(
                "From now on, keep code examples under 30 lines.",
                rules=(
                    rule(
                        "short-examples",
                        ("30",),
                        "code examples under 30 lines",
                        "Keep code examples under 30 lines.",
                        "From now on, keep code examples under 30 lines.",
                    ),
                ),
            ),
        ),
    ),
    Conversation(
        "zh-questions-carrying-signal-words",
        project=MALL,
        turns=(
            Turn("记住密码功能在 Spring Security 里怎么实现？"),
            Turn("为什么每次启动都要重新编译 mall-common？"),
            Turn("要不要以后都用 record 代替 DTO？"),
            Turn(
                "以后示例代码里的测试都用 JUnit 5 写。",
                rules=(
                    rule(
                        "junit5",
                        ("junit 5|junit5|jupiter",),
                        "测试用 JUnit 5",
                        "以后示例代码里的测试都用 JUnit 5 写。",
                        "以后示例代码里的测试都用 JUnit 5 写。",
                    ),
                ),
            ),
            Turn("默认的事务传播行为是什么？"),
        ),
    ),
    Conversation(
        "reported-speech-is-not-a-rule",
        project=ORDERS,
        turns=(
            Turn(
                "My colleague says we should always use tabs for indentation. Is that common in Java?"
            ),
            Turn("我们组长说以后都要写单元测试，覆盖率到 80%。"),
            Turn("The style guide says never use wildcard imports."),
            Turn(
                "I prefer 4 spaces for indentation in code examples.",
                rules=(
                    rule(
                        "spaces",
                        ("4 spaces|four spaces|4 个空格",),
                        "4 spaces indentation",
                        "Indent code examples with 4 spaces.",
                        "I prefer 4 spaces for indentation in code examples.",
                    ),
                ),
            ),
        ),
    ),
    Conversation(
        "one-off-requests",
        project=HALO,
        turns=(
            Turn("Just this once, answer in Chinese."),
            Turn("Reactor 的背压是什么意思？"),
            Turn("这次用英文回答吧，我要转发给同事。"),
            Turn("Please don't explain this one, just give me the code for a WebFlux filter."),
            Turn("这个问题先别管性能，给个能跑的版本。"),
            Turn(
                "以后写 WebFlux 的例子时，别用 block()。",
                rules=(
                    rule(
                        "no-block",
                        ("block",),
                        "WebFlux 例子别用 block()",
                        "写 WebFlux 示例时不要调用 block()。",
                        "以后写 WebFlux 的例子时，别用 block()。",
                    ),
                ),
            ),
        ),
    ),
    Conversation(
        "self-descriptions-are-not-rules",
        project=MALL,
        turns=(
            Turn("I always forget the -DskipTests flag, what's the exact syntax?"),
            Turn("我每次都搞混 @Component 和 @Bean 的区别。"),
            Turn("I never remember the argument order of Collectors.toMap."),
            Turn("我总是记不住 MyBatis 的 #{} 和 ${} 有什么不同。"),
            Turn(
                "Every time you show a Maven command, add -DskipTests at the end.",
                rules=(
                    rule(
                        "skip-tests",
                        ("skiptests",),
                        "add -DskipTests to Maven commands",
                        "Add -DskipTests at the end of every Maven command.",
                        "Every time you show a Maven command, add -DskipTests at the end.",
                    ),
                ),
            ),
        ),
    ),
    Conversation(
        "negated-and-hypothetical",
        project=PETCLINIC,
        turns=(
            Turn("I'm not saying you should always use streams, but when is a loop clearer?"),
            Turn("不是说以后都要用 Optional，只是这里想问一下怎么用。"),
            Turn("If I said from now on answer in English, would you remember it next session?"),
            Turn("假如我让你以后都用 Kotlin 写示例，你会怎么处理 Java 互操作？"),
            Turn("never mind"),
        ),
    ),
    Conversation(
        "cancel-the-compatibility-note",
        project=NACOS,
        turns=(
            Turn(
                "Always add a compatibility note when an API you suggest is not available on Java 8.",
                rules=(
                    rule(
                        "compat",
                        ("compatib|兼容",),
                        "compatibility note",
                        "Add a compatibility note when a suggested API needs more than Java 8.",
                        "Always add a compatibility note when an API you suggest is not available on Java 8.",
                    ),
                ),
            ),
            Turn("How do I replace Guava's Optional with java.util.Optional?"),
            Turn(
                "We moved nacos-console to Java 17 this sprint.",
                facts=(
                    fact(
                        "console-17",
                        ("nacos-console", "17"),
                        "nacos-console on Java 17",
                        "nacos-console moved to Java 17.",
                        "We moved nacos-console to Java 17 this sprint.",
                    ),
                ),
            ),
            Turn(
                "Forget what I said about the compatibility note.",
                cancels=("compat",),
                cancel_quote="Forget what I said about the compatibility note.",
            ),
            Turn("How should I use records in nacos-console then?"),
        ),
        followups=(
            FollowUp(
                "Can nacos-console use text blocks?",
                relevant=("nacos-console|17",),
                must=("nacos-console",),
            ),
        ),
    ),
    Conversation(
        "zh-cancel-maven-commands",
        project=MALL,
        turns=(
            Turn(
                "以后每次都给我完整的 Maven 命令。",
                rules=(
                    rule(
                        "maven",
                        ("maven|mvn",),
                        "给完整的 Maven 命令",
                        "每次都给出完整的 Maven 命令。",
                        "以后每次都给我完整的 Maven 命令。",
                        unless=(NEGATIVE,),
                    ),
                ),
            ),
            Turn("mall-portal 启动报错 Port 8085 was already in use 怎么办？"),
            Turn(
                "我们已经切到 Gradle 了，不用再给我 Maven 命令了。",
                cancels=("maven",),
                cancel_quote="不用再给我 Maven 命令了。",
                facts=(
                    fact(
                        "gradle",
                        ("gradle",),
                        "项目已切到 Gradle",
                        "项目已经从 Maven 切到 Gradle。",
                        "我们已经切到 Gradle 了",
                    ),
                ),
            ),
            Turn("Gradle 怎么只构建 mall-order？"),
        ),
        followups=(FollowUp("Gradle 的构建缓存怎么开？", relevant=("gradle",), must=("gradle",)),),
    ),
    Conversation(
        "en-stop-suggesting-lombok",
        project=ORDERS,
        turns=(
            Turn(
                "Use Lombok's @Data for DTOs in every example from now on.",
                rules=(
                    rule(
                        "lombok",
                        ("lombok|@data",),
                        "Lombok @Data for DTOs",
                        "Use Lombok @Data for DTOs in examples.",
                        "Use Lombok's @Data for DTOs in every example from now on.",
                        unless=(NEGATIVE,),
                    ),
                ),
            ),
            Turn("How should I map OrderDTO to the order entity?"),
            Turn(
                "Stop suggesting Lombok, we don't use it anymore.",
                rules=(
                    rule(
                        "no-lombok",
                        ("lombok", NEGATIVE),
                        "no Lombok",
                        "Do not suggest Lombok; the team no longer uses it.",
                        "Stop suggesting Lombok, we don't use it anymore.",
                    ),
                ),
                supersedes=("lombok",),
            ),
            Turn("What's a clean way to write builders by hand?"),
        ),
    ),
    Conversation(
        "zh-field-injection-restated",
        project=MALL,
        turns=(
            Turn(
                "我真的很不喜欢字段注入，以后示例都用构造器注入。",
                rules=(
                    rule(
                        "ctor",
                        ("构造器|constructor|字段注入|field injection",),
                        "用构造器注入",
                        "示例用构造器注入，不用字段注入。",
                        "我真的很不喜欢字段注入，以后示例都用构造器注入。",
                    ),
                ),
            ),
            Turn("@Autowired 写在 setter 上和字段上有什么区别？"),
            Turn("再强调一次，别用字段注入。", restates=("ctor",)),
            Turn("构造器参数太多的时候怎么办？"),
        ),
    ),
    Conversation(
        "skip-the-intro-restated-in-chinese",
        project=PETCLINIC,
        turns=(
            Turn(
                "In future answers, skip the intro and get to the point.",
                rules=(
                    rule(
                        "intro",
                        ("intro|preamble|铺垫|开场",),
                        "skip the intro",
                        "Skip the intro and get to the point.",
                        "In future answers, skip the intro and get to the point.",
                    ),
                ),
            ),
            Turn("How does the OwnerController validate the form?", intent="code_explain"),
            Turn("回答的时候不要一上来就铺垫。", restates=("intro",)),
            Turn("Thanks, that's clearer."),
        ),
    ),
    Conversation(
        "labels-keep-their-meaning",
        project=ORDERS,
        turns=(
            Turn(
                "Always put a TL;DR at the top of long answers.",
                rules=(
                    rule(
                        "tldr",
                        ("tl;dr|tldr|结论|summary",),
                        "TL;DR at the top",
                        "Put a TL;DR at the top of long answers.",
                        "Always put a TL;DR at the top of long answers.",
                    ),
                ),
            ),
            Turn(
                "Always assume we run everything inside Docker.",
                rules=(
                    rule(
                        "docker",
                        ("docker",),
                        "assume everything runs in Docker",
                        "Assume every service runs inside Docker.",
                        "Always assume we run everything inside Docker.",
                    ),
                ),
            ),
            Turn("How do I pass JVM options to order-service in the container?"),
        ),
    ),
    Conversation(
        "facts-the-user-states",
        project=MALL,
        turns=(
            Turn(
                "mall-order 下单之后怎么通知 mall-search 更新商品索引？",
                intent="code_explain",
                project_level=True,
            ),
            Turn(
                "Remember that mall-order calls mall-search via Feign, not via MQ.",
                facts=(
                    fact(
                        "feign",
                        ("feign", "mall-search"),
                        "mall-order calls mall-search via Feign",
                        "mall-order calls mall-search through a Feign client, not through MQ.",
                        "Remember that mall-order calls mall-search via Feign, not via MQ.",
                    ),
                ),
            ),
            Turn(
                "我们 CI 一律加 -T 4 跑 Maven 构建。",
                facts=(
                    fact(
                        "ci",
                        ("-t 4",),
                        "CI 构建加 -T 4",
                        "CI 里的 Maven 构建一律加 -T 4。",
                        "我们 CI 一律加 -T 4 跑 Maven 构建。",
                    ),
                ),
            ),
            Turn("mall-admin 的登录是怎么做的？", intent="code_explain", project_level=True),
        ),
        followups=(
            FollowUp(
                "mall-search 的商品索引是怎么被更新的？",
                intent="code_explain",
                relevant=("mall-search|feign|索引",),
                must=("feign",),
            ),
            FollowUp(
                "mall-admin 的权限菜单在哪里配置？",
                intent="code_explain",
                relevant=("mall-admin|权限|菜单|登录",),
                must_not=("feign",),
            ),
            FollowUp("CI 里 Maven 并行构建怎么配置？", relevant=("-t 4|ci|maven",), must=("-t 4",)),
        ),
    ),
    Conversation(
        "correction-spring-security-not-shiro",
        project=HALO,
        turns=(
            Turn("登录鉴权是用 Shiro 做的吗？", intent="code_explain", project_level=True),
            Turn(
                "不对，我们用的是 Spring Security，不是 Shiro。",
                facts=(
                    fact(
                        "security",
                        ("spring security",),
                        "鉴权用 Spring Security",
                        "项目用 Spring Security 做鉴权，不是 Shiro。",
                        "我们用的是 Spring Security，不是 Shiro。",
                    ),
                ),
            ),
            Turn("SecurityFilterChain 里怎么放行 /api/public/**？"),
        ),
        followups=(
            FollowUp(
                "自定义登录接口怎么和 Spring Security 集成？",
                relevant=("security|登录|securityfilterchain",),
                must=("spring security",),
            ),
        ),
    ),
    Conversation(
        "code-explain-questions-are-not-notes",
        project=MALL,
        turns=(
            Turn("这个项目的整体结构是怎样的？", intent="code_explain", project_level=True),
            Turn("mall-portal 模块负责什么？", intent="code_explain", project_level=True),
            Turn("What does the mall-search module do?", intent="code_explain", project_level=True),
            Turn(
                "OmsPortalOrderController 的下单接口流程是什么？",
                intent="code_explain",
                scope=(
                    "mall-portal/src/main/java/com/macro/mall/portal/controller/OmsPortalOrderController.java",
                ),
            ),
        ),
        followups=(
            FollowUp(
                "mall-portal 下单接口的入参是什么？",
                intent="code_explain",
                relevant=("mall-portal|下单|portal|omsportalorder",),
            ),
        ),
    ),
    Conversation(
        "chit-chat-leaves-nothing",
        project=PETCLINIC,
        turns=(Turn("你好"), Turn("谢谢！"), Turn("ok thanks"), Turn("好的，明白了")),
        followups=(FollowUp("Java 的 record 是什么？", relevant=("record",)),),
    ),
    Conversation(
        "credentials-never-become-items",
        project=MALL,
        turns=(
            Turn("Remember my OpenAI key: sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD"),
            Turn("记住我的数据库密码是 Hunter2024!"),
            Turn(
                "以后不要在回答里打印任何密码或密钥。",
                rules=(
                    rule(
                        "no-secrets",
                        ("密码|password|secret|密钥",),
                        "不要打印密码或密钥",
                        "回答里不要打印任何密码或密钥。",
                        "以后不要在回答里打印任何密码或密钥。",
                    ),
                ),
            ),
            Turn(
                "token=ghp_abcdefghijklmnopqrstuvwxyz0123456789 这个 token 为什么调用 GitHub API 返回 401？"
            ),
        ),
    ),
    Conversation(
        "mixed-language-two-rules",
        project=ORDERS,
        turns=(
            Turn(
                "From now on 回答用中文，但是代码注释用英文。",
                rules=(
                    rule(
                        "zh",
                        ("回答|answer", "中文|chinese"),
                        "回答用中文",
                        "回答用中文。",
                        "From now on 回答用中文，但是代码注释用英文。",
                        unless=("注释|comment",),
                    ),
                    rule(
                        "comments-en",
                        ("注释|comment", "英文|english"),
                        "代码注释用英文",
                        "代码注释用英文。",
                        "From now on 回答用中文，但是代码注释用英文。",
                    ),
                ),
            ),
            Turn("payment-service 的幂等是怎么做的？"),
        ),
    ),
    Conversation(
        "answer-length-superseded",
        project=PETCLINIC,
        turns=(
            Turn(
                "I prefer short answers.",
                rules=(
                    rule(
                        "short",
                        ("short|brief|concise|简短|简洁",),
                        "short answers",
                        "Keep answers short.",
                        "I prefer short answers.",
                        unless=("详细|detail",),
                    ),
                ),
            ),
            Turn("How does Spring Data JPA derive queries from method names?"),
            Turn(
                "以后回答详细一点，多给几个例子。",
                rules=(
                    rule(
                        "detailed",
                        ("详细|detail",),
                        "回答详细一点",
                        "回答要详细一点。",
                        "以后回答详细一点，多给几个例子。",
                    ),
                    rule(
                        "examples",
                        ("例子|example",),
                        "多给例子",
                        "多给几个例子。",
                        "以后回答详细一点，多给几个例子。",
                    ),
                ),
                supersedes=("short",),
            ),
        ),
    ),
    Conversation(
        "junit-version-corrected",
        project=ORDERS,
        turns=(
            Turn(
                "以后测试示例都用 JUnit 5。",
                rules=(
                    rule(
                        "junit5",
                        ("junit 5|junit5|jupiter",),
                        "测试用 JUnit 5",
                        "测试示例用 JUnit 5。",
                        "以后测试示例都用 JUnit 5。",
                        unless=("junit 4|junit4",),
                    ),
                ),
            ),
            Turn("怎么 mock 一个 static 方法？"),
            Turn(
                "Actually we're still on JUnit 4 in payment-service, so from now on write tests with JUnit 4.",
                rules=(
                    rule(
                        "junit4",
                        ("junit 4|junit4",),
                        "tests with JUnit 4",
                        "Write tests with JUnit 4.",
                        "so from now on write tests with JUnit 4",
                    ),
                ),
                supersedes=("junit5",),
                facts=(
                    fact(
                        "payment-junit4",
                        ("junit 4|junit4", "payment"),
                        "payment-service on JUnit 4",
                        "payment-service still uses JUnit 4.",
                        "Actually we're still on JUnit 4 in payment-service",
                    ),
                ),
            ),
        ),
    ),
    Conversation(
        "forgotten-rule-restated-later",
        project=MALL,
        turns=(
            Turn(
                "以后回答用中文。",
                rules=(
                    rule(
                        "zh-old",
                        ("中文|chinese",),
                        "回答用中文",
                        "以后回答用中文。",
                        "以后回答用中文。",
                    ),
                ),
            ),
            Turn("mall-search 里 Elasticsearch 的索引是怎么建的？"),
            Turn("不用再用中文回答了。", cancels=("zh-old",), cancel_quote="不用再用中文回答了。"),
            Turn("How is the product index mapping defined?"),
            Turn("还是用中文回答吧，以后都用中文。", revives=("zh-old",)),
        ),
    ),
    Conversation(
        "forgotten-rule-stays-forgotten",
        project=HALO,
        turns=(
            Turn(
                "From now on, always mention the Halo version an API was added in.",
                rules=(
                    rule(
                        "version",
                        ("version|版本",),
                        "mention the Halo version",
                        "Mention the Halo version an API was added in.",
                        "From now on, always mention the Halo version an API was added in.",
                    ),
                ),
            ),
            Turn("How do I register a custom extension point in a plugin?", intent="code_explain"),
            Turn(
                "Never mind the version thing, forget it.",
                cancels=("version",),
                cancel_quote="Never mind the version thing, forget it.",
            ),
            Turn("Which version of the plugin API added ReactiveExtensionClient?"),
        ),
    ),
    Conversation(
        "topics-followed-across-turns",
        project=MALL,
        turns=(
            Turn("Optional 怎么用？"),
            Turn("Stream 的 groupingBy 怎么写多级分组？"),
            Turn("Optional 的 orElse 和 orElseGet 有什么区别？"),
            Turn("Optional.ofNullable 什么时候用？"),
            Turn("groupingBy 之后怎么排序？"),
        ),
        followups=(
            FollowUp(
                "Optional 可以作为类的字段吗？",
                relevant=("optional",),
                must=("optional",),
                must_not=("groupingby",),
            ),
            FollowUp(
                "ConcurrentHashMap 的 computeIfAbsent 线程安全吗？",
                relevant=("concurrenthashmap",),
                must_not=("optional", "groupingby"),
            ),
        ),
    ),
    Conversation(
        "module-prefix-is-no-match",
        project=MALL,
        turns=(
            Turn(
                "mall-admin 的权限是基于 RBAC 的，菜单存在 ums_menu 表里。",
                facts=(
                    fact(
                        "admin-rbac",
                        ("mall-admin", "rbac|ums_menu"),
                        "mall-admin 权限用 RBAC",
                        "mall-admin 的权限基于 RBAC，菜单存在 ums_menu 表。",
                        "mall-admin 的权限是基于 RBAC 的，菜单存在 ums_menu 表里。",
                    ),
                ),
            ),
            Turn(
                "mall-order uses RabbitMQ delayed queues to cancel unpaid orders.",
                facts=(
                    fact(
                        "order-mq",
                        ("mall-order", "rabbitmq"),
                        "mall-order cancels orders via RabbitMQ",
                        "mall-order cancels unpaid orders with RabbitMQ delayed queues.",
                        "mall-order uses RabbitMQ delayed queues to cancel unpaid orders.",
                    ),
                ),
            ),
            Turn("mall-search 怎么同步 MySQL 里的商品数据？"),
        ),
        followups=(
            FollowUp(
                "mall-search 的 ES 索引怎么重建？",
                intent="code_explain",
                relevant=("mall-search|索引|es ",),
                must_not=("rbac", "rabbitmq"),
            ),
            FollowUp(
                "How does mall-order cancel an unpaid order?",
                intent="code_explain",
                relevant=("mall-order|rabbitmq|unpaid",),
                must=("rabbitmq",),
                must_not=("rbac",),
            ),
        ),
    ),
    Conversation(
        "please-dont-is-a-rule-this-one-is-not",
        project=HALO,
        turns=(
            Turn(
                "Please don't paste whole files in answers, show only the lines that change.",
                rules=(
                    rule(
                        "no-whole-files",
                        (
                            "whole file|entire file|整个文件|完整文件|lines that change|changed lines",
                        ),
                        "don't paste whole files",
                        "Show only the changed lines, not whole files.",
                        "Please don't paste whole files in answers, show only the lines that change.",
                    ),
                ),
            ),
            Turn("Please don't explain this one, I just need the annotation name."),
            Turn("What's the annotation for a scheduled task again?"),
        ),
    ),
    Conversation(
        "quoted-rules-are-not-rules",
        project=PETCLINIC,
        turns=(
            Turn('What does "never use field injection" actually mean?'),
            Turn('"Always make fields final" — that\'s what our linter keeps telling me.'),
            Turn("网上说“永远不要用 SELECT *”，这是为什么？"),
        ),
    ),
    Conversation(
        "mybatis-rule-and-fact",
        project=MALL,
        turns=(
            Turn(
                "Going forward, when you show SQL, use MyBatis XML mappers rather than annotations.",
                rules=(
                    rule(
                        "xml-mappers",
                        ("xml",),
                        "MyBatis XML mappers for SQL",
                        "Show SQL as MyBatis XML mappers, not annotations.",
                        "Going forward, when you show SQL, use MyBatis XML mappers rather than annotations.",
                    ),
                ),
            ),
            Turn(
                "我们订单模块用的是 MyBatis-Plus，分页插件怎么配？",
                facts=(
                    fact(
                        "mp",
                        ("mybatis-plus",),
                        "订单模块用 MyBatis-Plus",
                        "订单模块用的是 MyBatis-Plus。",
                        "我们订单模块用的是 MyBatis-Plus",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "MyBatis-Plus 的逻辑删除怎么配置？",
                relevant=("mybatis|分页",),
                must=("mybatis-plus",),
            ),
        ),
    ),
    Conversation(
        "zh-negative-rule-with-reason",
        project=ORDERS,
        turns=(
            Turn(
                "别再推荐 Lombok 了，我们不用。",
                rules=(
                    rule(
                        "no-lombok",
                        ("lombok", NEGATIVE),
                        "不要推荐 Lombok",
                        "不要推荐 Lombok。",
                        "别再推荐 Lombok 了，我们不用。",
                    ),
                ),
            ),
            Turn("那 DTO 的 getter/setter 怎么少写点？"),
            Turn("record 能用在 JPA 实体上吗？"),
        ),
    ),
    Conversation(
        "commit-messages-and-answers",
        project=HALO,
        turns=(
            Turn(
                "Commit messages should always be in English, imperative mood.",
                rules=(
                    rule(
                        "commit-en",
                        ("commit|提交", "english|英文"),
                        "commit messages in English",
                        "Write commit messages in English, imperative mood.",
                        "Commit messages should always be in English, imperative mood.",
                    ),
                ),
            ),
            Turn(
                "其他回答默认用中文就好。",
                rules=(
                    rule(
                        "zh",
                        ("回答|answer", "中文|chinese"),
                        "回答用中文",
                        "回答默认用中文。",
                        "其他回答默认用中文就好。",
                    ),
                ),
            ),
            Turn("How do I squash the last three commits?"),
        ),
    ),
    Conversation(
        "java-version-assumption-superseded",
        project=ORDERS,
        turns=(
            Turn(
                "Always assume Java 17 when you suggest APIs.",
                rules=(
                    rule(
                        "j17",
                        ("17",),
                        "assume Java 17",
                        "Assume Java 17 for suggested APIs.",
                        "Always assume Java 17 when you suggest APIs.",
                        unless=("21",),
                    ),
                ),
            ),
            Turn("Is pattern matching for switch available to us?"),
            Turn(
                "We upgraded to Java 21. From now on assume Java 21 features are available.",
                rules=(
                    rule(
                        "j21",
                        ("21",),
                        "assume Java 21",
                        "Assume Java 21 features are available.",
                        "From now on assume Java 21 features are available.",
                    ),
                ),
                supersedes=("j17",),
                facts=(
                    fact(
                        "upgraded-21",
                        ("21",),
                        "upgraded to Java 21",
                        "The project upgraded to Java 21.",
                        "We upgraded to Java 21.",
                    ),
                ),
            ),
            Turn("Can we use virtual threads in order-service now?"),
        ),
    ),
    Conversation(
        "dislike-and-emoji",
        project=PETCLINIC,
        turns=(
            Turn(
                "I really dislike emoji in technical answers.",
                rules=(
                    rule(
                        "no-emoji",
                        ("emoji|表情",),
                        "no emoji",
                        "Do not use emoji in answers.",
                        "I really dislike emoji in technical answers.",
                    ),
                ),
            ),
            Turn("How do I paginate with Spring Data JPA?"),
            Turn(
                "I'd like shorter answers, please.",
                rules=(
                    rule(
                        "shorter",
                        ("short|brief|concise|简短",),
                        "shorter answers",
                        "Keep answers shorter.",
                        "I'd like shorter answers, please.",
                    ),
                ),
            ),
        ),
    ),
)
