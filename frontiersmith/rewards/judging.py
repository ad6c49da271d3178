"""Score completions: the code of each judged in ONE open sandbox, tasks' verifiers compiled once per batch,
at most ``workers`` test runs at a time, each score exactly what ``submit`` gives the same code.

A reward function must never raise into a trainer: a completion with no code, code that does not compile,
hostile code, a ground truth naming no task or any failure of the judge scores 0 (and failures are logged).
A completion the shared sandbox failed under is judged again alone in a fresh one; one still not judged
(tools/judging/scoring: no mean over fewer tests) scores 0, logged as an error.
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

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Program, Verdict
from frontiersmith.sandbox import open_sandbox
from frontiersmith.sandbox.base import Sandbox
from frontiersmith.settings import Settings, get_settings
from frontiersmith.tools.judging.judge import Judge, JudgeReport, judge_solution, open_judge
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
    async with open_sandbox(backend, settings) as sb, anyio.create_task_group() as tg:
        for group in groups.values():
            tg.start_soon(_judge_group, sb, group, reports, limiter, settings)
    return reports


async def _groups(
    completions: Sequence[Any], ground_truths: Sequence[Any], dirs: list[Path], settings: Settings
) -> dict[str, _Group]:
    """The completions with code, grouped by the task they are scored on."""
    groups: dict[str, _Group] = {}
    for i, (completion, truth) in enumerate(zip(completions, ground_truths, strict=True)):
        program = _program(completion)
        if program is None:
            continue
        try:
            task = await load_task(GroundTruth.parse(truth), dirs, settings)
        except Exception as exc:  # the reward of a row whose task cannot be found is 0, said once per row
            log.warning("completion %d scores 0: %s", i, exc)
            continue
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
    except Exception as exc:  # the task's verifier or baseline failed: its completions score 0
        log.error("task %s could not be judged, its completions score 0: %s", pkg.problem.id, exc)


async def _judge_one(
    judge: Judge,
    task: RewardTask,
    i: int,
    program: Program,
    reports: list[JudgeReport | None],
    limiter: anyio.CapacityLimiter,
    settings: Settings,
) -> None:
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
    except Exception as exc:
        log.warning("completion %d scores 0: the judge failed on it: %s", i, exc)


async def score_completions(
    completions: Sequence[Any],
    ground_truths: Sequence[Any],
    *,
    export_dir: str | Path | Sequence[str | Path] | None = None,
    workers: int | None = None,
    backend: str | None = None,
    settings: Settings | None = None,
) -> list[float]:
    """The reward of each completion: its code's ``submit`` score on the task, 0 when there is none."""
    try:
        reports = await judge_completions(
            completions,
            ground_truths,
            export_dir=export_dir,
            workers=workers,
            backend=backend,
            settings=settings,
        )
    except Exception as exc:  # no sandbox, bad settings: every completion scores 0, loudly
        log.error("no completion of this batch could be judged, all score 0: %s", exc)
        return [0.0] * len(completions)
    for i, report in enumerate(reports):
        if report is not None and not report.complete:  # a reward must be a number: 0, said loudly
            log.error("completion %d scores 0: it %s", i, report.summary)
        elif report is not None and report.judged and report.verifier_failures == report.judged:
            # no verdict on any test: a broken package (a verifier that cannot run as exported), not a bad
            # completion; a trainer would otherwise train on zeros without a word
            log.error("completion %d scores 0: the task's verifier gave no verdict on any of its tests", i)
    return [r.score if r is not None and r.complete else 0.0 for r in reports]


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
