"""The diagnoser: a failure type per attempt, then clusters of failures by problem features, each with its
difficulty anchors and example trajectories: a solver's Capability Defect Map.

``classify`` runs when an attempt is judged (evaluate stores its verdict with the trajectory); ``diagnose``
reads a solver's stored trajectories and writes the map. Labels are deterministic sentences here; with a
configured model ``label_clusters`` has each cluster's label written from its examples.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from frontiersmith.errors import InvalidInputError, NotFoundError, ProviderError
from frontiersmith.models import (
    Candidate,
    DefectCluster,
    DefectMap,
    FailureType,
    Seed,
    Task,
    TestInfo,
    TestResult,
    Trajectory,
    Verdict,
    make_id,
)
from frontiersmith.store import Store

from ..catalog import get_family
from ..judging.judge import host_failed
from ..problems.resolver import CATALOG_PREFIX
from ..seeds.reseeding import is_reseeded

DELTA = 0.05  # near-success: within δ (relative) of the best known score, i.e. at least (1 - δ) of it
SOLVED_TOLERANCE = 1e-3  # a score this close to the best known is a success
EXAMPLES = 3
ENTROPY_BINS = 10
# A verdict on some test decides the attempt's failure, in this order when several occur.
_VERDICT_FAILURE = (
    (Verdict.TLE, FailureType.TIME_OUT),
    (Verdict.MLE, FailureType.MEMORY_OUT),
    (Verdict.RE, FailureType.RUNTIME_ERROR),
    (Verdict.OLE, FailureType.RUNTIME_ERROR),
    (Verdict.INVALID, FailureType.INVALID_OUTPUT),
)
# The distributions that a near-success failing on one of them names by its kind.
_DISTRIBUTION_KINDS = {
    "boundary": ("boundary", "edge", "extreme", "min", "max", "tight"),
    "degenerate": ("degenerate", "ties", "empty", "trivial", "uniform"),
    "large": ("large", "big", "huge", "dense", "scale", "stress"),
}


@dataclass
class Classified:
    """What ``classify`` decided about one attempt."""

    failure: FailureType
    detail: str = ""
    distribution: str = ""  # the distribution the failure is about ("" when it is about the whole problem)
    size: str = ""  # the input-size bucket it starts at


def size_bucket(info: TestInfo) -> str:
    """An input's size as a decade: of its parsed n when it starts with one, else of its bytes."""
    if info.n is not None and info.n > 0:
        return f"n~1e{int(math.log10(info.n))}"
    if info.input_bytes <= 0:
        return ""
    return f"bytes~1e{int(math.log10(info.input_bytes))}"


def _size_text(info: TestInfo) -> str:
    return f"n={info.n}" if info.n is not None else f"{info.input_bytes} bytes"


def classify(
    results: Sequence[TestResult],
    info: Mapping[str, TestInfo],
    *,
    best: float | None,
    best_per_test: Mapping[str, float] | None = None,
    constraints: Mapping[str, str] | None = None,
    compile_error: bool = False,
    delta: float = DELTA,
) -> Classified:
    """The failure type of one judged attempt (its data-free results, its tests' features, the best known)."""
    if compile_error:
        return Classified(FailureType.COMPILE_ERROR, "the program does not compile")
    judged = [r for r in results if not r.missing]  # every test of the problem (tools/judging/scoring)
    if not judged or any(host_failed(r) for r in judged):
        return Classified(FailureType.SYSTEM_ERROR, "the judge could not score every test")
    for verdict, failure in _VERDICT_FAILURE:
        failed = [r for r in judged if r.verdict is verdict]
        if failed:
            return _test_failure(failure, failed, judged, info, constraints or {})
    score = sum(r.score for r in judged) / len(judged)
    top = best if best is not None else score
    if score <= 1e-9:  # also when nothing known beats the baseline: matching s* is no success
        return Classified(FailureType.BELOW_BASELINE, "every output valid and none better than the baseline")
    if score >= top - SOLVED_TOLERANCE:
        return Classified(FailureType.SUCCESS, f"score {score:.3f}, best known {top:.3f}")
    short = _short_distributions(judged, info, best_per_test or {}, delta)
    if score >= (1 - delta) * top:
        return Classified(FailureType.NEAR_SUCCESS, f"score {score:.3f} within {delta:.0%} of {top:.3f}")
    if len(short) == 1:
        dist = short[0]
        kind = next((k for k, words in _DISTRIBUTION_KINDS.items() if any(w in dist for w in words)), dist)
        return Classified(
            FailureType.NEAR_SUCCESS, f"short of the best only on the {dist} distribution ({kind})", dist
        )
    worst = short[0] if short else ""
    return Classified(FailureType.SUBOPTIMAL, f"score {score:.3f} against a best known {top:.3f}", worst)


