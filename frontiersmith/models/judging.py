"""Judging records: a verdict, how a verifier gives it and how an objective becomes a score, the one per-test
record ``TestResult`` (and what of it a solver may be told), and ``Run``, a test result as the store keeps it.
"""

from __future__ import annotations

import re
import signal as signal_module
from enum import StrEnum
from typing import ClassVar

from pydantic import AliasChoices, BaseModel, Field
from pydantic.json_schema import SkipJsonSchema

from .ids import Record
from .problem import Limits


class Verdict(StrEnum):
    """A program's verdict on a test: only OK scores above 0."""

    OK = "OK"
    CE = "CE"  # compile error
    RE = "RE"  # runtime error
    TLE = "TLE"
    MLE = "MLE"
    OLE = "OLE"  # output limit exceeded
    INVALID = "INVALID"  # the verifier rejected the output
    SYSTEM_ERROR = "SYSTEM_ERROR"  # our fault; never scored against the contestant


class Normalisation(StrEnum):
    """How an objective value becomes a score in [0, 1] (docs/design.md, "Scoring")."""

    PAPER = "paper"  # max(0, σ(O − O*) / max(O, O*))
    RATIO = "ratio"  # FrontierCS clamp(B/O, 0, k) (min) or clamp(O/B, 0, k) (max)
    RANGE = "range"  # (v − base) / (best − base)
    CHECKER = "checker"  # a testlib checker's own ratio


class VerifierKind(StrEnum):
    """How a verifier gives its verdict (and, for an interactive one, how it is started)."""

    NATIVE = "native"  # prints {"feasible": bool, "objective": number, "message": str}
    TESTLIB = "testlib"  # chk input output answer, quitp/quitf


class Run(Record):
    """One solution judged on one test: the verifier's verdict, the objective and normalised score, time and
    memory."""

    solution_id: str
    test_id: str
    verdict: Verdict
    objective: float | None = None
    score: float = 0.0
    time_ms: float = 0.0
    memory_kb: int = 0
    message: str = ""


class TestResult(BaseModel):
    """One program on one test: the one per-test record of the project (the judge, submit, the
    cross-validation protocol and catalog evaluation all return it; stored as a Run)."""

    name: str
    verdict: Verdict
    score: float = Field(0.0, description="The normalised score on this test, in [0, 1].")
    objective: float | None = Field(None, description="The objective the verifier measured (OK only).")
    time_ms: float = Field(
        0.0,
        description="CPU time in ms; what a solver is shown is the upper edge of its bucket of the limit.",
    )
    memory_kb: int = Field(
        0,
        description="Peak memory in KiB; what a solver is shown is the upper edge of its bucket of the limit.",
    )
    message: str = Field(
        "",
        description="What may be said about the test: a solver is shown a diagnostic that carries no test data.",
    )  # the full story (stderr, the verifier's words) is for the problem's owner only
    exit_code: int | None = None  # of the program's run
    signal: int | None = None
    missing: bool = Field(
        False, description="The package lacks this test's files (a SYSTEM_ERROR without a run)."
    )
    # a SYSTEM_ERROR the verifier gave on this output (it crashed, called FAIL, printed no verdict), not
    # one the host caused: it counts as 0 (tools/judging/scoring.aggregate_scores), so no output gains by it
    verifier_failed: bool = Field(
        False,
        validation_alias=AliasChoices("verifier_failed", "counted"),  # its name in records stored before
        description="The verifier gave no verdict on this output (it crashed on it): the test scores 0.",
    )
    # the verifier's own one-line reason for rejecting the output (the `reason` of its verdict line), with
    # every number and quoted string blanked (``data_free``): the one thing of its words a solver is shown
    reason: str = Field(
        "",
        description="For INVALID: the verifier's one-line reason (which constraint broke), without test data.",
    )
    # a SYSTEM_ERROR that is the problem package's fault (its checker FAILs on the test for its references too):
    # no solution can be judged on the test, so like the host's failures it leaves the run without a score
    package_fault: bool = False
    # what the program printed, kept only when the caller asks (the protocol corrupts the best output); it
    # never leaves the process (excluded from every dump), so no schema names it: a bytes field would put a
    # `format` that MCP clients do not know (base64url) in submit's output schema
    output: SkipJsonSchema[bytes | None] = Field(None, exclude=True, repr=False)

    __test__: ClassVar[bool] = False  # not a pytest class

    def to_run(self, run_id: str, solution_id: str, test_id: str) -> Run:
        """This result as the store keeps it (a Run of ``solution_id`` on the stored test ``test_id``)."""
        return Run(
            id=run_id,
            solution_id=solution_id,
            test_id=test_id,
            verdict=self.verdict,
            objective=self.objective,
            score=self.score,
            time_ms=self.time_ms,
            memory_kb=self.memory_kb,
            message=self.message,
        )

    @property
    def measured(self) -> bool:
        """Whether a run of the program was measured (a test with no run, CE or missing, has neither)."""
        return self.time_ms > 0 or self.memory_kb > 0

    def diagnostic(self, limits: Limits | None) -> str:
        """What may be said about a test without its data: built only from the verdict and what the sandbox
        measured, never from ``message``, which can quote the test's input, answer or the solution's output
        (stderr echoing stdin, a checker's "expected 5, found 7").

        With ``limits`` it is what a solver is told (``submit``, every reward's feedback), and coarse: a
        solution can set its exit code, the signal it dies of, its CPU time and its memory from the input it
        read, so it gets "non-zero exit" or "killed by a signal" and each measurement as a bucket of the limit
        (``coarse_measure``). ``None`` is the problem owner's view (``frontiersmith judge``): the exit code and
        the signal's name (the exact time and memory stay in the record's fields, so the words are the same
        from run to run)."""
        if self.missing:
            return f"system error: test {self.name} is missing from the package (not the solution's fault)"
        if self.verifier_failed:
            return "the checker could not read your output (it counts as 0)"
        if self.package_fault:
            return (
                "system error: the problem's checker fails on this test for its reference solutions too: the "
                "problem's package is at fault, not the solution"
            )
        words = _DIAGNOSTICS.get(self.verdict, self.verdict.value)
        if self.verdict is Verdict.RE:
            words = f"runtime error: {self._failure(exact=limits is None)}"
        elif self.verdict is Verdict.INVALID and self.reason:
            words = f"{words}: {self.reason}"
        elif self.verdict is Verdict.OK and self.score == 0.0 and self.objective is not None:
            words = _NO_BETTER
        if not self.measured or limits is None:  # the owner has the exact figures in the record's own fields
            return words
        memory = coarse_measure(self.memory_kb, limits.memory_mb * 1024)[1]
        if self.verdict is Verdict.TLE:
            return f"{self._time_out(limits.time_ms)} (memory {memory})"
        time = coarse_measure(self.time_ms, limits.time_ms)[1]
        return f"{words} (CPU time {time}, memory {memory})"

    def _time_out(self, limit_ms: int) -> str:
        # A time-out is decided by CPU time (sandbox/classify.py), or by the wall clock when the
        # program sat idle: told apart, since the one wants a faster program and the other one that does
        # not wait for input that never comes (the usual end of an interactive program that did not flush).
        if self.time_ms < IDLE_SHARE * limit_ms:
            used = coarse_measure(self.time_ms, limit_ms)[1]
            return (
                f"time limit exceeded: it sat idle until the wall clock stopped it, its CPU time {used} "
                f"({limit_ms} ms): it was waiting for input that never came (an interactive program must flush "
                "after every line it writes, and read only what it is sent)"
            )
        return f"time limit exceeded: it used all {limit_ms} ms of CPU time the limit allows"

    def _failure(self, *, exact: bool) -> str:
        # Not even the signal's class for a solver: the program can raise any signal itself (SIGSEGV and
        # SIGABRT as easily as SIGUSR1), so a class would be a few bits of the input per test; that it died
        # of a signal rather than by exit is one bit, and worth telling.
        if self.signal is not None:
            if not exact:
                return "killed by a signal"
            try:
                return f"killed by signal {signal_module.Signals(self.signal).name}"
            except ValueError:
                return f"killed by signal {self.signal}"
        if self.exit_code is not None:
            return f"exit code {self.exit_code}" if exact else "non-zero exit"
        return "the program could not be started"


