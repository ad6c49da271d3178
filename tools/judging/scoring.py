"""Normalisation of objective values into scores in [0, 1] (docs/design.md, "Scoring"): pure functions, no I/O.

The verifier reports an objective value; these functions turn it into a score against the
baseline's objective on the same test. Every function returns a finite float in [0, 1]
(``ratio_score`` in [0, k]); anything that cannot be compared (NaN, infinities, a missing
baseline) scores 0, so a broken number never becomes a positive score.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Normalisation, Sense, TestResult, Verdict, VerifierKind

from .verdicts import shortened

if TYPE_CHECKING:  # numpy is imported where it is used, so `serve` answers `initialize` without it
    import numpy as np


def _finite(*values: float | None) -> bool:
    return all(v is not None and math.isfinite(v) for v in values)


def _sigma(sense: Sense | str) -> float:
    return 1.0 if Sense(sense) is Sense.MAX else -1.0


def paper_score(objective: float | None, baseline: float | None, sense: Sense | str) -> float:
    """The paper's ``max(0, σ·(O − O*) / max(O, O*))``, σ = +1 for max, −1 for min.

    The formula assumes positive objectives. When ``max(O, O*) <= 0`` the ratio has no meaning
    (its sign would flip), so the score is 0; use ``range`` normalisation for such objectives.
    """
    if not _finite(objective, baseline):
        return 0.0
    assert objective is not None and baseline is not None
    denominator = max(objective, baseline)
    if denominator <= 0:
        return 0.0
    return min(1.0, max(0.0, _sigma(sense) * (objective - baseline) / denominator))


def ratio_score(objective: float | None, baseline: float | None, sense: Sense | str, k: float = 1.0) -> float:
    """FrontierCS: ``clamp(B/O, 0, k)`` when minimising, ``clamp(O/B, 0, k)`` when maximising.

    A zero denominator means the solution is infinitely better (min, O = 0) or the baseline
    scored nothing (max, B = 0): both give ``k`` when the numerator is positive, else 0.
    """
    if not _finite(objective, baseline) or not (k > 0 and math.isfinite(k)):
        return 0.0
    assert objective is not None and baseline is not None
    numerator, denominator = (baseline, objective) if Sense(sense) is Sense.MIN else (objective, baseline)
    if denominator == 0:
        return k if numerator > 0 else 0.0
    return min(k, max(0.0, numerator / denominator))


def range_score(
    value: float | None, base: float | None, best: float | None, sense: Sense | str | None = None
) -> float:
    """``(v − base) / (best − base)`` clamped to [0, 1]: the baseline scores 0 and the best known 1, whatever
    the objective's units or sign; the sense is implied by best vs base.

    ``best == base`` (no known output beats the baseline on this test) leaves no range to score in: with the
    ``sense`` known, an output strictly better than the baseline scores 1 and one no better 0; without it,
    reaching ``best`` scores 1 and anything else 0.
    """
    raw = range_unbounded(value, base, best, sense)
    return min(1.0, raw)


def range_unbounded(
    value: float | None, base: float | None, best: float | None, sense: Sense | str | None = None
) -> float:
    """``range_score`` without its upper clamp: how far past the best known an output goes (1.5: half the
    baseline-to-best gap again beyond the best known). Never negative; 0 for anything not comparable."""
    if not _finite(value, base, best):
        return 0.0
    assert value is not None and base is not None and best is not None
    if best == base:
        if sense is None:
            return 1.0 if value == best else 0.0
        return 1.0 if _sigma(sense) * (value - base) > 0 else 0.0
    return max(0.0, (value - base) / (best - base))


def normalise(
    method: Normalisation | str,
    objective: float | None,
    baseline: float | None,
    sense: Sense | str | None,
    *,
    best: float | None = None,
    k: float = 1.0,
) -> float:
    """Score ``objective`` by ``method`` against the baseline (and ``best`` for range)."""
    method = Normalisation(method)
    if method is Normalisation.CHECKER:
        # A checker's own ratio is already a score; keep it in [0, 1].
        if objective is None or not math.isfinite(objective):
            return 0.0
        return min(1.0, max(0.0, objective))
    if method is Normalisation.RANGE:
        return range_score(objective, baseline, best, sense)
    if sense is None:
        raise InvalidInputError(f"Normalisation {method.value!r} needs the objective's sense (min or max).")
    if method is Normalisation.PAPER:
        return paper_score(objective, baseline, sense)
    return ratio_score(objective, baseline, sense, k)


class VerifierScale(Protocol):
    """What scoring reads of a verifier (tools/judging/package.VerifierSpec): its kind, sense and normalisation."""

    @property
    def kind(self) -> VerifierKind:
        """A testlib checker's ratio is the score as it is; only a native verifier's objective may be normalised."""
        ...

    @property
    def sense(self) -> Sense | None:
        """Whether the objective is minimised or maximised; the paper and ratio normalisations need it."""
        ...

    @property
    def normalisation(self) -> Normalisation:
        """How an objective becomes a score against the baseline (``normalise``)."""
        ...

    @property
    def ratio_cap(self) -> float:
        """k of the ratio normalisation's clamp(B/O, 0, k)."""
        ...


