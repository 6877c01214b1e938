"""Every command of the CLI through typer's runner: output, --json shape, exit codes."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from autopatch_memory_cli.app import app
from autopatch_memory_cli.repo import discover_repo
from fake_openai_server import FakeOpenAIServer, Reply
from typer.testing import CliRunner, Result

from autopatch_memory import limits
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.store import MEMORY_DIR_NAME, MEMORY_FILE_NAME

DEMO_REPO = Path(__file__).resolve().parents[2] / "cli" / "demo_repo"
TURN_ID = re.compile(r"^turn_\d{8}_\d{6}_\d{3}$")
ANSI = "\x1b["


@pytest.fixture(autouse=True)
def _bugs_raise(monkeypatch: pytest.MonkeyPatch) -> None:
    # A bug must fail the test, not hide behind the one-line "internal error".
    monkeypatch.setenv("AUTOPATCH_MEMORY_DEBUG", "1")


@pytest.fixture
def java_repo(tmp_path: Path) -> Path:
    """A copy of the bundled Maven multi-module demo repository (with a .git marker)."""
    root = tmp_path / "demo-review-service"
    shutil.copytree(DEMO_REPO, root, ignore=shutil.ignore_patterns(MEMORY_DIR_NAME))
    (root / ".git").mkdir()
    return root


def invoke(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(app, list(args), input=input, catch_exceptions=False)


def only_json(result: Result) -> Any:
    """The one JSON document of stdout (json.loads fails on anything else)."""
    return json.loads(result.stdout)


def one_error_line(result: Result) -> str:
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def memory_file(repo: Path) -> Path:
    return repo / MEMORY_DIR_NAME / MEMORY_FILE_NAME


def record(repo: Path, user: str, intent: str = "general_chat", *extra: str) -> str:
    result = invoke("record", str(repo), "--intent", intent, "--user", user, *extra)
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


DEADLINE_SECONDS = 60  # generous: a loaded 2-core machine


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The command line in a process of its own, in the fail-closed environment of conftest."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
        timeout=DEADLINE_SECONDS,
    )


# --- global conventions -----------------------------------------------------------------


def test_help_lists_every_command() -> None:
    result = invoke("--help")
    assert result.exit_code == 0
    for name in (
        "chat", "ask", "show", "context", "profile", "record", "summarize",
        "apply", "forget", "reset", "doctor", "log", "demo",
    ):  # fmt: skip
        assert name in result.stdout


def test_version() -> None:
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.stdout.startswith("autopatch-memory ")


def test_bad_flag_is_a_usage_error(repo: Path) -> None:
    result = invoke("show", str(repo), "--bogus")
    assert result.exit_code == 2
    assert result.stdout == ""


def test_no_colour_when_not_a_terminal(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR")  # only "not a TTY" keeps the output plain now
    record(repo, "Optional 怎么用？")
    for args in (("show", str(repo)), ("log", str(repo)), ("doctor", str(repo))):
        assert ANSI not in invoke(*args).output


_GBK_RULE = "以后不要用 Lombok".encode("gbk")


# From the second fresh-eyes bug hunt (a test written before its fix).
@pytest.mark.parametrize(
    "args",
    [
        [b"remember", _GBK_RULE],
        [b"remember", b"--label", _GBK_RULE, "以后不要用 Lombok".encode()],
        [b"ask", _GBK_RULE],
        [b"context", _GBK_RULE],
        [b"edit", b"mem_20260501_001", _GBK_RULE],
    ],
    ids=["remember", "label", "ask", "context", "edit"],
)
def test_a_text_argument_that_is_not_utf8_is_a_usage_error(repo: Path, args: list[bytes]) -> None:
    # Python hands undecodable argv bytes (a GBK terminal) over as lone surrogates; they
    # were stored as U+FFFD mojibake ("�Ժ���Ҫ�� Lombok"), as a rule injected into every
    # prompt, or as a question. (`record`, for host programs, keeps recording such a
    # turn with U+FFFD: tests/cli/test_cli.py pins it.)
    memory_file = repo / MEMORY_DIR_NAME / "memory.json"
    env = {**os.environ, "LC_ALL": "C.UTF-8", "PYTHONIOENCODING": "utf-8"}
    command = [sys.executable.encode(), b"-m", b"autopatch_memory_cli", args[0], str(repo).encode()]
    done = subprocess.run(
        [*command, *args[1:]], capture_output=True, env=env, timeout=DEADLINE_SECONDS
    )
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, stderr
    assert "not UTF-8" in stderr and "Traceback" not in stderr
    assert not memory_file.exists() or "\ufffd" not in memory_file.read_text(encoding="utf-8")


# --- the repository argument ------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("show", "{missing}"),
        ("show", "{missing}", "--json"),
        ("log", "{missing}"),
        ("context", "{missing}", "what is this?"),
        ("ask", "{missing}", "what is this?"),
        ("forget", "{missing}", "mem_20260101_001"),
        ("record", "{missing}", "--intent", "general_chat", "--user", "hi"),
        ("reset", "{missing}", "--yes"),
    ],
)
def test_a_missing_repo_is_a_usage_error(tmp_path: Path, args: tuple[str, ...]) -> None:
    missing = str(tmp_path / "no-such-repo")
    result = invoke(*(a.format(missing=missing) for a in args))
    assert result.exit_code == 2
    assert "repository folder not found" in one_error_line(result)
    assert result.stdout == ""


def test_no_repository_found_from_the_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    nowhere = tmp_path / "plain" / "folder"
    nowhere.mkdir(parents=True)
    monkeypatch.chdir(nowhere)
    result = invoke("show")
    assert result.exit_code == 2
    assert "no repository found" in one_error_line(result)


def test_the_repo_is_found_from_a_module_subfolder(
    java_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    deep = java_repo / "api" / "src" / "main" / "java"
    monkeypatch.chdir(deep)
    result = invoke("record", "--intent", "general_chat", "--user", "Optional 怎么用？")
    assert result.exit_code == 0
    assert memory_file(java_repo).is_file()
    assert not (java_repo / "api" / MEMORY_DIR_NAME).exists()


def _files(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _pom(*modules: str, profile_modules: tuple[str, ...] = ()) -> str:
    listed = "".join(f"<module>{m}</module>" for m in modules)
    profile = "".join(f"<module>{m}</module>" for m in profile_modules)
    return (
        '<project xmlns="http://maven.apache.org/POM/4.0.0"><modules>'
        f"{listed}</modules><profiles><profile><modules>{profile}</modules></profile>"
        "</profiles></project>"
    )


def test_discovery_climbs_to_the_gradle_build_that_includes_the_folder(tmp_path: Path) -> None:
    # halo: .git and settings.gradle at the top; platform/ has no build file of its own.
    halo = _files(
        tmp_path / "halo",
        {
            ".git/HEAD": "ref: refs/heads/main",
            "settings.gradle": "rootProject.name = 'halo'\ninclude 'api', 'platform:plugin'\n",
            "build.gradle": "",
            "platform/plugin/build.gradle": "",
            "platform/plugin/src/main/java/Plugin.java": "",
        },
    )
    assert discover_repo(halo / "platform" / "plugin" / "src" / "main") == halo.resolve()
    # Kotlin DSL with a custom project folder, and buildSrc.
    kts = _files(
        tmp_path / "kts",
        {
            "settings.gradle.kts": 'include(":core")\nproject(":core").projectDir = file("libs/core")',
            "libs/core/build.gradle.kts": "",
            "buildSrc/build.gradle.kts": "",
        },
    )
    assert discover_repo(kts / "libs" / "core") == kts.resolve()
    assert discover_repo(kts / "buildSrc") == kts.resolve()


def test_discovery_climbs_nested_maven_aggregators(tmp_path: Path) -> None:
    mall = _files(
        tmp_path / "mall",
        {
            "pom.xml": _pom("mall-common", "mall-admin"),
            "mall-admin/pom.xml": _pom("admin-api"),
            "mall-admin/admin-api/pom.xml": _pom(),
            "mall-admin/admin-api/src/Main.java": "",
            "mall-demo/pom.xml": _pom(),  # declared only inside a profile
        },
    )
    assert discover_repo(mall / "mall-admin" / "admin-api" / "src") == mall.resolve()
    # Without .git the walk has no VCS stop; aggregation alone decides.
    assert discover_repo(mall / "mall-demo") == (mall / "mall-demo").resolve()
    (mall / "pom.xml").write_text(_pom("mall-admin", profile_modules=("mall-demo",)))
    assert discover_repo(mall / "mall-demo") == mall.resolve()


def test_discovery_keeps_independent_builds_apart(tmp_path: Path) -> None:
    # One .git, two independent builds, no build at the top: one memory per build.
    mono = _files(
        tmp_path / "mono",
        {
            ".git": "gitdir: ../.git/worktrees/mono",  # a worktree: .git is a file
            "service-a/pom.xml": _pom("core"),
            "service-a/core/pom.xml": _pom(),
            "service-b/build.gradle": "",
            "docs/guide.md": "",
        },
    )
    assert discover_repo(mono / "service-a" / "core") == (mono / "service-a").resolve()
    assert discover_repo(mono / "service-b") == (mono / "service-b").resolve()
    assert discover_repo(mono / "docs") == mono.resolve()  # no build: the VCS root
    # A build at the top that does not aggregate service-b leaves it alone.
    (mono / "pom.xml").write_text(_pom("service-a"))
    assert discover_repo(mono / "service-a" / "core") == mono.resolve()
    assert discover_repo(mono / "service-b") == (mono / "service-b").resolve()


def test_discovery_stops_at_the_vcs_root(tmp_path: Path) -> None:
    outer = _files(tmp_path / "outer", {"pom.xml": _pom("inner")})
    inner = _files(outer / "inner", {".git/HEAD": "", "pom.xml": _pom(), "src/A.java": ""})
    assert discover_repo(inner / "src") == inner.resolve()  # a submodule is its own repo
    plain = tmp_path / "plain"
    plain.mkdir()
    assert discover_repo(plain) is None


def test_discovery_survives_broken_and_hostile_build_files(tmp_path: Path) -> None:
    root = _files(
        tmp_path / "r",
        {".git/HEAD": "", "pom.xml": "<project><modules><module>a", "a/pom.xml": _pom()},
    )
    assert discover_repo(root / "a") == (root / "a").resolve()  # malformed: no aggregation
    os.mkfifo(root / "settings.gradle")  # a FIFO must not hang the walk
    assert discover_repo(root / "a") == (root / "a").resolve()


def test_three_positional_arguments_are_a_usage_error(repo: Path) -> None:
    result = invoke("ask", str(repo), "what", "is this")
    assert result.exit_code == 2
    assert "expected [REPO] QUESTION" in one_error_line(result)


LONG_CHINESE_QUESTION = (
    "为什么订单服务在高并发下会出现重复扣款，应该怎么排查和修复" * 4
)  # > 255 bytes


# From the first fresh-eyes bug hunt (a test written before its fix).
@pytest.mark.parametrize(
    "args",
    [
        ("context", LONG_CHINESE_QUESTION),
        ("ask", "~Foo 在这个项目里是什么意思"),
        ("search", "~x"),
        ("remember", "以后回答都要先给结论再解释原因，" * 10),
    ],
)
def test_a_long_or_tilde_text_is_not_taken_for_a_path(repo: Path, args: tuple[str, str]) -> None:
    # Without REPO, the one argument was checked as a folder first: a text over the
    # file-name limit (86 Chinese characters) failed with "File name too long", and
    # "~word" with an internal error (no such user's home).
    result = _cli(*args, cwd=repo)
    assert result.returncode == 0, result.stderr
    assert "error" not in result.stderr


# From the first fresh-eyes bug hunt (a test written before its fix).
@pytest.mark.parametrize(
    "args",
    [("show", "~no-such-user-x"), ("show", "r" * 300), ("import", ".", "~no-such-user-x/a.md")],
)
def test_a_path_argument_that_cannot_be_looked_up_is_a_usage_error(
    repo: Path, args: tuple[str, ...]
) -> None:
    result = _cli(*args, cwd=repo)
    assert result.returncode == 2, result.stderr
    assert "internal error" not in result.stderr and len(result.stderr.splitlines()) == 1


# --- record -----------------------------------------------------------------------------


def test_record_prints_the_turn_id(repo: Path) -> None:
    turn_id = record(repo, "How does the review module work?", "code_explain")
    assert TURN_ID.match(turn_id)
    doc = json.loads(memory_file(repo).read_text(encoding="utf-8"))
    assert doc["working_memory"]["recent_turns"][0]["id"] == turn_id


def test_record_json_and_every_flag(repo: Path) -> None:
    result = invoke(
        "record", str(repo), "--intent", "code_explain", "--user", "What does the api module do?",
        "--assistant", "It exposes REST endpoints.", "--scope", "api", "--scope", "api/pom.xml",
        "--project-level", "--json",
    )  # fmt: skip
    assert result.exit_code == 0
    data = only_json(result)
    assert set(data) == {"turn_id"}
    assert TURN_ID.match(data["turn_id"])
    turn = json.loads(memory_file(repo).read_text(encoding="utf-8"))["working_memory"][
        "recent_turns"
    ][0]
    assert turn["scope_paths"] == ["api", "api/pom.xml"]
    assert turn["assistant_text"] == "It exposes REST endpoints."


@pytest.mark.parametrize("intent", ["code_audit", "patch_explain", "patch_revise"])
def test_record_a_gated_intent_writes_nothing(repo: Path, intent: str) -> None:
    result = invoke("record", str(repo), "--intent", intent, "--user", "audit it", "--json")
    assert result.exit_code == 0
    assert only_json(result) == {"turn_id": None, "gated": True}
    assert not (repo / MEMORY_DIR_NAME).exists()


def test_record_an_unknown_intent_is_a_usage_error(repo: Path) -> None:
    result = invoke("record", str(repo), "--intent", "chitchat", "--user", "hi", "--json")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert not (repo / MEMORY_DIR_NAME).exists()


def test_record_needs_user_text(repo: Path) -> None:
    assert invoke("record", str(repo), "--intent", "general_chat").exit_code == 2
    result = invoke("record", str(repo), "--intent", "general_chat", "--user", "  ")
    assert result.exit_code == 2
    assert "--user is empty" in one_error_line(result)


# --- show / log -------------------------------------------------------------------------


def test_show_an_empty_memory_writes_nothing(repo: Path) -> None:
    result = invoke("show", str(repo))
    assert result.exit_code == 0
    assert "Recent turns (0 of 12, 0 pending)" in result.stdout
    assert "24.0 KiB soft / 32.0 KiB hard" in result.stdout
    data = only_json(invoke("show", str(repo), "--json"))
    assert data["version"] == 1
    assert data["working_memory"]["recent_turns"] == []
    assert not (repo / MEMORY_DIR_NAME).exists()


def test_show_json_is_the_memory_document(java_repo: Path) -> None:
    turn_id = record(java_repo, "Optional 怎么用？以后回答请用中文")
    result = invoke("show", str(java_repo), "--json")
    assert result.exit_code == 0
    data = only_json(result)
    assert data == json.loads(memory_file(java_repo).read_text(encoding="utf-8"))
    assert turn_id in [t["id"] for t in data["working_memory"]["recent_turns"]]
    assert data["repo_profile"]["build_tool"] == "maven"


def test_show_human_view_has_sizes_ids_and_the_last_failure(repo: Path) -> None:
    turn_id = record(repo, "Optional 怎么用？")
    memory = ProjectMemory.open(repo, backend="off")
    memory.journal.record(
        "summarizer:openai", "summarize", _failed(), reason="BackendUnavailableError",
        detail="the model server at 127.0.0.1:9 could not be reached",
    )  # fmt: skip
    memory.close()
    result = invoke("show", str(repo))
    assert result.exit_code == 0
    assert turn_id in result.stdout
    assert "Optional 怎么用？" in result.stdout
    assert "Last failure" in result.stdout
    assert "could not be reached" in result.stdout


# Runs the command line with its arguments after the file to watch, and prints how many
# times that file was opened: the interpreter's own "open" audit event, raised by
# open() and os.open() alike, so no read of the file can go uncounted.
_COUNT_OPENS = """
import os, sys
watched = os.path.abspath(sys.argv[1])
opens = []
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        if os.path.abspath(os.fsdecode(args[0])) == watched:
            opens.append(args)
