"""The divergence filter's gates read ideas, not test counts: several solutions tying at the best score on every
test (an exact algorithm's signature) reject a candidate, but only on enough tests that separate the solutions;
one solution beating the rest everywhere (crossing 0) rejects nothing, crossing only ranks; and every gate says
why it decided as it did."""

from __future__ import annotations

import numpy as np
import pytest

from frontiersmith.models import Divergence
from frontiersmith.thresholds import Thresholds
from frontiersmith.tools.synthesis.divergence import formulas as dm
from frontiersmith.tools.synthesis.divergence.estimate import divergence_gate, gate_decisions

GATES = Thresholds()  # 3 separating tests, 2 top ties


def estimate(q: np.ndarray, semantic: float = 0.5) -> Divergence:
    """What estimate_divergence stores for a score matrix (solutions x tests)."""
    names = [f"sol{i}" for i in range(len(q))]
    return Divergence(
        id="div_x",
        candidate_id="cand_x",
        semantic=semantic,
        behavioural=dm.behavioural(q),
        crossing=dm.crossing(q),
        n=len(q),
        m=q.shape[1],
        separating_tests=dm.separating_tests(q),
        top_ties=dm.top_ties(q),
        mean_scores={s: float(row.mean()) for s, row in zip(names, q, strict=True)},
        strategies={s: f"idea {s}: how" for s in names},
    )


def verdicts(div: Divergence, gates: Thresholds = GATES) -> dict[str, str]:
    return {d.gate: d.verdict for d in gate_decisions(div, gates)}


def test_a_tie_at_the_top_rejects_on_enough_separating_tests_and_a_dominant_heuristic_does_not():
    # three exact implementations tie on every test; a weaker idea is below them on six of the eight
    exact = np.array([[0.6, 0.5, 0.7, 0.4, 0.5, 0.6, 0.3, 0.5]] * 3)
    weaker = np.array([[0.5, 0.5, 0.6, 0.3, 0.4, 0.6, 0.2, 0.4]])
    pseudo = estimate(np.vstack([exact, weaker]))
    assert (pseudo.separating_tests, pseudo.top_ties, pseudo.crossing) == (6, 3, 0.0)
    why = divergence_gate(pseudo, GATES)
    assert why is not None and why.stage.value == "behavioural"
    assert why.reason.startswith("one idea reaches the top: 3 of 4 sampled solutions score the best")
    assert "6 of 8 tests separate the solutions" in why.reason and "idea sol0" in why.reason

    # One heuristic better than the others everywhere, no two alike: the old crossing gate rejected this
    # (crossing 0); an open problem often looks like it, so now it passes, crossing only lowering its rank.
    rng = np.random.default_rng(0)
    base = rng.uniform(0.2, 0.6, size=8)
    dominant = estimate(np.vstack([base + 0.3, base + 0.1, base]))
    assert dominant.crossing == 0.0 and dominant.top_ties == 1
    assert divergence_gate(dominant, GATES) is None
    assert verdicts(dominant) == {"semantic": "pass", "behavioural": "pass", "top tie": "pass"}
    crossed = estimate(np.vstack([base + 0.3, base[::-1] + 0.3, base]))
    assert crossed.crossing > 0
    assert dm.combined(0.5, 0.1, crossed.crossing) > dm.combined(0.5, 0.1, 0.0) > 0  # it ranks, never zeroes


