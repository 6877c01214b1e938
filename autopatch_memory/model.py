"""Typed models of ``memory.json`` (docs/file-format.md) and of the Memory Delta (docs/delta.md).

``MemoryDocument.model_dump(mode="json")`` is exactly the file's shape, keys in a
stable order. Loading follows docs/file-format.md: lenient where the reference
implementation writes differently (an empty string or ``null`` where a value is
optional means "missing", ``status`` ``inactive``/``archived``, random id
suffixes, naive timestamps, no ``generation``), strict about types and closed
sets, so that an invalid item is detected (the store then drops that item alone).
Caps are not enforced by validation: writers clip or reject, and
:func:`check_invariants` says whether a document keeps every cap.
"""

from __future__ import annotations

from copy import deepcopy
from datetime import datetime, tzinfo
from enum import Enum
from functools import cache
from operator import attrgetter
from types import UnionType
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    NonNegativeInt,
    PlainSerializer,
    field_validator,
    model_validator,
)

from autopatch_memory import limits
from autopatch_memory.intents import MEMORY_INTENTS, IntentType


def _aware(value: datetime) -> datetime:
    # Reference files may carry naive timestamps: read them as local time. The file
    # keeps whole seconds: so does a document read from it, or validated from a copy.
    if value.microsecond:
        value = value.replace(microsecond=0)
    if not limits.TIMESTAMP_MIN_YEAR <= value.year <= limits.TIMESTAMP_MAX_YEAR:
        value = _clamped(value)
    return value if value.tzinfo is not None else value.astimezone()


def _clamped(value: datetime) -> datetime:
    """``value`` moved to the nearest end of the sane range (docs/file-format.md): a
    naive 9999-12-31T23:59:59 read as local time overflows, and an offset far from
    UTC near either end of the calendar does too."""
    if value.year < limits.TIMESTAMP_MIN_YEAR:
        return value.replace(
            year=limits.TIMESTAMP_MIN_YEAR, month=1, day=1, hour=0, minute=0, second=0
        )
    return value.replace(
        year=limits.TIMESTAMP_MAX_YEAR, month=12, day=31, hour=23, minute=59, second=59
    )


# Text of the timestamps serialized lately: a file holds about a hundred, and the
# same values are written again at every write. Keyed by the value *and* its tzinfo:
# aware datetimes of one instant compare equal whatever their offset, but are written
# with their own offset.
_ISO_TEXT: dict[tuple[datetime, tzinfo | None], str] = {}


def _iso(value: datetime) -> str:
    # isoformat, not pydantic's native datetime serializer: that one writes "Z" for
    # a zero offset, fractions of a second and offsets to the minute, and the bytes
    # on disk must stay what every earlier version (and the reference) wrote.
    key = (value, value.tzinfo)
    text = _ISO_TEXT.get(key)
    if text is None:
        if len(_ISO_TEXT) >= limits.TIMESTAMP_TEXT_CACHE_ENTRIES:
            _ISO_TEXT.clear()
        text = _ISO_TEXT[key] = value.isoformat(timespec="seconds")
    return text


# Python-mode dumps (``model_dump()``, the applier's copy) keep datetime objects, which
# pydantic handles natively; only JSON goes through ``_iso``.
Timestamp = Annotated[
    datetime,
    AfterValidator(_aware),
    PlainSerializer(_iso, return_type=str, when_used="json"),
]
"""An aware datetime written as ISO-8601 with its UTC offset (``2026-05-01T12:30:00+08:00``)."""


_E = TypeVar("_E", bound=Enum)

# A member's value is read with a C getter (``_value_``), not the ``value`` property,
# whose Python-level ``__get__`` was a large share of the cost of serializing a file.
Stored = Annotated[_E, PlainSerializer(attrgetter("_value_"), return_type=str, when_used="json")]
"""An enum field written as its value."""


def _none_to_empty(value: Any) -> Any:
    return "" if value is None else value


Text = Annotated[str, BeforeValidator(_none_to_empty)]
"""A string field where the reference implementation may have written ``null``."""


