"""The one problem resolver: a problem id (a published task, an imported seed with a verifier, a candidate,
``catalog/NAME``) or a package folder on disk becomes a ``Problem`` to read or a ``JudgePackage`` to judge.

Submit, the judge CLI and the synthesis steps all resolve problems here. A package from the store also names
the records its runs are stored against (its tests, its verifier and its baseline), and the baseline's
objective per test is computed once and cached in the store as runs of the baseline.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from frontiersmith.errors import InvalidInputError, NotFoundError
from frontiersmith.models import (
    Candidate,
    CrossValidationReport,
    Language,
    Problem,
    Program,
    Record,
    Reference,
    Run,
    Seed,
    Solution,
    Task,
    TestCase,
    TestResult,
    TestSuite,
    Verdict,
    Verifier,
    content_hash,
    make_id,
)
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import RecordSummary, Store, open_store
from frontiersmith.store.records import MUTATION

from ..catalog import get_family, seed_id_for
from ..judging.executor import run_step
from ..judging.judge import JudgeTest, VerifierSpec, baseline_objectives
from ..judging.package import JudgePackage
from ..judging.packages import load_package
from ..judging.scoring import needs_baseline
from ..judging.testgen import _size, build_tests

CATALOG_PREFIX = "catalog/"


def get_problem(store: Store, problem_id: str) -> Problem:
    """The problem behind a seed, candidate, task or ``catalog/NAME``, named by the one id every door takes
    (``list_problems``, ``submit``, ``leaderboard``, the resource, the prompt, the CLI)."""
    if problem_id.startswith(CATALOG_PREFIX):
        return get_family(problem_id).problem(problem_id)
    record = problem_record(store, problem_id)
    problem = getattr(record, "problem", None)
    if problem is None:
        raise InvalidInputError(
            f"{problem_id} is a {type(record).__name__.lower()}, not a problem (a seed, candidate, task or "
            "catalog/NAME); `frontiersmith problems` lists them.",
            over_mcp=f"{problem_id} is a {type(record).__name__.lower()}, not a problem; list_problems lists them.",
        )
    return _named(record, problem)


def _named(record: Record, problem: Problem) -> Problem:
    """``problem`` under the id of the record it is stored in: an imported package's own name (its
    ``config.yaml`` or folder) stays in its provenance, never in the id a solver reads and submits to."""
    return problem if problem.id == record.id else problem.model_copy(update={"id": record.id})


def problem_record(store: Store, problem_id: str) -> Record:
    """The stored record ``problem_id`` names (a unique prefix works); an unknown id is one sentence naming
    where the ids are listed, and the stored id when it was an imported package's own name."""
    try:
        return store.get_any(problem_id)
    except NotFoundError:
        pass
    imported = [
        s.id
        for s in store.seeds.list(origin="problem")
        if problem_id in (s.problem.id, s.problem.provenance.get("source"))
    ]
    if imported:
        raise NotFoundError(
            f"{problem_id} is the name an imported package gave itself; its problem id is {imported[0]}."
        )
    raise NotFoundError(
        f"No problem {problem_id!r} is in the store; `frontiersmith problems` lists the problem ids "
        "(use --store for another store).",
        over_mcp=f"No problem {problem_id!r} is on this server; list_problems lists the problem ids.",
    )


def is_interactive(store: Store, problem_id: str) -> bool:
    """Whether a solution to the problem talks to an interactor instead of reading one input: its verifier
    says so (a task's, an imported problem's, a catalog family's), so every door can tell the protocol."""
    if problem_id.startswith(CATALOG_PREFIX):
        return get_family(problem_id).interactive
    record = problem_record(store, problem_id)
    try:
        if isinstance(record, Task):
            return bool(store.get(Verifier, record.verifier_id).interactive)
        if isinstance(record, Seed):
            return bool(store.problems.get_verifier(record.id).interactive)
        if isinstance(record, Candidate) and record.report_id:
            report = store.get(CrossValidationReport, record.report_id)
            return bool(store.get(Verifier, report.verifier_id).interactive)
    except NotFoundError:
        pass
    return False


def lineage(store: Store, record_id: str) -> tuple[list[RecordSummary], list[RecordSummary]]:
    """The chain ``record_id`` came from (oldest first, ending with itself) and what was derived from it.

    A ``catalog/NAME`` family is no stored record, but it has a lineage all the same: the catalog wrote it as
    a mutation of its parent seed along one axis. Its submissions are on its leaderboard, not in its lineage.
    """
    if not record_id.startswith(CATALOG_PREFIX):
        return store.lineage.ancestors(record_id), store.lineage.descendants(record_id, include_self=False)
    family = get_family(record_id)
    node = RecordSummary(
        id=CATALOG_PREFIX + family.name,
        kind="catalog",
        title=family.title,
        axis=str(family.axis) if family.axis else None,
        status=family.kind,
        relation=MUTATION if family.parent else None,
    )
    if family.parent is None:
        return [node], []
    try:
        chain = store.lineage.ancestors(seed_id_for(family.parent))
    except NotFoundError:
        chain = [RecordSummary(id=seed_id_for(family.parent), kind="external")]
    return [*chain, node], []


