"""Reference validation of a seed: its reference solutions run on its tests with answers, through the one
judge, and judged by the seed's own checker or by a built-in testlib checker that compares each output with
its expected answer (exact, token or float).

A checker's OK scores 1 and a wrong answer 0, so "a reference passes" is "every test scores 1". One
``SeedValidator`` serves a whole import: one sandbox, each built-in checker compiled once. A statement that
accepts any of several answers cannot be checked by comparison: such a seed needs a checker, its own or one a
model writes that the reference passes. ``check_tests`` also measures how well the tests tell right code from
wrong (``TestQuality``): every reference and every known-incorrect solution runs.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Self, TypeVar

import anyio
from pydantic import BaseModel

from frontiersmith.drafts import Provider, SeedDraft
from frontiersmith.errors import FrontierSmithError, ProviderError
from frontiersmith.models import (
    Comparison,
    Language,
    Normalisation,
    Program,
    SeedChecker,
    SeedStatus,
    TestQuality,
    TestResult,
    Verdict,
    VerifierKind,
)
from frontiersmith.sandbox import open_sandbox
from frontiersmith.sandbox.base import CompileResult, ProgramHandle, Sandbox
from frontiersmith.settings import Settings, get_settings

from ..judging.judge import Judge, JudgeTest, VerifierSpec, compile_all
from .statement import accepts_any_answer
from .writer import choose_comparison

REASONS_SHOWN = 3  # failing references named in an unverified seed's reason
CHECKER_ROUNDS = 2  # a model's checker: its first version, and one more told why the first was refused
MIN_RECALL = 0.9  # tests that reject fewer of the known-incorrect solutions than this are too weak
T = TypeVar("T")


class Validation(BaseModel):
    """What running a seed's references showed: its status, why, the reference it rests on, the comparison,
    the checker a model wrote for it (when it needed one), and its tests' quality (when measured)."""

    status: SeedStatus
    reason: str = ""
    reference: Program | None = None
    comparison: Comparison
    checker: SeedChecker | None = None
    test_quality: TestQuality | None = None


def checker_source(comparison: Comparison) -> str:
    """The C++ of the built-in checker for ``comparison`` (tools/seeds/checkers/)."""
    return (
        resources.files("frontiersmith.tools.seeds").joinpath(f"checkers/{comparison.value}.cc").read_text()
    )


def checker_spec(comparison: Comparison) -> VerifierSpec:
    """The built-in testlib checker for ``comparison``, as the judge takes a verifier."""
    return _testlib(Program(code=checker_source(comparison), language=Language.CPP))


def _testlib(program: Program) -> VerifierSpec:
    return VerifierSpec(program=program, kind=VerifierKind.TESTLIB, normalisation=Normalisation.CHECKER)


@dataclass(frozen=True)
class _Outcome:
    """One program on a seed's tests: why it failed ("" when it passed every test), and whether it compiled."""

    why: str = ""
    compiled: bool = True


@dataclass
class _Runs:
    """A seed's programs judged by one checker: the first reference that passes, each program's outcome, and
    why the checker could not judge at all ("" when it could)."""

    judge: Judge | None = None
    passing: int | None = None
    references: dict[int, _Outcome] = field(default_factory=dict)
    checker_error: str = ""


