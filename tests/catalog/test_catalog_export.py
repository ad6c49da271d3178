"""`frontiersmith catalog export` writes a native package that `frontiersmith judge` accepts: the
baseline scores 0, a better solver scores more, a closed seed's reference scores 1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from catalog_helpers import default_tests, family

from frontiersmith.tools.judging.packages.native import load_native


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "frontiersmith.cli", *args], capture_output=True, text=True, timeout=300
    )


def _judge(package: Path, solution: Path) -> dict:
    proc = _cli("judge", str(package), str(solution), "--json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_exported_open_family_is_judged_baseline_zero_and_better_solver_positive(tmp_path: Path) -> None:
    dest = tmp_path / "min_true_2sat"
    proc = _cli("catalog", "export", "min_true_2sat", str(dest))
    assert proc.returncode == 0, proc.stderr
    package = load_native(dest)
    assert package.manifest.sense is not None and package.manifest.sense.value == "min"
    assert package.manifest.lineage["parent"] == "two_sat" and package.manifest.lineage["axis"] == "objective"
    # the tests were generated in the sandbox and equal the family's default tests
    assert [t[1] for t in package.tests] == [t.input for t in default_tests("min_true_2sat")]
    assert package.baseline is not None and package.problem.statement == family("min_true_2sat").statement

    baseline = _judge(dest, dest / "baseline.py")
    assert baseline["score"] == 0.0
    assert all(t["verdict"] == "OK" for t in baseline["tests"])
    greedy = _judge(dest, dest / "solutions" / "greedy.py")
    assert greedy["score"] > 0.0


def test_exported_closed_seed_scores_its_reference_one_and_a_wrong_answer_zero(tmp_path: Path) -> None:
    dest = tmp_path / "interval_scheduling"
    assert _cli("catalog", "export", "interval_scheduling", str(dest), "--seed", "3").returncode == 0
    package = load_native(dest)
    assert package.manifest.lineage["seed"] == 3 and len(package.tests) == 6
    assert _judge(dest, dest / "reference.py")["score"] == 1.0
    wrong = tmp_path / "one_interval.py"
    wrong.write_text("import sys\nsys.stdin.read()\nprint(1)\nprint(1)\n")
    report = _judge(dest, wrong)
    assert report["score"] == 0.0 and {t["verdict"] for t in report["tests"]} == {"INVALID"}


def test_export_refuses_a_non_empty_folder_without_touching_it(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    proc = _cli("catalog", "export", "two_sat", str(tmp_path))
    assert proc.returncode == 1
    assert proc.stderr.startswith("error: ") and "not an empty folder" in proc.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]
