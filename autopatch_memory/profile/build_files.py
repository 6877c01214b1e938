"""The names of the build files: what marks a Maven or Gradle build, and where.

Apart from the parsers (:mod:`~autopatch_memory.profile.maven`,
:mod:`~autopatch_memory.profile.gradle`) so that finding a repository's root, which
every command does, does not import them.
"""

from __future__ import annotations

__all__ = ["BUILD_SRC", "GRADLE_BUILD_FILES", "POM", "SETTINGS_FILES"]

POM = "pom.xml"
SETTINGS_FILES = ("settings.gradle", "settings.gradle.kts")
GRADLE_BUILD_FILES = ("build.gradle", "build.gradle.kts")
BUILD_SRC = "buildSrc"  # Gradle builds its own build logic from this folder, undeclared
