"""The repo profile collector (docs/profile.md): build facts read by the program, not the model.

``collect_repo_profile(path)`` is the public entry point; ``collect(path)`` also
says what was read, what could not be, and whether the cache answered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autopatch_memory.lazy import lazy_names

if TYPE_CHECKING:  # what type checkers see; at run time, __getattr__ below
    from autopatch_memory.profile.collector import (
        CACHE_FILE_NAME,
        ProfileReport,
        clear_cache,
        collect,
        collect_repo_profile,
    )
    from autopatch_memory.profile.root import BUILD_FILES, REPO_MARKERS, find_repo_root

# Each name is imported from its module on first use: finding a repository's root
# (every command) must not import the collector and its parsers (lxml among them).
_EXPORTS: dict[str, tuple[str, ...]] = {
    "collector": (
        "CACHE_FILE_NAME",
        "ProfileReport",
        "clear_cache",
        "collect",
        "collect_repo_profile",
    ),
    "root": ("BUILD_FILES", "REPO_MARKERS", "find_repo_root"),
}

if not TYPE_CHECKING:  # hidden from type checkers: a misspelt name stays an error
    __getattr__, __dir__ = lazy_names(__name__, _EXPORTS)

__all__ = [
    "BUILD_FILES",
    "CACHE_FILE_NAME",
    "REPO_MARKERS",
    "ProfileReport",
    "clear_cache",
    "collect",
    "collect_repo_profile",
    "find_repo_root",
]
