"""One settings object: env vars ``FRONTIERSMITH_*`` over an optional TOML config file over defaults."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Literal

import platformdirs
from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

from .errors import InvalidInputError
from .thresholds import DEFAULT_THRESHOLDS, THRESHOLD_NAMES, Rounds, Scale, Share, Tests, Thresholds, Ties


def default_data_dir() -> Path:
    """The user's XDG data dir, so a fresh HOME (or XDG_DATA_HOME) means a fresh store."""
    return Path(platformdirs.user_data_dir("frontiersmith", appauthor=False))


def config_file_path() -> Path:
    """The config file: ``FRONTIERSMITH_CONFIG`` when set, else ``config.toml`` in the user's config
    folder."""
    explicit = os.environ.get("FRONTIERSMITH_CONFIG")
    if explicit:
        return Path(explicit)
    return Path(platformdirs.user_config_dir("frontiersmith", appauthor=False)) / "config.toml"


class _TomlSource(PydanticBaseSettingsSource):
    """Reads the optional config file; a malformed file is a one-sentence error."""

    def __init__(self, settings_cls: type[BaseSettings]):
        super().__init__(settings_cls)
        path = config_file_path()
        self._data: dict[str, Any] = {}
        if path.is_file():
            try:
                self._data = tomllib.loads(path.read_text())
            except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
                raise InvalidInputError(
                    f"The config file {path} is not valid TOML ({exc}); fix or remove it."
                ) from None

    def get_field_value(self, field, field_name):  # type: ignore[override]
        return self._data.get(field_name), field_name, False

    def __call__(self) -> dict[str, Any]:
        return {k: v for k, v in self._data.items() if k in self.settings_cls.model_fields}


