"""What each dashboard page shows, read from the store's public API (read-only): the pages render these
and the JSON endpoints return them. The funnel is the pipeline's own ``stage_table``, so its counts are the
ones ``synthesize`` prints."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field, field_validator

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    Candidate,
    CrossValidationReport,
    DefectMap,
    Divergence,
    FailureType,
    Problem,
    Solution,
    Submission,
    Task,
    TaskCard,
    Trajectory,
)
from frontiersmith.store import (
    CHAIN_RELATIONS,
    PRIMARY_RELATIONS,
    Exchange,
    PipelineRun,
    RecordSummary,
    Store,
)
from frontiersmith.store.records import CandidateRow, DivergencePoint
from frontiersmith.tools.synthesis.card import card_of
from frontiersmith.tools.synthesis.pipeline import SynthesisConfig, run_is_live
from frontiersmith.tools.synthesis.stages import STAGES, StageTable, stage_table

PAGE_SIZE = 50
# A task page lists at most this many of its evaluate attempts (the per-solver summary counts them all).
MAX_ATTEMPTS_SHOWN = 100
# A lineage tree stops growing here, so a store with a huge family still renders.
MAX_TREE_NODES = 2000
# Which records' write times tell when each stage of a run ran.
TIMELINE = (
    ("mutate + coarse judge", "candidates"),
    ("sample solutions", "solutions"),
    ("build tests", "test_suites"),
    ("cross-validate", "crossval_reports"),
    ("publish", "tasks"),
)


# -- runs ------------------------------------------------------------------------------------------------


@dataclass
class RunView:
    """One synthesis run as the runs pages show it: the run, its funnel, its stages' times and what its
    solutions' judging took."""

    run: PipelineRun
    table: StageTable
    timeline: list[tuple[str, float, float, int]]  # (stage, first write, last write, records)
    solution_time_ms: float
    judged_runs: int
    # Cost accounting (tools/synthesis/cost.py): every run checkpoints these after each stage; older runs lack them.
    tokens: int | None = None
    cpu_seconds: float | None = None
    # What it is now: the stored status, except a run stored as running that no process runs any more (killed),
    # which is "stopped"; only a live run is polled.
    status: str = ""

    @property
    def live(self) -> bool:
        """Whether the run is still running."""
        return self.status == "running"

    @property
    def rounds_started(self) -> int:
        """Rounds that have proposed their mutations: those done, and the one under way while it runs."""
        done = self.run.progress.rounds_done
        rounds = int(self.run.args.get("rounds") or done)
        return min(rounds, done + 1) if self.run.status == "running" else done

    @property
    def asked(self) -> int | None:
        """How many mutations the run's rounds so far asked for at most (K per round); the funnel's first
        row is how many were proposed, fewer when the provider offered fewer distinct mutations."""
        k = self.run.args.get("candidates")
        return int(k) * self.rounds_started if isinstance(k, int) else None


def run_view(store: Store, run: PipelineRun) -> RunView:
    """The view of ``run``, read from the store."""
    times = store.views.run_timeline(run.id)
    timeline = [(stage, *times[t]) for stage, t in TIMELINE if t in times]
    spent, judged = store.views.run_solution_time_ms(run.id)
    return RunView(
        run,
        stage_table(store, run.id),
        timeline,
        spent,
        judged,
        tokens=run.progress.tokens,
        cpu_seconds=run.progress.sandbox_cpu_seconds,
        status=run_status(store, run),
    )


def run_status(store: Store, run: PipelineRun) -> str:
    """A run's status as it is now: running, finished, failed, interrupted, or stopped (stored as running,
    but no process runs it: it was killed; the same command resumes it)."""
    if run.status == "running" and run_is_live(store.path, run.id) is False:
        return "stopped"
    return run.status


@dataclass
class Comparison:
    """Two runs side by side: their funnels, costs and the arguments they differ in."""

    a: RunView
    b: RunView
    runs: list[str]  # every run of the store, for choosing others

    @property
    def differing(self) -> list[tuple[str, Any, Any]]:
        """The arguments the two runs differ in, as (name, a's value, b's value), by name."""
        names = sorted(set(self.a.run.args) | set(self.b.run.args))
        return [
            (n, self.a.run.args.get(n), self.b.run.args.get(n))
            for n in names
            if self.a.run.args.get(n) != self.b.run.args.get(n)
        ]


