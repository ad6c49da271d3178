"""Steps 3 and 5 of Algorithm 1: idea divergence of a candidate's sampled solutions, semantic (step 3: a judge
labels each solution's idea) and behavioural (step 5: distances between per-test score vectors on the current
suite), and the gates a candidate must pass to be published."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from frontiersmith.drafts import DivergenceJudge, SolutionDraft, StrategyGroups, provider_name
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Divergence, Normalisation, Problem, Rejection, Solution, Stage, make_id
from frontiersmith.store import Store
from frontiersmith.thresholds import DEFAULT_THRESHOLDS, Thresholds

from ...llm.chat import keeping_bad_answers
from ...problems.resolver import get_problem
from ..sample import sampled
from ..tests import suite_tests
from . import formulas as dm

Mode = Literal["semantic", "behavioural", "both"]


class AuthoredJudge:
    """A divergence judge that answers from strategy labels the caller assigned to each solution.

    semantic_labels groups solutions in chunks and asks for labels per chunk; equal caller labels mean the
    same idea, so answering every chunk from the caller's labels yields exactly the caller's partition.
    """

    name = "caller"

    def __init__(self, labels_by_content: dict[tuple[str, str, str], int]):
        self._labels = labels_by_content

    @classmethod
    def for_candidate(cls, store: Store, candidate_id: str, labels: dict[str, int]) -> AuthoredJudge:
        """The judge of ``labels`` (solution id -> label), which must label every sampled solution."""
        solutions = sampled(store, candidate_id)
        missing = [s.id for s in solutions if s.id not in labels]
        if missing:
            raise InvalidInputError(
                f"labels has no label for {', '.join(missing[:3])}; give one integer per sampled solution id."
            )
        return cls({(s.code, s.language.value, s.strategy): labels[s.id] for s in solutions})

    async def group_strategies(self, problem: Problem, solutions: list[SolutionDraft]) -> StrategyGroups:
        """The caller's labels for these solutions, looked up by their code, language and strategy."""
        return StrategyGroups(
            labels=[self._labels[(s.code, s.language.value, s.strategy)] for s in solutions],
            explanation="labels assigned by the caller",
        )


