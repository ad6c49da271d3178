"""Every export format carries every kind of task: for an interactive task (the demo's maze, an interactor
talking to the running solution) and a default one (a verifier reading the output), each format's reward for
the task's best sampled solution equals the score the manifest promises and `submit` gives, to the digit.

Only the model is scripted (the verifiers environment's loopback chat endpoint, which answers with the
program); the exports, the rewards, the judge, the sandboxes and Harbor's verifier in Docker are real."""

from __future__ import annotations

import json
import runpy
from pathlib import Path
from typing import Any

import datasets
import pyarrow.parquet as pq
import pytest
from harbor_trial import reward_as_harbor_does
from reward_helpers import evaluate, fenced

from frontiersmith.models import Program, Task, Verifier
from frontiersmith.rewards import GroundTruth, clear_cache, score_completions
from frontiersmith.settings import Settings
from frontiersmith.store import Store, open_store
from frontiersmith.tools.exports import export_tasks, load_bundle
from frontiersmith.tools.exports.registry import registered_formats
from frontiersmith.tools.judging.judge import judge_solution
from frontiersmith.tools.judging.packages import load_package
from frontiersmith.tools.problems.submit import submit

vf = pytest.importorskip("verifiers")  # a test extra (pip install -e .[dev])
pytestmark = pytest.mark.anyio


def one_of_each_kind(store: Store) -> dict[str, Task]:
    """One task of each kind the demo publishes: an interactive one (the maze, the Max-SAT oracle) and the
    default one with the smallest tests (a verifier reading the output), the cheapest to judge seven times."""
    interactive: dict[bool, list[Task]] = {True: [], False: []}
    for task in store.tasks.list():
        interactive[bool(store.get(Verifier, task.verifier_id).interactive)].append(task)

    def size(task: Task) -> int:
        return sum(store.blobs.size(store.problems.get_test(t).input_hash) for t in task.test_ids)

    assert interactive[True] and interactive[False], "the demo publishes tasks of both kinds"
    return {"interactive": min(interactive[True], key=size), "default": min(interactive[False], key=size)}


async def folder_score(folder: Path, best: Program) -> float:
    """What `frontiersmith judge FOLDER best` scores (native and FrontierCS packages), against the reference
    points the package pins."""
    package = load_package(folder)
    report = await judge_solution(
        best,
        package.tests,
        package.verifier,
        package.limits,
        baseline=package.pinned_baseline or package.baseline,
        best=package.best,
        backend="process",
    )
    assert report.complete
    return report.score


def verl_scores(out: Path, best: dict[str, Program]) -> dict[str, float]:
    rows = pq.read_table(out / "train.parquet").to_pylist()
    reward = runpy.run_path(str(out / "reward.py"))["compute_score_batch"]
    truths = [r["reward_model"]["ground_truth"] for r in rows]
    ids = [r["extra_info"]["task_id"] for r in rows]
    scores = reward([r["data_source"] for r in rows], [fenced(best[t]) for t in ids], truths)
    return dict(zip(ids, scores, strict=True))


def trl_scores(out: Path, best: dict[str, Program]) -> dict[str, float]:
    train = datasets.load_from_disk(str(out / "dataset"))["train"]
    reward = runpy.run_path(str(out / "reward.py"))["frontiersmith_reward"]
    ids = [GroundTruth.parse(t).task_id for t in train["ground_truth"]]
    scores = reward(
        prompts=train["prompt"],
        completions=[fenced(best[t]) for t in ids],
        ground_truth=train["ground_truth"],
    )
    return dict(zip(ids, scores, strict=True))


async def hf_scores(out: Path, best: dict[str, Program]) -> dict[str, float]:
    train = datasets.load_from_disk(str(out))["train"]
    scores = await score_completions(
        [fenced(best[t]) for t in train["task_id"]], train["ground_truth"], export_dir=out, backend="process"
    )
    return dict(zip(train["task_id"], scores, strict=True))


async def verifiers_scores(out: Path, best: dict[str, Program], titles: dict[str, str]) -> dict[str, float]:
    module = runpy.run_path(str(out / "frontiersmith_tasks.py"))
    env = module["load_environment"](backend="process")
    outputs = await evaluate(env, {titles[t]: [("answer", program)] for t, program in best.items()})
    return {o["info"]["task_id"]: o["reward"] for o in outputs}


@pytest.mark.docker
async def test_every_export_scores_both_task_kinds_as_submit_does(
    demo_run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, docker_required: None
) -> None:
    settings = Settings(data_dir=tmp_path / "data", sandbox_backend="process")
    monkeypatch.setenv(
        "FRONTIERSMITH_DATA_DIR", str(tmp_path / "no-store")
    )  # the rewards read the exports alone
    monkeypatch.setenv("FRONTIERSMITH_SANDBOX_BACKEND", "process")
    clear_cache()
    exports = {fmt: tmp_path / fmt for fmt in registered_formats()}
    assert set(exports) == {"native", "frontiercs", "harbor", "verl", "trl", "verifiers", "hf"}
    with open_store(demo_run.copy_to(tmp_path / "store.db"), settings) as store:
        tasks = one_of_each_kind(store)
        ids = ",".join(t.id for t in tasks.values())
        bundles = {t.id: await load_bundle(store, t, settings) for t in tasks.values()}
        assert bundles[tasks["interactive"].id].package.verifier.interactive
        assert not bundles[tasks["default"].id].package.verifier.interactive
        best = {tid: b.best.program for tid, b in bundles.items() if b.best is not None}
        manifests = {
            fmt: await export_tasks(store, fmt, out, tasks=ids, settings=settings)
            for fmt, out in exports.items()
        }
        promised = {e.task_id: e.best_mean_score for e in manifests["native"].tasks}
        submitted = {
            tid: (await submit(store, tid, p.code, p.language, settings=settings)).score
            for tid, p in best.items()
        }
    assert set(best) == set(promised) and all(score > 0 for score in promised.values())
    assert submitted == pytest.approx(promised, abs=1e-12)
    for manifest in manifests.values():
        assert {e.task_id: e.best_mean_score for e in manifest.tasks} == promised

    titles = {tid: b.problem.title for tid, b in bundles.items()}
    rewards: dict[str, dict[str, float]] = {
        "native": {t: await folder_score(exports["native"] / t, p) for t, p in best.items()},
        "frontiercs": {t: await folder_score(exports["frontiercs"] / t, p) for t, p in best.items()},
        "verl": verl_scores(exports["verl"], best),
        "trl": trl_scores(exports["trl"], best),
        "hf": await hf_scores(exports["hf"], best),
        "verifiers": await verifiers_scores(exports["verifiers"], best, titles),
        # Harbor's oracle runs the best solution (solution/solve.sh) and its verifier writes the reward
        "harbor": {t: reward_as_harbor_does(exports["harbor"] / t) for t in best},
    }
    # FrontierCS's checker and Harbor's verifier compute the normalisation in C++ and print the score
    exact = {"frontiercs": 1e-6, "harbor": 1e-6}
    for fmt, got in rewards.items():
        assert got == pytest.approx(promised, abs=exact.get(fmt, 1e-12)), (fmt, got, promised)
    shown = {fmt: {kind: got[t.id] for kind, t in tasks.items()} for fmt, got in rewards.items()}
    print(json.dumps({"promised": promised, "rewards": shown}, indent=1))
