"""The stage table of a synthesis run: how many candidates reached each stage of Algorithm 1 and why each
fell out, computed from the store. ``synthesize`` prints it and the dashboard draws it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from frontiersmith.models import CandidateStatus, Rejection, Stage
from frontiersmith.store import Store

from ..catalog import families as catalog_families

# Stages a candidate can fall out at, in pipeline order (a rejection names its stage).
STAGES: tuple[Stage, ...] = tuple(s for s in Stage if s is not Stage.UNKNOWN)


@dataclass(frozen=True)
class CandidateNote:
    """Who a candidate of the report is, so a reader sees which problems the filters rejected: its title, the
    seed it was mutated from and, for a mutation the catalog wrote, the family's kind (open or pseudo-open)."""

    title: str | None
    seed: str
    catalog_kind: str | None = None  # None: a model wrote the mutation, so no kind is known


@dataclass
class StageTable:
    """Counts per stage, computed from the store (so the table and the store agree by construction)."""

    proposed: int = 0
    kept_coarse: int = 0
    sampled: int = 0
    passed_semantic: int = 0
    passed_protocol: int = 0
    passed_behavioural: int = 0
    published: int = 0
    rejected: Counter = field(default_factory=Counter)  # stage (its value) -> count
    reasons: list[tuple[str, Rejection]] = field(default_factory=list)  # (candidate, why it fell out)
    about: dict[str, CandidateNote] = field(default_factory=dict)  # each candidate of ``reasons``
    tasks: list[str] = field(default_factory=list)
    published_candidates: list[str] = field(default_factory=list)  # the candidates of ``tasks``

    def funnel(self) -> list[tuple[str, int, int, Stage]]:
        """Each row of the funnel: its name, how many candidates got that far, how many fell out there, and
        the stage they fell out at (``synthesize`` prints these rows and the dashboard draws them)."""
        rows = [
            ("proposed (mutate)", self.proposed, Stage.MUTATE),
            ("kept by coarse judge", self.kept_coarse, Stage.COARSE),
            ("solutions sampled", self.sampled, Stage.SAMPLE),
            ("passed semantic divergence (top N_div)", self.passed_semantic, Stage.SEMANTIC),
            ("passed cross-validation", self.passed_protocol, Stage.PROTOCOL),
            ("passed behavioural divergence", self.passed_behavioural, Stage.BEHAVIOURAL),
            ("published (top N_final)", self.published, Stage.SELECTION),
        ]
        return [(name, n, self.rejected.get(stage.value, 0), stage) for name, n, stage in rows]


def stage_table(store: Store, run_id: str) -> StageTable:
    """The stage counts of run ``run_id`` from the store: what ``synthesize`` prints and the dashboard shows.
    Reads each candidate's status and rejection only (not the whole record), so it is quick on big stores."""
    t = StageTable()
    _total, cands = store.views.candidate_rows(run_id=run_id, limit=None, oldest_first=True)
    failed = [
        e for e in store.events.list(kind="candidate.mutation_failed") if e.payload.get("run") == run_id
    ]
    t.proposed = len(cands) + len(failed)
    for e in failed:
        t.rejected[Stage.MUTATE.value] += 1
        why = Rejection(stage=Stage.MUTATE, reason=str(e.payload.get("reason")))
        t.reasons.append((f"{e.subject_id} ({e.payload.get('axis')})", why))
        t.about[t.reasons[-1][0]] = CandidateNote(title=None, seed=e.subject_id or "")
    order = {s: i for i, s in enumerate(STAGES)}
    for c in cands:
        rejection = None
        if c.status == CandidateStatus.REJECTED and c.rejection_stage is not None:
            rejection = Rejection(stage=Stage(c.rejection_stage), reason=c.rejection_reason or "")
        # A stage this run does not know (a rejection carried forward without one) counts as passed all.
        reached = order.get(rejection.stage, len(STAGES)) if rejection else len(STAGES)
        t.kept_coarse += reached > order[Stage.COARSE]
        t.sampled += reached > order[Stage.SAMPLE]
        t.passed_semantic += reached > order[Stage.SEMANTIC]
        t.passed_protocol += reached > order[Stage.PROTOCOL]
        t.passed_behavioural += reached > order[Stage.BEHAVIOURAL]
        if c.status == CandidateStatus.ACCEPTED:
            t.published += 1
            t.published_candidates.append(c.id)
            latest = store.tasks.latest(c.id)
            if latest is not None:
                t.tasks.append(latest.id)
        if rejection is not None:
            t.rejected[rejection.stage.value] += 1
            t.reasons.append((c.id, rejection))
            known = catalog_families().get(c.catalog) if c.catalog else None
            t.about[c.id] = CandidateNote(c.title, c.parent_id, known.kind if known else None)
    return t
