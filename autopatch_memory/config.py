"""Settings: which summary backend, which model endpoint, and with which key (SPEC §10).

Precedence, highest first: explicit overrides (command-line flags) > environment >
project file ``<repo>/.autopatch-j/config.toml`` > user file
``$XDG_CONFIG_HOME/autopatch-memory/config.toml`` > defaults. Loading reads files
and the environment only: no network, and ``openai`` is not imported until a
model backend is actually built.

The key rule protects the user's credentials from a server they did not pair
them with:

* ``OPENAI_API_KEY`` is sent only to ``https://api.openai.com``, to the base URL
  the user paired it with in ``OPENAI_BASE_URL``, or anywhere when the user opts
  in with ``share_key`` (environment or user file);
* a key meant for this tool (flag, ``AUTOPATCH_LLM_API_KEY``, user file) is sent
  to the configured base URL, except to one that only the project file names —
  a cloned repository could carry that file — unless the user opted in;
* the project file can set neither a key nor ``share_key``;
* a custom base URL without a key gets a harmless placeholder (local servers
  ignore it; the SDK insists on one).

File format (both files)::

    [memory]
    backend = "auto"            # auto | openai | heuristic | off

    [llm]
    base_url = "http://localhost:11434/v1"
    model = "qwen2.5:7b"
    api_key = "..."             # user file only
    timeout = 60                # seconds
    max_retries = 2
    temperature = 0.1
    max_tokens = 1200
    structured_output = "json_schema"   # json_schema | json_object | prompt
    share_key = false           # user file only
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, SecretStr

from autopatch_memory import limits
from autopatch_memory.backends.llm import AnswerBackend, LLMOptions, StructuredOutput
from autopatch_memory.errors import ConfigError
from autopatch_memory.privacy import redact
from autopatch_memory.safe_io import STATE_DIR_NAME

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

if TYPE_CHECKING:
    from autopatch_memory.backends.base import SummaryBackend

# --- names ------------------------------------------------------------------------

ENV_OPENAI_API_KEY = "OPENAI_API_KEY"
ENV_OPENAI_BASE_URL = "OPENAI_BASE_URL"
ENV_API_KEY = "AUTOPATCH_LLM_API_KEY"
ENV_BASE_URL = "AUTOPATCH_LLM_BASE_URL"
ENV_MODEL = "AUTOPATCH_LLM_MODEL"
ENV_BACKEND = "AUTOPATCH_MEMORY_BACKEND"
ENV_TIMEOUT = "AUTOPATCH_LLM_TIMEOUT"
ENV_MAX_RETRIES = "AUTOPATCH_LLM_MAX_RETRIES"
ENV_TEMPERATURE = "AUTOPATCH_LLM_TEMPERATURE"
ENV_MAX_TOKENS = "AUTOPATCH_LLM_MAX_TOKENS"
ENV_STRUCTURED_OUTPUT = "AUTOPATCH_LLM_STRUCTURED_OUTPUT"
ENV_SHARE_KEY = "AUTOPATCH_LLM_SHARE_KEY"

CONFIG_FILE_NAME = "config.toml"
PROJECT_CONFIG_DIR = STATE_DIR_NAME
USER_CONFIG_DIR = "autopatch-memory"

OPENAI_HOST = "api.openai.com"
# Sent to a local server that wants no key: the SDK refuses to run without one.
PLACEHOLDER_API_KEY = "sk-no-key-required"

_MEMORY_TABLE = "memory"
_LLM_TABLE = "llm"

_TRUE = frozenset({"1", "true", "yes", "on"})
_FALSE = frozenset({"0", "false", "no", "off"})


class BackendChoice(str, Enum):
    """Which summary backend to use (``AUTOPATCH_MEMORY_BACKEND``)."""

    AUTO = "auto"  # openai when a model name is configured, else heuristic
    OPENAI = "openai"
    HEURISTIC = "heuristic"
    OFF = "off"  # no summarization at all

    def __str__(self) -> str:
        return self.value


class Origin(str, Enum):
    """Where a setting's value came from (shown by ``doctor``)."""

    DEFAULT = "default"
    USER_FILE = "user file"
    PROJECT_FILE = "project file"
    ENVIRONMENT = "environment"
    OVERRIDE = "command line"


