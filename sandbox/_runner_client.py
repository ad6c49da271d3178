"""Host side of the runner protocol shared by every backend: compile, run, verdicts, failure handling.

A backend only has to start ``bootstrap_argv`` somewhere isolated and give us a byte pipe to it (the
``RunnerSandbox`` hooks); everything else (shipping the runner, request ids, concurrency, time-outs,
verdicts) lives here.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import hashlib
import itertools
import json
import logging
import os
import platform
import re
import secrets
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import anyio
import platformdirs

from frontiersmith import locks
from frontiersmith.errors import SandboxError
from frontiersmith.models import Language, Verdict
from frontiersmith.settings import Settings

from . import compile_cache
from ._fast import FastChannel
from .admission import Admission, compile_room, max_parallel, run_room
from .base import JUDGE_PROGRAMS, CompileResult, ExecResult, ProgramHandle, RunLimits, Sandbox
from .cgroups import LIMIT_HIT, OOM_KILLED, SandboxCgroup, Tree, find_tree
from .compile_outcome import compile_failure
from .pch import FLAGS as PCH_FLAGS
from .pch import HEADER as PCH_HEADER
from .wire import (
    IDLE_CPU_SHARE,
    ROOT,
    SOURCE_ENV,
    TIMED_OUT_IDLE,
    WARM_ENV,
    b64,
    hard_stop_ms,
    unb64,
)

log = logging.getLogger(__name__)

# where a host dir shared with the sandbox appears inside it (0700: the runner gets in, run uids do not):
# docker's request/reply FIFOs, and the fast-run socket of both backends
CHANNEL = "/fs-chan"
STDERR_SHOWN = 8192
REPLY_GRACE_S = (
    20.0  # how long past a run's hard stop (wire.hard_stop_ms) we wait before calling the runner dead
)
START_TIMEOUT_S = 30.0

# The modules shipped into the sandbox, in import order: the runner imports the wire beside it.
SHIPPED = ("wire", "cgroups", "runner")

# Executed by ``python3 -I -S -c``: reads exactly the shipped modules' sources from stdin (argv[1] is
# "NAME:SIZE,..."), makes each a module of a package ``fs_runner`` (so the runner's relative import of
# the wire finds it, as it does on the host), then starts the last one, the runner.
BOOTSTRAP = (
    "import os,sys,types\n"
    "def take(n):\n"
    " b=b''\n"
    " while len(b)<n:\n"
    "  c=os.read(0,n-len(b))\n"
    "  if not c: raise SystemExit(3)\n"
    "  b+=c\n"
    " return b\n"
    "sys.modules['fs_runner']=types.ModuleType('fs_runner')\n"
    "for part in sys.argv[1].split(','):\n"
    " name,n=part.split(':')\n"
    " m=types.ModuleType('fs_runner.'+name);m.__package__='fs_runner'\n"
    " sys.modules[m.__name__]=m\n"
    " exec(compile(take(int(n)),name+'.py','exec'),m.__dict__)\n"
    "m.main(sys.argv[2])\n"
)

# A Python program is compiled once, by its compile step, to the bytecode of main.py (a .pyc): compiling
# the source again in every run would cost a catalog family's verifier a good share of its run.
# It says what ``python -m py_compile main.py`` would say of a bad program, without importing py_compile (with
# the enum, tokenize and traceback it pulls in, most of a compile step): traceback only for that message.
PYTHON_COMPILE = (
    "import sys, marshal, _frozen_importlib_external as b\n"
    "with open('main.py', 'rb') as f:\n"
    " src = f.read()\n"
    "try:\n"
    " code = compile(src, 'main.py', 'exec', dont_inherit=True)\n"
    "except Exception as e:\n"
    " if type(e) is SyntaxError:\n"  # py_compile's own test: its subclasses get the one-line form
    "  import traceback\n"
    "  msg = ''.join(traceback.format_exception_only(type(e), e))\n"
    " else:\n"
    "  msg = 'Sorry: %s: %s' % (type(e).__name__, e)\n"
    " sys.stderr.write(msg + '\\n')\n"
    " sys.exit(1)\n"
    "with open('main.pyc', 'wb') as f:\n"
    " f.write(b.MAGIC_NUMBER + bytes(12) + marshal.dumps(code))\n"  # magic, flags, a zero source stamp
)
# A run loads that bytecode from fd 3, which the launcher opened before dropping to the run's uid (the file
# is owner-only; see ProgramHandle.source); sys.argv[1:] are the run-time args. It runs with ``-S``: the
# standard library alone on every backend, and none of the host's .pth hooks in a run (they also cost each
# run more than its own start); ``exit`` and ``quit``, which ``site`` would add, are kept.
PYTHON_FROM_FD3 = (
    "import sys, builtins, marshal, _sitebuiltins\n"
    "builtins.exit = _sitebuiltins.Quitter('exit', 'Ctrl-D (i.e. EOF)')\n"
    "builtins.quit = _sitebuiltins.Quitter('quit', 'Ctrl-D (i.e. EOF)')\n"
    "with open(3, 'rb', closefd=True) as f:\n"
    " c = marshal.loads(f.read()[16:])\n"  # past the .pyc header (magic, flags, source stamp)
    "sys.argv[0] = 'main.py'\n"
    "exec(c, {'__name__': '__main__', '__builtins__': __builtins__})\n"
)

# The warm interpreter's script (sandbox/zygote.py, whose text is argv[1]): its first line also serves runs
# until, in a run's own process, serve() returns; the lines after it are PYTHON_FROM_FD3's, line for line,
# so a program's tracebacks name the same "<string>" lines and it meets the same globals in __main__.
_FIRST, _REST = PYTHON_FROM_FD3.split("\n", 1)
ZYGOTE_MAIN = f"{_FIRST}; _z = {{}}; exec(sys.argv[1], _z); _z['serve'](); del _z\n{_REST}"

# What a compile step leaves in its dir, and the mode it is installed with: owner-only (a binary needs no read
# right to be run), so no run reads another's program.
_COMPILED = {Language.CPP: ("prog", 0o711), Language.PYTHON: ("main.pyc", 0o600)}

_MEMORY_HINTS = ("std::bad_alloc", "MemoryError", "Cannot allocate memory", "out of memory")


@cache
def shipped_sources() -> tuple[tuple[str, bytes], ...]:
    """(module name, source) of what the bootstrap reads, in its order."""
    here = resources.files("frontiersmith.sandbox")
    return tuple((name, here.joinpath(f"{name}.py").read_bytes()) for name in SHIPPED)


@cache
def zygote_argv(python: str) -> tuple[str, ...]:
    """The warm interpreter's command line, as the launcher execs it (see sandbox/zygote.py)."""
    source = resources.files("frontiersmith.sandbox").joinpath("zygote.py").read_text()
    return (python, "-I", "-S", "-c", ZYGOTE_MAIN, source)


