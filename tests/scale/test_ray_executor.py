"""The ray executor on a local Ray cluster the tests start (2 worker processes): it gives the same reports
as the local executor, and a worker killed mid-run loses nothing and counts nothing twice."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest
from judge.judge_helpers import cli
from scale_jobs import RAY_WORKERS, job_set

from frontiersmith.metering import metered
from frontiersmith.settings import Settings
from frontiersmith.tools.judging.executor import active_executor, get_executor

pytestmark = pytest.mark.ray

DATA = Path(__file__).parent.parent / "judge" / "data"
MINI, SOLUTIONS = DATA / "frontiercs_mini", DATA / "solutions"


def verdicts(printed: dict) -> dict:
    """``judge --json`` without what the sandbox measured (time and memory vary from run to run)."""
    tests = [{k: v for k, v in t.items() if k not in ("time_ms", "memory_kb")} for t in printed["tests"]]
    return {**printed, "tests": tests}


def comparable(reports):
    return {
        jid: (r.score, r.verdict, [(t.name, t.verdict, t.score, t.objective) for t in r.tests])
        for jid, r in reports.items()
    }


@pytest.mark.anyio
async def test_the_ray_executor_judges_as_the_local_one_does(ray_cluster, tmp_path):
    settings = Settings(data_dir=tmp_path, sandbox_backend="process", workers=2)
    jobs = job_set()
    with metered() as local_cost:
        async with get_executor(settings, "local") as local:
            expected = await local.map_judge(jobs)
    with metered() as ray_cost:
        async with get_executor(settings, "ray") as remote:
            got = await remote.map_judge(jobs)
    assert comparable(got) == comparable(expected)
    assert [r.score for r in expected.values()] == pytest.approx([0.0, 0.0, 0.0, 0.0, 1 / 3, 0.0])
    assert [r.verdict.value for r in expected.values()][:2] == ["CE", "OK"]
    # the workers' sandbox CPU-seconds come back to the driver's meter: every run once
    assert ray_cost.sandbox_runs == local_cost.sandbox_runs > 0 and ray_cost.cpu_seconds > 0


@pytest.mark.anyio
async def test_a_worker_killed_mid_run_loses_nothing_and_counts_nothing_twice(ray_cluster, tmp_path):
    settings = Settings(data_dir=tmp_path, sandbox_backend="process", workers=2)
    jobs = job_set(solutions=10, tests=6)
    with metered() as local_cost:
        async with get_executor(settings, "local") as local:
            expected = await local.map_judge(jobs)
    killed: list[int] = []
    with metered() as ray_cost:
        async with get_executor(settings, "ray") as remote:
            pids = await remote.worker_pids()  # type: ignore[attr-defined]
            assert len(set(pids)) == RAY_WORKERS

            def kill_one(done: int, total: int) -> None:
                if done == 1 and not killed:  # the other worker and this one still hold jobs
                    os.kill(pids[0], signal.SIGKILL)
                    killed.append(pids[0])

            got = await remote.map_judge(jobs, progress=kill_one)
            after = await remote.worker_pids()  # type: ignore[attr-defined]
    assert killed and killed[0] not in after, "Ray restarts the killed worker as a new process"
    assert comparable(got) == comparable(expected)
    # the killed worker's unfinished job ran again; only the run that came back is counted
    assert ray_cost.sandbox_runs == local_cost.sandbox_runs


@pytest.mark.anyio
async def test_a_get_executor_block_inside_another_reuses_the_outer_executor(tmp_path):
    settings = Settings(data_dir=tmp_path, sandbox_backend="process")
    async with get_executor(settings, "local") as outer:
        # code a run calls judges where the run does, whatever settings it was handed
        async with get_executor(settings.model_copy(update={"executor": "ray"})) as inner:
            assert inner is outer
        async with get_executor(settings) as inner:
            assert inner is outer
        assert active_executor() is outer  # the inner blocks left it running
    assert active_executor() is None


def test_judge_on_ray_prints_what_judge_on_local_prints(ray_cluster, tmp_path):
    address = ray_cluster.get_runtime_context().gcs_address  # type: ignore[attr-defined]
    args = [str(MINI), str(SOLUTIONS / "first_k.py"), "--backend", "process", "--json"]
    local = cli(["judge", *args, "--executor", "local"], tmp_path)
    remote = cli(["judge", *args, "--executor", "ray", "--ray-address", address], tmp_path)
    assert local.returncode == remote.returncode == 0, remote.stderr
    assert verdicts(json.loads(remote.stdout)) == verdicts(json.loads(local.stdout))
    assert json.loads(local.stdout)["score"] > 0


def test_ray_address_without_the_ray_executor_is_one_sentence(tmp_path):
    done = cli(["judge", str(MINI), str(SOLUTIONS / "first_k.py"), "--ray-address", "x:1"], tmp_path)
    assert done.returncode != 0 and "--ray-address needs --executor ray." in done.stderr
    assert "Traceback" not in done.stderr


def test_synthesize_refuses_a_ray_address_without_the_ray_executor(tmp_path):
    done = cli(["synthesize", "--ray-address", "x:1", "--json"], tmp_path)
    assert done.returncode != 0 and "--ray-address needs --executor ray." in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", ["evaluate", "coevolve"])
def test_evaluate_and_coevolve_refuse_an_unknown_executor_in_one_sentence(command, tmp_path):
    done = cli([command, "--solver", "catalog:weak", "--executor", "bogus"], tmp_path)
    assert done.returncode != 0 and "--executor 'bogus' is not known; use local or ray." in done.stderr
    assert "Traceback" not in done.stderr
    address = cli([command, "--solver", "catalog:weak", "--ray-address", "x:1"], tmp_path)
    assert address.returncode != 0 and "--ray-address needs --executor ray." in address.stderr


def test_workers_are_handed_no_token_of_the_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """What the ray executor hands each worker (Settings.for_workers): the run's settings without the HTTP
    tokens, each set to None so that a worker does not read one from its own environment either."""
    settings = Settings(data_dir=tmp_path, http_token="driver-secret", http_solve_token="solve-secret")
    values = settings.for_workers()
    assert "driver-secret" not in json.dumps(values) and "solve-secret" not in json.dumps(values)
    monkeypatch.setenv("FRONTIERSMITH_HTTP_SYNTHESIS_TOKEN", "in-the-workers-environment")
    worker = Settings(**values)
    assert (worker.http_token, worker.http_solve_token, worker.http_synthesis_token) == (None, None, None)
    assert worker.data_dir == tmp_path and worker.workers == settings.workers
