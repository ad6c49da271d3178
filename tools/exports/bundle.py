"""What every export starts from: the published tasks a selector names, each as one typed ``TaskBundle``
(the task, its judge package, the baseline's objective per test, the best sampled solution, its lineage),
deduplicated by content hash and split by lineage family."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from frontiersmith.errors import InvalidInputError, NotFoundError
from frontiersmith.models import Candidate, Problem, Program, Solution, Task, TaskCard, Verifier, make_id
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.store.records import CHAIN_RELATIONS, RecordSummary

from ..judging.package import JudgePackage
from ..problems.resolver import cached_baseline_objectives, from_store
from ..synthesis.card import card_of
from ..synthesis.publish import package_hash
from ..synthesis.sample import sampled

LATEST, ALL = "latest", "all"


@dataclass
class SampledSolution:
    """One of the candidate's sampled solutions, with its mean normalised score over the task's tests."""

    solution: Solution
    mean_score: float

    @property
    def program(self) -> Program:
        """The solution's code and language, as the judge and the formats take a program."""
        return Program(code=self.solution.code, language=self.solution.language)


@dataclass
class TaskBundle:
    """One published task with everything a format writes: what the solver reads, what scores it, and how it
    was made. ``split`` is set by ``assign_splits`` (empty when the export has no splits)."""

    task: Task
    package: JudgePackage  # the task's tests (with their bytes), verifier, limits and baseline s*
    baseline_objectives: dict[str, float] | None  # per test name; None when scores need no baseline
    best: SampledSolution | None  # the candidate's sampled solution with the highest mean score
    lineage: list[RecordSummary]  # the family tree, oldest first: root seed, ..., candidate, the task
    content_hash: str  # tools/synthesis/publish.package_hash: equal content, equal hash
    candidate: Candidate | None = None
    split: str = ""
    duplicates: list[str] = field(default_factory=list)  # tasks of the same content left out for this one
    card: TaskCard | None = None  # its task card (stored at publication, or computed for an older task)

    @property
    def task_id(self) -> str:
        """The published task's id: the name of its folder and row in every format."""
        return self.task.id

    @property
    def family(self) -> str:
        """The lineage family: the root seed every task derived from it shares (siblings share one)."""
        return self.lineage[0].id if self.lineage else self.task.id

    @property
    def problem(self) -> Problem:
        """The task's problem (statement, limits, objective), as its package holds it."""
        return self.package.problem

    @property
    def seed_id(self) -> str | None:
        """The seed (or task) the candidate was mutated from."""
        return self.candidate.parent_id if self.candidate is not None else None

    @property
    def axis(self) -> str | None:
        """The mutation axis the candidate was made along (its value), or None when the bundle has no candidate."""
        return self.candidate.axis.value if self.candidate is not None else None

    @property
    def reference(self) -> Program | None:
        """The best program there is for this task: the best sampled solution, else the baseline."""
        return self.best.program if self.best is not None else self.package.baseline


def select_tasks(
    store: Store, tasks: str | None = None, run: str | None = None, everything: bool = False
) -> list[Task]:
    """The published tasks an export takes, oldest first.

    ``tasks`` is ``latest`` (each candidate's latest version: the default), ``all`` (every version), or
    comma-separated task ids (a candidate id stands for its latest task); ``run`` takes the latest tasks of a
    synthesis run's candidates; ``everything`` is ``all``. At most one of the three may be given."""
    given = [name for name, value in (("--tasks", tasks), ("--run", run), ("--all", everything)) if value]
    if len(given) > 1:
        raise InvalidInputError(f"Pass only one of {' and '.join(given)}; each selects the tasks on its own.")
    selector = ALL if everything else (tasks or LATEST).strip()
    if run:
        return _run_tasks(store, run)
    if selector == ALL:
        chosen = store.tasks.list()
    elif selector == LATEST:
        latest = store.tasks.latest_ids()
        chosen = [t for t in store.tasks.list() if t.id in latest]
    else:
        chosen = _named_tasks(store, selector)
    if not chosen:
        raise InvalidInputError(
            f"No published task in the store {store.path} matches the selection; run `frontiersmith synthesize` "
            "(or `frontiersmith demo`) first, or pass --store with the store a run printed.",
            over_mcp="No published task matches the selection; publish a candidate first (publish_candidate).",
        )
    return sorted(chosen, key=lambda t: (t.created_at, t.id))


