"""The lenient parser: a model's raw reply → one :class:`MemoryDelta` (docs/delta.md#parsing).

Models wrap JSON in fences, think aloud in ``<think>…</think>`` first, or add a
sentence of prose. The parser strips reasoning blocks and fences, then looks for
the first balanced JSON object that parses. Anything else is ``invalid_json``.
It never guesses fields: shape checks per operation are the applier's job.
"""

from __future__ import annotations

import json
import re
from typing import Any

# privacy as a module: its rules load at the first redaction, and reading memory never redacts.
from autopatch_memory import limits, privacy
from autopatch_memory.errors import DeltaParseError
from autopatch_memory.model import DELTA_SECTIONS, MemoryDelta
from autopatch_memory.reasons import Reason

_THINK_RE = re.compile(r"<(think|thinking|reasoning|reflection)>.*?(?:</\1>|\Z)", re.S | re.I)
_FENCE_RE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n?(.*?)```", re.S)


def strip_reasoning(text: str) -> str:
    """Remove ``<think>…</think>`` (and similar) blocks, closed or left open."""
    return _THINK_RE.sub("", text)


def _candidates(text: str) -> list[str]:
    """Where a JSON object may be, most likely first."""
    body = strip_reasoning(text).strip()
    found = [m.group(1).strip() for m in _FENCE_RE.finditer(body)]
    found.append(body)
    return found


def _first_object(text: str) -> dict[str, Any] | None:
    """The delta object in ``text``: the first ``{…}`` that parses and names a delta
    section, or the very first object even without one (an empty delta).

    An inner object of a truncated reply (``{"turn_id": …}``) is never taken for
    the whole delta.
    """
    decoder = json.JSONDecoder()
    first = start = text.find("{")
    attempts = 0
    while start != -1 and attempts < limits.DELTA_MAX_PARSE_ATTEMPTS:
        attempts += 1
        try:
            value, _end = decoder.raw_decode(text, start)
        except (ValueError, RecursionError):  # bad JSON, absurd numbers, deep nesting
            value = None
        if isinstance(value, dict) and (
            start == first or any(name in value for name in DELTA_SECTIONS)
        ):
            return value
        start = text.find("{", start + 1)
    return None


def extract_json_object(text: str) -> dict[str, Any]:
    """The JSON object in a model's reply; raises :class:`DeltaParseError` (``invalid_json``)."""
    if len(text) > limits.DELTA_MAX_CHARS:
        raise DeltaParseError(
            Reason.INVALID_JSON,
            f"the reply has {len(text)} characters (limit {limits.DELTA_MAX_CHARS})",
        )
    for candidate in _candidates(text):
        if candidate.startswith("["):
            try:
                json.loads(candidate)
            except (ValueError, RecursionError):
                pass
            else:
                raise DeltaParseError(Reason.BAD_SHAPE, "a delta is a JSON object, not a list")
        obj = _first_object(candidate)
        if obj is not None:
            return obj
    # Redact before cutting: a cut secret would no longer be recognised.
    preview = privacy.redact(text.strip().replace("\n", " "))[: limits.DELTA_PREVIEW_CHARS]
    raise DeltaParseError(Reason.INVALID_JSON, f"no JSON object found in the reply: {preview!r}")


def delta_from_object(obj: Any) -> tuple[MemoryDelta, list[str]]:
    """Build a delta from a decoded JSON value.

    Unknown top-level keys are ignored; a known section that is not a list is
    dropped and named in the returned list (``bad_shape``). A value that is not an
    object at all raises :class:`DeltaParseError` (``bad_shape``).
    """
    if isinstance(obj, MemoryDelta):
        return obj, []
    if not isinstance(obj, dict):
        raise DeltaParseError(
            Reason.BAD_SHAPE, f"a delta is a JSON object, not {type(obj).__name__}"
        )
    sections: dict[str, list[Any]] = {}
    bad: list[str] = []
    for name in DELTA_SECTIONS:
        if name not in obj or obj[name] is None:
            continue
        if isinstance(obj[name], list):
            sections[name] = obj[name]
        else:
            bad.append(name)
    return MemoryDelta(**sections), bad


def parse_delta(text: str) -> tuple[MemoryDelta, list[str]]:
    """Parse a model's raw reply; returns the delta and the sections dropped as ``bad_shape``."""
    return delta_from_object(extract_json_object(text))
