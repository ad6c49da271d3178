"""The judge: run one solution over a list of tests in ONE sandbox and score it through a verifier.

Everything that scores code (the CLI, ``submit``, the pipeline's score matrix, RL rewards) calls
``judge_solution``. Only the verifier's verdict counts: the solution's stdout goes to the verifier
as a file and nothing the solution prints is ever parsed for a score.

How a verifier's run becomes a verdict and a score (the verifier kinds): ``tools/judging/verdicts.py``.
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import anyio

from frontiersmith.errors import InvalidInputError, SandboxError
from frontiersmith.models import (
    Limits,
    Program,
    TestResult,
    Verdict,
    VerifierKind,
)
from frontiersmith.sandbox import open_sandbox
from frontiersmith.sandbox.base import CompileResult, ExecResult, ProgramHandle, ProgramRole, Sandbox
from frontiersmith.settings import Settings, get_settings

from .package import (
    JudgePackage,
    JudgeReport,
    JudgeTest,
    VerifierSpec,
    check_normalisation,
    limits_in_force,
    objectives_of,
    run_limits,
    verifier_run_limits,
)
from .scoring import score_result
from .verdicts import (
    CHECKER_FAIL,
    RESULT_FILE,
    interpret_checker,
    interpret_feasibility,
    interpret_native,
    rejection_reason,
    shortened,
)
from .written import no_verdict, unwritten_checker

Progress = Callable[[int, int], Awaitable[None] | None]


def _key(test: JudgeTest) -> tuple[str, int, int]:
    return (test.name, hash(test.input), hash(test.answer))


def _missing(test: JudgeTest) -> TestResult:
    return TestResult(
        name=test.name, verdict=Verdict.SYSTEM_ERROR, message=shortened(test.missing), missing=True
    )


def _unrun(tests: Sequence[JudgeTest], verdict: Verdict, message: str) -> list[TestResult]:
    """Every test's line when nothing could run (the solution or the verifier did not compile); a test
    missing from the package still says so."""
    return [
        _missing(t) if t.missing else TestResult(name=t.name, verdict=verdict, message=message) for t in tests
    ]


# How often a run the host failed is tried, in one sandbox (``judge_solution`` then tries the tests still
# unjudged once more in a fresh one).
VERIFIER_ATTEMPTS = 3
RUN_ATTEMPTS = 3
# How a run ends when the host, not the program, is to blame: the sandbox failed under it, or the wall-clock
# backstop stopped it while it was still short of its CPU limit (sandbox/classify.py). A time-out
# is decided by CPU time alone, which load does not change, so it is the program's (or its input's) doing.
HOST_FAILURES = (Verdict.SYSTEM_ERROR,)


async def run_verifier_retrying(run: Callable[[], Awaitable[ExecResult]]) -> ExecResult:
    """Run a verifier (or checker) again when the host failed under it (``HOST_FAILURES``).

    A failed sandbox or a verifier stopped by the wall clock on a busy machine says nothing of the output,
    so it is tried again; a last failure is reported as it is (SYSTEM_ERROR, not counted: the test is then
    unjudged, and the run has no score unless a fresh sandbox judges it).
    """
    result: ExecResult | None = None
    for attempt in range(VERIFIER_ATTEMPTS):
        try:
            result = await run()
        except Exception as exc:  # a sandbox failure, never a verdict on the solution
            result = ExecResult(Verdict.SYSTEM_ERROR, message=f"sandbox failure: {exc}")
        if result.verdict not in HOST_FAILURES:
            return result
        if attempt + 1 == VERIFIER_ATTEMPTS:
            result.message = f"{result.message or result.verdict.value}; tried {VERIFIER_ATTEMPTS} times"
    assert result is not None
    return result


VERIFIER_KEY = "verifier"  # the verifier's name among the programs open_judge compiles


class VerifierCompileError(InvalidInputError):
    """The verifier (or checker) of a problem does not compile, so nothing can be judged."""

    def __init__(self, compiler_message: str):
        self.compiler_message = shortened(compiler_message)
        super().__init__(f"The verifier does not compile; fix it: {self.compiler_message}")


@dataclass
class _Verdict:
    """A verdict of a judge's verifier, given (``given`` set) or on its way; None: none to reuse."""

    given: anyio.Event = field(default_factory=anyio.Event)
    result: TestResult | None = None


