"""Reward integrity, round four: a full disk never becomes a verdict. A solution that fills the space runs
write in (with files it is allowed: they count against its own memory limit) earns what its output is worth,
whichever door scores it (``judge``, ``submit``, the batch reward), and no batch neighbour's score moves.

The attacks: an interactive solution that fills the disk just before its last answer (the interactor, ending in
``quitf(_ok, "... Ratio: r")``, had no room left for its verdict and "exit 0, no Ratio" read as 1.0); a run
that fills the disk while other tests' checkers are between reading their input and writing their verdict;
and a batch neighbour with the same output, which took a shared forged verdict. The problem's memory limit
(1 GiB) is above what /box was sized for from the settings (16 MiB runs: 904 MiB), as a FrontierCS problem's
4 GiB was above the default's 3.3 GiB; each filler stops short of its own limit, so it is no memory-out.

Part of the hostile suite: `make test` also runs this file as an unprivileged user (tests/unprivileged.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from frontiersmith.models import Language, Limits, Normalisation, Program, VerifierKind
from frontiersmith.rewards.judging import score_completions
from frontiersmith.rewards.tasks import GroundTruth
from frontiersmith.settings import get_settings
from frontiersmith.store import open_store
from frontiersmith.tools.judging.judge import JudgeTest, VerifierSpec, judge_solution
from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs
from frontiersmith.tools.problems.submit import submit

pytestmark = pytest.mark.anyio

GUESS = Path(__file__).parent / "data" / "interactive_guess"
# /box sized from these settings held 904 MiB; the problems below allow each run 1 GiB.
SMALL = {"memory_limit_mb": 16, "output_limit_kb": 1024}
LIMITS = Limits(time_ms=2000, memory_mb=1024)

# Fill the run's dir (its TMPDIR) with fallocate until the disk is full or 1000 MiB are held (under the 1 GiB
# limit, with the interpreter's own memory beside): no byte is written, so it costs little CPU.
FILL = """
import os, time
def fill(budget=1000 << 20):
    held, i = 0, 0
    for size in (32 << 20, 1 << 20, 4096):
        while held + size <= budget:
            fd = os.open(os.path.join(os.environ["TMPDIR"], f"f{i}"), os.O_WRONLY | os.O_CREAT)
            i += 1
            try:
                os.posix_fallocate(fd, 0, size)
            except OSError:
                break
            finally:
                os.close(fd)
            held += size
"""
# Guess the number by linear search (7 questions are the best, so 7/37 on 1.in); the hostile one fills the
# disk just before its last answer.
LINEAR = """
n = int(input())
for x in range(1, n + 1):
    print("?", x, flush=True)
    if input().strip() == "=":
        {before}print("!", x, flush=True)
        break
"""
HONEST_GUESS = LINEAR.format(before="")
FILLING_GUESS = FILL + LINEAR.format(before="fill()\n        ")
GUESS_SCORE = 7 / 37
# FrontierCS's form of an interactor's verdict: ok, with the ratio in the message (the guessing package's own
# interactor ends in testlib's points instead).
POINTS_INTERACTOR = (GUESS / "interactor.cc").read_text()
OK_RATIO_INTERACTOR = POINTS_INTERACTOR.replace("quitp(ratio, ", "quitf(_ok, ")

# A checker in FrontierCS's form (ok with a ratio), slow between reading the output and writing its verdict;
# the output x of 0..best is worth x/best. Test "1" tells the hostile solution to fill the disk (after a
# moment, so the other tests' checkers have read their input) and hold it while they would write.
SLOW_CHECKER = r"""
#include "testlib.h"
#include <unistd.h>
int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    long long best = ans.readLong();
    long long x = ouf.readLong(0, best, "x");
    usleep(2000000);
    quitf(_ok, "value %lld. Ratio: %.6f", x, double(x) / double(best));
}
"""
ZERO = "input()\nprint(0)\n"  # an honest output worth 0
FILLING_ZERO = (
    FILL + "if 'fill' in input().split():\n    time.sleep(0.3)\n    fill()\n    time.sleep(5)\nprint(0)\n"
)
CHECKED_TESTS = [JudgeTest(str(i), f"10{' fill' if i == 1 else ''}\n".encode(), b"10\n") for i in range(1, 5)]


def _settings(**more: object):
    return get_settings().model_copy(update={**SMALL, **more})


def _guess_tests() -> list[JudgeTest]:
    return [
        JudgeTest(
            "1", (GUESS / "testdata" / "1.in").read_bytes(), (GUESS / "testdata" / "1.ans").read_bytes()
        )
    ]


def _python(code: str) -> Program:
    return Program(code=code, language=Language.PYTHON)


@pytest.fixture
def ok_ratio_package(tmp_path: Path) -> Path:
    """The guessing package with FrontierCS's ok-with-a-ratio interactor, one test."""
    root = tmp_path / "guess"
    (root / "testdata").mkdir(parents=True)
    for name in ("1.in", "1.ans"):
        shutil.copy(GUESS / "testdata" / name, root / "testdata" / name)
    (root / "interactor.cc").write_text(OK_RATIO_INTERACTOR)
    (root / "statement.txt").write_text("Guess the number in few questions.\n")
    (root / "config.yaml").write_text(
        "type: interactive\ninteractor: interactor.cc\ntime: 2s\nmemory: 1024m\n"
        "subtasks:\n  - score: 100\n    n_cases: 1\n"
    )
    return root


