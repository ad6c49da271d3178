"""The ``process`` backend: one bubblewrap (or, without ``bwrap``, a bare process) per sandbox, running the runner.

Inside bwrap the host is reduced to read-only system directories; the sandbox's own temp dir,
mounted at /box, is the only writable place, and there is no network.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import signal
import sys
from pathlib import Path

from frontiersmith.errors import SandboxError
from frontiersmith.settings import Settings

from ._fast import fast_dir
from ._tempdirs import make_temp_dir
from .admission import box_bytes
from .backend import RunnerSandbox, warn_once
from .bootstrap import CHANNEL, bootstrap_argv
from .cgroups import SandboxCgroup
from .pch import MOUNT_DIR, host_pch, pch_root
from .registry import sandbox_backend
from .wire import BASE_ENV, ROOT

log = logging.getLogger(__name__)

# Only what compilers and Python need; everything else of the host (home, the store, /root,
# /var, /run) stays invisible.
_RO_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
_RO_ETC = (
    "/etc/alternatives",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/localtime",
    "/etc/locale.alias",
    "/etc/python3",
    "/etc/python3.11",
)
# CAP_SYS_ADMIN: the launcher gives each run network and IPC namespaces of its own (see fs_exec.c)
_RUNNER_CAPS = (
    "CAP_SETUID",
    "CAP_SETGID",
    "CAP_KILL",
    "CAP_CHOWN",
    "CAP_DAC_OVERRIDE",
    "CAP_FOWNER",
    "CAP_SYS_ADMIN",
)
_PIPE_LIMIT = 1 << 30  # one reply line may carry a whole (base64) output
XFER = f"{ROOT}/io/xfer"  # where the transfer dir is bound (inside.XFER): under io/, which no run may enter
UNBOUNDED_BOX = 1 << 62  # without bubblewrap /box is a host dir, with no size of its own


def bwrap_path() -> str | None:
    """Where ``bwrap`` is on the PATH, or None."""
    return shutil.which("bwrap")


def _system_python() -> str:
    # The runner and Python programs use the distribution's interpreter: a venv or pyenv python
    # may live under a home directory that the sandbox hides.
    for candidate in ("/usr/bin/python3", "/usr/local/bin/python3"):
        if os.access(candidate, os.X_OK):
            return candidate
    return sys.executable


def bwrap_argv(
    bwrap: str,
    box: Path,
    box_size: int | None = None,
    chan: Path | None = None,
    pch: Path | None = None,
    cgroup: SandboxCgroup | None = None,
    xfer: Path | None = None,
) -> list[str]:
    """bubblewrap's arguments for one sandbox: new namespaces, the host's system dirs read-only, ``box`` as the
    only writable place (a tmpfs of ``box_size`` when given), and the channel, header and transfer dirs bound in."""
    argv = [bwrap, "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts"]
    if cgroup is None or cgroup.tree.version == 1:
        # (cgroup v2 with nsdelegate moves a process only between cgroups below its namespace's root, and a
        # run's cgroup is beside the sandbox's own, not below it)
        argv.append("--unshare-cgroup-try")
    if os.geteuid() != 0:
        # No uid per run without root: the launcher gives each run pid and mount namespaces of its own
        # instead, which needs CAP_SYS_ADMIN inside our user namespace (never the programs': they drop
        # every capability, and cannot make a user namespace of their own to regain one).
        argv += ["--unshare-user", "--disable-userns", "--cap-add", "CAP_SYS_ADMIN"]
    for d in _RO_DIRS:
        p = Path(d)
        if p.is_symlink():
            argv += ["--symlink", os.readlink(p), d]
        elif p.is_dir():
            argv += ["--ro-bind", d, d]
    # bwrap would create /etc as 0700, and programs (running as an unprivileged uid) could then
    # not even read ld.so.cache.
    argv += ["--perms", "0755", "--dir", "/etc"]
    for e in _RO_ETC:
        if os.path.lexists(e):
            argv += ["--ro-bind", e, e]
    argv += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    if box_size is None:
        argv += ["--bind", str(box), ROOT]
    else:
        # A tmpfs, not a host directory: every run creates and deletes a dir, which costs several
        # times more on a journaling disk file system than in memory.
        argv += ["--perms", "0755", "--size", str(box_size), "--tmpfs", ROOT]
    if xfer is not None:  # 0700 on the host: the runner gets in, and no run can see beneath io/
        argv += ["--bind", str(xfer), XFER]
    if chan is not None:  # a 0700 dir: the runner (root) gets in, the runs' uids do not
        argv += ["--ro-bind", str(chan), CHANNEL]
    if pch is not None:  # the host's precompiled headers (pch.py): compiles read them, nothing writes them
        argv += ["--ro-bind", str(pch), MOUNT_DIR]
    for host_dir, inside in cgroup.binds() if cgroup is not None else ():  # 0700: the runner's, no run's
        argv += ["--bind", host_dir, inside]
    argv += ["--chdir", ROOT, "--die-with-parent", "--new-session", "--clearenv"]
    for key, value in BASE_ENV.items():
        argv += ["--setenv", key, value]
    if os.geteuid() == 0:
        # The runner needs these to give each run its own uid and to clean up after it; the
        # programs themselves lose every capability when they drop to that uid.
        for cap in _RUNNER_CAPS:
            argv += ["--cap-add", cap]
    return argv


def _pch_folder(settings: Settings) -> Path | None:
    """The host's folder of precompiled headers, made if need be; None if it cannot be (a read-only cache)
    or should not be (the ``sandbox_pch`` setting)."""
    if not settings.sandbox_pch:
        return None
    root = pch_root(settings)
    try:
        root.mkdir(mode=0o755, parents=True, exist_ok=True)
    except OSError:
        return None
    return root


@sandbox_backend("process")
class ProcessSandbox(RunnerSandbox):
    """The ``process`` backend: the runner inside bubblewrap, or with rlimits only where bubblewrap is missing
    and the user is root."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(settings)
        self._proc: asyncio.subprocess.Process | None = None
        self._box: Path | None = None
        self._chan: Path | None = None  # the fast-run socket's dir (see _fast.py)
        self._stderr_task: asyncio.Task[bytes] | None = None
        self.isolated = False
        self._out_fd = -1  # the runner's stdout (its replies)
        self._lines = asyncio.StreamReader(limit=_PIPE_LIMIT)  # the replies until direct mode is on
        self._direct_replies = True
        # the host's folder of precompiled headers (at MOUNT_DIR under bwrap), filled on the first C++ compile
        self._pch_root: Path | None = None
        self._pch: asyncio.Task[Path | None] | None = None
        self._xfer_dir: Path | None = None

    async def start(self) -> None:
        """Start the runner, inside bubblewrap where there is one; SandboxError when there is none and the user
        is not root, since runs could then not be kept apart."""
        self._box = make_temp_dir("fs-sandbox")
        self._box.chmod(0o755)
        bwrap = bwrap_path()
        if bwrap:
            self.python = _system_python()
            try:
                cgroup = self._open_cgroup()
            except SandboxError:
                await self._shutdown()
                raise
            box_size = box_bytes(self.settings, cgroup is not None, self.sized_for)
            self._admission.box = box_size
            self._chan = fast_dir()
            self._fast_dirs = (str(self._chan), CHANNEL)
            self._xfer_dir = make_temp_dir("fs-xfer")
            self._xfer = (self._xfer_dir, XFER)
            run_ns = os.geteuid() != 0
            self._can_grow = not run_ns  # a non-root runner is in a user namespace that does not own /box
            self._pch_root = _pch_folder(self.settings)
            argv = bwrap_argv(
                bwrap, self._box, box_size, self._chan, self._pch_root, cgroup, self._xfer_dir
            ) + bootstrap_argv(
                self.python, run_ns=run_ns, cgroup=cgroup.config() if cgroup else None, xfer=XFER
            )
            self.isolated = True
        elif os.geteuid() != 0:
            await self._shutdown()
            raise SandboxError(
                "The process sandbox refuses to judge: as a non-root user it needs bubblewrap (Debian package "
                "bubblewrap) to keep runs apart; install it, or use the docker backend."
            )
        else:
            warn_once("bwrap not found: the process sandbox falls back to rlimits only (no namespaces)")
            self.python = _system_python()
            self.root = str(self._box)
            self._pch_root = _pch_folder(self.settings)
            cgroup = self._open_cgroup()
            config = cgroup.config(inside=False) if cgroup else None
            self._admission.box = UNBOUNDED_BOX
            self._xfer_dir = make_temp_dir("fs-xfer")
            self._xfer = (self._xfer_dir, str(self._xfer_dir))
            argv = bootstrap_argv(
                self.python, root=self.root, private=False, cgroup=config, xfer=str(self._xfer_dir)
            )
        leaf = cgroup.leaf_procs() if cgroup else None
        if leaf:  # cgroup v2: the sandbox's own processes start in its subtree's leaf (see SandboxCgroup)
            argv = ["/bin/sh", "-c", 'echo 0 > "$0" && exec "$@"', leaf, *argv]
        # The reply pipe is read by our own callback, which settles replies the moment they arrive
        # (see RunnerSandbox._feed_replies) rather than through a StreamReader and the reader task.
        out_r, out_w = os.pipe()
        try:
            self._proc = await asyncio.create_subprocess_exec(
                *argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=out_w,
                stderr=asyncio.subprocess.PIPE,
                limit=_PIPE_LIMIT,
                start_new_session=True,
                cwd=str(self._box),
            )
        except OSError as exc:
            os.close(out_r)
            await self.close()  # its cgroup subtree too
            raise SandboxError(f"Could not start the process sandbox ({exc}).") from None
        finally:
            os.close(out_w)
        os.set_blocking(out_r, False)
        self._out_fd = out_r
        asyncio.get_running_loop().add_reader(out_r, self._readable)
        assert self._proc.stderr is not None
        self._stderr_task = asyncio.get_running_loop().create_task(self._proc.stderr.read(65536))
        try:
            await self._start_runner()
        except BaseException:
            await self.close()
            raise

    async def _pch_include(self) -> str | None:
        if self._pch_root is None:
            return None
        if self._pch is None:  # one look (and at most one build) per sandbox, shared by concurrent compiles
            self._pch = asyncio.get_running_loop().create_task(asyncio.to_thread(host_pch, self._pch_root))
        folder = await asyncio.shield(self._pch)
        if folder is None:
            return None
        return f"{MOUNT_DIR}/{folder.name}" if self.isolated else str(folder)

    def describe_isolation(self) -> str:
        """bubblewrap or rlimits only, what separates runs, and the limits in force."""
        outer = "bubblewrap (no network, read-only host)" if self.isolated else "rlimits only (no namespaces)"
        return f"{outer}; between runs: {self.isolation}; limits: {self.limits}"

    async def _send_bytes(self, data: bytes) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        self._proc.stdin.write(data)
        await self._proc.stdin.drain()

    def _readable(self) -> None:
        while True:
            try:
                data = os.read(self._out_fd, 1 << 20)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._lines.feed_eof()
                self._stop_reading()
                return
            if not self._feed_replies(data):
                self._lines.feed_data(data)

    def _stop_reading(self) -> None:
        if self._out_fd >= 0:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(self._out_fd)
            os.close(self._out_fd)
            self._out_fd = -1

    async def _read_line(self) -> bytes:
        return await self._lines.readline()

    async def _diagnostics(self) -> str:
        if self._stderr_task is None:
            return ""
        if self._proc is not None and self._proc.returncode is None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._proc.wait(), 2)
        if not self._stderr_task.done():
            return ""
        with contextlib.suppress(Exception):
            return self._stderr_task.result().decode(errors="replace")
        return ""

    async def _shutdown(self) -> None:
        proc = self._proc
        if proc is not None and proc.returncode is None:
            with contextlib.suppress(Exception):
                assert proc.stdin is not None
                proc.stdin.close()  # the runner kills what is left and exits on EOF
            try:
                await asyncio.wait_for(proc.wait(), 5)
            except (TimeoutError, Exception):
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(proc.wait(), 5)
        if self._stderr_task is not None and not self._stderr_task.done():
            self._stderr_task.cancel()
        self._stop_reading()
        self._lines.feed_eof()
        if self._box is not None:
            await asyncio.to_thread(shutil.rmtree, self._box, True)
            self._box = None
        if self._chan is not None:
            shutil.rmtree(self._chan, ignore_errors=True)
            self._chan = None
        if self._xfer_dir is not None:
            shutil.rmtree(self._xfer_dir, ignore_errors=True)
            self._xfer_dir = self._xfer = None
