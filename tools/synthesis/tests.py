"""Step 4 of Algorithm 1, the tests' side: build a candidate's test suite (generator and validator run in the sandbox) and
keep it as the candidate's current suite."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from frontiersmith.drafts import Provider, SolutionDraft, TestsDraft
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Program, TestCase, TestSuite, make_id
from frontiersmith.settings import Settings, get_settings
from frontiersmith.statement import sections_of
from frontiersmith.store import Store

from ..judging.executor import run_step
from ..judging.testgen import EXAMPLE, TestBuild, build_tests, check_test_plan
from ..llm.chat import keeping_bad_answers
from ..problems.submit import check_size
from .candidates import load_candidate
from .quality import scale_failures
from .sample import sampled

MAX_SEED = 2**31 - 1  # test seeds (seed * 1000 + i) stay small numbers in names and generator arguments


@dataclass
class TestsResult:
    """What ``generate_tests`` built: the stored tests, the failures for the test author, the draft and the
    stored suite."""

    __test__ = False  # not a pytest class
    tests: list[TestCase]
    failures: list[str]
    draft: TestsDraft | None = None
    suite: TestSuite | None = None


async def generate_tests(
    store: Store,
    candidate_id: str,
    *,
    provider: Provider | None = None,
    authored: TestsDraft | None = None,
    feedback: Sequence[str] = (),
    seed: int = 0,
    settings: Settings | None = None,
) -> TestsResult:
    """Run the generator for every distribution and keep the inputs the validator accepts; store them as the
    candidate's current suite."""
    if not 0 <= seed <= MAX_SEED:
        raise InvalidInputError(f"seed must be between 0 and {MAX_SEED}.")
    settings = settings or get_settings()  # one reading for the plan check, the build and the pruning
    problem = load_candidate(store, candidate_id).problem
    draft = authored
    if draft is None:
        if provider is None:
            raise InvalidInputError("Pass the generator and validator you wrote or a provider to write them.")
        sols = [
            SolutionDraft(code=s.code, language=s.language, strategy=s.strategy)
            for s in sampled(store, candidate_id)
        ]
        with keeping_bad_answers(store):
            draft = await provider.write_tests(problem, sols, list(feedback))
    check_size("The generator", draft.generator.code)
    check_size("The validator", draft.validator.code)
    try:
        check_test_plan(draft, settings)
    except InvalidInputError as exc:
        if authored is not None:
            raise
        # A model's plan over the bounds goes back to it, like any failed check, before anything runs.
        return TestsResult([], [str(exc)], draft)
    # The generator and validator run where the run's executor runs jobs; the suite is stored here.
    built = await run_step(build_tests, draft=draft, seed=seed, settings=settings)
    if not built.failures:  # the tests' scale is read from inputs the validator accepted
        built.failures += scale_failures(problem.input_spec.bounds, [t.sizes for t in built.tests])
        if built.example is None and not sections_of(problem).interaction:
            built.failures.append(
                f"the generator gives no example: `gen {EXAMPLE} 0` must print a tiny legal input (a few lines), "
                "which the published statement shows with a judged output"
            )
    stored, suite = _store_suite(store, candidate_id, draft, built, seed)
    _drop_old_builds(store, candidate_id, settings.builds_kept_per_candidate)
    return TestsResult(stored, built.failures, draft, suite)


def _store_suite(
    store: Store, candidate_id: str, draft: TestsDraft, built: TestBuild, seed: int
) -> tuple[list[TestCase], TestSuite]:
    stored: list[TestCase] = []
    with store.transaction():
        gen_blob = store.blobs.put(draft.generator.code.encode())
        val_blob = store.blobs.put(draft.validator.code.encode())
        example = store.blobs.put(built.example.input) if built.example is not None else None
        for t in built.tests:
            h = store.blobs.put(t.input)
            tc = TestCase(
                id=make_id("test", candidate_id, t.name, h),
                problem_id=candidate_id,
                input_hash=h,
                name=t.name,
                generator_id=gen_blob,
                args=t.args,
                seed=t.seed,
                distribution=t.distribution,
            )
            store.problems.put_test(tc)
            stored.append(tc)
        test_ids = [t.id for t in stored]
        plan = [gen_blob, val_blob, draft.distributions, draft.adversarial, draft.tests_per_distribution]
        plan += [seed, test_ids]
        suite = TestSuite(
            id=make_id("suite", candidate_id, *plan, built.failures),
            candidate_id=candidate_id,
            test_ids=test_ids,
            generator_hash=gen_blob,
            generator_language=draft.generator.language,
            validator_hash=val_blob,
            validator_language=draft.validator.language,
            distributions=draft.distributions,
            adversarial=draft.adversarial,
            tests_per_distribution=draft.tests_per_distribution,
            seed=seed,
            failures=built.failures,
            sizes={t.name: t.sizes for t in built.tests if t.sizes} or None,
            example_hash=example,
        )
        store.candidates.put_suite(suite)
    return stored, suite


def _drop_old_builds(store: Store, candidate_id: str, kept: int) -> None:
    """Delete the tests of all but the last ``kept`` builds (and their runs and input blobs), so calling
    generate_tests again and again cannot fill the disk. The current suite's tests stay, and so do those of
    the suite the current cross-validation report ran on (publish_candidate publishes those) and a published
    task's (the store keeps them)."""
    keep = {t for suite in store.candidates.list_suites(candidate_id)[-kept:] for t in suite.test_ids}
    candidate = store.candidates.get(candidate_id)
    report = store.candidates.current_report(candidate_id)
    for suite_id in {candidate.suite_id, report.suite_id if report else None} - {None}:
        keep.update(store.candidates.get_suite(suite_id).test_ids)  # type: ignore[arg-type]
    old = [t.id for t in store.problems.list_tests(candidate_id) if t.id not in keep]
    if old:
        store.problems.delete_tests(old)


def suite_tests(store: Store, suite: TestSuite | None) -> list[TestCase]:
    """The stored tests of ``suite``, in the store's order (oldest first), as judging and publishing take them."""
    if suite is None:
        return []
    wanted = set(suite.test_ids)
    return [t for t in store.problems.list_tests(suite.candidate_id) if t.id in wanted]


def current_tests(store: Store, candidate_id: str) -> list[TestCase]:
    """The tests of the candidate's current suite (the few builds before it that are kept are not judged)."""
    return suite_tests(store, store.candidates.current_suite(candidate_id))


def suite_draft(store: Store, suite: TestSuite) -> TestsDraft:
    """The generator, validator and plan that built ``suite``, read back from the store."""
    return TestsDraft(
        generator=Program(
            code=store.blobs.get(suite.generator_hash).decode(), language=suite.generator_language
        ),
        validator=Program(
            code=store.blobs.get(suite.validator_hash).decode(), language=suite.validator_language
        ),
        distributions=suite.distributions,
        adversarial=suite.adversarial,
        tests_per_distribution=suite.tests_per_distribution,
    )
