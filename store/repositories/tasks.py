"""Published tasks (immutable versions of a candidate, the latest by publication), submissions and leaderboards."""

from __future__ import annotations

import builtins
import sqlite3

from frontiersmith.models import (
    Submission,
    Task,
)

from .._db import Connections
from ..records import (
    SUPERSEDES,
    TASK_PUBLISHED,
    PutOutcome,
)
from .base import Repository, _filters
from .events import Events
from .records import Records

# When each task was last published; tasks stored before publications were recorded count as published
# when they were created, before any recorded publication of their candidate.
_PUBLICATIONS = "SELECT subject_id, max(id) AS last FROM events WHERE kind = ? GROUP BY subject_id"
_PUBLISHED_ORDER = "coalesce(p.last, 0) DESC, t.created_at DESC, t.id DESC"


class Tasks(Repository):
    """``store.tasks``: published tasks (each the version of a candidate published last is its latest), the
    submissions made to them and their leaderboards."""

    def __init__(self, conns: Connections, records: Records, events: Events):
        super().__init__(conns)
        self._records = records
        self._events = events

    def put(self, task: Task) -> PutOutcome:
        """Store a task; a task already stored under this id with other content is refused (StoreError)."""
        return self._records.put(task)

    def publish(self, task: Task) -> tuple[Task, str | None]:
        """Make ``task`` the latest version of its candidate, atomically: store it unless this exact package
        is stored already (then the stored task is kept as it is), link it to the version it replaces with a
        ``supersedes`` edge, and record the publication. Returns the stored task and the id of the version
        it replaced (None when it was the latest already, or the first)."""

        def publish(conn: sqlite3.Connection) -> tuple[Task, str | None]:
            previous = self._latest_id(conn, task.candidate_id)
            row = conn.execute("SELECT data FROM tasks WHERE id = ?", (task.id,)).fetchone()
            stored = Task.model_validate_json(row[0]) if row else task
            if row is None:
                self._records.put_in(conn, task)
            if previous == stored.id:
                return stored, None
            if previous is not None and row is None:
                self._records.add_edge(conn, stored.id, previous, SUPERSEDES)
            self._events.add_in(
                conn, TASK_PUBLISHED, stored.id, {"candidate_id": stored.candidate_id, "replaces": previous}
            )
            return stored, previous

        return self._conns.write(publish)

    def get(self, task_id: str) -> Task:
        """The task with this id (any version, not only the latest), or NotFoundError."""
        return self._records.get(Task, task_id)

    def list(self, candidate_id: str | None = None) -> list[Task]:
        """Every stored task, older versions included, oldest first; ``latest_ids`` tells the latest apart."""
        where, params = _filters(candidate_id=candidate_id)
        return self._records.select(Task, where, params)

    def latest(self, candidate_id: str) -> Task | None:
        """The task that is the latest version of a candidate (the one last published), or None."""
        found = self._conns.read(lambda conn: self._latest_id(conn, candidate_id))
        return None if found is None else self.get(found)

    def latest_ids(self) -> set[str]:
        """The id of every candidate's latest task; every other task is an older version of its candidate."""
        sql = f"""
            SELECT id FROM (
                SELECT t.id, ROW_NUMBER() OVER (
                    PARTITION BY t.candidate_id ORDER BY {_PUBLISHED_ORDER}
                ) AS rank
                FROM tasks AS t LEFT JOIN ({_PUBLICATIONS}) AS p ON p.subject_id = t.id
            ) WHERE rank = 1
        """
        return {r[0] for r in self._query(sql, (TASK_PUBLISHED,))}

    @staticmethod
    def _latest_id(conn: sqlite3.Connection, candidate_id: str) -> str | None:
        sql = (
            f"SELECT t.id FROM tasks AS t LEFT JOIN ({_PUBLICATIONS}) AS p ON p.subject_id = t.id "
            f"WHERE t.candidate_id = ? ORDER BY {_PUBLISHED_ORDER} LIMIT 1"
        )
        row = conn.execute(sql, (TASK_PUBLISHED, candidate_id)).fetchone()
        return row[0] if row else None

    def put_submission(self, submission: Submission) -> PutOutcome:
        """Store a submission's record; judging it is tools/problems' work."""
        return self._records.put(submission)

    def get_submission(self, submission_id: str) -> Submission:
        """The submission with this id, or NotFoundError."""
        return self._records.get(Submission, submission_id)

    def list_submissions(
        self, problem_id: str, author: str | None = None, limit: int | None = None
    ) -> builtins.list[Submission]:
        """Submissions to a problem, newest first, of one ``author`` if given, at most ``limit`` of them."""
        where, params = _filters(problem_id=problem_id, author=author)
        order = "created_at DESC, id" + (f" LIMIT {int(limit)}" if limit is not None else "")
        return self._records.select(Submission, where, params, order=order)

    def leaderboard(self, problem_id: str, limit: int = 10) -> builtins.list[Submission]:
        """Each author's best submission to a problem, best score first (earlier wins a tie); anonymous
        submissions each stand alone."""
        sql = (
            "SELECT data FROM (SELECT data, score, created_at, ROW_NUMBER() OVER "
            "(PARTITION BY coalesce(nullif(author, ''), id) ORDER BY score DESC, created_at) AS rank FROM submissions WHERE problem_id = ?) "
            "WHERE rank = 1 ORDER BY score DESC, created_at LIMIT ?"
        )
        rows = self._conns.read(lambda conn: conn.execute(sql, (problem_id, int(limit))).fetchall())
        return [Submission.model_validate_json(r[0]) for r in rows]