class Judge:
    """A verifier compiled in an open sandbox: the one place where a program's output on a test becomes a
    verdict, an objective and a normalised score. Submit, cross-validation, catalog evaluation and the
    baseline's objectives all go through it; tests run ``workers`` at a time."""

    def __init__(
        self,
        sb: Sandbox,
        verifier: VerifierSpec,
        checker: ProgramHandle,
        limits: Limits,
        workers: int,
        limiter: anyio.CapacityLimiter | None = None,
    ):
        self.sandbox = sb
        self.verifier = verifier
        self.checker = checker
        self.limits = limits
        # Judges of several problems in one sandbox may share a limiter, so ``workers`` bounds them all.
        self.limiter = limiter or anyio.CapacityLimiter(workers)
        self.verifier_limits = verifier_run_limits(verifier, limits)
        # Whether the checker FAILed on the output of every reference program this judge ran on a test (the
        # baseline's, the best's: ``objectives``), by test (its name, input and answer): a FAIL there on a
        # solution's output too is the package's fault, not the solution's.
        self._reference_fails: dict[tuple[str, int, int], bool] = {}
        # The verdicts this judge has given, by test and output: the same output on the same test (two
        # solutions that agree, the empty output as a mutant and as a probe) is verified once. A verifier
        # must be deterministic, which cross-validation checks on runs asked for ``again``.
        self._verdicts: dict[tuple[str, int, int, bytes], _Verdict] = {}

    async def verify(self, test: JudgeTest, output: bytes, *, again: bool = False) -> TestResult:
        """The verifier's verdict on one output (raw: the checker's ratio or the native objective); given
        before on this test and output, that verdict again, unless ``again`` (then the verifier runs)."""
        async with self.limiter:
            return await self._verify(test, output, again)

    async def _verify(self, test: JudgeTest, output: bytes, again: bool = False) -> TestResult:
        key = (test.name, hash(test.input), hash(test.answer), hashlib.sha256(output).digest())
        # A verdict is shared only where each verifier run had room of its own that no other run could take
        # (Sandbox.own_space): else a neighbour's doing could have shaped it.
        share = self.sandbox.own_space and not again
        known = self._verdicts.get(key) if share else None
        if known is not None:
            await known.given.wait()
            if known.result is not None:
                return known.result.model_copy()
        mine = _Verdict()
        if share:
            self._verdicts[key] = mine
        try:
            result, checked = await self._verify_now(test, output)
            if checked.verdict not in HOST_FAILURES:  # a time-out or a failed sandbox may go another way
                mine.result = result.model_copy()
        finally:
            if mine.result is None and self._verdicts.get(key) is mine:
                del self._verdicts[key]
            mine.given.set()  # those waiting for it take its result, or (None) run the verifier themselves
        return result

    async def _verify_now(self, test: JudgeTest, output: bytes) -> tuple[TestResult, ExecResult]:
        if self.verifier.interactive:
            raise InvalidInputError(
                "An interactive problem's interactor judges a running program, not an output."
            )
        result = TestResult(name=test.name, verdict=Verdict.OK)
        if self.verifier.kind is VerifierKind.TESTLIB:
            files = {"input.txt": test.input, "output.txt": output, "answer.txt": test.answer or b""}
            checked = await self._run_checker(files)
            result.verdict, ratio, result.message = interpret_checker(checked)
            result.objective = ratio if result.verdict is Verdict.OK else None
            result.score = ratio
        else:
            files = {"input.txt": test.input, "output.txt": output}
            checked = await self._run_verifier(["verify", "input.txt", "output.txt"], files)
            result.verdict, result.objective, result.message = interpret_native(checked)
            if result.verdict is Verdict.INVALID:
                result.reason = rejection_reason(checked)
        # The verifier ran to its end (or to its CPU limit) on this output and still gave no verdict: that is
        # its answer on the output (counted as 0), where a failed sandbox or the wall clock is the host's.
        result.verifier_failed = (
            result.verdict is Verdict.SYSTEM_ERROR and checked.verdict not in HOST_FAILURES
        )
        return result, checked

    async def _run_checker(self, files: dict[str, bytes]) -> ExecResult:
        args = ["input.txt", "output.txt", "answer.txt", RESULT_FILE]
        return await self._written(
            lambda alone: self._run_verifier(args, files, [RESULT_FILE], alone=alone),
            lambda run: unwritten_checker(run, RESULT_FILE),
        )

    async def _written(
        self,
        run: Callable[[bool], Awaitable[ExecResult]],
        unwritten: Callable[[ExecResult], str | None],
    ) -> ExecResult:
        """A verifier's run whose verdict can be read whole (tools/judging/written.py): one that left none is run
        once more alone (nothing else of the sandbox in flight), and if it again leaves none, it is a system
        error of the host's (no score), never a verdict."""
        checked = await run(False)
        if unwritten(checked) is None:
            return checked
        checked = await run(True)
        why = unwritten(checked)
        return checked if why is None else no_verdict(why)

    def _blame(self, test: JudgeTest, result: TestResult) -> TestResult:
        """A FAIL of the checker on a solution's output counts as 0 ("the checker could not read your output"),
        unless the checker FAILed on the output of every reference program run on the test too: then no
        solution can be judged there, the package's fault, a system error that says so (no score)."""
        if (
            result.verifier_failed
            and result.message.startswith(CHECKER_FAIL)
            and self._reference_fails.get(_key(test))
        ):
            result.verifier_failed, result.package_fault = False, True
            result.message = shortened(
                "the checker FAILs on this test for the problem's reference solutions too: the problem's package "
                f"is at fault (its checker or its test files), not the solution; {result.message}"
            )
        return result

    async def _run_verifier(
        self, args: list[str], files: dict[str, bytes], want: Sequence[str] = (), *, alone: bool = False
    ) -> ExecResult:
        return await run_verifier_retrying(
            lambda: self.sandbox.run(
                self.checker,
                args=args,
                files=files,
                want_files=want,
                limits=self.verifier_limits,
                alone=alone,
            )
        )

    async def feasible(
        self, checker: ProgramHandle, test: JudgeTest, output: bytes
    ) -> tuple[bool | None, str]:
        """Whether a feasibility-only checker (the seed's, or the one a verifier's author wrote beside it)
        calls ``output`` feasible on ``test``, and its message; run as this judge's verifier is, under its
        limits and its limiter."""
        files = {"input.txt": test.input, "output.txt": output}
        async with self.limiter:
            checked = await run_verifier_retrying(
                lambda: self.sandbox.run(
                    checker,
                    args=["verify", "input.txt", "output.txt"],
                    files=files,
                    limits=self.verifier_limits,
                )
            )
        return interpret_feasibility(checked)

    async def run(self, program: ProgramHandle, test: JudgeTest, *, keep_output: bool = False) -> TestResult:
        """Run ``program`` on ``test`` and verify its output; the score is raw until ``score``."""
        if test.missing:
            return _missing(test)
        async with self.limiter:
            try:
                return await self._run(program, test, keep_output)
            except Exception as exc:  # a sandbox failure on one test must not sink the others
                return TestResult(
                    name=test.name, verdict=Verdict.SYSTEM_ERROR, message=shortened(f"sandbox failure: {exc}")
                )

    async def _run(self, program: ProgramHandle, test: JudgeTest, keep_output: bool) -> TestResult:
        if self.verifier.interactive:
            return self._blame(test, await self._interact(program, test))
        for _attempt in range(RUN_ATTEMPTS):  # a run the host failed says nothing of the program: again
            run = await self.sandbox.run(program, stdin=test.input, limits=run_limits(self.limits))
            if run.verdict not in HOST_FAILURES:
                break
        measured = {
            "time_ms": run.time_ms,
            "memory_kb": run.memory_kb,
            "exit_code": run.exit_code,
            "signal": run.signal,
            "output": run.stdout if keep_output else None,
        }
        if run.verdict is not Verdict.OK:
            return TestResult(
                name=test.name, verdict=run.verdict, message=shortened(run.message or run.stderr), **measured
            )
        return self._blame(test, (await self._verify(test, run.stdout)).model_copy(update=measured))

    async def _interact(self, program: ProgramHandle, test: JudgeTest) -> TestResult:
        """An interactive test: the solution and the interactor joined by pipes, each a run of its own. The
        solution's own verdict comes first (it must end normally, as FrontierCS's judge asks); then the
        interactor's: a testlib one's read as a checker's, a native one's from the JSON verdict line it writes
        to its result file (``prog interact INPUT RESULT``). An interactor that gave no verdict on an
        interaction the solution ended normally (killed by the pipe the solution closed, out of its CPU time)
        counts as 0, as a verifier's failure on an output does; nothing the solution writes reaches the score
        but through it."""
        testlib = self.verifier.kind is VerifierKind.TESTLIB
        run, interactor = await self._interaction(program, test, alone=False)
        if run.verdict is Verdict.OK and self._unwritten_interactor(interactor) is not None:
            # no verdict written (tools/judging/written.py): the interaction once more, alone in the sandbox
            run, interactor = await self._interaction(program, test, alone=True)
            why = self._unwritten_interactor(interactor) if run.verdict is Verdict.OK else None
            interactor = interactor if why is None else no_verdict(why)
        measured = {
            "time_ms": run.time_ms,
            "memory_kb": run.memory_kb,
            "exit_code": run.exit_code,
            "signal": run.signal,
        }
        if run.verdict is not Verdict.OK:
            return TestResult(
                name=test.name, verdict=run.verdict, message=shortened(run.message or run.stderr), **measured
            )
        reason = ""
        if testlib:
            verdict, ratio, message = interpret_checker(interactor)
            objective = ratio if verdict is Verdict.OK else None
        else:  # the verdict line went to the result file (its stdout went to the solution)
            written = replace(interactor, stdout=interactor.files.get(RESULT_FILE, b""))
            verdict, objective, message = interpret_native(written)
            reason = rejection_reason(written) if verdict is Verdict.INVALID else ""
        return TestResult(
            name=test.name,
            verdict=verdict,
            score=(objective or 0.0) if testlib else 0.0,  # a native objective is normalised by ``score``
            objective=objective,
            message=message,
            reason=reason,
            verifier_failed=verdict is Verdict.SYSTEM_ERROR and interactor.verdict not in HOST_FAILURES,
            **measured,
        )

    async def _interaction(
        self, program: ProgramHandle, test: JudgeTest, *, alone: bool
    ) -> tuple[ExecResult, ExecResult]:
        """The solution and the interactor on ``test``; a run the host failed says nothing of either program,
        so it is tried again."""
        if self.verifier.kind is VerifierKind.TESTLIB:
            args = ["input.txt", "tout.txt", "answer.txt", RESULT_FILE]
        else:
            args = ["interact", "input.txt", RESULT_FILE]
        files = {"input.txt": test.input, "answer.txt": test.answer or b""}
        for _attempt in range(RUN_ATTEMPTS):
            run, interactor = await self.sandbox.interact(
                program,
                self.checker,
                args=args,
                files=files,
                want_files=[RESULT_FILE],
                limits=run_limits(self.limits),
                interactor_limits=self.verifier_limits,
                alone=alone,
            )
            if run.verdict not in HOST_FAILURES and interactor.verdict not in HOST_FAILURES:
                break
        return run, interactor

    def _unwritten_interactor(self, interactor: ExecResult) -> str | None:
        if self.verifier.kind is VerifierKind.TESTLIB:
            return unwritten_checker(interactor, RESULT_FILE)
        return None  # a native interactor's result file is read as its verdict line, as a verifier's stdout

    async def run_all(
        self,
        program: ProgramHandle,
        tests: Sequence[JudgeTest],
        *,
        progress: Progress | None = None,
        keep_output: bool = False,
    ) -> list[TestResult]:
        """``run`` on every test at once (the limiter bounds how many run together), in the tests' order."""
        results: list[TestResult | None] = [None] * len(tests)
        done = 0

        async def one(i: int, test: JudgeTest) -> None:
            nonlocal done
            results[i] = await self.run(program, test, keep_output=keep_output)
            done += 1
            if progress is not None:
                outcome = progress(done, len(tests))
                if inspect.isawaitable(outcome):
                    await outcome

        async with anyio.create_task_group() as tg:
            for i, test in enumerate(tests):
                tg.start_soon(one, i, test)
        return [r for r in results if r is not None]

    async def objectives(
        self, compiled: CompileResult, role: str, tests: Sequence[JudgeTest]
    ) -> dict[str, float]:
        """Objective per test of a trusted program (the baseline); tests it fails are left out."""
        if not compiled.ok or compiled.program is None:
            raise InvalidInputError(
                f"The {role} program does not compile; fix it: {shortened(compiled.message)}"
            )
        results = await self.run_all(compiled.program, tests)
        for test, result in zip(tests, results, strict=True):  # (run_all keeps the tests' order)
            failed = result.package_fault or (
                result.verifier_failed and result.message.startswith(CHECKER_FAIL)
            )
            self._reference_fails[_key(test)] = self._reference_fails.get(_key(test), True) and failed
        return objectives_of(results)

    def score(
        self, results: Iterable[TestResult], baseline: Mapping[str, float], best: Mapping[str, float] = {}
    ) -> None:
        """Turn raw results into normalised scores in place (0 for anything but OK)."""
        for result in results:
            score_result(result, self.verifier, baseline, best)

    async def judge(
        self,
        compiled: CompileResult,
        tests: Sequence[JudgeTest],
        baseline: Mapping[str, float],
        best: Mapping[str, float] = {},
        *,
        progress: Progress | None = None,
        keep_output: bool = False,
    ) -> list[TestResult]:
        """A compiled solution on every test, scored; a solution that did not compile gets its verdict
        (CE) on every test without a run."""
        if not compiled.ok or compiled.program is None:
            return _unrun(tests, compiled.verdict, shortened(compiled.message))
        results = await self.run_all(compiled.program, tests, progress=progress, keep_output=keep_output)
        self.score(results, baseline, best)
        return results

    async def report(
        self,
        compiled: CompileResult,
        tests: Sequence[JudgeTest],
        baseline: Mapping[str, float],
        best: Mapping[str, float] = {},
        *,
        progress: Progress | None = None,
    ) -> JudgeReport:
        """``judge`` with the solution's score: the one aggregate ``judge_solution`` (and so ``submit``) and
        the RL rewards, which judge many solutions with one open Judge, both give."""
        report = JudgeReport(0.0, await self.judge(compiled, tests, baseline, best, progress=progress))
        if not compiled.ok:
            report.verdict, report.compile_message = compiled.verdict, shortened(compiled.message)
        report.aggregate()
        return report


