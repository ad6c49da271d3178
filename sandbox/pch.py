"""The precompiled ``<bits/stdc++.h>`` every C++ compile may use: nearly every solver and sampled solution
includes it, and parsing it is most of what ``g++ -O2`` spends on a contest-sized program (2 s of 2.4).

Built once per compiler and header set, by the trusted host (it compiles only the system's own header), into
the compile cache; the process sandbox mounts it read-only and the Docker image carries its own (built by
``build_image`` with the image's compiler). GCC uses it only when it was built by the same compiler with the
same options and no macro is defined before the include; otherwise the compile parses the header as it
would without one, so a missing or unusable header costs time, never a different program."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import json
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

from frontiersmith.settings import Settings

log = logging.getLogger(__name__)

HEADER = "bits/stdc++.h"
# The options of every C++ compile (``RunnerSandbox.compile`` uses these), which GCC requires of the header too.
FLAGS = ("-std=c++17", "-O2")
IMAGE_DIR = "/opt/frontiersmith/pch"  # inside the Docker image (see image.py)
MOUNT_DIR = "/fs-pch"  # where the process sandbox mounts the host's pch folder, read-only
_BUILD_TIMEOUT_S = 300
UNUSED_DAYS = 30  # another compiler's header unused this long is removed (_prune)


def pch_root(settings: Settings) -> Path:
    """The host folder of precompiled headers, one sub-folder per compiler (``host_pch``)."""
    return settings.resolved_compile_cache_dir / "pch"


def host_pch(root: Path) -> Path | None:
    """The folder under ``root`` (which exists: the process sandbox mounts it) whose ``bits/stdc++.h.gch`` the
    host's g++ can use (built now if it is missing or older than any header it was made from), or None when
    it cannot be had."""
    key = _compiler_key()
    if key is None:
        return None
    folder = root / key
    _prune(root, keep=key)
    if _fresh(folder):
        with contextlib.suppress(OSError):
            os.utime(folder)  # last used now (see _prune)
        return folder
    try:
        with open(root / f"{key}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # one build per machine, even with many sandboxes starting
            if not _fresh(folder):
                _build(folder)
    except (OSError, subprocess.SubprocessError) as exc:
        log.info("no precompiled %s (%s); C++ compiles parse it each time", HEADER, exc)
        return None
    return folder if _fresh(folder) else None


def _prune(root: Path, keep: str) -> None:
    """Remove the headers of other compilers that no sandbox has used for ``UNUSED_DAYS`` (a compiler upgrade
    leaves the old one behind: about 100 MB). A folder's mtime is when a sandbox last took it (``host_pch``
    touches it); a compile that loses its header mid-way parses the system's own instead."""
    cutoff = time.time() - UNUSED_DAYS * 86400
    with contextlib.suppress(OSError):
        for other in root.iterdir():
            if other.name != keep and other.is_dir() and other.stat().st_mtime < cutoff:
                shutil.rmtree(other, ignore_errors=True)
                with contextlib.suppress(OSError):
                    (root / f"{other.name}.lock").unlink()
                log.info("removed %s, a precompiled header unused for %d days", other, UNUSED_DAYS)


@functools.cache
def _compiler_key() -> str | None:
    """Which g++ and which compiler proper (cc1plus) it runs: a header GCC would refuse has another key."""
    gxx = shutil.which("g++")
    if gxx is None:
        return None
    try:
        cc1 = subprocess.run(
            [gxx, "-print-prog-name=cc1plus"], capture_output=True, text=True, timeout=30, check=True
        ).stdout.strip()
        st = os.stat(cc1)
    except (OSError, subprocess.SubprocessError):
        return None
    ident = json.dumps([os.path.realpath(gxx), cc1, st.st_size, st.st_mtime_ns, FLAGS])
    return hashlib.sha256(ident.encode()).hexdigest()[:16]


def _fresh(folder: Path) -> bool:
    """The header is there and none of the files it was made from changed since (an upgraded libstdc++
    under the same compiler would otherwise go unnoticed: GCC checks the compiler, not the headers)."""
    try:
        deps = json.loads((folder / "deps.json").read_text())
        if not (folder / f"{HEADER}.gch").is_file():
            return False
        return all(_stamp(path) == stamp for path, stamp in deps.items())
    except (OSError, ValueError, AttributeError):
        return False


def _stamp(path: str) -> list[int]:
    st = os.stat(path)
    return [st.st_size, st.st_mtime_ns]


def _build(folder: Path) -> None:
    """Compile the system's ``<bits/stdc++.h>`` with the solutions' options into ``folder``."""
    listed = subprocess.run(
        ["g++", *FLAGS, "-x", "c++", "-M", "-"],
        input=f"#include <{HEADER}>\n",
        capture_output=True,
        text=True,
        timeout=_BUILD_TIMEOUT_S,
        check=True,
    ).stdout
    deps = [p for p in listed.replace("\\\n", " ").split(":", 1)[1].split() if p != "-"]
    header = next((p for p in deps if p.endswith(HEADER)), None)
    if header is None:
        raise OSError(f"g++ does not find <{HEADER}>")
    (folder / "bits").mkdir(mode=0o755, parents=True, exist_ok=True)
    os.chmod(folder, 0o755)
    target = folder / f"{HEADER}.gch"
    tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    try:
        subprocess.run(
            ["g++", *FLAGS, "-x", "c++-header", header, "-o", str(tmp)],
            capture_output=True,
            timeout=_BUILD_TIMEOUT_S,
            check=True,
        )
        os.chmod(tmp, 0o644)  # the compiles run as a run's own uid
        os.replace(tmp, target)
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()
    stamps = {os.path.realpath(p): _stamp(p) for p in deps}
    (folder / "deps.json").write_text(json.dumps(stamps))
    log.info("precompiled %s into %s", HEADER, target)
