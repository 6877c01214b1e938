"""Secret recall and precision, measured on every split of the corpus
(``tests/data/secrets/*.jsonl``, read by ``corpora.py``).

``bench/secret_redaction.py`` prints the same numbers per split and form. The bars are the
issue's goals, the same for every split: at least 98% of the secrets gone and 97% of the
look-alikes untouched. A sealed split (``sealed*.jsonl``) is scored too, under the
``sealed`` marker, showing aggregate numbers only; it is held to the bars once its first
measurement is published in docs/privacy.md.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from secret_corpora import Split, render, render_totals, score, splits

from autopatch_memory import limits
from autopatch_memory.privacy import MARKER_RE, redact, scrub
from autopatch_memory.privacy.engine import (
    RULES,
    RuleSet,
    needles_of_source,
    redact_pass,
)
from autopatch_memory.privacy.vendors import TokenRule

RECALL_BAR = 0.98
PRECISION_BAR = 0.97
_CJK = re.compile(r"[\u4e00-\u9fff]")
SPLITS = splits()
TUNED = SPLITS[0]
SEALED = splits(sealed=True)
PRIVACY_DOC = Path(__file__).resolve().parents[2] / "docs" / "privacy.md"


def test_the_tuned_split_is_big_varied_and_bilingual() -> None:
    assert TUNED.name == "tuned"
    secrets = [s for case in TUNED.secrets for s in case.secrets]
    assert len(secrets) >= 150
    assert len({case.form for case in TUNED.secrets}) >= 40
    assert len(TUNED.look_alikes) >= 80


def test_every_open_split_of_the_data_folder_is_scored() -> None:
    names = [split.name for split in SPLITS]
    assert names[:6] == ["tuned", "adversarial", "blind_a", "blind_c", "blind_d", "blind_e"]
    assert "shapes" in names
    assert not any(split.sealed for split in SPLITS)


# A blind writer's mix of languages is theirs: probe_r has few texts without Chinese.
_BILINGUAL_SHARE = {"probe_r": 40}


@pytest.mark.parametrize("split", SPLITS, ids=lambda s: s.name)
def test_every_split_is_bilingual(split: Split) -> None:
    share = _BILINGUAL_SHARE.get(split.name, 10)
    for texts in ([c.text for c in split.secrets], [c.text for c in split.look_alikes]):
        chinese = sum(1 for t in texts if _CJK.search(t))
        assert chinese >= len(texts) // share and len(texts) - chinese >= len(texts) // share


@pytest.mark.parametrize("split", SPLITS, ids=lambda s: s.name)
def test_recall_and_precision_meet_the_bar(split: Split) -> None:
    result = score(redact, split.secrets, split.look_alikes)
    table = render(result)
    assert result.recall.rate >= RECALL_BAR, table
    assert result.precision.rate >= PRECISION_BAR, table


def _published_first_measurement(name: str) -> bool:
    """docs/privacy.md's table of numbers per split has a row for ``name`` with a rate."""
    return any(
        line.startswith(f"| `{name}` |") and "%" in line.split("|")[2]
        for line in PRIVACY_DOC.read_text(encoding="utf-8").splitlines()
    )


@pytest.mark.sealed
@pytest.mark.parametrize("split", SEALED, ids=lambda s: s.name)
def test_a_sealed_split_is_reported_then_held_to_the_bar(split: Split) -> None:
    # Only the totals are shown: a sealed split's texts never appear in any output.
    result = score(redact, split.secrets, split.look_alikes)
    totals = render_totals(result)
    if not _published_first_measurement(split.name):
        pytest.skip(f"{split.name} (first measurement not yet published): {totals}")
    ok = result.recall.rate >= RECALL_BAR and result.precision.rate >= PRECISION_BAR
    assert ok, f"{split.name} is below the bar: {totals}"


_URL_ADDRESS_RE = re.compile(r"https?://[\w.\-]+(?:/[A-Za-z\-]+)*/")


def _left_in_part(secret: str, out: str) -> str | None:
    """A piece of ``secret`` (3 characters or more) left right before or after a marker:
    the scorer counts the secret as gone, yet part of it was stored."""
    for marker in MARKER_RE.findall(out):
        for k in range(1, len(secret) - 2):
            head, tail = secret[:k], secret[k:]
            if len(tail.strip()) >= 3 and marker + tail in out:
                return tail
            if len(secret) - k >= 1 and len(head.strip()) >= 3 and head + marker in out:
                return head
    return None