def _none_to_list(value: Any) -> Any:
    return [] if value is None or value == "" else value


def _none_to_object(value: Any) -> Any:
    return {} if value is None or value == "" else value


StrList = Annotated[list[str], BeforeValidator(_none_to_list)]
"""A list of strings where the reference may have written ``null`` or ``""``."""


def _blank_to_none(value: Any) -> Any:
    # The reference implementation writes "" for an optional value it does not know.
    return None if isinstance(value, str) and not value.strip() else value


OptionalText = Annotated[str | None, BeforeValidator(_blank_to_none)]
"""An optional string: ``""`` and ``null`` both mean missing."""

OptionalTimestamp = Annotated[Timestamp | None, BeforeValidator(_blank_to_none)]
"""An optional timestamp: ``""`` and ``null`` both mean missing."""


# For fields the reference format does not have, written only when set (pydantic's
# per-field ``exclude_if``: a model-wide wrap serializer made every dump 5x slower).
def _is_false(value: Any) -> bool:
    return value is False


def _is_none(value: Any) -> bool:
    return value is None


def _is_empty(value: Any) -> bool:
    return not value


class _Model(BaseModel):
    # Unknown keys are ignored: the reference format has exactly these keys.
    model_config = ConfigDict(extra="ignore", validate_assignment=False)


# --- closed sets ----------------------------------------------------------------


def _lenient_member(cls: type[Enum], value: object, aliases: dict[str, str]) -> Any:
    """The member of ``cls`` that ``value`` names, ignoring case, spaces and aliases."""
    if not isinstance(value, str):
        return None
    key = value.strip().lower()
    key = aliases.get(key, key)
    return next((member for member in cls if member.value == key), None)


class SummaryStatus(str, Enum):
    """Whether a recent turn has been summarized yet."""

    PENDING = "pending"
    READY = "ready"

    @classmethod
    def _missing_(cls, value: object) -> SummaryStatus | None:
        found: SummaryStatus | None = _lenient_member(cls, value, {})
        return found


class ItemStatus(str, Enum):
    """Lifecycle of a long-term item. Only the user (``forget``) or a superseding
    rule archives one.

    The API calls a forgotten item *archived*; the file says ``inactive``, the
    value the reference implementation writes and reads, so that a file shared
    with it never brings a forgotten item back. ``archived`` (written by earlier
    versions of this program) reads as ``inactive``.
    """

    ACTIVE = "active"
    ARCHIVED = "inactive"

    @classmethod
    def _missing_(cls, value: object) -> ItemStatus | None:
        found: ItemStatus | None = _lenient_member(cls, value, {"archived": "inactive"})
        return found


class LongTermType(str, Enum):
    """The two kinds of long-term memory."""

    DURABLE_PREFERENCE = "durable_preference"
    PROJECT_NOTE = "project_note"


class Source(str, Enum):
    """Where a long-term item came from; fixed by its type."""

    USER_EXPLICIT = "user_explicit"
    CONVERSATION_SUMMARY = "conversation_summary"


SOURCE_OF_TYPE: dict[LongTermType, Source] = {
    LongTermType.DURABLE_PREFERENCE: Source.USER_EXPLICIT,
    LongTermType.PROJECT_NOTE: Source.CONVERSATION_SUMMARY,
}


class Origin(str, Enum):
    """How a rule came to be: the user said it (``explicit``), or adopted the assistant's
    suggestion in their own words (``adopted``)."""

    EXPLICIT = "explicit"
    ADOPTED = "adopted"


class BuildTool(str, Enum):
    """The build tool a repository uses."""

    MAVEN = "maven"
    GRADLE = "gradle"
    MAVEN_AND_GRADLE = "maven+gradle"

    @classmethod
    def _missing_(cls, value: object) -> BuildTool | None:
        found: BuildTool | None = _lenient_member(cls, value, {})
        return found


# --- the file -------------------------------------------------------------------


