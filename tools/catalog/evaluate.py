"""Judge every solver of a catalog family on its default tests: the score matrix, winners and dominance.

This is how the catalog shows what each kind promises: an open family has at least two solvers that
each win some test, a pseudo-open family has one strategy that matches or beats the rest everywhere,
and a closed seed's reference is exactly right on every test. Solvers are judged by the real judge
(``tools/judge.py``) in the sandbox, like any submission.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import anyio

from frontiersmith.models import Normalisation, Verdict
from frontiersmith.settings import get_settings
from frontiersmith.tools.judge import JudgeTest, TestResult, VerifierSpec, baseline_objectives, judge_solution

from . import Family, SolverSpec, get_family
from .export import GeneratedTest, generate_tests


@dataclass
class SolverRun:
    """One solver judged on every default test."""

    strategy: str
    file: str
    results: list[TestResult]
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


def verifier_spec(family: Family) -> VerifierSpec:
    """The family program as a native verifier; closed seeds score 1 (correct) or 0 (rejected)."""
    if family.kind == "closed":
        return VerifierSpec(program=family.program, normalisation=Normalisation.CHECKER)
    return VerifierSpec(program=family.program, sense=family.sense, normalisation=Normalisation.PAPER)


def judge_tests(tests: Sequence[GeneratedTest]) -> list[JudgeTest]:
    return [JudgeTest(name=t.name, input=t.input) for t in tests]


async def evaluate_family(
    name: str | Family,
    *,
    seed: int = 0,
    tests: Sequence[GeneratedTest] | None = None,
    backend: str | None = None,
    concurrency: int | None = None,
) -> FamilyEvaluation:
    """Judge the baseline (open families) and every solver on the default tests.

    ``tests`` may be passed in (e.g. generated once and cached); otherwise they are generated in the
    sandbox. Solvers are judged ``concurrency`` at a time (default: the configured worker count).
    """
    from frontiersmith.sandbox import open_sandbox

    family = name if isinstance(name, Family) else get_family(name)
    if tests is None:
        async with open_sandbox(backend) as sb:
            tests = await generate_tests(family, sb, seed=seed)
    jtests = judge_tests(tests)
    verifier = verifier_spec(family)
    evaluation = FamilyEvaluation(family=family.name, kind=family.kind, tests=list(tests), solvers=[])
    base_map: dict[str, float] = {}
    if family.kind != "closed":
        assert family.baseline is not None, f"open family {family.name} has no baseline"
        base_map = await baseline_objectives(
            family.baseline.program, jtests, verifier, family.limits, backend=backend, workers=1
        )
        evaluation.baseline_objectives = base_map
    specs: list[SolverSpec] = list(family.solvers)
    if family.baseline is not None:
        specs.append(family.baseline)
    runs: dict[int, SolverRun] = {}
    limiter = anyio.CapacityLimiter(concurrency or get_settings().workers)

    async def one(i: int, spec: SolverSpec) -> None:
        async with limiter:
            report = await judge_solution(
                spec.program,
                jtests,
                verifier,
                family.limits,
                backend=backend,
                workers=1,
                baseline=base_map if family.kind != "closed" else None,
            )
        runs[i] = SolverRun(spec.strategy, spec.path.name, report.tests, report.compile_message)

    async with anyio.create_task_group() as tg:
        for i, spec in enumerate(specs):
            tg.start_soon(one, i, spec)
    ordered = [runs[i] for i in range(len(specs))]
    if family.baseline is not None:
        evaluation.baseline = ordered.pop()
    evaluation.solvers = ordered
    return evaluation
