"""Cross-validation records: what one run of the protocol found (each check and the author who owns it, who
judged feasibility beside the verifier, the probes, the thresholds applied) and the report the store keeps.
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from pydantic import BaseModel, Field

from .ids import Record
from .judging import Normalisation


class CheckOwner(StrEnum):
    """Whose fault a failed protocol check is, so the failure goes back to that author."""

    TESTS = "tests"
    VERIFIER = "verifier"


class ProtocolCheck(BaseModel):
    """One check of the protocol: its name, the author who owns it, whether it passed and why not."""

    name: str
    owner: CheckOwner
    passed: bool
    detail: str = ""


class OracleRelation(StrEnum):
    """How the verifier's feasibility verdicts must relate to the seed's checker's (by the mutation's axis)."""

    EQUAL = "equal"  # an objective mutation keeps C_I and C_O; an input one, on inputs in the seed's C_I
    IMPLIES = "implies"  # an output mutation only narrows C_O: what the verifier accepts, the seed's must
    NONE = "none"  # no oracle: the seed cannot judge this candidate's outputs


class Disagreement(BaseModel):
    """One output a feasibility judge and the verifier disagree on: what goes back to the verifier's author."""

    judge: str  # "seed's checker" or "feasibility checker"
    test: str
    output: str  # which output: a sampled solution's, the baseline's, a mutant of one
    input_excerpt: str = ""
    output_excerpt: str = ""
    verifier: str  # the verifier's verdict and message
    other: str  # the judge's


class FeasibilityReport(BaseModel):
    """Who judged feasibility beside the verifier in one protocol run, and what they found: the seed's
    checker (the oracle, when the seed can judge) and the author's feasibility-only checker (the second
    opinion), over the sampled outputs, the baseline's, the corrupted and the well-formed mutants."""

    oracle: str = ""  # the oracle used; empty: none
    relation: OracleRelation = OracleRelation.NONE
    no_oracle: str = ""  # why there is no oracle (or why it judged no test)
    tests_judged: int = 0  # tests whose input the oracle judged (inside the seed's C_I)
    tests_outside: int = 0  # tests whose input lies outside the seed's C_I
    outputs: int = 0  # distinct (test, output) pairs the verifier judged and the judges were asked about
    second_opinion: bool = False  # whether the verifier's author wrote a feasibility checker
    well_formed: int = 0  # well-formed mutants (one value changed, two swapped, one dropped, ...)
    well_formed_accepted: int = 0  # of those, how many the verifier calls feasible
    well_formed_feasible: int | None = None  # how many the oracle (else the second opinion) calls feasible
    disagreements: list[Disagreement] = Field(default_factory=list)  # the first few


class Reference(BaseModel):
    """A test's reference points, fixed when its task is published (as FrontierCS keeps a reference answer
    per test): the baseline's objective (a score of 0) and the best objective known (a score of 1 under
    range normalisation) with the solution that reached it."""

    baseline: float
    best: float
    best_by: str = ""


class StatementExample(BaseModel):
    """The statement's example, judged: a small input from the task's own generator, the best sampled
    output on it as the verifier scored it, and the baseline's objective there."""

    input: str
    output: str
    objective: float | None = None
    baseline_objective: float | None = None
    solution: str = ""  # the sampled solution that wrote the output


class ProtocolThresholds(BaseModel):
    """The thresholds one protocol run applied, stored with its report so a verdict can be read back."""

    min_kill_rate: float
    collapse_band: float  # every score within this band: collapsed
    strict_mutants: list[str] = Field(default_factory=list)  # corruptions never allowed above the original
    probed_tests: int = 0  # tests the garbage and out-of-range probes run on
    well_formed_per_output: int = 0  # at most this many well-formed mutants of each mutated output
    disagreements_allowed: int = 0  # outputs a feasibility judge may disagree with the verifier on


class ProbeStatus(StrEnum):
    """What a probe of the verifier came to."""

    PASSED = "passed"  # it ran and found nothing wrong
    FAILED = "failed"  # it found an output the verifier judges wrongly (``ProbeResult.output_excerpt``)
    SKIPPED = "skipped"  # it had nothing to run on (``ProbeResult.detail`` says why)