class RepoProfile(_Model):
    """Narrow build metadata, collected by the program from build files only."""

    build_tool: Annotated[BuildTool | None, BeforeValidator(_blank_to_none)] = None
    java_version: OptionalText = None
    project_name: OptionalText = None
    modules: StrList = Field(default_factory=list)
    module_count: Annotated[NonNegativeInt | None, BeforeValidator(_blank_to_none)] = None
    """How many modules the build declares (``modules`` shows at most 20); ``None``: none."""
    frameworks: StrList = Field(default_factory=list)
    source_files: StrList = Field(default_factory=list)
    updated_at: OptionalTimestamp = None

    def facts(self) -> dict[str, Any]:
        """The profile without its timestamp, to tell whether anything changed."""
        return self.model_dump(mode="json", exclude={"updated_at"})

    @property
    def is_empty(self) -> bool:
        """True when no build file or README supplied anything."""
        return not any(
            (self.build_tool, self.java_version, self.project_name, self.modules, self.frameworks)
        )


class Turn(_Model):
    """One recorded Q&A turn: raw material for the summarizer, not memory."""

    id: str
    intent: Stored[IntentType]
    user_text: Text
    assistant_text: Text = ""
    summary: Text = ""
    summary_status: Stored[SummaryStatus] = SummaryStatus.PENDING
    scope_paths: StrList = Field(default_factory=list)
    created_at: Timestamp
    # The host said the turn explains the project as a whole (no specific file in
    # scope); the summarizer uses it to tell a module question from a file question.
    # Written only when true: the reference format has no such key.
    project_level: bool = Field(default=False, exclude_if=_is_false)

    @field_validator("summary_status", mode="before")
    @classmethod
    def _blank_status_is_pending(cls, value: Any) -> Any:
        return _blank_to_none(value) or SummaryStatus.PENDING

    @field_validator("intent")
    @classmethod
    def _memory_intent(cls, value: IntentType) -> IntentType:
        if value not in MEMORY_INTENTS:
            raise ValueError(f"a stored turn cannot have intent {value.value}")
        return value

    @property
    def is_pending(self) -> bool:
        """Not summarized yet."""
        return self.summary_status is SummaryStatus.PENDING


class Topic(_Model):
    """A recent concern of the user, touched by summaries."""

    id: str
    label: Text
    summary: Text
    related_turn_ids: StrList = Field(default_factory=list)
    last_touched_at: Timestamp


class LongTermItem(_Model):
    """A governed long-term item: a durable preference or a project note."""

    id: str
    type: Stored[LongTermType]
    label: Text
    summary: Text
    status: Stored[ItemStatus] = ItemStatus.ACTIVE
    source: Stored[Source]
    created_at: Timestamp
    updated_at: Timestamp
    # The id of the newer rule that replaced this one (set with status inactive);
    # written only when set: the reference format has no such key.
    superseded_by: str | None = Field(default=None, exclude_if=_is_none)
    # On an archived revision: the item whose earlier text this is (an edit or a model's
    # update keeps the item's id for the new text and archives the old text under a new id).
    revision_of: str | None = Field(default=None, exclude_if=_is_none)
    # A rule: whether the user stated it or adopted the assistant's suggestion.
    origin: Annotated[Stored[Origin] | None, BeforeValidator(_blank_to_none)] = Field(
        default=None, exclude_if=_is_none
    )
    # A short digest of the user's words that grounded it (the sentence a quote was found
    # in, folded): a late summary of those same words cannot bring a forgotten item back.
    grounds: str | None = Field(default=None, exclude_if=_is_none)
    # Active rules this one may contradict in part, found but not resolved (the user, or
    # the next summary, decides): shown by ``show`` and ``doctor``.
    conflicts_with: StrList = Field(default_factory=list, exclude_if=_is_empty)

    @field_validator("status", mode="before")
    @classmethod
    def _blank_status_is_active(cls, value: Any) -> Any:
        return _blank_to_none(value) or ItemStatus.ACTIVE

    @property
    def is_active(self) -> bool:
        """Not archived (forgotten or superseded)."""
        return self.status is ItemStatus.ACTIVE

    @property
    def text(self) -> str:
        """The label and summary as one text, as the rule grammar reads an item."""
        return f"{self.label}. {self.summary}"


