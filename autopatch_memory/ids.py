"""Program-made ids and the local clock (docs/file-format.md).

The model never makes an id. Formats: ``turn_YYYYMMDD_HHMMSS_NNN``,
``topic_YYYYMMDD_NNN``, ``mem_YYYYMMDD_NNN``; ``NNN`` is one more than the
highest counter already used with the same prefix among the ids given (a store
transaction gives the file's ids and those of the day the journal, the cold archive
and the backups still hold: :mod:`autopatch_memory.store.held_ids`), so ids are unique
and never issued twice, and increase in time. Ids of other shapes (the reference
implementation's random hex suffixes) are kept as they are.

A file's ``epoch`` is random instead: it must differ between any two fresh files
of one repository, even across processes and after the folder was deleted.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from datetime import datetime

from autopatch_memory import limits

Clock = Callable[[], datetime]


def local_now() -> datetime:
    """Now, as an aware datetime in the machine's local UTC offset, to the second."""
    return datetime.now().astimezone().replace(microsecond=0)


def _next_id(prefix: str, existing: Iterable[str]) -> str:
    start = len(prefix)
    highest = 0
    for item_id in existing:
        # isdecimal: the digits int() reads (as the regex \d did), "²" not among them.
        if item_id.startswith(prefix) and item_id[start:].isdecimal():
            highest = max(highest, int(item_id[start:]))
    return f"{prefix}{highest + 1:03d}"


def highest_ids(ids: Iterable[str]) -> frozenset[str]:
    """Of ``ids``, for each prefix (all but the counter after the last ``_``), the one with
    the highest counter: all a new id of any kind counts past, so a new id is the same
    whether it is made from these or from all of ``ids``."""
    best: dict[str, tuple[int, str]] = {}
    for item_id in ids:
        prefix, _, counter = item_id.rpartition("_")
        if prefix and counter.isdecimal():
            value = int(counter)
            if prefix not in best or value > best[prefix][0]:
                best[prefix] = (value, item_id)
    return frozenset(item_id for _, item_id in best.values())


# Formatted by hand: strftime costs several times more, once per recorded turn.
def _day(now: datetime) -> str:
    return f"{now.year:04d}{now.month:02d}{now.day:02d}"


def new_turn_id(now: datetime, existing: Iterable[str]) -> str:
    """A fresh ``turn_YYYYMMDD_HHMMSS_NNN`` id."""
    time = f"{now.hour:02d}{now.minute:02d}{now.second:02d}"
    return _next_id(f"turn_{_day(now)}_{time}_", existing)


def new_topic_id(now: datetime, existing: Iterable[str]) -> str:
    """A fresh ``topic_YYYYMMDD_NNN`` id."""
    return _next_id(f"topic_{_day(now)}_", existing)


def new_memory_id(now: datetime, existing: Iterable[str]) -> str:
    """A fresh ``mem_YYYYMMDD_NNN`` id."""
    return _next_id(f"mem_{_day(now)}_", existing)


def new_epoch() -> str:
    """A fresh random file epoch (hex)."""
    return secrets.token_hex(limits.EPOCH_HEX_CHARS // 2)
