"""The library's small exception tree, all of it in this one module.

Third-party errors (OS, openai, lxml, filelock) are translated into these at the
one module that talks to that party, so callers only ever catch our types::

    AutopatchMemoryError
    ├── UnknownIntentError (ValueError)
    ├── ItemNotFoundError (LookupError)
    ├── ChangeRejectedError (ValueError)  (has .reason)
    ├── StoreError
    │   ├── LockTimeoutError
    │   └── HardLimitError
    ├── DeltaError
    │   └── DeltaParseError          (has .reason)
    ├── ConfigError
    ├── BuildFileError (ValueError)  (internal to the profile collector, never escapes it)
    │   ├── PomError
    │   └── CatalogError
    └── BackendError
        ├── BackendTimeoutError
        ├── BackendAuthError
        ├── BackendUnavailableError
        └── BackendResponseError
            └── InvalidReplyError    (has .reason)

See docs/errors.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from autopatch_memory.reasons import Reason


class AutopatchMemoryError(Exception):
    """Base class of every error this library raises on purpose."""


def _without_secrets(message: str) -> str:
    # A message that quotes what the caller gave (an id, an intent) may quote a secret
    # pasted by mistake: it leaves redacted, like every text (docs/privacy.md).
    from autopatch_memory import privacy  # its rules load at the first such error

    return privacy.redact(message)


class UnknownIntentError(AutopatchMemoryError, ValueError):
    """An intent string that is not one of the five known intents."""

    def __init__(self, message: str) -> None:
        super().__init__(_without_secrets(message))


class ItemNotFoundError(AutopatchMemoryError, LookupError):
    """An id that names no item of the memory file."""

    def __init__(self, message: str) -> None:
        super().__init__(_without_secrets(message))


class ChangeRejectedError(AutopatchMemoryError, ValueError):
    """A change the user asked for directly (``remember``, ``edit``, ``restore``,
    ``import``) was refused by a guard; nothing was changed.

    ``reason`` is the :class:`~autopatch_memory.reasons.Reason` code the journal
    records (``too_long``, ``code_or_log``, ``credential``, ``capacity``...);
    the message says what to do instead.
    """

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class StoreError(AutopatchMemoryError):
    """The memory folder or file could not be read or written."""


class LockTimeoutError(StoreError):
    """Another process held the memory lock for too long."""


class HardLimitError(StoreError):
    """A write would make the file exceed the hard size limit; nothing was written."""


class DeltaError(AutopatchMemoryError):
    """A model reply that is not a usable Memory Delta."""


class DeltaParseError(DeltaError):
    """The reply holds no usable delta; ``reason`` is ``invalid_json`` or ``bad_shape``."""

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class ConfigError(AutopatchMemoryError):
    """Invalid configuration (a bad backend name, an unreadable config file...)."""


class BuildFileError(AutopatchMemoryError, ValueError):
    """A build file that cannot be used; the profile collector reports it as a problem."""


class PomError(BuildFileError):
    """A file that is not a usable POM; the message is a readable reason."""


class CatalogError(BuildFileError):
    """A catalog file that is not valid TOML; the message is a readable reason."""


class BackendError(AutopatchMemoryError):
    """A summary or answer backend failed."""


class BackendTimeoutError(BackendError):
    """The model server did not answer in time."""


class BackendAuthError(BackendError):
    """The model server refused the credentials."""


class BackendUnavailableError(BackendError):
    """The model server could not be reached or answered with a server error."""


class BackendResponseError(BackendError):
    """The model answered, but not with something usable (after the repair retry)."""


class InvalidReplyError(BackendResponseError):
    """The model's reply held no usable Memory Delta, even after the repair retry.

    ``reason`` is the reason code, ready for the journal: ``invalid_json`` or
    ``bad_shape``, or ``empty_delta`` for a delta without any operation for pending
    turns (the summarizer's own check).
    """

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason = reason


__all__ = [
    "AutopatchMemoryError",
    "BackendAuthError",
    "BackendError",
    "BackendResponseError",
    "BackendTimeoutError",
    "BackendUnavailableError",
    "BuildFileError",
    "CatalogError",
    "ChangeRejectedError",
    "ConfigError",
    "DeltaError",
    "DeltaParseError",
    "HardLimitError",
    "InvalidReplyError",
    "ItemNotFoundError",
    "LockTimeoutError",
    "PomError",
    "StoreError",
    "UnknownIntentError",
]
