"""The co-evolution loop: evaluate the solver -> diagnose it -> synthesise candidates aimed at its defect
clusters -> validate them through Algorithm 1's own steps (+ solvability) -> select by frontier proximity ->
publish -> hand the batch to a trainer -> re-evaluate. An untargeted round (the paper's random axes, the
same budget) is measured in the same run, so the report says whether targeting pays.
"""

from __future__ import annotations

import shlex
import statistics
import subprocess
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, Field, model_validator

from frontiersmith.drafts import Provider
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import (
    Candidate,
    CandidateStatus,
    DefectCluster,
    DefectMap,
    FailureType,
    Stage,
    make_id,
)
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store

from .. import synthesis as syn
from ..catalog import family_for, get_family
from ..exports import export_tasks, get_format
from ..judging.executor import get_executor
from ..problems.resolver import get_problem
from ..synthesis.pipeline import Pipeline, SynthesisConfig
from ..synthesis.stages import StageTable
from .diagnose import diagnose, latest_defect_map
from .evaluate import evaluate, select_problems
from .operators import (
    OPERATOR_AXIS,
    Target,
    choose_operator,
    model_target,
    offline_target,
    predicted_ratio,
    variant_of,
)
from .spec import problem_spec, spec_draft

SOLVER_PREFIXES = ("model:", "agent:", "command:", "catalog:")
MAX_PROBLEMS_PER_CLUSTER = 3
UNPREDICTED = 0.25  # the proximity assumed for a target nothing predicts (a model's spec): below a hit
HOOK_TIMEOUT_S = 600


class CoevolveConfig(BaseModel):
    """A co-evolution run's arguments."""

    solver: str
    rounds: int = Field(2, ge=1, le=50)
    per_round: int = Field(4, ge=1, le=100, description="K: targeted candidates proposed per round")
    n_solutions: int = Field(4, ge=2, le=64)
    band: tuple[float, float] = Field(
        (0.2, 0.8), description="the learning band, as shares of the best known"
    )
    seed: int = 0
    attempts: int = Field(1, ge=1, le=20)
    train_hook: str | None = None
    untargeted: bool = Field(True, description="also measure an untargeted round with the same budget")
    problems: str = Field(
        "catalog", description="what the solver is evaluated on first (evaluate's selector)"
    )
    export_format: str = Field("verl", description="the format the train hook's batch is exported in")

    @model_validator(mode="after")
    def _check(self) -> CoevolveConfig:
        lo, hi = self.band
        if not 0 <= lo < hi <= 1:
            raise ValueError("the learning band must be two shares 0 <= lo < hi <= 1")
        if not self.solver.startswith(SOLVER_PREFIXES):
            raise ValueError(
                "the solver must be a spec: catalog:weak|medium|strong, model:NAME, agent:NAME or command:PATH"
            )
        try:
            get_format(self.export_format)
        except InvalidInputError as exc:
            raise ValueError(str(exc).rstrip(".")) from None
        return self


class FrontierMeasure(BaseModel):
    """Where one validated candidate sits for the solver: its expected score against the best known."""

    candidate_id: str
    operator: str | None = None
    expected: float
    best: float
    ratio: float  # expected / best (0 when nothing beats the baseline)
    proximity: float  # 1 at the band's centre, 0.5 at its edges, 0 a band's half-width beyond them
    solvable: bool  # a reference (the best sampled solution) beats the baseline
    hit: bool  # inside the learning band: the solver near-solves it
    solved: bool  # at or above the band's top
    task_id: str | None = None


class ArmReport(BaseModel):
    """One arm of the comparison: the candidates it proposed and where the validated ones sit."""

    proposed: int = 0
    validated: int = 0
    published: list[str] = Field(default_factory=list)
    measures: list[FrontierMeasure] = Field(default_factory=list)
    solvability_rate: float = 0.0  # of the validated: a reference beats the baseline
    frontier_hit_rate: float = 0.0  # of the validated: inside the learning band
    frontier_hits_per_proposal: float = 0.0  # hits over the whole budget, rejections included
    rejected: dict[str, int] = Field(default_factory=dict)  # stage -> count