# --- parsing one value ----------------------------------------------------------------


def _text(value: Any, name: str, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{name} must be a non-empty string ({where}).")
    return value.strip()


def _base_url(value: Any, name: str, where: str) -> str:
    url = _text(value, name, where)
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ConfigError(
            f"{name} must be an http(s) URL such as http://localhost:11434/v1 ({where})."
        )
    return url.rstrip("/")


def _number(value: Any, name: str, where: str, *, low: float, high: float, low_open: bool) -> float:
    if isinstance(value, bool):
        number = None
    elif isinstance(value, (int, float)):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            number = None
    else:
        number = None
    too_low = number is not None and (number <= low if low_open else number < low)
    if number is None or number != number or too_low or number > high:
        bound = f"{'above' if low_open else 'at least'} {low:g} and at most {high:g}"
        raise ConfigError(f"{name} must be a number {bound}, not {value!r} ({where}).")
    return number


def _integer(value: Any, name: str, where: str, *, low: int, high: int) -> int:
    number: int | None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, str) and value.strip().lstrip("-").isdigit():
        number = int(value.strip())
    else:
        number = None
    if number is None or not low <= number <= high:
        raise ConfigError(
            f"{name} must be a whole number from {low} to {high}, not {value!r} ({where})."
        )
    return number


