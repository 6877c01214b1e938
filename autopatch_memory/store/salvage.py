"""The valid parts of a decoded version-1 file
(docs/file-format.md#loading-salvage-never-lose-a-file).

A file is never set aside because one item or field is invalid: :func:`salvage`
keeps everything that validates and names each part it leaves out
(:class:`~autopatch_memory.store.problems.DroppedPart`). Fields no model reads (a
newer version's or a host's) are found by :func:`unknown_fields`: validation
ignores them, so the next write would drop them, and they are reported like an
invalid part so that the original is backed up first.

A salvage has a CPU-time :class:`Budget`
(:data:`~autopatch_memory.limits.SALVAGE_CPU_SECONDS`): a planted file of tens of
thousands of invalid items must not block the host's turn. The items it has no time
left to examine are left out as one part (the backup keeps them).
"""

from __future__ import annotations

import time
from functools import cache
from typing import Any, TypeVar, get_args

from pydantic import BaseModel, ValidationError

from autopatch_memory import limits
from autopatch_memory.ids import new_memory_id, new_topic_id, new_turn_id
from autopatch_memory.model import (
    LongTermItem,
    LongTermType,
    MemoryDocument,
    RepoProfile,
    Topic,
    Turn,
)
from autopatch_memory.store.problems import DroppedPart

_UNKNOWN_FIELD = "a field this version does not know (kept in the backup)"

# CPU time of this thread: another thread's work (the summarizer) does not count.
_cpu_time = getattr(time, "thread_time", time.process_time)


class Budget:
    """The CPU time one reading of a file may spend on salvage (this thread's clock)."""

    __slots__ = ("_end",)

    def __init__(self, seconds: float | None = None) -> None:
        allowed = limits.SALVAGE_CPU_SECONDS if seconds is None else seconds
        self._end = _cpu_time() + allowed

    def spent(self) -> bool:
        """Whether the budget has run out."""
        return _cpu_time() > self._end


def not_examined(where: str, count: int) -> DroppedPart:
    """The part a salvage leaves out unexamined when its budget has run out."""
    return DroppedPart(
        where=where,
        why=f"{count} item(s) not examined: the salvage ran out of its "
        f"{limits.SALVAGE_CPU_SECONDS:g} s time budget (kept in the backup)",
    )


def unknown_fields(raw: dict[str, Any], budget: Budget) -> list[DroppedPart]:
    """The keys of ``raw`` (at any level the format has objects) that no model field
    reads: a newer version's or a host's. Validation ignores them, so the next write
    would drop them; reported like an invalid part, they are backed up first."""
    return _unknown_in(raw, MemoryDocument, "", budget)


def _unknown_in(
    value: dict[str, Any], model: type[BaseModel], where: str, budget: Budget
) -> list[DroppedPart]:
    """The unknown keys of ``value`` read as ``model``, and of the objects it holds."""
    found = _unknown_keys(value, model, where)
    for key, inner in _nested_models(model):
        child, path = value.get(key), _under(where, key)
        if isinstance(child, dict):
            found += _unknown_in(child, inner, path, budget)
        elif isinstance(child, list):
            for index, element in enumerate(child):
                if isinstance(element, dict):
                    if budget.spent():
                        break  # the salvage says what it could not examine
                    found += _unknown_in(element, inner, f"{path}[{index}]", budget)
    return found


