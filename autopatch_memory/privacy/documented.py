"""Values a vendor publishes in its own documentation as examples: printed in every
tutorial, quick start and test suite, they grant nothing, so a text that quotes one holds
no secret (docs/privacy.md#what-is-not-a-secret).

Three kinds: the keys AWS names by a suffix (``…EXAMPLE``, ``…EXAMPLEKEY``); the token
jwt.io shows, known by its claims (subject ``1234567890``, name ``John Doe``), whatever
signature an edit of it carries; and the exact values other vendors print (Stripe's test
keys, Slack's example tokens and signing secret, Mailgun's sample key, the Azure Storage
emulator's account key, GitHub's webhook secret). A value of a vendor's format that is
not one of these is judged like any other.
"""

from __future__ import annotations

import base64
import binascii
import json

# AWS: "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY".
_EXAMPLE_ENDINGS = ("EXAMPLE", "EXAMPLEKEY")

# The exact values vendors print in their documentation, each with where it is printed.
PUBLISHED_EXAMPLES: frozenset[str] = frozenset(
    {
        # Stripe's API reference and quick starts: the sample test keys in every example
        "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        "pk_test_TYooMQauvdEDq54NiTphI7jx",
        "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
        "sk_test_26PHem9AhJZvU623DfE1x4sd",
        # Slack: the bot token of the OAuth v2 example response, the user token of the
        # oauth.access example, and the signing secret and verification token of
        # "Verifying requests from Slack"
        "xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy",
        "xoxp-23984754863-2348975623103",
        "8f742231b10e8888abcd99yyyzzz85a5",
        "xyzz0WbapA4vBCDEFasx0q6G",
        # Mailgun's sample API key (samples.mailgun.org)
        "key-3ax6xnjp29jd6fds4gc373sgvjxteol0",
        # The Azure Storage emulator's (Azurite's) well-known account key, devstoreaccount1
        "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
        # GitHub's "Validating webhook deliveries" example secret
        "It's a Secret to Everybody",
    }
)
# jwt.io's example token carries these claims, whichever algorithm and signature it shows.
_JWT_IO_CLAIMS = {"sub": "1234567890", "name": "John Doe"}
_JWT_PAYLOAD_MAX_CHARS = 1024  # the example's payload is short; a long one is no example


def documented_example(value: str) -> bool:
    """``value`` is a vendor's published documentation example: AWS's ``…EXAMPLE`` keys,
    jwt.io's token, or one of :data:`PUBLISHED_EXAMPLES`; or a JWT's header alone
    (``eyJhbGciOiJIUzI1NiJ9`` is ``{"alg":"HS256"}``: what every token starts with)."""
    return (
        value.endswith(_EXAMPLE_ENDINGS)
        or value in PUBLISHED_EXAMPLES
        or (value.startswith("eyJ") and (_jwt_io_example(value) or _jwt_header_alone(value)))
    )


_JWT_HEADER_FIELDS = frozenset({"alg", "typ", "kid", "cty"})


def _jwt_header_alone(value: str) -> bool:
    """``value`` is one base64url segment that decodes to a JWT header (its algorithm,
    type, key id): no claims, no signature."""
    if "." in value or len(value) > _JWT_PAYLOAD_MAX_CHARS:
        return False
    try:
        header = json.loads(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
    except (binascii.Error, ValueError):
        return False
    return isinstance(header, dict) and bool(header) and set(header) <= _JWT_HEADER_FIELDS


def _jwt_io_example(token: str) -> bool:
    """The token's payload holds jwt.io's example claims (sub 1234567890, John Doe)."""
    parts = token.split(".")
    if len(parts) != 3 or not parts[1].startswith("eyJ") or len(parts[1]) > _JWT_PAYLOAD_MAX_CHARS:
        return False
    payload = parts[1] + "=" * (-len(parts[1]) % 4)
    try:
        claims = json.loads(base64.urlsafe_b64decode(payload))
    except (binascii.Error, ValueError):
        return False
    return isinstance(claims, dict) and all(claims.get(k) == v for k, v in _JWT_IO_CLAIMS.items())
