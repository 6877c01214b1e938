"""The valid parts of a decoded version-1 file
(docs/file-format.md#loading-salvage-never-lose-a-file).

A file is never set aside because one item or field is invalid: :func:`salvage`
keeps everything that validates and names each part it leaves out
(:class:`~autopatch_memory.store.problems.DroppedPart`). Fields no model reads (a
newer version's or a host's) are found by :func:`unknown_fields`: validation
ignores them, so the next write would drop them, and they are reported like an
invalid part so that the original is backed up first.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar, get_args

from pydantic import BaseModel, ValidationError

from autopatch_memory import limits
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


def unknown_fields(raw: dict[str, Any]) -> list[DroppedPart]:
    """The keys of ``raw`` (at any level the format has objects) that no model field
    reads: a newer version's or a host's. Validation ignores them, so the next write
    would drop them; reported like an invalid part, they are backed up first."""
    return _unknown_in(raw, MemoryDocument, "")


def _unknown_in(value: dict[str, Any], model: type[BaseModel], where: str) -> list[DroppedPart]:
    """The unknown keys of ``value`` read as ``model``, and of the objects it holds."""
    found = _unknown_keys(value, model, where)
    for key, inner in _nested_models(model):
        child, path = value.get(key), _under(where, key)
        if isinstance(child, dict):
            found += _unknown_in(child, inner, path)
        elif isinstance(child, list):
            for index, element in enumerate(child):
                if isinstance(element, dict):
                    found += _unknown_in(element, inner, f"{path}[{index}]")
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


def _drop_duplicate_ids(lists: list[tuple[str, list[Any]]], dropped: list[DroppedPart]) -> None:
    """Keep the first item of each id: ids name one item (``forget`` of an id held twice
    would archive one copy and leave the other active). Later copies are dropped alone."""
    seen: set[str] = set()
    for where, items in lists:
        kept = []
        for item in items:
            if item.id in seen:
                dropped.append(DroppedPart(where=where, id=item.id, why="duplicate id"))
                continue
            seen.add(item.id)
            kept.append(item)
        items[:] = kept


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


def salvage(raw: dict[str, Any]) -> tuple[MemoryDocument, list[DroppedPart]]:
    """A version-1 document from ``raw`` without its invalid parts, and those parts."""
    dropped: list[DroppedPart] = []
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
    turns = _salvage_list(working, f"{wm}.recent_turns", Turn, dropped)
    topics = _salvage_list(working, f"{wm}.active_topics", Topic, dropped)
    preferences = _salvage_list(
        long_term,
        f"{ltm}.durable_preferences",
        LongTermItem,
        dropped,
        LongTermType.DURABLE_PREFERENCE,
    )
    notes = _salvage_list(
        long_term, f"{ltm}.project_notes", LongTermItem, dropped, LongTermType.PROJECT_NOTE
    )
    _drop_duplicate_ids(
        [
            (f"{wm}.recent_turns", turns),
            (f"{wm}.active_topics", topics),
            (f"{ltm}.durable_preferences", preferences),
            (f"{ltm}.project_notes", notes),
        ],
        dropped,
    )
    clean["working_memory"] = {"recent_turns": turns, "active_topics": topics}
    clean["long_term_memory"] = {"durable_preferences": preferences, "project_notes": notes}
    clean["repo_profile"] = profile
    return MemoryDocument.model_validate(clean), dropped
