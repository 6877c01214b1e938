"""Benchmark of the repo profile collector: Maven and Gradle builds of 500 and 2000 modules.

Budgets (docs/profile.md): a cold profile (no cache) ≤ 1 s at 500 and at 2000
modules; an unchanged repository (cache hit) ≤ 20 ms at 500 and ≤ 5 ms at 2000.

"Cold" means the profile cache is absent (it is removed before each run), not a
cold disk: the operating system's page cache is warm after the first run, as it
is on a developer machine that just checked the repository out. The generated
files get an mtime in the past, as after a checkout; files modified within the
last two seconds are deliberately not trusted from the cache.

A cache hit costs about one ``stat`` per build file and one existence check per
absent candidate, so the benchmark also measures that floor — the same syscalls
in a bare loop, interleaved with the cache hits — and prints the ratio: absolute
times drift by several times on a shared or sandboxed machine, the ratio does not.

Run: ``python bench/profile_repos.py`` (prints a table, then the numbers as JSON;
writes nothing but temporary folders, removed at the end).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from autopatch_memory.profile import CACHE_FILE_NAME, clear_cache, collect

COLD_RUNS = 7
CACHED_RUNS = 51
GROUP_SIZE = 25  # modules per nested aggregator / Gradle project group
CHECKOUT_AGE_SECONDS = 3600
SIZES = (500, 2000)
BUDGET_COLD_MS = 1000.0
BUDGET_CACHED_MS = 20.0  # at 500 modules (bench/run.py reports that size)
BUDGET_CACHED_MS_BY_SIZE = {500: BUDGET_CACHED_MS, 2000: 5.0}

_LIBRARIES = (
    ("org.springframework.boot", "spring-boot-starter-web"),
    ("org.springframework.boot", "spring-boot-starter-data-jpa"),
    ("com.baomidou", "mybatis-plus-boot-starter"),
    ("org.apache.kafka", "kafka-clients"),
    ("io.netty", "netty-handler"),
    ("com.fasterxml.jackson.core", "jackson-databind"),
    ("org.projectlombok", "lombok"),
    ("org.mapstruct", "mapstruct"),
)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _age(root: Path) -> None:
    past = time.time() - CHECKOUT_AGE_SECONDS
    for folder, dirs, names in os.walk(root):
        for name in [*dirs, *names]:
            os.utime(os.path.join(folder, name), (past, past))


def _java_class(package: str, name: str) -> str:
    return f"package {package};\n\npublic class {name} {{\n}}\n"


# --- Maven ------------------------------------------------------------------------------------

_POM_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<project xmlns="http://maven.apache.org/POM/4.0.0"\n'
    '         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"\n'
    '         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 '
    'https://maven.apache.org/xsd/maven-4.0.0.xsd">\n'
    "    <modelVersion>4.0.0</modelVersion>\n"
)


def _maven_dependency(group: str, artifact: str, scope: str = "") -> str:
    scope_element = f"\n            <scope>{scope}</scope>" if scope else ""
    return (
        "        <dependency>\n"
        f"            <groupId>{group}</groupId>\n"
        f"            <artifactId>{artifact}</artifactId>{scope_element}\n"
        "        </dependency>\n"
    )


def _maven_parent(artifact: str) -> str:
    return (
        "    <parent>\n        <groupId>com.bench</groupId>\n"
        f"        <artifactId>{artifact}</artifactId>\n        <version>1.0.0</version>\n"
        "    </parent>\n"
    )


def make_maven_repo(root: Path, modules: int = 500) -> Path:
    """A Maven build: root → groups (nested aggregators) → ``modules`` leaf modules."""
    groups = [f"group-{g:02d}" for g in range((modules + GROUP_SIZE - 1) // GROUP_SIZE)]
    _write(root / "pom.xml", _POM_HEAD + (
        "    <parent>\n        <groupId>org.springframework.boot</groupId>\n"
        "        <artifactId>spring-boot-starter-parent</artifactId>\n"
        "        <version>3.2.5</version>\n        <relativePath/>\n    </parent>\n"
        "    <groupId>com.bench</groupId>\n    <artifactId>bench-root</artifactId>\n"
        "    <version>1.0.0</version>\n    <packaging>pom</packaging>\n"
        "    <name>bench-monorepo</name>\n"
        "    <properties>\n        <java.version>17</java.version>\n"
        "        <maven.compiler.release>${java.version}</maven.compiler.release>\n"
        "    </properties>\n    <modules>\n"
        + "".join(f"        <module>{g}</module>\n" for g in groups)
        + "    </modules>\n    <dependencyManagement>\n        <dependencies>\n"
        "            <dependency>\n                <groupId>org.springframework.cloud</groupId>\n"
        "                <artifactId>spring-cloud-dependencies</artifactId>\n"
        "                <version>2023.0.1</version>\n                <type>pom</type>\n"
        "                <scope>import</scope>\n            </dependency>\n"
        "        </dependencies>\n    </dependencyManagement>\n</project>\n"
    ))  # fmt: skip
    made = 0
    for group in groups:
        count = min(GROUP_SIZE, modules - made)
        names = [f"service-{made + i:03d}" for i in range(count)]
        made += count
        _write(root / group / "pom.xml", _POM_HEAD + _maven_parent("bench-root") + (
            f"    <artifactId>{group}</artifactId>\n    <packaging>pom</packaging>\n"
            "    <modules>\n" + "".join(f"        <module>{n}</module>\n" for n in names)
            + "    </modules>\n</project>\n"
        ))  # fmt: skip
        for index, name in enumerate(names):
            deps = [_LIBRARIES[(index + k) % len(_LIBRARIES)] for k in range(4)]
            _write(root / group / name / "pom.xml", _POM_HEAD + _maven_parent(group) + (
                f"    <artifactId>{name}</artifactId>\n    <dependencies>\n"
                + "".join(_maven_dependency(g, a) for g, a in deps)
                + _maven_dependency("org.junit.jupiter", "junit-jupiter", "test")
                + "    </dependencies>\n</project>\n"
            ))  # fmt: skip
            package = f"com.bench.{name.replace('-', '')}"
            _write(root / group / name / "src/main/java/com/bench/App.java",
                   _java_class(package, "App"))  # fmt: skip
    _age(root)
    return root


# --- Gradle -------------------------------------------------------------------------------------

_CATALOG = """[versions]
java = "21"
boot = "3.2.5"

