"""Reading Gradle build scripts (Groovy and Kotlin DSL) as text, and the lexing they share.

Gradle scripts are programs; the profile does not run them. It recognizes the
declarative forms real builds use (see docs/frameworks.md) with regular
expressions over the script with its comments removed, and leaves anything
computed unknown. These functions are pure: text in, facts out; they never raise
on any input. Settings scripts are read by ``gradle_settings``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from autopatch_memory import limits
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
    pattern: re.Pattern[str], keywords: re.Pattern[str], code: str, budget: CpuBudget
) -> Iterator[re.Match[str]]:
    """Non-overlapping matches of ``pattern`` tried only where ``keywords`` hit, until
    ``budget`` is spent (it is consulted at every hit, matched or not).

    For patterns that cannot start with a literal (a name of any spelling): the
    literal alternation ``keywords`` is scanned fast, and ``pattern`` is tried at
    the start of the word each hit is in.
    """
    end = 0
    for hit in budget.bounded(keywords.finditer(code)):
        start = hit.start()
        if start < end:
            continue
        while start > 0 and (code[start - 1].isalnum() or code[start - 1] == "_"):
            start -= 1
        match = pattern.match(code, start)
        if match is not None:
            yield match
            end = match.end()
        else:
            # Every other hit in this word would try the same start again: in a word of
            # one keyword repeated (`apiapiapi…`), that was quadratic.
            rest = _WORD_REST.match(code, hit.start())
            end = rest.end() if rest is not None else hit.end()


_WORD_REST = re.compile(r"[^\W]*")  # the rest of a word (letters, digits, `_`)


# --- build scripts -----------------------------------------------------------------------

_NAME_OR_MEMBER = r"\w."  # `x.release.set(...)` is someone else's `release`
_NAME_MEMBER_OR_TEMPLATE = r"\w.$"
_PARENS = r"\((?:[^()\n]|\([^()\n]*\))*\)"
_CATALOG_VERSION = r"[A-Za-z_]\w*\.versions\.[\w.]+(?:\(\))?"
# `libs.findVersion("java").get().requiredVersion`: the lookup convention plugins use.
_FOUND_VERSION = (
    r"[A-Za-z_]\w*\s*\.\s*findVersion\s*\(\s*[\"'][\w.\-]+[\"']\s*\)"
    r"(?:\s*\.\s*(?:get\(\)|requiredVersion|displayName|toString\(\)))*"
)
# A Java version expression: JavaVersion.VERSION_17, JavaVersion.toVersion(..),
# JavaLanguageVersion.of(..), a catalog version, a quoted or bare number.
_EXPR = (
    rf"(?P<value>JavaVersion\.\w+(?:{_PARENS})?|JavaLanguageVersion\.of\s*{_PARENS}"
    rf"|{_FOUND_VERSION}|{_CATALOG_VERSION}|{LIT}|\d+(?:\.\d+)?|[A-Za-z_]\w*)"
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
# `pluginManager.apply("java")`, `settings.plugins.apply("…")`, Java `getPluginManager().apply(…)`.
_APPLY_CALL = re.compile(
    r"""(?:pluginManager|plugins|getPluginManager\(\)|getPlugins\(\))\s*\.\s*apply\s*\(\s*"""
    r"""["']([\w.\-]+)["']"""
)
# `dependencies.add("testImplementation", "org.junit.jupiter:junit-jupiter")`.
_ADD_DEPENDENCY = re.compile(
    rf"""{word("add")}\s*\(\s*["'](?P<conf>[A-Za-z]\w*)["']\s*,\s*(?P<literal>{LIT})"""
)
# A catalog entry looked up by name, as convention plugins do where no accessor exists:
# `libs.findLibrary("junit-jupiter")`, `versionCatalogs.named("libs").findBundle("x")`.
_FIND_ENTRY = re.compile(
    r"""find(?P<kind>Library|Bundle|Plugin)\s*\(\s*["'](?P<alias>[\w.\-]+)["']\s*\)"""
)
_NAMED_CATALOG = re.compile(r"""named\s*\(\s*["'](\w+)["']\s*\)\s*\Z""")
# `val libs = extensions.getByType<VersionCatalogsExtension>().named("libs")`.
_CATALOG_BINDING = re.compile(
    r"(?<![\w.])(?:val|var|def)\s+(?P<name>[A-Za-z_]\w*)(?:\s*:\s*[\w.]+)?\s*="
    rf"[^\n;]{{0,{limits.PROFILE_SETTINGS_SPAN_CHARS}}}?named\s*\(\s*[\"'](?P<catalog>\w+)[\"']\s*\)"
)
_FIND_PREFIXES = {"Library": "", "Bundle": "bundles.", "Plugin": "plugins."}
# A constant of the script a Java level may be given through: `val javaVersion = 21`.
_CONSTANT = re.compile(
    r"(?<![\w.])(?:val|var|def|final)\s+(?:[A-Za-z_]\w*\s+)?(?P<name>[A-Za-z_]\w*)"
    rf"(?:\s*:\s*[\w.]+)?\s*=\s*(?P<value>JavaVersion\.\w+|\d+(?:\.\d+)?|{LIT})\s*;?[ \t]*(?:\n|\Z)"
)
# The test framework a test task or a JVM test suite is told to use.
_USE_TEST_FRAMEWORK = re.compile(
    rf"{word('use')}(?P<framework>JUnitJupiter|JUnitPlatform|TestNG|JUnit)\s*\("
)
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
    # `useJUnitJupiter()`, `useTestNG()`…: the framework a test task or suite is told to use.
    test_frameworks: list[str] = field(default_factory=list)
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


class _Scope:
    """What a script's own text says about the names it uses: the catalogs its variables
    hold (``val libs = versionCatalogs.named("libs")``) and its constants
    (``val javaVersion = 21``), each found once, when first asked for."""

    def __init__(self, code: str, catalogs: Catalogs, budget: CpuBudget) -> None:
        self.code = code
        self.catalogs = catalogs
        self._budget = budget
        self._bindings: dict[str, str] | None = None
        self._constants: dict[str, str | None] | None = None

    def catalog_name(self, name: str) -> str | None:
        """The catalog the name ``name`` stands for in this script, if known."""
        if name in self.catalogs:
            return name
        if self._bindings is None:
            self._bindings = {}
            if "named" in self.code:
                for match in self._budget.bounded(
                    keyword_matches(_CATALOG_BINDING, _DECLARATION_WORDS, self.code, self._budget)
                ):
                    self._bindings[match.group("name")] = match.group("catalog")
        found = self._bindings.get(name)
        return found if found in self.catalogs else None

    def constant(self, name: str) -> str | None:
        """The value of ``name`` when the script assigns it a literal once and only once."""
        if self._constants is None:
            self._constants = {}
            for match in self._budget.bounded(
                keyword_matches(_CONSTANT, _DECLARATION_WORDS, self.code, self._budget)
            ):
                seen = match.group("name") in self._constants
                self._constants[match.group("name")] = None if seen else match.group("value")
            if self._constants:
                # Assigned again (`javaVersion = 17`): which value holds where is not known.
                assigned = Counter(
                    m.group(1) for m in self._budget.bounded(_ASSIGNMENT.finditer(self.code))
                )
                for again in [n for n in self._constants if assigned[n] > 1]:
                    self._constants[again] = None
        return self._constants.get(name)


_DECLARATION_WORDS = re.compile(r"val|var|def|final")
_ASSIGNMENT = re.compile(r"([A-Za-z_]\w*)\s*=(?!=)")


def _catalog_of_lookup(code: str, dot: int, scope: _Scope) -> str | None:
    """The catalog whose ``.findLibrary(…)``-like lookup has its ``.`` before ``dot``."""
    end = dot
    while end > 0 and code[end - 1].isspace():
        end -= 1
    if end == 0 or code[end - 1] != ".":
        return None
    end -= 1
    while end > 0 and code[end - 1].isspace():
        end -= 1
    floor = max(0, end - limits.PROFILE_SETTINGS_SPAN_CHARS)
    if end > 0 and code[end - 1] == ")":  # `versionCatalogs.named("libs").findLibrary(…)`
        named = _NAMED_CATALOG.search(code, floor, end)
        return named.group(1) if named is not None and named.group(1) in scope.catalogs else None
    start = end
    while start > floor and (code[start - 1].isalnum() or code[start - 1] == "_"):
        start -= 1
    return scope.catalog_name(code[start:end]) if start < end else None


def _java_version_of(expression: str, scope: _Scope, depth: int = 0) -> str | None:
    """The major version an expression such as ``JavaVersion.VERSION_1_8`` stands for."""
    expression = expression.strip()
    inner = re.fullmatch(r"[\w.]+\s*\((.*)\)", expression, re.DOTALL)
    if expression.startswith(("JavaLanguageVersion.of", "JavaVersion.toVersion")) and inner:
        return _java_version_of(inner.group(1), scope, depth)
    if expression.startswith("JavaVersion.VERSION_"):
        # `JavaVersion.VERSION_17.majorVersion` is the same level as a number.
        name = re.match(r"JavaVersion\.VERSION_(\w+)", expression)
        number = name.group(1).replace("_", ".") if name is not None else ""
        return normalize_java_version(number)
    lookup = re.match(r"([A-Za-z_]\w*)\s*\.\s*findVersion\s*\(\s*[\"']([\w.\-]+)[\"']", expression)
    if lookup is not None:
        catalog = scope.catalogs.get(scope.catalog_name(lookup.group(1)) or "")
        return normalize_java_version(catalog.version(lookup.group(2))) if catalog else None
    accessor, marker, reference = expression.partition(".versions.")
    if marker and accessor.isidentifier():
        catalog = scope.catalogs.get(accessor)
        if catalog is None:
            return None
        # `libs.versions.java.get().toInt()` → `java.get`: the catalog drops `.get`.
        return normalize_java_version(catalog.version(reference.split("(")[0]))
    if expression[:1] in "\"'":
        return normalize_java_version(_unquote(expression))
    if expression.isidentifier() and depth == 0:  # a constant, followed once
        value = scope.constant(expression)
        return _java_version_of(value, scope, depth + 1) if value is not None else None
    return normalize_java_version(expression)


def _java_version(code: str, scope: _Scope, budget: CpuBudget) -> str | None:
    for keyword, patterns in _JAVA_VERSION_ORDER:
        if keyword not in code:
            continue
        for pattern in patterns:
            for match in budget.bounded(pattern.finditer(code)):
                version = _java_version_of(match.group("value"), scope)
                if version is not None:
                    return version
    return None


def _catalog_lookups(code: str, scope: _Scope, budget: CpuBudget) -> list[tuple[str, str]]:
    """``(catalog, reference)`` of the entries the script looks up by name."""
    found: list[tuple[str, str]] = []
    for match in budget.bounded(_FIND_ENTRY.finditer(code)):
        catalog = _catalog_of_lookup(code, match.start(), scope)
        if catalog is not None:
            found.append((catalog, _FIND_PREFIXES[match.group("kind")] + match.group("alias")))
    return found


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
    scope = _Scope(code, catalogs, budget)
    facts = ScriptFacts(java_version=_java_version(code, scope, budget))
    bounded = budget.bounded
    facts.plugin_ids = [m.group(1) for m in bounded(PLUGIN_ID.finditer(code))]
    applies = "apply" in code  # substring tests skip scans that cannot match
    if applies:
        facts.plugin_ids += [m.group(1) for m in bounded(_APPLY_PLUGIN.finditer(code))]
        facts.plugin_ids += [m.group(1) for m in bounded(_APPLY_CALL.finditer(code))]
    for match in keyword_matches(_DEPENDENCY, _CONFIGURATION_WORDS, code, budget):
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
    if "add" in code:
        for match in bounded(_ADD_DEPENDENCY.finditer(code)):
            coordinate = _COORDINATE.fullmatch(_unquote(match.group("literal")).strip())
            if coordinate is not None and _is_configuration(match.group("conf")):
                facts.coordinates.append((coordinate.group(1), coordinate.group(2)))
    if catalogs:
        facts.catalog_references = _catalog_references(code, catalogs, budget)
        if "find" in code:
            facts.catalog_references += _catalog_lookups(code, scope, budget)
    if "use" in code:
        facts.test_frameworks = [
            m.group("framework") for m in bounded(_USE_TEST_FRAMEWORK.finditer(code))
        ]
    if "testRuntime" in code:
        facts.test_runtimes = [m.group(1) for m in bounded(_TEST_RUNTIME.finditer(code))]
    for match in bounded(_APPLY_FROM.finditer(code)) if applies else ():
        applied = _applied_script(_unquote(match.group(1)))
        if applied is not None:
            facts.applied_scripts.append(applied)
    facts.complete = not budget.exhausted
    return facts
