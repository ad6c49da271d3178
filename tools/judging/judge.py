"""The judge: run one solution over a list of tests in ONE sandbox and score it through a verifier.

Everything that scores code (the CLI, ``submit``, the pipeline's score matrix, RL rewards) calls
``judge_solution``. Only the verifier's verdict counts: the solution's stdout goes to the verifier
as a file and nothing the solution prints is ever parsed for a score.

Verifier kinds:
- testlib: ``CHK input.txt output.txt answer.txt result.txt`` (testlib's optional result file, where
  ``quitp`` writes ``"P message"``). Exit 0 scores 1, exit 7 (points) scores the checker's points,
  exit 1/2 (and testlib's 4, "dirt") is INVALID, exit 3 (FAIL), a crash or running out of its CPU time
  is SYSTEM_ERROR counted as 0 (the output broke it: "the checker could not read your output"), unless the
  checker FAILed on that test for every reference program too (the package's fault: no score); a verdict's
  exit with nothing written is no verdict (tools/judging/written.py: tried alone, then a system error); a run
  the host failed (the sandbox, or the wall clock on a busy machine) is retried, and a test still unjudged
  leaves the whole run without a score (see ``tools/judging/scoring.aggregate_scores``).
  Exit 7 scores testlib's own ``points`` value: the number that starts the result file, else a
  ``points P`` line on stderr; only when neither exists, the first ``Ratio: x`` of the checker's
  message (FrontierCS checkers print it next to the same value), else 0. Exit 0 scores a
  ``Ratio: x`` in the message when there is one, else 1. Numbers are read in every form C and C++
  print them (``%g``, ``%e``, ``%f``, ``%a``, iostream defaults, ``inf``, ``nan``); the score is
  clamped to [0, 1] and an infinite or NaN value scores 0.
- native: ``VERIFIER verify input.txt output.txt`` prints one JSON line
  ``{"feasible": bool, "objective": number|null, "message": str}``; infeasible is INVALID,
  anything else malformed is SYSTEM_ERROR. The objective is normalised against the baseline's
  objective on the same test (``tools/judging/scoring.py``).
"""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import json
import math
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import anyio
from pydantic import BaseModel, ConfigDict, ValidationError

from frontiersmith.errors import InvalidInputError, SandboxError
from frontiersmith.models import (
    Limits,
    Normalisation,
    Problem,
    Program,
    Reference,
    Sense,
    TestResult,
    Verdict,
    VerifierKind,
    coarse_measure,
    data_free,
)
from frontiersmith.sandbox import open_sandbox
from frontiersmith.sandbox.base import CompileResult, ExecResult, ProgramHandle, RunLimits, Sandbox
from frontiersmith.settings import Settings, get_settings

from .scoring import ScoreSummary, aggregate_scores, normalise
from .written import no_verdict, unwritten_checker

Progress = Callable[[int, int], Awaitable[None] | None]

TESTLIB_OK, TESTLIB_WA, TESTLIB_PE, TESTLIB_FAIL, TESTLIB_DIRT, TESTLIB_POINTS = 0, 1, 2, 3, 4, 7
# A number as C's printf (%g %e %E %f %a %A) and C++ iostreams (default, scientific, fixed, hexfloat,
# uppercase, showpos) write it, as strtod would read it: the hex form first, so "0x1p-3" is not "0".
C_NUMBER = (
    r"[+-]?(?:"
    r"0[xX](?:[0-9a-fA-F]+(?:\.[0-9a-fA-F]*)?|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?"
    r"|(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
    r"|(?i:inf(?:inity)?|nan(?:\([0-9A-Za-z_]*\))?)"
    r")"
)
_NUMBER = re.compile(C_NUMBER)
_RATIO = re.compile(r"(?<![A-Za-z0-9_])Ratio:\s*(" + C_NUMBER + ")")
_POINTS_LINE = re.compile(r"^points\s+(" + C_NUMBER + ")", re.MULTILINE)
RESULT_FILE = "result.txt"
_RESULT_FILE_NOTE = "See file to check exit message"
MESSAGE_SHOWN = 500


@dataclass(frozen=True)
class JudgeTest:
    """One test: its name (the file stem, e.g. ``"1"``), input bytes and optional reference answer."""

    name: str
    input: bytes
    answer: bytes | None = None
    missing: str = ""  # why the test's files are not there; judged as SYSTEM_ERROR without a run
    distribution: str = ""  # the generator distribution it came from, when known


@dataclass(frozen=True)
class VerifierSpec:
    """How a solution's output becomes a score on one test."""

    program: Program
    kind: VerifierKind = VerifierKind.NATIVE
    sense: Sense | None = None
    normalisation: Normalisation = Normalisation.PAPER
    ratio_cap: float = 1.0  # k of FrontierCS clamp(B/O, 0, k)
    time_ms: int = 10_000  # the verifier's own limits (FrontierCS gives checkers 10 s)
    memory_mb: int = 1024
    interactive: bool = False  # an interactor: it talks to the running solution (``Judge._interact``)


@dataclass
class JudgePackage:
    """A problem ready to judge: its tests, its verifier and (native scoring) the baseline s*."""

    format: str  # native | frontiercs (a folder), task | imported | catalog (the store)
    problem: Problem
    verifier: VerifierSpec
    tests: list[JudgeTest]
    limits: Limits
    baseline: Program | None = None
    reference: Program | None = None
    root: Path | None = None  # the folder it was read from
    # the records a package from the store is judged against: test name -> TestCase id, the verifier, s*
    test_ids: dict[str, str] = field(default_factory=dict)
    verifier_id: str | None = None
    baseline_id: str | None = None
    # test name -> the reference points fixed when the task was published (range normalisation): the
    # baseline's and the best known objective; None: the baseline's are computed from ``baseline``.
    references: dict[str, Reference] | None = None

    @property
    def pinned_baseline(self) -> dict[str, float] | None:
        """The baseline's objective per test as the package fixes it (None: computed from ``baseline``)."""
        return None if self.references is None else {n: r.baseline for n, r in self.references.items()}

    @property
    def best(self) -> dict[str, float] | Program | None:
        """What range normalisation scores as 1 on each test: the fixed best known objectives, else the
        reference program (whose objectives are computed), else None."""
        if self.references is not None:
            return {n: r.best for n, r in self.references.items()}
        return self.reference


