"""The memory file's text for one write: serialized once, then patched in place.

A write serializes its document once (:meth:`MemoryDocument.to_bytes`). What the
store changes afterwards — the ``updated_at`` and ``epoch`` fields, the elements the
size policy removes or shortens, an element whose new text needed redaction — is
patched into that text instead of serializing the whole document again, and the
size of the result is known exactly after every patch, without a dump.

This works because the file is pretty-printed JSON (``indent=2``) whose layout is
fixed: a top-level field's line starts with exactly two spaces, an element of a
list of models inside a section (``working_memory.recent_turns``,
``long_term_memory.project_notes``...) starts with ``{`` after six spaces and ends
with ``}`` after six, and a JSON string never holds a raw newline, so none of these
markers can occur inside text. The text is cut at the elements once, when an
element is first patched or asked for; each list is then rendered from its
elements' texts exactly as the serializer renders it. Should the cut not match the
document (a layout this module does not know), the text falls back to serializing
the whole document after a change: slower, never different.

A write that starts from the file this store wrote last need not serialize the
whole document at all: :class:`FileText` can be derived from that file's text. Each
element's text is reused when the element is the one written (a write copies on
write, so an element it did not change is the same object) or equals it; only new
or changed elements are serialized. What lies between the elements (the profile and
the scalars) is reused too while it is unchanged, else serialized again without the
elements (a skeleton).

This module stays (issue 28 asked whether pydantic's own serializers could replace
it): pydantic serializes a whole document at a time, and a full dump per write (plus
one per size-policy removal) costs about what the floor of a write does by itself,
against a goal of at most 1.3 times that floor. ``tests/store/test_budget.py`` pins
what it relies on in pydantic's ``indent=2`` output: every patched and derived text
equals a fresh serialization, on random documents.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from functools import cache
from operator import is_
from typing import Any, get_args, get_origin

from pydantic import BaseModel

from autopatch_memory import limits
from autopatch_memory.model import MemoryDocument

# The pretty-printed layout of a list of models at depth 2 (its elements at depth 3).
_ELEMENT_INDENT = b" " * 6
_ELEMENT_START = b"\n" + _ELEMENT_INDENT + b"{\n"
_ELEMENT_END = b"\n" + _ELEMENT_INDENT + b"}"
_SEPARATOR = b",\n"
_LIST_OPEN = b"[\n"
_LIST_CLOSE = b"\n    ]"
_EMPTY_LIST = b"[]"


def element_text(model: BaseModel) -> bytes:
    """``model``'s text as an element of a list at depth 2 of the file."""
    own = model.__pydantic_serializer__.to_json(model, indent=2)
    return _ELEMENT_INDENT + own.replace(b"\n", b"\n" + _ELEMENT_INDENT)


def model_lists(doc: MemoryDocument) -> Iterator[list[Any]]:
    """The non-empty lists of models one level inside the document's sections, in
    the order the file holds them: the lists whose elements a write may patch."""
    return (items for _, items in _named_lists(doc))


def _named_lists(doc: MemoryDocument) -> Iterator[tuple[tuple[str, str], list[Any]]]:
    """:func:`model_lists` with each list's section and field names."""
    for name in type(doc).model_fields:
        section = getattr(doc, name)
        if isinstance(section, BaseModel):
            for field in _list_fields(type(section)):
                items = getattr(section, field)
                if items:
                    yield (name, field), items


@cache
def _list_fields(section: type[BaseModel]) -> tuple[str, ...]:
    """The fields of a section class that hold lists of models."""
    return tuple(
        name
        for name, field in section.model_fields.items()
        if get_origin(field.annotation) is list
        and any(
            isinstance(a, type) and issubclass(a, BaseModel) for a in get_args(field.annotation)
        )
    )


def _emptied(section: BaseModel) -> BaseModel:
    """A shallow copy of ``section`` with its lists of models empty."""
    return section.model_copy(update={field: [] for field in _list_fields(type(section))})


def _kept_only(doc: MemoryDocument, keep: Callable[[BaseModel], bool]) -> MemoryDocument:
    """A shallow copy of ``doc`` whose lists of models hold only what ``keep`` accepts."""
    sections: dict[str, BaseModel] = {}
    for name in type(doc).model_fields:
        section = getattr(doc, name)
        fields = _list_fields(type(section)) if isinstance(section, BaseModel) else ()
        if fields:
            kept = {f: [m for m in getattr(section, f) if keep(m)] for f in fields}
            sections[name] = section.model_copy(update=kept)
    return doc.model_copy(update=sections)


