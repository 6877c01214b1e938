"""The library's small exception tree.

Third-party errors (OS, openai, lxml, filelock) are translated into these at the
one module that talks to that party, so callers only ever catch our types.
"""

from __future__ import annotations


class AutopatchMemoryError(Exception):
    """Base class of every error this library raises on purpose."""


class UnknownIntentError(AutopatchMemoryError, ValueError):
    """An intent string that is not one of the five known intents."""


class ItemNotFoundError(AutopatchMemoryError, LookupError):
    """An id that names no item of the memory file."""


class StoreError(AutopatchMemoryError):
    """The memory folder or file could not be read or written."""


class LockTimeoutError(StoreError):
    """Another process held the memory lock for too long."""


class HardLimitError(StoreError):
    """A write would make the file exceed the hard size limit; nothing was written."""


class DeltaError(AutopatchMemoryError):
    """A model reply that is not a usable Memory Delta."""


class ConfigError(AutopatchMemoryError):
    """Invalid configuration (a bad backend name, an unreadable config file...)."""


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


__all__ = [
    "AutopatchMemoryError",
    "BackendAuthError",
    "BackendError",
    "BackendResponseError",
    "BackendTimeoutError",
    "BackendUnavailableError",
    "ConfigError",
    "DeltaError",
    "HardLimitError",
    "ItemNotFoundError",
    "LockTimeoutError",
    "StoreError",
    "UnknownIntentError",
]
