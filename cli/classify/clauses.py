"""Reading clauses, questions and requests: where a message's clauses end, which of
them are questions, and which requests they make (English and Chinese grammar over the
words of :mod:`.acts`).

The question-form lists live here: nothing else reads them.
"""

from __future__ import annotations

import re
from dataclasses import replace

from autopatch_memory import limits

from .acts import (
    EN_AND_EXPLAIN_VERBS,
    EN_AND_VERB_RE,
    EN_AUDIT_PHRASES,
    EN_CHANGE_PHRASES,
    EN_FINITE_AFTER,
    EN_FRAMING_WORD_RE,
    EN_MIN_ING_CHARS,
    EN_MODAL_REQUEST_RE,
    EN_NEGATIVE_RE,
    EN_NOUN_AFTER,
    EN_PARTICLE_VERBS,
    EN_PASSIVE_REQUEST_RE,
    EN_PLEASE_RE,
    EN_PLEASE_VERB_RE,
    EN_REQUEST_FRAME_RE,
    EN_VERB_RE,
    EN_VERBS,
    EN_WISH_RE,
    NO_REQUEST_RE,
    QUOTED_RE,
    ZH_ADVERBS_RE,
    ZH_ANSWER_FORM_ENOUGH_RE,
    ZH_BA_RE,
    ZH_CHANGE_HEADS,
    ZH_CHANGE_LEX,
    ZH_DONE_AFTER_RE,
    ZH_DONE_BEFORE,
    ZH_ENOUGH_RE,
    ZH_GIVE_RE,
    ZH_HEAD_NOUNS,
    ZH_IMPERATIVE_CLOSING_RE,
    ZH_IMPERATIVE_OPENING_RE,
    ZH_IN_PLACE_CHANGE_RE,
    ZH_MARKER_RE,
    ZH_MIXED_INSPECT_VERBS,
    ZH_MIXED_VERB_RE,
    ZH_MODAL_ASKS_RE,
    ZH_MODAL_RE,
    ZH_NEG_VERB_RE,
    ZH_NEGATED_RE,
    ZH_NOT_CHANGE_RE,
    ZH_NOUN_AFTER_RE,
    ZH_ONLY_VERB_RE,
    ZH_PASSIVE_OR_ABILITY_RE,
    ZH_PERSON_MARKER_RE,
    ZH_REVIEW_PASS_RE,
    ZH_SUGGESTION_RE,
    ZH_TRAILING_EXPLAIN_RE,
    ZH_TRAILING_INSPECT_RE,
    ZH_VERB_LEXICONS,
    ZH_VERB_MAX_OFFSET,
    ZH_WISH_RE,
    Act,
)
from .lexicon import CJK, HAS_CJK_RE, any_of, rx
from .reading import Clause, Request

# Clauses end at punctuation, a dash between words, or a colon before a space.
_CLAUSE_SPLIT_RE = rx(r"([，,。;；!！?？\n：]|:(?=\s)|\.(?=\s|$)|…+|——|\s[-–—]\s)")
# A clause that continues the one before ("补丁为什么不用 Redis 锁，而是改成乐观锁") shares
# its form.
_CONTINUATION_RE = rx(r"^(?:而是|而不是|而|反而|还是|或者|或是|以及|or|rather than|instead of)")

# The options of a choice: "是先写流水还是先改余额", "还是 G1 就够了".
_CHOICE_OPTIONS_RE = rx(r"是.{0,30}还是|^还是")
_ZH_QUESTION_RE = any_of(
    r"吗|呢|什么|啥|干嘛|嘛|怎么|怎莫|咋|怎样|如何|为什么|为何|为啥|哪|是否|多少|多久|多大|多长",
    # An A-not-A question ("有没有", "会不会"), not a request ("能不能帮我…").
    r"有没有|会不会|是不是|要不要|能不能(?!帮)|可不可以(?!帮)|需不需要|对不对|好不好|行不行|够不够"
    r"|安不安全",
    # Any A-not-A: "稳不稳", "靠不靠谱", "合不合理".
    f"(?P<a_not_a>[{CJK}])不(?P=a_not_a)",
    # "JDK 几", "是几版本" (not "写几个单元测试").
    r"(?:是|有|要|用|第|装)几|几(?:版本|级|种|个版本)|几$",
    # A choice: "存 Redis 还是数据库" (not "还是有问题").
    r"还是(?!有|会|不|没|很|挺|比较|要|得|一样|旧|老|默认|原来|空|null|0|那样|这样)",
)
_EN_QUESTION_RE = rx(
    r"^(?:what|what's|whats|why|how|how's|where|where's|which|who|whom|whose|when|is|are|was|were"
    r"|does|do|did|can|could|should|would|will|has|have|had|isn't|aren't|doesn't|don't|didn't"
    r"|can't|shouldn't|won't|may|might|am)\b"
)


