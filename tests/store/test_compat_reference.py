"""Files shared with the reference implementation (AutoPatch-J, commit 0ecbdd3).

Both directions, on real files (fixtures/memory/README.md says how they were made):

* ours reads every item of every file the reference wrote, and opening one
  changes nothing on disk;
* after we write (record a turn, forget an item, apply a delta), the reference's
  own loader sees the forgotten item ``inactive`` and everything else intact.
  Its view of our output was produced once by running the reference's loader
  and is committed as ``fixtures/memory/reference-view/*.json``; the test
  compares it with :func:`reference_view`, a restatement of the reference's
  loading rules, applied to what we write now.
"""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import ItemStatus, MemoryDocument
from autopatch_memory.store import LoadProblem, MemoryStore, Transaction, parse_document

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "memory"
REFERENCE_FILES = sorted(p.name for p in FIXTURES.glob("reference-*.json"))
VIEWS = FIXTURES / "reference-view"
CST = timezone(timedelta(hours=8))
NOW = datetime(2027, 1, 15, 10, 0, 0, tzinfo=CST)  # after the fixtures were written


def test_the_fixtures_are_there() -> None:
    assert REFERENCE_FILES == [
        "reference-after-summary.json",
        "reference-before-summary.json",
        "reference-hand-edited.json",
        "reference-inactive-item.json",
        "reference-no-build-file.json",
    ]


def _raw(name: str) -> dict[str, Any]:
    raw: dict[str, Any] = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return raw


def _ids(raw: dict[str, Any], section: str, name: str) -> list[str]:
    return [item["id"] for item in raw[section][name]]


# --- reference → ours ----------------------------------------------------------------


@pytest.mark.parametrize("name", REFERENCE_FILES)
def test_every_item_of_a_reference_file_is_read(name: str) -> None:
    raw = _raw(name)
    doc, problem = parse_document((FIXTURES / name).read_bytes())
    if name == "reference-hand-edited.json":
        # Hand edits the reference writes back verbatim: those two parts alone go.
        assert problem is not None and problem.kind is LoadProblem.SALVAGED
        assert [p.where for p in problem.dropped] == [
            "repo_profile.build_tool",
            "long_term_memory.project_notes[0]",
        ]
        assert problem.dropped[1].id == raw["long_term_memory"]["project_notes"][0]["id"]
        raw["long_term_memory"]["project_notes"] = raw["long_term_memory"]["project_notes"][1:]
    else:
        assert problem is None
    wm, ltm = doc.working_memory, doc.long_term_memory
    assert [t.id for t in wm.recent_turns] == _ids(raw, "working_memory", "recent_turns")
    assert [t.id for t in wm.active_topics] == _ids(raw, "working_memory", "active_topics")
    for kind in ("durable_preferences", "project_notes"):
        items = getattr(ltm, kind)
        assert [i.id for i in items] == _ids(raw, "long_term_memory", kind)
        assert [i.status.value for i in items] == [
            r["status"] for r in raw["long_term_memory"][kind]
        ]
        assert [i.summary for i in items] == [r["summary"] for r in raw["long_term_memory"][kind]]
    for turn, raw_turn in zip(wm.recent_turns, raw["working_memory"]["recent_turns"], strict=True):
        assert turn.user_text == raw_turn["user_text"]
        assert turn.summary == raw_turn["summary"]
        assert turn.summary_status.value == raw_turn["summary_status"]
        assert turn.scope_paths == raw_turn["scope_paths"]
    assert "generation" not in raw and doc.generation == 0
    assert doc.epoch is None  # given one by our first write
    profile = raw["repo_profile"]
    if not profile["source_files"]:  # the reference's empty profile: strings, not nulls
        assert profile["build_tool"] == "" and profile["updated_at"] == ""
        assert doc.repo_profile is None
    elif problem is None:
        assert doc.repo_profile is not None
        assert doc.repo_profile.model_dump(mode="json", exclude={"module_count"}) == profile


def test_the_reference_writes_what_the_fixtures_claim() -> None:
    # Guard against fixtures edited by hand: the shapes the issue is about are there.
    before = _raw("reference-before-summary.json")
    assert before["repo_profile"]["java_version"] == ""
    assert all(t["summary_status"] == "pending" for t in before["working_memory"]["recent_turns"])
    after = _raw("reference-after-summary.json")
    assert after["repo_profile"]["build_tool"] == "maven"
    assert any(t["summary_status"] == "pending" for t in after["working_memory"]["recent_turns"])
    inactive = _raw("reference-inactive-item.json")["long_term_memory"]["durable_preferences"]
    assert [i["status"] for i in inactive].count("inactive") == 1
    for name in REFERENCE_FILES:
        raw = _raw(name)
        assert "generation" not in raw
        ids = [t["id"] for t in raw["working_memory"]["recent_turns"]]
        # Random suffixes (8 hex digits in this reference), never our NNN counters.
        assert all(len(i.rsplit("_", 1)[1]) == 8 for i in ids)
        assert all(int(i.rsplit("_", 1)[1], 16) >= 0 for i in ids)


