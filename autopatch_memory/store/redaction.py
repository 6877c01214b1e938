"""The secret choke point of every write, and of the backups a write keeps (docs/privacy.md).

Every string of a document passes :func:`~autopatch_memory.privacy.redact` before
it is written (:func:`redact_document`; the store skips the elements it knows are
clean, see :meth:`~autopatch_memory.store.MemoryStore.update`). A salvaged file's
backup is a copy of a file another program may have written with secrets in clear:
:func:`redacted_original` redacts it too, keys included.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import Any

from pydantic import BaseModel

# privacy as a module: its rules load at the first redaction, and reading memory never redacts.
from autopatch_memory import privacy
from autopatch_memory.model import MemoryDocument
from autopatch_memory.store.codec import decode


def redact_document(doc: MemoryDocument) -> bool:
    """Redact every string of ``doc`` in place (the choke point every write passes);
    True when any string changed.

    Generic over the models, so a new text field is covered without a change here.
    Enum values (``type(v) is not str``) hold no free text and are left alone.
    """
    return redact_strings(doc)


def redact_strings(root: BaseModel | list[Any], skip: Collection[int] = ()) -> bool:
    """Redact every string inside ``root`` (models and lists, at any depth) in place,
    except inside the lists or models whose ``id()`` is in ``skip``; True when any
    string changed."""
    changed = False
    stack: list[Any] = [root]
    while stack:
        value = stack.pop()
        # A model is written through __dict__: the value is already validated text.
        slots: dict[Any, Any] | list[Any] = (
            value.__dict__ if isinstance(value, BaseModel) else value
        )
        pairs = slots.items() if isinstance(slots, dict) else enumerate(slots)
        for key, current in pairs:
            if type(current) is str:
                if current:
                    new = privacy.redact(current)
                    if new != current:
                        slots[key] = new
                        changed = True
            elif isinstance(current, (list, BaseModel)) and id(current) not in skip:
                stack.append(current)
    return changed


def redacted_original(data: bytes) -> tuple[bytes, bool]:
    """A salvaged file's bytes with every string in it (keys too) redacted, and whether
    any was; the bytes themselves when nothing held a secret."""
    try:
        decoded = decode(data)
        if decoded.twice:
            # A key written twice: a dump of the decoded value would keep one copy.
            raise ValueError("keys written twice")
        if not _redact_json(decoded.value):
            return data, False
        return json.dumps(decoded.value, ensure_ascii=False, indent=2).encode("utf-8"), True
    except (UnicodeError, ValueError, RecursionError):
        # Nested too deeply to walk, or keys written twice: redact the text itself
        # (still no secret kept, every copy kept).
        text = data.decode("utf-8", "replace")
        redacted = privacy.redact(text)
        return redacted.encode("utf-8"), redacted != text


def _redact_json(root: Any) -> bool:
    """Redact every string of decoded JSON in place (iteratively: any depth); True when
    any changed."""
    changed = False
    stack = [root]
    while stack:
        node = stack.pop()
        pairs = list(node.items()) if isinstance(node, dict) else list(enumerate(node))
        for key, value in pairs:
            if isinstance(value, str) and value:
                new = privacy.redact(value)
                if new != value:
                    node[key] = new
                    changed = True
            elif isinstance(value, (dict, list)):
                stack.append(value)
            if isinstance(key, str) and key:
                new_key = privacy.redact(key)
                if new_key != key:
                    taken = {*node, *(k for k, _ in pairs)}
                    node[_free_key(new_key, taken)] = node.pop(key)
                    changed = True
    return changed


def _free_key(key: str, taken: set[Any]) -> str:
    """``key``, or ``key (2)``, ``key (3)``…: the first name not ``taken``, so two
    secrets that redact alike do not leave one value in place of two."""
    name, count = key, 1
    while name in taken:
        count += 1
        name = f"{key} ({count})"
    return name
