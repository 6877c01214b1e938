"""autopatch-memory: the project-level Q&A memory of a Java-repo assistant.

Raw turns are material, not memory. A summary is context, not fact. Long-term
memory is a governed asset. The model understands; the program constrains.
Q&A has memory; audit and patch flows stay isolated.

Everything a host uses is importable from here; the names are written once, in
``__init__.pyi`` beside this file, which type checkers read and ``__all__`` is derived
from (a test pins the list). Embedding it is described in docs/embedding.md. The kit
for a host's own tests is :mod:`autopatch_memory.testing`.

Each name is imported from its module on first use (:mod:`autopatch_memory.lazy`):
``import autopatch_memory`` loads none of the modules behind them.
"""

import logging as _logging

from autopatch_memory.lazy import attach_stub as _attach_stub

# A library never prints on its own: what it logs (a contained bug on the worker
# thread) reaches the host's handlers if it configured any, and nothing otherwise.
_logging.getLogger(__name__).addHandler(_logging.NullHandler())


def _version() -> str:
    # importlib.metadata (and the email package under it) is slow to import: only
    # `--version` pays for it.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("autopatch-memory")
    except PackageNotFoundError:  # pragma: no cover - a source tree that was never installed
        return "0+unknown"


_exported, __dir__, __all__ = _attach_stub(__name__, __file__)


def __getattr__(name: str) -> object:
    """An exported name, imported from its submodule on first use."""
    if name == "__version__":
        globals()[name] = _version()
        return globals()[name]
    return _exported(name)
