"""Step 6 of Algorithm 1: publish a candidate whose verifier passed cross-validation as an immutable task,
which rejoins the seed pool."""

from __future__ import annotations

from collections.abc import Sequence

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    CandidateStatus,
    Problem,
    Seed,
    Solution,
    Task,
    TestCase,
    Verifier,
    content_hash,
    make_id,
)
from frontiersmith.store import Store
from frontiersmith.thresholds import DEFAULT_THRESHOLDS, Thresholds

from .divergence.estimate import divergence_gate
from .tests import suite_tests


def package_hash(
    problem: Problem, tests: Sequence[TestCase], verifier: Verifier, baseline: Solution | None
) -> str:
    """The content a task's scores depend on: what the solver reads (statement, objective, constraints,
    limits), the tests' bytes, and how outputs are scored (verifier code, language, kind, sense and
    normalisation, and the baseline s*). Record ids and provenance are left out: equal content, equal hash."""
    return content_hash(
        {
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
    candidate = store.get_candidate(candidate_id)
    report = store.current_report(candidate_id)
    if report is None or not report.ok:
        raise InvalidInputError(
            f"Candidate {candidate_id} has no verifier that passed cross-validation; call run_verifier until it passes."
        )
    div = store.find_divergence(candidate_id)
    gate = divergence_gate(div, thresholds)
    if gate is not None and not force:
        raise InvalidInputError(
            f"Candidate {candidate_id} fails the {gate.stage.value} divergence gate ({gate.reason}); call "
            "estimate_divergence with mode 'both' after run_verifier, or pass force=true to publish it anyway."
        )
    verifier = store.get(Verifier, report.verifier_id)
    baseline = store.get_solution(verifier.baseline_solution_id) if verifier.baseline_solution_id else None
    tests = suite_tests(store, store.get_test_suite(report.suite_id))
    test_ids = [t.id for t in tests]
    divergence = (
        {}
        if div is None
        else {"semantic": div.semantic, "behavioural": div.behavioural, "combined": div.combined}
    )
    tid = make_id("task", candidate_id, package_hash(candidate.problem, tests, verifier, baseline))
    task = Task(
        id=tid,
        candidate_id=candidate_id,
        problem=candidate.problem.model_copy(update={"id": tid}),
        verifier_id=verifier.id,
        baseline_solution_id=verifier.baseline_solution_id or "",
        test_ids=test_ids,
        divergence=divergence,
        gates=thresholds.model_dump(
            include={"min_semantic", "min_behavioural", "min_separating_tests", "min_top_ties"}
        ),
        forced=force and gate is not None,
    )
    with store.transaction():
        task, _replaced = store.publish_task(task)
        seed_problem = task.problem.model_copy(
            update={"provenance": {**task.problem.provenance, "task_id": task.id}}
        )
        store.put_seed(Seed(id=make_id("seed", task.id), problem=seed_problem, origin="task"))
        if candidate.status is not CandidateStatus.ACCEPTED:
            store.set_candidate_status(candidate_id, CandidateStatus.ACCEPTED)
    return task
