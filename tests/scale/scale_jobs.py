"""A small judge job set that both executors judge, and the size of the session's Ray cluster (tests/scale)."""

from __future__ import annotations

from frontiersmith.models import Language, Limits, Program, Sense, VerifierKind
from frontiersmith.tools.judging.jobs import JudgeJob
from frontiersmith.tools.judging.judge import JudgeTest, VerifierSpec

# The session's Ray cluster's worker processes (conftest.ray_cluster); here, not in the conftest, since
# `from conftest import` finds whichever test folder's conftest was imported first.
RAY_WORKERS = 2

# Feasible when the output is a whole number at most 3n; its objective is that number (maximised).
VERIFIER = """
import json, sys
n = int(open(sys.argv[2]).read())
try:
    value = int(open(sys.argv[3]).read().split()[0])
except (ValueError, IndexError):
    print(json.dumps({"feasible": False, "objective": None, "message": "not a number"})); sys.exit()
ok = 0 <= value <= 3 * n
print(json.dumps({"feasible": ok, "objective": value if ok else None, "message": ""}))
"""


def solution(k: int) -> Program:
    """Prints k*n: feasible up to k = 3, scoring k/2 of the baseline's 2n (clamped to 1)."""
    if k < 0:  # a solution that does not compile is judged too
        return Program(code="def broken(:\n", language=Language.PYTHON)
    return Program(code=f"n = int(input())\nprint({k} * n)\n", language=Language.PYTHON)


def job_set(solutions: int = 6, tests: int = 4) -> list[JudgeJob]:
    suite = tuple(JudgeTest(name=str(i), input=f"{10 * (i + 1)}\n".encode()) for i in range(tests))
    verifier = VerifierSpec(
        program=Program(code=VERIFIER, language=Language.PYTHON), kind=VerifierKind.NATIVE, sense=Sense.MAX
    )
    baseline = {t.name: 2.0 * int(t.input) for t in suite}
    return [
        JudgeJob(f"job-{k}", solution(k), suite, verifier, Limits(time_ms=2000), baseline=baseline)
        for k in range(-1, solutions - 1)
    ]
