"""The rule-based, bilingual intent router of the command line.

The host's intents decide what memory may see: audit and patch turns stay isolated,
explanations and general questions read and write memory (``docs/cli.md``, "Intents").
The CLI has no model to route a question, so it uses transparent rules over three
questions any reader would ask of a message, in Chinese, English or a mix of both:

* **Does it ask me to act on code, or ask a question?** A request is found by its form
  (an imperative, "please", "could you / would you mind…", "we need…", 帮我/麻烦/能不能…,
  把 X 改成 Y, 给 X 加上 Y, a verb with a result: 改掉, 补上) and classed by its verb:
  *change* (fix, rename, add, 改, 换, 删…), *create* (write, implement, 写, 实现…),
  *inspect* (check, review, 看看, 检查…) or *explain* (explain, tell, 讲, 介绍…). A
  negated change ("不要改代码，只解释…"), a condition ("…的话") or the user's own plan
  ("我自己来写") asks for no change; "可以删吗" asks whether, "帮我删了" asks for it.
* **Does it point at this repository or at general knowledge?** Paths and files, the
  repository's own classes and modules, "this project", "we/our", "this class", "where
  is…", "is there anywhere…", the application's own nouns asked about as facts
  ("购物车数据存 Redis 还是数据库") point here; "what is", "how do I", "一般", "区别",
  indefinite objects ("a HashMap") and names of the Java world point at knowledge.
* **Does it refer to a pending patch** ("the patch", 补丁, "this fix", 这么改, "why did
  you…")?

Then, in this order:

1. while a patch awaits confirmation, a message that refers to it is ``patch_revise``
   when it asks for a change, sets a limit ("补丁里别动测试") or an adjustment ("补丁能再短一点
   吗"), and ``patch_explain`` otherwise; a follow-up change that names nothing new
   ("换成 switch 写法", "use a StringBuilder there instead", "只动 OrderService") revises
   the patch too, while a change with a subject of its own is a new audit;
2. ``code_audit``: patch words without a pending patch; an audit verb (audit, review,
   审计, 扫一下…); audit words (fix, 修复, 漏洞…) unless the message asks for knowledge
   ("什么是 SQL 注入？", "How do I fix a ConcurrentModificationException?") or where the
   code does it ("Where do we scan the classpath?"); a change request on code, whatever
   its verb, unless it is about the previous answer or a how-to in general; a problem (a
   bug, an injection, a leak, 越权, a missing check, a worry: "我担心 X 会算错") asked about
   this code; an inspection that looks for something, verifies a safeguard or judges this
   code ("这样有安全问题吗"). Words inside names ask for nothing: ``patches/``,
   ``data-fix``, ``AuditLogAspect``;
3. ``code_explain``: the message points at this repository;
4. otherwise ``general_chat`` (knowledge, practice, follow-ups, preferences).

Erring is asymmetric: an audit or patch request routed to a memory intent breaks the
isolation, while a question kept outside memory only loses context. So the audit rules
run before the explanation rules, a change request on code is an audit even when its
verb is not listed, and patch words never fall through to memory. The word lists are
this package's own; ``tests/intent_cases.py`` and ``tests/intent_holdout/`` measure
them. Reading is bounded and linear: a long paste is read by its head and tail, without
its log lines (``limits.CLASSIFIER_MAX_CHARS``), and every word list is one compiled regex.
The choice is always overridable (``--intent``, ``/intent``); the result says why.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from autopatch_memory import DirectiveKind, IntentType, directives_in, limits, normalize_text

from .acts import (
    _EN_AND_EXPLAIN_VERBS,
    _EN_AND_VERB_RE,
    _EN_AUDIT_PHRASES,
    _EN_CHANGE_PHRASES,
    _EN_FRAMING_WORD_RE,
    _EN_MIN_ING_CHARS,
    _EN_MODAL_REQUEST_RE,
    _EN_NEGATIVE_RE,
    _EN_NOUN_AFTER,
    _EN_PARTICLE_VERBS,
    _EN_PASSIVE_REQUEST_RE,
    _EN_PLEASE_RE,
    _EN_PLEASE_VERB_RE,
    _EN_REQUEST_FRAME_RE,
    _EN_VERB_RE,
    _EN_VERBS,
    _EN_WISH_RE,
    _EN_YOU_RE,
    _NO_REQUEST_RE,
    _OWN_PLAN_RE,
    _QUOTED_RE,
    _ZH_ADVERBS_RE,
    _ZH_BA_RE,
    _ZH_CHANGE_HEADS,
    _ZH_CHANGE_LEX,
    _ZH_DONE_AFTER_RE,
    _ZH_DONE_BEFORE,
    _ZH_ENOUGH_RE,
    _ZH_GIVE_RE,
    _ZH_HEAD_NOUNS,
    _ZH_MARKER_RE,
    _ZH_MODAL_ASKS_RE,
    _ZH_MODAL_RE,
    _ZH_NEG_VERB_RE,
    _ZH_NEGATED_RE,
    _ZH_NOT_CHANGE_RE,
    _ZH_NOUN_AFTER_RE,
    _ZH_ONLY_VERB_RE,
    _ZH_PASSIVE_OR_ABILITY_RE,
    _ZH_PERSON_MARKER_RE,
    _ZH_SUGGESTION_RE,
    _ZH_TRAILING_EXPLAIN_RE,
    _ZH_VERB_LEXICONS,
    _ZH_VERB_MAX_OFFSET,
    _ZH_WISH_RE,
    Act,
)
from .classification import Classification, Rule
from .knowledge import (
    _ADVICE_RE,
    _COMMON_WORDS,
    _COMPARISON_WORDS,
    _CONVERSATION,
    _COURTESY_RE,
    _EXISTENCE_RE,
    _FACT_FORM_RE,
    _FOLLOW_UP_RE,
    _GENERIC,
    _GENERIC_WEAK,
    _HOW_TO_RE,
    _INDEFINITE_RE,
    _PREFERENCE,
    _PREFERENCE_OPENING_RE,
    _TOPIC_RE,
    _WORD_ENDING_RE,
    _ZH_TECH,
    _is_known,
    _is_known_or_typo,
)
from .lexicon import _HAS_CJK_RE, _all, _any_of, _rx
from .patch import (
    _ADJUST_RE,
    _ANSWER_WORDS,
    _CONFUSED,
    _FOLLOW_UP_CHANGE,
    _NEW_PATCH_RE,
    _NOT_PATCH_RE,
    _OWN_CHANGE_RE,
    _PATCH_DETERMINED_RE,
    _PATCH_IMPLIED_RE,
    _PATCH_REF,
    _PATCH_WORD,
    _RESTRICTIVE_RE,
    _REVISE_WORDS,
    _YOU_CHANGED_RE,
)
from .problems import (
    _AUDIT,
    _CHOICE_RE,
    _EVALUATIVE,
    _NOT_PROBLEMS,
    _PROBLEM_RE,
    _PROBLEMS,
    _SAFEGUARD_RE,
    _SENSITIVE,
)
from .repository import (
    _APP_PART_RE,
    _BARE_PROJECT_RE,
    _DEICTIC_RE,
    _DOMAIN,
    _MANNER_RE,
    _PART_RE,
    _PROJECT,
    _USAGE_RE,
    _WE_RE,
    _WHERE_RE,
)

__all__ = ["Classification", "Rule", "choose", "classify", "forced", "mentioned_paths"]


# --- question form ------------------------------------------------------------------------

# Clauses end at punctuation, a dash between words, or a colon before a space.
_CLAUSE_SPLIT_RE = _rx(r"([，,。;；!！?？\n：]|:(?=\s)|\.(?=\s|$)|…+|——|\s[-–—]\s)")
# A clause that continues the one before ("补丁为什么不用 Redis 锁，而是改成乐观锁") shares
# its form.
_CONTINUATION_RE = _rx(r"^(?:而是|而不是|而|反而|还是|或者|或是|以及|or|rather than|instead of)")

_ZH_QUESTION_RE = _any_of(
    r"吗|呢|什么|啥|干嘛|嘛|怎么|怎莫|咋|怎样|如何|为什么|为何|为啥|哪|是否|多少|多久|多大|多长",
    # An A-not-A question ("有没有", "会不会"), not a request ("能不能帮我…").
    r"有没有|会不会|是不是|要不要|能不能(?!帮)|可不可以(?!帮)|需不需要|对不对|好不好|行不行|够不够"
    r"|安不安全",
    # "JDK 几", "是几版本" (not "写几个单元测试").
    r"(?:是|有|要|用|第|装)几|几(?:版本|级|种|个版本)|几$",
    # A choice: "存 Redis 还是数据库" (not "还是有问题").
    r"还是(?!有|会|不|没|很|挺|比较|要|得|一样|旧|老|默认|原来|空|null|0|那样|这样)",
)
_EN_QUESTION_RE = _rx(
    r"^(?:what|what's|whats|why|how|how's|where|where's|which|who|whom|whose|when|is|are|was|were"
    r"|does|do|did|can|could|should|would|will|has|have|had|isn't|aren't|doesn't|don't|didn't"
    r"|can't|shouldn't|won't|may|might|am)\b"
)


# --- reading one message --------------------------------------------------------------------


@dataclass(frozen=True)
class Request:
    """One request found in a message: its kind and the verb that shows it."""

    act: Act
    verb: str
    targeted: bool = False  # 把 X 改成 Y, 给 X 加上 Y: the request names what it changes
    negative: bool = False  # "don't change…", "不要改…": a limit on a change, no change by itself


@dataclass
class Clause:
    """One clause of a message (split at punctuation), normalized."""

    norm: str
    question: bool


@dataclass
class Reading:
    """What the router saw in one message (every list holds the words found)."""

    text: str
    norm: str
    clauses: list[Clause] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)
    is_question: bool = False
    # this repository
    paths: list[str] = field(default_factory=list)
    identifiers: list[str] = field(default_factory=list)
    dotted: list[str] = field(default_factory=list)  # com.macro.mall, jwt.tokenhead
    names: list[str] = field(default_factory=list)
    project: list[str] = field(default_factory=list)
    we: list[str] = field(default_factory=list)
    deictic: list[str] = field(default_factory=list)
    where: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    usage: list[str] = field(default_factory=list)  # "用的是", "does it use": what this repo chose
    app_parts: list[str] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)  # modules, build, dependencies, 目录…
    domain: list[str] = field(default_factory=list)
    # statements about code: "@Transactional 加在 private 方法上了"
    describes: list[str] = field(default_factory=list)
    snippet: bool = False
    definite: list[str] = field(default_factory=list)  # "the decoder", "the password reset token"
    # general knowledge and conversation
    generic: list[str] = field(default_factory=list)
    generic_weak: list[str] = field(default_factory=list)
    how_to: list[str] = field(default_factory=list)
    known_topic: str = ""  # the message is about a name of the Java world ("HashMap 为什么…")
    indefinite: bool = False
    conversation: list[str] = field(default_factory=list)
    answer_words: list[str] = field(default_factory=list)
    preference: bool = False
    # problems and the patch
    audit: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    evaluative: list[str] = field(default_factory=list)
    existence: bool = False  # "有没有…", "are there any…"
    safeguards: list[str] = field(default_factory=list)  # "Are passwords hashed?"
    patch_words: list[str] = field(default_factory=list)
    patch_refs: list[str] = field(default_factory=list)
    new_patch: bool = False

    @property
    def strong(self) -> list[str]:
        """Words that by themselves point at this repository."""
        return [
            *self.paths, *self.identifiers, *self.dotted, *self.names, *self.project, *self.we,
            *self.deictic, *self.where,
        ]  # fmt: skip

    @property
    def weak(self) -> list[str]:
        """Words that point at this repository unless the message asks for knowledge."""
        snippet = ["<code>"] if self.snippet else []
        return [
            *self.usage, *self.facts, *self.app_parts, *self.parts, *self.domain, *self.describes,
            *snippet,
        ]  # fmt: skip

    @property
    def asks_knowledge(self) -> bool:
        """Words that ask for general knowledge: a concept, a comparison, practice."""
        specific = self.app_parts or self.domain or self.usage
        weak_generic = self.generic_weak or self.known_topic
        return bool(self.generic or (weak_generic and not specific))

    @property
    def knowledge(self) -> bool:
        """The message asks for general knowledge rather than about this repository."""
        if self.strong:
            return False
        return self.asks_knowledge or (bool(self.how_to or self.indefinite) and not self.weak)

    @property
    def here(self) -> list[str]:
        """What makes the message about this repository, if anything.

        Strong pointers always do; the application's parts and facts unless the message
        asks for knowledge; bare nouns of a build or a domain, and statements, not in a
        how-to either ("单元测试里怎么 mock 静态方法？").
        """
        if self.strong:
            return self.strong
        if self.asks_knowledge:
            return []
        snippet = ["<code>"] if self.snippet else []
        firm = [*self.usage, *self.facts, *self.app_parts, *snippet]
        loose = [*self.parts, *self.domain, *self.describes]
        if firm:
            return [*firm, *loose]
        return [] if self.how_to else loose

    def acts(self, *kinds: Act) -> list[Request]:
        """The requests of the given kinds (a "don't change…" is no change by itself)."""
        return [r for r in self.requests if r.act in kinds and not r.negative]


# --- reading: clauses, questions and requests -----------------------------------------------


def _clauses(norm: str) -> list[Clause]:
    """``norm`` split at punctuation, each clause marked question or not."""
    parts = _CLAUSE_SPLIT_RE.split(norm)
    found: list[Clause] = []
    for i in range(0, len(parts), 2):
        text = parts[i].strip()
        mark = parts[i + 1] if i + 1 < len(parts) else ""
        if not text:
            continue
        question = _is_question(text, mark in ("?", "？"))
        if found and _CONTINUATION_RE.match(text):
            question = question or found[-1].question
        found.append(Clause(text, question))
    return found


def _is_question(clause: str, marked: bool) -> bool:
    if marked:
        return True
    if _HAS_CJK_RE.search(clause):
        return bool(_ZH_QUESTION_RE.search(clause))
    return bool(_EN_QUESTION_RE.match(_strip_en_frame(clause)[1]))


def _strip_en_frame(clause: str) -> tuple[bool, str]:
    """(whether a request frame opened the clause, the rest after it)."""
    match = _EN_REQUEST_FRAME_RE.match(clause)
    end = match.end() if match else 0
    framed = bool(_EN_FRAMING_WORD_RE.search(clause[:end]) or _EN_PLEASE_RE.search(clause))
    return framed, clause[end:]


def _clause_requests(clause: Clause) -> list[Request]:
    """The requests of one clause; a quoted error message ("'Address already in use'")
    is the program's words, a condition or the user's own plan asks nothing of us."""
    clause = Clause(_QUOTED_RE.sub(" ", clause.norm).strip(), clause.question)
    if not clause.norm or _NO_REQUEST_RE.search(clause.norm):
        return []
    if _HAS_CJK_RE.search(clause.norm):
        return _negated(_zh_requests(clause), clause.norm)
    return _en_requests(clause)


def _en_requests(clause: Clause) -> list[Request]:
    framed, rest = _strip_en_frame(clause.norm)
    found = _en_indirect_requests(clause, rest)
    head = _en_verb_at(rest)
    if head is None and (please := _EN_PLEASE_VERB_RE.search(rest)):
        head = _en_verb_at(rest[please.end() :])  # "@…/OrderController.java please add @Valid"
    # "Could you fix it?" asks, though it ends with a question mark.
    if head is not None and (not clause.question or framed):
        found.append(head)
    if found or not clause.question:
        # "investigate and patch it", "look at X and tell me…": a further verb.
        for match in _EN_AND_VERB_RE.finditer(rest):
            follow = _en_verb_at(rest[match.start(1) :])
            if follow is not None and (
                follow.act is not Act.EXPLAIN or follow.verb in _EN_AND_EXPLAIN_VERBS
            ):
                found.append(follow)
    return found


def _en_indirect_requests(clause: Clause, rest: str) -> list[Request]:
    """Wishes ("We need rate limiting on /login"), passive asks ("can the patch be
    split…?"), negated ones ("Don't change the signature") and "X should use Y"."""
    found: list[Request] = []
    if not clause.question and (wish := _EN_WISH_RE.match(clause.norm)):
        found.append(Request(Act.CHANGE, wish.group(0)))
    if passive := _EN_PASSIVE_REQUEST_RE.search(clause.norm):
        found.append(Request(Act.CHANGE, passive.group(0)))
    negative = _EN_NEGATIVE_RE.match(clause.norm)
    if negative is not None and negative.group(1) in _EN_VERBS:
        found.append(Request(Act.CHANGE, negative.group(0), negative=True))
    if not clause.question:
        for match in _EN_MODAL_REQUEST_RE.finditer(rest):
            if match.start() > 0 and _EN_VERBS.get(match.group(1)) is Act.CHANGE:
                found.append(Request(Act.CHANGE, match.group(0)))
    return found


def _en_stem(word: str) -> str:
    """The bare verb of an -ing form ("removing" → "remove", "adding" → "add")."""
    if not word.endswith("ing") or len(word) < _EN_MIN_ING_CHARS:
        return word
    stem = word[:-3]
    for candidate in (stem, stem + "e", stem[:-1]):
        if candidate in _EN_VERBS:
            return candidate
    return word


def _en_verb_at(text: str) -> Request | None:
    """The request whose verb opens ``text``, if its first word is a verb used as one."""
    match = _EN_VERB_RE.match(text)
    if match is None:
        return None
    verb, second, third = match.group(1), match.group(2) or "", match.group(3) or ""
    two, three = f"{verb} {second}".strip(), f"{verb} {second} {third}".strip()
    for phrase in (three, two):
        if phrase in _EN_CHANGE_PHRASES:
            return Request(Act.CHANGE, phrase)
        if phrase in _EN_AUDIT_PHRASES:
            return Request(Act.INSPECT, phrase)
    if verb in _EN_PARTICLE_VERBS:
        return Request(Act.INSPECT, two) if second in _EN_PARTICLE_VERBS[verb] else None
    if verb == "help":
        return Request(Act.EXPLAIN, "help me understand") if "understand" in text[:40] else None
    if verb == "do" and second in ("a", "an", "the", "some"):
        return Request(Act.INSPECT, two)  # "do a security review of…"
    act = _EN_VERBS.get(verb) or _EN_VERBS.get(_en_stem(verb))
    if act is None or second in _EN_NOUN_AFTER or _HAS_CJK_RE.match(text[len(verb) :].lstrip()[:1]):
        return None  # "review module", "review 模块": a noun
    return Request(act, verb)


def _zh_requests(clause: Clause) -> list[Request]:
    """Requests in a Chinese (or mixed) clause."""
    norm = clause.norm
    marker = _ZH_MARKER_RE.search(norm)
    found = [] if marker is None else _zh_marked_request(norm[marker.end() :], marker.group(0))
    opening = _zh_first_verb(norm, head=True, at_start=True)
    # "review 代码的时候你最看重什么": the verb opens a time clause, it asks for nothing.
    in_time_clause = marker is None and "的时候" in norm
    asked = opening is not None and (not clause.question or opening.act is not Act.CHANGE)
    if opening is not None and asked and not in_time_clause:
        found.append(opening)
    # A 把/给 change asks unless the clause asks something else ("为什么把 X 改成 Y？").
    asks = not clause.question or marker is not None or bool(_ZH_SUGGESTION_RE.search(norm))
    for pattern in (_ZH_BA_RE, _ZH_GIVE_RE):
        for match in pattern.finditer(norm):
            # "帮我把…都删了" asks; "把 CSRF 禁用了，这样有问题吗" tells what was done.
            if asks and (marker is not None or not _is_done(norm, match.end())):
                found.append(Request(Act.CHANGE, match.group(0).strip("，, "), targeted=True))
    if asks:  # "补丁里别动测试" limits; "补丁为什么不用 Redis 锁" asks why
        found += [
            Request(Act.CHANGE, m.group(0), negative=True) for m in _ZH_NEG_VERB_RE.finditer(norm)
        ]
    found += [Request(Act.CHANGE, m.group(0)) for m in _ZH_ONLY_VERB_RE.finditer(norm)]
    if enough := _ZH_ENOUGH_RE.search(norm):
        found.append(Request(Act.CHANGE, enough.group(0)))  # "只捕获 X 就行"
    if trailing := _ZH_TRAILING_EXPLAIN_RE.search(norm):
        found.append(Request(Act.EXPLAIN, trailing.group(0)))
    if not clause.question:
        found += _zh_statement_changes(norm)
    return found


def _zh_marked_request(rest: str, marker: str) -> list[Request]:
    """The request after a request word: 帮我…, 麻烦…, 能不能…."""
    # "可以删吗" asks whether; "可以帮我删掉吗", "能不能只改 X" ask for it.
    modal = _ZH_MODAL_RE.fullmatch(marker) is not None
    heads = not modal or bool(_ZH_MODAL_ASKS_RE.match(rest))
    verb = _zh_first_verb(rest, head=heads)
    if _ZH_PASSIVE_OR_ABILITY_RE.match(rest):
        return []  # "能不能被绕过", "能不能查到别人的": what can happen, no request
    if (
        verb is None
        and _ZH_PERSON_MARKER_RE.fullmatch(marker)
        and not _ZH_NOT_CHANGE_RE.match(rest)
    ):
        # "帮我收窄", "帮我配置一个有界的线程池": a verb no list holds, asked of the
        # assistant, acts on code (the safe side).
        return [Request(Act.CHANGE, marker + rest[: limits.ROUTER_UNKNOWN_VERB_CHARS].strip())]
    return [] if verb is None else [verb]


def _zh_statement_changes(norm: str) -> list[Request]:
    """Change verbs in a clause that is no question: "订单状态的魔法数字换成枚举"."""
    found = []
    if wish := _ZH_WISH_RE.search(norm):
        found.append(Request(Act.CHANGE, wish.group(0)))
    for word in _ZH_CHANGE_LEX.find(norm):
        start = norm.find(word)
        if not _is_done(norm, start + len(word), start):
            found.append(Request(Act.CHANGE, word))
    return found


def _zh_first_verb(text: str, *, head: bool, at_start: bool = False) -> Request | None:
    """The first verb of ``text`` (at its very start with ``at_start``); with ``head``,
    a one-character change verb at the start counts too ("修一下", "改成 X")."""
    text = _ZH_ADVERBS_RE.sub("", text, count=1)
    best: tuple[int, Request] | None = None
    for act, lexicon in _ZH_VERB_LEXICONS:
        for word in lexicon.find(text[: limits.ROUTER_ZH_VERB_WINDOW_CHARS]):
            start = text.find(word)
            if _ZH_NOUN_AFTER_RE.match(text[start + len(word) :]):
                continue  # "review 模块", "检查型异常": a noun, not a verb
            if (best is None or start < best[0]) and (not at_start or start == 0):
                best = (start, Request(act, word))
    if best is not None and (best[0] <= _ZH_VERB_MAX_OFFSET or not at_start):
        return best[1]
    starts_with_head = head and text[:1] != "" and text[0] in _ZH_CHANGE_HEADS
    if (
        starts_with_head
        and text[:2] not in _ZH_HEAD_NOUNS
        and not _ZH_DONE_AFTER_RE.match(text[1:])
    ):
        return Request(Act.CHANGE, text[:2].strip())
    return None


def _is_done(norm: str, end: int, start: int | None = None) -> bool:
    """The verb ending at ``end`` (starting at ``start``) states a fact, asks for nothing."""
    if _ZH_DONE_AFTER_RE.match(norm[end:]):
        return True
    before = norm[max(0, start - 2) : start] if start else ""
    return before.endswith(_ZH_DONE_BEFORE)


def _negated(requests: list[Request], norm: str) -> list[Request]:
    """Mark the Chinese requests whose verb follows 不要/别 ("不要改代码")."""
    marked = []
    for request in requests:
        start = norm.find(request.verb)
        negative = start > 0 and bool(_ZH_NEGATED_RE.search(norm[:start]))
        marked.append(
            Request(request.act, request.verb, request.targeted, negative or request.negative)
        )
    return marked


# --- reading: what the message points at ----------------------------------------------------

# `@path` puts a file in scope; the path ends at whitespace or at full-width
# (Chinese) punctuation, and trailing sentence punctuation ("看看 @pom.xml.") is
# not part of it.
_FULL_WIDTH_PUNCTUATION = "，。；：！？、（）【】《》「」"
_AT_PATH_RE = _rx(r"(?<![\w@])@([^\s@" + _FULL_WIDTH_PUNCTUATION + r"]+)")
_TRAILING_PUNCTUATION = ".,;:!?)]}>'\"，。；：！？）】》、"
# `@Data`, `@Override`: a capitalised bare name after `@` is a Java annotation.
_ANNOTATION_RE = _rx(r"[A-Z]\w*(?:\(.*)?")
_CODE_FILE_SUFFIXES = (
    ".java", ".kt", ".kts", ".groovy", ".gradle", ".xml", ".properties", ".yml", ".yaml", ".toml",
    ".sql", ".md", ".json", ".sh", ".conf", ".html", ".js", ".ts", ".vue", ".ftl", ".jsp", ".env",
    ".cfg", ".ini", ".txt", ".lock", ".proto",
)  # fmt: skip
_FILE_NAME_RE = _rx(
    r"(?<![\w.-])[\w-]+(?:" + "|".join(re.escape(s) for s in _CODE_FILE_SUFFIXES) + r")\b",
    re.IGNORECASE,
)
_KNOWN_FILE_RE = _rx(
    r"\b(?:Dockerfile|Jenkinsfile|Makefile|README|gradlew|mvnw|docker-compose|buildSrc|"
    r"pom|settings\.gradle|build\.gradle|\.gitlab-ci|\.github)\b",
    re.IGNORECASE,
)
# A path: ASCII segments joined by "/" that look like a path, not "I/O" or "try/catch":
# rooted, three segments or more, a file name at the end, or a well-known folder first.
_SLASH_PATH_RE = _any_of(
    r"(?<![\w/:.{}~-])/?[\w.{}~-]+(?:/[\w.{}~-]+)+/?",
    r"(?<![\w/:.{}~-])[a-z][\w.-]*/(?=\s|$|[^\x00-\x7f])",  # "ui/ 下面", "under application/"
)
_INDEFINITE_BEFORE_RE = _rx(r"(?:\ban?\s+(?:\w+\s+){0,2}|一个\s*|一份\s*)$")
_PATH_HEADS = frozenset(
    {"src", "main", "test", "resources", "docs", "config", "conf", "scripts", "deploy", "sql", "db"}
)
# Java identifiers of this code: UserServiceImpl, findById, Foo.bar(), Class#method, pms_product.
_IDENTIFIER_RE = _rx(
    r"(?<![\w@.:+])(?:[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[A-Z]{2,}[a-z]+[A-Za-z0-9]*|[a-z]+[A-Z]\w*"
    r"|\w+\.\w+\(\)|\w+#\w+|[a-z]+(?:_[a-z0-9]+)+)(?![\w])"
)
# A package or property key of this code: com.macro.mall, mall.jwt.expiration, jwt.tokenHead.
_DOTTED_RE = _rx(r"(?<![\w.-])[a-z][\w-]*(?:\.[a-zA-Z][\w-]*){1,}(?![\w(])")
_STANDARD_DOTTED = (
    "java.", "javax.", "jakarta.", "org.springframework", "spring.", "server.", "logging.",
    "management.", "org.apache", "com.fasterxml", "com.alibaba", "io.netty", "org.hibernate",
    "lombok.", "kotlin.", "sun.", "jdk.", "e.g", "i.e", "vs.", "www.", "system.out", "log.",
)  # fmt: skip
_EXCEPTION_NAME_RE = _rx(r"(?:Exception|Error)$")
# The roles of an application's own classes: OrderServiceImpl, UserMapper, FindingQueue.
_APP_CLASS_RE = _rx(
    r"(?:Service|Impl|Controller|Mapper|Dao|Repository|Entity|Dto|DTO|Vo|VO|Config"
    r"|Configuration|Properties|Handler|Utils?|Helper|Manager|Filter|Interceptor|Listener"
    r"|Job|Task|Client|Queue|Factory|Provider|Adapter|Resolver|Converter|Validator|Aspect"
    r"|Scheduler|Processor|Application|App|Request|Response|Form|Param|Query|Event|Command"
    r"|Model|Confirmation|Api|Endpoint|Resource|Store|Cache|Registry|Router|Gateway|Sender"
    r"|Receiver|Consumer|Producer|Enum|Constant|Constants|Result|Page|Test|Tests|Source|Item)$"
)
_BARE_CAMEL_RE = _rx(r"[A-Z][A-Za-z0-9]*")
# mall-admin, nacos-server: a hyphenated lower-case name.
_KEBAB_RE = _rx(r"(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")
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
    most exactly zero wait based grained coarse fine
    """.split()
)
# Common English prefixes of hyphenated technical names: "spring-boot-starter" is no module here.
_TECH_PREFIXES = (
    "spring-", "jakarta-", "javax-", "junit-", "mybatis-", "log4j-", "slf4j-", "jackson-",
    "hibernate-", "maven-", "gradle-", "kotlin-", "apache-", "commons-", "lombok-", "micronaut-",
    "vertx-", "netty-", "kafka-", "redis-", "dependency-",
)  # fmt: skip
# A named subject: "does mall use", "mall 的…", "the review module", "review 模块".
_NAMED_SUBJECT_RE = _any_of(
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
_TAIL_NAME_RE = _rx(
    r"\b(?:in|of|from|inside|for|about) ([a-z][\w-]*)(?=\s*(?:$|[?,.;:]|\s[-–—]\s))"
)
# A Latin word in a Chinese sentence: a name of the Java world, a word, or a name here.
_LATIN_NEIGHBOUR_BEFORE_RE = _rx(r"[a-z]\s+$")
_LATIN_NEIGHBOUR_AFTER_RE = _rx(r"\s+[a-z]")
_LATIN_IN_ZH_RE = _rx(r"(?<![\w.@#$-])([a-z][a-z0-9]*(?:[-_][a-z0-9]+)*)(?![\w.(-])")


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


_QUALIFIED_RE = _rx(r"(?<!\w)(\w+)\.\w+")


def _own_identifiers(text: str) -> list[str]:
    """Class, method and table names that are not names of the Java world."""
    # `CompletableFuture.allOf`: a member of a known class is known too.
    known_spans = [m.span() for m in _QUALIFIED_RE.finditer(text) if _is_known(m.group(1))]
    found = []
    for match in _IDENTIFIER_RE.finditer(text):
        if any(start <= match.start() < end for start, end in known_spans):
            continue
        word = match.group(0)
        head = re.split(r"[.#(]", word)[0]
        if (
            _is_known_or_typo(head)
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
        if re.fullmatch(r"[\d.]+", word.split(".", 1)[1]) or _is_known(word.split(".")[0]):
            continue  # a version number, "vert.x", "Spring.xxx"
        found.append(word)
    return found


def _is_module_name(name: str) -> bool:
    segments = name.split("-")
    if any(s.isdigit() for s in segments):
        return False  # "jsr-380", "utf-8": a standard's number
    if _is_known(name) or name.startswith(_TECH_PREFIXES) or len(name) < 4:
        return False
    return not any(s in _PHRASE_SEGMENTS for s in segments) and not all(
        _is_known(s) for s in segments
    )


def _is_name_like(word: str) -> bool:
    """An unknown lower-case word that can be a project or module name."""
    return (
        len(word) >= 3
        and word not in _COMMON_WORDS
        and not _WORD_ENDING_RE.search(word)
        and not _is_known_or_typo(word)
        and word not in _EN_VERBS
    )


def _is_acronym(name: str, text: str) -> bool:
    # "IM 系统", "ERP 项目": an upper-case acronym names a kind of system, not this one.
    return bool(re.search(rf"\b{re.escape(name.upper())}\b", text, re.ASCII))


def _repo_names(text: str, norm: str, profile_names: Sequence[str]) -> list[str]:
    """Module and project names: hyphenated names, named subjects, the profile's names."""
    found = [m.group(0) for m in _KEBAB_RE.finditer(norm) if _is_module_name(m.group(0))]
    for match in _NAMED_SUBJECT_RE.finditer(norm):
        name = next(g for g in match.groups() if g is not None)
        # "the review module", "istio module", "review 模块" name a module, whatever the word.
        named_part = match.group("module") is not None or match.group("zh_module") is not None
        plugin = "plugin" in match.group(0) or "插件" in match.group(0)
        if named_part and (_is_acronym(name, text) or (_is_known_or_typo(name) and plugin)):
            continue  # "OWASP plugin", "maven plugin": a plugin of the world
        if (named_part and name not in ("the", "a", "an", "this", "each", "every", "which")) or (
            "-" not in name and _is_name_like(name) and not _is_acronym(name, text)
        ):
            found.append(name)
    for name in profile_names:
        key = normalize_text(name)
        if key in _COMMON_WORDS or len(key) < 3 or _is_known(key):
            continue  # a module called "example" or "api" is no pointer by itself
        if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", norm, re.ASCII):
            found.append(name)
    return list(dict.fromkeys(found))


# "the decoder", "the password reset token": a thing of this code (not "the difference").
_DEFINITE_RE = _rx(r"\bthe ([a-z][\w-]*)(?: [a-z][\w-]*){0,3}")
_NOT_DEFINITE = frozenset(
    """
    difference differences best same following above previous last first next other way ways
    right wrong end beginning start idea concept point reason reasons benefit benefits
    purpose meaning answer answers example examples question questions jvm jdk java world
    internet web cloud future past main general common most least whole patch diff change
    changes fix pros cons use usage case cases time problem issue thing things one
    """.split()
)
_SNIPPET_RE = _rx(
    r";\s*(?:$|\n|\})|\{\s*\n|\)\s*\{|\b(?:if|for|while)\s*\(.*\)|\bnew [A-Z]\w*\(|\breturn\b.*;"
    r"|=\s*\"[^\"]*\"\s*\+|\bselect\b.+\bfrom\b|\bpublic (?:class|void|static)\b|^\s*@\w+\s*$",
    re.MULTILINE | re.IGNORECASE,
)


def _read_pointers(reading: Reading, names: Sequence[str]) -> None:
    text, norm = reading.text, reading.norm
    reading.paths = _path_words(text)
    reading.identifiers = _own_identifiers(text)
    reading.dotted = _dotted_names(norm)
    reading.names = _repo_names(text, norm, names)
    # "…'Checked exception is invalid for this method!' mean?": a quoted message's words
    # are the program's, "this method" is not code here.
    said = _QUOTED_RE.sub(" ", norm)
    reading.project = _PROJECT.find(said) + _all(_BARE_PROJECT_RE, said)
    reading.we = _all(_WE_RE, said)
    reading.deictic = _all(_DEICTIC_RE, said)
    reading.where = _all(_WHERE_RE, said)
    reading.facts = _all(_MANNER_RE, norm) + [
        m.group(1) for m in _TAIL_NAME_RE.finditer(norm) if _is_name_like(m.group(1))
    ]
    reading.usage = _all(_USAGE_RE, norm)
    reading.parts = _all(_PART_RE, norm)
    reading.app_parts = [part for part in _all(_APP_PART_RE, norm) if _is_app_part(part)]
    reading.domain = _DOMAIN.find(re.sub(r"<[^<>]*>", " ", norm))  # not List<Order>
    reading.snippet = bool(_SNIPPET_RE.search(text))
    reading.definite = [
        m.group(0) for m in _DEFINITE_RE.finditer(norm) if m.group(1) not in _NOT_DEFINITE
    ]


def _is_app_part(part: str) -> bool:
    """ "dubbo 接口", "order 模块" are parts of this application; "mapper 接口" (a kind of
    interface) and "lombok 插件" (a plugin of the world) are not."""
    word = re.match(r"[a-z]+", part)
    if part.startswith("the ") or word is None:
        return True
    world_plugin = _is_known_or_typo(word.group(0)) and re.search("插件|工程|子项目", part)
    return word.group(0) not in _COMMON_WORDS and not world_plugin


def _latin_names(reading: Reading) -> list[str]:
    """Unknown words in a Chinese question that is not a knowledge question: names here.

    "mall 用的 Spring Boot 版本是多少", "要装哪些中间件才能把 mall 跑起来".
    """
    if not _HAS_CJK_RE.search(reading.norm) or reading.generic or reading.how_to:
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


def _read_knowledge(reading: Reading) -> None:
    norm = reading.norm
    unfact = _FACT_FORM_RE.sub(" ", norm)  # "是怎么实现的" asks how it was done here
    reading.generic = _GENERIC.find(unfact) + _all(_ADVICE_RE, unfact)
    reading.generic_weak = _GENERIC_WEAK.find(unfact)
    reading.how_to = _all(_HOW_TO_RE, unfact)
    reading.known_topic = _known_topic(reading)
    question_text = " ".join(c.norm for c in reading.clauses if c.question)
    create_text = norm if reading.acts(Act.CREATE) else ""
    reading.indefinite = bool(_INDEFINITE_RE.search(f"{question_text} {create_text}"))
    reading.conversation = _CONVERSATION.find(norm)
    reading.answer_words = _ANSWER_WORDS.find(norm)
    # "以后回答用中文" wishes; "改了字典以后" is "after".
    opening = any(_PREFERENCE_OPENING_RE.search(c.norm) for c in reading.clauses)
    reading.preference = bool(_PREFERENCE.find(norm)) or opening
    reading.identifiers = [w for w in reading.identifiers if not _library_name(reading, w)]


def _library_name(reading: Reading, word: str) -> bool:
    """In a knowledge question, a name without an application role is not this code's.

    A how-to's or a concept question's CamelCase name is a library's ("How do I configure
    HikariCP?"), a lower-case one an example's or a library's member ("怎么把 List<Order> 按
    userId 分组", "线程池 keepAliveTime 有啥用"); but two names of its own are compared
    ("UmsAdmin 和 UmsMember 有什么区别").
    """
    if re.search(rf"(?:一个|一种|\ban?|\bcustom)\s*{re.escape(word)}\b", reading.text, re.ASCII):
        return True  # "自定义一个 ConstraintValidator": a kind of class, not one here
    if _APP_CLASS_RE.search(word):
        return False
    if re.search(rf"[a-z0-9]\s*(?:的|'s)?\s+{re.escape(word)}\b", reading.text, re.I | re.ASCII):
        owner = re.findall(rf"([a-z][\w-]*)\s*(?:的|'s)?\s+{re.escape(word)}\b", reading.text, re.I)
        if any(_is_known_or_typo(o) for o in owner):
            return True  # "Spring 的 ApplicationEvent": a member of a name of the Java world
    lower = bool(re.match(r"[a-z]", word))
    if not (reading.generic or reading.how_to or reading.indefinite or reading.generic_weak):
        return bool(reading.known_topic) and lower  # "线程池 keepAliveTime 是干嘛的"
    if lower:
        return True
    # A comparison or a "what is" of names of its own stays this repository's ("UmsAdmin 和
    # UmsMember 有什么区别", "What is CouponCalculator for?"), unless the question names
    # the Java world ("ScopedValue 和 ThreadLocal 有什么区别", "What is ArC in Quarkus?").
    comparison = all(w in _COMPARISON_WORDS for w in reading.generic)
    if comparison and not (reading.how_to or reading.indefinite):
        return bool(reading.known_topic) or _names_the_world(reading.norm)
    return True


def _names_the_world(norm: str) -> bool:
    """``norm`` names something of the Java world (a known name, not a common word)."""
    words = re.findall(r"[a-z][\w.+#-]*", norm)
    return any(_is_known_or_typo(w.rstrip(".")) for w in words if w not in _COMMON_WORDS)


def _known_topic(reading: Reading) -> str:
    """The name of the Java world the message is about, if it opens with one (after a
    greeting: "您好，请问 Gradle 的 build cache 解决什么问题")."""
    content = [c.norm for c in reading.clauses if not _COURTESY_RE.fullmatch(c.norm)]
    match = _TOPIC_RE.match(content[0] if content else reading.norm)
    if match is None:
        return ""
    topic = next((g for g in match.groups() if g), "")
    words = [w.strip("@.") for w in topic.split()]
    known = any(_is_known_or_typo(w) for w in words if w and w not in _COMMON_WORDS)
    return topic if known or match.group("zh_term") or _ZH_TECH.find(topic) else ""


def _is_statement(norm: str) -> bool:
    """Long enough to say something about code (not a bare topic: "semver: …")."""
    if _HAS_CJK_RE.search(norm):
        return len(norm) >= limits.ROUTER_MIN_STATEMENT_CHARS
    return len(norm.split()) >= limits.ROUTER_MIN_STATEMENT_WORDS


def _descriptions(reading: Reading) -> list[str]:
    """Statements about code ("@Transactional 加在 private 方法上了"), not asks or chat."""
    if not (reading.is_question or reading.requests) or len(reading.clauses) < 2:
        return []
    found = []
    for clause in reading.clauses:
        if clause.question or _clause_requests(clause) or not _is_statement(clause.norm):
            continue
        wish = _PREFERENCE.find(clause.norm) or _PREFERENCE_OPENING_RE.search(clause.norm)
        if _CONVERSATION.find(clause.norm) or wish:
            continue
        found.append(clause.norm[:24])
    return found


def _prose(text: str, reading: Reading) -> str:
    """``text`` (normalized) without the names read in it: "patches/", "data-fix",
    "/fix-stock" are names, their words ask for no audit or patch. (CamelCase and
    snake_case names need nothing: a word matches only as a whole word.)"""
    names = [*reading.paths, *reading.dotted, *(n for n in reading.names if "-" in n)]
    for name in sorted({normalize_text(n).lstrip("@") for n in names}, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


def _read_problems(reading: Reading) -> None:
    norm = _prose(reading.norm, reading)
    reading.audit = _AUDIT.find(norm)
    # "存在数据库里还是写死在前端？": the options of a choice are no problems.
    unchoice = " ".join(
        _prose(c.norm, reading)
        for c in reading.clauses
        if not (c.question and _CHOICE_RE.search(c.norm))
    )
    for phrase in _NOT_PROBLEMS:  # "constructor injection", "防重复提交": no problem said
        unchoice = unchoice.replace(normalize_text(phrase), " ")
    reading.problems = _PROBLEMS.find(unchoice) + _all(_PROBLEM_RE, unchoice)
    reading.evaluative = _EVALUATIVE.find(norm)
    reading.existence = bool(_EXISTENCE_RE.search(norm))
    reading.safeguards = [
        m.group(0) for c in reading.clauses if (m := _SAFEGUARD_RE.search(c.norm))
    ]
    words = _PATCH_WORD.find(_NOT_PATCH_RE.sub(" ", norm))
    if _is_http_patch(reading.text):
        words = [w for w in words if w not in ("patch", "patches")]
    reading.new_patch = bool(_NEW_PATCH_RE.search(norm))
    reading.patch_words = words
    if reading.generic and not reading.strong and not _PATCH_DETERMINED_RE.search(norm):
        words = [w for w in words if w == "补丁"]  # "Is it good practice to patch jars?"
    refs = _PATCH_REF.find(_OWN_CHANGE_RE.sub(" ", norm))
    reading.patch_refs = ([] if reading.new_patch else words) + refs + _all(_YOU_CHANGED_RE, norm)


def _is_http_patch(text: str) -> bool:
    # Upper-case PATCH is the HTTP method ("Explain the PATCH endpoint").
    return "PATCH" in text and not re.search(r"\bpatch(?:es|ing)?\b", text)


# Lines of a pasted stack trace or log: their class names and exception words are the
# program's, not the user's ("NullPointerException" in a trace is not an audit request).
_LOG_LINE_RE = _rx(
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


def read(text: str, *, names: Sequence[str] = ()) -> Reading:
    """Read ``text`` for the router (see :class:`Reading`)."""
    text = _questioned_text(text)
    norm = normalize_text(text).strip()
    # A quoted message ("'Address already in use'") is read as words, not as clauses.
    reading = Reading(text=text, norm=norm, clauses=_clauses(_QUOTED_RE.sub(" ", norm)))
    reading.is_question = any(c.question for c in reading.clauses)
    reading.requests = [r for clause in reading.clauses for r in _clause_requests(clause)]
    asked_of_us = _ZH_PERSON_MARKER_RE.search(norm) or _EN_YOU_RE.search(norm)
    if _OWN_PLAN_RE.search(norm) and not asked_of_us:
        reading.requests = [r for r in reading.requests if r.act not in (Act.CHANGE, Act.CREATE)]
    _read_pointers(reading, names)
    _read_knowledge(reading)
    _read_problems(reading)
    reading.describes = _descriptions(reading)
    reading.names = list(dict.fromkeys([*reading.names, *_latin_names(reading)]))
    return reading


# --- the rules --------------------------------------------------------------------------------

# Inspection verbs that are an audit by themselves ("帮我 review 一下 X", "审一下 pom 依赖").
_AUDIT_VERBS = frozenset(
    {
        "audit", "review", "scan", "vet", "pentest", "double-check", "sanity-check",
        *_EN_AUDIT_PHRASES, "审计", "审查", "审一下", "审下", "扫描", "扫一下", "扫扫", "扫一扫",
        "扫一遍", "走查", "评审", "把关",
    }
)  # fmt: skip
# Audit words that are verbs: in a where-question they say what the code does.
_AUDIT_VERB_WORDS = frozenset(
    {"scan", "fix", "fixes", "fixing", "audit", "audits", "auditing", "repair", "harden",
     "hardening", "扫描", "修复", "审计", "审查"}
)  # fmt: skip
# Tools whose own patches a question may be about ("git 怎么导出一个 patch 文件").
_TOOLS = frozenset(
    {"git", "svn", "idea", "intellij", "eclipse", "vscode", "gitlab", "github", "gerrit"}
)
# "check the upload handler for path traversal": looking for something.
_CHECK_FOR_RE = _rx(
    r"\b(?:check|scan|inspect|review|audit|test)\b.{1,60}\bfor\b(?!\s+(?:me|us|you)\b)"
)
# A yes-or-no question or a confirmation ("没有校验文件类型吧").
_CONFIRMATION_RE = _rx(r"吧\s*[。.!！]?$")
_ZH_YES_NO_RE = _rx(r"吗|会不会|能不能|是不是|有没有|是否|可不可能|有无|存不存在|对不对|可能")
_EN_YES_NO_RE = _rx(
    r"^(?:is|are|was|were|does|do|did|can|could|will|would|has|have|any|isn't|aren't|doesn't)\b"
)
# "怎么改比较好", "how should we refactor…": advice on changing code; about this code, an audit.
_HOW_TO_CHANGE_RE = _any_of(
    r"(?:怎么|如何|怎样)(?:改|修改|重构|优化|拆|修|调整|改进|简化)",
    r"\bhow (?:should|would|can|could|do) (?:i|we|you) (?:refactor|improve|fix|change|rewrite"
    r"|simplify|split|clean up|optimi[sz]e)\b",
)
# An inspection that verifies a condition, or one that looks something up.
_YES_NO_RE = _rx(r"有没有|是否|是不是|有无|会不会|能不能|\bwhether\b|\bif\b|\bany\b")
_LOOKUP_RE = _rx(r"哪|什么|啥|几|多少|\b(?:which|what|where|how many|how much|list)\b")
# "把锁的粒度改小一点", "make it smaller": an adjustment of something already there.
_COMPARATIVE_RE = _rx(r"一点|一些|\b(?:smaller|simpler|shorter)\b")


def _result(intent: IntentType, rule: Rule, matched: Iterable[str]) -> Classification:
    unique: dict[str, str] = {}
    for word in matched:
        unique.setdefault(word.lower(), word)  # "ReviewController" once, as written
    return Classification(intent=intent, rule=rule, matched=list(unique.values()))


def _about_answer(reading: Reading) -> bool:
    """A request about the previous answer or the conversation, not about code."""
    return bool(reading.answer_words or reading.preference) and not reading.strong


def _patch_rule(reading: Reading) -> Classification | None:
    """With a patch pending: a message about it, or a change that continues it."""
    # "Maven Wrapper 有什么用？为什么要把 .mvn 目录提交上去？": a knowledge question's "why"
    # is not about the patch.
    implied = [] if reading.knowledge else _all(_PATCH_IMPLIED_RE, reading.norm)
    refs = reading.patch_refs + implied
    if not refs:
        if follow_up := _revises_unnamed(reading):
            return _result(IntentType.PATCH_REVISE, Rule.PATCH_REVISE, follow_up)
        return None
    # A limit ("补丁里别动测试") or an adjustment ("补丁能再短一点吗") revises it too.
    changes = reading.acts(Act.CHANGE, Act.CREATE) + [r for r in reading.requests if r.negative]
    if adjust := _ADJUST_RE.search(reading.norm):
        changes.append(Request(Act.CHANGE, adjust.group(0)))
    explains = reading.acts(Act.EXPLAIN) or _CONFUSED.find(reading.norm)
    if changes and not (explains and _explain_first(reading)):
        words = [*refs, *(r.verb for r in changes)]
        return _result(IntentType.PATCH_REVISE, Rule.PATCH_REVISE, words)
    if explains or reading.is_question:
        return _result(IntentType.PATCH_EXPLAIN, Rule.PATCH_EXPLAIN, refs)
    if revise := _REVISE_WORDS.find(reading.norm):
        return _result(IntentType.PATCH_REVISE, Rule.PATCH_REVISE, [*refs, *revise])
    return _result(IntentType.PATCH_EXPLAIN, Rule.PATCH_EXPLAIN, refs)


def _revises_unnamed(reading: Reading) -> list[str]:
    """A change request that continues the pending patch without naming it.

    "换成 switch 写法", "use a StringBuilder there instead", "只动 OrderService": a follow-up
    phrasing with nothing new to change. A change that names its own subject ("upgrade
    jackson", "add a check to the decoder", "把 Swagger 换成 SpringDoc") or fixes a
    problem is a new audit.
    """
    restrictive = _all(_RESTRICTIVE_RE, reading.norm)
    if restrictive and not reading.acts(Act.EXPLAIN) and not _about_answer(reading):
        return restrictive
    changes = reading.acts(Act.CHANGE)
    if not changes or reading.audit or reading.problems or _about_answer(reading):
        return []
    follow_up = _FOLLOW_UP_CHANGE.find(reading.norm)
    targeted = any(r.targeted for r in changes) and not _COMPARATIVE_RE.search(reading.norm)
    named = reading.strong or reading.weak or reading.definite or targeted
    return [*follow_up, *(r.verb for r in changes)] if follow_up and not named else []


def _explain_first(reading: Reading) -> bool:
    """The first request explains ("Explain the change to X in the patch")."""
    return bool(reading.requests) and reading.requests[0].act is Act.EXPLAIN


def _audit_rule(reading: Reading) -> Classification | None:
    """An audit: patch words, audit verbs and words, a change request on code, a problem
    looked for here, an inspection that verifies or judges this code."""
    if reading.patch_refs and not _tool_question(reading):
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, reading.patch_refs)
    if reading.new_patch:
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, reading.patch_words or ["patch"])
    audits = [r.verb for r in reading.acts(Act.INSPECT) if r.verb in _AUDIT_VERBS]
    if audits and not reading.knowledge:
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, audits)
    if reading.audit and _asks_for_audit(reading):
        return _result(IntentType.CODE_AUDIT, Rule.AUDIT, reading.audit)
    return _change_request(reading) or _problem_rule(reading) or _inspection_rule(reading)


