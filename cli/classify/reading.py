"""What the router saw in one message: its clauses (:class:`Clause`), its requests
(:class:`Request`) and the words found, as one :class:`MessageReading` that the rules decide on.

Apart from :mod:`.reader` (which fills it) so that the reading passes and the rules
share the model without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .acts import Act


@dataclass(frozen=True)
class Request:
    """One request found in a message: its kind and the verb that shows it."""

    act: Act
    verb: str
    targeted: bool = False  # 把 X 改成 Y, 给 X 加上 Y: the request names what it changes
    negative: bool = False  # "don't change…", "不要改…": a limit on a change, no change by itself
    # "把那个 TODO 删了": an order only by its form (in a message that asks a question, it
    # tells what was done: "把缓存删了，结果还是报错，为什么")
    ordered: bool = False
    # Where the verb stands in its clause (Chinese requests), so that a verb said twice
    # is judged where this request saw it ("别删日志删配置": only the first 删 is negated).
    start: int | None = None


@dataclass
class Clause:
    """One clause of a message (split at punctuation), normalized."""

    norm: str
    question: bool


@dataclass
class MessageReading:
    """What the router saw in one message (every list holds the words found)."""

    text: str
    norm: str
    clauses: list[Clause] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)
    is_question: bool = False
    # this repository
    paths: list[str] = field(default_factory=list)
    identifiers: list[str] = field(default_factory=list)
    dotted: list[str] = field(default_factory=list)  # com.macro.mall, jwt.tokenhead
    names: list[str] = field(default_factory=list)
    project: list[str] = field(default_factory=list)
    we: list[str] = field(default_factory=list)
    deictic: list[str] = field(default_factory=list)
    where: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)
    usage: list[str] = field(default_factory=list)  # "用的是", "does it use": what this repo chose
    app_parts: list[str] = field(default_factory=list)
    parts: list[str] = field(default_factory=list)  # modules, build, dependencies, 目录…
    domain: list[str] = field(default_factory=list)
    # statements about code: "@Transactional 加在 private 方法上了"
    describes: list[str] = field(default_factory=list)
    snippet: bool = False
    pasted_log: bool = False  # lines of a stack trace or a log were pasted (and not read)
    definite: list[str] = field(default_factory=list)  # "the decoder", "the password reset token"
    # general knowledge and conversation
    generic: list[str] = field(default_factory=list)
    generic_weak: list[str] = field(default_factory=list)
    how_to: list[str] = field(default_factory=list)
    known_topic: str = ""  # the message is about a name of the Java world ("HashMap 为什么…")
    indefinite: bool = False
    conversation: list[str] = field(default_factory=list)
    answer_words: list[str] = field(default_factory=list)
    preference: bool = False
    # problems and the patch
    audit: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    evaluative: list[str] = field(default_factory=list)
    complaints: list[str] = field(default_factory=list)  # "也太长了吧", "什么鬼", "way too long"
    records: list[str] = field(default_factory=list)  # "CHANGELOG", "修复了哪些": past fixes
    existence: bool = False  # "有没有…", "are there any…"
    safeguards: list[str] = field(default_factory=list)  # "Are passwords hashed?"
    patch_words: list[str] = field(default_factory=list)
    patch_refs: list[str] = field(default_factory=list)
    new_patch: bool = False
    # What a rule computed once for this reading and another rule asks again.
    memo: dict[str, object] = field(default_factory=dict)
    # The clause (normalized) each request was read in, by the request's id: a request's
    # ``start`` counts in its clause.
    request_clauses: dict[int, str] = field(default_factory=dict)

    def clause_of(self, request: Request) -> str:
        """The clause ``request`` was read in (the whole message when unknown)."""
        return self.request_clauses.get(id(request), self.norm)

    @property
    def strong(self) -> list[str]:
        """Words that by themselves point at this repository."""
        return [
            *self.paths, *self.identifiers, *self.dotted, *self.names, *self.project, *self.we,
            *self.deictic, *self.where,
        ]  # fmt: skip

    @property
    def weak(self) -> list[str]:
        """Words that point at this repository unless the message asks for knowledge."""
        snippet = ["<code>"] if self.snippet else []
        return [
            *self.usage, *self.facts, *self.app_parts, *self.parts, *self.domain, *self.describes,
            *snippet,
        ]  # fmt: skip

    @property
    def asks_knowledge(self) -> bool:
        """Words that ask for general knowledge: a concept, a comparison, practice."""
        specific = self.app_parts or self.domain or self.usage
        weak_generic = self.generic_weak or self.known_topic
        return bool(self.generic or (weak_generic and not specific))

    @property
    def knowledge(self) -> bool:
        """The message asks for general knowledge rather than about this repository."""
        if self.strong:
            return False
        return self.asks_knowledge or (bool(self.how_to or self.indefinite) and not self.weak)

    @property
    def here(self) -> list[str]:
        """What makes the message about this repository, if anything.

        Strong pointers always do; the application's parts and facts unless the message
        asks for knowledge; bare nouns of a build or a domain, and statements, not in a
        how-to either ("单元测试里怎么 mock 静态方法？").
        """
        if self.strong:
            return self.strong
        if self.asks_knowledge:
            return []
        snippet = ["<code>"] if self.snippet else []
        firm = [*self.usage, *self.facts, *self.app_parts, *snippet]
        loose = [*self.parts, *self.domain, *self.describes]
        if firm:
            return [*firm, *loose]
        return [] if self.how_to else loose

    def acts(self, *kinds: Act) -> list[Request]:
        """The requests of the given kinds (a "don't change…" is no change by itself)."""
        return [r for r in self.requests if r.act in kinds and not r.negative]
