"""What the idea-divergence filter says of problems that already have solutions: any imported benchmark's
problems (FrontierCS's, a user's own) with their solutions as files (``files:DIR``, replayed by the one judge;
what is stored is read, not judged again). Each problem's solutions are treated as the filter treats a
candidate's sampled ones: the semantic judge labels their ideas, their per-test scores give the behavioural
estimate, the tests that separate them and the ties at the top, and every gate decides with its reason. The
catalog's labelled families (open and pseudo-open, ``divergence.auc``) are measured beside them, so the report
carries the keep rate, and each measure's ROC AUC of open problems against pseudo-open ones, with bootstrap
intervals.
"""

from __future__ import annotations

import itertools
import random
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from frontiersmith.drafts import Provider, SolutionDraft, provider_name
from frontiersmith.errors import InvalidInputError, ProviderError
from frontiersmith.models import Divergence, Language, Trajectory
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store
from frontiersmith.thresholds import Thresholds

from ..llm.chat import keeping_bad_answers
from ..llm.offline import OfflineProvider
from ..problems.resolver import get_problem
from ..synthesis.divergence import formulas as dm
from ..synthesis.divergence.auc import MEASURES, DivergenceEvaluation, evaluate_catalog_divergence, measure_of
from ..synthesis.divergence.estimate import GateDecision, gate_decisions, keeps, semantic_labels
from .evaluate import SELECTORS, problem_for_folder, replay, select_problems
from .solvers import SolutionFile, read_solution, solution_files

SUBSET = 4  # the pipeline's usual number of sampled solutions a candidate
MAX_SUBSETS = 200  # subsets of a problem's solutions drawn for the expected keep rate at SUBSET solutions


@dataclass
class ProblemDivergence:
    """One problem's solutions as the filter sees a candidate's: the estimates, each gate's decision and why."""

    problem_id: str
    title: str
    source: str  # the folder its solutions are in (FrontierCS's problem number)
    solvers: list[str]  # one per solution: files:NAME, with the attempt when there are several
    scores: list[list[float]]  # solutions x tests, normalised scores
    m: int
    labels: list[int] = field(default_factory=list)  # the semantic judge's idea labels
    semantic: float | None = None
    behavioural: float | None = None
    crossing: float | None = None
    combined: float | None = None
    separating_tests: int = 0
    top_ties: int = 0
    decisions: list[GateDecision] = field(default_factory=list)
    subset_keep: float | None = None  # the keep rate over subsets of SUBSET of its solutions
    failure: str = ""  # why an estimate is missing

    @property
    def n(self) -> int:
        """The number of solutions sampled."""
        return len(self.solvers)

    @property
    def positive(self) -> int:
        """Solutions that score above 0 on some test."""
        return sum(any(v > 0 for v in row) for row in self.scores)

    @property
    def kept(self) -> bool:
        """Whether the filter keeps the problem: no gate rejects it."""
        return keeps(self.decisions)

    @property
    def top_tie_share(self) -> float | None:
        """The share of solutions scoring the best on every test; None without solutions."""
        return self.top_ties / self.n if self.n else None


@dataclass
class ProblemsEvaluation:
    """The filter on a benchmark's problems, beside the catalog's labelled families."""

    problems: list[ProblemDivergence]
    catalog: DivergenceEvaluation
    judge: str
    thresholds: Thresholds
    skipped: dict[str, str] = field(default_factory=dict)  # solutions folder -> why it was not used

    def contested(self) -> list[ProblemDivergence]:
        """The problems on which at least two solutions score above 0: the ones the filter can judge."""
        return [p for p in self.problems if p.positive >= 2]

    def keep_rates(self) -> dict[str, dict[str, float | int | None]]:
        """The share of problems kept (all, and those two solutions score on), with a 95% bootstrap interval,
        and the expected share at SUBSET solutions a problem."""
        out: dict[str, dict[str, float | int | None]] = {}
        for name, group in (("all", self.problems), ("contested", self.contested())):
            kept = [1.0 if p.kept else 0.0 for p in group]
            subsets = [p.subset_keep for p in group if p.subset_keep is not None]
            low, high = dm.bootstrap_interval(_share_of(kept), len(kept))
            out[name] = {
                "problems": len(group),
                "kept": int(sum(kept)),
                "rate": sum(kept) / len(kept) if kept else None,
                "low": low,
                "high": high,
                f"rate_at_{SUBSET}": sum(subsets) / len(subsets) if subsets else None,
            }
        families = self.catalog.families
        for kind in ("open", "pseudo-open"):
            fams = [f for f in families if f.kind == kind]
            out[f"catalog {kind}"] = {
                "problems": len(fams),
                "kept": sum(f.kept for f in fams),
                "rate": sum(f.kept for f in fams) / len(fams) if fams else None,
            }
        return out

    def aucs(self) -> dict[str, dict[str, float]]:
        """Each measure's ROC AUC of the contested problems against the catalog's pseudo-open families, with its
        95% bootstrap interval (and the catalog's own open families against them, for comparison)."""
        negatives = [f for f in self.catalog.families if f.kind == "pseudo-open"]
        open_fams = [f for f in self.catalog.families if f.kind == "open"]
        out: dict[str, dict[str, float]] = {}
        for measure in MEASURES:
            pos = [measure_of(p, measure) for p in self.contested()]
            neg = [measure_of(f, measure) for f in negatives]
            low, high = dm.roc_auc_interval(pos, neg)
            out[measure] = {
                "problems": dm.roc_auc(pos, neg),
                "low": low,
                "high": high,
                "catalog": dm.roc_auc([measure_of(f, measure) for f in open_fams], neg),
            }
        return out