[libraries]
spring-boot-starter-web = { module = "org.springframework.boot:spring-boot-starter-web" }
spring-boot-starter-data-jpa = { module = "org.springframework.boot:spring-boot-starter-data-jpa" }
mybatis-plus = { group = "com.baomidou", name = "mybatis-plus-boot-starter", version = "3.5.5" }
kafka-clients = "org.apache.kafka:kafka-clients:3.7.0"
junit-jupiter = { module = "org.junit.jupiter:junit-jupiter", version = "5.10.2" }
mockito-core = "org.mockito:mockito-core:5.11.0"

[bundles]
testing = ["junit-jupiter", "mockito-core"]

[plugins]
spring-boot = { id = "org.springframework.boot", version.ref = "boot" }
"""

_CATALOG_REFERENCES = (
    "libs.spring.boot.starter.web",
    "libs.spring.boot.starter.data.jpa",
    "libs.mybatis.plus",
    "libs.kafka.clients",
)


def make_gradle_repo(root: Path, projects: int = 500) -> Path:
    """A Gradle Kotlin DSL build with a version catalog and ``projects`` nested projects."""
    paths = [f"group-{i // GROUP_SIZE:02d}:service-{i:03d}" for i in range(projects)]
    _write(root / "settings.gradle.kts", (
        'rootProject.name = "bench-monorepo"\n\ninclude(\n'
        + "".join(f'    ":{p}",\n' for p in paths) + ")\n"
    ))  # fmt: skip
    _write(root / "gradle" / "libs.versions.toml", _CATALOG)
    _write(root / "build.gradle.kts", (
        "plugins {\n    java\n    alias(libs.plugins.spring.boot) apply false\n}\n\n"
        "subprojects {\n    apply(plugin = \"java\")\n"
        "    extensions.configure<JavaPluginExtension> {\n"
        "        toolchain { languageVersion.set(JavaLanguageVersion.of(21)) }\n    }\n}\n"
    ))  # fmt: skip
    for index, path in enumerate(paths):
        folder = root.joinpath(*path.split(":"))
        refs = [_CATALOG_REFERENCES[(index + k) % len(_CATALOG_REFERENCES)] for k in range(2)]
        _write(folder / "build.gradle.kts", (
            "plugins {\n    alias(libs.plugins.spring.boot)\n}\n\ndependencies {\n"
            + "".join(f"    implementation({r})\n" for r in refs)
            + '    implementation("io.netty:netty-handler:4.1.108.Final")\n'
            "    testImplementation(libs.bundles.testing)\n}\n"
        ))  # fmt: skip
        _write(folder / "src/main/java/com/bench/App.java", _java_class("com.bench", "App"))
    _age(root)
    return root


# --- measuring ---------------------------------------------------------------------------------


def _median_ms(runs: int, setup: Callable[[], None], action: Callable[[], None]) -> float:
    samples = []
    for _ in range(runs):
        setup()
        started = time.perf_counter()
        action()
        samples.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(samples), 2)


def _floor_action(repo: Path) -> Callable[[], None]:
    """The syscalls a cache hit cannot avoid, in a bare loop: one stat per recorded
    file or folder, one existence check per absent candidate."""
    record = json.loads((repo / ".autopatch-j" / CACHE_FILE_NAME).read_text(encoding="utf-8"))
    present = [os.path.join(repo, rel) for rel in record["present"][0::3]]
    absent = [os.path.join(repo, rel) for rel in record["absent"]]

    def floor() -> None:
        for path in present:
            os.stat(path)
        for path in absent:
            os.access(path, os.F_OK)

    return floor


def _cached_and_floor_ms(repo: Path) -> tuple[float, float]:
    """Medians of cache hits and of the floor, interleaved so that load hits both alike."""
    floor = _floor_action(repo)
    hits: list[float] = []
    floors: list[float] = []
    for _ in range(CACHED_RUNS):
        started = time.perf_counter()
        report = collect(repo)
        hits.append((time.perf_counter() - started) * 1000)
        assert report.from_cache
        started = time.perf_counter()
        floor()
        floors.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(hits), 2), round(statistics.median(floors), 2)


def _measure(repo: Path, modules: int) -> dict[str, float | int]:
    def cold() -> None:
        report = collect(repo)
        assert not report.from_cache

    cold_ms = _median_ms(COLD_RUNS, lambda: clear_cache(repo), cold)
    collect(repo)  # make sure the cache is written
    cached_ms, floor_ms = _cached_and_floor_ms(repo)
    fresh = collect(repo, use_cache=False)
    return {
        "modules": modules,
        "cold_ms": cold_ms,
        "cached_ms": cached_ms,
        "floor_ms": floor_ms,
        "cached_over_floor": round(cached_ms / floor_ms, 2) if floor_ms else 0.0,
        "files_read": fresh.files_read,
        "module_count": fresh.profile.module_count or 0,
        "problems": len(fresh.problems),
    }


def bench_profile(
    tmpdir: str | os.PathLike[str], sizes: tuple[int, ...] = (500,)
) -> dict[str, dict[str, float | int]]:
    """Cold, cached and floor medians (ms) for Maven and Gradle repos of each size."""
    base = Path(tmpdir)
    results: dict[str, dict[str, float | int]] = {}
    for size in sizes:
        maven = make_maven_repo(base / f"maven-{size}", modules=size)
        results[f"maven_{size}_modules"] = _measure(maven, size)
        gradle = make_gradle_repo(base / f"gradle-{size}", projects=size)
        results[f"gradle_{size}_projects"] = _measure(gradle, size)
    return results


def _cached_budget(numbers: dict[str, float | int]) -> float:
    return BUDGET_CACHED_MS_BY_SIZE.get(int(numbers["modules"]), BUDGET_CACHED_MS)


def _within_budget(numbers: dict[str, float | int]) -> bool:
    return numbers["cold_ms"] <= BUDGET_COLD_MS and numbers["cached_ms"] <= _cached_budget(numbers)


def _table(results: dict[str, dict[str, float | int]]) -> str:
    lines = [
        f"{'repository':<22} {'cold ms':>8} {'cached ms':>10} {'floor ms':>9} {'×floor':>7} "
        f"{'read':>5} {'count':>6}  budget (cold / cached ms)",
        "-" * 96,
    ]
    for name, n in results.items():
        budget = _cached_budget(n)
        lines.append(
            f"{name:<22} {n['cold_ms']:>8.1f} {n['cached_ms']:>10.2f} {n['floor_ms']:>9.2f} "
            f"{n['cached_over_floor']:>7.2f} {n['files_read']:>5} {n['module_count']:>6}  "
            f"{'ok' if _within_budget(n) else 'OVER'} (≤{BUDGET_COLD_MS:.0f} / ≤{budget:.0f})"
        )
    return "\n".join(lines)


def main() -> int:
    """Run the benchmark, print the table and the JSON; exit 1 when over budget."""
    with tempfile.TemporaryDirectory(prefix="profile-bench-") as folder:
        results = bench_profile(folder, SIZES)
    print(_table(results))
    print(json.dumps(results, indent=2))
    return 0 if all(_within_budget(n) for n in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
