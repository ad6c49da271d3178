"""Forged scores, round three: each attack on the judge's bookkeeping, run through every door a score leaves
by (``judge``, ``submit``, the batch reward), scores what its honest part earns, and no batch neighbour's
score moves.

The honest part is the mini package's first-K solution; the forging part comes first. An attack that only
breaks the judge (a tree too deep to delete, a dir it cannot enter, a daemon that fills the disk) must leave
the honest score; one that breaks the limits (CPU in children never waited for, memory in a memfd or spread
over processes) is a time- or memory-out, 0.

Part of the hostile suite: `make test` also runs this file as an unprivileged user (tests/unprivileged.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from attacks import MEMFD, SPREAD

from frontiersmith.models import Language, Program, Verdict
from frontiersmith.rewards.judging import score_completions
from frontiersmith.rewards.tasks import GroundTruth
from frontiersmith.store import open_store
from frontiersmith.tools.judging.judge import judge_solution
from frontiersmith.tools.judging.packages import load_package
from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs
from frontiersmith.tools.problems.submit import submit

pytestmark = pytest.mark.anyio

DATA = Path(__file__).parent / "data"
MINI = DATA / "frontiercs_mini"
HONEST = (DATA / "solutions" / "first_k.py").read_text()
HONEST_SCORE = (13 / 16 + 1.0 + 19 / 27) / 3

DEEP_TREE = """
import os
os.chdir(os.environ["TMPDIR"])
for _ in range(5000):
    os.mkdir("d")
    os.chdir("d")
"""
# Fills the run's dir inside a dir it then makes unreadable (a same-uid teardown cannot enter it), leaving
# almost nothing free for the checker that runs next.
LOCKED_FILL = """
import os
os.chdir(os.environ["TMPDIR"])
os.mkdir("x")
chunk = b"\\0" * (1 << 20)
try:
    with open("x/fill", "wb") as fh:
        for _ in range(180):
            fh.write(chunk)
except OSError:
    pass
os.chmod("x", 0)
"""
# The first run to bind the port becomes a daemon that keeps the disk full while later runs (and their
# checkers) go on; every run prints the honest answer.
LOOPBACK_FILLER = """
import os, socket, time
s = socket.socket()
try:
    s.bind(("127.0.0.1", 47613))
    s.listen()
    first = True
except OSError:
    first = False
if first and os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        chunk = b"\\0" * (1 << 20)
        try:
            with open(os.path.join(os.environ["TMPDIR"], "fill"), "wb") as fh:
                for _ in range(180):
                    fh.write(chunk)
        except OSError:
            pass
        time.sleep(20)
    os._exit(0)
"""
# Two children that spin 1.4 s of CPU each, under a 2 s limit per process, never waited for: the parent only
# reads a pipe they hold until both are gone (no wait4, so their CPU is in no rusage of its own).
UNWAITED_CPU = """
import os, time
r, w = os.pipe()
for _ in range(2):
    if os.fork() == 0:
        os.close(r)
        end = time.process_time() + 1.4
        while time.process_time() < end:
            pass
        os._exit(0)
os.close(w)
os.read(r, 1)
"""
KEEPS_HONEST = {"deep_tree": DEEP_TREE, "locked_fill": LOCKED_FILL, "loopback_filler": LOOPBACK_FILLER}
BREAKS_LIMITS = {"unwaited_cpu": (UNWAITED_CPU, Verdict.TLE), "memfd": (MEMFD, Verdict.MLE)}
BREAKS_LIMITS["spread_memory"] = (SPREAD, Verdict.MLE)


def attack(prefix: str) -> Program:
    return Program(code=prefix + "\n" + HONEST, language=Language.PYTHON)


async def _judge(program: Program, backend: str):
    pkg = load_package(MINI)
    return await judge_solution(program, pkg.tests, pkg.verifier, pkg.limits, backend=backend, workers=3)


@pytest.mark.parametrize("name", sorted(KEEPS_HONEST))
async def test_an_attack_on_the_judge_scores_what_its_honest_part_earns(
    name: str, sandbox_backend: str
) -> None:
    report = await _judge(attack(KEEPS_HONEST[name]), sandbox_backend)
    assert report.complete, report.summary
    assert [t.verdict for t in report.tests] == [Verdict.OK] * 3, [t.message for t in report.tests]
    assert report.score == pytest.approx(HONEST_SCORE)


@pytest.mark.parametrize("name", sorted(BREAKS_LIMITS))
async def test_an_attack_on_the_limits_is_held_to_them(name: str, sandbox_backend: str) -> None:
    prefix, verdict = BREAKS_LIMITS[name]
    report = await _judge(attack(prefix), sandbox_backend)
    assert report.complete, report.summary
    assert {t.verdict for t in report.tests} == {verdict}, [(t.verdict, t.message) for t in report.tests]
    assert report.score == 0.0


async def test_submit_gives_each_attack_the_score_of_its_honest_part_and_stores_it(tmp_path: Path) -> None:
    with open_store(tmp_path / "store.db") as store:
        problem = (await import_frontiercs(MINI, store, backend="process")).problem_id
        expected = dict.fromkeys(KEEPS_HONEST.values(), HONEST_SCORE)
        expected.update(dict.fromkeys((prefix for prefix, _ in BREAKS_LIMITS.values()), 0.0))
        for prefix, score in expected.items():
            result = await submit(store, problem, attack(prefix).code, "python", backend="process")
            assert result.score == pytest.approx(score)
            assert store.tasks.get_submission(result.submission_id).score == pytest.approx(score)


async def test_a_batch_reward_scores_each_attack_alone_and_its_neighbours_are_unchanged(
    sandbox_backend: str,
) -> None:
    truth = GroundTruth(task_id="mini", package=str(MINI)).dumps()
    fork_bomb = "import os\nwhile True:\n    os.fork()\n"
    programs = [Program(code=HONEST, language=Language.PYTHON), attack(DEEP_TREE)]
    programs += [Program(code=fork_bomb, language=Language.PYTHON), attack(LOOPBACK_FILLER)]
    programs += [attack(MEMFD), Program(code=HONEST, language=Language.PYTHON)]
    rewards = await score_completions(programs, [truth] * len(programs), backend=sandbox_backend, workers=3)
    assert rewards == pytest.approx([HONEST_SCORE, HONEST_SCORE, 0.0, HONEST_SCORE, 0.0, HONEST_SCORE])
