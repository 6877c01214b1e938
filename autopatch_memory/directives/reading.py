"""Reading the user's words: :func:`read_sentence` (the verdict on one sentence),
:func:`directives_in` (every rule, cancel and fact of a text), :func:`rule_clauses`
and the summarization trigger's cheap check :func:`might_hold_directive`.

This is where the other modules meet: the checks of what is not a directive, the
segmenter, tasks and anaphora.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import replace
from functools import lru_cache

from autopatch_memory import limits
from autopatch_memory.directives.anaphora import _anaphoric, _resolve_anaphor
from autopatch_memory.directives.cancels import _CANCEL
from autopatch_memory.directives.facts import (
    _CORRECTION_LEAD,
    _REMEMBER_LEAD,
    _continues_fact,
    _fact_statement,
    _strip_lead,
)
from autopatch_memory.directives.instructions import _strip_filler
from autopatch_memory.directives.kinds import Directive, DirectiveKind, NotADirective, Reading
from autopatch_memory.directives.normalization import _body_of, _norm, squash
from autopatch_memory.directives.not_a_directive import (
    _HYPOTHETICAL,
    _NEGATED,
    _carries_credential,
    _is_question,
    _one_off,
    _reported,
    _self_description,
)
from autopatch_memory.directives.segmenter import _one_rule, _parts, _segments
from autopatch_memory.directives.shape_lexicon import _NEGATION_RE
from autopatch_memory.directives.shapes import rule_shape
from autopatch_memory.directives.tasks import _task
from autopatch_memory.directives.vocabulary import (
    _BARE_SENTIMENT,
    _NEGATIVE_LEAD_EN,
    _NEGATIVE_LEAD_ZH,
    _PREFERENCE_EN,
    _PREFERENCE_ZH,
    _STANDING,
    _STRONG_STANDING,
)
from autopatch_memory.prose import END_PUNCTUATION, after_pause, prose_sentences
from autopatch_memory.text import Language, detect_language, has_long_term_signal


@lru_cache(maxsize=limits.DIRECTIVE_CACHE_ENTRIES)
def _read(sentence: str, known_names: frozenset[str]) -> tuple[Reading, tuple[Directive, ...]]:
    norm = _norm(sentence)
    checks: tuple[tuple[Callable[[str], bool], NotADirective], ...] = (
        (_is_question, NotADirective.QUESTION),
        (_carries_credential, NotADirective.CREDENTIAL),
        (lambda n: bool(_NEGATED.search(n)), NotADirective.NEGATED),
        (_reported, NotADirective.REPORTED),
        (lambda n: bool(_HYPOTHETICAL.search(n)), NotADirective.HYPOTHETICAL),
        (_self_description, NotADirective.SELF_DESCRIPTION),
    )
    language = detect_language(sentence)
    for check, why_not in checks:
        if why_not is NotADirective.NEGATED and _CANCEL.search(norm):
            continue  # "算了，之前那条规则取消吧": a cancel, not a retraction
        if check(norm):
            facts: tuple[Directive, ...] = ()
            if why_not is NotADirective.QUESTION:
                facts = _facts_before_question(sentence, known_names, language)
            return Reading(sentence, why_not=why_not), facts
    # A one-off anywhere in the sentence ("Just for this one, …, no explanation") also
    # limits the rules that have no standing phrase of their own.
    once = any(_one_off(p) for p in _parts(sentence))
    segments = [
        (kind, text)
        for kind, text in _segments(sentence, known_names)
        if kind is DirectiveKind.CANCEL
        or (kind is DirectiveKind.FACT and not _task(text, known_names))
        or (
            not _one_off(text)
            and _has_content(text)
            and not (once and not _STANDING.search(_norm(text)))
            and not _task(text, known_names)
        )
    ]
    if not segments:
        all_one_off = any(_one_off(p) or _task(p, known_names) for p in _parts(sentence))
        why = NotADirective.ONE_OFF if all_one_off else NotADirective.NO_MARKER
        return Reading(sentence, why_not=why), ()
    if sentence.rstrip().endswith((":", "：")) or _CLARIFIES.search(norm):
        # "his-outpatient 挂号接口偶尔报这个：" introduces what was pasted; "the cache
        # thing: per-user keys, that's what I meant" says again what the user said before:
        # no fact of its own.
        segments = [(kind, text) for kind, text in segments if kind is not DirectiveKind.FACT]
    if not segments:
        return Reading(sentence, why_not=NotADirective.NO_MARKER), ()
    kinds = {kind for kind, _ in segments}
    strongest = next(
        k for k in (DirectiveKind.CANCEL, DirectiveKind.RULE, DirectiveKind.FACT) if k in kinds
    )
    found = tuple(Directive(kind, sentence, text, language) for kind, text in segments)
    return Reading(sentence, kind=strongest), found


# What the user meant by what they said before ("that's what I meant", "我的意思是…").
_CLARIFIES = re.compile(
    r"\b(?:that'?s|that is|this is) what i meant\b|\bwhat i meant (?:was|is)\b"
    r"|我的意思是|我(?:刚才|之前)?说的(?:意思)?是指|我(?:刚才|之前)?指的是"
)


def _facts_before_question(
    sentence: str, known_names: Collection[str], language: Language
) -> tuple[Directive, ...]:
    """Leading parts of a question that state a fact ("我们用的是 MyBatis-Plus，分页怎么配？")."""
    parts = _parts(sentence)
    norm = _norm(sentence)
    if _HYPOTHETICAL.search(norm):
        return ()  # "Suppose we moved X to Pulsar, would…?" states nothing
    if _carries_credential(norm):
        return ()  # a credential never becomes a note, not even redacted
    return tuple(
        Directive(DirectiveKind.FACT, sentence, part, language)
        for part in parts[:-1]
        if not _is_question(_norm(part))
        and not _premise(_norm(part))
        and _fact_statement(_strip_filler(_norm(part)), known_names)
    )


# "review 模块处理完 finding 之后，…？", "When the queue is closed, …?": a time or
# condition clause sets up the question; the user asks about it, they state nothing.
_PREMISE = re.compile(
    r"(?:的时候|时|之前|之后|以后|以前|的话|期间|过程中)$"
    r"|^(?:如果|假如|要是|当|每当|万一|after|before|when|whenever|once|if|while|until)\b"
)


def _premise(norm: str) -> bool:
    """A part of a question that only states the question's condition or moment."""
    return bool(_PREMISE.search(_strip_filler(norm)))


