"""Seed import bench: rows per second and peak memory of ``seeds import`` on generated CodeContests rows.

Run: ``python bench/seed_import.py [--sizes 10000 100000] [--formats jsonl parquet] [--jobs 1 2]``. Each
(format, size, jobs) is imported without reference validation into a fresh store, in its own subprocess so its
peak resident memory (``ru_maxrss``) is its own; with ``--jobs`` N > 1 (``seeds import --jobs``) the workers'
peak is shown too (the largest one). Each row has a unique statement, 5 tests (1 public, 2 private, 2 generated), a C++,
a Python 3 and a Java solution (the Java one left out) and an incorrect one. Prints one table (rows per second
of wall time, and per CPU second, which a busy machine does not skew) and, per format, the ratio of the largest
size's peak memory to the smallest's: flat memory is a ratio near 1 (the goal: at least 2,000 rows/s, memory
flat in the row count).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

GOAL_ROWS_PER_S = 2000
SOLUTION_CPP = (
    '#include <cstdio>\nint main(){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}\n'
)
SOLUTION_PY = "a, b = map(int, input().split())\nprint(a + b)\n"
SOLUTION_JAVA = "class Main { public static void main(String[] a) {} }\n"


def codecontests_row(i: int) -> dict[str, Any]:
    """A row of CodeContests' shape, its statement unique to ``i`` (so no row is a duplicate of another)."""

    def tests(n: int, offset: int) -> dict[str, list[str]]:
        pairs = [(i * 31 + offset + k, k + 7) for k in range(n)]
        return {"input": [f"{a} {b}\n" for a, b in pairs], "output": [f"{a + b}\n" for a, b in pairs]}

    return {
        "name": f"{1000 + i}_A. Sum number {i}",
        "description": (
            f"Problem {i}. You are given two integers a and b. Print a + b.\n\nInput\n\nOne line holds a and b "
            f"(1 ≤ a, b ≤ {10**9 + i}).\n\nOutput\n\nPrint one integer: the sum.\n"
        ),
        "public_tests": tests(1, 0),
        "private_tests": tests(2, 100),
        "generated_tests": tests(2, 200),
        "source": 2,
        "difficulty": 7,
        "solutions": {"language": [2, 3, 4], "solution": [SOLUTION_CPP, SOLUTION_PY, SOLUTION_JAVA]},
        "incorrect_solutions": {"language": [3], "solution": ["print(0)\n"]},
        "cf_contest_id": 1000 + i,
        "cf_index": "A",
        "cf_points": 500.0,
        "cf_rating": 800 + (i % 20) * 100,
        "cf_tags": ["math", "implementation"],
        "is_description_translated": False,
        "untranslated_description": "",
        "time_limit": {"seconds": 2, "nanos": 0},
        "memory_limit_bytes": 256 * 2**20,
        "input_file": "",
        "output_file": "",
    }


def write_rows(path: Path, size: int) -> None:
    """Write ``size`` rows as JSONL or Parquet, a chunk at a time (the parent stays small too)."""
    chunk = 5000
    if path.suffix == ".jsonl":
        with path.open("w") as handle:
            for i in range(size):
                handle.write(json.dumps(codecontests_row(i)) + "\n")
        return
    import pyarrow as pa
    import pyarrow.parquet as pq

    writer = None
    try:
        for start in range(0, size, chunk):
            table = pa.Table.from_pylist(
                [codecontests_row(i) for i in range(start, min(size, start + chunk))]
            )
            if writer is None:
                writer = pq.ParquetWriter(path, table.schema)
            writer.write_table(table)
    finally:
        if writer is not None:
            writer.close()


def child(path: Path, store_path: Path, jobs: int) -> None:
    """Import ``path`` into a fresh store; print one JSON line of what it cost."""
    import anyio

    from frontiersmith.settings import Settings
    from frontiersmith.store import open_store
    from frontiersmith.tools.seeds.importer import import_seeds

    settings = Settings(store_path=store_path)

    async def run() -> Any:
        with open_store(store_path, settings) as store:
            return await import_seeds(path, store, validate=False, settings=settings, jobs=jobs)

    started, cpu_started = time.perf_counter(), _cpu_s()
    summary = anyio.run(run)
    seconds, cpu_s = time.perf_counter() - started, _cpu_s() - cpu_started
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    worker_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert summary.stored == summary.rows, (summary.stored, summary.rows, summary.skipped_rows[:3])
    print(
        json.dumps(
            {
                "rows": summary.rows,
                "seconds": seconds,
                "cpu_s": cpu_s,
                "peak_mb": peak_kib / 1024,
                "worker_peak_mb": worker_kib / 1024 if jobs > 1 else 0.0,
            }
        )
    )


def _cpu_s() -> float:
    """CPU seconds of this process and of its finished workers."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def measure(path: Path, store_path: Path, jobs: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(path), str(store_path), str(jobs)],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "FRONTIERSMITH_STORE_PATH": str(store_path)},
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--formats", nargs="+", choices=["jsonl", "parquet"], default=["jsonl", "parquet"])
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="seeds import --jobs values")
    parser.add_argument("--child", nargs=3, metavar=("FILE", "STORE", "JOBS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(Path(args.child[0]), Path(args.child[1]), int(args.child[2]))
        return
    results: dict[tuple[str, int, int], dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="seed-import-bench-") as tmp:
        for fmt in args.formats:
            for size in args.sizes:
                data = Path(tmp) / f"rows-{size}.{fmt}"
                write_rows(data, size)
                for jobs in args.jobs:
                    results[fmt, size, jobs] = measure(
                        data, Path(tmp) / f"store-{fmt}-{size}-{jobs}.db", jobs
                    )
                data.unlink()
    _report(results, args.sizes, args.formats, args.jobs)


def _report(
    results: dict[tuple[str, int, int], dict[str, float]],
    sizes: list[int],
    formats: list[str],
    jobs: list[int],
) -> None:
    print(
        f"{'format':<8} {'rows':>8} {'jobs':>5} {'seconds':>9} {'rows/s':>9} {'rows/cpu-s':>11} {'peak MB':>9} "
        f"{'worker MB':>10}"
    )
    for (fmt, size, n), r in results.items():
        print(
            f"{fmt:<8} {size:>8} {n:>5} {r['seconds']:>9.1f} {r['rows'] / r['seconds']:>9.0f} "
            f"{r['rows'] / r['cpu_s']:>11.0f} {r['peak_mb']:>9.1f} {r['worker_peak_mb'] or float('nan'):>10.1f}"
        )
    low, high = min(sizes), max(sizes)
    for fmt in formats:
        for n in jobs:
            wall = min(results[fmt, s, n]["rows"] / results[fmt, s, n]["seconds"] for s in sizes)
            cpu = min(results[fmt, s, n]["rows"] / results[fmt, s, n]["cpu_s"] for s in sizes)
            ratio = results[fmt, high, n]["peak_mb"] / results[fmt, low, n]["peak_mb"]
            verdict = "meets" if wall >= GOAL_ROWS_PER_S else "misses"
            print(
                f"{fmt} --jobs {n}: peak memory {high} rows / {low} rows = {ratio:.2f}; slowest {wall:.0f} rows/s "
                f"({verdict} the goal of {GOAL_ROWS_PER_S}), {cpu:.0f} rows per CPU second"
            )


if __name__ == "__main__":
    main()
