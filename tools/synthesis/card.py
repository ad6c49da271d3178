"""A task's card (docs/design.md, "Task quality"): what a published task is worth as RL data, computed from the
records that made it (its statement, suite, cross-validation report, the sampled solutions' runs and its
divergence), never written by hand. ``publish`` stores it with the task; ``frontiersmith audit``, the dashboard,
``get_candidate`` and every export's manifest show it.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping

from frontiersmith.models import (
    Candidate,
    CrossValidationReport,
    Normalisation,
    ProbeSummary,
    Run,
    ScaleReach,
    ScoreSpread,
    Task,
    TaskCard,
    Verdict,
    Verifier,
    make_id,
)
from frontiersmith.statement import missing_sections, sections_of
from frontiersmith.store import Store

from ..judging.scoring import paper_score
from .quality import SCALE_SHARE, scale_reached
from .sample import sampled
from .tests import suite_tests

SPREAD_NARROW = 0.05  # best and median sampled means closer than this: the solutions score alike
BEST_LOW = 0.2  # a best sampled mean under this: the scale is squeezed, or the baseline is hard to beat
SHOWN = 3


def card_of(store: Store, record_id: str) -> TaskCard:
    """The card of a published task (its stored one, else computed) or of a candidate (computed from its
    current suite and report: what publishing it now would store)."""
    task = store.find(Task, record_id)
    if task is not None:
        return task.card or compute_card(store, store.candidates.get(task.candidate_id), task.forced)
    return compute_card(store, store.candidates.get(record_id))


def compute_card(store: Store, candidate: Candidate, forced: bool = False) -> TaskCard:
    """The card of ``candidate`` as its current suite and cross-validation report leave it."""
    problem = candidate.problem
    card = TaskCard(
        sections_missing=missing_sections(problem),
        interactive=bool(sections_of(problem).interaction),
        time_limit_ms=problem.limits.time_ms,
        forced=forced,
    )
    suite = store.candidates.current_suite(candidate.id)
    report = store.candidates.current_report(candidate.id)
    if suite is not None:
        card.tests = len(suite.test_ids)
        sizes = list((suite.sizes or {}).values())
        card.scale = {
            name: ScaleReach(reached=top, bound=bound)
            for name, (top, bound) in scale_reached(problem.input_spec.bounds, sizes).items()
        }
    if report is not None:
        card.example = report.example is not None
        card.silent_tests = list(report.silent_tests or [])
        card.probes = _probes(report)
        verifier = store.get(Verifier, report.verifier_id)
        tests = suite_tests(store, store.candidates.get_suite(report.suite_id))
        runs = _sampled_runs(store, candidate.id, verifier.id, [t.id for t in tests])
        card.spread = _spread(runs, report, verifier, {t.id: t.name for t in tests})
        references = {**runs, **_baseline_runs(store, verifier, [t.id for t in tests])}
        accepted = [r.time_ms for per in references.values() for r in per.values() if r.verdict is Verdict.OK]
        card.slowest_ms = max(accepted, default=None)
    divergence = store.candidates.find_divergence(candidate.id)
    if divergence is not None:
        card.divergence = {
            "semantic": divergence.semantic,
            "behavioural": divergence.behavioural,
            "crossing": divergence.crossing,
            "combined": divergence.combined,
        }
    card.warnings = _warnings(card, bool(problem.input_spec.bounds), suite is not None and not suite.sizes)
    return card


def _runs_of(store: Store, solution_id: str, verifier_id: str, test_ids: list[str]) -> dict[str, Run]:
    """Test id -> ``solution_id``'s run on it under ``verifier_id`` (the cross-validation's)."""
    by_id = {r.id: r for r in store.problems.list_runs(solution_id, test_ids)}
    found = {t: by_id.get(make_id("run", solution_id, t, verifier_id)) for t in test_ids}
    return {t: r for t, r in found.items() if r is not None}


def _sampled_runs(
    store: Store, candidate_id: str, verifier_id: str, test_ids: list[str]
) -> dict[str, dict[str, Run]]:
    """Solution id -> test id -> its run under ``verifier_id`` (the cross-validation's)."""
    return {sol.id: _runs_of(store, sol.id, verifier_id, test_ids) for sol in sampled(store, candidate_id)}


def _baseline_runs(store: Store, verifier: Verifier, test_ids: list[str]) -> dict[str, dict[str, Run]]:
    """The baseline's runs under ``verifier`` by test id (empty for a verifier with no baseline)."""
    bid = verifier.baseline_solution_id
    return {bid: _runs_of(store, bid, verifier.id, test_ids)} if bid else {}


def _spread(
    runs: Mapping[str, Mapping[str, Run]],
    report: CrossValidationReport,
    verifier: Verifier,
    names: Mapping[str, str],
) -> ScoreSpread | None:
    tests = sorted({t for per in runs.values() for t in per})
    if not runs or not tests:
        return None
    means = sorted(
        sum(per[t].score if t in per else 0.0 for t in tests) / len(tests) for per in runs.values()
    )
    spread = ScoreSpread(
        normalisation=verifier.normalisation,
        solutions=len(means),
        best=means[-1],
        median=statistics.median(means),
        worst=means[0],
        headroom=1.0 - means[-1],
    )
    if verifier.normalisation is not Normalisation.PAPER and report.references and verifier.sense is not None:
        # what the paper's normalisation would give the same objectives, against the same baseline
        by_name = {name: ref.baseline for name, ref in report.references.items()}
        paper = []
        for per in runs.values():
            scores = []
            for test_id, run in per.items():
                base = by_name.get(names.get(test_id, ""))
                ok = run.verdict is Verdict.OK and base is not None
                scores.append(paper_score(run.objective, base, verifier.sense) if ok else 0.0)
            paper.append(sum(scores) / len(tests))
        spread.paper_best, spread.paper_median = max(paper), statistics.median(paper)
    return spread


def _probes(report: CrossValidationReport) -> ProbeSummary:
    f = report.feasibility
    return ProbeSummary(
        kill_rate=report.kill_rate,
        well_formed=f.well_formed if f else 0,
        well_formed_accepted=f.well_formed_accepted if f else 0,
        oracle=f.oracle if f else "",
        second_opinion=bool(f and f.second_opinion),
        disagreements=len(f.disagreements) if f else 0,
    )


def _warnings(card: TaskCard, bounded: bool, sizes_unknown: bool) -> list[str]:
    """What a reviewer should look at, one sentence each."""
    out = [f"the statement lacks {what}" for what in card.sections_missing]
    if not card.example and not card.interactive:
        out.append("the statement has no judged example")
    if bounded and sizes_unknown:
        out.append("the tests' sizes are unknown (the validator reports none), so their scale is unchecked")
    for name, reach in card.scale.items():
        if reach.share < SCALE_SHARE:
            out.append(
                f"the tests reach {name} = {reach.reached:g} of the {reach.bound:g} the statement allows "
                f"({reach.share:.0%})"
            )
    if card.silent_tests:
        shown = ", ".join(card.silent_tests[:SHOWN]) + (" ..." if len(card.silent_tests) > SHOWN else "")
        out.append(
            f"{len(card.silent_tests)} of {card.tests} tests give every sampled solution the same score ({shown})"
        )
    spread = card.spread
    if spread is not None and spread.solutions >= 2 and spread.best - spread.median < SPREAD_NARROW:
        out.append(f"the sampled solutions score alike (best {spread.best:.3f}, median {spread.median:.3f})")
    if spread is not None and spread.best < BEST_LOW:
        out.append(f"the best sampled solution scores {spread.best:.3f}: little of the scale is used")
    probes = card.probes
    if probes is not None and not probes.oracle and not probes.second_opinion and not card.interactive:
        out.append("no feasibility check beside the verifier (no seed oracle, no feasibility-only checker)")
    if card.forced:
        out.append("published past a divergence gate (forced)")
    return out
