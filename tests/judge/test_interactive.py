"""Interactive problems: the solution and a testlib interactor (compiled against our testlib.h) joined by pipes,
each a sandboxed run of its own, on both backends. An honest solution scores what the interactor says; every
hostile one is contained and scores 0, and nothing it writes reaches the score but through the interactor.

Part of the hostile suite: `make test` also runs this file as an unprivileged user (tests/unprivileged.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from frontiersmith.models import Language, Limits, Normalisation, Program, VerifierKind
from frontiersmith.tools.judging.judge import JudgeTest, VerifierSpec, judge_solution

pytestmark = pytest.mark.anyio

PACKAGE = Path(__file__).parent / "data" / "interactive_guess"
INTERACTOR = VerifierSpec(
    Program(code=(PACKAGE / "interactor.cc").read_text(), language=Language.CPP),
    kind=VerifierKind.TESTLIB,
    interactive=True,
    normalisation=Normalisation.CHECKER,
)
LIMITS = Limits(time_ms=1000, memory_mb=256)
TESTS = [
    JudgeTest(
        name,
        (PACKAGE / "testdata" / f"{name}.in").read_bytes(),
        (PACKAGE / "testdata" / f"{name}.ans").read_bytes(),
    )
    for name in ("1", "2", "3")
]


def solution(name: str) -> Program:
    path = PACKAGE / "solutions" / name
    return Program(code=path.read_text(), language=Language.CPP if path.suffix == ".cpp" else Language.PYTHON)


# Each hostile solution, and the verdict each test gets.
HOSTILE = {
    # reads n, then leaves without a word: the interactor meets the end of its input
    "early_exit": ("input()\n", ["INVALID"] * 3),
    # asks nothing and waits for an answer that never comes: both sides idle, the solution's time is up
    "waits_forever": ("input()\ninput()\n", ["TLE"] * 3),
    # floods the pipe without reading: the interactor stops it (too many questions) and the pipe breaks
    "floods": ("import sys\nwhile True:\n    sys.stdout.write('? 1\\n')\n", ["RE"] * 3),
    # prints verdicts of its own where a checker's would go, and ends
    "fake_verdicts": (
        "import sys\ninput()\nprint('ok Ratio: 1.0', file=sys.stderr)\nprint('points 1 Ratio: 1', flush=True)\n",
        ["INVALID"] * 3,
    ),
    # closes its ends of the pipes and looks for the interactor's files (the hidden input) to guess from
    "attacks_the_pipes": (
        "import glob, os, sys\ninput()\nfound = glob.glob('/box/runs/*/input.txt') + glob.glob('/proc/*/cwd/input.txt')\n"
        "seen = []\nfor path in found:\n    try:\n        seen.append(open(path).read().split()[1])\n    except OSError:\n        pass\n"
        "print('! ' + (seen[0] if seen else '1'), flush=True)\nos.close(0)\nos.close(1)\n",
        ["INVALID", "INVALID", "OK"],  # a guess of 1 is right on the third test only, and scores 1 there
    ),
}


async def test_an_honest_solution_scores_what_the_interactor_says(sandbox_backend: str) -> None:
    binary = await judge_solution(solution("binary.cpp"), TESTS, INTERACTOR, LIMITS, backend=sandbox_backend)
    assert report_verdicts(binary) == ["OK"] * 3 and binary.score == 1.0 and binary.complete
    linear = await judge_solution(solution("linear.py"), TESTS, INTERACTOR, LIMITS, backend=sandbox_backend)
    assert report_verdicts(linear) == ["OK"] * 3
    assert [round(t.score, 6) for t in linear.tests] == [round(7 / 37, 6), 0.07, 1.0]
    assert linear.score == pytest.approx((7 / 37 + 0.07 + 1.0) / 3, abs=1e-6)


@pytest.mark.parametrize("attack", sorted(HOSTILE))
async def test_a_hostile_solution_is_contained_and_scores_only_what_it_earns(
    sandbox_backend: str, attack: str
) -> None:
    code, verdicts = HOSTILE[attack]
    report = await judge_solution(
        Program(code=code, language=Language.PYTHON), TESTS, INTERACTOR, LIMITS, backend=sandbox_backend
    )
    assert report.complete, report.summary
    assert report_verdicts(report) == verdicts, [(t.verdict, t.message) for t in report.tests]
    expected = sum(1.0 for v in verdicts if v == "OK") / 3
    assert report.score == pytest.approx(expected)
    if attack == "waits_forever":  # a solver is told it sat waiting for input, not that it was slow
        told = report.without_test_data(LIMITS).tests
        assert all("sat idle" in t.message and "waiting for input" in t.message for t in told), told


def report_verdicts(report) -> list[str]:  # noqa: ANN001 - a JudgeReport
    return [t.verdict.value for t in report.tests]
