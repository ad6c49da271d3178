"""The one sandbox interface every backend implements (docs/design.md, "Sandboxes").

A ``Sandbox`` is one isolation set-up for one submission: programs are compiled once inside it
and then run many times (one per test), each run under its own limits, with nothing (files,
processes) carried over from one run to the next.
"""

from __future__ import annotations

import abc
import functools
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from frontiersmith.metering import charge_cpu
from frontiersmith.models import Language, Verdict
from frontiersmith.settings import Settings


@dataclass(frozen=True)
class RunLimits:
    """The limits of one run (``Sandbox.run`` says what each one bounds and the verdict of a run over it)."""

    time_ms: int = 2000  # CPU time; wall-clock limit is a multiple of it (see backends)
    memory_mb: int = 256
    output_kb: int = 65536
    processes: int = 64
    open_files: int = 64


class ProgramRole(StrEnum):
    """Whom a program works for: its caller says so when it compiles it (``Sandbox.compile``'s ``role``), and
    nothing about a program is read from its name.

    The judge's own programs (a verifier, a FrontierCS checker or interactor, test generation's generator and
    validator) are ``JUDGE``: in Python, their runs start as forks of the sandbox's warm interpreter
    (sandbox/zygote.py). Every other program, a solution above all, is ``SOLUTION``, the default, so that no
    program is taken for the judge's by omission: it gets an interpreter of its own each run, sharing no memory
    layout or hash secret with what judges it.
    """

    SOLUTION = "solution"
    JUDGE = "judge"


@dataclass(frozen=True)
class ProgramHandle:
    """A compiled (or, for Python, checked) program living inside a sandbox."""

    name: str
    language: Language
    argv: tuple[str, ...]  # command inside the sandbox, before any run-time args
    # the file the launcher opens as fd 3 before it drops to the run's uid: a Python program's bytecode,
    # which only the sandbox's owner can read, so no other run (a solution) can read a verifier's
    source: str | None = None
    role: ProgramRole = ProgramRole.SOLUTION

    @property
    def warm(self) -> bool:
        """A judge's Python program: its runs are forked from the warm interpreter where there is one."""
        return self.role is ProgramRole.JUDGE and self.language is Language.PYTHON


@dataclass
class CompileResult:
    """What ``Sandbox.compile`` returns: a program handle when the verdict is OK, the compiler's message when not."""

    verdict: Verdict  # OK or CE (SYSTEM_ERROR if the compiler itself could not run)
    message: str = ""
    program: ProgramHandle | None = None

    @property
    def ok(self) -> bool:
        """True when the program compiled (or, for Python, passed its check) and ``program`` is set."""
        return self.verdict is Verdict.OK


@dataclass
class ExecResult:
    """One run of a program: its verdict, what it used and what it wrote (``Sandbox.run`` says how each is capped)."""

    verdict: Verdict  # OK, RE, TLE, MLE, OLE or SYSTEM_ERROR
    exit_code: int | None = None
    signal: int | None = None
    time_ms: float = 0.0  # CPU time of the whole process tree
    wall_ms: float = 0.0
    memory_kb: int = 0  # peak resident set
    stdout: bytes = b""  # capped at the output limit
    stderr: str = ""  # truncated for display
    message: str = ""
    files: dict[str, bytes] = field(default_factory=dict)  # files asked for with ``want_files``
    # files asked for that held more than the output limit: ``files`` has only their start (not read whole)
    truncated: list[str] = field(default_factory=list)


def _metered_run(run: Callable[..., Awaitable[ExecResult]]) -> Callable[..., Awaitable[ExecResult]]:
    @functools.wraps(run)
    async def metered(self: Sandbox, *args: Any, **kwargs: Any) -> ExecResult:
        result = await run(self, *args, **kwargs)
        charge_cpu(result.time_ms)
        return result

    metered._metered = True  # type: ignore[attr-defined]
    return metered


