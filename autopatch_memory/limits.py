"""Every cap, length and byte budget of the memory, in one place.

Nothing else in the package writes one of these numbers as a literal: change a
limit here and every writer, checker, test and the docs follow.
"""

from __future__ import annotations

KIB = 1024

# --- the memory file (docs/design.md#the-memory-file) ------------------------
FORMAT_VERSION = 1

MAX_RECENT_TURNS = 12  # one natural CLI conversation
MAX_ACTIVE_TOPICS = 8  # a few parallel concerns, not a topic warehouse
MAX_LONG_TERM_ITEMS = 50  # preferences + notes together, reviewable by a human
MAX_SCOPE_PATHS = 10
MAX_SCOPE_PATH_CHARS = 240
MAX_RELATED_TURN_IDS = 20
MAX_EVIDENCE_TURN_IDS = 20

MAX_USER_TEXT_CHARS = 1000  # keep the question, not a pasted log
MAX_ASSISTANT_TEXT_CHARS = 2000  # summarizer input only, never injected
# This many lines of "key: value" or "key=value" in a row are pasted configuration, not
# the user's words (prose.user_prose drops them).
CONFIG_BLOCK_MIN_LINES = 3
# …each at most this long (a longer line is no "key: value" of a configuration file).
CONFIG_LINE_MAX_CHARS = 240
MAX_LABEL_CHARS = 60
MAX_SUMMARY_CHARS = 300

CLIP_MARK = "…"

# --- size policy (docs/design.md#size-policy) ---------------------------------
SOFT_LIMIT_BYTES = 24 * KIB  # passing it trims working memory and triggers compaction
HARD_LIMIT_BYTES = 32 * KIB  # the file never exceeds it
LONG_TERM_BUDGET_BYTES = 20 * KIB  # long-term items alone never pass this
KEEP_READY_TURNS_WHEN_TRIMMING = 4
# When pending answers must shrink, they are first clipped to this length.
TRIMMED_ASSISTANT_TEXT_CHARS = 300

# --- memoization (hot paths stay cheap on a 32 KiB file) ---------------------------
REDACTION_CACHE_ENTRIES = 8192  # texts already redacted, so the write choke point stays cheap
REDACTION_RECENT_RESULTS = 32  # recent redactions whose needles a clip of them reuses
SIGNAL_CACHE_ENTRIES = 4096  # texts already checked for a long-term signal
TOKEN_CACHE_ENTRIES = 16384  # texts already tokenized for relevance
ITEM_TOKEN_CACHE_ENTRIES = 4096  # memory items' tokens (label + summary)
SIMILARITY_FEATURE_CACHE_ENTRIES = 4096  # near-duplicate features per text
BM25_CORPUS_CACHE_ENTRIES = 64  # BM25 statistics per set of items
ELEMENT_SIZE_CACHE_ENTRIES = 4096  # serialized sizes of items (the long-term byte budget)

# --- privacy (docs/design.md#privacy) ---------------------------------------------
# Recorded text is cut to this many times its limit before redaction scans it, so a
# pasted 10 MB log costs no more than a long question (the final clip is far inside).
PRE_REDACTION_CLIP_FACTOR = 4

# --- secret detection (the privacy package, see docs/privacy.md) ------------------------
# What counts as a stated secret. A value in a sentence ("the password
# is X", "密码 X") must have at least this many characters; with an explicit Chinese
# connector ("密码是 abc") a little less. A bare number in a sentence is a count
# ("max token: 1200"), not a PIN, below this many digits.
SECRET_MIN_CHARS_IN_PROSE = 4
SECRET_MIN_CHARS_STATED = 3
SECRET_MIN_DIGITS_IN_PROSE = 6
# Key material after a bare "key" ("the key is …") must look random: at least this long
# (hex: this long), and its runs of lower-case, capitals and digits either this many per
# character or this many runs of digits ("user:session:12345" is a name and a number).
SECRET_MIN_CHARS_RANDOM = 12
SECRET_MIN_HEX_CHARS_RANDOM = 16
SECRET_RANDOM_RUNS_PER_CHAR = 0.35
SECRET_MIN_DIGIT_RUNS_RANDOM = 3
# A string literal handed to a crypto API or as the secret of an SDK's (id, secret) pair
# is key material from this many characters on (shorter ones are names and labels).
SECRET_MIN_CHARS_KEY_LITERAL = 8
# A name (``rawPassword``, ``secret2``) holds fewer digits than this; a value may hold more.
SECRET_MIN_DIGITS_IN_VALUE_NOT_NAME = 2
# "Bearer <letters only>" is a credential only when it is this long ("Bearer authentication").
SECRET_MIN_LETTERS_BEARER = 24
# How far back a key that ends with a secret keyword is read ("spring.datasource.password").
SECRET_MAX_KEY_CHARS = 64
SECRET_MAX_URL_CHARS = 512  # how far back a query parameter's URL is read
# How much of a line around a candidate secret is read to judge it (bounded, so a
# text made of many candidates still costs linear time).
SECRET_CONTEXT_CHARS = 256
# How far back before a comma a secret keyword makes "…，是 X" a stated secret.
SECRET_CLAUSE_CHARS = 96
# "host:8080@…" is a port, not a password, up to this many digits.
URL_PORT_MAX_DIGITS = 5
# Windows read around a match, each bounded by the pattern it looks for there: a user
# name before "/password" (at most 32 characters: one more shows a longer one), "my"/"our"
# and up to three words before an English keyword, an argument's name and its ":"/"="
# before a literal, a qualifier word ("加密", "签名") before a Chinese "key".
SECRET_USER_NAME_WALK_CHARS = 33
SECRET_OWNER_WINDOW_CHARS = 60
SECRET_NAMED_ARGUMENT_CHARS = 48
SECRET_KEY_QUALIFIER_ZH_CHARS = 8
# The kind in a redaction marker "[REDACTED:<kind>]" has at most this many characters.
REDACTION_MARKER_KIND_MAX_CHARS = 32
# A CSV/TSV row with more fields than this is not read as a row of a credentials table.
SECRET_TABLE_MAX_COLUMNS = 32
# Redaction passes at most: one more runs only when the previous one changed the text.
REDACTION_MAX_PASSES = 3
# A match a rule declines is searched again from its value's start (a match may begin inside
# it), unless the value is longer than this: no value that long is read twice.
SECRET_DECLINED_RESCAN_MAX_CHARS = 1024
# A text with a redaction marker and at most this many words of content besides
# filler ("my OpenAI key is [REDACTED]") is only a secret: never a memory item.
ONLY_REDACTED_MAX_CONTENT_UNITS = 2