@contextlib.asynccontextmanager
async def open_judge(
    verifier: VerifierSpec,
    limits: Limits,
    programs: Mapping[str, Program] = {},
    *,
    sandbox: Sandbox | None = None,
    backend: str | None = None,
    workers: int | None = None,
    settings: Settings | None = None,
    limiter: anyio.CapacityLimiter | None = None,
) -> AsyncIterator[tuple[Judge, dict[str, CompileResult]]]:
    """A Judge for ``verifier`` in ``sandbox`` (or a new one), with ``programs`` compiled beside the
    verifier; ``limiter`` (instead of ``workers``) bounds its runs together with other judges'. A verifier
    that does not compile raises VerifierCompileError; a sandbox that cannot start raises SandboxError."""
    settings = settings or get_settings()
    async with contextlib.AsyncExitStack() as stack:
        # a sandbox of its own is sized for this problem's runs (sandbox/admission.py)
        sized_for = limits_in_force(verifier, limits)
        sb: Sandbox = (
            sandbox
            if sandbox is not None
            else await stack.enter_async_context(open_sandbox(backend, settings, sized_for))
        )
        compiled = await compile_all(sb, {VERIFIER_KEY: verifier.program, **programs}, judge=(VERIFIER_KEY,))
        checker = compiled.pop(VERIFIER_KEY)
        if checker.verdict is Verdict.SYSTEM_ERROR:  # the host's compiler failed, not the verifier's source
            raise SandboxError(
                f"The verifier could not be compiled on this host: {shortened(checker.message)}"
            )
        if not checker.ok or checker.program is None:
            raise VerifierCompileError(checker.message)
        yield Judge(sb, verifier, checker.program, limits, workers or settings.workers, limiter), compiled


