"""The one loader of the test corpora: ``tests/data/<family>/<split>.jsonl``, one case a line.

Families and what they hold (each folder's README.md says where its data came from):

* ``conversations``: the memory-judgement conversations, as ``gold.Conversation``;
* ``router``: the intent router's labelled questions, as ``RouterCase``;
* ``governance``: the search and credential sets of governing memory directly.

A split is a file; every file present is a split (``splits(family)``), so a new file is
measured without a change here. Files named ``sealed*`` are sealed held-out sets: tests
and report scripts measure them and print aggregate numbers only, never their cases, and
hold them to no bar (pytest marks their cases ``sealed``). Nobody reads them to tune on.

Reading is strict: a line must hold exactly the fields of its class (plus an optional
``note``, the provenance of a case), each of its type, or loading fails naming the file
and line.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from gold import Conversation

from autopatch_memory.intents import IntentType

DATA = Path(__file__).resolve().parent / "data"
FAMILIES = ("conversations", "router", "governance")  # the families this module reads
SEALED_PREFIX = "sealed"
# What a line may say about a case besides its fields: its provenance (``note``), the kind
# of case its writer meant (``class``) and its language (``lang``); kept in the file, not
# in the loaded case.
METADATA = frozenset({"note", "class", "lang"})

# The order of a family's splits (report columns, test ids): by kind (the name up to an
# underscore), then by name; a kind not listed comes last.
_KIND_ORDER = ("dev", "heldout", "cases", "held_out", "set", "blind", "adversarial", "sealed")
# Display names: "heldout_b" is "held-out B" in the docs' tables.
_WORDS = {"heldout": "held-out"}

T = TypeVar("T")


class CorpusError(ValueError):
    """A corpus line that does not have the shape of its class: ``where`` (file, line and
    field), then what is wrong with it."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")
        self.where = where


# --- splits ---------------------------------------------------------------------------------


def _order(stem: str) -> tuple[int, str]:
    kinds = [i for i, k in enumerate(_KIND_ORDER) if stem == k or stem.startswith(f"{k}_")]
    return (kinds[0] if kinds else len(_KIND_ORDER)), stem


def splits(family: str) -> list[str]:
    """The split names (file stems) of ``family``, every file present, in report order."""
    return sorted((p.stem for p in (DATA / family).glob("*.jsonl")), key=_order)


def is_sealed(split: str) -> bool:
    """A sealed held-out set: measured in aggregate only, held to no bar."""
    return split.startswith(SEALED_PREFIX)


def display_name(split: str) -> str:
    """The name the docs' tables use: ``heldout_b`` -> ``held-out B``, ``blind_a`` -> ``blind A``."""
    words = [_WORDS.get(w, w) for w in split.split("_")]
    return " ".join(w.upper() if len(w) == 1 else w for w in words)


def _lines(path: Path) -> list[tuple[int, dict[str, Any]]]:
    rows = []
    with path.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if not isinstance(row, dict):
                raise CorpusError(f"{path.name}:{number}", "a line must be one JSON object")
            rows.append((number, row))
    return rows


# --- strict building of typed cases --------------------------------------------------------------


def _value(hint: Any, raw: Any, where: str) -> Any:
    """``raw`` (parsed JSON) as a value of the type ``hint``: a dataclass or NamedTuple, a
    tuple or frozenset of them, or a plain str, bool or enum."""
    origin = typing.get_origin(hint)
    if origin in (tuple, frozenset):
        if not isinstance(raw, list):
            raise CorpusError(where, f"expected a list, got {raw!r}")
        item = typing.get_args(hint)[0]
        values = (_value(item, x, where) for x in raw)
        return tuple(values) if origin is tuple else frozenset(values)
    if isinstance(hint, type) and (dataclasses.is_dataclass(hint) or _is_named_tuple(hint)):
        return _build(hint, raw, where)
    if isinstance(hint, type) and issubclass(hint, IntentType):
        if raw not in {i.value for i in IntentType}:
            raise CorpusError(where, f"expected an intent, got {raw!r}")
        return IntentType(raw)
    if hint in (str, bool) and type(raw) is hint:
        return raw
    raise CorpusError(where, f"expected {getattr(hint, '__name__', hint)}, got {raw!r}")


def _is_named_tuple(cls: type) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")


def _build(cls: type[T], raw: Any, where: str) -> T:
    if not isinstance(raw, dict):
        raise CorpusError(where, f"expected an object for {cls.__name__}, got {raw!r}")
    hints = typing.get_type_hints(cls)
    names = (
        [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
        if dataclasses.is_dataclass(cls)
        else list(cls._fields)  # type: ignore[attr-defined]
    )
    given = set(raw) - METADATA
    if given != set(names):
        missing, unknown = sorted(set(names) - given), sorted(given - set(names))
        raise CorpusError(where, f"{cls.__name__} fields missing {missing}, unknown {unknown}")
    return cls(**{n: _value(hints[n], raw[n], f"{where} {n}") for n in names})


def _read(family: str, split: str, cls: type[T]) -> tuple[T, ...]:
    path = DATA / family / f"{split}.jsonl"
    try:
        return tuple(_build(cls, row, f"{path.name}:{number}") for number, row in _lines(path))
    except CorpusError as error:
        if not is_sealed(split):
            raise
        # Where, never what: an error must not show a sealed set's text.
        raise CorpusError(
            error.where, "not the shape of its class (sealed: no value shown)"
        ) from None


# --- the families ------------------------------------------------------------------------------


@cache
def conversations(split: str) -> tuple[Conversation, ...]:
    """The memory-judgement conversations of one split (``tests/data/conversations/``)."""
    return _read("conversations", split, Conversation)


class RouterCase(NamedTuple):
    """A labelled question: its intent with no patch pending, and while one is pending."""

    text: str
    intent: IntentType
    intent_with_patch: IntentType


@cache
def router_cases(split: str) -> tuple[RouterCase, ...]:
    """The router's labelled questions of one split (``tests/data/router/``)."""
    return _read("router", split, RouterCase)


class SearchItem(NamedTuple):
    """An item of the memory the search set searches."""

    key: str
    kind: str  # "rule", "note", "topic"
    label: str
    summary: str
    active: bool


class SearchQuery(NamedTuple):
    """Words a developer searches with, and the keys of the items that answer them."""

    text: str
    expected: frozenset[str]
    include_archived: bool


class Text(NamedTuple):
    text: str


class TextWithSecret(NamedTuple):
    """A rule or note with a credential beside it, and that credential."""

    text: str
    secret: str


def search_items() -> tuple[SearchItem, ...]:
    return _read("governance", "search_items", SearchItem)


def search_queries() -> tuple[SearchQuery, ...]:
    return _read("governance", "search_queries", SearchQuery)


def governance_texts(split: str) -> tuple[str, ...]:
    """One of the text sets: ``question_texts``, ``request_texts``, ``credential_texts``,
    ``legit_texts``."""
    return tuple(t.text for t in _read("governance", split, Text))


def mixed_texts() -> tuple[tuple[str, str], ...]:
    """(text, secret): a rule or note with a credential beside it."""
    return tuple((t.text, t.secret) for t in _read("governance", "mixed_texts", TextWithSecret))
