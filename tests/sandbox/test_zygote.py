"""The warm interpreter (sandbox/zygote.py): the judge's own Python programs start as forks of one
pre-started interpreter per sandbox, and such a run is an ordinary run of its program; solutions never
share it. Root hosts only (a non-root host's runs get namespaces of their own and always a fresh exec);
the hostile suite runs its Python attacks warm on one of its two routes (tests/sandbox/test_hostile.py)."""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path

import pytest
from sandbox_procs import sandbox_processes

from frontiersmith.models import Language, Verdict
from frontiersmith.sandbox import ProgramRole, RunLimits, Sandbox, open_sandbox
from frontiersmith.sandbox.programs import ZYGOTE_MAIN
from frontiersmith.settings import get_settings

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.skipif(
        os.geteuid() != 0, reason="runs get uids of their own, and a warm interpreter, only as root"
    ),
]

LIMITS = RunLimits(time_ms=2000, memory_mb=256)

# What a program can see of how it was started: everything but its uid and dir, which differ per run anyway.
PROBE = r"""
import atexit, os, resource, sys, __main__
atexit.register(lambda: print("atexit ran"))
data = sys.stdin.read()
print(sys.argv, sys.orig_argv[1:4], sys.flags.isolated, sys.flags.no_site)
print(sorted(os.environ), os.environ["HOME"] == os.getcwd())
print(sorted(os.listdir("/proc/self/fd")), os.getsid(0) == os.getpid())
print(sorted(k for k in vars(__main__) if not k.startswith("__")), __name__)
for s in (sys.stdin, sys.stdout, sys.stderr):
    print(s.name, s.mode, s.encoding, s.errors, s.line_buffering, s.write_through, s.seekable())
print(repr(data), [resource.getrlimit(r) for r in (0, 1, 7)])
sys.stdout.flush()
if sys.argv[1:] == ["raise"]:
    raise KeyError("boom")
sys.exit(int(sys.argv[1]) if sys.argv[1:] else 0)
"""

HASH = "print(hash('frontiersmith'))"


def _settings(warm: bool):
    return get_settings().model_copy(update={"sandbox_warm_python": warm})


async def _program(sb: Sandbox, code: str, name: str):
    """``code`` compiled as ``name``: the judge's own (``ProgramRole.JUDGE``) for a verifier or a validator."""
    role = ProgramRole.JUDGE if name in ("verifier", "validator") else ProgramRole.SOLUTION
    compiled = await sb.compile(code, Language.PYTHON, name=name, role=role)
    assert compiled.ok and compiled.program is not None, compiled.message
    return compiled.program


def _zygotes(sb: Sandbox) -> list[int]:
    """The host pids of ``sb``'s warm interpreters: its processes whose command line carries ZYGOTE_MAIN."""
    marker = ZYGOTE_MAIN.split("\n", 1)[0].encode()
    found = []
    for p in sandbox_processes(sb):
        with contextlib.suppress(OSError):
            if marker in Path(f"/proc/{p}/cmdline").read_bytes():
                found.append(p)
    return found


async def _hashes(sb: Sandbox, program, n: int = 2) -> list[bytes]:
    out = []
    for _ in range(n):
        r = await sb.run(program, limits=LIMITS)
        assert r.verdict is Verdict.OK, r
        out.append(r.stdout)
    return out


