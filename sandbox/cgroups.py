"""Per-run cgroups: the host finds a cgroup tree it may write and makes one subtree per sandbox, and a run's
cgroup holds all of its processes together (CPU, memory with memfd and tmpfs pages, process count).

Stdlib only: shipped into the sandbox beside ``runner.py``, whose fork path makes its runs' cgroups with
``RunCgroup``; the launcher (fs_exec.c) does the same for its runs in C, with the same files and rules.
Inside a sandbox the subtree is at ``MOUNT``: cgroup v1 as ``MOUNT/<controller>`` for each of
``V1_CONTROLLERS`` (in that order, which the launcher relies on), cgroup v2 as ``MOUNT`` itself.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time

MOUNT = "/fs-cgroup"
V1_CONTROLLERS = ("memory", "pids", "cpuacct")
V2_CONTROLLERS = ("memory", "pids", "cpu")
SETTING = "FRONTIERSMITH_SANDBOX_CGROUP"
# a sandbox's subtree is named fs-<pid of its host process>-<random>: one whose process is gone is swept
PREFIX = "fs-"
V2_LEAF = "sandbox"  # cgroup v2: the sandbox's own processes live here (no process may sit beside a child)


def _write(path: str, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CLOEXEC)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def _read(path: str) -> str:
    with open(path, "rb") as fh:
        return fh.read(65536).decode(errors="replace")


def _field(text: str, key: str) -> int:
    """The number after ``key`` in a "key value" file (cpu.stat, memory.events, memory.oom_control); 0 if none."""
    for line in text.splitlines():
        name, _, value = line.partition(" ")
        if name == key:
            return int(value.strip() or 0)
    return 0


# A run's memory state at its end (RunCgroup.memory_state; the launcher's reports carry the same numbers).
OOM_KILLED, LIMIT_HIT = 1, 2


def run_memory_limit(memory_bytes: int, file_bytes: int) -> int:
    """A run's cgroup memory limit: its memory limit plus one output file's worth (RLIMIT_FSIZE), since the
    pages of what it writes to stdout or its dir are charged to it too (fs_exec.c applies the same rule)."""
    return memory_bytes + file_bytes


# -- the host side ------------------------------------------------------------------------------------


class Tree:
    """Where this host may make cgroups: cgroup ``version`` 1 or 2, and the base dir of each hierarchy
    (v1: by controller, in ``V1_CONTROLLERS`` order; v2: one, under the key "")."""

    def __init__(self, version: int, bases: dict[str, str]) -> None:
        self.version = version
        self.bases = bases

    def describe(self) -> str:
        """The cgroup version and where its hierarchies are, in a few words (``describe_isolation``)."""
        if self.version == 1:
            where = ", ".join(f"{c} at {p}" for c, p in self.bases.items())
            return f"per-run cgroups v1 ({where})"
        return f"per-run cgroups v2 (memory, pids, cpu at {self.bases['']})"


def mounts() -> tuple[dict[str, tuple[str, str]], list[tuple[str, str]]]:
    """The cgroup mounts: v1 by controller (mount point, root of the mount), and the v2 ones."""
    v1: dict[str, tuple[str, str]] = {}
    v2: list[tuple[str, str]] = []
    with contextlib.suppress(OSError):
        for line in _read("/proc/self/mountinfo").splitlines():
            head, _, tail = line.partition(" - ")
            fields, rest = head.split(), tail.split()
            if len(fields) < 5 or len(rest) < 3:
                continue
            root, point = fields[3], fields[4]
            if rest[0] == "cgroup2":
                v2.append((point, root))
            elif rest[0] == "cgroup":
                for opt in rest[2].split(","):
                    if opt in V1_CONTROLLERS:
                        v1.setdefault(opt, (point, root))
    return v1, v2


def own_cgroups() -> dict[str, str]:
    """This process's cgroup path in each v1 controller's hierarchy, and in v2's (key "")."""
    own: dict[str, str] = {}
    with contextlib.suppress(OSError):
        for line in _read("/proc/self/cgroup").splitlines():
            _id, _, rest = line.partition(":")
            names, _, path = rest.partition(":")
            for name in names.split(",") if names else [""]:
                own[name] = path
    return own