def _share_of(flags: list[float]) -> Callable[[Any], float]:
    """The statistic a bootstrap resamples: the mean of ``flags`` over one resample's indices."""
    return lambda idx: sum(flags[i] for i in idx) / len(idx)


async def evaluate_problems_divergence(
    store: Store,
    solutions: Path | str,
    *,
    problems: str | Sequence[str] | None = None,
    attempts: int = 1,
    judge: Provider | None = None,
    families: list[str] | None = None,
    thresholds: Thresholds | None = None,
    settings: Settings | None = None,
    progress: Callable[[str], None] | None = None,
) -> ProblemsEvaluation:
    """The filter on every problem ``solutions`` (a ``files:DIR`` folder) has solutions for (``problems``: only
    these), with each solver's first ``attempts`` attempts as the problem's solutions; the catalog's open and
    pseudo-open families (``families``: only these) are measured beside them for the AUCs."""
    settings = settings or get_settings()
    thresholds = thresholds or settings.thresholds()
    judge = judge or OfflineProvider()
    if not 1 <= attempts <= 20:
        raise InvalidInputError(f"--attempts must be between 1 and 20, not {attempts}.")
    ids = select_problems(store, _by_source(store, problems)) if problems else None
    by_problem, skipped = await solution_trajectories(
        store, Path(solutions), attempts, ids, settings, progress
    )
    out = []
    for pid, trajectories in sorted(by_problem.items(), key=lambda kv: _source_order(store, kv[0])):
        measured = await measure_problem(store, pid, trajectories, judge, thresholds)
        out.append(measured)
        if progress is not None:
            progress(f"{measured.source or pid}: {'kept' if measured.kept else 'rejected'}")
    catalog = await evaluate_catalog_divergence(
        store,
        judge=judge,
        families=families,
        settings=settings,
        thresholds=thresholds,
        progress=None if progress is None else lambda d, t: progress(f"catalog families: {d} of {t}"),
    )
    return ProblemsEvaluation(out, catalog, provider_name(judge), thresholds, skipped)


async def solution_trajectories(
    store: Store,
    root: Path,
    attempts: int,
    problems: Sequence[str] | None,
    settings: Settings,
    progress: Callable[[str], None] | None,
) -> tuple[dict[str, list[Trajectory]], dict[str, str]]:
    """Each problem's trajectories of the solution files under ``root`` (each solver's first ``attempts``): a
    file whose program the store already holds judged on that problem as that solver's attempt is read (from
    any earlier replay or evaluation, of any subset of these files); only the others are replayed. Also the
    folders that could not be used, and why."""
    found: dict[str, list[Trajectory]] = {}
    skipped: dict[str, str] = {}
    missing: list[SolutionFile] = []
    stored: dict[str, dict[tuple[str, int, str], Trajectory]] = {}
    for f in solution_files(root):
        if f.attempt > attempts:
            continue
        try:
            pid = problem_for_folder(store, f.problem, problems)
        except InvalidInputError as exc:
            skipped[f.problem] = str(exc)
            continue
        if not pid or (problems is not None and pid not in problems):
            if not pid:
                skipped[f.problem] = "no problem of that name or id is stored (import the benchmark first)"
            continue
        if pid not in stored:
            stored[pid] = {
                (t.solver, t.attempt, t.code): t for t in store.frontier.list_trajectories(problem_id=pid)
            }
        draft = read_solution(f)
        known = stored[pid].get((f"files:{f.solver}", f.attempt, draft.code)) if draft.code else None
        if known is not None:
            found.setdefault(pid, []).append(known)
        elif draft.code:  # an attempt without a program is no solution: nothing to judge
            missing.append(f)
    if missing:
        with tempfile.TemporaryDirectory(prefix="fs-divergence-") as staged:
            for f in missing:  # the files still to judge, in the files:DIR layout
                (Path(staged) / f.problem).mkdir(exist_ok=True)
                (Path(staged) / f.problem / f.path.name).symlink_to(f.path.resolve())
            done = await replay(store, staged, problems=problems, settings=settings, progress=progress)
        for t in done.trajectories:
            found.setdefault(t.problem_id, []).append(t)
    return found, skipped


