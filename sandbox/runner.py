"""The in-sandbox runner: executes run requests (JSON lines on stdin) under rlimits, one fresh dir each.

Stdlib only, single-threaded (so ``fork`` is safe): it is shipped into the sandbox (bwrap or container)
at start-up, with the modules it imports beside it (sandbox/bootstrap.py), and serves every run of one
submission. Each run gets its own uid (so ``kill(-1)`` as that uid reaches every process the run left behind,
and ``RLIMIT_NPROC`` counts only that run), its own work dir, and is torn down completely before its slot is
reused. This module is the loop: requests read, runs started (launcher.py) and timed, replies sent
(replies.py), slots cleared (teardown.py).
"""

from __future__ import annotations

import _frozen_importlib_external
import contextlib
import json
import os
import selectors
import signal
import socket
import sys
import time

from . import inside
from .inside import remount, safe_rel
from .launcher import Launcher, fork, reap
from .replies import run_reply
from .runs import Outcome, Run, Slots, Staged
from .teardown import kill_session, kill_uid, remove_tree, scrub_scratch
from .wire import (
    BACKSTOP_RECHECK_S,
    BASE_ENV,
    IDLE_CPU_SHARE,
    TIMED_OUT_FORCED,
    TIMED_OUT_IDLE,
    LineBuffer,
    hard_stop_ms,
    launcher_limits,
    unb64,
    write_all,
)

CGROUP_POLL_S = 0.05  # how often the fork path looks at a live run's CPU time (the launcher: CG_POLL_NS)


