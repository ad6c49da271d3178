"""The public FrontierCS benchmark as a real workload: every problem imported, real model solutions replayed.

Run: ``python bench/frontiercs.py DIR [--models gemini3pro,gpt5] [--problems N] [--attempts 5]
[--out docs/benchmarks/frontiercs.md]`` where DIR is a checkout of FrontierCS/Frontier-CS (or its
``algorithmic`` folder). In a fresh data dir it:

1. imports every problem of ``algorithmic/problems`` (``import frontiercs``: default and interactive ones,
   each stored or refused with its reason), timing it;
2. replays the chosen models' solutions from ``algorithmic/solutions/<pid>/<model>[_k].cpp`` on the first N
   imported problems that have them (``evaluate --solver files:DIR``: one solver per model, every attempt a
   trajectory, the problem's files judged as one batch on the local executor);
3. prints, per model, Score@1 / Avg@k / Best@k over the problems judged (x100, the mean over problems, as the
   FrontierSmith paper reports FrontierCS), the judge's throughput (solutions per minute of wall time, with the
   machine's load average beside it) and the share of the benchmark's problems judged.

The table is written as markdown with the date, the machine, the checkout's commit and the command. The
checkout's statements, checkers and solutions are read in place and never copied into this repository.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import anyio

ROOT = Path(__file__).resolve().parents[1]


def checkout_commit(root: Path) -> str:
    done = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() if done.returncode == 0 else "(not a git checkout)"


def algorithmic(root: Path) -> Path:
    for candidate in (root / "algorithmic", root):
        if (candidate / "problems").is_dir() and (candidate / "solutions").is_dir():
            return candidate
    raise SystemExit(
        f"{root} holds no algorithmic/problems and algorithmic/solutions; pass a FrontierCS checkout."
    )


def stage_solutions(solutions: Path, folders: list[str], models: list[str], attempts: int, dest: Path) -> int:
    """Links to the chosen models' first ``attempts`` files of each folder, in the files:DIR layout; their count."""
    from frontiersmith.tools.frontier.solvers import solution_files

    chosen = [
        f
        for f in solution_files(solutions)
        if f.problem in folders and f.solver in models and f.attempt <= attempts
    ]
    for f in chosen:
        (dest / f.problem).mkdir(parents=True, exist_ok=True)
        (dest / f.problem / f.path.name).symlink_to(f.path)
    return len(chosen)


