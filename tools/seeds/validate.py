"""Reference validation of a seed: its reference solutions run on its tests with answers, through the one
judge, and compared with the expected answers by a built-in testlib checker (exact, token or float).

A checker's OK scores 1 and a wrong answer 0, so "a reference passes" is "every test scores 1". One
``SeedValidator`` serves a whole import: one sandbox, each checker compiled once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Sequence
from importlib import resources
from typing import Self, TypeVar

import anyio
from pydantic import BaseModel

from frontiersmith.errors import FrontierSmithError
from frontiersmith.models import (
    Comparison,
    Language,
    Normalisation,
    Program,
    SeedStatus,
    Verdict,
    VerifierKind,
)
from frontiersmith.sandbox import open_sandbox
from frontiersmith.sandbox.base import CompileResult, ProgramHandle, Sandbox
from frontiersmith.settings import Settings, get_settings

from ..judge import Judge, JudgeTest, TestResult, VerifierSpec, compile_all
from .draft import SeedDraft, choose_comparison

REASONS_SHOWN = 3  # failing references named in an unverified seed's reason
T = TypeVar("T")


class Validation(BaseModel):
    """What running a seed's references showed: its status, why, the reference it rests on, the comparison."""

    status: SeedStatus
    reason: str = ""
    reference: Program | None = None
    comparison: Comparison


def checker_source(comparison: Comparison) -> str:
    """The C++ of the built-in checker for ``comparison`` (tools/seeds/checkers/)."""
    return (
        resources.files("frontiersmith.tools.seeds").joinpath(f"checkers/{comparison.value}.cc").read_text()
    )


def checker_spec(comparison: Comparison) -> VerifierSpec:
    return VerifierSpec(
        program=Program(code=checker_source(comparison), language=Language.CPP),
        kind=VerifierKind.TESTLIB,
        normalisation=Normalisation.CHECKER,
    )


class SeedValidator:
    """Validates seeds in one open sandbox; at most ``workers`` tests run at once across every seed."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        backend: str | None = None,
        workers: int | None = None,
        sandbox: Sandbox | None = None,
    ):
        self.settings = settings or get_settings()
        self.backend = backend
        self._sandbox = sandbox
        self._stack = contextlib.AsyncExitStack()
        self._limiter = anyio.CapacityLimiter(workers or self.settings.workers)
        self._checkers: dict[Comparison, ProgramHandle] = {}
        self._compiling = anyio.Lock()

    async def __aenter__(self) -> Self:
        if self._sandbox is None:
            self._sandbox = await self._stack.enter_async_context(open_sandbox(self.backend, self.settings))
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._stack.aclose()

    @property
    def sandbox(self) -> Sandbox:
        if self._sandbox is None:
            raise RuntimeError("SeedValidator is used outside its `async with` block")
        return self._sandbox

    async def _checker(self, comparison: Comparison) -> ProgramHandle:
        """The compiled checker of ``comparison``, compiled on first use."""
        async with self._compiling:
            if comparison not in self._checkers:
                compiled = await self.sandbox.compile(
                    checker_source(comparison), Language.CPP, f"chk_{comparison}"
                )
                if not compiled.ok or compiled.program is None:
                    raise FrontierSmithError(
                        f"The built-in {comparison.value} checker does not compile against the testlib header "
                        f"in use (check FRONTIERSMITH_TESTLIB_HEADER): {compiled.message[:300]}"
                    )
                self._checkers[comparison] = compiled.program
            return self._checkers[comparison]

    async def validate(self, draft: SeedDraft) -> Validation:
        """The draft's status from its references on its tests with answers (see ``SeedStatus``)."""
        comparison = choose_comparison(draft)
        tests = [JudgeTest(t.name, t.input, t.answer) for t in draft.tests if t.answer is not None]
        missing = [
            what
            for what, absent in (
                ("no reference solution", not draft.references),
                ("no test with an answer", not tests),
            )
            if absent
        ]
        if missing:
            return Validation(
                status=SeedStatus.UNTESTED, reason=f"it has {' and '.join(missing)}", comparison=comparison
            )
        judge = Judge(  # one limiter: a bound over every seed this validator checks at once
            self.sandbox,
            checker_spec(comparison),
            await self._checker(comparison),
            draft.problem.limits,
            1,
            limiter=self._limiter,
        )
        compiled = await compile_all(self.sandbox, {str(i): p for i, p in enumerate(draft.references)})

        async def failure(i: int) -> str:
            return await self._failure(judge, compiled[str(i)], tests, comparison)

        passing, failures = await earliest(len(draft.references), failure, lambda why: why == "")
        if passing is not None:
            return Validation(
                status=SeedStatus.VERIFIED, reference=draft.references[passing], comparison=comparison
            )
        named = [
            f"reference {i + 1} ({draft.references[i].language.value}) {why}"
            for i, why in sorted(failures.items())
        ]
        more = f"; and {len(named) - REASONS_SHOWN} more" if len(named) > REASONS_SHOWN else ""
        return Validation(
            status=SeedStatus.UNVERIFIED,
            reason="; ".join(named[:REASONS_SHOWN]) + more,
            comparison=comparison,
        )

    async def _failure(
        self, judge: Judge, compiled: CompileResult, tests: Sequence[JudgeTest], comparison: Comparison
    ) -> str:
        """Why one reference fails (its first failing test, in order), or "" when it passes every test."""
        if not compiled.ok or compiled.program is None:
            return f"does not compile: {compiled.message.strip()[:200]}"
        program = compiled.program

        async def run(i: int) -> TestResult:
            return await judge.run(program, tests[i])

        first, results = await earliest(len(tests), run, lambda r: not _passed(r))
        if first is None:
            return ""
        result = results[first]
        said = f" ({result.message.strip()[:200]})" if result.message.strip() else ""
        return (
            f"fails test {result.name}: {result.verdict.value} under the {comparison.value} comparison{said}"
        )


def _passed(result: TestResult) -> bool:
    return result.verdict is Verdict.OK and result.score >= 1.0


async def earliest(
    n: int, run: Callable[[int], Awaitable[T]], hit: Callable[[T], bool]
) -> tuple[int | None, dict[int, T]]:
    """Run ``run(0..n-1)`` concurrently and return the lowest index whose result is a ``hit`` (None if
    none is), with every result obtained. Once ``i`` is a hit the runs after ``i`` are cancelled: they can
    no longer be the earliest, and a reference that already failed need not wait out its other tests."""
    results: dict[int, T] = {}
    scopes = [anyio.CancelScope() for _ in range(n)]
    first: int | None = None

    async def one(i: int) -> None:
        nonlocal first
        with scopes[i]:
            results[i] = await run(i)
        if i in results and hit(results[i]) and (first is None or i < first):
            first = i
            for scope in scopes[i + 1 :]:
                scope.cancel()

    async with anyio.create_task_group() as tg:
        for i in range(n):
            tg.start_soon(one, i)
    return first, {i: r for i, r in results.items() if first is None or i <= first}


__all__ = ["SeedValidator", "Validation", "checker_source", "checker_spec", "earliest"]
