"""The token tables of ``privacy.shapes`` written the plain way, to check the fast spellings."""

from __future__ import annotations

import re

from autopatch_memory.privacy import SecretKind
from autopatch_memory.privacy.shapes import _CLASS_PREFIXED_TOKENS, _VENDOR_TOKENS


def plain(
    tokens: tuple[tuple[str, SecretKind, str], ...], before: str, unless: str = ""
) -> re.Pattern[str]:
    """One alternation of ``tokens``, each a named group, none preceded by ``before``
    (unless ``unless`` precedes it)."""
    body = "|".join(f"(?P<{name}>{pattern})" for name, _, pattern in tokens)
    after = f"(?:(?<!{before})|(?<={unless}))" if unless else f"(?<!{before})"
    return re.compile(f"{after}(?:{body})")


PLAIN_VENDORS = plain(_VENDOR_TOKENS, "[A-Za-z0-9_]")
# a Bot API path's "/bot" may precede a class-prefixed token (a Telegram bot token)
PLAIN_CLASS_PREFIXED = plain(_CLASS_PREFIXED_TOKENS, r"[\w\-]", unless="/bot")

# One example of every vendor token shape privacy/shapes.py knows (by its internal name).
VENDOR_EXAMPLES = {
    "openai": "sk-proj-4fGh7JkL9mNp2QrS5tUv8WxY1zAb3CdE",
    "github": "gho_abcdefghijklmnopqrstuvwxyz0123456789",
    "gitlab": "glptt-Ab12Cd34Ef56Gh78Ij90Kl",
    "slack": "xapp-1-A0123456789-abcdef0123",
    "aws": "ASIAY34FZKBOKMUTVV7A",
    "google": "ya29.a0AfH6SMBx1234567890abcdefg",
    "stripe": "rk_live_51HqLyjWDarjtT1zdp7dcXYZ",
    "npm": "npm_abcdefghijklmnopqrstuvwxyz0123456789",
    "sendgrid": "SG.Ab1Cd2Ef3Gh4Ij5Kl6Mn7O.Pq8Rs9Tu0Vw1Xy2Za3Bc4De5",
    "huggingface": "api_org_AbCdEfGhIjKlMnOpQrStUvWxYz012345",
    "twilio": "SK0123456789abcdef0123456789abcdef",
    "mailgun": "key-3ax6xnjp29jd6fds4gc373sgvjxteol0",
    "alibaba": "LTAI5tQw8cRZp3Vn7Hx2",
    "tencent": "AKIDz8krbsJ5yKBZQpn74WFkmLPx3gnPhESA",
    "volcengine": "AKLTYzQ4ZjM3ZTk5NjQxNGNkYmE",
    "qianfan": "bce-v3/ALTAK-AbCdEf0123456789xyz/abc",
    "pypi": "pypi-AgEIcHlwaS5vcmcCJDAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMAACKg",
    "shopify": "shpat_0123456789abcdef0123456789abcdef",
    "digitalocean": "dop_v1_" + "0123456789abcdef" * 4,
    "atlassian": "ATATT3xFfGF0" + "Ab1Cd2Ef3Gh4" * 5,
    "databricks": "dapi0123456789abcdef0123456789abcdef",
    "grafana": "glsa_AbCdEfGhIjKlMnOpQrStUvWxYz012345_0a1b2c3d",
    "newrelic": "NRAK-ABCDEFGHIJKLMNOPQRSTUVWXYZ0",
    "docker": "dckr_pat_Ab12Cd34Ef56Gh78Ij90",
    "vault": "hvs.CAESIAbCdEfGhIjKlMnOpQrStUv",
    "postman": "PMAK-0123456789abcdef01234567-0123456789abcdef0123456789abcdef01",
    "sonarqube": "sqp_0123456789abcdef0123456789abcdef01234567",
    "artifactory": "AKCp" + "Ab1Cd2Ef3Gh4" * 6,
    "notion": "ntn_" + "Ab1Cd2Ef3Gh4" * 4,
    "square": "sq0atp-Ab1Cd2Ef3Gh4Ij5Kl6Mn7Op",
    "nuget": "oy2" + "abcdefghijklmnopqrstuvwxyz0123456789abcdefg",
    "mailchimp": "0123456789abcdef0123456789abcdef-us21",
    "zhipu": "0f1e2d3c4b5a69788796a5b4c3d2e1f0.AbCdEfGh12345678",
    "azure_ad": "Qk28Q~u7yT3pL0vN9mR2sW5xZ8aB1cD4eF6gH",
    "telegram": "123456789:AAHk5Jd8sLq2Wm9Xv4Tz7Rp1Nc6Bg3Yf0Ue",
    "sentry": "sntrys_" + "eyJpYXQiOjE3MDAwMDAwMDB9" + "Ab1Cd2Ef3Gh4" * 3,
}
