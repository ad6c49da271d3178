"""``import_seeds``: stream a file (or folder) of closed problems into the store as seeds, in one process or, with
``jobs``, in several (``import_in_parts``).

Each row is parsed (``formats``), its tuple described (``describe``), checked against what is stored (the seed id
is the hash of the normalised statement, so a re-import and a duplicate statement are both found by id), its
references run (``validate``), and written by ``store_seeds``. Memory stays flat in the number of rows: a row is
dropped once written, and writes are batched a few hundred rows to a transaction, each row whole or not at all.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import multiprocessing
import time
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from pydantic import BaseModel, Field

from frontiersmith.drafts import Provider, SeedDraft
from frontiersmith.errors import FrontierSmithError, InvalidInputError
from frontiersmith.models import Seed, SeedProvenance, SeedStatus, TestQuality
from frontiersmith.settings import Settings, get_settings
from frontiersmith.store import Store, open_store

from .describe import describe
from .formats import detect_format, get_format, parse_row
from .readers import PARQUET_BATCH_ROWS, MalformedRow, Row, SeedSource, is_frontiercs_dir, open_source
from .validate import SeedValidator, weakness
from .writer import seed_id, seed_record, store_seed, store_seeds

# Rows to a write transaction. Ids are content hashes, so each row lands on a random page of every index; a
# commit writes each page it dirtied once, however many of its rows landed there, so big batches (and the page
# cache to hold them, ``IMPORT_CACHE_MB``) write far fewer pages per row than small ones.
BATCH_ROWS = 2000
BATCH_BYTES = 64 << 20  # ... or fewer, when rows carry big tests, so the rows waiting stay this small
BATCH_SECONDS = 1.0  # ... or fewer, when validation makes rows slow, so other writers are not kept waiting
IMPORT_CACHE_MB = 64  # SQLite's page cache for the import's writes (its default is 2 MB)
MAX_REPORTED = 1000  # skipped rows and notes listed in the summary (all are counted)
Progress = Callable[[int, int | None], None]  # (rows read, rows in all when known)


class RowNote(BaseModel):
    """A row the import skipped, or what a stored row left out, with where it is and why."""

    where: str  # FILE:ROW, or the folder
    reason: str


class SeedTests(BaseModel):
    """How well one stored seed's tests tell right code from wrong (``--check-tests``)."""

    seed_id: str
    where: str  # FILE:ROW
    quality: TestQuality
    weakness: str = ""  # what the seed's status says of its tests; "" when they are good


class ImportSummary(BaseModel):
    """What one ``seeds import`` did."""

    path: str
    format: str  # the format(s) read, "+"-joined when a folder held several
    rows: int = 0  # rows read
    stored: int = 0
    already_stored: int = 0  # this very row was imported before (re-import is a no-op)
    duplicates: int = 0  # another row (or another file) with the same normalised statement is stored
    skipped: int = 0
    skipped_rows: list[RowNote] = Field(default_factory=list)  # the first MAX_REPORTED, with their reasons
    notes: list[RowNote] = Field(default_factory=list)  # what stored rows left out (Java solutions, tests)
    statuses: dict[str, int] = Field(default_factory=dict)  # of the seeds stored now
    comparisons: dict[str, int] = Field(default_factory=dict)  # of the seeds stored now
    validated: bool = True
    checked_tests: bool = (
        False  # --check-tests: every solution ran, for each seed's test recall and precision
    )
    test_quality: list[SeedTests] = Field(default_factory=list)  # the first MAX_REPORTED measured
    weak_tests: int = 0  # seeds whose tests let an incorrect solution through or reject a correct one
    seed_ids: list[str] = Field(default_factory=list)  # stored now, or already stored by this row
    elapsed_s: float = 0.0

    @property
    def rows_per_s(self) -> float:
        """Rows read per second of the import (0 before any time has passed)."""
        return self.rows / self.elapsed_s if self.elapsed_s > 0 else 0.0


def check_format(format: str, source: SeedSource, as_seed: bool) -> None:
    """Refuse an unknown format, and a FrontierCS package unless it is asked for as a seed."""
    if format != "auto":
        get_format(format)  # an unknown name is refused in one sentence
    package = next((f for f in source.folders if is_frontiercs_dir(f)), None)
    if as_seed or (format != "frontiercs" and package is None):
        return
    shown = package or source.path
    raise InvalidInputError(
        f"{shown} is a FrontierCS package, an open problem, not a closed seed; pass --as-seed to mutate it as a "
        f"seed, or run `frontiersmith import frontiercs {shown}` to store it as a problem to solve."
    )


