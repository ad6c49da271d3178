"""The launcher server (sandbox/fs_exec.c) and the fast channel that skips the runner (sandbox/_fast.py)."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import anyio
import pytest
from sandbox_procs import sandbox_processes

from frontiersmith.models import Language, Verdict
from frontiersmith.sandbox import RunLimits, Sandbox, open_sandbox
from frontiersmith.settings import get_settings

pytestmark = pytest.mark.anyio

TIGHT = RunLimits(time_ms=1000, memory_mb=128, output_kb=64, processes=16, open_files=32)

# (name, language, code, stdin): between them every verdict a simple run can get
PROGRAMS = [
    (
        "ok",
        Language.CPP,
        '#include <cstdio>\nint main(){int x; scanf("%d",&x); printf("%d\\n", 2*x);}',
        b"21\n",
    ),
    ("stderr", Language.PYTHON, "import sys\nprint('out')\nprint('err', file=sys.stderr)\n", b""),
    ("exit-3", Language.PYTHON, "raise SystemExit(3)", b""),
    ("abort", Language.CPP, "#include <cstdlib>\nint main(){ abort(); }", b""),
    ("spin", Language.CPP, "int main(){ volatile unsigned long x = 0; for(;;) x++; }", b""),
    ("sleep", Language.PYTHON, "import time\ntime.sleep(30)", b""),
    ("flood", Language.CPP, '#include <cstdio>\nint main(){ for(;;) puts("yyyyyyyyyyyyyyyy"); }', b""),
    ("hog", Language.PYTHON, "b = []\nwhile True:\n    b.append(bytearray(1 << 24))\n", b""),
    (
        "env",
        Language.PYTHON,
        "import os\nprint(os.getcwd() == os.environ['HOME'] == os.environ['TMPDIR'])",
        b"",
    ),
]


def _settings(fast: bool) -> Any:
    return get_settings().model_copy(update={"sandbox_fast_runs": fast})


async def _judge_all(backend: str, fast: bool) -> dict[str, tuple]:
    seen = {}
    async with open_sandbox(backend, _settings(fast)) as sb:
        assert (getattr(sb, "_fast", None) is not None) is fast

        async def judge(name: str, language: Language, code: str, stdin: bytes) -> None:
            c = await sb.compile(code, language, name=name)
            assert c.ok, c.message
            r = await sb.run(c.program, stdin=stdin, limits=TIGHT)
            # the last line of stderr: a traceback names the program's dir, which differs per sandbox; a
            # time-out's signal is the limit that struck first (the CPU's SIGXCPU, or the wall clock's SIGKILL
            # when a loaded machine gives the spinner under a third of a core), so only that one of them did
            sig = r.signal in (signal.SIGXCPU, signal.SIGKILL) if r.verdict is Verdict.TLE else r.signal
            seen[name] = (r.verdict, r.exit_code, sig, r.stdout[:64], r.stderr.splitlines()[-1:])

        # all at once, as a judge runs them: the spinner's and the sleeper's limits then run out together
        async with anyio.create_task_group() as tg:
            for program in PROGRAMS:
                tg.start_soon(judge, *program)
    return seen


async def test_simple_runs_skip_the_runner_and_get_the_same_results(sandbox_backend: str) -> None:
    seen: dict[bool, dict[str, tuple]] = {}

    async def judge_all(fast: bool) -> None:
        seen[fast] = await _judge_all(sandbox_backend, fast)

    async with anyio.create_task_group() as tg:
        tg.start_soon(judge_all, True)
        tg.start_soon(judge_all, False)
    fast, slow = seen[True], seen[False]
    assert fast == slow
    verdicts = {name: v[0] for name, v in fast.items()}
    assert verdicts == {
        "ok": Verdict.OK,
        "stderr": Verdict.OK,
        "exit-3": Verdict.RE,
        "abort": Verdict.RE,
        "spin": Verdict.TLE,
        "sleep": Verdict.TLE,
        "flood": Verdict.OLE,
        "hog": Verdict.MLE,
        "env": Verdict.OK,
    }
    assert fast["ok"][3] == b"42\n" and fast["stderr"][4] == ["err"] and fast["env"][3] == b"True\n"
    assert fast["spin"][2] is True and fast["sleep"][2] is True  # killed at a limit, by signal


async def test_every_fast_run_starts_in_a_fresh_empty_dir(sandbox: Sandbox) -> None:
    assert getattr(sandbox, "_fast", None) is not None
    c = await sandbox.compile(
        "import os\nprint(os.getcwd(), sorted(os.listdir('.')))\nopen('mine.txt', 'w').write('x')\n",
        Language.PYTHON,
    )
    seen = [(await sandbox.run(c.program, limits=TIGHT)).stdout.split() for _ in range(12)]
    assert all(listing == b"[]" for _, listing in seen)
    assert len({cwd for cwd, _ in seen}) == 12


def _launcher_pid(sb: Any) -> int:
    """The launcher server's host pid: the fs-exec process whose parent is the runner."""
    for pid in sandbox_processes(sb):
        with contextlib.suppress(OSError):
            parent = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
            if os.readlink(f"/proc/{pid}/exe").endswith("/fs-exec") and "python" in os.readlink(
                f"/proc/{parent}/exe"
            ):
                return pid
    raise AssertionError("no launcher server found")