class SeedValidator:
    """Validates seeds in one open sandbox; at most ``workers`` tests run at once across every seed."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        backend: str | None = None,
        workers: int | None = None,
        sandbox: Sandbox | None = None,
    ):
        self.settings = settings or get_settings()
        self.backend = backend
        self._sandbox = sandbox
        self._stack = contextlib.AsyncExitStack()
        self._limiter = anyio.CapacityLimiter(workers or self.settings.workers)
        self._checkers: dict[Comparison, ProgramHandle] = {}
        self._compiling = anyio.Lock()

    async def __aenter__(self) -> Self:
        if self._sandbox is None:
            self._sandbox = await self._stack.enter_async_context(open_sandbox(self.backend, self.settings))
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._stack.aclose()

    @property
    def sandbox(self) -> Sandbox:
        """The sandbox the validator opened; RuntimeError outside its ``async with`` block."""
        if self._sandbox is None:
            raise RuntimeError("SeedValidator is used outside its `async with` block")
        return self._sandbox

    async def _checker(self, comparison: Comparison) -> ProgramHandle:
        """The compiled checker of ``comparison``, compiled on first use."""
        async with self._compiling:
            if comparison not in self._checkers:
                compiled = await self.sandbox.compile(
                    checker_source(comparison), Language.CPP, f"chk_{comparison}"
                )
                if not compiled.ok or compiled.program is None:
                    raise FrontierSmithError(
                        f"The built-in {comparison.value} checker does not compile against the testlib header "
                        f"in use (check FRONTIERSMITH_TESTLIB_HEADER): {compiled.message[:300]}"
                    )
                self._checkers[comparison] = compiled.program
            return self._checkers[comparison]

    async def validate(
        self, draft: SeedDraft, *, provider: Provider | None = None, check_tests: bool = False
    ) -> Validation:
        """The draft's status from its references on its tests with answers (see ``SeedStatus``).

        A draft whose statement accepts any of several answers, and that has no checker and no comparison its
        author chose, is judged by a checker ``provider`` writes (when it is given and the reference passes
        that checker), else stored unverified saying it needs one. ``check_tests`` runs every reference and
        every incorrect solution as well, for the tests' recall and precision."""
        comparison = choose_comparison(draft)
        tests = [JudgeTest(t.name, t.input, t.answer) for t in draft.tests if t.answer is not None]
        missing = [
            what
            for what, absent in (
                ("no reference solution", not draft.references),
                ("no test with an answer", not tests),
            )
            if absent
        ]
        if missing:
            return Validation(
                status=SeedStatus.UNTESTED, reason=f"it has {' and '.join(missing)}", comparison=comparison
            )
        any_answer = "" if draft.checker or draft.comparison else accepts_any_answer(draft.problem.statement)
        if not any_answer:
            runs = await self._runs(draft, tests, comparison, draft.checker, check_tests)
            return await self._validation(draft, tests, comparison, draft.checker, runs, check_tests)
        needs = (
            f"its output may be any of several answers (“{any_answer}”), so comparing it with one expected "
            "answer would fail a correct reference: it needs a checker (checker.cc in a seed folder, or a "
            "configured model that writes one the reference passes)"
        )
        if provider is None:
            return Validation(status=SeedStatus.UNVERIFIED, reason=needs, comparison=comparison)
        feedback: list[str] = []
        for _ in range(CHECKER_ROUNDS):
            try:
                drafted = await provider.write_checker(draft.problem, feedback)
            except ProviderError as exc:
                feedback.append(f"{provider.name} wrote no usable checker ({exc})")
                break
            checker = SeedChecker(program=drafted.checker, by=provider.name)
            runs = await self._runs(draft, tests, comparison, checker, check_tests)
            refused = await self._refused(runs, tests, draft)
            if not refused:
                return await self._validation(draft, tests, comparison, checker, runs, check_tests)
            feedback = [refused]  # the model sees its last checker beside this (ChatProvider repairs it)
        reason = f"{needs}; the checker {provider.name} wrote was refused: {feedback[-1]}"
        return Validation(status=SeedStatus.UNVERIFIED, reason=reason, comparison=comparison)

    async def _judge(
        self, draft: SeedDraft, comparison: Comparison, checker: SeedChecker | None
    ) -> Judge | str:
        """The judge of the draft's outputs by its checker (else the built-in one of ``comparison``), or why its
        checker does not compile."""
        if checker is None:
            spec, handle = checker_spec(comparison), await self._checker(comparison)
        else:
            compiled = await self.sandbox.compile(checker.program.code, checker.program.language, "chk_seed")
            if not compiled.ok or compiled.program is None:
                return f"its checker (by {checker.by}) does not compile: {compiled.message.strip()[:200]}"
            spec, handle = _testlib(checker.program), compiled.program
        # one limiter: a bound over every seed this validator checks at once
        return Judge(self.sandbox, spec, handle, draft.problem.limits, 1, limiter=self._limiter)

    async def _runs(
        self,
        draft: SeedDraft,
        tests: Sequence[JudgeTest],
        comparison: Comparison,
        checker: SeedChecker | None,
        every: bool,
    ) -> _Runs:
        """The references judged; all of them when ``every``, else until one passes."""
        judge = await self._judge(draft, comparison, checker)
        if isinstance(judge, str):
            return _Runs(checker_error=judge)
        judged = (
            f"by its checker (by {checker.by})" if checker else f"under the {comparison.value} comparison"
        )
        passing, outcomes = await self._outcomes(judge, draft.references, tests, judged, every)
        return _Runs(judge, passing, outcomes)

    async def _outcomes(
        self, judge: Judge, programs: Sequence[Program], tests: Sequence[JudgeTest], judged: str, every: bool
    ) -> tuple[int | None, dict[int, _Outcome]]:
        """Each program's outcome and the first that passes; when not ``every``, the programs after the first
        that passes are cancelled (they can no longer be the first)."""
        compiled = await compile_all(self.sandbox, {str(i): p for i, p in enumerate(programs)})

        async def outcome(i: int) -> _Outcome:
            return await self._failure(judge, compiled[str(i)], tests, judged)

        first, outcomes = await earliest(len(programs), outcome, lambda o: not o.why and not every)
        if every:
            first = min((i for i, o in outcomes.items() if not o.why), default=None)
        return first, outcomes

    async def _refused(self, runs: _Runs, tests: Sequence[JudgeTest], draft: SeedDraft) -> str:
        """Why a model's checker cannot judge the seed ("" when it can): it does not compile, no reference
        passes it, or it accepts an empty output on every test (a checker that checks nothing)."""
        if runs.judge is None:
            return runs.checker_error
        if runs.passing is None:
            return "no reference passes it: " + _named(draft, runs.references)
        judge = runs.judge

        async def empty(i: int) -> TestResult:
            return await judge.verify(tests[i], b"")

        rejected, _ = await earliest(len(tests), empty, lambda r: not _passed(r))
        return "it accepts an empty output on every test" if rejected is None else ""

    async def _validation(
        self,
        draft: SeedDraft,
        tests: Sequence[JudgeTest],
        comparison: Comparison,
        checker: SeedChecker | None,
        runs: _Runs,
        check_tests: bool,
    ) -> Validation:
        written = checker if checker is not None and checker is not draft.checker else None
        if runs.judge is None:
            return Validation(status=SeedStatus.UNVERIFIED, reason=runs.checker_error, comparison=comparison)
        quality = None
        if check_tests:
            judged = "as a known-incorrect solution"
            _, wrong = await self._outcomes(runs.judge, draft.incorrect, tests, judged, every=True)
            quality = _quality(runs.references, wrong)
        weak = weakness(quality)
        if runs.passing is not None:
            return Validation(
                status=SeedStatus.VERIFIED,
                reason=weak,
                reference=draft.references[runs.passing],
                comparison=comparison,
                checker=written,
                test_quality=quality,
            )
        reason = "; ".join(r for r in (_named(draft, runs.references), weak) if r)
        return Validation(
            status=SeedStatus.UNVERIFIED, reason=reason, comparison=comparison, test_quality=quality
        )

    async def _failure(
        self, judge: Judge, compiled: CompileResult, tests: Sequence[JudgeTest], judged: str
    ) -> _Outcome:
        """Why one program fails (its first failing test, in order); no ``why`` when it passes every test."""
        if not compiled.ok or compiled.program is None:
            return _Outcome(f"does not compile: {compiled.message.strip()[:200]}", compiled=False)
        program = compiled.program

        async def run(i: int) -> TestResult:
            return await judge.run(program, tests[i])

        first, results = await earliest(len(tests), run, lambda r: not _passed(r))
        if first is None:
            return _Outcome()
        result = results[first]
        said = f" ({result.message.strip()[:200]})" if result.message.strip() else ""
        return _Outcome(f"fails test {result.name}: {result.verdict.value} {judged}{said}")


