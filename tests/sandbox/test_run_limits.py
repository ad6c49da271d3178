"""Limits that hold a run's processes together (per-run cgroups, sandbox/cgroups.py), on every backend and both
routes a run takes (the fast channel, the runner): CPU of children nobody waits for, memory held in memfds,
spread over processes or written to files, and one run's process count, which no other run shares.

Part of the hostile suite: tests/unprivileged.py runs this file again as ``nobody`` with a delegated cgroup."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator

import anyio
import pytest
from attacks import MEMFD, SPREAD, compiled_python

from frontiersmith.models import Language, Verdict
from frontiersmith.sandbox import RunLimits, Sandbox, open_sandbox
from frontiersmith.sandbox.cgroups import MOUNT
from frontiersmith.settings import get_settings

pytestmark = pytest.mark.anyio

LIMITS = RunLimits(time_ms=2000, memory_mb=256, processes=32)

# Two children compute, the parent waits for their answer on a pipe and never calls wait(): no rusage of
# the parent's holds their CPU time (2 x 0.7 s under a 1 s limit).
UNWAITED_CPU = """
import os, time
r, w = os.pipe()
for _ in range(2):
    if os.fork() == 0:
        end = time.process_time() + 0.7
        while time.process_time() < end:
            pass
        os.write(w, b"x")
        os._exit(0)
os.close(w)
print(len(os.read(r, 1) + os.read(r, 1)))
"""
# Children that would spin for ever while the parent waits: the run's CPU limit ends them all.
SPINNING_CHILDREN = """
import os
r, w = os.pipe()
for _ in range(4):
    if os.fork() == 0:
        while True:
            pass
os.close(w)
os.read(r, 1)
"""
# 300 MiB of files in its own dir, each under the output file limit.
FILES = """
import os
chunk = b"\\1" * (1 << 20)
for n in range(5):
    with open(os.path.join(os.environ["TMPDIR"], f"f{n}"), "wb") as fh:
        for _ in range(60):
            fh.write(chunk)
print("wrote")
"""
# 200 MiB of memory and 60 MiB of output: the output's pages are charged to the run, but are not memory.
BIG_OUTPUT = """
import sys
block = bytearray(200 << 20)
for i in range(0, len(block), 4096):
    block[i] = 1
line = b"7" * 1023 + b"\\n"
for _ in range(60 << 10):
    sys.stdout.buffer.write(line)
"""
FORK_BOMB = "#include <unistd.h>\nint main(){ for(;;) fork(); }"
# A child spins 1.5 s of CPU under a 1 s limit while its parent waits for it, then the parent ends cleanly:
# whichever process the limit stops, the run went over it.
CHILD_OVER_CPU = """
import os, time
pid = os.fork()
if pid == 0:
    end = time.process_time() + 1.5
    while time.process_time() < end:
        pass
    os._exit(0)