class WorkingMemory(_Model):
    """Recent material and topics: allowed to be forgotten."""

    recent_turns: Annotated[list[Turn], BeforeValidator(_none_to_list)] = Field(
        default_factory=list
    )
    active_topics: Annotated[list[Topic], BeforeValidator(_none_to_list)] = Field(
        default_factory=list
    )


class LongTermMemory(_Model):
    """Governed preferences and project notes: kept."""

    durable_preferences: Annotated[list[LongTermItem], BeforeValidator(_none_to_list)] = Field(
        default_factory=list
    )
    project_notes: Annotated[list[LongTermItem], BeforeValidator(_none_to_list)] = Field(
        default_factory=list
    )

    @model_validator(mode="after")
    def _types_match_lists(self) -> LongTermMemory:
        for items, kind in (
            (self.durable_preferences, LongTermType.DURABLE_PREFERENCE),
            (self.project_notes, LongTermType.PROJECT_NOTE),
        ):
            for item in items:
                if item.type is not kind:
                    raise ValueError(
                        f"item {item.id} of type {item.type.value} in the {kind.value} list"
                    )
        return self

    def items(self) -> list[LongTermItem]:
        """Every long-term item, preferences first."""
        return [*self.durable_preferences, *self.project_notes]

    def list_for(self, kind: LongTermType) -> list[LongTermItem]:
        """The (mutable) list that holds items of ``kind``."""
        if kind is LongTermType.DURABLE_PREFERENCE:
            return self.durable_preferences
        return self.project_notes


class MemoryDocument(_Model):
    """The whole ``memory.json``.

    ``generation`` is raised by every reset; ``epoch`` is a random id given to
    every fresh file (none yet, set aside, purged) and kept by resets. Together
    they say whether the file a summary was computed from is still the file on
    disk. A file without ``epoch`` (written by the reference implementation)
    gets one at the store's first write.
    """

    version: int = Field(default=limits.FORMAT_VERSION, strict=True)
    generation: int = Field(default=0, ge=0)
    epoch: Annotated[
        Annotated[str, Field(max_length=limits.EPOCH_MAX_CHARS)] | None,
        BeforeValidator(_blank_to_none),
    ] = None
    updated_at: OptionalTimestamp = None
    repo_profile: Annotated[RepoProfile | None, BeforeValidator(_blank_to_none)] = None
    working_memory: Annotated[WorkingMemory, BeforeValidator(_none_to_object)] = Field(
        default_factory=WorkingMemory
    )
    long_term_memory: Annotated[LongTermMemory, BeforeValidator(_none_to_object)] = Field(
        default_factory=LongTermMemory
    )

    @field_validator("version")
    @classmethod
    def _this_version(cls, value: int) -> int:
        # The store moves other versions to a backup before they get here.
        if value != limits.FORMAT_VERSION:
            raise ValueError(f"format version {value} is not {limits.FORMAT_VERSION}")
        return value

    @field_validator("repo_profile")
    @classmethod
    def _empty_profile_is_none(cls, value: RepoProfile | None) -> RepoProfile | None:
        # The reference writes an all-empty profile before it has collected one: the
        # same thing as no profile at all.
        if value is not None and value.is_empty and not value.source_files:
            return None
        return value

    # -- lookups used by the applier, the context builder and the facade --------

    def turn(self, turn_id: str) -> Turn | None:
        """The recent turn with ``turn_id``, if any."""
        return next((t for t in self.working_memory.recent_turns if t.id == turn_id), None)

    def topic(self, topic_id: str) -> Topic | None:
        """The active topic with ``topic_id``, if any."""
        return next((t for t in self.working_memory.active_topics if t.id == topic_id), None)

    def long_term_item(self, item_id: str) -> LongTermItem | None:
        """The long-term item (active or archived) with ``item_id``, if any."""
        return next((i for i in self.long_term_memory.items() if i.id == item_id), None)

    def pending_turns(self) -> list[Turn]:
        """Turns not summarized yet, oldest first."""
        return [t for t in self.working_memory.recent_turns if t.is_pending]

    def all_ids(self) -> set[str]:
        """Every id in the file (turns, topics, long-term items)."""
        return {
            *(t.id for t in self.working_memory.recent_turns),
            *(t.id for t in self.working_memory.active_topics),
            *(i.id for i in self.long_term_memory.items()),
        }

    def to_json(self) -> str:
        """The file's text: UTF-8 friendly, ``indent=2``, stable key order."""
        return self.to_bytes().decode("utf-8")

    def to_bytes(self) -> bytes:
        """The file's bytes: :meth:`to_json` encoded as UTF-8, serialized straight to bytes."""
        return self.__pydantic_serializer__.to_json(self, indent=2) + b"\n"

    def size_bytes(self) -> int:
        """Size of the file this document would be written as."""
        return len(self.to_bytes())


