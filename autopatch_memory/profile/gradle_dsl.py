"""Reading Gradle build scripts (Groovy and Kotlin DSL) as text, and the lexing they share.

Gradle scripts are programs; the profile does not run them. It recognizes the
declarative forms real builds use (see docs/frameworks.md) with regular
expressions over the script with its comments removed, and leaves anything
computed unknown. These functions are pure: text in, facts out; they never raise
on any input. Settings scripts are read by ``gradle_settings``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from autopatch_memory.profile.catalog import CATALOG_ACCESSOR, Catalog
from autopatch_memory.profile.cpu_budget import CpuBudget, parse_budget
from autopatch_memory.profile.facts import normalize_java_version

# A Groovy/Kotlin string literal on one line, and several separated by commas.
LIT = r"""(?:"[^"\n]*"|'[^'\n]*')"""
LITS = rf"{LIT}(?:\s*,\s*{LIT})*"
_LITERAL = re.compile(r""""([^"\n]*)"|'([^'\n]*)'""")

# Strings are kept (a URL holds "//"), comments are blanked. An unclosed block
# comment or triple-quoted string runs to the end (as for the compiler), which
# also keeps the scan linear on hostile input.
_COMMENT_OR_STRING = re.compile(
    r'("""[\s\S]*?(?:"""|\Z)|\'\'\'[\s\S]*?(?:\'\'\'|\Z)'
    r'|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\')'
    r"|//[^\n]*|/\*[\s\S]*?(?:\*/|\Z)"
)


def word(keyword: str, before: str = r"\w") -> str:
    """``keyword`` as a regular expression that starts with the literal itself.

    The check that no character of class ``before`` precedes it comes *after* the
    literal, as a look-behind: a scan can then jump from one occurrence of the
    literal to the next, where a pattern that opens with a look-behind is tried at
    every position — ten times slower on a large script.
    """
    literal = re.escape(keyword)
    return rf"{literal}(?<![{before}]{literal})"


def keyword_matches(
    pattern: re.Pattern[str], keywords: re.Pattern[str], code: str
) -> Iterator[re.Match[str]]:
    """Non-overlapping matches of ``pattern`` tried only where ``keywords`` hit.

    For patterns that cannot start with a literal (a name of any spelling): the
    literal alternation ``keywords`` is scanned fast, and ``pattern`` is tried at
    the start of the word each hit is in.
    """
    end = 0
    for hit in keywords.finditer(code):
        start = hit.start()
        if start < end:
            continue
        while start > 0 and (code[start - 1].isalnum() or code[start - 1] == "_"):
            start -= 1
        match = pattern.match(code, start)
        if match is not None:
            yield match
            end = match.end()


# --- build scripts -----------------------------------------------------------------------

_NAME_OR_MEMBER = r"\w."  # `x.release.set(...)` is someone else's `release`
_NAME_MEMBER_OR_TEMPLATE = r"\w.$"
_PARENS = r"\((?:[^()\n]|\([^()\n]*\))*\)"
_CATALOG_VERSION = r"[A-Za-z_]\w*\.versions\.[\w.]+(?:\(\))?"
# A Java version expression: JavaVersion.VERSION_17, JavaVersion.toVersion(..),
# JavaLanguageVersion.of(..), a catalog version, a quoted or bare number.
_EXPR = (
    rf"(?P<value>JavaVersion\.\w+(?:{_PARENS})?|JavaLanguageVersion\.of\s*{_PARENS}"
    rf"|{_CATALOG_VERSION}|{LIT}|\d+(?:\.\d+)?)"
)
_SET = r"(?:\s*=\s*|\s*\.set\s*\(\s*|\s*\(\s*|\s+)"  # `= x`, `.set(x)`, `(x)`, Groovy `x`

_RELEASE = (
    re.compile(rf"{word('options.release')}{_SET}{_EXPR}"),
    re.compile(rf"{word('release.set', before=_NAME_OR_MEMBER)}\s*\(\s*{_EXPR}"),
)
_SOURCE = (re.compile(rf"{word('sourceCompatibility')}{_SET}{_EXPR}"),)
_TARGET = (re.compile(rf"{word('targetCompatibility')}{_SET}{_EXPR}"),)
# Only a *Java* language version: Kotlin's `languageVersion = "1.9"` is something else.
_TOOLCHAIN = (
    re.compile(rf"{word('languageVersion')}{_SET}(?P<value>JavaLanguageVersion\.of\s*{_PARENS})"),
)
_JVM_TOOLCHAIN = (re.compile(rf"{word('jvmToolchain')}{_SET}{_EXPR}"),)
# javac semantics: --release wins over source/target; a toolchain only picks the JDK.
# Each group with a word every one of its matches contains: most scripts hold none,
# and a substring test is far cheaper than a regular expression scan.
_JAVA_VERSION_ORDER = (
    ("release", _RELEASE),
    ("sourceCompatibility", _SOURCE),
    ("targetCompatibility", _TARGET),
    ("languageVersion", _TOOLCHAIN),
    ("jvmToolchain", _JVM_TOOLCHAIN),
)