def needs_baseline(verifier: VerifierScale) -> bool:
    """Whether scores are normalised against the baseline's objective on each test."""
    return verifier.kind is VerifierKind.NATIVE and verifier.normalisation is not Normalisation.CHECKER


def score_result(
    result: TestResult, verifier: VerifierScale, baseline: Mapping[str, float], best: Mapping[str, float]
) -> None:
    """Turn a raw result into its normalised score in place (0 for anything but OK). A test with no
    baseline (or, for range normalisation, no best) objective cannot be scored on this problem, whatever the
    solution: it is marked ``missing`` like a test the package lacks (tools/judging/scoring.aggregate_scores)."""
    if result.verdict is not Verdict.OK:
        result.score = 0.0
        return
    if not needs_baseline(verifier):
        result.score = min(1.0, max(0.0, result.objective or 0.0))
        return
    if result.name not in baseline:
        result.verdict, result.score, result.missing = Verdict.SYSTEM_ERROR, 0.0, True
        result.message = shortened(f"no baseline objective for test {result.name}; {result.message}")
        return
    if verifier.normalisation is Normalisation.RANGE and result.name not in best:
        result.verdict, result.score, result.missing = Verdict.SYSTEM_ERROR, 0.0, True
        result.message = shortened(f"no best objective for test {result.name} (range normalisation)")
        return
    result.score = normalise(
        verifier.normalisation,
        result.objective,
        baseline[result.name],
        verifier.sense,
        best=best.get(result.name),
        k=verifier.ratio_cap,
    )


