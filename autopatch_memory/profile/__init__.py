"""The repo profile collector (docs/profile.md): build facts read by the program, not the model.

``collect_repo_profile(path)`` is the public entry point; ``collect(path)`` also
says what was read, what could not be, and whether the cache answered.
"""

from autopatch_memory.lazy import attach_stub

# Each name is imported from its module on first use (the names: __init__.pyi beside
# this file): finding a repository's root (every command) must not import the
# collector and its parsers (lxml among them).
__getattr__, __dir__, __all__ = attach_stub(__name__, __file__)
