"""Settings: which summary backend, which model endpoint, with which key (docs/embedding.md).

:class:`MemorySettings` is one typed, frozen pydantic model. A host builds it
directly — ``MemorySettings()`` is the offline heuristic backend — and nothing
is read from the environment or from files. :meth:`MemorySettings.from_env`
resolves the command line's precedence, highest first: explicit overrides
(command-line flags) > environment > project file ``<repo>/.autopatch-j/config.toml``
> user file ``$XDG_CONFIG_HOME/autopatch-memory/config.toml`` > defaults. Loading
reads files and the environment only: no network, and ``openai`` is not imported
until a model backend is actually built.

The project file travels with a cloned repository, so it may only *narrow* what the
tool does (docs/design.md#configuration): a lower ``timeout``, ``max_retries`` or
``max_tokens`` than the user's, and a ``backend`` of ``heuristic`` or ``off`` where
the user's would reach further. Where anything is sent, with which model, key or
output mode (:data:`USER_ONLY_SETTINGS`), and any value that would widen the user's,
come only from the user: the project file's are ignored, named in
:attr:`MemorySettings.ignored_project_keys` and in a warning (``doctor`` shows it).
The project file is read only when it is a plain file of a sensible size
(:data:`~autopatch_memory.limits.CONFIG_FILE_MAX_BYTES`) in a real folder: a link,
a FIFO or a device is not read.

The key rule protects the user's credentials from a server they did not pair
them with:

* ``OPENAI_API_KEY`` is sent only to ``https://api.openai.com``, to the base URL
  the user paired it with in ``OPENAI_BASE_URL``, or anywhere when the user opts
  in with ``share_key`` (environment or user file);
* a key meant for this tool (flag, ``AUTOPATCH_LLM_API_KEY``, user file) is sent
  to the configured base URL (only the user configures one);
* a custom base URL without a key gets a harmless placeholder (local servers
  ignore it; the SDK insists on one).

File format (both files)::

    [memory]
    backend = "auto"            # auto | openai | heuristic | off (project file: heuristic | off)

    [llm]
    base_url = "http://localhost:11434/v1"  # user file only
    model = "qwen2.5:7b"        # user file only
    api_key = "..."             # user file only
    timeout = 60                # seconds (project file: only lower)
    max_retries = 2             # project file: only fewer
    temperature = 0.1           # user file only
    max_tokens = 8192           # project file: only fewer
    structured_output = "json_schema"   # json_schema | json_object | prompt; user file only
    share_key = false           # user file only
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any
from urllib.parse import urlsplit

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
)

# privacy as a module: its rules load at the first redaction, and reading memory never redacts.
from autopatch_memory import limits, privacy
from autopatch_memory.backends.llm import (
    OPENAI_HOST,
    AnswerBackend,
    LLMOptions,
    MaxRetries,
    MaxTokens,
    StructuredOutput,
    Temperature,
    Timeout,
    is_openai_endpoint,
)
from autopatch_memory.errors import ConfigError, StoreError
from autopatch_memory.safe_io import STATE_DIR_NAME, read_no_follow, state_dir_stat
from autopatch_memory.scheduler import Backoff

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

# Sent to a local server that wants no key: the SDK refuses to run without one.
PLACEHOLDER_API_KEY = "sk-no-key-required"

_MEMORY_TABLE = "memory"
_LLM_TABLE = "llm"


class BackendChoice(str, Enum):
    """Which summary backend to use (``AUTOPATCH_MEMORY_BACKEND``)."""

    AUTO = "auto"  # openai when a model name is configured, else heuristic
    OPENAI = "openai"
    HEURISTIC = "heuristic"
    OFF = "off"  # no summarization at all

    def __str__(self) -> str:
        return self.value


class SettingOrigin(str, Enum):
    """Where a setting's value came from (shown by ``doctor``)."""

    DEFAULT = "default"
    USER_FILE = "user file"
    PROJECT_FILE = "project file"
    ENVIRONMENT = "environment"
    OVERRIDE = "command line"


