"""`evaluate-divergence --solver files:DIR`: what the idea-divergence filter says of a benchmark's problem judged by
its existing solutions, beside the catalog's labelled families: the measures, each gate's decision and why, the
keep rate and the AUCs; solutions already judged are read, not judged again.

The problem is a FrontierCS-shaped package (the heaviest K items) that one exact idea solves: two correct programs
(C++ and Python) tie at the top of each of its three tests, a weaker one (the first K items) falls behind on two.
Its answer files name twice the optimum as the best known, so the exact programs score 0.5, below the ceiling of 1
where a clamped ratio would hide whether two answers are equal. Two tests that separate the solutions are too few
for the default gate, which keeps the tie undecided; a setting that asks for two decides it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from suite_env import run_cli as cli

from frontiersmith.store import open_store

DATA = Path(__file__).parents[1] / "judge" / "data"
EXACT_PY = """n, k = map(int, input().split())
w = list(map(int, input().split()))
top = sorted(range(n), key=lambda i: -w[i])[:k]
print(k)
print(*(i + 1 for i in top))
"""
FAMILIES = "min_true_2sat,min_rooms"  # both carried through every step by the demo: read, not judged again


def test_the_filter_judges_a_benchmark_problem_by_its_solutions_beside_the_catalog(tmp_path, demo_run):
    store = demo_run.copy_to(tmp_path / "store.db")
    env = {"FRONTIERSMITH_STORE_PATH": str(store), "FRONTIERSMITH_SANDBOX_BACKEND": "process"}
    package = tmp_path / "problems" / "mini"
    shutil.copytree(DATA / "frontiercs_mini", package)
    for answer in (package / "testdata").glob("*.ans"):
        answer.write_text(f"{2 * int(answer.read_text().split()[0])}\n")
    assert cli(["import", "frontiercs", str(tmp_path / "problems")], tmp_path, **env).returncode == 0
    folder = tmp_path / "solutions" / "mini"
    folder.mkdir(parents=True)
    shutil.copy(DATA / "solutions" / "best.cpp", folder / "exact.cpp")  # solver "exact", attempt 1
    (folder / "exact_1.py").write_text(EXACT_PY)  # its attempt 2: the same idea in Python
    shutil.copy(DATA / "solutions" / "first_k.py", folder / "firstk.py")
    (folder / "firstk_1.FAILED").write_text("no program")  # no solution at all: left out
    args = ["evaluate-divergence", "--solver", f"files:{folder.parent}", "--family", FAMILIES]

    first = cli([*args, "--json"], tmp_path, timeout=900, **env)
    assert first.returncode == 0, first.stderr[-2000:]
    one = json.loads(first.stdout)
    [p] = one["problems"]
    assert (p["source"], p["solvers"], p["m"]) == ("mini", ["files:exact", "files:firstk"], 3)
    assert p["scores"][0] == [0.5, 0.5, 0.5]
    assert (p["top_ties"], p["separating_tests"], p["positive"], p["kept"]) == (1, 2, 2, True)
    assert [d["verdict"] for d in p["decisions"]] == ["pass", "pass", "pass"]
    assert one["keep_rate"]["contested"]["kept"] == 1 and one["judge"] == "offline"
    fams = {f["family"]: f for f in one["families"]}
    assert set(fams) == {"min_true_2sat", "min_rooms"} and all(f["from_store"] for f in fams.values())
    assert fams["min_true_2sat"]["kept"] and not fams["min_rooms"]["kept"]
    gate_auc = one["auc"]["gate"]
    assert gate_auc["catalog"] == 1.0 and set(gate_auc) == {"problems", "low", "high", "catalog"}

    # Both of exact's attempts: two solutions tie at the top, on two separating tests only.
    second = cli([*args, "--attempts", "2", "--json"], tmp_path, timeout=900, **env)
    [p] = json.loads(second.stdout)["problems"]
    assert p["solvers"] == ["files:exact#1", "files:exact#2", "files:firstk#1"]
    assert (p["top_ties"], p["separating_tests"], p["kept"]) == (2, 2, True)
    [tie] = [d for d in p["decisions"] if d["gate"] == "top tie"]
    assert tie["verdict"] == "undecided" and "only 2 of 3 tests separate the solutions" in tie["reason"]

    # Asked for two separating tests, the gate decides, and the table says why; nothing is judged again. The
    # problem may be named as its benchmark names it (its folder).
    runs_before = len(open_store(store).frontier.list_trajectories())
    text = cli(
        [*args, "--attempts", "2", "--problems", "mini"],
        tmp_path,
        timeout=900,
        FRONTIERSMITH_MIN_SEPARATING_TESTS="2",
        **env,
    )
    assert text.returncode == 0, text.stderr[-2000:]
    out = " ".join(text.stdout.split())
    assert "rejected (top tie)" in out and "one idea reaches the top: 2 of 3 sampled solutions" in out
    assert "kept, contested: 0 of 1" in out and "ROC AUC" in out
    assert len(open_store(store).frontier.list_trajectories()) == runs_before


def test_problems_without_a_solver_is_a_usage_error(tmp_path):
    proc = cli(["evaluate-divergence", "--problems", "all"], tmp_path)
    assert proc.returncode == 2 and "--problems needs --solver files:DIR" in proc.stderr
    proc = cli(["evaluate-divergence", "--solver", "model:x"], tmp_path)
    assert proc.returncode == 2 and "is not files:DIR" in proc.stderr and "Traceback" not in proc.stderr
