"""The offline reader: what the user says *explicitly*, read without a model
(docs/quality.md#the-offline-reader).

Without a model the program stores a rule only when a sentence of the user's own words
carries an explicit standing marker (以后, 每次, 必须, 不要, 记住…; from now on, always,
never, every time, I prefer…) and no veto fires (:func:`explicit_rules`). Zero false
rules comes before recall: the user can always ``remember`` a rule in their own words,
and understanding wording is the model's job.

The program alone never decides that two rules are "about the same thing". It replaces
or cancels an item only when the user *names* what goes — "instead of Maven", "不再用
Maven", "forget the Lombok rule" — and the named words are in that item
(:func:`named_replacements`, :func:`named_cancels`, :func:`replaced_items`). When the
named words are only in one clause of a longer item, replacing it would lose the rest:
the pair is a conflict for the user to settle, not a replacement.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from autopatch_memory import limits
from autopatch_memory.lang import fold, fold_identity, is_ascii_word
from autopatch_memory.lang.sentences import sentence_spans, sentences
from autopatch_memory.prose import user_prose
from autopatch_memory.standing.lexicon import (
    folded_words,
    has_request_form,
    has_standing_marker,
)
from autopatch_memory.standing.told import told_fact
from autopatch_memory.standing.vetoes import (
    ANNOUNCED_PASTE,
    OFFLINE_VETOES,
    VETOES,
    asks_by_itself,
)

# Which of two, asked over two sentences: "你能每次都读到整个仓库吗？还是只能看到打开的文件？",
# "Can you always see the whole repo? Or only the open files?"
_OR_ASKED_NEXT = re.compile(r"^\W*(?:还是|或者|\bor\b)[^。.!！]*[？?]\W*$")
# A task asked about what the sentence before said: "…never send two route commands. How do
# I enforce that with a Redis lock?", "…reject requests without a depot ID. Add that
# validation.", "…必须总是在 2 秒内回执。帮我设计一下。" — that sentence is the spec of a thing
# to build, not a rule for the assistant.
_TASK_ON_IT_NEXT = re.compile(
    r"\b(?:add|implement|enforce|put|build|code|handle|design|test)\b[^.?!]{0,30}"
    r"\b(?:that|this|it)\b(?! (?:way|style|format|from now on|going forward|every time))"
    r"|\b(?:that|this) (?:logic|validation|check|constraint)\b"
    r"|^\W*帮我(?:设计|实现|写|加|改|看看)(?:一下)?\W*$|怎么(?:实现|设计|做到|保证)"
    r"|^\W*(?:这个|这段)(?:逻辑|校验|需求|功能)"
    # a task on the code right after: "Write the validator.", "下面是现在的代码，看看哪里漏了"
    r"|^\W*(?:please\s+)?(?:write|implement|add|build|create|fix|debug)\s+(?:the|a|an|me)\b"
    r"|^\W*(?:下面|以下)是[^。]{0,20}(?:代码|实现)|看看(?:哪里|哪儿|是不是|为什么)"
)


# A line of a pasted file: a key and its value, an indented line, a list item.
_PASTED_LINE = re.compile(r"[ \t]*(?:[-\w.\[\]\"']+[ \t]*[:=](?![:=])|[-*][ \t]|[ \t]{2,}\S)")


def _pasted_lines_end(prose: str, line_end: int) -> int:
    """Where the paste that follows an announcement ends: its own line, and when nothing
    follows the announcement there, the lines below it that read as a file's
    ("这是配置文件的一部分：⏎spring.jpa.open-in-view: false  # 永远关掉")."""
    end = line_end
    while end < len(prose):
        next_end = prose.find("\n", end + 1)
        next_end = len(prose) if next_end < 0 else next_end
        if not _PASTED_LINE.match(prose, end + 1, next_end):
            break
        end = next_end
    return end


def _user_spans(prose: str) -> list[tuple[int, int]]:
    """The sentence spans of ``prose`` that are the user's own: not the rest of a line
    after an announced paste ("上线 checklist 贴一下：1. 每次… 2. 永远…": its items are the
    text's, not the user's rules), nor the first half of an either-or question, nor the
    spec of a task asked in the next sentence."""
    spans: list[tuple[int, int]] = []
    pasted_until = -1
    all_spans = sentence_spans(prose)
    for index, (start, end) in enumerate(all_spans):
        if start < pasted_until:
            continue
        following = all_spans[index + 1] if index + 1 < len(all_spans) else None
        if following is not None:
            after = folded_words(prose[slice(*following)])
            asked = folded_words(prose[start:end]).rstrip(" ~～").endswith(("?", "？"))
            if (asked and _OR_ASKED_NEXT.search(after)) or (
                _TASK_ON_IT_NEXT.search(after) and not asks_by_itself(prose[start:end])
            ):
                continue
        if ANNOUNCED_PASTE.search(folded_words(prose[start:end])):
            line_end = prose.find("\n", end)
            pasted_until = len(prose) if line_end < 0 else _pasted_lines_end(prose, line_end)
        spans.append((start, end))
    return spans


def explicit_sentences(text: str) -> list[str]:
    """The sentences of ``text`` (the user's prose: no code, logs or secrets) that no veto
    refuses (nor one of the offline reader's own): what the user may have said for memory."""
    prose = user_prose(text)
    return [
        prose[a:b].strip()
        for a, b in _user_spans(prose)
        if VETOES.first(prose[a:b]) is None and OFFLINE_VETOES.first(prose[a:b]) is None
    ]


def explicit_rules(text: str) -> list[str]:
    """The rules ``text`` states explicitly: a sentence with a standing marker and no
    veto, together with the neighbouring sentences that are requests too, kept as the
    user wrote them ("Please default to constructor injection. I can't stand @Autowired
    on fields."): a rule and its reason or its detail stay one rule."""
    prose = user_prose(text)
    rules: list[str] = []
    run: list[tuple[int, int]] = []  # consecutive requests, unvetoed

    def close_run() -> None:
        # A run longer than a rule may be is cut between its sentences, each piece one
        # rule when it holds a standing word (three long rules in a row were one text too
        # long to store, and none was kept).
        piece: list[tuple[int, int]] = []
        for span in run:
            if piece and span[1] - piece[0][0] > limits.MAX_SUMMARY_CHARS:
                keep(piece)
                piece = []
            piece.append(span)
        keep(piece)
        run.clear()

    def keep(piece: list[tuple[int, int]]) -> None:
        if piece and any(has_standing_marker(prose[a:b]) for a, b in piece):
            rules.append(prose[piece[0][0] : piece[-1][1]])

    for start, end in _user_spans(prose):
        sentence = prose[start:end]
        vetoed = VETOES.first(sentence) or OFFLINE_VETOES.first(sentence)
        # a fact given to keep ("Please remember that X owns Y") is a note, not a rule
        if (
            vetoed is None
            and (has_standing_marker(sentence) or has_request_form(sentence))
            and not told_fact(sentence)
        ):
            run.append((start, end))
        else:
            close_run()
    close_run()
    return rules


# What a new rule names as replaced: "instead of X", "不再用 X", "把 X 换成 Y"…
_NAME = r"(?P<x>[^，,。.;；!！?？]{2,40}?)"
_REPLACES = tuple(
    re.compile(p)
    for p in (
        rf"\b(?:instead of|rather than|in place of|no longer|not)\s+(?:using\s+|use\s+)?{_NAME}"
        rf"(?=$|[，,。.;；!！?？]|\s+(?:any ?more|from now on|going forward)\b)",
        rf"\b(?:stop|quit) (?:using|suggesting|recommending|giving me|writing|adding)\s+{_NAME}"
        rf"(?=$|[，,。.;；!！?？]|\s+(?:any ?more|and)\b)",
        rf"\breplace\s+{_NAME}\s+(?:with|by)\b",
        rf"\bswitch(?:ing|ed)? (?:from|away from)\s+{_NAME}\s+(?:to|for)\b",
        rf"(?:不再|不要再|别再|不用再)(?:用|使用|采用|给我|写|加|提|推荐)?{_NAME}(?=$|[，,。.;；!！?？]|了|啦|吧)",
        rf"(?:把|将){_NAME}(?:换成|改成|替换成|替换为|改为|换为|迁到|迁移到)",
        rf"(?:从){_NAME}(?:换到|改到|迁到|迁移到|切到|切换到)",
        rf"(?:而不是|代替|取代|替代|替换掉)(?:用|使用)?{_NAME}(?=$|[，,。.;；!！?？]|了)",
        rf"(?:^|[，,。\s]){_NAME}(?:不用了|不要了|不需要了|就不用了)",
    )
)
# What a cancel names as withdrawn: "forget (what I said about) X", "X 那条不用记了"…
_CANCELS = tuple(
    re.compile(p)
    for p in (
        rf"\b(?:forget|drop|scrap|cancel|remove|delete|disregard|ignore) (?:about "
        rf"|what i said about |the (?:rule|note|part|bit|thing) about |my (?:rule|note) about )?"
        rf"(?:the |my |our )?{_NAME}"
        rf"(?:\s+(?:rule|note|part|thing|one|preference|instruction))?"
        rf"(?=$|[，,。.;；!！?？]|\s+(?:any ?more|please)\b)",
        rf"\bnever mind (?:about )?(?:the |my )?{_NAME}(?:\s+(?:rule|note|thing|part))?(?=$"
        rf"|[，,。.;；!！?？])",
        rf"\b(?:we|i) (?:no longer|don'?t|do not) (?:use|need|want)\s+{_NAME}(?:\s+any ?more)?(?=$"
        rf"|[，,。.;；!！?？])",
        rf"(?:忘掉|忘了|忘记|取消|删掉|删除|去掉|作废|撤销)(?:我说的|之前说的|关于)?{_NAME}(?:的?(?:那条|这条|规则|要求|笔记|说法))?(?=$|[，,。.;；!！?？]|吧|了)",
        rf"{_NAME}(?:那条|这条|的规则|的要求|的笔记)(?:就)?(?:不用记了|不用了|不要了|作废|取消|删了|删掉|去掉|忘了吧|忘掉吧|算了)",
        rf"(?:不用再|不要再|别再|不需要再)(?:给我|帮我|提醒我|提|写|加|用|推荐|贴)?{_NAME}(?=了|啦|吧|$|[，,。.;；!！])",
        rf"(?:已经|早就)?不(?:再)?用{_NAME}了",
    )
)


def _named(patterns: Iterable[re.Pattern[str]], text: str) -> list[str]:
    names: list[str] = []
    for sentence in sentences(user_prose(text)):
        words = folded_words(sentence)
        for pattern in patterns:
            for match in pattern.finditer(words):
                name = match.group("x").strip(" 的了吧呢啊")
                if len(fold(name)) >= 2 and name not in names:
                    names.append(name)
    return names


def named_replacements(text: str) -> list[str]:
    """What ``text`` says a new rule replaces, in the user's words ("instead of X")."""
    return _named(_REPLACES, text)


def named_cancels(text: str) -> list[str]:
    """What ``text`` withdraws, in the user's words ("forget what I said about X")."""
    return _named(_CANCELS, text)


# Where an old rule says one more thing: a clause, a sentence, or one more thing chosen
# beside the named one ("Maven 和 JUnit 5", "Lombok with MapStruct", "Guava or Commons"):
# a rule that names only one of them replaces it in part, a conflict to report.
_CLAUSE_BREAK = re.compile(
    r"[，,；;、。！？!?\n&:：(（)）—–]|(?<=[.])\s|\s-\s"
    r"|\s(?:and|also|plus|but|with|or|as well as|along with|together with|und|и|et|y)\s"
    r"|并且|而且|同时|另外|还要|以及|或者|并(?=[\u4e00-\u9fff])|[和与跟及或]"
)


@dataclass(frozen=True)
class Named:
    """The items a name points at: replaced whole, or only in part (a conflict)."""

    whole: tuple[str, ...]
    partly: tuple[str, ...]


def holds_name(text: str, name: str) -> bool:
    """``text`` names ``name``, compared as texts are for equality (``fold_identity``:
    "Java 1.8" is not "Java 18") and, where the name starts or ends with a Latin letter
    or digit, as a whole word there: "JS" is not in "JSON", "Ant" not in "constant-time",
    "Log4j" not in "Log4j2". Chinese has no spaces: a Chinese name is found anywhere."""
    haystack, needle = fold_identity(text), fold_identity(name)
    if not needle:
        return False
    found = haystack.find(needle)
    while found >= 0:
        end = found + len(needle)
        if not (is_ascii_word(needle[0]) and _word_goes_on(haystack, found - 1, -1)) and not (
            is_ascii_word(needle[-1]) and _word_goes_on(haystack, end, 1)
        ):
            return True
        found = haystack.find(needle, found + 1)
    return False


def _word_goes_on(text: str, at: int, step: int) -> bool:
    """The word goes on at ``at`` (looking in the direction ``step``): a Latin letter or a
    digit, or a joiner before one — "web" is a part of "spring-boot-starter-web", "lang3"
    of "commons-lang3", "dto" of "com.shop.order.dto"."""
    if not 0 <= at < len(text):
        return False
    if is_ascii_word(text[at]):
        return True
    beyond = at + step
    return text[at] in "-_./" and 0 <= beyond < len(text) and is_ascii_word(text[beyond])


def replaced_items(names: Sequence[str], items: Iterable[tuple[str, str]]) -> Named:
    """Which of ``items`` (id, text) the ``names`` point at: an item that names one
    (:func:`holds_name`) is replaced whole when every clause of it holds a name, and only
    in part (a conflict, not a replacement) when other clauses say something else."""
    named = [n for n in names if len(fold(n)) >= 2]
    # A name that itself joins two things ("Lombok with MapStruct") is cut where the
    # item's clauses are: each of its pieces names the clause that holds it.
    pieces = [p for n in named for p in _CLAUSE_BREAK.split(n) if len(fold(p)) >= 2]
    whole: list[str] = []
    partly: list[str] = []
    if not named:
        return Named((), ())
    for item_id, text in items:
        if not any(holds_name(text, n) for n in named):
            continue
        clauses = [c for c in _CLAUSE_BREAK.split(text) if fold(c)]
        if all(any(holds_name(c, p) for p in pieces) for c in clauses):
            whole.append(item_id)
        else:
            partly.append(item_id)
    return Named(tuple(whole), tuple(partly))