_DATA = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`\n]*`|[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
REASON_CHARS = 160


def data_free(text: str) -> str:
    """The first line of a verifier's words with every number blanked to # and every quoted string to '…', cut
    to REASON_CHARS: which rule it names, without the values (a test's, or the output's) it quotes."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    blanked = _DATA.sub(lambda m: "#" if m.group(0)[0] not in "'\"`" else "'…'", first)
    return blanked if len(blanked) <= REASON_CHARS else blanked[: REASON_CHARS - 1] + "…"


# A time-out with less CPU time than this share of the limit was the wall clock's: the program sat idle.
IDLE_SHARE = 0.5
_NO_BETTER = (
    "accepted by the verifier, scoring 0: no better than the baseline (a FrontierCS checker or interactor also "
    "gives 0 points to a wrong answer)"
)
_DIAGNOSTICS = {
    Verdict.OK: "accepted by the verifier",
    Verdict.INVALID: "wrong answer: the verifier rejected the output",
    Verdict.TLE: "time limit exceeded",
    Verdict.MLE: "memory limit exceeded",
    Verdict.OLE: "output limit exceeded",
    Verdict.CE: "compilation error",
    Verdict.SYSTEM_ERROR: "system error: the judge could not score this test (not the solution's fault)",
}
# The buckets, as upper edges in fractions of the limit, that a solver is told a hidden test's CPU time and
# peak memory in. With "over the limit" that is five values per field, so a solution that sets its time or
# memory from the input it read passes out at most log2(5) < 2.4 bits through each per test, where the
# number itself carried a byte or more (docs/reference/threat-model.md).
COARSE_EDGES = (0.1, 0.25, 0.5, 1.0)


def coarse_measure(value: float, limit: float) -> tuple[float, str]:
    """The bucket of ``value`` against ``limit``: its upper edge (the limit itself when over it) and words."""
    for edge in COARSE_EDGES:
        if value <= edge * limit:
            return edge * limit, f"at most {edge:.0%} of the limit"
    return float(limit), "over the limit"
