"""Answering questions: ``chat`` (the REPL) and ``ask`` (one question).

Start-up time (bench/startup.py): these commands import the turn machinery (the intent
router, the turn runner, the chat loop, the streaming view) in their own bodies, so that
``--help``, ``show``, ``log`` and the other commands on stored memory never load it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from autopatch_memory import IntentType, ProjectMemory, memory_access

from ..failures import take_last_error
from ..repo import resolve_repo
from .arguments import (
    IntentOpt,
    JsonOpt,
    ModelOpt,
    RepoAndQuestion,
    RepoArg,
    model_arg,
    read_question,
)
from .base import (
    EXIT_FAILURE,
    EXIT_OK,
    command,
    console,
    note_degraded,
    note_profile_failure,
    opened,
    settings_for,
)

if TYPE_CHECKING:
    from ..answer import TurnResult, TurnRunner

__all__ = ["ask", "chat"]


def _profile_names(memory: ProjectMemory) -> list[str]:
    """The project's and modules' names, which make a question about this repository."""
    profile = memory.profile()
    if profile is None:
        return []
    names = [profile.project_name] if profile.project_name else []
    return names + [module.rsplit("/", 1)[-1] for module in profile.modules]


@command()
def chat(repo: RepoArg = None, model: ModelOpt = None) -> None:
    """Chat about the repository, with memory (type /help inside)."""
    from ..answer import TurnRunner  # the turn machinery: see the docstring
    from ..chat import ChatSession
    from ..history import SessionHistory

    model = model_arg(model)
    root = resolve_repo(repo)
    settings = settings_for(root, model)
    with opened(root, backend=None, refresh_profile=True, settings=settings) as memory:
        note_profile_failure(memory)
        runner = TurnRunner.from_settings(
            memory, settings, cwd=Path.cwd(), history=SessionHistory(), names=_profile_names(memory)
        )
        code = ChatSession(memory, runner, console).run()
    if code != EXIT_OK:
        raise typer.Exit(code)


@command()
def ask(
    args: RepoAndQuestion,
    intent: IntentOpt = None,
    model: ModelOpt = None,
    json_out: JsonOpt = False,
) -> None:
    """Ask one question (non-interactive): text piped in follows it, and `-` reads the
    question from stdin; the answered turn is recorded in memory."""
    from ..answer import TurnRunner  # the turn machinery: see the docstring

    model = model_arg(model)
    root, question, classification = read_question(args, intent, piped=True)
    if not memory_access(classification.intent).reads:
        # The gate holds for the whole command: an audit or patch turn opens nothing
        # under .autopatch-j — not the memory, the journal, nor the project's config.
        runner = TurnRunner.from_settings(
            None, settings_for(None, model), repo_root=root, cwd=Path.cwd()
        )
        _answer_once(runner, question, intent, json_out, early=[])
        return
    settings = settings_for(root, model)
    with opened(
        root, backend=None, refresh_profile=True, finish_summaries=True, settings=settings
    ) as memory:
        early = take_last_error(memory)
        runner = TurnRunner.from_settings(memory, settings, cwd=Path.cwd())
        runner.record_unanswered = False  # a question no model answered is no turn
        # The answer is printed inside: before the bounded wait for a summary in flight.
        result = _answer_once(runner, question, intent, json_out, early=early, defer_json=True)
    late = runner.background_failures()  # a summary that failed while we waited
    if json_out:
        _print_ask_json(result, [*early, *result.degraded, *late])
    else:
        note_degraded(late)


def _answer_once(
    runner: TurnRunner,
    question: str,
    intent: IntentType | None,
    json_out: bool,
    *,
    early: list[str],
    defer_json: bool = False,
) -> TurnResult:
    """Run one turn and print it (the JSON document unless ``defer_json``)."""
    from ..answer import NO_MODEL_HINT, QUIET  # the turn machinery: see the docstring
    from ..streaming import ConsoleDisplay

    display = None if json_out else ConsoleDisplay(console, timeout=runner.timeout)
    result = runner.run(question, intent=intent, display=display or QUIET)
    if display is None:
        if result.error is not None or not defer_json:
            _print_ask_json(result, [*early, *result.degraded])
    else:
        if result.error is None:
            unrecorded = "" if result.gated or runner.record_unanswered else "; nothing recorded"
            display.finished(result, no_model_hint=NO_MODEL_HINT + unrecorded)
        note_degraded([*early, *result.degraded])
    if result.error is not None:
        if not json_out:
            console.error(f"{result.error} — {result.hint}")
        raise typer.Exit(EXIT_FAILURE)
    return result


def _print_ask_json(result: TurnResult, degraded: list[str]) -> None:
    document = result.to_json_dict()
    document["degraded"] = degraded
    console.json(document)
    for problem in result.problems:
        console.warn(problem)
    note_degraded(degraded)
