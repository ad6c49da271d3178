"""The warm interpreter: judge-side Python runs start as forks of one pre-started ``python3 -I -S``.

A fresh interpreter costs a run milliseconds of CPU before the program's first line, more than many a
verifier's own work on a test (bench/judge_overhead.py measures it). The launcher (fs_exec.c, root mode only) starts this at its sandbox's
first warm run, once, as root, with a socket to it on fd 3, and hands it each run of a program marked
warm (``WARM_ENV`` in the run's environment: the sandbox marks only the judge's own programs, verifiers,
checkers, validators and generators; a solution always gets an interpreter of its own, so it never
shares this one's memory layout or string-hash secret with the verifier that scores it).

Per run the launcher sends ``W DIR UID CPU_S AS FSIZE NPROC NOFILE ARGC ARGV... ENV...`` with the run's
three streams attached; this process forks, the child forks the run's process and exits, so the run is
reparented to the launcher (the child subreaper), which waits for it and takes its status and rusage as
for any other run. The run's process sets itself up as the launcher's ``child_main`` does (a session,
the run's cgroup, the streams, the OOM score, the dir, the bytecode on fd 3, the rlimits, the uid; every other fd closed)
and sends its pid up, and only then does the launcher get "P PID" (or "E ERRNO"). It then returns from
``serve`` into the ``python3 -I -S -c`` script that started this (``programs.ZYGOTE_MAIN``), whose
remaining lines are those of an ordinary run's (``PYTHON_FROM_FD3``), line for line: the program's
tracebacks, exit status, ``atexit`` hooks and interpreter shutdown are an ordinary run's.

Shipped as the text of argv[1], so it imports only what a bare interpreter has (and two C modules);
it never runs a program's code itself.
"""

from __future__ import annotations

import _socket
import gc
import io
import os
import resource
import sys

TYPE_CHECKING = False  # no typing import: a run would find it in sys.modules
if TYPE_CHECKING:
    from typing import Any

PACKET_MAX = 256 * 1024
FD_BYTES = 4  # sizeof(int): SCM_RIGHTS carries C ints


def _stdio(fd: int, mode: str, name: str, like: Any) -> Any:
    """sys.stdin, stdout or stderr as a fresh interpreter makes it (Python/pylifecycle.c create_stdio):
    buffered, newline "\\n", line-buffered on a terminal and for stderr, the encoding and errors of ours."""
    buffered: Any = open(fd, mode + "b", -1, closefd=False)  # noqa: SIM115  (it lives as long as the run)
    buffered.raw.name = name
    line = buffered.raw.isatty() or fd == 2
    stream: Any = io.TextIOWrapper(buffered, like.encoding, like.errors, "\n", line, False)
    stream.mode = mode
    return stream


