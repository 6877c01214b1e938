"""Settings precedence, environment variables, the key rule and bad values (docs/design.md#configuration)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

from autopatch_memory import Backoff, MemorySettings, limits
from autopatch_memory.backends.heuristic import HeuristicBackend
from autopatch_memory.backends.llm import LLMOptions, StructuredOutput, is_openai_endpoint
from autopatch_memory.backends.openai_compat import OpenAICompatBackend
from autopatch_memory.config import (
    PLACEHOLDER_API_KEY,
    BackendChoice,
    make_answerer,
    make_backend,
    project_config_path,
    user_config_path,
)
from autopatch_memory.errors import ConfigError

USER_KEY = "sk-user0penaikey0123456789abcdefXYZ"
TOOL_KEY = "sk-t00lkey0123456789abcdefghijklmn"


@pytest.fixture(autouse=True)
def _no_base_urls(monkeypatch: pytest.MonkeyPatch) -> None:
    # The suite's fail-closed fixture points both base URLs at a dead port; these
    # tests start from a clean slate and set what they need.
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("AUTOPATCH_LLM_BASE_URL", raising=False)


def write_user(text: str) -> Path:
    path = user_config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def write_project(repo: Path, text: str) -> Path:
    path = project_config_path(repo)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def secret(settings: MemorySettings) -> str | None:
    return settings.api_key.get_secret_value() if settings.api_key else None


# --- defaults and precedence -------------------------------------------------------------


def test_defaults(repo: Path) -> None:
    settings = MemorySettings.from_env(repo)
    assert settings.backend is BackendChoice.AUTO
    assert settings.resolved_backend() is BackendChoice.HEURISTIC
    assert settings.base_url is None and settings.model is None and settings.api_key is None
    assert settings.timeout == limits.LLM_TIMEOUT_SECONDS
    assert settings.max_retries == limits.LLM_MAX_RETRIES
    assert settings.temperature == limits.LLM_TEMPERATURE
    assert settings.max_tokens == limits.LLM_MAX_TOKENS
    assert settings.structured_output is StructuredOutput.JSON_SCHEMA
    assert settings.files == []
    assert isinstance(make_backend(settings), HeuristicBackend)


def test_precedence_override_env_project_user_default(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = write_user('[llm]\nmodel = "from-user"\ntimeout = 11\nmax_tokens = 500\n')
    project = write_project(repo, "[llm]\ntimeout = 7\n")
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "from-env")

    settings = MemorySettings.from_env(repo, {"model": "from-flag", "timeout": None})

    assert settings.model == "from-flag"
    assert settings.timeout == 7  # a lower value: project beats user; a None flag is "not given"
    assert settings.max_tokens == 500  # only the user file sets it
    assert settings.max_retries == limits.LLM_MAX_RETRIES  # nobody sets it
    assert settings.sources["model"] == "command line"
    assert settings.sources["timeout"] == f"project file {project}"
    assert settings.sources["max_tokens"] == f"user file {user}"
    assert settings.files == [str(user), str(project)]

    assert MemorySettings.from_env(repo).model == "from-env"
    monkeypatch.delenv("AUTOPATCH_LLM_MODEL")
    assert MemorySettings.from_env(repo).model == "from-user"
    assert MemorySettings.from_env(None).timeout == 11  # no repo: no project file


def test_user_file_follows_xdg_config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert user_config_path() == tmp_path / "xdg" / "autopatch-memory" / "config.toml"
    write_user('[memory]\nbackend = "off"\n')
    assert MemorySettings.from_env(None).backend is BackendChoice.OFF


def test_relative_xdg_config_home_is_ignored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/dir")
    expected = Path(os.environ["HOME"]) / ".config" / "autopatch-memory" / "config.toml"
    assert user_config_path() == expected


@pytest.mark.parametrize(
    ("var", "value", "field", "expected"),
    [
        ("AUTOPATCH_MEMORY_BACKEND", "Heuristic", "backend", BackendChoice.HEURISTIC),
        ("AUTOPATCH_MEMORY_BACKEND", "off", "backend", BackendChoice.OFF),
        ("AUTOPATCH_LLM_MODEL", "qwen2.5:7b", "model", "qwen2.5:7b"),
        (
            "AUTOPATCH_LLM_BASE_URL",
            "http://localhost:11434/v1/",
            "base_url",
            "http://localhost:11434/v1",
        ),
        ("OPENAI_BASE_URL", "http://localhost:8080/v1", "base_url", "http://localhost:8080/v1"),
        ("AUTOPATCH_LLM_TIMEOUT", "2.5", "timeout", 2.5),
        ("AUTOPATCH_LLM_MAX_RETRIES", "0", "max_retries", 0),
        ("AUTOPATCH_LLM_TEMPERATURE", "0", "temperature", 0.0),
        ("AUTOPATCH_LLM_MAX_TOKENS", "800", "max_tokens", 800),
        (
            "AUTOPATCH_LLM_STRUCTURED_OUTPUT",
            "json_object",
            "structured_output",
            StructuredOutput.JSON_OBJECT,
        ),
        ("AUTOPATCH_LLM_STRUCTURED_OUTPUT", "PROMPT", "structured_output", StructuredOutput.PROMPT),
        ("AUTOPATCH_LLM_SHARE_KEY", "yes", "share_key", True),
    ],
)
def test_each_environment_variable(
    monkeypatch: pytest.MonkeyPatch, var: str, value: str, field: str, expected: object
) -> None:
    monkeypatch.setenv(var, value)
    settings = MemorySettings.from_env(None)
    assert getattr(settings, field) == expected
    assert settings.sources[field] == f"environment {var}"


def test_the_hosts_base_url_wins_over_the_sdks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://localhost:8080/v1")
    monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", "http://localhost:8000/v1")
    assert MemorySettings.from_env(None).base_url == "http://localhost:8000/v1"


def test_an_empty_variable_counts_as_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    write_user('[llm]\nmodel = "from-user"\n')
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "")
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", " ")
    settings = MemorySettings.from_env(None)
    assert settings.model == "from-user" and settings.backend is BackendChoice.AUTO


# --- backend selection ---------------------------------------------------------------------


def test_auto_picks_openai_when_a_model_is_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "llama3")
    monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", "http://127.0.0.1:11434/v1")
    settings = MemorySettings.from_env(None)
    assert settings.resolved_backend() is BackendChoice.OPENAI
    backend = make_backend(settings)
    assert isinstance(backend, OpenAICompatBackend)
    assert backend.options.model == "llama3"
    assert backend.options.base_url == "http://127.0.0.1:11434/v1"


def test_explicit_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "llama3")
    assert make_backend(MemorySettings.from_env(None, {"backend": "off"})) is None
    assert isinstance(
        make_backend(MemorySettings.from_env(None, {"backend": "heuristic"})), HeuristicBackend
    )
    # Answering does not depend on the summary backend choice.
    assert make_answerer(MemorySettings.from_env(None, {"backend": "off"})) is not None


def test_openai_without_a_model_is_a_config_error() -> None:
    settings = MemorySettings.from_env(None, {"backend": BackendChoice.OPENAI})
    with pytest.raises(ConfigError, match="AUTOPATCH_LLM_MODEL"):
        make_backend(settings)
    assert make_answerer(settings) is None


def test_options_carry_every_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    write_user(
        '[llm]\nmodel = "m"\nbase_url = "http://localhost:1234/v1"\ntimeout = 5\n'
        'max_retries = 1\ntemperature = 0.2\nmax_tokens = 900\nstructured_output = "prompt"\n'
    )
    options = MemorySettings.from_env(None).llm_options()
    assert (options.timeout, options.max_retries, options.temperature, options.max_tokens) == (
        5.0,
        1,
        0.2,
        900,
    )
    assert options.structured_output is StructuredOutput.PROMPT
    assert options.api_key.get_secret_value() == PLACEHOLDER_API_KEY


# --- the key rule --------------------------------------------------------------------------


def test_openai_key_goes_to_openai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", USER_KEY)
    settings = MemorySettings.from_env(None)
    assert secret(settings) == USER_KEY and settings.uses_openai_host
    explicit = MemorySettings.from_env(None, {"base_url": "https://api.openai.com/v1"})
    assert secret(explicit) == USER_KEY


def test_openai_key_goes_to_the_base_url_it_is_paired_with(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", USER_KEY)
    monkeypatch.setenv("OPENAI_BASE_URL", "https://gateway.example.com/v1")
    assert secret(MemorySettings.from_env(None)) == USER_KEY
    # The same URL given as a flag is still the user's own pairing.
    assert (
        secret(MemorySettings.from_env(None, {"base_url": "https://gateway.example.com/v1/"}))
        == USER_KEY
    )


@pytest.mark.parametrize("how", ["env", "flag", "user file"])
def test_openai_key_is_withheld_from_other_base_urls(
    monkeypatch: pytest.MonkeyPatch, repo: Path, how: str
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", USER_KEY)
    url = "http://localhost:11434/v1"
    overrides = {}
    if how == "env":
        monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", url)
    elif how == "flag":
        overrides = {"base_url": url}
    else:
        write_user(f'[llm]\nbase_url = "{url}"\n')

    settings = MemorySettings.from_env(repo, overrides)

    assert settings.api_key is None
    assert settings.withheld_keys == ["OPENAI_API_KEY"]
    settings = MemorySettings.from_env(repo, {**overrides, "model": "m"})
    assert settings.llm_options().api_key.get_secret_value() == PLACEHOLDER_API_KEY


@pytest.mark.parametrize("how", ["env", "user file", "flag"])
def test_sharing_the_openai_key_is_an_explicit_choice(
    monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", USER_KEY)
    monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", "http://localhost:8000/v1")
    overrides: dict[str, object] = {}
    if how == "env":
        monkeypatch.setenv("AUTOPATCH_LLM_SHARE_KEY", "true")
    elif how == "user file":
        write_user("[llm]\nshare_key = true\n")
    else:
        overrides = {"share_key": True}
    assert secret(MemorySettings.from_env(None, overrides)) == USER_KEY


def test_the_tools_own_key_goes_to_the_configured_base_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", USER_KEY)
    monkeypatch.setenv("AUTOPATCH_LLM_API_KEY", TOOL_KEY)
    monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", "https://llm.internal.example/v1")
    settings = MemorySettings.from_env(None)
    assert secret(settings) == TOOL_KEY
    assert settings.api_key_source == "environment AUTOPATCH_LLM_API_KEY"
    assert secret(MemorySettings.from_env(None, {"api_key": "sk-fromtheflag"})) == "sk-fromtheflag"


def test_a_user_file_key_and_url_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    write_user('[llm]\nbase_url = "http://localhost:8000/v1"\napi_key = "vllm-secret"\n')
    assert secret(MemorySettings.from_env(None)) == "vllm-secret"


def test_a_project_file_may_not_set_keys_or_share_them(
    monkeypatch: pytest.MonkeyPatch, repo: Path
) -> None:
    path = write_project(repo, '[llm]\napi_key = "sk-fromrepo"\nshare_key = true\n')
    settings = MemorySettings.from_env(repo)
    assert settings.api_key is None and settings.share_key is False
    assert settings.ignored_project_keys == ["api_key", "share_key"]
    assert len(settings.warnings) == 1 and str(path) in settings.warnings[0]
    assert "warnings" in settings.describe()


def test_a_project_base_url_is_not_where_the_users_keys_go(
    monkeypatch: pytest.MonkeyPatch, repo: Path
) -> None:
    monkeypatch.setenv("AUTOPATCH_LLM_API_KEY", TOOL_KEY)
    write_user('[llm]\napi_key = "sk-userfilekey"\n')
    write_project(repo, '[llm]\nbase_url = "https://collector.example.net/v1"\n')
    settings = MemorySettings.from_env(repo)
    assert settings.base_url is None and settings.uses_openai_host  # the repository's is ignored
    assert secret(settings) == TOOL_KEY
    # The user naming the URL themselves is their choice.
    chosen = MemorySettings.from_env(repo, {"base_url": "https://collector.example.net/v1"})
    assert chosen.base_url == "https://collector.example.net/v1" and secret(chosen) == TOOL_KEY


def test_a_project_file_pointing_at_openai_is_harmless(
    monkeypatch: pytest.MonkeyPatch, repo: Path
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", USER_KEY)
    write_project(repo, '[llm]\nbase_url = "https://api.openai.com/v1"\nmodel = "gpt-4o-mini"\n')
    assert secret(MemorySettings.from_env(repo)) == USER_KEY


def test_describe_and_dumps_never_show_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOPATCH_LLM_API_KEY", TOOL_KEY)
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "m")
    monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", "http://user:pa55word@localhost:8000/v1")
    settings = MemorySettings.from_env(None)
    shown = [
        str(settings.describe()),
        repr(settings),
        str(settings),
        settings.model_dump_json(),
        str(settings.model_dump()),
        repr(settings.llm_options()),
        repr(make_backend(settings)),
    ]
    for text in shown:
        assert TOOL_KEY not in text
    assert "pa55word" not in str(settings.describe())
    info = settings.describe()
    assert info["api_key"] == "set (environment AUTOPATCH_LLM_API_KEY)"
    assert info["backend"].startswith("auto") and info["backend"].endswith("-> openai")


def test_describe_explains_a_withheld_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", USER_KEY)
    monkeypatch.setenv("AUTOPATCH_LLM_BASE_URL", "http://localhost:1234/v1")
    info = MemorySettings.from_env(None).describe()
    assert "OPENAI_API_KEY" in info["withheld_keys"]
    assert "AUTOPATCH_LLM_SHARE_KEY" in info["withheld_keys"]
    assert USER_KEY not in str(info)
    assert info["api_key"].startswith("placeholder")


# --- bad values ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("var", "value"),
    [
        ("AUTOPATCH_MEMORY_BACKEND", "gpt"),
        ("AUTOPATCH_LLM_TIMEOUT", "abc"),
        ("AUTOPATCH_LLM_TIMEOUT", "0"),
        ("AUTOPATCH_LLM_TIMEOUT", "-3"),
        ("AUTOPATCH_LLM_TIMEOUT", "nan"),
        ("AUTOPATCH_LLM_TIMEOUT", "100000"),
        ("AUTOPATCH_LLM_MAX_RETRIES", "99"),
        ("AUTOPATCH_LLM_MAX_RETRIES", "1.5"),
        ("AUTOPATCH_LLM_TEMPERATURE", "3"),
        ("AUTOPATCH_LLM_MAX_TOKENS", "0"),
        ("AUTOPATCH_LLM_STRUCTURED_OUTPUT", "xml"),
        ("AUTOPATCH_LLM_SHARE_KEY", "maybe"),
        ("AUTOPATCH_LLM_BASE_URL", "localhost:11434"),
        ("OPENAI_BASE_URL", "ftp://example.com"),
    ],
)
def test_bad_environment_values(monkeypatch: pytest.MonkeyPatch, var: str, value: str) -> None:
    monkeypatch.setenv(var, value)
    with pytest.raises(ConfigError) as caught:
        MemorySettings.from_env(None)
    message = str(caught.value)
    assert var in message and "\n" not in message


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("[llm\nmodel = 1", "not valid TOML"),
        ('[llm]\nmodle = "x"\n', "unknown key `modle`"),
        ('[memory]\nmodel = "x"\n', "unknown key `model`"),
        ('model = "x"\n', "under [llm]"),
        ("llm = 3\n", "must be a table"),
        ("[llm]\ntimeout = true\n", "timeout"),
        ("[llm]\nmax_retries = 2.5\n", "max_retries"),
        ('[llm]\nmodel = ""\n', "non-empty"),
        ('[memory]\nbackend = "gpt"\n', "auto, openai, heuristic, off"),
    ],
)
@pytest.mark.parametrize("where", ["user file", "project file"])
def test_bad_files(repo: Path, text: str, needle: str, where: str) -> None:
    if where == "project file" and "model" in text and "[llm]" in text:
        return  # a repository's file may not set a model: it is ignored, not checked
    path = write_user(text) if where == "user file" else write_project(repo, text)
    with pytest.raises(ConfigError) as caught:
        MemorySettings.from_env(repo)
    assert needle in str(caught.value)
    assert str(path) in str(caught.value)


def test_unknown_tables_are_left_to_their_owners(repo: Path) -> None:
    write_project(repo, "[cli]\ncolor = false\n[llm]\ntimeout = 5\n")
    assert MemorySettings.from_env(repo).timeout == 5


def test_unknown_override_is_an_error() -> None:
    with pytest.raises(ConfigError, match="Unknown setting 'modle'"):
        MemorySettings.from_env(None, {"modle": "x"})


def test_a_non_utf8_file_is_a_config_error(repo: Path) -> None:
    path = project_config_path(repo)
    path.parent.mkdir(parents=True)
    path.write_bytes(b'[llm]\nmodel = "\xff"\n')
    with pytest.raises(ConfigError, match="not valid TOML"):
        MemorySettings.from_env(repo)


def test_loading_settings_does_not_import_the_sdk(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from autopatch_memory.config import MemorySettings, make_backend\n"
        "settings = MemorySettings.from_env(None)\n"
        "assert make_backend(settings).name == 'heuristic'\n"
        "assert 'openai' not in sys.modules, 'openai imported'\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "AUTOPATCH_"))}
    result = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr


DEADLINE_SECONDS = 60  # generous: a loaded 2-core machine


def _cli(
    *args: str, cwd: Path | None = None, unset: tuple[str, ...] = (), **extra: str
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **extra}  # the fail-closed environment of conftest
    for name in unset:
        env.pop(name, None)
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "autopatch_memory_cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
        timeout=DEADLINE_SECONDS,
    )


# From the first fresh-eyes bug hunt (a test written before its fix).
@pytest.mark.parametrize("where", ["environment", "user file"])
def test_a_base_url_with_a_port_out_of_range_is_a_config_error(repo: Path, where: str) -> None:
    # It passed validation; the first failed call then described the server with
    # urlsplit().port, which raised ValueError: an internal error instead of the answer's
    # one-line failure.
    url = "http://127.0.0.1:99999/v1"
    ask = ("ask", str(repo), "what is Optional?", "--intent", "general_chat")
    if where == "environment":
        result = _cli(*ask, AUTOPATCH_LLM_MODEL="m", AUTOPATCH_LLM_BASE_URL=url)
    else:
        write_user(f'[llm]\nbase_url = "{url}"\n')
        unset = ("AUTOPATCH_LLM_BASE_URL", "OPENAI_BASE_URL")
        result = _cli(*ask, unset=unset, AUTOPATCH_LLM_MODEL="m")
    assert result.returncode == 1
    assert "internal error" not in result.stderr
    assert "base_url" in result.stderr.lower() and "99999" in result.stderr


# --- the settings a host builds itself ---------------------------------------------------------


def test_settings_built_directly_read_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTOPATCH_LLM_MODEL", "from-env")
    monkeypatch.setenv("AUTOPATCH_MEMORY_BACKEND", "openai")
    write_user('[llm]\nmodel = "from-user"\n')
    settings = MemorySettings()
    assert settings.model is None and settings.backend is BackendChoice.AUTO
    assert settings.resolved_backend() is BackendChoice.HEURISTIC
    assert settings.files == [] and settings.sources == {}
    assert settings.backoff == Backoff()


def test_settings_validate_like_the_files_do() -> None:
    settings = MemorySettings(
        backend="OpenAI ",
        model=" qwen2.5:7b ",
        base_url="http://localhost:11434/v1/",
        timeout="2.5",
        api_key="sk-host",
    )
    assert settings.backend is BackendChoice.OPENAI and settings.model == "qwen2.5:7b"
    assert settings.base_url == "http://localhost:11434/v1" and settings.timeout == 2.5
    assert settings.describe()["api_key"] == "set (given by the host)"
    for bad in (
        {"timeout": 0},
        {"timeout": True},
        {"max_retries": 99},
        {"base_url": "localhost:1"},
        {"model": "  "},
        {"backend": "gpt"},
        {"modle": "typo"},
    ):
        with pytest.raises(ValidationError):
            MemorySettings(**bad)  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        settings.model = "other"  # type: ignore[misc]  # frozen


def test_with_backend_overrides_the_choice() -> None:
    settings = MemorySettings(model="m")
    assert settings.with_backend("off").backend is BackendChoice.OFF
    assert settings.with_backend(BackendChoice.HEURISTIC).model == "m"
    with pytest.raises(ConfigError, match="backend must be one of auto, openai, heuristic, off"):
        settings.with_backend("gpt")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("timeout", 0),
        ("timeout", limits.LLM_TIMEOUT_MAX_SECONDS),
        ("timeout", limits.LLM_TIMEOUT_MAX_SECONDS + 1),
        ("timeout", float("nan")),
        ("max_retries", limits.LLM_MAX_RETRIES_CAP),
        ("max_retries", limits.LLM_MAX_RETRIES_CAP + 1),
        ("max_retries", -1),
        ("temperature", limits.LLM_TEMPERATURE_MAX),
        ("temperature", limits.LLM_TEMPERATURE_MAX + 0.1),
        ("max_tokens", 0),
        ("max_tokens", limits.LLM_MAX_TOKENS_CAP),
        ("max_tokens", limits.LLM_MAX_TOKENS_CAP + 1),
        ("max_tokens", True),
    ],
)
def test_settings_and_model_options_share_their_bounds(field: str, value: object) -> None:
    def valid(cls: type[BaseModel], **extra: object) -> bool:
        try:
            cls(**{field: value}, **extra)
        except ValidationError:
            return False
        return True

    assert valid(MemorySettings) == valid(LLMOptions, model="m", api_key="k")


# --- one definition of "is this OpenAI" ------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "is_openai"),
    [
        (None, True),
        ("https://api.openai.com/v1", True),
        ("https://API.OpenAI.com/v1/", True),
        ("https://api.openai.com:443/v1", True),
        ("http://api.openai.com/v1", False),  # never send a key in clear text
        ("https://api.openai.com.evil.example/v1", False),
        ("https://evil.example/api.openai.com/v1", False),
        ("https://user@api.openai.com.example/v1", False),
        ("http://localhost:11434/v1", False),
    ],
)
def test_one_definition_of_openai(
    monkeypatch: pytest.MonkeyPatch, url: str | None, is_openai: bool
) -> None:
    assert is_openai_endpoint(url) is is_openai
    overrides = {"model": "m"} | ({"base_url": url} if url else {})
    monkeypatch.setenv("OPENAI_API_KEY", USER_KEY)
    settings = MemorySettings.from_env(None, overrides)
    # The key rule and the wire format (the backend's options) agree.
    assert settings.uses_openai_host is is_openai
    assert settings.llm_options().is_openai is is_openai
    assert (secret(settings) == USER_KEY) is is_openai  # unpaired, not shared: only to OpenAI