def _test_failure(
    failure: FailureType,
    failed: list[TestResult],
    judged: list[TestResult],
    info: Mapping[str, TestInfo],
    constraints: Mapping[str, str],
) -> Classified:
    def size_of(r: TestResult) -> int:
        i = info.get(r.name, TestInfo())
        return i.n if i.n is not None else i.input_bytes

    first = min(failed, key=size_of)
    where = info.get(first.name, TestInfo())
    dist = Counter(info.get(r.name, TestInfo()).distribution for r in failed).most_common(1)[0][0]
    detail = f"{len(failed)}/{len(judged)} tests; "
    if failure is FailureType.TIME_OUT:
        passed = [size_of(r) for r in judged if r.verdict is Verdict.OK]
        below = max((s for s in passed if s < size_of(first)), default=None)
        detail += f"time-outs start at {_size_text(where)}" + (
            f" (largest input passed below it: {below})" if below is not None else ""
        )
    elif failure is FailureType.INVALID_OUTPUT:
        named = Counter(constraints[r.name] for r in failed if constraints.get(r.name))
        detail += f"the verifier: {named.most_common(1)[0][0]}" if named else "the verifier rejected outputs"
    else:
        detail += f"first at {_size_text(where)}"
    return Classified(failure, detail, dist, size_bucket(where))


def _short_distributions(
    judged: list[TestResult], info: Mapping[str, TestInfo], best: Mapping[str, float], delta: float
) -> list[str]:
    """Distributions whose mean score is more than δ (relative) below the best known there, worst first."""
    own: dict[str, list[float]] = defaultdict(list)
    top: dict[str, list[float]] = defaultdict(list)
    for r in judged:
        dist = info.get(r.name, TestInfo()).distribution
        own[dist].append(r.score)
        top[dist].append(max(r.score, best.get(r.name, r.score)))
    gap = {d: 1 - sum(own[d]) / sum(top[d]) if sum(top[d]) > 0 else 0.0 for d in own}
    return sorted((d for d, g in gap.items() if g > delta), key=lambda d: -gap[d])


# -- problem features ---------------------------------------------------------------------------------------


def problem_features(store: Store, problem_id: str) -> dict[str, str]:
    """What the diagnoser clusters on besides the failure: the family (the catalog family or the seed a task
    descends from), the mutation axis, and the seed's tags."""
    if problem_id.startswith(CATALOG_PREFIX):
        fam = get_family(problem_id)
        return {"family": fam.name, "axis": fam.axis.value if fam.axis else ""}
    record = store.find(Task, problem_id)
    if record is None:
        return {"family": problem_id, "axis": ""}
    candidate = store.find(Candidate, record.candidate_id)
    chain = [s.id for s in store.lineage.ancestors(problem_id)]
    seeds = [s for s in (store.find(Seed, i) for i in chain) if s is not None and not is_reseeded(s)]
    root = seeds[0] if seeds else None
    catalog = (candidate.problem.provenance.get("catalog") if candidate else None) or (
        root.problem.provenance.get("catalog") if root else None
    )
    features = {
        "family": str(catalog or (root.id if root else problem_id)),
        "axis": candidate.axis.value if candidate else "",
    }
    if root is not None and root.tags:
        features["tags"] = ",".join(sorted(root.tags)[:3])
    return features


# -- the defect map -------------------------------------------------------------------------------------------


