"""The ``ray`` executor (tools/judging/executor.py): judge jobs as tasks of Ray actors, one per worker process, each
holding a warm sandbox (``JudgeHost``), as a Ray Serve replica holds its model.

Only this module imports Ray (the optional extra ``frontiersmith[ray]``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

import anyio

from frontiersmith.errors import InvalidInputError
from frontiersmith.metering import charge
from frontiersmith.settings import Settings

from .jobs import (
    JobProgress,
    JudgeHost,
    JudgeJob,
    JudgeOutcome,
    SandboxStep,
    StepOutcome,
    blob_key,
    report_progress,
    unique_jobs,
)
from .judge import JudgeReport

# Jobs each worker holds at once: one running, one compiling or waiting, so a worker never idles on the
# round trip to the driver.
IN_FLIGHT_PER_WORKER = 2
T = TypeVar("T")


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise InvalidInputError(
            "The ray executor needs Ray; install it with `pip install 'frontiersmith[ray]'`, or use --executor local."
        ) from None
    return ray


class JudgeWorker:
    """One Ray worker's judge (made a Ray actor in ``RayExecutor.start``): its JudgeHost lives as long as
    the actor, and a restarted actor (its process was killed) starts a fresh one."""

    def __init__(self, settings: dict[str, Any], workers: int):
        self.host = JudgeHost(Settings(**settings), workers)

    async def judge(self, job: JudgeJob, suite: str, boxed: list[Any]) -> JudgeOutcome:
        """Judge one job on the suite stored under ``suite``, fetching the suite's tests from ``boxed`` only the
        first time this worker sees it."""
        # The suite's ObjectRef comes boxed in a list, so Ray does not fetch it for a worker that has it.
        if suite not in self.host.suites:
            self.host.suites[suite] = await boxed[0]
        return await self.host.judge(job, suite)

    async def run_step(
        self, step: SandboxStep, args: Sequence[Any], kwargs: Mapping[str, Any]
    ) -> StepOutcome:
        """A pipeline step's sandbox work in this worker's warm sandbox (the driver stores its result)."""
        return await self.host.run_step(step, args, kwargs, warm=True)

    async def close(self) -> None:
        """Close this worker's warm sandbox."""
        await self.host.close()

    def pid(self) -> int:
        """The worker process's id (tests kill it to check that a restarted worker picks the work up)."""
        return os.getpid()


class RayExecutor:
    """Judge jobs and run pipeline steps on Ray actors (``JudgeWorker``), each keeping its sandbox warm; the
    driver alone writes the store. Made by ``RayExecutor.start``."""

    name = "ray"

    def __init__(self, actors: list[Any], started_ray: bool):
        self.actors = actors
        self._started_ray = started_ray
        self._suites: dict[str, Any] = {}  # content hash -> ObjectRef, put once per run
        self._busy: dict[int, int] = {}  # actor -> pipeline steps in flight on it

    @classmethod
    async def start(cls, settings: Settings, address: str | None, workers: int | None) -> RayExecutor:
        """Connect to the cluster at ``address`` (none: reuse this process's, else start a local one) and
        start ``workers`` judge actors (default: one per CPU of the cluster)."""
        ray = _ray()
        started = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = (
                {"address": address} if address else {"num_cpus": workers or settings.ray_workers}
            )
            try:
                await anyio.to_thread.run_sync(
                    lambda: ray.init(
                        **kwargs, include_dashboard=False, log_to_driver=False, configure_logging=False
                    )
                )
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise InvalidInputError(
                    f"Could not reach the Ray cluster {address or '(local)'}: {str(exc).splitlines()[0][:200]}; "
                    "check --ray-address or start it with `ray start --head`."
                ) from None
            started = True
        n = workers or settings.ray_workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        actor = ray.remote(num_cpus=1, max_restarts=-1, max_task_retries=-1, max_concurrency=16)(JudgeWorker)
        # Each worker runs one test at a time on its one CPU: the cluster, not the worker, is the pool. Its
        # settings are values without the server's tokens (Settings.for_workers): a worker judges, nothing more.
        settings_json = settings.for_workers()
        actors = [actor.remote(settings_json, 1) for _ in range(n)]
        return cls(actors, started)

    def _suite_ref(self, job: JudgeJob) -> tuple[str, Any]:
        key = blob_key(job.tests)
        if key not in self._suites:
            self._suites[key] = _ray().put(job.tests)
        return key, self._suites[key]

    async def map_judge(
        self, jobs: Sequence[JudgeJob], progress: JobProgress | None = None
    ) -> dict[str, JudgeReport]:
        """Judge every job on the actors, a few in flight on each; a suite's tests go to the cluster once, and a
        job repeated by id (or retried after a worker died) counts once. Job id -> report, in the jobs' order."""
        todo = unique_jobs(jobs)
        queue = list(reversed(todo))
        outcomes: dict[str, JudgeOutcome] = {}

        async def feed(actor: Any) -> None:
            while queue:
                job = queue.pop()
                suite, ref = self._suite_ref(job)
                outcome: JudgeOutcome = await actor.judge.remote(
                    replace(job, tests=()), suite, [ref]
                )  # tests go by hash
                if outcome.job_id not in outcomes:  # idempotent by job id: a retried job counts once
                    outcomes[outcome.job_id] = outcome
                    charge(outcome.meter)
                await report_progress(progress, len(outcomes), len(todo))

        async with anyio.create_task_group() as tg:
            for actor in self.actors:
                for _ in range(IN_FLIGHT_PER_WORKER):
                    tg.start_soon(feed, actor)
        return {job.id: outcomes[job.id].report for job in todo}

    async def run_step(self, step: SandboxStep[T], *args: Any, **kwargs: Any) -> T:
        """``Executor.run_step`` on the least busy actor's warm sandbox; a step whose worker was killed runs
        again on the restarted one (a step only computes, so that is safe)."""
        # The step goes by name (an importable function); its values go with it. A worker killed mid-step is
        # restarted and the step runs again: it only computes, so running it twice changes nothing.
        actor = min(self.actors, key=lambda a: self._busy.get(id(a), 0))  # the least busy worker
        self._busy[id(actor)] = self._busy.get(id(actor), 0) + 1
        try:
            outcome: StepOutcome = await actor.run_step.remote(step, args, kwargs)
        finally:
            self._busy[id(actor)] -= 1
        charge(outcome.meter)
        return outcome.value  # type: ignore[no-any-return]

    async def worker_pids(self) -> list[int]:
        """The process id of every actor."""
        return [await a.pid.remote() for a in self.actors]

    async def close(self) -> None:
        """Let each actor close its sandbox (30 s at most), kill the actors, and shut Ray down if ``start``
        started it."""
        ray = _ray()
        # Let each worker tear its sandbox down (a killed one would leave its temp dirs), then stop it.
        with anyio.move_on_after(30):
            for actor in self.actors:
                await actor.close.remote()
        for actor in self.actors:
            ray.kill(actor)
        self.actors = []
        if self._started_ray:
            ray.shutdown()