@dataclass
class JudgeReport:
    """A solution judged on a suite: ``score`` (the mean of the per-test scores, each in [0, 1]), its verdict
    (CE when it did not compile), each test's ``TestResult`` and the baseline's and best objectives it was
    normalised against; ``complete`` is False when the host failed under a test (then there is no score)."""

    score: float  # tools/judging/scoring.aggregate_scores: the mean over every test (see ``complete``)
    tests: list[TestResult]
    compile_message: str = ""
    verdict: Verdict = (
        Verdict.OK
    )  # CE when the solution did not compile, SYSTEM_ERROR when the verifier did not
    baseline_objectives: dict[str, float] = field(
        default_factory=dict
    )  # computed here from a baseline Program
    best_objectives: dict[str, float] = field(default_factory=dict)
    # how the per-test scores became ``score`` (set by ``aggregate``): judged, left out, verifier failures
    totals: ScoreSummary = field(default_factory=lambda: ScoreSummary(0.0, 0, 0))

    def aggregate(self) -> ScoreSummary:
        """Set ``score`` and ``totals`` from the per-test results (tools/judging/scoring.aggregate_scores)."""
        self.totals = aggregate_scores(self.tests)
        self.score = self.totals.score
        return self.totals

    @property
    def judged(self) -> int:  # tests the mean is over
        return self.totals.judged

    @property
    def complete(self) -> bool:
        """Whether every test was judged: only then is ``score`` the solution's score (tools/judging/scoring)."""
        return self.totals.complete

    @property
    def system_errors(self) -> int:  # tests the host failed on after every retry: no score while any is left
        return self.totals.system_errors

    @property
    def verifier_failures(self) -> int:  # SYSTEM_ERROR tests the verifier gave on the output, judged as 0
        return self.totals.verifier_failures

    def without_test_data(self, limits: Limits | None) -> JudgeReport:
        """This report without a word of the tests' data: each test's message is its ``diagnostic(limits)``
        and nothing the program printed is kept. With ``limits`` (what a solver is shown: ``submit``, the
        evaluation's and every reward's feedback; the one place that view is made) each test's exit code and
        signal are dropped and its time and memory are the upper edges of their buckets (``coarse_measure``);
        ``None`` (the problem owner's ``frontiersmith judge``) keeps the measurements. Only a compile error of
        the solution keeps the compiler's words (it compiles before any test is seen); a verifier's compile
        error is dropped, since it quotes the verifier's source."""
        keep = self.compile_message if self.verdict is Verdict.CE else ""

        def shown(t: TestResult) -> TestResult:
            update: dict[str, Any] = {
                "message": keep if t.verdict is Verdict.CE and keep else t.diagnostic(limits),
                "output": None,
            }
            if limits is not None:
                update.update(exit_code=None, signal=None)
                if t.measured:
                    update["time_ms"] = coarse_measure(t.time_ms, limits.time_ms)[0]
                    memory_kb = limits.memory_mb * 1024
                    update["memory_kb"] = round(coarse_measure(t.memory_kb, memory_kb)[0])
            return t.model_copy(update=update)

        return replace(self, tests=[shown(t) for t in self.tests], compile_message=keep)

    @property
    def summary(self) -> str:
        return self.totals.describe()

    def to_json(self) -> dict[str, Any]:
        """The ``frontiersmith judge --json`` shape."""
        return {
            "score": self.score,
            "complete": self.complete,
            "judged": self.judged,
            "system_errors": self.system_errors,
            "missing": self.totals.missing,
            "verifier_failures": self.verifier_failures,
            "summary": self.summary,
            "tests": [
                {
                    "name": t.name,
                    "verdict": t.verdict.value,
                    "score": t.score,
                    "time_ms": t.time_ms,
                    "memory_kb": t.memory_kb,
                    "message": t.message,
                }
                for t in self.tests
            ],
        }


class NativeVerdict(BaseModel):
    """The one JSON line a native verifier prints."""

    model_config = ConfigDict(extra="ignore")

    feasible: bool
    objective: float | None = None
    message: str = ""
    reason: str = (
        ""  # for a solver: which constraint the output broke, without test data (``rejection_reason``)
    )


_HARNESS_FRAME = re.compile(r'^\s*File "(<string>|[^"]*)", line \d+, in (<module>|_harness_main)$')


def error_tail(text: str, limit: int = 300) -> str:
    """The end of a program's error output: a traceback's last lines name the error (and the author's line that
    raised it), its first ones only the harness, whose frames are left out."""
    lines = [line for line in text.strip().splitlines() if not _HARNESS_FRAME.match(line)]
    text = "\n".join(line for line in lines if line != "Traceback (most recent call last):")
    return text if len(text) <= limit else "..." + text[-limit:]


def _short(text: str) -> str:
    text = text.strip()
    return text if len(text) <= MESSAGE_SHOWN else text[: MESSAGE_SHOWN - 3] + "..."


def c_number(text: str) -> float | None:
    """The number that ``text`` starts with, read as C's strtod reads what printf or iostreams wrote."""
    found = _NUMBER.match(text.lstrip())
    return _number_value(found.group(0)) if found else None


