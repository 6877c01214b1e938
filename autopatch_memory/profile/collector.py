"""The repo profile collector: build files in, a small capped :class:`RepoProfile` out.

The program — never the model — fills ``repo_profile`` (docs/profile.md). This
module serves an unchanged repository from the cache; otherwise
:mod:`~autopatch_memory.profile.combine` combines what Maven and Gradle say, decides
the build tool when both are there, falls back to the README title for the name,
applies the caps and passes every string through the privacy choke point. It never
raises for anything a repository contains: what it could not read becomes a problem
in the report.
"""

from __future__ import annotations

import os
import time

from pydantic import BaseModel, Field

from autopatch_memory.errors import StoreError
from autopatch_memory.ids import local_now
from autopatch_memory.model import RepoProfile
from autopatch_memory.profile import cache

CACHE_FILE_NAME = cache.CACHE_FILE_NAME


class ProfileReport(BaseModel):
    """A collected profile and how it was obtained."""

    profile: RepoProfile
    problems: list[str] = Field(default_factory=list)
    """Human-readable, e.g. ``pom.xml: malformed XML at line 3: ...``."""
    from_cache: bool = False
    files_read: int = 0
    """Files opened and read by this call (0 when served from the cache)."""


def collect_repo_profile(path: str | os.PathLike[str]) -> RepoProfile:
    """The profile of the repository at ``path`` (cached). Never raises for repo content.

    A path that is not a folder gives an empty profile.
    """
    return collect(path).profile


def collect(path: str | os.PathLike[str], *, use_cache: bool = True) -> ProfileReport:
    """Collect the profile of the repository at ``path`` with a report of what happened.

    With ``use_cache`` the cache under ``.autopatch-j/`` is used when every input
    is unchanged and rewritten after a fresh collection. Without it, the
    repository is read afresh and nothing is written anywhere.
    """
    root = os.path.abspath(os.fspath(path))
    if not os.path.isdir(root):
        return ProfileReport(profile=RepoProfile(updated_at=local_now()),
                             problems=[f"{root}: not a folder"])  # fmt: skip
    if use_cache:
        cached = cache.load(root)
        if cached is not None:
            return ProfileReport(profile=cached.profile, problems=cached.problems, from_cache=True)
    # The build files' parsers (lxml among them) load only when the cache cannot answer.
    from autopatch_memory.profile.combine import RepoFiles, problem_text, profile_of

    started_ns = time.time_ns()  # before the first stat: a later edit is "racy"
    files = RepoFiles(root)
    profile = profile_of(files)
    if files.cpu.exhausted:
        files.report_time()
    problems = [problem_text(p) for p in files.problems]
    report = ProfileReport(profile=profile, problems=problems, files_read=files.files_read)
    if use_cache:
        record = cache.record_for(root, collected_at_ns=started_ns, inputs=files.inputs(),
                                  profile=profile, problems=problems)  # fmt: skip
        try:
            if record is not None:
                cache.save(root, record)
        except StoreError as exc:
            report.problems.append(problem_text(str(exc)))
    return report


def clear_cache(repo_root: str | os.PathLike[str]) -> None:
    """Remove the profile cache of a repository (used by reset). Raises ``StoreError``."""
    cache.clear(os.path.abspath(os.fspath(repo_root)))