def _under(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


@cache
def _nested_models(model: type[BaseModel]) -> tuple[tuple[str, type[BaseModel]], ...]:
    """The fields of ``model`` that hold a model (itself, optional, or in a list), read
    from the models, so the walk follows the format wherever it grows."""
    found = []
    for key, info in model.model_fields.items():
        for candidate in (info.annotation, *get_args(info.annotation)):
            if isinstance(candidate, type) and issubclass(candidate, BaseModel):
                found.append((key, candidate))
                break
    return tuple(found)


def _unknown_keys(value: dict[str, Any], model: type[BaseModel], where: str) -> list[DroppedPart]:
    fields = model.model_fields
    if all(key in fields for key in value):
        return []
    return [
        DroppedPart(where=_under(where, key), id=_item_id(value), why=_UNKNOWN_FIELD)
        for key in value
        if key not in fields
    ]


def has_duplicate_ids(doc: MemoryDocument) -> bool:
    """Whether two items of ``doc`` (turns, topics, long-term items) share an id."""
    wm, ltm = doc.working_memory, doc.long_term_memory
    count = len(wm.recent_turns) + len(wm.active_topics) + len(ltm.items())
    return len(doc.all_ids()) != count


def _drop_duplicate_ids(
    lists: list[tuple[str, list[Any]]],
    dropped: list[DroppedPart],
    notes: list[str],
    *,
    merged: bool,
) -> None:
    """Keep the first item of each id: ids name one item (``forget`` of an id held twice
    would archive one copy and leave the other active). Later copies are dropped alone.

    ``merged``: the lists hold the items of every copy of a key written twice, which
    are all kept: a later item equal to the first of its id is the same item (kept
    once), a different one gets an id of its own."""
    first: dict[str, Any] = {}
    taken = {item.id for _, items in lists for item in items}
    for where, items in lists:
        kept = []
        for item in items:
            earlier = first.get(item.id)
            if earlier is None:
                first[item.id] = item
            elif merged and item == earlier:
                continue  # the same item in two copies
            elif merged:
                old, item.id = item.id, _fresh_id(item, taken)
                taken.add(item.id)
                first[item.id] = item
                notes.append(
                    f"{where} ({old}): the id was taken by the other copy, kept as {item.id}"
                )
            else:
                dropped.append(DroppedPart(where=where, id=item.id, why="duplicate id"))
                continue
            kept.append(item)
        items[:] = kept


def _fresh_id(item: Turn | Topic | LongTermItem, taken: set[str]) -> str:
    """A program-made id for ``item`` not in ``taken``, dated like the item."""
    if isinstance(item, Turn):
        return new_turn_id(item.created_at, taken)
    if isinstance(item, Topic):
        return new_topic_id(item.last_touched_at, taken)
    return new_memory_id(item.created_at, taken)


def _first_error(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    return f"{where}: {first['msg']}" if where else first["msg"]


def _item_id(value: Any) -> str | None:
    found = value.get("id") if isinstance(value, dict) else None
    return found[: limits.MAX_LABEL_CHARS] if isinstance(found, str) else None


_ItemModel = TypeVar("_ItemModel", Turn, Topic, LongTermItem)


def _salvage_list(
    section: dict[str, Any],
    where: str,
    model: type[_ItemModel],
    dropped: list[DroppedPart],
    budget: Budget,
    kind: LongTermType | None = None,
) -> list[_ItemModel]:
    """The valid items of one list; each invalid one is dropped alone."""
    name = where.rsplit(".", 1)[1]
    value = section.get(name)
    if value is None or value == "":
        return []
    if not isinstance(value, list):
        dropped.append(DroppedPart(where=where, why=f"not a list but {type(value).__name__}"))
        return []
    kept: list[_ItemModel] = []
    for index, element in enumerate(value):
        if budget.spent():
            dropped.append(not_examined(f"{where}[{index}:]", len(value) - index))
            break
        try:
            item = model.model_validate(element)
        except (ValidationError, RecursionError) as exc:
            why = _first_error(exc) if isinstance(exc, ValidationError) else "nested too deeply"
            dropped.append(DroppedPart(where=f"{where}[{index}]", id=_item_id(element), why=why))
            continue
        if kind is not None and isinstance(item, LongTermItem) and item.type is not kind:
            why = f"a {item.type.value} in the {kind.value} list"
            dropped.append(DroppedPart(where=f"{where}[{index}]", id=item.id, why=why))
            continue
        kept.append(item)
    return kept


def _salvage_section(raw: dict[str, Any], name: str, dropped: list[DroppedPart]) -> dict[str, Any]:
    value = raw.get(name)
    if value is None or value == "":
        return {}
    if not isinstance(value, dict):
        dropped.append(DroppedPart(where=name, why=f"not an object but {type(value).__name__}"))
        return {}
    return value


def _salvage_profile(value: Any, dropped: list[DroppedPart]) -> RepoProfile | None:
    """The profile with each invalid field dropped alone (the program re-collects it)."""
    if value is None or value == "":
        return None
    if not isinstance(value, dict):
        dropped.append(
            DroppedPart(where="repo_profile", why=f"not an object but {type(value).__name__}")
        )
        return None
    kept: dict[str, Any] = {}
    for name in RepoProfile.model_fields:
        if name not in value:
            continue
        try:
            RepoProfile.model_validate({name: value[name]})
        except (ValidationError, RecursionError) as exc:
            why = _first_error(exc) if isinstance(exc, ValidationError) else "nested too deeply"
            dropped.append(DroppedPart(where=f"repo_profile.{name}", why=why))
            continue
        kept[name] = value[name]
    return RepoProfile.model_validate(kept)


def salvage(
    raw: dict[str, Any], budget: Budget, *, merged: bool = False
) -> tuple[MemoryDocument, list[DroppedPart], list[str]]:
    """A version-1 document from ``raw`` without its invalid parts, those parts, and
    notes on what else it did (``merged``: see :func:`_drop_duplicate_ids`)."""
    dropped: list[DroppedPart] = []
    notes: list[str] = []
    clean: dict[str, Any] = {"version": limits.FORMAT_VERSION}
    for name in ("generation", "epoch", "updated_at"):
        if name not in raw:
            continue
        try:
            MemoryDocument.model_validate({"version": limits.FORMAT_VERSION, name: raw[name]})
        except (ValidationError, RecursionError) as exc:
            why = _first_error(exc) if isinstance(exc, ValidationError) else "nested too deeply"
            dropped.append(DroppedPart(where=name, why=why))
            continue
        clean[name] = raw[name]
    profile = _salvage_profile(raw.get("repo_profile"), dropped)
    working = _salvage_section(raw, "working_memory", dropped)
    long_term = _salvage_section(raw, "long_term_memory", dropped)
    wm, ltm = "working_memory", "long_term_memory"
    turns = _salvage_list(working, f"{wm}.recent_turns", Turn, dropped, budget)
    topics = _salvage_list(working, f"{wm}.active_topics", Topic, dropped, budget)
    preferences = _salvage_list(
        long_term,
        f"{ltm}.durable_preferences",
        LongTermItem,
        dropped,
        budget,
        LongTermType.DURABLE_PREFERENCE,
    )
    project_notes = _salvage_list(
        long_term, f"{ltm}.project_notes", LongTermItem, dropped, budget, LongTermType.PROJECT_NOTE
    )
    _drop_duplicate_ids(
        [
            (f"{wm}.recent_turns", turns),
            (f"{wm}.active_topics", topics),
            (f"{ltm}.durable_preferences", preferences),
            (f"{ltm}.project_notes", project_notes),
        ],
        dropped,
        notes,
        merged=merged,
    )
    clean["working_memory"] = {"recent_turns": turns, "active_topics": topics}
    clean["long_term_memory"] = {
        "durable_preferences": preferences,
        "project_notes": project_notes,
    }
    clean["repo_profile"] = profile
    return MemoryDocument.model_validate(clean), dropped, notes
