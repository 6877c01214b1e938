"""Memory in and out of the repository: Markdown for people, JSON for tools (docs/cli.md).

**Markdown** lists the active rules and project notes under two headings, in the
language the items are written in, ready to paste into an ``AGENTS.md`` or
``CLAUDE.md``: no ids or timestamps unless asked for (then as HTML comments, which
Markdown does not show). **JSON** is for tools and round trips: every rule and note
with its id, status, timestamps and ``superseded_by``.

Reading either back (:func:`parse_import`) yields :class:`ImportCandidate` items,
nothing more: each goes through the applier as if the user had remembered it
(:func:`~autopatch_memory.governance.import_candidates`), so an import never
bypasses a guard. Markdown is read leniently (any bullet list; a heading that
names notes — "notes", "笔记" — puts its bullets in the notes, every other bullet
is a rule; fenced code is skipped); JSON strictly (our export, or a ``memory.json``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import replace
from datetime import datetime
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from autopatch_memory import limits
from autopatch_memory.changes import ChangeOutcome, ImportCandidate, MemoryChange
from autopatch_memory.errors import ChangeRejectedError
from autopatch_memory.lang import lazy_compile
from autopatch_memory.model import (
    ItemStatus,
    LongTermItem,
    LongTermType,
    MemoryDocument,
    Timestamp,
)
from autopatch_memory.reasons import Reason
from autopatch_memory.text import Language, clean_output, clean_text, detect_language

__all__ = [
    "EXPORT_FORMAT_TAG",
    "ExportFormat",
    "ExportOrigin",
    "ImportReport",
    "export_json",
    "export_markdown",
    "export_origin",
    "exported_text",
    "parse_import",
    "read_markdown_items",
]

EXPORT_FORMAT_TAG = "autopatch-memory/export"
"""The ``format`` field of a JSON export."""
_EXPORT_VERSION = 1
_LISTS: dict[LongTermType, str] = {
    LongTermType.DURABLE_PREFERENCE: "durable_preferences",
    LongTermType.PROJECT_NOTE: "project_notes",
}


class ExportFormat(str, Enum):
    """How memory is exported or imported."""

    MARKDOWN = "markdown"
    JSON = "json"

    def __str__(self) -> str:
        return self.value


# --- export ------------------------------------------------------------------------------

_MARKDOWN_WORDS: dict[Language, dict[str, str]] = {
    Language.EN: {
        "title": "Project memory: {name}",
        "intro": "Rules the user set and notes about this project, kept by autopatch-memory.",
        "rules": "Rules",
        "notes": "Project notes",
        "empty": "_Nothing remembered yet._",
    },
    Language.ZH: {
        "title": "项目记忆：{name}",
        "intro": "用户设定的规则和关于本项目的笔记，由 autopatch-memory 保存。",
        "rules": "规则",
        "notes": "项目笔记",
        "empty": "_暂无记忆。_",
    },
}


def _plain(text: str) -> str:
    # Control and invisible characters have no place in a Markdown file meant for
    # people and agents.
    return clean_text(text, single_line=True)


# Inline code is Markdown's verbatim: nothing in it is escaped, or unescaped on import.
_CODE_SPAN = lazy_compile(r"(`+)(?!`).+?(?<!`)\1(?!`)")
# What a Markdown reader would take for markup: "<module>" for an HTML tag (shown as
# nothing), "<https://…>" for a link; a backslash before punctuation for an escape.
_TAG_START = lazy_compile(r"<(?=[A-Za-z/!?])")
_ESCAPED = lazy_compile(r"\\([!-/:-@\[-`{-~])")
_BACKSLASH_BEFORE_PUNCTUATION = lazy_compile(r"\\(?=[!-/:-@\[-`{-~])")
# Emphasis and task boxes: "**Build**: …" in a text is not the label's bold.
_MARKUP = lazy_compile(r"[*\[\]]")


def _outside_code(text: str, change: Callable[[str], str]) -> str:
    """``text`` with ``change`` applied to everything but its inline code spans."""
    parts, last = [], 0
    for span in _CODE_SPAN.finditer(text):
        parts += [change(text[last : span.start()]), span.group(0)]
        last = span.end()
    parts.append(change(text[last:]))
    return "".join(parts)


def _escape(text: str) -> str:
    """``text`` as Markdown shows it literally: ``<module>`` stays visible (``\\<module>``),
    and emphasis or a task box in it stays text (``\\*\\*Build\\*\\*:``, ``\\[ ]``): an import
    reads back exactly the text that was exported."""

    def plain(part: str) -> str:
        escaped = _BACKSLASH_BEFORE_PUNCTUATION.sub(r"\\\\", part)
        return _MARKUP.sub(r"\\\g<0>", _TAG_START.sub(r"\\<", escaped))

    return _outside_code(text, plain)


def _unescape(text: str) -> str:
    """What Markdown's backslash escapes stand for (the inverse of :func:`_escape`)."""
    return _outside_code(text, lambda part: _ESCAPED.sub(r"\1", part))


