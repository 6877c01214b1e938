"""The single secret choke point (see docs/privacy.md).

:func:`redact` replaces every secret it recognises with ``[REDACTED:<kind>]``.
The store calls it on every string of the document right before a write and the
journal on every entry, so no other code path can put a secret on disk. It is
idempotent (a redacted text stays as it is) and deliberately conservative about
what it calls a secret: the bare words "key" and "token", Java identifiers such
as ``tokenService``, commit hashes, UUIDs, paths and questions about passwords
are left alone.

Linear time on any input. Python's ``re`` backtracks, so every pattern here
keeps one discipline: a pattern either starts at a literal anchor (``://``,
``-----BEGIN``, a keyword, a vendor prefix guarded by a negative look-behind of
its own body class, so one run of characters gives at most one attempt), or
every quantifier it uses before a required element is bounded. No quantified
group can match the same text two ways. A 256 KiB adversarial text costs a
bounded number of steps per character; ``tests/privacy/test_privacy.py`` checks it.

Every rule is named and carries the examples it must and must not redact
(docs/privacy.md#the-rule-catalogue); ``redact(text, explain=True)`` says which fired.

This module is the public face; the package holds, bottom to top:

* ``markers``: the kinds of secret and the marker that replaces one;
* ``words``: the word lists and character classes the rules judge text by;
* ``spelling``: how a pattern is written (bounded blanks, the gate, value spellings);
* ``documented``: the values vendors publish as documentation examples (no secrets);
* ``values``: judging a candidate value (placeholder, variable, key material…);
* ``surroundings``: bounded looks around a match;
* ``replacing``: the replacers most rules end with;
* ``repeats``: a value once redacted, redacted wherever else it occurs;
* ``rule``: the named redaction rule and how a pass of one runs (on the folded view);
* one module per family of rules, each declaring its named rules: ``vendors`` (the
  catalogue of vendor token formats), ``shapes`` (keys and blocks by their shape),
  ``headers_urls``, ``config_files``, ``credential_files``, ``tables``, ``codes``,
  ``kubernetes`` (a Secret's values), ``logs`` (MyBatis parameters), ``source_code``,
  ``command_lines``, ``assignments`` (``key = value``), ``stated``
  (what the sentence rules share), ``accounts`` (a user and its password),
  ``zh_sentences``, ``en_sentences``, ``value_first``, ``follow_ups`` (a secret that
  continues an earlier one), ``joined`` (a secret in concatenated pieces, judged joined),
  ``assembled`` (a secret assembled from literals kept apart),
  ``announced`` (a secret handed over in a later sentence) and ``nearby`` (a
  secret-shaped value near a keyword);
* ``engine``: the registry of every rule in its order, the keyword index and the
  passes of :func:`redact`;
* ``only_redacted``: whether a redacted text says anything besides its markers.
"""

from autopatch_memory.lazy import attach_stub

# Each name is imported from its module on first use (the names: __init__.pyi beside
# this file): the rule tables take
# longer to import than anything else in the library, and reading memory never redacts.
__getattr__, __dir__, __all__ = attach_stub(__name__, __file__)
