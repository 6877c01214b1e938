"""The public names of autopatch_memory.privacy, written once (see autopatch_memory/lazy.py)."""

from autopatch_memory.privacy.engine import (
    RULES as RULES,
    Redaction as Redaction,
    contains_secret as contains_secret,
    redact as redact,
    scrub as scrub,
)
from autopatch_memory.privacy.markers import (
    MARKER_PREFIX as MARKER_PREFIX,
    MARKER_RE as MARKER_RE,
    SecretKind as SecretKind,
    marker as marker,
)
from autopatch_memory.privacy.only_redacted import (
    is_only_redacted as is_only_redacted,
    titled_for_a_secret as titled_for_a_secret,
)
from autopatch_memory.privacy.words import (
    NOT_SECRET_VALUES as NOT_SECRET_VALUES,
    NOT_SECRET_WORDS as NOT_SECRET_WORDS,
)
