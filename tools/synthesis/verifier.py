"""Step 4 of Algorithm 1, the verifier's side: cross-validate a verifier and a baseline s* against the candidate's current suite
and sampled solutions; the report is stored as the one the candidate's publication takes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from frontiersmith.drafts import Provider, VerifierDraft
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    CrossValidationReport,
    Normalisation,
    Program,
    Run,
    Solution,
    TestCase,
    TestSuite,
    Verifier,
    VerifierKind,
    content_hash,
    make_id,
)
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store

from ..judging.executor import run_step
from ..judging.testgen import EXAMPLE, GeneratedTest
from ..llm.chat import keeping_bad_answers
from ..problems.resolver import baseline_runs
from .candidates import load_candidate
from .crossval.checks import cross_validate
from .crossval.oracle import independent_checker, seed_answers, seed_oracle
from .crossval.run import CrossValidation
from .sample import BASELINE_AUTHOR, baseline_strategy, sampled
from .tests import suite_draft, suite_tests


@dataclass
class VerifierResult:
    """What ``run_verifier`` checked and stored: the verifier, the baseline, the protocol's report and its runs."""

    verifier: Verifier
    baseline: Solution
    report: CrossValidation
    runs: list[Run] = field(default_factory=list)
    record: CrossValidationReport | None = None  # the stored report
    draft: VerifierDraft | None = (
        None  # what was checked (the verifier, baseline, sense, feasibility checker)
    )

    @property
    def ok(self) -> bool:
        """Whether every check of the protocol passed."""
        return self.report.ok


async def run_verifier(
    store: Store,
    candidate_id: str,
    *,
    provider: Provider | None = None,
    authored: VerifierDraft | None = None,
    feedback: Sequence[str] = (),
    settings: Settings | None = None,
    round: int = 0,
    min_kill_rate: float | None = None,
) -> VerifierResult:
    """Check a verifier and baseline against the candidate's current suite and sampled solutions with the
    cross-validation protocol; store the verifier, the baseline, every run and the protocol's report
    (``round`` is the cross-validation loop's round, 0 outside a loop; ``min_kill_rate`` defaults to the
    settings' threshold)."""
    candidate = load_candidate(store, candidate_id)
    problem = candidate.problem
    suite = store.candidates.current_suite(candidate_id)
    tests = suite_tests(store, suite)
    if not tests or suite is None:
        raise InvalidInputError(f"Candidate {candidate_id} has no tests yet; call generate_tests first.")
    draft = authored
    if draft is None:
        if provider is None:
            raise InvalidInputError("Pass the verifier and baseline you wrote or a provider to write them.")
        with keeping_bad_answers(store):
            draft = await provider.write_verifier(problem, list(feedback))
    if problem.objective.sense is not None and draft.sense != problem.objective.sense:
        raise InvalidInputError(
            f"The verifier's sense ({draft.sense}) contradicts the problem's objective ({problem.objective.sense})."
        )
    sols = sampled(store, candidate_id)
    if min_kill_rate is None:  # resolved here: a worker has the run's settings, not this call's thresholds
        min_kill_rate = (settings or get_settings()).min_kill_rate
    # Inside a synthesis run the protocol runs where the run's executor runs jobs (a Ray worker, say); the
    # report comes back as a value and is stored here, by the driver.
    report = await run_step(
        cross_validate,
        [_generated(store, t) for t in tests],
        suite_draft(store, suite).validator,
        draft.verifier,
        draft.baseline,
        draft.sense,
        {s.id: Program(code=s.code, language=s.language) for s in sols},
        problem.limits,
        adversarial=suite.adversarial,
        min_kill_rate=min_kill_rate,
        oracle=seed_oracle(store, candidate),
        feasibility=draft.feasibility,
        seed_answers=seed_answers(store, candidate),
        independent=independent_checker(candidate, draft.verifier),
        interactive=draft.interactive,
        example=_example(store, suite),
        settings=settings,
    )
    baseline, verifier = _verifier_records(candidate_id, draft, report.normalisation)
    runs = _runs(report, tests, baseline, verifier)
    record = _report_record(candidate_id, verifier, suite, report, round, draft.feasibility)
    with store.transaction():
        store.problems.put_solution(baseline)
        store.problems.put_verifier(verifier)
        store.problems.put_runs(runs)
        store.candidates.put_report(record)
    return VerifierResult(verifier, baseline, report, runs, record, draft)


def _generated(store: Store, t: TestCase) -> GeneratedTest:
    return GeneratedTest(
        name=t.name,
        distribution=t.distribution,
        seed=t.seed or 0,
        input=store.blobs.get(t.input_hash),
        args=t.args,
    )


def _example(store: Store, suite: TestSuite) -> GeneratedTest | None:
    """The suite's example input (the statement's), as the protocol judges it."""
    if suite.example_hash is None:
        return None
    return GeneratedTest(
        name=EXAMPLE, distribution=EXAMPLE, seed=0, input=store.blobs.get(suite.example_hash)
    )


def _verifier_records(
    candidate_id: str, draft: VerifierDraft, normalisation: Normalisation
) -> tuple[Solution, Verifier]:
    strategy = baseline_strategy(draft.baseline_summary)
    baseline = Solution(
        # what it does is part of the record: the same program with another account of it is another record
        id=make_id(
            "sol",
            candidate_id,
            "baseline",
            content_hash(draft.baseline),
            *([strategy] if draft.baseline_summary.strip() else []),
        ),
        problem_id=candidate_id,
        code=draft.baseline.code,
        language=draft.baseline.language,
        strategy=strategy,
        author=BASELINE_AUTHOR,
    )
    verifier = Verifier(
        # The sense and the normalisation are part of how outputs are scored, so a verifier with another of
        # either is another verifier (a paper-normalised one keeps the id it had before the choice existed).
        id=make_id(
            "ver",
            candidate_id,
            content_hash(draft.verifier),
            content_hash(draft.baseline),
            draft.sense.value,
            *(["interactive"] if draft.interactive else []),
            *([normalisation.value] if normalisation is not Normalisation.PAPER else []),
        ),
        problem_id=candidate_id,
        code=draft.verifier.code,
        language=draft.verifier.language,
        kind=VerifierKind.NATIVE,
        sense=draft.sense,
        baseline_solution_id=baseline.id,
        normalisation=normalisation,
        interactive=draft.interactive or None,
    )
    return baseline, verifier


def _runs(
    report: CrossValidation, tests: list[TestCase], baseline: Solution, verifier: Verifier
) -> list[Run]:
    test_ids = {t.name: t.id for t in tests}
    runs = baseline_runs(report.baseline_objectives, test_ids, baseline.id, verifier.id)
    for sid, cells in report.cells.items():
        runs += [
            c.to_run(make_id("run", sid, test_ids[name], verifier.id), sid, test_ids[name])
            for name, c in cells.items()
        ]
    return runs


def _report_record(
    candidate_id: str,
    verifier: Verifier,
    suite: TestSuite,
    report: CrossValidation,
    round: int,
    feasibility: Program | None,
) -> CrossValidationReport:
    # Another feasibility checker beside the same verifier is another report (without one, the id is the
    # one reports had before feasibility checkers were written).
    second = [content_hash(feasibility)] if feasibility is not None else []
    return CrossValidationReport(
        id=make_id("xval", candidate_id, verifier.id, suite.id, round, *second),
        candidate_id=candidate_id,
        verifier_id=verifier.id,
        suite_id=suite.id,
        round=round,
        **report.findings(),
    )