def verifier_spec(verifier: Verifier) -> VerifierSpec:
    """A stored verifier as the judge takes it."""
    return VerifierSpec(
        program=Program(code=verifier.code, language=verifier.language),
        kind=verifier.kind,
        sense=verifier.sense,
        normalisation=verifier.normalisation,
        interactive=bool(verifier.interactive),
    )


async def resolve(
    store: Store | None, ref: str | Path, settings: Settings | None = None, *, disk: bool = False
) -> JudgePackage:
    """The package ``ref`` names: a folder on disk (only with ``disk``: MCP callers never name server
    paths) or a problem id in ``store``."""
    if disk and Path(ref).is_dir():
        return load_package(ref, settings)
    if store is None:
        raise InvalidInputError(f"{ref} is not a package folder; pass a folder or a problem id in the store.")
    return await from_store(store, str(ref), settings)


async def package_and_baseline(
    ref: str | Path, store_path: Path | None = None, settings: Settings | None = None
) -> tuple[JudgePackage, Mapping[str, float] | Program | None]:
    """The package ``ref`` names and the baseline its scores take, for a caller on this machine (the CLI's
    ``judge``, the public API): a package folder with its pinned objectives or its baseline program (run by
    the judge), or a problem id in the store at ``store_path`` (the settings' store when None) with its
    baseline's cached objectives. Raises InvalidInputError for a path that is no folder, NotFoundError for an
    id the store does not hold."""
    if Path(ref).is_dir():
        package = load_package(ref, settings)
        return package, package.pinned_baseline or package.baseline
    name = str(ref)
    if "/" in name and not name.startswith(CATALOG_PREFIX) or Path(name).exists():
        raise InvalidInputError(f"{name} is not a directory; pass a problem package folder or a problem id.")
    with open_store(store_path, settings) as store:
        package = await from_store(store, name, settings)
        return package, await cached_baseline_objectives(store, package, settings)


async def from_store(store: Store, problem_id: str, settings: Settings | None = None) -> JudgePackage:
    """The package of a task, an imported seed with a verifier, or ``catalog/NAME``, with its tests' bytes."""
    if problem_id.startswith(CATALOG_PREFIX):
        found = await _catalog_parts(store, problem_id, settings)
    else:
        found = _stored_parts(store, problem_id)
    baseline = found.baseline
    return JudgePackage(
        format=found.format,
        problem=found.problem,
        verifier=verifier_spec(found.verifier),
        tests=[_judge_test(store, t, problem_id, settings or get_settings()) for t in found.tests],
        limits=found.problem.limits,
        baseline=Program(code=baseline.code, language=baseline.language) if baseline else None,
        test_ids={t.name: t.id for t in found.tests},
        verifier_id=found.verifier.id,
        baseline_id=baseline.id if baseline else None,
        references=found.references,
    )


@dataclass
class _PackageParts:
    """The stored records a problem's judge package is made of, whichever kind of problem it is."""

    format: str
    problem: Problem
    tests: list[TestCase]
    verifier: Verifier
    baseline: Solution | None
    references: dict[str, Reference] | None = None  # test name -> its fixed reference points


def _judge_test(store: Store, test: TestCase, problem_id: str, settings: Settings) -> JudgeTest:
    """A stored test's bytes, each blob's size checked against ``max_test_bytes`` before it is read (a store
    written before the bound was checked at import may hold a bigger one)."""
    limit = settings.max_test_bytes
    for what, digest in (("input", test.input_hash), ("answer", test.answer_hash)):
        size = store.blobs.size(digest) if digest else 0
        if size > limit:
            raise InvalidInputError(
                f"The {what} of test {test.name or test.id} of {problem_id} is {_size(size)}, over the limit of "
                f"{_size(limit)} set by max_test_bytes (FRONTIERSMITH_MAX_TEST_BYTES); import the problem again "
                "from a package within it, or raise the setting."
            )
    answer = store.blobs.get(test.answer_hash) if test.answer_hash else None
    return JudgeTest(
        test.name, store.blobs.get(test.input_hash), answer, distribution=test.distribution or ""
    )