# --- value types: what each setting accepts -------------------------------------------
# Validators raise ValueError with what the value must be; _expectation() turns any
# validation error into the end of a sentence "<setting> must be ...".


def _non_empty(value: Any) -> Any:
    if isinstance(value, str):
        if not value.strip():
            raise ValueError("a non-empty string")
        return value.strip()
    return value


def _http_url(value: Any) -> Any:
    value = _non_empty(value)
    if isinstance(value, str):
        try:
            parts = urlsplit(value)
            port_ok = parts.port is None or parts.port > 0  # raises when out of range
        except ValueError:  # a port out of range or not a number, a broken IPv6 host
            port_ok = False
        if not port_ok or parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("an http(s) URL such as http://localhost:11434/v1")
        return value.rstrip("/")
    return value


def _choice(enum: type[Enum]) -> BeforeValidator:
    """Accept a member or its value in any case, with spaces around."""

    def parse(value: Any) -> Any:
        if isinstance(value, enum):
            return value
        if isinstance(value, str):
            try:
                return enum(value.strip().lower())
            except ValueError:
                pass
        raise ValueError("one of " + ", ".join(str(member.value) for member in enum))

    return BeforeValidator(parse)


NonEmptyText = Annotated[str, BeforeValidator(_non_empty)]
BaseUrl = Annotated[str, BeforeValidator(_http_url)]
Key = Annotated[SecretStr, BeforeValidator(_non_empty)]

_PHRASES: dict[str, str] = {
    "greater_than": "greater than {gt:g}",
    "greater_than_equal": "at least {ge:g}",
    "less_than": "less than {lt:g}",
    "less_than_equal": "at most {le:g}",
    "finite_number": "a finite number",
    "float_parsing": "a number",
    "float_type": "a number",
    "int_parsing": "a whole number",
    "int_type": "a whole number",
    "int_from_float": "a whole number",
    "bool_parsing": "true or false",
    "bool_type": "true or false",
    "string_type": "a string",
}


def _expectation(error: ValidationError) -> str:
    """What the value must be, from the first problem pydantic found."""
    first = error.errors(include_url=False)[0]
    ctx = first.get("ctx") or {}
    if first["type"] == "value_error":
        return str(ctx.get("error", first["msg"]))
    phrase = _PHRASES.get(first["type"])
    if phrase is None:
        return first["msg"][0].lower() + first["msg"][1:]
    return phrase.format(**{k: float(v) for k, v in ctx.items() if isinstance(v, (int, float))})


# --- the settings ----------------------------------------------------------------------