def compare(store: Store, a: str | None, b: str | None) -> Comparison:
    """Runs ``a`` and ``b`` (default: the two latest) compared; one sentence when the store has fewer than two."""
    runs = store.pipeline_runs.list()
    if len(runs) < 2:
        raise InvalidInputError(
            f"Comparing runs needs two and the store holds {len(runs)}; run `frontiersmith synthesize` "
            "(or `frontiersmith demo --store` on this store) again with other arguments."
        )
    a = a or runs[-2].id
    b = b or runs[-1].id
    return Comparison(
        run_view(store, store.pipeline_runs.get(a)),
        run_view(store, store.pipeline_runs.get(b)),
        [r.id for r in runs],
    )


# The run's arguments the runs page shows, each with what it means (the config's own description).
RUN_PARAMETERS = ("rounds", "candidates", "n_solutions", "n_div", "n_final", "provider", "seeds", "seed")


def parameter_meaning(name: str) -> str:
    """What a synthesis argument means (its SynthesisConfig description; empty for an unknown name)."""
    field_info = SynthesisConfig.model_fields.get(name)
    return (field_info.description or "") if field_info is not None else ""


def runs(store: Store) -> list[RunView]:
    """Every run of the store, newest first."""
    return [run_view(store, r) for r in reversed(store.pipeline_runs.list())]


def run_progress(store: Store, run_id: str) -> dict[str, Any]:
    """A run's live progress for polling: its status, rounds done and the funnel's counts so far."""
    run = store.pipeline_runs.get(run_id)
    table = stage_table(store, run_id)
    return {
        "id": run.id,
        "status": run_status(store, run),
        "stop_reason": run.progress.stop_reason,
        "rounds_done": run.progress.rounds_done,
        "rounds": run.args.get("rounds"),
        "updated_at": run.updated_at,
        "stages": {stage.value: n for _name, n, _lost, stage in table.funnel()},
        "rejected": dict(table.rejected),
        "tasks": table.tasks,
    }


# -- candidates ------------------------------------------------------------------------------------------

STAGE_VALUES = tuple(s.value for s in STAGES)


class CandidateQuery(BaseModel):
    """The candidates page's filters, from its query string."""

    run: str | None = None
    reached: str | None = Field(None, description="passed this stage (the funnel's rows)")
    fell: str | None = Field(None, description="rejected at this stage")
    reason: str | None = None
    axis: str | None = None
    seed: str | None = Field(None, description="the record it mutates")
    status: str | None = None
    page: int = Field(1, ge=1)

    @field_validator("reached", "fell")
    @classmethod
    def _stage(cls, value: str | None) -> str | None:
        if value and value not in STAGE_VALUES:
            raise ValueError(f"a stage is one of {', '.join(STAGE_VALUES)}")
        return value or None

    @classmethod
    def parse(cls, params: dict[str, str]) -> CandidateQuery:
        """The query of a page's URL parameters (unknown and empty ones ignored); a bad value raises
        InvalidInputError naming the filter."""
        from pydantic import ValidationError

        given = {k: v for k, v in params.items() if k in cls.model_fields and v != ""}
        try:
            return cls(**given)
        except ValidationError as exc:
            first = exc.errors()[0]
            raise InvalidInputError(
                f"The filter {first['loc'][0]!r} is not valid ({first['msg'].removeprefix('Value error, ')}); fix it in the address or clear it."
            ) from None


