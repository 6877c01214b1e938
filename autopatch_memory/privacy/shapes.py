"""Secrets recognised by their own shape, wherever they stand: ``<private>`` blocks, PEM
and bare private keys, JWTs, vendor tokens (a fixed prefix and a body), webhook URLs
and bare AWS secret keys.

No keyword is needed, so these rules run first. The vendor table is written so the
regex engine can skip to the tokens' first characters (``autopatch_memory.patterns``);
``tests/privacy/test_token_shapes.py`` checks it matches what the plain spelling does.
"""

from __future__ import annotations

import re

from autopatch_memory.patterns import literal_first, one_of
from autopatch_memory.privacy.markers import SecretKind, marker
from autopatch_memory.privacy.replacing import _Replacer, _whole
from autopatch_memory.privacy.spelling import _compile, _gate
from autopatch_memory.privacy.values import _FILLER_RUN_RE

_BLOCK_RULES: tuple[tuple[re.Pattern[str], _Replacer], ...] = (
    (
        _compile(r"<private>.*?(?:</private>|\Z)", re.S | re.I),
        _whole(SecretKind.PRIVATE_BLOCK),
    ),
    (
        _compile(
            r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"
            # key material follows (after blanks, escaped line breaks or a header such
            # as "Proc-Type: 4,ENCRYPTED"), not a question about the header
            r"(?=(?:[ \t\r\n\"',]{1,8}|\\[nr]|[\w\-]{1,30}:[^\n]{0,200}\n){0,8}[A-Za-z0-9+/=]{16})"
            r".*?"
            r"(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|\Z)",
            re.S,
        ),
        _whole(SecretKind.PRIVATE_KEY),
    ),
    (
        _compile(r"(?<![\w.\-])eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}"),
        _whole(SecretKind.JWT),
    ),
    # A private key's body without its PEM lines, as SDKs take it (Alipay, WeChat Pay):
    # base64 of DER that opens with version 0 (PKCS#8 "MII…IBADAN", PKCS#1 "MII…IBAAK",
    # EC "MHcCAQEE"/"MIG…AgEA"). A public key opens differently ("MIIBIjAN…").
    (
        _compile(
            r"(?<![A-Za-z0-9+/])(?:MII[A-Za-z0-9+/]{3}IBA(?:DAN|AK)|MHcCAQEE|MIG[A-Za-z0-9+/]AgEA)"
            r"(?:[A-Za-z0-9+/]|\\n|\r?\n[ \t]{0,16}){40,8192}={0,2}"
        ),
        _whole(SecretKind.PRIVATE_KEY),
    ),
)