PLUGIN_ID = re.compile(
    rf"""{word("id", before=_NAME_MEMBER_OR_TEMPLATE)}\s*\(?\s*["']([\w.\-]+)["']"""
)
_APPLY_PLUGIN = re.compile(rf"""{word("apply")}\s*\(?\s*plugin\s*[:=]\s*["']([\w.\-]+)["']""")
_APPLY_FROM = re.compile(rf"{word('apply')}\s*\(?\s*from\s*[:=]\s*({LIT})")
# `apply from: "$rootDir/gradle/x.gradle"`: where the path starts from.
_ROOT_PREFIXES = (
    "$rootDir/",
    "${rootDir}/",
    "${rootProject.projectDir}/",
    "$rootProject.projectDir/",
)
_PROJECT_PREFIXES = ("$projectDir/", "${projectDir}/")
# The Micronaut plugin's `micronaut { testRuntime("junit5") }`: the test framework, chosen.
_TEST_RUNTIME = re.compile(
    rf"""{word("testRuntime", before=_NAME_MEMBER_OR_TEMPLATE)}\s*\(?\s*["']([\w.\-]+)["']"""
)

# `implementation("g:a:v")`, Groovy `implementation 'g:a:v'`, and the string-invoked
# `"implementation"("g:a:v")` of Kotlin scripts where no typed accessor exists. Tried
# only at words holding a configuration's name (see keyword_matches).
_DEPENDENCY = re.compile(
    r"""(?P<conf>[A-Za-z]\w*)(?P<quote>"?)\s*\(?\s*"""
    r"(?:(?:platform|enforcedPlatform|testFixtures)\s*\(\s*)?"
    rf"(?P<literals>{LITS})"
)
_CONFIGURATION_WORDS = re.compile(
    r"mplementation|[aA]pi|[cC]ompile|[rR]untime|[aA]nnotationProcessor|classpath"
    r"|developmentOnly|kapt|ksp"
)
_DEPENDENCY_MAP = re.compile(
    rf"""{word("group")}\s*[:=]\s*["']([\w.\-]+)["']\s*,\s*name\s*[:=]\s*["']([\w.\-]+)["']"""
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
    if "/" not in text:
        return text  # no comment can start: skip a scan that calls back per string
    return _COMMENT_OR_STRING.sub(lambda m: m.group(1) or " ", text)


def literals(text: str) -> list[str]:
    """The values of the string literals in ``text`` (quotes removed), in order."""
    return [m.group(1) if m.group(1) is not None else m.group(2) for m in _LITERAL.finditer(text)]


def _unquote(literal: str) -> str:
    values = literals(literal)
    return values[0] if values else literal


Catalogs = Mapping[str, Catalog]
"""Version catalogs by the name build scripts use for them (``libs``, ``mn``...)."""


@lru_cache(maxsize=16)
def _catalog_reference(names: tuple[str, ...]) -> re.Pattern[str]:
    accessors = "|".join(re.escape(name) for name in names)
    return re.compile(rf"({accessors})\.([A-Za-z_][\w.]*)")


def _catalog_references(code: str, catalogs: Catalogs, budget: CpuBudget) -> list[tuple[str, str]]:
    """``(catalog, reference)`` of ``libs.spring.boot.web``-like names (not ``x.libs.y``)."""
    found: list[tuple[str, str]] = []
    for match in budget.bounded(_catalog_reference(tuple(sorted(catalogs))).finditer(code)):
        start = match.start()
        if start == 0 or not (code[start - 1].isalnum() or code[start - 1] in "_.$"):
            found.append((match.group(1), match.group(2).rstrip(".")))
    return found


def _as_catalogs(catalog: Catalog | Catalogs | None) -> Catalogs:
    if catalog is None:
        return {}
    if isinstance(catalog, Catalog):
        return {CATALOG_ACCESSOR: catalog}
    return catalog


# --- build scripts -------------------------------------------------------------------------


@dataclass
class ScriptFacts:
    """What one build script declares."""

    java_version: str | None = None
    plugin_ids: list[str] = field(default_factory=list)
    coordinates: list[tuple[str, str]] = field(default_factory=list)
    # (catalog name, reference): `libs.spring.boot.web` → ("libs", "spring.boot.web").
    catalog_references: list[tuple[str, str]] = field(default_factory=list)
    test_runtimes: list[str] = field(default_factory=list)
    # Script plugins applied with `apply from:` as (path, relative to the root?).
    applied_scripts: list[tuple[str, bool]] = field(default_factory=list)
    complete: bool = True  # False: the CPU budget stopped the reading; the rest is unread


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


def _dependency_start(code: str, match: re.Match[str]) -> bool:
    """A configuration name stands alone (``implementation``) or quoted (``"api"``)."""
    if match.start() == 0:
        return not match.group("quote")
    before = code[match.start() - 1]
    if match.group("quote"):
        return before == '"'
    return not (before.isalnum() or before in "_.$")


def _is_configuration(name: str) -> bool:
    return (
        name in _CONFIGURATIONS
        or name.endswith(_CONFIGURATION_SUFFIXES)
        or name.startswith(_KOTLIN_PROCESSORS)
    )


def _java_version_of(expression: str, catalogs: Catalogs) -> str | None:
    """The major version an expression such as ``JavaVersion.VERSION_1_8`` stands for."""
    expression = expression.strip()
    inner = re.fullmatch(r"[\w.]+\s*\((.*)\)", expression, re.DOTALL)
    if expression.startswith(("JavaLanguageVersion.of", "JavaVersion.toVersion")) and inner:
        return _java_version_of(inner.group(1), catalogs)
    if expression.startswith("JavaVersion.VERSION_"):
        number = expression.removeprefix("JavaVersion.VERSION_").replace("_", ".")
        return normalize_java_version(number)
    accessor, marker, reference = expression.partition(".versions.")
    if marker and accessor.isidentifier():
        catalog = catalogs.get(accessor)
        if catalog is None:
            return None
        # `libs.versions.java.get().toInt()` → `java.get`: the catalog drops `.get`.
        return normalize_java_version(catalog.version(reference.split("(")[0]))
    if expression[:1] in "\"'":
        return normalize_java_version(_unquote(expression))
    return normalize_java_version(expression)


def _java_version(code: str, catalogs: Catalogs, budget: CpuBudget) -> str | None:
    for keyword, patterns in _JAVA_VERSION_ORDER:
        if keyword not in code:
            continue
        for pattern in patterns:
            for match in budget.bounded(pattern.finditer(code)):
                version = _java_version_of(match.group("value"), catalogs)
                if version is not None:
                    return version
    return None


def parse_script(
    text: str, catalog: Catalog | Catalogs | None = None, budget: CpuBudget | None = None
) -> ScriptFacts:
    """Java version, plugin ids, dependency coordinates and catalog references of a script.

    ``catalog`` is the default ``libs`` catalog, or every catalog by its name. Past
    ``budget`` (default: PROFILE_PARSE_CPU_SECONDS), what was found so far is
    returned with ``complete`` false.
    """
    budget = parse_budget(budget)
    code = strip_comments(text)
    catalogs = _as_catalogs(catalog)
    facts = ScriptFacts(java_version=_java_version(code, catalogs, budget))
    bounded = budget.bounded
    facts.plugin_ids = [m.group(1) for m in bounded(PLUGIN_ID.finditer(code))]
    applies = "apply" in code  # substring tests skip scans that cannot match
    if applies:
        facts.plugin_ids += [m.group(1) for m in bounded(_APPLY_PLUGIN.finditer(code))]
    for match in bounded(keyword_matches(_DEPENDENCY, _CONFIGURATION_WORDS, code)):
        if not _is_configuration(match.group("conf")) or not _dependency_start(code, match):
            continue
        for literal in literals(match.group("literals")):
            coordinate = _COORDINATE.fullmatch(literal.strip())
            if coordinate is not None:
                facts.coordinates.append((coordinate.group(1), coordinate.group(2)))
    if "group" in code:
        facts.coordinates += [
            (m.group(1), m.group(2)) for m in bounded(_DEPENDENCY_MAP.finditer(code))
        ]
    if catalogs:
        facts.catalog_references = _catalog_references(code, catalogs, budget)
    if "testRuntime" in code:
        facts.test_runtimes = [m.group(1) for m in bounded(_TEST_RUNTIME.finditer(code))]
    for match in bounded(_APPLY_FROM.finditer(code)) if applies else ():
        applied = _applied_script(_unquote(match.group(1)))
        if applied is not None:
            facts.applied_scripts.append(applied)
    facts.complete = not budget.exhausted
    return facts
