"""`frontiersmith judge` on a problem id resolves it through the same resolver as `submit` and scores
exactly what `submit` scores, test by test, without storing a submission."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from typer.testing import CliRunner

from frontiersmith.cli import app
from frontiersmith.store import open_store
from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.problems.submit import submit

FAMILY = "coin_denominations"


def test_judging_a_stored_problem_id_scores_what_submit_scores(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FRONTIERSMITH_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("FRONTIERSMITH_SANDBOX_BACKEND", "process")
    solver = get_family(FAMILY).solvers[0].program
    source = tmp_path / f"solver.{'py' if solver.language.value == 'python' else 'cpp'}"
    source.write_text(solver.code)
    with open_store() as store:
        submitted = anyio.run(submit, store, f"catalog/{FAMILY}", solver.code, solver.language)
        before = len(store.tasks.list_submissions(f"catalog/{FAMILY}"))

    out = CliRunner().invoke(app, ["judge", f"catalog/{FAMILY}", str(source), "--json"])
    assert out.exit_code == 0, out.output
    judged = json.loads(out.output)
    assert judged["score"] == pytest.approx(submitted.score, abs=1e-9)
    assert {t["name"]: t["score"] for t in judged["tests"]} == pytest.approx(
        {t.name: t.score for t in submitted.tests}, abs=1e-9
    )
    with open_store() as store:
        assert (
            len(store.tasks.list_submissions(f"catalog/{FAMILY}")) == before
        )  # judging stores no submission


def test_judging_a_path_that_is_not_a_package_says_so(tmp_path) -> None:
    source = tmp_path / "s.py"
    source.write_text("print(1)")
    exe = shutil.which("frontiersmith", path=str(Path(sys.executable).parent)) or "frontiersmith"
    out = subprocess.run(
        [exe, "judge", str(tmp_path / "nowhere" / "pkg"), str(source)],
        env={**os.environ, "FRONTIERSMITH_DATA_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode != 0
    assert "is not a directory" in out.stderr and "Traceback" not in out.stderr
