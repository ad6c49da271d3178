"""Build a candidate's tests: run the generator for every (distribution, seed), validate every input.

Both programs run in the sandbox. The result lists the accepted tests and, for the cross-validation
protocol, every failure phrased for the author of the generator.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from frontiersmith.models import Program, Verdict
from frontiersmith.sandbox import RunLimits, Sandbox

from .llm.base import TestsDraft

GEN_LIMITS = RunLimits(time_ms=10_000, memory_mb=1024, output_kb=64 * 1024)


@dataclass
class GeneratedTest:
    """One validated test: its plan entry (name, distribution, seed), the generator's args and the input."""

    name: str
    distribution: str
    seed: int
    input: bytes
    args: list[str] = field(default_factory=list)


@dataclass
class TestBuild:
    tests: list[GeneratedTest] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)  # for the test author; empty when all is well


def test_plan(draft: TestsDraft, seed: int) -> list[tuple[str, str, int]]:
    """(name, distribution, seed) for every test, reproducible from the run's ``seed``."""
    return [
        (f"{dist}-{seed * 1000 + i + 1}", dist, seed * 1000 + i + 1)
        for dist in draft.distributions
        for i in range(draft.tests_per_distribution)
    ]


class ProgramCache:
    """Compile each distinct program once per sandbox."""

    def __init__(self, sandbox: Sandbox):
        self.sandbox = sandbox
        self._handles: dict[tuple[str, str], object] = {}

    async def get(self, program: Program, name: str):
        key = (program.language.value, program.code)
        if key not in self._handles:
            result = await self.sandbox.compile(program.code, program.language, name=name)
            self._handles[key] = result
        return self._handles[key]


async def build_tests(
    sandbox: Sandbox, draft: TestsDraft, *, seed: int = 0, limits: RunLimits = GEN_LIMITS
) -> TestBuild:
    out = TestBuild()
    cache = ProgramCache(sandbox)
    gen = await cache.get(draft.generator, "generator")
    val = await cache.get(draft.validator, "validator")
    if not gen.ok:
        out.failures.append(f"the generator does not compile: {gen.message[:400]}")
    if not val.ok:
        out.failures.append(f"the validator does not compile: {val.message[:400]}")
    if out.failures:
        return out
    for name, dist, s in test_plan(draft, seed):
        args = ["gen", dist, str(s)]
        run = await sandbox.run(gen.program, args=args, limits=limits)
        if run.verdict is not Verdict.OK:
            out.failures.append(
                f"the generator failed on `gen {dist} {s}` with {run.verdict}: {(run.stderr or run.message)[:300]}"
            )
            continue
        if not run.stdout.strip():
            out.failures.append(f"the generator printed nothing for `gen {dist} {s}`")
            continue
        check = await sandbox.run(val.program, args=["validate"], stdin=run.stdout, limits=limits)
        if check.verdict is Verdict.RE:
            out.failures.append(
                f"the generator emitted an input the validator rejects (`gen {dist} {s}`): "
                f"{(check.stderr or check.message).strip()[:300]}"
            )
            continue
        if check.verdict is not Verdict.OK:
            out.failures.append(f"the validator failed with {check.verdict} on `gen {dist} {s}`")
            continue
        out.tests.append(GeneratedTest(name=name, distribution=dist, seed=s, args=args, input=run.stdout))
    if draft.distributions and len(set(draft.distributions)) < 3:
        out.failures.append("use at least three named input distributions")
    return out
