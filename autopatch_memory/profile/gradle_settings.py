"""Reading ``settings.gradle[.kts]``: the root name, the projects, their folders, the catalogs.

Settings scripts are programs; the profile does not run them. It evaluates the
small, declarative subset real builds use to name their projects (see
docs/profile.md), and leaves anything else unknown:

* ``include(...)`` / ``include '...'`` with string literals, string templates over
  known variables (``":velocity-$it"``) and ``+`` concatenations;
* ``val``/``var``/``def`` variables holding a string or a literal collection;
* loops over a literal collection or such a variable:
  ``sequenceOf("api", "proxy").forEach { include(":velocity-$it") }``,
  ``['a', 'b'].each { name -> include ":x-$name" }``, ``for (m in modules) { ... }``,
  ``listOf("a").forEach(::include)``;
* ``project(":x").projectDir = file("...")`` (also inside loops);
* version catalogs the settings declare, and settings plugins.

Everything is one pass of regular expressions over the script with its comments
removed, plus one linear pass to pair braces when a loop or a catalog block needs
its body: linear in the size of the script, whatever its shape.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from autopatch_memory import limits
from autopatch_memory.profile.catalog import (
    MICRONAUT_CATALOG_ACCESSOR,
    MICRONAUT_CATALOG_PLUGIN,
    Catalog,
    normalize_alias,
)
from autopatch_memory.profile.cpu_budget import CpuBudget, parse_budget
from autopatch_memory.profile.gradle_dsl import (
    LIT,
    LITS,
    PLUGIN_ID,
    keyword_matches,
    literals,
    strip_comments,
)

_NAME = r"[A-Za-z_]\w*"
_ATOM = rf"(?:{LIT}|{_NAME})"
_EXPR = rf"{_ATOM}(?:\s*\+\s*{_ATOM})*"  # a string value: literals and variables joined by +
_EXPRS = rf"{_EXPR}(?:\s*,\s*{_EXPR})*"
_COLLECTION_FUNCTIONS = (
    r"(?:sequenceOf|listOf|arrayOf|setOf|mutableListOf|mutableSetOf|linkedSetOf|hashSetOf"
    r"|arrayListOf)"
)
_COLLECTION = (
    rf"(?:{_COLLECTION_FUNCTIONS}\s*\(\s*(?:{LITS})?\s*,?\s*\)"
    rf"|\[\s*(?:{LITS})?\s*,?\s*\])"
)
_START = r"(?<![\w.$])"  # not in the middle of a name or a member access
# A Kotlin type annotation, `: List<String>`.
_TYPE = rf"(?:\s*:\s*[\w.?]+(?:<[^=;\n]{{0,{limits.PROFILE_SETTINGS_SPAN_CHARS}}}>)?)?"

_STATEMENT = re.compile(
    rf"(?P<assign>{_START}(?:val|var|def|String|final)\s+(?P<var>{_NAME}){_TYPE}\s*=\s*"
    rf"(?P<value>{_COLLECTION}|{_EXPR}))"
    rf"|(?P<include>{_START}include\b\s*\(?\s*(?P<args>{_EXPRS}))"
    rf"|(?P<dir>{_START}project\s*\(\s*(?P<project>{_EXPR})\s*\)\s*\.projectDir\s*=\s*"
    rf"(?:file|File|new\s+File|java\.io\.File)\s*\(\s*(?:(?:settingsDir|rootDir)\s*,\s*)?"
    rf"(?P<folder>{_EXPR})\s*\))"
    rf"|(?P<root>{_START}rootProject\.name\s*=\s*(?P<name>{_EXPR}))"
    rf"|(?P<build>{_START}includeBuild\s*\(?\s*(?P<build_dir>{LIT}))"
)
_STATEMENT_WORDS = re.compile(r"val|var|def|String|final|include|project|rootProject")
# Loops: `<receiver>.forEach { [type] param -> ...`, `<receiver>.forEach(::include)`,
# found from their `.forEach` (a literal: fast to scan for) back to their receiver,
# a collection literal or a variable.
_EACH = re.compile(
    rf"\.\s*(?:forEach|each|onEach)\b\s*(?:(?P<reference>\(\s*::\s*include\s*\))"
    rf"|\(?\s*(?P<open>\{{)\s*(?:(?:[\w.?]+\s+)?(?P<param>{_NAME})\s*->)?)"
)
_COLLECTION_LITERAL = re.compile(_COLLECTION)
_COLLECTION_WORDS = re.compile(rf"{_COLLECTION_FUNCTIONS}|\[")
# `for (param in coll) {` / `for (String param : coll) {`
_FOR = re.compile(
    rf"{_START}for\s*\(\s*(?:(?:val|var|def|final|String)\s+)?(?P<param>{_NAME}){_TYPE}"
    rf"\s*(?:\bin\b|:)\s*(?:(?P<coll>{_COLLECTION})|(?P<var>{_NAME}))\s*\)\s*(?P<open>\{{)"
)
_FOR_WORD = re.compile(r"for")
_TOKEN = re.compile(rf"{LIT}|{_NAME}|,")
_TEMPLATE = re.compile(r"\$\{\s*([A-Za-z_]\w*)\s*\}|\$([A-Za-z_]\w*)")
_BRACE_OR_STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|[{}]')

# Catalogs the settings declare: dependencyResolutionManagement { versionCatalogs { ... } }.
_VERSION_CATALOGS = re.compile(rf"{_START}versionCatalogs\s*\{{")
_CATALOG_BLOCK = re.compile(
    rf"(?:{_START}create\s*\(\s*(?P<created>{LIT})\s*\)|{_START}(?P<named>{_NAME}))\s*\{{"
)
_FROM_FILES = re.compile(rf"{_START}from\s*\(\s*files\s*\(\s*(?P<path>{LIT})")
_FROM_PUBLISHED = re.compile(rf"{_START}from\s*\(\s*(?P<coordinate>{LIT})\s*\)")
_LIBRARY = re.compile(rf"{_START}library\s*\(\s*(?P<alias>{LIT})\s*,\s*(?P<parts>{LITS})")
_PLUGIN = re.compile(rf"{_START}plugin\s*\(\s*(?P<alias>{LIT})\s*,\s*(?P<id>{LIT})")
_BUNDLE = re.compile(
    rf"{_START}bundle\s*\(\s*(?P<alias>{LIT})\s*,\s*(?:{_COLLECTION_FUNCTIONS}\s*\(|\[)\s*(?P<members>{LITS})"
)
_MICRONAUT_PLATFORM = "io.micronaut.platform:micronaut-platform"  # what the settings plugin adds
# In the folder of `project(...).projectDir = file("$rootDir/x")`: the root itself.
_ROOT_VARIABLES = {"rootDir": ".", "settingsDir": "."}

Value = str | list[str]


@dataclass
class CatalogDeclaration:
    """A version catalog the settings create: from a TOML file, a published artifact, or inline."""

    name: str
    file: str | None = None
    published: str | None = None  # `group:artifact` of a catalog published as an artifact
    inline: Catalog = field(default_factory=Catalog)


@dataclass
class Settings:
    """What ``settings.gradle[.kts]`` declares."""

    root_name: str | None = None
    projects: list[str] = field(default_factory=list)
    project_dirs: dict[str, str] = field(default_factory=dict)
    included_builds: list[str] = field(default_factory=list)
    catalogs: list[CatalogDeclaration] = field(default_factory=list)
    plugin_ids: list[str] = field(default_factory=list)
    complete: bool = True  # False: the script cost more steps than allowed; the rest is unread
    out_of_time: bool = False  # the CPU budget stopped the reading (complete is False too)


def project_path(declared: str) -> str:
    """``:a:b`` → ``a:b``: a Gradle project path without the leading colon."""
    return ":".join(part for part in declared.strip().split(":") if part)


# --- evaluating values ----------------------------------------------------------------------


def _substituted(literal: str, env: dict[str, Value]) -> str | None:
    """A string literal's value with ``$name`` / ``${name}`` replaced, or ``None``."""
    text = literals(literal)[0] if literal[:1] in "\"'" else literal
    if "$" not in text:
        return text
    unknown = False

    def replace(match: re.Match[str]) -> str:
        nonlocal unknown
        value = env.get(match.group(1) or match.group(2))
        if not isinstance(value, str):
            unknown = True
            return ""
        return value

    result = _TEMPLATE.sub(replace, text)
    # Anything else after a `$` (`${x.y}`, `$1`) is computed: unknown.
    return None if unknown or "$" in result else result


