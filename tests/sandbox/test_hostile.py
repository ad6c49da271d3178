"""The hostile-program suite, on every backend and both routes a run can take (straight to the launcher
server, or through the in-sandbox runner): each attack is contained, with the right verdict.

A Python attack runs as a judge-side program (``ProgramRole.JUDGE``: its runs fork from the sandbox's warm
interpreter, sandbox/zygote.py, where there is one) on the fast route, and as a solution (a fresh
interpreter each run) on the runner's: each attack meets both ways a Python run can start."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from attacks import compiled_python
from sandbox_procs import sandbox_processes, top_process

from frontiersmith.models import Language, Verdict
from frontiersmith.sandbox import RunLimits, Sandbox, open_sandbox
from frontiersmith.sandbox.classify import wall_limit_ms
from frontiersmith.settings import get_settings

pytestmark = pytest.mark.anyio

TIGHT = RunLimits(time_ms=1000, memory_mb=128, output_kb=1024, processes=16, open_files=32)
# For the attacks that run into a time limit: any limit shows the containment, and a short one ends it sooner
# (the run is over at its CPU limit; a sleeper at its wall-clock backstop, 300 ms + 10 s).
SHORT = RunLimits(time_ms=300, memory_mb=128, output_kb=1024, processes=16, open_files=32)


@pytest.fixture(params=["fast", "runner"])
async def sandbox(
    sandbox_backend: str, anyio_backend: str, request: pytest.FixtureRequest
) -> AsyncIterator[Sandbox]:
    """A sandbox whose simple runs take the fast channel (see sandbox/_fast.py), or one without it."""
    fast = request.param == "fast"
    settings = get_settings().model_copy(update={"sandbox_fast_runs": fast})
    async with open_sandbox(sandbox_backend, settings) as sb:
        # the fast channel needs per-run uids: a non-root host's process sandbox has none
        expected = fast and (os.geteuid() == 0 or sandbox_backend == "docker")
        assert (getattr(sb, "_fast", None) is not None) is expected
        yield sb


def _processes_on_host_with(marker: str) -> int:
    """How many of the host's processes have ``marker`` in their command line."""
    found = 0
    for p in os.listdir("/proc"):
        if p.isdigit():
            with contextlib.suppress(OSError):
                found += marker.encode() in Path(f"/proc/{p}/cmdline").read_bytes()
    return found


async def _cpp(sb: Sandbox, code: str):
    c = await sb.compile(code, Language.CPP, name="hostile")
    assert c.ok, c.message
    return c.program


async def test_fork_bomb_is_contained_and_the_sandbox_stays_usable(sandbox: Sandbox) -> None:
    bomb = await _cpp(sandbox, "#include <unistd.h>\nint main(){ for(;;) fork(); }")
    r = await sandbox.run(bomb, limits=SHORT)
    assert r.verdict in (Verdict.TLE, Verdict.RE), (r.verdict, r.message)
    assert r.wall_ms < 60_000  # ended at a limit, however busy the machine
    ok = await compiled_python(sandbox, "print('alive')")
    after = await sandbox.run(ok, limits=TIGHT)
    assert after.verdict is Verdict.OK and after.stdout == b"alive\n"


async def test_memory_bomb_in_cpp_is_mle(sandbox: Sandbox) -> None:
    prog = await _cpp(
        sandbox,
        "#include <vector>\n#include <cstdio>\nint main(){ std::vector<char*> v;"
        " for(;;){ char* p = new char[1<<24]; for(int i=0;i<(1<<24);i+=4096) p[i]=1; v.push_back(p);} }",
    )
    r = await sandbox.run(prog, limits=RunLimits(time_ms=2000, memory_mb=64))
    assert r.verdict is Verdict.MLE, r


async def test_memory_bomb_in_python_is_mle(sandbox: Sandbox) -> None:
    prog = await compiled_python(sandbox, "blocks = []\nwhile True:\n    blocks.append(bytearray(1 << 24))\n")
    r = await sandbox.run(prog, limits=RunLimits(time_ms=2000, memory_mb=96))
    assert r.verdict is Verdict.MLE, r


