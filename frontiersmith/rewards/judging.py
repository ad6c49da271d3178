"""Score completions: the code of each judged in ONE open sandbox, tasks' verifiers compiled once per batch,
at most ``workers`` test runs at a time, each score exactly what ``submit`` gives the same code.

What is the completion's doing scores 0: no code, code that does not compile, hostile code. What is not is
never a reward: a ground truth naming a task that cannot be found (or whose package cannot be judged) raises
InvalidInputError naming the row; a completion the shared sandbox failed under is judged again alone in a fresh
one, and one the host still fails on (a compiler or sandbox missing or broken: tools/judging/scoring, no mean
over fewer tests) is not judged: ``score_completions`` gives it None, which each trainer's entry point turns
into its own convention (docs/reference/exports.md: verl raises, TRL takes None, verifiers raises).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

import anyio

from frontiersmith.errors import InvalidInputError, SandboxError
from frontiersmith.models import Program, TestResult, Verdict
from frontiersmith.sandbox import open_sandbox
from frontiersmith.sandbox.base import Sandbox
from frontiersmith.settings import Settings, get_settings
from frontiersmith.tools.judging.judge import (
    Judge,
    JudgeReport,
    VerifierCompileError,
    judge_solution,
    limits_in_force,
    open_judge,
)
from frontiersmith.tools.problems.submit import check_size

from .extract import extract_code
from .tasks import GroundTruth, RewardTask, export_dirs, load_task, remember_baseline

log = logging.getLogger("frontiersmith.rewards")
T = TypeVar("T")


@dataclass
class _Group:
    """The completions of one task in a batch."""

    task: RewardTask
    items: list[tuple[int, Program]] = field(default_factory=list)


async def judge_completions(
    completions: Sequence[Any],
    ground_truths: Sequence[Any],
    *,
    export_dir: str | Path | Sequence[str | Path] | None = None,
    workers: int | None = None,
    backend: str | None = None,
    settings: Settings | None = None,
) -> list[JudgeReport | None]:
    """The judge's report on each completion's code (None: no code, or nothing could judge it)."""
    if len(completions) != len(ground_truths):
        raise InvalidInputError(
            f"{len(completions)} completions but {len(ground_truths)} ground truths; pass one per completion."
        )
    settings = settings or get_settings()
    reports: list[JudgeReport | None] = [None] * len(completions)
    groups = await _groups(completions, ground_truths, export_dirs(export_dir), settings)
    if not groups:
        return reports
    limiter = anyio.CapacityLimiter(workers or settings.workers)
    # the one sandbox is sized for the runs of every task in the batch (sandbox/admission.py)
    sized_for = [
        lim
        for g in groups.values()
        for lim in limits_in_force(g.task.package.verifier, g.task.package.limits)
    ]
    async with open_sandbox(backend, settings, sized_for) as sb, anyio.create_task_group() as tg:
        for group in groups.values():
            tg.start_soon(_judge_group, sb, group, reports, limiter, settings)
    return reports


async def _groups(
    completions: Sequence[Any], ground_truths: Sequence[Any], dirs: list[Path], settings: Settings
) -> dict[str, _Group]:
    """The completions with code, grouped by the task they are scored on. A row whose task cannot be found is
    no reward of 0 but a broken dataset or export: InvalidInputError naming the row."""
    groups: dict[str, _Group] = {}
    for i, (completion, truth) in enumerate(zip(completions, ground_truths, strict=True)):
        try:
            task = await load_task(GroundTruth.parse(truth), dirs, settings)
        except InvalidInputError as exc:
            raise InvalidInputError(f"Row {i} of the batch cannot be scored: {exc}") from None
        program = _program(completion)
        if program is not None:
            groups.setdefault(task.key, _Group(task)).items.append((i, program))
    return groups


def _program(completion: Any) -> Program | None:
    """The code to judge: a completion's (``extract_code``), or a Program a caller already took out."""
    try:
        program = completion if isinstance(completion, Program) else extract_code(completion)
        if program is not None:
            check_size("The code", program.code)  # submit's own bound
        return program
    except Exception:
        return None


