"""The host's cache of compiled programs (C++ binaries, Python bytecode), by content, under a total bound.

Programs come out of a sandbox as files its runner leaves in the transfer dir (never as bytes in a reply) and
go back in the same way. Each is at most the ``max_binary_bytes`` setting (a compile that makes more is a
compilation error); all of them together are at most ``compile_cache_bytes``: past it, the programs used least
recently go first (a hit marks a program used). The precompiled headers beside them (``pch/``) are pch.py's.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
from pathlib import Path

_KEY = re.compile(r"^[0-9a-f]{64}$")  # a cached program's name: its key (RunnerSandbox._compile_cache_key)


def cached(folder: Path, key: str) -> Path | None:
    """The cached program ``key``, marked as used now; None if there is none."""
    path = folder / key
    try:
        os.utime(path)
    except OSError:
        return None
    return path


def keep(folder: Path, key: str, made: Path, bound: int) -> None:
    """Move ``made`` (a program the sandbox left in the transfer dir) into the cache as ``key`` (atomically,
    so a concurrent reader never sees half a program), then evict down to ``bound`` bytes."""
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f"{key}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    try:
        shutil.move(str(made), tmp)
        os.replace(tmp, folder / key)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    evict(folder, bound)


def evict(folder: Path, bound: int) -> list[str]:
    """Remove the least recently used programs until the rest hold at most ``bound`` bytes; their keys."""
    entries = []
    with contextlib.suppress(OSError), os.scandir(folder) as found:
        for entry in found:
            if _KEY.match(entry.name):
                with contextlib.suppress(OSError):
                    st = entry.stat(follow_symlinks=False)
                    entries.append((st.st_mtime_ns, st.st_size, entry.name))
    total = sum(size for _, size, _ in entries)
    removed = []
    for _, size, name in sorted(entries):
        if total <= bound:
            break
        with contextlib.suppress(FileNotFoundError):
            (folder / name).unlink()
        total -= size
        removed.append(name)
    return removed
