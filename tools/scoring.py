"""Normalisation of objective values into scores in [0, 1] (DESIGN §6): pure functions, no I/O.

The verifier reports an objective value; these functions turn it into a score against the
baseline's objective on the same test. Every function returns a finite float in [0, 1]
(``ratio_score`` in [0, k]); anything that cannot be compared (NaN, infinities, a missing
baseline) scores 0, so a broken number never becomes a positive score.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Normalisation, Sense, Verdict

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


def range_score(value: float | None, base: float | None, best: float | None) -> float:
    """``(v − base) / (best − base)`` clamped to [0, 1]; the sense is implied by best vs base.

    ``best == base`` leaves no range to score in: reaching it scores 1, anything else 0.
    """
    if not _finite(value, base, best):
        return 0.0
    assert value is not None and base is not None and best is not None
    if best == base:
        return 1.0 if value == best else 0.0
    return min(1.0, max(0.0, (value - base) / (best - base)))


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
        return range_score(objective, baseline, best)
    if sense is None:
        raise InvalidInputError(f"Normalisation {method.value!r} needs the objective's sense (min or max).")
    if method is Normalisation.PAPER:
        return paper_score(objective, baseline, sense)
    return ratio_score(objective, baseline, sense, k)


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
    """Anything with a per-test verdict and score (the judge's TestResult, submit's TestVerdict, a Run)."""

    @property
    def verdict(self) -> Verdict: ...

    @property
    def score(self) -> float: ...

    @property
    def counted(self) -> bool:
        """For a SYSTEM_ERROR: the verifier itself failed on this output, so it counts as 0."""
        ...


@dataclass(frozen=True)
class ScoreSummary:
    """How per-test scores became one score: the mean over the judged tests, and what was left out."""

    score: float
    judged: int  # the tests the mean is over: every test but the SYSTEM_ERRORs left out
    system_errors: int  # tests left out of the mean
    verifier_failures: int = 0  # SYSTEM_ERRORs the verifier gave on the output: judged, as 0

    @property
    def could_not_judge(self) -> bool:
        return self.judged == 0 and self.system_errors > 0

    def describe(self) -> str:
        """One line for people: what the score is the mean of, and how many tests were left out."""
        if self.could_not_judge:
            return f"could not be judged: all {self.system_errors} tests were SYSTEM_ERROR (score 0)"
        text = f"mean of {self.judged} judged tests"
        if self.system_errors:
            text += f"; {self.system_errors} SYSTEM_ERROR tests left out of the mean"
        if self.verifier_failures:
            text += f"; {self.verifier_failures} tests on which the verifier failed count as 0"
        return text


def aggregate_scores(tests: Iterable[ScoredTest]) -> ScoreSummary:
    """The one score of a run over many tests: the mean of the per-test scores over the JUDGED tests.

    A SYSTEM_ERROR test that the host caused (a missing test file, a verifier that timed out twice, a
    sandbox failure, a verifier that does not compile, a missing baseline objective) is not the
    solution's doing, so it is left out of the mean and counted in ``system_errors``: an overloaded
    host or a gap in a package never silently lowers a score. A SYSTEM_ERROR the verifier gave on the
    solution's output (it crashed, called FAIL, printed no verdict: ``counted``) is judged, as 0, and
    counted in ``verifier_failures``: otherwise an output that breaks a fragile verifier would drop its
    worst tests from the mean and raise its own score. Every other verdict counts, with its score (0
    for CE, RE, TLE, MLE, OLE and INVALID). When every test is left out nothing was judged: the score
    is 0 and ``could_not_judge`` is true. A non-finite per-test score counts as 0.
    """
    judged = system_errors = verifier_failures = 0
    total = 0.0
    for test in tests:
        if test.verdict == Verdict.SYSTEM_ERROR:
            if not test.counted:
                system_errors += 1
                continue
            verifier_failures += 1
        judged += 1
        total += test.score if math.isfinite(test.score) and test.verdict != Verdict.SYSTEM_ERROR else 0.0
    return ScoreSummary(
        score=total / judged if judged else 0.0,
        judged=judged,
        system_errors=system_errors,
        verifier_failures=verifier_failures,
    )