def _asks_for_audit(reading: Reading) -> bool:
    """Audit words ask for an audit unless the question asks for knowledge, or asks where
    the code does it ("Where do we scan the classpath for plugins?", "哪个类负责修复…")."""
    if reading.acts(Act.CHANGE, Act.INSPECT):
        return True
    if reading.knowledge:
        return False
    nouns = [w for w in reading.audit if w not in _AUDIT_VERB_WORDS]
    return bool(nouns or reading.problems or not reading.where)


def _tool_question(reading: Reading) -> bool:
    # "git 怎么导出一个 patch 文件": a question about a tool, no patch of this code.
    tools = _TOOLS.intersection(re.findall(r"[a-z]+", reading.norm))
    return bool(tools) and reading.knowledge and not reading.requests


def _change_request(reading: Reading) -> Classification | None:
    """A request to change code, or to write code for this repository.

    A change request is an audit unless it is about the previous answer ("上面那个例子改成
    lambda") or asks how to do something in general: whatever its verb or object, acting
    on code outside the audit flow would break the isolation.
    """
    changes = reading.acts(Act.CHANGE)
    creates = reading.acts(Act.CREATE)
    if changes and not (_about_answer(reading) and not reading.problems):
        targets = [*reading.strong, *reading.weak, *reading.problems, *reading.audit]
        targets += [r.verb for r in changes if r.targeted]
        if targets or not (reading.generic or reading.how_to):
            words = [*(r.verb for r in changes), *targets[:3]]
            return _result(IntentType.CODE_AUDIT, Rule.CHANGE, words)
    targets = [*reading.strong, *reading.app_parts, *reading.definite]
    if creates and targets and not reading.answer_words and not reading.generic:
        return _result(
            IntentType.CODE_AUDIT, Rule.CHANGE, [*(r.verb for r in creates), *targets[:3]]
        )
    return None


