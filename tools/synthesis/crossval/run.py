"""One run of the cross-validation protocol (checks.py declares its checks and runs them): what it checks, what
it holds while its checks run (the judge, the baseline's outputs, the report so far), the verifier calls the
checks share, and its result, ``CrossValidation``: the findings the store keeps and the score matrix behind
them. Every program runs through the one judging engine (``tools/judging/judge.Judge``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import anyio
from pydantic import Field

from frontiersmith.models import (
    CheckOwner,
    FeasibilityReport,
    Limits,
    Normalisation,
    Program,
    ProtocolCheck,
    ProtocolFindings,
    ProtocolThresholds,
    Reference,
    Sense,
    TestResult,
    Verdict,
)
from frontiersmith.sandbox import RunLimits, Sandbox
from frontiersmith.sandbox.base import ExecResult, ProgramHandle, ProgramRole

from ...judging.judge import Judge, JudgeTest, VerifierSpec
from ...judging.scoring import range_unbounded
from ...judging.testgen import GeneratedTest, ProgramCache
from ..quality import silent_tests
from .oracle import Oracle
from .probes import FeasibilityJudge, IndependentChecker

VALIDATOR_LIMITS = RunLimits(time_ms=10_000, memory_mb=1024, output_kb=1024)
COLLAPSE_BAND = 1e-3  # all scores within this band = collapsed
SCORE_EPS = 1e-9
PROBED_TESTS = 3  # tests the garbage and out-of-range probes run on
STRICT_MUTANTS = ("duplicated",)  # corruptions that can never be a better answer than the original
SHOWN = 5  # failures quoted per check
WELL_FORMED_PER_OUTPUT = 6  # well-formed mutants of each mutated output (the best and the baseline's)


@dataclass(frozen=True)
class Outcome:
    """What one check found: the problems it found (none: it passed), said after ``why``; or, when it passed,
    what it covered."""

    failed: Sequence[str] = ()
    why: str = ""
    passed: str = ""


class CrossValidation(ProtocolFindings):
    """One run of the protocol: its findings as the store keeps them (``ProtocolFindings``) and the score matrix
    behind them."""

    # Set by every run (None only on reports stored before they were).
    normalisation: Normalisation = Normalisation.PAPER
    feasibility: FeasibilityReport = Field(
        default_factory=FeasibilityReport
    )  # the oracle, the second opinion
    silent_tests: list[str] = Field(default_factory=list)  # tests that give every solution one score
    baseline_objectives: dict[str, float] = Field(default_factory=dict)
    # Per test, the best objective any sampled solution (or the baseline) reached: the 1 of range
    # normalisation, kept with a published task as FrontierCS keeps its reference answer.
    best_objectives: dict[str, float] = Field(default_factory=dict)
    best_by: dict[str, str] = Field(default_factory=dict)  # test -> the solution that reached it
    cells: dict[str, dict[str, TestResult]] = Field(default_factory=dict)  # solution id -> test -> result
    surviving_mutants: list[str] = Field(default_factory=list)  # of the verifier mutation test

    def findings(self) -> dict[str, Any]:
        """What the store keeps of this run (``ProtocolFindings``' fields), for a ``CrossValidationReport``."""
        return {name: getattr(self, name) for name in ProtocolFindings.model_fields}

    def finish(self) -> CrossValidation:
        """The run's verdict and each test's reference points, once its last check is recorded."""
        self.ok = all(c.passed for c in self.checks)
        self.references = {
            name: Reference(baseline=base, best=self.best_objectives[name], best_by=self.best_by[name])
            for name, base in self.baseline_objectives.items()
            if name in self.best_objectives
        }
        return self


class ProtocolRun:
    """The protocol on one verifier and baseline: what it checks, the judge it checks with once its programs
    compile, and what its checks have found so far (``report``)."""

    judge: Judge
    base: ProgramHandle  # the baseline, compiled
    validator_program: ProgramHandle  # the validator, compiled
    solution_cache: ProgramCache  # the sampled solutions, compiled once for every check that runs them

    def __init__(
        self,
        tests: Sequence[GeneratedTest],
        spec: VerifierSpec,
        validator: Program,
        baseline: Program,
        solutions: Mapping[str, Program],
        limits: Limits,
        *,
        adversarial: Sequence[str],
        min_kill_rate: float,
        oracle: Oracle,
        second: Program | None,
        example: JudgeTest | None,
        seed_answers: Mapping[str, Program] | str,
        independent: IndependentChecker | None,
    ):
        self.tests = [t.as_judge_test() for t in tests]
        self.example = example
        self.spec, self.validator, self.baseline = spec, validator, baseline
        self.solutions, self.limits = solutions, limits
        self.adversarial = set(adversarial) or {t.distribution for t in tests}
        self.min_kill_rate = min_kill_rate
        self.oracle = oracle
        self.second = second  # the author's feasibility checker
        self.seed_answers, self.independent = seed_answers, independent  # for the probes only
        self.report = CrossValidation(
            normalisation=spec.normalisation,
            thresholds=ProtocolThresholds(
                min_kill_rate=min_kill_rate,
                collapse_band=COLLAPSE_BAND,
                strict_mutants=list(STRICT_MUTANTS),
                probed_tests=PROBED_TESTS,
                well_formed_per_output=WELL_FORMED_PER_OUTPUT,
                disagreements_allowed=0,
            ),
        )
        self.base_run: list[TestResult] = []  # the baseline's run on every test
        self.base_out: dict[str, bytes] = {}  # the baseline's output per test it passed
        self.base_results: dict[str, TestResult] = {}  # the verifier's verdict on the baseline's outputs
        self.runnable: list[str] = []  # sampled solutions that compiled
        self.crashing: set[str] = set()  # tests most sampled solutions crash on
        # (test, label, output, verdict) of the corrupted mutants of the best outputs
        self.mutated: list[tuple[str, str, bytes, TestResult]] = []
        self.judges: list[FeasibilityJudge] = []  # the feasibility checks compiled beside the verifier

    @property
    def interactive(self) -> bool:
        """Whether the verifier is an interactor, which judges conversations rather than outputs."""
        return self.spec.interactive

    def record(self, name: str, owner: CheckOwner, outcome: Outcome) -> None:
        """Add check ``name``: failed with ``why`` and the first few problems when there are any."""
        if outcome.failed:
            detail = f"{outcome.why}{'; '.join(outcome.failed[:SHOWN])}"
            self.report.checks.append(ProtocolCheck(name=name, owner=owner, passed=False, detail=detail))
        else:
            self.report.checks.append(
                ProtocolCheck(name=name, owner=owner, passed=True, detail=outcome.passed)
            )

    async def compile(self, sb: Sandbox, workers: int) -> bool:
        """Compile the verifier, the baseline and the validator, each failure a check of its owner's, and set
        up the judge; False when the run cannot go on (a program does not compile, or there are no tests)."""
        cache = ProgramCache(sb)
        chk = await cache.get(self.spec.program, "verifier", ProgramRole.JUDGE)
        base = await cache.get(self.baseline, "baseline")
        val = await cache.get(self.validator, "validator", ProgramRole.JUDGE)
        for compiled, name, owner in (
            (chk, "verifier", CheckOwner.VERIFIER),
            (base, "baseline", CheckOwner.VERIFIER),
            (val, "validator", CheckOwner.TESTS),
        ):
            if not compiled.ok:
                self.record(f"{name} compiles", owner, Outcome([compiled.message[:400]]))
        if self.report.checks:
            return False
        if not self.tests:
            self.record("tests exist", CheckOwner.TESTS, Outcome(["there are no tests"]))
            return False
        self.judge = Judge(sb, self.spec, chk.program, self.limits, workers)
        self.base, self.validator_program, self.solution_cache = base.program, val.program, ProgramCache(sb)
        return True

    # -- the verifier's verdicts ---------------------------------------------------------------------------

    async def verify_all(
        self, outputs: Sequence[tuple[str, bytes]], *, again: bool = False
    ) -> list[TestResult]:
        """The verifier's raw verdict on each (test name, output), all at once, in the order given; with
        ``again``, from a run of its own even where the judge has given that verdict before."""
        by_name = {t.name: t for t in self.tests}
        found: list[TestResult | None] = [None] * len(outputs)

        async def one(i: int, name: str, output: bytes) -> None:
            found[i] = await self.judge.verify(by_name[name], output, again=again)

        async with anyio.create_task_group() as tg:
            for i, (name, output) in enumerate(outputs):
                tg.start_soon(one, i, name, output)
        return [r for r in found if r is not None]

    async def verify_each(
        self, outputs: Mapping[str, bytes], *, again: bool = False
    ) -> dict[str, TestResult]:
        """The verifier's raw verdict on one output per test, keyed by test name (``again``: see verify_all)."""
        return dict(zip(outputs, await self.verify_all(list(outputs.items()), again=again), strict=True))

    async def validates(self, validator: ProgramHandle) -> dict[str, ExecResult]:
        """Each test's input run through ``validator`` (``validate``), by test name."""
        found: dict[str, ExecResult] = {}

        async def one(test: JudgeTest) -> None:
            async with self.judge.limiter:
                found[test.name] = await self.judge.sandbox.run(
                    validator, args=["validate"], stdin=test.input, limits=VALIDATOR_LIMITS
                )

        async with anyio.create_task_group() as tg:
            for test in self.tests:
                tg.start_soon(one, test)
        return found

    # -- scores --------------------------------------------------------------------------------------------

    def score(self, results: Iterable[TestResult]) -> None:
        """Normalise raw results against the baseline's and (range normalisation) the best known objectives."""
        self.judge.score(results, self.report.baseline_objectives, self.report.best_objectives)

    def unclamped(self, results: Sequence[TestResult]) -> None:
        """``score`` without range normalisation's clamp at 1: an output past the best known scores above 1,
        by how far past it goes (the probes look for outputs far above every sampled one)."""
        self.score(results)
        if self.spec.normalisation is not Normalisation.RANGE or self.spec.sense is None:
            return
        base, best = self.report.baseline_objectives, self.report.best_objectives
        for r in results:
            if r.verdict is Verdict.OK and r.name in base and r.name in best:
                r.score = range_unbounded(r.objective, base[r.name], best[r.name], self.spec.sense)

    def best_known(self, found: Mapping[str, Sequence[TestResult]]) -> None:
        """Per test, the best objective the baseline or an accepted sampled output reached (ties: the
        first solution in order), which range normalisation scores as 1."""
        sigma = 1.0 if self.spec.sense is Sense.MAX else -1.0
        best = dict(self.report.baseline_objectives)
        by = dict.fromkeys(best, "baseline")
        for sid in self.solutions:
            for r in found.get(sid, ()):
                usable = r.verdict is Verdict.OK and r.objective is not None and math.isfinite(r.objective)
                if usable and (r.name not in best or sigma * (r.objective - best[r.name]) > 0):  # type: ignore[operator]
                    best[r.name], by[r.name] = r.objective, sid  # type: ignore[assignment]
        self.report.best_objectives, self.report.best_by = best, by

    def best_outputs(self) -> dict[str, tuple[bytes, float]]:
        """Per test, the best sampled output and its score (the baseline's when no sampled one is accepted)."""
        best: dict[str, tuple[bytes, float]] = {n: (o, 0.0) for n, o in self.base_out.items()}
        for sid in self.runnable:
            for name, c in self.report.cells[sid].items():
                if (
                    c.verdict is Verdict.OK
                    and c.output is not None
                    and c.score > best.get(name, (b"", -1.0))[1]
                ):
                    best[name] = (c.output, c.score)
        return best

    def matrix(self, field: str) -> dict[str, dict[str, float]]:
        """Solution -> test -> score (``field`` "score") or objective ("objective": accepted outputs only)."""
        if field == "score":
            return {sid: {n: c.score for n, c in self.report.cells[sid].items()} for sid in self.runnable}
        return {
            sid: {
                n: c.objective
                for n, c in self.report.cells[sid].items()
                if c.verdict is Verdict.OK and c.objective is not None and math.isfinite(c.objective)
            }
            for sid in self.runnable
        }

    def all_alike(self) -> bool:
        """Every sampled solution scores the same on every test (two or more of them): no test can tell their
        ideas apart, which says more of the problem (one exact idea: pseudo-open) than of its tests, so the
        tests' checks leave it to the divergence filter ("the solutions score alike")."""
        scores = self.matrix("score")
        return len(scores) >= 2 and len(silent_tests(scores)) == len(self.tests)


def same_errors(found: Sequence[tuple[str, str]], shown: int = 3) -> list[str]:
    """(where, error) pairs as the feedback says them: one line per distinct error, naming the first few places
    it happened and how many more, so a verifier that fails the same way on every output is one problem."""
    places: dict[str, list[str]] = {}
    for where, error in found:
        places.setdefault(error, []).append(where)
    lines = []
    for error, wheres in places.items():
        more = f" and {len(wheres) - shown} more" if len(wheres) > shown else ""
        lines.append(f"{', '.join(wheres[:shown])}{more}: {error}")
    return lines


def verifier_said(result: TestResult) -> bool:
    """Whether the verdict is the verifier's: the program ran to a clean exit, so its output was verified."""
    return result.exit_code == 0 and result.verdict in (Verdict.INVALID, Verdict.SYSTEM_ERROR)
