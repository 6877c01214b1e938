"""Values that say they are none, names of objects, and SQL quote runs: what a review of
the round's last redaction rules found (each row went the wrong way in their first
version)."""

from __future__ import annotations

import time

import pytest

from autopatch_memory.privacy import redact

KEPT = (
    "jwt.secret=dummy-signing-key-for-unit-tests-only-not-a-real-secret",
    "couldn't find key DB_PASSWORD in Secret payments/payments-core-secrets",
)
REDACTED = (
    # a word that declares a dummy, beside a credential's digits and symbols
    ("password=Fake_Pa55w0rd!2024", "Fake_Pa55w0rd!2024"),
    ("DB_PASSWORD=dummy-Xk9$2mQ!vT", "dummy-Xk9$2mQ!vT"),
    ("export API_TOKEN=dummy_9f8e7d6c5b4a39281706f5e4d3c2b1a0", "9f8e7d6c5b4a3928"),
    # a namespace/name shape stated as a password, not as a Secret's name
    ("the password is correct-horse/battery-staple", "correct-horse/battery-staple"),
    ("the password for the db is prod/s3cret-pass.42", "prod/s3cret-pass.42"),
)


@pytest.mark.parametrize("text", KEPT)
def test_a_value_that_says_it_is_none_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(("text", "secret"), REDACTED)
def test_a_credential_beside_such_words_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


def test_a_run_of_quotes_in_an_sql_insert_is_read_in_linear_time() -> None:
    # A run of quotes could be split between literals in exponentially many ways.
    text = "INSERT INTO u (name, password) VALUES (" + "'" * 200 + " x\n"
    started = time.perf_counter()
    redact(text)
    assert time.perf_counter() - started < 1.0
