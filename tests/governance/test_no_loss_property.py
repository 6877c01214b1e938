"""Nothing the user said is ever lost (docs/design.md#nothing-is-lost), as a property.

A state machine drives one real memory (real files, the real store, the heuristic
backend and model deltas through the real applier) with random sequences of remember,
edit, import, apply, forget, restore, reset, undo and record_turn — with texts that share
most of their words ("Never recommend Guava." / "Never recommend Joda-Time."), and turns
long enough to push the file to its size limit. After every step, every text memory ever
accepted is still retrievable: active, archived in the file, in the cold archive, or in a
reset backup. Two accepted texts that differ once folded are therefore never merged: both
stay retrievable. A loss anywhere — an overwrite, an eviction that drops, a trim, an undo
— fails it.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import tempfile
import unicodedata
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from autopatch_memory import (
    ChangeRejectedError,
    ItemNotFoundError,
    MemoryDocument,
    ProjectMemory,
    StoreError,
)
from autopatch_memory.store import parse_document

LIBRARIES = ["Guava", "Joda-Time", "fastjson", "Gson", "Lombok", "PowerMock", "Mockito spies"]
SERVICES = ["billing", "shipping", "order", "review"]
RULES = st.one_of(
    st.builds("Never recommend {}.".format, st.sampled_from(LIBRARIES)),
    st.builds("以后别用 {}".format, st.sampled_from(LIBRARIES)),
    st.builds("Always answer in {}.".format, st.sampled_from(["Chinese", "English"])),
    st.builds(
        "Use {} instead of {}.".format, st.sampled_from(LIBRARIES), st.sampled_from(LIBRARIES)
    ),
    st.builds("以后回答都用{}，先给结论".format, st.sampled_from(["中文", "英文"])),
    # Texts that differ only in a value: never one text (C++ / C, 1.8 / 18, -1 / 1).
    st.builds("Always write the JNI glue in {}.".format, st.sampled_from(["C++", "C", "C#"])),
    st.builds("以后 JDK 统一用 {}".format, st.sampled_from(["1.8", "18", "-1", "1"])),
    # a range or a list of values between digits: 3~5 is not 35
    st.builds(
        "以后接口超时都设成 {} 秒".format, st.sampled_from(["3~5", "35", "3～5", "1–3", "13"])
    ),
    # Labels the offline reader clips alike: two rules, never one.
    st.builds(
        "From now on, never recommend any library from the Apache Commons family for "
        "string handling in the {} module.".format,
        st.sampled_from(SERVICES),
    ),
)
NOTES = st.one_of(
    st.builds(
        "The {} service uses Postgres {}.".format,
        st.sampled_from(SERVICES),
        st.sampled_from(["14", "16", "1.4", "-14"]),
    ),
    st.builds("{}-api owns the queue.".format, st.sampled_from(SERVICES)),
)
QUESTIONS = st.sampled_from(
    ["How does the review module work?", "Optional 怎么用？", "why does the build fail?"]
)


def _pick(data: st.DataObject, choices: list[Any]) -> Any:
    """One of ``choices`` by a drawn index: the draw does not depend on what the list
    holds, so a replay draws the same whatever a background run changed."""
    return choices[data.draw(st.integers(min_value=0, max_value=10_000)) % len(choices)]


class _Clock:
    """One second per call: ids and times stay distinct and ordered."""

    def __init__(self) -> None:
        self.now = datetime(2026, 6, 1, 9, 0, tzinfo=timezone(timedelta(hours=8)))

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def _as_typed(text: str) -> str:
    """A text as the test tells texts apart: width, case, spacing and the mark that ends
    it set aside, nothing else — stricter than the program's own equality
    (``fold_identity``), so that a text the program wrongly takes for one it holds ("3~5
    秒" for "35 秒") is missed here. (A summary may end a user's sentence without its
    period: the same text.)"""
    words = " ".join(unicodedata.normalize("NFKC", text).casefold().split())
    return words.rstrip(" .。!?")


def _texts_of(doc: MemoryDocument) -> set[str]:
    return {_as_typed(i.summary) for i in doc.long_term_memory.items()}


class NoLoss(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="noloss-"))
        self.memory = ProjectMemory.open(
            self.root, backend="heuristic", clock=_Clock(), collect_profile=False
        )
        self.accepted: set[str] = set()

    def teardown(self) -> None:
        self.memory.close(wait=False)
        shutil.rmtree(self.root, ignore_errors=True)

    # -- what the memory holds, and what can be found again ------------------------------

    def _doc(self) -> MemoryDocument:
        return self.memory.document()

    def _retrievable(self) -> set[str]:
        found = _texts_of(self._doc())
        found |= {_as_typed(e.item.summary) for e in self.memory.store.cold_archive.entries()}
        for backup in self.memory.paths.folder.glob("memory.reset*.json"):
            doc, _problem = parse_document(backup.read_bytes())
            found |= _texts_of(doc)
        return found

    def _ids(self, *, active: bool | None) -> list[str]:
        items = self._doc().long_term_memory.items()
        return [i.id for i in items if active is None or i.is_active is active]

    # -- the user's own changes ----------------------------------------------------------

    def _taken(self, text: str, change: Any) -> None:
        # What the user typed and the program took (created, or said to be held already:
        # a duplicate) must be found again as typed, not only a text "like" it.
        if change is not None:
            self.accepted.add(_as_typed(text))

    @rule(text=RULES)
    def remember_rule(self, text: str) -> None:
        self._taken(text, self._quietly(lambda: self.memory.remember(text)))

    @rule(text=NOTES)
    def remember_note(self, text: str) -> None:
        self._taken(text, self._quietly(lambda: self.memory.remember(text, kind="note")))

    @precondition(lambda self: bool(self._ids(active=True)))
    @rule(data=st.data(), text=st.one_of(RULES, NOTES))
    def edit(self, data: st.DataObject, text: str) -> None:
        item_id = _pick(data, self._ids(active=True))
        self._taken(text, self._quietly(lambda: self.memory.edit(item_id, text)))

    @precondition(lambda self: bool(self._ids(active=True)))
    @rule(data=st.data())
    def forget(self, data: st.DataObject) -> None:
        item_id = _pick(data, self._ids(active=True))
        self._quietly(lambda: self.memory.forget(item_id))

    @rule(data=st.data())
    def restore(self, data: st.DataObject) -> None:
        archived = self._ids(active=False)
        archived += [e.item.id for e in self.memory.store.cold_archive.entries()]
        if archived:
            item_id = _pick(data, archived)
            self._quietly(lambda: self.memory.restore(item_id))

    @rule(texts=st.lists(st.one_of(RULES, NOTES), min_size=1, max_size=4), markdown=st.booleans())
    def import_items(self, texts: list[str], markdown: bool) -> None:
        if markdown:
            body = "\n".join(f"- {t}" for t in texts)
            self._quietly(lambda: self.memory.import_items(f"# notes\n\n{body}\n", take_as="rule"))
        else:
            export = json.loads(self.memory.export("json"))
            export["durable_preferences"] = [
                *export["durable_preferences"],
                *({"label": t[:40], "summary": t, "status": "active"} for t in texts),
            ]
            self._quietly(lambda: self.memory.import_items(json.dumps(export)))

    @rule(count=st.integers(min_value=1, max_value=3))
    def undo(self, count: int) -> None:
        self._quietly(lambda: self.memory.undo(count))

    @rule()
    def reset(self) -> None:
        self._quietly(self.memory.reset)

    # -- turns and summaries ---------------------------------------------------------------

    @rule(text=st.one_of(RULES, NOTES, QUESTIONS), long=st.booleans(), summarize=st.booleans())
    def record_turn(self, text: str, long: bool, summarize: bool) -> None:
        answer = ("A long answer about the build. " * 60) if long else "ok"
        question = f"{text} {'背景说明很长。' * 120}" if long else text
        self.memory.record_turn("general_chat", question, answer)
        # A summary the turn triggered runs in the background: let it finish, so each
        # step leaves one state (hypothesis replays a failing sequence step by step).
        assert self.memory.wait_idle(60)
        if summarize:
            self._quietly(self.memory.summarize_now)

    @precondition(lambda self: bool(self._doc().working_memory.recent_turns))
    @rule(data=st.data(), text=st.one_of(RULES, NOTES))
    def model_delta(self, data: st.DataObject, text: str) -> None:
        turns = self._doc().working_memory.recent_turns
        turn = _pick(data, turns)
        quote = turn.user_text[:200]
        kind = data.draw(st.sampled_from(["create", "update", "supersede", "archive"]))
        active = self._ids(active=True)
        op: dict[str, Any] = {
            "operation": "create_new",
            "type": "durable_preference",
            "label": text[:50],
            "summary": text,
            "evidence_turn_ids": [turn.id],
            "evidence_quote": quote,
        }
        if kind == "update" and active:
            op = {
                **op,
                "operation": "update_existing",
                "target_id": _pick(data, active),
            }
            op.pop("type")
        elif kind == "supersede" and active:
            op["supersedes"] = [_pick(data, active)]
        elif kind == "archive" and active:
            op = {
                "operation": "archive_existing",
                "target_id": _pick(data, active),
                "evidence_turn_ids": [turn.id],
                "evidence_quote": quote,
            }
        self.memory.apply_delta({"long_term_operations": [op]}, actor="summarizer:test")

    # -- the property ------------------------------------------------------------------------

    @invariant()
    def nothing_is_lost(self) -> None:
        self.accepted |= _texts_of(self._doc())
        missing = self.accepted - self._retrievable()
        assert not missing, f"lost: {sorted(missing)}"

    @staticmethod
    def _quietly(change: Any) -> Any:
        # A refusal changes nothing (None); the invariant checks that too.
        with contextlib.suppress(ChangeRejectedError, ItemNotFoundError, StoreError):
            return change()
        return None


NoLoss.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_nothing_the_user_said_is_ever_lost = NoLoss.TestCase


class LongerNoLoss(NoLoss):
    """The same, longer and more often (``-m reliability``)."""


LongerNoLoss.TestCase.settings = settings(
    max_examples=200,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_nothing_is_lost_over_long_runs = pytest.mark.reliability(LongerNoLoss.TestCase)
