"""Random hostile deltas and hostile files through the public API of ProjectMemory.

Each example opens a fresh repository and runs a few random steps: recording
turns, applying hostile deltas (wrong types, huge strings, unknown ids, deep
nesting, control characters, a thousand operations) and hostile replies,
forgetting, asking for context, resetting, and planting hostile file contents
(truncated JSON, wrong shapes, reference-style empty strings, huge numbers,
byte-order marks, invalid UTF-8) followed by a write. After every step:

* nothing raised but the documented errors;
* the file is valid JSON of our shape, within the hard limit (or smaller than a
  planted file it replaced) and, unless a planted file broke them, within every cap;
* every active long-term item from before a step that could not remove it is
  still there and active (a delta may archive an item, and may evict one only
  when its report says so);
* a planted file that could not be used as it is was kept, byte for byte.

Bounded: a fixed number of derandomized examples, a few seconds in all.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autopatch_memory import limits
from autopatch_memory.errors import ItemNotFoundError
from autopatch_memory.memory import ProjectMemory
from autopatch_memory.model import MemoryDocument, check_invariants
from autopatch_memory.store import parse_document

pytestmark = pytest.mark.reliability

# Characters that break naive text handling: controls, NUL, zero-width, bidi, BOM,
# lone surrogates, CJK, full-width punctuation, emoji.
_NASTY = "\x00\x01\x07\x1b[2J\x7f\x85\u200b\u200d\u202e\u2066\ufeff\ud800\udfff问题模块：＝😀"
_text = st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(list(_NASTY)), max_size=40)
_huge = st.builds(
    lambda unit, n: unit * n,
    st.sampled_from(["问", "x", "\u200b", "a b ", "\x1b[0m", "长文本"]),
    st.integers(1_000, 60_000),
)
_hostile_text = st.one_of(_text, _text, _text, _huge)
_json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    _text,
)
_json_value = st.recursive(
    _json_leaf,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
_OP_KEYS = (
    "operation",
    "type",
    "target_id",
    "label",
    "summary",
    "source",
    "turn_id",
    "related_turn_ids",
    "evidence_turn_ids",
    "evidence_quote",
)
_OPERATIONS = ["create_new", "update_existing", "archive_existing", "delete", "", "CREATE_NEW"]
_TYPES = ["durable_preference", "project_note", "topic", ""]
_SOURCES = ["user_explicit", "conversation_summary", "model"]


def _known_ids(doc: MemoryDocument) -> list[str]:
    return sorted(doc.all_ids()) or ["turn_20260101_000000_001"]


def _deep(depth: int) -> Any:
    value: Any = "bottom"
    for _ in range(depth):
        value = {"nested": [value]}
    return value


def _draw_op(data: st.DataObject, ids: list[str]) -> Any:
    if data.draw(st.integers(0, 9)) == 0:
        return data.draw(_json_value)  # not even an object, most of the time
    value_for: dict[str, st.SearchStrategy[Any]] = {
        "operation": st.sampled_from(_OPERATIONS) | _json_leaf,
        "type": st.sampled_from(_TYPES) | _json_leaf,
        "source": st.sampled_from(_SOURCES) | _json_leaf,
        "target_id": st.sampled_from(ids) | _text | _json_leaf,
        "turn_id": st.sampled_from(ids) | _text | _json_leaf,
        "related_turn_ids": st.lists(st.sampled_from(ids) | _text, max_size=30) | _json_value,
        "evidence_turn_ids": st.lists(st.sampled_from(ids), max_size=5) | _json_value,
    }
    op: dict[str, Any] = {}
    for key in data.draw(st.lists(st.sampled_from(_OP_KEYS), unique=True, max_size=8)):
        op[key] = data.draw(value_for.get(key, _hostile_text | _json_leaf))
    if data.draw(st.integers(0, 19)) == 0:
        op["summary"] = _deep(data.draw(st.integers(50, 400)))
    return op


def _draw_section(data: st.DataObject, ids: list[str]) -> Any:
    shape = data.draw(st.integers(0, 14))
    if shape == 0:
        return data.draw(_json_value)  # a section that is not a list
    if shape == 1:  # a flood: the same plausible create a thousand times
        op = {
            "operation": "create_new",
            "type": "project_note",
            "label": data.draw(_text),
            "summary": "mall-admin 模块负责后台管理。" + data.draw(_text),
            "source": "conversation_summary",
        }
        return [dict(op, label=f"{op['label']} {i}") for i in range(1000)]
    return [_draw_op(data, ids) for _ in range(data.draw(st.integers(0, 6)))]


def _draw_delta(data: st.DataObject, ids: list[str]) -> dict[str, Any]:
    delta: dict[str, Any] = {}
    for section in ("turn_summaries", "topic_operations", "long_term_operations"):
        if data.draw(st.booleans()):
            delta[section] = _draw_section(data, ids)
    if data.draw(st.booleans()):
        delta[data.draw(st.text(max_size=12))] = data.draw(_json_value)
    return delta


def _draw_reply(data: st.DataObject, ids: list[str]) -> str:
    text = json.dumps(_draw_delta(data, ids), ensure_ascii=data.draw(st.booleans()))
    shape = data.draw(st.integers(0, 4))
    if shape == 0:
        return text[: data.draw(st.integers(0, len(text)))]  # truncated
    if shape == 1:
        return f"<think>{data.draw(_text)}</think>\n```json\n{text}\n```"
    if shape == 2:
        return data.draw(_hostile_text)
    return f"{data.draw(_text)} {text} {data.draw(_text)}"


def _blank_optionals(value: Any) -> Any:
    """The reference's style: empty strings where a value is missing, no generation."""
    if isinstance(value, dict):
        return {
            k: ("" if v is None else _blank_optionals(v))
            for k, v in value.items()
            if k not in ("generation", "epoch")
        }
    if isinstance(value, list):
        return [_blank_optionals(v) for v in value]
    return value


