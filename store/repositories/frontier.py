"""Solvers under evaluation (FrontierSynth): their trajectories and Capability Defect Maps."""

from __future__ import annotations

from collections.abc import Iterable

from frontiersmith.models import (
    DefectMap,
    Trajectory,
)

from .._db import Connections
from ..records import PutOutcome
from .base import Repository, _filters
from .records import Records


class Frontier(Repository):
    """``store.frontier``: solvers' attempts (trajectories) and the defect maps diagnosed from them."""

    def __init__(self, conns: Connections, records: Records):
        super().__init__(conns)
        self._records = records

    def put_trajectories(self, trajectories: Iterable[Trajectory]) -> int:
        """Store a batch of attempts in one transaction (all or none); returns how many were new or changed."""
        rows = self._records.prepare(trajectories).rows.get(
            Trajectory, []
        )  # hashed and dumped before the write lock
        return self._conns.write(lambda conn: self._records.upsert(conn, rows)) if rows else 0

    def get_trajectory(self, trajectory_id: str) -> Trajectory:
        """The trajectory with this id, or NotFoundError."""
        return self._records.get(Trajectory, trajectory_id)

    def list_trajectories(
        self, solver: str | None = None, problem_id: str | None = None, evaluation_id: str | None = None
    ) -> list[Trajectory]:
        """Attempts, oldest first: of one solver spec, on one problem, or of one evaluate call."""
        where, params = _filters(solver=solver, problem_id=problem_id)
        if evaluation_id is not None:
            where = " AND ".join(w for w in (where, "json_extract(data, '$.evaluation_id') = ?") if w)
            params.append(evaluation_id)
        return self._records.select(Trajectory, where, params, order="created_at, problem_id, attempt, id")

    def trajectory_solvers(self) -> list[str]:
        """Every solver spec with stored trajectories."""
        return [r[0] for r in self._query("SELECT DISTINCT solver FROM trajectories ORDER BY solver")]

    def put_defect_map(self, defect_map: DefectMap) -> PutOutcome:
        """Store a defect map; ``latest_defect_map`` reads the newest of a solver's."""
        return self._records.put(defect_map)

    def defect_map_solvers(self) -> list[str]:
        """Every solver with a stored defect map."""
        return [r[0] for r in self._query("SELECT DISTINCT solver FROM defect_maps ORDER BY solver")]

    def latest_defect_map(self, solver: str) -> DefectMap | None:
        """The newest defect map diagnosed for ``solver`` (None before the first diagnose)."""
        found = self._records.select(
            DefectMap, "solver = ?", (solver,), order="created_at DESC, id DESC LIMIT 1"
        )
        return found[0] if found else None