def _bullet(item: LongTermItem, include_ids: bool) -> str:
    """``- summary``; the label goes first, in bold, only when it adds something."""
    # Here, not at the top: only the labels need the directive grammar, slow to
    # import, and the facade imports this module.
    from autopatch_memory.item_labels import label_is_redundant

    summary, label = _escape(_plain(item.summary)), _escape(_plain(item.label))
    redundant = label_is_redundant(item.type, item.label, item.summary)
    text = summary if redundant else f"**{label}**: {summary}"
    return f"- {text} <!-- {item.id} -->" if include_ids else f"- {text}"


def export_markdown(
    doc: MemoryDocument,
    *,
    project: str,
    include_ids: bool = False,
    kinds: Collection[LongTermType] = tuple(LongTermType),
    every_section: bool = False,
) -> str:
    """The active rules and notes (of ``kinds``) as Markdown, headings in the items' language;
    ``every_section``: a heading for each kind even without items (a text to edit, where a
    first rule or note needs its place)."""
    ltm = doc.long_term_memory
    rules = [i for i in ltm.durable_preferences if i.is_active]
    notes = [i for i in ltm.project_notes if i.is_active]
    language = detect_language(" ".join(i.summary for i in (*rules, *notes)))
    words = _MARKDOWN_WORDS[language]
    lines = [f"# {words['title'].format(name=_escape(_plain(project)))}", "", words["intro"]]
    sections = (
        (LongTermType.DURABLE_PREFERENCE, words["rules"], rules),
        (LongTermType.PROJECT_NOTE, words["notes"], notes),
    )
    shown = [
        (heading, items)
        for kind, heading, items in sections
        if kind in kinds and (items or every_section)
    ]
    for heading, items in shown:
        lines += [
            "",
            f"## {heading}",
            *([""] if items else []),
            *(_bullet(i, include_ids) for i in items),
        ]
    if not shown:
        lines += ["", words["empty"]]
    return "\n".join(lines) + "\n"


def export_json(doc: MemoryDocument, *, project: str, now: datetime) -> str:
    """Every rule and note (archived ones too) as a JSON document for tools."""
    data: dict[str, Any] = {
        "format": EXPORT_FORMAT_TAG,
        "version": _EXPORT_VERSION,
        "project": project,
        # Which memory it came from: an import revises its own items by id only when it
        # comes from the same memory (ids like mem_20260501_001 repeat across repositories).
        "epoch": doc.epoch,
        "exported_at": now.isoformat(timespec="seconds"),
    }
    for kind, key in _LISTS.items():
        items = doc.long_term_memory.list_for(kind)
        data[key] = [item.model_dump(mode="json") for item in items]
    # Readable by people too: no control, escape, bidi or invisible character.
    return json.dumps(clean_output(data), ensure_ascii=False, indent=2) + "\n"


# --- import ------------------------------------------------------------------------------


def _detect(text: str) -> ExportFormat:
    return ExportFormat.JSON if text.lstrip().startswith(("{", "[")) else ExportFormat.MARKDOWN