def _number_value(token: str) -> float:
    if token.lstrip("+-")[:2] in ("0x", "0X"):
        try:
            return float.fromhex(token)
        except OverflowError:  # strtod gives HUGE_VAL, i.e. infinity
            return -math.inf if token.startswith("-") else math.inf
    return float(token.split("(", 1)[0])  # glibc's "nan(0x8000)" is a NaN


def _clamped(value: float) -> float:
    # An infinite or NaN ratio scores 0 and still counts, never SYSTEM_ERROR: SYSTEM_ERROR tests are
    # left out of the mean, so an output that drives a checker's arithmetic to 0/0 would otherwise
    # drop its worst tests from the mean and raise its own score.
    return min(1.0, max(0.0, value)) if math.isfinite(value) else 0.0


def checker_ratio(exit_code: int, message: str, result_file: str | None = None) -> float:
    """The score a testlib checker gave (exit 0 or 7), by the precedence in the module docstring.

    ``message`` is the checker's stderr and ``result_file`` what it wrote to testlib's result file
    (None when it wrote none).
    """
    text = result_file if result_file is not None else message
    if exit_code == TESTLIB_POINTS:
        # testlib's quitp writes "P message" to the result file and "points P message" to stderr,
        # P being the exact value it was given, so that value wins over any text the message holds.
        points = c_number(result_file) if result_file is not None else None
        if points is None:
            line = _POINTS_LINE.search(message)
            points = _number_value(line.group(1)) if line else None
        if points is not None:
            return _clamped(points)
    found = _RATIO.search(text)
    if found:
        return _clamped(_number_value(found.group(1)))
    return 1.0 if exit_code == TESTLIB_OK else 0.0


# how a checker's written FAIL on an output starts its message (interpret_checker)
CHECKER_FAIL = "checker FAIL"


def _key(test: JudgeTest) -> tuple[str, int, int]:
    return (test.name, hash(test.input), hash(test.answer))


def interpret_checker(result: ExecResult) -> tuple[Verdict, float, str]:
    """(verdict, score, message) from one testlib checker run."""
    raw = result.files.get(RESULT_FILE)
    result_file = raw.decode("utf-8", "replace") if raw is not None else None
    stderr = "\n".join(line for line in result.stderr.splitlines() if line.strip() != _RESULT_FILE_NOTE)
    message = stderr.strip() or result.stdout.decode("utf-8", "replace").strip() or (result_file or "")
    crashed = result.signal is not None or result.verdict not in (Verdict.OK, Verdict.RE)
    if crashed or result.exit_code is None:
        why = result.message or result.verdict.value
        return Verdict.SYSTEM_ERROR, 0.0, _short(f"checker failed ({why}): {message}")
    code = result.exit_code
    if code in (TESTLIB_OK, TESTLIB_POINTS):
        return Verdict.OK, checker_ratio(code, message, result_file), _short(message)
    if code in (TESTLIB_WA, TESTLIB_PE, TESTLIB_DIRT):
        return Verdict.INVALID, 0.0, _short(message)
    if code == TESTLIB_FAIL:
        return Verdict.SYSTEM_ERROR, 0.0, _short(f"{CHECKER_FAIL}: {message}")
    return Verdict.SYSTEM_ERROR, 0.0, _short(f"checker exit code {code}: {message}")


def interpret_native(result: ExecResult) -> tuple[Verdict, float | None, str]:
    """(verdict, objective, message) from one native verifier run."""
    if result.verdict is not Verdict.OK:
        why = result.message or result.verdict.value
        return Verdict.SYSTEM_ERROR, None, _short(f"verifier failed ({why}): {error_tail(result.stderr)}")
    lines = [line for line in result.stdout.decode("utf-8", "replace").splitlines() if line.strip()]
    try:
        if not lines:
            raise ValueError("no output")
        verdict = NativeVerdict.model_validate(json.loads(lines[-1]))
    except (ValueError, ValidationError):
        shown = lines[-1] if lines else ""
        return Verdict.SYSTEM_ERROR, None, _short(f"verifier printed no JSON verdict line: {shown!r}")
    if not verdict.feasible:
        return Verdict.INVALID, None, _short(verdict.message or "infeasible output")
    if verdict.objective is None or not math.isfinite(verdict.objective):
        return (
            Verdict.SYSTEM_ERROR,
            None,
            _short("verifier called the output feasible but gave no finite objective"),
        )
    return Verdict.OK, verdict.objective, _short(verdict.message)


def rejection_reason(result: ExecResult) -> str:
    """What a solver may be told of why a native verifier rejected an output: the ``reason`` of its verdict
    line (its ``message`` is the owner's and may quote the test), blanked of numbers and quoted strings
    (``data_free``) in case it quotes them; "" when it gives none."""
    lines = [line for line in result.stdout.decode("utf-8", "replace").splitlines() if line.strip()]
    try:
        reason = json.loads(lines[-1]).get("reason") if lines else None
    except (ValueError, AttributeError):
        return ""
    return data_free(reason) if isinstance(reason, str) else ""


def interpret_feasibility(result: ExecResult) -> tuple[bool | None, str]:
    """(feasible, message) from one run of a feasibility-only checker (a native verdict line whose objective
    is not read); None and why when it gave no verdict."""
    if result.verdict is not Verdict.OK:
        return None, _short(
            f"it failed ({result.message or result.verdict.value}): {error_tail(result.stderr)}"
        )
    lines = [line for line in result.stdout.decode("utf-8", "replace").splitlines() if line.strip()]
    try:
        verdict = NativeVerdict.model_validate(json.loads(lines[-1]))
    except (IndexError, ValueError, ValidationError):
        return None, "it printed no JSON verdict line"
    return verdict.feasible, _short(verdict.message)


def _run_limits(limits: Limits) -> RunLimits:
    return RunLimits(time_ms=limits.time_ms, memory_mb=limits.memory_mb, output_kb=limits.output_kb)


