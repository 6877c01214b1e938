"""What a model endpoint needs to be called, without the SDK (SPEC §10).

:mod:`autopatch_memory.config` builds an :class:`LLMOptions` and
:mod:`autopatch_memory.backends.openai_compat` consumes it. Keeping the options
here means reading the configuration never imports ``openai`` (slow, and only
needed when a model is actually used).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, SecretStr

from autopatch_memory import limits


class StructuredOutput(str, Enum):
    """How the endpoint is asked for JSON; local servers differ in what they accept."""

    JSON_SCHEMA = "json_schema"  # response_format json_schema with the delta schema
    JSON_OBJECT = "json_object"  # response_format json_object (any JSON object)
    PROMPT = "prompt"  # no response_format: the prompt alone asks for JSON

    def __str__(self) -> str:
        return self.value


class LLMOptions(BaseModel):
    """Everything the OpenAI-compatible backend needs; the key is a secret and stays one."""

    model_config = ConfigDict(frozen=True)

    base_url: str | None = None  # None: the SDK's default (api.openai.com)
    model: str
    api_key: SecretStr
    timeout: float = Field(default=limits.LLM_TIMEOUT_SECONDS, gt=0)
    max_retries: int = Field(default=limits.LLM_MAX_RETRIES, ge=0, le=limits.LLM_MAX_RETRIES_CAP)
    temperature: float = Field(default=limits.LLM_TEMPERATURE, ge=0, le=limits.LLM_TEMPERATURE_MAX)
    max_tokens: int = Field(default=limits.LLM_MAX_TOKENS, gt=0, le=limits.LLM_MAX_TOKENS_CAP)
    structured_output: StructuredOutput = StructuredOutput.JSON_SCHEMA


class BackendCheck(BaseModel):
    """The result of an on-request reachability check (``doctor``)."""

    ok: bool
    detail: str
    models: list[str] = Field(default_factory=list)
    model_listed: bool | None = None  # None: the server does not list models
    error: str | None = None  # the error class name when not ok


@runtime_checkable
class AnswerBackend(Protocol):
    """A model that answers a user's question (used by the CLI, never by the library)."""

    @property
    def name(self) -> str:
        """Short name of the backend."""
        ...

    def answer(
        self,
        system_prompt: str,
        user_text: str,
        *,
        history: Sequence[tuple[str, str]] = (),
        on_text: Callable[[str], None] | None = None,
    ) -> str:
        """Return the model's answer; raises :class:`~autopatch_memory.errors.BackendError`.

        With ``on_text`` the answer is streamed: each piece of text is passed to it as
        it arrives (reasoning blocks included), and the whole answer is still returned.
        """
        ...

    def check(self) -> BackendCheck:
        """Probe the endpoint once (lists models or makes a 1-token call)."""
        ...