def _problem_rule(reading: Reading) -> Classification | None:
    """A problem (a bug, an injection, a leak, a missing check…) asked about this code."""
    problems, knowledge = reading.problems, reading.knowledge
    if not problems:
        return None
    inspects = [r.verb for r in reading.acts(Act.INSPECT)]
    if here := reading.here:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*problems, *here[:3]])
    if inspects and not reading.generic:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*problems, *inspects])
    if reading.existence and not knowledge:  # "有没有地方把密码打印到日志里？"
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, problems)
    if reading.describes and not reading.generic:  # "用户输入是直接拼进去的，会不会被注入"
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*problems, *reading.describes[:1]])
    if not knowledge and not reading.conversation and _asks_or_confirms(reading):
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, problems)
    if reading.definite and reading.is_question and not knowledge:  # "Is the token guessable?"
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*problems, *reading.definite[:1]])
    return None


def _inspection_rule(reading: Reading) -> Classification | None:
    """An inspection that looks for something, verifies a safeguard or judges this code."""
    here, inspects = reading.here, [r.verb for r in reading.acts(Act.INSPECT)]
    if inspects and _CHECK_FOR_RE.search(reading.norm) and not reading.knowledge:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, inspects)
    if reading.safeguards and not reading.knowledge:  # "Are passwords hashed?"
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, reading.safeguards)
    sensitive = _SENSITIVE.find(reading.norm)  # "密码是用 MD5 存的吗？安全吗"
    if sensitive and reading.evaluative and reading.is_question and not reading.generic:
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*reading.evaluative, *sensitive])
    if reading.strong and (change := _all(_HOW_TO_CHANGE_RE, reading.norm)):
        return _result(IntentType.CODE_AUDIT, Rule.CHANGE, [*change, *reading.strong[:3]])
    if inspects and here and _verifies(reading):
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*inspects, *here[:3]])
    # Judging code here ("SecurityConfig 里把 CSRF 禁用了，这样有安全问题吗"), not a design of
    # the Java world ("JWT 里放租户 id 安全吗").
    judged = reading.strong or (here and not reading.known_topic)
    if reading.evaluative and judged and (inspects or reading.is_question):
        return _result(IntentType.CODE_AUDIT, Rule.PROBLEM, [*reading.evaluative, *here[:3]])
    return None


