"""Cost accounting on the local executor: every model call's tokens (as the loopback chat endpoint reports
them in ``usage``; only the model is scripted) and every sandbox run's CPU-seconds, stored against the
candidate and the stage that spent them, and reported per stage and per published task."""

from __future__ import annotations

import json

import pytest
from judge.judge_helpers import cli
from model_answers import grouping, keep, module, mutation, solution
from pipeline import test_scripted_model as scripted
from pipeline import toy_problem as toy
from pipeline.scripted_llm import ScriptedEndpoint

from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools.llm.factory import make_provider
from frontiersmith.tools.synthesis.cost import COST_EVENT, run_cost
from frontiersmith.tools.synthesis.pipeline import Pipeline, SynthesisConfig

pytestmark = pytest.mark.anyio


def one_good_candidate() -> ScriptedEndpoint:
    endpoint = ScriptedEndpoint(scripted.route)
    endpoint.script("mutate", mutation("Costed"))
    endpoint.script("coarse:Costed", keep())
    endpoint.script(
        "solve:Costed",
        solution(toy.GREEDY_LARGE, "greedy, largest first"),
        solution(toy.DP_SMALL_ONLY, "subset-sum DP on small instances"),
    )
    endpoint.script("group:Costed", grouping([0, 1]))
    endpoint.script("tests:Costed", module(toy.TESTS_MODULE))
    endpoint.script("verifier:Costed", module(toy.VERIFIER_MODULE))
    return endpoint


async def test_every_model_call_and_sandbox_run_is_charged_to_its_candidate_and_stage(tmp_path):
    endpoint = one_good_candidate()
    endpoint.usage = {"prompt_tokens": 30, "completion_tokens": 7, "total_tokens": 37}
    settings = Settings(data_dir=tmp_path, sandbox_backend="process", max_concurrency=1, workers=2)
    store = open_store(None, settings)
    config = SynthesisConfig(rounds=1, candidates=1, n_solutions=2, n_div=1, n_final=1, provider="openai")
    with endpoint:
        provider = make_provider("openai", settings, model="scripted", base_url=endpoint.base_url)
        table = await Pipeline(store, provider, config, settings).run()
    assert endpoint.unanswered == [] and table.published == 1

    cost = run_cost(store, config.run_id)
    calls = len(endpoint.requests)
    # the endpoint's usage, per call: nothing lost, nothing counted twice
    assert cost.total.model_calls == calls
    assert (cost.total.input_tokens, cost.total.output_tokens) == (30 * calls, 7 * calls)
    assert set(cost.stages) == {"mutate", "sample", "cross-validate"}
    assert cost.stages["mutate"].model_calls == 2  # the mutation and the coarse judge
    assert cost.stages["cross-validate"].cpu_seconds > 0
    assert cost.total.cpu_seconds == pytest.approx(sum(m.cpu_seconds for m in cost.stages.values()))
    # against its candidate: the run's one candidate holds it all
    (cid,) = cost.candidates
    assert cid == store.candidates.list()[0].id
    assert all(e.subject_id == cid for e in store.events.list(kind=COST_EVENT))

    # the run record keeps it, keyed as the dashboard reads it, and per published task
    run = store.pipeline_runs.get(config.run_id)
    assert run.progress.tokens == 37 * calls
    assert run.progress.sandbox_cpu_seconds == pytest.approx(cost.total.cpu_seconds, abs=1e-3)
    recorded = run.progress.cost
    assert recorded is not None
    assert recorded["per_published_task"]["tokens"] == 37 * calls
    assert recorded["per_stage"]["cross-validate"]["cpu_seconds"] > 0
    store.close()

    # `store cost` prints the same, for the latest run and for a named one
    printed = cli(["store", "cost", "--json"], tmp_path)
    assert printed.returncode == 0, printed.stderr
    assert json.loads(printed.stdout) == recorded
    text = cli(["store", "cost", config.run_id], tmp_path)
    assert "per published task (1): " + f"{37 * calls} tokens" in text.stdout
    # and where each stage's sandbox work ran, which --json alone used to tell
    rows = {line.split()[0]: line for line in text.stdout.splitlines()[2:] if line.strip()}
    for stage, spent in recorded["per_stage"].items():
        assert rows[stage].endswith("  " + (", ".join(spent["workers"]) or "-")), rows[stage]
    assert any(spent["workers"] for spent in recorded["per_stage"].values())
    unknown = cli(["store", "cost", "run-nope"], tmp_path)
    assert unknown.returncode != 0 and "No synthesis run run-nope in the store" in unknown.stderr
    assert "Traceback" not in unknown.stderr