def cluster_features(traj: Trajectory, features: Mapping[str, str]) -> dict[str, str]:
    """A failed attempt's cluster features: its problem's, and the distribution and input-size bucket its
    failure is about (stored with it by evaluate)."""
    out = {k: v for k, v in features.items() if v}
    if traj.distribution:
        out["distribution"] = traj.distribution
    if traj.size:
        out["size"] = traj.size
    return out


def cluster_key(failure: FailureType, features: Mapping[str, str]) -> str:
    """The key of a defect cluster: the failure type and its features, sorted by name."""
    return "|".join([failure.value, *(f"{k}={features[k]}" for k in sorted(features))])


def entropy(scores: Iterable[float], bins: int = ENTROPY_BINS) -> float:
    """Shannon entropy (bits) of scores in [0, 1] counted in ``bins`` equal bins."""
    counts = Counter(min(bins - 1, int(max(0.0, min(1.0, s)) * bins)) for s in scores)
    total = sum(counts.values())
    return 0.0 - sum(c / total * math.log2(c / total) for c in counts.values()) if total else 0.0


def _anchors(cluster: DefectCluster, attempts: list[Trajectory]) -> None:
    """Success rate, attempts to first success and score entropy over every attempt on the cluster's problems."""
    if not attempts:
        return
    cluster.success_rate = sum(t.failure is FailureType.SUCCESS for t in attempts) / len(attempts)
    firsts = []
    for pid in cluster.problems:
        solved = [t.attempt for t in attempts if t.problem_id == pid and t.failure is FailureType.SUCCESS]
        if solved:
            firsts.append(min(solved))
    cluster.attempts_to_first_success = sum(firsts) / len(firsts) if firsts else None
    cluster.score_entropy = round(entropy(t.score for t in attempts), 4)


def offline_label(cluster: DefectCluster) -> str:
    """A deterministic one-sentence label from the cluster's failure and features."""
    f = cluster.features
    where = f.get("family", "these problems")
    if f.get("axis"):
        where += f" ({f['axis']} axis)"
    parts = [
        f"on {f['distribution']} inputs" if f.get("distribution") else "",
        f"at {f['size']}" if f.get("size") else "",
    ]
    scope = " ".join(p for p in parts if p)
    what = {
        FailureType.NO_SOLUTION: "gives no usable program",
        FailureType.COMPILE_ERROR: "writes code that does not compile",
        FailureType.RUNTIME_ERROR: "crashes",
        FailureType.TIME_OUT: "times out (a complexity blow-up)",
        FailureType.MEMORY_OUT: "runs out of memory",
        FailureType.INVALID_OUTPUT: "prints outputs the verifier rejects",
        FailureType.BELOW_BASELINE: "does no better than the baseline",
        FailureType.SUBOPTIMAL: "stays well short of the best known score",
        FailureType.NEAR_SUCCESS: "comes close to the best known score without reaching it",
        FailureType.SUCCESS: "matches the best known score",
        FailureType.SYSTEM_ERROR: "could not be judged",
    }[cluster.failure]
    detail = f": {cluster.detail}" if cluster.detail else ""
    return f"The solver {what} on {where}{(' ' + scope) if scope else ''}{detail}."


