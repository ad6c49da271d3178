"""Records of any type: put (with their lineage edges), get, find, list and bulk writes, each record a few indexed
columns plus its pydantic JSON. A published task and the rows it is made of never change."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from frontiersmith.errors import InvalidInputError, StoreError
from frontiersmith.models import Record

from ..migrations import RECORD_TABLES
from ..records import (
    BY_TABLE,
    PACKAGE_PARTS,
    TABLES,
    PutOutcome,
    RecordTable,
)
from .base import Repository, _chunks

R = TypeVar("R", bound=Record)


@dataclass(frozen=True)
class PreparedRow:
    """A record with its content hash and its row (columns and JSON, without ``updated_at``)."""

    record: Record
    digest: str
    row: dict[str, Any]


@dataclass
class PreparedRecords:
    """Records ready for ``put_many``: their rows by type, and their lineage edges."""

    rows: dict[type[Record], list[PreparedRow]] = field(default_factory=dict)
    edges: list[tuple[str, str, str]] = field(default_factory=list)

    @classmethod
    def join(cls, parts: Iterable[PreparedRecords]) -> PreparedRecords:
        """One batch of several prepared batches, their rows and edges in the order given."""
        joined = cls()
        for part in parts:
            for model, batch in part.rows.items():
                joined.rows.setdefault(model, []).extend(batch)
            joined.edges += part.edges
        return joined


def _prepared_row(spec: RecordTable, record: Record, digest: str | None = None) -> PreparedRow:
    digest = digest or record.hash()
    row = {"id": record.id, "content_hash": digest, "created_at": record.created_at}
    row.update(spec.columns(record))
    row["data"] = record.model_dump_json()
    return PreparedRow(record, digest, row)


class Records(Repository):
    """The generic record layer: ``Store`` passes on its public methods (``store.put``, ``store.get``, ...),
    and the repositories of particular records build on all of them, writing inside their own transactions
    with ``put_in``, ``upsert`` and ``add_edge``."""

    def put(self, record: Record) -> PutOutcome:
        """Store any pipeline record (see PutOutcome for what a repeated put does) and its lineage edges."""
        return self._conns.write(lambda conn: self.put_in(conn, record))

    def get(self, model: type[R], record_id: str) -> R:
        """The record of type ``model`` with this exact id, or NotFoundError."""
        found = self.find(model, record_id)
        if found is None:
            raise self._not_found(f"{TABLES[model].kind} with id {record_id!r}")
        return found

    def find(self, model: type[R], record_id: str) -> R | None:
        """The record of type ``model`` with this exact id, or None when it is not stored (yet)."""
        spec = TABLES[model]
        row = self._conns.read(
            lambda conn: conn.execute(f"SELECT data FROM {spec.table} WHERE id = ?", (record_id,)).fetchone()
        )
        return None if row is None else model.model_validate_json(row[0])  # type: ignore[return-value]

    def stored_ids(self, model: type[Record], record_ids: Sequence[str]) -> set[str]:
        """Which of ``record_ids`` are stored as ``model``: one query per chunk, not a look-up per id."""
        table = TABLES[model].table

        def read(conn: sqlite3.Connection) -> set[str]:
            found: set[str] = set()
            for chunk in _chunks(list(record_ids)):
                marks = ", ".join("?" * len(chunk))
                found.update(
                    r[0] for r in conn.execute(f"SELECT id FROM {table} WHERE id IN ({marks})", chunk)
                )
            return found

        return self._conns.read(read)

    def get_any(self, record_id: str) -> Record:
        """The record with this id in any table; a unique id prefix also works (as in git)."""
        found = self.find_any(record_id)
        if found is not None:
            return found
        upper = record_id + "\U0010ffff"
        matches: list[tuple[str, str]] = []
        for table in RECORD_TABLES:
            rows = self._query(f"SELECT id FROM {table} WHERE id >= ? AND id < ? LIMIT 5", (record_id, upper))
            matches += [(table, r[0]) for r in rows]
        if not matches or not record_id:
            raise self._not_found(f"record with id {record_id!r}")
        if len(matches) > 1:
            shown = ", ".join(m[1] for m in matches[:5])
            raise InvalidInputError(
                f"The id prefix {record_id!r} matches several records ({shown}); give more of it."
            )
        table, full_id = matches[0]
        return self.get(BY_TABLE[table].model, full_id)

    def find_any(self, record_id: str) -> Record | None:
        """The record with this exact id in any table, or None."""
        union = " UNION ALL ".join(f"SELECT '{t}', data FROM {t} WHERE id = :id" for t in RECORD_TABLES)
        row = self._conns.read(lambda conn: conn.execute(union, {"id": record_id}).fetchone())
        if row is None:
            return None
        return BY_TABLE[row[0]].model.model_validate_json(row[1])

    def select(
        self, model: type[R], where: str = "", params: Sequence[Any] = (), order: str = "created_at, id"
    ) -> list[R]:
        """The records of type ``model`` matching the SQL ``where`` (its ``params`` bound), in ``order``."""
        spec = TABLES[model]
        sql = f"SELECT data FROM {spec.table} {('WHERE ' + where) if where else ''} ORDER BY {order}"
        rows = self._conns.read(lambda conn: conn.execute(sql, tuple(params)).fetchall())
        return [model.model_validate_json(r[0]) for r in rows]  # type: ignore[misc]

    def latest(self, model: type[R], column: str, value: str) -> R | None:
        """The record of type ``model`` with ``column = value`` stored last, or None."""
        found = self.select(
            model, f"{column} = ?", (value,), order="updated_at DESC, created_at DESC, id DESC"
        )
        return found[0] if found else None

    def put_in(self, conn: sqlite3.Connection, record: Record) -> PutOutcome:
        """``put`` inside a write the caller holds on ``conn``."""
        spec = TABLES[type(record)]
        known = conn.execute(f"SELECT 1 FROM {spec.table} WHERE id = ?", (record.id,)).fetchone()
        if not self.upsert(conn, [_prepared_row(spec, record)]):
            return PutOutcome.UNCHANGED
        for parent_id, relation in spec.edges(record):
            self.add_edge(conn, record.id, parent_id, relation)
        return PutOutcome.UPDATED if known else PutOutcome.INSERTED

    @staticmethod
    def prepare(records: Iterable[Record]) -> PreparedRecords:
        """What ``put_many`` would write, worked out without the store: hashes, columns, JSON, edges."""
        prepared = PreparedRecords()
        for record in records:
            spec = TABLES[type(record)]
            prepared.rows.setdefault(type(record), []).append(_prepared_row(spec, record))
            prepared.edges += [(record.id, parent, relation) for parent, relation in spec.edges(record)]
        return prepared

    def put_many(self, records: Iterable[Record]) -> int:
        """Store records of any types in one transaction (all or none), one upsert per table, with their lineage
        edges: what a bulk writer uses instead of a put per record. Returns how many were inserted or changed."""
        return self.put_prepared(self.prepare(records))

    def put_prepared(self, prepared: PreparedRecords) -> int:
        """``put_many`` of ``prepare``d records: a bulk writer (a seed import) hashes and dumps them before it
        takes the write lock, not while other writers wait for it."""

        def write(conn: sqlite3.Connection) -> int:
            changed = sum(self.upsert(conn, rows) for rows in prepared.rows.values())
            now = time.time()
            conn.executemany(
                "INSERT OR IGNORE INTO lineage (child_id, parent_id, relation, created_at) VALUES (?, ?, ?, ?)",
                [(*edge, now) for edge in prepared.edges],
            )
            return changed

        return self._conns.write(write) if prepared.rows else 0

    @staticmethod
    def upsert(conn: sqlite3.Connection, prepared: Sequence[PreparedRow]) -> int:
        """Write the prepared rows of records of one type; returns how many were inserted or changed.

        An id already stored with the same content hash is skipped; with a new hash its row is replaced but
        keeps the first created_at (in the column and in the JSON). Callers hold the write lock, so the
        look-up and the write cannot race another writer.
        """
        if not prepared:
            return 0
        spec = TABLES[type(prepared[0].record)]
        known: dict[str, tuple[str, float]] = {}
        for chunk in _chunks([p.record.id for p in prepared]):
            marks = ", ".join("?" * len(chunk))
            for row in conn.execute(
                f"SELECT id, content_hash, created_at FROM {spec.table} WHERE id IN ({marks})", chunk
            ):
                known[row[0]] = (row[1], row[2])
        changed = [p.record for p in prepared if p.record.id in known and known[p.record.id][0] != p.digest]
        frozen = Records._frozen_package_rows(conn, spec.table, changed) if changed else set()
        now = time.time()
        rows = []
        for p in prepared:
            row = p.row
            if p.record.id in known:
                if known[p.record.id][0] == p.digest or p.record.id in frozen:
                    continue
                first = p.record.model_copy(update={"created_at": known[p.record.id][1]})
                row = _prepared_row(spec, first, p.digest).row
            rows.append({**row, "updated_at": now})
        if not rows:
            return 0
        names = list(rows[0])
        set_clause = ", ".join(f"{n} = excluded.{n}" for n in names if n not in ("id", "created_at"))
        sql = (
            f"INSERT INTO {spec.table} ({', '.join(names)}) VALUES ({', '.join(':' + n for n in names)}) "
            f"ON CONFLICT(id) DO UPDATE SET {set_clause}"
        )
        conn.executemany(sql, rows)
        return len(rows)

    @staticmethod
    def _frozen_package_rows(conn: sqlite3.Connection, table: str, changed: Sequence[Record]) -> set[str]:
        """Of ``changed`` (records stored before with other content), the ids of rows a published task is
        made of whose scored fields stay the same: those rows are kept as published. A change to a published
        task, or to what a task's scores depend on, raises StoreError: a new package is a new task.
        (Migration 3's triggers refuse the same writes from any other writer of the file.)"""
        if table == "tasks":
            raise StoreError(
                f"The task {changed[0].id!r} is published and cannot change; publish the new package as a new task."
            )
        part = PACKAGE_PARTS.get(table)
        if part is None:
            return set()
        if table == "tests":
            sql = (
                "SELECT DISTINCT t.value FROM tasks, json_each(tasks.data, ?) AS t WHERE t.value IN ({marks})"
            )
        else:
            sql = "SELECT DISTINCT json_extract(data, ?) AS ref FROM tasks WHERE ref IN ({marks})"
        by_id = {r.id: r for r in changed}
        frozen: set[str] = set()
        for chunk in _chunks(list(by_id)):
            marks = ", ".join("?" * len(chunk))
            published = [r[0] for r in conn.execute(sql.format(marks=marks), (part.reference, *chunk))]
            for record_id in published:
                row = conn.execute(f"SELECT data FROM {table} WHERE id = ?", (record_id,)).fetchone()
                stored = type(by_id[record_id]).model_validate_json(row[0])
                new = by_id[record_id]
                if any(getattr(stored, f) != getattr(new, f) for f in part.scored):
                    kind = BY_TABLE[table].kind
                    raise StoreError(
                        f"The {kind} {record_id!r} belongs to a published task and cannot change; store the "
                        f"new {kind} under a new id and publish a new task."
                    )
                frozen.add(record_id)
        return frozen

    @staticmethod
    def add_edge(conn: sqlite3.Connection, child_id: str, parent_id: str, relation: str) -> None:
        """Add a lineage edge inside the caller's transaction; an edge already stored is left as it is."""
        conn.execute(
            "INSERT OR IGNORE INTO lineage (child_id, parent_id, relation, created_at) VALUES (?, ?, ?, ?)",
            (child_id, parent_id, relation, time.time()),
        )