def under(point: str, root: str, path: str) -> str:
    """A cgroup ``path`` as a dir under a mount of its hierarchy at ``point`` whose root is ``root``."""
    rel = os.path.relpath(path, root) if root != "/" else path.lstrip("/")
    return point if rel in (".", "") else os.path.join(point, rel)


def _writable(path: str) -> bool:
    return (
        os.path.isdir(path)
        and os.access(path, os.W_OK | os.X_OK)
        and os.access(f"{path}/cgroup.procs", os.W_OK)
    )


def _controllers(path: str) -> set[str]:
    try:
        return set(_read(f"{path}/cgroup.controllers").split())
    except OSError:
        return set()


def _v2_enable(path: str) -> bool:
    """Make ``V2_CONTROLLERS`` available to the children of ``path``; False if they cannot be."""
    try:
        have = set(_read(f"{path}/cgroup.subtree_control").split())
        missing = [c for c in V2_CONTROLLERS if c not in have]
        if missing:
            _write(f"{path}/cgroup.subtree_control", " ".join(f"+{c}" for c in missing))
        return True
    except OSError:
        return False


def find_tree(configured: str | None) -> Tree | str:
    """The cgroup tree to make sandboxes' subtrees in, or one sentence saying why there is none.

    ``configured`` (the ``sandbox_cgroup`` setting): a cgroup dir this user may write, such as one delegated
    to it; on v1, the same cgroup path is used in each of the memory, pids and cpuacct hierarchies. Without
    it: on v1, this process's own cgroup in each of them; on v2, as root, ``frontiersmith`` at the root of the
    hierarchy, else the nearest ancestor of this process's cgroup that this user may write.
    """
    v1, v2 = mounts()
    own = own_cgroups()
    if configured:
        path = os.path.realpath(configured)
        for point, _root in v2:
            if path == point or path.startswith(point + "/"):
                if (
                    not _writable(path)
                    or not set(V2_CONTROLLERS) <= _controllers(path)
                    or not _v2_enable(path)
                ):
                    return (
                        f"the cgroup {path} ({SETTING}) is not a cgroup v2 dir this user may write with the "
                        f"{', '.join(V2_CONTROLLERS)} controllers; delegate one to it or fix the setting"
                    )
                return Tree(2, {"": path})
        for point, root in v1.values():
            if path == point or path.startswith(point + "/"):
                rel = "/" + os.path.relpath(path, point) if path != point else "/"
                bases = {
                    c: under(*v1[c], os.path.join(root, rel.lstrip("/"))) for c in V1_CONTROLLERS if c in v1
                }
                bad = [p for p in bases.values() if not _writable(p)]
                if len(bases) < len(V1_CONTROLLERS) or bad:
                    return (
                        f"the cgroup {rel} ({SETTING}) is not a dir this user may write in each of the "
                        f"{', '.join(V1_CONTROLLERS)} hierarchies; delegate one to it or fix the setting"
                    )
                return Tree(1, bases)
        return f"{path} ({SETTING}) is not a dir of a cgroup file system; fix the setting"
    if all(c in v1 for c in V1_CONTROLLERS):
        bases = {c: under(*v1[c], own.get(c, "/")) for c in V1_CONTROLLERS}
        if all(_writable(p) for p in bases.values()):
            return Tree(1, bases)
        return (
            f"this user may not make cgroups in its own ({', '.join(bases.values())}); delegate a cgroup to it "
            f"and point {SETTING} at it"
        )
    for point, root in v2:
        if not set(V2_CONTROLLERS) <= _controllers(point):
            continue
        if os.geteuid() == 0:
            base = os.path.join(point, "frontiersmith")
            with contextlib.suppress(FileExistsError, OSError):
                os.mkdir(base, 0o755)
            if _writable(base) and _v2_enable(base):
                return Tree(2, {"": base})
            return f"could not make the cgroup {base}"
        # a process may not sit in a cgroup whose children have controllers: start from the parent of ours
        here = under(point, root, own.get("", "/"))
        while here != point and here.startswith(point):
            here = os.path.dirname(here)
            if _writable(here) and set(V2_CONTROLLERS) <= _controllers(here) and _v2_enable(here):
                return Tree(2, {"": here})
        return (
            f"this user may write no cgroup above its own ({own.get('', '?')}); delegate one to it (systemd: "
            f"Delegate=yes) and point {SETTING} at it"
        )
    return "this host has no memory, pids and CPU accounting cgroups (v1 or v2) mounted"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _kill_procs(path: str) -> bool:
    """SIGKILL every process in the cgroup at ``path`` (and below) until none is left; True once empty."""
    for _attempt in range(200):
        left = False
        for dirpath, _dirs, _files in os.walk(path, topdown=False):
            try:
                pids = [int(p) for p in _read(f"{dirpath}/cgroup.procs").split()]
            except (OSError, ValueError):
                continue
            for pid in pids:
                left = True
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        if not left:
            return True
        time.sleep(0.005)
    return False