async def test_infinite_loop_is_tle_by_cpu_time(sandbox: Sandbox) -> None:
    prog = await _cpp(sandbox, "int main(){ volatile unsigned long x = 0; for(;;) x++; }")
    r = await sandbox.run(prog, limits=SHORT)
    assert r.verdict is Verdict.TLE
    assert r.time_ms > 0


async def test_long_sleep_is_an_idle_tle_at_the_wall_clock_backstop(sandbox: Sandbox) -> None:
    prog = await compiled_python(sandbox, "import time\ntime.sleep(60)\n")
    r = await sandbox.run(prog, limits=SHORT)
    assert r.verdict is Verdict.TLE and "idle past the wall-clock limit" in r.message
    # stopped by the backstop (never before it: a busy machine must not cut a run short), not waited out
    assert wall_limit_ms(SHORT) <= r.wall_ms < 60_000


async def test_a_run_busy_past_its_backstop_goes_on_to_its_cpu_limit(sandbox: Sandbox) -> None:
    # a tenth of a core, as a program gets on a machine ten times oversubscribed: 1.2 s of CPU at its 12 s
    # backstop, so the wall clock must not end it (that would be the host's failure, or a time-out load made)
    prog = await _cpp(
        sandbox,
        "#include <ctime>\n#include <unistd.h>\nint main(){ for(;;){ clock_t c = clock();"
        " while (clock() - c < CLOCKS_PER_SEC / 100) {} usleep(90000); } }",
    )
    limits = RunLimits(time_ms=2000, memory_mb=128, output_kb=1024, processes=16, open_files=32)
    r = await sandbox.run(prog, limits=limits)
    # ended by its CPU limit (the cgroup's count, or the kernel's SIGXCPU), past its backstop
    assert r.verdict is Verdict.TLE and "idle" not in r.message, r
    assert r.wall_ms > wall_limit_ms(limits)


async def test_child_that_outlives_its_parent_does_not_survive_into_the_next_run(sandbox: Sandbox) -> None:
    marker = "4242.25"  # an unusual sleep length we can look for in every process table
    prog = await _cpp(
        sandbox,
        "#include <unistd.h>\nint main(){ if(fork()==0){ setsid(); if(fork()==0){"
        f' execl("/bin/sleep","sleep","{marker}",(char*)0); }} }} return 0; }}',
    )
    r = await sandbox.run(prog, limits=TIGHT)
    assert r.verdict is Verdict.OK
    assert r.wall_ms < 2000
    look = await compiled_python(
        sandbox,
        "import os\nn = 0\nfor p in os.listdir('/proc'):\n"
        "    if p.isdigit():\n        try:\n"
        f"            n += b'{marker}' in open(f'/proc/{{p}}/cmdline','rb').read()\n"
        "        except OSError:\n            pass\nprint(n)\n",
    )
    later = await sandbox.run(look, limits=TIGHT)
    assert later.verdict is Verdict.OK and later.stdout == b"0\n"
    assert _processes_on_host_with(marker) == 0


async def test_network_connect_to_a_host_loopback_listener_never_arrives(sandbox: Sandbox) -> None:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.setblocking(False)
    port = listener.getsockname()[1]
    try:
        prog = await compiled_python(
            sandbox,
            "import socket\ntry:\n"
            f"    socket.create_connection(('127.0.0.1', {port}), timeout=1).sendall(b'leak')\n"
            "    print('connected')\nexcept OSError as e:\n    print('refused', type(e).__name__)\n",
        )
        r = await sandbox.run(prog, limits=TIGHT)
        assert r.verdict is Verdict.OK
        assert r.stdout.startswith(b"refused")
        with pytest.raises(BlockingIOError):
            listener.accept()
    finally:
        listener.close()