def _state(pid: int) -> str | None:
    """The process's state letter (Z: exited, not yet reaped), or None once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


async def test_a_killed_launcher_fails_its_runs_and_the_sandbox_keeps_judging(sandbox: Sandbox) -> None:
    sleeper = await sandbox.compile("import time\ntime.sleep(30)", Language.PYTHON, name="sleeper")
    doubler = await sandbox.compile("print(2 * int(input()))", Language.PYTHON, name="doubler")
    results = []

    async def in_flight() -> None:
        results.append(await sandbox.run(sleeper.program, limits=RunLimits(time_ms=20000)))

    with anyio.fail_after(60):
        async with anyio.create_task_group() as tg:
            tg.start_soon(in_flight)
            await anyio.sleep(1.0)
            pid = _launcher_pid(sandbox)
            os.kill(pid, signal.SIGKILL)
        assert results[0].verdict is Verdict.SYSTEM_ERROR and "launcher" in results[0].message
        # The host hears of the death when the server's sockets close, a moment before it has exited (under
        # load, long enough for the next run to be handed to the dying server): judge on once it is gone.
        while _state(pid) not in ("Z", None):
            await anyio.sleep(0.01)
        after = await sandbox.run(doubler.program, stdin=b"21\n", limits=TIGHT)
    assert after.verdict is Verdict.OK and after.stdout == b"42\n"
    assert not sandbox._fast.alive  # type: ignore[attr-defined]


@pytest.fixture
def launcher(tmp_path: Path) -> Any:
    """The runner's own Launcher class, driving a launcher server on the host (needs root for setuid)."""
    if os.geteuid() != 0:
        pytest.skip("the launcher gives each run its own uid, which needs root")
    from frontiersmith.sandbox import launcher as runner_launcher
    from frontiersmith.sandbox.bootstrap import host_launcher

    binary = host_launcher()
    assert binary is not None, "no C compiler for the launcher"
    path = tmp_path / "fs-exec"
    path.write_bytes(binary)
    path.chmod(0o755)
    server = runner_launcher.Launcher(str(path))
    server.unread = []
    server.base = Path(tempfile.mkdtemp(prefix="fs-launcher-test-"))  # run uids may enter it (0711)
    server.base.chmod(0o711)
    yield server
    server.close()
    shutil.rmtree(server.base, ignore_errors=True)


def _report(server: Any, want: bytes) -> list[bytes]:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        server.unread += server.reports() or []
        for fields in server.unread:
            if fields[0] == want:
                server.unread.remove(fields)
                return fields
        time.sleep(0.01)
    raise AssertionError(f"no {want!r} report")


