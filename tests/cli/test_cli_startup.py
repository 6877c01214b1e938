"""What the command line loads at start-up (bench/startup.py measures the time).

Every command imports ``autopatch_memory_cli.app``, which holds no command: a command's
module is imported when that command runs (``cli/registry.py``), so ``--help`` and
``--version`` load neither a command nor the library. The modules only some commands
need are imported in those commands' bodies. A module-level import added back by
mistake would make ``--help``, ``show``, ``log`` and the rest pay for them again.

The library loads the same way: ``import autopatch_memory`` imports nothing behind
its names, and the facade imports the machinery of an operation (the directive
grammar, the redaction rules, the build-file parsers...) in the method that runs it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from autopatch_memory import IntentType, LongTermType, ProjectMemory

# Needed only to answer or classify a question (ask, chat, context), to serve MCP or to
# run the demo; imported where those commands run.
LAZY_MODULES = (
    "autopatch_memory_cli.answer",
    "autopatch_memory_cli.chat",
    "autopatch_memory_cli.classify",
    "autopatch_memory_cli.demo",
    "autopatch_memory_cli.history",
    "autopatch_memory_cli.input",
    "autopatch_memory_cli.mcp_server",
    "autopatch_memory_cli.prompt",
    "autopatch_memory_cli.streaming",
    "mcp",
    "openai",
    "prompt_toolkit",
    "rich.markdown",
)

# The library's heaviest parts, and the third-party modules only some operations use.
GRAMMAR = ("autopatch_memory.directives",)  # rules, cancels, facts, labels
REDACTION = ("autopatch_memory.privacy.engine",)  # the rule tables of redact()
CHANGES = ("autopatch_memory.applier", "autopatch_memory.governance")
PROFILE = ("autopatch_memory.profile.collector", "autopatch_memory.profile.maven", "lxml")
TURNS = (  # building a context, summarizing a turn
    "autopatch_memory.context",
    "autopatch_memory.summarizer",
    "autopatch_memory.backends.chat",
    "autopatch_memory.backends.heuristic",
)
FILELOCK = ("filelock",)  # the lock where there is no flock, and doctor's lock check
DOCTOR = ("autopatch_memory.diagnostics",)  # doctor's checks
SPINNER = ("rich.status",)  # shown on a terminal only, while waiting

_PROBE = "\n".join(
    [
        "import json, sys",
        "import autopatch_memory_cli.app",
        "print(json.dumps(sorted(sys.modules)))",
    ]
)


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code`` (which prints them,
    as JSON, on its last line of stdout)."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def _loaded(loaded: set[str], names: tuple[str, ...]) -> list[str]:
    """Those of ``names`` that ``loaded`` holds (a package counts with its submodules)."""
    return sorted(
        name for name in names if any(m == name or m.startswith(f"{name}.") for m in loaded)
    )


# What the program's own `--help` and `--version` need: typer, and the table of commands.
# Not a command's module, nor what they import (the console's rich, the library).
COMMAND_MODULES = (
    "autopatch_memory_cli.commands",
    "autopatch_memory_cli.console",
    "autopatch_memory_cli.render",
    "autopatch_memory_cli.repo",
    "autopatch_memory_cli.closing",
    "autopatch_memory_cli.failures",
    "rich.console",
    "pydantic",
)
LIBRARY = ("autopatch_memory.memory", "autopatch_memory.model", "autopatch_memory.store")


def test_importing_the_app_loads_no_command_and_nothing_of_the_library() -> None:
    loaded = _modules_after(_PROBE)
    assert "autopatch_memory_cli.app" in loaded
    assert "autopatch_memory_cli.registry" in loaded  # the probe does see the CLI's modules
    assert sorted(m for m in loaded if m.startswith("autopatch_memory.")) == []
    assert _loaded(loaded, LAZY_MODULES + COMMAND_MODULES) == []


def test_importing_the_library_loads_nothing_behind_its_names() -> None:
    code = "import json, sys\nimport autopatch_memory\nprint(json.dumps(sorted(sys.modules)))"
    loaded = _modules_after(code)
    assert sorted(m for m in loaded if m.startswith("autopatch_memory")) == [
        "autopatch_memory",
        "autopatch_memory.lazy",
    ]
    # A name loads its own module and what that module needs, nothing more.
    code = code.replace("import autopatch_memory", "from autopatch_memory import IntentType")
    loaded = _modules_after(code)
    assert "autopatch_memory.intents" in loaded
    assert _loaded(loaded, ("autopatch_memory.model", "autopatch_memory.memory", "pydantic")) == []


@pytest.fixture(scope="module")
def stored_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Maven repository whose memory holds turns, their summaries, rules and a note,
    in Chinese and English."""
    repo = tmp_path_factory.mktemp("startup") / "shop"
    (repo / ".git").mkdir(parents=True)
    (repo / "pom.xml").write_text(
        "<project><modelVersion>4.0.0</modelVersion><groupId>shop</groupId>"
        "<artifactId>shop</artifactId><version>1</version></project>",
        encoding="utf-8",
    )
    with ProjectMemory.open(repo, backend="heuristic") as memory:
        memory.record_turn(
            IntentType.CODE_EXPLAIN, "OrderService 怎么处理退款？", "调用 RefundGateway。"
        )
        memory.record_turn(IntentType.CODE_EXPLAIN, "What does OrderQueue sort by?", "By priority.")
        memory.remember("以后写测试请用 JUnit 5 和 AssertJ。")
        memory.remember("The api module depends on core.", kind=LongTermType.PROJECT_NOTE)
        memory.summarize_now()
    return repo


