"""A scriptable OpenAI-compatible HTTP server on 127.0.0.1, for tests.

It speaks just enough of the API for the real ``openai`` client:
``POST /v1/chat/completions`` (also streamed, as server-sent events, when the
request asks for ``"stream": true``) and ``GET /v1/models``. Each test scripts the
replies it wants (a good delta, a fenced one, one after ``<think>``, invalid
JSON, a 500, a 401, a slow answer...) and then inspects every request the
server received: body, model, messages, ``response_format`` and headers.

Use it either as a context manager::

    with FakeOpenAIServer() as server:
        server.script(Reply.json({"turn_summaries": []}))
        ...

or through the ``fake_openai`` fixture, imported into a test module
(``from fake_openai_server import fake_openai  # noqa: F401``) or registered
for the whole suite with ``pytest_plugins = ["fake_openai_server"]`` in
``tests/conftest.py``.

The command line's routing call (``cli/classify/model.py``: a system prompt that is
:data:`ROUTE_PROMPT`) is answered from a script of its own (:meth:`FakeOpenAIServer.route`,
by default an empty reply, which the router ignores), so a test's scripted answers go
to the answers; :attr:`FakeOpenAIServer.route_requests` are those calls, and
:attr:`FakeOpenAIServer.chat_requests` all the others.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from autopatch_memory_cli.classify.model import ROUTE_PROMPT

DEFAULT_MODEL = "fake-model"
# Retries of the SDK honour this header: keep a scripted 5xx/429 from slowing tests.
FAST_RETRY_HEADERS = {"retry-after-ms": "10"}
_SLEEP_SLICE = 0.02


@dataclass
class Reply:
    """One scripted answer of the server."""

    status: int = 200
    content: str | None = ""  # the assistant message text (status 200)
    error: str = ""  # the error message (other statuses)
    delay: float = 0.0  # seconds to wait before answering
    headers: dict[str, str] = field(default_factory=dict)
    raw_body: bytes | None = None  # send exactly this body instead
    # A streamed request (``"stream": true``) gets these pieces as server-sent events,
    # ``chunk_delay`` seconds apart (default: the whole content as one piece).
    chunks: list[str] | None = None
    chunk_delay: float = 0.0
    # Pieces after the first wait until this event is set (a test decides when the
    # answer goes on), or until the server stops.
    hold: threading.Event | None = None

    @classmethod
    def text(cls, content: str, *, delay: float = 0.0) -> Reply:
        """A 200 reply whose message content is ``content``."""
        return cls(content=content, delay=delay)

    @classmethod
    def streamed(
        cls,
        *chunks: str,
        chunk_delay: float = 0.0,
        delay: float = 0.0,
        hold: threading.Event | None = None,
    ) -> Reply:
        """A reply sent piece by piece to a streaming request (whole to any other)."""
        return cls(
            content="".join(chunks), chunks=list(chunks), chunk_delay=chunk_delay, delay=delay,
            hold=hold,
        )  # fmt: skip

    @classmethod
    def json(cls, obj: Any, *, delay: float = 0.0) -> Reply:
        """A 200 reply whose content is ``obj`` as JSON."""
        return cls(content=json.dumps(obj, ensure_ascii=False), delay=delay)

    @classmethod
    def fenced(cls, obj: Any) -> Reply:
        """The JSON inside a Markdown fence, with a sentence of prose around it."""
        body = json.dumps(obj, ensure_ascii=False, indent=2)
        return cls(content=f"Here is the delta:\n```json\n{body}\n```\nDone.")

    @classmethod
    def think(cls, obj: Any) -> Reply:
        """The JSON after a ``<think>`` block that itself holds braces."""
        body = json.dumps(obj, ensure_ascii=False)
        return cls(content=f'<think>Maybe {{"turn_summaries": 1}}? No.</think>\n{body}')

    @classmethod
    def slow(cls, seconds: float, obj: Any) -> Reply:
        """A good reply that arrives after ``seconds``."""
        return cls.json(obj, delay=seconds)

    @classmethod
    def fail(cls, status: int, message: str = "scripted failure") -> Reply:
        """An error status with an OpenAI-style error body."""
        headers = dict(FAST_RETRY_HEADERS) if status == 429 or status >= 500 else {}
        return cls(status=status, content=None, error=message, headers=headers)


@dataclass
class RecordedRequest:
    """One request the server received."""

    method: str
    path: str
    headers: dict[str, str]  # lower-case names
    body: dict[str, Any] | None

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The chat messages of the request."""
        return list((self.body or {}).get("messages", []))

    @property
    def is_route(self) -> bool:
        """The command line's intent-routing call."""
        return self.system_prompt == ROUTE_PROMPT

    @property
    def system_prompt(self) -> str:
        """The text of the first system message ("" when none)."""
        return next((str(m["content"]) for m in self.messages if m.get("role") == "system"), "")

    @property
    def last_user_message(self) -> str:
        """The text of the last user message ("" when none)."""
        users = [str(m["content"]) for m in self.messages if m.get("role") == "user"]
        return users[-1] if users else ""

    @property
    def response_format(self) -> dict[str, Any] | None:
        """The request's ``response_format``, None when absent."""
        value = (self.body or {}).get("response_format")
        return value if isinstance(value, dict) else None

    @property
    def model(self) -> str | None:
        """The requested model name."""
        value = (self.body or {}).get("model")
        return value if isinstance(value, str) else None

    @property
    def authorization(self) -> str | None:
        """The ``Authorization`` header as received."""
        return self.headers.get("authorization")


