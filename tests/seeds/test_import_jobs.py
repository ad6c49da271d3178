"""``seeds import --jobs N``: several readers of one file writing one store (tools/seeds/importer.py).

References are not run (``--jobs`` applies only without validation); the tuple is described offline.
"""

from __future__ import annotations

import functools
import multiprocessing
import sqlite3
import threading

import anyio
import pytest
from seed_helpers import write_jsonl
from seed_rows import codecontests_row, statement

from frontiersmith.errors import InvalidInputError
from frontiersmith.store import open_store
from frontiersmith.tools.seeds import importer
from frontiersmith.tools.seeds.importer import import_rows, import_seeds
from frontiersmith.tools.seeds.readers import open_source

pytestmark = pytest.mark.anyio


def stored_rows(path) -> dict[str, list[tuple]]:
    """What an import wrote, table by table, without the times of writing."""
    with sqlite3.connect(path) as conn:
        return {
            "seeds": conn.execute("SELECT id, content_hash FROM seeds ORDER BY id").fetchall(),
            "tests": conn.execute("SELECT id, content_hash, problem_id FROM tests ORDER BY id").fetchall(),
            "solutions": conn.execute("SELECT id, content_hash FROM solutions ORDER BY id").fetchall(),
            "blobs": conn.execute("SELECT hash, data FROM blobs ORDER BY hash").fetchall(),
            "lineage": conn.execute(
                "SELECT child_id, parent_id, relation FROM lineage ORDER BY 1, 2"
            ).fetchall(),
        }


def test_every_slice_goes_to_exactly_one_reader(tmp_path, monkeypatch):
    monkeypatch.setattr(importer, "PART_ROWS", 3)
    path = write_jsonl(tmp_path / "cc.jsonl", [codecontests_row(statement(i)) for i in range(20)])
    claims = importer.Claims(multiprocessing.get_context("spawn").Value("q", 0))
    readers = [importer.claimed_rows(open_source(path), None, claims) for _ in range(2)]
    got: list[list[int]] = [[], []]
    done = [False, False]
    while not all(done):  # the two readers take turns, a row at a time
        for i, reader in enumerate(readers):
            row = next(reader, None)
            if row is None:
                done[i] = True
            else:
                got[i].append(row.number)
    assert sorted(got[0] + got[1]) == list(range(1, 21))
    assert got[0] and got[1]
    for numbers in got:  # whole slices: 1-3, 4-6, ...
        assert {(n - 1) // 3 for n in numbers} == {(n - 1) // 3 for n in numbers if (n - 1) % 3 == 0}


async def test_two_readers_count_a_statement_the_other_stored_as_a_duplicate(tmp_path, settings, monkeypatch):
    # Two readers in threads of this process, taking every other slice of 4 rows; every statement comes three
    # times, in slices of both. Both check all their rows before either writes (a barrier before the write),
    # so each finds the other's copies only when its own write is refused: those count as duplicates too.
    monkeypatch.setattr(importer, "PART_ROWS", 4)
    rows = [codecontests_row(statement(i % 20)) for i in range(60)]  # copies 5 slices apart
    path = write_jsonl(tmp_path / "cc.jsonl", rows)
    store_path = tmp_path / "store.db"
    open_store(store_path, settings).close()
    both_checked = threading.Barrier(2, timeout=30)
    flush = importer._Importer.flush

    def flush_when_both_checked(self) -> None:
        if self.pending:
            both_checked.wait()
        flush(self)

    monkeypatch.setattr(importer._Importer, "flush", flush_when_both_checked)
    summaries = []

    def reader(me: int) -> None:
        with open_store(store_path, settings) as store:
            rows = importer.claimed_rows(open_source(path), None, lambda index: index % 2 == me)
            run = functools.partial(import_rows, rows, store, "auto", settings, None, False)
            summaries.append(anyio.run(run))

    threads = [threading.Thread(target=reader, args=(me,)) for me in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    summary = importer.merge(summaries)
    assert sorted(s.rows for s in summaries) == [28, 32]
    assert (summary.rows, summary.stored, summary.duplicates, summary.already_stored) == (60, 20, 40, 0)
    assert len(stored_rows(store_path)["seeds"]) == 20
    assert sum("the same statement as" in n.reason for n in summary.notes) == 40


async def test_an_import_with_two_jobs_stores_what_one_job_stores(tmp_path, settings):
    rows = [codecontests_row(statement(i)) for i in range(300)] + ["{not json"]
    path = write_jsonl(tmp_path / "cc.jsonl", rows)
    summaries = {}
    for jobs in (1, 2):
        with open_store(tmp_path / f"jobs{jobs}.db", settings) as store:
            summaries[jobs] = await import_seeds(path, store, validate=False, settings=settings, jobs=jobs)
    one, two = summaries[1], summaries[2]
    assert (two.rows, two.stored, two.skipped, two.format) == (301, 300, 1, "codecontests")
    assert (one.rows, one.stored, one.skipped, one.statuses) == (
        two.rows,
        two.stored,
        two.skipped,
        two.statuses,
    )
    assert two.skipped_rows[0].where.endswith("cc.jsonl:301") and sorted(two.seed_ids) == sorted(one.seed_ids)
    assert stored_rows(tmp_path / "jobs2.db") == stored_rows(tmp_path / "jobs1.db")


async def test_jobs_below_one_is_refused_in_one_sentence(tmp_path, store, settings):
    path = write_jsonl(tmp_path / "cc.jsonl", [codecontests_row()])
    with pytest.raises(InvalidInputError, match="--jobs 0"):
        await import_seeds(path, store, validate=False, settings=settings, jobs=0)


async def test_jobs_with_validation_is_refused_in_one_sentence(tmp_path, store, settings):
    path = write_jsonl(tmp_path / "cc.jsonl", [codecontests_row()])
    with pytest.raises(InvalidInputError, match="--no-validate"):
        await import_seeds(path, store, settings=settings, jobs=2)
    assert store.seeds.list(origin="import") == []


def test_a_parquet_batch_no_reader_takes_is_never_converted(tmp_path):
    from seed_helpers import write_parquet

    from frontiersmith.tools.seeds.readers import PARQUET_BATCH_ROWS, read_parquet

    rows = [codecontests_row(statement(i)) for i in range(2 * PARQUET_BATCH_ROWS)]
    read = list(read_parquet(write_parquet(tmp_path / "cc.parquet", rows)))
    second = read[PARQUET_BATCH_ROWS:]
    assert [r.value()["description"] for r in second] == [r["description"] for r in rows[PARQUET_BATCH_ROWS:]]
    assert read[0].data.batch.rows is None  # the first batch was never asked for: still Arrow, not Python
