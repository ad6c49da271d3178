"""Is the idea-divergence filter load-bearing? Score every open and pseudo-open catalog family with the
semantic, behavioural and combined estimates and report how well each separates the two (ROC AUC).

Each family goes through the same capabilities the pipeline uses (mutate with the family as the authored
candidate, sample, semantic divergence, tests ⇄ verifier cross-validation, behavioural divergence). The
family's programs are always the catalog's (they are what is under evaluation); the semantic judge that
labels the sampled solutions' strategies may be a real model, so the AUC measures that model's judgement.

A family the store already carried through all of those steps (a pipeline run on the catalog, such as
`frontiersmith demo`, does it for every family past its semantic filter) is read from the store, not
judged again: the same programs, seed, solution count and judge give the same estimates, so only the
families the store lacks cost sandbox time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import anyio

from frontiersmith.drafts import Provider, provider_name
from frontiersmith.errors import ProviderError
from frontiersmith.models import Axis, Divergence, TestSuite, Verifier
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store
from frontiersmith.thresholds import DEFAULT_THRESHOLDS, Thresholds

from ... import synthesis as syn
from ...catalog import Family, list_families, seed_id_for
from ...llm.offline import OfflineProvider
from ...seeds.pool import ensure_catalog_seeds
from ..crossval.authors import provider_authors
from ..crossval.loop import cross_validation_loop
from . import formulas as dm
from .estimate import GateDecision, gate_decisions, keeps


@dataclass
class FamilyDivergence:
    """One catalog family's divergence estimates and gate decisions, as the divergence evaluation measures them."""

    family: str
    kind: str
    candidate_id: str
    semantic: float | None
    behavioural: float | None
    combined: float | None
    crossing: float | None  # fraction of solution pairs that trade wins (a ranking term, never a gate)
    protocol_ok: bool
    from_store: bool = False  # read from a candidate the store had already judged (``judged_before``)
    failure: str = ""  # why an estimate is missing (the judge's answer could not be used)
    n: int = 0  # solutions sampled
    m: int = 0  # tests they were scored on
    separating_tests: int | None = None  # tests on which their scores differ
    top_ties: int | None = None  # solutions scoring the best on every test
    decisions: list[GateDecision] = field(default_factory=list)  # each gate's decision (``gate_decisions``)

    @property
    def kept(self) -> bool:
        """Whether the filter keeps it: no gate rejects it."""
        return keeps(self.decisions)

    @property
    def top_tie_share(self) -> float | None:
        """The share of sampled solutions scoring the best on every test; None before it is measured."""
        return None if self.top_ties is None or not self.n else self.top_ties / self.n

    def decide(self, thresholds: Thresholds) -> None:
        """Make each gate's decision on the estimates under ``thresholds``."""
        self.decisions = gate_decisions(self.as_divergence(), thresholds)

    def as_divergence(self) -> Divergence | None:
        """The estimate the gates read (None when no semantic estimate was made)."""
        if self.semantic is None:
            return None
        return Divergence(
            id=f"div_{self.candidate_id}",
            candidate_id=self.candidate_id,
            semantic=self.semantic,
            behavioural=self.behavioural,
            crossing=self.crossing,
            combined=self.combined,
            n=self.n,
            m=self.m,
            separating_tests=self.separating_tests,
            top_ties=self.top_ties,
            behavioural_reason=None if self.protocol_ok else "the tests and the verifier never agreed",
        )


# What separates open from pseudo-open, each as a score that is higher for a more open-looking problem: the
# estimates, the share of solutions NOT tied at the top, and the filter's own keep-or-reject.
MEASURES = ("semantic", "behavioural", "crossing", "combined", "untied", "gate")


class Measured(Protocol):
    """What a family's or a problem's estimates offer ``measure_of``."""

    @property
    def top_tie_share(self) -> float | None:
        """The share of sampled solutions scoring the best on every test, or None."""
        ...

    @property
    def kept(self) -> bool:
        """Whether the filter keeps it: no gate rejects it."""
        ...


def measure_of(item: Measured, measure: str) -> float:
    """``measure`` of a family (or a problem: anything with the same fields) as a number; a missing estimate
    counts as 0, as the filter treats it."""
    if measure == "untied":
        share = item.top_tie_share
        return 1.0 - share if share is not None else 1.0
    if measure == "gate":
        return 1.0 if item.kept else 0.0
    return getattr(item, measure) or 0.0


@dataclass
class DivergenceEvaluation:
    """How well each estimate tells the catalog's open families from its pseudo-open ones."""

    families: list[FamilyDivergence] = field(default_factory=list)
    judge: str = "offline"  # the provider (and model) that labelled the strategies
    thresholds: Thresholds = DEFAULT_THRESHOLDS  # the gates each family's decisions were made with

    def auc(self, estimate: str) -> float:
        """The ROC AUC of one measure (``MEASURES``), open families the positives and pseudo-open ones the
        negatives."""
        pos = [measure_of(f, estimate) for f in self.families if f.kind == "open"]
        neg = [measure_of(f, estimate) for f in self.families if f.kind == "pseudo-open"]
        return dm.roc_auc(pos, neg)

    def aucs(self) -> dict[str, float]:
        """``auc`` of every measure of ``MEASURES``, by name."""
        return {e: self.auc(e) for e in MEASURES}


