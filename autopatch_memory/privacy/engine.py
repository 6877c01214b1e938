"""The redaction engine: the registry of every rule in the order it runs, the keyword
index that skips rules whose keywords are not in a text, the passes of :func:`redact`,
its clip hint, the fast path for the program's own ids, and ``explain`` (which rules
fired).

The one rule that decodes base64 lives here too: it runs the rules again on what it
decodes.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, Protocol, cast, overload

from autopatch_memory import limits
from autopatch_memory.lang import Pattern, Registry, lazy_compile
from autopatch_memory.privacy import (
    accounts,
    announced,
    assembled,
    assignments,
    codes,
    command_lines,
    config_files,
    credential_files,
    en_sentences,
    follow_ups,
    headers_urls,
    joined,
    kubernetes,
    logs,
    nearby,
    shapes,
    source_code,
    stated,
    tables,
    value_first,
    vendors,
    zh_sentences,
)
from autopatch_memory.privacy.markers import MARKER_PREFIX, MARKER_RE, SecretKind, marker
from autopatch_memory.privacy.repeats import redact_repeats
from autopatch_memory.privacy.rule import RedactionRule, fold_for_matching
from autopatch_memory.privacy.spelling import compile_bounded

# Base64 that decodes to a credential: a Basic/docker/npm "user:password" pair, a PEM
# private key (a Kubernetes tls.key), a config holding a password (.dockerconfigjson).
_ENCODED_RE = compile_bounded(
    r"(?<![A-Za-z0-9+/=_\-.])[A-Za-z0-9+/]{16,16384}={0,2}(?![A-Za-z0-9+/=_\-.])"
)
# user:password; a Harbor robot account is named "robot$name"
_DECODED_PAIR_RE = lazy_compile(r"^[\w.@+%$\-]{1,128}:[^\s]{1,256}$")


def _encoded(m: re.Match[str]) -> str:
    encoded = m.group(0)
    if len(encoded) % 4 or encoded.startswith(MARKER_PREFIX):
        return encoded
    try:
        decoded = base64.b64decode(encoded, validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return encoded  # not base64 of text: an identifier, a hash, binary data
    if not decoded.isprintable() and not all(c.isprintable() or c in "\r\n\t" for c in decoded):
        return encoded
    if "PRIVATE KEY-----" in decoded or _DECODED_PAIR_RE.match(decoded.strip()):
        return marker(SecretKind.ENCODED)
    if _redact_once(decoded, _PLAIN_RULES) != decoded:
        return marker(SecretKind.ENCODED)
    return encoded


ENCODED_CREDENTIAL = RedactionRule(
    id="encoded-credential",
    description="Base64 that decodes to a credential: a user:password pair, a PEM private key, "
    "a configuration the other rules find a secret in",
    examples_match=(
        "docker auth: b3BzOlMzY3JldCFwdzk=",  # ops:S3cret!pw9
        "tls.key: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVB",
    ),
    examples_no_match=(
        "aGVsbG8gd29ybGQgZnJvbSBiYXNlNjQ=",
        "sha1: 2fd4e1c67a2d28fced849ee1bb76e7391b93eb12",
    ),
    pattern=_ENCODED_RE,
    replace=_encoded,
)


def _judge_joined(text: str) -> str:
    """One pass of the rules but the joined one over ``text`` (a line with the pieces
    of a split secret joined again)."""
    return _redact_once(text, _JUDGE_RULES)


JOINED_SECRET = joined.joined_rule(_judge_joined)

# Order matters: whole structures (blocks, PEM, JWT) first, then the token shapes,
# URLs and structured forms, and the generic ``key = value`` and sentence rules last,
# so each later rule sees earlier secrets as markers (which it leaves alone).
_PLAIN_ORDER: tuple[RedactionRule, ...] = (
    shapes.PRIVATE_BLOCK,
    shapes.PEM_PRIVATE_KEY,
    shapes.PUTTY_PRIVATE_KEY,
    JOINED_SECRET,  # before the token shapes: they see the pieces of a token joined
    shapes.JWT,
    shapes.PRIVATE_KEY_BODY,
    tables.MARKDOWN_TABLE,
    tables.DELIMITED_TABLE,
    tables.HOST_ACCOUNT_ROW,
    codes.RECOVERY_CODES,
    codes.TOTP_SETUP_KEY,
    codes.SEED_PHRASE,
    codes.MAIL_AUTH_CODE,
    *vendors.TOKEN_RULES,
    shapes.WEBHOOK_URL,
    shapes.AWS_SECRET_KEY_ASSIGNMENT,
    shapes.BARE_AWS_SECRET_KEY,
    headers_urls.AUTHORIZATION_HEADER,
    headers_urls.BEARER_VALUE,
    headers_urls.CREDENTIAL_HEADER,
    headers_urls.SESSION_COOKIE,
    headers_urls.COOKIE_IN_CODE,
    headers_urls.COOKIE_FILE_LINE,
    headers_urls.COOKIE_TABLE_ROW,
    headers_urls.COOKIE_MAP,
    headers_urls.COOKIE_OBJECT,
    headers_urls.SESSION_ID,
    headers_urls.GO_DSN_PASSWORD,
    headers_urls.ORACLE_JDBC_PASSWORD,
    headers_urls.SENTRY_DSN,
    headers_urls.URL_PASSWORD,
    headers_urls.BARE_USERINFO_PASSWORD,
    config_files.XML_SECRET_ELEMENT,
    config_files.MAVEN_MASTER_PASSWORD,
    config_files.XML_NAME_VALUE_ATTRIBUTES,
    config_files.JSON_KEY_VALUE_PAIR,
    config_files.TOKENS_BLOCK,
    config_files.GOSSIP_KEY,
    config_files.ACTUATOR_PROPERTY_VALUE,
    config_files.XML_KEYED_ELEMENT,
    config_files.XML_NAME_VALUE_ELEMENTS,
    credential_files.SERVICE_ACCOUNT_KEY_ID,
    credential_files.ACCESS_KEY_ID,
    credential_files.KUBECONFIG_CLIENT_KEY,
    kubernetes.SECRET_MANIFEST_DATA,
    kubernetes.SECRET_MANIFEST_JSON_DATA,
    kubernetes.FROM_LITERAL,
    kubernetes.PRINTED_SECRET,
    kubernetes.ECHO_TO_BASE64,
    logs.MYBATIS_PARAMETERS,
    source_code.CREDENTIAL_SETTER_CALL,
    source_code.CREDENTIAL_CONSTRUCTOR_CALL,
    source_code.KEY_MATERIAL_CALL,
    source_code.CLIENT_SETUP_CALL,
    source_code.CHAR_ARRAY_LITERAL,
    source_code.BYTE_ARRAY_KEY,
    source_code.FORMAT_ARGUMENT_SECRET,
    source_code.AUTH_TUPLE,
    source_code.CONVERTED_LITERAL,
    source_code.BASE64_PAIR_LITERAL,
    source_code.SECRET_MAP_LITERAL,
    *command_lines.TOOL_OPTION_RULES,
    command_lines.OPTION_USER_PASSWORD,
    command_lines.USER_THEN_P_OPTION,
    command_lines.SED_SECRET_REPLACEMENT,
    command_lines.TOKEN_SUBCOMMAND,
    command_lines.OBJECT_STORAGE_KEY_ID,
    command_lines.KEY_ID_AS_USER,
    command_lines.GLUED_PASSWORD_OPTION,
    config_files.NETRC,
    config_files.PASSWORD_LINE,
    command_lines.CONFIG_SET_SECRET,
    command_lines.PROMPT_ANSWER,
    command_lines.TYPED_AT_THE_PROMPT,
    assignments.KUBERNETES_ENV_VALUE,
    assignments.SECRET_ID_VALUE,
    assignments.YAML_BLOCK_SECRET,
    assignments.YAML_SECRET_MAP,
    credential_files.PRINTED_KEY_FILE,
    source_code.JDBC_ARGUMENTS,
    config_files.TOML_TRIPLE_QUOTED,
    config_files.QUOTED_ENV_ASSIGNMENT,
    config_files.ENV_LINE,
    config_files.PROPERTIES_LINE,
    config_files.CONNECTION_STRING_PASSWORD,
    config_files.PGPASS_LINE,
    config_files.PGBOUNCER_USERLIST,
    config_files.WIFI_QR_PASSWORD,
    config_files.IPSEC_SECRET,
    config_files.ENCODED_IN_PROSE,
    config_files.PGPASS_INLINE,
    accounts.USER_SLASH_PASSWORD,
    accounts.ACCOUNT_SLASH_PASSWORD,
    accounts.CODE_SPAN_PAIR,
    source_code.SECRET_AFTER_KEY_ID,  # (no keywords: it looks for a marker put in above)
    command_lines.STDIN_PASSWORD,
    command_lines.HERE_STRING_PASSWORD,
    source_code.SQL_PASSWORD,
    command_lines.REDIS_AUTH,
    command_lines.POWERSHELL_SECURE_STRING,
    accounts.LOGIN_WITH_PASSWORD,
    assignments.YAML_PASSWORD_LINE,
    config_files.PROPERTIES_LINE_VALUE,
    assignments.SECRET_ASSIGNMENT,
    assignments.COLUMN_LISTED_SECRET,
    accounts.USER_THEN_PASSWORD,
    zh_sentences.ZH_STATED_PASSWORD,
    zh_sentences.ARROW_VALUE,
    zh_sentences.ASCII_KEYWORD_IN_ZH,
    en_sentences.EN_STATED_SECRET,
    en_sentences.USE_AS_PASSWORD,
    value_first.VALUE_FIRST_ZH,
    value_first.VALUE_FIRST_EN,
    value_first.VALUE_THEN_ITS_NAME,
    value_first.VALUE_THEN_WHAT_IT_IS,
    # After the sentence rules: they continue a sentence those redacted.
    follow_ups.NEXT_SECRET,
    follow_ups.SECRET_AFTER_COMMA,
    follow_ups.LISTED_SECRET,
    follow_ups.VALUE_OF_NAMED_SECRET,
    follow_ups.RESPECTIVELY,
    follow_ups.ANSWERED_QUESTION,
    announced.ANNOUNCED_SECRET,
    follow_ups.CONCATENATED_SECRET_PART,
    follow_ups.WRAPPED_SECRET,
    follow_ups.SECRET_IN_PARTS,
    assembled.ASSEMBLED_SECRET,
    assembled.HELD_SECRET_PART,
    source_code.SQL_INSERT_PASSWORD,
    source_code.SQL_SETTING_ROW,
    config_files.ERLANG_COOKIE_FILE,
    stated.BRACKETED_SECRET,
    stated.BRACKETED_STATEMENT,
    accounts.USER_PASSWORD_PAIR,
    # Last: a value by its shape alone, where no rule above read the text around it.
    nearby.SECRET_SHAPED_NEAR_KEYWORD,
    nearby.PASSWORD_HANDED_OVER,
)

RULES: Registry[RedactionRule] = Registry("privacy", (*_PLAIN_ORDER, ENCODED_CREDENTIAL))
"""Every redaction rule, in the order :func:`redact` runs them (docs/privacy.md, the catalogue)."""


def _trie_pattern(words: Iterable[str]) -> str:
    """A pattern that matches, where one of ``words`` (non-empty) starts, the longest of
    them that starts there: the words as a trie (one path per position, taken greedily),
    so the regex engine follows one branch instead of trying every word."""
    trie: dict[str, dict[str, Any]] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}  # a word ends here

    def emit(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + emit(node[char]) for char in sorted(node) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(trie)


@dataclass(frozen=True)
class _Initial:
    """The keywords that start with one character and are all ASCII, or all not: whether
    the character alone is one, and a pattern for the longer ones (:func:`_trie_pattern`)."""

    ascii_only: bool
    single: bool
    longer: Pattern | None


class RuleSet:
    """Rules in the order they run, indexed by keyword: a pass runs the rules without
    keywords and those with a keyword in the text.

    The keywords in a text are found with one pattern per first character present in it
    (rules share many keywords, and a common one such as ``n`` or ``是`` is in most
    texts: a substring search per keyword was most of the cost of a short string). Each
    pattern is searched again from each place it matched, one character on, so every
    place a keyword starts is visited, and each match (the longest keyword starting
    there) stands for every keyword it contains; so the keywords found are exactly those
    in the text."""

    def __init__(self, rules: Iterable[RedactionRule]) -> None:
        self.rules = tuple(rules)
        self.always = frozenset(i for i, rule in enumerate(self.rules) if not rule.keywords)
        by_needle: dict[str, set[int]] = {}
        for i, rule in enumerate(self.rules):
            for needle in rule.keywords:
                by_needle.setdefault(needle, set()).add(i)
        # Each with whether it is ASCII (see matching).
        self.by_needle: dict[str, tuple[str, bool, frozenset[int]]] = {
            needle: (needle, needle.isascii(), frozenset(found))
            for needle, found in by_needle.items()
        }
        # Every keyword in a keyword (itself too), filled as keywords are met (a quadratic
        # table built whole would cost a command's start-up ~10 ms for a few lookups).
        self._within: dict[str, frozenset[str]] = {}
        self.initials: dict[str, list[_Initial]] = {}
        for ascii_only in (True, False):
            starting: dict[str, list[str]] = {}
            for needle in by_needle:
                if needle.isascii() == ascii_only:
                    starting.setdefault(needle[0], []).append(needle)
            for first, needles in starting.items():
                tails = [needle[1:] for needle in needles if len(needle) > 1]
                longer = (
                    lazy_compile(re.escape(first) + "(?:" + _trie_pattern(tails) + ")")
                    if tails
                    else None
                )
                self.initials.setdefault(first, []).append(
                    _Initial(ascii_only, first in needles, longer)
                )
        # The initials that are not ASCII, found in one scan (a set of every character of
        # a text costs more: each CJK character is a new string).
        others = sorted(first for first in self.initials if not first.isascii())
        self._other_initials = lazy_compile(
            "[" + "".join(re.escape(first) for first in others) + "]" if others else "(?!)"
        )

    def _keywords_within(self, keyword: str) -> frozenset[str]:
        """Every keyword in ``keyword``, itself too: all are in a text that holds it."""
        found = self._within.get(keyword)
        if found is None:
            found = frozenset(other for other in self.by_needle if other in keyword)
            self._within[keyword] = found  # a race computes the same set twice
        return found

    def _present(self, narrow: str, lowered: str) -> set[str]:
        """The keywords in the text: ASCII ones looked for in ``narrow``, the others in
        ``lowered`` (see matching)."""
        present: set[str] = set()
        firsts = self.initials.keys() & set(narrow)
        if narrow is not lowered:
            firsts.update(self._other_initials.findall(lowered))
        for first in firsts:
            for initial in self.initials[first]:
                if initial.single:
                    present.add(first)
                if initial.longer is None:
                    continue
                text = narrow if initial.ascii_only else lowered
                match = initial.longer.search(text)
                while match is not None:
                    present |= self._keywords_within(match.group())
                    match = initial.longer.search(text, match.start() + 1)
        return present

    def matching(
        self, lowered: str, found: list[str] | None = None, among: Iterable[str] | None = None
    ) -> list[RedactionRule]:
        """The rules a pass over a text (``lowered``: lower case) must run, in order.

        ``found``: the keywords in the text are added to it. ``among``: keywords known to
        include every keyword of the text; only those are looked up.
        """
        # Most keywords are ASCII: in a text that mixes in other scripts they are looked
        # up in its ASCII characters alone (a shorter, narrower string, searched faster).
        # Dropping characters can join two pieces into a keyword that is not in the
        # text, which runs a rule for nothing; it never hides one.
        narrow = lowered if lowered.isascii() else lowered.encode("ascii", "ignore").decode()
        chosen = set(self.always)
        if among is None:
            present: Iterable[str] = self._present(narrow, lowered)
        else:
            present = [
                needle
                for needle in among
                if needle in self.by_needle
                and needle in (narrow if self.by_needle[needle][1] else lowered)
            ]
        for needle in present:
            chosen |= self.by_needle[needle][2]
            if found is not None:
                found.append(needle)
        rules = (self.rules[i] for i in sorted(chosen))
        return [
            r
            for r in rules
            if not r.also or any(n in (narrow if n.isascii() else lowered) for n in r.also)
        ]


# Every rule but the one that decodes base64 (used on what it decodes).
_PLAIN_RULES = RuleSet(_PLAIN_ORDER)
_JUDGE_RULES = RuleSet(rule for rule in _PLAIN_ORDER if rule is not JOINED_SECRET)
_ALL_RULES = RuleSet(RULES)


_SURROGATE = compile_bounded("[\ud800-\udfff]")


def scrub(text: str) -> str:
    """Replace lone surrogates (undecodable bytes that reached a ``str``, e.g. from
    ``argv`` or a ``\\ud800`` escape) with U+FFFD, so the text can be written as UTF-8."""
    if _SURROGATE.search(text) is None:
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _redact_once(
    text: str,
    rules: RuleSet | None = None,
    *,
    found: list[str] | None = None,
    among: Iterable[str] | None = None,
    removed: list[tuple[str, str]] | None = None,
    fired: list[str] | None = None,
) -> str:
    """One pass of the rules over ``text``. ``removed``: what each replacement took out,
    with its marker, is added to it (see :mod:`.repeats`); ``fired``: the id of each rule
    that replaced something."""
    # Rules read the folded view of the text (full-width forms as ASCII), of the same
    # length; it is folded anew after a rule changed the text.
    folded = fold_for_matching(text)
    # Keywords are looked up in the text the pass starts from, markers left out: a
    # marker (added before or on the way) holds no secret for a rule to find, and the
    # rules that look for a marker have no keywords, so skipping is safe.
    lowered = (MARKER_RE.sub(" ", folded) if MARKER_PREFIX in folded else folded).lower()
    for rule in (rules or _ALL_RULES).matching(lowered, found, among):
        redacted = rule.apply(text, folded, removed)
        if redacted is not text:
            text = redacted
            folded = fold_for_matching(text)
            if fired is not None:
                fired.append(rule.id)
    return text


def redact_pass(
    text: str,
    rules: RuleSet | None = None,
    *,
    found: list[str] | None = None,
    among: Iterable[str] | None = None,
    fired: list[str] | None = None,
) -> str:
    """One pass of :func:`redact`: the rules, then the other occurrences of every value
    they removed (:mod:`.repeats`)."""
    removed: list[tuple[str, str]] = []
    redacted = _redact_once(text, rules, found=found, among=among, removed=removed, fired=fired)
    return redact_repeats(redacted, removed) if removed else redacted


# Recent results of redact, each with the needles it holds. The size policy clips a
# stored text (``text[:n].rstrip() + "…"``), and the clip is redacted again on the
# next write: a needle of the clip is a needle of the text it was cut from, so only
# those are looked up. Not when the cut splits a marker: half a marker is plain text.
_RECENT: deque[tuple[str, tuple[str, ...]]] = deque(maxlen=limits.REDACTION_RECENT_RESULTS)


def needles_of_source(text: str) -> tuple[str, ...] | None:
    """The needles of the recent result ``text`` was clipped from; ``None`` if unknown."""
    if not text.endswith(limits.CLIP_MARK):
        return None
    head = text[: -len(limits.CLIP_MARK)]
    if head.rfind("[") > head.rfind("]"):
        return None
    for source, needles in reversed(list(_RECENT)):  # a copy: other threads append
        if len(source) > len(head) and source.startswith(head):
            return needles
    return None


# An id this program makes (docs/file-format.md): a new one is redacted at every write
# (its element is new), and no rule can match one, so it is returned as it is.
_PROGRAM_ID_RE = lazy_compile(r"(?:turn_[0-9]{8}_[0-9]{6}|topic_[0-9]{8}|mem_[0-9]{8})_[0-9]{3,6}")


def _redact_uncached(text: str, fired: list[str] | None = None) -> str:
    if not text or _PROGRAM_ID_RE.fullmatch(text):
        return text
    text = scrub(text)
    among = needles_of_source(text) if fired is None else None
    for _ in range(limits.REDACTION_MAX_PASSES):
        found: list[str] = []
        redacted = redact_pass(text, found=found, among=among, fired=fired)
        if redacted == text:
            _RECENT.append((text, tuple(found)))
            break
        text, among = redacted, None  # a changed text: its keywords are looked up anew
    return text


@dataclass(frozen=True)
class Redaction:
    """What ``redact(text, explain=True)`` returns: the redacted text and the ids of the
    rules that replaced something in it, in the order they first did (docs/privacy.md)."""

    text: str
    rule_ids: tuple[str, ...]


def _redact(text: str, *, explain: bool = False) -> str | Redaction:
    """Return ``text`` safe to store: every recognised secret replaced by
    ``[REDACTED:<kind>]`` and undecodable characters by U+FFFD (:func:`scrub`).

    Linear in the length of ``text`` and idempotent: ``redact(redact(t)) == redact(t)``.
    A pass that changed the text is followed by another (a replaced value can expose
    the shape of a secret around it), up to a small fixed number of passes. A value a
    pass redacted is redacted wherever else it occurs in the text (:mod:`.repeats`).

    ``redact(text, explain=True)`` returns a :class:`Redaction`: the same text and the
    ids of the rules that fired (:data:`RULES`).
    """
    if not explain:
        return _redact_uncached(text)
    fired: list[str] = []
    redacted = _redact_uncached(text, fired)
    return Redaction(redacted, tuple(dict.fromkeys(fired)))


class _CacheStats(Protocol):
    """What ``redact.cache_info()`` says (the fields tests and benchmarks read)."""

    @property
    def hits(self) -> int: ...

    @property
    def misses(self) -> int: ...


class _RedactFunction(Protocol):
    """The type of :func:`redact`: memoized (an LRU cache, so the write path re-redacting
    an unchanged document costs a dictionary lookup per string), its own return type
    for each form."""

    __wrapped__: Callable[..., str | Redaction]

    @overload
    def __call__(self, text: str) -> str: ...

    @overload
    def __call__(self, text: str, *, explain: Literal[False]) -> str: ...

    @overload
    def __call__(self, text: str, *, explain: Literal[True]) -> Redaction: ...

    def cache_clear(self) -> None: ...

    def cache_info(self) -> _CacheStats: ...


# The cache is C's: a plain redact(text) of a text seen before is one lookup, as fast as
# before explain existed.
redact = cast(_RedactFunction, lru_cache(maxsize=limits.REDACTION_CACHE_ENTRIES)(_redact))


def contains_secret(text: str) -> bool:
    """True when :func:`redact` would change ``text``."""
    return redact(text) != text
