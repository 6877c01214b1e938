"""The public names of autopatch_memory.profile, written once (see autopatch_memory/lazy.py)."""

from autopatch_memory.profile.collector import (
    CACHE_FILE_NAME as CACHE_FILE_NAME,
    ProfileReport as ProfileReport,
    clear_cache as clear_cache,
    collect as collect,
    collect_repo_profile as collect_repo_profile,
)
from autopatch_memory.profile.root import (
    BUILD_FILES as BUILD_FILES,
    REPO_MARKERS as REPO_MARKERS,
    find_repo_root as find_repo_root,
)
