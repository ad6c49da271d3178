"""The frontiercs export: `frontiersmith judge OUT/task SOL` scores as `submit` does, test by test (the
baseline, the best sampled solution, an invalid one); importing it gives back the same task; the generated
checker uses only testlib's public API; a C++ native verifier is compiled into it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from export_helpers import INVALID_CODE, Published, judge_json, run_cli

from frontiersmith.models import Language, Limits, Objective, ObjectiveKind, Problem, Program, Sense, Task
from frontiersmith.store import Store
from frontiersmith.tools.exports import TaskBundle, export_tasks, load_bundle
from frontiersmith.tools.exports.frontiercs import native_checker, write_frontiercs
from frontiersmith.tools.judging.judge import JudgeTest, VerifierSpec, judge_solution
from frontiersmith.tools.judging.package import JudgePackage
from frontiersmith.tools.judging.packages import load_package
from frontiersmith.tools.problems.submit import submit

pytestmark = pytest.mark.anyio
SANDBOX_DIR = Path(__file__).resolve().parents[2] / "sandbox"


def _file(tmp: Path, program: Program, name: str) -> Path:
    path = tmp / (name + (".py" if program.language is Language.PYTHON else ".cpp"))
    path.write_text(program.code)
    return path


async def test_frontiercs_export_is_judged_as_submit_scores_it_test_by_test(
    published: Published, tmp_path: Path
) -> None:
    out = tmp_path / "fcs"
    manifest = await export_tasks(published.store, "frontiercs", out, settings=published.settings)
    assert {t.task_id for t in manifest.tasks} == {t.id for t in published.tasks.values()}
    cases = []
    for name, task in published.tasks.items():
        bundle = await load_bundle(published.store, task, published.settings)
        assert bundle.best is not None and bundle.package.baseline is not None
        cases.append(("best", task, bundle.best.program))
        if name == "min_true_2sat":
            cases.append(("baseline", task, bundle.package.baseline))
            cases.append(("invalid", task, Program(code=INVALID_CODE, language=Language.PYTHON)))
    for i, (label, task, program) in enumerate(cases):
        folder = out / task.id
        assert sorted(p.name for p in folder.iterdir()) == [
            "chk.cc",
            "config.yaml",
            "statement.txt",
            "testdata",
        ]
        if task.id == published.tasks["min_true_2sat"].id:  # the command, for baseline, best and invalid
            judged = judge_json(published.data_dir, str(folder), _file(tmp_path, program, f"sol{i}"))
        else:  # what the command runs, in-process (the other verifiers' best solutions)
            package = load_package(folder)
            report = await judge_solution(program, package.tests, package.verifier, package.limits)
            judged = report.to_json()
        submitted = await submit(
            published.store, task.id, program.code, program.language, settings=published.settings
        )
        assert [t["verdict"] for t in judged["tests"]] == [t.verdict.value for t in submitted.tests]
        assert [t["score"] for t in judged["tests"]] == pytest.approx(
            [t.score for t in submitted.tests], abs=1e-6
        )
        assert judged["score"] == pytest.approx(submitted.score, abs=1e-6)
        if label == "invalid":
            assert {t.verdict.value for t in submitted.tests} == {"INVALID"}
        assert (submitted.score > 0.0) is (label == "best"), label  # the baseline scores 0 against itself


async def test_importing_a_frontiercs_export_gives_back_the_same_task(
    published: Published, tmp_path: Path
) -> None:
    task = published.tasks["weighted_tardiness"]
    out = tmp_path / "fcs"
    await export_tasks(published.store, "frontiercs", out, tasks=task.id, settings=published.settings)
    config = yaml.safe_load((out / task.id / "config.yaml").read_text())
    assert config["lineage"]["task"] == task.id and config["subtasks"] == [
        {"score": 100, "n_cases": len(task.test_ids)}
    ]

    fresh = tmp_path / "fresh"
    fresh.mkdir()
    [outcome] = json.loads(run_cli(fresh, "import", "frontiercs", str(out / task.id), "--json").stdout)
    summary = outcome["stored"]
    original = await load_bundle(published.store, task, published.settings)
    with Store(fresh / "store.db") as store:
        seed = store.seeds.get(summary["problem_id"])
        assert seed.problem.statement == task.problem.statement and seed.problem.title == task.problem.title
        assert seed.problem.limits.time_ms == task.problem.limits.time_ms
        tests = store.problems.list_tests(seed.id)
        assert [store.blobs.get(t.input_hash) for t in sorted(tests, key=lambda t: int(t.name))] == [
            t.input for t in original.package.tests
        ]
        assert original.best is not None
        best = original.best.program
        imported = await submit(store, seed.id, best.code, best.language, settings=published.settings)
    submitted = await submit(published.store, task.id, best.code, best.language, settings=published.settings)
    assert [t.score for t in imported.tests] == pytest.approx([t.score for t in submitted.tests], abs=1e-6)
    assert imported.score == pytest.approx(submitted.score, abs=1e-6) and imported.score > 0


# testlib's public API as its documentation gives it, and nothing else: a checker that compiles against this
# uses no name only FrontierSmith's testlib.h has.
STRICT_TESTLIB = """#pragma once
#include <string>
enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3, _dirt = 4, _points = 5 };
struct InStream {
    std::string readToken();
    std::string readWord();
    bool seekEof();
    bool eof();
};
extern InStream inf, ouf, ans;
void registerTestlibCmd(int argc, char *argv[]);
void registerInteraction(int argc, char *argv[]);
[[noreturn]] void quitf(TResult result, const char *format, ...);
template <typename F> [[noreturn]] void quitp(F points, const char *format, ...);
"""


async def test_generated_checker_uses_only_testlibs_public_api(published: Published, tmp_path: Path) -> None:
    gxx = shutil.which("g++")
    assert gxx, "g++ is needed to compile checkers"
    (tmp_path / "strict").mkdir()
    (tmp_path / "strict" / "testlib.h").write_text(STRICT_TESTLIB)
    bundle = await load_bundle(published.store, published.tasks["max_3sat"], published.settings)
    (tmp_path / "chk.cc").write_text(native_checker(bundle))
    # FRONTIERSMITH_REAL_TESTLIB: a folder holding the real testlib.h, where one is at hand (none is packaged)
    real = (
        [Path(os.environ["FRONTIERSMITH_REAL_TESTLIB"])]
        if os.environ.get("FRONTIERSMITH_REAL_TESTLIB")
        else []
    )
    for include in (tmp_path / "strict", SANDBOX_DIR, *real):
        done = subprocess.run(
            [gxx, "-std=gnu++17", "-fsyntax-only", "-I", str(include), str(tmp_path / "chk.cc")],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, f"{include}: {done.stderr[-2000:]}"


# A native C++ verifier written as people write them: bits/stdc++.h, using namespace std, a global named
# like testlib's answer stream, exit() from the middle. Input: N. Output: x in 1..N. Objective: x (max).
CPP_VERIFIER = r"""#include <bits/stdc++.h>
using namespace std;
long long ans;  // testlib has a global of this name: the verifier must live apart from it
int main(int argc, char **argv) {
    if (argc != 4 || string(argv[1]) != "verify") return 2;
    ifstream in(argv[2]), out(argv[3]);
    long long n; in >> n;
    string token;
    if (!(out >> token)) { cout << "{\"feasible\": false, \"message\": \"empty\"}" << endl; exit(0); }
    if (token == "crash") abort();
    try { ans = stoll(token); } catch (...) { printf("{\"feasible\": false, \"message\": \"not a number\"}\n"); return 0; }
    if (ans < 1 || ans > n) { printf("{\"feasible\": false, \"message\": \"out of range\"}\n"); return 0; }
    printf("{\"feasible\": true, \"objective\": %lld, \"message\": \"x = %lld\"}\n", ans, ans);
    return 0;
}
"""


async def test_a_cpp_native_verifier_is_compiled_into_the_checker(tmp_path: Path) -> None:
    problem = Problem(
        id="task_cpp",
        title="Pick a big number",
        statement="Print an integer x with 1 <= x <= N.",
        objective=Objective(kind=ObjectiveKind.OPTIMISE, sense=Sense.MAX, formula="x"),
        limits=Limits(time_ms=2000, memory_mb=256),
    )
    verifier = VerifierSpec(program=Program(code=CPP_VERIFIER, language=Language.CPP), sense=Sense.MAX)
    tests = [JudgeTest(str(i), f"{n}\n".encode()) for i, n in enumerate((10, 1000, 7), 1)]
    baseline = Program(code="print(1)\n", language=Language.PYTHON)
    package = JudgePackage("task", problem, verifier, tests, problem.limits, baseline=baseline)
    task = Task(
        id="task_cpp", candidate_id="cand_cpp", problem=problem, verifier_id="v", baseline_solution_id="b"
    )
    objectives = {t.name: 1.0 for t in tests}
    bundle = TaskBundle(task, package, objectives, None, [], "0" * 64)
    write_frontiercs(bundle, tmp_path / "cpp")
    exported = load_package(tmp_path / "cpp")
    half = Program(code="n = int(input())\nprint(max(1, n // 2))\n", language=Language.PYTHON)
    for code in (half.code, "print(0)\n", "print('crash')\n", "print('x')\n"):
        program = Program(code=code, language=Language.PYTHON)
        native = await judge_solution(program, tests, verifier, problem.limits, baseline=objectives)
        checker = await judge_solution(program, exported.tests, exported.verifier, exported.limits)
        assert [t.verdict for t in checker.tests] == [t.verdict for t in native.tests], code
        assert [t.score for t in checker.tests] == pytest.approx([t.score for t in native.tests], abs=1e-6)
        assert checker.score == pytest.approx(native.score, abs=1e-6)
    assert native.score == 0.0 and checker.verifier_failures == 0  # 'x' is infeasible, not a verifier failure