def read_sentence(sentence: str, known_names: Iterable[str] = ()) -> Reading:
    """The grammar's verdict on one sentence of the user's prose.

    A sentence that holds several directives gets the strongest kind (a cancel, then
    a rule, then a fact). ``known_names`` are the project's module names: a sentence
    that starts with one ("mall-order calls mall-search via Feign") can state a fact.
    """
    return _read(sentence.strip(), frozenset(known_names))[0]


def rule_clauses(sentence: str) -> list[str]:
    """The parts of a sentence that each state one rule ("以后回答都用中文，先给结论"
    has two; "Stop suggesting Lombok, we don't use it anymore" has one)."""
    return [text for kind, text in _segments(sentence, ()) if kind is DirectiveKind.RULE]


def _has_content(clause: str) -> bool:
    """Something is asked besides the standing phrase and the negation ("never" alone is
    no rule)."""
    content = _strip_filler(_norm(clause)).strip("。.!！")
    content = _NEGATION_RE.sub(" ", _STANDING.sub(" ", content)).strip()
    if _BARE_SENTIMENT.match(content):
        return False
    return len(squash(content)) >= limits.DIRECTIVE_MIN_CLAUSE_CHARS


def directives_in(text: str, known_names: Iterable[str] = ()) -> list[Directive]:
    """Every rule, cancel and fact the user states in ``text``, one per clause.

    ``text`` is cleaned first (:func:`~autopatch_memory.prose.user_prose`): code,
    logs and secrets never become directives.
    """
    names = frozenset(known_names)
    found: list[Directive] = []
    previous: tuple[str, tuple[Directive, ...]] | None = None
    for sentence, voiced in _sentences(text):
        directives = _read_after(previous, sentence, names)
        # The rule of the sentence before, while ``found`` still holds it as read (not
        # once it was resolved or joined into another).
        before_rule = _rule_of(previous[1]) if previous else None
        if before_rule not in found:
            before_rule = None
        went_on = _goes_on(found, previous, before_rule, sentence, directives, voiced)
        if went_on is not None:
            previous = went_on
            continue
        for directive in directives:
            _add(found, previous, before_rule, directive)
        previous = (sentence.strip(), directives)
    return found