def _mutated(data: st.DataObject, raw: Any) -> Any:
    """``raw`` with one randomly chosen value (at any depth) replaced."""
    if isinstance(raw, dict) and raw and data.draw(st.integers(0, 5)):
        key = data.draw(st.sampled_from(sorted(raw)))
        return {**raw, key: _mutated(data, raw[key])}
    if isinstance(raw, list) and raw and data.draw(st.integers(0, 5)):
        index = data.draw(st.integers(0, len(raw) - 1))
        return [*raw[:index], _mutated(data, raw[index]), *raw[index + 1 :]]
    return data.draw(_json_value | st.just(10**30) | st.just(""))


def _draw_file(data: st.DataObject, current: bytes) -> bytes:
    raw = json.loads(current) if current else MemoryDocument().model_dump(mode="json")
    shape = data.draw(st.integers(0, 7))
    if shape == 0 and current:
        return current[: data.draw(st.integers(0, len(current) - 1))]  # torn
    if shape == 1:
        return b"\xef\xbb\xbf" + json.dumps(raw, ensure_ascii=False).encode()  # BOM
    if shape == 2:
        body = json.dumps(raw, ensure_ascii=False).encode()
        cut = data.draw(st.integers(0, len(body)))
        return body[:cut] + b"\xff\xfe\xc3" + body[cut:]  # invalid UTF-8
    if shape == 3:
        return json.dumps(_blank_optionals(raw), ensure_ascii=False, indent=2).encode()
    if shape == 4:
        return json.dumps(data.draw(_json_value)).encode()  # any shape at all
    if shape == 5:
        raw["generation"] = data.draw(st.sampled_from([10**30, -1, 1.5, "3", None]))
        return json.dumps(raw).encode()
    return json.dumps(_mutated(data, raw), ensure_ascii=False).encode()


Change = tuple[set[str] | None, set[str] | None]
"""What a step may do to active long-term items: (may archive, may delete); None: any."""

NOTHING: Change = (set(), set())
ANYTHING: Change = (None, None)


