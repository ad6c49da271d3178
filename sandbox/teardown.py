"""Nothing of a run outlives it: its processes killed, its dir and its scratch files removed.

Shipped into the sandbox with the runner (stdlib only). The runner calls these once a run's program has ended,
before the run's slot (its uid) is used again.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
import time

from . import inside


def _live_pids_of(uid: int) -> list[int]:
    """Processes (not zombies) whose real uid is ``uid``; cheap inside a PID namespace."""
    me = os.getpid()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == me:
            continue
        try:
            with open(f"/proc/{entry}/status", "rb") as fh:
                text = fh.read(2048)
        except OSError:
            continue
        state = text.split(b"State:", 1)[1].split(None, 1)[0] if b"State:" in text else b"?"
        uid_line = text.split(b"\nUid:", 1)[1].split(None, 1)[0] if b"\nUid:" in text else b"-1"
        if int(uid_line) == uid and state not in (b"Z", b"X"):
            found.append(int(entry))
    return found


def _kill_all_as(uid: int) -> None:
    # kill(-1) from a process with the run's uid: the kernel signals every process of that uid in
    # one pass under the task-list lock, so a fork bomb cannot outrun it.
    pid = os.fork()
    if pid == 0:  # pragma: no cover - child
        try:
            os.setgroups([])
            os.setresgid(uid, uid, uid)
            os.setresuid(uid, uid, uid)
            os.kill(-1, signal.SIGKILL)
        except BaseException:
            pass
        os._exit(0)
    os.waitpid(pid, 0)


def kill_uid(uid: int, session: int | None = None) -> bool:
    """Kill every process of ``uid`` (or, without setuid rights, of the run's session); True if all gone."""
    if not inside.CAN_SETUID:
        return kill_session(session)
    deadline = time.monotonic() + 5.0
    while True:
        pids = _live_pids_of(uid)
        if not pids:
            return True
        if time.monotonic() > deadline:
            return False
        _kill_all_as(uid)
        time.sleep(0.0005)


def kill_session(session: int | None) -> bool:
    """SIGKILL every live process of the session ``session`` until none is left; True once none is."""
    if session is None:
        return True
    for _attempt in range(100):
        found = False
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == os.getpid():
                continue
            try:
                with open(f"/proc/{entry}/stat", "rb") as fh:
                    fields = fh.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session and fields[0] != b"Z":
                found = True
                with contextlib.suppress(OSError):
                    os.kill(int(entry), signal.SIGKILL)
        if not found:
            return True
        time.sleep(0.005)
    return False


def scrub_scratch(uid: int) -> bool:
    """Shared scratch places (/dev/shm, ...) must not carry a run's files into the next run; True if none is left."""
    gone = True
    for d in inside.SHARED_SCRATCH:
        try:
            names = os.listdir(d)
        except OSError:
            continue
        for name in names:
            path = os.path.join(d, name)
            try:
                if os.lstat(path).st_uid != uid or not inside.CAN_SETUID:
                    continue
            except OSError:
                continue
            gone = remove_tree(path) and gone
    return gone


_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def _clear_level(fd: int) -> list[str]:
    """Unlink every non-dir in the dir ``fd`` and remove its empty subdirs; the names of the others."""
    left = []
    with os.scandir(fd) as entries:
        for entry in entries:
            try:
                if not entry.is_dir(follow_symlinks=False):
                    os.unlink(entry.name, dir_fd=fd)
                    continue
                try:
                    os.rmdir(entry.name, dir_fd=fd)
                except OSError as exc:
                    if exc.errno != errno.ENOENT:
                        left.append(entry.name)
            except FileNotFoundError:
                pass
    return left


def remove_tree(path: str) -> bool:
    """Delete ``path`` and all below it, whatever a run made of it; True once it is gone. Never raises.

    Called only once nothing of the run is alive, so the tree holds still. One dir open at a time, climbing
    back by ``..`` (checked against the dir it came from), so depth costs neither stack nor descriptors;
    without root, each dir is made the runner's to enter first (the run's uid is the runner's and may
    have locked it with chmod 0).
    """
    try:
        top = os.lstat(path)
        if not stat.S_ISDIR(top.st_mode):
            os.unlink(path)
            return True
        if not inside.CAN_SETUID:
            os.chmod(path, 0o700)
        fd = os.open(path, _DIR_FLAGS)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    # for each dir above the one open: its (dev, ino), the name of the dir below it we are in, the
    # subdirs of it still to clear
    above: list[tuple[tuple[int, int], str, list[str]]] = []
    here = (top.st_dev, top.st_ino)
    try:
        todo = _clear_level(fd)
        while True:
            if todo:
                name = todo.pop()
                if not inside.CAN_SETUID:
                    os.chmod(name, 0o700, dir_fd=fd)
                child = os.open(name, _DIR_FLAGS, dir_fd=fd)
                os.close(fd)
                fd = child
                st = os.fstat(fd)
                above.append((here, name, todo))
                here = (st.st_dev, st.st_ino)
                todo = _clear_level(fd)
                continue
            if not above:
                break
            parent = os.open("..", _DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = parent
            st = os.fstat(fd)
            here, name, todo = above.pop()
            if (st.st_dev, st.st_ino) != here:
                return False  # the tree moved after all: stop rather than climb out of it
            os.rmdir(name, dir_fd=fd)
    except Exception:  # noqa: BLE001 - whatever it was, the dir stays and its slot is retired
        return False
    finally:
        os.close(fd)
    try:
        os.rmdir(path)
    except FileNotFoundError:
        pass
    except OSError:
        return False
    return True


_CLONE_NEWNET, _CLONE_NEWIPC = 0x40000000, 0x08000000