class _Budget:
    """The steps a settings script may still cost (see PROFILE_MAX_SETTINGS_STEPS), within
    the CPU time its reading may take."""

    def __init__(self, cpu: CpuBudget) -> None:
        self.left = limits.PROFILE_MAX_SETTINGS_STEPS
        self.cpu = cpu
        self.exhausted = False

    def take(self) -> bool:
        """Spend one step; False (for good) once none is left or the time is up."""
        if self.left <= 0 or self.cpu.spent():
            self.exhausted = True
            return False
        self.left -= 1
        return True


def _values(
    text: str, env: dict[str, Value], budget: _Budget | None = None
) -> Iterator[str | None]:
    """The values of comma-separated expressions (``None`` for an unknown one)."""
    parts: list[str | None] = []
    for token in _TOKEN.finditer(text):
        if budget is not None and not budget.take():
            return
        atom = token.group()
        if atom == ",":
            yield _joined(parts)
            parts = []
        elif atom[0] in "\"'":
            parts.append(_substituted(atom, env))
        else:
            value = env.get(atom)
            parts.append(value if isinstance(value, str) else None)
    yield _joined(parts)


def _joined(parts: list[str | None]) -> str | None:
    if not parts or any(part is None for part in parts):
        return None
    return "".join(part for part in parts if part is not None)


