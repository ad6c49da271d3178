"""Verdicts do not depend on machine load: a time limit is CPU time, and the wall clock only a backstop that
ends idle runs (a busy one goes on to its CPU limit however slowly the machine gives it time).

The same solutions are judged on an idle machine and again beside CPU hogs (four per core, each ending by
itself), and every verdict and score must be the same."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from frontiersmith.models import Language, Limits, Program, Sense, Verdict
from frontiersmith.sandbox.base import RunLimits
from frontiersmith.sandbox.classify import classify, wall_limit_ms
from frontiersmith.sandbox.wire import TIMED_OUT_FORCED, TIMED_OUT_IDLE, hard_stop_ms
from frontiersmith.tools.judging.judge import JudgeTest, VerifierSpec, judge_solution

pytestmark = pytest.mark.anyio

# The objective is the number printed, when it is the input's own number times two.
VERIFIER = r"""
import json, sys
n = int(open(sys.argv[2]).read().split()[0])
words = open(sys.argv[3]).read().split()
ok = len(words) == 1 and words[0].lstrip("-").isdigit() and int(words[0]) == 2 * n
print(json.dumps({"feasible": ok, "objective": float(2 * n) if ok else None}))
"""
# Real-looking solutions: honest ones that spend a real share of their CPU limit, and failing ones.
SOLUTIONS = {
    "python_busy": (
        Language.PYTHON,
        "n = int(input())\ns = 0\nfor i in range(4_000_000):\n    s += i % 7\nprint(2 * n if s >= 0 else 0)\n",
    ),
    "cpp_busy": (
        Language.CPP,
        '#include <cstdio>\nint main(){long long n;scanf("%lld",&n);volatile unsigned long long s=0;'
        'for(long long i=0;i<700000000LL;i++)s+=i^(s>>3);printf("%lld\\n",2*n+(long long)(s&0)) ;}\n',
    ),
    "python_wrong_on_odd": (Language.PYTHON, "n = int(input())\nprint(2 * n if n % 2 == 0 else n)\n"),
    "cpp_spinner": (Language.CPP, "int main(){volatile long x=0;for(;;)x++;}\n"),
    "python_crash": (Language.PYTHON, "import sys\nsys.exit(3)\n"),
}
TESTS = [JudgeTest(str(n), f"{n}\n".encode()) for n in (3, 4, 10)]
LIMITS = Limits(time_ms=2000, memory_mb=256)  # the busy ones spend about a quarter of it


@contextmanager
def cpu_hogs(count: int, seconds: float) -> Iterator[None]:
    """``count`` busy processes, each ending itself after ``seconds`` of wall time (and killed on exit)."""
    loop = f"import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end: pass\n"
    hogs = [subprocess.Popen([sys.executable, "-c", loop]) for _ in range(count)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


async def _verdicts(backend: str) -> dict[str, list[tuple[str, str, float]]]:
    verifier = VerifierSpec(Program(code=VERIFIER, language=Language.PYTHON), sense=Sense.MAX)
    found = {}
    for name, (language, code) in SOLUTIONS.items():
        report = await judge_solution(
            Program(code=code, language=language),
            TESTS,
            verifier,
            LIMITS,
            backend=backend,
            workers=2,
            baseline={t.name: 1.0 for t in TESTS},
        )
        assert report.complete, (name, report.summary)
        found[name] = [(t.name, t.verdict.value, round(t.score, 9)) for t in report.tests]
    return found


async def test_verdicts_and_scores_are_the_same_idle_and_beside_cpu_hogs(sandbox_backend: str) -> None:
    idle = await _verdicts(sandbox_backend)
    assert {v for _, v, _ in idle["cpp_busy"]} == {"OK"} and {v for _, v, _ in idle["cpp_spinner"]} == {"TLE"}
    assert [v for _, v, _ in idle["python_wrong_on_odd"]] == ["INVALID", "OK", "OK"]
    with cpu_hogs(4 * (os.cpu_count() or 1), seconds=180):
        loaded = await _verdicts(sandbox_backend)
    assert loaded == idle


def test_a_busy_run_at_its_hard_stop_is_a_host_failure_and_an_idle_one_a_time_out():
    limits = RunLimits(time_ms=1000)
    assert wall_limit_ms(limits) == 11_000 and wall_limit_ms(RunLimits(time_ms=8000)) == 24_000
    # a busy run is left to its CPU limit past the backstop: only its hard stop can end it short of that
    assert hard_stop_ms(11_000, 1000) == 11_000 + 20 * 1000 + 10_000
    # ended by the wall clock with no CPU time to look at (no cgroup) while busy: the host's failure
    starved = {"exit": None, "signal": 9, "cpu_ms": 700.0, "wall_ms": 11_000.0, "timed_out": TIMED_OUT_FORCED}
    assert classify(starved, limits).verdict is Verdict.SYSTEM_ERROR
    sleeper = {**starved, "cpu_ms": 3.0, "wall_ms": 11_000.0, "timed_out": TIMED_OUT_IDLE}
    assert classify(sleeper, limits).verdict is Verdict.TLE
    assert "idle" in classify(sleeper, limits).message
    # busy at first, then asleep: idle at the launcher's last look, whatever its share of the whole run
    woke_then_slept = {**sleeper, "cpu_ms": 900.0}
    assert classify(woke_then_slept, limits).verdict is Verdict.TLE
    over = {**starved, "cpu_ms": 1200.0}  # over its CPU limit by the time it was stopped: its own doing
    assert classify(over, limits).verdict is Verdict.TLE