async def semantic_labels(
    provider: DivergenceJudge,
    problem: Problem,
    solutions: Sequence[Solution | SolutionDraft],
    group_size: int = 8,
) -> list[int]:
    """Strategy labels for all solutions (a candidate's sampled ones, or any problem's programs) with one
    judge call per group of ``group_size`` and merge calls over the groups' representatives, instead of a
    call per pair."""
    drafts = [SolutionDraft(code=s.code, language=s.language, strategy=s.strategy) for s in solutions]
    if len(drafts) <= group_size:
        return list((await provider.group_strategies(problem, drafts)).labels)
    labels: list[int] = [0] * len(drafts)
    reps: list[int] = []  # index of one representative solution per provisional label
    for start in range(0, len(drafts), group_size):
        chunk = list(range(start, min(start + group_size, len(drafts))))
        local = (await provider.group_strategies(problem, [drafts[i] for i in chunk])).labels
        first_of: dict[int, int] = {}
        for i, lab in zip(chunk, local, strict=True):
            if lab not in first_of:
                first_of[lab] = len(reps)
                reps.append(i)
            labels[i] = first_of[lab]
    if len(reps) < len(drafts):  # fewer ideas than solutions: merge the representatives the same way
        merged = await semantic_labels(provider, problem, [solutions[i] for i in reps], group_size)
    else:  # no group shrank, so grouping the representatives again would never end: compare across groups
        merged = await _across_blocks(provider, problem, drafts, max(1, group_size // 2))
    return [merged[label] for label in labels]


async def _across_blocks(
    provider: DivergenceJudge, problem: Problem, drafts: list[SolutionDraft], half: int
) -> list[int]:
    """Labels for solutions no group call found alike: every pair of blocks of ``half`` solutions judged
    together (one call a pair, each of a group's size), the ideas any call finds shared joined."""
    parent = list(range(len(drafts)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    blocks = [list(range(s, min(s + half, len(drafts)))) for s in range(0, len(drafts), half)]
    for a, b in itertools.combinations(blocks, 2):
        both = a + b
        local = (await provider.group_strategies(problem, [drafts[i] for i in both])).labels
        first_of: dict[int, int] = {}
        for i, lab in zip(both, local, strict=True):
            parent[root(i)] = root(first_of.setdefault(lab, i))
    roots: dict[int, int] = {}
    return [roots.setdefault(root(i), len(roots)) for i in range(len(drafts))]


async def estimate_divergence(
    store: Store,
    candidate_id: str,
    mode: Mode = "both",
    *,
    provider: DivergenceJudge | None = None,
    group_size: int = 8,
    behavioural_scale: float = DEFAULT_THRESHOLDS.behavioural_scale,
) -> Divergence:
    """Idea divergence of a candidate's sampled solutions, stored as its divergence estimate (the combined
    estimate counts a behavioural divergence of ``behavioural_scale`` as fully divergent)."""
    problem = get_problem(store, candidate_id)
    sols = sampled(store, candidate_id)
    if len(sols) < 2:
        raise InvalidInputError(
            f"Candidate {candidate_id} needs at least 2 sampled solutions; call sample_solutions."
        )
    div = store.candidates.find_divergence(candidate_id) or Divergence(
        id=make_id("div", candidate_id), candidate_id=candidate_id
    )
    div.n = len(sols)
    if mode in ("semantic", "both"):
        if provider is None:
            raise InvalidInputError("Semantic divergence needs a judge: a provider (or MCP sampling).")
        with keeping_bad_answers(store):
            labels = await semantic_labels(provider, problem, sols, group_size)
        div.semantic = dm.semantic_from_labels(labels)
        div.labels = {s.id: lab for s, lab in zip(sols, labels, strict=True)}
        div.strategies = {s.id: s.strategy for s in sols}
        div.judge = provider_name(provider)
    if mode in ("behavioural", "both"):
        _behavioural(store, candidate_id, sols, div, required=mode == "behavioural")
    div.combined = dm.combined(div.semantic, div.behavioural, div.crossing, scale=behavioural_scale)
    store.candidates.put_divergence(div)
    return div


def _behavioural(
    store: Store, candidate_id: str, sols: list[Solution], div: Divergence, required: bool
) -> None:
    """The behavioural estimate over the candidate's CURRENT suite: the older builds kept beside it were
    never judged with the current verifier, and would dilute the score vectors."""
    suite = store.candidates.current_suite(candidate_id)
    tests = suite_tests(store, suite)
    matrix = store.problems.score_matrix([s.id for s in sols], [t.id for t in tests]) if tests else {}
    if not tests or not any(matrix.values()):
        # Unjudged tests would read as every solution scoring 0 everywhere: no estimate, and say why.
        reason = (
            "it has no tests yet; call generate_tests, then run_verifier"
            if not tests
            else "its tests have not been judged yet; call run_verifier, which scores the sampled solutions on them"
        )
        if required:
            raise InvalidInputError(f"Candidate {candidate_id} has no behavioural divergence: {reason}.")
        div.behavioural = div.crossing = div.separating_tests = div.top_ties = None
        div.mean_scores, div.m, div.suite_id = {}, 0, None
        div.behavioural_reason = f"no behavioural divergence: {reason}"
        return
    div.behavioural_reason = None
    import numpy as np  # here, so `serve` answers `initialize` without numpy

    q = np.array([[matrix[s.id].get(t.id, 0.0) for t in tests] for s in sols])
    div.behavioural = dm.behavioural(q)
    div.crossing = dm.crossing(q)
    div.separating_tests = dm.separating_tests(q, ceiling=_score_ceiling(store, candidate_id))
    div.top_ties = dm.top_ties(q)
    div.mean_scores = {s.id: float(row.mean()) for s, row in zip(sols, q, strict=True)}
    div.m = len(tests)
    div.suite_id = suite.id if suite is not None else None


def _score_ceiling(store: Store, candidate_id: str) -> float:
    """The score at which equal scores stop being equal answers (``formulas.separating_tests``): 1 where a score
    is clamped there (a ratio past the baseline's, the paper's formula); none under range normalisation, whose 1
    is the best objective the sampled solutions reached, so solutions scoring 1 on a test answered it alike."""
    report = store.candidates.current_report(candidate_id)
    return math.inf if report is not None and report.normalisation is Normalisation.RANGE else 1.0


GateVerdict = Literal["pass", "reject", "undecided"]


@dataclass(frozen=True)
class GateDecision:
    """One gate's decision on a divergence estimate and why: ``undecided`` passes the candidate, for want of
    the evidence the gate needs (an estimate not measured yet, too few tests that separate the solutions)."""

    gate: Literal["semantic", "behavioural", "top tie"]
    verdict: GateVerdict
    reason: str

    @property
    def stage(self) -> Stage:
        """The pipeline stage a rejection by this gate is recorded at (the top-tie gate is behavioural)."""
        return Stage.SEMANTIC if self.gate == "semantic" else Stage.BEHAVIOURAL


def gate_decisions(div: Divergence | None, thresholds: Thresholds) -> list[GateDecision]:
    """Every gate's decision on ``div``, in the filter's order: the sampled solutions use different ideas
    (semantic), score differently (behavioural), and not several of them reach the same best score on every
    test (top tie: the signature of a problem an exact algorithm solves). Crossing decides nothing: it ranks
    (``formulas.combined``)."""
    if div is None or div.semantic is None:
        return [GateDecision("semantic", "reject", "no semantic divergence estimate yet")]
    out = [_semantic_decision(div, thresholds)]
    if div.behavioural is None:
        reason = div.behavioural_reason or "no behavioural divergence estimate yet"
        return [*out, GateDecision("behavioural", "reject", reason)]
    if thresholds.scores_alike(div.behavioural):
        alike = (
            "every sampled solution scores 0"
            if div.mean_scores and not any(div.mean_scores.values())
            else "the solutions score alike on every test"
        )
        out.append(
            GateDecision(
                "behavioural",
                "reject",
                f"behavioural divergence {div.behavioural:.3f} < {thresholds.min_behavioural}: {alike}",
            )
        )
    else:
        out.append(
            GateDecision(
                "behavioural",
                "pass",
                f"behavioural divergence {div.behavioural:.3f} >= {thresholds.min_behavioural}",
            )
        )
    out.append(_top_tie_decision(div, thresholds))
    return out


def _semantic_decision(div: Divergence, thresholds: Thresholds) -> GateDecision:
    semantic = div.semantic or 0.0
    if thresholds.shares_one_idea(semantic):
        ideas = "; ".join(sorted(set(div.strategies.values())))[:300]
        return GateDecision(
            "semantic",
            "reject",
            f"idea divergence {semantic:.2f} < {thresholds.min_semantic}: the sampled solutions share one idea "
            f"({ideas})",
        )
    return GateDecision("semantic", "pass", f"idea divergence {semantic:.2f} >= {thresholds.min_semantic}")


def _top_tie_decision(div: Divergence, thresholds: Thresholds) -> GateDecision:
    ties, separating = div.top_ties, div.separating_tests
    if ties is None or separating is None:
        return GateDecision(
            "top tie",
            "undecided",
            "estimated before the top-tie gate; estimate the behavioural divergence again",
        )
    counted = f"{separating} of {div.m} tests separate the solutions"
    if ties < thresholds.min_top_ties:
        return GateDecision(
            "top tie",
            "pass",
            f"{'no two' if ties < 2 else f'only {ties}'} sampled solutions score the best on every test ({counted})",
        )
    if thresholds.too_few_separating(separating):
        return GateDecision(
            "top tie",
            "undecided",
            f"{ties} sampled solutions score the best on every test, but only {counted} (the verdict needs "
            f"{thresholds.min_separating_tests}): kept, as more tests would be needed to tell",
        )
    return GateDecision("top tie", "reject", _top_tie_reason(div, ties, counted))


def _top_tie_reason(div: Divergence, ties: int, counted: str) -> str:
    """Why a candidate whose solutions tie at the top is rejected, naming the tied strategies."""
    means = div.mean_scores
    best = max(means.values()) if means else 0.0
    names = sorted({div.strategies.get(s, s).split(":")[0] for s, v in means.items() if v >= best - 1e-9})
    named = f": {'; '.join(names)[:300]}" if names else ""
    return (
        f"one idea reaches the top: {ties} of {div.n} sampled solutions score the best on every test "
        f"({counted}), as independent solutions of a problem an exact algorithm solves do{named}"
    )


def keeps(decisions: Sequence[GateDecision]) -> bool:
    """Whether the filter keeps what ``decisions`` were made on: some gate decided, and none rejects."""
    return bool(decisions) and all(d.verdict != "reject" for d in decisions)


def divergence_gate(div: Divergence | None, thresholds: Thresholds) -> Rejection | None:
    """Why the divergence filter rejects a candidate with estimate ``div`` (None: it passes): the first gate
    of ``gate_decisions`` that rejects it. The pipeline's filters and publish_candidate both decide here."""
    for decision in gate_decisions(div, thresholds):
        if decision.verdict == "reject":
            return Rejection(stage=decision.stage, reason=decision.reason)
    return None