# A cookie header ("Cookie: a=1; b=2") is read this far for its session cookies.
SECRET_COOKIE_HEADER_CHARS = 4096
# A session id named as such (";jsessionid=…") that is not random-looking is one from
# this length on (a server's ids are 26 to 40 characters; a word joined by "-" is shorter).
SECRET_SESSION_ID_MIN_CHARS = 24

# A vendor token or a value holding a run of one placeholder character ("ghp_xxxx…") this
# long is a placeholder.
SECRET_PLACEHOLDER_FILLER_RUN = 12

# --- secrets said late, repeated or keyed by a row (blind corpus E fixes, docs/privacy.md) --
# An AWS resource name's head ("arn:aws:secretsmanager:…:secret:") is read this far back
# from a key that may be its resource type.
SECRET_ARN_HEAD_CHARS = 128
# A value redacted once is redacted wherever else it occurs in the same text ("-pV" in a
# healthcheck after "PASSWORD: V") when it is at least this long; at most this many
# distinct values per text are looked for (each is one linear scan).
SECRET_REPEAT_MIN_CHARS = 8
SECRET_REPEAT_MAX_VALUES = 16
# "值是 V", "the value is V": a secret keyword at most this far back names what V is.
SECRET_VALUE_WORD_WINDOW_CHARS = 96
# "The password, which they rotated last week, is V": a relative clause of at most this
# many characters between the keyword and its connector.
SECRET_RELATIVE_CLAUSE_CHARS = 60

# A Kubernetes Secret's data: block is read as one when "kind: Secret" (or the command
# that printed or made it) is at most this far from it (privacy/kubernetes.py).
SECRET_KUBERNETES_CONTEXT_CHARS = 2048

# A header line named for a credential is read as one when a request line (or a Host
# header) is at most this far before it in its block of lines (privacy/headers_urls.py).
SECRET_REQUEST_HEAD_CHARS = 2048
# A literal held by a name is a piece of a secret when a statement at most this far after
# it joins the name into a secret's name; at most this many uses of the name are read
# (privacy/assembled.py).
SECRET_ASSEMBLED_WINDOW_CHARS = 1024
SECRET_ASSEMBLED_MAX_USES = 8

