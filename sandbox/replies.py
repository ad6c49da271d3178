"""What the runner replies when a run ends: how its program ended, its output, the files asked for, and a
compiled program installed (and left for the host's compile cache).

Shipped into the sandbox with the runner (stdlib only). A run's files are the program's to shape (links,
special files): nothing is read from outside its dir.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat

from . import inside
from .inside import safe_rel
from .runs import Outcome, Run
from .wire import STDERR_KEEP, b64, exit_and_signal, pread_upto, run_memory_kb, write_all


def run_reply(run: Run, outcome: Outcome, wall_ms: float, clean: bool) -> dict:
    """The reply to ``run``'s request (wire.py's fields); ``clean``: nothing of the run is left alive."""
    status, exec_error = outcome.status, outcome.exec_error
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
    if outcome.oom:  # the kernel killed a process of the run for memory, or it hit its limit
        reply["oom"] = outcome.oom
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
        files, missing, truncated = _collect(run, req.get("want") or [], out_limit)
        reply["files"] = files
        reply["missing"] = missing
        if truncated:  # read only in part: what the program wrote there cannot be read whole
            reply["truncated"] = truncated
        install = req.get("install")
        if install and reply["exit"] == 0 and not exec_error:
            _install(run, install, reply)
    except Exception as exc:
        reply["error"] = f"{type(exc).__name__}: {exc}"
    return reply


def _collect(run: Run, want: list[str], limit: int) -> tuple[dict, list, list]:
    """The files asked for, each up to ``limit`` bytes; the names of those missing, and of those cut."""
    files: dict[str, str] = {}
    missing: list[str] = []
    truncated: list[str] = []
    for name in want:
        try:
            data = _read_own_file(run, safe_rel(name), limit + 1)
        except (OSError, ValueError):
            missing.append(name)
            continue
        if len(data) > limit:
            truncated.append(name)
            data = data[:limit]
        files[name] = b64(data)
    return files, missing, truncated


def _read_own_file(run: Run, rel: str, limit: int) -> bytes:
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


def _install(run: Run, install: dict, reply: dict) -> None:
    """Install what a compile made (``from`` in its dir) as ``to`` under progs, if it is at most
    ``max_bytes``; with ``export``, also leave a copy in the transfer dir for the host's compile cache (a
    file the host reads, never bytes in a reply)."""
    data = _read_own_file(run, safe_rel(install["from"]), int(install.get("max_bytes", 1 << 30)) + 1)
    reply["installed_bytes"] = len(data)
    if len(data) > int(install.get("max_bytes", 1 << 30)):
        return
    dest = f"{inside.ROOT}/progs/{safe_rel(install['to'])}"
    os.makedirs(os.path.dirname(dest), mode=0o755, exist_ok=True)
    with open(dest, "wb") as fh:
        fh.write(data)
    os.chmod(dest, int(install.get("mode", 0o755)))
    reply["installed"] = dest
    export = install.get("export")
    if export and inside.XFER and os.path.isdir(inside.XFER):
        with contextlib.suppress(OSError):
            reply["exported"] = _export(data, f"{inside.XFER}/{safe_rel(export)}")


def _export(data: bytes, dest: str) -> str:
    """Leave ``data`` in the transfer dir as ``dest``, owned by the dir's owner (the host's user, who reads it)."""
    owner = os.stat(os.path.dirname(dest))
    fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        write_all(fd, data)
        if inside.CAN_SETUID and owner.st_uid != os.geteuid():
            os.fchown(fd, owner.st_uid, owner.st_gid)
    finally:
        os.close(fd)
    return os.path.basename(dest)
