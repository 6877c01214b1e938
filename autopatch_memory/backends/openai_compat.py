"""The OpenAI-compatible backend: the only module that imports ``openai``.

See docs/design.md#summary-backends.

It talks to OpenAI or to any local server that speaks ``/v1/chat/completions``
(Ollama ``:11434/v1``, llama.cpp ``:8080/v1``, vLLM ``:8000/v1``, LM Studio
``:1234/v1``). Everything the SDK can raise is translated here into the
library's own :class:`~autopatch_memory.errors.BackendError` tree, so no caller
ever needs to know the SDK exists. Nothing here touches the network until a
method is called: building the backend (and its client) is free.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar
from urllib.parse import urlsplit

import openai

from autopatch_memory import limits
from autopatch_memory.backends.base import SummaryRequest
from autopatch_memory.backends.chat import summarize_with_chat
from autopatch_memory.backends.llm import OPENAI_HOST, BackendCheck, LLMOptions, StructuredOutput
from autopatch_memory.delta import strip_reasoning
from autopatch_memory.errors import (
    BackendAuthError,
    BackendError,
    BackendResponseError,
    BackendTimeoutError,
    BackendUnavailableError,
)
from autopatch_memory.model import MemoryDelta
from autopatch_memory.privacy import redact
from autopatch_memory.prompts import DELTA_SCHEMA_NAME, Message, delta_json_schema
from autopatch_memory.text import clip

_T = TypeVar("_T")

_ROLES = frozenset({"user", "assistant"})
_AUTH_STATUSES = frozenset({401, 403})


def _detail(error: openai.APIStatusError) -> str:
    """The server's own words about an error, short and on one line."""
    message = error.message if isinstance(error.message, str) else str(error)
    return clip(" ".join(message.split()), limits.LLM_ERROR_DETAIL_CHARS)


def _translate(error: openai.OpenAIError, where: str) -> BackendError:
    """Map an SDK error to the library's own type (the one boundary, docs/errors.md)."""
    if isinstance(error, openai.APITimeoutError):
        return BackendTimeoutError(f"{where} did not answer in time")
    if isinstance(error, openai.APIConnectionError):
        return BackendUnavailableError(f"{where} could not be reached")
    if isinstance(error, openai.APIStatusError):
        status = error.status_code
        if status in _AUTH_STATUSES:
            return BackendAuthError(f"{where} refused the credentials ({status}): {_detail(error)}")
        if status == 429 or status >= 500:
            return BackendUnavailableError(f"{where} is unavailable ({status}): {_detail(error)}")
        return BackendError(f"{where} rejected the request ({status}): {_detail(error)}")
    return BackendError(f"{where} failed: {clip(str(error), limits.LLM_ERROR_DETAIL_CHARS)}")