_M = TypeVar("_M", bound=BaseModel)
_IMMUTABLE_TYPES = (str, int, float, bytes, datetime, Enum, type(None))


def _immutable(annotation: Any) -> bool:
    """Whether every value a field of this type can hold is immutable (a copy may share it)."""
    if isinstance(annotation, type):
        return issubclass(annotation, _IMMUTABLE_TYPES) and not issubclass(annotation, BaseModel)
    origin = get_origin(annotation)
    if origin is Annotated:
        return _immutable(get_args(annotation)[0])
    if origin is Union or origin is UnionType:
        return all(map(_immutable, get_args(annotation)))
    return origin is Literal


class _Copy(Enum):
    """How :func:`deep_copy` copies a field's value."""

    LIST = "list"  # a list of immutable values: a new list, the values shared
    DEEP = "deep"  # anything else that may be mutable: new models and lists all the way down


@cache
def _copy_plan(cls: type[BaseModel]) -> tuple[tuple[str, _Copy], ...]:
    """The fields of ``cls`` that :func:`deep_copy` must copy (the others hold immutable
    values), from their declared types: worked out once per class."""
    steps = []
    for name, field in cls.model_fields.items():
        annotation = field.annotation
        if _immutable(annotation):
            continue
        items = get_args(annotation)
        shallow = get_origin(annotation) is list and len(items) == 1 and _immutable(items[0])
        steps.append((name, _Copy.LIST if shallow else _Copy.DEEP))
    return tuple(steps)


def deep_copy(model: _M) -> _M:
    """A deep copy of a valid model: new models and lists all the way down, the
    immutable values (strings, numbers, datetimes, enum members) shared.

    Each model is copied by pydantic's own ``model_copy`` (nothing is validated again:
    the source is valid), and only the fields whose declared type can hold something
    mutable are visited (:func:`_copy_plan`); several times cheaper than
    ``model_copy(deep=True)``, which deep-copies every string and datetime too.
    """
    copy = model.model_copy()
    values = copy.__dict__  # the copy's own field values (pydantic keeps fields there)
    for key, how in _copy_plan(type(model)):
        value = values[key]
        if type(value) is list:
            if how is _Copy.LIST:
                values[key] = value.copy()
            else:
                values[key] = [deep_copy(v) if isinstance(v, BaseModel) else v for v in value]
        elif isinstance(value, BaseModel):
            values[key] = deep_copy(value)
        elif not isinstance(value, _IMMUTABLE_TYPES):
            values[key] = deepcopy(value)  # a dict, a set: no such field in the file's models
    return copy