# --- secrets by their shape near a keyword (privacy/nearby.py, docs/privacy.md) --------
# After a credential keyword a secret-shaped value is looked for this far on its line, or
# alone on one of this many lines below it ("the token is\n<value>", one blank line too).
SECRET_NEARBY_CHARS = 240
SECRET_NEARBY_LINES = 2
# …and among the first this many words there that could be one (holding a digit and a letter).
SECRET_NEARBY_CANDIDATES = 3
# A value alone on its line at least this long may go on on the next line: a terminal
# wrapped it at its width (an 80-column terminal cuts a 92-character token at 58 after a
# prompt or an indent).
SECRET_WRAPPED_LINE_MIN_CHARS = 40
# Secret-shaped: letters and digits mixed at random from this length and this Shannon
# entropy (bits a character), or a chosen password (letters, digits and a symbol) from
# this length.
SECRET_SHAPED_MIN_CHARS = 16
SECRET_SHAPED_MIN_ENTROPY = 3.5
SECRET_SHAPED_MIN_CHARS_SYMBOL = 8
SECRET_SHAPED_MAX_CHARS = 256
# A run of letters and digits whose vowel chunks read as words is still random, not a
# name, when its digits stand in this many runs ("Ceb4qWlGs98YkUca6…"; a name holds a
# number or two, "Sha256Hex_Encoder2x").
SECRET_MIN_DIGIT_RUNS_NOT_NAME = 3
# A value alone on the line below a label that names a secret ("Password:", "redis 密码：",
# "**Admin password**") needs a digit or a symbol and this many characters, not a shape.
SECRET_LABELLED_MIN_CHARS = 6
# A secret split into concatenated literals or continued lines is judged joined when it
# has at most this many pieces, and is this long (shorter: no secret; longer: a text).
SECRET_JOINED_MAX_PIECES = 16
SECRET_JOINED_MIN_CHARS = 8
SECRET_JOINED_MAX_CHARS = 1024
# A secret handed over in a later sentence ("… the admin password. Here it is: X") counts
# when a credential keyword is this far before the handing-over words, in their paragraph.
SECRET_ANNOUNCED_WINDOW_CHARS = 320
# A colon-joined name ("login:token:10086") after a secret word is a cache key up to this
# length.
SECRET_CACHE_KEY_MAX_CHARS = 256

# --- one-time codes and seed phrases (privacy/codes.py, docs/privacy.md) ---------------
# Between "recovery codes"/"助记词"/"setup key" and the colon that gives the value, at
# most this many characters ("Backup codes for the shared account:", "recovery codes for
# the owner account, pasting here so I don't lose them:").
SECRET_CODES_LEAD_CHARS = 96
# A list of recovery/backup codes holds at most this many codes (GitHub gives 16).
SECRET_CODES_MAX_COUNT = 32
# A mail client's authorization code (16 letters drawn at random) holds at least this many
# distinct letters and at most this many vowels; words run together seldom do both
# ("internationalize": 9 distinct, "AUTHORIZEDCLIENT": 7 vowels).
SECRET_MAIL_CODE_MIN_DISTINCT_LETTERS = 10
SECRET_MAIL_CODE_MAX_VOWELS = 6
# A BIP-39 mnemonic has 12, 15, 18, 21 or 24 words of 3 to 8 letters.
SEED_PHRASE_WORD_COUNTS = (12, 15, 18, 21, 24)

# --- content guard (text.looks_like_code_or_log, docs/privacy.md#the-content-guard) ------
CODE_GUARD_WEAK_SIGNS = 2  # weak signs of code (";", "{…}", "x = y;") that together make code
CODE_GUARD_MIN_XML_TAGS = 3  # tags (one of them closing) that make a build-file snippet
# Chinese characters outside string literals that make a text a sentence about code
# ("用户问 if (x) { } 里能不能省略大括号"), whatever weak signs it quotes.
CODE_GUARD_MIN_CJK_FOR_PROSE = 6

# --- journal (docs/design.md#storage-guarantees, docs/file-format.md#journal) ---
JOURNAL_ROTATE_BYTES = 256 * KIB
# The cold archive of texts that left the memory file (docs/file-format.md#the-cold-archive):
# past this size its oldest lines go, about half of it is kept.
COLD_ARCHIVE_MAX_BYTES = 1024 * KIB
# A change record names at most this many item ids in its target (all are in its items).
CHANGE_TARGETS_SHOWN = 8
JOURNAL_DETAIL_CHARS = 500

# --- storage --------------------------------------------------------------------
FILE_MODE = 0o644  # memory.json and the journal: readable, like the repo's other files
LOCK_TIMEOUT_SECONDS = 10.0
LOCK_POLL_SECONDS = 0.002

# `doctor` tries the lock this long: a healthy lock is held for milliseconds.
DOCTOR_LOCK_TIMEOUT_SECONDS = 1.0
# doctor lists at most this many parts a salvage left out (the journal and the backup
# hold the rest).
DOCTOR_DETAIL_LINES = 20

# --- summarization (docs/design.md#summarization) ---------------------------------
TRIGGER_PENDING_TURNS = 2
TRIGGER_RECENT_TURNS = 6
SUMMARY_BATCH_TURNS = 4
SUMMARIZER_MAX_CONTEXT_ITEMS = 20  # topics / long-term items shown to the summarizer, each
BACKOFF_INITIAL_SECONDS = 5.0
BACKOFF_MAX_SECONDS = 300.0
# The backoff stops doubling after this many failures (the cap is reached long
# before; this only keeps 2**n from overflowing a float after days of failures).
BACKOFF_MAX_DOUBLINGS = 32
CLOSE_WAIT_SECONDS = 10.0

# --- the Memory Delta (docs/delta.md) ----------------------------------------------
DELTA_MAX_CHARS = 256 * KIB  # a reply (or a delta file) longer than this is not a delta
DELTA_MAX_PARSE_ATTEMPTS = 200  # '{' positions tried before giving up (no quadratic blow-up)
DELTA_PREVIEW_CHARS = 80  # how much of an unparseable reply the journal quotes

