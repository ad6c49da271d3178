"""Harbor verifier of a FrontierSmith task, run by tests/test.sh inside the task's container (standard
library only: the container has python3 and g++, not FrontierSmith).

It compiles the agent's solution (/app/solution.cpp or /app/solution.py) and the task's checker (chk.cc: the
FrontierCS checker FrontierSmith generated, which scores one output exactly as FrontierSmith's judge does),
runs the solution on every test under the task's limits, has the checker score each output, and writes the
mean, the continuous reward, to /logs/verifier/reward.txt and reward.json (per-test lines to its stdout). An
interactive task has interactor.cc instead: the solution and the interactor run at once, joined by pipes,
and the interactor's verdict scores the test.

The solution is untrusted, so it is compiled and run under a uid of its own (no other process has it), in a
fresh work dir each test, with no new privileges; the checker, the outputs, this folder and the answers are
in root-owned 0700 dirs it cannot reach, its input comes as an open file, not a path. After each run every
process of that uid is killed (and reaped: this script is their subreaper) and the files it left are removed
before the checker runs; /logs/verifier is emptied before the reward is written, so nothing the solution
wrote there, or a process of it could write later, is read as the reward.
"""

import ctypes
import json
import math
import os
import re
import resource
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent
APP = Path(os.environ.get("FRONTIERSMITH_APP", "/app"))
LOGS = Path(os.environ.get("FRONTIERSMITH_LOGS", "/logs/verifier"))
CHECKER_SECONDS = 10
NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
# The solution's uid and gid: in no image's passwd, so no process of the container but the solution's has it
# and "kill every process of the uid" kills nothing else.
SOLUTION_UID = SOLUTION_GID = 61_234
PROCESSES = 64  # the solution's process limit, the FrontierSmith sandbox's default
KILL_SECONDS = 30  # every process of the solution's uid is gone within this, or the verifier gives up
PR_SET_CHILD_SUBREAPER, PR_SET_NO_NEW_PRIVS = 36, 38
LIBC = ctypes.CDLL(None, use_errno=True)
# The solution's environment, as a FrontierSmith sandbox run has it (with HOME and TMPDIR its work dir): no
# variable of the verifier's.
SOLUTION_ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"}


def limits() -> tuple[float, int]:
    """The task's CPU time (seconds) and memory (MB) per test, from ``limits.json``."""
    config = json.loads((TESTS / "limits.json").read_text())
    return config["time_ms"] / 1000.0, config["memory_mb"]


def no_new_privileges() -> None:
    """In the solution's child before exec: no setuid binary can give it another uid."""
    if LIBC.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        os._exit(125)


def as_solution(cwd: Path) -> dict[str, Any]:
    """subprocess arguments running a command as the solution's uid in a session of its own, in ``cwd``."""
    return {
        "user": SOLUTION_UID,
        "group": SOLUTION_GID,
        "extra_groups": [],
        "start_new_session": True,
        "cwd": cwd,
        "env": {**SOLUTION_ENV, "HOME": str(cwd), "TMPDIR": str(cwd)},
    }


def compile_cpp(source: Path, target: Path, include: Path | None = None, untrusted: bool = False) -> str:
    """Compile ``source`` to ``target``; the compiler's last words on failure, "" on success. ``untrusted``
    compiles as the solution's uid, so it cannot include a file the solution may not read."""
    args = ["g++", "-O2", "-std=gnu++17", "-o", str(target), str(source)]
    if include is not None:
        args[1:1] = ["-I", str(include)]
    # the solution's source compiles as its uid too: it cannot #include an answer file
    extra: dict[str, Any] = (
        {**as_solution(target.parent), "preexec_fn": no_new_privileges} if untrusted else {}
    )
    done = subprocess.run(args, capture_output=True, text=True, timeout=120, **extra)
    return "" if done.returncode == 0 else done.stderr[-2000:] or "compilation failed"


def read_regular(path: Path) -> bytes:
    """``path``'s bytes if it is a regular file, not a link: a link could make root copy a file the solution
    may not read into its reach."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            return f.read()
    finally:
        os.close(fd)


def install(data: bytes, target: Path, mode: int) -> None:
    """Write ``data`` as a root-owned file the solution may read (and run) but not change."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
    os.chmod(target, mode)


def fresh_dir(parent: Path, name: str) -> Path:
    """An empty dir owned by the solution's uid (0700)."""
    path = parent / name
    path.mkdir(mode=0o700)
    os.chown(path, SOLUTION_UID, SOLUTION_GID)
    return path


