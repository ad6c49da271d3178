"""A run inside the runner: its slot (the uid it runs as), the dir and stream files staged for it, its state
while it runs, and how its program ended.

Shipped into the sandbox with the runner (stdlib only).
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import os

from . import inside
from .cgroups import RunCgroup
from .teardown import remove_tree


class Slots:
    """Per-run uids: a slot is reused only once nothing of its previous run is alive."""

    def __init__(self) -> None:
        self.free: list[int] = []
        self.next = 1

    def take(self) -> int:
        """The lowest free slot, or a new one."""
        if self.free:
            return heapq.heappop(self.free)
        slot = self.next
        self.next += 1
        return slot

    def give(self, slot: int) -> None:
        """Free a slot; the caller has made sure nothing of its run is alive."""
        heapq.heappush(self.free, slot)


class Outcome:
    """How a run's program ended: from ``wait4`` (fork path) or from the launcher's report.

    ``clean``: nothing of the run is known to be left (False: look, and kill it).
    """

    def __init__(
        self,
        status: int = 0,
        cpu_ms: float = 0.0,
        rss_kb: int = 0,
        exec_error: bytes = b"",
        clean: bool = False,
        error: str = "",
        peak_kb: int = 0,
        oom: int = 0,
    ) -> None:
        self.status, self.cpu_ms, self.rss_kb = status, cpu_ms, rss_kb
        self.exec_error, self.clean, self.error = exec_error, clean, error
        # from the run's cgroup: the most memory it held at once, and how it met its memory limit (cgroups.OOM_KILLED,
        # LIMIT_HIT or 0)
        self.peak_kb, self.oom = peak_kb, oom


class Staged:
    """What a run needs before its request is known: a slot (its uid), a fresh empty dir owned by that
    uid, and the stream files, truncated. Made while the runner waits, so a request finds it ready."""

    serial = itertools.count(1)

    def __init__(self, slot: int, streams: bool = True) -> None:
        self.slot = slot
        self.uid = inside.UID_BASE + slot if inside.CAN_SETUID else os.getuid()
        self.dir = f"{inside.ROOT}/runs/{slot}-{next(self.serial)}"
        self.pid = 0
        # One descriptor per stream, opened here and kept until the reply is built: the program gets
        # dups of them and the runner reads its output back by offset, with no re-open. (A fast run's
        # streams are the host's own files.)
        self.fds: list[int] = []
        io = f"{inside.ROOT}/io/{slot}"  # kept per slot: only its three files are rewritten each run
        os.mkdir(self.dir, 0o700)
        try:
            if inside.CAN_SETUID:
                os.chown(self.dir, self.uid, self.uid)
            if streams and not os.path.isdir(io):
                os.mkdir(io, 0o700)
            for name in ("in", "out", "err") if streams else ():
                self.fds.append(os.open(f"{io}/{name}", os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600))
        except BaseException:
            self.discard()
            raise

    def discard(self, clean: bool = True) -> bool:
        """Close the stream files and delete the dir; True once it is gone. Without ``clean`` (something of
        the run may still be alive) the dir goes only if it is empty: a live process could move its tree
        under the walk."""
        for fd in self.fds:
            if fd >= 0:  # (an interaction's run gave its pipe ends to its program at the start)
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, 0)  # a stream file's pages leave /box now, not at the slot's next run
                with contextlib.suppress(OSError):
                    os.close(fd)
        self.fds = []
        try:
            os.rmdir(self.dir)  # the common case: the run left its dir empty
            return True
        except FileNotFoundError:
            return True
        except OSError:
            return clean and remove_tree(self.dir)


class Run:
    """One run in flight: its request, the dir and uid it runs in, how it was started and when it is ended."""

    def __init__(self, req: dict, staged: Staged) -> None:
        self.req = req
        self.id = req["id"]
        self.slot = staged.slot
        self.uid = staged.uid
        self.dir = staged.dir
        self.pid = 0
        self.pidfd = -1  # fork path: the program's pidfd, and the pipe its exec error comes down
        self.errr = -1
        self.token = 0  # launcher path: the launcher's name for the run
        self.start = 0.0
        self.deadline = 0.0  # its wall-clock backstop, then its next look past it (Runner.backstop)
        self.hard_stop = 0.0  # when it is ended whatever it does
        self.killed_at = 0.0
        self.seen = (0.0, 0)  # fork path: when the backstop last looked at it, and its CPU time (us) then
        self.timed_out = 0  # how the wall clock ended it: 0, TIMED_OUT_IDLE or TIMED_OUT_FORCED
        self.hard_killed = False
        self.staged = staged
        self.fds = staged.fds  # stdin, stdout, stderr files, open from staging to teardown
        self.cg: RunCgroup | None = None  # fork path: the run's cgroup (the launcher keeps its runs' itself)