# A turn to another question ("顺便问一下", "另外问一下", "by the way") after a remark, or a
# concern set aside ("先不管这个"): what follows is the request.
_TURN_RE = rx(
    r"(?:^|[。.!！?？;；，,\n]\s*)(?:(?:那?(?:顺便|另外|再)?(?:问一下|问下|问个问题|请教一下|想问一下|想问下)"
    r"|(?:我)?问(?:个|点)别的|(?:插个)?题外话|换个话题|回到正事|说回正事|言归正传"
    r"|(?:by the way|btw|on another note|unrelated question|separate question|back to business"
    r"|back to the (?:real|actual) (?:question|issue))\b)[，,:：!！.。\s]*"
    # A general question announced ("问个通用的问题：…", "Generally speaking though, …"): the
    # announcement is the question's own, it stays with what follows.
    r"|(?=问个(?:通用|一般性?|普遍|general)的?问题|(?:generally|in general|speaking generally)\b))",
    re.IGNORECASE,
)
_SET_ASIDE_RE = rx(
    r"(?:先不管这个|先不管它|先不说这个|这个先放一边|先放一边|先不管了|(?:先)?不用管它|先别管(?:它|了)"
    # a problem told as settled or of no interest: "（已经修好了，不用再看）", "我不关心这个"
    r"|不用再看了?[)）]?|我不关心(?:这个|那个)?"
    # The pending patch set aside: "先不管补丁", "补丁先放着", "diff 我先不看了", "补丁等会儿再看".
    r"|(?:先不管|先不看|先别管)\s*(?:补丁|patch|diff)"
    r"|(?:补丁|patch|diff)\s*(?:的事|那边|这边|那个)?\s*(?:我)?(?:先|等会儿?|待会儿?|稍后|回头|晚点)\s*"
    r"(?:再看|再说|放着|放一放|不看了?|不管|不确认|别管)"
    r"|\b(?:leave|put|set) (?:that|this|it|the patch|the diff) aside\b|\bnever mind that\b"
    r"|\bforget (?:about )?(?:that|the patch|the diff) for now\b)[，,。.;；!！\s]*",
    re.IGNORECASE,
)


def last_turn(text: str) -> tuple[str, str, bool] | None:
    """(what comes before the last turn or set-aside, what follows it, whether the part
    before was set aside), if the message turns to a new request."""
    turns = [(m, False) for m in _TURN_RE.finditer(text)]
    turns += [(m, True) for m in _SET_ASIDE_RE.finditer(text)]
    if not turns:
        return None
    match, set_aside = max(turns, key=lambda t: t[0].end())
    head, tail = text[: match.start()].strip(), text[match.end() :].strip()
    # "先不管补丁，X 是干嘛的？": a concern set aside at the start names itself.
    return (head, tail, set_aside) if (head or set_aside) and tail else None


def split_clauses(norm: str) -> list[Clause]:
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
    if HAS_CJK_RE.search(clause):
        return bool(_ZH_QUESTION_RE.search(clause))
    return bool(_EN_QUESTION_RE.match(_strip_en_frame(clause)[1]))


def _strip_en_frame(clause: str) -> tuple[bool, str]:
    """(whether a request frame opened the clause, the rest after it)."""
    match = EN_REQUEST_FRAME_RE.match(clause)
    end = match.end() if match else 0
    framed = bool(EN_FRAMING_WORD_RE.search(clause[:end]) or EN_PLEASE_RE.search(clause))
    return framed, clause[end:]


def clause_requests(clause: Clause) -> list[Request]:
    """The requests of one clause; a quoted error message ("'Address already in use'")
    is the program's words, a condition or the user's own plan asks nothing of us."""
    clause = Clause(QUOTED_RE.sub(" ", clause.norm).strip(), clause.question)
    if not clause.norm or NO_REQUEST_RE.search(clause.norm):
        return []
    if HAS_CJK_RE.search(clause.norm):
        return _negated(_zh_requests(clause), clause.norm)
    return _en_requests(clause)