def solution_command(shared: Path, sweep: list[Path]) -> tuple[list[str] | None, str]:
    """The command running the solution (a root-owned copy of it in ``shared``), or why there is none."""
    cpp, py = APP / "solution.cpp", APP / "solution.py"
    try:
        if cpp.is_file():
            build = fresh_dir(shared, "build")
            install(read_regular(cpp), build / "solution.cpp", 0o644)
            error = compile_cpp(build / "solution.cpp", build / "solution", untrusted=True)
            clean_up_solution(sweep)
            if not error:
                install(read_regular(build / "solution"), shared / "solution", 0o755)
            remove(build)
            return (None, error) if error else ([str(shared / "solution")], "")
        if py.is_file():
            install(read_regular(py), shared / "solution.py", 0o644)
            return [sys.executable, str(shared / "solution.py")], ""
    except OSError as exc:
        return None, f"the solution could not be read or built: {exc}"
    return None, f"no solution: write {cpp} or {py}"


def run_solution(
    command: list[str], stdin: Path | int, stdout: Path | int, box: Path, seconds: float, memory_mb: int
) -> str:
    """The solution's verdict on one test: OK, TLE, MLE or RE (the CPU time limit is the task's). ``stdin``
    and ``stdout`` are files, or (an interactive test) the descriptors of its pipes to the interactor."""

    def limit() -> None:
        no_new_privileges()
        cpu = max(1, math.ceil(seconds))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        size = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))
        resource.setrlimit(resource.RLIMIT_NPROC, (PROCESSES, PROCESSES))

    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    # stdin and stdout are files root opened: the solution holds the descriptors, and the files (root's, 0600,
    # in 0700 dirs) cannot be opened again by it through a path or /proc/self/fd
    in_fd = stdin if isinstance(stdin, int) else os.open(stdin, os.O_RDONLY | os.O_NOFOLLOW)
    out_fd = (
        stdout
        if isinstance(stdout, int)
        else os.open(stdout, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    )
    try:
        done = subprocess.run(
            command,
            stdin=in_fd,
            stdout=out_fd,
            stderr=subprocess.DEVNULL,
            preexec_fn=limit,
            timeout=seconds * 3 + 5,
            **as_solution(box),
        )
    except subprocess.TimeoutExpired:
        return "TLE"
    finally:
        for fd, given in ((in_fd, stdin), (out_fd, stdout)):
            if not isinstance(given, int):
                os.close(fd)
    used = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
    if used > seconds or done.returncode in (-9, -24):
        return "TLE"
    if done.returncode != 0:
        return "RE"
    return "OK"


def check(checker: Path, inp: Path, out: Path, ans: Path, work: Path) -> tuple[str, float, bool]:
    """The checker's verdict, score and whether the test counts, as FrontierSmith's judge has them: exit 0
    scores 1 (or its Ratio), 7 its points, 1/2/4 reject (0); a FAIL, a crash or a checker that runs out of
    time on the output counts as 0. Every test counts: the reward is the mean over all of them."""
    result = work / "result.txt"
    result.unlink(missing_ok=True)
    try:
        done = subprocess.run(
            [str(checker), str(inp), str(out), str(ans), str(result)],
            capture_output=True,
            text=True,
            timeout=CHECKER_SECONDS,
            cwd=work,
        )
    except subprocess.TimeoutExpired:  # the verifier alone runs here: its time-out is the output's doing
        return "SYSTEM_ERROR", 0.0, True
    return testlib_verdict(done.returncode, done.stderr, result)


def testlib_verdict(code: int, stderr: str, result: Path) -> tuple[str, float, bool]:
    """A testlib checker's (or interactor's) verdict from its exit code, stderr and result file (check)."""
    text = result.read_text(errors="replace") if result.exists() else ""
    if code in (0, 7):
        head = NUMBER.match(text.strip())
        line = re.search(r"^points\s+(" + NUMBER.pattern + ")", stderr, re.MULTILINE)
        ratio = re.search(r"Ratio:\s*(" + NUMBER.pattern + ")", text or stderr)
        if code == 7 and (head or line):
            value = float(head.group(0) if head else line.group(1))  # type: ignore[union-attr]
        else:
            value = float(ratio.group(1)) if ratio else float(code == 0)
        return "OK", min(1.0, max(0.0, value)) if math.isfinite(value) else 0.0, True
    if code in (1, 2, 4):
        return "INVALID", 0.0, True
    return "SYSTEM_ERROR", 0.0, True


def interact(
    command: list[str],
    interactor: Path,
    inp: Path,
    ans: Path,
    box: Path,
    work: Path,
    seconds: float,
    memory_mb: int,
) -> tuple[str, float, bool]:
    """An interactive test: the solution (its uid, its limits, in ``box``) and the interactor (root, in ``work``)
    joined by two pipes; the solution's own verdict first (it must end normally), then the interactor's, read
    as a checker's (``testlib_verdict``)."""
    result = work / "result.txt"
    result.unlink(missing_ok=True)
    to_solution, to_interactor = os.pipe(), os.pipe()
    judge = subprocess.Popen(
        [str(interactor), str(inp), str(work / "tout.txt"), str(ans), str(result)],
        stdin=to_interactor[0],
        stdout=to_solution[1],
        stderr=subprocess.PIPE,
        text=True,
        cwd=work,
        pass_fds=(),
    )
    for fd in (to_interactor[0], to_solution[1]):
        os.close(fd)
    try:
        verdict = run_solution(command, to_solution[0], to_interactor[1], box, seconds, memory_mb)
    finally:
        for fd in (to_solution[0], to_interactor[1]):
            os.close(fd)
    try:
        _, stderr = judge.communicate(timeout=CHECKER_SECONDS + seconds * 4)
    except subprocess.TimeoutExpired:
        judge.kill()
        judge.communicate()
        return "SYSTEM_ERROR", 0.0, True
    if verdict != "OK":
        return verdict, 0.0, True
    return testlib_verdict(judge.returncode, stderr, result)


def remove(*paths: Path) -> None:
    """Remove files and trees as root whatever the solution did to them (coreutils' rm has no recursion limit,
    and root needs no permission bits)."""
    if paths:
        subprocess.run(["rm", "-rf", "--one-file-system", "--", *map(str, paths)], check=False)


def kill_solution_processes() -> None:
    """Kill every process of the solution's uid, again until /proc shows none (a fork between two passes is
    caught by the next), reaping those that became ours."""
    deadline = time.monotonic() + KILL_SECONDS
    while True:
        killer = os.fork()
        if killer == 0:  # kill(-1) as the uid signals exactly the processes of the uid (but the killer)
            try:
                os.setgroups([])
                os.setresgid(SOLUTION_GID, SOLUTION_GID, SOLUTION_GID)
                os.setresuid(SOLUTION_UID, SOLUTION_UID, SOLUTION_UID)
                os.kill(-1, signal.SIGKILL)
            except ProcessLookupError:
                pass
            except BaseException:
                os._exit(2)
            os._exit(0)
        status = os.waitpid(killer, 0)[1]
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit("the verifier could not signal the solution's processes; it stopped")
        # a zombie is a process of the uid until reaped; orphans of the solution are ours (the subreaper's)
        reap_children()
        if not solution_processes():
            return
        if time.monotonic() > deadline:
            raise SystemExit("the solution's processes could not be killed; the verifier stopped")
        time.sleep(0.005)


def solution_processes() -> list[int]:
    """The processes with the solution's uid as any of their uids."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                status = Path(f"/proc/{name}/status").read_text()
            except OSError:  # gone
                continue
            uids = next((line.split()[1:] for line in status.splitlines() if line.startswith("Uid:")), [])
            if str(SOLUTION_UID) in uids:
                found.append(int(name))
    return found


def reap_children() -> None:
    """Collect every exited child (this script is the solution processes' subreaper) without waiting for any."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def shared_dirs() -> list[Path]:
    """The dirs the solution's uid can write in besides its own (/tmp, /dev/shm, ...): what it leaves there
    is removed after each run."""
    found = subprocess.run(
        ["find", "/", "/dev/shm", "/dev/mqueue", "-xdev", "-type", "d", "-perm", "-0002"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    return [Path(line) for line in found.splitlines() if line]


def clean_up_solution(sweep: list[Path]) -> None:
    """No process of the solution left, nor a file of its uid in ``sweep``."""
    kill_solution_processes()
    left: list[Path] = []
    for folder in sweep:
        try:
            with os.scandir(folder) as entries:
                left += [
                    Path(e.path) for e in entries if e.stat(follow_symlinks=False).st_uid == SOLUTION_UID
                ]
        except OSError:
            continue
    remove(*left)


def lock_down(folder: Path) -> None:
    """``folder`` and everything in it root's and closed to everyone else."""
    for path in [folder, *folder.rglob("*")]:
        os.lchown(path, 0, 0)
        if not path.is_symlink():
            os.chmod(path, stat.S_IMODE(path.lstat().st_mode) & 0o700)
    os.chmod(folder, 0o700)


def write_reward(reward: float) -> None:
    """Empty /logs/verifier, then write the reward to reward.txt and reward.json, its only files but the log
    Harbor is capturing this script's output to (kept if it is the very file our stdout writes to)."""
    LOGS.mkdir(parents=True, exist_ok=True)
    try:
        ours = os.fstat(1)
    except OSError:
        ours = None
    doomed = []
    with os.scandir(LOGS) as entries:
        for entry in entries:
            st = entry.stat(follow_symlinks=False)
            mine = (
                ours is not None
                and stat.S_ISREG(st.st_mode)
                and (st.st_dev, st.st_ino)
                == (
                    ours.st_dev,
                    ours.st_ino,
                )
            )
            if not mine:
                doomed.append(Path(entry.path))
    remove(*doomed)
    for name, text in (("reward.txt", repr(reward) + "\n"), ("reward.json", json.dumps({"reward": reward}))):
        fd = os.open(LOGS / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        with os.fdopen(fd, "w") as f:
            f.write(text)


def main() -> int:
    """Judge the agent's solution on every test and write the mean score as the reward. Returns 0 whatever the
    reward (the reward says how the solution did); exits with an error only when the verifier itself cannot work
    (its checker does not compile, it cannot become the subreaper)."""
    if os.geteuid() != 0:
        print(
            "The verifier must run as root to keep the solution from the checker and the answers; "
            "run tests/test.sh as root. Scoring 0.",
            file=sys.stderr,
        )
        write_reward(0.0)
        return 0
    if LIBC.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise SystemExit("the verifier could not become the subreaper of the solution's processes")
    lock_down(TESTS)
    seconds, memory_mb = limits()
    sweep = shared_dirs()
    clean_up_solution(sweep)  # nothing of the uid from before (the agent's session ran as root)
    private = Path(tempfile.mkdtemp(prefix="frontiersmith-"))  # 0700: the checker, the outputs
    shared = Path(tempfile.mkdtemp(prefix="frontiersmith-run-"))
    os.chmod(shared, 0o711)  # the solution's program and its work dirs, not listable
    lines: list[dict[str, Any]] = []
    why = ""
    interactive = (TESTS / "interactor.cc").is_file()  # an interactive task: an interactor, not a checker
    judge_source = TESTS / ("interactor.cc" if interactive else "chk.cc")
    try:
        error = compile_cpp(judge_source, private / "chk", include=TESTS)
        if error:
            raise SystemExit(f"the {judge_source.stem} does not compile: {error}")
        command, why = solution_command(shared, sweep)
        tests = sorted((TESTS / "testdata").glob("*.in"), key=lambda p: int(p.stem))
        for inp in tests:
            out = private / f"{inp.stem}.out"
            verdict, score, counted = "CE", 0.0, True
            if command and interactive:
                box = fresh_dir(shared, f"box-{inp.stem}")
                try:
                    verdict, score, counted = interact(
                        command,
                        private / "chk",
                        inp,
                        inp.with_suffix(".ans"),
                        box,
                        private,
                        seconds,
                        memory_mb,
                    )
                finally:
                    clean_up_solution(sweep)
                    remove(box)
            elif command:
                box = fresh_dir(shared, f"box-{inp.stem}")
                try:
                    verdict = run_solution(command, inp, out, box, seconds, memory_mb)
                finally:
                    clean_up_solution(sweep)
                    remove(box)
            if verdict == "OK" and not interactive:
                verdict, score, counted = check(private / "chk", inp, out, inp.with_suffix(".ans"), private)
            out.unlink(missing_ok=True)
            lines.append({"name": inp.stem, "verdict": verdict, "score": score, "counted": counted})
    finally:
        clean_up_solution(sweep)
        remove(private, shared)
    reward = sum(float(t["score"]) for t in lines) / len(lines) if lines else 0.0  # every test, always
    print(json.dumps({"reward": reward, "tests": lines, "compile": why}, indent=1))
    write_reward(reward)
    print(f"reward {reward!r} over {len(lines)} tests")
    return 0


if __name__ == "__main__":
    sys.exit(main())
