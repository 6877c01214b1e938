"""Reading the user's words: :func:`read_sentence` (the verdict on one sentence),
:func:`directives_in` (every rule, cancel and fact of a text) and the summarization
trigger's cheap check :func:`might_hold_directive`.

This is where the other modules meet: the checks of what is not a directive, the
segmenter and tasks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from functools import lru_cache

from autopatch_memory import limits
from autopatch_memory.directives.cancels import CANCEL
from autopatch_memory.directives.facts import (
    CORRECTION_LEAD,
    REMEMBER_LEAD,
    continues_fact,
    fact_statement,
    strip_lead,
)
from autopatch_memory.directives.instructions import strip_filler
from autopatch_memory.directives.kinds import Directive, DirectiveKind, NotADirective, Reading
from autopatch_memory.directives.normalization import body_of, pattern_text
from autopatch_memory.directives.not_a_directive import (
    HYPOTHETICAL,
    NEGATED,
    carries_credential,
    is_one_off,
    is_question,
    is_reported,
    is_self_description,
)
from autopatch_memory.directives.segmenter import sentence_parts, sentence_segments
from autopatch_memory.directives.shape_lexicon import NEGATION_RE
from autopatch_memory.directives.shapes import rule_shape
from autopatch_memory.directives.tasks import is_task
from autopatch_memory.directives.vocabulary import (
    BARE_SENTIMENT,
    NEGATIVE_LEAD_EN,
    NEGATIVE_LEAD_ZH,
    PREFERENCE_EN,
    PREFERENCE_ZH,
    STANDING,
)
from autopatch_memory.lang.fold import fold
from autopatch_memory.prose import after_pause, prose_sentences
from autopatch_memory.text import Language, detect_language, has_long_term_signal


@lru_cache(maxsize=limits.DIRECTIVE_CACHE_ENTRIES)
def _read(sentence: str, known_names: frozenset[str]) -> tuple[Reading, tuple[Directive, ...]]:
    norm = pattern_text(sentence)
    checks: tuple[tuple[Callable[[str], bool], NotADirective], ...] = (
        (is_question, NotADirective.QUESTION),
        (carries_credential, NotADirective.CREDENTIAL),
        (lambda n: bool(NEGATED.search(n)), NotADirective.NEGATED),
        (is_reported, NotADirective.REPORTED),
        (lambda n: bool(HYPOTHETICAL.search(n)), NotADirective.HYPOTHETICAL),
        (is_self_description, NotADirective.SELF_DESCRIPTION),
    )
    language = detect_language(sentence)
    for check, why_not in checks:
        if why_not is NotADirective.NEGATED and CANCEL.search(norm):
            continue  # "算了，之前那条规则取消吧": a cancel, not a retraction
        if check(norm):
            facts: tuple[Directive, ...] = ()
            if why_not is NotADirective.QUESTION:
                facts = _facts_before_question(sentence, known_names, language)
            return Reading(sentence, why_not=why_not), facts
    # A one-off anywhere in the sentence ("Just for this one, …, no explanation") also
    # limits the rules that have no standing phrase of their own.
    once = any(is_one_off(p) for p in sentence_parts(sentence))
    segments = [
        (kind, text)
        for kind, text in sentence_segments(sentence, known_names)
        if kind is DirectiveKind.CANCEL
        or (kind is DirectiveKind.FACT and not is_task(text, known_names))
        or (
            not is_one_off(text)
            and _has_content(text)
            and not (once and not STANDING.search(pattern_text(text)))
            and not is_task(text, known_names)
        )
    ]
    if not segments:
        all_one_off = any(
            is_one_off(p) or is_task(p, known_names) for p in sentence_parts(sentence)
        )
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
    parts = sentence_parts(sentence)
    norm = pattern_text(sentence)
    if HYPOTHETICAL.search(norm):
        return ()  # "Suppose we moved X to Pulsar, would…?" states nothing
    if carries_credential(norm):
        return ()  # a credential never becomes a note, not even redacted
    return tuple(
        Directive(DirectiveKind.FACT, sentence, part, language)
        for part in parts[:-1]
        if not is_question(pattern_text(part))
        and not _premise(pattern_text(part))
        and fact_statement(strip_filler(pattern_text(part)), known_names)
    )


# "review 模块处理完 finding 之后，…？", "When the queue is closed, …?": a time or
# condition clause sets up the question; the user asks about it, they state nothing.
_PREMISE = re.compile(
    r"(?:的时候|时|之前|之后|以后|以前|的话|期间|过程中)$"
    r"|^(?:如果|假如|要是|当|每当|万一|after|before|when|whenever|once|if|while|until)\b"
)


def _premise(norm: str) -> bool:
    """A part of a question that only states the question's condition or moment."""
    return bool(_PREMISE.search(strip_filler(norm)))


