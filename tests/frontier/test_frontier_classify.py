"""The diagnoser's taxonomy on judged results (no sandbox: the results are the judge's records) and the
reading of what a solver printed into code."""

from __future__ import annotations

from frontiersmith.models import FailureType, Language, TestInfo, TestResult, Trajectory, Verdict
from frontiersmith.tools.frontier import classify, find_program
from frontiersmith.tools.frontier.diagnose import build_defect_map, entropy

INFO = {
    "small-1": TestInfo(distribution="small", input_bytes=40, n=10),
    "mid-1": TestInfo(distribution="mid", input_bytes=4000, n=1000),
    "large-1": TestInfo(distribution="large", input_bytes=400000, n=100000),
}


def results(**verdicts: tuple[Verdict, float]) -> list[TestResult]:
    return [TestResult(name=n.replace("_", "-"), verdict=v, score=s) for n, (v, s) in verdicts.items()]


def test_a_time_out_names_the_input_size_where_it_starts() -> None:
    found = classify(
        results(small_1=(Verdict.OK, 0.5), mid_1=(Verdict.TLE, 0.0), large_1=(Verdict.TLE, 0.0)),
        INFO,
        best=0.5,
    )
    assert found.failure is FailureType.TIME_OUT
    assert "time-outs start at n=1000" in found.detail and "largest input passed below it: 10" in found.detail
    assert found.size == "n~1e3" and found.distribution in ("mid", "large")


def test_invalid_output_names_the_constraint_the_verifier_named() -> None:
    found = classify(
        results(small_1=(Verdict.OK, 0.5), mid_1=(Verdict.INVALID, 0.0), large_1=(Verdict.OK, 0.4)),
        INFO,
        best=0.5,
        constraints={"mid-1": "clause # is unsatisfied"},
    )
    assert found.failure is FailureType.INVALID_OUTPUT and "clause # is unsatisfied" in found.detail
    assert found.distribution == "mid"


def test_failing_only_one_distribution_is_a_near_success_naming_it() -> None:
    found = classify(
        results(small_1=(Verdict.OK, 0.5), mid_1=(Verdict.OK, 0.5), large_1=(Verdict.OK, 0.1)),
        INFO,
        best=0.5,
        best_per_test={"small-1": 0.5, "mid-1": 0.5, "large-1": 0.5},
    )
    assert found.failure is FailureType.NEAR_SUCCESS
    assert found.distribution == "large" and "(large)" in found.detail


def test_below_baseline_suboptimal_near_and_success_by_the_best_known_score() -> None:
    ok = {n: (Verdict.OK, s) for n, s in (("small_1", 0.3), ("mid_1", 0.3), ("large_1", 0.3))}
    assert classify(results(**ok), INFO, best=0.3).failure is FailureType.SUCCESS
    assert classify(results(**ok), INFO, best=0.31).failure is FailureType.NEAR_SUCCESS
    assert classify(results(**ok), INFO, best=0.9).failure is FailureType.SUBOPTIMAL
    zero = {n: (Verdict.OK, 0.0) for n in ok}
    assert classify(results(**zero), INFO, best=0.9).failure is FailureType.BELOW_BASELINE
    # matching the baseline is no success even when nothing known beats it
    assert classify(results(**zero), INFO, best=0.0).failure is FailureType.BELOW_BASELINE
    assert classify(results(**ok), INFO, best=0.3, compile_error=True).failure is FailureType.COMPILE_ERROR


def test_code_is_read_from_fences_or_a_bare_program_and_bad_output_says_why() -> None:
    assert find_program("Here:\n```cpp\nint main(){}\n```\n") == ("int main(){}\n", Language.CPP, "")
    assert find_program("```python\nprint(1)\n```")[1] is Language.PYTHON
    assert find_program("import sys\nprint(sys.stdin.read())\n")[1] is Language.PYTHON
    assert find_program("#include <cstdio>\nint main(){}")[1] is Language.CPP
    assert find_program("")[2] == "no code: the solver printed nothing"
    assert find_program("```rust\nfn main() {}\n```")[2].startswith("wrong language: rust")
    assert find_program("I think the answer is a greedy algorithm.")[2].startswith("no code")


def test_clusters_group_failures_by_type_and_features_with_their_anchors() -> None:
    def traj(i: int, pid: str, attempt: int, failure: FailureType, score: float) -> Trajectory:
        return Trajectory(
            id=f"traj_{i}", solver="s", problem_id=pid, attempt=attempt, failure=failure, score=score
        )

    trajs = [
        traj(1, "p1", 1, FailureType.TIME_OUT, 0.0),
        traj(2, "p1", 2, FailureType.SUCCESS, 0.8),
        traj(3, "p2", 1, FailureType.TIME_OUT, 0.0),
        traj(4, "p3", 1, FailureType.INVALID_OUTPUT, 0.0),
    ]
    features = {"p1": {"family": "f"}, "p2": {"family": "f"}, "p3": {"family": "g", "axis": "input"}}
    dm = build_defect_map("s", trajs, features)
    assert [c.key for c in dm.clusters] == ["time_out|family=f", "invalid_output|axis=input|family=g"]
    top = dm.clusters[0]
    assert top.attempts == 2 and top.problems == ["p1", "p2"] and top.examples == ["traj_1", "traj_3"]
    assert top.success_rate == 1 / 3 and top.attempts_to_first_success == 2.0
    assert top.score_entropy == round(entropy([0.0, 0.8, 0.0]), 4) > 0
    assert dm.failures == {"time_out": 2, "success": 1, "invalid_output": 1} and dm.success_rate == 0.25
    assert "times out" in top.label