def bootstrap_argv(
    python: str,
    root: str = ROOT,
    chan: str | None = None,
    private: bool = True,
    run_ns: bool = False,
    cgroup: dict[str, Any] | None = None,
    xfer: str | None = None,
) -> list[str]:
    """The runner's command line; ``chan`` is a dir with the FIFOs ``req`` and ``rep`` to talk over instead of
    stdio; ``private``: the runner's /tmp, /dev/shm and the like are the sandbox's own, not the host's;
    ``run_ns``: runs cannot get uids of their own (a non-root host), so each gets pid and mount namespaces
    of its own from the launcher instead (see fs_exec.cc), and without the launcher nothing runs."""
    # Runs get uids from a range picked per sandbox: RLIMIT_NPROC counts per uid across the whole
    # host, so two sandboxes must not share uids.
    cfg: dict[str, Any] = {"root": root, "uid_base": 100_000 + 1000 * secrets.randbelow(1_000_000)}
    if chan:
        cfg["chan"] = chan
    cfg["private"] = private
    cfg["run_ns"] = run_ns
    if cgroup:  # the sandbox's cgroup subtree as the runner sees it (SandboxCgroup.config)
        cfg["cgroup"] = cgroup
    if xfer:  # the dir compiled programs cross between the host's compile cache and the sandbox
        cfg["xfer"] = xfer
    config = json.dumps(cfg)
    sizes = ",".join(f"{name}:{len(source)}" for name, source in shipped_sources())
    return [python, "-I", "-S", "-c", BOOTSTRAP, sizes, config]


def _launcher_source() -> bytes:
    return resources.files("frontiersmith.sandbox").joinpath("fs_exec.cc").read_bytes()


def launcher_build_flags() -> list[str]:
    """Compiler flags for the launcher: without libc on x86-64 (see fs_exec.cc), plain static elsewhere."""
    if platform.machine() in ("x86_64", "AMD64"):
        return [
            "-DFS_NOLIBC",
            "-nostdlib",
            "-static",
            "-fno-pie",
            "-no-pie",
            "-fno-stack-protector",
            "-fno-builtin",
            "-O2",
        ]
    return ["-O2", "-static"]


def host_launcher() -> bytes | None:
    """The launcher as a static binary built with the host's C compiler (cached), or None if there is none.

    Static, so the same file works in bubblewrap and in any container image.
    """
    source = _launcher_source()
    digest = hashlib.sha256(source + " ".join(launcher_build_flags()).encode()).hexdigest()[:16]
    cache = Path(platformdirs.user_cache_dir("frontiersmith", appauthor=False)) / f"fs-exec-{digest}"
    if cache.is_file():
        return cache.read_bytes()
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        return None
    with tempfile.TemporaryDirectory(prefix="fs-exec-build-") as tmp:
        src, out = Path(tmp) / "fs_exec.cc", Path(tmp) / "fs-exec"
        src.write_bytes(source)
        try:
            subprocess.run(
                [cc, "-x", "c", *launcher_build_flags(), "-o", str(out), str(src)],
                capture_output=True,
                timeout=120,
                check=True,
            )
        except (OSError, subprocess.SubprocessError) as exc:
            log.info("could not build the sandbox launcher on the host: %s", exc)
            return None
        data = out.read_bytes()
    with contextlib.suppress(OSError):
        cache.parent.mkdir(parents=True, exist_ok=True)
        part = cache.with_name(f"{cache.name}.{os.getpid()}.part")
        part.write_bytes(data)
        os.replace(part, cache)
    return data


