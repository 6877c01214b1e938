"""The second held-out split: written after the first held-out split had been measured
and the classes it exposed fixed, to measure the fixed judgement once more on
conversations it was never tuned on. docs/quality.md reports its numbers as first
measured.
"""

from __future__ import annotations

from gold import Conversation, FollowUp, Project, Turn, fact, rule

DUBBO = Project(
    name="trade-rpc",
    build_tool="maven",
    java_version="17",
    modules=("trade-api", "trade-provider", "trade-consumer", "order-common"),
    frameworks=("spring boot", "dubbo"),
)
BATCH = Project(
    name="settlement-batch",
    build_tool="gradle",
    java_version="17",
    modules=(),
    frameworks=("spring boot", "spring batch"),
)
FLOW = Project(
    name="flow",
    build_tool="maven",
    java_version="11",
    modules=("flow-engine", "flow-api", "flow-admin", "flow-common"),
    frameworks=("spring boot", "flowable"),
)

HELDOUT_B: tuple[Conversation, ...] = (
    Conversation(
        "hb-zh-dubbo-fact-and-style",
        project=DUBBO,
        turns=(
            Turn(
                "我们用 Dubbo 3 做 RPC，注册中心是 Zookeeper。",
                facts=(
                    fact(
                        "dubbo",
                        ("dubbo",),
                        "Dubbo 3 做 RPC",
                        "项目用 Dubbo 3 做 RPC，注册中心是 Zookeeper。",
                        "我们用 Dubbo 3 做 RPC",
                    ),
                ),
            ),
            Turn(
                "以后提到 Dubbo 配置的时候，给注解方式的写法，别给 XML。",
                rules=(
                    rule(
                        "annotations",
                        ("注解|annotation",),
                        "Dubbo 配置用注解写法",
                        "提到 Dubbo 配置时给注解方式的写法，不给 XML。",
                        "以后提到 Dubbo 配置的时候，给注解方式的写法，别给 XML。",
                    ),
                ),
            ),
            Turn("服务超时重试一般怎么设？"),
        ),
        followups=(
            FollowUp(
                "Dubbo 的负载均衡策略怎么改？", relevant=("dubbo|zookeeper|rpc",), must=("dubbo",)
            ),
        ),
    ),
    Conversation(
        "hb-en-postgres-assumption",
        project=BATCH,
        turns=(
            Turn("Quick one: how do I make a Spring Batch step restartable?"),
            Turn(
                "For the rest of this project, assume PostgreSQL, not MySQL.",
                rules=(
                    rule(
                        "postgres",
                        ("postgres",),
                        "assume PostgreSQL",
                        "Assume PostgreSQL, not MySQL.",
                        "For the rest of this project, assume PostgreSQL, not MySQL.",
                    ),
                ),
            ),
            Turn("How do I create the JobRepository schema then?"),
        ),
    ),
    Conversation(
        "hb-zh-summary-rule-cancelled",
        project=FLOW,
        turns=(
            Turn(
                "每次回答最后都帮我总结三条要点。",
                rules=(
                    rule(
                        "bullets",
                        ("总结|要点|summary",),
                        "最后总结三条要点",
                        "回答最后总结三条要点。",
                        "每次回答最后都帮我总结三条要点。",
                    ),
                ),
            ),
            Turn("Flowable 的任务监听器怎么注册？"),
            Turn(
                "总结要点那个不需要了，太啰嗦。",
                cancels=("bullets",),
                cancel_quote="总结要点那个不需要了",
            ),
            Turn("多实例任务的完成条件怎么写？"),
        ),
    ),
    Conversation(
        "hb-en-quote-habit-one-off",
        project=BATCH,
        turns=(
            Turn(
                'The README says "always run mvn verify before pushing" — does that include '
                "integration tests?"
            ),
            Turn("I tend to forget to bump the plugin version before a release."),
            Turn("For this answer only, skip the explanation and just show the pom snippet."),
            Turn("Thanks!"),
        ),
    ),
    Conversation(
        "hb-mixed-java-version-moves-on",
        project=DUBBO,
        turns=(
            Turn(
                "From now on, write examples with Java 8 syntax — no var, no records.",
                rules=(
                    rule(
                        "java8",
                        ("java 8|jdk 8|1.8",),
                        "Java 8 syntax in examples",
                        "Write examples with Java 8 syntax: no var, no records.",
                        "From now on, write examples with Java 8 syntax — no var, no records.",
                        unless=("17",),
                    ),
                ),
            ),
            Turn("How do I read a file line by line?"),
            Turn(
                "我们已经升到 JDK 17 了，以后示例可以用新语法了。",
                rules=(
                    rule(
                        "new-syntax",
                        ("新语法|17|new syntax",),
                        "示例可以用新语法",
                        "示例可以用 JDK 17 的新语法。",
                        "以后示例可以用新语法了",
                    ),
                ),
                supersedes=("java8",),
                facts=(
                    fact(
                        "jdk17",
                        ("17",),
                        "已升到 JDK 17",
                        "项目已经升到 JDK 17。",
                        "我们已经升到 JDK 17 了",
                    ),
                ),
            ),
        ),
    ),
    Conversation(
        "hb-zh-order-id-corrected",
        project=DUBBO,
        turns=(
            Turn(
                "订单号是用雪花算法生成的，在 order-common 里。",
                facts=(
                    fact(
                        "snowflake",
                        ("雪花|snowflake",),
                        "订单号用雪花算法",
                        "订单号用雪花算法生成，在 order-common 里。",
                        "订单号是用雪花算法生成的",
                        unless=("leaf",),
                    ),
                ),
            ),
            Turn("分布式 ID 为什么不用 UUID？"),
            Turn(
                "更正一下，订单号现在改成用 Leaf 号段模式生成了，不是雪花算法。",
                facts=(
                    fact(
                        "leaf",
                        ("leaf",),
                        "订单号用 Leaf 号段模式",
                        "订单号改用 Leaf 号段模式生成，不是雪花算法。",
                        "订单号现在改成用 Leaf 号段模式生成了",
                    ),
                ),
                cancels=("snowflake",),
                cancel_quote="更正一下，订单号现在改成用 Leaf 号段模式生成了，不是雪花算法。",
            ),
        ),
        followups=(
            FollowUp("订单号重复了可能是什么原因？", relevant=("订单号|leaf|id",), must=("leaf",)),
        ),
    ),
    Conversation(
        "hb-en-remember-rule-and-a-password",
        project=BATCH,
        turns=(
            Turn(
                "Please remember to always mention thread-safety when you suggest a collection.",
                rules=(
                    rule(
                        "thread-safety",
                        ("thread-safe|thread safety|thread-safety|线程安全",),
                        "mention thread-safety of collections",
                        "Mention thread-safety when suggesting a collection.",
                        "Please remember to always mention thread-safety when you suggest a collection.",
                    ),
                ),
            ),
            Turn("What's a good concurrent map for counters?"),
            Turn("btw my Nexus password is nexus-Pa55 if you need it to check the settings.xml"),
            Turn("great, thanks"),
        ),
    ),
    Conversation(
        "hb-zh-flow-modules",
        project=FLOW,
        turns=(
            Turn(
                "flow-engine 里的 BPMN 解析是在哪做的？", intent="code_explain", project_level=True
            ),
            Turn(
                "flow-engine 的流程实例是怎么持久化的？", intent="code_explain", project_level=True
            ),
            Turn(
                "flow-admin 我们只给内部运营用，不对外开放。",
                facts=(
                    fact(
                        "admin-internal",
                        ("flow-admin", "内部|运营|internal"),
                        "flow-admin 只给内部运营用",
                        "flow-admin 只给内部运营用，不对外开放。",
                        "flow-admin 我们只给内部运营用",
                    ),
                ),
            ),
        ),
        followups=(
            FollowUp(
                "flow-engine 的定时事件是怎么触发的？",
                intent="code_explain",
                relevant=("flow-engine|bpmn|流程",),
                must_not=("内部运营",),
            ),
            FollowUp(
                "flow-admin 需要做权限控制吗？", relevant=("flow-admin|内部|运营",), must=("内部",)
            ),
        ),
    ),
)