# --- model backend (docs/design.md#summary-backends) ------------------------------
LLM_TIMEOUT_SECONDS = 60.0
LLM_MAX_RETRIES = 2
LLM_TEMPERATURE = 0.1
# Room for a reasoning model's thinking plus a delta of a dozen operations.
LLM_MAX_TOKENS = 8192
LLM_REPAIR_ATTEMPTS = 1
# Bounds a configuration value must stay within ("few retries", "bounded max_tokens").
LLM_TIMEOUT_MAX_SECONDS = 600.0
LLM_MAX_RETRIES_CAP = 5
LLM_MAX_TOKENS_CAP = 16384
LLM_TEMPERATURE_MAX = 2.0
# Answering a user's question (the CLI) may be longer and a little less literal.
LLM_ANSWER_MAX_TOKENS = 2000
LLM_ANSWER_TEMPERATURE = 0.3
# `doctor`'s reachability check never waits as long as a summary would.
LLM_CHECK_TIMEOUT_SECONDS = 10.0
LLM_CHECK_MAX_MODELS = 20  # model names reported by the check
# How much of an invalid reply / validation error the repair request quotes back.
LLM_REPAIR_REPLY_CHARS = 2000
LLM_REPAIR_ERROR_CHARS = 400
LLM_ERROR_DETAIL_CHARS = 200  # server error text kept in a BackendError message
# A settings file is a few lines; a repository's could be planted huge (or /dev/zero).
CONFIG_FILE_MAX_BYTES = 64 * KIB

# --- memory judgement: what is a rule, a fact, a topic (docs/delta.md, docs/quality.md) ---
# The user's prose (prose.py): a line where more than this share of characters is
# {}[]();=<>|& is code, not prose; inline code longer than this is not a name.
PROSE_CODE_SYMBOL_RATIO = 0.2
PROSE_INLINE_CODE_CHARS = 40
# The directive grammar (directives/).
DIRECTIVE_CACHE_ENTRIES = 4096  # sentences already read / rule shapes already computed
DIRECTIVE_MIN_NAME_CHARS = 2  # a module name shorter than this does not start a fact
DIRECTIVE_MIN_CLAUSE_CHARS = 2  # letters a clause needs, past its lead-in, to be a rule
DIRECTIVE_MIN_FACT_CHARS = 2  # letters a fact needs besides its subject and verb
# A part this short, without a verb, after a rule is an item of the rule's list.
DIRECTIVE_LIST_ITEM_WORDS = 3
DIRECTIVE_LIST_ITEM_CHARS = 6
DIRECTIVE_DESIRE_WINDOW = 40  # "we want to…" in this many leading characters: a plan, not a fact
# Two rules without a shared set of choices are on the same subject when this share of
# the smaller one's content words is shared (Lombok examples ≈ 示例里不要用 Lombok).
DIRECTIVE_SUBJECT_OVERLAP = 0.5
DIRECTIVE_LABEL_CHARS = 48  # a label made from the user's own clause
DIRECTIVE_GERUND_MIN_CHARS = 5  # "suggesting" and "suggest" are one content word; "bring" stays
# Operations one delta may ask for (a reply that tries more is cut: too_many_operations).
# Summaries of already summarized recent turns the summarizer sees as context, so a
# concern can be followed across batches (newest last).
SUMMARIZER_EARLIER_TURNS = 6
DELTA_MAX_CREATES = 8
DELTA_MAX_UPDATES = 8
DELTA_MAX_ARCHIVES = 4
# Context selection (context/selection.py): a token in at least this share of the module names
# (with at least this many modules) is a shared prefix or suffix ("mall-", "-service"):
# it makes no note relevant.
CONTEXT_NOISE_MODULE_SHARE = 0.5
CONTEXT_NOISE_MIN_MODULES = 2

# --- heuristic backend (docs/design.md#summary-backends) --------------------------
HEURISTIC_MAX_NEW_TOPICS = 2  # new topics one call may create
HEURISTIC_KEY_TERMS = 3  # identifiers/paths named in one turn summary
HEURISTIC_QUESTION_CHARS = 160  # the user's question as quoted inside a summary
HEURISTIC_TERM_MIN_CHARS = 2  # shorter terms are never a topic
TOLD_FACT_MIN_CHARS = 6  # a fact the user gives to keep, without its marker, is no shorter
HEURISTIC_TERM_MAX_CHARS = 40  # a "term" longer than this is not a term
HEURISTIC_CJK_TERM_MAX_CHARS = 8  # shared CJK substrings considered as a topic term
HEURISTIC_TOPIC_QUESTION_CHARS = 80  # each question quoted inside a topic summary
HEURISTIC_TOPIC_MIN_TURNS = 2  # a topic is a concern followed across this many turns