@dataclass
class _Importer:
    """One import's state: the summary, the rows waiting for their write, the format of each file."""

    store: Store
    summary: ImportSummary
    format: str
    settings: Settings
    provider: Provider | None
    validator: Any  # SeedValidator | None
    check_tests: bool = False
    pending: dict[str, tuple[SeedDraft, Seed]] = field(default_factory=dict)
    pending_bytes: int = 0
    in_flight: dict[str, SeedProvenance] = field(default_factory=dict)  # rows being described or validated
    formats: dict[str, str] = field(default_factory=dict)
    last_flush: float = field(default_factory=time.monotonic)

    async def run(
        self, rows: Iterable[Row], concurrency: int, progress: Progress | None, total: int | None
    ) -> None:
        """Add every row, at most ``concurrency`` at once; a failure of the sandbox or the store stops them all
        and is raised as itself (not as a group), so the user reads its one sentence."""
        if concurrency == 1:  # nothing to wait on (no model, no sandbox): no task per row
            for done, row in enumerate(rows, start=1):
                self.summary.rows += 1
                await self.add(row)
                if progress is not None:
                    progress(done, total)
            return
        slots = anyio.Semaphore(concurrency)
        done = 0

        async def one(row: Row) -> None:
            nonlocal done
            try:
                await self.add(row)
            finally:
                slots.release()
            done += 1
            if progress is not None:
                progress(done, total)

        try:
            async with anyio.create_task_group() as group:
                for row in rows:
                    await slots.acquire()
                    self.summary.rows += 1
                    group.start_soon(one, row)
        except BaseExceptionGroup as failed:
            raise _first_leaf(failed) from None

    def format_of(self, row: Row) -> str:
        if self.format != "auto":
            return self.format
        # a folder is one seed; a file's format is its first readable row's
        if row.file not in self.formats or row.number is None:
            self.formats[row.file] = detect_format(row)
        return self.formats[row.file]

    def note(self, notes: list[RowNote], where: str, reason: str) -> None:
        if len(notes) < MAX_REPORTED:
            notes.append(RowNote(where=where, reason=reason))

    def skip(self, where: str, reason: str) -> None:
        self.summary.skipped += 1
        self.note(self.summary.skipped_rows, where, reason)

    async def add(self, row: Row) -> None:
        """Parse, dedup, describe, validate one row and queue its write; a bad row is skipped with its reason."""
        try:
            draft = parse_row(self.format_of(row), row, self.settings)
        except InvalidInputError as exc:
            self._skip_row(row, exc)
            return
        sid = seed_id(draft)
        if self._known(sid, draft.provenance):
            return
        self.in_flight[sid] = draft.provenance
        try:
            draft, seed = await self._checked(draft)
        except InvalidInputError as exc:  # the row's own fault; a failing sandbox or store stops the import
            self._skip_row(row, exc)
            return
        finally:
            del self.in_flight[sid]
        for text in draft.notes:
            self.note(self.summary.notes, row.where, text)
        self.pending[sid] = (draft, seed)
        self.pending_bytes += draft.size
        if (
            len(self.pending) >= BATCH_ROWS
            or self.pending_bytes >= BATCH_BYTES
            or time.monotonic() - self.last_flush > BATCH_SECONDS
        ):
            self.flush()

    async def _checked(self, draft: SeedDraft) -> tuple[SeedDraft, Seed]:
        """The draft described (unless the row gave its tuple) and validated, and its seed record. The draft
        carries its seed id from here, so what a model is asked about it (and answers unusably) names the seed."""
        draft.problem = draft.problem.model_copy(update={"id": seed_id(draft)})
        if not draft.tuple_by:
            draft = await describe(draft, self.provider)
        quality = None
        if self.validator is not None:
            checked = await self.validator.validate(
                draft, provider=self.provider, check_tests=self.check_tests
            )
            status, reason, reference = checked.status, checked.reason, checked.reference
            draft.comparison, quality = checked.comparison, checked.test_quality
            draft.checker = checked.checker or draft.checker
        else:
            status, reason, reference = SeedStatus.UNTESTED, "validation was skipped (--no-validate)", None
        if draft.notes:  # kept with the seed, so `seeds show` can say what the row left out
            draft.problem = draft.problem.model_copy(update={"provenance": {"import_notes": draft.notes}})
        return draft, seed_record(draft, status, reason, reference, quality)

    def _skip_row(self, row: Row, exc: InvalidInputError) -> None:
        reason = exc.reason if isinstance(exc, MalformedRow) else str(exc)
        for said in (f"{row.where}: ", f"{row.file}: "):  # FILE:ROW is shown once, before the reason
            reason = reason.removeprefix(said)
        self.skip(row.where, reason)

    def _first_row(self, sid: str) -> SeedProvenance | None | bool:
        """Where the seed ``sid`` was first read: a row in flight, waiting for its write, or stored (True when
        it is stored without a provenance); False when it is nowhere yet."""
        if sid in self.in_flight:
            return self.in_flight[sid]
        if sid in self.pending:
            return self.pending[sid][1].imported
        stored = self.store.find(Seed, sid)
        return False if stored is None else (stored.imported or True)

    def _known(self, sid: str, provenance: SeedProvenance) -> bool:
        """Count a row whose statement is stored (or on its way) as already stored or as a duplicate."""
        first = self._first_row(sid)
        if first is False:
            return False
        if isinstance(first, SeedProvenance) and _same_row(first, provenance):
            self.summary.already_stored += 1
            self.summary.seed_ids.append(sid)
        else:
            self.summary.duplicates += 1
            where = _where(first) if isinstance(first, SeedProvenance) else sid
            self.note(self.summary.notes, _where(provenance), f"the same statement as {where} ({sid})")
        return True

    def flush(self) -> None:
        """Write the waiting rows in one transaction; if one fails, that batch is rolled back and written row
        by row, so every other row is kept and the failing one is skipped whole."""
        batch, self.pending, self.pending_bytes = list(self.pending.values()), {}, 0
        try:
            self._write(batch)
        finally:  # from the end of the write: a write that waited for another writer starts no flush of one row
            self.last_flush = time.monotonic()

    def _write(self, batch: list[tuple[SeedDraft, Seed]]) -> None:
        if not batch:
            return
        try:
            written = list(zip((seed for _, seed in batch), store_seeds(self.store, batch), strict=True))
        except FrontierSmithError:
            written = []
            for draft, seed in batch:
                try:
                    written.append((seed, store_seed(self.store, draft, seed)))
                except FrontierSmithError as exc:
                    self.skip(_where(draft.provenance), f"could not be stored ({exc})")
        for seed, inserted in written:
            self._count(seed, inserted)

    def _count(self, seed: Seed, inserted: bool) -> None:
        if not inserted:  # another writer (another part of this import) stored the statement since the check
            assert seed.imported is not None
            self._known(seed.id, seed.imported)
            return
        self.summary.seed_ids.append(seed.id)
        self.summary.stored += 1
        compared = "checker" if seed.checker is not None else seed.comparison.value
        for counts, key in ((self.summary.statuses, seed.status.value), (self.summary.comparisons, compared)):
            counts[key] = counts.get(key, 0) + 1
        if seed.test_quality is not None:
            weak = weakness(seed.test_quality)
            self.summary.weak_tests += bool(weak)
            if len(self.summary.test_quality) < MAX_REPORTED:
                where = _where(seed.imported) if seed.imported else seed.id
                self.summary.test_quality.append(
                    SeedTests(seed_id=seed.id, where=where, quality=seed.test_quality, weakness=weak)
                )


