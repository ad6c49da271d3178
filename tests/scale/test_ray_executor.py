"""The ray executor on a local Ray cluster the tests start (2 worker processes): it gives the same reports
as the local executor, and a worker killed mid-run loses nothing and counts nothing twice."""

from __future__ import annotations

import os
import signal

import pytest
from conftest import RAY_WORKERS
from scale_jobs import job_set

from frontiersmith.settings import Settings
from frontiersmith.tools.cost import metered
from frontiersmith.tools.executor import get_executor

pytestmark = [pytest.mark.anyio, pytest.mark.ray]


def comparable(reports):
    return {
        jid: (r.score, r.verdict, [(t.name, t.verdict, t.score, t.objective) for t in r.tests])
        for jid, r in reports.items()
    }


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