class RoundReport(ArmReport):
    round: int
    solver: str
    clusters_found: int = 0
    clusters_targeted: int = 0
    defect_coverage: float = 0.0
    operators: dict[str, int] = Field(default_factory=dict)
    r_agent: float = 0.0
    r_synth: float = 0.0
    batch: str | None = None
    next_solver: str | None = None
    hook: str = ""  # what the train hook said when it failed


class CoevolveReport(BaseModel):
    """A coevolution run: each round's report, how many distinct defect clusters it met, and the targeted arm
    beside the untargeted one when both ran."""

    solver: str
    rounds: list[RoundReport] = Field(default_factory=list)
    distinct_clusters: int = 0
    targeted: ArmReport = Field(default_factory=ArmReport)
    untargeted: ArmReport | None = None
    wall_s: float = 0.0


# -- frontier proximity ------------------------------------------------------------------------------------


def proximity(ratio: float, band: tuple[float, float]) -> float:
    """How near ``ratio`` is to the centre of ``band``: 1 there, 0.5 at its edges, 0 from half the band's width
    beyond them."""
    lo, hi = band
    centre, half = (lo + hi) / 2, (hi - lo) / 2
    return max(0.0, 1.0 - abs(ratio - centre) / (2 * half))


def _expected(solver: str, scores: list[float]) -> float:
    """A catalog solver's score on a synthesised problem: its sampled solutions graded by mean score, weak
    the worst, medium the median, strong the best (the grading tools/frontier's solvers use)."""
    grade = solver.removeprefix("catalog:")
    ranked = sorted(scores)
    return {"weak": ranked[0], "strong": ranked[-1]}.get(grade, statistics.median(ranked))


async def measure(
    store: Store, solver: str, candidate: Candidate, band: tuple[float, float], operator: str | None = None
) -> FrontierMeasure | None:
    """The solver's expected score on a validated candidate against its best known (None: not measured)."""
    div = store.candidates.find_divergence(candidate.id)
    if div is None or not div.mean_scores:
        return None
    scores = list(div.mean_scores.values())
    best = max(scores)
    if solver.startswith("catalog:"):
        expected = _expected(solver, scores)
    else:
        expected = await _evaluated(store, solver, candidate.id)
    ratio = expected / best if best > 0 else 0.0
    lo, hi = band
    return FrontierMeasure(
        candidate_id=candidate.id,
        operator=operator,
        expected=expected,
        best=best,
        ratio=ratio,
        proximity=proximity(ratio, band) if best > 0 else 0.0,
        solvable=best > 0,
        hit=best > 0 and lo <= ratio <= hi,
        solved=best > 0 and ratio > hi,
    )


async def _evaluated(store: Store, solver: str, problem_id: str) -> float:
    """A model, agent or command solver's mean score over its attempts on a candidate, through
    tools/frontier's evaluate (once: the attempts stored before are its expected score)."""
    trajectories = store.frontier.list_trajectories(solver=solver, problem_id=problem_id)
    if not trajectories:
        trajectories = await evaluate(store, solver, [problem_id], attempts=1)
    return statistics.fmean(t.score for t in trajectories) if trajectories else 0.0


# -- one targeted round ------------------------------------------------------------------------------------