def _read_after(
    previous: tuple[str, tuple[Directive, ...]] | None, sentence: str, names: frozenset[str]
) -> tuple[Directive, ...]:
    """The directives of ``sentence``, read after the sentence before."""
    directives = _read(sentence.strip(), names)[1]
    if not directives and previous is not None and _replacement_after_cancel(previous, sentence):
        # "Drop the @DisplayName part. Plain camelCase names.": what replaces it.
        body = _body_of(sentence)
        directives = (Directive(DirectiveKind.RULE, sentence.strip(), body, detect_language(body)),)
    return directives


def _goes_on(
    found: list[Directive],
    previous: tuple[str, tuple[Directive, ...]] | None,
    before_rule: Directive | None,
    sentence: str,
    directives: tuple[Directive, ...],
    voiced: bool,
) -> tuple[str, tuple[Directive, ...]] | None:
    """When ``sentence`` goes on with the rule or fact before it, that one joined with it
    in ``found``, and the new sentence before; else ``None`` (nothing changed)."""
    if (
        not directives
        and before_rule is not None
        and _ONLY_ALTERNATIVE.search(_norm(sentence))
        and rule_shape(before_rule.clause).negative
    ):
        # "别每次都贴整个类？只贴改动的几行就行。": what to do instead is the same rule.
        alternative = replace(before_rule, clause=_body_of(sentence))
        return (sentence.strip(), (_join_in(found, before_rule, before_rule, alternative),))
    # One sentence, one fact: a clause after a semicolon (or, dictated, a pause) that
    # states a fact of its own goes on with the fact before, as a comma's parts do.
    # (After a semicolon, a fact about another module stays a note of its own.)
    more = [d.kind for d in directives] == [DirectiveKind.FACT] and (
        voiced or not _MODULE_FIRST.match(_norm(sentence))
    )
    if (
        (not directives or more)
        and previous is not None
        and _goes_on_with_fact(previous, sentence, voiced)
        and previous[1][-1] in found
    ):
        # "card-api is the only module that talks to the bank; it sits behind its own
        # firewall.": a clause after a semicolon goes on stating the fact.
        last = previous[1][-1]
        more_of_it = Directive(last.kind, "", sentence.strip(), last.language)
        joined = _join_in(found, last, last, more_of_it)
        # A dictated fact goes on for as many clauses as it takes.
        return (sentence.strip(), (joined,) if voiced else ())
    if voiced and before_rule is not None and _goes_on_with_rule(directives):
        # "…返回值统一包一层 Result 别直接返回实体": a dictated rule goes on without a
        # standing phrase of its own, or with its reason ("…参考它写的").
        joined = _join_in(found, before_rule, before_rule, replace(directives[0], sentence=""))
        return (sentence.strip(), (joined,))
    return None


def _add(
    found: list[Directive],
    previous: tuple[str, tuple[Directive, ...]] | None,
    before_rule: Directive | None,
    directive: Directive,
) -> None:
    """Put ``directive`` into ``found``: on its own, or joined with the rule it resolves,
    continues, gives the reason for or the alternative to."""
    rule = directive.kind is DirectiveKind.RULE and previous is not None
    if rule and previous and _anaphoric(directive.clause):
        resolved = _resolve_anaphor(directive, *previous)
        if resolved is not None:
            found.append(resolved)
        return
    spoken = _spoken_rule(found, previous, directive) if rule else None
    if spoken is not None:
        # "…返回值统一包一层 Result 就是 lift-common 那个类 别直接返回实体": voice
        # input's pauses cut one rule; its prohibition of the old way joins it.
        _join_in(found, spoken, spoken, directive)
        return
    before = before_rule if rule and before_rule in found else None
    if before is not None and _reason_of(before, directive):
        # "I can't stand field injection. In every snippet, go through the
        # constructor.": the dislike is why; the instruction is the rule.
        _join_in(found, before, directive, before)
        return
    if before is not None and _ALTERNATIVE.search(_norm(directive.clause)):
        # "I dislike catch blocks that swallow exceptions. … log and rethrow
        # instead.": the alternative to the rule before is the same rule.
        _join_in(found, before, before, directive)
        return
    found.append(directive)


