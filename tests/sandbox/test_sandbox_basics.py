"""Ordinary programs on every backend: compile once, run many times, verdicts, files, concurrency, failures."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import anyio
import pytest

from frontiersmith.errors import SandboxError
from frontiersmith.models import Language, Verdict
from frontiersmith.sandbox import ProgramRole, RunLimits, Sandbox, open_sandbox
from frontiersmith.settings import Settings

pytestmark = pytest.mark.anyio

TIGHT = RunLimits(time_ms=1000, memory_mb=128, output_kb=1024, processes=16, open_files=32)
DOUBLER = (
    '#include <cstdio>\nint main(){ long long x; if(scanf("%lld",&x)!=1) return 3; printf("%lld\\n", 2*x); }'
)


async def test_cpp_program_compiles_once_and_runs_with_correct_output(sandbox: Sandbox) -> None:
    c = await sandbox.compile(DOUBLER, Language.CPP, name="sol")
    assert c.verdict is Verdict.OK and c.program is not None
    for x in (1, 21, -5):
        r = await sandbox.run(c.program, stdin=f"{x}\n".encode(), limits=TIGHT)
        assert r.verdict is Verdict.OK
        assert r.stdout == f"{2 * x}\n".encode()
        assert r.exit_code == 0 and r.memory_kb > 0 and r.wall_ms > 0


async def test_stores_sharing_a_compile_cache_dir_compile_each_program_once(
    sandbox_backend: str, tmp_path: Path
) -> None:
    shared = tmp_path / "compiled"
    first, second = (Settings(data_dir=tmp_path / d, compile_cache_dir=shared) for d in ("a", "b"))
    tripler = DOUBLER.replace("2*x", "3*x")

    def binaries() -> set[str]:  # beside them: the precompiled header's folder (sandbox/pch.py)
        return {p.name for p in shared.iterdir() if p.is_file()}

    async with open_sandbox(sandbox_backend, first) as sb:
        assert (await sb.compile(DOUBLER, Language.CPP)).ok
        doubler_key = binaries()
        assert (await sb.compile(tripler, Language.CPP)).ok
    (tripler_key,) = binaries() - doubler_key
    assert len(doubler_key) == 1 and not (tmp_path / "a" / "cache").exists()
    # The tripler's binary under the doubler's key: the second store's compile of the doubler comes from the
    # shared folder (it triples), not from a g++ of its own.
    (shared / doubler_key.pop()).write_bytes((shared / tripler_key).read_bytes())
    async with open_sandbox(sandbox_backend, second) as sb:
        c = await sb.compile(DOUBLER, Language.CPP)
        assert c.program is not None
        r = await sb.run(c.program, stdin=b"7\n", limits=TIGHT)
    assert r.stdout == b"21\n"


HOLD_AND_PUT = """
import fcntl, os, sys, time
lock, binary, data = sys.argv[1], sys.argv[2], open(sys.argv[3], "rb").read()
fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(1.0)
open(binary, "wb").write(data)
os.unlink(lock)
"""


async def test_a_source_compiling_elsewhere_is_waited_for_not_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same source compiled at once by two sandboxes, or by another process, runs g++ once: the second
    waits on the source's lock in the compile cache and takes the first's binary (and no lock is left)."""
    import subprocess
    import sys

    from frontiersmith.sandbox.backend import RunnerSandbox

    shared = tmp_path / "compiled"
    first, second = (Settings(data_dir=tmp_path / d, compile_cache_dir=shared) for d in ("a", "b"))
    compiles: list[str] = []
    real = RunnerSandbox._compile

    async def counted(self: RunnerSandbox, code: str, *args: object) -> object:
        compiles.append(code)
        return await real(self, code, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(RunnerSandbox, "_compile", counted)
    quadrupler = DOUBLER.replace("2*x", "4*x")
    async with open_sandbox("process", first) as a, open_sandbox("process", second) as b:
        results: list[object] = []

        async def compile_in(sb: Sandbox) -> None:
            results.append(await sb.compile(quadrupler, Language.CPP))

        async with anyio.create_task_group() as tg:
            tg.start_soon(compile_in, a)
            tg.start_soon(compile_in, b)
        assert compiles == [quadrupler]
        for sb, c in zip((a, b), results, strict=True):
            assert c.program is not None  # type: ignore[attr-defined]
            assert (await sb.run(c.program, stdin=b"5\n", limits=TIGHT)).stdout == b"20\n"  # type: ignore[attr-defined]

        # Another process holds the doubler's lock and then leaves the tripler's binary under its key: the
        # compile waits for it and takes that binary (it triples) rather than compiling the doubler itself.
        tripler = DOUBLER.replace("2*x", "3*x")
        assert (await a.compile(tripler, Language.CPP)).ok
        key, tripler_key = (a._compile_cache_key(code, Language.CPP) for code in (DOUBLER, tripler))  # type: ignore[attr-defined]
        built = tmp_path / "tripler.bin"
        built.write_bytes((shared / tripler_key).read_bytes())
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLD_AND_PUT, str(shared / f"{key}.lock"), str(shared / key), str(built)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        c = await b.compile(DOUBLER, Language.CPP)
        assert holder.wait(timeout=30) == 0
        assert c.program is not None
        assert (await b.run(c.program, stdin=b"7\n", limits=TIGHT)).stdout == b"21\n"
    assert compiles == [quadrupler, tripler]
    assert not list(shared.glob("*.lock"))


async def test_python_bytecode_is_cached_by_source_in_a_shared_compile_cache_dir(
    sandbox_backend: str, tmp_path: Path
) -> None:
    """A Python program's compile step runs once per source (and interpreter: the key holds its bytecode
    magic), whatever store or sandbox asks; a program that does not compile is never cached."""
    shared = tmp_path / "compiled"
    first, second = (Settings(data_dir=tmp_path / d, compile_cache_dir=shared) for d in ("a", "b"))

    def cached() -> set[str]:
        return {p.name for p in shared.iterdir() if p.is_file()} if shared.exists() else set()

    async with open_sandbox(sandbox_backend, first) as sb:
        assert (await sb.compile("print(2)", Language.PYTHON)).ok
        two = cached()
        assert (await sb.compile("print(3)", Language.PYTHON)).ok
        (three,) = cached() - two
        bad = await sb.compile("print(", Language.PYTHON)
        assert bad.verdict is Verdict.CE and "SyntaxError" in bad.message
        assert cached() == two | {three}
    assert (shared / three).read_bytes()[16:]  # past the .pyc header: the code itself
    # the print(3) bytecode under print(2)'s key: the second store's compile of print(2) comes from the cache
    (shared / two.pop()).write_bytes((shared / three).read_bytes())
    async with open_sandbox(sandbox_backend, second) as sb:
        c = await sb.compile("print(2)", Language.PYTHON, name="verifier", role=ProgramRole.JUDGE)
        assert c.program is not None and c.program.warm
        assert (await sb.run(c.program, limits=TIGHT)).stdout == b"3\n"
        again = await sb.compile("print(", Language.PYTHON)
        assert again.verdict is Verdict.CE and again.message == bad.message


async def test_a_python_run_gets_the_standard_library_alone_and_keeps_exit(sandbox: Sandbox) -> None:
    # no site: the host's site-packages and .pth hooks stay out of every run, on both backends alike
    code = "import sys\nprint(sys.flags.no_site, [p for p in sys.path if 'packages' in p])\nexit(4)\n"
    c = await sandbox.compile(code, Language.PYTHON)
    assert c.program is not None
    r = await sandbox.run(c.program, limits=TIGHT)
    assert (r.verdict, r.exit_code, r.stdout) == (Verdict.RE, 4, b"1 []\n"), r.stderr
    quits = await sandbox.compile("quit()", Language.PYTHON)
    assert quits.program is not None
    assert (await sandbox.run(quits.program, limits=TIGHT)).verdict is Verdict.OK


async def test_python_program_gets_args_and_files_and_returns_wanted_files(sandbox: Sandbox) -> None:
    code = (
        "import sys\nname_in, name_out = sys.argv[1], sys.argv[2]\n"
        "data = open(name_in, 'rb').read()\nopen(name_out, 'wb').write(data[::-1])\nprint(sys.argv[3:])\n"
    )
    c = await sandbox.compile(code, Language.PYTHON, name="gen")
    assert c.ok and c.program is not None
    assert c.program.source is not None and c.program.source.endswith(
        ".pyc"
    )  # compiled once, run as bytecode
    r = await sandbox.run(
        c.program,
        args=["input.txt", "output.txt", "sparse", "3"],
        files={"input.txt": b"abc\x00\xff"},
        want_files=["output.txt", "never.txt"],
        limits=TIGHT,
    )
    assert r.verdict is Verdict.OK
    assert r.stdout == b"['sparse', '3']\n"
    assert r.files == {"output.txt": b"\xff\x00cba"}


async def test_cpp_compile_error_is_ce_with_the_compiler_message(sandbox: Sandbox) -> None:
    c = await sandbox.compile("int main(){ return undefined_name; }", Language.CPP)
    assert c.verdict is Verdict.CE and c.program is None
    assert "undefined_name" in c.message


BAD_PYTHON = {
    "syntax": "def broken(:\n    pass\n",
    "indent": "if 1:\npass\n",
    "tabs": "if 1:\n\tx = 1\n        y = 2\n",
    "null byte": "x = 1\x00\n",
    "late future": "x = 1\nfrom __future__ import annotations\n",
    "too deep": "(" * 300 + ")" * 300 + "\n",
}
PY_COMPILE_SAYS = (  # what `python -m py_compile main.py` reports, run by the sandbox's own interpreter
    "import py_compile, sys\ntry:\n py_compile.compile('main.py', doraise=True)\n"
    "except py_compile.PyCompileError as e:\n sys.stdout.write(e.msg)\n"
)


@pytest.mark.parametrize("source", BAD_PYTHON.values(), ids=BAD_PYTHON.keys())
async def test_python_compile_error_is_ce_with_what_py_compile_says(sandbox: Sandbox, source: str) -> None:
    c = await sandbox.compile(source, Language.PYTHON)
    assert c.verdict is Verdict.CE and c.program is None
    probe = await sandbox.compile(PY_COMPILE_SAYS, Language.PYTHON)
    assert probe.program is not None
    said = await sandbox.run(probe.program, files={"main.py": source.encode()}, limits=TIGHT)
    assert said.verdict is Verdict.OK and said.stdout, said.stderr
    assert c.message.strip() == said.stdout.decode().strip()


async def test_runtime_errors_are_re(sandbox: Sandbox) -> None:
    c = await sandbox.compile("raise SystemExit(3)", Language.PYTHON)
    r = await sandbox.run(c.program, limits=TIGHT)
    assert r.verdict is Verdict.RE and r.exit_code == 3
    c = await sandbox.compile("#include <cstdlib>\nint main(){ abort(); }", Language.CPP)
    r = await sandbox.run(c.program, limits=TIGHT)
    assert r.verdict is Verdict.RE and r.signal == signal.SIGABRT


async def test_concurrent_runs_in_one_sandbox_each_get_their_own_answer(sandbox: Sandbox) -> None:
    c = await sandbox.compile(DOUBLER, Language.CPP, name="sol")
    results: dict[int, bytes] = {}

    async def one(i: int) -> None:
        r = await sandbox.run(c.program, stdin=f"{i}\n".encode(), files={"input.txt": b"x"}, limits=TIGHT)
        assert r.verdict is Verdict.OK
        results[i] = r.stdout

    async with anyio.create_task_group() as tg:
        for i in range(24):
            tg.start_soon(one, i)
    assert results == {i: f"{2 * i}\n".encode() for i in range(24)}


async def test_a_dead_runner_is_system_error_and_never_a_hang(sandbox: Sandbox) -> None:
    c = await sandbox.compile("print(1)", Language.PYTHON)
    if sandbox.backend == "process":
        os.killpg(sandbox._proc.pid, signal.SIGKILL)  # type: ignore[attr-defined]
    else:
        await anyio.to_thread.run_sync(lambda: sandbox._client.api.kill(sandbox._container_id))  # type: ignore[attr-defined]
    with anyio.fail_after(30):
        while True:  # its processes die a moment after the kill: a run handed over in that moment still runs
            r = await sandbox.run(c.program, limits=TIGHT)
            if r.verdict is not Verdict.OK:
                break
            assert r.stdout == b"1\n"
            await anyio.sleep(0.05)
    assert r.verdict is Verdict.SYSTEM_ERROR, r


async def test_process_backend_without_bwrap_refuses_to_judge_as_a_non_root_user(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without bwrap a non-root host has nothing to keep runs apart (one uid, no namespaces): no judging."""
    from frontiersmith.sandbox import process

    monkeypatch.setattr(process, "bwrap_path", lambda: None)
    monkeypatch.setattr(process.os, "geteuid", lambda: 1000)
    with pytest.raises(SandboxError, match="refuses to judge.*bubblewrap"):
        async with open_sandbox("process"):
            pass


def test_temp_dirs_left_by_a_killed_process_are_removed_by_the_next(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys

    from frontiersmith.sandbox import _tempdirs

    script = (
        "import asyncio, sys, time\nfrom frontiersmith.sandbox import open_sandbox\n"
        "async def main():\n    async with open_sandbox('process'):\n"
        "        print('up', flush=True)\n        time.sleep(60)\nasyncio.run(main())\n"
    )
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, env=env)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == b"up\n"
        left = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(_tempdirs.KINDS))
        assert left, "the sandbox made no temp dir"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert all((tmp_path / name).is_dir() for name in left)  # SIGKILL: nothing cleaned up
    assert sorted(_tempdirs.sweep_stale(str(tmp_path))) == left
    assert not any(p.name.startswith(_tempdirs.KINDS) for p in tmp_path.iterdir())


async def test_process_backend_without_bwrap_still_runs_programs_as_root(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As root, runs still get uids of their own without bwrap (no namespaces: a warning says so)."""
    from frontiersmith.sandbox import process

    if os.geteuid() != 0:
        pytest.skip("runs get uids of their own only as root")
    monkeypatch.setattr(process, "bwrap_path", lambda: None)
    async with open_sandbox("process") as sb:
        assert not sb.isolated  # type: ignore[attr-defined]
        c = await sb.compile("import sys\nprint(sys.stdin.read().upper())", Language.PYTHON)
        r = await sb.run(c.program, stdin=b"hi", limits=TIGHT)
    assert r.verdict is Verdict.OK and r.stdout == b"HI\n"


async def test_the_bubblewrap_fallback_warning_is_printed_once_not_once_per_sandbox(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from frontiersmith.sandbox import backend, process

    if os.geteuid() != 0:
        pytest.skip("the fallback exists only as root")
    monkeypatch.setattr(process, "bwrap_path", lambda: None)
    monkeypatch.setattr(backend, "_WARNED", set())
    for _ in range(3):
        async with open_sandbox("process"):
            pass
    warned = [r for r in caplog.records if "bwrap not found" in r.getMessage()]
    assert len(warned) == 1


async def test_unknown_backend_is_a_one_sentence_error() -> None:
    with pytest.raises(SandboxError, match="Unknown sandbox backend"):
        async with open_sandbox("vm"):
            pass


async def test_docker_backend_with_a_missing_image_says_how_to_build_it(docker_required: None) -> None:
    settings = Settings(sandbox_image="frontiersmith-sandbox-missing:none")
    with pytest.raises(SandboxError, match="build-image"):
        async with open_sandbox("docker", settings):
            pass


async def test_docker_container_is_removed_on_close_and_on_error(docker_required: None) -> None:
    import docker

    client = docker.from_env()
    try:
        with pytest.raises(RuntimeError):
            async with open_sandbox("docker") as sb:
                cid = sb._container_id  # type: ignore[attr-defined]
                assert client.containers.get(cid)
                raise RuntimeError("boom")
        with pytest.raises(docker.errors.NotFound):
            client.containers.get(cid)
    finally:
        client.close()


async def test_launcher_is_built_inside_the_sandbox_when_the_host_has_no_compiler(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from frontiersmith.sandbox import backend

    monkeypatch.setattr(backend, "host_launcher", lambda: None)
    async with open_sandbox("process") as sb:
        assert sb.launcher is not None  # type: ignore[attr-defined]
        c = await sb.compile(DOUBLER, Language.CPP)
        r = await sb.run(c.program, stdin=b"4", limits=TIGHT)
    assert r.stdout == b"8\n"
    assert 0 < r.memory_kb < 8000  # measured from the small launcher, not the Python runner


async def test_runs_still_work_without_the_launcher(monkeypatch: pytest.MonkeyPatch) -> None:
    from frontiersmith.sandbox import backend

    async def no_launcher(self: object) -> None:
        return None

    monkeypatch.setattr(backend.RunnerSandbox, "_install_launcher", no_launcher)
    async with open_sandbox("process") as sb:
        c = await sb.compile(DOUBLER, Language.CPP)
        ok = await sb.run(c.program, stdin=b"4", limits=TIGHT)
        loop = await sb.compile("while True: pass", Language.PYTHON)
        tle = await sb.run(loop.program, limits=TIGHT)
    assert ok.stdout == b"8\n" and tle.verdict is Verdict.TLE


async def test_docker_container_is_removed_when_the_task_is_cancelled(docker_required: None) -> None:
    import docker

    from frontiersmith.models import Language as Lang

    seen: dict[str, str] = {}
    with anyio.move_on_after(6):
        async with open_sandbox("docker") as sb:
            seen["cid"] = sb._container_id  # type: ignore[attr-defined]
            c = await sb.compile("import time\ntime.sleep(60)", Lang.PYTHON)
            await sb.run(c.program, limits=RunLimits(time_ms=30000))
    client = docker.from_env()
    try:
        with pytest.raises(docker.errors.NotFound):
            client.containers.get(seen["cid"])
    finally:
        client.close()