def _en_requests(clause: Clause) -> list[Request]:
    framed, rest = _strip_en_frame(clause.norm)
    found = _en_indirect_requests(clause, rest)
    head = _en_verb_at(rest)
    if head is None and (please := EN_PLEASE_VERB_RE.search(rest)):
        head = _en_verb_at(rest[please.end() :])  # "@…/OrderController.java please add @Valid"
    # "Could you fix it?" asks, though it ends with a question mark.
    if head is not None and (not clause.question or framed):
        found.append(head)
    if found or not clause.question:
        # "investigate and patch it", "look at X and tell me…": a further verb.
        for match in EN_AND_VERB_RE.finditer(rest):
            follow = _en_verb_at(rest[match.start(1) :])
            if follow is not None and (
                follow.act is not Act.EXPLAIN or follow.verb in EN_AND_EXPLAIN_VERBS
            ):
                found.append(follow)
    return found


def _en_indirect_requests(clause: Clause, rest: str) -> list[Request]:
    """Wishes ("We need rate limiting on /login"), passive asks ("can the patch be
    split…?"), negated ones ("Don't change the signature") and "X should use Y"."""
    found: list[Request] = []
    if not clause.question and (wish := EN_WISH_RE.match(clause.norm)):
        found.append(Request(Act.CHANGE, wish.group(0)))
    if passive := EN_PASSIVE_REQUEST_RE.search(clause.norm):
        found.append(Request(Act.CHANGE, passive.group(0)))
    negative = EN_NEGATIVE_RE.match(clause.norm)
    if negative is not None and negative.group(1) in EN_VERBS:
        found.append(Request(Act.CHANGE, negative.group(0), negative=True))
    if not clause.question:
        for match in EN_MODAL_REQUEST_RE.finditer(rest):
            if match.start() > 0 and EN_VERBS.get(match.group(1)) is Act.CHANGE:
                found.append(Request(Act.CHANGE, match.group(0)))
    return found


def _en_stem(word: str) -> str:
    """The bare verb of an -ing form ("removing" → "remove", "adding" → "add")."""
    if not word.endswith("ing") or len(word) < EN_MIN_ING_CHARS:
        return word
    stem = word[:-3]
    for candidate in (stem, stem + "e", stem[:-1]):
        if candidate in EN_VERBS:
            return candidate
    return word


def _en_verb_at(text: str) -> Request | None:
    """The request whose verb opens ``text``, if its first word is a verb used as one."""
    match = EN_VERB_RE.match(text)
    if match is None:
        return None
    verb, second, third = match.group(1), match.group(2) or "", match.group(3) or ""
    two, three = f"{verb} {second}".strip(), f"{verb} {second} {third}".strip()
    for phrase in (three, two):
        if phrase in EN_CHANGE_PHRASES:
            return Request(Act.CHANGE, phrase)
        if phrase in EN_AUDIT_PHRASES:
            return Request(Act.INSPECT, phrase)
    if verb in ("take", "have", "give") and second == "a" and third in ("look", "peek", "glance"):
        return Request(Act.INSPECT, three)  # "take a look at X", "have a look"
    if verb in EN_PARTICLE_VERBS:
        return Request(Act.INSPECT, two) if second in EN_PARTICLE_VERBS[verb] else None
    if verb == "help":
        return Request(Act.EXPLAIN, "help me understand") if "understand" in text[:40] else None
    if verb == "do" and second in ("a", "an", "the", "some"):
        return Request(Act.INSPECT, two)  # "do a security review of…"
    act = EN_VERBS.get(verb) or EN_VERBS.get(_en_stem(verb))
    noun = second in EN_NOUN_AFTER or second in EN_FINITE_AFTER
    if act is None or noun or HAS_CJK_RE.match(text[len(verb) :].lstrip()[:1]):
        return None  # "review module", "review 模块", "patch looks big": a noun
    return Request(act, verb)


