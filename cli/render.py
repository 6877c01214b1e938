"""The human views of the command line: profile, memory, context, reports, journal, doctor.

Each view is a pure function from data to lines (plain strings or rich ``Text`` with
styles); :class:`cli.console.Console` prints them, making every line terminal-safe on
the way and dropping the styles when colour is off.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text

from autopatch_memory import (
    ApplyReport,
    ChangeAction,
    ChangeOutcome,
    ImportReport,
    JournalEntry,
    LongTermItem,
    LongTermType,
    MemoryChange,
    MemoryDocument,
    MemoryItemKind,
    Outcome,
    ProjectMemory,
    Reason,
    RepoProfile,
    ResetResult,
    SearchHit,
    UndoReport,
    limits,
)

from .console import Line

if TYPE_CHECKING:  # types only: the views of stored memory must not load what makes them
    from autopatch_memory import Diagnosis, EditPlan, MemoryContext

    from .answer import TurnResult

__all__ = [
    "NO_PROFILE_FOUND",
    "format_size",
    "refusal",
    "render_change",
    "render_context",
    "render_diagnosis",
    "render_document",
    "render_edit_plan",
    "render_hits",
    "render_import",
    "render_journal",
    "render_journal_entry",
    "render_profile",
    "render_purge_plan",
    "render_report",
    "render_turn",
    "render_undo",
    "reset_message",
    "superseded_labels",
]

# Within one list of the human views, longer texts are cut to keep one item per line.
_LINE_TEXT_CHARS = 160
NO_PROFILE_FOUND = "no repo profile: no build file or README title was found"


def format_size(size: int) -> str:
    """``3.2 KiB`` (or ``512 B``)."""
    if size < limits.KIB:
        return f"{size} B"
    return f"{size / limits.KIB:.1f} KiB"


def _one_line(text: str, limit: int = _LINE_TEXT_CHARS) -> str:
    folded = " ".join(text.split())
    return folded if len(folded) <= limit else folded[: limit - 1].rstrip() + limits.CLIP_MARK


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _listing(values: Sequence[str], total: int | None = None) -> str:
    shown = list(values[: limits.PROFILE_MAX_LIST_ITEMS])
    extra = max(len(values), total or 0) - len(shown)
    return ", ".join(shown) + (f" (+{extra} more)" if extra > 0 else "")


def _dim(text: str) -> Text:
    return Text(text, style="dim")


# --- the repo profile ---------------------------------------------------------------------


def render_profile(
    profile: RepoProfile | None,
    *,
    problems: Sequence[str] = (),
    from_cache: bool | None = None,
    missing: str = NO_PROFILE_FOUND,
) -> list[Line]:
    """The repo profile and the files it came from; ``missing`` says why there is none."""
    lines: list[Line]
    if profile is None or (profile.is_empty and not profile.source_files):
        lines = [_dim(missing)]
    else:
        fields = [
            ("project", profile.project_name),
            ("build tool", profile.build_tool.value if profile.build_tool else None),
            ("Java", profile.java_version),
            ("modules", _listing(profile.modules, profile.module_count) or None),
            ("frameworks", _listing(profile.frameworks) if profile.frameworks else None),
            ("read from", _listing(profile.source_files) if profile.source_files else None),
        ]
        width = max(len(name) for name, _ in fields)
        lines = [
            Text.assemble("  ", (name.ljust(width), "cyan"), f"  {value}")
            for name, value in fields
            if value
        ]
        if profile.updated_at is not None:
            cached = " (from the cache)" if from_cache else ""
            lines.append(
                _dim(f"  {'collected'.ljust(width)}  {profile.updated_at.isoformat()}{cached}")
            )
    lines.extend(Text(f"  problem: {p}", style="yellow") for p in problems)
    return lines


# --- the memory document ----------------------------------------------------------------------


# A word of a label: a Latin word or number, or one character of another script (Chinese
# has no spaces: "回答用中文" is said by "以后回答请用中文" character by character).
_LABEL_WORD = re.compile(r"[a-z0-9]+|[^\W\d_a-z]")


def _label_adds_nothing(label: str, summary: str) -> bool:
    """Every word of ``label`` is in ``summary``: "X: X" would say it twice. A plain word
    test: showing memory never loads the rule grammar."""
    said = set(_LABEL_WORD.findall(unicodedata.normalize("NFKC", summary).casefold()))
    named = _LABEL_WORD.findall(unicodedata.normalize("NFKC", label).casefold())
    return all(word in said for word in named)


def _shown(label: str, summary: str) -> str:
    """``label: summary``, or the summary alone when the label adds nothing to it."""
    return summary if _label_adds_nothing(label, summary) else f"{label}: {summary}"


def _item_line(item: LongTermItem) -> Text:
    text = _shown(item.label, item.summary)
    line = Text.assemble("  ", (item.id, "dim"), f"  {_one_line(text)}")
    if item.is_active:
        return line
    if item.revision_of:
        line.append(f" [earlier text of {item.revision_of}]", style="yellow")
    elif item.superseded_by:
        line.append(f" [replaced by {item.superseded_by}]", style="yellow")
    else:
        line.append(" [archived]", style="yellow")
    return line


def _conflict_lines(doc: MemoryDocument) -> list[Line]:
    lines: list[Line] = []
    for item in doc.long_term_memory.items():
        for other_id in item.conflicts_with if item.is_active else ():
            other = doc.long_term_item(other_id)
            if other is not None and other.is_active:
                lines.append(
                    Text.assemble(
                        "  ",
                        (f"{item.id} ↔ {other.id}", "yellow"),
                        " may contradict in part; both kept: forget or edit one",
                    )
                )
    return lines


def _size_line(doc: MemoryDocument, size_bytes: int) -> Text:
    soft, hard = limits.SOFT_LIMIT_BYTES, limits.HARD_LIMIT_BYTES
    colour = "green" if size_bytes <= soft else ("yellow" if size_bytes <= hard else "red")
    updated = doc.updated_at.isoformat() if doc.updated_at else "never written"
    return Text.assemble(
        "  size ",
        (format_size(size_bytes), colour),
        f" of {format_size(soft)} soft / {format_size(hard)} hard limit "
        f"({size_bytes / soft:.0%} of soft) · generation {doc.generation} · updated {updated}",
    )


def _turn_lines(doc: MemoryDocument) -> list[Line]:
    lines: list[Line] = []
    for turn in doc.working_memory.recent_turns:
        status = ("pending", "yellow") if turn.is_pending else ("ready", "green")
        lines.append(
            Text.assemble(
                "  ",
                (turn.id, "dim"),
                f"  {turn.intent.value}  ",
                status,
                f"  {_one_line(turn.user_text)}",
            )
        )
        if turn.summary:
            lines.append(_dim(f"      summary: {_one_line(turn.summary)}"))
        if turn.scope_paths:
            lines.append(_dim(f"      scope: {', '.join(turn.scope_paths)}"))
    return lines


def _sections(
    doc: MemoryDocument, *, include_archived: bool = False
) -> list[tuple[str, list[Line]]]:
    wm, ltm = doc.working_memory, doc.long_term_memory
    active_prefs = sum(1 for i in ltm.durable_preferences if i.is_active)
    active_notes = sum(1 for i in ltm.project_notes if i.is_active)

    def shown(items: list[LongTermItem]) -> list[Line]:
        return [_item_line(i) for i in items if include_archived or i.is_active]

    topics: list[Line] = [
        Text.assemble("  ", (t.id, "dim"), f"  {_one_line(_shown(t.label, t.summary))}")
        for t in wm.active_topics
    ]
    pending = len(doc.pending_turns())
    return [
        (
            f"Durable preferences ({active_prefs} active, {len(ltm.durable_preferences)} total)",
            shown(ltm.durable_preferences),
        ),
        (
            f"Project notes ({active_notes} active, {len(ltm.project_notes)} total)",
            shown(ltm.project_notes),
        ),
        (f"Active topics ({len(wm.active_topics)} of {limits.MAX_ACTIVE_TOPICS})", topics),
        (
            f"Recent turns ({len(wm.recent_turns)} of {limits.MAX_RECENT_TURNS}, "
            f"{pending} pending)",
            _turn_lines(doc),
        ),
    ]


def render_document(
    doc: MemoryDocument,
    *,
    path: str,
    size_bytes: int,
    last_failure: JournalEntry | None = None,
    compact: bool = False,
    missing_profile: str = NO_PROFILE_FOUND,
    include_archived: bool = False,
) -> list[Line]:
    """The readable overview of ``show``; ``compact`` (``/memory``) leaves out the
    heading and the repo profile; ``include_archived`` (``show --all``) lists archived
    rules and notes too, with what replaced them."""
    lines: list[Line] = []
    if not compact:
        lines.append(Text(f"Memory: {path}", style="bold"))
    lines.append(_size_line(doc, size_bytes))
    if not compact:
        lines += ["", Text("Repo profile", style="bold")]
        lines += render_profile(doc.repo_profile, missing=missing_profile)
    for title, entries in _sections(doc, include_archived=include_archived):
        lines += ["", Text(title, style="bold"), *(entries or [_dim("  (none)")])]
    conflicts = _conflict_lines(doc)
    if conflicts:
        lines += ["", Text("Conflicts (both kept)", style="bold yellow"), *conflicts]
    archived = sum(1 for i in doc.long_term_memory.items() if not i.is_active)
    if archived and not include_archived:
        lines += ["", _dim(f"({archived} archived rules and notes: `show --all` lists them)")]
    if last_failure is not None:
        lines += ["", Text("Last failure", style="bold red")]
        lines.append(Text.assemble("  ", render_journal_entry(last_failure)))
    return lines


# --- apply reports --------------------------------------------------------------------------


def render_report(report: ApplyReport, *, unknown_sections: Sequence[str] = ()) -> list[Line]:
    """An apply report: what was accepted, what was rejected and why."""
    changed = ("changed", "green") if report.changed else ("unchanged", "dim")
    head = Text.assemble(
        f"{len(report.accepted)} accepted, {len(report.rejected)} rejected · file ", changed
    )
    if not report.discarded:  # a discarded delta was never written: no size to report
        head.append(f" · {format_size(report.size_bytes)}")
    if report.generation is not None:
        head.append(f" · generation {report.generation}")
    lines: list[Line] = [head]
    for op in report.accepted:
        extra = f" ({op.note})" if op.note else ""
        evicted = f" evicted {', '.join(op.evicted)}" if op.evicted else ""
        lines.append(
            Text.assemble(
                "  ",
                ("+", "green"),
                f" {op.section}[{op.index}] {op.operation} → {', '.join(op.ids) or '-'}"
                f"{extra}{evicted}",
            )
        )
    for rejected in report.rejected:
        if rejected.section is None:
            where = "whole delta"
        elif rejected.index is None:
            where = f"{rejected.section} (the whole section)"
        else:
            where = f"{rejected.section}[{rejected.index}]"
        detail = f": {rejected.detail}" if rejected.detail else ""
        lines.append(
            Text.assemble(
                "  ", ("-", "red"), f" {where} ", (rejected.reason.value, "yellow"), detail
            )
        )
    lines.extend(
        Text.assemble("  ", ("?", "yellow"), f" {name}: not a delta section, ignored")
        for name in unknown_sections
    )
    return lines


# --- changes the user made (remember, edit, restore, forget, search, import) ---------------

_KIND_NAMES = {
    MemoryItemKind.DURABLE_PREFERENCE: "rule",
    MemoryItemKind.PROJECT_NOTE: "note",
    MemoryItemKind.TOPIC: "topic",
    MemoryItemKind.TURN: "turn",
}
_TYPE_NAMES = {LongTermType.DURABLE_PREFERENCE: "rule", LongTermType.PROJECT_NOTE: "note"}
_TYPE_OF_KIND = {
    MemoryItemKind.DURABLE_PREFERENCE: LongTermType.DURABLE_PREFERENCE,
    MemoryItemKind.PROJECT_NOTE: LongTermType.PROJECT_NOTE,
}
_OUTCOME_MARKS = {
    ChangeOutcome.CREATED: ("+", "green"),
    ChangeOutcome.UPDATED: ("~", "cyan"),
    ChangeOutcome.UNCHANGED: ("=", "dim"),
    ChangeOutcome.RESTORED: ("+", "green"),
    ChangeOutcome.ARCHIVED: ("-", "yellow"),
    ChangeOutcome.REMOVED: ("-", "yellow"),
    ChangeOutcome.REJECTED: ("!", "red"),
    ChangeOutcome.SKIPPED: ("·", "dim"),
}
_OUTCOME_WORDS = {
    ChangeOutcome.CREATED: "remembered",
    ChangeOutcome.UPDATED: "revised (the old text kept, archived)",
    ChangeOutcome.UNCHANGED: "already remembered, unchanged",
    ChangeOutcome.RESTORED: "restored (active again)",
    ChangeOutcome.ARCHIVED: "archived (kept in the file, never injected)",
    ChangeOutcome.REMOVED: "removed",
    ChangeOutcome.REJECTED: "not changed",
    ChangeOutcome.SKIPPED: "skipped",
}


_PAST = {
    ChangeAction.REMEMBER: "remembered",
    ChangeAction.EDIT: "edited",
    ChangeAction.RESTORE: "restored",
    ChangeAction.FORGET: "forgotten",
    ChangeAction.IMPORT: "imported",
    ChangeAction.UNDO: "undone",
}


def refusal(action: ChangeAction, reason: Reason, message: str) -> str:
    """The one line of a refused change: ``not remembered (too_long): …``."""
    return f"not {_PAST[action]} ({reason.value}): {message}"


def _labelled(kind: LongTermType | None, label: str, summary: str) -> str:
    """``label: summary`` on one line, or the summary alone when the label adds nothing."""
    # Here, not at the top: whether a label adds anything is the directive grammar's
    # call, slow to import; `show`, `log` and `doctor` never need it.
    from autopatch_memory import label_is_redundant

    if label_is_redundant(kind, label, summary):
        return _one_line(summary)
    return _one_line(f"{label}: {summary}")


def _item_text(item: LongTermItem) -> str:
    return _labelled(item.type, item.label, item.summary)


def _hit_text(hit: SearchHit) -> str:
    return _labelled(_TYPE_OF_KIND.get(hit.kind), hit.label, hit.summary)


def _change_text(change: MemoryChange) -> str:
    item = change.item
    if item is None:
        return change.item_id or ""
    return f"{item.id} ({_TYPE_NAMES[item.type]}) {_item_text(item)}"


def superseded_labels(memory: ProjectMemory, change: MemoryChange) -> dict[str, str]:
    """The labels of the rules ``change`` superseded, by id (no read when there are none)."""
    if not change.superseded:
        return {}
    doc = memory.document()
    return {i.id: i.label for i in doc.long_term_memory.items() if i.id in change.superseded}


def render_change(change: MemoryChange, *, labels: dict[str, str] | None = None) -> list[Line]:
    """One change: ``+ mem_… remembered · rule: …``, the rules it superseded, any note.

    ``labels`` names superseded items (their id otherwise)."""
    mark, style = _OUTCOME_MARKS[change.outcome]
    words = _OUTCOME_WORDS[change.outcome]
    if change.outcome is ChangeOutcome.UNCHANGED and change.detail:
        words = change.detail
    line = Text.assemble((mark, style), f" {change.item_id or '-'} {words}")
    item = change.item
    if item is not None and change.outcome is not ChangeOutcome.REMOVED:
        line.append(
            f" · {_TYPE_NAMES[item.type]}: {_labelled(item.type, item.label, item.summary)}"
        )
    lines: list[Line] = [line]
    known = labels or {}
    for old in change.superseded:
        lines.append(_dim(f"  supersedes {old}" + (f": {known[old]}" if old in known else "")))
    if change.previous is not None:
        lines.append(_dim(f"  was: {_item_text(change.previous)}"))
    for revision in change.revisions:
        lines.append(_dim(f"  old text kept as {revision} (restore {revision} brings it back)"))
    for other in change.conflicts:
        lines.append(
            Text(f"  ! may contradict {other} in part: both kept; forget or edit one", "yellow")
        )
    if change.evicted:
        lines.append(
            _dim(f"  made room by moving archived {', '.join(change.evicted)} to the cold archive")
        )
    if change.detail and change.outcome is not ChangeOutcome.UNCHANGED:
        lines.append(_dim(f"  {change.detail}"))
    return lines


def reset_message(result: ResetResult) -> str:
    """What a reset did, in one line: what it removed and where it kept it."""
    if result.backup is None:
        return f"memory was already empty (generation {result.generation})"
    return (
        f"memory cleared: {result.describe()}; kept in .autopatch-j/{result.backup} "
        "(`autopatch-memory undo` brings it back)"
    )


_STEP_MARKS = {
    ChangeAction.EDIT: ("~", "cyan"),
    ChangeAction.REMEMBER: ("+", "green"),
    ChangeAction.FORGET: ("-", "yellow"),
}


def render_edit_plan(plan: EditPlan) -> list[Line]:
    """What an edited text asks for: each revision (old → new), new item and forget.
    Texts are shown redacted: a secret typed into the editor is refused when the plan is
    applied, and never printed."""
    from autopatch_memory import redact  # the rules load for a plan only

    lines: list[Line] = [Text(f"the edit asks for {_count(len(plan.steps), 'change')}:", "bold")]
    for step in plan.steps:
        mark, style = _STEP_MARKS[step.action]
        kind = _TYPE_NAMES[step.type]
        if step.action is ChangeAction.EDIT:
            head = f" {step.item_id} {kind}: revise (the old text is kept)"
        elif step.action is ChangeAction.REMEMBER:
            head = f" new {kind}"
        else:
            head = f" {step.item_id} {kind}: forget (archived; `restore` brings it back)"
        lines.append(Text.assemble("  ", (mark, style), head))
        if step.before is not None:
            lines.append(_dim(f"      was: {_one_line(redact(step.before))}"))
        if step.after is not None:
            label = f"{step.label}: " if step.label else ""
            lines.append(Text(f"      now: {_one_line(redact(label + step.after))}"))
    return lines


def render_purge_plan(folder: Path, files: Sequence[Path]) -> list[Line]:
    """What ``purge`` deletes: every file by name and size, and what stays."""
    sizes = []
    for path in files:
        try:
            sizes.append(format_size(path.lstat().st_size))
        except OSError:
            sizes.append("gone")
    width = max(len(path.name) for path in files)
    lines: list[Line] = [Text(f"purge deletes these files in {folder}:", style="bold")]
    lines += [
        Text.assemble("  ", path.name.ljust(width), (f"  {size}", "dim"))
        for path, size in zip(files, sizes, strict=True)
    ]
    lines.append(
        _dim(
            "  (and the folder, if nothing else is left in it; config.toml and files of "
            "other tools stay. `reset` empties memory with a backup instead, and is undoable.)"
        )
    )
    return lines


def render_undo(report: UndoReport) -> list[Line]:
    """An undo: what it reverted, item by item."""
    if report.undone == 0:
        return [_dim("nothing to undo")]
    lines: list[Line] = [Text(f"undid {_count(report.undone, 'change')}")]
    for change in report.changes:
        mark, style = _OUTCOME_MARKS[change.outcome]
        what = {
            ChangeOutcome.REMOVED: "removed (its text is kept in the cold archive)",
            ChangeOutcome.RESTORED: "back",
            ChangeOutcome.UPDATED: "back to its earlier text",
        }.get(change.outcome, change.outcome.value)
        text = f" {change.item_id} {what}"
        if change.item is not None and change.outcome is not ChangeOutcome.REMOVED:
            text += f" · {_item_text(change.item)}"
        lines.append(Text.assemble("  ", (mark, style), text))
    return lines


def render_hits(hits: Sequence[SearchHit]) -> list[Line]:
    """Search hits, best first: id, kind, label and summary, archived ones marked."""
    if not hits:
        return [_dim("(nothing in memory matches)")]
    lines: list[Line] = []
    for hit in hits:
        line = Text.assemble(
            ("  ", ""),
            (hit.id, "dim"),
            f"  {_KIND_NAMES[hit.kind]:<5}  {_hit_text(hit)}",
        )
        if not hit.active:
            by = f" by {hit.superseded_by}" if hit.superseded_by else ""
            line.append(f" [archived{' (superseded' + by + ')' if by else ''}]", style="yellow")
        lines.append(line)
    lines.append(_dim(f"({len(hits)} {'match' if len(hits) == 1 else 'matches'})"))
    return lines


_PLANNED = {
    ChangeOutcome.CREATED: "would create",
    ChangeOutcome.UPDATED: "would revise",
    ChangeOutcome.UNCHANGED: "already there",
    ChangeOutcome.RESTORED: "would restore",
    ChangeOutcome.SKIPPED: "would skip",
    ChangeOutcome.REJECTED: "would refuse",
}


def render_import(report: ImportReport) -> list[Line]:
    """An import (or its plan, ``--dry-run``): one line per item of the file, what it
    revised (old → new) or superseded, then the counts."""
    lines: list[Line] = []
    for index, change in enumerate(report.items):
        mark, style = _OUTCOME_MARKS[change.outcome]
        word = (
            _PLANNED.get(change.outcome, change.outcome.value)
            if report.dry_run
            else change.outcome.value
        )
        if change.outcome is ChangeOutcome.REJECTED:
            reason = change.reason.value if change.reason else "rejected"
            body = Text.assemble(f" {word} ", (reason, "yellow"), f": {change.detail or ''}")
        else:
            body = Text(f" {word}: {_change_text(change) or change.detail or ''}")
        lines.append(Text.assemble(f"  [{index}] ", (mark, style), body))
        if change.previous is not None:
            lines.append(_dim(f"      was: {_item_text(change.previous)}"))
        for old in change.superseded:
            lines.append(_dim(f"      supersedes {old}"))
        for other in change.conflicts:
            lines.append(_dim(f"      may contradict {other} in part: both kept"))
    counts = ", ".join(
        f"{report.count(outcome)} {outcome.value}"
        for outcome in ChangeOutcome
        if report.count(outcome)
    )
    if report.dry_run:
        status = "plan only, nothing written (run without --dry-run to import)"
    else:
        status = "file changed" if report.changed else "file unchanged"
    lines.append(Text(f"{counts or 'nothing imported'} · {status} ({report.format.value})"))
    return lines


# --- the memory context -------------------------------------------------------------------------


def render_context(ctx: MemoryContext) -> list[Line]:
    """The memory context block as injected, with its size."""
    if ctx.is_empty:
        return [_dim("(no memory context: nothing to inject)")]
    size = ctx.size_report()
    return [
        *ctx.render().rstrip("\n").splitlines(),
        _dim(f"({_count(len(ctx.items), 'item')}, {size.chars} chars, ~{size.tokens} tokens)"),
    ]


# --- the journal ------------------------------------------------------------------------------

_OUTCOME_STYLE = {
    Outcome.APPLIED: "green",
    Outcome.REJECTED: "yellow",
    Outcome.FAILED: "red",
    Outcome.DISCARDED: "yellow",
    Outcome.RECOVERED: "magenta",
    Outcome.TRIMMED: "dim",
}


def _journal_cells(entry: JournalEntry) -> list[tuple[str, str]]:
    return [
        (entry.ts.isoformat(), "dim"),
        (entry.actor, ""),
        (entry.op, ""),
        (entry.outcome.value, _OUTCOME_STYLE[entry.outcome]),
        (entry.target or "-", ""),
        (f"reason={entry.reason}" if entry.reason else "", ""),
    ]


def _entry_head(entry: JournalEntry) -> Text:
    line = Text()
    cells = _journal_cells(entry)
    for index, (value, style) in enumerate(cells):
        line.append(value, style=style)
        if index < len(cells) - 1:
            line.append("  ")
    line.rstrip()
    return line


def render_journal_entry(entry: JournalEntry) -> Text:
    """One journal entry on one line, every field whole (the last failure of ``show``)."""
    line = _entry_head(entry)
    if entry.detail:
        line.append(f"  {_one_line(entry.detail)}", style="dim")
    return line


# The columns of `log` (actor, op, outcome, target): each as wide as its longest value in
# view, up to its cap; on a narrow terminal the widest shrink first, down to their floor
# (a longer value is cut). What is left of the line is the reason and the detail.
_JOURNAL_CAPS = (20, 24, 9, 26)
_JOURNAL_FLOORS = (10, 12, 9, 24)  # a turn id (24 characters) is never cut
_JOURNAL_REST = 20  # the room the reason and detail keep before the columns shrink
_JOURNAL_TIME = "%m-%d %H:%M:%S"  # the day and time; `--verbose` shows the whole stamp
_JOURNAL_TIME_CHARS = len("05-01 12:00:00")


def _journal_widths(rows: Sequence[Sequence[str]], width: int) -> list[int]:
    widths = [
        min(cap, max(len(row[column]) for row in rows)) for column, cap in enumerate(_JOURNAL_CAPS)
    ]
    floors = [min(floor, natural) for floor, natural in zip(_JOURNAL_FLOORS, widths, strict=True)]
    used = _JOURNAL_TIME_CHARS + sum(w + 2 for w in widths)
    while used + _JOURNAL_REST > width:
        slack = [w - f for w, f in zip(widths, floors, strict=True)]
        widest = max(range(len(widths)), key=lambda i: slack[i])
        if slack[widest] <= 0:
            break
        widths[widest] -= 1
        used -= 1
    return widths


def _cut(text: str, width: int) -> str:
    """``text`` on one line, at most ``width`` characters (cut ones end in the clip mark)."""
    folded = " ".join(text.split())
    if len(folded) <= width:
        return folded
    return folded[: max(width - 1, 0)].rstrip() + limits.CLIP_MARK


def _compact_cells(entry: JournalEntry) -> tuple[str, str, str, str]:
    return (entry.actor, entry.op, entry.outcome.value, entry.target or "-")


def _compact_line(entry: JournalEntry, widths: Sequence[int], width: int) -> Text:
    line = Text(entry.ts.strftime(_JOURNAL_TIME), style="dim")
    styles = ("", "", _OUTCOME_STYLE[entry.outcome], "")
    for value, column, style in zip(_compact_cells(entry), widths, styles, strict=True):
        line.append("  ")
        line.append(_cut(value, column).ljust(column), style=style)
    rest = " · ".join(part for part in (entry.reason, entry.detail) if part)
    room = width - len(line.plain) - 2
    if rest and room > 1:
        line.append(f"  {_cut(rest, room)}", style="dim")
    line.rstrip()
    if len(line.plain) > width:
        line.truncate(width - 1)
        line.append(limits.CLIP_MARK)
    return line


def _verbose_lines(entry: JournalEntry) -> list[Line]:
    lines: list[Line] = [_entry_head(entry)]
    if entry.detail:
        lines.append(_dim(f"    detail: {' '.join(entry.detail.split())}"))
    for item in entry.items or ():
        before = (item.before or {}).get("status")
        after = (item.after or {}).get("status")
        lines.append(_dim(f"    {item.id}: {before or 'new'} → {after or 'gone'}"))
    if entry.undoes:
        lines.append(_dim(f"    undoes the writes {', '.join(entry.undoes)}"))
    if entry.file:
        lines.append(_dim(f"    file {entry.prev_file or '-'} → {entry.file}"))
    return lines


def render_journal(
    entries: Sequence[JournalEntry], *, width: int = 100, verbose: bool = False
) -> list[Line]:
    """The journal, oldest first: one entry per line within ``width`` columns (the
    reason and detail cut to fit), or with ``verbose`` every field whole, the detail
    and the items a change touched on lines of their own."""
    if not entries:
        return [_dim("(the journal is empty)")]
    if verbose:
        return [line for entry in entries for line in _verbose_lines(entry)]
    widths = _journal_widths([_compact_cells(entry) for entry in entries], width)
    return [_compact_line(entry, widths, width) for entry in entries]


# --- doctor ---------------------------------------------------------------------------------


def render_diagnosis(diagnosis: Diagnosis) -> list[Line]:
    """The ``doctor`` report."""
    # Here, not at import: the diagnostics load with `doctor` alone.
    from autopatch_memory import CheckStatus

    marks = {
        CheckStatus.OK: ("ok   ", "green"),
        CheckStatus.WARN: ("warn ", "yellow"),
        CheckStatus.ERROR: ("error", "bold red"),
        CheckStatus.SKIPPED: ("skip ", "dim"),
    }
    lines: list[Line] = [
        Text(f"doctor: {diagnosis.repo}", style="bold"),
        f"  memory file: {diagnosis.memory_file}",
    ]
    for check in diagnosis.checks:
        lines.append(
            Text.assemble("  ", marks[check.status], f"  {check.name.value:<12} {check.summary}")
        )
        lines.extend(_dim(f"           {'':<12} {detail}") for detail in check.details)
    lines.append(
        Text("no problems found", style="green")
        if diagnosis.ok
        else Text("problems found", style="bold red")
    )
    return lines


# --- a turn ------------------------------------------------------------------------------------


def turn_header(result: TurnResult) -> Text:
    """``[intent · why it was chosen]``."""
    return _dim(f"[{result.intent.value} · {result.classification.explanation}]")


def render_turn(result: TurnResult) -> list[Line]:
    """One turn as ``ask`` and ``chat`` show it when its answer was not streamed: the
    intent, the answer (or, without a model, the context a model would be given)."""
    lines: list[Line] = [turn_header(result)]
    if result.gated:
        lines.append(
            Text(
                f"{result.intent.value} is outside memory: no memory context was given "
                "and nothing is recorded",
                style="yellow",
            )
        )
    if result.attachments:
        lines.append(_dim(f"in scope: {', '.join(result.scope_paths)}"))
    if result.answer is not None:
        lines.append(result.answer)
    elif not result.gated:
        lines.append(Text("memory context a model would be given:", style="bold"))
        lines.extend(render_context(result.context))
    if result.turn_id is not None:
        lines.append(_dim(f"(recorded {result.turn_id})"))
    return lines
