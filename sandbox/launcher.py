"""How the runner starts a run's program: through the C launcher server (fs_exec.c), or by a fork of its own.

Shipped into the sandbox with the runner (stdlib only). The launcher is the common path: one server per
runner, a clone and the program's exec per run. The fork path is the fallback where no launcher could be built
or started (never where runs need namespaces of their own: ``inside.RUN_NS``).
"""

from __future__ import annotations

import array
import contextlib
import fcntl
import itertools
import os
import resource
import signal
import socket

from . import inside
from .cgroups import RunCgroup, run_memory_limit
from .cgroups import join as join_cgroup
from .runs import Outcome, Run, Staged
from .wire import SOURCE_ENV, command_fields, launcher_packet, process_limits

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
    """The C launcher server (fs_exec.c): one per runner, it starts every run's program and reports its end.

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
            argv = [path, "ns", inside.ROOT] if inside.RUN_NS else [path]
            if inside.CGROUP:
                argv += ["cg", str(inside.CGROUP["version"]), ":".join(inside.CGROUP["dirs"])]
            self.pid = os.posix_spawn(path, argv, {}, file_actions=actions, setsid=True)
        except BaseException:
            ours.close()
            raise
        finally:
            for fd in high:
                os.close(fd)
        self.sock = ours
        # the warm interpreter's command: the server starts it (as root) at the first warm run
        if zygote and inside.CAN_SETUID and not inside.RUN_NS:
            self.sock.send(
                launcher_packet(
                    "Z", len(zygote), *zygote, *(f"{k}={v}" for k, v in inside.zygote_env().items())
                )
            )
        self.tokens = itertools.count(1)
        self.fast = host is not None
        self.lent: dict[bytes, Staged] = {}  # staged dirs the server holds for fast runs, by path

    def fileno(self) -> int:
        """The socket's fd, for the runner's selector."""
        return self.sock.fileno()

    def start(self, run: Run, argv: list[str], env: dict, lim: tuple[int, ...]) -> int:
        """Have the server start a run's program with the run's fds and limits; the token its report will carry."""
        token = next(self.tokens)
        uid = run.uid if inside.CAN_SETUID else -1
        payload = launcher_packet("R", token, run.dir, uid, *command_fields(lim, argv, env))
        self.sock.sendmsg([payload], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", run.fds))])
        return token

    def lend(self, staged: Staged) -> None:
        """Hand a staged dir to the server for a fast run from the host."""
        uid = staged.uid if inside.CAN_SETUID else -1
        self.sock.send(launcher_packet("S", staged.dir, uid))
        self.lent[staged.dir.encode()] = staged

    def kill(self, token: int) -> None:
        """Have the server kill the run of ``token``; a server already gone is ignored."""
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
        """Close the socket, kill the server and reap it."""
        self.sock.close()
        if self.pid:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.waitpid(self.pid, 0)
            self.pid = 0


def fork(run: Run, argv: list[str], env: dict, lim: tuple[int, ...]) -> None:
    """Start the run's program as the runner's own child (no launcher), under the limits ``lim``
    (wire.launcher_limits); its pidfd (``run.pidfd``) becomes readable when it ends (then ``reap`` it)."""
    cpu_s, mem, fsize, nproc, nofile = lim
    fd_in, fd_out, fd_err = run.fds
    if inside.RUN_NS:  # a fork of ours would share the runner's uid, pids and files with the program
        raise RuntimeError("no launcher to give the run namespaces of its own: refusing to run it")
    unshare = _unshare_call() if inside.CAN_SETUID else None
    if inside.CGROUP:
        limit = run_memory_limit(mem, fsize)
        cgroup = inside.CGROUP
        run.cg = RunCgroup(cgroup["version"], cgroup["dirs"], os.path.basename(run.dir), limit, nproc)
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
            if inside.CAN_SETUID:
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


def reap(run: Run) -> Outcome:
    """How a forked run's program ended (it is our child); its cgroup, if it had one, read and removed after
    whatever else of the run is killed."""
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