def _command_loads(*args: str, allow_exit: int = 0) -> set[str]:
    """The modules a fresh interpreter holds after running the command line with ``args``
    (which must end with exit code ``allow_exit``)."""
    code = "\n".join(
        [
            "import json, sys",
            "from autopatch_memory_cli.app import main",
            f"sys.argv = ['autopatch-memory', *{list(args)!r}]",
            "try:",
            "    main()",
            "except SystemExit as done:",
            f"    assert (done.code or 0) == {allow_exit}, done.code",
            "print(json.dumps(sorted(sys.modules)))",
        ]
    )
    return _modules_after(code)


# What each command on stored memory must not load: what it does not use.
_NOT_LOADED: dict[str, tuple[str, ...]] = {
    "show": GRAMMAR + REDACTION + CHANGES + PROFILE + TURNS + FILELOCK + DOCTOR + SPINNER,
    "log": GRAMMAR + REDACTION + CHANGES + PROFILE + TURNS + FILELOCK + DOCTOR + SPINNER,
    # A hit's label is shown only when it adds something: the grammar tells, without
    # governance and the applier (autopatch_memory.item_labels).
    "search": CHANGES + PROFILE + TURNS + FILELOCK + DOCTOR,
    "export": CHANGES + PROFILE + TURNS + FILELOCK + DOCTOR,
    "doctor": GRAMMAR + CHANGES + TURNS,
    "profile": GRAMMAR + CHANGES + TURNS + FILELOCK + DOCTOR,
}
_ARGUMENTS = {"search": ("JUnit",)}


@pytest.mark.parametrize("command", [("--help",), ("-h",), ("--version",), ()], ids=repr)
def test_help_and_version_load_no_command_and_nothing_of_the_library(
    command: tuple[str, ...],
) -> None:
    # () is no arguments at all: the program's help, as `--help` (exit 2 is click's).
    loaded = _command_loads(*command, allow_exit=2 if not command else 0)
    assert "autopatch_memory_cli.registry" in loaded
    assert _loaded(loaded, LAZY_MODULES + COMMAND_MODULES + LIBRARY) == []
    # --version reads the version through the package, and loads nothing behind its names.
    assert sorted(m for m in loaded if m.startswith("autopatch_memory.")) in (
        [],
        ["autopatch_memory.lazy"],
    )


@pytest.mark.parametrize("command", ["show", "context", "log", "search", "profile"])
def test_a_reading_commands_own_help_loads_its_module_and_not_the_library(command: str) -> None:
    # The views and the facade load in the command's body (cli/commands/reading.py).
    loaded = _command_loads(command, "--help")
    assert "autopatch_memory_cli.commands.reading" in loaded
    others = ("conversation", "editing", "governance", "hosts", "setup")
    assert _loaded(loaded, tuple(f"autopatch_memory_cli.commands.{m}" for m in others)) == []
    views = ("autopatch_memory_cli.render", "autopatch_memory_cli.closing")  # typer: pydantic
    assert _loaded(loaded, LAZY_MODULES + LIBRARY + views) == []


@pytest.mark.parametrize("command", sorted(_NOT_LOADED))
def test_a_command_on_stored_memory_loads_only_what_it_uses(
    command: str, stored_repo: Path
) -> None:
    loaded = _command_loads(command, str(stored_repo), *_ARGUMENTS.get(command, ()))
    assert "autopatch_memory.store" in loaded  # it did read the memory
    assert _loaded(loaded, LAZY_MODULES + _NOT_LOADED[command]) == []


def test_context_loads_the_router_without_the_directive_grammar(stored_repo: Path) -> None:
    # The router reads a message with the directive grammar only when it would route it
    # outside memory (a standing wish about patches); `context` of a question never does.
    loaded = _command_loads("context", str(stored_repo), "What does OrderQueue sort by?")
    assert "autopatch_memory_cli.classify" in loaded  # it did classify
    assert "autopatch_memory.context" in loaded  # and build the context
    answering = (
        "autopatch_memory_cli.answer",
        "autopatch_memory_cli.chat",
        "autopatch_memory_cli.mcp_server",
        "mcp",
        "openai",
        "prompt_toolkit",
    )
    assert _loaded(loaded, answering + GRAMMAR + CHANGES + FILELOCK + DOCTOR + SPINNER) == []


def test_recording_a_turn_does_not_load_the_turn_machinery(tmp_path: Path) -> None:
    # `record` stores a turn a host answered: it classifies and answers nothing.
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    code = "\n".join(
        [
            "import json, sys",
            "from autopatch_memory_cli.app import main",
            f"sys.argv = ['autopatch-memory', 'record', {str(repo)!r}, '--intent',"
            " 'general_chat', '--user', 'Optional 怎么用？', '--assistant', '用 orElse。']",
            "try:",
            "    main()",
            "except SystemExit as done:",
            "    assert not done.code, done.code",
            "print(json.dumps(sorted(sys.modules)))",
        ]
    )
    loaded = _modules_after(code)
    assert "autopatch_memory_cli.failures" in loaded
    assert sorted(name for name in LAZY_MODULES if name in loaded) == []
    # Nor the library's parts for answering a question or for the user's own changes.
    unused = (
        "autopatch_memory.context",
        "autopatch_memory.backends.chat",
        "autopatch_memory.governance",
    )
    assert _loaded(loaded, unused) == []
    assert (repo / ".autopatch-j" / "memory.json").exists()  # the turn was recorded