async def _judge_group(
    sb: Sandbox,
    group: _Group,
    reports: list[JudgeReport | None],
    limiter: anyio.CapacityLimiter,
    settings: Settings,
) -> None:
    pkg = group.task.package
    baseline = {"baseline": pkg.baseline} if group.task.needs_baseline and pkg.baseline else {}
    try:
        async with open_judge(
            pkg.verifier, pkg.limits, baseline, sandbox=sb, limiter=limiter, settings=settings
        ) as (judge, compiled):
            if baseline:
                remember_baseline(
                    group.task, await judge.objectives(compiled["baseline"], "baseline", pkg.tests)
                )
            async with anyio.create_task_group() as tg:
                for i, program in group.items:
                    tg.start_soon(_judge_one, judge, group.task, i, program, reports, limiter, settings)
    except VerifierCompileError as exc:  # the export's fault, never the completions'
        raise InvalidInputError(f"The task {pkg.problem.id} cannot be judged: {exc}") from None
    except (SandboxError, OSError) as exc:  # the host failed the task's verifier or baseline: not judged
        log.error(
            "task %s could not be judged (the host failed: %s); its completions get no reward",
            pkg.problem.id,
            exc,
        )
        for i, _program in group.items:
            reports[i] = not_judged(pkg.tests, str(exc))


async def _judge_one(
    judge: Judge,
    task: RewardTask,
    i: int,
    program: Program,
    reports: list[JudgeReport | None],
    limiter: anyio.CapacityLimiter,
    settings: Settings,
) -> None:
    compiled = None
    try:
        async with limiter:  # compiling is the heavy step; it counts against the same bound as test runs
            compiled = await judge.sandbox.compile(program.code, program.language, name="solution")
        report = await judge.report(compiled, task.package.tests, task.baseline or {}, task.best)
        if not report.complete and report.verdict is not Verdict.CE:
            # The shared sandbox failed under this completion (a neighbour's doing, or the host's): judged
            # again alone, in a fresh sandbox, so no completion's score depends on another's.
            pkg = task.package
            report = await judge_solution(
                program,
                pkg.tests,
                pkg.verifier,
                pkg.limits,
                baseline=task.baseline or {},
                best=task.best,
                settings=settings,
            )
        reports[i] = report
    except (SandboxError, OSError) as exc:  # the host's failure, not the completion's: not judged
        log.error("completion %d could not be judged (the host failed: %s); it gets no reward", i, exc)
        reports[i] = not_judged(task.package.tests, str(exc))
    finally:
        if compiled is not None and compiled.program is not None:
            await judge.sandbox.discard(compiled.program)  # its binary leaves the batch's sandbox


async def score_completions(
    completions: Sequence[Any],
    ground_truths: Sequence[Any],
    *,
    export_dir: str | Path | Sequence[str | Path] | None = None,
    workers: int | None = None,
    backend: str | None = None,
    settings: Settings | None = None,
) -> list[float | None]:
    """The reward of each completion: its code's ``submit`` score on the task, 0 when it has no code, None when
    the host failed under it (not judged: never a 0 a trainer cannot tell from a bad completion). A row naming
    no task raises InvalidInputError; a sandbox that cannot start at all raises SandboxError."""
    reports = await judge_completions(
        completions,
        ground_truths,
        export_dir=export_dir,
        workers=workers,
        backend=backend,
        settings=settings,
    )
    for i, report in enumerate(reports):
        if report is not None and not report.complete:
            log.error("completion %d gets no reward: it %s", i, report.summary)
        elif report is not None and report.judged and report.verifier_failures == report.judged:
            # no verdict on any test: a broken package (a verifier that cannot run as exported), not a bad
            # completion; a trainer would otherwise train on zeros without a word
            log.error("completion %d scores 0: the task's verifier gave no verdict on any of its tests", i)
    return [None if r is not None and not r.complete else r.score if r is not None else 0.0 for r in reports]


def not_judged(tests: Sequence[Any], why: str) -> JudgeReport:
    """The report of a completion the host failed under: every test a system error (so no score)."""
    report = JudgeReport(
        0.0, [TestResult(name=t.name, verdict=Verdict.SYSTEM_ERROR, message=why[:500]) for t in tests]
    )
    report.verdict = Verdict.SYSTEM_ERROR
    report.aggregate()
    return report


def run_sync(fn: Callable[..., Awaitable[T]], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` to its end from synchronous code, as trainers call rewards; from inside a
    running event loop it runs on a thread of its own, so a trainer's loop is never re-entered."""
    call = partial(fn, *args, **kwargs)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return anyio.run(call)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(anyio.run, call).result()