def _named_tasks(store: Store, selector: str) -> list[Task]:
    names = [n.strip() for n in selector.split(",") if n.strip()]
    if not names:
        raise InvalidInputError("--tasks is empty; pass task ids separated by commas, 'latest' or 'all'.")
    found: dict[str, Task] = {}
    for name in names:
        record = store.find(Task, name)
        if record is None and store.find(Candidate, name) is not None:
            record = store.tasks.latest(name)
        if record is None:
            raise InvalidInputError(
                f"{name} is not a published task (nor a candidate with one); `frontiersmith problems` lists them.",
                over_mcp=f"{name} is not a published task (nor a candidate with one); list them with list_problems.",
            )
        found[record.id] = record
    return list(found.values())


def _run_tasks(store: Store, run: str) -> list[Task]:
    try:
        store.pipeline_runs.get(run)
    except NotFoundError:
        raise InvalidInputError(
            f"There is no synthesis run {run!r} in the store {store.path}; pass the run id that `frontiersmith "
            "synthesize` printed (and --store with its store).",
            over_mcp=f"There is no synthesis run {run!r} on this server; pass the id of a run in its store.",
        ) from None
    candidates = [c.id for c in store.candidates.list() if c.problem.provenance.get("run") == run]
    chosen = [t for t in (store.tasks.latest(c) for c in candidates) if t is not None]
    if not chosen:
        raise InvalidInputError(f"The synthesis run {run} published no task; nothing to export.")
    return sorted(chosen, key=lambda t: (t.created_at, t.id))


async def load_bundle(store: Store, task: Task, settings: Settings | None = None) -> TaskBundle:
    """The bundle of one published task (its baseline's objectives are computed once and cached)."""
    package = await from_store(store, task.id, settings)
    baseline_objectives = await cached_baseline_objectives(store, package, settings)
    verifier = store.get(Verifier, task.verifier_id)
    tests = [store.problems.get_test(t) for t in task.test_ids]
    baseline = store.problems.get_solution(task.baseline_solution_id) if task.baseline_solution_id else None
    candidate = store.find(Candidate, task.candidate_id)
    return TaskBundle(
        task=task,
        package=package,
        baseline_objectives=baseline_objectives,
        best=best_sampled(store, task),
        lineage=store.lineage.ancestors(task.id, CHAIN_RELATIONS),
        content_hash=package_hash(task.problem, tests, verifier, baseline, task.references),
        candidate=candidate,
        card=card_of(store, task.id) if candidate is not None else task.card,
    )


def best_sampled(store: Store, task: Task) -> SampledSolution | None:
    """The candidate's sampled solution with the highest mean score over the task's tests, as the task's own
    verifier scored it in cross-validation (a test it was never scored on counts 0); ties go to the first."""
    best: SampledSolution | None = None
    for sol in sampled(store, task.candidate_id):
        runs = {r.id: r for r in store.problems.list_runs(sol.id, task.test_ids)}
        scores = [
            runs[rid].score if rid in runs else 0.0
            for rid in (make_id("run", sol.id, t, task.verifier_id) for t in task.test_ids)
        ]
        mean = sum(scores) / len(scores) if scores else 0.0
        if best is None or mean > best.mean_score:
            best = SampledSolution(sol, mean)
    return best


def dedup(bundles: Sequence[TaskBundle]) -> list[TaskBundle]:
    """One bundle per content hash (the first, in selection order); the others are named on it."""
    kept: dict[str, TaskBundle] = {}
    for bundle in bundles:
        first = kept.setdefault(bundle.content_hash, bundle)
        if first is not bundle:
            first.duplicates.append(bundle.task_id)
    return list(kept.values())


_SPLIT_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,31}")


def parse_split(spec: str | None) -> list[tuple[str, float]]:
    """``train:0.9,test:0.1`` as ``[("train", 0.9), ("test", 0.1)]``: distinct names, positive shares that add
    up to 1. An empty spec is no split."""
    if spec is None or not spec.strip():
        return []
    parts: list[tuple[str, float]] = []
    for item in spec.split(","):
        name, sep, share = item.strip().partition(":")
        try:
            value = float(share) if sep else float("nan")
        except ValueError:
            value = float("nan")
        if not _SPLIT_NAME.fullmatch(name) or not 0 < value <= 1:
            raise InvalidInputError(
                f"--split {spec!r} is not NAME:SHARE,...; write e.g. train:0.9,test:0.1 (names of letters, "
                "digits, _ or -, shares above 0 that add up to 1)."
            )
        parts.append((name, value))
    names = [n for n, _ in parts]
    if len(set(names)) != len(names):
        raise InvalidInputError(f"--split {spec!r} names a split twice; name each split once.")
    if abs(sum(v for _, v in parts) - 1.0) > 1e-6:
        raise InvalidInputError(
            f"--split {spec!r} has shares adding up to {sum(v for _, v in parts):g}; make them add up to 1."
        )
    return parts