async def test_files_outside_the_work_dir_cannot_be_read(sandbox: Sandbox, tmp_path: Path) -> None:
    store = tmp_path / "store"
    store.mkdir()
    secret = store / "secret.txt"
    secret.write_text("TOP-SECRET")
    secret.chmod(0o644)
    for p in (tmp_path, store):
        p.chmod(0o755)
    home = Path.home()
    prog = await compiled_python(
        sandbox,
        "import os\nfor path in [" + repr(str(secret)) + "]:\n"
        "    try:\n        print(open(path).read())\n    except OSError as e:\n        print('denied', type(e).__name__)\n"
        "try:\n    print(os.listdir("
        + repr(str(home))
        + "))\nexcept OSError as e:\n    print('denied', type(e).__name__)\n",
    )
    r = await sandbox.run(prog, limits=TIGHT)
    assert r.verdict is Verdict.OK
    assert b"TOP-SECRET" not in r.stdout
    assert r.stdout.count(b"denied") == 2, r.stdout


async def test_writing_outside_the_work_dir_fails(sandbox: Sandbox, tmp_path: Path) -> None:
    tmp_path.chmod(0o777)
    targets = [
        str(tmp_path / "planted"),
        "/tmp/planted",
        "/usr/planted",
        "/box/planted",
        "/box/progs/planted",
        "/etc/planted",
    ]
    prog = await compiled_python(
        sandbox,
        f"for path in {targets!r}:\n    try:\n        open(path, 'w').write('x')\n        print('wrote', path)\n"
        "    except OSError:\n        print('denied')\n",
    )
    r = await sandbox.run(prog, limits=TIGHT)
    assert r.verdict is Verdict.OK
    assert r.stdout.count(b"denied") == len(targets), r.stdout
    assert not (tmp_path / "planted").exists()


async def test_a_gigabyte_of_output_is_ole_and_capped(sandbox: Sandbox) -> None:
    prog = await _cpp(
        sandbox,
        "#include <cstdio>\n#include <cstring>\nint main(){ static char b[1<<20]; memset(b,'x',sizeof b);"
        " for(int i=0;i<1024;i++) fwrite(b,1,sizeof b,stdout); }",
    )
    r = await sandbox.run(prog, limits=RunLimits(time_ms=2000, memory_mb=128, output_kb=1024))
    assert r.verdict is Verdict.OLE
    assert len(r.stdout) <= 1024 * 1024


async def test_want_files_never_follow_a_symlink_out_of_the_work_dir(sandbox: Sandbox) -> None:
    prog = await compiled_python(sandbox, "import os\nos.symlink('/etc/passwd', 'output.txt')\n")
    r = await sandbox.run(prog, want_files=["output.txt"], limits=TIGHT)
    assert "output.txt" not in r.files
    assert "did not write output.txt" in r.message


async def test_nothing_carries_over_between_runs(sandbox: Sandbox) -> None:
    writer = await compiled_python(
        sandbox,
        "import os\nopen('left.txt','w').write('x')\n"
        "for d in ('/dev/shm', os.environ.get('TMPDIR', '.')):\n"
        "    try:\n        open(os.path.join(d, 'left-shm.txt'), 'w').write('x')\n    except OSError:\n        pass\n",
    )
    assert (await sandbox.run(writer, limits=TIGHT)).verdict is Verdict.OK
    reader = await compiled_python(
        sandbox,
        "import os\nprint(os.path.exists('left.txt'), os.path.exists('/dev/shm/left-shm.txt'), sorted(os.listdir('.')))\n",
    )
    r = await sandbox.run(reader, limits=TIGHT)
    assert r.stdout == b"False False []\n"


async def test_output_printed_to_both_streams_is_just_output(sandbox: Sandbox) -> None:
    prog = await compiled_python(sandbox, "import sys\nprint('Ratio: 1')\nprint('ok', file=sys.stderr)\n")
    r = await sandbox.run(prog, limits=TIGHT)
    assert r.verdict is Verdict.OK
    assert r.stdout == b"Ratio: 1\n" and r.stderr == "ok\n"


# -- runs against each other: what one run relies on, no other run can touch (issue: reward integrity) --

