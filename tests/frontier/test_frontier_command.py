"""``command:PATH`` solvers and bad solver output of every kind: no code, the wrong language, a hostile
program, a program that never ends, a solver that hangs or fails. Each is a failed attempt with its reason and
the loop goes on. Real sandbox, real store; the solver is a real local program (no model)."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from frontier_helpers import CHEAP, GREEDY

from frontiersmith.models import FailureType
from frontiersmith.settings import Settings
from frontiersmith.store import Store
from frontiersmith.tools.frontier import evaluate
from frontiersmith.tools.frontier.solvers import CommandSolver

pytestmark = pytest.mark.anyio

HOSTILE = (
    "import socket\nsocket.create_connection(('1.1.1.1', 80), timeout=2)\nprint(open('/etc/shadow').read())\n"
)
# What the solver prints at each attempt (FRONTIERSMITH_ATTEMPT); 'hang' sleeps past the time limit.
SCRIPT = {
    1: "",
    2: "Here you go:\n```rust\nfn main() {}\n```",
    3: f"```python\n{HOSTILE}```",
    4: "```cpp\nint main() { for (;;) {} }\n```",
    5: "hang",
    6: "fail",
    7: f"```python\n{GREEDY}```",
}
SOLVER = """#!/usr/bin/env python3
import os, pathlib, sys, time
k = int(os.environ["FRONTIERSMITH_ATTEMPT"])
pathlib.Path(sys.argv[0] + f".stdin{k}").write_text(sys.stdin.read())
answers = ANSWERS
if answers[k] == "hang":
    time.sleep(60)
if answers[k] == "fail":
    sys.exit(3)
print(answers[k])
"""


def solver_program(tmp_path: Path) -> Path:
    path = tmp_path / "solver.py"
    path.write_text(SOLVER.replace("ANSWERS", repr(SCRIPT)))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.mark.slow
async def test_bad_solver_output_of_every_kind_is_a_failed_attempt_with_its_reason(
    store: Store, settings: Settings, tmp_path: Path
):
    path = solver_program(tmp_path)
    solver = CommandSolver(str(path), timeout_s=3)
    trajectories = await evaluate(store, solver, [CHEAP], attempts=7, feedback=True, settings=settings)
    got = {t.attempt: t for t in trajectories}
    assert [t.attempt for t in trajectories] == list(range(1, 8))
    assert (
        got[1].failure is FailureType.NO_SOLUTION and got[1].detail == "no code: the solver printed nothing"
    )
    assert got[2].failure is FailureType.NO_SOLUTION and got[2].detail.startswith("wrong language: rust")
    assert got[3].failure is FailureType.RUNTIME_ERROR and got[3].score == 0  # no network, no host files
    assert got[4].failure is FailureType.TIME_OUT and "time-outs start at" in got[4].detail
    assert got[5].failure is FailureType.NO_SOLUTION and "timed out after 3 s" in got[5].detail
    assert got[6].failure is FailureType.NO_SOLUTION and "exited with code 3" in got[6].detail
    assert got[7].failure not in (FailureType.NO_SOLUTION, FailureType.RUNTIME_ERROR) and got[7].score > 0
    assert got[7].language == "python" and got[7].code.strip() == GREEDY.strip()

    # With --feedback the solver read the judge's data-free diagnostics of its earlier attempts on stdin.
    first = (tmp_path / "solver.py.stdin1").read_text()
    assert "Min-True 2-SAT" in first and "feedback" not in first
    fourth = (tmp_path / "solver.py.stdin4").read_text()
    assert "attempt 1: no code: the solver printed nothing" in fourth
    assert "attempt 3: score 0.000; verdicts RE x" in fourth and "runtime error: non-zero exit" in fourth
    assert "/etc/shadow" not in fourth.split("feedback")[1]  # no stderr, no output, no test data
    stored = store.frontier.list_trajectories(solver=solver.spec)
    assert [t.id for t in stored] == [t.id for t in trajectories]
    assert stored[0].messages[0]["role"] == "user" and "Min-True 2-SAT" in stored[0].messages[0]["content"]
