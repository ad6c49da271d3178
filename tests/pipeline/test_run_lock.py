"""The run lock: the same synthesis run started twice on one store never does the work twice. A second run
either stops at once with one line naming the holder (pid, host, since when) or waits for it and then finds
the work done; a holder killed with SIGKILL never blocks the next run."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import anyio
import pytest

from frontiersmith.store import open_store
from frontiersmith.tools.synthesis.pipeline import RunLockedError, SynthesisConfig, run_lock, run_lock_path

from .conftest import cli_env, frontiersmith_cmd

ARGS = ["synthesize", "-K", "3", "-n", "3", "--n-div", "3", "--n-final", "2", "--seed", "5", "--json"]
RUN_ID = SynthesisConfig(candidates=3, n_solutions=3, n_div=3, n_final=2, seed=5, provider="offline").run_id

HOLDER = """
import sys, time, anyio
from pathlib import Path
from frontiersmith.tools.synthesis.pipeline import run_lock

async def hold():
    async with run_lock(Path(sys.argv[1]), sys.argv[2]):
        print("held", flush=True)
        time.sleep(600)

anyio.run(hold)
"""


def _hold(store_path: Path, run_id: str) -> subprocess.Popen:
    """Another process holding the run lock until it is killed."""
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(store_path), run_id], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def _take(store_path: Path, run_id: str, wait_s: float) -> float:
    async def take() -> float:
        async with run_lock(store_path, run_id, wait_s) as waited:
            return waited

    return anyio.run(take)


def _kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)


def test_held_lock_names_its_holder_and_a_sigkilled_holder_frees_it(tmp_path: Path) -> None:
    store_path = tmp_path / "store.db"
    holder = _hold(store_path, "run_x")
    try:
        where = rf"pid {holder.pid} on {socket.gethostname()}, since \d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d"
        with pytest.raises(RunLockedError, match=where):
            _take(store_path, "run_x", 0)
        started = time.monotonic()
        with pytest.raises(RunLockedError, match="already running"):
            _take(store_path, "run_x", 0.6)
        assert time.monotonic() - started >= 0.6
        assert _take(store_path, "run_other", 0) == 0.0  # the lock is per run
    finally:
        _kill(holder)
    # SIGKILL runs no clean-up: the file with the dead holder's name stays, and must not matter.
    assert run_lock_path(store_path, "run_x").exists()
    assert _take(store_path, "run_x", 0) == 0.0
    assert not run_lock_path(store_path, "run_x").exists()

    # A waiter gets the lock as soon as its holder dies.
    holder = _hold(store_path, "run_x")
    with ThreadPoolExecutor(1) as pool:
        future = pool.submit(_take, store_path, "run_x", 60)
        time.sleep(0.8)
        assert not future.done()
        _kill(holder)
        assert 0.8 <= future.result(timeout=30) < 30


def _no_doubled_events(store_path: Path) -> None:
    store = open_store(store_path)
    events = Counter(
        (e.kind, e.subject_id, json.dumps(e.payload, sort_keys=True)) for e in store.events.list()
    )
    doubled = [key[:2] for key, n in events.items() if n > 1]
    assert not doubled, doubled
    for c in store.candidates.list():
        assert len(store.candidates.list_suites(c.id)) <= 1, c.id
        assert len([s for s in store.problems.list_solutions(c.id) if s.author != "baseline"]) == 3, c.id
    assert len(store.pipeline_runs.list()) == 1


@pytest.mark.slow
def test_the_same_synthesize_twice_on_one_store_does_the_work_once(tmp_path: Path) -> None:
    store_path = tmp_path / "store.db"
    holder = _hold(store_path, RUN_ID)  # a run of the same arguments already under way
    try:
        refused = subprocess.run(
            [*frontiersmith_cmd(), *ARGS], env=cli_env(tmp_path), capture_output=True, text=True, timeout=120
        )
        assert refused.returncode == 1, refused.stderr
        assert "Traceback" not in refused.stderr and refused.stdout == ""
        line = refused.stderr.strip()
        assert line.startswith(f"error: The synthesis run {RUN_ID} is already running") and "\n" not in line
        assert f"(pid {holder.pid} on {socket.gethostname()}, since " in line
        assert open_store(store_path).counts()["candidates"] == 0  # it stopped before any work

        # Two more started at once, both willing to wait: they queue behind the holder and each other.
        env = cli_env(tmp_path, FRONTIERSMITH_RUN_LOCK_WAIT_S="600")
        runs = [
            subprocess.Popen(
                [*frontiersmith_cmd(), *ARGS],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(2)
        ]
        time.sleep(1.0)
    finally:
        _kill(holder)
    results = [proc.communicate(timeout=600) for proc in runs]
    assert [proc.returncode for proc in runs] == [0, 0], [err[-2000:] for _, err in results]
    first, second = (json.loads(out) for out, _ in results)
    assert first["stages"] == second["stages"] and sorted(first["tasks"]) == sorted(second["tasks"])
    assert first["stages"]["published"] >= 1
    assert any("waited" in err and "for the same run in another process" in err for _, err in results)
    _no_doubled_events(store_path)