def _by_source(store: Store, problems: str | Sequence[str]) -> list[str]:
    """A ``--problems`` selector whose words may also be an imported benchmark's own names for its problems
    (FrontierCS's folder numbers), each read as that problem's id."""
    words = problems.replace(",", " ").split() if isinstance(problems, str) else list(problems)
    return [problem_for_folder(store, w) or w if w not in SELECTORS else w for w in words]


def _source_order(store: Store, pid: str) -> tuple[int, str]:
    """Problems in their benchmark's order (FrontierCS numbers its folders), then by id."""
    source = get_problem(store, pid).provenance.get("source", "")
    return (int(source), pid) if str(source).isdigit() else (1 << 30, f"{source}{pid}")


async def measure_problem(
    store: Store, pid: str, trajectories: list[Trajectory], judge: Provider, thresholds: Thresholds
) -> ProblemDivergence:
    """One problem's estimates and decisions from its solutions' trajectories: an attempt with no program
    (a generation that failed) is no solution; one that does not compile or run is a solution scoring 0."""
    problem = get_problem(store, pid)
    with_code = sorted(
        (t for t in trajectories if t.code and t.language is not None), key=lambda t: (t.solver, t.attempt)
    )
    several = any(t.attempt > 1 for t in with_code)
    names = [t.solver + (f"#{t.attempt}" if several else "") for t in with_code]
    tests = sorted({r["name"] for t in with_code for r in t.tests})
    scores = [[float(_score_of(t).get(name, 0.0)) for name in tests] for t in with_code]
    out = ProblemDivergence(
        pid, problem.title, str(problem.provenance.get("source", "")), names, scores, len(tests)
    )
    if len(with_code) < 2:
        out.failure = f"{len(with_code)} solution with a program; the filter needs 2"
        out.decisions = [GateDecision("semantic", "reject", out.failure)]
        return out
    drafts = [
        SolutionDraft(code=t.code, language=t.language or Language.CPP, strategy=t.strategy)
        for t in with_code
    ]
    try:
        with keeping_bad_answers(store):
            out.labels = await semantic_labels(judge, problem, drafts)
    except ProviderError as exc:
        out.failure = f"the semantic judge's labels could not be used: {exc}"
    decide_solutions(out, list(range(len(with_code))), thresholds, keep=True)
    out.subset_keep = subset_keep_rate(out, thresholds)
    return out


def _score_of(t: Trajectory) -> dict[str, float]:
    return {r["name"]: float(r.get("score", 0.0)) for r in t.tests}


def decide_solutions(p: ProblemDivergence, rows: list[int], thresholds: Thresholds, *, keep: bool) -> bool:
    """The filter's estimates and decision on the solutions ``rows`` of ``p`` (stored on ``p`` when ``keep``);
    whether it keeps them."""
    import numpy as np

    q = np.array([p.scores[i] for i in rows], dtype=float).reshape(len(rows), p.m)
    semantic = dm.semantic_from_labels([p.labels[i] for i in rows]) if p.labels else None
    div = Divergence(
        id=f"div_{p.problem_id}",
        candidate_id=p.problem_id,
        semantic=semantic,
        behavioural=dm.behavioural(q),
        crossing=dm.crossing(q),
        n=len(rows),
        m=p.m,
        separating_tests=dm.separating_tests(q),
        top_ties=dm.top_ties(q),
        mean_scores={p.solvers[i]: float(row.mean()) if p.m else 0.0 for i, row in zip(rows, q, strict=True)},
        strategies={p.solvers[i]: p.solvers[i].removeprefix("files:") for i in rows},
    )
    if p.m == 0:
        div.behavioural = div.crossing = None
        div.behavioural_reason = "no test was judged"
    decisions = gate_decisions(div, thresholds)
    if keep:
        p.semantic, p.behavioural, p.crossing = div.semantic, div.behavioural, div.crossing
        p.combined = dm.combined(
            div.semantic, div.behavioural, div.crossing, scale=thresholds.behavioural_scale
        )
        p.separating_tests, p.top_ties, p.decisions = div.separating_tests or 0, div.top_ties or 0, decisions
    return keeps(decisions)


def subset_keep_rate(p: ProblemDivergence, thresholds: Thresholds, size: int = SUBSET) -> float | None:
    """The share of ``size``-solution subsets of the problem's solutions the filter keeps: its keep rate when a
    candidate samples ``size`` solutions, as the pipeline does (None: it has no more than ``size``)."""
    if p.n <= size:
        return None
    every = list(itertools.combinations(range(p.n), size))
    chosen = every if len(every) <= MAX_SUBSETS else random.Random(p.problem_id).sample(every, MAX_SUBSETS)
    return sum(decide_solutions(p, list(rows), thresholds, keep=False) for rows in chosen) / len(chosen)
