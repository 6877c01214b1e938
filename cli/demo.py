"""``autopatch-memory demo``: a scripted, offline walk-through of the memory.

It copies the bundled demo repository (``cli/demo_repo``, a Maven multi-module
Spring Boot service) to a temporary folder and runs the real code paths on it:

1. the repo profile is collected from the build files;
2. turns in English and Chinese are answered and recorded — the answers are
   scripted, because the demo needs no model;
3. the heuristic summarizer (offline, deterministic) turns them into summaries,
   topics, a durable preference and a project note;
4. a follow-up question gets the small memory context, not the whole history;
5. after a longer session, the context stays bounded while replaying the history
   would keep growing (both measured by the same function);
6. an audit question is gated: no context, nothing recorded;
7. a pasted secret is redacted before it reaches the file;
8. ``/reset`` in a scripted chat session clears everything.

The temporary folder is deleted at the end. No network, no configuration read.
"""

from __future__ import annotations

import io
import shutil
import tempfile
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path

from rich.text import Text

from autopatch_memory import (
    MEMORY_DIR_NAME,
    BackendCheck,
    ContextSize,
    ProjectMemory,
    history_replay_size,
    limits,
)

from .answer import TurnResult, TurnRunner
from .chat import ChatSession
from .console import Console, Line
from .render import (
    render_context,
    render_document,
    render_profile,
    render_report,
    render_turn,
)

__all__ = ["DEMO_REPO_PACKAGE_PATH", "ScriptedAnswerer", "run_demo"]

DEMO_REPO_PACKAGE_PATH = "demo_repo"
_DEMO_FOLDER_NAME = "demo-review-service"
_SECRET_PASSWORD = "hunter2"
_SECRET_TOKEN = "ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7c"

# Question → the scripted answer a model might have given. Recorded as the
# assistant text (summarizer input only; never injected back into a prompt).
_SCRIPT: tuple[tuple[str, str], ...] = (
    (
        "How is this project organised into modules?",
        "It is a Maven multi-module build on Spring Boot 3 and Java 17: `review` holds the "
        "finding queue and patch confirmation, `api` exposes them over REST.",
    ),
    (
        "review 模块里的 FindingQueue 是怎么给 finding 排序的？",
        "FindingQueue 用 PriorityQueue 保存待处理的 finding，按严重程度、路径、行号排序，"
        "next() 返回最紧急的一个。",
    ),
    (
        "以后回答请用中文，并且先给结论再解释。",
        "好的，之后我会先给结论，再展开说明。",
    ),
    (
        "Optional 怎么用？什么时候不该直接调用 get()？",
        "Optional 用来表达可能为空的返回值；优先用 orElse、orElseThrow、map，"
        "不要在没检查的情况下直接 get()。",
    ),
    (
        "review 模块处理完 finding 之后，确认流程是怎么走的？",
        "PatchConfirmation.decide() 记录人的决定并把 finding 移出队列；只有确认后才应用改动。",
    ),
    (
        "Audit the api module for SQL injection and fix it.",
        "(an audit answer would come from the audit flow, with no memory involved)",
    ),
    (
        f"我的数据库 password={_SECRET_PASSWORD} ，GitHub token 是 {_SECRET_TOKEN} ，"
        "为什么 api 模块启动失败？",
        "先看启动日志里的第一条异常；不要把密码和 token 写进配置文件或聊天里。",
    ),
)
# More of the same session (step 5): what a long conversation costs to replay.
_LONGER_SESSION: tuple[tuple[str, str], ...] = (
    (
        "How does ReviewController expose the finding queue over REST?",
        "ReviewController maps GET /findings to the queue's snapshot and POST "
        "/findings/{id}/decision to PatchConfirmation.decide(); both run on the request "
        "thread and return plain DTOs, so the API never hands out the queue itself. "
        "Errors from an unknown id become a 404 through the controller advice.",
    ),
    (
        "review 模块和 api 模块之间是怎么依赖的？",
        "api 模块依赖 review 模块：ReviewController 直接注入 FindingQueue 和 "
        "PatchConfirmation；review 模块本身不知道 api 的存在，所以它可以单独测试，"
        "也可以被别的入口复用，比如以后加一个命令行入口。",
    ),
    (
        "What happens to a finding after the patch is rejected?",
        "A rejected finding leaves the queue as well: decide() records the human "
        "decision with the reviewer and time, removes the finding and never applies the "
        "patch. Nothing is retried automatically; a new audit would raise it again if "
        "the problem is still there.",
    ),
    (
        "FindingQueue 内部是怎么排序的？同一严重程度的 finding 谁先出来？",
        "FindingQueue 内部用 PriorityQueue，比较器先比严重程度，再比文件路径和行号；"
        "所以同一严重程度时，路径字典序靠前、行号更小的 finding 先出队。"
        "这个顺序是确定的，重复运行审计时队列顺序不会抖动。",
    ),
    (
        "Which Spring Boot features does the api module rely on?",
        "Only the basics: auto-configured Spring MVC with Jackson for the JSON bodies, "
        "the embedded server, and component scanning of com.example. There is no "
        "database, no security starter and no actuator yet; adding actuator would give "
        "health checks for free.",
    ),
    (
        "顺便说一下：我们的 api 模块只部署在内网，外部请求都经过网关。",
        "明白：api 只在内网提供服务，对外由网关转发，所以 api 里不必再做公网层面的限流。",
    ),
    (
        "以后解释代码时先给调用链，再讲细节。",
        "好的，之后我会先列出调用链（入口 → 服务 → 数据），再逐步展开细节。",
    ),
)


