"""General knowledge and conversation: the words of a knowledge question (a concept, a
comparison, practice, a how-to in general), the topics of the Java world, greetings,
follow-ups and lasting wishes about the answers; and the names of the Java world and
the common English words, which are no names of this repository (with their lookup,
typos included).
"""

from __future__ import annotations

from functools import lru_cache

from autopatch_memory import limits

from .lexicon import CJK, Lexicon, any_of, rx

# Words of a knowledge question: a concept, a comparison, practice, a how-to in general.
_GENERIC_WORDS = (
    "什么是", "啥是", "什么叫", "原理", "区别", "差别", "差异", "对比", "哪个好", "哪个更好",
    "怎么选", "如何选", "选哪个", "优缺点", "优劣", "利弊", "一般", "通常", "常见", "常用", "通用",
    "有哪些方案", "哪些方式", "有什么办法", "解决办法", "解决方案", "怎么设计", "如何设计",
    # A recommendation or other ways in general: "有什么好的 checklist", "还有别的防法吗".
    "有什么好的", "有没有好的", "有哪些好的", "有什么好用的", "防法", "防范方法", "别的办法",
    "其他办法", "别的方法", "其他方法", "别的手段", "其他手段",
    "最佳实践", "值得", "怎么理解", "如何理解", "底层", "为什么会", "到底", "一定要", "面试",
    "学习", "入门", "教程", "举个例子", "举例", "有什么坑", "有哪些坑", "怎么排查", "如何排查",
    "怎么定位", "如何定位", "怎么避免", "如何避免", "怎么防止", "如何防止", "怎么保证", "如何保证",
    "比较好", "比较靠谱", "靠谱吗", "好不好", "有必要", "能不能用", "行不行", "科普", "你觉得",
    "你认为", "什么场景", "哪些场景", "使用场景", "应用场景", "应该怎么", "该怎么", "最好怎么",
    "有啥区别", "有什么区别", "怎么区分", "为什么说", "都说", "听说", "网上说", "据说", "看重什么",
    "最看重", "注意什么", "注意哪些", "的时候要注意", "优势在哪", "优势主要在哪", "好在哪",
    "强在哪", "区别在哪", "不同在哪", "差异在哪", "优点在哪", "哪个更成熟", "更成熟", "哪几步",
    "几个步骤", "什么情况下", "哪些情况", "什么时候会", "what is a", "what is an", "what's a",
    "what's an", "what are the differences", "what does it mean", "define", "definition",
    "difference", "differences", "differ", "vs", "versus", "compare", "comparison", "pros and cons",
    "trade-offs", "tradeoffs", "trade-off", "advantages", "disadvantages", "best practice",
    "best practices", "best way", "good way", "right way", "recommended", "recommend", "should i",
    "is it better", "when should", "when to", "when would", "how do i", "how do you", "how to",
    "how can i", "how should i", "how would i", "in general", "in java", "in spring", "typically",
    "usually", "generally", "commonly", "idiomatic", "tips", "explain the concept",
    "under the hood", "internals", "what causes", "why do people", "is it safe to", "is it ok to",
    "is it good", "any good", "worth it", "your opinion", "what do you think", "a good", "a book",
    "books", "tutorial", "which one", "which is better", "when do i", "when do you", "in practice",
    "in real life", "how do people", "what do people", "how do teams", "in most projects",
    "where do i start", "where do i even start", "still relevant", "actually possible",
    # What a symptom says in general: "mock 太多是不是说明设计有问题", "is that a sign of…".
    "是不是说明", "是否说明", "说明了什么", "是不是意味着", "意味着什么", "is that a sign",
    "is it a sign", "a sign of", "does that mean", "does it mean",
    # A recommendation asked: "推荐一个轻量点的规则引擎", "any recommendations".
    "推荐一个", "推荐一款", "推荐几个", "推荐个", "推荐一下", "有什么推荐", "有推荐的",
    "recommend a", "recommend an", "recommend some", "any recommendations", "is it worth",
    "worth adding", "worth introducing",
)  # fmt: skip
GENERIC = Lexicon(_GENERIC_WORDS)
COMPARISON_WORDS = frozenset(
    {"区别", "差别", "差异", "对比", "有啥区别", "有什么区别", "怎么区分", "difference",
     "differences", "differ", "vs", "versus", "compare", "comparison", "what are the differences"}
)  # fmt: skip
# "用 Redis 还是 ZooKeeper 好？": an advice between alternatives.
ADVICE_RE = rx(
    r"还是[^，,。？?]{1,24}(?:好|合适|更好|靠谱|快|安全|稳妥|合理|主流|省事|方便)|哪个(?:好|更好|合适|快|更快|慢|高效)"
    r"|谁(?:更)?(?:快|好)|\bor\b.{1,30}\b(?:better|faster)\b"
)
# "分布式锁用 Redis 还是 ZooKeeper": a choice between two names, asked bare (not "用的 X 还是
# Y", what was chosen here); of a topic of the Java world, an advice.
BARE_CHOICE_RE = rx(
    r"(?<![是的])(?:用|选|选用|上)\s*([a-z][\w.+-]*)\s*还是\s*(?:用|选)?\s*([a-z][\w.+-]*)"
)
# Words of a knowledge question that a question about this application uses too
# ("排序规则是什么", "What are the main dependencies?"): knowledge only with nothing specific.
_GENERIC_WEAK_WORDS = (
    "是什么", "是啥", "有哪些", "有哪几种", "什么方式", "怎么实现", "如何实现", "怎么优化",
    "如何优化", "怎么解决", "如何解决", "适合", "适用", "推荐", "建议", "怎么用", "如何使用",
    "用法", "写法", "怎么做", "如何做", "怎么写", "如何写", "应该", "最好", "合适", "有什么用",
    "有啥用", "什么作用", "啥作用", "what is", "what are", "what's", "common", "should", "什么意思",
    "啥意思", "what does it mean", "mean",
)  # fmt: skip
GENERIC_WEAK = Lexicon(_GENERIC_WEAK_WORDS)
# "是怎么实现的", "是如何配置的": how it was done here, not how to do it.
FACT_FORM_RE = rx(
    r"是(?:怎么|如何|怎样|咋)[^，,。？?；;]{0,14}?的|(?:怎么|如何|怎样|咋)[^，,。？?；;]{0,14}?的(?=[？?]|$)"
)
HOW_TO_RE = rx(
    r"(?<!会)(?:怎么|如何|怎样|咋)(?!样|回事)|\bhow (?:to|do i|do you|can i|should i|would i"
    r"|could i|i can|i could|i should|one can|can one)\b|(?:^|[,，]\s*)how\??$"
)
# Chinese terms of the Java world that open a knowledge question ("线程池的核心参数怎么设置").
_ZH_TECH_TOPICS = (
    "线程池", "线程", "锁", "分布式锁", "事务", "索引", "缓存", "消息队列", "死信队列", "延迟队列",
    "雪花算法", "布隆过滤器", "单例", "设计模式", "反射", "泛型", "注解", "动态代理", "垃圾回收",
    "内存模型", "类加载", "序列化", "乐观锁", "悲观锁", "读写锁", "自旋锁", "哈希", "红黑树",
    "链表", "数组", "队列", "算法", "快排", "排序", "二分", "递归", "动态规划", "限流", "熔断",
    "降级", "负载均衡", "注册中心", "配置中心", "网关", "微服务", "分库分表", "读写分离",
    "主从复制", "幂等", "分布式事务", "最终一致性", "充血模型", "贫血模型", "领域驱动", "协程",
    "虚拟线程", "异步", "同步", "并发", "死锁", "原子性", "可见性", "依赖注入", "控制反转", "切面",
    "拦截器", "过滤器", "正则", "时区", "检查型异常", "非检查型异常", "运行时异常", "异常",
    "深拷贝", "浅拷贝", "值传递", "引用传递", "接口", "抽象类", "内部类", "匿名类", "枚举", "集合",
    "字符串", "包装类", "自动装箱", "函数式", "响应式", "长连接", "短连接", "跨域", "缓存穿透",
    "缓存击穿", "缓存雪崩", "双写一致", "限流算法", "令牌桶", "漏桶", "灰度发布", "蓝绿部署",
)  # fmt: skip
# The topic a message opens with: "HashMap 为什么线程不安全", "How does Spring resolve…".
TOPIC_RE = any_of(
    # A Latin name opening a Chinese question (after a polite opener): "HashMap 为什么…".
    r"^(?:请问|问下|问一下|想问下|想问一下|那|那么|所以|关于|说说|讲讲|聊聊|介绍一下|介绍下"
    r"|解释一下|解释下|讲一下|说一下|可以讲讲|能讲讲|能不能讲讲)?\s*"
    r"(@?[a-z][a-z0-9.+#-]*(?:\s?[a-z0-9.+#-]+){0,2}\s?(?=[" + CJK + r"]|$))",
    # A Chinese term of the Java world opening the question: "线程池的核心参数怎么设置".
    r"^(?P<zh_term>" + "|".join(_ZH_TECH_TOPICS) + ")",
    # The subject of an English question: "How does Spring resolve…", "Is HashMap…".
    r"^(?:how|why|when|what|where|which) (?:does|do|is|are|did|can|should|would|will|could)"
    r" (?:the |a |an )?(@?[a-z][\w.+#-]*(?: [a-z][\w.+#-]*)?)",
    r"^(?:is|are|does|do|can|should|could|will|would) (?:the |a |an )?"
    r"(@?[a-z][\w.+#-]*(?: [a-z][\w.+#-]*)?)",
    r"^(?:what is|what's|what are|explain|describe) (?:the |a |an )?"
    r"(@?[a-z][\w.+#-]*(?: [a-z][\w.+#-]*)?)",
)
# A clause that only greets or asks politely: "您好", "麻烦问一下", "Good morning!".
COURTESY_RE = rx(
    r"(?:您好|你好|hi|hello|hey|嗨|早上好|下午好|晚上好|good (?:morning|afternoon|evening)|请问"
    r"|问一下|问下|想问下|想问一下|麻烦问一下|麻烦问下|请教一下|请教|打扰了|打扰一下|不好意思"
    r"|谢谢|多谢|thanks|thank you|sorry|excuse me|quick question)[!！.。 ]*"
)
ZH_TECH = Lexicon(
    ("线程", "锁", "事务", "索引", "缓存", "队列", "算法", "模式", "注解", "异常", "反射", "泛型")
)
EXISTENCE_RE = rx(
    r"有没有|是否有|是否存在|有无|存不存在|哪里|哪些地方|什么地方|\bany\b|\bare there\b"
    r"|\bis there\b|\banywhere\b|\bany place\b"
)
# An indefinite object is a kind of thing, not a thing here: "a HashMap", "一个线程池".
INDEFINITE_RE = rx(r"一个|一种|\ban?\b(?! (?:lot|bit|few)\b)|\bany kind of\b|\bsome kind of\b")
_CONVERSATION_WORDS = (
    "例子", "举例", "详细", "展开", "继续", "接着说", "接着讲", "谢谢", "多谢", "感谢", "明白",
    "懂了", "好的", "简单点", "再说", "回答", "解释一遍", "换个说法", "你好", "您好", "嗯", "哦",
    "那么", "还有吗", "还有呢", "然后呢", "第二种", "第一种", "上面说的", "你说的", "刚才说的",
    "example", "examples", "more", "continue", "elaborate", "thanks", "thank you", "got it", "ok",
    "okay", "simpler", "again", "answer", "answers", "hello", "hi", "go on", "what about",
    "and what about", "how about", "tell me more", "that", "it", "cool", "great", "nice",
)  # fmt: skip
CONVERSATION = Lexicon(_CONVERSATION_WORDS)
# A lasting wish about the answers ("以后回答用中文", "from now on…"): conversation.
PREFERENCE = Lexicon(
    ("从现在起", "从现在开始", "记住", "一律", "每次都", "每次回答", "我喜欢", "我偏好", "我习惯",
     "我不喜欢", "我希望你", "from now on", "going forward", "from here on", "in future",
     "in the future", "remember", "i prefer", "i'd prefer", "i would prefer", "i like",
     "i don't like", "i do not like", "every time", "each time", "keep answers",
     "keep your answers"),
)  # fmt: skip
# "Always answer in English.", "始终用中文": a wish when it opens a clause.
PREFERENCE_OPENING_RE = rx(
    r"^(?:please\s+)?(?:always|never)\b|^(?:那|好的|另外|还有|对了)?\s*(?:以后|今后|往后|始终|总是|永远)"
    # How to address the user: "叫我小陈就行", "Just call me Chen" (not "领导叫我改一下 X").
    r"|^(?:你|您)?(?:可以|就|直接)?(?:叫我|称呼我)\s*[\w" + CJK + r"]{1,6}\s*(?:就行了?|就好了?"
    r"|就可以了?|即可|吧)?$|^(?:please\s+)?(?:just\s+)?call me\b"
)
# A follow-up that names a new subject: "那 Java 17 里还是这样吗？", "And what about Kotlin?".
FOLLOW_UP_RE = rx(r"^(?:那|那么|and|so|but|then|what about|how about)\b|^那")

