"""Step 6 of Algorithm 1: publish a candidate whose verifier passed cross-validation as an immutable task,
which rejoins the seed pool (tools/seeds/reseeding.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    CandidateStatus,
    CrossValidationReport,
    Normalisation,
    Problem,
    Reference,
    Solution,
    Task,
    TestCase,
    Verifier,
    content_hash,
    make_id,
)
from frontiersmith.statement import Scoring, render_statement
from frontiersmith.store import Store
from frontiersmith.thresholds import DEFAULT_THRESHOLDS, Thresholds

from ..seeds.reseeding import reseed
from .card import compute_card
from .divergence.estimate import divergence_gate
from .quality import fitted_time_limit, scale_reached
from .sample import baseline_summary
from .tests import suite_tests


def package_hash(
    problem: Problem,
    tests: Sequence[TestCase],
    verifier: Verifier,
    baseline: Solution | None,
    references: Mapping[str, Reference] | None = None,
) -> str:
    """The content a task's scores depend on: what the solver reads (statement, objective, constraints,
    limits), the tests' bytes, and how outputs are scored (verifier code, language, kind, sense and
    normalisation, the baseline s*, and each test's fixed reference objectives). Record ids and provenance
    are left out: equal content, equal hash."""
    fixed = (
        {}
        if references is None
        else {
            "references": [
                [t.input_hash, references[t.id].baseline, references[t.id].best]
                for t in tests
                if t.id in references
            ]
        }
    )
    return content_hash(
        {
            **fixed,
            "problem": problem.model_dump(mode="json", exclude={"id", "provenance"}),
            "tests": [[t.name, t.input_hash, t.answer_hash] for t in tests],
            "verifier": verifier.model_dump(
                mode="json", include={"code", "language", "kind", "sense", "normalisation"}
            ),
            "baseline": [baseline.code, baseline.language.value] if baseline is not None else None,
        }
    )


async def publish_candidate(
    store: Store, candidate_id: str, *, thresholds: Thresholds = DEFAULT_THRESHOLDS, force: bool = False
) -> Task:
    """Publish a candidate whose current cross-validation report passed as a task, with the verifier and the
    tests that report checked; it rejoins the seed pool.

    Its divergence estimate must pass the pipeline's gates (``thresholds``: the solutions use different
    ideas, score differently, and several of them do not tie at the best score on every test) unless ``force``; the task records the gates and
    whether it was forced past them.

    A task is immutable and named by its package: publishing the same package again returns the stored
    task, and a changed package (a new verifier, new tests) is a new task that supersedes the candidate's
    previous one, which keeps its own submissions and leaderboard."""
    candidate = store.candidates.get(candidate_id)
    report = store.candidates.current_report(candidate_id)
    if report is None or not report.ok:
        raise InvalidInputError(
            f"Candidate {candidate_id} has no verifier that passed cross-validation; call run_verifier until it passes."
        )
    div = store.candidates.find_divergence(candidate_id)
    gate = divergence_gate(div, thresholds)
    if gate is not None and not force:
        raise InvalidInputError(
            f"Candidate {candidate_id} fails the {gate.stage.value} divergence gate ({gate.reason}); call "
            "estimate_divergence with mode 'both' after run_verifier, or pass force=true to publish it anyway."
        )
    verifier = store.get(Verifier, report.verifier_id)
    baseline = (
        store.problems.get_solution(verifier.baseline_solution_id) if verifier.baseline_solution_id else None
    )
    suite = store.candidates.get_suite(report.suite_id)
    tests = suite_tests(store, suite)
    test_ids = [t.id for t in tests]
    references = _references(report, tests)
    reached = scale_reached(candidate.problem.input_spec.bounds, list((suite.sizes or {}).values()))
    forced = force and gate is not None
    card = compute_card(store, candidate, forced=forced)
    limits = candidate.problem.limits
    limits = limits.model_copy(update={"time_ms": fitted_time_limit(card.slowest_ms, limits.time_ms)})
    card.time_limit_ms = limits.time_ms
    limited = candidate.problem.model_copy(update={"limits": limits})  # a new limit is a new package
    problem = published_problem(limited, verifier, baseline, report, reached)
    divergence = (
        {}
        if div is None
        else {"semantic": div.semantic, "behavioural": div.behavioural, "combined": div.combined}
    )
    tid = make_id("task", candidate_id, package_hash(limited, tests, verifier, baseline, references))
    task = Task(
        id=tid,
        candidate_id=candidate_id,
        problem=problem.model_copy(update={"id": tid}),
        verifier_id=verifier.id,
        baseline_solution_id=verifier.baseline_solution_id or "",
        test_ids=test_ids,
        divergence=divergence,
        gates=thresholds.model_dump(
            include={"min_semantic", "min_behavioural", "min_separating_tests", "min_top_ties"}
        ),
        forced=forced,
        references=references,
        card=card,
    )
    with store.transaction():
        task, _replaced = store.tasks.publish(task)
        reseed(store, task)
        if candidate.status is not CandidateStatus.ACCEPTED:
            store.candidates.set_status(candidate_id, CandidateStatus.ACCEPTED)
    return task


def _references(report: CrossValidationReport, tests: Sequence[TestCase]) -> dict[str, Reference] | None:
    """The report's reference points by test id, for a verifier normalised against them (None otherwise)."""
    if report.normalisation is not Normalisation.RANGE or report.references is None:
        return None
    return {t.id: report.references[t.name] for t in tests if t.name in report.references}


def published_problem(
    problem: Problem,
    verifier: Verifier,
    baseline: Solution | None,
    report: CrossValidationReport,
    reached: dict[str, tuple[float, float]] | None = None,
) -> Problem:
    """The problem as its task shows it: the statement written whole (tools/synthesis/render.py), with the
    Scoring section of the verifier's normalisation, the limits, and the example the protocol judged."""
    sense = verifier.sense or problem.objective.sense
    if sense is None:  # a checker's own ratio: nothing to say of baselines
        return problem
    scoring = Scoring(
        normalisation=verifier.normalisation,
        sense=sense,
        objective=problem.objective.formula or "the objective",
        baseline=baseline_summary(baseline),
    )
    statement = render_statement(problem, scoring, example=report.example, reached=reached)
    return problem.model_copy(update={"statement": statement})