class Runner:
    """The runner's state: its runs in flight by id, their uid slots, the launcher and the staged dirs."""

    def __init__(self) -> None:
        self.sel = selectors.DefaultSelector()
        self.slots = Slots()
        self.runs: dict[object, Run] = {}
        self.out = sys.stdout.buffer
        self.requests = -1  # the request FIFO, when the host offered one
        self.done = False
        self.launcher_path: str | None = None
        self.launcher: Launcher | None = None
        self.launcher_starts = 0
        self.zygote: list[str] | None = None  # the warm interpreter's command line, when the host sent one
        self.by_token: dict[int, Run] = {}  # runs the launcher has started
        self.spare: Staged | None = None
        # interactions' pipe pairs by name, until both runs have taken their ends (None: one could not start)
        self.pipes: dict[str, list[int] | None] = {}
        for sub, mode in (("runs", 0o711), ("io", 0o700), ("progs", 0o755), ("include", 0o755)):
            os.makedirs(f"{inside.ROOT}/{sub}", mode=mode, exist_ok=True)
            os.chmod(f"{inside.ROOT}/{sub}", mode)
        os.chmod(inside.ROOT, 0o755)

    # -- requests ------------------------------------------------------------------------------

    def send(self, msg: dict) -> None:
        """Write one reply as a JSON line on stdout."""
        self.out.write(json.dumps(msg, separators=(",", ":")).encode() + b"\n")
        self.out.flush()

    def handle(self, line: bytes) -> None:
        """Carry out one request line (run, put, drop, grow, kill, launcher, ping, ...); a run's reply comes when
        it ends, the others' at once."""
        req = json.loads(line)
        op = req.get("op")
        try:
            if op == "run":
                self.start_run(req)
            elif op == "put":
                self.put(req)
            elif op == "drop":
                self.drop(req)
            elif op == "grow":
                self.grow(req)
            elif op == "kill":
                run = self.runs.get(req.get("target"))
                if run is not None:
                    self.kill_run(run)
                self.send({"id": req["id"]})
            elif op == "launcher":
                path = req.get("path")
                self._stop_launcher("was replaced")
                self.launcher_path = path if path and os.access(path, os.X_OK) else None
                self.zygote = req.get("zygote")
                self.launcher_starts = 0
                launcher = self._launcher(req.get("fast"), int(req.get("spares", 2)))
                self.send(
                    {
                        "id": req["id"],
                        "launcher": self.launcher_path if launcher else None,
                        "fast": bool(launcher and launcher.fast),
                    }
                )
            elif op == "ping":
                self.send(
                    {
                        "id": req["id"],
                        "pid": os.getpid(),
                        "setuid": inside.CAN_SETUID,
                        "run_ns": inside.RUN_NS,
                    }
                )
            elif op == "exit":
                self.done = True
            else:
                self.send({"id": req.get("id"), "error": f"unknown op {op!r}"})
        except Exception as exc:  # a bad request is an error reply, never a dead runner
            self.send({"id": req.get("id"), "error": f"{type(exc).__name__}: {exc}"})

    def put(self, req: dict) -> None:
        """Write a file of the sandbox's own (a header, the launcher, a program from the compile cache): its
        bytes in the request, or (``from``) a file the host left in the transfer dir."""
        path = f"{inside.ROOT}/{safe_rel(req['path'])}"
        os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
        if "from" in req and inside.XFER:
            source = f"{inside.XFER}/{safe_rel(req['from'])}"
            with open(source, "rb") as src, open(path, "wb") as fh:
                while chunk := src.read(1 << 20):
                    fh.write(chunk)
        else:
            with open(path, "wb") as fh:
                fh.write(unb64(req["data"]))
        os.chmod(path, req.get("mode", 0o644))
        self.send({"id": req["id"], "path": path, "bytes": os.stat(path).st_size})

    def drop(self, req: dict) -> None:
        """Remove a program of the sandbox's (its dir under progs): its room in /box is free again."""
        rel = safe_rel(req["path"])
        path = f"{inside.ROOT}/progs/{rel.split('/', 1)[0]}"
        freed = 0
        for dirpath, _dirs, names in os.walk(path):
            freed += sum(os.lstat(os.path.join(dirpath, n)).st_size for n in names)
        self.send({"id": req["id"], "bytes": freed if remove_tree(path) else 0})

    def grow(self, req: dict) -> None:
        """Make /box (a tmpfs) ``bytes`` big, where this runner may (it needs CAP_SYS_ADMIN over the mount)."""
        size = int(req["bytes"])
        try:
            remount(inside.ROOT, size)
            grown = os.statvfs(inside.ROOT).f_blocks * os.statvfs(inside.ROOT).f_frsize >= size
        except OSError as exc:
            self.send({"id": req["id"], "grown": False, "why": str(exc)})
            return
        self.send({"id": req["id"], "grown": grown})

    # -- runs ----------------------------------------------------------------------------------

    def _launcher(self, fast: str | None = None, spares: int = 0) -> Launcher | None:
        """The launcher server, started on first use (and again, a few times, if it died).

        ``fast``: the host's socket for fast runs, which the server takes over (only the first
        server: once it dies, the host sees the socket close and sends everything here).
        """
        if self.launcher is not None and not self.launcher.alive():
            self._stop_launcher("died")
        if self.launcher is None and self.launcher_path and self.launcher_starts < 3:
            self.launcher_starts += 1
            host = None
            try:
                if fast and inside.CAN_SETUID:  # leftovers of a fast run are found by its uid alone
                    host = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
                    host.connect(fast)
                self.launcher = Launcher(self.launcher_path, host, self.zygote)
            except OSError as exc:
                print(f"fs_runner: the launcher did not start: {exc}", file=sys.stderr)
                return None
            finally:
                if host is not None:
                    host.close()  # the server holds it now
            self.sel.register(self.launcher.fileno(), selectors.EVENT_READ, self.launcher)
            for _ in range(spares if self.launcher.fast else 0):
                self._lend()
        return self.launcher

    def _lend(self) -> None:
        """Stage a dir for the launcher's fast runs."""
        launcher = self.launcher
        if launcher is None or not launcher.fast:
            return
        slot = self.slots.take()
        try:
            staged = Staged(slot, streams=False)
        except OSError as exc:
            self.slots.give(slot)
            print(f"fs_runner: could not stage a fast run: {exc}", file=sys.stderr)
            return
        try:
            launcher.lend(staged)
        except OSError:
            self._release(staged, self._clear(staged))

    def _stop_launcher(self, why: str) -> None:
        """Close the launcher server; the runs it had in hand end with an error reply."""
        launcher, self.launcher = self.launcher, None
        if launcher is None:
            return
        with contextlib.suppress(Exception):
            self.sel.unregister(launcher.fileno())
        launcher.close()
        for staged in launcher.lent.values():  # whatever ran in them is dead with the server's session
            self._release(staged, self._clear(staged))
        lost, self.by_token = self.by_token, {}
        for run in lost.values():
            self.finish(run, Outcome(error=f"the launcher {why}"))

    def stage(self) -> None:
        """Have the next run's slot, dir and files ready (called whenever the runner goes idle)."""
        if self.spare is None and not self.done:
            slot = self.slots.take()
            try:
                self.spare = Staged(slot)
            except OSError as exc:  # the request will try again, and report the error
                self.slots.give(slot)
                print(f"fs_runner: could not stage a run: {exc}", file=sys.stderr)

    def start_run(self, req: dict) -> None:
        """Start one run in a staged dir of its own (the spare one if ready), by the launcher or by a fork."""
        self.stage()
        staged, self.spare = self.spare, None
        if staged is None:
            slot = self.slots.take()
            try:
                staged = Staged(slot)
            except BaseException:
                self.slots.give(slot)
                raise
        run = Run(req, staged)
        pipe = req.get("pipe")
        try:
            if pipe:
                self._connect(run, str(pipe[0]), int(pipe[1]))
            self._prepare(run)
            self._spawn(run)
        except BaseException:
            if pipe:
                self._break_pipe(str(pipe[0]))
            self._teardown(run)
            raise
        if pipe:  # the program has its ends now: ours go, so each side sees the other's end when it ends
            for i in (0, 1):
                os.close(run.fds[i])
                run.fds[i] = -1
        self.runs[run.id] = run
        if run.token:
            self.by_token[run.token] = run
        else:
            self.sel.register(run.pidfd, selectors.EVENT_READ, run)

    def _connect(self, run: Run, name: str, end: int) -> None:
        """Make the run's stdin and stdout its end of the pipe pair ``name`` (made by whichever of the two
        runs comes first): end 0 (the solution) reads what end 1 (the interactor) writes, and the other way
        round. Its stderr stays a file of its own."""
        if name in self.pipes and self.pipes[name] is None:
            raise RuntimeError("the other program of this interaction could not be started")
        fds = self.pipes.get(name)
        if fds is None:
            to_solution, to_interactor = os.pipe(), os.pipe()
            fds = [to_solution[0], to_interactor[1], to_interactor[0], to_solution[1]]
            self.pipes[name] = fds
        for fd in run.fds[:2]:
            os.close(fd)
        run.fds[0:2] = fds[2 * end : 2 * end + 2]
        fds[2 * end] = fds[2 * end + 1] = -1
        if all(fd < 0 for fd in fds):
            del self.pipes[name]

    def _break_pipe(self, name: str) -> None:
        """One run of an interaction could not start: close what is left of the pair, so the other run (if
        it started) sees its ends close, and one still to come is refused."""
        for fd in self.pipes.get(name) or []:
            if fd >= 0:
                os.close(fd)
        self.pipes[name] = None

    def _prepare(self, run: Run) -> None:
        req = run.req
        files = req.get("files")
        for name, data in (files or {}).items():
            rel = safe_rel(name)
            path = f"{run.dir}/{rel}"
            parent = os.path.dirname(path)
            if parent != run.dir:
                os.makedirs(parent, exist_ok=True)
            with open(path, "wb") as fh:
                fh.write(unb64(data))
        if inside.CAN_SETUID and files:
            for dirpath, dirnames, filenames in os.walk(run.dir):
                os.chown(dirpath, run.uid, run.uid)
                for n in dirnames + filenames:
                    os.chown(os.path.join(dirpath, n), run.uid, run.uid)
        stdin = req.get("stdin")
        if stdin:
            write_all(run.fds[0], unb64(stdin))
            os.lseek(run.fds[0], 0, os.SEEK_SET)

    def _spawn(self, run: Run) -> None:
        """Start the run's program: through the launcher (started again if it died), else by a fork."""
        req = run.req
        argv = [str(a) for a in req["argv"]]
        lim = launcher_limits(
            int(req.get("cpu_ms", 2000)),
            int(req.get("mem_mb", 256)),
            int(req.get("out_kb", 65536)),
            int(req.get("nproc", 64)),
            int(req.get("nofile", 64)),
        )
        cpu_s = lim[0]
        env = {**BASE_ENV, "HOME": run.dir, "TMPDIR": run.dir}
        env.update(req.get("env") or {})
        run.start = time.monotonic()
        wall_ms = int(req.get("wall_ms", 2 * cpu_s * 1000 + 1000))
        run.deadline = run.start + wall_ms / 1000.0
        run.hard_stop = run.start + int(req.get("hard_ms", hard_stop_ms(wall_ms, cpu_s * 1000))) / 1000.0
        run.seen = (run.start, 0)
        for _attempt in range(2):
            launcher = self._launcher()
            if launcher is None:
                break
            try:
                run.token = launcher.start(run, argv, env, lim)
                return
            except OSError as exc:  # it died under us: start another, or fork
                self._stop_launcher(f"could not be reached ({exc})")
        fork(run, argv, env, lim)

    def backstop(self, run: Run, now: float) -> None:
        """A run past its backstop: ended if idle since the last look (wire.py), else looked at again."""
        run.deadline = now + BACKSTOP_RECHECK_S
        if run.token and self.launcher is not None:  # the launcher reads its CPU time and decides
            self.launcher.backstop(run.token, int(run.req.get("wall_ms", 0)))
            return
        if run.cg is None:  # no CPU time of the whole run to go by: the host decides by its own
            self.kill_run(run, TIMED_OUT_FORCED)
            return
        cpu_us = run.cg.cpu_us()
        since, cpu_then = run.seen
        if cpu_us - cpu_then < IDLE_CPU_SHARE * (now - since) * 1e6:
            self.kill_run(run, TIMED_OUT_IDLE)
        run.seen = (now, cpu_us)

    def kill_run(self, run: Run, how: int = TIMED_OUT_FORCED) -> None:
        """Kill every process of the run, recording ``how`` it timed out."""
        run.timed_out = how
        run.killed_at = time.monotonic()
        if run.token and self.launcher is not None:
            self.launcher.kill(run.token)
        if inside.CAN_SETUID:
            kill_uid(run.uid)
        elif run.pidfd >= 0:
            with contextlib.suppress(OSError):
                os.killpg(run.pid, signal.SIGKILL)
            kill_session(run.pid)

    def reap_forked(self, run: Run) -> Outcome:
        """The fork path: the program is our child."""
        self.sel.unregister(run.pidfd)
        return reap(run)

    def hold_to_cpu(self) -> None:
        """Kill each fork-path run whose processes together are over its CPU limit (its end follows)."""
        for run in self.runs.values():
            if run.cg is not None and run.cg.cpu_us() > int(run.req.get("cpu_ms", 2000)) * 1000:
                run.cg.kill()

    def take_reports(self, launcher: Launcher) -> None:
        """Settle what the launcher reported: fast runs over, runs ended; a launcher gone is stopped."""
        if launcher is not self.launcher:
            return  # an event of a server already stopped (its fd may now be a new server's)
        reports = launcher.reports()
        if reports is None:
            self._stop_launcher("died")
            return
        for kind, token, *rest in reports:
            if kind == b"D":  # a fast run is over: take its dir back and lend a fresh one
                staged = launcher.lent.pop(rest[1], None)
                if staged is not None:
                    self._release(staged, self._clear(staged, alone=rest[0] == b"1"))
                    self._lend()
                continue
            run = self.by_token.pop(int(token), None)
            if run is None:
                continue
            if kind == b"E":
                why = os.strerror(int(rest[0]))
                self.finish(run, Outcome(error=f"the launcher could not start the program: {why}"))
                continue
            status, cpu_us, rss_kb, err, pid = (int(x) for x in rest[:5])
            run.pid = pid
            exec_error = f"{err}:{os.strerror(err)}".encode() if err else b""
            alone = rest[-1] == b"1"  # ALONE, the report's last field: the launcher killed what was left
            peak_kb, oom, timed_out = (int(x) for x in rest[5:8])  # from the run's cgroup (0 0 without one)
            run.timed_out = timed_out or run.timed_out  # the launcher ended it as idle past its backstop
            outcome = Outcome(
                status, cpu_us / 1000.0, rss_kb, exec_error, clean=alone, peak_kb=peak_kb, oom=oom
            )
            self.finish(run, outcome)

    def finish(self, run: Run, outcome: Outcome) -> None:
        """Reply for an ended run, killing first anything of it still alive, then clear its slot."""
        wall_ms = (time.monotonic() - run.start) * 1000.0
        del self.runs[run.id]
        # A child that outlived its parent dies here, before the reply (the launcher's runs: the launcher
        # has killed them before it reported): the host never judges beside a live process of the run.
        clean = outcome.clean or kill_uid(run.uid, run.pid or None)
        reply = run_reply(run, outcome, wall_ms, clean)
        # Reply first, then clean up: the runner is single-threaded, so the teardown still ends before
        # the next request is even read, but the host no longer waits for it.
        try:
            self.send(reply)
        finally:
            self._teardown(run, clean)

    def _teardown(self, run: Run, clean: bool = True) -> None:
        """Close the run's files, delete its dir and settle its slot (``clean``: nothing of it is alive)."""
        self._release(run, run.staged.discard(clean) and clean)
        run.fds = []

    def _clear(self, staged: Staged, alone: bool = False) -> bool:
        """Delete a fast run's dir once nothing of it is left; True if both are so."""
        clean = alone or kill_uid(staged.uid, None)
        return staged.discard(clean) and clean

    def _release(self, run: Run | Staged, clean: bool) -> None:
        """Reuse the slot only if nothing of its run is left, alive or on disk; a slot whose processes
        would not die, or whose dir or scratch files would not go, is retired and the runner goes on."""
        try:
            clean = clean and scrub_scratch(run.uid)
        except Exception as exc:  # noqa: BLE001 - never out of the runner's loop
            print(f"fs_runner: could not clear slot {run.slot}: {exc}", file=sys.stderr)
            clean = False
        if clean:
            self.slots.give(run.slot)

    # -- loop ----------------------------------------------------------------------------------

    def open_channel(self, path: str) -> bool:
        """Take requests from ``path``/req and reply on ``path``/rep (FIFOs the host made) instead of stdio.

        Docker relays stdio through the engine, which costs about a millisecond per round trip; the
        FIFOs, bind-mounted into the container, skip it. The end of stdin still ends the runner.
        """
        try:
            req = os.open(f"{path}/req", os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            return False
        try:
            rep = os.open(f"{path}/rep", os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            os.close(req)
            return False
        os.set_blocking(rep, True)
        self.requests = req
        self.out = os.fdopen(rep, "wb")
        return True

    def serve(self) -> None:
        """The loop: read requests, start and time runs, reply as they end. Returns when told to stop, or at the
        end of its input once no run is left; anything still running is then killed."""
        stdin = sys.stdin.buffer.fileno()
        os.set_blocking(stdin, False)
        self.sel.register(stdin, selectors.EVENT_READ, None)
        if self.requests >= 0:
            self.sel.register(self.requests, selectors.EVENT_READ, None)
        bufs = {stdin: LineBuffer(), self.requests: LineBuffer()}
        eof = False
        while not (self.done or (eof and not self.runs)):
            now = time.monotonic()
            timeout = None
            for run in self.runs.values():
                due = min(run.deadline, run.hard_stop) if not run.timed_out else run.killed_at + 2.0
                if not run.hard_killed:
                    left = max(0.0, due - now)
                    timeout = left if timeout is None else min(timeout, left)
                if run.cg is not None:  # its CPU time is looked at now and then (hold_to_cpu)
                    timeout = CGROUP_POLL_S if timeout is None else min(timeout, CGROUP_POLL_S)
            # the launcher's reports first: a fast run's dir is taken back before a request that its
            # reply prompted (say, the checker of its output) is read
            events = sorted(self.sel.select(timeout), key=lambda ev: not isinstance(ev[0].data, Launcher))
            for key, _ in events:
                if key.data is None:
                    chunk = os.read(key.fd, 1 << 20)
                    if not chunk:
                        self.sel.unregister(key.fd)
                        eof = eof or key.fd == stdin
                        continue
                    for line in bufs[key.fd].feed(chunk):
                        if line.strip():
                            # the launcher's reports first: a fast run that ended before this request was
                            # sent has its dir back (its room in /box: sandbox/admission.py) before it is read
                            if self.launcher is not None:
                                self.take_reports(self.launcher)
                            self.handle(line)
                elif isinstance(key.data, Launcher):
                    self.take_reports(key.data)
                else:
                    self.finish(key.data, self.reap_forked(key.data))
            self.hold_to_cpu()
            now = time.monotonic()
            for run in list(self.runs.values()):
                if run.id not in self.runs:
                    continue  # ended with a launcher that was stopped a moment ago
                if not run.timed_out and now >= run.hard_stop:
                    self.kill_run(run, TIMED_OUT_FORCED)
                elif not run.timed_out and now >= run.deadline:
                    self.backstop(run, now)
                elif run.timed_out and not run.hard_killed and now >= run.killed_at + 2.0:
                    run.hard_killed = True
                    if run.token:  # the launcher is stuck: end it, and the runs it holds
                        self._stop_launcher("stopped answering")
                    else:
                        with contextlib.suppress(OSError):
                            os.kill(run.pid, signal.SIGKILL)
            self.stage()
        for run in list(self.runs.values()):
            self.kill_run(run)
        self._stop_launcher("was stopped with the runner")
        if self.spare is not None:
            self.spare.discard()


def main(config_json: str = "{}") -> None:
    """Configure the sandbox's side from ``config_json``, greet the host and serve until its input ends."""
    config = json.loads(config_json)
    inside.configure(config)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    runner = Runner()
    hello = sys.stdout.buffer
    chan = bool(config.get("chan")) and runner.open_channel(config["chan"])
    # pyc: the interpreter's bytecode magic, by which the host keys the bytecode it caches
    pyc = _frozen_importlib_external.MAGIC_NUMBER.hex()
    greeting = {
        "id": "ready",
        "pid": os.getpid(),
        "setuid": inside.CAN_SETUID,
        "run_ns": inside.RUN_NS,
        "chan": chan,
        "pyc": pyc,
        "cgroup": inside.CGROUP["version"] if inside.CGROUP else 0,  # 0: runs have rlimits alone
    }
    hello.write(json.dumps(greeting).encode())
    hello.write(b"\n")
    hello.flush()
    runner.serve()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "{}")
