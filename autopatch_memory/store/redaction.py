"""The secret choke point of every write, and of the backups a write keeps (docs/privacy.md).

Every string a write puts in the file passes :func:`~autopatch_memory.privacy.redact`:
the store redacts what a write added or changed (:func:`redact_changed`), and the whole
document when the file it read is not known redacted (:func:`redact_model`: another
program wrote it, or it was salvaged). A text is redacted once: a host's new question
and answer are redacted when recorded (:func:`redact_text`), and the store knows them
clean. A salvaged file's backup is a copy of a file another program may have written
with secrets in clear: :func:`redacted_original` redacts it too, keys included.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

# privacy as a module: its rules load at the first redaction, and reading memory never redacts.
from autopatch_memory import limits, privacy
from autopatch_memory.store.codec import decode

_M = TypeVar("_M", bound=BaseModel)

# Texts known to be redaction's own output (``redact(t) == t``): a text recorded is
# redacted once, and the write that stores it finds it here instead of redacting it
# again (a text that held a secret is not the key redact() cached it under).
_CLEAN: dict[str, None] = {}


def redact_text(text: str) -> str:
    """``text`` redacted (:func:`~autopatch_memory.privacy.redact`), and known clean to
    the write that stores it."""
    redacted = privacy.redact(text)
    _remember(redacted)
    return redacted


def _remember(text: str) -> None:
    if len(_CLEAN) >= limits.REDACTION_CACHE_ENTRIES:
        _CLEAN.clear()
    _CLEAN[text] = None


def _redacted_string(text: str) -> str:
    if not text or text in _CLEAN:
        return text
    redacted = privacy.redact(text)
    if redacted == text:
        return text
    _remember(redacted)
    return redacted


class CopyOnWrite(Protocol):
    """What the choke point needs of a write's document: which models it shares with
    the document it read (:class:`~autopatch_memory.store.Transaction`)."""

    def own(self, element: _M) -> _M:
        """A model this write may change in place of ``element``."""
        ...

    def is_shared(self, element: BaseModel) -> bool:
        """Whether ``element`` is the document read's own, unchanged."""
        ...

    def origin(self, element: BaseModel) -> BaseModel | None:
        """The model of the document read that ``element`` is a changed copy of."""
        ...


class _Private:
    """A document no one else holds: every model is the caller's to change."""

    def own(self, element: _M) -> _M:
        return element

    def is_shared(self, element: BaseModel) -> bool:
        return False

    def origin(self, element: BaseModel) -> BaseModel | None:
        return None


_PRIVATE = _Private()


def redact_model(root: BaseModel, cow: CopyOnWrite = _PRIVATE) -> bool:
    """Redact every string inside ``root`` (models and lists, at any depth); True when
    any string changed.

    Generic over the models, so a new text field is covered without a change here.
    Enum values (``type(v) is not str``) hold no free text and are left alone. A model
    that holds a secret is changed through ``cow.own`` (a copy takes its place when it
    is shared), a list by a new list: nothing shared is changed. ``root`` itself is
    changed in place (the caller's own).
    """
    return _Walk(cow, _every_field).root(root)


def redact_changed(root: BaseModel, cow: CopyOnWrite) -> bool:
    """:func:`redact_model`, except for what ``cow`` says is unchanged since it was
    read: a model shared with the document read, and each field of a changed copy that
    still holds the value it was copied with (both redacted when they were written)."""
    return _Walk(cow, _fields_not_shared, cow.is_shared).root(root)


def _every_field(model: BaseModel, cow: CopyOnWrite) -> dict[str, Any]:
    return model.__dict__


def _fields_not_shared(model: BaseModel, cow: CopyOnWrite) -> dict[str, Any]:
    """The fields of ``model`` that may hold text not redacted yet."""
    if cow.is_shared(model):
        return {}
    origin = cow.origin(model)
    values = model.__dict__
    if origin is None:
        return values
    before = origin.__dict__
    return {k: v for k, v in values.items() if v is not before.get(k)}


class _Walk:
    """One redaction of a document: each changed value is a new value (see
    :func:`redact_model`)."""

    def __init__(
        self,
        cow: CopyOnWrite,
        fields: Callable[[BaseModel, CopyOnWrite], dict[str, Any]],
        skip: Callable[[Any], bool] | None = None,
    ) -> None:
        self.cow = cow
        self.fields = fields
        self.skip = skip  # items of a list known clean (a shortcut: fields() says so too)
        self.changed = False

    def root(self, root: BaseModel) -> bool:
        updates = self._updates(root)
        root.__dict__.update(updates)
        return self.changed

    def _updates(self, model: BaseModel) -> dict[str, Any]:
        updates = {}
        for key, current in self.fields(model, self.cow).items():
            new = self._value(current)
            if new is not current:
                updates[key] = new
        return updates

    def _value(self, value: Any) -> Any:
        """``value`` with every string inside redacted (``value`` itself when none
        changed)."""
        if type(value) is str:
            new = _redacted_string(value)
            if new is not value:
                self.changed = True
            return new
        if type(value) is list:
            copy: list[Any] | None = None  # a list may be shared: changed as a copy
            shared = self.skip
            for index, item in enumerate(value):
                if shared is not None and shared(item):
                    continue
                new = self._value(item)
                if new is not item:
                    if copy is None:
                        copy = value.copy()
                    copy[index] = new
            return value if copy is None else copy
        if isinstance(value, BaseModel):
            updates = self._updates(value)
            if not updates:
                return value
            target = self.cow.own(value)
            target.__dict__.update(updates)
            return target
        return value


# The code that decides what redaction does: the rules and the text helpers they use.
_REDACTION_CODE = ("privacy", "lang")


@cache
def redaction_fingerprint() -> str:
    """A short digest of the redaction code (the source of the rules and of the text
    helpers they use): the journal stamps every write with it, and a file written under
    other rules (by another version of the program) is redacted again at its next write,
    its texts shown redacted again. Read from the source files, so it costs no import of
    the rules; ``""`` (no file is then taken as redacted) when they cannot be read."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    try:
        for package in _REDACTION_CODE:
            for source in sorted((root / package).glob("*.py")):
                digest.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    except OSError:
        return ""
    return digest.hexdigest()[: limits.FILE_DIGEST_HEX_CHARS]


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