def _value(text: str, env: dict[str, Value]) -> str | None:
    return next(_values(text, env), None)


def _collection(text: str) -> list[str]:
    return literals(text)[: limits.PROFILE_MAX_LOOP_ELEMENTS]


# --- the script's structure ------------------------------------------------------------------


class _Braces:
    """Where each ``{`` closes, computed once, in one pass, when a body is first needed."""

    def __init__(self, code: str, cpu: CpuBudget) -> None:
        self._code = code
        self._cpu = cpu
        self._closing: dict[int, int] | None = None

    def body_end(self, opening: int) -> int:
        """The index of the ``}`` closing the ``{`` at ``opening`` (the end when unclosed)."""
        if self._closing is None:
            self._closing = {}
            stack: list[int] = []
            tokens = self._cpu.bounded(_BRACE_OR_STRING.finditer(self._code))
            # A hostile script of braces only: past the budget, bodies run to the end.
            for match in itertools.islice(tokens, limits.PROFILE_MAX_SETTINGS_STEPS):
                token = match.group()
                if token == "{":
                    stack.append(match.start())
                elif token == "}" and stack:
                    self._closing[stack.pop()] = match.start()
        return self._closing.get(opening, len(self._code))


@dataclass
class _Loop:
    start: int
    body_start: int
    body_end: int
    param: str
    elements: list[str] | None  # a literal collection, or None: take `variable`
    variable: str | None
    reference: bool  # `forEach(::include)`: every element is included


def _receiver(
    code: str, dot: int, collections: dict[int, re.Match[str]]
) -> tuple[int, str | None, str | None] | None:
    """``(start, collection literal, variable)`` of what a ``.forEach`` at ``dot`` iterates."""
    end = dot
    floor = max(0, dot - limits.PROFILE_SETTINGS_SPAN_CHARS)
    while end > floor and code[end - 1].isspace():
        end -= 1
    literal = collections.get(end)
    if literal is not None:
        return literal.start(), literal.group(), None
    start = end
    while start > floor and (code[start - 1].isalnum() or code[start - 1] == "_"):
        start -= 1
    name = code[start:end]
    if not name.isidentifier() or (start > 0 and code[start - 1] in "._$"):
        return None  # `x.items.forEach`: not a variable of the script
    return start, None, name


def _loops(code: str, braces: _Braces, budget: _Budget) -> list[_Loop]:
    """The outermost loops over a collection, in order (a loop inside one is not expanded)."""
    candidates: list[_Loop] = []
    if "ach" in code:  # forEach, each, onEach
        collections = {m.end(): m for m in keyword_matches(
            _COLLECTION_LITERAL, _COLLECTION_WORDS, code, budget.cpu)}  # fmt: skip
        for match in _EACH.finditer(code):
            if not budget.take():
                break
            receiver = _receiver(code, match.start(), collections)
            if receiver is None:
                continue
            start, literal, variable = receiver
            candidates.append(_loop(match, braces, start, literal, variable))
    for match in keyword_matches(_FOR, _FOR_WORD, code, budget.cpu):
        if not budget.take():
            break
        literal, variable = match.group("coll"), match.group("var")
        candidates.append(_loop(match, braces, match.start(), literal, variable))
    found: list[_Loop] = []
    covered_until = -1
    for loop in sorted(candidates, key=lambda candidate: candidate.start):
        if loop.start >= covered_until:
            found.append(loop)
            covered_until = loop.body_end
    return found


