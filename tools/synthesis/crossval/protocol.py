"""The cross-validation protocol between the test author and the verifier author (docs/design.md,
"Cross-validation"), checked by code, not by trust. Every check names the author who owns a failure, so the
pipeline (or an agent) can route it back with the evidence. Every program runs through the one judging engine
(``tools/judging/judge.Judge``).

Checks, in order (owner in brackets):
- inputs are valid: every input passes the validator [tests];
- baseline is feasible: the baseline runs and the verifier accepts it on every test [verifier];
- verifier is deterministic: the same output twice gets the same verdict and objective [verifier];
- verifier rejects corrupted outputs: garbage and out-of-range numbers, infeasible by construction, are
  rejected without a crash [verifier];
- verifier never crashes on a sampled solution's output [verifier];
- solutions run on valid inputs: most sampled solutions do not crash on an input [tests];
- baseline scores 0 against itself [verifier];
- scores are not collapsed into one narrow band [verifier];
- ordering is sane: the best sampled solution beats the baseline on average, and an empty output scores 0
  on every test [verifier];
- verifier kills mutants: the best sampled output on each test, corrupted in several ways (a line dropped,
  a number perturbed, two tokens swapped, truncated, emptied, duplicated), never crashes the verifier, a
  duplicated output never scores above the original, and enough of the mutants are rejected or scored
  lower (the kill rate); the survivors go back to the verifier's author [verifier];
- verifier judges well-formed mutants: outputs of the right shape with one thing changed (a value within
  its domain, two values swapped, an element dropped, duplicated or moved across a line), typed by the
  layout the outputs share, never crash the verifier, and someone besides it says which are feasible: the
  seed's checker or the author's feasibility checker [verifier];
- seed's checker agrees: where the seed can judge (an oracle), its feasibility verdict on every output
  above (sampled, the baseline's, the corrupted and the well-formed mutants) relates to the verifier's as
  the mutation's axis says: equal for an objective mutation, and for an input one on inputs in the seed's
  C_I; for an output mutation, whatever the verifier accepts the seed's checker accepts [verifier];
- feasibility checker agrees: the feasibility-only checker the verifier's author wrote gives the verifier's
  feasibility verdict on every output above [verifier]; it is the same author's, so it can refute the
  verifier but never confirm it;
- the verifier probes where the mutation bites (probes.py): structural mutants, the seed's own answer, a
  bounded reward-hacking search; an output the verifier accepts fails the probe's check when any
  feasibility check calls it infeasible, or when it scores far above every sampled solution and no check
  the verifier's author did not write calls it feasible [verifier];
- adversarial tests bite: some test of an adversarial distribution lowers some sampled strategy below its
  median on the other distributions [tests]; judged only when the verifier passed its checks.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import anyio

from frontiersmith.models import (
    Axis,
    Disagreement,
    FeasibilityReport,
    Language,
    Limits,
    Normalisation,
    OracleRelation,
    ProbeReport,
    ProbeResult,
    ProbeStatus,
    Program,
    ProtocolThresholds,
    Sense,
    StatementExample,
    TestResult,
    Verdict,
    VerifierKind,
)
from frontiersmith.sandbox import RunLimits, Sandbox, open_sandbox
from frontiersmith.sandbox.base import ProgramHandle, ProgramRole
from frontiersmith.settings import Settings, get_settings

from ...judging.judge import Judge, JudgeTest, VerifierSpec, objectives_of
from ...judging.scoring import range_unbounded
from ...judging.testgen import GeneratedTest, ProgramCache
from ..quality import signal_failures, silent_tests, squeeze_failures
from .mutants import mutants, out_of_range, well_formed_mutants
from .probes import (
    VERIFIER_PROBES,
    FeasibilityJudge,
    IndependentChecker,
    VerifierProbes,
    excerpt,
    said,
)

if TYPE_CHECKING:
    pass

Owner = Literal["tests", "verifier"]
VALIDATOR_LIMITS = RunLimits(time_ms=10_000, memory_mb=1024, output_kb=1024)
COLLAPSE_BAND = 1e-3  # all scores within this band = collapsed
SCORE_EPS = 1e-9
GARBAGE = b"%%% not an answer %%%\n-1 x 3.5e999 ???\n"
PROBED_TESTS = 3  # tests the garbage and out-of-range probes run on
STRICT_MUTANTS = ("duplicated",)  # corruptions that can never be a better answer than the original
SHOWN = 5  # failures quoted per check
ALL_ALIKE = (
    "every sampled solution scores alike on every test: the divergence filter judges that, not the tests"
)
WELL_FORMED_PER_OUTPUT = 6  # well-formed mutants of each mutated output (the best and the baseline's)
DISAGREEMENTS_KEPT = 20  # disagreements stored in the report
SEED_CHECK, SECOND_CHECK = "seed's checker agrees", "feasibility checker agrees"
# Conversations no sane interactor accepts, each a solution program: silence, garbage lines, an echo of what
# it hears (an interactive verifier's stand-in for corrupted outputs).
PROBES = {
    "silence": "pass\n",
    "garbage": "import sys\nfor _ in range(1000):\n    sys.stdout.write('%%% not an answer %%% -1 x\\n')\n",
    "echo": "import sys\nfor line in sys.stdin:\n    sys.stdout.write(line)\n    sys.stdout.flush()\n",
}


@dataclass(frozen=True)
class SeedOracle:
    """The seed's checker as the judge of feasibility on a candidate's outputs (it prints the native verdict
    line; only ``feasible`` and ``message`` are read). ``relation`` is the mutation axis's (see
    ``OracleRelation``); ``domain``, when given, is a validator that accepts exactly the inputs in the seed's
    C_I (an input mutation's oracle judges only those); ``source`` says what the oracle is, for the report."""

    checker: Program
    relation: OracleRelation
    source: str
    domain: Program | None = None
    author: str = "the seed's author"  # who wrote the checker: it is independent of the verifier's author


@dataclass(frozen=True)
class NoOracle:
    """The seed cannot judge this candidate's outputs, and why (the report says so)."""

    reason: str


Oracle = SeedOracle | NoOracle
NO_ORACLE_GIVEN = NoOracle("no seed checker was given to the protocol")
# An objective mutation keeps C_I and C_O; an output one only narrows C_O; an input one keeps C_O on the
# inputs that lie in the seed's C_I (the oracle's domain).
RELATION_BY_AXIS = {
    Axis.OBJECTIVE: OracleRelation.EQUAL,
    Axis.OUTPUT: OracleRelation.IMPLIES,
    Axis.INPUT: OracleRelation.EQUAL,
}


@dataclass
class Check:
    name: str
    owner: Owner
    passed: bool
    detail: str = ""


@dataclass
class CrossValidation:
    """One run of the protocol: every check, the baseline's objectives and the score matrix."""

    checks: list[Check] = field(default_factory=list)
    baseline_objectives: dict[str, float] = field(default_factory=dict)
    # Per test, the best objective any sampled solution (or the baseline) reached: the 1 of range
    # normalisation, kept with a published task as FrontierCS keeps its reference answer.
    best_objectives: dict[str, float] = field(default_factory=dict)
    best_by: dict[str, str] = field(default_factory=dict)  # test -> the solution that reached it
    normalisation: Normalisation = Normalisation.PAPER
    example: StatementExample | None = None  # the statement's example, judged (None: no example input)
    silent_tests: list[str] = field(default_factory=list)  # tests that give every solution one score
    cells: dict[str, dict[str, TestResult]] = field(default_factory=dict)  # solution id -> test -> result
    kill_rate: float | None = None  # of the verifier mutation test, when it ran
    surviving_mutants: list[str] = field(default_factory=list)
    thresholds: ProtocolThresholds | None = None  # what this run applied
    feasibility: FeasibilityReport = field(
        default_factory=FeasibilityReport
    )  # the oracle, the second opinion
    probes: ProbeReport | None = None  # the verifier probes where the mutation bites, when they ran

    @property
    def ok(self) -> bool:
        return all(c.passed for c in self.checks)

    def failures(self, owner: Owner | None = None) -> list[str]:
        return [f"{c.name}: {c.detail}" for c in self.checks if not c.passed and owner in (None, c.owner)]

    def record(self, name: str, owner: Owner, problems: Sequence[str], why: str, passed: str = "") -> None:
        """Add check ``name``: failed with ``why`` and the first few ``problems`` when there are any."""
        if problems:
            self.checks.append(Check(name, owner, False, f"{why}{'; '.join(problems[:SHOWN])}"))
        else:
            self.checks.append(Check(name, owner, True, passed))


async def cross_validate(
    tests: Sequence[GeneratedTest],
    validator: Program,
    verifier: Program,
    baseline: Program,
    sense: Sense,
    solutions: Mapping[str, Program],
    limits: Limits,
    *,
    normalisation: Normalisation | None = None,
    adversarial: Sequence[str] = (),
    min_kill_rate: float | None = None,
    oracle: Oracle = NO_ORACLE_GIVEN,
    feasibility: Program | None = None,
    seed_answers: Mapping[str, Program] | str = "no seed answers were given to the protocol",
    independent: IndependentChecker | None = None,
    interactive: bool = False,
    example: GeneratedTest | None = None,
    backend: str | None = None,
    settings: Settings | None = None,
    sandbox: Sandbox | None = None,
) -> CrossValidation:
    """Run the whole protocol in one sandbox and return every check and the score matrix.

    ``adversarial`` names the distributions aimed at the sampled solutions' weaknesses (all of them when
    empty); ``min_kill_rate`` is the share of mutants the verifier must kill (default: the setting);
    ``oracle`` is the seed's checker, when the seed can judge the candidate's outputs; ``feasibility`` is
    the feasibility-only checker the verifier's author wrote beside the verifier (the second opinion);
    ``seed_answers`` are the seed's reference programs (or why there are none) and ``independent`` a
    feasibility checker of the candidate's C_O that the verifier's author did not write, for the probes
    (probes.py); ``interactive``: the verifier is an interactor (``_Protocol._run_interactive``);
    ``normalisation`` (default: the setting) is how objectives become scores, against the baseline's
    objectives and, for ``range``, the best any sampled solution reached on each test
    (``CrossValidation.best_objectives``); ``example`` is the statement's example input, judged for the
    statement (``CrossValidation.example``)."""
    settings = settings or get_settings()
    if min_kill_rate is None:
        min_kill_rate = settings.min_kill_rate
    normalisation = Normalisation(normalisation or settings.normalisation)
    spec = VerifierSpec(
        program=verifier,
        kind=VerifierKind.NATIVE,
        sense=sense,
        normalisation=normalisation,
        interactive=interactive,
    )
    protocol = _Protocol(
        tests,
        spec,
        validator,
        baseline,
        solutions,
        limits,
        adversarial,
        min_kill_rate,
        oracle,
        feasibility,
        None if example is None else example.as_judge_test(),
    )
    protocol.seed_answers, protocol.independent = seed_answers, independent  # for the probes only
    if sandbox is None:
        async with open_sandbox(backend, settings) as sb:
            return await protocol.run(sb, settings.workers)
    return await protocol.run(sandbox, settings.workers)


class _Protocol:
    def __init__(
        self,
        tests: Sequence[GeneratedTest],
        spec: VerifierSpec,
        validator: Program,
        baseline: Program,
        solutions: Mapping[str, Program],
        limits: Limits,
        adversarial: Sequence[str],
        min_kill_rate: float,
        oracle: Oracle,
        second: Program | None,
        example: JudgeTest | None = None,
    ):
        self.tests = [t.as_judge_test() for t in tests]
        self.example = example
        self.spec, self.validator, self.baseline = spec, validator, baseline
        self.solutions, self.limits = solutions, limits
        self.adversarial = set(adversarial) or {t.distribution for t in tests}
        self.min_kill_rate = min_kill_rate
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
        self.base_out: dict[str, bytes] = {}  # the baseline's output per test it passed
        self.base_results: dict[str, TestResult] = {}  # the verifier's verdict on the baseline's outputs
        self.runnable: list[str] = []  # sampled solutions that compiled
        self.crashing: set[str] = set()  # tests most sampled solutions crash on
        self.oracle = oracle
        self.second = second  # the author's feasibility checker
        self.mutated: list[
            tuple[str, str, bytes, TestResult]
        ] = []  # (test, label, output, verdict) of mutants
        self.judges: list[FeasibilityJudge] = []  # the feasibility checks compiled beside the verifier
        self.seed_answers: Mapping[str, Program] | str = ""
        self.independent: IndependentChecker | None = None

    def _score(self, results: Iterable[TestResult]) -> None:
        """Normalise raw results against the baseline's and (range normalisation) the best known objectives."""
        self.judge.score(results, self.report.baseline_objectives, self.report.best_objectives)

    def _unclamped(self, results: Sequence[TestResult]) -> None:
        """``_score`` without range normalisation's clamp at 1: an output past the best known scores above 1,
        by how far past it goes (the probes look for outputs far above every sampled one)."""
        self._score(results)
        if self.spec.normalisation is not Normalisation.RANGE or self.spec.sense is None:
            return
        base, best = self.report.baseline_objectives, self.report.best_objectives
        for r in results:
            if r.verdict is Verdict.OK and r.name in base and r.name in best:
                r.score = range_unbounded(r.objective, base[r.name], best[r.name], self.spec.sense)

    async def run(self, sb: Sandbox, workers: int) -> CrossValidation:
        handles = await self._compile(ProgramCache(sb))
        if handles is None:
            return self.report
        checker, base, validator = handles
        self.judge = Judge(sb, self.spec, checker, self.limits, workers)
        await self._inputs_are_valid(validator)
        if self.spec.interactive:
            return await self._run_interactive(base, ProgramCache(sb))
        await self._baseline_checks(base)
        await self._corrupted_outputs_rejected()
        solutions = ProgramCache(sb)
        await self._score_solutions(solutions)
        self._baseline_scores_zero()
        self._scores_not_collapsed()
        self._scale_is_used()
        await self._ordering_is_sane()
        await self._verifier_kills_mutants()
        await _Feasibility(self).run(ProgramCache(sb))
        await self._example_is_judged(base, solutions)
        await self._probe(ProgramCache(sb))
        # Whether a test bites is read from the scores, which mean nothing while the verifier fails its own
        # checks: blaming the tests then would send a sound test author round after round for nothing.
        if not self.report.failures("verifier"):
            self._adversarial_tests_bite()
            self._tests_carry_signal()
        return self.report

    async def _probe(self, cache: ProgramCache) -> None:
        """The verifier probes (probes.py), each recorded as the check it is."""
        answers: dict[str, list[tuple[bytes, float]]] = {}
        for sid in self.runnable:
            for name, c in self.report.cells[sid].items():
                if c.verdict is Verdict.OK and c.output is not None:
                    answers.setdefault(name, []).append((c.output, c.score))
        probes = VerifierProbes(
            self.judge,
            self.tests,
            self.report.baseline_objectives,
            answers,
            self.base_out,
            self.judges,
            self.seed_answers,
            self.independent,
            self._unclamped,
        )
        self.report.probes = await probes.run(cache)
        for result in self.report.probes.results:
            failed = [result.detail] if result.status is ProbeStatus.FAILED else []
            shown = result.detail if result.status is ProbeStatus.PASSED else f"skipped: {result.detail}"
            self.report.record(result.check, "verifier", failed, "", shown)

    async def _run_interactive(self, base: ProgramHandle, cache: ProgramCache) -> CrossValidation:
        """The protocol for an interactor, which judges conversations, not outputs: the baseline is accepted and
        judged the same way twice; conversations no sane interactor accepts (``PROBES``: silence, garbage, an
        echo) are rejected without a crash and score 0; then the score matrix's checks as for any verifier.
        Output mutants and feasibility checkers need an output to edit or judge: they are not run, and the
        report says so."""
        first = await self.judge.run_all(base, self.tests)
        problems = [
            f"the baseline gets {r.verdict} on {r.name}: {r.message[:200]}"
            for r in first
            if r.verdict is not Verdict.OK
        ]
        self.report.baseline_objectives = objectives_of(first)
        self.report.record("baseline is feasible", "verifier", problems, "")
        again = {r.name: r for r in await self.judge.run_all(base, self.tests)}
        drift = [
            f"{r.name}: {(r.verdict, r.objective)} then {(again[r.name].verdict, again[r.name].objective)}"
            for r in first
            if (r.verdict, r.objective) != (again[r.name].verdict, again[r.name].objective)
        ]
        self.report.record("verifier is deterministic", "verifier", drift, "")
        # The probes are scored against the best known, which the sampled solutions set.
        await self._score_solutions(cache)
        accepted, crashed = [], []
        for label, code in PROBES.items():
            compiled = await cache.get(Program(code=code, language=Language.PYTHON), f"probe-{label}")
            if not compiled.ok or compiled.program is None:  # our own program: the sandbox failed
                crashed.append(f"the {label} probe did not compile: {compiled.message[:200]}")
                continue
            for r in await self.judge.run_all(compiled.program, self.tests[:PROBED_TESTS]):
                self._score([r])
                if r.verdict is Verdict.OK:
                    accepted.append(f"{label} on {r.name} (score {r.score:.3f})")
                elif r.verdict is Verdict.SYSTEM_ERROR and _verifier_said(r):
                    crashed.append(f"{label} on {r.name}: {r.message[:200]}")
        why, found = ("it accepts ", accepted) if accepted else ("it crashes on ", crashed)
        self.report.record("interactor rejects broken conversations", "verifier", found, why)
        self._baseline_scores_zero()
        self._scores_not_collapsed()
        means = [statistics.fmean(c.score for c in self.report.cells[sid].values()) for sid in self.runnable]
        best = max(means, default=0.0)
        self.report.record(
            "ordering is sane",
            "verifier",
            [] if best > SCORE_EPS else ["no sampled solution scores above the baseline on average"],
            "",
            f"best sampled mean {best:.3f} > baseline 0",
        )
        self.report.feasibility = FeasibilityReport(
            no_oracle="an interactive verifier judges conversations, not outputs: no output to mutate or to "
            "judge for feasibility apart from it"
        )
        self.report.probes = ProbeReport(
            results=[
                ProbeResult(
                    name=name,
                    check=check,
                    status=ProbeStatus.SKIPPED,
                    detail="an interactive verifier judges conversations, not outputs: no output to edit",
                )
                for name, check in VERIFIER_PROBES
            ]
        )
        if not self.report.failures("verifier"):
            self._adversarial_tests_bite()
            self._tests_carry_signal()
        return self.report

    async def _compile(
        self, cache: ProgramCache
    ) -> tuple[ProgramHandle, ProgramHandle, ProgramHandle] | None:
        chk = await cache.get(self.spec.program, "verifier", ProgramRole.JUDGE)
        base = await cache.get(self.baseline, "baseline")
        val = await cache.get(self.validator, "validator", ProgramRole.JUDGE)
        for compiled, name, owner in (
            (chk, "verifier", "verifier"),
            (base, "baseline", "verifier"),
            (val, "validator", "tests"),
        ):
            if not compiled.ok:
                self.report.checks.append(Check(f"{name} compiles", owner, False, compiled.message[:400]))  # type: ignore[arg-type]
        if not self.report.ok:
            return None
        if not self.tests:
            self.report.checks.append(Check("tests exist", "tests", False, "there are no tests"))
            return None
        return chk.program, base.program, val.program

    async def _inputs_are_valid(self, validator: ProgramHandle) -> None:
        bad: list[str] = []

        async def one(test: JudgeTest) -> None:
            async with self.judge.limiter:
                res = await self.judge.sandbox.run(
                    validator, args=["validate"], stdin=test.input, limits=VALIDATOR_LIMITS
                )
            if res.verdict is not Verdict.OK:
                bad.append(f"{test.name} ({(res.stderr or res.message).strip()[:200]})")

        async with anyio.create_task_group() as tg:
            for test in self.tests:
                tg.start_soon(one, test)
        self.report.record(
            "inputs are valid", "tests", sorted(bad), "the validator rejects ", f"{len(self.tests)} inputs"
        )

    async def _baseline_checks(self, base: ProgramHandle) -> None:
        """The baseline runs and is accepted everywhere, and the verifier gives its output the same answer twice."""
        results = await self.judge.run_all(base, self.tests, keep_output=True)
        problems: list[str] = []
        for r in results:
            if r.output is not None and r.verdict in (Verdict.OK, Verdict.INVALID):
                self.base_results[r.name] = r
            if r.verdict is Verdict.OK and r.output is not None:
                self.base_out[r.name] = r.output
            elif r.output is None or not _verifier_said(r) and r.verdict is not Verdict.INVALID:
                # the baseline's own failure (a crash, a time-out), not the verifier's verdict on its output
                problems.append(f"the baseline gets {r.verdict} on {r.name}: {r.message[:200]}")
            else:
                problems.append(f"the verifier does not accept the baseline on {r.name}: {r.message[:200]}")
        self.report.baseline_objectives = objectives_of(results)
        self.report.record("baseline is feasible", "verifier", problems, "")
        first = {r.name: r for r in results}
        again = await self._verify_each(self.base_out, again=True)
        drift = [
            f"{name}: {(first[name].verdict, first[name].objective)} then {(r.verdict, r.objective)}"
            for name, r in again.items()
            if (r.verdict, r.objective) != (first[name].verdict, first[name].objective)
        ]
        self.report.record("verifier is deterministic", "verifier", drift, "")

    async def _verify_all(
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

    async def _verify_each(
        self, outputs: Mapping[str, bytes], *, again: bool = False
    ) -> dict[str, TestResult]:
        """The verifier's raw verdict on one output per test, keyed by test name (``again``: see _verify_all)."""
        return dict(zip(outputs, await self._verify_all(list(outputs.items()), again=again), strict=True))

    async def _corrupted_outputs_rejected(self) -> None:
        # Outputs infeasible by construction; an empty output may be legal (an empty set) and is checked by
        # its score instead (_ordering_is_sane).
        probes = [(t.name, "garbage", GARBAGE) for t in self.tests[:PROBED_TESTS]]
        probes += [
            (t.name, "out-of-range numbers", out_of_range(self.base_out[t.name]))
            for t in self.tests[:PROBED_TESTS]
            if t.name in self.base_out
        ]
        verdicts = await self._verify_all([(name, output) for name, _, output in probes])
        accepted, crashed = [], []
        for (name, label, _), r in zip(probes, verdicts, strict=True):
            if r.verdict is Verdict.OK:
                accepted.append(f"{label} on {name}")
            elif r.verdict is Verdict.SYSTEM_ERROR:
                crashed.append((f"{label} on {name}", r.message))
        why, problems = ("it accepts ", accepted) if accepted else ("it crashes on ", same_errors(crashed))
        self.report.record("verifier rejects corrupted outputs", "verifier", problems, why)

    async def _score_solutions(self, cache: ProgramCache) -> None:
        compiled = {sid: await cache.get(p, f"sol-{i}") for i, (sid, p) in enumerate(self.solutions.items())}
        self.runnable = [sid for sid, c in compiled.items() if c.ok]
        found: dict[str, list[TestResult]] = {}

        async def one(sid: str) -> None:
            results = await self.judge.run_all(compiled[sid].program, self.tests, keep_output=True)
            crashes.extend(
                (f"on {sid}'s output for {r.name}", r.message)
                for r in results
                if r.verdict is Verdict.SYSTEM_ERROR and _verifier_said(r)
            )
            found[sid] = results

        crashes: list[tuple[str, str]] = []
        async with anyio.create_task_group() as tg:
            for sid in self.runnable:
                tg.start_soon(one, sid)
        self._best_known(found)
        for results in found.values():
            self._score(results)
        for sid, comp in compiled.items():
            results = found.get(sid) or [
                TestResult(name=t.name, verdict=Verdict.CE, message=comp.message[:300]) for t in self.tests
            ]
            self.report.cells[sid] = {r.name: r for r in results}
        self.report.record("verifier never crashes", "verifier", same_errors(crashes), "")
        self._solutions_run()

    def _matrix(self, field: str) -> dict[str, dict[str, float]]:
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

    def _scale_is_used(self) -> None:
        """The scores show what the objectives show: a baseline far below every sampled solution (or a
        ceiling near the baseline) must not squeeze solutions whose objectives differ into one band."""
        problems = squeeze_failures(self._matrix("objective"), self._matrix("score"))
        self.report.record("scores use the scale", "verifier", problems, "")

    def _all_alike(self) -> bool:
        """Every sampled solution scores the same on every test (two or more of them): no test can tell their
        ideas apart, which says more of the problem (one exact idea: pseudo-open) than of its tests, so the
        tests' checks leave it to the divergence filter ("the solutions score alike")."""
        scores = self._matrix("score")
        return len(scores) >= 2 and len(silent_tests(scores)) == len(self.tests)

    def _tests_carry_signal(self) -> None:
        scores = self._matrix("score")
        self.report.silent_tests = silent_tests(scores)
        if self._all_alike():
            self.report.record("tests carry signal", "tests", [], "", ALL_ALIKE)
            return
        # a test most solutions crash on is silent for that reason, which "solutions run" already says
        running = {
            sid: {t: v for t, v in per.items() if t not in self.crashing} for sid, per in scores.items()
        }
        self.report.record(
            "tests carry signal",
            "tests",
            signal_failures(running),
            "",
            f"{len(self.tests) - len(self.report.silent_tests)} of {len(self.tests)} tests separate solutions",
        )

    async def _example_is_judged(self, base: ProgramHandle, cache: ProgramCache) -> None:
        """The statement's example: the baseline and every sampled solution run on it; the verifier must accept
        the baseline's output and some sampled one, and the best of those goes into the statement."""
        example = self.example
        if example is None:
            return
        results = {"baseline": await self.judge.run(base, example, keep_output=True)}
        for i, sid in enumerate(self.runnable):
            compiled = await cache.get(self.solutions[sid], f"sol-{i}")
            if compiled.ok and compiled.program is not None:
                results[sid] = await self.judge.run(compiled.program, example, keep_output=True)
        accepted = {
            sid: r
            for sid, r in results.items()
            if sid != "baseline"
            and r.verdict is Verdict.OK
            and r.objective is not None
            and r.output is not None
        }
        problems = []
        base_run = results["baseline"]
        if base_run.verdict is not Verdict.OK:
            problems.append(f"the baseline gets {base_run.verdict} on it: {base_run.message[:200]}")
        if not accepted:
            problems.append("no sampled solution's output on it is accepted")
        self.report.record("the example is judged", "verifier", problems, "on the statement's example, ")
        if problems:
            return
        sigma = 1.0 if self.spec.sense is Sense.MAX else -1.0
        sid, best = max(accepted.items(), key=lambda kv: sigma * kv[1].objective)  # type: ignore[operator]
        self.report.example = StatementExample(
            input=example.input.decode("utf-8", "replace"),
            output=(best.output or b"").decode("utf-8", "replace"),
            objective=best.objective,
            baseline_objective=base_run.objective,
            solution=sid,
        )

    def _best_known(self, found: Mapping[str, Sequence[TestResult]]) -> None:
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

    def _solutions_run(self) -> None:
        crashing = []
        for test in self.tests:
            crashes = sum(
                self.report.cells[s][test.name].verdict in (Verdict.RE, Verdict.MLE) for s in self.runnable
            )
            if len(self.runnable) >= 2 and crashes * 2 > len(self.runnable):
                crashing.append(f"{test.name} ({crashes}/{len(self.runnable)} crash)")
                self.crashing.add(test.name)
        problems = [", ".join(crashing) + "; the inputs may break the statement"] if crashing else []
        self.report.record(
            "solutions run on valid inputs", "tests", problems, "most sampled solutions crash on "
        )

    def _baseline_scores_zero(self) -> None:
        own = [
            TestResult(name=n, verdict=Verdict.OK, objective=o)
            for n, o in self.report.baseline_objectives.items()
        ]
        self._score(own)
        worst = max((r.score for r in own), default=0.0)
        problems = [f"the baseline scores {worst:.3f} against itself"] if worst > SCORE_EPS else []
        self.report.record("baseline scores 0", "verifier", problems, "")

    def _scores(self) -> list[float]:
        return [c.score for sid in self.runnable for c in self.report.cells[sid].values()]

    def _scores_not_collapsed(self) -> None:
        scores = self._scores()
        if not scores:
            return
        low, high = min(scores), max(scores)
        # Under range normalisation every solution at 1 on every test is every one reaching the best known:
        # the tests cannot tell them apart ("tests carry signal"), not the verifier.
        at_the_top = self.spec.normalisation is Normalisation.RANGE and low >= 1.0 - SCORE_EPS
        problems = (
            [
                f"every sampled solution scores {low:.3f} on every test; the verifier or baseline cannot tell solutions apart"
            ]
            if high - low < COLLAPSE_BAND and not at_the_top
            else []
        )
        self.report.record(
            "scores are not collapsed", "verifier", problems, "", f"scores span [{low:.3f}, {high:.3f}]"
        )

    async def _ordering_is_sane(self) -> None:
        """The common-sense order of solutions: the best sampled one above the baseline, nothing at all at 0."""
        problems = []
        means = {
            sid: statistics.fmean(c.score for c in self.report.cells[sid].values()) for sid in self.runnable
        }
        if means and max(means.values()) <= SCORE_EPS:
            problems.append(
                "no sampled solution scores above the baseline on average (is the sense or the baseline wrong?)"
            )
        empty = await self._verify_each({t.name: b"" for t in self.tests})
        self._score(empty.values())
        problems += [
            f"an empty output scores {r.score:.3f} on {name}"
            for name, r in sorted(empty.items())
            if r.score > SCORE_EPS
        ]
        best = max(means.values(), default=0.0)
        self.report.record(
            "ordering is sane", "verifier", problems, "", f"best sampled mean {best:.3f} > baseline 0"
        )

    def _best_outputs(self) -> dict[str, tuple[bytes, float]]:
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

    async def _verifier_kills_mutants(self) -> None:
        cases = [
            (name, label, m, score)
            for name, (output, score) in sorted(self._best_outputs().items())
            if name in self.report.baseline_objectives  # a mutant must be scorable to be compared
            for label, m in mutants(output, random.Random(name)).items()
        ]
        if not cases:
            return
        scored = await self._verify_all([(name, m) for name, _, m, _ in cases])
        crashed = [
            f"it crashes on {label} on {name}: {r.message[:150]}"
            for (name, label, _, _), r in zip(cases, scored, strict=True)
            if r.verdict is Verdict.SYSTEM_ERROR
        ]
        self._score(scored)
        self.mutated = [
            (name, f"the best output, {label}", m, r)
            for (name, label, m, _), r in zip(cases, scored, strict=True)
        ]
        self._judge_mutants(cases, scored, crashed)

    def _judge_mutants(
        self, cases: list[tuple[str, str, bytes, float]], verdicts: list[TestResult], crashed: list[str]
    ) -> None:
        """Killed: rejected, or scored below the original. A corruption may also make a feasible, better
        answer (a perturbed number, a dropped line in a minimisation), so scoring above the original fails
        the check only for a duplicated output, which no sound verifier scores above the answer repeated."""
        above, survivors, killed = [], [], 0
        for (name, label, _, original), r in zip(cases, verdicts, strict=True):
            if r.verdict is not Verdict.OK or r.score < original - SCORE_EPS:
                killed += r.verdict is not Verdict.SYSTEM_ERROR
                continue
            if r.score > original + SCORE_EPS and label in STRICT_MUTANTS:
                above.append(f"{label} output on {name} scores {r.score:.3f} > the original's {original:.3f}")
            survivors.append(
                f"{label} on {name}" + (" (scored higher)" if r.score > original + SCORE_EPS else "")
            )
        rate = killed / len(cases)
        self.report.kill_rate, self.report.surviving_mutants = rate, survivors
        low = (
            [
                f"kill rate {rate:.2f} < {self.min_kill_rate:.2f}; accepted as good as the original: "
                + ", ".join(survivors[:SHOWN])
            ]
            if rate < self.min_kill_rate
            else []
        )
        self.report.record(
            "verifier kills mutants",
            "verifier",
            crashed or above or low,
            "",
            f"kill rate {rate:.2f} over {len(cases)} mutants",
        )

    def _adversarial_tests_bite(self) -> None:
        if self._all_alike():
            self.report.record("adversarial tests bite", "tests", [], "", ALL_ALIKE)
            return
        dists = {t.name: t.distribution for t in self.tests}
        if len(set(dists.values())) < 2 or not self.runnable:
            why = "all tests come from one distribution" if self.runnable else "no sampled solution runs"
            self.report.record(
                "adversarial tests bite",
                "tests",
                [f"{why}; add a distribution aimed at the sampled strategies' weaknesses"],
                "",
            )
            return
        for dist in sorted(self.adversarial):
            for sid in self.runnable:
                cells = self.report.cells[sid]
                inside = [c.score for n, c in cells.items() if dists[n] == dist]
                others = [c.score for n, c in cells.items() if dists[n] != dist]
                if inside and others and min(inside) < statistics.median(others) - SCORE_EPS:
                    self.report.record(
                        "adversarial tests bite",
                        "tests",
                        [],
                        "",
                        f"{dist} lowers {sid} below its median elsewhere",
                    )
                    return
        names = ", ".join(sorted(self.adversarial))
        self.report.record(
            "adversarial tests bite",
            "tests",
            [f"no test of {names} lowers any sampled solution below its median on the other distributions"],
            "",
        )


class _Feasibility:
    """The protocol's feasibility checks, run after the mutation test: the verifier's feasibility verdicts on
    every output the protocol saw and on well-formed mutants, set beside the seed's checker's (the oracle)
    and those of the feasibility checker the verifier's author wrote (the second opinion)."""

    def __init__(self, protocol: _Protocol):
        self.p = protocol
        self.report = protocol.report.feasibility
        self.inputs = {t.name: t for t in protocol.tests}
        # (test, output) -> which output it is and the verifier's verdict on it (OK or INVALID only)
        self.outputs: dict[tuple[str, bytes], tuple[str, TestResult]] = {}
        self.well_formed: set[tuple[str, bytes]] = set()
        # what the baseline and the sampled solutions printed, by test: the values their elements take
        self.answers: dict[str, list[bytes]] = {}
        self.crashed: list[tuple[str, str]] = []  # well-formed mutants the verifier gave no verdict on

    async def run(self, cache: ProgramCache) -> None:
        oracle = await self._compile_oracle(cache)
        second = await self._compile_second(cache)
        self._collect()
        await self._mutate()
        pairs = list(self.outputs)
        self.report.outputs = len(pairs)
        by_oracle: dict[tuple[str, bytes], tuple[bool | None, str]] = {}
        if oracle is not None:
            inside = await self._inside(oracle[1])
            self.report.tests_judged = len(inside)
            self.report.tests_outside = len(self.inputs) - len(inside)
            judged = [k for k in pairs if k[0] in inside]
            by_oracle = dict(zip(judged, await self._feasible_all(oracle[0], judged), strict=True))
            if not inside:
                self.report.no_oracle = f"every input lies outside the seed's C_I ({self.report.oracle})"
            elif not judged:
                self.report.no_oracle = "there was no output for the seed's checker to judge"
            if isinstance(self.p.oracle, SeedOracle):
                self.p.judges.append(
                    FeasibilityJudge(
                        "the seed's checker",
                        self.p.oracle.author,
                        oracle[0],
                        independent=True,
                        relation=self.report.relation,
                        tests=frozenset(inside),
                    )
                )
        by_second: dict[tuple[str, bytes], tuple[bool | None, str]] = {}
        if isinstance(second, ProgramHandle):
            by_second = dict(zip(pairs, await self._feasible_all(second, pairs), strict=True))
            # Written beside the verifier by its author: it may refute the verifier, never confirm it.
            self.p.judges.append(
                FeasibilityJudge(
                    "your feasibility checker", "the verifier's author", second, independent=False
                )
            )
        self._well_formed_check(by_oracle, by_second, isinstance(second, ProgramHandle))
        self._seed_check(by_oracle)
        self._second_check(second, by_second, bool(by_oracle))

    async def _compile_oracle(self, cache: ProgramCache) -> tuple[ProgramHandle, ProgramHandle | None] | None:
        oracle = self.p.oracle
        if isinstance(oracle, NoOracle):
            self.report.no_oracle = oracle.reason
            return None
        checker = await cache.get(oracle.checker, "seed-checker")
        domain = await cache.get(oracle.domain, "seed-domain") if oracle.domain else None
        broken = [c.message[:200] for c in (checker, domain) if c is not None and not c.ok]
        if broken:  # the oracle is the system's, not the author's: without it the run says it had none
            self.report.no_oracle = f"the seed's checker ({oracle.source}) does not compile: {broken[0]}"
            return None
        self.report.oracle, self.report.relation = oracle.source, oracle.relation
        return checker.program, domain.program if domain is not None else None

    async def _compile_second(self, cache: ProgramCache) -> ProgramHandle | str | None:
        """The author's feasibility checker compiled, or why it does not compile, or None: none written."""
        if self.p.second is None:
            return None
        self.report.second_opinion = True
        compiled = await cache.get(self.p.second, "feasibility")
        return compiled.program if compiled.ok else compiled.message[:400]

    def _add(self, name: str, label: str, output: bytes | None, result: TestResult) -> None:
        # Only outputs the verifier gave a verdict on: a crash is the crash checks' business.
        if output is not None and result.verdict in (Verdict.OK, Verdict.INVALID):
            self.outputs.setdefault((name, output), (label, result))

    def _collect(self) -> None:
        for name, r in self.p.base_results.items():
            self._add(name, "the baseline's output", r.output, r)
        for sid in self.p.runnable:
            for name, c in self.p.report.cells[sid].items():
                self._add(name, f"{sid}'s output", c.output, c)
        for name, output in self.outputs:
            self.answers.setdefault(name, []).append(output)
        for name, label, output, r in self.p.mutated:
            self._add(name, label, output, r)

    async def _mutate(self) -> None:
        """Verify the well-formed mutants of the best output and of the baseline's on every test."""
        best = self.p._best_outputs()
        cases: list[tuple[str, str, bytes]] = []
        for test in self.p.tests:
            sources = [("the best output", best[test.name][0])] if test.name in best else []
            if test.name in self.p.base_out:
                sources.append(("the baseline's output", self.p.base_out[test.name]))
            made: set[bytes] = set()
            for which, output in sources:
                rng = random.Random(f"{test.name}:{which}")
                found = well_formed_mutants(output, rng, self.answers.get(test.name, ()))
                for label, m in list(found.items())[:WELL_FORMED_PER_OUTPUT]:
                    if m not in made:
                        made.add(m)
                        cases.append((test.name, f"{which}, {label}", m))
        verdicts = await self.p._verify_all([(name, m) for name, _, m in cases])
        self.report.well_formed = len(cases)
        for (name, label, m), r in zip(cases, verdicts, strict=True):
            if r.verdict is Verdict.SYSTEM_ERROR:
                self.crashed.append((f"{label} on {name}", r.message))
            self.report.well_formed_accepted += r.verdict is Verdict.OK
            self._add(name, label, m, r)
            if r.verdict in (Verdict.OK, Verdict.INVALID):
                self.well_formed.add((name, m))

    async def _inside(self, domain: ProgramHandle | None) -> set[str]:
        """The tests whose input lies in the seed's C_I (every test when the oracle names no domain)."""
        if domain is None:
            return set(self.inputs)
        inside: set[str] = set()

        async def one(test: JudgeTest) -> None:
            async with self.p.judge.limiter:
                res = await self.p.judge.sandbox.run(
                    domain, args=["validate"], stdin=test.input, limits=VALIDATOR_LIMITS
                )
            if res.verdict is Verdict.OK:
                inside.add(test.name)

        async with anyio.create_task_group() as tg:
            for test in self.p.tests:
                tg.start_soon(one, test)
        return inside

    async def _feasible_all(
        self, checker: ProgramHandle, pairs: Sequence[tuple[str, bytes]]
    ) -> list[tuple[bool | None, str]]:
        """A feasibility checker's verdict on each (test, output): feasible or not and its message, or None
        and why when it gave none."""
        found: list[tuple[bool | None, str]] = [(None, "")] * len(pairs)

        async def one(i: int, name: str, output: bytes) -> None:
            found[i] = await self.p.judge.feasible(checker, self.inputs[name], output)

        async with anyio.create_task_group() as tg:
            for i, (name, output) in enumerate(pairs):
                tg.start_soon(one, i, name, output)
        return found

    def _disagree(self, judge: str, key: tuple[str, bytes], other: tuple[bool | None, str]) -> Disagreement:
        label, r = self.outputs[key]
        name, output = key
        return Disagreement(
            judge=judge,
            test=name,
            output=label,
            input_excerpt=excerpt(self.inputs[name].input),
            output_excerpt=excerpt(output),
            verifier=said(r.verdict is Verdict.OK, r.message),
            other=said(other[0], other[1]),
        )

    def _keep(self, found: list[Disagreement]) -> list[str]:
        room = DISAGREEMENTS_KEPT - len(self.report.disagreements)
        self.report.disagreements.extend(found[: max(0, room)])
        return [
            f"{d.test}, {d.output} {d.output_excerpt!r}: the verifier says {d.verifier}, the {d.judge} "
            f"says {d.other}"
            for d in found
        ]

    def _seed_check(self, by_oracle: Mapping[tuple[str, bytes], tuple[bool | None, str]]) -> None:
        if not by_oracle:
            self.p.report.record(SEED_CHECK, "verifier", [], "", f"no oracle: {self.report.no_oracle}")
            return
        implies = self.report.relation is OracleRelation.IMPLIES
        found = [
            self._disagree("seed's checker", key, said)
            for key, said in by_oracle.items()
            if said[0] is not None
            and (
                said[0] is False and self.outputs[key][1].verdict is Verdict.OK
                if implies
                else said[0] != (self.outputs[key][1].verdict is Verdict.OK)
            )
        ]
        unjudged = sum(said[0] is None for said in by_oracle.values())
        judged = len(by_oracle) - unjudged
        source = self.report.oracle
        if implies:
            why = f"{source} must accept every output the verifier accepts, and rejects {len(found)}: "
            done = f"{source} accepts every output the verifier accepts ({judged} outputs"
        else:
            why = f"{source} must give the verifier's verdict, and on {len(found)} outputs it does not: "
            done = f"{source} gives the verifier's verdict on {judged} outputs"
        done += f" over {self.report.tests_judged} tests" + (")" if implies else "")
        if self.report.tests_outside:
            done += f"; {self.report.tests_outside} inputs lie outside the seed's C_I"
        if unjudged:
            done += f"; it gave no verdict on {unjudged} outputs"
        self.p.report.record(SEED_CHECK, "verifier", self._keep(found), why, done)

    def _second_check(
        self,
        second: ProgramHandle | str | None,
        by_second: Mapping[tuple[str, bytes], tuple[bool | None, str]],
        oracle_judged: bool,
    ) -> None:
        if second is None:
            done = "none was written" + ("; the seed's checker judged feasibility" if oracle_judged else "")
            self.p.report.record(SECOND_CHECK, "verifier", [], "", done)
            return
        if isinstance(second, str):
            self.p.report.record(
                SECOND_CHECK, "verifier", [second], "the feasibility checker does not compile: "
            )
            return
        silent = [
            f"{self.outputs[key][0]} on {key[0]}: {said[1]}"
            for key, said in by_second.items()
            if said[0] is None
        ]
        if silent:
            why = "the feasibility checker gives no verdict on "
            self.p.report.record(SECOND_CHECK, "verifier", silent, why)
            return
        found = [
            self._disagree("feasibility checker", key, said)
            for key, said in by_second.items()
            if said[0] != (self.outputs[key][1].verdict is Verdict.OK)
        ]
        why = f"the verifier and the feasibility checker disagree on {len(found)} outputs: "
        done = (
            f"agrees on {len(by_second)} outputs; the verifier's author wrote it, so it confirms none of them"
        )
        self.p.report.record(SECOND_CHECK, "verifier", self._keep(found), why, done)

    def _well_formed_check(
        self,
        by_oracle: Mapping[tuple[str, bytes], tuple[bool | None, str]],
        by_second: Mapping[tuple[str, bytes], tuple[bool | None, str]],
        second_runs: bool,
    ) -> None:
        name, rep = "verifier judges well-formed mutants", self.report
        # Labelled by the judge that says most: an oracle that must agree, else the second opinion.
        if by_oracle and (rep.relation is OracleRelation.EQUAL or not by_second):
            labeller, judge = by_oracle, "the seed's checker"
        else:
            labeller, judge = by_second, "the feasibility checker"
        labels = [said[0] for key in self.well_formed if (said := labeller.get(key)) and said[0] is not None]
        rep.well_formed_feasible = sum(labels) if labels else None
        if self.crashed:
            self.p.report.record(name, "verifier", same_errors(self.crashed), "it crashes on ")
            return
        rate = f"the verifier accepts {rep.well_formed_accepted} of {rep.well_formed} well-formed mutants"
        # An output mutation's oracle bounds what may be feasible from above only: the narrowing it leaves
        # unjudged needs the second opinion as much as a candidate without an oracle does.
        if rep.well_formed and not second_runs and (not by_oracle or rep.relation is OracleRelation.IMPLIES):
            unjudged = (
                f"the seed's checker ({rep.oracle}) only says what the narrowed C_O must stay within"
                if by_oracle
                else f"no oracle ({rep.no_oracle})"
            )
            why = (
                f"{rate} and nothing says which of them are feasible: {unjudged}, and no feasibility "
                "checker; write a feasibility-only checker beside the verifier"
            )
            self.p.report.record(name, "verifier", [why], "")
            return
        done = rate + (
            f"; {judge} calls {rep.well_formed_feasible} of the {len(labels)} it judged feasible"
            if labels
            else ""
        )
        self.p.report.record(name, "verifier", [], "", done)


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


def _verifier_said(result: TestResult) -> bool:
    """Whether the verdict is the verifier's: the program ran to a clean exit, so its output was verified."""
    return result.exit_code == 0 and result.verdict in (Verdict.INVALID, Verdict.SYSTEM_ERROR)


# -- the cross-validation loop ----------------------------------------------------------------------------
# One loop for every pair of authors (a provider, MCP sampling, the agents): tests and verifier check each
# other, each failed check goes back to the author that owns it, for a bounded number of rounds. The loop
# decides from what the authors' tool calls returned (generate_tests, run_verifier), never from the store.