class MemorySettings(BaseModel):
    """Which summary backend, which model endpoint and key, and the worker's backoff.

    Build it directly in a host (nothing is read from the environment or files;
    the default is the offline heuristic backend), or with :meth:`from_env` for
    the command line's precedence. ``api_key`` is the key that will be sent, if
    any. The provenance fields (``sources`` ...) are filled by :meth:`from_env`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    backend: Annotated[BackendChoice, _choice(BackendChoice)] = BackendChoice.AUTO
    base_url: BaseUrl | None = None  # None: https://api.openai.com/v1
    model: NonEmptyText | None = None
    api_key: Key | None = None
    timeout: Timeout = limits.LLM_TIMEOUT_SECONDS
    max_retries: MaxRetries = limits.LLM_MAX_RETRIES
    temperature: Temperature = limits.LLM_TEMPERATURE
    max_tokens: MaxTokens = limits.LLM_MAX_TOKENS
    structured_output: Annotated[StructuredOutput, _choice(StructuredOutput)] = (
        StructuredOutput.JSON_SCHEMA
    )
    share_key: bool = False
    backoff: Backoff = Field(default_factory=Backoff)  # code only: no file or variable sets it

    # Provenance, for `doctor`.
    sources: dict[str, str] = Field(default_factory=dict)  # setting -> where it came from
    api_key_source: str | None = None  # where the key that will be sent came from
    withheld_keys: list[str] = Field(default_factory=list)  # keys found but not sent
    # Settings the repository's config file tried to set and may not (it only narrows).
    ignored_project_keys: list[str] = Field(default_factory=list)
    files: list[str] = Field(default_factory=list)  # config files that were read
    warnings: list[str] = Field(default_factory=list)

    @field_validator("share_key", mode="before")
    @classmethod
    def _flag(cls, value: Any) -> Any:
        return value.strip() if isinstance(value, str) else value

    @classmethod
    def from_env(
        cls,
        repo_root: str | os.PathLike[str] | None,
        overrides: Mapping[str, Any] | None = None,
        *,
        environ: Mapping[str, str] | None = None,
    ) -> MemorySettings:
        """Resolve the settings the command-line way for ``repo_root`` (None: no project file).

        Precedence, highest first: ``overrides`` (command-line values keyed by
        setting name; None values are ignored) > environment (``environ``, default
        ``os.environ``) > project file > user file > defaults. Raises
        :class:`ConfigError` with one clear sentence naming the setting and where
        it came from on a bad value or an unreadable file. No network.
        """
        root = None if repo_root is None else Path(repo_root)
        return _resolve(root, overrides or {}, os.environ if environ is None else environ)

    def with_backend(self, choice: BackendChoice | str) -> MemorySettings:
        """These settings with another backend choice; :class:`ConfigError` for an unknown name."""
        backend = _checked("backend", choice, "backend", "given by the host")
        return self.model_copy(update={"backend": backend})

    @property
    def uses_openai_host(self) -> bool:
        """True when requests go to OpenAI itself (see :func:`is_openai_endpoint`)."""
        return is_openai_endpoint(self.base_url)

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
            return f"{value} ({self.sources.get(name, SettingOrigin.DEFAULT.value)})"

        resolved = self.resolved_backend()
        backend = shown("backend", self.backend.value)
        if self.backend is BackendChoice.AUTO:
            backend += f" -> {resolved.value}"
        if self.api_key is not None:
            key = f"set ({self.api_key_source or 'given by the host'})"
        elif self.uses_openai_host:
            key = "not set"
        else:
            key = "placeholder (a local server needs none)"
        info = {
            "backend": backend,
            "base_url": shown(
                "base_url", privacy.redact(self.base_url or f"https://{OPENAI_HOST}/v1")
            ),
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
        if self.ignored_project_keys:
            info["ignored_in_repository"] = ", ".join(self.ignored_project_keys)
        if self.warnings:
            info["warnings"] = " | ".join(self.warnings)
        return info


SETTING_NAMES: tuple[str, ...] = (
    "backend",
    "base_url",
    "model",
    "api_key",
    "timeout",
    "max_retries",
    "temperature",
    "max_tokens",
    "structured_output",
    "share_key",
)
"""Every key an override dict or a config file may set."""

# Which table of a config file holds each setting.
_TABLE_OF: dict[str, str] = {name: _LLM_TABLE for name in SETTING_NAMES} | {
    "backend": _MEMORY_TABLE
}
# A project file travels with a cloned repository: it may narrow what the tool does
# (shorter waits, fewer retries or tokens, summaries offline or off), never choose a
# destination, a model, a key or how the model is driven.
_NARROWING = ("backend", "timeout", "max_retries", "max_tokens")
USER_ONLY_SETTINGS: frozenset[str] = frozenset(SETTING_NAMES) - frozenset(_NARROWING)
"""Settings a repository's own config file may not set: only the user chooses them."""
# How far each backend reaches: a project file may only choose one that reaches less far.
_REACH = {
    BackendChoice.OFF: 0,
    BackendChoice.HEURISTIC: 1,
    BackendChoice.AUTO: 2,
    BackendChoice.OPENAI: 3,
}

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


def _checked(key: str, value: Any, name: str, where: str) -> Any:
    """``value`` validated as the setting ``key``; an error names ``name`` and ``where``."""
    try:
        return getattr(MemorySettings.model_validate({key: value}), key)
    except ValidationError as error:
        # A key is never quoted back, not even a malformed one.
        shown = "" if key == "api_key" else f", not {value!r}"
        raise ConfigError(f"{name} must be {_expectation(error)}{shown} ({where}).") from None


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


