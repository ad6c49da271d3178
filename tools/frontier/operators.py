"""Targeted mutation operators, beside the paper's three axes: each edits a problem spec where the defect map
says the solver fails. With a model an operator is a prompt; offline it is realised on the catalog (a
family's Config, its distributions re-drawn, or a sibling family), so the co-evolution loop needs no model.
"""

from __future__ import annotations

import math
import random
import re
import statistics
from dataclasses import dataclass
from enum import StrEnum

from frontiersmith.drafts import Provider
from frontiersmith.errors import ProviderError
from frontiersmith.models import (
    Axis,
    Candidate,
    DefectCluster,
    DistributionRule,
    FailureType,
    ProblemSpec,
    Task,
)
from frontiersmith.store import Store

from ..catalog import Family, family_for, get_family, list_families, load_module
from ..problems.resolver import get_problem
from ..synthesis.quality import SCALE_SHARE
from .board import BOARD_EVENT, Board
from .spec import spec_for_family


class Operator(StrEnum):
    """The targeted operators, each a change of the problem aimed at one defect cluster of the solver."""

    BOUNDARY_INJECTION = "boundary_injection"  # more tests of the boundary the solver nearly passes
    CONSTRAINT_STACKING = "constraint_stacking"  # one more constraint on a legal answer
    ALGORITHM_REPLACEMENT = "algorithm_replacement"  # the inputs where the solver's dominant idea loses
    SCALE_UP = "scale_up"  # larger inputs: the size bounds and the generator's parameters raised


# Which part of the tuple each operator changes (a candidate records an axis).
OPERATOR_AXIS = {
    Operator.BOUNDARY_INJECTION: Axis.INPUT,
    Operator.CONSTRAINT_STACKING: Axis.OUTPUT,
    Operator.ALGORITHM_REPLACEMENT: Axis.INPUT,
    Operator.SCALE_UP: Axis.INPUT,
}

# A defect, the operator that aims at it (the proposal's table).
FAILURE_OPERATOR = {
    FailureType.TIME_OUT: Operator.SCALE_UP,
    FailureType.MEMORY_OUT: Operator.SCALE_UP,
    FailureType.INVALID_OUTPUT: Operator.CONSTRAINT_STACKING,
    FailureType.NEAR_SUCCESS: Operator.BOUNDARY_INJECTION,
    FailureType.RUNTIME_ERROR: Operator.BOUNDARY_INJECTION,
    FailureType.SUCCESS: Operator.ALGORITHM_REPLACEMENT,  # one dominant strategy succeeding
    FailureType.SUBOPTIMAL: Operator.ALGORITHM_REPLACEMENT,
    FailureType.BELOW_BASELINE: Operator.ALGORITHM_REPLACEMENT,
}
SCALE_FACTOR = 2
_SIZE_KEY = re.compile(r"(n|m|k|len|side)_max")  # the generator parameters that are input sizes
EXTRA_TESTS = 2  # re-drawn distributions an operator adds


def choose_operator(cluster: DefectCluster) -> Operator | None:
    """The operator a cluster calls for; None for failures that say nothing about the problem (no code, a
    compile error, the judge's own error)."""
    return FAILURE_OPERATOR.get(cluster.failure)


@dataclass
class Target:
    """One planned targeted mutation: the cluster, the operator, the problem it mutates and the new spec."""

    cluster: DefectCluster
    operator: Operator
    parent_id: str
    family: str | None  # the catalog family the new spec is realised on (None: a model wrote it)
    spec: ProblemSpec
    rationale: str


def distribution_scores(store: Store, solver: str, problem_id: str) -> dict[str, float]:
    """The solver's mean score per test distribution on a problem, over its stored trajectories."""
    per: dict[str, list[float]] = {}
    for t in store.frontier.list_trajectories(solver=solver, problem_id=problem_id):
        for r in t.results():
            info = t.test_info.get(r.name)
            dist = info.distribution if info and info.distribution else r.name.rsplit("-", 1)[0]
            per.setdefault(dist, []).append(r.score)
    return {d: statistics.fmean(v) for d, v in per.items() if v}


def _weakest(spec: ProblemSpec, scores: dict[str, float], cluster: DefectCluster) -> list[str]:
    """The spec's distributions, the cluster's first, then by the solver's score, lowest first."""
    names = [r.name for r in spec.tests if r.base is None]
    named = cluster.features.get("distribution")
    return sorted(names, key=lambda d: (d != named, scores.get(d, 1.0), d))


def _redraw(spec: ProblemSpec, dist: str, purpose: str) -> list[DistributionRule]:
    tests = next((r.tests for r in spec.tests if r.name == dist), 2)
    taken = {r.name for r in spec.tests}
    out: list[DistributionRule] = []
    for i in range(1, 10):
        if len(out) == EXTRA_TESTS:
            break
        name = f"{dist}_{purpose[:5]}{i}"
        if name not in taken:
            out.append(DistributionRule(name=name, tests=tests, base=dist, purpose=purpose))
    return out