_REPLACE_PROGRAMS = r"""
import os, stat
hits = []
for root, dirs, files in os.walk('/box'):
    for name in files:
        path = os.path.join(root, name)
        for how in ('write', 'rename', 'chmod', 'unlink'):
            try:
                if how == 'write':
                    with open(path, 'wb') as fh:
                        fh.write(b'#!/bin/sh\necho pwned\n')
                elif how == 'rename':
                    with open(path + '.new', 'wb') as fh:
                        fh.write(b'#!/bin/sh\necho pwned\n')
                    os.chmod(path + '.new', 0o755)
                    os.replace(path + '.new', path)
                elif how == 'chmod':
                    os.chmod(path, 0o777)
                else:
                    os.unlink(path)
                hits.append(how + ' ' + path)
            except OSError:
                pass
    for name in dirs:
        try:
            os.rename(os.path.join(root, name), os.path.join(root, name + '-moved'))
            hits.append('moved ' + name)
        except OSError:
            pass
print(len(hits), hits[:5])
"""


async def test_a_run_cannot_replace_or_remove_another_program(sandbox: Sandbox) -> None:
    honest = await _cpp(sandbox, '#include <cstdio>\nint main(){ puts("honest"); }')
    checker = await compiled_python(sandbox, "print('honest')\n")
    attacker = await compiled_python(sandbox, _REPLACE_PROGRAMS)
    r = await sandbox.run(attacker, limits=TIGHT)
    assert r.verdict is Verdict.OK, r
    for prog in (honest, checker, attacker):
        again = await sandbox.run(prog, limits=TIGHT)
        assert again.verdict is Verdict.OK, again
        assert b"pwned" not in again.stdout
    assert (await sandbox.run(honest, limits=TIGHT)).stdout == b"honest\n"
    assert (await sandbox.run(checker, limits=TIGHT)).stdout == b"honest\n"


async def test_a_run_cannot_read_the_files_of_a_concurrent_run(sandbox: Sandbox) -> None:
    """The checker's answer file sits in its run dir while a solution runs beside it."""
    secret = "ANSWER-7f3a9c"
    holder = await compiled_python(sandbox, "import time\nopen('answer.txt').read()\ntime.sleep(1.5)\n")
    snoop = await compiled_python(
        sandbox,
        # the secret is joined from two halves at run time, so neither the snoop's own source nor its
        # bytecode holds it (Python folds two constants added together into one)
        f"import os, stat, time\nfound = []\nsecret = ''.join([{secret[:7]!r}, {secret[7:]!r}])\ntime.sleep(0.4)\n"
        "for root, dirs, files in os.walk('/'):\n"
        "    if root.startswith(('/proc', '/sys', '/usr', '/etc', '/lib', '/bin', '/sbin')):\n"
        "        dirs[:] = []\n        continue\n"
        "    for name in files:\n        if not stat.S_ISREG(os.lstat(os.path.join(root, name)).st_mode):\n            continue\n"
        "        try:\n"
        "            if secret.encode() in open(os.path.join(root, name), 'rb').read(1 << 20):\n"
        "                found.append(os.path.join(root, name))\n"
        "        except OSError:\n            pass\n"
        "for pid in [p for p in os.listdir('/proc') if p.isdigit()]:\n"
        "    for fd in os.listdir(f'/proc/{pid}/fd') if os.access(f'/proc/{pid}/fd', os.R_OK) else []:\n"
        "        try:\n"
        "            if secret.encode() in open(f'/proc/{pid}/fd/{fd}', 'rb').read(1 << 20):\n"
        "                found.append(pid)\n"
        "        except OSError:\n            pass\n"
        "print(found)\n",
    )
    held, snooped = await asyncio.gather(
        sandbox.run(holder, files={"answer.txt": secret.encode()}, limits=TIGHT),
        sandbox.run(snoop, limits=RunLimits(time_ms=3000, memory_mb=128)),
    )
    assert held.verdict is Verdict.OK, held
    assert snooped.verdict is Verdict.OK, snooped
    assert secret.encode() not in snooped.stdout, snooped.stdout
    assert snooped.stdout == b"[]\n"