async def measure_family(
    store: Store,
    fam: Family,
    provider: Provider,
    n_solutions: int,
    seed: int,
    settings: Settings,
    judge: Provider | None = None,
) -> FamilyDivergence:
    """``provider`` authors the family's programs; ``judge`` (default: the provider) labels the strategies."""
    before = judged_before(store, fam, provider, n_solutions, judge or provider, seed)
    if before is not None:
        return before
    parent = seed_id_for(fam.parent or "")
    result = await syn.mutate_problem(
        store, parent, fam.axis or Axis.OBJECTIVE, provider=provider, authored=fam.as_mutation_draft()
    )
    cid = result.candidate.id
    await syn.sample_solutions(store, cid, n_solutions, provider=provider, settings=settings)
    failure = ""
    try:
        await syn.estimate_divergence(store, cid, "semantic", provider=judge or provider)
    except ProviderError as exc:  # this family has no semantic estimate; the others are still judged
        failure = f"the semantic judge's labels could not be used: {exc}"
    report = store.candidates.current_report(cid)
    ok = report is not None and report.ok
    if not ok:
        authors = provider_authors(store, cid, provider, seed=seed, settings=settings)
        outcome = await cross_validation_loop(store, cid, authors)
        ok = outcome.ok
    div = (
        await syn.estimate_divergence(store, cid, "behavioural")
        if ok
        else store.candidates.find_divergence(cid)
    )
    if div is None:
        return FamilyDivergence(fam.name, fam.kind, cid, None, None, None, None, ok, failure=failure)
    return _family_divergence(fam, cid, div, ok, failure=failure)


def _family_divergence(
    fam: Family, cid: str, div: Divergence, ok: bool, *, from_store: bool = False, failure: str = ""
) -> FamilyDivergence:
    # combined as measure_family's own estimate scales it (a run may have stored another scale's)
    return FamilyDivergence(
        fam.name,
        fam.kind,
        cid,
        div.semantic,
        div.behavioural if ok else None,
        dm.combined(div.semantic, div.behavioural, div.crossing) if ok else None,
        div.crossing if ok else None,
        ok,
        from_store=from_store,
        failure=failure,
        n=div.n,
        m=div.m,
        separating_tests=div.separating_tests if ok else None,
        top_ties=div.top_ties if ok else None,
    )


def judged_before(
    store: Store, fam: Family, provider: Provider, n_solutions: int, judge: Provider, seed: int = 0
) -> FamilyDivergence | None:
    """The estimates of a candidate already in ``store`` that went through every step ``measure_family``
    takes, with what it would take them with, or None: the family's own problem, tests (its generator and
    validator, ``seed``) and verifier, exactly ``n_solutions`` solutions sampled by ``provider``, a semantic
    estimate by ``judge``, a passing current report, and a behavioural estimate on that report's suite. Only
    read: nothing is written to the store (the candidate may be another run's)."""
    author, judge_name = provider_name(provider), provider_name(judge)
    draft = fam.as_mutation_draft()
    wanted = {k: getattr(draft, k) for k in ("title", "statement", "objective", "input_spec", "output_spec")}
    program = store.blobs.digest(fam.program.code.encode())  # how a suite names its generator and validator
    for c in store.candidates.list(parent_id=seed_id_for(fam.parent or "")):
        problem = c.problem
        if problem.provenance.get("catalog") != fam.name or problem.io_format != draft.io_format:
            continue
        if any(getattr(problem, k) != v for k, v in wanted.items()):
            continue
        div, report = store.candidates.find_divergence(c.id), store.candidates.current_report(c.id)
        if div is None or report is None or not report.ok or div.judge != judge_name:
            continue
        if div.n != n_solutions or div.suite_id != report.suite_id or div.behavioural is None:
            continue
        suite, verifier = store.find(TestSuite, report.suite_id), store.find(Verifier, report.verifier_id)
        if suite is None or suite.seed != seed or {suite.generator_hash, suite.validator_hash} != {program}:
            continue
        if verifier is None or verifier.code != fam.program.code:
            continue
        sampled = [s for s in store.problems.list_solutions(c.id) if s.id in div.labels]
        if len(sampled) != n_solutions or any(s.author != author for s in sampled):
            continue
        if div.top_ties is None:  # estimated before the top-tie gate: estimate it again
            continue
        return _family_divergence(fam, c.id, div, True, from_store=True)
    return None


async def evaluate_catalog_divergence(
    store: Store,
    *,
    provider: Provider | None = None,
    judge: Provider | None = None,
    n_solutions: int = 4,
    seed: int = 0,
    families: list[str] | None = None,
    settings: Settings | None = None,
    thresholds: Thresholds | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> DivergenceEvaluation:
    """Score the open and pseudo-open families (``families``: only these) and decide each with the filter's
    gates (``thresholds``, default: the settings'). ``provider`` authors each family's programs (default: the
    catalog, offline); ``judge`` labels the sampled strategies (default: the provider)."""
    settings = settings or get_settings()
    thresholds = thresholds or settings.thresholds()
    provider = provider or OfflineProvider()
    judge = judge or provider
    ensure_catalog_seeds(store)
    fams = [
        f
        for f in list_families()
        if f.kind in ("open", "pseudo-open") and (not families or f.name in families)
    ]
    out = DivergenceEvaluation(judge=provider_name(judge), thresholds=thresholds)
    limiter = anyio.CapacityLimiter(settings.max_concurrency)
    done = 0

    async def one(fam: Family) -> None:
        nonlocal done
        async with limiter:
            measured = await measure_family(store, fam, provider, n_solutions, seed, settings, judge)
            measured.decide(thresholds)
            out.families.append(measured)
        done += 1
        if progress:
            progress(done, len(fams))

    async with anyio.create_task_group() as tg:
        for fam in fams:
            tg.start_soon(one, fam)
    out.families.sort(key=lambda f: (f.kind, f.family))
    return out
