"""Editing the rules and notes as one Markdown text, as Claude Code's ``/memory`` opens
its memory file in an editor (docs/cli.md, ``edit``).

:func:`editable_text` writes the active rules and notes in the export's shape, each with
its id in a comment; the user changes the text; :func:`plan_edit` reads it back and
compares it with memory *by id*: a changed text is an edit (a revision: the old text is
kept), a deleted bullet is a forget (archived, restorable), a bullet without an id is a
new item. Nothing is matched by similarity, and nothing is written here: the host shows
the plan, asks, and applies it step by step through the facade
(:meth:`~autopatch_memory.memory.ProjectMemory.apply_edit`), each step one journaled,
undoable change.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from autopatch_memory.changes import ChangeAction
from autopatch_memory.exchange import export_markdown, exported_text, read_markdown_items
from autopatch_memory.lang.fold import same_text
from autopatch_memory.model import LongTermType, MemoryDocument

__all__ = ["EditPlan", "EditStep", "editable_text", "plan_edit"]

# Said at the top of the text (an HTML comment: no Markdown reader shows it).
_INSTRUCTIONS = """<!--
Edit the rules and notes below, save, and quit the editor: you are shown what will change
and asked before anything is written. Change a text to revise it (its old text is kept:
`restore` brings it back); delete a bullet to forget it (archived, restorable); add a
bullet without an id comment to remember a new rule (under the rules heading) or note
(under the notes heading). Leave the id comments as they are. Quit without a change
to change nothing.
-->"""


class EditStep(BaseModel):
    """One change the edited text asks for."""

    action: ChangeAction  # remember, edit or forget
    type: LongTermType
    item_id: str | None = None  # None: a new item
    before: str | None = None  # the text memory holds (edit, forget)
    after: str | None = None  # the text asked for (remember, edit)
    label: str | None = None  # a label the text gives (else the item's stays)


class EditPlan(BaseModel):
    """What an edited text asks for, in order: edits, new items, then forgets."""

    steps: list[EditStep] = Field(default_factory=list)

    @property
    def is_empty(self) -> bool:
        """The text asks for no change."""
        return not self.steps


def editable_text(doc: MemoryDocument, *, project: str) -> str:
    """The active rules and notes of ``doc`` as Markdown to edit: the export's shape with
    both sections (a first rule or note needs its place), each bullet ending with its id
    in a comment, and how to edit it in a comment under the title."""
    text = export_markdown(doc, project=project, include_ids=True, every_section=True)
    title, _, rest = text.partition("\n")
    return f"{title}\n\n{_INSTRUCTIONS}\n{rest}"


def plan_edit(doc: MemoryDocument, text: str) -> EditPlan:
    """What the edited ``text`` asks of ``doc``'s active rules and notes, by id.

    A bullet whose id names an active item and whose text (or given label) differs from
    it is an edit; a bullet without an id — or with an id memory has no active item
    for, or one that already had its bullet — is a new item of its section's kind; an
    active item whose id no bullet names is forgotten. An unchanged bullet asks nothing.
    """
    active = {item.id: item for item in doc.long_term_memory.items() if item.is_active}
    seen: set[str] = set()
    edits: list[EditStep] = []
    new: list[EditStep] = []
    for item_id, bullet in read_markdown_items(text):
        item = active.get(item_id) if item_id is not None else None
        if item is None or item.id in seen:
            new.append(
                EditStep(
                    action=ChangeAction.REMEMBER,
                    type=bullet.type,
                    after=bullet.summary,
                    label=bullet.label,
                )
            )
            continue
        seen.add(item.id)
        label = bullet.label
        relabelled = label is not None and label != exported_text(item.label)
        if bullet.summary != exported_text(item.summary) or relabelled:
            edits.append(
                EditStep(
                    action=ChangeAction.EDIT,
                    type=item.type,
                    item_id=item.id,
                    before=item.summary,
                    after=bullet.summary,
                    label=label if relabelled else None,
                )
            )
    # A bullet that lost its id comment but says what an unnamed item says is that item,
    # kept: not a new item and a forget of the one it equals (which archived a rule the
    # user kept).
    unnamed = [item for item in active.values() if item.id not in seen]
    for step in list(new):
        same = next(
            (
                i
                for i in unnamed
                if i.type is step.type
                and same_text(exported_text(i.summary), step.after or "")
                and (step.label is None or step.label == exported_text(i.label))
            ),
            None,
        )
        if same is not None:
            new.remove(step)
            unnamed.remove(same)
            seen.add(same.id)
    forgets = [
        EditStep(action=ChangeAction.FORGET, type=item.type, item_id=item.id, before=item.summary)
        for item in active.values()
        if item.id not in seen
    ]
    return EditPlan(steps=[*edits, *new, *forgets])
