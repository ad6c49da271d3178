"""What a compile that made no program comes to: a compilation error of the program's, or the host's fault.

A compiler or interpreter that is missing or broken on the host (it cannot be started, or its driver cannot
start the programs it runs) says nothing of the source: that is a system error, retried and then reported as
not judged at every door, never a compilation error that scores 0. A program whose binary would be over the
``max_binary_bytes`` setting is a compilation error that says so.
"""

from __future__ import annotations

import signal
from typing import Any

from frontiersmith.models import Verdict
from frontiersmith.settings import Settings

from .base import CompileResult, ExecResult

COMPILE_MESSAGE_SHOWN = 8192
# What GCC's driver says when it cannot run a program of its own (cc1plus, as, ld) or their libraries are
# broken: an installation's fault, whatever the source. (GCC prints strsignal(SIGXFSZ) for an output file over
# its limit, which is the program's doing: see OVER_LIMIT.)
HOST_FAULTS = (
    "cannot execute '",
    "installation problem",
    "error while loading shared libraries",
    "execvp:",
)
OVER_LIMIT = "File size limit exceeded"


def compile_failure(result: ExecResult, reply: dict[str, Any], settings: Settings) -> CompileResult:
    """The CompileResult of a compile run that installed no program (``result``: its run, classified)."""
    text = (result.stdout.decode("utf-8", errors="replace") + result.stderr).strip()
    if result.verdict is Verdict.SYSTEM_ERROR:
        return CompileResult(Verdict.SYSTEM_ERROR, message=result.message or "the sandbox failed the compile")
    if reply.get("exec_error") or any(fault in text for fault in HOST_FAULTS):
        why = reply.get("exec_error") or _first_line(text, HOST_FAULTS)
        return CompileResult(
            Verdict.SYSTEM_ERROR,
            message=f"the compiler could not run on this host ({why}): the host's fault, not the program's",
        )
    limit = settings.max_binary_bytes
    over = int(reply.get("installed_bytes") or 0) > limit
    if over or result.signal == signal.SIGXFSZ or result.verdict is Verdict.OLE or OVER_LIMIT in text:
        return CompileResult(
            Verdict.CE,
            message=_truncate(
                f"the compiled program is over the {limit >> 20} MiB limit on a program's size "
                f"(FRONTIERSMITH_MAX_BINARY_BYTES); make its initialised data smaller\n{text}"
            ),
        )
    if result.verdict is Verdict.OK:  # it said it compiled, yet left nothing to install
        return CompileResult(Verdict.SYSTEM_ERROR, message=result.message or "the compiler produced nothing")
    if result.verdict is Verdict.TLE and reply.get("timed_out"):
        # stopped by the wall clock, short of its CPU limit: a compiler never waits, so the host starved it
        return CompileResult(
            Verdict.SYSTEM_ERROR,
            message=f"the host was too busy to compile within {settings.compile_timeout_s:g} s of wall-clock time",
        )
    if result.verdict is Verdict.TLE:
        text = f"compilation took longer than {settings.compile_timeout_s:g} s\n{text}"
    elif result.verdict is not Verdict.RE:
        text = f"compilation failed ({result.verdict}: {result.message})\n{text}"
    return CompileResult(Verdict.CE, message=_truncate(text))


def _first_line(text: str, needles: tuple[str, ...]) -> str:
    return next((line.strip() for line in text.splitlines() if any(n in line for n in needles)), text[:200])


def _truncate(text: str) -> str:
    text = text.strip()
    if len(text) <= COMPILE_MESSAGE_SHOWN:
        return text
    return text[:COMPILE_MESSAGE_SHOWN] + f"\n... ({len(text) - COMPILE_MESSAGE_SHOWN} more characters)"