async def test_a_run_that_kills_everything_it_can_reach_hurts_only_itself(sandbox: Sandbox) -> None:
    killer = await _cpp(sandbox, "#include <signal.h>\nint main(){ kill(-1, SIGKILL); return 0; }")
    r = await sandbox.run(killer, limits=TIGHT)
    assert r.verdict in (Verdict.OK, Verdict.RE), r
    ok = await compiled_python(sandbox, "print('alive')")
    after = await sandbox.run(ok, limits=TIGHT)
    assert after.verdict is Verdict.OK and after.stdout == b"alive\n"


async def test_a_setsid_daemon_dies_with_its_run_and_never_touches_a_later_run(sandbox: Sandbox) -> None:
    """The daemon waits for the next run and then tries to replace its program: it must be gone by then."""
    victim = await compiled_python(sandbox, "print('honest')\n")
    marker = "4343.75"
    daemon = await compiled_python(
        sandbox,
        "import os, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
        "        os.closerange(0, 3)\n        time.sleep(0.6)\n"
        "        for root, dirs, files in os.walk('/box'):\n            for n in files:\n"
        "                try:\n                    open(os.path.join(root, n), 'wb').write(b'#!/bin/sh\\necho pwned\\n')\n"
        "                except OSError:\n                    pass\n"
        f"        os.execl('/bin/sleep', 'sleep', '{marker}')\n"
        "    os._exit(0)\nprint('left a daemon')\n",
    )
    r = await sandbox.run(daemon, limits=TIGHT)
    assert r.verdict is Verdict.OK, r
    await asyncio.sleep(1.0)
    later = await sandbox.run(victim, limits=TIGHT)
    assert later.verdict is Verdict.OK and later.stdout == b"honest\n", later
    assert _processes_on_host_with(marker) == 0


async def test_a_run_cannot_read_another_programs_source_or_binary(sandbox: Sandbox) -> None:
    """A verifier's source (say, a catalog verifier's) and binaries stay unreadable to solutions."""
    verifier = await compiled_python(
        sandbox, "# VERIFIER-SOURCE-91c2\nimport sys\nprint('verdict', sys.argv[1:])\n"
    )
    binary = await _cpp(sandbox, '#include <cstdio>\nint main(){ puts("BINARY-MARK-55e1"); }')
    snoop = await compiled_python(
        sandbox,
        "import os\nseen = []\nfor root, dirs, files in os.walk('/box'):\n    for n in files:\n"
        "        try:\n            data = open(os.path.join(root, n), 'rb').read()\n"
        "        except OSError:\n            continue\n"
        "        for mark in (b''.join([b'VERIFIER-', b'SOURCE-91c2']), b''.join([b'BINARY-', b'MARK-55e1'])):\n"
        "            if mark in data:\n                seen.append(n)\nprint(seen)\n",
    )
    r = await sandbox.run(snoop, limits=TIGHT)
    assert r.verdict is Verdict.OK and r.stdout == b"[]\n", r
    ran = await sandbox.run(verifier, args=["a", "b"], limits=TIGHT)  # its own run still reads it
    assert ran.verdict is Verdict.OK and ran.stdout == b"verdict ['a', 'b']\n", ran
    assert (await sandbox.run(binary, limits=TIGHT)).stdout == b"BINARY-MARK-55e1\n"


# -- every run alone: a run's leftovers, its network and its daemons never reach the next run --

# A tree deeper than any recursive removal goes (Python's stops at 1,000 levels): mkdir + chdir, one level at
# a time, since a path that long is past PATH_MAX.
_DEEP_TREE = "import os\nfor _ in range(5000):\n    os.mkdir('d')\n    os.chdir('d')\nprint('deep')\n"

# Fill the box inside a dir the run then makes unreadable to its own uid: files of 1 MiB (the output limit
# caps each file) until the space (or the run's memory) runs out, then a last page's worth.
_FILL_LOCKED = (
    "import os\nos.mkdir('locked')\nn = 0\nfor size in (1 << 20, 4096, 512):\n    while True:\n"
    "        try:\n            with open(f'locked/{n}', 'wb') as fh:\n                fh.write(b'x' * size)\n"
    "            n += 1\n        except OSError:\n            break\n"
    "os.chmod('locked', 0)\nprint('filled', n)\n"
)
# What a checker does after a solution's run: write a result file and some stderr.
_WRITE_A_MIB = (
    "import sys\nwith open('result.txt', 'wb') as fh:\n    fh.write(b'r' * (1 << 20))\n"
    "sys.stderr.write('e' * 4096)\nprint('wrote')\n"
)
ROOMY = RunLimits(time_ms=8000, memory_mb=256, output_kb=1024, processes=16, open_files=32)


