"""Build a candidate's tests: run the generator for every (distribution, seed), validate every input.

Both programs run in the sandbox. The result lists the accepted tests and, for the cross-validation
protocol, every failure phrased for the author of the generator.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace

from frontiersmith.drafts import TestsDraft
from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Program, Verdict
from frontiersmith.sandbox import RunLimits, Sandbox
from frontiersmith.sandbox.base import ExecResult, ProgramHandle, ProgramRole
from frontiersmith.settings import Settings, get_settings

from .judge import JudgeTest
from .verdicts import error_tail

GEN_LIMITS = RunLimits(time_ms=10_000, memory_mb=1024)  # the output cap comes from max_test_bytes
MAX_DISTRIBUTION_NAME = 64  # a distribution's name becomes a generator argument and part of each test's name


@dataclass
class GeneratedTest:
    """One validated test: its plan entry (name, distribution, seed), the generator's args and the input."""

    name: str
    distribution: str
    seed: int
    input: bytes
    args: list[str] = field(default_factory=list)
    sizes: dict[str, float] = field(default_factory=dict)  # what the validator read of it: {"n": 37}

    def as_judge_test(self) -> JudgeTest:
        """The test as the judge takes it: name, input and distribution."""
        return JudgeTest(self.name, self.input, distribution=self.distribution)


@dataclass
class TestBuild:
    """What one build of a candidate's tests gave: the validated tests, the statement's example, and the failures
    to show the test author."""

    tests: list[GeneratedTest] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)  # for the test author; empty when all is well
    example: GeneratedTest | None = None  # the statement's example input (`gen example 0`), validated


EXAMPLE = "example"  # the generator's reserved distribution: the statement's small example input
EXAMPLE_MAX_BYTES = 2000  # an example is read by a person, in the statement


def read_sizes(stdout: bytes) -> dict[str, float]:
    """The sizes a validator printed for a valid input (one JSON object of name -> number); anything else is
    no sizes (a validator may print nothing)."""
    import json

    try:
        data = json.loads(stdout.decode("utf-8", "replace").strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        str(k): float(v)
        for k, v in data.items()
        if isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
    }


def test_plan(draft: TestsDraft, seed: int) -> list[tuple[str, str, int]]:
    """(name, distribution, seed) for every test, reproducible from the run's ``seed``. ``example`` is the
    statement's example, never a test: a plan that names it is refused (``check_test_plan``)."""
    return [
        (f"{dist}-{seed * 1000 + i + 1}", dist, seed * 1000 + i + 1)
        for dist in draft.distributions
        for i in range(draft.tests_per_distribution)
    ]


def _setting(name: str) -> str:
    return f"the setting {name} (FRONTIERSMITH_{name.upper()})"


def _size(n: int) -> str:
    for unit, scale in (("MiB", 2**20), ("KiB", 2**10)):
        if n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n} bytes"


def check_test_count(count: int, where: str, settings: Settings | None = None) -> None:
    """Refuse a problem with more tests than ``max_tests_per_problem`` before any test is read or run."""
    limit = (settings or get_settings()).max_tests_per_problem
    if count > limit:
        raise InvalidInputError(
            f"{where} asks for {count} tests, over the limit of {limit}; "
            f"ask for fewer or raise {_setting('max_tests_per_problem')}."
        )


def check_test_plan(draft: TestsDraft, settings: Settings | None = None) -> None:
    """Refuse a plan over the settings' bounds (distributions, tests) before anything compiles or runs."""
    settings = settings or get_settings()
    n = len(draft.distributions)
    if n > settings.max_test_distributions:
        raise InvalidInputError(
            f"The tests name {n} distributions, over the limit of {settings.max_test_distributions}; "
            f"name fewer or raise {_setting('max_test_distributions')}."
        )
    if EXAMPLE in draft.distributions:
        raise InvalidInputError(
            f"{EXAMPLE!r} names the statement's example input (`gen {EXAMPLE} 0`), not a distribution of tests; "
            "rename that distribution."
        )
    long = next((d for d in draft.distributions if len(d) > MAX_DISTRIBUTION_NAME), None)
    if long is not None:
        raise InvalidInputError(
            f"The distribution name {long[:40]!r}... is {len(long)} characters; "
            f"use at most {MAX_DISTRIBUTION_NAME}."
        )
    check_test_count(
        n * draft.tests_per_distribution,
        f"{n} distributions x {draft.tests_per_distribution} tests",
        settings,
    )


_PYTHON_REPR = re.compile(r"[\[(]\s*-?[\w.']+\s*,")  # "[1, 2" or "(3, 4": a list or tuple printed with str()


def _head(data: bytes, limit: int = 160) -> str:
    """The start of a generated input, as the feedback quotes it: what the generator printed, not what was meant;
    with a hint when it holds a Python list or tuple where the values were meant."""
    text = data.decode(errors="replace")
    head = repr(text if len(text) <= limit else text[:limit] + "...")
    if _PYTHON_REPR.search(text[:limit]):
        head += " (a Python list or tuple printed whole: print its values separated by spaces instead)"
    return head


class _Failures:
    """A build's failures for the test author, one line per (kind of failure, distribution): a generator wrong on
    every seed of a distribution is one mistake, said once with its count and its first example."""

    def __init__(self, per_distribution: int):
        self.per = per_distribution
        self.found: dict[tuple[str, str], list[str]] = {}  # in the order first seen

    def add(self, kind: str, dist: str, text: str) -> None:
        self.found.setdefault((kind, dist), []).append(text)

    def lines(self) -> list[str]:
        return [
            texts[0]
            if len(texts) == 1
            else f"{texts[0]} [{len(texts)} of the {self.per} tests of `{dist}` failed this way]"
            for (_, dist), texts in self.found.items()
        ]