def parse_import(
    data: str | bytes,
    format: ExportFormat | str | None = None,
    *,
    take_as: LongTermType | None = None,
) -> tuple[ExportFormat, list[ImportCandidate]]:
    """The format and the items of an import file (``format`` ``None``: guessed).

    Markdown must be one of our exports (a ``# Project memory: …`` title with ``##
    Rules`` and ``## Project notes`` sections, in either language): a README or a
    colleague's notes are not memory, and reading their bullets as rules by guesswork
    is how rules get overwritten. ``take_as`` (``--as-rules``/``--as-notes``) takes
    every bullet of any Markdown file as a new item of that kind instead.

    Raises :class:`ChangeRejectedError`: ``too_long`` for a file over
    :data:`~autopatch_memory.limits.IMPORT_MAX_BYTES` or with more than
    :data:`~autopatch_memory.limits.IMPORT_MAX_ITEMS` items, ``bad_shape`` for
    bytes that are not UTF-8, for JSON that is not an export and for Markdown that is
    not one of ours, ``invalid_json`` for a broken JSON file, ``empty_field`` when no
    item was found.
    """
    raw = data.encode("utf-8", "replace") if isinstance(data, str) else data
    if len(raw) > limits.IMPORT_MAX_BYTES:
        raise ChangeRejectedError(
            Reason.TOO_LONG,
            f"the import file has {len(raw)} bytes (limit {limits.IMPORT_MAX_BYTES})",
        )
    try:
        text = raw.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError as exc:
        # A GBK or UTF-16 file (a Windows editor's save) decoded with replacement
        # characters would be stored as mojibake: refused, nothing changes.
        raise ChangeRejectedError(
            Reason.BAD_SHAPE,
            f"the import file is not UTF-8 text (byte {exc.start} cannot be decoded); "
            "save it as UTF-8 and import it again",
        ) from None
    chosen = _detect(text) if format is None else ExportFormat(format)
    if chosen is ExportFormat.JSON:
        items = _json_items(text)
    elif take_as is not None:
        items = [replace(i, type=take_as) for i in _markdown_items(text, exported=False)]
    else:
        _check_exported(text)
        items = _markdown_items(text, exported=True)
    if not items:
        raise ChangeRejectedError(
            Reason.EMPTY_FIELD, f"no rule or note found in the {chosen.value} file"
        )
    if len(items) > limits.IMPORT_MAX_ITEMS:
        raise ChangeRejectedError(
            Reason.TOO_LONG,
            f"the file has {len(items)} items (limit {limits.IMPORT_MAX_ITEMS}); "
            f"memory holds at most {limits.MAX_LONG_TERM_ITEMS}",
        )
    return chosen, items


class ExportOrigin(BaseModel):
    """Where an export says it comes from: its project's name and (JSON) its memory's epoch."""

    project: str | None = None
    epoch: str | None = None


def export_origin(data: str | bytes) -> ExportOrigin:
    """The project (and memory) an export of ours names: the JSON export's ``project`` and
    ``epoch``, the Markdown export's title; nothing for any other file."""
    raw = data if isinstance(data, str) else data.decode("utf-8", "replace")
    text = raw.lstrip("\ufeff")
    if _detect(text) is ExportFormat.JSON:
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):
            return ExportOrigin()
        if not isinstance(value, Mapping) or value.get("format") != EXPORT_FORMAT_TAG:
            return ExportOrigin()
        project, epoch = value.get("project"), value.get("epoch")
        return ExportOrigin(
            project=project.strip() or None if isinstance(project, str) else None,
            epoch=epoch if isinstance(epoch, str) and epoch.strip() else None,
        )
    first = next((line for line in _markdown_lines(text) if line.strip()), "")
    title = _EXPORT_TITLE_NAME.match(first)
    name = _unescape(title.group(1).strip()) if title is not None else ""
    return ExportOrigin(project=name or None)


def _json_items(text: str) -> list[ImportCandidate]:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ChangeRejectedError(Reason.INVALID_JSON, f"the file is not JSON: {exc}") from None
    if not isinstance(value, Mapping):
        raise ChangeRejectedError(Reason.BAD_SHAPE, "a JSON import is an object, not a list")
    # Our export has the two lists at the top; a memory.json has them in long_term_memory.
    lists = value.get("long_term_memory", value)
    if not isinstance(lists, Mapping) or not any(key in lists for key in _LISTS.values()):
        raise ChangeRejectedError(
            Reason.BAD_SHAPE,
            "a JSON import has durable_preferences and/or project_notes "
            "(an `export --format json` file, or a memory.json)",
        )
    found: list[ImportCandidate] = []
    epoch = value.get("epoch")
    origin = epoch if isinstance(epoch, str) and epoch.strip() else None
    for kind, key in _LISTS.items():
        entries = lists.get(key) or []
        if not isinstance(entries, list):
            raise ChangeRejectedError(Reason.BAD_SHAPE, f"{key} is not a list")
        found.extend(
            replace(_json_item(kind, key, index, entry), epoch=origin)
            for index, entry in enumerate(entries)
        )
    return found


