"""Lineage: the edges between records (a candidate's seed, a task's candidate, the version a task supersedes),
added by the puts themselves, walked up to the seed and down to the published tasks."""

from __future__ import annotations

from collections.abc import Sequence

from .._db import Connections
from ..records import (
    PRIMARY_RELATIONS,
    RecordSummary,
    summarise,
)
from .base import Repository, _chunks
from .records import Records

# Lineage walks stop here, so a cycle someone added by hand cannot loop forever.
_MAX_DEPTH = 256


class Lineage(Repository):
    """``store.lineage``: the edges between records, and the walks over them."""

    def __init__(self, conns: Connections, records: Records):
        super().__init__(conns)
        self._records = records

    def parents(self, record_id: str) -> list[tuple[str, str]]:
        """Every edge out of a record: ``(parent_id, relation)``."""
        return self._conns.read(
            lambda conn: [
                (r[0], r[1])
                for r in conn.execute(
                    "SELECT parent_id, relation FROM lineage WHERE child_id = ? ORDER BY relation, parent_id",
                    (record_id,),
                )
            ]
        )

    def ancestors(
        self, record_id: str, relations: Sequence[str] = PRIMARY_RELATIONS, include_self: bool = True
    ) -> list[RecordSummary]:
        """The chain a record came from, oldest first: seed, candidate, ..., and the record itself last."""
        return self._walk(record_id, relations, include_self, up=True)

    def descendants(
        self, record_id: str, relations: Sequence[str] = PRIMARY_RELATIONS, include_self: bool = True
    ) -> list[RecordSummary]:
        """Everything derived from a record, nearest first (the record itself first)."""
        return self._walk(record_id, relations, include_self, up=False)

    def _walk(
        self, record_id: str, relations: Sequence[str], include_self: bool, up: bool
    ) -> list[RecordSummary]:
        start = self._records.get_any(record_id)
        marks = ", ".join("?" * len(relations))
        near, far = ("child_id", "parent_id") if up else ("parent_id", "child_id")
        sql = f"""
            WITH RECURSIVE walk(id, depth) AS (
                SELECT ?, 0
                UNION
                SELECT l.{far}, walk.depth + 1 FROM lineage AS l JOIN walk ON l.{near} = walk.id
                WHERE l.relation IN ({marks}) AND walk.depth < {_MAX_DEPTH}
            )
            SELECT id, max(depth) AS depth FROM walk GROUP BY id
            ORDER BY depth {"DESC" if up else "ASC"}, id
        """
        rows = self._conns.read(lambda conn: conn.execute(sql, (start.id, *relations)).fetchall())
        summaries = []
        for node_id, depth in rows:
            if depth == 0 and not include_self:
                continue
            relation = self._primary_relation(node_id, relations)
            summaries.append(
                summarise(start if depth == 0 else self._records.find_any(node_id), node_id, relation)
            )
        return summaries

    def _primary_relation(self, record_id: str, relations: Sequence[str]) -> str | None:
        marks = ", ".join("?" * len(relations))
        row = self._conns.read(
            lambda conn: conn.execute(
                f"SELECT relation FROM lineage WHERE child_id = ? AND relation IN ({marks}) ORDER BY relation LIMIT 1",
                (record_id, *relations),
            ).fetchone()
        )
        return row[0] if row else None

    def children(self, record_ids: Sequence[str], relations: Sequence[str]) -> list[tuple[str, str, str]]:
        """Every edge into these records over ``relations``: ``(parent_id, child_id, relation)``."""
        marks = ", ".join("?" * len(relations))
        edges: list[tuple[str, str, str]] = []
        for chunk in _chunks(list(record_ids)):
            sql = (
                f"SELECT parent_id, child_id, relation FROM lineage WHERE parent_id IN ({', '.join('?' * len(chunk))}) "
                f"AND relation IN ({marks}) ORDER BY parent_id, created_at, child_id"
            )
            edges += [(r[0], r[1], r[2]) for r in self._query(sql, [*chunk, *relations])]
        return edges
