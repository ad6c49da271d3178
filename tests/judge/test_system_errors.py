"""SYSTEM_ERROR is the judge's fault: retried once where a busy host causes it, left out of the mean,
counted in the summary, and a package's missing test is such a line instead of a refusal."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from frontiersmith.models import Language, Limits, Normalisation, Program, Verdict, VerifierKind
from frontiersmith.sandbox.base import ExecResult
from frontiersmith.store import open_store
from frontiersmith.tools.formats.frontiercs import import_frontiercs
from frontiersmith.tools.judge import (
    JudgeTest,
    TestResult,
    VerifierSpec,
    judge_solution,
    run_verifier_retrying,
)
from frontiersmith.tools.scoring import aggregate_scores

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
        ((TLE, OK), 2, Verdict.OK),
        ((ExecResult(Verdict.SYSTEM_ERROR), OK), 2, Verdict.OK),
        ((RuntimeError("runner died"), OK), 2, Verdict.OK),
        ((TLE, ExecResult(Verdict.TLE, message="time limit exceeded")), 2, Verdict.TLE),
        ((RuntimeError("runner died"), RuntimeError("again")), 2, Verdict.SYSTEM_ERROR),
    ],
)
async def test_verifier_time_out_or_sandbox_failure_is_retried_exactly_once(outcomes, calls, verdict):
    runs = FakeRuns(*outcomes)
    result = await run_verifier_retrying(runs)
    assert (runs.calls, result.verdict) == (calls, verdict)
    if calls == 2 and verdict is not Verdict.OK:
        assert "tried twice" in result.message


def test_aggregate_leaves_system_errors_out_of_the_mean_and_counts_them():
    def v(verdict: Verdict, score: float = 0.0) -> TestResult:
        return TestResult(name="t", verdict=verdict, score=score)

    summary = aggregate_scores(
        [v(Verdict.OK, 0.5), v(Verdict.SYSTEM_ERROR), v(Verdict.INVALID), v(Verdict.OK, 1)]
    )
    broke = TestResult(
        name="t", verdict=Verdict.SYSTEM_ERROR, score=1.0, counted=True
    )  # the verifier's failure
    assert (aggregate_scores([v(Verdict.OK, 1), broke]).score, aggregate_scores([broke]).judged) == (0.5, 1)
    assert (summary.score, summary.judged, summary.system_errors) == (pytest.approx(0.5), 3, 1)
    assert "1 SYSTEM_ERROR" in summary.describe() and "3 judged" in summary.describe()
    nothing = aggregate_scores([v(Verdict.SYSTEM_ERROR, 1.0), v(Verdict.SYSTEM_ERROR, 1.0)])
    assert (nothing.score, nothing.judged, nothing.could_not_judge) == (0.0, 0, True)
    assert "could not be judged" in nothing.describe()
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
async def test_checker_that_always_times_out_is_system_error_left_out_of_the_mean_and_counted():
    verifier = VerifierSpec(
        Program(code=HANGING_CHECKER, language=Language.CPP),
        kind=VerifierKind.TESTLIB,
        normalisation=Normalisation.CHECKER,
        time_ms=300,
    )
    tests = [JudgeTest(name, f"{name}\n".encode(), b"") for name in ("good1", "hang", "good2")]
    report = await judge_solution(PRINT_X, tests, verifier, LIMITS, backend="process", workers=3)
    by_name = {t.name: t for t in report.tests}
    assert by_name["hang"].verdict is Verdict.SYSTEM_ERROR and "tried twice" in by_name["hang"].message
    assert report.score == pytest.approx(0.25)  # the mean of the two judged tests, not 0.5 / 3
    assert (report.judged, report.system_errors) == (2, 1)
    assert report.to_json()["system_errors"] == 1 and "left out" in report.summary


@pytest.mark.anyio
async def test_a_run_with_only_system_errors_scores_zero_and_says_it_could_not_be_judged():
    broken = VerifierSpec(
        Program(code="int main( {", language=Language.CPP),
        kind=VerifierKind.TESTLIB,
        normalisation=Normalisation.CHECKER,
    )
    report = await judge_solution(PRINT_X, [JudgeTest("1", b"1\n")], broken, LIMITS, backend="process")
    assert (report.score, report.judged, report.system_errors) == (0.0, 0, 1)
    assert report.summary.startswith("could not be judged")


@pytest.fixture
def gap_package(tmp_path: Path) -> Path:
    """The mini package without test 1 (as frontiersmith_152 of the release lacks its 1.in)."""
    root = Path(shutil.copytree(MINI, tmp_path / "gap"))
    (root / "testdata" / "1.in").unlink()
    (root / "testdata" / "1.ans").unlink()
    return root


def test_package_with_a_gap_in_its_numbering_is_judged_on_the_tests_that_exist_by_the_cli(gap_package):
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
    assert (report["judged"], report["system_errors"]) == (2, 1)

    table = subprocess.run(
        [sys.executable, "-m", "frontiersmith.cli", "judge", str(gap_package), str(FIRST_K)]
        + ["--backend", "process", "--show-output"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert table.returncode == 0, table.stderr
    assert "1 SYSTEM_ERROR tests left out of the mean" in table.stdout


@pytest.mark.anyio
async def test_import_of_a_package_with_a_gap_stores_the_tests_that_exist_and_names_the_missing_one(
    gap_package, tmp_path
):
    with open_store(tmp_path / "store.db") as store:
        summary = await import_frontiercs(gap_package, store, backend="process")
        assert sorted(t.name for t in store.list_tests(summary.seed_id)) == ["2", "3"]
    assert len(summary.test_ids) == 2
    assert len(summary.missing) == 1 and "testdata/1.in" in summary.missing[0]


@pytest.mark.anyio
async def test_submit_counts_a_checker_failure_as_zero_and_says_so(tmp_path):
    from frontiersmith.tools.submit import submit

    root = tmp_path / "pkg"
    (root / "testdata").mkdir(parents=True)
    (root / "config.yaml").write_text("type: default\ntime: 1s\nmemory: 256m\nchecker: chk.cc\n")
    # FAIL (exit 3) on the "fail" test, 0.25 on the others: the checker ran to its end and gave no verdict,
    # which counts as 0 (only what the host caused is left out: an output must never gain by a FAIL)
    (root / "chk.cc").write_text(
        HANGING_CHECKER.replace('"hang")) for (volatile long i = 0;; i++) {}', '"fail")) return 3;')
    )
    for name in ("1", "2", "3"):
        (root / "testdata" / f"{name}.in").write_text("fail\n" if name == "2" else "good\n")
    with open_store(tmp_path / "store.db") as store:
        seed_id = (await import_frontiercs(root, store, backend="process")).seed_id
        result = await submit(store, seed_id, "print('x')\n", "python", backend="process")
        stored = store.get_submission(result.submission_id)
    assert result.verdicts == {"OK": 2, "SYSTEM_ERROR": 1}
    assert result.score == pytest.approx(0.5 / 3)
    assert (result.judged, result.system_errors, result.verifier_failures) == (3, 0, 1)
    assert "1 tests on which the verifier failed count as 0" in result.summary
    assert stored.score == pytest.approx(0.5 / 3)