def _missing(test: JudgeTest) -> TestResult:
    return TestResult(
        name=test.name, verdict=Verdict.SYSTEM_ERROR, message=_short(test.missing), missing=True
    )


def _unrun(tests: Sequence[JudgeTest], verdict: Verdict, message: str) -> list[TestResult]:
    """Every test's line when nothing could run (the solution or the verifier did not compile); a test
    missing from the package still says so."""
    return [
        _missing(t) if t.missing else TestResult(name=t.name, verdict=verdict, message=message) for t in tests
    ]


# How often a run the host failed is tried, in one sandbox (``judge_solution`` then tries the tests still
# unjudged once more in a fresh one).
VERIFIER_ATTEMPTS = 3
RUN_ATTEMPTS = 3
# How a run ends when the host, not the program, is to blame: the sandbox failed under it, or the wall-clock
# backstop stopped it while it was still short of its CPU limit (sandbox/_runner_client.classify). A time-out
# is decided by CPU time alone, which load does not change, so it is the program's (or its input's) doing.
HOST_FAILURES = (Verdict.SYSTEM_ERROR,)


async def run_verifier_retrying(run: Callable[[], Awaitable[ExecResult]]) -> ExecResult:
    """Run a verifier (or checker) again when the host failed under it (``HOST_FAILURES``).

    A failed sandbox or a verifier stopped by the wall clock on a busy machine says nothing of the output,
    so it is tried again; a last failure is reported as it is (SYSTEM_ERROR, not counted: the test is then
    unjudged, and the run has no score unless a fresh sandbox judges it).
    """
    result: ExecResult | None = None
    for attempt in range(VERIFIER_ATTEMPTS):
        try:
            result = await run()
        except Exception as exc:  # a sandbox failure, never a verdict on the solution
            result = ExecResult(Verdict.SYSTEM_ERROR, message=f"sandbox failure: {exc}")
        if result.verdict not in HOST_FAILURES:
            return result
        if attempt + 1 == VERIFIER_ATTEMPTS:
            result.message = f"{result.message or result.verdict.value}; tried {VERIFIER_ATTEMPTS} times"
    assert result is not None
    return result


VERIFIER_KEY = "verifier"  # the verifier's name among the programs open_judge compiles
INTERACTOR_SCALE = 4  # an interactor's limits, in the solution's (as FrontierCS's judge sets them)


class VerifierCompileError(InvalidInputError):
    """The verifier (or checker) of a problem does not compile, so nothing can be judged."""

    def __init__(self, compiler_message: str):
        self.compiler_message = _short(compiler_message)
        super().__init__(f"The verifier does not compile; fix it: {self.compiler_message}")


def needs_baseline(verifier: VerifierSpec) -> bool:
    """Whether scores are normalised against the baseline's objective on each test."""
    return verifier.kind is VerifierKind.NATIVE and verifier.normalisation is not Normalisation.CHECKER


def objectives_of(results: Iterable[TestResult]) -> dict[str, float]:
    """Objective per test of the runs the verifier accepted (a trusted program's reference values)."""
    return {r.name: r.objective for r in results if r.verdict is Verdict.OK and r.objective is not None}


@dataclass
class _Verdict:
    """A verdict of a judge's verifier, given (``given`` set) or on its way; None: none to reuse."""

    given: anyio.Event = field(default_factory=anyio.Event)
    result: TestResult | None = None


def verifier_run_limits(verifier: VerifierSpec, limits: Limits) -> RunLimits:
    """A verifier's run limits on a problem: its own, and for an interactor, which runs beside the solution,
    four times the solution's time and memory where that is more (as FrontierCS's judge sets them)."""
    scale = INTERACTOR_SCALE if verifier.interactive else 0
    return RunLimits(
        time_ms=max(verifier.time_ms, scale * limits.time_ms),
        memory_mb=max(verifier.memory_mb, scale * limits.memory_mb),
        output_kb=max(limits.output_kb, 1024),
    )


def limits_in_force(verifier: VerifierSpec, limits: Limits) -> tuple[RunLimits, RunLimits]:
    """The limits of a problem's runs (the solution's, the verifier's): what a sandbox judging it is sized for."""
    return _run_limits(limits), verifier_run_limits(verifier, limits)


