"""Reward integrity at the judge: a solution that attacks the programs and files the judge relies on
(the checker or verifier binary, the answer file, later tests) scores what its output is worth, 0.

Part of the hostile suite: `make test` also runs this file as an unprivileged user (tests/unprivileged.py),
where runs share one uid and only per-run namespaces keep them apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from frontiersmith.models import Language, Limits, Program, Verdict
from frontiersmith.tools.formats import load_package
from frontiersmith.tools.judge import JudgeTest, judge_solution

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
    from frontiersmith.tools.judge import VerifierSpec

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
