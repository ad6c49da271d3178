"""A problem ready to judge (``JudgePackage``: its tests, its verifier, its limits and reference points, as
``tools/judging/packages/`` reads them from disk and ``tools/problems/resolver.py`` from the store) and what
judging a solution on it returns (``JudgeReport``). The judge that makes one from the other:
``tools/judging/judge.py``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    Limits,
    Normalisation,
    Problem,
    Program,
    Reference,
    Sense,
    TestResult,
    Verdict,
    VerifierKind,
    coarse_measure,
)
from frontiersmith.sandbox.base import RunLimits

from .scoring import ScoreSummary, aggregate_scores, needs_baseline

INTERACTOR_SCALE = 4  # an interactor's limits, in the solution's (as FrontierCS's judge sets them)


@dataclass(frozen=True)
class JudgeTest:
    """One test: its name (the file stem, e.g. ``"1"``), input bytes and optional reference answer."""

    name: str
    input: bytes
    answer: bytes | None = None
    missing: str = ""  # why the test's files are not there; judged as SYSTEM_ERROR without a run
    distribution: str = ""  # the generator distribution it came from, when known


@dataclass(frozen=True)
class VerifierSpec:
    """How a solution's output becomes a score on one test."""

    program: Program
    kind: VerifierKind = VerifierKind.NATIVE
    sense: Sense | None = None
    normalisation: Normalisation = Normalisation.PAPER
    ratio_cap: float = 1.0  # k of FrontierCS clamp(B/O, 0, k)
    time_ms: int = 10_000  # the verifier's own limits (FrontierCS gives checkers 10 s)
    memory_mb: int = 1024
    interactive: bool = False  # an interactor: it talks to the running solution (``Judge._interact``)


@dataclass
class JudgePackage:
    """A problem ready to judge: its tests, its verifier and (native scoring) the baseline s*."""

    format: str  # native | frontiercs (a folder), task | imported | catalog (the store)
    problem: Problem
    verifier: VerifierSpec
    tests: list[JudgeTest]
    limits: Limits
    baseline: Program | None = None
    reference: Program | None = None
    root: Path | None = None  # the folder it was read from
    # the records a package from the store is judged against: test name -> TestCase id, the verifier, s*
    test_ids: dict[str, str] = field(default_factory=dict)
    verifier_id: str | None = None
    baseline_id: str | None = None
    # test name -> the reference points fixed when the task was published (range normalisation): the
    # baseline's and the best known objective; None: the baseline's are computed from ``baseline``.
    references: dict[str, Reference] | None = None

    @property
    def pinned_baseline(self) -> dict[str, float] | None:
        """The baseline's objective per test as the package fixes it (None: computed from ``baseline``)."""
        return None if self.references is None else {n: r.baseline for n, r in self.references.items()}

    @property
    def best(self) -> dict[str, float] | Program | None:
        """What range normalisation scores as 1 on each test: the fixed best known objectives, else the
        reference program (whose objectives are computed), else None."""
        if self.references is not None:
            return {n: r.best for n, r in self.references.items()}
        return self.reference


