"""Ids that left the memory file but are still held beside it, so that none is issued again.

A rule's id is how the user, the journal, ``undo`` and ``restore`` name it. After a reset,
an undo that removed a created rule, a forgotten topic or a damaged file set aside, the
file no longer holds the id — but the journal, the cold archive or a backup does, and a
new rule issued the same id would be mistaken for the old one ("restore mem_…_001"
bringing back the wrong text). Ids carry their day (``mem_YYYYMMDD_NNN``), and a new id
is always of today, so only today's ids matter: they are looked up, as bytes, in the
journal, the cold archive and the backups written today.

The journal and the cold archive only grow, and a transaction that makes a new id reads
them: each is read whole once per process and day, then only what was appended since
(``safe_io.read_appended``); a file replaced, cut or rotated is read whole again.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterable
from datetime import datetime
from fnmatch import translate
from functools import lru_cache
from pathlib import Path

from autopatch_memory import limits
from autopatch_memory.ids import highest_ids
from autopatch_memory.safe_io import ReadMark, read_appended

__all__ = ["held_ids"]

# The kinds of id that count up within a day; a turn's id has its second as well.
_KINDS = (b"mem", b"topic")


def _today_pattern(now: datetime) -> re.Pattern[bytes]:
    # The day between underscores first: a literal the regex engine looks for with a
    # fast search (a pattern that opens with a look-behind or an alternation is tried at
    # every byte: 14 times slower on a journal). The kind before it is checked by
    # :func:`_ids_in`.
    day = f"{now.year:04d}{now.month:02d}{now.day:02d}".encode()
    return re.compile(rb"_" + day + rb"_\d+(?!\w)")


_WORD_BYTE = re.compile(rb"\w")


def _ids_in(data: bytes, pattern: re.Pattern[bytes]) -> set[str]:
    """The ids ``pattern`` (:func:`_today_pattern`) finds in ``data`` after one of the
    kinds, not inside a longer word."""
    found: set[str] = set()
    for match in pattern.finditer(data):
        start = match.start()
        for kind in _KINDS:
            begin = start - len(kind)
            if (
                begin >= 0
                and data.startswith(kind, begin)
                and (begin == 0 or _WORD_BYTE.match(data, begin - 1) is None)
            ):
                found.add(data[begin : match.end()].decode("ascii"))
    return found


# A file's path -> the day's pattern, where the last read stopped, the ids found up to
# there, the highest of each kind (another day's are read anew).
_SCANNED: dict[str, tuple[bytes, ReadMark, frozenset[str]]] = {}
_SCANNED_LOCK = threading.Lock()


def _ids_of_file(path: Path, cap: int, pattern: re.Pattern[bytes]) -> frozenset[str]:
    """The ids ``pattern`` finds in the last ``cap`` bytes of ``path``, and in what was
    cut from there since the last look in this process (more ids held, never fewer).
    Raises ``OSError``."""
    key = str(path)
    with _SCANNED_LOCK:
        earlier = _SCANNED.get(key)
    if earlier is not None and earlier[0] != pattern.pattern:
        earlier = None
    data, mark, continued = read_appended(
        path, max_bytes=cap, since=earlier[1] if earlier is not None else None
    )
    found = _ids_in(data, pattern)
    if continued and earlier is not None:
        found |= earlier[2]
    # A new id counts past the highest of each kind alone: the rest need not be kept (a
    # busy day's journal holds hundreds, read again by every transaction that makes one).
    ids = highest_ids(found)
    with _SCANNED_LOCK:
        _SCANNED[key] = (pattern.pattern, mark, ids)
    return ids


@lru_cache(maxsize=8)
def _names_matching(patterns: tuple[str, ...]) -> re.Pattern[str]:
    """One regex for the file names ``fnmatch`` matches with any of the shell
    ``patterns`` (case-insensitive where the file system's names are: Windows)."""
    flags = re.IGNORECASE if os.path.normcase("A") == "a" else 0
    return re.compile("|".join(f"(?:{translate(pattern)})" for pattern in patterns), flags)


def _written_today(folder: Path, patterns: Iterable[str], now: datetime) -> list[Path]:
    start = now.replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
    matching = _names_matching(tuple(patterns))
    found = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if matching.match(entry.name) is None:
                    continue
                try:
                    if entry.stat(follow_symlinks=False).st_mtime >= start:
                        found.append(Path(entry.path))
                except OSError:
                    continue
    except OSError:
        return []
    return found


def held_ids(
    now: datetime,
    *,
    logs: Iterable[Path],
    folder: Path,
    backups: Iterable[str],
    damaged: bytes | None = None,
) -> frozenset[str]:
    """Of today's rule, note and topic ids found in ``logs`` (the journal, the cold
    archive: their tails), in the backups of ``folder`` (file names matching ``backups``)
    written today, and in ``damaged`` (a memory file that reads only in part: the ids of
    its lost parts), the highest of each kind (:func:`~autopatch_memory.ids.highest_ids`:
    all a new id counts past). A file that cannot be read holds none (best effort: the
    document's own ids are always known)."""
    pattern = _today_pattern(now)
    found: set[str] = set()
    if damaged is not None:
        found |= _ids_in(damaged, pattern)
    sources = [
        *((path, limits.JOURNAL_MAX_READ_BYTES) for path in logs),
        *(
            (path, limits.MEMORY_FILE_MAX_READ_BYTES)
            for path in _written_today(folder, backups, now)
        ),
    ]
    for path, cap in sources:
        try:
            found |= _ids_of_file(path, cap, pattern)
        except OSError:
            continue
    return highest_ids(found)