def _same_url(a: str, b: str) -> bool:
    return a.rstrip("/").lower() == b.rstrip("/").lower()


# --- reading layers --------------------------------------------------------------------

_Layer = dict[str, tuple[Any, str]]  # setting -> (validated value, source label)


def _read_bytes(path: Path, origin: SettingOrigin, warnings: list[str]) -> bytes | None:
    """The bytes of a config file; None when there is none (or a project file is not
    a plain file in a real folder: a repository could plant a link, a FIFO, a device)."""
    try:
        if origin is not SettingOrigin.PROJECT_FILE:
            return path.read_bytes()  # the user's own: a link to their dotfiles is fine
        state_dir_stat(path.parent)  # refuses a linked folder (StoreError)
        return read_no_follow(path, max_bytes=limits.CONFIG_FILE_MAX_BYTES)
    except (FileNotFoundError, NotADirectoryError):
        # NotADirectoryError: `.autopatch-j` is a plain file, so there is no config in it.
        return None
    except (OSError, StoreError) as error:
        if origin is not SettingOrigin.PROJECT_FILE:
            reason = error.strerror if isinstance(error, OSError) else None
            raise ConfigError(f"Cannot read the config file {path}: {reason or error}.") from None
        warnings.append(
            f"did not read the project file {path}: it is not a plain file of at most "
            f"{limits.CONFIG_FILE_MAX_BYTES // limits.KIB} KiB in a real folder"
        )
        return None


def _read_file(
    path: Path, origin: SettingOrigin, warnings: list[str], ignored: list[str]
) -> _Layer | None:
    """The settings a config file sets, or None when the file does not exist. A
    project file's settings in :data:`USER_ONLY_SETTINGS` are left out (not even
    checked) and named in ``ignored``."""
    raw = _read_bytes(path, origin, warnings)
    if raw is None:
        return None
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
            if origin is SettingOrigin.PROJECT_FILE and key in USER_ONLY_SETTINGS:
                ignored.append(key)
                continue
            layer[key] = (_checked(key, value, f"[{table}] {key}", f"in {path}"), label)
    return layer


def _default(key: str) -> Any:
    return MemorySettings.model_fields[key].default


def _narrows(key: str, value: Any, baseline: Any) -> bool:
    """Whether a project file's ``value`` for ``key`` narrows the user's ``baseline``."""
    if key == "backend":
        return bool(_REACH[value] <= _REACH[baseline])
    return bool(value <= baseline)


def _only_narrowing(project: _Layer, user: _Layer, ignored: list[str]) -> _Layer:
    """The project file's settings that narrow the user file's (or the defaults); the
    others are named in ``ignored``."""
    kept: _Layer = {}
    for key, (value, label) in project.items():
        baseline = user[key][0] if key in user else _default(key)
        if _narrows(key, value, baseline):
            kept[key] = (value, label)
        else:
            ignored.append(key)
    return kept


def _env_value(environ: Mapping[str, str], name: str) -> str | None:
    value = environ.get(name)
    # An empty variable counts as unset, as most tools treat it.
    return value if value is not None and value.strip() else None


def _read_env(environ: Mapping[str, str]) -> _Layer:
    layer: _Layer = {}
    for key, var in _ENV_OF.items():
        value = _env_value(environ, var)
        if value is not None:
            layer[key] = (_checked(key, value, var, "environment"), f"environment {var}")
    # The host's own base URL wins over the SDK's generic one.
    for var in (ENV_BASE_URL, ENV_OPENAI_BASE_URL):
        value = _env_value(environ, var)
        if value is not None:
            layer["base_url"] = (
                _checked("base_url", value, var, "environment"),
                f"environment {var}",
            )
            break
    return layer


def _read_overrides(overrides: Mapping[str, Any]) -> _Layer:
    layer: _Layer = {}
    for key, value in overrides.items():
        if key not in SETTING_NAMES:
            known = ", ".join(SETTING_NAMES)
            raise ConfigError(f"Unknown setting {key!r} (known: {known}).")
        if value is None:  # a flag that was not given
            continue
        layer[key] = (_checked(key, value, key, "command line"), SettingOrigin.OVERRIDE.value)
    return layer