def _become(fields: list[bytes], fds: list[int], report: int) -> None:
    """Turn this forked process into the run: what the launcher's child_main does before its exec, then
    "P PID" up the report pipe. A run that cannot be set up ends with 126, as the launcher's does."""
    try:
        run_dir = os.fsdecode(fields[1])
        uid = int(fields[2])
        cpu, address, fsize, nproc, nofile = (int(f) for f in fields[3:8])
        argc = int(fields[8])
        argv = [os.fsdecode(a) for a in fields[9 : 9 + argc]]
        env = dict(os.fsdecode(e).partition("=")[::2] for e in fields[9 + argc :])
        os.setsid()
        # first, as child_main does: the cgroup the launcher made for the run, named after its dir, in each
        # hierarchy of the sandbox's (the runner gave us their dirs: inside.zygote_env)
        cgroups = os.environ.get("FS_CGROUP")
        for d in cgroups.split(":") if cgroups else ():
            procs = os.open(f"{d}/{os.path.basename(run_dir)}/cgroup.procs", os.O_WRONLY | os.O_CLOEXEC)
            try:
                os.write(procs, b"0")
            finally:
                os.close(procs)
        for i, fd in enumerate(fds):
            os.dup2(fd, i)
        try:
            oom = os.open("/proc/self/oom_score_adj", os.O_WRONLY | os.O_CLOEXEC)
        except OSError:
            pass
        else:
            os.write(oom, b"1000")  # when memory runs out, the program is the one to go
            os.close(oom)
        os.chdir(run_dir)
        # wire.SOURCE_ENV, spelled out: this file is shipped as text and imports nothing of ours
        source = env.get("FS_SOURCE")
        if source is not None:  # fd 3 (our placeholder until now) is the program's bytecode
            fd = os.open(source, os.O_RDONLY)
            os.dup2(fd, 3)
            os.close(fd)
        else:
            os.close(3)
        os.closerange(4, report)  # nothing of ours (the socket, the other streams) is left to the program
        os.closerange(report + 1, 1 << 20)
        os.environ.clear()
        os.environ.update(env)
        sys.argv = ["-c", *argv[5:]]  # as for ``python3 -I -S -c CODE ARGS...``
        sys.orig_argv = argv
        for fd, name in enumerate(("stdin", "stdout", "stderr")):
            stream = _stdio(fd, "r" if fd == 0 else "w", f"<{name}>", getattr(sys, f"__{name}__"))
            setattr(sys, name, stream)
            setattr(sys, f"__{name}__", stream)
        # as wire.process_limits: in its cgroup the run is held by it (its whole CPU, its memory), not by
        # a per-process CPU limit or an address-space limit
        cpu_limit, space = ((cpu + 1, cpu + 2), -1) if cgroups else ((cpu, cpu + 1), address)
        resource.setrlimit(resource.RLIMIT_CPU, cpu_limit)
        resource.setrlimit(resource.RLIMIT_AS, (space, space))
        resource.setrlimit(resource.RLIMIT_STACK, (address, address))
        resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
        resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if uid >= 0:
            os.setgroups([])
            os.setresgid(uid, uid, uid)
            os.setresuid(uid, uid, uid)
        resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))
        failed = False
    except BaseException:
        failed = True
    try:
        os.write(report, b"P %d" % os.getpid())  # set up (or not): the launcher may now wait for us, kill us
        os.close(report)
    except BaseException:
        failed = True
    if failed:
        os._exit(126)


def _start(sock: _socket.socket, fields: list[bytes], fds: list[int]) -> bool:
    """Fork the run (through a child that exits at once); True in the run's own process."""
    rd, wr = os.pipe()
    try:
        middle = os.fork()
    except OSError as exc:
        os.close(rd)
        os.close(wr)
        sock.send(b"E %d" % (exc.errno or 12))
        return False
    if middle == 0:
        try:
            run = os.fork()
        except OSError:  # no run: the pipe ends unanswered, which the zygote reads as "E 12"
            os._exit(0)
        if run == 0:
            sock.detach()  # its fd is closed with the others; the object must never close a number again
            _become(fields, fds, wr)  # ends this process (126) itself if it cannot set the run up
            return True
        os._exit(0)
    os.close(wr)
    answer = os.read(rd, 64) or b"E 12"
    os.close(rd)
    os.waitpid(middle, 0)
    sock.send(answer)
    return False


def serve() -> None:
    """Take runs from the launcher until it goes; returns only in a run's own process, set up to run."""
    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_SEQPACKET, 0, os.dup(3))
    placeholder = os.open(os.devnull, os.O_RDONLY)  # fd 3 stays taken: no stream lands on it
    os.dup2(placeholder, 3)
    os.close(placeholder)
    # what is alive now lives on in every run: the collector of a run never walks it (fewer pages copied)
    gc.freeze()
    room = _socket.CMSG_SPACE(3 * FD_BYTES)
    while True:
        try:
            data, ancillary, _flags, _addr = sock.recvmsg(PACKET_MAX, room)
        except InterruptedError:
            continue
        except OSError:
            os._exit(0)
        if not data:
            os._exit(0)  # the launcher is gone
        fds: list[int] = []
        for level, kind, payload in ancillary:
            if level == _socket.SOL_SOCKET and kind == _socket.SCM_RIGHTS:
                usable = len(payload) - len(payload) % FD_BYTES
                fds += [
                    int.from_bytes(payload[i : i + FD_BYTES], sys.byteorder)
                    for i in range(0, usable, FD_BYTES)
                ]
        fields = (data[:-1] if data.endswith(b"\0") else data).split(b"\0")  # each field ends with a NUL
        if len(fds) == 3 and len(fields) > 9 and fields[0] == b"W":
            if _start(sock, fields, fds):
                return  # the run's own process
        else:
            sock.send(b"E 22")
        for fd in fds:
            os.close(fd)
