"""Migration 6: a store from before FrontierSynth gains the trajectories and defect-map tables and keeps its
rows; trajectories and defect maps round-trip and are listed by solver, problem and evaluation."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from store_helpers import chain

from frontiersmith.models import DefectCluster, DefectMap, FailureType, Seed, Trajectory
from frontiersmith.store import migrate, open_store


def test_a_version_five_store_gains_trajectories_and_defect_maps(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, target=5) == 5
    conn.close()
    with open_store(path) as store:
        seed = chain()[0]
        store.seeds.put(seed)
    with open_store(path) as store:
        assert store.schema_version >= 6 and store.get(Seed, seed.id) == seed
        runs = [
            Trajectory(id=f"traj_{i}", solver=s, problem_id=p, attempt=1, evaluation_id=e, failure=f)
            for i, (s, p, e, f) in enumerate(
                [
                    ("catalog:weak", "catalog/a", "eval_1", FailureType.TIME_OUT),
                    ("catalog:weak", "catalog/b", "eval_1", FailureType.SUCCESS),
                    ("model:m", "catalog/a", "eval_2", FailureType.NO_SOLUTION),
                ]
            )
        ]
        assert store.frontier.put_trajectories(runs) == 3 and store.frontier.put_trajectories(runs) == 0
        assert [t.id for t in store.frontier.list_trajectories(solver="catalog:weak")] == ["traj_0", "traj_1"]
        assert [t.id for t in store.frontier.list_trajectories(problem_id="catalog/a")] == [
            "traj_0",
            "traj_2",
        ]
        assert [t.id for t in store.frontier.list_trajectories(evaluation_id="eval_2")] == ["traj_2"]
        assert store.frontier.trajectory_solvers() == ["catalog:weak", "model:m"]
        cluster = DefectCluster(key="time_out|family=a", failure=FailureType.TIME_OUT, examples=["traj_0"])
        store.frontier.put_defect_map(DefectMap(id="defects_1", solver="catalog:weak", clusters=[cluster]))
        assert store.frontier.latest_defect_map("catalog:weak").clusters == [cluster]  # type: ignore[union-attr]
        assert store.frontier.latest_defect_map("model:m") is None
        assert store.counts()["trajectories"] == 3 and store.counts()["defect_maps"] == 1