_VENDOR_TOKENS: tuple[tuple[str, SecretKind, str], ...] = (
    (
        "openai",
        SecretKind.API_KEY,
        r"sk-(?:ant-(?:api|admin)\d\d-|proj-|svcacct-|admin-|or-v1-)?[\w-]{20,}",
    ),
    ("github", SecretKind.GITHUB_TOKEN, r"gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,}"),
    ("gitlab", SecretKind.GITLAB_TOKEN, r"gl(?:pat|ptt|dt|rt|soat|cbt|ffct|imt|oas)-[\w-]{20,}"),
    ("slack", SecretKind.SLACK_TOKEN, r"xox[abprse]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,}"),
    (
        "aws",
        SecretKind.AWS_ACCESS_KEY,
        r"(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA|AIPA|ANPA|ANVA|APKA)[A-Z0-9]{16}(?![A-Za-z0-9])",
    ),
    ("google", SecretKind.GOOGLE_API_KEY, r"AIza[\w-]{30,}|GOCSPX-[\w-]{20,}|ya29\.[\w.-]{20,}"),
    (
        "stripe",
        SecretKind.STRIPE_KEY,
        r"(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,}|whsec_[0-9A-Za-z]{20,}",
    ),
    ("npm", SecretKind.NPM_TOKEN, r"npm_[A-Za-z0-9]{30,}"),
    ("sendgrid", SecretKind.VENDOR_TOKEN, r"SG\.[\w-]{16,32}\.[\w-]{16,64}"),
    ("huggingface", SecretKind.VENDOR_TOKEN, r"hf_[A-Za-z0-9]{30,}|api_org_[A-Za-z0-9]{30,}"),
    ("twilio", SecretKind.VENDOR_TOKEN, r"SK[0-9a-fA-F]{32}(?![0-9A-Za-z])"),
    ("mailgun", SecretKind.VENDOR_TOKEN, r"key-[0-9a-zA-Z]{32}(?![0-9A-Za-z])"),
    ("alibaba", SecretKind.CLOUD_ACCESS_KEY, r"LTAI[A-Za-z0-9]{12,24}(?![A-Za-z0-9])"),
    ("tencent", SecretKind.CLOUD_ACCESS_KEY, r"AKID[A-Za-z0-9]{32,40}(?![A-Za-z0-9])"),
    ("volcengine", SecretKind.CLOUD_ACCESS_KEY, r"AKLT[\w-]{20,}"),
    ("qianfan", SecretKind.API_KEY, r"bce-v3/ALTAK-[\w/-]{20,}"),
    ("pypi", SecretKind.VENDOR_TOKEN, r"pypi-AgEIcHlwaS5vcmc[\w-]{50,}"),
    ("shopify", SecretKind.VENDOR_TOKEN, r"shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}"),
    ("digitalocean", SecretKind.VENDOR_TOKEN, r"do[opr]_v1_[a-f0-9]{64}"),
    ("atlassian", SecretKind.VENDOR_TOKEN, r"ATATT3[\w=-]{50,}"),
    ("databricks", SecretKind.VENDOR_TOKEN, r"dapi[a-f0-9]{32}(?:-\d)?"),
    ("grafana", SecretKind.VENDOR_TOKEN, r"gl(?:sa|c)_[\w=+/-]{32,}"),
    ("newrelic", SecretKind.VENDOR_TOKEN, r"NRAK-[A-Z0-9]{27}"),
    ("docker", SecretKind.VENDOR_TOKEN, r"dckr_pat_[\w-]{20,}"),
    ("vault", SecretKind.VENDOR_TOKEN, r"hv[sb]\.[\w-]{24,}"),
    ("postman", SecretKind.VENDOR_TOKEN, r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}"),
    ("sonarqube", SecretKind.VENDOR_TOKEN, r"sq[upa]_[a-f0-9]{40}(?![a-f0-9])"),
    (
        "artifactory",
        SecretKind.VENDOR_TOKEN,
        r"AKCp[A-Za-z0-9]{60,}|cmVmdGtuOjAxOj[A-Za-z0-9+/=]{40,}",
    ),
    ("notion", SecretKind.VENDOR_TOKEN, r"ntn_[A-Za-z0-9]{40,}|secret_[A-Za-z0-9]{43}(?!\w)"),
    ("square", SecretKind.VENDOR_TOKEN, r"sq0(?:atp|csp)-[\w-]{22,}"),
    ("nuget", SecretKind.VENDOR_TOKEN, r"oy2[a-z0-9]{43}(?![a-z0-9])"),
    ("sentry", SecretKind.VENDOR_TOKEN, r"sntry[su]_[\w+/=\-]{40,}"),
)
# Tokens that start with a character class rather than a literal prefix: each a rule
# of its own, run only when the text holds its needle.
_CLASS_PREFIXED_TOKENS: tuple[tuple[str, SecretKind, str], ...] = (
    ("mailchimp", SecretKind.VENDOR_TOKEN, r"[0-9a-f]{32}-us\d{1,2}(?![0-9A-Za-z])"),
    ("zhipu", SecretKind.API_KEY, r"[0-9a-f]{32}\.[A-Za-z0-9]{16}(?![A-Za-z0-9])"),
    ("azure_ad", SecretKind.VENDOR_TOKEN, r"[\w-]{3}\dQ~[\w.~-]{31,40}"),
    ("telegram", SecretKind.VENDOR_TOKEN, r"\d{8,10}:AA[\w-]{33}(?![\w-])"),
)
_CLASS_PREFIXED_NEEDLES = {"mailchimp": "-us", "zhipu": ".", "azure_ad": "q~", "telegram": ":aa"}
_VENDOR_KIND = {name: kind for name, kind, _ in (*_VENDOR_TOKENS, *_CLASS_PREFIXED_TOKENS)}