def test_too_few_separating_tests_keep_a_tie_undecided_and_say_so():
    # three tests, like FrontierCS's public packages: the weaker solution differs on two of them only
    q = np.array([[0.95, 0.8, 0.9], [0.95, 0.8, 0.9], [0.7, 0.8, 0.5]])
    div = estimate(q)
    assert (div.separating_tests, div.top_ties) == (2, 2)
    assert divergence_gate(div, GATES) is None
    [tie] = [d for d in gate_decisions(div, GATES) if d.gate == "top tie"]
    assert tie.verdict == "undecided"
    assert "only 2 of 3 tests separate the solutions (the verdict needs 3)" in tie.reason
    # a setting that asks for fewer separating tests decides it
    assert verdicts(div, Thresholds(min_separating_tests=2))["top tie"] == "reject"
    # and one that asks for three solutions at the top does not
    assert verdicts(div, Thresholds(min_separating_tests=2, min_top_ties=3))["top tie"] == "pass"
    # At the score's ceiling (a checker's ratio clamped at 1, the best known answer) a tie is no evidence: two
    # solutions at 1 may well print different answers, both at least as good as the best known.
    clamped = estimate(np.array([[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [0.7, 0.6, 0.5]]))
    assert (clamped.top_ties, clamped.separating_tests) == (2, 0)
    assert verdicts(clamped, Thresholds(min_separating_tests=1))["top tie"] == "undecided"


def test_scores_alike_and_all_zero_say_which_and_the_semantic_gate_comes_first():
    zero = estimate(np.zeros((4, 5)))
    assert zero.top_ties == 0 and zero.separating_tests == 0
    assert divergence_gate(zero, GATES).reason.endswith("every sampled solution scores 0")
    alike = estimate(np.full((4, 5), 0.5))
    assert divergence_gate(alike, GATES).reason.endswith("the solutions score alike on every test")
    one_idea = estimate(np.eye(4), semantic=0.1)
    assert divergence_gate(one_idea, GATES).stage.value == "semantic"
    assert [d.gate for d in gate_decisions(one_idea, GATES)] == ["semantic", "behavioural", "top tie"]
    # an estimate stored before the top-tie gate existed passes it, undecided, and says what to do
    old = estimate(np.eye(4)).model_copy(update={"separating_tests": None, "top_ties": None})
    [tie] = [d for d in gate_decisions(old, GATES) if d.gate == "top tie"]
    assert tie.verdict == "undecided" and "estimate the behavioural divergence again" in tie.reason


def test_the_bootstrap_intervals_hold_the_estimate_and_narrow_with_more_data():
    rng = np.random.default_rng(1)
    few_pos, few_neg = list(rng.normal(1, 1, 10)), list(rng.normal(0, 1, 10))
    many_pos, many_neg = list(rng.normal(1, 1, 400)), list(rng.normal(0, 1, 400))
    low, high = dm.roc_auc_interval(few_pos, few_neg, reps=400)
    assert low <= dm.roc_auc(few_pos, few_neg) <= high
    wide = high - low
    low, high = dm.roc_auc_interval(many_pos, many_neg, reps=400)
    assert low <= dm.roc_auc(many_pos, many_neg) <= high and high - low < wide / 2
    flags = [1.0] * 30 + [0.0] * 10
    low, high = dm.bootstrap_interval(lambda idx: sum(flags[i] for i in idx) / len(idx), len(flags))
    assert 0.55 < low < 0.75 < high < 0.95
    assert np.isnan(dm.roc_auc_interval([], [0.1])[0])


@pytest.mark.parametrize(
    ("q", "separating", "ties"),
    [
        ([[1, 2], [1, 2]], 0, 2),  # identical: nothing separates them, both at the top
        ([[0, 0], [0, 0]], 0, 0),  # nobody scores: no top to tie at
        ([[1, 0], [0, 1]], 0, 0),  # each best once, at the ceiling, where a clamp hides any difference
        ([[0.5, 0], [0, 0.5]], 2, 0),  # each best once
        ([[0.9, 0.9], [0.9, 0], [0, 0]], 2, 1),
    ],
)
def test_separating_tests_and_top_ties(q, separating, ties):
    arr = np.array(q, dtype=float)
    assert (dm.separating_tests(arr), dm.top_ties(arr)) == (separating, ties)


@pytest.mark.anyio
@pytest.mark.parametrize(
    "ideas",
    [
        ["a", "b", "c", "d", "e", "f", "g", "h", "i"],  # nine different ideas: no group call merges any
        ["a", "b", "c", "d", "e", "f", "g", "h", "a", "b", "z"],  # alike across two groups
    ],
)
async def test_many_solutions_get_one_label_per_idea_in_few_calls(ideas):
    """Scripted judge: it labels each group by the idea written in each solution's code. Past one group's size
    the labels come from group calls and merges, and must still be one label per idea."""
    from frontiersmith.drafts import SolutionDraft, StrategyGroups
    from frontiersmith.models import Language
    from frontiersmith.tools.catalog import get_family
    from frontiersmith.tools.synthesis.divergence.estimate import semantic_labels

    calls: list[int] = []

    class Judge:
        name = "scripted"

        async def group_strategies(self, problem, solutions):
            calls.append(len(solutions))
            assert len(solutions) <= 8
            seen: dict[str, int] = {}
            return StrategyGroups(labels=[seen.setdefault(s.code, len(seen)) for s in solutions])

    drafts = [SolutionDraft(code=idea, language=Language.PYTHON, strategy="") for idea in ideas]
    labels = await semantic_labels(Judge(), get_family("min_rooms").problem(), drafts)
    assert [labels[ideas.index(idea)] for idea in ideas] == labels  # the same idea, the same label
    assert len(set(labels)) == len(set(ideas))
    assert len(calls) <= 5