def remove_tree(path: str) -> bool:
    """Kill whatever is left in the cgroup at ``path`` and remove it with everything below; True if gone."""
    if not os.path.isdir(path):
        return True
    with contextlib.suppress(OSError):
        _write(f"{path}/cgroup.kill", "1")  # v2 (Linux 5.14+): every process below, at once
    _kill_procs(path)
    for _attempt in range(100):
        for dirpath, _dirs, _files in os.walk(path, topdown=False):
            with contextlib.suppress(OSError):
                os.rmdir(dirpath)
        if not os.path.isdir(path):
            return True
        time.sleep(0.01)  # a killed process leaves its cgroup a moment after the signal
    return False


class SandboxCgroup:
    """One sandbox's subtree of ``tree``: made at start, bind-mounted into the sandbox at ``MOUNT``, removed
    (with whatever is still in it) at close. It has no limits of its own: a cap on its runs together would
    let one run's memory or processes make another fail; each run's cgroup holds it to its own."""

    def __init__(self, tree: Tree) -> None:
        self.tree = tree
        self.name = f"{PREFIX}{os.getpid()}-{os.urandom(4).hex()}"
        self.dirs: dict[str, str] = {}
        try:
            for key, base in tree.bases.items():
                _sweep(base)
                path = os.path.join(base, self.name)
                os.mkdir(path, 0o700)
                self.dirs[key] = path
                os.chmod(path, 0o700)  # run uids never enter it; the runner and the launcher are its owner
            if tree.version == 2:
                path = self.dirs[""]
                if not _v2_enable(path):
                    raise OSError(f"could not enable {', '.join(V2_CONTROLLERS)} in {path}")
                os.mkdir(f"{path}/{V2_LEAF}", 0o700)
        except BaseException:
            self.remove()
            raise

    def binds(self) -> list[tuple[str, str]]:
        """(host dir, dir inside the sandbox) to bind-mount, read-write."""
        if self.tree.version == 2:
            return [(self.dirs[""], MOUNT)]
        return [(self.dirs[c], f"{MOUNT}/{c}") for c in V1_CONTROLLERS]

    def config(self, inside: bool = True) -> dict[str, object]:
        """What the runner's configuration says of it: the version, and the dirs as the runner sees them."""
        dirs = [inside_dir for _host, inside_dir in self.binds()] if inside else list(self.dirs.values())
        return {"version": self.tree.version, "dirs": dirs}

    def leaf_procs(self) -> str | None:
        """cgroup v2: the cgroup.procs the sandbox's own processes join before they start; v1: None."""
        return f"{self.dirs['']}/{V2_LEAF}/cgroup.procs" if self.tree.version == 2 else None

    def remove(self) -> None:
        """Kill whatever is left in the sandbox's cgroups and remove them."""
        for path in self.dirs.values():
            remove_tree(path)
        self.dirs = {}