sys.addaudithook(hook)
from autopatch_memory_cli.app import main
sys.argv = ["autopatch-memory", *sys.argv[2:]]
try:
    main()
except SystemExit as done:
    assert not done.code, done.code
print(len(opens), file=sys.stderr)
"""


def _opens_of(path: Path, *args: str) -> tuple[int, str]:
    """How many times the command line run with ``args`` opens ``path``, and its stdout."""
    done = subprocess.run(
        [sys.executable, "-c", _COUNT_OPENS, str(path), *args],
        capture_output=True, text=True, encoding="utf-8", timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return int(done.stderr.strip().splitlines()[-1]), done.stdout


def test_show_reads_the_memory_file_once(repo: Path) -> None:
    record(repo, "Optional 怎么用？以后回答请用中文")
    path = memory_file(repo)
    opens, shown = _opens_of(path, "show", str(repo))
    assert opens == 1
    assert "Optional 怎么用？" in shown
    assert _opens_of(path, "show", str(repo), "--json")[0] == 1
    # A damaged file: the one read serves the view and the problem no write has handled.
    path.write_bytes(path.read_bytes()[:-40])
    opens, shown = _opens_of(path, "show", str(repo))
    assert opens == 1
    assert "Last failure" in shown and "reason=corrupt" in shown


def _failed() -> Any:
    from autopatch_memory.journal import Outcome

    return Outcome.FAILED


def test_log_json_is_a_list_of_entries(repo: Path) -> None:
    record(repo, "first question")
    record(repo, "second question")
    entries = only_json(invoke("log", str(repo), "--json"))
    assert isinstance(entries, list) and entries
    assert {"ts", "actor", "op", "outcome"} <= set(entries[0])
    assert any(e["op"] == "record_turn" for e in entries)
    last = only_json(invoke("log", str(repo), "-n", "1", "--json"))
    assert len(last) == 1 and last[0] == entries[-1]
    human = invoke("log", str(repo))
    assert "record_turn" in human.stdout
    assert invoke("log", str(repo), "-n", "0").exit_code == 2


# From the first fresh-eyes bug hunt (a test written before its fix).
def test_log_with_a_huge_count_lists_the_journal(repo: Path) -> None:
    with ProjectMemory.open(repo, backend="off") as memory:
        turn_id = memory.record_turn("general_chat", "Optional 怎么用？")
        assert memory.journal_entries(last=10**30)[-1].target == turn_id
    result = _cli("log", str(repo), "-n", "99999999999999999999")
    assert result.returncode == 0, result.stderr
    assert "internal error" not in result.stderr
    assert str(turn_id) in result.stdout


# --- context / profile ------------------------------------------------------------------


def test_context_json_shape(java_repo: Path) -> None:
    record(java_repo, "How does the review module manage findings?", "code_explain")
    result = invoke("context", str(java_repo), "What does the review module do?", "--json")
    assert result.exit_code == 0
    data = only_json(result)
    assert set(data) == {"intent", "items", "rendered"}
    assert data["intent"] == "code_explain"
    assert {item["section"] for item in data["items"]} >= {"repo_profile"}
    assert "demo-review-service" in data["rendered"]
    for item in data["items"]:
        assert set(item) == {"section", "id", "label", "text"}


def test_context_for_a_gated_intent_is_empty(java_repo: Path) -> None:
    record(java_repo, "How does the review module manage findings?", "code_explain")
    data = only_json(invoke("context", str(java_repo), "Audit the review module", "--json"))
    assert data == {"intent": "code_audit", "items": [], "rendered": ""}
    forced = only_json(
        invoke("context", str(java_repo), "review module", "--intent", "patch_explain", "--json")
    )
    assert forced["items"] == []


def test_context_human_and_intent_override(java_repo: Path) -> None:
    record(java_repo, "Optional 怎么用？")
    result = invoke("context", str(java_repo), "Optional 的 orElse 呢？", "-i", "GENERAL_CHAT")
    assert result.exit_code == 0
    assert result.stdout.startswith("intent: general_chat (chosen by you)")
    assert "Optional 怎么用？" in result.stdout


def test_context_unknown_intent(java_repo: Path) -> None:
    result = invoke("context", str(java_repo), "hi", "--intent", "bogus")
    assert result.exit_code == 2


def test_profile_json_and_refresh(java_repo: Path) -> None:
    data = only_json(invoke("profile", str(java_repo), "--json"))
    assert data["build_tool"] == "maven"
    assert data["java_version"] == "17"
    assert data["modules"] == ["review", "api"]
    assert "spring boot" in data["frameworks"]
    assert "pom.xml" in data["source_files"]
    human = invoke("profile", str(java_repo), "--refresh")
    assert human.exit_code == 0
    assert "read from" in human.stdout and "(from the cache)" not in human.stdout
    assert "(from the cache)" in invoke("profile", str(java_repo)).stdout


def test_profile_of_a_repo_without_build_files(repo: Path) -> None:
    result = invoke("profile", str(repo))
    assert result.exit_code == 0
    assert "no repo profile" in result.stdout


# --- summarize / apply ------------------------------------------------------------------


def test_summarize_prints_the_apply_report(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "off")  # recording triggers nothing
    first = record(repo, "Optional 怎么用？")
    second = record(repo, "Java 17 的 record 怎么用？")
    result = invoke("summarize", str(repo), "--backend", "heuristic", "--json")
    assert result.exit_code == 0
    report = only_json(result)
    assert {"accepted", "rejected", "changed", "size_bytes", "generation"} <= set(report)
    assert report["changed"] is True
    summarized = {
        i for op in report["accepted"] if op["section"] == "turn_summaries" for i in op["ids"]
    }
    assert summarized == {first, second}
    again = invoke("summarize", str(repo), "--backend", "heuristic")
    assert again.exit_code == 0
    assert "nothing to summarize" in again.stdout
    empty = only_json(invoke("summarize", str(repo), "--backend", "heuristic", "--json"))
    assert empty["accepted"] == [] and empty["changed"] is False


def test_summarize_without_a_backend_is_a_runtime_error(repo: Path) -> None:
    record(repo, "Optional 怎么用？")
    result = invoke("summarize", str(repo), "--backend", "off")
    assert result.exit_code == 1
    assert "no summary backend" in one_error_line(result)


def test_summarize_with_an_unreachable_model_is_one_line(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "off")
    record(repo, "Optional 怎么用？")
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "some-model")  # the base URL is a closed port
    monkeypatch.setenv("AUTOPATCH_LLM_MAX_RETRIES", "0")
    result = invoke("summarize", str(repo), "--backend", "openai")
    assert result.exit_code == 1
    assert "could not be reached" in one_error_line(result)


def _delta_for(turn_id: str) -> dict[str, Any]:
    return {
        "turn_summaries": [
            {"turn_id": turn_id, "summary": "用户询问 Optional 的用法。"},
            {"turn_id": "turn_19990101_000000_001", "summary": "no such turn"},
        ],
        "long_term_operations": [
            {
                "operation": "create_new",
                "type": "project_note",
                "label": "review module",
                "summary": "The review module keeps the finding queue.",
                "source": "conversation_summary",
            }
        ],
    }


def test_apply_a_delta_file(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "off")
    turn_id = record(repo, "Optional 怎么用？")
    delta = tmp_path / "delta.json"
    delta.write_text(json.dumps(_delta_for(turn_id), ensure_ascii=False), encoding="utf-8")
    result = invoke("apply", str(repo), str(delta), "--json")
    assert result.exit_code == 0
    report = only_json(result)
    assert len(report["accepted"]) == 2
    assert [r["reason"] for r in report["rejected"]] == ["unknown_target"]
    assert report["changed"] is True
    human = invoke("apply", str(repo), str(delta))
    assert human.exit_code == 0
    assert "unknown_target" in human.stdout


def test_apply_from_stdin(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "off")
    turn_id = record(repo, "Optional 怎么用？")
    text = "```json\n" + json.dumps(_delta_for(turn_id)) + "\n```"
    result = invoke("apply", str(repo), "-", "--json", input=text)
    assert result.exit_code == 0
    assert only_json(result)["changed"] is True


@pytest.mark.parametrize("encoding", ["gbk", "utf-16"])
def test_a_delta_that_is_not_utf8_is_refused_and_changes_nothing(
    repo: Path, tmp_path: Path, encoding: str
) -> None:
    turn_id = record(repo, "Optional 怎么用？")
    before = memory_file(repo).read_bytes()
    delta = tmp_path / "delta.json"
    delta.write_bytes(json.dumps(_delta_for(turn_id), ensure_ascii=False).encode(encoding))
    for args, stdin in (([str(delta)], None), (["-"], delta.read_bytes())):
        result = invoke("apply", str(repo), *args, input=stdin)
        assert result.exit_code == 2
        assert "not UTF-8" in one_error_line(result)
    assert memory_file(repo).read_bytes() == before


def test_a_delta_with_a_byte_order_mark_is_read(repo: Path, tmp_path: Path) -> None:
    turn_id = record(repo, "Optional 怎么用？")
    delta = tmp_path / "delta.json"
    delta.write_bytes(json.dumps(_delta_for(turn_id), ensure_ascii=False).encode("utf-8-sig"))
    result = invoke("apply", str(repo), str(delta), "--json")
    assert result.exit_code == 0 and only_json(result)["changed"] is True


def test_a_malformed_delta_prints_the_report_and_exits_1(repo: Path, tmp_path: Path) -> None:
    record(repo, "Optional 怎么用？")
    before = memory_file(repo).read_bytes()
    delta = tmp_path / "broken.json"
    delta.write_text('{"turn_summaries": [ oops', encoding="utf-8")
    result = invoke("apply", str(repo), str(delta), "--json")
    assert result.exit_code == 1
    report = only_json(result)
    assert report["rejected"][0]["reason"] == "invalid_json"
    assert report["rejected"][0]["section"] is None
    assert report["changed"] is False
    assert "the whole delta was discarded (invalid_json" in one_error_line(result)
    assert memory_file(repo).read_bytes() == before


def test_apply_a_missing_delta_file(repo: Path, tmp_path: Path) -> None:
    result = invoke("apply", str(repo), str(tmp_path / "nope.json"))
    assert result.exit_code == 2
    assert "delta file not found" in one_error_line(result)


def test_a_delta_file_over_the_size_cap_is_a_usage_error(repo: Path, tmp_path: Path) -> None:
    record(repo, "Optional 怎么用？")
    before = memory_file(repo).read_bytes()
    delta = tmp_path / "huge.json"
    # Valid JSON, larger than any delta: refused before it is parsed.
    padding = " " * limits.DELTA_INPUT_MAX_BYTES
    delta.write_text('{"turn_summaries": []' + padding + "}", encoding="utf-8")
    result = invoke("apply", str(repo), str(delta))
    assert result.exit_code == 2
    line = one_error_line(result)
    assert "delta file" in line and str(limits.DELTA_INPUT_MAX_BYTES) in line
    assert memory_file(repo).read_bytes() == before


def test_an_endless_delta_on_stdin_is_cut_at_the_cap(repo: Path) -> None:
    record(repo, "Optional 怎么用？")
    before = memory_file(repo).read_bytes()
    # A stream that never ends: apply must stop reading at its cap, not wait for EOF.
    source = subprocess.Popen(
        [sys.executable, "-c", "import sys\nwhile True: sys.stdout.write('{' * 65536)"],
        stdout=subprocess.PIPE,
    )
    try:
        done = subprocess.run(
            [sys.executable, "-m", "autopatch_memory_cli", "apply", str(repo), "-"],
            stdin=source.stdout,
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        source.kill()
        source.wait()
        assert source.stdout is not None
        source.stdout.close()
    assert done.returncode == 2
    assert "delta" in done.stderr and str(limits.DELTA_INPUT_MAX_BYTES) in done.stderr
    assert memory_file(repo).read_bytes() == before


# From the first fresh-eyes bug hunt (a test written before its fix).
def test_a_delta_on_stdin_is_read_as_utf8_whatever_the_locale(repo: Path) -> None:
    # stdin was decoded with the locale's codec (GBK on a Chinese Windows console, ASCII
    # here): an undecodable byte was an internal error, and UTF-8 text became mojibake.
    with ProjectMemory.open(repo, backend="off") as memory:
        turn_id = memory.record_turn("general_chat", "Optional 怎么用？")
    assert turn_id is not None
    delta = json.dumps(
        {"turn_summaries": [{"turn_id": turn_id, "summary": "用户询问 Optional 的用法。"}]},
        ensure_ascii=False,
    ).encode("utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}

    def apply(data: bytes) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            [sys.executable, "-m", "autopatch_memory_cli", "apply", str(repo), "-"],
            input=data,
            capture_output=True,
            env=env,
            timeout=DEADLINE_SECONDS,
        )

    # A byte that is no UTF-8 is one clear usage error (not an internal one), and
    # nothing is applied.
    refused = apply(delta + b"\n\xff")
    assert refused.returncode == 2 and b"not UTF-8" in refused.stderr
    assert b"Traceback" not in refused.stderr
    result = apply(delta)
    assert result.returncode == 0, result.stderr
    with ProjectMemory.open(repo, backend="off") as memory:
        turn = memory.document().turn(turn_id)
        assert turn is not None and turn.summary == "用户询问 Optional 的用法。"


def _closed_stdin() -> None:
    # In the child, before exec: fd 0 closed, so Python starts with sys.stdin None
    # (a host or a cron job that runs the command with `<&-`).
    os.close(0)


# From the hunt in round E's new code paths (the test that found it).
@pytest.mark.parametrize(
    ("args", "stderr_word"),
    [
        (["apply", "{repo}", "-"], "standard input"),
        (["import", "{repo}", "-"], "standard input"),
        (["reset", "{repo}"], "--yes"),
        (["chat", "{repo}"], ""),
    ],
)
def test_a_command_that_reads_stdin_runs_with_stdin_closed(
    repo: Path, args: list[str], stderr_word: str
) -> None:
    argv = [arg.format(repo=repo) for arg in args]
    done = subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *argv],
        stdin=None,
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=_closed_stdin,
    )
    assert "internal error" not in done.stderr
    assert done.returncode in (0, 2), done.stderr
    assert stderr_word in done.stderr


# --- forget / reset ---------------------------------------------------------------------


def _note_id(repo: Path, tmp_path: Path) -> str:
    turn_id = record(repo, "Optional 怎么用？")
    delta = tmp_path / "note.json"
    delta.write_text(json.dumps(_delta_for(turn_id)), encoding="utf-8")
    report = only_json(invoke("apply", str(repo), str(delta), "--json"))
    return next(
        op["ids"][0] for op in report["accepted"] if op["section"] == "long_term_operations"
    )


def test_forget_archives_a_long_term_item(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "off")
    note_id = _note_id(repo, tmp_path)
    result = invoke("forget", str(repo), note_id)
    assert result.exit_code == 0
    assert "archived" in result.stdout
    doc = only_json(invoke("show", str(repo), "--json"))
    assert doc["long_term_memory"]["project_notes"][0]["status"] == "inactive"  # as on disk
    assert "already archived" in invoke("forget", str(repo), note_id).stdout


def test_forget_a_turn_and_an_unknown_id(repo: Path) -> None:
    turn_id = record(repo, "Optional 怎么用？")
    assert "removed" in invoke("forget", str(repo), turn_id).stdout
    result = invoke("forget", str(repo), "mem_19990101_001")
    assert result.exit_code == 1
    assert "no memory item" in one_error_line(result)


def test_reset_needs_yes_without_a_terminal(repo: Path) -> None:
    record(repo, "Optional 怎么用？")
    result = invoke("reset", str(repo))
    assert result.exit_code == 2
    assert "--yes" in one_error_line(result)
    assert json.loads(memory_file(repo).read_text())["working_memory"]["recent_turns"]


def test_reset_with_yes(repo: Path) -> None:
    record(repo, "Optional 怎么用？")
    result = invoke("reset", str(repo), "--yes")
    assert result.exit_code == 0
    assert "memory cleared: 0 rules, 0 notes, 0 topics, 1 turn removed" in result.stdout
    assert "autopatch-memory undo" in result.stdout
    doc = json.loads(memory_file(repo).read_text())
    assert doc["generation"] == 1
    assert doc["working_memory"]["recent_turns"] == []


# --- doctor -----------------------------------------------------------------------------


def test_doctor_on_a_healthy_repo(java_repo: Path) -> None:
    record(java_repo, "Optional 怎么用？")
    result = invoke("doctor", str(java_repo), "--json")
    assert result.exit_code == 0
    data = only_json(result)
    assert data["ok"] is True
    names = [c["name"] for c in data["checks"]]
    assert names == [
        "folder", "memory_file", "size", "invariants", "conflicts", "backups", "lock",
        "journal", "config", "profile", "model",
    ]  # fmt: skip
    model = data["checks"][-1]
    assert model["status"] == "skipped"
    human = invoke("doctor", str(java_repo))
    assert human.exit_code == 0
    assert "no problems found" in human.stdout


def test_doctor_reports_a_corrupt_file_and_its_backup(repo: Path) -> None:
    memory_file(repo).parent.mkdir()
    memory_file(repo).write_text("{ not json", encoding="utf-8")
    shown = invoke("show", str(repo), "--json")
    assert shown.exit_code == 0
    assert only_json(shown)["working_memory"]["recent_turns"] == []
    assert "the memory file is unusable (corrupt" in shown.stderr
    result = invoke("doctor", str(repo), "--json")
    assert result.exit_code == 1
    check = {c["name"]: c for c in only_json(result)["checks"]}
    assert check["memory_file"]["status"] == "error"
    record(repo, "Optional 怎么用？")  # the write sets the corrupt file aside
    data = only_json(invoke("doctor", str(repo), "--json"))
    check = {c["name"]: c for c in data["checks"]}
    assert check["memory_file"]["status"] == "ok"
    assert check["backups"]["status"] == "warn"
    assert check["backups"]["details"] == ["memory.corrupt.json"]


# --- an unwritable memory folder --------------------------------------------------------


@pytest.fixture
def blocked_repo(repo: Path) -> Path:
    """`.autopatch-j` is a regular file: nothing can be written under it."""
    (repo / MEMORY_DIR_NAME).write_text("not a folder")
    return repo


@pytest.mark.parametrize(
    "args",
    [
        ("record", "{repo}", "--intent", "general_chat", "--user", "Optional 怎么用？"),
        ("record", "{repo}", "--intent", "general_chat", "--user", "Optional?", "--json"),
        ("forget", "{repo}", "mem_20260101_001"),
        ("reset", "{repo}", "--yes"),
        ("summarize", "{repo}", "--backend", "heuristic"),
        ("apply", "{repo}", "-"),
        ("show", "{repo}"),
        ("log", "{repo}"),
    ],
)
def test_an_unwritable_memory_folder_fails_in_one_line(
    blocked_repo: Path, args: tuple[str, ...]
) -> None:
    result = invoke(*(a.format(repo=blocked_repo) for a in args), input="{}")
    assert result.exit_code == 1
    line = one_error_line(result)
    assert MEMORY_DIR_NAME in line
    assert result.stdout == ""


def test_an_unwritable_memory_folder_degrades_a_question(
    blocked_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeOpenAIServer() as server:
        monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", server.url)
        monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "fake-model")
        server.script(Reply.text("用 orElse。"))
        result = invoke("ask", str(blocked_repo), "Optional 怎么用？", "--json")
    assert result.exit_code == 0  # the turn still happens (docs/cli.md, "degraded memory")
    data = only_json(result)
    assert data["turn_id"] is None
    assert data["degraded"]
    notes = [line for line in result.stderr.splitlines() if line.startswith("memory:")]
    assert len(notes) == 1
    assert "not recorded" in notes[0]
    context = invoke("context", str(blocked_repo), "Optional 怎么用？", "--json")
    assert context.exit_code == 0
    assert only_json(context)["items"] == []


def test_doctor_on_an_unwritable_memory_folder(blocked_repo: Path) -> None:
    result = invoke("doctor", str(blocked_repo), "--json")
    assert result.exit_code == 1
    check = {c["name"]: c for c in only_json(result)["checks"]}
    assert check["folder"]["status"] == "error"
    assert "not a folder" in check["folder"]["summary"]


# --- ask without a model ----------------------------------------------------------------


def test_ask_without_a_model_shows_the_context_and_records_nothing(java_repo: Path) -> None:
    # A question no model answered is no turn (issue 30, item 8): before, it was recorded
    # with an empty answer.
    record(java_repo, "How does the review module manage findings?", "code_explain")
    before = memory_file(java_repo).read_bytes()
    result = invoke("ask", str(java_repo), "What does the review module do?")
    assert result.exit_code == 0
    assert "[code_explain · names-this-code" in result.stdout
    assert "memory context a model would be given:" in result.stdout
    assert "How does the review module manage findings?" in result.stdout  # a pending clue
    assert "(recorded" not in result.output
    assert "AUTOPATCH_LLM_MODEL" in result.stderr and "nothing recorded" in result.stderr
    assert memory_file(java_repo).read_bytes() == before


def test_ask_json_shape(java_repo: Path) -> None:
    result = invoke("ask", str(java_repo), "Optional 怎么用？", "--json")
    assert result.exit_code == 0
    data = only_json(result)
    assert set(data) == {
        "intent", "intent_rule", "gated", "context", "scope_paths", "answer",
        "model", "turn_id", "problems", "degraded", "error",
    }  # fmt: skip
    assert data["intent"] == "general_chat" and data["gated"] is False
    assert set(data["context"]) == {"intent", "items", "rendered"}
    assert data["answer"] is None and data["turn_id"] is None  # no model: nothing recorded


def test_context_shows_exactly_the_context_ask_gives(java_repo: Path) -> None:
    record(java_repo, "How does the review module manage findings?", "code_explain")
    record(java_repo, "FindingQueue 按什么排序？以后回答请用中文")
    questions = (
        "What does the review module do?",
        "review 模块里的 FindingQueue 是怎么排序的？",
        "Optional 的 orElse 和 orElseGet 有什么区别？",
        "Audit the api module and fix the SQL injection",
    )
    for question in questions:
        shown = only_json(invoke("context", str(java_repo), question, "--json"))
        asked = only_json(invoke("ask", str(java_repo), question, "--json"))
        assert asked["context"] == shown, question
        assert asked["gated"] is (question == questions[-1])
    forced = ("--intent", "general_chat")
    shown = only_json(invoke("context", str(java_repo), questions[0], *forced, "--json"))
    assert only_json(invoke("ask", str(java_repo), questions[0], *forced, "--json"))["context"] == (
        shown
    )


@pytest.mark.parametrize("command", ["ask", "context"])
def test_a_question_command_refuses_what_is_no_question(command: str, java_repo: Path) -> None:
    empty = invoke(command, str(java_repo), "  ")
    assert empty.exit_code == 2 and empty.stdout == ""
    assert one_error_line(empty) == "error: QUESTION is empty"
    three = invoke(command, str(java_repo), "what", "is this")
    assert three.exit_code == 2 and three.stdout == ""
    assert "expected [REPO] QUESTION, got 3 arguments" in one_error_line(three)
    bogus = invoke(command, str(java_repo), "hi", "--intent", "bogus")
    assert bogus.exit_code == 2 and bogus.stdout == ""
    assert not (java_repo / MEMORY_DIR_NAME).exists()


def test_ask_a_gated_question_records_nothing(java_repo: Path) -> None:
    record(java_repo, "Optional 怎么用？")
    before = memory_file(java_repo).read_bytes()
    result = invoke(
        "ask", str(java_repo), "Audit the api module and fix the SQL injection", "--json"
    )
    assert result.exit_code == 0
    data = only_json(result)
    assert data["gated"] is True and data["intent"] == "code_audit"
    assert data["turn_id"] is None and data["context"]["items"] == []
    assert memory_file(java_repo).read_bytes() == before
    human = invoke("ask", str(java_repo), "summarize the module", "--intent", "patch_revise")
    assert "outside memory" in human.stdout
    assert memory_file(java_repo).read_bytes() == before


def test_ask_unknown_intent(java_repo: Path) -> None:
    result = invoke("ask", str(java_repo), "hi", "--intent", "nope")
    assert result.exit_code == 2
    assert result.stdout == ""


def test_ask_puts_at_paths_in_scope(java_repo: Path) -> None:
    question = "What does @review/src/main/java/com/example/review/FindingQueue.java do? @nope.txt"
    result = invoke("ask", str(java_repo), question, "--json")
    assert result.exit_code == 0
    data = only_json(result)
    assert data["scope_paths"] == ["review/src/main/java/com/example/review/FindingQueue.java"]
    assert data["problems"] == ["@nope.txt: not found in the repository"]
    # No model answered: nothing is recorded (test_cli_ask.py records a path, never the
    # file's content, for an answered turn).
    assert not memory_file(java_repo).exists()


@pytest.mark.parametrize(
    "args",
    [
        ("ask", "--intent", "code_audit", "look at ReviewService"),
        ("ask", "audit the api module for SQL injection and fix it"),
        ("context", "--intent", "patch_revise", "make the patch smaller"),
        ("context", "fix the bug in ReviewService", "--json"),
        ("record", "--intent", "code_audit", "--user", "audit this", "--json"),
    ],
)
def test_gated_turns_write_nothing_at_all(java_repo: Path, args: tuple[str, ...]) -> None:
    command, *rest = args
    result = invoke(command, str(java_repo), *rest)
    assert result.exit_code == 0, result.output
    assert not (java_repo / MEMORY_DIR_NAME).exists()  # not even the profile or a journal


def test_undecodable_arguments_are_recorded_safely(java_repo: Path) -> None:
    result = invoke(
        "record", str(java_repo), "--intent", "general_chat", "--user", "caf\udcff?", "--json"
    )
    assert result.exit_code == 0, result.output
    memory_file(java_repo).read_bytes().decode("utf-8")
    assert "caf\ufffd?" in memory_file(java_repo).read_text(encoding="utf-8")


# --- small things a user notices ----------------------------------------------------------


def test_help_names_arguments_not_python_types() -> None:
    for command in ("ask", "context", "apply", "forget", "log", "record", "show"):
        text = invoke(command, "--help").stdout
        assert "<list[str]>" not in text and "<int range>" not in text, text
    assert (
        "[REPO] QUESTION  The repository (optional), the question."
        in invoke("ask", "--help").stdout
    )
    assert "-n, --last N" in invoke("log", "--help").stdout


def test_shell_completion_is_offered() -> None:
    assert "--install-completion" in invoke("--help").stdout
    # What the installed script asks the program for, through its environment variable
    # (`--show-completion` would detect the shell from the parent processes, which a
    # detached test run does not have).
    complete = "_AUTOPATCH_MEMORY_COMPLETE"
    script = CliRunner().invoke(
        app, [], env={complete: "source_bash"}, prog_name="autopatch-memory"
    )
    assert script.exit_code == 0
    assert f"{complete}=complete_bash" in script.stdout
    words = {complete: "complete_bash", "COMP_WORDS": "autopatch-memory sh", "COMP_CWORD": "1"}
    offered = CliRunner().invoke(app, [], env=words, prog_name="autopatch-memory")
    assert offered.stdout.split() == ["show"]


def test_a_folder_without_a_question_is_a_usage_error(
    java_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(java_repo.parent)
    for command in ("ask", "context"):
        result = invoke(command, java_repo.name)
        assert result.exit_code == 2
        assert "is a folder: give the QUESTION after it" in one_error_line(result)
    assert not (java_repo / MEMORY_DIR_NAME).exists()


def test_apply_warns_about_a_misspelled_section(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "off")
    turn_id = record(repo, "Optional 怎么用？")
    only_typo = json.dumps({"turn_summary": [{"turn_id": turn_id, "summary": "x"}]})
    result = invoke("apply", str(repo), "-", input=only_typo)
    assert result.exit_code == 1
    assert "did you mean 'turn_summaries'?" in result.stderr
    assert "nothing was applied" in result.stderr
    mixed = {"turn_summaries": [{"turn_id": turn_id, "summary": "用户询问 Optional。"}],
             "topic_operation": []}  # fmt: skip
    result = invoke("apply", str(repo), "-", "--json", input=json.dumps(mixed, ensure_ascii=False))
    assert result.exit_code == 0
    report = only_json(result)
    assert report["unknown_sections"] == ["topic_operation"]
    assert report["changed"] is True
    assert "did you mean 'topic_operations'?" in result.stderr


def test_apply_report_rows_read_well(repo: Path) -> None:
    record(repo, "Optional 怎么用？")
    result = invoke("apply", str(repo), "-", input='{"turn_summaries": {"oops": 1}}')
    assert result.exit_code == 0
    assert "turn_summaries (the whole section) bad_shape" in result.stdout
    assert "[None]" not in result.stdout
    discarded = invoke("apply", str(repo), "-", input="not json at all")
    assert discarded.exit_code == 1
    head = discarded.stdout.splitlines()[0]
    assert "0 accepted, 1 rejected · file unchanged" in head
    assert " B" not in head and "KiB" not in head  # nothing was written: no size to report


def test_log_columns_are_aligned(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "off")
    turn_id = record(repo, "Optional 怎么用？")
    delta = {"turn_summaries": [{"turn_id": turn_id, "summary": "用户询问 Optional 的用法。"}]}
    invoke("apply", str(repo), "-", input=json.dumps(delta, ensure_ascii=False))
    lines = invoke("log", str(repo)).stdout.splitlines()
    assert len(lines) >= 2
    columns = {line.index(" applied ") if " applied " in line else line.index(" failed ")
               for line in lines if " applied " in line or " failed " in line}  # fmt: skip
    assert len(columns) == 1, lines


def test_show_says_whether_the_profile_was_collected(
    java_repo: Path, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A Maven build whose profile nobody collected yet: say so, not "no build file".
    shown = invoke("show", str(java_repo)).stdout
    assert "no repo profile collected yet: `profile` collects it" in shown
    assert "no build file or README title was found" not in shown
    invoke("profile", str(java_repo))
    assert "demo-review-service" in invoke("show", str(java_repo)).stdout
    # A folder with nothing to profile: that is what it says.
    assert "no build file or README title was found" in invoke("show", str(repo)).stdout


def test_an_old_failure_warns_once(repo: Path) -> None:
    from autopatch_memory.journal import Outcome

    memory = ProjectMemory.open(repo, backend="off")
    memory.journal.record("summarizer:openai", "summarize", Outcome.FAILED,
                          reason="BackendUnavailableError", detail="model down at 10:00")  # fmt: skip
    memory.close()
    for _ in range(2):
        result = invoke("ask", str(repo), "Optional 怎么用？")
        assert result.exit_code == 0
        assert "model down at 10:00" not in result.stderr  # old news: `show`/`doctor` have it
    assert "model down at 10:00" in invoke("show", str(repo)).stdout


# --- output hygiene: nothing from a repository or memory reaches the terminal raw ----------

OSC52 = "\x1b]52;c;ZXZpbCBwYXlsb2Fk\x07"
CLEAR = "\x1b[2J"


def test_escape_sequences_from_a_repository_are_not_printed(tmp_path: Path) -> None:
    root = tmp_path / "hostile"
    (root / ".git").mkdir(parents=True)
    (root / "settings.gradle").write_text(
        f'rootProject.name = "evil{OSC52}name"\ninclude "core{CLEAR}mod"\n', encoding="utf-8"
    )
    (root / "build.gradle").write_text("", encoding="utf-8")
    outputs = [
        invoke("profile", str(root)),
        invoke("show", str(root)),
        invoke("context", str(root), "What modules does this project have?"),
    ]
    for result in outputs:
        assert result.exit_code == 0, result.output
        assert "\x1b" not in result.output and "\x07" not in result.output
    # A name holding escape sequences is no name (docs/profile.md#names): the folder's stands.
    assert "project     hostile" in outputs[0].stdout and "evil" not in outputs[0].stdout
    data = only_json(invoke("profile", str(root), "--json"))
    assert isinstance(data["project_name"], (str, type(None)))  # JSON keeps the value exact


def test_escape_sequences_in_memory_are_not_printed(repo: Path) -> None:
    turn_id = record(repo, "Optional 怎么用？")
    path = memory_file(repo)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["working_memory"]["recent_turns"][0]["summary"] = f"summary{CLEAR} with {OSC52}payload"
    doc["working_memory"]["recent_turns"][0]["summary_status"] = "ready"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    for result in (invoke("show", str(repo)), invoke("context", str(repo), "Optional 呢？"),
                   invoke("log", str(repo))):  # fmt: skip
        assert result.exit_code == 0
        assert "\x1b" not in result.output and "\x07" not in result.output
    shown = invoke("show", str(repo)).stdout
    assert turn_id in shown
    assert "\x1b" not in shown


# --- a gated turn touches nothing under .autopatch-j -----------------------------------------


def test_a_gated_ask_creates_and_reads_nothing(java_repo: Path) -> None:
    result = invoke("ask", str(java_repo), "--intent", "code_audit", "look at ReviewService")
    assert result.exit_code == 0, result.output
    assert not (java_repo / MEMORY_DIR_NAME).exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_gated_ask_does_not_open_planted_fifos(java_repo: Path) -> None:
    # A FIFO opened for reading blocks until a writer comes: touching one would hang.
    state = java_repo / MEMORY_DIR_NAME
    state.mkdir()
    for name in ("memory.journal.jsonl", "config.toml", "memory.json", "profile.cache.json"):
        os.mkfifo(state / name)
    done = subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", "ask", str(java_repo),
         "Audit FindingQueue for race conditions", "--json"],
        stdin=subprocess.DEVNULL,  # `ask` reads a stdin that is not a terminal
        capture_output=True, text=True, encoding="utf-8", timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["intent"] == "code_audit" and data["gated"] is True
    assert data["turn_id"] is None and data["context"]["items"] == []
    assert sorted(p.name for p in state.iterdir()) == [
        "config.toml", "memory.journal.jsonl", "memory.json", "profile.cache.json",
    ]  # fmt: skip