def build_defect_map(
    solver: str,
    trajectories: Sequence[Trajectory],
    features: Mapping[str, Mapping[str, str]],
    delta: float = DELTA,
) -> DefectMap:
    """Cluster ``trajectories`` (one solver's) by failure x features; ``features`` maps problem id to its own."""
    groups: dict[str, list[Trajectory]] = defaultdict(list)
    keyed: dict[str, tuple[FailureType, dict[str, str]]] = {}
    for traj in trajectories:
        if traj.failure is FailureType.SUCCESS:
            continue
        feats = cluster_features(traj, features.get(traj.problem_id, {}))
        key = cluster_key(traj.failure, feats)
        groups[key].append(traj)
        keyed[key] = (traj.failure, feats)
    by_problem: dict[str, list[Trajectory]] = defaultdict(list)
    for traj in trajectories:
        by_problem[traj.problem_id].append(traj)
    clusters = []
    for key, members in groups.items():
        failure, feats = keyed[key]
        problems = sorted({t.problem_id for t in members})
        details = Counter(t.detail for t in members if t.detail)
        cluster = DefectCluster(
            key=key,
            failure=failure,
            features=feats,
            attempts=len(members),
            problems=problems,
            mean_score=round(sum(t.score for t in members) / len(members), 4),
            examples=[t.id for t in sorted(members, key=lambda t: (-t.score, t.id))[:EXAMPLES]],
            detail=details.most_common(1)[0][0] if details else "",
        )
        _anchors(cluster, [t for pid in problems for t in by_problem[pid]])
        cluster.label = offline_label(cluster)
        clusters.append(cluster)
    clusters.sort(key=lambda c: (-c.attempts, c.success_rate, c.key))
    return DefectMap(
        id=make_id("defects", solver, sorted(t.id for t in trajectories), delta),
        solver=solver,
        clusters=clusters,
        trajectories=len(trajectories),
        problems=len(by_problem),
        failures=dict(Counter(t.failure.value for t in trajectories)),
        success_rate=(
            sum(t.failure is FailureType.SUCCESS for t in trajectories) / len(trajectories)
            if trajectories
            else 0.0
        ),
        labelled_by="offline",
        delta=delta,
    )


def diagnose(store: Store, solver: str, *, delta: float = DELTA) -> DefectMap:
    """The Capability Defect Map of ``solver`` over its stored trajectories, stored and returned (offline
    labels; ``label_clusters`` has a model write them)."""
    trajectories = store.frontier.list_trajectories(solver=solver)
    if not trajectories:
        known = store.frontier.trajectory_solvers()
        hint = f" (solvers with trajectories: {', '.join(known)})" if known else ""
        raise InvalidInputError(
            f"No trajectories of the solver {solver!r} are stored{hint}; run `frontiersmith evaluate --solver "
            f"{solver}` first."
        )
    features = {pid: problem_features(store, pid) for pid in {t.problem_id for t in trajectories}}
    defect_map = build_defect_map(solver, trajectories, features, delta)
    store.frontier.put_defect_map(defect_map)
    return defect_map


def latest_defect_map(store: Store, solver: str) -> DefectMap:
    """The newest stored defect map of ``solver``; NotFoundError saying to run ``diagnose`` when there is none."""
    found = store.frontier.latest_defect_map(solver)
    if found is None:
        raise NotFoundError(
            f"No defect map of the solver {solver!r} is stored; run `frontiersmith diagnose --solver {solver}`."
        )
    return found


def _cluster_brief(cluster: DefectCluster) -> str:
    keep = {"failure", "features", "attempts", "problems", "success_rate", "mean_score", "detail"}
    return cluster.model_dump_json(include=keep, indent=1)


def _example_brief(traj: Trajectory) -> str:
    verdicts = Counter(t.get("verdict", "") for t in traj.tests)
    return (
        f"- {traj.id} on {traj.problem_id}, attempt {traj.attempt}: {traj.failure.value}, score {traj.score:.3f}, "
        f"verdicts {dict(verdicts)}; {traj.detail}\n```{traj.language or ''}\n{traj.code[:1500]}\n```"
    )


async def label_clusters(store: Store, defect_map: DefectMap, provider: object) -> DefectMap:
    """Have ``provider`` (a chat provider with ``label_defect``) write each cluster's one-sentence label from
    its examples; the map is stored again under its id. A provider without a model leaves the offline labels; a label the
    model fails to give keeps its offline one."""
    ask = getattr(provider, "label_defect", None)
    if ask is None:
        return defect_map
    clusters = []
    for cluster in defect_map.clusters:
        examples = [t for t in (store.find(Trajectory, i) for i in cluster.examples) if t is not None]
        try:
            answer = await ask(
                cluster.key, _cluster_brief(cluster), "\n".join(_example_brief(t) for t in examples)
            )
            label = " ".join(answer.label.split())[:300] or cluster.label
        except ProviderError:
            label = cluster.label
        clusters.append(cluster.model_copy(update={"label": label}))
    name = str(getattr(provider, "name", "model"))
    labelled = defect_map.model_copy(update={"clusters": clusters, "labelled_by": name})
    store.frontier.put_defect_map(labelled)  # the same map (same trajectories), now with the model's labels
    return labelled
