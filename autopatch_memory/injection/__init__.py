"""Text that instructs the assistant instead of telling it about the project
(docs/privacy.md#instruction-like-text).

Memory is pasted into every later prompt, so whatever a cloned repository, a pasted
README or a tricked model manages to store there speaks to the assistant each time.
A note, a topic or a profile value that reads as an instruction to the assistant —
drop its instructions, take another role, hear a fake system turn, reveal its prompt,
send data away, hide something from the user, give a fixed verdict, harm the code it
writes, believe a permission nobody gave — is refused (``instruction_like``). Each
class is a named rule with its examples (:data:`INSTRUCTION_RULES`, :mod:`.rules`);
text is read as it *looks* (:mod:`.reading`: NFKC, homoglyphs, spaced-out letters,
digits for letters, invisible characters removed), so an obfuscated spelling is the
same words.

A user's own rule is an instruction about answers by nature ("answer in Chinese");
only the rules that no rule of a user needs apply to it (:func:`overrides_assistant`).
"""

from __future__ import annotations

from autopatch_memory.injection.reading import looks
from autopatch_memory.injection.rules import (
    INSTRUCTION_RULES,
    instruction_like,
    overrides_assistant,
)

__all__ = ["INSTRUCTION_RULES", "instruction_like", "looks", "overrides_assistant"]