os.waitpid(pid, 0)
print("the parent is fine")
"""
# 512 MiB allocated and touched under a 256 MiB limit by a program that checks its allocation and says so.
ALLOCATES = r"""
#include <cstdio>
#include <cstdlib>
int main() {
    const size_t n = size_t(512) << 20;
    volatile char* p = (volatile char*)malloc(n);
    if (!p) { puts("no memory for that"); return 1; }
    long sum = 0;
    for (size_t i = 0; i < n; i += 4096) p[i] = 1;
    for (size_t i = 0; i < n; i += 4096) sum += p[i];
    printf("%ld\n", sum);
}
"""


@pytest.fixture(params=["fast", "runner"])
async def sandbox(
    sandbox_backend: str, anyio_backend: str, request: pytest.FixtureRequest
) -> AsyncIterator[Sandbox]:
    """A sandbox whose simple runs take the fast channel (see sandbox/_fast.py), or one without it."""
    settings = get_settings().model_copy(update={"sandbox_fast_runs": request.param == "fast"})
    async with open_sandbox(sandbox_backend, settings) as sb:
        yield sb


async def test_the_sandbox_says_its_runs_have_cgroups(sandbox: Sandbox) -> None:
    assert "limits: per-run cgroups" in sandbox.describe_isolation()


async def test_cpu_of_children_nobody_waits_for_is_charged_to_the_run(sandbox: Sandbox) -> None:
    limits = RunLimits(time_ms=1000, memory_mb=256, processes=32)
    r = await sandbox.run(await compiled_python(sandbox, UNWAITED_CPU), limits=limits)
    assert r.verdict is Verdict.TLE, r
    assert r.time_ms > limits.time_ms


async def test_children_over_the_cpu_limit_together_are_stopped_at_it(sandbox: Sandbox) -> None:
    limits = RunLimits(time_ms=1000, memory_mb=256, processes=32)
    r = await sandbox.run(await compiled_python(sandbox, SPINNING_CHILDREN), limits=limits)
    assert r.verdict is Verdict.TLE, r
    # each child alone would run to its own 1 s rlimit (4 s together); the run's cgroup is polled instead
    assert limits.time_ms < r.time_ms < 2500, r


async def test_a_child_killed_for_cpu_makes_the_run_a_time_out_whatever_its_parent_exits(
    sandbox: Sandbox,
) -> None:
    limits = RunLimits(time_ms=1000, memory_mb=256, processes=32)
    r = await sandbox.run(await compiled_python(sandbox, CHILD_OVER_CPU), limits=limits)
    assert r.verdict is Verdict.TLE, r
    assert r.time_ms >= limits.time_ms, r  # a time-out's time is never under its limit


async def test_memory_over_the_limit_is_mle_whether_the_allocation_fails_or_the_kernel_kills(
    sandbox: Sandbox,
) -> None:
    compiled = await sandbox.compile(ALLOCATES, Language.CPP, name="hostile")
    assert compiled.ok and compiled.program is not None, compiled.message
    r = await sandbox.run(compiled.program, limits=LIMITS)
    assert r.verdict is Verdict.MLE, r
    assert r.stdout == b""


async def test_memory_held_in_memfds_is_mle(sandbox: Sandbox) -> None:
    r = await sandbox.run(await compiled_python(sandbox, MEMFD), limits=LIMITS)
    assert r.verdict is Verdict.MLE, r
    assert r.stdout == b""


async def test_memory_spread_over_processes_is_mle(sandbox: Sandbox) -> None:
    r = await sandbox.run(await compiled_python(sandbox, SPREAD), limits=LIMITS)
    assert r.verdict is Verdict.MLE, r
    assert r.memory_kb > LIMITS.memory_mb * 1024


async def test_files_a_run_writes_count_against_its_memory_and_its_output_does_not(sandbox: Sandbox) -> None:
    files = await sandbox.run(await compiled_python(sandbox, FILES), limits=LIMITS)
    assert files.verdict is Verdict.MLE, files
    output = await sandbox.run(await compiled_python(sandbox, BIG_OUTPUT), limits=LIMITS)
    assert output.verdict is Verdict.OK, output
    assert len(output.stdout) == 60 << 20
    assert 200 * 1024 < output.memory_kb < LIMITS.memory_mb * 1024


async def test_a_fork_bomb_leaves_another_runs_compile_its_processes(sandbox: Sandbox) -> None:
    bomb = await sandbox.compile(FORK_BOMB, Language.CPP, name="bomb")
    assert bomb.ok, bomb.message
    assert bomb.program is not None
    results: dict[str, object] = {}

    async def explode() -> None:
        results["bomb"] = await sandbox.run(bomb.program, limits=RunLimits(time_ms=3000, processes=16))

    async def compile_beside() -> None:
        await anyio.sleep(0.5)  # the bomb has used up its processes by now
        code = '#include <cstdio>\nint main(){ std::puts("compiled"); }\n// ' + os.urandom(8).hex()
        results["compile"] = await sandbox.compile(code, Language.CPP, name="neighbour")

    async with anyio.create_task_group() as tg:
        tg.start_soon(explode)
        tg.start_soon(compile_beside)
    compiled = results["compile"]
    assert compiled.ok, (compiled.verdict, compiled.message)  # type: ignore[attr-defined]
    assert results["bomb"].verdict in (Verdict.TLE, Verdict.RE)  # type: ignore[attr-defined]
    ran = await sandbox.run(compiled.program, limits=LIMITS)  # type: ignore[attr-defined]
    assert ran.stdout == b"compiled\n"


async def test_a_run_reaches_no_cgroup_file(sandbox: Sandbox) -> None:
    probe = await compiled_python(
        sandbox,
        "import os\nfound = []\n"
        f"for top, dirs, files in os.walk({MOUNT!r}):\n"
        "    for name in files:\n"
        "        try:\n"
        "            open(os.path.join(top, name), 'w').write('0')\n"
        "            found.append(name)\n"
        "        except OSError:\n"
        "            pass\n"
        "print(found)\n",
    )
    r = await sandbox.run(probe, limits=LIMITS)
    assert r.verdict is Verdict.OK and r.stdout == b"[]\n", r


@pytest.mark.skipif(os.geteuid() != 0, reason="a non-root host refuses to judge without cgroups instead")
async def test_a_root_host_without_cgroups_warns_once_and_keeps_rlimits(
    sandbox_backend: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from frontiersmith.sandbox import backend

    monkeypatch.setattr(backend, "_WARNED", set())
    settings = get_settings().model_copy(update={"sandbox_cgroup": "/nonexistent-cgroup"})
    with caplog.at_level(logging.WARNING):
        for _ in range(2):
            async with open_sandbox(sandbox_backend, settings) as sb:
                assert "limits: rlimits per process only" in sb.describe_isolation()
                r = await sb.run(await compiled_python(sb, "print(6 * 7)"), limits=LIMITS)
                assert r.stdout == b"42\n"
    warned = [rec for rec in caplog.records if "per-run cgroups" in rec.getMessage()]
    assert len(warned) == 1
