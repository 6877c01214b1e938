"""Reading Gradle settings and build scripts (Groovy and Kotlin DSL) as text.

Gradle scripts are programs; the profile does not run them. It recognizes the
declarative forms real builds use (SPEC §6) with regular expressions over the
script with its comments removed, and leaves anything computed unknown. These
functions are pure: text in, facts out; they never raise on any input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from autopatch_memory.profile.catalog import CATALOG_ACCESSOR, Catalog
from autopatch_memory.profile.facts import normalize_java_version

# A Groovy/Kotlin string literal on one line, and several separated by commas.
_LIT = r"""(?:"[^"\n]*"|'[^'\n]*')"""
_LITS = rf"{_LIT}(?:\s*,\s*{_LIT})*"
_LITERAL = re.compile(r""""([^"\n]*)"|'([^'\n]*)'""")

# Strings are kept (a URL holds "//"), comments are blanked. An unclosed block
# comment or triple-quoted string runs to the end (as for the compiler), which
# also keeps the scan linear on hostile input.
_COMMENT_OR_STRING = re.compile(
    r'("""[\s\S]*?(?:"""|\Z)|\'\'\'[\s\S]*?(?:\'\'\'|\Z)'
    r'|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\')'
    r"|//[^\n]*|/\*[\s\S]*?(?:\*/|\Z)"
)

# --- settings ---------------------------------------------------------------------------

_ROOT_NAME = re.compile(rf"\brootProject\.name\s*=\s*({_LIT})")
_INCLUDE = re.compile(rf"(?<![\w.$])include\s*\(?\s*({_LITS})")
_INCLUDE_BUILD = re.compile(rf"(?<![\w.$])includeBuild\s*\(?\s*({_LIT})")
_PROJECT_DIR = re.compile(
    rf"\bproject\s*\(\s*({_LIT})\s*\)\s*\.projectDir\s*=\s*"
    rf"(?:file|new\s+File|java\.io\.File)\s*\(\s*(?:(?:settingsDir|rootDir)\s*,\s*)?({_LIT})\s*\)"
)

# --- build scripts -----------------------------------------------------------------------

_PARENS = r"\((?:[^()\n]|\([^()\n]*\))*\)"
_CATALOG_VERSION = rf"{CATALOG_ACCESSOR}\.versions\.[\w.]+(?:\(\))?"
# A Java version expression: JavaVersion.VERSION_17, JavaVersion.toVersion(..),
# JavaLanguageVersion.of(..), a catalog version, a quoted or bare number.
_EXPR = (
    rf"(?P<value>JavaVersion\.\w+(?:{_PARENS})?|JavaLanguageVersion\.of\s*{_PARENS}"
    rf"|{_CATALOG_VERSION}|{_LIT}|\d+(?:\.\d+)?)"
)
_SET = r"(?:\s*=\s*|\s*\.set\s*\(\s*|\s*\(\s*|\s+)"  # `= x`, `.set(x)`, `(x)`, Groovy `x`

_RELEASE = (
    re.compile(rf"\boptions\.release{_SET}{_EXPR}"),
    re.compile(rf"(?<![\w.])release\.set\s*\(\s*{_EXPR}"),
)
_SOURCE = (re.compile(rf"\bsourceCompatibility{_SET}{_EXPR}"),)
_TARGET = (re.compile(rf"\btargetCompatibility{_SET}{_EXPR}"),)
# Only a *Java* language version: Kotlin's `languageVersion = "1.9"` is something else.
_TOOLCHAIN = (
    re.compile(rf"\blanguageVersion{_SET}(?P<value>JavaLanguageVersion\.of\s*{_PARENS})"),
)
_JVM_TOOLCHAIN = (re.compile(rf"\bjvmToolchain{_SET}{_EXPR}"),)
# javac semantics: --release wins over source/target; a toolchain only picks the JDK.
_JAVA_VERSION_ORDER = (_RELEASE, _SOURCE, _TARGET, _TOOLCHAIN, _JVM_TOOLCHAIN)

