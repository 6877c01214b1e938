"""The cold archive: where texts go when they leave the memory file
(docs/file-format.md#the-cold-archive).

Nothing the user said is lost. When a write removes the last copy of a rule's or
note's text from ``memory.json`` — an archived revision evicted to make room, a
last-resort trim, an undo of a create — the item as it last was is appended to
``.autopatch-j/memory.archive.jsonl`` first. ``restore`` and ``search --all`` find it
there. The file is append-only and redacted (its items come from the file, which is),
and bounded: past :data:`~autopatch_memory.limits.COLD_ARCHIVE_MAX_BYTES` its oldest
lines are dropped, newest kept — the user's before an agent's or a model's. Only
``purge`` deletes it.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from contextlib import suppress
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from autopatch_memory import limits
from autopatch_memory.errors import StoreError
from autopatch_memory.journal import USER_ACTOR
from autopatch_memory.model import LongTermItem, Timestamp, Turn
from autopatch_memory.safe_io import (
    check_state_dir,
    open_append_sized,
    read_no_follow,
    write_all,
)

COLD_ARCHIVE_FILE_NAME = "memory.archive.jsonl"
_TEMP_PREFIX = ".memory.archive."
_TEMP_SUFFIX = ".tmp"
# What a purge deletes.
COLD_ARCHIVE_FILES: tuple[str, ...] = (COLD_ARCHIVE_FILE_NAME, f"{_TEMP_PREFIX}*{_TEMP_SUFFIX}")


class ColdEntry(BaseModel):
    """One line of the cold archive: an item as it last was in the file, and why it left."""

    model_config = ConfigDict(extra="ignore", defer_build=True)

    ts: Timestamp
    actor: str
    why: str  # "evicted", "trimmed", "revised", "undone", "superseded"...
    item: LongTermItem


class ColdTurn(BaseModel):
    """A line of the cold archive that keeps a pending turn the size policy dropped
    before any summary read it (its question may hold a rule the user stated)."""

    model_config = ConfigDict(extra="ignore", defer_build=True)

    ts: Timestamp
    actor: str
    why: str  # "dropped unread"
    turn: Turn


class ColdArchive:
    """The append-only, bounded file of texts that left the memory file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / COLD_ARCHIVE_FILE_NAME

    def append(self, items: Iterable[LongTermItem], *, now: datetime, actor: str, why: str) -> None:
        """Append ``items``; raises :class:`StoreError` when they cannot be written (the
        caller, the store, then does not write the file that would lose them)."""
        lines = b"".join(
            ColdEntry(ts=now, actor=actor, why=why, item=item).model_dump_json().encode() + b"\n"
            for item in items
        )
        self._append(lines)

    def _append(self, lines: bytes) -> None:
        if not lines:
            return
        try:
            fd, size = open_append_sized(self.path, limits.FILE_MODE)
            try:
                write_all(fd, lines)
                os.fsync(fd)
            finally:
                os.close(fd)
            if size + len(lines) > limits.COLD_ARCHIVE_MAX_BYTES:
                self._keep_newest()
        except OSError as exc:
            raise StoreError(
                f"cannot write the cold archive {self.path}: {exc.strerror or exc}"
            ) from exc

    def append_turns(self, turns: Iterable[Turn], *, now: datetime, actor: str) -> None:
        """Append pending turns the size policy dropped before any summary read them (a
        line with ``turn`` instead of ``item``: readers of items skip it); raises
        :class:`StoreError` as :meth:`append` does."""
        self._append(
            b"".join(
                ColdTurn(ts=now, actor=actor, why="dropped unread", turn=turn)
                .model_dump_json()
                .encode()
                + b"\n"
                for turn in turns
            )
        )

    def dropped_turns(self) -> list[ColdTurn]:
        """The pending turns dropped unread that the archive still holds, oldest first."""
        found = []
        for line in self._lines():
            if b'"turn"' in line:
                with suppress(ValueError, ValidationError):
                    found.append(ColdTurn.model_validate_json(line))
        return found

    def entries(self) -> list[ColdEntry]:
        """Every readable entry, oldest first (``[]`` when there is no archive)."""
        found = []
        for line in self._lines():
            with suppress(ValueError, ValidationError):
                found.append(ColdEntry.model_validate_json(line))
        return found

    def _lines(self) -> list[bytes]:
        """The archive's lines (``[]`` when there is none); raises :class:`StoreError`."""
        if not check_state_dir(self.folder):
            return []
        try:
            data = read_no_follow(self.path, max_bytes=limits.COLD_ARCHIVE_MAX_BYTES * 2, tail=True)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise StoreError(f"cannot read the cold archive {self.path}: {exc}") from exc
        return data.splitlines()

    def find(self, item_id: str) -> LongTermItem | None:
        """The newest archived state of ``item_id``, if the archive holds it."""
        matches = [e.item for e in self.entries() if e.item.id == item_id]
        return matches[-1] if matches else None

    def _keep_newest(self) -> None:
        """Rewrite the file with about half the bound, in the file's order: first the
        newest line of every item that ever left the file (a revision counts as its
        item's), then the user's newest lines, then the newest of the others — an agent
        rewriting its own note a thousand times must not push out a text of the user's."""
        data = read_no_follow(self.path)
        lines = data.splitlines(keepends=True)
        facts = [_line_facts(line) for line in lines]
        budget = limits.COLD_ARCHIVE_MAX_BYTES // 2
        chosen: set[int] = set()
        size = 0
        seen: set[str] = set()
        last_of_each = []
        for index in reversed(range(len(lines))):
            key = facts[index][1]
            if key and key not in seen:
                seen.add(key)
                last_of_each.append(index)
        by_the_user = [i for i in reversed(range(len(lines))) if facts[i][0]]
        newest = list(reversed(range(len(lines))))
        for order in (last_of_each, by_the_user, newest):
            for index in order:
                if index in chosen:
                    continue
                if size + len(lines[index]) > budget:
                    break
                chosen.add(index)
                size += len(lines[index])
        kept = [lines[index] for index in sorted(chosen, reverse=True)]
        fd, tmp = tempfile.mkstemp(prefix=_TEMP_PREFIX, suffix=_TEMP_SUFFIX, dir=self.folder)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(b"".join(reversed(kept)))
                out.flush()
                os.fsync(out.fileno())
            os.chmod(tmp, limits.FILE_MODE)
            os.replace(tmp, self.path)
        except BaseException:
            with suppress(OSError):
                os.unlink(tmp)
            raise


def _line_facts(line: bytes) -> tuple[bool, str]:
    """Whether a change of the user's archived the line, and the item it keeps a text of
    (a revision's item, or its own id); ``(False, "")`` for a line that does not read."""
    try:
        entry = json.loads(line)
        item = entry.get("item") or entry.get("turn") or {}
        key = str(item.get("revision_of") or item.get("id") or "")
        return entry.get("actor") == USER_ACTOR, key
    except (ValueError, AttributeError, RecursionError):  # a line nested past the parser's depth
        return False, ""


def item_json(item: LongTermItem) -> dict[str, object]:
    """``item`` as the file writes it (for journal change records)."""
    written: dict[str, object] = json.loads(item.model_dump_json())
    return written