def _vendor_alternatives() -> tuple[str, dict[str, str]]:
    """The alternation of every vendor token, and the vendor of each of its groups.

    Each token is written as alternatives that start with a literal character
    (:func:`~autopatch_memory.patterns.literal_first`), grouped by that character
    (:func:`~autopatch_memory.patterns.one_of`). A token may follow a '-' or a '.'
    ("svc-ghp_…"), not a letter or digit ("ask-…" is no "sk-"): that look-behind
    comes right after the first character. The engine then skips to the first
    characters in C instead of trying the pattern at every position (three to five
    times faster on prose), and matches the same: within a character the order of
    the alternatives is kept.
    """
    alternatives: list[str] = []
    vendor_of: dict[str, str] = {}
    for name, _, body in _VENDOR_TOKENS:
        for i, alternative in enumerate(literal_first(body)):
            group = f"{name}__{i}"
            vendor_of[group] = name
            alternatives.append(f"{alternative[0]}(?P<{group}>{alternative[1:]})")
    return one_of(alternatives, after_first=r"(?<![A-Za-z0-9_].)"), vendor_of


# Each body is either bounded or runs to its end and succeeds, so a failed attempt
# costs a bounded scan.
_VENDOR_PATTERN, _VENDOR_OF_GROUP = _vendor_alternatives()
_VENDOR_RE = _compile(_VENDOR_PATTERN)
_LEADING_RUN_RE = re.compile(r"(\[[^\]]+\]|\\[dw])\{(\d+)(?:,(\d+))?\}")


def _class_first(body: str) -> str:
    """``body``, which starts with a run of one class (``[0-9a-f]{32}``), where no
    word character or '-' precedes it (a Bot API path's "/bot" may): the class first,
    then the look-behind, then the rest of the run. Starting with a class, the pattern
    is searched for that class in C instead of being tried at every position."""
    run = _LEADING_RUN_RE.match(body)
    if run is None:
        raise ValueError(f"no leading run: {body!r}")
    one, low, high = run.group(1), int(run.group(2)), run.group(3)
    rest = f"{{{low - 1}}}" if high is None else f"{{{low - 1},{int(high) - 1}}}"
    # …or the "/bot" of a Bot API path (api.telegram.org/bot<token>/sendMessage)
    return one + r"(?:(?<![\w\-].)|(?<=/bot.))" + one + rest + body[run.end() :]


_CLASS_PREFIXED_RULES = tuple(
    (_compile(f"(?P<{name}>{_class_first(body)})"), _CLASS_PREFIXED_NEEDLES[name])
    for name, _, body in _CLASS_PREFIXED_TOKENS
)


def _vendor(m: re.Match[str]) -> str:
    assert m.lastgroup is not None
    if _FILLER_RUN_RE.search(m.group(0)):
        return m.group(0)
    return marker(_VENDOR_KIND[_VENDOR_OF_GROUP.get(m.lastgroup, m.lastgroup)])


_WEBHOOK_RE = _compile(
    r"(?:hooks\.slack\.com/(?:services|workflows|triggers)/"
    r"|discord(?:app)?\.com/api/webhooks/"
    r"|qyapi\.weixin\.qq\.com/cgi-bin/webhook/send\?key="
    r"|open\.(?:feishu\.cn|larksuite\.com)/open-apis/bot/v2/hook/"
    r"|webhook\.office\.com/webhookb2/|outlook\.office\.com/webhook/"
    r"|oapi\.dingtalk\.com/robot/send\?access_token=)"
    r"(?P<value>[\w@/-]{8,})"
)


_AWS_SECRET_ASSIGNMENT_RE = _compile(
    _gate("AaSs_.\\-")
    + r"(?i:aws)?[_\-.]?(?i:secret)[_\-.]?(?i:access)?[_\-.]?(?i:key)[\"']?[ \t]{0,4}[:=][ \t]{0,4}"
    r"[\"']?(?P<value>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])"
)
_BARE_AWS_SECRET_RE = _compile(r"(?<![A-Za-z0-9/+=.\-_])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=.\-_])")
_LOWER_WORD_RE = _compile(r"^[a-z]{2,}$")


def _bare_aws_secret(m: re.Match[str]) -> str:
    """40 base64 characters with '/' or '+' and mixed case and digits — unless they
    are a path (``src/main/java/com/acme/…``): path segments are words."""
    text = m.group(0)
    if not ("/" in text or "+" in text):
        return text
    if not (
        any(c.islower() for c in text)
        and any(c.isupper() for c in text)
        and any(c.isdigit() for c in text)
    ):
        return text
    segments = text.split("/")
    words = sum(1 for s in segments if _LOWER_WORD_RE.match(s))
    if words >= 2 or (text.count("/") >= 3 and "+" not in text):
        return text
    return marker(SecretKind.AWS_SECRET_KEY)
