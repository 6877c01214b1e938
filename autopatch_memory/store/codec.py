"""Bytes to document: the memory file's codec
(docs/file-format.md#loading-salvage-never-lose-a-file).

:func:`parse_document` never raises for any content, and spends at most
:data:`~autopatch_memory.limits.SALVAGE_CPU_SECONDS` of CPU time on salvage:

* a version-1 file with invalid or unknown parts reads as itself without them
  (``SALVAGED``, see :mod:`~autopatch_memory.store.salvage`);
* a key written twice (``long_term_memory``, a list, any key) reads as every copy:
  the copies' items together, ids kept unique (``SALVAGED``); JSON readers keep only
  the last copy, and the next write would lose the others;
* a file that is not valid JSON reads as what of it still parses
  (:mod:`~autopatch_memory.store.broken`), item by item (``CORRUPT``, with ``kept``);
  with nothing to keep, or no format version, it reads as an empty memory;
* another format version reads as empty and is set aside untouched by the next
  write (``FOREIGN_VERSION``).
"""

from __future__ import annotations

import codecs
import json
from collections import Counter
from typing import Any, NamedTuple

from pydantic import ValidationError

# privacy as a module: its rules load at the first redaction, and reading memory never redacts.
from autopatch_memory import limits, privacy
from autopatch_memory.model import MemoryDocument, empty_document
from autopatch_memory.store.broken import scavenge
from autopatch_memory.store.problems import DroppedPart, LoadProblem, Unusable
from autopatch_memory.store.salvage import Budget, has_duplicate_ids, salvage, unknown_fields


class Decoded(NamedTuple):
    """A file's JSON value, and what reading it found about keys written twice."""

    value: Any
    twice: tuple[str, ...] = ()  # notes on the keys written more than once


class _KeyTwice(Exception):
    """An object of the text writes a key twice (the slow path reads it)."""


def _no_key_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # The fast path: almost every file writes each key once.
    found = dict(pairs)
    if len(found) != len(pairs):
        raise _KeyTwice
    return found


_DECODER = json.JSONDecoder(object_pairs_hook=_no_key_twice)


