"""The host's link to one sandbox's runner: requests numbered and sent, replies matched to them, every request
still waiting failed once the runner is gone; and the runner's ``run`` request.

A backend gives the link its byte pipe to the runner (send, read a line, what the runner said on stderr);
the messages themselves are JSON lines (wire.py). The backend base class (backend.py) holds one link.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from typing import Any

import anyio

from frontiersmith.errors import SandboxError

from .base import RunLimits
from .wire import b64, hard_stop_ms

log = logging.getLogger(__name__)

# how long past a run's hard stop (wire.hard_stop_ms) we wait before calling the runner dead
REPLY_GRACE_S = 20.0


class RunnerLink:
    """Requests to a runner and their replies; ``usable`` until the sandbox is closed or the runner is gone."""

    def __init__(
        self,
        backend: str,
        ids: Iterator[int],
        *,
        send: Callable[[bytes], Awaitable[None]],
        read_line: Callable[[], Awaitable[bytes]],
        diagnostics: Callable[[], Awaitable[str]],
        settled: Callable[[int], None],
        on_timeout: Callable[[], Awaitable[None]],
    ) -> None:
        """``ids``: the sandbox's numbers (requests share them with its other markers); ``settled(id)``: a
        request's reply came; ``on_timeout``: closes the sandbox when the runner stops answering."""
        self.backend = backend
        self._ids = ids
        self._send, self._read_line, self._diagnostics = send, read_line, diagnostics
        self._settled, self._on_timeout = settled, on_timeout
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._send_lock = asyncio.Lock()
        self.dead: str | None = None
        self.closed = False
        # Once on, replies are settled straight from the backend's read callback (``feed``) instead of waking
        # the reader task first: one event-loop trip less per run.
        self._direct = False
        self._reply_parts: list[bytes] = []  # a reply line's start, chunk by chunk (joined once it ends)

    @property
    def usable(self) -> bool:
        """False once the link is closed or the runner is gone."""
        return not (self.closed or self.dead)

    def start(self, direct: bool) -> None:
        """Read replies from now on (the runner's greeting was read); ``direct``: the backend's read callback
        hands them to ``feed``."""
        self._direct = direct
        self._reader = asyncio.get_running_loop().create_task(self._read_replies())

    def feed(self, data: bytes) -> bool:
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
                self.fail_all(f"the {self.backend} sandbox runner sent a garbled reply")
                return True
        return True

    def _settle(self, reply: Any) -> None:
        rid = reply.get("id")
        if isinstance(rid, int):  # every run that ended before this request was sent has its files gone
            self._settled(rid)
        fut = self._pending.pop(rid, None)
        if fut is not None and not fut.done():
            fut.set_result(reply)

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
        self.fail_all(f"the {self.backend} sandbox runner stopped" + (f": {detail}" if detail else ""))

    def fail_all(self, why: str) -> None:
        """The runner is gone (``why``): every request waiting fails with it, and every later one."""
        self.dead = self.dead or why
        for fut in self._pending.values():
            if not fut.done():
                fut.set_exception(SandboxError(why[0].upper() + why[1:] + "."))
        self._pending.clear()

    async def stop_reading(self) -> None:
        """Cancel the reply reader and wait for it to end."""
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(BaseException):
                await self._reader

    async def request(self, msg: dict[str, Any], timeout_s: float) -> dict[str, Any]:
        """Send ``msg`` (numbered here) and wait up to ``timeout_s`` for its reply; SandboxError once the
        sandbox is closed or its runner gone, or when it stops answering (the sandbox is then closed)."""
        if self.closed:
            raise SandboxError("This sandbox is closed; open a new one with open_sandbox().")
        if self.dead:
            raise SandboxError(self.dead[0].upper() + self.dead[1:] + ".")
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
                await self._send(json.dumps(msg, separators=(",", ":")).encode() + b"\n")
            return await fut
        except TimeoutError:
            self.fail_all(f"the {self.backend} sandbox runner did not answer within {timeout_s:.0f} s")
            with anyio.CancelScope(shield=True):
                await self._on_timeout()
            raise SandboxError(
                f"The {self.backend} sandbox runner stopped answering; the sandbox was closed."
            ) from None
        except asyncio.CancelledError:
            self._pending.pop(rid, None)
            if msg.get("op") == "run" and not self.dead and not self.closed:
                with contextlib.suppress(Exception):
                    kill = json.dumps({"op": "kill", "id": f"k{rid}", "target": rid}).encode() + b"\n"
                    async with self._send_lock:
                        await self._send(kill)
            raise
        except (OSError, ConnectionError) as exc:
            self.fail_all(f"the {self.backend} sandbox runner is unreachable ({exc})")
            raise SandboxError(f"The {self.backend} sandbox runner is unreachable ({exc}).") from None
        finally:
            timer.cancel()


def _expire(fut: asyncio.Future[Any]) -> None:
    if not fut.done():
        fut.set_exception(TimeoutError())


def run_message(
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