class Judge:
    """A verifier compiled in an open sandbox: the one place where a program's output on a test becomes a
    verdict, an objective and a normalised score. Submit, cross-validation, catalog evaluation and the
    baseline's objectives all go through it; tests run ``workers`` at a time."""

    def __init__(
        self,
        sb: Sandbox,
        verifier: VerifierSpec,
        checker: ProgramHandle,
        limits: Limits,
        workers: int,
        limiter: anyio.CapacityLimiter | None = None,
    ):
        self.sandbox = sb
        self.verifier = verifier
        self.checker = checker
        self.limits = limits
        # Judges of several problems in one sandbox may share a limiter, so ``workers`` bounds them all.
        self.limiter = limiter or anyio.CapacityLimiter(workers)
        self.verifier_limits = verifier_run_limits(verifier, limits)
        # Whether the checker FAILed on the output of every reference program this judge ran on a test (the
        # baseline's, the best's: ``objectives``), by test (its name, input and answer): a FAIL there on a
        # solution's output too is the package's fault, not the solution's.
        self._reference_fails: dict[tuple[str, int, int], bool] = {}
        # The verdicts this judge has given, by test and output: the same output on the same test (two
        # solutions that agree, the empty output as a mutant and as a probe) is verified once. A verifier
        # must be deterministic, which cross-validation checks on runs asked for ``again``.
        self._verdicts: dict[tuple[str, int, int, bytes], _Verdict] = {}

    async def verify(self, test: JudgeTest, output: bytes, *, again: bool = False) -> TestResult:
        """The verifier's verdict on one output (raw: the checker's ratio or the native objective); given
        before on this test and output, that verdict again, unless ``again`` (then the verifier runs)."""
        async with self.limiter:
            return await self._verify(test, output, again)

    async def _verify(self, test: JudgeTest, output: bytes, again: bool = False) -> TestResult:
        key = (test.name, hash(test.input), hash(test.answer), hashlib.sha256(output).digest())
        # A verdict is shared only where each verifier run had room of its own that no other run could take
        # (Sandbox.own_space): else a neighbour's doing could have shaped it.
        share = self.sandbox.own_space and not again
        known = self._verdicts.get(key) if share else None
        if known is not None:
            await known.given.wait()
            if known.result is not None:
                return known.result.model_copy()
        mine = _Verdict()
        if share:
            self._verdicts[key] = mine
        try:
            result, checked = await self._verify_now(test, output)
            if checked.verdict not in HOST_FAILURES:  # a time-out or a failed sandbox may go another way
                mine.result = result.model_copy()
        finally:
            if mine.result is None and self._verdicts.get(key) is mine:
                del self._verdicts[key]
            mine.given.set()  # those waiting for it take its result, or (None) run the verifier themselves
        return result

    async def _verify_now(self, test: JudgeTest, output: bytes) -> tuple[TestResult, ExecResult]:
        if self.verifier.interactive:
            raise InvalidInputError(
                "An interactive problem's interactor judges a running program, not an output."
            )
        result = TestResult(name=test.name, verdict=Verdict.OK)
        if self.verifier.kind is VerifierKind.TESTLIB:
            files = {"input.txt": test.input, "output.txt": output, "answer.txt": test.answer or b""}
            checked = await self._run_checker(files)
            result.verdict, ratio, result.message = interpret_checker(checked)
            result.objective = ratio if result.verdict is Verdict.OK else None
            result.score = ratio
        else:
            files = {"input.txt": test.input, "output.txt": output}
            checked = await self._run_verifier(["verify", "input.txt", "output.txt"], files)
            result.verdict, result.objective, result.message = interpret_native(checked)
            if result.verdict is Verdict.INVALID:
                result.reason = rejection_reason(checked)
        # The verifier ran to its end (or to its CPU limit) on this output and still gave no verdict: that is
        # its answer on the output (counted as 0), where a failed sandbox or the wall clock is the host's.
        result.verifier_failed = (
            result.verdict is Verdict.SYSTEM_ERROR and checked.verdict not in HOST_FAILURES
        )
        return result, checked

    async def _run_checker(self, files: dict[str, bytes]) -> ExecResult:
        args = ["input.txt", "output.txt", "answer.txt", RESULT_FILE]
        return await self._written(
            lambda alone: self._run_verifier(args, files, [RESULT_FILE], alone=alone),
            lambda run: unwritten_checker(run, RESULT_FILE),
        )

    async def _written(
        self,
        run: Callable[[bool], Awaitable[ExecResult]],
        unwritten: Callable[[ExecResult], str | None],
    ) -> ExecResult:
        """A verifier's run whose verdict can be read whole (tools/judging/written.py): one that left none is run
        once more alone (nothing else of the sandbox in flight), and if it again leaves none, it is a system
        error of the host's (no score), never a verdict."""
        checked = await run(False)
        if unwritten(checked) is None:
            return checked
        checked = await run(True)
        why = unwritten(checked)
        return checked if why is None else no_verdict(why)

    def _blame(self, test: JudgeTest, result: TestResult) -> TestResult:
        """A FAIL of the checker on a solution's output counts as 0 ("the checker could not read your output"),
        unless the checker FAILed on the output of every reference program run on the test too: then no
        solution can be judged there, the package's fault, a system error that says so (no score)."""
        if (
            result.verifier_failed
            and result.message.startswith(CHECKER_FAIL)
            and self._reference_fails.get(_key(test))
        ):
            result.verifier_failed, result.package_fault = False, True
            result.message = _short(
                "the checker FAILs on this test for the problem's reference solutions too: the problem's package "
                f"is at fault (its checker or its test files), not the solution; {result.message}"
            )
        return result

    async def _run_verifier(
        self, args: list[str], files: dict[str, bytes], want: Sequence[str] = (), *, alone: bool = False
    ) -> ExecResult:
        return await run_verifier_retrying(
            lambda: self.sandbox.run(
                self.checker,
                args=args,
                files=files,
                want_files=want,
                limits=self.verifier_limits,
                alone=alone,
            )
        )

    async def feasible(
        self, checker: ProgramHandle, test: JudgeTest, output: bytes
    ) -> tuple[bool | None, str]:
        """Whether a feasibility-only checker (the seed's, or the one a verifier's author wrote beside it)
        calls ``output`` feasible on ``test``, and its message; run as this judge's verifier is, under its
        limits and its limiter."""
        files = {"input.txt": test.input, "output.txt": output}
        async with self.limiter:
            checked = await run_verifier_retrying(
                lambda: self.sandbox.run(
                    checker,
                    args=["verify", "input.txt", "output.txt"],
                    files=files,
                    limits=self.verifier_limits,
                )
            )
        return interpret_feasibility(checked)

    async def run(self, program: ProgramHandle, test: JudgeTest, *, keep_output: bool = False) -> TestResult:
        """Run ``program`` on ``test`` and verify its output; the score is raw until ``score``."""
        if test.missing:
            return _missing(test)
        async with self.limiter:
            try:
                return await self._run(program, test, keep_output)
            except Exception as exc:  # a sandbox failure on one test must not sink the others
                return TestResult(
                    name=test.name, verdict=Verdict.SYSTEM_ERROR, message=_short(f"sandbox failure: {exc}")
                )

    async def _run(self, program: ProgramHandle, test: JudgeTest, keep_output: bool) -> TestResult:
        if self.verifier.interactive:
            return self._blame(test, await self._interact(program, test))
        for _attempt in range(RUN_ATTEMPTS):  # a run the host failed says nothing of the program: again
            run = await self.sandbox.run(program, stdin=test.input, limits=_run_limits(self.limits))
            if run.verdict not in HOST_FAILURES:
                break
        measured = {
            "time_ms": run.time_ms,
            "memory_kb": run.memory_kb,
            "exit_code": run.exit_code,
            "signal": run.signal,
            "output": run.stdout if keep_output else None,
        }
        if run.verdict is not Verdict.OK:
            return TestResult(
                name=test.name, verdict=run.verdict, message=_short(run.message or run.stderr), **measured
            )
        return self._blame(test, (await self._verify(test, run.stdout)).model_copy(update=measured))

    async def _interact(self, program: ProgramHandle, test: JudgeTest) -> TestResult:
        """An interactive test: the solution and the interactor joined by pipes, each a run of its own. The
        solution's own verdict comes first (it must end normally, as FrontierCS's judge asks); then the
        interactor's: a testlib one's read as a checker's, a native one's from the JSON verdict line it writes
        to its result file (``prog interact INPUT RESULT``). An interactor that gave no verdict on an
        interaction the solution ended normally (killed by the pipe the solution closed, out of its CPU time)
        counts as 0, as a verifier's failure on an output does; nothing the solution writes reaches the score
        but through it."""
        testlib = self.verifier.kind is VerifierKind.TESTLIB
        run, interactor = await self._interaction(program, test, alone=False)
        if run.verdict is Verdict.OK and self._unwritten_interactor(interactor) is not None:
            # no verdict written (tools/judging/written.py): the interaction once more, alone in the sandbox
            run, interactor = await self._interaction(program, test, alone=True)
            why = self._unwritten_interactor(interactor) if run.verdict is Verdict.OK else None
            interactor = interactor if why is None else no_verdict(why)
        measured = {
            "time_ms": run.time_ms,
            "memory_kb": run.memory_kb,
            "exit_code": run.exit_code,
            "signal": run.signal,
        }
        if run.verdict is not Verdict.OK:
            return TestResult(
                name=test.name, verdict=run.verdict, message=_short(run.message or run.stderr), **measured
            )
        reason = ""
        if testlib:
            verdict, ratio, message = interpret_checker(interactor)
            objective = ratio if verdict is Verdict.OK else None
        else:  # the verdict line went to the result file (its stdout went to the solution)
            written = replace(interactor, stdout=interactor.files.get(RESULT_FILE, b""))
            verdict, objective, message = interpret_native(written)
            reason = rejection_reason(written) if verdict is Verdict.INVALID else ""
        return TestResult(
            name=test.name,
            verdict=verdict,
            score=(objective or 0.0) if testlib else 0.0,  # a native objective is normalised by ``score``
            objective=objective,
            message=message,
            reason=reason,
            verifier_failed=verdict is Verdict.SYSTEM_ERROR and interactor.verdict not in HOST_FAILURES,
            **measured,
        )

    async def _interaction(
        self, program: ProgramHandle, test: JudgeTest, *, alone: bool
    ) -> tuple[ExecResult, ExecResult]:
        """The solution and the interactor on ``test``; a run the host failed says nothing of either program,
        so it is tried again."""
        if self.verifier.kind is VerifierKind.TESTLIB:
            args = ["input.txt", "tout.txt", "answer.txt", RESULT_FILE]
        else:
            args = ["interact", "input.txt", RESULT_FILE]
        files = {"input.txt": test.input, "answer.txt": test.answer or b""}
        for _attempt in range(RUN_ATTEMPTS):
            run, interactor = await self.sandbox.interact(
                program,
                self.checker,
                args=args,
                files=files,
                want_files=[RESULT_FILE],
                limits=_run_limits(self.limits),
                interactor_limits=self.verifier_limits,
                alone=alone,
            )
            if run.verdict not in HOST_FAILURES and interactor.verdict not in HOST_FAILURES:
                break
        return run, interactor

    def _unwritten_interactor(self, interactor: ExecResult) -> str | None:
        if self.verifier.kind is VerifierKind.TESTLIB:
            return unwritten_checker(interactor, RESULT_FILE)
        return None  # a native interactor's result file is read as its verdict line, as a verifier's stdout

    async def run_all(
        self,
        program: ProgramHandle,
        tests: Sequence[JudgeTest],
        *,
        progress: Progress | None = None,
        keep_output: bool = False,
    ) -> list[TestResult]:
        """``run`` on every test at once (the limiter bounds how many run together), in the tests' order."""
        results: list[TestResult | None] = [None] * len(tests)
        done = 0

        async def one(i: int, test: JudgeTest) -> None:
            nonlocal done
            results[i] = await self.run(program, test, keep_output=keep_output)
            done += 1
            if progress is not None:
                outcome = progress(done, len(tests))
                if inspect.isawaitable(outcome):
                    await outcome

        async with anyio.create_task_group() as tg:
            for i, test in enumerate(tests):
                tg.start_soon(one, i, test)
        return [r for r in results if r is not None]

    async def objectives(
        self, compiled: CompileResult, role: str, tests: Sequence[JudgeTest]
    ) -> dict[str, float]:
        """Objective per test of a trusted program (the baseline); tests it fails are left out."""
        if not compiled.ok or compiled.program is None:
            raise InvalidInputError(
                f"The {role} program does not compile; fix it: {_short(compiled.message)}"
            )
        results = await self.run_all(compiled.program, tests)
        for test, result in zip(tests, results, strict=True):  # (run_all keeps the tests' order)
            failed = result.package_fault or (
                result.verifier_failed and result.message.startswith(CHECKER_FAIL)
            )
            self._reference_fails[_key(test)] = self._reference_fails.get(_key(test), True) and failed
        return objectives_of(results)

    def score(
        self, results: Iterable[TestResult], baseline: Mapping[str, float], best: Mapping[str, float] = {}
    ) -> None:
        """Turn raw results into normalised scores in place (0 for anything but OK)."""
        for result in results:
            _normalise(result, self.verifier, baseline, best)

    async def judge(
        self,
        compiled: CompileResult,
        tests: Sequence[JudgeTest],
        baseline: Mapping[str, float],
        best: Mapping[str, float] = {},
        *,
        progress: Progress | None = None,
        keep_output: bool = False,
    ) -> list[TestResult]:
        """A compiled solution on every test, scored; a solution that did not compile gets its verdict
        (CE) on every test without a run."""
        if not compiled.ok or compiled.program is None:
            return _unrun(tests, compiled.verdict, _short(compiled.message))
        results = await self.run_all(compiled.program, tests, progress=progress, keep_output=keep_output)
        self.score(results, baseline, best)
        return results

    async def report(
        self,
        compiled: CompileResult,
        tests: Sequence[JudgeTest],
        baseline: Mapping[str, float],
        best: Mapping[str, float] = {},
        *,
        progress: Progress | None = None,
    ) -> JudgeReport:
        """``judge`` with the solution's score: the one aggregate ``judge_solution`` (and so ``submit``) and
        the RL rewards, which judge many solutions with one open Judge, both give."""
        report = JudgeReport(0.0, await self.judge(compiled, tests, baseline, best, progress=progress))
        if not compiled.ok:
            report.verdict, report.compile_message = compiled.verdict, _short(compiled.message)
        report.aggregate()
        return report


