"""What every repository of the store shares: the connections (so all of them write in the same transactions, and
a not-found error names the store's hint), and the small SQL helpers."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from frontiersmith.errors import NotFoundError

from .._db import Connections

# Ids per IN (...) clause: well under SQLite's host-parameter limit.
_CHUNK = 500


class Repository:
    """One concern of the store over the connections every repository of one ``Store`` shares."""

    def __init__(self, conns: Connections):
        self._conns = conns

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._conns.read(lambda conn: conn.execute(sql, tuple(params)).fetchall())

    def _not_found(self, what: str) -> NotFoundError:
        # The path stays out of the sentence: it reaches MCP clients, who have no business knowing it
        # (`frontiersmith store info` shows it to the store's owner).
        return NotFoundError(f"No {what} is in the store; check the id or {self._conns.hint}.")


def _filters(**equals: Any) -> tuple[str, list[Any]]:
    """``col = ?`` clauses for the arguments that are not None."""
    given = {k: v for k, v in equals.items() if v is not None}
    return " AND ".join(f"{k} = ?" for k in given), list(given.values())


def _chunks(items: list[str]) -> Iterator[list[str]]:
    for i in range(0, len(items), _CHUNK):
        yield items[i : i + _CHUNK]