def _skeleton(doc: MemoryDocument) -> tuple[bytes, list[tuple[str, str]]]:
    """The document's text with every list of models emptied (what the text holds
    besides the elements), and those lists' names in file order."""
    emptied: dict[str, BaseModel] = {}
    names: list[tuple[str, str]] = []
    for name in type(doc).model_fields:
        section = getattr(doc, name)
        fields = _list_fields(type(section)) if isinstance(section, BaseModel) else ()
        if fields:
            emptied[name] = _emptied(section)
            names += [(name, field) for field in fields]
    return doc.model_copy(update=emptied).to_bytes(), names


def _same_outside(new: MemoryDocument, old: MemoryDocument) -> bool:
    """Whether everything outside the elements of ``new`` serializes as ``old``'s does:
    the profile and the scalars, and the sections' fields that are not lists of models."""
    for name in type(new).model_fields:
        now, before = getattr(new, name), getattr(old, name)
        if now is before:
            continue
        fields = _list_fields(type(now)) if isinstance(now, BaseModel) else ()
        if fields and type(now) is type(before):
            # A section: its lists of models are the elements, compared on their own.
            values = {k: v for k, v in now.__dict__.items() if k not in fields}
            former = {k: v for k, v in before.__dict__.items() if k not in fields}
            if not _same_values(type(now), former, values):
                return False
        elif isinstance(now, BaseModel) and type(now) is type(before):
            if not _same_values(type(now), before.__dict__, now.__dict__):
                return False
        elif type(now) is not type(before) or now != before or _other_offset(now, before):
            return False
    return True


def _other_offset(now: Any, before: Any) -> bool:
    """Equal datetimes at different offsets (written differently)."""
    return isinstance(now, datetime) and now.utcoffset() != before.utcoffset()


def _texts(items: list[Any], source: _ListText | None) -> list[bytes]:
    """The texts of ``items``: the text ``source`` holds for the same element (the same
    object, or an equal one with the same id), else its own."""
    if source is None:
        return [element_text(model) for model in items]
    if len(items) == len(source.models) and all(map(is_, items, source.models)):
        return list(source.items)  # the same elements (most lists of most writes)
    # By identity: the source's elements are alive (it holds them), so an id is theirs.
    same = {id(model): text for model, text in source.pairs()}
    by_id: dict[Any, tuple[BaseModel, bytes]] | None = None
    texts = []
    for model in items:
        text = same.get(id(model))
        if text is not None:
            texts.append(text)
            continue
        if by_id is None:
            by_id = {getattr(m, "id", None): (m, t) for m, t in source.pairs()}
        old = by_id.get(getattr(model, "id", None))
        if old is not None and _same_element(old[0], model):
            texts.append(old[1])
        else:
            texts.append(element_text(model))
    return texts


def _same_element(old: BaseModel, new: BaseModel) -> bool:
    """True when ``new`` serializes exactly as ``old`` (an element: no nested models)."""
    return type(old) is type(new) and _same_values(type(new), old.__dict__, new.__dict__)


def _same_values(model: type[BaseModel], old: dict[str, Any], new: dict[str, Any]) -> bool:
    """True when field values ``new`` of a ``model`` serialize exactly as ``old``."""
    if old != new:
        return False
    # Equal datetimes may still be written differently: the same instant at another offset.
    for name in _time_fields(model):
        before, after = old[name], new[name]
        if before is not after and before.utcoffset() != after.utcoffset():
            return False
    return True