@dataclass
class TargetedRound:
    """Algorithm 1's round with the mutations planned from the defect map, and selection by frontier
    proximity instead of divergence rank (the divergence gates still apply): the pipeline's two extension
    points, ``mutations`` and ``selection``."""

    targets: list[Target]
    solver: str
    band: tuple[float, float]

    def pipeline(
        self, store: Store, provider: Provider, config: SynthesisConfig, settings: Settings, progress
    ) -> Pipeline:
        """A pipeline whose rounds use this round's mutations and selection."""
        return Pipeline(
            store, provider, config, settings, progress, mutations=self.mutations, selection=self.selection
        )

    async def mutations(self, pipe: Pipeline, rnd: int) -> None:
        """Propose one candidate a target: its spec as the operator changed it, along the operator's axis."""
        for i, t in enumerate(self.targets):
            provenance: dict = {"operator": t.operator.value, "cluster": t.cluster.key}
            if t.family is not None:
                provenance["variant"] = variant_of(get_family(t.family), t.spec)
            await syn.mutate_problem(
                pipe.store,
                t.parent_id,
                OPERATOR_AXIS[t.operator],
                authored=spec_draft(t.spec, t.rationale, catalog=t.family),
                round=rnd,
                index=i,
                run_id=pipe.run_id,
                proposer=f"targeted:{t.operator.value}",
                spec=t.spec,
                provenance=provenance,
            )

    async def selection(self, pipe: Pipeline, rnd: int) -> None:
        """Apply the divergence gates, then publish up to ``n_final`` candidates by frontier proximity, rejecting
        those no reference solves or whose expected score is outside the band."""
        for c in pipe.candidates(rnd, CandidateStatus.KEPT):
            pipe.fall(c.id, syn.divergence_gate(pipe.divergence(c.id), pipe.config.thresholds))
        measures = await measure_arm(pipe, rnd, self.solver, self.band)
        ranked = sorted(measures, key=lambda m: (-m.proximity, m.candidate_id))
        published = 0
        for m in ranked:
            c = pipe.store.candidates.get(m.candidate_id)
            if c.status is CandidateStatus.ACCEPTED:
                published += 1
            elif not m.solvable:
                pipe.reject(c.id, Stage.SELECTION, "no reference beats the baseline (not solvable)")
            elif not m.hit:
                pipe.reject(
                    c.id,
                    Stage.SELECTION,
                    f"the solver's expected score is {m.ratio:.2f} of the best known, outside the learning "
                    f"band {self.band[0]:.1f}-{self.band[1]:.1f}",
                )
            elif published >= pipe.config.n_final:
                pipe.reject(
                    c.id, Stage.SELECTION, f"not in the top {pipe.config.n_final} by frontier proximity"
                )
            else:
                await syn.publish_candidate(pipe.store, c.id, thresholds=pipe.config.thresholds)
                published += 1
        pipe.progress("publish", published, published)


async def measure_arm(
    pipe: Pipeline, rnd: int, solver: str, band: tuple[float, float]
) -> list[FrontierMeasure]:
    """The frontier measure of every candidate of a pipeline's round that passed validation."""
    out = []
    for c in pipe.candidates(rnd):
        fell = c.rejection is not None and c.rejection.stage is not Stage.SELECTION
        if c.status is CandidateStatus.PROPOSED or (c.status is CandidateStatus.REJECTED and fell):
            continue
        if syn.divergence_gate(pipe.divergence(c.id), pipe.config.thresholds) is not None:
            continue
        report = pipe.store.candidates.current_report(c.id)
        if report is None or not report.ok:
            continue
        m = await measure(pipe.store, solver, c, band, c.problem.provenance.get("operator"))
        if m is not None:
            latest = pipe.store.tasks.latest(c.id)
            m.task_id = latest.id if latest is not None else None
            out.append(m)
    return out


# -- planning from the defect map --------------------------------------------------------------------------

# Clusters that say something is wrong come before the successes (algorithm replacement is the last resort).
_ORDER = {f: i for i, f in enumerate(FailureType)}


def aimable(dmap: DefectMap) -> list[DefectCluster]:
    """The clusters an operator can aim at, taking each operator in turn (so one kind of defect does not
    take the whole budget), within an operator the worst failure first, then the largest."""
    found = [c for c in dmap.clusters if choose_operator(c) is not None and c.problems]
    found.sort(key=lambda c: (_ORDER[c.failure], -c.attempts, c.key))
    queues: dict[str, list[DefectCluster]] = {}
    for c in found:
        queues.setdefault(str(choose_operator(c)), []).append(c)
    out: list[DefectCluster] = []
    while any(queues.values()):
        for q in queues.values():
            if q:
                out.append(q.pop(0))
    return out


