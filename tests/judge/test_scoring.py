"""The normalisations of docs/design.md, "Scoring": the paper's formula, FrontierCS's ratio and the range form."""

import math

import numpy as np
import pytest

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Normalisation, Sense
from frontiersmith.tools.judging.scoring import normalise, paper_score, paper_scores, range_score, ratio_score


def test_paper_score_rewards_beating_the_baseline_in_either_sense():
    assert paper_score(150, 100, Sense.MAX) == pytest.approx(50 / 150)
    assert paper_score(50, 100, Sense.MIN) == pytest.approx(0.5)
    assert paper_score(100, 100, "max") == 0.0  # the baseline itself scores 0


def test_paper_score_never_goes_negative_for_worse_than_baseline():
    assert paper_score(80, 100, Sense.MAX) == 0.0
    assert paper_score(120, 100, Sense.MIN) == 0.0


def test_paper_score_is_zero_when_the_formula_is_undefined():
    assert paper_score(0, 0, Sense.MAX) == 0.0
    assert paper_score(-5, -10, Sense.MAX) == 0.0  # max(O, O*) <= 0
    assert paper_score(None, 10, Sense.MAX) == 0.0
    assert paper_score(math.nan, 10, Sense.MIN) == 0.0
    assert paper_score(math.inf, 10, Sense.MAX) == 0.0


def test_ratio_score_is_frontiercs_clamp_with_cap():
    assert ratio_score(50, 100, Sense.MIN) == 1.0  # B/O = 2 clamped to k = 1
    assert ratio_score(50, 100, Sense.MIN, k=3) == pytest.approx(2.0)
    assert ratio_score(200, 100, Sense.MIN) == pytest.approx(0.5)
    assert ratio_score(50, 100, Sense.MAX) == pytest.approx(0.5)
    assert ratio_score(0, 100, Sense.MIN, k=2) == 2.0  # zero cost: infinitely better, capped
    assert ratio_score(10, 0, Sense.MAX) == 1.0
    assert ratio_score(0, 0, Sense.MAX) == 0.0
    assert ratio_score(-3, 10, Sense.MAX) == 0.0


def test_range_score_maps_base_to_zero_and_best_to_one():
    assert range_score(5, 0, 10) == pytest.approx(0.5)
    assert range_score(15, 0, 10) == 1.0
    assert range_score(8, 10, 0) == pytest.approx(0.2)  # minimisation: best below base
    assert range_score(3, 3, 3) == 1.0
    assert range_score(2, 3, 3) == 0.0


def test_normalise_dispatches_and_requires_sense():
    assert normalise(Normalisation.PAPER, 150, 100, Sense.MAX) == pytest.approx(1 / 3)
    assert normalise("ratio", 200, 100, "min") == pytest.approx(0.5)
    assert normalise(Normalisation.RANGE, 5, 0, None, best=10) == pytest.approx(0.5)
    assert normalise(Normalisation.CHECKER, 1.7, None, None) == 1.0
    with pytest.raises(InvalidInputError):
        normalise(Normalisation.PAPER, 1, 2, None)


def test_vectorised_paper_scores_match_the_scalar_function():
    objectives = [150, 80, 0, -1, math.nan, 50]
    baselines = [100, 100, 0, -2, 10, 100]
    expected = [paper_score(o, b, Sense.MAX) for o, b in zip(objectives, baselines, strict=True)]
    assert np.allclose(paper_scores(objectives, baselines, Sense.MAX), expected)