class ProgramCache:
    """Compile each distinct program once per sandbox (under the name and role of its first ``get``)."""

    def __init__(self, sandbox: Sandbox):
        self.sandbox = sandbox
        self._handles: dict[tuple[str, str], object] = {}

    async def get(self, program: Program, name: str, role: ProgramRole = ProgramRole.SOLUTION):
        """``program`` compiled; ``role``: ``JUDGE`` for the judge's own programs (a generator, a validator,
        a verifier), the default for everything else."""
        key = (program.language.value, program.code)
        if key not in self._handles:
            result = await self.sandbox.compile(program.code, program.language, name=name, role=role)
            self._handles[key] = result
        return self._handles[key]


async def build_tests(
    sandbox: Sandbox,
    draft: TestsDraft,
    *,
    seed: int = 0,
    limits: RunLimits = GEN_LIMITS,
    settings: Settings | None = None,
) -> TestBuild:
    """Run and validate every test of the plan. A plan over the settings' bounds raises before anything runs;
    an input over ``max_test_bytes`` is a failure, and the build stops at ``max_build_bytes``."""
    settings = settings or get_settings()
    check_test_plan(draft, settings)
    # One byte over the cap is enough to know the generator went past it; the sandbox stops it there.
    limits = replace(limits, output_kb=settings.max_test_bytes // 1024 + 1)
    out = TestBuild()
    cache = ProgramCache(sandbox)
    gen = await cache.get(draft.generator, "generator", ProgramRole.JUDGE)
    val = await cache.get(draft.validator, "validator", ProgramRole.JUDGE)
    if not gen.ok:
        out.failures.append(f"the generator does not compile: {gen.message[:400]}")
    if not val.ok:
        out.failures.append(f"the validator does not compile: {val.message[:400]}")
    if out.failures:
        return out
    total = 0
    failed = _Failures(draft.tests_per_distribution)
    for name, dist, s in test_plan(draft, seed):
        args = ["gen", dist, str(s)]
        run = await sandbox.run(gen.program, args=args, limits=limits)
        if not _generated(run, dist, s, settings, failed):
            continue
        if total + len(run.stdout) > settings.max_build_bytes:
            failed.add(
                "total",
                dist,
                f"the tests passed {_size(settings.max_build_bytes)} in all at `gen {dist} {s}`, so the build "
                f"stopped there; make the inputs smaller or raise {_setting('max_build_bytes')}",
            )
            break
        check = await sandbox.run(val.program, args=["validate"], stdin=run.stdout, limits=limits)
        if check.verdict is Verdict.RE:
            failed.add(
                "rejected",
                dist,
                f"the generator emitted an input the validator rejects (`gen {dist} {s}`): "
                f"{error_tail(check.stderr or check.message)}; that input began {_head(run.stdout)}",
            )
            continue
        if check.verdict is not Verdict.OK:
            failed.add("validator", dist, f"the validator failed with {check.verdict} on `gen {dist} {s}`")
            continue
        total += len(run.stdout)
        sizes = read_sizes(check.stdout)
        out.tests.append(GeneratedTest(name, dist, s, run.stdout, args, sizes))
    out.failures += failed.lines()
    out.example = await _example(sandbox, gen.program, val.program, limits, out.failures)
    if draft.distributions and len(set(draft.distributions)) < 3:
        out.failures.append("use at least three named input distributions")
    return out


def _generated(run: ExecResult, dist: str, s: int, settings: Settings, failed: _Failures) -> bool:
    """Whether the generator's run printed an input to validate; else its failure is added to ``failed``."""
    if run.verdict is Verdict.OLE or len(run.stdout) > settings.max_test_bytes:
        failed.add(
            "long",
            dist,
            f"the generator printed more than {_size(settings.max_test_bytes)} for `gen {dist} {s}`; "
            f"print a smaller input or raise {_setting('max_test_bytes')}",
        )
        return False
    if run.verdict is not Verdict.OK:
        failed.add(
            "crash",
            dist,
            f"the generator failed on `gen {dist} {s}` with {run.verdict}: {error_tail(run.stderr or run.message)}",
        )
        return False
    if not run.stdout.strip():
        failed.add("empty", dist, f"the generator printed nothing for `gen {dist} {s}`")
        return False
    return True


async def _example(
    sandbox: Sandbox, gen: ProgramHandle, val: ProgramHandle, limits: RunLimits, failures: list[str]
) -> GeneratedTest | None:
    """The statement's example input (`gen example 0`), validated and small; None when the generator has none
    (the task card says so). One that is too long or invalid is the test author's failure."""
    args = ["gen", EXAMPLE, "0"]
    run = await sandbox.run(gen, args=args, limits=limits)
    if run.verdict is not Verdict.OK or not run.stdout.strip():
        return None
    if len(run.stdout) > EXAMPLE_MAX_BYTES:
        failures.append(
            f"the example input (`gen {EXAMPLE} 0`) is {len(run.stdout)} bytes; a statement's example must be under "
            f"{EXAMPLE_MAX_BYTES} (a few lines a reader can follow)"
        )
        return None
    check = await sandbox.run(val, args=["validate"], stdin=run.stdout, limits=limits)
    if check.verdict is not Verdict.OK:
        failures.append(
            f"the validator rejects the example input (`gen {EXAMPLE} 0`): "
            f"{error_tail(check.stderr or check.message)}; the example began {_head(run.stdout)}"
        )
        return None
    return GeneratedTest(EXAMPLE, EXAMPLE, 0, run.stdout, args, read_sizes(check.stdout))