def _first_leaf(group: BaseExceptionGroup) -> BaseException:
    first = group.exceptions[0]
    return _first_leaf(first) if isinstance(first, BaseExceptionGroup) else first


def _same_row(first: SeedProvenance, new: SeedProvenance) -> bool:
    # The file's name, not its path: the same file imported again from another folder is a re-import.
    return first.row == new.row and Path(first.file).name == Path(new.file).name


def where_key(where: str) -> tuple[str, int]:
    """FILE:ROW as it sorts: by file, then by row as a number."""
    file, _, row = where.rpartition(":")
    return (file, int(row)) if row.isdigit() else (where, 0)


def _where(provenance: SeedProvenance) -> str:
    return provenance.file if provenance.row is None else f"{provenance.file}:{provenance.row}"


@contextlib.asynccontextmanager
async def _validator(validate: bool, backend: str | None, settings: Settings) -> AsyncIterator[Any]:
    if not validate:
        yield None
        return
    async with SeedValidator(backend=backend, settings=settings) as validator:
        yield validator


async def import_rows(
    rows: Iterable[Row],
    store: Store,
    format: str,
    settings: Settings,
    provider: Provider | None = None,
    validate: bool = True,
    backend: str | None = None,
    progress: Progress | None = None,
    total: int | None = None,
    check_tests: bool = False,
) -> ImportSummary:
    """``import_seeds`` on rows already read (``format`` checked): what one process of an import runs."""
    summary = ImportSummary(path="", format=format, validated=validate, checked_tests=check_tests)
    async with _validator(validate, backend, settings) as validator:
        importer = _Importer(store, summary, format, settings, provider, validator, check_tests)
        # Rows in flight at once: they wait on a model or the sandbox; with neither there is nothing to wait on.
        concurrency = settings.max_concurrency if validate or provider is not None else 1
        with store.page_cache(IMPORT_CACHE_MB):  # flush() writes on this thread's connection
            try:
                await importer.run(rows, concurrency, progress, total)
            finally:  # what was checked is kept even when the sandbox or the store stops the import
                importer.flush()
    summary.test_quality.sort(key=lambda tests: where_key(tests.where))  # rows end in any order
    if format == "auto":
        seen = dict.fromkeys(importer.formats.values())
        summary.format = "+".join(seen) if seen else summary.format
    return summary


