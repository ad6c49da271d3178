"""The in-sandbox runner: executes run requests (JSON lines on stdin) under rlimits, one fresh dir each.

Stdlib only, single-threaded (so ``fork`` is safe): it is shipped into the sandbox (bwrap or container)
at start-up, with ``wire.py`` beside it, and serves every run of one submission. Each run gets its own uid (so ``kill(-1)`` as
that uid reaches every process the run left behind, and ``RLIMIT_NPROC`` counts only that run),
its own work dir, and is torn down completely before its slot is reused.
"""

from __future__ import annotations

import _frozen_importlib_external
import array
import contextlib
import errno
import fcntl
import heapq
import itertools
import json
import os
import resource
import selectors
import signal
import socket
import stat
import sys
import time

from .cgroups import RunCgroup, run_memory_limit
from .cgroups import join as join_cgroup
from .wire import (
    BACKSTOP_RECHECK_S,
    BASE_ENV,
    IDLE_CPU_SHARE,
    ROOT,
    SOURCE_ENV,
    STDERR_KEEP,
    TIMED_OUT_FORCED,
    TIMED_OUT_IDLE,
    LineBuffer,
    b64,
    command_fields,
    exit_and_signal,
    hard_stop_ms,
    launcher_limits,
    launcher_packet,
    pread_upto,
    process_limits,
    run_memory_kb,
    unb64,
    write_all,
)

UID_BASE = 61000
CAN_SETUID = os.geteuid() == 0
# Without setuid rights (a non-root host), each run gets pid and mount namespaces of its own from the
# launcher instead of a uid of its own; the runner then never starts a program itself.
RUN_NS = False
# The sandbox's cgroup subtree, when the host made one (sandbox/cgroups.py): {"version": 1 or 2, "dirs": [...]}.
# Every run then gets a cgroup of its own, which holds all of its processes to its limits together.
CGROUP: dict | None = None
CGROUP_POLL_S = 0.05  # how often the fork path looks at a live run's CPU time (the launcher: CG_POLL_NS)
SCRATCH_DIRS = ("/dev/shm", "/dev/mqueue", "/tmp", "/var/tmp")


# The host's transfer dir as the runner sees it (config "xfer": a host dir bound beneath ROOT/io, which no run
# can enter or see), when there is one: compiled programs go through it to the host's compile cache and back,
# as files rather than bytes in messages.
XFER = ""
_MS_REMOUNT, _MS_NOSUID, _MS_NODEV = 32, 2, 4


def _remount(path: str, size: int) -> None:
    """Give the tmpfs at ``path`` a new size (mount(2) with MS_REMOUNT: os has no call for it)."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    flags = _MS_REMOUNT | _MS_NOSUID | _MS_NODEV
    if libc.mount(b"tmpfs", path.encode(), b"tmpfs", flags, f"size={size}".encode()) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))


def _export(data: bytes, dest: str) -> str:
    """Leave ``data`` in the transfer dir as ``dest``, owned by the dir's owner (the host's user, who reads it)."""
    owner = os.stat(os.path.dirname(dest))
    fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        write_all(fd, data)
        if CAN_SETUID and owner.st_uid != os.geteuid():
            os.fchown(fd, owner.st_uid, owner.st_gid)
    finally:
        os.close(fd)
    return os.path.basename(dest)


def _safe_rel(name: str) -> str:
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if not parts or any(p == ".." for p in parts) or name.startswith("/"):
        raise ValueError(f"bad file name {name!r}")
    return "/".join(parts)


class Slots:
    """Per-run uids: a slot is reused only once nothing of its previous run is alive."""

    def __init__(self) -> None:
        self.free: list[int] = []
        self.next = 1

    def take(self) -> int:
        if self.free:
            return heapq.heappop(self.free)
        slot = self.next
        self.next += 1
        return slot

    def give(self, slot: int) -> None:
        heapq.heappush(self.free, slot)


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
    if not CAN_SETUID:
        return _kill_session(session)
    deadline = time.monotonic() + 5.0
    while True:
        pids = _live_pids_of(uid)
        if not pids:
            return True
        if time.monotonic() > deadline:
            return False
        _kill_all_as(uid)
        time.sleep(0.0005)


def _kill_session(session: int | None) -> bool:
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


def _cgroup_config(cfg: dict | None) -> dict | None:
    """The host's cgroup subtree (``CGROUP``) if it is really there: each dir a cgroup's (a bind of a host
    dir that is none, say a remote Docker engine's, would be an empty dir)."""
    if not cfg:
        return None
    version, dirs = int(cfg.get("version", 0)), [str(d) for d in cfg.get("dirs") or []]
    if version not in (1, 2) or not dirs or not all(os.path.exists(f"{d}/cgroup.procs") for d in dirs):
        return None
    return {"version": version, "dirs": dirs}


def _zygote_env() -> dict[str, str]:
    """The warm interpreter's environment: its runs join their cgroups in these dirs (sandbox/zygote.py)."""
    return {**BASE_ENV, **({"FS_CGROUP": ":".join(CGROUP["dirs"])} if CGROUP else {})}


def _shared_scratch() -> list[str]:
    """The scratch places a run could write into (world-writable), found once at start-up."""
    found = []
    for d in SCRATCH_DIRS:
        try:
            if os.stat(d).st_mode & 0o002 and os.access(d, os.W_OK):
                found.append(d)
        except OSError:
            pass
    return found


SHARED_SCRATCH: list[str] = []


def _close_scratch() -> None:
    """Inside a sandbox of our own, make the shared scratch places (say, a container's /dev/mqueue)
    read-only for runs, so there is nothing to scrub between runs (TMPDIR is the run's dir)."""
    for d in list(SHARED_SCRATCH):
        with contextlib.suppress(OSError):
            os.chmod(d, 0o755)
            if not os.stat(d).st_mode & 0o002:
                SHARED_SCRATCH.remove(d)


def _scrub_scratch(uid: int) -> bool:
    """Shared scratch places (/dev/shm, ...) must not carry a run's files into the next run; True if none is left."""
    gone = True
    for d in SHARED_SCRATCH:
        try:
            names = os.listdir(d)
        except OSError:
            continue
        for name in names:
            path = os.path.join(d, name)
            try:
                if os.lstat(path).st_uid != uid or not CAN_SETUID:
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
        if not CAN_SETUID:
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
                if not CAN_SETUID:
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


def _unshare_call():  # noqa: ANN202 - stdlib-only module: no typing imports
    """unshare(2) for the fork path (os.unshare is Python 3.12's; the sandbox's may be older)."""
    if hasattr(os, "unshare"):
        return os.unshare
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)

    def unshare(flags: int) -> None:
        if libc.unshare(flags) != 0:
            code = ctypes.get_errno()
            raise OSError(code, os.strerror(code))

    return unshare