async def test_a_warm_run_is_an_ordinary_run_of_its_program(sandbox_backend: str) -> None:
    """Streams, argv, environment, fds, __main__, limits, atexit, exit codes and tracebacks: the same whether
    the verifier's run is forked from the warm interpreter or exec'd afresh."""
    seen: dict[bool, list[tuple]] = {}
    for warm in (True, False):
        async with open_sandbox(sandbox_backend, _settings(warm)) as sb:
            verifier = await _program(sb, PROBE, "verifier")
            seen[warm] = []
            for args, files in (((), None), (("3",), {"in.txt": b"x"}), (("raise",), None)):
                r = await sb.run(verifier, stdin=b"caf\xc3\xa9\n", args=args, files=files, limits=LIMITS)
                seen[warm].append((r.verdict, r.exit_code, r.signal, r.stdout, r.stderr))
    assert seen[True] == seen[False]
    ok, three, raised = seen[True]
    assert ok[:2] == (Verdict.OK, 0) and b"atexit ran" in ok[3] and "'café\\n'" in ok[3].decode()
    assert three[:2] == (Verdict.RE, 3)
    assert raised[:2] == (Verdict.RE, 1)
    assert 'File "<string>", line 7, in <module>' in raised[4] and "KeyError: 'boom'" in raised[4]


async def test_verifiers_share_the_warm_interpreter_and_solutions_never_do(sandbox_backend: str) -> None:
    """The string-hash secret is an interpreter's own: forks of one share it, fresh interpreters do not. A
    solution gets a fresh one every run, so it cannot learn the secret of the verifier that scores it."""
    async with open_sandbox(sandbox_backend, _settings(True)) as sb:
        verifier = await _program(sb, HASH, "verifier")
        solution = await _program(sb, HASH, "solution")
        warm = await _hashes(sb, verifier, 3)
        assert len(set(warm)) == 1
        cold = await _hashes(sb, solution, 3)
        assert len(set(cold)) == 3 and warm[0] not in cold
    async with open_sandbox(sandbox_backend, _settings(False)) as sb:  # off: every run is exec'd
        verifier = await _program(sb, HASH, "verifier")
        assert len(set(await _hashes(sb, verifier, 3))) == 3


async def test_a_warm_run_cannot_touch_the_warm_interpreter(sandbox_backend: str) -> None:
    """It runs as root in the sandbox; a run (its own uid, no fd of it) can neither signal it nor read it,
    and the runs after stay warm."""
    attack = r"""
import os, signal
hits = []
for p in os.listdir("/proc"):
    if not p.isdigit():
        continue
    try:
        cmd = open(f"/proc/{p}/cmdline", "rb").read()
    except OSError:
        continue
    if b"_z['serve']" in cmd and int(p) != os.getpid():
        for what, act in (("kill", lambda: os.kill(int(p), signal.SIGKILL)),
                          ("mem", lambda: open(f"/proc/{p}/mem", "rb").read(1)),
                          ("fd", lambda: os.listdir(f"/proc/{p}/fd"))):
            try:
                act()
                hits.append(what)
            except OSError:
                pass
print(sorted(os.listdir("/proc/self/fd")), hits)
"""
    async with open_sandbox(sandbox_backend, _settings(True)) as sb:
        verifier = await _program(sb, HASH, "verifier")
        before = await _hashes(sb, verifier, 1)
        r = await sb.run(await _program(sb, attack, "validator"), limits=LIMITS)
        assert r.verdict is Verdict.OK and r.stdout == b"['0', '1', '2', '3'] []\n", r
        r = await sb.run(await _program(sb, attack, "solution"), limits=LIMITS)
        assert r.verdict is Verdict.OK and r.stdout == b"['0', '1', '2', '3'] []\n", r
        assert await _hashes(sb, verifier, 2) == before * 2


async def test_the_warm_interpreter_starts_at_the_first_warm_run_and_once(sandbox_backend: str) -> None:
    """A sandbox that runs no judge-side Python program never starts one; once it dies, runs start afresh."""
    async with open_sandbox(sandbox_backend, _settings(True)) as sb:
        verifier = await _program(sb, HASH, "verifier")
        await _hashes(sb, await _program(sb, HASH, "solution"), 1)
        assert _zygotes(sb) == []
        assert len(set(await _hashes(sb, verifier, 2))) == 1
        (zygote,) = _zygotes(sb)
        os.kill(zygote, signal.SIGKILL)
        after = await _hashes(sb, verifier, 3)  # each exec'd: three secrets
        assert len(set(after)) == 3
        assert _zygotes(sb) == []
