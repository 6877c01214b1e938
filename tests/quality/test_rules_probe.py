"""The offline reader's rules, one user message at a time (docs/quality.md#the-offline-reader).

``tests/data/rules/probe_s.jsonl`` (240 messages: 100 standing rules for the assistant as
people type them, 140 that carry the same words and are no rule — questions, someone
else's words, hypotheticals, this once, the user's own habits and plans, denials, facts
about the project, tasks for now, complaints and jokes, pasted text, a rule holding a
credential) was written by a helper who never read the reader. Each message is one turn
of a fresh memory, read by the heuristic backend and applied by the real applier.

Its first measurement was 86.8 % precision (79/91), 79.0 % recall, 12 false rules; their
classes (a task whose standing word tells what the change brings, a joke that asks
nothing, a person calling out in a group chat, a document quoted after "里写的是：", the
user's own plan, a denial said at a distance, a log line or a checklist item in the
sentence) became rules or widened the deny-list. The bars keep what the rules do; the
first numbers are the honest ones. ``probe_v.jsonl`` (another writer, a silkworm-cocoon
co-op platform, written after those classes) first measured 68.8 % (77/112), 77.0 % recall,
35 false rules — the classes had not generalised; its own (said to a colleague, the user's
own plans and promises, a task for now, a remark on what the assistant does, a commit line
or an SQL comment pasted, a group chat quoted, the end of a quotation) became rules: 93.9 %
(77/82), recall unchanged. Then a mention kept with what follows it in dictated text, a tag
question and a whether-or-not in mid-sentence: 97.5 % and 96.2 %, recall unchanged.
``probe_w.jsonl`` (a third writer, a water utility) first measured 78.7 % (85/108), 85.0 %
recall, 23 false rules; its classes (a task for now named by what it makes, a team document
to draft, background given first, a remark on the assistant said as "每次问你…你都…", a verb
of saying or an announced paste before the words, the user's own decision or lesson, a
name set off by a dash) became rules: 100 % (85/85), recall unchanged.
``probe_x.jsonl`` (a fourth writer, a ski resort) first measured 75.4 % (89/118), 89.0 %
recall, 29 false rules; its classes — a standing word in the reason given for a one-off
("这个回答短一点，信号总是断"), the spec of a task asked beside it ("季卡过期以后必须禁止过闸，
帮我加这个校验"), thanks and praise (thanks are no request), an either-or question, a name
called before the rule, the user's own routine, waiting for an event, a document to edit, a
line of a file quoted — became rules: 98.0 % (98/100), recall 98.0 % (its misses were
vetoes firing on a contraction's apostrophe, on `System.out.println` named in prose, on a
pronoun whose thing the sentence names first: fixed too).
``probe_y.jsonl`` (a fifth writer, a metro operator, written after those classes) first
measured 83.8 % (93/111), 93.0 % recall, 18 false rules — the best first contact yet, still
short of none; its classes (the spec of a task asked in the next sentence or beside it, a
requirement labelled "需求：", an eye-roll or "干脆…得了" marking sarcasm, "每次都能…" praise,
"every time I ask… you…", "I don't want you to always…", "我以后争取…", a document named
before "改得正式一点", "draft 一份 checklist：", "就这个类" as this once) became rules: 100 %
(99/99), recall 99.0 %. ``probe_z.jsonl`` (a sixth writer, a hospital pharmacy, written after
those) first measured 80.3 % (94/117), 94.0 % recall, 23 false rules; its classes (role-play
set up for the assistant, a standing word in a because-clause, a sigh with nothing asked, the
project's history "以前…现在…", a fact cited to a spec or said "在 Java 里", a paste running on
below its announcement, a task on the code in the next sentence, 帮我查一下 beside a
requirement, "等以后…再说", "later this sprint… not now", "不用以后都这样", "this isn't something
to do every time", a name then 你, a standing word describing the thing named) became rules:
99.0 % (97/98), recall 97.0 %.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from one_message import cases as probe_cases
from one_message import outcomes as probe_outcomes

from autopatch_memory.model import LongTermType

RULES = Path(__file__).resolve().parents[1] / "data" / "rules"
# Each probe's false rules allowed (the aim is none: each left is a class not yet read) and
# its recall bar.
BARS = {
    "probe_s": (2, 0.75),
    "probe_v": (3, 0.75),
    "probe_w": (0, 0.82),
    "probe_x": (1, 0.95),
    "probe_y": (0, 0.95),
    "probe_z": (1, 0.95),
}
PROBES = pytest.mark.parametrize("probe", sorted(BARS))


@cache
def _outcomes(probe: str) -> Counter[tuple[str, str]]:
    return probe_outcomes(RULES / f"{probe}.jsonl", LongTermType.DURABLE_PREFERENCE, "rule")


@PROBES
def test_the_probe_is_what_its_readme_says(probe: str) -> None:
    cases = probe_cases(RULES / f"{probe}.jsonl")
    assert Counter(c["expected"] for c in cases) == {"rule": 100, "none": 140}
    assert {c["lang"] for c in cases} == {"en", "zh", "mixed"}


@PROBES
def test_a_message_that_is_no_rule_rarely_becomes_one(probe: str) -> None:
    assert _outcomes(probe)[("none", "rule")] <= BARS[probe][0], _outcomes(probe)


@PROBES
def test_most_explicit_rules_are_stored(probe: str) -> None:
    outcomes = _outcomes(probe)
    assert outcomes[("rule", "rule")] / 100 >= BARS[probe][1], outcomes
