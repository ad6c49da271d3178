"""Helpers of the dashboard tests: the real `frontiersmith dashboard` as a subprocess, the demo store they
read, and screenshots saved as test artifacts."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from loopback import free_port, wait_for_port
from suite_env import child_env

from frontiersmith.models import DefectCluster, DefectMap, FailureType, Solution, Submission

TOKEN = "dashboard-test-token-4c1e"
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("FRONTIERSMITH_TEST_ARTIFACTS", ROOT / ".artifacts")) / "dashboard"


def chromium_path() -> str | None:
    return (
        os.environ.get("FRONTIERSMITH_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )


def frontiersmith() -> str:
    exe = Path(sys.executable).parent / "frontiersmith"
    return str(exe) if exe.exists() else "frontiersmith"


def cli_env(data_dir: Path, **extra: str) -> dict[str, str]:
    env = child_env()
    env.update(
        FRONTIERSMITH_DATA_DIR=str(data_dir),
        FRONTIERSMITH_CONFIG=str(data_dir / "no-config.toml"),
        FRONTIERSMITH_SANDBOX_BACKEND="process",
        **extra,
    )
    return env


@dataclass
class DemoStore:
    path: Path
    run_id: str
    demo: dict[str, Any]  # what `frontiersmith demo --json` printed
    submission: Submission  # one stored on the first task, so the leaderboard has a row
    evaluated: str  # the task `frontiersmith evaluate` ran two solvers on (EVALUATED_SOLVERS)
    defect_map: DefectMap  # DEFECT_MAP as stored: its first cluster's examples are real trajectories


def evaluate(store_path: Path, data_dir: Path, solver: str, task_id: str, attempts: int = 1) -> None:
    """The real `frontiersmith evaluate` of ``solver`` on one task of the store."""
    done = subprocess.run(
        [frontiersmith(), "evaluate", "--solver", solver, "--tasks", task_id, "--attempts", str(attempts)]
        + ["--store", str(store_path), "--json"],
        env=cli_env(data_dir),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]


def second_try_solver(folder: Path, solution: Solution) -> str:
    """A ``command:`` solver that gives no code on its first attempt and ``solution`` on its second, so its
    best and mean score differ."""
    fence = solution.language.value  # "cpp" or "python", each a fence's info string
    (folder / "solution.txt").write_text(solution.code)
    script = folder / "second-try.sh"
    script.write_text(
        "#!/bin/sh\ncat > /dev/null\n"
        'if [ "$FRONTIERSMITH_ATTEMPT" = 2 ]; then\n'
        f"  printf '```{fence}\\n'; cat '{folder / 'solution.txt'}'; printf '\\n```\\n'\n"
        "else\n  echo 'no idea yet'\nfi\n"
    )
    script.chmod(0o755)
    return f"command:{script}"


@contextmanager
def dashboard_process(store_path: Path, data_dir: Path, **env: str) -> Iterator[tuple[str, subprocess.Popen]]:
    """The real `frontiersmith dashboard` on a free loopback port over ``store_path``; yields its base URL."""
    port = free_port()
    proc = subprocess.Popen(
        [frontiersmith(), "dashboard", "--host", "127.0.0.1", "--port", str(port)],
        env=cli_env(data_dir, FRONTIERSMITH_STORE_PATH=str(store_path), **env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_port(port, proc, what="the dashboard")
        yield f"http://127.0.0.1:{port}", proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def screenshot(tab: Any, name: str) -> Path:
    """Save the whole page as ARTIFACTS/NAME.png (the folder is named at the end of the run)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    tab.screenshot(path=str(path), full_page=True)
    return path


# A diagnosed solver's map, stored in the dashboard's demo copy (the demo evaluates no solver). Its label
# holds markup, which the page must show as text.
DEFECT_MAP = DefectMap(
    id="defects_dashboard_test",
    solver="catalog:weak",
    trajectories=6,
    problems=2,
    failures={"near_success": 4, "time_out": 2},
    success_rate=0.25,
    clusters=[
        DefectCluster(
            key="time_out|family=max_cut|size=1e4-1e5",
            failure=FailureType("time_out"),
            features={"family": "max_cut", "size": "1e4-1e5"},
            attempts=2,
            problems=["catalog/max_cut"],
            label="times out on <b>large</b> graphs",
            detail="time-outs start at 12000 bytes of input",
            examples=["traj_a", "traj_b"],
        ),
        DefectCluster(
            key="near_success|family=knapsack",
            failure=FailureType("near_success"),
            features={"family": "knapsack"},
            attempts=4,
            problems=["catalog/knapsack"],
            success_rate=0.5,
            label="close to the best on knapsack",
        ),
    ],
)
