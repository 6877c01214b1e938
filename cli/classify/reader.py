"""Reading one message: :func:`read` fills a :class:`.reading.MessageReading` pass by pass.

The head and tail of a long paste are read without their log lines; then its clauses
and requests (:mod:`.clauses`), what it points at (:mod:`.pointers`), whether it asks
for knowledge, which problems and patch words it carries, and the statements it makes
about code. The passes that weigh one vocabulary against another live here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from autopatch_memory import limits, normalize_text
from autopatch_memory.lang.traditional import as_mandarin
from autopatch_memory.prose import is_code_line

from .acts import EN_YOU_RE, OWN_PLAN_RE, QUOTED_RE, ZH_PERSON_MARKER_RE, Act
from .clauses import clause_requests, split_clauses
from .knowledge import (
    ADVICE_RE,
    BARE_CHOICE_RE,
    COMMON_WORDS,
    COMPARISON_WORDS,
    CONVERSATION,
    COURTESY_RE,
    EXISTENCE_RE,
    FACT_FORM_RE,
    GENERIC,
    GENERIC_WEAK,
    HOW_TO_RE,
    INDEFINITE_RE,
    PREFERENCE,
    PREFERENCE_OPENING_RE,
    TOPIC_RE,
    ZH_TECH,
    is_known_or_typo,
)
from .lexicon import HAS_CJK_RE, matches, rx
from .patch import (
    ANSWER_WORDS,
    NEW_PATCH_RE,
    NOT_PATCH_RE,
    OWN_CHANGE_RE,
    PATCH_DETERMINED_RE,
    PATCH_REF,
    PATCH_WORD,
    YOU_CHANGED_LINE_RE,
    YOU_CHANGED_RE,
)
from .pointers import APP_CLASS_RE, latin_names, read_pointers
from .problems import (
    AUDIT,
    AUDIT_NOUN_RE,
    CHOICE_RE,
    COMPLAINT_RE,
    EVALUATIVE,
    NOT_PROBLEM_RE,
    NOT_PROBLEMS,
    PROBLEM_RE,
    PROBLEMS,
    RECORD_RE,
    SAFEGUARD_RE,
)
from .reading import Clause, MessageReading, Request


def _read_knowledge(reading: MessageReading) -> None:
    norm = reading.norm
    unfact = FACT_FORM_RE.sub(" ", norm)  # "是怎么实现的" asks how it was done here
    reading.generic = GENERIC.find(unfact) + matches(ADVICE_RE, unfact)
    reading.generic_weak = GENERIC_WEAK.find(unfact)
    reading.how_to = matches(HOW_TO_RE, unfact)
    reading.known_topic = _known_topic(reading)
    reading.generic += _choice_of_the_world(reading)
    question_text = " ".join(c.norm for c in reading.clauses if c.question)
    create_text = norm if reading.acts(Act.CREATE) else ""
    reading.indefinite = bool(INDEFINITE_RE.search(f"{question_text} {create_text}"))
    reading.conversation = CONVERSATION.find(norm)
    reading.answer_words = ANSWER_WORDS.find(norm)
    # "以后回答用中文" wishes; "改了字典以后" is "after".
    opening = any(PREFERENCE_OPENING_RE.search(c.norm) for c in reading.clauses)
    reading.preference = bool(PREFERENCE.find(norm)) or opening
    reading.identifiers = [w for w in reading.identifiers if not _library_name(reading, w)]


def _choice_of_the_world(reading: MessageReading) -> list[str]:
    """A bare choice between two names of the Java world on a topic of the Java world
    ("分布式锁用 Redis 还是 ZooKeeper"): an advice asked, unless the message names a part
    or a noun of this application ("购物车用 Redis 还是 MySQL")."""
    if not reading.known_topic or reading.domain or reading.app_parts:
        return []
    return [
        m.group(0)
        for m in BARE_CHOICE_RE.finditer(reading.norm)
        if is_known_or_typo(m.group(1)) and is_known_or_typo(m.group(2))
    ]


def _library_name(reading: MessageReading, word: str) -> bool:
    """In a knowledge question, a name without an application role is not this code's.

    A how-to's or a concept question's CamelCase name is a library's ("How do I configure
    HikariCP?"), a lower-case one an example's or a library's member ("怎么把 List<Order> 按
    userId 分组", "线程池 keepAliveTime 有啥用"); but two names of its own are compared
    ("UmsAdmin 和 UmsMember 有什么区别").
    """
    if re.search(rf"(?:一个|一种|\ban?|\bcustom)\s*{re.escape(word)}\b", reading.text, re.ASCII):
        return True  # "自定义一个 ConstraintValidator": a kind of class, not one here
    # "Spring 的 ApplicationEvent", "Hutool 的 DateUtil": a library's member; a name with an
    # application role only when said to be the library's ("Kafka OrderConsumer" is ours).
    app_class = APP_CLASS_RE.search(word) is not None
    if _owned_by_the_world(reading.text, word, possessive=app_class):
        return True
    if app_class:
        return False
    lower = bool(re.match(r"[a-z]", word))
    if not (reading.generic or reading.how_to or reading.indefinite or reading.generic_weak):
        return bool(reading.known_topic) and lower  # "线程池 keepAliveTime 是干嘛的"
    if lower:
        return True
    # A comparison or a "what is" of names of its own stays this repository's ("UmsAdmin 和
    # UmsMember 有什么区别", "What is CouponCalculator for?"), unless the question names
    # the Java world ("ScopedValue 和 ThreadLocal 有什么区别", "What is ArC in Quarkus?").
    comparison = all(w in COMPARISON_WORDS for w in reading.generic)
    if comparison and not (reading.how_to or reading.indefinite):
        return bool(reading.known_topic) or names_the_world(reading.norm)
    return True


def _owned_by_the_world(text: str, word: str, *, possessive: bool) -> bool:
    """``word`` follows a name of the Java world as its member ("Hutool 的 DateUtil",
    "Spring's BeanPostProcessor"), alone or after another member ("Spring 的 BeanPostProcessor
    和 BeanFactoryPostProcessor"); with ``possessive``, only when 的 or 's says so."""
    # (a name starts where a word does, and is bounded: linear on a long run of letters)
    also = r"(?:\s*[\w.]{1,60}\s*(?:和|与|跟|、|,|，|\band\b|\bor\b))?"
    of = r"\s*(?:的|'s)" if possessive else r"\s*(?:的|'s)?"
    owner_re = rf"(?<![\w-])([a-z][\w-]{{0,60}}){of}{also}\s+{re.escape(word)}\b"
    owners = re.findall(owner_re, text, re.I | re.ASCII)
    return any(is_known_or_typo(o) for o in owners)


def names_the_world(norm: str) -> bool:
    """``norm`` names something of the Java world (a known name, not a common word)."""
    words = re.findall(r"[a-z][\w.+#-]*", norm)
    return any(is_known_or_typo(w.rstrip(".")) for w in words if w not in COMMON_WORDS)


def _known_topic(reading: MessageReading) -> str:
    """The name of the Java world the message is about, if it opens with one (after a
    greeting: "您好，请问 Gradle 的 build cache 解决什么问题")."""
    content = [c.norm for c in reading.clauses if not COURTESY_RE.fullmatch(c.norm)]
    match = TOPIC_RE.match(content[0] if content else reading.norm)
    if match is None:
        return ""
    topic = next((g for g in match.groups() if g), "")
    words = [w.strip("@.") for w in topic.split()]
    known = any(is_known_or_typo(w) for w in words if w and w not in COMMON_WORDS)
    return topic if known or match.group("zh_term") or ZH_TECH.find(topic) else ""


def _names_a_topic(reading: MessageReading) -> bool:
    """ "修复 log4j2 那个 JNDI 漏洞，一般的处理步骤是什么？", "Upgrading to Java 21 — what
    usually breaks?": a verb phrase before a question in general names its topic; what
    it says is asked of nobody."""
    clauses = reading.clauses
    if len(clauses) < 2 or not clauses[-1].question or not reading.knowledge:
        return False
    if reading.weak:
        return False  # "修复一下登录接口的越权，一般怎么做": a part of this application
    return any(not c.question for c in clauses[:-1])


def _is_statement(norm: str) -> bool:
    """Long enough to say something about code (not a bare topic: "semver: …")."""
    if HAS_CJK_RE.search(norm):
        return len(norm) >= limits.ROUTER_MIN_STATEMENT_CHARS
    return len(norm.split()) >= limits.ROUTER_MIN_STATEMENT_WORDS


def _descriptions(reading: MessageReading) -> list[str]:
    """Statements about code ("@Transactional 加在 private 方法上了"), not asks or chat."""
    if not (reading.is_question or reading.requests) or len(reading.clauses) < 2:
        return []
    found = []
    for clause in reading.clauses:
        if clause.question or clause_requests(clause) or not _is_statement(clause.norm):
            continue
        wish = PREFERENCE.find(clause.norm) or PREFERENCE_OPENING_RE.search(clause.norm)
        if CONVERSATION.find(clause.norm) or wish:
            continue
        found.append(clause.norm)
    return found


def _prose(text: str, reading: MessageReading) -> str:
    """``text`` (normalized) without the names read in it: "patches/", "data-fix",
    "/fix-stock", "leak_detect_task" are names, their words ask for no audit or patch.
    (CamelCase names need nothing: a word matches only as a whole word.)"""
    names = [*reading.paths, *reading.dotted, *(n for n in reading.names if "-" in n)]
    names += [i for i in reading.identifiers if "_" in i]  # "leak_detect_task"
    for name in sorted({normalize_text(n).lstrip("@") for n in names}, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def _read_problems(reading: MessageReading) -> None:
    norm = _prose(reading.norm, reading)
    # Words inside a quoted text (a PR description to polish, an error message) are
    # that text's, not asked of us.
    reading.audit = AUDIT.find(AUDIT_NOUN_RE.sub(" ", QUOTED_RE.sub(" ", norm)))
    reading.records = matches(RECORD_RE, norm)
    # "存在数据库里还是写死在前端？": the options of a choice are no problems.
    unchoice = " ".join(
        _prose(c.norm, reading)
        for c in reading.clauses
        if not (c.question and CHOICE_RE.search(c.norm))
    )
    for phrase in NOT_PROBLEMS:  # "constructor injection", "防重复提交": no problem said
        unchoice = unchoice.replace(normalize_text(phrase), " ")
    unchoice = NOT_PROBLEM_RE.sub(" ", unchoice)  # "上报崩溃", "是怎么避免 OOM 的"
    reading.problems = PROBLEMS.find(unchoice) + matches(PROBLEM_RE, unchoice)
    reading.evaluative = EVALUATIVE.find(norm)
    reading.complaints = matches(COMPLAINT_RE, norm)
    reading.existence = bool(EXISTENCE_RE.search(norm))
    reading.safeguards = [m.group(0) for c in reading.clauses if (m := SAFEGUARD_RE.search(c.norm))]
    words = PATCH_WORD.find(NOT_PATCH_RE.sub(" ", norm))
    if _is_http_patch(reading.text):
        words = [w for w in words if w not in ("patch", "patches")]
    reading.new_patch = bool(NEW_PATCH_RE.search(norm))
    reading.patch_words = words
    if reading.generic and not reading.strong and not PATCH_DETERMINED_RE.search(norm):
        words = [w for w in words if w == "补丁"]  # "Is it good practice to patch jars?"
    refs = PATCH_REF.find(OWN_CHANGE_RE.sub(" ", norm))
    # (the line pattern reads the message as typed: "pom 改完之后" names what was changed)
    changed = matches(YOU_CHANGED_RE, norm) + matches(YOU_CHANGED_LINE_RE, reading.norm)
    reading.patch_refs = ([] if reading.new_patch else words) + refs + changed


def _is_http_patch(text: str) -> bool:
    # Upper-case PATCH is the HTTP method ("Explain the PATCH endpoint").
    return "PATCH" in text and not re.search(r"\bpatch(?:es|ing)?\b", text)


# Lines of a pasted stack trace or log: their class names and exception words are the
# program's, not the user's ("NullPointerException" in a trace is not an audit request).
_LOG_LINE_RE = rx(
    r"^\s*(?:at [\w$.<>]+\(|caused by:|exception in thread|\.\.\. \d+ (?:more|common)"
    r"|[\w$.]+(?:exception|error)(?::|$)|\d{4}-\d{2}-\d{2}[ t]\d"
    r"|\[?(?:error|warn|info|debug)\]?\s)",
    re.IGNORECASE,
)


def _without_log_lines(text: str) -> str:
    lines = text.splitlines()
    kept = [line for line in lines if not _LOG_LINE_RE.match(line)]
    return "\n".join(kept) if kept else text


def _questioned_text(text: str) -> str:
    """The part of ``text`` the router reads: log lines out, a long paste cut to its
    head and tail (where a pasted trace carries the question)."""
    text = _without_log_lines(text)
    half = limits.CLASSIFIER_MAX_CHARS // 2
    if len(text) > 2 * half:
        text = f"{text[:half]}\n{text[-half:]}"
    return text


def _clauses_without_code(asked: str, norm: str) -> list[Clause]:
    """The clauses of the message, a pasted snippet's lines left out when it has two or
    more ("return …" in pasted Java is no request; the question under it is)."""
    lines = asked.splitlines()
    code = [line for line in lines if is_code_line(line)]
    if len(code) >= 2 and len(code) < len(lines):
        kept = "\n".join(line for line in lines if not is_code_line(line))
        norm = normalize_text(as_mandarin(kept)).strip()
    # A quoted message ("'Address already in use'") is read as words, not as clauses.
    return split_clauses(QUOTED_RE.sub(" ", norm))


def _requests_of(reading: MessageReading, clauses: Sequence[Clause]) -> list[Request]:
    """The requests of ``clauses``, each one's clause noted in ``reading``."""
    found = []
    for clause in clauses:
        for request in clause_requests(clause):
            reading.request_clauses[id(request)] = clause.norm
            found.append(request)
    return found


def read(text: str, *, names: Sequence[str] = ()) -> MessageReading:
    """Read ``text`` for the router (see :class:`MessageReading`)."""
    asked = _questioned_text(text)
    # Traditional characters and written Cantonese read as Mandarin (lang/traditional.py)
    norm = normalize_text(as_mandarin(asked)).strip()
    reading = MessageReading(text=asked, norm=norm, clauses=_clauses_without_code(asked, norm))
    reading.pasted_log = _without_log_lines(text) != text
    reading.is_question = any(c.question for c in reading.clauses)
    reading.requests = _requests_of(reading, reading.clauses)
    if reading.is_question:  # "把缓存删了，结果还是报错，为什么": what was done, then a question
        reading.requests = [r for r in reading.requests if not r.ordered]
    asked_of_us = ZH_PERSON_MARKER_RE.search(norm) or EN_YOU_RE.search(norm)
    if OWN_PLAN_RE.search(norm) and not asked_of_us:
        reading.requests = [r for r in reading.requests if r.act not in (Act.CHANGE, Act.CREATE)]
    read_pointers(reading, names)
    _read_knowledge(reading)
    if not asked_of_us and _names_a_topic(reading):
        reading.requests = _requests_of(reading, [c for c in reading.clauses if c.question])
    _read_problems(reading)
    reading.describes = _descriptions(reading)
    reading.names = list(dict.fromkeys([*reading.names, *latin_names(reading)]))
    return reading