# -- an import in several processes (--jobs N) ------------------------------------------------------------
#
# An import in several processes: ``seeds import --jobs N``.
#
# Without validation or a model an import waits on nothing, and three quarters of its time is Python parsing
# rows, reading their tuples and hashing records, which one process runs on one core. Here ``jobs`` processes
# read the rows into the same store, each through ``import_rows``: every process reads the file in order and
# claims the next slice of ``PART_ROWS`` rows when it gets there (a shared counter), skipping the slices another
# took, so a worker whose interpreter starts late simply does fewer. SQLite serialises their write
# transactions, and the processes' summaries are added up.
#
# What differs from one process: when two rows in slices of different processes have the same statement,
# which of them is stored (and which is the duplicate) depends on which process wrote first.

PART_ROWS = PARQUET_BATCH_ROWS  # rows to a slice: a Parquet batch, which a process skipping it never converts
NO_SLICE_LEFT = 2**62
POLL_S = 0.1  # how often the first process looks at the others' progress once it has no slice left

_shared: tuple[Any, Any] | None = None  # (next slice to claim, rows done by each process), set by ``_share``


class Claims:
    """The next slice no process has taken yet, shared by the processes of one import."""

    def __init__(self, counter: Any):
        self.counter = counter

    def __call__(self, index: int) -> bool:
        """Take slice ``index`` if nobody has. Every process reads in order and takes every slice it reaches
        that is free, so all slices before ``index`` are taken and the counter is ``index`` or beyond."""
        with self.counter.get_lock():
            if self.counter.value != index:
                return False
            self.counter.value = index + 1
            return True


