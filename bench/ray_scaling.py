"""Ray scaling bench: judge throughput on ONE job set, the local executor against Ray with 1 and 2 workers,
in one run (so the ratios are measured under the same machine load).

Run: ``python bench/ray_scaling.py [--solutions 8] [--tests 12] [--test-ms 60] [--rounds 2]``. Each job is a
C++ solution (a CPU-bound loop of about ``--test-ms`` per test) on a shared suite, judged by a C++ native
verifier. Each configuration opens its executor (Ray: its actors; the local Ray cluster itself is started once,
before any timing) and judges every job, ``--rounds`` times in alternation; the best round counts. Goals:
Ray's overhead at 1 worker <= 15% over the local executor with 1 test at a time; 2 workers >= 1.7x
one worker on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import anyio

sys.path.insert(0, str(Path(__file__).parent))
from judge_overhead import BUSY, _compile_on_host, calibrate_busy  # noqa: E402

from frontiersmith.models import Language, Limits, Program, Sense, VerifierKind  # noqa: E402
from frontiersmith.settings import get_settings  # noqa: E402
from frontiersmith.tools.judging.executor import get_executor
from frontiersmith.tools.judging.jobs import JudgeJob
from frontiersmith.tools.judging.judge import JudgeTest, VerifierSpec  # noqa: E402

VERIFIER = r"""
#include <cstdio>
#include <cstring>
int main(int argc, char** argv) {
    if (argc < 4 || strcmp(argv[1], "verify") != 0) return 2;
    FILE* out = fopen(argv[3], "r"); unsigned long long v = 0;
    bool ok = out && fscanf(out, "%llu", &v) == 1;
    printf("{\"feasible\": %s, \"objective\": %d, \"message\": \"\"}\n", ok ? "true" : "false", ok ? 1 : 0);
}
"""


def job_set(solutions: int, tests: int, loop_n: int) -> list[JudgeJob]:
    suite = tuple(JudgeTest(name=str(i), input=f"{loop_n + i}\n".encode()) for i in range(tests))
    verifier = VerifierSpec(
        program=Program(code=VERIFIER, language=Language.CPP), kind=VerifierKind.NATIVE, sense=Sense.MAX
    )
    baseline = {t.name: 1.0 for t in suite}
    return [
        # each solution's source differs (a comment), so each job compiles its own, as real jobs do
        JudgeJob(
            f"job-{k}",
            Program(code=BUSY + f"// {k}\n", language=Language.CPP),
            suite,
            verifier,
            Limits(time_ms=5000),
            baseline=baseline,
        )
        for k in range(solutions)
    ]


async def timed(
    executor: str, workers: int, jobs: list[JudgeJob], warmup: list[JudgeJob]
) -> tuple[float, float]:
    """(seconds to start the executor and judge a warm-up job per worker slot: start-up, paid once per
    worker; seconds to judge ``jobs`` on the warm executor: throughput)."""
    settings = get_settings().model_copy(update={"sandbox_backend": "process", "sandbox_fast_runs": True})
    started = time.perf_counter()
    async with get_executor(settings, executor, workers=workers) as ex:
        await ex.map_judge(warmup[: 2 * workers])
        warm = time.perf_counter()
        reports = await ex.map_judge(jobs)
        elapsed = time.perf_counter() - warm
    bad = [t.message for r in reports.values() for t in r.tests if t.verdict.value != "OK"]
    assert not bad, bad[:3]
    return warm - started, elapsed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--solutions", type=int, default=8)
    ap.add_argument("--tests", type=int, default=12)
    ap.add_argument("--test-ms", type=float, default=60.0)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    import ray

    with tempfile.TemporaryDirectory() as tmp:
        loop_n = calibrate_busy(_compile_on_host(BUSY, Path(tmp) / "busy"), args.test_ms)
    jobs = job_set(args.solutions, args.tests, loop_n)
    warmup = [replace(j, id=f"warm-{j.id}", tests=j.tests[:1]) for j in job_set(4, 1, loop_n)]
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    configs = [("local", 1), ("local", 2), ("ray", 1), ("ray", 2)]
    best: dict[tuple[str, int], float] = {}
    startup: dict[tuple[str, int], float] = {}
    try:
        for _ in range(args.rounds):
            for name, workers in configs:
                up, t = anyio.run(timed, name, workers, jobs, warmup)
                best[(name, workers)] = min(t, best.get((name, workers), t))
                startup[(name, workers)] = min(up, startup.get((name, workers), up))
    finally:
        ray.shutdown()
    n_tests = args.solutions * args.tests
    rows = {
        f"{name} x{w}": {
            "startup_s": round(startup[(name, w)], 2),
            "seconds": round(t, 2),
            "tests_per_s": round(n_tests / t, 1),
        }
        for (name, w), t in best.items()
    }
    overhead = best[("ray", 1)] / best[("local", 1)] - 1
    speedup = best[("ray", 1)] / best[("ray", 2)]
    summary = {
        "jobs": args.solutions,
        "tests_per_job": args.tests,
        "test_ms": args.test_ms,
        "cores": os.cpu_count(),
        "load_1min": round(os.getloadavg()[0], 2),
        "configs": rows,
        "ray_overhead_at_1_worker": round(overhead, 3),
        "ray_speedup_2_vs_1_workers": round(speedup, 2),
        "local_speedup_2_vs_1": round(best[("local", 1)] / best[("local", 2)], 2),
    }
    if args.json:
        print(json.dumps(summary, indent=1))
        return
    print(
        f"{n_tests} tests ({args.solutions} jobs x {args.tests}), "
        f"{1000 * best[('local', 1)] / n_tests:.0f} ms each one at a time "
        f"(calibrated for {args.test_ms:.0f} ms on a quiet core), "
        f"{os.cpu_count()} cores, load {summary['load_1min']}"
    )
    print(f"{'executor':<12}{'start-up s':>11}{'warm s':>10}{'tests/s':>10}")
    for name, row in rows.items():
        print(f"{name:<12}{row['startup_s']:>11.2f}{row['seconds']:>10.2f}{row['tests_per_s']:>10.1f}")
    print(f"Ray overhead at 1 worker: {overhead:+.1%} (goal <= 15%)")
    print(
        f"Ray 2 workers vs 1: {speedup:.2f}x (goal >= 1.7x); local 2 vs 1: {summary['local_speedup_2_vs_1']}x"
    )


if __name__ == "__main__":
    main()