async def compile_all(
    sb: Sandbox, programs: Mapping[str, Program], judge: Iterable[str] = ()
) -> dict[str, CompileResult]:
    """Compile several programs at once (g++ is the slow part of a judge run); ``judge``: the names of the
    judge's own programs among them (the verifier), compiled as such (``ProgramRole.JUDGE``), the rest as
    solutions."""
    results: dict[str, CompileResult] = {}
    judges = set(judge)

    async def one(name: str, program: Program) -> None:
        role = ProgramRole.JUDGE if name in judges else ProgramRole.SOLUTION
        results[name] = await sb.compile(program.code, program.language, name=name, role=role)

    async with anyio.create_task_group() as tg:
        for name, program in programs.items():
            tg.start_soon(one, name, program)
    return results


async def judge_solution(
    solution: Program,
    tests: Sequence[JudgeTest],
    verifier: VerifierSpec,
    limits: Limits,
    *,
    backend: str | None = None,
    workers: int | None = None,
    baseline: Mapping[str, float] | Program | None = None,
    best: Mapping[str, float] | Program | None = None,
    progress: Progress | None = None,
    settings: Settings | None = None,
) -> JudgeReport:
    """Judge ``solution`` on every test in one sandbox, ``workers`` tests at a time.

    ``baseline`` (and ``best``, for range normalisation) are per-test objectives, or a Program
    whose objectives are computed here first, in the same sandbox, and returned in the report
    so the caller can cache them. Tests the host failed on (after the retries in that sandbox) are judged
    once more in a fresh one; a report still ``complete`` False has no score (tools/judging/scoring). A sandbox
    that cannot start raises SandboxError.
    """
    if not tests:
        raise InvalidInputError("There are no tests to judge on; add at least one test.")
    check_normalisation(verifier, baseline, best)
    kwargs: dict[str, Any] = {"backend": backend, "workers": workers, "settings": settings}
    try:
        report = await _judge_in_a_sandbox(
            solution, tests, verifier, limits, baseline, best, progress, kwargs
        )
    except SandboxError:  # once more in a fresh sandbox; a second failure is the caller's to report
        report = await _judge_in_a_sandbox(
            solution, tests, verifier, limits, baseline, best, progress, kwargs
        )
    unjudged = {t.name for t in report.tests if host_failed(t)}
    if unjudged and report.verdict is not Verdict.CE:  # (a compile the host failed is tried again too)
        again = await _judge_in_a_sandbox(
            solution,
            [t for t in tests if t.name in unjudged],
            verifier,
            limits,
            report.baseline_objectives if isinstance(baseline, Program) else baseline,
            report.best_objectives if isinstance(best, Program) else best,
            None,
            kwargs,
        )
        redone = {t.name: t for t in again.tests}
        report.tests = [redone.get(t.name, t) if t.name in unjudged else t for t in report.tests]
    report.aggregate()
    return report


