"""The memory file on disk: the only code that touches ``memory.json``
(docs/design.md#storage-guarantees, docs/file-format.md).

One room per concern:

* :mod:`.codec` — bytes into the document they read as, and the file's problem
  (:mod:`.problems`); :mod:`.salvage` keeps the valid parts of a version-1 file with
  invalid or unknown ones;
* :mod:`.redaction` — the secret choke point every write (and every backup of a
  salvaged file) passes: what a write added or changed, or every string of a file
  not known redacted;
* :mod:`.files` — names, reading, backups, the atomic durable write, the sweep of
  temp files a crash left;
* :mod:`.archive` — the cold archive, where a text goes when it leaves the file, and
  :mod:`.history` — what one write did to the rules and notes (change records for
  ``undo``, the texts for the cold archive);
* :mod:`.transactions` — :class:`MemoryStore`: the read-modify-write cycle under
  the lock, trimming, the hard limit, journal-then-replace.

Hosts never use these: the facade (:class:`~autopatch_memory.memory.ProjectMemory`)
does. The library imports the public names below from this package.
"""

from __future__ import annotations

from autopatch_memory.store.codec import parse_document
from autopatch_memory.store.files import (
    BACKUP_PATTERNS,
    LOCK_FILE_NAME,
    MEMORY_DIR_NAME,
    MEMORY_FILE_NAME,
    RESET_BACKUP_STEM,
    STORE_FILES,
)
from autopatch_memory.store.problems import DroppedPart, LoadProblem, Unusable
from autopatch_memory.store.redaction import redact_changed, redact_model, redact_text
from autopatch_memory.store.transactions import (
    FileState,
    MemoryStore,
    ResetResult,
    Transaction,
    UpdateResult,
    WritePoint,
)

__all__ = [
    "BACKUP_PATTERNS",
    "LOCK_FILE_NAME",
    "MEMORY_DIR_NAME",
    "MEMORY_FILE_NAME",
    "RESET_BACKUP_STEM",
    "STORE_FILES",
    "DroppedPart",
    "FileState",
    "LoadProblem",
    "MemoryStore",
    "ResetResult",
    "Transaction",
    "Unusable",
    "UpdateResult",
    "WritePoint",
    "parse_document",
    "redact_changed",
    "redact_model",
    "redact_text",
]