def paper_scores(
    objectives: Sequence[float] | np.ndarray, baselines: Sequence[float] | np.ndarray, sense: Sense | str
) -> np.ndarray:
    """``paper_score`` over arrays (NaN for a missing objective scores 0)."""
    import numpy as np

    o = np.asarray(objectives, dtype=float)
    b = np.asarray(baselines, dtype=float)
    denominator = np.maximum(o, b)
    ok = np.isfinite(o) & np.isfinite(b) & (denominator > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        raw = _sigma(sense) * (o - b) / denominator
    return np.where(ok, np.clip(raw, 0.0, 1.0), 0.0)


class ScoredTest(Protocol):
    """Anything with a per-test verdict and score (the judge's TestResult)."""

    @property
    def verdict(self) -> Verdict:
        """The test's verdict: only OK scores above 0."""
        ...

    @property
    def score(self) -> float:
        """The test's normalised score, in [0, 1]."""
        ...

    @property
    def verifier_failed(self) -> bool:
        """For a SYSTEM_ERROR: the verifier itself failed on this output, so it counts as 0."""
        ...

    @property
    def missing(self) -> bool:
        """For a SYSTEM_ERROR: the package lacks this test, so it is no test of the problem."""
        ...


@dataclass(frozen=True)
class ScoreSummary:
    """How per-test scores became one score: the mean over every test of the problem, or no score at all.

    ``complete`` is False when the host failed on some test even after the judge's retries: such a run has
    no score to give (``score`` then counts those tests as 0, so it is never more than the true score), and
    every door (``submit``, ``judge``, the rewards) reports it as not judged instead.
    """

    score: float
    judged: int  # the tests the mean is over: every test of the problem
    system_errors: int  # tests the host failed on after its retries: while any is left, nothing is judged
    verifier_failures: int = 0  # SYSTEM_ERRORs the verifier gave on the output: judged, as 0
    missing: int = 0  # tests the package lacks (the same for every solution): not tests of the problem
    package_faults: int = 0  # of ``system_errors``: tests the package's checker cannot judge (its fault)

    @property
    def complete(self) -> bool:
        """Whether every test of the problem was judged, so ``score`` is the solution's score."""
        return self.system_errors == 0 and self.judged > 0

    @property
    def could_not_judge(self) -> bool:
        """The opposite of ``complete``: there is no score to give."""
        return not self.complete

    def describe(self) -> str:
        """One line for people: what the score is the mean of, or why there is none."""
        gap = f"; {self.missing} tests missing from the package are not part of it" if self.missing else ""
        if self.judged == 0 and self.system_errors == 0:
            return "could not be judged: the problem has no test to judge on" + gap
        if self.package_faults:
            return (
                f"could not be judged: the problem's checker fails for its reference solutions too on "
                f"{self.package_faults} of {self.judged + self.system_errors} tests (the package is at fault, "
                "not the solution); no score until the package is fixed" + gap
            )
        if self.system_errors:
            return (
                f"could not be judged: the host failed on {self.system_errors} of "
                f"{self.judged + self.system_errors} tests even after retrying; no score (try again)" + gap
            )
        text = f"mean of all {self.judged} tests"
        if self.verifier_failures:
            text += f"; {self.verifier_failures} tests on which the verifier failed count as 0"
        return text + gap


def aggregate_scores(tests: Iterable[ScoredTest]) -> ScoreSummary:
    """The one score of a run over many tests: the mean of the per-test scores over EVERY test.

    A test the solution made unjudgeable (its output broke the verifier, its files or processes broke the
    run) scores 0, like every other failing verdict (CE, RE, TLE, MLE, OLE, INVALID); a SYSTEM_ERROR the
    verifier gave on the output (``verifier_failed``) is one of those and is also counted in ``verifier_failures``.
    A SYSTEM_ERROR the host caused (a sandbox that failed, a verifier stopped by the wall clock on a busy
    machine) is retried by the judge; one still left is counted in ``system_errors`` and makes the summary
    incomplete: such a run has no score, never a mean over the tests that happened to run (which a solution
    that breaks the judge on its worst tests would raise). A test the package lacks (``missing``: the same
    gap for every solution) is not a test of the problem and is only counted in ``missing``. A non-finite
    per-test score counts as 0.
    """
    judged = system_errors = verifier_failures = missing = package_faults = 0
    total = 0.0
    for test in tests:
        if test.verdict == Verdict.SYSTEM_ERROR:
            if test.missing:
                missing += 1
                continue
            if not test.verifier_failed:
                system_errors += 1
                package_faults += bool(getattr(test, "package_fault", False))  # (TestResult's: its fault)
                continue
            verifier_failures += 1
        judged += 1
        total += test.score if math.isfinite(test.score) and test.verdict != Verdict.SYSTEM_ERROR else 0.0
    return ScoreSummary(
        score=total / (judged + system_errors) if judged + system_errors else 0.0,
        judged=judged,
        system_errors=system_errors,
        verifier_failures=verifier_failures,
        missing=missing,
        package_faults=package_faults,
    )