_WARNED: set[str] = set()


def warn_once(message: str) -> None:
    """A warning about the host, not the run: a demo starts dozens of sandboxes, and one line says it all."""
    if message not in _WARNED:
        _WARNED.add(message)
        log.warning(message)


def testlib_header(settings: Settings) -> bytes | None:
    """Our testlib-compatible header, or the real one a setting points at."""
    if settings.testlib_header:
        path = Path(settings.testlib_header).expanduser()
        if not path.is_file():
            raise SandboxError(f"The testlib header {path} does not exist; fix FRONTIERSMITH_TESTLIB_HEADER.")
        return path.read_bytes()
    ours = resources.files("frontiersmith.sandbox").joinpath("testlib.h")
    return ours.read_bytes() if ours.is_file() else None


def fast_spares(settings: Settings) -> int:
    """Dirs the launcher holds staged for fast runs: twice the runs in flight, since a dir comes back
    a moment after its run (at most 64, the launcher's table). With none free, a run takes the runner."""
    return min(64, 2 * max_parallel(settings))


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


CPP_FLAGS_VERSION = "g++ -std=c++17 -O2 -pipe v1"  # bump when the compile command changes


def _truncate(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f"\n... ({len(text) - limit} more characters)"


def _expire(fut: asyncio.Future[Any]) -> None:
    if not fut.done():
        fut.set_exception(TimeoutError())


def _program_dir(name: str, n: int) -> str:
    return f"{re.sub(r'[^A-Za-z0-9_.-]', '_', name)[:40] or 'prog'}-{n}"


class RunnerSandbox(Sandbox):
    """A ``Sandbox`` driving one ``runner.py``; subclasses start it and provide the byte pipe."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._dead: str | None = None
        self._closed = False
        self._send_lock = asyncio.Lock()
        self._has_testlib = False
        # who may run now: slots, the room in /box each run may fill, runs that must be alone (admission.py);
        # the backend sizes /box at start (``box_bytes``)
        self._admission = Admission(
            max_parallel(settings), 0, marker=lambda: next(self._ids), ping=self._ping, grow=self._grow_box
        )
        self._installed: dict[str, int] = {}  # a program's dir under progs -> the bytes it holds in /box
        # the host's transfer dir and where the runner sees it (a backend that has one sets it before start)
        self._xfer: tuple[Path, str] | None = None
        self.launcher: str | None = None  # the C launcher in use, or None (runner forks in Python)
        # Once on, replies are settled straight from the backend's read callback (``_feed_replies``)
        # instead of waking the reader task first: one event-loop trip less per run.
        self._direct = False
        self._reply_parts: list[bytes] = []  # a reply line's start, chunk by chunk (joined once it ends)
        # Simple runs skip the runner (see _fast.py) when the backend gives a dir both sides see:
        # (its path on the host, its path inside the sandbox).
        self._fast_dirs: tuple[str, str] | None = None
        self._fast: FastChannel | None = None
        self._runner_setuid = False
        self._runner_ns = False  # runs get namespaces of their own instead of uids (see runner.RUN_NS)
        # the sandbox's cgroup subtree (the backend makes it at start), and the version the runner uses (0: none)
        self._cgroup: SandboxCgroup | None = None
        self._runner_cgroup = 0
        # the sandbox interpreter's bytecode magic (hex, from the runner's greeting): the compile cache's key
        self._pyc_magic: str | None = None

    # -- what a backend provides -----------------------------------------------------------------

    @abc.abstractmethod
    async def _send_bytes(self, data: bytes) -> None: ...

    @abc.abstractmethod
    async def _read_line(self) -> bytes:
        """The runner's next reply line; b"" once it is gone."""

    @abc.abstractmethod
    async def _diagnostics(self) -> str:
        """Whatever the runner said on stderr (for the error message when it dies)."""

    @abc.abstractmethod
    async def _shutdown(self) -> None:
        """Stop the isolation set-up and delete everything; must not raise; called once."""

    def _on_hello(self, hello: dict[str, Any]) -> None:
        """The runner's greeting (a backend may switch channels on it)."""

    python: str = "python3"  # the interpreter inside the sandbox
    _direct_replies = False  # a backend whose reply reader calls ``_feed_replies`` after the hello

    def _feed_replies(self, data: bytes) -> bool:
        """Settle the replies in ``data`` at once; False (nothing taken) until direct mode is on.

        A garbled line is a dead runner, as on the reader task's path: every pending request fails.
        """
        if not self._direct:
            return False
        if b"\n" not in data:  # a long reply (a big output) comes in many chunks: copy them once, at its end
            self._reply_parts.append(data)
            return True
        buf = b"".join(self._reply_parts) + data
        *lines, rest = buf.split(b"\n")
        self._reply_parts = [rest] if rest else []
        for line in lines:
            try:
                self._settle(json.loads(line))
            except Exception:  # not JSON, or not an object
                self._direct = False
                self._fail_all(f"the {self.backend} sandbox runner sent a garbled reply")
                return True
        return True

    def _settle(self, reply: Any) -> None:
        rid = reply.get("id")
        if isinstance(rid, int):  # every run that ended before this request was sent has its files gone
            self._admission.settled(rid)
        fut = self._pending.pop(rid, None)
        if fut is not None and not fut.done():
            fut.set_result(reply)

    root: str = ROOT  # the runner's directory as seen from inside the sandbox

    async def _pch_include(self) -> str | None:
        """The include dir, inside the sandbox, holding a precompiled ``<bits/stdc++.h>`` (sandbox/pch.py)."""
        return None

    # -- life cycle ------------------------------------------------------------------------------

    async def _start_runner(self) -> None:
        """Ship the runner (and the protocol beside it), wait for its hello, then install headers."""
        await self._send_bytes(b"".join(source for _name, source in shipped_sources()))
        try:
            with anyio.fail_after(START_TIMEOUT_S):
                hello = await self._read_line()
        except TimeoutError:
            raise SandboxError(
                f"The {self.backend} sandbox did not start within {START_TIMEOUT_S:.0f} s."
            ) from None
        if not hello:
            detail = (await self._diagnostics()).strip()[-500:]
            raise SandboxError(f"The {self.backend} sandbox failed to start: {detail or 'no message'}.")
        try:
            greeting = json.loads(hello)
            self._runner_setuid = bool(greeting.get("setuid"))
            self._runner_ns = bool(greeting.get("run_ns"))
            self._runner_cgroup = int(greeting.get("cgroup") or 0)
            magic = greeting.get("pyc")
            self._pyc_magic = magic if isinstance(magic, str) and magic else None
            self._on_hello(greeting)
        except (ValueError, AttributeError):
            raise SandboxError(f"The {self.backend} sandbox runner sent a garbled greeting.") from None
        if self._cgroup is not None and not self._runner_cgroup:
            self._no_cgroup("the sandbox could not see the cgroup subtree made for it")
        self._direct = self._direct_replies
        self._reader = asyncio.get_running_loop().create_task(self._read_replies())
        header = testlib_header(self.settings)
        if header is not None:
            await self._put("include/testlib.h", 0o644, data=header)
            self._has_testlib = True
        await self._install_launcher()

    async def _install_launcher(self) -> None:
        """Ship (or, failing that, build inside) the C launcher; without it the runner forks in Python (slower)."""
        path: str | None = None
        binary = await asyncio.to_thread(host_launcher)
        if binary is not None:
            reply = await self._put("bin/fs-exec", 0o755, data=binary)
            path = reply.get("path")
        if path is None:
            limits = RunLimits(time_ms=60000, memory_mb=2048, output_kb=65536, processes=32, open_files=256)
            reply = await self._raw_run(
                ["gcc", "-x", "c", *launcher_build_flags(), "-o", "fs-exec", "fs_exec.cc"],
                files={"fs_exec.cc": _launcher_source()},
                limits=limits,
                wall_ms=120000,
                install={"from": "fs-exec", "to": "_launcher/fs-exec", "mode": 0o755},
            )
            path = reply.get("installed")
        if path is None:
            if self._runner_ns:
                raise SandboxError(
                    self._refusal("the sandbox launcher could not be built (is cc installed?)")
                )
            log.warning("the sandbox launcher could not be built; runs fall back to a slower fork")
            return
        fast = self._open_fast_channel()
        op: dict[str, Any] = {"op": "launcher", "path": path}
        if self.settings.sandbox_warm_python:  # the runner starts it only where runs get uids of their own
            op["zygote"] = list(zygote_argv(self.python))
        if fast is not None:
            op.update(fast=fast.inside, spares=fast_spares(self.settings))
        answer = await self._request(op, 30)
        check = await self._raw_run(["true"], files={}, limits=RunLimits(), wall_ms=10000)
        if "error" in check or check.get("exit") != 0:
            if self._runner_ns:
                why = (
                    check.get("error")
                    or check.get("exec_error")
                    or f"exit {check.get('exit')}, signal {check.get('signal')}"
                )
                raise SandboxError(self._refusal(f"a run could not be given namespaces of its own ({why})"))
            log.warning("the sandbox launcher failed its self-test (%s); using the slower fork", check)
            if fast is not None:
                fast.close()
            await self._request({"op": "launcher", "path": None}, 30)
            return
        self.launcher = path
        if fast is not None and answer.get("fast") and fast.accept():
            self._fast = fast
            probe = await self.run(ProgramHandle("true", Language.CPP, ("true",)))
            if probe.verdict is Verdict.OK:
                return
            log.warning(
                "the sandbox's fast channel failed its self-test (%s); runs go through the runner", probe
            )
        if fast is not None:
            fast.close()
        self._fast = None

    def _refusal(self, why: str) -> str:
        return (
            f"The {self.backend} sandbox refuses to judge: as a non-root user each run needs pid and mount "
            f"namespaces of its own, and {why}."
        )

    def _open_cgroup(self) -> SandboxCgroup | None:
        """This sandbox's cgroup subtree (sandbox/cgroups.py), or None where the host offers none: runs then
        have rlimits alone, which a root host is warned of once and a non-root process sandbox refuses
        (SandboxError)."""
        tree = find_tree(self.settings.sandbox_cgroup)
        if isinstance(tree, Tree):
            try:
                self._cgroup = SandboxCgroup(tree)
                return self._cgroup
            except OSError as exc:
                tree = f"its subtree could not be made ({exc})"
        self._no_cgroup(tree)
        return None

    def _no_cgroup(self, why: str) -> None:
        if self.backend == "process" and os.geteuid() != 0:
            raise SandboxError(
                "The process sandbox refuses to judge: as a non-root user it needs a cgroup to hold each run to "
                f"its CPU, memory and process limits, and {why}."
            )
        warn_once(f"runs are held to per-process rlimits alone, not to per-run cgroups: {why}")

    @property
    def limits(self) -> str:
        """How a run's limits are enforced here, in a few words (``frontiersmith sandbox info`` shows it)."""
        if self._runner_cgroup and self._cgroup is not None:
            return (
                f"{self._cgroup.tree.describe()} for all of a run's processes together; /box "
                f"{self._admission.box >> 20} MiB, each run holding the room its cgroup lets it fill"
            )
        return "rlimits per process only (no cgroup: a run's processes are not limited together, nor held to their room in /box)"

    @property
    def isolation(self) -> str:
        """What keeps one run from another here, in a few words (``frontiersmith sandbox info`` shows it)."""
        if self._runner_setuid:
            return "per-run uids"
        if self._runner_ns:
            return "per-run pid and mount namespaces (one uid)"
        return "none between runs"

    def _open_fast_channel(self) -> FastChannel | None:
        """The host's socket for fast runs, if the backend shares a dir with the sandbox and runs get
        their own uids (the launcher then tells the runner whether anything of a run is left)."""
        if self._fast_dirs is None or not self._runner_setuid or not self.settings.sandbox_fast_runs:
            return None
        try:
            return FastChannel(*self._fast_dirs)
        except OSError as exc:
            log.info("no fast channel for the %s sandbox: %s", self.backend, exc)
            return None

    # -- compile cache ---------------------------------------------------------------------------

    def _compile_cache_dir(self) -> Path:
        return self.settings.resolved_compile_cache_dir

    def _compile_cache_key(self, code: str, language: Language) -> str | None:
        """Compiled programs are cached on the host: a C++ binary by source, flags, header and backend (g++ -O2
        is the slow part of judging, and the pipeline compiles the same solver in many sandboxes); a Python
        program's bytecode by source, backend and the sandbox interpreter's bytecode magic (the pipeline
        compiles the same verifier in every sandbox it judges in). None: not cached (an interpreter that did
        not say its magic)."""
        if language is Language.CPP:
            parts: tuple[str | bytes, ...] = (
                CPP_FLAGS_VERSION,
                code.encode(),
                testlib_header(self.settings) or b"",
            )
        elif language is Language.PYTHON and self._pyc_magic:
            parts = ("python", self._pyc_magic, code.encode())
        else:
            return None
        h = hashlib.sha256()
        for part in (self.backend, *parts):
            h.update(len(part).to_bytes(8, "little") + (part.encode() if isinstance(part, str) else part))
        return h.hexdigest()

    def _handle(self, name: str, language: Language, installed: str) -> ProgramHandle:
        """The program compiled (or taken from the cache) to ``installed``: a binary run as is, or bytecode
        the launcher opens as fd 3 for ``PYTHON_FROM_FD3``."""
        if language is Language.CPP:
            return ProgramHandle(name=name, language=language, argv=(installed,))
        argv = (self.python, "-I", "-S", "-c", PYTHON_FROM_FD3)
        return ProgramHandle(
            name=name, language=language, argv=argv, source=installed, warm=name in JUDGE_PROGRAMS
        )

    async def _from_compile_cache(
        self, key: str, name: str, dest: str, language: Language
    ) -> CompileResult | None:
        """The program cached under ``key`` installed as ``dest``, through the transfer dir; None on a miss."""
        path = compile_cache.cached(self._compile_cache_dir(), key)
        if path is None or self._xfer is None:
            return None
        target, mode = _COMPILED[language]
        handoff = self._xfer[0] / f"in-{secrets.token_hex(8)}"
        try:
            await asyncio.to_thread(shutil.copyfile, path, handoff)
            reply = await self._put(f"progs/{dest}/{target}", mode, handoff=handoff.name)
        except (OSError, SandboxError):
            return None
        finally:
            with contextlib.suppress(OSError):
                handoff.unlink()
        installed = reply.get("path")
        if not installed:
            return None
        self._installed[dest] = int(reply.get("bytes") or 0)
        return CompileResult(Verdict.OK, program=self._handle(name, language, installed))

    async def _put(
        self, path: str, mode: int, *, data: bytes | None = None, handoff: str | None = None
    ) -> dict[str, Any]:
        """A file of the sandbox's own under /box: ``data``, or the file ``handoff`` in the transfer dir."""
        msg: dict[str, Any] = {"op": "put", "path": path, "mode": mode}
        if handoff is not None:
            msg["from"] = handoff
        else:
            msg["data"] = b64(data or b"")
        reply = await self._request(msg, 60)
        self._admission.programs += int(reply.get("bytes") or 0)
        return reply

    async def discard(self, program: ProgramHandle) -> None:
        installed = program.source or program.argv[0]
        prefix = f"{self.root}/progs/"
        dest = installed[len(prefix) :].split("/", 1)[0] if installed.startswith(prefix) else ""
        if dest not in self._installed or not self.usable:
            return
        with contextlib.suppress(SandboxError):
            reply = await self._request({"op": "drop", "path": dest}, 60)
            if reply.get("bytes") is not None:
                self._admission.programs -= self._installed.pop(dest)

    async def _ping(self) -> None:
        with contextlib.suppress(SandboxError):
            await self._request({"op": "ping"}, 30)

    async def _grow_box(self, size: int) -> bool:
        """Make /box ``size`` bytes big, where this backend's runner may; True once it is."""
        if not self._can_grow or not self.usable:
            return False
        try:
            reply = await self._request({"op": "grow", "bytes": size}, 30)
        except SandboxError:
            return False
        if reply.get("grown"):
            self._admission.box = size
            return True
        log.info("the %s sandbox's /box could not grow to %d MiB: %s", self.backend, size >> 20, reply)
        return False

    _can_grow = False  # the backend's runner may remount /box (a root bwrap, a container)

    @property
    def own_space(self) -> bool:
        return bool(self._runner_cgroup) and self._cgroup is not None

    async def _read_replies(self) -> None:
        try:
            while True:
                line = await self._read_line()
                if not line:
                    break
                self._settle(json.loads(line))
        except Exception as exc:  # a garbled pipe is a dead runner
            log.debug("runner reader stopped: %s", exc)
        detail = ""
        with contextlib.suppress(Exception):
            detail = (await self._diagnostics()).strip()[-300:]
        self._fail_all(f"the {self.backend} sandbox runner stopped" + (f": {detail}" if detail else ""))

    def _fail_all(self, why: str) -> None:
        self._dead = self._dead or why
        for fut in self._pending.values():
            if not fut.done():
                fut.set_exception(SandboxError(why[0].upper() + why[1:] + "."))
        self._pending.clear()

    async def _request(self, msg: dict[str, Any], timeout_s: float) -> dict[str, Any]:
        if self._closed:
            raise SandboxError("This sandbox is closed; open a new one with open_sandbox().")
        if self._dead:
            raise SandboxError(self._dead[0].upper() + self._dead[1:] + ".")
        rid = next(self._ids)
        msg["id"] = rid
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[dict[str, Any]] = loop.create_future()
        self._pending[rid] = fut
        # A timer on the future itself rather than asyncio.wait_for, whose relay future costs every
        # reply an extra trip through the event loop.
        timer = loop.call_later(timeout_s, _expire, fut)
        try:
            async with self._send_lock:
                await self._send_bytes(json.dumps(msg, separators=(",", ":")).encode() + b"\n")
            return await fut
        except TimeoutError:
            self._fail_all(f"the {self.backend} sandbox runner did not answer within {timeout_s:.0f} s")
            with anyio.CancelScope(shield=True):
                await self.close()
            raise SandboxError(
                f"The {self.backend} sandbox runner stopped answering; the sandbox was closed."
            ) from None
        except asyncio.CancelledError:
            self._pending.pop(rid, None)
            if msg.get("op") == "run" and not self._dead and not self._closed:
                with contextlib.suppress(Exception):
                    kill = json.dumps({"op": "kill", "id": f"k{rid}", "target": rid}).encode() + b"\n"
                    async with self._send_lock:
                        await self._send_bytes(kill)
            raise
        except (OSError, ConnectionError) as exc:
            self._fail_all(f"the {self.backend} sandbox runner is unreachable ({exc})")
            raise SandboxError(f"The {self.backend} sandbox runner is unreachable ({exc}).") from None
        finally:
            timer.cancel()

    @property
    def usable(self) -> bool:
        return not (self._closed or self._dead)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        with anyio.CancelScope(shield=True):
            self._fail_all("the sandbox was closed")
            if self._fast is not None:
                self._fast.close()
            if self._reader is not None:
                self._reader.cancel()
                with contextlib.suppress(BaseException):
                    await self._reader
            with contextlib.suppress(Exception):
                await self._shutdown()
            cgroup, self._cgroup = self._cgroup, None
            if cgroup is not None:  # after the sandbox's processes: whatever is left in it is killed
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(cgroup.remove)

    # -- the interface ---------------------------------------------------------------------------

    async def compile(self, code: str, language: Language, name: str = "main") -> CompileResult:
        language = Language(language)
        dest = _program_dir(name, next(self._ids))
        cache_key = self._compile_cache_key(code, language)
        if cache_key is None:
            return await self._compile(code, language, name, dest, None)
        cached = await self._from_compile_cache(cache_key, name, dest, language)
        if cached is not None:
            return cached
        # One compile of a source at a time on this machine (sandboxes and processes alike, the pipeline
        # and parallel runs compile the same solvers at once): a second waits for the first's binary.
        lock = None
        with contextlib.suppress(OSError):
            folder = self._compile_cache_dir()
            folder.mkdir(parents=True, exist_ok=True)
            lock = await locks.acquire(folder / f"{cache_key}.lock", self.settings.compile_timeout_s, 0.05)
        try:
            if lock is not None and lock.waited:
                cached = await self._from_compile_cache(cache_key, name, dest, language)
                if cached is not None:
                    return cached
            return await self._compile(code, language, name, dest, cache_key)
        finally:
            if lock is not None:
                lock.release()

    async def _compile(
        self, code: str, language: Language, name: str, dest: str, cache_key: str | None
    ) -> CompileResult:
        """Compile ``code`` in the sandbox into ``dest`` (and the compile cache under ``cache_key``)."""
        timeout_ms = int(self.settings.compile_timeout_s * 1000)
        binary_limit = self.settings.max_binary_bytes
        # every file the compiler writes (the binary above all) is held to the binary limit (RLIMIT_FSIZE)
        limits = RunLimits(
            time_ms=timeout_ms, memory_mb=4096, output_kb=binary_limit // 1024, processes=32, open_files=256
        )
        if language is Language.CPP:
            # GCC looks for bits/stdc++.h.gch in each -I dir before the system's, and skips one it cannot use
            # (built with other flags: so the compile takes the header's own). Only a program that names the
            # header asks for it (the first ask may build it: seconds).
            pch = await self._pch_include() if PCH_HEADER in code else None
            argv = ["g++", *PCH_FLAGS, "-pipe", "-I", f"{self.root}/include"]
            argv += [*(["-I", pch] if pch else []), "-o", "prog", "main.cpp"]
            files = {"main.cpp": code.encode()}
        elif language is Language.PYTHON:
            argv = [self.python, "-I", "-S", "-c", PYTHON_COMPILE]
            files = {"main.py": code.encode()}
        else:  # pragma: no cover - Language has no other members today
            return CompileResult(Verdict.SYSTEM_ERROR, message=f"unsupported language {language}")
        source, mode = _COMPILED[language]
        # owner-only (a binary needs no read right to be run): no run reads another's program
        install = {"from": source, "to": f"{dest}/{source}", "mode": mode, "max_bytes": binary_limit}
        if cache_key is not None and self._xfer is not None:
            install["export"] = f"out-{secrets.token_hex(8)}"  # a copy for the compile cache, as a file
        try:
            reply = await self._raw_run(
                argv,
                files=files,
                limits=limits,
                wall_ms=timeout_ms,
                install=install,
                room=compile_room(binary_limit, len(files[next(iter(files))])),
            )
        except SandboxError as exc:
            return CompileResult(Verdict.SYSTEM_ERROR, message=str(exc))
        return await self._compiled(reply, limits, name, language, dest, cache_key)

    async def _compiled(
        self,
        reply: dict[str, Any],
        limits: RunLimits,
        name: str,
        language: Language,
        dest: str,
        key: str | None,
    ) -> CompileResult:
        """What a compile's run came to: the program (cached), a compilation error of the program's, or a
        system error where the host is at fault (the compiler missing or broken)."""
        result = classify(reply, limits)
        installed, size = reply.get("installed"), int(reply.get("installed_bytes") or 0)
        exported = reply.get("exported")
        if exported and self._xfer is not None:
            made = self._xfer[0] / str(exported)
            if key is not None and installed and result.verdict is Verdict.OK:
                bound = self.settings.compile_cache_bytes
                with contextlib.suppress(OSError):
                    await asyncio.to_thread(compile_cache.keep, self._compile_cache_dir(), key, made, bound)
            with contextlib.suppress(OSError):
                made.unlink()
        if result.verdict is Verdict.OK and installed:
            self._installed[dest] = size
            self._admission.programs += size
            return CompileResult(Verdict.OK, program=self._handle(name, language, installed))
        return compile_failure(result, reply, self.settings)

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
        env = _program_env(program)
        fast = self._fast
        if fast is not None and fast.alive and not files and not want_files and not self._closed:
            wall_ms = wall_limit_ms(limits)
            hard_ms = hard_stop_ms(wall_ms, limits.time_ms)
            try:
                async with self._admission.enter(run_room(limits), alone=alone):
                    reply = await fast.run(
                        [*program.argv, *args],
                        stdin,
                        limits,
                        env,
                        wall_ms,
                        hard_ms,
                        hard_ms / 1000.0 + REPLY_GRACE_S,
                    )
            except SandboxError as exc:
                return ExecResult(Verdict.SYSTEM_ERROR, message=str(exc))
            if reply is not None:
                return classify(reply, limits)
        try:
            reply = await self._raw_run(
                [*program.argv, *args],
                stdin=stdin,
                files=files or {},
                want_files=want_files,
                limits=limits,
                wall_ms=wall_limit_ms(limits),
                env=env,
                alone=alone,
            )
        except SandboxError as exc:
            return ExecResult(Verdict.SYSTEM_ERROR, message=str(exc))
        return classify(reply, limits)

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
        # Both runs go through the runner, which joins them by the pipe pair's name; their two slots (and their
        # room in /box) are taken together, so interactions waiting never each hold half of what they need.
        pipe = secrets.token_hex(8)
        files = files or {}
        messages = [
            _run_message(
                solution.argv, limits, wall_limit_ms(limits), env=_program_env(solution), pipe=[pipe, 0]
            ),
            _run_message(
                [*interactor.argv, *args],
                interactor_limits,
                wall_limit_ms(interactor_limits),
                files=files,
                want_files=want_files,
                env=_program_env(interactor),
                pipe=[pipe, 1],
            ),
        ]
        replies: list[dict[str, Any]] = [{}, {}]

        async def one(i: int) -> None:
            try:
                replies[i] = await self._request(messages[i], messages[i]["hard_ms"] / 1000.0 + REPLY_GRACE_S)
            except SandboxError as exc:
                replies[i] = {"error": str(exc)}

        room = run_room(limits) + run_room(interactor_limits, sum(len(d) for d in files.values()))
        try:
            async with self._admission.enter(room, slots=2, alone=alone), anyio.create_task_group() as tg:
                tg.start_soon(one, 0)
                tg.start_soon(one, 1)
        except SandboxError as exc:
            replies = [{"error": str(exc)}, {"error": str(exc)}]
        return classify(replies[0], limits), classify(replies[1], interactor_limits)

    async def _raw_run(
        self,
        argv: Sequence[str],
        *,
        stdin: bytes = b"",
        files: Mapping[str, bytes],
        want_files: Sequence[str] = (),
        limits: RunLimits,
        wall_ms: int,
        install: dict[str, Any] | None = None,
        env: dict[str, str] | None = None,
        alone: bool = False,
        room: int | None = None,
    ) -> dict[str, Any]:
        """One run through the runner; ``room``: the bytes of /box it may fill, if not what its limits allow."""
        msg = _run_message(
            argv, limits, wall_ms, stdin=stdin, files=files, want_files=want_files, install=install, env=env
        )
        if room is None:
            room = run_room(limits, len(stdin) + sum(len(data) for data in files.values()))
        async with self._admission.enter(room, alone=alone):
            return await self._request(msg, msg["hard_ms"] / 1000.0 + REPLY_GRACE_S)


def _program_env(program: ProgramHandle) -> dict[str, str]:
    """The environment entries a run of ``program`` starts with, beside the runner's own."""
    env: dict[str, str] = {}
    if program.language is Language.PYTHON:
        env["PYTHONHASHSEED"] = "0"
    if program.source:
        env[SOURCE_ENV] = program.source
    if program.warm:
        env[WARM_ENV] = "1"
    return env


def _run_message(
    argv: Sequence[str],
    limits: RunLimits,
    wall_ms: int,
    *,
    stdin: bytes = b"",
    files: Mapping[str, bytes] | None = None,
    want_files: Sequence[str] = (),
    install: dict[str, Any] | None = None,
    env: dict[str, str] | None = None,
    pipe: list[Any] | None = None,
) -> dict[str, Any]:
    """The runner's ``run`` request (runner.Runner.start_run); ``pipe`` ([name, end]) joins the run's stdin and
    stdout to the other end of the pipe pair ``name`` (an interaction: end 0 the solution, 1 the interactor)."""
    msg: dict[str, Any] = {
        "op": "run",
        "argv": list(argv),
        "cpu_ms": limits.time_ms,
        "mem_mb": limits.memory_mb,
        "out_kb": limits.output_kb,
        "nproc": limits.processes,
        "nofile": limits.open_files,
        "wall_ms": wall_ms,
        "hard_ms": hard_stop_ms(wall_ms, limits.time_ms),
    }
    if stdin:
        msg["stdin"] = b64(stdin)
    if files:
        msg["files"] = {name: b64(data) for name, data in files.items()}
    if want_files:
        msg["want"] = list(want_files)
    if install:
        msg["install"] = install
    if env:
        msg["env"] = env
    if pipe:
        msg["pipe"] = pipe
    return msg
