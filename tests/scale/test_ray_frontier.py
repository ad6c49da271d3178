"""``evaluate`` and a co-evolution round on the ray executor (the session's local Ray cluster, 2 workers)
against the same calls on the local executor: the same trajectories, boards, round reports, candidates and
tasks, with the judging done on the workers and the store written by the driver alone. No model anywhere
(the catalog's solvers and the offline provider)."""

from __future__ import annotations

from pathlib import Path

import pytest
from frontier.frontier_helpers import CHEAP
from scale_jobs import RAY_WORKERS

from frontiersmith.metering import metered
from frontiersmith.models import Trajectory
from frontiersmith.settings import Settings
from frontiersmith.store import open_store
from frontiersmith.tools.frontier import evaluate
from frontiersmith.tools.frontier.board import BOARD_EVENT, Board
from frontiersmith.tools.frontier.coevolve import CoevolveConfig, coevolve
from frontiersmith.tools.judging.jobs import worker_name
from frontiersmith.tools.llm.offline import OfflineProvider

pytestmark = [pytest.mark.anyio, pytest.mark.ray]


def settings_in(folder: Path, executor: str) -> Settings:
    return Settings(
        data_dir=folder, sandbox_backend="process", workers=2, max_concurrency=2, executor=executor
    )


def attempts_of(trajectories: list[Trajectory]) -> list[tuple]:
    """What an attempt was judged to be (not its id, which is new per evaluation, nor its wall time)."""
    return [
        (t.problem_id, t.attempt, t.score, t.verdict, t.failure, t.detail, t.best_known)
        + tuple((r.name, r.verdict, r.score, r.objective) for r in t.results())
        for t in trajectories
    ]


async def evaluated(folder: Path, executor: str) -> tuple[dict, list[str]]:
    settings = settings_in(folder, executor)
    store = open_store(None, settings)
    with metered() as meter:
        weak = await evaluate(store, "catalog:weak", [CHEAP], settings=settings)
        strong = await evaluate(store, "catalog:strong", [CHEAP], settings=settings)
    (event,) = store.events.list(CHEAP, kind=BOARD_EVENT)  # judged once, by the first evaluation
    board = Board.model_validate(event.payload)
    store.close()
    entries = [(e.label, e.score, e.verdict, [(t.name, t.score) for t in e.tests]) for e in board.entries]
    return {"weak": attempts_of(weak), "strong": attempts_of(strong), "board": entries}, meter.workers


async def test_evaluate_on_ray_stores_what_evaluate_on_local_stores(ray_cluster, tmp_path):
    local, local_workers = await evaluated(tmp_path / "local", "local")
    remote, remote_workers = await evaluated(tmp_path / "ray", "ray")
    assert remote == local
    assert local["board"] and local["weak"][0][2] < local["strong"][0][2]
    # the tests' build, the baseline and every program were judged on the workers, none here
    assert local_workers == [worker_name()]
    assert remote_workers and worker_name() not in remote_workers and len(remote_workers) <= RAY_WORKERS


async def coevolved(folder: Path, executor: str) -> tuple[dict, list[str]]:
    settings = settings_in(folder, executor)
    store = open_store(None, settings)
    # a band up to 0.99 of the best known takes in weak's near-solved candidate, so the round publishes it
    cfg = CoevolveConfig(
        solver="catalog:weak", rounds=1, per_round=1, problems=CHEAP, band=(0.2, 0.99), untargeted=False
    )
    with metered() as meter:
        report = await coevolve(store, cfg, OfflineProvider(), settings)
    records = {
        "report": report.model_dump(mode="json", exclude={"wall_s"}),
        "candidates": [(c.id, c.status, c.reason) for c in store.candidates.list()],
        "tasks": [t.id for t in store.tasks.list()],
        "attempts": attempts_of(store.frontier.list_trajectories(solver="catalog:weak")),
    }
    store.close()
    return records, meter.workers


async def test_a_coevolution_round_on_ray_gives_what_it_gives_on_local(ray_cluster, tmp_path):
    local, _ = await coevolved(tmp_path / "local", "local")
    remote, remote_workers = await coevolved(tmp_path / "ray", "ray")
    assert remote == local
    (rnd,) = local["report"]["rounds"]
    assert rnd["validated"] == 1 and rnd["published"] == local["tasks"] != []
    assert remote_workers and worker_name() not in remote_workers