def _zh_requests(clause: Clause) -> list[Request]:
    """Requests in a Chinese (or mixed) clause."""
    norm = clause.norm
    marker = _zh_request_marker(clause)
    found = [] if marker is None else _zh_marked_request(norm, marker)
    opening = zh_first_verb(norm, head=True, at_start=True)
    # "review 代码的时候你最看重什么": the verb opens a time clause, it asks for nothing.
    in_time_clause = marker is None and "的时候" in norm
    asked = opening is not None and (not clause.question or opening.act is not Act.CHANGE)
    if opening is not None and asked and not in_time_clause and not _is_choice(clause):
        found.append(opening)
    # A 把/给 change asks unless the clause asks something else ("为什么把 X 改成 Y？").
    asks = not clause.question or marker is not None or bool(ZH_SUGGESTION_RE.search(norm))
    for pattern in (ZH_BA_RE, ZH_GIVE_RE):
        for match in pattern.finditer(norm):
            # "帮我把…都删了" asks; "我把 CSRF 禁用了" tells what was done; a clause that
            # opens with 把 and ends with the verb's 了 ("把那个 TODO 删了") asks.
            stated = _is_done(norm, match.end())
            ordered = stated and marker is None and _ba_imperative(norm, match)
            if asks and (marker is not None or not stated or ordered):
                found.append(_seen(Act.CHANGE, match, strip="，, ", targeted=True, ordered=ordered))
    if asks:  # "补丁里别动测试" limits; "补丁为什么不用 Redis 锁" asks why
        found += [_seen(Act.CHANGE, m, negative=True) for m in ZH_NEG_VERB_RE.finditer(norm)]
    found += [_seen(Act.CHANGE, m) for m in ZH_ONLY_VERB_RE.finditer(norm)]
    return found + _zh_closing_requests(clause, found)


def _ba_imperative(norm: str, match: re.Match[str]) -> bool:
    """A 把 clause said as an order: it opens the clause (no subject before 把) and its
    verb's 了 closes it ("把那个 TODO 删了", "那就把重试去掉了吧")."""
    before = norm[: match.start()].strip()
    after = norm[match.end() :].strip()
    return ZH_IMPERATIVE_OPENING_RE.fullmatch(before) is not None and (
        ZH_IMPERATIVE_CLOSING_RE.fullmatch(after) is not None
    )


def _zh_request_marker(clause: Clause) -> re.Match[str] | None:
    """The request word of a clause (帮我, 麻烦, 先…); in a choice ("记账是先写流水还是先改余额？")
    先/再 order the options and ask nothing, unless the assistant is addressed."""
    marker = ZH_MARKER_RE.search(clause.norm)
    if marker is not None and _is_choice(clause):
        return marker if ZH_PERSON_MARKER_RE.fullmatch(marker.group(0)) else None
    return marker


def _is_choice(clause: Clause) -> bool:
    """A question between ways it is done: "是先写流水还是先改余额", "…，还是 G1 就够了"
    (not "要不要先加个索引还是直接改 SQL", advice on a change)."""
    return clause.question and bool(_CHOICE_OPTIONS_RE.search(clause.norm))


def _zh_closing_requests(clause: Clause, found: list[Request]) -> list[Request]:
    """Requests said at the end of a clause: "只捕获 X 就行", "CAP 理论讲一下",
    "@X.java review 一下"; and the change verbs of a statement ("魔法数字换成枚举")."""
    norm, closing = clause.norm, []
    enough = None if _is_choice(clause) else ZH_ENOUGH_RE.search(norm)
    if enough and not ZH_ANSWER_FORM_ENOUGH_RE.fullmatch(enough.group(0)):
        closing.append(_seen(Act.CHANGE, enough))  # not "还是 G1 就够了？", a choice
    if trailing := ZH_TRAILING_EXPLAIN_RE.search(norm):
        closing.append(_seen(Act.EXPLAIN, trailing))
    if (inspect := ZH_TRAILING_INSPECT_RE.search(norm)) and not any(
        r.act is Act.INSPECT for r in found
    ):
        verb = inspect.group("verb")
        verb = f"{verb}一下" if len(verb) == 1 else verb  # "审一下", as the audit verbs say it
        closing.append(Request(Act.INSPECT, verb, start=inspect.start()))
    if review := ZH_REVIEW_PASS_RE.search(norm):
        closing.append(Request(Act.INSPECT, "走查", start=review.start()))  # a review, named so
    if in_place := ZH_IN_PLACE_CHANGE_RE.search(norm):
        closing.append(_seen(Act.CHANGE, in_place))
    for mixed in ZH_MIXED_VERB_RE.finditer(norm):
        verb = mixed.group("verb")
        act = Act.INSPECT if verb in ZH_MIXED_INSPECT_VERBS else Act.CHANGE
        if not any(r.act is act and r.verb == verb for r in [*found, *closing]):
            closing.append(Request(act, verb, start=mixed.start()))
    if not clause.question:
        closing += zh_statement_changes(norm)
    return closing


def _seen(act: Act, match: re.Match[str], *, strip: str = "", **flags: bool) -> Request:
    """The request a match of a Chinese request pattern shows (without the ``strip``
    characters around it), where it stands."""
    said = match.group(0)
    word = said.lstrip(strip)
    return Request(act, word.rstrip(strip), start=match.end() - len(word), **flags)