_PLUGIN_ID = re.compile(r"""(?<![\w.$])id\s*\(?\s*["']([\w.\-]+)["']""")
_APPLY_PLUGIN = re.compile(r"""\bapply\s*\(?\s*plugin\s*[:=]\s*["']([\w.\-]+)["']""")
_APPLY_FROM = re.compile(rf"\bapply\s*\(?\s*from\s*[:=]\s*({_LIT})")
# `apply from: "$rootDir/gradle/x.gradle"`: where the path starts from.
_ROOT_PREFIXES = (
    "$rootDir/",
    "${rootDir}/",
    "${rootProject.projectDir}/",
    "$rootProject.projectDir/",
)
_PROJECT_PREFIXES = ("$projectDir/", "${projectDir}/")
_CATALOG_REF = re.compile(rf"(?<![\w.$]){CATALOG_ACCESSOR}\.([A-Za-z_][\w.]*)")

_DEPENDENCY = re.compile(
    r"(?<![\w.$])(?P<conf>[A-Za-z]\w*)\s*\(?\s*"
    r"(?:(?:platform|enforcedPlatform|testFixtures)\s*\(\s*)?"
    rf"(?P<literals>{_LITS})"
)
_DEPENDENCY_MAP = re.compile(
    r"""\bgroup\s*[:=]\s*["']([\w.\-]+)["']\s*,\s*name\s*[:=]\s*["']([\w.\-]+)["']"""
)
_COORDINATE = re.compile(r"([\w.\-]+):([\w.\-]+)(?::[^\s]*)?")

_CONFIGURATIONS = frozenset(
    {
        "implementation", "api", "compileOnly", "compileOnlyApi", "runtimeOnly",
        "annotationProcessor", "compile", "runtime", "testCompile", "testRuntime",
        "classpath", "developmentOnly", "providedCompile", "providedRuntime",
    }
)  # fmt: skip
_CONFIGURATION_SUFFIXES = (
    "Implementation", "Api", "CompileOnly", "RuntimeOnly", "AnnotationProcessor",
    "Compile", "Runtime",
)  # fmt: skip
_KOTLIN_PROCESSORS = ("kapt", "ksp")


def strip_comments(text: str) -> str:
    """``text`` with ``//`` and ``/* */`` comments blanked out (string literals kept)."""
    return _COMMENT_OR_STRING.sub(lambda m: m.group(1) or " ", text)


def _literals(text: str) -> list[str]:
    return [m.group(1) if m.group(1) is not None else m.group(2) for m in _LITERAL.finditer(text)]


def _unquote(literal: str) -> str:
    values = _literals(literal)
    return values[0] if values else literal


# --- settings ---------------------------------------------------------------------------


@dataclass
class Settings:
    """What ``settings.gradle[.kts]`` declares."""

    root_name: str | None = None
    projects: list[str] = field(default_factory=list)
    project_dirs: dict[str, str] = field(default_factory=dict)
    included_builds: list[str] = field(default_factory=list)


def project_path(declared: str) -> str:
    """``:a:b`` → ``a:b``: a Gradle project path without the leading colon."""
    return ":".join(part for part in declared.strip().split(":") if part)


def parse_settings(text: str) -> Settings:
    """Root name, included project paths (declaration order) and project folders."""
    code = strip_comments(text)
    settings = Settings()
    name = _ROOT_NAME.search(code)
    if name is not None:
        settings.root_name = _unquote(name.group(1)).strip() or None
    for match in _INCLUDE.finditer(code):
        for declared in _literals(match.group(1)):
            path = project_path(declared)
            if path and path not in settings.projects:
                settings.projects.append(path)
    for match in _PROJECT_DIR.finditer(code):
        settings.project_dirs[project_path(_unquote(match.group(1)))] = _unquote(match.group(2))
    for match in _INCLUDE_BUILD.finditer(code):
        settings.included_builds.append(_unquote(match.group(1)))
    return settings