def document_copy(doc: MemoryDocument) -> MemoryDocument:
    """A copy of ``doc`` whose sections and lists are its own and whose elements (turns,
    topics, long-term items) and profile are ``doc``'s: adding, removing and reordering
    elements leaves ``doc`` alone; an element is changed through a copy put in its
    place (copy on write: :meth:`~autopatch_memory.store.Transaction.own`). A write
    starts from one: the document read stays shared with readers, and what the write
    did not touch keeps its identity (its text, its redaction, its change record are
    known unchanged without comparing anything)."""
    wm, ltm = doc.working_memory, doc.long_term_memory
    working = wm.model_copy()
    working.__dict__.update(
        recent_turns=list(wm.recent_turns), active_topics=list(wm.active_topics)
    )
    long_term = ltm.model_copy()
    long_term.__dict__.update(
        durable_preferences=list(ltm.durable_preferences), project_notes=list(ltm.project_notes)
    )
    copy = doc.model_copy()
    copy.__dict__.update(working_memory=working, long_term_memory=long_term)
    return copy


def elements(doc: MemoryDocument) -> list[BaseModel]:
    """Every element of ``doc``: its turns, topics and long-term items, in file order."""
    wm, ltm = doc.working_memory, doc.long_term_memory
    return [*wm.recent_turns, *wm.active_topics, *ltm.durable_preferences, *ltm.project_notes]


def element_lists(doc: MemoryDocument) -> tuple[list[Any], ...]:
    """The lists that hold ``doc``'s elements (the document's own: changing them changes it)."""
    wm, ltm = doc.working_memory, doc.long_term_memory
    return (wm.recent_turns, wm.active_topics, ltm.durable_preferences, ltm.project_notes)


def empty_document(generation: int = 0, epoch: str | None = None) -> MemoryDocument:
    """A memory with nothing in it (``epoch`` ``None``: a fresh file, given one when written)."""
    return MemoryDocument(generation=generation, epoch=epoch)


# --- invariants -------------------------------------------------------------------


def conflicting_pairs(doc: MemoryDocument) -> list[tuple[LongTermItem, LongTermItem]]:
    """Pairs of active rules or notes recorded as contradicting each other in part
    (``conflicts_with``), found but not resolved: the one that names the other first,
    each pair once."""
    pairs: list[tuple[LongTermItem, LongTermItem]] = []
    seen: set[frozenset[str]] = set()
    for item in doc.long_term_memory.items():
        if not item.is_active:
            continue
        for other_id in item.conflicts_with:
            other = doc.long_term_item(other_id)
            pair = frozenset((item.id, other_id))
            if other is not None and other.is_active and pair not in seen:
                seen.add(pair)
                pairs.append((item, other))
    return pairs


def check_invariants(doc: MemoryDocument) -> list[str]:
    """Every cap of the file (docs/design.md#the-memory-file) the document breaks (``[]``: none)."""
    problems: list[str] = []
    wm, ltm = doc.working_memory, doc.long_term_memory

    def cap(name: str, count: int, limit: int) -> None:
        if count > limit:
            problems.append(f"{name}: {count} > {limit}")

    cap("recent_turns", len(wm.recent_turns), limits.MAX_RECENT_TURNS)
    cap("active_topics", len(wm.active_topics), limits.MAX_ACTIVE_TOPICS)
    cap("long-term items", len(ltm.items()), limits.MAX_LONG_TERM_ITEMS)
    for turn in wm.recent_turns:
        cap(f"{turn.id}.user_text", len(turn.user_text), limits.MAX_USER_TEXT_CHARS)
        cap(f"{turn.id}.assistant_text", len(turn.assistant_text), limits.MAX_ASSISTANT_TEXT_CHARS)
        cap(f"{turn.id}.summary", len(turn.summary), limits.MAX_SUMMARY_CHARS)
        cap(f"{turn.id}.scope_paths", len(turn.scope_paths), limits.MAX_SCOPE_PATHS)
        for path in turn.scope_paths:
            cap(f"{turn.id}.scope_path", len(path), limits.MAX_SCOPE_PATH_CHARS)
    for topic in wm.active_topics:
        cap(f"{topic.id}.label", len(topic.label), limits.MAX_LABEL_CHARS)
        cap(f"{topic.id}.summary", len(topic.summary), limits.MAX_SUMMARY_CHARS)
        cap(
            f"{topic.id}.related_turn_ids", len(topic.related_turn_ids), limits.MAX_RELATED_TURN_IDS
        )
    for item in ltm.items():
        cap(f"{item.id}.label", len(item.label), limits.MAX_LABEL_CHARS)
        cap(f"{item.id}.summary", len(item.summary), limits.MAX_SUMMARY_CHARS)
        if item.source is not SOURCE_OF_TYPE[item.type]:
            problems.append(f"{item.id}: source {item.source.value} for {item.type.value}")
    ids = [
        *(t.id for t in wm.recent_turns),
        *(t.id for t in wm.active_topics),
        *(i.id for i in ltm.items()),
    ]
    if len(ids) != len(set(ids)):
        problems.append("duplicate ids")
    cap("file bytes", doc.size_bytes(), limits.HARD_LIMIT_BYTES)
    return problems


