"""An import in several processes: ``seeds import --jobs N``.

Without validation or a model an import waits on nothing, and three quarters of its time is Python parsing
rows, reading their tuples and hashing records, which one process runs on one core. Here ``jobs`` processes
read the rows into the same store, each through ``import_rows``: every process reads the file in order and
claims the next slice of ``PART_ROWS`` rows when it gets there (a shared counter), skipping the slices another
took, so a worker whose interpreter starts late simply does fewer. SQLite serialises their write
transactions, and the processes' summaries are added up.

What differs from one process: when two rows in slices of different processes have the same statement,
which of them is stored (and which is the duplicate) depends on which process wrote first.
"""

from __future__ import annotations

import functools
import itertools
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import anyio

from frontiersmith.errors import FrontierSmithError
from frontiersmith.settings import Settings
from frontiersmith.store import Store, open_store

from .importer import MAX_REPORTED, ImportSummary, Progress, import_rows, where_key
from .readers import PARQUET_BATCH_ROWS, Row, SeedSource, open_source

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