async def plan_targets(
    store: Store,
    solver: str,
    dmap: DefectMap,
    k: int,
    provider: Provider | None = None,
    band: tuple[float, float] = (0.2, 0.8),
) -> list[Target]:
    """Up to ``k`` targeted mutations. Every aimable cluster gets its operator applied on each of its problems
    (a model applies it when the provider can, else it is realised on the catalog); the targets whose
    predicted expected score (from the problem's board and the solver's own scores per distribution) lies
    nearest the learning band's centre are taken, one per (problem, operator), operators taken in turn
    among the targets nobody can predict."""
    options: list[tuple[float, int, Target]] = []
    seen: set[str] = set()
    for turn, cluster in enumerate(aimable(dmap)):
        operator = choose_operator(cluster)
        assert operator is not None
        for pid in sorted(cluster.problems)[:MAX_PROBLEMS_PER_CLUSTER]:
            target = await _target(store, solver, cluster, operator, pid, provider)
            if target is None or (key := target.spec.model_dump_json() + pid) in seen:
                continue
            seen.add(key)
            predicted = predicted_ratio(store, solver, target)
            score = proximity(predicted, band) if predicted is not None else UNPREDICTED
            options.append((score, turn, target))
    chosen: list[Target] = []
    taken: set[tuple[str, str]] = set()
    for _score, _turn, target in sorted(options, key=lambda o: (-o[0], o[1])):
        if len(chosen) < k and (target.parent_id, target.operator.value) not in taken:
            taken.add((target.parent_id, target.operator.value))
            chosen.append(target)
    return chosen


async def _target(
    store: Store, solver: str, cluster: DefectCluster, operator, pid: str, provider: Provider | None
) -> Target | None:
    try:
        problem = get_problem(store, pid)
    except Exception:
        return None
    if family_for(problem) is None and provider is not None:
        return await model_target(provider, cluster, operator, pid, await problem_spec(problem, provider))
    return offline_target(store, solver, cluster, operator, pid)


# -- the loop ----------------------------------------------------------------------------------------------


@dataclass
class _State:
    solver: str
    report: CoevolveReport
    evaluated: set[str] = field(default_factory=set)  # problems the current solver has been evaluated on


def _summary(
    measures: list[FrontierMeasure], proposed: int, published: list[str], rejected: Counter
) -> ArmReport:
    n, hits = len(measures), sum(m.hit for m in measures)
    return ArmReport(
        proposed=proposed,
        validated=n,
        published=published,
        measures=measures,
        solvability_rate=(sum(m.solvable for m in measures) / n) if n else 0.0,
        frontier_hit_rate=(hits / n) if n else 0.0,
        frontier_hits_per_proposal=(hits / proposed) if proposed else 0.0,
        rejected=dict(rejected),
    )


def _arm(measures: list[FrontierMeasure], table: StageTable) -> ArmReport:
    return _summary(measures, table.proposed, list(table.tasks), table.rejected)


def _merge(arms: list[RoundReport]) -> ArmReport:
    rejected: Counter = Counter()
    for a in arms:
        rejected.update(a.rejected)
    measures = [m for a in arms for m in a.measures]
    return _summary(measures, sum(a.proposed for a in arms), [t for a in arms for t in a.published], rejected)


def rewards(measures: list[FrontierMeasure]) -> tuple[float, float]:
    """R_agent = sum of w(d_i) * solved_i with d_i = 1 - ratio the difficulty and w(d) = 1 + d, and
    R_synth = sum of valid * not solved * proximity (the proposal's rewards), over a round's validated."""
    r_agent = sum((1 + (1 - m.ratio)) * m.solved for m in measures)
    r_synth = sum(m.solvable * (not m.solved) * m.proximity for m in measures)
    return r_agent, r_synth