def _loop(
    match: re.Match[str], braces: _Braces, start: int, literal: str | None, variable: str | None
) -> _Loop:
    reference = match.groupdict().get("reference") is not None
    body_start = match.end()
    body_end = body_start if reference else braces.body_end(match.start("open"))
    return _Loop(
        start=start, body_start=body_start, body_end=body_end,
        param=match.group("param") or "it",
        elements=_collection(literal) if literal else None,
        variable=variable, reference=reference,
    )  # fmt: skip


def _with_reassignments(
    code: str, statements: list[re.Match[str]], budget: _Budget
) -> list[re.Match[str]]:
    """``statements`` plus the plain ``name = ...`` of the variables they declare, in order.

    A variable changed in a way the profile cannot follow must not keep a stale value.
    """
    names = sorted({m.group("var") for m in statements if m.lastgroup == "assign"})
    if not names:
        return statements
    alternation = "|".join(re.escape(name) for name in names)
    pattern = re.compile(
        rf"(?P<assign>{_START}(?P<var>{alternation})\s*=(?!=)\s*(?P<value>{_COLLECTION}|{_EXPR})?)"
    )
    reassignments = keyword_matches(pattern, re.compile(alternation), code, budget.cpu)
    merged = sorted([*statements, *reassignments],
                    key=lambda m: (m.start(), -m.end()))  # fmt: skip
    kept: list[re.Match[str]] = []
    covered_until = -1
    for statement in merged:
        if statement.start() >= covered_until and budget.take():
            kept.append(statement)
            covered_until = statement.end()
    return kept


class _Evaluator:
    """Runs the statements of a settings script in order, expanding loops."""

    def __init__(self, code: str, settings: Settings, cpu: CpuBudget) -> None:
        self._settings = settings
        self._projects: dict[str, None] = {}  # ordered and de-duplicated in O(1)
        self._env: dict[str, Value] = dict(_ROOT_VARIABLES)
        # Finding statements, finding loops and evaluating each have their own budget
        # of steps; all three share the CPU time of the reading.
        self.budgets = (_Budget(cpu), _Budget(cpu), _Budget(cpu))
        found, loops, self.budget = self.budgets
        braces = _Braces(code, cpu)
        self._statements: list[re.Match[str]] = []
        for statement in keyword_matches(_STATEMENT, _STATEMENT_WORDS, code, cpu):
            if not found.take():
                break
            self._statements.append(statement)
        self._statements = _with_reassignments(code, self._statements, found)
        self._starts = [m.start() for m in self._statements]
        self._loops = _loops(code, braces, loops)
        self.braces = braces

    def run(self) -> list[str]:
        """The included project paths, in declaration order (loops at their place)."""
        loops = iter(self._loops)
        loop = next(loops, None)
        skip_until = -1  # statements inside an expanded loop run only through it
        for statement in self._statements:
            position = statement.start()
            while loop is not None and loop.start <= position:
                self._expand(loop)
                skip_until = max(skip_until, loop.body_end)
                loop = next(loops, None)
            if position >= skip_until:
                self._run(statement, self._env)
        while loop is not None:
            self._expand(loop)
            loop = next(loops, None)
        return list(self._projects)

    def _inside(self, loop: _Loop) -> list[re.Match[str]]:
        first = bisect.bisect_left(self._starts, loop.body_start)
        last = bisect.bisect_left(self._starts, loop.body_end)
        return self._statements[first:last]

    def _expand(self, loop: _Loop) -> None:
        elements = loop.elements
        if elements is None:
            held = self._env.get(loop.variable or "")
            elements = held if isinstance(held, list) else []
        body = [] if loop.reference else self._inside(loop)
        for element in elements:
            if loop.reference:
                self._include(element)
                continue
            local: dict[str, Value] = {**self._env, loop.param: element}
            for statement in body:
                if not self.budget.take():
                    return
                self._run(statement, local)

    def _include(self, declared: str | None) -> None:
        if declared is None:
            return
        path = project_path(declared)
        if path:
            self._projects.setdefault(path)

    def _run(self, statement: re.Match[str], env: dict[str, Value]) -> None:
        kind = statement.lastgroup
        if kind == "assign":
            value = statement.group("value") or ""
            if value.startswith("[") or value.endswith(")"):
                env[statement.group("var")] = _collection(value)
            else:
                known = _value(value, env)
                if known is not None:
                    env[statement.group("var")] = known
                else:
                    env.pop(statement.group("var"), None)
        elif kind == "include":
            for declared in _values(statement.group("args"), env, self.budget):
                self._include(declared)
        elif kind == "dir":
            project, folder = (
                _value(statement.group("project"), env),
                _value(statement.group("folder"), env),
            )
            if project is not None and folder is not None:
                self._settings.project_dirs[project_path(project)] = folder
        elif kind == "root":
            # The last assignment is the one Gradle keeps; a computed one is unknown.
            name = _value(statement.group("name"), env)
            self._settings.root_name = (name.strip() or None) if name is not None else None
        elif kind == "build":
            self._settings.included_builds.append(literals(statement.group("build_dir"))[0])


