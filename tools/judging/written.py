"""A verdict is something a checker wrote, never the absence of one (docs/reference/threat-model.md).

A testlib checker or interactor that exits with a verdict's code (0 ok, 1 wrong answer, 2 and 4 wrong output
format, 3 FAIL, 7 points, 16 and up partially correct) has written that verdict: testlib writes its verdict line
on stderr, or its message to the result file and a note on stderr, and fails (exit 3) when a write does
not succeed (FrontierSmith's testlib.h does too). Exit 0 with nothing written is no acceptance, exit 7 with
nothing written no score of 0: the checker could not write, or we could not read, what it decided. A native
verifier's verdict is the JSON line it prints, an interactor's the line it writes to its result file: one that
ended normally having written nothing decided nothing either. Such a run is a checker failure, tried once more
alone (tools/judging/judge.Judge); if it again leaves no verdict, the test is a system error (the submission is
not judged), never a score.
"""

from __future__ import annotations

from frontiersmith.models import Verdict
from frontiersmith.sandbox.base import ExecResult

RESULT_NOTE = (
    "See file to check exit message"  # what testlib prints on stderr once its result file is written
)
# The words a testlib verdict line starts with (testlib's quit, FrontierSmith's testlib.h alike).
VERDICT_WORDS = (
    "ok",
    "wrong answer",
    "wrong output format",
    "FAIL",
    "points",
    "partially correct",
    "unexpected eof",
)
VERDICT_CODES = frozenset({0, 1, 2, 3, 4, 7})
PARTIALLY = 16  # testlib's exit code of "partially correct (0)"; (n) is 16 + n


def unwritten_checker(result: ExecResult, result_file: str) -> str | None:
    """Why a testlib checker's (or interactor's) verdict cannot be read whole, or None when it can (or when
    the run did not end with a verdict's exit code: a crash is judged as a crash)."""
    if (
        result.signal is not None
        or result.exit_code is None
        or result.verdict not in (Verdict.OK, Verdict.RE)
    ):
        return None
    if result_file in result.truncated:
        return "its result file is longer than the output limit, so it cannot be read whole"
    code = result.exit_code
    if code not in VERDICT_CODES and code < PARTIALLY:
        return None
    lines = [line.strip() for line in result.stderr.splitlines()]
    if any(line.startswith(VERDICT_WORDS) for line in lines):
        return None
    if RESULT_NOTE in lines and result_file in result.files:
        return None
    return f"it exited with code {code} but wrote no verdict (nothing on stderr, no result file read)"


def unwritten_native(result: ExecResult, result_file: str | None = None) -> str | None:
    """Why a native verifier's verdict line (on stdout, or in ``result_file`` for an interactor) cannot be read,
    or None when it can be (or the run failed: a crash is judged as a crash)."""
    if result.verdict is not Verdict.OK:
        return None
    if result_file is not None and result_file in result.truncated:
        return "its result file is longer than the output limit, so it cannot be read whole"
    written = result.files.get(result_file, b"") if result_file is not None else result.stdout
    if written.strip():
        return None
    where = "its result file" if result_file is not None else "its output"
    return f"it ended normally but {where} holds no verdict line"


def no_verdict(why: str) -> ExecResult:
    """The run a checker failure stands for: a system error of the host's (not counted: no score)."""
    return ExecResult(Verdict.SYSTEM_ERROR, message=f"the checker left no verdict twice, once alone: {why}")
