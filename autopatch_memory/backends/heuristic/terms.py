"""Technical terms a user names: the subjects of topics and the "about …" of summaries.

A term is what a Java developer would put in a search box: an annotation
(``@Transactional``, never the bare ``Data`` of ``@Data``), an identifier
(``ConcurrentHashMap``, ``Optional.orElseGet()``), a product name of several
words (``Spring Security``, not ``Spring`` six times), a module of the build
(``mall-order``), an acronym (``JPA``; not ``TL``, ``DB`` or ``REDACTED``), a Latin
word inside Chinese text (``Optional 怎么用``), or a Chinese term two questions
share (``依赖注入``). Generic words ("code", "问题") never are.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from autopatch_memory import limits
from autopatch_memory.privacy import MARKER_PREFIX
from autopatch_memory.text import Language, normalize

# Latin words too generic to be the subject of a Java-repo conversation.
_GENERIC_EN = frozenset(
    """
    java code program project repo repository module modules file files folder class classes
    method methods function functions way ways thing things example examples difference
    differences between work works working good bad best better problem problems issue issues
    error errors case cases time times part parts kind type types something anything answer
    answers question questions always never remember prefer default everything now from first
    make sure don like every going forward usage usages mean means use using used need needs
    want wants help thanks thank please hi hello ok okay yes no sure why what how when where
    which who is are was were do does did can could should would will the a an and or but not
    this that these those there here it its they them we our you your i me my he she
    to of in on at by for with into about as than then so if also just very too really
    still again some any all each more most other such only own same new old big small
    get got give show tell explain know understand see look run runs running start stop
    default value values way better faster slower simple simply actually basically
    """.split()
)
# Acronyms that name nothing technical (or a redaction marker).
_NOT_ACRONYMS = frozenset(
    {"REDACTED", "TLDR", "TODO", "FYI", "ASAP", "IMHO", "BTW", "OK", "PS", "AFAIK", "IIRC", "LGTM"}
)
# Chinese words too generic to be a topic on their own.
_GENERIC_ZH = frozenset(
    """
    代码 项目 工程 仓库 模块 目录 方法 函数 问题 区别 用法 作用 原理 回答 例子 示例 文件 类型 东西
    情况 时候 一般 好处 坏处 优点 缺点 场景 意思 实现 配置 推荐 建议 处理 使用 怎么 为什么 什么
    如何 这个 那个 一下 是否 可以 能否 需要 的话 有没有 之间 里面 时候 应该 哪个 哪些 一个
    """.split()
)
# Cut out of Chinese runs before shared terms are looked for.
_ZH_NOISE = re.compile(
    "|".join(
        sorted(
            (
                "怎么样 怎么 什么 如何 为何 为什么 哪些 哪个 一下 这个 那个 这些 那些 是否 "
                "可以 能否 我们 你们 他们 用户 关注 问题 请问 一个 怎样 还是 就是 需要 进行 "
                "以及 或者 并且 如果 因为 所以 但是 然后 现在 目前 最近 相关 有关 的话 一些 "
                "有没有 没有 告诉 解释 说明 介绍 讲讲 看看 帮我 我想 知道 了解 使用 在哪里 "
                "在哪 哪里 放在 用来 用于 做什么 干什么 以后 今后 每次 记住 默认 模块 目录 "
                "子模块 文件夹 里面 之间 时候 是 的 了 吗 呢 吧 啊 和 与 及 都 也 很 请 把 "
                "被 给 让 我 你 他 这 那 有 在 会 能 要 用"
            ).split(),
            key=len,
            reverse=True,
        )
    )
)
# Families whose first word alone is no subject: "Spring Security", not "Spring".
_FAMILIES = frozenset(
    {"spring", "apache", "google", "alibaba", "netflix", "eclipse", "jakarta", "java", "amazon",
     "aws", "azure", "micronaut", "quarkus", "project", "open", "jetbrains", "hibernate"}
)  # fmt: skip

_ANNOTATION_RE = re.compile(r"(?<![\w$.])@[A-Z][\w]*")
_PATH_RE = re.compile(
    r"(?<![\w/.@-])((?:[\w.-]+/)+[\w.-]*|[\w-]+\.(?:java|kt|groovy|xml|gradle|kts|properties|"
    r"ya?ml|toml|md|json|sql))(?![\w/])"
)
_IDENT_RE = re.compile(
    r"(?<![\w$.@])(?:"
    r"[A-Za-z_$][\w$]+(?:\.[A-Za-z_$][\w$]+)+(?:\(\))?"  # dotted: Optional.get(), java.util.List
    r"|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+"  # UserServiceImpl
    r"|[a-z]+(?:[A-Z][a-z0-9]*)+(?:\(\))?"  # flatMap, orElseGet()
    r")(?![\w$])"
)
_MULTIWORD_RE = re.compile(
    r"(?<![\w$.@])((?i:" + "|".join(sorted(_FAMILIES, key=lambda f: (-len(f), f))) + r"))"
    r"((?:\s+(?:[A-Z][A-Za-z]+|[A-Z]{2,}|\d+))+)"
)
_ACRONYM_RE = re.compile(r"(?<![\w$.@])[A-Z]{3,}(?:s)?(?![\w$])")
_HYPHENATED_RE = re.compile(r"(?<![\w$.@/-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w$/-])")
_LATIN_WORD_RE = re.compile(r"(?<![\w$.@/-])[A-Za-z][A-Za-z0-9+#]*(?![\w$/-])")
_CJK_RUN_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_REDACTED_RE = re.compile(re.escape(MARKER_PREFIX.rstrip(":")) + r"(?::[^\]]*)?\]")
_SENTENCE_END = "。！？!?；;.:：,，"

# How strongly a term names a subject.
STRONG = 3  # an annotation, identifier, product name, module
NAMED = 2  # an acronym, a name inside a sentence, a Latin word in Chinese text
WEAK = 1  # a plain English word


@dataclass(frozen=True)
class Term:
    """A term as the user wrote it, with how strongly it names a subject."""

    display: str
    strength: int

    @property
    def key(self) -> str:
        """The term folded for comparison (case, width, a trailing ``()``)."""
        return term_key(self.display)


def term_key(term: str) -> str:
    """A term folded for comparison."""
    return normalize(term).rstrip("()").strip()


def key_terms(text: str, scope_paths: Sequence[str] = ()) -> list[str]:
    """Paths, annotations and identifiers the turn names, in order of appearance, once."""
    found: list[str] = []
    seen: set[str] = set()
    for path in scope_paths:
        if path.strip():
            found.append(path.strip())
            seen.add(term_key(path))
    matches = [*_PATH_RE.finditer(text), *_ANNOTATION_RE.finditer(text), *_IDENT_RE.finditer(text)]
    for match in sorted(matches, key=lambda m: m.start()):
        term = match.group(0).strip()
        key = term_key(term)
        if (
            term
            and key not in seen
            and len(term) <= limits.HEURISTIC_TERM_MAX_CHARS
            and not any(key in k for k in seen)
        ):
            found.append(term)
            seen.add(key)
    return found


# "review 模块", "the api module", "module mall-admin": the part of the project a
# project-level question is about.
_MODULE_SUBJECT_RE = re.compile(
    r"(?<![\w.-])([A-Za-z][\w.-]*[A-Za-z0-9])\s*(?:模块|子模块|子项目|工程|\s(?:module|submodule|subproject))\b"
    r"|\b(?:module|submodule|subproject|模块)\s+([A-Za-z][\w.-]*[A-Za-z0-9])"
)
_NOT_MODULES = frozenset(
    {"the", "this", "that", "which", "each", "every", "a", "an", "one", "main"}
)


def module_subjects(text: str) -> list[str]:
    """Module names a question points at ("review 模块负责什么？" → review)."""
    found: list[str] = []
    for match in _MODULE_SUBJECT_RE.finditer(text):
        name = match.group(1) or match.group(2)
        if name.lower() not in _NOT_MODULES and name not in found:
            found.append(name)
    return found


def _named_inside(text: str, start: int) -> bool:
    """A capitalised word not at the start of a sentence is a name ("Is Optional…")."""
    before = text[:start].rstrip()
    return bool(before) and before[-1] not in _SENTENCE_END


def _strong_terms(text: str, module_names: Collection[str]) -> list[tuple[int, Term]]:
    found: list[tuple[int, Term]] = []
    for match in _ANNOTATION_RE.finditer(text):
        found.append((match.start(), Term(match.group(0), STRONG)))
    for match in _MULTIWORD_RE.finditer(text):
        head, rest = match.group(1), match.group(2)
        found.append((match.start(), Term(" ".join([head, *rest.split()]), STRONG)))
    for match in _IDENT_RE.finditer(text):
        name = match.group(0).rstrip("()")
        found.append((match.start(), Term(name, STRONG)))
        if "." in name and name[0].isupper():
            found.append((match.start(), Term(name.split(".", 1)[0], NAMED)))
    modules = {term_key(m) for m in module_names}
    for match in _HYPHENATED_RE.finditer(text):
        found.append((match.start(), Term(match.group(0), STRONG)))
    for match in _LATIN_WORD_RE.finditer(text):
        if term_key(match.group(0)) in modules:
            found.append((match.start(), Term(match.group(0), STRONG)))
    for match in _ACRONYM_RE.finditer(text):
        word = match.group(0)
        if word.rstrip("s") not in _NOT_ACRONYMS and word not in _NOT_ACRONYMS:
            found.append((match.start(), Term(word, NAMED)))
    return found


def terms_of(text: str, language: Language, module_names: Collection[str] = ()) -> list[Term]:
    """The terms of one text, strongest first within their position, each once.

    A word inside a longer name ("Security" in "Spring Security") is no term of its
    own, nor is a redaction marker.
    """
    text = _REDACTED_RE.sub(" ", text)
    found = _strong_terms(text, module_names)
    taken = {t.key for _, t in found}
    covered = [(start, start + len(t.display)) for start, t in found if " " in t.display]
    for match in _LATIN_WORD_RE.finditer(text):
        word = match.group(0)
        key = term_key(word)
        if key in taken or key in _GENERIC_EN or len(word) < limits.HEURISTIC_TERM_MIN_CHARS:
            continue
        if any(start <= match.start() < end for start, end in covered):
            continue
        if word.isupper() and len(word) < 3:
            continue  # "DB", "TL": too short to be sure of
        if language is Language.ZH:
            strength = NAMED
        else:
            strength = NAMED if word[0].isupper() and _named_inside(text, match.start()) else WEAK
        found.append((match.start(), Term(word, strength)))
        taken.add(key)
    found.sort(key=lambda pair: (pair[0], -pair[1].strength))
    terms: list[Term] = []
    seen: set[str] = set()
    for start, term in found:
        if term.key in seen or len(term.display) > limits.HEURISTIC_TERM_MAX_CHARS:
            continue
        if " " not in term.display and any(a <= start < b for a, b in covered):
            continue
        seen.add(term.key)
        terms.append(term)
    return terms


def _cjk_pieces(text: str) -> list[str]:
    pieces: list[str] = []
    for run in _CJK_RUN_RE.findall(text):
        pieces.extend(p for p in _ZH_NOISE.split(run) if len(p) >= limits.HEURISTIC_TERM_MIN_CHARS)
    return pieces


def _longest_common(a: str, b: str) -> str:
    """The longest common substring of two short strings (the first one on a tie)."""
    best_len, best_end = 0, 0
    previous = [0] * (len(b) + 1)
    for i in range(1, len(a) + 1):
        current = [0] * (len(b) + 1)
        for j in range(1, len(b) + 1):
            if a[i - 1] == b[j - 1]:
                current[j] = previous[j - 1] + 1
                if current[j] > best_len:
                    best_len, best_end = current[j], i
        previous = current
    return a[best_end - best_len : best_end]


def shared_cjk_terms(texts: Sequence[str]) -> list[str]:
    """Chinese terms two or more texts share (their longest common pieces, not generic)."""
    pieces = [_cjk_pieces(t) for t in texts]
    found: list[str] = []
    for i in range(len(texts)):
        for j in range(i + 1, len(texts)):
            for a in pieces[i]:
                for b in pieces[j]:
                    common = _longest_common(a, b)[: limits.HEURISTIC_CJK_TERM_MAX_CHARS]
                    if (
                        len(common) >= limits.HEURISTIC_TERM_MIN_CHARS
                        and common not in _GENERIC_ZH
                        and common not in found
                    ):
                        found.append(common)
    # "注入" inside "依赖注入" is the same term, less of it.
    return [t for t in found if not any(t != other and t in other for other in found)]
