"""Judge jobs and the warm host that judges them, as every executor (tools/judging/executor.py) runs them: a job
is one solution on one test suite, judged by ``JudgeHost`` in one warm sandbox with each verifier compiled once;
a pipeline step's sandbox work (``SandboxStep``) runs in the same sandbox. Outcomes are values (the report, what
the work spent), so the driver alone writes the store.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import socket
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import anyio

from frontiersmith.errors import InvalidInputError
from frontiersmith.metering import Meter, metered
from frontiersmith.models import Limits, Program
from frontiersmith.sandbox import RunLimits, Sandbox, open_sandbox
from frontiersmith.settings import Settings

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
    limits_in_force,
    open_judge,
    programs_to_compile,
    verifier_failed,
)

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

    async def warm_sandbox(self, sized_for: Sequence[RunLimits] = ()) -> Sandbox:
        """This worker's sandbox, started on first use (its start-up is no job's cost: ``start_sandbox``), sized
        for the first job's runs (a later job's larger runs make it grow, or are judged in a sandbox of their own)."""
        async with self._start_lock:
            if self.sandbox is None:
                self.sandbox = await self._stack.enter_async_context(
                    open_sandbox(None, self.settings, sized_for)
                )
                self._limiter = anyio.CapacityLimiter(self.workers)
            return self.sandbox

    async def _judge_for(self, verifier: VerifierSpec, limits: Limits) -> Judge | VerifierCompileError:
        key = blob_key((verifier, limits.model_dump()))
        await self.warm_sandbox(limits_in_force(verifier, limits))
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
                try:
                    report = await judge_compiled(judge, compiled, tests, job.baseline, job.best)
                finally:  # the warm sandbox keeps its verifiers, not every job's programs
                    for c in compiled.values():
                        if c.program is not None:
                            await self.sandbox.discard(c.program)
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
        """Close the warm sandbox and forget the judges kept in it."""
        await self._stack.aclose()
        self.sandbox = None
        self._judges.clear()


def unique_jobs(jobs: Sequence[JudgeJob]) -> list[JudgeJob]:
    """The jobs with a repeated id dropped (the first kept), each checked (``JudgeJob.check``) on the way."""
    seen: dict[str, JudgeJob] = {}
    for job in jobs:
        job.check()
        seen.setdefault(job.id, job)
    return list(seen.values())


async def report_progress(progress: JobProgress | None, done: int, total: int) -> None:
    """Tell ``progress`` (if any) that ``done`` of ``total`` jobs are judged, awaiting it when it is async."""
    if progress is not None:
        outcome = progress(done, total)
        if outcome is not None:
            await outcome
