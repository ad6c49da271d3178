"""Who may run now in one sandbox: a slot, the bytes of /box the run may fill, and runs that must be alone.

A run's files live in /box, a tmpfs, and tmpfs pages are charged to the cgroup of the run that writes them, so
with per-run cgroups a run can fill at most its memory limit plus one output file's worth (``run_room``). Every
run reserves that much of /box before it starts (``Admission.enter``) and waits while the runs already in flight
hold too much of it: so no run, a solution's above all, can take the room a checker, an interactor or a verifier
needs to write its verdict. /box is sized from the limits the sandbox is opened for (``box_bytes``); a run too
big for the whole of it makes /box grow where the backend can, and is refused (a system error) where it cannot.

A run's room comes back once the runner has removed its files, which it does after the reply and before it
reads another request, but a fast run starts without the runner: so room is handed back only with the reply to
a request sent after the run's end (``Admission.settled``), and a ping hurries one along when room is short.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence

from frontiersmith.errors import SandboxError
from frontiersmith.settings import Settings

from .base import RunLimits
from .cgroups import run_memory_limit

MIB = 1 << 20
# Beside the runs: compiled programs, headers, the launcher and the runner's own files.
RESERVE_BYTES = 768 * MIB
# The files a compile leaves, each under the binary limit (RLIMIT_FSIZE): the object file, the binary, the
# compiler's stdout and stderr. The compiler is ours and writes no others (g++ -pipe, no -save-temps).
COMPILE_FILES = 4


def run_room(limits: RunLimits, given: int = 0) -> int:
    """The bytes of /box a run may fill: what its cgroup lets it write (its memory limit and one output file's
    worth), and what the runner writes for it (``given``: its stdin and input files)."""
    return run_memory_limit(limits.memory_mb * MIB, limits.output_kb * 1024) + given


def compile_room(binary_bytes: int, source_bytes: int) -> int:
    """The bytes of /box a compile may fill: each file it leaves at the binary limit, and the source."""
    return COMPILE_FILES * binary_bytes + source_bytes


def max_parallel(settings: Settings) -> int:
    """Runs in flight at once inside one sandbox; more wait their turn on the host side."""
    return max(8, settings.workers)


def settings_limits(settings: Settings) -> RunLimits:
    """A run's limits where a problem gives none."""
    return RunLimits(
        time_ms=settings.time_limit_ms,
        memory_mb=settings.memory_limit_mb,
        output_kb=settings.output_limit_kb,
        processes=settings.process_limit,
    )


def box_bytes(settings: Settings, cgroups: bool, limits: Sequence[RunLimits] = ()) -> int:
    """The size of a sandbox's /box: room for twice ``max_parallel`` runs at the largest of ``limits`` (the
    limits the sandbox is opened for: a problem's, its verifier's, its interactor's) and of the settings' own
    (the runs in flight, and as many ended whose room is not yet settled), beside the sandbox's own files. It
    is a bound, not memory set aside: each run's cgroup holds what it writes. Without per-run cgroups nothing
    holds a run to its room, so /box stays at the settings' share of the workers' memory, as it was."""
    if not cgroups:
        return max(1024 * MIB, settings.memory_limit_mb * settings.workers * MIB + RESERVE_BYTES)
    largest = max(run_room(lim) for lim in (settings_limits(settings), *limits))
    return RESERVE_BYTES + 2 * max_parallel(settings) * largest


class _Waiting:
    """A run waiting for room: the future the gate resolves when it may look again."""

    __slots__ = ("woken",)

    def __init__(self) -> None:
        self.woken: asyncio.Future[None] | None = None


