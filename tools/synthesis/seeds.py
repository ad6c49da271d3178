"""The seed pool (the catalog's closed families, and published tasks rejoining it) and the lookups of the
problem or candidate behind an id."""

from __future__ import annotations

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Candidate, Seed
from frontiersmith.store import Store

from ..catalog import list_families


def seed_id_for(family_name: str) -> str:
    return f"seed_{family_name}"


def ensure_catalog_seeds(store: Store) -> list[Seed]:
    """Store every closed catalog family as a seed (idempotent)."""
    seeds = []
    with store.transaction():
        for fam in list_families("closed"):
            sid = seed_id_for(fam.name)
            ref = fam.reference.program if fam.reference else None
            seed = Seed(id=sid, problem=fam.problem(sid), reference=ref, origin="catalog")
            store.put_seed(seed)
            seeds.append(seed)
    return seeds


def load_candidate(store: Store, candidate_id: str) -> Candidate:
    """The candidate with this id; a seed's or task's id is refused in one sentence (only candidates get
    tests and verifiers built: mutate a seed or task first)."""
    record = store.get_any(candidate_id)
    if not isinstance(record, Candidate):
        raise InvalidInputError(
            f"{candidate_id} is a {type(record).__name__.lower()}, not a candidate; call mutate_problem first."
        )
    return record
