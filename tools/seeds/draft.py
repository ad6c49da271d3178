"""One closed problem as an importer reads it, before anything is stored, and the one writer that stores it.

Every importer (CodeContests, TACO / APPS rows, a native seed dir, a FrontierCS package taken as a seed,
an MCP client's ``add_seed``) produces a ``SeedDraft``; ``store_seed`` writes the seed, its tests and its
reference solutions in one transaction, so a row is stored whole or not at all.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from frontiersmith.models import (
    Comparison,
    Problem,
    Program,
    Record,
    Seed,
    SeedChecker,
    SeedProvenance,
    SeedStatus,
    Solution,
    TestCase,
    TestQuality,
    make_id,
)
from frontiersmith.store import PreparedRecords, Store
from frontiersmith.store.repository import BlobRow

REFERENCE_AUTHOR = "reference"  # Solution.author of a seed's reference solutions
INCORRECT_AUTHOR = "incorrect"  # ... and of the dataset's known-wrong solutions


@dataclass
class SeedTest:
    name: str
    input: bytes
    answer: bytes | None
    kind: str = "public"  # public | private | generated (the dataset's own split), or the seed dir's name


@dataclass
class SeedDraft:
    """A parsed row: the problem (its tuple described or given), tests, references, and where it came from."""

    problem: Problem
    tests: list[SeedTest] = field(default_factory=list)
    references: list[Program] = field(default_factory=list)
    incorrect: list[Program] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    difficulty: float | None = None
    provenance: SeedProvenance = field(default_factory=SeedProvenance)
    comparison: Comparison | None = None  # None: chosen from the answers (float if any answer has a decimal)
    checker: SeedChecker | None = None  # the seed's own checker (a seed folder's, an author's, a model's)
    tuple_by: str = ""
    objective_reason: str = ""  # why the objective has its kind (``describe``: the statement's words)
    notes: list[str] = field(default_factory=list)  # what was left out (a Java solution, tests over the cap)
    # (statement, its hash): a row's id is asked for several times on the way to the store, and each time
    # normalised the whole statement again
    _hashed: tuple[str, str] | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def statement_hash(self) -> str:
        statement = self.problem.statement
        if self._hashed is None or self._hashed[0] is not statement:
            self._hashed = (statement, statement_hash(statement))
        return self._hashed[1]

    @property
    def size(self) -> int:
        """About how many bytes the draft holds: its tests, programs and statement."""
        tests = sum(len(t.input) + len(t.answer or b"") for t in self.tests)
        checker = [self.checker.program] if self.checker else []
        programs = sum(len(p.code) for p in (*self.references, *self.incorrect, *checker))
        return tests + programs + len(self.problem.statement)

    @property
    def seed_id(self) -> str:
        return make_id("seed", "import", self.statement_hash)


def normalise_statement(text: str) -> str:
    """The statement as dedup compares it: Unicode-normalised, case-folded, whitespace collapsed."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip().casefold()


def statement_hash(text: str) -> str:
    return hashlib.sha256(normalise_statement(text).encode()).hexdigest()


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
    sid = draft.seed_id
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
        statement_hash=draft.statement_hash,
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
        store.put_blob_rows([blob for blobs, _ in kept for blob in blobs])
        store.put_prepared(PreparedRecords.join(records for _, records in kept))
    return fresh


def _prepared(draft: SeedDraft, seed: Seed) -> tuple[list[BlobRow], PreparedRecords]:
    blobs = Store.prepare_blobs(_test_blobs(draft))
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
    "SeedDraft",
    "SeedTest",
    "choose_comparison",
    "normalise_statement",
    "seed_record",
    "statement_hash",
    "store_seed",
    "store_seeds",
]