def read_sentence(sentence: str, known_names: Iterable[str] = ()) -> Reading:
    """The grammar's verdict on one sentence of the user's prose.

    A sentence that holds several directives gets the strongest kind (a cancel, then
    a rule, then a fact). ``known_names`` are the project's module names: a sentence
    that starts with one ("mall-order calls mall-search via Feign") can state a fact.
    """
    return _read(sentence.strip(), frozenset(known_names))[0]


def _has_content(clause: str) -> bool:
    """Something is asked besides the standing phrase and the negation ("never" alone is
    no rule)."""
    content = strip_filler(pattern_text(clause)).strip("。.!！")
    content = NEGATION_RE.sub(" ", STANDING.sub(" ", content)).strip()
    if BARE_SENTIMENT.match(content):
        return False
    return len(fold(content)) >= limits.DIRECTIVE_MIN_CLAUSE_CHARS


def directives_in(text: str, known_names: Iterable[str] = ()) -> list[Directive]:
    """Every rule, cancel and fact the user states in ``text``, one per clause.

    ``text`` is cleaned first (:func:`~autopatch_memory.prose.user_prose`): code,
    logs and secrets never become directives. Sentences are read one at a time; a fact
    goes on across a semicolon (or, dictated, a pause) for as many clauses as it takes,
    and a dictated clause that only points back at the rule before it states no fact.
    """
    names = frozenset(known_names)
    found: list[Directive] = []
    previous: tuple[str, tuple[Directive, ...]] | None = None
    for sentence, voiced in _sentences(text):
        directives = _read(sentence.strip(), names)[1]
        went_on = _goes_on(found, previous, sentence, directives, voiced)
        if went_on is not None:
            previous = went_on
            continue
        found.extend(directives)
        previous = (sentence.strip(), directives)
    return found


def _goes_on(
    found: list[Directive],
    previous: tuple[str, tuple[Directive, ...]] | None,
    sentence: str,
    directives: tuple[Directive, ...],
    voiced: bool,
) -> tuple[str, tuple[Directive, ...]] | None:
    """When ``sentence`` goes on with the fact (or the dictated rule) before it: the
    sentence before as it now stands, the fact joined with it in ``found``; else ``None``
    (nothing changed)."""
    if previous is None:
        return None
    rule = next((d for d in reversed(previous[1]) if d.kind is DirectiveKind.RULE), None)
    if (
        not directives
        and rule in found
        and rule is not None
        and _ONLY_ALTERNATIVE.search(pattern_text(sentence))
        and rule_shape(rule.clause).negative
    ):
        # "别每次都贴整个类？只贴改动的几行就行。": what to do instead is the same rule.
        alternative = Directive(rule.kind, "", body_of(sentence), rule.language)
        return (sentence.strip(), (_join_in(found, rule, alternative),))
    # One sentence, one fact: a clause after a semicolon (or, dictated, a pause) that
    # states a fact of its own goes on with the fact before, as a comma's parts do.
    # (After a semicolon, a fact about another module stays a note of its own.)
    more = [d.kind for d in directives] == [DirectiveKind.FACT] and (
        voiced or not _MODULE_FIRST.match(pattern_text(sentence))
    )
    if (
        (not directives or more)
        and _goes_on_with_fact(previous, sentence, voiced)
        and previous[1][-1] in found
    ):
        # "card-api is the only module that talks to the bank; it sits behind its own
        # firewall.": a clause after a semicolon goes on stating the fact.
        last = previous[1][-1]
        more_of_it = Directive(last.kind, "", sentence.strip(), last.language)
        joined = _join_in(found, last, more_of_it)
        # A dictated fact goes on for as many clauses as it takes.
        return (sentence.strip(), (joined,) if voiced else ())
    if voiced and rule in found and _points_back(directives):
        # "…返回值统一包一层 Result 就是 lift-common 那个类 参考它写的": a dictated clause
        # that leans on the rule before it is part of that rule, no fact of its own.
        return (sentence.strip(), (rule,)) if rule is not None else None
    return None