@contextlib.asynccontextmanager
async def open_judge(
    verifier: VerifierSpec,
    limits: Limits,
    programs: Mapping[str, Program] = {},
    *,
    sandbox: Sandbox | None = None,
    backend: str | None = None,
    workers: int | None = None,
    settings: Settings | None = None,
    limiter: anyio.CapacityLimiter | None = None,
) -> AsyncIterator[tuple[Judge, dict[str, CompileResult]]]:
    """A Judge for ``verifier`` in ``sandbox`` (or a new one), with ``programs`` compiled beside the
    verifier; ``limiter`` (instead of ``workers``) bounds its runs together with other judges'. A verifier
    that does not compile raises VerifierCompileError; a sandbox that cannot start raises SandboxError."""
    settings = settings or get_settings()
    async with contextlib.AsyncExitStack() as stack:
        # a sandbox of its own is sized for this problem's runs (sandbox/admission.py)
        sized_for = limits_in_force(verifier, limits)
        sb: Sandbox = (
            sandbox
            if sandbox is not None
            else await stack.enter_async_context(open_sandbox(backend, settings, sized_for))
        )
        compiled = await compile_all(sb, {VERIFIER_KEY: verifier.program, **programs})
        checker = compiled.pop(VERIFIER_KEY)
        if checker.verdict is Verdict.SYSTEM_ERROR:  # the host's compiler failed, not the verifier's source
            raise SandboxError(f"The verifier could not be compiled on this host: {_short(checker.message)}")
        if not checker.ok or checker.program is None:
            raise VerifierCompileError(checker.message)
        yield Judge(sb, verifier, checker.program, limits, workers or settings.workers, limiter), compiled


