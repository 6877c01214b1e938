"""The arguments the commands share, and how variadic ``[REPO] ARG`` lists are read.

``[REPO]`` is optional everywhere: a command with a required argument takes one or two
positionals, one is the argument and two are ``REPO`` and the argument (docs/cli.md,
"Conventions").
"""

from __future__ import annotations

import codecs
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from autopatch_memory import IntentType, limits

from ..repo import LOOKUP_ERRORS, resolve_repo
from .base import UsageProblem, console

if TYPE_CHECKING:  # the intent router loads only with a command that classifies
    from ..classify import Classification

__all__ = [
    "STDIN_PATH",
    "IntentOpt",
    "JsonOpt",
    "LabelOpt",
    "ModelOpt",
    "RepoAndId",
    "RepoAndQuestion",
    "RepoAndText",
    "RepoArg",
    "is_folder",
    "model_arg",
    "question_with_stdin",
    "read_question",
    "source_file",
    "split_repo",
    "stdin_bytes",
    "text_arg",
]

STDIN_PATH = "-"

RepoArg = Annotated[
    str | None,
    typer.Argument(
        metavar="REPO",
        help="The repository (default: found from the current directory).",
        show_default=False,
    ),
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print one JSON document on stdout, nothing else.")
]
RepoAndQuestion = Annotated[
    list[str],
    typer.Argument(metavar="[REPO] QUESTION", help="The repository (optional), the question."),
]
RepoAndId = Annotated[
    list[str],
    typer.Argument(metavar="[REPO] ID", help="The repository (optional), the item id."),
]
IntentOpt = Annotated[
    IntentType | None,
    typer.Option(
        "--intent",
        "-i",
        case_sensitive=False,
        help="The intent of the question (default: chosen by the rule-based classifier).",
        show_default=False,
    ),
]


def is_folder(value: str) -> bool:
    """``value`` names an existing folder. A text that cannot be a path (longer than a
    file name may be, "~word" of no user) names none: it is a question, not an error."""
    try:
        return Path(value).expanduser().is_dir()
    except LOOKUP_ERRORS:
        return False


# Command-line bytes that are not UTF-8 (a GBK terminal or script) reach Python as lone
# surrogates (surrogateescape); stored, a text of them would be U+FFFD mojibake.
_UNDECODED_ARG = re.compile("[\udc80-\udcff]")
_TEXT_ARGS = ("QUESTION", "TEXT")


def text_arg(value: str, what: str) -> str:
    """``value``, or a usage error when the command line did not give it as UTF-8 text."""
    if _UNDECODED_ARG.search(value):
        raise UsageProblem(
            f"{what} is not UTF-8 text (the terminal or script uses another encoding): "
            "give it again in UTF-8"
        )
    return value


def split_repo(args: list[str], what: str) -> tuple[str | None, str]:
    """``[REPO] WHAT`` from variadic arguments: one is WHAT, two are REPO and WHAT."""
    if len(args) == 1:
        repo, value = None, args[0]
        if is_folder(value):
            # `ask mall`: a folder and no question is a forgotten argument, not a question.
            raise UsageProblem(
                f"{value!r} is a folder: give the {what} after it ([REPO] {what}; "
                f"quote a {what} with spaces)"
            )
    elif len(args) == 2:
        repo, value = args
    else:
        raise UsageProblem(
            f"expected [REPO] {what}, got {len(args)} arguments (quote a {what} with spaces)"
        )
    if not value.strip():
        raise UsageProblem(f"{what} is empty")
    if what in _TEXT_ARGS:
        text_arg(value, what)
    return repo, value


ModelOpt = Annotated[
    str | None,
    typer.Option(
        "--model",
        "-m",
        metavar="MODEL",
        help="The model for this run (as AUTOPATCH_LLM_MODEL, over the configuration).",
        show_default=False,
    ),
]


def model_arg(value: str | None) -> str | None:
    """``-m/--model`` checked: a usage error when it is empty or not UTF-8."""
    if value is None:
        return None
    if not value.strip():
        raise UsageProblem("--model is empty")
    return text_arg(value.strip(), "--model")


RepoAndText = Annotated[
    list[str],
    typer.Argument(
        metavar="[REPO] TEXT",
        help="The repository (optional), the rule or note in your own words.",
    ),
]
LabelOpt = Annotated[
    str | None,
    typer.Option(
        "--label",
        "-l",
        metavar="LABEL",
        help="A short label (default: made from the text).",
        show_default=False,
    ),
]


def read_question(
    args: list[str], intent: IntentType | None, *, piped: bool = False
) -> tuple[Path, str, Classification]:
    """``[REPO] QUESTION`` of ``ask`` and ``context``: the repository, the question, and
    its intent (the user's, else the classifier's), so both commands route alike.
    ``piped``: standard input adds to the question (:func:`question_with_stdin`)."""
    from ..classify import choose  # the intent router: only commands that classify load it

    repo, question = split_repo(args, "QUESTION")
    root = resolve_repo(repo)
    if piped:
        question = question_with_stdin(question)
    return root, question, choose(question, intent)


def stdin_bytes(count: int) -> bytes:
    """At most ``count`` bytes of standard input; a usage error when the process has
    none (started with it closed, ``<&-``)."""
    if sys.stdin is None:
        raise UsageProblem("there is no standard input to read ('-'): give a file instead")
    data: bytes = sys.stdin.buffer.read(count)
    return data


def source_file(source: str, what: str) -> Path | None:
    """The file a FILE argument names, or None for ``-`` (stdin); a usage error if none."""
    if source == STDIN_PATH:
        return None
    try:
        path = Path(source).expanduser()
        found = path.is_file()
    except LOOKUP_ERRORS:
        found = False  # "~typo", a name over the file-name limit
    if not found:
        raise UsageProblem(f"{what} not found: {source}")
    return path


def _stdin_is_terminal() -> bool:
    isatty = getattr(sys.stdin, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # closed
        return True


def _piped_text(what: str) -> str:
    """Standard input as text, at most :data:`~autopatch_memory.limits.ASK_STDIN_MAX_BYTES`
    (a warning says when more was left unread); a binary stream is left out, with a warning."""
    cap = limits.ASK_STDIN_MAX_BYTES
    data = stdin_bytes(cap + 1)
    if b"\0" in data[: limits.ATTACHMENT_BINARY_PROBE_BYTES]:
        console.warn(f"{what} looks binary (a NUL byte): left out")
        return ""
    cut = len(data) > cap
    if cut:
        console.warn(f"{what} is longer than {cap // limits.KIB} KiB: only its beginning is used")
    # Not final when cut: a UTF-8 character cut in two is left out, not replaced.
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    return str(decoder.decode(data[:cap], final=not cut)).strip()


def question_with_stdin(question: str) -> str:
    """The question of ``ask``, with what is piped into it (as simonw/llm reads it).

    ``-`` means the question itself is on standard input. Otherwise, when standard input
    is not a terminal (``cat trace.txt | ask . "explain"``), its text follows the
    question, after a blank line. An empty pipe (``</dev/null``) adds nothing.
    """
    if question == STDIN_PATH:
        if sys.stdin is None:
            raise UsageProblem("QUESTION is '-' but there is no standard input")
        text = _piped_text("the question on standard input")
        if not text:
            raise UsageProblem("QUESTION is '-' but standard input is empty")
        return text
    if sys.stdin is None or _stdin_is_terminal():
        return question
    piped = _piped_text("standard input")
    return f"{question}\n\n{piped}" if piped else question