def _only_lead(clause: str) -> bool:
    rest, lead = strip_lead(pattern_text(clause))
    return lead is not None and not strip_filler(rest)


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


_MODULE_FIRST = re.compile(r"^\W*[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")


def _goes_on_with_fact(
    previous: tuple[str, tuple[Directive, ...]], sentence: str, voiced: bool = False
) -> bool:
    """``sentence`` follows a semicolon (or, dictated, a pause) after a fact and goes on
    stating it."""
    before, directives = previous
    if not directives or directives[-1].kind is not DirectiveKind.FACT:
        return False
    if not (
        voiced or before.endswith((";", "；")) or _DESCRIBES_A_PART.match(pattern_text(sentence))
    ):
        return False
    return continues_fact(pattern_text(sentence))


# "…over websocket. frames are length-prefixed.": a plain noun and what it is, right
# after a fact, describes a part of what the fact told.
_DESCRIBES_A_PART = re.compile(
    r"^(?:the |each |every |all )?[a-z][a-z-]+s\s+(?:are|get|stay)\s+[a-z][\w-]*(?:ed|-\w+)\b"
)


# What to do instead of what the rule before forbids, as a sentence that would be no rule
# alone: "只贴改动的那几行就行", "just the changed lines is fine".
_ONLY_ALTERNATIVE = re.compile(
    r"^\W*(?:只|只要|仅|光)[^，,。？?]{1,30}(?:就行|就好|就可以了?|即可|就够了)\W*$"
    r"|^\W*(?:just|only)\b[^,?]{1,60}\b(?:is fine|is enough|will do|works|please)\W*$"
)


# A pronoun that points back ("参考它写的", "it", "那个"): the clause leans on the one before.
_POINTS_BACK = re.compile(r"它|\b(?:it|this|that|them)\b")


def _points_back(directives: Sequence[Directive]) -> bool:
    """One fact, and all it states leans on what was said before ("参考它写的")."""
    return (
        len(directives) == 1
        and directives[0].kind is DirectiveKind.FACT
        and bool(_POINTS_BACK.search(pattern_text(directives[0].clause)))
    )


def _join_in(found: list[Directive], old: Directive, more: Directive) -> Directive:
    """``old`` with the clause of ``more`` after it, put in the place of ``old`` in ``found``."""
    separator = "；" if old.language is Language.ZH else "; "
    joined = Directive(old.kind, old.sentence, old.clause + separator + more.clause, old.language)
    found[found.index(old)] = joined
    return joined


def might_hold_directive(text: str) -> bool:
    """A cheap check for the summarization trigger: the text has a standing phrase, a
    preference, a negative instruction, a cancel, a correction or a "remember" — or
    one of its first sentences states a project fact, so that the note exists before
    a later turn corrects or cancels it."""
    norm = pattern_text(text)
    if has_long_term_signal(text) or bool(
        STANDING.search(norm)
        or PREFERENCE_EN.search(norm)
        or PREFERENCE_ZH.search(norm)
        or CANCEL.search(norm)
        or CORRECTION_LEAD.match(norm)
        or REMEMBER_LEAD.match(norm)
        or NEGATIVE_LEAD_EN.match(norm)
        or NEGATIVE_LEAD_ZH.match(norm)
    ):
        return True
    sentences = _sentences(text[: limits.DIRECTIVE_TRIGGER_CHARS])
    return any(
        _read(s.strip(), frozenset())[0].kind is DirectiveKind.FACT
        for s, _ in sentences[: limits.DIRECTIVE_TRIGGER_SENTENCES]
    )
