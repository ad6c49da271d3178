"""The six capabilities of the paper as plain async functions over the store: mutate a seed, sample
solutions, estimate idea divergence, generate tests, run the verifier (cross-validation), publish.

The CLI, the MCP server and the agents all call these. Every LLM-backed step takes either content the
caller authored or a provider that authors it; the executable part (compiling, running in the sandbox,
checking, scoring, storing) always happens here. Ids derive from their inputs, so calling a step again
returns what is stored instead of doing the work twice.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    Axis,
    Candidate,
    CandidateStatus,
    Divergence,
    Normalisation,
    Problem,
    ProblemKind,
    Program,
    Run,
    Seed,
    Solution,
    Task,
    TestCase,
    Verdict,
    Verifier,
    VerifierKind,
    content_hash,
    make_id,
)
from frontiersmith.sandbox import open_sandbox
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store

from . import divergence_math as dm
from .catalog import list_families
from .crossval import CrossValidation, cross_validate
from .llm.base import MutationDraft, Provider, SolutionDraft, TestsDraft, VerifierDraft, problem_from_draft
from .submit import check_size
from .testgen import GeneratedTest, build_tests, check_test_plan

Progress = Callable[[float, float, str], Awaitable[None] | None]
BASELINE_AUTHOR = "baseline"
MAX_SAMPLED = 64  # solutions per sample_solutions call: each one is compiled and later judged on every test
MAX_SEED = 2**31 - 1  # test seeds (seed * 1000 + i) stay small numbers in names and generator arguments


async def _report(progress: Progress | None, done: float, total: float, message: str) -> None:
    if progress is not None:
        outcome = progress(done, total, message)
        if outcome is not None:
            await outcome


# -- seeds ----------------------------------------------------------------------------------------------


def seed_id_for(family_name: str) -> str:
    return f"seed_{family_name}"


def ensure_catalog_seeds(store: Store) -> list[Seed]:
    """Store every closed catalog family as a seed (idempotent)."""
    seeds = []
    with store.transaction():
        for fam in list_families("closed"):
            sid = seed_id_for(fam.name)
            ref = fam.reference.program if fam.reference else None
            seed = Seed(id=sid, problem=fam.problem(sid), reference=ref, origin="catalog")
            store.put_seed(seed)
            seeds.append(seed)
    return seeds


def load_problem(store: Store, problem_id: str) -> Problem:
    """The problem behind a seed, candidate or task id."""
    record = store.get_any(problem_id)
    problem = getattr(record, "problem", None)
    if problem is None:
        raise InvalidInputError(
            f"{problem_id} is a {type(record).__name__.lower()}, not a seed, candidate or task."
        )
    return problem


# -- mutate ---------------------------------------------------------------------------------------------


@dataclass
class MutateResult:
    candidate: Candidate
    kept: bool
    reason: str


async def mutate_problem(
    store: Store,
    parent_id: str,
    axis: Axis | str,
    *,
    provider: Provider | None = None,
    authored: MutationDraft | None = None,
    round: int = 0,
    index: int = 0,
    run_id: str | None = None,
    proposer: str | None = None,
) -> MutateResult:
    """Mutate a seed (or candidate, or task) along one axis into a stored candidate, then apply the coarse judge.

    With ``authored`` the caller's mutated problem is used; otherwise ``provider`` writes it.
    """
    axis = Axis(axis)
    parent = load_problem(store, parent_id)
    if authored is None and provider is None:
        raise InvalidInputError("Pass either the mutated problem you wrote or a provider to write it.")
    if authored is not None:
        check_size("The mutated problem", authored.model_dump_json())
        cid = make_id("cand", parent_id, axis.value, content_hash(authored))
    else:
        cid = make_id("cand", parent_id, axis.value, round, index, run_id)
    try:
        existing = store.get_candidate(cid)
        return MutateResult(existing, existing.status is not CandidateStatus.REJECTED, existing.reason)
    except Exception:  # not stored yet
        pass
    draft = authored or await provider.mutate(parent, axis, index=index)  # type: ignore[union-attr]
    provenance = {"parent": parent_id, "axis": axis.value, "round": round, "run": run_id}
    problem = problem_from_draft(cid, draft, provenance)
    problem.limits = parent.limits
    problem.kind = ProblemKind.OPEN
    who = proposer or ("caller" if authored is not None else getattr(provider, "name", "provider"))
    candidate = Candidate(id=cid, parent_id=parent_id, axis=axis, round=round, proposer=who, problem=problem)
    store.put_candidate(candidate)
    judge = provider or _structural_judge()
    verdict = await judge.coarse_judge(problem)
    if verdict.keep:
        candidate = store.set_candidate_status(cid, CandidateStatus.KEPT, "")
    else:
        reason = f"coarse:{verdict.reason}: {verdict.explanation}".strip()
        candidate = store.set_candidate_status(cid, CandidateStatus.REJECTED, reason)
    return MutateResult(candidate, verdict.keep, candidate.reason)


def _structural_judge():
    from .llm.offline import OfflineProvider

    return OfflineProvider()


# -- sample ---------------------------------------------------------------------------------------------


async def sample_solutions(
    store: Store,
    candidate_id: str,
    n: int = 4,
    *,
    provider: Provider | None = None,
    authored: Sequence[SolutionDraft] = (),
    author: str | None = None,
    settings: Settings | None = None,
) -> list[Solution]:
    """Store ``n`` solutions from independent solver calls (or the caller's), each compile-checked in the sandbox."""
    problem = load_problem(store, candidate_id)
    if n < 0 or n > MAX_SAMPLED:
        raise InvalidInputError(f"n must be between 0 and {MAX_SAMPLED}.")
    if len(authored) > MAX_SAMPLED:
        raise InvalidInputError(f"Pass at most {MAX_SAMPLED} solutions at once; {len(authored)} were given.")
    for i, draft in enumerate(authored):
        check_size(f"Solution {i + 1}'s code", draft.code)
    stored = {s.id: s for s in store.list_solutions(candidate_id)}
    wanted: list[tuple[str, SolutionDraft | None, int]] = []
    for draft in authored:
        wanted.append((make_id("sol", candidate_id, content_hash(draft)), draft, -1))
    if not authored:
        if provider is None:
            raise InvalidInputError("Pass the solutions you wrote or a provider to write them.")
        wanted += [(make_id("sol", candidate_id, i), None, i) for i in range(n)]
    new: list[Solution] = []
    for sid, authored_draft, index in wanted:
        if sid in stored:
            continue
        draft = authored_draft or await provider.solve(problem, index=index)  # type: ignore[union-attr]
        who = author or ("caller" if index < 0 else getattr(provider, "name", "provider"))
        new.append(
            Solution(
                id=sid,
                problem_id=candidate_id,
                code=draft.code,
                language=draft.language,
                strategy=draft.strategy,
                author=who,
            )
        )
    if new:
        async with open_sandbox(None, settings) as sb:
            for sol in new:
                compiled = await sb.compile(sol.code, sol.language, name="solution")
                if not compiled.ok:
                    store.add_event("solution.compile_error", sol.id, {"message": compiled.message[:2000]})
        with store.transaction():
            for sol in new:
                store.put_solution(sol)
    return [s for s in store.list_solutions(candidate_id) if s.author != BASELINE_AUTHOR]


def sampled(store: Store, candidate_id: str) -> list[Solution]:
    return [s for s in store.list_solutions(candidate_id) if s.author != BASELINE_AUTHOR]


# -- divergence -----------------------------------------------------------------------------------------


async def semantic_labels(
    provider: Provider, problem: Problem, solutions: Sequence[Solution], group_size: int = 8
) -> list[int]:
    """Strategy labels for all solutions with one judge call per group of ``group_size`` and merge calls over
    the groups' representatives, instead of a call per pair."""
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
    merged = await semantic_labels(provider, problem, [solutions[i] for i in reps], group_size)
    return [merged[label] for label in labels]


async def estimate_divergence(
    store: Store,
    candidate_id: str,
    mode: Literal["semantic", "behavioural", "both"] = "both",
    *,
    provider: Provider | None = None,
    group_size: int = 8,
) -> Divergence:
    """Idea divergence of a candidate's sampled solutions, stored with its pairwise detail."""
    problem = load_problem(store, candidate_id)
    sols = sampled(store, candidate_id)
    if len(sols) < 2:
        raise InvalidInputError(
            f"Candidate {candidate_id} needs at least 2 sampled solutions; call sample_solutions."
        )
    did = make_id("div", candidate_id)
    try:
        div = store.get_divergence(candidate_id)
    except Exception:
        div = Divergence(id=did, candidate_id=candidate_id)
    detail = dict(div.detail)
    if mode in ("semantic", "both"):
        if provider is None:
            raise InvalidInputError("Semantic divergence needs a judge: a provider (or MCP sampling).")
        labels = await semantic_labels(provider, problem, sols, group_size)
        div.semantic = dm.semantic_from_labels(labels)
        detail["labels"] = {s.id: lab for s, lab in zip(sols, labels, strict=True)}
        detail["strategies"] = {s.id: s.strategy for s in sols}
        detail["judge"] = getattr(provider, "name", "provider")
    if mode in ("behavioural", "both"):
        tests = store.list_tests(candidate_id)
        if not tests:
            if mode == "behavioural":
                raise InvalidInputError(
                    f"Candidate {candidate_id} has no tests yet; call generate_tests and run_verifier."
                )
        else:
            matrix = store.score_matrix([s.id for s in sols], [t.id for t in tests])
            q = np.array([[matrix[s.id].get(t.id, 0.0) for t in tests] for s in sols])
            div.behavioural = dm.behavioural(q)
            detail["crossing"] = dm.crossing(q)
            detail["mean_scores"] = {s.id: float(row.mean()) for s, row in zip(sols, q, strict=True)}
            detail["tests"] = len(tests)
    div.combined = dm.combined(div.semantic, div.behavioural, detail.get("crossing"))
    div.detail = detail
    store.put_divergence(div)
    return div


# -- tests ----------------------------------------------------------------------------------------------


@dataclass
class TestsResult:
    tests: list[TestCase]
    failures: list[str]
    draft: TestsDraft | None = None


def _suite_event(store: Store, candidate_id: str) -> dict | None:
    events = store.list_events(candidate_id, kind="tests.built")
    return events[-1].payload if events else None


def stored_test_draft(store: Store, candidate_id: str) -> TestsDraft | None:
    suite = _suite_event(store, candidate_id)
    if not suite:
        return None
    return TestsDraft(
        generator=Program(
            code=store.get_blob(suite["generator"]).decode(), language=suite["generator_language"]
        ),
        validator=Program(
            code=store.get_blob(suite["validator"]).decode(), language=suite["validator_language"]
        ),
        distributions=suite["distributions"],
        tests_per_distribution=suite["tests_per_distribution"],
    )


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
    """Run the generator for every distribution and keep the inputs the validator accepts; store them."""
    if not 0 <= seed <= MAX_SEED:
        raise InvalidInputError(f"seed must be between 0 and {MAX_SEED}.")
    settings = settings or get_settings()  # one reading for the plan check, the build and the pruning
    problem = load_problem(store, candidate_id)
    draft = authored
    if draft is None:
        if provider is None:
            raise InvalidInputError("Pass the generator and validator you wrote or a provider to write them.")
        sols = [
            SolutionDraft(code=s.code, language=s.language, strategy=s.strategy)
            for s in sampled(store, candidate_id)
        ]
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
    async with open_sandbox(None, settings) as sb:
        built = await build_tests(sb, draft, seed=seed, settings=settings)
    stored: list[TestCase] = []
    with store.transaction():
        gen_blob = store.put_blob(draft.generator.code.encode())
        val_blob = store.put_blob(draft.validator.code.encode())
        for t in built.tests:
            h = store.put_blob(t.input)
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
            store.put_test(tc)
            stored.append(tc)
        store.add_event(
            "tests.built",
            candidate_id,
            {
                "generator": gen_blob,
                "generator_language": draft.generator.language.value,
                "validator": val_blob,
                "validator_language": draft.validator.language.value,
                "distributions": draft.distributions,
                "tests_per_distribution": draft.tests_per_distribution,
                "test_ids": [t.id for t in stored],
                "failures": built.failures,
            },
        )
    _drop_old_builds(store, candidate_id, settings.builds_kept_per_candidate)
    return TestsResult(stored, built.failures, draft)


def _drop_old_builds(store: Store, candidate_id: str, kept: int) -> None:
    """Delete the tests of all but the last ``kept`` builds (and their runs and input blobs), so calling
    generate_tests again and again cannot fill the disk. Tests the last verifier check was run on stay
    (publish_candidate publishes those), and so do a published task's (the store keeps them)."""
    builds = store.list_events(candidate_id, kind="tests.built")[-kept:]
    keep = {t for b in builds for t in b.payload["test_ids"]}
    check = last_check(store, candidate_id)
    keep.update(check["test_ids"] if check else ())
    old = [t.id for t in store.list_tests(candidate_id) if t.id not in keep]
    if old:
        store.delete_tests(old)


def current_tests(store: Store, candidate_id: str) -> list[TestCase]:
    """The tests of the latest build (the few builds before it that are kept are not judged)."""
    suite = _suite_event(store, candidate_id)
    if suite is None:
        return []
    wanted = set(suite["test_ids"])
    return [t for t in store.list_tests(candidate_id) if t.id in wanted]


# -- verifier -------------------------------------------------------------------------------------------


@dataclass
class VerifierResult:
    verifier: Verifier
    baseline: Solution
    report: CrossValidation
    runs: list[Run] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.report.ok


async def run_verifier(
    store: Store,
    candidate_id: str,
    *,
    provider: Provider | None = None,
    authored: VerifierDraft | None = None,
    feedback: Sequence[str] = (),
    settings: Settings | None = None,
) -> VerifierResult:
    """Check a verifier and baseline against the candidate's tests and sampled solutions with the
    cross-validation protocol; store the verifier, the baseline, every run and the protocol report."""
    problem = load_problem(store, candidate_id)
    tests = current_tests(store, candidate_id)
    suite = stored_test_draft(store, candidate_id)
    if not tests or suite is None:
        raise InvalidInputError(f"Candidate {candidate_id} has no tests yet; call generate_tests first.")
    draft = authored
    if draft is None:
        if provider is None:
            raise InvalidInputError("Pass the verifier and baseline you wrote or a provider to write them.")
        draft = await provider.write_verifier(problem, list(feedback))
    if problem.objective.sense is not None and draft.sense != problem.objective.sense:
        raise InvalidInputError(
            f"The verifier's sense ({draft.sense}) contradicts the problem's objective ({problem.objective.sense})."
        )
    sols = sampled(store, candidate_id)
    generated = [
        GeneratedTest(
            name=t.name,
            distribution=t.distribution,
            seed=t.seed or 0,
            input=store.get_blob(t.input_hash),
            args=t.args,
        )
        for t in tests
    ]
    report = await cross_validate(
        generated,
        suite.validator,
        draft.verifier,
        draft.baseline,
        draft.sense,
        {s.id: Program(code=s.code, language=s.language) for s in sols},
        problem.limits,
        settings=settings,
    )
    baseline = Solution(
        id=make_id("sol", candidate_id, "baseline", content_hash(draft.baseline)),
        problem_id=candidate_id,
        code=draft.baseline.code,
        language=draft.baseline.language,
        strategy="baseline s*",
        author=BASELINE_AUTHOR,
    )
    verifier = Verifier(
        # The sense is part of how outputs are scored, so a verifier with another sense is another verifier.
        id=make_id(
            "ver", candidate_id, content_hash(draft.verifier), content_hash(draft.baseline), draft.sense.value
        ),
        problem_id=candidate_id,
        code=draft.verifier.code,
        language=draft.verifier.language,
        kind=VerifierKind.NATIVE,
        sense=draft.sense,
        baseline_solution_id=baseline.id,
        normalisation=Normalisation.PAPER,
    )
    by_name = {t.name: t for t in tests}
    runs: list[Run] = []
    for name, objective in report.baseline_objectives.items():
        t = by_name[name]
        runs.append(
            Run(
                id=make_id("run", baseline.id, t.id, verifier.id),
                solution_id=baseline.id,
                test_id=t.id,
                verdict=Verdict.OK,
                objective=objective,
                score=0.0,
            )
        )
    for sid, cells in report.cells.items():
        for name, c in cells.items():
            t = by_name[name]
            runs.append(
                Run(
                    id=make_id("run", sid, t.id, verifier.id),
                    solution_id=sid,
                    test_id=t.id,
                    verdict=c.verdict,
                    objective=c.objective,
                    score=c.score,
                    time_ms=c.time_ms,
                    memory_kb=c.memory_kb,
                    message=c.message,
                )
            )
    with store.transaction():
        store.put_solution(baseline)
        store.put_verifier(verifier)
        store.put_runs(runs)
        store.add_event(
            "verifier.checked",
            candidate_id,
            {
                "verifier_id": verifier.id,
                "ok": report.ok,
                "checks": [c.__dict__ for c in report.checks],
                "test_ids": [t.id for t in tests],
            },
        )
    return VerifierResult(verifier, baseline, report, runs)


def last_check(store: Store, candidate_id: str) -> dict | None:
    events = store.list_events(candidate_id, kind="verifier.checked")
    return events[-1].payload if events else None


# -- cross-validation loop ------------------------------------------------------------------------------


@dataclass
class CrossValidationOutcome:
    ok: bool
    rounds: int
    failures: list[str]
    verifier: VerifierResult | None = None


async def cross_validation_loop(
    store: Store,
    candidate_id: str,
    provider: Provider,
    *,
    max_rounds: int = 3,
    seed: int = 0,
    settings: Settings | None = None,
) -> CrossValidationOutcome:
    """Tests and verifier check each other; each failed check goes back to its author, for at most
    ``max_rounds`` rounds. Every round is recorded as an event of the candidate."""
    test_feedback: list[str] = []
    verifier_feedback: list[str] = []
    need_tests = not current_tests(store, candidate_id)
    need_verifier = True
    last: VerifierResult | None = None
    failures: list[str] = []
    for rnd in range(1, max_rounds + 1):
        if need_tests:
            built = await generate_tests(
                store, candidate_id, provider=provider, feedback=test_feedback, seed=seed, settings=settings
            )
            if built.failures or not built.tests:
                test_feedback = built.failures or ["the generator produced no test"]
                failures = [f"tests: {f}" for f in test_feedback]
                store.add_event(
                    "crossval.round",
                    candidate_id,
                    {"round": rnd, "owner": "tests", "failures": test_feedback},
                )
                continue
        if need_verifier:
            last = await run_verifier(
                store, candidate_id, provider=provider, feedback=verifier_feedback, settings=settings
            )
        assert last is not None
        test_feedback = last.report.failures("tests")
        verifier_feedback = last.report.failures("verifier")
        failures = [f"tests: {f}" for f in test_feedback] + [f"verifier: {f}" for f in verifier_feedback]
        store.add_event("crossval.round", candidate_id, {"round": rnd, "ok": last.ok, "failures": failures})
        if last.ok:
            return CrossValidationOutcome(True, rnd, [], last)
        need_tests = bool(test_feedback)
        need_verifier = True
    return CrossValidationOutcome(False, max_rounds, failures, last)


# -- publish --------------------------------------------------------------------------------------------


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


async def publish_candidate(store: Store, candidate_id: str) -> Task:
    """Publish a candidate whose verifier passed cross-validation as a task; it rejoins the seed pool.

    A task is immutable and named by its package: publishing the same package again returns the stored
    task, and a changed package (a new verifier, new tests) is a new task that supersedes the candidate's
    previous one, which keeps its own submissions and leaderboard."""
    candidate = store.get_candidate(candidate_id)
    check = last_check(store, candidate_id)
    if not check or not check["ok"]:
        raise InvalidInputError(
            f"Candidate {candidate_id} has no verifier that passed cross-validation; call run_verifier until it passes."
        )
    verifier = store.get(Verifier, check["verifier_id"])
    baseline = store.get_solution(verifier.baseline_solution_id) if verifier.baseline_solution_id else None
    tests = [store.get_test(t) for t in check["test_ids"]]
    try:
        div = store.get_divergence(candidate_id)
        divergence = {"semantic": div.semantic, "behavioural": div.behavioural, "combined": div.combined}
    except Exception:
        divergence = {}
    tid = make_id("task", candidate_id, package_hash(candidate.problem, tests, verifier, baseline))
    task = Task(
        id=tid,
        candidate_id=candidate_id,
        problem=candidate.problem.model_copy(update={"id": tid}),
        verifier_id=verifier.id,
        baseline_solution_id=verifier.baseline_solution_id or "",
        test_ids=check["test_ids"],
        divergence=divergence,
    )
    with store.transaction():
        task, _replaced = store.publish_task(task)
        seed_problem = task.problem.model_copy(
            update={"provenance": {**task.problem.provenance, "task_id": task.id}}
        )
        store.put_seed(Seed(id=make_id("seed", task.id), problem=seed_problem, origin="task"))
        if candidate.status is not CandidateStatus.ACCEPTED:
            store.set_candidate_status(candidate_id, CandidateStatus.ACCEPTED, "published")
    return task


def task_summary(task: Task) -> dict:
    return json.loads(task.model_dump_json(include={"id", "candidate_id", "divergence"}))