def boundary_injection(spec: ProblemSpec, scores: dict[str, float], cluster: DefectCluster) -> ProblemSpec:
    """More tests of the distribution the solver nearly passes (its boundary): the near-success becomes the
    score that decides."""
    dist = _weakest(spec, scores, cluster)[0]
    return spec.model_copy(update={"tests": [*spec.tests, *_redraw(spec, dist, "boundary")]}, deep=True)


def algorithm_replacement(spec: ProblemSpec, scores: dict[str, float], cluster: DefectCluster) -> ProblemSpec:
    """Keep the inputs where the solver's idea scores below its own mean (at least two distributions) and
    draw the worst again: its dominant idea no longer carries the problem."""
    ranked = _weakest(spec, scores, cluster)
    mean = statistics.fmean(scores.values()) if scores else 0.0
    kept = [d for d in ranked if scores.get(d, 0.0) < mean] or ranked[:1]
    kept = (kept + [d for d in ranked if d not in kept])[: max(2, len(kept))]
    rules = [r for r in spec.tests if r.name in kept] + _redraw(spec, ranked[0], "replacement")
    return spec.model_copy(update={"tests": rules}, deep=True)


def scale_up(spec: ProblemSpec, fam: Family, scores: dict[str, float], cluster: DefectCluster) -> ProblemSpec:
    """Raise the size parameters of the generator (and the validator's bounds with them) by SCALE_FACTOR
    where the family's Config accepts it, and draw the largest-input distribution again."""
    raised: dict[str, int | float] = {
        k: v * SCALE_FACTOR
        for k, v in spec.generator.items()
        if _SIZE_KEY.fullmatch(k) and isinstance(v, int)
    }
    try:
        fam.variant(config=raised)
    except ValueError:
        raised = {}
    inputs = []
    for f in spec.inputs:
        key = f"{f.name.lower()}_max"
        if key in raised and f.bounds is not None:
            f = f.model_copy(update={"bounds": (f.bounds[0], float(raised[key]))})
        inputs.append(f)
    dist = _weakest(spec, scores, cluster)[0]
    n_bounds = {f.name: f.bounds for f in inputs if f.name in spec.complexity.n_bounds and f.bounds}
    complexity = spec.complexity.model_copy(update={"n_bounds": n_bounds})
    return spec.model_copy(
        update={
            "generator": {**spec.generator, **raised},
            "inputs": inputs,
            "complexity": complexity,
            "tests": [*spec.tests, *_redraw(spec, dist, "scale")],
        },
        deep=True,
    )


def constraint_stacking(fam: Family) -> Family | None:
    """A family variant with one more constraint on a legal answer: a sibling of the same closed seed
    mutated along the output axis (its verifier checks the added constraint)."""
    siblings = [
        f
        for f in list_families("open")
        if f.parent == fam.parent and f.axis is Axis.OUTPUT and f.name != fam.name
    ]
    return siblings[0] if siblings else None


def _realised(store: Store, problem_id: str) -> tuple[Family, ProblemSpec] | None:
    """The catalog family a problem is realised on and its current spec: a task or candidate made by a
    targeted operator carries its spec (operators stack); a catalog family's is read off its metadata."""
    problem = get_problem(store, problem_id)
    fam = family_for(problem)
    if fam is None:
        return None
    record = store.get_any(problem_id) if not problem_id.startswith("catalog/") else None
    if isinstance(record, Task):
        record = store.find(Candidate, record.candidate_id)
    spec = record.spec if isinstance(record, Candidate) and record.spec is not None else None
    base = get_family(fam.name)  # a variant's spec is relative to the family's own program
    return base, spec or spec_for_family(fam)


def offline_target(
    store: Store, solver: str, cluster: DefectCluster, operator: Operator, problem_id: str
) -> Target | None:
    """Realise ``operator`` on the catalog family ``problem_id`` is (None when it is not a catalog family)."""
    found = _realised(store, problem_id)
    if found is None:
        return None
    fam, spec = found
    scores = distribution_scores(store, solver, problem_id)
    if operator is Operator.CONSTRAINT_STACKING:
        sibling = constraint_stacking(fam)
        if sibling is None:  # no sibling: the constraint the verifier names is tested harder instead
            operator = Operator.BOUNDARY_INJECTION
        else:
            fam, spec = sibling, spec_for_family(sibling)
    if operator is Operator.BOUNDARY_INJECTION:
        spec = boundary_injection(spec, scores, cluster)
    elif operator is Operator.ALGORITHM_REPLACEMENT:
        spec = algorithm_replacement(spec, scores, cluster)
    elif operator is Operator.SCALE_UP:
        spec = scale_up(spec, fam, scores, cluster)
    spec = fitted_bounds(fam, spec).model_copy(
        update={"operators": [*spec.operators, operator.value], "source": f"catalog:{fam.name}"}
    )
    why = f"{operator.value} aimed at the cluster {cluster.key} ({cluster.failure.value})"
    return Target(cluster, operator, problem_id, fam.name, spec, why)