async def test_a_run_that_leaves_a_5000_deep_tree_does_not_stop_later_runs(sandbox: Sandbox) -> None:
    deep = await compiled_python(sandbox, _DEEP_TREE)
    ok = await compiled_python(sandbox, "import os\nprint(sorted(os.listdir('.')))\n")
    for _ in range(2):  # twice: the slot (and uid) the first tree's run had is met again
        r = await sandbox.run(deep, limits=ROOMY)
        assert r.verdict is Verdict.OK and r.stdout == b"deep\n", r
        for _ in range(3):
            after = await sandbox.run(ok, limits=TIGHT)
            assert after.verdict is Verdict.OK and after.stdout == b"[]\n", after
    # the runner's own route too (a fast run's dir is taken back by the runner as well)
    files = await sandbox.run(ok, files={"x.txt": b"x"}, limits=TIGHT)
    assert files.verdict is Verdict.OK and files.stdout == b"['x.txt']\n", files


async def test_a_run_that_fills_the_box_in_a_locked_dir_leaves_the_next_run_its_space(
    sandbox: Sandbox,
) -> None:
    fill = await compiled_python(sandbox, _FILL_LOCKED)
    checker = await compiled_python(sandbox, _WRITE_A_MIB)
    r = await sandbox.run(fill, limits=ROOMY)
    assert r.verdict in (Verdict.OK, Verdict.MLE, Verdict.RE), r
    for _ in range(2):
        after = await sandbox.run(checker, want_files=["result.txt"], limits=TIGHT)
        assert after.verdict is Verdict.OK and after.stdout == b"wrote\n", after
        assert after.files["result.txt"] == b"r" * (1 << 20)
        assert after.stderr == "e" * 4096


# One program, two roles: "listen" holds a loopback TCP port, an abstract unix socket, a SysV shared memory
# segment and a message queue for a few seconds (printing "accepted" if anyone reaches it); "probe" tries to
# reach each for as long and prints what it reached, or "alone".
_MEET = r"""
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <unistd.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/msg.h>
static const int PORT = 47113, KEY = 0x4711;
static const char NAME[] = "\0fs-every-run-alone";
static double now() { timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static int tcp(bool serve) {
    int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{}; a.sin_family = AF_INET; a.sin_port = htons(PORT); a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (serve) return bind(s, (sockaddr*)&a, sizeof a) == 0 && listen(s, 4) == 0 ? s : -1;
    int ok = connect(s, (sockaddr*)&a, sizeof a) == 0; close(s); return ok;
}
static int unix_sock(bool serve) {
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un a{}; a.sun_family = AF_UNIX; memcpy(a.sun_path, NAME, sizeof NAME - 1);
    socklen_t n = offsetof(sockaddr_un, sun_path) + sizeof NAME - 1;
    if (serve) return bind(s, (sockaddr*)&a, n) == 0 && listen(s, 4) == 0 ? s : -1;
    int ok = connect(s, (sockaddr*)&a, n) == 0; close(s); return ok;
}
int main(int argc, char** argv) {
    bool serve = argc > 1 && !strcmp(argv[1], "listen");
    double end = now() + 4;
    if (serve) {
        int t = tcp(true), u = unix_sock(true);
        int shm = shmget(KEY, 4096, IPC_CREAT | 0666), msg = msgget(KEY, IPC_CREAT | 0666);
        printf("listening %d %d %d %d\n", t >= 0, u >= 0, shm >= 0, msg >= 0); fflush(stdout);
        pollfd p[2] = {{t, POLLIN, 0}, {u, POLLIN, 0}};
        while (now() < end) if (poll(p, 2, 50) > 0) { puts("accepted"); return 0; }
        puts("nobody came"); return 0;
    }
    while (now() < end) {
        char got[64] = "";
        if (tcp(false)) strcat(got, " tcp");
        if (unix_sock(false)) strcat(got, " unix");
        if (shmget(KEY, 0, 0) >= 0) strcat(got, " shm");
        if (msgget(KEY, 0) >= 0) strcat(got, " msg");
        if (*got) { printf("reached%s\n", got); return 0; }
        usleep(20000);
    }
    puts("alone"); return 0;
}
"""