def run_train_hook(command: str, batch: Path) -> tuple[str | None, str]:
    """Run the trainer on a batch: ``command BATCH_PATH`` (an export's folder); its last output line, when it is a solver spec,
    is the solver to evaluate next. A failing hook is reported (second value), never fatal."""
    try:
        done = subprocess.run(
            [*shlex.split(command), str(batch)], capture_output=True, text=True, timeout=HOOK_TIMEOUT_S
        )
    except (OSError, ValueError, subprocess.TimeoutExpired) as exc:
        return None, f"the train hook could not run: {exc}"[:300]
    if done.returncode != 0:
        return None, f"the train hook exited with {done.returncode}: {done.stderr.strip()[-200:]}"
    lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    spec = lines[-1] if lines and lines[-1].startswith(SOLVER_PREFIXES) else None
    return spec, ""


async def export_batch(
    store: Store, coevolve_id: str, rnd: int, tasks: list[str], fmt: str, settings: Settings | None = None
) -> Path:
    """The round's batch for the trainer: its tasks exported (``frontiersmith export``'s Python API) in
    ``fmt`` into a folder beside the store, whose path the train hook gets."""
    folder = store.path.parent / "coevolve" / f"{coevolve_id}-round{rnd}-{fmt}"
    folder.parent.mkdir(parents=True, exist_ok=True)
    await export_tasks(store, fmt, folder, tasks=",".join(tasks), settings=settings)
    return folder


def _synthesis_config(cfg: CoevolveConfig, settings: Settings, seed: int, n_final: int) -> SynthesisConfig:
    return SynthesisConfig.from_settings(
        settings,
        rounds=1,
        candidates=cfg.per_round,
        n_solutions=cfg.n_solutions,
        n_div=cfg.per_round,
        n_final=n_final,
        seed=seed,
        seeds="catalog",
    )


async def _evaluate_and_diagnose(
    store: Store, state: _State, problems: list[str], attempts: int, settings: Settings
) -> DefectMap:
    todo = [p for p in problems if p not in state.evaluated]
    if todo:
        await evaluate(store, state.solver, todo, attempts=attempts, settings=settings)
        state.evaluated.update(todo)
    return diagnose(store, state.solver)


async def coevolve(
    store: Store,
    cfg: CoevolveConfig,
    provider: Provider,
    settings: Settings | None = None,
    progress=None,
) -> CoevolveReport:
    """R rounds of evaluate -> diagnose -> targeted synthesis -> validate -> select -> publish -> train, then
    an untargeted round with the same budget, measured the same way (``cfg.untargeted``). All of it judges on
    one executor, the settings' (on Ray, the workers); the driver alone writes the store."""
    settings = settings or get_settings()
    # One executor for the whole loop: its evaluations and synthesis runs reuse it (and its warm sandboxes)
    # instead of each asking the cluster for workers of their own.
    async with get_executor(settings):
        return await _coevolve(store, cfg, provider, settings, progress)


async def _coevolve(
    store: Store, cfg: CoevolveConfig, provider: Provider, settings: Settings, progress
) -> CoevolveReport:
    started = time.monotonic()
    coevolve_id = make_id("coev", cfg.model_dump(mode="json"))
    state = _State(cfg.solver, CoevolveReport(solver=cfg.solver))
    problems = select_problems(store, cfg.problems)
    clusters_seen: set[str] = set()
    for rnd in range(cfg.rounds):
        dmap = await _evaluate_and_diagnose(store, state, problems, cfg.attempts, settings)
        clusters_seen.update(c.key for c in dmap.clusters if c.failure is not FailureType.SUCCESS)
        report = await _targeted_round(store, cfg, provider, settings, state, dmap, rnd, progress)
        problems += report.published
        if cfg.train_hook and report.published:
            batch = await export_batch(store, coevolve_id, rnd, report.published, cfg.export_format, settings)
            report.batch = str(batch)
            report.next_solver, report.hook = run_train_hook(cfg.train_hook, Path(report.batch))
            if report.next_solver and report.next_solver != state.solver:
                state.solver, state.evaluated = report.next_solver, set()
        state.report.rounds.append(report)
        store.events.add("coevolve.round", coevolve_id, report.model_dump(mode="json"))
    # re-evaluate: the last round's tasks join the solver's trajectories (and its defect map)
    await _evaluate_and_diagnose(store, state, problems, cfg.attempts, settings)
    out = state.report
    out.distinct_clusters = len(clusters_seen)
    out.targeted = _merge(out.rounds)
    if cfg.untargeted:
        out.untargeted = await _untargeted_round(store, cfg, provider, settings, progress)
    out.wall_s = round(time.monotonic() - started, 1)
    store.events.add("coevolve.finished", coevolve_id, out.model_dump(mode="json", exclude={"rounds"}))
    return out


