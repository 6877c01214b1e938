"""Routing with the configured model (docs/cli.md#routing-and-the-transcript).

When a model is configured, the rules are not alone: for a message they route to a
memory intent without a plain cue, one short call asks the model which of the five
intents it is (:data:`ROUTE_PROMPT`: the intent table's own definitions), within
:data:`~autopatch_memory.limits.ROUTER_MODEL_TIMEOUT_SECONDS`. The reply is read
strictly (:func:`parse_route`: one of the five names, else ignored).

* The rules stay the fast path: a choice they make plainly (a rule marked ``decisive``,
  or any audit or patch intent, which a model's "memory" could not overrule) asks nothing.
* They are the fallback: a failed, slow or unreadable call leaves their choice.
* Audit wins: when the model says audit or patch where the rules said memory, the turn
  goes without memory (a patch intent with no patch pending is an audit); between the
  two memory intents the model's understanding is taken.

The model is reached through the answering backend's ``quick_reply``
(:class:`QuickReply`), where the SDK's errors are translated; this module never sees
the SDK.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from autopatch_memory import BackendError, IntentType, limits, memory_access
from autopatch_memory.text import clip

from .classification import MODEL, Classification
from .rules import decisive

__all__ = ["ROUTE_PROMPT", "QuickReply", "asks_the_model", "parse_route", "route_with_model"]

ROUTE_PROMPT = (
    "Route the user's message of a command-line assistant that works on one Java "
    "repository to one intent. Reply with exactly one intent name and nothing else.\n"
    "code_audit: inspect code and produce patches (check this code for problems, find "
    "bugs, judge whether it is safe, fix or change it).\n"
    "code_explain: explain the project, a folder, a file or code.\n"
    "general_chat: Java, algorithms, debugging, architecture, practice (a question why "
    "code fails is debugging).\n"
    "patch_explain: explain the patch awaiting confirmation.\n"
    "patch_revise: rewrite the patch awaiting confirmation.\n"
)
_PENDING = {
    True: "A patch is awaiting confirmation.",
    False: "No patch is awaiting confirmation.",
}
_QUOTES = "`'\"“”‘’"
_PATCH_INTENTS = frozenset({IntentType.PATCH_EXPLAIN, IntentType.PATCH_REVISE})


@runtime_checkable
class QuickReply(Protocol):
    """A model that answers one short question quickly (the OpenAI-compatible backend)."""

    def quick_reply(
        self, system_prompt: str, user_text: str, *, max_tokens: int, timeout: float
    ) -> str:
        """The reply's text; raises :class:`~autopatch_memory.errors.BackendError`."""
        ...


def parse_route(reply: str) -> IntentType | None:
    """The intent ``reply`` names, read strictly: one of the five names alone (spaces,
    quotes and a final full stop aside, any case); anything else is ``None``."""
    word = reply.strip().strip(_QUOTES).strip().removesuffix(".").strip(_QUOTES).strip()
    try:
        return IntentType(word.lower())
    except ValueError:
        return None


def asks_the_model(rules: Classification) -> bool:
    """Whether the rules' choice leaves room for the model: a memory intent chosen
    without a plain cue (an audit or a patch intent stands: audit wins)."""
    return memory_access(rules.intent).reads and not decisive(rules)


def route_with_model(
    text: str, rules: Classification, model: object, *, patch_pending: bool = False
) -> Classification:
    """``rules``' choice, or the model's when it may decide (see the module docstring).

    ``model``: the answering backend; one without :class:`QuickReply` is not asked.
    """
    if not isinstance(model, QuickReply) or not asks_the_model(rules):
        return rules
    user = f"{_PENDING[patch_pending]}\nMessage:\n{clip(text, limits.CLASSIFIER_MAX_CHARS)}"
    try:
        reply = model.quick_reply(
            ROUTE_PROMPT,
            user,
            max_tokens=limits.ROUTER_MODEL_MAX_TOKENS,
            timeout=limits.ROUTER_MODEL_TIMEOUT_SECONDS,
        )
    except BackendError:
        return rules  # unreachable, slow or refused: the rules decide alone
    chosen = parse_route(reply)
    if chosen is None:
        return rules
    if chosen in _PATCH_INTENTS and not patch_pending:
        chosen = IntentType.CODE_AUDIT  # patch words with no patch: outside memory
    ids = (*rules.rule_ids, MODEL)
    if chosen is rules.intent:
        return rules.model_copy(update={"rule_ids": ids})
    return Classification(intent=chosen, rule_ids=ids, text=rules.text)