async def test_runs_share_no_loopback_unix_socket_or_sysv_ipc(sandbox: Sandbox) -> None:
    meet = await _cpp(sandbox, _MEET)
    held, probed = await asyncio.gather(
        sandbox.run(meet, args=["listen"], limits=TIGHT), sandbox.run(meet, args=["probe"], limits=TIGHT)
    )
    assert held.verdict is Verdict.OK and probed.verdict is Verdict.OK, (held, probed)
    # each run has all of them to itself (nothing refuses it a port or a key another run holds)
    assert held.stdout == b"listening 1 1 1 1\nnobody came\n", held
    assert probed.stdout == b"alone\n", probed
    later = await sandbox.run(meet, args=["probe"], limits=TIGHT)  # nor do its IPC objects outlive it
    assert later.verdict is Verdict.OK and later.stdout == b"alone\n", later


# Daemons that take a while to die: each holds (touched) memory the kernel must give back as it exits. The
# program waits until every daemon is set up, then returns.
_SLOW_TO_DIE = r"""
#include <cstdlib>
#include <cstring>
#include <unistd.h>
int main() {
    int p[2];
    if (pipe(p)) return 1;
    for (int i = 0; i < 6; i++) {
        if (fork() == 0) {
            setsid();
            if (fork() == 0) {
                size_t n = 48u << 20;
                char* m = (char*)malloc(n);
                if (m) memset(m, 1, n);
                write(p[1], "x", 1);
                for (;;) pause();
            }
            _exit(0);
        }
    }
    char c;
    for (int i = 0; i < 6; i++) read(p[0], &c, 1);
    return 0;
}
"""


async def test_a_runs_daemons_are_gone_before_its_reply_arrives(sandbox: Sandbox) -> None:
    slow = await _cpp(sandbox, _SLOW_TO_DIE)
    marker = "daemon-4747"
    top = top_process(sandbox)
    for _ in range(3):
        r = await sandbox.run(
            slow, args=[marker], limits=RunLimits(time_ms=3000, memory_mb=256, processes=32)
        )
        alive = []  # looked at the moment the reply is in: a zombie's command line reads empty
        for pid in sandbox_processes(sandbox, top):
            with contextlib.suppress(OSError):
                if marker.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                    alive.append(pid)
        assert r.verdict is Verdict.OK, r
        assert alive == [], f"{len(alive)} of the run's processes outlived its reply"


def test_the_runners_teardown_removes_any_tree_a_run_can_leave_and_nothing_outside_it(tmp_path: Path) -> None:
    """What the runner deletes a run's dir with (as root, and as the run's own uid where runs share it)."""
    from frontiersmith.sandbox.teardown import remove_tree

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("keep")
    run = tmp_path / "run"
    run.mkdir()
    here = os.open(run, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for _ in range(5000):  # past any recursion limit and PATH_MAX
            os.mkdir("d", dir_fd=here)
            below = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=here)
            os.close(here)
            here = below
        os.symlink(str(outside), "link", dir_fd=here)
    finally:
        os.close(here)
    locked = run / "locked"
    (locked / "inner").mkdir(parents=True)
    for i in range(50):
        (locked / "inner" / f"{i}").write_bytes(b"x")
    os.mkfifo(locked / "fifo")
    os.symlink(str(outside), run / "out")
    (locked / "inner").chmod(0)
    locked.chmod(0)
    assert remove_tree(str(run)) is True
    assert not run.exists()
    assert (outside / "keep.txt").read_text() == "keep"
    assert remove_tree(str(run)) is True  # already gone
