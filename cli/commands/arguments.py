"""The arguments the commands share, and how variadic ``[REPO] ARG`` lists are read.

``[REPO]`` is optional everywhere: a command with a required argument takes one or two
positionals, one is the argument and two are ``REPO`` and the argument (docs/cli.md,
"Conventions").
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from autopatch_memory import IntentType

from ..repo import LOOKUP_ERRORS, resolve_repo
from .base import UsageProblem

if TYPE_CHECKING:  # the intent router loads only with a command that classifies
    from ..classify import Classification

__all__ = [
    "STDIN_PATH",
    "IntentOpt",
    "JsonOpt",
    "LabelOpt",
    "RepoAndId",
    "RepoAndQuestion",
    "RepoAndText",
    "RepoArg",
    "is_folder",
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


def read_question(args: list[str], intent: IntentType | None) -> tuple[Path, str, Classification]:
    """``[REPO] QUESTION`` of ``ask`` and ``context``: the repository, the question, and
    its intent (the user's, else the classifier's), so both commands route alike."""
    from ..classify import choose  # the intent router: only commands that classify load it

    repo, question = split_repo(args, "QUESTION")
    return resolve_repo(repo), question, choose(question, intent)


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
