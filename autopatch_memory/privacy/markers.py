"""What a redaction leaves in a text: the kinds of secret and their markers.

``[REDACTED:<kind>]`` is the one trace a removed secret leaves. Other modules read
markers (a rule leaves a marker alone, the directive grammar and the summaries skip
them), so the kinds and the marker spelling live apart from the rules that put them in.
"""

from __future__ import annotations

import re
from enum import Enum

from autopatch_memory import limits


class SecretKind(str, Enum):
    """What a redaction marker says was removed."""

    PRIVATE_BLOCK = "private"
    PRIVATE_KEY = "private_key"
    JWT = "jwt"
    API_KEY = "api_key"
    GITHUB_TOKEN = "github_token"
    GITLAB_TOKEN = "gitlab_token"
    SLACK_TOKEN = "slack_token"
    AWS_ACCESS_KEY = "aws_access_key"
    AWS_SECRET_KEY = "aws_secret_key"
    GOOGLE_API_KEY = "google_api_key"
    STRIPE_KEY = "stripe_key"
    NPM_TOKEN = "npm_token"
    VENDOR_TOKEN = "vendor_token"  # SendGrid, Hugging Face, Twilio, Mailgun, …
    CLOUD_ACCESS_KEY = "cloud_access_key"  # Alibaba Cloud, Tencent Cloud, Volcengine ids
    WEBHOOK = "webhook"  # Slack, Discord, WeCom, Feishu, Teams webhook URLs
    BEARER = "bearer"
    URL_CREDENTIALS = "url_credentials"
    JDBC_PASSWORD = "jdbc_password"
    ASSIGNMENT = "secret_value"
    PASSWORD = "password"
    ENCODED = "encoded_secret"  # base64 of a credential, a key or a config holding one
    ONE_TIME_CODE = "one_time_code"  # 2FA recovery/backup codes, a TOTP setup key
    SEED_PHRASE = "seed_phrase"  # a BIP-39 wallet mnemonic


def marker(kind: SecretKind) -> str:
    """The text that replaces a secret of ``kind``."""
    return f"[REDACTED:{kind.value}]"


MARKER_PREFIX = "[REDACTED:"
# Public (``privacy.MARKER_RE``): a compiled pattern, as it always was.
MARKER_RE = re.compile(rf"\[REDACTED:[a-z_]{{1,{limits.REDACTION_MARKER_KIND_MAX_CHARS}}}\]")
"""Matches any redaction marker."""
