"""The lookup of the candidate behind an id, for the steps that only candidates take."""

from __future__ import annotations

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Candidate
from frontiersmith.store import Store


def load_candidate(store: Store, candidate_id: str) -> Candidate:
    """The candidate with this id; a seed's or task's id is refused in one sentence (only candidates get
    tests and verifiers built: mutate a seed or task first)."""
    record = store.get_any(candidate_id)
    if not isinstance(record, Candidate):
        raise InvalidInputError(
            f"{candidate_id} is a {type(record).__name__.lower()}, not a candidate; call mutate_problem first."
        )
    return record