class Admission:
    """The gate every run of a sandbox passes (see the module's doc): ``slots`` runs at once, the bytes of /box
    the runs in flight have reserved, and runs that must be alone (nothing else in flight while they run)."""

    def __init__(
        self,
        slots: int,
        box: int,
        *,
        marker: Callable[[], int],
        ping: Callable[[], Awaitable[object]],
        grow: Callable[[int], Awaitable[bool]],
    ) -> None:
        self.box = box
        self.programs = 0  # bytes the sandbox keeps in /box for itself (programs, headers)
        self._slots = asyncio.Semaphore(slots)
        self._held = 0  # room the runs in flight (and those not yet settled) hold
        self._settling: list[tuple[int, int]] = []  # (first request id whose answer settles it, bytes)
        self._queue: deque[_Waiting] = deque()  # runs waiting for room, first come first served
        self._entered = 0  # runs past the door (waiting for a slot or room, or in flight)
        self._emptied: asyncio.Event | None = None  # set when none has entered (a run waiting to be alone)
        self._alone = asyncio.Lock()
        self._pairs = asyncio.Lock()
        self._quiet: asyncio.Event | None = None  # while a run waits to be alone, no new run comes in
        self._marker, self._ping, self._grow = marker, ping, grow
        self._pinging = False

    @property
    def free(self) -> int:
        """Bytes of /box neither installed programs nor runs in flight hold."""
        return self.box - self.programs - self._held

    @contextlib.asynccontextmanager
    async def enter(self, room: int, *, slots: int = 1, alone: bool = False) -> AsyncIterator[None]:
        """Hold ``slots`` slots and ``room`` bytes of /box while the block runs; ``alone``: and let nothing
        else in flight meanwhile. The room comes back once the runner has answered a later request."""
        async with contextlib.AsyncExitStack() as stack:
            if alone:
                await stack.enter_async_context(self._alone)
                self._quiet = asyncio.Event()
                stack.callback(self._unquiet)
                while self._entered:
                    self._emptied = asyncio.Event()
                    await self._emptied.wait()
            else:
                while self._quiet is not None:
                    await self._quiet.wait()
            self._entered += 1
            stack.callback(self._leave)
            # several slots are taken under a lock, so runs waiting never each hold part of what they need
            async with self._pairs if slots > 1 else contextlib.nullcontext():
                for _ in range(slots):
                    await self._slots.acquire()
                    stack.callback(self._slots.release)
            await self._take(room)
            stack.callback(self._after, room)
            yield

    def _leave(self) -> None:
        self._entered -= 1
        if not self._entered and self._emptied is not None:
            self._emptied.set()

    def _unquiet(self) -> None:
        quiet, self._quiet = self._quiet, None
        if quiet is not None:
            quiet.set()

    def _poke(self) -> None:
        """Room changed: the first run waiting for it looks again (it pokes the next once it is through)."""
        if self._queue and (woken := self._queue[0].woken) is not None and not woken.done():
            woken.set_result(None)

    async def _take(self, room: int) -> None:
        if not self._queue and room <= self.free:  # the common case: room to spare, nobody waiting before
            self._held += room
            return
        if self.programs + room > self.box and not await self._grow(self.programs + RESERVE_BYTES + room):
            raise SandboxError(
                f"This sandbox's /box holds {self.box // MIB} MiB and a run under these limits may fill "
                f"{room // MIB} MiB of it; open a sandbox for these limits."
            )
        me = _Waiting()
        self._queue.append(me)
        try:
            while self._queue[0] is not me or room > self.free:
                if self._queue[0] is me and self._settling:
                    self._hurry()
                me.woken = asyncio.get_running_loop().create_future()
                await me.woken
            self._held += room
        finally:
            self._queue.remove(me)
            self._poke()

    def _hurry(self) -> None:
        """Have the runner answer something, so the room of the runs it has cleared since is settled."""
        if self._pinging:
            return
        self._pinging = True

        async def ping() -> None:
            try:
                await self._ping()
            finally:
                self._pinging = False
                self._poke()

        asyncio.get_running_loop().create_task(ping())

    def _after(self, room: int) -> None:
        self._settling.append((self._marker(), room))
        self._poke()  # (the first waiting may now hurry a ping along)

    def settled(self, request_id: int) -> None:
        """The runner answered ``request_id``: the room of every run that ended before it was sent is free."""
        if not self._settling or self._settling[0][0] > request_id:
            return
        freed = sum(room for rid, room in self._settling if rid <= request_id)
        self._settling = [(rid, room) for rid, room in self._settling if rid > request_id]
        self._held -= freed
        self._poke()
