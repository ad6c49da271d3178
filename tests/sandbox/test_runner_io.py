"""Linear I/O in the runner: a checker's request carries the solution's whole output (base64, in one line), so
the runner reads request lines in time linear in their size (wire.LineBuffer), where re-copying the line at
each pipe-sized chunk took 30 s for a 16 MiB output and 773 s for 63 MiB, stalling every other run."""

from __future__ import annotations

import time

import pytest

from frontiersmith.models import Language, Limits, Normalisation, Program, VerifierKind
from frontiersmith.sandbox.wire import LineBuffer
from frontiersmith.tools.judging.judge import JudgeTest, VerifierSpec, judge_solution

# Reads the output's lines (each 1 MiB long) to its end and accepts it.
READS_IT_ALL = r"""
#include "testlib.h"
int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    long long read = 0;
    while (!ouf.seekEof()) read += ouf.readLine().size();
    quitf(_ok, "read %lld bytes. Ratio: 1", read);
}
"""
# 32 lines of 1 MiB: 32 MiB of output, under the 64 MiB output limit.
PRINTS_32_MIB = "import sys\nline = b'7' * ((1 << 20) - 1) + b'\\n'\nfor _ in range(32):\n    sys.stdout.buffer.write(line)\n"


def test_a_request_line_of_64_mib_is_read_in_time_linear_in_its_size() -> None:
    lines = LineBuffer()
    chunk = b"x" * (64 << 10)  # what a pipe hands over at a time
    start = time.process_time()
    for _ in range(1024):
        assert lines.feed(chunk) == []
    [line, second] = lines.feed(b"\nnext\n")
    spent = time.process_time() - start
    assert len(line) == 64 << 20 and second == b"next"
    assert spent < 2.0, f"{spent:.1f} CPU-s: joining the line at each chunk would copy 32 GiB"


@pytest.mark.anyio
@pytest.mark.timeout(120)  # the quadratic read took minutes; in linear time this is seconds
async def test_an_output_of_32_mib_is_judged_through_its_checker_in_bounded_time(
    sandbox_backend: str,
) -> None:
    checker = VerifierSpec(
        Program(code=READS_IT_ALL, language=Language.CPP),
        kind=VerifierKind.TESTLIB,
        normalisation=Normalisation.CHECKER,
    )
    report = await judge_solution(
        Program(code=PRINTS_32_MIB, language=Language.PYTHON),
        [JudgeTest("1", b"go\n", b"")],
        checker,
        Limits(time_ms=5000, memory_mb=256),
        backend=sandbox_backend,
    )
    assert report.complete and report.score == 1.0, report.tests
    assert f"read {32 * ((1 << 20) - 1)} bytes" in report.tests[0].message
