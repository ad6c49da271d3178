"""The wire between the host and the in-sandbox runner: the constants and helpers both sides use.

Shipped into the sandbox beside ``runner.py`` (see ``bootstrap.BOOTSTRAP``), so it is stdlib only and
imports nothing else of the package; the host side (``backend``, ``link``, ``_fast``, the backends) imports
it as an ordinary module, so both ends of every message are spelled in one place.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Mapping, Sequence

ROOT = "/box"  # where the runner keeps runs, programs and headers inside every backend
ENV_PATH = "/usr/local/bin:/usr/bin:/bin"
# What every run's environment starts from (the runner, or the launcher for a fast run, adds HOME and
# TMPDIR: the run's own dir); the runner itself is started with it too.
BASE_ENV: Mapping[str, str] = {"PATH": ENV_PATH, "LANG": "C.UTF-8"}
# the environment entry naming a Python program's bytecode (its .pyc), which the launcher (fs_exec.c, which spells
# it out too) or the runner's fork path opens as fd 3 before dropping to the run's uid
SOURCE_ENV = "FS_SOURCE"
# the environment entry (``WARM_ENV=1``) that marks a judge-side Python run: the launcher forks it from the
# sandbox's warm interpreter (sandbox/zygote.py) instead of exec'ing a fresh one
WARM_ENV = "FS_WARM"
STDERR_KEEP = 64 * 1024  # how much of a run's stderr comes back, on either channel

# The wall clock is only a backstop (a time limit is CPU time, which load does not change). Once a run's wall
# time is past its backstop, the launcher looks at it every BACKSTOP_RECHECK_S (its 'B' packet): a run that used
# under IDLE_CPU_SHARE of the wall time since the last look is idle (asleep, or waiting on input it never gets)
# and is ended, a time-out of its own making; a busy one is left to its CPU limit, which a busy machine only
# delays. A run still going at its hard stop is ended as the host's failure. How the wall clock ended a run is
# its report's ``timed_out``: 0, TIMED_OUT_IDLE or TIMED_OUT_FORCED (fs_exec.c spells these out too).
TIMED_OUT_IDLE = 1
TIMED_OUT_FORCED = 2
IDLE_CPU_SHARE = 0.05
BACKSTOP_RECHECK_S = 1.0


def hard_stop_ms(backstop_ms: int, cpu_ms: int) -> int:
    """When a run is ended whatever it is doing: a run busy at every look (over IDLE_CPU_SHARE of each second)
    spends its CPU limit within ``cpu_ms / IDLE_CPU_SHARE`` of its backstop, so only a stuck host gets here."""
    return backstop_ms + int(cpu_ms / IDLE_CPU_SHARE) + 10_000


def b64(data: bytes) -> str:
    """Bytes as the text a JSON message carries them in."""
    return base64.b64encode(data).decode("ascii")


def unb64(text: str) -> bytes:
    """Bytes from the text a JSON message carries them in."""
    return base64.b64decode(text)


class LineBuffer:
    """Lines out of a stream's chunks in time linear in their size: a line's chunks are kept apart and joined
    once, when it ends (a request carries a whole output, base64'd, in one line of many megabytes)."""

    def __init__(self) -> None:
        self._parts: list[bytes] = []

    def feed(self, chunk: bytes) -> list[bytes]:
        """The lines ``chunk`` ends (without their newlines); the rest waits for the next chunk."""
        if b"\n" not in chunk:
            self._parts.append(chunk)
            return []
        first, *lines = chunk.split(b"\n")
        rest = lines.pop()
        if self._parts:
            self._parts.append(first)
            first = b"".join(self._parts)
        self._parts = [rest] if rest else []
        return [first, *lines]


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` to ``fd``, however many writes it takes."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def pread_upto(fd: int, limit: int) -> bytes:
    """Up to ``limit`` bytes from the start of the file behind ``fd`` (whatever its offset)."""
    data = os.pread(fd, limit, 0)
    if not data or len(data) >= limit:
        return data
    chunks = [data]
    got = len(data)
    while got < limit:
        chunk = os.pread(fd, min(limit - got, 1 << 24), got)
        if not chunk:
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def launcher_limits(cpu_ms: int, mem_mb: int, out_kb: int, nproc: int, nofile: int) -> tuple[int, ...]:
    """The five limits the launcher applies, in its order: whole CPU seconds (rounded up, at least one),
    address space and file size in bytes, processes, open files."""
    return (max(1, -(-cpu_ms // 1000)), mem_mb * 1024 * 1024, out_kb * 1024, nproc, nofile)


def process_limits(cpu_s: int, mem: int, in_cgroup: bool) -> tuple[tuple[int, int], int]:
    """A run's per-process CPU rlimit (soft, hard) and address-space rlimit (-1: none), given its whole CPU
    seconds and memory bytes (``launcher_limits``). In a cgroup of its own, the cgroup holds the run: each
    process's CPU limit steps back a second, so the run's whole CPU (which the cgroup counts, and kills at)
    ends it first, over its limit, a time-out whichever process spent it; its address space is unlimited, so
    memory over the limit meets the cgroup (an OOM kill, or a refusal its events record: a memory-out) rather
    than an allocation failing inside the program. The launcher (fs_exec.c) and the zygote apply the same."""
    if in_cgroup:
        return (cpu_s + 1, cpu_s + 2), -1
    return (cpu_s, cpu_s + 1), mem


def command_fields(limits: Sequence[int], argv: Sequence[str], env: Mapping[str, str]) -> list[str]:
    """A program to start, as the launcher reads it after a packet's head: LIMITS, ARGC, ARGV..., ENV...

    Raises ValueError when a field holds a NUL byte, which would split it into two.
    """
    fields = [*(str(x) for x in limits), str(len(argv)), *argv, *(f"{k}={v}" for k, v in env.items())]
    if any("\0" in f for f in fields):
        raise ValueError("embedded null byte in the command or its environment")
    return fields


def launcher_packet(*fields: object) -> bytes:
    """One packet to the launcher server (fs_exec.c): NUL-separated fields, NUL-terminated."""
    return "\0".join(str(f) for f in fields).encode() + b"\0"


def run_memory_kb(rss_kb: int, peak_kb: int, output_bytes: int) -> int:
    """A run's memory: its cgroup's peak less what it wrote to stdout and stderr (those pages are charged to
    it, but they are output), or its program's own peak resident set where that is more."""
    return max(rss_kb, peak_kb - output_bytes // 1024)


def exit_and_signal(status: int) -> tuple[int | None, int | None]:
    """A wait status as a reply's ``exit`` and ``signal`` fields (one of them None)."""
    exit_code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
    sig = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
    return exit_code, sig
