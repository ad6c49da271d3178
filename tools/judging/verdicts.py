"""How a verifier's run becomes a verdict and a score: the pure reading of what a checker or a native verifier
wrote, with no sandbox and no state (the judge, ``tools/judging/judge.py``, runs them and calls these).

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

import json
import math
import re

from pydantic import BaseModel, ConfigDict, ValidationError

from frontiersmith.models import Verdict, data_free
from frontiersmith.sandbox.base import ExecResult

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


def shortened(text: str) -> str:
    """``text`` stripped, cut to MESSAGE_SHOWN characters (a verdict's message)."""
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


def interpret_checker(result: ExecResult) -> tuple[Verdict, float, str]:
    """(verdict, score, message) from one testlib checker run."""
    raw = result.files.get(RESULT_FILE)
    result_file = raw.decode("utf-8", "replace") if raw is not None else None
    stderr = "\n".join(line for line in result.stderr.splitlines() if line.strip() != _RESULT_FILE_NOTE)
    message = stderr.strip() or result.stdout.decode("utf-8", "replace").strip() or (result_file or "")
    crashed = result.signal is not None or result.verdict not in (Verdict.OK, Verdict.RE)
    if crashed or result.exit_code is None:
        why = result.message or result.verdict.value
        return Verdict.SYSTEM_ERROR, 0.0, shortened(f"checker failed ({why}): {message}")
    code = result.exit_code
    if code in (TESTLIB_OK, TESTLIB_POINTS):
        return Verdict.OK, checker_ratio(code, message, result_file), shortened(message)
    if code in (TESTLIB_WA, TESTLIB_PE, TESTLIB_DIRT):
        return Verdict.INVALID, 0.0, shortened(message)
    if code == TESTLIB_FAIL:
        return Verdict.SYSTEM_ERROR, 0.0, shortened(f"{CHECKER_FAIL}: {message}")
    return Verdict.SYSTEM_ERROR, 0.0, shortened(f"checker exit code {code}: {message}")


def interpret_native(result: ExecResult) -> tuple[Verdict, float | None, str]:
    """(verdict, objective, message) from one native verifier run."""
    if result.verdict is not Verdict.OK:
        why = result.message or result.verdict.value
        return Verdict.SYSTEM_ERROR, None, shortened(f"verifier failed ({why}): {error_tail(result.stderr)}")
    lines = [line for line in result.stdout.decode("utf-8", "replace").splitlines() if line.strip()]
    try:
        if not lines:
            raise ValueError("no output")
        verdict = NativeVerdict.model_validate(json.loads(lines[-1]))
    except (ValueError, ValidationError):
        shown = lines[-1] if lines else ""
        return Verdict.SYSTEM_ERROR, None, shortened(f"verifier printed no JSON verdict line: {shown!r}")
    if not verdict.feasible:
        return Verdict.INVALID, None, shortened(verdict.message or "infeasible output")
    if verdict.objective is None or not math.isfinite(verdict.objective):
        return (
            Verdict.SYSTEM_ERROR,
            None,
            shortened("verifier called the output feasible but gave no finite objective"),
        )
    return Verdict.OK, verdict.objective, shortened(verdict.message)


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
        return None, shortened(
            f"it failed ({result.message or result.verdict.value}): {error_tail(result.stderr)}"
        )
    lines = [line for line in result.stdout.decode("utf-8", "replace").splitlines() if line.strip()]
    try:
        verdict = NativeVerdict.model_validate(json.loads(lines[-1]))
    except (IndexError, ValueError, ValidationError):
        return None, "it printed no JSON verdict line"
    return verdict.feasible, shortened(verdict.message)