def _only_lead(clause: str) -> bool:
    rest, lead = _strip_lead(_norm(clause))
    return lead is not None and not _strip_filler(rest)


def _sentences(text: str) -> list[tuple[str, bool]]:
    """The sentences of the user's prose, each with whether it goes on from the one
    before across a pause: voice input dictates Chinese without punctuation, its pauses
    written as spaces ("我们这边用 redis 分布式锁 放在 his-registration 里面 另外以后注释都写
    中文"), and the prose splitter ends a sentence at each. A clause that only admits a
    mistake ("刷盘那个我记错了") stays with the one that corrects it."""
    found: list[tuple[str, bool]] = []
    for sentence in prose_sentences(text):
        voiced = bool(found) and after_pause(found[-1][0], sentence)
        if voiced and _only_lead(found[-1][0]):
            found[-1] = (f"{found[-1][0]} {sentence}", found[-1][1])
        else:
            found.append((sentence, voiced))
    return found


# A rule that gives the alternative to the one before it: "… log and rethrow instead",
# "…，改为用 Logback".
_ALTERNATIVE = re.compile(r"\binstead\W*$|^(?:改为|改成|换成|而是)")


# The same, as a sentence that would be no rule alone: "只贴改动的那几行就行", "just the
# changed lines is fine".
_ONLY_ALTERNATIVE = re.compile(
    r"^\W*(?:只|只要|仅|光)[^，,。？?]{1,30}(?:就行|就好|就可以了?|即可|就够了)\W*$"
    r"|^\W*(?:just|only)\b[^,?]{1,60}\b(?:is fine|is enough|will do|works|please)\W*$"
)


# A bare dislike: the user's feeling about one thing, no instruction ("I really can't
# stand field injection", "我实在受不了字段注入").
_BARE_DISLIKE = re.compile(
    r"^(?:i (?:really |just |honestly )?(?:can'?t stand|cannot stand|hate|dislike|don'?t like) "
    r"(?:[\w@.-]+ ?){1,4}"
    r"|我(?:真的|很|实在|特别)?(?:受不了|讨厌|不喜欢|反感)[^，,。；;]{1,12})\W*$"
)


def _reason_of(before: Directive, rule: Directive) -> bool:
    """``before`` is a bare dislike and ``rule``, right after it, the instruction it gives
    the reason for: ``rule`` makes no choice of another kind than the dislike."""
    if not _BARE_DISLIKE.match(_norm(before.clause)):
        return False
    mine, theirs = rule_shape(rule.clause), rule_shape(before.clause)
    return not (mine.choice_classes - theirs.choice_classes)


def _spoken_rule(
    found: Sequence[Directive],
    previous: tuple[str, tuple[Directive, ...]] | None,
    rule: Directive,
) -> Directive | None:
    """The rule of the same unpunctuated run of speech that ``rule`` goes on with: the
    sentence before ended on a pause, not a mark, and ``rule`` has no standing phrase of
    its own and states the same rule (its subject, or the other side of it)."""
    if previous is None or previous[0].endswith(tuple(END_PUNCTUATION)):
        return None
    last = _rule_of(found)
    if last is None or last.sentence.endswith(tuple(END_PUNCTUATION)):
        return None
    if _STRONG_STANDING.search(_norm(rule.clause)):
        return None
    return last if _one_rule(last.clause, rule.clause) else None