async def model_target(
    provider: Provider, cluster: DefectCluster, operator: Operator, problem_id: str, spec: ProblemSpec
) -> Target | None:
    """A model applies the operator to the spec (a prompt), when the provider can."""
    apply = getattr(provider, "apply_operator", None)
    if apply is None:
        return None
    try:
        new = await apply(spec, operator.value, cluster)
    except ProviderError:
        return None
    new = new.model_copy(update={"operators": [*spec.operators, operator.value], "source": "model"})
    return Target(
        cluster, operator, problem_id, None, new, f"{operator.value} (model) aimed at {cluster.key}"
    )


FIT_SEEDS = 3  # inputs drawn per distribution to learn how large a variant's tests get
FIT_HEADROOM = 1.5  # a lowered bound stands this far above the largest size those inputs reached


def fitted_bounds(fam: Family, spec: ProblemSpec) -> ProblemSpec:
    """``spec`` with each size bound its own test plan falls short of (under ``SCALE_SHARE`` of it) lowered to
    ``FIT_HEADROOM`` times what the plan reaches (rounded up to two significant digits): an operator that keeps only some distributions (algorithm replacement) must not promise the sizes
    of the ones it dropped, or its statement is far above its tests (docs/design.md, "Task quality"). The
    family's generator and validator run in-process (stdlib only) on a few seeds of each distribution."""
    module = load_module(fam.module_path)
    cfg = module.Config(**{**fam.config_defaults(), **spec.generator})
    reached: dict[str, float] = {}
    for rule in spec.tests:
        for seed in range(1, FIT_SEEDS + 1):
            rng = random.Random(f"{fam.name}:{rule.base or rule.name}:{seed}")
            sizes = module.validate(cfg, module.generate(cfg, rule.base or rule.name, rng)) or {}
            for name, value in sizes.items():
                reached[name] = max(reached.get(name, 0.0), float(value))
    inputs = []
    for f in spec.inputs:
        if f.name in reached and f.bounds is not None and 0 < reached[f.name] < SCALE_SHARE * f.bounds[1]:
            # a few seeds' largest size estimates, not bounds, what the tests will reach: room above it
            hi = min(f.bounds[1], _two_digits_up(FIT_HEADROOM * reached[f.name]))
            f = f.model_copy(update={"bounds": (f.bounds[0], float(hi))})
        inputs.append(f)
    n_bounds = {f.name: f.bounds for f in inputs if f.name in spec.complexity.n_bounds and f.bounds}
    complexity = spec.complexity.model_copy(update={"n_bounds": n_bounds})
    return spec.model_copy(update={"inputs": inputs, "complexity": complexity}, deep=True)


def _two_digits_up(x: float) -> float:
    """``x`` rounded up to two significant digits: 1377 -> 1400, 14559 -> 15000, 7 -> 7."""
    scale = 10 ** max(0, len(str(int(x))) - 2)
    return float(math.ceil(x / scale) * scale)


def variant_of(fam: Family, spec: ProblemSpec) -> dict:
    """The catalog variant (``Family.variant`` arguments) that realises ``spec`` on ``fam``'s program."""
    defaults = fam.config_defaults()
    out: dict = {}
    config = {k: v for k, v in spec.generator.items() if defaults.get(k) != v}
    aliases = {r.name: r.base for r in spec.tests if r.base}
    plan = [r.name for r in spec.tests]
    if config:
        out["config"] = config
    if aliases:
        out["aliases"] = aliases
    if plan != list(fam.distributions):
        out["distributions"] = plan
    if spec.limits.time_ms != fam.limits.time_ms:
        out["time_ms"] = spec.limits.time_ms
    return out


def _board_means(store: Store, problem_id: str) -> list[dict[str, float]]:
    """Per shipped program of a problem (its board, cached by evaluate), its mean score per distribution."""
    events = store.events.list(problem_id, kind=BOARD_EVENT)
    if not events:
        return []
    out = []
    for entry in Board.model_validate(events[-1].payload).entries:
        per: dict[str, list[float]] = {}
        for t in entry.tests:
            per.setdefault(t.name.rsplit("-", 1)[0], []).append(t.score)
        out.append({d: statistics.fmean(v) for d, v in per.items()})
    return out


def predicted_ratio(store: Store, solver: str, target: Target) -> float | None:
    """What the solver's expected score over the best known would be on the target's test plan, predicted
    from the problem's board and the solver's own scores per distribution (None without the evidence)."""
    boards = _board_means(store, target.parent_id)
    mine = distribution_scores(store, solver, target.parent_id)
    if not boards or not mine or target.family != _family_name(target.spec):
        return None

    def mean(scores: dict[str, float]) -> float | None:
        # a re-drawn distribution scores as the one it re-draws, unless it was measured itself
        known = [(scores.get(r.name, scores.get(r.base or r.name)), r.tests) for r in target.spec.tests]
        total = sum(w for s, w in known if s is not None)
        return sum(s * w for s, w in known if s is not None) / total if total else None

    best = max((m for b in boards if (m := mean(b)) is not None), default=None)
    expected = mean(mine)
    if best is None or expected is None or best <= 0:
        return None
    return min(1.0, expected / best)


def _family_name(spec: ProblemSpec) -> str | None:
    return spec.source.removeprefix("catalog:") if spec.source.startswith("catalog:") else None
