"""What still parses of a memory file that is not valid JSON
(docs/file-format.md#loading-salvage-never-lose-a-file).

A file cut short (a crash of another tool, a full disk, a partial copy) or with a
stray byte in it (a slip of an editor, a merge marker) holds mostly whole items: a
turn, a topic, a rule or a note is one JSON object in one of the four lists.
:func:`scavenge` reads each of them where it stands, one by one, with the JSON
decoder (at C speed), and leaves out the ones the damage touched:

* an object that does not parse where an item starts (``[`` or ``,`` before it) is
  a damaged item: left out, and named with its line and id when its id is legible;
* a parsed item not followed by ``,`` or ``]`` was closed early by a stray brace: its
  fields after the brace are missing (a ``status: inactive`` among them would bring a
  forgotten rule back), so it is left out too;
* an item belongs to the list whose key last precedes it.

The format version and the generation are read where their keys stand; the epoch is
not (a file set aside starts a new lifetime); the profile is kept when it parses (the
program collects it again anyway). The caller validates the items
(:func:`~autopatch_memory.store.salvage.salvage`). Reading stops when the salvage's
CPU budget runs out.
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from autopatch_memory.store.problems import DroppedPart
from autopatch_memory.store.salvage import Budget, not_examined

_LISTS = {
    "recent_turns": "working_memory",
    "active_topics": "working_memory",
    "durable_preferences": "long_term_memory",
    "project_notes": "long_term_memory",
}
# A key is a string followed by a colon; inside a string a quote is escaped, so an
# unescaped quote before the name is the key's own.
_LIST_KEY = re.compile(
    r'(?<!\\)"(recent_turns|active_topics|durable_preferences|project_notes)"\s*:\s*\['
)
_VERSION = re.compile(r'(?<!\\)"version"\s*:\s*')
_GENERATION = re.compile(r'(?<!\\)"generation"\s*:\s*')
_PROFILE = re.compile(r'(?<!\\)"repo_profile"\s*:\s*')
_ID = re.compile(r'"id"\s*:\s*"((?:[^"\\\n]|\\.){1,60})"')
_SPACE = " \t\r\n"
_ELEMENT_START = ("[", ",")


class Scavenged(NamedTuple):
    """What :func:`scavenge` found."""

    raw: dict[str, Any] | None  # shaped as a file; None: no format version found
    damaged: list[DroppedPart]  # items (and the profile) the damage touched


_MISSING = object()


def scavenge(text: str, decoder: json.JSONDecoder, budget: Budget) -> Scavenged:
    """The parts of ``text`` (a memory file that is not valid JSON) that still parse,
    shaped as a file for :func:`~autopatch_memory.store.codec.parse_document`;
    ``decoder`` reads each part."""
    version = _value_after(_VERSION, text, decoder)
    if version is _MISSING or version is None:
        return Scavenged(None, [])
    raw: dict[str, Any] = {"version": version}
    damaged: list[DroppedPart] = []
    generation = _value_after(_GENERATION, text, decoder)
    if generation is not _MISSING:
        raw["generation"] = generation
    profile = _value_after(_PROFILE, text, decoder)
    if profile is not _MISSING:
        raw["repo_profile"] = profile
    elif _PROFILE.search(text):
        why = "damaged: not valid JSON there (collected again from the build files)"
        damaged.append(DroppedPart(where="repo_profile", why=why))
    lists: dict[str, list[Any]] = {name: [] for name in _LISTS}
    damaged += _items(text, decoder, lists, budget)
    for name, items in lists.items():
        raw.setdefault(_LISTS[name], {})[name] = items
    return Scavenged(raw, damaged)


def _value_after(key: re.Pattern[str], text: str, decoder: json.JSONDecoder) -> Any:
    """The value that follows the first match of ``key`` (``_MISSING``: none parses)."""
    found = key.search(text)
    if found is None:
        return _MISSING
    try:
        return decoder.raw_decode(text, found.end())[0]
    except (ValueError, RecursionError):
        return _MISSING


def _items(
    text: str, decoder: json.JSONDecoder, lists: dict[str, list[Any]], budget: Budget
) -> list[DroppedPart]:
    """Fill ``lists`` with the whole items of ``text``; returns the damaged ones."""
    keys = [(m.end(), m.group(1)) for m in _LIST_KEY.finditer(text)]
    damaged: list[DroppedPart] = []
    line, counted = 1, 0  # the line of position ``counted``
    current, next_key = None, 0
    position = text.find("{")
    while position >= 0:
        if budget.spent():
            damaged.append(not_examined(f"line {line}", _count_from(text, position)))
            break
        while next_key < len(keys) and keys[next_key][0] <= position:
            current, next_key = keys[next_key][1], next_key + 1
        if current is None or _before(text, position) not in _ELEMENT_START:
            position = text.find("{", position + 1)  # a section, the root, a brace in text
            continue
        line += text.count("\n", counted, position)
        counted = position
        where = f"{_LISTS[current]}.{current}, line {line}"
        try:
            item, end = decoder.raw_decode(text, position)
        except (ValueError, RecursionError):
            damaged.append(_damaged(where, text, position, "not valid JSON there"))
            position = text.find("{", position + 1)
            continue
        if not isinstance(item, dict) or "id" not in item:
            position = text.find("{", position + 1)  # "{}" inside a text, not an item
            continue
        if not _ends_in_place(text, end):
            # Closed early by a stray brace: the fields after it are missing.
            damaged.append(_damaged(where, text, position, "cut short by a stray brace"))
        else:
            lists[current].append(item)
        position = text.find("{", end)
    return damaged


def _damaged(where: str, text: str, position: int, why: str) -> DroppedPart:
    # Its id, when it is legible before the item's end (never the next item's).
    end = text.find("}", position + 1)
    found = _ID.search(text, position + 1, end if end >= 0 else len(text))
    return DroppedPart(where=where, id=found.group(1) if found else None, why=f"damaged: {why}")


def _before(text: str, position: int) -> str:
    """The character before ``position``, spaces skipped (``""`` at the start)."""
    index = position - 1
    while index >= 0 and text[index] in _SPACE:
        index -= 1
    return text[index] if index >= 0 else ""


def _ends_in_place(text: str, end: int) -> bool:
    """Whether an item that parsed up to ``end`` ends where an element of a list ends:
    before the list's ``]``, before ``,`` and the next item's ``{``, or at the end of a
    file cut short. Anything else follows a brace that closed it early."""
    following = _next(text, end)
    if following == ",":
        following = _next(text, text.index(",", end) + 1)
        return following in ("{", "")
    return following in ("]", "")


def _next(text: str, position: int) -> str:
    """The character at or after ``position``, spaces skipped (``""`` at the end)."""
    index = position
    while index < len(text) and text[index] in _SPACE:
        index += 1
    return text[index] if index < len(text) else ""


def _count_from(text: str, position: int) -> int:
    """How many objects start at or after ``position`` (what was not examined)."""
    return text.count("{", position)
