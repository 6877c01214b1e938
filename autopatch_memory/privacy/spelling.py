"""How a rule's pattern is written: the pieces every family of rules spells alike.

Every pattern keeps one discipline (linear time, see docs/privacy.md): runs of blanks
are bounded (:func:`compile_bounded`), a one-character gate rules most positions out, and a
value is spelled once here (quoted, unquoted, already a marker) so the families agree
on where a value ends.
"""

from __future__ import annotations

from autopatch_memory.lang import LazyPattern, lazy_compile
from autopatch_memory.privacy.markers import MARKER_RE
from autopatch_memory.privacy.words import CJK_TEXT_CLASS, FULLWIDTH_VALUE_CHARS


def quoted_string(limit: int) -> str:
    """A single-, double- or back-quoted string on one line (escapes allowed, and SQL's
    doubled quote: 'Ado;Bill''ro')."""
    return (
        rf'"(?:[^"\\\n]|\\.){{1,{limit}}}"'
        rf"|'(?:[^'\\\n]|\\.|''){{1,{limit}}}'"
        rf"|`[^`\n]{{1,{limit}}}`"
        rf"|“[^”\n]{{1,{limit}}}”"
    )


# An unquoted value runs to whitespace, a quote, '<', CJK text or CJK punctuation.
# ',' ';' '&' belong to it unless they end it (followed by space, a quote, or the
# next "key=" of a query or connection string); a closing bracket belongs to it
# unless followed by space or another delimiter.
UNQUOTED_VALUE = (
    r"(?:[^\s\"'`<,;&)}\]" + CJK_TEXT_CLASS + r"]|[" + FULLWIDTH_VALUE_CHARS + "]"
    r"|[,;&](?![\s\"']|\Z|[\w.\-]{1,64}=)"
    r"|[)}\]](?![\s,;)}\]\"']|\Z))+"
)
MARKER_VALUE = MARKER_RE.pattern
# The head of a chat transcript's line: its time in brackets and who spoke
# ("[10:03] 李航: ", "[2024-06-03 10:03] ops-bot："); what follows is the message.
CHAT_SPEAKER = r"\[[\d:/\- ]{4,19}\][ \t]{0,4}[^\s:：\[\]]{1,24}[:：][ \t]{0,4}"


def same_command(reach: int) -> str:
    """The rest of one shell command, up to ``reach`` characters, after its tool's name or
    an option: its line, and the lines that a trailing backslash continues ("curl -X POST
    … \\⏎  -u sid:token")."""
    return r"(?:[^\n]|(?<=\\)\n){0," + str(reach) + "}?"


SAME_COMMAND = same_command(300)


def compile_bounded(pattern: str, flags: int = 0) -> LazyPattern:
    """Compile a rule pattern with every run of blanks bounded: ``[ \\t]+`` and
    ``[ \\t]*`` become ``{1,16}`` / ``{0,16}``, so no pattern can scan an unbounded
    stretch of spaces once per position (the patterns stay readable). Compiled at its
    first use, as every pattern of the engine (:class:`~autopatch_memory.lang.LazyPattern`)."""
    bounded = pattern.replace(r"[ \t]+", r"[ \t]{1,16}").replace(r"[ \t]*", r"[ \t]{0,16}")
    return lazy_compile(bounded, flags)


def first_char_gate(first_chars: str) -> str:
    """A one-character look-ahead in front of a pattern whose alternatives start with
    these characters: every other position fails after one test instead of trying
    each alternative (a constant factor, not a change of meaning)."""
    return "(?=[" + first_chars + "])"
