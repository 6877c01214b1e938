"""The closed set of reason codes for rejected or discarded delta operations (docs/delta.md)."""

from __future__ import annotations

from enum import Enum


class Reason(str, Enum):
    """Why an operation (or a whole delta) was not applied; the values are the codes that
    reports and the journal carry (docs/delta.md#reason-codes)."""

    INVALID_JSON = "invalid_json"  # the reply held no JSON object
    BAD_SHAPE = "bad_shape"  # not an object / a section not a list / a field of the wrong type
    UNKNOWN_TARGET = "unknown_target"  # an id that does not exist (never "repaired")
    INVALID_TYPE = "invalid_type"  # a long-term type other than durable_preference/project_note
    INVALID_SOURCE = "invalid_source"  # the source does not match the type
    EMPTY_FIELD = "empty_field"  # a required label/summary/id missing or blank
    TOO_LONG = "too_long"  # a model-written field over its limit (never clipped)
    UNGROUNDED = "ungrounded"  # no quote of the user found, or its sentence asks for nothing
    CODE_OR_LOG = "code_or_log"  # source code, a diff, a stack trace or a log excerpt
    CAPACITY = "capacity"  # no room (only preferences left, or the long-term byte budget)
    STALE_GENERATION = "stale_generation"  # computed before a reset, or from a replaced file
    HARD_LIMIT = "hard_limit"  # the write would pass the hard size limit
    INACTIVE_TARGET = "inactive_target"  # an update of an archived item
    UNKNOWN_OPERATION = "unknown_operation"  # operation other than create_new/update_existing
    # A turn the delta was computed from is gone (forgotten, or trimmed) by the time it
    # would apply: nothing derived from that turn may land, so the whole delta goes.
    BATCH_TURN_GONE = "batch_turn_gone"
    TOO_MANY_OPERATIONS = "too_many_operations"  # past the per-delta cap of its kind
    # A text the user asked to remember holds nothing but a credential: memory never
    # stores one, not even redacted (docs/cli.md, "Governing memory").
    CREDENTIAL = "credential"
    # A note, topic or profile value that reads as an instruction to the assistant
    # ("ignore all previous instructions…"): never stored, never injected.
    INSTRUCTION_LIKE = "instruction_like"
    # An edit would make a rule or note say exactly what another active one says: the
    # user's text is already there, and the edited item keeps its own.
    DUPLICATE = "duplicate"
    # The model answered pending turns with no operation at all ({}): nothing was
    # summarized, so the run counts as failed and is retried with backoff.
    EMPTY_DELTA = "empty_delta"

    def __str__(self) -> str:
        return self.value
