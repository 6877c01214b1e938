"""What the command line loads at start-up (bench/startup.py measures the time).

Every command imports ``autopatch_memory_cli.app``; the modules only some commands
need are imported in those commands' bodies. A module-level import added back by
mistake would make ``--help``, ``show``, ``log`` and the rest pay for them again.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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


def test_importing_the_app_loads_none_of_the_lazy_modules() -> None:
    loaded = _modules_after(_PROBE)
    assert "autopatch_memory_cli.app" in loaded
    assert "autopatch_memory_cli.render" in loaded  # the probe does see the CLI's modules
    assert sorted(name for name in LAZY_MODULES if name in loaded) == []


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
    assert (repo / ".autopatch-j" / "memory.json").exists()  # the turn was recorded
