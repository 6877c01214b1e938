"""One pending turn, pre-digested for the heuristic: the user's prose, its sentences,
the directives it states, and whether it is a question, chit-chat or only rules.

Rules and cancels are what the user says *explicitly* (:mod:`autopatch_memory.standing.explicit`):
a sentence with a standing marker and no veto, a sentence that names what it withdraws.
Facts (for project notes) are read by the fact reader of :mod:`autopatch_memory.directives`.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryTurn
from autopatch_memory.directives import (
    Directive,
    DirectiveKind,
    NotADirective,
    directives_in,
    read_sentence,
)
from autopatch_memory.lang.fold import fold
from autopatch_memory.lang.quotes import find_quote
from autopatch_memory.lang.sentences import sentences
from autopatch_memory.prose import END_PUNCTUATION, split_sentences, user_prose
from autopatch_memory.standing.explicit import explicit_rules, explicit_sentences, named_cancels
from autopatch_memory.text import Language, clip, detect_language, normalize

# A whole turn that is only one of these is chit-chat: it produces nothing but its summary.
_CHIT_CHAT = frozenset(
    {
        "谢谢", "谢谢你", "多谢", "感谢", "好的", "好", "嗯", "嗯嗯", "明白", "明白了", "懂了",
        "了解", "收到", "知道了", "可以", "行", "没问题", "不错", "太好了", "好的谢谢", "你好",
        "thanks", "thank you", "thx", "ty", "ok", "okay", "got it", "cool", "nice", "great",
        "perfect", "awesome", "sure", "understood", "makes sense", "hi", "hello", "hey",
        "thanks a lot", "thank you so much", "great thanks", "ok thanks", "ok thank you",
    }
)  # fmt: skip
_FOLD_RE = re.compile(r"[\s!！.。,，~～?？:：;；)）(（]+")
# Words of thanks and acknowledgement: a turn made only of them is chit-chat too
# ("ok cool", "great, thanks, that helps", "好的谢谢啦").
_CHIT_CHAT_WORDS = frozenset(
    """
    thanks thank you thx ty ok okay cool got it great nice perfect awesome sure understood
    makes sense hi hello hey that's that helps helped all good lol haha much so a lot alright
    right yes yep yeah
    """.split()
)
_CHIT_CHAT_ZH = re.compile(
    r"^(?:谢谢|多谢|感谢|好的|好|嗯|明白|懂|了解|收到|知道|可以|行|没问题|不错|太好|哈|啦|了|呀|啊|你|您)+$"
)
# A project-level question names no file in scope (the host's flag wins when it is set).
_FILE_RE = re.compile(r"\.[A-Za-z0-9]{1,8}$")


def is_chit_chat(text: str) -> bool:
    """Thanks, greetings and acknowledgements: nothing to remember."""
    folded = _FOLD_RE.sub(" ", normalize(text)).strip()
    if not folded or folded in _CHIT_CHAT:
        return True
    words = folded.split()
    if all(w in _CHIT_CHAT_WORDS for w in words):
        return True
    return all(_CHIT_CHAT_ZH.match(w) or w in _CHIT_CHAT_WORDS for w in words)


def is_question(sentence: str) -> bool:
    """The sentence asks something (the directive grammar's own test)."""
    return read_sentence(sentence).why_not is NotADirective.QUESTION


def end_with(sentence: str, language: Language) -> str:
    """The sentence with one end mark of its language (a question keeps its "?")."""
    body = sentence.rstrip(END_PUNCTUATION + " ")
    if sentence.rstrip().endswith(("？", "?")):
        return body + ("？" if language is Language.ZH else "?")
    return body + ("。" if language is Language.ZH else ".")


@dataclass
class TurnView:
    """One input turn, pre-digested."""

    turn: SummaryTurn
    language: Language
    prose: str
    sentences: list[str]
    directives: list[Directive] = field(default_factory=list)

    @property
    def id(self) -> str:
        """The turn's id."""
        return self.turn.id

    @property
    def chit_chat(self) -> bool:
        """Thanks, greetings, "ok": nothing but a summary."""
        return is_chit_chat(self.prose) if self.prose else False

    def of_kind(self, kind: DirectiveKind) -> list[Directive]:
        """The directives of one kind, in order."""
        return [d for d in self.directives if d.kind is kind]

    @property
    def directive_sentences(self) -> set[str]:
        """Sentences that state a rule, a cancel or a fact."""
        return {d.sentence for d in self.directives}

    @property
    def asks(self) -> list[str]:
        """Sentences that are not directives: what the user asked or said about a topic."""
        return [s for s in self.sentences if s not in self.directive_sentences]

    @property
    def only_directives(self) -> bool:
        """Every sentence is a rule, cancel or fact: a turn about memory, not a topic."""
        return bool(self.directives) and not self.asks

    @property
    def topical(self) -> bool:
        """The turn is about something worth following as a topic."""
        return bool(self.asks) and not self.chit_chat

    def question(self, limit: int) -> str:
        """The sentence that best states what the user asked, clipped to ``limit``."""
        asked = self.asks or self.sentences
        chosen = next((s for s in asked if is_question(s)), asked[0] if asked else "")
        return clip(end_with(chosen, self.language), limit) if chosen else ""


def is_project_level(turn: SummaryTurn) -> bool:
    """A ``code_explain`` turn about the project as a whole: the host's flag, or no file
    in scope when the host did not say."""
    if turn.project_level:
        return True
    if turn.intent.value != "code_explain":
        return False
    return not any(
        _FILE_RE.search(p.rstrip()) and not p.rstrip().endswith("/") for p in turn.scope_paths
    )


def view(turn: SummaryTurn, known_names: Collection[str] = ()) -> TurnView:
    """Digest one turn: clean prose (no code, logs or secrets), sentences, directives."""
    prose = user_prose(turn.user_text[: limits.MAX_USER_TEXT_CHARS])
    sentences = split_sentences(prose)
    # The language of the user's words, not of a pasted stack trace.
    language = detect_language(prose or turn.user_text)
    rules = explicit_rules(prose)
    named = [s for s in explicit_sentences(prose) if named_cancels(s)]
    # Facts for notes, and the cancels of notes, as the fact reader reads them; rules only
    # as the user states them explicitly, and the cancels that name what they withdraw.
    read = [
        d
        for d in directives_in(prose, known_names)
        if d.kind is not DirectiveKind.RULE and not any(d.sentence.strip() in s for s in rules)
    ]
    known = {d.sentence.strip() for d in read}
    explicit = [
        *(Directive(DirectiveKind.RULE, s, s, detect_language(s)) for s in rules),
        *(
            Directive(DirectiveKind.CANCEL, s, s, detect_language(s))
            for s in named
            if s not in known
        ),
    ]
    directives = sorted([*explicit, *read], key=lambda d: _position(prose, d.sentence))
    return TurnView(turn, language, prose, sentences, directives)


def _position(prose: str, sentence: str) -> int:
    found = prose.find(sentence.strip())
    return found if found >= 0 else len(prose)


def quotable(sentence: str, view: TurnView) -> str | None:
    """``sentence`` as a quote the applier finds in the turn's own words: itself, or the
    whole sentence of the turn that holds it (the prose reader cuts sentences where the
    turn's text has none, at a semicolon); ``None`` when neither is there."""
    text = view.turn.user_text
    if find_quote(sentence, text) is not None:
        return sentence
    wanted = fold(sentence)
    return next((s for s in sentences(text) if wanted and wanted in fold(s)), None)