# --- build scripts -------------------------------------------------------------------------


@dataclass
class ScriptFacts:
    """What one build script declares."""

    java_version: str | None = None
    plugin_ids: list[str] = field(default_factory=list)
    coordinates: list[tuple[str, str]] = field(default_factory=list)
    catalog_references: list[str] = field(default_factory=list)
    # Script plugins applied with `apply from:` as (path, relative to the root?).
    applied_scripts: list[tuple[str, bool]] = field(default_factory=list)


def _applied_script(literal: str) -> tuple[str, bool] | None:
    """``(path, from_root)`` of an ``apply from:`` target that is a local file."""
    from_root = False
    for prefix in (*_ROOT_PREFIXES, *_PROJECT_PREFIXES):
        if literal.startswith(prefix):
            from_root = prefix in _ROOT_PREFIXES
            literal = literal[len(prefix) :]
            break
    # Computed paths and URLs are not followed: scripts are read, never fetched.
    if not literal or "$" in literal or "://" in literal:
        return None
    return literal, from_root


def _is_configuration(name: str) -> bool:
    return (
        name in _CONFIGURATIONS
        or name.endswith(_CONFIGURATION_SUFFIXES)
        or name.startswith(_KOTLIN_PROCESSORS)
    )


def _java_version_of(expression: str, catalog: Catalog | None) -> str | None:
    """The major version an expression such as ``JavaVersion.VERSION_1_8`` stands for."""
    expression = expression.strip()
    inner = re.fullmatch(r"[\w.]+\s*\((.*)\)", expression, re.DOTALL)
    if expression.startswith(("JavaLanguageVersion.of", "JavaVersion.toVersion")) and inner:
        return _java_version_of(inner.group(1), catalog)
    if expression.startswith("JavaVersion.VERSION_"):
        number = expression.removeprefix("JavaVersion.VERSION_").replace("_", ".")
        return normalize_java_version(number)
    if expression.startswith(f"{CATALOG_ACCESSOR}.versions."):
        if catalog is None:
            return None
        # `libs.versions.java.get().toInt()` → `java.get`: the catalog drops `.get`.
        reference = expression.removeprefix(f"{CATALOG_ACCESSOR}.versions.").split("(")[0]
        return normalize_java_version(catalog.version(reference))
    if expression[:1] in "\"'":
        return normalize_java_version(_unquote(expression))
    return normalize_java_version(expression)


def _java_version(code: str, catalog: Catalog | None) -> str | None:
    for patterns in _JAVA_VERSION_ORDER:
        for pattern in patterns:
            for match in pattern.finditer(code):
                version = _java_version_of(match.group("value"), catalog)
                if version is not None:
                    return version
    return None


def parse_script(text: str, catalog: Catalog | None = None) -> ScriptFacts:
    """Java version, plugin ids, dependency coordinates and catalog references of a script."""
    code = strip_comments(text)
    facts = ScriptFacts(java_version=_java_version(code, catalog))
    facts.plugin_ids = [m.group(1) for m in _PLUGIN_ID.finditer(code)]
    facts.plugin_ids += [m.group(1) for m in _APPLY_PLUGIN.finditer(code)]
    for match in _DEPENDENCY.finditer(code):
        if not _is_configuration(match.group("conf")):
            continue
        for literal in _literals(match.group("literals")):
            coordinate = _COORDINATE.fullmatch(literal.strip())
            if coordinate is not None:
                facts.coordinates.append((coordinate.group(1), coordinate.group(2)))
    facts.coordinates += [(m.group(1), m.group(2)) for m in _DEPENDENCY_MAP.finditer(code)]
    facts.catalog_references = [m.group(1).rstrip(".") for m in _CATALOG_REF.finditer(code)]
    for match in _APPLY_FROM.finditer(code):
        applied = _applied_script(_unquote(match.group(1)))
        if applied is not None:
            facts.applied_scripts.append(applied)
    return facts