# --- memory context (docs/context.md) ---------------------------------------------
CONTEXT_PREFERENCES = 5
CONTEXT_NOTES = 5
CONTEXT_TOPICS = 3
CONTEXT_READY_SUMMARIES = 3
CONTEXT_PENDING_QUESTIONS = 2
CONTEXT_MAX_BYTES = 6 * KIB
# A raw pending question may be a pasted paragraph: render at most this much of it
# (the same bound as a summary), so one question cannot crowd out the rest.
CONTEXT_PENDING_QUESTION_CHARS = MAX_SUMMARY_CHARS
# Okapi BM25 parameters: the textbook values. k1 saturates repeated terms (a summary
# saying "review" three times is not three times as relevant); b normalises for
# length (a 300-char summary does not beat a 60-char label by sheer size).
BM25_K1 = 1.2
BM25_B = 0.75
# A note or topic "matches" a question when its BM25 score is above zero and at least
# this share of the best score in its section: one shared common word ("java", "模块")
# does not make an item relevant when others match the question's specific terms.
CONTEXT_MIN_RELATIVE_SCORE = 0.25
# Two long-term summaries at or above this similarity (Dice coefficient over relevance
# tokens plus CJK characters, see relevance.similarity) say the same thing: the applier
# turns the create into an update. Paraphrases score 0.75-1.0, merely related notes
# of one module or one kind 0.3-0.6; 0.7 sits between with margin on both sides.
NEAR_DUPLICATE_SIMILARITY = 0.7
# A quote of the user's words must say this much (a CJK character counts 1, a Latin word 2;
# 6 is six Chinese characters or three words), unless it is a whole sentence of the turn.
QUOTE_MIN_UNITS = 6
# Each part of a quote that an ellipsis joins says at least this much (the parts together
# still QUOTE_MIN_UNITS).
QUOTE_MIN_PART_UNITS = 4
# What the user says right after a quoted rule, this many characters of it, is read for
# taking the rule back ("以后 DTO 都用 record 写吧……算了不用了", "… jk").
QUOTE_TAKEN_BACK_CHARS = 80
# Hex characters of the digest an item keeps of the user's words that grounded it.
GROUNDS_DIGEST_CHARS = 10
# Feature weights of that similarity, relative to a CJK bigram (weight 1): a Latin
# token names a specific thing (MyBatis vs JPA, Java 17 vs 21) and counts double; a
# single CJK character only smooths over reordered words and counts half.
SIMILARITY_LATIN_WEIGHT = 2.0
SIMILARITY_CJK_CHAR_WEIGHT = 0.5
# Estimated model tokens of a rendered context: a CJK character is about one token,
# other text about four characters per token (typical BPE tokenizers).
TOKEN_ESTIMATE_CHARS_PER_TOKEN = 4

# --- embedding in a host (docs/embedding.md) ----------------------------------------
# ``MemoryContext.render(heading_level=N)``: the block's title is a level-2 heading
# unless the host asks otherwise; its sections sit one level below, and Markdown
# has no heading deeper than level 6.
CONTEXT_DEFAULT_HEADING_LEVEL = 2
MARKDOWN_MAX_HEADING_LEVEL = 6

# --- the command line (docs/cli.md) ----------------------------------------------------
# What an @path may contribute to the answering model's user message (never to
# memory): generous for source files, a pasted log or generated file cannot flood it.
ATTACHMENT_MAX_BYTES = 64 * KIB
ATTACHMENTS_MAX_TOTAL_BYTES = 192 * KIB
ATTACHMENT_MAX_FOLDER_ENTRIES = 100
ATTACHMENT_BINARY_PROBE_BYTES = 8 * KIB  # a NUL byte in this first block: a binary file
# Text piped into `ask` (`cat trace.txt | ask . "explain"`, or `ask . -`): as much as an
# @path file may bring; the rest is left unread, with a warning.
ASK_STDIN_MAX_BYTES = 64 * KIB
LOG_DEFAULT_ENTRIES = 20  # `log` without -n
# A message piped into `chat` is one line; a longer line (a generated file, a stream
# without newlines) is skipped with a warning, read in chunks of this size meanwhile.
CHAT_LINE_MAX_BYTES = 256 * KIB