def usable_cores() -> int:
    """The cores this process may run on: its affinity mask where the platform has one, else all of them."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


# Settings no worker needs and no one but the server should hold (Settings.for_workers).
SECRET_SETTINGS = ("http_token", "http_solve_token", "http_synthesis_token")


class Settings(BaseSettings):
    """Every setting (docs/reference/settings.md): from ``FRONTIERSMITH_*`` variables, else the config file,
    else the defaults; pass one to an API call to override them for that call."""

    model_config = SettingsConfigDict(env_prefix="FRONTIERSMITH_", extra="ignore")

    data_dir: Path = Field(default_factory=default_data_dir)
    store_path: Path | None = None  # default: data_dir / "store.db"
    # The folder the MCP tool export_tasks writes into (an MCP client names a folder inside it, never a path
    # of its own); default: data_dir / "exports". The CLI's export writes wherever it is told.
    export_dir: Path | None = None

    sandbox_backend: Literal["process", "docker"] = "process"
    sandbox_image: str = "frontiersmith-sandbox:latest"
    testlib_header: Path | None = None  # point at a real testlib.h instead of ours
    # Simple runs (stdin in, output out) go straight to the sandbox's launcher, skipping the Python
    # runner; off, every run goes through the runner (slower per test, same results).
    sandbox_fast_runs: bool = True
    # C++ compiles use a precompiled <bits/stdc++.h> (sandbox/pch.py); off, each parses the header (same binary).
    sandbox_pch: bool = True
    # The judge's own Python programs (verifiers, checkers, generators, validators) start as forks of one
    # pre-started interpreter per sandbox (sandbox/zygote.py; root hosts only); off, each run execs a fresh one.
    sandbox_warm_python: bool = True
    # A cgroup dir this user may write (one delegated to it), under which each sandbox makes its subtree and each
    # run a cgroup holding all its processes to the run's CPU, memory and process limits (sandbox/cgroups.py; on
    # cgroup v1 the same path in each of the memory, pids and cpuacct hierarchies). Unset: this process's own
    # cgroup (v1), or one it may write (v2). With none, a non-root process sandbox refuses to judge.
    sandbox_cgroup: str | None = None
    # tests judged at once: the cores this process may run on (a CPU set or affinity mask may give it fewer)
    workers: int = Field(default_factory=lambda: usable_cores(), ge=1, le=256)
    time_limit_ms: int = Field(2000, ge=1)
    memory_limit_mb: int = Field(256, ge=16)
    output_limit_kb: int = Field(65536, ge=1)
    process_limit: int = Field(64, ge=1)
    compile_timeout_s: float = Field(60.0, gt=0)
    # Where compiled C++ binaries are cached by content (sandbox/compile_cache.py); default: data_dir /
    # "cache" / "compiled". Stores that point at one folder compile each program once between them.
    compile_cache_dir: Path | None = None
    # A compiled program (a C++ binary, Python bytecode) over this many bytes is a compilation error: a few
    # hundred bytes of source with an initialised 250 MiB global make a 262 MB binary, which would otherwise be
    # kept, copied into every sandbox and cached. Contest binaries are well under 1 MiB; 16 MiB leaves room
    # for initialised tables. The cache keeps the programs used most recently up to compile_cache_bytes.
    max_binary_bytes: int = Field(16 * 1024 * 1024, ge=1024 * 1024, le=1024 * 1024 * 1024)
    compile_cache_bytes: int = Field(1024 * 1024 * 1024, ge=16 * 1024 * 1024)
    # Where `frontiersmith model pull` keeps local models (tools/llm/local.py); default: data_dir / "models".
    models_dir: Path | None = None

    # Bounds on what one problem's tests may cost, checked before any program runs (tools/judging/testgen.py), so no
    # client or package can hold a sandbox for hours or fill the disk. A submission runs every test, so 200
    # tests at a 2 s limit is under 7 CPU-minutes; 16 MiB holds n = 10^6 numbers of 10 digits; a build of
    # 256 MiB is the store's share of one candidate's tests, and 3 builds cover the cross-validation rounds.
    max_tests_per_problem: int = Field(200, ge=1)
    max_test_distributions: int = Field(20, ge=1)
    max_test_bytes: int = Field(16 * 1024 * 1024, ge=1024)
    max_build_bytes: int = Field(256 * 1024 * 1024, ge=1024)
    builds_kept_per_candidate: int = Field(3, ge=1)
    # Bounds on reading untrusted files, checked before a byte is parsed (tools/seeds/bounds.py for seed rows,
    # tools/judging/packages/native.py for package files): a seed row over one is skipped as FILE:ROW, a package file
    # over one refuses its package. A row is one problem with its tests, and max_tests_per_problem tests of a
    # realistic size fit 256 MiB; max_decompressed_bytes is the memory a Parquet file is decoded in (a child
    # process limited to that much more than it started with, tools/seeds/parquet_child.py) and the most a
    # JSON file, read whole, may hold; no dataset's field needs an integer of over 100 digits (the tests'
    # numbers are text) or 64 levels of nesting (CodeContests' rows have 3); Python refuses over 4300 digits.
    max_row_bytes: int = Field(256 * 1024 * 1024, ge=1024)
    max_decompressed_bytes: int = Field(1024 * 1024 * 1024, ge=1024)
    max_integer_digits: int = Field(100, ge=1, le=4300)
    max_nesting_depth: int = Field(64, ge=2, le=500)
    max_source_bytes: int = Field(4 * 1024 * 1024, ge=1024)  # a package's manifest, statement or program

    # How a synthesised task turns objectives into scores (docs/reference/scoring.md): ``range``, (O − O_base) /
    # (O_best − O_base) against the baseline's and the best sampled solution's objective on each test (kept with
    # the task), so neither a weak baseline nor a structural ceiling squeezes the scores; ``paper``, the paper's
    # max(0, σ(O − O*)/max(O, O*)). Imported packages and catalog/NAME keep their own.
    normalisation: Literal["range", "paper"] = "range"

    llm_provider: Literal["offline", "openai", "local", "sampling", "agents"] = "offline"
    llm_base_url: str | None = None
    llm_model: str | None = None
    llm_api_key_env: str = "OPENAI_API_KEY"
    # The language a model writes solutions in (tools/llm/prompts/solutions.py): python, cpp, or any (its
    # choice). Python by measurement: the local Qwen coder models write Python that runs far more often than C++ that compiles.
    llm_language: Literal["python", "cpp", "any"] = "python"
    # Tokens the divergence judge's listing of one group of solutions may take (tools/llm/programs.py renders
    # each whole, compacted to its share): room for the worked example and the answer in an 8K context.
    judge_tokens: int = Field(5000, ge=500, le=1_000_000)
    max_concurrency: int = Field(4, ge=1)
    # Model calls in flight at once in a synthesis run (a candidate's n solutions, the judges, the candidates
    # of a round): a run's wall time is then bounded by the model's throughput, not by its latency. The
    # stages that only ask a model (mutation and the coarse judge, sampling) take this many candidates at once.
    llm_concurrency: int = Field(8, ge=1)
    # Where judge jobs run (tools/judging/executor.py): this process, or a Ray cluster (``ray_address``; none
    # starts a local one with ``ray_workers`` worker processes, default: the cores).
    executor: Literal["local", "ray"] = "local"
    ray_address: str | None = None
    ray_workers: int | None = Field(None, ge=1, le=4096)
    # A synthesis run started while the same run (same arguments, same store) is running waits this long for
    # it, then stops with one line naming the holder; 0 stops at once (tools/synthesis/pipeline.py, run_lock).
    run_lock_wait_s: float = Field(0.0, ge=0)

    # Bearer tokens of `serve --http`, each granting its scopes of what `serve --tools` exposes (server/scopes.py):
    # http_token every scope (as it always did), http_solve_token only the solving tools, http_synthesis_token
    # only the synthesis tools. Give an agent under evaluation the solve token: it cannot touch a verifier.
    http_token: str | None = None
    http_solve_token: str | None = None
    http_synthesis_token: str | None = None
    # Bounds on what one client can make `serve --http` hold: a request body over max_request_bytes is refused
    # (413) from its Content-Length, before it is read (tool arguments are bounded at 1 MB of code, so 4 MiB
    # is room to spare); a token with max_requests_in_flight requests unanswered (a tool call's POST is, until
    # the tool ends) gets 429 for the next: 32 x 4 MiB is the most of its bodies the server holds at once.
    max_request_bytes: int = Field(4 * 1024 * 1024, ge=64 * 1024, le=256 * 1024 * 1024)
    max_requests_in_flight: int = Field(32, ge=1, le=4096)

    # The gates of the divergence filter and the protocol (frontiersmith/thresholds.py holds their meaning).
    min_semantic: Share = DEFAULT_THRESHOLDS.min_semantic
    min_behavioural: Share = DEFAULT_THRESHOLDS.min_behavioural
    min_separating_tests: Tests = DEFAULT_THRESHOLDS.min_separating_tests
    min_top_ties: Ties = DEFAULT_THRESHOLDS.min_top_ties
    behavioural_scale: Scale = DEFAULT_THRESHOLDS.behavioural_scale
    crossval_rounds: Rounds = DEFAULT_THRESHOLDS.crossval_rounds
    min_kill_rate: Share = DEFAULT_THRESHOLDS.min_kill_rate

    def for_workers(self) -> dict[str, Any]:
        """These settings as values to hand a worker process (a Ray actor): without the HTTP tokens, which only
        the server needs, each given as None so the worker does not read it from its own environment either.
        (API keys are never settings: ``llm_api_key_env`` names the variable, and model calls stay on the driver.)"""
        values = self.model_dump(mode="json")
        values.update(dict.fromkeys(SECRET_SETTINGS))
        return values

    @field_validator("data_dir", mode="after")
    @classmethod
    def _expand(cls, v: Path) -> Path:
        return v.expanduser()

    def thresholds(self, **overrides: float | int | None) -> Thresholds:
        """The configured thresholds with a run's own values over them; an override of None keeps the
        setting, so a command or tool can pass its options straight through."""
        values = {name: getattr(self, name) for name in THRESHOLD_NAMES}
        values.update({k: v for k, v in overrides.items() if v is not None})
        return Thresholds(**values)

    @property
    def resolved_store_path(self) -> Path:
        """The store's file: ``store_path``, or ``store.db`` in the data folder."""
        return (self.store_path or self.data_dir / "store.db").expanduser()

    @property
    def resolved_compile_cache_dir(self) -> Path:
        """Where compiled programs are cached: ``compile_cache_dir``, or ``cache/compiled`` in the data
        folder."""
        return (self.compile_cache_dir or self.data_dir / "cache" / "compiled").expanduser()

    @property
    def resolved_models_dir(self) -> Path:
        """Where local model weights live: ``models_dir``, or ``models`` in the data folder."""
        return (self.models_dir or self.data_dir / "models").expanduser()

    @property
    def resolved_export_dir(self) -> Path:
        """Where exports are written: ``export_dir``, or ``exports`` in the data folder."""
        return (self.export_dir or self.data_dir / "exports").expanduser()

    @classmethod
    def settings_customise_sources(
        cls, settings_cls, init_settings, env_settings, dotenv_settings, file_secret_settings
    ):  # type: ignore[override]
        """Where settings come from, first wins: the constructor's arguments, the environment, the config
        file."""
        return (init_settings, env_settings, _TomlSource(settings_cls))


def get_settings() -> Settings:
    """Fresh settings each call, so env changes (tests, subprocesses) are always seen. A value out of its
    range is a one-sentence error naming the environment variable and the config key."""
    try:
        return Settings()
    except ValidationError as exc:
        raise InvalidInputError(_setting_sentence(exc)) from None


def _setting_sentence(exc: ValidationError) -> str:
    first = exc.errors()[0]
    name = str(first["loc"][0]) if first.get("loc") else "?"
    msg = str(first.get("msg", "is invalid"))
    msg = msg[:1].lower() + msg[1:]
    got = f", not {first['input']!r}" if "input" in first and not isinstance(first["input"], dict) else ""
    return (
        f"The setting {name} (FRONTIERSMITH_{name.upper()} or {name} in the config file) is invalid: "
        f"{msg}{got}; fix it or unset it."
    )
