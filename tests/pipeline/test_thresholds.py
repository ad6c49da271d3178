"""The thresholds of the divergence filter and the protocol are settings: each has an environment variable,
bounds checked with a one-sentence error, and defaults equal to the values the pipeline has always used."""

from __future__ import annotations

import subprocess

import pytest

from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import get_settings
from frontiersmith.thresholds import DEFAULT_THRESHOLDS, Thresholds
from frontiersmith.tools.synthesis.divergence import formulas as dm
from frontiersmith.tools.synthesis.pipeline import SynthesisConfig

from .conftest import cli_env, frontiersmith_cmd
from .test_protocol import failed, protocol

ENV = {
    "FRONTIERSMITH_MIN_SEMANTIC": ("0.45", "min_semantic", 0.45),
    "FRONTIERSMITH_MIN_BEHAVIOURAL": ("0.02", "min_behavioural", 0.02),
    "FRONTIERSMITH_MIN_SEPARATING_TESTS": ("5", "min_separating_tests", 5),
    "FRONTIERSMITH_MIN_TOP_TIES": ("3", "min_top_ties", 3),
    "FRONTIERSMITH_BEHAVIOURAL_SCALE": ("0.5", "behavioural_scale", 0.5),
    "FRONTIERSMITH_CROSSVAL_ROUNDS": ("5", "crossval_rounds", 5),
    "FRONTIERSMITH_MIN_KILL_RATE": ("0.75", "min_kill_rate", 0.75),
}


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    for var in ENV:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("FRONTIERSMITH_CONFIG", str(tmp_path / "absent.toml"))
    return monkeypatch


def test_threshold_defaults_are_todays_values(clean_env):
    assert get_settings().thresholds() == DEFAULT_THRESHOLDS
    assert DEFAULT_THRESHOLDS.model_dump() == {
        "min_semantic": 0.3,
        "min_behavioural": 0.005,
        "min_separating_tests": 3,
        "min_top_ties": 2,
        "behavioural_scale": 0.25,
        "crossval_rounds": 3,
        "min_kill_rate": 0.5,
    }
    config = SynthesisConfig()  # the pipeline's own copy until it reads the thresholds: the two agree
    assert (config.min_semantic, config.min_behavioural, config.crossval_rounds) == (0.3, 0.005, 3)


def test_threshold_env_vars_reach_the_model(clean_env):
    for var, (raw, _, _) in ENV.items():
        clean_env.setenv(var, raw)
    thresholds = get_settings().thresholds()
    assert thresholds.model_dump() == {name: value for _, name, value in ENV.values()}


def test_a_run_override_wins_over_the_setting_and_none_keeps_it(clean_env):
    clean_env.setenv("FRONTIERSMITH_MIN_SEMANTIC", "0.45")
    thresholds = get_settings().thresholds(min_semantic=None, min_kill_rate=0.9)
    assert (thresholds.min_semantic, thresholds.min_kill_rate) == (0.45, 0.9)
    assert Thresholds.model_validate_json(thresholds.model_dump_json()) == thresholds  # stored with a run


@pytest.mark.parametrize(
    ("var", "raw"),
    [
        ("FRONTIERSMITH_MIN_SEMANTIC", "-0.1"),
        ("FRONTIERSMITH_MIN_BEHAVIOURAL", "1.5"),
        ("FRONTIERSMITH_MIN_SEPARATING_TESTS", "0"),
        ("FRONTIERSMITH_MIN_TOP_TIES", "1"),
        ("FRONTIERSMITH_BEHAVIOURAL_SCALE", "0"),
        ("FRONTIERSMITH_CROSSVAL_ROUNDS", "0"),
        ("FRONTIERSMITH_MIN_KILL_RATE", "1.01"),
        ("FRONTIERSMITH_MIN_KILL_RATE", "half"),
    ],
)
def test_a_threshold_out_of_range_is_a_one_sentence_error(clean_env, var, raw):
    clean_env.setenv(var, raw)
    with pytest.raises(InvalidInputError) as err:
        get_settings()
    message = str(err.value)
    assert var in message and repr(raw) in message, message
    assert "\n" not in message and message.endswith(".") and message.count(". ") == 0, message


