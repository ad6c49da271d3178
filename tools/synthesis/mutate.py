"""Step 1 of Algorithm 1: mutate a seed along one axis into a candidate, then apply the coarse judge."""

from __future__ import annotations

from dataclasses import dataclass

from frontiersmith.drafts import CoarseVerdict, MutationDraft, Provider, problem_from_draft, provider_name
from frontiersmith.errors import InvalidInputError, ProviderError
from frontiersmith.models import (
    Axis,
    Candidate,
    CandidateStatus,
    ProblemKind,
    ProblemSpec,
    Stage,
    content_hash,
    make_id,
)
from frontiersmith.statement import missing_sections
from frontiersmith.store import Store

from ..llm.chat import keeping_bad_answers
from ..llm.offline import OfflineProvider
from ..problems.resolver import get_problem
from ..problems.submit import check_size


@dataclass
class MutateResult:
    """The candidate a mutation made, whether the coarse filter kept it, and why."""

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
    spec: ProblemSpec | None = None,
    provenance: dict | None = None,
) -> MutateResult:
    """Mutate a seed (or candidate, or task) along one axis into a stored candidate, then apply the coarse judge.

    With ``authored`` the caller's mutated problem is used; otherwise ``provider`` writes it. A targeted
    mutation (tools/frontier) also passes the structured ``spec`` it rendered ``authored`` from, stored with
    the candidate, and ``provenance`` (its operator, the catalog variant that realises it).
    """
    axis = Axis(axis)
    parent = get_problem(store, parent_id)
    if authored is None and provider is None:
        raise InvalidInputError("Pass either the mutated problem you wrote or a provider to write it.")
    if authored is not None:
        check_size("The mutated problem", authored.model_dump_json())
        _check_whole(authored)
        # A targeted mutation is the run's own (the same spec aimed again in another round is a new candidate).
        hashed = (
            authored
            if spec is None
            else [authored.model_dump(mode="json"), spec.model_dump(mode="json"), run_id]
        )
        cid = make_id("cand", parent_id, axis.value, content_hash(hashed))
    else:
        cid = make_id("cand", parent_id, axis.value, round, index, run_id)
    existing = store.find(Candidate, cid)
    if existing is not None:
        return MutateResult(existing, existing.status is not CandidateStatus.REJECTED, existing.reason)
    with keeping_bad_answers(store):
        draft = authored or await provider.mutate(parent, axis, index=index)  # type: ignore[union-attr]
    provenance = {
        **(provenance or {}),
        "parent": parent_id,
        "axis": axis.value,
        "round": round,
        "run": run_id,
    }
    problem = problem_from_draft(cid, draft, provenance)
    problem.limits = parent.limits
    problem.kind = ProblemKind.OPEN
    who = proposer or ("caller" if authored is not None else provider_name(provider))
    candidate = Candidate(
        id=cid, parent_id=parent_id, axis=axis, round=round, proposer=who, problem=problem, spec=spec
    )
    store.candidates.put(candidate)
    missing = missing_sections(problem)
    if missing:  # a statement a solver cannot act on is no candidate, whatever a judge would say
        candidate = store.candidates.reject(cid, Stage.COARSE, f"the statement lacks {', '.join(missing)}")
        return MutateResult(candidate, False, candidate.reason)
    judge = provider or _structural_judge()
    # A model call (offline: a structural check) with no sandbox work, so unlike the later steps' it has
    # nothing to send to an executor's workers (executor.run_step): it stays here, beside the provider.
    try:
        with keeping_bad_answers(store):
            verdict = await judge.coarse_judge(problem)
    except ProviderError as exc:
        # The candidate is stored: a judge whose answer cannot be used rejects it, with why, rather than
        # leaving it proposed and unjudged.
        verdict = CoarseVerdict(keep=False, reason="unjudged", explanation=f"no usable verdict: {exc}")
    if verdict.keep:
        candidate = store.candidates.set_status(cid, CandidateStatus.KEPT)
    else:
        why = f"{verdict.reason}: {verdict.explanation}".strip()
        candidate = store.candidates.reject(cid, Stage.COARSE, why)
    return MutateResult(candidate, verdict.keep, candidate.reason)


def _structural_judge() -> Provider:
    return OfflineProvider()


def _check_whole(draft: MutationDraft) -> None:
    """Refuse an authored statement a solver cannot act on, before anything is stored."""
    missing = missing_sections(problem_from_draft("authored", draft, {}))
    if missing:
        raise InvalidInputError(
            f"The statement lacks {', '.join(missing)}: write it whole, the story then `## Input` (the format "
            "with every bound) and `## Output` (what a legal output is), as a solver reads only it."
        )
