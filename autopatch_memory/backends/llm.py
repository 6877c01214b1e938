"""What a model endpoint needs to be called, without the SDK (docs/design.md#configuration).

:mod:`autopatch_memory.config` builds an :class:`LLMOptions` and
:mod:`autopatch_memory.backends.openai_compat` consumes it. Keeping the options
here means reading the configuration never imports ``openai`` (slow, and only
needed when a model is actually used).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Annotated, Any, Protocol, runtime_checkable
from urllib.parse import urlsplit

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, SecretStr

from autopatch_memory import limits

OPENAI_HOST = "api.openai.com"


def is_openai_endpoint(base_url: str | None) -> bool:
    """True when requests go to OpenAI itself: no base URL (the SDK's default) or
    ``https://api.openai.com/...``.

    The one definition of "is this OpenAI": the key rule (which key may be sent)
    and the wire format (``max_completion_tokens``, account headers) both use it.
    Plain ``http`` never counts: a key must not travel in clear text.
    """
    if base_url is None:
        return True
    parts = urlsplit(base_url)
    return parts.scheme == "https" and (parts.hostname or "").lower() == OPENAI_HOST


def _no_bool(value: Any) -> Any:
    # pydantic reads True as 1; a flag where a number belongs is a mistake, not a 1.
    if isinstance(value, bool):
        raise ValueError("a number")
    return value


# The bounds of each model option, shared by the settings (config.py) and the options.
Timeout = Annotated[
    float,
    BeforeValidator(_no_bool),
    Field(gt=0, le=limits.LLM_TIMEOUT_MAX_SECONDS, allow_inf_nan=False),
]
MaxRetries = Annotated[int, BeforeValidator(_no_bool), Field(ge=0, le=limits.LLM_MAX_RETRIES_CAP)]
Temperature = Annotated[
    float,
    BeforeValidator(_no_bool),
    Field(ge=0, le=limits.LLM_TEMPERATURE_MAX, allow_inf_nan=False),
]
MaxTokens = Annotated[int, BeforeValidator(_no_bool), Field(gt=0, le=limits.LLM_MAX_TOKENS_CAP)]


class StructuredOutput(str, Enum):
    """How the endpoint is asked for JSON; local servers differ in what they accept."""

    JSON_SCHEMA = "json_schema"  # response_format json_schema with the delta schema
    JSON_OBJECT = "json_object"  # response_format json_object (any JSON object)
    PROMPT = "prompt"  # no response_format: the prompt alone asks for JSON

    def __str__(self) -> str:
        return self.value


class LLMOptions(BaseModel):
    """Everything the OpenAI-compatible backend needs; the key is a secret and stays one."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    base_url: str | None = None  # None: the SDK's default (api.openai.com)
    model: str
    api_key: SecretStr
    timeout: Timeout = limits.LLM_TIMEOUT_SECONDS
    max_retries: MaxRetries = limits.LLM_MAX_RETRIES
    temperature: Temperature = limits.LLM_TEMPERATURE
    max_tokens: MaxTokens = limits.LLM_MAX_TOKENS
    structured_output: StructuredOutput = StructuredOutput.JSON_SCHEMA

    @property
    def is_openai(self) -> bool:
        """Requests go to OpenAI itself (see :func:`is_openai_endpoint`)."""
        return is_openai_endpoint(self.base_url)


class BackendCheck(BaseModel):
    """The result of an on-request reachability check (``doctor``)."""

    model_config = ConfigDict(defer_build=True)

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