@pytest.mark.parametrize("name", REFERENCE_FILES)
def test_opening_and_reading_a_reference_file_changes_nothing(repo: Path, name: str) -> None:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    shutil.copyfile(FIXTURES / name, folder / "memory.json")
    before = (folder / "memory.json").read_bytes()
    # The repo has no build file: for the files with an empty profile, refreshing it
    # changes nothing either.
    refresh = not _raw(name)["repo_profile"]["source_files"]
    with ProjectMemory.open(repo, backend="off", refresh_profile=refresh) as memory:
        memory.context("general_chat", "mall-admin 登录怎么做？")
        memory.document()
        memory.store.update(lambda txn: None, actor="test")  # a write that changes nothing
    assert (folder / "memory.json").read_bytes() == before
    assert sorted(p.name for p in folder.glob("memory.*.json")) == []


def test_a_4_hex_id_file_keeps_its_ids_and_new_ids_stay_unique(repo: Path) -> None:
    store = MemoryStore(repo, clock=lambda: NOW)
    store.folder.mkdir()
    shutil.copyfile(FIXTURES / "reference.json", store.path)
    old = store.read().all_ids()
    assert "turn_20260501_123000_a1b2" in old

    def add(txn: Transaction) -> None:
        txn.doc.working_memory.recent_turns.append(
            txn.doc.working_memory.recent_turns[0].model_copy(update={"id": "turn_x"})
        )

    store.update(add, actor="test")
    assert old <= store.read().all_ids()


# --- a salvaged reference file --------------------------------------------------------------


def test_a_salvage_is_visible_before_and_after_the_write_and_keeps_the_original(
    repo: Path,
) -> None:
    folder = repo / ".autopatch-j"
    folder.mkdir()
    original = (FIXTURES / "reference-hand-edited.json").read_bytes()
    (folder / "memory.json").write_bytes(original)
    memory = ProjectMemory.open(repo, backend="off", refresh_profile=False, clock=lambda: NOW)
    pending = memory.last_failure()
    assert pending is not None and pending.reason == "salvaged"
    assert pending.detail is not None and "memory.salvaged.json" in pending.detail
    assert memory.last_failure() == pending  # the same problem looks the same
    assert (folder / "memory.json").read_bytes() == original  # opening moved nothing
    turn_id = memory.record_turn("general_chat", "mall-portal 的订单超时怎么处理？")
    assert turn_id is not None
    assert (folder / "memory.salvaged.json").read_bytes() == original
    entry = memory.last_failure()
    assert entry is not None and (entry.op, entry.outcome.value) == ("salvage", "recovered")
    assert entry.target == "memory.salvaged.json" and entry.reason == "salvaged"
    assert entry.detail is not None
    assert "repo_profile.build_tool" in entry.detail and "project_notes[0]" in entry.detail
    assert memory.store.problem() is None
    # Everything else survived the write.
    raw = json.loads(original)
    doc = memory.document()
    assert [t.id for t in doc.working_memory.recent_turns][:-1] == _ids(
        raw, "working_memory", "recent_turns"
    )
    assert [i.id for i in doc.long_term_memory.durable_preferences] == _ids(
        raw, "long_term_memory", "durable_preferences"
    )
    # A later write does not back it up again: the original is kept once.
    memory.record_turn("general_chat", "还有别的超时配置吗？")
    assert sorted(p.name for p in folder.glob("memory.*.json")) == ["memory.salvaged.json"]
    memory.close()


def test_the_store_reports_what_an_update_salvaged(repo: Path) -> None:
    store = MemoryStore(repo, clock=lambda: NOW)
    store.folder.mkdir()
    shutil.copyfile(FIXTURES / "reference-hand-edited.json", store.path)
    problem = store.problem()
    assert problem is not None and problem.kind is LoadProblem.SALVAGED
    assert len(problem.dropped) == 2 and "memory.salvaged.json" in problem.explain
    result = store.update(lambda txn: txn.log("touch"), actor="test")
    assert result.changed is False and result.recovered == []  # nothing to write yet

    def touch(txn: Transaction) -> None:
        txn.own(txn.doc.working_memory.recent_turns[0]).summary = "改过的摘要"

    result = store.update(touch, actor="test")
    assert result.changed
    assert [(e.op, e.target, e.outcome.value) for e in result.recovered] == [
        ("salvage", "memory.salvaged.json", "recovered")
    ]


