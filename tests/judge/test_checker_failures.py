"""A verdict is something a checker wrote (tools/judging/written.py): a checker that could not write its verdict
is tried once more alone, then the submission is not judged (never 1.0, never a silent 0); our testlib.h FAILs
when a write of its own fails; a FAIL on a solution's output counts as 0 and says the checker could not read
it, and a FAIL the checker also gives the problem's reference solution on that test is the package's fault,
and says so.

Part of the hostile suite: `make test` also runs this file as an unprivileged user (tests/unprivileged.py)."""

from __future__ import annotations

import pytest

from frontiersmith.models import Language, Limits, Normalisation, Program, Verdict, VerifierKind
from frontiersmith.sandbox import open_sandbox
from frontiersmith.tools.judging.judge import JudgeTest, VerifierSpec, judge_solution

pytestmark = pytest.mark.anyio

LIMITS = Limits(time_ms=1000, memory_mb=256)
PRINT_X = Program(code="print('x')\n", language=Language.PYTHON)
# A plain checker that accepts without a word on test "quiet" (as one whose writes all failed would look: exit
# 0, nothing on stderr, no result file), and scores 0.25 with words elsewhere.
QUIET_CHECKER = r"""
#include <cstdio>
#include <cstring>
int main(int argc, char** argv) {
    char mode[32] = {0};
    FILE* f = fopen(argv[1], "r");
    if (!f || fscanf(f, "%31s", mode) != 1) return 3;
    if (!strcmp(mode, "quiet")) return 0;
    fprintf(stderr, "points 0.25\n");
    return 7;
}
"""
# A testlib checker that parses the output itself and FAILs on what it cannot parse (as a FrontierCS checker
# did on JSON without a space before its brace), and whose answer file is broken on test "broken": there it
# FAILs on any output, the reference solution's included.
ANSWER_CHECKER = r"""
#include "testlib.h"
#include <cstdlib>
int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    long long best = ans.readLong();
    if (best <= 0) quitf(_fail, "the answer file says best = %lld", best);
    std::string token = ouf.readToken();
    char* end = nullptr;
    long long x = std::strtoll(token.c_str(), &end, 10);
    if (*end || x < 0 || x > best) quitf(_fail, "cannot parse the value");
    quitf(_ok, "Ratio: %.6f", double(x) / double(best));
}
"""
OK_CHECKER = (
    '#include "testlib.h"\nint main(int c, char* v[]) { registerTestlibCmd(c, v); quitf(_ok, "Ratio: 1"); }\n'
)


def _spec(code: str) -> VerifierSpec:
    return VerifierSpec(
        Program(code=code, language=Language.CPP),
        kind=VerifierKind.TESTLIB,
        normalisation=Normalisation.CHECKER,
    )


async def test_a_checker_that_writes_no_verdict_leaves_the_submission_unjudged_never_scored(
    sandbox_backend: str,
) -> None:
    tests = [JudgeTest(name, f"{name}\n".encode(), b"") for name in ("1", "quiet", "2")]
    report = await judge_solution(
        PRINT_X, tests, _spec(QUIET_CHECKER), LIMITS, backend=sandbox_backend, workers=3
    )
    quiet = {t.name: t for t in report.tests}["quiet"]
    assert not report.complete and "could not be judged" in report.summary
    assert quiet.verdict is Verdict.SYSTEM_ERROR and not quiet.verifier_failed and quiet.score == 0.0
    assert "no verdict twice, once alone" in quiet.message, quiet.message


async def test_a_fail_on_an_output_counts_as_zero_and_a_fail_on_the_reference_answer_is_the_packages_fault(
    sandbox_backend: str,
) -> None:
    tests = [JudgeTest("1", b"1\n", b"4\n"), JudgeTest("2", b"2\n", b"4\n")]
    malformed = Program(code="print('x1')\n", language=Language.PYTHON)
    report = await judge_solution(malformed, tests, _spec(ANSWER_CHECKER), LIMITS, backend=sandbox_backend)
    assert report.complete and report.score == 0.0 and report.verifier_failures == 2
    shown = report.without_test_data(LIMITS)
    assert {t.message for t in shown.tests} == {"the checker could not read your output (it counts as 0)"}

    # the package's reference solution prints 4, the best, and the checker FAILs on it on the broken test too
    reference = Program(code="print(4)\n", language=Language.PYTHON)
    broken = [JudgeTest("1", b"1\n", b"4\n"), JudgeTest("broken", b"2\n", b"0\n")]
    report = await judge_solution(
        malformed, broken, _spec(ANSWER_CHECKER), LIMITS, backend=sandbox_backend, best=reference
    )
    fault = {t.name: t for t in report.tests}["broken"]
    assert not report.complete and fault.package_fault and not fault.verifier_failed
    assert "the package is at fault" in report.summary
    assert "package is at fault" in fault.diagnostic(LIMITS)


async def test_our_testlib_fails_when_it_cannot_write_its_verdict(sandbox_backend: str) -> None:
    async with open_sandbox(sandbox_backend) as sb:
        compiled = await sb.compile(OK_CHECKER, Language.CPP, name="checker")
        assert compiled.ok and compiled.program is not None, compiled.message
        files = {"input.txt": b"1\n", "output.txt": b"", "answer.txt": b"1\n"}
        written = await sb.run(
            compiled.program, args=[*files, "result.txt"], files=files, want_files=["result.txt"]
        )
        assert written.exit_code == 0 and written.files["result.txt"] == b"Ratio: 1"
        # the result file is /dev/full: every write to it fails (ENOSPC), as on a full disk
        full = await sb.run(compiled.program, args=[*files, "/dev/full"], files=files)
        assert full.exit_code == 3 and full.stderr == "", full
