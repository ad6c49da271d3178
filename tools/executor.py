"""Where judge jobs run (DESIGN §12): ``local``, in this process over one warm sandbox, or ``ray``, on a Ray
cluster where each worker is an actor holding its own warm sandbox and the verifiers it compiled.

A judge job is one solution on one test suite. Both executors judge it with the same code
(``tools/judge.judge_compiled``) and hand back values: the driver alone writes the store, so SQLite stays
single-writer. Test suites travel by content hash, put into Ray's object store once and cached on each
worker; verifiers are compiled once per worker, keyed by content hash. A worker killed mid-job is restarted
by Ray and its job runs again (``max_task_retries``); results are keyed by job id, so nothing is lost or
counted twice. Callers (``judge``, catalog evaluation, co-evolution) do::

    async with get_executor(settings) as executor:
        reports = await executor.map_judge(jobs)  # job id -> JudgeReport
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import os
import pickle
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol

import anyio

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Limits, Program
from frontiersmith.sandbox import Sandbox, open_sandbox
from frontiersmith.settings import Settings, get_settings

from .cost import Meter, metered
from .crossval import CrossValidation, cross_validate
from .judge import (
    Judge,
    JudgeReport,
    JudgeTest,
    VerifierCompileError,
    VerifierSpec,
    check_normalisation,
    compile_all,
    judge_compiled,
    open_judge,
    programs_to_compile,
    verifier_failed,
)

if TYPE_CHECKING:
    from .executor_ray import RayExecutor

Objectives = Mapping[str, float] | Program | None
JobProgress = Callable[[int, int], Awaitable[None] | None]


def blob_key(value: object) -> str:
    """A stable key for a blob (a test suite, a verifier and its limits) within one run: pickled, since
    tests hold bytes (models.content_hash hashes JSON records)."""
    return hashlib.sha256(pickle.dumps(value, protocol=5)).hexdigest()[:32]


@dataclass(frozen=True)
class JudgeJob:
    """One solution on one test suite: what ``judge_solution`` takes, with an id that makes it idempotent
    (the same id judged twice counts once)."""

    id: str
    solution: Program
    tests: tuple[JudgeTest, ...]
    verifier: VerifierSpec
    limits: Limits
    baseline: Objectives = None
    best: Objectives = None

    def check(self) -> None:
        """Bad input fails here, on the driver, before anything is sent to a worker."""
        if not self.tests:
            raise InvalidInputError(f"Judge job {self.id} has no tests to judge on; add at least one test.")
        check_normalisation(self.verifier, self.baseline, self.best)


@dataclass
class JudgeOutcome:
    """What a worker sends back for one job: the report, what it spent and who judged it."""

    job_id: str
    report: JudgeReport
    meter: Meter
    worker: str


@dataclass
class JudgeHost:
    """A warm sandbox, the verifiers compiled in it (by content hash) and the test suites it was sent: what
    one worker keeps between jobs, so sandbox start-up and verifier compiles are paid once per worker."""

    settings: Settings
    workers: int
    sandbox: Sandbox | None = None
    suites: dict[str, tuple[JudgeTest, ...]] = field(default_factory=dict)
    _judges: dict[str, Judge | VerifierCompileError] = field(default_factory=dict)
    _stack: contextlib.AsyncExitStack = field(default_factory=contextlib.AsyncExitStack)
    _lock: anyio.Lock = field(default_factory=anyio.Lock)
    _start_lock: anyio.Lock = field(default_factory=anyio.Lock)
    _limiter: anyio.CapacityLimiter | None = None

    async def warm_sandbox(self) -> Sandbox:
        """This worker's sandbox, started on first use (its start-up is no job's cost: ``start_sandbox``)."""
        async with self._start_lock:
            if self.sandbox is None:
                self.sandbox = await self._stack.enter_async_context(open_sandbox(None, self.settings))
                self._limiter = anyio.CapacityLimiter(self.workers)
            return self.sandbox

    async def _judge_for(self, verifier: VerifierSpec, limits: Limits) -> Judge | VerifierCompileError:
        key = blob_key((verifier, limits.model_dump()))
        await self.warm_sandbox()
        async with self._lock:  # one compile per verifier, however many jobs wait for it
            if key not in self._judges:
                try:
                    judge, _ = await self._stack.enter_async_context(
                        open_judge(
                            verifier,
                            limits,
                            sandbox=self.sandbox,
                            settings=self.settings,
                            limiter=self._limiter,
                        )
                    )
                    self._judges[key] = judge
                except VerifierCompileError as exc:
                    self._judges[key] = exc
            return self._judges[key]

    async def judge(self, job: JudgeJob, suite: str) -> JudgeOutcome:
        """Judge ``job`` on the suite cached under ``suite`` (the job's own tests are not sent again)."""
        tests = self.suites[suite]
        with metered() as meter:
            judge = await self._judge_for(job.verifier, job.limits)
            if isinstance(judge, VerifierCompileError):
                report = verifier_failed(tests, judge)
            else:
                assert self.sandbox is not None
                programs = programs_to_compile(job.solution, job.baseline, job.best)
                compiled = await compile_all(self.sandbox, programs)
                report = await judge_compiled(judge, compiled, tests, job.baseline, job.best)
            report.aggregate()
        return JudgeOutcome(job.id, report, meter, f"pid {os.getpid()}")

    async def close(self) -> None:
        await self._stack.aclose()
        self.sandbox = None
        self._judges.clear()


class Executor(Protocol):
    name: str

    async def cross_validate(self, *args: Any, **kwargs: Any) -> CrossValidation:
        """``tools/crossval.cross_validate`` (a pipeline step's sandbox work: its values in, its report out),
        run where this executor runs jobs."""
        ...

    async def map_judge(
        self, jobs: Sequence[JudgeJob], progress: JobProgress | None = None
    ) -> dict[str, JudgeReport]:
        """Judge every job; job id -> report, in the jobs' order. Each job's sandbox CPU-seconds are charged
        to the caller's current cost meter (tools/cost.py)."""
        ...


def unique_jobs(jobs: Sequence[JudgeJob]) -> list[JudgeJob]:
    seen: dict[str, JudgeJob] = {}
    for job in jobs:
        job.check()
        seen.setdefault(job.id, job)
    return list(seen.values())


async def report_progress(progress: JobProgress | None, done: int, total: int) -> None:
    if progress is not None:
        outcome = progress(done, total)
        if outcome is not None:
            await outcome


class LocalExecutor:
    """Judge jobs in this process: one warm sandbox for all of them, ``workers`` tests at a time."""

    name = "local"

    def __init__(self, settings: Settings, workers: int | None = None):
        self.host = JudgeHost(settings, workers or settings.workers)
        self._jobs = anyio.CapacityLimiter(max(2, 2 * self.host.workers))  # compiles overlap runs

    async def map_judge(
        self, jobs: Sequence[JudgeJob], progress: JobProgress | None = None
    ) -> dict[str, JudgeReport]:
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

    async def cross_validate(self, *args: Any, **kwargs: Any) -> CrossValidation:
        return await cross_validate(*args, **kwargs)  # as without an executor: its own sandbox

    async def close(self) -> None:
        await self.host.close()


_active: contextvars.ContextVar[Executor | None] = contextvars.ContextVar(
    "frontiersmith_executor", default=None
)


def active_executor() -> Executor | None:
    """The executor of the ``get_executor`` block this code runs in (a synthesis run's), if any."""
    return _active.get()


@contextlib.asynccontextmanager
async def get_executor(
    settings: Settings | None = None,
    executor: str | None = None,
    *,
    ray_address: str | None = None,
    workers: int | None = None,
) -> AsyncIterator[Executor]:
    """The executor the settings (or ``executor``) name, started, and torn down on exit. ``workers``: tests
    at a time (local) or worker processes (ray; default: the cluster's CPUs)."""
    settings = settings or get_settings()
    name = executor or settings.executor
    started: LocalExecutor | RayExecutor
    if name == "local":
        started = LocalExecutor(settings, workers)
    elif name == "ray":
        from .executor_ray import RayExecutor

        started = await RayExecutor.start(settings, ray_address or settings.ray_address, workers)
    else:
        raise InvalidInputError(f"The executor {name!r} is not known; use local or ray.")
    token = _active.set(started)
    try:
        yield started
    finally:
        _active.reset(token)
        await started.close()


__all__ = [
    "active_executor",
    "Executor",
    "JudgeHost",
    "JudgeJob",
    "JudgeOutcome",
    "LocalExecutor",
    "blob_key",
    "get_executor",
]