def _normalise(
    result: TestResult, verifier: VerifierSpec, baseline: Mapping[str, float], best: Mapping[str, float]
) -> None:
    """Turn a raw result into its normalised score in place (0 for anything but OK). A test with no
    baseline (or, for range normalisation, no best) objective cannot be scored on this problem, whatever the
    solution: it is marked ``missing`` like a test the package lacks (tools/judging/scoring.aggregate_scores)."""
    if result.verdict is not Verdict.OK:
        result.score = 0.0
        return
    if not needs_baseline(verifier):
        result.score = min(1.0, max(0.0, result.objective or 0.0))
        return
    if result.name not in baseline:
        result.verdict, result.score, result.missing = Verdict.SYSTEM_ERROR, 0.0, True
        result.message = _short(f"no baseline objective for test {result.name}; {result.message}")
        return
    if verifier.normalisation is Normalisation.RANGE and result.name not in best:
        result.verdict, result.score, result.missing = Verdict.SYSTEM_ERROR, 0.0, True
        result.message = _short(f"no best objective for test {result.name} (range normalisation)")
        return
    result.score = normalise(
        verifier.normalisation,
        result.objective,
        baseline[result.name],
        verifier.sense,
        best=best.get(result.name),
        k=verifier.ratio_cap,
    )


async def compile_all(sb: Sandbox, programs: Mapping[str, Program]) -> dict[str, CompileResult]:
    """Compile several programs at once (g++ is the slow part of a judge run)."""
    results: dict[str, CompileResult] = {}

    async def one(name: str, program: Program) -> None:
        results[name] = await sb.compile(program.code, program.language, name=name)

    async with anyio.create_task_group() as tg:
        for name, program in programs.items():
            tg.start_soon(one, name, program)
    return results


def check_normalisation(verifier: VerifierSpec, baseline: object, best: object) -> None:
    if not needs_baseline(verifier):
        return
    norm = verifier.normalisation
    if baseline is None:
        raise InvalidInputError(
            f"The {norm.value} normalisation needs the baseline's objectives; pass a baseline."
        )
    if norm is Normalisation.RANGE and best is None:
        raise InvalidInputError("Range normalisation needs the best objective per test; pass best.")
    if norm is not Normalisation.RANGE and verifier.sense is None:
        raise InvalidInputError(f"The {norm.value} normalisation needs the objective's sense.")