# --- repo profile (docs/profile.md) -----------------------------------------------
PROFILE_MAX_LIST_ITEMS = 20
PROFILE_MAX_VALUE_CHARS = 120
# Everything below in this block belongs to the repo profile collector (profile/).
# What is read of a build file before it is parsed: a larger POM is not read (XML cut
# short is not XML); of a larger Gradle script, the lines within this many bytes.
PROFILE_MAX_FILE_BYTES = 2 * KIB * KIB
# A version catalog is parsed by tomllib in one call, which no budget can stop: its
# input is capped lower instead (the worst TOML shapes cost ~0.5 s per MiB here).
PROFILE_MAX_CATALOG_BYTES = 1 * KIB * KIB
# CPU time one parse of one file may take (settings, script, catalog, POM sections)
# before it stops where it is, and one whole collection before it reads no further
# file: every parser is linear, the budgets stop a shape nobody thought of.
PROFILE_PARSE_CPU_SECONDS = 0.5
PROFILE_COLLECT_CPU_SECONDS = 5.0
PROFILE_README_BYTES = 64 * KIB  # the first title is near the top; never read a whole book
PROFILE_MAX_TITLE_SOURCE_CHARS = 1000  # a heading with its markup (links, badges)
PROFILE_MAX_BUILD_FILES = 4000  # huge monorepos: stop reading (and probing) past this many
PROFILE_MAX_NESTING = 16  # nested aggregators / parent chains / `${}` indirections
PROFILE_MAX_SCANNED_FILES = 20  # CI workflows, convention scripts, `apply from` targets per place
# Folders listed per source folder of a convention build (its package folders).
PROFILE_MAX_CONVENTION_DIRS = 64
PROFILE_MAX_PROBLEMS = 50  # a broken repo yields a readable report, not a flood
PROFILE_MAX_PROBLEM_CHARS = 200
# Settings scripts are evaluated (`listOf("a", "b").forEach { include(it) }`): elements
# taken from one collection literal, and the steps (statements, loops, values, loop-body
# runs) one script may cost; a 4000-project build takes about 8000.
PROFILE_MAX_LOOP_ELEMENTS = 200
PROFILE_MAX_SETTINGS_STEPS = 50_000
# How far a settings construct may spread: a loop's receiver before its `.forEach`,
# the generic arguments of a Kotlin type (`val xs: List<String> = ...`).
PROFILE_SETTINGS_SPAN_CHARS = 200
# A project or module name is name-shaped (profile/names.py): at most this many columns
# (a Chinese character takes two); not a sentence — this many words with sentence
# punctuation closing one of them, or the larger number of words at all.
PROFILE_NAME_MAX_WIDTH = 64
PROFILE_NAME_SENTENCE_WORDS = 4
PROFILE_NAME_MAX_WORDS = 8
# The Java version of a build whose root and conventions say nothing: the level
# more than this share of its main (non-test) modules declare, else unknown.
PROFILE_JAVA_VERSION_MAJORITY = 0.5
# A file modified within this window of a collection may have changed without
# its mtime moving (coarse filesystem clocks): such a cache entry is not trusted.
PROFILE_CACHE_RACY_WINDOW_NS = 2_000_000_000
PROFILE_CACHE_FORMAT = 3  # bump whenever the collector's rules or the cache layout change
PROFILE_CACHE_MAX_BYTES = 8 * KIB * KIB  # far above a 4000-file build's cache (~0.5 MiB)
# A temp file of an interrupted cache write older than this, and not locked by a
# live writer, is removed by the next write; a live writer's temp file is
# milliseconds old (and locked while it is written).
PROFILE_CACHE_STALE_TEMP_SECONDS = 5

# --- the store: loading, salvage, file identity (docs/file-format.md) ------------------
# A memory file larger than this is never parsed: the program writes at most the hard
# limit, so such a file is not ours (or was bloated by hand). It is set aside at the
# next write, like a corrupt one. Four times the hard limit leaves room for a
# hand-edited or reference-written file that passed the limit a little.
MEMORY_FILE_MAX_READ_BYTES = 4 * HARD_LIMIT_BYTES
EPOCH_HEX_CHARS = 16  # the random id of one file's lifetime (64 bits)
EPOCH_MAX_CHARS = 64  # a longer "epoch" in a file is invalid (dropped, then renewed)
FILE_DIGEST_HEX_CHARS = 12  # journal entries name the file a write produced by this digest
# How far back from its end the journal is searched for the write that produced the file
# on disk (a file this program wrote is not redacted again: docs/design.md#storage-guarantees).
JOURNAL_WROTE_TAIL_BYTES = 16 * 1024
SALVAGE_DETAIL_PARTS = 8  # dropped parts named in one salvage journal entry
# CPU time (of the reading thread) one reading of a file may spend on salvage: finding
# the valid items of a file with invalid ones, and what still parses of one that is not
# valid JSON. Any file this program or the reference writes takes a few milliseconds;
# a planted 128 KiB file of tens of thousands of invalid items would take over a second
# of the host's turn. What is left when it runs out is left out, unexamined (the backup
# keeps it).
SALVAGE_CPU_SECONDS = 0.05
# A file holding more items than this (all four lists together) is not validated whole
# first, but item by item, within the salvage's budget: validating tens of thousands
# of invalid items at once cost more than the budget before salvage even began. Four
# times what this program keeps leaves room for another implementation's caps.
WHOLE_VALIDATION_MAX_ITEMS = 4 * (MAX_RECENT_TURNS + MAX_ACTIVE_TOPICS + MAX_LONG_TERM_ITEMS)
# The journal is read from its tail: a planted or runaway journal file costs at most
# this much per read (both files), never the whole file.
JOURNAL_MAX_READ_BYTES = 4 * JOURNAL_ROTATE_BYTES
# A log read again from where the last read of it stopped starts this many bytes before
# (an id cut by that read's end is read whole; the bytes must be the same as then).
READ_OVERLAP_BYTES = 64
# A timestamp read from a file is clamped to these years (the first second of the
# first, the last second of the last): a hand edit's "9999-12-31T23:59:59" cannot
# overflow the date arithmetic of a local offset, a comparison or a sort.
TIMESTAMP_MIN_YEAR = 2000
TIMESTAMP_MAX_YEAR = 2999