@cache
def _time_fields(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields of a model class that hold datetimes."""
    return tuple(name for name, f in model.model_fields.items() if _holds(f.annotation, datetime))


def _holds(annotation: Any, kind: type) -> bool:
    """Whether a type annotation (unions and ``Annotated`` looked into) names ``kind``."""
    return annotation is kind or any(_holds(arg, kind) for arg in get_args(annotation))


# Sizes of elements as a section's own text writes them (at depth 2), by class and id,
# with the field values they were computed from: a document is copied for every write,
# so an element is a new object each time, and its id and values are what persist.
_ELEMENT_SIZES: dict[tuple[type[BaseModel], Any], tuple[dict[str, Any], int]] = {}
# A section's own text: its lists at depth 1, their elements at depth 2.
_SECTION_ELEMENT_INDENT = 4
_SECTION_LIST_CLOSE = b"\n  ]"


def section_size(section: BaseModel) -> int:
    """The length of ``section``'s own text (``to_json(indent=2)``), computed from the
    sizes of its elements, which are serialized only when new or changed."""
    size = len(section.__pydantic_serializer__.to_json(_emptied(section), indent=2))
    for field in _list_fields(type(section)):
        items = getattr(section, field)
        if items:
            # "[]" becomes "[\n", the elements joined by ",\n", and "\n  ]".
            inner = sum(map(element_size, items)) + len(_SEPARATOR) * (len(items) - 1)
            size += len(_LIST_OPEN) + inner + len(_SECTION_LIST_CLOSE) - len(_EMPTY_LIST)
    return size


def element_size(model: BaseModel) -> int:
    """The bytes an element (a long-term item, a topic, a turn) takes in its section's
    own text, as :func:`section_size` counts it."""
    key = (type(model), getattr(model, "id", None))
    known = _ELEMENT_SIZES.get(key)
    if known is not None and _same_values(type(model), known[0], model.__dict__):
        return known[1]
    own = model.__pydantic_serializer__.to_json(model, indent=2)
    size = _SECTION_ELEMENT_INDENT * (1 + own.count(b"\n")) + len(own)
    if len(_ELEMENT_SIZES) >= limits.ELEMENT_SIZE_CACHE_ENTRIES:
        _ELEMENT_SIZES.clear()
    # The values as they are now: a list the caller changes in place must not change them.
    values = {k: list(v) if type(v) is list else v for k, v in model.__dict__.items()}
    _ELEMENT_SIZES[key] = (values, size)
    return size


class _ListText:
    """One list of models as text: its elements' texts, joined as the serializer does."""

    __slots__ = ("items", "length", "models", "name", "source")

    def __init__(self, name: tuple[str, str], source: list[Any], texts: list[bytes]) -> None:
        self.name = name  # (section, field)
        self.source = source  # the document's list (the caller mutates it)
        self.models = list(source)  # the elements, in the order of ``items``
        self.items = texts
        self.length = sum(map(len, texts))

    def size(self) -> int:
        count = len(self.items)
        if count == 0:
            return len(_EMPTY_LIST)
        return len(_LIST_OPEN) + self.length + len(_SEPARATOR) * (count - 1) + len(_LIST_CLOSE)

    def render(self) -> bytes:
        if not self.items:
            return _EMPTY_LIST
        return _LIST_OPEN + _SEPARATOR.join(self.items) + _LIST_CLOSE

    def pairs(self) -> Iterator[tuple[BaseModel, bytes]]:
        """Each element with its text."""
        return zip(self.models, self.items, strict=True)

    def position(self, model: BaseModel) -> int:
        for index, element in enumerate(self.models):
            if element is model:
                return index
        raise ValueError(f"{type(model).__name__} is not an element of this list")


class FileText:
    """The bytes ``doc`` is written as, kept exact while the store patches ``doc``.

    The caller removes elements through :meth:`remove` and puts a changed copy of an
    element in its place through :meth:`replace`; after changing ``doc`` otherwise, it
    says what it changed: :meth:`set_field` (a top-level scalar), :meth:`changed` (an
    element's fields), or :meth:`rebuild` (anything else).
    """

    def __init__(self, doc: MemoryDocument, *, copied_from: FileText | None = None) -> None:
        """The text of ``doc``. ``copied_from``: the text of the document ``doc`` is a
        copy of (changed since), whose element texts are reused where they still fit."""
        self.doc = doc
        self._whole: bytes | None = None  # the text, while no patch made it stale
        self._pieces: list[bytes | _ListText] = []
        self._size = 0
        self._owner: dict[int, _ListText] | None = None  # element id -> its list, once cut
        self._opaque = False  # the layout is not understood: serialize after every change
        self._stale = False  # (opaque only) the document changed since the last dump
        if copied_from is None or not self._derive(copied_from):
            self.rebuild()

    @property
    def size(self) -> int:
        """The length in bytes of :attr:`data`."""
        if self._stale:
            self.rebuild()
        return self._size

    @property
    def data(self) -> bytes:
        """The file's bytes as the document stands now."""
        if self._stale:
            self.rebuild()
        if self._whole is None:
            self._whole = b"".join(p if isinstance(p, bytes) else p.render() for p in self._pieces)
        return self._whole

    def elements(self) -> list[tuple[BaseModel, bytes]] | None:
        """Every element of :func:`model_lists` with its text, in file order; ``None``
        when the layout is not understood."""
        if not self._cut():
            return None
        return [
            (model, text)
            for piece in self._pieces
            if isinstance(piece, _ListText)
            for model, text in zip(piece.models, piece.items, strict=True)
        ]

    def lists(self) -> list[list[Any]]:
        """The document's lists whose elements :meth:`elements` covers."""
        if not self._cut():
            return []
        return [piece.source for piece in self._pieces if isinstance(piece, _ListText)]

    def size_keeping(self, keep: Callable[[BaseModel], bool]) -> int:
        """The size :attr:`data` would have with only the elements of :func:`model_lists`
        that ``keep`` accepts; nothing is changed."""
        if self._stale or not self._cut():
            return len(_kept_only(self.doc, keep).to_bytes())
        size = 0
        for piece in self._pieces:
            if isinstance(piece, bytes):
                size += len(piece)
                continue
            kept = [len(text) for model, text in piece.pairs() if keep(model)]
            if kept:
                size += len(_LIST_OPEN) + sum(kept) + len(_SEPARATOR) * (len(kept) - 1)
                size += len(_LIST_CLOSE)
            else:
                size += len(_EMPTY_LIST)
        return size

    def set_field(self, name: str) -> None:
        """The top-level field ``name`` (a scalar: a number, a string, a timestamp,
        ``null``) was set."""
        if self._opaque:
            self._stale = True
            return
        whole = self.doc.__pydantic_serializer__.to_json(self.doc, include={name})
        value = whole[len(name) + 4 : -1]  # {"name":VALUE}
        if value[:1] in (b"{", b"["):  # not one line in the file
            self._give_up()
            return
        key = b'\n  "' + name.encode("utf-8") + b'": '
        for index, piece in enumerate(self._pieces):
            at = piece.find(key) if isinstance(piece, bytes) else -1
            if at < 0:
                continue
            assert isinstance(piece, bytes)
            start = at + len(key)
            end = piece.find(b"\n", start)
            end = len(piece) if end < 0 else end
            if piece[end - 1 : end] == b",":
                end -= 1
            self._pieces[index] = piece[:start] + value + piece[end:]
            self._size += len(value) - (end - start)
            self._whole = None
            return
        self._give_up()

    def remove(self, items: list[Any], model: BaseModel) -> None:
        """Take the element ``model`` out of ``items``, its list in the document (one
        of :func:`model_lists`), and out of the text."""
        owner = self._list_of(model)  # cut first, while the document still matches
        for index, element in enumerate(items):
            if element is model:  # by identity: == may pick an equal twin
                del items[index]
                break
        if owner is None:
            return
        before = owner.size()
        index = owner.position(model)
        del owner.models[index]
        owner.length -= len(owner.items.pop(index))
        self._size += owner.size() - before
        self._whole = None
        assert self._owner is not None
        del self._owner[id(model)]

    def replace(self, items: list[Any], old: BaseModel, new: BaseModel) -> None:
        """Put ``new`` (a changed copy of the element ``old``) in place of ``old`` in
        ``items``, its list in the document, and in the text."""
        owner = self._list_of(old)  # cut first, while the document still matches
        for index, element in enumerate(items):
            if element is old:
                items[index] = new
                break
        if owner is None:
            return
        owner.models[owner.position(old)] = new
        assert self._owner is not None
        self._owner[id(new)] = self._owner.pop(id(old))
        self.changed(new)

    def changed(self, model: BaseModel) -> None:
        """A field of the element ``model`` was changed."""
        owner = self._list_of(model)
        if owner is None:
            return
        index = owner.position(model)
        new = element_text(model)
        delta = len(new) - len(owner.items[index])
        owner.items[index] = new
        owner.length += delta
        self._size += delta
        self._whole = None

    def rebuild(self) -> None:
        """Serialize the whole document again (after a change no other method names)."""
        whole = self.doc.to_bytes()
        self._whole = whole
        self._pieces = [whole]
        self._size = len(whole)
        self._owner = None
        self._stale = False

    # -- internals -------------------------------------------------------------------

    def _derive(self, source: FileText) -> bool:
        """Build the text from ``source``'s: its element texts that still fit, and what
        lies between them while that is unchanged (else a skeleton: the document
        serialized without its elements); False (nothing set) when the skeleton's
        layout is not the expected one."""
        if source._owner is None or source._opaque or source._stale:
            return False  # not cut: no element texts to reuse
        lists = dict(_named_lists(self.doc))
        old = {piece.name: piece for piece in source._pieces if isinstance(piece, _ListText)}
        if list(lists) == list(old) and _same_outside(self.doc, source.doc):
            # Only the elements changed: the glue between them is the source's.
            self._adopt(
                [
                    piece
                    if isinstance(piece, bytes)
                    else _ListText(piece.name, lists[piece.name], _texts(lists[piece.name], piece))
                    for piece in source._pieces
                ]
            )
            self._whole = None
            return True
        skeleton, names = _skeleton(self.doc)
        pieces: list[bytes | _ListText] = []
        glue = 0
        for name in names:
            key = b'\n    "' + name[1].encode("utf-8") + b'": ' + _EMPTY_LIST
            found = skeleton.find(key, glue)
            if found < 0:
                return False
            items = lists.get(name)
            if not items:
                continue  # "[]" stays in the glue
            opening = found + len(key) - len(_EMPTY_LIST)
            pieces.append(skeleton[glue:opening])
            pieces.append(_ListText(name, items, _texts(items, old.get(name))))
            glue = opening + len(_EMPTY_LIST)
        pieces.append(skeleton[glue:])
        self._adopt(pieces)
        self._whole = None
        return True

    def _adopt(self, pieces: list[bytes | _ListText]) -> None:
        self._pieces = pieces
        self._size = sum(len(p) if isinstance(p, bytes) else p.size() for p in pieces)
        self._owner = {
            id(model): piece
            for piece in pieces
            if isinstance(piece, _ListText)
            for model in piece.models
        }

    def _list_of(self, model: BaseModel) -> _ListText | None:
        """The list holding ``model``; ``None`` (the text then serializes the whole
        document again when asked) when the layout is not understood."""
        if self._cut():
            assert self._owner is not None
            owner = self._owner.get(id(model))
            if owner is not None:
                return owner
        self._give_up()
        return None

    def _give_up(self) -> None:
        self._opaque = True
        self._stale = True

    def _cut(self) -> bool:
        """Cut the text at the elements (once); False when it does not match the document."""
        if self._owner is not None:
            return True
        if self._opaque:
            return False
        [whole] = self._pieces
        assert isinstance(whole, bytes)
        pieces = _cut(whole, list(_named_lists(self.doc)))
        if pieces is None:
            self._opaque = True
            return False
        self._adopt(pieces)
        return True


def _cut(
    data: bytes, lists: list[tuple[tuple[str, str], list[Any]]]
) -> list[bytes | _ListText] | None:
    """``data`` in pieces: glue, and one :class:`_ListText` per list of ``lists`` (in
    file order); ``None`` when the elements found do not match those lists one to one."""
    pieces: list[bytes | _ListText] = []
    find = data.find
    glue = 0  # where the glue before the next list begins
    at = find(_ELEMENT_START)  # the newline before an element's first line
    for name, items in lists:
        if at < 1 or data[at - 1 : at + 1] != _LIST_OPEN:
            return None  # a list opens right before its first element
        opening = at - 1
        texts: list[bytes] = []
        while True:
            end = find(_ELEMENT_END, at + len(_ELEMENT_START) - 1)
            if end < 0:
                return None
            end += len(_ELEMENT_END)
            texts.append(data[at + 1 : end])
            if not data.startswith(_SEPARATOR, end):
                break
            at = end + len(_SEPARATOR) - 1  # the separator's newline starts the next one
            if not data.startswith(_ELEMENT_START, at):
                return None
        if len(texts) != len(items) or not data.startswith(_LIST_CLOSE, end):
            return None
        pieces.append(data[glue:opening])
        pieces.append(_ListText(name, items, texts))
        glue = end + len(_LIST_CLOSE)
        at = find(_ELEMENT_START, glue)
    if at >= 0:
        return None  # an element of a list this module does not know
    pieces.append(data[glue:])
    return pieces