# --- catalogs and plugins ---------------------------------------------------------------------


def _catalog_declarations(code: str, braces: _Braces, cpu: CpuBudget) -> list[CatalogDeclaration]:
    declarations: list[CatalogDeclaration] = []
    block_end = -1
    for block in cpu.bounded(_VERSION_CATALOGS.finditer(code)):
        if block.start() < block_end:
            continue  # nested in the block before: read with it (scanning it again is quadratic)
        end = block_end = braces.body_end(block.end() - 1)
        covered_until = -1
        for entry in cpu.bounded(_CATALOG_BLOCK.finditer(code, block.end(), end)):
            if entry.start() < covered_until:
                continue
            body_end = braces.body_end(entry.end() - 1)
            covered_until = body_end
            created = entry.group("created")
            name = literals(created)[0] if created else entry.group("named")
            declarations.append(_declaration(name, code, entry.end(), body_end, cpu))
    return declarations


def _declaration(name: str, code: str, start: int, end: int, cpu: CpuBudget) -> CatalogDeclaration:
    declaration = CatalogDeclaration(name=name)
    source = _FROM_FILES.search(code, start, end)
    if source is not None:
        declaration.file = literals(source.group("path"))[0]
    published = _FROM_PUBLISHED.search(code, start, end)
    if published is not None:
        parts = literals(published.group("coordinate"))[0].split(":")
        if len(parts) >= 2:
            declaration.published = f"{parts[0].strip()}:{parts[1].strip()}"
    inline = declaration.inline
    for library in cpu.bounded(_LIBRARY.finditer(code, start, end)):
        parts = literals(library.group("parts"))
        coordinate = parts[0].split(":") if len(parts) == 1 else parts[:2]
        if len(coordinate) >= 2 and coordinate[0] and coordinate[1]:
            alias = normalize_alias(literals(library.group("alias"))[0])
            inline.libraries[alias] = (coordinate[0], coordinate[1])
    for plugin in cpu.bounded(_PLUGIN.finditer(code, start, end)):
        inline.plugins[normalize_alias(literals(plugin.group("alias"))[0])] = literals(
            plugin.group("id")
        )[0]
    for bundle in cpu.bounded(_BUNDLE.finditer(code, start, end)):
        members = [normalize_alias(m) for m in literals(bundle.group("members"))]
        inline.bundles[normalize_alias(literals(bundle.group("alias"))[0])] = members
    return declaration


def parse_settings(text: str, budget: CpuBudget | None = None) -> Settings:
    """Root name, project paths (declaration order), project folders, catalogs, plugins.

    Never raises; linear in the size of ``text``. Past ``budget`` (default:
    PROFILE_PARSE_CPU_SECONDS), what was found so far is returned, ``complete`` false.
    """
    cpu = parse_budget(budget)
    code = strip_comments(text)
    settings = Settings()
    evaluator = _Evaluator(code, settings, cpu)
    settings.projects = evaluator.run()
    settings.plugin_ids = [m.group(1) for m in cpu.bounded(PLUGIN_ID.finditer(code))]
    if "versionCatalogs" in code:
        settings.catalogs = _catalog_declarations(code, evaluator.braces, cpu)
    settings.out_of_time = cpu.exhausted
    settings.complete = not cpu.exhausted and not any(b.exhausted for b in evaluator.budgets)
    add_plugin_catalogs(settings)
    return settings


def add_plugin_catalogs(settings: Settings) -> None:
    """Add the catalogs that the settings plugins in ``settings.plugin_ids`` create
    (the Micronaut platform catalog, ``mn``), unless the settings declare one so named."""
    if MICRONAUT_CATALOG_PLUGIN in settings.plugin_ids and not any(
        d.name == MICRONAUT_CATALOG_ACCESSOR for d in settings.catalogs
    ):
        settings.catalogs.append(
            CatalogDeclaration(MICRONAUT_CATALOG_ACCESSOR, published=_MICRONAUT_PLATFORM)
        )