def test_a_bad_threshold_stops_the_cli_with_one_line(tmp_path):
    proc = subprocess.run(
        [*frontiersmith_cmd(), "store", "info"],
        env=cli_env(tmp_path, FRONTIERSMITH_MIN_KILL_RATE="2"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().count("\n") == 0 and "FRONTIERSMITH_MIN_KILL_RATE" in proc.stderr, proc.stderr


def test_combined_divides_behavioural_by_the_given_scale_and_crossing_only_ranks():
    assert dm.combined(0.5, 0.1, 0.5) == pytest.approx((0.5 * 0.4 * 0.75) ** (1 / 3))
    assert dm.combined(0.5, 0.1, 0.5, scale=0.1) == pytest.approx((0.5 * 1.0 * 0.75) ** (1 / 3))
    # no crossing at all halves its term: the estimate ranks lower, it is not zeroed
    assert dm.combined(0.5, 0.1, 0.0) == pytest.approx((0.5 * 0.4 * 0.5) ** (1 / 3))
    assert dm.combined(0.5, 0.1, scale=0.5) == pytest.approx((0.5 * 0.2) ** 0.5)
    with pytest.raises(ValueError):
        dm.combined(0.5, 0.1, scale=0.0)


@pytest.mark.anyio
async def test_cross_validate_takes_the_kill_rate_from_the_setting(clean_env):
    clean_env.setenv("FRONTIERSMITH_MIN_KILL_RATE", "1.0")  # good artefacts kill most mutants, not all
    report = await protocol()
    assert failed(report) == {"verifier kills mutants"}, report.failures()
    explicit = await protocol(min_kill_rate=0.5)  # an explicit rate still wins over the setting
    assert failed(explicit) == set(), explicit.failures()


def test_a_runs_thresholds_come_from_its_options_over_the_settings(clean_env):
    clean_env.setenv("FRONTIERSMITH_MIN_KILL_RATE", "0.75")
    clean_env.setenv("FRONTIERSMITH_MIN_SEMANTIC", "0.45")
    config = SynthesisConfig.from_settings(get_settings(), min_semantic=0.6, crossval_rounds=None)
    assert (config.min_semantic, config.min_kill_rate, config.crossval_rounds) == (0.6, 0.75, 3)
    assert config.thresholds == Thresholds(min_semantic=0.6, min_kill_rate=0.75)


@pytest.mark.anyio
async def test_a_run_applies_its_thresholds_and_stores_them(clean_env, tmp_path):
    from frontiersmith.models import Stage
    from frontiersmith.settings import Settings
    from frontiersmith.store import open_store
    from frontiersmith.tools.llm.offline import OfflineProvider
    from frontiersmith.tools.synthesis.pipeline import Pipeline

    settings = Settings(data_dir=tmp_path, sandbox_backend="process")
    # seed 0 draws a candidate whose two sampled solutions share an idea (semantic < 1.0)
    config = SynthesisConfig(candidates=2, n_solutions=2, min_semantic=1.0, min_kill_rate=0.9, seed=0)
    store = open_store(tmp_path / "store.db", settings)
    pipeline = Pipeline(store, OfflineProvider(), config, settings=settings)
    assert pipeline.settings.min_kill_rate == 0.9  # what the protocol reads in this run
    table = await pipeline.run()
    # Only a pair that differs in its idea reaches 1.0; the candidate whose pair shares one falls at the gate.
    semantic = [why for _, why in table.reasons if why.stage is Stage.SEMANTIC]
    assert semantic and all("< 1.0" in why.reason for why in semantic)
    stored = store.pipeline_runs.get(config.run_id).args
    assert (stored["min_semantic"], stored["min_kill_rate"]) == (1.0, 0.9)


def test_synthesize_refuses_a_threshold_out_of_range_naming_the_option(tmp_path):
    proc = subprocess.run(
        [*frontiersmith_cmd(), "synthesize", "--min-kill-rate", "1.5"],
        env=cli_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2 and "--min-kill-rate" in proc.stderr and "Traceback" not in proc.stderr
