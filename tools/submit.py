"""Solving: list the problems a solver can work on, and ``submit`` code for a continuous score.

A problem id is a published task, a candidate whose verifier passed cross-validation, an imported package
(a seed with a verifier), or a catalog family (``catalog/NAME``, whose tests come from its generator).
The baseline's objective per test is computed once and cached in the store as runs of the baseline.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from pydantic import BaseModel

from frontiersmith.errors import InvalidInputError, NotFoundError
from frontiersmith.models import (
    Language,
    Normalisation,
    Problem,
    Program,
    Run,
    Seed,
    Solution,
    Submission,
    Task,
    TestCase,
    Verdict,
    Verifier,
    VerifierKind,
    content_hash,
    make_id,
)
from frontiersmith.sandbox import open_sandbox
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store

from .catalog import get_family, list_families
from .judge import JudgeTest, VerifierSpec, judge_solution
from .testgen import build_tests

MAX_CODE_BYTES = 1_000_000


def check_size(what: str, text: str) -> None:
    """Code (and other authored content) is bounded, so no call can make the server store or compile
    megabytes of it."""
    size = len(text.encode())
    if size > MAX_CODE_BYTES:
        raise InvalidInputError(f"{what} is {size} bytes; the limit is {MAX_CODE_BYTES} bytes.")


Progress = Callable[[int, int], Awaitable[None] | None]


class ProblemSummary(BaseModel):
    id: str
    title: str
    kind: str  # task | catalog | imported | candidate
    sense: str | None = None
    tests: int | None = None
    # A task is one immutable version of its candidate; only the latest version is the one to work on,
    # older ones keep their submissions and leaderboards.
    candidate_id: str | None = None
    latest: bool | None = None


class TestVerdict(BaseModel):
    name: str
    verdict: Verdict
    score: float
    objective: float | None = None
    time_ms: float = 0.0
    memory_kb: int = 0
    message: str = ""


class SubmitResult(BaseModel):
    submission_id: str
    problem_id: str
    score: float
    verdicts: dict[str, int]
    tests: list[TestVerdict]
    compile_message: str = ""
    judged: int = 0  # tests the score is the mean of
    system_errors: int = 0  # SYSTEM_ERROR tests the host caused, left out of the mean (tools/scoring)
    verifier_failures: int = 0  # SYSTEM_ERROR tests the verifier gave on the output, counted as 0
    summary: str = ""  # what the score is the mean of, or that the run could not be judged


@dataclass
class Package:
    """Everything needed to judge code on one problem."""

    problem: Problem
    tests: list[TestCase]
    verifier: Verifier
    baseline: Solution | None


def list_problems(store: Store) -> list[ProblemSummary]:
    latest = store.latest_task_ids()
    out = [
        ProblemSummary(
            id=t.id,
            title=t.problem.title,
            kind="task",
            sense=_sense(t.problem),
            tests=len(t.test_ids),
            candidate_id=t.candidate_id,
            latest=t.id in latest,
        )
        for t in store.list_tasks()
    ]
    out += [
        ProblemSummary(id=s.id, title=s.problem.title, kind="imported", tests=len(store.list_tests(s.id)))
        for s in store.list_seeds(origin="import")
    ]
    out += [
        ProblemSummary(
            id=f"catalog/{f.name}", title=f.title, kind=f"catalog ({f.kind})", sense=_sense(f.problem())
        )
        for f in list_families()
        if f.kind != "closed"
    ]
    return out


def _sense(problem: Problem) -> str | None:
    return problem.objective.sense.value if problem.objective.sense else None


def get_problem(store: Store, problem_id: str) -> Problem:
    if problem_id.startswith("catalog/"):
        return get_family(problem_id).problem(problem_id)
    record = store.get_any(problem_id)
    problem = getattr(record, "problem", None)
    if problem is None:
        raise InvalidInputError(f"{problem_id} is not a problem; list them with list_problems.")
    return problem


async def load_package(store: Store, problem_id: str, settings: Settings | None = None) -> Package:
    if problem_id.startswith("catalog/"):
        return await _catalog_package(store, problem_id, settings)
    record = store.get_any(problem_id)
    if isinstance(record, Task):
        tests = [store.get_test(t) for t in record.test_ids]
        verifier = store.get(Verifier, record.verifier_id)
        baseline = store.get_solution(record.baseline_solution_id) if record.baseline_solution_id else None
        return Package(record.problem, tests, verifier, baseline)
    if isinstance(record, Seed):
        try:
            verifier = store.get_verifier(record.id)
        except NotFoundError:
            raise InvalidInputError(
                f"The seed {problem_id} has no verifier, so it cannot be scored."
            ) from None
        baseline = (
            store.get_solution(verifier.baseline_solution_id) if verifier.baseline_solution_id else None
        )
        return Package(record.problem, store.list_tests(record.id), verifier, baseline)
    raise InvalidInputError(
        f"{problem_id} is a {type(record).__name__.lower()}; submit to a task, an imported problem or catalog/NAME."
    )


async def _catalog_package(store: Store, problem_id: str, settings: Settings | None) -> Package:
    fam = get_family(problem_id)
    if fam.baseline is None or fam.sense is None:
        raise InvalidInputError(f"The catalog family {fam.name} is closed and has no continuous score.")
    tests = store.list_tests(problem_id)
    if not tests:
        async with open_sandbox(None, settings) as sb:
            built = await build_tests(sb, fam.tests_draft())
        if built.failures:
            raise InvalidInputError(
                f"The catalog family {fam.name} failed to build its tests: {built.failures[0]}"
            )
        with store.transaction():
            for t in built.tests:
                h = store.put_blob(t.input)
                tc = TestCase(
                    id=make_id("test", problem_id, t.name, h),
                    problem_id=problem_id,
                    input_hash=h,
                    name=t.name,
                    args=t.args,
                    seed=t.seed,
                    distribution=t.distribution,
                )
                store.put_test(tc)
        tests = store.list_tests(problem_id)
    baseline = Solution(
        id=make_id("sol", problem_id, "baseline"),
        problem_id=problem_id,
        code=fam.baseline.program.code,
        language=fam.baseline.language,
        strategy="baseline s*",
        author="baseline",
    )
    verifier = Verifier(
        id=make_id("ver", problem_id, content_hash(fam.program.code)),
        problem_id=problem_id,
        code=fam.program.code,
        language=Language.PYTHON,
        sense=fam.sense,
        baseline_solution_id=baseline.id,
    )
    with store.transaction():
        store.put_solution(baseline)
        store.put_verifier(verifier)
    return Package(fam.problem(problem_id), tests, verifier, baseline)


def _spec(verifier: Verifier) -> VerifierSpec:
    return VerifierSpec(
        program=Program(code=verifier.code, language=verifier.language),
        kind=verifier.kind,
        sense=verifier.sense,
        normalisation=verifier.normalisation,
    )


async def baseline_objectives(
    store: Store, pkg: Package, judge_tests: list[JudgeTest], settings: Settings | None
) -> dict[str, float] | None:
    """Per-test objective of the baseline, from cached runs or computed once and cached."""
    v = pkg.verifier
    if v.kind is VerifierKind.TESTLIB or v.normalisation is Normalisation.CHECKER or pkg.baseline is None:
        return None
    by_id = {t.id: t for t in pkg.tests}
    cached = {
        by_id[r.test_id].name: r.objective
        for r in store.list_runs(pkg.baseline.id, list(by_id))
        if r.objective is not None
        and r.verdict is Verdict.OK
        and r.id == make_id("run", pkg.baseline.id, r.test_id, v.id)
    }
    if len(cached) == len(pkg.tests):
        return cached  # type: ignore[return-value]
    report = await judge_solution(
        Program(code=pkg.baseline.code, language=pkg.baseline.language),
        judge_tests,
        _spec(v),
        pkg.problem.limits,
        baseline=Program(code=pkg.baseline.code, language=pkg.baseline.language),
        settings=settings,
    )
    objectives = report.baseline_objectives
    by_name = {t.name: t for t in pkg.tests}
    store.put_runs(
        [
            Run(
                id=make_id("run", pkg.baseline.id, by_name[n].id, v.id),
                solution_id=pkg.baseline.id,
                test_id=by_name[n].id,
                verdict=Verdict.OK,
                objective=o,
                score=0.0,
            )
            for n, o in objectives.items()
        ]
    )
    return objectives


async def submit(
    store: Store,
    problem_id: str,
    code: str,
    language: Language | str,
    *,
    author: str = "anonymous",
    backend: str | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    settings: Settings | None = None,
) -> SubmitResult:
    """Judge ``code`` on every test of ``problem_id``; store the submission and its runs; return the score."""
    settings = settings or get_settings()
    try:
        language = Language(language)
    except ValueError:
        raise InvalidInputError(f"Language {language!r} is not supported; use one of: cpp, python.") from None
    check_size("The code", code)
    if not code.strip():
        raise InvalidInputError("The code is empty.")
    pkg = await load_package(store, problem_id, settings)
    if not pkg.tests:
        raise InvalidInputError(f"The problem {problem_id} has no tests.")
    judge_tests = [
        JudgeTest(
            t.name, store.get_blob(t.input_hash), store.get_blob(t.answer_hash) if t.answer_hash else None
        )
        for t in pkg.tests
    ]
    base = await baseline_objectives(store, pkg, judge_tests, settings)
    judged = await judge_solution(
        Program(code=code, language=language),
        judge_tests,
        _spec(pkg.verifier),
        pkg.problem.limits,
        backend=backend,
        workers=workers,
        baseline=base,
        progress=progress,
        settings=settings,
    )
    # The tests are hidden: neither the result nor the stored runs may carry what the solution printed or
    # what the verifier said about it, or a solution that echoes its stdin would read the tests back.
    report = judged.without_test_data()
    sol = Solution(
        id=make_id("sol", problem_id, author, content_hash([code, language.value])),
        problem_id=problem_id,
        code=code,
        language=language,
        strategy="submission",
        author=author,
    )
    by_name = {t.name: t for t in pkg.tests}
    # Every submission is its own record, even of the same code: a fresh id, not a content hash.
    sub_id = make_id("sub", problem_id, sol.id, uuid.uuid4().hex)
    runs = [
        Run(
            id=make_id("run", sub_id, by_name[r.name].id),
            solution_id=sol.id,
            test_id=by_name[r.name].id,
            verdict=r.verdict,
            objective=r.objective,
            score=r.score,
            time_ms=r.time_ms,
            memory_kb=r.memory_kb,
            message=r.message,
        )
        for r in report.tests
    ]
    verdicts: dict[str, int] = {}
    for r in report.tests:
        verdicts[r.verdict.value] = verdicts.get(r.verdict.value, 0) + 1
    submission = Submission(
        id=sub_id,
        problem_id=problem_id,
        code=code,
        language=language,
        author=author,
        score=report.score,
        verdicts=verdicts,
        run_ids=[r.id for r in runs],
    )
    with store.transaction():
        store.put_solution(sol)
        store.put_runs(runs)
        store.put_submission(submission)
    return SubmitResult(
        submission_id=sub_id,
        problem_id=problem_id,
        score=report.score,
        verdicts=verdicts,
        tests=[
            TestVerdict(
                name=r.name,
                verdict=r.verdict,
                score=r.score,
                objective=r.objective,
                time_ms=r.time_ms,
                memory_kb=r.memory_kb,
                message=r.message,
            )
            for r in report.tests
        ],
        compile_message=report.compile_message,
        judged=report.judged,  # the judge's own aggregate (tools/scoring.aggregate_scores)
        system_errors=report.system_errors,
        verifier_failures=report.verifier_failures,
        summary=report.summary,
    )