class OpenAICompatBackend:
    """A :class:`~autopatch_memory.backends.base.SummaryBackend` over an OpenAI-compatible API.

    Also answers free questions (:meth:`answer`) and probes the endpoint on
    request (:meth:`check`), so the CLI reaches a model without importing the SDK.
    """

    def __init__(self, options: LLMOptions) -> None:
        self._options = options
        self._client: openai.OpenAI | None = None
        self._lock = threading.Lock()

    # -- identity -------------------------------------------------------------------

    @property
    def name(self) -> str:
        """``openai`` (the journal's actor is ``summarizer:openai``)."""
        return "openai"

    @property
    def options(self) -> LLMOptions:
        """The options this backend was built with (the key stays a secret)."""
        return self._options

    def __repr__(self) -> str:
        return (
            f"OpenAICompatBackend(base_url={redact(self._endpoint())!r}, "
            f"model={self._options.model!r}, "
            f"structured_output={self._options.structured_output.value!r})"
        )

    def _endpoint(self) -> str:
        return self._options.base_url or f"https://{OPENAI_HOST}/v1"

    def _where(self) -> str:
        parts = urlsplit(self._endpoint())
        return f"the model server at {parts.hostname or parts.netloc}" + (
            f":{parts.port}" if parts.port else ""
        )

    # -- the client -------------------------------------------------------------------

    @property
    def client(self) -> openai.OpenAI:
        """The SDK client, made on first use (constructing it makes no request)."""
        with self._lock:
            if self._client is None:
                key = self._options.api_key.get_secret_value()
                try:
                    client = openai.OpenAI(
                        api_key=key,
                        base_url=self._endpoint(),
                        timeout=self._options.timeout,
                        max_retries=self._options.max_retries,
                        # The SDK also reads an Authorization header from the
                        # environment (OPENAI_CUSTOM_HEADERS); an explicit one wins,
                        # so only the key the configuration chose is ever sent.
                        default_headers={"Authorization": f"Bearer {key}"},
                    )
                except openai.OpenAIError as error:
                    raise _translate(error, self._where()) from None
                if not self._options.is_openai:
                    # OPENAI_ORG_ID / OPENAI_PROJECT_ID describe the user's OpenAI
                    # account: another server has no business receiving them.
                    client.organization = None
                    client.project = None
                self._client = client
            return self._client

    @contextmanager
    def _boundary(self) -> Iterator[None]:
        """Translate every SDK error raised inside the block."""
        try:
            yield
        except openai.OpenAIError as error:
            raise _translate(error, self._where()) from None
        except (json.JSONDecodeError, UnicodeDecodeError):
            # The SDK lets a 200 with a body that is not JSON through undecorated.
            raise BackendResponseError(
                f"{self._where()} answered with a body that is not JSON"
            ) from None

    def _call(self, fn: Callable[[], _T]) -> _T:
        with self._boundary():
            return fn()

    def _request(
        self,
        messages: Sequence[Message],
        *,
        temperature: float,
        max_tokens: int,
        timeout: float | None = None,
    ) -> dict[str, Any]:
        """The arguments of one chat completion request."""
        kwargs: dict[str, Any] = {
            "model": self._options.model,
            "messages": list(messages),
            "temperature": temperature,
            "timeout": timeout if timeout is not None else self._options.timeout,
        }
        # OpenAI deprecated max_tokens for max_completion_tokens; local servers
        # (Ollama, llama.cpp, LM Studio) only know max_tokens.
        kwargs["max_completion_tokens" if self._options.is_openai else "max_tokens"] = max_tokens
        return kwargs

    def _complete(
        self,
        messages: Sequence[Message],
        *,
        temperature: float,
        max_tokens: int,
        response_format: dict[str, Any] | None = None,
        timeout: float | None = None,
    ) -> str:
        """One chat completion; returns the message text (reasoning not stripped)."""
        kwargs = self._request(
            messages, temperature=temperature, max_tokens=max_tokens, timeout=timeout
        )
        if response_format is not None:
            kwargs["response_format"] = response_format
        response = self._call(lambda: self.client.chat.completions.create(**kwargs))
        choices = getattr(response, "choices", None)
        if not choices:
            raise BackendResponseError(f"{self._where()} returned no choices")
        content = getattr(choices[0].message, "content", None)
        if not isinstance(content, str):
            raise BackendResponseError(f"{self._where()} returned no text")
        return content

    def _response_format(self, request: SummaryRequest) -> dict[str, Any] | None:
        mode = self._options.structured_output
        if mode is StructuredOutput.JSON_SCHEMA:
            return {
                "type": "json_schema",
                "json_schema": {
                    "name": DELTA_SCHEMA_NAME,
                    "schema": delta_json_schema(request),
                    "strict": True,
                },
            }
        if mode is StructuredOutput.JSON_OBJECT:
            return {"type": "json_object"}
        return None

    # -- SummaryBackend ---------------------------------------------------------------

    def summarize(self, request: SummaryRequest) -> MemoryDelta:
        """Ask the model for the delta of ``request``; one repair retry on an invalid reply.

        The loop is the one every chat model shares
        (:func:`~autopatch_memory.backends.chat.summarize_with_chat`).

        Raises :class:`~autopatch_memory.errors.InvalidReplyError` (a
        :class:`BackendResponseError` with ``reason``) when the reply is still
        unusable after the repair, and the other :class:`BackendError` subclasses
        when the server fails.
        """
        response_format = self._response_format(request)

        def complete(messages: list[Message]) -> str:
            return self._complete(
                messages,
                temperature=self._options.temperature,
                max_tokens=self._options.max_tokens,
                response_format=response_format,
            )

        return summarize_with_chat(complete, request)

    # -- answering (CLI) ----------------------------------------------------------------

    def answer(
        self,
        system_prompt: str,
        user_text: str,
        *,
        history: Sequence[tuple[str, str]] = (),
        on_text: Callable[[str], None] | None = None,
    ) -> str:
        """Answer ``user_text`` under ``system_prompt``.

        ``history`` is earlier messages of this session as ``(role, text)`` pairs,
        role ``"user"`` or ``"assistant"``, oldest first. With ``on_text`` the reply is
        streamed: every piece of text is passed to it as it arrives (reasoning blocks
        included; the timeout applies to each wait for the next piece). Reasoning
        blocks are removed from the returned answer. Raises :class:`BackendError`
        subclasses.
        """
        messages: list[Message] = [{"role": "system", "content": system_prompt}]
        for role, text in history:
            if role not in _ROLES:
                raise ValueError(f"history role must be 'user' or 'assistant', not {role!r}")
            messages.append({"role": role, "content": text})
        messages.append({"role": "user", "content": user_text})
        if on_text is None:
            reply = self._complete(
                messages,
                temperature=limits.LLM_ANSWER_TEMPERATURE,
                max_tokens=limits.LLM_ANSWER_MAX_TOKENS,
            )
        else:
            reply = self._stream(messages, on_text)
        return strip_reasoning(reply).strip()

    def quick_reply(
        self, system_prompt: str, user_text: str, *, max_tokens: int, timeout: float
    ) -> str:
        """One short call: ``user_text`` under ``system_prompt``, not streamed, no retry,
        at temperature 0, within ``timeout`` seconds (the CLI's intent routing,
        docs/cli.md#routing-and-the-transcript). Returns the reply without reasoning
        blocks; raises :class:`BackendError` subclasses (a timeout as
        :class:`BackendTimeoutError`)."""
        messages: list[Message] = [
            {"role": "system", "content": system_prompt},
            {"role": "user", "content": user_text},
        ]
        kwargs = self._request(messages, temperature=0.0, max_tokens=max_tokens, timeout=timeout)
        response = self._call(
            lambda: self.client.with_options(max_retries=0).chat.completions.create(**kwargs)
        )
        choices = getattr(response, "choices", None)
        content = getattr(choices[0].message, "content", None) if choices else None
        if not isinstance(content, str):
            raise BackendResponseError(f"{self._where()} returned no text")
        return strip_reasoning(content).strip()

    def _stream(self, messages: Sequence[Message], on_text: Callable[[str], None]) -> str:
        """One streamed chat completion; returns the whole text."""
        kwargs = self._request(
            messages,
            temperature=limits.LLM_ANSWER_TEMPERATURE,
            max_tokens=limits.LLM_ANSWER_MAX_TOKENS,
        )
        kwargs["stream"] = True
        pieces: list[str] = []
        with self._boundary():
            for chunk in self.client.chat.completions.create(**kwargs):
                choices = getattr(chunk, "choices", None) or []
                delta = getattr(choices[0], "delta", None) if choices else None
                text = getattr(delta, "content", None)
                if isinstance(text, str) and text:
                    pieces.append(text)
                    on_text(text)
        if not pieces:
            raise BackendResponseError(f"{self._where()} returned no text")
        return "".join(pieces)

    # -- doctor -------------------------------------------------------------------------

    def check(self) -> BackendCheck:
        """Probe the endpoint once: list its models, or make a 1-token call when it
        does not list them. Never raises for a server failure; the result says."""
        timeout = min(self._options.timeout, limits.LLM_CHECK_TIMEOUT_SECONDS)
        try:
            try:
                page = self._call(
                    lambda: self.client.with_options(max_retries=0).models.list(timeout=timeout)
                )
                names = sorted(str(getattr(m, "id", "")) for m in page.data)
                names = [n for n in names if n]
                listed = self._options.model in names
                detail = f"{self._where()} answered; model {self._options.model!r} " + (
                    "is available" if listed else "is not in its model list"
                )
                return BackendCheck(
                    ok=True,
                    detail=detail,
                    models=names[: limits.LLM_CHECK_MAX_MODELS],
                    model_listed=listed,
                )
            except (BackendAuthError, BackendTimeoutError, BackendUnavailableError):
                raise
            except BackendError:
                # Some servers have no /models: a 1-token call tells as much.
                self._complete(
                    [{"role": "user", "content": "ping"}],
                    temperature=0.0,
                    max_tokens=1,
                    timeout=timeout,
                )
                return BackendCheck(ok=True, detail=f"{self._where()} answered a 1-token call")
        except BackendError as error:
            return BackendCheck(ok=False, detail=str(error), error=type(error).__name__)

    def ping(self) -> BackendCheck:
        """Alias of :meth:`check`."""
        return self.check()

    def close(self) -> None:
        """Release the HTTP connections (the backend can still be used afterwards)."""
        with self._lock:
            client, self._client = self._client, None
        if client is not None:
            with self._boundary():
                client.close()
