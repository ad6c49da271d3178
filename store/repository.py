"""The Store over the one SQLite file, holding one repository per concern (store/repositories/), and
``open_store``, which finds, creates or migrates the file.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

# sqlite-utils pulls in numpy (and pandas, but for _db.py); `serve` must answer before it needs either
if TYPE_CHECKING:
    import sqlite_utils

from frontiersmith.errors import StoreError
from frontiersmith.models import Record
from frontiersmith.settings import Settings, get_settings

from ._db import PRIVATE_DIR_MODE, Connections, describe, make_private_folder, sqlite_utils_database
from .migrations import RECORD_TABLES, migrate, schema_version
from .records import PutOutcome, StoreInfo
from .repositories.blobs import Blobs
from .repositories.candidates import Candidates
from .repositories.events import Events
from .repositories.exchanges import Exchanges
from .repositories.frontier import Frontier
from .repositories.lineage import Lineage
from .repositories.problems import Problems
from .repositories.records import PreparedRecords, Records
from .repositories.runs import PipelineRuns
from .repositories.seeds import Seeds
from .repositories.tasks import Tasks
from .repositories.views import Views

R = TypeVar("R", bound=Record)

DEMO_FOLDER = "demo"  # `frontiersmith demo` writes a fresh store each run: DATA_DIR/demo/TIME/store.db


def demo_store_path(settings: Settings, stamp: str) -> Path:
    """Where the demo started at ``stamp`` (YYYYmmdd-HHMMSS) writes its store."""
    return settings.data_dir / DEMO_FOLDER / stamp / "store.db"


def last_demo_store(settings: Settings | None = None) -> Path | None:
    """The store the latest `frontiersmith demo` wrote, if any: what a command that finds nothing in the
    default store points its user at."""
    settings = settings or get_settings()
    stores = sorted((settings.data_dir / DEMO_FOLDER).glob("*/store.db"))
    return stores[-1] if stores else None


def open_store(path: Path | None = None, settings: Settings | None = None) -> Store:
    """Open (creating or migrating as needed) the store at ``path``, or at the settings' store path."""
    settings = settings or get_settings()
    explicit = path is not None or settings.store_path is not None
    hint = "FRONTIERSMITH_STORE_PATH" if explicit else "FRONTIERSMITH_DATA_DIR"
    # The XDG default may sit under folders a fresh HOME lacks, so it is created whole; a folder the user
    # named is only created one level deep, so a typo fails loudly instead of growing a tree somewhere odd.
    create_parents = not explicit and "data_dir" not in settings.model_fields_set
    target = Path(path if path is not None else settings.resolved_store_path).expanduser()
    _prepare_folder(target, hint, create_parents)
    if not explicit:
        make_private_folder(target.parent)  # the data dir is ours; a folder the user named is left as it is
    return Store(target, hint)


def _prepare_folder(path: Path, hint: str, create_parents: bool) -> None:
    folder = path.parent
    if not folder.exists():
        if not create_parents and not folder.parent.is_dir():
            raise StoreError(f"The folder {folder.parent} does not exist; create it or set {hint}.")
        try:
            folder.mkdir(mode=PRIVATE_DIR_MODE, parents=create_parents, exist_ok=True)
        except OSError as exc:
            raise StoreError(
                f"The folder {folder} cannot be created ({exc.strerror}); create it or set {hint}."
            ) from None
    if not folder.is_dir():
        raise StoreError(f"{folder} is not a folder; set {hint} to a path inside a folder.")
    # SQLite in WAL mode creates -wal and -shm files beside the store, so the folder must be writable too.
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreError(
            f"The folder {folder} is read-only; make it writable or set {hint} to a writable place."
        )
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a store file; point {hint} at a file path instead.")
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise StoreError(f"{path} is read-only; make it writable or set {hint} to a writable place.")


