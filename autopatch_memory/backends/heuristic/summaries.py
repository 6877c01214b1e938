"""Turn summaries: one line per pending turn, from the user's own words, in their language.

Never from the assistant's answer (it may guess). A question keeps the sentence
that asks it plus the paths, annotations and identifiers it names; a turn that
only states rules, cancels or facts says so; thanks and greetings say only that.
"""

from __future__ import annotations

from autopatch_memory import limits
from autopatch_memory.directives import DirectiveKind
from autopatch_memory.model import TurnSummaryOp
from autopatch_memory.privacy import is_only_redacted
from autopatch_memory.text import Language, clean_text, clip, looks_like_code_or_log

from .terms import key_terms, term_key
from .turns import TurnView, end_with

_LEADS: dict[Language, dict[str, str]] = {
    Language.ZH: {
        "asked": "用户询问：",
        "rule": "用户设定规则：",
        "cancel": "用户取消了之前的要求：",
        "fact": "用户说明：",
        "chit_chat": "用户表示感谢或确认。",
        "code": "用户贴出了代码或日志并提问。",
        "fallback": "用户提出了一个问题。",
    },
    Language.EN: {
        "asked": "The user asked: ",
        "rule": "The user set a rule: ",
        "cancel": "The user cancelled an earlier instruction: ",
        "fact": "The user stated: ",
        "chit_chat": "The user acknowledged the answer.",
        "code": "The user shared code or a log and asked about it.",
        "fallback": "The user asked a question.",
    },
}


def one_line(text: str) -> str:
    """``text`` on one line, inner whitespace folded."""
    return " ".join(text.split())


def safe(text: str, limit: int, *, item: bool = True) -> str | None:
    """``text`` as the applier accepts it (one line without control characters, within
    ``limit``, not code; for a topic or long-term ``item``, more than a redacted
    secret), or None."""
    value = clip(clean_text(text, single_line=True), limit)
    if not value or looks_like_code_or_log(value) or (item and is_only_redacted(value)):
        return None
    return value


def _about(view: TurnView, said: str) -> str:
    extras = [
        t for t in key_terms(view.prose, view.turn.scope_paths) if term_key(t) not in term_key(said)
    ][: limits.HEURISTIC_KEY_TERMS]
    if not extras:
        return ""
    if view.language is Language.ZH:
        return f"（涉及 {'、'.join(extras)}）"
    return f" (about {', '.join(extras)})"


def _directive_line(view: TurnView) -> tuple[str, str] | None:
    """(lead key, sentence) for a turn that only states directives."""
    for kind, key in (
        (DirectiveKind.RULE, "rule"),
        (DirectiveKind.CANCEL, "cancel"),
        (DirectiveKind.FACT, "fact"),
    ):
        found = view.of_kind(kind)
        if found:
            return key, found[0].sentence
    return None


def turn_summary(view: TurnView) -> TurnSummaryOp:
    """The summary of one turn (always one the applier accepts)."""
    leads = _LEADS[view.language]
    if view.chit_chat:
        return TurnSummaryOp(turn_id=view.id, summary=leads["chit_chat"])
    line = _directive_line(view) if view.only_directives else None
    if line is not None:
        lead, said = leads[line[0]], end_with(line[1], view.language)
    else:
        said = view.question(limits.HEURISTIC_QUESTION_CHARS)
        lead = leads["asked"] if said else ""
    if not said:
        return TurnSummaryOp(turn_id=view.id, summary=leads["code"])
    said = clip(said, limits.HEURISTIC_QUESTION_CHARS)
    for candidate in (lead + said + _about(view, said), lead + said, said):
        summary = safe(candidate, limits.MAX_SUMMARY_CHARS, item=False)
        if summary:
            return TurnSummaryOp(turn_id=view.id, summary=summary)
    return TurnSummaryOp(turn_id=view.id, summary=leads["fallback"])