class FakeOpenAIServer:
    """A real HTTP server in a thread; see the module docstring."""

    def __init__(
        self,
        default: Reply | None = None,
        *,
        models: tuple[str, ...] = (DEFAULT_MODEL,),
        models_status: int = 200,
    ) -> None:
        self.default = default or Reply.json(
            {"turn_summaries": [], "topic_operations": [], "long_term_operations": []}
        )
        self.models = models
        self.models_status = models_status  # 404: a server without /v1/models
        self.requests: list[RecordedRequest] = []
        self._script: deque[Reply] = deque()
        self._route_script: deque[Reply] = deque()
        self.route_default = Reply.text("")  # unreadable: the rules decide
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever,
            kwargs={"poll_interval": _SLEEP_SLICE},  # a quick shutdown keeps tests fast
            name="fake-openai-server",
            daemon=True,
        )
        self._thread.start()

    # -- scripting ------------------------------------------------------------------

    @property
    def port(self) -> int:
        """The loopback port the server listens on."""
        return int(self._httpd.server_address[1])

    @property
    def url(self) -> str:
        """The base URL to give the client: ``http://127.0.0.1:PORT/v1``."""
        return f"http://127.0.0.1:{self.port}/v1"

    def script(self, *replies: Reply) -> None:
        """Queue replies for the next chat completions, in order (then the default)."""
        with self._lock:
            self._script.extend(replies)

    def route(self, *replies: Reply) -> None:
        """Queue replies for the next routing calls, in order (then :attr:`route_default`)."""
        with self._lock:
            self._route_script.extend(replies)

    @property
    def chat_requests(self) -> list[RecordedRequest]:
        """The chat completion requests received so far, routing calls apart."""
        with self._lock:
            return [
                r for r in self.requests if r.path.endswith("/chat/completions") and not r.is_route
            ]

    @property
    def route_requests(self) -> list[RecordedRequest]:
        """The routing calls received so far."""
        with self._lock:
            return [r for r in self.requests if r.is_route]

    @property
    def pending_replies(self) -> int:
        """Scripted replies not used yet."""
        with self._lock:
            return len(self._script)

    def _next_reply(self, request: RecordedRequest) -> Reply:
        with self._lock:
            if request.is_route:
                return self._route_script.popleft() if self._route_script else self.route_default
            return self._script.popleft() if self._script else self.default

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    # -- lifecycle --------------------------------------------------------------------

    def close(self) -> None:
        """Stop serving; sleeping handlers wake up and give up."""
        self._stopping.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> FakeOpenAIServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _wait_for(self, event: threading.Event) -> None:
        while not self._stopping.is_set() and not event.wait(_SLEEP_SLICE):
            pass

    def _wait(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not self._stopping.is_set() and time.monotonic() < deadline:
            time.sleep(min(_SLEEP_SLICE, max(0.0, deadline - time.monotonic())))

    # -- HTTP -------------------------------------------------------------------------

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as the SDK expects

            def log_message(self, format: str, *args: Any) -> None:
                pass  # quiet tests

            def _read_body(self) -> dict[str, Any] | None:
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    value = json.loads(raw) if raw else None
                except ValueError:
                    return None
                return value if isinstance(value, dict) else None

            def _send(
                self, status: int, body: bytes, headers: dict[str, str] | None = None
            ) -> None:
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(body)))
                    for name, value in (headers or {}).items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

            def _record(self, body: dict[str, Any] | None) -> RecordedRequest:
                headers = {k.lower(): v for k, v in self.headers.items()}
                request = RecordedRequest(self.command, self.path, headers, body)
                server._record(request)
                return request

            def do_GET(self) -> None:
                self._record(None)
                if self.path.rstrip("/").endswith("/models"):
                    if server.models_status != 200:
                        self._send(server.models_status, _error_body(server.models_status, "no"))
                        return
                    data = [{"id": m, "object": "model", "owned_by": "fake"} for m in server.models]
                    self._send(200, json.dumps({"object": "list", "data": data}).encode())
                    return
                self._send(404, _error_body(404, f"no route {self.path}"))

            def do_POST(self) -> None:
                body = self._read_body()
                request = self._record(body)
                if not self.path.rstrip("/").endswith("/chat/completions"):
                    self._send(404, _error_body(404, f"no route {self.path}"))
                    return
                reply = server._next_reply(request)
                if reply.delay:
                    server._wait(reply.delay)
                    if server._stopping.is_set():
                        return
                if reply.raw_body is not None:
                    self._send(reply.status, reply.raw_body, reply.headers)
                elif reply.status != 200:
                    self._send(reply.status, _error_body(reply.status, reply.error), reply.headers)
                elif (body or {}).get("stream"):
                    self._send_stream(str((body or {}).get("model", DEFAULT_MODEL)), reply)
                else:
                    model = (body or {}).get("model", DEFAULT_MODEL)
                    self._send(200, _completion_body(str(model), reply.content), reply.headers)

            def _send_stream(self, model: str, reply: Reply) -> None:
                """Server-sent events, one per piece, then ``[DONE]``; the connection closes."""
                pieces = reply.chunks if reply.chunks is not None else [reply.content or ""]
                self.close_connection = True
                try:
                    self.send_response(200)
                    self.send_header("content-type", "text/event-stream")
                    self.send_header("connection", "close")
                    self.end_headers()
                    for index, piece in enumerate(pieces):
                        if index and reply.hold is not None:
                            server._wait_for(reply.hold)
                        if index and reply.chunk_delay:
                            server._wait(reply.chunk_delay)
                        if server._stopping.is_set():
                            return
                        self.wfile.write(b"data: " + _chunk_body(model, piece) + b"\n\n")
                        self.wfile.flush()
                    self.wfile.write(b"data: [DONE]\n\n")
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (Ctrl-C, a timeout test)

        return Handler


def _completion_body(model: str, content: str | None) -> bytes:
    return json.dumps(
        {
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": model,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        },
        ensure_ascii=False,
    ).encode("utf-8")


def _chunk_body(model: str, piece: str) -> bytes:
    return json.dumps(
        {
            "id": "chatcmpl-fake",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}],
        },
        ensure_ascii=False,
    ).encode("utf-8")


def _error_body(status: int, message: str) -> bytes:
    kind = "invalid_request_error" if status < 500 else "server_error"
    return json.dumps({"error": {"message": message, "type": kind, "code": None}}).encode()


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAIServer]:
    """A fresh fake server for one test, closed afterwards."""
    with FakeOpenAIServer() as server:
        yield server