def _zh_marked_request(norm: str, found: re.Match[str]) -> list[Request]:
    """The request after a request word: 帮我…, 麻烦…, 能不能…."""
    marker, rest = found.group(0), norm[found.end() :]
    offset = found.end()
    person = ZH_PERSON_MARKER_RE.match(rest.lstrip())
    if person is not None and ZH_PERSON_MARKER_RE.fullmatch(marker) is None:
        # "顺便帮我修了": the word that addresses the assistant is the request's.
        skipped = len(rest) - len(rest.lstrip()) + person.end()
        marker, rest, offset = person.group(0), rest[skipped:], offset + skipped
    # "可以删吗" asks whether; "可以帮我删掉吗", "能不能只改 X" ask for it.
    modal = ZH_MODAL_RE.fullmatch(marker) is not None
    heads = not modal or bool(ZH_MODAL_ASKS_RE.match(rest))
    verb = zh_first_verb(rest, head=heads)
    if ZH_PASSIVE_OR_ABILITY_RE.match(rest):
        return []  # "能不能被绕过", "能不能查到别人的": what can happen, no request
    if verb is None and ZH_PERSON_MARKER_RE.fullmatch(marker) and not ZH_NOT_CHANGE_RE.match(rest):
        # "帮我收窄", "帮我配置一个有界的线程池": a verb no list holds, asked of the
        # assistant, acts on code (the safe side).
        said = marker + rest[: limits.ROUTER_UNKNOWN_VERB_CHARS].strip()
        return [Request(Act.CHANGE, said, start=found.start())]
    return [] if verb is None else [_moved(verb, offset)]


def _moved(request: Request, offset: int) -> Request:
    """``request`` found in a part of its clause that begins at ``offset``."""
    return replace(request, start=None if request.start is None else request.start + offset)


def zh_statement_changes(norm: str) -> list[Request]:
    """Change verbs in a clause that is no question: "订单状态的魔法数字换成枚举"."""
    found = []
    if wish := ZH_WISH_RE.search(norm):
        found.append(_seen(Act.CHANGE, wish))
    for word, start in ZH_CHANGE_LEX.spans(norm):
        if not _is_done(norm, start + len(word), start):
            found.append(Request(Act.CHANGE, word, start=start))
    return found


def zh_first_verb(text: str, *, head: bool, at_start: bool = False) -> Request | None:
    """The first verb of ``text`` (at its very start with ``at_start``); with ``head``,
    a one-character change verb at the start counts too ("修一下", "改成 X")."""
    adverbs = ZH_ADVERBS_RE.match(text)
    skipped = adverbs.end() if adverbs else 0
    text = text[skipped:]
    best: tuple[int, Request] | None = None
    for act, lexicon in ZH_VERB_LEXICONS:
        for word, start in lexicon.spans(text[: limits.ROUTER_ZH_VERB_WINDOW_CHARS]):
            if ZH_NOUN_AFTER_RE.match(text[start + len(word) :]):
                continue  # "review 模块", "检查型异常": a noun, not a verb
            if at_start and ZH_DONE_AFTER_RE.match(text[start + len(word) :]):
                continue  # "写得挺乱的", "优化过": what was done, not a request
            if (best is None or start < best[0]) and (not at_start or start == 0):
                best = (start, Request(act, word, start=skipped + start))
    if best is not None and (best[0] <= ZH_VERB_MAX_OFFSET or not at_start):
        return best[1]
    starts_with_head = head and text[:1] != "" and text[0] in ZH_CHANGE_HEADS
    if starts_with_head and text[:2] not in ZH_HEAD_NOUNS and not ZH_DONE_AFTER_RE.match(text[1:]):
        return Request(Act.CHANGE, text[:2].strip(), start=skipped)
    return None


def _is_done(norm: str, end: int, start: int | None = None) -> bool:
    """The verb ending at ``end`` (starting at ``start``) states a fact, asks for nothing."""
    if ZH_DONE_AFTER_RE.match(norm[end:]):
        return True
    before = norm[max(0, start - 2) : start] if start else ""
    return before.endswith(ZH_DONE_BEFORE)


def _negated(requests: list[Request], norm: str) -> list[Request]:
    """Mark the Chinese requests whose verb follows 不要/别 ("不要改代码")."""
    marked = []
    for request in requests:
        start = request.start or 0
        negative = start > 0 and bool(ZH_NEGATED_RE.search(norm[:start]))
        marked.append(replace(request, negative=negative or request.negative))
    return marked
