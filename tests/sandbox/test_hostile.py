"""The hostile-program suite, on every backend and both routes a run can take (straight to the launcher
server, or through the in-sandbox runner): each attack is contained, with the right verdict.

A Python attack runs as a judge-side program (a verifier's name: its runs fork from the sandbox's warm
interpreter, sandbox/zygote.py, where there is one) on the fast route, and as a solution (a fresh
interpreter each run) on the runner's: each attack meets both ways a Python run can start."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from frontiersmith.models import Language, Verdict
from frontiersmith.sandbox import RunLimits, Sandbox, open_sandbox
from frontiersmith.settings import get_settings

pytestmark = pytest.mark.anyio

TIGHT = RunLimits(time_ms=1000, memory_mb=128, output_kb=1024, processes=16, open_files=32)
# For the attacks that run into a time limit: any limit shows the containment, and a short one ends it sooner
# (the wall-clock limit is 2 x 300 ms + 1 s).
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


async def _py(sb: Sandbox, code: str):
    name = "verifier" if sb.settings.sandbox_fast_runs else "hostile"
    c = await sb.compile(code, Language.PYTHON, name=name)
    assert c.ok, c.message
    return c.program


async def _cpp(sb: Sandbox, code: str):
    c = await sb.compile(code, Language.CPP, name="hostile")
    assert c.ok, c.message
    return c.program


async def test_fork_bomb_is_contained_and_the_sandbox_stays_usable(sandbox: Sandbox) -> None:
    bomb = await _cpp(sandbox, "#include <unistd.h>\nint main(){ for(;;) fork(); }")
    started = time.monotonic()
    r = await sandbox.run(bomb, limits=SHORT)
    assert r.verdict in (Verdict.TLE, Verdict.RE)
    assert time.monotonic() - started < 15
    ok = await _py(sandbox, "print('alive')")
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
    prog = await _py(sandbox, "blocks = []\nwhile True:\n    blocks.append(bytearray(1 << 24))\n")
    r = await sandbox.run(prog, limits=RunLimits(time_ms=2000, memory_mb=96))
    assert r.verdict is Verdict.MLE, r


async def test_infinite_loop_is_tle_by_cpu_time(sandbox: Sandbox) -> None:
    prog = await _cpp(sandbox, "int main(){ volatile unsigned long x = 0; for(;;) x++; }")
    r = await sandbox.run(prog, limits=SHORT)
    assert r.verdict is Verdict.TLE
    assert r.time_ms > 0


async def test_long_sleep_is_tle_by_wall_clock(sandbox: Sandbox) -> None:
    prog = await _py(sandbox, "import time\ntime.sleep(60)\n")
    started = time.monotonic()
    r = await sandbox.run(prog, limits=SHORT)
    assert r.verdict is Verdict.TLE
    assert "wall-clock" in r.message
    assert time.monotonic() - started < 10


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
    look = await _py(
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
        prog = await _py(
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
    prog = await _py(
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
    prog = await _py(
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
    prog = await _py(sandbox, "import os\nos.symlink('/etc/passwd', 'output.txt')\n")
    r = await sandbox.run(prog, want_files=["output.txt"], limits=TIGHT)
    assert "output.txt" not in r.files
    assert "did not write output.txt" in r.message


async def test_nothing_carries_over_between_runs(sandbox: Sandbox) -> None:
    writer = await _py(
        sandbox,
        "import os\nopen('left.txt','w').write('x')\n"
        "for d in ('/dev/shm', os.environ.get('TMPDIR', '.')):\n"
        "    try:\n        open(os.path.join(d, 'left-shm.txt'), 'w').write('x')\n    except OSError:\n        pass\n",
    )
    assert (await sandbox.run(writer, limits=TIGHT)).verdict is Verdict.OK
    reader = await _py(
        sandbox,
        "import os\nprint(os.path.exists('left.txt'), os.path.exists('/dev/shm/left-shm.txt'), sorted(os.listdir('.')))\n",
    )
    r = await sandbox.run(reader, limits=TIGHT)
    assert r.stdout == b"False False []\n"


async def test_output_printed_to_both_streams_is_just_output(sandbox: Sandbox) -> None:
    prog = await _py(sandbox, "import sys\nprint('Ratio: 1')\nprint('ok', file=sys.stderr)\n")
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
    checker = await _py(sandbox, "print('honest')\n")
    attacker = await _py(sandbox, _REPLACE_PROGRAMS)
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
    holder = await _py(sandbox, "import time\nopen('answer.txt').read()\ntime.sleep(1.5)\n")
    snoop = await _py(
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
    ok = await _py(sandbox, "print('alive')")
    after = await sandbox.run(ok, limits=TIGHT)
    assert after.verdict is Verdict.OK and after.stdout == b"alive\n"


async def test_a_setsid_daemon_dies_with_its_run_and_never_touches_a_later_run(sandbox: Sandbox) -> None:
    """The daemon waits for the next run and then tries to replace its program: it must be gone by then."""
    victim = await _py(sandbox, "print('honest')\n")
    marker = "4343.75"
    daemon = await _py(
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
    verifier = await _py(sandbox, "# VERIFIER-SOURCE-91c2\nimport sys\nprint('verdict', sys.argv[1:])\n")
    binary = await _cpp(sandbox, '#include <cstdio>\nint main(){ puts("BINARY-MARK-55e1"); }')
    snoop = await _py(
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
