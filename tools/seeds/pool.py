"""The seed pool's catalog seeds: every closed catalog family stored as a seed. The pool's other seeds are the
user's imported ones (importer.py) and published tasks that rejoined it (reseeding.py)."""

from __future__ import annotations

from frontiersmith.models import Comparison, Seed, SeedStatus
from frontiersmith.store import Store

from ..catalog import list_families, seed_id_for


def ensure_catalog_seeds(store: Store) -> list[Seed]:
    """Store every closed catalog family as a seed (idempotent). The catalog's own contract tests run each
    family's reference, so its seeds are verified."""
    seeds = []
    with store.transaction():
        for fam in list_families("closed"):
            sid = seed_id_for(fam.name)
            ref = fam.reference.program if fam.reference else None
            seed = Seed(
                id=sid,
                problem=fam.problem(sid),
                reference=ref,
                origin="catalog",
                status=SeedStatus.VERIFIED if ref else SeedStatus.UNTESTED,
                comparison=Comparison.TOKEN,
                tuple_by="catalog",
            )
            store.seeds.put(seed)
            seeds.append(seed)
    return seeds
