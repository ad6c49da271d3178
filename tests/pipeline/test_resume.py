"""A synthesis run killed with SIGKILL mid-round resumes when started again with the same arguments, and
ends exactly where an uninterrupted run with the same seed ends: same candidates, same verdicts, same tasks,
no duplicate or half-written record."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections import Counter

import pytest

from frontiersmith.store import open_store

from .conftest import cli_env, frontiersmith_cmd

ARGS = ["synthesize", "-K", "3", "-n", "3", "--n-div", "3", "--n-final", "2", "--seed", "5", "--json"]


def _outcome(store_path):
    store = open_store(store_path)
    cands = sorted((c.id, c.status.value, c.reason) for c in store.candidates.list())
    return store, cands


@pytest.mark.slow
def test_sigkill_mid_round_then_resume_matches_an_uninterrupted_run(tmp_path, run_cli):
    killed_dir, clean_dir = tmp_path / "killed", tmp_path / "clean"
    killed_dir.mkdir()
    clean_dir.mkdir()

    proc = subprocess.Popen(
        [*frontiersmith_cmd(), *ARGS],
        env=cli_env(killed_dir),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    store_file = killed_dir / "store.db"
    deadline = time.monotonic() + 300
    killed_at = None
    while time.monotonic() < deadline and proc.poll() is None:
        if store_file.exists():
            counts = open_store(store_file).counts()
            if counts.get("solutions", 0) >= 2:
                killed_at = counts
                proc.send_signal(signal.SIGKILL)
                break
        time.sleep(0.2)
    proc.wait(timeout=30)
    assert killed_at is not None, "the run finished before it could be killed; make it longer"
    store = open_store(store_file)
    assert store.integrity_check() == "ok"
    assert store.pipeline_runs.get(store.pipeline_runs.list()[0].id).status == "running"

    resumed = json.loads(run_cli(killed_dir, *ARGS).stdout)
    clean = json.loads(run_cli(clean_dir, *ARGS).stdout)

    store, killed_cands = _outcome(store_file)
    _, clean_cands = _outcome(clean_dir / "store.db")
    assert killed_cands == clean_cands
    assert resumed["stages"] == clean["stages"] and sorted(resumed["tasks"]) == sorted(clean["tasks"])
    assert store.integrity_check() == "ok"

    # no duplicate work: exactly n sampled solutions and one test build per candidate that got that far
    for cid, status, _ in killed_cands:
        sols = [s for s in store.problems.list_solutions(cid) if s.author != "baseline"]
        if sols:
            assert len(sols) == 3, (cid, len(sols))
        builds = store.candidates.list_suites(cid)
        assert len(builds) <= 1, (cid, len(builds))
        names = Counter(t.name for t in store.problems.list_tests(cid))
        assert all(v == 1 for v in names.values())
        if status == "accepted":
            assert len(store.tasks.list(cid)) == 1
    # every stored test points at a stored input
    for cid, _, _ in killed_cands:
        for t in store.problems.list_tests(cid):
            assert store.blobs.has(t.input_hash)