# --- the intent router (cli/classify/; docs/cli.md, "Intents") ----------------------------
# An unknown name this long, one letter away from a known one ("Elasticsearh"), is a typo of
# it: shorter names are too easily one letter away from an unrelated word.
ROUTER_TYPO_MIN_CHARS = 6
# A message shorter than this with nothing firm of this repository in it is conversation:
# "还有吗？", "ok thx".
ROUTER_SHORT_MESSAGE_CHARS = 6
# Words looked up as names of the Java world, memoized (the lookup also tries typos).
ROUTER_NAME_CACHE_ENTRIES = 4096
# A clause that states something about code ("@Transactional 加在 private 方法上了，帮我改掉")
# points at this code; a shorter one is a bare topic ("semver: what counts as…").
ROUTER_MIN_STATEMENT_CHARS = 8  # Chinese
ROUTER_MIN_STATEMENT_WORDS = 5  # English
# A request's verb is looked for this many characters after a request word ("帮我 …").
ROUTER_ZH_VERB_WINDOW_CHARS = 12
# An unlisted verb asked of the assistant ("帮我收窄") is named by this many characters.
ROUTER_UNKNOWN_VERB_CHARS = 4
# What a "make" request creates is looked for in this many characters from its verb
# ("出一个从 Java 11 迁到 21 的迁移计划": a plan, no code).
ROUTER_CREATED_OBJECT_CHARS = 40
# --- the intent router, round D (a name after a name of the Java world) ---------------------
# The word before a hyphenated name ("git format-patch", "OWASP dependency-check") is looked
# for this many characters back: a word of the Java world there makes it that tool's.
ROUTER_WORD_BEFORE_CHARS = 30
# The reason shown for a route quotes at most one word of the question, this short
# (docs/cli.md#routing-and-the-transcript): a longer one is a paste, not a reason.
ROUTER_CUE_MAX_CHARS = 24
# Routing with the configured model (cli/classify/model.py): one short call that must answer
# within this budget, else the rules decide alone; its reply is one intent name.
ROUTER_MODEL_TIMEOUT_SECONDS = 2.0
ROUTER_MODEL_MAX_TOKENS = 16

# --- the command line: the intent classifier and the chat (docs/cli.md) ---------------------
# A pasted log is classified by its head and tail only: the question is at one end, and
# the rules stay fast on a 100 KB paste.
CLASSIFIER_MAX_CHARS = 4000
# A model that has not answered after this long gets a "slow" note next to the spinner,
# naming the timeout setting that will end the wait.
CLI_SLOW_MODEL_SECONDS = 10.0
CLI_STREAM_REFRESH_PER_SECOND = 8  # redraws of a streaming answer (each re-renders Markdown)
# On exit, one visible wait for a summary in flight, skippable with Ctrl-C; after it the
# turns not summarized stay pending for next time.
CLI_EXIT_WAIT_SECONDS = 10.0
# Within one chat session, the recent exchange goes to the answering model as chat
# messages so that follow-ups keep their subject; this bounds it (estimated tokens).
CHAT_HISTORY_MAX_TOKENS = 3000

# --- memory judgement that generalizes (issue 13, second round; docs/delta.md) ------------
# The directive grammar (directives/):
DIRECTIVE_MIN_NAME_ANYWHERE_CHARS = 4  # a module name this long states a fact from mid-sentence
DIRECTIVE_ANAPHOR_VERB_CHARS = 2  # "别再推荐它了": Chinese letters besides a pronoun and its verb
DIRECTIVE_COLON_HEAD_WORDS = 6  # "Some context you should keep:" announces what follows
DIRECTIVE_COLON_HEAD_CHARS = 10  # "之前那个要求恢复吧：" (letters, no spaces or punctuation)
# The summarization trigger reads this much of a new turn for a project fact.
DIRECTIVE_TRIGGER_CHARS = 2000
DIRECTIVE_TRIGGER_SENTENCES = 8
# The heuristic's notes (backends/heuristic/notes.py): a statement of an old note is
# replaced by a new fact that says this share of its words.
HEURISTIC_REPLACED_SHARE = 0.5
# The memory context (context/selection.py, docs/context.md): a concept a question and a note share
# ("配置" / "configuration") counts this much of a shared word — enough to match when
# nothing else does, not to outrank a real match.
CONTEXT_CONCEPT_WEIGHT = 0.5
# A word this long that a question and a note about another module share keeps the
# note relevant ("validity" of coupons), unless every module could say it.
CONTEXT_SPECIFIC_WORD_CHARS = 4
# A number both a question and a note about another module say ("645", the protocol)
# ties them when it has this many digits at least ("12" or "30" could be anything).
CONTEXT_SPECIFIC_NUMBER_DIGITS = 3