@pytest.fixture
def slow_checker_package(tmp_path: Path) -> Path:
    """The slow checker's problem as a FrontierCS package (its four tests)."""
    root = tmp_path / "checked"
    (root / "testdata").mkdir(parents=True)
    for test in CHECKED_TESTS:
        (root / "testdata" / f"{test.name}.in").write_bytes(test.input)
        (root / "testdata" / f"{test.name}.ans").write_bytes(test.answer or b"")
    (root / "chk.cc").write_text(SLOW_CHECKER)
    (root / "statement.txt").write_text("Print a number from 0 to the one given.\n")
    (root / "config.yaml").write_text(
        "type: default\nchecker: chk.cc\ntime: 2s\nmemory: 1024m\nsubtasks:\n  - score: 100\n    n_cases: 4\n"
    )
    return root


INTERACTOR = VerifierSpec(
    Program(code=OK_RATIO_INTERACTOR, language=Language.CPP),
    kind=VerifierKind.TESTLIB,
    interactive=True,
    normalisation=Normalisation.CHECKER,
)
CHECKER = VerifierSpec(
    Program(code=SLOW_CHECKER, language=Language.CPP),
    kind=VerifierKind.TESTLIB,
    normalisation=Normalisation.CHECKER,
)


# The interactor's two ways to end: ok with the ratio in its message (an empty one read as 1.0), or testlib's
# points (quitp: an empty one read as "OK, 0.0", silently).
INTERACTORS = {
    "ok_ratio": INTERACTOR,
    "points": VerifierSpec(
        Program(code=POINTS_INTERACTOR, language=Language.CPP),
        kind=VerifierKind.TESTLIB,
        interactive=True,
        normalisation=Normalisation.CHECKER,
    ),
}


@pytest.mark.parametrize("ending", sorted(INTERACTORS))
async def test_an_interactive_solution_that_fills_the_disk_before_its_answer_earns_its_honest_score(
    sandbox_backend: str, ending: str
) -> None:
    report = await judge_solution(
        _python(FILLING_GUESS),
        _guess_tests(),
        INTERACTORS[ending],
        LIMITS,
        backend=sandbox_backend,
        settings=_settings(),
    )
    assert report.complete, report.summary
    assert report.score == pytest.approx(GUESS_SCORE, abs=1e-6), [
        (t.verdict, t.message) for t in report.tests
    ]


async def test_a_run_that_fills_the_disk_under_other_tests_checkers_forges_no_verdict(
    sandbox_backend: str,
) -> None:
    report = await judge_solution(
        _python(FILLING_ZERO),
        CHECKED_TESTS,
        CHECKER,
        LIMITS,
        backend=sandbox_backend,
        workers=4,
        settings=_settings(),
    )
    assert report.complete, report.summary
    assert [t.score for t in report.tests] == [0.0] * 4, [(t.verdict, t.message) for t in report.tests]


async def test_the_batch_reward_shares_no_forged_verdict_and_every_door_gives_the_honest_score(
    sandbox_backend: str, ok_ratio_package: Path, slow_checker_package: Path, tmp_path: Path
) -> None:
    guess = GroundTruth(task_id="guess", package=str(ok_ratio_package)).dumps()
    checked = GroundTruth(task_id="checked", package=str(slow_checker_package)).dumps()
    programs = [_python(FILLING_GUESS), _python(HONEST_GUESS), _python(FILLING_ZERO), _python(ZERO)]
    truths = [guess, guess, checked, checked]
    rewards = await score_completions(
        programs, truths, backend=sandbox_backend, workers=4, settings=_settings()
    )
    assert rewards == pytest.approx([GUESS_SCORE, GUESS_SCORE, 0.0, 0.0], abs=1e-6)
    with open_store(tmp_path / "store.db") as store:  # and `submit`, which stores what it scores
        for package, code, score in (
            (ok_ratio_package, FILLING_GUESS, GUESS_SCORE),
            (slow_checker_package, FILLING_ZERO, 0.0),
        ):
            problem = (await import_frontiercs(package, store, backend=sandbox_backend)).problem_id
            result = await submit(
                store, problem, code, "python", backend=sandbox_backend, settings=_settings()
            )
            assert result.score == pytest.approx(score, abs=1e-6)
            assert store.tasks.get_submission(result.submission_id).score == pytest.approx(score, abs=1e-6)
