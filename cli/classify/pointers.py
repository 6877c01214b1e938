"""Reading what a message points at: ``@path`` mentions and paths, file names, the
identifiers, packages and module names of this code (not names of the Java world), and
the words of :mod:`.repository` found in it.

:func:`mentioned_paths` is public: a turn puts the ``@path`` files in scope.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from autopatch_memory import limits, normalize_text
from autopatch_memory.lang import LazyPattern

from .acts import EN_VERBS, QUOTED_RE, Act
from .knowledge import COMMON_WORDS, WORD_ENDING_RE, is_known, is_known_or_typo
from .lexicon import HAS_CJK_RE, any_of, matches, rx
from .reading import MessageReading
from .repository import (
    APP_PART_RE,
    BARE_PROJECT_RE,
    DEICTIC_RE,
    DOMAIN,
    KIND_BEFORE_RE,
    KIND_OPENING_RE,
    MANNER_RE,
    PART_RE,
    PROJECT,
    USAGE_RE,
    WE_RE,
    WHERE_RE,
)

# `@path` puts a file in scope; the path ends at whitespace or at full-width
# (Chinese) punctuation, and trailing sentence punctuation ("看看 @pom.xml.") is
# not part of it.
_FULL_WIDTH_PUNCTUATION = "，。；：！？、（）【】《》「」"
_AT_PATH_RE = rx(r"(?<![\w@])@([^\s@" + _FULL_WIDTH_PUNCTUATION + r"]+)")
_TRAILING_PUNCTUATION = ".,;:!?)]}>'\"，。；：！？）】》、"
# `@Data`, `@Override`: a capitalised bare name after `@` is a Java annotation.
_ANNOTATION_RE = rx(r"[A-Z]\w*(?:\(.*)?")
_CODE_FILE_SUFFIXES = (
    ".java", ".kt", ".kts", ".groovy", ".gradle", ".xml", ".properties", ".yml", ".yaml", ".toml",
    ".sql", ".md", ".json", ".sh", ".conf", ".html", ".js", ".ts", ".vue", ".ftl", ".jsp", ".env",
    ".cfg", ".ini", ".txt", ".lock", ".proto",
)  # fmt: skip
_FILE_NAME_RE = rx(
    r"(?<![\w.-])[\w-]+(?:" + "|".join(re.escape(s) for s in _CODE_FILE_SUFFIXES) + r")\b",
    re.IGNORECASE,
)
_KNOWN_FILE_RE = rx(
    r"\b(?:Dockerfile|Jenkinsfile|Makefile|README|CHANGELOG|gradlew|mvnw|docker-compose|buildSrc|"
    r"pom|settings\.gradle|build\.gradle|\.gitlab-ci|\.github)\b",
    re.IGNORECASE,
)
# A path: ASCII segments joined by "/" that look like a path, not "I/O" or "try/catch":
# rooted, three segments or more, a file name at the end, or a well-known folder first.
_SLASH_PATH_RE = any_of(
    r"(?<![\w/:.{}~-])/?[\w.{}~-]+(?:/[\w.{}~-]+)+/?",
    r"(?<![\w/:.{}~-])[a-z][\w.-]*/(?=\s|$|[^\x00-\x7f])",  # "ui/ 下面", "under application/"
)
_INDEFINITE_BEFORE_RE = rx(r"(?:\ban?\s+(?:\w+\s+){0,2}|一个\s*|一份\s*)$")
_PATH_HEADS = frozenset(
    {"src", "main", "test", "resources", "docs", "config", "conf", "scripts", "deploy", "sql", "db"}
)
# Java identifiers of this code: UserServiceImpl, findById, Foo.bar(), Class#method, pms_product.
_IDENTIFIER_RE = rx(
    r"(?<![\w@.:+])(?:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[A-Z]{2,}[a-z]+[A-Za-z0-9]*|[a-z]+[A-Z]\w*"
    r"|\w+\.\w+\(\)|\w+#\w+|[a-z]+(?:_[a-z0-9]+)+)(?![\w])"
)
# A package or property key of this code: com.macro.mall, mall.jwt.expiration, jwt.tokenHead.
_DOTTED_RE = rx(r"(?<![\w.-])[a-z][\w-]*(?:\.[a-zA-Z][\w-]*){1,}(?![\w(])")
_STANDARD_DOTTED = (
    "java.", "javax.", "jakarta.", "org.springframework", "spring.", "server.", "logging.",
    "management.", "org.apache", "com.fasterxml", "com.alibaba", "io.netty", "org.hibernate",
    "lombok.", "kotlin.", "sun.", "jdk.", "e.g", "i.e", "vs.", "www.", "system.out", "log.",
)  # fmt: skip
_EXCEPTION_NAME_RE = rx(r"(?:Exception|Error)$")
# The roles of an application's own classes: OrderServiceImpl, UserMapper, FindingQueue.
APP_CLASS_RE = rx(
    r"(?:Service|Impl|Controller|Mapper|Dao|Repository|Entity|Dto|DTO|Vo|VO|Config"
    r"|Configuration|Properties|Handler|Utils?|Helper|Manager|Filter|Interceptor|Listener"
    r"|Job|Task|Client|Queue|Factory|Provider|Adapter|Resolver|Converter|Validator|Aspect"
    r"|Scheduler|Processor|Application|App|Request|Response|Form|Param|Query|Event|Command"
    r"|Model|Confirmation|Api|Endpoint|Resource|Store|Cache|Registry|Router|Gateway|Sender"
    r"|Receiver|Consumer|Producer|Enum|Constant|Constants|Result|Page|Test|Tests|Source|Item)$"
)
_BARE_CAMEL_RE = rx(r"[A-Z][A-Za-z0-9]*")
# mall-admin, nacos-server: a hyphenated lower-case name.
_KEBAB_RE = rx(r"(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")
# Segments of hyphenated English words ("thread-safe", "try-with-resources"), not modules.
_PHRASE_SEGMENTS = frozenset(
    """
    with before after of to in on by for the and or not non only safe free based level time side
    third party end way first last up down out off case style like aware driven oriented
    friendly ready native world hello else if try catch resources write read through behind back
    front key value one two many self multi cross pre re post sub co de un well hard soft real
    built long short high low full half open close double single checked unchecked lock thread
    type e n x utf iso http www copy on happens dead left right top bottom end-to-end peer all
    any every once pick threaded blocking polling robin aside ahead pressure fast green least
    most exactly zero wait based grained coarse fine auto
    """.split()
)
# Common English prefixes of hyphenated technical names: "spring-boot-starter" is no module here.
_TECH_PREFIXES = (
    "spring-", "jakarta-", "javax-", "junit-", "mybatis-", "log4j-", "slf4j-", "jackson-",
    "hibernate-", "maven-", "gradle-", "kotlin-", "apache-", "commons-", "lombok-", "micronaut-",
    "vertx-", "netty-", "kafka-", "redis-", "dependency-",
)  # fmt: skip
# A named subject: "does mall use", "mall 的…", "the review module", "review 模块".
_NAMED_SUBJECT_RE = any_of(
    r"\b(?:does|do|did) (?:the )?(?P<subject>(?<![\w-])[a-z][\w-]*) (?:use|uses|need|have"
    r"|support|depend"
    r"|store|connect|load|handle|run|start|deploy|call|send|manage|define|expose|persist|cache|log"
    r"|read|write|talk|register|generate|build|compile|target|ship|include|provide|work|query"
    r"|index|sync|back|serve|route|authenticate|validate|parse|render|schedule|retry|publish"
    r"|consume)\b",
    # "is halo webflux or servlet"
    r"\bis (?P<choice>(?<![\w-])[a-z][\w-]*) (?:a |an )?[\w-]+ or [\w-]+",
    r"(?<![\w-])(?:the )?(?P<module>(?<![\w-])[a-z][\w-]*) (?:module|modules|plugin|subproject|repo"
    r"|codebase)\b",
    r"(?<![\w-])(?P<zh_module>[a-z][a-z0-9_-]*)\s*(?:模块|子项目|子模块|工程|插件|项目|仓库)",
    r"(?<![\w-])(?P<zh_part>[a-z][a-z0-9_-]*)\s*(?:服务|后台|前台|系统)",
    r"(?<![\w-])(?P<owner>[a-z][\w-]*)'s\b",  # "halo's backup/restore"
    r"(?<![\w-])(?P<on>[a-z][\w-]*) (?:is|was) (?:on|using|running|built)\b",  # "halo is on"
)
# "explain the extension mechanism in halo": a name at the end, weaker than a subject's.
_TAIL_NAME_RE = rx(r"\b(?:in|of|from|inside|for|about) ([a-z][\w-]*)(?=\s*(?:$|[?,.;:]|\s[-–—]\s))")
# A Latin word in a Chinese sentence: a name of the Java world, a word, or a name here.
_LATIN_NEIGHBOUR_BEFORE_RE = rx(r"[a-z]\s+$")
_LATIN_NEIGHBOUR_AFTER_RE = rx(r"\s+[a-z]")
_LATIN_IN_ZH_RE = rx(r"(?<![\w.@#$-])([a-z][a-z0-9]*(?:[-_][a-z0-9]+)*)(?![\w.(-])")


def mentioned_paths(text: str) -> list[str]:
    """The ``@path`` mentions of ``text``, in order, without the ``@`` (de-duplicated).

    Java annotations (``@Data``, ``@Override``) are not paths and are left out.
    """
    found: list[str] = []
    for match in _AT_PATH_RE.finditer(text):
        path = match.group(1).rstrip(_TRAILING_PUNCTUATION)
        code = _ANNOTATION_RE.fullmatch(path) or "(" in path  # "@myBean.check(...)": an expression
        if path and path not in found and not code:
            found.append(path)
    return found


def _looks_like_path(word: str) -> bool:
    parts = [p for p in word.strip("/").split("/") if p]
    if not any(c.isalpha() for c in word):
        return False
    if len(parts) == 1:
        return word.endswith("/") and len(parts[0]) >= 2  # "ui/", "application/"
    return (
        word.startswith(("/", "~"))
        or len(parts) >= 3
        or "." in parts[-1]
        or parts[0].lower() in _PATH_HEADS
        or _is_name_like(parts[0].lower())
        or word.endswith("/")
    )


def _path_words(text: str) -> list[str]:
    words = [f"@{p}" for p in mentioned_paths(text)]
    candidates = [m.group(0) for m in _SLASH_PATH_RE.finditer(text)]
    candidates = [c for c in candidates if _looks_like_path(c)]
    candidates += [m.group(0) for m in _FILE_NAME_RE.finditer(text)]
    candidates += [
        m.group(0)
        for m in _KNOWN_FILE_RE.finditer(text)
        if not _INDEFINITE_BEFORE_RE.search(text[: m.start()])  # "a good README": a kind of file
    ]
    for word in candidates:
        # "pom.xml" inside "@api/pom.xml" is the same mention, not a second one.
        if not any(word in seen for seen in words):
            words.append(word)
    # "http://…" is a URL, not a repository path.
    return [w for w in dict.fromkeys(words) if "://" not in w]


_QUALIFIED_RE = rx(r"(?<!\w)(\w+)\.\w+")


def _own_identifiers(text: str) -> list[str]:
    """Class, method and table names that are not names of the Java world."""
    # `CompletableFuture.allOf`: a member of a known class is known too.
    known_spans = [m.span() for m in _QUALIFIED_RE.finditer(text) if is_known(m.group(1))]
    found = []
    for match in _IDENTIFIER_RE.finditer(text):
        if any(start <= match.start() < end for start, end in known_spans):
            continue
        word = match.group(0)
        head = re.split(r"[.#(]", word)[0]
        if (
            is_known_or_typo(head)
            or _EXCEPTION_NAME_RE.search(head)
            or re.fullmatch(r"[A-Z]{2,}s", head)
        ):
            continue  # a name of the Java world, an exception, an acronym's plural ("DTOs")
        found.append(word)
    return found


def _dotted_names(norm: str) -> list[str]:
    """Packages and property keys of this code (``com.macro.mall``, ``jwt.tokenhead``)."""
    found = []
    for match in _DOTTED_RE.finditer(norm):
        word = match.group(0)
        if word.startswith(_STANDARD_DOTTED) or _FILE_NAME_RE.fullmatch(word):
            continue
        if re.fullmatch(r"[\d.]+", word.split(".", 1)[1]) or is_known(word.split(".")[0]):
            continue  # a version number, "vert.x", "Spring.xxx"
        found.append(word)
    return found


def _is_module_name(name: str) -> bool:
    segments = name.split("-")
    if any(s.isdigit() for s in segments):
        return False  # "jsr-380", "utf-8": a standard's number
    if is_known(name) or name.startswith(_TECH_PREFIXES) or len(name) < 4:
        return False
    return not any(s in _PHRASE_SEGMENTS for s in segments) and not all(
        is_known(s) for s in segments
    )


def _is_name_like(word: str) -> bool:
    """An unknown lower-case word that can be a project or module name."""
    return (
        len(word) >= 3
        and word not in COMMON_WORDS
        and not WORD_ENDING_RE.search(word)
        and not is_known_or_typo(word)
        and word not in EN_VERBS
    )


def _is_acronym(name: str, text: str) -> bool:
    # "IM 系统", "ERP 项目": an upper-case acronym names a kind of system, not this one.
    return bool(re.search(rf"\b{re.escape(name.upper())}\b", text, re.ASCII))


_WORD_BEFORE_RE = rx(r"([a-z][\w.+#]*)\s+$")


def _after_a_known_name(norm: str, start: int) -> bool:
    """The name at ``start`` follows a name of the Java world: its command or plugin ("git
    format-patch", "OWASP dependency-check"), not a module here."""
    before = _WORD_BEFORE_RE.search(norm[max(0, start - limits.ROUTER_WORD_BEFORE_CHARS) : start])
    word = before.group(1) if before else ""
    return bool(word) and word not in COMMON_WORDS and is_known_or_typo(word)


def _repo_names(text: str, norm: str, profile_names: Sequence[str]) -> list[str]:
    """Module and project names: hyphenated names, named subjects, the profile's names."""
    found = [
        m.group(0)
        for m in _KEBAB_RE.finditer(norm)
        if _is_module_name(m.group(0)) and not _after_a_known_name(norm, m.start())
    ]
    for match in _NAMED_SUBJECT_RE.finditer(norm):
        name = next(g for g in match.groups() if g is not None)
        # "the review module", "istio module", "review 模块" name a module, whatever the word.
        named_part = match.group("module") is not None or match.group("zh_module") is not None
        plugin = "plugin" in match.group(0) or "插件" in match.group(0)
        worlds = is_known_or_typo(name) or _after_a_known_name(norm, match.start())
        if named_part and (_is_acronym(name, text) or (worlds and plugin)):
            continue  # "OWASP plugin", "maven plugin", "OWASP dependency-check 插件": the world's
        if _INDEFINITE_BEFORE_RE.search(norm[: match.start()]):
            continue  # "a legacy codebase": a kind of codebase
        if (named_part and name not in ("the", "a", "an", "this", "each", "every", "which")) or (
            "-" not in name and _is_name_like(name) and not _is_acronym(name, text)
        ):
            found.append(name)
    for name in profile_names:
        key = normalize_text(name)
        if key in COMMON_WORDS or len(key) < 3 or is_known(key):
            continue  # a module called "example" or "api" is no pointer by itself
        if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", norm, re.ASCII):
            found.append(name)
    return list(dict.fromkeys(found))


# "the decoder", "the password reset token": a thing of this code (not "the difference").
_DEFINITE_RE = rx(r"\bthe ([a-z][\w-]*)(?: [a-z][\w-]*){0,3}")
_NOT_DEFINITE = frozenset(
    """
    difference differences best same following above previous last first next other way ways
    right wrong end beginning start idea concept point reason reasons benefit benefits
    purpose meaning answer answers example examples question questions jvm jdk java world
    internet web cloud future past main general common most least whole patch diff change
    changes fix pros cons use usage case cases time problem issue thing things one
    """.split()
)
_SNIPPET_RE = rx(
    r";\s*(?:$|\n|\})|\{\s*\n|\)\s*\{|\b(?:if|for|while)\s*\(.*\)|\bnew [A-Z]\w*\(|\breturn\b.*;"
    r"|=\s*\"[^\"]*\"\s*\+|\bselect\b.+\bfrom\b|\bpublic (?:class|void|static)\b|^\s*@\w+\s*$",
    re.MULTILINE | re.IGNORECASE,
)


def read_pointers(reading: MessageReading, names: Sequence[str]) -> None:
    text, norm = reading.text, reading.norm
    reading.paths = _path_words(text)
    reading.identifiers = _own_identifiers(text)
    reading.dotted = _dotted_names(norm)
    reading.names = _repo_names(text, norm, names)
    # "…'Checked exception is invalid for this method!' mean?": a quoted message's words
    # are the program's, "this method" is not code here.
    said = QUOTED_RE.sub(" ", norm)
    reading.project = PROJECT.find(said) + _of_a_kind_left_out(BARE_PROJECT_RE, said)
    reading.we = matches(WE_RE, said)
    reading.deictic = matches(DEICTIC_RE, said)
    reading.where = matches(WHERE_RE, said)
    reading.facts = matches(MANNER_RE, norm) + [
        m.group(1) for m in _TAIL_NAME_RE.finditer(norm) if _is_name_like(m.group(1))
    ]
    reading.usage = matches(USAGE_RE, norm)
    reading.parts = matches(PART_RE, norm)
    parts = _of_a_kind_left_out(APP_PART_RE, norm)
    reading.app_parts = [part for part in parts if _is_app_part(part)]
    reading.domain = DOMAIN.find(re.sub(r"<[^<>]*>", " ", norm))  # not List<Order>
    reading.snippet = bool(_SNIPPET_RE.search(text))
    reading.definite = [
        m.group(0) for m in _DEFINITE_RE.finditer(norm) if m.group(1) not in _NOT_DEFINITE
    ]


def _of_a_kind_left_out(pattern: LazyPattern, norm: str) -> list[str]:
    """The matches of ``pattern`` in ``norm`` that name a thing here, not a kind of thing:
    "a legacy codebase", "普通业务服务", "一个后台" are any such."""
    return [
        m.group(0).strip()
        for m in pattern.finditer(norm)
        if not _INDEFINITE_BEFORE_RE.search(norm[: m.start()])
        and not KIND_BEFORE_RE.search(norm[: m.start()])
        and not KIND_OPENING_RE.match(m.group(0))  # "普通后台" matched whole
    ]


def _is_app_part(part: str) -> bool:
    """ "dubbo 接口", "order 模块" are parts of this application; "mapper 接口" (a kind of
    interface) and "lombok 插件" (a plugin of the world) are not."""
    word = re.match(r"[a-z]+", part)
    if part.startswith("the ") or word is None:
        return True
    world_plugin = is_known_or_typo(word.group(0)) and re.search("插件|工程|子项目", part)
    return word.group(0) not in COMMON_WORDS and not world_plugin


def latin_names(reading: MessageReading) -> list[str]:
    """Unknown words in a Chinese question that is not a knowledge question: names here.

    "mall 用的 Spring Boot 版本是多少", "要装哪些中间件才能把 mall 跑起来".
    """
    if not HAS_CJK_RE.search(reading.norm) or reading.generic or reading.how_to:
        return []
    if reading.answer_words or (reading.acts(Act.CREATE) and reading.indefinite):
        return []  # "给我写一个读取 properties 文件的工具类示例"
    if reading.known_topic:
        return []
    found = []
    for match in _LATIN_IN_ZH_RE.finditer(reading.norm):
        word, before, after = (
            match.group(1),
            reading.norm[: match.start()],
            reading.norm[match.end() :],
        )
        if _LATIN_NEIGHBOUR_BEFORE_RE.search(before) or _LATIN_NEIGHBOUR_AFTER_RE.match(after):
            continue  # "refresh token 轮换", "Structured concurrency 现在…": a term, not a name
        plain = "-" not in word and "_" not in word
        if plain and _is_name_like(word) and not _is_acronym(word, reading.text):
            found.append(word)
    return found