async def judge_package(
    solution: Program,
    package: JudgePackage,
    baseline: Mapping[str, float] | Program | None = None,
    *,
    backend: str | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
    settings: Settings | None = None,
) -> JudgeReport:
    """``judge_solution`` on a package: its tests, verifier and limits, scored against ``baseline`` (its
    objectives, or a program run here first) and the package's best known objectives."""
    return await judge_solution(
        solution,
        package.tests,
        package.verifier,
        package.limits,
        backend=backend,
        workers=workers,
        baseline=baseline,
        best=package.best,
        progress=progress,
        settings=settings,
    )


def host_failed(result: TestResult) -> bool:
    """A test the host failed on, even after the judge's retries: it leaves its run without a score (as does
    a test the package's checker cannot judge, which no fresh sandbox would change)."""
    return result.verdict is Verdict.SYSTEM_ERROR and not (
        result.verifier_failed or result.missing or result.package_fault
    )


async def _judge_in_a_sandbox(
    solution: Program,
    tests: Sequence[JudgeTest],
    verifier: VerifierSpec,
    limits: Limits,
    baseline: Mapping[str, float] | Program | None,
    best: Mapping[str, float] | Program | None,
    progress: Progress | None,
    kwargs: Mapping[str, Any],
) -> JudgeReport:
    programs = programs_to_compile(solution, baseline, best)
    try:
        async with open_judge(verifier, limits, programs, **kwargs) as (judge, compiled):
            return await judge_compiled(judge, compiled, tests, baseline, best, progress=progress)
    except VerifierCompileError as exc:
        return verifier_failed(tests, exc)