@pytest.mark.parametrize("split", SPLITS, ids=lambda s: s.name)
def test_no_secret_is_left_in_part(split: Split) -> None:
    partial = []
    for case in split.secrets:
        out = redact(case.text)
        for secret in case.secrets:
            # a label that holds its key ("password: nacos") keeps the key by design, and a
            # webhook's URL its address (https://hooks.slack.com/services/[REDACTED:webhook])
            left = None if secret in out or ": " in secret else _left_in_part(secret, out)
            if left is not None and not _URL_ADDRESS_RE.fullmatch(left):
                partial.append((secret, left))
    assert not partial


@pytest.mark.parametrize("split", SPLITS, ids=lambda s: s.name)
def test_redaction_is_idempotent_on_every_split(split: Split) -> None:
    for text in [c.text for c in split.secrets] + [c.text for c in split.look_alikes]:
        once = redact(text)
        assert redact(once) == once, text


def test_the_scorer_counts_misses_and_changes() -> None:
    # A redactor that removes nothing has no recall and full precision; one that
    # removes everything has full recall and no precision: the scorer can fail.
    cases, looks = TUNED.secrets, TUNED.look_alikes
    assert score(lambda t: t, cases, looks).recall.ok == 0
    assert score(lambda t: t, cases, looks).precision.rate == 1.0
    assert score(lambda t: "", cases, looks).recall.rate == 1.0
    assert score(lambda t: "", cases, looks).precision.ok == 0


def _redact_plainly(text: str, rules: RuleSet | None = None) -> str:
    """What redact does, pass by pass, with every needle looked up (and ``rules``)."""
    text = scrub(text)
    for _ in range(limits.REDACTION_MAX_PASSES):
        redacted = redact_pass(text, rules)
        if redacted == text:
            break
        text = redacted
    return text


# The one rule whose keywords say where it applies, not only what its matches hold: an
# ASCII keyword stated in Chinese text ("token 是 X") needs a Chinese connector in the text.
_KEYWORDS_SAY_WHERE = {"ascii-keyword-in-zh"}


def test_keywords_only_skip_passes_that_change_nothing() -> None:
    # Every other rule's keywords (both sets) and the token formats' faster spellings are
    # shortcuts: on every text of every split (and pairs of them joined), redacting with
    # every rule tried on every text and each token format written the plain way (the
    # look-behind first) gives the same output.
    loose = RuleSet(
        dataclasses.replace(
            rule,
            keywords=rule.keywords if rule.id in _KEYWORDS_SAY_WHERE else (),
            also=(),
            **({"pattern": rule.plain_pattern} if isinstance(rule, TokenRule) else {}),
        )
        for rule in RULES
    )
    assert sum(bool(rule.keywords) for rule in loose.rules) == len(_KEYWORDS_SAY_WHERE)

    texts = [c.text for s in SPLITS for c in s.secrets] + [
        a.text for s in SPLITS for a in s.look_alikes
    ]
    texts += [f"{a} {b}" for a, b in zip(texts, reversed(texts), strict=True)]
    for text in texts:
        assert redact(text) == _redact_plainly(text, loose), text


def test_a_clip_of_a_redacted_text_is_redacted_as_without_its_needles() -> None:
    # redact looks up, in a clip of a text it redacted recently, only that text's
    # needles (privacy.engine.needles_of_source). Cut at every few characters, inside
    # markers too, the result is the one every needle's lookup gives.
    from autopatch_memory.text import clip

    hinted = 0
    for case in [c for s in SPLITS for c in s.secrets][::3]:
        source = redact.__wrapped__(case.text)
        for cut in range(4, len(source), 5):
            clipped = clip(source, cut)
            hinted += needles_of_source(clipped) is not None
            assert redact.__wrapped__(clipped) == _redact_plainly(clipped), clipped
    assert hinted > 1000  # the shortcut was taken, not only the plain path


def test_the_needles_of_a_clip_come_from_the_text_it_was_cut_from() -> None:
    from autopatch_memory.text import clip

    source = redact.__wrapped__("部署时 password: Hunter2Secret! 写在 vault 里，token 另存。")
    needles = needles_of_source(clip(source, 12))
    assert needles is not None and "token" in needles  # the source's, looked up whole
    assert needles_of_source(source[:20]) is None  # not a clip
    assert needles_of_source("从没见过的文字，也从没被脱敏过…") is None  # no source
    marker = source.index("[REDACTED:")
    assert needles_of_source(clip(source, marker + 8)) is None  # half a marker
