"""Program-made ids: their formats, their counters."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from autopatch_memory.ids import highest_ids, new_memory_id, new_topic_id, new_turn_id

_WHEN = st.datetimes(
    min_value=datetime(1970, 1, 1),
    max_value=datetime(9999, 12, 31),
    timezones=st.just(timezone.utc),
)


@given(_WHEN)
def test_ids_spell_the_local_date_and_time(now: datetime) -> None:
    assert new_turn_id(now, []) == now.strftime("turn_%Y%m%d_%H%M%S_001")
    assert new_topic_id(now, []) == now.strftime("topic_%Y%m%d_001")
    assert new_memory_id(now, []) == now.strftime("mem_%Y%m%d_001")


def test_the_counter_follows_the_highest_of_the_same_prefix() -> None:
    now = datetime(2026, 3, 4, 5, 6, 7, tzinfo=timezone(timedelta(hours=8)))
    existing = ["mem_20260304_002", "mem_20260304_017", "mem_20260303_099", "mem_20260304_x9"]
    assert new_memory_id(now, existing) == "mem_20260304_018"
    assert new_turn_id(now, ["turn_20260304_050607_041"]) == "turn_20260304_050607_042"


_HELD = st.lists(
    st.builds(
        "{}_{}_{}".format,
        st.sampled_from(["mem", "topic", "xmem"]),
        st.sampled_from(["20260304", "20260303"]),
        st.one_of(
            st.integers(0, 2000).map(str),
            st.integers(0, 99).map("{:04d}".format),
            st.sampled_from(["x9", "", "1a", "²"]),
        ),
    ),
    max_size=40,
)


@given(_HELD)
def test_a_new_id_counts_past_the_highest_of_the_held_ones_alone(held: list[str]) -> None:
    # A transaction keeps only the highest of the day's held ids (hundreds of them).
    now = datetime(2026, 3, 4, 5, 6, 7)
    kept = highest_ids(held)
    assert kept <= set(held) and len(kept) <= 6
    assert new_memory_id(now, kept) == new_memory_id(now, held)
    assert new_topic_id(now, kept) == new_topic_id(now, held)
    assert new_topic_id(now, ["topic_20260304_²"]) == "topic_20260304_001"


@given(_WHEN, st.lists(st.integers(min_value=1, max_value=99_998), max_size=3))
def test_every_id_is_one_redaction_returns_as_it_is(now: datetime, used: list[int]) -> None:
    # privacy skips redacting the ids this program makes; each shape must be one it knows.
    from autopatch_memory.privacy.engine import _PROGRAM_ID_RE

    for make, prefix in (
        (new_turn_id, now.strftime("turn_%Y%m%d_%H%M%S_")),
        (new_topic_id, now.strftime("topic_%Y%m%d_")),
        (new_memory_id, now.strftime("mem_%Y%m%d_")),
    ):
        made = make(now, [f"{prefix}{n:03d}" for n in used])
        assert _PROGRAM_ID_RE.fullmatch(made), made


@given(
    st.from_regex(
        r"(?:turn_[0-9]{8}_[0-9]{6}|topic_[0-9]{8}|mem_[0-9]{8})_[0-9]{3,6}", fullmatch=True
    )
)
def test_no_rule_matches_a_program_id(made: str) -> None:
    # What redact returns at once for an id is what every rule would leave it as.
    from autopatch_memory import limits
    from autopatch_memory.privacy.engine import _redact_once

    text = made
    for _ in range(limits.REDACTION_MAX_PASSES):
        text = _redact_once(text)
    assert text == made