def _point(key: str) -> float:
    """A point in [0, 1) drawn from ``key``'s hash: where a family (or task) falls among the splits' shares."""
    return int(hashlib.sha256(key.encode()).hexdigest()[:16], 16) / 16**16


def _bounds(splits: Sequence[tuple[str, float]]) -> dict[str, tuple[float, float]]:
    """Each split's interval of [0, 1): the cumulative shares."""
    out, total = {}, 0.0
    for name, share in splits:
        out[name] = (total, total + share)
        total += share
    return out


def family_split(family: str, splits: Sequence[tuple[str, float]]) -> str:
    """The split a lineage family's hash point falls in, among the splits' cumulative shares. It depends on
    nothing else, so a family keeps its split as the store grows (unless ``assign_splits`` moves it to fill a
    split that would otherwise be empty, and says so)."""
    point = _point(family)
    for name, (_, high) in _bounds(splits).items():
        if point < high:
            return name
    return splits[-1][0]


@dataclass
class SplitReport:
    """How ``assign_splits`` placed the tasks, for the manifest and the command to say."""

    by: str = ""  # "family" (siblings together), "task" (too few families for the splits), "" (no split)
    moved: dict[str, str] = field(default_factory=dict)  # family (or task) -> the empty split it was moved to
    empty: list[str] = field(default_factory=list)  # splits left empty: fewer tasks than splits
    families: int = 0

    def describe(self, counts: dict[str, int]) -> str:
        """One sentence: what was split by what, what was moved where, what is left empty and why."""
        if not self.by:
            return ""
        shown = ", ".join(f"{n} {name}" for name, n in counts.items())
        unit = "lineage family" if self.by == "family" else "task"
        text = f"split by {unit} ({_plural(self.families, 'family', 'families')}): {shown}"
        if self.by == "task":
            text += "; with fewer families than splits, siblings of a family straddle splits"
        if self.moved:
            filled = sorted(set(self.moved.values()), key=list(counts).index)
            moves = " and ".join(f"{key} moved to {split}" for key, split in self.moved.items())
            text += f"; no {self.by}'s hash fell in {' or '.join(filled)}, so {moves}"
        if self.empty:
            tasks = _plural(sum(counts.values()), "task", "tasks")
            text += f"; {' and '.join(self.empty)} left empty: {tasks} cannot fill {len(counts)} splits"
        return text + "."


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def assign_splits(bundles: Sequence[TaskBundle], splits: Sequence[tuple[str, float]]) -> SplitReport:
    """Set every bundle's split, honouring the shares where the tasks allow: by lineage family (siblings
    never straddle splits) when there are at least as many families as splits, else by task when there are
    at least as many tasks; each family (or task) goes where its hash point falls (``family_split``), then
    a split left empty takes the family (or task) nearest to its interval from a split that has more than
    one, so every named split gets at least one task whenever there are enough."""
    for bundle in bundles:
        bundle.split = ""
    families = list(dict.fromkeys(b.family for b in bundles))
    if not splits:
        return SplitReport(families=len(families))
    by_task = len(families) < len(splits) <= len(bundles)
    key = (lambda b: b.task_id) if by_task else (lambda b: b.family)
    units = list(dict.fromkeys(key(b) for b in bundles))
    placed = {unit: family_split(unit, splits) for unit in units}
    bounds = _bounds(splits)
    report = SplitReport(by="task" if by_task else "family", families=len(families))
    for name, (low, high) in bounds.items():
        if name in placed.values():
            continue
        donors = [u for u in units if sum(v == placed[u] for v in placed.values()) > 1]
        if not donors:
            report.empty.append(name)
            continue
        # the unit whose point lies nearest the empty interval (ties: the first): the least arbitrary move
        unit = min(donors, key=lambda u: max(low - _point(u), _point(u) - high, 0.0))
        placed[unit] = report.moved[unit] = name
    for bundle in bundles:
        bundle.split = placed[key(bundle)]
    return report