class Sandbox(abc.ABC):
    """One isolated environment. Use ``async with open_sandbox(...) as sb``.

    A backend is a subclass registered by name (``registry.sandbox_backend``): built from the settings,
    then started once, used, and closed.
    """

    backend: str = "abstract"  # the name it is registered under

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # Every backend's runs are charged to the current cost meter (frontiersmith/metering.py) here, once, so no
        # caller (the judge, test generation, the cross-validation protocol) has to remember to.
        if "run" in cls.__dict__ and not getattr(cls.__dict__["run"], "_metered", False):
            cls.run = _metered_run(cls.__dict__["run"])  # type: ignore[method-assign,assignment]

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        # The limits of the runs this sandbox is opened for (a problem's, its verifier's or interactor's), beside
        # the settings' own: a backend sizes the space runs write in from the largest (admission.box_bytes).
        self.sized_for: tuple[RunLimits, ...] = ()

    @abc.abstractmethod
    async def start(self) -> None:
        """Set the isolation up and make it ready to compile and run; on failure, tear down whatever was
        made and raise SandboxError (one sentence saying what to do)."""

    @abc.abstractmethod
    async def compile(
        self, code: str, language: Language, name: str = "main", *, role: ProgramRole = ProgramRole.SOLUTION
    ) -> CompileResult:
        """Compile ``code`` once inside the sandbox, to run it many times.

        Args:
            code: the program's source.
            language: C++ (C++17, ``g++ -O2``, with ``<bits/stdc++.h>`` precompiled where the backend can and
                our testlib-compatible ``testlib.h`` on the include path) or Python 3 (compiled to bytecode;
                a syntax error is a compilation error).
            name: a label for the program (its dir inside the sandbox, messages); it decides nothing.
            role: whom the program works for (``ProgramRole``): ``JUDGE`` only for the judge's own programs,
                which the caller vouches for; the default, ``SOLUTION``, for everything else.

        Returns:
            ``CompileResult``: ``OK`` with ``program``, the handle ``run`` takes; ``CE`` with the compiler's
            message for a program that does not compile, or one whose binary is over the
            ``max_binary_bytes`` setting (16 MiB by default); ``SYSTEM_ERROR`` where the host is at fault
            (the compiler missing or killed, the sandbox's runner dead).

        Raises nothing for a bad program or a failed sandbox (those are verdicts); only cancellation
        propagates. Limits: the compiler runs under the ``compile_timeout_s`` setting (60 s by default) of
        CPU time, 4 GiB of memory, 32 processes, no network. A program compiled before (by any sandbox of
        this backend on this machine, same source) comes from the host's compile cache instead.
        """

    @abc.abstractmethod
    async def run(
        self,
        program: ProgramHandle,
        *,
        stdin: bytes = b"",
        args: Sequence[str] = (),
        files: Mapping[str, bytes] | None = None,
        want_files: Sequence[str] = (),
        limits: RunLimits = RunLimits(),
        alone: bool = False,
    ) -> ExecResult:
        """Run ``program`` once, in a fresh work dir of its own; concurrent calls are allowed.

        Args:
            program: a handle from ``compile`` on this sandbox.
            stdin: the program's standard input.
            args: command-line arguments after the program's own.
            files: files (relative names) written into the work dir before it starts.
            want_files: files of the work dir to bring back once it ends.
            limits: ``RunLimits``: CPU time (``time_ms``, 2 s by default: CPU time of all of the run's
                processes, not wall time), memory (``memory_mb``, 256 MiB), output (``output_kb``, 64 MiB:
                stdout and each file it writes), processes (64) and open files (64).
            alone: with no other run of this sandbox in flight (waiting for those in flight to end, holding
                off new ones), for a run whose time must not share the machine.

        Returns:
            ``ExecResult``, whose verdict is the first that applies of ``TLE`` (over its CPU time, or idle
            past the wall-clock backstop), ``OLE`` (stdout at the output limit: ``stdout`` is cut there),
            ``MLE``, ``RE`` (a non-zero exit or a signal), ``OK``; or ``SYSTEM_ERROR`` where the host is at
            fault (the sandbox's runner died or the machine starved a busy run), never the program's. Its
            ``time_ms`` is CPU time, ``stderr`` the start of what the program wrote there (8 KiB shown), and
            ``files`` those of ``want_files`` it wrote: one longer than the output limit comes back cut and
            is named in ``truncated``; one it did not write is named in ``message``.

        Raises nothing for what the program does or for a failed sandbox (those are verdicts); only
        cancellation propagates, and kills the run. The wall clock is only a backstop: the larger of 3x
        the CPU limit and the CPU limit + 10 s. A run has no network, sees none of another run's files or
        processes, and leaves nothing behind (its processes are killed and its dir removed before the
        reply).
        """

    @abc.abstractmethod
    async def interact(
        self,
        solution: ProgramHandle,
        interactor: ProgramHandle,
        *,
        args: Sequence[str] = (),
        files: Mapping[str, bytes] | None = None,
        want_files: Sequence[str] = (),
        limits: RunLimits = RunLimits(),
        interactor_limits: RunLimits = RunLimits(),
        alone: bool = False,
    ) -> tuple[ExecResult, ExecResult]:
        """Run ``solution`` and ``interactor`` at once, each reading on stdin what the other writes on stdout
        (an interactive problem): two runs, each in its own dir under its own limits; ``args``, ``files``
        and ``want_files`` are the interactor's (the solution gets nothing but the pipes). Returns both
        results, (solution's, interactor's), with the verdicts and limits of ``run``; neither's stdout is kept
        (it went to the other). Raises nothing but cancellation, as ``run``."""

    @property
    def own_space(self) -> bool:
        """True when every run is held to the room it was given (a cgroup of its own caps what it writes), so no
        run can take the space another needs to write its output or its verdict."""
        return False

    async def discard(self, program: ProgramHandle) -> None:
        """Forget a compiled program: its files leave the sandbox (a long-lived sandbox judging many solutions
        drops each once judged). A no-op where there is nothing to remove."""
        return None

    @property
    def usable(self) -> bool:
        """False once the sandbox can run nothing more (closed, or its runner died): open a new one."""
        return True

    def describe_isolation(self) -> str:
        """What keeps this sandbox's runs from the host and from each other, in a few words."""
        return self.backend

    @abc.abstractmethod
    async def close(self) -> None:
        """Tear everything down (processes, containers, temp dirs); safe to call twice."""

    async def __aenter__(self) -> Sandbox:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
