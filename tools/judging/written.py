"""A verdict is something a checker wrote, never the absence of one (docs/reference/threat-model.md).

A testlib checker or interactor ends with its verdict's exit code (0 ok, 1 wrong answer, 2 and 4 wrong output
format, 3 FAIL, 7 points, 16 and up partially correct) having written it: testlib writes its verdict line on
stderr, or its message to the result file and a note on stderr, and FAILs (exit 3) when a write does not
succeed (FrontierSmith's testlib.h does too). So exit 0 with nothing written is no acceptance, and exit 7 with
nothing written no score of 0: the checker could not write, or we could not read, what it decided; nor is exit
3 with no FAIL line written (our testlib's failed write) a FAIL on the output. Such a run is a checker failure,
tried once more alone (``Judge._written``); if it again leaves no verdict, the test is a system error (the
submission is not judged), never a score. A checker that leaves any words (a plain checker printing only
"Ratio: r") has written them; a native verifier's JSON line is read as it always was (tools/judging/judge.py).
"""

from __future__ import annotations

from frontiersmith.models import Verdict
from frontiersmith.sandbox.base import ExecResult

# what testlib prints on stderr once its result file is written; its FAIL when that write failed
RESULT_NOTE = "See file to check exit message"
CANNOT_WRITE = "Can not write to the result file"
FAIL = 3
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
    code = result.exit_code
    if code not in VERDICT_CODES and code < PARTIALLY:
        return None
    if result_file in result.truncated:
        return "its result file is longer than the output limit, so it cannot be read whole"
    lines = [line.strip() for line in result.stderr.splitlines() if line.strip()]
    noted = RESULT_NOTE in lines and result_file in result.files
    if code == FAIL:
        # a FAIL the checker wrote, unless what it wrote is testlib's own failure to write its result file
        failed = [line for line in lines if line.startswith("FAIL")]
        if noted or (failed and not any(CANNOT_WRITE in line for line in failed)):
            return None
        return "it exited with FAIL but wrote no FAIL line (a write of its own failed)"
    if lines or result.stdout.strip() or result.files.get(result_file, b"").strip() or noted:
        return None
    return f"it exited with code {code} but wrote nothing (no verdict on stderr, no result file)"


def no_verdict(why: str) -> ExecResult:
    """The run a checker failure stands for: a system error of the host's (not counted: no score)."""
    return ExecResult(Verdict.SYSTEM_ERROR, message=f"the checker left no verdict twice, once alone: {why}")
