"""The (O, C_I, C_O) tuple of an imported statement: written by the configured provider (the ``describe_seed``
prompt), or read offline from the statement's sections when there is no model or its answer is unusable.
"""

from __future__ import annotations

from dataclasses import replace

from frontiersmith.drafts import Provider, SeedDraft, SeedTupleDraft
from frontiersmith.errors import ProviderError
from frontiersmith.models import Problem

from .statement import offline_tuple

OFFLINE = "offline"  # tuple_by of a tuple read from the statement's text


async def describe(draft: SeedDraft, provider: Provider | None) -> SeedDraft:
    """``draft`` with its tuple filled in and ``tuple_by`` naming who wrote it.

    A draft whose tuple was already written (``tuple_by`` set: a seed.yaml, the user) comes back as it is.
    A model's answer that cannot be used (``ProviderError``: bad JSON, the wrong shape, an optimise objective
    without a sense, crossed bounds) is replaced by the offline reading, with a note saying so; a model that
    leaves the constraints or the output description empty has them filled from the statement's sections.
    """
    if draft.tuple_by:
        return draft
    offline = offline_tuple(draft.problem.statement)
    notes = list(draft.notes)
    tuple_, by = offline, OFFLINE
    if provider is not None and provider.name != OFFLINE:
        try:
            tuple_, by = await provider.describe_seed(draft.problem), provider.name
        except ProviderError as exc:
            notes.append(f"the tuple from {provider.name} was unusable ({exc}); it was read offline instead")
    if tuple_ is offline and offline.notes:
        notes.append(f"offline tuple: {offline.notes}")
    filled = _filled(tuple_, offline)
    return replace(
        draft, problem=_with_tuple(draft, filled), tuple_by=by, objective_reason=filled.reason, notes=notes
    )


def _filled(tuple_: SeedTupleDraft, offline: SeedTupleDraft) -> SeedTupleDraft:
    """The model's tuple, with the texts it left empty taken from the statement: its reason too, when the
    statement's words give the kind the model gave (else the model's kind is its own word)."""
    input_spec = tuple_.input_spec
    if not input_spec.constraints:
        input_spec = input_spec.model_copy(update={"constraints": offline.input_spec.constraints})
    output_spec = tuple_.output_spec if tuple_.output_spec.description else offline.output_spec
    reason = tuple_.reason
    if not reason:
        same = (tuple_.objective.kind, tuple_.objective.sense) == (
            offline.objective.kind,
            offline.objective.sense,
        )
        reason = offline.reason if same else ""
    return tuple_.model_copy(
        update={
            "input_spec": input_spec,
            "output_spec": output_spec,
            "io_format": tuple_.io_format or offline.io_format,
            "reason": reason,
        }
    )


def _with_tuple(draft: SeedDraft, tuple_: SeedTupleDraft) -> Problem:
    return draft.problem.model_copy(
        update={
            "objective": tuple_.objective,
            "input_spec": tuple_.input_spec,
            "output_spec": tuple_.output_spec,
            "io_format": draft.problem.io_format or tuple_.io_format,
        }
    )


__all__ = ["OFFLINE", "describe"]