def programs_to_compile(
    solution: Program,
    baseline: Mapping[str, float] | Program | None,
    best: Mapping[str, float] | Program | None,
) -> dict[str, Program]:
    """What judging ``solution`` compiles: the solution, and the baseline and best when given as programs
    (their objectives are computed in the same sandbox); the names ``judge_compiled`` reads."""
    programs = {"solution": solution}
    programs.update(
        {role: p for role, p in (("baseline", baseline), ("best", best)) if isinstance(p, Program)}
    )
    return programs


def verifier_failed(tests: Sequence[JudgeTest], exc: VerifierCompileError) -> JudgeReport:
    """The report of a solution whose verifier does not compile: SYSTEM_ERROR on every test, unrun."""
    message = f"the verifier does not compile: {exc.compiler_message}"
    return JudgeReport(0.0, _unrun(tests, Verdict.SYSTEM_ERROR, message), message, Verdict.SYSTEM_ERROR)


async def judge_compiled(
    judge: Judge,
    compiled: Mapping[str, CompileResult],
    tests: Sequence[JudgeTest],
    baseline: Mapping[str, float] | Program | None,
    best: Mapping[str, float] | Program | None,
    *,
    progress: Progress | None = None,
) -> JudgeReport:
    """``judge_solution``'s work once its verifier and programs are compiled (``compiled`` holds
    ``solution`` and, where they are Programs, ``baseline`` and ``best``): the executors (tools/judging/executor.py)
    call it with a verifier compiled once per worker."""
    report = JudgeReport(0.0, [])
    if isinstance(baseline, Program):
        report.baseline_objectives = await judge.objectives(compiled["baseline"], "baseline", tests)
    if isinstance(best, Program):
        report.best_objectives = await judge.objectives(compiled["best"], "best", tests)
    baseline_map = report.baseline_objectives if isinstance(baseline, Program) else (baseline or {})
    best_map = report.best_objectives if isinstance(best, Program) else (best or {})
    judged = await judge.report(compiled["solution"], tests, baseline_map, best_map, progress=progress)
    return replace(
        judged, baseline_objectives=report.baseline_objectives, best_objectives=report.best_objectives
    )


async def baseline_objectives(
    baseline: Program,
    tests: Sequence[JudgeTest],
    verifier: VerifierSpec,
    limits: Limits,
    *,
    backend: str | None = None,
    workers: int | None = None,
    settings: Settings | None = None,
    sandbox: Sandbox | None = None,
) -> dict[str, float]:
    """The baseline's objective per test (computed once, for the caller to cache); failed tests are absent.
    In ``sandbox`` when given (an executor's ``run_step``), else in one of its own."""
    async with open_judge(
        verifier,
        limits,
        {"baseline": baseline},
        sandbox=sandbox,
        backend=backend,
        workers=workers,
        settings=settings,
    ) as (judge, compiled):
        return await judge.objectives(compiled["baseline"], "baseline", tests)
