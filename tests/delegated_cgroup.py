"""A cgroup subtree delegated to an unprivileged uid, as systemd's ``Delegate=`` makes one, for the tests that
judge as ``nobody`` from root (tests/unprivileged.py, the unprivileged ``sandbox info``): its dirs and their
control files are the uid's, and ``FRONTIERSMITH_SANDBOX_CGROUP`` points at it."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from frontiersmith.sandbox.cgroups import (
    SETTING,
    V1_CONTROLLERS,
    V2_CONTROLLERS,
    mounts,
    own_cgroups,
    remove_tree,
    under,
)

# what systemd hands a delegated unit: the dir and the files that move processes or enable controllers
_DELEGATED_FILES = ("cgroup.procs", "tasks", "cgroup.subtree_control", "cgroup.threads")


def _give(path: str, uid: int) -> None:
    os.chown(path, uid, uid)
    for name in _DELEGATED_FILES:
        with contextlib.suppress(FileNotFoundError):
            os.chown(os.path.join(path, name), uid, uid)


@contextlib.contextmanager
def delegated_cgroup(uid: int) -> Iterator[tuple[dict[str, str], list[str]]]:
    """As root: (the environment that points the sandboxes at the subtree, a command prefix that starts a
    process inside it); cgroup v2 lets a uid move processes only within a subtree it owns, so there the
    unprivileged process must start in it. Removed again, with whatever is left in it, on exit."""
    v1, v2 = mounts()
    own = own_cgroups()
    name = f"fs-delegated-{os.getpid()}-{os.urandom(3).hex()}"
    leaves: list[str] = []  # removed with whatever is in them
    parents: list[str] = []  # made on the way (v1's other hierarchies): removed only if empty
    try:
        if all(c in v1 for c in V1_CONTROLLERS):
            # the same cgroup path in each hierarchy, below this process's own memory cgroup
            path = os.path.join(own.get("memory", "/"), name)
            for c in V1_CONTROLLERS:
                target = under(*v1[c], path)
                missing = []
                here = target
                while not os.path.isdir(here):
                    missing.append(here)
                    here = os.path.dirname(here)
                for d in reversed(missing):
                    os.mkdir(d)
                    (leaves if d == target else parents).append(d)
                _give(target, uid)
            yield {SETTING: under(*v1["memory"], path)}, []
            return
        points = [p for p, _root in v2 if set(V2_CONTROLLERS) <= set(_read(f"{p}/cgroup.controllers"))]
        if not points:
            raise RuntimeError("this host has no cgroup hierarchy with memory, pids and CPU accounting")
        top = os.path.join(points[0], name)
        os.mkdir(top)
        leaves.append(top)
        with open(f"{top}/cgroup.subtree_control", "w") as fh:
            fh.write(" ".join(f"+{c}" for c in V2_CONTROLLERS))
        os.mkdir(f"{top}/tests")
        for d in (top, f"{top}/tests"):
            _give(d, uid)
        yield {SETTING: top}, ["/bin/sh", "-c", 'echo 0 > "$0" && exec "$@"', f"{top}/tests/cgroup.procs"]
    finally:
        for d in leaves:
            remove_tree(d)
        for d in reversed(parents):
            with contextlib.suppress(OSError):
                os.rmdir(d)


def _read(path: str) -> list[str]:
    try:
        with open(path) as fh:
            return fh.read().split()
    except OSError:
        return []
