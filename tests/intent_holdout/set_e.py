"""Blind router evaluation set E (fifth round).

Each case: (question, intent when no patch is pending, intent while a patch is pending).
Written blind: without reading the classifier, its tests or earlier sets.
Labels follow the intent table of the brief; see README.md in this folder.
"""

CASES: list[tuple[str, str, str]] = [
    # ------------------------------------------------------------------
    # code_explain: questions about THIS repository
    # ------------------------------------------------------------------
    # logistics TMS
    ("tms-dispatch 模块里司机是怎么被分配到运单上的？", "code_explain", "code_explain"),
    ("WaybillServiceImpl 里面 createWaybill 之后还会触发哪些事件", "code_explain", "code_explain"),
    (
        "@tms-core/src/main/resources/bootstrap-dev.yml 里 nacos 的 namespace 对应的是哪个环境？",
        "code_explain",
        "code_explain",
    ),
    (
        "那个就是我们这个项目里面的调度模块它到底是怎么决定哪辆车去接哪个单的你给我捋一下",
        "code_explain",
        "code_explain",
    ),
    (
        "运费是在哪一层算的？FreightCalculator 还是 PricingRuleEngine？",
        "code_explain",
        "code_explain",
    ),
    (
        "先别改代码哈，我就想搞明白 DispatchScheduler 每隔多久跑一次、间隔是从哪读的配置",
        "code_explain",
        "code_explain",
    ),
    (
        "检查一下这个项目的 Maven 模块划分，哪些是公共模块哪些是可以单独部署的服务",
        "code_explain",
        "code_explain",
    ),
    ("我们系统里签收回单上传以后存到哪里了，OSS 还是本地磁盘", "code_explain", "code_explain"),
    (
        "Which message broker does the tracking service publish the GPS points to?",
        "code_explain",
        "code_explain",
    ),
    (
        "Explain the PATCH /waybills/{id}/status endpoint: who calls it and which fields can it update?",
        "code_explain",
        "code_explain",
    ),
    (
        "如果我要新增一种运输方式（比如冷链），一般需要动哪几个类？先讲讲思路，不用改",
        "code_explain",
        "code_explain",
    ),
    ("sharding 是按什么分的，运单表一共分了多少张", "code_explain", "code_explain"),
    (
        "这段是干嘛的 @tms-dispatch/src/main/java/com/acme/tms/dispatch/GreedyAssigner.java",
        "code_explain",
        "code_explain",
    ),
    (
        "at com.acme.tms.dispatch.GreedyAssigner.assign(GreedyAssigner.java:88)\n\tat com.acme.tms.dispatch.DispatchScheduler.run(DispatchScheduler.java:41)\n这个调用链里 DispatchScheduler 是被谁触发的？xxl-job 还是 @Scheduled",
        "code_explain",
        "code_explain",
    ),
    (
        "2024-03-02 01:15:01 INFO [settle-batch] SettleJob - step=3 phase=RECONCILE done\n日志里这个 step=3 phase=RECONCILE 对应代码里的哪一步？",
        "code_explain",
        "code_explain",
    ),
    (
        "i am new here. what is module `tms-settle` responsible for and who is calling it?",
        "code_explain",
        "code_explain",
    ),
    ("为什么 tms-order 要单独拆一个 tms-order-api 包出来？", "code_explain", "code_explain"),
    ("schema 下面 flyway 脚本 V12__fix_waybill_index.sql 改了什么", "code_explain", "code_explain"),
    (
        "scripts/fix-data 目录下那些 SQL 是干嘛的，上线的时候要执行吗",
        "code_explain",
        "code_explain",
    ),
    # hospital HIS
    ("his-outpatient 挂号的整个流程是怎样的，从选科室到生成挂号单", "code_explain", "code_explain"),
    (
        "PrescriptionController 的 review 接口是给药师审方用的吗？它调了哪些 service",
        "code_explain",
        "code_explain",
    ),
    ("医保结算对接的是哪个版本的接口规范，代码里有写吗", "code_explain", "code_explain"),
    (
        "这个 HIS 项目的数据库到底是 Oracle 还是 MySQL？我看 pom 里两个驱动都有",
        "code_explain",
        "code_explain",
    ),
    ("门诊收费那块有没有用到分布式事务？用的是 Seata 吗", "code_explain", "code_explain"),
    (
        "where is the HL7 message parsing done in this repo, i cant find it",
        "code_explain",
        "code_explain",
    ),
    (
        "@his-emr/src/main/java/com/his/emr/EmrLockManager.java 这个锁是防止两个医生同时编辑同一份病历的吗",
        "code_explain",
        "code_explain",
    ),
    # ERP
    (
        "erp-finance 里的凭证过账 VoucherPostingJob 是按什么顺序处理凭证的？",
        "code_explain",
        "code_explain",
    ),
    ("采购订单从创建到入库一共经过哪几个状态？状态机定义在哪个类", "code_explain", "code_explain"),
    ("我们这个 ERP 用的 JDK 版本是多少啊，本地装的 8 能跑起来吗", "code_explain", "code_explain"),
    (
        "What's the difference between the `erp-common` and `erp-base` modules? They look almost the same to me",
        "code_explain",
        "code_explain",
    ),
    ("多组织多账套在代码里是怎么隔离的，靠 tenant_id 还是分库", "code_explain", "code_explain"),
    (
        "how do the `erp-mrp` calculations get triggered, manually from the UI or by a cron?",
        "code_explain",
        "code_explain",
    ),
    (
        "For a newcomer: which three classes should I read first to understand the order-to-cash flow in this ERP?",
        "code_explain",
        "code_explain",
    ),
    # game server
    (
        "game-logic 里 PlayerSession 和 Netty 的 Channel 是怎么绑定的",
        "code_explain",
        "code_explain",
    ),
    (
        "公会战的匹配逻辑在哪，GuildWarMatcher 吗？给我讲讲它的打分规则",
        "code_explain",
        "code_explain",
    ),
    (
        "HotfixManager 是怎么加载 groovy 补丁脚本的？热更新走的是哪个目录",
        "code_explain",
        "code_explain",
    ),
    ("PatchVersionService 是干嘛的？跟客户端热更新有关系吗", "code_explain", "code_explain"),
    ("协议号是在哪里定义的，proto 文件和 MsgId 枚举哪个才是源头", "code_explain", "code_explain"),
    (
        "how does the server persist player data, write-behind cache or straight to the db on every change?",
        "code_explain",
        "code_explain",
    ),
    (
        "@game-server/config/server-s1.properties 这个 s1 是区服编号吗，开新服的话要改哪些配置",
        "code_explain",
        "code_explain",
    ),
    (
        "BugReportController 是给客户端上报崩溃用的吗？上报的数据存在哪",
        "code_explain",
        "code_explain",
    ),
    # message queue
    ("broker 的 CommitLog 刷盘是同步还是异步，默认配置在哪", "code_explain", "code_explain"),
    ("ConsumerOffsetManager 多久持久化一次 offset？", "code_explain", "code_explain"),
    ("这个 MQ 项目里延迟消息是怎么实现的，时间轮还是多级队列？", "code_explain", "code_explain"),
    (
        "Could you walk me through what happens in our broker when a producer sends with SYNC_MASTER and the slave is down?",
        "code_explain",
        "code_explain",
    ),
    # crawler
    ("UrlFrontier 的去重用的是布隆过滤器还是 Redis set", "code_explain", "code_explain"),
    ("crawler-worker 启动的时候读哪个配置文件，抓取线程数在哪调", "code_explain", "code_explain"),
    ("PageFetcher 的重试策略是什么样的？遇到 429 会怎样", "code_explain", "code_explain"),
    # CMS
    ("cms-template 模块的模板渲染用的是 Freemarker 还是 Thymeleaf", "code_explain", "code_explain"),
    (
        "文章发布 ArticlePublishService.publish 之后静态页是同步生成的还是丢到队列里异步生成",
        "code_explain",
        "code_explain",
    ),
    ("我们 CMS 的权限模型是 RBAC 吗？栏目级的权限存在哪张表", "code_explain", "code_explain"),
    # OA workflow
    (
        "oa-workflow 里的审批流引擎是自己写的还是基于 Flowable 改的？",
        "code_explain",
        "code_explain",
    ),
    ("ApprovalFlowEngine 会签和或签分别是怎么判定节点结束的", "code_explain", "code_explain"),
    (
        "我们 OA 里请假审批被驳回以后回到哪个节点，发起人还是上一节点",
        "code_explain",
        "code_explain",
    ),
    (
        "流程定义的 bpmn 文件放在哪个目录下，部署的时候是自动加载的吗",
        "code_explain",
        "code_explain",
    ),
    ("ApprovalFlowEngine 里那个 revise 方法是退回修改用的吗", "code_explain", "code_explain"),
    # Flink job
    ("OrderEnrichJob 的 watermark 是怎么生成的，允许多少乱序", "code_explain", "code_explain"),
    (
        "这个 Flink 作业的 checkpoint 间隔和 state backend 是在哪配置的？",
        "code_explain",
        "code_explain",
    ),
    (
        "what is the parallelism of the enrich operator in prod, is it set in code or via the submit script?",
        "code_explain",
        "code_explain",
    ),
    (
        "维表 join 用的是 Async I/O 还是 broadcast state？我看 DimJoinFunction 看得有点懵",
        "code_explain",
        "code_explain",
    ),
    ("我们的 Flink job 是怎么打包提交到集群的，有现成的脚本吗", "code_explain", "code_explain"),
    # gateway
    ("gateway-core 里的 RateLimitFilter 限流维度是 IP 还是 appKey", "code_explain", "code_explain"),
    ("路由规则是从 nacos 动态拉的还是写死在 application.yml 里", "code_explain", "code_explain"),
    (
        "我们网关的鉴权过滤器执行顺序是怎样的，AuthFilter 在 RateLimitFilter 前面还是后面",
        "code_explain",
        "code_explain",
    ),
    (
        "Explain the flow of a request through our gateway, from the Netty server down to the downstream service",
        "code_explain",
        "code_explain",
    ),
    ("我们网关项目里自定义的 GlobalFilter 一共有几个，各自干啥的", "code_explain", "code_explain"),
    (
        "In our codebase, how is the tenant id propagated from the gateway to downstream Feign calls?",
        "code_explain",
        "code_explain",
    ),
    # banking / payment / others
    ("清算模块 settlement 每天几点跑批？跑批任务用的是 xxl-job 吗", "code_explain", "code_explain"),
    ("AccountLedgerService 记账是先写流水还是先改余额", "code_explain", "code_explain"),
    ("DeviceShadowService 的期望状态和上报状态是怎么合并的", "code_explain", "code_explain"),
    ("MQTT 连接是哪个模块接入的，iot-access 还是 iot-gateway", "code_explain", "code_explain"),
    ("StockLockService 锁库存用的是 Redis 还是数据库行锁", "code_explain", "code_explain"),
    ("波次拣货的规则是配在哪张表里的", "code_explain", "code_explain"),
    (
        "理赔 ClaimService 里 review 状态和 audit 状态有什么区别？我看实体里两个字段都有",
        "code_explain",
        "code_explain",
    ),
    (
        "What does the `fix` profile in application-fix.yml switch on?",
        "code_explain",
        "code_explain",
    ),
    (
        "HTTP PATCH /api/v1/claims/{id} 这个接口做部分更新的时候是怎么合并字段的",
        "code_explain",
        "code_explain",
    ),
    ("招聘系统里简历解析 ResumeParser 调的是哪家的 OCR", "code_explain", "code_explain"),
    ("这个 LMS 里课程进度是前端上报的还是后端根据视频心跳算出来的", "code_explain", "code_explain"),
    ("停车场系统 ParkingFeeCalculator 跨天计费是怎么处理的", "code_explain", "code_explain"),
    (
        "explain the retry logic in OutboxRelay, esp. what happens after max attempts",
        "code_explain",
        "code_explain",
    ),
    # repository-level: build, config, dependencies, tooling of this repo
    ("这个仓库怎么在本地跑起来？要先起哪些中间件", "code_explain", "code_explain"),
    ("项目用的 Spring Boot 是几点几来着，我记得是 2.7？", "code_explain", "code_explain"),
    ("dependencies 里那个 hutool 是哪个模块引进来的", "code_explain", "code_explain"),
    (
        "检查一下 pom 里有没有引 lombok，我想知道实体类为啥看不到 getter",
        "code_explain",
        "code_explain",
    ),
    ("项目依赖检查一下，有多少个是 SNAPSHOT 版本的？", "code_explain", "code_explain"),
    ("说下 common-util 下面那一堆 XxxUtils 各自是干嘛的", "code_explain", "code_explain"),
    ("修改密码的接口在哪个 Controller，走的是哪个 service？", "code_explain", "code_explain"),
    ("这个项目的单元测试怎么跑，要连真实数据库吗", "code_explain", "code_explain"),
    ("CI 里 mvn 打包用的是哪个 profile", "code_explain", "code_explain"),
    (
        "我看 Dockerfile 里 base image 是 openjdk:8-jre，那线上实际跑的是 Java 8 吗",
        "code_explain",
        "code_explain",
    ),
    ("项目里有个 AuditLogAspect，它记录了哪些操作？日志最后落在哪", "code_explain", "code_explain"),
    ("SecurityCheckInterceptor 拦截了哪些 url？", "code_explain", "code_explain"),
    (
        "我在 schema.sql 里看到一个 t_vulnerability_scan 表，它是存什么的？",
        "code_explain",
        "code_explain",
    ),
    ("leak_detect_task 这个定时任务是做啥的", "code_explain", "code_explain"),
    ("我们用的是 MyBatis 还是 MyBatis-Plus？分页是在哪实现的", "code_explain", "code_explain"),
    ("帮我梳理一下 order-service 对外暴露了哪些 REST 接口", "code_explain", "code_explain"),
    ("画个时序图说明一下下单扣库存的整条调用链", "code_explain", "code_explain"),
    (
        "Why are there two ObjectMapper beans in this project? Which one does Feign end up using?",
        "code_explain",
        "code_explain",
    ),
    ("项目里 Redis key 的命名规范是什么，有统一的常量类吗", "code_explain", "code_explain"),
    (
        "LoginController 里的图形验证码是怎么校验的？存在 session 还是 Redis",
        "code_explain",
        "code_explain",
    ),
    (
        "Which Java version do I need to build this? The README says 11 but the pom says 17",
        "code_explain",
        "code_explain",
    ),
    (
        "能不能给我讲讲 ReportExportService 导出大 Excel 的时候是怎么避免 OOM 的",
        "code_explain",
        "code_explain",
    ),
    ("EventBus 在我们项目里是 guava 的还是自己封装的", "code_explain", "code_explain"),
    (
        "我想给新同事写个 onboarding 文档，能先帮我总结下这个项目的整体架构吗",
        "code_explain",
        "code_explain",
    ),
    (
        "不用改任何东西，只是想知道 PaymentCallbackController 收到微信回调以后做了什么",
        "code_explain",
        "code_explain",
    ),
    (
        "这个项目有用 Spring Security 吗还是自己写的拦截器 我看 config 包里啥都有",
        "code_explain",
        "code_explain",
    ),
    ("Kafka 的 topic 名字都定义在哪？", "code_explain", "code_explain"),
    (
        "告诉我 build.gradle 里 implementation 和 api 分别用在了哪些依赖上，为什么这么分",
        "code_explain",
        "code_explain",
    ),
    ("为什么 InventoryService 要加 @Lazy 注入？是因为有循环依赖吗", "code_explain", "code_explain"),
    ("这个项目里哪些地方用到了 ThreadLocal？", "code_explain", "code_explain"),
    ("Explain to me like I'm five what the `saga` package does", "code_explain", "code_explain"),
    ("我们项目在 k8s 上的健康检查探针配的是哪个 endpoint", "code_explain", "code_explain"),
    (
        "看一下 application-prod.yml 里数据库连接池最大连接数配的多少",
        "code_explain",
        "code_explain",
    ),
    (
        "What logging framework does this project use, and where's the logback config?",
        "code_explain",
        "code_explain",
    ),
    ("项目里哪些地方做过性能优化？比如缓存预热是在哪做的", "code_explain", "code_explain"),
    ("这个项目的 SQL 优化是在哪一层做的，有统一的慢查询拦截吗", "code_explain", "code_explain"),
    ("接口文档在哪看？swagger 的地址是什么", "code_explain", "code_explain"),
    (
        "我想问下咱们 repo 里 domain 和 entity 两个包有啥区别 为啥不合并成一个",
        "code_explain",
        "code_explain",
    ),
    ("这个项目是单体还是微服务啊，我看有好多 -service 结尾的目录", "code_explain", "code_explain"),
    # multi-sentence, the last sentence decides
    (
        "volatile 我已经搞懂了，谢谢。回到项目本身：ConfigHolder 里那个 volatile 字段是给谁读的？",
        "code_explain",
        "code_explain",
    ),
    ("Java 的 record 我懂了。那我们项目里有没有哪里用了 record？", "code_explain", "code_explain"),
    (
        "之前说过我们项目在用 ShardingSphere，那它的分片键现在配的是什么？",
        "code_explain",
        "code_explain",
    ),
    # a patch is mentioned but set aside; the question is about the repo
    ("先不管补丁，VehicleController 是干嘛的？", "code_explain", "code_explain"),
    ("补丁等会儿再看。SettleJob 这个类整体是干什么的？", "code_explain", "code_explain"),
    ("diff 我先不看了，RateLimitFilter 的令牌桶参数配在哪", "code_explain", "code_explain"),
    # ------------------------------------------------------------------
    # general_chat: knowledge, practice, tooling, preferences, chit-chat
    # ------------------------------------------------------------------
    # audit / fix / patch words in knowledge questions
    ("代码审计的时候一般先看哪些东西？有没有什么 checklist", "general_chat", "general_chat"),
    (
        "How do people usually fix a memory leak caused by ThreadLocal in a thread pool?",
        "general_chat",
        "general_chat",
    ),
    ("什么是 SQL 注入？MyBatis 的 ${} 为什么会有这个问题", "general_chat", "general_chat"),
    ("检查型异常和非检查型异常到底该怎么选", "general_chat", "general_chat"),
    ("code review 的时候怎么给同事提意见比较不伤人", "general_chat", "general_chat"),
    (
        "how to patch a third-party jar class without forking it? shading, or a javaagent?",
        "general_chat",
        "general_chat",
    ),
    ("git format-patch 和 git diff 生成的补丁有什么区别", "general_chat", "general_chat"),
    ("git apply 的时候报 patch does not apply 一般怎么处理", "general_chat", "general_chat"),
    ("HTTP PATCH 和 PUT 语义上有啥区别，PATCH 需要保证幂等吗", "general_chat", "general_chat"),
    ("修复 log4j2 那个 JNDI 漏洞，一般的处理步骤是什么？", "general_chat", "general_chat"),
    ("SpotBugs 和 SonarQube 查出来的 bug 可信度高吗", "general_chat", "general_chat"),
    ("重构一个上千行的 God class 一般有什么套路？", "general_chat", "general_chat"),
    (
        "What's the safest way to rename a column in MySQL on a big table without downtime?",
        "general_chat",
        "general_chat",
    ),
    ("线程安全的单例有几种写法，双重检查锁为什么一定要 volatile", "general_chat", "general_chat"),
    (
        "ConcurrentModificationException 一般怎么修？除了用迭代器删还有什么办法",
        "general_chat",
        "general_chat",
    ),
    ("OWASP dependency-check 怎么集成到 Maven 构建里", "general_chat", "general_chat"),
    ("为什么说 catch Exception 然后吞掉是坏习惯？", "general_chat", "general_chat"),
    ("为什么 SimpleDateFormat 线程不安全，一般怎么修比较好", "general_chat", "general_chat"),
    (
        "What's the difference between a vulnerability and a bug from a CVSS point of view?",
        "general_chat",
        "general_chat",
    ),
    (
        "空指针一般怎么防？Objects.requireNonNull 和 @NonNull 注解哪个好",
        "general_chat",
        "general_chat",
    ),
    (
        "常见的 Java 反序列化漏洞有哪些，fastjson 那个 autoType 是怎么回事",
        "general_chat",
        "general_chat",
    ),
    ("review 别人代码的时候怎么快速发现并发问题？", "general_chat", "general_chat"),
    ("优化慢 SQL 一般的思路是什么，先看执行计划？", "general_chat", "general_chat"),
    (
        "Is it better practice to add validation in the controller or in the service layer?",
        "general_chat",
        "general_chat",
    ),
    ("什么时候该改成用 switch 模式匹配，而不是一长串 if-else？", "general_chat", "general_chat"),
    ("把 for 循环改成 stream 真的会变慢吗", "general_chat", "general_chat"),
    (
        "How do I refactor a class with 20 constructor params? builder pattern or something else?",
        "general_chat",
        "general_chat",
    ),
    ("面试被问 ThreadLocal 内存泄漏答不上来，到底泄漏在哪", "general_chat", "general_chat"),
    ("Groovy 脚本热加载有什么安全风险？", "general_chat", "general_chat"),
    ("Spring 的 @Transactional 加在 private 方法上为什么不生效", "general_chat", "general_chat"),
    # frameworks the project uses, asked as knowledge
    (
        "我们项目用的 MyBatis-Plus，想问下它的分页插件原理是怎样的，拦截的是哪个阶段",
        "general_chat",
        "general_chat",
    ),
    (
        "Flink 的 exactly-once 到底是怎么靠 checkpoint barrier 实现的",
        "general_chat",
        "general_chat",
    ),
    (
        "Spring Cloud Gateway 的 GlobalFilter 和 GatewayFilter 有什么区别",
        "general_chat",
        "general_chat",
    ),
    (
        "Netty 的 ByteBuf 引用计数没 release 会怎样？ResourceLeakDetector 是怎么发现的",
        "general_chat",
        "general_chat",
    ),
    ("Flowable 和 Activiti 现在选哪个好", "general_chat", "general_chat"),
    ("RocketMQ 的事务消息原理讲一下", "general_chat", "general_chat"),
    ("xxl-job 的分片广播适合什么场景", "general_chat", "general_chat"),
    ("ShardingSphere 分库分表以后跨库分页有什么好办法", "general_chat", "general_chat"),
    ("Seata AT 模式和 TCC 的区别，分别适合什么场景", "general_chat", "general_chat"),
    ("Redisson 的看门狗机制是怎么续期的", "general_chat", "general_chat"),
    (
        "我们用的是 Flink 1.14。问个通用的问题：keyed state 的 TTL 清理是惰性的还是定时的",
        "general_chat",
        "general_chat",
    ),
    (
        "I know our gateway uses Sentinel. Generally speaking though, how does a sliding window rate limiter differ from a token bucket?",
        "general_chat",
        "general_chat",
    ),
    # debugging knowledge, pasted errors from libraries
    (
        "com.zaxxer.hikari.pool.HikariPool$PoolInitializationException: Failed to initialize pool: Communications link failure\n这个报错一般是什么原因？",
        "general_chat",
        "general_chat",
    ),
    (
        "java.lang.OutOfMemoryError: Metaspace\n这种一般怎么排查，跟 groovy 动态加载类有关系吗",
        "general_chat",
        "general_chat",
    ),
    (
        "Caused by: java.lang.IllegalStateException: Failed to load ApplicationContext\n单测里出现这个通常是哪些原因",
        "general_chat",
        "general_chat",
    ),
    (
        'Exception in thread "main" java.lang.UnsupportedClassVersionError: class file version 61.0\nwhat does 61 mean and how do i get past it',
        "general_chat",
        "general_chat",
    ),
    ("jstack 输出里 BLOCKED 和 WAITING 分别说明什么", "general_chat", "general_chat"),
    ("GC 日志里 to-space exhausted 是什么意思", "general_chat", "general_chat"),
    ("Kafka 消费者 rebalance 太频繁一般是什么原因", "general_chat", "general_chat"),
    ("MySQL 的间隙锁什么情况下会死锁", "general_chat", "general_chat"),
    # algorithms
    ("LRU 用 LinkedHashMap 怎么写，面试手写那种", "general_chat", "general_chat"),
    ("一致性哈希的虚拟节点解决了什么问题", "general_chat", "general_chat"),
    ("给我写一个 Java 的令牌桶限流示例", "general_chat", "general_chat"),
    ("布隆过滤器的误判率怎么算", "general_chat", "general_chat"),
    ("Dijkstra 和 A* 在路径规划里怎么选？我们做物流的经常遇到", "general_chat", "general_chat"),
    ("HashMap 1.8 为什么链表长度到 8 才转红黑树", "general_chat", "general_chat"),
    # architecture and practice
    ("DDD 里聚合根该怎么划分，有没有简单点的判断标准", "general_chat", "general_chat"),
    ("微服务之间到底该用同步调用还是发消息？", "general_chat", "general_chat"),
    ("outbox pattern 和事务消息比有什么优劣", "general_chat", "general_chat"),
    ("单元测试里 mock 太多是不是说明设计有问题", "general_chat", "general_chat"),
    (
        "What's a good branching strategy for a team of 6 doing weekly releases?",
        "general_chat",
        "general_chat",
    ),
    ("日志里打印用户手机号要脱敏吗，一般怎么做", "general_chat", "general_chat"),
    ("讲讲 CAP 定理，我总记不住 P 是啥", "general_chat", "general_chat"),
    ("OAuth2 的授权码模式为啥要多一步 code 换 token", "general_chat", "general_chat"),
    ("jwt 放 localStorage 还是 cookie 比较安全", "general_chat", "general_chat"),
    ("idempotency key 一般存多久合适", "general_chat", "general_chat"),
    (
        "说说你对 clean code 里“函数只做一件事”的理解，会不会拆得太碎",
        "general_chat",
        "general_chat",
    ),
    ("分布式锁用 Redis 还是 ZooKeeper", "general_chat", "general_chat"),
    ("写单测的时候 private 方法要不要测", "general_chat", "general_chat"),
    ("哪些场景下不应该用 Lombok", "general_chat", "general_chat"),
    (
        "so in general, is it worth adding checkstyle to a legacy codebase, or does it just create noise?",
        "general_chat",
        "general_chat",
    ),
    ("推荐一个轻量点的规则引擎，Drools 太重了", "general_chat", "general_chat"),
    ("JDK 8 升到 17 一般会遇到哪些坑", "general_chat", "general_chat"),
    ("ZGC 适合 8G 堆的普通业务服务吗，还是 G1 就够了", "general_chat", "general_chat"),
    # tooling
    ("IDEA 里怎么远程 debug 一个跑在 docker 里的 Java 进程", "general_chat", "general_chat"),
    ("maven 依赖冲突怎么快速定位，dependency:tree 怎么看", "general_chat", "general_chat"),
    ("arthas 的 watch 和 trace 命令有什么区别", "general_chat", "general_chat"),
    ("gradle 的 implementation 和 api 有什么区别", "general_chat", "general_chat"),
    ("怎么给一个 Spring Boot starter 写自动配置？", "general_chat", "general_chat"),
    ("怎么写一个 javaagent 做方法耗时统计", "general_chat", "general_chat"),
    ("怎么用 JMH 正确地做微基准测试", "general_chat", "general_chat"),
    ("EXPLAIN 里 type=index 和 type=ALL 哪个更糟", "general_chat", "general_chat"),
    # Java language, various registers
    ("Lombok 的 @Builder 和继承一起用有啥坑", "general_chat", "general_chat"),
    ("Java 的 String.intern 现在还有人用吗", "general_chat", "general_chat"),
    (
        "Stream 的 parallel() 跑在 ForkJoinPool.commonPool 里，会不会被别的任务拖慢？",
        "general_chat",
        "general_chat",
    ),
    ("CompletableFuture thenApply 和 thenCompose 啥区别，老是搞混", "general_chat", "general_chat"),
    ("JPA 的 N+1 问题怎么破，EntityGraph 靠谱吗", "general_chat", "general_chat"),
    (
        "what is the difference between Mono and Flux, and when would I even need reactive",
        "general_chat",
        "general_chat",
    ),
    ("Java里面 == 和 equals 的区别 Integer 缓存是-128到127吗", "general_chat", "general_chat"),
    (
        "What happens if two threads call put on a HashMap at the same time in Java 7? I heard it can loop forever",
        "general_chat",
        "general_chat",
    ),
    ("Java 有没有类似 Go 的 defer", "general_chat", "general_chat"),
    (
        "can you recommend a book on JVM internals that isn't outdated",
        "general_chat",
        "general_chat",
    ),
    # voice-input style, no punctuation
    (
        "我想问一下就是说volatile和synchronized到底有啥区别啊我一直搞不太懂能不能通俗点讲一下",
        "general_chat",
        "general_chat",
    ),
    ("那个什么叫做零拷贝啊kafka为什么那么快是因为这个吗", "general_chat", "general_chat"),
    (
        "就是我们组长老说要写防御式编程那到底是个啥意思啊要每个参数都判空吗",
        "general_chat",
        "general_chat",
    ),
    # non-native English
    (
        "What means 'happens-before' in java memory model? I read many times but still not understand",
        "general_chat",
        "general_chat",
    ),
    (
        "how i can make the hashmap thread safe without lose performance",
        "general_chat",
        "general_chat",
    ),
    (
        "Please explain me difference of @Component and @Bean, when use which",
        "general_chat",
        "general_chat",
    ),
    # preferences
    ("以后回答尽量短一点，先给结论", "general_chat", "general_chat"),
    (
        "from now on please answer in English, my team lead reads these",
        "general_chat",
        "general_chat",
    ),
    (
        "代码示例以后统一用 Java 17 的写法吧，别再 new ArrayList<String>() 那种了",
        "general_chat",
        "general_chat",
    ),
    ("别老是用 emoji 了，看着乱", "general_chat", "general_chat"),
    ("以后给我补丁的时候先用一句话说明改了什么，再贴 diff", "general_chat", "general_chat"),
    ("叫我小陈就行，不用您您您的", "general_chat", "general_chat"),
    (
        "I'm a Go developer, so please compare Java things to Go when you explain them",
        "general_chat",
        "general_chat",
    ),
    # chit-chat
    ("哈哈 你还挺懂的", "general_chat", "general_chat"),
    ("thanks, that was helpful", "general_chat", "general_chat"),
    ("你好，你都能干啥", "general_chat", "general_chat"),
    ("今天加班到十点，脑子已经不转了", "general_chat", "general_chat"),
    ("are you using GPT or something else under the hood?", "general_chat", "general_chat"),
    # follow-ups that carry their own subject
    ("刚才说的 happens-before 能再举个具体例子吗", "general_chat", "general_chat"),
    ("那 ReentrantLock 的公平锁呢，性能差多少", "general_chat", "general_chat"),
    (
        "ok, and what about virtual threads in Java 21, do they make thread pools obsolete?",
        "general_chat",
        "general_chat",
    ),
    ("再展开讲讲 CAS 的 ABA 问题", "general_chat", "general_chat"),
    # multi-sentence, the last sentence decides
    (
        "我们项目是 TMS，调度那块我已经看完了。换个话题，Java 里 record 能不能继承别的类？",
        "general_chat",
        "general_chat",
    ),
    (
        "补丁先放着，我问个别的：Java 里 sealed interface 有什么实际用处",
        "general_chat",
        "general_chat",
    ),
    (
        "刚刚看了 WaybillServiceImpl 的代码，写得挺乱的，不过先不用管它。我比较好奇的是一般大家怎么组织 service 层才能不变成大泥球",
        "general_chat",
        "general_chat",
    ),
    # ------------------------------------------------------------------
    # code_audit: inspect THIS repository's code for problems, or change it
    # ------------------------------------------------------------------
    # logistics TMS
    (
        "WaybillServiceImpl 的 createWaybill 也太长了吧，四百多行，看着头疼",
        "code_audit",
        "code_audit",
    ),
    ("帮我看看 DispatchScheduler 会不会把同一个运单派给两个司机", "code_audit", "code_audit"),
    ("FreightCalculator 里金额全是 double 算的，改成 BigDecimal", "code_audit", "code_audit"),
    (
        "你帮我看一下那个结算那块的代码是不是有问题啊我感觉月底对账老是对不上",
        "code_audit",
        "code_audit",
    ),
    (
        "don't touch the tests, just fix the NPE in WaybillParser.parseConsignee when the phone field is missing",
        "code_audit",
        "code_audit",
    ),
    (
        "GreedyAssigner 那个 O(n^2) 的循环能不能优化一下？车一多要跑好几秒",
        "code_audit",
        "code_audit",
    ),
    ("给 WaybillController 的查询接口加上分页，返回结构不要变", "code_audit", "code_audit"),
    ("运单号生成在多实例部署下会重复吗？看一下 WaybillNoGenerator", "code_audit", "code_audit"),
    ("能不能帮我把 TrackingService 拆一下，现在又管轨迹又管告警", "code_audit", "code_audit"),
    (
        "java.lang.NullPointerException\n\tat com.acme.tms.settle.SettleJob.reconcile(SettleJob.java:212)\n\tat com.acme.tms.settle.SettleJob.execute(SettleJob.java:77)\n线上每天凌晨都报这个，帮忙修一下",
        "code_audit",
        "code_audit",
    ),
    (
        "DispatchScheduler 里 catch 完异常只打了个 e.printStackTrace()，全换成 log.error 并带上运单号",
        "code_audit",
        "code_audit",
    ),
    (
        "The method calculateFreight is too much long, please make it more short and clean",
        "code_audit",
        "code_audit",
    ),
    (
        "Can you make the WaybillDao use batch insert instead one by one? it is very slow",
        "code_audit",
        "code_audit",
    ),
    (
        "这个类的名字 DataHandlerImpl2 太随意了，改成 WaybillImportHandler，引用的地方一起改",
        "code_audit",
        "code_audit",
    ),
    ("增加一个 /api/waybills/export 的导出接口，复用现有的查询条件", "code_audit", "code_audit"),
    ("ShipmentMapper.xml 里用了 ${orderBy}，会被注入吗", "code_audit", "code_audit"),
    ("别动数据库结构，在代码层面给运单的重复提交做个防重", "code_audit", "code_audit"),
    (
        "只改 SettleJob，其他类一个都不要碰，把 reconcile 里的空指针处理掉",
        "code_audit",
        "code_audit",
    ),
    (
        "把 dispatch 模块里用到 java.util.Date 的地方都换成 LocalDateTime",
        "code_audit",
        "code_audit",
    ),
    (
        "刚才你讲了 DispatchScheduler 的流程，我听明白了。那就顺手把里面那个 sleep 轮询改成 DelayQueue 吧",
        "code_audit",
        "code_audit",
    ),
    (
        "说真的 SettlementService 那个 3000 行的类你能帮我拆成几个小的吗 按领域拆",
        "code_audit",
        "code_audit",
    ),
    (
        "@tms-settle/src/main/java/com/acme/tms/settle/InvoiceBuilder.java 这里的税率计算有没有精度问题？",
        "code_audit",
        "code_audit",
    ),
    (
        "检查一下 VehicleTrackConsumer 有没有丢消息的可能，比如 offset 自动提交了但处理失败",
        "code_audit",
        "code_audit",
    ),
    # hospital HIS
    (
        "RegistrationServiceImpl 并发挂号的时候号源会不会超卖？帮我查一下",
        "code_audit",
        "code_audit",
    ),
    (
        "PrescriptionController 的入参完全没有校验，给它加上 @Valid 和对应的约束",
        "code_audit",
        "code_audit",
    ),
    ("病历导出那块把身份证号明文写进日志了，改成脱敏输出", "code_audit", "code_audit"),
    (
        "我这边看 EmrLockManager 的锁好像从来没释放过，你确认下是不是泄漏了，是的话修掉",
        "code_audit",
        "code_audit",
    ),
    ("HIS 里所有拼 SQL 的地方都过一遍，看看有没有注入", "code_audit", "code_audit"),
    (
        "这个项目的结构我大概看过了，挂号模块也看了。帮我检查一下 RegistrationServiceImpl.cancel 有没有重复退款的问题",
        "code_audit",
        "code_audit",
    ),
    # ERP
    (
        "VoucherPostingJob 在两个节点上同时跑会不会重复过账，会的话加个分布式锁",
        "code_audit",
        "code_audit",
    ),
    (
        "PurchaseOrderService.approve 里 try catch 把异常全吞了，这合理吗？不合理就改掉",
        "code_audit",
        "code_audit",
    ),
    (
        "把 erp-finance 里的魔法数字都抽成常量吧，到处都是 1、2、3 这种状态码",
        "code_audit",
        "code_audit",
    ),
    (
        "InventoryCostCalculator 的移动加权平均好像算错了，退货的时候成本不对，看看",
        "code_audit",
        "code_audit",
    ),
    (
        "rename `erp-base`'s `Util2` class to something meaningful and update all references",
        "code_audit",
        "code_audit",
    ),
    ("有空的话帮我把 WarehouseController 的 swagger 注解补全", "code_audit", "code_audit"),
    # game server
    ("GuildManager 里那个 HashMap 被多个线程改，给它弄成线程安全的", "code_audit", "code_audit"),
    (
        "PlayerSession 断线重连的时候老数据没清，内存一直涨，帮我找找泄漏点",
        "code_audit",
        "code_audit",
    ),
    ("充值回调 RechargeCallbackHandler 有没有验签？没有的话补上", "code_audit", "code_audit"),
    (
        "协议解码 MsgDecoder 没判断包长度，恶意客户端发个超大长度会不会把服务打挂",
        "code_audit",
        "code_audit",
    ),
    ("背包 BagService.addItem 超过堆叠上限的时候没处理，改一下", "code_audit", "code_audit"),
    (
        "the GM command handler lets any player run /additem if they know the opcode?? pls check and lock it down",
        "code_audit",
        "code_audit",
    ),
    (
        "@game-logic/src/main/java/com/fun/game/battle/DamageCalc.java 暴击伤害溢出 int 了，改成 long",
        "code_audit",
        "code_audit",
    ),
    (
        "我怀疑 GuildWarMatcher 有个 bug：两个公会分数相同的时候会匹配到自己，麻烦看一下",
        "code_audit",
        "code_audit",
    ),
    # message queue
    (
        "CommitLog 的 mmap 文件是不是没 unmap，跑久了 too many open files，查一下",
        "code_audit",
        "code_audit",
    ),
    (
        "ConsumerOffsetManager 持久化 offset 的时候没加锁，可能写出半截文件，修一下",
        "code_audit",
        "code_audit",
    ),
    ("review 一下 DelayMessageService，特别是时间轮的边界处理", "code_audit", "code_audit"),
    (
        "CommitLog 的 recover 方法在文件尾部有脏数据的时候会死循环吗？看下",
        "code_audit",
        "code_audit",
    ),
    ("MessageConsumer 里到处都是 Thread.sleep，这也太糙了", "code_audit", "code_audit"),
    (
        "就是说我们那个消息重试的地方好像会无限重试你帮我看下是不是这样的话给它加个上限",
        "code_audit",
        "code_audit",
    ),
    # crawler
    ("PageFetcher 连接没 close，爬一晚上 socket 就耗尽了，帮我改改", "code_audit", "code_audit"),
    ("UrlFrontier 的 addAll 能不能改成批量写 Redis，现在一条一条太慢", "code_audit", "code_audit"),
    ("crawler-worker 现在不管 robots.txt，给它加上 robots 检查", "code_audit", "code_audit"),
    (
        "CrawlerScheduler 每次启动都会把所有种子 URL 重新入队，导致重复抓，帮我修正",
        "code_audit",
        "code_audit",
    ),
    # CMS
    ("文章详情页的富文本直接输出到模板里了，会有 XSS 吧？处理一下", "code_audit", "code_audit"),
    (
        "ArticlePublishService 里 publish 和 schedulePublish 有一大段重复代码，合并一下",
        "code_audit",
        "code_audit",
    ),
    ("上传附件没限制文件类型，jsp 都能传上去，赶紧堵上", "code_audit", "code_audit"),
    (
        "@cms-web/src/main/java/com/cms/web/CommentController.java review 一下",
        "code_audit",
        "code_audit",
    ),
    # OA workflow
    (
        "ApprovalFlowEngine 会签节点并发审批的时候状态会不会被覆盖？帮我检查下",
        "code_audit",
        "code_audit",
    ),
    ("把 oa-workflow 里 flowable 已经 deprecated 的 API 都替换掉", "code_audit", "code_audit"),
    (
        "请假天数计算没考虑节假日，LeaveDaysCalculator 改一下，节假日从 HolidayService 取",
        "code_audit",
        "code_audit",
    ),
    ("FlowNodeHandler 里 instanceof 一长串，用策略模式重写一下", "code_audit", "code_audit"),
    # Flink job
    (
        "OrderEnrichJob 的 state 没设 TTL，跑了一个月 checkpoint 涨到 200G 了，给加上",
        "code_audit",
        "code_audit",
    ),
    (
        "DimJoinFunction 里每条数据都 new 一个 HttpClient，改成在 open() 里初始化",
        "code_audit",
        "code_audit",
    ),
    (
        "窗口聚合那里用的是 processing time，改成 event time 吧，乱序数据都算错了",
        "code_audit",
        "code_audit",
    ),
    # gateway
    ("RateLimitFilter 的计数器在集群下是各算各的，改成基于 Redis 的", "code_audit", "code_audit"),
    (
        "AuthFilter 白名单用 startsWith 匹配 /public，那 /publicxxx 也能绕过吧？修一下",
        "code_audit",
        "code_audit",
    ),
    ("网关打印请求日志的时候把 Authorization 头也打出来了，去掉", "code_audit", "code_audit"),
    ("这一堆 if else 谁写的，ChannelRouter.route 看得我眼睛疼", "code_audit", "code_audit"),
    (
        "ApiSignInterceptor 的时间戳校验窗口是 24 小时？太长了吧，改成 5 分钟",
        "code_audit",
        "code_audit",
    ),
    # banking, payment, IoT, WMS, others
    (
        "Could you maybe take a look at whether AccountLedgerService has any race conditions? We had a double-debit incident last week.",
        "code_audit",
        "code_audit",
    ),
    (
        "I don't want a big refactor. Just make CouponRedeemService.redeem idempotent, minimal change.",
        "code_audit",
        "code_audit",
    ),
    (
        "我觉得 ClaimService 的状态流转写得有点问题，驳回后还能再提交吗？你帮我确认下有没有漏判",
        "code_audit",
        "code_audit",
    ),
    ("DeviceShadowService 的 merge 方法太复杂了，能简化一下吗", "code_audit", "code_audit"),
    (
        "StockLockService 解锁的时候没校验锁的持有者，会不会把别人的锁给解了",
        "code_audit",
        "code_audit",
    ),
    (
        "ParkingFeeCalculator 跨天计费那段算错了，23:50 进 00:10 出收了两天的钱，修",
        "code_audit",
        "code_audit",
    ),
    ("请帮忙给 ResumeParser 加一个超时，OCR 服务一挂整个线程池都卡住", "code_audit", "code_audit"),
    ("不要改接口，只改实现：UserQueryService.findByPhone 改成先走缓存", "code_audit", "code_audit"),
    ("不需要解释，直接把 TokenUtil 里硬编码的密钥挪到配置里", "code_audit", "code_audit"),
    (
        "我们新来的实习生写了个 ExcelImportListener，我看了一眼就头大了，你帮我从头到尾挑挑毛病",
        "code_audit",
        "code_audit",
    ),
    (
        "The README says the project supports Java 17 but I suspect some code still uses sun.misc APIs. Find them and replace them with supported alternatives.",
        "code_audit",
        "code_audit",
    ),
    (
        "那个登录那块我感觉有问题就是密码错好多次也不会锁账号你帮我加一个错五次锁十分钟的逻辑",
        "code_audit",
        "code_audit",
    ),
    (
        "你看下那个导出的接口啊就是ReportExportService那个一导大数据就OOM你帮我改成分批写的那种",
        "code_audit",
        "code_audit",
    ),
    (
        "pls check if there is some place we not close the InputStream in file-service",
        "code_audit",
        "code_audit",
    ),
    (
        "OrderTimeoutJob 里的 for 循环里 remove 元素会 ConcurrentModificationException 吧，fix it",
        "code_audit",
        "code_audit",
    ),
    ("把 UserController 里所有的 System.out.println 换成 log.info", "code_audit", "code_audit"),
    (
        "CacheManager 的 get 方法 double-check 没加 volatile，帮忙 patch 一下",
        "code_audit",
        "code_audit",
    ),
    ("给 SmsSender 加个单元测试，覆盖发送失败重试的那几个分支", "code_audit", "code_audit"),
    (
        "AuthService catches Throwable and returns null. That's going to bite us in prod, sort it out.",
        "code_audit",
        "code_audit",
    ),
    (
        "NoticeService 是在事务里发的 MQ，事务回滚了消息却已经发出去了，对吧？直接改成事务提交后再发",
        "code_audit",
        "code_audit",
    ),
    (
        "这段代码有没有线程安全问题 @iot-core/src/main/java/com/acme/iot/SessionRegistry.java",
        "code_audit",
        "code_audit",
    ),
    (
        "DeviceCommandSender 重试的时候会不会把同一条指令发两次，导致设备动作执行两遍？",
        "code_audit",
        "code_audit",
    ),
    ("isExpired 判断写反了吧？CouponValidator 第 37 行", "code_audit", "code_audit"),
    (
        "SignUtil 里 MD5 拼 key 做签名，这个安全性够吗，不够就换成 HMAC-SHA256",
        "code_audit",
        "code_audit",
    ),
    ("所有 Controller 的入参我都想加上统一的参数校验，能帮我搞一下吗", "code_audit", "code_audit"),
    (
        "remove the unused `legacy` package and everything that only it references",
        "code_audit",
        "code_audit",
    ),
    (
        "TaskExecutorConfig 里线程池队列是无界的，改成有界的再加个拒绝策略",
        "code_audit",
        "code_audit",
    ),
    (
        "ExportTask 的临时文件没删，磁盘满过一次，查下还有哪些地方也是这样",
        "code_audit",
        "code_audit",
    ),
    ("看下整个项目里有没有用 == 比较 Long 的地方", "code_audit", "code_audit"),
    ("依赖里有没有带已知漏洞的版本？有的话帮我升到安全版本", "code_audit", "code_audit"),
    ("fastjson 还在用 1.2.47，直接帮我换成 jackson 吧", "code_audit", "code_audit"),
    (
        "spring-boot-starter-actuator 的端点全暴露了，收一下，只留 health",
        "code_audit",
        "code_audit",
    ),
    (
        "MqttInboundHandler 解析 payload 直接 new String(bytes)，没指定编码，改掉",
        "code_audit",
        "code_audit",
    ),
    ("PayNotifyController 回调里先改状态再验签，顺序反了吧，调一下", "code_audit", "code_audit"),
    (
        "请把 BookingService.book 里的 synchronized 换成分布式锁，我们现在部署了三台",
        "code_audit",
        "code_audit",
    ),
    (
        "The `retryCount` in OutboxRelay is never reset, so after one failure every later message is treated as a retry. Please fix.",
        "code_audit",
        "code_audit",
    ),
    (
        "我们登录接口返回的错误信息区分了“用户不存在”和“密码错误”，这样有用户枚举的风险吧？改成统一提示",
        "code_audit",
        "code_audit",
    ),
    ("JwtFilter 是不是没校验 token 的过期时间？你看下 parse 那段", "code_audit", "code_audit"),
    (
        "帮我把 LegacyPriceService 标成 @Deprecated，并且把调用方都迁到 PriceServiceV2",
        "code_audit",
        "code_audit",
    ),
    (
        "refactor: extract the SMS template building out of NotifyServiceImpl into its own class",
        "code_audit",
        "code_audit",
    ),
    (
        "能不能帮我把 SettlementService 里那几个 static 工具方法挪到 SettlementUtils 去？",
        "code_audit",
        "code_audit",
    ),
    # a patch is pending but the request is a new, separate audit
    (
        "补丁先不确认。另外帮我看下 PaymentRefundService 有没有重复退款的问题",
        "code_audit",
        "code_audit",
    ),
    # ------------------------------------------------------------------
    # patch questions and revisions: patch intents only while a patch is
    # pending; with no pending patch they can only be code_audit
    # ------------------------------------------------------------------
    # patch_explain
    ("为什么这么改？", "code_audit", "patch_explain"),
    ("这个补丁为啥把 synchronized 去掉了，不会有并发问题吗", "code_audit", "patch_explain"),
    (
        "what does this patch change exactly? give me the short version",
        "code_audit",
        "patch_explain",
    ),
    ("补丁里第二处改动是干嘛的，就是 WaybillDao 那块", "code_audit", "patch_explain"),
    ("diff 里为什么连 DTO 也动了", "code_audit", "patch_explain"),
    ("这个补丁上线以后会不会影响已经跑完的历史数据？", "code_audit", "patch_explain"),
    (
        "Is the patch backwards compatible with clients that are still on the v1 API?",
        "code_audit",
        "patch_explain",
    ),
    ("patch 里 @Transactional 为啥加在 private 方法上？", "code_audit", "patch_explain"),
    ("我没太看懂你补丁里用 computeIfAbsent 的那一行，能解释下吗", "code_audit", "patch_explain"),
    ("你这个补丁上线前需要跑数据迁移吗", "code_audit", "patch_explain"),
    (
        "why did you add a null check in the patch instead of using Optional?",
        "code_audit",
        "patch_explain",
    ),
    ("补丁改完以后 GreedyAssigner 的时间复杂度是多少", "code_audit", "patch_explain"),
    ("这次的补丁有没有考虑到多实例部署的情况？", "code_audit", "patch_explain"),
    ("用通俗点的话说一下这个补丁到底修了个啥", "code_audit", "patch_explain"),
    ("patch 会影响哪些调用方？", "code_audit", "patch_explain"),
    (
        "Walk me through the diff of the patch line by line, I need to explain it to my lead",
        "code_audit",
        "patch_explain",
    ),
    ("补丁里新加的那个 RETRY_LIMIT 为啥取 3", "code_audit", "patch_explain"),
    ("我老板问这个补丁有没有风险，我该怎么跟他说", "code_audit", "patch_explain"),
    ("就是你刚给的那个补丁它为什么要把锁的范围缩小啊我没看懂", "code_audit", "patch_explain"),
    ("补丁 diff 的第 3 个 hunk 删掉的那几行原来是干嘛用的", "code_audit", "patch_explain"),
    # patch_revise
    ("补丁里测试文件那部分去掉，测试我自己来改", "code_audit", "patch_revise"),
    ("use a switch expression instead of the if-chain in the patch", "code_audit", "patch_revise"),
    ("这个补丁太激进了，只改 null 判断那一行就行，其他的都还原", "code_audit", "patch_revise"),
    ("补丁 diff 里那些 import 顺序调整别带上，看着干扰", "code_audit", "patch_revise"),
    ("补丁能不能顺便把 WaybillDao 里同样的问题也一起修了", "code_audit", "patch_revise"),
    (
        "In the patch, keep the old method signature and add an overload instead of changing it",
        "code_audit",
        "patch_revise",
    ),
    (
        "patch 里 @Transactional 加在 private 方法上是不生效的，挪到 public 的 submit 上",
        "code_audit",
        "patch_revise",
    ),
    ("补丁里的魔法数字 3 抽成常量 MAX_RETRY", "code_audit", "patch_revise"),
    (
        "换个思路吧，补丁别用 synchronized 了，改用 version 字段做乐观锁",
        "code_audit",
        "patch_revise",
    ),
    ("补丁里的变量名 tmp 改成 retryCount", "code_audit", "patch_revise"),
    (
        "can you redo the patch without the Lombok annotations? we're removing lombok",
        "code_audit",
        "patch_revise",
    ),
    ("补丁里日志级别用 warn 就行，别用 error", "code_audit", "patch_revise"),
    ("你给的补丁里 catch 的是 Exception，收窄到 IOException", "code_audit", "patch_revise"),
    ("补丁没问题，就是注释写成中文吧", "code_audit", "patch_revise"),
    ("补丁的 diff 太大了，拆成最小改动，只保留修 NPE 的部分", "code_audit", "patch_revise"),
    ("把补丁里新增的 util 方法挪到已有的 StringUtils 里，不要新建类", "code_audit", "patch_revise"),
    (
        "the patch looks ok but please also add a unit test for the empty-list case",
        "code_audit",
        "patch_revise",
    ),
    ("就是你那个补丁啊能不能不要改方法签名了调用方太多了", "code_audit", "patch_revise"),
    (
        "Please revert the pom.xml change in the patch, we can't bump versions this sprint",
        "code_audit",
        "patch_revise",
    ),
    ("补丁里那段 stream 写得太绕了，改回普通 for 循环", "code_audit", "patch_revise"),
    (
        "这个补丁我看了，逻辑是对的，但是别在 Controller 层判空，放到 Service 里",
        "code_audit",
        "patch_revise",
    ),
    ("补丁为什么这么改？改回原来的写法，只加个判空就行", "code_audit", "patch_revise"),
]
