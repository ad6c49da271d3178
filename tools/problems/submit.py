"""Solving: list the problems a solver can work on, and ``submit`` code for a continuous score.

A problem id is a published task, an imported package (a seed with a verifier), or a catalog family
(``catalog/NAME``, whose tests come from its generator); ``tools/problems/resolver`` resolves it.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Awaitable, Callable

from pydantic import BaseModel, Field

from frontiersmith.errors import InvalidInputError, NotJudgedError
from frontiersmith.models import (
    Candidate,
    Language,
    Problem,
    Program,
    Solution,
    Submission,
    TestResult,
    Verifier,
    content_hash,
    make_id,
)
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store

from ..catalog import list_families
from ..judging.judge import judge_package
from ..judging.package import JudgePackage, JudgeReport
from .resolver import cached_baseline_objectives, from_store, is_interactive

MAX_CODE_BYTES = 1_000_000


def check_size(what: str, text: str) -> None:
    """Code (and other authored content) is bounded, so no call can make the server store or compile
    megabytes of it."""
    size = len(text.encode())
    if size > MAX_CODE_BYTES:
        raise InvalidInputError(f"{what} is {size} bytes; the limit is {MAX_CODE_BYTES} bytes.")


Progress = Callable[[int, int], Awaitable[None] | None]


class ProblemSummary(BaseModel):
    id: str = Field(description="What get_problem, submit and leaderboard take.")
    title: str
    kind: str  # task | catalog | imported | candidate
    sense: str | None = Field(None, description="min or max: which way the objective improves.")
    tests: int | None = Field(None, description="How many hidden tests a submission is judged on.")
    interactive: bool = Field(
        False,
        description="The program talks to an interactor (read, answer, flush) instead of reading one input.",
    )
    # A task is one immutable version of its candidate; only the latest version is the one to work on,
    # older ones keep their submissions and leaderboards.
    candidate_id: str | None = None
    latest: bool | None = None
    pseudo_open: bool | None = Field(
        None,
        description="A catalog family worded as optimisation but with one simple strategy that is optimal: kept "
        "as a negative example for the idea-divergence filter, not a real open-ended problem.",
    )


class SubmitResult(BaseModel):
    submission_id: str
    problem_id: str
    score: float
    verdicts: dict[str, int]
    tests: list[TestResult]  # data-free: each message is the test's diagnostic
    compile_message: str = ""
    judged: int = 0  # tests the score is the mean of
    system_errors: int = 0  # always 0 here: a run the host failed on has no score and raises NotJudgedError
    verifier_failures: int = 0  # SYSTEM_ERROR tests the verifier gave on the output, counted as 0
    summary: str = ""  # what the score is the mean of, or that the run could not be judged


def list_problems(store: Store) -> list[ProblemSummary]:
    """Every problem a solution can be submitted to: stored tasks (each marked latest or not), imported open
    problems, and the catalog's non-closed families."""
    latest = store.tasks.latest_ids()
    out = [
        ProblemSummary(
            id=t.id,
            title=t.problem.title,
            kind="task",
            sense=_sense(t.problem),
            tests=len(t.test_ids),
            interactive=bool(store.get(Verifier, t.verifier_id).interactive),
            candidate_id=t.candidate_id,
            latest=t.id in latest,
        )
        for t in store.tasks.list()
    ]
    out += [
        ProblemSummary(
            id=s.id,
            title=s.problem.title,
            kind="imported",
            sense=_sense(s.problem),
            tests=len(store.problems.list_tests(s.id)),
            interactive=is_interactive(store, s.id),
        )
        for s in store.seeds.list(origin="problem")
    ]
    out += [
        ProblemSummary(
            id=f"catalog/{f.name}",
            title=f.title,
            kind=f"catalog ({f.kind})",
            sense=_sense(f.problem()),
            # its default tests, as `submit` builds them on the first submission
            tests=len(store.problems.list_tests(f"catalog/{f.name}"))
            or len(f.distributions) * f.tests_per_distribution,
            interactive=f.interactive,
            pseudo_open=f.kind == "pseudo-open",
        )
        for f in list_families()
        if f.kind != "closed"
    ]
    return out


def _sense(problem: Problem) -> str | None:
    return problem.objective.sense.value if problem.objective.sense else None


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
    language = Language.parse(language)
    check_size("The code", code)
    if not code.strip():
        raise InvalidInputError("The code is empty.")
    if store.find(Candidate, problem_id) is not None:
        # A candidate resolves to a package (co-evolution measures solvers on it before publishing), but
        # what solvers submit to is what was published.
        raise InvalidInputError(f"{problem_id} is a candidate, not a published task; submit to its task.")
    pkg = await from_store(store, problem_id, settings)
    problem_id = pkg.problem.id  # the one id of the problem (a unique prefix was enough to name it)
    if not pkg.tests:
        raise InvalidInputError(f"The problem {problem_id} has no tests.")
    base = await cached_baseline_objectives(store, pkg, settings)
    judged = await judge_package(
        Program(code=code, language=language),
        pkg,
        base,
        backend=backend,
        workers=workers,
        progress=progress,
        settings=settings,
    )
    if not judged.complete:  # no mean over the tests that happened to run: no score, nothing stored
        raise NotJudgedError(f"The submission to {problem_id} {judged.summary}; nothing was stored.")
    # The tests are hidden: neither the result nor the stored runs may carry what the solution printed or
    # what the verifier said about it, or a solution that echoes its stdin would read the tests back.
    # Nor its exact exit code, signal, time or memory, each of which it can set from the input it read.
    report = judged.without_test_data(pkg.limits)
    submission = _store_submission(
        store, pkg, problem_id, Program(code=code, language=language), author, report
    )
    return SubmitResult(
        submission_id=submission.id,
        problem_id=problem_id,
        score=report.score,
        verdicts=submission.verdicts,
        tests=report.tests,
        compile_message=report.compile_message,
        judged=report.judged,  # the judge's own aggregate (tools/judging/scoring.aggregate_scores)
        system_errors=report.system_errors,
        verifier_failures=report.verifier_failures,
        summary=report.summary,
    )


def _store_submission(
    store: Store, pkg: JudgePackage, problem_id: str, program: Program, author: str, report: JudgeReport
) -> Submission:
    """Store the submitted solution, its runs and the submission (one transaction)."""
    sol = Solution(
        id=make_id("sol", problem_id, author, content_hash([program.code, program.language.value])),
        problem_id=problem_id,
        code=program.code,
        language=program.language,
        strategy="submission",
        author=author,
    )
    # Every submission is its own record, even of the same code: a fresh id, not a content hash.
    sub_id = make_id("sub", problem_id, sol.id, uuid.uuid4().hex)
    runs = [
        r.to_run(make_id("run", sub_id, pkg.test_ids[r.name]), sol.id, pkg.test_ids[r.name])
        for r in report.tests
    ]
    submission = Submission(
        id=sub_id,
        problem_id=problem_id,
        code=program.code,
        language=program.language,
        author=author,
        score=report.score,
        verdicts=dict(Counter(r.verdict.value for r in report.tests)),
        run_ids=[r.id for r in runs],
    )
    with store.transaction():
        store.problems.put_solution(sol)
        store.problems.put_runs(runs)
        store.tasks.put_submission(submission)
    return submission


__all__ = ["ProblemSummary", "SubmitResult", "check_size", "list_problems", "submit"]
