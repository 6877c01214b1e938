"""Property: no delta, however built, can break the memory file's guarantees."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_applier import (
    ARCHIVED_NOTE,
    BUILD_NOTE,
    EN_RULE_TURN,
    OPTIONAL_TOPIC,
    OPTIONAL_TURN,
    PREF,
    REVIEW_NOTE,
    REVIEW_TURN,
    ZH_RULE_TURN,
    base_document,
)

from autopatch_memory import limits
from autopatch_memory.delta import delta_from_object, parse_delta
from autopatch_memory.model import LongTermType, MemoryDocument, check_invariants
from autopatch_memory.store import MemoryStore, Transaction
from autopatch_memory.summarizer import apply_in_store

# Part of the reliability suite: deselected by default, run with -m reliability.
pytestmark = pytest.mark.reliability

KNOWN_IDS = [
    OPTIONAL_TURN,
    ZH_RULE_TURN,
    REVIEW_TURN,
    EN_RULE_TURN,
    OPTIONAL_TOPIC,
    PREF,
    REVIEW_NOTE,
    ARCHIVED_NOTE,
    BUILD_NOTE,
]

# Secrets whose redacted form is longer than the text: lengths near every cap.
secrets_near_caps = st.builds(
    lambda n, unit: (unit * 100)[:n],
    st.integers(min_value=40, max_value=310),
    st.sampled_from(["pwd=a ", "token=x ", "db pwd=ab "]),
)
texts = st.one_of(
    st.text(max_size=80),
    st.text(alphabet=st.characters(min_codepoint=0xD7F0, max_codepoint=0xE010), max_size=20),
    secrets_near_caps,
    st.text(alphabet="模块用户偏好中文回答配置缓存队列补丁的以后总是", min_size=1, max_size=320),
    st.sampled_from(
        [
            "用户偏好中文、直接的回答。",
            "The project is built with Maven and targets Java 17.",
            "public class A { void f() { g(); } }",
            "at com.acme.Foo.bar(Foo.java:1)",
            "password=hunter2 and ghp_abcdefghijklmnopqrstuvwxyz0123456789",
            "x" * 301,
            "",
            "   ",
        ]
    ),
)
ids = st.one_of(st.sampled_from(KNOWN_IDS), st.text(max_size=30), st.integers(), st.none())
id_lists = st.one_of(st.lists(ids, max_size=4), ids)
any_value = st.one_of(
    texts, st.integers(), st.none(), st.booleans(), st.lists(st.integers(), max_size=2)
)

turn_summary_ops = st.one_of(
    st.fixed_dictionaries({"turn_id": ids, "summary": texts}),
    any_value,
)
topic_ops = st.one_of(
    st.fixed_dictionaries(
        {
            "operation": st.sampled_from(
                ["create_new", "update_existing", "delete", "archive", None]
            ),
            "target_id": ids,
            "label": texts,
            "summary": texts,
            "related_turn_ids": id_lists,
        }
    ),
    any_value,
)
long_term_ops = st.one_of(
    st.fixed_dictionaries(
        {
            "operation": st.sampled_from(["create_new", "update_existing", "delete", "archive"]),
            "type": st.sampled_from(["durable_preference", "project_note", "secret", None]),
            "target_id": ids,
            "label": texts,
            "summary": texts,
            "source": st.sampled_from(["user_explicit", "conversation_summary", "model", None]),
            "evidence_turn_ids": id_lists,
        }
    ),
    any_value,
)
deltas = st.fixed_dictionaries(
    {},
    optional={
        "turn_summaries": st.one_of(st.lists(turn_summary_ops, max_size=6), any_value),
        "topic_operations": st.one_of(st.lists(topic_ops, max_size=8), any_value),
        "long_term_operations": st.one_of(st.lists(long_term_ops, max_size=12), any_value),
        "repo_profile": st.just({"build_tool": "gradle", "java_version": "8"}),
    },
)


def _seed(store: MemoryStore, doc: MemoryDocument) -> None:
    def put(txn: Transaction) -> None:
        txn.doc = doc

    store.update(put, actor="test")


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.lists(deltas, min_size=1, max_size=6), st.booleans())
def test_no_delta_breaks_the_file(sequence: list[dict[str, Any]], as_text: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = MemoryStore(Path(tmp))
        _seed(store, base_document())
        profile = store.read().repo_profile
        for delta in sequence:
            before = store.read()
            active_before = {i.id: i.type for i in before.long_term_memory.items() if i.is_active}
            payload: Any = json.dumps(delta, ensure_ascii=False) if as_text else delta
            parsed, bad = parse_delta(payload) if as_text else delta_from_object(payload)
            report = apply_in_store(store, parsed, actor="test", bad_sections=bad)
            raw = store.path.read_bytes()
            assert len(raw) <= limits.HARD_LIMIT_BYTES
            after = MemoryDocument.model_validate_json(raw)  # the file is valid
            assert check_invariants(after) == []
            assert after.repo_profile == profile
            active_after = {i.id for i in after.long_term_memory.items() if i.is_active}
            evicted = {e for ok in report.accepted for e in ok.evicted}
            for lost in set(active_before) - active_after:
                assert lost in evicted  # only the specified eviction removes an active item
                assert active_before[lost] is LongTermType.PROJECT_NOTE  # never a preference
            text = raw.decode("utf-8")  # never a lone surrogate on disk
            assert "hunter2" not in text
