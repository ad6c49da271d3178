"""A synthesis run on the ray executor (the session's local Ray cluster, 2 workers) against the same run on
the local executor: the same inputs give the same published tasks, scores, records and costs, and every
step's sandbox work (sampling's compiles, the suites' builds, the protocol) ran on the workers. Only the
model is scripted (the loopback chat endpoint)."""

from __future__ import annotations

import pytest
from test_cost import one_good_candidate

from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools.judging.jobs import worker_name
from frontiersmith.tools.llm.factory import make_provider
from frontiersmith.tools.synthesis.cost import run_cost
from frontiersmith.tools.synthesis.pipeline import Pipeline, SynthesisConfig

pytestmark = [pytest.mark.anyio, pytest.mark.ray]

CONFIG = SynthesisConfig(rounds=1, candidates=1, n_solutions=2, n_div=1, n_final=1, provider="openai")


async def synthesized(folder, executor: str) -> dict:
    settings = Settings(
        data_dir=folder, sandbox_backend="process", max_concurrency=1, workers=2, executor=executor
    )
    store = open_store(None, settings)
    with one_good_candidate() as endpoint:
        provider = make_provider("openai", settings, model="scripted", base_url=endpoint.base_url)
        table = await Pipeline(store, provider, CONFIG, settings).run()
    cand = store.candidates.list()[0]
    report = store.candidates.current_report(cand.id)
    div = store.candidates.find_divergence(cand.id)
    cost = run_cost(store, CONFIG.run_id)
    return {
        "tasks": table.tasks,
        "status": (cand.id, cand.status),
        "report": (report.ok, report.to_dict() if hasattr(report, "to_dict") else None) if report else None,
        "divergence": (div.semantic, div.behavioural, div.combined) if div else None,
        "tokens": cost.total.tokens,
        "sandbox_runs": {stage: m.sandbox_runs for stage, m in cost.stages.items()},
        "workers": {stage: m.workers for stage, m in cost.stages.items()},  # where its sandbox work ran
    }


async def test_a_run_on_ray_publishes_what_the_local_run_publishes(ray_cluster, tmp_path):
    local = await synthesized(tmp_path / "local", "local")
    remote = await synthesized(tmp_path / "ray", "ray")
    here, there = local.pop("workers"), remote.pop("workers")
    assert local["tasks"] and remote == local
    # mutation's coarse judge is a model call: no sandbox work, anywhere
    assert here["mutate"] == there["mutate"] == []
    for stage in ("sample", "cross-validate"):
        assert here[stage] == [worker_name()]
        assert there[stage] and worker_name() not in there[stage], f"{stage} ran on the driver"