def _asks_or_confirms(reading: Reading) -> bool:
    """A yes-or-no question or a confirmation about a problem: "会不会被利用？", "没有校验文件
    类型吧", "Could it deadlock?" (not "How do static analysis tools find bugs?", "金额用
    double 存有什么问题")."""
    if _CONFIRMATION_RE.search(reading.norm):
        return True
    return any(
        c.question and (_ZH_YES_NO_RE.search(c.norm) or _EN_YES_NO_RE.match(c.norm))
        for c in reading.clauses
    )


def _verifies(reading: Reading) -> bool:
    """An inspection that verifies a condition of this code ("检查一下 X 有没有把 debug 打开"),
    not one that looks something up ("检查一下 X 依赖了些啥", "check which version…")."""
    norm = reading.norm
    return bool(_YES_NO_RE.search(norm)) and not _LOOKUP_RE.search(norm) and not reading.usage


def _explain_rule(reading: Reading) -> Classification | None:
    """A question about this repository."""
    if reading.preference and not reading.requests:
        return None  # "以后涉及命令行的地方都给两个版本": a wish about the answers
    if reading.paths:
        return _result(IntentType.CODE_EXPLAIN, Rule.PATH, reading.paths)
    if reading.strong:
        return _result(IntentType.CODE_EXPLAIN, Rule.EXPLAIN, reading.strong)
    here = reading.here
    if not here or _is_conversation(reading):
        return None
    if here == reading.domain:
        return _result(IntentType.CODE_EXPLAIN, Rule.DOMAIN, here)
    return _result(IntentType.CODE_EXPLAIN, Rule.CODE_ELEMENT, here)