# --- the write path at the limit (docs/benchmarks.md) ---------------------------------
# Timestamps written lately, kept as text: a file at the limit holds about a hundred and
# every write serializes them again.
TIMESTAMP_TEXT_CACHE_ENTRIES = 4096
# Names tried for a write's temp file before giving up (a name is only taken when a
# crashed process with the same pid left its file behind).
TEMP_NAME_ATTEMPTS = 100
# A file is read in one call of its size; should it have grown meanwhile, the rest is
# read in steps of this size.
READ_CHUNK_BYTES = 64 * KIB

# --- governance: what the user changes directly (docs/cli.md, docs/mcp.md) -----------------
# A text to remember longer than this many times the summary limit is refused before any
# redaction or grammar work is spent on it (it would be refused as too long anyway).
REMEMBER_PRECHECK_FACTOR = 4
# `import`: a file larger than this, or with more items than this, is refused as a whole
# (memory holds at most MAX_LONG_TERM_ITEMS; the rest could only be rejected one by one).
IMPORT_MAX_BYTES = 256 * KIB
IMPORT_MAX_ITEMS = 200
# `search`: a query longer than this is cut (a search is a few words, not a paste).
SEARCH_MAX_QUERY_CHARS = 500

# --- the MCP server (docs/mcp.md) ----------------------------------------------------------
# Bounds of tool arguments, checked by the schema before a tool runs: a question or an
# answer may be long (they are clipped when recorded); ids, labels and lists are short.
MCP_MAX_TEXT_CHARS = 100_000
MCP_MAX_ID_CHARS = 200
MCP_MAX_SCOPE_PATHS = 100
MCP_MAX_SCOPE_PATH_CHARS = 1000
# The client's name in the journal's actor ("mcp:<client>"), cut to this length.
MCP_CLIENT_NAME_CHARS = 40
# `request_summary` may wait for the background run, at most this long.
MCP_SUMMARY_MAX_WAIT_SECONDS = 60.0
# When the client goes away, one bounded wait for a summary in flight (then its turns stay
# pending); shorter than the 2 s an SDK client waits before it terminates the server.
MCP_EXIT_WAIT_SECONDS = 1.5
# `list_memory` returns a page of this many rules and notes unless asked for another size.
MCP_LIST_DEFAULT_LIMIT = 20
# `undo` takes back at most this many changes in one call: an agent undoes a step the user
# names, not a history.
MCP_UNDO_MAX_COUNT = 10
# A refusal of bad arguments names at most this many problems (the rest are counted).
MCP_MAX_REPORTED_PROBLEMS = 5

# --- leftovers: files over the limit, input caps (docs/file-format.md) -------------------
# A file whose long-term part alone passes the hard limit (a foreign or hand-edited
# file: this program's own long-term budget keeps far below it) is written past the
# hard limit rather than refusing every turn: working memory then gets this much room
# above the long-term part, the room it has in a file whose long-term part is at its budget.
OVER_LIMIT_WORKING_ROOM_BYTES = HARD_LIMIT_BYTES - LONG_TERM_BUDGET_BYTES
# A memory file set aside (corrupt, another format version, oversized) is kept byte
# for byte: it may hold secrets in clear, so only its owner may read it.
BACKUP_FILE_MODE = 0o600
# A delta given as a file or on stdin (`apply`) is read up to this many bytes: the most
# that DELTA_MAX_CHARS characters take in UTF-8. An endless or huge input stops there.
DELTA_INPUT_MAX_BYTES = 4 * DELTA_MAX_CHARS

# --- bug hunt e: the MCP server's defaults ---------------------------------------------------
# `search_memory` returns at most this many hits unless the agent asks for another limit
# (also when it sends null for it).
MCP_SEARCH_DEFAULT_LIMIT = 20

# --- review e: thresholds that were bare numbers in the code (values unchanged) ------------
# A word of a module's name that the asked module's names do not have, this long at
# least, names that module when the question says it ("ocr" of kyc-ocr; context/selection.py).
CONTEXT_MODULE_WORD_CHARS = 3
# A part of a hyphenated term longer than this names the term ("native" of "native-image"
# in "the native thing"; directives/cancels.py).
DIRECTIVE_COMPOUND_PART_CHARS = 2
# "(password: three words 4 more)": a bracketed value of at least this many words that
# holds a digit is a passphrase (privacy/stated.py).
SECRET_PASSPHRASE_MIN_WORDS = 3

# At exit, how long the pattern cache waits for its lock before it gives up saving (an
# interrupt may have left the lock held; the cache is only a cache).
PATTERN_CACHE_SAVE_WAIT_SECONDS = 1.0

# A .properties value named for a secret may hold blanks ("Lift bank 3 & ward 7!"); one
# with more than this many is a sentence (a description), not a password.
SECRET_PROPERTIES_VALUE_MAX_SPACES = 6
