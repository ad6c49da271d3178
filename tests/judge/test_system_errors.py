"""The denominator is every test: a SYSTEM_ERROR the host caused is retried, and one left leaves the run with
no score (never a mean over the tests that ran); what the output caused counts as 0; a test the package lacks
is no test of the problem."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from frontiersmith.models import Language, Limits, Normalisation, Program, TestResult, Verdict, VerifierKind
from frontiersmith.sandbox.base import ExecResult
from frontiersmith.store import open_store
from frontiersmith.tools.judging.judge import JudgeTest, VerifierSpec, judge_solution, run_verifier_retrying
from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs
from frontiersmith.tools.judging.scoring import aggregate_scores

DATA = Path(__file__).parent / "data"
MINI = DATA / "frontiercs_mini"
FIRST_K = DATA / "solutions" / "first_k.py"
FIRST_K_SCORES = {"1": 13 / 16, "2": 1.0, "3": 19 / 27}
LIMITS = Limits(time_ms=1000, memory_mb=256)


class FakeRuns:
    """A verifier run that gives the scripted outcomes in turn (an exception is raised)."""

    def __init__(self, *outcomes: ExecResult | Exception):
        self.outcomes = list(outcomes)
        self.calls = 0

    async def __call__(self) -> ExecResult:
        outcome = self.outcomes[self.calls]
        self.calls += 1
        if isinstance(outcome, Exception):
            raise outcome
        return outcome


OK = ExecResult(Verdict.OK, exit_code=0)
TLE = ExecResult(Verdict.TLE, message="time limit exceeded")


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("outcomes", "calls", "verdict"),
    [
        ((OK,), 1, Verdict.OK),
        ((ExecResult(Verdict.RE, exit_code=1),), 1, Verdict.RE),  # a checker's own verdict: no retry
        ((TLE,), 1, Verdict.TLE),  # out of CPU time on this output: the output's doing, no retry
        ((ExecResult(Verdict.SYSTEM_ERROR), OK), 2, Verdict.OK),
        ((RuntimeError("runner died"), OK), 2, Verdict.OK),
        ((RuntimeError("runner died"), ExecResult(Verdict.SYSTEM_ERROR), OK), 3, Verdict.OK),
        (
            (RuntimeError("runner died"), RuntimeError("again"), RuntimeError("and again")),
            3,
            Verdict.SYSTEM_ERROR,
        ),
    ],
)
async def test_only_a_host_failure_of_the_verifier_is_retried_and_at_most_three_times(
    outcomes, calls, verdict
):
    runs = FakeRuns(*outcomes)
    result = await run_verifier_retrying(runs)
    assert (runs.calls, result.verdict) == (calls, verdict)
    if calls == 3 and verdict is not Verdict.OK:
        assert "tried 3 times" in result.message


def test_the_mean_is_over_every_test_and_a_host_failure_leaves_no_score():
    def v(verdict: Verdict, score: float = 0.0, **kw: bool) -> TestResult:
        return TestResult(name="t", verdict=verdict, score=score, **kw)

    full = aggregate_scores([v(Verdict.OK, 0.5), v(Verdict.INVALID), v(Verdict.OK, 1), v(Verdict.TLE)])
    assert (full.score, full.judged, full.complete) == (pytest.approx(0.375), 4, True)
    assert "mean of all 4 tests" in full.describe()
    # the verifier's failure on the output counts as 0, in the denominator
    broke = v(Verdict.SYSTEM_ERROR, 1.0, verifier_failed=True)
    assert (aggregate_scores([v(Verdict.OK, 1), broke]).score, aggregate_scores([broke]).judged) == (0.5, 1)
    # a host failure: no score to give, and what is reported never exceeds the mean over every test
    host = aggregate_scores([v(Verdict.OK, 1.0), v(Verdict.SYSTEM_ERROR, 1.0), v(Verdict.OK, 1.0)])
    assert (host.complete, host.system_errors, host.score) == (False, 1, pytest.approx(2 / 3))
    assert host.describe().startswith("could not be judged") and "1 of 3 tests" in host.describe()
    # a test the package lacks is no test of the problem, for every solution alike
    gap = aggregate_scores([v(Verdict.OK, 1.0), v(Verdict.SYSTEM_ERROR, missing=True)])
    assert (gap.score, gap.judged, gap.missing, gap.complete) == (1.0, 1, 1, True)
    assert "1 tests missing from the package" in gap.describe()
    assert aggregate_scores([v(Verdict.CE), v(Verdict.TLE)]).score == 0.0  # the solution's fault counts


# Hangs on the "hang" test, otherwise gives 0.25.
HANGING_CHECKER = r"""
#include <cstdio>
#include <cstring>
int main(int argc, char** argv) {
    char mode[32] = {0};
    FILE* f = fopen(argv[1], "r");
    if (!f || fscanf(f, "%31s", mode) != 1) return 3;
    if (!strcmp(mode, "hang")) for (volatile long i = 0;; i++) {}
    fprintf(stderr, "points 0.25\n");
    return 7;
}
"""
PRINT_X = Program(code="print('x')\n", language=Language.PYTHON)


@pytest.mark.anyio
async def test_a_checker_that_runs_out_of_cpu_on_an_output_counts_as_zero_in_the_mean_of_every_test():
    verifier = VerifierSpec(
        Program(code=HANGING_CHECKER, language=Language.CPP),
        kind=VerifierKind.TESTLIB,
        normalisation=Normalisation.CHECKER,
        time_ms=300,
    )
    tests = [JudgeTest(name, f"{name}\n".encode(), b"") for name in ("good1", "hang", "good2")]
    report = await judge_solution(PRINT_X, tests, verifier, LIMITS, backend="process", workers=3)
    by_name = {t.name: t for t in report.tests}
    assert by_name["hang"].verdict is Verdict.SYSTEM_ERROR and by_name["hang"].verifier_failed
    assert report.score == pytest.approx(0.5 / 3)  # over all three tests: the hung one counts as 0
    assert (report.judged, report.system_errors, report.verifier_failures, report.complete) == (3, 0, 1, True)
    assert report.to_json()["complete"] is True


@pytest.mark.anyio
async def test_a_verifier_that_does_not_compile_leaves_the_run_without_a_score():
    broken = VerifierSpec(
        Program(code="int main( {", language=Language.CPP),
        kind=VerifierKind.TESTLIB,
        normalisation=Normalisation.CHECKER,
    )
    report = await judge_solution(PRINT_X, [JudgeTest("1", b"1\n")], broken, LIMITS, backend="process")
    assert (report.complete, report.judged, report.system_errors) == (False, 0, 1)
    assert report.summary.startswith("could not be judged")


@pytest.fixture
def gap_package(tmp_path: Path) -> Path:
    """The mini package without test 1 (as frontiersmith_152 of the release lacks its 1.in)."""
    root = Path(shutil.copytree(MINI, tmp_path / "gap"))
    (root / "testdata" / "1.in").unlink()
    (root / "testdata" / "1.ans").unlink()
    return root


def test_package_with_a_gap_in_its_numbering_is_judged_on_the_tests_it_has_by_the_cli(gap_package):
    done = subprocess.run(
        [sys.executable, "-m", "frontiersmith.cli", "judge", str(gap_package), str(FIRST_K), "--json"]
        + ["--backend", "process"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    tests = {t["name"]: t for t in report["tests"]}
    assert [t["name"] for t in report["tests"]] == ["1", "2", "3"]
    assert tests["1"]["verdict"] == "SYSTEM_ERROR" and "missing" in tests["1"]["message"]
    assert tests["2"]["score"] == pytest.approx(FIRST_K_SCORES["2"]) and tests["3"]["verdict"] == "OK"
    assert report["score"] == pytest.approx((FIRST_K_SCORES["2"] + FIRST_K_SCORES["3"]) / 2)
    assert (report["judged"], report["system_errors"], report["missing"], report["complete"]) == (
        2,
        0,
        1,
        True,
    )

    table = subprocess.run(
        [sys.executable, "-m", "frontiersmith.cli", "judge", str(gap_package), str(FIRST_K)]
        + ["--backend", "process", "--show-output"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert table.returncode == 0, table.stderr
    assert "1 tests missing from the package are not part of it" in table.stdout


@pytest.mark.anyio
async def test_import_of_a_package_with_a_gap_stores_the_tests_that_exist_and_names_the_missing_one(
    gap_package, tmp_path
):
    with open_store(tmp_path / "store.db") as store:
        summary = await import_frontiercs(gap_package, store, backend="process")
        assert sorted(t.name for t in store.problems.list_tests(summary.problem_id)) == ["2", "3"]
    assert len(summary.test_ids) == 2
    assert len(summary.missing) == 1 and "testdata/1.in" in summary.missing[0]


@pytest.mark.anyio
async def test_submit_counts_a_checker_failure_as_zero_and_says_so(tmp_path):
    from frontiersmith.tools.problems.submit import submit

    root = tmp_path / "pkg"
    (root / "testdata").mkdir(parents=True)
    (root / "config.yaml").write_text("type: default\ntime: 1s\nmemory: 256m\nchecker: chk.cc\n")
    # FAIL (exit 3, its FAIL line written, as testlib writes it) on the "fail" test, 0.25 on the others: the
    # checker could not read the output, which counts as 0 (an output must never gain by a FAIL)
    (root / "chk.cc").write_text(
        HANGING_CHECKER.replace(
            '"hang")) for (volatile long i = 0;; i++) {}',
            '"fail")) { fprintf(stderr, "FAIL the output is not a number\\n"); return 3; }',
        )
    )
    for name in ("1", "2", "3"):
        (root / "testdata" / f"{name}.in").write_text("fail\n" if name == "2" else "good\n")
    with open_store(tmp_path / "store.db") as store:
        seed_id = (await import_frontiercs(root, store, backend="process")).problem_id
        result = await submit(store, seed_id, "print('x')\n", "python", backend="process")
        stored = store.tasks.get_submission(result.submission_id)
    assert result.verdicts == {"OK": 2, "SYSTEM_ERROR": 1}
    assert result.score == pytest.approx(0.5 / 3)
    assert (result.judged, result.system_errors, result.verifier_failures) == (3, 0, 1)
    assert "1 tests on which the verifier failed count as 0" in result.summary
    # the solver is told whose failure it was: its output's, not the judge's
    assert {t.name: t.message for t in result.tests}[
        "2"
    ] == "the checker could not read your output (it counts as 0)"
    assert stored.score == pytest.approx(0.5 / 3)