def _resolve(
    repo_root: Path | None, overrides: Mapping[str, Any], env: Mapping[str, str]
) -> MemorySettings:
    """The layers merged by precedence, and the key rule applied."""
    warnings: list[str] = []
    files: list[str] = []
    ignored: list[str] = []
    layers: list[tuple[SettingOrigin, _Layer]] = []
    user_path = user_config_path(env)
    user = _read_file(user_path, SettingOrigin.USER_FILE, warnings, ignored)
    if user is not None:
        files.append(str(user_path))
        layers.append((SettingOrigin.USER_FILE, user))
    if repo_root is not None:
        project_path = project_config_path(repo_root)
        project = _read_file(project_path, SettingOrigin.PROJECT_FILE, warnings, ignored)
        if project is not None:
            files.append(str(project_path))
            narrowed = _only_narrowing(project, user or {}, ignored)
            layers.append((SettingOrigin.PROJECT_FILE, narrowed))
        ignored.sort(key=SETTING_NAMES.index)
        if ignored:
            warnings.append(
                f"ignored {', '.join(f'`{key}`' for key in ignored)} in the project file "
                f"{project_path}: a repository's file may only narrow (a lower timeout, "
                "retries or tokens; summaries heuristic or off); an endpoint, a model, a key "
                "or a backend comes from you (flags, the environment, the user file)"
            )
    layers.append((SettingOrigin.ENVIRONMENT, _read_env(env)))
    layers.append((SettingOrigin.OVERRIDE, _read_overrides(overrides)))

    merged: dict[str, tuple[Any, str, SettingOrigin]] = {}
    for origin, layer in layers:
        for key, (value, label) in layer.items():
            merged[key] = (value, label, origin)

    values = {key: value for key, (value, _label, _origin) in merged.items()}
    sources = {key: label for key, (_value, label, _origin) in merged.items() if key != "api_key"}
    chosen_key, key_source, withheld = _choose_key(merged, env)
    values.pop("api_key", None)
    return MemorySettings(
        **values,
        api_key=chosen_key,
        api_key_source=key_source,
        withheld_keys=withheld,
        ignored_project_keys=ignored,
        sources=sources,
        files=files,
        warnings=warnings,
    )


def _choose_key(
    merged: Mapping[str, tuple[Any, str, SettingOrigin]], environ: Mapping[str, str]
) -> tuple[SecretStr | None, str | None, list[str]]:
    """The key rule: which key (if any) goes to the configured base URL, and which are withheld."""
    withheld: list[str] = []
    base = merged.get("base_url")
    url: str | None = base[0] if base else None
    to_openai = is_openai_endpoint(url)
    share = bool(merged["share_key"][0]) if "share_key" in merged else False

    explicit = merged.get("api_key")
    if explicit is not None:
        # The user's own key, to the base URL the user chose (a project file sets neither).
        value, label, _origin = explicit
        return value, label, withheld

    openai_key = _env_value(environ, ENV_OPENAI_API_KEY)
    if openai_key is not None:
        paired_url = _env_value(environ, ENV_OPENAI_BASE_URL)
        paired = url is not None and paired_url is not None and _same_url(url, paired_url)
        if to_openai or paired or share:
            key = SecretStr(openai_key.strip())
            return key, f"environment {ENV_OPENAI_API_KEY}", withheld
        withheld.append(ENV_OPENAI_API_KEY)
    return None, None, withheld


# --- building backends -------------------------------------------------------------------


def make_backend(settings: MemorySettings) -> SummaryBackend | None:
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


def make_answerer(settings: MemorySettings) -> AnswerBackend | None:
    """A model that can answer questions (for the CLI), or None when no model is configured.

    Independent of the summary backend choice: ``backend = "heuristic"`` still
    lets the CLI answer through a configured model.
    """
    if not settings.model:
        return None
    from autopatch_memory.backends.openai_compat import OpenAICompatBackend

    return OpenAICompatBackend(settings.llm_options())