def claimed_rows(source: SeedSource, limit: int | None, claim: Callable[[int], bool]) -> Iterator[Row]:
    """The rows of the slices this process takes, of the first ``limit``; a slice is claimed when the reader
    reaches it, that is when the importer is ready for its rows."""
    mine = False
    for position, row in enumerate(itertools.islice(source.rows(), limit)):
        if position % PART_ROWS == 0:
            mine = claim(position // PART_ROWS)
        if mine:
            yield row


def _share(counter: Any, done: Any) -> None:
    global _shared
    _shared = (counter, done)


def _run_part(
    path: str, store_path: str, format: str, limit: int | None, part: int, settings: Settings
) -> str:
    """One worker's share, written through its own connection; its summary as JSON (cheap to send back)."""
    assert _shared is not None
    counter, done = _shared

    def progress(rows: int, _total: int | None) -> None:
        done[part] = rows

    rows = claimed_rows(open_source(path, settings), limit, Claims(counter))
    with open_store(Path(store_path), settings) as store:
        run = functools.partial(import_rows, rows, store, format, settings, None, False, None, progress)
        return anyio.run(run).model_dump_json()


async def import_in_parts(
    source: SeedSource,
    store: Store,
    format: str,
    limit: int | None,
    jobs: int,
    settings: Settings,
    progress: Progress | None,
    total: int | None,
) -> ImportSummary:
    """Import ``source`` with ``jobs`` processes: this one and ``jobs`` - 1 workers."""
    context = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing of this one's loop or store
    counter = context.Value("q", 0)
    done = context.Array("q", jobs, lock=False)  # each process writes only its own cell

    def report(own: int, _total: int | None = None) -> None:
        done[0] = own
        if progress is not None:
            progress(sum(done), total)

    with ProcessPoolExecutor(
        jobs - 1, mp_context=context, initializer=_share, initargs=(counter, done)
    ) as pool:
        others: list[Future[str]] = [
            pool.submit(_run_part, str(source.path), str(store.path), format, limit, part, settings)
            for part in range(1, jobs)
        ]
        rows = claimed_rows(source, limit, Claims(counter))
        try:
            first = await import_rows(rows, store, format, settings, None, False, None, report, total)
        except BaseException:
            with counter.get_lock():  # no slice is left to take: the workers stop after the one they hold
                counter.value = NO_SLICE_LEFT
            raise
        while not all(f.done() for f in others):
            report(done[0])
            await anyio.sleep(POLL_S)
        try:
            parts = [first, *(ImportSummary.model_validate_json(f.result()) for f in others)]
        except BrokenProcessPool:
            raise FrontierSmithError(
                "A worker process of the import stopped before its rows were done; what was written is kept, "
                "so run the same import again to add the rest."
            ) from None
    report(done[0])
    return merge(parts)


def merge(parts: Sequence[ImportSummary]) -> ImportSummary:
    """One summary of the parts: counts added, notes in file and row order."""
    merged = ImportSummary(path=parts[0].path, format=parts[0].format, validated=parts[0].validated)
    formats: dict[str, None] = {}
    for part in parts:
        if part.rows:  # a process that found no slice left read no format
            formats.update(dict.fromkeys(part.format.split("+")))
        for name in ("rows", "stored", "already_stored", "duplicates", "skipped"):
            setattr(merged, name, getattr(merged, name) + getattr(part, name))
        for counts, more in ((merged.statuses, part.statuses), (merged.comparisons, part.comparisons)):
            for key, n in more.items():
                counts[key] = counts.get(key, 0) + n
        merged.skipped_rows += part.skipped_rows
        merged.notes += part.notes
        merged.seed_ids += part.seed_ids
        merged.test_quality += part.test_quality
        merged.weak_tests += part.weak_tests
    merged.format = "+".join(formats) or parts[0].format
    for name in ("skipped_rows", "notes", "test_quality"):
        ordered = sorted(getattr(merged, name), key=lambda item: where_key(item.where))
        setattr(merged, name, ordered[:MAX_REPORTED])
    return merged


__all__ = ["PART_ROWS", "Claims", "claimed_rows", "import_in_parts", "merge"]


async def import_seeds(
    path: Path | str,
    store: Store,
    *,
    format: str = "auto",
    limit: int | None = None,
    as_seed: bool = False,
    provider: Provider | None = None,
    validate: bool = True,
    backend: str | None = None,
    settings: Settings | None = None,
    progress: Progress | None = None,
    jobs: int = 1,
    check_tests: bool = False,
) -> ImportSummary:
    """Import the first ``limit`` rows (all by default) of PATH as seeds; see ``ImportSummary`` for the counts.

    Bad input (a missing path, an unknown format, a FrontierCS package without ``as_seed``) is refused before
    anything is stored; a bad row is skipped with ``FILE:ROW: reason`` and the import goes on. ``jobs`` > 1
    reads the rows in that many processes when there is nothing else to wait on (no validation, no model):
    see ``import_in_parts``. ``check_tests`` runs every correct and incorrect solution a row carries,
    for its tests' recall and precision (``TestQuality``).
    """
    settings = settings or get_settings()
    if check_tests and not validate:
        raise InvalidInputError(
            "--check-tests runs each row's solutions on its tests, which --no-validate skips; drop one of them."
        )
    if limit is not None and limit < 1:
        raise InvalidInputError(f"--limit {limit} imports nothing; give a number of rows of 1 or more.")
    if jobs < 1:
        raise InvalidInputError(f"--jobs {jobs} runs nothing; give a number of processes of 1 or more.")
    source = open_source(path, settings)
    check_format(format, source, as_seed)
    total = source.count()
    total = min(total, limit) if total is not None and limit is not None else total
    started = time.monotonic()
    if jobs > 1 and (validate or provider is not None):
        waits, fix = (
            ("runs the references in the sandbox", "add --no-validate")
            if validate
            else ("asks the model for each tuple", "use the offline provider")
        )
        raise InvalidInputError(
            f"--jobs {jobs} is for an import that waits on nothing, but this one {waits}, which already takes "
            f"several rows at once; {fix} or drop --jobs."
        )
    if jobs > 1:
        summary = await import_in_parts(source, store, format, limit, jobs, settings, progress, total)
    else:
        rows = itertools.islice(source.rows(), limit)
        summary = await import_rows(
            rows, store, format, settings, provider, validate, backend, progress, total, check_tests
        )
    summary.path = str(path)
    summary.elapsed_s = time.monotonic() - started
    return summary


__all__ = [
    "ImportSummary",
    "RowNote",
    "SeedTests",
    "check_format",
    "import_rows",
    "import_seeds",
    "where_key",
]