class Store:
    """The FrontierSmith store: one SQLite file, and its repositories as attributes, one concern each
    (``store.tasks.publish(task)``, ``store.candidates.reject(...)``; store/repositories/). Any record is also
    stored and read by type and id on the store itself (``store.put(record)``, ``store.get(Task, id)``). All of
    them share the store's connections, so ``with store.transaction():`` groups writes made through any of them.
    Safe to share between threads (one connection per thread) and to open from many processes at once (WAL;
    writers queue on BEGIN IMMEDIATE and retry, never failing on a lock).

    Attributes:
        seeds: the problems synthesis starts from.
        candidates: candidates, their test suites, cross-validation reports and divergence estimates.
        problems: a problem's solutions, tests, verifiers and runs, and their score matrix.
        tasks: published tasks, their versions, submissions and leaderboards.
        frontier: solvers' trajectories and defect maps.
        lineage: the edges between records and the walks over them.
        events: what happened to a record, in order.
        exchanges: every request a model was sent, and its answer.
        blobs: bytes by their sha256 digest (test inputs and answers, messages).
        pipeline_runs: synthesis runs, their arguments, status and progress.
        views: the dashboard's read models.
    """

    def __init__(self, path: Path, hint: str = "FRONTIERSMITH_STORE_PATH"):
        self.path = path
        self._hint = hint
        self._conns = conns = Connections(path, hint)
        try:
            migrate(conns.get(), label=str(path))
        except sqlite3.Error as exc:
            conns.close()
            raise describe(exc, path, hint) from None
        except BaseException:
            conns.close()
            raise
        self._records = records = Records(conns)
        self.events = events = Events(conns)
        self.blobs = blobs = Blobs(conns)
        self.seeds = Seeds(conns, records)
        self.candidates = Candidates(conns, records, events)
        self.problems = Problems(conns, records)
        self.tasks = Tasks(conns, records, events)
        self.frontier = Frontier(conns, records)
        self.lineage = Lineage(conns, records)
        self.exchanges = Exchanges(conns, blobs)
        self.pipeline_runs = PipelineRuns(conns)
        self.views = Views(conns, records)

    # Records of any type, by type and id (store/repositories/records.py).

    def put(self, record: Record) -> PutOutcome:
        """Store any pipeline record (see PutOutcome for what a repeated put does) and its lineage edges."""
        return self._records.put(record)

    def get(self, model: type[R], record_id: str) -> R:
        """The record of type ``model`` with this exact id, or NotFoundError."""
        return self._records.get(model, record_id)

    def find(self, model: type[R], record_id: str) -> R | None:
        """The record of type ``model`` with this exact id, or None when it is not stored (yet)."""
        return self._records.find(model, record_id)

    def get_any(self, record_id: str) -> Record:
        """The record with this id in any table; a unique id prefix also works (as in git)."""
        return self._records.get_any(record_id)

    def stored_ids(self, model: type[Record], record_ids: Sequence[str]) -> set[str]:
        """Which of ``record_ids`` are stored as ``model``: one query per chunk, not a look-up per id."""
        return self._records.stored_ids(model, record_ids)

    @staticmethod
    def prepare(records: Iterable[Record]) -> PreparedRecords:
        """What ``put_many`` would write, worked out without the store: hashes, columns, JSON, edges."""
        return Records.prepare(records)

    def put_many(self, records: Iterable[Record]) -> int:
        """Store records of any types in one transaction (all or none), one upsert per table, with their lineage
        edges: what a bulk writer uses instead of a put per record. Returns how many were inserted or changed."""
        return self._records.put_many(records)

    def put_prepared(self, prepared: PreparedRecords) -> int:
        """``put_many`` of ``prepare``d records: a bulk writer (a seed import) hashes and dumps them before it
        takes the write lock, not while other writers wait for it."""
        return self._records.put_prepared(prepared)

    def close(self) -> None:
        """Close the store's connections in every thread; a ``with`` block does it on leaving."""
        self._conns.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Store]:
        """Group several writes atomically: all of them are stored, or (on an exception) none.

        Nested blocks join the outer one. Other threads and processes wait for the commit.
        """
        try:
            with self._conns.transaction():
                yield self
        except sqlite3.Error as exc:
            raise describe(exc, self.path, self._hint) from None

    @contextlib.contextmanager
    def page_cache(self, megabytes: int) -> Iterator[Store]:
        """This thread's connection keeps up to ``megabytes`` of pages in memory inside the block (SQLite's
        default is 2 MB): what a bulk writer wants, whose batches dirty pages all over the indexes."""
        conn = self._conns.get()
        before = conn.execute("PRAGMA cache_size").fetchone()[0]
        conn.execute(f"PRAGMA cache_size = {-1024 * int(megabytes)}")
        try:
            yield self
        finally:
            with contextlib.suppress(sqlite3.Error):
                conn.execute(f"PRAGMA cache_size = {int(before)}")

    @property
    def db(self) -> sqlite_utils.Database:
        """This thread's connection as a sqlite-utils Database, for ad-hoc reads and introspection."""
        return sqlite_utils_database(self._conns.get())

    @property
    def schema_version(self) -> int:
        """The schema version of the store's file."""
        return self._conns.read(schema_version)

    def counts(self) -> dict[str, int]:
        """Rows per table, records first, then blobs, lineage, events, pipeline runs and model exchanges."""
        tables = [*RECORD_TABLES, "blobs", "lineage", "events", "pipeline_runs", "exchanges"]
        union = " UNION ALL ".join(f"SELECT '{t}', count(*) FROM {t}" for t in tables)
        return {name: n for name, n in self._conns.read(lambda conn: conn.execute(union).fetchall())}

    def info(self) -> StoreInfo:
        """The store's file, schema version, size on disk (the write-ahead log included) and rows per table."""
        size = sum(p.stat().st_size for p in (self.path, Path(f"{self.path}-wal")) if p.exists())
        return StoreInfo(str(self.path), self.schema_version, size, self.counts())

    def integrity_check(self) -> str:
        """SQLite's own verdict on the file: ``"ok"`` when it is sound."""
        rows = self._conns.read(lambda conn: conn.execute("PRAGMA integrity_check").fetchall())
        return "; ".join(str(r[0]) for r in rows)
