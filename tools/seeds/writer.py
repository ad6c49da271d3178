"""The one writer that stores a seed: every importer (CodeContests, TACO / APPS rows, a native seed dir, a
FrontierCS package taken as a seed, an MCP client's ``add_seed``) produces a ``SeedDraft``
(frontiersmith/drafts.py); ``store_seed`` writes the seed, its tests and its reference solutions in one
transaction, so a row is stored whole or not at all. A seed's id is the hash of its normalised statement, so a
re-import and a duplicate statement are both found by id.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterator, Sequence
from functools import lru_cache

from frontiersmith.drafts import SeedDraft
from frontiersmith.models import (
    Comparison,
    Program,
    Record,
    Seed,
    SeedStatus,
    Solution,
    TestCase,
    TestQuality,
    make_id,
)
from frontiersmith.store import PreparedRecords, Store
from frontiersmith.store.repositories.blobs import BlobRow, Blobs

REFERENCE_AUTHOR = "reference"  # Solution.author of a seed's reference solutions
INCORRECT_AUTHOR = "incorrect"  # ... and of the dataset's known-wrong solutions


def normalise_statement(text: str) -> str:
    """The statement as dedup compares it: Unicode-normalised, case-folded, whitespace collapsed."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip().casefold()


@lru_cache(maxsize=64)  # a row's id is asked for several times on its way to the store
def statement_hash(text: str) -> str:
    """The sha256 of the normalised statement: what a seed's id and deduplication rest on."""
    return hashlib.sha256(normalise_statement(text).encode()).hexdigest()


def seed_id(draft: SeedDraft) -> str:
    """The id ``draft`` is stored under: the hash of its normalised statement."""
    return make_id("seed", "import", statement_hash(draft.problem.statement))


_DECIMAL = re.compile(rb"(?<![\w.])[-+]?\d+\.\d+(?:[eE][-+]?\d+)?(?![\w.])")


def choose_comparison(draft: SeedDraft) -> Comparison:
    """The draft's own comparison, else FLOAT when an expected answer holds a decimal number, else TOKEN."""
    if draft.comparison is not None:
        return draft.comparison
    if any(t.answer is not None and _DECIMAL.search(t.answer) for t in draft.tests):
        return Comparison.FLOAT
    return Comparison.TOKEN


def seed_record(
    draft: SeedDraft,
    status: SeedStatus,
    reason: str = "",
    reference: Program | None = None,
    test_quality: TestQuality | None = None,
) -> Seed:
    """The seed a draft is stored as, with the status validation gave it and the comparison it is judged by."""
    sid = seed_id(draft)
    problem = draft.problem.model_copy(update={"id": sid})
    return Seed(
        id=sid,
        problem=problem,
        reference=reference,
        origin="import",
        status=status,
        status_reason=reason,
        comparison=choose_comparison(draft),
        tags=draft.tags,
        difficulty=draft.difficulty,
        imported=draft.provenance,
        statement_hash=statement_hash(draft.problem.statement),
        tuple_by=draft.tuple_by,
        objective_reason=draft.objective_reason or None,
        checker=draft.checker,
        test_quality=test_quality,
    )


def store_seed(store: Store, draft: SeedDraft, seed: Seed) -> bool:
    """Write the seed, its tests and its solutions in one transaction; False when it was stored before
    (re-import is a no-op, and keeps a user's ``seeds edit``)."""
    return store_seeds(store, [(draft, seed)])[0]


def store_seeds(store: Store, seeds: Sequence[tuple[SeedDraft, Seed]]) -> list[bool]:
    """``store_seed`` for many seeds in one transaction (all or none), a few bulk writes instead of a put per
    test: what an import of many rows calls. One bool per seed, False for one stored before.

    Hashing, compressing and dumping the rows is done before the write lock is taken, so the processes of
    one import (``--jobs``) wait for each other only while SQLite writes."""
    prepared = [_prepared(draft, seed) for draft, seed in seeds]
    with store.transaction():
        stored = store.stored_ids(Seed, [seed.id for _, seed in seeds])
        fresh = [seed.id not in stored for _, seed in seeds]
        kept = [rows for rows, new in zip(prepared, fresh, strict=True) if new]
        store.blobs.put_rows([blob for blobs, _ in kept for blob in blobs])
        store.put_prepared(PreparedRecords.join(records for _, records in kept))
    return fresh


def _prepared(draft: SeedDraft, seed: Seed) -> tuple[list[BlobRow], PreparedRecords]:
    blobs = Blobs.prepare(_test_blobs(draft))
    digests = iter(blob[0] for blob in blobs)
    records: list[Record] = [seed, *_test_records(draft, seed, digests), *_solution_records(draft, seed)]
    return blobs, Store.prepare(records)


def _test_blobs(draft: SeedDraft) -> Iterator[bytes]:
    for test in draft.tests:
        yield test.input
        if test.answer is not None:
            yield test.answer


def _test_records(draft: SeedDraft, seed: Seed, digests: Iterator[str]) -> Iterator[TestCase]:
    """The draft's tests, their blobs' digests taken from ``digests`` in ``_test_blobs`` order."""
    for test in draft.tests:
        input_hash = next(digests)
        answer_hash = next(digests) if test.answer is not None else None
        yield TestCase(
            id=make_id("test", seed.id, test.name, input_hash, answer_hash),
            problem_id=seed.id,
            input_hash=input_hash,
            answer_hash=answer_hash,
            name=test.name,
            distribution=test.kind,
        )


def _solution_records(draft: SeedDraft, seed: Seed) -> Iterator[Solution]:
    for author, programs in ((REFERENCE_AUTHOR, draft.references), (INCORRECT_AUTHOR, draft.incorrect)):
        for program in programs:
            yield Solution(
                id=make_id("sol", seed.id, author, program.language.value, program.code),
                problem_id=seed.id,
                code=program.code,
                language=program.language,
                author=author,
            )


__all__ = [
    "INCORRECT_AUTHOR",
    "REFERENCE_AUTHOR",
    "choose_comparison",
    "normalise_statement",
    "seed_id",
    "seed_record",
    "statement_hash",
    "store_seed",
    "store_seeds",
]