async def _targeted_round(
    store: Store,
    cfg: CoevolveConfig,
    provider: Provider,
    settings: Settings,
    state: _State,
    dmap: DefectMap,
    rnd: int,
    progress,
    run_seed: int | None = None,
) -> RoundReport:
    """One targeted round aimed at ``dmap``; its synthesis run's seed is ``run_seed`` (default: from the
    loop's seed and the round, apart from the untargeted round's)."""
    targets = await plan_targets(store, state.solver, dmap, cfg.per_round, provider, cfg.band)
    found = [c for c in dmap.clusters if c.failure is not FailureType.SUCCESS]
    seed = run_seed if run_seed is not None else cfg.seed * 1000 + rnd + 1
    config = _synthesis_config(cfg, settings, seed=seed, n_final=cfg.per_round)
    pipe = TargetedRound(targets, state.solver, cfg.band).pipeline(
        store, provider, config, settings, progress
    )
    table = await pipe.run()
    arm = _arm(await measure_arm(pipe, 0, state.solver, cfg.band), table)
    r_agent, r_synth = rewards(arm.measures)
    targeted = {t.cluster.key for t in targets}
    return RoundReport(
        **arm.model_dump(),
        round=rnd,
        solver=state.solver,
        clusters_found=len(found),
        clusters_targeted=len(targeted & {c.key for c in found}),
        defect_coverage=(len(targeted & {c.key for c in found}) / len(found)) if found else 0.0,
        operators=dict(Counter(t.operator.value for t in targets)),
        r_agent=r_agent,
        r_synth=r_synth,
    )


async def _untargeted_round(
    store: Store, cfg: CoevolveConfig, provider: Provider, settings: Settings, progress
) -> ArmReport:
    """Algorithm 1's own round (random axes) with the same budget, measured for the same solver."""
    config = _synthesis_config(cfg, settings, seed=cfg.seed * 1000, n_final=cfg.per_round)
    pipe = Pipeline(store, provider, config, settings, progress)
    table = await pipe.run()
    return _arm(await measure_arm(pipe, 0, cfg.solver, cfg.band), table)


async def synthesize_targeted(
    store: Store,
    solver: str,
    provider: Provider,
    *,
    per_round: int = 4,
    band: tuple[float, float] = (0.2, 0.8),
    seed: int = 0,
    settings: Settings | None = None,
    progress=None,
) -> RoundReport:
    """One targeted round from the solver's latest stored defect map (diagnose it first): candidates aimed
    at its clusters, validated by Algorithm 1's steps, the ones in its learning band published."""
    cfg = CoevolveConfig(solver=solver, rounds=1, per_round=per_round, band=band, seed=seed)
    dmap = latest_defect_map(store, solver)
    state = _State(solver, CoevolveReport(solver=solver))
    # The round is named by the map it aims at, so a new diagnosis gives a new round and a repeat resumes.
    run_seed = int(make_id("round", dmap.id, per_round, band, seed)[-8:], 16)
    return await _targeted_round(
        store, cfg, provider, settings or get_settings(), state, dmap, 0, progress, run_seed
    )