class ProbeResult(BaseModel):
    """One probe of the verifier where a mutation bites (docs/reference/crossval.md), in a short, stable form
    a task card shows: which probe, whether it ran and what it found, and the offending output when it failed."""

    name: str  # "structural mutants" | "seed's own answer" | "reward hacking"
    check: str  # the protocol check that carries it (owned by the verifier's author)
    status: ProbeStatus
    detail: str = ""  # why it was skipped, what failed and what to do, or what it covered
    test: str = ""  # the test of the offending output
    output: str = ""  # which output that is (a mutant of the best output, the seed's reference's answer, ...)
    output_excerpt: str = ""
    score: float | None = None  # the verifier's normalised score on it
    best_sampled: float | None = None  # the best sampled solution's score on that test
    outputs: int = 0  # outputs the probe had the verifier judge
    cpu_seconds: float = 0.0  # sandbox CPU the probe spent


class CheckAuthor(BaseModel):
    """A check that judged feasibility beside the verifier, and who wrote it. Only a check the verifier's
    author did not write is independent: the feasibility checker written beside the verifier can refute it,
    never confirm it."""

    check: (
        str  # "the verifier", "your feasibility checker", "the seed's checker", "the catalog's feasibility"
    )
    author: str
    independent: bool
    confirms: bool = False  # its "feasible" is a verdict on the candidate's own C_O (not only a bound on it)


class ProbeReport(BaseModel):
    """The verifier probes of one protocol run, who wrote each feasibility check they asked, and the bounds
    they ran under."""

    results: list[ProbeResult] = Field(default_factory=list)
    authors: list[CheckAuthor] = Field(default_factory=list)
    far_above: float = 0.0  # a score this far above every sampled one needs an independent check's "feasible"
    structural_per_output: int = 0  # structural mutants of the best output per test
    seed_answers: int = 0  # the seed's reference programs run at most
    hack_tests: int = 0  # tests the reward-hacking search runs on
    hack_runs: int = 0  # verifier runs it may spend per test
    hack_cpu_seconds: float = 0.0  # sandbox CPU it may spend in all

    def result(self, name: str) -> ProbeResult | None:
        """The result of the probe named ``name``, or None when it did not run."""
        return next((r for r in self.results if r.name == name), None)


class ProtocolFindings(BaseModel):
    """What one run of the protocol found, as the store keeps it: every check with its owner, pass or fail, and
    the evidence beside them. ``CrossValidationReport`` is these and what was checked; the protocol's own
    result (tools/synthesis/crossval/run.py) is these and the score matrix behind them."""

    checks: list[ProtocolCheck] = Field(default_factory=list)
    ok: bool = False
    kill_rate: float | None = (
        None  # of the verifier mutation test: corrupted outputs rejected or scored lower
    )
    thresholds: ProtocolThresholds | None = None  # None on reports stored before thresholds were
    feasibility: FeasibilityReport | None = None  # the oracle and the second opinion; None: stored before
    normalisation: Normalisation | None = None  # how the scores were normalised; None: stored before (paper)
    references: dict[str, Reference] | None = None  # test name -> its reference points; None: stored before
    example: StatementExample | None = None  # the statement's example, judged; None: the tests have none
    silent_tests: list[str] | None = None  # tests on which every sampled solution scores the same
    probes: ProbeReport | None = None  # the verifier probes where the mutation bites; None: stored before

    def failures(self, owner: CheckOwner | str | None = None) -> list[str]:
        """Each failed check as ``name: detail``, only ``owner``'s when given (an owner or its value)."""
        return [
            f"{c.name}: {c.detail}" for c in self.checks if not c.passed and owner in (None, c.owner.value)
        ]


class CrossValidationReport(ProtocolFindings, Record):
    """The protocol's verdict on one verifier and baseline over one test suite: its findings, every check, pass
    or fail.

    One per run_verifier call; ``round`` is the cross-validation loop's round (0 outside a loop). The
    candidate names the report publish takes (``report_id``)."""

    # Added later: a report stored before them keeps its hash.
    HASH_SKIPS_UNSET: ClassVar[frozenset[str]] = frozenset(
        {"thresholds", "feasibility", "normalisation", "references", "example", "silent_tests", "probes"}
    )

    candidate_id: str
    verifier_id: str
    suite_id: str
    round: int = 0