def _is_conversation(reading: Reading) -> bool:
    """A follow-up, thanks or a wish about the answers, with nothing firm of this repository."""
    if reading.preference:
        return True
    firm = reading.usage or reading.facts or reading.app_parts or reading.parts
    if len(reading.norm) < limits.ROUTER_SHORT_MESSAGE_CHARS:
        return not firm  # "还有吗？"
    return bool(reading.conversation or _FOLLOW_UP_RE.search(reading.norm)) and not firm


def classify(
    text: str, *, patch_pending: bool = False, names: Sequence[str] = ()
) -> Classification:
    """Choose the intent of ``text`` by the rules of the module docstring.

    ``patch_pending``: a patch awaits the user's confirmation, so "explain/revise
    the patch" mean that patch; without one, patch words stay outside memory
    (``code_audit``). ``names``: the repository's own names (project and module
    names from its profile), which make a question about this repository.
    """
    # "补充一下：…" adds information; without its colon it is a request ("补充一下测试用例").
    text = _ADDING_LEAD_RE.sub("", text, count=1)
    reading = read(text, names=names)
    rules: list[Callable[[Reading], Classification | None]] = [_audit_rule, _explain_rule]
    if patch_pending:
        rules.insert(0, _patch_rule)
    for rule in rules:
        found = rule(reading)
        if found is not None:
            if found.intent is IntentType.CODE_AUDIT and _only_a_standing_wish(text, names):
                return _result(IntentType.GENERAL_CHAT, Rule.STANDING_WISH, found.matched)
            return found
    return Classification(intent=IntentType.GENERAL_CHAT, rule=Rule.DEFAULT)