class Launcher:
    """The C launcher server (fs_exec.cc): one per runner, it starts every run's program and reports its end.

    A run costs it one clone and the program's exec, where a launcher per run cost a second exec,
    and the Python runner never forks (a fork copies its page tables: milliseconds).

    Given ``host`` (a socket connected to the host), it also takes the host's simple runs (stdin in,
    stdout and stderr out, nothing else) straight from the host, in dirs the runner staged for it
    ahead (``lend``), and answers the host itself: such a run never waits for this Python process.
    """

    def __init__(self, path: str, host: socket.socket | None = None, zygote: list[str] | None = None) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        # fds 3 and 4 in the server; dup2 onto an fd of the same number would leave it close-on-exec
        high = [fcntl.fcntl(s.fileno(), fcntl.F_DUPFD_CLOEXEC, 10) for s in (theirs, host) if s is not None]
        theirs.close()
        try:
            actions = [
                (os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
                (os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
                *((os.POSIX_SPAWN_DUP2, fd, 3 + i) for i, fd in enumerate(high)),
            ]
            argv = [path, "ns", ROOT] if RUN_NS else [path]
            if CGROUP:
                argv += ["cg", str(CGROUP["version"]), ":".join(CGROUP["dirs"])]
            self.pid = os.posix_spawn(path, argv, {}, file_actions=actions, setsid=True)
        except BaseException:
            ours.close()
            raise
        finally:
            for fd in high:
                os.close(fd)
        self.sock = ours
        # the warm interpreter's command: the server starts it (as root) at the first warm run
        if zygote and CAN_SETUID and not RUN_NS:
            self.sock.send(
                launcher_packet("Z", len(zygote), *zygote, *(f"{k}={v}" for k, v in _zygote_env().items()))
            )
        self.tokens = itertools.count(1)
        self.fast = host is not None
        self.lent: dict[bytes, Staged] = {}  # staged dirs the server holds for fast runs, by path

    def fileno(self) -> int:
        return self.sock.fileno()

    def start(self, run: Run, argv: list[str], env: dict, lim: tuple[int, ...]) -> int:
        token = next(self.tokens)
        uid = run.uid if CAN_SETUID else -1
        payload = launcher_packet("R", token, run.dir, uid, *command_fields(lim, argv, env))
        self.sock.sendmsg([payload], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", run.fds))])
        return token

    def lend(self, staged: Staged) -> None:
        uid = staged.uid if CAN_SETUID else -1
        self.sock.send(launcher_packet("S", staged.dir, uid))
        self.lent[staged.dir.encode()] = staged

    def kill(self, token: int) -> None:
        with contextlib.suppress(OSError):
            self.sock.send(launcher_packet("K", token))

    def backstop(self, token: int, wall_ms: int) -> None:
        """Have the server end the run if it is idle past its backstop (wire.py)."""
        with contextlib.suppress(OSError):
            self.sock.send(launcher_packet("B", token, wall_ms))

    def reports(self) -> list[list[bytes]] | None:
        """Every report waiting; None once the server is gone."""
        found: list[list[bytes]] = []
        while True:
            try:
                packet = self.sock.recv(256, socket.MSG_DONTWAIT)
            except BlockingIOError:
                return found
            except OSError:
                return None
            if not packet:
                return None
            found.append(packet.split())

    def alive(self) -> bool:
        """False once the server has exited (it is our child: no waiting for its socket to say so)."""
        if self.pid:
            with contextlib.suppress(ChildProcessError):
                if os.waitpid(self.pid, os.WNOHANG)[0] == 0:
                    return True
            self.pid = 0  # reaped
        return False

    def close(self) -> None:
        self.sock.close()
        if self.pid:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.waitpid(self.pid, 0)
            self.pid = 0


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
        self.uid = UID_BASE + slot if CAN_SETUID else os.getuid()
        self.dir = f"{ROOT}/runs/{slot}-{next(self.serial)}"
        self.pid = 0
        # One descriptor per stream, opened here and kept until the reply is built: the program gets
        # dups of them and the runner reads its output back by offset, with no re-open. (A fast run's
        # streams are the host's own files.)
        self.fds: list[int] = []
        io = f"{ROOT}/io/{slot}"  # kept per slot: only its three files are rewritten each run
        os.mkdir(self.dir, 0o700)
        try:
            if CAN_SETUID:
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


class Runner:
    def __init__(self) -> None:
        self.sel = selectors.DefaultSelector()
        self.slots = Slots()
        self.runs: dict[object, Run] = {}
        self.out = sys.stdout.buffer
        self.requests = -1  # the request FIFO, when the host offered one
        self.done = False
        self.launcher_path: str | None = None
        self.launcher: Launcher | None = None
        self.launcher_starts = 0
        self.zygote: list[str] | None = None  # the warm interpreter's command line, when the host sent one
        self.by_token: dict[int, Run] = {}  # runs the launcher has started
        self.spare: Staged | None = None
        # interactions' pipe pairs by name, until both runs have taken their ends (None: one could not start)
        self.pipes: dict[str, list[int] | None] = {}
        for sub, mode in (("runs", 0o711), ("io", 0o700), ("progs", 0o755), ("include", 0o755)):
            os.makedirs(f"{ROOT}/{sub}", mode=mode, exist_ok=True)
            os.chmod(f"{ROOT}/{sub}", mode)
        os.chmod(ROOT, 0o755)

    # -- requests ------------------------------------------------------------------------------

    def send(self, msg: dict) -> None:
        self.out.write(json.dumps(msg, separators=(",", ":")).encode() + b"\n")
        self.out.flush()

    def handle(self, line: bytes) -> None:
        req = json.loads(line)
        op = req.get("op")
        try:
            if op == "run":
                self.start_run(req)
            elif op == "put":
                self.put(req)
            elif op == "drop":
                self.drop(req)
            elif op == "grow":
                self.grow(req)
            elif op == "kill":
                run = self.runs.get(req.get("target"))
                if run is not None:
                    self.kill_run(run)
                self.send({"id": req["id"]})
            elif op == "launcher":
                path = req.get("path")
                self._stop_launcher("was replaced")
                self.launcher_path = path if path and os.access(path, os.X_OK) else None
                self.zygote = req.get("zygote")
                self.launcher_starts = 0
                launcher = self._launcher(req.get("fast"), int(req.get("spares", 2)))
                self.send(
                    {
                        "id": req["id"],
                        "launcher": self.launcher_path if launcher else None,
                        "fast": bool(launcher and launcher.fast),
                    }
                )
            elif op == "ping":
                self.send({"id": req["id"], "pid": os.getpid(), "setuid": CAN_SETUID, "run_ns": RUN_NS})
            elif op == "exit":
                self.done = True
            else:
                self.send({"id": req.get("id"), "error": f"unknown op {op!r}"})
        except Exception as exc:  # a bad request is an error reply, never a dead runner
            self.send({"id": req.get("id"), "error": f"{type(exc).__name__}: {exc}"})

    def put(self, req: dict) -> None:
        """Write a file of the sandbox's own (a header, the launcher, a program from the compile cache): its
        bytes in the request, or (``from``) a file the host left in the transfer dir."""
        path = f"{ROOT}/{_safe_rel(req['path'])}"
        os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
        if "from" in req and XFER:
            source = f"{XFER}/{_safe_rel(req['from'])}"
            with open(source, "rb") as src, open(path, "wb") as fh:
                while chunk := src.read(1 << 20):
                    fh.write(chunk)
        else:
            with open(path, "wb") as fh:
                fh.write(unb64(req["data"]))
        os.chmod(path, req.get("mode", 0o644))
        self.send({"id": req["id"], "path": path, "bytes": os.stat(path).st_size})

    def drop(self, req: dict) -> None:
        """Remove a program of the sandbox's (its dir under progs): its room in /box is free again."""
        rel = _safe_rel(req["path"])
        path = f"{ROOT}/progs/{rel.split('/', 1)[0]}"
        freed = 0
        for dirpath, _dirs, names in os.walk(path):
            freed += sum(os.lstat(os.path.join(dirpath, n)).st_size for n in names)
        self.send({"id": req["id"], "bytes": freed if remove_tree(path) else 0})

    def grow(self, req: dict) -> None:
        """Make /box (a tmpfs) ``bytes`` big, where this runner may (it needs CAP_SYS_ADMIN over the mount)."""
        size = int(req["bytes"])
        try:
            _remount(ROOT, size)
            grown = os.statvfs(ROOT).f_blocks * os.statvfs(ROOT).f_frsize >= size
        except OSError as exc:
            self.send({"id": req["id"], "grown": False, "why": str(exc)})
            return
        self.send({"id": req["id"], "grown": grown})

    # -- runs ----------------------------------------------------------------------------------

    def _launcher(self, fast: str | None = None, spares: int = 0) -> Launcher | None:
        """The launcher server, started on first use (and again, a few times, if it died).

        ``fast``: the host's socket for fast runs, which the server takes over (only the first
        server: once it dies, the host sees the socket close and sends everything here).
        """
        if self.launcher is not None and not self.launcher.alive():
            self._stop_launcher("died")
        if self.launcher is None and self.launcher_path and self.launcher_starts < 3:
            self.launcher_starts += 1
            host = None
            try:
                if fast and CAN_SETUID:  # leftovers of a fast run are found by its uid alone
                    host = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
                    host.connect(fast)
                self.launcher = Launcher(self.launcher_path, host, self.zygote)
            except OSError as exc:
                print(f"fs_runner: the launcher did not start: {exc}", file=sys.stderr)
                return None
            finally:
                if host is not None:
                    host.close()  # the server holds it now
            self.sel.register(self.launcher.fileno(), selectors.EVENT_READ, self.launcher)
            for _ in range(spares if self.launcher.fast else 0):
                self._lend()
        return self.launcher

    def _lend(self) -> None:
        """Stage a dir for the launcher's fast runs."""
        launcher = self.launcher
        if launcher is None or not launcher.fast:
            return
        slot = self.slots.take()
        try:
            staged = Staged(slot, streams=False)
        except OSError as exc:
            self.slots.give(slot)
            print(f"fs_runner: could not stage a fast run: {exc}", file=sys.stderr)
            return
        try:
            launcher.lend(staged)
        except OSError:
            self._release(staged, self._clear(staged))

    def _stop_launcher(self, why: str) -> None:
        """Close the launcher server; the runs it had in hand end with an error reply."""
        launcher, self.launcher = self.launcher, None
        if launcher is None:
            return
        with contextlib.suppress(Exception):
            self.sel.unregister(launcher.fileno())
        launcher.close()
        for staged in launcher.lent.values():  # whatever ran in them is dead with the server's session
            self._release(staged, self._clear(staged))
        lost, self.by_token = self.by_token, {}
        for run in lost.values():
            self.finish(run, Outcome(error=f"the launcher {why}"))

    def stage(self) -> None:
        """Have the next run's slot, dir and files ready (called whenever the runner goes idle)."""
        if self.spare is None and not self.done:
            slot = self.slots.take()
            try:
                self.spare = Staged(slot)
            except OSError as exc:  # the request will try again, and report the error
                self.slots.give(slot)
                print(f"fs_runner: could not stage a run: {exc}", file=sys.stderr)

    def start_run(self, req: dict) -> None:
        self.stage()
        staged, self.spare = self.spare, None
        if staged is None:
            slot = self.slots.take()
            try:
                staged = Staged(slot)
            except BaseException:
                self.slots.give(slot)
                raise
        run = Run(req, staged)
        pipe = req.get("pipe")
        try:
            if pipe:
                self._connect(run, str(pipe[0]), int(pipe[1]))
            self._prepare(run)
            self._spawn(run)
        except BaseException:
            if pipe:
                self._break_pipe(str(pipe[0]))
            self._teardown(run)
            raise
        if pipe:  # the program has its ends now: ours go, so each side sees the other's end when it ends
            for i in (0, 1):
                os.close(run.fds[i])
                run.fds[i] = -1
        self.runs[run.id] = run
        if run.token:
            self.by_token[run.token] = run
        else:
            self.sel.register(run.pidfd, selectors.EVENT_READ, run)

    def _connect(self, run: Run, name: str, end: int) -> None:
        """Make the run's stdin and stdout its end of the pipe pair ``name`` (made by whichever of the two
        runs comes first): end 0 (the solution) reads what end 1 (the interactor) writes, and the other way
        round. Its stderr stays a file of its own."""
        if name in self.pipes and self.pipes[name] is None:
            raise RuntimeError("the other program of this interaction could not be started")
        fds = self.pipes.get(name)
        if fds is None:
            to_solution, to_interactor = os.pipe(), os.pipe()
            fds = [to_solution[0], to_interactor[1], to_interactor[0], to_solution[1]]
            self.pipes[name] = fds
        for fd in run.fds[:2]:
            os.close(fd)
        run.fds[0:2] = fds[2 * end : 2 * end + 2]
        fds[2 * end] = fds[2 * end + 1] = -1
        if all(fd < 0 for fd in fds):
            del self.pipes[name]

    def _break_pipe(self, name: str) -> None:
        """One run of an interaction could not start: close what is left of the pair, so the other run (if
        it started) sees its ends close, and one still to come is refused."""
        for fd in self.pipes.get(name) or []:
            if fd >= 0:
                os.close(fd)
        self.pipes[name] = None

    def _prepare(self, run: Run) -> None:
        req = run.req
        files = req.get("files")
        for name, data in (files or {}).items():
            rel = _safe_rel(name)
            path = f"{run.dir}/{rel}"
            parent = os.path.dirname(path)
            if parent != run.dir:
                os.makedirs(parent, exist_ok=True)
            with open(path, "wb") as fh:
                fh.write(unb64(data))
        if CAN_SETUID and files:
            for dirpath, dirnames, filenames in os.walk(run.dir):
                os.chown(dirpath, run.uid, run.uid)
                for n in dirnames + filenames:
                    os.chown(os.path.join(dirpath, n), run.uid, run.uid)
        stdin = req.get("stdin")
        if stdin:
            write_all(run.fds[0], unb64(stdin))
            os.lseek(run.fds[0], 0, os.SEEK_SET)

    def _spawn(self, run: Run) -> None:
        req = run.req
        argv = [str(a) for a in req["argv"]]
        lim = launcher_limits(
            int(req.get("cpu_ms", 2000)),
            int(req.get("mem_mb", 256)),
            int(req.get("out_kb", 65536)),
            int(req.get("nproc", 64)),
            int(req.get("nofile", 64)),
        )
        cpu_s, mem, fsize, nproc, nofile = lim
        env = {**BASE_ENV, "HOME": run.dir, "TMPDIR": run.dir}
        env.update(req.get("env") or {})
        fd_in, fd_out, fd_err = run.fds
        run.start = time.monotonic()
        wall_ms = int(req.get("wall_ms", 2 * cpu_s * 1000 + 1000))
        run.deadline = run.start + wall_ms / 1000.0
        run.hard_stop = run.start + int(req.get("hard_ms", hard_stop_ms(wall_ms, cpu_s * 1000))) / 1000.0
        run.seen = (run.start, 0)
        for _attempt in range(2):
            launcher = self._launcher()
            if launcher is None:
                break
            try:
                run.token = launcher.start(run, argv, env, lim)
                return
            except OSError as exc:  # it died under us: start another, or fork
                self._stop_launcher(f"could not be reached ({exc})")
        if RUN_NS:  # a fork of ours would share the runner's uid, pids and files with the program
            raise RuntimeError("no launcher to give the run namespaces of its own: refusing to run it")
        unshare = _unshare_call() if CAN_SETUID else None
        if CGROUP:
            limit = run_memory_limit(mem, fsize)
            run.cg = RunCgroup(CGROUP["version"], CGROUP["dirs"], os.path.basename(run.dir), limit, nproc)
        procs = run.cg.procs if run.cg is not None else []
        try:
            errr, errw = os.pipe()
            pid = os.fork()
        except BaseException:
            if run.cg is not None:
                run.cg.remove()
            raise
        if pid == 0:  # pragma: no cover - child: never returns into the runner
            try:
                os.setsid()
                join_cgroup(procs)  # first: all it does from here on is the run's
                if unshare is not None:  # as the launcher does: a network and an IPC namespace of its own
                    unshare(_CLONE_NEWNET | _CLONE_NEWIPC)
                os.dup2(fd_in, 0)
                os.dup2(fd_out, 1)
                os.dup2(fd_err, 2)
                os.chdir(run.dir)
                source = env.get(SOURCE_ENV)
                if source:  # opened before the drop to the run's uid
                    fd = os.open(source, os.O_RDONLY)
                    if fd != 3:
                        os.dup2(fd, 3)
                        os.close(fd)
                    else:
                        os.set_inheritable(3, True)
                try:
                    with open("/proc/self/oom_score_adj", "w") as fh:
                        fh.write("1000")
                except OSError:
                    pass
                cpu_limit, address = process_limits(cpu_s, mem, bool(procs))
                for res, value in (
                    (resource.RLIMIT_CPU, cpu_limit),
                    (resource.RLIMIT_AS, (address, address)),
                    (resource.RLIMIT_STACK, (mem, mem)),
                    (resource.RLIMIT_FSIZE, (fsize, fsize)),
                    (resource.RLIMIT_NPROC, (nproc, nproc)),
                    (resource.RLIMIT_NOFILE, (nofile, nofile)),
                    (resource.RLIMIT_CORE, (0, 0)),
                ):
                    resource.setrlimit(res, value)
                os.umask(0o022)
                if CAN_SETUID:
                    os.setgroups([])
                    os.setresgid(run.uid, run.uid, run.uid)
                    os.setresuid(run.uid, run.uid, run.uid)
                for sig in (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT, signal.SIGTERM, signal.SIGCHLD):
                    signal.signal(sig, signal.SIG_DFL)
                os.execvpe(argv[0], argv, env)
            except BaseException as exc:
                try:
                    code = exc.errno if isinstance(exc, OSError) and exc.errno else 0
                    os.write(errw, f"{code}:{type(exc).__name__}: {exc}".encode()[:500])
                finally:
                    os._exit(127)
        os.close(errw)
        run.pid = pid
        run.errr = errr
        run.pidfd = os.pidfd_open(pid)

    def backstop(self, run: Run, now: float) -> None:
        """A run past its backstop: ended if idle since the last look (wire.py), else looked at again."""
        run.deadline = now + BACKSTOP_RECHECK_S
        if run.token and self.launcher is not None:  # the launcher reads its CPU time and decides
            self.launcher.backstop(run.token, int(run.req.get("wall_ms", 0)))
            return
        if run.cg is None:  # no CPU time of the whole run to go by: the host decides by its own
            self.kill_run(run, TIMED_OUT_FORCED)
            return
        cpu_us = run.cg.cpu_us()
        since, cpu_then = run.seen
        if cpu_us - cpu_then < IDLE_CPU_SHARE * (now - since) * 1e6:
            self.kill_run(run, TIMED_OUT_IDLE)
        run.seen = (now, cpu_us)

    def kill_run(self, run: Run, how: int = TIMED_OUT_FORCED) -> None:
        run.timed_out = how
        run.killed_at = time.monotonic()
        if run.token and self.launcher is not None:
            self.launcher.kill(run.token)
        if CAN_SETUID:
            kill_uid(run.uid)
        elif run.pidfd >= 0:
            with contextlib.suppress(OSError):
                os.killpg(run.pid, signal.SIGKILL)
            _kill_session(run.pid)

    def reap_forked(self, run: Run) -> Outcome:
        """The fork path: the program is our child."""
        self.sel.unregister(run.pidfd)
        _, status, ru = os.wait4(run.pid, 0)
        os.close(run.pidfd)
        run.pidfd = -1
        try:
            exec_error = os.read(run.errr, 1024)
        finally:
            os.close(run.errr)
        outcome = Outcome(status, (ru.ru_utime + ru.ru_stime) * 1000.0, ru.ru_maxrss, exec_error)
        cg, run.cg = run.cg, None
        if cg is not None:  # the whole run: what else it left is killed, then its cgroup read and removed
            cg.kill()
            outcome.cpu_ms = max(outcome.cpu_ms, cg.cpu_us() / 1000.0)
            outcome.peak_kb, outcome.oom = cg.peak_kb(), cg.memory_state()
            cg.remove()
        return outcome

    def hold_to_cpu(self) -> None:
        """Kill each fork-path run whose processes together are over its CPU limit (its end follows)."""
        for run in self.runs.values():
            if run.cg is not None and run.cg.cpu_us() > int(run.req.get("cpu_ms", 2000)) * 1000:
                run.cg.kill()

    def take_reports(self, launcher: Launcher) -> None:
        if launcher is not self.launcher:
            return  # an event of a server already stopped (its fd may now be a new server's)
        reports = launcher.reports()
        if reports is None:
            self._stop_launcher("died")
            return
        for kind, token, *rest in reports:
            if kind == b"D":  # a fast run is over: take its dir back and lend a fresh one
                staged = launcher.lent.pop(rest[1], None)
                if staged is not None:
                    self._release(staged, self._clear(staged, alone=rest[0] == b"1"))
                    self._lend()
                continue
            run = self.by_token.pop(int(token), None)
            if run is None:
                continue
            if kind == b"E":
                why = os.strerror(int(rest[0]))
                self.finish(run, Outcome(error=f"the launcher could not start the program: {why}"))
                continue
            status, cpu_us, rss_kb, err, pid = (int(x) for x in rest[:5])
            run.pid = pid
            exec_error = f"{err}:{os.strerror(err)}".encode() if err else b""
            alone = rest[-1] == b"1"  # ALONE, the report's last field: the launcher killed what was left
            peak_kb, oom, timed_out = (int(x) for x in rest[5:8])  # from the run's cgroup (0 0 without one)
            run.timed_out = timed_out or run.timed_out  # the launcher ended it as idle past its backstop
            outcome = Outcome(
                status, cpu_us / 1000.0, rss_kb, exec_error, clean=alone, peak_kb=peak_kb, oom=oom
            )
            self.finish(run, outcome)

    def finish(self, run: Run, outcome: Outcome) -> None:
        wall_ms = (time.monotonic() - run.start) * 1000.0
        status, exec_error = outcome.status, outcome.exec_error
        del self.runs[run.id]
        # A child that outlived its parent dies here, before the reply (the launcher's runs: the launcher
        # has killed them before it reported): the host never judges beside a live process of the run.
        clean = outcome.clean or kill_uid(run.uid, run.pid or None)
        req = run.req
        exit_code, sig = exit_and_signal(status)
        reply: dict = {
            "id": run.id,
            "exit": exit_code,
            "signal": sig,
            "cpu_ms": outcome.cpu_ms,
            "wall_ms": wall_ms,
            "rss_kb": outcome.rss_kb,
            "timed_out": run.timed_out,
        }
        if outcome.error and not run.timed_out:
            reply["error"] = outcome.error
        if not clean:
            reply["error"] = "processes of the run outlived it and could not be killed"
        if outcome.oom:
            reply["oom"] = (
                outcome.oom
            )  # the kernel killed a process of the run for memory, or it hit its limit
        if exec_error:
            code, _, text = exec_error.decode(errors="replace").partition(":")
            reply["exec_error"] = text
            reply["exec_errno"] = int(code or 0)
        try:
            out_limit = int(req.get("out_kb", 65536)) * 1024
            out = run.fds[1]  # -1 for an interaction's run: its stdout went to the other program
            data = pread_upto(out, out_limit + 1) if out >= 0 else b""
            reply["stdout"] = b64(data)
            reply["stdout_bytes"] = len(data)
            reply["stderr"] = b64(pread_upto(run.fds[2], STDERR_KEEP))
            written = (os.fstat(out).st_size if out >= 0 else 0) + os.fstat(run.fds[2]).st_size
            reply["rss_kb"] = run_memory_kb(outcome.rss_kb, outcome.peak_kb, written)
            files, missing, truncated = self._collect(run, req.get("want") or [], out_limit)
            reply["files"] = files
            reply["missing"] = missing
            if truncated:  # read only in part: what the program wrote there cannot be read whole
                reply["truncated"] = truncated
            install = req.get("install")
            if install and reply["exit"] == 0 and not exec_error:
                self._install(run, install, reply)
        except Exception as exc:
            reply["error"] = f"{type(exc).__name__}: {exc}"
        # Reply first, then clean up: the runner is single-threaded, so the teardown still ends before
        # the next request is even read, but the host no longer waits for it.
        try:
            self.send(reply)
        finally:
            self._teardown(run, clean)

    def _collect(self, run: Run, want: list[str], limit: int) -> tuple[dict, list, list]:
        """The files asked for, each up to ``limit`` bytes; the names of those missing, and of those cut."""
        files: dict[str, str] = {}
        missing: list[str] = []
        truncated: list[str] = []
        for name in want:
            try:
                data = self._read_own_file(run, _safe_rel(name), limit + 1)
            except (OSError, ValueError):
                missing.append(name)
                continue
            if len(data) > limit:
                truncated.append(name)
                data = data[:limit]
            files[name] = b64(data)
        return files, missing, truncated

    def _read_own_file(self, run: Run, rel: str, limit: int) -> bytes:
        # The program controls its dir: refuse symlinks and hard links so it cannot make us read
        # anything outside it.
        path = f"{run.dir}/{rel}"
        real = os.path.realpath(os.path.dirname(path))
        if real != run.dir and not real.startswith(run.dir + "/"):
            raise OSError(errno.EACCES, "outside the run dir")
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1:
                raise OSError(errno.EACCES, "not a regular file")
            chunks = []
            left = limit
            while left > 0:
                chunk = os.read(fd, min(left, 1 << 20))
                if not chunk:
                    break
                chunks.append(chunk)
                left -= len(chunk)
            return b"".join(chunks)
        finally:
            os.close(fd)

    def _install(self, run: Run, install: dict, reply: dict) -> None:
        """Install what a compile made (``from`` in its dir) as ``to`` under progs, if it is at most
        ``max_bytes``; with ``export``, also leave a copy in the transfer dir for the host's compile cache (a
        file the host reads, never bytes in a reply)."""
        data = self._read_own_file(
            run, _safe_rel(install["from"]), int(install.get("max_bytes", 1 << 30)) + 1
        )
        reply["installed_bytes"] = len(data)
        if len(data) > int(install.get("max_bytes", 1 << 30)):
            return
        dest = f"{ROOT}/progs/{_safe_rel(install['to'])}"
        os.makedirs(os.path.dirname(dest), mode=0o755, exist_ok=True)
        with open(dest, "wb") as fh:
            fh.write(data)
        os.chmod(dest, int(install.get("mode", 0o755)))
        reply["installed"] = dest
        export = install.get("export")
        if export and XFER and os.path.isdir(XFER):
            with contextlib.suppress(OSError):
                reply["exported"] = _export(data, f"{XFER}/{_safe_rel(export)}")

    def _teardown(self, run: Run, clean: bool = True) -> None:
        """Close the run's files, delete its dir and settle its slot (``clean``: nothing of it is alive)."""
        self._release(run, run.staged.discard(clean) and clean)
        run.fds = []

    def _clear(self, staged: Staged, alone: bool = False) -> bool:
        """Delete a fast run's dir once nothing of it is left; True if both are so."""
        clean = alone or kill_uid(staged.uid, None)
        return staged.discard(clean) and clean

    def _release(self, run: Run | Staged, clean: bool) -> None:
        """Reuse the slot only if nothing of its run is left, alive or on disk; a slot whose processes
        would not die, or whose dir or scratch files would not go, is retired and the runner goes on."""
        try:
            clean = clean and _scrub_scratch(run.uid)
        except Exception as exc:  # noqa: BLE001 - never out of the runner's loop
            print(f"fs_runner: could not clear slot {run.slot}: {exc}", file=sys.stderr)
            clean = False
        if clean:
            self.slots.give(run.slot)

    # -- loop ----------------------------------------------------------------------------------

    def open_channel(self, path: str) -> bool:
        """Take requests from ``path``/req and reply on ``path``/rep (FIFOs the host made) instead of stdio.

        Docker relays stdio through the engine, which costs about a millisecond per round trip; the
        FIFOs, bind-mounted into the container, skip it. The end of stdin still ends the runner.
        """
        try:
            req = os.open(f"{path}/req", os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            return False
        try:
            rep = os.open(f"{path}/rep", os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            os.close(req)
            return False
        os.set_blocking(rep, True)
        self.requests = req
        self.out = os.fdopen(rep, "wb")
        return True

    def serve(self) -> None:
        stdin = sys.stdin.buffer.fileno()
        os.set_blocking(stdin, False)
        self.sel.register(stdin, selectors.EVENT_READ, None)
        if self.requests >= 0:
            self.sel.register(self.requests, selectors.EVENT_READ, None)
        bufs = {stdin: LineBuffer(), self.requests: LineBuffer()}
        eof = False
        while not (self.done or (eof and not self.runs)):
            now = time.monotonic()
            timeout = None
            for run in self.runs.values():
                due = min(run.deadline, run.hard_stop) if not run.timed_out else run.killed_at + 2.0
                if not run.hard_killed:
                    left = max(0.0, due - now)
                    timeout = left if timeout is None else min(timeout, left)
                if run.cg is not None:  # its CPU time is looked at now and then (hold_to_cpu)
                    timeout = CGROUP_POLL_S if timeout is None else min(timeout, CGROUP_POLL_S)
            # the launcher's reports first: a fast run's dir is taken back before a request that its
            # reply prompted (say, the checker of its output) is read
            events = sorted(self.sel.select(timeout), key=lambda ev: not isinstance(ev[0].data, Launcher))
            for key, _ in events:
                if key.data is None:
                    chunk = os.read(key.fd, 1 << 20)
                    if not chunk:
                        self.sel.unregister(key.fd)
                        eof = eof or key.fd == stdin
                        continue
                    for line in bufs[key.fd].feed(chunk):
                        if line.strip():
                            # the launcher's reports first: a fast run that ended before this request was
                            # sent has its dir back (its room in /box: sandbox/admission.py) before it is read
                            if self.launcher is not None:
                                self.take_reports(self.launcher)
                            self.handle(line)
                elif isinstance(key.data, Launcher):
                    self.take_reports(key.data)
                else:
                    self.finish(key.data, self.reap_forked(key.data))
            self.hold_to_cpu()
            now = time.monotonic()
            for run in list(self.runs.values()):
                if run.id not in self.runs:
                    continue  # ended with a launcher that was stopped a moment ago
                if not run.timed_out and now >= run.hard_stop:
                    self.kill_run(run, TIMED_OUT_FORCED)
                elif not run.timed_out and now >= run.deadline:
                    self.backstop(run, now)
                elif run.timed_out and not run.hard_killed and now >= run.killed_at + 2.0:
                    run.hard_killed = True
                    if run.token:  # the launcher is stuck: end it, and the runs it holds
                        self._stop_launcher("stopped answering")
                    else:
                        with contextlib.suppress(OSError):
                            os.kill(run.pid, signal.SIGKILL)
            self.stage()
        for run in list(self.runs.values()):
            self.kill_run(run)
        self._stop_launcher("was stopped with the runner")
        if self.spare is not None:
            self.spare.discard()


def main(config_json: str = "{}") -> None:
    global ROOT, UID_BASE, RUN_NS, CGROUP, XFER
    config = json.loads(config_json)
    ROOT = config.get("root", ROOT)
    XFER = str(config.get("xfer") or "")
    RUN_NS = bool(config.get("run_ns")) and not CAN_SETUID
    CGROUP = _cgroup_config(config.get("cgroup"))
    UID_BASE = int(config.get("uid_base", UID_BASE))
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    SHARED_SCRATCH[:] = _shared_scratch()
    if config.get("private") and CAN_SETUID:  # never on the host's own /tmp
        _close_scratch()
    runner = Runner()
    hello = sys.stdout.buffer
    chan = bool(config.get("chan")) and runner.open_channel(config["chan"])
    # pyc: the interpreter's bytecode magic, by which the host keys the bytecode it caches
    pyc = _frozen_importlib_external.MAGIC_NUMBER.hex()
    greeting = {
        "id": "ready",
        "pid": os.getpid(),
        "setuid": CAN_SETUID,
        "run_ns": RUN_NS,
        "chan": chan,
        "pyc": pyc,
        "cgroup": CGROUP["version"] if CGROUP else 0,  # 0: runs have rlimits alone
    }
    hello.write(json.dumps(greeting).encode())
    hello.write(b"\n")
    hello.flush()
    runner.serve()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "{}")