async def judge_solution(
    solution: Program,
    tests: Sequence[JudgeTest],
    verifier: VerifierSpec,
    limits: Limits,
    *,
    backend: str | None = None,
    workers: int | None = None,
    baseline: Mapping[str, float] | Program | None = None,
    best: Mapping[str, float] | Program | None = None,
    progress: Progress | None = None,
    settings: Settings | None = None,
) -> JudgeReport:
    """Judge ``solution`` on every test in one sandbox, ``workers`` tests at a time.

    ``baseline`` (and ``best``, for range normalisation) are per-test objectives, or a Program
    whose objectives are computed here first, in the same sandbox, and returned in the report
    so the caller can cache them. Tests the host failed on (after the retries in that sandbox) are judged
    once more in a fresh one; a report still ``complete`` False has no score (tools/judging/scoring). A sandbox
    that cannot start raises SandboxError.
    """
    if not tests:
        raise InvalidInputError("There are no tests to judge on; add at least one test.")
    check_normalisation(verifier, baseline, best)
    kwargs: dict[str, Any] = {"backend": backend, "workers": workers, "settings": settings}
    try:
        report = await _judge_in_a_sandbox(
            solution, tests, verifier, limits, baseline, best, progress, kwargs
        )
    except SandboxError:  # once more in a fresh sandbox; a second failure is the caller's to report
        report = await _judge_in_a_sandbox(
            solution, tests, verifier, limits, baseline, best, progress, kwargs
        )
    unjudged = {t.name for t in report.tests if host_failed(t)}
    if unjudged and report.verdict is not Verdict.CE:  # (a compile the host failed is tried again too)
        again = await _judge_in_a_sandbox(
            solution,
            [t for t in tests if t.name in unjudged],
            verifier,
            limits,
            report.baseline_objectives if isinstance(baseline, Program) else baseline,
            report.best_objectives if isinstance(best, Program) else best,
            None,
            kwargs,
        )
        redone = {t.name: t for t in again.tests}
        report.tests = [redone.get(t.name, t) if t.name in unjudged else t for t in report.tests]
    report.aggregate()
    return report


def host_failed(result: TestResult) -> bool:
    """A test the host failed on, even after the judge's retries: it leaves its run without a score (as does
    a test the package's checker cannot judge, which no fresh sandbox would change)."""
    return result.verdict is Verdict.SYSTEM_ERROR and not (
        result.verifier_failed or result.missing or result.package_fault
    )


async def _judge_in_a_sandbox(
    solution: Program,
    tests: Sequence[JudgeTest],
    verifier: VerifierSpec,
    limits: Limits,
    baseline: Mapping[str, float] | Program | None,
    best: Mapping[str, float] | Program | None,
    progress: Progress | None,
    kwargs: Mapping[str, Any],
) -> JudgeReport:
    programs = programs_to_compile(solution, baseline, best)
    try:
        async with open_judge(verifier, limits, programs, **kwargs) as (judge, compiled):
            return await judge_compiled(judge, compiled, tests, baseline, best, progress=progress)
    except VerifierCompileError as exc:
        return verifier_failed(tests, exc)


def programs_to_compile(
    solution: Program,
    baseline: Mapping[str, float] | Program | None,
    best: Mapping[str, float] | Program | None,
) -> dict[str, Program]:
    """What judging ``solution`` compiles: the solution, and the baseline and best when given as programs
    (their objectives are computed in the same sandbox); the names ``judge_compiled`` reads."""
    programs = {"solution": solution}
    programs.update(
        {role: p for role, p in (("baseline", baseline), ("best", best)) if isinstance(p, Program)}
    )
    return programs


def verifier_failed(tests: Sequence[JudgeTest], exc: VerifierCompileError) -> JudgeReport:
    """The report of a solution whose verifier does not compile: SYSTEM_ERROR on every test, unrun."""
    message = f"the verifier does not compile: {exc.compiler_message}"
    return JudgeReport(0.0, _unrun(tests, Verdict.SYSTEM_ERROR, message), message, Verdict.SYSTEM_ERROR)


async def judge_compiled(
    judge: Judge,
    compiled: Mapping[str, CompileResult],
    tests: Sequence[JudgeTest],
    baseline: Mapping[str, float] | Program | None,
    best: Mapping[str, float] | Program | None,
    *,
    progress: Progress | None = None,
) -> JudgeReport:
    """``judge_solution``'s work once its verifier and programs are compiled (``compiled`` holds
    ``solution`` and, where they are Programs, ``baseline`` and ``best``): the executors (tools/judging/executor.py)
    call it with a verifier compiled once per worker."""
    report = JudgeReport(0.0, [])
    if isinstance(baseline, Program):
        report.baseline_objectives = await judge.objectives(compiled["baseline"], "baseline", tests)
    if isinstance(best, Program):
        report.best_objectives = await judge.objectives(compiled["best"], "best", tests)
    baseline_map = report.baseline_objectives if isinstance(baseline, Program) else (baseline or {})
    best_map = report.best_objectives if isinstance(best, Program) else (best or {})
    judged = await judge.report(compiled["solution"], tests, baseline_map, best_map, progress=progress)
    return replace(
        judged, baseline_objectives=report.baseline_objectives, best_objectives=report.best_objectives
    )


async def baseline_objectives(
    baseline: Program,
    tests: Sequence[JudgeTest],
    verifier: VerifierSpec,
    limits: Limits,
    *,
    backend: str | None = None,
    workers: int | None = None,
    settings: Settings | None = None,
    sandbox: Sandbox | None = None,
) -> dict[str, float]:
    """The baseline's objective per test (computed once, for the caller to cache); failed tests are absent.
    In ``sandbox`` when given (an executor's ``run_step``), else in one of its own."""
    async with open_judge(
        verifier,
        limits,
        {"baseline": baseline},
        sandbox=sandbox,
        backend=backend,
        workers=workers,
        settings=settings,
    ) as (judge, compiled):
        return await judge.objectives(compiled["baseline"], "baseline", tests)
