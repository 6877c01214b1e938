"""Bytes to document: the memory file's codec
(docs/file-format.md#loading-salvage-never-lose-a-file).

:func:`parse_document` never raises for any content. A file that is not a JSON
object, or has no usable version, reads as an empty memory (``CORRUPT``); another
format version reads as empty and is set aside untouched by the next write
(``FOREIGN_VERSION``); a version-1 file with invalid or unknown parts reads as
itself without them (``SALVAGED``, see :mod:`~autopatch_memory.store.salvage`).
"""

from __future__ import annotations

import codecs
import json
from typing import Any

from pydantic import ValidationError

# privacy as a module: its rules load at the first redaction, and reading memory never redacts.
from autopatch_memory import limits, privacy
from autopatch_memory.model import MemoryDocument, empty_document
from autopatch_memory.store.problems import LoadProblem, Unusable
from autopatch_memory.store.salvage import has_duplicate_ids, salvage, unknown_fields


def decode_json(data: bytes) -> Any:
    """The JSON value of ``data`` (UTF-8, a leading byte-order mark allowed).

    Raises ``UnicodeDecodeError``, ``ValueError`` or ``RecursionError``."""
    # A file saved by an editor that adds a byte-order mark is still ours. (Stripped
    # here: the "utf-8-sig" codec is far slower than plain "utf-8".)
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    return json.loads(data.decode("utf-8"))


def _scrubbed(value: Any) -> Any:
    """The decoded JSON with lone surrogates (``"\\ud800"`` escapes) replaced."""
    if isinstance(value, str):
        return privacy.scrub(value)
    if isinstance(value, list):
        return [_scrubbed(v) for v in value]
    if isinstance(value, dict):
        return {privacy.scrub(k): _scrubbed(v) for k, v in value.items()}
    return value


def parse_document(data: bytes) -> tuple[MemoryDocument, Unusable | None]:
    """Parse a file's bytes into the document it reads as, and its problem if any.

    An unusable file gives an empty document; a version-1 file with invalid parts
    gives the document without them (``LoadProblem.SALVAGED``). Never raises for
    any content: deep nesting and absurd numbers are corruption too.
    """
    if len(data) > limits.MEMORY_FILE_MAX_READ_BYTES:
        return empty_document(), Unusable(
            LoadProblem.TOO_LARGE, f"{len(data)} bytes, far more than this program writes"
        )
    try:
        raw = decode_json(data)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        return empty_document(), Unusable(LoadProblem.CORRUPT, f"not valid JSON: {exc}")
    if b"\\ud" in data or b"\\uD" in data:  # escaped surrogates (\uD800-\uDFFF)
        raw = _scrubbed(raw)
    if not isinstance(raw, dict):
        return empty_document(), Unusable(LoadProblem.CORRUPT, "not a JSON object")
    if "version" not in raw:
        return empty_document(), Unusable(LoadProblem.CORRUPT, "no format version")
    version = raw["version"]
    if isinstance(version, float) and version.is_integer():
        # "version": 1.0 (a tool that writes every number as a float) is version 1.
        version = raw["version"] = int(version)
    if not isinstance(version, int) or isinstance(version, bool):
        return empty_document(), Unusable(
            LoadProblem.CORRUPT, f"format version {json.dumps(version)[:40]} is not an integer"
        )
    if version != limits.FORMAT_VERSION:
        return empty_document(), Unusable(
            LoadProblem.FOREIGN_VERSION,
            f"format version {version}, this program reads version {limits.FORMAT_VERSION}",
            version,
        )
    unknown = unknown_fields(raw)
    try:
        doc = MemoryDocument.model_validate(raw)
    except (ValidationError, RecursionError):
        pass
    else:
        if not has_duplicate_ids(doc):
            if not unknown:
                return doc, None
            shown = "; ".join(str(p) for p in unknown[: limits.SALVAGE_DETAIL_PARTS])
            return doc, Unusable(LoadProblem.SALVAGED, shown, dropped=tuple(unknown))
    try:
        doc, dropped = salvage(raw)
    except (ValidationError, RecursionError) as exc:  # pragma: no cover - salvage validates parts
        return empty_document(), Unusable(LoadProblem.CORRUPT, f"wrong shape: {exc}")
    dropped += unknown
    shown = "; ".join(str(p) for p in dropped[: limits.SALVAGE_DETAIL_PARTS])
    return doc, Unusable(LoadProblem.SALVAGED, shown, dropped=tuple(dropped))
