"""Exchanges: every request a model was sent and its answer (``Exchange``), with the logical key a replay finds
an answer by. A message is stored once as a blob however many requests carry it (the system prompt and the
worked examples open every request of a step)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from frontiersmith.models import canonical_json

from .._db import Connections
from ..records import Exchange
from .base import Repository, _filters
from .blobs import Blobs

# The Exchange fields that have columns of their own; the rest is in ``data``.
_COLUMNS = ("id", "run_id", "step", "subject_id", "ask", "attempt", "turn", "role", "model")


def context_key(context: dict[str, Any]) -> str:
    """A step's context as the key column holds it (canonical JSON, so equal contexts are equal text)."""
    return canonical_json(context)


class Exchanges(Repository):
    """``store.exchanges``: the model's requests and answers, their messages kept in ``blobs``."""

    def __init__(self, conns: Connections, blobs: Blobs):
        super().__init__(conns)
        self._blobs = blobs

    def put(self, exchange: Exchange) -> bool:
        """Store one exchange (its messages as blobs); False when its id (its key) was stored before, which is
        then kept as it was."""
        texts = [canonical_json(m).encode() for m in exchange.messages]
        rows = self._blobs.prepare(texts)
        data = exchange.model_dump(mode="json", exclude={*_COLUMNS, "messages", "context", "started_at"})
        data["messages"] = [row[0] for row in rows]
        row = (
            *(getattr(exchange, c) for c in _COLUMNS),
            context_key(exchange.context),
            exchange.started_at,
            json.dumps(data),
        )

        def put(conn: sqlite3.Connection) -> bool:
            conn.executemany(
                "INSERT OR IGNORE INTO blobs (hash, size, compressed, data, created_at) VALUES (?, ?, ?, ?, ?)",
                rows,
            )
            cursor = conn.execute(
                f"INSERT OR IGNORE INTO exchanges ({', '.join(_COLUMNS)}, context, created_at, data) "
                f"VALUES ({', '.join('?' * (len(_COLUMNS) + 3))})",
                row,
            )
            return cursor.rowcount == 1

        return self._conns.write(put)

    def asks_before(
        self, run_id: str | None, step: str, subject_id: str | None, context: dict[str, Any]
    ) -> int:
        """How many asks of ``step`` on ``subject_id`` with ``context`` the store holds for ``run_id``: the
        number the next such ask gets (a resumed run goes on counting where the stopped one was)."""
        rows = self._query(
            "SELECT count(*) FROM exchanges WHERE run_id IS ? AND step = ? AND subject_id IS ? AND context = ? "
            "AND attempt = 1 AND turn = 0",
            (run_id, step, subject_id, context_key(context)),
        )
        return int(rows[0][0])

    def runs(self) -> list[tuple[str, int]]:
        """The runs that have exchanges, with how many each has, oldest first."""
        rows = self._query(
            "SELECT run_id, count(*) FROM exchanges WHERE run_id IS NOT NULL GROUP BY run_id ORDER BY min(rowid)"
        )
        return [(str(r[0]), int(r[1])) for r in rows]

    def list(
        self,
        run_id: str | None = None,
        subject_id: str | None = None,
        step: str | None = None,
        *,
        messages: bool = True,
        limit: int | None = None,
    ) -> list[Exchange]:
        """Exchanges in the order they were stored, optionally of one run, subject and/or step; without
        ``messages`` their conversations are left out (a listing reads fast)."""
        where, params = _filters(run_id=run_id, subject_id=subject_id, step=step)
        sql = (
            f"SELECT {', '.join(_COLUMNS)}, context, created_at, data FROM exchanges "
            f"{('WHERE ' + where) if where else ''} ORDER BY rowid"
            f"{f' LIMIT {int(limit)}' if limit is not None else ''}"
        )
        rows = self._conns.read(lambda conn: conn.execute(sql, params).fetchall())
        return [self._exchange(r, messages) for r in rows]

    def _exchange(self, row: Sequence[Any], messages: bool) -> Exchange:
        data = json.loads(row[-1])
        digests = data.pop("messages", [])
        fields = dict(zip(_COLUMNS, row[: len(_COLUMNS)], strict=True))
        fields["context"] = json.loads(row[len(_COLUMNS)])
        fields["started_at"] = row[len(_COLUMNS) + 1]
        fields["messages"] = [json.loads(self._blobs.get(d)) for d in digests] if messages else []
        return Exchange.model_validate({**data, **fields})
