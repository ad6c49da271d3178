"""A run's report read as a verdict: TLE > OLE > MLE > RE > OK, or SYSTEM_ERROR where the host is at fault.

The same reading for every run of every backend, whichever way its report came (the runner's reply, or the
launcher's on the fast channel); and the wall-clock backstop it is read against.
"""

from __future__ import annotations

import signal
from typing import Any

from frontiersmith.models import Verdict

from .base import ExecResult, RunLimits
from .cgroups import LIMIT_HIT, OOM_KILLED
from .wire import IDLE_CPU_SHARE, TIMED_OUT_IDLE, unb64

STDERR_SHOWN = 8192
_MEMORY_HINTS = ("std::bad_alloc", "MemoryError", "Cannot allocate memory", "out of memory")

# The wall clock is only a backstop: a time limit is CPU time (as FrontierCS's judge enforces it), which load
# does not change. Past its backstop a run that is idle (a program that sleeps or waits on input it never
# gets) is ended as a time-out of its own making, and a busy one goes on to its CPU limit (wire.py); only
# a run still short of its CPU limit at its hard stop is the host's failure (tried again).
WALL_BACKSTOP_FACTOR = 3
WALL_BACKSTOP_EXTRA_MS = 10_000


def wall_limit_ms(limits: RunLimits) -> int:
    """The wall-clock backstop of a run: the larger of 3x its CPU limit and its CPU limit + 10 s."""
    return max(WALL_BACKSTOP_FACTOR * limits.time_ms, limits.time_ms + WALL_BACKSTOP_EXTRA_MS)


def classify(reply: dict[str, Any], limits: RunLimits) -> ExecResult:
    """Turn the runner's raw report into a verdict (TLE > OLE > MLE > RE > OK)."""
    if "error" in reply:
        return ExecResult(Verdict.SYSTEM_ERROR, message=f"sandbox runner failed: {reply['error']}")
    stdout, stderr_raw = reply.get("stdout", b""), reply.get("stderr", b"")
    # the runner's replies carry base64 text; the fast channel's, the bytes themselves
    stdout = stdout if isinstance(stdout, bytes) else unb64(stdout)
    stderr_raw = stderr_raw if isinstance(stderr_raw, bytes) else unb64(stderr_raw)
    stderr_full = stderr_raw.decode("utf-8", errors="replace")
    files = {k: unb64(v) for k, v in (reply.get("files") or {}).items()}
    exit_code, sig = reply.get("exit"), reply.get("signal")
    cpu_ms, rss_kb = float(reply.get("cpu_ms", 0.0)), int(reply.get("rss_kb", 0))
    out_limit = limits.output_kb * 1024
    mem_kb = limits.memory_mb * 1024
    message = ""
    idle = False  # a time-out the wall clock decided, the program waiting: its CPU time is what it used
    failed = sig is not None or exit_code != 0
    if reply.get("exec_error"):
        no_memory = reply.get("exec_errno") in (12, 7)  # ENOMEM, E2BIG
        verdict = Verdict.MLE if no_memory else Verdict.RE
        message = f"could not start the program: {reply['exec_error']}"
    elif cpu_ms > limits.time_ms or sig == signal.SIGXCPU:
        verdict = Verdict.TLE
    elif timed_out := int(reply.get("timed_out") or 0):
        wall_ms = float(reply.get("wall_ms", 0.0))
        if timed_out == TIMED_OUT_IDLE or cpu_ms < IDLE_CPU_SHARE * wall_ms:
            verdict, idle = Verdict.TLE, True
            message = f"idle past the wall-clock limit ({cpu_ms:.0f} ms of CPU in {wall_ms:.0f} ms)"
        else:  # short of its CPU limit at its hard stop, yet busy: the machine gave it too little time
            verdict = Verdict.SYSTEM_ERROR
            message = (
                f"stopped at the wall-clock hard stop after {wall_ms:.0f} ms with {cpu_ms:.0f} ms of CPU, "
                f"under its {limits.time_ms} ms limit: the host was too busy"
            )
    elif sig == signal.SIGXFSZ or len(stdout) >= out_limit:
        verdict = Verdict.OLE
        stdout = stdout[:out_limit]
    elif (
        (oom := int(reply.get("oom") or 0)) == OOM_KILLED
        or rss_kb > mem_kb
        or (failed and oom == LIMIT_HIT)  # its cgroup refused it memory (its events say so), and it failed
        or (failed and (rss_kb >= 0.9 * mem_kb or any(h in stderr_full for h in _MEMORY_HINTS)))
    ):
        verdict = Verdict.MLE
    elif sig == signal.SIGKILL:
        verdict = Verdict.MLE  # nobody but the kernel's OOM killer sends SIGKILL to an un-timed-out run
        message = "killed by the out-of-memory killer"
    elif failed:
        verdict = Verdict.RE
        message = f"killed by signal {signal.Signals(sig).name}" if sig else f"exit code {exit_code}"
    else:
        verdict = Verdict.OK
    missing = reply.get("missing") or []
    if missing and verdict is Verdict.OK:
        message = f"the program did not write {', '.join(missing)}"
    if (
        verdict is Verdict.TLE and not idle
    ):  # stopped at (or past) its CPU limit, whatever the clock read then
        cpu_ms = max(cpu_ms, float(limits.time_ms))
    return ExecResult(
        verdict=verdict,
        exit_code=exit_code,
        signal=sig,
        time_ms=round(cpu_ms, 3),
        wall_ms=round(float(reply.get("wall_ms", 0.0)), 3),
        memory_kb=rss_kb,
        stdout=stdout,
        stderr=_truncate(stderr_full, STDERR_SHOWN),
        message=message,
        files=files,
        truncated=list(reply.get("truncated") or []),
    )


def _truncate(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f"\n... ({len(text) - limit} more characters)"