# A lead-in that announces added information ("补充一下：", "顺便说一下，", "另外补充一点："):
# its verb asks for no change.
_ADDING_LEAD_RE = _rx(
    r"^\s*(?:另外|顺便|再|我)?(?:补充(?:一下|一点|一句|说明)?|说明一下|顺便说一下|说一下|提一下"
    r"|顺带一提|备注)\s*[：:，,]\s*"
)


# What makes a wish *standing* (future answers, every time) rather than a request to act
# now: "delete the module" is a request; "以后别再…", "stop suggesting X" are wishes.
_STANDING_MARKER_RE = _rx(
    r"以后|今后|往后|从现在|从今|每次|每回|默认|一律|别再|不要再|不用再|总是|始终|永远"
    r"|\b(?:from now on|going forward|in (?:the )?future|always|never|every time|by default"
    r"|no longer|any ?more|stop \w+ing)\b"
)


def _only_a_standing_wish(text: str, names: Sequence[str]) -> bool:
    """``text`` is a standing rule or cancel about the answers and nothing else ("请以后先给
    结论", "Stop suggesting Lombok, we don't use it anymore"): the memory's own directive
    grammar decides what a rule is, so a wish that merely sounds like a change request is
    remembered, not gated. What is left once its clauses are removed must ask for no
    audit ("修一下 X 的空指针，以后别再写这种代码" stays an audit)."""
    wishes = [
        d
        for d in directives_in(text)
        if d.kind in (DirectiveKind.RULE, DirectiveKind.CANCEL)
        and _STANDING_MARKER_RE.search(normalize_text(d.clause))
    ]
    if not wishes:
        return False
    rest = text
    for wish in wishes:
        rest = rest.replace(wish.clause, " ")
    rest_reading = read(rest, names=names)
    return _audit_rule(rest_reading) is None and not rest_reading.patch_refs


def forced(intent: IntentType) -> Classification:
    """The classification of an intent the user chose explicitly."""
    return Classification(intent=intent, rule=Rule.FORCED)


def choose(
    text: str,
    intent: IntentType | None = None,
    *,
    patch_pending: bool = False,
    names: Sequence[str] = (),
) -> Classification:
    """The intent the user forced (``--intent``, ``/intent``), else the classifier's choice."""
    if intent is not None:
        return forced(intent)
    return classify(text, patch_pending=patch_pending, names=names)
