"""The repo profile collector (docs/profile.md): build facts read by the program, not the model.

``collect_repo_profile(path)`` is the public entry point; ``collect(path)`` also
says what was read, what could not be, and whether the cache answered.
"""

from __future__ import annotations

from autopatch_memory.profile.collector import (
    CACHE_FILE_NAME,
    ProfileReport,
    clear_cache,
    collect,
    collect_repo_profile,
)
from autopatch_memory.profile.root import BUILD_FILES, REPO_MARKERS, find_repo_root

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