def _stored_parts(store: Store, problem_id: str) -> _PackageParts:
    record = problem_record(store, problem_id)
    references: dict[str, Reference] | None = None
    if isinstance(record, Task):
        tests = [store.problems.get_test(t) for t in record.test_ids]
        verifier = store.get(Verifier, record.verifier_id)
        if record.references is not None:
            references = {t.name: record.references[t.id] for t in tests if t.id in record.references}
    elif isinstance(record, Seed):
        try:
            verifier = store.problems.get_verifier(record.id)
        except NotFoundError:
            raise InvalidInputError(
                f"The seed {problem_id} has no verifier, so it cannot be scored."
            ) from None
        tests = store.problems.list_tests(record.id)
    elif isinstance(record, Candidate) and record.report_id and record.suite_id:
        # A cross-validated candidate, judged on its current suite and verifier before it is published
        # (co-evolution measures a solver on it to decide whether to publish it).
        report = store.get(CrossValidationReport, record.report_id)
        tests = [store.problems.get_test(t) for t in store.get(TestSuite, record.suite_id).test_ids]
        verifier = store.get(Verifier, report.verifier_id)
        references = report.references
    else:
        raise InvalidInputError(
            f"{problem_id} is a {type(record).__name__.lower()}; submit to a task, an imported problem or "
            "catalog/NAME."
        )
    baseline = (
        store.problems.get_solution(verifier.baseline_solution_id) if verifier.baseline_solution_id else None
    )
    kind = (
        "task" if isinstance(record, Task) else "candidate" if isinstance(record, Candidate) else "imported"
    )
    return _PackageParts(kind, _named(record, record.problem), tests, verifier, baseline, references)


async def _catalog_parts(store: Store, problem_id: str, settings: Settings | None) -> _PackageParts:
    """A catalog family as a package: its default tests are built once and stored under ``catalog/NAME``."""
    fam = get_family(problem_id)
    if fam.baseline is None or fam.sense is None:
        raise InvalidInputError(f"The catalog family {fam.name} is closed and has no continuous score.")
    if not store.problems.list_tests(problem_id):
        built = await run_step(build_tests, draft=fam.tests_draft(), settings=settings)
        if built.failures:
            raise InvalidInputError(
                f"The catalog family {fam.name} failed to build its tests: {built.failures[0]}"
            )
        with store.transaction():
            for t in built.tests:
                h = store.blobs.put(t.input)
                store.problems.put_test(
                    TestCase(
                        id=make_id("test", problem_id, t.name, h),
                        problem_id=problem_id,
                        input_hash=h,
                        name=t.name,
                        args=t.args,
                        seed=t.seed,
                        distribution=t.distribution,
                    )
                )
    baseline = Solution(
        id=make_id("sol", problem_id, "baseline"),
        problem_id=problem_id,
        code=fam.baseline.program.code,
        language=fam.baseline.language,
        strategy="baseline s*",
        author="baseline",
    )
    verifier = Verifier(
        id=make_id("ver", problem_id, content_hash(fam.program.code)),
        problem_id=problem_id,
        code=fam.program.code,
        language=Language.PYTHON,
        sense=fam.sense,
        baseline_solution_id=baseline.id,
        interactive=fam.interactive or None,
    )
    with store.transaction():
        store.problems.put_solution(baseline)
        store.problems.put_verifier(verifier)
    return _PackageParts(
        "catalog", fam.problem(problem_id), store.problems.list_tests(problem_id), verifier, baseline
    )


async def cached_baseline_objectives(
    store: Store, pkg: JudgePackage, settings: Settings | None = None
) -> dict[str, float] | None:
    """Per-test objective of a stored package's baseline: as the package fixes it (a task's references), from
    its cached runs, or computed once and cached (None when the verifier's scores need no baseline). Range
    normalisation's other end is ``pkg.best``."""
    if not needs_baseline(pkg.verifier):
        return None
    if pkg.pinned_baseline is not None:
        return pkg.pinned_baseline
    if pkg.baseline is None or pkg.baseline_id is None:
        return None
    wanted = {pkg.test_ids[t.name]: t.name for t in pkg.tests if t.name in pkg.test_ids}
    cached = {
        wanted[r.test_id]: r.objective
        for r in store.problems.list_runs(pkg.baseline_id, list(wanted))
        if r.objective is not None
        and r.verdict is Verdict.OK
        and r.id == make_id("run", pkg.baseline_id, r.test_id, pkg.verifier_id)
    }
    if len(cached) == len(pkg.tests):
        return cached  # type: ignore[return-value]
    objectives = await run_step(
        baseline_objectives, pkg.baseline, pkg.tests, pkg.verifier, pkg.limits, settings=settings
    )
    store.problems.put_runs(baseline_runs(objectives, pkg.test_ids, pkg.baseline_id, pkg.verifier_id))
    return objectives


def baseline_runs(
    objectives: Mapping[str, float], test_ids: Mapping[str, str], baseline_id: str, verifier_id: str | None
) -> list[Run]:
    """The baseline's objective per test (by name) as the runs that cache it: one per stored test, named by
    the baseline, the test and the verifier that measured it."""
    return [
        TestResult(name=name, verdict=Verdict.OK, objective=objective).to_run(
            make_id("run", baseline_id, test_ids[name], verifier_id), baseline_id, test_ids[name]
        )
        for name, objective in objectives.items()
    ]