def _json_item(kind: LongTermType, key: str, index: int, entry: Any) -> ImportCandidate:
    where = f"{key}[{index}]"
    if not isinstance(entry, Mapping):
        raise ChangeRejectedError(Reason.BAD_SHAPE, f"{where} is not an object")
    summary, label = entry.get("summary"), entry.get("label")
    if not isinstance(summary, str) or (label is not None and not isinstance(label, str)):
        raise ChangeRejectedError(Reason.BAD_SHAPE, f"{where}: summary and label are strings")
    status = entry.get("status", ItemStatus.ACTIVE.value)
    try:
        active = ItemStatus(status) is ItemStatus.ACTIVE
    except ValueError:
        raise ChangeRejectedError(Reason.BAD_SHAPE, f"{where}: unknown status {status!r}") from None
    item_id = entry.get("id")
    return ImportCandidate(
        type=kind,
        summary=summary,
        label=label or None,
        active=active,
        updated_at=_timestamp(entry.get("updated_at")) or _timestamp(entry.get("created_at")),
        item_id=item_id if isinstance(item_id, str) and item_id.strip() else None,
        created_at=_timestamp(entry.get("created_at")),
    )


_TIMESTAMP: TypeAdapter[datetime] = TypeAdapter(Timestamp)


def _timestamp(value: Any) -> datetime | None:
    """An item's time as the memory file reads it (no offset: local time), or ``None``
    when it is missing or not a time: the item is then imported as if written now."""
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        return _TIMESTAMP.validate_python(value)
    except ValueError:
        return None


_HEADING = lazy_compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_BULLET = lazy_compile(r"^\s{0,3}(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?(.*)$")
_FENCE = lazy_compile(r"^\s{0,3}(?:```|~~~)")
# The id marker the exporter writes at the end of a bullet (``include_ids``): an item id
# in an HTML comment. Only that is taken out; any other ``<!--`` is the user's text.
_ID_MARKER = lazy_compile(r"\s*<!-- (mem_[^\s<>]+) -->\s*$")
# "**label**: summary", "**label** — summary", "**label** - summary"
_LABELLED = lazy_compile(r"^\*\*(.+?)\*\*\s*(?:[:：]|\s[—–-])\s*(.+)$")
# Bold markup: "**" around text, outside a word. Not a glob's "**" ("/api/**",
# "src/**/*.java", "com.example.**"), which is part of what the user wrote.
# (Bounded: no stored text is longer than a summary, and a long bullet stays linear.)
_BOLD = lazy_compile(
    r"(?<![\w*/\\.])\*\*(?=[^\s*/])(.{1,"
    + str(limits.MAX_SUMMARY_CHARS)
    + r"}?)(?<=[^\s*/])\*\*(?![\w*/])"
)


def _markdown_lines(text: str) -> Iterable[str]:
    """The lines of ``text`` outside fenced code blocks (code never becomes memory)."""
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            yield line


# The headings of our own Markdown export, in either language.
_EXPORT_TITLE = lazy_compile(
    r"^\s{0,3}#\s+(?:"
    + "|".join(re.escape(w["title"].split("{")[0].strip()) for w in _MARKDOWN_WORDS.values())
    + r")"
)
# The same title, with the project's name it gives.
_EXPORT_TITLE_NAME = lazy_compile(
    r"^\s{0,3}#\s+(?:"
    + "|".join(re.escape(w["title"].split("{")[0].strip()) for w in _MARKDOWN_WORDS.values())
    + r")\s*(.*?)\s*$"
)
_SECTIONS: dict[str, LongTermType] = {
    heading: kind
    for words in _MARKDOWN_WORDS.values()
    for heading, kind in (
        (words["rules"], LongTermType.DURABLE_PREFERENCE),
        (words["notes"], LongTermType.PROJECT_NOTE),
    )
}


