"""The sandbox as the runner inside it sees it: its root, its run uids, its cgroup subtree, its transfer dir.

Shipped into the sandbox with the runner (stdlib only). ``configure`` sets these once, from the host's config,
before the runner serves; every other module of the runner reads them as ``inside.NAME`` (never a copy taken at
import, which would miss the host's values).
"""

from __future__ import annotations

import contextlib
import os

from .wire import BASE_ENV
from .wire import ROOT as DEFAULT_ROOT

ROOT = DEFAULT_ROOT  # /box, or a host dir where the process backend runs without bubblewrap
UID_BASE = 61000
CAN_SETUID = os.geteuid() == 0
# Without setuid rights (a non-root host), each run gets pid and mount namespaces of its own from the
# launcher instead of a uid of its own; the runner then never starts a program itself.
RUN_NS = False
# The sandbox's cgroup subtree, when the host made one (sandbox/cgroups.py): {"version": 1 or 2, "dirs": [...]}.
# Every run then gets a cgroup of its own, which holds all of its processes to its limits together.
CGROUP: dict | None = None
SCRATCH_DIRS = ("/dev/shm", "/dev/mqueue", "/tmp", "/var/tmp")
# The scratch places a run could write into (world-writable), found once at start-up.
SHARED_SCRATCH: list[str] = []

# The host's transfer dir as the runner sees it (config "xfer": a host dir bound beneath ROOT/io, which no run
# can enter or see), when there is one: compiled programs go through it to the host's compile cache and back,
# as files rather than bytes in messages.
XFER = ""
_MS_REMOUNT, _MS_NOSUID, _MS_NODEV = 32, 2, 4


def configure(config: dict) -> None:
    """Take the host's config (sandbox/bootstrap.py's ``bootstrap_argv``) and look at the sandbox once."""
    global ROOT, UID_BASE, RUN_NS, CGROUP, XFER
    ROOT = config.get("root", ROOT)
    XFER = str(config.get("xfer") or "")
    RUN_NS = bool(config.get("run_ns")) and not CAN_SETUID
    CGROUP = _cgroup_config(config.get("cgroup"))
    UID_BASE = int(config.get("uid_base", UID_BASE))
    SHARED_SCRATCH[:] = _shared_scratch()
    if config.get("private") and CAN_SETUID:  # never on the host's own /tmp
        _close_scratch()


def remount(path: str, size: int) -> None:
    """Give the tmpfs at ``path`` a new size (mount(2) with MS_REMOUNT: os has no call for it)."""
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    flags = _MS_REMOUNT | _MS_NOSUID | _MS_NODEV
    if libc.mount(b"tmpfs", path.encode(), b"tmpfs", flags, f"size={size}".encode()) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))


def safe_rel(name: str) -> str:
    """``name`` as a clean relative path; ValueError for an absolute path, one with ``..``, or an empty one."""
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if not parts or any(p == ".." for p in parts) or name.startswith("/"):
        raise ValueError(f"bad file name {name!r}")
    return "/".join(parts)


def _cgroup_config(cfg: dict | None) -> dict | None:
    """The host's cgroup subtree (``CGROUP``) if it is really there: each dir a cgroup's (a bind of a host
    dir that is none, say a remote Docker engine's, would be an empty dir)."""
    if not cfg:
        return None
    version, dirs = int(cfg.get("version", 0)), [str(d) for d in cfg.get("dirs") or []]
    if version not in (1, 2) or not dirs or not all(os.path.exists(f"{d}/cgroup.procs") for d in dirs):
        return None
    return {"version": version, "dirs": dirs}


def zygote_env() -> dict[str, str]:
    """The warm interpreter's environment: its runs join their cgroups in these dirs (sandbox/zygote.py)."""
    return {**BASE_ENV, **({"FS_CGROUP": ":".join(CGROUP["dirs"])} if CGROUP else {})}


def _shared_scratch() -> list[str]:
    """The scratch places a run could write into (world-writable)."""
    found = []
    for d in SCRATCH_DIRS:
        try:
            if os.stat(d).st_mode & 0o002 and os.access(d, os.W_OK):
                found.append(d)
        except OSError:
            pass
    return found


def _close_scratch() -> None:
    """Inside a sandbox of our own, make the shared scratch places (say, a container's /dev/mqueue)
    read-only for runs, so there is nothing to scrub between runs (TMPDIR is the run's dir)."""
    for d in list(SHARED_SCRATCH):
        with contextlib.suppress(OSError):
            os.chmod(d, 0o755)
            if not os.stat(d).st_mode & 0o002:
                SHARED_SCRATCH.remove(d)
