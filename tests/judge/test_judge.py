"""The judge end to end on real sandboxes: verdicts, scores, and what can never become a score."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from frontiersmith.errors import InvalidInputError
from frontiersmith.models import Language, Limits, Normalisation, Program, Sense, Verdict, VerifierKind
from frontiersmith.tools.judging.judge import JudgeTest, VerifierSpec, baseline_objectives, judge_solution
from frontiersmith.tools.judging.packages import load_package

DATA = Path(__file__).parent / "data"
MINI = DATA / "frontiercs_mini"
SOLUTIONS = DATA / "solutions"
LIMITS = Limits(time_ms=1000, memory_mb=256)
FIRST_K_SCORES = {"1": 13 / 16, "2": 1.0, "3": 19 / 27}


@pytest.fixture
def backend(sandbox_backend: str) -> str:
    """Both sandbox backends (tests/conftest.py: absent components fail in CI, skip only locally)."""
    return sandbox_backend


def cli_judge(*args: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "frontiersmith.cli", "judge", *args, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def program(path: Path) -> Program:
    return Program(code=path.read_text(), language=Language.PYTHON if path.suffix == ".py" else Language.CPP)


def test_frontiercs_package_is_judged_end_to_end_by_the_cli_on_the_process_backend():
    report = cli_judge(str(MINI), str(SOLUTIONS / "first_k.py"), "--backend", "process", "--workers", "2")
    assert [t["name"] for t in report["tests"]] == ["1", "2", "3"]
    assert set(report["tests"][0]) == {"name", "verdict", "score", "time_ms", "memory_kb", "message"}
    for test in report["tests"]:
        assert test["verdict"] == "OK"
        assert test["score"] == pytest.approx(FIRST_K_SCORES[test["name"]], abs=1e-6)
    assert report["score"] == pytest.approx(sum(FIRST_K_SCORES.values()) / 3, abs=1e-6)


@pytest.mark.docker
def test_frontiercs_package_is_judged_end_to_end_by_the_cli_on_docker(docker_required: None):
    report = cli_judge(str(MINI), str(SOLUTIONS / "best.cpp"), "--backend", "docker")
    assert [(t["name"], t["verdict"], t["score"]) for t in report["tests"]] == [
        ("1", "OK", 1.0),
        ("2", "OK", 1.0),
        ("3", "OK", 1.0),
    ]
    assert report["score"] == 1.0


@pytest.mark.anyio
async def test_solution_printing_ratio_and_ok_on_stdout_and_stderr_scores_zero(backend):
    package = load_package(MINI)
    seen: list[tuple[int, int]] = []
    report = await judge_solution(
        program(SOLUTIONS / "cheat.py"),
        package.tests,
        package.verifier,
        package.limits,
        backend=backend,
        workers=2,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert report.score == 0.0
    assert {t.verdict for t in report.tests} == {Verdict.INVALID}
    assert sorted(seen) == [(1, 3), (2, 3), (3, 3)]


# One C++ "checker" whose misbehaviour is chosen by the test input.
BROKEN_CHECKER = r"""
#include <cstdio>
#include <cstdlib>
#include <cstring>
int main(int argc, char** argv) {
    char mode[32] = {0};
    FILE* f = fopen(argv[1], "r");
    if (!f || fscanf(f, "%31s", mode) != 1) return 3;
    if (!strcmp(mode, "crash")) abort();
    if (!strcmp(mode, "hang")) for (volatile long i = 0;; i++) {}
    if (!strcmp(mode, "fail")) { fprintf(stderr, "FAIL Ratio: 1\n"); return 3; }
    if (!strcmp(mode, "odd")) { fprintf(stderr, "points 1\n"); return 5; }
    fprintf(stderr, "points 0.25 Ratio: 0.250000\n");
    return 7;
}
"""

# One native verifier whose misbehaviour is chosen by the test input.
BROKEN_VERIFIER = r"""
import json, sys
mode = open(sys.argv[2]).read().split()[0]
if mode == "crash":
    raise RuntimeError("verifier bug")
if mode == "hang":
    while True:
        pass
if mode == "nonjson":
    print("Ratio: 1")
elif mode == "noobjective":
    print(json.dumps({"feasible": True, "objective": None, "message": ""}))
elif mode == "infeasible":
    print(json.dumps({"feasible": False, "objective": None, "message": "bad"}))
else:
    print(json.dumps({"feasible": True, "objective": 2.0, "message": "fine"}))
