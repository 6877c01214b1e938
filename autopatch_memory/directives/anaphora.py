"""Anaphora across sentences: a rule whose object is a pronoun for what the
sentence before said ("We ripped Lombok out. Don't suggest it anymore") is resolved
to the thing it stands for, or joined with that sentence.

Only :func:`~autopatch_memory.directives.reading.directives_in` reads more than one
sentence at a time; this is the part of it that looks back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from autopatch_memory import limits
from autopatch_memory.directives.instructions import _strip_filler
from autopatch_memory.directives.kinds import Directive, DirectiveKind
from autopatch_memory.directives.normalization import _CJK, _body_of, _norm
from autopatch_memory.directives.segmenter import _parts
from autopatch_memory.directives.shape_lexicon import _NEGATION_RE, _SHAPE_STOPWORDS_EN
from autopatch_memory.directives.vocabulary import _IMPERATIVE_VERBS_EN, _STANDING
from autopatch_memory.signals import STOPWORDS_EN
from autopatch_memory.text import Language

# A rule whose object is a pronoun for what the sentence before said: "I really don't
# like Optional as a parameter. Don't do that in code you write for me."; "Lombok 我们
# 早就不用了。以后别再推荐它了。"
_ANAPHOR_EN = re.compile(r"\b(?:that|it|this|them|those|these)\b", re.I)
_ANAPHOR_ZH = re.compile(r"它们?|这样|那样|这么|那么|这个|那个|这些|那些")
_ANAPHOR_SCAFFOLD = re.compile(
    r"\b(?:in|for|to|me|us|my|our|you|your|any|the|code|snippets?|examples?|answers?|"
    r"replies|write|give|show|anymore|any more|again|either|too|please|ever)\b"
    r"|代码|示例|回答|里|中|给我|我|你|了|吧|啊|都|也|再"
)


def _anaphoric(clause: str) -> bool:
    """The rule's first part says nothing but "do that": its object is a pronoun."""
    first = _strip_filler(_norm(_parts(clause)[0] if _parts(clause) else clause))
    if not (_ANAPHOR_EN.search(first) or _ANAPHOR_ZH.search(first)):
        return False
    rest = _STANDING.sub(" ", first)
    rest = _NEGATION_RE.sub(" ", rest)
    rest = _ANAPHOR_ZH.sub(" ", _ANAPHOR_EN.sub(" ", rest))
    rest = _ANAPHOR_SCAFFOLD.sub(" ", rest)
    words = [w for w in re.findall(r"[a-z']+", rest) if w not in _IMPERATIVE_VERBS_EN]
    return not words and len(_CJK.findall(rest)) <= limits.DIRECTIVE_ANAPHOR_VERB_CHARS


def _resolve_anaphor(
    directive: Directive, before: str, directives: Sequence[Directive]
) -> Directive | None:
    """The rule with what its pronoun stands for: nothing new when the sentence before
    already states the rule; its name in place of the pronoun when the sentence before
    names one thing ("We ripped Lombok out. Don't suggest it anymore" → "Don't suggest
    Lombok anymore"); otherwise the rule, then that sentence."""
    if any(d.kind is DirectiveKind.RULE for d in directives):
        return None
    referent = _referent(before)
    if referent is not None:
        pronoun = _ANAPHOR_EN.search(directive.clause) or _ANAPHOR_ZH.search(directive.clause)
        if pronoun is not None:
            a, b = pronoun.span()
            name = f" {referent} " if directive.language is Language.ZH else referent
            clause = " ".join(f"{directive.clause[:a]}{name}{directive.clause[b:]}".split())
            return Directive(directive.kind, directive.sentence, clause, directive.language)
    separator = "；" if directive.language is Language.ZH else "; "
    clause = directive.clause + separator + _body_of(before)
    return Directive(directive.kind, directive.sentence, clause, directive.language)


_NAME_IN_TEXT = re.compile(r"(?<![\w@.-])@?[A-Z][A-Za-z0-9]*(?:[.-][A-Za-z0-9]+)*")


def _referent(sentence: str) -> str | None:
    """The one name a sentence is about ("Lombok"), if it names exactly one thing that is
    no common word."""
    # "Pet peeve of mine: wildcard imports." is about what follows its colon.
    head, _, topic = sentence.replace("：", ":").rpartition(":")
    if head and topic.strip():
        sentence = topic
    names = []
    for found in _NAME_IN_TEXT.finditer(sentence):
        word = found.group(0)
        common = word.lower() in _SHAPE_STOPWORDS_EN or word.lower() in STOPWORDS_EN
        if common or word.isupper():
            continue  # "We", "Why"; "JDK", "CI" (an acronym is a setting, not the thing)
        if word not in names:
            names.append(word)
    return names[0] if len(names) == 1 else None