# A choice named with the thing it is for, and nothing else: "Plain camelCase names (like
# …)", "English log messages", "纯驼峰命名".
_BARE_CHOICE = re.compile(
    r"^(?:just |only |simply |plain |normal |regular )?(?:[\w@.+#-]+\s+){0,2}?"
    r"(?:names?|comments?|answers?|repl(?:y|ies)|examples?|commands?|log messages?|logs?|"
    r"commit messages?|javadocs?|tests?|test names?)"
    r"(?:\s+(?:like|e\.g\.?|such as)\b.*)?\W*$"
    r"|^(?:就|直接|纯|只用)?[\w\u4e00-\u9fff ]{1,10}?(?:命名|注释|回答|日志|方法名|类名)\W*$"
)


def _replacement_after_cancel(previous: tuple[str, tuple[Directive, ...]], sentence: str) -> bool:
    """``sentence``, right after a cancel, names only a choice and what it is for: the
    rule that replaces what was cancelled."""
    if not any(d.kind is DirectiveKind.CANCEL for d in previous[1]):
        return False
    norm = _norm(sentence)
    return bool(_BARE_CHOICE.match(norm)) and bool(rule_shape(norm).choices)


_MODULE_FIRST = re.compile(r"^\W*[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")


def _goes_on_with_fact(
    previous: tuple[str, tuple[Directive, ...]], sentence: str, voiced: bool = False
) -> bool:
    """``sentence`` follows a semicolon (or, dictated, a pause) after a fact and goes on
    stating it."""
    before, directives = previous
    if not directives or directives[-1].kind is not DirectiveKind.FACT:
        return False
    if not (voiced or before.endswith((";", "；")) or _DESCRIBES_A_PART.match(_norm(sentence))):
        return False
    return _continues_fact(_norm(sentence))


# "…over websocket. frames are length-prefixed.": a plain noun and what it is, right
# after a fact, describes a part of what the fact told.
_DESCRIBES_A_PART = re.compile(
    r"^(?:the |each |every |all )?[a-z][a-z-]+s\s+(?:are|get|stay)\s+[a-z][\w-]*(?:ed|-\w+)\b"
)


# A pronoun that points back ("参考它写的", "it", "那个"): the clause leans on the one before.
_POINTS_BACK = re.compile(r"它|\b(?:it|this|that|them)\b")


def _goes_on_with_rule(directives: Sequence[Directive]) -> bool:
    """A dictated clause after a rule that is one more part of it: a rule without a
    standing phrase of its own, or a statement that only points back at it."""
    if len(directives) != 1:
        return False
    clause = _norm(directives[0].clause)
    if directives[0].kind is DirectiveKind.RULE:
        return not _STANDING.search(clause)
    return directives[0].kind is DirectiveKind.FACT and bool(_POINTS_BACK.search(clause))


def _rule_of(directives: Sequence[Directive]) -> Directive | None:
    return next((d for d in reversed(directives) if d.kind is DirectiveKind.RULE), None)


def _join_in(
    found: list[Directive], old: Directive, first: Directive, second: Directive
) -> Directive:
    """``first`` and ``second`` joined into one directive, put in the place of ``old`` in
    ``found``."""
    separator = "；" if first.language is Language.ZH else "; "
    clause = first.clause + separator + second.clause
    joined = Directive(first.kind, first.sentence, clause, first.language)
    found[found.index(old)] = joined
    return joined


def might_hold_directive(text: str) -> bool:
    """A cheap check for the summarization trigger: the text has a standing phrase, a
    preference, a negative instruction, a cancel, a correction or a "remember" — or
    one of its first sentences states a project fact, so that the note exists before
    a later turn corrects or cancels it."""
    norm = _norm(text)
    if has_long_term_signal(text) or bool(
        _STANDING.search(norm)
        or _PREFERENCE_EN.search(norm)
        or _PREFERENCE_ZH.search(norm)
        or _CANCEL.search(norm)
        or _CORRECTION_LEAD.match(norm)
        or _REMEMBER_LEAD.match(norm)
        or _NEGATIVE_LEAD_EN.match(norm)
        or _NEGATIVE_LEAD_ZH.match(norm)
    ):
        return True
    sentences = _sentences(text[: limits.DIRECTIVE_TRIGGER_CHARS])
    return any(
        _read(s.strip(), frozenset())[0].kind is DirectiveKind.FACT
        for s, _ in sentences[: limits.DIRECTIVE_TRIGGER_SENTENCES]
    )