@dataclass
class JudgeReport:
    """A solution judged on a suite: ``score`` (the mean of the per-test scores, each in [0, 1]), its verdict
    (CE when it did not compile), each test's ``TestResult`` and the baseline's and best objectives it was
    normalised against; ``complete`` is False when the host failed under a test (then there is no score)."""

    score: float  # tools/judging/scoring.aggregate_scores: the mean over every test (see ``complete``)
    tests: list[TestResult]
    compile_message: str = ""
    verdict: Verdict = (
        Verdict.OK
    )  # CE when the solution did not compile, SYSTEM_ERROR when the verifier did not
    baseline_objectives: dict[str, float] = field(
        default_factory=dict
    )  # computed here from a baseline Program
    best_objectives: dict[str, float] = field(default_factory=dict)
    # how the per-test scores became ``score`` (set by ``aggregate``): judged, left out, verifier failures
    totals: ScoreSummary = field(default_factory=lambda: ScoreSummary(0.0, 0, 0))

    def aggregate(self) -> ScoreSummary:
        """Set ``score`` and ``totals`` from the per-test results (tools/judging/scoring.aggregate_scores)."""
        self.totals = aggregate_scores(self.tests)
        self.score = self.totals.score
        return self.totals

    @property
    def judged(self) -> int:
        """The tests the mean is over: every test of the problem."""
        return self.totals.judged

    @property
    def complete(self) -> bool:
        """Whether every test was judged: only then is ``score`` the solution's score (tools/judging/scoring)."""
        return self.totals.complete

    @property
    def system_errors(self) -> int:
        """Tests the host failed on after every retry; while any is left, the report has no score."""
        return self.totals.system_errors

    @property
    def verifier_failures(self) -> int:
        """SYSTEM_ERROR tests the verifier gave on the solution's output, judged as 0."""
        return self.totals.verifier_failures

    def without_test_data(self, limits: Limits | None) -> JudgeReport:
        """This report without a word of the tests' data: each test's message is its ``diagnostic(limits)``
        and nothing the program printed is kept. With ``limits`` (what a solver is shown: ``submit``, the
        evaluation's and every reward's feedback; the one place that view is made) each test's exit code and
        signal are dropped and its time and memory are the upper edges of their buckets (``coarse_measure``);
        ``None`` (the problem owner's ``frontiersmith judge``) keeps the measurements. Only a compile error of
        the solution keeps the compiler's words (it compiles before any test is seen); a verifier's compile
        error is dropped, since it quotes the verifier's source."""
        keep = self.compile_message if self.verdict is Verdict.CE else ""

        def shown(t: TestResult) -> TestResult:
            update: dict[str, Any] = {
                "message": keep if t.verdict is Verdict.CE and keep else t.diagnostic(limits),
                "output": None,
            }
            if limits is not None:
                update.update(exit_code=None, signal=None)
                if t.measured:
                    update["time_ms"] = coarse_measure(t.time_ms, limits.time_ms)[0]
                    memory_kb = limits.memory_mb * 1024
                    update["memory_kb"] = round(coarse_measure(t.memory_kb, memory_kb)[0])
            return t.model_copy(update=update)

        return replace(self, tests=[shown(t) for t in self.tests], compile_message=keep)

    @property
    def summary(self) -> str:
        """One line for people: what the score is the mean of, or why there is none (``ScoreSummary.describe``)."""
        return self.totals.describe()

    def to_json(self) -> dict[str, Any]:
        """The ``frontiersmith judge --json`` shape."""
        return {
            "score": self.score,
            "complete": self.complete,
            "judged": self.judged,
            "system_errors": self.system_errors,
            "missing": self.totals.missing,
            "verifier_failures": self.verifier_failures,
            "summary": self.summary,
            "tests": [
                {
                    "name": t.name,
                    "verdict": t.verdict.value,
                    "score": t.score,
                    "time_ms": t.time_ms,
                    "memory_kb": t.memory_kb,
                    "message": t.message,
                }
                for t in self.tests
            ],
        }


def objectives_of(results: Iterable[TestResult]) -> dict[str, float]:
    """Objective per test of the runs the verifier accepted (a trusted program's reference values)."""
    return {r.name: r.objective for r in results if r.verdict is Verdict.OK and r.objective is not None}


def run_limits(limits: Limits) -> RunLimits:
    """A solution's run limits on a problem."""
    return RunLimits(time_ms=limits.time_ms, memory_mb=limits.memory_mb, output_kb=limits.output_kb)


def verifier_run_limits(verifier: VerifierSpec, limits: Limits) -> RunLimits:
    """A verifier's run limits on a problem: its own, and for an interactor, which runs beside the solution,
    four times the solution's time and memory where that is more (as FrontierCS's judge sets them)."""
    scale = INTERACTOR_SCALE if verifier.interactive else 0
    return RunLimits(
        time_ms=max(verifier.time_ms, scale * limits.time_ms),
        memory_mb=max(verifier.memory_mb, scale * limits.memory_mb),
        output_kb=max(limits.output_kb, 1024),
    )


def limits_in_force(verifier: VerifierSpec, limits: Limits) -> tuple[RunLimits, RunLimits]:
    """The limits of a problem's runs (the solution's, the verifier's): what a sandbox judging it is sized for."""
    return run_limits(limits), verifier_run_limits(verifier, limits)


def check_normalisation(verifier: VerifierSpec, baseline: object, best: object) -> None:
    """Raise InvalidInputError when the verifier's normalisation needs what was not passed: the baseline's
    objectives, the best objective (range), or the objective's sense."""
    if not needs_baseline(verifier):
        return
    norm = verifier.normalisation
    if baseline is None:
        raise InvalidInputError(
            f"The {norm.value} normalisation needs the baseline's objectives; pass a baseline."
        )
    if norm is Normalisation.RANGE and best is None:
        raise InvalidInputError("Range normalisation needs the best objective per test; pass best.")
    if norm is not Normalisation.RANGE and verifier.sense is None:
        raise InvalidInputError(f"The {norm.value} normalisation needs the objective's sense.")