@dataclass
class CandidatePage:
    """One page of the candidates list: the query, the total it matches, its rows, the facet counts and the
    runs to filter by."""

    query: CandidateQuery
    total: int
    rows: list[CandidateRow]
    facets: dict[str, dict[str, int]]
    run_ids: list[str]

    @property
    def pages(self) -> int:
        """How many pages the matching candidates fill (at least one)."""
        return max(1, -(-self.total // PAGE_SIZE))


def candidates(store: Store, query: CandidateQuery) -> CandidatePage:
    """The page of candidates ``query`` asks for, with the facet counts."""
    # Passed stage S: not rejected at S or any stage before it, as stage_table counts it.
    passed = STAGE_VALUES[: STAGE_VALUES.index(query.reached) + 1] if query.reached else ()
    total, rows = store.views.candidate_rows(
        run_id=query.run,
        axis=query.axis,
        parent_id=query.seed,
        status=query.status,
        fell_at=query.fell,
        passed_unless_fell_at=passed,
        reason=query.reason,
        limit=PAGE_SIZE,
        offset=(query.page - 1) * PAGE_SIZE,
    )
    run_ids = [r.id for r in store.pipeline_runs.list()]
    return CandidatePage(query, total, rows, store.views.candidate_facets(), run_ids)


@dataclass
class CandidateView:
    """What a candidate's page shows: the candidate and its parent, its solutions' scores on its tests, its
    current cross-validation report, divergence, tasks and every model exchange about it."""

    candidate: Candidate
    parent: Problem | None
    parent_kind: str
    solutions: list[Solution]
    divergence: Divergence | None
    test_ids: list[str]
    test_names: dict[str, str]
    matrix: dict[str, dict[str, float]]
    report: CrossValidationReport | None
    tasks: list[Task]
    exchanges: list[Exchange] = field(default_factory=list)  # every model exchange about it, in order


def candidate(store: Store, candidate_id: str) -> CandidateView:
    """The view of candidate ``candidate_id``, read from the store."""
    cand = store.candidates.get(candidate_id)
    parent = store.views.summaries([cand.parent_id])[cand.parent_id]
    parent_record = None if parent.kind == "external" else store.get_any(cand.parent_id)
    solutions = store.problems.list_solutions(cand.id)
    suite = store.candidates.current_suite(cand.id)
    tests = store.problems.list_tests(cand.id)
    test_ids = list(suite.test_ids) if suite is not None else [t.id for t in tests]
    names = {t.id: (t.name or t.id) for t in tests}
    return CandidateView(
        cand,
        getattr(parent_record, "problem", None),
        parent.kind,
        solutions,
        store.candidates.find_divergence(cand.id),
        test_ids,
        names,
        store.problems.score_matrix([s.id for s in solutions], test_ids),
        store.candidates.current_report(cand.id),
        store.tasks.list(cand.id),
        store.exchanges.list(subject_id=cand.id),
    )


# -- lineage ---------------------------------------------------------------------------------------------


@dataclass
class LineageView:
    """A family tree: the record asked for, the root, the record's own ancestry, each node's children and
    whether the tree was cut short."""

    record_id: str
    root: str
    chain: list[RecordSummary]  # the record's own ancestry, root first
    children: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # parent -> (child, relation)
    nodes: dict[str, RecordSummary] = field(default_factory=dict)
    truncated: bool = False


def lineage(store: Store, record_id: str) -> LineageView:
    """The family tree (seed → candidates → tasks → re-seeded seeds → their candidates ...) of the root of
    ``record_id``'s ancestry, down to every descendant."""
    chain = store.lineage.ancestors(record_id, PRIMARY_RELATIONS)
    target = chain[-1].id
    family = [s for s in chain if s.kind in ("seed", "candidate", "task")] or chain
    root = family[0].id
    view = LineageView(target, root, chain)
    seen, frontier = {root}, [root]
    while frontier and len(seen) < MAX_TREE_NODES:
        step = []
        for parent, child, relation in store.lineage.children(frontier, CHAIN_RELATIONS):
            if child in seen:
                continue
            seen.add(child)
            view.children.setdefault(parent, []).append((child, relation))
            step.append(child)
        frontier = step
    view.truncated = bool(frontier) and len(seen) >= MAX_TREE_NODES
    view.nodes = store.views.summaries(sorted(seen | {target}))
    return view


# -- divergence and tasks --------------------------------------------------------------------------------


def divergence_points(store: Store) -> list[DivergencePoint]:
    """Every candidate's divergence estimates, for the plots."""
    return store.views.divergence_points()


def point_kind(status: str) -> str:
    """A candidate status as a plot's colour: published, rejected or other."""
    return {"accepted": "published", "rejected": "rejected"}.get(status, "other")


@dataclass
class TaskRow:
    """One task of the tasks page: whether it is its candidate's latest version, its submissions and best
    score."""

    task: Task
    latest: bool
    submissions: int
    best: float | None


def tasks(store: Store) -> list[TaskRow]:
    """Every published task, newest first, with its submission count and best score."""
    latest, counts = store.tasks.latest_ids(), store.views.submission_counts()
    rows = []
    for task in reversed(store.tasks.list()):
        board = store.tasks.leaderboard(task.id, limit=1) if counts.get(task.id) else []
        rows.append(
            TaskRow(task, task.id in latest, counts.get(task.id, 0), board[0].score if board else None)
        )
    return rows


@dataclass
class SolverResult:
    """What one solver under evaluation did on one problem, over every ``evaluate`` attempt stored."""

    solver: str
    attempts: int
    judged: int  # attempts the judge scored (a system error is the judge's fault, not a 0 of the solver's)
    best: float | None
    mean: float | None
    failures: dict[str, int]  # failure type -> attempts
    last_at: float


def solver_results(trajectories: list[Trajectory]) -> list[SolverResult]:
    """Per solver, best first: its attempts, how many were judged, and its best and mean score over those."""
    by_solver: dict[str, list[Trajectory]] = {}
    for t in trajectories:
        by_solver.setdefault(t.solver, []).append(t)
    results = []
    for solver, attempts in by_solver.items():
        scores = [t.score for t in attempts if t.failure is not FailureType.SYSTEM_ERROR]
        failures: dict[str, int] = {}
        for t in attempts:
            failures[t.failure.value] = failures.get(t.failure.value, 0) + 1
        results.append(
            SolverResult(
                solver,
                len(attempts),
                len(scores),
                max(scores) if scores else None,
                sum(scores) / len(scores) if scores else None,
                failures,
                max(t.created_at for t in attempts),
            )
        )
    return sorted(results, key=lambda r: (-(r.best if r.best is not None else -1.0), r.solver))


@dataclass
class TaskView:
    """What a task's page shows: the task, its card, leaderboard, sampled solutions' scores and the solvers
    evaluated on it."""

    task: Task
    latest: bool
    leaderboard: list[Submission]
    submission_scores: list[float]
    sampled: dict[str, float]  # solution id -> mean score on the task's tests, from the stored runs
    strategies: dict[str, str]
    baseline: float | None  # the baseline's own mean score on the task's tests (None when never run)
    # `frontiersmith evaluate` on this task: per solver, and its attempts newest first (at most
    # MAX_ATTEMPTS_SHOWN; ``attempts_total`` counts them all)
    solvers: list[SolverResult] = field(default_factory=list)
    attempts: list[Trajectory] = field(default_factory=list)
    attempts_total: int = 0
    card: TaskCard | None = None  # the task card (tools/synthesis/card.py)


def _mean(scores: dict[str, float], test_ids: list[str]) -> float | None:
    got = [scores[t] for t in test_ids if t in scores]
    return sum(got) / len(got) if got else None


def task(store: Store, task_id: str) -> TaskView:
    """The view of task ``task_id``, read from the store."""
    t = store.tasks.get(task_id)
    solutions = [s for s in store.problems.list_solutions(t.candidate_id) if s.id != t.baseline_solution_id]
    matrix = store.problems.score_matrix([s.id for s in solutions] + [t.baseline_solution_id], t.test_ids)
    sampled = {s.id: m for s in solutions if (m := _mean(matrix[s.id], t.test_ids)) is not None}
    evaluated = store.frontier.list_trajectories(problem_id=t.id)
    return TaskView(
        t,
        t.id in store.tasks.latest_ids(),
        store.tasks.leaderboard(t.id, limit=20),
        store.views.submission_scores(t.id),
        sampled,
        {s.id: s.strategy for s in solutions},
        _mean(matrix[t.baseline_solution_id], t.test_ids),
        solver_results(evaluated),
        evaluated[::-1][:MAX_ATTEMPTS_SHOWN],
        len(evaluated),
        card_of(store, t.id),
    )


def trajectory(store: Store, trajectory_id: str) -> Trajectory:
    """One attempt of a solver under evaluation (``frontiersmith evaluate``), as stored."""
    return store.frontier.get_trajectory(trajectory_id)


# -- defects ---------------------------------------------------------------------------------------------


def defects(store: Store) -> list[DefectMap]:
    """Each diagnosed solver's latest Capability Defect Map (``frontiersmith diagnose``)."""
    maps = (store.frontier.latest_defect_map(solver) for solver in store.frontier.defect_map_solvers())
    return [m for m in maps if m is not None]
