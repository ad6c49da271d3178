"""Seeds: the problems synthesis starts from (a catalog family, an import, an accepted task rejoining the pool)."""

from __future__ import annotations

from frontiersmith.models import Seed

from .._db import Connections
from ..records import PutOutcome
from .base import Repository
from .records import Records


class Seeds(Repository):
    """``store.seeds``."""

    def __init__(self, conns: Connections, records: Records):
        super().__init__(conns)
        self._records = records

    def put(self, seed: Seed) -> PutOutcome:
        """Store a seed (see PutOutcome for a repeated put)."""
        return self._records.put(seed)

    def get(self, seed_id: str) -> Seed:
        """The seed with this id, or NotFoundError."""
        return self._records.get(Seed, seed_id)

    def list(self, origin: str | None = None) -> list[Seed]:
        """Every seed, oldest first, or those of one ``origin``."""
        if origin:
            return self._records.select(Seed, "origin = ?", (origin,))
        return self._records.select(Seed)
