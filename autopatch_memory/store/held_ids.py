"""Ids that left the memory file but are still held beside it, so that none is issued again.

A rule's id is how the user, the journal, ``undo`` and ``restore`` name it. After a reset,
an undo that removed a created rule, a forgotten topic or a damaged file set aside, the
file no longer holds the id — but the journal, the cold archive or a backup does, and a
new rule issued the same id would be mistaken for the old one ("restore mem_…_001"
bringing back the wrong text). Ids carry their day (``mem_YYYYMMDD_NNN``), and a new id
is always of today, so only today's ids matter: they are looked up, as bytes, in the
journal, the cold archive and the backups written today.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from fnmatch import fnmatch
from pathlib import Path

from autopatch_memory import limits
from autopatch_memory.safe_io import read_no_follow

__all__ = ["held_ids"]

# The kinds of id that count up within a day; a turn's id has its second as well.
_KINDS = (b"mem", b"topic")


def _today_pattern(now: datetime) -> re.Pattern[bytes]:
    day = f"{now.year:04d}{now.month:02d}{now.day:02d}".encode()
    return re.compile(rb"(?<![\w])(?:" + b"|".join(_KINDS) + rb")_" + day + rb"_\d+(?!\w)")


def _written_today(folder: Path, patterns: Iterable[str], now: datetime) -> list[Path]:
    start = now.replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
    found = []
    try:
        with_names = list(folder.iterdir())
    except OSError:
        return []
    for path in with_names:
        if not any(fnmatch(path.name, pattern) for pattern in patterns):
            continue
        try:
            if path.lstat().st_mtime >= start:
                found.append(path)
        except OSError:
            continue
    return found


def held_ids(
    now: datetime,
    *,
    logs: Iterable[Path],
    folder: Path,
    backups: Iterable[str],
    damaged: bytes | None = None,
) -> frozenset[str]:
    """Today's rule, note and topic ids found in ``logs`` (the journal, the cold archive:
    their tails), in the backups of ``folder`` (file names matching ``backups``) written
    today, and in ``damaged`` (a memory file that reads only in part: the ids of its
    lost parts). A file that cannot be read holds none (best effort: the document's own
    ids are always known)."""
    pattern = _today_pattern(now)
    found: set[str] = set()
    if damaged is not None:
        found.update(match.decode("ascii") for match in pattern.findall(damaged))
    sources = [
        *((path, limits.JOURNAL_MAX_READ_BYTES) for path in logs),
        *(
            (path, limits.MEMORY_FILE_MAX_READ_BYTES)
            for path in _written_today(folder, backups, now)
        ),
    ]
    for path, cap in sources:
        try:
            data = read_no_follow(path, max_bytes=cap, tail=True)
        except OSError:
            continue
        found.update(match.decode("ascii") for match in pattern.findall(data))
    return frozenset(found)
