"""The fast channel: simple runs go from the host straight to the sandbox's launcher server and back.

A simple run (stdin in; stdout, stderr and the exit status out; no files asked for or given) needs
nothing of the Python runner but a dir to run in, and the runner stages those for the launcher ahead
of time. So the host hands the launcher the program's three streams as memory files of its own
(memfd, passed over a unix socket with SCM_RIGHTS) and reads the output straight from them: no copy
through the runner, no JSON or base64, and two process hops per run instead of four.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import itertools
import logging
import os
import socket
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from frontiersmith.errors import SandboxError

from ._tempdirs import make_temp_dir
from .base import RunLimits
from .wire import (
    BACKSTOP_RECHECK_S,
    BASE_ENV,
    STDERR_KEEP,
    command_fields,
    exit_and_signal,
    launcher_limits,
    launcher_packet,
    pread_upto,
    run_memory_kb,
    write_all,
)

log = logging.getLogger(__name__)

SOCKET_NAME = "fast.sock"


def _expire(fut: asyncio.Future[Any]) -> None:
    if not fut.done():
        fut.set_exception(TimeoutError())


class FastChannel:
    """The host's end of the launcher's socket (see module doc); one per sandbox, set up at start."""

    def __init__(self, host_dir: str, inside_dir: str) -> None:
        self.path = os.path.join(host_dir, SOCKET_NAME)
        self.inside = f"{inside_dir}/{SOCKET_NAME}"
        self._listener: socket.socket | None = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self._listener.bind(self.path)
            self._listener.listen(1)
            self._listener.setblocking(False)
        except OSError:
            self._listener.close()
            raise
        self._sock: socket.socket | None = None
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[tuple[bytes, list[bytes]]]] = {}
        self._watches: dict[int, asyncio.TimerHandle] = {}  # each run's next look past its backstop (_watch)
        self.lost: str | None = None

    @property
    def alive(self) -> bool:
        """True while the launcher's connection is up and nothing has been lost on it."""
        return self._sock is not None and self.lost is None

    def accept(self) -> bool:
        """Take the launcher's connection (made before the runner answered); stop listening either way."""
        listener, self._listener = self._listener, None
        try:
            if listener is None:
                return False
            sock, _ = listener.accept()
        except OSError:
            return False
        finally:
            if listener is not None:
                listener.close()
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        sock.setblocking(False)
        self._sock = sock
        asyncio.get_running_loop().add_reader(sock.fileno(), self._readable)
        return True

    def _readable(self) -> None:
        while self._sock is not None:
            try:
                packet = self._sock.recv(512)
            except BlockingIOError:
                return
            except OSError:
                packet = b""
            if not packet:
                self._lose("the sandbox's launcher closed its channel")
                return
            try:
                kind, rid, *rest = packet.split()
                fut = self._pending.pop(int(rid), None)
            except ValueError:
                self._lose("the sandbox's launcher sent a garbled report")
                return
            if fut is not None and not fut.done():
                fut.set_result((kind, rest))

    def _lose(self, why: str) -> None:
        self.lost = self.lost or why
        self.close()
        for fut in self._pending.values():
            if not fut.done():
                fut.set_exception(SandboxError(why[0].upper() + why[1:] + "."))
        self._pending.clear()

    def _kill(self, rid: int) -> None:
        self._send(launcher_packet("K", rid))

    def _send(self, packet: bytes) -> None:
        if self._sock is not None:
            with contextlib.suppress(OSError):
                self._sock.send(packet)

    def _watch(self, rid: int, wall_ms: int, hard_at: float) -> None:
        """Past the run's backstop: have the launcher end it if idle (see wire.py), again every
        BACKSTOP_RECHECK_S, and end it at ``hard_at`` (loop time) whatever it does."""
        loop = asyncio.get_running_loop()
        left = hard_at - loop.time()
        if left <= 0:
            self._kill(rid)
            return
        self._send(launcher_packet("B", rid, wall_ms))
        self._watches[rid] = loop.call_later(
            min(BACKSTOP_RECHECK_S, left), self._watch, rid, wall_ms, hard_at
        )

    async def run(
        self,
        argv: Sequence[str],
        stdin: bytes,
        limits: RunLimits,
        env: Mapping[str, str] | None,
        wall_ms: int,
        hard_ms: int,
        timeout_s: float,
    ) -> dict[str, Any] | None:
        """The runner's reply for this run (stdout and stderr as bytes), or None: use the runner.

        ``wall_ms`` is its wall-clock backstop, ``hard_ms`` its hard stop (wire.py)."""
        rid = next(self._ids)
        lim = launcher_limits(
            limits.time_ms, limits.memory_mb, limits.output_kb, limits.processes, limits.open_files
        )
        try:
            fields = command_fields(lim, argv, {**BASE_ENV, **(env or {})})
        except ValueError as exc:
            return {"error": str(exc)}
        sock = self._sock
        if sock is None:
            return None
        loop = asyncio.get_running_loop()
        fds: list[int] = []
        try:
            for name in ("stdin", "stdout", "stderr"):
                fds.append(os.memfd_create(name, os.MFD_CLOEXEC))
            if stdin:
                write_all(fds[0], stdin)
                os.lseek(fds[0], 0, os.SEEK_SET)
            fut: asyncio.Future[tuple[bytes, list[bytes]]] = loop.create_future()
            self._pending[rid] = fut
            try:
                payload = launcher_packet("F", rid, *fields)
                sock.sendmsg([payload], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", fds))])
            except OSError as exc:  # full, or gone: the runner can still take it
                self._pending.pop(rid, None)
                log.debug("fast channel send failed: %s", exc)
                return None
            hard_at = loop.time() + hard_ms / 1000.0
            self._watches[rid] = loop.call_later(wall_ms / 1000.0, self._watch, rid, wall_ms, hard_at)
            expire = loop.call_later(timeout_s, _expire, fut)
            try:
                kind, rest = await fut
            except TimeoutError:
                self._lose("the sandbox's launcher stopped answering")
                raise SandboxError("The sandbox's launcher stopped answering.") from None
            except asyncio.CancelledError:
                self._kill(rid)
                raise
            finally:
                self._watches.pop(rid).cancel()
                expire.cancel()
                self._pending.pop(rid, None)
            if kind == b"N":  # no staged dir free right now
                return None
            try:
                if kind == b"E":
                    return {"error": f"the launcher could not start the program: {os.strerror(int(rest[0]))}"}
                status, cpu_us, rss_kb, err, wall_us, timed_out = (int(x) for x in rest[:6])
                peak_kb, oom = (int(x) for x in rest[6:8])  # from the run's cgroup (0 0 without one)
            except (ValueError, IndexError):
                return {"error": f"the launcher sent a garbled report: {kind!r} {rest!r}"}
            exit_code, sig = exit_and_signal(status)
            reply: dict[str, Any] = {
                "exit": exit_code,
                "signal": sig,
                "cpu_ms": cpu_us / 1000.0,
                "wall_ms": wall_us / 1000.0,
                "rss_kb": run_memory_kb(rss_kb, peak_kb, os.fstat(fds[1]).st_size + os.fstat(fds[2]).st_size),
                "timed_out": timed_out,
                "oom": oom,  # cgroups.OOM_KILLED, LIMIT_HIT or 0
                "stdout": pread_upto(fds[1], limits.output_kb * 1024 + 1),
                "stderr": pread_upto(fds[2], STDERR_KEEP),
            }
            if err:
                reply["exec_error"], reply["exec_errno"] = os.strerror(err), err
            # ALONE, the report's last field: 0 if the launcher could not kill what the run left
            if rest[-1] != b"1":
                reply["error"] = "processes of the run outlived it and could not be killed"
            return reply
        finally:
            for fd in fds:
                os.close(fd)

    def close(self) -> None:
        """Stop listening (removing the socket file) and close the connection; safe to call twice."""
        if self._listener is not None:
            self._listener.close()
            self._listener = None
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        sock, self._sock = self._sock, None
        if sock is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(sock.fileno())
            sock.close()


def fast_dir() -> Path:
    """Where a sandbox's fast socket lives on the host: a fresh dir only its owner can enter."""
    return make_temp_dir("fs-fast")
