"""A lock file between processes (and between tasks of one process): the synthesis run lock beside a store,
and the compile lock beside a compiled program in the compile cache.

flock, not a row or a pid file: the kernel drops it when its holder dies, even by SIGKILL, so a dead holder
never blocks the next one and no liveness check is needed. Each ``acquire`` opens the file anew, and flock
locks belong to an open file, so two tasks of one process exclude each other too. The holder removes the
file as it lets go (no lock file is left behind); a waiter that then finds its lock on a removed file takes
it again on the file the name now has.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from dataclasses import dataclass
from pathlib import Path

import anyio


@dataclass
class FileLock:
    """An exclusive flock held on ``path`` through ``fd``, taken after ``waited`` seconds (0: at once)."""

    path: Path
    fd: int
    waited: float

    def release(self) -> None:
        """Remove the file while still holding the lock, so whoever opens the name next gets a fresh file."""
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        os.close(self.fd)


def try_lock(path: Path) -> int | None:
    """An fd holding the exclusive flock on ``path``, or None while another holder has it. An OSError when
    the file cannot be opened (a missing or read-only folder)."""
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        try:
            current = os.stat(path)
        except FileNotFoundError:
            current = None
        mine = os.fstat(fd)
        if current is not None and (current.st_dev, current.st_ino) == (mine.st_dev, mine.st_ino):
            return fd
        os.close(fd)  # the holder we waited for removed this file as it let go


async def acquire(path: Path, wait_s: float, poll_s: float) -> FileLock | None:
    """The lock on ``path``, looking again every ``poll_s`` seconds while another holder has it, or None when
    it still has it after ``wait_s`` seconds. Cancelling the wait leaves nothing held."""
    started, waited = time.monotonic(), 0.0
    while (fd := try_lock(path)) is None:
        if waited >= wait_s:
            return None
        await anyio.sleep(poll_s)
        waited = time.monotonic() - started
    return FileLock(path, fd, waited)
