"""RL reward throughput: completions judged per second by the batch reward (one sandbox, the task's verifier
compiled once, bounded workers) against verl's one-at-a-time ``compute_score``, in the same run.

Run: ``python bench/reward_throughput.py [--completions 16] [--workers N] [--backend process]``. The task is a
catalog family written as a package (``frontiersmith catalog export``); the completions cycle through its
baseline, a solver, an invalid answer and code that does not compile. Both ways must give the same rewards.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import anyio

from frontiersmith.rewards import GroundTruth, clear_cache
from frontiersmith.rewards.verl import compute_score, compute_score_batch
from frontiersmith.settings import get_settings
from frontiersmith.tools.catalog import get_family
from frontiersmith.tools.catalog.export import export_family

FAMILY = "min_true_2sat"


def completions(n: int) -> list[str]:
    fam = get_family(FAMILY)
    assert fam.baseline is not None
    programs = [
        ("python", fam.baseline.program.code),
        ("python", fam.solvers[0].path.read_text()),
        ("python", "print('not an answer')\n"),
        ("cpp", "int main( {\n"),
    ]
    return [
        f"My answer:\n```{lang}\n{code}```\n"
        for lang, code in (programs[i % len(programs)] for i in range(n))
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--completions", type=int, default=16)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--backend", default=None)
    args = parser.parse_args()
    workers = args.workers or get_settings().workers
    with tempfile.TemporaryDirectory() as tmp:
        package = Path(tmp) / FAMILY
        anyio.run(lambda: export_family(FAMILY, package, backend=args.backend))
        truth = GroundTruth(task_id=f"catalog/{FAMILY}", package=str(package)).dumps()
        texts = completions(args.completions)
        options = {"workers": workers, "backend": args.backend}
        # Load (and compute the baseline's objectives) once, so neither way pays for it in the timing.
        compute_score_batch(["frontiersmith"], texts[:1], [truth], **options)

        start = time.perf_counter()
        one_by_one = [compute_score("frontiersmith", t, truth, None, **options) for t in texts]
        t_one = time.perf_counter() - start
        start = time.perf_counter()
        batch = compute_score_batch(["frontiersmith"] * len(texts), texts, [truth] * len(texts), **options)
        t_batch = time.perf_counter() - start
        clear_cache()
    assert batch == one_by_one, (batch, one_by_one)
    n = len(texts)
    print(f"reward throughput: {n} completions of {FAMILY} ({workers} workers), rewards equal both ways")
    print(f"  one by one (compute_score)      : {n / t_one:7.2f} completions/s  ({t_one:6.2f} s)")
    print(f"  batch (compute_score_batch)     : {n / t_batch:7.2f} completions/s  ({t_batch:6.2f} s)")
    print(f"  speed-up                        : {t_one / t_batch:7.2f}x")


if __name__ == "__main__":
    main()