def _named(draft: SeedDraft, outcomes: dict[int, _Outcome]) -> str:
    """The failing references, the first ``REASONS_SHOWN`` named with why."""
    named = [
        f"reference {i + 1} ({draft.references[i].language.value}) {o.why}"
        for i, o in sorted(outcomes.items())
        if o.why
    ]
    more = f"; and {len(named) - REASONS_SHOWN} more" if len(named) > REASONS_SHOWN else ""
    return "; ".join(named[:REASONS_SHOWN]) + more


def _quality(correct: dict[int, _Outcome], incorrect: dict[int, _Outcome]) -> TestQuality:
    """Recall and precision over the programs that compile here (one that does not says nothing of the tests)."""
    right = [o for o in correct.values() if o.compiled]
    wrong = [o for o in incorrect.values() if o.compiled]
    return TestQuality(
        incorrect=len(wrong),
        rejected=sum(1 for o in wrong if o.why),
        correct=len(right),
        accepted=sum(1 for o in right if not o.why),
    )


def weakness(quality: TestQuality | None) -> str:
    """What a status says of tests that let wrong code through or reject right code; "" for good tests."""
    if quality is None:
        return ""
    said = []
    if quality.recall is not None and quality.recall < MIN_RECALL:
        said.append(
            f"its tests are too weak: they reject {quality.rejected} of the {quality.incorrect} incorrect "
            f"solutions (recall {quality.recall:.2f}, under {MIN_RECALL})"
        )
    if quality.precision is not None and quality.precision < 1:
        said.append(
            f"its tests reject {quality.correct - quality.accepted} of the {quality.correct} correct solutions "
            f"(precision {quality.precision:.2f})"
        )
    return "; ".join(said)


def _passed(result: TestResult) -> bool:
    return result.verdict is Verdict.OK and result.score >= 1.0


async def earliest(
    n: int, run: Callable[[int], Awaitable[T]], hit: Callable[[T], bool]
) -> tuple[int | None, dict[int, T]]:
    """Run ``run(0..n-1)`` concurrently and return the lowest index whose result is a ``hit`` (None if
    none is), with every result obtained. Once ``i`` is a hit the runs after ``i`` are cancelled: they can
    no longer be the earliest, and a reference that already failed need not wait out its other tests."""
    results: dict[int, T] = {}
    scopes = [anyio.CancelScope() for _ in range(n)]
    first: int | None = None

    async def one(i: int) -> None:
        nonlocal first
        with scopes[i]:
            results[i] = await run(i)
        if i in results and hit(results[i]) and (first is None or i < first):
            first = i
            for scope in scopes[i + 1 :]:
                scope.cancel()

    async with anyio.create_task_group() as tg:
        for i in range(n):
            tg.start_soon(one, i)
    return first, {i: r for i, r in results.items() if first is None or i <= first}


__all__ = [
    "CHECKER_ROUNDS",
    "MIN_RECALL",
    "SeedValidator",
    "Validation",
    "checker_source",
    "checker_spec",
    "earliest",
    "weakness",
]
