"""Reward integrity at the judge: a solution that attacks the programs and files the judge relies on
(the checker or verifier binary, the answer file, later tests) scores what its output is worth, 0.

Part of the hostile suite: `make test` also runs this file as an unprivileged user (tests/unprivileged.py),
where runs share one uid and only per-run namespaces keep them apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from frontiersmith.models import Language, Limits, Program, Verdict
from frontiersmith.tools.judging.judge import JudgeTest, judge_solution
from frontiersmith.tools.judging.packages import load_package

pytestmark = pytest.mark.anyio

MINI = Path(__file__).parent / "data" / "frontiercs_mini"

# Replaces every file it can reach under /box with a program that says "perfect": a shell script that
# exits 0 (a testlib checker's "ok": ratio 1) or, for Python files, a native verdict with a huge
# objective; then reads every answer file it can find and prints the best value it saw. Whatever
# succeeds, the output itself is an empty selection ("0"), worth nothing.
ATTACK = r"""
import glob, json, os, stat
PERFECT_SH = b"#!/bin/sh\necho 'points 1'\nexit 0\n"
PERFECT_PY = ("import json\nprint(json.dumps({'feasible': True, 'objective': 1e18}))\n").encode()
for root, dirs, files in os.walk('/box'):
    for name in files:
        path = os.path.join(root, name)
        data = PERFECT_PY if name.endswith('.py') else PERFECT_SH
        for how in ('write', 'replace'):
            try:
                if how == 'write':
                    with open(path, 'wb') as fh:
                        fh.write(data)
                else:
                    tmp = path + '.x'
                    with open(tmp, 'wb') as fh:
                        fh.write(data)
                    os.chmod(tmp, 0o755)
                    os.replace(tmp, path)
            except OSError:
                pass
if os.fork() == 0:  # and a daemon that keeps trying while later tests run
    os.setsid()
    if os.fork() == 0:
        import time
        for _ in range(200):
            for path in glob.glob('/box/progs/*/*'):
                try:
                    open(path, 'wb').write(PERFECT_PY if path.endswith('.py') else PERFECT_SH)
                except OSError:
                    pass
            time.sleep(0.01)
    os._exit(0)
print(0)
"""


async def test_a_solution_that_replaces_the_testlib_checker_scores_zero(sandbox_backend: str) -> None:
    package = load_package(MINI)
    tests = [JudgeTest(f"{t.name}-{i}", t.input, t.answer) for i in range(3) for t in package.tests]
    report = await judge_solution(
        Program(code=ATTACK, language=Language.PYTHON),
        tests,
        package.verifier,
        package.limits,
        backend=sandbox_backend,
        workers=3,
    )
    assert report.score == 0.0
    assert all(t.score == 0.0 for t in report.tests), [(t.name, t.verdict, t.score) for t in report.tests]
    assert {t.verdict for t in report.tests} <= {Verdict.OK, Verdict.INVALID}


NATIVE_VERIFIER = r"""
import json, sys
n = int(open(sys.argv[2]).read().split()[0])
try:
    chosen = [int(x) for x in open(sys.argv[3]).read().split()]
except ValueError:
    print(json.dumps({"feasible": False, "message": "not integers"}))
    raise SystemExit
print(json.dumps({"feasible": all(1 <= c <= n for c in chosen), "objective": float(len(set(chosen)))}))
"""


async def test_a_solution_that_replaces_the_native_verifier_scores_zero(sandbox_backend: str) -> None:
    from frontiersmith.models import Sense
    from frontiersmith.tools.judging.judge import VerifierSpec

    verifier = VerifierSpec(Program(code=NATIVE_VERIFIER, language=Language.PYTHON), sense=Sense.MAX)
    tests = [JudgeTest(str(i), f"{i + 3}\n".encode()) for i in range(6)]
    report = await judge_solution(
        Program(code=ATTACK, language=Language.PYTHON),
        tests,
        verifier,
        Limits(time_ms=2000, memory_mb=256),
        backend=sandbox_backend,
        workers=3,
        baseline={t.name: 1.0 for t in tests},
    )
    assert report.score == 0.0
    assert all(t.score == 0.0 for t in report.tests), [(t.name, t.verdict, t.score) for t in report.tests]
    assert {t.verdict for t in report.tests} == {Verdict.INVALID}, [(t.name, t.message) for t in report.tests]


# Crashes (a traceback), calls its output feasible with no objective, or prints no verdict when the output
# says so: a fragile verifier an output can break. Otherwise the objective is the number printed.
FRAGILE_VERIFIER = r"""
import json, sys
out = open(sys.argv[3]).read().split()
if out[0] == "crash":
    raise RuntimeError("fragile verifier")
if out[0] == "noobjective":
    print(json.dumps({"feasible": True}))
elif out[0] == "silent":
    pass
else:
    print(json.dumps({"feasible": True, "objective": float(out[0])}))
"""
# Scores well on test "easy" and breaks the verifier on the three hard ones.
BREAKER = r"""
import sys
kind = sys.stdin.read().split()[0]
print({"easy": "4", "hard1": "crash", "hard2": "noobjective", "hard3": "silent"}[kind])
"""


async def test_an_output_that_breaks_the_verifier_counts_as_zero_not_left_out() -> None:
    """SYSTEM_ERROR tests are left out of the mean only when the host caused them: breaking a fragile
    verifier on the hard tests must not drop them from the mean (0.5 here, not 0.5 / 4)."""
    from frontiersmith.models import Sense
    from frontiersmith.tools.judging.judge import VerifierSpec

    verifier = VerifierSpec(Program(code=FRAGILE_VERIFIER, language=Language.PYTHON), sense=Sense.MAX)
    names = ["easy", "hard1", "hard2", "hard3"]
    report = await judge_solution(
        Program(code=BREAKER, language=Language.PYTHON),
        [JudgeTest(n, f"{n}\n".encode()) for n in names],
        verifier,
        Limits(time_ms=2000, memory_mb=256),
        backend="process",
        workers=4,
        baseline={n: 2.0 for n in names},
    )
    by_name = {t.name: t for t in report.tests}
    assert by_name["easy"].score == pytest.approx(0.5)
    assert all(by_name[n].verdict is Verdict.SYSTEM_ERROR and by_name[n].verifier_failed for n in names[1:])
    assert report.score == pytest.approx(0.5 / 4)
    assert (report.judged, report.system_errors, report.verifier_failures) == (4, 0, 3)
    assert "3 tests on which the verifier failed count as 0" in report.summary
