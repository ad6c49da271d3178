"""Judge every solver of a catalog family on its default tests: the score matrix, winners and dominance.

This is how the catalog shows what each kind promises: an open family has at least two solvers that
each win some test, a pseudo-open family has one strategy that matches or beats the rest everywhere,
and a closed seed's reference is exactly right on every test. Everything runs in one sandbox per
family (each program compiled once) through the one judging engine (``tools/judging/judge.Judge``), with the
family's native verifier.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field

import anyio

from frontiersmith.errors import SandboxError
from frontiersmith.models import Normalisation, TestResult, Verdict, VerifierKind
from frontiersmith.sandbox import Sandbox, open_sandbox
from frontiersmith.tools.judging.judge import (
    Judge,
    VerifierCompileError,
    VerifierSpec,
    objectives_of,
    open_judge,
)

from . import Family, SolverSpec, get_family
from .export import GeneratedTest, generate_tests

VERIFIER_TIME_MS = 20_000  # the family programs are Python; give them room on a loaded machine


@dataclass
class SolverRun:
    """One solver judged on every default test."""

    strategy: str
    file: str
    results: list[TestResult]
    compile_message: str = ""

    @property
    def scores(self) -> list[float]:
        """The solver's normalised score on each test, in the tests' order."""
        return [r.score for r in self.results]

    @property
    def objectives(self) -> list[float | None]:
        """The solver's objective on each test, None where the verifier did not accept its output."""
        return [r.objective if r.verdict is Verdict.OK else None for r in self.results]

    @property
    def all_ok(self) -> bool:
        """Whether it compiled and was accepted on every test."""
        return not self.compile_message and all(r.verdict is Verdict.OK for r in self.results)


@dataclass
class FamilyMatrix:
    """Every solver of one family judged on its default tests: the evidence of whether it is open or pseudo-open."""

    family: str
    kind: str
    tests: list[GeneratedTest]
    solvers: list[SolverRun]
    baseline: SolverRun | None = None
    baseline_objectives: dict[str, float] = field(default_factory=dict)

    def winners(self) -> list[str | None]:
        """Per test, the strategy with the strictly best score (None on a tie for best)."""
        out: list[str | None] = []
        for i in range(len(self.tests)):
            ranked = sorted(self.solvers, key=lambda s: s.scores[i], reverse=True)
            strict = len(ranked) == 1 or ranked[0].scores[i] > ranked[1].scores[i]
            out.append(ranked[0].strategy if strict else None)
        return out

    def strategies_that_win(self) -> set[str]:
        """The strategies that are strictly best on at least one test."""
        return {w for w in self.winners() if w is not None}

    def dominant(self) -> list[str]:
        """Strategies whose score matches or beats every other solver's on every test."""
        return [
            s.strategy
            for s in self.solvers
            if all(s.scores[i] >= o.scores[i] for o in self.solvers for i in range(len(self.tests)))
        ]

    def table(self) -> str:
        """A plain-text score table (one row per test, one column per solver, the winner last)."""
        names = [s.strategy[:18] for s in self.solvers]
        lines = ["test".ljust(18) + "".join(n.rjust(20) for n in names) + "  winner"]
        for i, t in enumerate(self.tests):
            row = t.name.ljust(18) + "".join(f"{s.scores[i]:20.4f}" for s in self.solvers)
            lines.append(row + f"  {self.winners()[i] or '(tie)'}")
        return "\n".join(lines)


def verifier_spec(family: Family) -> VerifierSpec:
    """How the family's program scores an output: its native verdict, against the baseline (paper)."""
    return VerifierSpec(
        program=family.program,
        kind=VerifierKind.NATIVE,
        sense=family.sense,
        normalisation=Normalisation.PAPER,
        time_ms=VERIFIER_TIME_MS,
        interactive=family.interactive,
    )


@contextlib.asynccontextmanager
async def family_judge(
    family: Family, sandbox: Sandbox, programs: dict | None = None, workers: int | None = None
) -> AsyncIterator[tuple[Judge, dict]]:
    """The judge of a family's outputs in ``sandbox``, with ``programs`` compiled beside its verifier."""
    try:
        async with open_judge(
            verifier_spec(family), family.limits, programs or {}, sandbox=sandbox, workers=workers
        ) as opened:
            yield opened
    except VerifierCompileError as exc:
        raise SandboxError(
            f"Catalog family {family.name}'s program does not compile: {exc.compiler_message}"
        ) from None


async def family_matrix(
    name: str | Family,
    *,
    seed: int = 0,
    tests: Sequence[GeneratedTest] | None = None,
    sandbox: Sandbox | None = None,
    backend: str | None = None,
    workers: int | None = None,
) -> FamilyMatrix:
    """Run the baseline and every solver (or the reference of a closed seed) on the default tests.

    Everything happens in one sandbox (``sandbox`` or a new one): each program is compiled once, runs
    under the family's limits, and its output is verified by the family program. ``tests`` may be
    passed in (e.g. generated once and cached); otherwise they are generated in the sandbox.
    Scores: open families use the paper's formula against the baseline; closed seeds score 1 for an
    output the verifier accepts, 0 otherwise. Each result keeps the solver's output.
    """
    family = name if isinstance(name, Family) else get_family(name)
    if sandbox is None:
        async with open_sandbox(backend) as sb:
            return await family_matrix(family, seed=seed, tests=tests, sandbox=sb, workers=workers)
    if tests is None:
        tests = await generate_tests(family, sandbox, seed=seed)
    judge_tests = [t.as_judge_test() for t in tests]
    specs: list[SolverSpec] = list(family.solvers) or ([family.reference] if family.reference else [])
    if family.baseline is not None:
        specs.append(family.baseline)
    programs = {f"solver{i}": spec.program for i, spec in enumerate(specs)}
    async with family_judge(family, sandbox, programs, workers) as (judge, compiled):
        results: dict[str, list[TestResult]] = {}

        async def run(key: str) -> None:
            results[key] = await judge.run_all(compiled[key].program, judge_tests, keep_output=True)

        async with anyio.create_task_group() as tg:
            for key, c in compiled.items():
                if c.ok and c.program is not None:
                    tg.start_soon(run, key)
    runs = []
    for i, spec in enumerate(specs):
        c = compiled[f"solver{i}"]
        unrun = [TestResult(name=t.name, verdict=c.verdict, message=c.message[:300]) for t in tests]
        message = "" if c.ok else c.message[:300] or "CE"
        runs.append(SolverRun(spec.strategy, spec.path.name, results.get(f"solver{i}", unrun), message))
    matrix = FamilyMatrix(family=family.name, kind=family.kind, tests=list(tests), solvers=runs)
    if family.baseline is not None:
        matrix.baseline = runs.pop()
        matrix.baseline_objectives = objectives_of(matrix.baseline.results)
    for run_ in [*matrix.solvers, *([matrix.baseline] if matrix.baseline else [])]:
        if family.kind == "closed":  # a closed seed's answer is right or wrong
            for r in run_.results:
                r.score = 1.0 if r.verdict is Verdict.OK else 0.0
        else:
            judge.score(run_.results, matrix.baseline_objectives)
    return matrix