class KeysTwice:
    """An ``object_pairs_hook`` that reads a key written twice as all of its copies:
    objects merged, lists joined (every copy's items kept), a scalar the last copy's
    (as any JSON reader reads it); what it did is in :attr:`notes`."""

    def __init__(self) -> None:
        self._notes: dict[str, str] = {}

    @property
    def notes(self) -> tuple[str, ...]:
        """What was merged, in words, once per key."""
        return tuple(self._notes.values())

    def __call__(self, pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(pairs)
        if len(found) == len(pairs):
            return found
        merged: dict[str, Any] = {}
        times = Counter(key for key, _ in pairs)
        for key, value in pairs:
            merged[key] = (
                self._merge(key, merged[key], value, times[key]) if key in merged else value
            )
        return merged

    def _merge(self, key: str, first: Any, later: Any, times: int) -> Any:
        if first is None or first == "":
            return later
        if later is None or later == "":
            return first
        if isinstance(first, dict) and isinstance(later, dict):
            self._note(key, f'"{key}" is written {times} times: every copy is read, together')
            joined = dict(first)
            for inner, value in later.items():
                joined[inner] = (
                    self._merge(inner, joined[inner], value, 2) if inner in joined else value
                )
            return joined
        if isinstance(first, list) and isinstance(later, list):
            self._note(key, f'"{key}" is written {times} times: the items of every copy are read')
            return first + later
        if first != later:
            self._note(
                key,
                f'"{key}" is written {times} times with different values: the last is read '
                "(the others are in the backup)",
            )
        else:
            self._note(key, f'"{key}" is written {times} times, the same each time')
        return later

    def _note(self, key: str, note: str) -> None:
        self._notes.setdefault(key, note)


def _text(data: bytes) -> str:
    # A file saved by an editor that adds a byte-order mark is still ours. (Stripped
    # here: the "utf-8-sig" codec is far slower than plain "utf-8".)
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    return data.decode("utf-8")


def decode(data: bytes) -> Decoded:
    """The JSON value of ``data`` (UTF-8, a leading byte-order mark allowed), a key
    written twice read as all of its copies (see :class:`KeysTwice`).

    Raises ``UnicodeDecodeError``, ``ValueError`` or ``RecursionError``."""
    return decode_text(_text(data))


def decode_text(text: str) -> Decoded:
    """:func:`decode` of a text."""
    try:
        return Decoded(_DECODER.decode(text))
    except _KeyTwice:
        twice = KeysTwice()
        return Decoded(json.JSONDecoder(object_pairs_hook=twice).decode(text), twice.notes)


def _scrubbed(value: Any) -> Any:
    """The decoded JSON with lone surrogates (``"\\ud800"`` escapes) replaced."""
    if isinstance(value, str):
        return privacy.scrub(value)
    if isinstance(value, list):
        return [_scrubbed(v) for v in value]
    if isinstance(value, dict):
        return {privacy.scrub(k): _scrubbed(v) for k, v in value.items()}
    return value


def parse_document(data: bytes) -> tuple[MemoryDocument, Unusable | None]:
    """Parse a file's bytes into the document it reads as, and its problem if any.

    An unusable file gives an empty document, or what of it still parses; a
    version-1 file with invalid parts gives the document without them
    (``LoadProblem.SALVAGED``). Never raises for any content: deep nesting and absurd
    numbers are corruption too.
    """
    if len(data) > limits.MEMORY_FILE_MAX_READ_BYTES:
        return empty_document(), Unusable(
            LoadProblem.TOO_LARGE, f"{len(data)} bytes, far more than this program writes"
        )
    try:
        decoded = decode(data)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        return _broken(data, f"not valid JSON: {exc}")
    value = decoded.value
    if b"\\ud" in data or b"\\uD" in data:  # escaped surrogates (\uD800-\uDFFF)
        value = _scrubbed(value)
    # The salvage's budget starts now: decoding (and loading the privacy rules above)
    # is not salvage.
    return _document(value, decoded.twice, Budget())


def _document(
    raw: Any, twice: tuple[str, ...], budget: Budget
) -> tuple[MemoryDocument, Unusable | None]:
    """The document a decoded file reads as (see :func:`parse_document`)."""
    if not isinstance(raw, dict):
        return empty_document(), Unusable(LoadProblem.CORRUPT, "not a JSON object")
    if "version" not in raw:
        return empty_document(), Unusable(LoadProblem.CORRUPT, "no format version")
    version = raw["version"]
    if isinstance(version, float) and version.is_integer():
        # "version": 1.0 (a tool that writes every number as a float) is version 1.
        version = raw["version"] = int(version)
    if not isinstance(version, int) or isinstance(version, bool):
        return empty_document(), Unusable(
            LoadProblem.CORRUPT, f"format version {json.dumps(version)[:40]} is not an integer"
        )
    if version != limits.FORMAT_VERSION:
        return empty_document(), Unusable(
            LoadProblem.FOREIGN_VERSION,
            f"format version {version}, this program reads version {limits.FORMAT_VERSION}",
            version,
        )
    unknown = unknown_fields(raw, budget)
    if not twice and not budget.spent() and _item_count(raw) <= limits.WHOLE_VALIDATION_MAX_ITEMS:
        try:
            doc = MemoryDocument.model_validate(raw)
        except (ValidationError, RecursionError):
            pass
        else:
            if not has_duplicate_ids(doc):
                if not unknown:
                    return doc, None
                return doc, _salvaged(unknown, [])
    try:
        doc, dropped, notes = salvage(raw, budget, merged=bool(twice))
    except (ValidationError, RecursionError) as exc:  # pragma: no cover - salvage validates parts
        return empty_document(), Unusable(LoadProblem.CORRUPT, f"wrong shape: {exc}")
    if not (dropped or unknown or twice or notes):
        return doc, None  # many items, every one valid
    return doc, _salvaged(dropped + unknown, [*twice, *notes])


def _item_count(raw: dict[str, Any]) -> int:
    """How many items the four lists of ``raw`` hold (without looking at them)."""
    count = 0
    for section in ("working_memory", "long_term_memory"):
        lists = raw.get(section)
        if isinstance(lists, dict):
            count += sum(len(items) for items in lists.values() if isinstance(items, list))
    return count


def _salvaged(dropped: list[DroppedPart], notes: list[str]) -> Unusable:
    shown = "; ".join(str(p) for p in dropped[: limits.SALVAGE_DETAIL_PARTS])
    return Unusable(LoadProblem.SALVAGED, shown, dropped=tuple(dropped), notes=tuple(notes))


def _broken(data: bytes, why: str) -> tuple[MemoryDocument, Unusable]:
    """A file that is not valid JSON: what of it still parses, item by item.

    The document starts a new lifetime (no epoch: the file is set aside, and a late
    summary of the old one is discarded); with no version 1 in it, or nothing to
    keep, it reads as empty."""
    text = data.decode("utf-8", "replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    surrogates = "\\ud" in text or "\\uD" in text  # escaped (\uD800-\uDFFF)
    if surrogates:
        privacy.scrub("")  # its rules load before the salvage's budget starts
    budget = Budget()
    damaged: list[DroppedPart] = []
    try:
        # A byte that is not UTF-8 inside a string: the rest is JSON.
        decoded = decode_text(text)
    except (ValueError, RecursionError):
        twice = KeysTwice()
        found = scavenge(text, json.JSONDecoder(object_pairs_hook=twice), budget)
        decoded, damaged = Decoded(found.raw, twice.notes), found.damaged
    raw = decoded.value
    if not isinstance(raw, dict) or raw.get("version") not in (limits.FORMAT_VERSION, 1.0):
        return empty_document(), Unusable(LoadProblem.CORRUPT, why)
    raw.pop("epoch", None)
    if surrogates:
        raw = _scrubbed(raw)
    doc, problem = _document(raw, decoded.twice, budget)
    kept = _kept(doc)
    if kept is None:
        return empty_document(), Unusable(LoadProblem.CORRUPT, why)
    dropped = (*damaged, *(problem.dropped if problem is not None else ()))
    notes = problem.notes if problem is not None else ()
    return doc, Unusable(LoadProblem.CORRUPT, why, dropped=dropped, notes=notes, kept=kept)


def _kept(doc: MemoryDocument) -> str | None:
    """What ``doc`` holds, in words ("2 rules, 1 note, 3 turns"); ``None``: nothing."""
    ltm, wm = doc.long_term_memory, doc.working_memory
    counts = (
        (len(ltm.durable_preferences), "rule"),
        (len(ltm.project_notes), "note"),
        (len(wm.recent_turns), "turn"),
        (len(wm.active_topics), "topic"),
    )
    parts = [f"{n} {word}{'s' if n != 1 else ''}" for n, word in counts if n]
    if doc.repo_profile is not None:
        parts.append("the repo profile")
    return ", ".join(parts) or None