# Names of the Java world: a name on this list is not this repository's own.
_KNOWN_NAMES = frozenset(
    """
    arraylist linkedlist hashmap linkedhashmap treemap hashset treeset concurrenthashmap
    copyonwritearraylist arraydeque priorityqueue blockingqueue linkedblockingqueue
    arrayblockingqueue concurrentlinkedqueue delayqueue synchronousqueue stringbuilder
    stringbuffer threadlocal inheritablethreadlocal completablefuture executorservice executors
    threadpoolexecutor scheduledexecutorservice forkjoinpool countdownlatch cyclicbarrier
    semaphore reentrantlock readwritelock reentrantreadwritelock stampedlock atomicinteger
    atomiclong atomicreference longadder classloader nullpointerexception
    illegalargumentexception illegalstateexception concurrentmodificationexception
    outofmemoryerror stackoverflowerror classcastexception runtimeexception ioexception
    duplicatekeyexception optional bigdecimal biginteger localdate localdatetime zoneddatetime
    instant duration simpledateformat datetimeformatter hashcode tostring equals orelse
    orelsethrow orelseget ifpresent flatmap foreach parallelstream computeifabsent
    getordefault putifabsent substring indexof isempty valueof equalsignorecase resttemplate
    webclient jdbctemplate responseentity requestmapping getmapping postmapping putmapping
    patchmapping deletemapping restcontroller controlleradvice restcontrolleradvice
    exceptionhandler requestbody responsebody pathvariable requestparam autowired resource
    qualifier primary value component service repository configuration bean springboot
    springbootapplication springapplication applicationcontext beanfactory beanpostprocessor
    factorybean dispatcherservlet handlerinterceptor webmvcconfigurer componentscan
    enableautoconfiguration conditionalonproperty configurationproperties transactional async
    scheduled cacheable dependencymanagement pluginmanagement webflux mybatis mybatisplus
    mybatis-plus sqlsession sqlsessionfactory resultmap resulttype parametertype pagehelper
    pageinfo beanutils copyproperties mapstruct hutool guava commons-lang3 stringutils
    collectionutils objectutils objects arrays collections easyexcel poi jasypt knife4j
    springfox springdoc swagger shiro sa-token xxl-job quartz elastic-job seata sentinel
    hystrix resilience4j ribbon loadbalancer zuul gateway nacos apollo consul etcd canal flink
    spark hadoop hive clickhouse tidb oracle sqlserver h2 hikaricp hikari druid c3p0 dbcp
    flyway liquibase jooq querydsl thymeleaf freemarker velocity jsp servlet tomcat jetty
    undertow netty vert.x vertx reactor rxjava okhttp httpclient feign openfeign retrofit
    jsoup fastjson fastjson2 gson jackson objectmapper protobuf thrift avro kafka rabbitmq
    rocketmq pulsar activemq redis redisson jedis lettuce redistemplate stringredistemplate
    memcached caffeine ehcache mongodb mongo mongotemplate elasticsearch es solr lucene neo4j
    hbase cassandra mysql postgresql postgres pg mariadb sqlite arthas jstack jmap jstat jcmd
    jconsole visualvm jprofiler async-profiler idea intellij eclipse vscode git svn github
    gitlab gitee jenkins sonar sonarqube checkstyle spotbugs pmd jacoco junit junit4 junit5
    testng mockito powermock assertj hamcrest testcontainers wiremock jmeter gatling docker
    k8s kubernetes kubectl helm istio prometheus grafana skywalking zipkin jaeger elk logstash
    kibana filebeat logback log4j log4j2 slf4j lombok bcrypt md5 sha1 sha256 aes rsa hmac des
    oauth oauth2 jwt jwts saml ldap keycloak spring spring-boot spring-cloud springcloud
    springmvc jpa hibernate jparepository crudrepository entitymanager ibatis quarkus
    micronaut dubbo grpc zookeeper javascript typescript node nodejs vue react angular
    graalvm openjdk hotspot jdk jre jvm java javac javadoc kotlin groovy scala python golang
    go rust c++ maven mvn gradle ant npm yarn nginx apache linux windows mac macos centos
    ubuntu http https tcp udp ip dns cdn ssl tls websocket restful rest graphql json yaml yml
    xml toml csv html css sql nosql orm jdbc odbc api apis sdk cli ide gc g1 zgc cms
    shenandoah jit aot aop ioc di dto vo po bo ddd cqrs tcc saga xa acid cap base mvcc lru lfu
    rpc mq dlq sso cas aqs jmm juc nio bio aio tps qps rt oom cpu io uuid snowflake ci cd
    devops sre thread runnable callable future stream streams collectors collection iterator
    iterable comparable comparator string integer long double float boolean character byte
    short object system record records enum enums interface abstract volatile synchronized
    final static transient finally finalize native strictfp instanceof lambda generics
    var void null true false class main override deprecated functionalinterface data
    builder getter setter slf4j allargsconstructor noargsconstructor requiredargsconstructor
    tostring equalsandhashcode sneakythrows cloneable serializable serialversionuid
    getclass notifyall wait notify sleep yield join interrupt start run
    try-with-resources happens-before copy-on-write double-checked read-write
    if-else switch-case try-catch b+ b-tree hashtable vector stack queue deque list map set
    cherry-pick rebase squash commits exactly-once at-least-once at-most-once write-ahead
    round-robin cache-aside read-through write-through write-behind zero-copy back-pressure
    backpressure fail-fast fail-safe long-polling end-to-end blue-green single-threaded
    multi-threaded lock-free wait-free non-blocking thread-safe type-safe null-safe event-driven
    domain-driven test-driven raft paxos zab gossip pecs semver mat cglib javassist bytebuddy
    metaspace jndi bytebuf eventloop panache envoy eureka mqtt sse zset lua openresty
    cronjob crontab cron aspectj spel ognl mvel jolokia actuator micrometer opentelemetry
    jib buildpacks podman containerd jmh junit-jupiter gradlew mvnw checkstyle spotless
    errorprone archunit pitest owasp snyk dependabot renovate trivy semgrep codeql findbugs
    tlab safepoint stw biased escape-analysis inline jit-compiler c1 c2 graal g1gc parallelgc
    serialgc epsilon xmx xms xss metaspacesize heapdump jfr jmc vavr reactor-netty mono flux
    rsocket r2dbc jdbi spring-data vault consul-template shardingsphere mycat otter debezium
    xxl elasticjob powerjob sharding dynamic-tp hippo4j transmittable-thread-local ttl
    excel pdf csv poi itext freemarker alibaba aliyun tencent huawei baidu wechat alipay
    dijkstra floyd kruskal prim kmp bfs dfs a-star topological
    exists having union distinct properties yaml-config bytebuffer filechannel socketchannel
    selector inputstream outputstream
    bufferedreader bufferedwriter printstream scanner path paths files resourceleakdetector
    channelpipeline channelhandler channelfuture niosocketchannel nioeventloopgroup
    """.split()
)
# Short English words a Chinese question uses as words, not as a repository's names.
COMMON_WORDS = frozenset(
    """
    api app apps core common web service services server client test tests docs doc review
    admin model models util utils config configs base parent demo example examples starter
    impl portal search main src lib libs module modules project plugin plugins platform ui
    front backend frontend data domain user users order orders auth security gateway job jobs
    task tasks shared support tools tool build list map set key value token session cookie
    header headers body request response url uri id ids sku spu prod dev uat staging debug log
    logs bug bugs code table index cache item items page size type status info error warn name
    version host port path file files jar war class method field bean controller mapper dao
    entity query param params result bo po vo dto mac windows linux local remote online
    offline master slave primary replica the a an and or of to in on for with is are it this
    that these those my our your their id key sql db pom readme license ci cd qa ok yes no
    thx ty thanks pls plz btw fyi imo tbh np lol lmk asap afaik iirc reply replies answer answers
    flow logic case cases bean beans dao entity filter filters handler handlers event events
    message messages queue queues topic topics timeout retry retries limit limits lock locks
    patch diff hunk fix review check scan audit explain module package packages endpoint
    endpoints interface interfaces work works flow string query public private protected
    static void default select update insert delete where from join group by offset count sum
    max min avg like new super extends implements import throws throw try catch finally const
    function async await promise callback listener thread process memory disk network proxy
    buffer pipeline batch worker partition consumer producer broker cluster node leader
    follower replica shard document mapping schema column row hash tree graph array stack heap
    pool connection transaction mutex latch barrier fallback circuit breaker rate bucket window
    counter metric metrics trace tracing span level fatal release snapshot tag branch commit
    merge rebase push pull fetch clone checkout stash reset revert blame main master dev feature
    hotfix bean beans case switch loop for while do if else return break continue null true
    false int char byte short float date time timestamp zone locale random math file files
    path paths scanner reader writer input output print println printf format parse cast
    convert copy clone compare sort filter reduce collect group distinct limit skip peek match
    any all none first last next prev get put add remove contains size empty clear equals
    lock unlock wait notify sleep join start stop run submit execute invoke call apply accept
    supply test assert mock spy verify when then given expect should must can will also just
    only still even yet again more less most least much many some every each other another
    same different new old good bad best worst high low fast slow big small long short full
    half true yes no not and but or nor so because since though although however therefore
    what which who whom whose when where why how there here this that these those it its
    they them their we us our you your he she him her i me my mine a an the to of in on at
    by with without within about above below under over into onto upon via per vs etc
    please thanks thank hello hi hey ok okay cool nice great sure right wrong fine done
    day days week weeks hour hours minute minutes second seconds ms
    general practice short detail details production theory real life total brief english
    chinese advance particular principle summary overview example case people purpose
    meaning difference question answer idea reason way thing stuff part parts kind sort type
    level step steps point points option options approach pattern patterns strategy solution
    design system systems application applications software hardware platform framework
    library libraries tool language languages version versions feature features concept
    concepts rule rules method technique technical performance security safety quality
    speed scale size cost time times place places area team teams company project's code's
    depth range list lists number numbers string strings object objects instance instances
    value values field fields variable variables constant constants parameter parameters
    argument arguments return returns result results output input class classes interface
    checklist checklists cheatsheet guideline guidelines emoji emojis
    """.split()
)
# English word endings: a word with one is a word, not a project's name.
WORD_ENDING_RE = rx(
    r"(?:tion|sion|ing|ment|able|ible|ness|ity|ed|ly|ance|ence|ize|ise|ous|ive|al|ure|ful|less)$"
)


def is_known(name: str) -> bool:
    key = name.lower().rstrip("()")
    bare = key.replace("-", "").rstrip("0123456789.")  # jdk8, java17, log4j2, spring-boot
    return key in _KNOWN_NAMES or key.replace("-", "") in _KNOWN_NAMES or bare in _KNOWN_NAMES


@lru_cache(maxsize=limits.ROUTER_NAME_CACHE_ENTRIES)
def is_known_or_typo(name: str) -> bool:
    """A known name, or one letter away from a long one ("Elasticsearh")."""
    if is_known(name):
        return True
    key = name.lower()
    if len(key) < limits.ROUTER_TYPO_MIN_CHARS:
        return False
    return any(
        abs(len(known) - len(key)) <= 1 and known[0] == key[0] and _one_edit(known, key)
        for known in _KNOWN_NAMES
        if len(known) >= limits.ROUTER_TYPO_MIN_CHARS
    )


def _one_edit(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by at most one inserted, deleted or replaced character."""
    if len(a) < len(b):
        a, b = b, a
    i = 0
    while i < len(b) and a[i] == b[i]:
        i += 1
    return a[i + 1 :] == b[i + 1 :] if len(a) == len(b) else a[i + 1 :] == b[i:]