# --- the Memory Delta (docs/delta.md) ---------------------------------------------


class Operation(str, Enum):
    """What a topic or long-term operation asks for (topics know only the first two)."""

    CREATE_NEW = "create_new"
    UPDATE_EXISTING = "update_existing"
    # Long-term only: the user cancelled an item in their own words (docs/delta.md).
    ARCHIVE_EXISTING = "archive_existing"


class TurnSummaryOp(_Model):
    """Set the summary of one pending recent turn."""

    # Its schema is built on first use, not at import (start-up, docs/benchmarks.md).
    model_config = ConfigDict(defer_build=True)

    turn_id: str
    summary: Text = ""


class TopicOp(_Model):
    """Create or update an active topic."""

    model_config = ConfigDict(defer_build=True)

    operation: Operation
    target_id: str | None = None
    label: str | None = None
    summary: str | None = None
    related_turn_ids: StrList = Field(default_factory=list)


def _one_or_many(value: Any) -> Any:
    """``supersedes`` as a list: a model may write one id, a list, or nothing."""
    if value is None or value == "":
        return []
    if isinstance(value, str):
        return [value]
    return value


class LongTermOp(_Model):
    """Create, update or archive a long-term item (never delete).

    ``type`` and ``source`` stay plain strings so that a wrong value is reported
    precisely (``invalid_type`` / ``invalid_source``) instead of as a bad shape.
    ``evidence_quote`` is the user's own sentence that grounds a preference or an
    archive, found in the named evidence turn; ``adopted_from`` quotes the assistant's
    suggestion (in the turn before) that the user's quoted words adopt; ``supersedes``
    names the active items of the same type a new item replaces (one id or a list);
    ``conflicts_with`` names active items it may contradict in part, left for the user.
    """

    model_config = ConfigDict(defer_build=True)

    operation: Operation
    type: str | None = None
    target_id: str | None = None
    label: str | None = None
    summary: str | None = None
    source: str | None = None
    evidence_turn_ids: StrList = Field(default_factory=list)
    evidence_quote: str | None = None
    adopted_from: str | None = None
    supersedes: Annotated[list[str], BeforeValidator(_one_or_many)] = Field(default_factory=list)
    conflicts_with: StrList = Field(default_factory=list)


DeltaSection = Literal["turn_summaries", "topic_operations", "long_term_operations"]
DELTA_SECTIONS: tuple[DeltaSection, ...] = (
    "turn_summaries",
    "topic_operations",
    "long_term_operations",
)


class MemoryDelta(_Model):
    """A model's proposal of changes, never the whole memory.

    Sections hold typed operations or raw values exactly as the model wrote them:
    the applier validates each entry on its own, so one malformed operation is
    rejected with a reason code while the others still apply.
    """

    model_config = ConfigDict(defer_build=True)

    turn_summaries: list[Any] = Field(default_factory=list)
    topic_operations: list[Any] = Field(default_factory=list)
    long_term_operations: list[Any] = Field(default_factory=list)

    @property
    def is_empty(self) -> bool:
        """No operation at all."""
        return not (self.turn_summaries or self.topic_operations or self.long_term_operations)