class Run:
    """One example: a repository, its memory, and the last planted file."""

    def __init__(self, repo: Path) -> None:
        self.repo = repo
        self.path = repo / ".autopatch-j" / "memory.json"
        self.memory = ProjectMemory.open(repo, backend="off", refresh_profile=False)
        self.planted: bytes | None = None  # planted by the last step, if it planted
        # A write that shrinks a planted file over the hard limit is accepted: the
        # file may stay above the limit, below the largest file planted so far.
        self.allowance = limits.HARD_LIMIT_BYTES
        self.caps_broken = False  # a planted file may break caps the program never checks

    def bytes_now(self) -> bytes:
        return self.path.read_bytes() if self.path.exists() else b""

    def seed(self, data: st.DataObject) -> Change:
        """Ordinary memory to lose: a rule and a few project notes, applied validly."""
        rule = data.draw(
            st.sampled_from(
                [
                    "以后回答都用中文，并且优先给出 Maven 命令。",
                    "From now on, always show the Gradle command first.",
                    "不要再建议使用 Lombok，我们项目不用它。",
                ]
            )
        )
        turn_id = self.memory.record_turn("general_chat", rule, "好的。")
        modules = data.draw(
            st.lists(st.sampled_from(["admin", "portal", "search", "order", "common", "auth"]),
                     min_size=1, max_size=4, unique=True)
        )  # fmt: skip
        notes = [
            {
                "operation": "create_new",
                "type": "project_note",
                "label": f"mall-{name} 模块",
                "summary": f"mall-{name} 负责{name}相关的业务与接口。",
                "source": "conversation_summary",
            }
            for name in modules
        ]
        rule_op = {
            "operation": "create_new",
            "type": "durable_preference",
            "label": rule[:20],
            "summary": rule,
            "source": "user_explicit",
            "evidence_turn_ids": [turn_id],
            "evidence_quote": rule,
        }
        report = self.memory.apply_delta({"long_term_operations": [rule_op, *notes]})
        return None, {gone for ok in report.accepted for gone in ok.evicted}

    def record(self, data: st.DataObject) -> Change:
        intent = data.draw(st.sampled_from(["general_chat", "code_explain"]))
        paths = data.draw(
            st.lists(_text | st.sampled_from(["../../etc/passwd", "~/x"]), max_size=12)
        )
        self.memory.record_turn(
            intent,
            data.draw(_hostile_text),
            data.draw(_hostile_text),
            scope_paths=paths,
            project_level=data.draw(st.booleans()),
        )
        return NOTHING

    def delta(self, data: st.DataObject) -> Change:
        ids = _known_ids(self.memory.document())
        report = self.memory.apply_delta(_draw_delta(data, ids))
        # A delta may archive an item (it stays in the file), and may evict one only
        # when its report names it.
        return None, {gone for ok in report.accepted for gone in ok.evicted}

    def reply(self, data: st.DataObject) -> Change:
        ids = _known_ids(self.memory.document())
        report = self.memory.apply_delta(_draw_reply(data, ids))
        return None, {gone for ok in report.accepted for gone in ok.evicted}

    def forget(self, data: st.DataObject) -> Change:
        target = data.draw(st.sampled_from(_known_ids(self.memory.document())) | _text)
        with suppress(ItemNotFoundError):  # a documented error: an unknown id
            self.memory.forget(target)
        return {target}, set()

    def context(self, data: st.DataObject) -> Change:
        intent = data.draw(st.sampled_from(["general_chat", "code_explain", "code_audit"]))
        self.memory.context(intent, data.draw(_hostile_text)).render()
        return NOTHING

    def reset(self, data: st.DataObject) -> Change:
        self.memory.reset()
        return ANYTHING

    def plant(self, data: st.DataObject) -> Change:
        planted = _draw_file(data, self.bytes_now())
        self.path.parent.mkdir(exist_ok=True)
        self.path.write_bytes(planted)
        self.planted = planted
        self.allowance = max(self.allowance, len(planted))
        self.caps_broken = True
        self.memory.record_turn("general_chat", "after a hostile file: " + data.draw(_text))
        return ANYTHING


STEPS: list[Callable[[Run, st.DataObject], Change]] = [
    Run.seed,
    Run.record,
    Run.record,
    Run.delta,
    Run.delta,
    Run.reply,
    Run.forget,
    Run.context,
    Run.reset,
    Run.plant,
    Run.plant,
]


def _check_file(run: Run) -> MemoryDocument:
    data = run.bytes_now()
    if not data:
        return MemoryDocument()
    doc, problem = parse_document(data)
    assert problem is None, problem
    MemoryDocument.model_validate_json(data)  # strictly our shape
    assert len(data) <= run.allowance
    if not run.caps_broken:
        assert check_invariants(doc) == []
    return doc


def _check_items(before: MemoryDocument, after: MemoryDocument, change: Change) -> None:
    may_archive, may_delete = change
    active = {i.id for i in before.long_term_memory.items() if i.is_active}
    now = {i.id: i for i in after.long_term_memory.items()}
    if may_delete is not None:
        for item_id in active - may_delete:
            assert item_id in now, f"{item_id} was lost"
    if may_archive is not None and may_delete is not None:
        for item_id in active - may_archive - may_delete:
            assert now[item_id].is_active, f"{item_id} was archived"


def _check_planted(run: Run) -> None:
    if run.planted is None:
        return
    _, found = parse_document(run.planted)
    if found is not None:  # set aside or salvaged: kept byte for byte
        backups = [p.read_bytes() for p in run.path.parent.glob("memory.*.json")]
        assert run.planted in backups


@settings(
    max_examples=60,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_hostile_deltas_and_files_through_the_public_api(data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as folder:
        repo = Path(folder) / "repo"
        (repo / ".git").mkdir(parents=True)
        run = Run(repo)
        try:
            for index in range(data.draw(st.integers(2, 10))):
                step = Run.seed if index == 0 else data.draw(st.sampled_from(STEPS))
                run.planted = None
                before = run.memory.document()
                change = step(run, data)
                after = _check_file(run)
                _check_items(before, after, change)
                _check_planted(run)
        finally:
            run.memory.close()