# --- ours → reference -------------------------------------------------------------------------


def write_with_ours(source: Path, repo: Path) -> bytes:
    """What this program writes after a host's ordinary calls on a reference file."""
    folder = repo / ".autopatch-j"
    folder.mkdir(parents=True)
    shutil.copyfile(source, folder / "memory.json")
    with ProjectMemory.open(repo, backend="off", refresh_profile=False, clock=lambda: NOW) as mem:
        turn_id = mem.record_turn(
            "general_chat",
            "Optional 怎么用？\n请举个例子。",
            "Optional 是 Java 8 引入的容器类型……",
            scope_paths=["src/main/java/com/macro/mall/Demo.java"],
        )
        assert turn_id is not None
        active = [i for i in mem.document().long_term_memory.items() if i.is_active]
        if active:
            mem.forget(active[0].id)
        report = mem.apply_delta(
            {
                "turn_summaries": [{"turn_id": turn_id, "summary": "用户询问 Optional 的用法。"}],
                "topic_operations": [
                    {
                        "operation": "create_new",
                        "label": "Java Optional",
                        "summary": "用户关注 Optional 的正确用法。",
                        "related_turn_ids": [turn_id],
                    }
                ],
                "long_term_operations": [
                    {
                        "operation": "create_new",
                        "type": "project_note",
                        "label": "Optional 用法",
                        "summary": "项目代码中 Optional 常被直接 get，需要检查。",
                        "source": "conversation_summary",
                        "evidence_turn_ids": [turn_id],
                    }
                ],
            }
        )
        assert report.rejected == [] and len(report.accepted) == 3
    return (folder / "memory.json").read_bytes()