def _flag(value: Any, name: str, where: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise ConfigError(f"{name} must be true or false, not {value!r} ({where}).")


def _choice(enum: type[Enum]) -> Callable[[Any, str, str], Any]:
    def parse(value: Any, name: str, where: str) -> Any:
        if isinstance(value, enum):
            return value
        if isinstance(value, str):
            try:
                return enum(value.strip().lower())
            except ValueError:
                pass
        names = ", ".join(str(member.value) for member in enum)
        raise ConfigError(f"{name} must be one of {names}, not {value!r} ({where}).")

    return parse


_PARSERS: dict[str, Callable[[Any, str, str], Any]] = {
    "backend": _choice(BackendChoice),
    "base_url": _base_url,
    "model": _text,
    "api_key": _text,
    "timeout": lambda v, n, w: _number(
        v, n, w, low=0.0, high=limits.LLM_TIMEOUT_MAX_SECONDS, low_open=True
    ),
    "max_retries": lambda v, n, w: _integer(v, n, w, low=0, high=limits.LLM_MAX_RETRIES_CAP),
    "temperature": lambda v, n, w: _number(
        v, n, w, low=0.0, high=limits.LLM_TEMPERATURE_MAX, low_open=False
    ),
    "max_tokens": lambda v, n, w: _integer(v, n, w, low=1, high=limits.LLM_MAX_TOKENS_CAP),
    "structured_output": _choice(StructuredOutput),
    "share_key": _flag,
}
SETTING_NAMES: tuple[str, ...] = tuple(_PARSERS)
"""Every key an override dict or a config file may set."""

# Which table of a config file holds each setting.
_TABLE_OF: dict[str, str] = {name: _LLM_TABLE for name in SETTING_NAMES} | {
    "backend": _MEMORY_TABLE
}
# A project file travels with a cloned repository: it may not hold credentials
# nor decide where credentials go.
_USER_ONLY = frozenset({"api_key", "share_key"})

# Environment variables of this tool; OPENAI_* pairs are handled by the key rule.
_ENV_OF: dict[str, str] = {
    "backend": ENV_BACKEND,
    "model": ENV_MODEL,
    "api_key": ENV_API_KEY,
    "timeout": ENV_TIMEOUT,
    "max_retries": ENV_MAX_RETRIES,
    "temperature": ENV_TEMPERATURE,
    "max_tokens": ENV_MAX_TOKENS,
    "structured_output": ENV_STRUCTURED_OUTPUT,
    "share_key": ENV_SHARE_KEY,
}


# --- the settings ----------------------------------------------------------------------


class Settings(BaseModel):
    """The resolved configuration. ``api_key`` is the key that will be sent, if any."""

    model_config = ConfigDict(frozen=True)

    backend: BackendChoice = BackendChoice.AUTO
    base_url: str | None = None  # None: https://api.openai.com/v1
    model: str | None = None
    api_key: SecretStr | None = None
    timeout: float = limits.LLM_TIMEOUT_SECONDS
    max_retries: int = limits.LLM_MAX_RETRIES
    temperature: float = limits.LLM_TEMPERATURE
    max_tokens: int = limits.LLM_MAX_TOKENS
    structured_output: StructuredOutput = StructuredOutput.JSON_SCHEMA
    share_key: bool = False

    # Provenance, for `doctor`.
    sources: dict[str, str] = Field(default_factory=dict)  # setting -> where it came from
    api_key_source: str | None = None  # where the key that will be sent came from
    withheld_keys: list[str] = Field(default_factory=list)  # keys found but not sent
    files: list[str] = Field(default_factory=list)  # config files that were read
    warnings: list[str] = Field(default_factory=list)

    @property
    def uses_openai_host(self) -> bool:
        """True when requests go to OpenAI itself (no base URL, or api.openai.com)."""
        return self.base_url is None or _is_openai_url(self.base_url)

    def resolved_backend(self) -> BackendChoice:
        """The backend ``auto`` stands for: openai when a model is configured, else heuristic."""
        if self.backend is BackendChoice.AUTO:
            return BackendChoice.OPENAI if self.model else BackendChoice.HEURISTIC
        return self.backend

    def llm_options(self) -> LLMOptions:
        """What the OpenAI-compatible backend needs; raises :class:`ConfigError` without a model."""
        if not self.model:
            raise ConfigError(
                f"No model is configured: set {ENV_MODEL} or `model` under [llm] in a config file."
            )
        key = self.api_key or SecretStr(PLACEHOLDER_API_KEY)
        return LLMOptions(
            base_url=self.base_url,
            model=self.model,
            api_key=key,
            timeout=self.timeout,
            max_retries=self.max_retries,
            temperature=self.temperature,
            max_tokens=self.max_tokens,
            structured_output=self.structured_output,
        )

    def describe(self) -> dict[str, str]:
        """A human-readable, secret-free view of the settings (for ``doctor``)."""

        def shown(name: str, value: object) -> str:
            return f"{value} ({self.sources.get(name, Origin.DEFAULT.value)})"

        resolved = self.resolved_backend()
        backend = shown("backend", self.backend.value)
        if self.backend is BackendChoice.AUTO:
            backend += f" -> {resolved.value}"
        if self.api_key is not None:
            key = f"set ({self.api_key_source})"
        elif self.uses_openai_host:
            key = "not set"
        else:
            key = "placeholder (a local server needs none)"
        info = {
            "backend": backend,
            "base_url": shown("base_url", redact(self.base_url or f"https://{OPENAI_HOST}/v1")),
            "model": shown("model", self.model or "not set"),
            "api_key": key,
            "timeout": shown("timeout", f"{self.timeout:g} s"),
            "max_retries": shown("max_retries", self.max_retries),
            "temperature": shown("temperature", f"{self.temperature:g}"),
            "max_tokens": shown("max_tokens", self.max_tokens),
            "structured_output": shown("structured_output", self.structured_output.value),
            "share_key": shown("share_key", str(self.share_key).lower()),
            "config_files": ", ".join(self.files) or "none",
        }
        if self.withheld_keys:
            info["withheld_keys"] = (
                ", ".join(self.withheld_keys)
                + f" not sent to this base URL (set {ENV_SHARE_KEY}=1 to send it)"
            )
        if self.warnings:
            info["warnings"] = " | ".join(self.warnings)
        return info


# --- where things are ------------------------------------------------------------------


def user_config_path(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/autopatch-memory/config.toml`` (``~/.config/...`` by default)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME", "")
    # The XDG spec says a relative value is invalid and must be ignored.
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".config"
    return root / USER_CONFIG_DIR / CONFIG_FILE_NAME


def project_config_path(repo_root: Path) -> Path:
    """``<repo>/.autopatch-j/config.toml``."""
    return repo_root / PROJECT_CONFIG_DIR / CONFIG_FILE_NAME


def _is_openai_url(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme == "https" and (parts.hostname or "").lower() == OPENAI_HOST


def _same_url(a: str, b: str) -> bool:
    return a.rstrip("/").lower() == b.rstrip("/").lower()


# --- reading layers --------------------------------------------------------------------

_Layer = dict[str, tuple[Any, str]]  # setting -> (parsed value, source label)


def _read_file(path: Path, origin: Origin, warnings: list[str]) -> _Layer | None:
    """The settings a config file sets, or None when the file does not exist."""
    try:
        raw = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        # NotADirectoryError: `.autopatch-j` is a plain file, so there is no config in it.
        return None
    except OSError as error:
        raise ConfigError(
            f"Cannot read the config file {path}: {error.strerror or error}."
        ) from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"The config file {path} is not valid TOML: {error}.") from None
    label = f"{origin.value} {path}"
    layer: _Layer = {}
    for key in data:
        if key in _TABLE_OF:
            raise ConfigError(
                f"In {path}, put `{key}` under [{_TABLE_OF[key]}] instead of at the top level."
            )
    for table in (_MEMORY_TABLE, _LLM_TABLE):
        section = data.get(table, {})
        if not isinstance(section, dict):
            raise ConfigError(f"In {path}, [{table}] must be a table.")
        for key, value in section.items():
            if _TABLE_OF.get(key) != table:
                known = ", ".join(k for k, t in _TABLE_OF.items() if t == table)
                raise ConfigError(
                    f"In {path}, [{table}] has an unknown key `{key}` (known: {known})."
                )
            if origin is Origin.PROJECT_FILE and key in _USER_ONLY:
                warnings.append(
                    f"ignored `{key}` in the project file {path}: set it in the user file "
                    "or the environment (a cloned repository could carry this file)"
                )
                continue
            name = f"[{table}] {key}"
            layer[key] = (_PARSERS[key](value, name, f"in {path}"), label)
    return layer


def _env_value(environ: Mapping[str, str], name: str) -> str | None:
    value = environ.get(name)
    # An empty variable counts as unset, as most tools treat it.
    return value if value is not None and value.strip() else None


def _read_env(environ: Mapping[str, str]) -> _Layer:
    layer: _Layer = {}
    for key, var in _ENV_OF.items():
        value = _env_value(environ, var)
        if value is not None:
            layer[key] = (_PARSERS[key](value, var, "environment"), f"environment {var}")
    # The host's own base URL wins over the SDK's generic one.
    for var in (ENV_BASE_URL, ENV_OPENAI_BASE_URL):
        value = _env_value(environ, var)
        if value is not None:
            layer["base_url"] = (
                _PARSERS["base_url"](value, var, "environment"),
                f"environment {var}",
            )
            break
    return layer


def _read_overrides(overrides: Mapping[str, Any]) -> _Layer:
    layer: _Layer = {}
    for key, value in overrides.items():
        if key not in _PARSERS:
            known = ", ".join(SETTING_NAMES)
            raise ConfigError(f"Unknown setting {key!r} (known: {known}).")
        if value is None:  # a flag that was not given
            continue
        layer[key] = (_PARSERS[key](value, key, "command line"), Origin.OVERRIDE.value)
    return layer


def load_settings(
    repo_root: Path | None,
    overrides: Mapping[str, Any] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
) -> Settings:
    """Resolve the settings for ``repo_root`` (None: no project file).

    ``overrides`` are command-line values keyed by setting name (None values are
    ignored); ``environ`` defaults to ``os.environ``. Raises :class:`ConfigError`
    with one clear sentence on a bad value or an unreadable file. No network.
    """
    env = os.environ if environ is None else environ
    warnings: list[str] = []
    files: list[str] = []
    layers: list[tuple[Origin, _Layer]] = []
    user_path = user_config_path(env)
    file_layers = [(Origin.USER_FILE, user_path)]
    if repo_root is not None:
        file_layers.append((Origin.PROJECT_FILE, project_config_path(repo_root)))
    for origin, path in file_layers:
        from_file = _read_file(path, origin, warnings)
        if from_file is not None:
            files.append(str(path))
            layers.append((origin, from_file))
    layers.append((Origin.ENVIRONMENT, _read_env(env)))
    layers.append((Origin.OVERRIDE, _read_overrides(overrides or {})))

    merged: dict[str, tuple[Any, str, Origin]] = {}
    for origin, layer in layers:
        for key, (value, label) in layer.items():
            merged[key] = (value, label, origin)

    values = {key: value for key, (value, _label, _origin) in merged.items()}
    sources = {key: label for key, (_value, label, _origin) in merged.items() if key != "api_key"}
    chosen_key, key_source, withheld = _choose_key(merged, env)
    values.pop("api_key", None)
    return Settings(
        **values,
        api_key=SecretStr(chosen_key) if chosen_key is not None else None,
        api_key_source=key_source,
        withheld_keys=withheld,
        sources=sources,
        files=files,
        warnings=warnings,
    )


def _choose_key(
    merged: Mapping[str, tuple[Any, str, Origin]], environ: Mapping[str, str]
) -> tuple[str | None, str | None, list[str]]:
    """The key rule: which key (if any) goes to the configured base URL, and which are withheld."""
    withheld: list[str] = []
    base = merged.get("base_url")
    url: str | None = base[0] if base else None
    url_origin = base[2] if base else Origin.DEFAULT
    to_openai = url is None or _is_openai_url(url)
    share = bool(merged["share_key"][0]) if "share_key" in merged else False

    explicit = merged.get("api_key")
    if explicit is not None:
        value, label, _origin = explicit
        # A base URL that only the project file names is the repository's choice,
        # not the user's: their key does not follow it there unless they say so.
        if to_openai or url_origin is not Origin.PROJECT_FILE or share:
            return value, label, withheld
        withheld.append(label)

    openai_key = _env_value(environ, ENV_OPENAI_API_KEY)
    if openai_key is not None:
        paired_url = _env_value(environ, ENV_OPENAI_BASE_URL)
        paired = url is not None and paired_url is not None and _same_url(url, paired_url)
        if to_openai or paired or share:
            return openai_key.strip(), f"environment {ENV_OPENAI_API_KEY}", withheld
        withheld.append(ENV_OPENAI_API_KEY)
    return None, None, withheld


# --- building backends -------------------------------------------------------------------


def make_backend(settings: Settings) -> SummaryBackend | None:
    """The summary backend the settings ask for; None when summarization is ``off``.

    Raises :class:`ConfigError` when ``openai`` is chosen without a model name.
    """
    choice = settings.resolved_backend()
    if choice is BackendChoice.OFF:
        return None
    if choice is BackendChoice.HEURISTIC:
        from autopatch_memory.backends.heuristic import HeuristicBackend

        return HeuristicBackend()
    from autopatch_memory.backends.openai_compat import OpenAICompatBackend

    return OpenAICompatBackend(settings.llm_options())


def make_answerer(settings: Settings) -> AnswerBackend | None:
    """A model that can answer questions (for the CLI), or None when no model is configured.

    Independent of the summary backend choice: ``backend = "heuristic"`` still
    lets the CLI answer through a configured model.
    """
    if not settings.model:
        return None
    from autopatch_memory.backends.openai_compat import OpenAICompatBackend

    return OpenAICompatBackend(settings.llm_options())
