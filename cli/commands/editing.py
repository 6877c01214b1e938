"""``edit``: rewriting rules and notes in your own words (docs/cli.md, ``edit``).

Three forms, by what is given:

* ``edit [REPO] ID TEXT`` — the new text on the command line;
* ``edit [REPO] ID`` — the item's text opens in ``$EDITOR``;
* ``edit [REPO]`` — every active rule and note opens in ``$EDITOR`` as Markdown, as
  Claude Code's ``/memory`` opens its memory file; what changed is shown as a plan and
  applied, after a yes, step by step through the library (an edit is a revision that
  keeps the old text, a deleted bullet a forget, a new bullet a new item).
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from autopatch_memory import (
    ChangeAction,
    ChangeOutcome,
    EditStep,
    ItemNotFoundError,
    LongTermType,
    ProjectMemory,
)

from ..editor import EditorError, NoEditorError, edit_text
from ..render import render_change, render_edit_plan, superseded_labels
from ..repo import resolve_repo
from .arguments import JsonOpt, LabelOpt, is_folder, text_arg
from .base import (
    CommandFailed,
    UsageProblem,
    command,
    console,
    offline_memory,
    print_change,
    run_change,
)

__all__ = ["edit"]

# What the single-item editor text says under the item (dropped when it is read back).
_COMMENT = "#"


def _edit_args(args: list[str]) -> tuple[str | None, str | None, str | None]:
    """``[REPO] [ID] [TEXT]``: a first argument that names a folder is the repository."""
    given = list(args)
    if len(given) > 3:
        raise UsageProblem(
            f"expected [REPO] [ID] [TEXT], got {len(given)} arguments (quote a TEXT with spaces)"
        )
    repo = given.pop(0) if given and (len(given) == 3 or is_folder(given[0])) else None
    item_id = given.pop(0) if given else None
    text = given.pop(0) if given else None
    if text is not None and not text.strip():
        raise UsageProblem("TEXT is empty")
    return repo, item_id, None if text is None else text_arg(text, "TEXT")


def _in_editor(text: str, name: str) -> str:
    try:
        return edit_text(text, name=name)
    except NoEditorError as exc:
        raise UsageProblem(f"{exc}, or give the TEXT on the command line") from None
    except EditorError as exc:
        raise CommandFailed(f"{exc}; nothing changed") from None


@command()
def edit(
    args: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[REPO] [ID] [TEXT]",
            help="The repository (optional), the item id and its new text; without TEXT "
            "the item opens in $EDITOR, without ID every rule and note does.",
            show_default=False,
        ),
    ] = None,
    label: LabelOpt = None,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Editing everything: apply without asking.")
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", "-n", help="Editing everything: show the plan, change nothing."),
    ] = False,
    json_out: JsonOpt = False,
) -> None:
    """Rewrite a rule or note in your own words (the old text is kept); without TEXT it
    opens in $EDITOR, and without ID every rule and note opens there as Markdown."""
    repo, item_id, text = _edit_args(list(args or []))
    if label is not None:
        text_arg(label, "--label")
    if item_id is None:
        if label is not None:
            raise UsageProblem("--label goes with an ID: editing everything, write the label")
        if not (yes or dry_run) and (sys.stdin is None or not sys.stdin.isatty()):
            raise UsageProblem(
                "edit asks before it applies what you changed, on a terminal; pass --yes "
                "(or --dry-run to see the plan)"
            )
    root = resolve_repo(repo)
    with offline_memory(root) as memory:
        if item_id is None:
            _edit_everything(memory, yes=yes, dry_run=dry_run, json_out=json_out)
            return
        if text is None:
            text = _edited_item_text(memory, item_id)
            if text is None:
                return
        new_text = text
        change = run_change(
            ChangeAction.EDIT, json_out, lambda: memory.edit(item_id, new_text, label=label)
        )
        print_change(memory, change, json_out)


def _edited_item_text(memory: ProjectMemory, item_id: str) -> str | None:
    """The item's new text from the editor (None: left as it was, nothing to do)."""
    item = memory.document().long_term_item(item_id)
    if item is None:
        raise ItemNotFoundError(f"no memory item {item_id!r}")
    kind = "rule" if item.type is LongTermType.DURABLE_PREFERENCE else "note"
    template = "\n".join(
        [
            item.summary,
            "",
            f"{_COMMENT} Edit the text of {item.id} (a {kind}) above, save and quit: it",
            f"{_COMMENT} replaces the old text, which is kept (`restore` brings it back).",
            f"{_COMMENT} Lines starting with '{_COMMENT}' are left out; an empty or unchanged",
            f"{_COMMENT} text changes nothing.",
            "",
        ]
    )
    edited = _in_editor(template, f"{item.id}.txt")
    lines = [line for line in edited.splitlines() if not line.startswith(_COMMENT)]
    text = "\n".join(lines).strip()
    if not text or text == item.summary.strip():
        console.out(f"{item.id} unchanged: the text was left as it was")
        return None
    return text


def _edit_everything(memory: ProjectMemory, *, yes: bool, dry_run: bool, json_out: bool) -> None:
    """Every active rule and note in the editor; the plan; the changes, after a yes."""
    original = memory.edit_text()
    edited = _in_editor(original, "memory.md")
    plan = memory.plan_edit(edited) if edited != original else None
    steps = [] if plan is None else [_shown_step(step) for step in plan.steps]
    if plan is None or plan.is_empty:
        if json_out:
            console.json({"plan": [], "changes": [], "applied": False})
        else:
            console.out("nothing changed: the text was left as it was")
        return
    if not json_out:
        console.lines(render_edit_plan(plan))
    if dry_run:
        if json_out:
            console.json({"plan": steps, "changes": [], "applied": False})
        else:
            console.note("plan only, nothing written (run without --dry-run to apply it)")
        return
    count = len(plan.steps)
    question = "Apply this change?" if count == 1 else f"Apply these {count} changes?"
    if not yes and not typer.confirm(question, default=False, err=True):
        raise CommandFailed("edit cancelled; nothing changed")
    changes = memory.apply_edit(plan)
    refused = [c for c in changes if c.outcome is ChangeOutcome.REJECTED]
    if json_out:
        console.json(
            {
                "plan": steps,
                "changes": [c.model_dump(mode="json") for c in changes],
                "applied": True,
            }
        )
    else:
        for change in changes:
            console.lines(render_change(change, labels=superseded_labels(memory, change)))
        done = count - len(refused)
        undo = f" (`undo {done}` takes them back)" if done else ""
        console.out(f"{done} of {count} changes applied{undo}")
    if refused:
        raise CommandFailed(f"{len(refused)} of {count} changes were refused; see above")


def _shown_step(step: EditStep) -> dict[str, object]:
    """A plan's step for ``--json``, its texts redacted (see :func:`render_edit_plan`)."""
    from autopatch_memory import redact

    shown: dict[str, object] = step.model_dump(mode="json")
    for key in ("before", "after", "label"):
        value = shown.get(key)
        if isinstance(value, str):
            shown[key] = redact(value)
    return shown