class ScriptedAnswerer:
    """An :class:`~autopatch_memory.backends.llm.AnswerBackend` with canned answers.

    It also keeps the system prompts it was given, so the demo can show what a
    model would have seen.
    """

    def __init__(self, script: Sequence[tuple[str, str]]) -> None:
        self._answers = dict(script)
        self.system_prompts: list[str] = []

    @property
    def name(self) -> str:
        """``scripted``."""
        return "scripted"

    def answer(
        self,
        system_prompt: str,
        user_text: str,
        *,
        history: Sequence[tuple[str, str]] = (),
        on_text: Callable[[str], None] | None = None,
    ) -> str:
        """The scripted answer to the question that starts ``user_text`` (given whole)."""
        self.system_prompts.append(system_prompt)
        question = user_text.split("\n\n---\n", 1)[0]
        answer = self._answers.get(question, "(no scripted answer)")
        if on_text is not None:
            on_text(answer)
        return answer

    def check(self) -> BackendCheck:
        """Always reachable: it is not a server."""
        return BackendCheck(ok=True, detail="scripted answers (demo)")


class _Demo:
    def __init__(self, console: Console, repo: Path) -> None:
        self.console = console
        self.repo = repo
        self.answerer = ScriptedAnswerer(_SCRIPT + _LONGER_SESSION)
        self.step = 0

    def section(self, title: str) -> None:
        self.step += 1
        self.console.out("")
        self.console.out(Text(f"== {self.step}. {title} ==", style="bold cyan"))

    def say(self, text: str) -> None:
        self.console.out(Text(text, style="dim"))

    def lines(self, lines: Sequence[Line]) -> None:
        self.console.lines(lines)

    def indented(self, lines: Sequence[Line]) -> None:
        self.console.lines([Text.assemble("  ", line) for line in lines])

    def turn(self, runner: TurnRunner, question: str) -> TurnResult:
        self.console.out(Text(f"> {question}", style="bold"))
        result = runner.run(question)
        self.indented(render_turn(result))
        return result

    def run(self) -> int:
        self.console.out(Text("autopatch-memory demo — offline, on a temporary copy", style="bold"))
        self.say(f"repository: {self.repo}")
        # Recording runs with summaries off; the summarizer runs explicitly so that its
        # report can be shown (in real use it runs on a background worker).
        memory = ProjectMemory.open(self.repo, backend="off")
        runner = TurnRunner(memory, self.answerer, model_name="scripted")
        self.profile_step(memory)
        self.turns_step(memory, runner)
        self.summary_step(memory)
        self.follow_up_step(runner)
        self.longer_session_step(memory, runner)
        self.gate_step(memory, runner)
        self.secret_step(memory, runner)
        self.reset_step(memory, runner)
        self.console.out("")
        self.console.out(Text("Demo done. The temporary copy is deleted.", style="bold green"))
        self.say("Try it on your repository: autopatch-memory chat /path/to/repo")
        return 0

    def profile_step(self, memory: ProjectMemory) -> None:
        self.section("Opening memory collects the repo profile from the build files")
        self.lines(render_profile(memory.profile()))
        self.say("only what the build files say: no guess about what the project is for")

    def turns_step(self, memory: ProjectMemory, runner: TurnRunner) -> None:
        self.section("Turns are answered and recorded (raw material, not memory yet)")
        self.say("answers are scripted: the demo needs no model")
        for question, _answer in _SCRIPT[:4]:
            self.turn(runner, question)
        pending = len(memory.document().pending_turns())
        self.say(f"{pending} turns pending: each is a question waiting to be summarized")

    def summary_step(self, memory: ProjectMemory) -> None:
        self.section("The summarizer compresses pending turns into a Memory Delta")
        self.say("heuristic backend (offline, deterministic); its delta goes through the applier")
        self.summarize()
        doc = memory.document()
        self.lines(
            render_document(
                doc, path=str(memory.paths.memory_file), size_bytes=doc.size_bytes(), compact=True
            )
        )

    def summarize(self) -> None:
        with ProjectMemory.open(self.repo, backend="heuristic", refresh_profile=False) as worker:
            report = worker.summarize_now()
        if report is not None:
            self.lines(render_report(report))

    def follow_up_step(self, runner: TurnRunner) -> None:
        self.section("A follow-up question gets a small, governed memory context")
        result = self.turn(runner, _SCRIPT[4][0])
        self.console.out(Text("  the system prompt carried this memory context:", style="bold"))
        self.indented(render_context(result.context))
        given = self.answerer.system_prompts[-1]
        leaked = any(answer in given for _q, answer in _SCRIPT[:4])
        self.say(f"  earlier answers in the prompt: {'yes' if leaked else 'no'} (never injected)")

    def longer_session_step(self, memory: ProjectMemory, runner: TurnRunner) -> None:
        self.section("After a longer session the context stays small; the history does not")
        for question, _answer in _LONGER_SESSION:
            self.console.out(Text(f"> {question}", style="bold"))
            runner.run(question)
        self.say(f"  {len(_LONGER_SESSION)} more turns recorded; summarizing them:")
        self.summarize()
        result = runner.run(_SCRIPT[4][0])  # the same follow-up question as before
        self.compare(result.context.size_report(), history_replay_size(memory.document()))

    def compare(self, context: ContextSize, replay: ContextSize) -> None:
        bound = limits.CONTEXT_MAX_BYTES // limits.KIB
        self.say(
            f"  memory context for the follow-up: {context.chars} chars "
            f"(~{context.tokens} tokens), never more than {bound} KiB"
        )
        self.say(
            f"  replaying the recent history instead: {replay.chars} chars "
            f"(~{replay.tokens} tokens), growing with every turn"
        )

    def gate_step(self, memory: ProjectMemory, runner: TurnRunner) -> None:
        self.section("Audit and patch flows stay isolated")
        before = memory.file_info()
        result = self.turn(runner, _SCRIPT[5][0])
        after = memory.file_info()
        self.say(
            f"  context given: {len(result.context.items)} items · recorded: "
            f"{'no' if result.turn_id is None else 'yes'} · memory file unchanged: "
            f"{'yes' if before == after else 'no'}"
        )

    def secret_step(self, memory: ProjectMemory, runner: TurnRunner) -> None:
        self.section("A pasted secret never reaches the file")
        result = self.turn(runner, _SCRIPT[6][0])
        stored = memory.document().turn(result.turn_id) if result.turn_id else None
        if stored is not None:
            self.console.out(f"  stored user_text: {stored.user_text}")
        text = memory.paths.memory_file.read_text(encoding="utf-8")
        for secret in (_SECRET_PASSWORD, _SECRET_TOKEN):
            shown = secret[:4] + "…"
            self.say(f"  memory.json contains {shown}: {'YES' if secret in text else 'no'}")

    def reset_step(self, memory: ProjectMemory, runner: TurnRunner) -> None:
        self.section("/reset in a chat session clears the memory")
        script = io.StringIO("/memory\n/reset\ny\n/memory\n/exit\n")
        session = ChatSession(memory, runner, self.console, stdin=script, interactive=False)
        self.say("  piped into `chat`: /memory, /reset, y, /memory, /exit")
        session.run()  # closes the memory on /exit


def _copy_demo_repo(target: Path) -> None:
    ignore = shutil.ignore_patterns(MEMORY_DIR_NAME)
    # Installed from a wheel or in place, the data sits next to this module; the
    # resources API covers installs where it does not (zip imports).
    beside = Path(__file__).resolve().parent / DEMO_REPO_PACKAGE_PATH
    if beside.is_dir():
        shutil.copytree(beside, target, ignore=ignore)
        return
    source = resources.files(__package__ or "autopatch_memory_cli").joinpath(DEMO_REPO_PACKAGE_PATH)
    with resources.as_file(source) as folder:
        shutil.copytree(folder, target, ignore=ignore)


def run_demo(console: Console) -> int:
    """Run the walk-through on a temporary copy of the demo repository; returns 0."""
    with tempfile.TemporaryDirectory(prefix="autopatch-demo-") as tmp:
        repo = Path(tmp) / _DEMO_FOLDER_NAME
        _copy_demo_repo(repo)
        return _Demo(console, repo).run()