async def run(args: argparse.Namespace) -> str:
    from frontiersmith.metering import metered
    from frontiersmith.settings import get_settings
    from frontiersmith.store import open_store
    from frontiersmith.tools.frontier import replay, scores_at
    from frontiersmith.tools.judging.packages.frontiercs import import_frontiercs_tree

    settings = get_settings()
    bench = algorithmic(Path(args.dir).expanduser().resolve())
    lines: list[str] = []
    with open_store(None, settings) as store:
        started = time.monotonic()
        outcomes = await import_frontiercs_tree(
            bench / "problems",
            store,
            settings=settings,
            progress=lambda d, t, name: print(f"import {d}/{t} {name}", file=sys.stderr),
        )
        import_s = time.monotonic() - started
        stored = [o for o in outcomes if o.stored is not None]
        interactive = sum(o.stored.type == "interactive" for o in stored if o.stored is not None)
        reasons = Counter(_reason(o.refused) for o in outcomes if o.stored is None)
        folders = [Path(o.path).name for o in stored][: args.problems]
        models = [m.strip() for m in args.models.split(",") if m.strip()]
        with tempfile.TemporaryDirectory(prefix="fs-bench-solutions-") as tmp:
            staged = stage_solutions(bench / "solutions", folders, models, args.attempts, Path(tmp))
            started, load_before = time.monotonic(), os.getloadavg()[1]
            with (
                metered() as meter
            ):  # the sandboxed runs of the solutions: their CPU time, as every run is charged
                done = await replay(
                    store,
                    Path(tmp),
                    attempts=args.attempts,
                    settings=settings,
                    progress=lambda line: print(line, file=sys.stderr),
                )
            replay_s, load_after = time.monotonic() - started, os.getloadavg()[1]
        scores = scores_at(done.trajectories)
        judged_problems = len({t.problem_id for t in done.trajectories})
    lines += [
        f"# FrontierCS, replayed ({time.strftime('%Y-%m-%d')})",
        "",
        f"- Machine: {platform.machine()}, {os.cpu_count()} cores, {platform.platform()}; Python "
        f"{platform.python_version()}; sandbox backend {settings.sandbox_backend}, {settings.workers} workers.",
        f"- FrontierCS checkout: commit `{args.commit or checkout_commit(bench.parent if bench.name == 'algorithmic' else bench)}`.",
        f"- Command: `python bench/frontiercs.py DIR --models {','.join(models)} --problems {args.problems} "
        f"--attempts {args.attempts}`.",
        "",
        "## Import",
        "",
        f"{len(stored)} of {len(outcomes)} problems imported ({interactive} interactive) in {import_s:.0f} s "
        "(each checker or interactor compiled in the sandbox, or taken from the compile cache of an earlier run "
        "with --data).",
        "",
    ]
    if reasons:
        lines += ["| refused because | problems |", "| --- | ---: |"]
        lines += [f"| {why} | {n} |" for why, n in reasons.most_common()]
        lines.append("")
    lines += [
        "## Real model solutions",
        "",
        f"{staged} solution files of {len(models)} models on {len(folders)} problems; {len(done.trajectories)} "
        f"attempts judged on {judged_problems} problems ({judged_problems / max(1, len(outcomes)):.0%} of the "
        f"benchmark's {len(outcomes)}) in {replay_s:.0f} s: "
        f"{60 * len(done.trajectories) / max(replay_s, 1e-9):.1f} solutions per minute of wall time (the "
        f"5-minute load average was {load_before:.1f} at the start and {load_after:.1f} at the end; the "
        f"solutions' own runs took {meter.cpu_seconds / 60:.1f} CPU-minutes, compiles and checkers aside).",
        "",
        "| model | problems | k | Score@1 | Avg@k | Best@k |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    lines += [
        f"| {s.solver.removeprefix('files:')} | {s.problems} | {s.attempts} | {s.score_at_1:.2f} | "
        f"{s.avg_at_k:.2f} | {s.best_at_k:.2f} |"
        for s in scores
    ]
    failures = Counter(t.failure.value for t in done.trajectories)
    lines += ["", "Attempts by outcome: " + ", ".join(f"{k} {v}" for k, v in failures.most_common()) + "."]
    if done.skipped:
        lines.append(f"Folders not judged: {', '.join(sorted(done.skipped))}.")
    return "\n".join(lines) + "\n"


def _reason(refused: str) -> str:
    """A refusal's kind, for counting: the sentence without the package's path and details."""
    if "does not compile" in refused:
        return "its checker or interactor does not compile"
    if "holds no tests" in refused:
        return "its test files are absent"
    return refused.split(": ", 1)[-1][:80]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", help="a FrontierCS checkout (or its algorithmic folder)")
    parser.add_argument("--models", default="gemini3pro,gpt5,deepseekreasoner,grok4fastreasoning")
    parser.add_argument(
        "--problems", type=int, default=20, help="the first N imported problems with solutions"
    )
    parser.add_argument("--attempts", type=int, default=5)
    parser.add_argument("--out", help="also write the table here (markdown)")
    parser.add_argument("--commit", help="the checkout's commit, when DIR is not a git work tree")
    parser.add_argument(
        "--data", help="a data dir to keep (its store and compile cache: a second run imports nothing new)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fs-bench-frontiercs-") as fresh:
        data = Path(args.data).expanduser() if args.data else Path(fresh)
        os.environ["FRONTIERSMITH_DATA_DIR"] = str(data)
        os.environ["FRONTIERSMITH_CONFIG"] = str(data / "no-config.toml")
        table = anyio.run(run, args)
    print(table)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(table)


if __name__ == "__main__":
    main()
