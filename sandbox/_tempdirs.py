"""Host temp dirs of the sandboxes, named for the process that made them, so a later process can remove
what one killed with SIGKILL left behind (its box, its fast-run socket dir, docker's FIFO dir, the dir programs
cross between the host's compile cache and the sandbox)."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

KINDS = ("fs-sandbox", "fs-fast", "fs-docker-chan", "fs-xfer")
_NAME = re.compile(rf"^({'|'.join(KINDS)})-(\d+)-")
_swept = False


def make_temp_dir(kind: str) -> Path:
    """A fresh 0700 dir ``KIND-PID-XXXX`` in the temp dir; stale ones of dead processes go first."""
    sweep_stale()
    return Path(tempfile.mkdtemp(prefix=f"{kind}-{os.getpid()}-"))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return True


def sweep_stale(tmp: str | None = None) -> list[str]:
    """Remove our dirs whose maker is gone (once per process); the names of those removed."""
    global _swept
    if _swept and tmp is None:
        return []
    _swept = True
    root = tmp or tempfile.gettempdir()
    removed: list[str] = []
    try:
        entries = list(os.scandir(root))
    except OSError:
        return removed
    me = os.getuid()
    for entry in entries:
        match = _NAME.match(entry.name)
        if match is None or int(match.group(2)) == os.getpid():
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        # only real dirs of our own (never follow a link someone planted in a shared /tmp)
        if not entry.is_dir(follow_symlinks=False) or st.st_uid != me or _alive(int(match.group(2))):
            continue
        shutil.rmtree(entry.path, ignore_errors=True)
        if not os.path.lexists(entry.path):
            removed.append(entry.name)
    return removed