def _check_exported(text: str) -> None:
    """Refuse Markdown that is not one of our exports (see :func:`parse_import`)."""
    lines = [line for line in _markdown_lines(text) if line.strip()]
    headings = [m.group(1) for line in lines if (m := _HEADING.match(line))]
    titled = bool(lines) and _EXPORT_TITLE.match(lines[0]) is not None
    sections = [h for h in headings[1:] if h in _SECTIONS]
    if not titled or not sections or len(sections) != len(headings) - 1:
        raise ChangeRejectedError(
            Reason.BAD_SHAPE,
            "this Markdown file is not an autopatch-memory export (a '# Project memory: …' "
            "title with '## Rules' and '## Project notes' sections, or '# 项目记忆：…' with "
            "'## 规则' and '## 项目笔记'); to take each of its bullets as a new rule or note, "
            "import it with --as-rules or --as-notes",
        )


def _markdown_items(text: str, *, exported: bool) -> list[ImportCandidate]:
    """Every bullet. In our export, the section says its kind; in any other file (taken
    as one kind by the caller), every bullet is a rule here."""
    return [item for _id, item in _markdown_bullets(text, exported=exported)]


def read_markdown_items(text: str) -> list[tuple[str | None, ImportCandidate]]:
    """Every bullet of an export-shaped Markdown text (``export --ids``, or the text
    ``edit`` opens), with the id its comment names (``None``: a bullet without one), its
    kind told by its section (``## Rules`` / ``## Project notes``, in either language)."""
    return _markdown_bullets(text, exported=True)


def exported_text(text: str) -> str:
    """``text`` as the Markdown export writes it, once read back: on one line, without
    control characters. What an edited bullet is compared with."""
    return _plain(text)


def _markdown_bullets(text: str, *, exported: bool) -> list[tuple[str | None, ImportCandidate]]:
    """Every bullet and the id its comment names.

    An indented line after a bullet continues it; a blank line or a heading ends it.
    """
    kind = LongTermType.DURABLE_PREFERENCE
    bullets: list[tuple[LongTermType, list[str]]] = []
    current: list[str] | None = None
    for line in _markdown_lines(text):
        heading = _HEADING.match(line)
        bullet = _BULLET.match(line)
        if heading is not None:
            if exported:
                kind = _SECTIONS.get(heading.group(1), kind)
            current = None
        elif bullet is not None:
            current = [bullet.group(1)]
            bullets.append((kind, current))
        elif current is not None and line.strip() and line[:1].isspace():
            current.append(line.strip())
        else:
            current = None
    read = ((kind, " ".join(parts)) for kind, parts in bullets)
    return [
        (_marked_id(line), item)
        for kind, line in read
        if (item := _markdown_item(kind, line)) is not None
    ]


def _marked_id(line: str) -> str | None:
    marker = _ID_MARKER.search(line)
    return marker.group(1) if marker is not None else None


def _markdown_item(kind: LongTermType, line: str) -> ImportCandidate | None:
    text = _ID_MARKER.sub("", line).strip()
    if not text:
        return None
    labelled = _LABELLED.match(text)
    if labelled is not None:
        return ImportCandidate(
            type=kind,
            label=_unescape(labelled.group(1).strip()),
            summary=_unescape(labelled.group(2)),
        )
    return ImportCandidate(type=kind, summary=_unescape(_BOLD.sub(r"\1", text)))


class ImportReport(BaseModel):
    """What an import did (or, ``dry_run``, would do): one change per item of the file,
    in order."""

    # Its schema is built on first use, not at import (start-up, docs/benchmarks.md).
    model_config = ConfigDict(defer_build=True)

    format: ExportFormat
    items: list[MemoryChange] = Field(default_factory=list)
    changed: bool = False  # the memory file changed
    dry_run: bool = False  # a plan: nothing was written
    size_bytes: int = 0  # the memory file's size afterwards
    # The project the file says it was exported from, when that is another project than
    # this one (its rules may not hold here: the host warns).
    foreign_project: str | None = None

    def count(self, outcome: ChangeOutcome) -> int:
        """How many items had ``outcome``."""
        return sum(1 for change in self.items if change.outcome is outcome)
