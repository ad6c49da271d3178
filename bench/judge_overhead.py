"""Judge overhead bench: per-test cost of each sandbox design against raw ``subprocess``, and parallel throughput.

Run: ``python bench/judge_overhead.py [--tests 200] [--naive-docker 20] [--skip-docker]``. Prints three tables:
ms/test for a trivial C++ program (raw; each backend once its sandbox is up; a fresh bwrap and a fresh
container per test, as naive judges do) with each sandbox's one-off start-up apart; then throughput of a
CPU-bound test set with 1 and 2 concurrent workers in one sandbox. Each backend is timed twice: as
configured (simple runs on the fast channel, see sandbox/_fast.py) and with every run through the
in-sandbox Python runner (``sandbox_fast_runs`` off). The third: what a program costs before its tests, per
backend: a catalog solver's ``g++ -O2`` with the precompiled ``<bits/stdc++.h>`` against without it
(``sandbox_pch`` off), and one run of a catalog family's verifier in the sandbox (bytecode, ``-S``) against the
same program started raw from its source (``python3 -I main.py verify``) and run as a solution is (a fresh
interpreter each run, where the verifier forks from the sandbox's warm one: sandbox/zygote.py), and that
program's compile step in the sandbox against ``python3 -I -S -m py_compile`` of it run raw on the host.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from frontiersmith.models import Language
from frontiersmith.sandbox import ProgramRole, RunLimits, open_sandbox, start_sandbox
from frontiersmith.sandbox.process import bwrap_argv
from frontiersmith.settings import get_settings

TRIVIAL = (
    '#include <cstdio>\nint main(){ long long x; if(scanf("%lld",&x)!=1) return 1; printf("%lld\\n", x); }\n'
)
# A busy loop of about 100 ms on a typical core: the CPU-bound test set for the throughput table.
BUSY = (
    '#include <cstdio>\nint main(){ long long n; if(scanf("%lld",&n)!=1) return 1; volatile unsigned long long x = 0;'
    ' for(long long i=0;i<n;i++) x += i*i; printf("%llu\\n", (unsigned long long)x); }\n'
)
LIMITS = RunLimits(time_ms=2000, memory_mb=256)


def _compile_on_host(code: str, out: Path) -> Path:
    src = out.with_suffix(".cpp")
    src.write_text(code)
    subprocess.run(["g++", "-std=c++17", "-O2", "-o", str(out), str(src)], check=True)
    return out


def _run_raw(binary: Path, i: int) -> None:
    r = subprocess.run([str(binary)], input=f"{i}\n".encode(), capture_output=True, check=False)
    assert r.stdout == f"{i}\n".encode()


def _naive_bwrap(box: Path) -> list[str] | None:
    bwrap = shutil.which("bwrap")
    if not bwrap:
        return None
    argv = bwrap_argv(bwrap, box)
    return [a for a in argv if not a.startswith("CAP_") and a != "--cap-add"] + ["/box/prog"]


def _run_naive_bwrap(argv: list[str], i: int) -> None:
    r = subprocess.run(argv, input=f"{i}\n".encode(), capture_output=True, check=False)
    assert r.stdout == f"{i}\n".encode(), r.stderr


def _naive_docker(image: str) -> Any:
    try:
        import docker

        client = docker.from_env()
        client.images.get(image)
        return client
    except Exception:
        return None


def _run_naive_docker(client: Any, image: str, box: Path, i: int) -> None:
    out = client.containers.run(
        image,
        ["sh", "-c", f"echo {i} | /box/prog"],
        remove=True,
        network_mode="none",
        read_only=True,
        cap_drop=["ALL"],
        volumes={str(box): {"bind": "/box", "mode": "ro"}},
    )
    assert out == f"{i}\n".encode()


def _host_cpu() -> float:
    """CPU seconds of this process and of the children it has reaped."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        try:
            kids = [int(k) for k in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
        except OSError:
            continue
        out += kids
        todo += kids
    return out


def _sandbox_pids(sb: Any) -> list[int]:
    """The runner's and the launcher server's host pids: their CPU, with the programs they reaped, is the
    sandbox's cost per test."""
    if sb.backend == "process":
        top = sb._proc.pid
    else:
        top = sb._client.api.inspect_container(sb._container_id)["State"]["Pid"]
    runner, launcher = None, None
    for pid in _descendants(top):
        with contextlib.suppress(OSError):
            exe = os.readlink(f"/proc/{pid}/exe")
            ppid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
            # bwrap carries the same command line; the runner is the python process
            if b"fs_runner" in Path(f"/proc/{pid}/cmdline").read_bytes() and "python" in exe:
                runner = pid
            elif exe.endswith("/fs-exec") and ppid == runner:  # not one of its short-lived clones
                launcher = pid
    return [pid for pid in (runner, launcher) if pid is not None]


def _proc_cpu(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += sum(int(f) for f in fields[11:15])
    return total / os.sysconf("SC_CLK_TCK")


async def bench_per_test(binary: Path, backends: list[str], n: int, naive_docker_n: int, image: str) -> dict:
    """Every design runs test i back to back, so all of them see the same machine load.

    Besides wall time, the CPU time each design spends per test is summed (ours: host process +
    runner + launcher server + programs): unlike wall time it barely depends on how busy the machine is.
    """
    box = Path(tempfile.mkdtemp(prefix="fs-bench-box-"))
    box.chmod(0o755)
    shutil.copy(binary, box / "prog")
    times: dict[str, list[float]] = {"raw": []}
    cpu: dict[str, float] = {"raw": 0.0}
    startup: dict[str, float] = {}
    sandboxes: dict[str, Any] = {}
    programs: dict[str, Any] = {}
    runners: dict[str, list[int]] = {}
    client = _naive_docker(image) if "docker" in backends else None
    bwrap = _naive_bwrap(box)
    try:
        for backend in backends:
            # "docker/runner": every run through the in-sandbox Python runner, none on the fast channel
            name, _, route = backend.partition("/")
            settings = get_settings().model_copy(update={"sandbox_fast_runs": route != "runner"})
            t0 = time.perf_counter()
            sandboxes[backend] = await start_sandbox(name, settings)
            startup[backend] = (time.perf_counter() - t0) * 1000
            c = await sandboxes[backend].compile(TRIVIAL, Language.CPP, name="trivial")
            assert c.program is not None, c.message
            programs[backend] = c.program
            await sandboxes[backend].run(c.program, stdin=b"0\n", limits=LIMITS)
            runners[backend] = _sandbox_pids(sandboxes[backend])
            times[backend], cpu[backend] = [], 0.0
        if bwrap:
            times["naive-bwrap"], cpu["naive-bwrap"] = [], 0.0
        if client:
            times["naive-docker"] = []
        for i in range(n):
            c0, t0 = _host_cpu(), time.perf_counter()
            _run_raw(binary, i)
            times["raw"].append(time.perf_counter() - t0)
            cpu["raw"] += _host_cpu() - c0
            for backend, sb in sandboxes.items():
                s0 = _proc_cpu(runners[backend])
                c0, t0 = _host_cpu(), time.perf_counter()
                r = await sb.run(programs[backend], stdin=f"{i}\n".encode(), limits=LIMITS)
                times[backend].append(time.perf_counter() - t0)
                cpu[backend] += _host_cpu() - c0 + _proc_cpu(runners[backend]) - s0
                assert r.stdout == f"{i}\n".encode(), r
            if bwrap:
                c0, t0 = _host_cpu(), time.perf_counter()
                _run_naive_bwrap(bwrap, i)
                times["naive-bwrap"].append(time.perf_counter() - t0)
                cpu["naive-bwrap"] += _host_cpu() - c0
            if client and i < naive_docker_n:
                t0 = time.perf_counter()
                _run_naive_docker(client, image, box, i)
                times["naive-docker"].append(time.perf_counter() - t0)
    finally:
        for sb in sandboxes.values():
            await sb.close()
        if client:
            client.close()
        shutil.rmtree(box, ignore_errors=True)
    if any(len(r) < 2 for r in runners.values()):
        print("warning: the runner or its launcher was not found; its CPU is missing from the CPU column")
    return {"times": times, "startup": startup, "cpu": {k: v / n for k, v in cpu.items()}}


async def bench_throughput(backend: str, runs: int, loop_n: int, rounds: int = 4) -> dict[int, float]:
    """Tests per second with 1 and 2 concurrent workers on a CPU-bound set, in one sandbox.

    The set is split into rounds that alternate 1 and 2 workers, so a change in the machine's
    load hits both figures alike.
    """
    spent = {1: 0.0, 2: 0.0}
    done = {1: 0, 2: 0}
    per_round = max(2, runs // rounds)
    async with open_sandbox(backend) as sb:
        c = await sb.compile(BUSY, Language.CPP, name="busy")
        assert c.program is not None, c.message

        async def worker(queue: list[int]) -> None:
            while queue:
                queue.pop()
                r = await sb.run(c.program, stdin=f"{loop_n}\n".encode(), limits=LIMITS)
                assert r.verdict == "OK", r

        for _ in range(rounds):
            for workers in (1, 2):
                queue = list(range(per_round))
                start = time.perf_counter()
                await asyncio.gather(*(worker(queue) for _ in range(workers)))
                spent[workers] += time.perf_counter() - start
                done[workers] += per_round
    return {w: done[w] / spent[w] for w in (1, 2)}


def calibrate_busy(binary: Path, target_ms: float = 100.0) -> int:
    n = 10_000_000
    start = time.perf_counter()
    subprocess.run([str(binary)], input=f"{n}\n".encode(), capture_output=True, check=True)
    took = (time.perf_counter() - start) * 1000
    return max(1_000_000, int(n * target_ms / max(took, 1.0)))


SOLVER = Path(__file__).resolve().parent.parent / "tools/catalog/solvers/max_3sat/annealing.cpp"


async def bench_program_costs(backend: str, work: Path, compiles: int, runs: int) -> dict[str, float]:
    """Median ms: a C++ compile with and without the precompiled header (each source unique, so the compile
    cache cannot answer), a catalog verifier run in the sandbox, and the same program run raw."""
    from frontiersmith.tools.catalog import get_family

    code = SOLVER.read_text()
    out: dict[str, float] = {}
    for pch in (True, False):
        settings = get_settings().model_copy(update={"sandbox_pch": pch, "compile_cache_dir": work / "cc"})
        async with open_sandbox(backend, settings) as sb:
            await sb.compile(code + "// warm-up\n", Language.CPP)  # the first may build the header
            spent = []
            for i in range(compiles):
                t0 = time.perf_counter()
                c = await sb.compile(code + f"// {pch} {i} {time.time_ns()}\n", Language.CPP)
                spent.append(time.perf_counter() - t0)
                assert c.ok, c.message
            out["pch" if pch else "no-pch"] = statistics.median(spent) * 1000
    fam = get_family("max_3sat")
    inp = subprocess.run(
        [sys.executable, "-c", fam.program.code, "gen", "threshold", "1"], capture_output=True, check=True
    ).stdout
    answer = b" ".join(b"1" for _ in range(int(inp.split()[0]))) + b"\n"
    (work / "main.py").write_text(fam.program.code)
    (work / "input.txt").write_bytes(inp)
    (work / "output.txt").write_bytes(answer)
    async with open_sandbox(backend) as sb:
        verifier = (
            await sb.compile(fam.program.code, Language.PYTHON, name="verifier", role=ProgramRole.JUDGE)
        ).program
        # the same program under a solution's name: a fresh interpreter every run (no warm one, see sandbox/zygote.py)
        cold = (await sb.compile(fam.program.code, Language.PYTHON, name="solution")).program
        assert verifier is not None and cold is not None
        steps, py_compiles = [], []
        for i in range(runs // 4 or 1):  # the compile step against what it replaced, py_compile, run raw
            t0 = time.perf_counter()
            assert (await sb.compile(fam.program.code + f"# {i}\n", Language.PYTHON)).ok
            steps.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            subprocess.run(
                ["/usr/bin/python3", "-I", "-S", "-m", "py_compile", "main.py"], cwd=work, check=True
            )
            py_compiles.append(time.perf_counter() - t0)
        out["py-compile"], out["py-compile-raw"] = (
            statistics.median(steps) * 1000,
            statistics.median(py_compiles) * 1000,
        )
        spent, fresh, raw = [], [], []
        files = {"input.txt": inp, "output.txt": answer}
        for _ in range(runs):  # interleaved, so all see the same load
            for program, times in ((verifier, spent), (cold, fresh)):
                t0 = time.perf_counter()
                r = await sb.run(
                    program, args=["verify", "input.txt", "output.txt"], files=files, limits=LIMITS
                )
                times.append(time.perf_counter() - t0)
                assert b"feasible" in r.stdout, r
            t0 = time.perf_counter()
            subprocess.run(
                ["/usr/bin/python3", "-I", "main.py", "verify", "input.txt", "output.txt"],
                cwd=work,
                capture_output=True,
                check=True,
            )
            raw.append(time.perf_counter() - t0)
    out["verifier"], out["verifier-raw"] = statistics.median(spent) * 1000, statistics.median(raw) * 1000
    out["verifier-cold"] = statistics.median(fresh) * 1000
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--tests", type=int, default=200)
    ap.add_argument("--naive-docker", type=int, default=20, help="fresh containers to time (then per test)")
    ap.add_argument("--busy-runs", type=int, default=80)
    ap.add_argument("--skip-docker", action="store_true")
    ap.add_argument("--compiles", type=int, default=5, help="C++ compiles per setting (third table)")
    ap.add_argument("--verifier-runs", type=int, default=60, help="catalog verifier runs (third table)")
    args = ap.parse_args()
    image = os.environ.get("FRONTIERSMITH_SANDBOX_IMAGE", "frontiersmith-sandbox:latest")
    backends = ["process"] + ([] if args.skip_docker else ["docker"])
    routes = [f"{b}/runner" for b in backends]

    work = Path(tempfile.mkdtemp(prefix="fs-bench-"))
    try:
        trivial = _compile_on_host(TRIVIAL, work / "trivial")
        busy = _compile_on_host(BUSY, work / "busy")
        res = asyncio.run(bench_per_test(trivial, backends + routes, args.tests, args.naive_docker, image))
        times, startup, cpu = res["times"], res["startup"], res["cpu"]
        names = {
            "raw": "raw subprocess",
            "process": "process backend (one bwrap per sandbox)",
            "process/runner": "  the same, every run through the runner",
            "docker": "docker backend (one container per sandbox)",
            "docker/runner": "  the same, every run through the runner",
            "naive-bwrap": "naive: fresh bwrap per test",
            "naive-docker": f"naive: fresh container per test (first {args.naive_docker})",
        }
        raw_median = statistics.median(times["raw"]) * 1000
        raw_mean = statistics.fmean(times["raw"]) * 1000
        raw_cpu = cpu["raw"] * 1000
        print(f"\n{args.tests} tests of a trivial C++ program, designs interleaved test by test", end="")
        print(f" (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)\n")
        header = f"{'design':<44} {'start-up':>8} {'median':>7} {'x raw':>6} {'mean':>7} {'x raw':>6} {'CPU':>6} {'x raw':>6}"
        print(header)
        print(f"{'':<44} {'ms':>8} {'ms/test':>7} {'':>6} {'ms/test':>7} {'':>6} {'ms/test':>6}")
        for key, name in names.items():
            if key not in times or not times[key]:
                continue
            median = statistics.median(times[key]) * 1000
            mean = statistics.fmean(times[key]) * 1000
            up = f"{startup[key]:.0f}" if key in startup else "-"
            c = (
                f"{cpu[key] * 1000:>6.2f} {cpu[key] * 1000 / raw_cpu:>6.2f}"
                if key in cpu
                else f"{'n/a':>6} {'-':>6}"
            )
            print(
                f"{name:<44} {up:>8} {median:>7.2f} {median / raw_median:>6.2f} {mean:>7.2f} {mean / raw_mean:>6.2f} {c}"
            )

        loop_n = calibrate_busy(busy)
        print(
            f"\nthroughput: {args.busy_runs} runs per worker count (alternating rounds) of a ~100 ms busy loop (n={loop_n}), {os.cpu_count()} cores\n"
        )
        print(f"{'backend':<12} {'1 worker/s':>11} {'2 workers/s':>12} {'speed-up':>9}")
        for backend in backends:
            tp = asyncio.run(bench_throughput(backend, args.busy_runs, loop_n))
            print(f"{backend:<12} {tp[1]:>11.2f} {tp[2]:>12.2f} {tp[2] / tp[1]:>8.2f}x")

        print(
            f"\nbefore the tests: one C++ compile ({SOLVER.name} of max_3sat), one catalog verifier run (max_3sat)"
        )
        print(
            "  (verify: forked from the sandbox's warm interpreter; cold: the same program as a solution runs, a fresh"
            " interpreter each run;\n   py compile: its compile step in the sandbox; raw: `python3 -I -S -m py_compile`"
            " on the host)\n"
        )
        print(
            f"{'backend':<10} {'g++ ms':>7} {'no pch':>7} {'x':>5} {'verify ms':>10} {'cold':>6} {'raw':>6} {'x':>5}"
            f" {'py compile':>11} {'raw':>6} {'x':>5}"
        )
        for backend in backends:
            c = asyncio.run(bench_program_costs(backend, work, args.compiles, args.verifier_runs))
            print(
                f"{backend:<10} {c['pch']:>7.0f} {c['no-pch']:>7.0f} {c['pch'] / c['no-pch']:>5.2f}"
                f" {c['verifier']:>10.1f} {c['verifier-cold']:>6.1f} {c['verifier-raw']:>6.1f}"
                f" {c['verifier'] / c['verifier-raw']:>5.2f}"
                f" {c['py-compile']:>11.1f} {c['py-compile-raw']:>6.1f} {c['py-compile'] / c['py-compile-raw']:>5.2f}"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
