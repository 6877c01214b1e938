"""Editing in ``$EDITOR`` through the real command line (issue 30, item 7): ``edit ID``
opens the item, ``edit`` opens every active rule and note as Markdown and applies what
changed — each change through the library, an edit a revision that keeps the old text —
after showing the plan. The editor is a script of the test's: it applies a Python
expression (``$EDIT_SCRIPT``, on the text ``t``) to the file it is given.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from cli_process import run_cli

from autopatch_memory import ProjectMemory

TIMEOUT = 60
_EDITOR = """\
import os, sys
path = sys.argv[1]
with open(path, encoding="utf-8") as handle:
    t = handle.read()
with open(os.environ["EDITOR_SAW"], "w", encoding="utf-8") as handle:
    handle.write(t)
t = eval(os.environ["EDIT_SCRIPT"])
with open(path, "w", encoding="utf-8") as handle:
    handle.write(t)
"""


@pytest.fixture
def editor(tmp_path: Path) -> dict[str, str]:
    """The environment that makes the test's script the editor."""
    script = tmp_path / "fake_editor.py"
    script.write_text(_EDITOR, encoding="utf-8")
    return {
        "EDITOR": f"{sys.executable} {script}",
        "VISUAL": "",
        "EDITOR_SAW": str(tmp_path / "editor_saw.txt"),
    }


@pytest.fixture
def remembered(repo: Path) -> dict[str, str]:
    with ProjectMemory.open(repo, backend="off") as memory:
        return {
            "chinese": str(memory.remember("以后回答请用中文。").item_id),
            "junit": str(memory.remember("Use JUnit 5 for tests.").item_id),
            "billing": str(memory.remember("The billing service uses Postgres 14.", kind="note").item_id),
        }  # fmt: skip


def _active(repo: Path) -> dict[str, str]:
    with ProjectMemory.open(repo, backend="off") as memory:
        doc = memory.document()
    return {i.id: i.summary for i in doc.long_term_memory.items() if i.is_active}


def test_edit_id_opens_the_item_in_the_editor(
    repo: Path, remembered: dict[str, str], editor: dict[str, str]
) -> None:
    junit = remembered["junit"]
    script = "t.replace('Use JUnit 5 for tests.', 'Use JUnit 5 and AssertJ for tests.')"
    done = run_cli("edit", str(repo), junit, "--json", env={**editor, "EDIT_SCRIPT": script})
    assert done.returncode == 0, done.stderr
    change = json.loads(done.stdout)
    assert change["outcome"] == "updated"
    assert change["previous"]["summary"] == "Use JUnit 5 for tests."
    [revision] = change["revisions"]  # the old text, kept: `restore` brings it back
    saw = Path(editor["EDITOR_SAW"]).read_text(encoding="utf-8")
    assert saw.startswith("Use JUnit 5 for tests.\n") and f"# Edit the text of {junit}" in saw
    assert _active(repo)[junit] == "Use JUnit 5 and AssertJ for tests."
    assert revision not in _active(repo)

    same = run_cli("edit", str(repo), junit, env={**editor, "EDIT_SCRIPT": "t"})
    assert same.returncode == 0 and f"{junit} unchanged" in same.stdout


def test_edit_opens_everything_and_applies_the_difference(
    repo: Path, remembered: dict[str, str], editor: dict[str, str]
) -> None:
    script = (
        "t.replace('Use JUnit 5 for tests.', 'Use JUnit 5 and AssertJ for tests.')"
        ".replace('- The billing service uses Postgres 14.', '')"
        f".replace('<!-- {remembered['billing']} -->', '')"
        ".replace('## Project notes\\n', '## Project notes\\n\\n- Orders are paged with keyset "
        "pagination.\\n')"
    )
    env = {**editor, "EDIT_SCRIPT": script}
    plan = run_cli("edit", str(repo), "--dry-run", env=env)
    assert plan.returncode == 0, plan.stderr
    saw = Path(editor["EDITOR_SAW"]).read_text(encoding="utf-8")
    assert f"- 以后回答请用中文。 <!-- {remembered['chinese']} -->" in saw
    assert "## Project notes" in saw and "<!--\nEdit the rules and notes" in saw
    assert "the edit asks for 3 changes" in plan.stdout
    assert "was: Use JUnit 5 for tests." in plan.stdout
    assert "now: Orders are paged with keyset pagination." in plan.stdout
    assert f"{remembered['billing']} note: forget" in plan.stdout
    assert set(_active(repo)) == set(remembered.values())  # a plan changes nothing

    done = run_cli("edit", str(repo), "--yes", "--json", env=env)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert [c["outcome"] for c in report["changes"]] == ["updated", "created", "archived"]
    active = _active(repo)
    assert active[remembered["junit"]] == "Use JUnit 5 and AssertJ for tests."
    assert remembered["billing"] not in active
    assert "Orders are paged with keyset pagination." in active.values()

    # Each change is one step of the journal: three undos restore the texts exactly.
    assert run_cli("undo", str(repo), "3").returncode == 0
    assert _active(repo) == {
        remembered["chinese"]: "以后回答请用中文。",
        remembered["junit"]: "Use JUnit 5 for tests.",
        remembered["billing"]: "The billing service uses Postgres 14.",
    }


def test_edit_asks_first_and_needs_an_editor(
    repo: Path, remembered: dict[str, str], editor: dict[str, str]
) -> None:
    # No terminal to ask on and no --yes: refused before the editor opens.
    done = run_cli("edit", str(repo), env={**editor, "EDIT_SCRIPT": "t + '- New rule.\\n'"})
    assert done.returncode == 2 and "pass --yes" in done.stderr
    assert not Path(editor["EDITOR_SAW"]).exists()
    # No editor set and no terminal: say so, change nothing.
    nothing = {**editor, "EDITOR": "", "EDIT_SCRIPT": "t"}
    missing = run_cli("edit", str(repo), remembered["junit"], env=nothing)
    assert missing.returncode == 2
    assert "set $EDITOR" in missing.stderr and "give the TEXT" in missing.stderr
    # An editor that fails changes nothing.
    failing = run_cli("edit", str(repo), remembered["junit"], env={**editor, "EDIT_SCRIPT": "1/0"})
    assert failing.returncode == 1 and "exited with status" in failing.stderr
    assert _active(repo)[remembered["junit"]] == "Use JUnit 5 for tests."


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")
@pytest.mark.reliability  # a process on a pseudo-terminal
@pytest.mark.parametrize("answer", ["n", "y"])
def test_edit_shows_the_plan_and_asks_on_a_terminal(
    repo: Path, remembered: dict[str, str], editor: dict[str, str], answer: str
) -> None:
    env = {
        **os.environ,
        **editor,
        "EDIT_SCRIPT": "t.replace('以后回答请用中文。', '以后回答请用英文。')",
    }
    child = pexpect.spawn(
        sys.executable,
        ["-m", "autopatch_memory_cli", "edit", str(repo)],
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    child.expect("was: 以后回答请用中文。")
    child.expect(r"Apply this change\? \[y/N\]")
    child.sendline(answer)
    child.expect(pexpect.EOF)
    child.close()
    expected = "以后回答请用英文。" if answer == "y" else "以后回答请用中文。"
    assert child.exitstatus == (0 if answer == "y" else 1)
    assert _active(repo)[remembered["chinese"]] == expected
