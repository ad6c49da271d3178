"""Where judge jobs run (docs/design.md, "Scale"): ``local``, in this process over one warm sandbox, or ``ray``, on a Ray
cluster where each worker is an actor holding its own warm sandbox and the verifiers it compiled.

A judge job is one solution on one test suite. Both executors judge it with the same code
(``tools/judging/judge.judge_compiled``) and hand back values: the driver alone writes the store, so SQLite stays
single-writer. Test suites travel by content hash, put into Ray's object store once and cached on each
worker; verifiers are compiled once per worker, keyed by content hash. A worker killed mid-job is restarted
by Ray and its job runs again (``max_task_retries``); results are keyed by job id, so nothing is lost or
counted twice. A pipeline step's sandbox work (compiling sampled solutions, building a suite, the
cross-validation protocol, a baseline's objectives) goes the same way through ``run_step``: an importable
function of values, run in a worker's warm sandbox, its result stored by the caller. Callers (``judge``,
``evaluate``, co-evolution, the pipeline's steps) do::

    async with get_executor(settings) as executor:
        reports = await executor.map_judge(jobs)  # job id -> JudgeReport
        report = await run_step(cross_validate, tests, ...)  # a step's sandbox work, where jobs run

A ``get_executor`` block inside another reuses the outer block's executor (co-evolution's synthesis runs and
evaluations share its workers instead of asking a full cluster for more).
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import AsyncIterator, Sequence
from dataclasses import replace
from typing import Any, Protocol, TypeVar

import anyio

from frontiersmith.errors import InvalidInputError
from frontiersmith.settings import Settings, get_settings

from .executor_ray import RayExecutor
from .jobs import (
    JobProgress,
    JudgeHost,
    JudgeJob,
    JudgeOutcome,
    SandboxStep,
    blob_key,
    report_progress,
    unique_jobs,
)
from .judge import JudgeReport

T = TypeVar("T")


class Executor(Protocol):
    """Where judge jobs and pipeline steps run: this process (``LocalExecutor``) or a Ray cluster
    (``RayExecutor``); ``get_executor`` opens one for a block."""

    name: str

    async def run_step(self, step: SandboxStep[T], *args: Any, **kwargs: Any) -> T:
        """``step(*args, **kwargs, sandbox=..., settings=...)`` where this executor runs jobs; what it spent
        is charged to the caller's current cost meter."""
        ...

    async def map_judge(
        self, jobs: Sequence[JudgeJob], progress: JobProgress | None = None
    ) -> dict[str, JudgeReport]:
        """Judge every job; job id -> report, in the jobs' order. Each job's sandbox CPU-seconds are charged
        to the caller's current cost meter (frontiersmith/metering.py)."""
        ...


class LocalExecutor:
    """Judge jobs in this process: one warm sandbox for all of them, ``workers`` tests at a time."""

    name = "local"

    def __init__(self, settings: Settings, workers: int | None = None):
        self.host = JudgeHost(settings, workers or settings.workers)
        self._jobs = anyio.CapacityLimiter(max(2, 2 * self.host.workers))  # compiles overlap runs

    async def map_judge(
        self, jobs: Sequence[JudgeJob], progress: JobProgress | None = None
    ) -> dict[str, JudgeReport]:
        """Judge every job in this process's warm sandbox (a job repeated by id is judged once); job id ->
        report."""
        todo = unique_jobs(jobs)
        outcomes: dict[str, JudgeOutcome] = {}

        async def one(job: JudgeJob) -> None:
            suite = blob_key(job.tests)
            self.host.suites.setdefault(suite, job.tests)
            async with self._jobs:
                outcomes[job.id] = await self.host.judge(replace(job, tests=()), suite)
            await report_progress(progress, len(outcomes), len(todo))

        async with anyio.create_task_group() as tg:
            for job in todo:
                tg.start_soon(one, job)
        return {job.id: outcomes[job.id].report for job in todo}

    async def run_step(self, step: SandboxStep[T], *args: Any, **kwargs: Any) -> T:
        """``Executor.run_step`` in a sandbox opened for this step alone, so steps of several candidates stay
        apart."""
        # In a sandbox of its own, as before executors: steps of several candidates run at once, and one
        # sandbox (a container) per step keeps them apart.
        outcome = await self.host.run_step(step, args, kwargs, warm=False)  # charged: it ran in this process
        return outcome.value  # type: ignore[no-any-return]

    async def close(self) -> None:
        """Close the warm sandbox and the judges kept in it."""
        await self.host.close()


_active: contextvars.ContextVar[Executor | None] = contextvars.ContextVar(
    "frontiersmith_executor", default=None
)


def active_executor() -> Executor | None:
    """The executor of the ``get_executor`` block this code runs in (a synthesis run's), if any."""
    return _active.get()


async def run_step(step: SandboxStep[T], *args: Any, settings: Settings | None = None, **kwargs: Any) -> T:
    """A pipeline step's sandbox work, run where the active executor runs jobs (a Ray worker's warm sandbox,
    say), else here in a sandbox of its own; inside an executor its settings apply (the run's), not
    ``settings``. Only sandbox work goes this way: the model calls around it stay on the driver, since they
    wait on the network, not on a CPU, and the provider holds the credentials and the run's state (scripted
    answers, the agents' session)."""
    executor = active_executor()
    if executor is not None:
        return await executor.run_step(step, *args, **kwargs)
    async with get_executor(settings, "local") as local:
        return await local.run_step(step, *args, **kwargs)


@contextlib.asynccontextmanager
async def get_executor(
    settings: Settings | None = None,
    executor: str | None = None,
    *,
    ray_address: str | None = None,
    workers: int | None = None,
) -> AsyncIterator[Executor]:
    """The executor the settings (or ``executor``) name, started, and torn down on exit. ``workers``: tests
    at a time (local) or worker processes (ray; default: the cluster's CPUs). Inside another block the
    outer executor is reused and left running, unless ``executor`` names another: code a run calls judges
    where the run does, whatever settings it was handed."""
    outer = _active.get()
    if outer is not None and executor in (None, outer.name):
        yield outer
        return
    settings = settings or get_settings()
    name = executor or settings.executor
    started: LocalExecutor | RayExecutor
    if name == "local":
        started = LocalExecutor(settings, workers)
    elif name == "ray":
        started = await RayExecutor.start(settings, ray_address or settings.ray_address, workers)
    else:
        raise InvalidInputError(f"The executor {name!r} is not known; use local or ray.")
    token = _active.set(started)
    try:
        yield started
    finally:
        _active.reset(token)
        await started.close()


__all__ = ["Executor", "LocalExecutor", "active_executor", "get_executor", "run_step"]