def _clip(value: Any, limit: int) -> str:
    text = " ".join(str(value or "").replace("\r\n", "\n").split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _present(value: Any, fallback: str) -> str:
    return str(value or "").strip() or fallback


def _strings(value: Any, limit: int, item_limit: int) -> list[str]:
    if not isinstance(value, list):
        return []
    out: list[str] = []
    for element in value:
        text = _clip(element, item_limit)
        if text and text not in out:
            out.append(text)
        if len(out) >= limit:
            break
    return out


def _view_turns(value: Any) -> list[dict[str, Any]]:
    turns = [
        {
            "id": _present(t.get("id"), "<generated>"),
            "intent": t["intent"],
            "user_text": _clip(t.get("user_text"), 1000),
            "assistant_text": _clip(t.get("assistant_text"), 2000),
            "summary": _clip(t.get("summary"), 300),
            "summary_status": "ready" if t.get("summary_status") == "ready" else "pending",
            "scope_paths": _strings(t.get("scope_paths"), 10, 240),
            "created_at": _present(t.get("created_at"), "<now>"),
        }
        for t in (value if isinstance(value, list) else [])
        if isinstance(t, dict) and t.get("intent") in ("code_explain", "general_chat")
    ]
    return turns[-12:]


def _view_topics(value: Any) -> list[dict[str, Any]]:
    topics = []
    for t in value if isinstance(value, list) else []:
        if not isinstance(t, dict):
            continue
        label, summary = _clip(t.get("label"), 60), _clip(t.get("summary"), 300)
        if label and summary:
            topics.append(
                {
                    "id": _present(t.get("id"), "<generated>"),
                    "label": label,
                    "summary": summary,
                    "related_turn_ids": _strings(t.get("related_turn_ids"), 20, 120),
                    "last_touched_at": _present(t.get("last_touched_at"), "<now>"),
                }
            )
    return sorted(topics, key=lambda t: t["last_touched_at"])[-8:]


def _view_items(value: Any, kind: str) -> list[dict[str, Any]]:
    source = "user_explicit" if kind == "durable_preference" else "conversation_summary"
    items = []
    for i in value if isinstance(value, list) else []:
        if not isinstance(i, dict):
            continue
        label, summary = _clip(i.get("label"), 60), _clip(i.get("summary"), 300)
        if label and summary:
            items.append(
                {
                    "id": _present(i.get("id"), "<generated>"),
                    "type": kind,
                    "label": label,
                    "summary": summary,
                    "status": "inactive" if i.get("status") == "inactive" else "active",
                    "source": source,
                    "created_at": _present(i.get("created_at"), "<now>"),
                    "updated_at": _present(i.get("updated_at"), "<now>"),
                }
            )
    return sorted(items, key=lambda i: (i["status"] == "active", i["updated_at"]))[-50:]


def _view_profile(value: Any) -> dict[str, Any]:
    p = value if isinstance(value, dict) else {}
    return {
        "build_tool": _clip(p.get("build_tool"), 120),
        "java_version": _clip(p.get("java_version"), 120),
        "project_name": _clip(p.get("project_name"), 120),
        "modules": _strings(p.get("modules"), 20, 120),
        "frameworks": _strings(p.get("frameworks"), 20, 120),
        "source_files": _strings(p.get("source_files"), 20, 120),
        "updated_at": _present(p.get("updated_at"), ""),
    }


def reference_view(raw: Any) -> dict[str, Any] | None:
    """What the reference's loader makes of a memory file, restated from its rules.

    It accepts only a JSON object with ``version`` 1 (anything else reads as an
    empty memory: ``None`` here); keeps turns of the two memory intents only (the
    newest 12), topics and long-term items with a label and a summary; collapses
    whitespace and clips texts (``…``) to its limits; forces each item's type and
    source to its list; reads every ``status`` but ``inactive`` as ``active``;
    orders topics by ``last_touched_at`` and long-term items inactive-first by
    ``updated_at``; reads a missing profile as empty strings; and drops every key
    it does not know (``generation``, ``epoch``, ``superseded_by``).
    """
    if not isinstance(raw, dict) or raw.get("version") != 1:
        return None
    wm = raw.get("working_memory") if isinstance(raw.get("working_memory"), dict) else {}
    ltm = raw.get("long_term_memory") if isinstance(raw.get("long_term_memory"), dict) else {}
    return {
        "version": 1,
        "updated_at": _present(raw.get("updated_at"), "<now>"),
        "working_memory": {
            "active_topics": _view_topics(wm.get("active_topics")),
            "recent_turns": _view_turns(wm.get("recent_turns")),
        },
        "repo_profile": _view_profile(raw.get("repo_profile")),
        "long_term_memory": {
            "durable_preferences": _view_items(
                ltm.get("durable_preferences"), "durable_preference"
            ),
            "project_notes": _view_items(ltm.get("project_notes"), "project_note"),
        },
    }


def test_the_view_restates_the_reference_on_its_own_files() -> None:
    # The reference normalizes on every save, so its files are fixed points of its view.
    for name in REFERENCE_FILES:
        raw = _raw(name)
        assert reference_view(raw) == raw, name


@pytest.mark.parametrize("name", REFERENCE_FILES)
def test_the_reference_reads_what_we_write(tmp_path: Path, name: str) -> None:
    written = json.loads(write_with_ours(FIXTURES / name, tmp_path / "repo"))
    MemoryDocument.model_validate(written)  # still our shape
    view = reference_view(written)
    expected = json.loads((VIEWS / name).read_text(encoding="utf-8"))
    assert view == expected
    # What the reference saw: the forgotten item inactive, everything else intact.
    source = _raw(name)
    before = {
        i["id"]: i
        for kind in ("durable_preferences", "project_notes")
        for i in source["long_term_memory"][kind]
    }
    after = {
        i["id"]: i
        for kind in ("durable_preferences", "project_notes")
        for i in expected["long_term_memory"][kind]
    }
    dropped_by_salvage = {source["long_term_memory"]["project_notes"][0]["id"]} if (
        name == "reference-hand-edited.json"
    ) else set()  # fmt: skip
    forgotten = [
        i for i in before if i not in dropped_by_salvage and before[i]["status"] == "active"
    ]
    for item_id, item in before.items():
        if item_id in dropped_by_salvage:
            assert item_id not in after
            continue
        seen = after[item_id]
        status = "inactive" if forgotten and item_id == forgotten[0] else item["status"]
        assert seen["status"] == status, item_id
        assert (seen["label"], seen["summary"]) == (item["label"], item["summary"])
    kept_turns = {t["id"] for t in expected["working_memory"]["recent_turns"]}
    assert {t["id"] for t in source["working_memory"]["recent_turns"]} <= kept_turns
    new_note = [i for i in after.values() if i["label"] == "Optional 用法"]
    assert len(new_note) == 1 and new_note[0]["status"] == "active"
    if forgotten:
        assert written_status(written, forgotten[0]) == ItemStatus.ARCHIVED.value == "inactive"


def written_status(raw: dict[str, Any], item_id: str) -> str:
    for kind in ("durable_preferences", "project_notes"):
        for item in raw["long_term_memory"][kind]:
            if item["id"] == item_id:
                status: str = item["status"]
                return status
    raise AssertionError(f"{item_id} not in the file")


@pytest.mark.parametrize("name", REFERENCE_FILES)
def test_upgrading_a_maven_repo_keeps_every_item(repo: Path, name: str) -> None:
    # The upgrade: a repo with a build file and the reference's memory in it.
    pom = FIXTURES.parent / "repos" / "spring-boot-maven-single" / "pom.xml"
    shutil.copyfile(pom, repo / "pom.xml")
    folder = repo / ".autopatch-j"
    folder.mkdir()
    shutil.copyfile(FIXTURES / name, folder / "memory.json")
    expected, _ = parse_document((FIXTURES / name).read_bytes())
    original = (folder / "memory.json").read_bytes()
    with ProjectMemory.open(repo, backend="off") as memory:
        # Opening writes nothing: the collected profile waits for the host's first write.
        assert (folder / "memory.json").read_bytes() == original
        assert not list(folder.glob("memory.*.json"))
        memory.record_turn("general_chat", "Optional 怎么用？", "…")
        doc = memory.document()
        assert memory.last_error is None
    new_turns = doc.all_ids() - expected.all_ids()
    assert len(new_turns) == 1
    doc.working_memory.recent_turns = [
        t for t in doc.working_memory.recent_turns if t.id not in new_turns
    ]
    assert doc.all_ids() == expected.all_ids()
    assert doc.long_term_memory == expected.long_term_memory
    assert doc.repo_profile is not None and doc.repo_profile.build_tool is not None
    backups = sorted(p.name for p in folder.glob("memory.*.json"))
    assert backups == (["memory.salvaged.json"] if name == "reference-hand-edited.json" else [])


# --- timestamps without an offset -------------------------------------------------------------

# Run in a child process: the time zone must be fixed before Python reads it.
_NAIVE_TIMES = """
import json, sys
from pathlib import Path
from autopatch_memory.memory import ProjectMemory

repo = Path(sys.argv[1])
memory = ProjectMemory.open(repo, backend="off", collect_profile=False)
doc = memory.document()
read = [doc.updated_at.isoformat(), doc.long_term_memory.items()[0].created_at.isoformat()]
memory.record_turn("general_chat", "hi")
export = json.loads(sys.argv[2])
export["epoch"] = memory.document().epoch  # this memory's own export: revised by id
report = memory.import_items(json.dumps(export))
memory.close()
written = json.loads((repo / ".autopatch-j" / "memory.json").read_text(encoding="utf-8"))
first = written["long_term_memory"]["durable_preferences"][0]
print(json.dumps({"read": read, "written": first["created_at"],
                  "import": report.items[0].outcome.value}))
"""


@pytest.mark.parametrize(
    ("zone", "offset", "imported"),
    [("Asia/Shanghai", "+08:00", "skipped"), ("America/New_York", "-04:00", "updated")],
)
def test_timestamps_without_an_offset_are_local_time(
    tmp_path: Path, zone: str, offset: str, imported: str
) -> None:
    """The reference writes local time with its offset (``astimezone()``); a time with
    none (a hand edit, a tool writing ``datetime.now().isoformat()``) is a wall-clock
    time of the machine's zone, so it is read as local time, never as UTC."""
    import os
    import subprocess
    import sys

    raw = _raw("reference-after-summary.json")
    raw["updated_at"] = "2026-06-01T10:00:00"
    rule = raw["long_term_memory"]["durable_preferences"][0]
    rule["created_at"] = "2026-06-01T01:00:00"
    rule["updated_at"] = "2026-06-01T06:00:00+00:00"
    repo = tmp_path / "repo"
    (repo / ".autopatch-j").mkdir(parents=True)
    (repo / ".git").mkdir()
    memory_file = repo / ".autopatch-j" / "memory.json"
    memory_file.write_text(json.dumps(raw, ensure_ascii=False, indent=2), encoding="utf-8")
    # The same rule reworded, in an export whose zone-less time is 10:00 local: before
    # the rule's last change (06:00 UTC) in Shanghai (02:00 UTC), after it in New York
    # (14:00 UTC). Read as UTC (10:00) it would be newer in both.
    export = {
        "durable_preferences": [
            dict(rule, summary=rule["summary"] + " (reworded)", updated_at="2026-06-01T10:00:00")
        ]
    }
    env = dict(os.environ, TZ=zone)
    done = subprocess.run(
        [sys.executable, "-c", _NAIVE_TIMES, str(repo), json.dumps(export, ensure_ascii=False)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    result = json.loads(done.stdout)
    assert result["read"] == [f"2026-06-01T10:00:00{offset}", f"2026-06-01T01:00:00{offset}"]
    assert result["written"] == f"2026-06-01T01:00:00{offset}"
    assert result["import"] == imported
