"""Judge every solver of a catalog family on its default tests: the score matrix, winners and dominance.

This is how the catalog shows what each kind promises: an open family has at least two solvers that
each win some test, a pseudo-open family has one strategy that matches or beats the rest everywhere,
and a closed seed's reference is exactly right on every test. Everything runs in one sandbox per
family (each program compiled once); outputs are read by the family's native verifier exactly as the
judge reads them (``tools/judge.interpret_native``) and scored with ``tools/scoring``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import anyio

from frontiersmith.errors import SandboxError
from frontiersmith.models import Limits, Program, Verdict
from frontiersmith.sandbox import RunLimits, Sandbox, open_sandbox
from frontiersmith.sandbox.base import ProgramHandle
from frontiersmith.settings import get_settings
from frontiersmith.tools.judge import interpret_native
from frontiersmith.tools.scoring import paper_score

from . import Family, SolverSpec, get_family
from .export import GeneratedTest, generate_tests

VERIFIER_LIMITS = RunLimits(time_ms=20_000, memory_mb=1024)


@dataclass
class TestRun:
    """One solver on one test: the sandbox verdict, the verifier's objective and the normalised score."""

    name: str
    verdict: Verdict
    objective: float | None = None
    score: float = 0.0
    time_ms: float = 0.0
    memory_kb: int = 0
    message: str = ""
    output: bytes = b""

    __test__ = False  # not a pytest class


@dataclass
class SolverRun:
    """One solver judged on every default test."""

    strategy: str
    file: str
    results: list[TestRun]
    compile_message: str = ""

    @property
    def scores(self) -> list[float]:
        return [r.score for r in self.results]

    @property
    def objectives(self) -> list[float | None]:
        return [r.objective if r.verdict is Verdict.OK else None for r in self.results]

    @property
    def all_ok(self) -> bool:
        return not self.compile_message and all(r.verdict is Verdict.OK for r in self.results)


@dataclass
class FamilyEvaluation:
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


async def verify_output(
    sandbox: Sandbox, verifier: ProgramHandle, test_input: bytes, output: bytes
) -> tuple[Verdict, float | None, str]:
    """Run the family program's native verifier on one output (INVALID when it rejects it)."""
    checked = await sandbox.run(
        verifier,
        args=["verify", "input.txt", "output.txt"],
        files={"input.txt": test_input, "output.txt": output},
        limits=VERIFIER_LIMITS,
    )
    return interpret_native(checked)


def _limits(limits: Limits) -> RunLimits:
    return RunLimits(time_ms=limits.time_ms, memory_mb=limits.memory_mb, output_kb=limits.output_kb)


async def evaluate_family(
    name: str | Family,
    *,
    seed: int = 0,
    tests: Sequence[GeneratedTest] | None = None,
    sandbox: Sandbox | None = None,
    backend: str | None = None,
    workers: int | None = None,
) -> FamilyEvaluation:
    """Run the baseline and every solver (or the reference of a closed seed) on the default tests.

    Everything happens in one sandbox (``sandbox`` or a new one): each program is compiled once, runs
    under the family's limits, and its output is verified by the family program. ``tests`` may be
    passed in (e.g. generated once and cached); otherwise they are generated in the sandbox.
    Scores: open families use the paper's formula against the baseline; closed seeds score 1 for an
    output the verifier accepts, 0 otherwise.
    """
    family = name if isinstance(name, Family) else get_family(name)
    if sandbox is None:
        async with open_sandbox(backend) as sb:
            return await evaluate_family(family, seed=seed, tests=tests, sandbox=sb, workers=workers)
    if tests is None:
        tests = await generate_tests(family, sandbox, seed=seed)
    specs: list[SolverSpec] = list(family.solvers) or ([family.reference] if family.reference else [])
    if family.baseline is not None:
        specs.append(family.baseline)
    programs: dict[str, Program] = {"family": family.program}
    programs.update({f"solver{i}": spec.program for i, spec in enumerate(specs)})
    compiled = {}

    async def build(key: str, program: Program) -> None:
        compiled[key] = await sandbox.compile(program.code, program.language, name=key)

    async with anyio.create_task_group() as tg:
        for key, program in programs.items():
            tg.start_soon(build, key, program)
    checker = compiled["family"]
    if not checker.ok or checker.program is None:
        raise SandboxError(
            f"Catalog family {family.name}'s program does not compile: {checker.message[:300]}"
        )
    limiter = anyio.CapacityLimiter(workers or get_settings().workers)
    runs: dict[tuple[int, int], TestRun] = {}

    async def one(i: int, j: int, handle: ProgramHandle) -> None:
        test = tests[j]
        async with limiter:
            run = await sandbox.run(handle, stdin=test.input, limits=_limits(family.limits))
            result = TestRun(
                test.name, run.verdict, time_ms=run.time_ms, memory_kb=run.memory_kb, output=run.stdout
            )
            if run.verdict is not Verdict.OK:
                result.message = (run.message or run.stderr)[:300]
            else:
                result.verdict, result.objective, result.message = await verify_output(
                    sandbox, checker.program, test.input, run.stdout
                )
        runs[(i, j)] = result

    async with anyio.create_task_group() as tg:
        for i in range(len(specs)):
            c = compiled[f"solver{i}"]
            if c.ok and c.program is not None:
                for j in range(len(tests)):
                    tg.start_soon(one, i, j, c.program)
    solver_runs = []
    for i, spec in enumerate(specs):
        c = compiled[f"solver{i}"]
        if not c.ok:
            results = [TestRun(t.name, c.verdict, message=c.message[:300]) for t in tests]
            solver_runs.append(SolverRun(spec.strategy, spec.path.name, results, c.message[:300] or "CE"))
        else:
            solver_runs.append(
                SolverRun(spec.strategy, spec.path.name, [runs[(i, j)] for j in range(len(tests))])
            )
    evaluation = FamilyEvaluation(
        family=family.name, kind=family.kind, tests=list(tests), solvers=solver_runs
    )
    if family.baseline is not None:
        evaluation.baseline = solver_runs.pop()
        evaluation.baseline_objectives = {
            r.name: r.objective
            for r in evaluation.baseline.results
            if r.verdict is Verdict.OK and r.objective is not None
        }
    for run in [*evaluation.solvers, *([evaluation.baseline] if evaluation.baseline else [])]:
        for r in run.results:
            if r.verdict is not Verdict.OK:
                r.score = 0.0
            elif family.kind == "closed":
                r.score = 1.0
            else:
                assert family.sense is not None
                r.score = paper_score(r.objective, evaluation.baseline_objectives.get(r.name), family.sense)
    return evaluation
