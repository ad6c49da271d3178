"""The hostile suite again as an unprivileged user (tests/unprivileged.py), as one test of the main run: most
of it waits on time limits, so beside the other worker's tests it costs the run little."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_hostile_suite_passes_again_as_an_unprivileged_user() -> None:
    if os.geteuid() != 0:
        pytest.skip("this run is unprivileged already: the hostile suite in it is that run")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "unprivileged.py")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, (done.stdout[-6000:], done.stderr[-2000:])
    assert " passed" in done.stdout and "as uid 65534" in done.stdout, done.stdout[-2000:]