def _sweep(base: str) -> None:
    """Remove the subtrees that sandboxes of processes now gone left in ``base`` (a process killed hard)."""
    with contextlib.suppress(OSError):
        for name in os.listdir(base):
            if not name.startswith(PREFIX):
                continue
            pid = name[len(PREFIX) :].partition("-")[0]
            if pid.isdigit() and not _alive(int(pid)):
                remove_tree(os.path.join(base, name))


# -- in the sandbox: one run's cgroup (the runner's fork path; fs_exec.c does the same in C) ------------


class RunCgroup:
    """The cgroup of one run: made with its limits before it starts, joined by its first process before
    the exec (``join``), read when it ends, then emptied and removed."""

    def __init__(self, version: int, dirs: list[str], name: str, memory_bytes: int, pids: int) -> None:
        self.version = version
        self.paths = [f"{d}/{name}" for d in dirs]
        try:
            for path in self.paths:
                os.mkdir(path, 0o700)
            first = self.paths[0]
            if version == 2:
                _write(f"{first}/memory.max", str(memory_bytes))
                with contextlib.suppress(OSError):
                    _write(f"{first}/memory.swap.max", "0")
                with contextlib.suppress(OSError):  # an OOM kill takes the whole run, not one process
                    _write(f"{first}/memory.oom.group", "1")
                _write(f"{first}/pids.max", str(pids))
            else:
                memory, pid_dir = self.paths[0], self.paths[1]
                _write(f"{memory}/memory.limit_in_bytes", str(memory_bytes))
                with contextlib.suppress(OSError):
                    _write(f"{memory}/memory.memsw.limit_in_bytes", str(memory_bytes))
                _write(f"{pid_dir}/pids.max", str(pids))
        except BaseException:
            self.remove()
            raise

    @property
    def procs(self) -> list[str]:
        """The run's ``cgroup.procs`` file in each hierarchy, which ``join`` writes to."""
        return [f"{p}/cgroup.procs" for p in self.paths]

    def cpu_us(self) -> int:
        """CPU time of every process the run had, in microseconds."""
        try:
            if self.version == 2:
                return _field(_read(f"{self.paths[0]}/cpu.stat"), "usage_usec")
            return int(_read(f"{self.paths[2]}/cpuacct.usage")) // 1000
        except (OSError, ValueError):
            return 0

    def peak_kb(self) -> int:
        """The most memory the run held at once (pages of its files and memfds included), in KiB."""
        name = "memory.peak" if self.version == 2 else "memory.max_usage_in_bytes"
        try:
            return int(_read(f"{self.paths[0]}/{name}")) // 1024
        except (OSError, ValueError):
            return 0

    def memory_state(self) -> int:
        """How the run met its memory limit: OOM_KILLED (the kernel killed a process of it for going over),
        LIMIT_HIT (its usage reached the limit: an allocation may have been refused), else 0."""
        try:
            if self.version == 2:
                events = _read(f"{self.paths[0]}/memory.events")
                killed, hit = _field(events, "oom_kill"), _field(events, "max")
            else:
                killed = _field(_read(f"{self.paths[0]}/memory.oom_control"), "oom_kill")
                hit = int(_read(f"{self.paths[0]}/memory.failcnt").strip() or 0)
        except (OSError, ValueError):
            return 0
        return OOM_KILLED if killed > 0 else LIMIT_HIT if hit > 0 else 0

    def kill(self) -> bool:
        """SIGKILL every process of the run until none is left; False if some survived the tries."""
        return _kill_procs(self.paths[0])

    def remove(self) -> None:
        """Kill whatever is left of the run and remove its cgroups."""
        for path in self.paths:
            remove_tree(path)


def join(procs: list[str]) -> None:
    """Move the calling process into a run's cgroup (each hierarchy's ``cgroup.procs``); raises on failure."""
    for path in procs:
        _write(path, "0")
