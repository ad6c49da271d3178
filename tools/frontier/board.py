"""The board of a problem: the programs it ships with, each judged once by the one judge on its tests.

A catalog family's board is its own solvers; a published task's is the sampled solutions of its candidate.
Programs are judged as judge jobs on the active executor (evaluate's: local, or Ray workers), so their
sandbox work runs there and only the results come back to be stored.
``catalog:weak|medium|strong`` picks from the board, and the diagnoser measures near-success against its best
scores. A board is cached per test set as a ``frontier.board`` event of the problem, so a problem's
programs run once however often it is evaluated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, Field

from frontiersmith.models import Language, Program, Seed, Task, TestResult, Verdict, content_hash, data_free
from frontiersmith.settings import Settings
from frontiersmith.store import Store

from ..catalog import get_family
from ..judging.executor import get_executor
from ..judging.jobs import JudgeJob
from ..judging.judge import JudgeReport
from ..judging.package import JudgePackage
from ..problems.resolver import CATALOG_PREFIX, cached_baseline_objectives
from ..synthesis.sample import sampled

BOARD_EVENT = "frontier.board"


class BoardEntry(BaseModel):
    """One shipped program judged on the problem's tests (data-free results)."""

    strategy: str
    label: str  # the catalog solver's file or the sampled solution's id
    code: str
    language: Language
    score: float
    verdict: Verdict
    compile_message: str = ""
    tests: list[TestResult] = Field(default_factory=list)
    constraints: dict[str, str] = Field(default_factory=dict)  # test name -> what the verifier rejected


class Board(BaseModel):
    """A problem's board: every shipped or sampled program judged on one test set (``tests_key``), which graded
    solvers and targeted operators read."""

    problem_id: str
    tests_key: str  # the test set it was judged on
    entries: list[BoardEntry] = Field(default_factory=list)

    def ranked(self) -> list[BoardEntry]:
        """Worst first; a tie is broken by the label, so the choice is deterministic."""
        return sorted(self.entries, key=lambda e: (e.score, e.label))

    @property
    def best(self) -> float:
        """The best entry's score; 0 on an empty board."""
        return max((e.score for e in self.entries), default=0.0)

    def best_per_test(self) -> dict[str, float]:
        """The best score any entry reached on each test."""
        best: dict[str, float] = {}
        for entry in self.entries:
            for t in entry.tests:
                best[t.name] = max(best.get(t.name, 0.0), t.score)
        return best


def tests_key(pkg: JudgePackage) -> str:
    """A short hash of the package's test names and inputs: boards judged on other tests have another key."""
    return content_hash([[t.name, content_hash(t.input.hex())] for t in pkg.tests])[:16]


def constraint_of(message: str) -> str:
    """The constraint a verifier's message names, with its values blanked (``data_free``), so messages about
    the same rule on different tests read alike and no test value is kept."""
    return data_free(message)


@dataclass
class Judged:
    """A program judged on a package: the data-free report and the constraints the verifier named."""

    report: JudgeReport
    constraints: dict[str, str]


async def judge_programs(
    store: Store, pkg: JudgePackage, programs: Sequence[Program], settings: Settings | None = None
) -> list[Judged]:
    """Judge ``programs`` on ``pkg`` against the package's cached baseline, as one batch of judge jobs on the
    executor (the active one, else the settings')."""
    base = await cached_baseline_objectives(store, pkg, settings)
    jobs = [
        JudgeJob(str(i), program, tuple(pkg.tests), pkg.verifier, pkg.limits, baseline=base, best=pkg.best)
        for i, program in enumerate(programs)
    ]
    async with get_executor(settings) as executor:
        reports = await executor.map_judge(jobs)
    out = []
    for job in jobs:
        raw = reports[job.id]
        constraints = {t.name: constraint_of(t.message) for t in raw.tests if t.verdict is Verdict.INVALID}
        out.append(Judged(raw.without_test_data(pkg.limits), constraints))
    return out


async def judge_program(
    store: Store, pkg: JudgePackage, program: Program, settings: Settings | None = None
) -> Judged:
    """Judge one ``program`` on ``pkg`` (``judge_programs``)."""
    return (await judge_programs(store, pkg, [program], settings))[0]


def _shipped(store: Store, problem_id: str) -> list[tuple[str, str, Program]]:
    """(strategy, label, program) of the programs a problem ships with: a catalog family's solvers, a task's
    sampled solutions, an imported problem's reference."""
    if problem_id.startswith(CATALOG_PREFIX):
        fam = get_family(problem_id)
        specs = list(fam.solvers) or ([fam.reference] if fam.reference else [])
        return [(s.strategy, s.path.name, s.program) for s in specs]
    record = store.find(Task, problem_id)
    if record is None:  # an imported problem ships its reference, when it has one
        seed = store.find(Seed, problem_id)
        ref = seed.reference if seed is not None else None
        return [("reference", "reference", ref)] if ref is not None else []
    return [
        (s.strategy or s.author, s.id, Program(code=s.code, language=s.language))
        for s in sampled(store, record.candidate_id)
    ]


async def board_of(
    store: Store, problem_id: str, pkg: JudgePackage, settings: Settings | None = None
) -> Board:
    """The problem's board on ``pkg``'s tests: from the cache, or judged now and cached."""
    key = tests_key(pkg)
    for event in reversed(store.events.list(problem_id, kind=BOARD_EVENT)):
        if event.payload.get("tests_key") == key:
            return Board.model_validate(event.payload)
    shipped = _shipped(store, problem_id)
    # One batch: the programs compile and run side by side (g++ is most of a board's wall time).
    judged = await judge_programs(store, pkg, [program for _, _, program in shipped], settings)
    entries = [
        BoardEntry(
            strategy=strategy,
            label=label,
            code=program.code,
            language=program.language,
            score=j.report.score,
            verdict=j.report.verdict,
            compile_message=j.report.compile_message,
            tests=j.report.tests,
            constraints=j.constraints,
        )
        for (strategy, label, program), j in zip(shipped, judged, strict=True)
    ]
    board = Board(problem_id=problem_id, tests_key=key, entries=entries)
    store.events.add(BOARD_EVENT, problem_id, board.model_dump(mode="json"))
    return board
