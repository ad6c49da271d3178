"""Synthesis runs: their arguments, status and typed progress (``RunProgress``), so an interrupted run resumes and
the dashboard follows a live one."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Sequence
from typing import Any

from ..records import PipelineRun, RunProgress
from .base import Repository, _filters


class PipelineRuns(Repository):
    """``store.pipeline_runs``."""

    def start(self, run_id: str, args: dict[str, Any], status: str = "running") -> PipelineRun:
        """Register a synthesis run; if ``run_id`` is already known, return it unchanged so the caller resumes."""

        def start(conn: sqlite3.Connection) -> None:
            now = time.time()
            conn.execute(
                "INSERT OR IGNORE INTO pipeline_runs (id, args, status, progress, created_at, updated_at) "
                "VALUES (?, ?, ?, '{}', ?, ?)",
                (run_id, json.dumps(args, default=str), status, now, now),
            )

        self._conns.write(start)
        return self.get(run_id)

    def get(self, run_id: str) -> PipelineRun:
        """The synthesis run with this id, or NotFoundError."""
        row = self._conns.read(
            lambda conn: conn.execute(
                "SELECT id, args, status, progress, created_at, updated_at FROM pipeline_runs WHERE id = ?",
                (run_id,),
            ).fetchone()
        )
        if row is None:
            raise self._not_found(f"pipeline run with id {run_id!r}")
        return _pipeline_run(row)

    def update(
        self, run_id: str, *, status: str | None = None, progress: RunProgress | None = None
    ) -> PipelineRun:
        """Set a run's status and/or replace its progress checkpoint."""

        def update(conn: sqlite3.Connection) -> None:
            cursor = conn.execute(
                "UPDATE pipeline_runs SET status = coalesce(?, status), progress = coalesce(?, progress), "
                "updated_at = ? WHERE id = ?",
                (
                    status,
                    None if progress is None else progress.model_dump_json(),
                    time.time(),
                    run_id,
                ),
            )
            if cursor.rowcount == 0:
                raise self._not_found(f"pipeline run with id {run_id!r}")

        self._conns.write(update)
        return self.get(run_id)

    def list(self, status: str | None = None) -> list[PipelineRun]:
        """Synthesis runs, oldest first, of one status if given."""
        where, params = _filters(status=status)
        sql = (
            "SELECT id, args, status, progress, created_at, updated_at FROM pipeline_runs "
            f"{('WHERE ' + where) if where else ''} ORDER BY created_at, id"
        )
        return [_pipeline_run(r) for r in self._conns.read(lambda conn: conn.execute(sql, params).fetchall())]


def _pipeline_run(row: Sequence[Any]) -> PipelineRun:
    return PipelineRun(
        row[0], json.loads(row[1]), row[2], RunProgress.model_validate_json(row[3]), row[4], row[5]
    )