"""

ECHO_OK = 'import sys\nprint("ok Ratio: 1")\nprint("Ratio: 1", file=sys.stderr)\n'


@pytest.mark.anyio
async def test_checker_that_crashes_hangs_or_fails_is_system_error_never_a_score(backend):
    tests = [JudgeTest(m, m.encode() + b"\n", b"") for m in ("crash", "hang", "fail", "odd", "good")]
    verifier = VerifierSpec(
        Program(code=BROKEN_CHECKER, language=Language.CPP),
        kind=VerifierKind.TESTLIB,
        normalisation=Normalisation.CHECKER,
        time_ms=1000,
    )
    solution = Program(code=ECHO_OK, language=Language.PYTHON)
    report = await judge_solution(solution, tests, verifier, LIMITS, backend=backend, workers=2)
    by_name = {t.name: t for t in report.tests}
    for name in ("crash", "hang", "fail", "odd"):
        assert (by_name[name].verdict, by_name[name].score) == (Verdict.SYSTEM_ERROR, 0.0), name
    assert (by_name["good"].verdict, by_name["good"].score) == (Verdict.OK, 0.25)


@pytest.mark.anyio
async def test_native_verifier_that_crashes_hangs_or_babbles_is_system_error_never_a_score(backend):
    modes = ("crash", "hang", "nonjson", "noobjective", "infeasible", "good")
    tests = [JudgeTest(m, m.encode() + b"\n") for m in modes]
    verifier = VerifierSpec(
        Program(code=BROKEN_VERIFIER, language=Language.PYTHON),
        sense=Sense.MAX,
        normalisation=Normalisation.PAPER,
        time_ms=1000,
    )
    report = await judge_solution(
        Program(code=ECHO_OK, language=Language.PYTHON),
        tests,
        verifier,
        LIMITS,
        backend=backend,
        workers=2,
        baseline={m: 1.0 for m in modes},
    )
    verdicts = {t.name: (t.verdict, t.score) for t in report.tests}
    for name in ("crash", "hang", "nonjson", "noobjective"):
        assert verdicts[name] == (Verdict.SYSTEM_ERROR, 0.0), name
    assert verdicts["infeasible"] == (Verdict.INVALID, 0.0)
    assert verdicts["good"] == (Verdict.OK, pytest.approx(0.5))  # (2 - 1) / max(2, 1)


@pytest.mark.anyio
async def test_runtime_error_and_compile_error_score_zero():
    tests = [JudgeTest("1", b"good\n")]
    verifier = VerifierSpec(Program(code=BROKEN_VERIFIER, language=Language.PYTHON), sense=Sense.MAX)
    crashed = await judge_solution(
        program(SOLUTIONS / "crash.cpp"), tests, verifier, LIMITS, backend="process", baseline={"1": 1.0}
    )
    assert [(t.verdict, t.score) for t in crashed.tests] == [(Verdict.RE, 0.0)]
    broken = Program(code="int main( {", language=Language.CPP)
    failed = await judge_solution(broken, tests, verifier, LIMITS, backend="process", baseline={"1": 1.0})
    assert failed.verdict is Verdict.CE and failed.compile_message
    assert [(t.verdict, t.score) for t in failed.tests] == [(Verdict.CE, 0.0)]


NATIVE_VERIFIER = r"""
import json, sys
numbers = list(map(int, open(sys.argv[2]).read().split()))
try:
    chosen = list(map(int, open(sys.argv[3]).read().split()))
except ValueError:
    chosen = None
if chosen is None or len(set(chosen)) != len(chosen) or any(not 0 <= i < len(numbers) for i in chosen):
    print(json.dumps({"feasible": False, "objective": None, "message": "not distinct valid indices"}))
elif sum(numbers[i] for i in chosen) > 10:
    print(json.dumps({"feasible": False, "objective": None, "message": "over capacity 10"}))
else:
    print(json.dumps({"feasible": True, "objective": sum(numbers[i] for i in chosen), "message": ""}))
"""
BASELINE = "nums = list(map(int, input().split()))\nprint(0)\n"  # picks the first item only
GREEDY = """
nums = list(map(int, input().split()))
total, chosen = 0, []
for i in sorted(range(len(nums)), key=lambda i: -nums[i]):
    if total + nums[i] <= 10:
        total += nums[i]
        chosen.append(i)
print(*chosen)
"""


def write_native_package(root: Path) -> None:
    (root / "testdata").mkdir(parents=True)
    (root / "testdata" / "1.in").write_text("2 3 9 1\n")
    (root / "testdata" / "2.in").write_text("5 4 4\n")
    (root / "verifier.py").write_text(NATIVE_VERIFIER)
    (root / "baseline.py").write_text(BASELINE)
    (root / "statement.md").write_text("Pick distinct items of total at most 10, as heavy as possible.\n")
    (root / "problem.yaml").write_text(
        "id: capped_subset\ntitle: Capped subset\nsense: max\nnormalisation: paper\ntime_ms: 1000\n"
        "memory_mb: 256\nverifier: {kind: native, file: verifier.py}\nbaseline: {file: baseline.py}\n"
    )


@pytest.mark.anyio
async def test_native_package_scores_with_the_paper_formula_against_the_baseline(tmp_path):
    write_native_package(tmp_path)
    package = load_package(tmp_path)
    solution = Program(code=GREEDY, language=Language.PYTHON)
    report = await judge_solution(
        solution,
        package.tests,
        package.verifier,
        package.limits,
        backend="process",
        baseline=package.baseline,
    )
    assert report.baseline_objectives == {"1": 2.0, "2": 5.0}
    # greedy: test 1 takes 9 + 1 = 10 against 2; test 2 takes 5 + 4 = 9 against 5
    assert [t.score for t in report.tests] == [pytest.approx(0.8), pytest.approx(4 / 9)]
    cached = await baseline_objectives(package.baseline, package.tests, package.verifier, package.limits)
    again = await judge_solution(
        package.baseline, package.tests, package.verifier, package.limits, backend="process", baseline=cached
    )
    assert again.score == 0.0  # the baseline scores 0 against itself


@pytest.mark.anyio
async def test_judging_a_native_verifier_without_a_baseline_is_refused():
    verifier = VerifierSpec(Program(code=NATIVE_VERIFIER, language=Language.PYTHON), sense=Sense.MAX)
    with pytest.raises(InvalidInputError, match="baseline"):
        await judge_solution(
            Program(code=GREEDY, language=Language.PYTHON), [JudgeTest("1", b"1")], verifier, LIMITS
        )
