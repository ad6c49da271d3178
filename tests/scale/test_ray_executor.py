"""The ray executor on a local Ray cluster the tests start (2 worker processes): it gives the same reports
as the local executor, and a worker killed mid-run loses nothing and counts nothing twice."""

from __future__ import annotations

import pytest
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