def _run(server: Any, argv: list[str], uid: int) -> int:
    work = Path(tempfile.mkdtemp(dir=server.base))
    os.chown(work, uid, uid)
    fds = [os.open(os.devnull, os.O_RDWR) for _ in range(3)]
    try:
        run = SimpleNamespace(uid=uid, dir=str(work), fds=fds)
        return server.start(run, argv, {"PATH": "/usr/bin:/bin"}, (2, 256 << 20, 1 << 20, 16, 32))
    finally:
        for fd in fds:
            os.close(fd)


def test_launcher_reports_the_exit_with_whether_anything_of_the_run_was_left(launcher: Any) -> None:
    uid = 200_000 + secrets.randbelow(100_000)
    token = _run(launcher, ["/bin/sh", "-c", "exit 7"], uid)
    x = _report(launcher, b"X")
    assert int(x[1]) == token and os.WEXITSTATUS(int(x[2])) == 7
    assert x[-1] == b"1"  # ALONE, the report's last field


def test_launcher_kills_what_a_run_left_behind_before_it_reports_the_run(launcher: Any) -> None:
    uid = 300_000 + secrets.randbelow(100_000)
    marker = f"{1000 + secrets.randbelow(1000)}.125"
    _run(launcher, ["/bin/sh", "-c", f"setsid sleep {marker} & exit 0"], uid)
    x = _report(launcher, b"X")
    # looked at the moment the report is in: the daemon was there, and is gone already
    alive = [p for p in os.listdir("/proc") if p.isdigit() and _cmdline_has(p, marker)]
    assert alive == [] and x[-1] == b"1"


def _cmdline_has(pid: str, text: str) -> bool:
    with contextlib.suppress(OSError):
        return text.encode() in Path(f"/proc/{pid}/cmdline").read_bytes()
    return False


def test_launcher_refuses_a_malformed_request_without_dying(launcher: Any) -> None:
    launcher.sock.send(b"R\x007\x00")  # no streams, no fields
    assert _report(launcher, b"E")[1] == b"7"
    uid = 400_000 + secrets.randbelow(100_000)
    token = _run(launcher, ["/bin/true"], uid)
    assert int(_report(launcher, b"X")[1]) == token


async def test_fast_channel_socket_is_gone_once_the_launcher_took_it(sandbox_backend: str) -> None:
    async with open_sandbox(sandbox_backend, _settings(True)) as sb:
        fast = sb._fast  # type: ignore[attr-defined]
        assert fast is not None and fast.alive
        assert not os.path.exists(fast.path)
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        with pytest.raises(OSError):
            probe.connect(fast.path)
        probe.close()


async def test_many_concurrent_simple_runs_each_get_their_own_answer(
    sandbox_backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from frontiersmith.sandbox import backend

    # fewer staged dirs than runs at once: some find none free and go through the runner instead
    monkeypatch.setattr(backend, "fast_spares", lambda settings: 2)
    async with open_sandbox(sandbox_backend) as sandbox:
        await _many_concurrent_runs(sandbox)


async def test_concurrent_simple_runs_all_on_the_fast_channel(sandbox: Sandbox) -> None:
    await _many_concurrent_runs(sandbox)


async def _many_concurrent_runs(sandbox: Sandbox) -> None:
    c = await sandbox.compile(
        '#include <cstdio>\n#include <unistd.h>\nint main(){int x; scanf("%d",&x); usleep(20000); printf("%d\\n", 2*x);}',
        Language.CPP,
        name="slow-doubler",
    )
    results: dict[int, bytes] = {}

    async def one(i: int) -> None:
        r = await sandbox.run(c.program, stdin=f"{i}\n".encode(), limits=TIGHT)
        assert r.verdict is Verdict.OK, r
        results[i] = r.stdout

    with anyio.fail_after(60):
        for _ in range(2):
            async with anyio.create_task_group() as tg:
                for i in range(48):
                    tg.start_soon(one, i)
    assert results == {i: f"{2 * i}\n".encode() for i in range(48)}
    assert sandbox._fast.alive  # type: ignore[attr-defined]
