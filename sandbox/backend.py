"""The base class of every backend that drives the in-sandbox runner (``RunnerSandbox``): its life cycle,
compiling (through the host's compile cache), runs and interactions.

A backend only has to start ``bootstrap.bootstrap_argv`` somewhere isolated and give us a byte pipe to it (the
hooks below: docker_backend.py and process.py are the two); everything else lives here and in the rooms it
draws on: what is shipped and started (bootstrap.py), the requests and replies (link.py), how a program is
compiled and started (programs.py), a report read as a verdict (classify.py), who may run now (admission.py)
and the fast channel (_fast.py).
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import itertools
import json
import logging
import os
import secrets
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anyio

from frontiersmith import locks
from frontiersmith.errors import SandboxError
from frontiersmith.models import Language, Verdict
from frontiersmith.settings import Settings

from . import compile_cache, programs
from ._fast import FastChannel
from .admission import Admission, compile_room, max_parallel, run_room
from .base import CompileResult, ExecResult, ProgramHandle, ProgramRole, RunLimits, Sandbox
from .bootstrap import (
    LAUNCHER_SOURCE,
    host_launcher,
    launcher_build_flags,
    launcher_source,
    shipped_sources,
    testlib_header,
    zygote_argv,
)
from .cgroups import SandboxCgroup, Tree, find_tree
from .classify import classify, wall_limit_ms
from .compile_outcome import compile_failure
from .link import REPLY_GRACE_S, RunnerLink, run_message
from .pch import HEADER as PCH_HEADER
from .wire import ROOT, b64, hard_stop_ms

log = logging.getLogger(__name__)

START_TIMEOUT_S = 30.0
_WARNED: set[str] = set()


def warn_once(message: str) -> None:
    """A warning about the host, not the run: a demo starts dozens of sandboxes, and one line says it all."""
    if message not in _WARNED:
        _WARNED.add(message)
        log.warning(message)


def fast_spares(settings: Settings) -> int:
    """Dirs the launcher holds staged for fast runs: twice the runs in flight, since a dir comes back
    a moment after its run (at most 64, the launcher's table). With none free, a run takes the runner."""
    return min(64, 2 * max_parallel(settings))


class RunnerSandbox(Sandbox):
    """A ``Sandbox`` driving one runner (runner.py); a backend subclasses it, starts the runner and provides
    the byte pipe to it (the hooks below). How to add one: docs/reference/threat-model.md,
    "Adding a sandbox backend"."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self._ids = itertools.count(1)
        self._link = RunnerLink(
            self.backend,
            self._ids,
            send=self._send_bytes,
            read_line=self._read_line,
            diagnostics=self._diagnostics,
            settled=self._settled,
            on_timeout=self.close,
        )
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
        # Simple runs skip the runner (see _fast.py) when the backend gives a dir both sides see:
        # (its path on the host, its path inside the sandbox).
        self._fast_dirs: tuple[str, str] | None = None
        self._fast: FastChannel | None = None
        self._runner_setuid = False
        self._runner_ns = False  # runs get namespaces of their own instead of uids (see inside.RUN_NS)
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
        """Settle the replies in ``data`` at once (link.RunnerLink.feed); False (nothing taken) until direct
        mode is on."""
        return self._link.feed(data)

    def _settled(self, rid: int) -> None:
        self._admission.settled(rid)

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
        self._link.start(direct=self._direct_replies)
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
                ["gcc", "-x", "c", *launcher_build_flags(), "-o", "fs-exec", LAUNCHER_SOURCE],
                files={LAUNCHER_SOURCE: launcher_source()},
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
        """The key ``code`` compiled here is cached under on the host (programs.cache_key); None: not cached."""
        testlib = (testlib_header(self.settings) or b"") if language is Language.CPP else b""
        return programs.cache_key(self.backend, code, language, testlib, self._pyc_magic)

    async def _from_compile_cache(
        self, key: str, name: str, dest: str, language: Language, role: ProgramRole
    ) -> CompileResult | None:
        """The program cached under ``key`` installed as ``dest``, through the transfer dir; None on a miss."""
        path = compile_cache.cached(self._compile_cache_dir(), key)
        if path is None or self._xfer is None:
            return None
        target, mode = programs.COMPILED[language]
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
        return CompileResult(
            Verdict.OK, program=programs.handle(name, language, installed, self.python, role)
        )

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
        """Drop the program's directory in the runner and give its bytes back to the sandbox's admission; a program
        this sandbox did not install, or a sandbox no longer usable, is left alone."""
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
        """True when the runner put each run in a cgroup of its own and this sandbox holds a cgroup to put them
        under."""
        return bool(self._runner_cgroup) and self._cgroup is not None

    async def _request(self, msg: dict[str, Any], timeout_s: float) -> dict[str, Any]:
        return await self._link.request(msg, timeout_s)

    @property
    def usable(self) -> bool:
        """False once the link to the runner is down (closed, or the runner died)."""
        return self._link.usable

    async def close(self) -> None:
        """Fail every request still waiting, stop the runner and kill whatever is left in the sandbox's cgroup;
        safe to call twice."""
        if self._link.closed:
            return
        self._link.closed = True
        with anyio.CancelScope(shield=True):
            self._link.fail_all("the sandbox was closed")
            if self._fast is not None:
                self._fast.close()
            await self._link.stop_reading()
            with contextlib.suppress(Exception):
                await self._shutdown()
            cgroup, self._cgroup = self._cgroup, None
            if cgroup is not None:  # after the sandbox's processes: whatever is left in it is killed
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(cgroup.remove)

    # -- the interface ---------------------------------------------------------------------------

    async def compile(
        self, code: str, language: Language, name: str = "main", *, role: ProgramRole = ProgramRole.SOLUTION
    ) -> CompileResult:
        """Compile ``code`` here, or take it from the host's compile cache (``Sandbox.compile`` says what it
        returns and its limits)."""
        language = Language(language)
        dest = programs.program_dir(name, next(self._ids))
        cache_key = self._compile_cache_key(code, language)
        if cache_key is None:
            return await self._compile(code, language, (name, role), dest, None)
        cached = await self._from_compile_cache(cache_key, name, dest, language, role)
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
                cached = await self._from_compile_cache(cache_key, name, dest, language, role)
                if cached is not None:
                    return cached
            return await self._compile(code, language, (name, role), dest, cache_key)
        finally:
            if lock is not None:
                lock.release()

    async def _compile(
        self, code: str, language: Language, named: tuple[str, ProgramRole], dest: str, cache_key: str | None
    ) -> CompileResult:
        """Compile ``code`` in the sandbox into ``dest`` (and the compile cache under ``cache_key``); ``named``:
        the program's name and role."""
        timeout_ms = int(self.settings.compile_timeout_s * 1000)
        binary_limit = self.settings.max_binary_bytes
        # every file the compiler writes (the binary above all) is held to the binary limit (RLIMIT_FSIZE)
        limits = RunLimits(
            time_ms=timeout_ms, memory_mb=4096, output_kb=binary_limit // 1024, processes=32, open_files=256
        )
        if language not in programs.COMPILED:  # pragma: no cover - Language has no other members today
            return CompileResult(Verdict.SYSTEM_ERROR, message=f"unsupported language {language}")
        # Only a C++ program that names <bits/stdc++.h> asks for its precompiled form (the first ask may build
        # it: seconds).
        pch = await self._pch_include() if language is Language.CPP and PCH_HEADER in code else None
        argv, files = programs.compile_command(code, language, self.python, f"{self.root}/include", pch)
        source, mode = programs.COMPILED[language]
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
        return await self._compiled(reply, limits, named, language, dest, cache_key)

    async def _compiled(
        self,
        reply: dict[str, Any],
        limits: RunLimits,
        named: tuple[str, ProgramRole],
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
            name, role = named
            return CompileResult(
                Verdict.OK, program=programs.handle(name, language, installed, self.python, role)
            )
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
        """Run ``program`` once (``Sandbox.run`` states its arguments, what it returns and its limits): on the
        fast channel when it takes only stdin and gives only its output (``_fast.py``), else through the
        runner. A failed sandbox is a SYSTEM_ERROR result, never an exception."""
        env = programs.program_env(program)
        fast = self._fast
        if fast is not None and fast.alive and not files and not want_files and not self._link.closed:
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
        """Run an interaction (``Sandbox.interact``): the solution's result, then the interactor's."""
        # Both runs go through the runner, which joins them by the pipe pair's name; their two slots (and their
        # room in /box) are taken together, so interactions waiting never each hold half of what they need.
        pipe = secrets.token_hex(8)
        files = files or {}
        messages = [
            run_message(
                solution.argv,
                limits,
                wall_limit_ms(limits),
                env=programs.program_env(solution),
                pipe=[pipe, 0],
            ),
            run_message(
                [*interactor.argv, *args],
                interactor_limits,
                wall_limit_ms(interactor_limits),
                files=files,
                want_files=want_files,
                env=programs.program_env(interactor),
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
        msg = run_message(
            argv, limits, wall_ms, stdin=stdin, files=files, want_files=want_files, install=install, env=env
        )
        if room is None:
            room = run_room(limits, len(stdin) + sum(len(data) for data in files.values()))
        async with self._admission.enter(room, alone=alone):
            return await self._request(msg, msg["hard_ms"] / 1000.0 + REPLY_GRACE_S)
