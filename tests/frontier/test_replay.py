"""`evaluate --solver files:DIR`: existing solutions (DIR/<problem>/<name>[_k].ext, FrontierCS's layout) replayed
as one solver per name, every file judged as a trajectory; Score@1, Avg@k and Best@k per solver; a replay of
the same files resumes instead of judging again; diagnose reads a replayed solver like any other."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from doc_blocks import commands, doc_block
from suite_env import child_env
from suite_env import run_cli as cli

from frontiersmith.models import FailureType
from frontiersmith.store import Store
from frontiersmith.tools.frontier import diagnose, replay, scores_at
from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs

pytestmark = pytest.mark.anyio

GUESS = Path(__file__).parents[1] / "judge" / "data" / "interactive_guess"
MINI_SOLUTION = Path(__file__).parents[1] / "judge" / "data" / "solutions" / "first_k.py"
LINEAR = (7 / 37 + 0.07 + 1.0) / 3


def solutions(root: Path) -> Path:
    """A FrontierCS-shaped solutions folder for the guessing game (folder "guess", as its package is named)."""
    folder = root / "solutions" / "guess"
    folder.mkdir(parents=True)
    binary, linear = (
        (GUESS / "solutions" / "binary.cpp").read_text(),
        (GUESS / "solutions" / "linear.py").read_text(),
    )
    (folder / "halver.cpp").write_text(binary)  # attempt 1
    (folder / "halver_1.py").write_text(linear)  # attempt 2: a weaker one
    (folder / "halver_2.FAILED").write_text("the model returned no code")  # attempt 3: nothing to judge
    (folder / "counter.py").write_text(linear)
    (folder / "notes.txt").write_text("not an attempt")
    return folder.parent


async def test_files_are_replayed_as_one_solver_per_name_and_scored_at_1_avg_and_best(
    store: Store, settings, tmp_path: Path
) -> None:
    package = tmp_path / "guess"
    shutil.copytree(GUESS, package)
    await import_frontiercs(package, store, settings=settings)
    root = solutions(tmp_path)
    done = await replay(store, root, settings=settings)
    assert done.skipped == {} and done.resumed == 0 and len(done.trajectories) == 4
    by = {(t.solver, t.attempt): t for t in done.trajectories}
    assert by[("files:halver", 1)].score == 1.0
    assert by[("files:halver", 2)].score == pytest.approx(LINEAR, abs=1e-6)
    assert (
        by[("files:halver", 3)].failure is FailureType.NO_SOLUTION
        and "FAILED" in by[("files:halver", 3)].detail
    )
    scores = {s.solver: s for s in scores_at(done.trajectories)}
    halver = scores["files:halver"]
    assert (halver.problems, halver.attempts, halver.score_at_1, halver.best_at_k) == (1, 3, 100.0, 100.0)
    assert halver.avg_at_k == pytest.approx(100 * (1.0 + LINEAR + 0.0) / 3, abs=0.01)
    assert scores["files:counter"].score_at_1 == pytest.approx(100 * LINEAR, abs=0.01)

    again = await replay(store, root, settings=settings)  # the same files: nothing judged again
    assert again.resumed == 4 and sorted(t.id for t in again.trajectories) == sorted(
        t.id for t in done.trajectories
    )
    assert diagnose(store, "files:halver").trajectories == 3


def test_the_cli_replays_a_folder_and_says_which_folders_it_could_not_use(tmp_path: Path) -> None:
    data = tmp_path / "data"
    bench = tmp_path / "problems"
    shutil.copytree(GUESS, bench / "guess")
    assert cli(["import", "frontiercs", str(bench)], data).returncode == 0
    root = solutions(tmp_path)
    (root / "unknown").mkdir()
    (root / "unknown" / "halver.cpp").write_text("int main(){}")
    done = cli(["evaluate", "--solver", f"files:{root}", "--json"], data)
    report = json.loads(done.stdout)
    assert {s["solver"]: s["score_at_1"] for s in report["solvers"]} == {
        "files:halver": 100.0,
        "files:counter": pytest.approx(100 * LINEAR, abs=0.01),
    }
    assert list(report["skipped"]) == ["unknown"] and report["trajectories"] == 4


def test_the_readme_frontiercs_recipe_runs_as_written(tmp_path: Path) -> None:
    """The README's FrontierCS lines, verbatim in a shell, on a checkout of the repository's shape holding our own
    packages (a checker problem and an interactive one) and solutions named like its models'."""
    problems = tmp_path / "Frontier-CS" / "algorithmic" / "problems"
    solutions = tmp_path / "Frontier-CS" / "algorithmic" / "solutions"
    shutil.copytree(GUESS, problems / "7")
    shutil.copytree(Path(__file__).parents[1] / "judge" / "data" / "frontiercs_mini", problems / "8")
    for folder, code in (("7", GUESS / "solutions" / "binary.cpp"), ("8", MINI_SOLUTION)):
        (solutions / folder).mkdir(parents=True)
        for attempt in ("", "_1"):
            (solutions / folder / f"gemini3pro{attempt}{code.suffix}").write_text(code.read_text())
    env = child_env(FRONTIERSMITH_DATA_DIR=str(tmp_path / "data"), FRONTIERSMITH_SANDBOX_BACKEND="process")
    env["PATH"] = (
        f"{Path(sys.executable).parent}:{env.get('PATH', '')}"  # frontiersmith, as make install puts it
    )
    printed = []
    for line in commands(doc_block("README.md", "files:Frontier-CS")):
        done = subprocess.run(
            ["bash", "-c", line], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900
        )
        assert done.returncode == 0, f"$ {line}\n{done.stdout[-1500:]}{done.stderr[-1500:]}"
        printed.append(done.stdout)
    imported, replayed, diagnosed = printed
    assert imported.count("stored:") == 2 and "interactive problem" in imported
    assert "gemini3pro" in replayed and "Score@1" in replayed
    assert "Defect map of files:gemini3pro: 4 attempts on 2 problems" in " ".join(diagnosed.split())
