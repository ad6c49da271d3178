"""Where judge jobs run (DESIGN §12): ``local``, in this process over one warm sandbox, or ``ray``, on a Ray
cluster where each worker is an actor holding its own warm sandbox and the verifiers it compiled.

A judge job is one solution on one test suite. Both executors judge it with the same code
(``tools/judge.judge_compiled``) and hand back values: the driver alone writes the store, so SQLite stays
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
import hashlib
import os
import pickle
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import anyio

from frontiersmith.errors import InvalidInputError
from frontiersmith.metering import Meter, metered
from frontiersmith.models import Limits, Program
from frontiersmith.sandbox import Sandbox, open_sandbox
from frontiersmith.settings import Settings, get_settings

from .judge import (
    Judge,
    JudgeReport,
    JudgeTest,
    VerifierCompileError,
    VerifierSpec,
    check_normalisation,
    compile_all,
    host_failed,
    judge_compiled,
    judge_solution,
    open_judge,
    programs_to_compile,
    verifier_failed,
)

if TYPE_CHECKING:
    from .executor_ray import RayExecutor

Objectives = Mapping[str, float] | Program | None
JobProgress = Callable[[int, int], Awaitable[None] | None]
T = TypeVar("T")
# A pipeline step's sandbox work: an importable async function (Ray sends it by name) taking ``sandbox`` and
# ``settings`` keywords, whose arguments and result are values; it never touches the store.
SandboxStep = Callable[..., Awaitable[T]]


def worker_name() -> str:
    """Who ran a piece of sandbox work: this host and process (the driver's, or a Ray worker's)."""
    return f"{socket.gethostname()}:{os.getpid()}"


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
class StepOutcome:
    """What a host sends back for one pipeline step's sandbox work: its value and what it spent (the meter
    names the worker that ran it)."""

    value: Any
    meter: Meter


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
                if any(host_failed(t) for t in report.tests):
                    # The warm sandbox failed under the job: judge it again in a fresh sandbox of its own
                    # (judge_solution's own retries), and start a new warm one for the next jobs if it died.
                    if not self.sandbox.usable:
                        await self.close()
                    report = await judge_solution(
                        job.solution,
                        tests,
                        job.verifier,
                        job.limits,
                        baseline=job.baseline,
                        best=job.best,
                        workers=self.workers,
                        settings=self.settings,
                    )
            report.aggregate()
            meter.workers.append(worker_name())
        return JudgeOutcome(job.id, report, meter, worker_name())

    async def run_step(
        self, step: SandboxStep, args: Sequence[Any], kwargs: Mapping[str, Any], *, warm: bool
    ) -> StepOutcome:
        """``step`` on its values, in this host's warm sandbox (``warm``) or in one of its own, with this
        host's settings (the run's)."""
        with metered() as meter:
            async with contextlib.AsyncExitStack() as stack:
                sandbox = (
                    await self.warm_sandbox()
                    if warm
                    else await stack.enter_async_context(open_sandbox(None, self.settings))
                )
                value = await step(*args, **kwargs, sandbox=sandbox, settings=self.settings)
            meter.workers.append(worker_name())
        return StepOutcome(value, meter)

    async def close(self) -> None:
        await self._stack.aclose()
        self.sandbox = None
        self._judges.clear()


class Executor(Protocol):
    name: str

    async def run_step(self, step: SandboxStep[T], *args: Any, **kwargs: Any) -> T:
        """``step(*args, **kwargs, sandbox=..., settings=...)`` where this executor runs jobs; what it spent
        is charged to the caller's current cost meter."""
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

    async def run_step(self, step: SandboxStep[T], *args: Any, **kwargs: Any) -> T:
        # In a sandbox of its own, as before executors: steps of several candidates run at once, and one
        # sandbox (a container) per step keeps them apart.
        outcome = await self.host.run_step(step, args, kwargs, warm=False)  # charged: it ran in this process
        return outcome.value  # type: ignore[no-any-return]

    async def close(self) -> None:
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
    "SandboxStep",
    "StepOutcome",
    "blob_key",
    "get_executor",
    "run_step",
    "worker_name",
]
