"""Events: what happened to a record, in order (a protocol round, a transcript, a status change, a publication)."""

from __future__ import annotations

import json
import sqlite3
import time
from typing import Any

from ..records import Event
from .base import Repository, _filters


class Events(Repository):
    """``store.events``."""

    def add(self, kind: str, subject_id: str | None = None, payload: dict[str, Any] | None = None) -> int:
        """Remember something about ``subject_id`` (a protocol round, a transcript, a rejection); returns its id."""
        return self._conns.write(lambda conn: self.add_in(conn, kind, subject_id, payload or {}))

    @staticmethod
    def add_in(conn: sqlite3.Connection, kind: str, subject_id: str | None, payload: dict[str, Any]) -> int:
        """``add`` inside a write the caller holds on ``conn`` (a status change and its event, together)."""
        cursor = conn.execute(
            "INSERT INTO events (kind, subject_id, payload, created_at) VALUES (?, ?, ?, ?)",
            (kind, subject_id, json.dumps(payload, default=str), time.time()),
        )
        return int(cursor.lastrowid or 0)

    def list(
        self, subject_id: str | None = None, kind: str | None = None, limit: int | None = None
    ) -> list[Event]:
        """Events in the order they happened, optionally of one subject and/or one kind."""
        where, params = _filters(subject_id=subject_id, kind=kind)
        sql = (
            f"SELECT id, kind, subject_id, payload, created_at FROM events {('WHERE ' + where) if where else ''} "
            f"ORDER BY id{f' LIMIT {int(limit)}' if limit is not None else ''}"
        )
        rows = self._conns.read(lambda conn: conn.execute(sql, params).fetchall())
        return [Event(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]
