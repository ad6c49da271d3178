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
        return self._records.put(seed)

    def get(self, seed_id: str) -> Seed:
        return self._records.get(Seed, seed_id)

    def list(self, origin: str | None = None) -> list[Seed]:
        if origin:
            return self._records.select(Seed, "origin = ?", (origin,))
        return self._records.select(Seed)
